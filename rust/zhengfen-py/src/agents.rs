//! Built-in agents named from Python: a spec string (`"greedy"`, `"search(determinizations=4)"`,
//! `"learned(model=PATH)"`), a `LearnedModel` (the learned agent playing it), or any object
//! with a `model` attribute holding a `LearnedModel` or a `spec` attribute holding a spec.

use crate::args::not_a_string;
use crate::errors::{to_py, ArgumentTypeError};
use crate::learned::PyLearnedModel;
use crate::rules::PyRules;
use pyo3::prelude::*;
use pyo3::types::PyString;
use zhengfen_core::agents::{Agent, Learned};

/// The learned agent of a `LearnedModel`, or of an object whose `model` is one.
fn learned_arg(obj: &Bound<'_, PyAny>) -> Option<Agent> {
    let model = match obj.cast::<PyLearnedModel>() {
        Ok(model) => model.clone(),
        Err(_) => obj
            .getattr("model")
            .ok()?
            .cast_into::<PyLearnedModel>()
            .ok()?,
    };
    let model = model.get().model.clone();
    Some(Agent::Learned(Learned::from_model(model, None)))
}

/// The built-in agent `obj` names.
pub fn agent_arg(obj: &Bound<'_, PyAny>) -> PyResult<Agent> {
    if let Some(agent) = learned_arg(obj) {
        return Ok(agent);
    }
    let spec = if let Ok(text) = obj.cast::<PyString>() {
        text.to_cow()?.into_owned()
    } else if let Ok(spec) = obj.getattr("spec") {
        spec.extract::<String>()
            .map_err(|_| ArgumentTypeError::new_err("an agent's 'spec' must be a string"))?
    } else {
        return Err(ArgumentTypeError::new_err(
            "expected a built-in agent: a spec string such as 'greedy', a LearnedModel, or an \
             object with a 'spec'",
        ));
    };
    Agent::parse(&spec).map_err(to_py)
}

/// Per-seat agents from Python: `None` or a list with `None` for learner seats.
pub fn seat_agents(
    agents: Option<&Bound<'_, PyAny>>,
    players: usize,
) -> PyResult<Vec<Option<Agent>>> {
    let Some(agents) = agents else {
        return Ok(vec![None; players]);
    };
    not_a_string(agents, "agents", "a list with one entry per seat")?;
    let mut out = Vec::new();
    for item in agents.try_iter()? {
        let item = item?;
        out.push(if item.is_none() {
            None
        } else {
            Some(agent_arg(&item)?)
        });
    }
    Ok(out)
}

/// The canonical spec of an agent spec (`"search"` → `"search(determinizations=8,candidates=8)"`).
/// With `rules`, the agent is first bound to them as every entry point binds it: `learned` is
/// refused where no model ships for them, a model for other rules is refused (`ModelError`).
#[pyfunction]
#[pyo3(signature = (agent, rules = None))]
pub fn agent_spec(agent: &Bound<'_, PyAny>, rules: Option<&PyRules>) -> PyResult<String> {
    let agent = agent_arg(agent)?;
    match rules {
        Some(rules) => Ok(agent.bind(&rules.rules).map_err(to_py)?.to_string()),
        None => Ok(agent.to_string()),
    }
}
