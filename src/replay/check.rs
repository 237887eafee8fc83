//! The replay of a record: each written turn played as the notation reads
//! it, to the verdict.

use super::verdict::{Checked, Found};
use crate::game::{
    set_up, tokens_of, Alternatives, Malformed, Notation, Opened, RecordFormat, Table, Violation,
    Warning,
};
use crate::record::header::TournamentKeys;
use crate::record::{self, RawRecord, Switches};
use crate::stats::ThrowStats;

impl<G: RecordFormat> Opened<G> {
    /// The position after the first `turns` turns (all of them, if fewer),
    /// or the first of them that is illegal, with what was legal there.
    pub fn position_after(&self, turns: usize) -> Result<G::Position, Violation> {
        let mut position = self.start.clone();
        let mut warnings = Found::default();
        for (index, turn) in self.turns.iter().take(turns).enumerate() {
            step::<G>(&mut position, turn, index, &mut warnings)?;
        }
        Ok(position)
    }
}

/// The position after the first `turns` turns of the first record of
/// `text` (all of them, if fewer), or the first of them that is illegal:
/// what [`Opened::position_after`] gives, the record replayed as it is read
/// rather than held as turns, so that its memory does not grow with the
/// record. As for [`open`](crate::game::open), a syntax error anywhere makes it malformed.
pub fn position_after<G: RecordFormat>(
    text: &str,
    switches: &Switches,
    turns: usize,
) -> Result<Result<G::Position, Violation>, Malformed> {
    replayed::<G>(text, switches, turns, &mut |_, _| {})
}

/// Every position of the first record of `text`, in one replay: `each` is
/// handed each with its count of turns, from the start to the end or to the
/// position before the first illegal turn; the last is returned as
/// [`position_after`] returns it. A replay page values every position of a
/// game at the cost of one replay.
pub fn each_position<G: RecordFormat>(
    text: &str,
    switches: &Switches,
    each: &mut dyn FnMut(usize, &G::Position),
) -> Result<Result<G::Position, Violation>, Malformed> {
    replayed::<G>(text, switches, usize::MAX, each)
}

fn replayed<G: RecordFormat>(
    text: &str,
    switches: &Switches,
    turns: usize,
    each: &mut dyn FnMut(usize, &G::Position),
) -> Result<Result<G::Position, Violation>, Malformed> {
    let record = record::first(text)?;
    let (_, mut position) = set_up::<G>(&record, switches)?;
    let mut warnings = Found::default();
    let mut index = 0;
    let mut illegal = None;
    each(0, &position);
    G::parse_lent(tokens_of(&record), |turn, _| {
        if index < turns && illegal.is_none() {
            match step::<G>(&mut position, turn, index, &mut warnings) {
                Ok(()) => {
                    index += 1;
                    each(index, &position);
                }
                Err(violation) => illegal = Some(violation),
            }
        }
    })?;
    Ok(illegal.map_or(Ok(position), Err))
}

/// Check the first record of `text` as a game of type `G`, whatever its
/// header's `game` says.
pub fn check_as<G: RecordFormat>(text: &str, switches: &Switches) -> Checked {
    match record::first(text) {
        Ok(raw) => verdict_of::<G>(&raw, switches),
        Err(framing) => Checked::malformed(Some(G::NAME), framing.into()),
    }
}

/// A replay fed the written turns one at a time, as the notation reads
/// them: it plays each until the first illegal one, and keeps of the turns
/// only the last one read (a verdict on the whole game may point at the
/// record's last turn) and the throw counts, so that its memory does not
/// grow with the record.
pub(super) struct Replay<G: RecordFormat> {
    pub(super) position: G::Position,
    /// Turns replayed legally.
    pub(super) played: usize,
    warnings: Found,
    /// The first illegal turn's violation, with the turn's label.
    violation: Option<(Violation, String)>,
    /// The position before the record's last turn, once that turn is
    /// read: a verdict on the whole game (a time end mid-round) names the
    /// turn by its label, which is only worked out then, seldom.
    before_last: Option<G::Position>,
    /// Throws written, per value of [`Mechanics::FAIR_THROWS`], counted also
    /// after an illegal turn: the statistics are about what was thrown,
    /// not about the verdict.
    throws: Vec<u64>,
}

impl<G: RecordFormat> Replay<G> {
    fn new(start: G::Position) -> Self {
        Replay {
            position: start,
            played: 0,
            warnings: Found::default(),
            violation: None,
            before_last: None,
            throws: vec![0; G::FAIR_THROWS.len()],
        }
    }

    /// Count a written turn's throw.
    fn count(&mut self, turn: &G::Turn) {
        if let Some(value) = G::throw(turn) {
            if let Some(i) = G::FAIR_THROWS.iter().position(|(v, _)| *v == value) {
                self.throws[i] += 1;
            }
        }
    }

    /// Play a turn, unless an earlier one was illegal.
    fn play(&mut self, turn: &G::Turn, last: bool) {
        if self.violation.is_some() {
            return;
        }
        let index = self.played;
        if last {
            self.before_last = Some(self.position.clone());
        }
        // `play` leaves the position as it was on an illegal turn.
        match step::<G>(&mut self.position, turn, index, &mut self.warnings) {
            Ok(()) => self.played += 1,
            Err(violation) => {
                let label = G::turn_label(&self.position, index);
                self.violation = Some((violation, label));
            }
        }
    }

    /// The statistics of the throws, for games with throws.
    fn throw_stats(&self) -> Option<ThrowStats> {
        (!G::FAIR_THROWS.is_empty()).then(|| ThrowStats::from_counts(G::FAIR_THROWS, &self.throws))
    }
}

/// The replay and the record's last turn.
type Replayed<G> = (Replay<G>, Option<<G as Notation>::Turn>);

/// A record replayed as its movetext is read, a turn at a time: the
/// header, the replay, and the record's last turn. A syntax error anywhere
/// makes the record malformed, even after an illegal turn: the notation
/// reads on to the end.
pub(super) fn replay<G: RecordFormat>(
    record: &RawRecord<'_>,
    switches: &Switches,
) -> Result<(G::Header, Replayed<G>), Malformed> {
    let (header, start) = set_up::<G>(record, switches)?;
    Ok((header, replay_from::<G>(record, start)?))
}

/// [`replay`] from the start a header set up. The header stays with the
/// caller: a large value, not moved in and out.
fn replay_from<G: RecordFormat>(
    record: &RawRecord<'_>,
    start: G::Position,
) -> Result<Replayed<G>, Malformed> {
    let mut replay = Replay::<G>::new(start);
    let last = G::parse_lent(tokens_of(record), |turn, last| {
        replay.count(turn);
        replay.play(turn, last);
    })?;
    Ok((replay, last))
}

/// Play turn `index` of a record: its warnings, tagged with the turn, join
/// `warnings`; a violation comes back tagged too, with what was legal
/// instead when the game did not say. Inlined where the turns are played,
/// for the turn that warns of nothing (nearly every one), the rest out of
/// the way.
#[inline(always)]
pub(super) fn step<G: RecordFormat>(
    position: &mut G::Position,
    turn: &G::Turn,
    index: usize,
    warnings: &mut Found,
) -> Result<(), Violation> {
    match G::play(position, turn, index) {
        // No list is walked.
        Ok(found) if found.is_empty() => Ok(()),
        played => tag::<G>(position, played, index, warnings),
    }
}

/// A turn's warnings or violation, tagged with the turn.
#[inline(never)]
fn tag<G: RecordFormat>(
    position: &G::Position,
    played: Result<Vec<Warning>, Violation>,
    index: usize,
    warnings: &mut Found,
) -> Result<(), Violation> {
    match played {
        Ok(found) => {
            for mut warning in found {
                warning.turn_index.get_or_insert(index);
                warnings.push(warning);
            }
            Ok(())
        }
        Err(mut violation) => {
            violation.turn_index = Some(index);
            if violation.expected.is_none() {
                violation.expected = Some(Alternatives::legal::<G>(position));
            }
            Err(violation)
        }
    }
}

/// Check one record of game `G` completely.
pub(crate) fn verdict_of<G: RecordFormat>(record: &RawRecord<'_>, switches: &Switches) -> Checked {
    let (header, start) = match set_up::<G>(record, switches) {
        Ok(set) => set,
        Err(malformed) => return Checked::malformed(Some(G::NAME), malformed),
    };
    // Reported also when the movetext is malformed: the header was read.
    let tournament = header.tournament();
    let (replay, last) = match replay_from::<G>(record, start) {
        Ok(replayed) => replayed,
        Err(malformed) => {
            return Checked {
                tournament,
                ..Checked::malformed(Some(G::NAME), malformed)
            }
        }
    };
    let throws = replay.throw_stats();
    let Replay {
        position,
        played,
        mut warnings,
        mut violation,
        before_last,
        ..
    } = replay;
    if violation.is_none() {
        // With no illegal turn, the last turn read is the last played.
        let last = last.as_ref().map(|turn| (played.saturating_sub(1), turn));
        match G::conclude(&header, &record.header, &position, last) {
            Ok(found) => found.into_iter().for_each(|w| warnings.push(w)),
            Err(v) => {
                // A verdict on the game may point at its last turn.
                let label = match (v.turn_index, before_last) {
                    (Some(i), Some(before)) if i + 1 == played => G::turn_label(&before, i),
                    _ => String::new(),
                };
                violation = Some((v, label));
            }
        }
    }
    let summary = G::summary(&header, &position, violation.is_none());
    let (violation, violation_turn) = match violation {
        Some((v, label)) => (Some(v), Some(label).filter(|l| !l.is_empty())),
        None => (None, None),
    };
    Checked {
        game: Some(G::NAME),
        malformed: None,
        violation,
        violation_turn,
        warnings: warnings.kept,
        warnings_omitted: warnings.omitted,
        turns: played,
        summary: Some(summary),
        throws,
        tournament,
    }
}

/// The game's score table where the replay of a record stops (at its end,
/// or before its first illegal turn); `None` for a malformed record.
pub(crate) fn table<G: RecordFormat>(record: &RawRecord<'_>, switches: &Switches) -> Option<Table> {
    let (header, (replay, _)) = replay::<G>(record, switches).ok()?;
    G::table(&header, &replay.position)
}
