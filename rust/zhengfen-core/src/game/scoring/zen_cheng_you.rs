//! Zen Cheng You's scoring of a round and end of the game (RULES.md §11.2, §11.6, §11.8,
//! §12.4a, §12.4b).

use super::super::{Event, Game};

impl Game {
    /// §11.6 and §12.4a: a 1-2 finish scores 200; otherwise the first finisher takes his
    /// partner's pile, then the last player's pile and hand go to the other team. Declarations
    /// are added in both cases.
    pub(super) fn score_zen_cheng_you(&mut self, one_two: bool) -> Vec<i64> {
        let first = *self
            .out_order
            .first()
            .expect("a round ends only once someone is out");
        let mut points = if one_two {
            let mut points = vec![0; self.rules.sides()];
            points[self.rules.side_of(first)] = 200;
            points
        } else {
            self.play_out(first);
            self.pile_points()
        };
        self.add_declarations(first, &mut points);
        points
    }

    /// §11.6, §12.4a, §12.4b: the first finisher takes his partner's pile; then the last
    /// player's pile and hand go to the other team (to the seat after him, one of its two).
    fn play_out(&mut self, first: u8) {
        let partner = self
            .rules
            .partner(first)
            .expect("Zen Cheng You has partners");
        let taken = self.take_pile(partner);
        self.add_to_pile(first, taken);
        let last = *self.out_order.last().expect("the last player is appended");
        let receiver = (last + 1) % self.rules.players;
        debug_assert!(!self.rules.same_side(last, receiver));
        let moved = self.hand_over(last, receiver);
        self.history.push(Event::TransferToTeam {
            from: last,
            to_team: self
                .rules
                .team_of(receiver)
                .expect("Zen Cheng You has teams"),
            points: moved,
        });
    }

    /// §11.2: each declaration wins its stake for the declarer's team if he finished first,
    /// and loses it otherwise.
    fn add_declarations(&self, first: u8, points: &mut [i64]) {
        for (seat, declaration) in (0u8..).zip(self.declarations) {
            if let Some(d) = declaration {
                let stake = if seat == first { d.stake() } else { -d.stake() };
                points[self.rules.side_of(seat)] += stake;
            }
        }
    }

    /// §11.8: the first team to the target wins; both there, the higher; a tie plays on.
    pub(super) fn zen_cheng_you_winners(&self) -> Vec<u8> {
        let (a, b) = (self.scores[0], self.scores[1]);
        let target = i64::from(self.rules.target);
        if a.max(b) < target || a == b {
            return Vec::new();
        }
        let team = usize::from(b > a);
        self.rules.side_seats(team).collect()
    }
}
