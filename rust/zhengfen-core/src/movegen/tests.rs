//! The move list's *order* is part of the action encoding (an action is an index into it), so
//! it is pinned here: a digest of the ordered notations of the lists of many seeded hands,
//! leads and follows, for every rule set. The property tests (`tests/movegen_props.rs`) check
//! the list as a set; this checks that a faster generator lists it in the same order.

use super::legal_moves_unchecked;
use crate::cardset::CardSet;
use crate::combo::Combo;
use crate::deal::{deal, shuffled_deck};
use crate::rules::{OptionValue, Rules};
use crate::seed::SplitMix64;
use sha2::{Digest, Sha256};

/// Zheng Fen with 3 to 6 players, jokers wild and tame, and Zen Cheng You.
fn rule_sets() -> Vec<Rules> {
    let mut sets = Vec::new();
    for players in 3..=6 {
        for wild in [true, false] {
            let mut rules = Rules::zheng_fen(players).unwrap();
            rules.set("jokers_wild", OptionValue::Bool(wild)).unwrap();
            sets.push(rules);
        }
    }
    sets.push(Rules::zen_cheng_you());
    sets
}

/// Hands of a seeded deal, and one hand of a seeded size (play leaves hands of every size).
fn hands(rules: &Rules, seed: u64) -> Vec<CardSet> {
    let mut rng = SplitMix64::new(seed);
    let mut hands = deal(rules, &mut rng, 0);
    let full = hands[0].len() as usize;
    let size = 1 + (rng.uniform(full as u64) as usize);
    hands.push(
        shuffled_deck(rules.decks(), &mut rng)
            .into_iter()
            .take(size)
            .collect(),
    );
    hands
}

/// Feeds the ordered notations of `moves`, then a separator, into the hasher.
fn feed(hasher: &mut Sha256, moves: &[Combo]) {
    for m in moves {
        hasher.update(m.to_string().as_bytes());
        hasher.update(b"\n");
    }
    hasher.update(b"--\n");
}

/// Each hand led from, and followed on about 24 tables drawn from the next hand's leads.
fn ordered_digest(rules: &Rules, deals: u64) -> (String, usize) {
    let (mut hasher, mut listed) = (Sha256::new(), 0);
    let (mut leads, mut moves) = (Vec::new(), Vec::new());
    for seed in 0..deals {
        let hands = hands(rules, seed);
        for (i, &hand) in hands.iter().enumerate() {
            legal_moves_unchecked(hand, None, rules, &mut moves);
            feed(&mut hasher, &moves);
            listed += moves.len();
            legal_moves_unchecked(hands[(i + 1) % hands.len()], None, rules, &mut leads);
            for table in leads.iter().step_by(leads.len() / 24 + 1) {
                legal_moves_unchecked(hand, Some(table), rules, &mut moves);
                feed(&mut hasher, &moves);
                listed += moves.len();
            }
        }
    }
    let hash = hasher.finalize();
    (hash.iter().map(|b| format!("{b:02x}")).collect(), listed)
}

/// The digests and list lengths of [`ordered_digest`] over 32 deals, in [`rule_sets`] order,
/// as the generator of issue 2 listed them.
const EXPECTED: [(&str, usize); 9] = [
    (
        "0cd503f6402eff16b3cb971c50d8c4a5654fc875c418dadb29562a3e1dc8e868",
        133113,
    ),
    (
        "03b51afa1bac7209821dae32234b64d7dbeac1c5d2144e86f2e3c581a862b8b8",
        36141,
    ),
    (
        "5167f76755453a87798d040e49b7a8e0f13397c3d4ed2d5bceadf3a86096d630",
        38668,
    ),
    (
        "a62e9c2d29a96f9c118059bc5ba250bc0160c2f4a73ca435d3f7c90e92c39ec6",
        18081,
    ),
    (
        "5719a9c97f00201446db94757bb440f8a0713705c85758d69d539649328a4635",
        16439,
    ),
    (
        "33270021d2cab244e64b8f2783edfa14f373aa9320d81700e0de6d4020c157ac",
        13041,
    ),
    (
        "a48d91bcdd2e8c02c26d097f7068c40e6d3fdae259e313bb020b25cfa351422d",
        11885,
    ),
    (
        "05dad333d2a5a893abb0fe1d78f1103ab89d90c0be4ab28c499bf71105924b45",
        10280,
    ),
    (
        "f1bfd529ac0627080555df18ade93284be68bdd1dabb2fcd9695ab645c63048d",
        550638,
    ),
];

#[test]
fn move_order_is_unchanged() {
    for (rules, (digest, listed)) in rule_sets().iter().zip(EXPECTED) {
        let (got, got_listed) = ordered_digest(rules, 32);
        assert_eq!((got.as_str(), got_listed), (digest, listed), "{rules:?}");
    }
}
