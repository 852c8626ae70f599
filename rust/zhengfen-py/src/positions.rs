//! A `LearnedModel` on a position: the Q-values and the state input of the mover of a `Game`
//! or an `InfoSet` (AI.md §7.3). Apart from `learned.rs`, so that the model's class does not
//! depend on the info set's, which names agents, which may carry a model.

use crate::args::shown;
use crate::errors::{ArgumentTypeError, IllegalMoveError};
use crate::game::PyGame;
use crate::info_set::PyInfoSet;
use crate::learned::PyLearnedModel;
use numpy::PyArray1;
use pyo3::prelude::*;
use zhengfen_core::game::{Game, Move};
use zhengfen_core::learned::state_features;

/// The game and the seat a `game_or_info_set` argument names: a `Game` (its current player)
/// or an `InfoSet` (its seat), with the seat's legal moves if it is to move.
fn position(obj: &Bound<'_, PyAny>) -> PyResult<(Game, Option<usize>, Vec<Move>)> {
    if let Ok(game) = obj.cast::<PyGame>() {
        let game = game.borrow().game.clone();
        let seat = game.current_player().map(usize::from);
        let moves = game.legal_moves();
        return Ok((game, seat, moves));
    }
    if let Ok(info) = obj.cast::<PyInfoSet>() {
        let info = info.get();
        let moves = info.moves();
        return Ok((info.game.clone(), Some(info.seat), moves));
    }
    Err(ArgumentTypeError::new_err(format!(
        "expected a Game or an InfoSet, not {}",
        shown(obj)
    )))
}

#[pymethods]
impl PyLearnedModel {
    /// The Q-value of each legal move of the mover (of a `Game`'s current player, or of an
    /// `InfoSet`'s seat when it is to move; empty otherwise), in legal-move order.
    fn q_values<'py>(
        &self,
        py: Python<'py>,
        game_or_info_set: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let (game, _, moves) = position(game_or_info_set)?;
        let model = &self.model;
        let q = py.detach(|| model.q_values(&game, &moves));
        Ok(PyArray1::from_vec(py, q))
    }

    /// The state input `x_s` of the mover (a `Game`'s current player, or an `InfoSet`'s
    /// seat), float32 of length `state_size`.
    fn state_features<'py>(
        &self,
        py: Python<'py>,
        game_or_info_set: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let (game, seat, _) = position(game_or_info_set)?;
        let seat = seat.ok_or_else(|| {
            IllegalMoveError::new_err("no one is to move: there is no state to encode")
        })?;
        let mut out = vec![0.0; self.model.state_size()];
        state_features(&game, seat, self.model.history_rows(), &mut out);
        Ok(PyArray1::from_vec(py, out))
    }
}
