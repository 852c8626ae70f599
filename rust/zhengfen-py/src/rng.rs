//! `SplitMix64` and the dealing functions (RULES.md §2) as Python objects.

use crate::cards::{PyCard, PyCards};
use crate::errors::value_error;
use crate::rules::PyRules;
use pyo3::prelude::*;
use pyo3::types::PyBool;
use zhengfen_core::deal::{deal as core_deal, shuffled_deck, SplitMix64};

/// The SplitMix64 stream of RULES.md §2.1.
#[pyclass(name = "SplitMix64", module = "zhengfen")]
#[derive(Clone)]
pub struct PySplitMix64 {
    pub rng: SplitMix64,
}

#[pymethods]
impl PySplitMix64 {
    #[new]
    fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PySplitMix64 {
            rng: SplitMix64::new(seed_arg(seed)?),
        })
    }

    /// The 64-bit state.
    #[getter]
    fn state(&self) -> u64 {
        self.rng.state
    }

    /// The next 64-bit output (RULES.md §2.1).
    fn next(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A uniform integer in `0..n` (RULES.md §2.2).
    fn uniform(&mut self, n: &Bound<'_, PyAny>) -> PyResult<u64> {
        let n: u64 = n
            .extract()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| value_error("n must be an integer from 1 to 2**64 - 1"))?;
        Ok(self.rng.uniform(n))
    }

    fn __repr__(&self) -> String {
        format!("<SplitMix64 state={:#018x}>", self.rng.state)
    }

    fn __getnewargs__(&self) -> (u64,) {
        (self.rng.state,)
    }
}

/// A seed: an integer from 0 to 2**64 - 1.
pub fn seed_arg(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    // Any integer, numpy's included (anything with `__index__`), but not a bool.
    let integer = !seed.is_instance_of::<PyBool>() && seed.hasattr("__index__")?;
    integer
        .then(|| seed.extract::<u64>().ok())
        .flatten()
        .ok_or_else(|| value_error("a seed must be an integer from 0 to 2**64 - 1"))
}

/// Runs `f` on the stream named by `seed`: a new one for an integer, else the given object.
pub fn with_stream<T>(
    seed: &Bound<'_, PyAny>,
    f: impl FnOnce(&mut SplitMix64) -> T,
) -> PyResult<T> {
    if let Ok(rng) = seed.cast::<PySplitMix64>() {
        return Ok(f(&mut rng.borrow_mut().rng));
    }
    Ok(f(&mut SplitMix64::new(seed_arg(seed)?)))
}

/// The canonical deck of `decks` decks shuffled from `rng` (RULES.md §2.3).
#[pyfunction]
pub fn shuffle_deck(decks: u8, rng: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
    if decks != 1 && decks != 2 {
        return Err(value_error("decks must be 1 or 2"));
    }
    let deck = with_stream(rng, |rng| shuffled_deck(decks, rng))?;
    Ok(deck.into_iter().map(|card| PyCard { card }).collect())
}

/// One hand per seat, dealt from `seed` (an integer or a `SplitMix64`) (RULES.md §2.4).
#[pyfunction]
#[pyo3(signature = (rules, seed, first_drawer = 0))]
pub fn deal(
    rules: &PyRules,
    seed: &Bound<'_, PyAny>,
    first_drawer: usize,
) -> PyResult<Vec<PyCards>> {
    let rules = rules.rules;
    if first_drawer >= usize::from(rules.players) {
        return Err(value_error(format!(
            "first_drawer must be a seat from 0 to {}",
            rules.players - 1
        )));
    }
    let hands = with_stream(seed, |rng| core_deal(&rules, rng, first_drawer))?;
    let decks = rules.decks();
    Ok(hands
        .into_iter()
        .map(|set| PyCards { set, decks })
        .collect())
}
