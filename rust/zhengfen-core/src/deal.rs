//! Seeded dealing, identical in every implementation (RULES.md §2): [`shuffled_deck`] and
//! [`deal`] draw from a game's one random stream, [`SplitMix64`] ([`crate::seed`]).

use crate::card::Card;
use crate::cardset::CardSet;
use crate::rules::Rules;
use crate::seed::SplitMix64;

/// The canonical deck of `decks` decks (RULES.md §1.4): 54 cards, or the block twice.
pub fn canonical_deck(decks: u8) -> Vec<Card> {
    (0..decks)
        .flat_map(|_| (0..Card::COUNT).filter_map(Card::from_index))
        .collect()
}

/// The canonical deck shuffled by Fisher-Yates from the last index down (RULES.md §2.3).
///
/// ```
/// use zhengfen_core::deal::shuffled_deck;
/// use zhengfen_core::seed::SplitMix64;
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
/// use zhengfen_core::deal::deal;
/// use zhengfen_core::seed::SplitMix64;
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
