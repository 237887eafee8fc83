//! The library as an outside crate sees it, default features off.

use std::process::{Command, Stdio};

use arbitre::at::At;
use arbitre::Verdict;
use arbitre_outside::{check_stream, is_legal, read_back, simpei_turns_after, turns_at};

const UPLOAD: &str = "---\ngame: simpei\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n\
                      ---\ngame: simpei\n---\n1. c3 c3\n\
                      ---\ngame: puluc\n---\n1. 2:e-2\n\
                      ---\ngame: chess\n---\n";

#[test]
fn a_stream_is_checked_and_read_back() -> Result<(), Box<dyn std::error::Error>> {
    let (out, tally) = check_stream("upload.arb", UPLOAD.as_bytes(), &[])?;
    assert_eq!((tally.records, tally.legal), (4, 2));
    assert_eq!((tally.illegal, tally.malformed), (1, 1));
    let (values, reports) = read_back(out.as_bytes())?;
    assert_eq!((values.len(), reports.len()), (5, 4));
    let verdicts: Vec<Verdict> = reports.iter().map(|r| r.verdict).collect();
    assert_eq!(
        verdicts,
        [
            Verdict::Legal,
            Verdict::Illegal,
            Verdict::Legal,
            Verdict::Malformed
        ]
    );
    assert_eq!(values[0]["winner"], "blue");
    assert_eq!(values[1]["diagnostic"]["rule"], "simpei/occupied");
    assert_eq!(values[1]["diagnostic"]["line"], 8);
    assert_eq!(values[4]["summary"]["illegal"], 1);
    assert!(is_legal(&reports[0]) && !is_legal(&reports[1]));
    // The typed report says what the untyped value says.
    assert_eq!(reports[1].diagnostic.as_ref().map(|d| d.line), Some(8));
    Ok(())
}

#[test]
fn house_rules_are_checked_by_name() {
    let typo = check_stream("-", UPLOAD.as_bytes(), &["forgive-missed-capture"]);
    let message = typo.err().map(|e| e.to_string());
    assert_eq!(
        message.as_deref(),
        Some("`forgive-missed-capture` is not a house rule (known: forgive-missed-captures)")
    );
    let ruled = check_stream("-", UPLOAD.as_bytes(), &["forgive-missed-captures"]);
    let (out, _) = ruled.unwrap_or_default();
    assert!(out.contains("--rule forgive-missed-captures"), "{out}");
}

#[test]
fn the_legal_turns_of_a_position() -> Result<(), Box<dyn std::error::Error>> {
    let text = "---\ngame: simpei\n---\n1. c3 c1\n";
    let typed = simpei_turns_after(text, 2)?;
    assert!(typed.contains(&"a7".to_string()) && !typed.contains(&"c3".to_string()));
    // The same position through the registry, by count and by label.
    assert_eq!(turns_at("simpei", text, At::Count(2))?, typed);
    assert_eq!(turns_at("simpei", text, "2.".parse()?)?, typed);
    let puluc = turns_at("puluc", "---\ngame: puluc\n---\n1. 2:e-2\n", At::End)?;
    assert!(!puluc.is_empty());
    // Past the record: an error that says so.
    let past = turns_at("simpei", text, At::Count(5))
        .err()
        .map(|e| e.to_string());
    assert!(past.is_some_and(|m| m.contains("has 2 turns")));
    Ok(())
}

#[test]
fn the_program_checks_standard_input() -> Result<(), Box<dyn std::error::Error>> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre-outside"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        std::io::Write::write_all(&mut stdin, UPLOAD.as_bytes())?;
    }
    let output = child.wait_with_output()?;
    assert_eq!(output.status.code(), Some(1));
    let (values, _) = read_back(output.stdout.as_slice())?;
    assert_eq!(values.len(), 5);
    Ok(())
}
