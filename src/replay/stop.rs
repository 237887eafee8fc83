//! The position at a turn of a record, with the legal turns there: what
//! `show` and `moves` print.

use std::borrow::Cow;
use std::fmt;

use super::check::step;
use super::verdict::{Checked, Found};
use crate::at::At;
use crate::game::{set_up, tokens_of, Legal, Summary, Violation};
use crate::picture::{Caption, Drawing, Game};
use crate::record::header::TournamentKeys;
use crate::record::{RawRecord, Switches};
use crate::span::Span;

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
pub(crate) fn stop<G: Game>(
    record: &RawRecord<'_>,
    switches: &Switches,
    at: &At,
) -> Result<Stop, StopError> {
    replayed::<G>(record, switches, at, None)
}

/// Every position of the record from `from` turns on, in one replay, as
/// [`stop`] gives each: the position before each turn (the one before a
/// refused turn included) is handed to `each` as it is reached; the end,
/// as `stop` gives it for [`At::End`], is returned. A replay page shows
/// the whole game at the cost of one replay, not of one a position.
pub(crate) fn stops<G: Game>(
    record: &RawRecord<'_>,
    switches: &Switches,
    from: usize,
    each: &mut dyn FnMut(Stop),
) -> Result<Stop, StopError> {
    replayed::<G>(record, switches, &At::End, Some((from, each)))
}

/// [`stop`], handing `each` the positions passed on the way.
fn replayed<G: Game>(
    record: &RawRecord<'_>,
    switches: &Switches,
    at: &At,
    mut each: Option<(usize, &mut dyn FnMut(Stop))>,
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
    let mut refused: Option<G::Turn> = None;
    let mut played: Option<Span> = None;
    // The last turn played and the position before it, for its marks.
    let mut previous: Option<(G::Position, G::Turn)> = None;
    G::parse_each(tokens_of(record), |turn| {
        if halt.is_some() {
            return;
        }
        if wanted(&position, index) {
            halt = Some(Ok(()));
            return;
        }
        if let Some((from, each)) = each.as_mut() {
            if index >= *from {
                each(stopped::<G>(
                    &header,
                    &position,
                    (index, played),
                    None,
                    None,
                    previous.clone(),
                ));
            }
        }
        let before = position.clone();
        match step::<G>(&mut position, &turn, index, &mut warnings) {
            Ok(()) => {
                index += 1;
                played = Some(G::turn_span(&turn));
                previous = Some((before, turn));
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
            tournament: header.tournament(),
        });
        if *at != At::End {
            return Err(StopError::PastIllegal {
                asked: at.clone(),
                checked,
            });
        }
        let mut stop = stopped::<G>(
            &header,
            &position,
            (index, played),
            None,
            Some(checked),
            previous.clone(),
        );
        if let (Some(turn), Some(checked)) = (refused, &stop.illegal) {
            if let Some(violation) = &checked.violation {
                let caption =
                    caption::<G>(&header, &position, index, &stop.label, None, Some(checked));
                stop.picture =
                    Drawing::new::<G>(position, caption, Some((turn, violation.clone())), previous);
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
            previous,
        ));
    }
    // The end of the record: its header's `end` and `result` hold here.
    // Here every turn is played: the last one is the one that reached it.
    let last = previous
        .as_ref()
        .map(|(_, turn)| (index.saturating_sub(1), turn));
    match G::conclude(&header, &record.header, &position, last) {
        Ok(_) => {
            let summary = G::summary(&header, &position, true);
            Ok(stopped::<G>(
                &header,
                &position,
                (index, played),
                Some(summary),
                None,
                previous,
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
                tournament: header.tournament(),
            });
            Ok(stopped::<G>(
                &header,
                &position,
                (index, played),
                None,
                Some(checked),
                previous,
            ))
        }
    }
}

/// What `show` and `moves` print of `position`, reached after `turn`
/// turns, the last written at `played`. With `ended`, the summary of a record's end borne out by the
/// replay, the game is over as `check` says; otherwise only when the
/// position itself allows no turn (a win). `last`, the turn that reached
/// it and the position before, is marked on its picture.
fn stopped<G: Game>(
    header: &G::Header,
    position: &G::Position,
    (turn, played): (usize, Option<Span>),
    ended: Option<Summary>,
    illegal: Option<Box<Checked>>,
    last: Option<(G::Position, G::Turn)>,
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
    let (legal, to_move) = if over.is_some() {
        (Legal::none(), None)
    } else {
        (
            legal,
            G::summary(header, position, false)
                .to_move
                .map(Cow::into_owned),
        )
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
        over,
        to_move,
        setup: G::setup(position),
        picture: Drawing::new::<G>(position.clone(), caption, None, last),
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
