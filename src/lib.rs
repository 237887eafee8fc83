//! arbitre: a referee for Superpion, Simpei and Puluc game records.
//!
//! The shared machinery (record files, spans, replay, reports, command line)
//! knows no game; each game lives under [`games`] and plugs in through
//! the traits of [`game`].
//!
//! Checking a record from a program takes the same path as `arbitre check`:
//!
//! ```
//! use arbitre::record::Switches;
//! use arbitre::report::{RecordReport, Verdict};
//! use arbitre::source::{self, Source};
//!
//! let text = "---\ngame: simpei\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n";
//! let source = Source::from_bytes("game.arb", text.as_bytes().to_vec());
//! let checks = source::check(&source, &Switches::new());
//! let report = RecordReport::new(&source, &checks[0]);
//! assert_eq!(report.verdict, Verdict::Legal);
//! assert_eq!(report.winner.as_deref(), Some("blue"));
//! ```

pub mod cli;
pub mod commands;
pub mod game;
pub mod games;
pub mod record;
pub mod replay;
pub mod report;
pub mod rng;
pub mod source;
pub mod span;
pub mod stats;
