//! Laws of the bitboard card set (RULES.md §1.5): the bit tricks agree with their plain
//! definitions, and adding and removing cards conserves them.

use proptest::prelude::*;
use zhengfen_core::card::Card;
use zhengfen_core::cardset::CardSet;
use zhengfen_core::notation::parse_cards;

const DECK: u64 = (1 << 54) - 1;

fn card_set() -> impl Strategy<Value = CardSet> {
    (any::<u64>(), any::<u64>()).prop_map(|(a, b)| {
        let once = a & DECK;
        CardSet::from_planes(once, b & once).unwrap()
    })
}

fn counts(set: CardSet) -> Vec<u8> {
    (0..54)
        .map(|i| set.count(Card::from_index(i).unwrap()))
        .collect()
}

proptest! {
    #[test]
    fn masks_match_their_definitions(set in card_set()) {
        let ranks = (0..13u8).filter(|&r| set.rank_count(r) > 0).fold(0u16, |m, r| m | 1 << r);
        prop_assert_eq!(set.rank_mask(), ranks);
        for suit in 0..4u8 {
            let held = (0..13u8)
                .filter(|&r| set.contains(Card::new(r, zhengfen_core::card::Suit::from_index(suit))))
                .fold(0u16, |m, r| m | 1 << r);
            prop_assert_eq!(set.ranks_of_suit(suit), held);
            prop_assert_eq!(CardSet::of_suit(held, suit).len(), held.count_ones());
        }
        for rank in 0..13u8 {
            let above = set.naturals().iter().any(|c| c.rank() > rank);
            prop_assert_eq!(set.has_natural_above(rank), above);
        }
        // Points by masks (RULES.md §1.8) equal the points of the cards one by one.
        prop_assert_eq!(set.points(), set.iter().map(Card::points).sum::<u32>());
    }

    #[test]
    fn plus_and_minus_conserve_cards(a in card_set(), b in card_set()) {
        let sum = a.plus(b);
        let fits = counts(a).iter().zip(counts(b)).all(|(x, y)| x + y <= 2);
        prop_assert_eq!(sum.is_some(), fits);
        if let Some(sum) = sum {
            prop_assert_eq!(sum.len(), a.len() + b.len());
            prop_assert_eq!(sum.minus(b), Some(a));
            prop_assert_eq!(sum.minus(a), Some(b));
        }
        prop_assert_eq!(a.iter().count() as u32, a.len());
        prop_assert_eq!(a.iter().collect::<CardSet>(), a);
    }

    #[test]
    fn notation_round_trips(set in card_set()) {
        prop_assert_eq!(parse_cards(&set.to_string(), 2).unwrap(), set);
        let one_deck = CardSet::from_planes(set.planes().0, 0).unwrap();
        prop_assert_eq!(parse_cards(&one_deck.to_string(), 1).unwrap(), one_deck);
    }
}
