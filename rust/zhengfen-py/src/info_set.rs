//! `InfoSet`: one seat's view of a game, for agents. It answers only what that seat may know
//! (its observation, its legal moves on its turn) and lets search draw games it cannot tell
//! from the real one (`resample`). The real hands stay inside: nothing reads or pickles them.
//! `Game.info_set(seat)` makes one.

use crate::agents::agent_arg;
use crate::args::{self, int_arg, not_a_string, shown, Arg, U64};
use crate::combo::move_to_py;
use crate::errors::{to_py, ArgumentTypeError, IllegalMoveError};
use crate::game::PyGame;
use crate::observe::observation;
use crate::rng::{with_stream, PySplitMix64};
use crate::tensors::{self, Seen};
use numpy::PyArray1;
use pyo3::prelude::*;
use zhengfen_core::error::Error;
use zhengfen_core::game::{Game, Move};
use zhengfen_core::seed::SplitMix64;
use zhengfen_core::{Choose, Search};

/// What one seat knows of a game.
#[pyclass(name = "InfoSet", module = "zhengfen", frozen)]
pub struct PyInfoSet {
    pub(crate) game: Game,
    pub(crate) seat: usize,
}

#[pymethods]
impl PyGame {
    /// What `seat` knows, as an object agents can search from (`InfoSet`).
    fn info_set(&self, seat: &Bound<'_, PyAny>) -> PyResult<PyInfoSet> {
        let seat = self.seat_arg(seat)?;
        Ok(PyInfoSet {
            game: self.game.clone(),
            seat,
        })
    }
}

impl PyInfoSet {
    /// The seat's legal moves if it is to move, else none.
    pub(crate) fn moves(&self) -> Vec<Move> {
        if self.game.current_player().map(usize::from) == Some(self.seat) {
            self.game.legal_moves()
        } else {
            Vec::new()
        }
    }

    /// The seat, as its tensors encode it.
    fn seen(&self) -> Seen<'_> {
        Seen {
            game: &self.game,
            seat: self.seat,
        }
    }
}

#[pymethods]
impl PyInfoSet {
    /// The seat whose view this is.
    #[getter]
    fn seat(&self) -> usize {
        self.seat
    }

    /// The seat's observation dictionary (as `Game.observation`).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        observation(py, &self.game, self.seat)
    }

    /// The seat's observation (never the perfect-information view).
    #[pyo3(signature = (dtype = "uint8"))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = tensors::dtype)] dtype: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.seen().observation(py, false, dtype)
    }

    /// The seat's scores.
    fn score_tensor<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.seen().scores(py)
    }

    /// The seat's history tensor.
    #[pyo3(signature = (rows = 16, dtype = "uint8"))]
    fn history_tensor<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::rows)] rows: usize,
        #[pyo3(from_py_with = tensors::dtype)] dtype: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.seen().history(py, rows, dtype)
    }

    /// The seat's legal moves when it is to move; otherwise an empty list.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let rules = *self.game.rules();
        self.moves()
            .into_iter()
            .map(|m| move_to_py(py, m, &rules))
            .collect()
    }

    /// A game the seat cannot tell from the real one (`Game.resample`).
    fn resample(&self, rng: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let game =
            with_stream(rng, "rng", |rng| self.game.resample(self.seat, rng))?.map_err(to_py)?;
        Ok(PyGame::from(game))
    }

    /// The index in `legal_moves()` that a built-in agent (a spec such as `"greedy"`, or an
    /// agent object) chooses, drawing from `seed` (an integer, or a `SplitMix64` it advances);
    /// the GIL is released while it thinks, and Ctrl-C stops it.
    #[pyo3(signature = (agent, seed = Arg::ABSENT), text_signature = "($self, agent, seed=0)")]
    fn choose(&self, py: Python<'_>, agent: &Bound<'_, PyAny>, seed: Arg<'_>) -> PyResult<usize> {
        let stream = seed.0.as_ref().and_then(|s| s.cast::<PySplitMix64>().ok());
        let mut rng = match stream {
            Some(stream) => stream.borrow().rng,
            None => SplitMix64::new(seed.int("seed", 0..=U64, 0)?),
        };
        let agent = agent_arg(agent)?.bind(self.game.rules()).map_err(to_py)?;
        let moves = self.moves();
        if moves.is_empty() {
            return Err(IllegalMoveError::new_err(format!(
                "seat {} is not to move: there is nothing to choose",
                self.seat
            )));
        }
        let game = &self.game;
        let pick = crate::interrupt::interruptible(py, |cancel| {
            let pick = agent.choose_until(game, &moves, &mut rng, cancel);
            match cancel.is_cancelled() {
                true => Err(zhengfen_core::error::Error::Cancelled),
                false => Ok(pick),
            }
        })?;
        if let Some(stream) = stream {
            stream.borrow_mut().rng = rng; // the stream advances as the agent drew from it
        }
        Ok(pick)
    }

    /// The mean outcome for the seat (`Game.match_result`) of each legal move numbered in
    /// `moves` (indices into `legal_moves()`), over `determinizations` games resampled from
    /// what the seat knows and played out by the greedy agent, the same games for every move:
    /// the evaluation of the search agent (AI.md §5). The GIL is released, and Ctrl-C stops it.
    #[pyo3(signature = (moves, determinizations = 8, seed = 0))]
    fn evaluate(
        &self,
        py: Python<'_>,
        moves: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = args::determinizations)] determinizations: u32,
        #[pyo3(from_py_with = args::seed)] seed: u64,
    ) -> PyResult<Vec<f64>> {
        let legal = self.moves();
        if legal.is_empty() {
            return Err(IllegalMoveError::new_err(format!(
                "seat {} is not to move: there is nothing to evaluate",
                self.seat
            )));
        }
        not_a_string(moves, "moves", "a list of move indices")?;
        let last = legal.len() as i128 - 1;
        let indices = moves.try_iter().map_err(|_| {
            ArgumentTypeError::new_err(format!(
                "moves must be a list of move indices, not {}",
                shown(moves)
            ))
        })?;
        let tried = indices
            .map(|index| int_arg::<usize>(&index?, "a move index", 0..=last))
            .collect::<PyResult<Vec<usize>>>()?;
        let search = Search {
            determinizations,
            candidates: 1,
        };
        let mut rng = SplitMix64::new(seed);
        let game = &self.game;
        crate::interrupt::interruptible(py, |cancel| {
            let means = search.evaluate_until(game, &legal, &tried, &mut rng, cancel);
            means.ok_or_else(|| match cancel.is_cancelled() {
                true => Error::Cancelled,
                false => Error::state("this view cannot be resampled"),
            })
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "InfoSet(seat={}, phase={})",
            self.seat,
            self.game.phase().name()
        )
    }
}
