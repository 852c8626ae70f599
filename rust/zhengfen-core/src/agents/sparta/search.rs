//! A decision's search: the blueprint's candidates, worlds resampled from the mover's view
//! until the budget is spent, every candidate rolled out by the blueprint in each world, and
//! the paired gains over the blueprint's own move that decide.

use crate::agents::policy::{self, Scratch};
use crate::agents::{Choose, Greedy, Turn};
use crate::cancel::Cancel;
use crate::game::{Game, Move};
use crate::learned::forward::argmax;
use crate::seed::SplitMix64;

use super::belief::{self, Belief};
use super::spec::Sparta;

/// What a decision's worlds found: for each candidate, its mean gain over the first candidate
/// (the move kept by default, whose gain is 0) and that mean's standard error, in points a
/// match.
#[derive(Clone, Debug, PartialEq)]
pub struct Gains {
    /// Worlds drawn, each given to every candidate.
    pub worlds: u32,
    /// Units spent: one a rollout and one a blueprint decision with more than one move (with a
    /// belief, also one a decision of another seat it scores: [`Sparta::belief`]).
    pub spent: u64,
    /// The mean gain of each candidate over the first, in the order tried.
    pub mean: Vec<f64>,
    /// The standard error of each mean (infinite with fewer than two worlds; with a belief,
    /// fewer than two effective worlds, `(Σ w)² / Σ w²`).
    pub error: Vec<f64>,
}

impl Gains {
    /// The index (into the candidates) of the one to play: the largest mean gain whose lower
    /// bound, `mean - z * error`, exceeds `threshold`; else 0, the move kept by default. With
    /// `z = 0` one world suffices; otherwise it takes two.
    pub fn choice(&self, threshold: f64, z: f64) -> usize {
        // With z = 0 the error (infinite after one world) is not looked at.
        let bound = |i: usize| match z > 0.0 {
            true => self.mean[i] - z * self.error[i],
            false => self.mean[i],
        };
        let best =
            (1..self.mean.len()).fold(0, |b, i| if self.mean[i] > self.mean[b] { i } else { b });
        if best > 0 && bound(best) > threshold {
            best
        } else {
            0
        }
    }
}

/// Sums of one candidate's gains over the move kept by default, world by world.
#[derive(Clone, Copy, Default)]
struct Sums {
    total: f64,
    squares: f64,
}

impl Sums {
    /// The sums of `gains`.
    fn of(gains: &[f64]) -> Sums {
        gains.iter().fold(Sums::default(), |s, g| Sums {
            total: s.total + g,
            squares: s.squares + g * g,
        })
    }

    /// The mean and its standard error over `n` worlds.
    fn mean_and_error(self, n: u32) -> (f64, f64) {
        let n = f64::from(n);
        let mean = self.total / n;
        if n < 2.0 {
            return (mean, f64::INFINITY);
        }
        let variance = ((self.squares - n * mean * mean) / (n - 1.0)).max(0.0);
        (mean, (variance / n).sqrt())
    }
}

impl Sparta {
    /// The indices of the moves to compare, best by the blueprint first: the model's Q-values,
    /// or the greedy score for a greedy (or unbound) policy.
    pub fn candidates(&self, game: &Game, moves: &[Move]) -> Vec<usize> {
        let (model, k) = (self.policy.model(), self.candidates as usize);
        let (mut work, mut order) = (Scratch::new(model), Vec::new());
        policy::rank_into(model, game, moves, k, &mut work.decisions, &mut order);
        order
    }

    /// The paired gains of the moves `tried` (indices into `moves`, the first the one the
    /// others are measured against) over worlds resampled from the mover's view, drawn until
    /// `budget` units are spent (at least one world). `None` when nobody is to move, the view
    /// cannot be resampled, or `cancel` stops the work before a world is done (a world cut
    /// short is left out).
    pub fn gains_until(
        &self,
        game: &Game,
        moves: &[Move],
        tried: &[usize],
        rng: &mut SplitMix64,
        cancel: &Cancel<'_>,
    ) -> Option<Gains> {
        let seat = game.current_player()?;
        let mut work = Scratch::new(self.policy.model());
        let mut results = vec![0.0; tried.len()];
        // Each candidate's gain over the first, world by world, and each world's log-weight.
        let (mut gains, mut log_weights) = (vec![Vec::new(); tried.len()], Vec::new());
        let mut spent = 0u64;
        'worlds: while spent < u64::from(self.budget) {
            let (world, log_weight) = self.world(game, seat, rng, &mut work, &mut spent)?;
            for (result, &index) in results.iter_mut().zip(tried) {
                if cancel.check() {
                    break 'worlds;
                }
                let mut line = world.clone();
                line.play_unchecked(moves[index]);
                spent += 1 + self.roll_out(&mut line, &mut work);
                *result = line.match_result(seat) as f64;
            }
            for (gain, result) in gains.iter_mut().zip(&results) {
                gain.push(result - results[0]);
            }
            log_weights.push(log_weight);
        }
        let worlds = u32::try_from(log_weights.len()).unwrap_or(u32::MAX);
        (worlds > 0).then(|| {
            let (mean, error) = gains
                .iter()
                .map(|g| match self.belief > 0.0 {
                    true => belief::weighted_mean_and_error(g, &log_weights),
                    false => Sums::of(g).mean_and_error(worlds),
                })
                .unzip();
            Gains {
                worlds,
                spent,
                mean,
                error,
            }
        })
    }

    /// A world resampled from `seat`'s view of `game`, with its log-weight: 0 without a
    /// belief; with one ([`Sparta::belief`] > 0 and a learned blueprint), minus the regret of
    /// the others' plays seen over the temperature ([`belief::Belief`]), each scored decision a
    /// unit of `spent`.
    /// `None` where the view cannot be resampled.
    fn world(
        &self,
        game: &Game,
        seat: u8,
        rng: &mut SplitMix64,
        work: &mut Scratch,
        spent: &mut u64,
    ) -> Option<(Game, f64)> {
        let Some(model) = self.policy.model().filter(|_| self.belief > 0.0) else {
            return Some((game.resample(usize::from(seat), rng).ok()?, 0.0));
        };
        let mut belief = Belief::new(model, seat, self.belief);
        let world = game
            .resample_visiting(usize::from(seat), rng, |before, mv| {
                belief.observe(before, mv, work);
            })
            .ok()?;
        *spent += belief.passes;
        Some((world, belief.log_weight))
    }

    /// Plays the match of `world` to its end by the blueprint in every seat; the decisions
    /// with more than one legal move it made (each a forward pass of a learned blueprint).
    fn roll_out(&self, world: &mut Game, work: &mut Scratch) -> u64 {
        let model = self.policy.model();
        let mut decisions = 0;
        while world.current_player().is_some() {
            world.legal_moves_into(&mut work.combos, &mut work.moves);
            let pick = match (work.moves.len(), model) {
                (0, _) => break, // no legal move: not a position a game reaches
                (1, _) => 0,
                (_, Some(model)) => argmax(&policy::q_of(
                    model,
                    world,
                    &work.moves,
                    &mut work.decisions,
                )),
                (_, None) => Greedy.choose(world, &work.moves),
            };
            decisions += u64::from(work.moves.len() > 1);
            world.play_unchecked(work.moves[pick]);
        }
        decisions
    }
}

impl Choose for Sparta {
    /// The candidate the paired gains pick ([`Gains::choice`]), else the move kept by default
    /// (the blueprint's, or the tree search's: [`Sparta::tried`]); stopping after the rollout
    /// under way when the turn's cancel says so (the worlds done so far decide; none done, the
    /// move kept by default).
    fn pick(&self, turn: &Turn<'_>, rng: &mut SplitMix64) -> usize {
        let tried = self.tried(turn, rng);
        if tried.len() < 2 {
            return tried[0];
        }
        match self.gains_until(turn.game, turn.moves, &tried, rng, turn.cancel) {
            Some(gains) => tried[gains.choice(self.threshold, self.z)],
            None => tried[0],
        }
    }
}
