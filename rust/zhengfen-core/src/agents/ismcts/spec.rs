//! The IS-MCTS agent's settings: its playouts, its bounds, and its spec read and written
//! (`ismcts(iterations=N,playout=P,exploration=E,candidates=K,declare=D,policy=...)`).

use std::fmt;
use std::sync::Arc;

use crate::agents::policy::Policy;
use crate::agents::settings;
use crate::agents::Learned;
use crate::error::Result;
use crate::game::{Game, Phase};
use crate::learned::Model;
use crate::rules::Rules;

/// How a leaf is estimated after the tree: a world played to the end of the match by a
/// policy, or the learned values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random moves.
    Random,
    /// The greedy agent in every seat.
    Greedy,
    /// The learned model's choice in every seat (needs `policy=learned`).
    Learned,
    /// No playout to the end: each seat's largest Q-value at its next decision, the world
    /// played on by the model until then (needs `policy=learned`).
    Value,
}

/// Every playout, in the order the documents list them.
const PLAYOUTS: [Playout; 4] = [
    Playout::Random,
    Playout::Greedy,
    Playout::Learned,
    Playout::Value,
];

impl Playout {
    /// The name a spec gives it.
    pub const fn name(&self) -> &'static str {
        match self {
            Playout::Random => "random",
            Playout::Greedy => "greedy",
            Playout::Learned => "learned",
            Playout::Value => "value",
        }
    }

    /// The playout a spec names `name`, if any.
    pub fn parse(name: &str) -> Option<Playout> {
        PLAYOUTS.into_iter().find(|p| p.name() == name)
    }

    /// Whether it plays with the learned model.
    pub const fn is_learned(&self) -> bool {
        matches!(self, Playout::Learned | Playout::Value)
    }
}

/// Settings of the IS-MCTS agent.
#[derive(Clone, Debug, PartialEq)]
pub struct Ismcts {
    /// Iterations (worlds drawn, nodes added at most) per decision.
    pub iterations: u32,
    /// How each leaf is estimated: a policy playing the world out, or the learned values.
    pub playout: Playout,
    /// The UCB1 exploration constant `C` (rewards are about 0 to 1).
    pub exploration: f64,
    /// Moves considered at each node: the best by the policy in the world.
    pub candidates: u32,
    /// Iterations at a declaration decision (Zen Cheng You's blind and open declarations,
    /// RULES.md §11.2); 0, the default: `iterations`, as at every other decision. A declaration
    /// decision searches the most (each iteration plays the whole match out or values it), so
    /// a search can move its time from the declarations to the play (benches/RESULTS.md §40.5).
    pub declare: u32,
    /// What ranks a node's moves: the greedy score or a learned model.
    pub policy: Policy,
}

impl Default for Ismcts {
    fn default() -> Ismcts {
        Ismcts {
            iterations: 1000,
            playout: Playout::Greedy,
            exploration: 0.7,
            candidates: 8,
            declare: 0,
            policy: Policy::Greedy,
        }
    }
}

/// The iterations `policy=learned` defaults to (about the time of the default `ismcts` with
/// the trained 128-128 model of 4-player Zheng Fen, benches/RESULTS.md §9).
pub const LEARNED_ITERATIONS: u32 = 200;
/// The playout `policy=learned` defaults to.
pub const LEARNED_PLAYOUT: Playout = Playout::Value;

/// The most iterations a spec may ask for.
pub const MOST_ITERATIONS: u32 = 1_000_000;
/// The most candidates a spec may ask for.
pub const MOST_CANDIDATES: u32 = 10_000;
/// The largest exploration constant a spec may ask for.
pub const MOST_EXPLORATION: f64 = 100.0;

impl Ismcts {
    /// The defaults with `policy`: those of [`Ismcts::default`], and for a learned policy
    /// [`LEARNED_ITERATIONS`] and [`LEARNED_PLAYOUT`].
    pub fn with_policy(policy: Policy) -> Ismcts {
        let mut ismcts = Ismcts::default();
        if policy.is_learned() {
            ismcts.iterations = LEARNED_ITERATIONS;
            ismcts.playout = LEARNED_PLAYOUT;
        }
        ismcts.policy = policy;
        ismcts
    }

    /// Settings from `name=value` pairs separated by commas (`iterations` 1 to 1,000,000,
    /// `playout` `random`, `greedy`, `learned` or `value`, `exploration` 0 to 100,
    /// `candidates` 1 to 10,000, `declare` 0 to 1,000,000, `policy` `greedy`, `learned` or
    /// `learned(model=PATH)`);
    /// missing ones keep the defaults of the policy ([`Ismcts::with_policy`]). The learned
    /// playouts need the learned policy, whose model they play. A policy's model file is not
    /// read here ([`Ismcts::read_model_file`]; [`Agent::parse`] reads it).
    pub fn parse(args: &str) -> Result<Ismcts> {
        let spec = format!("ismcts({args})");
        let pairs = settings::pairs(&spec, args)?;
        let policy = match pairs.iter().find(|(key, _)| *key == "policy") {
            Some((_, value)) => Policy::parse(&spec, value)?,
            None => Policy::Greedy,
        };
        let mut ismcts = Ismcts::with_policy(policy);
        for (key, value) in pairs {
            match key {
                "iterations" => {
                    ismcts.iterations = settings::number(&spec, key, value, 1, MOST_ITERATIONS)?;
                }
                "candidates" => {
                    ismcts.candidates = settings::number(&spec, key, value, 1, MOST_CANDIDATES)?;
                }
                "declare" => {
                    ismcts.declare = settings::number(&spec, key, value, 0, MOST_ITERATIONS)?;
                }
                "exploration" => {
                    ismcts.exploration =
                        settings::number(&spec, key, value, 0.0, MOST_EXPLORATION)?;
                }
                "playout" => {
                    ismcts.playout = Playout::parse(value).ok_or_else(|| {
                        crate::agents::bad_spec(
                            &spec,
                            "playout must be random, greedy, learned or value",
                        )
                    })?;
                }
                "policy" => {}
                other => return Err(settings::unknown(&spec, other)),
            }
        }
        ismcts.check_playout(&spec)?;
        Ok(ismcts)
    }

    /// These settings if each is in its range and a learned playout has the learned policy,
    /// else the error a spec with them gets: the searcher made from values rather than from a
    /// spec (`AgentSpec.ismcts`).
    ///
    /// ```
    /// use zhengfen_core::agents::{Ismcts, Playout};
    /// let ismcts = Ismcts { iterations: 30, ..Ismcts::default() };
    /// assert_eq!(ismcts.clone().checked().unwrap(), ismcts);
    /// assert!(Ismcts { exploration: f64::NAN, ..Ismcts::default() }.checked().is_err());
    /// let zero = Ismcts { exploration: -0.0, ..Ismcts::default() }.checked().unwrap();
    /// assert!(zero.exploration.is_sign_positive());
    /// assert!(Ismcts { playout: Playout::Value, ..Ismcts::default() }.checked().is_err());
    /// ```
    pub fn checked(self) -> Result<Ismcts> {
        let spec = self.to_string();
        settings::in_range(&spec, "iterations", self.iterations, 1, MOST_ITERATIONS)?;
        settings::in_range(&spec, "candidates", self.candidates, 1, MOST_CANDIDATES)?;
        settings::in_range(&spec, "declare", self.declare, 0, MOST_ITERATIONS)?;
        let exploration = settings::in_range(
            &spec,
            "exploration",
            self.exploration,
            0.0,
            MOST_EXPLORATION,
        )?;
        self.check_playout(&spec)?;
        Ok(Ismcts {
            exploration, // -0 as 0
            ..self
        })
    }

    /// The iterations it runs at `game`'s decision: `declare` at a declaration (when not 0),
    /// else `iterations`.
    ///
    /// ```
    /// use zhengfen_core::agents::Ismcts;
    /// use zhengfen_core::{Game, Rules};
    /// let ismcts = Ismcts { iterations: 450, declare: 50, ..Ismcts::default() };
    /// let team = Game::new(Rules::zen_cheng_you(), 1); // it opens with the blind declarations
    /// assert_eq!(ismcts.iterations_at(&team), 50);
    /// assert_eq!(ismcts.iterations_at(&Game::new(Rules::zheng_fen(4).unwrap(), 1)), 450);
    /// assert_eq!(Ismcts { declare: 0, ..ismcts }.iterations_at(&team), 450);
    /// ```
    pub fn iterations_at(&self, game: &Game) -> u32 {
        match game.phase() {
            Phase::BlindDeclare | Phase::Declare if self.declare > 0 => self.declare,
            _ => self.iterations,
        }
    }

    /// Refuses a learned playout without the learned policy, whose model it plays.
    fn check_playout(&self, spec: &str) -> Result<()> {
        if self.playout.is_learned() && !self.policy.is_learned() {
            return Err(crate::agents::bad_spec(
                spec,
                &format!(
                    "playout={} plays the learned policy's model: give policy=learned",
                    self.playout.name()
                ),
            ));
        }
        Ok(())
    }

    /// These settings with the learned policy's model file read ([`Policy::read_model_file`]).
    pub fn read_model_file(self) -> Result<Ismcts> {
        Ok(Ismcts {
            policy: self.policy.clone().read_model_file()?,
            ..self
        })
    }

    /// These settings with `model` as the learned policy's model (its path kept as its spec);
    /// a greedy policy is unchanged.
    pub fn with_model(self, model: Arc<Model>) -> Ismcts {
        let policy = match &self.policy {
            Policy::Learned(learned) => {
                Policy::Learned(Learned::from_model(model, learned.path.clone()))
            }
            Policy::Greedy => Policy::Greedy,
        };
        Ismcts { policy, ..self }
    }

    /// These settings for `rules`: a learned policy gets the model shipped for them, or has its
    /// model checked against them (a model for other rules is refused).
    pub fn bind(&self, rules: &Rules) -> Result<Ismcts> {
        Ok(Ismcts {
            policy: self.policy.bind(rules)?,
            ..self.clone()
        })
    }
}

impl Ismcts {
    /// The settings its spec writes, in order (`declare` only when not 0, so specs written
    /// before it keep their meaning; `policy` only when learned):
    /// [`crate::agents::Agent::settings`].
    pub fn settings(&self) -> Vec<(&'static str, String)> {
        let mut settings = vec![
            ("iterations", self.iterations.to_string()),
            ("playout", self.playout.name().to_string()),
            ("exploration", self.exploration.to_string()),
            ("candidates", self.candidates.to_string()),
        ];
        if self.declare > 0 {
            settings.push(("declare", self.declare.to_string()));
        }
        if self.policy.is_learned() {
            settings.push(("policy", self.policy.to_string()));
        }
        settings
    }
}

impl fmt::Display for Ismcts {
    /// The agent's spec, as [`crate::agents::Agent::parse`] reads it (`declare` only when not
    /// 0, `policy` only when learned).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::agents::write_spec(f, "ismcts", &self.settings())
    }
}
