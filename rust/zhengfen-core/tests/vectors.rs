//! The language-neutral legal-move count vectors of `tests/data/legal_moves.jsonl` (shared with
//! pytest): for each rule set, hand and table, the number of legal moves and their digest.

use serde_json::Value;
use zhengfen_core::movegen::legal_moves;
use zhengfen_core::notation::{move_digest, parse_cards, parse_combo};
use zhengfen_core::rules::{OptionValue, Rules};

const VECTORS: &str = include_str!("../../../tests/data/legal_moves.jsonl");

fn rules_of(spec: &serde_json::Map<String, Value>) -> Rules {
    let mut rules = match spec["game"].as_str() {
        Some("zheng_fen") => Rules::zheng_fen(4).unwrap(),
        _ => Rules::zen_cheng_you(),
    };
    for (name, value) in spec.iter().filter(|(k, _)| *k != "game") {
        let value = match value {
            Value::Bool(b) => OptionValue::Bool(*b),
            Value::Number(n) => OptionValue::Int(n.as_i64().unwrap()),
            other => OptionValue::Str(other.as_str().unwrap().to_string()),
        };
        rules.set(name, value).unwrap();
    }
    rules
}

#[test]
fn legal_move_vectors() {
    let mut checked = 0;
    for line in VECTORS.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        let rules = rules_of(v["rules"].as_object().unwrap());
        let hand = parse_cards(v["hand"].as_str().unwrap(), rules.decks()).unwrap();
        let table = v["table"]
            .as_str()
            .map(|t| parse_combo(t, rules.decks()).unwrap());
        let moves = legal_moves(hand, table.as_ref(), &rules).unwrap();
        assert_eq!(moves.len() as u64, v["count"].as_u64().unwrap(), "{line}");
        assert_eq!(move_digest(&moves), v["digest"].as_str().unwrap(), "{line}");
        checked += 1;
    }
    assert!(checked >= 200, "only {checked} vectors");
}
