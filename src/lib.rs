//! arbitre: a referee for Superpion, Simpei and Puluc game records.
//!
//! A record is a YAML header between two `---` lines followed by the turns.
//! arbitre replays every turn with the full rules and gives a [`Verdict`]:
//! legal (with the result and scores), illegal (the first illegal action,
//! the rule it breaks and what was legal instead) or malformed.
//!
//! The crate root is the front door: what a platform reaches first is
//! here, the rest is in the module named for its role.
//!
//! - **Reading**: a [`Reader`] yields the [`Record`]s of any byte stream one
//!   at a time, so memory is bounded by the largest record, not the file;
//!   [`walk()`] finds the record files of the paths given, every `*.arb`
//!   under a directory but hidden ones, which are counted as left out
//!   ([`WalkOptions`] to choose otherwise: ignore files honoured, globs,
//!   links followed), what it skips reported by path. [`Limits`] bounds
//!   every input; [`Switches`] are a record's house switches.
//! - **Checking**: [`check`] gives a record's typed verdict, [`Checked`]
//!   (its [`Verdict`] word: legal, illegal, malformed); [`check_str`] and
//!   [`check_reader`] give located [`RecordReport`]s, the fields of
//!   `--format json`, in file lines and columns.
//! - **Playing**: each game implements [`Mechanics`] (positions and legal
//!   turns), [`Notation`] (written turns), [`RecordFormat`] (header, setup,
//!   end) and [`Presentation`] (diagrams); [`Game`] is all four, and
//!   [`AnyGame`] a game with its type erased, as [`games::all`] lists them.
//!   [`open`] gives a record's typed start and turns, [`parse_turn`] reads
//!   one written turn, and [`Notation::play`] plays it all or nothing.
//! - **Reporting**: [`Machine`] writes JSON, JSON lines or YAML a record at
//!   a time, and [`Tally`] counts the verdicts of a run.
//!
//! Behind the door, a module a role:
//!
//! - [`game`]: the game contract whole (violations, outcomes, score
//!   tables, random games, perft); [`games`]: the games and their registry.
//! - [`reader`] and [`record`]: the byte stream cut into records, a
//!   record's framing, header ([`record::header`]) and movetext tokens
//!   ([`record::movetext`]); [`switches`]: the house switches' types.
//! - [`replay`]: a record replayed to its verdict, the position at a turn
//!   ([`replay::Stop`]); [`dispatch`]: the same by the header's game (the
//!   position at a turn of any record, [`dispatch::stop`], at an [`at::At`]).
//! - [`report`]: reports and documents ([`report::Diagnostic`] and
//!   [`report::WarningReport`] are `miette` diagnostics), counts, the
//!   position report; [`format`](mod@format): records written canonically (`fmt`);
//!   [`walk`](mod@walk): the record files of the paths given, and why some
//!   were left out; [`pipeline`]: a batch checked on threads, in order.
//! - `lsp` (feature `lsp`, on with `cli`): `arbitre lsp`, the language
//!   server an editor runs, over the library's checks.
//! - [`standings`]: the standings of an event, from the reports of its
//!   checked records ([`standings::Standings`], a record at a time) and
//!   what their headers say of the event ([`standings::Entry`]).
//! - [`rules`]: every rule id a report carries, declared once with its kind
//!   and a one-line summary.
//! - Helpers a platform may share: [`span`] (byte ranges), [`stats`] (throw
//!   statistics), [`rng`] (the seeded generator of random games),
//!   [`picture`] (SVG drawings), [`escape`] (untrusted text made safe) and
//!   [`words`] (counted words).
//!
//! The `cli` feature, on by default, builds the `arbitre` command and
//! brings its dependencies (clap, comfy-table, indicatif, miette's drawn
//! reports, ...); `arbitre = { version = "...", default-features = false }`
//! is the library alone, every item below included.
//!
//! Checking a record of any game, as `arbitre check` does:
//!
//! ```
//! use arbitre::{check_str, Switches, Verdict};
//!
//! let text = "---\ngame: simpei\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n";
//! let reports = check_str("game.arb", text, &Switches::new());
//! assert_eq!(reports[0].verdict, Verdict::Legal);
//! assert_eq!(reports[0].winner.as_deref(), Some("blue"));
//! ```
//!
//! A Puluc record opened as such: its position after two turns, and the
//! legal turns there.
//!
//! ```
//! use arbitre::games::puluc::Puluc;
//! use arbitre::{open, Mechanics, Switches};
//!
//! let text = "---\ngame: puluc\n---\n1. 2:e-2 3:e-7\n2. 1:2-3\n";
//! let record = open::<Puluc>(text, &Switches::new()).map_err(|m| m.message)?;
//! let position = record.position_after(2).map_err(|v| v.message)?;
//! let legal = Puluc::legal(&position);
//! assert!(legal.iter().any(|play| play.to_string() == "1:e-1"));
//! # Ok::<(), String>(())
//! ```
//!
//! A written Superpion turn against a position: an illegal turn leaves the
//! position as it was, a legal one is played whole.
//!
//! ```
//! use arbitre::games::superpion::Superpion;
//! use arbitre::{parse_turn, Notation, Mechanics};
//!
//! let mut position = Superpion::initial(Some("two-players")).map_err(|e| e)?;
//! let before = position.clone();
//! let illegal = parse_turn::<Superpion>("1.B g3-g6 i3-i5").map_err(|e| e.message)?;
//! let refused = Superpion::play(&mut position, &illegal, 0);
//! assert!(refused.is_err());
//! assert_eq!(position, before);
//! let legal = parse_turn::<Superpion>("1.B g3-g5 i3-i5").map_err(|e| e.message)?;
//! let play = Superpion::resolve(&position, &legal, 0).map_err(|v| v.message)?;
//! Superpion::apply(&mut position, &play);
//! assert_ne!(position, before);
//! # Ok::<(), String>(())
//! ```
//!
//! A platform checking a stream, one JSON line per record and a summary:
//!
//! ```
//! use arbitre::{check, Machine, Reader, RecordReport, Switches, Tally};
//!
//! let upload = "---\ngame: simpei\n---\n1. c3 c3\n---\ngame: puluc\n---\n1. 2:e-2\n";
//! let (mut out, mut tally) = (String::new(), Tally::default());
//! for record in Reader::new(upload.as_bytes()) {
//!     let record = record.map_err(|e| e.to_string())?;
//!     let report = RecordReport::new("upload.arb", &record, &check(&record, &Switches::new()));
//!     tally.add(&report);
//!     out.push_str(&Machine::JsonLines.record(&report));
//! }
//! out.push_str(&Machine::JsonLines.closing(tally.records, &[], &tally));
//! assert_eq!(out.lines().count(), 3);
//! assert!(out.contains(r#""rule":"simpei/occupied""#));
//! # Ok::<(), String>(())
//! ```

#![deny(missing_docs)]
// Every type a public item reaches can be named from outside the crate.
#![deny(unnameable_types)]
#![forbid(unsafe_code)]

pub mod at;
pub mod dispatch;
pub mod escape;
mod finding;
pub mod format;
pub mod game;
pub mod games;
mod limits;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod picture;
pub mod pipeline;
pub mod reader;
pub mod record;
pub mod repair;
pub mod replay;
pub mod report;
pub mod rng;
pub mod rules;
mod slips;
pub mod span;
pub mod standings;
pub mod stats;
pub mod switches;
mod text;
pub mod walk;
pub mod words;

/// The examples of `docs/library.md`, run as doc tests so that the page
/// stays true.
#[doc = include_str!("../docs/library.md")]
#[cfg(doctest)]
pub struct LibraryPage;

// The front door: what a platform reaches first. Everything else is in the
// module named for its role.
pub use dispatch::check;
pub use finding::Verdict;
pub use game::{open, parse_turn, Mechanics, Notation, Presentation, RecordFormat};
pub use limits::Limits;
pub use picture::Game;
pub use reader::{Reader, Record};
pub use record::Switches;
pub use replay::{AnyGame, Checked};
pub use report::{check_reader, check_str, Machine, RecordReport, Tally};
pub use walk::{walk, WalkOptions};
