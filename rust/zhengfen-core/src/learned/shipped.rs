//! The models shipped in the core, one per rule set that has one: the file
//! `rust/zhengfen-core/models/<game>_<players>.safetensors`, embedded with `include_bytes!`,
//! read (and checked) the first time it is asked for. The agent spec `learned` plays it.
//!
//! Shipping a model is one line: put its file in `models/` and add its entry to [`SHIPPED`],
//! e.g. `(Variant::ZhengFen, 4, include_bytes!("../../models/zheng_fen_4.safetensors")),`.

use std::sync::{Arc, OnceLock};

use super::model::Model;
use crate::error::{Error, Result};
use crate::rules::{Rules, Variant};

/// Each shipped model: its game, its player count and its file's bytes.
const SHIPPED: &[(Variant, u8, &[u8])] = &[
    (
        Variant::ZhengFen,
        3,
        include_bytes!("../../models/zheng_fen_3.safetensors"),
    ),
    (
        Variant::ZhengFen,
        4,
        include_bytes!("../../models/zheng_fen_4.safetensors"),
    ),
    (
        Variant::ZhengFen,
        5,
        include_bytes!("../../models/zheng_fen_5.safetensors"),
    ),
    (
        Variant::ZhengFen,
        6,
        include_bytes!("../../models/zheng_fen_6.safetensors"),
    ),
    (
        Variant::ZenChengYou,
        4,
        include_bytes!("../../models/zen_cheng_you_4.safetensors"),
    ),
];

/// The shipped models once read, in the order of [`SHIPPED`].
static LOADED: OnceLock<Vec<OnceLock<Result<Arc<Model>>>>> = OnceLock::new();

/// The game and player count of every shipped model, in the order they are listed.
///
/// ```
/// use zhengfen_core::Variant;
/// // Zheng Fen for 3 to 6 players, and Zen Cheng You.
/// let ships = zhengfen_core::learned::shipped_models();
/// assert!(ships.contains(&(Variant::ZhengFen, 4)));
/// assert!(ships.contains(&(Variant::ZenChengYou, 4)));
/// ```
pub fn shipped_models() -> Vec<(Variant, u8)> {
    SHIPPED
        .iter()
        .map(|(game, players, _)| (*game, *players))
        .collect()
}

/// The shipped model for `rules`' game and players, or an [`Error::Model`] saying none ships
/// and how to give one.
///
/// ```
/// let rules = zhengfen_core::Variant::ZenChengYou.rules();
/// let model = zhengfen_core::learned::shipped(&rules).unwrap();
/// assert!(model.check(&rules).is_ok());
/// ```
pub fn shipped(rules: &Rules) -> Result<Arc<Model>> {
    let index = index_in(SHIPPED, rules)?;
    let loaded = LOADED.get_or_init(|| SHIPPED.iter().map(|_| OnceLock::new()).collect());
    loaded[index]
        .get_or_init(|| {
            let (game, players, bytes) = SHIPPED[index];
            let origin = format!("models/{}_{players}.safetensors (shipped)", game.name());
            let model = Model::from_bytes(bytes, &origin)?;
            model.check(rules)?;
            Ok(Arc::new(model))
        })
        .clone()
}

/// Where `list` holds the model for `rules`' game and players, or the error saying none ships.
fn index_in(list: &[(Variant, u8, &[u8])], rules: &Rules) -> Result<usize> {
    list.iter()
        .position(|(game, players, _)| *game == rules.variant && *players == rules.players)
        .ok_or_else(|| none_ships(list, rules))
}

/// The error for rules no model of `list` plays.
fn none_ships(list: &[(Variant, u8, &[u8])], rules: &Rules) -> Error {
    let ships = list
        .iter()
        .map(|(g, p, _)| format!("{} with {p} players", g.name()))
        .collect::<Vec<_>>();
    let ships = if ships.is_empty() {
        "none yet".to_string()
    } else {
        ships.join(", ")
    };
    Error::Model {
        message: format!(
            "no learned model ships for {} with {} players (shipped: {ships}): give one with \
             learned(model=PATH)",
            rules.variant.name(),
            rules.players
        ),
        model: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules no model plays are refused with the list of those that ship and the way to give
    /// one (a model ships for every table today, so the list here is cut short).
    #[test]
    fn rules_without_a_model_are_refused_with_what_ships() {
        let zcy = Variant::ZenChengYou.rules();
        let four = &SHIPPED[..2];
        let message = index_in(four, &zcy).unwrap_err().to_string();
        assert!(
            message.contains("no learned model ships for zen_cheng_you with 4 players")
                && message
                    .contains("(shipped: zheng_fen with 3 players, zheng_fen with 4 players)")
                && message.contains("learned(model=PATH)"),
            "{message}"
        );
        let none = index_in(&[], &zcy).unwrap_err().to_string();
        assert!(none.contains("(shipped: none yet)"), "{none}");
        assert_eq!(index_in(SHIPPED, &Rules::zheng_fen(4).unwrap()).unwrap(), 1);
    }
}
