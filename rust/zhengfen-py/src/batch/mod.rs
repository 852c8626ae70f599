//! Many games played or stepped in Rust (`VecGame`, `rollouts`, `selfplay`) and the seating
//! rule they share (`seating`), as Python objects: conversions only.

mod actions;
mod actors;
mod arrays;
mod rollout;
pub mod seating;
mod vec_game;

pub use actors::selfplay;
pub use rollout::rollouts;
pub use vec_game::{default_max_actions, PyVecGame};

/// The range of a count of games or actions.
const ROWS: std::ops::RangeInclusive<i128> = crate::args::ROWS;
