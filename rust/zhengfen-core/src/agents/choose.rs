//! What every agent does: choose one of the current player's legal moves. The [`Choose`]
//! trait holds the parts all agents share (the guards of a decision with nothing to decide,
//! the uncancellable form), so that an agent writes only [`Choose::pick`].

use crate::cancel::Cancel;
use crate::game::{Game, Move};
use crate::seed::SplitMix64;

/// A decision to make: the game (its current player to move), that player's legal moves (at
/// least two) and when to stop thinking.
#[derive(Clone, Copy)]
pub struct Turn<'a> {
    /// The game, as its current player may see it (an agent reads no other hand).
    pub game: &'a Game,
    /// The current player's legal moves, in [`Game::legal_moves`] order.
    pub moves: &'a [Move],
    /// Set when the caller wants the decision now: a searching agent returns the best move
    /// found so far.
    pub cancel: &'a Cancel<'a>,
}

/// An agent: it picks one of the current player's legal moves.
///
/// ```
/// use zhengfen_core::{Agent, Choose, Game, Rules, SplitMix64};
/// let game = Game::new(Rules::zheng_fen(4).unwrap(), 7);
/// let moves = game.legal_moves();
/// let pick = Agent::Greedy.choose(&game, &moves, &mut SplitMix64::new(1));
/// assert!(pick < moves.len());
/// ```
pub trait Choose {
    /// The index in `turn.moves` of the move chosen, drawing any randomness from `rng`.
    fn pick(&self, turn: &Turn<'_>, rng: &mut SplitMix64) -> usize;

    /// The index in `moves` (the current player's legal moves) of the move chosen, cut short
    /// when `cancel` says so (a searching agent then returns the best move found so far; the
    /// caller is expected to see `cancel` and stop). With the game over or at most one move,
    /// 0, and nothing is drawn from `rng`.
    fn choose_until(
        &self,
        game: &Game,
        moves: &[Move],
        rng: &mut SplitMix64,
        cancel: &Cancel<'_>,
    ) -> usize {
        if game.current_player().is_none() || moves.len() <= 1 {
            return 0;
        }
        self.pick(
            &Turn {
                game,
                moves,
                cancel,
            },
            rng,
        )
    }

    /// [`Choose::choose_until`] with no cancel: the whole decision.
    fn choose(&self, game: &Game, moves: &[Move], rng: &mut SplitMix64) -> usize {
        self.choose_until(game, moves, rng, &Cancel::never())
    }
}
