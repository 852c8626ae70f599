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
    /// What `seat` sees now (`None`: an observer who sees every hand, as in a replay): the one
    /// record every web view, replay frame, terminal screen and `render` is drawn from.
    ///
    /// The hiding rules are the core's (RULES.md §11.2, §12): a seat sees its own hand once the
    /// blind declarations are over and no other hand while the game is on; when a match ends with a
    /// transfer (RULES.md §12.4b) the last player's remaining hand is shown to all (`last_hand`);
    /// once the game is over every hand is. Keys: `viewer`, `match` (from 0), `phase`,
    /// `current_player`, `seen`, `seats` (per seat: `seat`, `hand` (notation, or `None` where
    /// hidden), `cards_left`, `points_won`, `place` (from 1, once out), `team`, `declaration`),
    /// `table` (`[seat, notation]` or `None`), `trick` (`[seat, notation or "pass"]`), `out_order`,
    /// `match_points`, `scores`, `winners`, `last_hand` (`[seat, notation]` or `None`) and
    /// `breakdown`.
    ///
    /// A `declaration` is `{"move", "stake", "points", "blind_round"}`: the stake 200, 100 or 0
    /// and, once someone is out, `+stake` or `-stake` as its points; `blind_round` when the seat's
    /// latest decision is its blind one (a pass there leaves the declaration after seeing the cards
    /// to make); `None` before the seat decides and in Zheng Fen. The `breakdown` explains a
    /// finished Zen Cheng You match: `one_two` and per team `cards` (or `one_two`: 200 or 0 after a
    /// 1-2 finish), `declarations`, `match_points`, `before` and `score`; else `None`.
    #[pyo3(signature = (seat = None))]
    fn visible<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &Visible::of(&self.game, self.viewer_arg(seat)?))
    }

    /// `visible(seat)` after each event of `history` from index `since` on, one record an event,
    /// the last being `visible(seat)`: the positions the web page shows while the agents' moves
    /// appear one by one. Events of one decision between its first and its last show the cards,
    /// trick, points and places as they change; `phase` and `current_player` are those after the
    /// decision.
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
    /// What `seat` may know, and nothing of the other hands: `seat`, `phase`, `current_player`,
    /// `hand` (notation; `""` in `blind_declare` before the seat has seen its cards), `table`
    /// (notation or `None`), `table_player`, `trick` (`[seat, notation or "pass"]` pairs), `plays`
    /// (every play of the match: `[seat, notation]` pairs), `cards_left` and `points_won` (per
    /// seat; the points in its pile, the transfer included once the match is scored, RULES.md
    /// §12.4b), `out_order`, `scores`, and in Zen Cheng You `team` and `declarations` (`[seat,
    /// "blind" | "declare" | "pass"]` pairs).
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
        let max_actions = int_arg(max_actions, "max_actions", args::ROWS)?;
        tensors::mask(py, self.game.legal_moves().len(), max_actions, packed)
    }
}
