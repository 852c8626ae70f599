//! The SPARTA agent's settings, their bounds, and its spec read and written
//! (`sparta(candidates=C,budget=B,threshold=T,z=Z,tree=N,belief=K,policy=P)`).

use std::fmt;
use std::sync::Arc;

use crate::agents::ismcts::MOST_ITERATIONS;
use crate::agents::policy::Policy;
use crate::agents::{bad_spec, settings, write_spec, Learned, Search};
use crate::error::Result;
use crate::learned::Model;
use crate::rules::Rules;

/// Settings of the SPARTA agent.
#[derive(Clone, Debug, PartialEq)]
pub struct Sparta {
    /// Moves compared per decision: the blueprint's best, its own move first.
    pub candidates: u32,
    /// The work a decision may spend: one unit a rollout and one a blueprint decision with more
    /// than one legal move in it (with a belief, also one a decision of another seat it scores);
    /// worlds are drawn until it is spent.
    pub budget: u32,
    /// The gain over the blueprint's move, in points a match ([`crate::Game::match_result`]),
    /// that the lower bound of a candidate's mean gain must exceed for it to be played.
    pub threshold: f64,
    /// Standard errors of the mean gain taken off it for its lower bound (0: the mean alone).
    pub z: f64,
    /// The iterations of the IS-MCTS search whose move is kept unless a candidate clears the
    /// guard ([`Sparta::tree_search`]); 0: no search, the blueprint's own move is kept.
    pub tree: u32,
    /// The temperature, in points a match, of the belief that weighs each world by how likely
    /// the blueprint makes the others' plays seen in it (`belief.rs`); 0: no belief, every
    /// world weighs the same. A belief needs a learned blueprint.
    pub belief: f64,
    /// The blueprint: what ranks the moves and plays every rollout.
    pub policy: Policy,
}

impl Default for Sparta {
    /// `sparta(candidates=4,budget=2000,threshold=0,z=2,tree=0,belief=0,policy=learned)`.
    fn default() -> Sparta {
        Sparta {
            candidates: 4,
            budget: 2000,
            threshold: 0.0,
            z: 2.0,
            tree: 0,
            belief: 0.0,
            policy: Policy::Learned(Learned {
                path: None,
                model: None,
            }),
        }
    }
}

/// The largest budget a spec may ask for.
pub const MOST_BUDGET: u32 = 10_000_000;
/// The largest threshold a spec may ask for, in points a match.
pub const MOST_THRESHOLD: f64 = 1000.0;
/// The largest `z` a spec may ask for.
pub const MOST_Z: f64 = 100.0;
/// The most iterations a spec may ask the tree search for (IS-MCTS's own bound).
pub const MOST_TREE: u32 = MOST_ITERATIONS;
/// The largest belief temperature a spec may ask for, in points a match.
pub const MOST_BELIEF: f64 = 1000.0;

impl Sparta {
    /// Settings from `name=value` pairs separated by commas (`candidates` 1 to 10,000,
    /// `budget` 1 to 10,000,000, `threshold` 0 to 1000, `z` 0 to 100, `tree` 0 to 1,000,000,
    /// `belief` 0 to 1000, `policy` `learned`, `learned(model=PATH)` or `greedy`, a belief
    /// only with a learned one); missing ones keep their defaults. A policy's model
    /// file is not read here ([`Sparta::read_model_file`]).
    ///
    /// ```
    /// use zhengfen_core::agents::Sparta;
    /// let sparta = Sparta::parse("budget=500,z=0").unwrap();
    /// assert_eq!((sparta.budget, sparta.z, sparta.candidates), (500, 0.0, 4));
    /// let error = Sparta::parse("budget=0").unwrap_err().to_string();
    /// assert!(error.contains("budget must be 1 to 10000000"), "{error}");
    /// ```
    pub fn parse(args: &str) -> Result<Sparta> {
        let spec = format!("sparta({args})");
        let mut sparta = Sparta::default();
        for (key, value) in settings::pairs(&spec, args)? {
            match key {
                "candidates" => {
                    sparta.candidates = settings::number(&spec, key, value, 1, Search::MOST)?;
                }
                "budget" => sparta.budget = settings::number(&spec, key, value, 1, MOST_BUDGET)?,
                "threshold" => {
                    sparta.threshold = settings::number(&spec, key, value, 0.0, MOST_THRESHOLD)?;
                }
                "z" => sparta.z = settings::number(&spec, key, value, 0.0, MOST_Z)?,
                "tree" => sparta.tree = settings::number(&spec, key, value, 0, MOST_TREE)?,
                "belief" => {
                    sparta.belief = settings::number(&spec, key, value, 0.0, MOST_BELIEF)?;
                }
                "policy" => sparta.policy = Policy::parse(&spec, value)?,
                other => return Err(settings::unknown(&spec, other)),
            }
        }
        sparta.belief_needs_a_model(&spec)?;
        Ok(sparta)
    }

    /// These settings if each is in its range, else the error a spec with them gets: the agent
    /// made from values rather than from a spec (`AgentSpec.sparta`).
    ///
    /// ```
    /// use zhengfen_core::agents::Sparta;
    /// let sparta = Sparta { budget: 30, ..Sparta::default() };
    /// assert_eq!(sparta.clone().checked().unwrap(), sparta);
    /// assert!(Sparta { z: f64::NAN, ..Sparta::default() }.checked().is_err());
    /// assert!(Sparta { candidates: 0, ..Sparta::default() }.checked().is_err());
    /// assert!(Sparta { tree: 1_000_001, ..Sparta::default() }.checked().is_err());
    /// assert!(Sparta { belief: -1.0, ..Sparta::default() }.checked().is_err());
    /// let zero = Sparta { z: -0.0, ..Sparta::default() }.checked().unwrap();
    /// assert_eq!(zero.to_string(), Sparta::parse("z=0").unwrap().to_string());
    /// let greedy = Sparta::parse("policy=greedy").unwrap();
    /// assert!(Sparta { belief: 10.0, ..greedy }.checked().is_err());
    /// ```
    pub fn checked(self) -> Result<Sparta> {
        let spec = self.to_string();
        settings::in_range(&spec, "candidates", self.candidates, 1, Search::MOST)?;
        settings::in_range(&spec, "budget", self.budget, 1, MOST_BUDGET)?;
        let threshold =
            settings::in_range(&spec, "threshold", self.threshold, 0.0, MOST_THRESHOLD)?;
        let z = settings::in_range(&spec, "z", self.z, 0.0, MOST_Z)?;
        settings::in_range(&spec, "tree", self.tree, 0, MOST_TREE)?;
        let belief = settings::in_range(&spec, "belief", self.belief, 0.0, MOST_BELIEF)?;
        self.belief_needs_a_model(&spec)?;
        // Each float as the range gave it back: -0 as 0, so the agent has one canonical spec.
        Ok(Sparta {
            threshold,
            z,
            belief,
            ..self
        })
    }

    /// The error of a belief over a greedy blueprint, which has no probabilities to weigh
    /// worlds by.
    fn belief_needs_a_model(&self, spec: &str) -> Result<()> {
        match self.belief > 0.0 && !self.policy.is_learned() {
            true => Err(bad_spec(spec, "belief needs a learned policy")),
            false => Ok(()),
        }
    }

    /// These settings with the learned policy's model file read ([`Policy::read_model_file`]).
    pub fn read_model_file(self) -> Result<Sparta> {
        Ok(Sparta {
            policy: self.policy.clone().read_model_file()?,
            ..self
        })
    }

    /// These settings with `model` as the learned policy's model (its path kept as its spec);
    /// a greedy policy is unchanged.
    pub fn with_model(self, model: Arc<Model>) -> Sparta {
        let policy = match &self.policy {
            Policy::Learned(learned) => {
                Policy::Learned(Learned::from_model(model, learned.path.clone()))
            }
            Policy::Greedy => Policy::Greedy,
        };
        Sparta { policy, ..self }
    }

    /// These settings for `rules`: a learned policy gets the model shipped for them (an error
    /// where none ships), or has its model checked against them.
    pub fn bind(&self, rules: &Rules) -> Result<Sparta> {
        Ok(Sparta {
            policy: self.policy.bind(rules)?,
            ..self.clone()
        })
    }

    /// The settings its spec writes, in order: [`crate::agents::Agent::settings`].
    pub fn settings(&self) -> Vec<(&'static str, String)> {
        vec![
            ("candidates", self.candidates.to_string()),
            ("budget", self.budget.to_string()),
            ("threshold", self.threshold.to_string()),
            ("z", self.z.to_string()),
            ("tree", self.tree.to_string()),
            ("belief", self.belief.to_string()),
            ("policy", self.policy.to_string()),
        ]
    }
}

impl fmt::Display for Sparta {
    /// The agent's spec, as [`crate::agents::Agent::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_spec(f, "sparta", &self.settings())
    }
}
