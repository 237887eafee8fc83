//! `arbitre explain` (issue 16, section 2): every declared rule told with
//! its example and neighbour, the list, and a near miss answered with what
//! it may have meant.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

mod run;

use run::run;
use serde_json::Value;

#[test]
fn a_rule_is_told_with_its_example_and_its_neighbour() {
    let (status, out, err) = run(&["explain", "simpei/occupied"]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert!(out.starts_with("simpei/occupied: a piece is placed or moved onto a taken point\n"));
    assert!(out.contains("Breaking it makes a record illegal."), "{out}");
    assert!(
        out.contains("In the rules: docs/rules/simpei.md#how-a-game-goes"),
        "{out}"
    );
    let (breaks, neighbour) = out.split_once("The same record, made legal:").unwrap();
    let (_, warned, _) = run(&["explain", "superpion/blocking"]);
    assert!(
        warned.contains("A warning: the record stays legal.\n"),
        "{warned}"
    );
    assert!(warned.contains("A record it warns about:"), "{warned}");
    assert!(
        warned.contains("The same record, with nothing to warn about:"),
        "{warned}"
    );
    assert!(breaks.contains("    1. c3 c3\n"), "{out}");
    assert!(
        breaks.contains("error[simpei/occupied]: c3 is occupied"),
        "{out}"
    );
    // The example is no file: no `arbitre moves` to run on it.
    assert!(!out.contains("arbitre moves"), "{out}");
    assert!(neighbour.contains("    1. c3 d4\n"), "{out}");
    assert!(neighbour.contains("example.arb#0: legal: "), "{out}");
}

#[test]
fn every_declared_rule_is_explained_by_its_id() {
    for rule in arbitre::rules::Rule::all() {
        let (status, out, err) = run(&["explain", rule.id]);
        assert_eq!((status, err.as_str()), (0, ""), "{}", rule.id);
        assert!(
            out.starts_with(&format!("{}: {}\n", rule.id, rule.summary)),
            "{out}"
        );
        if let Some(e) = rule.explanation.filter(|e| !e.example.is_empty()) {
            // What arbitre says of the example names the rule.
            let (example, _) = out.split_once("The same record, ").unwrap();
            assert!(example.contains(&format!("[{}]", rule.id)), "{out}");
            assert!(out.contains(e.source), "{out}");
        }
    }
}

#[test]
fn a_near_miss_is_answered_with_what_it_may_mean() {
    let (status, out, err) = run(&["explain", "simpei/ocupied"]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: no rule is called `simpei/ocupied`; did you mean `simpei/occupied`?\n"
    );
    let (_, _, err) = run(&["explain", "maximum-capture"]);
    assert!(
        err.contains("did you mean `superpion/maximum-capture`?"),
        "{err}"
    );
    let (_, _, err) = run(&["explain", "occupied"]);
    assert!(
        err.contains("did you mean one of `superpion/occupied`, `simpei/occupied`"),
        "{err}"
    );
    let (status, _, err) = run(&["explain", "zzz"]);
    assert_eq!(status, 2);
    assert!(
        err.contains("`arbitre explain --list` lists them all"),
        "{err}"
    );
    // A rule, or the list: one of the two.
    assert_eq!(run(&["explain"]).0, 2);
    assert_eq!(run(&["explain", "--list", "header"]).0, 2);
}

#[test]
fn the_list_names_every_rule_once() {
    let (status, out, _) = run(&["explain", "--list"]);
    assert_eq!(status, 0);
    let ids: Vec<&str> = out
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let declared: Vec<&str> = arbitre::rules::Rule::all().map(|r| r.id).collect();
    assert_eq!(ids, declared);
    for format in ["json", "yaml"] {
        let (status, out, _) = run(&["explain", "--list", "--format", format]);
        assert_eq!(status, 0);
        let list: Value = if format == "json" {
            serde_json::from_str(&out).unwrap()
        } else {
            serde_yaml::from_str(&out).unwrap()
        };
        let rules = list["rules"].as_array().unwrap();
        assert_eq!(rules.len(), declared.len(), "{format}");
        assert_eq!(rules[0]["id"], "header");
        assert!(rules
            .iter()
            .all(|r| r["summary"].is_string() && r["kind"].is_string()));
    }
    let (_, out, _) = run(&["explain", "simpei/occupied", "--format", "json"]);
    let document: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(document["schema"], 1);
    let rule = &document["rules"][0];
    assert_eq!(rule["explanation"]["turn"], 1);
    assert_eq!(
        rule["explanation"]["neighbour"],
        "---\ngame: simpei\n---\n1. c3 d4\n"
    );
}
