//! The one place where core records become Python objects: serde data (events, observations,
//! see `zhengfen_core::game::record`) through `pythonize`, and seat lists (moves become
//! `Combo`s or their names in `combo.rs`).
//! Their shapes are the core's (RULES.md §12.6, `zhengfen.types`); nothing here decides a format.

use pyo3::prelude::*;
use serde::Serialize;

/// A core record as Python values: maps as dicts (in the record's order), sequences as lists,
/// text as str, numbers as int, absent values as None.
pub fn to_python<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    record: &T,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, record)?)
}

/// Seats as a list of ints (PyO3 would turn `Vec<u8>` into `bytes`).
pub fn seats(seats: &[u8]) -> Vec<u32> {
    seats.iter().map(|&s| u32::from(s)).collect()
}
