//! The team questions of a rule set: who plays with whom, and which side scores for a seat.
//!
//! Zheng Fen has no teams: every seat scores for itself (RULES.md §7.6, §12.5). Zen Cheng You
//! has two teams of partners sitting opposite, seats 0 and 2 (team 0) against seats 1 and 3
//! (team 1) (§8.1), and a team scores the points of both its seats (§11.7, §12.5). Every other
//! module asks these questions here instead of working out seat arithmetic itself.

use super::{Rules, Variant};

impl Rules {
    /// The team of `seat` in Zen Cheng You (§8.1), `None` in Zheng Fen.
    ///
    /// ```
    /// use zhengfen_core::rules::Rules;
    /// assert_eq!(Rules::zen_cheng_you().team_of(3), Some(1));
    /// assert_eq!(Rules::zheng_fen(4).unwrap().team_of(3), None);
    /// ```
    pub const fn team_of(&self, seat: u8) -> Option<u8> {
        match self.variant {
            Variant::ZhengFen => None,
            Variant::ZenChengYou => Some(seat % 2),
        }
    }

    /// The partner of `seat`, who sits opposite, in Zen Cheng You (§8.1); `None` in Zheng Fen.
    ///
    /// ```
    /// use zhengfen_core::rules::Rules;
    /// assert_eq!(Rules::zen_cheng_you().partner(1), Some(3));
    /// assert_eq!(Rules::zheng_fen(4).unwrap().partner(1), None);
    /// ```
    pub const fn partner(&self, seat: u8) -> Option<u8> {
        match self.team_of(seat) {
            Some(_) => Some((seat + 2) % 4),
            None => None,
        }
    }

    /// How many sides score (§12.5): every seat in Zheng Fen, the two teams in Zen Cheng You.
    pub const fn sides(&self) -> usize {
        match self.variant {
            Variant::ZhengFen => self.players as usize,
            Variant::ZenChengYou => 2,
        }
    }

    /// The side that scores for `seat`: its index in a game's match points and scores (§12.5),
    /// the seat itself in Zheng Fen, its team in Zen Cheng You (§11.7).
    pub const fn side_of(&self, seat: u8) -> usize {
        match self.team_of(seat) {
            Some(team) => team as usize,
            None => seat as usize,
        }
    }

    /// Whether seats `a` and `b` score together: the same seat, or partners (§8.1).
    ///
    /// ```
    /// use zhengfen_core::rules::Rules;
    /// let zcy = Rules::zen_cheng_you();
    /// assert!(zcy.same_side(0, 2) && !zcy.same_side(0, 1));
    /// assert!(!Rules::zheng_fen(4).unwrap().same_side(0, 2));
    /// ```
    pub const fn same_side(&self, a: u8, b: u8) -> bool {
        self.side_of(a) == self.side_of(b)
    }

    /// The seats that score for `side`, in seat order: the seat itself in Zheng Fen, both
    /// partners in Zen Cheng You (§12.5).
    ///
    /// ```
    /// use zhengfen_core::rules::Rules;
    /// assert_eq!(Rules::zen_cheng_you().side_seats(1).collect::<Vec<_>>(), [1, 3]);
    /// assert_eq!(Rules::zheng_fen(5).unwrap().side_seats(4).collect::<Vec<_>>(), [4]);
    /// ```
    pub fn side_seats(&self, side: usize) -> impl Iterator<Item = u8> + '_ {
        (0..self.players).filter(move |&seat| self.side_of(seat) == side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_rules() -> Vec<Rules> {
        let mut all: Vec<Rules> = (3..=6).map(|n| Rules::zheng_fen(n).unwrap()).collect();
        all.push(Rules::zen_cheng_you());
        all
    }

    #[test]
    fn every_seat_has_one_side_and_the_sides_partition_the_seats() {
        for rules in all_rules() {
            let mut seen = Vec::new();
            for side in 0..rules.sides() {
                let seats: Vec<u8> = rules.side_seats(side).collect();
                assert!(!seats.is_empty(), "{rules}: side {side} is empty");
                assert!(seats.iter().all(|&s| rules.side_of(s) == side));
                seen.extend(seats);
            }
            seen.sort_unstable();
            assert_eq!(seen, (0..rules.players).collect::<Vec<_>>(), "{rules}");
        }
    }

    #[test]
    fn partners_are_distinct_mutual_and_on_one_side() {
        for rules in all_rules() {
            for seat in 0..rules.players {
                assert!(rules.same_side(seat, seat));
                match rules.partner(seat) {
                    Some(p) => {
                        assert_ne!(p, seat);
                        assert!(p < rules.players);
                        assert_eq!(rules.partner(p), Some(seat));
                        assert!(rules.same_side(seat, p));
                        assert_eq!(rules.team_of(p), rules.team_of(seat));
                    }
                    None => assert_eq!(rules.team_of(seat), None),
                }
                let others = (0..rules.players).filter(|&o| o != seat);
                let mates = others.filter(|&o| rules.same_side(seat, o)).count();
                assert_eq!(mates, usize::from(rules.partner(seat).is_some()));
            }
        }
    }
}
