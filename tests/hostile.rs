//! Hostile input: whatever a stranger uploads, every command and format
//! ends with a verdict or a clean error, never a panic (exit 101).

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use assert_cmd::Command;

/// Wider than miette can draw (its columns stop at 65,535).
const FAR: usize = 70_000;

/// Records whose finding sits `FAR` columns right: a bad token, an illegal
/// action, and a warning in a legal record.
fn far_records() -> Vec<(&'static str, String)> {
    let pad = " ".repeat(FAR);
    vec![
        ("bad token", format!("---\ngame: simpei\n---\n{pad}1. c5 zz9\n")),
        ("illegal action", format!("---\ngame: simpei\n---\n{pad}1. c5 c5\n")),
        (
            "warning",
            format!(
                "---\ngame: superpion\nrules: {{forgive-missed-captures: true}}\nsetup:\n  pieces: {{blue: [f6, h8], red: [g7, b10]}}\n---\n{pad}1.B h8-h10 f6-f8\n"
            ),
        ),
        (
            "far header",
            format!("---\ngame: puluc\nevent:{pad}[\n---\n1. 5:e-5\n"),
        ),
        (
            "far puluc turn",
            format!("---\ngame: puluc\n---\n1. 5:e-5 {pad}2:e-5\n"),
        ),
    ]
}

fn run(args: &[&str], input: &str) -> std::process::Output {
    let dir = std::env::temp_dir().join(format!("arbitre-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Tests run in parallel threads: each run its own file.
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = dir.join(format!(
        "{n}-{}.arb",
        args.join("-").replace(['/', ' '], "_")
    ));
    std::fs::write(&file, input).unwrap();
    let mut cmd = Command::cargo_bin("arbitre").unwrap();
    cmd.args(args).arg(&file);
    cmd.timeout(std::time::Duration::from_secs(60));
    let output = cmd.output().unwrap();
    // The inputs are large: none is left behind.
    let _ = std::fs::remove_file(&file);
    output
}

#[test]
fn findings_far_right_are_drawn_on_every_command_and_format() {
    let commands: &[&[&str]] = &[
        &["check"],
        &["check", "--format", "json"],
        &["check", "--format", "yaml"],
        &["check", "--format", "jsonl"],
        &["score"],
        &["score", "--format", "json"],
        &["score", "--format", "yaml"],
        &["show"],
        &["moves"],
        &["stats"],
        &["stats", "--format", "json"],
        &["stats", "--format", "yaml"],
    ];
    for (what, record) in far_records() {
        for args in commands {
            let out = run(args, &record);
            let code = out.status.code();
            assert!(
                matches!(code, Some(0..=2)),
                "{what}, arbitre {args:?}: exit {code:?}\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let stdout = String::from_utf8_lossy(&out.stdout);
            let longest = stdout.lines().map(|l| l.chars().count()).max().unwrap_or(0);
            if !args.contains(&"--format") {
                assert!(
                    longest < 200,
                    "{what}, arbitre {args:?}: a line of {longest} characters"
                );
            }
        }
    }
}

#[test]
fn a_far_finding_keeps_its_file_column_in_characters() {
    let record = format!(
        "---\ngame: simpei\n---\n{}{{é}} 1. c5 zz9\n",
        " ".repeat(FAR)
    );
    let out = run(&["check", "--color", "never"], &record);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let column = FAR + 11;
    assert!(
        stdout.contains(&format!(":4:{column}, `zz9`")),
        "the box names 4:{column}:\n{stdout}"
    );
    assert!(
        stdout.contains('…'),
        "the line is cut with an ellipsis:\n{stdout}"
    );
}

/// A Superpion among 27 opponents: thousands of jump orders per capture.
fn hostile_capture() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/superpion/hostile-capture.arb"
    ))
    .unwrap()
}

#[test]
fn a_crowded_capture_lists_a_capped_list_of_alternatives() {
    let record = format!("{}1.B k5xg9\n", hostile_capture());
    let out = run(&["check", "--format", "json"], &record);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let diagnostic = &json["records"][0]["diagnostic"];
    let listed = diagnostic["expected"].as_array().unwrap().len();
    let total = diagnostic["expected_total"].as_u64().unwrap() as usize;
    assert_eq!(listed, 20, "{diagnostic}");
    assert!(total > listed, "{diagnostic}");
    let message = diagnostic["message"].as_str().unwrap();
    assert!(
        message.ends_with(&format!("and {} more", total - listed)),
        "{message}"
    );
    let human = run(&["check"], &record);
    assert!(human.stdout.len() < 20_000, "{} bytes", human.stdout.len());
}

#[test]
fn every_maximum_capture_of_a_crowded_position_is_listed() {
    let out = run(&["moves"], &hostile_capture());
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let turns = stdout.lines().filter(|l| l.starts_with("  B k5x")).count();
    assert_eq!(turns, 171, "{stdout}");
}

#[test]
fn the_box_and_the_verdict_line_count_columns_alike() {
    let record = "---\ngame: simpei\n---\n{Chloé} 1. c5 c5\n";
    let out = run(&["check", "--color", "never"], record);
    let stdout = String::from_utf8_lossy(&out.stdout);
    // `c5` the second time, after 14 characters (15 bytes).
    assert!(stdout.contains("(4:15)"), "verdict line:\n{stdout}");
    assert!(stdout.contains(":4:15, `c5`\n"), "plain layout:\n{stdout}");
}
