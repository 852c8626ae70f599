//! Seating, rotation and seeding: the one rule for who sits where and which seeds a game and its
//! agents draw from (AI.md §3). `rollouts`, `VecGame`, the arena, `zhengfen play`, the Python
//! agents and the Gymnasium env all take it from here.
//!
//! - Rotation `r` seats agent `agents[(s + r) % n]` in seat `s` ([`seated`]); a deal is played
//!   once per distinct rotation ([`period`]) in the duplicate format.
//! - Deal `d` of a batch seeded with `seed` is the game seeded with `derive_seed(seed, d)`
//!   ([`deal_seed`]). `rollouts` and the arena play deals `first_deal ..`; episode `k` of game
//!   `j` of a `VecGame` of `n` games is deal `k * n + j`.
//! - The agent in seat `s` of a game seeded with `game_seed`, at rotation `r`, draws from the
//!   SplitMix64 stream seeded with `derive_seed(game_seed ^ (r + 1), s)` ([`agent_seed`]);
//!   outside tournaments the rotation is 0.

use super::derive_seed;
use crate::deal::SplitMix64;
use crate::game::MAX_PLAYERS;

/// The index of the agent sitting in `seat` at `rotation`, for `n` seats.
///
/// ```
/// use zhengfen_core::batch::seating::seated;
/// assert_eq!(seated(3, 2, 4), 1);
/// ```
pub const fn seated(seat: usize, rotation: u32, n: usize) -> usize {
    (seat + rotation as usize) % n
}

/// Per seat, the index of the agent sitting there at `rotation`, for `n` seats.
pub fn seating(n: usize, rotation: u32) -> Vec<u32> {
    (0..n).map(|s| seated(s, rotation, n) as u32).collect()
}

/// The number of distinct rotations of `agents`: the smallest shift that maps it onto itself
/// (it divides `agents.len()`; 1 for no agents).
///
/// ```
/// use zhengfen_core::batch::seating::period;
/// assert_eq!(period(&["a", "b", "a", "b"]), 2);
/// assert_eq!(period(&["a", "a", "b"]), 3);
/// ```
pub fn period<T: PartialEq>(agents: &[T]) -> u32 {
    let n = agents.len();
    (1..=n)
        .find(|&r| (0..n).all(|s| agents[s] == agents[(s + r) % n]))
        .unwrap_or(1) as u32
}

/// The rotations played on each deal: every distinct one with `duplicate`, else rotation 0.
pub fn rotations<T: PartialEq>(agents: &[T], duplicate: bool) -> u32 {
    if duplicate {
        period(agents)
    } else {
        1
    }
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
    fn the_period_divides_the_seats_and_gives_distinct_rotations() {
        let tables: [&[u8]; 7] = [
            &[0],
            &[0, 0, 0],
            &[0, 1, 0, 1],
            &[0, 1, 2],
            &[0, 0, 1, 1],
            &[0, 1, 0, 1, 0, 1],
            &[],
        ];
        for agents in tables {
            let n = agents.len();
            let p = period(agents);
            assert!(p >= 1 && (n == 0 || n % p as usize == 0), "{agents:?}: {p}");
            let rotated =
                |r: u32| -> Vec<u8> { seating(n, r).iter().map(|&a| agents[a as usize]).collect() };
            for r in 0..p {
                for q in 0..r {
                    assert_ne!(rotated(r), rotated(q), "{agents:?}: {q} and {r}");
                }
            }
            assert_eq!(rotated(p), rotated(0), "{agents:?}");
            assert_eq!(rotations(agents, false), 1);
        }
    }

    #[test]
    fn every_rotation_is_a_permutation() {
        for n in 1..=6 {
            for r in 0..n as u32 {
                let mut seats = seating(n, r);
                seats.sort_unstable();
                assert_eq!(seats, (0..n as u32).collect::<Vec<_>>());
            }
        }
    }

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
