//! Built-in agents from Python: `AgentSpec`, a built-in agent (`zhengfen_core::agents::Agent`)
//! made from typed settings (`AgentSpec.search(...)`, `AgentSpec.ismcts(...)`, no text read) or
//! from a spec read once by the core's parser (its model read with it), and what every
//! function taking an agent accepts ([`agent_arg`]): an `AgentSpec` (used as it is, never read
//! again), a spec string (read there, at the edge) or a `LearnedModel` (the learned agent
//! playing it).

use crate::args::{self, not_a_string};
use crate::errors::{to_py, ArgumentTypeError};
use crate::learned::PyLearnedModel;
use crate::rules::PyRules;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Arc;
use zhengfen_core::agents::{Agent, Ismcts, Learned, Playout, Policy, Search, Sparta};
use zhengfen_core::learned::Model;

/// A built-in agent, its spec read once: its name, settings and, for a learned agent or a
/// searcher guided by one, its model. Functions that take agents use it as it is.
#[pyclass(name = "AgentSpec", module = "zhengfen", frozen, eq)]
pub struct PyAgentSpec {
    pub agent: Agent,
}

impl PartialEq for PyAgentSpec {
    /// The same spec and the same weights (wherever they were read from: a model unpickled
    /// from its bytes equals the one read from the file).
    fn eq(&self, other: &PyAgentSpec) -> bool {
        let same_weights = match (self.held_model(), other.held_model()) {
            (Some(a), Some(b)) => {
                Arc::ptr_eq(a, b) || a.to_bytes(false).ok() == b.to_bytes(false).ok()
            }
            (None, None) => true,
            _ => false,
        };
        self.key() == other.key() && same_weights
    }
}

impl PyAgentSpec {
    /// The model it plays or searches with, if it holds one.
    fn held_model(&self) -> Option<&Arc<Model>> {
        match &self.agent {
            Agent::Learned(learned) => learned.model.as_ref(),
            Agent::Ismcts(Ismcts {
                policy: Policy::Learned(learned),
                ..
            }) => learned.model.as_ref(),
            Agent::Sparta(Sparta {
                policy: Policy::Learned(learned),
                ..
            }) => learned.model.as_ref(),
            _ => None,
        }
    }

    /// The spec of its settings, a model given without a file (`AgentSpec.learned(model)`,
    /// or found by `bind`) left out, as it names no file to read again: what it pickles as
    /// beside its model, and what equality and hashing compare beside the weights.
    fn key(&self) -> String {
        let unnamed = || Learned {
            path: None,
            model: None,
        };
        match &self.agent {
            Agent::Learned(Learned { path: None, .. }) => Agent::Learned(unnamed()).to_string(),
            Agent::Ismcts(ismcts) => match &ismcts.policy {
                Policy::Learned(Learned { path: None, .. }) => Agent::Ismcts(Ismcts {
                    policy: Policy::Learned(unnamed()),
                    ..ismcts.clone()
                })
                .to_string(),
                _ => self.agent.to_string(),
            },
            Agent::Sparta(sparta) => match &sparta.policy {
                Policy::Learned(Learned { path: None, .. }) => Agent::Sparta(Sparta {
                    policy: Policy::Learned(unnamed()),
                    ..sparta.clone()
                })
                .to_string(),
                _ => self.agent.to_string(),
            },
            other => other.to_string(),
        }
    }
}

/// What an `AgentSpec` pickles as: its spec and its model.
type Kept = (String, Option<PyLearnedModel>);

#[pymethods]
impl PyAgentSpec {
    /// The agent `spec` names, read by the core's parser; a model file it names is read now
    /// (`ModelError` if it cannot be), so the object carries the weights.
    #[new]
    fn new(py: Python<'_>, spec: &str) -> PyResult<PyAgentSpec> {
        let agent = py.detach(|| Agent::parse(spec)).map_err(to_py)?;
        Ok(PyAgentSpec { agent })
    }

    /// The random agent, no spec text read.
    #[staticmethod]
    fn random() -> PyAgentSpec {
        PyAgentSpec {
            agent: Agent::Random,
        }
    }

    /// The greedy agent, no spec text read.
    #[staticmethod]
    fn greedy() -> PyAgentSpec {
        PyAgentSpec {
            agent: Agent::Greedy,
        }
    }

    /// The search agent with these settings, each an integer from 1 to 10,000
    /// (`ArgumentError` otherwise), no spec text read.
    #[staticmethod]
    #[pyo3(signature = (determinizations = 8, candidates = 8))]
    fn search(
        #[pyo3(from_py_with = args::determinizations)] determinizations: u32,
        #[pyo3(from_py_with = args::candidates)] candidates: u32,
    ) -> PyResult<PyAgentSpec> {
        let search = Search {
            determinizations,
            candidates,
        };
        Ok(PyAgentSpec {
            agent: Agent::Search(search.checked().map_err(to_py)?),
        })
    }

    /// The IS-MCTS agent with these settings, no spec text read: those left `None` take the
    /// policy's defaults (`declare` 0: a declaration searches `iterations` too). `playout` is
    /// `"random"`, `"greedy"`, `"learned"` or `"value"`; `policy` is `"greedy"`, `"learned"`
    /// (the model shipped for the rules it is bound to), a learned agent's `AgentSpec` or a
    /// `LearnedModel`. Out of range, `ArgumentError`, as for a spec; a model file the policy
    /// names is read now.
    #[staticmethod]
    #[pyo3(signature = (iterations = None, playout = None, exploration = None, candidates = None, policy = None, declare = None))]
    fn ismcts(
        py: Python<'_>,
        #[pyo3(from_py_with = args::iterations)] iterations: Option<u32>,
        playout: Option<&str>,
        #[pyo3(from_py_with = args::exploration)] exploration: Option<f64>,
        #[pyo3(from_py_with = args::ismcts_candidates)] candidates: Option<u32>,
        policy: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::declare)] declare: Option<u32>,
    ) -> PyResult<PyAgentSpec> {
        let mut ismcts =
            Ismcts::with_policy(policy.map_or(Ok(Policy::Greedy), |p| policy_arg(p, "ismcts"))?);
        ismcts.iterations = iterations.unwrap_or(ismcts.iterations);
        ismcts.candidates = candidates.unwrap_or(ismcts.candidates);
        ismcts.exploration = exploration.unwrap_or(ismcts.exploration);
        ismcts.declare = declare.unwrap_or(ismcts.declare);
        if let Some(name) = playout {
            ismcts.playout = Playout::parse(name).ok_or_else(|| {
                crate::errors::ArgumentError::new_err(format!(
                    "playout {name:?}: it must be random, greedy, learned or value"
                ))
            })?;
        }
        let agent = Agent::Ismcts(ismcts.checked().map_err(to_py)?);
        let agent = py.detach(|| agent.read_model_file()).map_err(to_py)?;
        Ok(PyAgentSpec { agent })
    }

    /// The SPARTA agent with these settings, no spec text read: those left `None` keep their
    /// defaults (`policy` `"learned"`, the model shipped for the rules it is bound to; `tree`
    /// 0, the blueprint's own move kept by default; `belief` 0, every world weighing the same).
    /// `policy` is `"greedy"`, `"learned"`, a learned agent's `AgentSpec` or a `LearnedModel`.
    /// Out of range, `ArgumentError`, as for a spec; a model file the policy names is read now.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)] // one argument a setting, as Python's keywords name them
    #[pyo3(signature = (candidates = None, budget = None, threshold = None, z = None, policy = None, tree = None, belief = None))]
    fn sparta(
        py: Python<'_>,
        #[pyo3(from_py_with = args::ismcts_candidates)] candidates: Option<u32>,
        #[pyo3(from_py_with = args::budget)] budget: Option<u32>,
        #[pyo3(from_py_with = args::threshold)] threshold: Option<f64>,
        #[pyo3(from_py_with = args::z)] z: Option<f64>,
        policy: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::tree)] tree: Option<u32>,
        #[pyo3(from_py_with = args::belief)] belief: Option<f64>,
    ) -> PyResult<PyAgentSpec> {
        let mut sparta = Sparta::default();
        sparta.candidates = candidates.unwrap_or(sparta.candidates);
        sparta.budget = budget.unwrap_or(sparta.budget);
        sparta.threshold = threshold.unwrap_or(sparta.threshold);
        sparta.z = z.unwrap_or(sparta.z);
        sparta.tree = tree.unwrap_or(sparta.tree);
        sparta.belief = belief.unwrap_or(sparta.belief);
        if let Some(policy) = policy {
            sparta.policy = policy_arg(policy, "sparta")?;
        }
        let agent = Agent::Sparta(sparta.checked().map_err(to_py)?);
        let agent = py.detach(|| agent.read_model_file()).map_err(to_py)?;
        Ok(PyAgentSpec { agent })
    }

    /// The learned agent playing `model`, no spec text read: a `LearnedModel`, the path of a
    /// model file (read now; the spec names it, quoted where it must be), or `None` for
    /// `learned`, the model shipped for the rules it is bound to.
    #[staticmethod]
    #[pyo3(signature = (model = None))]
    fn learned(py: Python<'_>, model: Option<&Bound<'_, PyAny>>) -> PyResult<PyAgentSpec> {
        let learned = match model {
            None => Learned {
                path: None,
                model: None,
            },
            Some(given) => match given.cast::<PyLearnedModel>() {
                Ok(model) => Learned::from_model(model.get().model.clone(), None),
                Err(_) => {
                    let path = path_arg(given)?;
                    let unread = Learned {
                        path: Some(path),
                        model: None,
                    };
                    py.detach(|| unread.read_file()).map_err(to_py)?
                }
            },
        };
        Ok(PyAgentSpec {
            agent: Agent::Learned(learned),
        })
    }

    /// This agent playing `model` instead of the one its spec names: a learned agent, or a
    /// searcher with a learned policy (its spec unchanged); any other agent is refused.
    fn with_model(&self, model: &PyLearnedModel) -> PyResult<PyAgentSpec> {
        let agent = self.agent.clone().with_model(model.model.clone());
        Ok(PyAgentSpec {
            agent: agent.map_err(to_py)?,
        })
    }

    /// This agent bound to `rules`, as every entry point binds it: `learned` gets the model
    /// shipped for them (`ModelError` where none ships), a model is checked against them.
    fn bind(&self, rules: &PyRules) -> PyResult<PyAgentSpec> {
        let agent = self.agent.bind(&rules.rules).map_err(to_py)?;
        Ok(PyAgentSpec { agent })
    }

    /// The canonical spec (a path quoted where it must be), which reads back as this agent.
    #[getter]
    fn spec(&self) -> String {
        self.agent.to_string()
    }

    /// The agent's name: `random`, `greedy`, `search`, `ismcts`, `sparta` or `learned`.
    #[getter]
    fn name(&self) -> &'static str {
        self.agent.name()
    }

    /// Its settings as the spec writes them, in order: `(name, value's text)` pairs.
    #[getter]
    fn settings(&self) -> Vec<(&'static str, String)> {
        self.agent.settings()
    }

    /// The model file its spec names (a learned agent's, or a searcher's learned policy's).
    #[getter]
    fn model_file(&self) -> Option<String> {
        self.agent.model_file().map(str::to_owned)
    }

    /// The model it holds (read with the spec, given, or found by `bind`), or `None`.
    #[getter]
    fn model(&self) -> Option<PyLearnedModel> {
        self.held_model().map(|model| PyLearnedModel {
            model: model.clone(),
        })
    }

    /// The agent again from what `__reduce__` keeps: its spec, without a file for a model
    /// given without one, and its model, whose file is then never read.
    #[staticmethod]
    #[pyo3(signature = (spec, model))]
    fn _restore(spec: &str, model: Option<&PyLearnedModel>) -> PyResult<PyAgentSpec> {
        let agent = match model {
            None => Agent::parse(spec),
            Some(model) => {
                Agent::parse_unread(spec).and_then(|agent| agent.with_model(model.model.clone()))
            }
        };
        Ok(PyAgentSpec {
            agent: agent.map_err(to_py)?,
        })
    }

    /// Pickles as its spec and its model (a model pickles as its bytes): a process or a Ray
    /// worker gets the weights, never the file.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Kept)> {
        let this = slf.get();
        let restore = slf.get_type().getattr("_restore")?;
        Ok((restore, (this.key(), this.model())))
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut hasher);
        hasher.finish()
    }

    fn __str__(&self) -> String {
        self.spec()
    }

    fn __repr__(&self) -> String {
        format!("AgentSpec({:?})", self.spec())
    }
}

/// A searcher's policy from Python: `"greedy"`, `"learned"` (or a learned agent's spec), a
/// learned agent's `AgentSpec`, or a `LearnedModel`; `agent` names the searcher in errors.
fn policy_arg(given: &Bound<'_, PyAny>, agent: &str) -> PyResult<Policy> {
    if let Ok(text) = given.cast::<PyString>() {
        let text = text.to_cow()?;
        return Policy::parse(&format!("{agent}(policy={text})"), &text).map_err(to_py);
    }
    match agent_arg(given) {
        Ok(Agent::Learned(learned)) => Ok(Policy::Learned(learned)),
        _ => Err(ArgumentTypeError::new_err(format!(
            "policy must be 'greedy', 'learned', a learned agent's AgentSpec or a \
             LearnedModel, not {}",
            crate::args::shown(given)
        ))),
    }
}

/// A model file's path from a `str` or an `os.PathLike`, as text.
fn path_arg(given: &Bound<'_, PyAny>) -> PyResult<String> {
    let path: std::path::PathBuf = given.extract().map_err(|_| {
        ArgumentTypeError::new_err(format!(
            "model must be a LearnedModel, a path or None, not {}",
            crate::args::shown(given)
        ))
    })?;
    path.to_str().map(str::to_owned).ok_or_else(|| {
        crate::errors::ArgumentError::new_err(format!(
            "model {}: a path that is not UTF-8 text",
            path.display()
        ))
    })
}

/// The built-in agent `obj` names: an `AgentSpec` as it is, a spec string read now, or a
/// `LearnedModel` as the learned agent playing it.
pub fn agent_arg(obj: &Bound<'_, PyAny>) -> PyResult<Agent> {
    if let Ok(spec) = obj.cast::<PyAgentSpec>() {
        return Ok(spec.get().agent.clone());
    }
    if let Ok(model) = obj.cast::<PyLearnedModel>() {
        let model = model.get().model.clone();
        return Ok(Agent::Learned(Learned::from_model(model, None)));
    }
    match obj.cast::<PyString>() {
        Ok(text) => Agent::parse(&text.to_cow()?).map_err(to_py),
        Err(_) => Err(ArgumentTypeError::new_err(
            "expected a built-in agent: an AgentSpec, a spec string such as 'greedy', or a \
             LearnedModel",
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

/// The canonical spec (the text that reads back as the agent) of a built-in agent, given as an
/// `AgentSpec`, a spec string (read there) or a `LearnedModel` (`"search"` gives
/// `"search(determinizations=8,candidates=8)"`); an unknown agent or setting raises
/// `ArgumentError`. With `rules`, the agent is first bound to them as every entry point binds it
/// (`AgentSpec.bind`): `learned` is refused where no model ships for them, a model for other rules
/// is refused (`ModelError`).
#[pyfunction]
#[pyo3(signature = (agent, rules = None))]
pub fn canonical_spec(agent: &Bound<'_, PyAny>, rules: Option<&PyRules>) -> PyResult<String> {
    let agent = agent_arg(agent)?;
    match rules {
        Some(rules) => Ok(agent.bind(&rules.rules).map_err(to_py)?.to_string()),
        None => Ok(agent.to_string()),
    }
}

/// How many agent specs the core has read in this process (`Agent::specs_read`): for tests
/// that a spec is read once, where it enters.
#[pyfunction]
pub fn _specs_read() -> u64 {
    Agent::specs_read()
}
