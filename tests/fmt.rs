//! `arbitre fmt` as a user meets it: each flag and exit status, what is
//! kept byte for byte, the atomic rewrite; and the properties that make a
//! formatter safe to run on a referee's records: formatting never changes
//! what a record says, and formatting twice is formatting once.

#![cfg(feature = "cli")]

mod scratch;

use std::path::Path;

use scratch::Scratch;

use arbitre::rng::Rng;
use arbitre::{Limits, Reader, RecordReport, Switches};
use assert_cmd::Command;
use proptest::prelude::*;

fn arbitre() -> Command {
    let mut cmd = Command::cargo_bin("arbitre").unwrap();
    cmd.env("NO_COLOR", "1");
    cmd
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory of its own for a test.
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("fmt-{name}"))
}

/// The files of a directory, by name.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// What `fmt` writes of `text`.
fn formatted(text: &[u8]) -> Vec<u8> {
    formatted_within(text, Limits::default())
}

/// What `fmt` writes of `text`, read under `limits`.
fn formatted_within(text: &[u8], limits: Limits) -> Vec<u8> {
    let mut out = Vec::new();
    arbitre::format::format_stream(text, limits, &Switches::new(), |piece| {
        out.extend_from_slice(piece.written);
        Ok(())
    })
    .unwrap();
    out
}

/// What a referee says of each record of `text`: the verdict, the rule and
/// the turn of its diagnostic, the turns replayed, the end (status,
/// winner, whose turn, scores) and the final position drawn.
fn said(text: &[u8]) -> Vec<String> {
    said_within(text, Limits::default())
}

/// What a referee reading under `limits` says of each record of `text`.
fn said_within(text: &[u8], limits: Limits) -> Vec<String> {
    let switches = Switches::new();
    Reader::with_limits(text, limits)
        .map(|record| {
            let record = record.unwrap();
            let checked = arbitre::check(&record, &switches);
            let report = RecordReport::new("x.arb", &record, &checked);
            let diagnostic = report
                .diagnostic
                .as_ref()
                .map(|d| (d.rule.clone(), d.turn_index, d.turn.clone()));
            let position = arbitre::dispatch::stop(&record, &switches, None)
                .map_or_else(|_| "no position".to_string(), |stop| stop.diagram);
            format!(
                "{:?} {diagnostic:?} turns={} {:?} {:?} {:?} {:?}\n{position}",
                report.verdict,
                report.turns,
                report.status,
                report.winner,
                report.to_move,
                report.scores,
            )
        })
        .collect()
}

const NOT_CANONICAL: &str =
    "--- # a game\ngame: simpei\n---\n1.E3 1...c3 {reply}\n2.a3 c3>g7 2...D4 3.g3\n";
const CANONICAL: &str =
    "--- # a game\ngame: simpei\n---\n1. e3 c3 {reply}\n2. a3 c3>g7 d4\n3. g3\n";

#[test]
fn fmt_prints_the_canonical_form() {
    let dir = scratch("print");
    let file = dir.join("game.arb");
    std::fs::write(&file, NOT_CANONICAL).unwrap();
    arbitre()
        .args(["fmt", file.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout(CANONICAL)
        .stderr("");
    // Standard input too; the file is not touched.
    arbitre()
        .args(["fmt", "-"])
        .write_stdin(NOT_CANONICAL)
        .assert()
        .code(0)
        .stdout(CANONICAL);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), NOT_CANONICAL);
}

#[test]
fn check_prints_a_unified_diff_and_exits_1_when_a_file_would_change() {
    let dir = scratch("check");
    let (bad, good) = (dir.join("bad.arb"), dir.join("good.arb"));
    std::fs::write(&bad, NOT_CANONICAL).unwrap();
    std::fs::write(&good, CANONICAL).unwrap();
    let (bad, good) = (bad.to_str().unwrap(), good.to_str().unwrap());
    arbitre()
        .args(["fmt", "--check", good])
        .assert()
        .code(0)
        .stdout("");
    let diff = format!(
        "--- a/{bad}\n+++ b/{bad}\n@@ -1,5 +1,6 @@\n --- # a game\n game: simpei\n ---\n\
         -1.E3 1...c3 {{reply}}\n-2.a3 c3>g7 2...D4 3.g3\n\
         +1. e3 c3 {{reply}}\n+2. a3 c3>g7 d4\n+3. g3\n"
    );
    arbitre()
        .args(["fmt", "--check", good, bad])
        .assert()
        .code(1)
        .stdout(diff.clone());
    assert_eq!(std::fs::read_to_string(bad).unwrap(), NOT_CANONICAL);
    // The diff applies: what it leads to is what fmt prints.
    let patched = dir.join("patched.arb");
    std::fs::write(&patched, NOT_CANONICAL).unwrap();
    let applied = std::process::Command::new("patch")
        .arg(&patched)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(diff.as_bytes())?;
            child.wait()
        });
    if let Ok(status) = applied {
        assert!(status.success());
        assert_eq!(std::fs::read_to_string(&patched).unwrap(), CANONICAL);
    }
}

#[test]
fn in_place_rewrites_atomically_and_keeps_permissions() {
    let dir = scratch("in-place");
    let (bad, good) = (dir.join("bad.arb"), dir.join("good.arb"));
    std::fs::write(&bad, NOT_CANONICAL).unwrap();
    std::fs::write(&good, CANONICAL).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&bad, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    let before = std::fs::metadata(&good).unwrap().modified().unwrap();
    arbitre()
        .args(["fmt", "--in-place", dir.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout("")
        .stderr("");
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), CANONICAL);
    // A canonical file is not written at all.
    assert_eq!(
        std::fs::metadata(&good).unwrap().modified().unwrap(),
        before
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&bad).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
    // No temporary file is left behind.
    assert_eq!(listing(&dir), ["bad.arb", "good.arb"]);
    // Through a symbolic link, the file it points to is rewritten and the
    // link stays.
    #[cfg(unix)]
    {
        let (linked, link) = (dir.join("linked.arb"), dir.join("link.arb"));
        std::fs::write(&linked, NOT_CANONICAL).unwrap();
        std::os::unix::fs::symlink(&linked, &link).unwrap();
        arbitre().args(["fmt", "-i"]).arg(&link).assert().code(0);
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&linked).unwrap(), CANONICAL);
        std::fs::remove_file(&link).unwrap();
        std::fs::remove_file(&linked).unwrap();
    }
    // Formatted already: a second run changes nothing, and --check agrees.
    arbitre()
        .args(["fmt", "--check", dir.to_str().unwrap()])
        .assert()
        .code(0);
}

#[test]
fn in_place_that_fails_leaves_the_file_whole() {
    let dir = scratch("in-place-fails");
    let file = dir.join("game.arb");
    // More blank lines before the record than fmt holds with this limit:
    // the run fails part way, after records have been read.
    let text = format!("{}{NOT_CANONICAL}", "\n".repeat(3 << 20));
    std::fs::write(&file, &text).unwrap();
    arbitre()
        .args(["fmt", "--in-place", "--max-record-bytes", "1000"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("raise --max-record-bytes"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    assert_eq!(listing(&dir), ["game.arb"]);
}

#[test]
fn usage_errors_exit_2() {
    arbitre()
        .args(["fmt", "--in-place", "-"])
        .write_stdin(CANONICAL)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "--in-place cannot rewrite standard input",
        ));
    arbitre()
        .args(["fmt", "--check", "--in-place", "x.arb"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot be used with"));
    arbitre()
        .args(["fmt", "--rule", "nope", "-"])
        .write_stdin(CANONICAL)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not a house rule"));
}

#[test]
fn malformed_and_illegal_records_are_kept_with_their_diagnostic() {
    let illegal = "---\ngame: simpei\n---\nC3 c3\n";
    let malformed = "---\ngame: simpei\n---\nC3 zz\n";
    let text = format!("{illegal}{NOT_CANONICAL}");
    arbitre()
        .args(["fmt", "-"])
        .write_stdin(text.clone())
        .assert()
        .code(1)
        .stdout(format!("{illegal}{CANONICAL}"))
        .stderr("-:4:4: error[simpei/occupied]: illegal: c3 is occupied (turn 1... blue)\n");
    let text = format!("{malformed}{illegal}{NOT_CANONICAL}");
    arbitre()
        .args(["fmt", "-"])
        .write_stdin(text.clone())
        .assert()
        .code(2)
        .stdout(format!("{malformed}{illegal}{CANONICAL}"))
        .stderr(predicates::str::contains(
            "-:4:4: error[syntax]: malformed: `zz` is not Simpei notation",
        ));
    // In --check, kept records are no change: the diff holds the rest.
    arbitre()
        .args(["fmt", "--check", "-"])
        .write_stdin(format!("{malformed}{CANONICAL}"))
        .assert()
        .code(2)
        .stdout("");
    // A record with warnings is formatted.
    let warned = "---\ngame: superpion\nrules: {forgive-missed-captures: true}\n\
                  setup:\n  pieces:\n    blue: [e5, k5]\n    red: [f6, j6, j8]\n    yellow: [j12]\n\
                  ---\n1.b E5XG7 K5XI7XK9\n";
    let out = arbitre()
        .args(["fmt", "-"])
        .write_stdin(warned)
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8_lossy(&out);
    assert!(out.ends_with("---\n1.B e5xg7 k5xi7xk9\n"), "{out}");
}

#[test]
fn stdin_filename_names_standard_input_in_the_diff_and_the_diagnostics() {
    arbitre()
        .args(["fmt", "--check", "--stdin-filename", "games/a b.arb", "-"])
        .write_stdin("---\ngame: simpei\n---\nC3 d4\n")
        .assert()
        .code(1)
        .stdout(predicates::str::starts_with(
            "--- a/games/a b.arb\n+++ b/games/a b.arb\n",
        ));
    arbitre()
        .args(["fmt", "--stdin-filename", "games/a.arb", "-"])
        .write_stdin("---\ngame: simpei\n---\nC3 c3\n")
        .assert()
        .code(1)
        .stderr(
            "games/a.arb:4:4: error[simpei/occupied]: illegal: c3 is occupied (turn 1... blue)\n",
        );
    // A file named on the command line keeps its name.
    let sample = root().join("samples/simpei/spec-example.arb");
    let output = arbitre()
        .args(["fmt", "--check", "--stdin-filename", "games/a.arb"])
        .arg(&sample)
        .output()
        .unwrap();
    let diff = String::from_utf8_lossy(&output.stdout);
    assert!(diff.contains("samples/simpei/spec-example.arb"), "{diff}");
    assert!(!diff.contains("games/a.arb"), "{diff}");
}

#[test]
fn bytes_outside_legal_movetexts_are_kept() {
    // A preamble, comments on `---` lines, CRLF, a blank line between
    // records, a record whose bytes are not UTF-8, and no final newline.
    let mut text: Vec<u8> = b"; games of 2026\r\n{ round 1 }\r\n\r\n--- # first\r\ngame: simpei\r\n---\r\n1.E3 c3 ; Ben\r\n\r\n".to_vec();
    text.extend_from_slice(b"---\ngame: simpei\n---\nc3 \xff\n");
    text.extend_from_slice(b"---\ngame: puluc\n---\n1. 2:e 3:e");
    let dir = scratch("bytes");
    let file = dir.join("games.arb");
    std::fs::write(&file, &text).unwrap();
    let mut expected: Vec<u8> = b"; games of 2026\r\n{ round 1 }\r\n\r\n--- # first\r\ngame: simpei\r\n---\r\n1. e3 c3 ; Ben\r\n\r\n".to_vec();
    expected.extend_from_slice(b"---\ngame: simpei\n---\nc3 \xff\n");
    expected.extend_from_slice(b"---\ngame: puluc\n---\n1. 2:e-2 3:e-7\n");
    arbitre()
        .arg("fmt")
        .arg(&file)
        .assert()
        .code(2)
        .stdout(expected.clone())
        .stderr(predicates::str::contains("not UTF-8"));
    arbitre()
        .args(["fmt", "--in-place"])
        .arg(&file)
        .assert()
        .code(2);
    assert_eq!(std::fs::read(&file).unwrap(), expected);
}

#[test]
fn unreadable_paths_are_reported_and_the_others_formatted() {
    let dir = scratch("unreadable");
    let file = dir.join("game.arb");
    std::fs::write(&file, NOT_CANONICAL).unwrap();
    let missing = dir.join("missing.arb");
    arbitre()
        .arg("fmt")
        .arg(&missing)
        .arg(&file)
        .assert()
        .code(2)
        .stdout(CANONICAL)
        .stderr(predicates::str::contains("error: cannot read"));
}

/// Every sample keeps what a referee says of it, and is formatted once.
#[test]
fn every_sample_formatted_keeps_its_verdict() {
    let mut dirs = vec![root().join("samples")];
    let mut seen = 0;
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let text = std::fs::read(&path).unwrap();
            let once = formatted(&text);
            assert_eq!(said(&text), said(&once), "{}", path.display());
            assert_eq!(formatted(&once), once, "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen > 100, "{seen} samples");
}

/// A random legal game of a game and mode (the default, or one the game
/// names), as `arbitre random` writes it.
fn random_record(game: usize, mode: usize, seed: u64, max_turns: usize) -> String {
    let games = arbitre::games::all();
    let referee = games[game % games.len()];
    let modes: Vec<Option<&str>> = std::iter::once(None)
        .chain(referee.modes().iter().copied().map(Some))
        .collect();
    let mode = modes[mode % modes.len()];
    referee.random(mode, seed, max_turns).unwrap()
}

/// The record with its movetext written another way, as people write it:
/// squares in capitals, move numbers left out or glued on, Superpion
/// captures in their short form, Puluc destinations left out, lines
/// broken anywhere, comments between the tokens. Some of these make the
/// record illegal (a short form that is ambiguous), which fmt must keep.
fn mutated(record: &str, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let split = record
        .match_indices("---\n")
        .nth(1)
        .map_or(0, |(at, _)| at + 4);
    let (header, movetext) = record.split_at(split);
    let mut out = header.to_string();
    out.push_str(["", "", "; before the first turn\n", "{ before } "][rng.below(4)]);
    for token in movetext.split_whitespace() {
        let mut token = token.to_string();
        if rng.below(3) == 0 {
            token = token.to_ascii_uppercase();
        }
        let number = token.ends_with('.')
            && token[..token.len() - 1]
                .trim_end_matches('.')
                .parse::<u32>()
                .is_ok();
        if number && rng.below(2) == 0 {
            continue;
        }
        if let Some((_, head)) = token
            .split_once('.')
            .filter(|(n, h)| n.parse::<u32>().is_ok() && h.len() == 1)
        {
            if rng.below(3) == 0 {
                token = head.to_string();
            }
        }
        if rng.below(2) == 0 {
            // `a1xb2xc3=R` to `a1xc3=R`; `3:4-7` to `3:4`.
            let (path, mark) = token.split_at(token.find('=').unwrap_or(token.len()));
            let jumps: Vec<&str> = path.split(['x', 'X']).collect();
            if jumps.len() > 2 {
                token = format!("{}x{}{mark}", jumps[0], jumps[jumps.len() - 1]);
            }
            if let Some((source, _)) = token.split_once(':').and_then(|(throw, rest)| {
                rest.split_once('-')
                    .filter(|(s, _)| !s.is_empty())
                    .map(|(s, _)| (format!("{throw}:{s}"), ()))
            }) {
                token = source;
            }
        }
        out.push_str(&token);
        let separator = match rng.below(12) {
            0 => "\n",
            1 => "\n\n",
            2 => " { a comment } ",
            3 => " ; to the end\n",
            4 => "\t",
            5 => "{x}",
            // A move number glued to what follows: `1.c3`.
            _ if number && rng.below(2) == 0 => "",
            _ => " ",
        };
        out.push_str(separator);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A random game, written canonically or not: formatting keeps what a
    /// referee says of it, and formatting again changes nothing.
    #[test]
    fn formatting_keeps_the_verdict_and_is_idempotent(
        game in any::<usize>(),
        mode in 0usize..6,
        seed in any::<u64>(),
        max_turns in 0usize..60,
        mutation in any::<u64>(),
        crlf in any::<bool>(),
    ) {
        let record = random_record(game, mode, seed, max_turns);
        let mut text = mutated(&record, mutation);
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        let once = formatted(text.as_bytes());
        prop_assert_eq!(said(text.as_bytes()), said(&once), "{}", text);
        prop_assert_eq!(formatted(&once), once.clone(), "{}", text);
    }
}

/// The properties above are not vacuous: most mutated games stay legal,
/// and fmt changes them (back to what arbitre writes).
#[test]
fn mutated_games_are_mostly_legal_and_formatted() {
    for game in 0..arbitre::games::all().len() {
        let (mut legal, mut changed) = (0, 0);
        for seed in 0..30 {
            let record = random_record(game, seed as usize, seed, 40);
            let text = mutated(&record, seed + 1000);
            let once = formatted(text.as_bytes());
            legal += usize::from(said(text.as_bytes())[0].starts_with("Legal"));
            changed += usize::from(once != text.as_bytes());
        }
        assert!(
            legal >= 20 && changed >= 20,
            "game {game}: {legal} legal, {changed} changed"
        );
    }
}

/// Runs `program` with `args` in `dir`, `stdin` fed to it; its output, or
/// `None` when the program is not installed.
fn run_in(dir: &Path, program: &str, args: &[&str], stdin: &[u8]) -> Option<std::process::Output> {
    use std::io::Write;
    use std::process::Stdio;
    let child = std::process::Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        other => other.unwrap(),
    };
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    Some(child.wait_with_output().unwrap())
}

/// `diff` applied to a copy of `original`, named `name`, in a directory
/// of its own, by `patch` (strictly: no fuzz, no offset) or by
/// `git apply` (checked first); the copy's bytes after. `None` when the
/// tool is not installed.
fn applied(dir: &Path, tool: &str, name: &str, original: &[u8], diff: &[u8]) -> Option<Vec<u8>> {
    let copy = dir.join(format!("by-{tool}"));
    std::fs::create_dir_all(&copy).unwrap();
    std::fs::write(copy.join(name), original).unwrap();
    let outputs = match tool {
        "patch" => vec![run_in(
            &copy,
            "patch",
            &["-p1", "--batch", "--fuzz=0", "--no-backup-if-mismatch"],
            diff,
        )?],
        _ => {
            let git = |check: bool| {
                let mut args = vec!["-c", "core.autocrlf=false", "apply"];
                args.extend(check.then_some("--check"));
                run_in(&copy, "git", &args, diff)
            };
            vec![git(true)?, git(false)?]
        }
    };
    for output in outputs {
        let said = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{tool} refused the diff: {said}");
        assert!(
            !said.contains("offset") && !said.contains("fuzz"),
            "{tool} applied the diff loosely: {said}"
        );
    }
    Some(std::fs::read(copy.join(name)).unwrap())
}

/// `fmt --check`'s diff applies, with `patch` and with `git apply`, and
/// gives what fmt prints: whatever the record's lines end with. A lone CR
/// is inside its line for both tools (and for arbitre); a diff that split
/// the line there was refused by both, and numbered every later hunk
/// wrong.
#[test]
fn check_diffs_apply_with_patch_and_git_apply() {
    let far = "---\ngame: simpei\n---\n1. e3 c3\n2. a3 c3>g7 d4\n3. g3\n\n\n\n\n\n";
    let cases: [(&str, String); 9] = [
        (
            "a lone CR in a brace comment, and a hunk after it",
            format!("---\ngame: simpei\n---\nE3 {{ a\rb }} c3\nA3 c3>g7\n\nd4\ng3\n{far}{NOT_CANONICAL}"),
        ),
        (
            "a lone CR in a line comment",
            "---\ngame: simpei\n---\nE3 c3 ; a\rb\nA3 c3>g7\n".into(),
        ),
        (
            "a lone CR between turns",
            "---\ngame: simpei\n---\nE3\rc3\r\rA3 c3>g7\n".into(),
        ),
        (
            "a lone CR at the end of the file",
            "---\ngame: simpei\n---\nE3 c3\r".into(),
        ),
        (
            "a lone CR in a record kept, between two that change",
            format!("{NOT_CANONICAL}---\ngame: simpei\n---\nc3 {{\r}} zz\n{NOT_CANONICAL}"),
        ),
        (
            "CRLF",
            "--- # a game\r\ngame: simpei\r\n---\r\n1.E3 1...c3 {reply}\r\n2.a3 c3>g7 2...D4 3.g3\r\n"
                .into(),
        ),
        (
            "CRLF in a comment of an LF record",
            "---\ngame: puluc\n---\n1. 2:e-2   { x }\n   3:e-7 { y\r\nz }\r\n".into(),
        ),
        (
            "no final line ending",
            format!("{far}---\ngame: simpei\n---\nE3 c3"),
        ),
        (
            "no final line ending after a comment with a lone CR",
            "---\ngame: simpei\n---\nE3 c3 {\r}".into(),
        ),
    ];
    let dir = scratch("diff-applies");
    for (i, (what, text)) in cases.iter().enumerate() {
        let case = dir.join(i.to_string());
        std::fs::create_dir_all(&case).unwrap();
        std::fs::write(case.join("g.arb"), text).unwrap();
        let fmt = |flag: Option<&str>| {
            let mut cmd = arbitre();
            cmd.current_dir(&case).arg("fmt").args(flag).arg("g.arb");
            cmd.output().unwrap()
        };
        let printed = fmt(None).stdout;
        assert_ne!(printed, text.as_bytes(), "{what}: fmt changes it");
        let checked = fmt(Some("--check"));
        assert_ne!(checked.status.code(), Some(0), "{what}");
        for tool in ["patch", "git"] {
            match applied(&case, tool, "g.arb", text.as_bytes(), &checked.stdout) {
                Some(after) => assert_eq!(
                    String::from_utf8_lossy(&after),
                    String::from_utf8_lossy(&printed),
                    "{what}: {tool}\n{}",
                    String::from_utf8_lossy(&checked.stdout)
                ),
                None => eprintln!("{tool} is not installed: not tried"),
            }
        }
    }
}

/// `fmt --in-place` on a FIFO, a socket or a device, named or through a
/// link: an error that says what it is, and the file left as it was (a
/// FIFO was opened, which waits for a writer, then replaced by a regular
/// file).
#[cfg(unix)]
#[test]
fn in_place_leaves_special_files_alone() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("in-place-special");
    let fifo = dir.join("fifo.arb");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let socket = dir.join("socket.arb");
    let _listening = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let null = dir.join("null.arb");
    std::os::unix::fs::symlink("/dev/null", &null).unwrap();
    let mut cases = vec![
        (socket.clone(), "a socket"),
        ("/dev/null".into(), "a character device"),
        (null.clone(), "a character device"),
    ];
    if made.is_ok_and(|s| s.success()) {
        cases.push((fifo.clone(), "a FIFO"));
    }
    for (path, what) in &cases {
        arbitre()
            .args(["fmt", "--in-place"])
            .arg(path)
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "error: cannot rewrite {}: not a regular file ({what}); fmt --in-place leaves it alone\n",
                path.display()
            ));
    }
    assert!(std::fs::symlink_metadata(&socket)
        .unwrap()
        .file_type()
        .is_socket());
    assert!(std::fs::symlink_metadata(&null)
        .unwrap()
        .file_type()
        .is_symlink());
    if cases.len() == 4 {
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
    }
    // No temporary file is left behind.
    let mut left = listing(&dir);
    left.retain(|name| name != "fifo.arb");
    assert_eq!(left, ["null.arb", "socket.arb"]);
}

/// A file whose mode forbids its owner to write it is not rewritten, even
/// by root, whom the system lets write it: fmt reads the mode bits. One
/// already canonical needs no writing and is no error.
#[cfg(unix)]
#[test]
fn in_place_leaves_a_file_its_mode_forbids_writing_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("in-place-read-only");
    let (bad, good) = (dir.join("bad.arb"), dir.join("good.arb"));
    std::fs::write(&bad, NOT_CANONICAL).unwrap();
    std::fs::write(&good, CANONICAL).unwrap();
    for mode in [0o444, 0o555, 0o044] {
        for file in [&bad, &good] {
            std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode)).unwrap();
        }
        arbitre()
            .args(["fmt", "-i"])
            .arg(&bad)
            .assert()
            .code(2)
            .stderr(format!(
                "error: cannot rewrite {}: its mode ({mode:04o}) forbids its owner to write it, \
                 and fmt --in-place keeps a file's mode; it is left alone (chmod u+w to format it)\n",
                bad.display()
            ));
        assert_eq!(std::fs::read_to_string(&bad).unwrap(), NOT_CANONICAL);
        let kept = std::fs::metadata(&bad).unwrap().permissions().mode();
        assert_eq!(kept & 0o7777, mode);
        arbitre()
            .args(["fmt", "-i"])
            .arg(&good)
            .assert()
            .code(0)
            .stderr("");
    }
    assert_eq!(listing(&dir), ["bad.arb", "good.arb"]);
    // Writable again: formatted, its mode kept.
    std::fs::set_permissions(&bad, std::fs::Permissions::from_mode(0o604)).unwrap();
    arbitre().args(["fmt", "-i"]).arg(&bad).assert().code(0);
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), CANONICAL);
    let mode = std::fs::metadata(&bad).unwrap().permissions().mode();
    assert_eq!(mode & 0o7777, 0o604);
}

/// Whoever runs it, the file rewritten keeps its owner and group: root
/// gives them to the new file; a user who cannot (the file is another's)
/// leaves the file alone rather than take it over. Run as root only (as
/// CI runs), the other user through `setpriv`.
#[cfg(unix)]
#[test]
fn in_place_keeps_the_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = scratch("in-place-owner");
    let file = dir.join("game.arb");
    std::fs::write(&file, NOT_CANONICAL).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    if std::os::unix::fs::chown(&file, Some(1234), Some(5678)).is_err() {
        eprintln!("not root: the owner is not tried");
        return;
    }
    arbitre()
        .args(["fmt", "-i"])
        .arg(&file)
        .assert()
        .code(0)
        .stderr("");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), CANONICAL);
    let meta = std::fs::metadata(&file).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (1234, 5678));
    assert_eq!(meta.mode() & 0o7777, 0o640);
    // A user formatting root's file, in a directory anyone may write: it
    // could rename a file of its own over it, and does not.
    std::fs::set_permissions(&*dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let theirs = dir.join("theirs.arb");
    std::fs::write(&theirs, NOT_CANONICAL).unwrap();
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o666)).unwrap();
    std::os::unix::fs::chown(&theirs, Some(0), Some(0)).unwrap();
    let binary = assert_cmd::cargo::cargo_bin("arbitre");
    let run = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(&binary)
        .args(["fmt", "-i"])
        .arg(&theirs)
        .output();
    let Ok(run) = run else {
        eprintln!("no setpriv: another user is not tried");
        return;
    };
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&run.stderr),
        format!(
            "error: cannot rewrite {}: the formatted file cannot be given its owner (user 0, \
             group 0): Operation not permitted (os error 1); it is left alone\n",
            theirs.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&theirs).unwrap(), NOT_CANONICAL);
    let meta = std::fs::metadata(&theirs).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (0, 0));
    assert_eq!(listing(&dir), ["game.arb", "theirs.arb"]);
}

/// A file with several names (hard links) is not rewritten: a new file
/// renamed over one name would leave the others with the old text, and
/// writing into the file is not atomic. Both names stay one file, as it
/// was. One already canonical is no error.
#[cfg(unix)]
#[test]
fn in_place_leaves_a_file_with_other_names_alone() {
    use std::os::unix::fs::MetadataExt;
    let dir = scratch("in-place-links");
    let (one, other) = (dir.join("one.arb"), dir.join("other.arb"));
    std::fs::write(&one, NOT_CANONICAL).unwrap();
    std::fs::hard_link(&one, &other).unwrap();
    for path in [&one, &other] {
        arbitre()
            .args(["fmt", "-i"])
            .arg(path)
            .assert()
            .code(2)
            .stderr(format!(
                "error: cannot rewrite {}: it has 2 names (hard links), and renaming the \
                 formatted file over this one would leave the others with the old text; it is \
                 left alone\n",
                path.display()
            ));
    }
    // A directory walked reads the file once, under one of its names.
    arbitre()
        .args(["fmt", "-i"])
        .arg(&*dir)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("2 names").count(1));
    for path in [&one, &other] {
        assert_eq!(std::fs::read_to_string(path).unwrap(), NOT_CANONICAL);
    }
    let (a, b) = (
        std::fs::metadata(&one).unwrap(),
        std::fs::metadata(&other).unwrap(),
    );
    assert_eq!((a.ino(), a.nlink()), (b.ino(), 2));
    assert_eq!(listing(&dir), ["one.arb", "other.arb"]);
    std::fs::write(&one, CANONICAL).unwrap();
    arbitre()
        .args(["fmt", "-i"])
        .arg(&one)
        .assert()
        .code(0)
        .stderr("");
}

const SHORT_CAPTURE: &str = "---\ngame: superpion\nsetup:\n  pieces: {blue: [\"d4=R\", k3], red: [f6, e9, b10], yellow: [f12, h12], black: [k9, m9]}\n---\n1.b D4xN8 k3-k5\n";

/// A record whose canonical form its limits would refuse is written back
/// as it stands, with a warning that says why; its exit status is a legal
/// record's, and `--check` shows no change. What fmt wrote before (the
/// capture in full, a move number added) the same limits called
/// malformed.
#[test]
fn fmt_never_writes_what_its_limits_refuse() {
    let full = SHORT_CAPTURE.replace("1.b D4xN8", "1.B d4xj10xg13xd10xh6xl10xn8");
    arbitre()
        .args(["fmt", "-"])
        .write_stdin(SHORT_CAPTURE)
        .assert()
        .code(0)
        .stdout(full.clone());
    let warning = "-:6:1: warning: left as it is: in canonical form this turn is the token \
                   `d4xj10xg13xd10xh6xl10xn8`, 24 bytes, more than the limit of 10 \
                   (--max-token-bytes)\n";
    for flag in [None, Some("--check")] {
        arbitre()
            .args(["fmt", "--max-token-bytes", "10"])
            .args(flag)
            .arg("-")
            .write_stdin(SHORT_CAPTURE)
            .assert()
            .code(0)
            .stdout(if flag.is_some() { "" } else { SHORT_CAPTURE })
            .stderr(warning);
    }
    arbitre()
        .args(["check", "--max-token-bytes", "10", "-"])
        .write_stdin(SHORT_CAPTURE)
        .assert()
        .code(0);
    // A move number fmt would add: `1...` after a line comment.
    let numbered = "---\ngame: simpei\n---\ne3 ; x\nc3\n";
    arbitre()
        .args(["fmt", "--max-token-bytes", "3", "-"])
        .write_stdin(numbered)
        .assert()
        .code(0)
        .stdout(numbered)
        .stderr(
            "-:5:1: warning: left as it is: in canonical form this turn is the token `1...`, 4 \
             bytes, more than the limit of 3 (--max-token-bytes)\n",
        );
    // A record longer written canonically than --max-record-bytes.
    let short = "---\ngame: simpei\n---\ne3 c3 a3 c3>g7 d4 g3\n";
    arbitre()
        .args(["fmt", "--max-record-bytes"])
        .arg(short.len().to_string())
        .arg("-")
        .write_stdin(short)
        .assert()
        .code(0)
        .stdout(short)
        .stderr(format!(
            "-:1:1: warning: left as it is: in canonical form this record is 51 bytes, more \
             than the limit of {} (--max-record-bytes)\n",
            short.len()
        ));
    // --in-place leaves the file as it is.
    let dir = scratch("limits");
    let file = dir.join("game.arb");
    std::fs::write(&file, SHORT_CAPTURE).unwrap();
    arbitre()
        .args(["fmt", "-i", "--max-token-bytes", "10"])
        .arg(&file)
        .assert()
        .code(0)
        .stderr(predicates::str::contains("left as it is"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), SHORT_CAPTURE);
}

/// Limits low enough that fmt often cannot write a record canonically,
/// and high enough that the record is read: its longest movetext word
/// and `token_slack` bytes a token (a move number fmt adds, a Superpion
/// capture or a Puluc turn written in full may pass them), the record
/// and `slack` bytes.
fn low_limits(text: &str, token_slack: usize, slack: usize) -> Limits {
    let movetext = text
        .match_indices("---\n")
        .nth(1)
        .map_or("", |(at, _)| &text[at..]);
    let longest = movetext
        .split(|c: char| c.is_whitespace() || "{};".contains(c))
        .map(str::len)
        .max()
        .unwrap_or(0);
    Limits {
        token_bytes: longest + token_slack,
        record_bytes: text.len() + slack,
        ..Limits::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Under any limits, what fmt writes is read under the same limits as
    /// the record it replaces (a record fmt accepts stays accepted, with
    /// the same outcome), and formatting it again changes nothing.
    #[test]
    fn fmt_output_is_accepted_under_the_limits_it_was_written_with(
        game in any::<usize>(),
        mode in 0usize..6,
        seed in any::<u64>(),
        max_turns in 0usize..40,
        mutation in any::<u64>(),
        token_slack in 0usize..8,
        slack in 0usize..64,
    ) {
        let record = random_record(game, mode, seed, max_turns);
        let text = mutated(&record, mutation);
        let limits = low_limits(&text, token_slack, slack);
        let once = formatted_within(text.as_bytes(), limits);
        prop_assert_eq!(
            said_within(text.as_bytes(), limits),
            said_within(&once, limits),
            "{}", text
        );
        prop_assert_eq!(formatted_within(&once, limits), once.clone(), "{}", text);
    }
}

/// The property above is not vacuous: under such limits, records are
/// formatted, and records fmt would have written past them are kept.
#[test]
fn low_limits_keep_some_records_and_format_others() {
    let (mut kept, mut changed) = (0, 0);
    for seed in 0..90u64 {
        let record = random_record(seed as usize, seed as usize, seed, 30);
        let text = mutated(&record, seed + 1000);
        let limits = low_limits(&text, seed as usize % 8, seed as usize % 64);
        arbitre::format::format_stream(text.as_bytes(), limits, &Switches::new(), |piece| {
            kept += usize::from(piece.kept.is_some());
            changed += usize::from(piece.changed());
            Ok(())
        })
        .unwrap();
    }
    assert!(
        kept >= 10 && changed >= 10,
        "{kept} kept, {changed} changed"
    );
}
