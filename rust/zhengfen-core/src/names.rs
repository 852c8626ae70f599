//! Combination names people read: `pair of 8s`, `straight 9 to K`, `bomb of five 7s`.
//!
//! A name says a combination's kind, rank and length (RULES.md §1.7, §4, §8) in words: a
//! sequence by its lowest and top rank, a bomb by its number of cards. Readings of one (kind,
//! rank, length) differ only in their cards and share a name; straight flushes and the suited
//! 5-10-K also say their suit (`in hearts`) when asked. Names are plain ASCII, so the terminal
//! and the web page both show them; reading a typed name back is the Python package's
//! (`zhengfen.names.parse_name`).

use crate::card::{rank, Suit};
use crate::combo::{Combo, Kind};

/// The name a person reads for `combo`; with `suit`, a straight flush or a suited 5-10-K also
/// says its suit.
///
/// ```
/// use zhengfen_core::names::combo_name;
/// use zhengfen_core::notation::parse_combo;
/// let name = |text: &str| combo_name(&parse_combo(text, 2).unwrap(), true);
/// assert_eq!(name("full_house_seq 6 2: 5c 5c 5d 6c 6d 6h Qc Qc 3c 3d"), "full houses 5 to 6");
/// assert_eq!(name("bomb joker 6: BJ BJ RJ RJ"), "bomb of jokers");
/// assert_eq!(name("straight_flush 7 5: 3h 4h 5h 6h 7h"), "straight flush 3 to 7 in hearts");
/// ```
pub fn combo_name(combo: &Combo, suit: bool) -> String {
    let plural = |r: u8| format!("{}s", rank::name(r));
    match combo.kind {
        Kind::Single if combo.rank == rank::BJ => "black joker".into(),
        Kind::Single if combo.rank == rank::RJ => "red joker".into(),
        Kind::Single => format!("single {}", rank::name(combo.rank)),
        Kind::Pair | Kind::Triple | Kind::Four | Kind::FullHouse => {
            format!("{} of {}", of_a_rank(combo.kind), plural(combo.rank))
        }
        Kind::Bomb if combo.rank == rank::JOKER => "bomb of jokers".into(),
        Kind::Bomb => format!("bomb of {} {}", count(combo.length), plural(combo.rank)),
        Kind::Special => special(combo, suit),
        _ => sequence(combo, suit),
    }
}

/// The suit of a one-suit combination, in words, named after its natural cards.
pub fn suit_name(combo: &Combo) -> &'static str {
    let suit = combo.cards.iter().find_map(|card| card.suit());
    match suit {
        Some(Suit::Clubs) => "clubs",
        Some(Suit::Diamonds) => "diamonds",
        Some(Suit::Hearts) => "hearts",
        Some(Suit::Spades) | None => "spades",
    }
}

fn of_a_rank(kind: Kind) -> &'static str {
    match kind {
        Kind::Pair => "pair",
        Kind::Triple => "triple",
        Kind::Four => "four",
        _ => "full house",
    }
}

/// A bomb's number of cards in words (two decks hold at most eight cards of a rank).
fn count(length: u8) -> String {
    match length {
        4 => "four".into(),
        5 => "five".into(),
        6 => "six".into(),
        7 => "seven".into(),
        8 => "eight".into(),
        n => n.to_string(),
    }
}

fn special(combo: &Combo, suit: bool) -> String {
    match combo.rank {
        rank::FOUR_TWOS => "four twos".into(),
        rank::MIXED_5_10_K => "mixed 5-10-K".into(),
        _ if suit => format!("suited 5-10-K in {}", suit_name(combo)),
        _ => "suited 5-10-K".into(),
    }
}

fn sequence(combo: &Combo, suit: bool) -> String {
    let word = match combo.kind {
        Kind::PairSeq => "pairs",
        Kind::TripleSeq => "triples",
        Kind::FourSeq => "fours",
        Kind::FullHouseSeq => "full houses",
        Kind::Straight => "straight",
        _ => "straight flush",
    };
    let low = combo.rank + 1 - combo.length.min(combo.rank + 1);
    let name = format!("{word} {} to {}", rank::name(low), rank::name(combo.rank));
    if combo.kind == Kind::StraightFlush && suit {
        format!("{name} in {}", suit_name(combo))
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::combo_name;
    use crate::notation::parse_combo;

    fn name(text: &str, decks: u8) -> String {
        combo_name(&parse_combo(text, decks).unwrap(), true)
    }

    #[test]
    fn every_kind_is_named() {
        let cases = [
            ("single 7 1: 7c", "single 7", 1),
            ("single BJ 1: BJ", "black joker", 1),
            ("single RJ 1: RJ", "red joker", 1),
            ("pair 8 1: 8c 8d", "pair of 8s", 1),
            ("triple 10 1: 10c 10d 10h", "triple of 10s", 1),
            ("four K 1: Kc Kd Kh Ks", "four of Ks", 1),
            ("pair_seq 10 3: 8c 8d 9c 9d 10c 10d", "pairs 8 to 10", 1),
            ("full_house 8 1: 8c 8d 8h 3c 4d", "full house of 8s", 1),
            ("special mixed_5_10_k 1: 5c 10d Kh", "mixed 5-10-K", 1),
            (
                "special suited_5_10_k 1: 5h 10h Kh",
                "suited 5-10-K in hearts",
                1,
            ),
            ("special four_twos 1: 2c 2d 2h 2s", "four twos", 1),
            ("straight 7 5: 3c 4d 5h 6s 7c", "straight 3 to 7", 2),
            ("bomb 7 5: 7c 7c 7d 7h 7s", "bomb of five 7s", 2),
        ];
        for (text, expected, decks) in cases {
            assert_eq!(name(text, decks), expected, "{text}");
        }
    }

    #[test]
    fn suits_only_when_asked() {
        let combo = parse_combo("straight_flush 7 5: 3d 4d 5d 6d 7d", 1).unwrap();
        assert_eq!(combo_name(&combo, false), "straight flush 3 to 7");
        assert_eq!(
            combo_name(&combo, true),
            "straight flush 3 to 7 in diamonds"
        );
    }
}
