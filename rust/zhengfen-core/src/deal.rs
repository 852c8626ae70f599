//! Seeded dealing, identical in every implementation (RULES.md §2).
//!
//! [`SplitMix64`] is the one random stream of a game; [`shuffled_deck`] and [`deal`] draw from it.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::rules::Rules;

/// The SplitMix64 generator of RULES.md §2.1.
///
/// ```
/// use zhengfen_core::deal::SplitMix64;
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xE220A8397B1DCDAF);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    /// The 64-bit state; the seed before the first draw.
    pub state: u64,
}

impl SplitMix64 {
    /// A stream whose state is `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next output (RULES.md §2.1).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer below `n` by rejection (RULES.md §2.2); `n = 0` is read as 1.
    ///
    /// ```
    /// use zhengfen_core::deal::SplitMix64;
    /// let mut rng = SplitMix64::new(7);
    /// assert!((0..100).all(|_| rng.uniform(6) < 6));
    /// ```
    pub fn uniform(&mut self, n: u64) -> u64 {
        let n = n.max(1);
        // 2^64 - (2^64 mod n), computed without 128-bit arithmetic; 0 stands for 2^64.
        let limit = 0u64.wrapping_sub(0u64.wrapping_sub(n) % n);
        loop {
            let r = self.next_u64();
            if limit == 0 || r < limit {
                return r % n;
            }
        }
    }
}

/// The canonical deck of `decks` decks (RULES.md §1.4): 54 cards, or the block twice.
pub fn canonical_deck(decks: u8) -> Vec<Card> {
    (0..decks)
        .flat_map(|_| (0..Card::COUNT).filter_map(Card::from_index))
        .collect()
}

/// The canonical deck shuffled by Fisher-Yates from the last index down (RULES.md §2.3).
///
/// ```
/// use zhengfen_core::deal::{shuffled_deck, SplitMix64};
/// let deck = shuffled_deck(2, &mut SplitMix64::new(1));
/// assert_eq!(deck.len(), 108);
/// ```
pub fn shuffled_deck(decks: u8, rng: &mut SplitMix64) -> Vec<Card> {
    let mut deck = canonical_deck(decks);
    for i in (1..deck.len()).rev() {
        let j = rng.uniform(i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// Deals one shuffled deck: card `k` to seat `(first_drawer + k) mod players` (RULES.md §2.4).
///
/// ```
/// use zhengfen_core::deal::{deal, SplitMix64};
/// use zhengfen_core::rules::Rules;
/// let hands = deal(&Rules::zheng_fen(4).unwrap(), &mut SplitMix64::new(42), 0);
/// let sizes: Vec<u32> = hands.iter().map(|h| h.len()).collect();
/// assert_eq!(sizes, [14, 14, 13, 13]);
/// ```
pub fn deal(rules: &Rules, rng: &mut SplitMix64, first_drawer: usize) -> Vec<CardSet> {
    let players = usize::from(rules.players.max(1));
    let mut hands = vec![CardSet::EMPTY; players];
    for (k, card) in shuffled_deck(rules.decks(), rng).into_iter().enumerate() {
        let seat = (first_drawer + k) % players;
        hands[seat] = hands[seat]
            .plus(CardSet::from_card(card))
            .unwrap_or(hands[seat]);
    }
    hands
}
