//! One thread's actor loop: up to `in_flight` games at once, each advanced to its next learner
//! decision that needs the model, then every such decision evaluated by one
//! [`Model::q_batch`], its best move played, and again. Built-in agents, forced moves and
//! explorations are played on the way, without the network. Episodes are claimed from a
//! counter shared with the other threads; an episode's samples depend only on its number,
//! never on which thread played it or what else was in flight. A searched decision
//! ([`SelfplayConfig::search`]) is made on the spot, without the batch: the search makes its
//! own forward passes.

use std::sync::atomic::{AtomicU64, Ordering};

use super::explore::explore;
use super::samples::{EpisodeSamples, Label};
use super::{PlayedBy, SelfplayConfig};
use crate::agents::policy::q_of;
use crate::agents::{Choose, Ismcts, RootValue, Turn};
use crate::cancel::Cancel;
use crate::combo::Combo;
use crate::encode::{move_features, move_rows, MOVE_ROW};
use crate::game::{Game, Move};
use crate::learned::forward::argmax;
use crate::learned::{state_size, Decisions};
use crate::rules::MAX_PLAYERS;
use crate::seed::SplitMix64;
use crate::seed::{agent_streams, deal_seed};

/// What every thread of a call shares.
pub(super) struct Shared<'a, 'c> {
    /// The call's config, its agents bound to the rules.
    pub config: &'a SelfplayConfig,
    /// The next episode to claim, counted from `first_episode`.
    pub next: AtomicU64,
    /// Stops the loop (Ctrl-C).
    pub cancel: &'a Cancel<'c>,
}

impl Shared<'_, '_> {
    /// A game for the next episode not yet claimed, if any is left.
    fn claim(&self) -> Option<Slot> {
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        let config = self.config;
        (k < config.episodes).then(|| {
            let episode = config.first_episode + k;
            let seed = deal_seed(config.seed, episode);
            Slot {
                game: Game::new(config.rules, seed),
                rngs: agent_streams(seed, 0, usize::from(config.rules.players)),
                samples: EpisodeSamples::new(episode),
                moves: Vec::new(),
                rows: Vec::new(),
            }
        })
    }
}

/// A game in flight.
struct Slot {
    game: Game,
    /// Per seat, the stream its agent (or its epsilon draws) comes from.
    rngs: [SplitMix64; MAX_PLAYERS],
    samples: EpisodeSamples,
    /// The mover's legal moves.
    moves: Vec<Move>,
    /// Their feature rows while the decision waits for the model.
    rows: Vec<u8>,
}

/// Where a game stands after [`Actor::advance`].
enum Stand {
    /// A learner decision waits for the model.
    Waiting,
    /// The match is over.
    Over,
    /// The call was cancelled.
    Stopped,
}

/// One thread's scratch space.
struct Actor<'s, 'a, 'c> {
    shared: &'s Shared<'a, 'c>,
    combos: Vec<Combo>,
    /// The state input of a decision, as floats.
    state: Vec<f32>,
    /// The move inputs of a decision, as floats.
    moves: Vec<f32>,
    /// The decisions waiting for the model, and their games' indices.
    decisions: Decisions,
    waiting: Vec<usize>,
}

/// Plays episodes until none is left (or the call is cancelled), `in_flight` at a time,
/// pushing each finished episode's samples onto `out`.
pub(super) fn run(shared: &Shared<'_, '_>, in_flight: usize, out: &mut Vec<EpisodeSamples>) {
    let model = &shared.config.model;
    let mut actor = Actor {
        shared,
        combos: Vec::new(),
        state: vec![0.0; state_size(model.history_rows())],
        moves: Vec::new(),
        decisions: Decisions::new(model),
        waiting: Vec::new(),
    };
    let mut slots: Vec<Slot> = (0..in_flight).map_while(|_| shared.claim()).collect();
    while !slots.is_empty() {
        actor.decisions.clear();
        actor.waiting.clear();
        let mut i = 0;
        while i < slots.len() {
            match actor.advance(&mut slots[i]) {
                Stand::Waiting => {
                    actor.waiting.push(i);
                    i += 1;
                }
                Stand::Over => {
                    let finished = match shared.claim() {
                        Some(next) => std::mem::replace(&mut slots[i], next),
                        None => slots.swap_remove(i),
                    };
                    out.push(finished.samples);
                }
                Stand::Stopped => return,
            }
        }
        if actor.waiting.is_empty() {
            continue;
        }
        actor.decide(&mut slots);
    }
}

impl Actor<'_, '_, '_> {
    /// Plays `slot`'s game on until a learner decision needs the model (queued in
    /// `self.decisions`) or the match ends.
    fn advance(&mut self, slot: &mut Slot) -> Stand {
        let config = self.shared.config;
        let cancel = self.shared.cancel;
        let rows = config.model.history_rows();
        while let Some(seat) = slot.game.current_player() {
            if cancel.check() {
                return Stand::Stopped;
            }
            let seat = usize::from(seat);
            slot.game
                .legal_moves_into(&mut self.combos, &mut slot.moves);
            let n = slot.moves.len();
            let rng = &mut slot.rngs[seat];
            let pick = match &config.agents[seat] {
                Some(agent) => agent.choose_until(&slot.game, &slot.moves, rng, cancel),
                None if n == 1 => {
                    slot.samples.decisions += 1;
                    slot.samples.forced += 1;
                    0
                }
                None => {
                    slot.samples.decisions += 1;
                    slot.samples.push_state(&slot.game, seat, rows);
                    if let Some(search) = &config.search {
                        searched(config, search, slot, (seat, rows), cancel)
                    } else {
                        match explore(rng, config.epsilon, n) {
                            Some(pick) => {
                                push_played(&mut slot.samples, &slot.moves[pick], n);
                                pick
                            }
                            None => {
                                self.queue(slot);
                                return Stand::Waiting;
                            }
                        }
                    }
                }
            };
            slot.game.play_unchecked(slot.moves[pick]);
        }
        if cancel.check() {
            return Stand::Stopped;
        }
        slot.samples.finish(&slot.game);
        Stand::Over
    }

    /// Adds the decision `slot` has just started to the batch for the model.
    fn queue(&mut self, slot: &mut Slot) {
        let rows = self.shared.config.model.history_rows();
        slot.samples.last_state(rows, &mut self.state);
        slot.rows.clear();
        slot.rows.resize(slot.moves.len() * MOVE_ROW, 0);
        move_rows(&slot.moves, &mut slot.rows);
        self.moves.clear();
        self.moves.extend(slot.rows.iter().map(|&b| f32::from(b)));
        self.decisions.push_features(&self.state, &self.moves);
    }

    /// Evaluates every waiting decision in one forward pass and plays each one's best move
    /// (the first on ties), completing its sample.
    fn decide(&mut self, slots: &mut [Slot]) {
        let q = self.shared.config.model.q_batch(&self.decisions);
        for (d, &i) in self.waiting.iter().enumerate() {
            let slot = &mut slots[i];
            let pick = argmax(&q[self.decisions.moves_of(d)]);
            let n = slot.moves.len();
            let row = &slot.rows[pick * MOVE_ROW..(pick + 1) * MOVE_ROW];
            slot.samples.push_move(row, n, Label::PLAYED);
            slot.game.play_unchecked(slot.moves[pick]);
        }
    }
}

/// Completes the sample started last with `mv`, played without a search.
fn push_played(samples: &mut EpisodeSamples, mv: &Move, legal: usize) {
    let mut row = [0; MOVE_ROW];
    move_features(mv, &mut row);
    samples.push_move(&row, legal, Label::PLAYED);
}

/// A learner decision of `slot` (its state already started) of `seat` (its history `rows`)
/// searched by `search`: one sample per root move the search tried, the state repeated, and
/// the move played (the search's, the most visited, or with [`PlayedBy::Model`] the model's
/// best; with probability `epsilon` a uniform one; added as a sample of its own when the
/// search did not try it), then the capped untried moves ([`SelfplayConfig::cap_untried`]).
/// Returns the index of the move played.
fn searched(
    config: &SelfplayConfig,
    search: &Ismcts,
    slot: &mut Slot,
    (seat, rows): (usize, usize),
    cancel: &Cancel<'_>,
) -> usize {
    let n = slot.moves.len();
    let rng = &mut slot.rngs[seat];
    let turn = Turn {
        game: &slot.game,
        moves: &slot.moves,
        cancel,
    };
    let found = search.search(&turn, rng);
    let needs_q = config.played_by == PlayedBy::Model || config.cap_untried > 0;
    let q = needs_q.then(|| {
        let mut decisions = Decisions::new(&config.model);
        q_of(&config.model, &slot.game, &slot.moves, &mut decisions)
    });
    let choice = match (config.played_by, &q) {
        (PlayedBy::Model, Some(q)) => argmax(q),
        _ => found.pick,
    };
    let pick = explore(rng, config.epsilon, n).unwrap_or(choice);
    let mut started = true;
    let mut push = |samples: &mut EpisodeSamples, index: usize, label: Label| {
        if !std::mem::take(&mut started) {
            samples.repeat_state(rows);
        }
        let mut row = [0; MOVE_ROW]; // move_features sets bits, it does not clear them
        move_features(&slot.moves[index], &mut row);
        samples.push_move(&row, n, label);
    };
    for root in &found.roots {
        let label = Label {
            value: root.value as f32,
            visits: root.visits,
            played: root.index == pick,
            capped: false,
        };
        push(&mut slot.samples, root.index, label);
    }
    if !found.roots.iter().any(|root| root.index == pick) {
        push(&mut slot.samples, pick, Label::PLAYED);
    }
    if let Some(q) = q.filter(|_| config.cap_untried > 0) {
        let ceiling = found.roots.iter().find(|root| root.index == found.pick);
        if let Some(ceiling) = ceiling {
            for index in untried(&q, &found.roots, pick, config.cap_untried) {
                let label = Label {
                    value: ceiling.value as f32,
                    visits: 0,
                    played: false,
                    capped: true,
                };
                push(&mut slot.samples, index, label);
            }
        }
    }
    pick
}

/// The `k` legal moves of largest Q-value `q` (the first in legal-move order on ties) that
/// are neither among the search's `roots` nor the move played, best first.
fn untried(q: &[f32], roots: &[RootValue], pick: usize, k: usize) -> Vec<usize> {
    let mut tried = vec![false; q.len()];
    tried[pick] = true;
    for root in roots {
        tried[root.index] = true;
    }
    let mut order: Vec<usize> = (0..q.len()).filter(|&i| !tried[i]).collect();
    order.sort_by(|&a, &b| q[b].total_cmp(&q[a]).then(a.cmp(&b)));
    order.truncate(k);
    order
}
