//! The binary's modules are layered as `src/bin/arbitre/main.rs` says: a
//! module imports only from a layer below its own, or from a sibling of
//! its own layer, and no chain of imports comes back to where it started.
//! Read from the sources: every `crate::module` and, in `commands/`,
//! `super::command` a file names.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The layers, bottom first, as `main.rs` tells them. A module of the
/// binary missing here fails the test: a new one must be given its place.
const LAYERS: &[&[&str]] = &[
    &["cli", "draw", "png", "progress", "output", "document"],
    &["input", "table", "told"],
    &["sink"],
    &["commands"],
    &["entry"],
];

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/bin/arbitre");

/// Each file's module (`sink`, `commands/check`, ...) and its text.
fn sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut dirs = vec![Path::new(ROOT).to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("the binary's folder is readable") {
            let path = entry.expect("an entry of the binary's folder").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path
                    .strip_prefix(ROOT)
                    .expect("under the binary's folder")
                    .with_extension("");
                let name = relative.to_string_lossy().replace('\\', "/");
                let name = name.strip_suffix("/mod").unwrap_or(&name).to_string();
                let text = fs::read_to_string(&path).expect("a source is readable");
                files.push((name, text));
            }
        }
    }
    files
}

/// The top module of a file's module: `sink/html` is in `sink`.
fn top(module: &str) -> &str {
    module.split('/').next().unwrap_or(module)
}

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&top(module)))
}

/// The modules a source names after `prefix` (`crate::`, `super::`).
fn named(text: &str, prefix: &str) -> BTreeSet<String> {
    text.match_indices(prefix)
        .filter_map(|(at, _)| {
            let rest = &text[at + prefix.len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty() && name.chars().all(|c| !c.is_ascii_uppercase())).then_some(name)
        })
        .collect()
}

/// What each module imports of the binary's other modules: a `crate::`
/// path names a top module; a command's `super::` names a sibling command.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for (module, text) in sources() {
        if module == "main" {
            continue;
        }
        let mut to: BTreeSet<String> = named(&text, "crate::")
            .into_iter()
            .filter(|m| *m != top(&module))
            .collect();
        if let Some(command) = module.strip_prefix("commands/") {
            to.extend(
                named(&text, "super::")
                    .into_iter()
                    .filter(|m| m != command)
                    .map(|m| format!("commands/{m}")),
            );
        }
        graph.insert(module, to);
    }
    graph
}

#[test]
fn every_module_imports_only_from_its_layer_or_below() {
    let graph = imports();
    assert!(
        graph.contains_key("commands/check"),
        "the sources were read"
    );
    for (module, to) in &graph {
        let Some(own) = layer(module) else {
            panic!("{module} has no layer in tests/binary_layers.rs (nor in main.rs's docs)");
        };
        for other in to {
            let Some(theirs) = layer(other) else {
                panic!("{module} imports {other}, which has no layer");
            };
            assert!(
                theirs <= own,
                "{module} (layer {}) imports {other} (layer {}), a layer above it",
                own + 1,
                theirs + 1
            );
        }
    }
}

#[test]
fn no_module_comes_back_to_itself() {
    let graph = imports();
    // The files of a top module import as one, but for the commands, whose
    // files import each other by name.
    let node = |m: &str| {
        if m.starts_with("commands/") {
            m.to_string()
        } else {
            top(m).to_string()
        }
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, to) in &graph {
        let from = node(module);
        let entry = edges.entry(from.clone()).or_default();
        entry.extend(to.iter().map(|t| node(t)).filter(|t| *t != from));
    }
    // A depth-first walk from each module, bounded by the number of them.
    for start in edges.keys() {
        let mut stack: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in edges.get(&at).into_iter().flatten() {
                assert!(next != start, "a circle: {} -> {start}", path.join(" -> "));
                if seen.insert(next.clone()) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
}

#[test]
fn a_circle_would_be_found() {
    // The reading the tests rest on: an import named in a source is seen.
    assert_eq!(
        named(
            "use crate::output::{usage, Output};\nsuper::best::best(",
            "crate::"
        ),
        BTreeSet::from(["output".to_string()])
    );
    assert_eq!(
        named("super::best::best(x); super::Print", "super::"),
        BTreeSet::from(["best".to_string()])
    );
}
