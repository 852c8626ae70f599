//! Game records with no Python (RULES.md §12.6, §12.7): seeded games of both variants are saved,
//! loaded and verified; the text reads back to the same game and writes the same bytes; and a
//! tampered record (wrong move, wrong hand, unknown game or option, bad JSON, …) is refused as
//! an invalid state. Needs the `serde` feature (`cargo test --workspace` enables it).

mod common;

use common::all_rules;
use serde_json::{json, Value};
use zhengfen_core::error::Error;
use zhengfen_core::game::record::{load, Observation, SavedGame};
use zhengfen_core::game::{Game, Phase};
use zhengfen_core::notation::parse_cards;
use zhengfen_core::rules::{OptionValue, Rules};
use zhengfen_core::seed::SplitMix64;

/// Rule sets of both variants, with every option away from its default somewhere.
fn rule_sets() -> Vec<Rules> {
    let mut sets = all_rules();
    let mut changed = |rules: Rules, options: &[(&str, OptionValue)]| {
        let mut rules = rules;
        for (name, value) in options {
            rules.set(name, value.clone()).unwrap();
        }
        sets.push(rules);
    };
    let text = |s: &str| OptionValue::Str(s.into());
    changed(
        Rules::zheng_fen(3).unwrap(),
        &[("target", OptionValue::Int(100)), ("tie", text("share"))],
    );
    changed(
        Rules::zheng_fen(5).unwrap(),
        &[("next_leader", text("best_score"))],
    );
    changed(
        Rules::zen_cheng_you(),
        &[
            ("target", OptionValue::Int(300)),
            ("last_chance", OptionValue::Bool(true)),
            ("lead_after_out", text("partner")),
        ],
    );
    sets
}

/// Asserts that `text` loads to a game equal in every visible part to `game`.
fn assert_round_trip(game: &Game, text: &str) {
    let loaded = Game::from_json(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(
        loaded.to_json(),
        text,
        "the loaded game writes the same bytes"
    );
    assert_eq!(loaded.rules(), game.rules());
    assert_eq!(loaded.setup(), game.setup());
    assert_eq!(loaded.history(), game.history());
    assert_eq!(loaded.decisions(), game.decisions());
    assert_eq!(loaded.rng().state, game.rng().state);
    assert_eq!(loaded.phase(), game.phase());
    assert_eq!(loaded.scores(), game.scores());
    assert_eq!(loaded.legal_moves(), game.legal_moves());
    for seat in 0..game.rules().players {
        assert_eq!(loaded.hand(usize::from(seat)), game.hand(usize::from(seat)));
        assert_eq!(Observation::of(&loaded, seat), Observation::of(game, seat));
    }
}

#[test]
fn seeded_games_of_both_variants_save_load_and_verify() {
    let mut rng = SplitMix64::new(2026);
    for rules in rule_sets() {
        for seed in [0, 1, u64::MAX] {
            let mut game = Game::new(rules, seed);
            for steps in [0, 1, 7, 60, 400, 5000] {
                common::random_decisions(&mut game, steps, &mut rng);
                assert_round_trip(&game, &game.to_json());
            }
        }
    }
}

#[test]
fn a_game_from_given_hands_saves_its_setup() {
    let rules = Rules::zheng_fen(4).unwrap();
    let hands: Vec<_> = ["3c 4c 5c", "6c 7c", "8c", "9c 9d"]
        .iter()
        .map(|h| parse_cards(h, 1).unwrap())
        .collect();
    let mut game = Game::from_hands(rules, &hands, 2, 77).unwrap();
    let saved: Value = serde_json::from_str(&game.to_json()).unwrap();
    let setup = json!({"hands": ["3c 4c 5c", "6c 7c", "8c", "9c 9d"], "leader": 2, "seed": 77});
    assert_eq!(saved["setup"], setup);
    common::random_decisions(&mut game, 300, &mut SplitMix64::new(5));
    assert!(
        game.match_number() > 0,
        "later matches are dealt from the seed"
    );
    assert_round_trip(&game, &game.to_json());
}

/// The text is JSON in Python's `json.dumps` layout, each field as RULES.md §12.7 names it.
#[test]
fn the_text_has_the_fields_of_the_format_in_order() {
    let mut game = Game::new(Rules::zen_cheng_you(), 11);
    common::random_decisions(&mut game, 30, &mut SplitMix64::new(3));
    let text = game.to_json();
    let saved: Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<_> = saved.as_object().unwrap().keys().cloned().collect();
    let expected = [
        "format",
        "version",
        "rules",
        "setup",
        "decisions",
        "rng_state",
        "hands",
        "history",
    ];
    assert_eq!(keys, expected);
    assert_eq!(
        saved["rules"],
        json!({"game": "zen_cheng_you", "target": 1000, "lead_after_out": "next", "last_chance": false})
    );
    assert_eq!(saved["setup"], json!({"seed": 11}));
    assert_eq!(saved["history"][0]["type"], "deal");
    assert!(text.is_ascii() && !text.contains('\n'));
    assert!(text.contains(r#"{"format": "zhengfen-game", "version": 1, "#));
    assert_eq!(SavedGame::of(&game).to_json(), text);
}

/// `game`'s record, changed by `tamper`, as compact JSON.
fn tampered(game: &Game, tamper: impl FnOnce(&mut Value)) -> String {
    let mut saved: Value = serde_json::from_str(&game.to_json()).unwrap();
    tamper(&mut saved);
    saved.to_string()
}

/// Asserts that `text` is refused as an invalid state whose message contains `why`.
fn assert_refused(text: &str, why: &str) {
    match Game::from_json(text) {
        Err(Error::InvalidState { message, .. }) => assert!(message.contains(why), "{message}"),
        other => panic!("expected an invalid state with '{why}', got {other:?}"),
    }
}

/// A change to a parsed record.
type Tamper = Box<dyn FnOnce(&mut Value)>;

#[test]
#[allow(clippy::too_many_lines)] // a test read top to bottom; the 60-line rule is for product code
fn tampered_records_are_refused() {
    for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
        let mut game = Game::new(rules, 9);
        common::random_decisions(&mut game, 40, &mut SplitMix64::new(1));
        let first_play = game
            .decisions()
            .iter()
            .position(|d| d.to_string().contains(':'));
        let first_play = first_play.unwrap();
        let cases: Vec<(Tamper, &str)> = vec![
            (
                Box::new(move |s| s["decisions"][first_play] = json!("pass")),
                "decision",
            ),
            (
                Box::new(move |s| s["decisions"][first_play] = json!("single 3 1: RJ")),
                "decision",
            ),
            (
                Box::new(|s| {
                    s["decisions"]
                        .as_array_mut()
                        .unwrap()
                        .pop()
                        .map(drop)
                        .unwrap()
                }),
                "match",
            ),
            (
                Box::new(|s| s["hands"].as_array_mut().unwrap().reverse()),
                "hands",
            ),
            (Box::new(|s| s["hands"][0] = json!("3c")), "hands"),
            (Box::new(|s| s["rng_state"] = json!(1)), "random state"),
            (
                Box::new(|s| {
                    s["history"]
                        .as_array_mut()
                        .unwrap()
                        .pop()
                        .map(drop)
                        .unwrap()
                }),
                "history",
            ),
            (
                Box::new(|s| s["history"][0]["leader"] = json!(9)),
                "history",
            ),
            (
                Box::new(|s| s["rules"]["game"] = json!("dou_dizhu")),
                "unknown game 'dou_dizhu'",
            ),
            (
                Box::new(|s| s["rules"]["colour"] = json!("red")),
                "unknown option 'colour'",
            ),
            (
                Box::new(|s| s["rules"]["target"] = json!(0)),
                "option target",
            ),
            (
                Box::new(|s| s["rules"]["target"] = json!(null)),
                "cannot take the value null",
            ),
            (Box::new(|s| s["version"] = json!(2)), "version 2"),
            (
                Box::new(|s| s["format"] = json!("chess")),
                "unknown format 'chess'",
            ),
            (
                Box::new(|s| s["setup"]["seed"] = json!("x")),
                "field 'seed' has the wrong type",
            ),
            (Box::new(|s| s["setup"]["seed"] = json!(10)), "decision"),
            (
                Box::new(|s| drop(s.as_object_mut().unwrap().remove("history"))),
                "no field 'history'",
            ),
            (Box::new(|s| *s = json!([1, 2])), "not an object"),
        ];
        for (tamper, why) in cases {
            assert_refused(&tampered(&game, tamper), why);
        }
        for bad in ["{not json", "", "[1, 2", "{\"format\": NaN}"] {
            assert_refused(bad, "not JSON");
        }
    }
}

#[test]
fn an_option_beyond_64_bits_is_refused_by_its_written_value() {
    let huge = format!("1{}", "0".repeat(30));
    let text = Game::new(Rules::zheng_fen(4).unwrap(), 1).to_json();
    let text = text.replace(r#""players": 4"#, &format!(r#""players": {huge}"#));
    assert_refused(&text, &format!("from 3 to 6 in zheng_fen, not {huge}"));
    assert_refused(
        &text.replace(&huge, &format!("-{huge}")),
        &format!("not -{huge}"),
    );
}

/// Readers accept any of the seven options, a fixed one only at its fixed value (§12.7).
#[test]
fn readers_accept_fixed_options_at_their_value_only() {
    let game = Game::new(Rules::zen_cheng_you(), 4);
    let fixed = tampered(&game, |s| s["rules"]["jokers_wild"] = json!(false));
    assert_eq!(Game::from_json(&fixed).unwrap().to_json(), game.to_json());
    let wrong = tampered(&game, |s| s["rules"]["jokers_wild"] = json!(true));
    assert_refused(&wrong, "jokers_wild is fixed");
}

#[test]
fn loading_parsed_json_is_loading_text() {
    let mut game = Game::new(Rules::zheng_fen(6).unwrap(), 12);
    common::random_decisions(&mut game, 100, &mut SplitMix64::new(8));
    let parsed: Value = serde_json::from_str(&game.to_json()).unwrap();
    assert_eq!(load(&parsed).unwrap().to_json(), game.to_json());
}

/// A seat's observation shows its own hand (once seen) and nothing of the others'.
#[test]
fn observations_hold_the_seats_own_cards_only() {
    for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
        let mut game = Game::new(rules, 21);
        let mut rng = SplitMix64::new(4);
        for _ in 0..50 {
            for seat in 0..rules.players {
                let seen = Observation::of(&game, seat);
                let own = game.hand(usize::from(seat));
                let shown = if game.phase() == Phase::BlindDeclare {
                    0
                } else {
                    own.len()
                };
                assert_eq!(seen.hand.len(), shown);
                let text = serde_json::to_value(&seen).unwrap();
                let keys = text.as_object().unwrap().len();
                assert_eq!(keys, if game.team(seat).is_some() { 14 } else { 12 });
                for other in (0..rules.players).filter(|&o| o != seat) {
                    let theirs = game.hand(usize::from(other));
                    assert!(
                        theirs.is_empty() || !text.to_string().contains(&format!("\"{theirs}\""))
                    );
                }
            }
            common::random_decisions(&mut game, 1, &mut rng);
        }
    }
}
