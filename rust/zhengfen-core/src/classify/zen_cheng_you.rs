//! Readings of a card set in Zen Cheng You (RULES.md §8), in the order of §8.6.
//!
//! Jokers are not wild; in a group of two or more cards they are one rank, `joker`, counted
//! here as group 13 above the natural ranks `0..13`.

use crate::card::{rank, Card};
use crate::cardset::CardSet;
use crate::combo::{Combo, Kind};

/// Group index of the jokers (§8.2).
pub(crate) const JOKER_GROUP: usize = 13;
/// Highest rank that sequences may use: `A` (§8.2).
const TOP_OF_RUNS: u8 = rank::ACE;

/// Cards held per group: natural ranks `0..13`, then the jokers.
fn group_counts(cards: CardSet) -> [u32; 14] {
    let mut counts = [0; 14];
    for (r, count) in counts.iter_mut().enumerate().take(13) {
        *count = cards.rank_count(r as u8);
    }
    counts[JOKER_GROUP] = cards.jokers().len();
    counts
}

/// The rank number of a group of two or more cards.
pub(crate) const fn group_rank(group: usize) -> u8 {
    if group == JOKER_GROUP {
        rank::JOKER
    } else {
        group as u8
    }
}

/// `(top, length)` if `mask` is a run of consecutive ranks within `3`..`A`.
fn run(mask: u16) -> Option<(u8, u8)> {
    if mask == 0 {
        return None;
    }
    let low = mask.trailing_zeros();
    let shifted = mask >> low;
    let top = 15 - mask.leading_zeros();
    let consecutive = shifted & (shifted + 1) == 0;
    (consecutive && top <= u32::from(TOP_OF_RUNS)).then(|| (top as u8, shifted.count_ones() as u8))
}

/// The groups whose count satisfies `test`, as a 14-bit mask.
fn groups_where(counts: &[u32; 14], test: impl Fn(u32) -> bool) -> u16 {
    (0..14)
        .filter(|&g| test(counts[g]))
        .fold(0, |m, g| m | 1 << g)
}

/// Pushes every Zen Cheng You reading of `cards` onto `out`, strongest first (§8.6).
pub(super) fn readings(cards: CardSet, out: &mut Vec<Combo>) {
    let n = cards.len();
    if n == 1 {
        let card = cards.iter().next().unwrap_or(Card::BJ);
        out.push(Combo::new(Kind::Single, card.rank(), 1, cards));
        return;
    }
    let counts = group_counts(cards);
    let held = groups_where(&counts, |c| c > 0);
    bombs(cards, &counts, held, out);
    straight(cards, &counts, held, out);
    full_houses(cards, &counts, out);
    for (size, kind, seq_kind) in [
        (3, Kind::Triple, Kind::TripleSeq),
        (2, Kind::Pair, Kind::PairSeq),
    ] {
        groups(cards, &counts, held, size, (seq_kind, kind), out);
    }
}

/// §8.5: N of a kind, the four jokers, straight flushes.
fn bombs(cards: CardSet, counts: &[u32; 14], held: u16, out: &mut Vec<Combo>) {
    let n = cards.len();
    if held.count_ones() == 1 {
        let group = held.trailing_zeros() as usize;
        if group == JOKER_GROUP && n == 4 {
            out.push(Combo::new(Kind::Bomb, rank::JOKER, 6, cards));
        } else if group < JOKER_GROUP && n >= 4 {
            out.push(Combo::new(Kind::Bomb, group as u8, n as u8, cards));
        }
    }
    let one_suit = (0..4).any(|s| cards.ranks_of_suit(s).count_ones() == n);
    if one_suit && counts.iter().all(|&c| c <= 1) {
        if let Some((top, len)) = run(held).filter(|&(_, len)| len >= 5) {
            out.push(Combo::new(Kind::StraightFlush, top, len, cards));
        }
    }
}

/// §8.3 `straight`: five or more consecutive ranks, one card each.
fn straight(cards: CardSet, counts: &[u32; 14], held: u16, out: &mut Vec<Combo>) {
    if counts.iter().all(|&c| c <= 1) {
        if let Some((top, len)) = run(held).filter(|&(_, len)| len >= 5) {
            out.push(Combo::new(Kind::Straight, top, len, cards));
        }
    }
}

/// §8.3 `full_house_seq` and `full_house`: triples whose groups are exactly the odd counts,
/// every other group an even count of pairs.
fn full_houses(cards: CardSet, counts: &[u32; 14], out: &mut Vec<Combo>) {
    let n = cards.len();
    if !n.is_multiple_of(5) {
        return;
    }
    if counts[JOKER_GROUP] == 4 {
        return; // the four jokers together are only the bomb (§8.4)
    }
    let triples = groups_where(counts, |c| c % 2 == 1);
    let all_threes = (0..14).all(|g| triples >> g & 1 == 0 || counts[g] == 3);
    if !all_threes || triples.count_ones() != n / 5 {
        return;
    }
    if n == 5 {
        let top = triples.trailing_zeros() as usize;
        out.push(Combo::new(Kind::FullHouse, group_rank(top), 1, cards));
    } else if let Some((top, len)) = run(triples) {
        out.push(Combo::new(Kind::FullHouseSeq, top, len, cards));
    }
}

/// §8.3 pairs and triples, single or in sequence: every held group has exactly `size` cards.
fn groups(
    cards: CardSet,
    counts: &[u32; 14],
    held: u16,
    size: u32,
    (seq_kind, kind): (Kind, Kind),
    out: &mut Vec<Combo>,
) {
    if !counts.iter().all(|&c| c == 0 || c == size) {
        return;
    }
    if held.count_ones() == 1 {
        let group = held.trailing_zeros() as usize;
        out.push(Combo::new(kind, group_rank(group), 1, cards));
    } else if let Some((top, len)) = run(held) {
        out.push(Combo::new(seq_kind, top, len, cards));
    }
}
