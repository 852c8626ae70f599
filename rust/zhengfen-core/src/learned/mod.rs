//! Learned agents: models in the formats `zhengfen-dmc-1` and `zhengfen-dmc-2` (AI.md §7) and
//! their inference.
//!
//! A model estimates Q(state, move), the mover's [`Game::match_result`] at the end of the
//! match if `move` is played now, with a small MLP over the encodings of [`crate::encode`].
//! [`model`] owns the file format (loading, checking, saving) and [`container`] the safetensors
//! file that holds it, [`features`] the inputs assembled from a game, [`decisions`] those of many
//! decisions gathered for one pass, [`forward`] the arithmetic (the state half of the first layer
//! once per decision, then each move's row: sums of the weight rows of the nonzero inputs),
//! [`shipped`] the models embedded in the core. The agent that plays with a model is
//! [`crate::agents::Learned`].
//!
//! ```
//! use zhengfen_core::learned::{testing, Decisions};
//! use zhengfen_core::{Game, Rules};
//! let rules = Rules::zheng_fen(4).unwrap();
//! let model = testing::random_model(&rules, 2, &[16, 8], 1);
//! let game = Game::new(rules, 3);
//! let moves = game.legal_moves();
//! let q = model.q_values(&game, &moves);
//! assert_eq!(q.len(), moves.len());
//! // The same decision in a batch of two gives the same values.
//! let mut batch = Decisions::new(&model);
//! batch.push(&game, &moves);
//! batch.push(&game, &moves[..1]);
//! let both = model.q_batch(&batch);
//! assert_eq!(&both[..moves.len()], &q[..]);
//! ```
//!
//! [`Game::match_result`]: crate::game::Game::match_result

pub mod container;
pub mod decisions;
pub mod features;
pub mod forward;
pub mod model;
pub mod shipped;
pub mod testing;

pub use decisions::Decisions;
pub use features::{state_features, state_size};
pub use model::{Model, Tensor, FORMAT, FORMAT_2, MAX_HISTORY_ROWS};
pub use shipped::{shipped, shipped_models};
