//! A decision's search: iterations over worlds resampled from the mover's view, each descending
//! the tree, expanding a node, playing the world out (or valuing the leaf) and backing up.

use crate::agents::policy::{self, Scratch};
use crate::agents::{play_out, Agent, Choose, Greedy, Turn};
use crate::game::Game;
use crate::learned::Model;
use crate::rules::Rules;
use crate::seed::SplitMix64;

use super::spec::{Ismcts, Playout};
use super::tree::{RootValue, Tree, ROOT};

impl Ismcts {
    /// One iteration in `world`: descend, expand, play out (or value the leaf), back up.
    fn iterate(&self, tree: &mut Tree, world: &mut Game, rng: &mut SplitMix64, work: &mut Work) {
        let model = self.policy.model();
        let mut node = ROOT;
        work.path.clear();
        let mut seats = 0u32;
        while let Some(mover) = world.current_player() {
            let scratch = &mut work.scratch;
            world.legal_moves_into(&mut scratch.combos, &mut scratch.moves);
            let k = self.candidates as usize;
            if node == ROOT && model.is_some() {
                work.order.clone_from(&work.root_order);
            } else {
                let decisions = &mut scratch.decisions;
                policy::rank_into(model, world, &scratch.moves, k, decisions, &mut work.order);
            }
            if work.order.is_empty() {
                break; // no legal move: not a position a game reaches
            }
            let step = tree.step(node, mover, &scratch.moves, &work.order, self.exploration);
            world.play_unchecked(tree.nodes[step.child as usize].mv);
            work.path.push(step.child);
            seats |= 1u32 << mover;
            node = step.child;
            if step.expanded {
                break;
            }
        }
        let mut rewards = [0.0; crate::rules::MAX_PLAYERS];
        self.estimate(model, world, seats, &mut rewards, rng, work);
        tree.nodes[ROOT as usize].visits += 1;
        for &at in &work.path {
            let n = &mut tree.nodes[at as usize];
            n.visits += 1;
            n.total += rewards[usize::from(n.seat)];
        }
    }

    /// The rewards of the leaf `world` reached, for the seats that moved in the tree (a bit
    /// a seat in `seats`) at least: by the playout to the end of the match, or by the learned
    /// values. An unbound learned policy (no model) plays greedy playouts.
    fn estimate(
        &self,
        model: Option<&Model>,
        world: &mut Game,
        seats: u32,
        rewards: &mut [f64],
        rng: &mut SplitMix64,
        work: &mut Work,
    ) {
        let scratch = &mut work.scratch;
        match (self.playout, model) {
            (Playout::Value, Some(model)) => {
                policy::value_rewards(model, world, seats, rewards, scratch);
                return;
            }
            (Playout::Learned, Some(model)) => policy::learned_play_out(model, world, scratch),
            (Playout::Random, _) => play_out(world, &Agent::Random, rng, &mut scratch.moves),
            _ => play_out(world, &Agent::Greedy, rng, &mut scratch.moves),
        }
        let rules = *world.rules();
        for (s, r) in rewards.iter_mut().enumerate().take(rules.players.into()) {
            *r = reward(&rules, world.match_result(s as u8));
        }
    }
}

/// What a search decided: the move it plays and the value of every root move it tried, in
/// legal-move order (the labels of search-labelled training, AI.md §8.1).
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// The index of the move played ([`Choose::pick`]'s answer).
    pub pick: usize,
    /// The root moves visited at least once, in legal-move order.
    pub roots: Vec<RootValue>,
}

impl Ismcts {
    /// Searches the turn's decision as [`Choose::pick`] does and returns, with the move it
    /// plays, the value it found for every root move it tried (none when the game is over, or
    /// when it was cancelled before any iteration ended).
    pub fn search(&self, turn: &Turn<'_>, rng: &mut SplitMix64) -> Searched {
        let Turn { game, moves, .. } = *turn;
        let mut roots = Vec::new();
        let pick = self.searched(turn, rng, |tree| {
            roots = tree.root_values(game.rules(), moves);
        });
        Searched { pick, roots }
    }

    /// The search of the turn's decision: the move most visited, and `read` called on the tree
    /// before it goes back to the thread's arena.
    fn searched(&self, turn: &Turn<'_>, rng: &mut SplitMix64, read: impl FnOnce(&Tree)) -> usize {
        let Turn { game, moves, .. } = *turn;
        let Some(seat) = game.current_player() else {
            return 0;
        };
        let model = self.policy.model();
        let mut work = Work::new(model);
        if let Some(model) = model {
            // The mover's values depend only on its view: the same in every world.
            let q = policy::q_of(model, game, moves, &mut work.scratch.decisions);
            policy::top_k_into(&q, self.candidates as usize, &mut work.root_order);
        }
        let mut tree = Tree::take();
        for _ in 0..self.iterations_at(game) {
            if turn.cancel.check() {
                break;
            }
            let Ok(mut world) = game.resample(usize::from(seat), rng) else {
                break;
            };
            self.iterate(&mut tree, &mut world, rng, &mut work);
        }
        let pick = tree.most_visited(moves).unwrap_or_else(|| match model {
            Some(_) => work.root_order[0],
            None => Greedy.choose(game, moves),
        });
        read(&tree);
        tree.give_back();
        pick
    }
}

impl Choose for Ismcts {
    /// The move most visited, stopping after the iteration under way when the turn's cancel
    /// says so (the most visited move so far; before any iteration ended, the policy's choice:
    /// the greedy one, or the largest Q-value).
    fn pick(&self, turn: &Turn<'_>, rng: &mut SplitMix64) -> usize {
        self.searched(turn, rng, |_| {})
    }
}

/// A match result of a seat scaled to about 0 to 1, the reward the tree backs up
/// ([`policy::reward_of`]).
pub fn reward(rules: &Rules, result: i64) -> f64 {
    policy::reward_of(rules, result as f64)
}

/// Buffers reused across iterations.
pub(super) struct Work {
    scratch: Scratch,
    /// The root's candidates under a learned policy (the same in every world).
    root_order: Vec<usize>,
    order: Vec<usize>,
    path: Vec<u32>,
}

impl Work {
    fn new(model: Option<&Model>) -> Work {
        Work {
            scratch: Scratch::new(model),
            root_order: Vec::new(),
            order: Vec::new(),
            path: Vec::new(),
        }
    }
}
