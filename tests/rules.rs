//! Every declared rule, walked as a rules lawyer would (issue 16): its
//! explanation's example breaks exactly that rule at the turn it says, its
//! legal neighbour is legal, its source is a section of the rules pages,
//! and a sample under `samples/` names it.

// The headings' anchors only.
#[allow(dead_code)]
mod pages;

use std::path::Path;

use arbitre::rules::{self, Kind, Rule};
use arbitre::{check_str, Switches, Verdict};

use pages::anchors;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A referee bug reported rather than panicked on: no record triggers it
/// (a test that could would be a bug to fix), so it has no example.
const UNTRIGGERABLE: &str = "unmatched-turn";

/// What is wrong with `rule`'s example, if anything.
fn example_faults(rule: &Rule) -> Vec<String> {
    let Some(e) = rule.explanation else {
        return vec![format!("{}: no explanation", rule.id)];
    };
    let mut faults = Vec::new();
    let mut fault = |what: String| faults.push(format!("{}: {what}", rule.id));
    if e.words.trim().is_empty() {
        fault("no words".into());
    }
    if rule.id == UNTRIGGERABLE {
        return faults;
    }
    let reports = check_str("example.arb", e.example, &Switches::new());
    match reports.as_slice() {
        [report] => {
            let (verdict, got, turn) = match (&report.diagnostic, report.warnings.first()) {
                (Some(d), _) => (report.verdict, d.rule.as_str(), d.turn_index),
                (None, Some(w)) => (report.verdict, w.rule.as_str(), w.turn_index),
                (None, None) => (report.verdict, "", None),
            };
            let wanted = match rule.kind {
                Kind::Illegal => Verdict::Illegal,
                Kind::Malformed => Verdict::Malformed,
                Kind::Warning => Verdict::Legal,
            };
            if (verdict, got, turn) != (wanted, rule.id, e.turn) {
                fault(format!(
                    "the example gives {verdict:?} {got} at turn {turn:?}, not {wanted:?} {} at turn {:?}",
                    rule.id, e.turn
                ));
            }
        }
        other => fault(format!("the example holds {} records, not 1", other.len())),
    }
    let neighbours = check_str("neighbour.arb", e.neighbour, &Switches::new());
    match neighbours.as_slice() {
        [n] if n.verdict == Verdict::Legal && n.warnings.is_empty() => {}
        [n] => fault(format!(
            "the neighbour is {:?} ({:?}, warnings {:?})",
            n.verdict,
            n.diagnostic.as_ref().map(|d| &d.rule),
            n.warnings.iter().map(|w| &w.rule).collect::<Vec<_>>()
        )),
        other => fault(format!(
            "the neighbour holds {} records, not 1",
            other.len()
        )),
    }
    if e.example == e.neighbour {
        fault("the neighbour is the example".into());
    }
    faults
}

#[test]
fn every_rule_is_explained_with_an_example_and_its_legal_neighbour() {
    let faults: Vec<String> = rules::Rule::all().flat_map(example_faults).collect();
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_rule_comes_from_a_section_of_the_rules_pages() {
    let mut faults = Vec::new();
    for rule in rules::Rule::all() {
        let Some(e) = rule.explanation else { continue };
        let (page, anchor) = e.source.split_once('#').unwrap_or((e.source, ""));
        let ok = page.starts_with("docs/rules/")
            && std::fs::read_to_string(root().join(page))
                .is_ok_and(|text| anchors(&text).iter().any(|a| a == anchor));
        if !ok {
            faults.push(format!("{}: {} is no section", rule.id, e.source));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The `# expect:` lines of every sample.
fn expectations() -> Vec<String> {
    let mut lines = Vec::new();
    let mut dirs = vec![root().join("samples")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "arb") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                lines.extend(
                    text.lines()
                        .filter(|l| l.starts_with("# expect:"))
                        .map(str::to_string),
                );
            }
        }
    }
    lines
}

#[test]
fn a_sample_names_every_rule() {
    let expected = expectations();
    let named = |id: &str| {
        expected.iter().any(|line| {
            line.split(|c: char| c.is_whitespace() || c == '=' || c == ',')
                .any(|word| word == id)
        })
    };
    let missing: Vec<&str> = rules::Rule::all()
        .map(|r| r.id)
        .filter(|id| *id != UNTRIGGERABLE && !named(id))
        .collect();
    assert!(missing.is_empty(), "no sample expects {missing:?}");
}

/// The first and last lines of a generated rules table.
const TABLE_START: &str =
    "<!-- The rule ids, generated from the registry (src/rules.rs, src/games/*/declared.rs): `ARBITRE_UPDATE_DOCS=1 cargo test --test rules` rewrites them. -->";
const TABLE_END: &str = "<!-- End of the generated rule ids. -->";

/// A rule's verdict as the tables write it.
fn verdict(rule: &Rule) -> &'static str {
    match (rule.kind, rule.tolerable) {
        (Kind::Illegal, true) => "illegal (a warning when forgiven)",
        (kind, _) => kind.word(),
    }
}

/// The table of `rules`, as a page shows it between its markers.
fn table<'a>(rules: impl Iterator<Item = &'a Rule>) -> String {
    let mut out =
        format!("{TABLE_START}\n\n| rule id | verdict | what breaks it |\n|---|---|---|\n");
    for rule in rules {
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            rule.id,
            verdict(rule),
            rule.summary
        ));
    }
    out.push_str("\n`arbitre explain RULE` tells each in plain words, with a record that breaks it\nand the same record made legal.\n");
    out.push_str(&format!("\n{TABLE_END}"));
    out
}

/// Each rules page's table is the registry's: record.md the shared ids,
/// each game's page its own.
#[test]
fn the_rules_tables_are_generated_from_the_registry() {
    let pages = [("record", None)]
        .into_iter()
        .chain(arbitre::games::all().iter().map(|g| (g.name(), Some(*g))));
    let update = std::env::var_os("ARBITRE_UPDATE_DOCS").is_some();
    let mut stale = Vec::new();
    for (name, game) in pages {
        let path = root().join(format!("docs/rules/{name}.md"));
        let page = std::fs::read_to_string(&path).unwrap();
        let wanted = match game {
            Some(game) => table(game.rules().iter()),
            None => table(rules::Rule::all().filter(|r| !r.id.contains('/'))),
        };
        let (Some(start), Some(end)) = (page.find(TABLE_START), page.find(TABLE_END)) else {
            stale.push(format!("{name}.md has no generated rules table"));
            continue;
        };
        let current = &page[start..end + TABLE_END.len()];
        if current != wanted {
            if update {
                let fresh = page.replacen(current, &wanted, 1);
                std::fs::write(&path, fresh).unwrap();
            } else {
                stale.push(format!("docs/rules/{name}.md"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale rules tables (ARBITRE_UPDATE_DOCS=1 cargo test --test rules): {stale:?}"
    );
}
