//! Every example a user reads is run against the program, so that a change
//! of output that is not also made in the docs fails here:
//!
//! - the `console` blocks of README.md and docs/ are run by `trycmd`, their
//!   output and exit status (`? 1`) compared; refresh them with
//!   `TRYCMD=overwrite cargo test --test docs`;
//! - every record shown (a block that starts with `---`) is a sample,
//!   written ```` ```arb samples/... ````, equal to that file, and followed
//!   by a console block that checks it, so its verdict is shown and tested
//!   (the sample's `# expect:` line is asserted by tests/samples.rs);
//! - the man pages' examples are run, and must do what they say;
//! - every rule id the docs name exists, and every rule id the program can
//!   report is explained on its game's page;
//! - every rule id the program can report is declared in `arbitre::rules`,
//!   and the rule ids tables of docs/rules/ list the declared rules, each
//!   with its kind.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

// The pages only, not their headings.
#[allow(dead_code)]
mod pages;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use arbitre::{games, rules};
use assert_cmd::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn console_examples_are_real_output() {
    trycmd::TestCases::new()
        // Plain output whatever the terminal running the tests.
        .env("COLUMNS", "80")
        .env("NO_COLOR", "1")
        .case("README.md")
        .case("docs/**/*.md");
}

/// README.md and every page under docs/.
fn pages() -> Vec<PathBuf> {
    pages::markdown_pages(root())
}

/// A fenced block of a Markdown page.
struct Block {
    /// The info string: `console`, `text`, `arb samples/x.arb`, ...
    info: String,
    body: String,
    /// The line of the opening fence, from 1.
    line: usize,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (n, line) in text.lines().enumerate() {
        // trycmd reads fences at the start of a line only: an indented one
        // (in a list item) would never run.
        assert!(
            line.starts_with("```") || !line.trim_start().starts_with("```"),
            "line {}: an indented fence; start it at column 0",
            n + 1
        );
        match open.as_mut() {
            None => {
                if let Some(info) = line.strip_prefix("```") {
                    open = Some(Block {
                        info: info.trim().to_string(),
                        body: String::new(),
                        line: n + 1,
                    });
                }
            }
            Some(block) => {
                if line.starts_with("```") {
                    blocks.extend(open.take());
                } else {
                    block.body.push_str(line);
                    block.body.push('\n');
                }
            }
        }
    }
    assert!(open.is_none(), "a fenced block is never closed");
    blocks
}

/// A block that holds a record: a `---` line (perhaps with a comment),
/// then a `game:` line, wherever they stand in the block.
fn looks_like_a_record(body: &str) -> bool {
    let mut opened = false;
    for line in body.lines() {
        let rest = line.strip_prefix("---").map(str::trim_start);
        if rest.is_some_and(|r| r.is_empty() || r.starts_with('#')) {
            opened = true;
        } else if opened && line.trim_start().starts_with("game:") {
            return true;
        }
    }
    false
}

fn without_expectations(text: &str) -> String {
    text.lines()
        .filter(|line| {
            let line = line.trim_start();
            let rest = line.strip_prefix('#').or_else(|| line.strip_prefix(';'));
            !rest.is_some_and(|r| r.trim_start().starts_with("expect:"))
        })
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The records shown in the docs are samples, shown whole and checked
/// right after: a record on a page cannot drift from what arbitre says of
/// it.
#[test]
fn records_shown_are_samples_and_checked() {
    let mut faults = Vec::new();
    let mut shown = 0;
    for page in pages() {
        let name = page.strip_prefix(root()).unwrap().display().to_string();
        let text = std::fs::read_to_string(&page).unwrap();
        let blocks = blocks(&text);
        for (i, block) in blocks.iter().enumerate() {
            let at = format!("{name}:{}", block.line);
            if block.info.is_empty() {
                faults.push(format!(
                    "{at}: a fence without a language (console, arb, text, ...)"
                ));
            }
            // A console block may print a record (`arbitre fmt`): it is run;
            // so is a python block, a doctest of the package's tests.
            let is_record = !matches!(block.info.as_str(), "console" | "python")
                && looks_like_a_record(&block.body);
            if block.info.starts_with("console") && block.info != "console" {
                faults.push(format!(
                    "{at}: `{}` is never run; write console",
                    block.info
                ));
            }
            if block.info != "console" && block.body.lines().any(|l| l.starts_with("$ arbitre")) {
                faults.push(format!(
                    "{at}: an arbitre command outside a console block is never run"
                ));
            }
            let sample = block.info.strip_prefix("arb ").map(str::trim);
            if is_record && !block.info.starts_with("arb") {
                faults.push(format!(
                    "{at}: a record is shown as ```arb samples/<game>/<name>.arb"
                ));
                continue;
            }
            let Some(sample) = sample else {
                if block.info.starts_with("arb") {
                    faults.push(format!("{at}: ```arb names no sample"));
                }
                continue;
            };
            if !sample.starts_with("samples/") {
                faults.push(format!(
                    "{at}: {sample} is not under samples/, where its verdict is checked"
                ));
            }
            shown += 1;
            match std::fs::read_to_string(root().join(sample)) {
                Ok(file) if without_expectations(&file) == block.body => {}
                Ok(_) => faults.push(format!(
                    "{at}: differs from {sample} (its `# expect:` lines aside)"
                )),
                Err(e) => faults.push(format!("{at}: {sample}: {e}")),
            }
            let checked = blocks.get(i + 1).is_some_and(|next| {
                next.info == "console"
                    && next
                        .body
                        .lines()
                        .any(|l| l.starts_with("$ arbitre ") && l.contains(sample))
            });
            if !checked {
                faults.push(format!(
                    "{at}: the next block must be a console block running arbitre on {sample}"
                ));
            }
        }
    }
    assert!(shown > 5, "only {shown} records found in the docs");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The examples of the man pages (the `after_help` of each command),
/// unescaped from roff.
fn man_examples() -> Vec<(String, String)> {
    let mut examples = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(root().join("man"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for page in entries {
        let text = std::fs::read_to_string(&page).unwrap();
        let mut in_examples = false;
        for line in text.lines() {
            let line = line.replace("\\-", "-");
            if line.starts_with("Example") && line.ends_with(':') {
                in_examples = true;
            } else if in_examples && line.starts_with("  ") {
                let name = page.file_name().unwrap().to_string_lossy().into_owned();
                examples.push((name, line.trim().to_string()));
            } else {
                in_examples = false;
            }
        }
    }
    examples
}

/// Each man page example runs from a clone's root as written: no usage
/// error, no unreadable path, and the exit status of its verdicts.
#[test]
fn man_page_examples_run() {
    let examples = man_examples();
    assert!(
        examples.len() >= 10,
        "only {} examples found",
        examples.len()
    );
    let mut faults = Vec::new();
    let cache = tempfile::tempdir().unwrap();
    for (page, example) in &examples {
        let (stdin, command) = match example.split_once(" | ") {
            Some((feed, command)) => {
                let file = feed.strip_prefix("cat ").expect("only `cat FILE |` pipes");
                (std::fs::read(root().join(file)).ok(), command)
            }
            None => (None, example.as_str()),
        };
        // `> FILE`: the output goes to a file; here it is only looked at.
        let command = command.split(" > ").next().unwrap_or(command);
        let args: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(args.first(), Some(&"arbitre"), "{page}: {example}");
        let mut cmd = Command::cargo_bin("arbitre").unwrap();
        cmd.current_dir(root()).args(&args[1..]);
        // The solved game's table: `solve` builds the two-piece game's in
        // a scratch cache directory (the real one takes minutes); without
        // the real one, `analyse` and `--best` must say how to build it.
        cmd.env("XDG_CACHE_HOME", cache.path())
            .env("HOME", cache.path())
            .env("LOCALAPPDATA", cache.path());
        if args.get(1) == Some(&"solve") && !args.contains(&"--pieces") {
            cmd.args(["--pieces", "2"]);
        }
        let needs_table = args.get(1) == Some(&"analyse") || args.contains(&"--best");
        if let Some(stdin) = stdin {
            cmd.write_stdin(stdin);
        }
        let output = cmd.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let status = output.status.code();
        // `check samples` holds malformed records on purpose (status 2);
        // any other example's records are legal or illegal.
        let allowed: &[i32] = if args[1..] == ["check", "samples"] {
            &[2]
        } else {
            &[0, 1]
        };
        if needs_table && status == Some(2) {
            if !stderr.contains("build it with `arbitre solve simpei`") {
                faults.push(format!("{page}: `{example}` without a table: {stderr}"));
            }
            continue;
        }
        if !status.is_some_and(|s| allowed.contains(&s)) || !stderr.is_empty() {
            faults.push(format!(
                "{page}: `{example}` exited {status:?}, stderr: {stderr}"
            ));
        }
        if output.stdout.is_empty() {
            faults.push(format!("{page}: `{example}` printed nothing"));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The declared rule ids that belong to no game: `header`, ...
fn shared_ids() -> Vec<&'static str> {
    rules::Rule::all()
        .map(|rule| rule.id)
        .filter(|id| !id.contains('/'))
        .collect()
}

/// Words in code spans of "Which rule is reported" that are notation or
/// header keys, not rules.
const NOT_RULES: [&str; 4] = ["end", "result", "e", "--"];

/// The texts of the inline code spans of a Markdown text.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// Every Rust source of src/, test modules left out.
fn source_text() -> String {
    let mut all = String::new();
    let mut dirs = vec![root().join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                all.push_str(text.split("#[cfg(test)]").next().unwrap_or(&text));
            }
        }
    }
    all
}

/// The ids `game/rule` in a text: `superpion/maximum-capture`, ...
fn rule_ids(text: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for &game in games::names() {
        let prefix = format!("{game}/");
        let mut rest = text;
        while let Some(at) = rest.find(&prefix) {
            let after = &rest[at + prefix.len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            let before = rest[..at].chars().next_back();
            let next = after[name.len()..].chars().next();
            // `samples/superpion/x.arb` and `src/games/puluc/` are paths.
            let path = before.is_some_and(|c| c == '/' || c.is_alphanumeric())
                || next.is_some_and(|c| c == '.' || c == '/')
                    && after[name.len() + 1..].starts_with(|c: char| c.is_ascii_alphabetic());
            if !name.is_empty() && !path {
                ids.insert(format!("{prefix}{}", name.trim_end_matches('-')));
            }
            rest = &after[name.len()..];
        }
    }
    ids
}

/// The rule ids the program can report: the `"game/rule"` literals of its
/// sources, wherever they are written (each game declares its own in its
/// `declared.rs`, but nothing keeps a literal from being written
/// elsewhere).
fn program_rule_ids() -> BTreeSet<String> {
    let text = source_text();
    let mut ids = BTreeSet::new();
    for &game in games::names() {
        let quoted = format!("\"{game}/");
        for (at, _) in text.match_indices(&quoted) {
            let after = &text[at + 1..];
            if let Some(end) = after.find('"') {
                let id = &after[..end];
                if id[game.len() + 1..]
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-')
                {
                    ids.insert(id.to_string());
                }
            }
        }
    }
    ids
}

/// The section of a page from its heading `## title` to the next `## `.
fn section<'a>(text: &'a str, title: &str) -> &'a str {
    let heading = format!("\n## {title}\n");
    let start = text
        .find(&heading)
        .map_or(text.len(), |i| i + heading.len());
    let rest = &text[start..];
    &rest[..rest.find("\n## ").unwrap_or(rest.len())]
}

#[test]
fn rule_ids_are_named_and_explained_both_ways() {
    let program = program_rule_ids();
    assert!(
        program.len() > 40,
        "only {} rule ids in src/",
        program.len()
    );
    let mut faults = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for id in rule_ids(&text).difference(&program) {
            faults.push(format!(
                "{}: names {id}, which arbitre never reports",
                page.strip_prefix(root()).unwrap().display()
            ));
        }
    }
    for &game in games::names() {
        let page = std::fs::read_to_string(root().join(format!("docs/rules/{game}.md"))).unwrap();
        let table = rule_ids(section(&page, "Rule ids"));
        let ours: BTreeSet<_> = program
            .iter()
            .filter(|id| id.starts_with(&format!("{game}/")))
            .cloned()
            .collect();
        for id in ours.difference(&table) {
            faults.push(format!(
                "docs/rules/{game}.md: the rule id {id} is missing from its Rule ids section"
            ));
        }
        // Explained where the rule is told, not only listed.
        let body = page.replace(section(&page, "Rule ids"), "");
        for id in &ours {
            if !body.contains(&format!("`{id}`")) {
                faults.push(format!(
                    "docs/rules/{game}.md: {id} is only in the table, never where its rule is told"
                ));
            }
        }
    }
    let record = std::fs::read_to_string(root().join("docs/rules/record.md")).unwrap();
    let told = section(&record, "What arbitre reports");
    let sources = source_text();
    for id in shared_ids() {
        if !told.contains(&format!("`{id}`")) {
            faults.push(format!(
                "docs/rules/record.md: `{id}` is not explained in What arbitre reports"
            ));
        }
        if !sources.contains(&format!("\"{id}\"")) {
            faults.push(format!("the shared rule id {id} is no longer in src/"));
        }
    }
    // "Which rule is reported" names the rules bare: `overshoot`.
    for &game in games::names() {
        let page = std::fs::read_to_string(root().join(format!("docs/rules/{game}.md"))).unwrap();
        let order = section(&page, "Which rule is reported");
        for name in code_spans(order) {
            let bare = name.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && name.contains(|c: char| c.is_ascii_lowercase());
            let known = program.contains(&format!("{game}/{name}")) || shared_ids().contains(&name);
            if bare && !known && !NOT_RULES.contains(&name) {
                faults.push(format!(
                    "docs/rules/{game}.md, Which rule is reported: `{name}` is no rule of {game}"
                ));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The setups shown alone (```yaml blocks of a game's page) are setups
/// arbitre accepts for that game.
#[test]
fn setups_shown_are_accepted() {
    let mut shown = 0;
    let mut faults = Vec::new();
    for &game in games::names() {
        let name = format!("docs/rules/{game}.md");
        let page = std::fs::read_to_string(root().join(&name)).unwrap();
        for block in blocks(&page) {
            if block.info != "yaml" || !block.body.starts_with("setup:") {
                continue;
            }
            shown += 1;
            let record = format!("---\ngame: {game}\n{}---\n", block.body);
            let output = Command::cargo_bin("arbitre")
                .unwrap()
                .args(["check", "--format", "short", "-"])
                .write_stdin(record)
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&output.stdout);
            if said.contains(": malformed: ") {
                faults.push(format!("{name}:{}: {said}", block.line));
            }
        }
    }
    assert_eq!(shown, games::names().len(), "one setup per game page");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The perft table of record.md is what `arbitre perft` counts.
#[test]
fn perft_table_is_counted() {
    let record = std::fs::read_to_string(root().join("docs/rules/record.md")).unwrap();
    let mut counts = 0;
    let mut counted_games = BTreeSet::new();
    let mut faults = Vec::new();
    let rows = record.lines().filter(|l| {
        games::all()
            .iter()
            .any(|game| l.starts_with(&format!("| {}", game.title())))
    });
    for line in rows {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let game = cells[0].split(',').next().unwrap().to_lowercase();
        counted_games.insert(game.clone());
        let modes = code_spans(cells[0]);
        let modes = if modes.is_empty() { vec![""] } else { modes };
        for mode in modes {
            for (depth, shown) in cells[1..].iter().enumerate() {
                counts += 1;
                let depth = (depth + 1).to_string();
                let mut args = vec!["perft", game.as_str(), "--depth", depth.as_str()];
                if !mode.is_empty() {
                    args.extend(["--mode", mode]);
                }
                let output = Command::cargo_bin("arbitre")
                    .unwrap()
                    .args(&args)
                    .output()
                    .unwrap();
                let counted = String::from_utf8_lossy(&output.stdout).trim().to_string();
                if counted != shown.replace(',', "") {
                    faults.push(format!(
                        "arbitre {}: {counted}, the table says {shown}",
                        args.join(" ")
                    ));
                }
            }
        }
    }
    assert!(counts >= 15, "only {counts} perft counts found");
    let registered: BTreeSet<String> = games::names().iter().map(|n| n.to_string()).collect();
    assert_eq!(counted_games, registered, "the games of the perft table");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The rows of the table of a page's "Rule ids" section: each row's rule
/// id (its first cell) and its other cells.
fn rule_table(page: &str) -> Vec<(String, Vec<String>)> {
    section(page, "Rule ids")
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.strip_prefix('|')?.split('|').map(str::trim).collect();
            let id = cells.first()?.strip_prefix('`')?.strip_suffix('`')?;
            let rest = cells[1..].iter().filter(|c| !c.is_empty());
            Some((id.to_string(), rest.map(|c| c.to_string()).collect()))
        })
        .collect()
}

/// A rule as the docs tables tell it: id, kind and whether a house rule
/// forgives it.
type Told = (String, &'static str, bool);

/// What docs/rules/ tells of every rule: each page's table (generated
/// from the registry, tests/rules.rs) gives its ids with their verdict,
/// "(a warning when forgiven)" for the tolerable ones.
fn told_rules() -> BTreeSet<Told> {
    let mut told = BTreeSet::new();
    for page in ["record"].into_iter().chain(games::names().iter().copied()) {
        let text = std::fs::read_to_string(root().join(format!("docs/rules/{page}.md"))).unwrap();
        for (id, cells) in rule_table(&text) {
            let verdict = cells.first().map_or("", String::as_str);
            let kind = ["illegal", "malformed", "warning"]
                .into_iter()
                .find(|k| verdict.starts_with(k))
                .unwrap_or("a verdict the pages do not know");
            told.insert((id, kind, verdict.ends_with("(a warning when forgiven)")));
        }
    }
    told
}

/// The rule ids the program can report are the declared ones, and the
/// tables of docs/rules/ list each declared rule with its kind: a rule
/// added, dropped or changed in one place and not the others fails here.
#[test]
fn rules_reported_are_declared_and_tabled() {
    let declared: BTreeSet<String> = rules::Rule::all().map(|r| r.id.to_string()).collect();
    let mut faults = Vec::new();
    for id in program_rule_ids().difference(&declared) {
        faults.push(format!(
            "{id} is in src/ but declared by no game (its declared.rs RULES)"
        ));
    }
    for id in declared.difference(&program_rule_ids()) {
        if id.contains('/') {
            faults.push(format!("{id} is declared but written nowhere in src/"));
        }
    }
    let registry: BTreeSet<Told> = rules::Rule::all()
        .map(|r| (r.id.to_string(), r.kind.word(), r.tolerable))
        .collect();
    let told = told_rules();
    for (id, kind, tolerable) in registry.difference(&told) {
        let tolerable = if *tolerable { ", tolerable" } else { "" };
        faults.push(format!(
            "{id} ({kind}{tolerable}) is declared, but docs/rules/ does not table it so"
        ));
    }
    for (id, kind, tolerable) in told.difference(&registry) {
        let tolerable = if *tolerable { ", tolerable" } else { "" };
        faults.push(format!(
            "docs/rules/ tables {id} ({kind}{tolerable}), which is not declared so"
        ));
    }
    assert!(
        registry.len() > 50,
        "only {} rules declared",
        registry.len()
    );
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
