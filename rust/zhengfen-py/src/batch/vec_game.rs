//! `VecGame`: a batch of games stepped together from arrays of move indices, its arguments
//! read and its results written as numpy arrays ([`super::arrays`]). The GIL is released while
//! Rust works, so another Python thread may call the batch meanwhile: its games are behind a
//! lock, and such a call is refused with `InvalidStateError` (the batch is in use by another
//! thread) rather than waiting or racing; its settings are read without the lock.

use std::sync::{Mutex, MutexGuard, TryLockError};

use super::actions::actions_arg;
use super::arrays::{Arrays, Kept, Output};
use super::ROWS;
use crate::agents::{agent_arg, seat_agents};
use crate::args::{self, int_arg};
use crate::combo::move_to_py;
use crate::errors::{to_py, value_error, InvalidStateError};
use crate::game::PyGame;
use crate::interrupt::interruptible;
use crate::rules::PyRules;
use crate::tensors::{self, check_rows};
use numpy::{Element, PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use zhengfen_core::batch::{
    default_max_actions as core_default_max_actions, Dtype, Episode, MaskKind, Values, VecConfig,
    VecGame,
};
use zhengfen_core::encode::{observation_size, MOVE_ROW};

/// The most memory a batch may take: its games and its output arrays.
const MAX_BUFFER_BYTES: usize = 8 << 30;

/// The mask a `mask` argument names: `None`, `"dense"` or `"packed"` (the core decides).
fn mask_arg(mask: Option<&Bound<'_, PyAny>>) -> PyResult<MaskKind> {
    let Some(mask) = mask.filter(|m| !m.is_none()) else {
        return MaskKind::from_name(None).map_err(to_py);
    };
    let name = mask.extract::<String>().map_err(|_| {
        value_error(format!(
            "mask must be None, \"dense\" or \"packed\", not {}",
            crate::args::shown(mask)
        ))
    })?;
    MaskKind::from_name(Some(&name)).map_err(to_py)
}

/// Refuses a batch whose games and arrays (`per_game` bytes a game) would not fit in memory.
fn check_memory(num_games: usize, per_game: usize) -> PyResult<()> {
    let bytes = num_games.saturating_mul(per_game);
    if bytes > MAX_BUFFER_BYTES {
        return Err(value_error(format!(
            "the batch would take {} MiB; at most {} MiB (fewer games, a smaller max_actions or \
             history)",
            bytes >> 20,
            MAX_BUFFER_BYTES >> 20
        )));
    }
    Ok(())
}

/// A batch of games stepped together from arrays of move indices (`AI.md`, "VecGame").
#[pyclass(name = "VecGame", module = "zhengfen", frozen)]
pub struct PyVecGame {
    /// The games and what changes with them, one caller at a time ([`PyVecGame::state`]).
    state: Mutex<State>,
    /// The batch's settings, which never change.
    config: VecConfig,
    /// Whether each step returns new arrays (`copy=True`).
    copy: bool,
}

/// What a step or reset changes.
struct State {
    batch: VecGame,
    /// The arrays every step overwrites (`copy=False`); `None` when each step gets new ones.
    kept: Option<Kept>,
    seed: u64,
}

impl State {
    /// Restarts every game from `seed` and returns the first observations.
    fn reset<'py>(&mut self, py: Python<'py>, seed: u64) -> PyResult<Bound<'py, PyDict>> {
        let batch = &mut self.batch;
        let config = batch.config().clone();
        let ((), out) = Arrays::step(self.kept.as_mut(), py, &config, |buffers, cancel| {
            batch.reset(seed)?;
            batch.observe_until(buffers, cancel)
        })?;
        self.seed = seed;
        Ok(out.0)
    }
}

#[pymethods]
impl PyVecGame {
    #[new]
    #[pyo3(signature = (rules, num_games, seed = 0, *, episode = "match", max_actions = None,
        history = 8, perfect_information = false, agents = None, threads = 1, dtype = "uint8",
        mask = None, copy = false, play_forced = false, auto_reset = true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: &PyRules,
        num_games: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = args::seed)] seed: u64,
        episode: &str,
        #[pyo3(from_py_with = args::max_actions)] max_actions: Option<usize>,
        #[pyo3(from_py_with = args::history)] history: usize,
        #[pyo3(from_py_with = args::perfect_information)] perfect_information: bool,
        agents: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::threads)] threads: usize,
        #[pyo3(from_py_with = tensors::dtype)] dtype: &str,
        mask: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::copy)] copy: bool,
        #[pyo3(from_py_with = args::play_forced)] play_forced: bool,
        #[pyo3(from_py_with = args::auto_reset)] auto_reset: bool,
    ) -> PyResult<Self> {
        let dtype = tensors::storage(dtype);
        let mask = mask_arg(mask)?;
        let num_games: usize = int_arg(num_games, "num_games", ROWS)?;
        let episode: Episode = episode.parse().map_err(to_py)?;
        let max_actions = max_actions.unwrap_or_else(|| core_default_max_actions(&rules.rules));
        check_rows("max_actions", max_actions)?;
        let config = VecConfig {
            rules: rules.rules,
            num_games,
            episode,
            max_actions,
            history,
            perfect: perfect_information,
            agents: seat_agents(agents, usize::from(rules.rules.players))?,
            threads,
            dtype,
            mask,
            play_forced,
            auto_reset,
        };
        check_memory(num_games, bytes_per_game(&config, copy))?;
        let batch = VecGame::new(config, seed).map_err(to_py)?;
        let kept = if copy {
            None
        } else {
            Some(Kept::new(py, batch.config())?)
        };
        let config = batch.config().clone();
        let mut state = State { batch, kept, seed };
        state.reset(py, seed)?;
        Ok(PyVecGame {
            state: Mutex::new(state),
            config,
            copy,
        })
    }

    /// Restarts every game (from `seed` if given, else the last seed given; none finished) and
    /// returns the first observations. Nothing changes if it raises.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::seed_or_none)] seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mut state = self.state()?;
        let seed = seed.unwrap_or(state.seed);
        state.reset(py, seed)
    }

    /// Plays `actions[j]` in game `j` (ignored in a finished game); returns `(observations,
    /// rewards, dones)`. Nothing changes if any action is not offered.
    fn step<'py>(&self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Output<'py>> {
        let actions = actions_arg(actions)?;
        let mut state = self.state()?;
        let State { batch, kept, .. } = &mut *state;
        let ((), out) = Arrays::step(kept.as_mut(), py, &self.config, |buffers, cancel| {
            batch.step_until(&actions, buffers, cancel)
        })?;
        Ok(out)
    }

    /// Features of every game's legal moves: `(rows, offsets)`, game `j`'s moves being rows
    /// `offsets[j]:offsets[j+1]` (all of them, even beyond `max_actions`), bytes unless
    /// `dtype="float32"`; written on the batch's threads with the GIL released.
    #[pyo3(signature = (dtype = "uint8"))]
    fn legal_move_features<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = tensors::dtype)] dtype: &str,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let dtype = tensors::storage(dtype);
        let state = self.state()?;
        let batch = &state.batch;
        let offsets = batch.move_offsets();
        let shape = vec![offsets.last().copied().unwrap_or(0), MOVE_ROW];
        let rows = match dtype {
            Dtype::Uint8 => features(py, batch, shape, "uint8", |v| Values::Bytes(v))?,
            Dtype::Float32 => features(py, batch, shape, "float32", |v| Values::Floats(v))?,
        };
        let offsets: Vec<i64> = offsets.into_iter().map(|o| o as i64).collect();
        Ok((rows, PyArray1::from_vec(py, offsets).into_any()))
    }

    /// Game `j`'s legal moves, in action order.
    fn legal_moves<'py>(
        &self,
        py: Python<'py>,
        j: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let j = self.game_arg(j)?;
        let state = self.state()?;
        let moves = state.batch.legal_moves(j).ok_or_else(|| self.no_game(j))?;
        let rules = self.config.rules;
        moves.iter().map(|&m| move_to_py(py, m, &rules)).collect()
    }

    /// A copy of game `j`.
    fn game(&self, j: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let j = self.game_arg(j)?;
        let state = self.state()?;
        let game = state.batch.games().nth(j).ok_or_else(|| self.no_game(j))?;
        Ok(PyGame::from(game.clone()))
    }

    /// The actions a built-in agent would take now, one per game.
    #[pyo3(signature = (agent, seed = 0))]
    fn agent_actions<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = args::seed)] seed: u64,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let agent = agent_arg(agent)?;
        let state = self.state()?;
        let batch = &state.batch;
        let picks = interruptible(py, |cancel| batch.agent_actions_until(&agent, seed, cancel))?;
        Ok(PyArray1::from_vec(py, picks))
    }

    /// The seed of each game's current episode: `deal_seed(seed, k * num_games + j)` in
    /// episode `k` of game `j`.
    #[getter]
    fn episode_seeds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u64>>> {
        Ok(PyArray1::from_vec(py, self.state()?.batch.episode_seeds()))
    }
    /// Whether each game is finished (its episode ended with `auto_reset=False`).
    #[getter]
    fn finished<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        Ok(PyArray1::from_vec(py, self.state()?.batch.finished()))
    }
    #[getter]
    fn num_games(&self) -> usize {
        self.config.num_games
    }
    #[getter]
    fn max_actions(&self) -> usize {
        self.config.max_actions
    }
    #[getter]
    fn observation_size(&self) -> usize {
        observation_size(self.config.perfect)
    }
    /// The memory a game of the batch takes: its state, scratch lists and logs as reckoned
    /// for the memory check, and its output arrays (both sets with `copy=False`).
    #[getter]
    fn bytes_per_game(&self) -> usize {
        bytes_per_game(&self.config, self.copy)
    }
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.config.rules,
        }
    }
    fn __len__(&self) -> usize {
        self.config.num_games
    }
}

impl PyVecGame {
    /// The games, or `InvalidStateError` while another thread is using them (a step, a reset,
    /// features or agents' actions under way with the GIL released). A lock poisoned by a
    /// panic (never expected: the core's loops return errors) still yields the games.
    fn state(&self) -> PyResult<MutexGuard<'_, State>> {
        match self.state.try_lock() {
            Ok(state) => Ok(state),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(InvalidStateError::new_err(
                "this VecGame is in use by another thread (a step, reset or read is under way): \
                 give each thread its own batch, or hold a lock around its calls",
            )),
        }
    }

    /// A game of the batch, by index (the integer rule of `args`).
    fn game_arg(&self, j: &Bound<'_, PyAny>) -> PyResult<usize> {
        let last = self.config.num_games as i128 - 1;
        int_arg(j, "j (a game of the batch)", 0..=last)
    }

    fn no_game(&self, j: usize) -> PyErr {
        pyo3::exceptions::PyIndexError::new_err(format!(
            "game {j} is out of range: the batch holds {} games",
            self.config.num_games
        ))
    }
}

/// A new numpy array of `shape` and `dtype` holding the features of `batch`'s legal moves,
/// written with the GIL released.
fn features<'py, T: Element>(
    py: Python<'py>,
    batch: &VecGame,
    shape: Vec<usize>,
    dtype: &str,
    values: fn(&mut [T]) -> Values<'_>,
) -> PyResult<Bound<'py, PyAny>> {
    let rows = py.import("numpy")?.call_method1("empty", (shape, dtype))?;
    {
        let array = rows.cast::<PyArrayDyn<T>>()?;
        let mut out = array.readwrite();
        let out = out.as_slice_mut().map_err(|e| value_error(e.to_string()))?;
        py.detach(|| batch.write_move_features(values(out)));
    }
    Ok(rows)
}

/// The memory a game takes: state, scratch and logs, and one or two sets of output arrays.
fn bytes_per_game(config: &VecConfig, copy: bool) -> usize {
    let sets = if copy { 1 } else { 2 };
    config.game_bytes() + sets * config.output_bytes()
}

/// The default size of the action mask for `rules` (AI.md §1.3).
#[pyfunction]
pub fn default_max_actions(rules: &PyRules) -> usize {
    core_default_max_actions(&rules.rules)
}
