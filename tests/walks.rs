//! Directory walks as `arbitre check` makes them: they end whatever links
//! and special files a tree holds, check each record file once, in natural
//! order, read every `*.arb` file whatever ignore files say unless asked
//! (`--respect-ignore`, bounded, inside the tree only), skip hidden ones
//! unless asked, take patterns, count by reason every file left out, and
//! report by path what they skip or cannot read.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]
#![cfg(unix)]

mod scratch;

use std::fs;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

use scratch::Scratch;

use assert_cmd::Command;
use serde_json::Value;

/// Long enough for a debug build on a busy machine; a walk that loops
/// never ends, so any bound tells the two apart.
const TIMEOUT: Duration = Duration::from_secs(60);

const RECORD: &str = "---\ngame: simpei\n---\n1. c3 c1\n";

/// The files a walk test lays out in its scratch directory.
impl Scratch {
    /// `rel` under the root, its parents made.
    fn path(&self, rel: &str) -> PathBuf {
        let path = self.root.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        path
    }

    fn record(&self, rel: &str) -> String {
        let path = self.path(rel);
        fs::write(&path, RECORD).unwrap();
        text(&path)
    }

    fn write(&self, rel: &str, text: &str) {
        fs::write(self.path(rel), text).unwrap();
    }

    fn dir(&self, rel: &str) -> String {
        let path = self.path(rel);
        fs::create_dir_all(&path).unwrap();
        text(&path)
    }

    fn link(&self, rel: &str, target: &str) {
        symlink(target, self.path(rel)).unwrap();
    }

    fn fifo(&self, rel: &str) -> String {
        let path = self.path(rel);
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(made.success(), "mkfifo {}", path.display());
        text(&path)
    }

    fn lock(&mut self, rel: &str) -> String {
        let path = self.root.join(rel);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
        self.locked.push(path.clone());
        text(&path)
    }
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_string()
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The paths of the verdict lines (`path#0: ...`), in order.
    fn checked(&self) -> Vec<String> {
        self.stdout
            .lines()
            .filter_map(|line| line.split_once("#0: ").map(|(path, _)| path.to_string()))
            .collect()
    }
}

fn arbitre(args: &[&str]) -> Run {
    run(Command::cargo_bin("arbitre").unwrap(), args)
}

fn run(command: Command, args: &[&str]) -> Run {
    run_command(command, "check", args)
}

fn run_command(mut command: Command, subcommand: &str, args: &[&str]) -> Run {
    let output = command
        .env_remove("NO_COLOR")
        .args(["--color", "never", subcommand])
        .args(args)
        .timeout(TIMEOUT)
        .output()
        .unwrap();
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[test]
fn links_to_the_directory_and_its_parent_end_and_each_file_is_checked_once() {
    let scratch = Scratch::new("loops");
    let dir = scratch.dir("d");
    let a = scratch.record("d/a.arb");
    let b = scratch.record("d/b.arb");
    scratch.link("d/self-1", ".");
    scratch.link("d/self-2", ".");
    scratch.link("d/up", "..");
    // A link to a file already listed: that file is checked once.
    scratch.link("d/c-link.arb", "a.arb");
    let run = arbitre(&["--follow", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [a.clone(), b.clone()], "{}", run.stdout);
    assert_eq!(run.stderr, "");
    // Without --follow no link is read: the one named *.arb is said.
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [a, b], "{}", run.stdout);
    assert_eq!(
        run.stderr,
        format!(
            "warning: skipping {dir}/c-link.arb: a symbolic link, not followed without --follow\n"
        )
    );
}

#[test]
fn a_directory_reached_through_two_links_is_read_once_named_by_the_first() {
    let scratch = Scratch::new("two-links");
    let dir = scratch.dir("d");
    scratch.record("elsewhere/g.arb");
    scratch.link("d/a", "../elsewhere");
    scratch.link("d/b", "../elsewhere");
    let run = arbitre(&["--follow", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [format!("{dir}/a/g.arb")]);
    assert_eq!(run.stderr, "");
    // Not followed, the links are no records: nothing is left to check.
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.stderr, format!("error: {dir} holds no *.arb file\n"));
}

#[test]
fn a_link_to_a_file_elsewhere_is_checked_through_the_link_with_follow() {
    let scratch = Scratch::new("file-link");
    let dir = scratch.dir("d");
    scratch.record("elsewhere/a.arb");
    scratch.link("d/a.arb", "../elsewhere/a.arb");
    let run = arbitre(&["--follow", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [format!("{dir}/a.arb")]);
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.checked().is_empty());
    assert_eq!(
        run.stderr,
        format!(
            "warning: skipping {dir}/a.arb: a symbolic link, not followed without --follow\n\
             error: {dir} holds no *.arb file\n"
        )
    );
}

#[test]
fn a_file_named_on_the_command_line_is_not_checked_again_by_a_walk() {
    let scratch = Scratch::new("named-twice");
    let dir = scratch.dir("d");
    let a = scratch.record("a.arb");
    let b = scratch.record("d/b.arb");
    let c = scratch.record("d/c.arb");
    scratch.link("d/a-link.arb", "../a.arb");
    // Reached through a link followed: checked once, where it is named.
    let run = arbitre(&["--follow", &dir, &a]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [b.clone(), c.clone(), a.clone()]);
    // Reached by the walk itself: the same.
    let run = arbitre(&[&c, &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [c.clone(), b.clone()]);
    // Its neighbour: not named, the link is checked through.
    let run = arbitre(&["--follow", &dir]);
    assert_eq!(run.checked(), [format!("{dir}/a-link.arb"), b, c]);
    // A file named twice is read twice, as asked.
    let run = arbitre(&[&a, &a]);
    assert_eq!(run.checked(), [a.clone(), a]);
}

#[test]
fn hidden_files_and_directories_are_walked_only_with_hidden() {
    let scratch = Scratch::new("hidden");
    let dir = scratch.dir("d");
    let a = scratch.record("d/a.arb");
    let dot_file = scratch.record("d/.draft.arb");
    let in_dot_dir = scratch.record("d/.old/b.arb");
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), std::slice::from_ref(&a));
    // Left out, and said so.
    assert_eq!(
        run.stderr,
        "note: 2 *.arb files left out unread (2 hidden); --list-left-out names them\n"
    );
    let run = arbitre(&["--hidden", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [dot_file.clone(), in_dot_dir.clone(), a]);
    // Named on the command line, a hidden file or directory is read.
    let old = format!("{dir}/.old");
    let run = arbitre(&[&dot_file, &old]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [dot_file, in_dot_dir]);
}

#[test]
fn ignore_files_are_read_only_with_respect_ignore_and_what_they_leave_out_is_counted() {
    let scratch = Scratch::new("gitignore");
    let dir = scratch.dir("d");
    let kept = scratch.record("d/kept.arb");
    let drafted = scratch.record("d/draft-1.arb");
    let scratched = scratch.record("d/scratch/s.arb");
    let in_sub = scratch.record("d/sub/tmp.arb");
    let back = scratch.record("d/sub/back.arb");
    scratch.write("d/.gitignore", "draft-*.arb\n");
    scratch.write("d/.ignore", "scratch/\n");
    scratch.write("d/sub/.gitignore", "tmp.arb\n*.arb\n!back.arb\n");
    assert!(!scratch.root.join(".git").exists());
    // By default a folder's own ignore files hide nothing.
    let every = [
        drafted.clone(),
        kept.clone(),
        scratched.clone(),
        back.clone(),
        in_sub.clone(),
    ];
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), every);
    assert_eq!(run.stderr, "");
    // --no-ignore, the old way to ask it, is the default and undoes
    // --respect-ignore.
    let run = arbitre(&["--respect-ignore", "--no-ignore", &dir]);
    assert_eq!(run.checked(), every);
    let run = arbitre(&["--respect-ignore", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [kept.clone(), back.clone()]);
    assert_eq!(
        run.stderr,
        "note: 3 *.arb files left out unread (3 ignored); --list-left-out names them\n"
    );
    // The totals count them, even for two records.
    assert!(
        run.stdout.contains("| warnings | left out |"),
        "{}",
        run.stdout
    );
    let run = arbitre(&["--respect-ignore", "--list-left-out", &dir]);
    assert_eq!(
        run.stderr,
        format!(
            "note: left out (ignored): {drafted}\n\
             note: left out (ignored): {scratched}\n\
             note: left out (ignored): {in_sub}\n\
             note: 3 *.arb files left out unread (3 ignored)\n"
        )
    );
    // Named on the command line, an ignored file is read.
    let run = arbitre(&["--respect-ignore", &drafted]);
    assert_eq!(run.checked(), std::slice::from_ref(&drafted));
    let run = arbitre(&["--respect-ignore", &dir, &drafted]);
    assert_eq!(run.checked(), [kept, back, drafted]);
    assert_eq!(
        run.stderr,
        "note: 2 *.arb files left out unread (2 ignored); --list-left-out names them\n"
    );
}

#[test]
fn a_folders_own_ignore_files_cannot_hide_an_illegal_record_by_default() {
    let scratch = Scratch::new("hostile-folder");
    scratch.dir("d/.git/info");
    let dir = scratch.dir("d");
    let legal = scratch.record("d/legal.arb");
    let bad = ["d/a.arb", "d/b.arb", "d/c.arb"];
    for rel in bad {
        scratch.write(rel, "---\ngame: simpei\n---\n1. c3 c3\n");
    }
    scratch.write("d/.gitignore", "a.arb\n");
    scratch.write("d/.ignore", "b.arb\n");
    scratch.write("d/.git/info/exclude", "c.arb\n");
    for format in ["human", "json"] {
        let run = arbitre(&["--format", format, &dir]);
        assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    }
    let run = arbitre(&["--format", "json", &dir]);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["summary"]["records"], 4);
    assert_eq!(json["summary"]["illegal"], 3);
    // Nothing left out: no field, the document as it always was.
    assert!(json["summary"].get("left_out").is_none(), "{json}");
    // Honoured on request, each one left out is counted in every format.
    let run = arbitre(&["--respect-ignore", "--format", "json", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["summary"]["records"], 1);
    assert_eq!(json["summary"]["left_out"]["ignored"], 3);
    assert_eq!(json["summary"]["left_out"]["hidden"], 0);
    let run = arbitre(&["--respect-ignore", &legal]);
    assert_eq!(run.stderr, "");
    let run = arbitre(&["--respect-ignore", "--format", "sarif", &dir]);
    let sarif: Value = serde_json::from_str(&run.stdout).unwrap();
    let note = &sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"][0];
    assert_eq!(note["properties"]["leftOut"]["ignored"], 3, "{sarif}");
    assert_eq!(
        note["message"]["text"],
        "3 *.arb files left out unread (3 ignored)"
    );
    let run = arbitre(&["--respect-ignore", "--format", "junit", &dir]);
    assert!(
        run.stdout
            .contains("<property name=\"arbitre.left_out.ignored\" value=\"3\"/>"),
        "{}",
        run.stdout
    );
    let run = arbitre(&["--respect-ignore", "--format", "github", &dir]);
    assert!(
        run.stdout.contains(", 3 left out (3 ignored)"),
        "{}",
        run.stdout
    );
    let run = arbitre(&["--respect-ignore", "--format", "yaml", &dir]);
    assert!(run.stdout.contains("left_out:"), "{}", run.stdout);
    let run = arbitre(&["--respect-ignore", "--format", "html", &dir]);
    assert!(
        run.stdout.contains("id=\"left-out-count\""),
        "{}",
        run.stdout
    );
    // One record and nothing else: the totals are drawn all the same.
    let run = arbitre(&["--respect-ignore", &dir]);
    assert!(run.stdout.contains("| left out |"), "{}", run.stdout);
    assert!(run.stdout.contains("| 1       | 1     |"), "{}", run.stdout);
    for command in ["fmt", "stats"] {
        let args: &[&str] = if command == "fmt" {
            &["--check", "--respect-ignore", &dir]
        } else {
            &["--respect-ignore", &dir]
        };
        let run = run_command(Command::cargo_bin("arbitre").unwrap(), command, args);
        assert_eq!(
            run.stderr,
            "note: 3 *.arb files left out unread (3 ignored); --list-left-out names them\n",
            "{command}"
        );
    }
    // `--format short` and the human `stats` close with the counts; with
    // nothing left out they write what they always wrote.
    let short = |extra: &[&str]| {
        let mut args = vec!["--format", "short"];
        args.extend_from_slice(extra);
        args.push(&dir);
        arbitre(&args).stdout
    };
    let read_all = short(&[]);
    assert!(!read_all.contains("note:"), "{read_all}");
    assert_eq!(read_all.lines().count(), 3, "{read_all}");
    assert_eq!(
        short(&["--respect-ignore"]),
        "note: 3 *.arb files left out unread (3 ignored)\n"
    );
    let stats = |extra: &[&str]| {
        let mut args = extra.to_vec();
        args.push(&dir);
        run_command(Command::cargo_bin("arbitre").unwrap(), "stats", &args).stdout
    };
    assert_eq!(
        stats(&[]),
        "skipped: 4 records of games without throws (simpei 4)\nno record with throws\n"
    );
    assert_eq!(
        stats(&["--respect-ignore"]),
        "skipped: 1 record of games without throws (simpei 1)\nno record with throws\n\n\
         3 *.arb files left out unread (3 ignored)\n"
    );
}

#[test]
fn no_ignore_file_above_the_directory_given_is_read() {
    let scratch = Scratch::new("repo");
    scratch.dir("repo/.git/info");
    scratch.write("repo/.gitignore", "generated/\n");
    scratch.write("repo/.ignore", "*.arb\n");
    scratch.write("repo/.git/info/exclude", "mine.arb\n");
    // Up to the root of the file system: the scratch's parent is /tmp.
    scratch.write(".ignore", "*.arb\n");
    let games = scratch.dir("repo/games");
    let a = scratch.record("repo/games/a.arb");
    let mine = scratch.record("repo/games/mine.arb");
    let generated = scratch.record("repo/games/generated/g.arb");
    let every = [a.clone(), generated.clone(), mine.clone()];
    let run = arbitre(&[&games]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), every);
    let run = arbitre(&["--respect-ignore", &games]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), every);
    assert_eq!(run.stderr, "");
    // Given the repository, its ignore files are inside.
    let repo = format!("{}/repo", text(&scratch.root));
    let run = arbitre(&["--respect-ignore", "--hidden", &repo]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "error: {repo}: every *.arb file it holds is left out (3 ignored); nothing was checked\n\
             note: 3 *.arb files left out unread (3 ignored); --list-left-out names them\n"
        )
    );
}

#[test]
fn ignore_files_past_the_bound_are_an_error_that_names_them() {
    let scratch = Scratch::new("huge-ignore");
    let dir = scratch.dir("d");
    let a = scratch.record("d/a.arb");
    let inner = scratch.record("d/sub/b.arb");
    let limit = arbitre::walk::MAX_IGNORE_BYTES as usize;
    // At the bound: honoured.
    let mut at = "x\n".repeat(limit / 2);
    at.truncate(limit);
    scratch.write("d/.gitignore", &at);
    let run = arbitre(&["--respect-ignore", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [a.clone(), inner.clone()]);
    // With one byte more below it, together: that file is refused, the
    // directory holding it not walked, the run not clean.
    scratch.write("d/sub/.ignore", "y");
    let run = arbitre(&["--respect-ignore", &dir]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.checked(), std::slice::from_ref(&a));
    assert_eq!(
        run.stderr,
        format!(
            "error: {dir}/sub not walked: the ignore file {dir}/sub/.ignore passes the {limit} bytes honoured at once with the ignore files above it\n"
        )
    );
    // A huge one at the top: nothing is walked, and it is said.
    scratch.write("d/.gitignore", &"z\n".repeat(1_400_000));
    let run = arbitre(&["--respect-ignore", "--format", "json", &dir]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.starts_with(&format!(
            "error: {dir} not walked: the ignore file {dir}/.gitignore passes"
        )),
        "{}",
        run.stderr
    );
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["summary"]["unreadable"], 1);
    assert_eq!(json["summary"]["records"], 0);
    // Without the flag it is never read.
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [a, inner]);
}

#[test]
fn an_ignore_file_that_is_a_link_or_a_fifo_is_refused_not_followed() {
    let scratch = Scratch::new("ignore-link");
    let dir = scratch.dir("d");
    scratch.write("outside", "*.arb\n");
    scratch.record("d/a.arb");
    scratch.link("d/.gitignore", "../outside");
    let run = arbitre(&["--respect-ignore", &dir]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.checked().is_empty());
    assert_eq!(
        run.stderr,
        format!(
            "error: {dir} not walked: the ignore file {dir}/.gitignore is not a regular file\n"
        )
    );
    fs::remove_file(scratch.path("d/.gitignore")).unwrap();
    let fifo = scratch.fifo("d/.ignore");
    let run = arbitre(&["--respect-ignore", &dir]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run
        .stderr
        .contains(&format!("the ignore file {fifo} is not a regular file")));
    // `.git` a link out of the tree: its info/exclude is not read.
    fs::remove_file(&fifo).unwrap();
    scratch.write("elsewhere/info/exclude", "*.arb\n");
    scratch.link("d/.git", "../elsewhere");
    let run = arbitre(&["--respect-ignore", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [format!("{dir}/a.arb")]);
    // A directory reached through a link followed may lie outside the
    // tree: its ignore files are not read.
    fs::remove_file(scratch.path("d/.git")).unwrap();
    scratch.record("elsewhere/b.arb");
    scratch.write("elsewhere/.gitignore", "*.arb\n");
    scratch.link("d/linked", "../elsewhere");
    let run = arbitre(&["--respect-ignore", "--follow", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.checked(),
        [format!("{dir}/a.arb"), format!("{dir}/linked/b.arb")]
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn overlapping_paths_read_each_file_once_and_a_directory_holding_a_named_file_holds_it() {
    let scratch = Scratch::new("overlap");
    let games = scratch.dir("games");
    let top = scratch.record("games/top.arb");
    let inner = scratch.record("games/2026/g.arb");
    let year = format!("{games}/2026");
    let run = arbitre(&[&games, &year]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [inner.clone(), top.clone()]);
    assert_eq!(run.stderr, "");
    let run = arbitre(&[&year, &games]);
    assert_eq!(run.checked(), [inner.clone(), top.clone()]);
    // A directory whose only record is named too: it holds it.
    let run = arbitre(&[&year, &inner]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), std::slice::from_ref(&inner));
    assert_eq!(run.stderr, "");
    let run = run_command(
        Command::cargo_bin("arbitre").unwrap(),
        "fmt",
        &["--check", &year, &inner],
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    // The same directory twice: once.
    let run = arbitre(&[&games, &games]);
    assert_eq!(run.checked(), [inner.clone(), top.clone()]);
    // Left out under one path given, read under a later one: read, not
    // counted as left out, and the first directory holds it.
    scratch.write("games/.ignore", "2026/\ntop.arb\n");
    let run = arbitre(&["--respect-ignore", &games, &year]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), std::slice::from_ref(&inner));
    assert_eq!(
        run.stderr,
        "note: 1 *.arb file left out unread (1 ignored); --list-left-out names them\n"
    );
    fs::remove_file(&top).unwrap();
    let run = arbitre(&["--respect-ignore", &games, &year]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), std::slice::from_ref(&inner));
    assert_eq!(run.stderr, "");
}

#[test]
fn a_directory_whose_records_are_all_left_out_says_so() {
    let scratch = Scratch::new("all-ignored");
    let dir = scratch.dir("d");
    let a = scratch.record("d/a.arb");
    scratch.record("d/.b.arb");
    scratch.write("d/.gitignore", "*.arb\n");
    let run = arbitre(&["--respect-ignore", &dir]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "error: {dir}: every *.arb file it holds is left out (1 hidden, 1 ignored); nothing was checked\n\
             note: 2 *.arb files left out unread (1 hidden, 1 ignored); --list-left-out names them\n"
        )
    );
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [a]);
}

#[test]
fn glob_and_exclude_choose_among_the_records_of_a_walk() {
    let scratch = Scratch::new("globs");
    let dir = scratch.dir("d");
    let g1 = scratch.record("d/game-1.arb");
    let g2 = scratch.record("d/2026/game-2.arb");
    let n = scratch.record("d/2026/notes.arb");
    let old = scratch.record("d/old/game-3.arb");
    let named = scratch.record("other.arb");
    let run = arbitre(&["--glob", "game-*.arb", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [g2.clone(), g1.clone(), old.clone()]);
    // A directory pattern takes what it holds; patterns add up.
    let run = arbitre(&["--glob", "2026/", "--glob", "/game-1.arb", &dir]);
    assert_eq!(run.checked(), [g2.clone(), n.clone(), g1.clone()]);
    let run = arbitre(&["--exclude", "old/", "--exclude", "notes.arb", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [g2.clone(), g1.clone()]);
    // Both: the exclusion wins.
    let run = arbitre(&["--glob", "game-*.arb", "--exclude", "2026", &dir]);
    assert_eq!(run.checked(), [g1.clone(), old.clone()]);
    // A file named on the command line is read whatever the patterns.
    let run = arbitre(&["--glob", "game-*.arb", "--exclude", "*.arb", &dir, &named]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.checked(), std::slice::from_ref(&named));
    // A pattern that matches nothing leaves nothing: said, not passed.
    let run = arbitre(&["--glob", "nothing-*.arb", &dir, &named]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.checked(), [named]);
    assert_eq!(
        run.stderr,
        format!(
            "error: {dir}: every *.arb file it holds is left out (4 unmatched); nothing was checked\n\
             note: 4 *.arb files left out unread (4 unmatched); --list-left-out names them\n"
        )
    );
    // What the patterns leave out is counted, by reason.
    let run = arbitre(&[
        "--glob",
        "game-*.arb",
        "--exclude",
        "old/",
        "--list-left-out",
        &dir,
    ]);
    assert_eq!(
        run.stderr,
        format!(
            "note: left out (unmatched): {n}\n\
             note: left out (excluded): {old}\n\
             note: 2 *.arb files left out unread (1 excluded, 1 unmatched)\n"
        )
    );
    // Without patterns, every record.
    let run = arbitre(&[&dir]);
    assert_eq!(run.checked(), [g2, n, g1, old]);
}

#[test]
fn a_pattern_that_is_no_glob_is_a_usage_error_before_anything_is_read() {
    let scratch = Scratch::new("bad-glob");
    let dir = scratch.dir("d");
    scratch.record("d/a.arb");
    for flag in ["--glob", "--exclude"] {
        let run = arbitre(&[flag, "{a", &dir]);
        assert_ne!(run.code, Some(0), "{}", run.stderr);
        assert!(run.checked().is_empty(), "{}", run.stdout);
        assert!(
            run.stderr
                .starts_with("error: invalid pattern `{a`: unclosed alternate group"),
            "{}",
            run.stderr
        );
    }
    let run = arbitre(&["--glob", "{a,b}.arb", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn stats_and_fmt_walk_with_the_same_flags() {
    let scratch = Scratch::new("other-commands");
    let dir = scratch.dir("d");
    scratch.write("d/.hidden.arb", "not a record at all {\n");
    scratch.record("d/a.arb");
    scratch.record("d/old/b.arb");
    let run = run_command(
        Command::cargo_bin("arbitre").unwrap(),
        "fmt",
        &["--check", "--exclude", "old", &dir],
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let run = run_command(
        Command::cargo_bin("arbitre").unwrap(),
        "fmt",
        &["--hidden", &dir],
    );
    assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
    let run = run_command(
        Command::cargo_bin("arbitre").unwrap(),
        "stats",
        &["--format", "json", "--glob", "nothing", &dir],
    );
    assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "error: {dir}: every *.arb file it holds is left out (1 hidden, 2 unmatched); nothing was checked\n\
             note: 3 *.arb files left out unread (1 hidden, 2 unmatched); --list-left-out names them\n"
        )
    );
}

#[test]
fn a_fifo_in_a_walk_is_skipped_with_a_warning_and_never_opened() {
    let scratch = Scratch::new("fifo");
    let dir = scratch.dir("d");
    let fifo = scratch.fifo("d/x.arb");
    let y = scratch.record("d/y.arb");
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [y]);
    assert_eq!(
        run.stderr,
        format!("warning: skipping {fifo}: not a regular file (a FIFO)\n")
    );
}

#[test]
fn a_fifo_named_on_the_command_line_is_read() {
    let scratch = Scratch::new("named-fifo");
    let fifo = scratch.fifo("pipe.arb");
    let writer = {
        let fifo = fifo.clone();
        // Opening a FIFO for writing waits for its reader: only a run that
        // reads it lets this thread go.
        std::thread::spawn(move || fs::write(fifo, RECORD))
    };
    let run = arbitre(&[&fifo]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [fifo]);
    assert!(writer.join().unwrap().is_ok());
}

/// A command running the arbitre binary as the user `nobody` when this test
/// runs as root (which reads any directory), if `setpriv` can do it.
fn as_nobody() -> Option<Command> {
    let works = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if !works {
        return None;
    }
    let mut command = Command::new("setpriv");
    command
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_arbitre"));
    Some(command)
}

#[test]
fn an_unreadable_directory_is_reported_by_path_and_the_rest_is_checked() {
    let mut scratch = Scratch::new("locked");
    let dir = scratch.dir("d");
    let a = scratch.record("d/a.arb");
    scratch.record("d/locked/hidden.arb");
    let z = scratch.record("d/z.arb");
    let other = scratch.record("other.arb");
    let locked = scratch.lock("d/locked");
    let check = |args: &[&str]| {
        if fs::read_dir(&locked).is_err() {
            Some(arbitre(args))
        } else {
            as_nobody().map(|command| run(command, args))
        }
    };
    let Some(run) = check(&[&dir, &other]) else {
        eprintln!("skipped: {locked} stays readable (root?) and setpriv cannot drop that");
        return;
    };
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.checked(), [a, z, other.clone()], "{}", run.stdout);
    let unreadable = format!("error: cannot read {locked}: Permission denied");
    assert!(run.stderr.starts_with(&unreadable), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    // Named itself, it is reported once, as unreadable (not also as empty).
    let Some(run) = check(&[&locked, &other]) else {
        return;
    };
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.checked(), [other]);
    assert!(run.stderr.starts_with(&unreadable), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}

#[test]
fn a_broken_link_followed_is_reported_by_path_and_the_rest_is_checked() {
    let scratch = Scratch::new("broken");
    let dir = scratch.dir("d");
    let a = scratch.record("d/a.arb");
    scratch.link("d/dead.arb", "nowhere.arb");
    scratch.link("d/loop", "loop");
    let z = scratch.record("d/z.arb");
    let run = arbitre(&["--follow", &dir]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.checked(), [a, z]);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    assert!(
        lines[0].starts_with(&format!(
            "error: cannot read {dir}/dead.arb: a broken symbolic link"
        )),
        "{}",
        run.stderr
    );
    assert!(
        lines[1].starts_with(&format!(
            "error: cannot read {dir}/loop: a broken symbolic link"
        )),
        "{}",
        run.stderr
    );
}

#[test]
fn a_broken_link_not_followed_is_only_a_warning() {
    let scratch = Scratch::new("broken-unfollowed");
    let dir = scratch.dir("d");
    let a = scratch.record("d/a.arb");
    scratch.link("d/dead.arb", "nowhere.arb");
    scratch.link("d/loop", "loop");
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [a]);
    assert_eq!(
        run.stderr,
        format!(
            "warning: skipping {dir}/dead.arb: a symbolic link, not followed without --follow\n"
        )
    );
}

#[test]
fn the_extension_is_matched_in_any_case() {
    let scratch = Scratch::new("case");
    let dir = scratch.dir("d");
    let upper = scratch.record("d/A.ARB");
    let mixed = scratch.record("d/b.Arb");
    scratch.record("d/c.arbx");
    scratch.record("d/arb");
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [upper, mixed]);
}

#[test]
fn files_and_directories_come_in_natural_order() {
    let scratch = Scratch::new("natural");
    let dir = scratch.dir("d");
    let g10 = scratch.record("d/g-10.arb");
    let g2 = scratch.record("d/g-2.arb");
    let g1 = scratch.record("d/g-1.arb");
    let r10 = scratch.record("d/r-10/a.arb");
    let r9 = scratch.record("d/r-9/a.arb");
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [g1, g2, g10, r9, r10]);
}

#[test]
fn an_empty_directory_is_reported_and_the_other_paths_are_checked() {
    let scratch = Scratch::new("empty");
    let empty = scratch.dir("empty");
    scratch.record("empty/notes.txt");
    let before = scratch.record("before.arb");
    let after = scratch.record("after.arb");
    let run = arbitre(&[&before, &empty, &after]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.checked(), [before.clone(), after.clone()]);
    assert_eq!(run.stderr, format!("error: {empty} holds no *.arb file\n"));
    // The summary of a machine format counts the path as unreadable, so
    // that the status 2 is explained there too.
    let json = arbitre(&["--format", "jsonl", &before, &empty, &after]);
    assert_eq!(json.code, Some(2));
    let summary: Value = json
        .stdout
        .lines()
        .last()
        .and_then(|line| serde_json::from_str(line).ok())
        .unwrap_or(Value::Null);
    assert_eq!(summary["summary"]["records"], 2);
    assert_eq!(summary["summary"]["legal"], 2);
    assert_eq!(summary["summary"]["unreadable"], 1);
}

#[test]
fn a_walk_stops_at_the_depth_bound_and_says_where() {
    let scratch = Scratch::new("deep");
    let top = scratch.record("top.arb");
    // The walked path is level 0: level 256 is read, level 257 is not.
    let rel = vec!["d"; 257].join("/");
    let deepest = scratch.dir(&rel);
    scratch.record(&format!("{rel}/bottom.arb"));
    let root = text(&scratch.root);
    let run = arbitre(&[&root]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.checked(), [top]);
    assert_eq!(
        run.stderr,
        format!("error: cannot read {deepest}: more than 256 directories deep\n")
    );
}
