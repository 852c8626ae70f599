//! A belief from the blueprint: how likely a resampled world makes the plays the mover has
//! seen. Each decision of another seat in this match, with more than one legal move, is scored
//! by what the play gave up by the blueprint's Q-values in that world (its largest Q-value
//! less the played move's, points a match), and a world's weight is `exp(−Σ regret / belief)`.
//! Worlds in which the others' plays look like the blueprint's weigh more; a world whose hands
//! make a play the model thinks costly, less. The temperature `belief` says how many points of
//! regret cost a factor `e`; the larger, the nearer every world weighs the same.

use crate::agents::policy::{self, Scratch};
use crate::game::{Game, Move};
use crate::learned::Model;

/// A world's log-weight, summed as its match is replayed ([`Game::resample_visiting`]).
pub(super) struct Belief<'a> {
    model: &'a Model,
    /// The seat searching: its own plays say nothing about the hidden hands.
    seat: u8,
    /// The temperature, in points a match (> 0): the regret that costs a factor `e`.
    temperature: f64,
    /// The sum so far of the plays' [`log_regret`]s: minus their regrets over the temperature.
    pub(super) log_weight: f64,
    /// The forward passes made (one a scored decision).
    pub(super) passes: u64,
}

impl<'a> Belief<'a> {
    /// A belief with nothing seen yet.
    pub(super) fn new(model: &'a Model, seat: u8, temperature: f64) -> Belief<'a> {
        Belief {
            model,
            seat,
            temperature,
            log_weight: 0.0,
            passes: 0,
        }
    }

    /// Scores `played`, the move made in `before` (skipped where the seat searching made it or
    /// it was the only legal move).
    pub(super) fn observe(&mut self, before: &Game, played: Move, work: &mut Scratch) {
        if before.current_player() == Some(self.seat) || before.current_player().is_none() {
            return;
        }
        before.legal_moves_into(&mut work.combos, &mut work.moves);
        let Some(index) = work.moves.iter().position(|&mv| mv == played) else {
            return;
        };
        if work.moves.len() < 2 {
            return;
        }
        let q = policy::q_of(self.model, before, &work.moves, &mut work.decisions);
        self.log_weight += log_regret(&q, index, self.temperature);
        self.passes += 1;
    }
}

/// `(q[index] − max q) / t`: minus the points a match the play gave up by the model's values,
/// over the temperature. It is the log-probability of the play under the softmax over
/// `q / t` less that of the model's own move: the softmax's normaliser, which depends on how
/// many moves the world's hand offers, is left out, so a world is not preferred for giving the
/// others fewer moves to choose from, and a large temperature weighs every world the same.
pub(super) fn log_regret(q: &[f32], index: usize, t: f64) -> f64 {
    let top = q.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    (f64::from(q[index]) - f64::from(top)) / t
}

/// The mean of `values` weighted by `exp(log_weights)` and its standard error (self-normalized
/// importance sampling: `Σ w² (x − mean)² / (Σ w)²`, corrected by `n / (n − 1)` for the
/// effective number of worlds `n = (Σ w)² / Σ w²`); infinite where `n < 2` (one world carries
/// nearly all the weight). With equal weights, the plain mean and standard error. The worlds of
/// the largest log-weight weigh 1, all of them where every log-weight is −∞ (a temperature so
/// small that every regret is infinite), not NaN.
pub(super) fn weighted_mean_and_error(values: &[f64], log_weights: &[f64]) -> (f64, f64) {
    let top = log_weights
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let weight = |l: f64| if l == top { 1.0 } else { (l - top).exp() };
    let w: Vec<f64> = log_weights.iter().map(|&l| weight(l)).collect();
    let total: f64 = w.iter().sum();
    let mean = values.iter().zip(&w).map(|(x, w)| w * x).sum::<f64>() / total;
    let squares: f64 = w.iter().map(|w| w * w).sum();
    let effective = total * total / squares;
    if effective < 2.0 - 1e-9 {
        return (mean, f64::INFINITY);
    }
    let spread: f64 = values
        .iter()
        .zip(&w)
        .map(|(x, w)| w * w * (x - mean) * (x - mean))
        .sum::<f64>()
        / (total * total);
    (mean, (spread * effective / (effective - 1.0)).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_weights_give_the_plain_mean_and_standard_error() {
        let values = [1.0, 4.0, -2.0, 7.0];
        let (mean, error) = weighted_mean_and_error(&values, &[0.3; 4]);
        let plain = 2.5;
        let variance = values
            .iter()
            .map(|x| (x - plain) * (x - plain))
            .sum::<f64>()
            / 3.0;
        assert!((mean - plain).abs() < 1e-12);
        assert!((error - (variance / 4.0).sqrt()).abs() < 1e-12, "{error}");
    }

    #[test]
    fn worlds_of_no_weight_drop_out_of_the_mean_and_the_error() {
        // Weighted by n_eff, not by the worlds drawn: the three that count give their plain
        // mean and standard error (n / (n − 1) with n = 5 would give a smaller error).
        let values = [1.0, 4.0, -2.0, 300.0, -50.0];
        let (mean, error) = weighted_mean_and_error(&values, &[-1.0, -1.0, -1.0, -900.0, -950.0]);
        let (plain, plain_error) = weighted_mean_and_error(&values[..3], &[0.0; 3]);
        assert!((mean - 1.0).abs() < 1e-12 && (plain - 1.0).abs() < 1e-12);
        assert!((error - plain_error).abs() < 1e-12, "{error} {plain_error}");
        assert!((error - 3.0f64.sqrt()).abs() < 1e-12, "{error}");
    }

    #[test]
    fn worlds_all_of_infinite_regret_weigh_the_same_not_nan() {
        // A temperature of 5e-324 makes every regret −∞ (`belief=5e-324` is in range).
        let lost = log_regret(&[3.0, 1.0], 1, 5e-324);
        assert_eq!(lost, f64::NEG_INFINITY);
        let (mean, error) = weighted_mean_and_error(&[1.0, 4.0, -2.0], &[lost; 3]);
        assert_eq!(
            (mean, error),
            weighted_mean_and_error(&[1.0, 4.0, -2.0], &[0.0; 3])
        );
        assert!(mean.is_finite() && error.is_finite(), "{mean} {error}");
        // One world of finite regret among them takes all the weight.
        let (mean, error) = weighted_mean_and_error(&[1.0, 4.0, -2.0], &[lost, -3.0, lost]);
        assert_eq!(mean, 4.0);
        assert!(error.is_infinite());
    }

    #[test]
    fn a_world_of_all_the_weight_decides_alone_with_no_error_bound() {
        let (mean, error) = weighted_mean_and_error(&[5.0, -100.0], &[0.0, -800.0]);
        assert!((mean - 5.0).abs() < 1e-9);
        assert!(error.is_infinite());
    }

    #[test]
    fn the_models_own_move_costs_nothing_and_others_cost_their_lost_points() {
        let q = [3.0f32, 1.0, -2.0];
        assert_eq!(log_regret(&q, 0, 10.0), 0.0);
        assert!((log_regret(&q, 2, 10.0) + 0.5).abs() < 1e-12);
        assert!(log_regret(&q, 1, 0.5) < log_regret(&q, 1, 10.0));
        // Only the gap to the best counts, not how many moves there were.
        assert_eq!(
            log_regret(&[3.0, 1.0], 1, 1.0),
            log_regret(&[3.0, 1.0, 0.0, 2.5], 1, 1.0)
        );
    }

    #[test]
    fn the_real_deal_played_by_the_model_weighs_the_most() {
        use crate::agents::{Agent, Choose, Learned};
        use crate::learned::testing;
        use crate::rules::Rules;
        use crate::seed::SplitMix64;
        for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
            let model = testing::random_model(&rules, 2, &[16, 8], 3);
            let agent = Agent::Learned(Learned::from_model(model.clone().into(), None));
            let mut game = Game::new(rules, 12);
            let mut history = Vec::new();
            for _ in 0..40 {
                let moves = game.legal_moves();
                let pick = agent.choose(&game, &moves, &mut SplitMix64::new(0));
                history.push((game.clone(), moves[pick]));
                game.play(moves[pick]).unwrap();
            }
            let seat = game.current_player().unwrap();
            let mut work = Scratch::new(Some(&model));
            let mut real = Belief::new(&model, seat, 1.0);
            for (before, played) in &history {
                real.observe(before, *played, &mut work);
            }
            assert_eq!(real.log_weight, 0.0, "every play was the model's own");
            assert!(real.passes > 5, "{rules}: few scored decisions");
            let (mut below, mut rng) = (0, SplitMix64::new(2));
            for _ in 0..20 {
                let mut world = Belief::new(&model, seat, 1.0);
                game.resample_visiting(usize::from(seat), &mut rng, |before, mv| {
                    world.observe(before, mv, &mut work);
                })
                .unwrap();
                assert!(world.log_weight <= 0.0);
                below += usize::from(world.log_weight < 0.0);
            }
            assert!(
                below > 0,
                "{rules}: no world weighs less: the test proves nothing"
            );
        }
    }
}
