//! What one game of a [`super::VecGame`] takes in memory beside its output arrays: its slot,
//! the scratch lists it keeps, and the logs of its longest episode (AI.md §2).

use super::config::{Episode, VecConfig};
use super::slot::{Slot, SCRATCH_KEEP};
use crate::combo::Combo;
use crate::game::{Decision, Event, Move};
use crate::rules::Rules;
use std::mem::size_of;

impl VecConfig {
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
