//! Reading and writing cards, card sets, combinations and move lists as text.
//!
//! RULES.md §1.3 (tokens), §1.6 (canonical card notation), §1.7 (combination notation),
//! §6.3 (the digest of a move list).

use crate::card::{rank, Card, Suit};
use crate::cardset::CardSet;
use crate::combo::{Combo, Kind};
use crate::error::{Error, Result};
use sha2::{Digest, Sha256};

/// Reads one card token, case-insensitively (RULES.md §1.3).
///
/// ```
/// use zhengfen_core::notation::parse_card;
/// assert_eq!(parse_card("Th").unwrap().to_string(), "10h");
/// assert_eq!(parse_card("q♠").unwrap().to_string(), "Qs");
/// assert_eq!(parse_card("bj").unwrap().to_string(), "BJ");
/// assert!(parse_card("1h").is_none());
/// ```
pub fn parse_card(token: &str) -> Option<Card> {
    match token.to_ascii_uppercase().as_str() {
        "BJ" => return Some(Card::BJ),
        "RJ" => return Some(Card::RJ),
        _ => {}
    }
    let suit_char = token.chars().last()?;
    let rank_text = &token[..token.len() - suit_char.len_utf8()];
    let suit = parse_suit(suit_char)?;
    let rank = match rank_text.to_ascii_uppercase().as_str() {
        "T" => rank::TEN,
        other => rank::from_name(other).filter(|&r| r < rank::NATURAL)?,
    };
    Some(Card::new(rank, suit))
}

fn parse_suit(c: char) -> Option<Suit> {
    let index = match c {
        'c' | 'C' | '♣' | '♧' => 0,
        'd' | 'D' | '♦' | '♢' => 1,
        'h' | 'H' | '♥' | '♡' => 2,
        's' | 'S' | '♠' | '♤' => 3,
        _ => return None,
    };
    Some(Suit::from_index(index))
}

/// Reads a card set: tokens separated by white space (Unicode's White_Space, which
/// `char::is_whitespace` takes) or commas, in any mix and number (RULES.md §1.3, §1.5).
///
/// `decks` is 1 (a card at most once) or 2 (at most twice).
///
/// ```
/// use zhengfen_core::notation::parse_cards;
/// assert_eq!(parse_cards("rj, 3C 10h Th", 2).unwrap().to_string(), "3c 10h 10h RJ");
/// let err = parse_cards("3c 1x", 1).unwrap_err();
/// assert_eq!(err.to_string(), "unknown card token '1x' at position 2");
/// assert_eq!(parse_cards("5c 5c", 1).unwrap_err().to_string(), "duplicate card 5c");
/// assert_eq!(parse_cards("3c,\u{b}4c\u{3000},5c", 1).unwrap().len(), 3);
/// assert!(parse_cards("3c\u{1c}4c", 1).is_err()); // U+001C is no White_Space
/// ```
pub fn parse_cards(text: &str, decks: u8) -> Result<CardSet> {
    check_decks(decks)?;
    let tokens = text.split(|c: char| c.is_whitespace() || c == ',');
    let mut set = CardSet::EMPTY;
    for (position, token) in tokens.filter(|t| !t.is_empty()).enumerate() {
        let card = parse_card(token).ok_or_else(|| {
            Error::cards(format!(
                "unknown card token '{token}' at position {}",
                position + 1
            ))
            .with_token(token, Some(position + 1))
        })?;
        set = add_card(set, card, decks)?;
    }
    Ok(set)
}

/// Adds one card to a set of `decks` decks, refusing a duplicate or a third copy.
pub fn add_card(set: CardSet, card: Card, decks: u8) -> Result<CardSet> {
    if set.count(card) >= decks {
        return Err(too_many(card, decks));
    }
    set.plus(CardSet::from_card(card))
        .ok_or_else(|| too_many(card, decks))
}

/// Checks that `set` is possible with `decks` decks (no card twice in one deck).
pub fn check_decks_hold(set: CardSet, decks: u8) -> Result<()> {
    check_decks(decks)?;
    match set.iter().find(|&c| set.count(c) > decks) {
        Some(card) => Err(too_many(card, decks)),
        None => Ok(()),
    }
}

fn check_decks(decks: u8) -> Result<()> {
    if decks == 1 || decks == 2 {
        Ok(())
    } else {
        Err(Error::cards(format!("decks must be 1 or 2, not {decks}")))
    }
}

fn too_many(card: Card, decks: u8) -> Error {
    let message = match decks {
        1 => format!("duplicate card {card}"),
        _ => format!("more than two copies of {card}"),
    };
    Error::cards(message).with_token(card, None)
}

/// The parts of a combination in notation `KIND RANK LENGTH: CARDS` (RULES.md §1.7), unchecked
/// against any rule set; see [`crate::classify::validate`] for that. White space may stand
/// before the colon, and the length may have leading zeros.
///
/// ```
/// use zhengfen_core::notation::parse_combo;
/// let combo = parse_combo("pair 7 1: 7c BJ", 1).unwrap();
/// assert_eq!(combo.to_string(), "pair 7 1: 7c BJ");
/// assert!(parse_combo("pair 7: 7c 7d", 1).is_err());
/// assert!(parse_combo("pair 8 +1: 8c 8d", 1).is_err()); // a length is digits alone
/// assert_eq!(parse_combo("pair 8 01 :8c 8d", 1).unwrap().to_string(), "pair 8 1: 8c 8d");
/// ```
pub fn parse_combo(text: &str, decks: u8) -> Result<Combo> {
    let bad = |why: &str| Error::combo(format!("bad combination '{text}': {why}"), text);
    let (head, cards) = text
        .split_once(':')
        .ok_or_else(|| bad("expected 'KIND RANK LENGTH: CARDS'"))?;
    let words: Vec<&str> = head.split_whitespace().collect();
    let [kind, rank_name, length] = words[..] else {
        return Err(bad("expected three words before ':'"));
    };
    let kind = Kind::from_name(kind).ok_or_else(|| bad("unknown kind"))?;
    let rank = rank::from_name(rank_name).ok_or_else(|| bad("unknown rank"))?;
    // Decimal digits alone: Rust's integer parser would also take a leading '+'.
    let digits = !length.is_empty() && length.bytes().all(|b| b.is_ascii_digit());
    let length: u8 = match digits {
        true => length.parse().map_err(|_| bad("length is not a number"))?,
        false => return Err(bad("length is not a number")),
    };
    let cards = parse_cards(cards, decks)?;
    Ok(Combo::new(kind, rank, length, cards))
}

/// The digest of a move list (RULES.md §6.3): the first 16 hex digits of the SHA-256 of the
/// moves' notations, sorted by their bytes and joined by `\n`.
///
/// ```
/// use zhengfen_core::notation::move_digest;
/// assert_eq!(move_digest(&[]), "e3b0c44298fc1c14");
/// ```
pub fn move_digest(moves: &[Combo]) -> String {
    notation_digest(moves.iter().map(Combo::to_string).collect())
}

/// The digest of moves already written as notations (RULES.md §6.3).
///
/// ```
/// use zhengfen_core::notation::notation_digest;
/// let moves = vec!["single 7 1: 7c".to_string(), "pair 7 1: 7c 7d".into(), "single 7 1: 7d".into()];
/// assert_eq!(notation_digest(moves), "78da1e86be9d1197");
/// ```
pub fn notation_digest(mut lines: Vec<String>) -> String {
    lines.sort_unstable();
    let hash = Sha256::digest(lines.join("\n").as_bytes());
    hash.iter().take(8).map(|b| format!("{b:02x}")).collect()
}
