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
//! The tree lives in a node arena (`Vec`), at most one node per iteration, reused from decision
//! to decision on each thread.

use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

use super::policy::{self, Policy, Scratch};
use super::{play_out, settings, Agent, Choose, Greedy, Learned, Turn};
use crate::error::Result;
use crate::game::{Game, Move};
use crate::learned::Model;
use crate::rules::Rules;
use crate::seed::SplitMix64;

/// How a leaf is estimated after the tree: a world played to the end of the match by a
/// policy, or the learned values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random moves.
    Random,
    /// The greedy agent in every seat.
    Greedy,
    /// The learned model's choice in every seat (needs `policy=learned`).
    Learned,
    /// No playout to the end: each seat's largest Q-value at its next decision, the world
    /// played on by the model until then (needs `policy=learned`).
    Value,
}

/// Every playout, in the order the documents list them.
const PLAYOUTS: [Playout; 4] = [
    Playout::Random,
    Playout::Greedy,
    Playout::Learned,
    Playout::Value,
];

impl Playout {
    /// The name a spec gives it.
    pub const fn name(&self) -> &'static str {
        match self {
            Playout::Random => "random",
            Playout::Greedy => "greedy",
            Playout::Learned => "learned",
            Playout::Value => "value",
        }
    }

    /// The playout a spec names `name`, if any.
    pub fn parse(name: &str) -> Option<Playout> {
        PLAYOUTS.into_iter().find(|p| p.name() == name)
    }

    /// Whether it plays with the learned model.
    pub const fn is_learned(&self) -> bool {
        matches!(self, Playout::Learned | Playout::Value)
    }
}

/// Settings of the IS-MCTS agent.
#[derive(Clone, Debug, PartialEq)]
pub struct Ismcts {
    /// Iterations (worlds drawn, nodes added at most) per decision.
    pub iterations: u32,
    /// How each leaf is estimated: a policy playing the world out, or the learned values.
    pub playout: Playout,
    /// The UCB1 exploration constant `C` (rewards are about 0 to 1).
    pub exploration: f64,
    /// Moves considered at each node: the best by the policy in the world.
    pub candidates: u32,
    /// What ranks a node's moves: the greedy score or a learned model.
    pub policy: Policy,
}

impl Default for Ismcts {
    fn default() -> Ismcts {
        Ismcts {
            iterations: 1000,
            playout: Playout::Greedy,
            exploration: 0.7,
            candidates: 8,
            policy: Policy::Greedy,
        }
    }
}

/// The iterations `policy=learned` defaults to (about the time of the default `ismcts` with
/// the trained 128-128 model of 4-player Zheng Fen, benches/RESULTS.md §9).
pub const LEARNED_ITERATIONS: u32 = 200;
/// The playout `policy=learned` defaults to.
pub const LEARNED_PLAYOUT: Playout = Playout::Value;

/// The most iterations a spec may ask for.
pub const MOST_ITERATIONS: u32 = 1_000_000;
/// The most candidates a spec may ask for.
pub const MOST_CANDIDATES: u32 = 10_000;
/// The largest exploration constant a spec may ask for.
pub const MOST_EXPLORATION: f64 = 100.0;

impl Ismcts {
    /// The defaults with `policy`: those of [`Ismcts::default`], and for a learned policy
    /// [`LEARNED_ITERATIONS`] and [`LEARNED_PLAYOUT`].
    pub fn with_policy(policy: Policy) -> Ismcts {
        let mut ismcts = Ismcts::default();
        if policy.is_learned() {
            ismcts.iterations = LEARNED_ITERATIONS;
            ismcts.playout = LEARNED_PLAYOUT;
        }
        ismcts.policy = policy;
        ismcts
    }

    /// Settings from `name=value` pairs separated by commas (`iterations` 1 to 1,000,000,
    /// `playout` `random`, `greedy`, `learned` or `value`, `exploration` 0 to 100,
    /// `candidates` 1 to 10,000, `policy` `greedy`, `learned` or `learned(model=PATH)`);
    /// missing ones keep the defaults of the policy ([`Ismcts::with_policy`]). The learned
    /// playouts need the learned policy, whose model they play. A policy's model file is not
    /// read here ([`Ismcts::read_model_file`]; [`Agent::parse`] reads it).
    pub fn parse(args: &str) -> Result<Ismcts> {
        let spec = format!("ismcts({args})");
        let pairs = settings::pairs(&spec, args)?;
        let policy = match pairs.iter().find(|(key, _)| *key == "policy") {
            Some((_, value)) => Policy::parse(&spec, value)?,
            None => Policy::Greedy,
        };
        let mut ismcts = Ismcts::with_policy(policy);
        for (key, value) in pairs {
            match key {
                "iterations" => {
                    ismcts.iterations = settings::number(&spec, key, value, 1, MOST_ITERATIONS)?;
                }
                "candidates" => {
                    ismcts.candidates = settings::number(&spec, key, value, 1, MOST_CANDIDATES)?;
                }
                "exploration" => {
                    ismcts.exploration =
                        settings::number(&spec, key, value, 0.0, MOST_EXPLORATION)?;
                }
                "playout" => {
                    ismcts.playout = Playout::parse(value).ok_or_else(|| {
                        super::bad_spec(&spec, "playout must be random, greedy, learned or value")
                    })?;
                }
                "policy" => {}
                other => return Err(settings::unknown(&spec, other)),
            }
        }
        ismcts.check_playout(&spec)?;
        Ok(ismcts)
    }

    /// These settings if each is in its range and a learned playout has the learned policy,
    /// else the error a spec with them gets: the searcher made from values rather than from a
    /// spec (`AgentSpec.ismcts`).
    ///
    /// ```
    /// use zhengfen_core::agents::{Ismcts, Playout};
    /// let ismcts = Ismcts { iterations: 30, ..Ismcts::default() };
    /// assert_eq!(ismcts.clone().checked().unwrap(), ismcts);
    /// assert!(Ismcts { exploration: f64::NAN, ..Ismcts::default() }.checked().is_err());
    /// assert!(Ismcts { playout: Playout::Value, ..Ismcts::default() }.checked().is_err());
    /// ```
    pub fn checked(self) -> Result<Ismcts> {
        let spec = self.to_string();
        settings::in_range(&spec, "iterations", self.iterations, 1, MOST_ITERATIONS)?;
        settings::in_range(&spec, "candidates", self.candidates, 1, MOST_CANDIDATES)?;
        settings::in_range(
            &spec,
            "exploration",
            self.exploration,
            0.0,
            MOST_EXPLORATION,
        )?;
        self.check_playout(&spec)?;
        Ok(self)
    }

    /// Refuses a learned playout without the learned policy, whose model it plays.
    fn check_playout(&self, spec: &str) -> Result<()> {
        if self.playout.is_learned() && !self.policy.is_learned() {
            return Err(super::bad_spec(
                spec,
                &format!(
                    "playout={} plays the learned policy's model: give policy=learned",
                    self.playout.name()
                ),
            ));
        }
        Ok(())
    }

    /// These settings with the learned policy's model file read ([`Policy::read_model_file`]).
    pub fn read_model_file(self) -> Result<Ismcts> {
        Ok(Ismcts {
            policy: self.policy.clone().read_model_file()?,
            ..self
        })
    }

    /// These settings with `model` as the learned policy's model (its path kept as its spec);
    /// a greedy policy is unchanged.
    pub fn with_model(self, model: Arc<Model>) -> Ismcts {
        let policy = match &self.policy {
            Policy::Learned(learned) => {
                Policy::Learned(Learned::from_model(model, learned.path.clone()))
            }
            Policy::Greedy => Policy::Greedy,
        };
        Ismcts { policy, ..self }
    }

    /// These settings for `rules`: a learned policy gets the model shipped for them, or has its
    /// model checked against them (a model for other rules is refused).
    pub fn bind(&self, rules: &Rules) -> Result<Ismcts> {
        Ok(Ismcts {
            policy: self.policy.bind(rules)?,
            ..self.clone()
        })
    }

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

impl Ismcts {
    /// The settings its spec writes, in order (`policy` only when learned):
    /// [`super::Agent::settings`].
    pub fn settings(&self) -> Vec<(&'static str, String)> {
        let mut settings = vec![
            ("iterations", self.iterations.to_string()),
            ("playout", self.playout.name().to_string()),
            ("exploration", self.exploration.to_string()),
            ("candidates", self.candidates.to_string()),
        ];
        if self.policy.is_learned() {
            settings.push(("policy", self.policy.to_string()));
        }
        settings
    }
}

/// A root move as the search left it: its index among the legal moves, how often the tree
/// passed it and its mean value for the mover, in match-result units ([`Game::match_result`]:
/// the reward scaled back by [`policy::result_of`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RootValue {
    /// The move's index in the legal moves.
    pub index: usize,
    /// Iterations that went through it (at least 1).
    pub visits: u32,
    /// Its mean value over those iterations, in the units of [`Game::match_result`].
    pub value: f64,
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
        for _ in 0..self.iterations {
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

impl fmt::Display for Ismcts {
    /// The agent's spec, as [`super::Agent::parse`] reads it (`policy` only when learned).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_spec(f, "ismcts", &self.settings())
    }
}

/// A match result of a seat scaled to about 0 to 1, the reward the tree backs up
/// ([`policy::reward_of`]).
pub fn reward(rules: &Rules, result: i64) -> f64 {
    policy::reward_of(rules, result as f64)
}

/// Buffers reused across iterations.
struct Work {
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

/// No node (the end of a child list).
const NONE: u32 = u32::MAX;
/// The root: the decision itself.
const ROOT: u32 = 0;
/// Nodes kept for the next decision of a thread at most (about 4 MB); a larger arena is freed.
const RETAINED: usize = 1 << 16;

/// A node: the move that led to it and who made it, its statistics, and its place in the
/// child lists (a first child and a next sibling, so the arena holds plain values).
#[derive(Copy, Clone, Debug)]
struct Node {
    mv: Move,
    seat: u8,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Times it was available when its parent was passed (UCB1's parent count).
    avail: u32,
    total: f64,
}

impl Node {
    fn new(mv: Move, seat: u8) -> Node {
        Node {
            mv,
            seat,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            total: 0.0,
        }
    }

    fn ucb(&self, exploration: f64) -> f64 {
        let visits = f64::from(self.visits.max(1));
        self.total / visits + exploration * (f64::from(self.avail.max(1)).ln() / visits).sqrt()
    }
}

/// The step taken at a node: the child moved to, and whether it was just added.
struct Step {
    child: u32,
    expanded: bool,
}

thread_local! {
    /// The node arena of this thread's last decision, kept for its next one.
    static ARENA: Cell<Vec<Node>> = const { Cell::new(Vec::new()) };
}

/// The search tree: a node arena whose node 0 is the root.
struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    /// A tree holding only the root, in this thread's arena.
    fn take() -> Tree {
        let mut nodes = ARENA.take();
        nodes.clear();
        nodes.push(Node::new(Move::Pass, 0));
        Tree { nodes }
    }

    /// Returns the arena to this thread, unless it grew too large to keep.
    fn give_back(self) {
        if self.nodes.capacity() <= RETAINED {
            ARENA.set(self.nodes);
        }
    }

    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let first = self.nodes[node as usize].first_child;
        std::iter::successors((first != NONE).then_some(first), |&c| {
            let next = self.nodes[c as usize].next_sibling;
            (next != NONE).then_some(next)
        })
    }

    fn child(&self, node: u32, mv: Move) -> Option<u32> {
        self.children(node)
            .find(|&c| self.nodes[c as usize].mv == mv)
    }

    /// The step from `node` where `mover` has `moves` and may play those of `order` (best
    /// first): the first without a child is added, else the best by UCB1. Every available
    /// child's availability count goes up.
    fn step(&mut self, node: u32, mover: u8, moves: &[Move], order: &[usize], c: f64) -> Step {
        let mut best: Option<(u32, f64)> = None;
        let mut untried = None;
        for &i in order {
            match self.child(node, moves[i]) {
                Some(child) => {
                    let score = self.nodes[child as usize].ucb(c);
                    if best.is_none_or(|(_, b)| score > b) {
                        best = Some((child, score));
                    }
                }
                None if untried.is_none() => untried = Some(i),
                None => {}
            }
        }
        for &i in order {
            if let Some(child) = self.child(node, moves[i]) {
                self.nodes[child as usize].avail += 1;
            }
        }
        match (untried, best) {
            (None, Some((child, _))) => Step {
                child,
                expanded: false,
            },
            _ => {
                let mv = moves[untried.unwrap_or(order[0])];
                Step {
                    child: self.add(node, mv, mover),
                    expanded: true,
                }
            }
        }
    }

    /// Adds a child of `node` (available once: now).
    fn add(&mut self, node: u32, mv: Move, seat: u8) -> u32 {
        let at = self.nodes.len() as u32;
        let mut child = Node::new(mv, seat);
        child.avail = 1;
        child.next_sibling = self.nodes[node as usize].first_child;
        self.nodes.push(child);
        self.nodes[node as usize].first_child = at;
        at
    }

    /// The root's children visited at least once, in the order of `moves`, with their mean
    /// values in match-result units.
    fn root_values(&self, rules: &Rules, moves: &[Move]) -> Vec<RootValue> {
        (0..moves.len())
            .filter_map(|index| {
                let node = &self.nodes[self.child(ROOT, moves[index])? as usize];
                (node.visits > 0).then(|| RootValue {
                    index,
                    visits: node.visits,
                    value: policy::result_of(rules, node.total / f64::from(node.visits)),
                })
            })
            .collect()
    }

    /// The index in `moves` of the root's most visited child (the first of equals), if any
    /// was visited.
    fn most_visited(&self, moves: &[Move]) -> Option<usize> {
        let visits = |i: usize| {
            self.child(ROOT, moves[i])
                .map_or(0, |c| self.nodes[c as usize].visits)
        };
        let best = (0..moves.len()).fold(None, |best: Option<(usize, u32)>, i| {
            let v = visits(i);
            match best {
                Some((_, b)) if b >= v => best,
                _ if v > 0 => Some((i, v)),
                _ => best,
            }
        });
        best.map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cancel::Cancel;

    #[test]
    fn ucb_prefers_the_mean_without_exploration_and_the_rare_with_it() {
        let mut often = Node::new(Move::Pass, 0);
        (often.visits, often.avail, often.total) = (100, 200, 60.0);
        let mut rare = Node::new(Move::Blind, 0);
        (rare.visits, rare.avail, rare.total) = (2, 200, 1.0);
        assert!(often.ucb(0.0) > rare.ucb(0.0));
        assert!(often.ucb(0.7) < rare.ucb(0.7));
    }

    #[test]
    fn the_tree_holds_at_most_one_node_per_iteration() {
        let game = Game::new(crate::rules::Rules::zheng_fen(4).unwrap(), 2);
        let moves = game.legal_moves();
        let ismcts = Ismcts {
            iterations: 50,
            ..Ismcts::default()
        };
        ismcts.choose_until(&game, &moves, &mut SplitMix64::new(1), &Cancel::never());
        let nodes = ARENA.take();
        assert!((10..=51).contains(&nodes.len()), "{} nodes", nodes.len());
        let root = &nodes[ROOT as usize];
        assert_eq!(root.visits, 50);
        let mut tree = Tree { nodes };
        let children: Vec<u32> = tree.children(ROOT).collect();
        let visits: u32 = children
            .iter()
            .map(|&c| tree.nodes[c as usize].visits)
            .sum();
        assert_eq!(visits, 50, "every iteration passes one root child");
        assert!(children.len() <= 8, "at most the candidates at the root");
        for &c in &children {
            let child = &tree.nodes[c as usize];
            assert!(child.avail >= child.visits && child.avail <= 50);
            assert!((0.0..=f64::from(child.visits)).contains(&child.total));
        }
        tree.nodes.clear();
        tree.give_back();
    }

    #[test]
    fn a_learned_policy_tries_the_models_top_k_at_the_root_and_below() {
        use crate::agents::Learned;
        use std::sync::Arc;
        let rules = crate::rules::Rules::zheng_fen(4).unwrap();
        let model = Arc::new(crate::learned::testing::random_model(
            &rules,
            2,
            &[16, 8],
            3,
        ));
        let game = Game::new(rules, 5);
        let moves = game.legal_moves();
        assert!(moves.len() > 4, "{} moves", moves.len());
        let k = 3;
        let ismcts = Ismcts {
            iterations: 60,
            candidates: k,
            playout: Playout::Value,
            policy: Policy::Learned(Learned::from_model(model.clone(), None)),
            ..Ismcts::default()
        };
        let pick = ismcts.choose_until(&game, &moves, &mut SplitMix64::new(1), &Cancel::never());
        let tree = Tree {
            nodes: ARENA.take(),
        };
        let q = model.q_values(&game, &moves);
        let mut best: Vec<usize> = (0..moves.len()).collect();
        best.sort_by(|&a, &b| q[b].total_cmp(&q[a]));
        let top: Vec<Move> = best[..k as usize].iter().map(|&i| moves[i]).collect();
        let mut root: Vec<Move> = tree
            .children(ROOT)
            .map(|c| tree.nodes[c as usize].mv)
            .collect();
        assert_eq!(root.len(), k as usize, "every candidate tried at the root");
        for mv in &top {
            assert!(root.contains(mv), "{mv:?} of the top {k} untried: {root:?}");
        }
        root.retain(|mv| !top.contains(mv));
        assert!(
            root.is_empty(),
            "tried beyond the model's top {k}: {root:?}"
        );
        assert!(top.contains(&moves[pick]));
        // Below the root, a node's moves are ranked the same way in each world it meets.
        let seat = usize::from(game.current_player().unwrap());
        let mut world = game.resample(seat, &mut SplitMix64::new(2)).unwrap();
        world.play(moves[pick]).unwrap();
        let below = world.legal_moves();
        let (mut order, mut decisions) = (Vec::new(), crate::learned::Decisions::new(&model));
        policy::rank_into(Some(&model), &world, &below, 2, &mut decisions, &mut order);
        let q = model.q_values(&world, &below);
        let mut best: Vec<usize> = (0..below.len()).collect();
        best.sort_by(|&a, &b| q[b].total_cmp(&q[a]));
        assert_eq!(order, best[..2.min(below.len())]);
        tree.give_back();
    }

    #[test]
    fn children_are_found_by_value_and_counted_once() {
        let mut tree = Tree::take();
        let moves = [Move::Pass, Move::Blind, Move::Declare];
        let first = tree.step(ROOT, 1, &moves, &[2, 0], 0.7);
        assert!(first.expanded);
        assert_eq!(tree.nodes[first.child as usize].mv, Move::Declare);
        let second = tree.step(ROOT, 1, &moves, &[2, 0], 0.7);
        assert!(second.expanded && tree.nodes[second.child as usize].mv == Move::Pass);
        assert_eq!(tree.nodes[first.child as usize].avail, 2);
        // Both tried: a selection, no new node.
        tree.nodes[first.child as usize].visits = 1;
        tree.nodes[second.child as usize].visits = 1;
        let third = tree.step(ROOT, 1, &moves, &[0, 2], 0.7);
        assert!(!third.expanded);
        assert_eq!(tree.nodes.len(), 3);
        assert_eq!(tree.child(ROOT, Move::Blind), None);
        assert_eq!(tree.most_visited(&moves), Some(0));
        tree.give_back();
    }
}
