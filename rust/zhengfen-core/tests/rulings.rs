//! The test cases listed at the end of RULINGS.md, and the examples of RULES.md §4–§9.

mod common;

use common::{cards, read};
use zhengfen_core::classify::classify;
use zhengfen_core::compare::beats;
use zhengfen_core::deal::deal;
use zhengfen_core::rules::Rules;
use zhengfen_core::seed::SplitMix64;

fn zf() -> Rules {
    Rules::zheng_fen(4).unwrap()
}

fn readings(text: &str, rules: &Rules) -> Vec<String> {
    classify(cards(text, rules), rules)
        .iter()
        .map(|c| c.to_string())
        .collect()
}

fn beats_text(a: &str, b: &str, rules: &Rules) -> bool {
    beats(&read(a, rules), &read(b, rules), rules)
}

#[test]
fn sequences_of_pairs_compare_by_top_then_length() {
    let r = zf();
    assert!(beats_text("7c 7d 8c 8d 9c 9d", "6c 6d 7h 7s 8h 8s", &r));
    assert!(beats_text(
        "6c 6d 7c 7d 8c 8d 9c 9d",
        "7h 7s 8h 8s 9h 9s",
        &r
    ));
    assert!(!beats_text(
        "7h 7s 8h 8s 9h 9s",
        "6c 6d 7c 7d 8c 8d 9c 9d",
        &r
    ));
    assert!(beats_text(
        "9c 9d 10c 10d Jc Jd",
        "3c 3d 4c 4d 5c 5d 6c 6d 7c 7d",
        &r
    ));
}

#[test]
fn a_joker_triple_ties_its_natural_equivalent() {
    let r = zf();
    assert!(!beats_text("7h BJ RJ", "7c 7d 7s", &r));
    assert!(!beats_text("7c 7d 7s", "7h BJ RJ", &r));
}

#[test]
fn full_house_kickers() {
    let r = zf();
    for yes in [
        "8c 8d 8h Jc Jd",
        "8c 8d 8h Ah 2h",
        "8c 8d 8h 3c Jd",
        "8c 8d 8h 10c Kd",
        "8c 8d 8h 4c BJ",
    ] {
        assert_eq!(
            readings(yes, &r),
            [format!("full_house 8 1: {}", cards(yes, &r))],
            "{yes}"
        );
    }
    for no in ["8c 8d 8h 4c Jd", "8c 8d 8h Ah 2s", "8c 8d 8h 8s BJ"] {
        assert!(readings(no, &r).is_empty(), "{no}");
    }
}

#[test]
fn specials() {
    let r = zf();
    assert!(beats_text("5s 10h Kd", "Jh Qh Kh Ah 2h", &r));
    assert!(beats_text("2c 2d 2h 2s", "5c 10c Kc", &r));
    assert!(beats_text("5c 10c Kc", "5s 10h Kd", &r));
    assert!(!beats_text("5d 10d Kd", "5c 10c Kc", &r), "same tier ties");
    assert!(readings("5c 10c BJ", &r).is_empty());
    assert_eq!(
        readings("2c 2d 2h 2s", &r),
        ["special four_twos 1: 2c 2d 2h 2s"]
    );
    assert_eq!(readings("2c 2d 2h BJ", &r), ["four 2 1: 2c 2d 2h BJ"]);
    assert_eq!(
        readings("5c 10c Kc", &r),
        ["special suited_5_10_k 1: 5c 10c Kc"]
    );
}

#[test]
fn jokers_give_several_readings() {
    let r = zf();
    assert_eq!(
        readings("4c 4d 5c 5d BJ RJ", &r),
        [
            "pair_seq 6 3: 4c 4d 5c 5d BJ RJ",
            "pair_seq 5 3: 4c 4d 5c 5d BJ RJ"
        ]
    );
    let both = readings("5h 6h 7h BJ RJ", &r);
    assert_eq!(both.len(), 5, "{both:?}");
    assert!(both[0].starts_with("straight_flush 9 5") && both[4].starts_with("full_house 5 1"));
    assert_eq!(readings("BJ RJ", &r).len(), 13);
    assert_eq!(readings("BJ RJ", &r)[0], "pair 2 1: BJ RJ");
}

#[test]
fn sequences_do_not_wrap() {
    let r = zf();
    assert_eq!(
        readings("Kc Kd Ac Ad 2c 2d", &r),
        ["pair_seq 2 3: Kc Kd Ac Ad 2c 2d"]
    );
    assert!(readings("Ac Ad 2c 2d 3c 3d", &r).is_empty());
    assert_eq!(
        readings("Jh Qh Kh Ah 2h", &r),
        ["straight_flush 2 5: Jh Qh Kh Ah 2h"]
    );
}

#[test]
fn tame_jokers_are_singles_only() {
    let mut r = zf();
    r.jokers_wild = false;
    assert!(readings("7c BJ", &r).is_empty());
    assert_eq!(readings("RJ", &r), ["single RJ 1: RJ"]);
}

#[test]
fn four_player_deal_is_14_14_13_13() {
    let hands = deal(&zf(), &mut SplitMix64::new(42), 0);
    let sizes: Vec<u32> = hands.iter().map(|h| h.len()).collect();
    assert_eq!(sizes, [14, 14, 13, 13]);
}

#[test]
fn partnership_bombs() {
    let r = Rules::zen_cheng_you();
    assert!(beats_text("BJ BJ RJ RJ", "2c 2c 2d 2d 2h 2h", &r));
    assert!(beats_text("3c 4c 5c 6c 7c 8c", "BJ BJ RJ RJ", &r));
    assert!(
        beats_text("10h Jh Qh Kh Ah", "Ac Ac Ad Ad Ah", &r),
        "5SF beats 5K"
    );
    assert!(
        !beats_text("10h Jh Qh Kh Ah", "3c 3c 3d 3d 3h 3h", &r),
        "6K beats 5SF"
    );
    assert!(!beats_text(
        "3c 3c 3d 3d",
        "Ac Kc Qc Jc 10c 9c 8c 7c 6c 5c 4c 3c",
        &r
    ));
}

#[test]
fn partnership_lengths_must_match() {
    let r = Rules::zen_cheng_you();
    assert!(!beats_text("4c 4d 5c 5d 6c 6d", "3c 3d 4h 4s", &r));
    assert!(!beats_text("4c 4d 5c 5d", "3c 3d 4h 4s 5h 5s", &r));
    assert!(
        readings("Jc Qd Kc Ac 2c", &r).is_empty(),
        "J-Q-K-A-2 is not a straight"
    );
    assert!(
        !beats_text("RJ RJ", "BJ BJ", &r),
        "joker pairs are one rank"
    );
    assert!(beats_text("RJ", "BJ", &r));
    assert_eq!(
        readings("3c 3d Qc Qd 5c 5d 5h 6c 6d 6h", &r),
        ["full_house_seq 6 2: 3c 3d 5c 5d 5h 6c 6d 6h Qc Qd"]
    );
    assert_eq!(
        readings("5c 6c 7c 8c 9c", &r),
        [
            "straight_flush 9 5: 5c 6c 7c 8c 9c",
            "straight 9 5: 5c 6c 7c 8c 9c"
        ]
    );
}

#[test]
fn the_empty_set_is_no_combination() {
    for rules in [zf(), Rules::zen_cheng_you()] {
        assert!(classify(zhengfen_core::cardset::CardSet::EMPTY, &rules).is_empty());
    }
}

#[test]
fn the_four_jokers_are_never_two_pairs() {
    let r = Rules::zen_cheng_you();
    let hand = cards("5c 5c 5d 6c 6c 6d BJ BJ RJ RJ", &r);
    let moves = zhengfen_core::movegen::legal_moves(hand, None, &r).unwrap();
    let seqs: Vec<String> = moves
        .iter()
        .filter(|m| m.kind == zhengfen_core::combo::Kind::FullHouseSeq)
        .map(|m| m.to_string())
        .collect();
    assert!(seqs.is_empty(), "{seqs:?}");
    assert!(readings("5c 5c 5d 6c 6c 6d BJ BJ RJ RJ", &r).is_empty());
    let one_pair = readings("5c 5c 5d 6c 6c 6d BJ RJ 9c 9d", &r);
    assert_eq!(
        one_pair,
        ["full_house_seq 6 2: 5c 5c 5d 6c 6c 6d 9c 9d BJ RJ"]
    );
}
