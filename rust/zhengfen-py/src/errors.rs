//! The one conversion from core errors to the exception classes of `zhengfen.errors`.

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

/// The Python exception for a core error.
pub fn to_py(error: Error) -> PyErr {
    match error {
        Error::InvalidCards(m) => InvalidCardsError::new_err(m),
        Error::Rules(m) => RulesError::new_err(m),
        Error::Argument(m) => ArgumentError::new_err(m),
        Error::InvalidCombo(m) => InvalidComboError::new_err(m),
        Error::IllegalMove(m) => IllegalMoveError::new_err(m),
        Error::InvalidState(m) => InvalidStateError::new_err(m),
        // Work stopped by Ctrl-C (`interrupt::interruptible` returns the signal's own error).
        Error::Cancelled => PyKeyboardInterrupt::new_err("interrupted"),
        Error::OutOfMemory(m) => PyMemoryError::new_err(m),
        Error::Model(m) => ModelError::new_err(m),
    }
}

/// An `ArgumentError` (a `ValueError`) for an argument outside the rules (a seed out of range,
/// say).
pub fn value_error(message: impl Into<String>) -> PyErr {
    ArgumentError::new_err(message.into())
}
