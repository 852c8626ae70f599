//! [`Combo`]: one reading of a card set — its kind, rank and length (RULES.md §1.7, §4, §8).

use crate::card::rank;
use crate::cardset::CardSet;
use std::fmt;

/// The kinds of combination of both games (RULES.md §4.3–§4.9, §8.3–§8.5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// One card (both games).
    Single,
    /// Two cards of one rank (both games).
    Pair,
    /// Three cards of one rank (both games).
    Triple,
    /// Four cards of one rank (Zheng Fen).
    Four,
    /// Consecutive pairs (ZF: three or more; ZCY: two or more).
    PairSeq,
    /// Consecutive triples (ZF: three or more; ZCY: two or more).
    TripleSeq,
    /// Three or more consecutive fours (Zheng Fen).
    FourSeq,
    /// A triple and two kickers (ZF) or a triple and a pair (ZCY).
    FullHouse,
    /// Five or more consecutive cards of one suit (both games; a bomb in ZCY).
    StraightFlush,
    /// Four 2s or a 5-10-K (Zheng Fen).
    Special,
    /// Five or more consecutive cards of any suits (Zen Cheng You).
    Straight,
    /// Consecutive triples plus as many pairs (Zen Cheng You).
    FullHouseSeq,
    /// Four or more cards of one rank, or the four jokers (Zen Cheng You).
    Bomb,
}

impl Kind {
    /// Every kind, in declaration order.
    pub const ALL: [Kind; 13] = [
        Kind::Single,
        Kind::Pair,
        Kind::Triple,
        Kind::Four,
        Kind::PairSeq,
        Kind::TripleSeq,
        Kind::FourSeq,
        Kind::FullHouse,
        Kind::StraightFlush,
        Kind::Special,
        Kind::Straight,
        Kind::FullHouseSeq,
        Kind::Bomb,
    ];

    /// The kind's name in notation.
    ///
    /// ```
    /// use zhengfen_core::combo::Kind;
    /// assert_eq!(Kind::PairSeq.name(), "pair_seq");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Triple => "triple",
            Kind::Four => "four",
            Kind::PairSeq => "pair_seq",
            Kind::TripleSeq => "triple_seq",
            Kind::FourSeq => "four_seq",
            Kind::FullHouse => "full_house",
            Kind::StraightFlush => "straight_flush",
            Kind::Special => "special",
            Kind::Straight => "straight",
            Kind::FullHouseSeq => "full_house_seq",
            Kind::Bomb => "bomb",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether the kind compares by (top rank, length) in Zheng Fen (RULES.md §5.2).
    pub const fn is_sequence(self) -> bool {
        matches!(
            self,
            Kind::PairSeq | Kind::TripleSeq | Kind::FourSeq | Kind::StraightFlush
        )
    }
}

/// One reading of a card set: kind, rank, length and the cards (RULES.md §1.7).
///
/// `rank` is a number of [`crate::card::rank`]: `0..13` natural ranks, `BJ`, `RJ`, `JOKER`
/// (a group of jokers in Zen Cheng You) or a Zheng Fen special.
///
/// ```
/// use zhengfen_core::combo::{Combo, Kind};
/// use zhengfen_core::notation::parse_cards;
/// let combo = Combo::new(Kind::Pair, 4, 1, parse_cards("7c BJ", 1).unwrap());
/// assert_eq!(combo.to_string(), "pair 7 1: 7c BJ");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Combo {
    /// The kind of combination.
    pub kind: Kind,
    /// The rank number (see [`crate::card::rank`]).
    pub rank: u8,
    /// Groups in a sequence, cards in a straight, straight flush or bomb, else 1.
    pub length: u8,
    /// The cards played.
    pub cards: CardSet,
}

impl Combo {
    /// A combination from its parts (not checked against any rule set).
    pub const fn new(kind: Kind, rank: u8, length: u8, cards: CardSet) -> Combo {
        Combo {
            kind,
            rank,
            length,
            cards,
        }
    }

    /// Whether this reading is a bomb of Zen Cheng You (RULES.md §8.5).
    pub const fn is_bomb(&self) -> bool {
        matches!(self.kind, Kind::Bomb | Kind::StraightFlush)
    }
}

impl fmt::Display for Combo {
    /// `KIND RANK LENGTH: CARDS` (RULES.md §1.7).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}: {}",
            self.kind.name(),
            rank::name(self.rank),
            self.length,
            self.cards
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Kind;

    #[test]
    fn kind_all_is_in_declaration_order() {
        // The encodings index the kind one-hot by `kind as usize` (`encode::write_combo`).
        for (i, kind) in Kind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, i);
        }
    }
}
