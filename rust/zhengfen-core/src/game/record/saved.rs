//! The saved game (RULES.md §12.7): the rules, how the game began, every decision, and the
//! state they reach (random state, hands, history), so that a reader can check the replay.

use super::json::to_json;
use crate::cardset::CardSet;
use crate::game::{Decision, Event, Game, Setup};
use crate::rules::Rules;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// The `"format"` of a saved game.
pub const FORMAT: &str = "zhengfen-game";
/// The `"version"` of the format this crate writes and reads.
pub const VERSION: i64 = 1;

/// A game as saved, field by field in the order written (RULES.md §12.7).
#[derive(Clone, Debug, Serialize)]
pub struct SavedGame<'a> {
    /// Always [`FORMAT`].
    pub format: &'static str,
    /// Always [`VERSION`].
    pub version: i64,
    /// The game and its own options.
    pub rules: &'a Rules,
    /// How the game began: `{"seed": n}` or `{"hands": […], "leader": s, "seed": n}`.
    pub setup: &'a Setup,
    /// Every decision, `next_match` included.
    pub decisions: &'a [Decision],
    /// The state of the random stream.
    pub rng_state: u64,
    /// The hands now, by seat.
    pub hands: Vec<CardSet>,
    /// Every event so far.
    pub history: &'a [Event],
}

impl<'a> SavedGame<'a> {
    /// The record of `game`.
    pub fn of(game: &'a Game) -> SavedGame<'a> {
        SavedGame {
            format: FORMAT,
            version: VERSION,
            rules: game.rules(),
            setup: game.setup(),
            decisions: game.decisions(),
            rng_state: game.rng().state,
            hands: (0..usize::from(game.rules().players))
                .map(|seat| game.hand(seat))
                .collect(),
            history: game.history(),
        }
    }

    /// The record as JSON text, as Python's `json.dumps` writes it.
    pub fn to_json(&self) -> String {
        to_json(self)
    }
}

impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match self {
            Setup::Seed(seed) => map.serialize_entry("seed", seed)?,
            Setup::Hands {
                hands,
                leader,
                seed,
            } => {
                map.serialize_entry("hands", hands)?;
                map.serialize_entry("leader", leader)?;
                map.serialize_entry("seed", seed)?;
            }
        }
        map.end()
    }
}

impl Game {
    /// The saved game (RULES.md §12.7) as JSON text; [`Game::from_json`] reads it back.
    pub fn to_json(&self) -> String {
        SavedGame::of(self).to_json()
    }
}
