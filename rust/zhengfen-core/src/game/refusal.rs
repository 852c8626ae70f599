//! Why a seat cannot play a set of cards now: the one answer the page's "check", its refused
//! moves and the terminal give (RULES.md §3, §4.11, §5, §8.7, §12).

use super::{Game, Phase};
use crate::cardset::CardSet;
use crate::classify::{classify, no_reading, NoReading};
use crate::combo::Combo;
use crate::compare::beats;
use crate::names::combo_name;
use crate::rules::Rules;

/// Why cards cannot be played now, the first that applies in the order listed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No cards were given.
    NoCards,
    /// Another seat is to move, or none is (the match is over).
    NotYourTurn,
    /// Zen Cheng You's declarations come before any play (RULES.md §9).
    Declarations(Phase),
    /// The seat does not hold the cards.
    NotHeld,
    /// The cards are no combination (RULES.md §4.11, §8.7).
    NoCombination(NoReading),
    /// No reading of the cards beats the combination to beat (RULES.md §5, §8.5): the
    /// strongest reading and the combination to beat.
    DoesNotBeat(Combo, Combo),
}

impl Refusal {
    /// The refusal's name in the API, e.g. `does_not_beat`.
    pub const fn name(&self) -> &'static str {
        match self {
            Refusal::NoCards => "no_cards",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::Declarations(_) => "declarations",
            Refusal::NotHeld => "not_held",
            Refusal::NoCombination(_) => "no_combination",
            Refusal::DoesNotBeat(..) => "does_not_beat",
        }
    }

    /// The refusal in words a person reads: `cards` were the cards refused.
    pub fn explain(&self, cards: CardSet, rules: &Rules) -> String {
        match self {
            Refusal::NoCards => "no cards selected".into(),
            Refusal::NotYourTurn => "it is not your turn".into(),
            Refusal::Declarations(Phase::BlindDeclare) => {
                "the blind declarations come first: pass or blind".into()
            }
            Refusal::Declarations(_) => "the declarations come first: pass or declare".into(),
            Refusal::NotHeld => format!("you do not hold {cards}"),
            Refusal::NoCombination(why) => {
                format!("{cards} is not a combination: {}", why.explain(rules))
            }
            Refusal::DoesNotBeat(play, table) => format!(
                "{} does not beat {}",
                combo_name(play, true),
                combo_name(table, true)
            ),
        }
    }
}

impl Game {
    /// Why `seat` cannot play exactly `cards` now, or `None` when a legal move plays them.
    /// Before a seat has seen its cards (Zen Cheng You's blind declarations) nothing is said
    /// about its hand.
    ///
    /// ```
    /// use zhengfen_core::game::{refusal::Refusal, Game};
    /// use zhengfen_core::notation::parse_cards;
    /// use zhengfen_core::rules::Rules;
    /// let rules = Rules::zheng_fen(3).unwrap();
    /// let hands: Vec<_> = ["7c 7d 9h", "3c", "4c"].iter().map(|h| parse_cards(h, 1).unwrap()).collect();
    /// let game = Game::from_hands(rules, &hands, 0, 0).unwrap();
    /// assert_eq!(game.refusal(0, parse_cards("7c 7d", 1).unwrap()), None);
    /// let why = game.refusal(0, parse_cards("7c 9h", 1).unwrap()).unwrap();
    /// assert_eq!(why.name(), "no_combination");
    /// assert_eq!(game.refusal(1, parse_cards("3c", 1).unwrap()), Some(Refusal::NotYourTurn));
    /// ```
    pub fn refusal(&self, seat: usize, cards: CardSet) -> Option<Refusal> {
        let to_move = matches!(
            self.phase,
            Phase::BlindDeclare | Phase::Declare | Phase::Play
        ) && usize::from(self.current) == seat;
        if cards.is_empty() {
            return Some(Refusal::NoCards);
        }
        if !to_move {
            return Some(Refusal::NotYourTurn);
        }
        if self.phase != Phase::Play {
            return Some(Refusal::Declarations(self.phase));
        }
        if !self.hands[seat].contains_all(cards) {
            return Some(Refusal::NotHeld);
        }
        let readings = classify(cards, &self.rules);
        let Some(&strongest) = readings.first() else {
            return no_reading(cards, &self.rules).map(Refusal::NoCombination);
        };
        match self.table {
            Some((table, _)) if !readings.iter().any(|r| beats(r, &table, &self.rules)) => {
                Some(Refusal::DoesNotBeat(strongest, table))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Refusal;
    use crate::game::{Game, Move};
    use crate::notation::parse_cards;
    use crate::rules::Rules;

    fn cards(text: &str) -> crate::cardset::CardSet {
        parse_cards(text, 1).unwrap()
    }

    #[test]
    fn a_refusal_exactly_when_no_legal_move_plays_the_cards() {
        for seed in 0..40 {
            let mut game = Game::new(Rules::zheng_fen(4).unwrap(), seed);
            for _ in 0..30 {
                let moves = game.legal_moves();
                let Some(&first) = moves.first() else { break };
                let seat = usize::from(game.current);
                let hand: Vec<_> = game.hand(seat).iter().collect();
                for width in 1..=hand.len().min(5) {
                    for start in 0..=hand.len() - width {
                        let set = hand[start..start + width]
                            .iter()
                            .fold(crate::cardset::CardSet::EMPTY, |s, &c| {
                                s.plus(crate::cardset::CardSet::from_card(c)).unwrap()
                            });
                        let playable = moves
                            .iter()
                            .any(|m| matches!(m, Move::Play(c) if c.cards == set));
                        assert_eq!(game.refusal(seat, set).is_none(), playable, "{set}");
                    }
                }
                game.play(first).unwrap();
            }
        }
    }

    #[test]
    fn each_refusal_in_turn() {
        let rules = Rules::zheng_fen(3).unwrap();
        let hands = [cards("7c 7d 9h"), cards("8c 8d 3c"), cards("4c 5c")];
        let mut game = Game::from_hands(rules, &hands, 1, 0).unwrap();
        assert_eq!(
            game.refusal(1, crate::cardset::CardSet::EMPTY),
            Some(Refusal::NoCards)
        );
        game.play(game.read_move("8c 8d").unwrap()).unwrap();
        assert_eq!(game.refusal(1, cards("3c")), Some(Refusal::NotYourTurn));
        while game.current != 0 {
            game.play(Move::Pass).unwrap();
        }
        let why = game.refusal(0, cards("7c 7d")).unwrap();
        assert_eq!(why.name(), "does_not_beat");
        let words = why.explain(cards("7c 7d"), game.rules());
        assert_eq!(words, "pair of 7s does not beat pair of 8s");
        assert_eq!(game.refusal(0, cards("3c")), Some(Refusal::NotHeld));
        let why = game.refusal(0, cards("7c 9h")).unwrap();
        assert_eq!(why.name(), "no_combination");
    }

    #[test]
    fn declarations_first_and_nothing_said_of_an_unseen_hand() {
        let game = Game::new(Rules::zen_cheng_you(), 3);
        let seat = usize::from(game.current);
        let other = game.hand((seat + 1) % 4);
        let why = game.refusal(seat, other);
        assert!(matches!(why, Some(Refusal::Declarations(_))), "{why:?}");
    }
}
