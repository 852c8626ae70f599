//! Scoring a match and ending the game (RULES.md §7.6, §7.7, §11.6, §11.8, §12.5).

use super::{Event, Game, Phase};
use crate::cardset::CardSet;
use crate::rules::{Tie, Variant};

impl Game {
    /// Scores the finished match, adds it to the game, and tests for the game's end.
    pub(super) fn score_match(&mut self, one_two: bool) {
        self.match_points = match self.rules.variant {
            Variant::ZhengFen => self.score_zheng_fen(),
            Variant::ZenChengYou => self.score_zen_cheng_you(one_two),
        };
        for (total, points) in self.scores.iter_mut().zip(&self.match_points) {
            *total += points;
        }
        self.history.push(Event::MatchScored {
            match_points: self.match_points.clone(),
            scores: self.scores.clone(),
        });
        self.winners = match self.rules.variant {
            Variant::ZhengFen => self.zheng_fen_winners(),
            Variant::ZenChengYou => self.zen_cheng_you_winners(),
        };
        self.phase = if self.winners.is_empty() {
            Phase::MatchOver
        } else {
            self.history.push(Event::GameOver {
                winners: self.winners.clone(),
            });
            Phase::GameOver
        };
    }

    /// Moves `from`'s pile and hand into `to`'s pile; returns their points.
    fn hand_over(&mut self, from: u8, to: u8) -> u32 {
        let (from, to) = (usize::from(from), usize::from(to));
        let given = self.piles[from]
            .plus(self.hands[from])
            .unwrap_or(self.piles[from]);
        self.piles[from] = CardSet::EMPTY;
        self.hands[from] = CardSet::EMPTY;
        self.piles[to] = self.piles[to].plus(given).unwrap_or(self.piles[to]);
        given.points()
    }

    /// §7.6: the last player's pile and hand go to the first out; each scores his pile.
    fn score_zheng_fen(&mut self) -> Vec<i64> {
        if let (Some(&first), Some(&last)) = (self.out_order.first(), self.out_order.last()) {
            let points = self.hand_over(last, first);
            self.history.push(Event::Transfer {
                from: last,
                to: first,
                points,
            });
        }
        (0..usize::from(self.rules.players))
            .map(|s| i64::from(self.piles[s].points()))
            .collect()
    }

    /// §11.6 and §12.4a: a 1-2 finish scores 200; otherwise the first finisher takes his
    /// partner's pile, then the last player's pile and hand go to the other team. Declarations
    /// are added in both cases.
    fn score_zen_cheng_you(&mut self, one_two: bool) -> Vec<i64> {
        let first = self.out_order.first().copied().unwrap_or(0);
        let mut points = vec![0i64; 2];
        if one_two {
            points[usize::from(first % 2)] = 200;
        } else {
            let partner = (first + 2) % 4;
            let taken = self.piles[usize::from(partner)];
            self.piles[usize::from(partner)] = CardSet::EMPTY;
            let pile = &mut self.piles[usize::from(first)];
            *pile = pile.plus(taken).unwrap_or(*pile);
            let last = self.out_order.last().copied().unwrap_or(0);
            // The other team's receiver: any of its seats will do for the team's total.
            let receiver = (last + 1) % 4;
            let moved = self.hand_over(last, receiver);
            self.history.push(Event::TransferToTeam {
                from: last,
                to_team: receiver % 2,
                points: moved,
            });
            for seat in 0..4 {
                points[seat % 2] += i64::from(self.piles[seat].points());
            }
        }
        for (seat, declaration) in self.declarations.iter().enumerate() {
            if let Some(d) = declaration {
                let won = first == seat as u8;
                points[seat % 2] += if won { d.stake() } else { -d.stake() };
            }
        }
        points
    }

    /// §7.7: at the target, the highest total wins; a tie at the top plays on or shares.
    fn zheng_fen_winners(&self) -> Vec<u8> {
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

    /// §11.8: the first team to the target wins; both there, the higher; a tie plays on.
    fn zen_cheng_you_winners(&self) -> Vec<u8> {
        let (a, b) = (self.scores[0], self.scores[1]);
        let target = i64::from(self.rules.target);
        if a.max(b) < target || a == b {
            return Vec::new();
        }
        let team = u8::from(b > a);
        vec![team, team + 2]
    }
}
