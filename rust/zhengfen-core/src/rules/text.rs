//! A rule set as plain text: the game's name, then every option the game lets a caller change
//! as `name=value` (RULES.md §3), e.g.
//! `zheng_fen players=4 jokers_wild=true next_leader=first_out target=500 tie=play_on`.
//!
//! The text is stable and parses back ([`str::parse`]): booleans are `true`/`false`, numbers
//! are decimal, choices are their bare names. Omitted options keep the preset's defaults
//! (§3.1, §3.2). The language bindings write their own syntax; this one belongs to no language.

use super::{OptionValue, Rules, Variant};
use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

impl fmt::Display for Rules {
    /// `game name=value …`, the options in `repr` order (see the module documentation).
    ///
    /// ```
    /// use zhengfen_core::rules::Rules;
    /// assert_eq!(
    ///     Rules::zen_cheng_you().to_string(),
    ///     "zen_cheng_you target=1000 lead_after_out=next last_chance=false"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant.name())?;
        for &option in self.own_options() {
            write!(f, " {}=", option.name())?;
            match self.option(option) {
                OptionValue::Bool(b) => write!(f, "{b}")?,
                OptionValue::Int(n) => write!(f, "{n}")?,
                OptionValue::Str(s) => f.write_str(&s)?,
            }
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = Error;

    /// Reads the text [`Rules`]'s `Display` writes; options may be omitted or reordered.
    ///
    /// ```
    /// use zhengfen_core::rules::Rules;
    /// let rules: Rules = "zheng_fen players=5 tie=share".parse().unwrap();
    /// assert_eq!((rules.players, rules.to_string().parse::<Rules>().unwrap()), (5, rules));
    /// assert!("zheng_fen players".parse::<Rules>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Rules> {
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or_default();
        let mut rules = Variant::from_name(name)?.rules();
        for word in words {
            let Some((option, value)) = word.split_once('=') else {
                return Err(Error::rules(format!(
                    "'{word}' in rules '{text}' is not name=value"
                )));
            };
            rules.set(option, value_of(value))?;
        }
        Ok(rules)
    }
}

/// An option's value as the text writes it.
fn value_of(text: &str) -> OptionValue {
    match text {
        "true" => OptionValue::Bool(true),
        "false" => OptionValue::Bool(false),
        _ => text
            .parse()
            .map_or_else(|_| OptionValue::Str(text.to_string()), OptionValue::Int),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{LeadAfterOut, NextLeader, Tie, MAX_TARGET};

    /// Rule sets covering every value of every option.
    fn variety() -> Vec<Rules> {
        let mut all = Vec::new();
        for players in 3..=6 {
            for wild in [true, false] {
                for leader in [NextLeader::FirstOut, NextLeader::BestScore] {
                    for tie in [Tie::PlayOn, Tie::Share] {
                        let mut rules = Rules::zheng_fen(players).unwrap();
                        (rules.jokers_wild, rules.next_leader, rules.tie) = (wild, leader, tie);
                        rules.target = 1 + players as u32 * 997 % MAX_TARGET;
                        all.push(rules);
                    }
                }
            }
        }
        for lead in [LeadAfterOut::Next, LeadAfterOut::Partner] {
            for last_chance in [true, false] {
                let mut rules = Rules::zen_cheng_you();
                (rules.lead_after_out, rules.last_chance, rules.target) = (lead, last_chance, 7);
                all.push(rules);
            }
        }
        all
    }

    #[test]
    fn the_text_parses_back_to_the_same_rules() {
        for rules in variety() {
            let text = rules.to_string();
            assert_eq!(text.parse::<Rules>().unwrap(), rules, "{text}");
            assert!(
                !text.contains(['(', ')', ',', '\'']),
                "no language syntax: {text}"
            );
        }
    }

    #[test]
    fn the_text_of_the_presets_is_stable() {
        assert_eq!(
            Rules::zheng_fen(4).unwrap().to_string(),
            "zheng_fen players=4 jokers_wild=true next_leader=first_out target=500 tie=play_on"
        );
        assert_eq!(
            "zen_cheng_you".parse::<Rules>().unwrap(),
            Rules::zen_cheng_you()
        );
    }

    #[test]
    fn bad_text_is_refused_with_the_reason() {
        let refused = |text: &str| match text.parse::<Rules>() {
            Err(Error::Rules { message, .. }) => message,
            other => panic!("{text:?} gave {other:?}"),
        };
        assert!(refused("").contains("unknown game ''"));
        assert!(refused("dou_dizhu players=4").contains("unknown game"));
        assert!(refused("zheng_fen players").contains("not name=value"));
        assert!(refused("zheng_fen colour=red").contains("unknown option 'colour'"));
        assert!(refused("zheng_fen players=9").contains("from 3 to 6"));
        assert!(refused("zen_cheng_you jokers_wild=true").contains("fixed at False"));
        assert!(refused("zheng_fen tie=maybe").contains("must be one of"));
    }
}
