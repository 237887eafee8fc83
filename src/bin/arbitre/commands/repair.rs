//! `arbitre repair`: each record that is not legal, with the likeliest
//! records it was meant to be (the library's `repair`), printed, or the
//! chosen one written back into its file.

use std::io::{self, Read, Write};

use arbitre::escape::{cut, for_terminal};
use arbitre::repair::{repair as repairs_of, RecordRepairs, RepairOptions};
use arbitre::{Reader, Verdict};
use serde::Serialize;

use crate::cli::RepairArgs;
use crate::document::{emit, Document, Form};
use crate::draw::{self, Style};
use crate::input::{cannot_read, switches};
use crate::output::{usage, Output, ILLEGAL, LEGAL, TROUBLE};

/// The largest file `repair` reads: it holds a file whole, to write its
/// diffs and to write it back, and files typed by hand are far smaller.
const MOST_FILE_BYTES: u64 = 64 << 20;

/// What `repair` prints: every file's records that are not legal, each
/// with its repairs.
#[derive(Serialize)]
struct Repaired {
    schema: u32,
    arbitre: &'static str,
    files: Vec<FileRepairs>,
}

/// One file's records that are not legal.
#[derive(Serialize)]
struct FileRepairs {
    path: String,
    /// Records checked, legal or not.
    records: usize,
    /// The records that are not legal, with their repairs.
    repaired: Vec<RecordRepairs>,
    /// The repair written into the file (`--apply`), and how many records
    /// it was written for.
    #[serde(skip_serializing_if = "Option::is_none")]
    applied: Option<Applied>,
}

#[derive(Serialize)]
struct Applied {
    rank: usize,
    records: usize,
}

pub fn repair(args: &RepairArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    if args.apply.is_some() && args.paths.iter().any(|p| p == "-") {
        return usage(
            output,
            "--apply cannot write standard input (`-`) back; `arbitre repair -` prints the repairs",
        );
    }
    let options = RepairOptions {
        best: args.best.max(args.apply.unwrap_or(0)),
        lookback: args.lookback,
        budget: args.budget,
    };
    let mut status = LEGAL;
    let mut document = Repaired {
        schema: arbitre::report::SCHEMA,
        arbitre: arbitre::report::VERSION,
        files: Vec::new(),
    };
    for path in &args.paths {
        let text = match read(path) {
            Ok(text) => text,
            Err(e) => {
                cannot_read(output.err, path, &e.to_string())?;
                status = status.max(TROUBLE);
                continue;
            }
        };
        let mut file = FileRepairs {
            path: path.clone(),
            records: 0,
            repaired: Vec::new(),
            applied: None,
        };
        // This file's status: legal, or a record not legal (left so).
        let mut file_status = LEGAL;
        // The file's text with the chosen repairs, record by record.
        let mut rewritten = String::new();
        let mut kept_to = 0;
        let mut applied = 0;
        for record in Reader::with_limits(text.as_bytes(), args.limits.limits()) {
            let record = record?;
            file.records += 1;
            let found = repairs_of(&record, &switches, &options);
            if found.before.verdict() == Verdict::Legal {
                continue;
            }
            file_status = ILLEGAL;
            if let Some(rank) = args.apply {
                let chosen = found.found.get(rank - 1);
                let end = record.offset + record.text.len();
                match chosen {
                    Some(chosen) if text.get(record.offset..end) == Some(&record.text) => {
                        rewritten.push_str(&text[kept_to..record.offset]);
                        rewritten.push_str(&chosen.text);
                        kept_to = end;
                        applied += 1;
                    }
                    _ => {}
                }
            }
            file.repaired.push(RecordRepairs::new(
                path,
                Some(&text),
                &record,
                &found,
                &options,
            ));
        }
        if let Some(rank) = args.apply {
            if applied > 0 {
                rewritten.push_str(&text[kept_to..]);
                if let Err(e) = write_back(path, &rewritten) {
                    writeln!(
                        output.err,
                        "error: cannot write {} back: {}",
                        for_terminal(path),
                        for_terminal(&e.to_string())
                    )?;
                    file_status = TROUBLE;
                } else {
                    file.applied = Some(Applied {
                        rank,
                        records: applied,
                    });
                    // Every record that was not legal now is, if each got a
                    // legal repair.
                    let all_legal = file.repaired.iter().all(|r| {
                        r.repairs
                            .get(rank - 1)
                            .is_some_and(|c| c.verdict.verdict == Verdict::Legal)
                    });
                    if all_legal {
                        file_status = LEGAL;
                    }
                }
            }
        }
        status = status.max(file_status);
        document.files.push(file);
    }
    emit(
        &document,
        Form::of(args.format.machine(), style),
        output.out,
    )?;
    Ok(status)
}

/// A file's whole text, at most [`MOST_FILE_BYTES`]; `-` is standard input.
fn read(path: &str) -> io::Result<String> {
    let mut bytes = Vec::new();
    let limited =
        |r: &mut dyn Read, bytes: &mut Vec<u8>| r.take(MOST_FILE_BYTES + 1).read_to_end(bytes);
    if path == "-" {
        limited(&mut io::stdin().lock(), &mut bytes)?;
    } else {
        limited(&mut std::fs::File::open(path)?, &mut bytes)?;
    }
    if bytes.len() as u64 > MOST_FILE_BYTES {
        return Err(io::Error::other(format!(
            "the file is larger than {} MiB, the most repair reads (it holds a file whole); \
             check it with arbitre check, which streams",
            MOST_FILE_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|_| io::Error::other("the file is not UTF-8 text"))
}

/// `text` written over the file `path`, atomically: a file beside it,
/// renamed over it.
fn write_back(path: &str, text: &str) -> io::Result<()> {
    let (target, mut file) = super::fmt::beside(path, ".arbitre-repair-")?;
    file.write_all(text.as_bytes())?;
    super::fmt::rewrite(file, &target)
}

/// The most characters of a line of a diff the human report prints.
const WIDEST_LINE: usize = 200;

/// A line of a diff cut at [`WIDEST_LINE`] characters, with `…`.
fn cut_line(line: &str) -> std::borrow::Cow<'_, str> {
    match line.char_indices().nth(WIDEST_LINE) {
        None => line.into(),
        Some((at, _)) => format!("{}…", &line[..at]).into(),
    }
}

impl Document for Repaired {
    fn human(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        for file in &self.files {
            if file.repaired.is_empty() {
                writeln!(
                    out,
                    "{}: {}, nothing to repair",
                    for_terminal(&file.path),
                    if file.records == 1 {
                        "the record is legal".to_string()
                    } else {
                        format!("all {} records are legal", file.records)
                    }
                )?;
                continue;
            }
            for record in &file.repaired {
                writeln!(out, "{}", draw::verdict_line(&record.verdict, style))?;
                if let Some(why) = &record.not_searched {
                    writeln!(out, "  no repair looked for: {}", for_terminal(why))?;
                    continue;
                }
                if record.repairs.is_empty() {
                    let tried = &record.tried;
                    writeln!(
                        out,
                        "  no repair found within the bounds: {} states taken up, {} turns played \
                         (looking back {} turns, budget {} turns{}); the record may hold more \
                         slips than are looked for, or slips further back (--lookback, --budget)",
                        tried.states,
                        tried.plays,
                        tried.lookback,
                        tried.budget,
                        if tried.exhausted { ", spent" } else { "" }
                    )?;
                    continue;
                }
                for repair in &record.repairs {
                    writeln!(out, "  repair {} (cost {}):", repair.rank, repair.cost)?;
                    for edit in &repair.edits {
                        let at = format!("line {}, column {}", edit.line, edit.column);
                        let turn = if edit.turn.is_empty() {
                            String::new()
                        } else {
                            format!("{} ", cut(&edit.turn))
                        };
                        let what = match (edit.written.is_empty(), edit.replacement.is_empty()) {
                            (true, _) => {
                                format!("{turn}`{}` inserted ({at})", cut(&edit.replacement))
                            }
                            (_, true) => {
                                format!("`{}` removed ({at})", cut(&edit.written))
                            }
                            _ => format!(
                                "{turn}`{}` for `{}` ({at})",
                                cut(&edit.replacement),
                                cut(&edit.written)
                            ),
                        };
                        writeln!(out, "    {}: {what}, cost {}", edit.description, edit.cost)?;
                    }
                    writeln!(out, "    {}", for_terminal(&repair.reaches))?;
                    // The record's own lines, escaped, each cut past a
                    // screen or two.
                    for line in repair.diff.lines() {
                        writeln!(out, "    {}", for_terminal(&cut_line(line)))?;
                    }
                }
            }
            if let Some(applied) = &file.applied {
                writeln!(
                    out,
                    "{}: repair {} written for {} {}",
                    for_terminal(&file.path),
                    applied.rank,
                    applied.records,
                    if applied.records == 1 {
                        "record"
                    } else {
                        "records"
                    }
                )?;
            }
        }
        Ok(())
    }
}
