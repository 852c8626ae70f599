//! The rules core of zhengfen: cards, card sets, combinations, comparison and legal moves for
//! the climbing card games Zheng Fen and Zen Cheng You, as stated in the project's `RULES.md`,
//! the game itself match after match, agents, batches of games and the tensors learners read.
//!
//! The main types and functions are re-exported here, so that a user needs one `use`; the
//! modules stay public for the rest (and say what each owns).
//!
//! ```
//! use zhengfen_core::{classify, legal_moves, parse_cards};
//! use zhengfen_core::{Decision, Game, Move, Phase, Rules, Variant};
//! let rules = Rules::zheng_fen(4).unwrap();
//! let readings = classify(parse_cards("8c 8d 8h Ah 2h", 1).unwrap(), &rules);
//! assert_eq!(readings[0].to_string(), "full_house 8 1: 8c 8d 8h Ah 2h");
//! let leads = legal_moves(parse_cards("3c 3d", 1).unwrap(), None, &rules).unwrap();
//! assert_eq!(leads.len(), 3); // 3c, 3d, and the pair
//!
//! let mut game = Game::new(Variant::ZenChengYou.rules(), 7);
//! while let Some(&first) = game.legal_moves().first() {
//!     game.play(first).unwrap();
//! }
//! assert_eq!(game.phase(), Phase::MatchOver);
//! assert_eq!(game.decisions()[0], Decision::Move(Move::Blind)); // the first move listed
//! assert_eq!(game.scores().len(), game.rules().sides()); // the two teams
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agents;
pub mod batch;
pub mod cancel;
pub mod card;
pub mod cardset;
pub mod classify;
pub mod combo;
pub mod compare;
pub mod deal;
pub mod encode;
pub mod error;
pub mod game;
pub mod learned;
pub mod movegen;
pub mod names;
pub mod notation;
pub mod rules;
pub mod seed;

pub use agents::{Agent, Choose, Greedy, Ismcts, Learned, Search, Sparta, Turn};
pub use batch::seating::seating;
pub use batch::{rollouts, rollouts_until, Episode, Rollout, RolloutConfig, VecConfig, VecGame};
pub use cancel::Cancel;
pub use card::{Card, Suit};
pub use cardset::CardSet;
pub use classify::{classify, no_reading, read_combo, strongest, validate, NoReading};
pub use combo::{Combo, Kind};
pub use compare::beats;
pub use deal::deal;
pub use encode::{observation, observation_size};
pub use error::{Error, Result};
#[cfg(feature = "serde")]
pub use game::record::SavedGame;
pub use game::refusal::Refusal;
pub use game::{Decision, Declaration, Event, Game, Move, Phase, Setup};
pub use learned::{Decisions, Model};
pub use movegen::{legal_moves, MAX_HAND};
pub use notation::{parse_card, parse_cards, parse_combo};
pub use rules::{
    LeadAfterOut, NextLeader, OptionName, OptionValue, Rules, Tie, Variant, MAX_PLAYERS, MAX_TARGET,
};
pub use seed::{agent_seed, deal_seed, derive_seed, SplitMix64};
