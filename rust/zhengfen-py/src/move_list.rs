//! `MoveList`: what `Game.legal_moves()` returns. A read-only sequence of the legal moves of
//! one position that makes a `Combo` (or a move string) only when an item is asked for, and that
//! lets `Game.play` skip the legality check for a move it handed out (its docstring in
//! `python/zhengfen/_core.pyi`).
//!
//! A [`Listing`] is the moves and the [`Position`] they were listed for. The game keeps its last
//! listing: when `Game.play` is given a move equal to the listing's last handed-out item and the
//! game is still at the listed position, the move is legal by construction. Everything else
//! (a stale list, a move built by hand) takes the checked path of `Game::play`.

use crate::combo::move_to_py;
use crate::combo::PyCombo;
use crate::errors::ArgumentTypeError;
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyString};
use pyo3::IntoPyObjectExt;
use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use zhengfen_core::cardset::CardSet;
use zhengfen_core::combo::Combo;
use zhengfen_core::game::{Game, Move, Phase};
use zhengfen_core::rules::Rules;

/// What a game's legal moves depend on (`Game::legal_moves_into`, `Game::play`'s check): the
/// rules, the phase, the hand of the player to move and the combination to beat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    rules: Rules,
    phase: Phase,
    hand: CardSet,
    table: Option<Combo>,
}

impl Position {
    /// The position `game` is in.
    pub fn of(game: &Game) -> Position {
        let hand = game
            .current_player()
            .map_or(CardSet::EMPTY, |seat| game.hand(usize::from(seat)));
        Position {
            rules: *game.rules(),
            phase: game.phase(),
            hand,
            table: game.table().map(|(combo, _)| combo),
        }
    }
}

/// The legal moves of one position, in the engine's order.
#[derive(Debug)]
pub struct Listing {
    position: Position,
    moves: Vec<Move>,
    /// The index of the item last handed out (by indexing or iterating): the move most likely
    /// to be played next. Only a hint, checked against the move played.
    handed: AtomicUsize,
}

impl Listing {
    /// The legal moves of `game` now.
    pub fn of(game: &Game) -> Listing {
        thread_local! {
            /// The generator's scratch space, kept from one listing to the next.
            static COMBOS: RefCell<Vec<Combo>> = const { RefCell::new(Vec::new()) };
        }
        let mut moves = Vec::new();
        COMBOS.with_borrow_mut(|combos| game.legal_moves_into(combos, &mut moves));
        Listing {
            position: Position::of(game),
            moves,
            handed: AtomicUsize::new(usize::MAX),
        }
    }

    /// Whether this listing is of `game`'s current position.
    pub fn is_current(&self, game: &Game) -> bool {
        self.position == Position::of(game)
    }

    /// Whether `mv` is known legal in `game` without checking: the listing is current and `mv`
    /// is the item it last handed out.
    pub fn vouches_for(&self, game: &Game, mv: Move) -> bool {
        let handed = self.handed.load(Ordering::Relaxed);
        self.moves.get(handed) == Some(&mv) && self.is_current(game)
    }

    /// The `i`-th move (`i` in range).
    pub fn get(&self, i: usize) -> Option<Move> {
        self.moves.get(i).copied()
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// The `i`-th move as Python, remembered as handed out.
    fn hand_out<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyAny>> {
        self.handed.store(i, Ordering::Relaxed);
        move_to_py(py, self.moves[i], &self.position.rules)
    }
}

/// A Python value as a move of `listing` for comparison: a `Combo` of its number of decks, or
/// a string naming "pass", "blind" or "declare"; `None` for anything else (never equal to a
/// listed move, as for a list of the items).
fn as_move(value: &Bound<'_, PyAny>, listing: &Listing) -> Option<Move> {
    if let Ok(combo) = value.cast::<PyCombo>() {
        let combo = combo.get();
        let decks = listing.position.rules.decks();
        return (combo.decks == decks).then_some(Move::Play(combo.combo));
    }
    let text = value.cast::<PyString>().ok()?;
    match text.to_cow().ok()?.as_ref() {
        "pass" => Some(Move::Pass),
        "blind" => Some(Move::Blind),
        "declare" => Some(Move::Declare),
        _ => None,
    }
}

/// The legal moves of a position: a read-only sequence of `Combo`s and the strings "pass",
/// "blind" and "declare", made when asked for (`python/zhengfen/_core.pyi` says how it behaves).
#[pyclass(name = "MoveList", module = "zhengfen", frozen, sequence)]
pub struct PyMoveList {
    pub listing: Arc<Listing>,
}

#[pymethods]
impl PyMoveList {
    fn __len__(&self) -> usize {
        self.listing.len()
    }

    /// An item (negative indices count from the end), or a slice of them as a list; indices
    /// as a list takes them (`operator.index`).
    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        let i = match index.extract::<isize>() {
            Ok(i) => i,
            Err(_) if index.is_instance_of::<PySlice>() => {
                return self.items(py)?.as_any().get_item(index);
            }
            Err(e) if e.is_instance_of::<PyOverflowError>(py) => isize::MAX,
            Err(_) => {
                return Err(ArgumentTypeError::new_err(format!(
                    "MoveList indices must be integers or slices, not {}",
                    index.get_type().name()?
                )))
            }
        };
        let len = self.listing.len() as isize;
        let i = if i < 0 { i + len } else { i };
        if !(0..len).contains(&i) {
            return Err(PyIndexError::new_err("MoveList index out of range"));
        }
        self.listing.hand_out(py, i as usize)
    }

    fn __iter__(&self) -> MoveIter {
        MoveIter {
            listing: self.listing.clone(),
            next: AtomicUsize::new(0),
        }
    }

    fn __contains__(&self, value: &Bound<'_, PyAny>) -> bool {
        as_move(value, &self.listing).is_some_and(|mv| self.listing.moves.contains(&mv))
    }

    /// The first index of `value` in `[start:stop]`, as `list.index`.
    #[pyo3(signature = (value, start = 0, stop = isize::MAX))]
    fn index(&self, value: &Bound<'_, PyAny>, start: isize, stop: isize) -> PyResult<usize> {
        let len = self.listing.len() as isize;
        let clamp = |i: isize| (if i < 0 { i + len } else { i }).clamp(0, len) as usize;
        let (start, stop) = (clamp(start), clamp(stop));
        let found = as_move(value, &self.listing).and_then(|mv| {
            let within = self.listing.moves.get(start..stop.max(start))?;
            within.iter().position(|m| *m == mv).map(|i| i + start)
        });
        found.ok_or_else(|| PyValueError::new_err("value is not in the MoveList"))
    }

    /// How many times `value` is listed (0 or 1: the moves are distinct).
    fn count(&self, value: &Bound<'_, PyAny>) -> usize {
        as_move(value, &self.listing).map_or(0, |mv| {
            self.listing.moves.iter().filter(|m| **m == mv).count()
        })
    }

    /// Equal to a list or a `MoveList` of equal items, as a list is.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(other) = other.cast::<PyMoveList>() {
            let theirs = &other.get().listing;
            return (self.listing.moves == theirs.moves
                && self.listing.position.rules.decks() == theirs.position.rules.decks())
            .into_py_any(py);
        }
        if other.is_instance_of::<PyList>() {
            return self.items(py)?.eq(other)?.into_py_any(py);
        }
        Ok(py.NotImplemented())
    }

    /// The list's repr.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.items(py)?.repr()?.to_string())
    }

    /// `moves + [...]` (or `+ MoveList`): a list.
    fn __add__<'py>(&self, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = other.py();
        let items = self.items(py)?;
        if let Ok(other) = other.cast::<PyMoveList>() {
            return items.as_any().add(other.get().items(py)?);
        }
        if other.is_instance_of::<PyList>() {
            return items.as_any().add(other);
        }
        Ok(py.NotImplemented().into_bound(py))
    }

    /// `[...] + moves`: a list.
    fn __radd__<'py>(&self, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = other.py();
        if !other.is_instance_of::<PyList>() {
            return Ok(py.NotImplemented().into_bound(py));
        }
        other.add(self.items(py)?)
    }

    /// Immutable: a copy is the list itself.
    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }

    /// Pickled as the plain list of its items.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyList>,))> {
        Ok((py.get_type::<PyList>().into_any(), (self.items(py)?,)))
    }
}

impl PyMoveList {
    /// Every item, as a list.
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let rules = &self.listing.position.rules;
        let items = self
            .listing
            .moves
            .iter()
            .map(|&mv| move_to_py(py, mv, rules))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }
}

/// An iterator over a `MoveList`, making each item as it goes.
#[pyclass(name = "MoveListIterator", module = "zhengfen", frozen)]
pub struct MoveIter {
    listing: Arc<Listing>,
    next: AtomicUsize,
}

#[pymethods]
impl MoveIter {
    fn __iter__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        if i >= self.listing.len() {
            self.next.store(self.listing.len(), Ordering::Relaxed);
            return Ok(None);
        }
        self.listing.hand_out(py, i).map(Some)
    }
}
