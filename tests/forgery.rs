//! No output forged (issue 14): text from input (names, comments, paths,
//! bytes) reaches a person's terminal escaped, never as a control that
//! sets a title, clears the screen or starts a line of its own; and it is
//! cut where a verdict line or a table quotes it.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

mod run;

mod scratch;

use std::path::Path;

use scratch::Scratch;

use arbitre::escape::first_unshown;
use run::run;
use serde_json::Value;

/// A fresh directory for one test.
fn dir(name: &str) -> Scratch {
    Scratch::new(&format!("forgery-{name}"))
}

/// `text` written to `name` in `dir`, as a path for the command line.
fn file(dir: &Path, name: &str, text: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Fails on the first character of `out` a terminal would act on.
fn assert_unforged(out: &str, color: bool, what: &str) {
    if let Some(at) = first_unshown(out, color) {
        panic!("{what}: a raw control at byte {at}:\n{out:?}");
    }
}

const FORGED_NAME: &str = r#""\e]0;PWNED\a\e[2J\e[31mBen\nfake: legal""#;
/// The name as human output shows it.
const SHOWN_NAME: &str = r"\e]0;PWNED\a\e[2J\e[31mBen\nfake: legal";

fn named(name: &str) -> String {
    format!("---\ngame: simpei\nplayers: {{red: {name}, blue: Bo}}\n---\n1. c5 f4\n")
}

#[test]
fn a_name_is_escaped_in_the_verdict_line_and_the_score_table() {
    let dir = dir("name");
    let path = file(&dir, "name.arb", named(FORGED_NAME).as_bytes());
    for color in ["never", "always"] {
        for command in ["check", "score"] {
            let (code, out, err) = run(&["--color", color, command, &path]);
            assert_eq!(code, 0, "{out}{err}");
            assert_unforged(&out, color == "always", command);
            assert!(out.contains(SHOWN_NAME), "{command}:\n{out}");
            assert!(!out.lines().any(|l| l.starts_with("fake")), "{out}");
        }
    }
    let (_, out, _) = run(&["check", &path]);
    assert_eq!(
        out,
        format!("{path}#0: legal: unfinished, red ({SHOWN_NAME}) to act after 2 turns\n")
    );
    // A bidi override, which would turn the rest of the line around.
    let bidi = file(&dir, "bidi.arb", named(r#""\u202Eeva""#).as_bytes());
    let (_, out, _) = run(&["check", &bidi]);
    assert!(out.contains(r"red (\u{202e}eva) to act"), "{out}");
    // Its neighbour: a plain name is shown as it is.
    let plain = file(&dir, "plain.arb", named("Ana").as_bytes());
    let (_, out, _) = run(&["score", &plain]);
    assert!(
        out.starts_with("unfinished, red (Ana) to act after 2 turns\n"),
        "{out}"
    );
    assert!(out.contains("| Ana "), "{out}");
}

#[test]
fn a_name_is_escaped_where_show_and_moves_name_the_winner() {
    let dir = dir("winner");
    // Blue wins after three moves each.
    let text = format!(
        "---\ngame: simpei\nplayers: {{red: Ana, blue: {FORGED_NAME}}}\n---\n\
         1. c3 c1 2. a7 g5 3. a5 e3\n"
    );
    let path = file(&dir, "won.arb", text.as_bytes());
    for command in ["moves", "check", "score"] {
        let (code, out, err) = run(&[command, &path]);
        assert_eq!(code, 0, "{command}: {out}{err}");
        assert_unforged(&out, false, command);
        assert!(out.contains(SHOWN_NAME), "{command}:\n{out}");
    }
    let (_, out, _) = run(&["moves", &path]);
    assert_eq!(
        out,
        format!("After 6 turns: 0 legal turns. Game over: blue ({SHOWN_NAME}) wins\n")
    );
    // The diagram says who won by colour.
    let (_, out, _) = run(&["show", &path]);
    assert_unforged(&out, false, "show");
    assert!(out.ends_with("Game over: blue has won\n"), "{out}");
}

/// Characters drawn as nothing: "Ana" and "Ana" with a zero-width space
/// look the same, a name of tag characters shows as nothing at all.
#[test]
fn invisible_characters_are_escaped_like_controls() {
    let dir = dir("invisible");
    // A zero-width space after Ana; "A () to throw" in tag characters;
    // a byte-order mark, a soft hyphen, a word joiner and an isolate in a
    // comment before an illegal turn.
    let tags: String = "A () to throw"
        .chars()
        .map(|c| format!("\\U{:08X}", 0xe0000 + c as u32))
        .collect();
    let text = format!(
        "---\ngame: simpei\nplayers: {{red: \"Ana\\u200B\", blue: \"{tags}\"}}\n---\n\
         {{x\u{feff}\u{ad}\u{2060}\u{2066}y}} 1. c5 c5\n"
    );
    let path = file(&dir, "in\u{200b}visible.arb", text.as_bytes());
    let shown_path = path.replace('\u{200b}', r"\u{200b}");
    let shown_tags = r"\u{e0041}\u{e0020}\u{e0028}\u{e0029}";
    for args in [
        vec!["check", &path],
        vec!["check", "--format", "short", &path],
        vec!["check", "--format", "github", &path],
        vec!["score", &path],
        vec!["moves", "--turn", "1", &path],
        vec!["show", &path],
    ] {
        let (_, out, err) = run(&args);
        assert_unforged(&out, false, &args.join(" "));
        assert_unforged(&err, false, &args.join(" "));
        assert!(
            out.contains(&shown_path) || err.contains(&shown_path) || args[0] != "check",
            "{args:?}: {out}{err}"
        );
    }
    let (_, out, _) = run(&["check", &path]);
    assert!(
        out.contains(r"  line 5: {x\u{feff}\u{ad}\u{2060}\u{2066}y} 1. c5 c5"),
        "{out}"
    );
    // The column is still the file's: one for each invisible character.
    assert!(
        out.contains(&format!("at {shown_path}:5:16, `c5`\n")),
        "{out}"
    );
    let legal = file(&dir, "names.arb", text.replace(" c5\n", " c3\n").as_bytes());
    let (_, out, _) = run(&["check", &legal]);
    assert!(out.contains(r"red (Ana\u{200b}) to act"), "{out}");
    let (_, out, _) = run(&["score", &legal]);
    assert_unforged(&out, false, "score");
    assert!(out.contains(r"| Ana\u{200b} "), "{out}");
    assert!(out.contains(shown_tags), "{out}");
    // Machine output keeps them as they are.
    let (_, json, _) = run(&["score", "--format", "json", &legal]);
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["records"][0]["players"]["red"], "Ana\u{200b}");
}

#[test]
fn controls_in_a_comment_are_escaped_in_the_excerpt() {
    let dir = dir("comment");
    let path = file(
        &dir,
        "comment.arb",
        b"---\ngame: simpei\n---\n{x\x1b[2J\x07y\rz\t} 1. c5 c5\n",
    );
    let (code, out, _) = run(&["check", &path]);
    assert_eq!(code, 1);
    assert_unforged(&out, false, "check");
    // The column counts the file's characters, one for each control. A
    // tab is escaped too: one character, one column.
    assert!(out.contains(&format!("at {path}:4:20, `c5`\n")), "{out}");
    assert!(
        out.contains(r"  line 4: {x\e[2J\ay\rz\t} 1. c5 c5"),
        "{out}"
    );
    let (_, short, _) = run(&["check", "--format", "short", &path]);
    assert_eq!(
        short,
        format!("{path}:4:20: error[simpei/occupied]: illegal: c5 is occupied (turn 1... blue)\n")
    );
    let (_, json, _) = run(&["check", "--format", "json", &path]);
    let report: Value = serde_json::from_str(&json).unwrap();
    let d = &report["records"][0]["diagnostic"];
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(4), Some(20))
    );
}

#[test]
fn a_path_with_a_newline_stays_on_its_line() {
    let dir = dir("path");
    let name = "a\nfake.arb:1:1: legal.arb";
    let path = file(&dir, name, b"---\ngame: simpei\n---\n1. c5 c5\n");
    let shown = path.replace('\n', r"\n");
    let (code, short, _) = run(&["check", "--format", "short", &path]);
    assert_eq!(code, 1);
    assert_eq!(short.lines().count(), 1, "{short}");
    assert!(
        short.starts_with(&format!("{shown}:4:7: error[simpei/occupied]: illegal")),
        "{short}"
    );
    let (_, out, _) = run(&["check", &path]);
    assert_unforged(&out, false, "check");
    assert!(out.starts_with(&format!("{shown}#0: illegal")), "{out}");
    // JSON keeps the path as it is, in its own escaping.
    let (_, json, _) = run(&["check", "--format", "json", &path]);
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["records"][0]["path"].as_str(), Some(path.as_str()));
    // The command to list the legal turns names the file in ANSI-C quotes,
    // which a shell reads back as the same name.
    let quoted = path.replace('\n', r"\x0a");
    assert!(
        out.contains(&format!("arbitre moves $'{quoted}' --turn '1... blue'\n")),
        "{out}"
    );
    // A directory walked: the path it finds is escaped too.
    let (_, out, _) = run(&["check", "--format", "short", &dir.to_string_lossy()]);
    assert_eq!(out.lines().count(), 1, "{out}");
    // An unreadable one, in the closing list and on standard error.
    let gone = dir.join("gone\n\u{1b}[2J.arb");
    let gone = gone.to_string_lossy();
    let (code, out, err) = run(&["check", &gone, &path]);
    assert_eq!(code, 2);
    assert_unforged(&out, false, "check");
    assert_unforged(&err, false, "standard error");
    assert!(out.contains(r"gone\n\e[2J.arb: unreadable: "), "{out}");
}

/// Bytes as `/dev/urandom` gives them, the same each run.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = arbitre::rng::Rng::new(seed);
    (0..len).map(|_| rng.next_u64() as u8).collect()
}

#[test]
fn random_bytes_print_no_control() {
    let dir = dir("noise");
    for seed in 0..4 {
        let mut text = b"---\ngame: simpei\n---\n".to_vec();
        if seed % 2 == 0 {
            text.clear();
        }
        text.extend(noise(seed, 3000));
        let path = file(&dir, &format!("{seed}.arb"), &text);
        for args in [
            &["check"][..],
            &["check", "--format", "short"],
            &["score"],
            &["show"],
            &["moves"],
            &["stats"],
        ] {
            let mut args = args.to_vec();
            args.push(&path);
            let (_, out, err) = run(&args);
            assert_unforged(&out, false, &args.join(" "));
            assert_unforged(&err, false, &args.join(" "));
        }
    }
}

#[test]
fn a_huge_name_is_cut_in_the_verdict_line_and_the_table() {
    let dir = dir("huge");
    let huge = "N".repeat(60_000);
    let path = file(&dir, "huge.arb", named(&huge).as_bytes());
    let cut = format!("{}…", "N".repeat(40));
    let (code, out, _) = run(&["score", &path]);
    assert_eq!(code, 0);
    assert!(out.len() < 2_000, "{} bytes", out.len());
    assert!(out.contains(&format!("red ({cut}) to act")), "{out}");
    assert!(out.contains(&format!("| {cut} ")), "{out}");
    let (_, out, _) = run(&["check", &path]);
    assert!(out.len() < 200, "{out}");
    // Forty characters are not cut.
    let forty = "N".repeat(40);
    let path = file(&dir, "forty.arb", named(&forty).as_bytes());
    let (_, out, _) = run(&["score", &path]);
    assert!(out.contains(&format!("red ({forty}) to act")), "{out}");
    assert!(!out.contains('…'), "{out}");
    // A result contradicted by the huge name's win: the message quotes
    // the name cut.
    let text = format!(
        "---\ngame: simpei\nplayers: {{red: Ana, blue: {huge}}}\nresult: Ana\n---\n\
         1. c3 c1 2. a7 g5 3. a5 e3\n"
    );
    let path = file(&dir, "claimed.arb", text.as_bytes());
    for format in ["human", "json"] {
        let (code, out, _) = run(&["score", "--format", format, &path]);
        assert_eq!(code, 1, "{out}");
        // JSON's `players` is data: the names whole, as the header gives
        // them; everything else is as short as for people.
        let out = match format {
            "json" => {
                let mut report: serde_json::Value =
                    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}"));
                let players = report["records"][0]["players"].take();
                assert_eq!(players["blue"].as_str(), Some(huge.as_str()));
                report.to_string()
            }
            _ => out,
        };
        assert!(out.len() < 3_000, "{format}: {} bytes", out.len());
        assert!(out.contains(&format!("blue ({cut}) won")), "{out}");
    }
}
