//! Scoring a match and ending the game: the part both games share and the dispatch to each
//! game's rules (RULES.md §12.4b, §12.5). Zheng Fen's scoring is in `zheng_fen.rs` (§7.6,
//! §7.7), Zen Cheng You's in `zen_cheng_you.rs` (§11.6, §11.8), as in `classify/` and
//! `movegen/`.

mod zen_cheng_you;
mod zheng_fen;

use super::{Event, Game, Phase};
use crate::cardset::CardSet;
use crate::rules::Variant;

impl Game {
    /// Scores the finished match, adds it to the game, and tests for the game's end (§12.5).
    pub(super) fn score_match(&mut self, one_two: bool) {
        let points = match self.rules.variant {
            Variant::ZhengFen => self.score_zheng_fen(),
            Variant::ZenChengYou => self.score_zen_cheng_you(one_two),
        };
        self.match_points = points.into_iter().collect();
        for (total, points) in self.scores.iter_mut().zip(&self.match_points) {
            *total += points;
        }
        self.history.push(Event::MatchScored {
            match_points: self.match_points.to_vec(),
            scores: self.scores.to_vec(),
        });
        let winners = match self.rules.variant {
            Variant::ZhengFen => self.zheng_fen_winners(),
            Variant::ZenChengYou => self.zen_cheng_you_winners(),
        };
        self.winners = winners.into_iter().collect();
        self.phase = if self.winners.is_empty() {
            Phase::MatchOver
        } else {
            self.history.push(Event::GameOver {
                winners: self.winners.to_vec(),
            });
            Phase::GameOver
        };
    }

    /// Moves `from`'s pile and hand into `to`'s pile; returns their points (§12.4b).
    fn hand_over(&mut self, from: u8, to: u8) -> u32 {
        let given = self.take_pile(from);
        let hand = &mut self.hands[usize::from(from)];
        let given = given
            .plus(std::mem::take(hand))
            .expect("a seat's pile and hand are disjoint parts of the cards dealt");
        self.add_to_pile(to, given);
        given.points()
    }

    /// Empties `seat`'s pile and returns its cards.
    fn take_pile(&mut self, seat: u8) -> CardSet {
        std::mem::take(&mut self.piles[usize::from(seat)])
    }

    /// Adds `cards`, taken from elsewhere, to `seat`'s pile.
    fn add_to_pile(&mut self, seat: u8, cards: CardSet) {
        let pile = &mut self.piles[usize::from(seat)];
        *pile = pile
            .plus(cards)
            .expect("cards handed over come from another pile or hand, disjoint from this pile");
    }

    /// The points in each side's piles (§7.6, §11.7): per seat, or per team.
    fn pile_points(&self) -> Vec<i64> {
        let mut points = vec![0; self.rules.sides()];
        for seat in 0..self.rules.players {
            let pile = self.piles[usize::from(seat)];
            points[self.rules.side_of(seat)] += i64::from(pile.points());
        }
        points
    }
}
