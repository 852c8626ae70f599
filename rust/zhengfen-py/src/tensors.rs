//! The tensor encodings of `zhengfen_core::encode` (version 2) as numpy arrays (`AI.md` §1):
//! bytes by default, the float32 view when `dtype` asks for it.

use crate::args::{self, shown, MOST_ROWS};
use crate::errors::value_error;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyString;
use zhengfen_core::batch::Dtype;
use zhengfen_core::encode::{self, HISTORY_ROW, MOVE_ROW, SCORES_SIZE};
use zhengfen_core::game::{Game, Move};

/// A numpy array, or why it cannot be made.
pub type Array<'py> = PyResult<Bound<'py, PyAny>>;

/// The reader of a tensor's `dtype` argument (`crate::args`): the name of the storage it
/// names, `"uint8"` or `"float32"`, given as a string, a numpy scalar type or a `numpy.dtype`.
pub fn dtype(value: &Bound<'_, PyAny>) -> PyResult<&'static str> {
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
        "uint8" => Ok("uint8"),
        "float32" => Ok("float32"),
        _ => Err(refuse()),
    }
}

/// The storage a name read by [`dtype`] stands for.
pub fn storage(dtype: &str) -> Dtype {
    match dtype {
        "float32" => Dtype::Float32,
        _ => Dtype::Uint8,
    }
}

/// Bytes that `fill` encodes, as a numpy array of `shape`, in `dtype`'s storage.
pub fn encoded<'py>(
    py: Python<'py>,
    shape: &[usize],
    dtype: Dtype,
    fill: impl FnOnce(&mut [u8]),
) -> Array<'py> {
    let mut bytes = vec![0; shape.iter().product()];
    fill(&mut bytes);
    Ok(match dtype {
        Dtype::Uint8 => PyArray1::from_vec(py, bytes).reshape(shape)?.into_any(),
        Dtype::Float32 => {
            let mut floats = vec![0.0; bytes.len()];
            encode::widen(&bytes, &mut floats);
            PyArray1::from_vec(py, floats).reshape(shape)?.into_any()
        }
    })
}

/// A seat of a game, as `Game` and `InfoSet` encode it (`AI.md` §1): the arguments of their
/// tensor methods read here, once.
#[derive(Clone, Copy)]
pub struct Seen<'a> {
    /// The game the seat sits at.
    pub game: &'a Game,
    /// The seat (checked against the game's players).
    pub seat: usize,
}

impl Seen<'_> {
    /// The seat's observation (`perfect`: with every hand), in the storage `dtype` names.
    pub fn observation<'py>(&self, py: Python<'py>, perfect: bool, dtype: &str) -> Array<'py> {
        let shape = [encode::observation_size(perfect)];
        encoded(py, &shape, storage(dtype), |out| {
            encode::observation(self.game, self.seat, perfect, out)
        })
    }

    /// The seat's scores: each relative seat's game score, then the target.
    pub fn scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        let mut out = vec![0; SCORES_SIZE];
        encode::scores(self.game, self.seat, &mut out);
        PyArray1::from_vec(py, out)
    }

    /// The seat's last `rows` plays and passes, most recent first, in the storage `dtype`
    /// names.
    pub fn history<'py>(&self, py: Python<'py>, rows: usize, dtype: &str) -> Array<'py> {
        encoded(py, &[rows, HISTORY_ROW], storage(dtype), |out| {
            encode::history(self.game, self.seat, out)
        })
    }
}

/// One row of features per move, in the storage `dtype` names.
pub fn move_features<'py>(py: Python<'py>, moves: &[Move], dtype: &str) -> Array<'py> {
    encoded(py, &[moves.len(), MOVE_ROW], storage(dtype), |out| {
        encode::move_rows(moves, out)
    })
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
#[pyo3(signature = (perfect_information = false))]
pub fn observation_fields(
    #[pyo3(from_py_with = args::perfect_information)] perfect_information: bool,
) -> Vec<(&'static str, usize, usize, &'static str)> {
    encode::observation_fields(perfect_information)
        .into_iter()
        .map(|f| (f.name, f.offset, f.size, f.doc))
        .collect()
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
