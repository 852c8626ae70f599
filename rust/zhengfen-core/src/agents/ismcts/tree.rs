//! The search tree: a node arena (one node per iteration at most, reused from decision to
//! decision on each thread), its child lists and the UCB1 step from a node.

use std::cell::Cell;

use crate::agents::policy;
use crate::game::Move;
use crate::rules::Rules;

/// A root move as the search left it: its index among the legal moves, how often the tree
/// passed it and its mean value for the mover, in match-result units ([`crate::game::Game::match_result`]:
/// the reward scaled back by [`policy::result_of`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RootValue {
    /// The move's index in the legal moves.
    pub index: usize,
    /// Iterations that went through it (at least 1).
    pub visits: u32,
    /// Its mean value over those iterations, in the units of [`crate::game::Game::match_result`].
    pub value: f64,
}

/// No node (the end of a child list).
pub(super) const NONE: u32 = u32::MAX;
/// The root: the decision itself.
pub(super) const ROOT: u32 = 0;
/// Nodes kept for the next decision of a thread at most (about 4 MB); a larger arena is freed.
pub(super) const RETAINED: usize = 1 << 16;

/// A node: the move that led to it and who made it, its statistics, and its place in the
/// child lists (a first child and a next sibling, so the arena holds plain values).
#[derive(Copy, Clone, Debug)]
pub(super) struct Node {
    pub(super) mv: Move,
    pub(super) seat: u8,
    pub(super) first_child: u32,
    pub(super) next_sibling: u32,
    pub(super) visits: u32,
    /// Times it was available when its parent was passed (UCB1's parent count).
    pub(super) avail: u32,
    pub(super) total: f64,
}

impl Node {
    pub(super) fn new(mv: Move, seat: u8) -> Node {
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

    pub(super) fn ucb(&self, exploration: f64) -> f64 {
        let visits = f64::from(self.visits.max(1));
        self.total / visits + exploration * (f64::from(self.avail.max(1)).ln() / visits).sqrt()
    }
}

/// The step taken at a node: the child moved to, and whether it was just added.
pub(super) struct Step {
    pub(super) child: u32,
    pub(super) expanded: bool,
}

thread_local! {
    /// The node arena of this thread's last decision, kept for its next one.
    pub(super) static ARENA: Cell<Vec<Node>> = const { Cell::new(Vec::new()) };
}

/// The search tree: a node arena whose node 0 is the root.
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
}

impl Tree {
    /// A tree holding only the root, in this thread's arena.
    pub(super) fn take() -> Tree {
        let mut nodes = ARENA.take();
        nodes.clear();
        nodes.push(Node::new(Move::Pass, 0));
        Tree { nodes }
    }

    /// Returns the arena to this thread, unless it grew too large to keep.
    pub(super) fn give_back(self) {
        if self.nodes.capacity() <= RETAINED {
            ARENA.set(self.nodes);
        }
    }

    pub(super) fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let first = self.nodes[node as usize].first_child;
        std::iter::successors((first != NONE).then_some(first), |&c| {
            let next = self.nodes[c as usize].next_sibling;
            (next != NONE).then_some(next)
        })
    }

    pub(super) fn child(&self, node: u32, mv: Move) -> Option<u32> {
        self.children(node)
            .find(|&c| self.nodes[c as usize].mv == mv)
    }

    /// The step from `node` where `mover` has `moves` and may play those of `order` (best
    /// first): the first without a child is added, else the best by UCB1. Every available
    /// child's availability count goes up.
    pub(super) fn step(
        &mut self,
        node: u32,
        mover: u8,
        moves: &[Move],
        order: &[usize],
        c: f64,
    ) -> Step {
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
    pub(super) fn add(&mut self, node: u32, mv: Move, seat: u8) -> u32 {
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
    pub(super) fn root_values(&self, rules: &Rules, moves: &[Move]) -> Vec<RootValue> {
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
    pub(super) fn most_visited(&self, moves: &[Move]) -> Option<usize> {
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
