//! Every reading of a card set under a rule set (RULES.md §4.10, §8.6), and the checks built on
//! it: whether a combination is a reading of its cards, and a card set's strongest reading.

mod reasons;
mod zen_cheng_you;
mod zheng_fen;

use crate::cardset::CardSet;
use crate::combo::Combo;
use crate::error::{Error, Result};
use crate::notation::{check_decks_hold, parse_cards, parse_combo};
use crate::rules::{Rules, Variant};

pub use reasons::{no_reading, NoReading};
pub(crate) use zen_cheng_you::{group_rank, JOKER_GROUP};
pub(crate) use zheng_fen::{full_house_top, is_full_house, kickers_match};

/// Every reading of `cards`, strongest first; empty when the set is no combination.
///
/// ```
/// use zhengfen_core::{classify::classify, notation::parse_cards, rules::Rules};
/// let rules = Rules::zheng_fen(4).unwrap();
/// let readings: Vec<String> = classify(parse_cards("4c 4d 5c 5d BJ RJ", 1).unwrap(), &rules)
///     .iter().map(|c| c.to_string()).collect();
/// assert_eq!(readings, ["pair_seq 6 3: 4c 4d 5c 5d BJ RJ", "pair_seq 5 3: 4c 4d 5c 5d BJ RJ"]);
/// ```
pub fn classify(cards: CardSet, rules: &Rules) -> Vec<Combo> {
    let mut out = Vec::new();
    classify_into(cards, rules, &mut out);
    out
}

/// [`classify`] into a caller's buffer (cleared first).
pub fn classify_into(cards: CardSet, rules: &Rules, out: &mut Vec<Combo>) {
    out.clear();
    match rules.variant {
        Variant::ZhengFen => zheng_fen::readings(cards, rules.jokers_wild, out),
        Variant::ZenChengYou => zen_cheng_you::readings(cards, out),
    }
}

/// The strongest reading of `cards` (the first of [`classify`]), if any.
pub fn strongest(cards: CardSet, rules: &Rules) -> Option<Combo> {
    classify(cards, rules).into_iter().next()
}

/// Checks that `cards` fit the rule set's decks, then reads them at their strongest.
pub fn read_strongest(cards: CardSet, rules: &Rules) -> Result<Combo> {
    check_decks_hold(cards, rules.decks())?;
    strongest(cards, rules).ok_or_else(|| {
        let why = no_reading(cards, rules).map_or("", |reason| reason.explain(rules));
        Error::combo(format!("'{cards}' is not a combination: {why}"), cards)
    })
}

/// Checks that `combo` is a reading of its cards under `rules`.
///
/// ```
/// use zhengfen_core::{classify::validate, notation::parse_combo, rules::Rules};
/// let wild = Rules::zheng_fen(4).unwrap();
/// let combo = parse_combo("pair 7 1: 7c BJ", 1).unwrap();
/// assert!(validate(&combo, &wild).is_ok());
/// let mut tame = wild;
/// tame.jokers_wild = false;
/// assert!(validate(&combo, &tame).is_err());
/// ```
pub fn validate(combo: &Combo, rules: &Rules) -> Result<()> {
    check_decks_hold(combo.cards, rules.decks())?;
    if classify(combo.cards, rules).contains(combo) {
        Ok(())
    } else {
        Err(Error::combo(
            format!(
                "'{combo}' is not a reading of its cards in {}",
                rules.variant.name()
            ),
            combo,
        ))
    }
}

/// Reads a combination from text under `rules`: combination notation (`pair 7 1: 7c 7d`,
/// checked to be a reading) or card notation read at its strongest reading (RULES.md §1.7).
///
/// ```
/// use zhengfen_core::{classify::read_combo, rules::Rules};
/// let rules = Rules::zheng_fen(4).unwrap();
/// assert_eq!(read_combo("BJ RJ", &rules).unwrap().to_string(), "pair 2 1: BJ RJ");
/// assert_eq!(read_combo("pair 7 1: BJ RJ", &rules).unwrap().to_string(), "pair 7 1: BJ RJ");
/// assert!(read_combo("pass", &rules).is_err());
/// ```
pub fn read_combo(text: &str, rules: &Rules) -> Result<Combo> {
    if text.trim().eq_ignore_ascii_case("pass") {
        return Err(Error::combo("the pass is not a combination", text.trim()));
    }
    if text.contains(':') {
        let combo = parse_combo(text, rules.decks())?;
        validate(&combo, rules)?;
        return Ok(combo);
    }
    read_strongest(parse_cards(text, rules.decks())?, rules)
}
