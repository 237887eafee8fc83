//! Every document arbitre writes fits its JSON Schema in `docs/schema/`:
//! `check` (json, yaml, jsonl), `score`, `stats`, `show`, `moves` and `standings`, over
//! the samples; and the schemas are strict enough to refuse a document with
//! a field wrong.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use std::path::Path;

use assert_cmd::Command;
use serde_json::{json, Value};

fn arbitre(args: &[&str]) -> String {
    let mut cmd = Command::cargo_bin("arbitre").unwrap_or_else(|e| panic!("{e}"));
    let out = cmd
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{e}"))
}

/// The schemas refer to each other by file name, as files side by side in
/// `docs/schema/`: read as published, or made strict as `strict` says.
struct Beside {
    strict: bool,
}

impl jsonschema::Retrieve for Beside {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let path = uri.path().as_str();
        let name = path.rsplit('/').next().unwrap_or(path);
        Ok(load(name, self.strict))
    }
}

fn schema_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/schema")
}

/// Every `additionalProperties: true` made `false`. The published schemas
/// say `true` where an object lists every field arbitre writes today:
/// fields may be added within a schema version (docs/json.md), and a
/// program that validates with them must not fail at the next release.
/// The project's own tests hold arbitre to the fields listed, there.
fn strict(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            for (key, value) in object.iter_mut() {
                if key == "additionalProperties" && *value == Value::Bool(true) {
                    *value = Value::Bool(false);
                } else {
                    strict(value);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(strict),
        _ => {}
    }
}

/// The schema `name` of `docs/schema/`, as published or made strict.
fn load(name: &str, strict_fields: bool) -> Value {
    let text = std::fs::read_to_string(schema_dir().join(name)).unwrap_or_else(|e| panic!("{e}"));
    let mut schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    if strict_fields {
        strict(&mut schema);
    }
    schema
}

fn build(name: &str, strict_fields: bool) -> jsonschema::Validator {
    let schema = load(name, strict_fields);
    assert_eq!(
        schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
        "{name}"
    );
    jsonschema::options()
        .with_base_uri(format!("file:///arbitre/docs/schema/{name}"))
        .with_retriever(Beside {
            strict: strict_fields,
        })
        .build(&schema)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The schema `name`, strict: no field it does not list.
fn validator(name: &str) -> jsonschema::Validator {
    build(name, true)
}

/// The schema `name` as published, which lets fields be added.
fn published(name: &str) -> jsonschema::Validator {
    build(name, false)
}

/// Fail with every error of `document` against `validator`, naming `what`.
fn fits(validator: &jsonschema::Validator, document: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(document)
        .take(5)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
}

fn json(text: &str, what: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: {e}: {text}"))
}

fn yaml(text: &str, what: &str) -> Value {
    serde_yaml::from_str(text).unwrap_or_else(|e| panic!("{what}: {e}: {text}"))
}

/// Every sample file, in a stable order.
fn sample_files() -> Vec<String> {
    let mut files = Vec::new();
    for &game in arbitre::games::names() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples")
            .join(game);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{e}"))
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".arb"))
            .collect();
        names.sort();
        files.extend(names.into_iter().map(|n| format!("samples/{game}/{n}")));
    }
    assert!(files.len() > 100, "{} samples", files.len());
    files
}

#[test]
fn check_documents_of_every_sample_fit_the_check_schema() {
    let check = validator("check.schema.json");
    let document = json(
        &arbitre(&["check", "--format", "json", "samples", "gone.arb"]),
        "json",
    );
    assert!(document["records"].as_array().map_or(0, Vec::len) > 100);
    assert_eq!(document["unreadable"][0]["path"], "gone.arb");
    fits(&check, &document, "check --format json samples");
    let same = yaml(
        &arbitre(&["check", "--format", "yaml", "samples", "gone.arb"]),
        "yaml",
    );
    fits(&check, &same, "check --format yaml samples");
    assert_eq!(same["records"], document["records"]);
}

#[test]
fn a_summary_with_files_left_out_fits_the_schemas() {
    let check = validator("check.schema.json");
    let args = ["check", "--exclude", "superpion/", "samples"];
    let document = json(
        &arbitre(&[&args[..], &["--format", "json"]].concat()),
        "json",
    );
    assert!(
        document["summary"]["left_out"]["excluded"].as_u64() > Some(0),
        "{document}"
    );
    fits(&check, &document, "check --format json --exclude");
    let mut wrong = document.clone();
    wrong["summary"]["left_out"]["forgotten"] = json!(1);
    assert!(!check.is_valid(&wrong), "an unknown reason passes");
    let stats = validator("stats.schema.json");
    let document = json(
        &arbitre(&[
            "stats",
            "--format",
            "json",
            "--exclude",
            "puluc/",
            "samples",
        ]),
        "stats",
    );
    assert!(
        document["left_out"]["excluded"].as_u64() > Some(0),
        "{document}"
    );
    fits(&stats, &document, "stats --format json --exclude");
    let line = validator("line.schema.json");
    let out = arbitre(&[&args[..], &["--format", "jsonl"]].concat());
    let last = out.lines().last().unwrap_or_default();
    assert!(last.contains("\"left_out\""), "{last}");
    fits(&line, &json(last, last), last);
}

#[test]
fn every_json_line_fits_the_line_schema() {
    let line = validator("line.schema.json");
    let out = arbitre(&["check", "--format", "jsonl", "gone.arb", "samples"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 100);
    assert!(lines[0].contains("\"unreadable\""), "{}", lines[0]);
    for text in &lines {
        fits(&line, &json(text, text), text);
    }
    // A line of one kind does not pass as another.
    let record = json(lines[1], lines[1]);
    let mut both = record.clone();
    both["summary"] = json!({});
    assert!(!line.is_valid(&both), "a record with a summary");
}

#[test]
fn score_documents_of_every_sample_fit_the_score_schema() {
    let score = validator("score.schema.json");
    for file in sample_files() {
        fits(
            &score,
            &json(&arbitre(&["score", "--format", "json", &file]), &file),
            &file,
        );
    }
    for file in [
        "samples/superpion/teams-captured-superpion.arb",
        "samples/simpei/spec-example.arb",
        "samples/puluc/full-game.arb",
    ] {
        let out = arbitre(&["score", "--format", "yaml", file]);
        fits(&score, &yaml(&out, file), file);
    }
}

#[test]
fn stats_documents_fit_the_stats_schema() {
    let stats = validator("stats.schema.json");
    for format in ["json", "yaml"] {
        let out = arbitre(&["stats", "--format", format, "samples"]);
        let document = if format == "json" {
            json(&out, "stats")
        } else {
            yaml(&out, "stats")
        };
        assert!(!document["totals"].as_array().is_none_or(Vec::is_empty));
        fits(&stats, &document, &format!("stats --format {format}"));
    }
}

#[test]
fn show_and_moves_of_every_sample_fit_the_position_schema() {
    let position = validator("position.schema.json");
    let mut shown = 0;
    for file in sample_files() {
        for args in [
            vec!["show", "--format", "json", &file],
            vec!["moves", "--format", "json", &file],
            vec!["moves", "--format", "json", "--turn", "0", &file],
            vec![
                "moves", "--format", "json", "--expand", "--turn", "1", &file,
            ],
        ] {
            let out = arbitre(&args);
            // A turn the record does not have is a usage error, on stderr.
            if out.is_empty() {
                continue;
            }
            let document = json(&out, &file);
            shown += usize::from(document.get("setup").is_some());
            fits(&position, &document, &args.join(" "));
        }
    }
    assert!(shown > 300, "{shown} positions");
    let out = arbitre(&[
        "moves",
        "--format",
        "yaml",
        "samples/superpion/random-teams.arb",
    ]);
    fits(&position, &yaml(&out, "yaml"), "moves --format yaml");
}

#[test]
fn moves_lists_each_legal_turn_with_its_parts() {
    let moves = json(
        &arbitre(&[
            "moves",
            "--format",
            "json",
            "--turn",
            "3",
            "samples/puluc/full-game.arb",
        ]),
        "puluc",
    );
    assert_eq!(moves["to_move"], "b");
    assert_eq!(moves["label"], "2... B");
    assert_eq!(moves["status"], "unfinished");
    assert_eq!(moves["legal_total"], 9);
    assert_eq!(
        moves["legal"][0],
        json!({"text": "1:9-8", "turns": 1, "parts": ["1", "9-8"]})
    );
    let superpion = json(
        &arbitre(&[
            "moves",
            "--format",
            "json",
            "--turn",
            "0",
            "samples/superpion/random-teams.arb",
        ]),
        "superpion",
    );
    let first = &superpion["legal"][0];
    assert_eq!(first["parts"].as_array().map(Vec::len), Some(2), "{first}");
    let text = first["text"].as_str().unwrap_or("");
    let parts: Vec<&str> = first["parts"]
        .as_array()
        .map(|p| p.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert_eq!(text, format!("B {}", parts.join(" ")));
    // `show` lists no turn.
    let show = json(
        &arbitre(&["show", "--format", "json", "samples/puluc/full-game.arb"]),
        "show",
    );
    assert!(show.get("legal").is_none());
    assert_eq!(show["status"], "finished");
    assert_eq!(show["to_move"], Value::Null);
}

#[test]
fn a_position_pasted_back_as_setup_is_the_same_position() {
    let mut compared = 0;
    for (game, mode) in [
        ("simpei", None),
        ("puluc", None),
        ("superpion", None),
        ("superpion", Some("teams")),
        ("superpion", Some("two-players")),
        ("superpion", Some("three-players:red")),
    ] {
        for seed in 1..4u64 {
            let seed = seed.to_string();
            let mut args = vec!["random", game, "--seed", &seed, "--max-turns", "9"];
            if let Some(mode) = mode {
                args.extend(["--mode", mode]);
            }
            let record = arbitre(&args);
            let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
            let played = dir.path().join("played.arb");
            std::fs::write(&played, &record).unwrap_or_else(|e| panic!("{e}"));
            let played = played.to_string_lossy().into_owned();
            let shown = json(&arbitre(&["show", "--format", "json", &played]), &record);
            if shown["status"] == "finished" {
                continue;
            }
            // The header as generated, then the setup: the same position.
            let header = record.split("---").nth(1).unwrap_or("");
            let pasted = format!("---{header}setup: {}\n---\n", shown["setup"]);
            let copy = dir.path().join("pasted.arb");
            std::fs::write(&copy, &pasted).unwrap_or_else(|e| panic!("{e}"));
            let copy = copy.to_string_lossy().into_owned();
            let again = json(&arbitre(&["show", "--format", "json", &copy]), &pasted);
            assert_eq!(again["setup"], shown["setup"], "{pasted}\n{again}");
            assert_eq!(again["to_move"], shown["to_move"], "{pasted}");
            let legal = |file: &str| arbitre(&["moves", "--format", "json", file]);
            assert_eq!(
                json(&legal(&copy), &copy)["legal"],
                json(&legal(&played), &played)["legal"],
                "{pasted}"
            );
            compared += 1;
        }
    }
    assert!(compared >= 12, "{compared} positions compared");
}

/// A legal finished record's report, and the same with one thing wrong:
/// each wrong one is refused, so a schema test can fail.
#[test]
fn a_document_with_a_wrong_field_is_refused() {
    let check = validator("check.schema.json");
    let document = json(
        &arbitre(&[
            "check",
            "--format",
            "json",
            "samples/superpion/teams-captured-superpion.arb",
        ]),
        "teams",
    );
    fits(&check, &document, "as written");
    type Mutation = fn(&mut Value);
    let mutations: [(&str, Mutation); 23] = [
        ("schema 2", |d| d["schema"] = json!(2)),
        ("no arbitre", |d| {
            d.as_object_mut().map(|o| o.remove("arbitre"));
        }),
        ("an unknown field", |d| d["records"][0]["rating"] = json!(3)),
        ("no players", |d| {
            d["records"][0].as_object_mut().map(|o| o.remove("players"));
        }),
        ("a verdict out of the three", |d| {
            d["records"][0]["verdict"] = json!("dubious")
        }),
        ("a score as a string", |d| {
            d["records"][0]["scores"]["Ann"] = json!("3")
        }),
        ("an end no game has", |d| {
            d["records"][0]["outcome"]["end"] = json!("resigned")
        }),
        ("no decided", |d| {
            d["records"][0]["outcome"]
                .as_object_mut()
                .map(|o| o.remove("decided"));
        }),
        ("a board end decided off the board", |d| {
            d["records"][0]["outcome"]["decided"] = json!("off-board")
        }),
        ("board scores beside a board end", |d| {
            d["records"][0]["outcome"]["board_scores"] = json!({"blue": 1})
        }),
        ("a resignation with no winner", |d| {
            d["records"][0]["outcome"]["end"] = json!("resignation");
            d["records"][0]["outcome"]["decided"] = json!("off-board");
            d["records"][0]["outcome"]["winners"] = json!([]);
        }),
        ("a winner by name in outcome", |d| {
            d["records"][0]["outcome"]["winners"] = json!(["Ann"])
        }),
        ("a team as a string", |d| {
            d["records"][0]["outcome"]["teams"][0] = json!("Ann+Cy")
        }),
        ("a finished game with no outcome", |d| {
            d["records"][0]["outcome"] = Value::Null
        }),
        ("a legal record with a diagnostic", |d| {
            d["records"][0]["diagnostic"] = json!({"rule": "syntax"})
        }),
        ("a camp of no game", |d| {
            d["records"][0]["players"]["green"] = json!("Gus")
        }),
        ("round zero", |d| {
            d["records"][0]["tournament"] = json!({"round": 0})
        }),
        ("an empty tournament", |d| {
            d["records"][0]["tournament"] = json!({})
        }),
        ("a tag as a number", |d| {
            d["records"][0]["tournament"] = json!({"tags": {"rating": 1820}})
        }),
        ("a tag name with a space", |d| {
            d["records"][0]["tournament"] = json!({"tags": {"a b": "x"}})
        }),
        ("a tournament key misspelt", |d| {
            d["records"][0]["tournament"] = json!({"rond": 3})
        }),
        ("a negative count", |d| d["summary"]["legal"] = json!(-1)),
        ("a summary field misspelt", |d| {
            d["summary"]["ilegal"] = json!(0)
        }),
    ];
    for (what, mutate) in mutations {
        let mut wrong = document.clone();
        mutate(&mut wrong);
        assert!(!check.is_valid(&wrong), "{what} passes: {wrong}");
    }
    // The per-game keys: a Simpei record whose side to move is a camp.
    let simpei = json(
        &arbitre(&["check", "--format", "json", "samples/simpei/two-games.arb"]),
        "simpei",
    );
    fits(&check, &simpei, "simpei");
    let mut wrong = simpei.clone();
    wrong["records"][0]["to_move"] = json!("yellow");
    assert!(!check.is_valid(&wrong));
    // A position whose setup has a key the game's setup does not read.
    let position = validator("position.schema.json");
    let mut shown = json(
        &arbitre(&["show", "--format", "json", "samples/puluc/full-game.arb"]),
        "show",
    );
    fits(&position, &shown, "show");
    shown["setup"]["tower"] = json!({});
    assert!(!position.is_valid(&shown));
}

/// The published schemas say what docs/json.md promises: within schema 1
/// fields may be added, so a document of a later arbitre with a field
/// more still fits them, and only the strict variant the tests use
/// refuses it. Each is named by its `$id`, its file name: arbitre has no
/// public host, and a name relative to where the files are placed keeps
/// their references by file name resolving.
#[test]
fn a_field_added_within_schema_1_fits_the_published_schemas_only() {
    let mut names: Vec<String> = std::fs::read_dir(schema_dir())
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".schema.json"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 12, "{names:?}");
    for name in &names {
        let schema = load(name, false);
        assert_eq!(schema["$id"], name.as_str(), "{name}");
        let text = schema.to_string();
        assert!(!text.contains("\"additionalProperties\":false"), "{name}");
    }
    let document = json(
        &arbitre(&[
            "check",
            "--format",
            "json",
            "samples/simpei/illegal-occupied.arb",
            "no-such.arb",
        ]),
        "check",
    );
    type Addition = fn(&mut Value);
    let additions: [(&str, Addition); 5] = [
        ("a document", |d| d["elapsed"] = json!(0.5)),
        ("a record", |d| d["records"][0]["rating"] = json!(3)),
        ("a diagnostic", |d| {
            d["records"][0]["diagnostic"]["severity"] = json!("high")
        }),
        ("an unreadable path", |d| {
            d["unreadable"][0]["errno"] = json!(2)
        }),
        ("the summary", |d| d["summary"]["skipped"] = json!(0)),
    ];
    let (published_check, strict_check) = (
        published("check.schema.json"),
        validator("check.schema.json"),
    );
    fits(&strict_check, &document, "as written");
    for (what, add) in additions {
        let mut later = document.clone();
        add(&mut later);
        fits(&published_check, &later, what);
        assert!(
            !strict_check.is_valid(&later),
            "{what} passes strict: {later}"
        );
        // What the published schemas still hold to: a field's type.
        let mut wrong = later.clone();
        wrong["records"][0]["verdict"] = json!("dubious");
        assert!(!published_check.is_valid(&wrong), "{what}: {wrong}");
    }
    // The same for a rule of `explain`.
    let mut rules = json(
        &arbitre(&["explain", "simpei/occupied", "--format", "json"]),
        "explain",
    );
    fits(&validator("rules.schema.json"), &rules, "explain");
    rules["rules"][0]["since"] = json!("0.2.0");
    fits(
        &published("rules.schema.json"),
        &rules,
        "a rule with a field more",
    );
    assert!(!validator("rules.schema.json").is_valid(&rules));
}

#[test]
fn explain_documents_fit_the_rules_schema() {
    let rules = validator("rules.schema.json");
    let list = json(&arbitre(&["explain", "--list", "--format", "json"]), "list");
    assert_eq!(
        list["rules"].as_array().map_or(0, Vec::len),
        arbitre::rules::Rule::all().count()
    );
    fits(&rules, &list, "explain --list --format json");
    let same = yaml(&arbitre(&["explain", "--list", "--format", "yaml"]), "yaml");
    fits(&rules, &same, "explain --list --format yaml");
    for rule in arbitre::rules::Rule::all() {
        let one = json(&arbitre(&["explain", rule.id, "--format", "json"]), rule.id);
        fits(&rules, &one, rule.id);
    }
    let mut wrong = list.clone();
    wrong["rules"][0]["kind"] = json!("fatal");
    assert!(!rules.is_valid(&wrong));
}

/// `solve`'s document, from a small game built here, and the documents of
/// `solve`, `analyse` and `moves --best` with the game's own table, as
/// recorded from a run with it built (tests/schemas/, docs/solved.md): the
/// tests cannot build that table.
#[test]
fn solved_game_documents_fit_their_schemas() {
    let solve = validator("solve.schema.json");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for pieces in ["1", "2"] {
        let table = dir.path().join(format!("{pieces}.table"));
        let table = table.to_str().unwrap_or_else(|| panic!("a path"));
        let args = ["solve", "simpei", "--pieces", pieces, "--table", table];
        for format in ["json", "yaml"] {
            let text = arbitre(&[&args[..], &["--format", format]].concat());
            let document = match format {
                "json" => json(&text, pieces),
                _ => yaml(&text, pieces),
            };
            fits(&solve, &document, &format!("{pieces} pieces, {format}"));
        }
    }
    let recorded = |name: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/schemas")
            .join(name);
        json(
            &std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}")),
            name,
        )
    };
    let mut document = recorded("solve-simpei.json");
    fits(&solve, &document, "the game's table");
    document["start"]["winner"] = json!("green");
    assert!(!solve.is_valid(&document), "a winner no colour is");
    let analysis = validator("analysis.schema.json");
    for name in ["analyse-spec-example.json", "analyse-illegal-occupied.json"] {
        fits(&analysis, &recorded(name), name);
    }
    let mut document = recorded("analyse-spec-example.json");
    document["turns"][1]["slip"] = json!("blunder");
    assert!(!analysis.is_valid(&document), "a slip of no kind");
    let best = validator("best.schema.json");
    let mut document = recorded("best-spec-example-7.json");
    fits(&best, &document, "moves --best");
    // A move that sandwiches several pieces is one line, as `moves` lists it.
    let said = document["legal"][0]["value"].clone();
    let group = json!({
        "turn": "b2-a1, then c1, e1, a3, a5 each to any empty point",
        "turns": 143_640,
        "value": said,
        "best_turn": "b2-a1 c1>d2 e1>f2 a3>b4 a5>c7",
        "worst": said,
    });
    document["legal"]
        .as_array_mut()
        .unwrap_or_else(|| panic!("a list"))
        .push(group.clone());
    fits(&best, &document, "moves --best with a group");
    let mut partial = group;
    partial.as_object_mut().map(|g| g.remove("best_turn"));
    document["legal"][0] = partial;
    assert!(!best.is_valid(&document), "a group without its best turn");
}

#[test]
fn standings_documents_fit_the_standings_schema() {
    let standings = validator("standings.schema.json");
    let published = published("standings.schema.json");
    for format in ["json", "yaml"] {
        for crosstable in [false, true] {
            let mut args = vec!["standings", "--format", format, "samples", "gone.arb"];
            if crosstable {
                args.push("--crosstable");
            }
            let out = arbitre(&args);
            let document = if format == "json" {
                json(&out, "standings")
            } else {
                yaml(&out, "standings")
            };
            let groups = document["groups"].as_array().map_or(0, Vec::len);
            assert!(groups >= 4, "{groups} groups");
            assert_eq!(document["unreadable"][0]["path"], "gone.arb");
            fits(&standings, &document, &args.join(" "));
            fits(&published, &document, &args.join(" "));
        }
    }
    let document = json(
        &arbitre(&[
            "standings",
            "--format",
            "json",
            "--crosstable",
            "samples/superpion/club-night",
        ]),
        "superpion",
    );
    fits(&standings, &document, "superpion");
    type Mutation = fn(&mut Value);
    let mutations: [(&str, Mutation); 6] = [
        ("a rank of no places", |d| {
            d["groups"][1]["rows"][0]["rank"] = json!("first")
        }),
        ("a multi-player row in a two-player group", |d| {
            d["groups"][1]["rows"][0] = d["groups"][0]["rows"][0].clone()
        }),
        ("a family of none", |d| {
            d["groups"][0]["family"] = json!("solo")
        }),
        ("a reason of none", |d| {
            d["groups"][0]["not_counted"][0]["reason"] = json!("late")
        }),
        ("a crosstable cell of no result", |d| {
            d["groups"][1]["crosstable"][0]["cells"][0] = json!(["2"])
        }),
        ("negative points", |d| d["points"]["win"] = json!(-1)),
    ];
    for (what, mutate) in mutations {
        let mut wrong = document.clone();
        mutate(&mut wrong);
        assert!(!standings.is_valid(&wrong), "{what} passes: {wrong}");
    }
}

#[test]
fn repair_documents_fit_the_repair_schema() {
    let repair = validator("repair.schema.json");
    let published = published("repair.schema.json");
    for format in ["json", "yaml"] {
        let args = [
            "repair",
            "--format",
            format,
            "samples/simpei/repair-misread.arb",
            "samples/puluc/repair-turn-left-out.arb",
            "samples/superpion/repair-capture-as-move.arb",
            "samples/puluc/malformed.arb",
            "samples/simpei/five-turn-win.arb",
        ];
        let out = arbitre(&args);
        let document = if format == "json" {
            json(&out, "repair")
        } else {
            yaml(&out, "repair")
        };
        let repairs = document["files"][0]["repaired"][0]["repairs"]
            .as_array()
            .map_or(0, Vec::len);
        assert!(repairs >= 1, "{out}");
        fits(&repair, &document, &args.join(" "));
        fits(&published, &document, &args.join(" "));
        let mut broken = document.clone();
        broken["files"][0]["repaired"][0]["repairs"][0]["edits"][0]["slip"] = json!("typo");
        assert!(!repair.is_valid(&broken), "a slip of no kind");
    }
}
