//! [`CardSet`], the bitboard card set shared by both games.
//!
//! RULES.md §1.4 and §1.5. A card set is a multiset in which each of the 54 cards occurs at
//! most twice: one deck uses only the first plane, two decks both. Two 64-bit planes hold it:
//! bit `k` of `once` says card `k` is held at least once, bit `k` of `twice` that it is held
//! twice (`twice` is always a subset of `once`). Rank `r` of the natural cards occupies bits
//! `4r..4r+4` (suits `c d h s`), the jokers bits 52 and 53, so the cards of one rank are a
//! nibble and rank-wise questions are shifts and popcounts.

use crate::card::Card;
use std::fmt;
use std::ops::BitOr;

/// A set of cards in which each card occurs at most twice (RULES.md §1.5).
///
/// ```
/// use zhengfen_core::card::{Card, Suit};
/// use zhengfen_core::cardset::CardSet;
/// let ace = Card::new(11, Suit::Spades);
/// let set = CardSet::from_card(ace).plus(CardSet::from_card(ace)).unwrap();
/// assert_eq!(set.count(ace), 2);
/// assert_eq!(set.len(), 2);
/// assert!(set.plus(CardSet::from_card(ace)).is_none()); // no third copy
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet {
    once: u64,
    twice: u64,
}

/// Bits 0..52: the natural cards.
const NATURALS: u64 = (1 << 52) - 1;
/// Bits 52..54: the two jokers.
const JOKERS: u64 = 0b11 << 52;

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet { once: 0, twice: 0 };
    /// One deck: every card once (54 cards).
    pub const DECK: CardSet = CardSet {
        once: NATURALS | JOKERS,
        twice: 0,
    };
    /// Two decks: every card twice (108 cards).
    pub const DOUBLE_DECK: CardSet = CardSet {
        once: NATURALS | JOKERS,
        twice: NATURALS | JOKERS,
    };

    /// The set built from its two planes; `None` unless `twice ⊆ once ⊆ deck`.
    ///
    /// ```
    /// use zhengfen_core::cardset::CardSet;
    /// assert_eq!(CardSet::from_planes(0b11, 0b01).unwrap().len(), 3);
    /// assert!(CardSet::from_planes(0b01, 0b10).is_none());
    /// ```
    pub const fn from_planes(once: u64, twice: u64) -> Option<CardSet> {
        let deck = NATURALS | JOKERS;
        if once & !deck == 0 && twice & !once == 0 {
            Some(CardSet { once, twice })
        } else {
            None
        }
    }

    /// The two planes `(once, twice)`.
    pub const fn planes(self) -> (u64, u64) {
        (self.once, self.twice)
    }

    /// The set holding `card` once.
    pub const fn from_card(card: Card) -> CardSet {
        CardSet {
            once: 1 << card.index(),
            twice: 0,
        }
    }

    /// The set holding `card` `copies` times (0, 1 or 2; more is read as 2).
    pub const fn with_copies(card: Card, copies: u8) -> CardSet {
        let bit = 1 << card.index();
        CardSet {
            once: if copies >= 1 { bit } else { 0 },
            twice: if copies >= 2 { bit } else { 0 },
        }
    }

    /// The cards of natural rank `rank` in the suits of `suits` (a 4-bit mask, `c=1 d=2 h=4
    /// s=8`), those of `doubled` twice (`doubled` should be within `suits`).
    ///
    /// ```
    /// use zhengfen_core::cardset::CardSet;
    /// assert_eq!(CardSet::of_rank(1, 0b0101, 0b0001).to_string(), "4c 4c 4h");
    /// ```
    pub const fn of_rank(rank: u8, suits: u8, doubled: u8) -> CardSet {
        let shift = 4 * (rank % 13) as u32;
        CardSet {
            once: ((suits & 0xF) as u64) << shift,
            twice: ((doubled & suits & 0xF) as u64) << shift,
        }
    }

    /// The cards of `suit` (`0..4`) at the natural ranks of `ranks` (a 13-bit mask), once each.
    ///
    /// ```
    /// use zhengfen_core::cardset::CardSet;
    /// assert_eq!(CardSet::of_suit(0b1_0000_0000_0011, 2).to_string(), "3h 4h 2h");
    /// ```
    pub const fn of_suit(ranks: u16, suit: u8) -> CardSet {
        let mut once = 0u64;
        let mut rank = 0;
        while rank < 13 {
            if ranks >> rank & 1 != 0 {
                once |= 1 << (4 * rank + (suit & 3) as u32);
            }
            rank += 1;
        }
        CardSet { once, twice: 0 }
    }

    /// Number of cards, counting copies.
    pub const fn len(self) -> u32 {
        self.once.count_ones() + self.twice.count_ones()
    }

    /// Whether the set holds no card.
    pub const fn is_empty(self) -> bool {
        self.once == 0
    }

    /// How many copies of `card` the set holds (0, 1 or 2).
    pub const fn count(self, card: Card) -> u8 {
        (((self.once >> card.index()) & 1) + ((self.twice >> card.index()) & 1)) as u8
    }

    /// Whether the set holds `card` at least once.
    pub const fn contains(self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Whether any card is held twice (the set needs two decks).
    pub const fn has_copies(self) -> bool {
        self.twice != 0
    }

    /// The multiset sum, `None` if some card would occur three times.
    pub const fn plus(self, other: CardSet) -> Option<CardSet> {
        if self.twice & other.once != 0 || self.once & other.twice != 0 {
            return None;
        }
        Some(CardSet {
            once: self.once | other.once,
            twice: self.twice | other.twice | (self.once & other.once),
        })
    }

    /// The multiset difference, `None` unless `other` is contained in `self`.
    ///
    /// ```
    /// use zhengfen_core::cardset::CardSet;
    /// use zhengfen_core::notation::parse_cards;
    /// let hand = parse_cards("5c 5c 6d", 2).unwrap();
    /// let rest = hand.minus(parse_cards("5c", 2).unwrap()).unwrap();
    /// assert_eq!(rest.to_string(), "5c 6d");
    /// ```
    pub const fn minus(self, other: CardSet) -> Option<CardSet> {
        if !self.contains_all(other) {
            return None;
        }
        // A card held twice and removed once keeps one copy.
        let twice = self.twice & !other.once;
        let once = (self.once & !other.once) | (self.twice & other.once & !other.twice);
        Some(CardSet { once, twice })
    }

    /// Whether every card of `other` is in `self` at least as many times.
    pub const fn contains_all(self, other: CardSet) -> bool {
        other.once & !self.once == 0 && other.twice & !self.twice == 0
    }

    /// The suits held in natural rank `rank` (`0..13`) as a 4-bit mask (`c=1 d=2 h=4 s=8`).
    pub const fn suits_of_rank(self, rank: u8) -> u8 {
        ((self.once >> (4 * rank as u32)) & 0xF) as u8
    }

    /// The suits held twice in natural rank `rank`, as a 4-bit mask.
    pub const fn doubled_suits_of_rank(self, rank: u8) -> u8 {
        ((self.twice >> (4 * rank as u32)) & 0xF) as u8
    }

    /// The number of cards of natural rank `rank`, counting copies.
    pub const fn rank_count(self, rank: u8) -> u32 {
        self.suits_of_rank(rank).count_ones() + self.doubled_suits_of_rank(rank).count_ones()
    }

    /// The natural cards of the set (jokers removed).
    pub const fn naturals(self) -> CardSet {
        CardSet {
            once: self.once & NATURALS,
            twice: self.twice & NATURALS,
        }
    }

    /// The jokers of the set.
    pub const fn jokers(self) -> CardSet {
        CardSet {
            once: self.once & JOKERS,
            twice: self.twice & JOKERS,
        }
    }

    /// The set of natural ranks held, as a 13-bit mask (bit `r` for rank `r`).
    pub const fn rank_mask(self) -> u16 {
        let x = self.once & NATURALS;
        gather_ranks(x | x >> 1 | x >> 2 | x >> 3)
    }

    /// Whether the set holds a natural card of a rank above `rank`.
    ///
    /// ```
    /// use zhengfen_core::notation::parse_cards;
    /// assert!(parse_cards("3c Kd BJ", 1).unwrap().has_natural_above(9));
    /// assert!(!parse_cards("3c Kd BJ", 1).unwrap().has_natural_above(10));
    /// ```
    pub const fn has_natural_above(self, rank: u8) -> bool {
        let below = if rank >= 12 {
            NATURALS
        } else {
            (1u64 << (4 * (rank as u32 + 1))) - 1
        };
        self.once & NATURALS & !below != 0
    }

    /// The ranks at which `suit` is held, as a 13-bit mask.
    pub const fn ranks_of_suit(self, suit: u8) -> u16 {
        gather_ranks((self.once & NATURALS) >> (suit & 3))
    }

    /// The points in the set (RULES.md §1.8), counting copies.
    ///
    /// ```
    /// use zhengfen_core::notation::parse_cards;
    /// assert_eq!(parse_cards("5c 10d Kh 3s BJ", 1).unwrap().points(), 25);
    /// ```
    pub fn points(self) -> u32 {
        // The nibbles of the 5s (rank 2), and of the 10s and Ks (ranks 7 and 10).
        const FIVES: u64 = 0xF << (4 * 2);
        const TENS: u64 = (0xF << (4 * 7)) | (0xF << (4 * 10));
        let count = |mask: u64| (self.once & mask).count_ones() + (self.twice & mask).count_ones();
        5 * count(FIVES) + 10 * count(TENS)
    }

    /// The cards in canonical order, a card held twice yielded twice.
    pub const fn iter(self) -> Iter {
        Iter {
            once: self.once,
            twice: self.twice,
            pending: None,
        }
    }
}

/// Gathers bit `4r` of `bits` into bit `r`, for the 13 natural ranks `r`.
const fn gather_ranks(bits: u64) -> u16 {
    let spaced = bits & 0x0001_1111_1111_1111;
    let mut mask = 0u16;
    let mut chunk = 0;
    while chunk < 4 {
        // Four ranks (16 bits) at a time: bits 0, 4, 8, 12 fold onto bits 0..4.
        let four = (spaced >> (16 * chunk)) & 0x1111;
        let four = (four | four >> 3 | four >> 6 | four >> 9) & 0xF;
        mask |= (four as u16) << (4 * chunk);
        chunk += 1;
    }
    mask
}

/// Union of two sets that share no card (for sets that may, use [`CardSet::plus`]).
impl BitOr for CardSet {
    type Output = CardSet;

    fn bitor(self, other: CardSet) -> CardSet {
        CardSet {
            once: self.once | other.once,
            twice: self.twice | other.twice,
        }
    }
}

impl FromIterator<Card> for CardSet {
    /// Collects cards, keeping at most two copies of each.
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set = set.plus(CardSet::from_card(card)).unwrap_or(set);
        }
        set
    }
}

/// Iterator over the cards of a [`CardSet`] in canonical order.
#[derive(Clone, Debug)]
pub struct Iter {
    once: u64,
    twice: u64,
    pending: Option<Card>,
}

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if let Some(card) = self.pending.take() {
            return Some(card);
        }
        if self.once == 0 {
            return None;
        }
        let index = self.once.trailing_zeros() as u8;
        self.once &= self.once - 1;
        let card = Card::from_index(index)?;
        if self.twice >> index & 1 != 0 {
            self.pending = Some(card);
        }
        Some(card)
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl fmt::Display for CardSet {
    /// Canonical notation (RULES.md §1.6): tokens in deck order, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}
