//! Built-in agents named from Python: a spec string (`"greedy"`, `"search(determinizations=4)"`,
//! `"learned(model=PATH)"`), a `LearnedModel` (the learned agent playing it), or any object
//! with a `model` attribute holding a `LearnedModel` or a `spec` attribute holding a spec (both:
//! the spec's agent playing that model, [`agent_arg`]).

use crate::args::not_a_string;
use crate::errors::{to_py, ArgumentTypeError};
use crate::learned::PyLearnedModel;
use crate::rules::PyRules;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Arc;
use zhengfen_core::agents::{Agent, Learned};
use zhengfen_core::learned::Model;

/// The model an object carries: a `LearnedModel` itself, or its `model` attribute.
fn model_arg(obj: &Bound<'_, PyAny>) -> Option<Arc<Model>> {
    let model = match obj.cast::<PyLearnedModel>() {
        Ok(model) => model.clone(),
        Err(_) => obj
            .getattr("model")
            .ok()?
            .cast_into::<PyLearnedModel>()
            .ok()?,
    };
    let model = model.get().model.clone();
    Some(model)
}

/// The spec an object names: a string itself, or its `spec` attribute.
fn spec_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(Some(text.to_cow()?.into_owned()));
    }
    match obj.getattr("spec") {
        Ok(spec) => spec
            .extract::<String>()
            .map(Some)
            .map_err(|_| ArgumentTypeError::new_err("an agent's 'spec' must be a string")),
        Err(_) => Ok(None),
    }
}

/// The built-in agent `obj` names. An object carrying a model plays it: a learned agent, or a
/// searcher whose learned policy's file (`ismcts(policy=learned(model=PATH))`) is then never
/// read, so the model read once travels with the object (to threads, processes, Ray).
pub fn agent_arg(obj: &Bound<'_, PyAny>) -> PyResult<Agent> {
    let model = model_arg(obj);
    let spec = if obj.cast::<PyLearnedModel>().is_ok() {
        None
    } else {
        spec_arg(obj)?
    };
    match (spec, model) {
        (Some(spec), Some(model)) if !spec.trim_start().starts_with("learned") => {
            Agent::parse_unread(&spec)
                .and_then(|agent| agent.with_model(model))
                .map_err(to_py)
        }
        (_, Some(model)) => Ok(Agent::Learned(Learned::from_model(model, None))),
        (Some(spec), None) => Agent::parse(&spec).map_err(to_py),
        (None, None) => Err(ArgumentTypeError::new_err(
            "expected a built-in agent: a spec string such as 'greedy', a LearnedModel, or an \
             object with a 'spec'",
        )),
    }
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

/// An agent spec's parts: its name, its settings (each a name and its value's text) and the
/// model file it names.
type SpecParts = (&'static str, Vec<(&'static str, String)>, Option<String>);

/// What the core reads in a spec, no model file read: the agent's name, its settings in the
/// canonical spec's order and the model file it names.
#[pyfunction]
pub fn agent_parts(spec: &str) -> PyResult<SpecParts> {
    let agent = Agent::parse_unread(spec).map_err(to_py)?;
    let file = agent.model_file().map(str::to_owned);
    Ok((agent.name(), agent.settings(), file))
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
