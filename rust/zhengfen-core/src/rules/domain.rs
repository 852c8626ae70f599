//! What each option may be set to (RULES.md §3): the player counts of each game (§3.1, §3.2),
//! the bounds of `target` (§3.5), the names of each choice. [`Rules::set`](super::Rules::set)
//! checks against these, and a form that offers the options (the page of `zhengfen serve`)
//! reads them from here.

use super::{OptionName, Variant, MAX_TARGET};
use std::ops::RangeInclusive;

/// The choices of `next_leader` (§7.1), in the order of [`super::NextLeader`].
pub const NEXT_LEADER: [&str; 2] = ["first_out", "best_score"];
/// The choices of `tie` (§7.7), in the order of [`super::Tie`].
pub const TIE: [&str; 2] = ["play_on", "share"];
/// The choices of `lead_after_out` (§11.4), in the order of [`super::LeadAfterOut`].
pub const LEAD_AFTER_OUT: [&str; 2] = ["next", "partner"];

/// The values an option may take.
///
/// ```
/// use zhengfen_core::rules::{Domain, OptionName, Variant};
/// let zcy = Variant::ZenChengYou;
/// assert_eq!(Domain::of(zcy, OptionName::Target), Domain::Int { min: 1, max: 10_000 });
/// assert_eq!(Domain::of(zcy, OptionName::Players), Domain::Int { min: 4, max: 4 });
/// assert_eq!(Domain::of(Variant::ZhengFen, OptionName::Tie), Domain::Choice(&["play_on", "share"]));
/// assert_eq!(Variant::ZhengFen.player_counts(), 3..=6);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Domain {
    /// `True` or `False`.
    Bool,
    /// An integer from `min` to `max`.
    Int {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// One of these names.
    Choice(&'static [&'static str]),
}

impl Domain {
    /// The values of `option` in `variant` (a fixed option may be given only its fixed value,
    /// §3.3).
    pub const fn of(variant: Variant, option: OptionName) -> Domain {
        match option {
            OptionName::Players => {
                let counts = variant.player_counts();
                Domain::Int {
                    min: *counts.start() as i64,
                    max: *counts.end() as i64,
                }
            }
            OptionName::JokersWild | OptionName::LastChance => Domain::Bool,
            OptionName::Target => Domain::Int {
                min: 1,
                max: MAX_TARGET as i64,
            },
            OptionName::NextLeader => Domain::Choice(&NEXT_LEADER),
            OptionName::Tie => Domain::Choice(&TIE),
            OptionName::LeadAfterOut => Domain::Choice(&LEAD_AFTER_OUT),
        }
    }
}

impl Variant {
    /// Both games.
    pub const ALL: [Variant; 2] = [Variant::ZhengFen, Variant::ZenChengYou];

    /// How many may play (§3.1, §3.2): 3 to 6 in Zheng Fen, 4 in Zen Cheng You.
    pub const fn player_counts(self) -> RangeInclusive<u8> {
        match self {
            Variant::ZhengFen => 3..=6,
            Variant::ZenChengYou => 4..=4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{OptionValue, Rules};

    /// Every value of a domain is taken by `Rules::set`, and its neighbours outside refused.
    #[test]
    fn the_domains_are_what_set_takes() {
        for variant in Variant::ALL {
            for &option in variant.rules().own_options() {
                let mut rules = variant.rules();
                let name = option.name();
                match Domain::of(variant, option) {
                    Domain::Bool => {
                        for b in [true, false] {
                            assert!(rules.set(name, OptionValue::Bool(b)).is_ok());
                        }
                    }
                    Domain::Int { min, max } => {
                        for n in [min, max] {
                            assert!(rules.set(name, OptionValue::Int(n)).is_ok(), "{name} {n}");
                        }
                        for n in [min - 1, max + 1] {
                            assert!(rules.set(name, OptionValue::Int(n)).is_err(), "{name} {n}");
                        }
                    }
                    Domain::Choice(values) => {
                        for v in values {
                            assert!(rules.set(name, OptionValue::Str((*v).into())).is_ok());
                        }
                        assert!(rules.set(name, OptionValue::Str("other".into())).is_err());
                    }
                }
            }
        }
        assert!(Rules::zheng_fen(2).is_err() && Rules::zheng_fen(7).is_err());
    }
}
