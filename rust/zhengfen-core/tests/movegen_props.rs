//! Properties of the legal-move enumerator (RULES.md §6, §10): every listed move is a reading
//! of its cards at its highest legal value and beats the table, nothing is listed twice, and —
//! by brute force over every sub-multiset of small hands — nothing legal is missed.

mod common;

use common::{all_rules, brute_force_moves, random_hand};
use proptest::prelude::*;
use zhengfen_core::cardset::CardSet;
use zhengfen_core::classify::{classify, strongest};
use zhengfen_core::combo::Combo;
use zhengfen_core::compare::beats;
use zhengfen_core::movegen::legal_moves;
use zhengfen_core::rules::Rules;

/// A table to follow: the strongest reading of some cards from another part of the deck.
fn table_for(seed: u64, rules: &Rules, size: usize) -> Option<Combo> {
    let cards = random_hand(seed ^ 0x5555, size, rules.decks());
    let readings = classify(cards, rules);
    readings
        .get((seed % 7) as usize % readings.len().max(1))
        .copied()
}

fn sorted_moves(hand: CardSet, table: Option<&Combo>, rules: &Rules) -> Vec<Combo> {
    let mut moves = legal_moves(hand, table, rules).unwrap();
    moves.sort();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn small_hands_match_brute_force(seed in any::<u64>(), size in 0usize..=10, which in 0usize..9, table_size in 1usize..=8) {
        let rules = all_rules()[which];
        let hand = random_hand(seed, size, rules.decks());
        let table = if seed % 3 == 0 { None } else { table_for(seed, &rules, table_size) };
        prop_assert_eq!(sorted_moves(hand, table.as_ref(), &rules), brute_force_moves(hand, table.as_ref(), &rules));
    }

    #[test]
    fn listed_moves_are_highest_legal_readings(seed in any::<u64>(), size in 1usize..=27, which in 0usize..9, table_size in 1usize..=10) {
        let rules = all_rules()[which];
        let size = if rules.decks() == 1 { size.min(18) } else { size };
        let hand = random_hand(seed, size, rules.decks());
        let table = if seed % 4 == 0 { None } else { table_for(seed, &rules, table_size) };
        let moves = sorted_moves(hand, table.as_ref(), &rules);
        for pair in moves.windows(2) {
            prop_assert!(pair[0] != pair[1], "listed twice: {}", pair[0]);
            prop_assert!(pair[0].cards != pair[1].cards || pair[0].kind != pair[1].kind, "same set and kind twice: {} / {}", pair[0], pair[1]);
        }
        for m in &moves {
            prop_assert!(hand.contains_all(m.cards));
            let readings = classify(m.cards, &rules);
            prop_assert!(readings.contains(m), "{} is not a reading", m);
            if let Some(t) = &table { prop_assert!(beats(m, t, &rules), "{} does not beat {}", m, t); }
            let best = readings.iter().find(|r| r.kind == m.kind && table.as_ref().is_none_or(|t| beats(r, t, &rules)));
            prop_assert_eq!(best, Some(m));
        }
    }
}

#[test]
fn bad_inputs_are_errors_not_panics() {
    let zf = Rules::zheng_fen(4).unwrap();
    let doubled = zhengfen_core::notation::parse_cards("5c 5c", 2).unwrap();
    assert!(legal_moves(doubled, None, &zf).is_err());
    let big = random_hand(1, 28, 2);
    assert!(legal_moves(big, None, &Rules::zen_cheng_you()).is_err());
    let bogus = Combo::new(zhengfen_core::combo::Kind::Pair, 3, 1, random_hand(2, 2, 1));
    let hand = random_hand(3, 10, 1);
    if strongest(bogus.cards, &zf) != Some(bogus) {
        assert!(legal_moves(hand, Some(&bogus), &zf).is_err());
    }
}
