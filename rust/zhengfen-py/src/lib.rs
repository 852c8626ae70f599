//! `zhengfen._core`: the PyO3 binding of `zhengfen-core`. Conversions and glue only; every rule
//! lives in the core crate. The public Python API is `python/zhengfen/__init__.py`.

mod agents;
mod args;
mod batch;
mod cards;
mod combo;
mod convert;
mod errors;
mod game;
mod info_set;
mod interrupt;
mod learned;
mod move_list;
mod observe;
mod positions;
mod rng;
mod rules;
mod saving;
mod seed;
mod tensors;

use cards::{cards_arg, PyCard, PyCards};
use combo::{combo_arg, PyCombo};
use errors::to_py;
use pyo3::prelude::*;
use rules::PyRules;
use zhengfen_core::classify::classify as core_classify;
use zhengfen_core::classify::no_reading as core_no_reading;
use zhengfen_core::compare::beats as core_beats;
use zhengfen_core::movegen::legal_moves as core_legal_moves;
use zhengfen_core::notation::notation_digest;

/// Reads card notation (RULES.md §1.2, §1.3): tokens such as `3c 10h Th q♠ BJ RJ`, separated by
/// commas or white space (Unicode's White_Space); `decks` is 1 or 2.
///
/// A malformed text raises `InvalidCardsError` naming the fault: an unknown token and its 1-based
/// position (`unknown card token '1x' at position 2`), a duplicate in a one-deck set, a third copy
/// in a two-deck set.
#[pyfunction]
#[pyo3(signature = (text, decks = 1))]
fn parse_cards(text: &str, #[pyo3(from_py_with = args::decks)] decks: u8) -> PyResult<PyCards> {
    let set = zhengfen_core::notation::parse_cards(text, decks).map_err(to_py)?;
    Ok(PyCards { set, decks })
}

/// Every reading of `cards` under `rules`, strongest first (RULES.md §4.10, §8.6); `[]` when there
/// is none.
#[pyfunction]
fn classify(cards: &Bound<'_, PyAny>, rules: &PyRules) -> PyResult<Vec<PyCombo>> {
    let rules = rules.rules;
    let set = cards_arg(cards, rules.decks())?;
    let readings = core_classify(set, &rules);
    Ok(readings
        .into_iter()
        .map(|c| PyCombo::new(c, &rules))
        .collect())
}

/// Why `cards` is no combination under `rules`: the reason of RULES.md §4.11 (Zheng Fen) or §8.7
/// (Zen Cheng You), the first of its list that applies, with the reason in words citing its section
/// (`("straight_suits", "a straight flush's cards must all be of one suit; there is no mixed-suit
/// straight (§4.7)")`); `None` when the cards have a reading.
#[pyfunction]
fn no_reading(
    cards: &Bound<'_, PyAny>,
    rules: &PyRules,
) -> PyResult<Option<(&'static str, &'static str)>> {
    let rules = rules.rules;
    let set = cards_arg(cards, rules.decks())?;
    Ok(core_no_reading(set, &rules).map(|why| (why.name(), why.explain(&rules))))
}

/// The name a person reads for `combo` (`pair of 8s`, `straight 9 to K`); with `suit` a
/// straight flush or a suited 5-10-K also says its suit.
#[pyfunction]
#[pyo3(signature = (combo, suit = true))]
fn combo_name(combo: &PyCombo, suit: bool) -> String {
    zhengfen_core::names::combo_name(&combo.combo, suit)
}

/// Whether `challenger` may be played on `table` (RULES.md §5, §9).
#[pyfunction]
fn beats(
    challenger: &Bound<'_, PyAny>,
    table: &Bound<'_, PyAny>,
    rules: &PyRules,
) -> PyResult<bool> {
    let rules = rules.rules;
    let challenger = combo_arg(challenger, &rules)?;
    let table = combo_arg(table, &rules)?;
    Ok(core_beats(&challenger, &table, &rules))
}

/// The legal plays of `hand`: the leads when `table` is `None`, else the follows (RULES.md §6,
/// §10); each card set once per kind, at its highest legal value (RULES.md §6.2). The order is not
/// specified. A hand of more than 27 cards raises `InvalidCardsError`.
#[pyfunction]
fn legal_moves(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    table: Option<&Bound<'_, PyAny>>,
    rules: &PyRules,
) -> PyResult<Vec<PyCombo>> {
    let rules = rules.rules;
    let hand = cards_arg(hand, rules.decks())?;
    let table = table.map(|t| combo_arg(t, &rules)).transpose()?;
    let moves = py
        .detach(|| core_legal_moves(hand, table.as_ref(), &rules))
        .map_err(to_py)?;
    Ok(moves.into_iter().map(|c| PyCombo::new(c, &rules)).collect())
}

/// The digest of a list of moves, `Combo` objects or their notations, independent of their order
/// (RULES.md §6.3).
#[pyfunction]
fn move_digest(moves: &Bound<'_, PyAny>) -> PyResult<String> {
    args::not_a_string(moves, "moves", "a list of Combos or notation strings")?;
    let mut lines = Vec::new();
    for item in moves.try_iter()? {
        let item = item?;
        lines.push(match item.cast::<PyCombo>() {
            Ok(combo) => combo.get().combo.to_string(),
            Err(_) => item
                .cast::<pyo3::types::PyString>()
                .map_err(|_| {
                    errors::ArgumentTypeError::new_err(format!(
                        "moves must hold Combos or notation strings, not {}",
                        args::shown(&item)
                    ))
                })?
                .to_cow()?
                .into_owned(),
        });
    }
    Ok(notation_digest(lines))
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCard>()?;
    m.add_class::<PyCards>()?;
    m.add_class::<PyRules>()?;
    m.add_class::<PyCombo>()?;
    m.add_class::<rng::PySplitMix64>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<move_list::PyMoveList>()?;
    m.py()
        .import("collections.abc")?
        .getattr("Sequence")?
        .call_method1("register", (m.getattr("MoveList")?,))?;
    m.add_class::<info_set::PyInfoSet>()?;
    m.add_class::<batch::PyVecGame>()?;
    m.add_class::<learned::PyLearnedModel>()?;
    m.add_function(wrap_pyfunction!(learned::shipped_models, m)?)?;
    m.add_function(wrap_pyfunction!(batch::rollouts, m)?)?;
    // The most games one call of the batch functions plays (the arena's cap too).
    m.add("MAX_GAMES", zhengfen_core::batch::MAX_GAMES)?;
    m.add_function(wrap_pyfunction!(batch::selfplay, m)?)?;
    m.add_function(wrap_pyfunction!(batch::default_max_actions, m)?)?;
    seed::add(m)?;
    batch::seating::add(m)?;
    m.add_class::<agents::PyAgentSpec>()?;
    m.add_function(wrap_pyfunction!(agents::canonical_spec, m)?)?;
    m.add_function(wrap_pyfunction!(agents::_specs_read, m)?)?;
    tensors::add_constants(m)?;
    m.add_function(wrap_pyfunction!(parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(classify, m)?)?;
    m.add_function(wrap_pyfunction!(no_reading, m)?)?;
    m.add_function(wrap_pyfunction!(combo_name, m)?)?;
    m.add_function(wrap_pyfunction!(beats, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(move_digest, m)?)?;
    m.add_function(wrap_pyfunction!(rules::game_offers, m)?)?;
    rules::add_constants(m)?;
    m.add_function(wrap_pyfunction!(rng::deal, m)?)?;
    m.add_function(wrap_pyfunction!(rng::shuffle_deck, m)?)?;
    m.add_function(wrap_pyfunction!(combo::_combo_from_notation, m)?)?;
    Ok(())
}
