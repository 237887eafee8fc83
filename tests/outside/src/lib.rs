//! What a platform does with arbitre, written only against the crate's
//! public API: check a stream of records, list the legal turns of a
//! position, and read the JSON reports back.

use std::error::Error;
use std::io::{BufRead, Read};

use arbitre::at::At;
use arbitre::games::simpei::Simpei;
use arbitre::{
    check, games, open, Machine, Mechanics, Reader, RecordReport, Switches, Tally, Verdict,
};

/// Every record of `input`, checked under the house rules `rules` (names
/// as `--rule` takes them), one JSON line each and a closing summary, as
/// `arbitre check --format jsonl` writes them; with the tally.
pub fn check_stream(
    path: &str,
    input: impl Read,
    rules: &[&str],
) -> Result<(String, Tally), Box<dyn Error>> {
    let mut switches = Switches::new();
    for rule in rules {
        switches.set_named(rule, true)?;
    }
    let mut out = String::new();
    let mut tally = Tally::default();
    for record in Reader::new(input) {
        let record = record?;
        if let Some(fault) = record.fault {
            // Still checked (it is reported malformed); said here as well.
            out.push_str(&format!("# {fault}\n"));
        }
        let checked = check(&record, &switches);
        let report = RecordReport::new(path, &record, &checked).with_switches(&switches);
        assert_eq!(report.verdict, checked.verdict());
        tally.add(&report);
        out.push_str(&Machine::JsonLines.record(&report));
    }
    out.push_str(&Machine::JsonLines.closing(tally.records, &[], &tally));
    Ok((out, tally))
}

/// The legal Simpei turns after the first `turns` turns of `text`, typed.
pub fn simpei_turns_after(text: &str, turns: usize) -> Result<Vec<String>, Box<dyn Error>> {
    let record = open::<Simpei>(text, &Switches::new())?;
    let position = record.position_after(turns)?;
    Ok(Simpei::legal(&position)
        .iter()
        .map(ToString::to_string)
        .collect())
}

/// The legal turns of any game's record at `at`, the game found by name
/// in the registry and the record read as it: what `arbitre moves` lists.
pub fn turns_at(game: &str, text: &str, at: At) -> Result<Vec<String>, Box<dyn Error>> {
    let referee = games::find(game).ok_or_else(|| format!("no game `{game}`"))?;
    let record = Reader::new(text.as_bytes()).next().ok_or("no record")??;
    let stop = referee.stop(&record, &Switches::new(), &at)?;
    let mut turns = Vec::new();
    stop.legal.each(|turn| {
        turns.push(turn.to_string());
        Ok(())
    })?;
    Ok(turns)
}

/// JSON lines read back, a record or the summary per line: as untyped
/// values, and the records as the report type itself.
pub fn read_back(
    lines: impl BufRead,
) -> Result<(Vec<serde_json::Value>, Vec<RecordReport>), Box<dyn Error>> {
    let mut values = Vec::new();
    let mut reports = Vec::new();
    for line in lines.lines() {
        let line = line?;
        if line.starts_with('#') {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(&line)?;
        if value.get("verdict").is_some() {
            reports.push(serde_json::from_value(value.clone())?);
        }
        values.push(value);
    }
    Ok((values, reports))
}

/// How a platform reads a verdict.
pub fn is_legal(report: &RecordReport) -> bool {
    report.verdict == Verdict::Legal
}
