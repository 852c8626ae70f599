//! Legal-move features: one row per move (`AI.md`, "Move features").

use super::{write_combo, COMBO_ROW};
use crate::game::Move;

/// Values per move: the combination ([`super::COMBO_ROW`]), then flags pass, blind, declare.
pub const MOVE_ROW: usize = COMBO_ROW + 3;

/// Writes the features of `mv` into `out` (length [`MOVE_ROW`], zero on entry).
pub fn move_features(mv: &Move, out: &mut [u8]) {
    match mv {
        Move::Play(combo) => write_combo(combo, &mut out[..COMBO_ROW]),
        Move::Pass => out[COMBO_ROW] = 1,
        Move::Blind => out[COMBO_ROW + 1] = 1,
        Move::Declare => out[COMBO_ROW + 2] = 1,
    }
}

/// Writes one row of features per move of `moves` into `out` (rows of [`MOVE_ROW`], zero on
/// entry).
pub fn move_rows<'a>(moves: impl IntoIterator<Item = &'a Move>, out: &mut [u8]) {
    for (mv, row) in moves.into_iter().zip(out.chunks_exact_mut(MOVE_ROW)) {
        move_features(mv, row);
    }
}

/// Bytes of a packed mask of `max_actions` actions: one bit an action.
pub const fn packed_mask_len(max_actions: usize) -> usize {
    max_actions.div_ceil(8)
}

/// Writes the packed mask of a position whose first `offered` actions are legal: bit `i % 8`
/// (least significant first) of byte `i / 8` set for each legal action `i`, every other bit
/// clear (`AI.md` §1.3). `offered` is at most the mask's `max_actions`.
pub fn write_packed_mask(offered: usize, out: &mut [u8]) {
    let offered = offered.min(out.len() * 8);
    let (full, rest) = (offered / 8, offered % 8);
    out[..full].fill(0xFF);
    out[full..].fill(0);
    if rest > 0 {
        out[full] = (1u8 << rest) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_mask_sets_exactly_the_first_bits_least_significant_first() {
        for max in [1, 7, 8, 9, 16, 4096] {
            for offered in [0, 1, 3, 7, 8, 9, 15, 16, 17, max].map(|o| o.min(max)) {
                let mut out = vec![0xAA; packed_mask_len(max)];
                write_packed_mask(offered, &mut out);
                for i in 0..out.len() * 8 {
                    let bit = out[i / 8] >> (i % 8) & 1 == 1;
                    assert_eq!(bit, i < offered, "max {max}, offered {offered}, bit {i}");
                }
            }
        }
    }
}
