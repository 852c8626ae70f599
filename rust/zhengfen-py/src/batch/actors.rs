//! `selfplay`: episodes played in Rust with a learned model in the learner seats (AI.md
//! §7.6), their training samples as numpy arrays. The GIL is released while Rust works.

use crate::agents::{agent_arg, seat_agents, PyAgentSpec};
use crate::args::{self, int_arg, shown, U64};
use crate::errors::{value_error, ArgumentError, ArgumentTypeError};
use crate::interrupt::stoppable;
use crate::learned::PyLearnedModel;
use crate::rules::PyRules;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use zhengfen_core::agents::{Agent, Ismcts, Learned, Policy, MOST_ITERATIONS};
use zhengfen_core::batch::{
    selfplay_until, PlayedBy, Samples, SelfplayConfig, DEFAULT_GAMES_PER_THREAD,
};
use zhengfen_core::encode::{observation_size, HISTORY_ROW, MOVE_ROW, SCORES_SIZE};

/// Plays episodes with a learned model and returns its training samples (`AI.md` §7.6).
#[pyfunction]
#[pyo3(signature = (rules, model, num_episodes, seed = 0, *, first_episode = 0, agents = None,
    epsilon = 0.1, threads = 1, games_per_thread = 64, search = None, played_by = "search",
    cap_untried = 0, stop = None))]
#[allow(clippy::too_many_arguments)]
pub fn selfplay<'py>(
    py: Python<'py>,
    rules: &PyRules,
    model: &Bound<'py, PyAny>,
    num_episodes: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::seed)] seed: u64,
    #[pyo3(from_py_with = args::first_episode)] first_episode: u64,
    agents: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = args::epsilon)] epsilon: f64,
    #[pyo3(from_py_with = args::threads)] threads: usize,
    #[pyo3(from_py_with = args::games_per_thread)] games_per_thread: usize,
    search: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = played_by_text)] played_by: &'static str,
    #[pyo3(from_py_with = args::cap_untried)] cap_untried: usize,
    #[pyo3(from_py_with = args::stop)] stop: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let search = labelling_search(search)?;
    let played_by = played_by_arg(played_by, search.is_some())?;
    let model = model
        .cast::<PyLearnedModel>()
        .map_err(|_| {
            ArgumentTypeError::new_err(format!(
                "model must be a LearnedModel, not {}",
                shown(model)
            ))
        })?
        .get()
        .model
        .clone();
    let episodes: u64 = int_arg(num_episodes, "num_episodes", 0..=U64)?;
    check_episode_range(first_episode, episodes)?;
    let config = SelfplayConfig {
        rules: rules.rules,
        model: model.clone(),
        agents: seat_agents(agents, usize::from(rules.rules.players))?,
        seed,
        first_episode,
        episodes,
        epsilon,
        threads,
        games_per_thread,
        search,
        played_by,
        cap_untried,
    };
    let samples = stoppable(py, stop, |cancel| selfplay_until(&config, cancel))?;
    arrays(py, samples)
}

/// The labelling search of `search` (AI.md §8.1): `None` for none; a number N for IS-MCTS of
/// N iterations with the learned policy's other defaults; an `ismcts` spec (text or
/// `AgentSpec`) as it says.
fn labelling_search(search: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Ismcts>> {
    match search.filter(|s| !s.is_none()) {
        None => Ok(None),
        Some(spec) if spec.cast::<PyString>().is_ok() || spec.cast::<PyAgentSpec>().is_ok() => {
            spec_search(spec).map(Some)
        }
        Some(iterations) => iterations_search(iterations).map(Some),
    }
}

/// `search=N`: `ismcts(iterations=N,policy=learned)`, its other settings the learned policy's
/// defaults.
fn iterations_search(search: &Bound<'_, PyAny>) -> PyResult<Ismcts> {
    let py = search.py();
    let iterations =
        int_arg(search, "search", 1..=i128::from(MOST_ITERATIONS)).map_err(|e| {
            match e.is_instance_of::<ArgumentTypeError>(py) {
                true => ArgumentTypeError::new_err(format!(
                    "search must be a number of iterations, an ismcts spec or an AgentSpec, not {}",
                    shown(search)
                )),
                false => e,
            }
        })?;
    let policy = Policy::Learned(Learned {
        path: None,
        model: None,
    });
    Ok(Ismcts {
        iterations,
        ..Ismcts::with_policy(policy)
    })
}

/// `search=SPEC`: the `ismcts` agent it names. Its learned policy is the model being trained
/// (the core sets it), so a spec that names a model file is refused rather than ignored.
fn spec_search(search: &Bound<'_, PyAny>) -> PyResult<Ismcts> {
    let py = search.py();
    let prefixed = |e: PyErr| match e.is_instance_of::<ArgumentError>(py)
        && !e.is_instance_of::<ArgumentTypeError>(py)
    {
        true => value_error(format!("search: {}", e.value(py))),
        false => e,
    };
    match agent_arg(search).map_err(prefixed)? {
        Agent::Ismcts(ismcts) => match &ismcts.policy {
            Policy::Learned(Learned { path: Some(_), .. }) => Err(value_error(
                "search: a labelling search's policy=learned is the model being trained; \
                 name no model file",
            )),
            _ => Ok(ismcts),
        },
        other => Err(value_error(format!(
            "search must be a number of iterations or an ismcts spec, not {:?}",
            other.name()
        ))),
    }
}

/// The reader of `played_by` (`crate::args`): `"search"` (the search's move) or `"model"` (the
/// model's, the search only labelling).
fn played_by_text(value: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let text = value.cast::<PyString>().ok().map(|t| t.to_string());
    match text.as_deref() {
        Some("search") => Ok("search"),
        Some("model") => Ok("model"),
        Some(_) => Err(value_error(format!(
            "played_by must be 'search' or 'model', not {}",
            shown(value)
        ))),
        None => Err(ArgumentTypeError::new_err(format!(
            "played_by must be 'search' or 'model', not {}",
            shown(value)
        ))),
    }
}

/// `played_by` as the core's [`PlayedBy`]; `"model"` only with a search to label.
fn played_by_arg(played_by: &str, searched: bool) -> PyResult<PlayedBy> {
    match (played_by, searched) {
        ("model", true) => Ok(PlayedBy::Model),
        ("model", false) => Err(value_error(
            "played_by='model' needs a search (search=...) to label the model's decisions",
        )),
        _ => Ok(PlayedBy::Search),
    }
}

// The default of `games_per_thread` in `selfplay`'s signature is the core's.
const _: () = assert!(DEFAULT_GAMES_PER_THREAD == 64);

/// Refuses episodes past the last deal number, 2**64 - 1, up front.
fn check_episode_range(first_episode: u64, episodes: u64) -> PyResult<()> {
    if u128::from(first_episode) + u128::from(episodes) > 1u128 << 64 {
        return Err(value_error(format!(
            "first_episode + num_episodes must be at most 2**64 (deal numbers run to \
             2**64 - 1), not {first_episode} + {episodes}"
        )));
    }
    Ok(())
}

/// The samples as the dictionary of numpy arrays `selfplay` returns (their memory handed
/// over, not copied).
fn arrays(py: Python<'_>, samples: Samples) -> PyResult<Bound<'_, PyDict>> {
    let (n, e) = (samples.len(), samples.episodes());
    let out = PyDict::new(py);
    out.set_item(
        "observation",
        PyArray1::from_vec(py, samples.observation).reshape([n, observation_size(false)])?,
    )?;
    out.set_item(
        "scores",
        PyArray1::from_vec(py, samples.scores).reshape([n, SCORES_SIZE])?,
    )?;
    out.set_item(
        "history",
        PyArray1::from_vec(py, samples.history).reshape([n, samples.history_rows, HISTORY_ROW])?,
    )?;
    out.set_item(
        "move",
        PyArray1::from_vec(py, samples.moves).reshape([n, MOVE_ROW])?,
    )?;
    out.set_item("target", PyArray1::from_vec(py, samples.target))?;
    out.set_item("seat", PyArray1::from_vec(py, samples.seat))?;
    out.set_item("episode", PyArray1::from_vec(py, samples.episode))?;
    out.set_item("decision", PyArray1::from_vec(py, samples.decision))?;
    out.set_item("num_legal", PyArray1::from_vec(py, samples.num_legal))?;
    out.set_item("value", PyArray1::from_vec(py, samples.value))?;
    out.set_item("visits", PyArray1::from_vec(py, samples.visits))?;
    out.set_item("played", PyArray1::from_vec(py, samples.played))?;
    out.set_item("capped", PyArray1::from_vec(py, samples.capped))?;
    out.set_item(
        "results",
        PyArray1::from_vec(py, samples.results).reshape([e, samples.players])?,
    )?;
    out.set_item("decisions", PyArray1::from_vec(py, samples.decisions))?;
    out.set_item("forced", PyArray1::from_vec(py, samples.forced))?;
    Ok(out)
}
