//! The CI formats of `check` (issue 15, section 2): `short` as rustc and
//! gcc write, `github` workflow commands that nothing from a record can
//! forge, `sarif` valid against the SARIF 2.1.0 schema, `junit` as CI
//! servers read it, and `--stdin-filename` naming standard input in each.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

mod run;

mod scratch;

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

use run::run;
use scratch::Scratch;

const ILLEGAL: &str = "samples/simpei/illegal-occupied.arb";
const MALFORMED: &str = "samples/simpei/malformed-syntax.arb";
const WARNED: &str = "samples/superpion/blocking.arb";
const LEGAL: &str = "samples/simpei/spec-example.arb";

/// `text` written to `name` in `dir`, as a path for the command line.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// `arbitre check --format FORMAT args` with `stdin` on standard input.
fn piped(format: &str, args: &[&str], stdin: &str) -> (i32, String) {
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["check", "--format", format])
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// Hostile names: a path that holds a newline, a workflow command, the
/// runner's separators and a percent code, and a record whose bad token
/// holds them too.
fn hostile(dir: &Path) -> String {
    file(
        dir,
        "a\n::error file=x::forged, 100%0A:: b.arb",
        "---\ngame: simpei\n---\n1. c3%0A::error::forged,x:y\n",
    )
}

#[test]
fn short_findings_are_errors_and_warnings_as_compilers_write() {
    let (status, out, _) = run(&[
        "check",
        "--format",
        "short",
        ILLEGAL,
        MALFORMED,
        WARNED,
        "samples/no-such.arb",
    ]);
    assert_eq!(status, 2);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "samples/simpei/illegal-occupied.arb:5:7: error[simpei/occupied]: illegal: c3 is occupied (turn 1... blue)"
    );
    assert!(
        lines[1].starts_with(
            "samples/simpei/malformed-syntax.arb:5:13: error[syntax]: malformed: `e5xc5`"
        ),
        "{out}"
    );
    assert!(
        lines[2].starts_with("samples/superpion/blocking.arb:")
            && lines[2].contains(": warning[superpion/blocking]: "),
        "{out}"
    );
    assert_eq!(
        lines[3],
        "samples/no-such.arb: error: cannot read: No such file or directory (os error 2)"
    );
    assert_eq!(lines.len(), 4, "{out}");
    // Every finding reads `path:line:col: severity[rule]: message`, the
    // form the README gives a problem matcher.
    for line in &lines[..3] {
        let (place, rest) = line.split_once(": ").unwrap();
        assert_eq!(place.split(':').count(), 3, "{line}");
        assert!(
            rest.starts_with("error[") || rest.starts_with("warning["),
            "{line}"
        );
    }
    // A legal record writes nothing; warnings silenced, nothing either.
    let (status, out, _) = run(&["check", "--format", "short", LEGAL]);
    assert_eq!((status, out.as_str()), (0, ""));
    let (_, out, _) = run(&["check", "--format", "short", "--warnings", "none", WARNED]);
    assert_eq!(out, "");
}

#[test]
fn github_annotates_each_finding_on_its_file_and_place() {
    let (status, out, _) = run(&[
        "check", "--format", "github", ILLEGAL, MALFORMED, WARNED, LEGAL,
    ]);
    assert_eq!(status, 2);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with(
            "::error file=samples/simpei/illegal-occupied.arb,line=5,col=7,endColumn=8,title=simpei/occupied::illegal: c3 is occupied (turn 1... blue)%0Alegal here: a1, "
        ),
        "{out}"
    );
    assert!(lines[1].starts_with("::error file=samples/simpei/malformed-syntax.arb,line=5,col=13,endColumn=17,title=syntax::malformed: "), "{out}");
    assert!(
        lines[2].starts_with("::warning file=samples/superpion/blocking.arb,line="),
        "{out}"
    );
    assert!(lines[2].contains(",title=superpion/blocking::"), "{out}");
    assert_eq!(
        lines[3],
        "::notice title=arbitre::4 records checked: 2 legal, 1 illegal, 1 malformed, 0 unreadable, 1 warning"
    );
    assert_eq!(lines.len(), 4, "{out}");
    let (_, out, _) = run(&["check", "--format", "github", "--warnings", "none", WARNED]);
    assert!(!out.contains("::warning"), "{out}");
}

#[test]
fn nothing_from_a_record_forges_a_workflow_command() {
    let dir = Scratch::new("formats-github");
    let path = hostile(&dir);
    let gone = dir.join("gone, 50%.arb").to_string_lossy().into_owned();
    let (status, out, _) = run(&["check", "--format", "github", &path, &gone]);
    assert_eq!(status, 2);
    let lines: Vec<&str> = out.lines().collect();
    // The malformed record, the unreadable path, the totals: one command
    // each, and no other line.
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("::error file="), "{out}");
    assert!(lines[1].starts_with("::error file="), "{out}");
    assert!(lines[2].starts_with("::notice "), "{out}");
    // The path's newline, separators and percents encoded: the file
    // property ends where arbitre ends it, and is the file's name.
    assert!(
        lines[0].contains("a%0A%3A%3Aerror file=x%3A%3Aforged%2C 100%250A%3A%3A b.arb,line=4,"),
        "{}",
        lines[0]
    );
    // The quoted token's percent code stays text.
    let message = lines[0].split_once("::malformed: ").unwrap().1;
    assert!(message.contains("c3%250A::error::forged,x:y"), "{message}");
    assert!(
        lines[1].contains("gone%2C 50%25.arb,title=unreadable::cannot read: "),
        "{}",
        lines[1]
    );
}

/// What the Actions runner reads back from a property's value.
fn runner_decoded(value: &str) -> String {
    value
        .replace("%0D", "\r")
        .replace("%0A", "\n")
        .replace("%3A", ":")
        .replace("%2C", ",")
        .replace("%25", "%")
}

/// A file whose name holds a newline gets its annotation: the runner reads
/// the path back from `file=` as it is on disk. One record and one warning
/// are counted in the singular.
#[test]
fn a_path_with_a_newline_is_annotated_on_its_file() {
    let dir = Scratch::new("formats-github-newline");
    let text = std::fs::read_to_string(WARNED).unwrap();
    let path = file(&dir, "new\nline,50%.arb", &text);
    let (status, out, _) = run(&["check", "--format", "github", &path]);
    assert_eq!(status, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let property = lines[0]
        .strip_prefix("::warning file=")
        .and_then(|rest| rest.split_once(",line="))
        .map(|(file, _)| file)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(!property.contains(['\n', '\\', ',', ':']), "{property}");
    assert_eq!(runner_decoded(property), path);
    assert!(Path::new(&runner_decoded(property)).is_file());
    assert_eq!(
        lines[1],
        "::notice title=arbitre::1 record checked: 1 legal, 0 illegal, 0 malformed, 0 unreadable, 1 warning"
    );
}

/// The SARIF 2.1.0 schema, as OASIS publishes it (tests/schemas).
fn sarif_schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/schemas/sarif-2.1.0.json"),
    )
    .unwrap();
    jsonschema::options()
        .with_pattern_options(jsonschema::PatternOptions::fancy_regex())
        .build(&serde_json::from_str(&text).unwrap())
        .unwrap()
}

/// `out` parsed and valid against the SARIF schema.
fn valid_sarif(schema: &jsonschema::Validator, out: &str) -> Value {
    let sarif: Value = serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let errors: Vec<String> = schema.iter_errors(&sarif).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    sarif
}

#[test]
fn sarif_is_valid_and_declares_every_rule_it_reports() {
    let schema = sarif_schema();
    let (status, out, _) = run(&["check", "--format", "sarif", "samples"]);
    assert_eq!(status, 2);
    let sarif = valid_sarif(&schema, &out);
    assert_eq!(sarif["version"], "2.1.0");
    let first = &sarif["runs"][0];
    let rules = first["tool"]["driver"]["rules"].as_array().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    for id in &ids {
        assert!(arbitre::rules::Rule::find(id).is_some(), "{id}");
    }
    assert_eq!(ids.len(), arbitre::rules::Rule::all().count());
    let results = first["results"].as_array().unwrap();
    // One result per finding: each record's diagnostic and its warnings.
    let (_, lines, _) = run_jsonl(&["samples"]);
    let findings: usize = lines
        .iter()
        .filter(|l| l.get("verdict").is_some())
        .map(|l| usize::from(!l["diagnostic"].is_null()) + l["warnings"].as_array().unwrap().len())
        .sum();
    assert_eq!(results.len(), findings);
    for result in results {
        let id = result["ruleId"].as_str().unwrap();
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(ids[index], id, "{result}");
        let region = &result["locations"][0]["physicalLocation"]["region"];
        if !region.is_null() {
            assert!(region["startLine"].as_u64().unwrap() <= region["endLine"].as_u64().unwrap());
        }
    }
    // No finding: an empty list of results, still valid.
    let (status, out, _) = run(&["check", "--format", "sarif", LEGAL]);
    assert_eq!(status, 0);
    let sarif = valid_sarif(&schema, &out);
    assert_eq!(sarif["runs"][0]["results"], serde_json::json!([]));
}

/// Code scanning requires a rule's `fullDescription` and `help` (GitHub's
/// GH2012 in the SARIF Multitool), and shows them on the rule's page: its
/// words from the registry, and what `arbitre explain` says of it, in
/// text and in Markdown. No `helpUri`: arbitre has no public page.
#[test]
fn sarif_rules_carry_their_words_and_explain_as_help() {
    let (_, out, _) = run(&["check", "--format", "sarif", LEGAL]);
    let sarif = valid_sarif(&sarif_schema(), &out);
    let rules = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert_eq!(rules.len(), arbitre::rules::Rule::all().count());
    // SARIF text holds `\[` for `[` (a link otherwise).
    let unescaped = |text: &str| text.replace("\\[", "[").replace("\\]", "]");
    for (sarif, rule) in rules.iter().zip(arbitre::rules::Rule::all()) {
        assert_eq!(sarif["id"], rule.id);
        let words = rule.explanation.unwrap().words;
        assert_eq!(sarif["fullDescription"]["text"], words, "{}", rule.id);
        let text = unescaped(sarif["help"]["text"].as_str().unwrap());
        assert!(
            text.starts_with(&format!("{}: {}\n", rule.id, rule.summary)),
            "{text}"
        );
        let markdown = sarif["help"]["markdown"].as_str().unwrap();
        if let Some(e) = rule.explanation.filter(|e| !e.example.is_empty()) {
            // The example as an indented code block, and what arbitre
            // says of it as one too, naming the rule.
            for line in e.example.lines() {
                assert!(markdown.contains(&format!("\n    {line}\n")), "{markdown}");
            }
            assert!(markdown.contains("\n\n    example.arb#0: "), "{markdown}");
            assert!(text.contains(&format!("[{}]", rule.id)), "{text}");
        }
        assert!(sarif.get("helpUri").is_none(), "{sarif}");
    }
    // The help is what `arbitre explain` prints.
    let (_, explained, _) = run(&["explain", "simpei/occupied"]);
    let occupied = rules.iter().find(|r| r["id"] == "simpei/occupied").unwrap();
    assert_eq!(
        unescaped(occupied["help"]["text"].as_str().unwrap()),
        explained
    );
}

#[test]
fn sarif_regions_span_the_action_and_paths_are_uris() {
    let schema = sarif_schema();
    let dir = Scratch::new("formats-sarif");
    let path = hostile(&dir);
    let gone = dir.join("gone 1.arb").to_string_lossy().into_owned();
    let (_, out, _) = run(&["check", "--format", "sarif", ILLEGAL, &path, &gone]);
    let sarif = valid_sarif(&schema, &out);
    let first = &sarif["runs"][0];
    let region = &first["results"][0]["locations"][0]["physicalLocation"]["region"];
    // `c3` at 5:7: the column after its last character ends it.
    assert_eq!(
        region,
        &serde_json::json!({"startLine": 5, "startColumn": 7, "endLine": 5, "endColumn": 9})
    );
    let uri = first["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        uri.ends_with("/a%0A%3A%3Aerror%20file%3Dx%3A%3Aforged%2C%20100%250A%3A%3A%20b.arb"),
        "{uri}"
    );
    let notification = &first["invocations"][0]["toolExecutionNotifications"][0];
    assert_eq!(notification["level"], "error");
    assert!(
        notification["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .ends_with("/gone%201.arb")
    );
}

/// A file whose name is not UTF-8 (`café.arb` in Latin-1, `%`, `#`, `?`
/// and a space beside it) cannot be read, and SARIF's notification names
/// it by a URI of its own bytes, percent-encoded: not U+FFFD, which names
/// no file.
#[cfg(unix)]
#[test]
fn sarif_names_a_file_whose_name_is_not_utf8_by_its_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let schema = sarif_schema();
    let dir = Scratch::new("formats-sarif-bytes");
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9 #1?%.arb");
    std::fs::write(dir.join(name), "---\ngame: simpei\n---\n1. c3\n").unwrap();
    let given = dir.to_string_lossy().into_owned();
    let (status, out, _) = run(&["check", "--format", "sarif", &given]);
    assert_eq!(status, 2);
    let sarif = valid_sarif(&schema, &out);
    let notification = &sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"][0];
    let uri = notification["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap();
    assert!(uri.starts_with("file:///"), "{uri}");
    assert!(uri.ends_with("/caf%E9%20%231%3F%25.arb"), "{uri}");
    // The message, text for people, still shows the name as it can.
    assert!(
        notification["message"]["text"]
            .as_str()
            .unwrap()
            .contains("caf\u{fffd} #1?%.arb"),
        "{notification}"
    );
}

/// `check --format jsonl args`, each line parsed.
fn run_jsonl(args: &[&str]) -> (i32, Vec<Value>, String) {
    let mut all = vec!["check", "--format", "jsonl"];
    all.extend_from_slice(args);
    let (status, out, err) = run(&all);
    let lines = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (status, lines, err)
}

#[test]
fn junit_has_one_case_per_record_counted_in_its_suite() {
    let (status, out, _) = run(&["check", "--format", "junit", "samples", "no-such.arb"]);
    assert_eq!(status, 2);
    let xml = roxmltree::Document::parse(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let suites = xml.root_element();
    assert_eq!(suites.tag_name().name(), "testsuites");
    let suite = suites
        .children()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    let cases: Vec<_> = suite
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    let (_, lines, _) = run_jsonl(&["samples", "no-such.arb"]);
    let summary = &lines.last().unwrap()["summary"];
    let count = |key: &str| summary[key].as_u64().unwrap() as usize;
    assert_eq!(cases.len(), count("records") + count("unreadable"));
    let with = |tag: &str| {
        cases
            .iter()
            .filter(|c| c.children().any(|n| n.has_tag_name(tag)))
            .count()
    };
    assert_eq!(with("failure"), count("illegal"));
    assert_eq!(with("error"), count("malformed") + count("unreadable"));
    for element in [suites, suite] {
        let attribute = |name: &str| element.attribute(name).unwrap().parse::<usize>().unwrap();
        assert_eq!(attribute("tests"), cases.len());
        assert_eq!(attribute("failures"), with("failure"));
        assert_eq!(attribute("errors"), with("error"));
    }
    // A failure names its rule and says where.
    let illegal = cases
        .iter()
        .find(|c| c.attribute("file") == Some(ILLEGAL))
        .unwrap();
    let failure = illegal
        .children()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert_eq!(failure.attribute("type"), Some("simpei/occupied"));
    assert!(failure
        .text()
        .unwrap()
        .starts_with("5:7: illegal: c3 is occupied"));
}

/// A case is named as a CI server lists it beside its file: the record,
/// who played it or else its event, and its line; a name from the header
/// cut and escaped, and the XML well formed whatever it holds.
#[test]
fn junit_names_each_record_by_its_players_or_event_and_line() {
    let dir = Scratch::new("formats-junit-names");
    let long = "x".repeat(200);
    let text = format!(
        "---\ngame: simpei\nplayers: {{red: Ana, blue: \"Bo <&>\\u202e\\n\"}}\n---\n1. c3\n\n\
         ---\ngame: simpei\nevent: Club night\n---\n1. c3 c3\n\n\
         ---\ngame: simpei\nevent: \"{long}\"\n---\n1. c3\n\n\
         ---\ngame: simpei\n---\n1. c3\n\n\
         ---\ngame: simpei\nevent: Cup\n---\n1. c3 {{\n"
    );
    let path = file(&dir, "club.night.arb", &text);
    let (_, out, _) = run(&["check", "--format", "junit", &path]);
    let xml = roxmltree::Document::parse(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let cases: Vec<_> = xml
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    let names: Vec<&str> = cases.iter().map(|c| c.attribute("name").unwrap()).collect();
    assert_eq!(
        names,
        [
            "record 0: Ana v Bo <&>\\u{202e}\\n (line 1)",
            "record 1: Club night (line 7)",
            &format!("record 2: {}… (line 13)", "x".repeat(40)),
            "record 3 (line 19)",
            "record 4: Cup (line 24)",
        ]
    );
    // The class is the file, as Jenkins packages it: its folders, then
    // its name without `.arb`, a dot in it made `_`.
    let class = cases[0].attribute("classname").unwrap();
    assert!(class.ends_with(".club_night"), "{class}");
    assert!(!class.contains('/'), "{class}");
}

#[test]
fn junit_keeps_hostile_names_well_formed_and_fails_denied_warnings() {
    let dir = Scratch::new("formats-junit");
    let path = hostile(&dir);
    let odd = file(&dir, "q\"<&>'.arb", "---\ngame: simpei\n---\n1. c3\n");
    let (_, out, _) = run(&["check", "--format", "junit", &path, &odd]);
    let xml = roxmltree::Document::parse(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let names: Vec<&str> = xml
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .map(|n| n.attribute("file").unwrap())
        .collect();
    assert!(
        names[0].ends_with("a\\n::error file=x::forged, 100%0A:: b.arb"),
        "{names:?}"
    );
    assert!(names[1].ends_with("q\"<&>'.arb"), "{names:?}");
    let (status, out, _) = run(&["check", "--format", "junit", "--deny-warnings", WARNED]);
    assert_eq!(status, 3);
    let xml = roxmltree::Document::parse(&out).unwrap();
    let failure = xml
        .descendants()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert_eq!(failure.attribute("type"), Some("warnings-denied"));
    let said = xml
        .descendants()
        .find(|n| n.has_tag_name("system-out"))
        .unwrap();
    assert!(said.text().unwrap().contains("warning[superpion/blocking]"));
}

#[test]
fn stdin_filename_names_standard_input_in_every_format() {
    let record =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(ILLEGAL)).unwrap();
    let name = "games/zqx 1.arb";
    for format in [
        "human", "short", "json", "jsonl", "yaml", "github", "sarif", "junit",
    ] {
        let (status, named) = piped(format, &["--stdin-filename", name, "-"], &record);
        assert_eq!(status, 1, "{format}");
        let (_, unnamed) = piped(format, &["-"], &record);
        let shown = match format {
            "github" => "games/zqx 1.arb".to_string(),
            "sarif" => "games/zqx%201.arb".to_string(),
            _ => name.to_string(),
        };
        assert!(named.contains(&shown), "{format}: {named}");
        assert!(!unnamed.contains("zqx"), "{format}: {unnamed}");
    }
    // Files named on the command line keep their names.
    let (_, out) = piped("short", &["--stdin-filename", name, ILLEGAL], "");
    assert!(out.starts_with(ILLEGAL), "{out}");
}

#[test]
fn every_format_writes_the_same_bytes_whatever_the_jobs() {
    for format in ["short", "github", "sarif", "junit"] {
        let (_, one, _) = run(&["check", "--format", format, "--jobs", "1", "samples"]);
        let (_, four, _) = run(&["check", "--format", format, "--jobs", "4", "samples"]);
        assert_eq!(one, four, "{format}");
    }
}

#[test]
fn the_readme_ci_job_runs_what_it_shows() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme.split("### In a CI job").nth(1).unwrap();
    let job = section
        .split("```yaml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let workflow: serde_yaml::Value = serde_yaml::from_str(job).unwrap();
    let steps = workflow["jobs"]["check"]["steps"].as_sequence().unwrap();
    let commands: Vec<&str> = steps
        .iter()
        .filter_map(|s| s["run"].as_str())
        .filter(|r| r.starts_with("arbitre "))
        .collect();
    assert_eq!(commands.len(), 2, "{commands:?}");
    let schema = sarif_schema();
    for command in commands {
        let command = command.split(" > ").next().unwrap();
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        let (status, out, err) = run(&args);
        // The samples hold illegal and malformed records on purpose.
        assert_eq!(status, 2, "{command}: {err}");
        if command.contains("sarif") {
            valid_sarif(&schema, &out);
        } else {
            assert!(out.lines().all(|l| l.starts_with("::")), "{command}");
        }
    }
    let upload = steps.iter().find(|s| {
        s["uses"]
            .as_str()
            .is_some_and(|u| u.contains("upload-sarif"))
    });
    assert_eq!(upload.unwrap()["with"]["sarif_file"], "arbitre.sarif");
}

#[test]
fn github_keeps_standard_error_from_the_older_command_form() {
    let dir = Scratch::new("formats-stderr");
    let walked = dir.join("walk");
    std::fs::create_dir(&walked).unwrap();
    for name in [
        "##[stop-commands]tok.arb",
        "##[error file=README.md;line=1]forged.arb",
    ] {
        std::os::unix::fs::symlink("/nonexistent", walked.join(name)).unwrap();
    }
    let gone = dir
        .join("##[warning]gone.arb")
        .to_string_lossy()
        .into_owned();
    let walked = walked.to_string_lossy().into_owned();
    let (status, out, err) = run(&["check", "--format", "github", &walked, &gone]);
    assert_eq!(status, 2);
    assert!(!err.contains("##["), "{err}");
    assert!(err.contains("#%23[stop-commands]tok.arb"), "{err}");
    assert!(out.lines().all(|l| l.starts_with("::")), "{out}");
    // Other formats show the names as they are (escaped for a terminal).
    let (_, _, err) = run(&["check", &walked, &gone]);
    assert!(err.contains("##[stop-commands]tok.arb"), "{err}");
}

#[test]
fn denied_warnings_are_errors_in_the_finding_formats() {
    let (status, out, _) = run(&["check", "--format", "github", "--deny-warnings", WARNED]);
    assert_eq!(status, 3);
    assert!(
        out.starts_with("::error file=samples/superpion/blocking.arb,line=")
            && out.contains(",title=superpion/blocking::warning, denied: "),
        "{out}"
    );
    let (_, out, _) = run(&["check", "--format", "short", "--deny-warnings", WARNED]);
    assert!(
        out.contains(": error[superpion/blocking]: warning, denied: "),
        "{out}"
    );
    let (_, out, _) = run(&["check", "--format", "sarif", "--deny-warnings", WARNED]);
    let sarif: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(sarif["runs"][0]["results"][0]["level"], "error");
    // Summarised or silenced, warnings are not annotated.
    for when in ["summary", "none"] {
        let (_, out, _) = run(&["check", "--format", "github", "--warnings", when, WARNED]);
        assert!(!out.contains("blocking"), "{when}: {out}");
    }
}

#[test]
fn unnamed_standard_input_is_no_file() {
    let record =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(ILLEGAL)).unwrap();
    let (_, out) = piped("github", &["-"], &record);
    assert!(
        out.starts_with("::error title=simpei/occupied::illegal: "),
        "{out}"
    );
    let (_, out) = piped("sarif", &["-"], &record);
    let sarif: Value = serde_json::from_str(&out).unwrap();
    let location = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(
        location["artifactLocation"],
        serde_json::json!({"description": {"text": "standard input"}})
    );
    assert_eq!(location["region"]["startLine"], 5);
}

/// The rulings give a usage error and a malformed record the same status,
/// 2; the output tells them apart (docs/rulings.md).
#[test]
fn a_usage_error_writes_no_report_and_a_malformed_record_does() {
    for args in [
        &[
            "check",
            "--format",
            "json",
            "--rule",
            "no-such-rule",
            "samples",
        ][..],
        &["check", "--format", "json", "--no-such-flag", "samples"],
        &["check", "--format", "sarif", "--jobs", "0", "samples"],
    ] {
        let (status, out, err) = run(args);
        assert_eq!((status, out.as_str()), (2, ""), "{args:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    let (status, out, _) = run(&["check", "--format", "json", MALFORMED]);
    assert_eq!(status, 2);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["summary"]["malformed"], 1);
}

/// Every command that writes a document writes it as JSON lines too: the
/// JSON document, compact on one line, with the same exit status. A
/// command left out of the output model would refuse `jsonl`.
#[test]
fn every_document_is_written_as_json_lines_too() {
    let commands: [&[&str]; 9] = [
        &["explain", "--list"],
        &["explain", "simpei/occupied"],
        &["stats", "samples/puluc"],
        &["score", LEGAL],
        &["score", ILLEGAL],
        &["show", LEGAL, "--turn", "3"],
        &["show", MALFORMED],
        &["moves", LEGAL, "--turn", "3"],
        &["moves", ILLEGAL, "--expand"],
    ];
    for args in commands {
        let with = |format: &str| {
            let mut all = args.to_vec();
            all.extend(["--format", format]);
            run(&all)
        };
        let (json_status, json, _) = with("json");
        let (lines_status, lines, err) = with("jsonl");
        assert_eq!(lines_status, json_status, "{args:?}: {err}");
        assert_eq!(lines.lines().count(), 1, "{args:?}: one line: {lines}");
        assert!(lines.ends_with('\n'), "{args:?}");
        let (json, lines): (Value, Value) = (
            serde_json::from_str(&json).unwrap(),
            serde_json::from_str(&lines).unwrap(),
        );
        assert_eq!(lines, json, "{args:?}");
    }
}

/// Every machine format of the library is a `--format` value of every
/// command that writes a document and of `check`, listed in its help and
/// written with the exit status of `json`: a format added to
/// `Machine`'s registry reaches every command with no line in the binary.
#[test]
fn every_machine_format_reaches_every_command() {
    let commands: [&[&str]; 6] = [
        &["check", "samples/simpei"],
        &["explain", "simpei/occupied"],
        &["stats", "samples/puluc"],
        &["score", ILLEGAL],
        &["show", LEGAL, "--turn", "3"],
        &["moves", LEGAL, "--turn", "3"],
    ];
    for args in commands {
        let help = words(&run(&[args[0], "--help"]).1);
        let with = |format: &str| {
            let mut all = args.to_vec();
            all.extend(["--format", format]);
            run(&all)
        };
        let (json_status, _, _) = with("json");
        for machine in arbitre::Machine::ALL {
            let name = machine.name();
            let about = if args[0] == "check" {
                machine.about_run()
            } else {
                machine.about()
            };
            let listed = words(&format!("- {name}: {about}"));
            assert!(help.contains(&listed), "{args:?} lists {listed}: {help}");
            let (status, out, err) = with(name);
            assert_eq!(status, json_status, "{args:?} {name}: {err}");
            assert!(out.ends_with('\n'), "{args:?} {name}: {err}");
        }
    }
    for command in ["solve", "analyse"] {
        let help = words(&run(&[command, "--help"]).1);
        for machine in arbitre::Machine::ALL {
            let listed = words(&format!("- {}: {}", machine.name(), machine.about()));
            assert!(help.contains(&listed), "{command} lists {listed}: {help}");
        }
    }
}

/// `text` with each run of white space one space: help as clap wraps and
/// aligns it, compared by its words.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A finished game says how it was decided, on the board or off it, in
/// every output made for machines and in the page: JUnit as the case's
/// properties, SARIF in its results' properties, the page in its result.
#[test]
fn outputs_say_how_a_finished_game_was_decided() {
    let sample = "samples/simpei/off-board.arb";
    let (_, out, _) = run(&["check", "--format", "junit", sample]);
    let xml = roxmltree::Document::parse(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let properties = |case: usize| -> Vec<(String, String)> {
        xml.descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .nth(case)
            .into_iter()
            .flat_map(|c| c.descendants().filter(|n| n.has_tag_name("property")))
            .map(|p| {
                let get = |a| p.attribute(a).unwrap_or_default().to_string();
                (get("name"), get("value"))
            })
            .collect()
    };
    let pair = |name: &str, value: &str| (name.to_string(), value.to_string());
    let resigned = properties(0);
    assert!(
        resigned.contains(&pair("arbitre.end", "resignation")),
        "{resigned:?}"
    );
    assert!(
        resigned.contains(&pair("arbitre.decided", "off-board")),
        "{resigned:?}"
    );
    assert!(
        resigned.contains(&pair("arbitre.winners", "blue")),
        "{resigned:?}"
    );
    // The abandoned game goes on: no outcome.
    assert!(properties(6).is_empty(), "{out}");
    let (_, out, _) = run(&[
        "check",
        "--format",
        "junit",
        "samples/superpion/adjudication.arb",
    ]);
    assert!(
        out.contains(
            "<property name=\"arbitre.board_scores\" value=\"blue 12, red 12, yellow 12, black 12\"/>"
        ),
        "{out}"
    );
    // SARIF: the end-mismatch's result carries the outcome the board gave.
    let (_, out, _) = run(&[
        "check",
        "--format",
        "sarif",
        "samples/superpion/adjudication.arb",
    ]);
    let sarif: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let results = sarif["runs"][0]["results"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mismatch = results
        .iter()
        .find(|r| r["ruleId"] == "superpion/end-mismatch")
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(mismatch["properties"]["outcome"]["decided"], "board");
    assert_eq!(mismatch["properties"]["outcome"]["end"], "one-side-left");
    // The page says it in words.
    let (_, out, _) = run(&["check", "--format", "html", sample]);
    assert!(out.contains("blue (Ben) wins by resignation"), "{out}");
    assert!(out.contains("drawn by agreement"), "{out}");
}

/// `check` says how the game was decided, in the voice of its line;
/// `score` shows the referee's scores beside the board's.
#[test]
fn people_read_how_a_game_was_decided() {
    let (_, out, _) = run(&["check", "samples/simpei/off-board.arb"]);
    for line in [
        "off-board.arb#0: legal: blue (Ben) wins by resignation after 4 turns",
        "off-board.arb#1: legal: red wins on time after 2 turns",
        "off-board.arb#2: legal: blue wins by forfeit after 0 turns",
        "off-board.arb#3: legal: drawn by adjudication after 3 turns",
        "off-board.arb#4: legal: drawn by agreement after 2 turns",
        "off-board.arb#6: legal: unfinished, red to act after 2 turns",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    let (_, out, _) = run(&["check", "samples/superpion/adjudication.arb"]);
    assert!(
        out.contains(
            "adjudication.arb#0: legal: finished (adjudication): Bob wins (adjudicated Alice 3, Bob 9, Chloe 0, David 2; the board gives Alice 12, Bob 12, Chloe 12, David 12) after 1 turn"
        ),
        "{out}"
    );
    let (_, out, _) = run(&[
        "score",
        "--record",
        "0",
        "samples/superpion/adjudication.arb",
    ]);
    assert!(out.contains("adjudicated"), "{out}");
    let bob = out
        .lines()
        .find(|l| l.contains("Bob"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(bob.contains("12") && bob.contains('9'), "{bob}");
}

#[test]
fn sarif_and_junit_carry_the_tournament_keys_as_properties() {
    let dir = Scratch::new("formats-tournament");
    let text = "---\ngame: simpei\nround: 4\nboard: 2\ntags: {hall: \"<B&>\"}\n---\n1. c3 c3\n\n\
                ---\ngame: simpei\n---\n1. c3 c3\n";
    let path = file(&dir, "round.arb", text);
    let (_, out, _) = run(&["check", "--format", "sarif", &path]);
    let sarif = valid_sarif(&sarif_schema(), &out);
    let results = sarif["runs"][0]["results"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(results.len(), 2, "{out}");
    assert_eq!(
        results[0]["properties"]["tournament"],
        serde_json::json!({"round": 4, "board": 2, "tags": {"hall": "<B&>"}})
    );
    assert!(results[1].get("properties").is_none(), "{out}");
    let (_, out, _) = run(&["check", "--format", "junit", &path]);
    let xml = roxmltree::Document::parse(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let cases: Vec<_> = xml
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    let properties: Vec<(&str, &str)> = cases[0]
        .descendants()
        .filter(|n| n.has_tag_name("property"))
        .map(|p| {
            (
                p.attribute("name").unwrap_or(""),
                p.attribute("value").unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        properties,
        [
            ("arbitre.tournament.round", "4"),
            ("arbitre.tournament.board", "2"),
            ("arbitre.tournament.tags.hall", "<B&>"),
        ]
    );
    assert!(!cases[1].descendants().any(|n| n.has_tag_name("properties")));
}
