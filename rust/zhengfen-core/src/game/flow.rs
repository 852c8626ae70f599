//! The flow of a match: declarations, plays and passes, tricks, going out and the end
//! (RULES.md §7.3–§7.5, §11.2–§11.5, §12.3, §12.4).

use super::{Declaration, Event, Game, Phase};
use crate::cardset::CardSet;
use crate::combo::Combo;
use crate::rules::{LeadAfterOut, Variant};

impl Game {
    /// Records the current player's declaration and moves to the next declarer (§11.2).
    pub(super) fn declare(&mut self, declaration: Declaration) {
        let seat = self.current;
        self.declarations[usize::from(seat)] = Some(declaration);
        self.history.push(Event::Declaration { seat, declaration });
        match self.next_declarer(Some(seat)) {
            Some(next) => self.current = next,
            None if self.phase == Phase::BlindDeclare => {
                // The regular round, for those who did not declare blind.
                self.phase = Phase::Declare;
                match self.next_declarer(None) {
                    Some(first) => self.current = first,
                    None => self.start_play(),
                }
            }
            None => self.start_play(),
        }
    }

    /// The next seat to declare in this phase after `after` (from the leader when `None`), in
    /// order from the leader; the regular round skips those who declared blind.
    fn next_declarer(&self, after: Option<u8>) -> Option<u8> {
        let offset = |s: u8| (s + 4 - self.leader) % 4;
        let start = after.map_or(0, |s| offset(s) + 1);
        (start..4).map(|k| (self.leader + k) % 4).find(|&s| {
            self.phase == Phase::BlindDeclare
                || self.declarations[usize::from(s)] != Some(Declaration::Blind)
        })
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.current = self.leader;
    }

    /// A pass (§7.3): the turn moves on, or the trick ends.
    pub(super) fn pass(&mut self) {
        let seat = self.current;
        self.trick.push((seat, None));
        self.history.push(Event::Pass { seat });
        self.passed |= 1 << seat;
        if self.last_turn.is_some() {
            return self.end_match();
        }
        self.advance(seat);
    }

    /// A play (§7.3, §7.4): cards leave the hand, the player may go out, the match may end.
    ///
    /// # Panics
    /// If `seat` does not hold the cards: playing them would duplicate cards (§12.4b).
    pub(super) fn play_combo(&mut self, combo: Combo) {
        let seat = self.current;
        let hand = &mut self.hands[usize::from(seat)];
        *hand = hand
            .minus(combo.cards)
            .unwrap_or_else(|| panic!("seat {seat} played {combo}, whose cards it does not hold"));
        self.trick_cards = self
            .trick_cards
            .plus(combo.cards)
            .expect("the trick holds only cards dealt, so it can take cards from a hand");
        self.table = Some((combo, seat));
        self.trick.push((seat, Some(combo)));
        self.plays.push((seat, combo));
        let played = &mut self.played[usize::from(seat)];
        *played = played
            .plus(combo.cards)
            .expect("a seat's played cards and its hand are disjoint parts of its deal");
        self.passed = 0;
        self.history.push(Event::Play { seat, combo });
        if self.last_turn.is_some() {
            return self.end_match(); // the last player's one turn (§12.4 b)
        }
        if self.hands[usize::from(seat)].is_empty() {
            self.go_out(seat);
            if self.ends_now() {
                return self.end_match();
            }
            if let Some(last) = self.lone_holder() {
                self.last_turn = Some(last);
                self.current = last;
                return;
            }
        }
        self.advance(seat);
    }

    fn go_out(&mut self, seat: u8) {
        self.out_order.push(seat);
        let place = self.out_order.len() as u8;
        self.history.push(Event::Out { seat, place });
    }

    /// §12.4 a: a 1-2 finish, or three out without the last chance (Zen Cheng You).
    fn ends_now(&self) -> bool {
        match self.rules.variant {
            Variant::ZhengFen => false,
            Variant::ZenChengYou => {
                self.one_two() || self.out_order.len() == 3 && !self.rules.last_chance
            }
        }
    }

    /// Whether the first two out are partners (a 1-2 finish, §11.5, §12.4 a).
    fn one_two(&self) -> bool {
        matches!(self.out_order[..], [a, b] if self.rules.partner(a) == Some(b))
    }

    /// §12.4 b: the one player still holding cards, if exactly one does (and the rules give him
    /// a last turn).
    fn lone_holder(&self) -> Option<u8> {
        let zf = self.rules.variant == Variant::ZhengFen;
        if !(zf || self.rules.last_chance) {
            return None;
        }
        let mut holders = self.holders();
        let first = holders.next()?;
        holders.next().is_none().then_some(first)
    }

    /// Seats holding cards, in seat order.
    fn holders(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.rules.players).filter(|&s| !self.hands[usize::from(s)].is_empty())
    }

    /// After `seat`'s play or pass: end the trick if everyone else has passed, else pass the
    /// turn to the next seat holding cards (§12.3).
    fn advance(&mut self, seat: u8) {
        let Some((_, maker)) = self.table else {
            return; // nothing was played: cannot happen after a play or a legal pass
        };
        let waiting = self
            .holders()
            .filter(|&s| s != maker && self.passed >> s & 1 == 0)
            .count();
        if waiting == 0 {
            return self.end_trick(maker);
        }
        self.current = self.next_holder(seat);
    }

    /// The next seat after `seat` that holds cards.
    fn next_holder(&self, seat: u8) -> u8 {
        let n = self.rules.players;
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| !self.hands[usize::from(s)].is_empty())
            .unwrap_or(seat)
    }

    /// The trick goes to `winner`, who leads next if he can (§7.3, §11.4).
    fn end_trick(&mut self, winner: u8) {
        self.collect_trick(winner);
        self.current = if !self.hands[usize::from(winner)].is_empty() {
            winner
        } else {
            // Only Zen Cheng You has partners, and only it lets `lead_after_out` vary.
            let partner = self.rules.partner(winner);
            match partner.filter(|&p| !self.hands[usize::from(p)].is_empty()) {
                Some(p) if self.rules.lead_after_out == LeadAfterOut::Partner => p,
                _ => self.next_holder(winner),
            }
        };
    }

    /// Moves the trick's cards to `winner`'s pile.
    fn collect_trick(&mut self, winner: u8) {
        let pile = &mut self.piles[usize::from(winner)];
        *pile = pile
            .plus(self.trick_cards)
            .expect("piles and the trick are disjoint parts of the cards dealt");
        let points = self.trick_cards.points();
        self.history.push(Event::Trick { winner, points });
        self.trick_cards = CardSet::EMPTY;
        self.trick.clear();
        self.table = None;
        self.passed = 0;
    }

    /// §12.4: the unfinished trick to the maker of its last play, the last player appended,
    /// then scoring.
    pub(super) fn end_match(&mut self) {
        if let Some((_, maker)) = self.table {
            self.collect_trick(maker);
        }
        let one_two = self.one_two();
        if !one_two {
            let remaining: Vec<u8> = (0..self.rules.players)
                .filter(|s| !self.out_order.contains(s))
                .collect();
            for seat in remaining {
                self.go_out(seat);
            }
        }
        self.last_turn = None;
        self.score_match(one_two);
    }
}
