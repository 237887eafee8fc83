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
//! use arbitre::report::Verdict;
//! use arbitre::source;
//!
//! let text = "---\ngame: simpei\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n";
//! let reports = source::check_str("game.arb", text, &Switches::new());
//! assert_eq!(reports[0].verdict, Verdict::Legal);
//! assert_eq!(reports[0].winner.as_deref(), Some("blue"));
//! ```

pub mod game;
pub mod games;
pub mod pipeline;
pub mod reader;
pub mod record;
pub mod replay;
pub mod report;
pub mod rng;
pub mod source;
pub mod span;
pub mod stats;
