//! The search agent: determinized (perfect-information) Monte Carlo.
//!
//! For each of `determinizations` games drawn with [`Game::resample`] from the mover's view,
//! it tries each of its `candidates` best moves by the greedy score, plays the match out with
//! the greedy agent in every seat, and keeps the move with the best mean outcome
//! ([`Game::match_result`]: the mover's match points in Zheng Fen, its team's lead in Zen Cheng
//! You). The same determinizations serve
//! every candidate, so their comparison is paired.

use super::{play_out, settings, Agent, Choose, Greedy, Turn};
use crate::cancel::Cancel;
use crate::error::Result;
use crate::game::{Game, Move};
use crate::seed::SplitMix64;

/// Settings of the search agent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// Games sampled from the mover's view per decision.
    pub determinizations: u32,
    /// Moves tried per decision: the best by the greedy score.
    pub candidates: u32,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            determinizations: 8,
            candidates: 8,
        }
    }
}

impl Search {
    /// The most determinizations or candidates a spec (or an evaluation) may ask for.
    pub const MOST: u32 = 10_000;

    /// Settings from `name=value` pairs separated by commas (`determinizations`, `candidates`,
    /// each 1 to 10,000); missing ones keep their defaults.
    pub fn parse(args: &str) -> Result<Search> {
        let spec = format!("search({args})");
        let mut search = Search::default();
        for (key, value) in settings::pairs(&spec, args)? {
            let value = || settings::number(&spec, key, value, 1, Search::MOST);
            match key {
                "determinizations" => search.determinizations = value()?,
                "candidates" => search.candidates = value()?,
                other => return Err(settings::unknown(&spec, other)),
            }
        }
        Ok(search)
    }

    /// These settings if each is 1 to [`Search::MOST`], else the error a spec with them gets:
    /// the search agent made from numbers rather than from a spec (`AgentSpec.search`).
    ///
    /// ```
    /// use zhengfen_core::agents::Search;
    /// let search = Search { determinizations: 2, candidates: 3 };
    /// assert_eq!(search.checked().unwrap(), search);
    /// let error = Search { candidates: 0, ..search }.checked().unwrap_err().to_string();
    /// assert!(error.contains("candidates must be 1 to 10000"), "{error}");
    /// ```
    pub fn checked(self) -> Result<Search> {
        let spec = Agent::Search(self).to_string();
        settings::in_range(
            &spec,
            "determinizations",
            self.determinizations,
            1,
            Search::MOST,
        )?;
        settings::in_range(&spec, "candidates", self.candidates, 1, Search::MOST)?;
        Ok(self)
    }

    /// The mean outcome for the mover ([`Game::match_result`]) of each move of `tried`
    /// (indices into `moves`, each less than its length), over `determinizations` games
    /// resampled from the mover's view and played out by the greedy agent: the same games for
    /// every move, so the means compare paired. `None` when nobody is to move, the view cannot
    /// be resampled, or `cancel` stops the work.
    ///
    /// ```
    /// use zhengfen_core::agents::Search;
    /// use zhengfen_core::seed::SplitMix64;
    /// use zhengfen_core::cancel::Cancel;
    /// use zhengfen_core::game::Game;
    /// use zhengfen_core::rules::Rules;
    /// let game = Game::new(Rules::zheng_fen(4).unwrap(), 7);
    /// let moves = game.legal_moves();
    /// let search = Search { determinizations: 4, candidates: 8 };
    /// let means = search
    ///     .evaluate_until(&game, &moves, &[0, 1], &mut SplitMix64::new(1), &Cancel::never())
    ///     .unwrap();
    /// assert!(means.len() == 2 && means.iter().all(|m| (0.0..=100.0).contains(m)));
    /// ```
    pub fn evaluate_until(
        &self,
        game: &Game,
        moves: &[Move],
        tried: &[usize],
        rng: &mut SplitMix64,
        cancel: &Cancel<'_>,
    ) -> Option<Vec<f64>> {
        let seat = game.current_player()?;
        let rounds = self.determinizations.max(1);
        let mut totals = vec![0.0; tried.len()];
        let mut scratch = Vec::new();
        for _ in 0..rounds {
            let world = game.resample(usize::from(seat), rng).ok()?;
            for (total, &index) in totals.iter_mut().zip(tried) {
                if cancel.check() {
                    return None;
                }
                let mut line = world.clone();
                line.play_unchecked(moves[index]);
                play_out(&mut line, &Agent::Greedy, rng, &mut scratch);
                *total += line.match_result(seat) as f64;
            }
        }
        Some(totals.into_iter().map(|t| t / f64::from(rounds)).collect())
    }

    /// The indices of the moves to try, best greedy score first.
    fn candidates(&self, game: &Game, moves: &[Move]) -> Vec<usize> {
        let mut order = Vec::new();
        Greedy.best_into(game, moves, self.candidates as usize, &mut order);
        order
    }
}

impl Choose for Search {
    /// The move with the best mean outcome, stopping after the playout under way when the
    /// turn's cancel says so (the best move so far is returned).
    fn pick(&self, turn: &Turn<'_>, rng: &mut SplitMix64) -> usize {
        let tried = self.candidates(turn.game, turn.moves);
        if tried.len() == 1 {
            return tried[0];
        }
        let Some(means) = self.evaluate_until(turn.game, turn.moves, &tried, rng, turn.cancel)
        else {
            return tried[0];
        };
        let best = (0..tried.len()).fold(0, |b, i| if means[i] > means[b] { i } else { b });
        tried[best]
    }
}
