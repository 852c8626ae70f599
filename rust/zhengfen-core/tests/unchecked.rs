//! The contract of `Game::play_unchecked` (RULES.md §12.1, §12.4b): a move that breaks it is
//! caught, never silently applied. A combination the player does not hold would duplicate
//! cards, so it panics in every build; any other illegal move panics in debug builds (which is
//! what `cargo test` runs), with the reason `Game::play` would give.

mod common;

use common::read;
use zhengfen_core::cardset::CardSet;
use zhengfen_core::game::{Game, Move};
use zhengfen_core::notation::parse_cards;
use zhengfen_core::rules::Rules;

/// A game from given hands, seat 0 to lead.
fn game(rules: Rules, hands: &[&str]) -> Game {
    let hands: Vec<CardSet> = hands
        .iter()
        .map(|h| parse_cards(h, rules.decks()).unwrap())
        .collect();
    Game::from_hands(rules, &hands, 0, 7).unwrap()
}

fn zheng_fen() -> Game {
    let rules = Rules::zheng_fen(4).unwrap();
    game(rules, &["3h 4c 9d", "5c 6c", "7c 8c", "10c Jc"])
}

#[test]
#[should_panic(expected = "does not hold")]
fn an_unheld_single_is_caught_in_zheng_fen() {
    let mut game = zheng_fen();
    let rules = *game.rules();
    game.play_unchecked(Move::Play(read("5c", &rules)));
}

#[test]
#[should_panic(expected = "does not hold")]
fn a_combination_partly_held_is_caught() {
    let mut game = zheng_fen();
    let rules = *game.rules();
    game.play_unchecked(Move::Play(read("4c 4d", &rules)));
}

#[test]
#[should_panic(expected = "does not hold")]
fn a_second_copy_not_held_is_caught_in_zen_cheng_you() {
    let rules = Rules::zen_cheng_you();
    let mut game = game(rules, &["3h 4c", "3h 6c", "7c 8c", "10c Jc"]);
    for _ in 0..8 {
        game.play_unchecked(Move::Pass); // nobody declares, blind or not
    }
    assert_eq!(game.current_player(), Some(0));
    game.play_unchecked(Move::Play(read("3h 3h", &rules)));
}

/// Held but illegal: caught by the debug check only (release trusts the caller here).
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "the leader may not pass")]
fn a_leader_passing_is_caught_in_debug_builds() {
    zheng_fen().play_unchecked(Move::Pass);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "does not beat")]
fn a_play_that_does_not_beat_the_table_is_caught_in_debug_builds() {
    let mut game = zheng_fen();
    let rules = *game.rules();
    game.play_unchecked(Move::Play(read("9d", &rules)));
    game.play_unchecked(Move::Play(read("5c", &rules)));
}

#[test]
fn legal_moves_pass_the_contract_and_match_play() {
    let mut checked = zheng_fen();
    let mut unchecked = checked.clone();
    while let Some(&mv) = checked.legal_moves().first() {
        checked.play(mv).unwrap();
        unchecked.play_unchecked(mv);
    }
    assert_eq!(checked.history(), unchecked.history());
}
