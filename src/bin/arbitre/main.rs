//! The `arbitre` command, a thin binary over the library's public API:
//! clap's definition, the commands and the output formats live here;
//! everything they check goes through the library.
//!
//! Its modules are layered, bottom first; a module imports only from the
//! layers below it and the library, or from a sibling of its own layer
//! that does not import it back, so that there is no circle
//! (`tests/binary_layers.rs` checks it):
//!
//! 1. the basics: [`cli`] (clap's definition, also read by the man page
//!    and CLI tests), [`draw`] (what people read: diagnostics, tables,
//!    styles; also built by the fuzz targets), [`png`], [`progress`] (the
//!    progress line, drawn with [`draw`]'s widths), [`output`] (the
//!    writers, exit statuses, usage errors, the terminal's style) and
//!    [`document`] (the one output model: what a command prints is a
//!    document, written as JSON, YAML or JSON lines by the library's
//!    writers, or for people by its own renderer);
//! 2. what several commands share: [`input`] (paths walked, one record of
//!    a file, `--rule`), [`table`] (Simpei's solved table: where it is
//!    kept), [`told`] (a rule told, for `explain` and SARIF);
//! 3. [`sink`]: `check`'s output formats, one per file;
//! 4. [`commands`]: one command per file, each building its document, and
//!    `commands/mod.rs`, which only dispatches to them (`moves` uses
//!    `best.rs` for `--best`, `show` and `moves` use `score.rs`'s document
//!    for a record with no position to give);
//! 5. [`entry`]: standard output guarded, the command run, its status;
//!    called by this file's `main` and, compiled into the Python package
//!    (`python/src/lib.rs` names the same modules), by its `arbitre`.
//!
//! # Adding a machine format
//!
//! A machine format (JSON, JSON lines and YAML today; TOML or CBOR, say)
//! is a file in the library, `src/report/machine/<format>.rs`, holding a
//! type that implements the `Writer` trait of `src/report/machine.rs`: its `--format` name
//! and help, a whole document written at once or as it is serialised,
//! and a run of `check`'s records written one at a time then the closing
//! summary. Register it with one line in the `machines!` list of
//! `src/report/machine.rs`. Nothing in this binary changes: every
//! command's `--format` lists `Machine::ALL` (the `formats!` enums of
//! [`cli`]), every [`document::Document`] is written by it, and `check`'s
//! machine sink (`sink/machine.rs`) streams with it. Regenerate the man
//! pages (`ARBITRE_UPDATE_MAN=1 cargo test --test man`), which list the
//! new value, and describe it in `docs/json.md` if its readers need more
//! than its help line; `tests/formats.rs` checks it reaches every
//! command.
//!
//! A format for people or tools that is not a document of its own (an
//! image, SARIF, JUnit) belongs to the commands that can give it: a
//! value beside the command's own in its `formats!` enum, and for
//! `check` a sink file in [`sink`] with its line in `sink::open`.
//!
//! # Adding a command
//!
//! 1. Its arguments in [`cli`]: a variant of `Command` with its help and
//!    examples, and an `Args` struct whose `--format` is `Format` (or a
//!    `formats!` enum of its own, when it has values for people beyond
//!    `human`).
//! 2. Its file in [`commands`], with its line in `commands::run`: read
//!    through [`input`], ask the library, and build a document, a
//!    serialisable value implementing [`document::Document`] whose
//!    `human` renders it for people with [`draw`]'s style; then
//!    `document::emit(&it, Form::of(args.format.machine(), style), out)`.
//!    Every machine format comes with it, now and later.
//! 3. Its man page: `ARBITRE_UPDATE_MAN=1 cargo test --test man`; its
//!    document's JSON described in `docs/json.md`, with a schema in
//!    `docs/schema/` when it is a new document.

mod cli;
mod commands;
mod document;
mod draw;
mod entry;
mod input;
mod output;
mod png;
mod progress;
mod sink;
mod table;
mod told;

use std::process::ExitCode;

/// A record checked costs a few dozen small allocations (its text, its
/// header's names, its report); mimalloc serves them in a fraction of the
/// system allocator's time. The library leaves the choice to its users.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ExitCode::from(entry::run(std::env::args_os()))
}
