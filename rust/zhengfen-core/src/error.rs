//! The one error type of the core: every way an input can be at fault, with the values a caller
//! branches on (the token that failed to parse, the option and its bound, the seat and the move)
//! beside the message people read.
//!
//! The Python binding maps each variant to one exception class of `zhengfen.errors`, its fields
//! to the exception's attributes.

use std::fmt;

/// Why an input was refused. The message says what was wrong and where; the fields hold the
/// values it names (`None` where the message names none of that kind).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Card text or a card set is malformed (RULES.md §1.3, §1.5).
    InvalidCards {
        /// What people are told.
        message: String,
        /// The token that is no card (`1x`), or the card held too often (`5c`).
        token: Option<String>,
        /// The 1-based position of an unknown token in the text.
        position: Option<usize>,
    },
    /// A rule set option is unknown or out of range (RULES.md §3.4).
    Rules {
        /// What people are told.
        message: String,
        /// The option at fault (`target`), or `game` for an unknown game.
        option: Option<String>,
        /// The value given, as Python writes it (`0`, `'x'`, `True`).
        value: Option<String>,
        /// What the option may be, as the message states it (`1 to 10000`).
        bound: Option<String>,
    },
    /// An argument that is not one the call takes: an agent spec that cannot be read, a batch
    /// setting out of its range (games, seats' agents, matches, a deal range, epsilon), a
    /// number of actions that is not one per game.
    Argument {
        /// What people are told.
        message: String,
        /// The argument at fault (`epsilon`, `agent spec`).
        argument: Option<String>,
        /// The value given, as the message writes it.
        value: Option<String>,
        /// What the argument may be, as the message states it (`0 to 1`).
        bound: Option<String>,
    },
    /// A combination is malformed or not a reading of its cards (RULES.md §1.7).
    InvalidCombo {
        /// What people are told.
        message: String,
        /// The combination's text, or the cards that are no combination.
        combo: Option<String>,
    },
    /// A move that is not legal now, or a call in the wrong phase (RULES.md §12.1).
    IllegalMove {
        /// What people are told.
        message: String,
        /// The seat whose move it was (the one to move).
        seat: Option<u8>,
        /// The move refused, as written (`pass`, a combination's notation, cards).
        played: Option<String>,
    },
    /// A game state that cannot be: corrupt saved game, impossible hands (RULES.md §12.7).
    InvalidState {
        /// What people are told.
        message: String,
        /// The index of the saved game's decision that cannot be replayed.
        decision: Option<usize>,
    },
    /// Long work stopped because its caller asked (Ctrl-C, see [`crate::cancel`]).
    Cancelled,
    /// Memory for something whose size the caller chose could not be had.
    OutOfMemory {
        /// What people are told.
        message: String,
        /// What was to be allocated (`games`).
        what: String,
        /// How many of them.
        count: usize,
    },
    /// A learned model that cannot be used: not in the format, or for other rules
    /// ([`crate::learned`]).
    Model {
        /// What people are told.
        message: String,
        /// The model: its file, or how it was given (`model <bytes>`'s origin).
        model: Option<String>,
    },
}

impl Error {
    /// [`Error::InvalidCards`] naming no token yet ([`Error::with_token`]).
    pub fn cards(message: impl Into<String>) -> Error {
        Error::InvalidCards {
            message: message.into(),
            token: None,
            position: None,
        }
    }

    /// [`Error::Rules`] naming no option yet ([`Error::with_option`]).
    pub fn rules(message: impl Into<String>) -> Error {
        Error::Rules {
            message: message.into(),
            option: None,
            value: None,
            bound: None,
        }
    }

    /// [`Error::Argument`] naming no argument yet ([`Error::with_argument`]).
    pub fn argument(message: impl Into<String>) -> Error {
        Error::Argument {
            message: message.into(),
            argument: None,
            value: None,
            bound: None,
        }
    }

    /// [`Error::InvalidCombo`] for the combination `combo` (its text or cards).
    pub fn combo(message: impl Into<String>, combo: impl ToString) -> Error {
        Error::InvalidCombo {
            message: message.into(),
            combo: Some(combo.to_string()),
        }
    }

    /// [`Error::IllegalMove`] naming no seat or move yet ([`Error::with_move`]).
    pub fn illegal(message: impl Into<String>) -> Error {
        Error::IllegalMove {
            message: message.into(),
            seat: None,
            played: None,
        }
    }

    /// [`Error::InvalidState`] naming no decision yet ([`Error::with_decision`]).
    pub fn state(message: impl Into<String>) -> Error {
        Error::InvalidState {
            message: message.into(),
            decision: None,
        }
    }

    /// [`Error::Model`] for the model `model` (its file or origin).
    pub fn model(message: impl Into<String>, model: impl ToString) -> Error {
        Error::Model {
            message: message.into(),
            model: Some(model.to_string()),
        }
    }

    /// An [`Error::InvalidCards`] with the token at fault and its position; another error
    /// unchanged.
    pub fn with_token(mut self, token: impl ToString, at: Option<usize>) -> Error {
        if let Error::InvalidCards {
            token: t, position, ..
        } = &mut self
        {
            (*t, *position) = (Some(token.to_string()), at);
        }
        self
    }

    /// An [`Error::Rules`] with its option, the value given (as Python writes it) and the
    /// option's bound; another error unchanged.
    pub fn with_option(
        mut self,
        name: &str,
        given: Option<String>,
        limit: Option<String>,
    ) -> Error {
        if let Error::Rules {
            option,
            value,
            bound,
            ..
        } = &mut self
        {
            (*option, *value, *bound) = (Some(name.to_string()), given, limit);
        }
        self
    }

    /// An [`Error::Argument`] with its argument, the value given and its bound; another
    /// error unchanged.
    pub fn with_argument(
        mut self,
        name: &str,
        given: Option<String>,
        limit: Option<String>,
    ) -> Error {
        if let Error::Argument {
            argument,
            value,
            bound,
            ..
        } = &mut self
        {
            (*argument, *value, *bound) = (Some(name.to_string()), given, limit);
        }
        self
    }

    /// An [`Error::IllegalMove`] with the seat to move and the move refused; another error
    /// unchanged.
    pub fn with_move(mut self, to_move: Option<u8>, refused: impl ToString) -> Error {
        if let Error::IllegalMove { seat, played, .. } = &mut self {
            (*seat, *played) = (to_move, Some(refused.to_string()));
        }
        self
    }

    /// An [`Error::InvalidState`] naming the saved game's decision `index`; another error
    /// unchanged.
    pub fn with_decision(mut self, index: usize) -> Error {
        if let Error::InvalidState { decision, .. } = &mut self {
            *decision = Some(index);
        }
        self
    }

    /// What people are told (the [`Display`](fmt::Display) text).
    pub fn message(&self) -> &str {
        match self {
            Error::InvalidCards { message, .. }
            | Error::Rules { message, .. }
            | Error::Argument { message, .. }
            | Error::InvalidCombo { message, .. }
            | Error::IllegalMove { message, .. }
            | Error::InvalidState { message, .. }
            | Error::OutOfMemory { message, .. }
            | Error::Model { message, .. } => message,
            Error::Cancelled => "interrupted",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

/// An empty vector with room for `n` items, or [`Error::OutOfMemory`] naming `what` when that
/// much memory cannot be had (instead of Rust's abort on allocation failure).
///
/// ```
/// use zhengfen_core::error::{with_capacity, Error};
/// assert_eq!(with_capacity::<u64>(10, "games").unwrap().capacity(), 10);
/// let refused = with_capacity::<u64>(usize::MAX / 4, "games").unwrap_err();
/// assert!(matches!(refused, Error::OutOfMemory { ref what, count, .. }
///     if what == "games" && count == usize::MAX / 4));
/// ```
pub fn with_capacity<T>(n: usize, what: &str) -> Result<Vec<T>> {
    let mut items = Vec::new();
    items.try_reserve_exact(n).map_err(|_| {
        let bytes = n.saturating_mul(std::mem::size_of::<T>());
        Error::OutOfMemory {
            message: format!(
                "cannot allocate memory for {n} {what} ({} MiB)",
                bytes >> 20
            ),
            what: what.to_string(),
            count: n,
        }
    })?;
    Ok(items)
}

/// Shorthand for results of the core.
pub type Result<T> = std::result::Result<T, Error>;
