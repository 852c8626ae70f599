//! Seeds of the games of a batch, derived so that any one game can be replayed alone.

use crate::deal::SplitMix64;

/// Output number `index` (from 0) of the SplitMix64 stream seeded with `base` (RULES.md §2.1):
/// the seed of game `index` of a batch seeded with `base`.
///
/// ```
/// use zhengfen_core::batch::derive_seed;
/// use zhengfen_core::deal::SplitMix64;
/// let mut rng = SplitMix64::new(42);
/// rng.next_u64();
/// assert_eq!(derive_seed(42, 1), rng.next_u64());
/// ```
pub fn derive_seed(base: u64, index: u64) -> u64 {
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
    SplitMix64::new(base.wrapping_add(index.wrapping_mul(GAMMA))).next_u64()
}
