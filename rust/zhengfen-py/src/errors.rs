//! The one conversion from core errors to the exception classes of `zhengfen.errors`: each
//! error's message is the exception's text, and its fields the exception's attributes (passed
//! after the message, in the order the Python class takes them).

use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError};
use pyo3::PyErr;
use zhengfen_core::error::Error;

pyo3::import_exception!(zhengfen.errors, InvalidCardsError);
pyo3::import_exception!(zhengfen.errors, RulesError);
pyo3::import_exception!(zhengfen.errors, InvalidComboError);
pyo3::import_exception!(zhengfen.errors, IllegalMoveError);
pyo3::import_exception!(zhengfen.errors, InvalidStateError);
pyo3::import_exception!(zhengfen.errors, ModelError);
pyo3::import_exception!(zhengfen.errors, ArgumentError);
pyo3::import_exception!(zhengfen.errors, ArgumentTypeError);

/// The Python exception for a core error, its fields as attributes.
pub fn to_py(error: Error) -> PyErr {
    match error {
        Error::InvalidCards {
            message,
            token,
            position,
        } => InvalidCardsError::new_err((message, token, position)),
        Error::Rules {
            message,
            option,
            value,
            bound,
        } => RulesError::new_err((message, option, value, bound)),
        Error::Argument {
            message,
            argument,
            value,
            bound,
        } => ArgumentError::new_err((message, argument, value, bound)),
        Error::InvalidCombo { message, combo } => InvalidComboError::new_err((message, combo)),
        Error::IllegalMove {
            message,
            seat,
            played,
        } => IllegalMoveError::new_err((message, seat, played)),
        Error::InvalidState { message, decision } => {
            InvalidStateError::new_err((message, decision))
        }
        // Work stopped by Ctrl-C (`interrupt::interruptible` returns the signal's own error).
        Error::Cancelled => PyKeyboardInterrupt::new_err("interrupted"),
        Error::OutOfMemory { message, .. } => PyMemoryError::new_err(message),
        Error::Model { message, model } => ModelError::new_err((message, model)),
    }
}

/// An `ArgumentError` (a `ValueError`) for an argument outside the rules (a seed out of range,
/// say).
pub fn value_error(message: impl Into<String>) -> PyErr {
    ArgumentError::new_err(message.into())
}

/// An argument refused (`ArgumentTypeError` when `of_kind`, the value of another kind; else
/// `ArgumentError`, out of its range), naming the argument, the value as shown and its bound.
pub fn argument_error(
    message: String,
    name: &str,
    value: String,
    bound: String,
    of_kind: bool,
) -> PyErr {
    let fields = (message, Some(name.to_string()), Some(value), Some(bound));
    match of_kind {
        true => ArgumentTypeError::new_err(fields),
        false => ArgumentError::new_err(fields),
    }
}
