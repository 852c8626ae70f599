//! [`Decisions`]: the inputs of many decisions, each a state and its moves (assembled by
//! [`super::features`]), gathered for one batched forward pass of a [`Model`] (AI.md §7).

use std::ops::Range;

use super::features::{state_size, write_state, MOVE_SIZE};
use super::model::Model;
use crate::encode::move_features;
use crate::game::{Game, Move};

/// The inputs of many decisions, each a state and its moves, gathered for
/// [`Model::q_batch`]: decision `d` has the state row `d` and the move rows
/// [`Decisions::moves_of`]`(d)`. Cleared and refilled, it keeps its memory. (Its default
/// holds no decisions for a model reading no history rows.)
#[derive(Clone, Debug)]
pub struct Decisions {
    pub(crate) history_rows: usize,
    /// `len() * state_size` values.
    pub(crate) states: Vec<f32>,
    /// `offsets[len()] * MOVE_SIZE` values.
    pub(crate) moves: Vec<f32>,
    /// Decision `d`'s moves are rows `offsets[d] .. offsets[d + 1]`.
    pub(crate) offsets: Vec<usize>,
    bytes: Vec<u8>,
}

impl Default for Decisions {
    fn default() -> Decisions {
        Decisions {
            history_rows: 0,
            states: Vec::new(),
            moves: Vec::new(),
            offsets: vec![0],
            bytes: Vec::new(),
        }
    }
}

impl Decisions {
    /// No decisions yet, for inputs of `model`'s layout.
    pub fn new(model: &Model) -> Decisions {
        Decisions {
            history_rows: model.history_rows(),
            ..Decisions::default()
        }
    }

    /// Forgets every decision (their memory is kept).
    pub fn clear(&mut self) {
        self.states.clear();
        self.moves.clear();
        self.offsets.truncate(1);
    }

    /// The number of decisions.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Rows of [`Model::q_batch`]'s output (and of the moves) that are decision `d`'s.
    pub fn moves_of(&self, d: usize) -> Range<usize> {
        self.offsets[d]..self.offsets[d + 1]
    }

    /// The number of moves over all decisions.
    pub fn total_moves(&self) -> usize {
        self.offsets[self.len()]
    }

    /// Adds the decision of `game`'s current player (seat 0 when no one is to move) among
    /// `moves` (normally its legal moves).
    pub fn push(&mut self, game: &Game, moves: &[Move]) {
        let seat = game.current_player().map_or(0, usize::from);
        let size = state_size(self.history_rows);
        let start = self.states.len();
        self.states.resize(start + size, 0.0);
        write_state(
            game,
            seat,
            self.history_rows,
            &mut self.bytes,
            &mut self.states[start..],
        );
        let mut row = [0u8; MOVE_SIZE];
        for mv in moves {
            row.fill(0);
            move_features(mv, &mut row);
            self.moves.extend(row.iter().map(|&b| f32::from(b)));
        }
        self.offsets.push(self.total_moves() + moves.len());
    }

    /// Adds a decision from its inputs: `state` (length [`state_size`]) and `moves`, rows of
    /// [`MOVE_SIZE`] values. The lengths must fit.
    pub fn push_features(&mut self, state: &[f32], moves: &[f32]) {
        assert_eq!(state.len(), state_size(self.history_rows), "state length");
        assert_eq!(moves.len() % MOVE_SIZE, 0, "move rows");
        self.states.extend_from_slice(state);
        self.moves.extend_from_slice(moves);
        self.offsets
            .push(self.total_moves() + moves.len() / MOVE_SIZE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_holds_no_decisions() {
        // (The derived default had no offsets: len() underflowed.)
        let mut decisions = Decisions::default();
        assert_eq!((decisions.len(), decisions.total_moves()), (0, 0));
        assert!(decisions.is_empty());
        decisions.push_features(&vec![0.0; state_size(0)], &[0.0; MOVE_SIZE * 2]);
        assert_eq!((decisions.len(), decisions.moves_of(0)), (1, 0..2));
    }
}
