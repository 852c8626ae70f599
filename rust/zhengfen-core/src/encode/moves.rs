//! Legal-move features: one row per move (`AI.md`, "Move features").

use super::{write_combo, COMBO_ROW};
use crate::game::Move;

/// Values per move: the combination ([`super::COMBO_ROW`]), then flags pass, blind, declare.
pub const MOVE_ROW: usize = COMBO_ROW + 3;

/// Writes the features of `mv` into `out` (length [`MOVE_ROW`], zero on entry).
pub fn move_features(mv: &Move, out: &mut [f32]) {
    match mv {
        Move::Play(combo) => write_combo(combo, &mut out[..COMBO_ROW]),
        Move::Pass => out[COMBO_ROW] = 1.0,
        Move::Blind => out[COMBO_ROW + 1] = 1.0,
        Move::Declare => out[COMBO_ROW + 2] = 1.0,
    }
}
