//! Seating and rotation: the one rule for who sits where (AI.md §3); which seeds a game and its
//! agents draw from is [`crate::seed`]'s. `rollouts`, `VecGame`, the arena, `zhengfen play`,
//! the Python agents and the Gymnasium env all take both from there.
//!
//! Rotation `r` seats agent `agents[(s + r) % n]` in seat `s` ([`seated`]); a deal is played
//! once per distinct rotation ([`period`]) in the duplicate format.

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
}
