//! The rules core of zhengfen: cards, card sets, combinations, comparison and legal moves for
//! the climbing card games Zheng Fen and Zen Cheng You, as stated in the project's `RULES.md`.
//!
//! ```
//! use zhengfen_core::{classify::classify, movegen::legal_moves, notation::parse_cards};
//! use zhengfen_core::rules::Rules;
//! let rules = Rules::zheng_fen(4).unwrap();
//! let readings = classify(parse_cards("8c 8d 8h Ah 2h", 1).unwrap(), &rules);
//! assert_eq!(readings[0].to_string(), "full_house 8 1: 8c 8d 8h Ah 2h");
//! let leads = legal_moves(parse_cards("3c 3d", 1).unwrap(), None, &rules).unwrap();
//! assert_eq!(leads.len(), 3); // 3c, 3d, and the pair
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agents;
pub mod batch;
pub mod cancel;
pub mod card;
pub mod cardset;
pub mod classify;
pub mod combo;
pub mod compare;
pub mod deal;
pub mod encode;
pub mod error;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod rules;
