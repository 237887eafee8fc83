//! `check` as a stream: the same output on one thread and on many, JSON and
//! JSON lines written as records come, standard input read as it arrives,
//! bounded records, and output errors.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command as Process, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use assert_cmd::cargo::CommandCargoExt;
use assert_cmd::Command;
use serde_json::Value;

fn arbitre() -> Command {
    let mut cmd = Command::cargo_bin("arbitre").unwrap_or_else(|e| panic!("{e}"));
    cmd.env_remove("NO_COLOR");
    cmd
}

fn samples() -> String {
    format!("{}/samples", env!("CARGO_MANIFEST_DIR"))
}

/// Random games of every game, some cut short, some corrupted to be
/// illegal or malformed: a file with every kind of verdict.
fn archive() -> String {
    let mut text = String::new();
    for &game in arbitre::games::names() {
        for seed in 0..150u64 {
            let out = arbitre()
                .args(["random", game, "--seed", &seed.to_string(), "--max-turns"])
                .arg(if seed % 3 == 0 { "12" } else { "120" })
                .output()
                .unwrap_or_else(|e| panic!("{e}"));
            let mut record = String::from_utf8_lossy(&out.stdout).into_owned();
            match seed % 7 {
                // Swap two turns: most likely illegal from there on.
                1 => {
                    if let Some(at) = record.rfind(". ") {
                        record.insert_str(at + 2, "zz ");
                    }
                }
                2 => record = record.replacen("game:", "gmae:", 1),
                _ => {}
            }
            text.push_str(&record);
        }
    }
    text
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> (i32, Vec<u8>) {
    let mut cmd = arbitre();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_vec());
    }
    let out = cmd.output().unwrap_or_else(|e| panic!("{e}"));
    (out.status.code().unwrap_or(-1), out.stdout)
}

#[test]
fn one_thread_and_many_write_the_same_bytes() {
    let big = archive();
    let samples = samples();
    for format in ["human", "json", "jsonl", "yaml"] {
        let (code, serial) = run(
            &["check", "--format", format, "--jobs", "1", &samples],
            None,
        );
        for jobs in ["2", "5"] {
            let (again, parallel) = run(
                &["check", "--format", format, "--jobs", jobs, &samples],
                None,
            );
            assert_eq!(code, again);
            assert!(serial == parallel, "samples, {format}, {jobs} jobs");
        }
        let (code, serial) = run(
            &["check", "--format", format, "--jobs", "1", "-"],
            Some(big.as_bytes()),
        );
        let (again, parallel) = run(
            &["check", "--format", format, "--jobs", "3", "-"],
            Some(big.as_bytes()),
        );
        assert_eq!(code, again);
        assert!(serial == parallel, "archive, {format}");
        assert!(serial.len() > 10_000, "{format}: {} bytes", serial.len());
    }
}

#[test]
fn json_lines_end_with_the_summary_of_the_json_document() {
    let samples = samples();
    let (code, document) = run(&["check", "--format", "json", &samples], None);
    let (same, lines) = run(&["check", "--format", "jsonl", &samples], None);
    assert_eq!(code, same);
    let document: Value = serde_json::from_slice(&document).unwrap_or(Value::Null);
    let records = document["records"].as_array().cloned().unwrap_or_default();
    let lines: Vec<Value> = String::from_utf8_lossy(&lines)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
        .collect();
    assert!(records.len() > 100);
    assert_eq!(lines.len(), records.len() + 1);
    // Each line is a document of its own: stamped as the whole one is,
    // then the record's fields.
    assert_eq!(document["schema"], 1);
    let records_of_lines: Vec<Value> = lines[..records.len()]
        .iter()
        .map(|line| {
            let mut record = line.clone();
            if let Some(fields) = record.as_object_mut() {
                assert_eq!(fields.remove("schema"), Some(document["schema"].clone()));
                assert_eq!(fields.remove("arbitre"), Some(document["arbitre"].clone()));
            }
            record
        })
        .collect();
    assert_eq!(records_of_lines, records);
    assert_eq!(lines[records.len()]["schema"], 1);
    let summary = &lines[records.len()]["summary"];
    let count = |v: &str| records.iter().filter(|r| r["verdict"] == v).count();
    assert_eq!(summary["records"], records.len());
    assert_eq!(summary["legal"], count("legal"));
    assert_eq!(summary["illegal"], count("illegal"));
    assert_eq!(summary["malformed"], count("malformed"));
    let rules: usize = summary["rules"]
        .as_object()
        .map(|m| m.values().filter_map(Value::as_u64).sum::<u64>() as usize)
        .unwrap_or(0);
    assert_eq!(rules, count("illegal") + count("malformed"));
}

#[test]
fn an_empty_stream_is_still_one_valid_document() {
    // A directory of no records is reported and counted unreadable; an
    // empty input is one malformed record; JSON stays a document either way.
    let (code, out) = run(&["check", "--format", "json", "-"], Some(b""));
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_slice(&out).unwrap_or(Value::Null);
    assert_eq!(doc["records"][0]["verdict"], "malformed");
}

#[test]
fn standard_input_is_checked_as_it_arrives() {
    for jobs in ["1", "2"] {
        let mut child = Process::cargo_bin("arbitre")
            .unwrap_or_else(|e| panic!("{e}"))
            .args(["check", "--jobs", jobs, "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
        let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                let _ = tx.send(line);
            }
        });
        // The first record ends where the second begins: its verdict must
        // come out while standard input is still open.
        stdin
            .write_all(b"---\ngame: simpei\n---\n1. c3 c1\n---\ngame: simpei\n")
            .unwrap_or_else(|e| panic!("{e}"));
        stdin.flush().unwrap_or_else(|e| panic!("{e}"));
        let line = rx.recv_timeout(Duration::from_secs(20));
        drop(stdin);
        let _ = child.wait();
        let line =
            line.unwrap_or_else(|_| panic!("no verdict before the end of input ({jobs} jobs)"));
        assert!(line.starts_with("-#0: legal"), "{line}");
    }
}

#[test]
fn a_record_past_the_limit_is_malformed_and_the_next_one_checked() {
    let long = format!("---\ngame: simpei\n---\n{{ {} }}\n", "x".repeat(5000));
    let text = format!("{long}---\ngame: simpei\n---\n1. c3\n");
    let (code, out) = run(
        &[
            "check",
            "--format",
            "json",
            "--max-record-bytes",
            "1000",
            "-",
        ],
        Some(text.as_bytes()),
    );
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_slice(&out).unwrap_or(Value::Null);
    let first = &doc["records"][0];
    assert_eq!(first["verdict"], "malformed");
    assert_eq!(first["diagnostic"]["rule"], "syntax");
    assert_eq!(first["diagnostic"]["line"], 1);
    let help = first["diagnostic"]["help"].as_str().unwrap_or("");
    assert!(help.contains("--max-record-bytes"), "{help}");
    assert_eq!(doc["records"][1]["verdict"], "legal");
    assert_eq!(doc["records"][1]["index"], 1);
    // Without the flag the same record is fine.
    let (code, _) = run(&["check", "-"], Some(text.as_bytes()));
    assert_eq!(code, 0);
}

#[test]
fn lines_are_those_of_the_whole_file() {
    let text = "---\ngame: simpei\n---\n1. c3\n\n---\ngame: simpei\n---\n1. c3 c3\n";
    let (_, out) = run(&["check", "--format", "json", "-"], Some(text.as_bytes()));
    let doc: Value = serde_json::from_slice(&out).unwrap_or(Value::Null);
    let d = &doc["records"][1]["diagnostic"];
    assert_eq!(d["line"], 9);
    assert_eq!(d["column"], 7);
    assert_eq!(d["offset"], text.rfind("c3").unwrap_or(0));
    let (_, human) = run(&["check", "-"], Some(text.as_bytes()));
    let human = String::from_utf8_lossy(&human);
    // Not a terminal: the diagnostic is told in plain lines.
    assert!(human.contains("  at -:9:7, `c3`\n"), "{human}");
    assert!(human.contains("  line 9: 1. c3 c3\n"), "{human}");
}

#[test]
fn a_failed_write_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not on this system
    };
    let out = Process::cargo_bin("arbitre")
        .unwrap_or_else(|e| panic!("{e}"))
        .args(["check", &samples()])
        .stdout(full)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot write the output"), "{err}");
}

#[test]
fn a_closed_pipe_keeps_the_status_of_what_was_checked() {
    let dir = std::env::temp_dir().join(format!("arbitre-pipe-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("big.arb");
    let mut text = String::from("---\ngame: simpei\n---\n1. c3 zz\n");
    for _ in 0..20_000 {
        text.push_str("---\ngame: simpei\n---\n1. c3 c1\n");
    }
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    for jobs in ["1", "2"] {
        let mut child = Process::cargo_bin("arbitre")
            .unwrap_or_else(|e| panic!("{e}"))
            .args(["check", "--jobs", jobs])
            .arg(&file)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        let mut stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
        let mut first = [0u8; 10];
        let _ = stdout.read_exact(&mut first);
        drop(stdout);
        let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
        // The malformed first record was checked: the status says so.
        assert_eq!(out.status.code(), Some(2), "{jobs} jobs");
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Process::cargo_bin("arbitre")
        .unwrap_or_else(|e| panic!("{e}"))
        .args(["check", "--jobs", "2", &samples(), &samples(), &samples()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let mut first = [0u8; 64];
    let _ = stdout.read(&mut first);
    drop(stdout);
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(out.status.code(), Some(101), "a panic");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
