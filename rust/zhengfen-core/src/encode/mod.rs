//! Tensor encodings for learning agents, version [`VERSION`] (documented field by field in
//! `AI.md`): a seat's observation, the history of the last plays, and legal-move features.
//!
//! Every encoding is a flat `f32` slice written in place, so batches can fill one buffer per
//! game with no allocation. Seats are written *relative to the observer*: slot `k` of a per-seat
//! field is seat `(observer + k) mod players`; slots beyond the number of players are zero, so
//! the sizes are the same for every rule set.

mod history;
mod moves;
mod observation;

pub use history::{history, HISTORY_ROW};
pub use moves::{move_features, MOVE_ROW};
pub use observation::{observation, observation_fields, observation_size, Field};

use crate::card::{rank, Card};
use crate::cardset::CardSet;
use crate::combo::{Combo, Kind};
use crate::game::MAX_PLAYERS;

/// The version of the encodings; it changes whenever a field moves or changes meaning.
pub const VERSION: u32 = 1;

/// A card vector: one entry per card index (RULES.md §1.6), holding the number of copies.
pub const CARD_VECTOR: usize = Card::COUNT as usize;
/// Rank numbers: 13 natural ranks, the two jokers, a ZCY joker group and three specials.
pub const RANKS: usize = rank::FOUR_TWOS as usize + 1;
/// A combination: its card vector, kind one-hot, rank one-hot and length.
pub const COMBO_ROW: usize = CARD_VECTOR + Kind::ALL.len() + RANKS + 1;

/// Writes the copies of each card of `cards` into `out[..54]`.
pub(crate) fn write_cards(cards: CardSet, out: &mut [f32]) {
    let (once, twice) = cards.planes();
    for plane in [once, twice] {
        let mut bits = plane;
        while bits != 0 {
            out[bits.trailing_zeros() as usize] += 1.0;
            bits &= bits - 1;
        }
    }
}

/// Writes `combo` as [`COMBO_ROW`] values: cards, kind one-hot, rank one-hot, length.
pub(crate) fn write_combo(combo: &Combo, out: &mut [f32]) {
    write_cards(combo.cards, &mut out[..CARD_VECTOR]);
    let kind = Kind::ALL.iter().position(|&k| k == combo.kind).unwrap_or(0);
    out[CARD_VECTOR + kind] = 1.0;
    out[CARD_VECTOR + Kind::ALL.len() + usize::from(combo.rank).min(RANKS - 1)] = 1.0;
    out[COMBO_ROW - 1] = f32::from(combo.length);
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
