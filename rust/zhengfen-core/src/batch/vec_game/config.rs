//! The settings of a [`super::VecGame`]: what an episode is, the mask size, the outputs and
//! their dtype and the threads (AI.md §2); the estimate of a game's memory is
//! [`super::memory`]'s.

use crate::agents::Agent;
use crate::batch::outputs::{Dtype, MaskKind, OutArrays, Widths};
use crate::error::{Error, Result};
use crate::rules::{Rules, Variant};

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
            other => Err(Error::argument(format!(
                "episode must be 'match' or 'game', not '{other}'"
            ))
            .with_argument(
                "episode",
                Some(other.to_string()),
                Some("'match' or 'game'".into()),
            )),
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
