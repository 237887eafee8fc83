//! The verdict on a record, and the warnings a replay keeps.

use crate::finding::Verdict;
use crate::game::{Malformed, Summary, Violation, Warning};
use crate::record::header::Tournament;
use crate::stats::ThrowStats;

/// The verdict on one record, with what the reports need to explain it.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The game, when the header named one arbitre knows.
    pub game: Option<&'static str>,
    /// Why the record cannot be replayed, if it cannot.
    pub malformed: Option<Malformed>,
    /// The first illegal action, or a contradicted `end` or `result`.
    pub violation: Option<Violation>,
    /// The turn label ("3. red") of the violation, when it is in a turn.
    pub violation_turn: Option<String>,
    /// Tolerated infractions and remarks, in record order: the first
    /// [`KEPT_WARNINGS`].
    pub warnings: Vec<Warning>,
    /// The warnings past those, counted but not kept.
    pub warnings_omitted: usize,
    /// Turns replayed legally.
    pub turns: usize,
    /// Where the replay stopped; `None` for a malformed record.
    pub summary: Option<Summary>,
    /// The statistics of every written throw, for games with throws.
    pub throws: Option<ThrowStats>,
    /// The header's tournament keys (`event`, `round`, ...), when it holds
    /// any and could be read (boxed, as nearly no record has them):
    /// `checked.tournament.as_deref()`.
    pub tournament: Option<Box<Tournament>>,
}

impl Checked {
    /// The verdict on a record that could not be replayed.
    pub fn malformed(game: Option<&'static str>, malformed: Malformed) -> Self {
        Checked {
            game,
            malformed: Some(malformed),
            violation: None,
            violation_turn: None,
            warnings: Vec::new(),
            warnings_omitted: 0,
            turns: 0,
            summary: None,
            throws: None,
            tournament: None,
        }
    }

    /// Legal, illegal (a violation) or malformed (cannot be replayed).
    pub fn verdict(&self) -> Verdict {
        if self.malformed.is_some() {
            Verdict::Malformed
        } else if self.violation.is_some() {
            Verdict::Illegal
        } else {
            Verdict::Legal
        }
    }

    /// All its warnings, kept or not.
    pub fn warning_count(&self) -> usize {
        self.warnings.len() + self.warnings_omitted
    }
}

/// At most this many warnings of a record are kept, with their messages
/// and places; the rest are only counted, so that a record full of warnings
/// (a long game of passes) costs the memory and the output of its first
/// ones alone.
pub const KEPT_WARNINGS: usize = 100;

/// A record's warnings as the replay finds them: the first
/// [`KEPT_WARNINGS`], and the count of the rest.
#[derive(Default)]
pub(super) struct Found {
    pub(super) kept: Vec<Warning>,
    pub(super) omitted: usize,
}

impl Found {
    pub(super) fn push(&mut self, warning: Warning) {
        if self.kept.len() < KEPT_WARNINGS {
            self.kept.push(warning);
        } else {
            self.omitted += 1;
        }
    }
}
