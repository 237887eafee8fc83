//! Flags that would drive unbounded work are bounded, with a usage error
//! that says why: `check --jobs` (threads), `perft --depth` (a count
//! that multiplies with every turn) and `random --max-turns` (a game that
//! never ends). Each bound next to its legal
//! neighbour.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use assert_cmd::Command;

fn arbitre(args: &[&str]) -> (i32, String, String) {
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .args(args)
        .write_stdin("---\ngame: simpei\n---\n1. c3 c1\n")
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn jobs_past_the_bound_are_a_usage_error_naming_the_range() {
    // Once a panic (capacity overflow), an abort, and 49 s for one record.
    for jobs in [
        "0",
        "257",
        "1000000",
        "4611686018427387904",
        "18446744073709551615",
    ] {
        let (status, stdout, stderr) = arbitre(&["check", "--jobs", jobs, "-"]);
        assert_eq!(status, 2, "--jobs {jobs}: {stderr}");
        assert!(stdout.is_empty(), "--jobs {jobs}: {stdout}");
        assert!(
            stderr.contains(&format!("invalid value '{jobs}' for '--jobs <N>'"))
                && stderr.contains("is not in 1..=256"),
            "--jobs {jobs}: {stderr}"
        );
    }
    let (status, _, stderr) = arbitre(&["check", "-j", "300", "-"]);
    assert!(status == 2 && stderr.contains("1..=256"), "{stderr}");
}

#[test]
fn jobs_within_the_bound_check_as_one_job_does() {
    let (status, one, _) = arbitre(&["check", "--jobs", "1", "-"]);
    assert_eq!(status, 0);
    for jobs in ["2", "256"] {
        assert_eq!(
            arbitre(&["check", "--jobs", jobs, "-"]),
            (0, one.clone(), String::new())
        );
    }
}

#[test]
fn the_jobs_bound_is_in_the_help() {
    let (_, help, _) = arbitre(&["check", "--help"]);
    assert!(help.contains("1 to 256"), "{help}");
}

/// The deepest perft of each game, as the help states it.
fn deepest(game: &str) -> u32 {
    let (_, help, _) = arbitre(&["perft", "--help"]);
    let title = format!("{}{}", game[..1].to_uppercase(), &game[1..]);
    let at = help
        .find(&format!(" for {title}"))
        .unwrap_or_else(|| panic!("{help}"));
    let digits: String = help[..at]
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits.parse().unwrap()
}

#[test]
fn perft_past_the_deepest_depth_is_refused_and_says_why() {
    for referee in arbitre::games::all() {
        let (game, expected) = (referee.name(), referee.deepest_perft());
        assert_eq!(deepest(game), expected, "{game}");
        for depth in [expected + 1, 100, u32::MAX] {
            let depth = depth.to_string();
            let (status, stdout, stderr) = arbitre(&["perft", game, "--depth", &depth]);
            assert_eq!(status, 2, "{game} {depth}");
            assert!(stdout.is_empty());
            assert!(
                stderr.starts_with(&format!("error: perft of depth {depth} cannot finish"))
                    && stderr.contains(&format!("the deepest arbitre counts is {expected}")),
                "{stderr}"
            );
        }
    }
    let (status, _, stderr) = arbitre(&["perft", "superpion", "--mode", "teams", "--depth", "5"]);
    assert!(status == 2 && stderr.contains("is 4"), "{stderr}");
}

#[test]
fn perft_within_the_bound_counts() {
    // Depth 0 counts the one empty sequence, as it always did.
    assert_eq!(
        arbitre(&["perft", "simpei", "--depth", "0"]),
        (0, "1\n".into(), String::new())
    );
    assert_eq!(
        arbitre(&["perft", "puluc", "--depth", "3"]),
        (0, "221\n".into(), String::new())
    );
    assert_eq!(
        arbitre(&["perft", "simpei", "--depth", "2"]),
        (0, "96\n".into(), String::new())
    );
}

#[test]
fn random_turns_past_the_bound_are_a_usage_error_naming_the_flag() {
    // Once unbounded: a game nobody can end grew by gigabytes, and at a
    // million turns printed a record that `check` called malformed.
    for turns in ["100001", "1000000", "18446744073709551615"] {
        let (status, stdout, stderr) = arbitre(&["random", "superpion", "--max-turns", turns]);
        assert_eq!(status, 2, "--max-turns {turns}: {stderr}");
        assert!(stdout.is_empty(), "--max-turns {turns}: {stdout}");
        assert!(
            stderr.contains(&format!(
                "invalid value '{turns}' for '--max-turns <MAX_TURNS>'"
            )) && stderr.contains("is not in 0..=100000"),
            "--max-turns {turns}: {stderr}"
        );
    }
}

/// At the bound, a game that never ends (Superpion's teams, seed 2: past
/// its last capture the camps go round for ever) is a record `check`
/// accepts under the default limits, unfinished after 100,000 turns.
#[test]
fn random_turns_at_the_bound_are_a_record_check_accepts() {
    let (status, record, stderr) = arbitre(&[
        "random",
        "superpion",
        "--mode",
        "teams",
        "--seed",
        "2",
        "--max-turns",
        "100000",
    ]);
    assert_eq!(status, 0, "{stderr}");
    assert!(record.len() < 8 * 1024 * 1024, "{} bytes", record.len());
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .args(["check", "-"])
        .write_stdin(record)
        .output()
        .unwrap();
    let verdict = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{verdict}");
    assert!(verdict.contains("after 100000 turns"), "{verdict}");
}

#[test]
fn solve_jobs_past_the_bound_are_a_usage_error_naming_the_range() {
    // Once held to 64 without a word.
    for jobs in ["0", "65", "100000"] {
        let (status, stdout, stderr) =
            arbitre(&["solve", "simpei", "--pieces", "1", "--jobs", jobs]);
        assert_eq!(status, 2, "--jobs {jobs}: {stderr}");
        assert!(stdout.is_empty(), "--jobs {jobs}: {stdout}");
        assert!(
            stderr.contains(&format!("invalid value '{jobs}' for '--jobs <N>'"))
                && stderr.contains("is not in 1..=64"),
            "--jobs {jobs}: {stderr}"
        );
    }
}
