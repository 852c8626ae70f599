//! The epsilon-greedy draw of a learner seat (AI.md §7.6): at each of its non-forced
//! decisions the seat draws one output `u` of its stream; it explores when
//! `(u >> 11) · 2⁻⁵³ < epsilon` (a uniform number in [0, 1) with 53 bits, exact in a float),
//! and then plays the legal move `uniform(n)` of the same stream (RULES.md §2.2), else the
//! model's best move. Forced decisions (one legal move) draw nothing.
//!
//! In Python, with `rng = zhengfen.SplitMix64(zhengfen.seats.agent_seed(game_seed, seat))`:
//! `(rng.next() >> 11) * 2.0**-53 < epsilon`, then `rng.uniform(n)`.

use crate::seed::SplitMix64;

/// 2⁻⁵³: the step of the uniform numbers drawn.
const STEP: f64 = 1.0 / (1u64 << 53) as f64;

/// The move a learner seat explores with among `n` legal moves (more than one), or `None`
/// when it plays the model's best move this time.
///
/// ```
/// use zhengfen_core::batch::explore;
/// use zhengfen_core::seed::SplitMix64;
/// let mut rng = SplitMix64::new(5);
/// assert_eq!(explore(&mut rng, 0.0, 9), None); // never with epsilon 0
/// assert!(explore(&mut rng, 1.0, 9).is_some_and(|m| m < 9)); // always with 1
/// ```
pub fn explore(rng: &mut SplitMix64, epsilon: f64, n: usize) -> Option<usize> {
    let u = (rng.next_u64() >> 11) as f64 * STEP;
    (u < epsilon).then(|| rng.uniform(n as u64) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_of_explorations_is_epsilon() {
        let mut rng = SplitMix64::new(11);
        for epsilon in [0.1, 0.5] {
            let draws = 20_000;
            let explored = (0..draws)
                .filter(|_| explore(&mut rng, epsilon, 4).is_some())
                .count();
            let share = explored as f64 / draws as f64;
            assert!((share - epsilon).abs() < 0.015, "{share} for {epsilon}");
        }
    }

    #[test]
    fn a_draw_is_one_output_and_an_exploration_one_uniform_move() {
        let mut rng = SplitMix64::new(3);
        let mut mirror = SplitMix64::new(3);
        assert_eq!(explore(&mut rng, 1.0, 7), {
            mirror.next_u64();
            Some(mirror.uniform(7) as usize)
        });
        explore(&mut rng, 0.0, 7);
        mirror.next_u64();
        assert_eq!(rng.state, mirror.state);
    }
}
