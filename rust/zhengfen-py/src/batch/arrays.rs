//! The output arrays of `VecGame` (`AI.md` §2): numpy arrays the core steps straight into with
//! the GIL released. With `copy=False` a batch keeps two sets and writes each step into the one
//! the step before did not use, handing out read-only views; with `copy=True` every step gets
//! new arrays, handed over.

use crate::errors::InvalidStateError;
use crate::interrupt::interruptible;
use numpy::{AsSliceError, BorrowError, Element, PyArrayDyn, PyArrayMethods, PyReadwriteArrayDyn};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict};
use zhengfen_core::batch::{Dtype, Mask, MaskKind, OutBuffers, Values, VecConfig};
use zhengfen_core::cancel::Cancel;
use zhengfen_core::encode::{HISTORY_ROW, SCORES_SIZE};
use zhengfen_core::error::Result as CoreResult;

/// An array of encoded values, in the batch's storage.
enum ValuesArray {
    Bytes(Py<PyArrayDyn<u8>>),
    Floats(Py<PyArrayDyn<f32>>),
}

/// The batch's masks, if it writes them.
enum MaskArray {
    None,
    Dense(Py<PyArrayDyn<bool>>),
    Packed(Py<PyArrayDyn<u8>>),
}

/// One set of output arrays, and (`copy=False`) the read-only views of them handed out, made
/// once.
pub(super) struct Arrays {
    views: Option<Views>,
    observation: ValuesArray,
    scores: Py<PyArrayDyn<i32>>,
    history: ValuesArray,
    mask: MaskArray,
    rewards: Py<PyArrayDyn<f32>>,
    dones: Py<PyArrayDyn<bool>>,
    players: Py<PyArrayDyn<i64>>,
    legal: Py<PyArrayDyn<i64>>,
    /// The forced-move counts, with `play_forced`.
    forced: Option<Py<PyArrayDyn<i64>>>,
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

/// An array borrowed for writing.
type Borrowed<'py, T> = PyReadwriteArrayDyn<'py, T>;

fn borrow<'py, T: Element>(
    py: Python<'py>,
    array: &Py<PyArrayDyn<T>>,
) -> PyResult<Borrowed<'py, T>> {
    array.bind(py).try_readwrite().map_err(unwritable)
}

/// A [`ValuesArray`] borrowed for writing.
enum ValuesWriting<'py> {
    Bytes(Borrowed<'py, u8>),
    Floats(Borrowed<'py, f32>),
}

/// A [`MaskArray`] borrowed for writing.
enum MaskWriting<'py> {
    None,
    Dense(Borrowed<'py, bool>),
    Packed(Borrowed<'py, u8>),
}

/// Every array of a set borrowed for writing (numpy's borrow checking of Rust borrows).
struct Writing<'py> {
    observation: ValuesWriting<'py>,
    scores: Borrowed<'py, i32>,
    history: ValuesWriting<'py>,
    mask: MaskWriting<'py>,
    rewards: Borrowed<'py, f32>,
    dones: Borrowed<'py, bool>,
    players: Borrowed<'py, i64>,
    legal: Borrowed<'py, i64>,
    forced: Option<Borrowed<'py, i64>>,
}

impl ValuesArray {
    fn borrow<'py>(&self, py: Python<'py>) -> PyResult<ValuesWriting<'py>> {
        Ok(match self {
            ValuesArray::Bytes(a) => ValuesWriting::Bytes(borrow(py, a)?),
            ValuesArray::Floats(a) => ValuesWriting::Floats(borrow(py, a)?),
        })
    }

    fn bind<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        match self {
            ValuesArray::Bytes(a) => a.bind(py).clone().into_any(),
            ValuesArray::Floats(a) => a.bind(py).clone().into_any(),
        }
    }
}

impl ValuesWriting<'_> {
    fn values(&mut self) -> PyResult<Values<'_>> {
        Ok(match self {
            ValuesWriting::Bytes(a) => Values::Bytes(slice(a.as_slice_mut())?),
            ValuesWriting::Floats(a) => Values::Floats(slice(a.as_slice_mut())?),
        })
    }
}

impl Writing<'_> {
    /// The borrowed arrays as the core's output buffers.
    fn buffers(&mut self) -> PyResult<OutBuffers<'_>> {
        Ok(OutBuffers {
            observation: self.observation.values()?,
            scores: slice(self.scores.as_slice_mut())?,
            history: self.history.values()?,
            mask: match &mut self.mask {
                MaskWriting::None => Mask::None,
                MaskWriting::Dense(a) => Mask::Dense(slice(a.as_slice_mut())?),
                MaskWriting::Packed(a) => Mask::Packed(slice(a.as_slice_mut())?),
            },
            rewards: slice(self.rewards.as_slice_mut())?,
            dones: slice(self.dones.as_slice_mut())?,
            players: slice(self.players.as_slice_mut())?,
            legal: slice(self.legal.as_slice_mut())?,
            forced: match &mut self.forced {
                Some(a) => slice(a.as_slice_mut())?,
                None => &mut [],
            },
        })
    }
}

/// The `copy=False` state: two sets of arrays, and which one the next step writes.
pub(super) struct Kept {
    sets: [Arrays; 2],
    next: usize,
}

impl Kept {
    pub(super) fn new(py: Python<'_>, config: &VecConfig) -> PyResult<Kept> {
        Ok(Kept {
            sets: [Arrays::new(py, config)?, Arrays::new(py, config)?],
            next: 0,
        })
    }
}

/// A new numpy array of `shape` and `dtype` (numpy's `zeros`, so that a failed allocation is a
/// `MemoryError` and not a panic).
fn zeros<'py, T: Element>(
    py: Python<'py>,
    shape: &[usize],
    dtype: &str,
) -> PyResult<Py<PyArrayDyn<T>>> {
    let array = py
        .import("numpy")?
        .call_method1("zeros", (shape.to_vec(), dtype))?;
    Ok(array.cast_into::<PyArrayDyn<T>>()?.unbind())
}

impl ValuesArray {
    fn new(py: Python<'_>, shape: &[usize], dtype: Dtype) -> PyResult<ValuesArray> {
        Ok(match dtype {
            Dtype::Uint8 => ValuesArray::Bytes(zeros(py, shape, "uint8")?),
            Dtype::Float32 => ValuesArray::Floats(zeros(py, shape, "float32")?),
        })
    }
}

impl Arrays {
    /// Zeroed arrays for `config`.
    pub(super) fn new(py: Python<'_>, config: &VecConfig) -> PyResult<Arrays> {
        let n = config.num_games;
        let w = config.widths();
        Ok(Arrays {
            views: None,
            observation: ValuesArray::new(py, &[n, w.observation], config.dtype)?,
            scores: zeros(py, &[n, SCORES_SIZE], "int32")?,
            history: ValuesArray::new(py, &[n, config.history, HISTORY_ROW], config.dtype)?,
            mask: match config.mask {
                MaskKind::None => MaskArray::None,
                MaskKind::Dense => MaskArray::Dense(zeros(py, &[n, w.mask], "bool")?),
                MaskKind::Packed => MaskArray::Packed(zeros(py, &[n, w.mask], "uint8")?),
            },
            rewards: zeros(py, &[n, w.rewards], "float32")?,
            dones: zeros(py, &[n], "bool")?,
            players: zeros(py, &[n], "int64")?,
            legal: zeros(py, &[n], "int64")?,
            forced: if config.play_forced {
                Some(zeros(py, &[n], "int64")?)
            } else {
                None
            },
        })
    }

    /// Every array borrowed for writing, or an `InvalidStateError` saying why not.
    fn write<'py>(&self, py: Python<'py>) -> PyResult<Writing<'py>> {
        Ok(Writing {
            observation: self.observation.borrow(py)?,
            scores: borrow(py, &self.scores)?,
            history: self.history.borrow(py)?,
            mask: match &self.mask {
                MaskArray::None => MaskWriting::None,
                MaskArray::Dense(a) => MaskWriting::Dense(borrow(py, a)?),
                MaskArray::Packed(a) => MaskWriting::Packed(borrow(py, a)?),
            },
            rewards: borrow(py, &self.rewards)?,
            dones: borrow(py, &self.dones)?,
            players: borrow(py, &self.players)?,
            legal: borrow(py, &self.legal)?,
            forced: self.forced.as_ref().map(|a| borrow(py, a)).transpose()?,
        })
    }

    /// Runs `f` (one step of the whole batch) into `self` with the GIL released, after
    /// borrowing every array (so that a refusal changes nothing).
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(OutBuffers<'_>, &Cancel<'_>) -> CoreResult<T> + Send,
    ) -> PyResult<T> {
        let mut writing = self.write(py)?;
        let buffers = writing.buffers()?;
        interruptible(py, |cancel| f(buffers, cancel))
    }

    /// Runs `f` (one step) and returns its result and output: into the kept set the last step
    /// did not use (`copy=False`), handing out read-only views, or into new arrays handed
    /// over (`copy=True`).
    pub(super) fn step<'py, T: Send>(
        kept: Option<&mut Kept>,
        py: Python<'py>,
        config: &VecConfig,
        f: impl FnOnce(OutBuffers<'_>, &Cancel<'_>) -> CoreResult<T> + Send,
    ) -> PyResult<(T, Output<'py>)> {
        let Some(kept) = kept else {
            let fresh = Arrays::new(py, config)?;
            let done = fresh.run(py, f)?;
            return Ok((done, fresh.output(py)?));
        };
        let set = &mut kept.sets[kept.next];
        let done = set.run(py, f)?;
        kept.next = 1 - kept.next;
        Ok((done, set.views(py)?.output(py)?))
    }

    /// The arrays in `reset`'s and `step`'s shape.
    fn named<'py>(&self, py: Python<'py>) -> Named<Bound<'py, PyAny>> {
        let any = |a: &Bound<'py, PyAny>| a.clone();
        Named {
            observation: self.observation.bind(py),
            scores: any(self.scores.bind(py).as_any()),
            history: self.history.bind(py),
            mask: match &self.mask {
                MaskArray::None => None,
                MaskArray::Dense(a) => Some(any(a.bind(py).as_any())),
                MaskArray::Packed(a) => Some(any(a.bind(py).as_any())),
            },
            players: any(self.players.bind(py).as_any()),
            legal: any(self.legal.bind(py).as_any()),
            forced: self.forced.as_ref().map(|a| any(a.bind(py).as_any())),
            rewards: any(self.rewards.bind(py).as_any()),
            dones: any(self.dones.bind(py).as_any()),
        }
    }

    /// The arrays themselves, handed over (`copy=True`).
    fn output<'py>(&self, py: Python<'py>) -> PyResult<Output<'py>> {
        self.named(py).output(py)
    }

    /// The read-only views of the arrays, made on first use.
    fn views(&mut self, py: Python<'_>) -> PyResult<&Views> {
        if self.views.is_none() {
            let views = self.named(py).map(|array| -> PyResult<Py<PyAny>> {
                let view = array.call_method0("view")?;
                view.call_method("setflags", (), Some(&[("write", false)].into_py_dict(py)?))?;
                Ok(view.unbind())
            })?;
            self.views = Some(views);
        }
        Ok(self.views.as_ref().expect("the views were just made"))
    }
}

/// The arrays of one set by name, as `reset` and `step` return them.
struct Named<T> {
    observation: T,
    scores: T,
    history: T,
    mask: Option<T>,
    players: T,
    legal: T,
    forced: Option<T>,
    rewards: T,
    dones: T,
}

/// The read-only views of a set's arrays.
type Views = Named<Py<PyAny>>;

impl<T> Named<T> {
    fn map<U>(self, f: impl Fn(T) -> PyResult<U>) -> PyResult<Named<U>> {
        Ok(Named {
            observation: f(self.observation)?,
            scores: f(self.scores)?,
            history: f(self.history)?,
            mask: self.mask.map(&f).transpose()?,
            players: f(self.players)?,
            legal: f(self.legal)?,
            forced: self.forced.map(&f).transpose()?,
            rewards: f(self.rewards)?,
            dones: f(self.dones)?,
        })
    }
}

impl Named<Bound<'_, PyAny>> {
    /// The observation dictionary, rewards and dones.
    fn output<'py>(self, py: Python<'py>) -> PyResult<Output<'py>>
    where
        Self: 'py,
    {
        let obs = PyDict::new(py);
        obs.set_item("observation", self.observation)?;
        obs.set_item("scores", self.scores)?;
        obs.set_item("history", self.history)?;
        if let Some(mask) = self.mask {
            obs.set_item("action_mask", mask)?;
        }
        obs.set_item("current_player", self.players)?;
        obs.set_item("num_legal", self.legal)?;
        if let Some(forced) = self.forced {
            obs.set_item("forced", forced)?;
        }
        Ok((obs, self.rewards, self.dones))
    }
}

impl Views {
    /// The observation dictionary, rewards and dones, as views.
    fn output<'py>(&self, py: Python<'py>) -> PyResult<Output<'py>> {
        let bind = |v: &Py<PyAny>| v.bind(py).clone();
        Named {
            observation: bind(&self.observation),
            scores: bind(&self.scores),
            history: bind(&self.history),
            mask: self.mask.as_ref().map(bind),
            players: bind(&self.players),
            legal: bind(&self.legal),
            forced: self.forced.as_ref().map(bind),
            rewards: bind(&self.rewards),
            dones: bind(&self.dones),
        }
        .output(py)
    }
}

/// What `reset` and `step` return: observations, rewards, dones.
pub(super) type Output<'py> = (Bound<'py, PyDict>, Bound<'py, PyAny>, Bound<'py, PyAny>);
