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
];

/// The shipped models once read, in the order of [`SHIPPED`].
static LOADED: OnceLock<Vec<OnceLock<Result<Arc<Model>>>>> = OnceLock::new();

/// The game and player count of every shipped model, in the order they are listed.
///
/// ```
/// use zhengfen_core::Variant;
/// // Zheng Fen for 3 to 6 players; Zen Cheng You not yet.
/// let ships = zhengfen_core::learned::shipped_models();
/// assert!(ships.contains(&(Variant::ZhengFen, 4)));
/// assert!(!ships.contains(&(Variant::ZenChengYou, 4)));
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
/// let error = zhengfen_core::learned::shipped(&rules).unwrap_err().to_string();
/// assert!(error.contains("learned(model=PATH)"), "{error}");
/// ```
pub fn shipped(rules: &Rules) -> Result<Arc<Model>> {
    let index = SHIPPED
        .iter()
        .position(|(game, players, _)| *game == rules.variant && *players == rules.players)
        .ok_or_else(|| none_ships(rules))?;
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

/// The error for rules no shipped model plays.
fn none_ships(rules: &Rules) -> Error {
    let ships = shipped_models()
        .iter()
        .map(|(g, p)| format!("{} with {p} players", g.name()))
        .collect::<Vec<_>>();
    let ships = if ships.is_empty() {
        "none yet".to_string()
    } else {
        ships.join(", ")
    };
    Error::Model(format!(
        "no learned model ships for {} with {} players (shipped: {ships}): give one with \
         learned(model=PATH)",
        rules.variant.name(),
        rules.players
    ))
}
