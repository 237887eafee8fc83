//! Every record under `samples/` carries its expected verdict in a comment,
//! one line per record, in order:
//!
//! ```text
//! # expect: illegal simpei/occupied turn_index=5
//! # expect: legal status=finished winner=red warnings=superpion/blocking
//! # expect: legal status=finished outcome.decided=off-board
//! ```
//!
//! The line may start with `#` (inside a YAML header) or `;` (in the
//! movetext). A key `tournament.round` is looked for in the record's
//! `tournament`. This test checks every sample against `check --format json`.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn samples(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            samples(&path, out);
        } else if path.extension().is_some_and(|e| e == "arb") {
            out.push(path);
        }
    }
}

fn expectations(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let rest = line
                .strip_prefix('#')
                .or_else(|| line.strip_prefix(';'))?
                .trim_start();
            let rest = rest.strip_prefix("expect:")?;
            Some(rest.split_whitespace().map(str::to_string).collect())
        })
        .collect()
}

fn field(record: &Value, key: &str) -> String {
    match &record[key] {
        Value::String(s) => s.clone(),
        Value::Null => "null".into(),
        other => other.to_string(),
    }
}

fn check_one(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&bytes);
    let expected = expectations(&text);
    if expected.is_empty() {
        return Err("has no `# expect:` line".into());
    }
    let output = Command::cargo_bin("arbitre")
        .map_err(|e| e.to_string())?
        .args(["check", "--format", "json"])
        .arg(path)
        .output()
        .map_err(|e| e.to_string())?;
    let json: Value = serde_json::from_slice(&output.stdout).map_err(|e| {
        format!(
            "output is not JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })?;
    let records = json["records"].as_array().cloned().unwrap_or_default();
    if records.len() != expected.len() {
        return Err(format!(
            "{} records but {} `# expect:` lines",
            records.len(),
            expected.len()
        ));
    }
    for (index, (record, want)) in records.iter().zip(&expected).enumerate() {
        let verdict = field(record, "verdict");
        let diagnostic = &record["diagnostic"];
        let mut words = want.iter();
        let Some(want_verdict) = words.next() else {
            return Err(format!("record {index}: empty expectation"));
        };
        if &verdict != want_verdict {
            return Err(format!(
                "record {index}: verdict {verdict}, expected {want_verdict}; diagnostic: {diagnostic}"
            ));
        }
        for word in words {
            let (key, value) = match word.split_once('=') {
                Some((k, v)) => (k, v.to_string()),
                None => ("rule", word.clone()),
            };
            let actual = match key {
                "rule" | "turn_index" => field(diagnostic, key),
                "warnings" => {
                    let mut rules: Vec<String> = record["warnings"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|w| field(w, "rule"))
                        .collect();
                    rules.dedup();
                    rules.join(",")
                }
                "scores" => record["scores"].to_string().replace(' ', ""),
                // `outcome.decided`: a field inside an object.
                dotted if dotted.contains('.') => {
                    let (outer, inner) = dotted.split_once('.').unwrap_or((dotted, ""));
                    field(&record[outer], inner)
                }
                other => field(record, other),
            };
            if actual != value {
                return Err(format!(
                    "record {index}: {key} is {actual}, expected {value}; diagnostic: {diagnostic}"
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn every_sample_has_its_expected_verdict() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut paths = Vec::new();
    samples(&root, &mut paths);
    paths.sort();
    assert!(!paths.is_empty(), "no samples found");
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| check_one(p).err().map(|e| format!("{}: {e}", p.display())))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
