//! The settings of a [`super::VecGame`]: what an episode is, the mask size, the outputs and
//! their dtype, the threads, and honest estimates of a game's memory (AI.md §2).

use super::slot::{Slot, SCRATCH_KEEP};
use crate::agents::Agent;
use crate::batch::outputs::{Dtype, MaskKind, OutArrays, Widths};
use crate::combo::Combo;
use crate::error::{Error, Result};
use crate::game::{Decision, Event, Move};
use crate::rules::{Rules, Variant};
use std::mem::size_of;

/// Fewest games a thread is given: a decision takes a fraction of a microsecond, and waking the
/// pool some tens (benches/RESULTS.md §4.3, §7).
pub(super) const PARALLEL_GAMES: usize = 128;

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
    /// [`super::VecGame::reset`] (`false`).
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
pub(super) fn match_log_bytes(rules: &Rules) -> usize {
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
