//! The library's values as Python objects: documents it serialises
//! (positions, rules, standings, a record's scores and players) read by
//! Python's own `json`, so that a dict equals the command's JSON key for
//! key and in the same order.

use pyo3::prelude::*;
use serde::Serialize;

use crate::errors;

/// A value of the library as Python objects, through its JSON.
pub fn to_python<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_string(value).map_err(|e| errors::internal(&e.to_string()))?;
    loads(py, &json)
}

/// A JSON text of the library's writers, read by Python's `json`.
fn loads<'py>(py: Python<'py>, json: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (json,))
}
