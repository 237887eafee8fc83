//! The replay engine: a record in, a verdict out. It knows games only
//! through the traits of [`crate::game`], and hands the commands a
//! type-erased [`AnyGame`].

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use crate::at::At;
use crate::finding::{finding, Finding};
use crate::game::{
    self, Alternatives, Game, Legal, Mechanics, Notation, RecordFormat, Summary, Table, Violation,
    Warning,
};
use crate::limits::cut_quotes;
use crate::picture::{Caption, Drawing};
use crate::reader::Record;
use crate::record::movetext::{self, SyntaxError, Tokens};
use crate::record::{self, FramingError, HeaderError, RawRecord, Switches};
use crate::report::Verdict;
use crate::rng::Rng;
use crate::rules::{self, Rule};
use crate::source::frame;
use crate::span::Span;
use crate::stats::ThrowStats;
use crate::switches::HouseSwitch;

/// Why a record could not be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// `header`, `setup` or `syntax`, as the registry declares them.
    pub rule: &'static Rule,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Where, in the record's text.
    pub span: Span,
    /// How to mend it, when that can be said.
    pub help: Option<String>,
}

impl Finding for Malformed {
    fn rule(&self) -> &str {
        self.rule.id
    }
    fn message(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.message)
    }
    /// An offset in the record's own text.
    fn place(&self) -> Option<(usize, usize)> {
        Some((self.span.offset, self.span.len))
    }
    fn help(&self) -> Option<String> {
        self.help.clone()
    }
}

finding!(Malformed);

impl From<HeaderError> for Malformed {
    /// The message with long quotes of header values cut: the games quote
    /// keys and values as written, and the header size alone bounds them.
    fn from(err: HeaderError) -> Self {
        Malformed {
            rule: err.part.rule(),
            message: cut_quotes(&err.message).into_owned(),
            span: err.span,
            help: err.help,
        }
    }
}

impl From<FramingError> for Malformed {
    fn from(err: FramingError) -> Self {
        Malformed {
            rule: &rules::HEADER,
            message: err.message,
            span: err.span,
            help: Some(err.help),
        }
    }
}

impl From<SyntaxError> for Malformed {
    fn from(err: SyntaxError) -> Self {
        Malformed {
            rule: &rules::SYNTAX,
            message: err.message,
            span: err.span,
            help: err.help,
        }
    }
}

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
struct Found {
    kept: Vec<Warning>,
    omitted: usize,
}

impl Found {
    fn push(&mut self, warning: Warning) {
        if self.kept.len() < KEPT_WARNINGS {
            self.kept.push(warning);
        } else {
            self.omitted += 1;
        }
    }
}

/// The position after some turns, and the legal turns there.
#[derive(Clone, Debug)]
pub struct Stop {
    /// Turns played to reach it.
    pub turn: usize,
    /// Where the record writes the last turn played to reach it, as
    /// offsets in the record's text; `None` at the start. A page marks it
    /// in the movetext.
    pub played: Option<Span>,
    /// The position drawn, with whose turn it is (or how the game ended).
    pub diagram: String,
    /// The turn about to be played, as a referee names it ("3. red").
    pub label: String,
    /// The legal turns, grouped, counted or listed when asked; none once
    /// the game is over.
    pub legal: Legal,
    /// Lines the game adds under the legal turns (the throw to make, say).
    pub notes: Vec<String>,
    /// How the game ended, when it is over here, in the words of `check`'s
    /// summary ("finished (time): blue wins"): after a win, or at the end
    /// of a record whose header `end` the replay bears out.
    pub over: Option<String>,
    /// Who acts next, by side or camp key, while the game goes on.
    pub to_move: Option<String>,
    /// The position as a `setup` header value
    /// ([`Presentation::setup`](crate::Presentation::setup)).
    pub setup: serde_json::Value,
    /// The position as an SVG picture, drawn when asked, with the refused
    /// turn when the replay stopped before one.
    pub picture: Drawing,
    /// The record's verdict when it bears on this position: the illegal
    /// turn the replay stopped before (when no turn was asked for), or the
    /// `end` or `result` that the final position contradicts.
    pub illegal: Option<Box<Checked>>,
}

/// A record parsed and set up as a game of type `G`, ready to be replayed
/// to any point: the typed view of a record, for programs.
pub struct Opened<G: RecordFormat> {
    /// The header, as the game reads it.
    pub header: G::Header,
    /// The position the record starts from (its `setup`, or the initial one).
    pub start: G::Position,
    /// The turns as written, notation resolved, legality not yet known.
    pub turns: Vec<G::Turn>,
}

type Loaded<G> = Opened<G>;

/// Open the first record of `text` as a game of type `G`; a record that
/// cannot be read as one is malformed.
pub fn open<G: RecordFormat>(text: &str, switches: &Switches) -> Result<Opened<G>, Malformed> {
    load::<G>(&record::first(text)?, switches)
}

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
/// record. As for [`open`], a syntax error anywhere makes it malformed.
pub fn position_after<G: RecordFormat>(
    text: &str,
    switches: &Switches,
    turns: usize,
) -> Result<Result<G::Position, Violation>, Malformed> {
    let record = record::first(text)?;
    let (_, mut position) = set_up::<G>(&record, switches)?;
    let mut warnings = Found::default();
    let mut index = 0;
    let mut illegal = None;
    G::parse_lent(tokens_of(&record), |turn, _| {
        if index < turns && illegal.is_none() {
            match step::<G>(&mut position, turn, index, &mut warnings) {
                Ok(()) => index += 1,
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
        Ok(raw) => check::<G>(&raw, switches),
        Err(framing) => Checked::malformed(Some(G::NAME), framing.into()),
    }
}

/// The header and the position the record starts from, read in file
/// order: the header and its setup come before the movetext.
pub(crate) fn set_up<G: RecordFormat>(
    record: &RawRecord<'_>,
    switches: &Switches,
) -> Result<(G::Header, G::Position), Malformed> {
    record.header.check_limits(&record.limits)?;
    let header: G::Header = record.header.deserialize()?;
    let start = G::start(&header, &record.header, switches)?;
    Ok((header, start))
}

/// The record's movetext as tokens, read one at a time.
pub(crate) fn tokens_of<'a>(record: &RawRecord<'a>) -> Tokens<'a> {
    Tokens::within(
        record.movetext,
        record.movetext_offset,
        record.limits.token_bytes,
    )
}

/// The whole record as typed values, every turn kept: for programs only,
/// as the commands replay a turn at a time.
fn load<G: RecordFormat>(
    record: &RawRecord<'_>,
    switches: &Switches,
) -> Result<Loaded<G>, Malformed> {
    let (header, start) = set_up::<G>(record, switches)?;
    let mut turns = Vec::new();
    G::parse_each(tokens_of(record), |turn| turns.push(turn))?;
    Ok(Loaded {
        header,
        start,
        turns,
    })
}

/// A replay fed the written turns one at a time, as the notation reads
/// them: it plays each until the first illegal one, and keeps of the turns
/// only the last one read (a verdict on the whole game may point at the
/// record's last turn) and the throw counts, so that its memory does not
/// grow with the record.
struct Replay<G: RecordFormat> {
    position: G::Position,
    /// Turns replayed legally.
    played: usize,
    warnings: Found,
    /// The first illegal turn's violation, with the turn's label.
    violation: Option<(Violation, String)>,
    /// The label of the record's last turn, once played: what a verdict on
    /// the whole game (a time end mid-round) names it by.
    last_label: Option<String>,
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
            last_label: None,
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
        let label = last.then(|| G::turn_label(&self.position, index));
        // `play` leaves the position as it was on an illegal turn.
        match step::<G>(&mut self.position, turn, index, &mut self.warnings) {
            Ok(()) => {
                self.played += 1;
                self.last_label = label;
            }
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

/// The header, the replay, and the record's last turn.
type Replayed<G> = (
    <G as RecordFormat>::Header,
    Replay<G>,
    Option<<G as Notation>::Turn>,
);

/// A record replayed as its movetext is read, a turn at a time: the
/// header, the replay, and the record's last turn. A syntax error anywhere
/// makes the record malformed, even after an illegal turn: the notation
/// reads on to the end.
fn replay<G: RecordFormat>(
    record: &RawRecord<'_>,
    switches: &Switches,
) -> Result<Replayed<G>, Malformed> {
    let (header, start) = set_up::<G>(record, switches)?;
    let mut replay = Replay::<G>::new(start);
    let last = G::parse_lent(tokens_of(record), |turn, last| {
        replay.count(turn);
        replay.play(turn, last);
    })?;
    Ok((header, replay, last))
}

/// Play turn `index` of a record: its warnings, tagged with the turn, join
/// `warnings`; a violation comes back tagged too, with what was legal
/// instead when the game did not say.
fn step<G: RecordFormat>(
    position: &mut G::Position,
    turn: &G::Turn,
    index: usize,
    warnings: &mut Found,
) -> Result<(), Violation> {
    match G::play(position, turn, index) {
        // Nearly every turn warns of nothing: no list is walked.
        Ok(found) if found.is_empty() => Ok(()),
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
pub fn check<G: RecordFormat>(record: &RawRecord<'_>, switches: &Switches) -> Checked {
    let (header, replay, last) = match replay::<G>(record, switches) {
        Ok(replayed) => replayed,
        Err(malformed) => return Checked::malformed(Some(G::NAME), malformed),
    };
    let throws = replay.throw_stats();
    let Replay {
        position,
        played,
        mut warnings,
        mut violation,
        last_label,
        ..
    } = replay;
    if violation.is_none() {
        // With no illegal turn, the last turn read is the last played.
        let last = last.as_ref().map(|turn| (played.saturating_sub(1), turn));
        match G::conclude(&header, &record.header, &position, last) {
            Ok(found) => found.into_iter().for_each(|w| warnings.push(w)),
            Err(v) => {
                // A verdict on the game may point at its last turn.
                let label = match v.turn_index {
                    Some(i) if i + 1 == played => last_label.unwrap_or_default(),
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
    }
}

/// The game's score table where the replay of a record stops (at its end,
/// or before its first illegal turn); `None` for a malformed record.
pub fn table<G: RecordFormat>(record: &RawRecord<'_>, switches: &Switches) -> Option<Table> {
    let (header, replay, _) = replay::<G>(record, switches).ok()?;
    G::table(&header, &replay.position)
}

/// Why `show` or `moves` cannot show the asked position.
#[derive(Clone, Debug)]
pub enum StopError {
    /// The record is malformed: its verdict.
    Record(Box<Checked>),
    /// The record has fewer turns than asked for.
    TooFew {
        /// The turns asked for.
        asked: usize,
        /// The turns the record has.
        turns: usize,
    },
    /// The asked point lies past the record's first illegal turn: only the
    /// positions up to the one before it exist.
    PastIllegal {
        /// The point asked for.
        asked: At,
        /// The verdict: the violation, its turn's label, and the turns
        /// replayed before it (the last position that can be shown).
        checked: Box<Checked>,
    },
    /// A label the game cannot read; the message gives the forms it takes.
    BadLabel {
        /// The label as given.
        asked: String,
        /// Why not, and what the game takes.
        message: String,
    },
    /// A label naming no turn of the record.
    NoSuchTurn {
        /// The label as given.
        asked: String,
        /// The label of the record's first turn.
        first: String,
        /// The label of the turn after its last (the final position).
        last: String,
        /// The record's turns.
        turns: usize,
    },
}

/// What the refusal says, in one sentence; a label is quoted as given, so
/// escape the text before printing it to a terminal.
impl fmt::Display for StopError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StopError::Record(checked) => match &checked.malformed {
                Some(m) => write!(f, "the record is malformed ({}: {})", m.rule, m.message),
                None => f.write_str("the record is malformed"),
            },
            StopError::TooFew { asked, turns } => write!(
                f,
                "the record has {turns} turns, so a count of turns goes from 0 to {turns}, not {asked}"
            ),
            StopError::PastIllegal { asked, checked } => {
                write!(f, "`{asked}` lies past the record's first illegal turn")?;
                if let Some(turn) = &checked.violation_turn {
                    write!(f, " ({turn})")?;
                }
                if let Some(v) = &checked.violation {
                    write!(f, ", {}: {}", v.rule, v.message)?;
                }
                write!(
                    f,
                    "; the last position that can be shown is after {} turns",
                    checked.turns
                )
            }
            StopError::BadLabel { message, .. } => f.write_str(message),
            StopError::NoSuchTurn {
                asked, first, last, ..
            } => write!(
                f,
                "the record has no turn `{asked}`: its labels run from {first} (the start) to \
                 {last} (after its last turn)"
            ),
        }
    }
}

impl std::error::Error for StopError {}

/// The position at `at` (after every turn, or before the first illegal one,
/// for [`At::End`]), replayed a turn at a time so that a label is matched
/// against the turns as the reports name them. The movetext is read twice,
/// keeping no turn: once for its syntax and its count of turns (what
/// `--turn` is measured against), once to replay it.
pub fn stop<G: Game>(
    record: &RawRecord<'_>,
    switches: &Switches,
    at: &At,
) -> Result<Stop, StopError> {
    let malformed =
        |malformed| StopError::Record(Box::new(Checked::malformed(Some(G::NAME), malformed)));
    let (header, start) = set_up::<G>(record, switches).map_err(malformed)?;
    let mut total = 0;
    G::parse_each(tokens_of(record), |_| total += 1).map_err(|e| malformed(e.into()))?;
    let label = match at {
        At::Label(text) => Some(G::read_label(text).map_err(|message| StopError::BadLabel {
            asked: text.clone(),
            message,
        })?),
        _ => None,
    };
    if let At::Count(asked) = *at {
        if asked > total {
            return Err(StopError::TooFew {
                asked,
                turns: total,
            });
        }
    }
    let wanted = |position: &G::Position, index: usize| match at {
        At::End => index == total,
        At::Count(n) => index == *n,
        At::Label(_) => label
            .as_ref()
            .is_some_and(|l| G::names_turn(l, position, index)),
    };
    let first = G::turn_label(&start, 0);
    let mut position = start;
    let mut warnings = Found::default();
    let mut index = 0;
    // Where the replay stopped early: at the asked turn, or an illegal one.
    let mut halt: Option<Result<(), Violation>> = None;
    let mut last: Option<G::Turn> = None;
    let mut refused: Option<G::Turn> = None;
    let mut played: Option<Span> = None;
    G::parse_each(tokens_of(record), |turn| {
        if halt.is_some() {
            return;
        }
        if wanted(&position, index) {
            halt = Some(Ok(()));
            return;
        }
        match step::<G>(&mut position, &turn, index, &mut warnings) {
            Ok(()) => {
                index += 1;
                played = Some(G::turn_span(&turn));
                if index == total {
                    last = Some(turn);
                }
            }
            Err(violation) => {
                halt = Some(Err(violation));
                refused = Some(turn);
            }
        }
    })
    .map_err(|e| malformed(e.into()))?;
    if let Some(Err(violation)) = halt {
        let checked = Box::new(Checked {
            game: Some(G::NAME),
            malformed: None,
            violation: Some(violation),
            violation_turn: Some(G::turn_label(&position, index)),
            warnings: warnings.kept,
            warnings_omitted: warnings.omitted,
            turns: index,
            summary: Some(G::summary(&header, &position, false)),
            throws: None,
        });
        if *at != At::End {
            return Err(StopError::PastIllegal {
                asked: at.clone(),
                checked,
            });
        }
        let mut stop = stopped::<G>(&header, &position, (index, played), None, Some(checked));
        if let (Some(turn), Some(checked)) = (refused, &stop.illegal) {
            if let Some(violation) = &checked.violation {
                let caption =
                    caption::<G>(&header, &position, index, &stop.label, None, Some(checked));
                stop.picture =
                    Drawing::new::<G>(position, caption, Some((turn, violation.clone())));
            }
        }
        return Ok(stop);
    }
    if !wanted(&position, index) {
        return Err(StopError::NoSuchTurn {
            asked: at.to_string(),
            first,
            last: G::turn_label(&position, index),
            turns: total,
        });
    }
    if index < total {
        return Ok(stopped::<G>(
            &header,
            &position,
            (index, played),
            None,
            None,
        ));
    }
    // The end of the record: its header's `end` and `result` hold here.
    let last = last.as_ref().map(|turn| (index.saturating_sub(1), turn));
    match G::conclude(&header, &record.header, &position, last) {
        Ok(_) => {
            let summary = G::summary(&header, &position, true);
            Ok(stopped::<G>(
                &header,
                &position,
                (index, played),
                Some(summary),
                None,
            ))
        }
        Err(violation) => {
            // The end the header claims is contradicted: not trusted.
            let summary = G::summary(&header, &position, false);
            let checked = Box::new(Checked {
                game: Some(G::NAME),
                malformed: None,
                violation: Some(violation),
                violation_turn: None,
                warnings: warnings.kept,
                warnings_omitted: warnings.omitted,
                turns: index,
                summary: Some(summary),
                throws: None,
            });
            Ok(stopped::<G>(
                &header,
                &position,
                (index, played),
                None,
                Some(checked),
            ))
        }
    }
}

/// What `show` and `moves` print of `position`, reached after `turn`
/// turns, the last written at `played`. With `ended`, the summary of a record's end borne out by the
/// replay, the game is over as `check` says; otherwise only when the
/// position itself allows no turn (a win).
fn stopped<G: Game>(
    header: &G::Header,
    position: &G::Position,
    (turn, played): (usize, Option<Span>),
    ended: Option<Summary>,
    illegal: Option<Box<Checked>>,
) -> Stop {
    let legal = Legal::at::<G>(position);
    let label = G::turn_label(position, turn);
    let (over, diagram) = match ended.filter(|s| s.finished) {
        Some(summary) if !legal.is_empty() => (
            Some(summary.description.clone()),
            G::ended_diagram(position, &summary.description),
        ),
        _ if legal.is_empty() => (
            Some(G::summary(header, position, false).description),
            G::diagram(position),
        ),
        _ => (None, G::diagram(position)),
    };
    let (legal, notes, to_move) = if over.is_some() {
        (Legal::none(), Vec::new(), None)
    } else {
        let to_move = G::summary(header, position, false).to_move;
        (legal, G::moves_notes(position), to_move)
    };
    let caption = caption::<G>(
        header,
        position,
        turn,
        &label,
        over.as_deref(),
        illegal.as_deref(),
    );
    Stop {
        turn,
        played,
        diagram,
        label,
        legal,
        notes,
        over,
        to_move,
        setup: G::setup(position),
        picture: Drawing::new::<G>(position.clone(), caption, None),
        illegal,
    }
}

/// What a picture says beside the position: the game and its players,
/// whose turn it is or how the game ended, and the refused turn.
fn caption<G: Game>(
    header: &G::Header,
    position: &G::Position,
    turn: usize,
    label: &str,
    over: Option<&str>,
    illegal: Option<&Checked>,
) -> Caption {
    let players = G::summary(header, position, false)
        .players
        .map(|players| {
            players
                .0
                .iter()
                .map(|(key, name)| format!("{name} ({key})"))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .filter(|names| !names.is_empty());
    let title = match players {
        Some(players) => format!("{}: {players}", G::TITLE),
        None => G::TITLE.to_string(),
    };
    let turns = if turn == 1 {
        "1 turn".to_string()
    } else {
        format!("{turn} turns")
    };
    let status = match over {
        Some(how) => format!("After {turns}. Game over: {how}"),
        None => format!("After {turns}: {label} to play"),
    };
    let illegal = illegal.and_then(|checked| {
        let violation = checked.violation.as_ref()?;
        Some(match &checked.violation_turn {
            Some(turn) => format!(
                "Illegal at {turn}: {} ({})",
                violation.message, violation.rule
            ),
            None => format!("Illegal: {} ({})", violation.message, violation.rule),
        })
    });
    Caption {
        title,
        status,
        illegal,
    }
}

/// A random legal game as a record.
pub fn random_record<G: RecordFormat>(
    mode: Option<&str>,
    seed: u64,
    max_turns: usize,
) -> Result<String, String> {
    let start = G::initial(mode)?;
    let plays = game::random_plays::<G>(&start, &mut Rng::new(seed), max_turns);
    Ok(format!(
        "---\n{}---\n{}",
        G::record_header(&start),
        G::movetext(&start, &plays)
    ))
}

pub fn perft<R: Mechanics>(mode: Option<&str>, depth: u32) -> Result<u64, String> {
    Ok(game::perft::<R>(&R::initial(mode)?, depth))
}

/// One written turn alone, e.g. `"c3"` or `"3.B e5xg7 f2-f3"`, as `N::parse`
/// reads it; its spans count from the start of `text`.
pub fn parse_turn<N: Notation>(text: &str) -> Result<N::Turn, SyntaxError> {
    let whole = Span::new(0, text.len());
    let tokens = movetext::tokens(text, 0)?;
    let turns = N::parse(&tokens)?;
    let count = turns.len();
    let mut turns = turns.into_iter();
    match (turns.next(), turns.next()) {
        (Some(turn), None) => Ok(turn),
        (None, _) => Err(SyntaxError::new("no turn is written", whole)),
        (Some(_), Some(_)) => Err(SyntaxError::new(
            format!("one turn is expected, not {count}"),
            whole,
        )),
    }
}

/// A game with its type erased, for the commands.
pub trait AnyGame: Sync {
    /// The `game:` value.
    fn name(&self) -> &'static str;
    /// House-rule switches the game understands.
    fn switches(&self) -> &'static [HouseSwitch];
    /// Every rule the game reports ([`rules::all`](crate::rules::all) adds
    /// the shared ones).
    fn rules(&self) -> &'static [Rule];
    /// The game's name as a title: `Simpei`.
    fn title(&self) -> &'static str;
    /// A line of its notation, for help texts.
    fn example(&self) -> &'static str;
    /// Check one record completely, as this game whatever its header's
    /// `game` says ([`check`](crate::check) picks the game by the header).
    fn check(&self, record: &Record, switches: &Switches) -> Checked;
    /// The position at `at`, with the legal turns, the record read as this
    /// game ([`stop`](crate::stop) picks the game by the header).
    fn stop(&self, record: &Record, switches: &Switches, at: &At) -> Result<Stop, StopError>;
    /// A random legal game as a record, reproducible by its seed.
    fn random(&self, mode: Option<&str>, seed: u64, max_turns: usize) -> Result<String, String>;
    /// perft from the initial position of `mode`, refused past
    /// `deepest_perft`.
    fn perft(&self, mode: Option<&str>, depth: u32) -> Result<u64, String>;
    /// The deepest perft the game counts.
    fn deepest_perft(&self) -> u32;
    /// A commented record to start from (`arbitre new`).
    fn template(&self) -> &'static str;
    /// The score table where the replay of a record stops, the record
    /// read as this game; `None` for a malformed record.
    fn table(&self, record: &Record, switches: &Switches) -> Option<Table>;
    /// The movetext of a legal record in canonical form (`arbitre fmt`),
    /// the record read as this game, or why it cannot be written so.
    fn canonical(&self, record: &Record, switches: &Switches) -> Result<String, Malformed>;
}

pub struct Erased<G>(PhantomData<fn() -> G>);

impl<G> Erased<G> {
    pub const fn new() -> Self {
        Erased(PhantomData)
    }
}

impl<G> Default for Erased<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> AnyGame for Erased<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn switches(&self) -> &'static [HouseSwitch] {
        G::SWITCHES
    }
    fn rules(&self) -> &'static [Rule] {
        G::RULES
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn example(&self) -> &'static str {
        G::EXAMPLE
    }
    fn check(&self, record: &Record, switches: &Switches) -> Checked {
        match frame(record) {
            Ok(raw) => check::<G>(&raw, switches),
            Err(malformed) => Checked::malformed(Some(G::NAME), malformed),
        }
    }
    fn stop(&self, record: &Record, switches: &Switches, at: &At) -> Result<Stop, StopError> {
        let malformed =
            |malformed| StopError::Record(Box::new(Checked::malformed(Some(G::NAME), malformed)));
        stop::<G>(&frame(record).map_err(malformed)?, switches, at)
    }
    fn random(&self, mode: Option<&str>, seed: u64, max_turns: usize) -> Result<String, String> {
        random_record::<G>(mode, seed, max_turns)
    }
    fn perft(&self, mode: Option<&str>, depth: u32) -> Result<u64, String> {
        let deepest = G::DEEPEST_PERFT;
        if depth > deepest {
            return Err(format!(
                "perft of depth {depth} cannot finish in reasonable time: the work multiplies \
                 with every turn, and {}'s depth {} already takes more than a minute; the \
                 deepest arbitre counts is {deepest}",
                G::TITLE,
                deepest + 1
            ));
        }
        perft::<G>(mode, depth)
    }
    fn deepest_perft(&self) -> u32 {
        G::DEEPEST_PERFT
    }
    fn template(&self) -> &'static str {
        G::template()
    }
    fn table(&self, record: &Record, switches: &Switches) -> Option<Table> {
        table::<G>(&frame(record).ok()?, switches)
    }
    fn canonical(&self, record: &Record, switches: &Switches) -> Result<String, Malformed> {
        crate::format::canonical_movetext::<G>(&frame(record)?, switches)
    }
}
