//! `LearnedModel`: a model of the format `zhengfen-dmc-1` or `-2` (`zhengfen_core::learned`, AI.md
//! §7) from Python: loading and saving, its metadata and tensors as numpy arrays, and its
//! forward pass on raw inputs (on games and info sets: `positions.rs`). Conversions only: the
//! format and the arithmetic are the core's.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::args::shown;
use crate::errors::{to_py, value_error, ArgumentTypeError};
use crate::rules::PyRules;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use zhengfen_core::error::Error;
use zhengfen_core::learned::{Model, Tensor};

/// A learned model, its weights as float32 (shared, never changed).
#[pyclass(name = "LearnedModel", module = "zhengfen", frozen)]
pub struct PyLearnedModel {
    pub model: Arc<Model>,
}

/// The reader of the `dtype` argument of `to_bytes`/`save`: `"float32"` or `"float16"`, given as
/// a string, a numpy scalar type or a `numpy.dtype`.
fn model_dtype(value: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let name = match value.cast::<PyString>() {
        Ok(text) => text.to_cow()?.into_owned(),
        Err(_) => value
            .py()
            .import("numpy")?
            .call_method1("dtype", (value,))
            .and_then(|d| d.getattr("name")?.extract::<String>())
            .unwrap_or_default(),
    };
    match name.as_str() {
        "float32" => Ok("float32"),
        "float16" => Ok("float16"),
        _ => Err(value_error(format!(
            "dtype must be \"float32\" or \"float16\", not {}",
            shown(value)
        ))),
    }
}

/// A float32 or float16 numpy array's values as float32, with its shape.
fn tensor_arg(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Tensor> {
    let numpy = value.py().import("numpy")?;
    if !value.is_instance(&numpy.getattr("ndarray")?)? {
        return Err(ArgumentTypeError::new_err(format!(
            "tensor '{name}' must be a numpy array, not {}",
            shown(value)
        )));
    }
    let dtype: String = value.getattr("dtype")?.getattr("name")?.extract()?;
    if dtype != "float32" && dtype != "float16" {
        return Err(to_py(Error::model(
            format!("model <arrays>: tensor '{name}' is {dtype}, not float32 or float16"),
            "<arrays>",
        )));
    }
    let floats = numpy.call_method1("ascontiguousarray", (value, "float32"))?;
    let array = floats.cast::<PyArrayDyn<f32>>()?.readonly();
    Ok(Tensor {
        shape: array.shape().to_vec(),
        data: array.as_slice()?.to_vec(),
    })
}

#[pymethods]
impl PyLearnedModel {
    /// The model in the safetensors file at `path`, checked (AI.md §7).
    #[staticmethod]
    fn load(path: std::path::PathBuf) -> PyResult<PyLearnedModel> {
        Ok(Model::load(path).map_err(to_py)?.into())
    }

    /// The model in safetensors bytes, checked.
    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<PyLearnedModel> {
        Ok(Model::from_bytes(data, "<bytes>").map_err(to_py)?.into())
    }

    /// The model shipped for `rules`' game and players (the one the spec `learned` plays), or a
    /// `ModelError` saying none ships.
    #[staticmethod]
    fn shipped(rules: &PyRules) -> PyResult<PyLearnedModel> {
        let model = zhengfen_core::learned::shipped(&rules.rules).map_err(to_py)?;
        Ok(PyLearnedModel { model })
    }

    /// The model of `metadata` (str to str) and `tensors` (name to a float32 or float16 numpy
    /// array), checked as a file is.
    #[staticmethod]
    fn from_arrays(
        metadata: &Bound<'_, PyAny>,
        tensors: &Bound<'_, PyAny>,
    ) -> PyResult<PyLearnedModel> {
        let mut meta = BTreeMap::new();
        for item in metadata.call_method0("items")?.try_iter()? {
            let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item?.extract()?;
            let text = |v: &Bound<'_, PyAny>| {
                v.extract::<String>().map_err(|_| {
                    ArgumentTypeError::new_err(format!(
                        "metadata keys and values must be strings, not {}",
                        shown(v)
                    ))
                })
            };
            meta.insert(text(&key)?, text(&value)?);
        }
        let mut arrays = BTreeMap::new();
        for item in tensors.call_method0("items")?.try_iter()? {
            let (name, value): (String, Bound<'_, PyAny>) = item?.extract()?;
            arrays.insert(name.clone(), tensor_arg(&name, &value)?);
        }
        Ok(Model::from_parts(meta, arrays).map_err(to_py)?.into())
    }

    /// The model as safetensors bytes, its tensors in `dtype` (`"float32"` or `"float16"`).
    #[pyo3(signature = (dtype = "float32"))]
    fn to_bytes<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = model_dtype)] dtype: &str,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.model.to_bytes(dtype == "float16").map_err(to_py)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Writes the model to `path` (`to_bytes`).
    #[pyo3(signature = (path, dtype = "float32"))]
    fn save(
        &self,
        path: std::path::PathBuf,
        #[pyo3(from_py_with = model_dtype)] dtype: &str,
    ) -> PyResult<()> {
        self.model.save(path, dtype == "float16").map_err(to_py)
    }

    /// Every metadata key and value.
    #[getter]
    fn metadata(&self) -> BTreeMap<String, String> {
        self.model.metadata().clone()
    }
    /// The game it plays: `"zheng_fen"` or `"zen_cheng_you"`.
    #[getter]
    fn game(&self) -> &'static str {
        self.model.game().name()
    }
    /// The number of players.
    #[getter]
    fn players(&self) -> u8 {
        self.model.players()
    }
    /// Rows of the history tensor in its state input.
    #[getter]
    fn history_rows(&self) -> usize {
        self.model.history_rows()
    }
    /// The hidden layers' sizes.
    #[getter]
    fn layers(&self) -> Vec<usize> {
        self.model.layers().to_vec()
    }
    /// Whether each hidden layer after the first whose input and output widths are equal adds
    /// its input to its output (`residual` = `true` in a `zhengfen-dmc-2` file).
    #[getter]
    fn residual(&self) -> bool {
        self.model.residual()
    }
    /// The length of its state input, `591 + 7 + 94 * history_rows`.
    #[getter]
    fn state_size(&self) -> usize {
        self.model.state_size()
    }

    /// Every tensor by name, as float32 numpy arrays.
    fn tensors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (name, tensor) in self.model.tensors() {
            let array = PyArray1::from_vec(py, tensor.data).reshape(tensor.shape)?;
            out.set_item(name, array)?;
        }
        Ok(out)
    }

    /// The arithmetic alone: the Q-value of each pair of a state row (float32 `[n,
    /// state_size]`) and a move row (float32 `[n, 90]`).
    fn forward<'py>(
        &self,
        py: Python<'py>,
        states: PyReadonlyArray2<'py, f32>,
        moves: PyReadonlyArray2<'py, f32>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let (s, m) = (states.shape(), moves.shape());
        let (state_size, move_size) = (self.model.state_size(), zhengfen_core::encode::MOVE_ROW);
        if s[1] != state_size || m[1] != move_size || s[0] != m[0] {
            return Err(value_error(format!(
                "forward needs states [n, {state_size}] and moves [n, {move_size}], not {s:?} \
                 and {m:?}"
            )));
        }
        let states = states.as_array().iter().copied().collect::<Vec<f32>>();
        let moves = moves.as_array().iter().copied().collect::<Vec<f32>>();
        let model = &self.model;
        let q = py.detach(|| model.forward(&states, &moves));
        Ok(PyArray1::from_vec(py, q))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let from_bytes = slf.get_type().getattr("from_bytes")?;
        Ok((from_bytes, (slf.get().to_bytes(py, "float32")?,)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<LearnedModel {} players={} layers={:?}{} history_rows={} from {}>",
            self.model.game().name(),
            self.model.players(),
            self.model.layers(),
            if self.model.residual() {
                " residual"
            } else {
                ""
            },
            self.model.history_rows(),
            self.model.origin()
        )
    }
}

impl From<Model> for PyLearnedModel {
    fn from(model: Model) -> PyLearnedModel {
        PyLearnedModel {
            model: Arc::new(model),
        }
    }
}

/// The rules that ship a model (`learned` plays it): `(game, players)` pairs.
#[pyfunction]
pub fn shipped_models() -> Vec<(&'static str, u8)> {
    zhengfen_core::learned::shipped_models()
        .into_iter()
        .map(|(game, players)| (game.name(), players))
        .collect()
}
