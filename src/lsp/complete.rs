//! Completion: in the movetext, the legal actions at the cursor as the
//! record's notation writes them; in the header, the keys and the values
//! the record's game allows. Only the record under the cursor is read.

use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Range, TextEdit};

use super::document::Document;
use crate::dispatch::{check, game_of};
use crate::games;
use crate::reader::Record;
use crate::record::header::{KeyDoc, TOURNAMENT_KEY_DOCS};
use crate::record::movetext::tokens;
use crate::record::Switches;
use crate::replay::{frame, AnyGame};

/// The most legal turns read at one point: Simpei's relocations and
/// Superpion's pairs of actions multiply, and a list is for reading.
pub(super) const MOST_TURNS: usize = 5000;

/// The most tokens a cut steps back over to find where the turn being
/// typed starts (a move number and two actions, and a spare).
const MOST_BACK: usize = 4;

/// The completions at byte `at` of the document, and whether the list is
/// cut short.
pub(super) fn completions(
    document: &Document,
    at: usize,
    switches: &Switches,
) -> (Vec<CompletionItem>, bool) {
    let Some(slot) = document.slot_at(at) else {
        return (Vec::new(), false);
    };
    let record = &slot.record;
    let local = at.saturating_sub(record.offset).min(record.text.len());
    if !record.text.is_char_boundary(local) {
        return (Vec::new(), false);
    }
    let edit = |start: usize| {
        let start = record.offset + start;
        document.lines.range(&document.text, start, at)
    };
    match frame(record) {
        Ok(raw) if local >= raw.movetext_offset => {
            let (items, cut) = in_movetext(record, raw.movetext_offset, local, switches);
            let items = items
                .into_iter()
                .map(|c| {
                    item(
                        c.text,
                        c.rank,
                        CompletionItemKind::VALUE,
                        edit(c.start),
                        c.detail,
                    )
                })
                .collect();
            (items, cut)
        }
        _ => {
            let items = in_header(record, local)
                .into_iter()
                .map(|c| item(c.text, c.rank, c.kind, edit(c.start), c.detail))
                .collect();
            (items, false)
        }
    }
}

struct Candidate {
    text: String,
    /// Where the text it replaces starts, in the record.
    start: usize,
    rank: usize,
    kind: CompletionItemKind,
    detail: Option<String>,
}

fn item(
    text: String,
    rank: usize,
    kind: CompletionItemKind,
    range: Range,
    detail: Option<String>,
) -> CompletionItem {
    CompletionItem {
        label: text.clone(),
        kind: Some(kind),
        detail,
        sort_text: Some(format!("{rank:06}")),
        filter_text: Some(text.clone()),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, text))),
        ..CompletionItem::default()
    }
}

/// A move number (`12.`, `12...`, `12.B`): digits, then a dot.
fn is_move_number(token: &str) -> bool {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && token.as_bytes().get(digits) == Some(&b'.')
}

/// The legal continuations of the turn being typed at `local`.
fn in_movetext(
    record: &Record,
    movetext_offset: usize,
    local: usize,
    switches: &Switches,
) -> (Vec<Candidate>, bool) {
    let none = (Vec::new(), false);
    let Some(before) = record.text.get(movetext_offset..local) else {
        return none;
    };
    // An unclosed comment or a stray brace: nothing to complete.
    let Ok(written) = tokens(before, movetext_offset) else {
        return none;
    };
    // Inside a `;` comment: the last line holds a `;` before the cursor.
    let line = &before[before.rfind('\n').map_or(0, |n| n + 1)..];
    if line.contains(';') {
        return none;
    }
    let (done, partial, start) = match written.last() {
        Some(last) if last.span.end() == local => {
            (&written[..written.len() - 1], last.text, last.span.offset)
        }
        _ => (&written[..], "", local),
    };
    // Cut the record before the turn being typed: at the partial token,
    // or a few tokens back where the text there is half a turn.
    let cuts = (0..=MOST_BACK.min(done.len())).map(|back| {
        done[done.len() - back..]
            .first()
            .map_or(start, |t| t.span.offset)
    });
    if let Some((back, cut_record, _)) = readable_before(record, switches, movetext_offset, cuts) {
        let typed = &done[done.len() - back..];
        let Ok(referee) = game_of(&cut_record) else {
            return none;
        };
        let Ok((turns, total)) = referee.legal_turns(&cut_record, switches, MOST_TURNS) else {
            return none;
        };
        let typed: Vec<&str> = typed.iter().map(|t| t.text).collect();
        // The numbered forms when a move number is being written.
        let numbered = partial.starts_with(|c: char| c.is_ascii_digit())
            || typed.first().is_some_and(|t| is_move_number(t));
        let forms = turns
            .iter()
            .flat_map(|t| [Some(&t.continued), numbered.then_some(&t.numbered)])
            .flatten()
            .collect();
        return (matching(forms, &typed, partial, start), total > turns.len());
    }
    none
}

/// The record cut at the first of `cuts` (offsets in its text, each
/// further back) where what stands before reads whole and legal to its
/// last turn: the text before a turn being typed or pointed at, or a few
/// tokens back where the text there is half a turn (an action still to
/// be written, a relocation missing). Which cut, the record so cut and
/// its check; `None` when no cut reads (an illegal turn earlier).
pub(super) fn readable_before(
    record: &Record,
    switches: &Switches,
    movetext_offset: usize,
    cuts: impl IntoIterator<Item = usize>,
) -> Option<(usize, Record, crate::replay::Checked)> {
    cuts.into_iter().enumerate().find_map(|(i, cut)| {
        let cut_record = Record::from_text(record.text.get(..cut)?).with_limits(record.limits());
        let checked = check(&cut_record, switches);
        let reads = checked.malformed.is_none()
            && checked
                .violation
                .as_ref()
                .is_none_or(|v| v.span.offset < movetext_offset);
        reads.then_some((i, cut_record, checked))
    })
}

/// The next words of each written form that goes on from the tokens
/// typed: up to its next action, so that a move number comes with it and
/// a turn of two actions is offered an action at a time. Ranked: forms
/// whose word starts with `partial` as written first, then those that
/// only match ignoring case, each in the game's order.
fn matching(forms: Vec<&String>, typed: &[&str], partial: &str, start: usize) -> Vec<Candidate> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for form in forms {
        let words: Vec<&str> = form.split_whitespace().collect();
        if words.len() <= typed.len() {
            continue;
        }
        if !words
            .iter()
            .zip(typed)
            .all(|(w, t)| w.eq_ignore_ascii_case(t))
        {
            continue;
        }
        let next = words[typed.len()];
        let exact = next.starts_with(partial);
        if !exact && !starts_with_ignoring_case(next, partial) {
            continue;
        }
        let mut end = typed.len();
        while end < words.len() && is_move_number(words[end]) {
            end += 1;
        }
        let text = words[typed.len()..(end + 1).min(words.len())].join(" ");
        if seen.insert(text.clone()) {
            out.push((exact, text));
        }
    }
    let mut ranked: Vec<Candidate> = Vec::new();
    for (rank, (_, text)) in out
        .iter()
        .filter(|(exact, _)| *exact)
        .chain(out.iter().filter(|(exact, _)| !*exact))
        .enumerate()
    {
        ranked.push(Candidate {
            text: text.clone(),
            start,
            rank,
            kind: CompletionItemKind::VALUE,
            detail: Some("legal here".into()),
        });
    }
    ranked
}

fn starts_with_ignoring_case(word: &str, prefix: &str) -> bool {
    word.len() >= prefix.len()
        && word.is_char_boundary(prefix.len())
        && word[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// The header's keys, or the values of the key being written.
fn in_header(record: &Record, local: usize) -> Vec<Candidate> {
    let text = &record.text[..local];
    let line_start = text.rfind('\n').map_or(0, |n| n + 1);
    if line_start == 0 {
        return Vec::new();
    }
    let line = &text[line_start..];
    if line.contains('#') {
        return Vec::new();
    }
    let referee = game_of(record).ok();
    let keys = keys_of(referee);
    let indented = line.starts_with([' ', '\t']);
    let word_start = |from: usize| {
        let rest = &line[from..];
        line_start + from + (rest.len() - rest.trim_start().len())
    };
    let offer = |words: &[&str],
                 start: usize,
                 suffix: &str,
                 kind,
                 detail: &dyn Fn(&str) -> Option<String>| {
        let typed = &text[start..];
        words
            .iter()
            .filter(|w| starts_with_ignoring_case(w, typed))
            .enumerate()
            .map(|(rank, w)| Candidate {
                text: format!("{w}{suffix}"),
                start,
                rank,
                kind,
                detail: detail(w),
            })
            .collect::<Vec<_>>()
    };
    match line.find(':') {
        None if indented => {
            // A key of the mapping the last unindented key opens.
            let parent = text[..line_start]
                .lines()
                .rev()
                .find(|l| !l.starts_with([' ', '\t']) && !l.trim().is_empty())
                .and_then(|l| l.split(':').next())
                .map(str::trim);
            let fields = parent
                .and_then(|p| keys.iter().find(|k| k.key == p))
                .map_or(&[][..], |k| k.fields);
            offer(
                fields,
                word_start(0),
                ": ",
                CompletionItemKind::FIELD,
                &|_| None,
            )
        }
        None => {
            let written: Vec<&str> = record.text[..line_start]
                .lines()
                .chain(record.text[local..].lines().skip(1))
                .filter_map(|l| l.split_once(':').map(|(k, _)| k.trim()))
                .collect();
            let names: Vec<&str> = keys
                .iter()
                .map(|k| k.key)
                .filter(|k| !written.contains(k))
                .collect();
            offer(
                &names,
                word_start(0),
                ": ",
                CompletionItemKind::PROPERTY,
                &|w| {
                    keys.iter()
                        .find(|k| k.key == w)
                        .map(|k| k.meaning.to_string())
                },
            )
        }
        Some(colon) if !indented => {
            let key = line[..colon].trim();
            let start = word_start(colon + 1);
            if key.eq_ignore_ascii_case("game") {
                let names: Vec<&str> = games::all().iter().map(|g| g.name()).collect();
                return offer(&names, start, "", CompletionItemKind::ENUM_MEMBER, &|w| {
                    games::find(w).map(|g| g.title().to_string())
                });
            }
            if key == "mode" {
                if let Some(g) = referee {
                    if !g.modes().is_empty() {
                        return offer(
                            g.modes(),
                            start,
                            "",
                            CompletionItemKind::ENUM_MEMBER,
                            &|_| None,
                        );
                    }
                }
            }
            let values = keys
                .iter()
                .find(|k| k.key == key)
                .map_or(&[][..], |k| k.values);
            offer(values, start, "", CompletionItemKind::ENUM_MEMBER, &|_| {
                None
            })
        }
        Some(_) => Vec::new(),
    }
}

/// The keys of a game's header, the tournament keys after its own; every
/// game's when the header names none yet.
pub(super) fn keys_of(referee: Option<&'static dyn AnyGame>) -> Vec<&'static KeyDoc> {
    let own: Vec<&'static KeyDoc> = match referee {
        Some(g) => g.header_keys().iter().collect(),
        None => {
            let mut all: Vec<&'static KeyDoc> = Vec::new();
            for g in games::all() {
                for k in g.header_keys() {
                    if !all.iter().any(|seen| seen.key == k.key) {
                        all.push(k);
                    }
                }
            }
            all
        }
    };
    own.into_iter().chain(TOURNAMENT_KEY_DOCS).collect()
}
