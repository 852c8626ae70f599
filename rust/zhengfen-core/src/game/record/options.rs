//! A rule set in a record: `{"game": name, option: value, …}` (RULES.md §3, §12.7). Writers put
//! the game and its own options; readers take any of the seven options, by [`Rules::set`].
//! [`Rules::to_json`] and [`Rules::from_json`] are the one writer and reader of this object as
//! text for every caller (a saved game, the web, a training run's state).
//!
//! ```
//! use zhengfen_core::rules::Rules;
//! let rules = Rules::zheng_fen(3).unwrap();
//! let text = rules.to_json();
//! assert!(text.starts_with(r#"{"game": "zheng_fen", "players": 3, "jokers_wild": true"#));
//! assert_eq!(Rules::from_json(&text).unwrap(), rules);
//! assert!(Rules::from_json(r#"{"players": 3}"#).is_err());
//! ```

use super::to_json;
use crate::error::{Error, Result};
use crate::rules::{OptionValue, Rules, Variant};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::{Map, Number, Value};

impl Serialize for OptionValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            OptionValue::Bool(b) => serializer.serialize_bool(*b),
            OptionValue::Int(n) => serializer.serialize_i64(*n),
            OptionValue::Str(s) => serializer.serialize_str(s),
        }
    }
}

impl Serialize for Rules {
    /// The game's name, then its own options in `Rules::own_options` order.
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let own = self.own_options();
        let mut map = serializer.serialize_map(Some(own.len() + 1))?;
        map.serialize_entry("game", self.variant.name())?;
        for name in own {
            map.serialize_entry(name.name(), &self.option(*name))?;
        }
        map.end()
    }
}

impl Rules {
    /// The rule set as JSON text, `{"game": name, option: value, …}` with the game's own
    /// options in order, in the layout of Python's `json.dumps` (as a saved game writes it).
    pub fn to_json(&self) -> String {
        to_json(self)
    }

    /// The rule set of JSON text written as [`Rules::to_json`] writes it (any of the seven
    /// options may be given, in any order). Anything else is an [`Error::Rules`] saying what:
    /// text that is not JSON, a value that is not an object, no `"game"` string, an unknown
    /// game or option, a value an option does not take.
    pub fn from_json(text: &str) -> Result<Rules> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| Error::rules(format!("rules are not JSON: {e}")))?;
        Rules::from_value(&value)
    }

    /// The rule set of a parsed JSON value (see [`Rules::from_json`]).
    pub fn from_value(value: &Value) -> Result<Rules> {
        let written = value.as_object().ok_or_else(|| {
            Error::rules(format!(
                "rules must be an object {{\"game\": name, option: value, …}}, not {}",
                short(value)
            ))
        })?;
        match written.get("game") {
            Some(Value::String(game)) => read(game, written),
            Some(other) => Err(Error::rules(format!(
                "the rules' game must be a string, not {}",
                short(other)
            ))),
            None => Err(Error::rules("the rules name no \"game\"")),
        }
    }
}

/// A JSON value as an error quotes it, cut to 40 characters.
fn short(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text,
    }
}

/// The rule set of a record's `"rules"` object, whose `"game"` is `game`: the game's preset,
/// then each option in the order written. An error says which name or value is refused.
pub(super) fn read(game: &str, written: &Map<String, Value>) -> Result<Rules> {
    let mut rules = Variant::from_name(game)?.rules();
    for (name, value) in written.iter().filter(|(name, _)| *name != "game") {
        let value = match value {
            Value::Bool(b) => OptionValue::Bool(*b),
            Value::String(s) => OptionValue::Str(s.clone()),
            Value::Number(n) => number(&rules, name, n)?,
            other => return Err(cannot_take(name, &other.to_string())),
        };
        rules.set(name, value)?;
    }
    Ok(rules)
}

/// A written number as an option value: a 64-bit integer, else refused naming it as written.
fn number(rules: &Rules, name: &str, n: &Number) -> Result<OptionValue> {
    let written = n.to_string();
    match n.as_i64() {
        Some(int) => Ok(OptionValue::Int(int)),
        None if is_integer(&written) => Err(refuse_huge_int(rules, name, &written)),
        None => Err(cannot_take(name, &written)),
    }
}

/// Whether `text` is an integer written in decimal digits.
fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn cannot_take(name: &str, written: &str) -> Error {
    Error::rules(format!("option {name} cannot take the value {written}")).with_option(
        name,
        Some(written.to_string()),
        None,
    )
}

/// The refusal of an integer beyond 64 bits, `digits` as written, given to option `name`: the
/// rule set's own refusal of the 64-bit extreme of the same sign (which no option takes), with
/// that number replaced by the one written.
///
/// ```
/// use zhengfen_core::game::record::refuse_huge_int;
/// use zhengfen_core::rules::Rules;
/// let huge = "1".repeat(30);
/// let refusal = refuse_huge_int(&Rules::zheng_fen(4).unwrap(), "players", &huge);
/// assert!(refusal.to_string().ends_with(&format!("from 3 to 6 in zheng_fen, not {huge}")));
/// ```
pub fn refuse_huge_int(rules: &Rules, name: &str, digits: &str) -> Error {
    let extreme = match digits.starts_with('-') {
        true => i64::MIN,
        false => i64::MAX,
    };
    let mut trial = *rules;
    match trial.set(name, OptionValue::Int(extreme)) {
        Err(Error::Rules { message, bound, .. }) => Error::rules(
            message.replace(&extreme.to_string(), digits),
        )
        .with_option(name, Some(digits.to_string()), bound),
        Err(other) => other,
        Ok(()) => cannot_take(name, digits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_round_trips_through_its_json() {
        let mut sets: Vec<Rules> = (3..=6).map(|n| Rules::zheng_fen(n).unwrap()).collect();
        sets.push(Rules::zen_cheng_you());
        let mut changed = Rules::zen_cheng_you();
        changed.set("last_chance", OptionValue::Bool(true)).unwrap();
        changed.set("target", OptionValue::Int(1)).unwrap();
        sets.push(changed);
        for rules in sets {
            let text = rules.to_json();
            assert!(text.starts_with(r#"{"game": ""#), "{text}");
            assert_eq!(Rules::from_json(&text).unwrap(), rules, "{text}");
        }
    }

    #[test]
    fn anything_but_a_rule_set_is_a_rules_error_saying_what() {
        let cases = [
            ("{", "not JSON"),
            ("[1]", "must be an object"),
            (r#"{"players": 3}"#, r#"no "game""#),
            (r#"{"game": 7}"#, "game must be a string, not 7"),
            (r#"{"game": "chess"}"#, "chess"),
            (r#"{"game": "zheng_fen", "players": 9}"#, "players"),
            (
                r#"{"game": "zheng_fen", "target": [1]}"#,
                "cannot take the value [1]",
            ),
        ];
        for (text, says) in cases {
            match Rules::from_json(text) {
                Err(Error::Rules { message, .. }) => {
                    assert!(message.contains(says), "{text}: {message}")
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        let long = format!(r#"{{"game": "{}"}}"#, "x".repeat(100));
        let Err(Error::Rules { message, .. }) = Rules::from_value(&serde_json::json!([long]))
        else {
            panic!("a list is no rule set");
        };
        assert!(message.len() < 120, "the value quoted is cut: {message}");
    }
}
