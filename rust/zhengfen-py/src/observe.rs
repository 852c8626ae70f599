//! What a seat sees of a `Game`: its observation (the core's `record::Observation`, keys listed
//! in `API.md`) as a dictionary, and the tensor encodings of `AI.md` as numpy arrays.

use crate::args::{int_arg, Arg};
use crate::convert::to_python;
use crate::game::PyGame;
use crate::tensors;
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use zhengfen_core::game::record::Observation;
use zhengfen_core::game::Game;

/// The observation of `seat` (a seat of `game`) as a dictionary.
pub fn observation<'py>(py: Python<'py>, game: &Game, seat: usize) -> PyResult<Bound<'py, PyAny>> {
    to_python(py, &Observation::of(game, seat as u8))
}

#[pymethods]
impl PyGame {
    /// What `seat` may know (RULES.md §12, `API.md`): nothing of other hands.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        observation(py, &self.game, self.seat_arg(seat)?)
    }

    /// `seat`'s observation as a float32 vector (`AI.md`); `perfect_information` appends every
    /// hand (for debugging and oracle training only).
    #[pyo3(signature = (seat, perfect_information = Arg::ABSENT),
        text_signature = "($self, seat, perfect_information=False)")]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        perfect_information: Arg<'py>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat_arg(seat)?;
        let perfect_information = perfect_information.flag("perfect_information", false)?;
        Ok(tensors::observation(
            py,
            &self.game,
            seat,
            perfect_information,
        ))
    }

    /// The last `rows` plays and passes of the match seen by `seat`, most recent first.
    #[pyo3(signature = (seat, rows = Arg::ABSENT), text_signature = "($self, seat, rows=16)")]
    fn history_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        rows: Arg<'py>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let seat = self.seat_arg(seat)?;
        tensors::history(py, &self.game, seat, tensors::rows_arg(&rows, "rows", 16)?)
    }

    /// One row of features per legal move, in the order of `legal_moves()`.
    fn legal_move_features<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        tensors::move_features(py, &self.game.legal_moves())
    }

    /// The legal list as a mask of `max_actions` entries (action `i` = `legal_moves()[i]`).
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        max_actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let max_actions = int_arg(max_actions, "max_actions", tensors::ROWS)?;
        tensors::mask(py, self.game.legal_moves().len(), max_actions)
    }
}
