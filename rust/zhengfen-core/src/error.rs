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
    /// An argument that is not one the call takes: an agent spec that cannot be read, a batch
    /// setting out of its range (games, seats' agents, matches, a deal range, epsilon), a
    /// number of actions that is not one per game.
    Argument(String),
    /// A combination is malformed or not a reading of its cards (RULES.md §1.7).
    InvalidCombo(String),
    /// A move that is not legal now, or a call in the wrong phase (RULES.md §12.1).
    IllegalMove(String),
    /// A game state that cannot be: corrupt saved game, impossible hands (RULES.md §12.7).
    InvalidState(String),
    /// Long work stopped because its caller asked (Ctrl-C, see [`crate::cancel`]).
    Cancelled,
    /// Memory for something whose size the caller chose could not be had.
    OutOfMemory(String),
    /// A learned model that cannot be used: not in the format, or for other rules
    /// ([`crate::learned`]).
    Model(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidCards(m)
            | Error::Rules(m)
            | Error::Argument(m)
            | Error::InvalidCombo(m)
            | Error::IllegalMove(m)
            | Error::InvalidState(m)
            | Error::OutOfMemory(m)
            | Error::Model(m) => f.write_str(m),
            Error::Cancelled => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for Error {}

/// An empty vector with room for `n` items, or [`Error::OutOfMemory`] naming `what` when that
/// much memory cannot be had (instead of Rust's abort on allocation failure).
///
/// ```
/// use zhengfen_core::error::{with_capacity, Error};
/// assert_eq!(with_capacity::<u64>(10, "games").unwrap().capacity(), 10);
/// assert!(matches!(with_capacity::<u64>(usize::MAX / 4, "games"), Err(Error::OutOfMemory(_))));
/// ```
pub fn with_capacity<T>(n: usize, what: &str) -> Result<Vec<T>> {
    let mut items = Vec::new();
    items.try_reserve_exact(n).map_err(|_| {
        let bytes = n.saturating_mul(std::mem::size_of::<T>());
        Error::OutOfMemory(format!(
            "cannot allocate memory for {n} {what} ({} MiB)",
            bytes >> 20
        ))
    })?;
    Ok(items)
}

/// Shorthand for results of the core.
pub type Result<T> = std::result::Result<T, Error>;
