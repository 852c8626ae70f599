//! The search agent: determinized (perfect-information) Monte Carlo.
//!
//! For each of `determinizations` games drawn with [`Game::resample`] from the mover's view,
//! it tries each of its `candidates` best moves by the greedy score, plays the match out with
//! the greedy agent in every seat, and keeps the move with the best mean outcome
//! ([`Game::match_result`]: the mover's match points in Zheng Fen, its team's lead in Zen Cheng
//! You). The same determinizations serve
//! every candidate, so their comparison is paired.

use super::{play_out, settings, Agent, Greedy};
use crate::cancel::Cancel;
use crate::deal::SplitMix64;
use crate::error::Result;
use crate::game::{Game, Move};

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

/// The most determinizations or candidates a spec may ask for.
const MOST: u32 = 10_000;

impl Search {
    /// Settings from `name=value` pairs separated by commas (`determinizations`, `candidates`,
    /// each 1 to 10,000); missing ones keep their defaults.
    pub fn parse(args: &str) -> Result<Search> {
        let spec = format!("search({args})");
        let mut search = Search::default();
        for (key, value) in settings::pairs(&spec, args)? {
            let value = || settings::number(&spec, key, value, 1, MOST);
            match key {
                "determinizations" => search.determinizations = value()?,
                "candidates" => search.candidates = value()?,
                other => return Err(settings::unknown(&spec, other)),
            }
        }
        Ok(search)
    }

    /// The index in `moves` of the move with the best mean outcome.
    pub fn choose(&self, game: &Game, moves: &[Move], rng: &mut SplitMix64) -> usize {
        self.choose_until(game, moves, rng, &Cancel::never())
    }

    /// [`Search::choose`], stopping after the playout under way when `cancel` says so (the best
    /// move so far is returned).
    pub fn choose_until(
        &self,
        game: &Game,
        moves: &[Move],
        rng: &mut SplitMix64,
        cancel: &Cancel<'_>,
    ) -> usize {
        let Some(seat) = game.current_player() else {
            return 0;
        };
        let tried = self.candidates(game, moves);
        if tried.len() == 1 {
            return tried[0];
        }
        let mut totals = vec![0.0; tried.len()];
        let mut scratch = Vec::new();
        for _ in 0..self.determinizations.max(1) {
            let Ok(world) = game.resample(usize::from(seat), rng) else {
                return tried[0];
            };
            for (total, &index) in totals.iter_mut().zip(&tried) {
                if cancel.check() {
                    return tried[0];
                }
                let mut line = world.clone();
                line.play_unchecked(moves[index]);
                play_out(&mut line, &Agent::Greedy, rng, &mut scratch);
                *total += line.match_result(seat) as f64;
            }
        }
        let best = (0..tried.len()).fold(0, |b, i| if totals[i] > totals[b] { i } else { b });
        tried[best]
    }

    /// The indices of the moves to try, best greedy score first.
    fn candidates(&self, game: &Game, moves: &[Move]) -> Vec<usize> {
        let mut order = Vec::new();
        Greedy.best_into(game, moves, self.candidates as usize, &mut order);
        order
    }
}
