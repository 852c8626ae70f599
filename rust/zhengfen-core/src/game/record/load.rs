//! Loading a saved game (RULES.md §12.7): read the fields, replay the decisions from the setup,
//! and check that the replay reaches the stored random state, hands and history. Anything else
//! is an [`Error::InvalidState`] saying what is wrong, and nothing is loaded.

use super::options;
use super::saved::{FORMAT, VERSION};
use crate::error::{Error, Result};
use crate::game::{Game, Setup};
use crate::notation::parse_cards;
use crate::rules::Rules;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The invalid-state error of a saved game.
fn invalid(why: impl std::fmt::Display) -> Error {
    Error::state(format!("invalid saved game: {why}"))
}

/// The invalid-state error of a saved game whose decisions do not replay, naming the decision
/// at fault as the replay did.
fn replay_refused(error: Error) -> Error {
    match error {
        Error::InvalidState {
            decision: Some(i), ..
        } => invalid(&error).with_decision(i),
        other => invalid(other),
    }
}

/// The field `name` of `object`, read as `T`.
fn field<T: DeserializeOwned>(object: &Map<String, Value>, name: &str) -> Result<T> {
    let value = object
        .get(name)
        .ok_or_else(|| invalid(format!("no field '{name}'")))?;
    T::deserialize(value).map_err(|_| invalid(format!("field '{name}' has the wrong type")))
}

/// The object-valued field `name` of `object`.
fn object<'a>(object: &'a Map<String, Value>, name: &str) -> Result<&'a Map<String, Value>> {
    match object.get(name) {
        Some(Value::Object(inner)) => Ok(inner),
        Some(_) => Err(invalid(format!("field '{name}' has the wrong type"))),
        None => Err(invalid(format!("no field '{name}'"))),
    }
}

/// The game a saved game (parsed JSON) describes, replayed and checked.
///
/// ```
/// use zhengfen_core::game::{record::load, Game};
/// use zhengfen_core::rules::Rules;
/// let text = Game::new(Rules::zheng_fen(5).unwrap(), 1).to_json();
/// let parsed: serde_json::Value = serde_json::from_str(&text).unwrap();
/// assert_eq!(load(&parsed).unwrap().rules().players, 5);
/// ```
pub fn load(saved: &Value) -> Result<Game> {
    let saved = saved.as_object().ok_or_else(|| invalid("not an object"))?;
    let format: String = field(saved, "format")?;
    let version: i64 = field(saved, "version")?;
    if format != FORMAT || version != VERSION {
        return Err(invalid(format!(
            "unknown format '{format}' version {version}"
        )));
    }
    let rules = read_rules(object(saved, "rules")?)?;
    let setup = read_setup(object(saved, "setup")?, &rules)?;
    let decisions: Vec<String> = field(saved, "decisions")?;
    let game = Game::replay(rules, &setup, &decisions).map_err(replay_refused)?;
    check_replay(saved, &game)?;
    Ok(game)
}

fn read_rules(written: &Map<String, Value>) -> Result<Rules> {
    let game: String = field(written, "game")?;
    options::read(&game, written).map_err(invalid)
}

fn read_setup(written: &Map<String, Value>, rules: &Rules) -> Result<Setup> {
    let seed: u64 = field(written, "seed")?;
    if !written.contains_key("hands") {
        return Ok(Setup::Seed(seed));
    }
    let hands: Vec<String> = field(written, "hands")?;
    let leader: u8 = field(written, "leader")?;
    let hands = (hands.iter())
        .map(|text| parse_cards(text, rules.decks()))
        .collect::<Result<Vec<_>>>()
        .map_err(invalid)?;
    Ok(Setup::Hands {
        hands,
        leader,
        seed,
    })
}

/// Whether the replayed `game` reaches the random state, hands and history stored.
fn check_replay(saved: &Map<String, Value>, game: &Game) -> Result<()> {
    let rng_state: u64 = field(saved, "rng_state")?;
    if rng_state != game.rng().state {
        return Err(invalid("the random state does not match the decisions"));
    }
    let hands: Vec<String> = field(saved, "hands")?;
    let replayed = (0..usize::from(game.rules().players)).map(|s| game.hand(s).to_string());
    if !hands.into_iter().eq(replayed) {
        return Err(invalid("the hands do not match the decisions"));
    }
    let history = (saved.get("history")).ok_or_else(|| invalid("no field 'history'"))?;
    let replayed = serde_json::to_value(game.history()).map_err(invalid)?;
    if *history != replayed {
        return Err(invalid("the history does not match the decisions"));
    }
    Ok(())
}

impl Game {
    /// The game saved by [`Game::to_json`], replayed and checked (see [`load`]); text that is
    /// not JSON is an [`Error::InvalidState`] too.
    pub fn from_json(text: &str) -> Result<Game> {
        let saved: Value =
            serde_json::from_str(text).map_err(|e| Error::state(format!("not JSON: {e}")))?;
        load(&saved)
    }
}
