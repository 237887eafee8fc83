//! arbitre for Python: the library's checks as a module (`arbitre._arbitre`,
//! wrapped by the `arbitre` package in `python/arbitre/`), and the
//! `arbitre` command compiled in (feature `command`), so that a wheel gives
//! a referee with Python, and no Rust, both.
//!
//! The API speaks through the library alone ([`api`], [`reading`],
//! [`record`]); the command's own modules are the binary's files, named
//! here at the crate root as `src/bin/arbitre/main.rs` names them, so that
//! their `crate::` paths mean what they mean there.
//!
//! Records are checked with the interpreter released (`Python::detach`),
//! so that threads checking records run at once.

mod api;
mod errors;
mod reading;
mod record;
mod values;

use pyo3::prelude::*;

/// The allocator the command uses, for the API as well: a record checked
/// costs a few dozen small allocations.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

// The command's modules, as `src/bin/arbitre/main.rs` declares them; a
// module added there and missing here fails to build (`crate::` paths).
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/cli.rs"]
mod cli;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/commands/mod.rs"]
mod commands;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/document.rs"]
mod document;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/draw.rs"]
mod draw;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/entry.rs"]
mod entry;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/input.rs"]
mod input;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/output.rs"]
mod output;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/png.rs"]
mod png;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/progress.rs"]
mod progress;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/sink/mod.rs"]
mod sink;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/table.rs"]
mod table;
#[cfg(feature = "command")]
#[path = "../../src/bin/arbitre/told.rs"]
mod told;

/// The `arbitre` command run in this process with `args` (the program's
/// name first): its exit status. The interpreter is released while it
/// runs; the command writes to the process's standard output and error.
#[cfg(feature = "command")]
#[pyfunction]
fn run_command(py: Python<'_>, args: Vec<std::ffi::OsString>) -> u8 {
    py.detach(|| entry::run(args))
}

#[pymodule(gil_used = false)]
fn _arbitre(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<record::Record>()?;
    m.add_class::<record::Diagnostic>()?;
    m.add_class::<record::Warning>()?;
    m.add_class::<record::Score>()?;
    m.add_class::<reading::Records>()?;
    m.add_function(wrap_pyfunction!(api::check, m)?)?;
    m.add_function(wrap_pyfunction!(api::check_file, m)?)?;
    m.add_function(wrap_pyfunction!(reading::read, m)?)?;
    m.add_function(wrap_pyfunction!(api::score, m)?)?;
    m.add_function(wrap_pyfunction!(api::moves, m)?)?;
    m.add_function(wrap_pyfunction!(api::show, m)?)?;
    m.add_function(wrap_pyfunction!(api::explain, m)?)?;
    m.add_function(wrap_pyfunction!(api::fmt, m)?)?;
    m.add_function(wrap_pyfunction!(api::standings, m)?)?;
    m.add_function(wrap_pyfunction!(api::house_rules, m)?)?;
    m.add_function(wrap_pyfunction!(record::_record_from_json, m)?)?;
    #[cfg(feature = "command")]
    m.add_function(wrap_pyfunction!(run_command, m)?)?;
    Ok(())
}
