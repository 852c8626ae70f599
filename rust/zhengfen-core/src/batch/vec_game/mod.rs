//! [`VecGame`]: a batch of games stepped together from arrays of move indices (`zhengfen.VecGame`).
//!
//! Each slot holds one game. The player to move in a slot is a *learner* seat; seats given a
//! built-in agent are played automatically. Action `i` is the `i`-th move of the legal list
//! (`Game::legal_moves` order), offered only below `max_actions`. With
//! [`VecConfig::play_forced`], a learner decision with a single legal move is played here and
//! counted in the step's output instead. When an episode (a match, or a whole game) ends, the
//! slot reports the rewards and starts its next episode at once, or with
//! [`VecConfig::auto_reset`] off stays *finished* (zero rows, actions ignored) until
//! [`VecGame::reset`].
//!
//! Deals are numbered as in `rollouts` and the arena (AI.md §3.1): episode `k` of slot `j` of a
//! batch of `n` slots is deal `k * n + j`, the game seeded with `seating::deal_seed(seed, k * n
//! + j)`, the agent in each seat drawing from its own stream, seeded by `seating::agent_seed`
//! (rotation 0). So the first `n` episodes of a batch are deals `0 .. n`, those `rollouts` plays.
//!
//! Bounds (RULES.md §3.5, AI.md): an episode of a whole game ends after
//! [`Rules::match_limit`] matches even if the game is not over; a slot keeps at most
//! [`SCRATCH_KEEP`](slot::SCRATCH_KEEP) legal moves of capacity between decisions, so that
//! [`VecConfig::game_bytes`] is an honest estimate of a game's memory. A step stopped by its
//! [`Cancel`] leaves the batch to be reset: until then `step` refuses.

mod config;
mod memory;
mod slot;

pub use config::{default_max_actions, Episode, VecConfig};

use crate::agents::{Agent, Choose};
use crate::batch::outputs::{OutBuffers, SlotOut, Values};
use crate::batch::{parallel_each, parallel_ranges, pool};
use crate::cancel::Cancel;
use crate::encode::{move_rows, MOVE_ROW};
use crate::error::{with_capacity, Error, Result};
use crate::game::{Game, Move};
use crate::seed::{derive_seed, SplitMix64};
use config::PARALLEL_GAMES;
use rayon::ThreadPool;
use slot::{settle, warm, Scratch, Slot, WARM_AHEAD};
use std::sync::Arc;

/// A batch of games (see the module documentation).
#[derive(Clone, Debug)]
pub struct VecGame {
    config: VecConfig,
    slots: Vec<Slot>,
    /// Worker threads when `config.threads > 1`.
    pool: Option<Arc<ThreadPool>>,
    /// A step or observation was stopped part way: slots may not be at a learner's decision.
    interrupted: bool,
}

impl VecGame {
    /// A batch seeded with `seed`; fails on settings that cannot work, and on agents that
    /// cannot play the rules ([`Agent::bind`]).
    pub fn new(mut config: VecConfig, seed: u64) -> Result<VecGame> {
        let players = usize::from(config.rules.players);
        let bad = |why: String| Err(Error::argument(why));
        if config.num_games == 0 {
            return bad("a VecGame needs at least one game".into());
        }
        if config.max_actions == 0 {
            return bad("max_actions must be at least 1".into());
        }
        if config.agents.len() != players {
            return bad(format!(
                "agents: {} entries for {players} seats",
                config.agents.len()
            ));
        }
        if config.agents.iter().all(Option::is_some) {
            return bad("agents: at least one seat must be left to the learner (None)".into());
        }
        for agent in config.agents.iter_mut().flatten() {
            *agent = agent.bind(&config.rules)?;
        }
        let pool = pool(config.threads);
        let mut batch = VecGame {
            config,
            slots: Vec::new(),
            pool,
            interrupted: false,
        };
        batch.reset(seed)?;
        Ok(batch)
    }

    /// Restarts every slot at episode 0 of `seed` (slot `j` at deal `j`), none finished; fails
    /// with [`Error::OutOfMemory`] (the batch unchanged) if the slots cannot be allocated.
    pub fn reset(&mut self, seed: u64) -> Result<()> {
        let mut slots = with_capacity(self.config.num_games, "games")?;
        let rules = self.config.rules;
        slots.extend((0..self.config.num_games as u64).map(|j| Slot::new(rules, seed, j)));
        self.slots = slots;
        self.interrupted = false;
        Ok(())
    }

    /// The settings.
    pub fn config(&self) -> &VecConfig {
        &self.config
    }

    /// The games, in slot order.
    pub fn games(&self) -> impl Iterator<Item = &Game> {
        self.slots.iter().map(|s| &s.game)
    }

    /// The legal moves of slot `j`'s player to move (as listed for the actions).
    pub fn legal_moves(&self, j: usize) -> Option<&[Move]> {
        self.slots.get(j).map(|s| &s.moves[..])
    }

    /// The seed of each slot's current episode (a finished slot's last one): that of its deal,
    /// `seating::deal_seed(seed, k * num_games + j)` in episode `k` of slot `j`.
    pub fn episode_seeds(&self) -> Vec<u64> {
        self.slots.iter().map(Slot::game_seed).collect()
    }

    /// Whether each slot is finished: its episode ended with `auto_reset` off (always false
    /// with it on).
    pub fn finished(&self) -> Vec<bool> {
        self.slots.iter().map(|s| s.finished).collect()
    }

    /// Brings every slot to a learner's decision and writes the observations (no rewards).
    ///
    /// # Panics
    /// If `out` does not fit the batch ([`VecConfig::arrays`] makes buffers that do).
    pub fn observe(&mut self, out: OutBuffers<'_>) {
        // Cannot fail: nothing cancels it.
        let _ = self.observe_until(out, &Cancel::never());
    }

    /// [`VecGame::observe`], stopped with [`Error::Cancelled`] when `cancel` says so (the
    /// batch must then be reset).
    pub fn observe_until(&mut self, out: OutBuffers<'_>, cancel: &Cancel<'_>) -> Result<()> {
        self.run(out, cancel, |config, slot, mut out, scratch, _| {
            out.clear_step();
            settle(config, slot, out, scratch, cancel);
        });
        self.finish(cancel)
    }

    /// Plays `actions[j]` in slot `j`, then brings every slot to a learner's decision. Fails,
    /// changing nothing, if any action is not an offered legal move. A finished slot's action
    /// is ignored, whatever it is, and its rows are written zero.
    ///
    /// # Panics
    /// If `out` does not fit the batch ([`VecConfig::arrays`] makes buffers that do).
    pub fn step(&mut self, actions: &[i64], out: OutBuffers<'_>) -> Result<()> {
        self.step_until(actions, out, &Cancel::never())
    }

    /// [`VecGame::step`], stopped with [`Error::Cancelled`] when `cancel` says so: the slots
    /// are then part way through the step, and `step` refuses until [`VecGame::reset`].
    pub fn step_until(
        &mut self,
        actions: &[i64],
        out: OutBuffers<'_>,
        cancel: &Cancel<'_>,
    ) -> Result<()> {
        if self.interrupted {
            return Err(Error::state(
                "the batch was interrupted during a step; call reset() first",
            ));
        }
        self.check(actions)?;
        self.run(out, cancel, |config, slot, mut out, scratch, j| {
            out.clear_step();
            if !slot.finished {
                let mv = slot.moves[actions[j] as usize];
                slot.game.play_unchecked(mv);
            }
            settle(config, slot, out, scratch, cancel);
        });
        self.finish(cancel)
    }

    /// Runs `work(config, slot, its outputs, scratch, its index)` for every slot: each thread
    /// works through its own contiguous range of slots and output rows ([`VecConfig::ranges`]),
    /// warming the next slots' state a few ahead; slots not yet reached when `cancel` stops
    /// are skipped.
    fn run(
        &mut self,
        out: OutBuffers<'_>,
        cancel: &Cancel<'_>,
        work: impl Fn(&VecConfig, &mut Slot, SlotOut<'_>, &mut Scratch, usize) + Sync,
    ) {
        let config = &self.config;
        let widths = config.widths();
        let sizes = config.ranges();
        let mut parts = Vec::with_capacity(sizes.len());
        let mut slots = &mut self.slots[..];
        let mut first = 0;
        for (&size, out) in sizes.iter().zip(out.split_into(&widths, &sizes)) {
            let (head, tail) = slots.split_at_mut(size);
            parts.push((head, out, first));
            slots = tail;
            first += size;
        }
        parallel_ranges(
            parts,
            self.pool.as_deref(),
            cancel,
            |(slots, mut out, first)| {
                let mut scratch = Scratch::default();
                for i in 0..slots.len() {
                    if cancel.check() {
                        return;
                    }
                    if i % WARM_AHEAD == 0 {
                        warm(&slots[(i + WARM_AHEAD).min(slots.len())..]);
                    }
                    work(
                        config,
                        &mut slots[i],
                        out.row(&widths, i),
                        &mut scratch,
                        first + i,
                    );
                }
            },
        );
    }

    /// After a step or observation: [`Error::Cancelled`] (and the batch marked interrupted) if
    /// `cancel` stopped it.
    fn finish(&mut self, cancel: &Cancel<'_>) -> Result<()> {
        if cancel.is_cancelled() {
            self.interrupted = true;
            return Err(Error::Cancelled);
        }
        Ok(())
    }

    /// The number of legal moves of each slot, as the offsets of their rows in one list of all
    /// of them: slot `j`'s moves are rows `offsets[j] .. offsets[j + 1]`.
    pub fn move_offsets(&self) -> Vec<usize> {
        let mut offsets = Vec::with_capacity(self.slots.len() + 1);
        offsets.push(0);
        let mut total = 0;
        for slot in &self.slots {
            total += slot.moves.len();
            offsets.push(total);
        }
        offsets
    }

    /// Writes the features ([`MOVE_ROW`] values each) of every slot's legal moves into `out`,
    /// which holds [`VecGame::move_offsets`]'s last entry rows, on the batch's threads.
    pub fn write_move_features(&self, out: Values<'_>) {
        let sizes = self.config.ranges();
        let offsets = self.move_offsets();
        let mut parts = Vec::with_capacity(sizes.len());
        let (mut rest, mut first) = (out, 0);
        for size in sizes {
            let rows = offsets[first + size] - offsets[first];
            let (head, tail) = rest.split_at(rows * MOVE_ROW);
            parts.push((&self.slots[first..first + size], head));
            rest = tail;
            first += size;
        }
        let never = Cancel::never();
        parallel_ranges(parts, self.pool.as_deref(), &never, |(slots, out)| {
            let mut scratch = Vec::new();
            let moves = slots.iter().flat_map(|s| s.moves.iter());
            out.encode(&mut scratch, |bytes| move_rows(moves, bytes));
        });
    }

    fn check(&self, actions: &[i64]) -> Result<()> {
        if actions.len() != self.slots.len() {
            return Err(Error::argument(format!(
                "{} actions given for {} games",
                actions.len(),
                self.slots.len()
            )));
        }
        for (j, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            if slot.finished {
                continue;
            }
            let offered = slot.moves.len().min(self.config.max_actions);
            if a < 0 || a as usize >= offered {
                return Err(Error::illegal(format!(
                    "game {j}: action {a} is not legal; {offered} actions are offered (0..{offered})"
                )));
            }
        }
        Ok(())
    }

    /// The action a built-in `agent` would take in each slot now (0 in a finished slot). In
    /// slot `j` it draws from the stream seeded with `derive_seed(seed, derive_seed(batch
    /// seed, j))`. An agent that cannot play the rules ([`Agent::bind`]) is refused.
    pub fn agent_actions(&self, agent: &Agent, seed: u64) -> Result<Vec<i64>> {
        self.agent_actions_until(agent, seed, &Cancel::never())
    }

    /// [`VecGame::agent_actions`], stopped with [`Error::Cancelled`] when `cancel` says so.
    pub fn agent_actions_until(
        &self,
        agent: &Agent,
        seed: u64,
        cancel: &Cancel<'_>,
    ) -> Result<Vec<i64>> {
        let agent = &agent.bind(&self.config.rules)?;
        let max = self.config.max_actions;
        let mut picks: Vec<(u64, &Slot, i64)> =
            (0..).zip(&self.slots).map(|(j, s)| (j, s, 0)).collect();
        parallel_each(
            &mut picks,
            self.pool.as_deref(),
            PARALLEL_GAMES,
            cancel,
            |(j, slot, pick)| {
                if slot.finished {
                    return;
                }
                let mut rng = SplitMix64::new(derive_seed(seed, derive_seed(slot.seed, *j)));
                let offered = &slot.moves[..slot.moves.len().min(max)];
                *pick = agent.choose_until(&slot.game, offered, &mut rng, cancel) as i64;
            },
        );
        if cancel.is_cancelled() {
            return Err(Error::Cancelled);
        }
        Ok(picks.into_iter().map(|(_, _, p)| p).collect())
    }
}

#[cfg(test)]
mod tests;
