//! What guides the IS-MCTS agent ([`super::Ismcts`]): the [`Policy`] that ranks a node's moves
//! (the greedy score, or a learned model's Q-values) and the learned model's part in a leaf's
//! estimate: the model playing the world out, or its values cutting the playout short
//! ([`value_rewards`]).
//!
//! A learned policy is a nested agent spec, `policy=learned` (the model shipped for the rules)
//! or `policy=learned(model=PATH)`, bound to the rules with the agent ([`Policy::bind`]), so a
//! model for other rules is refused before any game.

use std::fmt;

use super::{bad_spec, Agent, Greedy, Learned};
use crate::error::Result;
use crate::game::{Game, Move};
use crate::learned::forward::argmax;
use crate::learned::{Decisions, Model};
use crate::rules::{Rules, Variant};

/// How the moves of a node are ranked, best first, before they are cut to the candidates.
#[derive(Clone, Debug, PartialEq)]
pub enum Policy {
    /// By the greedy score ([`Greedy::best_into`]).
    Greedy,
    /// By a learned model's Q-value of each move for the mover, the first in legal-move order
    /// on ties.
    Learned(Learned),
}

impl Policy {
    /// The policy a spec's `policy=VALUE` names: `greedy`, `learned` or `learned(model=PATH)`
    /// (the file is not read: [`Policy::read_model_file`]); `spec` names the whole spec in
    /// errors.
    pub fn parse(spec: &str, value: &str) -> Result<Policy> {
        if value == "greedy" {
            return Ok(Policy::Greedy);
        }
        let nested = value.split('(').next().unwrap_or("").trim();
        if nested != "learned" {
            return Err(bad_spec(
                spec,
                "policy must be greedy, learned or learned(model=PATH)",
            ));
        }
        match Agent::read_spec(value)? {
            Agent::Learned(learned) => Ok(Policy::Learned(learned)),
            _ => unreachable!("a spec named learned reads as the learned agent"),
        }
    }

    /// This policy for `rules`: a learned one gets the model shipped for them, or has its
    /// model checked against them.
    pub fn bind(&self, rules: &Rules) -> Result<Policy> {
        match self {
            Policy::Greedy => Ok(Policy::Greedy),
            Policy::Learned(learned) => learned.bind(rules).map(Policy::Learned),
        }
    }

    /// The policy with the model file it names read, if not read yet.
    pub fn read_model_file(self) -> Result<Policy> {
        match self {
            Policy::Learned(learned) => learned.read_file().map(Policy::Learned),
            greedy => Ok(greedy),
        }
    }

    /// The model of a learned policy, once bound.
    pub fn model(&self) -> Option<&Model> {
        match self {
            Policy::Greedy => None,
            Policy::Learned(learned) => learned.model.as_deref(),
        }
    }

    /// Whether it is a learned policy (bound or not).
    pub const fn is_learned(&self) -> bool {
        matches!(self, Policy::Learned(_))
    }
}

impl fmt::Display for Policy {
    /// `greedy`, `learned` or `learned(model=PATH)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Greedy => f.write_str("greedy"),
            Policy::Learned(learned) => learned.fmt(f),
        }
    }
}

/// Ranks `moves` of `game`'s mover best first into `order`, cut to the `k` best: by `model`'s
/// Q-values (through `decisions`, reused) when there is a model, else by the greedy score. A
/// single move is ranked without the network.
pub(crate) fn rank_into(
    model: Option<&Model>,
    game: &Game,
    moves: &[Move],
    k: usize,
    decisions: &mut Decisions,
    order: &mut Vec<usize>,
) {
    match model {
        Some(model) if moves.len() > 1 => {
            let q = q_of(model, game, moves, decisions);
            top_k_into(&q, k, order);
        }
        Some(_) => {
            order.clear();
            order.extend((0..moves.len()).take(k));
        }
        None => Greedy.best_into(game, moves, k, order),
    }
}

/// The indices of the `k` largest of `q` into `order`, largest first, the first index on ties.
pub(crate) fn top_k_into(q: &[f32], k: usize, order: &mut Vec<usize>) {
    order.clear();
    order.extend(0..q.len());
    order.sort_by(|&a, &b| q[b].total_cmp(&q[a]).then(a.cmp(&b)));
    order.truncate(k);
}

/// The Q-values of `moves` for `game`'s mover, through `decisions` (cleared first).
pub(crate) fn q_of(
    model: &Model,
    game: &Game,
    moves: &[Move],
    decisions: &mut Decisions,
) -> Vec<f32> {
    decisions.clear();
    decisions.push(game, moves);
    model.q_batch(decisions)
}

/// Plays the current match of `world` to its end with `model`'s choice in every seat (the only
/// move without the network).
pub(crate) fn learned_play_out(model: &Model, world: &mut Game, work: &mut Scratch) {
    while world.current_player().is_some() {
        world.legal_moves_into(&mut work.combos, &mut work.moves);
        let pick = match work.moves.len() {
            0 => break, // no legal move: not a position a game reaches
            1 => 0,
            _ => argmax(&q_of(model, world, &work.moves, &mut work.decisions)),
        };
        world.play_unchecked(work.moves[pick]);
    }
}

/// The leaf estimate of `playout=value`: for each seat of `pending` (a bit a seat), the
/// largest Q-value of its moves at its next decision, scaled by [`reward_of`], with the world
/// played on by `model`'s choices until every pending seat has had its decision; a seat whose
/// match ends first gets its [`Game::match_result`]. Written into `rewards`.
pub(crate) fn value_rewards(
    model: &Model,
    world: &mut Game,
    mut pending: u32,
    rewards: &mut [f64],
    work: &mut Scratch,
) {
    let rules = *world.rules();
    while pending != 0 {
        let Some(mover) = world.current_player() else {
            break;
        };
        world.legal_moves_into(&mut work.combos, &mut work.moves);
        let bit = 1u32 << mover;
        let waiting = pending & bit != 0;
        let pick = match work.moves.len() {
            0 => break,
            1 if !waiting => 0,
            _ => {
                let q = q_of(model, world, &work.moves, &mut work.decisions);
                let best = argmax(&q);
                if waiting {
                    rewards[usize::from(mover)] = reward_of(&rules, f64::from(q[best]));
                    pending &= !bit;
                }
                best
            }
        };
        world.play_unchecked(work.moves[pick]);
    }
    for seat in 0..rules.players {
        if pending & (1u32 << seat) != 0 {
            rewards[usize::from(seat)] = reward_of(&rules, world.match_result(seat) as f64);
        }
    }
}

/// Buffers of the learned playouts and values.
pub(crate) struct Scratch {
    pub(crate) combos: Vec<crate::combo::Combo>,
    pub(crate) moves: Vec<Move>,
    pub(crate) decisions: Decisions,
}

impl Scratch {
    /// Buffers for inputs of `model`'s layout (any layout without one).
    pub(crate) fn new(model: Option<&Model>) -> Scratch {
        Scratch {
            combos: Vec::new(),
            moves: Vec::new(),
            decisions: model.map(Decisions::new).unwrap_or_default(),
        }
    }
}

/// A match result of a seat (or a learned estimate of one) scaled to about 0 to 1, the reward
/// the tree backs up: in Zheng Fen the seat's match points (0 to 100 with the whole deck dealt)
/// / 100; in Zen Cheng You its team's lead (−200 to +200 before declarations, which may take
/// it beyond) as `(lead + 200) / 400`.
pub fn reward_of(rules: &Rules, result: f64) -> f64 {
    match rules.variant {
        Variant::ZhengFen => result / 100.0,
        Variant::ZenChengYou => (result + 200.0) / 400.0,
    }
}

/// The match result a reward stands for: the inverse of [`reward_of`].
pub fn result_of(rules: &Rules, reward: f64) -> f64 {
    match rules.variant {
        Variant::ZhengFen => reward * 100.0,
        Variant::ZenChengYou => reward * 400.0 - 200.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_k_is_the_largest_first_and_the_first_of_equals() {
        let mut order = Vec::new();
        top_k_into(&[0.5, 2.0, -1.0, 2.0, 0.5], 3, &mut order);
        assert_eq!(order, vec![1, 3, 0]);
        top_k_into(&[1.0, 3.0], 8, &mut order);
        assert_eq!(order, vec![1, 0]);
    }

    #[test]
    fn policies_parse_and_show_as_given() {
        assert_eq!(Policy::parse("s", "greedy").unwrap(), Policy::Greedy);
        let learned = Policy::parse("s", "learned").unwrap();
        assert!(learned.is_learned() && learned.model().is_none());
        assert_eq!(learned.to_string(), "learned");
        for bad in ["random", "ismcts", "", "learnedx"] {
            let error = Policy::parse("s", bad).unwrap_err().to_string();
            assert!(
                error.contains("policy must be greedy, learned"),
                "{bad}: {error}"
            );
        }
        let error = Policy::parse("s", "learned(x=1)").unwrap_err().to_string();
        assert!(error.contains("unknown setting 'x'"), "{error}");
    }
}
