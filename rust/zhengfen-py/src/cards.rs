//! `Card` and `Cards`: Python views of core cards and bitboard card sets, and the conversion
//! of any "cards" argument (a `Cards`, a notation string, or an iterable of cards or tokens).

use crate::args;
use crate::errors::{to_py, ArgumentTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use zhengfen_core::card::{rank, Card};
use zhengfen_core::cardset::CardSet;
use zhengfen_core::error::Error;
use zhengfen_core::notation::{add_card, check_decks_hold, parse_card, parse_cards};

/// One card.
#[pyclass(name = "Card", module = "zhengfen", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard {
    pub card: Card,
}

#[pymethods]
impl PyCard {
    #[new]
    fn new(token: &str) -> PyResult<Self> {
        read_token(token, 1).map(|card| PyCard { card })
    }

    /// Canonical index 0..53 (RULES.md §1.4).
    #[getter]
    fn index(&self) -> u8 {
        self.card.index()
    }

    /// Rank name: "3".."10", "J", "Q", "K", "A", "2", "BJ", "RJ".
    #[getter]
    fn rank(&self) -> &'static str {
        rank::name(self.card.rank())
    }

    /// Suit letter "c", "d", "h", "s", or None for a joker.
    #[getter]
    fn suit(&self) -> Option<String> {
        self.card.suit().map(|s| s.letter().to_string())
    }

    /// Its points (RULES.md §1.8): 5 for a 5, 10 for a 10 or a K, else 0.
    #[getter]
    fn points(&self) -> u32 {
        self.card.points()
    }

    fn __str__(&self) -> String {
        self.card.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.card)
    }

    fn __getnewargs__(&self) -> (String,) {
        (self.card.to_string(),)
    }
}

fn read_token(token: &str, position: usize) -> PyResult<Card> {
    parse_card(token.trim()).ok_or_else(|| {
        to_py(
            Error::cards(format!(
                "unknown card token '{token}' at position {position}"
            ))
            .with_token(token, Some(position)),
        )
    })
}

/// An immutable set of cards; a multiset of at most two copies in the two-deck game.
#[pyclass(name = "Cards", module = "zhengfen", frozen)]
#[derive(Clone, Copy)]
pub struct PyCards {
    pub set: CardSet,
    pub decks: u8,
}

#[pymethods]
impl PyCards {
    #[new]
    #[pyo3(signature = (cards = None, decks = 1))]
    fn new(
        cards: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::decks)] decks: u8,
    ) -> PyResult<Self> {
        let set = match cards {
            None => parse_cards("", decks).map_err(to_py)?,
            Some(cards) => cards_arg(cards, decks)?,
        };
        Ok(PyCards { set, decks })
    }

    /// 1 or 2: how many copies of a card the set may hold.
    #[getter]
    fn decks(&self) -> u8 {
        self.decks
    }

    /// Points in the set (RULES.md §1.8).
    #[getter]
    fn points(&self) -> u32 {
        self.set.points()
    }

    /// How many copies of `card` (a Card or a token) the set holds.
    fn count(&self, card: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.set.count(card_arg(card)?))
    }

    fn __len__(&self) -> usize {
        self.set.len() as usize
    }

    fn __contains__(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.set.contains(card_arg(card)?))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let cards = self.set.iter().map(|card| PyCard { card });
        PyList::new(py, cards)?
            .as_any()
            .try_iter()
            .map(Bound::into_any)
    }

    fn __str__(&self) -> String {
        self.set.to_string()
    }

    fn __repr__(&self) -> String {
        match self.decks {
            1 => format!("Cards('{}')", self.set),
            d => format!("Cards('{}', decks={d})", self.set),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyCards>()
            .is_ok_and(|o| o.get().set == self.set)
    }

    fn __hash__(&self) -> u64 {
        let (once, twice) = self.set.planes();
        once ^ twice.rotate_left(29)
    }

    /// The union (a multiset sum in two decks); a duplicate or third copy is an error.
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCards> {
        let other = cards_arg(other, self.decks)?;
        let mut set = self.set;
        for card in other {
            set = add_card(set, card, self.decks).map_err(to_py)?;
        }
        Ok(PyCards {
            set,
            decks: self.decks,
        })
    }

    /// The difference; every card taken away must be held.
    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCards> {
        let other = cards_arg(other, self.decks)?;
        let set = self.set.minus(other).ok_or_else(|| {
            to_py(Error::cards(format!(
                "'{}' is not within '{}'",
                other, self.set
            )))
        })?;
        Ok(PyCards {
            set,
            decks: self.decks,
        })
    }

    fn __getnewargs__(&self) -> (String, u8) {
        (self.set.to_string(), self.decks)
    }
}

/// A card argument: a `Card` or a token string.
pub fn card_arg(card: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Ok(card) = card.cast::<PyCard>() {
        return Ok(card.get().card);
    }
    if let Ok(token) = card.cast::<PyString>() {
        return read_token(&token.to_cow()?, 1);
    }
    Err(ArgumentTypeError::new_err(
        "expected a Card or a card token",
    ))
}

/// A cards argument for a game of `decks` decks: a `Cards`, a notation string, or an iterable
/// of `Card`s and tokens.
pub fn cards_arg(cards: &Bound<'_, PyAny>, decks: u8) -> PyResult<CardSet> {
    if let Ok(cards) = cards.cast::<PyCards>() {
        let set = cards.get().set;
        check_decks_hold(set, decks).map_err(to_py)?;
        return Ok(set);
    }
    if let Ok(text) = cards.cast::<PyString>() {
        return parse_cards(&text.to_cow()?, decks).map_err(to_py);
    }
    let items = cards.try_iter().map_err(|_| {
        ArgumentTypeError::new_err(
            "expected Cards, a card notation string, or an iterable of cards",
        )
    })?;
    let mut set = parse_cards("", decks).map_err(to_py)?;
    for (i, item) in items.enumerate() {
        let item = item?;
        let card = match item.cast::<PyString>() {
            Ok(token) => read_token(&token.to_cow()?, i + 1)?,
            Err(_) => card_arg(&item)?,
        };
        set = add_card(set, card, decks).map_err(to_py)?;
    }
    Ok(set)
}
