//! Ctrl-C and a caller's stop for long Rust work. [`interruptible`] runs core work with the GIL
//! released and a [`Cancel`] whose poll takes the GIL back at a coarse interval
//! (`POLL_INTERVAL`, 50 ms) on the caller's thread to run `Python::check_signals`; when a signal
//! handler raises (Ctrl-C: `KeyboardInterrupt`), the work stops soon after and that exception is
//! the result. [`stoppable`] also calls a caller's `stop` there: a thread that is not the main
//! one gets no signals, so a server's worker thread is stopped this way.

use crate::errors::to_py;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use std::sync::Mutex;
use zhengfen_core::cancel::Cancel;
use zhengfen_core::error::{Error, Result};

/// Runs `work` with the GIL released, stopping it on Ctrl-C; core errors become the
/// exceptions of `zhengfen.errors` (see `errors::to_py`).
pub fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&Cancel<'_>) -> Result<T> + Send,
{
    stoppable(py, None, work)
}

/// [`interruptible`], also stopping when `stop()` (called at each poll, on this thread) raises
/// (its exception is the result) or returns true (`KeyboardInterrupt("stopped")`).
pub fn stoppable<T, F>(py: Python<'_>, stop: Option<Py<PyAny>>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&Cancel<'_>) -> Result<T> + Send,
{
    let raised: Mutex<Option<PyErr>> = Mutex::new(None);
    let poll = || {
        Python::attach(|py| match poll_once(py, stop.as_ref()) {
            Ok(()) => false,
            Err(error) => {
                if let Ok(mut slot) = raised.lock() {
                    *slot = Some(error);
                }
                true
            }
        })
    };
    let result = py.detach(|| work(&Cancel::polling(&poll)));
    match result {
        Ok(value) => Ok(value),
        Err(Error::Cancelled) => Err(raised
            .into_inner()
            .ok()
            .flatten()
            .unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))),
        Err(error) => Err(to_py(error)),
    }
}

/// One poll: the signal handlers, then `stop`; an error means stop.
fn poll_once(py: Python<'_>, stop: Option<&Py<PyAny>>) -> PyResult<()> {
    py.check_signals()?;
    match stop {
        Some(stop) if stop.call0(py)?.is_truthy(py)? => {
            Err(PyKeyboardInterrupt::new_err("stopped"))
        }
        _ => Ok(()),
    }
}
