//! One playing card: its rank, its suit and its index in the canonical deck order.
//!
//! RULES.md §1.1 (ranks), §1.2 (suits), §1.4 (canonical order), §1.8 (points).
//! A [`Card`] is a number `0..54`: `4 × rank + suit` for the 52 natural cards, then the black
//! joker (52) and the red joker (53). The two-deck game uses the same 54 values; which copy a
//! card is does not matter (§1.5), so it needs no other type.

use std::fmt;

/// A suit. No suit ranks above another (RULES.md §1.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// `c`, ♣
    Clubs = 0,
    /// `d`, ♦
    Diamonds = 1,
    /// `h`, ♥
    Hearts = 2,
    /// `s`, ♠
    Spades = 3,
}

impl Suit {
    /// The four suits in canonical order `c d h s`.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with index `0..4` (`c d h s`).
    ///
    /// ```
    /// use zhengfen_core::card::Suit;
    /// assert_eq!(Suit::from_index(2), Suit::Hearts);
    /// ```
    pub const fn from_index(index: u8) -> Suit {
        Suit::ALL[(index & 3) as usize]
    }

    /// The lower-case letter of the suit.
    ///
    /// ```
    /// use zhengfen_core::card::Suit;
    /// assert_eq!(Suit::Spades.letter(), 's');
    /// ```
    pub const fn letter(self) -> char {
        [b'c', b'd', b'h', b's'][self as usize] as char
    }
}

/// Rank numbers: natural ranks `3`..`2` are `0..=12`; the rest name jokers and specials.
pub mod rank {
    /// The rank `3`, lowest natural rank.
    pub const THREE: u8 = 0;
    /// The rank `5` (worth 5 points).
    pub const FIVE: u8 = 2;
    /// The rank `10` (worth 10 points).
    pub const TEN: u8 = 7;
    /// The rank `K` (worth 10 points).
    pub const KING: u8 = 10;
    /// The rank `A`.
    pub const ACE: u8 = 11;
    /// The rank `2`, highest natural rank.
    pub const TWO: u8 = 12;
    /// The black joker played alone.
    pub const BJ: u8 = 13;
    /// The red joker played alone.
    pub const RJ: u8 = 14;
    /// A group of jokers in the partnership game (RULES.md §8.2): one rank above `2`.
    pub const JOKER: u8 = 15;
    /// Zheng Fen special `mixed_5_10_k` (RULES.md §4.9), lowest special.
    pub const MIXED_5_10_K: u8 = 16;
    /// Zheng Fen special `suited_5_10_k`.
    pub const SUITED_5_10_K: u8 = 17;
    /// Zheng Fen special `four_twos`, highest special.
    pub const FOUR_TWOS: u8 = 18;
    /// Number of natural ranks.
    pub const NATURAL: u8 = 13;

    /// The name of a rank number as used in combination notation (RULES.md §1.7).
    ///
    /// ```
    /// use zhengfen_core::card::rank;
    /// assert_eq!(rank::name(rank::TEN), "10");
    /// assert_eq!(rank::name(rank::JOKER), "joker");
    /// ```
    pub const fn name(rank: u8) -> &'static str {
        const NAMES: [&str; 19] = [
            "3",
            "4",
            "5",
            "6",
            "7",
            "8",
            "9",
            "10",
            "J",
            "Q",
            "K",
            "A",
            "2",
            "BJ",
            "RJ",
            "joker",
            "mixed_5_10_k",
            "suited_5_10_k",
            "four_twos",
        ];
        if (rank as usize) < NAMES.len() {
            NAMES[rank as usize]
        } else {
            "?"
        }
    }

    /// The rank number of a name, the inverse of [`name`].
    ///
    /// ```
    /// use zhengfen_core::card::rank;
    /// assert_eq!(rank::from_name("Q"), Some(9));
    /// assert_eq!(rank::from_name("T"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<u8> {
        (0..=FOUR_TWOS).find(|&r| self::name(r) == name)
    }
}

/// One card, numbered in the canonical deck order (RULES.md §1.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The black (small) joker, `BJ`.
    pub const BJ: Card = Card(52);
    /// The red (big) joker, `RJ`.
    pub const RJ: Card = Card(53);
    /// Number of distinct cards: 52 natural cards and two jokers.
    pub const COUNT: u8 = 54;

    /// The natural card of `rank` (`0..13`) and `suit`.
    ///
    /// ```
    /// use zhengfen_core::card::{Card, Suit};
    /// assert_eq!(Card::new(7, Suit::Hearts).to_string(), "10h");
    /// ```
    pub const fn new(rank: u8, suit: Suit) -> Card {
        Card(4 * (rank % 13) + suit as u8)
    }

    /// The card with canonical index `index`, if `index < 54`.
    ///
    /// ```
    /// use zhengfen_core::card::Card;
    /// assert_eq!(Card::from_index(53), Some(Card::RJ));
    /// assert_eq!(Card::from_index(54), None);
    /// ```
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < Card::COUNT {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The canonical index `0..54`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Whether this is `BJ` or `RJ`.
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The rank played alone: `0..13` for natural cards, [`rank::BJ`], [`rank::RJ`].
    ///
    /// ```
    /// use zhengfen_core::card::{Card, rank};
    /// assert_eq!(Card::BJ.rank(), rank::BJ);
    /// ```
    pub const fn rank(self) -> u8 {
        match self.0 {
            52 => rank::BJ,
            53 => rank::RJ,
            i => i / 4,
        }
    }

    /// The suit, `None` for a joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Some(Suit::from_index(self.0 & 3))
        }
    }

    /// Points the card is worth (RULES.md §1.8): 5 for a 5, 10 for a 10 or a K, else 0.
    ///
    /// ```
    /// use zhengfen_core::card::{Card, Suit, rank};
    /// assert_eq!(Card::new(rank::KING, Suit::Clubs).points(), 10);
    /// assert_eq!(Card::RJ.points(), 0);
    /// ```
    pub const fn points(self) -> u32 {
        match self.rank() {
            rank::FIVE => 5,
            rank::TEN | rank::KING => 10,
            _ => 0,
        }
    }
}

impl fmt::Display for Card {
    /// The canonical token (RULES.md §1.6): `3c`, `10h`, `BJ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.suit() {
            None => f.write_str(rank::name(self.rank())),
            Some(suit) => write!(f, "{}{}", rank::name(self.rank()), suit.letter()),
        }
    }
}
