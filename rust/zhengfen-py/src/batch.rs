//! `VecGame` and `rollouts`: many games stepped or played in Rust, results as numpy arrays.
//! The GIL is released while Rust works.

use crate::agents::agent_arg;
use crate::args::{int_arg, not_a_string, shown, Arg, U32, U64};
use crate::errors::{to_py, value_error, ArgumentError, ArgumentTypeError, InvalidStateError};
use crate::game::{move_to_py, PyGame};
use crate::interrupt::interruptible;
use crate::rules::PyRules;
use crate::tensors::{check_rows, move_features, MOST_ROWS};
use numpy::AsSliceError;
use numpy::{
    BorrowError, PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadwriteArray1,
    PyReadwriteArray2, PyReadwriteArray3,
};
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict, PyInt};
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

/// The arrays of [`Arrays`] borrowed for writing (numpy's borrow checking of Rust borrows).
struct Writing<'py> {
    observation: PyReadwriteArray2<'py, f32>,
    history: PyReadwriteArray3<'py, f32>,
    mask: PyReadwriteArray2<'py, bool>,
    rewards: PyReadwriteArray2<'py, f32>,
    dones: PyReadwriteArray1<'py, bool>,
    players: PyReadwriteArray1<'py, i64>,
    legal: PyReadwriteArray1<'py, i64>,
}

/// Why the output arrays cannot be written: made read-only, or borrowed by Rust code.
fn unwritable(error: BorrowError) -> PyErr {
    InvalidStateError::new_err(format!(
        "the VecGame cannot write its copy=False output arrays ({}): they were made read-only \
         through their base, or Rust code borrows them; nothing was changed (make them writeable \
         again, or use copy=True)",
        error.to_string().to_lowercase()
    ))
}

/// A contiguous slice of a borrowed array (ours always are).
fn slice<T>(result: Result<&mut [T], AsSliceError>) -> PyResult<&mut [T]> {
    result.map_err(|e| InvalidStateError::new_err(format!("VecGame output array: {e}")))
}

impl Writing<'_> {
    /// The borrowed arrays as the core's output buffers.
    fn buffers(&mut self) -> PyResult<OutBuffers<'_>> {
        Ok(OutBuffers {
            observation: slice(self.observation.as_slice_mut())?,
            history: slice(self.history.as_slice_mut())?,
            mask: slice(self.mask.as_slice_mut())?,
            rewards: slice(self.rewards.as_slice_mut())?,
            dones: slice(self.dones.as_slice_mut())?,
            players: slice(self.players.as_slice_mut())?,
            legal: slice(self.legal.as_slice_mut())?,
        })
    }

    /// Copies the batch's own buffers into the arrays (with the GIL held).
    fn copy_from(&mut self, from: &mut Scratch) -> PyResult<()> {
        let from = from.buffers();
        let to = self.buffers()?;
        to.observation.copy_from_slice(from.observation);
        to.history.copy_from_slice(from.history);
        to.mask.copy_from_slice(from.mask);
        to.rewards.copy_from_slice(from.rewards);
        to.dones.copy_from_slice(from.dones);
        to.players.copy_from_slice(from.players);
        to.legal.copy_from_slice(from.legal);
        Ok(())
    }
}

/// With `copy=False`, the buffers Rust steps into with the GIL released: Python never sees
/// them, so nothing Python does to the shared arrays can tear a step or leave a stale mask.
struct Scratch {
    observation: Vec<f32>,
    history: Vec<f32>,
    mask: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    players: Vec<i64>,
    legal: Vec<i64>,
}

/// `len` copies of `value`, or a `MemoryError`.
fn filled<T: Clone>(len: usize, value: T) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        PyMemoryError::new_err(format!("cannot allocate a VecGame buffer of {len} entries"))
    })?;
    v.resize(len, value);
    Ok(v)
}

impl Scratch {
    fn new(config: &VecConfig) -> PyResult<Scratch> {
        let n = config.num_games;
        let players = usize::from(config.rules.players);
        Ok(Scratch {
            observation: filled(n * observation_size(config.perfect), 0.0)?,
            history: filled(n * config.history * HISTORY_ROW, 0.0)?,
            mask: filled(n * config.max_actions, false)?,
            rewards: filled(n * players, 0.0)?,
            dones: filled(n, false)?,
            players: filled(n, 0)?,
            legal: filled(n, 0)?,
        })
    }

    fn buffers(&mut self) -> OutBuffers<'_> {
        OutBuffers {
            observation: &mut self.observation,
            history: &mut self.history,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            players: &mut self.players,
            legal: &mut self.legal,
        }
    }
}

/// The `copy=False` state: the shared arrays and the buffers Rust steps into.
struct Kept {
    arrays: Arrays,
    scratch: Scratch,
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

    /// Every array borrowed for writing, or an `InvalidStateError` saying why not.
    fn write<'py>(&self, py: Python<'py>) -> PyResult<Writing<'py>> {
        Ok(Writing {
            observation: self
                .observation
                .bind(py)
                .try_readwrite()
                .map_err(unwritable)?,
            history: self.history.bind(py).try_readwrite().map_err(unwritable)?,
            mask: self.mask.bind(py).try_readwrite().map_err(unwritable)?,
            rewards: self.rewards.bind(py).try_readwrite().map_err(unwritable)?,
            dones: self.dones.bind(py).try_readwrite().map_err(unwritable)?,
            players: self.players.bind(py).try_readwrite().map_err(unwritable)?,
            legal: self.legal.bind(py).try_readwrite().map_err(unwritable)?,
        })
    }

    /// Runs `f` (one step, on one `SlotOut` per game) and returns its result and output.
    ///
    /// With `kept` arrays (`copy=False`): checks first that they can be written, so that a
    /// refusal changes nothing; steps into the batch's own buffers with the GIL released; then
    /// copies those into the arrays with the GIL held, so that no Python thread and no Rust
    /// borrow of them (taken with the GIL) ever sees a step half written. Should another thread
    /// make them unwritable during the step, the step goes into new arrays, which are kept from
    /// then on. Without kept arrays (`copy=True`), steps straight into new arrays.
    fn step<'py, T: Send>(
        kept: Option<&mut Kept>,
        py: Python<'py>,
        config: &VecConfig,
        f: impl FnOnce(&mut [SlotOut<'_>], &Cancel<'_>) -> CoreResult<T> + Send,
    ) -> PyResult<(T, Output<'py>)> {
        let Some(kept) = kept else {
            let fresh = Arrays::new(py, config, "empty")?;
            fresh
                .legal
                .bind(py)
                .call_method1("fill", (config.max_actions,))?; // whole masks
            let mut writing = fresh.write(py)?;
            let mut slots = config.slots(writing.buffers()?);
            let done = interruptible(py, |cancel| f(&mut slots, cancel))?;
            drop(slots);
            drop(writing);
            return Ok((done, fresh.output(py, true)?));
        };
        drop(kept.arrays.write(py)?);
        let mut slots = config.slots(kept.scratch.buffers());
        let done = interruptible(py, |cancel| f(&mut slots, cancel))?;
        drop(slots);
        if kept.arrays.write(py).is_err() {
            kept.arrays = Arrays::new(py, config, "empty")?;
        }
        kept.arrays.write(py)?.copy_from(&mut kept.scratch)?;
        Ok((done, kept.arrays.output(py, false)?))
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

/// Move indices, one per game: an integer numpy array (read under the GIL, so never while a
/// batch writes it) or any sequence of integers (by the rule of `args`); not bools, floats or
/// a string.
fn actions_arg(actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(array) = actions.cast::<PyArray1<i64>>() {
        let read = array.try_readonly().map_err(|e| {
            ArgumentError::new_err(format!(
                "actions cannot be read: {}",
                e.to_string().to_lowercase()
            ))
        })?;
        return Ok(read.as_array().iter().copied().collect());
    }
    not_a_string(actions, "actions", "a sequence or array of integers")?;
    if let Ok(kind) = actions.getattr("dtype").and_then(|d| d.getattr("kind")) {
        let kind: String = kind.extract().unwrap_or_default();
        if kind != "i" && kind != "u" {
            return Err(ArgumentTypeError::new_err(format!(
                "actions must be integers, not an array of dtype {}",
                shown(&actions.getattr("dtype")?)
            )));
        }
    }
    let items = actions.try_iter().map_err(|_| {
        ArgumentTypeError::new_err(format!(
            "actions must be a sequence or array of integers, not {}",
            shown(actions)
        ))
    })?;
    let mut out = Vec::new();
    for (j, item) in items.enumerate() {
        let item = item?;
        let plain = item
            .is_exact_instance_of::<PyInt>()
            .then(|| item.extract::<i64>().ok());
        match plain.flatten() {
            Some(action) => out.push(action), // the common case, without naming the entry
            None => out.push(int_arg(&item, &format!("actions[{j}]"), ACTIONS)?),
        }
    }
    Ok(out)
}

/// The range of an action value (the core then checks it is offered).
const ACTIONS: std::ops::RangeInclusive<i128> = i64::MIN as i128..=i64::MAX as i128;

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
    kept: Option<Kept>,
    seed: u64,
}

#[pymethods]
impl PyVecGame {
    #[new]
    #[pyo3(signature = (rules, num_games, seed = Arg::ABSENT, *, episode = "match",
        max_actions = Arg::ABSENT, history = Arg::ABSENT, perfect_information = Arg::ABSENT,
        agents = None, threads = Arg::ABSENT, copy = Arg::ABSENT),
        text_signature = "(rules, num_games, seed=0, *, episode='match', max_actions=None, \
        history=8, perfect_information=False, agents=None, threads=1, copy=True)")]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: &PyRules,
        num_games: &Bound<'_, PyAny>,
        seed: Arg<'_>,
        episode: &str,
        max_actions: Arg<'_>,
        history: Arg<'_>,
        perfect_information: Arg<'_>,
        agents: Option<&Bound<'_, PyAny>>,
        threads: Arg<'_>,
        copy: Arg<'_>,
    ) -> PyResult<Self> {
        let perfect_information = perfect_information.flag("perfect_information", false)?;
        let copy = copy.flag("copy", true)?;
        let num_games: usize = int_arg(num_games, "num_games", ROWS)?;
        let seed = seed.int("seed", 0..=U64, 0)?;
        let max_actions: Option<usize> = max_actions.optional_int("max_actions", ROWS)?;
        let history = history.int("history", 0..=MOST_ROWS as i128, 8)?;
        let threads = threads.int("threads", THREADS, 1)?;
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
        let copies = if copy { 1 } else { 2 }; // copy=False: the arrays and the batch's buffers
        check_memory(
            num_games,
            config.game_bytes() + (arrays + max_actions) * copies,
        )?;
        let batch = VecGame::new(config, seed).map_err(to_py)?;
        let kept = if copy {
            None
        } else {
            Some(Kept {
                arrays: Arrays::new(py, batch.config(), "zeros")?,
                scratch: Scratch::new(batch.config())?,
            })
        };
        let mut vec = PyVecGame { batch, kept, seed };
        vec.reset(py, Arg::ABSENT)?;
        Ok(vec)
    }

    /// Restarts every game (from `seed` if given, else the last seed given) and returns the
    /// first observations. Nothing changes if it raises.
    #[pyo3(signature = (seed = Arg::ABSENT), text_signature = "($self, seed=None)")]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Arg<'py>) -> PyResult<Bound<'py, PyDict>> {
        let seed = seed.optional_int("seed", 0..=U64)?.unwrap_or(self.seed);
        let batch = &mut self.batch;
        let config = batch.config().clone();
        let ((), out) = Arrays::step(self.kept.as_mut(), py, &config, |slots, cancel| {
            batch.reset(seed)?;
            for slot in slots.iter_mut() {
                *slot.legal = config.max_actions as i64; // clear the whole mask
            }
            batch.observe_until(slots, cancel)
        })?;
        self.seed = seed;
        Ok(out.0)
    }

    /// Plays `actions[j]` in game `j`; returns `(observations, rewards, dones)`. Nothing changes
    /// if any action is not offered.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Output<'py>> {
        let actions = actions_arg(actions)?;
        let batch = &mut self.batch;
        let config = batch.config().clone();
        let ((), out) = Arrays::step(self.kept.as_mut(), py, &config, |slots, cancel| {
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
    fn legal_moves<'py>(
        &self,
        py: Python<'py>,
        j: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let j = self.game_arg(j)?;
        let moves = self.batch.legal_moves(j).ok_or_else(|| self.no_game(j))?;
        let rules = self.batch.config().rules;
        moves.iter().map(|&m| move_to_py(py, m, &rules)).collect()
    }

    /// A copy of game `j`.
    fn game(&self, j: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let j = self.game_arg(j)?;
        let game = self.batch.games().nth(j).ok_or_else(|| self.no_game(j))?;
        Ok(PyGame { game: game.clone() })
    }

    /// The actions a built-in agent would take now, one per game.
    #[pyo3(signature = (agent, seed = Arg::ABSENT), text_signature = "($self, agent, seed=0)")]
    fn agent_actions<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'py, PyAny>,
        seed: Arg<'py>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let seed = seed.int("seed", 0..=U64, 0)?;
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
    /// A game of the batch, by index (the integer rule of `args`).
    fn game_arg(&self, j: &Bound<'_, PyAny>) -> PyResult<usize> {
        let last = self.batch.config().num_games as i128 - 1;
        int_arg(j, "j (a game of the batch)", 0..=last)
    }

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
pub fn derive_seed(base: &Bound<'_, PyAny>, index: &Bound<'_, PyAny>) -> PyResult<u64> {
    let base = int_arg(base, "base", 0..=U64)?;
    let index = int_arg(index, "index", 0..=U64)?;
    Ok(core_derive_seed(base, index))
}

/// The range of `threads`.
const THREADS: std::ops::RangeInclusive<i128> = 1..=256;

/// The range of a count of games or actions.
const ROWS: std::ops::RangeInclusive<i128> = crate::tensors::ROWS;

/// Plays whole games between built-in agents in Rust (`AI.md`, "Rollouts").
#[pyfunction]
#[pyo3(signature = (rules, agents, num_deals, seed = Arg::ABSENT, *, first_deal = Arg::ABSENT,
    duplicate = Arg::ABSENT, matches = Arg::ABSENT, threads = Arg::ABSENT, logs = Arg::ABSENT),
    text_signature = "(rules, agents, num_deals, seed=0, *, first_deal=0, duplicate=False, \
    matches=None, threads=1, logs=False)")]
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
) -> PyResult<Bound<'py, PyDict>> {
    let duplicate = duplicate.flag("duplicate", false)?;
    let logs = logs.flag("logs", false)?;
    let num_deals: u64 = int_arg(num_deals, "num_deals", 0..=U64)?;
    let seed = seed.int("seed", 0..=U64, 0)?;
    let first_deal: u64 = first_deal.int("first_deal", 0..=U64, 0)?;
    let matches: Option<u32> = matches.optional_int("matches", 1..=U32)?;
    let threads = threads.int("threads", THREADS, 1)?;
    check_deal_range(first_deal, num_deals)?;
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
    let played = interruptible(py, |cancel| core_rollouts(&config, cancel))?;
    let n = usize::from(rules.rules.players);
    let g = played.len();
    let out = PyDict::new(py);
    let column = |f: &dyn Fn(&zhengfen_core::batch::Rollout) -> i64| -> Vec<i64> {
        played.iter().map(f).collect()
    };
    out.set_item(
        "deal",
        PyArray1::from_vec(py, played.iter().map(|r| r.deal).collect()),
    )?;
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

/// Refuses deals past the last deal number, 2**64 - 1, up front.
fn check_deal_range(first_deal: u64, num_deals: u64) -> PyResult<()> {
    let last = u128::from(first_deal) + u128::from(num_deals);
    if last > 1u128 << 64 {
        return Err(value_error(format!(
            "first_deal + num_deals must be at most 2**64 (deal numbers run to 2**64 - 1), not \
             {first_deal} + {num_deals}"
        )));
    }
    Ok(())
}
