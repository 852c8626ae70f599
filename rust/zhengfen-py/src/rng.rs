//! `SplitMix64` and the dealing functions (RULES.md §2) as Python objects.

use crate::args::{int_arg, Arg, U64};
use crate::cards::{PyCard, PyCards};
use crate::rules::PyRules;
use pyo3::prelude::*;
use zhengfen_core::deal::{deal as core_deal, shuffled_deck};
use zhengfen_core::seed::SplitMix64;

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

    /// A number from 0 to `n - 1`, drawn from the stream (RULES.md §2.2).
    fn uniform(&mut self, n: &Bound<'_, PyAny>) -> PyResult<u64> {
        let n = int_arg(n, "n", 1..=U64)?;
        Ok(self.rng.uniform(n))
    }

    /// `SplitMix64(0x...)`: the stream as it stands, which that expression recreates.
    fn __repr__(&self) -> String {
        format!("SplitMix64({:#018x})", self.rng.state)
    }

    fn __getnewargs__(&self) -> (u64,) {
        (self.rng.state,)
    }
}

/// A seed: an integer from 0 to 2**64 - 1 (the rule of `args`).
pub fn seed_arg(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    int_arg(seed, "seed", 0..=U64)
}

/// Runs `f` on the stream named by the argument `name`: a new one for an integer seed, else the
/// given `SplitMix64`.
pub fn with_stream<T>(
    seed: &Bound<'_, PyAny>,
    name: &str,
    f: impl FnOnce(&mut SplitMix64) -> T,
) -> PyResult<T> {
    if let Ok(rng) = seed.cast::<PySplitMix64>() {
        return Ok(f(&mut rng.borrow_mut().rng));
    }
    let seed = int_arg(seed, &format!("{name} (a seed or a SplitMix64)"), 0..=U64)?;
    Ok(f(&mut SplitMix64::new(seed)))
}

/// The canonical deck of 54 or 108 cards (`decks` 1 or 2) shuffled by RULES.md §2.3: an integer
/// `rng` starts a new stream, a `SplitMix64` is drawn from where it stands.
#[pyfunction]
pub fn shuffle_deck(decks: &Bound<'_, PyAny>, rng: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
    let decks = int_arg(decks, "decks", 1..=2)?;
    let deck = with_stream(rng, "rng", |rng| shuffled_deck(decks, rng))?;
    Ok(deck.into_iter().map(|card| PyCard { card }).collect())
}

/// One hand per seat (RULES.md §2.4), each with `decks = rules.decks`, dealt from `seed`: an
/// integer starts a new stream, a `SplitMix64` is drawn from where it stands.
#[pyfunction]
#[pyo3(signature = (rules, seed, first_drawer = Arg::ABSENT),
    text_signature = "(rules, seed, first_drawer=0)")]
pub fn deal(
    rules: &PyRules,
    seed: &Bound<'_, PyAny>,
    first_drawer: Arg<'_>,
) -> PyResult<Vec<PyCards>> {
    let rules = rules.rules;
    let seats = 0..=i128::from(rules.players) - 1;
    let first_drawer = first_drawer.int("first_drawer", seats, 0)?;
    let hands = with_stream(seed, "seed", |rng| core_deal(&rules, rng, first_drawer))?;
    let decks = rules.decks();
    Ok(hands
        .into_iter()
        .map(|set| PyCards { set, decks })
        .collect())
}
