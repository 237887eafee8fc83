//! The contract through which a game plugs into the shared machinery, one
//! trait per role, and the vocabulary the games answer in. Each file holds
//! one part: the roles (`mechanics`, `notation`, `record_format`,
//! `presentation`), the findings (`violation`, `alternatives`), a record
//! read as typed values (`opened`) and what a replay says of it
//! (`summary`).

mod alternatives;
mod mechanics;
mod notation;
mod opened;
mod presentation;
mod record_format;
mod summary;
mod violation;

/// What a header says of the game's place in an event: read from a
/// checked record as [`Checked::tournament`](crate::replay::Checked::tournament).
pub use crate::record::header::{Tags, Tournament};
pub use alternatives::Alternatives;
pub use mechanics::{denoted, perft, random_plays, Mechanics};
pub use notation::{parse_turn, resolve_by_outcome, CanonicalTurn, Notation, TurnLabel};
#[cfg(test)]
pub(crate) use opened::assert_setups_read_back;
pub use opened::{open, Malformed, Opened};
pub(crate) use opened::{set_up, tokens_of};
pub use presentation::{Group, Legal, Presentation};
pub use record_format::{random_record, RecordFormat};
pub use summary::{Decided, OffBoard, Outcome, Players, Scores, Summary, Table, Team, Word};
pub(crate) use violation::listing;
pub use violation::{breach, Breach, Violation, Warning, LISTED};
