//! The package's exceptions: `arbitre.ArbitreError` (a `ValueError`) with
//! the rule id, defined in Python (`arbitre/_errors.py`) so that its
//! attributes are plain and typed; `OSError` for what cannot be read.
//!
//! Their messages quote input (a turn's label, a rule's id, a path), and a
//! traceback prints them to a terminal: they are escaped as the command
//! escapes its error lines.

use arbitre::escape::for_terminal;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// `arbitre.ArbitreError(message, rule)`: what was asked cannot be given,
/// and why, with the rule id when a rule says so (`header`,
/// `simpei/occupied`), else `None`.
pub fn arbitre_error(py: Python<'_>, message: &str, rule: Option<&str>) -> PyErr {
    match py
        .import("arbitre._errors")
        .and_then(|m| m.getattr("ArbitreError"))
        .and_then(|class| class.call1((for_terminal(message), rule)))
    {
        Ok(error) => PyErr::from_value(error),
        Err(e) => e,
    }
}

/// An input that cannot be read, as Python says it (an `OSError` of the
/// error's kind, with the system's words); an error a Python stream
/// raised is raised as it was.
pub fn io(error: std::io::Error) -> PyErr {
    PyErr::from(error)
}

/// [`io`] of an error of the library's, whose words may quote a path (a
/// directory walked): escaped.
pub fn io_told(error: std::io::Error) -> PyErr {
    let words = for_terminal(&error.to_string()).into_owned();
    PyErr::from(std::io::Error::new(error.kind(), words))
}

/// [`io`] of a file, its path named: "cannot read games/a.arb: No such
/// file or directory (os error 2)".
pub fn io_at(path: &std::path::Path, error: std::io::Error) -> PyErr {
    let words = format!(
        "cannot read {}: {}",
        for_terminal(&path.to_string_lossy()),
        for_terminal(&error.to_string())
    );
    PyErr::from(std::io::Error::new(error.kind(), words))
}

/// What should not happen: a value of the library that JSON refuses.
pub fn internal(message: &str) -> PyErr {
    PyRuntimeError::new_err(format!("arbitre: {message}"))
}
