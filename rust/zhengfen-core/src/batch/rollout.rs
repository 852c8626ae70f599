//! Whole games between built-in agents, in Rust (`zhengfen.rollouts`).
//!
//! Deal `d` is the game seeded with [`deal_seed`]. With `duplicate`, each deal is played once
//! per distinct rotation of the agents round the table ([`seating`]), so the luck of the deal
//! cancels between them; each seat's agent draws from its [`agent_streams`] stream.

use super::seating::{rotations, seating};
use super::{parallel_each, pool};
use crate::agents::{Agent, Choose};
use crate::cancel::Cancel;
use crate::error::{with_capacity, Error, Result};
use crate::game::{Game, Phase};
use crate::rules::Rules;
use crate::seed::{agent_streams, deal_seed};

/// What to play.
#[derive(Clone, Debug)]
pub struct RolloutConfig {
    /// The rule set.
    pub rules: Rules,
    /// The agent in each seat at rotation 0.
    pub agents: Vec<Agent>,
    /// The first deal played (deals `first_deal .. first_deal + deals`).
    pub first_deal: u64,
    /// Number of deals.
    pub deals: u64,
    /// Seed of the batch.
    pub seed: u64,
    /// Play every distinct rotation of the agents on each deal.
    pub duplicate: bool,
    /// Stop after this many matches, at most [`Rules::match_limit`] (`None`: play each game to
    /// its end or to that limit).
    pub matches: Option<u32>,
    /// Threads to spread the games over.
    pub threads: usize,
    /// Keep each finished game (for logs).
    pub keep_games: bool,
}

/// The most games one call plays (their results are held in memory together).
pub const MAX_GAMES: u64 = 1_000_000;

/// One game played.
#[derive(Clone, Debug)]
pub struct Rollout {
    /// The deal, from 0.
    pub deal: u64,
    /// The rotation of the agents.
    pub rotation: u32,
    /// The seed of the game.
    pub seed: u64,
    /// Per seat, the index in the config's `agents` of the agent sitting there.
    pub seating: Vec<u32>,
    /// Per seat, the points scored over the matches played (in Zen Cheng You, its team's).
    pub points: Vec<i64>,
    /// Per seat, whether it won the game (false for all when it was cut short).
    pub won: Vec<bool>,
    /// Matches played.
    pub matches: u32,
    /// Decisions made.
    pub decisions: u64,
    /// Legal moves listed over all decisions (their mean is `legal / decisions`).
    pub legal: u64,
    /// The finished game, when asked for.
    pub game: Option<Game>,
}

/// Plays the games of `config`, in order of deal then rotation.
pub fn rollouts(config: &RolloutConfig) -> Result<Vec<Rollout>> {
    rollouts_until(config, &Cancel::never())
}

/// [`rollouts`], stopping with [`Error::Cancelled`] soon after `cancel` says so (between two
/// decisions, or within a search agent's decision). Agents that cannot play the rules
/// ([`Agent::bind`]) are refused before any game is played.
pub fn rollouts_until(config: &RolloutConfig, cancel: &Cancel<'_>) -> Result<Vec<Rollout>> {
    let limit = config.rules.match_limit();
    if config.matches.is_some_and(|m| m == 0 || m > limit) {
        return Err(Error::argument(format!(
            "matches must be 1 to {limit} for {} (or None for whole games)",
            config.rules
        ))
        .with_argument(
            "matches",
            config.matches.map(|m| m.to_string()),
            Some(format!("1 to {limit}")),
        ));
    }
    let deals = deal_range(config.first_deal, config.deals, ("first_deal", "num_deals"))?;
    let players = usize::from(config.rules.players);
    if config.agents.len() != players {
        return Err(Error::argument(format!(
            "{} agents given for {players} seats",
            config.agents.len()
        )));
    }
    let agents = config
        .agents
        .iter()
        .map(|agent| agent.bind(&config.rules))
        .collect::<Result<Vec<Agent>>>()?;
    let config = &RolloutConfig {
        agents,
        ..config.clone()
    };
    let rotations = rotations(&config.agents, config.duplicate);
    let games = config.deals.saturating_mul(u64::from(rotations));
    if games > MAX_GAMES {
        return Err(Error::argument(format!(
            "{games} games asked for in one call; at most {MAX_GAMES} (use first_deal to continue)"
        )));
    }
    let mut jobs: Vec<(u64, u32, Option<Rollout>)> = with_capacity(games as usize, "games")?;
    jobs.extend(deals.flat_map(|d| (0..rotations).map(move |r| (d, r, None))));
    let pool = pool(config.threads);
    // Every job is a whole game: worth a thread from two jobs on.
    parallel_each(
        &mut jobs,
        pool.as_deref(),
        2,
        cancel,
        |(deal, rotation, out)| {
            *out = play_one(config, *deal, *rotation, cancel);
        },
    );
    if cancel.is_cancelled() {
        return Err(Error::Cancelled);
    }
    Ok(jobs.into_iter().filter_map(|(_, _, r)| r).collect())
}

/// Deals `first_deal` to `first_deal + deals - 1`, all of them: deal numbers run to
/// `u64::MAX`, and a range past it is refused rather than cut short (the error names the two
/// arguments as `names` says).
pub(super) fn deal_range(
    first_deal: u64,
    deals: u64,
    names: (&str, &str),
) -> Result<std::ops::RangeInclusive<u64>> {
    let Some(before_first) = deals.checked_sub(1) else {
        #[allow(clippy::reversed_empty_ranges)]
        return Ok(1..=0); // no deals
    };
    let last = first_deal.checked_add(before_first).ok_or_else(|| {
        let (first, count) = names;
        Error::argument(format!(
            "{first} + {count} must be at most 2**64 (deal numbers run to 2**64 - 1), not \
             {first_deal} + {deals}"
        ))
        .with_argument(
            &format!("{first} + {count}"),
            Some(format!("{first_deal} + {deals}")),
            Some("at most 2**64".into()),
        )
    })?;
    Ok(first_deal..=last)
}

/// Plays one game, or `None` if `cancel` stopped it.
fn play_one(
    config: &RolloutConfig,
    deal: u64,
    rotation: u32,
    cancel: &Cancel<'_>,
) -> Option<Rollout> {
    let n = config.agents.len();
    let seating = seating(n, rotation);
    let seed = deal_seed(config.seed, deal);
    let mut game = Game::new(config.rules, seed);
    let mut rngs = agent_streams(seed, rotation, n);
    let mut points = vec![0; n];
    let (mut matches, mut decisions, mut legal) = (0, 0, 0);
    let (mut combos, mut moves) = (Vec::new(), Vec::new());
    loop {
        while let Some(seat) = game.current_player() {
            let seat = usize::from(seat);
            game.legal_moves_into(&mut combos, &mut moves);
            let agent = &config.agents[seating[seat] as usize];
            let pick = agent.choose_until(&game, &moves, &mut rngs[seat], cancel);
            if cancel.check() {
                return None;
            }
            game.play_unchecked(moves[pick]);
            decisions += 1;
            legal += moves.len() as u64;
        }
        matches += 1;
        let match_points = game.match_points();
        for (s, p) in points.iter_mut().enumerate() {
            *p += match_points[game.side(s as u8)];
        }
        let cap = config.matches.unwrap_or(config.rules.match_limit());
        let done = game.phase() == Phase::GameOver || matches >= cap;
        if done || game.next_match().is_err() {
            break;
        }
    }
    let won = (0..n)
        .map(|s| game.winners().contains(&(s as u8)))
        .collect();
    Some(Rollout {
        deal,
        rotation,
        seed,
        seating,
        points,
        won,
        matches,
        decisions,
        legal,
        game: config.keep_games.then_some(game),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::derive_seed;

    fn config(first_deal: u64, deals: u64) -> RolloutConfig {
        RolloutConfig {
            rules: Rules::zheng_fen(4).unwrap(),
            agents: vec![Agent::parse("random").unwrap(); 4],
            first_deal,
            deals,
            seed: 7,
            duplicate: false,
            matches: Some(1),
            threads: 1,
            keep_games: false,
        }
    }

    #[test]
    fn every_deal_up_to_the_last_number_is_played() {
        for (first, deals) in [(u64::MAX - 2, 3), (u64::MAX, 1), (u64::MAX - 9, 10), (5, 0)] {
            let played = rollouts(&config(first, deals)).unwrap();
            let numbers: Vec<u64> = played.iter().map(|r| r.deal).collect();
            let expected: Vec<u64> = (0..deals).map(|i| first + i).collect();
            assert_eq!(numbers, expected, "first_deal {first}, {deals} deals");
            for r in &played {
                assert_eq!(r.seed, derive_seed(7, r.deal));
            }
        }
    }

    #[test]
    fn a_range_past_the_last_deal_number_is_refused() {
        for (first, deals) in [(u64::MAX - 2, 4), (u64::MAX, 2), (2, u64::MAX)] {
            let error = deal_range(first, deals, ("a", "b")).unwrap_err();
            assert!(
                matches!(error, Error::Argument { message: ref m, .. } if m.contains("2**64 - 1"))
            );
        }
        assert_eq!(deal_range(1, u64::MAX, ("a", "b")).unwrap(), 1..=u64::MAX);
        assert_eq!(
            deal_range(0, u64::MAX, ("a", "b")).unwrap(),
            0..=u64::MAX - 1
        );
    }
}
