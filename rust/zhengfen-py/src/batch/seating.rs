//! The core's seating rule (`zhengfen_core::batch::seating`, AI.md §3) as Python functions:
//! arguments read, nothing decided here.

use crate::args::{self, int_arg, not_a_string, U32};
use crate::errors::ArgumentTypeError;
use pyo3::prelude::*;
use zhengfen_core::batch::seating as core;

/// Per seat, the index of the agent sitting there at `rotation`, for `players` seats.
#[pyfunction]
fn seating(players: &Bound<'_, PyAny>, rotation: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    let players: usize = int_arg(players, "players", 1..=i128::from(u8::MAX))?;
    let rotation = int_arg(rotation, "rotation", 0..=U32)?;
    Ok(core::seating(players, rotation))
}

/// The rotations of `agents` (one spec per seat at rotation 0) played on each deal: every
/// distinct one with `duplicate`, else 1.
#[pyfunction]
#[pyo3(signature = (agents, duplicate = true))]
fn rotations(
    agents: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::duplicate)] duplicate: bool,
) -> PyResult<u32> {
    not_a_string(agents, "agents", "a list of agent names, one per seat")?;
    let agents: Vec<String> = agents.extract().map_err(|_| {
        ArgumentTypeError::new_err("agents must be a list of agent names (strings), one per seat")
    })?;
    Ok(core::rotations(&agents, duplicate))
}

/// Adds the seating functions.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(seating, m)?)?;
    m.add_function(wrap_pyfunction!(rotations, m)?)?;
    Ok(())
}
