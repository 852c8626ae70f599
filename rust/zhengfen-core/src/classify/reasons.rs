//! Why a card set is no combination (RULES.md §4.11, §8.7): one reason, in words a person reads.

use crate::card::rank;
use crate::cardset::CardSet;
use crate::classify::classify;
use crate::rules::{Rules, Variant};

/// The reason a card set has no reading: the first of RULES.md §4.11 (Zheng Fen) or §8.7 (Zen
/// Cheng You) that applies.
///
/// ```
/// use zhengfen_core::{classify::{no_reading, NoReading}, notation::parse_cards, rules::Rules};
/// let rules = Rules::zheng_fen(4).unwrap();
/// let why = no_reading(parse_cards("3h 4c 5c 6s RJ", 1).unwrap(), &rules).unwrap();
/// assert_eq!(why, NoReading::StraightSuits);
/// assert_eq!(why.name(), "straight_suits");
/// assert!(why.explain(&rules).contains("one suit"));
/// assert_eq!(no_reading(parse_cards("7c BJ", 1).unwrap(), &rules), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoReading {
    /// No cards.
    Empty,
    /// A joker among two cards or more, with jokers not wild (§4.2).
    JokersTame,
    /// A joker in what would be a 5-10-K (§4.8).
    SpecialJoker,
    /// Two to four cards (ZF), two or three (ZCY), not of one rank.
    OneRank,
    /// A Zheng Fen straight of several suits (§4.7).
    StraightSuits,
    /// Ranks that are not consecutive, in a straight (flush) (§4.7, §8.3).
    StraightGaps,
    /// A 2 or a joker in a Zen Cheng You straight (§8.2).
    StraightTop,
    /// A triple whose two other cards are no kickers (§4.6).
    FullHouseKickers,
    /// Any other set.
    NoShape,
}

impl NoReading {
    /// Every reason, in the order of RULES.md §4.11 and §8.7.
    pub const ALL: [NoReading; 9] = [
        NoReading::Empty,
        NoReading::JokersTame,
        NoReading::SpecialJoker,
        NoReading::OneRank,
        NoReading::StraightSuits,
        NoReading::StraightGaps,
        NoReading::StraightTop,
        NoReading::FullHouseKickers,
        NoReading::NoShape,
    ];

    /// The reason's name in the API (RULES.md §4.11, §8.7), e.g. `straight_suits`.
    pub const fn name(self) -> &'static str {
        match self {
            NoReading::Empty => "empty",
            NoReading::JokersTame => "jokers_tame",
            NoReading::SpecialJoker => "special_joker",
            NoReading::OneRank => "one_rank",
            NoReading::StraightSuits => "straight_suits",
            NoReading::StraightGaps => "straight_gaps",
            NoReading::StraightTop => "straight_top",
            NoReading::FullHouseKickers => "full_house_kickers",
            NoReading::NoShape => "no_shape",
        }
    }

    /// The reason in words, for the game of `rules`, citing its section.
    pub const fn explain(self, rules: &Rules) -> &'static str {
        let zf = matches!(rules.variant, Variant::ZhengFen);
        match self {
            NoReading::Empty => "no cards are selected",
            NoReading::JokersTame => "with jokers not wild a joker is played only alone (§4.2)",
            NoReading::SpecialJoker => "a 5-10-K special takes natural cards only, no joker (§4.8)",
            NoReading::OneRank if zf => {
                "two to four cards make a pair, a triple or a four, all of one rank; \
                 a sequence holds three groups or more (§4.4, §4.5)"
            }
            NoReading::OneRank => "two or three cards make a pair or a triple, of one rank (§8.3)",
            NoReading::StraightSuits => {
                "a straight flush's cards must all be of one suit; there is no mixed-suit straight (§4.7)"
            }
            NoReading::StraightGaps if zf => {
                "a straight flush's ranks must be consecutive, 3 up to 2 without wrapping (§4.7)"
            }
            NoReading::StraightGaps => "a straight's ranks must be consecutive (§8.3)",
            NoReading::StraightTop => {
                "straights run from 3 up to A: a 2 or a joker cannot be in one (§8.2)"
            }
            NoReading::FullHouseKickers => {
                "a full house's two kickers, not of the triple's rank, must be a pair, of one suit \
                 and adjacent ranks, a 3 and any card, or two point cards (5, 10, K) (§4.6)"
            }
            NoReading::NoShape if zf => {
                "five cards or more make a straight flush, a full house of five, or three or more \
                 pairs, triples or fours of consecutive ranks (§4.5 to §4.7)"
            }
            NoReading::NoShape => {
                "it is no single, pair, triple, full house, sequence of them, straight or bomb \
                 (§8.3, §8.5)"
            }
        }
    }
}

/// Why `cards` is no combination under `rules`, or `None` when it has a reading (see
/// [`NoReading`]).
pub fn no_reading(cards: CardSet, rules: &Rules) -> Option<NoReading> {
    if !classify(cards, rules).is_empty() {
        return None;
    }
    Some(match rules.variant {
        Variant::ZhengFen => zheng_fen(cards, rules.jokers_wild),
        Variant::ZenChengYou => zen_cheng_you(cards),
    })
}

/// RULES.md §4.11, for a set with no reading.
fn zheng_fen(cards: CardSet, wild: bool) -> NoReading {
    let n = cards.len();
    let jokers = cards.jokers().len();
    let naturals = cards.naturals();
    let distinct = naturals.rank_mask().count_ones() == naturals.len();
    if n == 0 {
        NoReading::Empty
    } else if !wild && jokers > 0 {
        NoReading::JokersTame
    } else if n == 3 && jokers == 1 && distinct && only_five_ten_king(naturals) {
        NoReading::SpecialJoker
    } else if n <= 4 {
        NoReading::OneRank
    } else if distinct && within(naturals, n) && !one_suit(naturals) {
        NoReading::StraightSuits
    } else if distinct && one_suit(naturals) && !within(naturals, n) {
        NoReading::StraightGaps
    } else if n == 5 && (0..rank::NATURAL).any(|r| naturals.rank_count(r) + jokers >= 3) {
        NoReading::FullHouseKickers
    } else {
        NoReading::NoShape
    }
}

/// RULES.md §8.7, for a set with no reading.
fn zen_cheng_you(cards: CardSet) -> NoReading {
    let n = cards.len();
    let naturals = cards.naturals();
    let jokers = cards.jokers().len();
    let distinct = naturals.rank_mask().count_ones() == naturals.len() && jokers <= 1;
    let high = naturals.rank_count(rank::TWO) + jokers; // the cards above A
    let low = naturals.rank_mask() & !(1 << rank::TWO);
    if n == 0 {
        NoReading::Empty
    } else if n <= 3 {
        NoReading::OneRank
    } else if n >= 5 && distinct && high > 0 && consecutive(low) {
        NoReading::StraightTop
    } else if n >= 5 && distinct && high == 0 {
        NoReading::StraightGaps
    } else {
        NoReading::NoShape
    }
}

/// Whether the set bits of `mask` are one run (an empty mask is).
const fn consecutive(mask: u16) -> bool {
    if mask == 0 {
        return true;
    }
    let run = mask >> mask.trailing_zeros();
    run & run.wrapping_add(1) == 0
}

/// Whether the naturals lie within `n` consecutive natural ranks: `n` at most 13 and the
/// highest rank minus the lowest below `n` (§4.11).
fn within(naturals: CardSet, n: u32) -> bool {
    let mask = naturals.rank_mask();
    if n > u32::from(rank::NATURAL) {
        return false;
    }
    mask == 0 || 16 - mask.leading_zeros() - mask.trailing_zeros() <= n
}

/// Whether every card of `naturals` is of one suit.
fn one_suit(naturals: CardSet) -> bool {
    (0..4).any(|s| naturals.ranks_of_suit(s).count_ones() == naturals.len())
}

/// Whether every natural is a 5, a 10 or a K.
fn only_five_ten_king(naturals: CardSet) -> bool {
    let wanted = (1 << rank::FIVE) | (1 << rank::TEN) | (1 << rank::KING);
    naturals.rank_mask() & !wanted == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_cards;

    fn why(text: &str, rules: &Rules) -> Option<&'static str> {
        no_reading(parse_cards(text, rules.decks()).unwrap(), rules).map(NoReading::name)
    }

    #[test]
    fn zheng_fen_reasons() {
        let rules = Rules::zheng_fen(4).unwrap();
        let cases = [
            ("", "empty"),
            ("5c 10c BJ", "special_joker"),
            ("7c 8d", "one_rank"),
            ("4c 4d 5c 5d", "one_rank"),
            ("3h 4c 5c 6s RJ", "straight_suits"),
            ("3h 4c 5c 6s 7d", "straight_suits"),
            ("3h 4h 5h 6h 8h 9h", "straight_gaps"),
            ("Ah 2h 3h 4h 5h", "straight_gaps"),
            ("8c 8d 8h 4c Jd", "full_house_kickers"),
            ("8c 8d 8h 8s BJ", "full_house_kickers"),
            ("8c 8d 8h Ah 2s", "full_house_kickers"),
            ("3c 3d 4c 4d 5c 6d", "no_shape"),
            ("3c 5d 7h 9s Jc", "no_shape"),
        ];
        for (text, reason) in cases {
            assert_eq!(why(text, &rules), Some(reason), "{text}");
        }
        assert_eq!(why("7c 7d", &rules), None);
        let mut tame = rules;
        tame.jokers_wild = false;
        assert_eq!(why("7c BJ", &tame), Some("jokers_tame"));
    }

    #[test]
    fn zen_cheng_you_reasons() {
        let rules = Rules::zen_cheng_you();
        let cases = [
            ("", "empty"),
            ("3c 4c", "one_rank"),
            ("3c 3d 4c", "one_rank"),
            ("Jc Qd Kh As 2c", "straight_top"),
            ("10c Jc Qd Kh As BJ", "straight_top"),
            ("3c 4c 5c 6c 8c", "straight_gaps"),
            ("3c 3d 4c 5c", "no_shape"),
            ("3c 3d 3h 4c 5c", "no_shape"),
        ];
        for (text, reason) in cases {
            assert_eq!(why(text, &rules), Some(reason), "{text}");
        }
        assert_eq!(why("BJ RJ", &rules), None);
    }

    #[test]
    fn every_reason_is_worded() {
        for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
            for reason in NoReading::ALL {
                assert!(!reason.explain(&rules).is_empty() && !reason.name().is_empty());
            }
        }
    }
}
