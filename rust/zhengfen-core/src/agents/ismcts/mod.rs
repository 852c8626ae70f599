//! The IS-MCTS agent: single-observer information-set Monte Carlo tree search (Cowling, Powley
//! and Whitehouse 2012, "SO-ISMCTS").
//!
//! One tree over the mover's information sets: a node is a sequence of moves from the decision,
//! a move identified across worlds by its value ([`Move`] equality). Each iteration draws a
//! fresh world with [`Game::resample`] from the mover's view and, in that world, descends from
//! the root. At a node the moves *available* are the legal moves of the world, cut to the
//! `candidates` best by the greedy score ([`Greedy::best_into`]); the first available move
//! without a child (best greedy score first) is expanded, else the available child with the best
//! UCB1 score is followed, `mean + exploration * sqrt(ln(availability) / visits)`, where the
//! availability count (how often the child was available when its parent was passed) stands in
//! for the parent's visits. After the expansion the world is played to the end of the match by
//! the [`Playout`] policy, and each node on the path is credited with
//! [`Game::match_result`] of the seat that made its move, scaled by [`reward`]. The move played
//! is the root's most visited child among the real legal moves (the first of equals).
//!
//! With `policy=learned` a learned model guides it ([`super::policy`]): a node's moves are cut
//! to the `candidates` of largest Q-value for the mover instead (the root's once a decision,
//! since the mover's values depend only on its view), and the playout may be the model's
//! (`playout=learned`) or be cut short by its values (`playout=value`).
//!
//! With `declare=D` (not 0) a declaration decision of Zen Cheng You runs `D` iterations instead
//! of `iterations` ([`Ismcts::iterations_at`]): there each iteration plays or values the whole
//! match, so a declaration costs the most, and the time can be moved to the play.
//!
//! The tree lives in a node arena (`Vec`), at most one node per iteration, reused from decision
//! to decision on each thread.
//!
//! By concern: `spec` (the settings, read from and written to a spec), `search` (a decision's
//! iterations: descend, expand, play out, back up) and `tree` (the node arena and its UCB1 step).

mod search;
mod spec;
mod tree;

#[cfg(test)]
mod tests;

pub use search::Searched;
pub use spec::{
    Ismcts, Playout, LEARNED_ITERATIONS, LEARNED_PLAYOUT, MOST_CANDIDATES, MOST_EXPLORATION,
    MOST_ITERATIONS,
};
pub use tree::RootValue;
