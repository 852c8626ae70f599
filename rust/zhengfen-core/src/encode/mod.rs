//! Tensor encodings for learning agents, version [`VERSION`] (documented field by field in
//! `AI.md` §1): a seat's observation and scores, the history of the last plays, and legal-move
//! features.
//!
//! Every value but the scores is a small count, a one-hot flag or a bounded number, so the
//! encodings are flat **byte** slices written in place (batches fill one buffer per game with
//! no allocation); the scores, which need more, are `i32`. The float32 view is the same bytes
//! converted ([`widen`]). Seats are written *relative to the observer*: slot `k` of a per-seat
//! field is seat `(observer + k) mod players`; slots beyond the number of players are zero, so
//! the sizes are the same for every rule set.

mod history;
mod moves;
mod observation;

pub use history::{history, HISTORY_ROW};
pub use moves::{move_features, move_rows, packed_mask_len, write_packed_mask, MOVE_ROW};
pub use observation::{
    observation, observation_fields, observation_size, scores, Field, SCORES_SIZE,
};

use crate::card::{rank, Card};
use crate::cardset::CardSet;
use crate::combo::{Combo, Kind};
use crate::rules::MAX_PLAYERS;

/// The version of the encodings; it changes whenever a field moves or changes meaning.
pub const VERSION: u32 = 2;

/// A card vector: one entry per card index (RULES.md §1.6), holding the number of copies.
pub const CARD_VECTOR: usize = Card::COUNT as usize;
/// Rank numbers: 13 natural ranks, the two jokers, a ZCY joker group and three specials.
pub const RANKS: usize = rank::FOUR_TWOS as usize + 1;
/// A combination: its card vector, kind one-hot, rank one-hot and length.
pub const COMBO_ROW: usize = CARD_VECTOR + Kind::ALL.len() + RANKS + 1;

/// Each byte value spread over eight bytes, one per bit (least significant bit first), each
/// 0 or 1: `SPREAD[b].to_le_bytes()[i]` is bit `i` of `b`.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b] |= 1 << (8 * bit);
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// Writes the copies of each card of `cards` into `out[..54]`: each plane of the set is
/// spread eight cards at a time through [`SPREAD`] (no loop over the cards).
pub(crate) fn write_cards(cards: CardSet, out: &mut [u8]) {
    let (once, twice) = cards.planes();
    let byte = |plane: u64, i: usize| (plane >> (8 * i)) as u8 as usize;
    for (i, chunk) in out[..CARD_VECTOR].chunks_mut(8).enumerate() {
        // Copies are 0 to 2: the sum of two spread planes never carries between bytes.
        let word = SPREAD[byte(once, i)] + SPREAD[byte(twice, i)];
        chunk.copy_from_slice(&word.to_le_bytes()[..chunk.len()]);
    }
}

/// The float32 view of encoded bytes: `out[i] = bytes[i]` (the lengths must match).
pub fn widen(bytes: &[u8], out: &mut [f32]) {
    for (o, &b) in out.iter_mut().zip(bytes) {
        *o = f32::from(b);
    }
}

/// Writes `combo` as [`COMBO_ROW`] values: cards, kind one-hot, rank one-hot, length.
pub(crate) fn write_combo(combo: &Combo, out: &mut [u8]) {
    write_cards(combo.cards, &mut out[..CARD_VECTOR]);
    // `Kind::ALL` lists the kinds in declaration order (a test in `combo` checks it).
    let kind = combo.kind as usize;
    out[CARD_VECTOR + kind] = 1;
    out[CARD_VECTOR + Kind::ALL.len() + usize::from(combo.rank).min(RANKS - 1)] = 1;
    out[COMBO_ROW - 1] = combo.length;
}

/// The slot of `seat` seen from `observer` among `players` seats.
pub(crate) fn relative(seat: u8, observer: usize, players: usize) -> usize {
    let seat = usize::from(seat);
    // Both below `players` (at most 6): no division needed.
    if seat >= observer {
        seat - observer
    } else {
        seat + players - observer
    }
}

/// Size of a per-seat block of `width` values.
pub(crate) const fn per_seat(width: usize) -> usize {
    MAX_PLAYERS * width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_cards_counts_every_copy_of_every_card() {
        let mut seed = 1u64;
        for _ in 0..500 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let once = seed >> 10;
            let twice = (seed >> 7) & once & ((1 << 54) - 1);
            let once = once & ((1 << 54) - 1);
            let cards = CardSet::from_planes(once, twice).unwrap();
            let mut out = [0u8; 60];
            write_cards(cards, &mut out);
            for (k, &copies) in out.iter().enumerate() {
                let expected = if k < 54 {
                    (once >> k & 1) + (twice >> k & 1)
                } else {
                    0
                };
                assert_eq!(
                    u64::from(copies),
                    expected,
                    "card {k} of {once:#x}/{twice:#x}"
                );
            }
        }
    }
}
