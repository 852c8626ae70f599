//! A seat's observation as a Python dictionary: exactly what that seat may know
//! (RULES.md §12; the keys are listed in `python/zhengfen/reference/GAME_API.md`).

use crate::game::seats;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use zhengfen_core::game::Game;

/// The observation of `seat`: own hand (hidden before the blind declarations), the table, the
/// trick, every play of the match, cards left and points won per seat, scores.
pub fn observation<'py>(py: Python<'py>, game: &Game, seat: usize) -> PyResult<Bound<'py, PyDict>> {
    let rules = game.rules();
    let players = usize::from(rules.players);
    let d = PyDict::new(py);
    d.set_item("seat", seat)?;
    d.set_item("phase", game.phase().name())?;
    d.set_item("current_player", game.current_player())?;
    let hand = if game.hands_seen() {
        game.hand(seat).to_string()
    } else {
        String::new()
    };
    d.set_item("hand", hand)?;
    d.set_item("table", game.table().map(|(c, _)| c.to_string()))?;
    d.set_item("table_player", game.table().map(|(_, s)| s))?;
    let trick = game.trick().iter().map(|(s, p)| {
        let play = p.map_or("pass".to_string(), |c| c.to_string());
        pair(py, *s, &play)
    });
    d.set_item("trick", trick.collect::<PyResult<Vec<_>>>()?)?;
    let plays = game
        .plays()
        .iter()
        .map(|(s, c)| pair(py, *s, &c.to_string()));
    d.set_item("plays", plays.collect::<PyResult<Vec<_>>>()?)?;
    let cards_left: Vec<u32> = (0..players).map(|s| game.hand(s).len()).collect();
    d.set_item("cards_left", cards_left)?;
    let points: Vec<u32> = (0..players).map(|s| game.pile(s).points()).collect();
    d.set_item("points_won", points)?;
    d.set_item("out_order", seats(game.out_order()))?;
    d.set_item("scores", game.scores().to_vec())?;
    if let Some(team) = game.team(seat as u8) {
        d.set_item("team", team)?;
        let declarations: Vec<(u8, &str)> = game
            .declarations()
            .iter()
            .enumerate()
            .filter_map(|(s, decl)| decl.map(|d| (s as u8, d.name())))
            .collect();
        let declarations = declarations.into_iter().map(|(s, n)| pair(py, s, n));
        d.set_item("declarations", declarations.collect::<PyResult<Vec<_>>>()?)?;
    }
    Ok(d)
}

/// `[seat, text]`, as JSON would hold it.
fn pair<'py>(py: Python<'py>, seat: u8, text: &str) -> PyResult<Bound<'py, PyList>> {
    let seat = seat.into_pyobject(py)?.into_any();
    PyList::new(py, [seat, pyo3::types::PyString::new(py, text).into_any()])
}
