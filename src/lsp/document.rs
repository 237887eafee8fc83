//! An open document: its text, its records, and what is known of each
//! record, kept until the record's text changes, so that an edit in a
//! file of many records checks again only the records it touched.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use super::lines::Lines;
use crate::dispatch::game_of;
use crate::format::format;
use crate::game::Players;
use crate::reader::{Reader, Record};
use crate::record::Switches;
use crate::repair::{reaches, repair, RepairOptions};
use crate::report::RecordReport;
use crate::rules::Rule;
use crate::span::Span;
use crate::text::cut_quotes;

/// What a record's check found, in the record's own offsets.
#[derive(Clone, Debug)]
pub(super) struct Finding {
    pub rule: &'static Rule,
    pub message: String,
    pub span: Span,
    /// A warning, not the verdict.
    pub warning: bool,
    /// How to mend it, or what was legal instead.
    pub help: Option<String>,
}

/// A checked record: its findings, and what its symbol shows.
#[derive(Clone, Debug, Default)]
pub(super) struct Known {
    pub findings: Vec<Finding>,
    pub game: Option<&'static str>,
    pub players: Option<Players>,
    pub event: Option<String>,
    pub round: Option<u32>,
    /// "legal", "illegal" or "malformed", with the summary when legal.
    pub verdict: String,
    /// The record in canonical form, when `fmt` writes it otherwise.
    pub formatted: Option<String>,
    /// Whether `check` finds it illegal or malformed: worth a repair.
    pub faulty: bool,
    /// Its repairs, searched the first time a code action asks for them.
    pub repairs: OnceLock<Vec<Mended>>,
}

/// A repair as a code action offers it.
#[derive(Clone, Debug)]
pub(super) struct Mended {
    /// "12... blue: `d4-c5` for `d4-c6`, legal to the end: ...".
    pub title: String,
    /// The whole record, repaired.
    pub text: String,
}

/// The search of a code action: a tenth of `repair`'s default budget, so
/// that it answers within the latency asked of every request.
pub(super) fn repair_options() -> RepairOptions {
    RepairOptions {
        best: 3,
        lookback: 6,
        budget: 10_000,
    }
}

/// The repairs of `record`, as code actions title them.
pub(super) fn mended(record: &Record, switches: &Switches) -> Vec<Mended> {
    let repairs = repair(record, switches, &repair_options());
    repairs
        .found
        .into_iter()
        .map(|found| {
            let edits: Vec<String> = found
                .edits
                .iter()
                .map(|edit| {
                    let what = match (edit.written.is_empty(), edit.replacement.is_empty()) {
                        (true, _) => format!("insert `{}`", edit.replacement),
                        (_, true) => format!("remove `{}`", edit.written),
                        _ => format!("`{}` for `{}`", edit.replacement, edit.written),
                    };
                    format!("{}: {what}", edit.turn)
                })
                .collect();
            let repaired = Record::from_text(found.text.as_str());
            let report = RecordReport::new("", &repaired, &found.checked);
            Mended {
                title: cut_quotes(&format!(
                    "Repair {} ({})",
                    edits.join("; "),
                    reaches(&report)
                ))
                .into_owned(),
                text: found.text,
            }
        })
        .collect()
}

/// One record of the document, and what is known of it once checked.
#[derive(Debug)]
pub(super) struct Slot {
    pub record: Record,
    /// Where it ends in the document (the next record's start, or the end).
    pub end: usize,
    pub known: Option<Arc<Known>>,
}

/// An open document.
#[derive(Debug, Default)]
pub(super) struct Document {
    /// Its address, as the client gave it.
    pub uri: Option<lsp_types::Uri>,
    pub version: i32,
    pub text: String,
    pub lines: Lines,
    pub slots: Vec<Slot>,
    /// Every record before this one is known.
    todo: usize,
}

impl Document {
    /// The document of `text`, keeping what is known of the records of
    /// `before` whose text is unchanged.
    pub(super) fn new(text: String, version: i32, before: Option<Document>) -> Self {
        let mut known: HashMap<&str, Arc<Known>> = HashMap::new();
        if let Some(before) = &before {
            for slot in &before.slots {
                if let Some(k) = &slot.known {
                    known.insert(slot.record.text.as_str(), Arc::clone(k));
                }
            }
        }
        let mut slots: Vec<Slot> = Vec::new();
        for record in Reader::new(text.as_bytes()).flatten() {
            if let Some(last) = slots.last_mut() {
                last.end = record.offset;
            }
            let known = known.get(record.text.as_str()).cloned();
            slots.push(Slot {
                record,
                end: text.len(),
                known,
            });
        }
        drop(known);
        Document {
            uri: None,
            version,
            lines: Lines::new(&text),
            text,
            slots,
            todo: 0,
        }
    }

    /// The slot of the record holding byte `offset`.
    pub(super) fn slot_at(&self, offset: usize) -> Option<&Slot> {
        let after = self
            .slots
            .partition_point(|slot| slot.record.offset <= offset);
        let slot = self.slots.get(after.checked_sub(1)?)?;
        (offset <= slot.end).then_some(slot)
    }

    /// The first record not yet checked.
    pub(super) fn unchecked(&self) -> Option<usize> {
        let rest = self.slots.get(self.todo..)?;
        rest.iter()
            .position(|slot| slot.known.is_none())
            .map(|at| self.todo + at)
    }

    /// Check record `index`.
    pub(super) fn check(&mut self, index: usize, switches: &Switches) {
        if let Some(slot) = self.slots.get_mut(index) {
            slot.known = Some(Arc::new(known_of(&slot.record, switches)));
        }
        if index == self.todo {
            self.todo = index + 1;
        }
    }
}

/// A record checked and formatted.
pub(super) fn known_of(record: &Record, switches: &Switches) -> Known {
    let formatted = format(record, switches);
    let checked = formatted.checked;
    let mut findings = Vec::new();
    let verdict = checked.verdict();
    let faulty = checked.malformed.is_some() || checked.violation.is_some();
    if let Some(m) = &checked.malformed {
        findings.push(Finding {
            rule: m.rule,
            message: m.message.clone(),
            span: m.span,
            warning: false,
            help: m.help.clone(),
        });
    }
    if let Some(v) = &checked.violation {
        let help = v.expected.as_ref().filter(|e| !e.is_empty()).map(|e| {
            let listed = e.first_strings();
            let more = e.len().saturating_sub(listed.len());
            let mut text = format!("legal here: {}", listed.join(", "));
            if more > 0 {
                text.push_str(&format!(" and {more} more"));
            }
            text
        });
        findings.push(Finding {
            rule: v.rule,
            message: match &checked.violation_turn {
                Some(turn) => format!("{turn}: {}", v.message),
                None => v.message.clone(),
            },
            span: v.span,
            warning: false,
            help,
        });
    }
    for w in &checked.warnings {
        findings.push(Finding {
            rule: w.rule,
            message: w.message.clone(),
            span: w.span.unwrap_or(Span::new(0, 3)),
            warning: true,
            help: None,
        });
    }
    let summary = checked.summary.as_ref();
    let tournament = checked.tournament.as_deref();
    let game = checked
        .game
        .or_else(|| game_of(record).ok().map(|g| g.name()));
    Known {
        findings,
        game,
        players: summary.and_then(|s| s.players.clone()),
        event: tournament.and_then(|t| t.event.clone()),
        round: tournament.and_then(|t| t.round),
        verdict: match summary {
            Some(s) if checked.malformed.is_none() && checked.violation.is_none() => {
                format!("{}: {}", verdict.word(), s.description)
            }
            _ => verdict.word().to_string(),
        },
        formatted: formatted.canonical.filter(|text| *text != record.text),
        faulty,
        repairs: OnceLock::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::complete::completions;
    use crate::lsp::hover::hover;
    use crate::rng::Rng;

    const RECORD: &str = "---\ngame: simpei\n---\n1. c3 c1\n";

    #[test]
    fn an_edit_checks_again_only_the_records_it_touched() {
        let switches = Switches::new();
        let text = RECORD.repeat(5);
        let mut document = Document::new(text.clone(), 1, None);
        while let Some(index) = document.unchecked() {
            document.check(index, &switches);
        }
        let edited = text.replacen("c1", "c3", 1);
        let document = Document::new(edited, 2, Some(document));
        let unchecked = document.slots.iter().filter(|s| s.known.is_none()).count();
        assert_eq!((document.slots.len(), unchecked), (5, 1));
    }

    /// Texts made of record pieces, hostile ones among them, asked for
    /// completion and hover at every character: answers, never a panic.
    #[test]
    fn every_offset_of_ragged_texts_is_answered() {
        const PIECES: &[&str] = &[
            "---\n",
            "game: simpei\n",
            "game: superpion\n",
            "game: puluc\n",
            "1. ",
            "c3 ",
            "C3>",
            "1.B g3-g5 ",
            "2:e-2 ",
            "{",
            "}",
            ";",
            "é",
            "𝄞",
            ":",
            ">",
            "x",
            "\r\n",
            "  ",
            "end: ",
            "players:\n  red: ",
            "mode: ",
            "\n",
            "-",
            ".",
            "3...",
            "e5xg7",
        ];
        let switches = Switches::new();
        let mut rng = Rng::new(34);
        for round in 0..200 {
            let mut text = String::new();
            if round % 2 == 0 {
                text.push_str(PIECES[1 + round % 3]);
                text.insert_str(0, "---\n");
                text.push_str("---\n");
            }
            for _ in 0..rng.below(24) {
                text.push_str(PIECES[rng.below(PIECES.len())]);
            }
            let document = Document::new(text.clone(), 1, None);
            for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
                let _ = completions(&document, at, &switches);
                let _ = hover(&document, at, &switches);
            }
            let _ = document.lines.position(&text, text.len() + 5);
        }
    }
}
