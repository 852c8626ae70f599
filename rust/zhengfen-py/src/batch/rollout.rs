//! `rollouts`: whole games between built-in agents played in Rust, the core's result columns
//! (`zhengfen_core::batch::Columns`) as numpy arrays. The GIL is released while Rust works.

use crate::agents::agent_arg;
use crate::args::{self, int_arg, not_a_string, U64};
use crate::game::PyGame;
use crate::interrupt::stoppable;
use crate::rules::PyRules;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use zhengfen_core::batch::{rollouts_until as core_rollouts, Columns, RolloutConfig};

/// Plays whole games between built-in agents in Rust (`AI.md`, "Rollouts").
#[pyfunction]
#[pyo3(signature = (rules, agents, num_deals, seed = 0, *, first_deal = 0, duplicate = false,
    matches = None, threads = 1, logs = false, stop = None))]
#[allow(clippy::too_many_arguments)]
pub fn rollouts<'py>(
    py: Python<'py>,
    rules: &PyRules,
    agents: &Bound<'py, PyAny>,
    num_deals: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::seed)] seed: u64,
    #[pyo3(from_py_with = args::first_deal)] first_deal: u64,
    #[pyo3(from_py_with = args::duplicate)] duplicate: bool,
    #[pyo3(from_py_with = args::matches)] matches: Option<u32>,
    #[pyo3(from_py_with = args::threads)] threads: usize,
    #[pyo3(from_py_with = args::logs)] logs: bool,
    #[pyo3(from_py_with = args::stop)] stop: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let num_deals: u64 = int_arg(num_deals, "num_deals", 0..=U64)?;
    not_a_string(agents, "agents", "a list of agent specs, one per seat")?;
    let mut seats = Vec::new();
    for agent in agents.try_iter()? {
        seats.push(agent_arg(&agent?)?);
    }
    let config = RolloutConfig {
        rules: rules.rules,
        agents: seats,
        first_deal,
        deals: num_deals,
        seed,
        duplicate,
        matches,
        threads,
        keep_games: logs,
    };
    let played = stoppable(py, stop, |cancel| core_rollouts(&config, cancel))?;
    let columns = Columns::of(&played, &config);
    let (g, n) = (columns.games(), columns.players);
    let out = PyDict::new(py);
    out.set_item("deal", PyArray1::from_vec(py, columns.deal))?;
    out.set_item("rotation", PyArray1::from_vec(py, columns.rotation))?;
    out.set_item("seed", PyArray1::from_vec(py, columns.seed))?;
    out.set_item("matches", PyArray1::from_vec(py, columns.matches))?;
    out.set_item("decisions", PyArray1::from_vec(py, columns.decisions))?;
    out.set_item("legal", PyArray1::from_vec(py, columns.legal))?;
    let table = |values| PyArray1::from_vec(py, values).reshape([g, n]);
    out.set_item("seating", table(columns.seating)?)?;
    out.set_item("points", table(columns.points)?)?;
    out.set_item("won", PyArray1::from_vec(py, columns.won).reshape([g, n])?)?;
    out.set_item("agents", columns.agents)?;
    if logs {
        let games: Vec<PyGame> = played
            .into_iter()
            .filter_map(|r| r.game)
            .map(PyGame::from)
            .collect();
        out.set_item("games", games)?;
    }
    Ok(out)
}
