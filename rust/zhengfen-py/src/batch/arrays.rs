//! The output arrays of `VecGame` (`copy=True` or `copy=False`) and the buffers the core steps
//! into: numpy borrowing and copying only.

use crate::errors::InvalidStateError;
use crate::interrupt::interruptible;
use numpy::AsSliceError;
use numpy::{
    BorrowError, PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadwriteArray1,
    PyReadwriteArray2, PyReadwriteArray3,
};
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict};
use zhengfen_core::batch::{OutBuffers, SlotOut, VecConfig};
use zhengfen_core::cancel::Cancel;
use zhengfen_core::encode::{observation_size, HISTORY_ROW};
use zhengfen_core::error::Result as CoreResult;

/// Output arrays: with `copy=False` allocated once and overwritten by every step; with
/// `copy=True` allocated for each step and handed over.
pub(super) struct Arrays {
    observation: Py<PyArray2<f32>>,
    history: Py<PyArray3<f32>>,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    players: Py<PyArray1<i64>>,
    legal: Py<PyArray1<i64>>,
}

/// The arrays of [`Arrays`] borrowed for writing (numpy's borrow checking of Rust borrows).
struct Writing<'py> {
    observation: PyReadwriteArray2<'py, f32>,
    history: PyReadwriteArray3<'py, f32>,
    mask: PyReadwriteArray2<'py, bool>,
    rewards: PyReadwriteArray2<'py, f32>,
    dones: PyReadwriteArray1<'py, bool>,
    players: PyReadwriteArray1<'py, i64>,
    legal: PyReadwriteArray1<'py, i64>,
}

/// Why the output arrays cannot be written: made read-only, or borrowed by Rust code.
fn unwritable(error: BorrowError) -> PyErr {
    InvalidStateError::new_err(format!(
        "the VecGame cannot write its copy=False output arrays ({}): they were made read-only \
         through their base, or Rust code borrows them; nothing was changed (make them writeable \
         again, or use copy=True)",
        error.to_string().to_lowercase()
    ))
}

/// A contiguous slice of a borrowed array (ours always are).
fn slice<T>(result: Result<&mut [T], AsSliceError>) -> PyResult<&mut [T]> {
    result.map_err(|e| InvalidStateError::new_err(format!("VecGame output array: {e}")))
}

impl Writing<'_> {
    /// The borrowed arrays as the core's output buffers.
    fn buffers(&mut self) -> PyResult<OutBuffers<'_>> {
        Ok(OutBuffers {
            observation: slice(self.observation.as_slice_mut())?,
            history: slice(self.history.as_slice_mut())?,
            mask: slice(self.mask.as_slice_mut())?,
            rewards: slice(self.rewards.as_slice_mut())?,
            dones: slice(self.dones.as_slice_mut())?,
            players: slice(self.players.as_slice_mut())?,
            legal: slice(self.legal.as_slice_mut())?,
        })
    }

    /// Copies the batch's own buffers into the arrays (with the GIL held).
    fn copy_from(&mut self, from: &mut Scratch) -> PyResult<()> {
        let from = from.buffers();
        let to = self.buffers()?;
        to.observation.copy_from_slice(from.observation);
        to.history.copy_from_slice(from.history);
        to.mask.copy_from_slice(from.mask);
        to.rewards.copy_from_slice(from.rewards);
        to.dones.copy_from_slice(from.dones);
        to.players.copy_from_slice(from.players);
        to.legal.copy_from_slice(from.legal);
        Ok(())
    }
}

/// With `copy=False`, the buffers Rust steps into with the GIL released: Python never sees
/// them, so nothing Python does to the shared arrays can tear a step or leave a stale mask.
pub(super) struct Scratch {
    observation: Vec<f32>,
    history: Vec<f32>,
    mask: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    players: Vec<i64>,
    legal: Vec<i64>,
}

/// `len` copies of `value`, or a `MemoryError`.
fn filled<T: Clone>(len: usize, value: T) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        PyMemoryError::new_err(format!("cannot allocate a VecGame buffer of {len} entries"))
    })?;
    v.resize(len, value);
    Ok(v)
}

impl Scratch {
    pub(super) fn new(config: &VecConfig) -> PyResult<Scratch> {
        let n = config.num_games;
        let players = usize::from(config.rules.players);
        Ok(Scratch {
            observation: filled(n * observation_size(config.perfect), 0.0)?,
            history: filled(n * config.history * HISTORY_ROW, 0.0)?,
            mask: filled(n * config.max_actions, false)?,
            rewards: filled(n * players, 0.0)?,
            dones: filled(n, false)?,
            players: filled(n, 0)?,
            legal: filled(n, 0)?,
        })
    }

    fn buffers(&mut self) -> OutBuffers<'_> {
        OutBuffers {
            observation: &mut self.observation,
            history: &mut self.history,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            players: &mut self.players,
            legal: &mut self.legal,
        }
    }
}

/// The `copy=False` state: the shared arrays and the buffers Rust steps into.
pub(super) struct Kept {
    pub(super) arrays: Arrays,
    pub(super) scratch: Scratch,
}

impl Arrays {
    /// Arrays for `config` from numpy's `zeros` or `empty` (`how`), so that a failed allocation
    /// is a `MemoryError` and not a panic.
    pub(super) fn new(py: Python<'_>, config: &VecConfig, how: &str) -> PyResult<Arrays> {
        let n = config.num_games;
        let players = usize::from(config.rules.players);
        let numpy = py.import("numpy")?;
        let zeros = |shape: Vec<usize>, dtype: &str| -> PyResult<Bound<'_, PyAny>> {
            numpy.call_method1(how, (shape, dtype))
        };
        Ok(Arrays {
            observation: zeros(vec![n, observation_size(config.perfect)], "float32")?
                .cast_into::<PyArray2<f32>>()?
                .unbind(),
            history: zeros(vec![n, config.history, HISTORY_ROW], "float32")?
                .cast_into::<PyArray3<f32>>()?
                .unbind(),
            mask: zeros(vec![n, config.max_actions], "bool")?
                .cast_into::<PyArray2<bool>>()?
                .unbind(),
            rewards: zeros(vec![n, players], "float32")?
                .cast_into::<PyArray2<f32>>()?
                .unbind(),
            dones: zeros(vec![n], "bool")?
                .cast_into::<PyArray1<bool>>()?
                .unbind(),
            players: zeros(vec![n], "int64")?
                .cast_into::<PyArray1<i64>>()?
                .unbind(),
            legal: zeros(vec![n], "int64")?
                .cast_into::<PyArray1<i64>>()?
                .unbind(),
        })
    }

    /// Every array borrowed for writing, or an `InvalidStateError` saying why not.
    fn write<'py>(&self, py: Python<'py>) -> PyResult<Writing<'py>> {
        Ok(Writing {
            observation: self
                .observation
                .bind(py)
                .try_readwrite()
                .map_err(unwritable)?,
            history: self.history.bind(py).try_readwrite().map_err(unwritable)?,
            mask: self.mask.bind(py).try_readwrite().map_err(unwritable)?,
            rewards: self.rewards.bind(py).try_readwrite().map_err(unwritable)?,
            dones: self.dones.bind(py).try_readwrite().map_err(unwritable)?,
            players: self.players.bind(py).try_readwrite().map_err(unwritable)?,
            legal: self.legal.bind(py).try_readwrite().map_err(unwritable)?,
        })
    }

    /// Runs `f` (one step, on one `SlotOut` per game) and returns its result and output.
    ///
    /// With `kept` arrays (`copy=False`): checks first that they can be written, so that a
    /// refusal changes nothing; steps into the batch's own buffers with the GIL released; then
    /// copies those into the arrays with the GIL held, so that no Python thread and no Rust
    /// borrow of them (taken with the GIL) ever sees a step half written. Should another thread
    /// make them unwritable during the step, the step goes into new arrays, which are kept from
    /// then on. Without kept arrays (`copy=True`), steps straight into new arrays.
    pub(super) fn step<'py, T: Send>(
        kept: Option<&mut Kept>,
        py: Python<'py>,
        config: &VecConfig,
        f: impl FnOnce(&mut [SlotOut<'_>], &Cancel<'_>) -> CoreResult<T> + Send,
    ) -> PyResult<(T, Output<'py>)> {
        let Some(kept) = kept else {
            let fresh = Arrays::new(py, config, "empty")?;
            fresh
                .legal
                .bind(py)
                .call_method1("fill", (config.max_actions,))?; // whole masks
            let mut writing = fresh.write(py)?;
            let mut slots = config.slots(writing.buffers()?);
            let done = interruptible(py, |cancel| f(&mut slots, cancel))?;
            drop(slots);
            drop(writing);
            return Ok((done, fresh.output(py, true)?));
        };
        drop(kept.arrays.write(py)?);
        let mut slots = config.slots(kept.scratch.buffers());
        let done = interruptible(py, |cancel| f(&mut slots, cancel))?;
        drop(slots);
        if kept.arrays.write(py).is_err() {
            kept.arrays = Arrays::new(py, config, "empty")?;
        }
        kept.arrays.write(py)?.copy_from(&mut kept.scratch)?;
        Ok((done, kept.arrays.output(py, false)?))
    }

    /// The observation dictionary, rewards and dones: the arrays themselves (`owned`), or
    /// read-only views of them.
    fn output<'py>(&self, py: Python<'py>, owned: bool) -> PyResult<Output<'py>> {
        let out = |array: &Bound<'py, PyAny>| -> PyResult<Bound<'py, PyAny>> {
            if owned {
                return Ok(array.clone());
            }
            let view = array.call_method0("view")?;
            view.call_method("setflags", (), Some(&[("write", false)].into_py_dict(py)?))?;
            Ok(view)
        };
        let obs = PyDict::new(py);
        obs.set_item("observation", out(self.observation.bind(py).as_any())?)?;
        obs.set_item("history", out(self.history.bind(py).as_any())?)?;
        obs.set_item("action_mask", out(self.mask.bind(py).as_any())?)?;
        obs.set_item("current_player", out(self.players.bind(py).as_any())?)?;
        obs.set_item("num_legal", out(self.legal.bind(py).as_any())?)?;
        let rewards = out(self.rewards.bind(py).as_any())?;
        Ok((obs, rewards, out(self.dones.bind(py).as_any())?))
    }
}

/// What `reset` and `step` return: observations, rewards, dones.
pub(super) type Output<'py> = (Bound<'py, PyDict>, Bound<'py, PyAny>, Bound<'py, PyAny>);
