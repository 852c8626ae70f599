//! `VecGame` and `rollouts`: many games stepped or played in Rust, results as numpy arrays.
//! The GIL is released while Rust works.

use crate::agents::agent_arg;
use crate::errors::{to_py, value_error};
use crate::game::{move_to_py, PyGame};
use crate::interrupt::interruptible;
use crate::rules::PyRules;
use crate::tensors::{check_rows, move_features, MOST_ROWS};
use numpy::{PyArray1, PyArray2, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict};
use zhengfen_core::agents::Agent;
use zhengfen_core::batch::{
    default_max_actions as core_default_max_actions, derive_seed as core_derive_seed,
    rollouts_until as core_rollouts, Episode, OutBuffers, RolloutConfig, SlotOut, VecConfig,
    VecGame,
};
use zhengfen_core::cancel::Cancel;
use zhengfen_core::encode::{observation_size, HISTORY_ROW};
use zhengfen_core::error::Result as CoreResult;

/// Per-seat agents from Python: `None` or a list with `None` for learner seats.
fn seat_agents(agents: Option<&Bound<'_, PyAny>>, players: usize) -> PyResult<Vec<Option<Agent>>> {
    let Some(agents) = agents else {
        return Ok(vec![None; players]);
    };
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

/// Output arrays: with `copy=False` allocated once and overwritten by every step; with
/// `copy=True` allocated for each step and handed over.
struct Arrays {
    observation: Py<PyArray2<f32>>,
    history: Py<PyArray3<f32>>,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    players: Py<PyArray1<i64>>,
    legal: Py<PyArray1<i64>>,
}

impl Arrays {
    /// Arrays for `config` from numpy's `zeros` or `empty` (`how`), so that a failed allocation
    /// is a `MemoryError` and not a panic.
    fn new(py: Python<'_>, config: &VecConfig, how: &str) -> PyResult<Arrays> {
        let n = config.num_games;
        let players = usize::from(config.rules.players);
        let numpy = py.import("numpy")?;
        let zeros = |shape: Vec<usize>, dtype: &str| -> PyResult<Bound<'_, PyAny>> {
            numpy.call_method1(how, (shape, dtype))
        };
        Ok(Arrays {
            observation: zeros(vec![n, observation_size(config.perfect)], "float32")?
                .cast_into::<PyArray2<f32>>()?
                .unbind(),
            history: zeros(vec![n, config.history, HISTORY_ROW], "float32")?
                .cast_into::<PyArray3<f32>>()?
                .unbind(),
            mask: zeros(vec![n, config.max_actions], "bool")?
                .cast_into::<PyArray2<bool>>()?
                .unbind(),
            rewards: zeros(vec![n, players], "float32")?
                .cast_into::<PyArray2<f32>>()?
                .unbind(),
            dones: zeros(vec![n], "bool")?
                .cast_into::<PyArray1<bool>>()?
                .unbind(),
            players: zeros(vec![n], "int64")?
                .cast_into::<PyArray1<i64>>()?
                .unbind(),
            legal: zeros(vec![n], "int64")?
                .cast_into::<PyArray1<i64>>()?
                .unbind(),
        })
    }

    /// Runs `f` on one `SlotOut` per game, cut from the arrays, with the GIL released and
    /// Ctrl-C stopping it.
    fn with_slots<T: Send>(
        &self,
        py: Python<'_>,
        config: &VecConfig,
        f: impl FnOnce(&mut [SlotOut<'_>], &Cancel<'_>) -> CoreResult<T> + Send,
    ) -> PyResult<T> {
        let mut observation = self.observation.bind(py).readwrite();
        let mut history = self.history.bind(py).readwrite();
        let mut mask = self.mask.bind(py).readwrite();
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut dones = self.dones.bind(py).readwrite();
        let mut players = self.players.bind(py).readwrite();
        let mut legal = self.legal.bind(py).readwrite();
        let mut slots = config.slots(OutBuffers {
            observation: observation.as_slice_mut()?,
            history: history.as_slice_mut()?,
            mask: mask.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            dones: dones.as_slice_mut()?,
            players: players.as_slice_mut()?,
            legal: legal.as_slice_mut()?,
        });
        interruptible(py, |cancel| f(&mut slots, cancel))
    }

    /// Writes `f`'s step into `kept` and returns read-only views of them (overwritten by the
    /// next step); with no kept arrays, into new ones that are handed over.
    fn step<'py, T: Send>(
        kept: Option<&Arrays>,
        py: Python<'py>,
        config: &VecConfig,
        f: impl FnOnce(&mut [SlotOut<'_>], &Cancel<'_>) -> CoreResult<T> + Send,
    ) -> PyResult<(T, Output<'py>)> {
        if let Some(kept) = kept {
            let done = kept.with_slots(py, config, f)?;
            return Ok((done, kept.output(py, false)?));
        }
        let fresh = Arrays::new(py, config, "empty")?;
        let legal = fresh.legal.bind(py);
        legal.call_method1("fill", (config.max_actions,))?; // so whole masks are written
        let done = fresh.with_slots(py, config, f)?;
        Ok((done, fresh.output(py, true)?))
    }

    /// The observation dictionary, rewards and dones: the arrays themselves (`owned`), or
    /// read-only views of them.
    fn output<'py>(&self, py: Python<'py>, owned: bool) -> PyResult<Output<'py>> {
        let out = |array: &Bound<'py, PyAny>| -> PyResult<Bound<'py, PyAny>> {
            if owned {
                return Ok(array.clone());
            }
            let view = array.call_method0("view")?;
            view.call_method("setflags", (), Some(&[("write", false)].into_py_dict(py)?))?;
            Ok(view)
        };
        let obs = PyDict::new(py);
        obs.set_item("observation", out(self.observation.bind(py).as_any())?)?;
        obs.set_item("history", out(self.history.bind(py).as_any())?)?;
        obs.set_item("action_mask", out(self.mask.bind(py).as_any())?)?;
        obs.set_item("current_player", out(self.players.bind(py).as_any())?)?;
        obs.set_item("num_legal", out(self.legal.bind(py).as_any())?)?;
        let rewards = out(self.rewards.bind(py).as_any())?;
        Ok((obs, rewards, out(self.dones.bind(py).as_any())?))
    }
}

/// Move indices from an int64 numpy array (no copy through Python objects) or any sequence of
/// integers.
fn actions_arg(actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(array) = actions.cast::<PyArray1<i64>>() {
        return Ok(array.readonly().as_array().iter().copied().collect());
    }
    if actions.is_instance_of::<pyo3::types::PyString>() {
        return Err(value_error(
            "actions must be a sequence or array of integers, not a string",
        ));
    }
    actions
        .extract()
        .or_else(|_| actions.call_method0("tolist")?.extract())
        .map_err(|_| value_error("actions must be a sequence or array of integers"))
}

/// What `reset` and `step` return: observations, rewards, dones.
type Output<'py> = (Bound<'py, PyDict>, Bound<'py, PyAny>, Bound<'py, PyAny>);

/// The most memory a batch may take: its games and its output arrays.
const MAX_BUFFER_BYTES: usize = 8 << 30;

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
#[pyclass(name = "VecGame", module = "zhengfen")]
pub struct PyVecGame {
    batch: VecGame,
    /// The arrays every step overwrites (`copy=False`); `None` when each step gets new ones.
    arrays: Option<Arrays>,
    seed: u64,
}

#[pymethods]
impl PyVecGame {
    #[new]
    #[pyo3(signature = (rules, num_games, seed = 0, *, episode = "match", max_actions = None,
        history = 8, perfect_information = false, agents = None, threads = 1, copy = true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: &PyRules,
        num_games: usize,
        seed: u64,
        episode: &str,
        max_actions: Option<usize>,
        history: usize,
        perfect_information: bool,
        agents: Option<&Bound<'_, PyAny>>,
        threads: usize,
        copy: bool,
    ) -> PyResult<Self> {
        let episode = match episode {
            "match" => Episode::Match,
            "game" => Episode::Game,
            other => {
                return Err(value_error(format!(
                    "episode must be 'match' or 'game', not '{other}'"
                )))
            }
        };
        let max_actions = max_actions.unwrap_or_else(|| core_default_max_actions(&rules.rules));
        check_rows("max_actions", max_actions)?;
        if history > MOST_ROWS {
            return Err(value_error(format!(
                "history must be 0 to {MOST_ROWS}, not {history}"
            )));
        }
        check_rows("num_games", num_games)?;
        if !(1..=256).contains(&threads) {
            return Err(value_error(format!(
                "threads must be 1 to 256, not {threads}"
            )));
        }
        let config = VecConfig {
            rules: rules.rules,
            num_games,
            episode,
            max_actions,
            history,
            perfect: perfect_information,
            agents: seat_agents(agents, usize::from(rules.rules.players))?,
            threads,
        };
        let arrays = observation_size(perfect_information) * 4 + history * HISTORY_ROW * 4;
        check_memory(num_games, config.game_bytes() + arrays + max_actions)?;
        let batch = VecGame::new(config, seed).map_err(to_py)?;
        let arrays = if copy {
            None
        } else {
            Some(Arrays::new(py, batch.config(), "zeros")?)
        };
        let mut vec = PyVecGame {
            batch,
            arrays,
            seed,
        };
        vec.reset(py, None)?;
        Ok(vec)
    }

    /// Restarts every game (from `seed` if given, else the seed given at creation) and returns
    /// the first observations.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyDict>> {
        let seed = seed.unwrap_or(self.seed);
        self.seed = seed;
        let batch = &mut self.batch;
        batch.reset(seed).map_err(to_py)?;
        let config = batch.config().clone();
        let ((), out) = Arrays::step(self.arrays.as_ref(), py, &config, |slots, cancel| {
            for slot in slots.iter_mut() {
                *slot.legal = config.max_actions as i64; // clear the whole mask
            }
            batch.observe_until(slots, cancel)
        })?;
        Ok(out.0)
    }

    /// Plays `actions[j]` in game `j`; returns `(observations, rewards, dones)`. Nothing changes
    /// if any action is not offered.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Output<'py>> {
        let actions = actions_arg(actions)?;
        let batch = &mut self.batch;
        let config = batch.config().clone();
        let ((), out) = Arrays::step(self.arrays.as_ref(), py, &config, |slots, cancel| {
            batch.step_until(&actions, slots, cancel)
        })?;
        Ok(out)
    }

    /// Features of every game's legal moves: `(rows, offsets)`, game `j`'s moves being rows
    /// `offsets[j]:offsets[j+1]` (all of them, even beyond `max_actions`).
    fn legal_move_features<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let mut moves = Vec::new();
        let mut offsets = vec![0i64];
        for j in 0..self.batch.config().num_games {
            moves.extend_from_slice(self.batch.legal_moves(j).unwrap_or_default());
            offsets.push(moves.len() as i64);
        }
        let features = move_features(py, &moves)?.into_any();
        Ok((features, PyArray1::from_vec(py, offsets).into_any()))
    }

    /// Game `j`'s legal moves, in action order.
    fn legal_moves<'py>(&self, py: Python<'py>, j: usize) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let moves = self.batch.legal_moves(j).ok_or_else(|| self.no_game(j))?;
        let rules = self.batch.config().rules;
        moves.iter().map(|&m| move_to_py(py, m, &rules)).collect()
    }

    /// A copy of game `j`.
    fn game(&self, j: usize) -> PyResult<PyGame> {
        let game = self.batch.games().nth(j).ok_or_else(|| self.no_game(j))?;
        Ok(PyGame { game: game.clone() })
    }

    /// The actions a built-in agent would take now, one per game.
    #[pyo3(signature = (agent, seed = 0))]
    fn agent_actions<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'py, PyAny>,
        seed: u64,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let agent = agent_arg(agent)?;
        let batch = &self.batch;
        let picks = interruptible(py, |cancel| batch.agent_actions_until(&agent, seed, cancel))?;
        Ok(PyArray1::from_vec(py, picks))
    }

    /// The seed of each game's current episode.
    #[getter]
    fn episode_seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_vec(py, self.batch.episode_seeds())
    }
    #[getter]
    fn num_games(&self) -> usize {
        self.batch.config().num_games
    }
    #[getter]
    fn max_actions(&self) -> usize {
        self.batch.config().max_actions
    }
    #[getter]
    fn observation_size(&self) -> usize {
        observation_size(self.batch.config().perfect)
    }
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.batch.config().rules,
        }
    }
    fn __len__(&self) -> usize {
        self.batch.config().num_games
    }
}

impl PyVecGame {
    fn no_game(&self, j: usize) -> PyErr {
        pyo3::exceptions::PyIndexError::new_err(format!(
            "game {j} is out of range: the batch holds {} games",
            self.batch.config().num_games
        ))
    }
}

/// The default size of the action mask for `rules` (AI.md §1.3).
#[pyfunction]
pub fn default_max_actions(rules: &PyRules) -> usize {
    core_default_max_actions(&rules.rules)
}

/// Output number `index` (from 0) of SplitMix64 seeded with `base`: the seed of deal `index`
/// of `rollouts(..., seed=base)` (AI.md §2, §3).
#[pyfunction]
pub fn derive_seed(base: u64, index: u64) -> u64 {
    core_derive_seed(base, index)
}

/// Plays whole games between built-in agents in Rust (`AI.md`, "Rollouts").
#[pyfunction]
#[pyo3(signature = (rules, agents, num_deals, seed = 0, *, first_deal = 0, duplicate = false,
    matches = None, threads = 1, logs = false))]
#[allow(clippy::too_many_arguments)]
pub fn rollouts<'py>(
    py: Python<'py>,
    rules: &PyRules,
    agents: &Bound<'py, PyAny>,
    num_deals: u64,
    seed: u64,
    first_deal: u64,
    duplicate: bool,
    matches: Option<u32>,
    threads: usize,
    logs: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let mut seats = Vec::new();
    for agent in agents.try_iter()? {
        seats.push(agent_arg(&agent?)?);
    }
    if !(1..=256).contains(&threads) {
        return Err(value_error(format!(
            "threads must be 1 to 256, not {threads}"
        )));
    }
    if matches == Some(0) {
        return Err(value_error(
            "matches must be at least 1 (or None for whole games)",
        ));
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
    let played = interruptible(py, |cancel| core_rollouts(&config, cancel))?;
    let n = usize::from(rules.rules.players);
    let g = played.len();
    let out = PyDict::new(py);
    let column = |f: &dyn Fn(&zhengfen_core::batch::Rollout) -> i64| -> Vec<i64> {
        played.iter().map(f).collect()
    };
    out.set_item("deal", PyArray1::from_vec(py, column(&|r| r.deal as i64)))?;
    out.set_item(
        "rotation",
        PyArray1::from_vec(py, column(&|r| i64::from(r.rotation))),
    )?;
    out.set_item(
        "seed",
        PyArray1::from_vec(py, played.iter().map(|r| r.seed).collect()),
    )?;
    out.set_item(
        "matches",
        PyArray1::from_vec(py, column(&|r| i64::from(r.matches))),
    )?;
    out.set_item(
        "decisions",
        PyArray1::from_vec(py, column(&|r| r.decisions as i64)),
    )?;
    out.set_item("legal", PyArray1::from_vec(py, column(&|r| r.legal as i64)))?;
    let flat = |f: &dyn Fn(&zhengfen_core::batch::Rollout) -> Vec<i64>| -> Vec<i64> {
        played.iter().flat_map(f).collect()
    };
    let seating = flat(&|r| r.seating.iter().map(|&a| i64::from(a)).collect());
    out.set_item("seating", PyArray1::from_vec(py, seating).reshape([g, n])?)?;
    out.set_item(
        "points",
        PyArray1::from_vec(py, flat(&|r| r.points.clone())).reshape([g, n])?,
    )?;
    let won: Vec<bool> = played.iter().flat_map(|r| r.won.clone()).collect();
    out.set_item("won", PyArray1::from_vec(py, won).reshape([g, n])?)?;
    out.set_item(
        "agents",
        config
            .agents
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>(),
    )?;
    if logs {
        let games: Vec<PyGame> = played
            .into_iter()
            .filter_map(|r| r.game)
            .map(|game| PyGame { game })
            .collect();
        out.set_item("games", games)?;
    }
    Ok(out)
}
