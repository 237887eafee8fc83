//! Hover: on an action, the position before its turn and what was legal
//! there; on a rule id, the rule told as `arbitre explain` tells it; on a
//! header key, what it means.

use std::fmt::Write as _;

use super::complete::{keys_of, MOST_TURNS};
use super::document::Document;
use crate::at::At;
use crate::dispatch::{game_of, stop};
use crate::lsp::complete::readable_before;
use crate::reader::Record;
use crate::record::movetext::tokens;
use crate::record::Switches;
use crate::replay::frame;
use crate::rules::Rule;

/// The legal turns a hover lists.
const LISTED: usize = 20;

/// The most tokens stepped back over to find where a turn starts.
const MOST_BACK: usize = 4;

/// The hover at byte `at`: its text in Markdown and the bytes it is about.
pub(super) fn hover(
    document: &Document,
    at: usize,
    switches: &Switches,
) -> Option<(String, (usize, usize))> {
    let slot = document.slot_at(at)?;
    let record = &slot.record;
    let local = at.checked_sub(record.offset)?.min(record.text.len());
    if !record.text.is_char_boundary(local) {
        return None;
    }
    let (word, start) = word_at(&record.text, local)?;
    let place = (record.offset + start, record.offset + start + word.len());
    if let Some(rule) = rule_named(word) {
        return Some((told(rule), place));
    }
    match frame(record) {
        Ok(raw) if local >= raw.movetext_offset => {
            position_before(record, raw.movetext_offset, local, switches).map(|text| (text, place))
        }
        _ => header_key(record, local).map(|text| (text, place)),
    }
}

/// The word under the cursor: a run of characters that are not
/// whitespace, and where it starts.
fn word_at(text: &str, at: usize) -> Option<(&str, usize)> {
    let start = text[..at].rfind(char::is_whitespace).map_or(0, |i| {
        i + text[i..].chars().next().map_or(1, char::len_utf8)
    });
    let end = text[at..]
        .find(char::is_whitespace)
        .map_or(text.len(), |i| at + i);
    (start < end).then(|| (&text[start..end], start))
}

/// A rule id in a word, quotes and punctuation around it taken off.
fn rule_named(word: &str) -> Option<&'static Rule> {
    let id = word.trim_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '/' || c == '-'));
    if id.is_empty() {
        return None;
    }
    Rule::find(id)
}

/// A rule told: its id and kind, its summary, and its explanation with
/// the record that breaks it and the same made legal.
pub(super) fn told(rule: &Rule) -> String {
    let mut out = format!(
        "**{}** ({})\n\n{}\n",
        rule.id,
        rule.kind.word(),
        rule.summary
    );
    if let Some(e) = rule.explanation {
        let _ = write!(
            out,
            "\n{}\n\nSee {}.\n\nBreaks it:\n\n```\n{}\n```\n\nLegal:\n\n```\n{}\n```\n",
            e.words,
            e.source,
            e.example.trim_end(),
            e.neighbour.trim_end()
        );
    }
    let _ = write!(out, "\n`arbitre explain {}`", rule.id);
    out
}

/// What a header key means, from the record's game (every game's keys
/// while it names none).
fn header_key(record: &Record, local: usize) -> Option<String> {
    let text = &record.text;
    let line_start = text[..local].rfind('\n').map_or(0, |n| n + 1);
    let line_end = text[local..].find('\n').map_or(text.len(), |n| local + n);
    let line = &text[line_start..line_end];
    let (key, _) = line.split_once(':')?;
    if local > line_start + key.len() {
        return None;
    }
    let keys = keys_of(game_of(record).ok());
    let name = key.trim();
    if line.starts_with([' ', '\t']) {
        let parent = text[..line_start]
            .lines()
            .rev()
            .find(|l| !l.starts_with([' ', '\t']) && !l.trim().is_empty())?
            .split(':')
            .next()?
            .trim();
        let doc = keys.iter().find(|k| k.key == parent)?;
        doc.fields
            .contains(&name)
            .then(|| format!("**{name}** in **{parent}**: {}", doc.meaning))
    } else {
        let doc = keys.iter().find(|k| k.key == name)?;
        let mut out = format!("**{}**: {}", doc.key, doc.meaning);
        if !doc.values.is_empty() {
            let _ = write!(out, "\n\nValues: {}", quoted(doc.values));
        }
        if !doc.fields.is_empty() {
            let _ = write!(out, "\n\nKeys: {}", quoted(doc.fields));
        }
        Some(out)
    }
}

fn quoted(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| format!("`{w}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The position before the turn whose token holds `local`, and the legal
/// turns there.
fn position_before(
    record: &Record,
    movetext_offset: usize,
    local: usize,
    switches: &Switches,
) -> Option<String> {
    let movetext = record.text.get(movetext_offset..)?;
    let written = tokens(movetext, movetext_offset).ok()?;
    let here = written
        .iter()
        .position(|t| t.span.offset <= local && local <= t.span.end())?;
    let cuts =
        (0..=MOST_BACK.min(here)).filter_map(|back| Some(written.get(here - back)?.span.offset));
    if let Some((_, cut_record, checked)) = readable_before(record, switches, movetext_offset, cuts)
    {
        // Stopped in the whole record, whose `end` tells only of its
        // end; the record cut there when the rest does not read.
        let stopped = stop(record, switches, At::Count(checked.turns))
            .or_else(|_| stop(&cut_record, switches, At::End))
            .ok()?;
        let mut out = format!(
            "**{}**: the position before this turn, after {} turns\n\n```text\n{}\n```\n",
            stopped.label,
            stopped.turn,
            stopped.diagram.trim_end()
        );
        if let Some(over) = &stopped.over {
            let _ = write!(out, "\n{over}\n");
        } else if let Ok((turns, total)) =
            game_of(&cut_record)
                .ok()?
                .legal_turns(&cut_record, switches, LISTED.min(MOST_TURNS))
        {
            let listed: Vec<String> = turns.iter().map(|t| format!("`{}`", t.continued)).collect();
            let _ = write!(out, "\nLegal here ({total}): {}", listed.join(", "));
            if total > listed.len() {
                let _ = write!(out, ", and {} more", total - listed.len());
            }
            out.push('\n');
        }
        return Some(out);
    }
    Some("An earlier turn is illegal, or the turn does not read: no position is shown here.".into())
}
