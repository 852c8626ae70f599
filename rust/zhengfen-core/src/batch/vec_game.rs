//! [`VecGame`]: a batch of games stepped together from arrays of move indices (`zhengfen.VecGame`).
//!
//! Each slot holds one game. The player to move in a slot is a *learner* seat; seats given a
//! built-in agent are played automatically. Action `i` is the `i`-th move of the legal list
//! (`Game::legal_moves` order), offered only below `max_actions`. When an episode (a match, or a
//! whole game) ends, the slot reports the rewards and starts its next episode at once: episode
//! `k` of slot `j` is the game seeded with `derive_seed(derive_seed(seed, j), k)`, its agents
//! drawing from a stream seeded with `derive_seed(episode_seed, 0x5EED)`.

use super::{derive_seed, parallel_each, pool};
use crate::agents::Agent;
use crate::combo::Combo;
use crate::deal::SplitMix64;
use crate::encode::{history, observation, observation_size, HISTORY_ROW};
use crate::error::{Error, Result};
use crate::game::{Game, Move, Phase};
use crate::rules::{Game as Kind, Rules};
use rayon::ThreadPool;
use std::sync::Arc;

/// Fewest games a step spreads over the threads: a decision takes about half a microsecond,
/// and waking the pool some tens (benches/RESULTS.md §4.3).
const PARALLEL_GAMES: usize = 128;

/// What an episode is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Episode {
    /// One match: a fresh game per episode, ended after its first match.
    Match,
    /// A whole game to its target; matches follow one another automatically.
    Game,
}

/// The default size of the action mask: 4,096 in Zheng Fen, 16,384 in Zen Cheng You. Random
/// play over 20,000 games per Zheng Fen table size and 1,500 Zen Cheng You games never listed
/// more than 2,274 and 13,876 moves (benches/RESULTS.md §4.4).
pub fn default_max_actions(rules: &Rules) -> usize {
    match rules.game {
        Kind::ZhengFen => 4096,
        Kind::ZenChengYou => 16384,
    }
}

/// The settings of a batch.
#[derive(Clone, Debug)]
pub struct VecConfig {
    /// The rule set.
    pub rules: Rules,
    /// Number of games.
    pub num_games: usize,
    /// What an episode is.
    pub episode: Episode,
    /// Size of the action mask; legal moves beyond it are not offered.
    pub max_actions: usize,
    /// Rows of the history tensor.
    pub history: usize,
    /// Whether observations include every hand (the perfect-information view).
    pub perfect: bool,
    /// Per seat, the built-in agent playing it, or `None` for a learner seat.
    pub agents: Vec<Option<Agent>>,
    /// Threads to spread the batch over.
    pub threads: usize,
}

/// One slot's part of the output buffers.
pub struct SlotOut<'a> {
    /// Observation of the seat to move.
    pub observation: &'a mut [f32],
    /// History tensor of the seat to move.
    pub history: &'a mut [f32],
    /// Legal actions.
    pub mask: &'a mut [bool],
    /// Reward per seat from matches ended by this step ([`Game::match_result`]).
    pub rewards: &'a mut [f32],
    /// Whether an episode ended (and a new one began).
    pub done: &'a mut bool,
    /// The seat to move.
    pub player: &'a mut i64,
    /// Number of legal moves (may exceed the mask). On entry, the number of the step before
    /// (0 for fresh buffers): the mask is cleared only that far.
    pub legal: &'a mut i64,
}

/// The output buffers of a whole batch, each `num_games` times its width per game (see
/// [`VecConfig::slots`]).
pub struct OutBuffers<'a> {
    /// `num_games × observation_size`.
    pub observation: &'a mut [f32],
    /// `num_games × history × HISTORY_ROW` (empty when `history` is 0).
    pub history: &'a mut [f32],
    /// `num_games × max_actions`.
    pub mask: &'a mut [bool],
    /// `num_games × players`.
    pub rewards: &'a mut [f32],
    /// `num_games`.
    pub dones: &'a mut [bool],
    /// `num_games`.
    pub players: &'a mut [i64],
    /// `num_games`.
    pub legal: &'a mut [i64],
}

impl VecConfig {
    /// One [`SlotOut`] per game, cut from `out` (whose lengths must fit the batch).
    pub fn slots<'a>(&self, out: OutBuffers<'a>) -> Vec<SlotOut<'a>> {
        let obs = observation_size(self.perfect);
        let hist = self.history * HISTORY_ROW;
        let players = usize::from(self.rules.players);
        let history: Box<dyn Iterator<Item = &'a mut [f32]>> = if hist == 0 {
            Box::new(std::iter::repeat_with(|| -> &'a mut [f32] { &mut [] }))
        } else {
            Box::new(out.history.chunks_exact_mut(hist))
        };
        out.observation
            .chunks_exact_mut(obs)
            .zip(history)
            .zip(out.mask.chunks_exact_mut(self.max_actions))
            .zip(out.rewards.chunks_exact_mut(players))
            .zip(out.dones.iter_mut())
            .zip(out.players.iter_mut().zip(out.legal.iter_mut()))
            .map(
                |(((((observation, history), mask), rewards), done), (player, legal))| SlotOut {
                    observation,
                    history,
                    mask,
                    rewards,
                    done,
                    player,
                    legal,
                },
            )
            .collect()
    }
}

/// One game of the batch and its scratch space.
#[derive(Clone, Debug)]
struct Slot {
    game: Game,
    stream: u64,
    episode: u64,
    rng: SplitMix64,
    moves: Vec<Move>,
    combos: Vec<Combo>,
}

/// A batch of games (see the module documentation).
#[derive(Clone, Debug)]
pub struct VecGame {
    config: VecConfig,
    slots: Vec<Slot>,
    /// Worker threads when `config.threads > 1`.
    pool: Option<Arc<ThreadPool>>,
}

impl VecGame {
    /// A batch seeded with `seed`; fails on settings that cannot work.
    pub fn new(config: VecConfig, seed: u64) -> Result<VecGame> {
        let players = usize::from(config.rules.players);
        let bad = |why: String| Err(Error::Rules(why));
        if config.num_games == 0 {
            return bad("a VecGame needs at least one game".into());
        }
        if config.max_actions == 0 {
            return bad("max_actions must be at least 1".into());
        }
        if config.agents.len() != players {
            return bad(format!(
                "agents: {} entries for {players} seats",
                config.agents.len()
            ));
        }
        if config.agents.iter().all(Option::is_some) {
            return bad("agents: at least one seat must be left to the learner (None)".into());
        }
        let pool = pool(config.threads);
        let mut batch = VecGame {
            config,
            slots: Vec::new(),
            pool,
        };
        batch.reset(seed);
        Ok(batch)
    }

    /// Restarts every slot at episode 0 of the streams of `seed`.
    pub fn reset(&mut self, seed: u64) {
        self.slots = (0..self.config.num_games as u64)
            .map(|j| {
                let stream = derive_seed(seed, j);
                let seed = derive_seed(stream, 0);
                Slot {
                    game: Game::new(self.config.rules, seed),
                    stream,
                    episode: 0,
                    rng: agent_stream(seed),
                    moves: Vec::new(),
                    combos: Vec::new(),
                }
            })
            .collect();
    }

    /// The settings.
    pub fn config(&self) -> &VecConfig {
        &self.config
    }

    /// The games, in slot order.
    pub fn games(&self) -> impl Iterator<Item = &Game> {
        self.slots.iter().map(|s| &s.game)
    }

    /// The legal moves of slot `j`'s player to move (as listed for the actions).
    pub fn legal_moves(&self, j: usize) -> Option<&[Move]> {
        self.slots.get(j).map(|s| &s.moves[..])
    }

    /// The seed of each slot's current episode.
    pub fn episode_seeds(&self) -> Vec<u64> {
        self.slots
            .iter()
            .map(|s| derive_seed(s.stream, s.episode))
            .collect()
    }

    /// Brings every slot to a learner's decision and writes the observations (no rewards).
    pub fn observe(&mut self, outs: &mut [SlotOut<'_>]) {
        let config = &self.config;
        let mut work: Vec<(&mut Slot, &mut SlotOut<'_>)> =
            self.slots.iter_mut().zip(outs).collect();
        parallel_each(
            &mut work,
            self.pool.as_deref(),
            PARALLEL_GAMES,
            |(slot, out)| {
                clear_step(out);
                advance(config, slot, out);
                write(config, slot, out);
            },
        );
    }

    /// Plays `actions[j]` in slot `j`, then brings every slot to a learner's decision. Fails,
    /// changing nothing, if any action is not an offered legal move.
    pub fn step(&mut self, actions: &[i64], outs: &mut [SlotOut<'_>]) -> Result<()> {
        self.check(actions)?;
        let config = &self.config;
        let mut work: Vec<(&mut Slot, &mut SlotOut<'_>, i64)> = self
            .slots
            .iter_mut()
            .zip(outs)
            .zip(actions)
            .map(|((slot, out), &a)| (slot, out, a))
            .collect();
        parallel_each(
            &mut work,
            self.pool.as_deref(),
            PARALLEL_GAMES,
            |(slot, out, action)| {
                clear_step(out);
                let mv = slot.moves[*action as usize];
                slot.game.play_unchecked(mv);
                advance(config, slot, out);
                write(config, slot, out);
            },
        );
        Ok(())
    }

    fn check(&self, actions: &[i64]) -> Result<()> {
        if actions.len() != self.slots.len() {
            return Err(Error::IllegalMove(format!(
                "{} actions given for {} games",
                actions.len(),
                self.slots.len()
            )));
        }
        for (j, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            let offered = slot.moves.len().min(self.config.max_actions);
            if a < 0 || a as usize >= offered {
                return Err(Error::IllegalMove(format!(
                    "game {j}: action {a} is not legal; {offered} actions are offered (0..{offered})"
                )));
            }
        }
        Ok(())
    }

    /// The action a built-in `agent` would take in each slot now.
    pub fn agent_actions(&self, agent: &Agent, seed: u64) -> Vec<i64> {
        let max = self.config.max_actions;
        let mut picks: Vec<(&Slot, i64)> = self.slots.iter().map(|s| (s, 0)).collect();
        parallel_each(
            &mut picks,
            self.pool.as_deref(),
            PARALLEL_GAMES,
            |(slot, pick)| {
                let mut rng = SplitMix64::new(derive_seed(seed, slot.stream));
                let offered = &slot.moves[..slot.moves.len().min(max)];
                *pick = agent.choose(&slot.game, offered, &mut rng) as i64;
            },
        );
        picks.into_iter().map(|(_, p)| p).collect()
    }
}

/// Plays agents' seats, scores ended matches and starts new episodes until a learner is to
/// move; lists that learner's legal moves.
fn advance(config: &VecConfig, slot: &mut Slot, out: &mut SlotOut<'_>) {
    loop {
        let Some(seat) = slot.game.current_player() else {
            end_of_match(config, slot, out);
            continue;
        };
        slot.game
            .legal_moves_into(&mut slot.combos, &mut slot.moves);
        match &config.agents[usize::from(seat)] {
            Some(agent) => {
                let offered = &slot.moves[..slot.moves.len().min(config.max_actions)];
                let pick = agent.choose(&slot.game, offered, &mut slot.rng);
                slot.game.play_unchecked(slot.moves[pick]);
            }
            None => return,
        }
    }
}

/// The stream the built-in agents of an episode draw from: its own, so that an episode can be
/// replayed from its seed alone.
fn agent_stream(episode_seed: u64) -> SplitMix64 {
    SplitMix64::new(derive_seed(episode_seed, 0x5EED))
}

/// Adds the match's points to the rewards, then starts the next match or episode.
fn end_of_match(config: &VecConfig, slot: &mut Slot, out: &mut SlotOut<'_>) {
    for (s, reward) in out.rewards.iter_mut().enumerate() {
        *reward += slot.game.match_result(s as u8) as f32;
    }
    let episode_over = config.episode == Episode::Match || slot.game.phase() == Phase::GameOver;
    if episode_over || slot.game.next_match().is_err() {
        *out.done = true;
        slot.episode += 1;
        let seed = derive_seed(slot.stream, slot.episode);
        slot.game = Game::new(config.rules, seed);
        slot.rng = agent_stream(seed);
    }
}

/// Zeroes the rewards and the done flag of a slot before its step.
fn clear_step(out: &mut SlotOut<'_>) {
    out.rewards.fill(0.0);
    *out.done = false;
}

/// Writes the observation of the seat to move in `slot`. The buffers may be those of the
/// previous step: the mask is cleared only as far as `out.legal` says it was set.
fn write(config: &VecConfig, slot: &Slot, out: &mut SlotOut<'_>) {
    let seat = slot.game.current_player().map_or(0, usize::from);
    out.observation.fill(0.0);
    observation(&slot.game, seat, config.perfect, out.observation);
    out.history.fill(0.0);
    history(&slot.game, seat, out.history);
    let max = config.max_actions;
    let was = usize::try_from(*out.legal).unwrap_or(max).min(max);
    out.mask[..was].fill(false);
    let offered = slot.moves.len().min(max);
    out.mask[..offered].fill(true);
    *out.player = seat as i64;
    *out.legal = slot.moves.len() as i64;
}
