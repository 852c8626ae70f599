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
//! [`SCRATCH_KEEP`] legal moves of capacity between decisions, so that
//! [`VecConfig::game_bytes`] is an honest estimate of a game's memory. A step stopped by its
//! [`Cancel`] leaves the batch to be reset: until then `step` refuses.

use super::outputs::{Dtype, MaskKind, OutArrays, OutBuffers, SlotOut, Values, Widths};
use super::{parallel_each, parallel_ranges, pool};
use crate::agents::Agent;
use crate::cancel::Cancel;
use crate::combo::Combo;
use crate::encode::{history, move_rows, observation, scores, MOVE_ROW};
use crate::error::{with_capacity, Error, Result};
use crate::game::{Decision, Event, Game, Move, Phase, MAX_PLAYERS};
use crate::rules::{Rules, Variant};
use crate::seed::SplitMix64;
use crate::seed::{agent_streams, deal_seed, derive_seed};
use rayon::ThreadPool;
use std::mem::size_of;
use std::sync::Arc;

/// Fewest games a thread is given: a decision takes a fraction of a microsecond, and waking the
/// pool some tens (benches/RESULTS.md §4.3, §7).
const PARALLEL_GAMES: usize = 128;

/// Legal moves of capacity a slot keeps between decisions. A longer list (Zen Cheng You lists
/// have reached 51,352 moves) is held only until the slot's next decision.
pub const SCRATCH_KEEP: usize = 1024;

/// What an episode is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Episode {
    /// One match: a fresh game per episode, ended after its first match.
    Match,
    /// A whole game to its target; matches follow one another automatically.
    Game,
}

impl std::str::FromStr for Episode {
    type Err = Error;

    /// `"match"` or `"game"` (AI.md §2).
    fn from_str(name: &str) -> Result<Episode> {
        match name {
            "match" => Ok(Episode::Match),
            "game" => Ok(Episode::Game),
            other => Err(Error::Argument(format!(
                "episode must be 'match' or 'game', not '{other}'"
            ))),
        }
    }
}

/// The default size of the action mask: 4,096 in Zheng Fen, 16,384 in Zen Cheng You. Random
/// play over 20,000 games per Zheng Fen table size and 1,500 Zen Cheng You games never listed
/// more than 2,274 and 13,876 moves (benches/RESULTS.md §4.4).
pub fn default_max_actions(rules: &Rules) -> usize {
    match rules.variant {
        Variant::ZhengFen => 4096,
        Variant::ZenChengYou => 16384,
    }
}

/// The settings of a batch.
#[derive(Clone, Debug)]
pub struct VecConfig {
    /// The rule set.
    pub rules: Rules,
    /// Number of games.
    pub num_games: usize,
    /// What an episode is.
    pub episode: Episode,
    /// Size of the action mask; legal moves beyond it are not offered.
    pub max_actions: usize,
    /// Rows of the history tensor.
    pub history: usize,
    /// Whether observations include every hand (the perfect-information view).
    pub perfect: bool,
    /// Per seat, the built-in agent playing it, or `None` for a learner seat.
    pub agents: Vec<Option<Agent>>,
    /// Threads to spread the batch over.
    pub threads: usize,
    /// How observations, histories and move features are stored.
    pub dtype: Dtype,
    /// Which action mask the batch writes.
    pub mask: MaskKind,
    /// Whether a learner decision with exactly one legal move is played by the batch (and
    /// counted in the step's `forced` output) instead of being handed to the learner.
    pub play_forced: bool,
    /// Whether a slot whose episode ends starts its next one (`true`), or stays finished until
    /// [`VecGame::reset`] (`false`).
    pub auto_reset: bool,
}

impl VecConfig {
    /// The defaults of `zhengfen.VecGame` for `num_games` games of `rules`: one-match
    /// episodes, the default mask size, 8 history rows, every seat a learner, one thread,
    /// bytes, no mask, forced moves handed to the learner, episodes restarted.
    pub fn new(rules: Rules, num_games: usize) -> VecConfig {
        VecConfig {
            rules,
            num_games,
            episode: Episode::Match,
            max_actions: default_max_actions(&rules),
            history: 8,
            perfect: false,
            agents: vec![None; usize::from(rules.players)],
            threads: 1,
            dtype: Dtype::Uint8,
            mask: MaskKind::None,
            play_forced: false,
            auto_reset: true,
        }
    }

    /// An honest estimate of the memory one game of the batch takes beside its output arrays:
    /// the slot, its retained scratch lists, and the logs of the longest episode allowed (a
    /// match, or [`Rules::match_limit`] matches), at the most events a match can log and with
    /// the room a growing vector may leave unused.
    ///
    /// ```
    /// use zhengfen_core::batch::{Episode, VecConfig};
    /// use zhengfen_core::rules::Rules;
    /// let config = |rules, episode| VecConfig { episode, ..VecConfig::new(rules, 1) };
    /// let zcy = Rules::zen_cheng_you();
    /// let one_match = config(zcy, Episode::Match).game_bytes();
    /// assert!(one_match > 64 << 10 && one_match < 1 << 20);
    /// assert!(config(zcy, Episode::Game).game_bytes() > 20 * one_match);
    /// ```
    pub fn game_bytes(&self) -> usize {
        // The kept move list, and as much again for a longer list held until the next decision
        // and for the allocator's fragments (the combinations a list is built from are a
        // thread's, not a game's).
        let scratch = 2 * SCRATCH_KEEP * size_of::<Move>();
        let matches = match self.episode {
            Episode::Match => 1,
            Episode::Game => self.rules.match_limit() as usize,
        };
        // Vectors double as they grow: up to twice the room in use.
        size_of::<Slot>() + scratch + 2 * matches * match_log_bytes(&self.rules)
    }

    /// Values per game of each output.
    pub fn widths(&self) -> Widths {
        Widths::new(
            self.perfect,
            self.history,
            self.mask,
            self.max_actions,
            usize::from(self.rules.players),
            self.play_forced,
        )
    }

    /// Zeroed output arrays for the whole batch.
    pub fn arrays(&self) -> OutArrays {
        OutArrays::new(self.widths(), self.num_games, self.dtype, self.mask)
    }

    /// Bytes of one game's outputs (one set of arrays).
    pub fn output_bytes(&self) -> usize {
        self.widths().bytes(self.dtype)
    }

    /// The contiguous ranges of games the threads own, as their sizes: one range per thread,
    /// and no range below [`PARALLEL_GAMES`] games (a single range for a small batch).
    pub fn ranges(&self) -> Vec<usize> {
        let parts = self
            .threads
            .min(self.num_games / PARALLEL_GAMES)
            .clamp(1, self.num_games.max(1));
        let (base, extra) = (self.num_games / parts, self.num_games % parts);
        (0..parts).map(|i| base + usize::from(i < extra)).collect()
    }
}

/// The most memory one match adds to a game's logs. Each play holds at least one card and is
/// followed by at most `players - 1` passes, so a match makes at most `players × cards`
/// moves and eight declarations; its events are those decisions, a trick per play, an `out`
/// per seat and four more (deal, transfer, scoring, game over), which carry small vectors.
fn match_log_bytes(rules: &Rules) -> usize {
    const ALLOCATION: usize = 64; // a small vector's heap block, with the allocator's overhead
    let players = usize::from(rules.players);
    let cards = 54 * usize::from(rules.decks());
    let decisions = players * cards + 8;
    let events = decisions + cards + players + 4;
    events * size_of::<Event>()
        + decisions * size_of::<Decision>()
        + cards * size_of::<(u8, Combo)>()
        + 4 * ALLOCATION
}

/// One game of the batch and its scratch space.
#[derive(Clone, Debug)]
struct Slot {
    game: Game,
    /// The batch's seed.
    seed: u64,
    /// The deal the game is (`k * num_games + j` in episode `k` of slot `j`).
    deal: u64,
    /// The episode ended and, without `auto_reset`, the slot waits for a reset.
    finished: bool,
    /// Per seat, the stream its agent draws from.
    rngs: [SplitMix64; MAX_PLAYERS],
    moves: Vec<Move>,
}

impl Slot {
    /// Slot of a batch seeded with `seed`, at `deal`.
    fn new(rules: Rules, seed: u64, deal: u64) -> Slot {
        let game_seed = deal_seed(seed, deal);
        Slot {
            game: Game::new(rules, game_seed),
            seed,
            deal,
            finished: false,
            rngs: agent_streams(game_seed, 0, usize::from(rules.players)),
            moves: Vec::new(),
        }
    }

    /// The seed of the slot's game: its deal's.
    fn game_seed(&self) -> u64 {
        deal_seed(self.seed, self.deal)
    }

    /// Moves on to deal `deal`: its game and its agents' streams.
    fn deal(&mut self, rules: Rules, deal: u64) {
        self.deal = deal;
        self.game = Game::new(rules, self.game_seed());
        self.rngs = agent_streams(self.game_seed(), 0, usize::from(rules.players));
    }
}

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
        let bad = |why: String| Err(Error::Argument(why));
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
            return Err(Error::InvalidState(
                "the batch was interrupted during a step; call reset() first".into(),
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
            return Err(Error::Argument(format!(
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
                return Err(Error::IllegalMove(format!(
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

/// A thread's scratch space while it steps its range: the combinations a move list is built
/// from, and the bytes of a float32 view before they are widened.
#[derive(Default)]
struct Scratch {
    combos: Vec<Combo>,
    bytes: Vec<u8>,
}

/// Slots a thread warms ahead of the one it steps.
const WARM_AHEAD: usize = 8;

/// Reads a word from each part of the next [`WARM_AHEAD`] slots' state that a step touches
/// (the game, each of its lists, the ends of its logs, the move list), so that their cache
/// misses overlap instead of stalling the steps one after another.
fn warm(slots: &[Slot]) {
    let mut sum = 0usize;
    for slot in slots.iter().take(WARM_AHEAD) {
        let game = &slot.game;
        let words = [
            game.hand(0).len() as usize + game.played(5).len() as usize,
            game.trick().first().map_or(0, |t| usize::from(t.0)),
            game.scores().first().map_or(0, |&s| s as usize),
            game.out_order().first().map_or(0, |&s| usize::from(s)),
            game.history()
                .last()
                .map_or(0, |e| usize::from(matches!(e, Event::Pass { .. }))),
            game.decisions()
                .last()
                .map_or(0, |d| usize::from(matches!(d, Decision::NextMatch))),
            slot.moves
                .first()
                .map_or(0, |m| usize::from(matches!(m, Move::Pass))),
            slot.rngs[0].state as usize,
        ];
        sum = words.iter().fold(sum, |a, &w| a.wrapping_add(w));
    }
    std::hint::black_box(sum);
}

/// Brings the slot to a learner's decision ([`advance`]) and writes its rows: what that
/// learner sees, or zeros if the slot is finished. Writes nothing if `cancel` stopped it.
fn settle(
    config: &VecConfig,
    slot: &mut Slot,
    mut out: SlotOut<'_>,
    scratch: &mut Scratch,
    cancel: &Cancel<'_>,
) {
    if !advance(config, slot, &mut out, scratch, cancel) {
        return;
    }
    if slot.finished {
        out.write_finished(&mut scratch.bytes);
    } else {
        write(config, slot, out, scratch);
    }
}

/// Plays agents' seats (and with `play_forced` the learner's single legal moves), scores ended
/// matches and starts new episodes until a learner is to move, listing its legal moves, or
/// until the slot is finished. Returns false if `cancel` stopped it first.
fn advance(
    config: &VecConfig,
    slot: &mut Slot,
    out: &mut SlotOut<'_>,
    scratch: &mut Scratch,
    cancel: &Cancel<'_>,
) -> bool {
    loop {
        if slot.finished {
            return true;
        }
        let Some(seat) = slot.game.current_player() else {
            end_of_match(config, slot, out);
            continue;
        };
        list_moves(slot, scratch);
        match &config.agents[usize::from(seat)] {
            Some(agent) => {
                let offered = &slot.moves[..slot.moves.len().min(config.max_actions)];
                let pick = agent.choose_until(
                    &slot.game,
                    offered,
                    &mut slot.rngs[usize::from(seat)],
                    cancel,
                );
                if cancel.check() {
                    return false;
                }
                slot.game.play_unchecked(slot.moves[pick]);
            }
            None if config.play_forced && slot.moves.len() == 1 => {
                slot.game.play_unchecked(slot.moves[0]);
                out.count_forced();
            }
            None => return true,
        }
    }
}

/// Lists the legal moves of the slot's player to move, first giving back scratch capacity
/// beyond [`SCRATCH_KEEP`] that an earlier, longer list left.
fn list_moves(slot: &mut Slot, scratch: &mut Scratch) {
    if slot.moves.capacity() > SCRATCH_KEEP {
        slot.moves.clear();
        slot.moves.shrink_to(SCRATCH_KEEP);
    }
    slot.game
        .legal_moves_into(&mut scratch.combos, &mut slot.moves);
}

/// Adds the match's points to the rewards, then starts the next match or episode (the slot's
/// deal `num_games` on), or with `auto_reset` off finishes the slot.
fn end_of_match(config: &VecConfig, slot: &mut Slot, out: &mut SlotOut<'_>) {
    for (s, reward) in out.rewards.iter_mut().enumerate() {
        *reward += slot.game.match_result(s as u8) as f32;
    }
    let episode_over = config.episode == Episode::Match
        || slot.game.phase() == Phase::GameOver
        || slot.game.match_number() + 1 >= config.rules.match_limit();
    if episode_over || slot.game.next_match().is_err() {
        *out.done = true;
        if config.auto_reset {
            slot.deal(
                config.rules,
                slot.deal.wrapping_add(config.num_games as u64),
            );
        } else {
            slot.finished = true;
            slot.moves.clear();
            slot.moves.shrink_to(SCRATCH_KEEP);
        }
    }
}

/// Writes everything the seat to move in `slot` sees: every value of its output rows.
fn write(config: &VecConfig, slot: &Slot, out: SlotOut<'_>, scratch: &mut Scratch) {
    let game = &slot.game;
    let seat = game.current_player().map_or(0, usize::from);
    let bytes = &mut scratch.bytes;
    out.observation
        .encode(bytes, |o| observation(game, seat, config.perfect, o));
    scores(game, seat, out.scores);
    out.history.encode(bytes, |h| history(game, seat, h));
    out.mask.write(slot.moves.len().min(config.max_actions));
    *out.player = seat as i64;
    *out.legal = slot.moves.len() as i64;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{rollouts, RolloutConfig};

    fn config(rules: Rules, num_games: usize, episode: Episode) -> VecConfig {
        VecConfig {
            rules,
            num_games,
            episode,
            max_actions: 1 << 16,
            history: 0,
            perfect: false,
            agents: vec![None; usize::from(rules.players)],
            threads: 1,
            dtype: Dtype::Uint8,
            mask: MaskKind::Dense,
            play_forced: false,
            auto_reset: true,
        }
    }

    #[test]
    fn a_batch_too_large_to_allocate_is_out_of_memory_not_an_abort() {
        let c = config(Rules::zen_cheng_you(), usize::MAX / 2, Episode::Match);
        assert!(matches!(VecGame::new(c, 0), Err(Error::OutOfMemory(_))));
    }

    #[test]
    fn scratch_lists_keep_bounded_capacity_and_logs_fit_the_estimate() {
        for rules in [Rules::zen_cheng_you(), Rules::zheng_fen(6).unwrap()] {
            let c = config(rules, 4, Episode::Game);
            let mut batch = VecGame::new(c.clone(), 9).unwrap();
            let mut arrays = c.arrays();
            batch.observe(arrays.buffers());
            for step in 0..3000 {
                let actions = batch.agent_actions(&Agent::Random, step).unwrap();
                batch.step(&actions, arrays.buffers()).unwrap();
                for slot in &batch.slots {
                    // A longer list than the kept capacity has at most doubled past its length.
                    assert!(slot.moves.capacity() <= SCRATCH_KEEP.max(2 * slot.moves.len()));
                    let matches = slot.game.match_number() as usize + 1;
                    let logged = std::mem::size_of_val(slot.game.history())
                        + std::mem::size_of_val(slot.game.decisions());
                    assert!(logged <= matches * match_log_bytes(&rules));
                }
            }
        }
    }

    /// Steps `config`'s batch (without `auto_reset`) with greedy's actions until every slot
    /// is finished; returns the games, each slot's summed rewards and forced moves, and
    /// how many dones each slot saw. With `play_forced`, no slot reaches the learner with a
    /// single legal move.
    fn play_out(config: &VecConfig, seed: u64) -> (Vec<Game>, Vec<f32>, Vec<i64>, Vec<u32>) {
        let n = config.num_games;
        let players = usize::from(config.rules.players);
        let mut batch = VecGame::new(config.clone(), seed).unwrap();
        let mut out = config.arrays();
        let (mut rewards, mut forced, mut dones) = (vec![0.0; n * players], vec![0; n], vec![0; n]);
        batch.observe(out.buffers());
        loop {
            forced
                .iter_mut()
                .zip(&out.forced)
                .for_each(|(f, o)| *f += o);
            for (j, &finished) in batch.finished().iter().enumerate() {
                assert_eq!(out.legal[j] == 0, finished);
                assert!(!(config.play_forced && out.legal[j] == 1));
            }
            if batch.finished().iter().all(|&f| f) {
                break;
            }
            let actions = batch.agent_actions(&Agent::Greedy, 0).unwrap();
            batch.step(&actions, out.buffers()).unwrap();
            rewards
                .iter_mut()
                .zip(&out.rewards)
                .for_each(|(r, o)| *r += o);
            dones
                .iter_mut()
                .zip(&out.dones)
                .for_each(|(d, &o)| *d += u32::from(o));
        }
        (batch.games().cloned().collect(), rewards, forced, dones)
    }

    #[test]
    fn without_auto_reset_a_batch_plays_the_deals_of_rollouts_forced_moves_or_not() {
        let (greedy, random) = (Some(Agent::Greedy), Some(Agent::Random));
        for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
            let expected = rollouts(&RolloutConfig {
                rules,
                agents: vec![Agent::Greedy, Agent::Random, Agent::Greedy, Agent::Random],
                first_deal: 0,
                deals: 5,
                seed: 3,
                duplicate: false,
                matches: Some(1),
                threads: 1,
                keep_games: true,
            })
            .unwrap();
            let config = VecConfig {
                agents: vec![None, random.clone(), greedy.clone(), random.clone()],
                auto_reset: false,
                ..config(rules, 5, Episode::Match)
            };
            let (games, rewards, none, dones) = play_out(&config, 3);
            let forced = VecConfig {
                play_forced: true,
                ..config.clone()
            };
            let (forced_games, forced_rewards, counted, forced_dones) = play_out(&forced, 3);
            for (j, r) in expected.iter().enumerate() {
                let game = r.game.as_ref().unwrap();
                assert_eq!(games[j].decisions(), game.decisions(), "deal {j}");
                assert_eq!(forced_games[j].decisions(), game.decisions(), "deal {j}");
                let seat = |s: u8| game.match_result(s) as f32;
                assert_eq!(rewards[j * 4..][..4], [seat(0), seat(1), seat(2), seat(3)]);
            }
            assert_eq!(rewards, forced_rewards);
            assert_eq!((dones, forced_dones), (vec![1; 5], vec![1; 5]));
            assert!(none == [0; 5] && counted.iter().sum::<i64>() > 0);
        }
    }

    #[test]
    fn a_cancelled_step_is_refused_until_reset() {
        let c = config(Rules::zheng_fen(4).unwrap(), 3, Episode::Match);
        let mut batch = VecGame::new(c.clone(), 1).unwrap();
        let mut arrays = c.arrays();
        batch.observe(arrays.buffers());
        let cancel = Cancel::never();
        cancel.cancel();
        let actions = vec![0; 3];
        let stopped = batch.step_until(&actions, arrays.buffers(), &cancel);
        assert_eq!(stopped, Err(Error::Cancelled));
        let refused = batch.step(&actions, arrays.buffers());
        assert!(matches!(refused, Err(Error::InvalidState(m)) if m.contains("reset")));
        batch.reset(1).unwrap();
        batch.observe(arrays.buffers());
        batch.step(&actions, arrays.buffers()).unwrap();
    }
}
