//! A model's inputs assembled from a game (AI.md §7): the mover's state `x_s` (observation,
//! scores, history rows) and one feature row `x_m` per legal move, as float32. The inputs of
//! many decisions gathered for one batched forward pass are [`super::decisions`]'.

use crate::encode::{
    history, observation, observation_size, scores, HISTORY_ROW, MOVE_ROW, SCORES_SIZE,
};
use crate::game::Game;

/// Values of the move input `x_m`: a row of the legal-move features.
pub const MOVE_SIZE: usize = MOVE_ROW;

/// Values of the state input `x_s` with `history_rows` rows of history:
/// `591 + 7 + 94 * history_rows`.
///
/// ```
/// assert_eq!(zhengfen_core::learned::state_size(0), 598);
/// assert_eq!(zhengfen_core::learned::state_size(8), 598 + 8 * 94);
/// ```
pub fn state_size(history_rows: usize) -> usize {
    observation_size(false) + SCORES_SIZE + history_rows * HISTORY_ROW
}

/// Writes the state input of `seat` in `game` with `history_rows` rows into `out` (length
/// [`state_size`]): `observation(seat)` (not perfect), `scores(seat)`, `history(seat, rows)`
/// row-major, each value as float32.
pub fn state_features(game: &Game, seat: usize, history_rows: usize, out: &mut [f32]) {
    let mut bytes = Vec::new();
    write_state(game, seat, history_rows, &mut bytes, out);
}

/// [`state_features`] with `bytes` as scratch space.
pub(super) fn write_state(
    game: &Game,
    seat: usize,
    rows: usize,
    bytes: &mut Vec<u8>,
    out: &mut [f32],
) {
    let obs = observation_size(false);
    let hist = rows * HISTORY_ROW;
    bytes.clear();
    bytes.resize(obs.max(hist), 0);
    observation(game, seat, false, &mut bytes[..obs]);
    crate::encode::widen(&bytes[..obs], &mut out[..obs]);
    let mut score = [0i32; SCORES_SIZE];
    scores(game, seat, &mut score);
    for (o, s) in out[obs..obs + SCORES_SIZE].iter_mut().zip(score) {
        *o = s as f32;
    }
    bytes[..hist].fill(0);
    history(game, seat, &mut bytes[..hist]);
    crate::encode::widen(&bytes[..hist], &mut out[obs + SCORES_SIZE..]);
}
