//! The results of [`super::rollouts`] as columns, one value (or one row of a value per seat)
//! per game: the table `zhengfen.rollouts` returns (AI.md, "Rollouts"). The binding turns each
//! column into a numpy array and decides nothing of their names, types or order.

use super::rollout::{Rollout, RolloutConfig};

/// The columns of a set of rollouts, in the order of the games (deal, then rotation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    /// Seats at the table: the width of the per-seat columns.
    pub players: usize,
    /// The deal of each game.
    pub deal: Vec<u64>,
    /// The rotation of the agents in each game.
    pub rotation: Vec<i64>,
    /// The seed of each game.
    pub seed: Vec<u64>,
    /// Matches played in each game.
    pub matches: Vec<i64>,
    /// Decisions made in each game.
    pub decisions: Vec<i64>,
    /// Legal moves listed over each game's decisions.
    pub legal: Vec<i64>,
    /// Row-major `games × players`: the index of the agent in each seat.
    pub seating: Vec<i64>,
    /// Row-major `games × players`: each seat's points over the matches played.
    pub points: Vec<i64>,
    /// Row-major `games × players`: whether each seat won the game.
    pub won: Vec<bool>,
    /// The agents' specs, in the config's order (what `seating` indexes).
    pub agents: Vec<String>,
}

impl Columns {
    /// The columns of `played`, the rollouts of `config`.
    ///
    /// ```
    /// use zhengfen_core::batch::{rollouts, Columns, RolloutConfig};
    /// use zhengfen_core::{Agent, Rules};
    /// let rules = Rules::zheng_fen(3).unwrap();
    /// let config = RolloutConfig {
    ///     rules, agents: vec![Agent::Random; 3], first_deal: 0, deals: 2, seed: 1,
    ///     duplicate: false, matches: Some(1), threads: 1, keep_games: false,
    /// };
    /// let columns = Columns::of(&rollouts(&config).unwrap(), &config);
    /// assert_eq!((columns.deal, columns.seating.len()), (vec![0, 1], 2 * 3));
    /// ```
    pub fn of(played: &[Rollout], config: &RolloutConfig) -> Columns {
        let column = |f: &dyn Fn(&Rollout) -> i64| played.iter().map(f).collect();
        Columns {
            players: usize::from(config.rules.players),
            deal: played.iter().map(|r| r.deal).collect(),
            rotation: column(&|r| i64::from(r.rotation)),
            seed: played.iter().map(|r| r.seed).collect(),
            matches: column(&|r| i64::from(r.matches)),
            decisions: column(&|r| r.decisions as i64),
            legal: column(&|r| r.legal as i64),
            seating: played
                .iter()
                .flat_map(|r| r.seating.iter().map(|&a| i64::from(a)))
                .collect(),
            points: played
                .iter()
                .flat_map(|r| r.points.iter().copied())
                .collect(),
            won: played.iter().flat_map(|r| r.won.iter().copied()).collect(),
            agents: config.agents.iter().map(|a| a.to_string()).collect(),
        }
    }

    /// Games in the columns.
    pub fn games(&self) -> usize {
        self.deal.len()
    }
}
