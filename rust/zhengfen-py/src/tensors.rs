//! The tensor encodings of `zhengfen_core::encode` (version 2) as numpy arrays (`AI.md` §1):
//! bytes by default, the float32 view when `dtype` asks for it.

use crate::args::{shown, Arg};
use crate::errors::value_error;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyString;
use zhengfen_core::batch::Dtype;
use zhengfen_core::encode::{self, HISTORY_ROW, MOVE_ROW, SCORES_SIZE};
use zhengfen_core::game::{Game, Move};

/// The most rows a history tensor or actions a mask may ask for.
pub const MOST_ROWS: usize = 1 << 20;

/// The range of a count of rows or actions, as an argument range.
pub const ROWS: std::ops::RangeInclusive<i128> = 1..=MOST_ROWS as i128;

/// A count of rows (the integer rule of `args`), `default` when left out.
pub fn rows_arg(rows: &Arg<'_>, name: &str, default: usize) -> PyResult<usize> {
    rows.int(name, ROWS, default)
}

/// The storage a `dtype` argument names: `"uint8"` (the default) or `"float32"`, as a string,
/// a numpy scalar type or a `numpy.dtype`.
pub fn dtype_arg(dtype: &Arg<'_>) -> PyResult<Dtype> {
    let Some(value) = &dtype.0 else {
        return Ok(Dtype::Uint8);
    };
    let refuse = || {
        value_error(format!(
            "dtype must be \"uint8\" or \"float32\" (or numpy.uint8, numpy.float32), not {}",
            shown(value)
        ))
    };
    let name = if let Ok(text) = value.cast::<PyString>() {
        text.to_cow()?.into_owned()
    } else {
        // numpy.uint8, numpy.dtype("float32"), ...: numpy says which dtype it is.
        let numpy = value.py().import("numpy")?;
        let dtype = numpy
            .call_method1("dtype", (value,))
            .map_err(|_| refuse())?;
        dtype.getattr("name")?.extract::<String>()?
    };
    match name.as_str() {
        "uint8" => Ok(Dtype::Uint8),
        "float32" => Ok(Dtype::Float32),
        _ => Err(refuse()),
    }
}

/// Encoded bytes as a numpy array of `shape`, in `dtype`'s storage.
pub fn encoded<'py>(
    py: Python<'py>,
    bytes: Vec<u8>,
    shape: &[usize],
    dtype: Dtype,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match dtype {
        Dtype::Uint8 => PyArray1::from_vec(py, bytes).reshape(shape)?.into_any(),
        Dtype::Float32 => {
            let mut floats = vec![0.0; bytes.len()];
            encode::widen(&bytes, &mut floats);
            PyArray1::from_vec(py, floats).reshape(shape)?.into_any()
        }
    })
}

/// `seat`'s observation.
pub fn observation<'py>(
    py: Python<'py>,
    game: &Game,
    seat: usize,
    perfect: bool,
    dtype: Dtype,
) -> PyResult<Bound<'py, PyAny>> {
    let size = encode::observation_size(perfect);
    let mut out = vec![0; size];
    encode::observation(game, seat, perfect, &mut out);
    encoded(py, out, &[size], dtype)
}

/// `seat`'s scores: each relative seat's game score, then the target.
pub fn scores<'py>(py: Python<'py>, game: &Game, seat: usize) -> Bound<'py, PyArray1<i32>> {
    let mut out = vec![0; SCORES_SIZE];
    encode::scores(game, seat, &mut out);
    PyArray1::from_vec(py, out)
}

/// `seat`'s history tensor of the last `rows` plays and passes.
pub fn history<'py>(
    py: Python<'py>,
    game: &Game,
    seat: usize,
    rows: usize,
    dtype: Dtype,
) -> PyResult<Bound<'py, PyAny>> {
    check_rows("history rows", rows)?;
    let mut out = vec![0; rows * HISTORY_ROW];
    encode::history(game, seat, &mut out);
    encoded(py, out, &[rows, HISTORY_ROW], dtype)
}

/// One row of features per move.
pub fn move_features<'py>(
    py: Python<'py>,
    moves: &[Move],
    dtype: Dtype,
) -> PyResult<Bound<'py, PyAny>> {
    let mut out = vec![0; moves.len() * MOVE_ROW];
    encode::move_rows(moves, &mut out);
    encoded(py, out, &[moves.len(), MOVE_ROW], dtype)
}

/// A mask of `size` actions whose first `legal` are legal: `size` booleans, or packed (`AI.md`
/// §1.3).
pub fn mask(py: Python<'_>, legal: usize, size: usize, packed: bool) -> PyResult<Bound<'_, PyAny>> {
    check_rows("max_actions", size)?;
    let offered = legal.min(size);
    if packed {
        let mut out = vec![0; encode::packed_mask_len(size)];
        encode::write_packed_mask(offered, &mut out);
        return Ok(PyArray1::from_vec(py, out).into_any());
    }
    let mut out = vec![false; size];
    out[..offered].fill(true);
    Ok(PyArray1::from_vec(py, out).into_any())
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
    m.add("SCORES_SIZE", SCORES_SIZE)?;
    m.add("HISTORY_ROW", HISTORY_ROW)?;
    m.add("MOVE_ROW", MOVE_ROW)?;
    m.add("COMBO_ROW", encode::COMBO_ROW)?;
    m.add("CARD_VECTOR", encode::CARD_VECTOR)?;
    m.add_function(wrap_pyfunction!(observation_fields, m)?)
}
