//! What a seat sees of a `Game`: its observation (the core's `record::Observation`, keys listed
//! by `Game.observation` in `_core.pyi`) and its visible record (`record::Visible`, one after
//! each event with `record::unfold`) as dictionaries, and the tensor encodings of `AI.md` as
//! numpy arrays.

use crate::args::{self, int_arg, Arg};
use crate::convert::to_python;
use crate::errors::to_py;
use crate::game::{seat_range, PyGame};
use crate::tensors::{self, Seen};
use numpy::PyArray1;
use pyo3::prelude::*;
use zhengfen_core::game::record::{unfold, Observation, Viewer, Visible};
use zhengfen_core::game::Game;

/// The observation of `seat` (a seat of `game`) as a dictionary.
pub fn observation<'py>(py: Python<'py>, game: &Game, seat: usize) -> PyResult<Bound<'py, PyAny>> {
    to_python(py, &Observation::of(game, seat as u8))
}

impl PyGame {
    /// The seat a `seat` argument names, as its tensors encode it.
    fn seen(&self, seat: &Bound<'_, PyAny>) -> PyResult<Seen<'_>> {
        Ok(Seen {
            game: &self.game,
            seat: self.seat_arg(seat)?,
        })
    }

    /// The viewer a `seat` argument names: a seat, or everyone for `None` (or left out).
    fn viewer_arg(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Viewer> {
        match seat {
            None => Ok(Viewer::Everyone),
            Some(seat) => Ok(Viewer::Seat(int_arg(
                seat,
                "seat",
                seat_range(self.game.rules()),
            )?)),
        }
    }
}

#[pymethods]
impl PyGame {
    /// What `seat` sees now (`None`: an observer who sees every hand), as `Game.visible` in
    /// `_core.pyi` lists it: another seat's hand never while the game is on.
    #[pyo3(signature = (seat = None))]
    fn visible<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &Visible::of(&self.game, self.viewer_arg(seat)?))
    }

    /// What `seat` sees after each event of the history from index `since` on (`None`: an
    /// observer who sees every hand); the last is `visible(seat)`.
    #[pyo3(signature = (seat = None, since = Arg::ABSENT),
        text_signature = "($self, seat=None, since=0)")]
    fn visible_events<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
        since: Arg<'py>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let viewer = self.viewer_arg(seat)?;
        let events = self.game.history().len() as i128;
        let since: usize = since.int("since", 0..=events, 0)?;
        let records = py
            .detach(|| unfold(&self.game, viewer, since))
            .map_err(to_py)?;
        to_python(py, &records)
    }
    /// What `seat` may know (RULES.md §12; its keys: `Game.observation` in `_core.pyi`): nothing
    /// of other hands.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        observation(py, &self.game, self.seat_arg(seat)?)
    }

    /// `seat`'s observation (`AI.md` §1.1), bytes unless `dtype="float32"`;
    /// `perfect_information` appends every hand (for debugging and oracle training only).
    #[pyo3(signature = (seat, perfect_information = false, dtype = "uint8"))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = args::perfect_information)] perfect_information: bool,
        #[pyo3(from_py_with = tensors::dtype)] dtype: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seen = self.seen(seat)?;
        seen.observation(py, perfect_information, dtype)
    }

    /// `seat`'s scores (`AI.md` §1.1): each relative seat's game score, then the target.
    fn score_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i32>>> {
        Ok(self.seen(seat)?.scores(py))
    }

    /// The last `rows` plays and passes of the match seen by `seat`, most recent first.
    #[pyo3(signature = (seat, rows = 16, dtype = "uint8"))]
    fn history_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = args::rows)] rows: usize,
        #[pyo3(from_py_with = tensors::dtype)] dtype: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.seen(seat)?.history(py, rows, dtype)
    }

    /// One row of features per legal move, in the order of `legal_moves()`.
    #[pyo3(signature = (dtype = "uint8"))]
    fn legal_move_features<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = tensors::dtype)] dtype: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        tensors::move_features(py, &self.game.legal_moves(), dtype)
    }

    /// The legal list as a mask of `max_actions` actions (action `i` = `legal_moves()[i]`):
    /// booleans, or packed bits with `packed=True`.
    #[pyo3(signature = (max_actions, packed = false))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        max_actions: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = args::packed)] packed: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let max_actions = int_arg(max_actions, "max_actions", tensors::ROWS)?;
        tensors::mask(py, self.game.legal_moves().len(), max_actions, packed)
    }
}
