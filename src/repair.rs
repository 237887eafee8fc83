//! `arbitre repair`: the likeliest records an illegal one was meant to be,
//! each a list of edits with their cost and the verdict it reaches.
//!
//! The search itself is the replay's ([`crate::replay::RepairOptions`]
//! says how it is bounded); here the record's game is found by its header,
//! a token the notation cannot read is mended first, and each repair is
//! checked again as a whole record, so that the verdict it reaches is the
//! one `check` gives it. Repairs that reach a legal verdict come first.

use serde::Serialize;

use crate::dispatch::{self, game_of};
use crate::finding::Verdict;
use crate::format::UnifiedDiff;
use crate::reader::Record;
use crate::record::Switches;
use crate::replay::{AnyGame, Checked};
use crate::report::RecordReport;
use crate::rules;
use crate::slips;
use crate::span::LineCursor;
use crate::span::Span;

pub use crate::replay::{Candidate, Edit, RepairOptions, Tried};
pub use crate::slips::Slip;

/// A repair: its edits, what they cost, the repaired record and its verdict.
#[derive(Clone, Debug)]
pub struct Repair {
    /// What the edits cost in all: a neighbouring character misread is 2
    /// ([`crate::repair::costs`]).
    pub cost: u32,
    /// The edits, in record order, located in the record's text.
    pub edits: Vec<Edit>,
    /// The whole record, repaired.
    pub text: String,
    /// The repaired record's verdict, as `check` gives it.
    pub checked: Checked,
}

/// What `repair` found for a record.
#[derive(Clone, Debug)]
pub struct Repairs {
    /// The record's own verdict.
    pub before: Checked,
    /// The repairs, best first: those reaching a legal verdict first,
    /// each cheapest first.
    pub found: Vec<Repair>,
    /// What the search did.
    pub tried: Tried,
    /// Why no repair was looked for, when none was: the record is legal,
    /// or its header cannot be read.
    pub not_searched: Option<String>,
}

/// The costs of the slips, as `repair` weighs them.
pub mod costs {
    pub use crate::slips::{
        GAP, NEIGHBOUR, OTHER, SAME_KIND, SWAPPED, TURNS_SWAPPED, TURN_ADDED, TURN_LEFT_OUT,
        WRITTEN_TWICE,
    };
}

/// How many readings of a token the notation refuses are tried, cheapest
/// first, each searched on with a share of the budget.
const TOKEN_READINGS: usize = 8;

/// How many refused tokens one repair reads again, one after the other.
const TOKENS_MENDED: usize = 3;

/// The likeliest records `record` was meant to be (see the module's
/// documentation); `options` bounds the search.
pub fn repair(record: &Record, switches: &Switches, options: &RepairOptions) -> Repairs {
    let before = dispatch::check(record, switches);
    let mut repairs = Repairs {
        before,
        found: Vec::new(),
        tried: Tried::default(),
        not_searched: None,
    };
    if repairs.before.verdict() == Verdict::Legal {
        repairs.not_searched = Some("the record is legal: there is nothing to repair".into());
        return repairs;
    }
    let game = match game_of(record) {
        Ok(game) => game,
        Err(malformed) => {
            repairs.not_searched = Some(format!(
                "the header cannot be read ({}): only turns are repaired",
                malformed.rule.id
            ));
            return repairs;
        }
    };
    let mut candidates = Vec::new();
    match &repairs.before.malformed {
        Some(malformed) if malformed.rule.id == rules::SYNTAX.id => {
            match token_at_fault(&record.text, malformed.span) {
                Some(token) => {
                    let (found, tried) =
                        mend_token(game, record, switches, options, token, &repairs.before, 0);
                    candidates = found;
                    repairs.tried = tried;
                }
                None => {
                    repairs.not_searched = Some(
                        "the fault is in no token of the movetext: nothing to read again".into(),
                    )
                }
            }
        }
        Some(malformed) => {
            repairs.not_searched = Some(format!(
                "the record is malformed ({}), not in its turns: only turns are repaired",
                malformed.rule.id
            ));
        }
        None => match game.repair(record, switches, options) {
            Ok((found, tried)) => {
                candidates = found;
                repairs.tried = tried;
            }
            Err(malformed) => {
                repairs.not_searched = Some(format!(
                    "the record cannot be read ({}): {}",
                    malformed.rule.id, malformed.message
                ))
            }
        },
    }
    let mut found: Vec<Repair> = candidates
        .into_iter()
        .filter(|c| !c.edits.is_empty())
        .map(|c| {
            let checked = dispatch::check(&Record::from_text(c.text.clone()), switches);
            Repair {
                cost: c.cost,
                edits: c.edits,
                text: c.text,
                checked,
            }
        })
        .collect();
    // Legal verdicts first; the sort is stable, so each stays cheapest first.
    found.sort_by_key(|r| (r.checked.verdict() != Verdict::Legal, r.cost));
    found.truncate(options.best);
    repairs.found = found;
    repairs
}

/// The token (a run of characters between spaces) that holds `span`'s
/// start, when there is one.
fn token_at_fault(text: &str, span: Span) -> Option<Span> {
    let at = span.offset.min(text.len());
    let bytes = text.as_bytes();
    if at >= bytes.len() || bytes[at].is_ascii_whitespace() {
        return None;
    }
    let start = bytes[..at]
        .iter()
        .rposition(u8::is_ascii_whitespace)
        .map_or(0, |i| i + 1);
    let end = bytes[at..]
        .iter()
        .position(u8::is_ascii_whitespace)
        .map_or(bytes.len(), |i| at + i);
    Some(Span::new(start, end - start))
}

/// A record the notation refuses, at `token`: the token read again one
/// slip away (or left out), each reading that the notation takes then
/// searched on as an illegal record would be; the token's edit comes
/// first in each repair.
fn mend_token(
    game: &dyn AnyGame,
    record: &Record,
    switches: &Switches,
    options: &RepairOptions,
    token: Span,
    before: &Checked,
    depth: usize,
) -> (Vec<Candidate>, Tried) {
    let text = &record.text;
    let Some(written) = text.get(token.offset..token.offset + token.len) else {
        return (Vec::new(), Tried::default());
    };
    let fault_at = before.malformed.as_ref().map_or(0, |m| m.span.offset);
    let mut readings: Vec<(String, u32, Slip)> = slips::neighbours(&written.to_ascii_lowercase());
    readings.push((String::new(), slips::TURN_ADDED, Slip::TurnAdded));
    let mut tried = Tried::default();
    let mut found = Vec::new();
    let mut searched = 0;
    let share = RepairOptions {
        budget: options.budget / TOKEN_READINGS as u64,
        ..*options
    };
    for (reading, cost, slip) in readings {
        if searched >= TOKEN_READINGS || tried.plays >= options.budget {
            tried.exhausted = tried.exhausted || searched < TOKEN_READINGS;
            break;
        }
        let mended = format!(
            "{}{}{}",
            &text[..token.offset],
            reading,
            &text[token.offset + token.len..]
        );
        let candidate = Record::from_text(mended.clone());
        let checked = dispatch::check(&candidate, switches);
        // A whole check: as much work as the turns it played.
        tried.plays += 1 + checked.turns as u64;
        // The reading must get past the token: the notation takes it.
        if checked
            .malformed
            .as_ref()
            .is_some_and(|m| m.span.offset <= fault_at + reading.len())
        {
            continue;
        }
        let edit = Edit {
            slip,
            cost,
            span: token,
            written: written.to_string(),
            replacement: reading.clone(),
            turn: String::new(),
        };
        let shift = |span: Span| {
            if span.offset > token.offset {
                Span::new(
                    (span.offset + token.len).saturating_sub(reading.len()),
                    span.len,
                )
            } else {
                span
            }
        };
        if checked.verdict() == Verdict::Legal {
            found.push(Candidate {
                cost,
                edits: vec![edit],
                text: mended,
                concluded: true,
            });
            continue;
        }
        if let Some(next) = &checked.malformed {
            // Another token refused further on: read it again too.
            let next_token = (next.rule.id == rules::SYNTAX.id && depth + 1 < TOKENS_MENDED)
                .then(|| token_at_fault(&mended, next.span))
                .flatten();
            if let Some(next_token) = next_token {
                searched += 1;
                let (more, more_tried) = mend_token(
                    game,
                    &candidate,
                    switches,
                    &share,
                    next_token,
                    &checked,
                    depth + 1,
                );
                tried.states += more_tried.states;
                tried.plays += more_tried.plays;
                for mut c in more {
                    for e in &mut c.edits {
                        e.span = shift(e.span);
                    }
                    c.edits.insert(0, edit.clone());
                    c.cost += cost;
                    found.push(c);
                }
            }
            continue;
        }
        // A reading the rules refuse where it stands is no reading: the
        // search would only have to edit it again.
        let refused_here = checked.violation.as_ref().is_some_and(|v| {
            v.turn_index.is_some()
                && (token.offset..=token.offset + reading.len()).contains(&v.span.offset)
        });
        if refused_here {
            continue;
        }
        searched += 1;
        if let Ok((more, more_tried)) = game.repair(&candidate, switches, &share) {
            tried.states += more_tried.states;
            tried.plays += more_tried.plays;
            tried.turns = tried.turns.max(more_tried.turns);
            for mut c in more.into_iter().filter(|c| !c.edits.is_empty()) {
                for e in &mut c.edits {
                    e.span = shift(e.span);
                }
                c.edits.insert(0, edit.clone());
                c.cost += cost;
                found.push(c);
            }
        }
    }
    found.sort_by_key(|c| (!c.concluded, c.cost));
    (found, tried)
}

/// A record's repairs as `repair --format json` prints them.
#[derive(Clone, Debug, Serialize)]
pub struct RecordRepairs {
    /// The record's own report, as `check` gives it.
    pub verdict: RecordReport,
    /// The repairs, best first.
    pub repairs: Vec<RepairReport>,
    /// What the search did.
    pub tried: TriedReport,
    /// Why no repair was looked for, when none was.
    pub not_searched: Option<String>,
}

/// One repair: its edits, the unified diff against the file, and the
/// verdict it reaches.
#[derive(Clone, Debug, Serialize)]
pub struct RepairReport {
    /// 1 for the best, as `--apply` counts.
    pub rank: usize,
    /// What the edits cost in all (a neighbouring character misread is 2).
    pub cost: f64,
    /// The edits, in record order.
    pub edits: Vec<EditReport>,
    /// `legal to the end: red (Aiko) wins after 9 turns`.
    pub reaches: String,
    /// The unified diff of the file, repaired.
    pub diff: String,
    /// The repaired record's report.
    pub verdict: RecordReport,
}

/// One edit, located in the file.
#[derive(Clone, Debug, Serialize)]
pub struct EditReport {
    /// The slip it undoes: `misread`, `turn-left-out` ([`Slip::id`]).
    pub slip: &'static str,
    /// The slip in words.
    pub description: &'static str,
    /// What it costs.
    pub cost: f64,
    /// The turn in the repaired record (`12... blue`); empty for a token
    /// the notation refused.
    pub turn: String,
    /// 1-based line and column (in characters) of what was written.
    pub line: usize,
    /// See `line`.
    pub column: usize,
    /// What was written there (empty for a turn inserted).
    pub written: String,
    /// What the repair writes instead (empty for a turn removed).
    pub replacement: String,
}

/// What the search did, in a report.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TriedReport {
    /// States of the search taken up.
    pub states: u64,
    /// Turns played: what the budget bounds.
    pub plays: u64,
    /// Whether the budget ran out first.
    pub exhausted: bool,
    /// Turns looked back from each turn that fails (`--lookback`).
    pub lookback: usize,
    /// Turns the search may play (`--budget`).
    pub budget: u64,
}

/// A cost in tenths as a report writes it: `2`, `2.5`.
fn points(tenths: u32) -> f64 {
    f64::from(tenths) / 10.0
}

/// What a repaired record's verdict says, in a line.
pub fn reaches(report: &RecordReport) -> String {
    match (&report.diagnostic, &report.description) {
        (None, Some(description)) => format!(
            "legal to the end: {} after {}",
            description,
            crate::words::turns(report.turns)
        ),
        (None, None) => "legal to the end".into(),
        (Some(d), _) => format!(
            "still {}: {} ({})",
            report.verdict.word(),
            d.message,
            d.rule
        ),
    }
}

impl RecordRepairs {
    /// The report of `repairs` of `record`, read from the file `path`
    /// whose whole text is `file` (the diffs are of the file; `None` when
    /// only the record is at hand).
    pub fn new(
        path: &str,
        file: Option<&str>,
        record: &Record,
        repairs: &Repairs,
        options: &RepairOptions,
    ) -> Self {
        let verdict = RecordReport::new(path, record, &repairs.before);
        let found = repairs
            .found
            .iter()
            .enumerate()
            .map(|(i, repair)| {
                let repaired = Record::from_text(repair.text.clone());
                let after = RecordReport::new(path, &repaired, &repair.checked);
                let mut cursor = LineCursor::default();
                let edits = repair
                    .edits
                    .iter()
                    .map(|e| {
                        let (line, column) = cursor.locate(&record.text, e.span.offset);
                        EditReport {
                            slip: e.slip.id(),
                            description: e.slip.describe(),
                            cost: points(e.cost),
                            turn: e.turn.clone(),
                            line: line + record.line - 1,
                            column,
                            written: e.written.clone(),
                            replacement: e.replacement.clone(),
                        }
                    })
                    .collect();
                RepairReport {
                    rank: i + 1,
                    cost: points(repair.cost),
                    edits,
                    reaches: reaches(&after),
                    diff: diff(path, file, record, &repair.text),
                    verdict: after,
                }
            })
            .collect();
        RecordRepairs {
            verdict,
            repairs: found,
            tried: TriedReport {
                states: repairs.tried.states,
                plays: repairs.tried.plays,
                exhausted: repairs.tried.exhausted,
                lookback: options.lookback,
                budget: options.budget,
            },
            not_searched: repairs.not_searched.clone(),
        }
    }
}

/// The unified diff of the file `path` with `record` written as
/// `repaired`; of the record alone when the file's text is not at hand
/// or does not hold the record where the reader found it.
pub fn diff(path: &str, file: Option<&str>, record: &Record, repaired: &str) -> String {
    let mut out = Vec::new();
    let mut diff = UnifiedDiff::new(&crate::escape::for_terminal(path));
    let end = record.offset + record.text.len();
    let whole = file.filter(|f| f.get(record.offset..end) == Some(record.text.as_str()));
    let written = match whole {
        Some(file) => {
            let (before, after) = (&file.as_bytes()[..record.offset], &file.as_bytes()[end..]);
            diff.piece(before, before, &mut out)
                .and_then(|()| diff.piece(record.text.as_bytes(), repaired.as_bytes(), &mut out))
                .and_then(|()| diff.piece(after, after, &mut out))
        }
        None => diff.piece(record.text.as_bytes(), repaired.as_bytes(), &mut out),
    };
    let _ = written.and_then(|()| diff.finish(&mut out));
    String::from_utf8_lossy(&out).into_owned()
}

/// The bounds of the repair `check` looks for on an illegal record: few
/// turns back and a small budget, so that a check stays a check.
const HINT: RepairOptions = RepairOptions {
    best: 1,
    lookback: 3,
    budget: 10_000,
};

/// The most a repair `check` names may cost: a slip or two, not a guess.
const HINT_COST: u32 = 50;

/// What `check` adds to the help of an illegal action when a cheap repair
/// makes the rest of the record legal: "the rest of the record reads
/// legally if 12... blue is `d4-c5`: arbitre repair FILE". `None` for a
/// record not illegal, or with no such repair.
pub fn hint(record: &Record, switches: &Switches, path: &str) -> Option<String> {
    let found = repair(record, switches, &HINT);
    if found.before.verdict() != Verdict::Illegal {
        return None;
    }
    let best = found.found.first()?;
    if best.checked.verdict() != Verdict::Legal || best.cost > HINT_COST {
        return None;
    }
    let quoted = |text: &str| crate::text::quote(text).into_owned();
    let edits: Vec<String> = best
        .edits
        .iter()
        .map(|e| match (e.written.is_empty(), e.replacement.is_empty()) {
            (true, _) => format!("`{}` is inserted as {}", quoted(&e.replacement), e.turn),
            (_, true) => format!(
                "`{}` is removed ({})",
                quoted(&e.written),
                e.slip.describe()
            ),
            _ if e.slip == Slip::TurnsSwapped => {
                format!("`{}` is written in the other order", quoted(&e.written))
            }
            _ => format!("{} is `{}`", e.turn, quoted(&e.replacement)),
        })
        .collect();
    Some(format!(
        "the rest of the record reads legally if {}: {}",
        edits.join(" and "),
        crate::report::repair_command(path, switches)
    ))
}
