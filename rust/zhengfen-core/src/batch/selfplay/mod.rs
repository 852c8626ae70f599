//! Self-play actors (`zhengfen.selfplay`, AI.md §7.6): episodes played with a learned model in
//! the learner seats, epsilon-greedy, and built-in agents in the others, each non-forced
//! learner decision giving one training sample ([`Samples`]).
//!
//! - Episode `e` (`first_episode ..`) is one match of deal `e`: the game seeded with
//!   [`deal_seed`]`(seed, e)`, as `rollouts` numbers deals, so work can be split across calls.
//! - The agent in seat `s` draws from the stream [`agent_seed`]`(game_seed, 0, s)`: a built-in
//!   agent as in `rollouts`, a learner seat for its epsilon draws ([`explore`]).
//! - A learner seat plays its only legal move without the model and without a sample;
//!   otherwise it explores with probability `epsilon` (a uniform legal move), else plays the
//!   largest Q-value, the first in legal-move order on ties (the learned agent's choice).
//! - With `search` (search-labelled training, AI.md §8.1) a learner seat's non-forced
//!   decision is searched by IS-MCTS ([`Ismcts::search`]), guided by the model when its policy
//!   is learned (that policy's model is always `model`, the one trained): it gives one
//!   sample per root move the search tried, labelled with the search's value of that move
//!   and its visits, and the seat plays the most visited move (or, with probability
//!   `epsilon`, a uniform legal move, whose sample is added when the search did not try it).
//!   With [`PlayedBy::Model`] the seat plays the model's best move instead and the search
//!   only labels (DAgger: the teacher labels the states the learner reaches). With
//!   `cap_untried` K, up to K more samples: the model's best moves the search did not try
//!   (nor played), capped at the value of the search's choice, so that fitting the tried
//!   moves' values cannot lift an untried move above them unseen.
//!   The search draws from the seat's stream before the epsilon draw, and its forward passes
//!   are its own, so the samples still depend on nothing but the config.
//! - Each thread keeps up to `games_per_thread` games in flight ([`actor`]); each step plays
//!   them on to their next decision that needs the model and evaluates all of those in one
//!   [`Model::q_batch`]. A decision's values do not depend on the others in the batch, so the
//!   samples depend only on the model, the seed, the episodes, the agents and epsilon, never
//!   on the threads or on how many games are in flight.
//!
//! ```
//! use std::sync::Arc;
//! use zhengfen_core::batch::{selfplay, SelfplayConfig};
//! use zhengfen_core::learned::testing::random_model;
//! use zhengfen_core::Rules;
//! let rules = Rules::zheng_fen(4).unwrap();
//! let model = Arc::new(random_model(&rules, 2, &[16], 1));
//! let config = SelfplayConfig::new(rules, model, 3);
//! let samples = selfplay(&config).unwrap();
//! assert_eq!(samples.episodes(), 3);
//! assert_eq!(samples.observation.len(), samples.len() * 591);
//! assert!(samples.num_legal.iter().all(|&n| n >= 2));
//! ```
//!
//! [`deal_seed`]: crate::seed::deal_seed
//! [`agent_seed`]: crate::seed::agent_seed
//! [`Model::q_batch`]: crate::learned::Model::q_batch

mod actor;
mod explore;
mod samples;

pub use explore::explore;
pub use samples::Samples;

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use super::rollout::deal_range;
use super::{parallel_ranges, pool, MAX_GAMES};
use crate::agents::{Agent, Ismcts, Learned, Policy};
use crate::cancel::Cancel;
use crate::error::{with_capacity, Error, Result};
use crate::learned::Model;
use crate::rules::Rules;

/// The most games one thread keeps in flight.
pub const MAX_GAMES_PER_THREAD: usize = 4096;

/// The most untried moves a searched decision caps ([`SelfplayConfig::cap_untried`]).
pub const MOST_CAPPED: usize = 1000;

/// Games in flight per thread when not told: enough that a forward pass's matrix products
/// are large (benches/RESULTS.md §10), few enough that their memory stays small.
pub const DEFAULT_GAMES_PER_THREAD: usize = 64;

/// What to play.
#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    /// The rule set.
    pub rules: Rules,
    /// The model of the learner seats (checked against the rules).
    pub model: Arc<Model>,
    /// Per seat, `None` for a learner seat or the built-in agent sitting there.
    pub agents: Vec<Option<Agent>>,
    /// Seed of the batch: episode `e` is deal `e` of it.
    pub seed: u64,
    /// The first episode played (episodes `first_episode .. first_episode + episodes`).
    pub first_episode: u64,
    /// Number of episodes, at most [`MAX_GAMES`].
    pub episodes: u64,
    /// The probability that a learner seat plays a uniform legal move, 0 to 1.
    pub epsilon: f64,
    /// Threads to spread the episodes over.
    pub threads: usize,
    /// Games each thread keeps in flight, 1 to [`MAX_GAMES_PER_THREAD`].
    pub games_per_thread: usize,
    /// The search that labels the learner seats' decisions, or `None` for Monte Carlo returns
    /// alone. A learned policy's model is always `model` (set when the config is checked); a
    /// greedy policy labels with a search that does not depend on the model.
    pub search: Option<Ismcts>,
    /// Who plays a searched decision's move: the search (expert iteration) or the model (the
    /// search only labels the states the model reaches, as DAgger does). Unused without
    /// `search`.
    pub played_by: PlayedBy,
    /// Per searched decision, how many untried moves to cap, 0 to [`MOST_CAPPED`]: the moves
    /// of largest Q-value (the model's, as the decision is made) that the search did not try
    /// and that were not played, each a sample whose Q is held at most at the search's value
    /// of its own choice (AI.md §8.1). 0 without `search`.
    pub cap_untried: usize,
}

/// Who plays a searched learner decision ([`SelfplayConfig::played_by`]); epsilon's uniform
/// move comes first either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayedBy {
    /// The search's move, the most visited root move.
    #[default]
    Search,
    /// The model's best move (the learned agent's choice), the search labelling only.
    Model,
}

impl SelfplayConfig {
    /// Self-play (every seat a learner) of `episodes` episodes from deal 0 of seed 0, epsilon
    /// 0.1, one thread, [`DEFAULT_GAMES_PER_THREAD`] games in flight.
    pub fn new(rules: Rules, model: Arc<Model>, episodes: u64) -> SelfplayConfig {
        SelfplayConfig {
            rules,
            model,
            agents: vec![None; usize::from(rules.players)],
            seed: 0,
            first_episode: 0,
            episodes,
            epsilon: 0.1,
            threads: 1,
            games_per_thread: DEFAULT_GAMES_PER_THREAD,
            search: None,
            played_by: PlayedBy::Search,
            cap_untried: 0,
        }
    }
}

/// Plays the episodes of `config` and returns their samples.
pub fn selfplay(config: &SelfplayConfig) -> Result<Samples> {
    selfplay_until(config, &Cancel::never())
}

/// [`selfplay`], stopping with [`Error::Cancelled`] soon after `cancel` says so (between two
/// decisions, or within a search agent's decision). A config that cannot be played (a model
/// or agent for other rules, a wrong number of seats, no learner seat, epsilon outside 0 to 1)
/// is refused before any game starts.
pub fn selfplay_until(config: &SelfplayConfig, cancel: &Cancel<'_>) -> Result<Samples> {
    let config = &checked(config)?;
    deal_range(
        config.first_episode,
        config.episodes,
        ("first_episode", "num_episodes"),
    )?;
    let episodes = config.episodes as usize;
    let threads = config.threads.clamp(1, episodes.max(1));
    // Every thread gets games from the start: at most its share of the episodes in flight.
    let in_flight = config
        .games_per_thread
        .min(episodes.div_ceil(threads))
        .max(1);
    let mut played: Vec<Vec<samples::EpisodeSamples>> = (0..threads).map(|_| Vec::new()).collect();
    let shared = actor::Shared {
        config,
        next: AtomicU64::new(0),
        cancel,
    };
    let pool = pool(threads);
    parallel_ranges(
        played.iter_mut().collect(),
        pool.as_deref(),
        cancel,
        |out| actor::run(&shared, in_flight, out),
    );
    if cancel.is_cancelled() {
        return Err(Error::Cancelled);
    }
    let mut ordered: Vec<Option<samples::EpisodeSamples>> = with_capacity(episodes, "episodes")?;
    ordered.resize_with(episodes, || None);
    for episode in played.into_iter().flatten() {
        let k = (episode.episode - config.first_episode) as usize;
        ordered[k] = Some(episode);
    }
    let ordered = ordered
        .into_iter()
        .map(|e| e.expect("every episode is played"))
        .collect();
    samples::join(
        ordered,
        usize::from(config.rules.players),
        config.model.history_rows(),
    )
}

/// `config` with its agents bound to the rules, or why it cannot be played.
fn checked(config: &SelfplayConfig) -> Result<SelfplayConfig> {
    let rules = &config.rules;
    let refuse = |why: String| Err(Error::argument(why));
    config.model.check(rules)?;
    let players = usize::from(rules.players);
    if config.agents.len() != players {
        return refuse(format!(
            "{} agents given for {players} seats",
            config.agents.len()
        ));
    }
    if config.agents.iter().all(Option::is_some) {
        return refuse(
            "no learner seat: give None in agents for the seats the model plays (self-play \
             gives none at all)"
                .to_string(),
        );
    }
    if !(0.0..=1.0).contains(&config.epsilon) {
        let epsilon = config.epsilon.to_string();
        return Err(
            Error::argument(format!("epsilon must be from 0 to 1, not {epsilon}")).with_argument(
                "epsilon",
                Some(epsilon),
                Some("0 to 1".into()),
            ),
        );
    }
    if config.episodes > MAX_GAMES {
        return refuse(format!(
            "{} episodes asked for in one call; at most {MAX_GAMES} (use first_episode to \
             continue)",
            config.episodes
        ));
    }
    if !(1..=MAX_GAMES_PER_THREAD).contains(&config.games_per_thread) {
        let bound = format!("1 to {MAX_GAMES_PER_THREAD}");
        let given = config.games_per_thread.to_string();
        return Err(
            Error::argument(format!("games_per_thread must be {bound}, not {given}"))
                .with_argument("games_per_thread", Some(given), Some(bound)),
        );
    }
    check_capping(config)?;
    let agents = config
        .agents
        .iter()
        .map(|agent| agent.as_ref().map(|a| a.bind(rules)).transpose())
        .collect::<Result<Vec<Option<Agent>>>>()?;
    let search = config
        .search
        .as_ref()
        .map(|search| labelling(search, &config.model));
    Ok(SelfplayConfig {
        agents,
        search,
        ..config.clone()
    })
}

/// Refuses a [`SelfplayConfig::cap_untried`] out of range, or one without a search.
fn check_capping(config: &SelfplayConfig) -> Result<()> {
    if config.cap_untried > MOST_CAPPED {
        let bound = format!("0 to {MOST_CAPPED}");
        let given = config.cap_untried.to_string();
        return Err(
            Error::argument(format!("cap_untried must be {bound}, not {given}")).with_argument(
                "cap_untried",
                Some(given),
                Some(bound),
            ),
        );
    }
    if config.cap_untried > 0 && config.search.is_none() {
        return Err(Error::argument(
            "cap_untried needs a search (search=...): it caps the moves the search did not try"
                .to_string(),
        ));
    }
    Ok(())
}

/// The labelling search `search` as it runs: a learned policy guided by `model`, the model
/// being trained, whatever model it named; a greedy policy as it is.
fn labelling(search: &Ismcts, model: &Arc<Model>) -> Ismcts {
    match search.policy {
        Policy::Learned(_) => Ismcts {
            policy: Policy::Learned(Learned::from_model(model.clone(), None)),
            ..search.clone()
        },
        Policy::Greedy => search.clone(),
    }
}

#[cfg(test)]
mod tests;
