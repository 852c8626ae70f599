//! The move kept by default. With `tree=0` it is the blueprint's own (the first of its
//! candidates); with `tree=N` it is the move of a small IS-MCTS search with the same policy,
//! `ismcts(policy=P,iterations=N)` (its other settings the defaults of that policy), run first
//! from the decision's stream. The rollouts then measure the blueprint's candidates against
//! that move: a search that tries the other seats' answers, kept unless the blueprint's own
//! rollouts say, past the guard, that another move is better.

use crate::agents::{Choose, Ismcts, Turn};
use crate::seed::SplitMix64;

use super::spec::Sparta;

impl Sparta {
    /// The IS-MCTS search whose move is kept by default, `None` with `tree=0`: the policy's
    /// defaults ([`Ismcts::with_policy`]) with `tree` iterations.
    ///
    /// ```
    /// use zhengfen_core::agents::Sparta;
    /// assert_eq!(Sparta::default().tree_search(), None);
    /// let sparta = Sparta::parse("tree=80").unwrap();
    /// let search = sparta.tree_search().unwrap();
    /// let spec = "ismcts(iterations=80,playout=value,exploration=0.7,candidates=8,policy=learned)";
    /// assert_eq!(search.to_string(), spec);
    /// ```
    pub fn tree_search(&self) -> Option<Ismcts> {
        (self.tree > 0).then(|| Ismcts {
            iterations: self.tree,
            ..Ismcts::with_policy(self.policy.clone())
        })
    }

    /// The moves the rollouts compare (indices into the turn's moves), the one kept by default
    /// first: the blueprint's candidates ([`Sparta::candidates`]), with `tree=N` the tree
    /// search's move put first (and not repeated where it is one of them). The tree draws from
    /// `rng` before the rollouts do, and stops on the turn's cancel as they do.
    pub fn tried(&self, turn: &Turn<'_>, rng: &mut SplitMix64) -> Vec<usize> {
        let mut tried = self.candidates(turn.game, turn.moves);
        if let Some(search) = self.tree_search() {
            let kept = search.pick(turn, rng);
            tried.retain(|&index| index != kept);
            tried.insert(0, kept);
        }
        tried
    }
}
