//! The history tensor: the last plays and passes of the match, most recent first
//! (`AI.md`, "History").

use super::{relative, write_combo, COMBO_ROW};
use crate::game::{Event, Game};
use crate::rules::MAX_PLAYERS;

/// Values per history row: the combination (zero for a pass), the player's relative seat
/// one-hot, and a pass flag.
pub const HISTORY_ROW: usize = COMBO_ROW + MAX_PLAYERS + 1;

/// Writes the last `out.len() / HISTORY_ROW` plays and passes of the current match as seen by
/// `seat`, most recent first; rows beyond the start of the match stay zero. `out` is zero on
/// entry.
pub fn history(game: &Game, seat: usize, out: &mut [u8]) {
    let players = usize::from(game.rules().players);
    let moves = game
        .history()
        .iter()
        .rev()
        .take_while(|e| !matches!(e, Event::Deal { .. }))
        .filter_map(|e| match e {
            Event::Play { seat, combo } => Some((*seat, Some(combo))),
            Event::Pass { seat } => Some((*seat, None)),
            _ => None,
        });
    for ((who, combo), row) in moves.zip(out.chunks_exact_mut(HISTORY_ROW)) {
        match combo {
            Some(combo) => write_combo(combo, &mut row[..COMBO_ROW]),
            None => row[HISTORY_ROW - 1] = 1,
        }
        row[COMBO_ROW + relative(who, seat, players)] = 1;
    }
}
