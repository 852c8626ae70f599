//! Loading a saved game (RULES.md §12.7): read the fields, replay the decisions from the
//! setup, and check that the replay reaches the stored random state, hands and history.

use crate::errors::InvalidStateError;
use crate::game::{event_to_py, hands_from_text};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use zhengfen_core::game::{Game, Setup};
use zhengfen_core::rules::{Rules, Variant};

fn invalid(why: impl std::fmt::Display) -> PyErr {
    InvalidStateError::new_err(format!("invalid saved game: {why}"))
}

/// The field `name` of `dict`, extracted as `T`.
fn field<'py, T: for<'a> FromPyObject<'a, 'py>>(
    dict: &Bound<'py, PyDict>,
    name: &str,
) -> PyResult<T> {
    let value = dict
        .get_item(name)?
        .ok_or_else(|| invalid(format!("no field '{name}'")))?;
    value
        .extract()
        .map_err(|_| invalid(format!("field '{name}' has the wrong type")))
}

/// The game a saved dictionary describes, or an `InvalidStateError` saying what is wrong.
pub fn load(py: Python<'_>, loaded: &Bound<'_, PyAny>) -> PyResult<Game> {
    let saved = loaded
        .cast::<PyDict>()
        .map_err(|_| invalid("not an object"))?;
    let format: String = field(saved, "format")?;
    let version: i64 = field(saved, "version")?;
    if format != "zhengfen-game" || version != 1 {
        return Err(invalid(format!(
            "unknown format '{format}' version {version}"
        )));
    }
    let rules = read_rules(&field(saved, "rules")?)?;
    let setup = read_setup(&field(saved, "setup")?, &rules)?;
    let decisions: Vec<String> = field(saved, "decisions")?;
    let game = Game::replay(rules, &setup, &decisions).map_err(invalid)?;
    let rng_state: u64 = field(saved, "rng_state")?;
    if rng_state != game.rng().state {
        return Err(invalid("the random state does not match the decisions"));
    }
    let hands: Vec<String> = field(saved, "hands")?;
    let replayed: Vec<String> = (0..usize::from(rules.players))
        .map(|s| game.hand(s).to_string())
        .collect();
    if hands != replayed {
        return Err(invalid("the hands do not match the decisions"));
    }
    let history = saved
        .get_item("history")?
        .ok_or_else(|| invalid("no field 'history'"))?;
    let events: PyResult<Vec<_>> = game.history().iter().map(|e| event_to_py(py, e)).collect();
    if !history.eq(events?)? {
        return Err(invalid("the history does not match the decisions"));
    }
    Ok(game)
}

fn read_rules(dict: &Bound<'_, PyDict>) -> PyResult<Rules> {
    let game: String = field(dict, "game")?;
    let mut rules = Variant::from_name(&game).map_err(invalid)?.rules();
    for (name, value) in dict.iter() {
        let name: String = name
            .extract()
            .map_err(|_| invalid("an option name is not text"))?;
        if name == "game" {
            continue;
        }
        crate::rules::set_option(&mut rules, &name, &value).map_err(invalid)?;
    }
    Ok(rules)
}

fn read_setup(dict: &Bound<'_, PyDict>, rules: &Rules) -> PyResult<Setup> {
    let seed: u64 = field(dict, "seed")?;
    if dict.get_item("hands")?.is_none() {
        return Ok(Setup::Seed(seed));
    }
    let hands: Vec<String> = field(dict, "hands")?;
    let leader: u8 = field(dict, "leader")?;
    let hands = hands_from_text(&hands, rules).map_err(invalid)?;
    Ok(Setup::Hands {
        hands,
        leader,
        seed,
    })
}
