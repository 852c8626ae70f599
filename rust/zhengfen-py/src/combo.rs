//! `Combo`: the Python face of a core combination, the conversion of any "combination"
//! argument (a `Combo`, a combination notation, or card notation read at its strongest), and a
//! move as Python (a `Combo`, or the name of a pass or a declaration).

use crate::cards::{cards_arg, PyCards};
use crate::errors::{to_py, ArgumentTypeError};
use crate::rules::PyRules;
use pyo3::prelude::*;
use pyo3::types::PyString;
use zhengfen_core::card::rank;
use zhengfen_core::classify::{read_combo, read_strongest, validate};
use zhengfen_core::combo::Combo;
use zhengfen_core::game::Move;
use zhengfen_core::notation::parse_combo;
use zhengfen_core::rules::Rules;

/// One reading of a card set: kind, rank, length and cards (RULES.md §1.7).
#[pyclass(name = "Combo", module = "zhengfen", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyCombo {
    pub combo: Combo,
    pub decks: u8,
}

#[pymethods]
impl PyCombo {
    /// Reads a combination notation and checks that it is a reading of its cards under `rules`;
    /// else `InvalidComboError` saying why.
    #[staticmethod]
    fn parse(text: &str, rules: &PyRules) -> PyResult<Self> {
        let combo = parse_combo(text, rules.rules.decks()).map_err(to_py)?;
        validate(&combo, &rules.rules).map_err(to_py)?;
        Ok(PyCombo::new(combo, &rules.rules))
    }

    #[getter]
    fn kind(&self) -> &'static str {
        self.combo.kind.name()
    }
    #[getter]
    fn rank(&self) -> &'static str {
        rank::name(self.combo.rank)
    }
    #[getter]
    fn length(&self) -> u8 {
        self.combo.length
    }
    #[getter]
    fn cards(&self) -> PyCards {
        PyCards {
            set: self.combo.cards,
            decks: self.decks,
        }
    }
    /// The combination notation, as `str()` gives it.
    #[getter]
    fn notation(&self) -> String {
        self.combo.to_string()
    }

    fn __str__(&self) -> String {
        self.combo.to_string()
    }

    /// The call that recreates it: `Combo.parse('pair 7 1: 7c 7d', Rules.zheng_fen())`, under
    /// the default rules of its game (every reading of any Zheng Fen rule set is one of the
    /// default's: tame jokers only remove readings).
    fn __repr__(&self) -> String {
        let rules = if self.decks == 2 {
            "zen_cheng_you"
        } else {
            "zheng_fen"
        };
        format!("Combo.parse('{}', Rules.{rules}())", self.combo)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, u8))> {
        let restore = slf
            .py()
            .import("zhengfen._core")?
            .getattr("_combo_from_notation")?;
        let me = slf.get();
        Ok((restore, (me.combo.to_string(), me.decks)))
    }
}

impl PyCombo {
    pub fn new(combo: Combo, rules: &Rules) -> PyCombo {
        PyCombo {
            combo,
            decks: rules.decks(),
        }
    }
}

/// Unpickling: the notation, trusted as pickled (it is checked again wherever it is used).
#[pyfunction]
pub fn _combo_from_notation(text: &str, decks: &Bound<'_, PyAny>) -> PyResult<PyCombo> {
    let decks = crate::args::int_arg(decks, "decks", 1..=2)?;
    let combo = parse_combo(text, decks).map_err(to_py)?;
    Ok(PyCombo { combo, decks })
}

/// A combination argument under `rules`: a `Combo` (checked to be a reading of its cards), a
/// combination notation, or card notation or cards read at their strongest reading.
pub fn combo_arg(value: &Bound<'_, PyAny>, rules: &Rules) -> PyResult<Combo> {
    if let Ok(combo) = value.cast::<PyCombo>() {
        let combo = combo.get().combo;
        validate(&combo, rules).map_err(to_py)?;
        return Ok(combo);
    }
    if let Ok(text) = value.cast::<PyString>() {
        return read_combo(&text.to_cow()?, rules).map_err(to_py);
    }
    if let Ok(cards) = value.cast::<PyCards>() {
        let cards = cards_arg(cards.as_any(), rules.decks())?;
        return read_strongest(cards, rules).map_err(to_py);
    }
    Err(ArgumentTypeError::new_err(
        "expected a Combo, a combination notation, or cards",
    ))
}

/// A move as Python: a `Combo`, or "pass" / "blind" / "declare".
pub fn move_to_py<'py>(py: Python<'py>, mv: Move, rules: &Rules) -> PyResult<Bound<'py, PyAny>> {
    match mv {
        Move::Play(combo) => Ok(Bound::new(py, PyCombo::new(combo, rules))?.into_any()),
        other => Ok(PyString::new(py, &other.to_string()).into_any()),
    }
}
