//! The one place where core records become Python objects: serde data (events, observations,
//! see `zhengfen_core::game::record`) through `pythonize`, moves as `Combo`s or their names.
//! Their shapes are the core's (RULES.md §12.6, `API.md`); nothing here decides a format.

use crate::combo::PyCombo;
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde::Serialize;
use zhengfen_core::game::Move;
use zhengfen_core::rules::Rules;

/// A core record as Python values: maps as dicts (in the record's order), sequences as lists,
/// text as str, numbers as int, absent values as None.
pub fn to_python<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    record: &T,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, record)?)
}

/// A move as Python: a `Combo`, or "pass" / "blind" / "declare".
pub fn move_to_py<'py>(py: Python<'py>, mv: Move, rules: &Rules) -> PyResult<Bound<'py, PyAny>> {
    match mv {
        Move::Play(combo) => Ok(Bound::new(py, PyCombo::new(combo, rules))?.into_any()),
        other => Ok(PyString::new(py, &other.to_string()).into_any()),
    }
}

/// Seats as a list of ints (PyO3 would turn `Vec<u8>` into `bytes`).
pub fn seats(seats: &[u8]) -> Vec<u32> {
    seats.iter().map(|&s| u32::from(s)).collect()
}
