//! The move indices handed to `VecGame.step`, read from a numpy array or a sequence.

use crate::args::{int_arg, not_a_string, shown};
use crate::errors::{ArgumentError, ArgumentTypeError};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyInt;

/// Move indices, one per game: an integer numpy array (read under the GIL, so never while a
/// batch writes it) or any sequence of integers (by the rule of `args`); not bools, floats or
/// a string.
pub(super) fn actions_arg(actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(array) = actions.cast::<PyArray1<i64>>() {
        let read = array.try_readonly().map_err(|e| {
            ArgumentError::new_err(format!(
                "actions cannot be read: {}",
                e.to_string().to_lowercase()
            ))
        })?;
        return Ok(read.as_array().iter().copied().collect());
    }
    not_a_string(actions, "actions", "a sequence or array of integers")?;
    if let Ok(kind) = actions.getattr("dtype").and_then(|d| d.getattr("kind")) {
        let kind: String = kind.extract().unwrap_or_default();
        if kind != "i" && kind != "u" {
            return Err(ArgumentTypeError::new_err(format!(
                "actions must be integers, not an array of dtype {}",
                shown(&actions.getattr("dtype")?)
            )));
        }
    }
    let items = actions.try_iter().map_err(|_| {
        ArgumentTypeError::new_err(format!(
            "actions must be a sequence or array of integers, not {}",
            shown(actions)
        ))
    })?;
    let mut out = Vec::new();
    for (j, item) in items.enumerate() {
        let item = item?;
        let plain = item
            .is_exact_instance_of::<PyInt>()
            .then(|| item.extract::<i64>().ok());
        match plain.flatten() {
            Some(action) => out.push(action), // the common case, without naming the entry
            None => out.push(int_arg(&item, &format!("actions[{j}]"), ACTIONS)?),
        }
    }
    Ok(out)
}

/// The range of an action value (the core then checks it is offered).
const ACTIONS: std::ops::RangeInclusive<i128> = i64::MIN as i128..=i64::MAX as i128;
