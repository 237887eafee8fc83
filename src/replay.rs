//! The replay engine: a record in, a verdict out. It knows games only
//! through the traits of [`crate::game`], and hands the commands a
//! type-erased [`Referee`].

use std::marker::PhantomData;

use crate::game::{self, Alternatives, Game, Notation, Record, Rules, Summary, Violation, Warning};
use crate::record::movetext::{self, SyntaxError};
use crate::record::{HeaderError, RawRecord, Switches};
use crate::rng::Rng;
use crate::span::Span;
use crate::stats::ThrowStats;

/// Why a record could not be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// `header`, `setup` or `syntax`.
    pub rule: &'static str,
    pub message: String,
    pub span: Span,
    pub help: Option<String>,
}

impl From<HeaderError> for Malformed {
    fn from(err: HeaderError) -> Self {
        Malformed {
            rule: err.part.rule(),
            message: err.message,
            span: err.span,
            help: err.help,
        }
    }
}

impl From<SyntaxError> for Malformed {
    fn from(err: SyntaxError) -> Self {
        Malformed {
            rule: "syntax",
            message: err.message,
            span: err.span,
            help: err.help,
        }
    }
}

/// The verdict on one record, with what the reports need to explain it.
#[derive(Clone, Debug)]
pub struct Checked {
    pub game: Option<&'static str>,
    pub malformed: Option<Malformed>,
    pub violation: Option<Violation>,
    /// The turn label ("3. red") of the violation, when it is in a turn.
    pub violation_turn: Option<String>,
    pub warnings: Vec<Warning>,
    pub turns: usize,
    /// Where the replay stopped; `None` for a malformed record.
    pub summary: Option<Summary>,
    /// The statistics of every written throw, for games with throws.
    pub throws: Option<ThrowStats>,
}

impl Checked {
    pub fn malformed(game: Option<&'static str>, malformed: Malformed) -> Self {
        Checked {
            game,
            malformed: Some(malformed),
            violation: None,
            violation_turn: None,
            warnings: Vec::new(),
            turns: 0,
            summary: None,
            throws: None,
        }
    }
}

/// The position after some turns, and the legal turns there.
#[derive(Clone, Debug)]
pub struct Stop {
    pub turn: usize,
    pub diagram: String,
    pub label: String,
    pub legal: Vec<String>,
    pub notes: Vec<String>,
}

/// A record parsed and set up, ready to replay.
struct Loaded<G: Record> {
    header: G::Header,
    start: G::Position,
    turns: Vec<G::Turn>,
}

fn load<G: Record>(record: &RawRecord<'_>, switches: &Switches) -> Result<Loaded<G>, Malformed> {
    // In file order: the header and its setup come before the movetext.
    let header: G::Header = record.header.deserialize()?;
    let start = G::start(&header, &record.header, switches)?;
    let tokens = movetext::tokens(record.movetext, record.movetext_offset)?;
    let turns = G::parse(&tokens)?;
    Ok(Loaded {
        header,
        start,
        turns,
    })
}

struct Run<R: Rules> {
    position: R::Position,
    played: usize,
    warnings: Vec<Warning>,
    violation: Option<(Violation, String)>,
}

fn run<G: Record>(loaded: &Loaded<G>, limit: usize) -> Run<G> {
    let mut position = loaded.start.clone();
    let mut warnings = Vec::new();
    for (index, turn) in loaded.turns.iter().take(limit).enumerate() {
        // `play` leaves the position as it was on an illegal turn.
        match G::play(&mut position, turn, index) {
            Ok(found) => warnings.extend(found.into_iter().map(|mut w| {
                w.turn_index.get_or_insert(index);
                w
            })),
            Err(mut violation) => {
                violation.turn_index = Some(index);
                if violation.expected.is_none() {
                    violation.expected = Some(Alternatives::new(G::legal(&position)));
                }
                let label = G::turn_label(&position, index);
                return Run {
                    position,
                    played: index,
                    warnings,
                    violation: Some((violation, label)),
                };
            }
        }
    }
    Run {
        played: loaded.turns.len().min(limit),
        position,
        warnings,
        violation: None,
    }
}

/// Every written throw counted, also after an illegal turn: the statistics
/// are about what was thrown, not about the verdict.
fn throw_stats<N: Notation>(turns: &[N::Turn]) -> Option<ThrowStats> {
    (!N::FAIR_THROWS.is_empty()).then(|| ThrowStats::new(N::FAIR_THROWS, &N::throws(turns)))
}

fn legal_strings<R: Rules>(position: &R::Position) -> Vec<String> {
    R::legal(position).iter().map(ToString::to_string).collect()
}

/// Check one record of game `G` completely.
pub fn check<G: Record>(record: &RawRecord<'_>, switches: &Switches) -> Checked {
    let loaded = match load::<G>(record, switches) {
        Ok(loaded) => loaded,
        Err(malformed) => return Checked::malformed(Some(G::NAME), malformed),
    };
    let Run {
        position,
        played,
        mut warnings,
        mut violation,
    } = run(&loaded, usize::MAX);
    if violation.is_none() {
        match G::conclude(&loaded.header, &record.header, &position, &loaded.turns) {
            Ok(found) => warnings.extend(found),
            Err(v) => violation = Some((v, String::new())),
        }
    }
    let (violation, violation_turn) = match violation {
        Some((v, label)) => (Some(v), Some(label).filter(|l| !l.is_empty())),
        None => (None, None),
    };
    Checked {
        game: Some(G::NAME),
        malformed: None,
        violation,
        violation_turn,
        warnings,
        turns: played,
        summary: Some(G::summary(&loaded.header, &position)),
        throws: throw_stats::<G>(&loaded.turns),
    }
}

/// Why `show` or `moves` cannot show the asked position.
#[derive(Clone, Debug)]
pub enum StopError {
    /// The record is malformed, or illegal before that point: its verdict.
    Record(Box<Checked>),
    /// The record has fewer turns than asked for.
    TooFew { asked: usize, turns: usize },
}

/// The position after `turn` turns (all of them when `None`).
pub fn stop<G: Game>(
    record: &RawRecord<'_>,
    switches: &Switches,
    turn: Option<usize>,
) -> Result<Stop, StopError> {
    let loaded = match load::<G>(record, switches) {
        Ok(loaded) => loaded,
        Err(malformed) => {
            return Err(StopError::Record(Box::new(Checked::malformed(
                Some(G::NAME),
                malformed,
            ))))
        }
    };
    let turns = loaded.turns.len();
    let limit = turn.unwrap_or(turns);
    if limit > turns {
        return Err(StopError::TooFew {
            asked: limit,
            turns,
        });
    }
    let done = run(&loaded, limit);
    if let Some((violation, label)) = done.violation {
        let summary = Some(G::summary(&loaded.header, &done.position));
        return Err(StopError::Record(Box::new(Checked {
            game: Some(G::NAME),
            malformed: None,
            violation: Some(violation),
            violation_turn: Some(label),
            warnings: done.warnings,
            turns: done.played,
            summary,
            throws: None,
        })));
    }
    Ok(Stop {
        turn: done.played,
        diagram: G::diagram(&done.position),
        label: G::turn_label(&done.position, done.played),
        legal: legal_strings::<G>(&done.position),
        notes: G::moves_notes(&done.position),
    })
}

/// A random legal game as a record.
pub fn random<G: Record>(
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

pub fn perft<R: Rules>(mode: Option<&str>, depth: u32) -> Result<u64, String> {
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
pub trait Referee: Sync {
    fn name(&self) -> &'static str;
    fn switches(&self) -> &'static [&'static str];
    fn check(&self, record: &RawRecord<'_>, switches: &Switches) -> Checked;
    fn stop(
        &self,
        record: &RawRecord<'_>,
        switches: &Switches,
        turn: Option<usize>,
    ) -> Result<Stop, StopError>;
    fn random(&self, mode: Option<&str>, seed: u64, max_turns: usize) -> Result<String, String>;
    fn perft(&self, mode: Option<&str>, depth: u32) -> Result<u64, String>;
    fn template(&self) -> &'static str;
}

pub struct Engine<G>(PhantomData<fn() -> G>);

impl<G> Engine<G> {
    pub const fn new() -> Self {
        Engine(PhantomData)
    }
}

impl<G> Default for Engine<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Referee for Engine<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn switches(&self) -> &'static [&'static str] {
        G::SWITCHES
    }
    fn check(&self, record: &RawRecord<'_>, switches: &Switches) -> Checked {
        check::<G>(record, switches)
    }
    fn stop(
        &self,
        record: &RawRecord<'_>,
        switches: &Switches,
        turn: Option<usize>,
    ) -> Result<Stop, StopError> {
        stop::<G>(record, switches, turn)
    }
    fn random(&self, mode: Option<&str>, seed: u64, max_turns: usize) -> Result<String, String> {
        random::<G>(mode, seed, max_turns)
    }
    fn perft(&self, mode: Option<&str>, depth: u32) -> Result<u64, String> {
        perft::<G>(mode, depth)
    }
    fn template(&self) -> &'static str {
        G::template()
    }
}
