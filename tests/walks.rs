//! Directory walks as `arbitre check` makes them: they end whatever links
//! and special files a tree holds, check each record file once, in natural
//! order, skip hidden and ignored entries unless asked, take patterns, and
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
    assert_eq!(run.stderr, "");
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
fn gitignore_and_ignore_files_are_honoured_outside_a_git_repository() {
    let scratch = Scratch::new("gitignore");
    let dir = scratch.dir("d");
    let kept = scratch.record("d/kept.arb");
    let drafted = scratch.record("d/draft-1.arb");
    let scratched = scratch.record("d/scratch/s.arb");
    let in_sub = scratch.record("d/sub/tmp.arb");
    scratch.write("d/.gitignore", "draft-*.arb\n");
    scratch.write("d/.ignore", "scratch/\n");
    scratch.write("d/sub/.gitignore", "tmp.arb\n");
    assert!(!scratch.root.join(".git").exists());
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), std::slice::from_ref(&kept));
    let run = arbitre(&["--no-ignore", &dir]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), [drafted.clone(), kept, scratched, in_sub]);
    // Named on the command line, an ignored file is read.
    let run = arbitre(&[&drafted]);
    assert_eq!(run.checked(), [drafted]);
}

#[test]
fn in_a_git_repository_the_ignore_files_above_the_directory_given_count() {
    let scratch = Scratch::new("repo");
    scratch.dir("repo/.git/info");
    scratch.write("repo/.gitignore", "generated/\n");
    scratch.write("repo/.git/info/exclude", "mine.arb\n");
    let games = scratch.dir("repo/games");
    let a = scratch.record("repo/games/a.arb");
    let mine = scratch.record("repo/games/mine.arb");
    let generated = scratch.record("repo/games/generated/g.arb");
    let run = arbitre(&[&games]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.checked(), std::slice::from_ref(&a));
    let run = arbitre(&["--no-ignore", &games]);
    assert_eq!(run.checked(), [a, generated, mine]);
}

#[test]
fn a_directory_whose_records_are_all_ignored_holds_none() {
    let scratch = Scratch::new("all-ignored");
    let dir = scratch.dir("d");
    scratch.record("d/a.arb");
    scratch.write("d/.gitignore", "*.arb\n");
    let run = arbitre(&[&dir]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.stderr, format!("error: {dir} holds no *.arb file\n"));
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
    assert_eq!(run.stderr, format!("error: {dir} holds no *.arb file\n"));
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
    assert_eq!(run.stderr, format!("error: {dir} holds no *.arb file\n"));
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
