//! One game of a [`super::VecGame`] and how a thread steps it: agents' seats and forced moves
//! played, ended matches scored, episodes restarted, and the rows of the learner to move
//! written (AI.md §2).

use super::config::{Episode, VecConfig};
use crate::agents::Choose;
use crate::batch::outputs::SlotOut;
use crate::cancel::Cancel;
use crate::combo::Combo;
use crate::encode::{history, observation, scores};
use crate::game::{Decision, Event, Game, Move, Phase};
use crate::rules::Rules;
use crate::rules::MAX_PLAYERS;
use crate::seed::{agent_streams, deal_seed, SplitMix64};

/// Legal moves of capacity a slot keeps between decisions. A longer list (Zen Cheng You lists
/// have reached 51,352 moves) is held only until the slot's next decision.
pub const SCRATCH_KEEP: usize = 1024;

/// One game of the batch and its scratch space.
#[derive(Clone, Debug)]
pub(super) struct Slot {
    pub(super) game: Game,
    /// The batch's seed.
    pub(super) seed: u64,
    /// The deal the game is (`k * num_games + j` in episode `k` of slot `j`).
    pub(super) deal: u64,
    /// The episode ended and, without `auto_reset`, the slot waits for a reset.
    pub(super) finished: bool,
    /// Per seat, the stream its agent draws from.
    pub(super) rngs: [SplitMix64; MAX_PLAYERS],
    pub(super) moves: Vec<Move>,
}

impl Slot {
    /// Slot of a batch seeded with `seed`, at `deal`.
    pub(super) fn new(rules: Rules, seed: u64, deal: u64) -> Slot {
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
    pub(super) fn game_seed(&self) -> u64 {
        deal_seed(self.seed, self.deal)
    }

    /// Moves on to deal `deal`: its game and its agents' streams.
    pub(super) fn deal(&mut self, rules: Rules, deal: u64) {
        self.deal = deal;
        self.game = Game::new(rules, self.game_seed());
        self.rngs = agent_streams(self.game_seed(), 0, usize::from(rules.players));
    }
}

/// A thread's scratch space while it steps its range: the combinations a move list is built
/// from, and the bytes of a float32 view before they are widened.
#[derive(Default)]
pub(super) struct Scratch {
    combos: Vec<Combo>,
    bytes: Vec<u8>,
}

/// Slots a thread warms ahead of the one it steps.
pub(super) const WARM_AHEAD: usize = 8;

/// Reads a word from each part of the next [`WARM_AHEAD`] slots' state that a step touches
/// (the game, each of its lists, the ends of its logs, the move list), so that their cache
/// misses overlap instead of stalling the steps one after another.
pub(super) fn warm(slots: &[Slot]) {
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
pub(super) fn settle(
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
