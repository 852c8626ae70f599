//! Zheng Fen's scoring and end of the game (RULES.md §7.6, §7.7).

use super::super::{Event, Game};
use crate::rules::Tie;

impl Game {
    /// §7.6: the last player's pile and hand go to the first out; each scores his pile.
    pub(super) fn score_zheng_fen(&mut self) -> Vec<i64> {
        if let (Some(&first), Some(&last)) = (self.out_order.first(), self.out_order.last()) {
            let points = self.hand_over(last, first);
            self.history.push(Event::Transfer {
                from: last,
                to: first,
                points,
            });
        }
        self.pile_points()
    }

    /// §7.7: at the target, the highest total wins; a tie at the top plays on or shares.
    pub(super) fn zheng_fen_winners(&self) -> Vec<u8> {
        let Some(&top) = self.scores.iter().max() else {
            return Vec::new();
        };
        if top < i64::from(self.rules.target) {
            return Vec::new();
        }
        let tied: Vec<u8> = (0..self.scores.len() as u8)
            .filter(|&s| self.scores[usize::from(s)] == top)
            .collect();
        if tied.len() == 1 || self.rules.tie == Tie::Share {
            tied
        } else {
            Vec::new()
        }
    }
}
