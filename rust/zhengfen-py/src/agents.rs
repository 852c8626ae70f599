//! Built-in agents named from Python: a spec string (`"greedy"`, `"search(determinizations=4)"`)
//! or any object with a `spec` attribute holding one.

use crate::errors::{to_py, ArgumentTypeError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use zhengfen_core::agents::Agent;

/// The built-in agent `obj` names.
pub fn agent_arg(obj: &Bound<'_, PyAny>) -> PyResult<Agent> {
    let spec = if let Ok(text) = obj.cast::<PyString>() {
        text.to_cow()?.into_owned()
    } else if let Ok(spec) = obj.getattr("spec") {
        spec.extract::<String>()
            .map_err(|_| ArgumentTypeError::new_err("an agent's 'spec' must be a string"))?
    } else {
        return Err(ArgumentTypeError::new_err(
            "expected a built-in agent: a spec string such as 'greedy', or an object with a 'spec'",
        ));
    };
    Agent::parse(&spec).map_err(to_py)
}

/// The canonical spec of an agent spec (`"search"` → `"search(determinizations=8,candidates=8)"`).
#[pyfunction]
pub fn agent_spec(agent: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(agent_arg(agent)?.to_string())
}
