//! Rule sets: which game, how many players, and every option of RULES.md §3.
//!
//! Every option of the engine lives here, with its validation. Presets:
//! [`Rules::zheng_fen`] and [`Rules::zen_cheng_you`]; [`Rules::set`] changes one option by name,
//! as the Python keyword arguments do.

mod domain;
mod teams;
mod text;

pub use domain::Domain;

use crate::error::{Error, Result};

/// The two games (RULES.md, introduction).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Zheng Fen: 3 to 6 players, one deck plus two wild jokers.
    ZhengFen,
    /// Zen Cheng You: 4 players in teams, two decks plus four jokers, bombs.
    ZenChengYou,
}

impl Variant {
    /// The game's name in the API: `zheng_fen` or `zen_cheng_you`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::ZhengFen => "zheng_fen",
            Variant::ZenChengYou => "zen_cheng_you",
        }
    }

    /// The variant named `name` (see [`Variant::name`]).
    ///
    /// ```
    /// use zhengfen_core::rules::Variant;
    /// assert_eq!(Variant::from_name("zen_cheng_you").unwrap(), Variant::ZenChengYou);
    /// assert!(Variant::from_name("dou_dizhu").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Variant> {
        match name {
            "zheng_fen" => Ok(Variant::ZhengFen),
            "zen_cheng_you" => Ok(Variant::ZenChengYou),
            _ => Err(Error::rules(format!(
                "unknown game '{name}'; the games are 'zheng_fen' and 'zen_cheng_you'"
            ))
            .with_option(
                "game",
                Some(format!("'{name}'")),
                Some("'zheng_fen' and 'zen_cheng_you'".into()),
            )),
        }
    }

    /// The variant's preset rules: 4 players and every default option (RULES.md §3).
    pub fn rules(self) -> Rules {
        match self {
            Variant::ZhengFen => Rules::zheng_fen(4).expect("4 players is a legal Zheng Fen table"),
            Variant::ZenChengYou => Rules::zen_cheng_you(),
        }
    }
}

/// Who leads a later Zheng Fen match (RULES.md §7.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NextLeader {
    /// The first player out of the previous match (default).
    FirstOut,
    /// The best scorer of the previous match, ties broken by finishing order.
    BestScore,
}

/// What a tie at the top of the target does in Zheng Fen (RULES.md §7.7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// Another match is played (default).
    PlayOn,
    /// The tied players share the win.
    Share,
}

/// Who leads after a trick won by a player who is out, in Zen Cheng You (RULES.md §11.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LeadAfterOut {
    /// The next seat that holds cards (default).
    Next,
    /// The winner's partner if he holds cards.
    Partner,
}

/// A value given to an option by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// `True` / `False`.
    Bool(bool),
    /// An integer (may be out of range; [`Rules::set`] checks).
    Int(i64),
    /// A choice by name.
    Str(String),
}

/// A rule set: the game, the number of players and every option (RULES.md §3).
///
/// ```
/// use zhengfen_core::rules::{Rules, OptionValue};
/// let mut rules = Rules::zheng_fen(5).unwrap();
/// rules.set("jokers_wild", OptionValue::Bool(false)).unwrap();
/// assert!(!rules.jokers_wild);
/// assert!(Rules::zheng_fen(7).is_err());
/// assert!(rules.set("colour", OptionValue::Bool(true)).is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Which game.
    pub variant: Variant,
    /// Number of players: 3 to 6 in Zheng Fen, 4 in Zen Cheng You.
    pub players: u8,
    /// Zheng Fen's wild jokers (§4.2); always false in Zen Cheng You.
    pub jokers_wild: bool,
    /// Leader of later Zheng Fen matches (§7.1).
    pub next_leader: NextLeader,
    /// The score that ends the game (§7.7, §11.8).
    pub target: u32,
    /// Tie at the top in Zheng Fen (§7.7).
    pub tie: Tie,
    /// Leader after a trick won by a player who is out, Zen Cheng You (§11.4).
    pub lead_after_out: LeadAfterOut,
    /// Whether the last player holding cards gets one last turn (§7.5, §11.5).
    pub last_chance: bool,
}

/// The highest `target` (RULES.md §3.5): twenty times Zheng Fen's default.
pub const MAX_TARGET: u32 = 10_000;

/// The most players of any game (RULES.md §3.1: six at a Zheng Fen table): the size of the
/// per-seat arrays of a game and of an agent's streams.
pub const MAX_PLAYERS: usize = 6;

const _: () = assert!(MAX_PLAYERS == *Variant::ZhengFen.player_counts().end() as usize);

/// The fewest players of any game (RULES.md §3.1: three at a Zheng Fen table).
pub const MIN_PLAYERS: usize = 3;

const _: () = assert!(MIN_PLAYERS == *Variant::ZhengFen.player_counts().start() as usize);

/// The option names, in the order `repr` writes them (see [`OptionName::ALL`]).
pub const OPTION_NAMES: [&str; 7] = [
    OptionName::Players.name(),
    OptionName::JokersWild.name(),
    OptionName::NextLeader.name(),
    OptionName::Target.name(),
    OptionName::Tie.name(),
    OptionName::LeadAfterOut.name(),
    OptionName::LastChance.name(),
];

/// The options of RULES.md §3: a closed set, so that no name can read another option's value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionName {
    /// `players` (§3.1, §3.2).
    Players,
    /// `jokers_wild` (§4.2).
    JokersWild,
    /// `next_leader` (§7.1).
    NextLeader,
    /// `target` (§7.7, §11.8).
    Target,
    /// `tie` (§7.7).
    Tie,
    /// `lead_after_out` (§11.4).
    LeadAfterOut,
    /// `last_chance` (§7.5, §11.5).
    LastChance,
}

impl OptionName {
    /// Every option, in the order `repr` writes them.
    pub const ALL: [OptionName; 7] = [
        OptionName::Players,
        OptionName::JokersWild,
        OptionName::NextLeader,
        OptionName::Target,
        OptionName::Tie,
        OptionName::LeadAfterOut,
        OptionName::LastChance,
    ];

    /// The option's name in the API, e.g. `jokers_wild`.
    pub const fn name(self) -> &'static str {
        match self {
            OptionName::Players => "players",
            OptionName::JokersWild => "jokers_wild",
            OptionName::NextLeader => "next_leader",
            OptionName::Target => "target",
            OptionName::Tie => "tie",
            OptionName::LeadAfterOut => "lead_after_out",
            OptionName::LastChance => "last_chance",
        }
    }

    /// The option called `name`, or the error that lists the options.
    ///
    /// ```
    /// use zhengfen_core::rules::OptionName;
    /// assert_eq!(OptionName::from_name("tie").unwrap(), OptionName::Tie);
    /// assert!(OptionName::from_name("colour").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<OptionName> {
        OptionName::ALL
            .into_iter()
            .find(|option| option.name() == name)
            .ok_or_else(|| {
                Error::rules(format!(
                    "unknown option '{name}'; the options are {}",
                    OPTION_NAMES.join(", ")
                ))
                .with_option(name, None, Some(OPTION_NAMES.join(", ")))
            })
    }
}

impl Rules {
    /// Zheng Fen for `players` (3 to 6) with the default options (RULES.md §3.1).
    pub fn zheng_fen(players: i64) -> Result<Rules> {
        let mut rules = Rules {
            variant: Variant::ZhengFen,
            players: 4,
            jokers_wild: true,
            next_leader: NextLeader::FirstOut,
            target: 500,
            tie: Tie::PlayOn,
            lead_after_out: LeadAfterOut::Next,
            last_chance: true,
        };
        rules.set("players", OptionValue::Int(players))?;
        Ok(rules)
    }

    /// Zen Cheng You with the default options (RULES.md §3.2).
    pub const fn zen_cheng_you() -> Rules {
        Rules {
            variant: Variant::ZenChengYou,
            players: 4,
            jokers_wild: false,
            next_leader: NextLeader::FirstOut,
            target: 1000,
            tie: Tie::PlayOn,
            lead_after_out: LeadAfterOut::Next,
            last_chance: false,
        }
    }

    /// Number of decks: 1 in Zheng Fen, 2 in Zen Cheng You.
    pub const fn decks(&self) -> u8 {
        match self.variant {
            Variant::ZhengFen => 1,
            Variant::ZenChengYou => 2,
        }
    }

    /// Sets option `name` to `value`, or says why not (RULES.md §3.3, §3.4).
    pub fn set(&mut self, name: &str, value: OptionValue) -> Result<()> {
        let option = OptionName::from_name(name)?;
        let zf = self.variant == Variant::ZhengFen;
        match option {
            OptionName::Players => self.players = players(self.variant, &value)?,
            OptionName::Target => self.target = target(&value)?,
            OptionName::JokersWild if zf => self.jokers_wild = boolean(name, &value)?,
            OptionName::LastChance if !zf => self.last_chance = boolean(name, &value)?,
            OptionName::NextLeader if zf => {
                self.next_leader = choice(name, &value, &domain::NEXT_LEADER)
                    .map(|i| [NextLeader::FirstOut, NextLeader::BestScore][i])?
            }
            OptionName::Tie if zf => {
                self.tie =
                    choice(name, &value, &domain::TIE).map(|i| [Tie::PlayOn, Tie::Share][i])?
            }
            OptionName::LeadAfterOut if !zf => {
                self.lead_after_out = choice(name, &value, &domain::LEAD_AFTER_OUT)
                    .map(|i| [LeadAfterOut::Next, LeadAfterOut::Partner][i])?
            }
            OptionName::JokersWild
            | OptionName::LastChance
            | OptionName::NextLeader
            | OptionName::Tie
            | OptionName::LeadAfterOut => self.check_fixed(option, &value)?,
        }
        Ok(())
    }

    /// A fixed option may be given only its fixed value (RULES.md §3.3).
    fn check_fixed(&self, option: OptionName, value: &OptionValue) -> Result<()> {
        let fixed = self.option(option);
        if *value == fixed {
            return Ok(());
        }
        Err(Error::rules(format!(
            "option {} is fixed at {} in {}",
            option.name(),
            show(&fixed),
            self.variant.name()
        ))
        .with_option(option.name(), Some(show(value)), Some(show(&fixed))))
    }

    /// The value of `option`, as [`Rules::set`] takes it.
    ///
    /// ```
    /// use zhengfen_core::rules::{OptionName, OptionValue, Rules};
    /// let rules = Rules::zen_cheng_you();
    /// assert_eq!(rules.option(OptionName::Target), OptionValue::Int(1000));
    /// ```
    pub fn option(&self, option: OptionName) -> OptionValue {
        let text = |s: &str| OptionValue::Str(s.to_string());
        match option {
            OptionName::Players => OptionValue::Int(self.players.into()),
            OptionName::JokersWild => OptionValue::Bool(self.jokers_wild),
            OptionName::NextLeader => text(match self.next_leader {
                NextLeader::FirstOut => "first_out",
                NextLeader::BestScore => "best_score",
            }),
            OptionName::Target => OptionValue::Int(self.target.into()),
            OptionName::Tie => text(match self.tie {
                Tie::PlayOn => "play_on",
                Tie::Share => "share",
            }),
            OptionName::LeadAfterOut => text(match self.lead_after_out {
                LeadAfterOut::Next => "next",
                LeadAfterOut::Partner => "partner",
            }),
            OptionName::LastChance => OptionValue::Bool(self.last_chance),
        }
    }

    /// The value of the option called `name`, or the error that lists the options.
    ///
    /// ```
    /// use zhengfen_core::rules::{OptionValue, Rules};
    /// let rules = Rules::zheng_fen(5).unwrap();
    /// assert_eq!(rules.option_named("players").unwrap(), OptionValue::Int(5));
    /// assert!(rules.option_named("colour").is_err());
    /// ```
    pub fn option_named(&self, name: &str) -> Result<OptionValue> {
        OptionName::from_name(name).map(|option| self.option(option))
    }

    /// The most matches a game of these rules plays in the batch paths (rollouts, `VecGame`)
    /// before it is cut short (RULES.md §3.5): twice the tie-free bound plus 50.
    ///
    /// A Zheng Fen match hands out 100 points among the seats, so after `m` matches the top
    /// score is at least `100·m / players` and reaches `target` by match
    /// `⌈players·target / 100⌉`; a Zen Cheng You round hands out 200 card points between two
    /// teams, so the leading team reaches `target` by round `⌈target / 100⌉`. Only a tie at the
    /// top (`tie="play_on"`) or lost declarations (scores may fall, §11.2) prolong a game past
    /// that bound, and then without limit: random play in Zen Cheng You loses points on
    /// declarations faster than it wins them.
    ///
    /// ```
    /// use zhengfen_core::rules::{Rules, MAX_TARGET};
    /// assert_eq!(Rules::zheng_fen(4).unwrap().match_limit(), 2 * 20 + 50);
    /// assert_eq!(Rules::zen_cheng_you().match_limit(), 2 * 10 + 50);
    /// let mut longest = Rules::zheng_fen(6).unwrap();
    /// longest.target = MAX_TARGET;
    /// assert_eq!(longest.match_limit(), 2 * 600 + 50);
    /// ```
    pub fn match_limit(&self) -> u32 {
        // Each deck holds 100 points (§1.8).
        let (sides, points) = (self.sides() as u64, 100 * u64::from(self.decks()));
        let bound = (sides * u64::from(self.target)).div_ceil(points);
        u32::try_from(2 * bound + 50).unwrap_or(u32::MAX)
    }

    /// The options this game lets a caller change, in `repr` order.
    pub fn own_options(&self) -> &'static [OptionName] {
        use OptionName::*;
        match self.variant {
            Variant::ZhengFen => &[Players, JokersWild, NextLeader, Target, Tie],
            Variant::ZenChengYou => &[Target, LeadAfterOut, LastChance],
        }
    }
}

fn players(game: Variant, value: &OptionValue) -> Result<u8> {
    let counts = game.player_counts();
    let range = i64::from(*counts.start())..=i64::from(*counts.end());
    match value {
        OptionValue::Int(n) if range.contains(n) => Ok(*n as u8),
        _ => Err(Error::rules(format!(
            "option players must be an integer from {} to {} in {}, not {}",
            range.start(),
            range.end(),
            game.name(),
            show(value)
        ))
        .with_option(
            "players",
            Some(show(value)),
            Some(format!("{} to {}", range.start(), range.end())),
        )),
    }
}

fn target(value: &OptionValue) -> Result<u32> {
    match value {
        OptionValue::Int(n) if (1..=i64::from(MAX_TARGET)).contains(n) => Ok(*n as u32),
        _ => Err(Error::rules(format!(
            "option target must be an integer from 1 to {MAX_TARGET}, not {}",
            show(value)
        ))
        .with_option(
            "target",
            Some(show(value)),
            Some(format!("1 to {MAX_TARGET}")),
        )),
    }
}

fn boolean(name: &str, value: &OptionValue) -> Result<bool> {
    match value {
        OptionValue::Bool(b) => Ok(*b),
        _ => Err(Error::rules(format!(
            "option {name} must be True or False, not {}",
            show(value)
        ))
        .with_option(name, Some(show(value)), Some("True or False".into()))),
    }
}

fn choice(name: &str, value: &OptionValue, choices: &[&str]) -> Result<usize> {
    if let OptionValue::Str(s) = value {
        if let Some(i) = choices.iter().position(|c| c == s) {
            return Ok(i);
        }
    }
    let bound = format!("'{}'", choices.join("', '"));
    Err(Error::rules(format!(
        "option {name} must be one of {bound}, not {}",
        show(value)
    ))
    .with_option(name, Some(show(value)), Some(bound)))
}

/// An option value as Python writes it.
pub fn show(value: &OptionValue) -> String {
    match value {
        OptionValue::Bool(true) => "True".into(),
        OptionValue::Bool(false) => "False".into(),
        OptionValue::Int(n) => n.to_string(),
        OptionValue::Str(s) => format!("'{s}'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_is_bounded_in_both_games() {
        for mut rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
            let at = rules.set("target", OptionValue::Int(i64::from(MAX_TARGET)));
            assert!(at.is_ok());
            for bad in [i64::from(MAX_TARGET) + 1, i64::from(u32::MAX), 0, -1] {
                let past = rules.set("target", OptionValue::Int(bad));
                assert!(
                    matches!(past, Err(Error::Rules { message: m, .. }) if m.contains("1 to 10000"))
                );
                assert_eq!(rules.target, MAX_TARGET, "unchanged after the error");
            }
        }
    }

    #[test]
    fn every_option_name_reads_its_own_option_and_no_other_name_reads_any() {
        for rules in [Rules::zheng_fen(5).unwrap(), Rules::zen_cheng_you()] {
            for option in OptionName::ALL {
                assert_eq!(OptionName::from_name(option.name()).unwrap(), option);
                let value = rules.option_named(option.name()).unwrap();
                assert_eq!(value, rules.option(option));
                let mut same = rules;
                assert!(
                    same.set(option.name(), value).is_ok(),
                    "its own value is accepted"
                );
                assert_eq!(same, rules);
            }
            assert_eq!(OPTION_NAMES, OptionName::ALL.map(OptionName::name));
            for unknown in ["", "colour", "last_chance ", "Players", "lastchance"] {
                let read = rules.option_named(unknown);
                assert!(
                    matches!(read, Err(Error::Rules { message: m, .. }) if m.contains("unknown option"))
                );
            }
        }
    }

    #[test]
    fn the_match_limit_covers_the_tie_free_bound_and_is_bounded() {
        for players in 3..=6 {
            for target in [1, 99, 100, 101, 500, MAX_TARGET] {
                let mut rules = Rules::zheng_fen(players).unwrap();
                rules.target = target;
                let bound = (players as u32 * target).div_ceil(100);
                assert!(rules.match_limit() > bound);
                assert!(rules.match_limit() <= 1250);
            }
        }
        let mut zcy = Rules::zen_cheng_you();
        zcy.target = MAX_TARGET;
        assert_eq!(zcy.match_limit(), 2 * 100 + 50);
    }
}
