//! A record read with the table beside it: the value before and after
//! every turn, the turns that give something away, and what perfect play
//! makes of the record's start.

use serde::Serialize;

use std::ops::ControlFlow;

use super::super::board::Colour;
use super::super::moves::{each_turn, each_turn_of, group_text, grouped};
use super::super::notation::Turn;
use super::super::position::{Play, Position};
use super::super::Simpei;
use super::{Disagreement, Tablebase, Value};
use crate::game::{set_up, tokens_of, Malformed, Opened};
use crate::game::{Mechanics, Notation, Violation};
use crate::record::{self, Switches};

/// A value said from the board, not from one side: who wins and in how
/// many turns (both players' turns counted, the winning one included).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Said {
    /// `red` or `blue`; `None` for a draw.
    pub winner: Option<String>,
    /// Turns to the win, the winner's last one included; `None` for a draw.
    pub turns: Option<u8>,
    /// "red wins in 7", "draw".
    pub text: String,
}

impl Said {
    /// `value` for `to_act`, the colour whose turn it is.
    pub fn new(value: Value, to_act: Colour) -> Said {
        let winner = if value.is_win() {
            Some(to_act)
        } else if value.is_loss() {
            Some(to_act.other())
        } else {
            None
        };
        Said {
            winner: winner.map(|c| c.to_string()),
            turns: value.turns(),
            text: value.said(to_act),
        }
    }

    /// The value of `position` by `table`: "red has won" once the game is
    /// won; `None` when the table does not hold the position, or holds a
    /// value its turns do not give it (checked as `analyse` checks each
    /// position it reports: [`Tablebase::check_position`]).
    pub fn of(table: &Tablebase, position: &Position) -> Option<Said> {
        match position.winner {
            Some(winner) => Some(Said::won(winner)),
            None => {
                let value = table.value(position)?;
                table.check_position(position).ok()?;
                Some(Said::new(value, position.to_move))
            }
        }
    }

    /// The game already won by `winner`.
    fn won(winner: Colour) -> Said {
        Said {
            winner: Some(winner.to_string()),
            turns: Some(0),
            text: format!("{winner} has won"),
        }
    }
}

/// What a turn gave away, against the best turn there was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Slip {
    /// A forced win became a draw or a loss.
    ThrowsAwayWin,
    /// A draw became a loss.
    ThrowsAwayDraw,
    /// A loss comes sooner than the longest defence allows.
    ShortensLoss,
}

impl Slip {
    /// The flag a report prints.
    pub fn said(self) -> &'static str {
        match self {
            Slip::ThrowsAwayWin => "throws away a win",
            Slip::ThrowsAwayDraw => "throws away the draw",
            Slip::ShortensLoss => "shortens the loss",
        }
    }

    /// What playing to `reached` when `best` was there gives away, if
    /// anything (a slower win gives nothing away).
    pub fn of(best: Value, reached: Value) -> Option<Slip> {
        if best.is_win() && !reached.is_win() {
            Some(Slip::ThrowsAwayWin)
        } else if best.is_draw() && reached.is_loss() {
            Some(Slip::ThrowsAwayDraw)
        } else if best.is_loss() && reached < best {
            Some(Slip::ShortensLoss)
        } else {
            None
        }
    }
}

/// One turn of the record, valued.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysed {
    /// The turn as the reports name it: `3. red`.
    pub label: String,
    /// The turn in canonical notation.
    pub turn: String,
    /// The colour that played it.
    pub by: String,
    /// The value before it, with perfect play.
    pub before: Said,
    /// The value after it.
    pub after: Said,
    /// The best value the turn could have reached, when it did not.
    pub best: Option<Said>,
    /// What it gave away, if anything.
    pub slip: Option<Slip>,
}

/// A record's analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The value of the record's start (its setup, or the empty board).
    pub start: Said,
    /// Every legal turn, valued.
    pub turns: Vec<Analysed>,
    /// The first illegal turn, where the analysis stops.
    pub illegal: Option<Illegal>,
    /// How the record ends: "red wins", "unfinished, blue to act".
    pub end: String,
    /// The value where it ends.
    pub end_value: Said,
}

/// The turn where the replay stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Illegal {
    /// Its label.
    pub label: String,
    /// The rule it breaks.
    pub rule: String,
    /// Why.
    pub message: String,
}

/// Why a record cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unanalysable {
    /// A position the table does not hold (it only holds positions of the
    /// game with four pieces each, whole turns played).
    #[error("the table holds no value for the position {0}")]
    NotInTable(String),
    /// A value of the record's positions disagrees with its successors':
    /// the table was altered after it was built.
    #[error("the table is not sound: {0}; build it again with `arbitre solve simpei --rebuild`")]
    Unsound(Disagreement),
    /// A record given as text that cannot be read as Simpei
    /// ([`analyse_record`] only).
    #[error("the record is malformed: {}", .0.message)]
    Malformed(Malformed),
}

/// A position's value said, and as the table gives it for the colour to
/// act (`None` once the game is won).
fn valued(table: &Tablebase, position: &Position) -> Result<(Said, Option<Value>), Unanalysable> {
    if let Some(winner) = position.winner {
        return Ok((Said::won(winner), None));
    }
    let value = table
        .value(position)
        .ok_or_else(|| Unanalysable::NotInTable(format!("{:?}", position.pieces)))?;
    table
        .check_position(position)
        .map_err(Unanalysable::Unsound)?;
    Ok((Said::new(value, position.to_move), Some(value)))
}

/// The value a turn gives the player who makes it.
fn reached(table: &Tablebase, after: &Position) -> Option<Value> {
    if after.winner.is_some() {
        return Some(Value(1));
    }
    table.value(after).map(Value::through)
}

/// A record's analysis but its turns: how it starts and ends, what
/// [`analyse_record`] gives back once it has handed on every turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    /// The value of the record's start (its setup, or the empty board).
    pub start: Said,
    /// The first illegal turn, where the analysis stops.
    pub illegal: Option<Illegal>,
    /// How the record ends: "red wins", "unfinished, blue to act".
    pub end: String,
    /// The value where it ends.
    pub end_value: Said,
}

/// A record valued a turn at a time, keeping only the position reached
/// and its value: each position is valued once, its value after one turn
/// being its value before the next.
struct Analyser<'t> {
    table: &'t Tablebase,
    position: Position,
    /// Turns played.
    index: usize,
    /// The value of the position reached, said ...
    before: Said,
    /// ... and as the table gives it for the colour to act (`None` once
    /// the game is won): the best value the next turn can reach.
    best: Option<Value>,
}

impl<'t> Analyser<'t> {
    /// The analysis from `start`, and the start's value.
    fn new(table: &'t Tablebase, start: Position) -> Result<(Self, Said), Unanalysable> {
        let (said, best) = valued(table, &start)?;
        let analyser = Analyser {
            table,
            position: start,
            index: 0,
            before: said.clone(),
            best,
        };
        Ok((analyser, said))
    }

    /// The next turn played and valued, or the rule it breaks: the
    /// analysis stops at an illegal turn, the position left as it was.
    fn turn(&mut self, turn: &Turn) -> Result<Result<Analysed, Illegal>, Unanalysable> {
        let label = Simpei::turn_label(&self.position, self.index);
        let by = self.position.to_move;
        let play: Result<Play, Violation> = Simpei::resolve(&self.position, turn, self.index);
        let play = match play {
            Ok(play) => play,
            Err(violation) => {
                return Ok(Err(Illegal {
                    label,
                    rule: violation.rule.id.to_string(),
                    message: violation.message,
                }))
            }
        };
        Simpei::apply(&mut self.position, &play);
        self.index += 1;
        let (after, next) = valued(self.table, &self.position)?;
        // A turn that wins reaches a win in 1.
        let got = next.map_or(Value(1), Value::through);
        let (best_said, slip) = match self.best {
            Some(best) if got != best => (Some(Said::new(best, by)), Slip::of(best, got)),
            _ => (None, None),
        };
        self.best = next;
        Ok(Ok(Analysed {
            label,
            turn: play.to_string(),
            by: by.to_string(),
            before: std::mem::replace(&mut self.before, after.clone()),
            after,
            best: best_said,
            slip,
        }))
    }

    /// Where the analysis ended.
    fn outline(self, start: Said, illegal: Option<Illegal>) -> Outline {
        let end = match self.position.winner {
            Some(winner) => format!("{winner} wins"),
            None => format!("unfinished, {} to act", self.position.to_move),
        };
        Outline {
            start,
            illegal,
            end,
            end_value: self.before,
        }
    }
}

/// Analyse an opened Simpei record with `table`.
pub fn analyse(table: &Tablebase, record: &Opened<Simpei>) -> Result<Analysis, Unanalysable> {
    let (mut analyser, start) = Analyser::new(table, record.start.clone())?;
    let mut turns = Vec::new();
    let mut illegal = None;
    for turn in &record.turns {
        match analyser.turn(turn)? {
            Ok(analysed) => turns.push(analysed),
            Err(found) => {
                illegal = Some(found);
                break;
            }
        }
    }
    let outline = analyser.outline(start, illegal);
    Ok(Analysis {
        start: outline.start,
        turns,
        illegal: outline.illegal,
        end: outline.end,
        end_value: outline.end_value,
    })
}

/// Analyse the first record of `text` as Simpei, whatever its header's
/// `game` says, handing each legal turn to `each` as the movetext is read
/// (until `each` breaks): what [`analyse`] gives, without the record held
/// as turns nor its turns kept, so that memory does not grow with the
/// record. The movetext is read to its end, since a syntax error anywhere
/// makes the record malformed: that comes after the turns before it were
/// handed on, as does a position missing from the table.
pub fn analyse_record(
    table: &Tablebase,
    text: &str,
    switches: &Switches,
    mut each: impl FnMut(Analysed) -> ControlFlow<()>,
) -> Result<Outline, Unanalysable> {
    let malformed = |m: Malformed| Unanalysable::Malformed(m);
    let record = record::first(text).map_err(|e| malformed(e.into()))?;
    let (_, start) = set_up::<Simpei>(&record, switches).map_err(malformed)?;
    let (mut analyser, start) = Analyser::new(table, start)?;
    let mut illegal = None;
    let mut missing = None;
    let mut going = true;
    Simpei::parse_lent(tokens_of(&record), |turn, _| {
        if !going {
            return;
        }
        going = false;
        match analyser.turn(turn) {
            Ok(Ok(analysed)) => going = each(analysed).is_continue(),
            Ok(Err(found)) => illegal = Some(found),
            Err(err) => missing = Some(err),
        }
    })
    .map_err(|e| malformed(e.into()))?;
    match missing {
        Some(err) => Err(err),
        None => Ok(analyser.outline(start, illegal)),
    }
}

/// One line of `moves --best`: a legal turn alone, or the turns of an
/// action that sandwiches two pieces or more as one group, as `moves`
/// lists them, valued by the best of its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestLine {
    /// The turn in canonical notation, or the group as `moves` words it
    /// (`b2-a1, then c1, e1 each to any empty point`).
    pub text: String,
    /// The legal turns it stands for: 1 for a turn alone.
    pub turns: usize,
    /// The best value a turn of it reaches, for the colour to act.
    pub value: Value,
    /// A group's first turn that reaches `value`, and the worst value any
    /// of its turns reaches; `None` for a turn alone.
    pub group: Option<(Play, Value)>,
}

/// The legal turns of `position` as `moves` lists them, an action whose
/// relocations multiply on one line, best first for the colour to act;
/// in the library's order among equals. `None` when the table misses a
/// position a turn leads to, or its value of `position` disagrees with
/// theirs. A group's turns are walked, not listed.
pub fn best_lines(table: &Tablebase, position: &Position) -> Option<Vec<BestLine>> {
    // Values that disagree with each other are none.
    table.check_position(position).ok()?;
    let mut lines = Vec::new();
    for action in position.actions() {
        let mut next = position.clone();
        let sandwiched = next.act(action).sandwiched;
        let mut missing = false;
        if !grouped(sandwiched) {
            let _ = each_turn_of(&next, action, sandwiched, |play| {
                let Some(value) = value_of(table, position, play) else {
                    missing = true;
                    return ControlFlow::Break(());
                };
                lines.push(BestLine {
                    text: play.to_string(),
                    turns: 1,
                    value,
                    group: None,
                });
                ControlFlow::Continue(())
            });
        } else {
            let mut turns = 0;
            let mut best: Option<(Play, Value)> = None;
            let mut worst: Option<Value> = None;
            let _ = each_turn_of(&next, action, sandwiched, |play| {
                let Some(value) = value_of(table, position, play) else {
                    missing = true;
                    return ControlFlow::Break(());
                };
                turns += 1;
                if best.as_ref().is_none_or(|(_, b)| value > *b) {
                    best = Some((play.clone(), value));
                }
                worst = Some(worst.map_or(value, |w| w.min(value)));
                ControlFlow::Continue(())
            });
            if let (Some((play, value)), Some(worst)) = (best, worst) {
                lines.push(BestLine {
                    text: group_text(action, sandwiched),
                    turns,
                    value,
                    group: Some((play, worst)),
                });
            }
        }
        if missing {
            return None;
        }
    }
    lines.sort_by_key(|line| std::cmp::Reverse(line.value));
    Some(lines)
}

/// Every legal turn of a position with the value it reaches, best first
/// for the colour to act and in the library's order among equals
/// (`moves --best --expand`). The turns may number hundreds of thousands:
/// rather than held and sorted, they are valued once, a byte kept for
/// each, then walked again for each value they reach, best first.
#[derive(Clone, Debug)]
pub struct BestTurns<'p> {
    position: &'p Position,
    /// The value each turn reaches, in the library's order of the turns.
    reached: Vec<Value>,
}

impl<'p> BestTurns<'p> {
    /// The turns of `position` valued by `table`; `None` when the table
    /// misses a position a turn leads to, or its value of `position`
    /// disagrees with theirs.
    pub fn new(table: &Tablebase, position: &'p Position) -> Option<Self> {
        table.check_position(position).ok()?;
        let mut reached: Vec<Value> = Vec::new();
        let mut missing = false;
        each_turn(position, |play| match value_of(table, position, play) {
            Some(value) => {
                reached.push(value);
                ControlFlow::Continue(())
            }
            None => {
                missing = true;
                ControlFlow::Break(())
            }
        });
        (!missing).then_some(BestTurns { position, reached })
    }

    /// How many turns there are.
    pub fn len(&self) -> usize {
        self.reached.len()
    }

    /// Whether there is none: the game is over.
    pub fn is_empty(&self) -> bool {
        self.reached.is_empty()
    }

    /// Each turn and its value, best first, handed to `f` until it breaks.
    pub fn each(&self, mut f: impl FnMut(&Play, Value) -> ControlFlow<()>) {
        let mut values = self.reached.clone();
        values.sort_by_key(|v| std::cmp::Reverse(*v));
        values.dedup();
        for wanted in values {
            let mut going = ControlFlow::Continue(());
            let mut index = 0;
            each_turn(self.position, |play| {
                if self.reached.get(index) == Some(&wanted) {
                    going = f(play, wanted);
                }
                index += 1;
                going
            });
            if going.is_break() {
                return;
            }
        }
    }
}

/// The value `play` reaches from `position`, for the colour that plays it.
fn value_of(table: &Tablebase, position: &Position, play: &Play) -> Option<Value> {
    let mut after = position.clone();
    Simpei::apply(&mut after, play);
    reached(table, &after)
}

/// The best turn of `position` for the colour to act, the first among
/// equals in the library's order (the first of `moves --best`): what a
/// replay page draws as an arrow. `None` once the game is won, or when
/// the table misses a position a turn leads to or disagrees with itself.
/// An action that sandwiches pieces walks its turns, as `moves --best`
/// does: bounded by the position, not by the record.
pub fn best_play(table: &Tablebase, position: &Position) -> Option<Play> {
    if position.winner.is_some() {
        return None;
    }
    table.check_position(position).ok()?;
    let mut best: Option<(Play, Value)> = None;
    let mut missing = false;
    for action in position.actions() {
        let mut next = position.clone();
        let sandwiched = next.act(action).sandwiched;
        let _ = each_turn_of(&next, action, sandwiched, |play| {
            let Some(value) = value_of(table, position, play) else {
                missing = true;
                return ControlFlow::Break(());
            };
            if best.as_ref().is_none_or(|(_, b)| value > *b) {
                best = Some((play.clone(), value));
            }
            ControlFlow::Continue(())
        });
        if missing {
            return None;
        }
    }
    best.map(|(play, _)| play)
}
