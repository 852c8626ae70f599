//! `Rules`: the Python face of a core rule set; options travel as keyword arguments, and the
//! rule set to and from JSON (text or a dict) is the core's one writer and reader.

use crate::args::{as_index, is_numpy_bool, shown};
use crate::convert::to_python;
use crate::errors::to_py;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};
use zhengfen_core::error::Error;
use zhengfen_core::game::record::refuse_huge_int;
use zhengfen_core::rules::{OptionValue, Rules, Variant};
use zhengfen_core::rules::{MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS};

/// A rule set: the game, its players and its options (RULES.md §3).
#[pyclass(name = "Rules", module = "zhengfen", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub rules: Rules,
}

#[pymethods]
impl PyRules {
    /// `Rules(game, **options)`; prefer the presets `Rules.zheng_fen` and `Rules.zen_cheng_you`.
    #[new]
    #[pyo3(signature = (game, **options))]
    fn new(game: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let rules = Variant::from_name(game).map_err(to_py)?.rules();
        with_options(rules, options)
    }

    /// Zheng Fen for 3 to 6 players (RULES.md §3.1).
    #[staticmethod]
    #[pyo3(signature = (players = None, **options))]
    fn zheng_fen(
        players: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let mut rules = Rules::zheng_fen(4).map_err(to_py)?;
        if let Some(players) = players {
            set_option(&mut rules, "players", players).map_err(to_py)?;
        }
        with_options(rules, options)
    }

    /// Zen Cheng You, the partnership game (RULES.md §3.2).
    #[staticmethod]
    #[pyo3(signature = (**options))]
    fn zen_cheng_you(options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        with_options(Rules::zen_cheng_you(), options)
    }

    #[getter]
    fn game(&self) -> &'static str {
        self.rules.variant.name()
    }
    #[getter]
    fn players(&self) -> u8 {
        self.rules.players
    }
    #[getter]
    fn decks(&self) -> u8 {
        self.rules.decks()
    }
    #[getter]
    fn jokers_wild(&self) -> bool {
        self.rules.jokers_wild
    }
    #[getter]
    fn next_leader<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "next_leader")
    }
    #[getter]
    fn target(&self) -> u32 {
        self.rules.target
    }
    /// The matches after which a whole-game episode is cut short (RULES.md §3.5).
    #[getter]
    fn match_limit(&self) -> u32 {
        self.rules.match_limit()
    }
    #[getter]
    fn tie<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "tie")
    }
    #[getter]
    fn lead_after_out<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "lead_after_out")
    }
    #[getter]
    fn last_chance(&self) -> bool {
        self.rules.last_chance
    }

    /// The options this game lets a caller set, with their values.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for option in self.rules.own_options() {
            dict.set_item(option.name(), self.get(py, option.name())?)?;
        }
        Ok(dict)
    }

    /// The rule set as JSON text, `{"game": name, option: value, ...}` with the game's own
    /// options, as a saved game writes it (RULES.md §12.7).
    ///
    /// >>> Rules.zen_cheng_you(target=300).to_json()
    /// '{"game": "zen_cheng_you", "target": 300, "lead_after_out": "next", "last_chance": false}'
    #[pyo3(name = "to_json")]
    fn py_to_json(&self) -> String {
        self.rules.to_json()
    }

    /// The rule set of JSON text as `to_json` writes it (any of the options, in any order);
    /// anything else (not JSON, not an object, no `"game"`, a bad option) is a `RulesError`
    /// saying what.
    ///
    /// >>> Rules.from_json('{"game": "zheng_fen", "players": 3}') == Rules.zheng_fen(players=3)
    /// True
    #[staticmethod]
    fn from_json(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text = text.cast::<PyString>().map_err(|_| {
            to_py(Error::rules(format!(
                "rules JSON must be a string, not {}",
                type_name(text)
            )))
        })?;
        let rules = Rules::from_json(&text.to_cow()?).map_err(to_py)?;
        Ok(PyRules { rules })
    }

    /// The rule set as a dict, `{"game": name, **self.options()}`: what `to_json` writes.
    #[pyo3(name = "to_dict")]
    fn py_to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("game", self.rules.variant.name())?;
        for (name, value) in self.options(py)?.iter() {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The rule set of a dict as `to_dict` makes it (parsed JSON; any of the options, in any
    /// order); anything else is a `RulesError` naming what is wrong.
    #[staticmethod]
    fn from_dict(data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let refused = |why: String| to_py(Error::rules(why));
        let data = (data.cast::<PyDict>())
            .map_err(|_| refused(format!("rules must be a dict, not {}", type_name(data))))?;
        let game = (data.get_item("game")?)
            .ok_or_else(|| refused("the rules name no 'game'".to_string()))?;
        let game = game.cast::<PyString>().map_err(|_| {
            refused(format!(
                "the rules' game must be a string, not {}",
                shown(&game)
            ))
        })?;
        let mut rules = Variant::from_name(&game.to_cow()?).map_err(to_py)?.rules();
        for (name, value) in data.iter() {
            let name = name.cast::<PyString>().map_err(|_| {
                refused(format!(
                    "a rule option's name must be a string, not {}",
                    shown(&name)
                ))
            })?;
            if name.to_cow()? != "game" {
                set_option(&mut rules, &name.to_cow()?, &value).map_err(to_py)?;
            }
        }
        Ok(PyRules { rules })
    }

    /// The preset call that makes this rule set: `Rules.zheng_fen(players=4, …)`.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let options = self.options(py)?;
        let written = (options.iter())
            .map(|(name, value)| Ok(format!("{name}={}", value.repr()?)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(format!(
            "Rules.{}({})",
            self.rules.variant.name(),
            written.join(", ")
        ))
    }

    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<((&'static str,), Bound<'py, PyDict>)> {
        Ok(((self.rules.variant.name(),), self.options(py)?))
    }
}

impl PyRules {
    fn get<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.rules.option_named(name).map_err(to_py)?)
    }
}

fn with_options(mut rules: Rules, options: Option<&Bound<'_, PyDict>>) -> PyResult<PyRules> {
    if let Some(options) = options {
        for (name, value) in options.iter() {
            let name: String = name.extract()?;
            set_option(&mut rules, &name, &value).map_err(to_py)?;
        }
    }
    Ok(PyRules { rules })
}

/// The name of a value's type, as an error says it.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    (value.get_type().name()).map_or_else(|_| "?".to_string(), |name| name.to_string())
}

/// The bounds of the rule sets, as module constants: the fewest and most players of any game
/// and the highest target (RULES.md §3.1, §3.5).
pub fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MIN_PLAYERS", MIN_PLAYERS)?;
    m.add("MAX_PLAYERS", MAX_PLAYERS)?;
    m.add("MAX_TARGET", MAX_TARGET)
}

/// Sets option `name` of `rules` to a Python value: a bool (numpy's too) for a bool option, an
/// integer by the rule of `args` for a number, a string for a choice. Anything else, or a value
/// the option does not take, is a rules error naming the option and the value as given.
pub fn set_option(rules: &mut Rules, name: &str, value: &Bound<'_, PyAny>) -> Result<(), Error> {
    let refused = || {
        Error::rules(format!(
            "option {name} cannot take the value {}",
            shown(value)
        ))
        .with_option(name, Some(shown(value)), None)
    };
    let option = if let Ok(b) = value.cast::<PyBool>() {
        OptionValue::Bool(b.is_true())
    } else if is_numpy_bool(value) {
        OptionValue::Bool(value.is_truthy().map_err(|_| refused())?)
    } else if let Ok(s) = value.cast::<PyString>() {
        OptionValue::Str(s.to_cow().map_err(|_| refused())?.into_owned())
    } else if let Some(int) = as_index(value).map_err(|_| refused())? {
        match int.extract::<i64>() {
            Ok(n) => OptionValue::Int(n),
            Err(_) => return Err(huge_refused(rules, name, value)),
        }
    } else {
        return Err(refused());
    };
    rules.set(name, option)
}

/// The core's refusal of an integer beyond 64 bits, naming the value given.
fn huge_refused(rules: &Rules, name: &str, value: &Bound<'_, PyAny>) -> Error {
    refuse_huge_int(rules, name, &shown(value))
}

/// What a form may offer, read from the rules (RULES.md §3): per game its `players` (the counts it
/// takes), `default_players` and its other `options`, each `{"name", "type": "bool" | "int" |
/// "choice", "default"}` with `min` and `max` (an int: `target` is 1 to 10,000) or `values` (a
/// choice). The page of `zhengfen serve` builds its form from them (`GET /api/options`).
#[pyfunction]
pub fn game_offers(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_python(py, &zhengfen_core::game::record::GameOffer::all())
}
