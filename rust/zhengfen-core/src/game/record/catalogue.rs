//! The games and the options a caller may set, with what each may be set to and its default
//! (RULES.md §3): what a form offers (`GET /api/options` of `zhengfen serve`), read from the
//! rules rather than restated.

use crate::game::Declaration;
use crate::rules::{Domain, OptionName, OptionValue, Variant};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// One game's offer: its name, its player counts and default, its other options.
///
/// ```
/// use zhengfen_core::game::record::GameOffer;
/// let games = GameOffer::all();
/// assert_eq!(games[0].game, "zheng_fen");
/// assert_eq!(games[0].players, [3, 4, 5, 6]);
/// assert_eq!(games[1].players, [4]);
/// assert_eq!(games[1].options[0].name, "target");
/// assert_eq!(games[1].stakes.0.len(), 3); // blind 200, declare 100, pass 0
/// assert!(games[0].stakes.0.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameOffer {
    /// The game's name.
    pub game: &'static str,
    /// How many may play.
    pub players: Vec<u8>,
    /// The preset's number of players.
    pub default_players: u8,
    /// The options besides `players` that the game lets a caller change.
    pub options: Vec<OptionOffer>,
    /// Zen Cheng You: each declaration's stake (§11.2), written `{"blind": 200, …}`; none in
    /// Zheng Fen.
    pub stakes: Stakes,
}

/// Declarations and their stakes, written as a map from the declaration's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stakes(pub Vec<Declaration>);

impl Serialize for Stakes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for declaration in &self.0 {
            map.serialize_entry(declaration.name(), &declaration.stake())?;
        }
        map.end()
    }
}

/// One option: written `{"name", "type": "bool" | "int" | "choice", "min", "max"}` (an int) or
/// `"values"` (a choice), and `"default"`.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionOffer {
    /// The option's name.
    pub name: &'static str,
    /// What it may be set to.
    pub domain: Domain,
    /// Its value in the preset.
    pub default: OptionValue,
}

impl GameOffer {
    /// Both games.
    pub fn all() -> Vec<GameOffer> {
        Variant::ALL.into_iter().map(GameOffer::of).collect()
    }

    /// `variant`'s offer.
    pub fn of(variant: Variant) -> GameOffer {
        let preset = variant.rules();
        let options = (preset.own_options().iter())
            .filter(|&&option| option != OptionName::Players)
            .map(|&option| OptionOffer {
                name: option.name(),
                domain: Domain::of(variant, option),
                default: preset.option(option),
            })
            .collect();
        GameOffer {
            game: variant.name(),
            players: variant.player_counts().collect(),
            default_players: preset.players,
            options,
            stakes: Stakes(match variant {
                Variant::ZhengFen => vec![],
                Variant::ZenChengYou => {
                    vec![Declaration::Blind, Declaration::Regular, Declaration::Pass]
                }
            }),
        }
    }
}

impl Serialize for OptionOffer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("name", self.name)?;
        match self.domain {
            Domain::Bool => map.serialize_entry("type", "bool")?,
            Domain::Int { min, max } => {
                map.serialize_entry("type", "int")?;
                map.serialize_entry("min", &min)?;
                map.serialize_entry("max", &max)?;
            }
            Domain::Choice(values) => {
                map.serialize_entry("type", "choice")?;
                map.serialize_entry("values", values)?;
            }
        }
        map.serialize_entry("default", &self.default)?;
        map.end()
    }
}
