//! Built-in agents: [`Agent::Random`], [`Agent::Greedy`] (a heuristic worth beating),
//! [`Agent::Search`] (determinized Monte Carlo over [`Game::resample`]), [`Agent::Ismcts`]
//! (information-set Monte Carlo tree search over the same resampled worlds), [`Agent::Sparta`]
//! (single-agent search over a blueprint's rollouts), and [`Agent::Learned`] (the best move by
//! a learned model's Q-values, [`crate::learned`]).
//!
//! An agent picks one of the current player's legal moves. It sees the game only as that
//! player may: the random and greedy agents read the player's own hand and the public state;
//! the search agents work on games from [`Game::resample`], never on the real hands.

mod choose;
mod greedy;
mod ismcts;
mod learned;
pub mod policy;
mod search;
mod settings;
mod sparta;

pub use choose::{Choose, Turn};
pub use greedy::Greedy;
pub use ismcts::{
    Ismcts, Playout, RootValue, Searched, LEARNED_ITERATIONS, LEARNED_PLAYOUT, MOST_CANDIDATES,
    MOST_EXPLORATION, MOST_ITERATIONS,
};
pub use learned::Learned;
pub use policy::Policy;
pub use search::Search;
pub use sparta::{Gains, Sparta, MOST_BELIEF, MOST_BUDGET, MOST_THRESHOLD, MOST_TREE, MOST_Z};

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::game::{Game, Move};
use crate::learned::Model;
use crate::rules::Rules;
use crate::seed::SplitMix64;

/// The specs read so far ([`Agent::specs_read`]).
static SPECS_READ: AtomicU64 = AtomicU64::new(0);

/// An agent and its settings. (A learned agent holds its model, shared: cloning is cheap.)
#[derive(Clone, Debug, PartialEq)]
pub enum Agent {
    /// Uniformly random among the legal moves.
    Random,
    /// The greedy heuristic of [`Greedy`].
    Greedy,
    /// Determinized Monte Carlo search ([`Search`]).
    Search(Search),
    /// Information-set Monte Carlo tree search ([`Ismcts`]).
    Ismcts(Ismcts),
    /// The best move by a learned model ([`Learned`]).
    Learned(Learned),
    /// Single-agent search over a blueprint's rollouts ([`Sparta`]).
    Sparta(Sparta),
}

impl Agent {
    /// The agent a spec names: `random`, `greedy`, `search`, `search(determinizations=D,
    /// candidates=C)`, `ismcts`, `ismcts(iterations=N,playout=P,exploration=E,candidates=K,
    /// declare=D,policy=Q)` (Q `greedy`, or a learned agent's spec: [`Policy`]),
    /// `sparta(candidates=C,budget=B,threshold=T,z=Z,tree=N,belief=K,policy=Q)` (Q `learned` by
    /// default), each setting optional and named at most once, `learned` (the model shipped for
    /// the rules, found by [`Agent::bind`]) or `learned(model=PATH)` (the file is read now). A PATH holding a
    /// comma, a blank, a parenthesis or a `"` is quoted, `"..."`, with `\"` for `"` and `\\`
    /// for `\` inside; the canonical spec quotes it exactly when it must.
    ///
    /// ```
    /// use zhengfen_core::agents::{Agent, Search};
    /// let agent = Agent::parse("search(determinizations=4)").unwrap();
    /// assert_eq!(agent, Agent::Search(Search { determinizations: 4, ..Search::default() }));
    /// assert_eq!(agent.to_string(), "search(determinizations=4,candidates=8)");
    /// assert!(Agent::parse("clever").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Agent> {
        Agent::parse_unread(spec)?.read_model_file()
    }

    /// [`Agent::parse`] without reading a model file the spec names (`learned(model=PATH)`,
    /// or an `ismcts` policy's): the agent holds the path only, until [`Agent::with_model`]
    /// gives it the model (read once elsewhere, or sent from another process) or
    /// [`Agent::read_model_file`] reads it. [`Agent::bind`] reads a file not yet read.
    ///
    /// ```
    /// use zhengfen_core::agents::Agent;
    /// let spec = "ismcts(policy=learned(model=no/such.safetensors))";
    /// assert!(Agent::parse(spec).is_err()); // the file is read, and there is none
    /// let unread = Agent::parse_unread(spec).unwrap();
    /// assert_eq!(unread.to_string(), Agent::parse_unread(&unread.to_string()).unwrap().to_string());
    /// ```
    pub fn parse_unread(spec: &str) -> Result<Agent> {
        SPECS_READ.fetch_add(1, Ordering::Relaxed);
        Agent::read_spec(spec)
    }

    /// How many specs [`Agent::parse_unread`] (and so [`Agent::parse`]) has read in this
    /// process: the count a test reads to show that a spec is read once, where it enters, and
    /// never again on its way to a game. (A nested spec, a searcher's
    /// `policy=learned(model=PATH)`, is part of its spec's one reading.)
    pub fn specs_read() -> u64 {
        SPECS_READ.load(Ordering::Relaxed)
    }

    /// The reading of [`Agent::parse_unread`], not counted (a nested spec's).
    pub(crate) fn read_spec(spec: &str) -> Result<Agent> {
        let spec = spec.trim();
        let (name, args) = match spec.split_once('(') {
            Some((name, rest)) => match rest.strip_suffix(')') {
                Some(args) => (name.trim(), Some(args)),
                None => return Err(bad_spec(spec, "a '(' without its ')'")),
            },
            None => (spec, None),
        };
        match (name, args) {
            ("random", None) => Ok(Agent::Random),
            ("greedy", None) => Ok(Agent::Greedy),
            ("search", args) => Search::parse(args.unwrap_or("")).map(Agent::Search),
            ("ismcts", args) => Ismcts::parse(args.unwrap_or("")).map(Agent::Ismcts),
            ("learned", args) => Learned::parse_unread(args).map(Agent::Learned),
            ("sparta", args) => Sparta::parse(args.unwrap_or("")).map(Agent::Sparta),
            ("random" | "greedy", Some(_)) => Err(bad_spec(spec, "this agent has no settings")),
            _ => Err(Error::argument(format!(
                "unknown agent '{spec}': the built-in agents are random, greedy, search, ismcts, \
                 sparta and learned"
            ))
            .with_argument(
                "agent spec",
                Some(spec.to_string()),
                Some("random, greedy, search, ismcts, sparta and learned".into()),
            )),
        }
    }

    /// The agent with the model file it names read ([`Agent::parse_unread`]); an agent that
    /// names none, or whose model is read, is unchanged.
    pub fn read_model_file(self) -> Result<Agent> {
        match self {
            Agent::Learned(learned) => learned.read_file().map(Agent::Learned),
            Agent::Ismcts(ismcts) => ismcts.read_model_file().map(Agent::Ismcts),
            Agent::Sparta(sparta) => sparta.read_model_file().map(Agent::Sparta),
            other => Ok(other),
        }
    }

    /// The agent playing `model` instead of the file its spec names: a learned agent, or an
    /// `ismcts` or `sparta` agent with a learned policy (the path stays, as its spec). Any other agent
    /// plays no model, and is refused.
    ///
    /// ```
    /// use zhengfen_core::{Agent, Rules};
    /// let rules = Rules::zheng_fen(4).unwrap();
    /// let shipped = Agent::parse("learned").unwrap().bind(&rules).unwrap();
    /// let Agent::Learned(learned) = shipped else { unreachable!() };
    /// let model = learned.model.unwrap();
    /// assert!(Agent::Greedy.with_model(model.clone()).is_err());
    /// let spec = "ismcts(iterations=20,policy=learned(model=elsewhere.safetensors))";
    /// let agent = Agent::parse_unread(spec).unwrap().with_model(model).unwrap();
    /// assert!(agent.bind(&rules).is_ok()); // no file read: the model was given
    /// assert_eq!(agent.to_string(), spec.replace("(iterations=20", "(iterations=20,playout=value,exploration=0.7,candidates=8"));
    /// ```
    pub fn with_model(self, model: Arc<Model>) -> Result<Agent> {
        match self {
            Agent::Learned(learned) => Ok(Agent::Learned(Learned::from_model(model, learned.path))),
            Agent::Ismcts(ismcts) if ismcts.policy.is_learned() => {
                Ok(Agent::Ismcts(ismcts.with_model(model)))
            }
            Agent::Sparta(sparta) if sparta.policy.is_learned() => {
                Ok(Agent::Sparta(sparta.with_model(model)))
            }
            other => Err(Error::argument(format!(
                "agent '{other}' plays no learned model: only learned, ismcts(policy=learned) and \
                 sparta(policy=learned) take one"
            ))),
        }
    }

    /// The settings its spec writes, in order, each as its name and its value's text: a search
    /// agent's `determinizations` and `candidates`; a searcher's `iterations`, `playout`,
    /// `exploration`, `candidates` and, when learned, `policy`; a SPARTA agent's `candidates`,
    /// `budget`, `threshold`, `z`, `tree` and `policy`; a learned agent's `model` when
    /// it names a file. None for the random and greedy agents, or `learned`.
    ///
    /// ```
    /// use zhengfen_core::Agent;
    /// let agent = Agent::parse("search(candidates=3)").unwrap();
    /// let text = |v: &str| v.to_string();
    /// assert_eq!(agent.settings(), [("determinizations", text("8")), ("candidates", text("3"))]);
    /// assert!(Agent::Greedy.settings().is_empty());
    /// let unread = Agent::parse_unread("ismcts(policy=learned(model=a.safetensors))").unwrap();
    /// let last = unread.settings().pop().unwrap();
    /// assert_eq!(last, ("policy", text("learned(model=a.safetensors)")));
    /// ```
    pub fn settings(&self) -> Vec<(&'static str, String)> {
        match self {
            Agent::Search(search) => vec![
                ("determinizations", search.determinizations.to_string()),
                ("candidates", search.candidates.to_string()),
            ],
            Agent::Ismcts(ismcts) => ismcts.settings(),
            Agent::Sparta(sparta) => sparta.settings(),
            Agent::Learned(Learned {
                path: Some(path), ..
            }) => vec![("model", settings::quoted(path))],
            _ => Vec::new(),
        }
    }

    /// The model file its spec names: a learned agent's `learned(model=PATH)`, or the learned
    /// policy's of a searcher, `ismcts(...,policy=learned(model=PATH))` or
    /// `sparta(...,policy=learned(model=PATH))`; else `None`.
    ///
    /// ```
    /// use zhengfen_core::Agent;
    /// let spec = "ismcts(iterations=9,policy=learned(model=b.safetensors))";
    /// assert_eq!(Agent::parse_unread(spec).unwrap().model_file(), Some("b.safetensors"));
    /// assert_eq!(Agent::parse_unread("learned").unwrap().model_file(), None);
    /// ```
    pub fn model_file(&self) -> Option<&str> {
        match self {
            Agent::Learned(learned) => learned.path.as_deref(),
            Agent::Ismcts(Ismcts {
                policy: Policy::Learned(learned),
                ..
            }) => learned.path.as_deref(),
            Agent::Sparta(Sparta {
                policy: Policy::Learned(learned),
                ..
            }) => learned.path.as_deref(),
            _ => None,
        }
    }

    /// The agent's name.
    pub const fn name(&self) -> &'static str {
        match self {
            Agent::Random => "random",
            Agent::Greedy => "greedy",
            Agent::Search(_) => "search",
            Agent::Ismcts(_) => "ismcts",
            Agent::Learned(_) => "learned",
            Agent::Sparta(_) => "sparta",
        }
    }

    /// This agent for `rules`, or why it cannot play them: a learned agent gets the model
    /// shipped for them (`learned`) or has its model checked against them (a model for another
    /// game or player count is refused). Every entry point of the core that takes agents
    /// (rollouts, batches, their Python counterparts) binds them before it plays.
    ///
    /// ```
    /// use zhengfen_core::{Agent, Rules};
    /// let rules = Rules::zheng_fen(4).unwrap();
    /// assert_eq!(Agent::Greedy.bind(&rules).unwrap(), Agent::Greedy);
    /// // `learned` is bound to the model shipped for the rules.
    /// assert!(Agent::parse("learned").unwrap().bind(&rules).is_ok());
    /// // A model file is checked: this one plays 4-player Zheng Fen, not 5.
    /// let four = Agent::parse("learned").unwrap().bind(&rules).unwrap();
    /// assert!(four.bind(&Rules::zheng_fen(5).unwrap()).is_err());
    /// ```
    pub fn bind(&self, rules: &Rules) -> Result<Agent> {
        match self {
            Agent::Learned(learned) => learned.bind(rules).map(Agent::Learned),
            Agent::Ismcts(ismcts) => ismcts.bind(rules).map(Agent::Ismcts),
            Agent::Sparta(sparta) => sparta.bind(rules).map(Agent::Sparta),
            other => Ok(other.clone()),
        }
    }
}

impl Choose for Agent {
    fn pick(&self, turn: &Turn<'_>, rng: &mut SplitMix64) -> usize {
        match self {
            Agent::Random => rng.uniform(turn.moves.len() as u64) as usize,
            Agent::Greedy => Greedy.choose(turn.game, turn.moves),
            Agent::Search(search) => search.pick(turn, rng),
            Agent::Ismcts(ismcts) => ismcts.pick(turn, rng),
            Agent::Learned(learned) => learned.choose(turn.game, turn.moves),
            Agent::Sparta(sparta) => sparta.pick(turn, rng),
        }
    }
}

impl fmt::Display for Agent {
    /// The agent's spec, as [`Agent::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Search(_) => write_spec(f, self.name(), &self.settings()),
            Agent::Ismcts(ismcts) => ismcts.fmt(f),
            Agent::Learned(learned) => learned.fmt(f),
            Agent::Sparta(sparta) => sparta.fmt(f),
            other => f.write_str(other.name()),
        }
    }
}

/// A spec `name(setting=value,...)` from its name and settings.
pub(crate) fn write_spec(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    settings: &[(&str, String)],
) -> fmt::Result {
    write!(f, "{name}(")?;
    for (i, (key, value)) in settings.iter().enumerate() {
        let comma = if i == 0 { "" } else { "," };
        write!(f, "{comma}{key}={value}")?;
    }
    f.write_str(")")
}

/// The error for a spec that cannot be read.
pub(crate) fn bad_spec(spec: &str, why: &str) -> Error {
    Error::argument(format!("agent spec '{spec}': {why}")).with_argument(
        "agent spec",
        Some(spec.to_string()),
        None,
    )
}

/// Plays the current match of `game` to its end with `agent` in every seat.
pub(crate) fn play_out(
    game: &mut Game,
    agent: &Agent,
    rng: &mut SplitMix64,
    moves: &mut Vec<Move>,
) {
    let mut combos = Vec::new();
    while game.current_player().is_some() {
        game.legal_moves_into(&mut combos, moves);
        let pick = agent.choose(game, moves, rng);
        game.play_unchecked(moves[pick]);
    }
}
