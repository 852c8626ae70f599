//! Whether one combination beats another (RULES.md §5 for Zheng Fen, §9 for Zen Cheng You).
//!
//! The comparator trusts that both combinations are readings of their cards; the checked entry
//! points of [`crate::classify`] and [`crate::movegen`] make sure of that.

use crate::combo::{Combo, Kind};
use crate::rules::{Rules, Variant};

/// Whether `challenger` may be played on `table` under `rules`.
///
/// ```
/// use zhengfen_core::{classify::strongest, compare::beats, notation::parse_cards, rules::Rules};
/// let rules = Rules::zheng_fen(4).unwrap();
/// let read = |text: &str| strongest(parse_cards(text, 1).unwrap(), &rules).unwrap();
/// assert!(beats(&read("7c 7d 8c 8d 9c 9d"), &read("6c 6d 7h 7s 8h 8s"), &rules));
/// assert!(!beats(&read("7h BJ RJ"), &read("7c 7d 7s"), &rules)); // a tie
/// assert!(beats(&read("5s 10h Kd"), &read("Jh Qh Kh Ah 2h"), &rules)); // a special
/// ```
pub fn beats(challenger: &Combo, table: &Combo, rules: &Rules) -> bool {
    match rules.variant {
        Variant::ZhengFen => zheng_fen_beats(challenger, table),
        Variant::ZenChengYou => zen_cheng_you_beats(challenger, table),
    }
}

/// RULES.md §5.1–§5.3.
fn zheng_fen_beats(challenger: &Combo, table: &Combo) -> bool {
    let special = |c: &Combo| c.kind == Kind::Special;
    match (special(challenger), special(table)) {
        (true, true) => challenger.rank > table.rank,
        (true, false) => true,
        (false, true) => false,
        (false, false) if challenger.kind != table.kind => false,
        (false, false) if challenger.kind.is_sequence() => {
            (challenger.rank, challenger.length) > (table.rank, table.length)
        }
        (false, false) => challenger.rank > table.rank,
    }
}

/// RULES.md §9.1–§9.2.
fn zen_cheng_you_beats(challenger: &Combo, table: &Combo) -> bool {
    match (challenger.is_bomb(), table.is_bomb()) {
        (true, true) => bomb_key(challenger) > bomb_key(table),
        (true, false) => true,
        (false, true) => false,
        (false, false) => {
            challenger.kind == table.kind
                && challenger.length == table.length
                && challenger.rank > table.rank
        }
    }
}

/// The order of bombs (RULES.md §9.2): card count, then straight flush over N of a kind, then
/// rank. The four jokers' length is 6.
pub fn bomb_key(bomb: &Combo) -> (u8, bool, u8) {
    (bomb.length, bomb.kind == Kind::StraightFlush, bomb.rank)
}
