//! The dispatcher: a record checked, shown or scored by the game its header
//! names, found in the registry.

use crate::at::At;
use crate::game::Malformed;
use crate::game::Table;
use crate::games;
use crate::reader::Record;
use crate::record::header::Text;
use crate::record::{self, HeaderError, Switches};
use crate::replay::{frame, AnyGame, Checked, Stop, StopError};
use crate::text::quote;

/// Check one record as the reader handed it over. The verdict's spans are
/// offsets in `record.text`; the report adds where the record sits.
pub fn check(record: &Record, switches: &Switches) -> Checked {
    match game_of(record) {
        Ok(referee) => referee.check(record, switches),
        Err(malformed) => Checked::malformed(None, malformed),
    }
}

/// The header's `event`, when the header can be read and names one as
/// text: what a test report titles a record by when it names no player.
/// Read from the header alone, within the record's limits.
pub fn event_of(record: &Record) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Event {
        #[serde(default)]
        event: Option<Text>,
    }
    let raw = frame(record).ok()?;
    raw.header.check_limits(&raw.limits).ok()?;
    raw.header.deserialize::<Event>().ok()?.event.map(|e| e.0)
}

/// The game a record's header names, read from the header alone, nothing
/// replayed; or why the record is malformed.
pub fn game_of(record: &Record) -> Result<&'static dyn AnyGame, Malformed> {
    let raw = frame(record)?;
    // Before the header's `game` is looked for, which may parse it.
    raw.header.check_limits(&raw.limits)?;
    Ok(game_named_in(&raw.header)?)
}

/// The game a header names.
fn game_named_in(header: &record::HeaderText<'_>) -> Result<&'static dyn AnyGame, HeaderError> {
    let name = header.game(games::names())?;
    games::find(&name).ok_or_else(|| {
        HeaderError::header(
            format!("`{}` is not a game arbitre knows", quote(&name)),
            header.within("game", &name),
        )
        .with_help(games::suggest(&name))
    })
}

/// The position of a record at `at` (a count of turns, a turn label, or by
/// default the end: after every turn, or before the first illegal one),
/// with the legal turns there: what `arbitre show` and `moves` print.
/// `None` and numbers convert, as `--turn` left out or given a count.
pub fn stop(record: &Record, switches: &Switches, at: impl Into<At>) -> Result<Stop, StopError> {
    let referee = game_of(record)
        .map_err(|malformed| StopError::Record(Box::new(Checked::malformed(None, malformed))))?;
    referee.stop(record, switches, &at.into())
}

/// Every position of a record from `from` turns on, in one replay: `each`
/// is handed the position before each turn, as [`stop`] gives it for that
/// count of turns (up to the first illegal turn, the position before it
/// included); the end is returned, as `stop` gives it by default. What a
/// page that replays the whole game needs, at the cost of one replay.
pub fn stops(
    record: &Record,
    switches: &Switches,
    from: usize,
    each: &mut dyn FnMut(Stop),
) -> Result<Stop, StopError> {
    let referee = game_of(record)
        .map_err(|malformed| StopError::Record(Box::new(Checked::malformed(None, malformed))))?;
    referee.stops(record, switches, from, each)
}

/// The game's score table for a record, as `arbitre score` prints it.
pub fn score_table(record: &Record, switches: &Switches) -> Option<Table> {
    game_of(record).ok()?.table(record, switches)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_event_of_a_record_is_read_from_its_header_as_text() {
        let event = |text: &str| event_of(&Record::from_text(text));
        assert_eq!(
            event("---\ngame: simpei\nevent: Club night\n---\n1. c3\n").as_deref(),
            Some("Club night")
        );
        // Quoted, with a comment: the YAML parser's reading.
        assert_eq!(
            event("---\nevent: \"a: b\"  # x\nplayers: {red: A}\n---\n").as_deref(),
            Some("a: b")
        );
        // No event, a number YAML reads (not text), a header that cannot
        // be read, a header past its limit.
        assert_eq!(event("---\ngame: simpei\n---\n"), None);
        assert_eq!(event("---\nevent: 2024\n---\n"), None);
        assert_eq!(event("---\nevent: [open\n---\n"), None);
        let long = format!("---\nevent: {}\n---\n", "x".repeat(200_000));
        assert_eq!(event(&long), None);
    }

    #[test]
    fn the_game_of_a_record_is_read_from_its_header() {
        let name = |text: &str| game_of(&Record::from_text(text)).ok().map(|g| g.name());
        assert_eq!(
            name("---\ngame: simpei\n---\nc3 nonsense\n"),
            Some("simpei")
        );
        assert_eq!(name("---\ngame: Puluc\n---\n"), Some("puluc"));
        assert_eq!(name("---\ngame: chess\n---\n"), None);
        assert_eq!(name("---\nevent: x\n---\n"), None);
        assert_eq!(name("no record"), None);
    }
}
