//! The core's seeds (`zhengfen_core::seed`, AI.md §3) as Python functions: arguments read,
//! nothing decided here.

use crate::args::{self, int_arg, U64};
use pyo3::prelude::*;
use zhengfen_core::seed as core;

/// Output number `index` (from 0) of SplitMix64 seeded with `base`: the seed of deal `index`
/// of `rollouts(..., seed=base)` (AI.md §2, §3).
#[pyfunction]
fn derive_seed(base: &Bound<'_, PyAny>, index: &Bound<'_, PyAny>) -> PyResult<u64> {
    let base = int_arg(base, "base", 0..=U64)?;
    let index = int_arg(index, "index", 0..=U64)?;
    Ok(core::derive_seed(base, index))
}

/// The seed of deal `deal` of a batch seeded with `seed`.
#[pyfunction]
fn deal_seed(seed: &Bound<'_, PyAny>, deal: &Bound<'_, PyAny>) -> PyResult<u64> {
    let seed = int_arg(seed, "seed", 0..=U64)?;
    let deal = int_arg(deal, "deal", 0..=U64)?;
    Ok(core::deal_seed(seed, deal))
}

/// The seed of the stream the agent in `seat` draws from, in the game seeded with `game_seed`
/// played at `rotation`.
#[pyfunction]
#[pyo3(signature = (game_seed, seat, rotation = 0))]
fn agent_seed(
    game_seed: &Bound<'_, PyAny>,
    seat: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::rotation)] rotation: u32,
) -> PyResult<u64> {
    let game_seed = int_arg(game_seed, "game_seed", 0..=U64)?;
    let seat: usize = int_arg(seat, "seat", 0..=i128::from(u8::MAX))?;
    Ok(core::agent_seed(game_seed, rotation, seat))
}

/// Adds the seed functions.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(deal_seed, m)?)?;
    m.add_function(wrap_pyfunction!(agent_seed, m)?)?;
    Ok(())
}
