//! The SPARTA agent: single-agent search over a fixed blueprint (Lerer, Hu, Foerster and Brown
//! 2020, "Improving Policies via Search in Cooperative Partially Observable Games").
//!
//! The mover alone searches; every other decision, its own later ones included, is the
//! blueprint's: a learned model's largest Q-value (`policy=learned`, the default) or the greedy
//! score (`policy=greedy`). At a decision the blueprint ranks the legal moves and the agent
//! keeps its `candidates` best; the first is the blueprint's own move `b`. It then draws worlds
//! with [`Game::resample`] from the mover's view and, in each, plays every candidate and the
//! match to its end by the blueprint in every seat (deterministic given the world), recording
//! [`Game::match_result`] of the mover. Every candidate meets the same worlds, so each is
//! compared with `b` world by world (paired; the only noise is the world drawn). It plays the
//! candidate of largest mean gain over `b` when the gain's lower bound, the mean less `z`
//! standard errors, exceeds `threshold` (points a match), else `b`.
//!
//! The work is counted, not timed: worlds are drawn until the rollouts have spent `budget`
//! units, one a rollout and one a blueprint decision with more than one legal move (a forward
//! pass of the model). Late in a match, where rollouts are short, it draws more worlds; a
//! decision's cost stays bounded, and its choice depends only on its stream and the mover's view.
//!
//! With `tree=N` (0, off, by default) the move kept unless a candidate clears the guard is not
//! the blueprint's but that of a small IS-MCTS search with the same policy
//! (`ismcts(policy=P,iterations=N)`), run first from the same stream; the blueprint's candidates
//! are measured against it in the same paired worlds.
//!
//! With `belief=K` (0, off, by default) each world is weighed by how likely the blueprint makes
//! the other seats' plays seen in it, `exp(−regret / K)`, and the gains are weighted means.
//!
//! By concern: `spec` (the settings, read from and written to a spec), `tree` (the move kept by
//! default and the moves compared with it), `belief` (a world's weight and the weighted mean)
//! and `search` (a decision's worlds, rollouts and paired gains).

mod belief;
mod search;
mod spec;
mod tree;

#[cfg(test)]
mod tests;

pub use search::Gains;
pub use spec::{Sparta, MOST_BELIEF, MOST_BUDGET, MOST_THRESHOLD, MOST_TREE, MOST_Z};
