//! A record read with the table beside it: the value before and after
//! every turn, the turns that give something away, and what perfect play
//! makes of the record's start.

use serde::Serialize;

use super::super::board::Colour;
use super::super::position::{Play, Position};
use super::super::Simpei;
use super::{Disagreement, Table, Value};
use crate::game::{Notation, Rules, Violation};
use crate::replay::Opened;

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
    /// won; `None` when the table does not hold the position.
    pub fn of(table: &Table, position: &Position) -> Option<Said> {
        match position.winner {
            Some(winner) => Some(Said::won(winner)),
            None => Some(Said::new(table.value(position)?, position.to_move)),
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
}

/// A position's value said, and as the table gives it for the colour to
/// act (`None` once the game is won).
fn valued(table: &Table, position: &Position) -> Result<(Said, Option<Value>), Unanalysable> {
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
fn reached(table: &Table, after: &Position) -> Option<Value> {
    if after.winner.is_some() {
        return Some(Value(1));
    }
    table.value(after).map(Value::through)
}

/// Analyse an opened Simpei record with `table`. Each position is valued
/// once: its value after one turn is its value before the next.
pub fn analyse(table: &Table, record: &Opened<Simpei>) -> Result<Analysis, Unanalysable> {
    let mut position = record.start.clone();
    let (start, mut best) = valued(table, &position)?;
    let mut before = start.clone();
    let mut turns = Vec::new();
    let mut illegal = None;
    for (index, turn) in record.turns.iter().enumerate() {
        let label = Simpei::turn_label(&position, index);
        let by = position.to_move;
        let play: Result<Play, Violation> = Simpei::resolve(&position, turn, index);
        let play = match play {
            Ok(play) => play,
            Err(violation) => {
                illegal = Some(Illegal {
                    label,
                    rule: violation.rule.id.to_string(),
                    message: violation.message,
                });
                break;
            }
        };
        Simpei::apply(&mut position, &play);
        let (after, next) = valued(table, &position)?;
        // A turn that wins reaches a win in 1.
        let got = next.map_or(Value(1), Value::through);
        let (best_said, slip) = match best {
            Some(best) if got != best => (Some(Said::new(best, by)), Slip::of(best, got)),
            _ => (None, None),
        };
        turns.push(Analysed {
            label,
            turn: play.to_string(),
            by: by.to_string(),
            before: std::mem::replace(&mut before, after.clone()),
            after,
            best: best_said,
            slip,
        });
        best = next;
    }
    let end = match position.winner {
        Some(winner) => format!("{winner} wins"),
        None => format!("unfinished, {} to act", position.to_move),
    };
    Ok(Analysis {
        start,
        turns,
        illegal,
        end,
        end_value: before,
    })
}

/// The legal turns of `position`, best first for the colour to act, each
/// with the value it reaches; in the library's order among equals. `None`
/// when the table holds no value for one, or its value of `position`
/// disagrees with theirs.
pub fn best_turns(table: &Table, position: &Position) -> Option<Vec<(Play, Value)>> {
    // Values that disagree with each other are none.
    table.check_position(position).ok()?;
    let mut valued = Simpei::legal(position)
        .into_iter()
        .map(|play| {
            let mut after = position.clone();
            Simpei::apply(&mut after, &play);
            reached(table, &after).map(|v| (play, v))
        })
        .collect::<Option<Vec<_>>>()?;
    valued.sort_by_key(|v| std::cmp::Reverse(v.1));
    Some(valued)
}
