//! The registry (`src/games/mod.rs`) is the only list of games. What must
//! name every game outside the code, the published JSON Schemas and the
//! folders of samples and pages, is checked against it here: a game
//! registered but missing from one of them fails, and so does a game
//! named there but not registered.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn registered() -> BTreeSet<String> {
    arbitre::games::names()
        .iter()
        .map(|name| name.to_string())
        .collect()
}

/// Every published schema, by file name.
fn schemas() -> Vec<(String, Value)> {
    let dir = root().join("docs/schema");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|entry| entry.unwrap_or_else(|e| panic!("{e}")).path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
            let schema = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            (name.into_owned(), schema)
        })
        .collect()
}

/// The strings of every `enum` within `value`, however nested (a `oneOf`
/// of `null` and the names).
fn enum_strings(value: &Value, found: &mut BTreeSet<String>) {
    match value {
        Value::Object(object) => {
            for (key, inner) in object {
                match (key.as_str(), inner) {
                    ("enum", Value::Array(items)) => {
                        found.extend(items.iter().filter_map(Value::as_str).map(String::from));
                    }
                    _ => enum_strings(inner, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| enum_strings(item, found)),
        _ => {}
    }
}

/// What a schema says of the `game` field: the names its `game`
/// properties enumerate, and the games its `if` conditions single out
/// (`{"if": {"properties": {"game": {"const": "simpei"}}}}`).
fn games_named(
    value: &Value,
    enumerated: &mut Vec<BTreeSet<String>>,
    singled: &mut BTreeSet<String>,
) {
    match value {
        Value::Object(object) => {
            if let Some(Value::Object(properties)) = object.get("properties") {
                if let Some(game) = properties.get("game") {
                    let mut names = BTreeSet::new();
                    enum_strings(game, &mut names);
                    if !names.is_empty() {
                        enumerated.push(names);
                    }
                }
            }
            if let Some(condition) = object.get("if") {
                let game = &condition["properties"]["game"]["const"];
                if let Some(name) = game.as_str() {
                    singled.insert(name.to_string());
                }
            }
            for inner in object.values() {
                games_named(inner, enumerated, singled);
            }
        }
        Value::Array(items) => {
            for item in items {
                games_named(item, enumerated, singled);
            }
        }
        _ => {}
    }
}

/// Each schema that enumerates the games enumerates the registry's, and
/// each that describes games one by one describes every registered game.
#[test]
fn the_schemas_name_the_registered_games() {
    let registered = registered();
    let mut enumerating = 0;
    let mut faults = Vec::new();
    for (name, schema) in schemas() {
        let (mut enumerated, mut singled) = (Vec::new(), BTreeSet::new());
        games_named(&schema, &mut enumerated, &mut singled);
        for names in &enumerated {
            enumerating += 1;
            if *names != registered {
                faults.push(format!(
                    "{name}: `game` is one of {names:?}, the registry has {registered:?}"
                ));
            }
        }
        if !singled.is_empty() && singled != registered {
            faults.push(format!(
                "{name}: describes the games {singled:?} one by one, the registry has {registered:?}"
            ));
        }
    }
    assert!(
        enumerating >= 2,
        "{enumerating} schemas enumerate the games"
    );
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The check above can fail: a game left out of an enumeration, or one
/// added that is not registered, is found.
#[test]
fn a_schema_out_of_step_with_the_registry_is_found() {
    let schema = serde_json::json!({
        "properties": {"game": {"oneOf": [{"type": "null"}, {"enum": ["simpei", "no-such-game"]}]}},
        "allOf": [{"if": {"properties": {"game": {"const": "puluc"}}}, "then": {}}]
    });
    let (mut enumerated, mut singled) = (Vec::new(), BTreeSet::new());
    games_named(&schema, &mut enumerated, &mut singled);
    let names: BTreeSet<String> = ["simpei", "no-such-game"].map(String::from).into();
    assert_eq!(enumerated, [names]);
    assert_eq!(singled, BTreeSet::from(["puluc".to_string()]));
    assert_ne!(singled, registered());
}

/// The names of the entries of a folder, `.ext` cut off when given: only
/// the entries with that extension then.
fn entries(dir: &str, ext: Option<&str>) -> BTreeSet<String> {
    let path = root().join(dir);
    std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("{path:?}: {e}"))
        .map(|entry| {
            entry
                .unwrap_or_else(|e| panic!("{e}"))
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter_map(|name| match ext {
            Some(ext) => name.strip_suffix(&format!(".{ext}")).map(String::from),
            None => Some(name),
        })
        .collect()
}

/// Each game has its folder of samples, its rules page and its picture's
/// record, named as the registry names it; no folder or page is of a game
/// the registry does not know.
#[test]
fn each_game_has_its_samples_and_pages() {
    let registered = registered();
    assert_eq!(entries("samples", None), registered, "samples/");
    let pages: BTreeSet<String> = entries("docs/rules", Some("md"))
        .into_iter()
        .filter(|page| !["README", "record"].contains(&page.as_str()))
        .collect();
    assert_eq!(pages, registered, "docs/rules/");
    assert_eq!(
        entries("docs/pictures", Some("arb")),
        registered,
        "docs/pictures/"
    );
}
