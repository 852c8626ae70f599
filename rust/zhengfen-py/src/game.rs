//! `Game`: the Python face of the core state machine (RULES.md §12; documented in
//! `python/zhengfen/_core.pyi`): its making,
//! its state and its moves. Records become Python values in `convert.rs`.
//!
//! `Game`'s Python methods are grouped by concern, one `#[pymethods]` block a file (PyO3's
//! `multiple-pymethods`):
//!
//! | File | Methods |
//! |------|---------|
//! | `game.rs` (here) | `Game(...)`, `from_hands`; the state (`rules`, `current_player`, `phase`, `match_number`, `match_over`, `game_over`, `out_order`, `match_points`, `scores`, `winners`, `decisions`, `table`, `trick`, `history`, `rewound`, `side`, `match_result`, `hand`); the moves (`refusal`, `legal_moves`, `play`, `play_index`, `next_match`); `resample`, `copy` |
//! | `observe.rs` | what a seat sees: `visible`, `visible_events`, `observation`, and the tensors (`observation_tensor`, `score_tensor`, `history_tensor`, `legal_move_features`, `action_mask`) |
//! | `info_set.rs` | `info_set` (and the `InfoSet` class it makes) |
//! | `saving.rs` | `to_json`, `from_json` and pickling (`__getstate__`, `__setstate__`, `__getnewargs__`) |
//!
//! A `LearnedModel`'s methods on a game (`q_values`, `state_features`) are in `positions.rs`.

use crate::args::{int_arg, not_a_string};
use crate::cards::{cards_arg, PyCards};
use crate::combo::{move_to_py, PyCombo};
use crate::convert::{seats, to_python};
use crate::errors::{to_py, ArgumentTypeError, InvalidStateError};
use crate::move_list::{Listing, PyMoveList};
use crate::rng::{seed_arg, with_stream};
use crate::rules::PyRules;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Arc;
use zhengfen_core::error::Error;
use zhengfen_core::game::{Game, Move};
use zhengfen_core::rules::Rules;

/// A game of Zheng Fen or Zen Cheng You, match after match (RULES.md §12).
#[pyclass(name = "Game", module = "zhengfen")]
#[derive(Clone)]
pub struct PyGame {
    pub game: Game,
    /// The moves last listed by `legal_moves` (`move_list.rs`), shared with their `MoveList`.
    listing: Option<Arc<Listing>>,
}

impl From<Game> for PyGame {
    fn from(game: Game) -> PyGame {
        PyGame {
            game,
            listing: None,
        }
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules, seed = None))]
    fn new(rules: &PyRules, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = seed.map(seed_arg).transpose()?.unwrap_or(0);
        Ok(PyGame::from(Game::new(rules.rules, seed)))
    }

    /// A match from given `hands` (one per seat, each a `Cards` or notation) with `leader` to lead;
    /// later matches deal from `seed` (RULES.md §12.2). Impossible hands (a wrong number, a card
    /// beyond the decks, a seat with no cards or more than 27, a leader who is no seat) raise
    /// `InvalidStateError`.
    #[staticmethod]
    #[pyo3(signature = (rules, hands, leader, seed = None))]
    fn from_hands(
        rules: &PyRules,
        hands: &Bound<'_, PyAny>,
        leader: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        // An integer that is no seat makes impossible hands, as in the reference: a state error.
        let leader = int_arg(leader, "leader", seat_range(&rules.rules)).map_err(|e| {
            if e.is_instance_of::<ArgumentTypeError>(hands.py()) {
                e
            } else {
                InvalidStateError::new_err(e.value(hands.py()).to_string())
            }
        })?;
        let seed = seed.map(seed_arg).transpose()?.unwrap_or(0);
        let decks = rules.rules.decks();
        not_a_string(hands, "hands", "a list of hands, one per seat")?;
        let mut sets = Vec::new();
        for hand in hands.try_iter()? {
            sets.push(
                cards_arg(&hand?, decks).map_err(|e| InvalidStateError::new_err(e.to_string()))?,
            );
        }
        let game = Game::from_hands(rules.rules, &sets, leader, seed).map_err(to_py)?;
        Ok(PyGame::from(game))
    }

    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: *self.game.rules(),
        }
    }
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.game.current_player()
    }
    #[getter]
    fn phase(&self) -> &'static str {
        self.game.phase().name()
    }
    #[getter]
    fn match_number(&self) -> u32 {
        self.game.match_number()
    }
    #[getter]
    fn match_over(&self) -> bool {
        self.game.match_over()
    }
    #[getter]
    fn game_over(&self) -> bool {
        self.game.game_over()
    }
    #[getter]
    fn out_order(&self) -> Vec<u32> {
        seats(self.game.out_order())
    }
    #[getter]
    fn match_points(&self) -> Vec<i64> {
        self.game.match_points()
    }
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.game.scores().to_vec()
    }
    #[getter]
    fn winners(&self) -> Vec<u32> {
        seats(self.game.winners())
    }
    #[getter]
    fn decisions(&self) -> Vec<String> {
        self.game
            .decisions()
            .iter()
            .map(|d| d.to_string())
            .collect()
    }

    /// A new game, as this one stood after its first `k` decisions (all of them when `k` is
    /// larger): its setup and those decisions played again in the core (the replay page's frames).
    /// `k` below 0 raises `ArgumentError`.
    fn rewound(&self, k: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let k: usize = int_arg(k, "k", 0..=crate::args::U64)?;
        Ok(PyGame::from(self.game.rewound(k)))
    }

    /// The combination to beat and its player, or None.
    #[getter]
    fn table(&self) -> Option<(PyCombo, u8)> {
        let rules = *self.game.rules();
        self.game.table().map(|(c, s)| (PyCombo::new(c, &rules), s))
    }

    /// The plays and passes of the current trick: `(seat, Combo or "pass")`.
    #[getter]
    fn trick<'py>(&self, py: Python<'py>) -> PyResult<Vec<(u8, Bound<'py, PyAny>)>> {
        let rules = *self.game.rules();
        self.game
            .trick()
            .iter()
            .map(|&(seat, play)| {
                Ok((
                    seat,
                    move_to_py(py, play.map_or(Move::Pass, Move::Play), &rules)?,
                ))
            })
            .collect()
    }

    /// Every event so far (RULES.md §12.6; `zhengfen.types.Event`), a fresh list of JSON-compatible
    /// dictionaries on each call. `zhengfen.history_text` writes it as text.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.game.history())
    }

    /// The index of `seat`'s entry in `match_points` and `scores`: the seat, or its team in
    /// Zen Cheng You (RULES.md §8.1, §12.5).
    fn side(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        let seat = self.seat_arg(seat)?;
        Ok(self.game.side(seat as u8))
    }

    /// What the finished match gives `seat`: its points (Zheng Fen), or its team's points minus
    /// the other team's (Zen Cheng You); the reward of `VecGame` and the environments.
    fn match_result(&self, seat: &Bound<'_, PyAny>) -> PyResult<i64> {
        let seat = self.seat_arg(seat)?;
        Ok(self.game.match_result(seat as u8))
    }

    /// The cards of `seat`.
    fn hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<PyCards> {
        let seat = self.seat_arg(seat)?;
        Ok(PyCards {
            set: self.game.hand(seat),
            decks: self.game.rules().decks(),
        })
    }

    /// Why `seat` cannot play exactly `cards` now, as `(reason, words)`, or `None` when a legal
    /// move plays them. The reason is the first that applies of `no_cards`, `not_your_turn`
    /// (another seat or none is to move), `declarations` (Zen Cheng You's declarations come first),
    /// `not_held`, `no_combination` (the words of `no_reading`) and `does_not_beat` (no reading
    /// beats the combination to beat; the words name both: `"pair of 7s does not beat pair of
    /// 8s"`). Nothing is said of a hand before its seat has seen it. The web page's check of a
    /// selection, its refused moves and `zhengfen play` give this answer.
    fn refusal(
        &self,
        seat: &Bound<'_, PyAny>,
        cards: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(&'static str, String)>> {
        let seat = self.seat_arg(seat)?;
        let rules = *self.game.rules();
        let set = cards_arg(cards, rules.decks())?;
        let refusal = self.game.refusal(seat, set);
        Ok(refusal.map(|why| (why.name(), why.explain(set, &rules))))
    }

    /// The moves of RULES.md §12.1 in the engine's order, as a `MoveList`: the plays are `Combo`
    /// objects, `"pass"`, `"blind"` and `"declare"` strings.
    fn legal_moves(&mut self) -> PyMoveList {
        PyMoveList {
            listing: self.listing(),
        }
    }

    /// Plays a `Combo`, `"pass"`, `"blind"` or `"declare"`, a combination notation, or card
    /// notation (the strongest legal move with exactly those cards); white space around a move is
    /// no part of it (`" pass\t"` is the pass; CONFORMANCE.md §1). A move that is not legal now
    /// raises `IllegalMoveError`. A move just taken from the current `legal_moves()` (the last item
    /// indexed or iterated, while the game is still where the list was made) is known to be legal
    /// and is not checked again; any other move is checked.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = if let Ok(combo) = mv.cast::<PyCombo>() {
            Move::Play(combo.get().combo)
        } else if let Ok(text) = mv.cast::<PyString>() {
            let text = text.to_cow()?;
            let seat = self.game.current_player();
            self.game
                .read_move(&text)
                .map_err(|error| illegal(error, seat, &text))?
        } else {
            return Err(ArgumentTypeError::new_err(
                "expected a Combo or a move string",
            ));
        };
        if self
            .listing
            .as_ref()
            .is_some_and(|listing| listing.vouches_for(&self.game, mv))
        {
            self.game.play_unchecked(mv);
            return Ok(());
        }
        self.game.play(mv).map_err(to_py)
    }

    /// Plays `legal_moves()[index]`, `index` from 0 to `len(legal_moves()) - 1` (no negative
    /// indices: `ArgumentError` outside, `ArgumentTypeError` for a value that is no integer);
    /// `IllegalMoveError` when nobody is to move. The way to play a learner's action index.
    fn play_index(&mut self, index: &Bound<'_, PyAny>) -> PyResult<()> {
        let listing = self.listing();
        if listing.len() == 0 {
            let phase = self.game.phase().name();
            return Err(to_py(Error::illegal(format!(
                "there is no move to play in phase {phase}"
            ))));
        }
        let i: usize = int_arg(index, "index", 0..=listing.len() as i128 - 1)?;
        if let Some(mv) = listing.get(i) {
            self.game.play_unchecked(mv);
        }
        Ok(())
    }

    /// Deals the next match (RULES.md §12.2); `IllegalMoveError` when the match is not over or the
    /// game is.
    fn next_match(&mut self) -> PyResult<()> {
        self.game.next_match().map_err(to_py)
    }

    /// A game `seat` cannot tell from this one: the cards hidden from it re-dealt at random
    /// from `rng` (an integer seed or a `SplitMix64`), consistent with all it has seen.
    fn resample(&self, seat: &Bound<'_, PyAny>, rng: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let seat = self.seat_arg(seat)?;
        let game = with_stream(rng, "rng", |rng| self.game.resample(seat, rng))?.map_err(to_py)?;
        Ok(PyGame::from(game))
    }

    /// An independent copy.
    fn copy(&self) -> PyGame {
        self.clone()
    }
    fn __copy__(&self) -> PyGame {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        let g = &self.game;
        let turn = g
            .current_player()
            .map_or(String::new(), |s| format!(", seat {s} to move"));
        format!(
            "<Game {} match {} {}{turn}>",
            g.rules().variant.name(),
            g.match_number(),
            g.phase().name()
        )
    }
}

impl PyGame {
    /// The legal moves now: the last listing when it is still current, else a new one.
    fn listing(&mut self) -> Arc<Listing> {
        match &self.listing {
            Some(listing) if listing.is_current(&self.game) => listing.clone(),
            _ => self
                .listing
                .insert(Arc::new(Listing::of(&self.game)))
                .clone(),
        }
    }

    /// A seat of this game (the integer rule of `args`).
    pub fn seat_arg(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        int_arg(seat, "seat", seat_range(self.game.rules()))
    }
}

/// The seats of `rules`, as an argument range.
pub fn seat_range(rules: &Rules) -> std::ops::RangeInclusive<i128> {
    0..=i128::from(rules.players) - 1
}

/// A move that cannot even be read is an illegal move.
fn illegal(error: Error, seat: Option<u8>, text: &str) -> PyErr {
    match error {
        Error::InvalidCards { message, .. } | Error::InvalidCombo { message, .. } => {
            to_py(Error::illegal(message).with_move(seat, text))
        }
        other => to_py(other),
    }
}
