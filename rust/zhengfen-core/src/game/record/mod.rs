//! A game's records as data (feature `serde`): the events of the history (RULES.md §12.6), a
//! seat's observation, what a seat (or an observer) sees at each point of the game
//! ([`Visible`], [`unfold`]), and the saved game (§12.7), written and read as JSON.
//!
//! Every record is plain serde data: [`Event`](super::Event), [`Observation`] and
//! [`SavedGame`] serialize with exactly the keys and values of RULES.md (cards, combinations and
//! moves as their notation, phases and declarations by name). [`Game::to_json`] writes the saved
//! game in the layout of Python's `json.dumps`, so that both implementations write the same
//! bytes; [`Game::from_json`] (or [`load`] for parsed JSON) replays its decisions from its setup
//! and checks that the random state, the hands and the history it reaches are the ones stored:
//! anything else is [`Error::InvalidState`](crate::error::Error::InvalidState), and nothing is
//! loaded.
//!
//! ```
//! use zhengfen_core::game::{Game, Phase};
//! use zhengfen_core::rules::Rules;
//! let mut game = Game::new(Rules::zen_cheng_you(), 7);
//! while game.phase() != Phase::MatchOver {
//!     let first = game.legal_moves()[0];
//!     game.play(first).unwrap();
//! }
//! let text = game.to_json();
//! assert!(text.starts_with(r#"{"format": "zhengfen-game", "version": 1, "rules": {"game": "zen_cheng_you""#));
//! let loaded = Game::from_json(&text).unwrap();
//! assert_eq!(loaded.scores(), game.scores());
//! assert_eq!(loaded.to_json(), text);
//! let tampered = text.replace(r#""rng_state": "#, r#""rng_state": 1"#);
//! assert!(Game::from_json(&tampered).is_err());
//! ```

mod breakdown;
mod catalogue;
mod json;
mod load;
mod observation;
mod options;
mod saved;
mod stake;
mod text;
mod unfold;
mod visible;

pub use breakdown::{Breakdown, TeamScore};
pub use catalogue::{GameOffer, OptionOffer, Stakes};
pub use json::to_json;
pub use load::load;
pub use observation::{Observation, Seated};
pub use options::refuse_huge_int;
pub use saved::{SavedGame, FORMAT, VERSION};
pub use stake::Stake;
pub use unfold::unfold;
pub use visible::{SeatSeen, Viewer, Visible};

#[cfg(doc)]
use super::Game;
