//! The one error type of the core: every way an input can be at fault.
//!
//! The Python binding maps each variant to one exception class of `zhengfen.errors`.

use std::fmt;

/// Why an input was refused. The message says what was wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Card text or a card set is malformed (RULES.md §1.3, §1.5).
    InvalidCards(String),
    /// A rule set option is unknown or out of range (RULES.md §3.4).
    Rules(String),
    /// A combination is malformed or not a reading of its cards (RULES.md §1.7).
    InvalidCombo(String),
    /// A move that is not legal now, or a call in the wrong phase (RULES.md §12.1).
    IllegalMove(String),
    /// A game state that cannot be: corrupt saved game, impossible hands (RULES.md §12.7).
    InvalidState(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidCards(m)
            | Error::Rules(m)
            | Error::InvalidCombo(m)
            | Error::IllegalMove(m)
            | Error::InvalidState(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

/// Shorthand for results of the core.
pub type Result<T> = std::result::Result<T, Error>;
