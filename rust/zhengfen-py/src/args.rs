//! The one conversion rule for every integer argument of the binding.
//!
//! An integer argument is a Python `int` or any object with `__index__` (numpy's integers
//! included), but not a `bool` (nor numpy's `bool`). A value of another kind raises
//! `ArgumentTypeError` (a `ValueError` and a `TypeError`); an integer outside the argument's range
//! raises `ArgumentError` (a `ValueError`). Both messages name the argument, its range and the
//! value given: `seed must be an integer from 0 to 2**64 - 1, not -1`.
//!
//! A number (a probability, say) is a Python `float` or an integer as above, not a bool nor a
//! string nor NaN; outside its range it raises `ArgumentError`, of another kind
//! `ArgumentTypeError`: `epsilon must be a number from 0 to 1, not 1.5`.
//!
//! A flag is `True` or `False` (Python's or numpy's), never an integer or `None`.
//!
//! ## Defaults, stated once
//!
//! A function's defaults are Python literals in its `#[pyo3(signature = (...))]`, from which
//! PyO3 writes its `__text_signature__` (what `inspect.signature` and `help` show); the
//! argument's reader, named after it below, is given with `#[pyo3(from_py_with = ...)]`:
//!
//! ```ignore
//! #[pyo3(signature = (text, decks = 1))]
//! fn parse_cards(text: &str, #[pyo3(from_py_with = args::decks)] decks: u8) -> ...
//! ```
//!
//! PyO3 calls the reader only on a value given (`None` included: it is refused where it is not
//! a documented value), so a value left out is the literal itself. `_core.pyi` states the same
//! defaults; stubtest and `tests/test_signatures.py` check that the three agree.
//!
//! Three arguments are read against the game in hand, so they arrive as [`Arg`] (an argument
//! given or left out) and their function states its `text_signature`: `deal`'s `first_drawer`
//! (a seat of the rules), `Game.visible_events`'s `since` (an index of the history) and
//! `InfoSet.choose`'s `seed` (an integer or a `SplitMix64`). `tests/test_signatures.py` checks
//! those by calling each function with its defaults left out and written out.

use crate::errors::{argument_error, ArgumentTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use std::ops::RangeInclusive;
use zhengfen_core::agents::{
    MOST_BELIEF, MOST_BUDGET, MOST_CANDIDATES, MOST_EXPLORATION, MOST_ITERATIONS, MOST_THRESHOLD,
    MOST_TREE, MOST_Z,
};
use zhengfen_core::batch::{MAX_GAMES_PER_THREAD, MOST_CAPPED};
use zhengfen_core::Search;

/// The most rows a history tensor or actions a mask may ask for.
pub const MOST_ROWS: usize = 1 << 20;

/// The range of a count of rows or actions, as an argument range.
pub const ROWS: RangeInclusive<i128> = 1..=MOST_ROWS as i128;

/// The range of `threads`.
pub const THREADS: RangeInclusive<i128> = 1..=256;

/// `u64::MAX`, as a bound of a range.
pub const U64: i128 = u64::MAX as i128;
/// `u32::MAX`, as a bound of a range.
pub const U32: i128 = u32::MAX as i128;

/// Readers of integer arguments, `NAME(RANGE) -> TYPE`: `fn NAME(value) -> PyResult<TYPE>`, the
/// integer given by the rule of this module, in RANGE.
macro_rules! integers {
    ($($(#[$doc:meta])* $name:ident($range:expr) -> $t:ty;)*) => {$(
        $(#[$doc])*
        pub fn $name(value: &Bound<'_, PyAny>) -> PyResult<$t> {
            int_arg(value, stringify!($name), $range)
        }
    )*};
}

/// Readers of integer arguments whose default is `None`, `READER("NAME", RANGE) -> TYPE`: the
/// integer given, or `None`.
macro_rules! optional_integers {
    ($($(#[$doc:meta])* $reader:ident($name:literal, $range:expr) -> $t:ty;)*) => {$(
        $(#[$doc])*
        pub fn $reader(value: &Bound<'_, PyAny>) -> PyResult<Option<$t>> {
            match value.is_none() {
                true => Ok(None),
                false => int_arg(value, $name, $range).map(Some),
            }
        }
    )*};
}

/// Readers of flags: `fn NAME(value) -> PyResult<bool>`.
macro_rules! flags {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(value: &Bound<'_, PyAny>) -> PyResult<bool> {
            bool_arg(value, stringify!($name))
        }
    )*};
}

integers! {
    /// `decks`: one deck or two.
    decks(1..=2) -> u8;
    /// A seating's `rotation`.
    rotation(0..=U32) -> u32;
    /// A `seed` (the seed of a batch, a game or an agent's stream).
    seed(0..=U64) -> u64;
    /// The number of a batch's first deal.
    first_deal(0..=U64) -> u64;
    /// The number of a batch's first episode.
    first_episode(0..=U64) -> u64;
    /// The `rows` of a history tensor.
    rows(ROWS) -> usize;
    /// The rows of history a batch's observations hold (none at 0).
    history(0..=MOST_ROWS as i128) -> usize;
    /// The threads a batch plays on.
    threads(THREADS) -> usize;
    /// The games one self-play thread keeps in flight.
    games_per_thread(1..=MAX_GAMES_PER_THREAD as i128) -> usize;
    /// The untried moves a searched self-play decision caps.
    cap_untried(0..=MOST_CAPPED as i128) -> usize;
    /// The games an evaluation (or the search agent) resamples.
    determinizations(1..=Search::MOST as i128) -> u32;
    /// The moves the search agent tries.
    candidates(1..=Search::MOST as i128) -> u32;
}

optional_integers! {
    /// The matches a rollout's game lasts (`None`: until its target score).
    matches("matches", 1..=U32) -> u32;
    /// The actions a batch's mask holds (`None`: the rules' default).
    max_actions("max_actions", ROWS) -> usize;
    /// A seed to restart from (`None`: the last one given).
    seed_or_none("seed", 0..=U64) -> u64;
    /// The IS-MCTS agent's iterations (`None`: its policy's default).
    iterations("iterations", 1..=MOST_ITERATIONS as i128) -> u32;
    /// The IS-MCTS agent's candidates at each node (`None`: its policy's default).
    ismcts_candidates("candidates", 1..=MOST_CANDIDATES as i128) -> u32;
    /// The IS-MCTS agent's iterations at a declaration (`None`: its default; 0: `iterations`).
    declare("declare", 0..=MOST_ITERATIONS as i128) -> u32;
    /// The SPARTA agent's budget a decision (`None`: its default).
    budget("budget", 1..=MOST_BUDGET as i128) -> u32;
    /// The SPARTA agent's tree-search iterations (`None`: its default; 0: no tree).
    tree("tree", 0..=MOST_TREE as i128) -> u32;
}

flags! {
    /// Whether an observation appends every hand.
    perfect_information;
    /// Whether a mask is packed into bits.
    packed;
    /// Whether deals are replayed at every rotation of the seats.
    duplicate;
    /// Whether rollouts keep their games.
    logs;
    /// Whether a batch returns fresh arrays at each step.
    copy;
    /// Whether a batch plays a forced move (a lone legal move) itself.
    play_forced;
    /// Whether a batch restarts a finished game.
    auto_reset;
}

/// Self-play's exploration `epsilon`: a probability.
pub fn epsilon(value: &Bound<'_, PyAny>) -> PyResult<f64> {
    number_arg(value, "epsilon", 0.0..=1.0)
}

/// The IS-MCTS agent's exploration constant, a number (`None`: its policy's default).
pub fn exploration(value: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    match value.is_none() {
        true => Ok(None),
        false => number_arg(value, "exploration", 0.0..=MOST_EXPLORATION).map(Some),
    }
}

/// The SPARTA agent's threshold in points a match (`None`: its default).
pub fn threshold(value: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    match value.is_none() {
        true => Ok(None),
        false => number_arg(value, "threshold", 0.0..=MOST_THRESHOLD).map(Some),
    }
}

/// The SPARTA agent's standard errors off its mean gain (`None`: its default).
pub fn z(value: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    match value.is_none() {
        true => Ok(None),
        false => number_arg(value, "z", 0.0..=MOST_Z).map(Some),
    }
}

/// The SPARTA agent's belief temperature in points a match (`None`: its default; 0: no belief).
pub fn belief(value: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    match value.is_none() {
        true => Ok(None),
        false => number_arg(value, "belief", 0.0..=MOST_BELIEF).map(Some),
    }
}

/// An optional argument read against the game in hand: the object given (`None` included), or
/// nothing (see "Defaults, stated once").
pub struct Arg<'py>(pub Option<Bound<'py, PyAny>>);

impl<'a, 'py> FromPyObject<'a, 'py> for Arg<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Arg(Some(obj.to_owned())))
    }
}

impl<'py> Arg<'py> {
    /// The argument left out.
    pub const ABSENT: Arg<'static> = Arg(None);

    /// The integer given (by the rule of this module), or `default` when left out.
    pub fn int<T: TryFrom<i128>>(
        &self,
        name: &str,
        range: RangeInclusive<i128>,
        default: T,
    ) -> PyResult<T> {
        match &self.0 {
            Some(value) => int_arg(value, name, range),
            None => Ok(default),
        }
    }
}

/// `value` as a bool: `True` or `False`, Python's or numpy's; not an integer, not `None`.
pub fn bool_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(b.is_true());
    }
    if is_numpy_bool(value) {
        return value.is_truthy();
    }
    Err(ArgumentTypeError::new_err(format!(
        "{name} must be True or False, not {}",
        shown(value)
    )))
}

/// `value` as an integer of `range` (which must fit `T`), by the rule of this module.
pub fn int_arg<T: TryFrom<i128>>(
    value: &Bound<'_, PyAny>,
    name: &str,
    range: RangeInclusive<i128>,
) -> PyResult<T> {
    let bounds = format!("{} to {}", bound(*range.start()), bound(*range.end()));
    let refused = |of_kind: bool| {
        let message = refusal(value, name, &range);
        argument_error(message, name, shown(value), bounds.clone(), of_kind)
    };
    let Some(index) = as_index(value)? else {
        return Err(refused(true));
    };
    let n = index
        .extract::<i128>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| refused(false))?;
    T::try_from(n).map_err(|_| refused(false))
}

/// `value` as a number of `range`, by the rule of this module: a float or an integer
/// (numpy's included), not a bool, a string or NaN.
pub fn number_arg(
    value: &Bound<'_, PyAny>,
    name: &str,
    range: RangeInclusive<f64>,
) -> PyResult<f64> {
    let bounds = format!("{} to {}", range.start(), range.end());
    let refused = |of_kind: bool| {
        let message = format!(
            "{name} must be a number from {bounds}, not {}",
            shown(value)
        );
        argument_error(message, name, shown(value), bounds.clone(), of_kind)
    };
    let kind_refused = value.is_instance_of::<PyBool>()
        || is_numpy_bool(value)
        || value.is_instance_of::<PyString>();
    if kind_refused {
        return Err(refused(true));
    }
    match value.extract::<f64>() {
        // -0 reads as 0 (the bound), so an agent has one canonical spec.
        Ok(x) if x == *range.start() => Ok(*range.start()),
        Ok(x) if range.contains(&x) => Ok(x),
        Ok(_) => Err(refused(false)),
        // An integer too large for a float is out of range; anything else is no number.
        Err(_) if as_index(value)?.is_some() => Err(refused(false)),
        Err(_) => Err(refused(true)),
    }
}

/// The Python integer `value` stands for (`operator.index`), or `None` for a bool or a value
/// that is no integer.
pub fn as_index<'py>(value: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyInt>>> {
    if value.is_instance_of::<PyBool>() {
        return Ok(None);
    }
    if let Ok(int) = value.cast::<PyInt>() {
        return Ok(Some(int.clone()));
    }
    // Looked for only past the `int`s: the test reads two attributes of the type.
    if is_numpy_bool(value) {
        return Ok(None);
    }
    // SAFETY: `value` is a live object; `PyNumber_Index` returns a new reference or NULL with
    // an exception set, which `from_owned_ptr_or_err` turns into the `Err`.
    let index = unsafe {
        Bound::from_owned_ptr_or_err(value.py(), pyo3::ffi::PyNumber_Index(value.as_ptr()))
    };
    match index {
        Ok(index) => Ok(Some(index.cast_into::<PyInt>()?)),
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(value.py()) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether `value` is a numpy bool (which numpy 1 still lets `__index__` read as 0 or 1).
pub fn is_numpy_bool(value: &Bound<'_, PyAny>) -> bool {
    let kind = value.get_type();
    let named = |attr: &str, expected: &[&str]| {
        kind.getattr(attr)
            .ok()
            .and_then(|n| n.extract::<String>().ok())
            .is_some_and(|n| expected.contains(&n.as_str()))
    };
    named("__module__", &["numpy"]) && named("__name__", &["bool", "bool_"])
}

/// "`name` must be an integer from LO to HI, not VALUE".
fn refusal(value: &Bound<'_, PyAny>, name: &str, range: &RangeInclusive<i128>) -> String {
    format!(
        "{name} must be an integer from {} to {}, not {}",
        bound(*range.start()),
        bound(*range.end()),
        shown(value)
    )
}

/// A bound as people write it: `2**64 - 1` rather than its twenty digits.
fn bound(n: i128) -> String {
    for bits in [32, 63, 64] {
        if n == (1i128 << bits) - 1 {
            return format!("2**{bits} - 1");
        }
    }
    n.to_string()
}

/// `repr(value)`, cut to a readable length.
pub fn shown(value: &Bound<'_, PyAny>) -> String {
    const MOST: usize = 60;
    let text = value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "an object without a repr".to_string());
    if text.chars().count() <= MOST {
        return text;
    }
    let cut: String = text.chars().take(MOST).collect();
    format!("{cut}… ({} characters)", text.chars().count())
}

/// Refuses a string where a list is expected (a string iterates by character).
pub fn not_a_string(value: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyResult<()> {
    if value.is_instance_of::<PyString>() {
        return Err(ArgumentTypeError::new_err(format!(
            "{name} must be {expected}, not the string {}",
            shown(value)
        )));
    }
    Ok(())
}

/// The reader of a `stop` argument (`rollouts`, `selfplay`): a callable, or `None`.
pub fn stop(stop: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
    match stop {
        stop if stop.is_none() => Ok(None),
        stop if stop.is_callable() => Ok(Some(stop.clone().unbind())),
        stop => Err(ArgumentTypeError::new_err(format!(
            "stop must be a callable or None, not {}",
            shown(stop)
        ))),
    }
}
