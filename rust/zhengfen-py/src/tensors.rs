//! The tensor encodings of `zhengfen_core::encode` as numpy arrays (`AI.md`).

use crate::args::Arg;
use crate::errors::value_error;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use zhengfen_core::encode::{self, HISTORY_ROW, MOVE_ROW};
use zhengfen_core::game::{Game, Move};

/// The most rows a history tensor or actions a mask may ask for.
pub const MOST_ROWS: usize = 1 << 20;

/// The range of a count of rows or actions, as an argument range.
pub const ROWS: std::ops::RangeInclusive<i128> = 1..=MOST_ROWS as i128;

/// A count of rows (the integer rule of `args`), `default` when left out.
pub fn rows_arg(rows: &Arg<'_>, name: &str, default: usize) -> PyResult<usize> {
    rows.int(name, ROWS, default)
}

/// A flat `f32` vector as a numpy array of `rows` × `width` (no copy).
pub fn matrix<'py>(
    py: Python<'py>,
    values: Vec<f32>,
    rows: usize,
    width: usize,
) -> PyResult<Bound<'py, PyArray2<f32>>> {
    PyArray1::from_vec(py, values).reshape([rows, width])
}

/// `seat`'s observation tensor.
pub fn observation<'py>(
    py: Python<'py>,
    game: &Game,
    seat: usize,
    perfect: bool,
) -> Bound<'py, PyArray1<f32>> {
    let mut out = vec![0.0; encode::observation_size(perfect)];
    encode::observation(game, seat, perfect, &mut out);
    PyArray1::from_vec(py, out)
}

/// `seat`'s history tensor of the last `rows` plays and passes.
pub fn history<'py>(
    py: Python<'py>,
    game: &Game,
    seat: usize,
    rows: usize,
) -> PyResult<Bound<'py, PyArray2<f32>>> {
    check_rows("history rows", rows)?;
    let mut out = vec![0.0; rows * HISTORY_ROW];
    encode::history(game, seat, &mut out);
    matrix(py, out, rows, HISTORY_ROW)
}

/// One row of features per move.
pub fn move_features<'py>(py: Python<'py>, moves: &[Move]) -> PyResult<Bound<'py, PyArray2<f32>>> {
    // A batch's lists can run to millions of rows: encode them with the GIL released.
    let out = py.detach(|| {
        let mut out = vec![0.0; moves.len() * MOVE_ROW];
        for (mv, row) in moves.iter().zip(out.chunks_exact_mut(MOVE_ROW)) {
            encode::move_features(mv, row);
        }
        out
    });
    matrix(py, out, moves.len(), MOVE_ROW)
}

/// A mask of `size` entries, true for the first `legal`.
pub fn mask(py: Python<'_>, legal: usize, size: usize) -> PyResult<Bound<'_, PyArray1<bool>>> {
    check_rows("max_actions", size)?;
    let mut out = vec![false; size];
    out[..legal.min(size)].fill(true);
    Ok(PyArray1::from_vec(py, out))
}

/// Refuses a count of rows that is zero or absurd.
pub fn check_rows(what: &str, rows: usize) -> PyResult<()> {
    if rows == 0 || rows > MOST_ROWS {
        return Err(value_error(format!(
            "{what} must be 1 to {MOST_ROWS}, not {rows}"
        )));
    }
    Ok(())
}

/// The observation's fields: `(name, offset, size, meaning)`.
#[pyfunction]
#[pyo3(signature = (perfect_information = Arg::ABSENT),
    text_signature = "(perfect_information=False)")]
pub fn observation_fields(
    perfect_information: Arg<'_>,
) -> PyResult<Vec<(&'static str, usize, usize, &'static str)>> {
    let perfect_information = perfect_information.flag("perfect_information", false)?;
    Ok(encode::observation_fields(perfect_information)
        .into_iter()
        .map(|f| (f.name, f.offset, f.size, f.doc))
        .collect())
}

/// Adds the encoding constants to the module.
pub fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ENCODING_VERSION", encode::VERSION)?;
    m.add("OBSERVATION_SIZE", encode::observation_size(false))?;
    m.add("PERFECT_OBSERVATION_SIZE", encode::observation_size(true))?;
    m.add("HISTORY_ROW", HISTORY_ROW)?;
    m.add("MOVE_ROW", MOVE_ROW)?;
    m.add("COMBO_ROW", encode::COMBO_ROW)?;
    m.add("CARD_VECTOR", encode::CARD_VECTOR)?;
    m.add_function(wrap_pyfunction!(observation_fields, m)?)
}
