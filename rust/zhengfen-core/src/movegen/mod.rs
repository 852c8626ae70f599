//! The legal-move enumerator: every play a hand may make on a table (RULES.md §6, §10).
//!
//! Each game has its own generator, which builds candidates structurally from the hand's
//! bitboard (by rank, by window of consecutive ranks, by suit) without allocating per
//! candidate, and hands them to one `Emitter`; the emitter keeps those that beat the table.
//! Each card set is generated once per kind, at its highest value (§6.2), so the list has no
//! duplicates and needs no sorting. The list's order is part of the action encoding (an
//! action is an index into it); `tests` pins it, so that faster generators keep it.
//!
//! Worst cases: a random 13-card Zheng Fen lead lists about a hundred moves; adversarial
//! 27-card hands list up to a few million, which is why a hand is limited to
//! [`MAX_HAND`] cards in the checked entry point.

mod submultisets;
#[cfg(test)]
mod tests;
mod zen_cheng_you;
mod zheng_fen;

use crate::cardset::CardSet;
use crate::classify::validate;
use crate::combo::{Combo, Kind};
use crate::compare::beats;
use crate::error::{Error, Result};
use crate::notation::check_decks_hold;
use crate::rules::{Rules, Variant};

/// The largest hand [`legal_moves`] accepts: a Zen Cheng You hand.
pub const MAX_HAND: u32 = 27;

/// The legal plays of `hand` on `table` (`None` for a lead), checked: the hand must fit the
/// rule set's decks and hold at most [`MAX_HAND`] cards, and the table must be a reading of its
/// cards. The pass is not listed.
///
/// ```
/// use zhengfen_core::{classify::strongest, movegen::legal_moves, notation::parse_cards};
/// use zhengfen_core::rules::Rules;
/// let rules = Rules::zheng_fen(4).unwrap();
/// let hand = parse_cards("7c 7d 9s BJ", 1).unwrap();
/// let table = strongest(parse_cards("8h 8s", 1).unwrap(), &rules).unwrap();
/// let mut moves: Vec<String> = legal_moves(hand, Some(&table), &rules).unwrap()
///     .iter().map(|m| m.to_string()).collect();
/// moves.sort();
/// assert_eq!(moves, ["pair 9 1: 9s BJ"]);
/// ```
pub fn legal_moves(hand: CardSet, table: Option<&Combo>, rules: &Rules) -> Result<Vec<Combo>> {
    check_decks_hold(hand, rules.decks())?;
    if hand.len() > MAX_HAND {
        return Err(Error::cards(format!(
            "a hand holds at most {MAX_HAND} cards, not {}",
            hand.len()
        )));
    }
    if let Some(table) = table {
        validate(table, rules)?;
    }
    let mut out = Vec::new();
    legal_moves_unchecked(hand, table, rules, &mut out);
    Ok(out)
}

/// [`legal_moves`] for trusted inputs, into a caller's buffer (cleared first).
pub fn legal_moves_unchecked(
    hand: CardSet,
    table: Option<&Combo>,
    rules: &Rules,
    out: &mut Vec<Combo>,
) {
    out.clear();
    let mut emitter = Emitter {
        table: table.copied(),
        rules,
        out,
    };
    match rules.variant {
        Variant::ZhengFen => zheng_fen::generate(hand, rules.jokers_wild, &mut emitter),
        Variant::ZenChengYou => zen_cheng_you::generate(hand, &mut emitter),
    }
}

/// Collects the candidates that are legal on the table.
pub(crate) struct Emitter<'a> {
    table: Option<Combo>,
    rules: &'a Rules,
    out: &'a mut Vec<Combo>,
}

impl Emitter<'_> {
    /// Whether candidates of `kind` can be legal here at all (a cheap pruning hint).
    fn wants(&self, kind: Kind) -> bool {
        let Some(table) = self.table else {
            return true;
        };
        let bomb_kind = |k: Kind| matches!(k, Kind::Bomb | Kind::StraightFlush);
        match self.rules.variant {
            Variant::ZhengFen => kind == Kind::Special || kind == table.kind,
            Variant::ZenChengYou if table.is_bomb() => bomb_kind(kind),
            Variant::ZenChengYou => bomb_kind(kind) || kind == table.kind,
        }
    }

    /// The table's (rank, length) when it is of `kind`, for pruning within a kind.
    fn floor(&self, kind: Kind) -> Option<(u8, u8)> {
        self.table
            .filter(|t| t.kind == kind)
            .map(|t| (t.rank, t.length))
    }

    /// Keeps a candidate that the generator knows to be legal on the table: one of the table's
    /// kind that its generator pruned by [`Emitter::floor`], or any when leading. This skips
    /// the comparison; debug builds (the tests) still make it.
    fn push(&mut self, kind: Kind, rank: u8, length: u8, cards: CardSet) {
        let combo = Combo::new(kind, rank, length, cards);
        debug_assert!(self.table.is_none_or(|t| beats(&combo, &t, self.rules)));
        self.out.push(combo);
    }

    /// Keeps the candidate if it is legal on the table.
    fn emit(&mut self, kind: Kind, rank: u8, length: u8, cards: CardSet) {
        let combo = Combo::new(kind, rank, length, cards);
        if self.table.is_none_or(|t| beats(&combo, &t, self.rules)) {
            self.out.push(combo);
        }
    }
}
