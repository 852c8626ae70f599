//! `rollouts`: whole games between built-in agents played in Rust, the core's result columns
//! (`zhengfen_core::batch::Columns`) as numpy arrays. The GIL is released while Rust works.

use super::THREADS;
use crate::agents::agent_arg;
use crate::args::{int_arg, not_a_string, Arg, U32, U64};
use crate::errors::ArgumentTypeError;
use crate::game::PyGame;
use crate::interrupt::stoppable;
use crate::rules::PyRules;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use zhengfen_core::batch::{rollouts_until as core_rollouts, Columns, RolloutConfig};

/// Plays whole games between built-in agents in Rust (`AI.md`, "Rollouts").
#[pyfunction]
#[pyo3(signature = (rules, agents, num_deals, seed = Arg::ABSENT, *, first_deal = Arg::ABSENT,
    duplicate = Arg::ABSENT, matches = Arg::ABSENT, threads = Arg::ABSENT, logs = Arg::ABSENT,
    stop = Arg::ABSENT),
    text_signature = "(rules, agents, num_deals, seed=0, *, first_deal=0, duplicate=False, \
    matches=None, threads=1, logs=False, stop=None)")]
#[allow(clippy::too_many_arguments)]
pub fn rollouts<'py>(
    py: Python<'py>,
    rules: &PyRules,
    agents: &Bound<'py, PyAny>,
    num_deals: &Bound<'py, PyAny>,
    seed: Arg<'py>,
    first_deal: Arg<'py>,
    duplicate: Arg<'py>,
    matches: Arg<'py>,
    threads: Arg<'py>,
    logs: Arg<'py>,
    stop: Arg<'py>,
) -> PyResult<Bound<'py, PyDict>> {
    let stop = stop_arg(stop)?;
    let duplicate = duplicate.flag("duplicate", false)?;
    let logs = logs.flag("logs", false)?;
    let num_deals: u64 = int_arg(num_deals, "num_deals", 0..=U64)?;
    let seed = seed.int("seed", 0..=U64, 0)?;
    let first_deal: u64 = first_deal.int("first_deal", 0..=U64, 0)?;
    let matches: Option<u32> = matches.optional_int("matches", 1..=U32)?;
    let threads = threads.int("threads", THREADS, 1)?;
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

/// The `stop` argument: a callable, or nothing (left out or `None`).
fn stop_arg(stop: Arg<'_>) -> PyResult<Option<Py<PyAny>>> {
    match stop.0 {
        Some(stop) if stop.is_none() => Ok(None),
        Some(stop) if stop.is_callable() => Ok(Some(stop.unbind())),
        Some(stop) => Err(ArgumentTypeError::new_err(format!(
            "stop must be a callable or None, not {}",
            crate::args::shown(&stop)
        ))),
        None => Ok(None),
    }
}
