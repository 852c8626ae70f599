//! Seeds and the random stream (RULES.md §2.1, §2.2; AI.md §3): the one home of how every seed
//! of the project is made. [`SplitMix64`] is a game's one random stream (dealing draws from it);
//! the other seeds are outputs of SplitMix64 streams, so that any one game or agent can be
//! replayed alone:
//!
//! - game `index` of a batch seeded with `base` is seeded with [`derive_seed`]`(base, index)`;
//! - deal `d` of a batch seeded with `seed` is the game seeded with `derive_seed(seed, d)`
//!   ([`deal_seed`]): `rollouts` and the arena play deals `first_deal ..`; episode `k` of game
//!   `j` of a `VecGame` of `n` games is deal `k * n + j`;
//! - the agent in seat `s` of a game seeded with `game_seed`, at rotation `r`, draws from the
//!   stream seeded with `derive_seed(game_seed ^ (r + 1), s)` ([`agent_seed`]); outside
//!   tournaments the rotation is 0.

use crate::rules::MAX_PLAYERS;

/// The SplitMix64 generator of RULES.md §2.1.
///
/// ```
/// use zhengfen_core::seed::SplitMix64;
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xE220A8397B1DCDAF);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    /// The 64-bit state; the seed before the first draw.
    pub state: u64,
}

impl SplitMix64 {
    /// A stream whose state is `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next output (RULES.md §2.1).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer below `n` by rejection (RULES.md §2.2); `n = 0` is read as 1.
    ///
    /// ```
    /// use zhengfen_core::seed::SplitMix64;
    /// let mut rng = SplitMix64::new(7);
    /// assert!((0..100).all(|_| rng.uniform(6) < 6));
    /// ```
    pub fn uniform(&mut self, n: u64) -> u64 {
        let n = n.max(1);
        // 2^64 - (2^64 mod n), computed without 128-bit arithmetic; 0 stands for 2^64.
        let limit = 0u64.wrapping_sub(0u64.wrapping_sub(n) % n);
        loop {
            let r = self.next_u64();
            if limit == 0 || r < limit {
                return r % n;
            }
        }
    }
}

/// Output number `index` (from 0) of the SplitMix64 stream seeded with `base` (RULES.md §2.1):
/// the seed of game `index` of a batch seeded with `base`.
///
/// ```
/// use zhengfen_core::seed::derive_seed;
/// use zhengfen_core::seed::SplitMix64;
/// let mut rng = SplitMix64::new(42);
/// rng.next_u64();
/// assert_eq!(derive_seed(42, 1), rng.next_u64());
/// ```
pub fn derive_seed(base: u64, index: u64) -> u64 {
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
    SplitMix64::new(base.wrapping_add(index.wrapping_mul(GAMMA))).next_u64()
}

/// The seed of deal `deal` of a batch seeded with `seed` (of `rollouts`, the arena or a
/// `VecGame`: the module documentation says which deal is which).
pub fn deal_seed(seed: u64, deal: u64) -> u64 {
    derive_seed(seed, deal)
}

/// The seed of the stream the agent in `seat` draws from, in the game seeded with `game_seed`
/// played at `rotation` (0 outside tournaments).
pub fn agent_seed(game_seed: u64, rotation: u32, seat: usize) -> u64 {
    derive_seed(game_seed ^ (u64::from(rotation) + 1), seat as u64)
}

/// The streams of the agents of `n` seats, by [`agent_seed`] (held inline: seats from `n` on
/// get an unused stream).
pub fn agent_streams(game_seed: u64, rotation: u32, n: usize) -> [SplitMix64; MAX_PLAYERS] {
    std::array::from_fn(|s| {
        SplitMix64::new(if s < n {
            agent_seed(game_seed, rotation, s)
        } else {
            0
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_streams_are_distinct_per_seat_and_rotation() {
        let mut seeds: Vec<u64> = (0..4)
            .flat_map(|r| (0..4).map(move |s| agent_seed(9, r, s)))
            .collect();
        seeds.push(deal_seed(9, 0));
        let count = seeds.len();
        seeds.sort_unstable();
        seeds.dedup();
        assert_eq!(seeds.len(), count);
        assert_eq!(agent_streams(9, 1, 3)[2].state, agent_seed(9, 1, 2));
    }
}
