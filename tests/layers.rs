//! The library's layering, as `src/README.md` lists it, checked against the
//! sources: a module imports only from its own layer or the layers below,
//! the modules of one layer never import each other in a circle, and every
//! source file belongs to a listed module. A module is what the README names
//! (`record` is `src/record/**`; `games::*` makes each game its own module).
//!
//! The sources are read, not compiled: a small lexer drops comments, strings
//! and characters, then every `use` tree and every `crate::`, `$crate::`,
//! `super::` and `self::` path is resolved against the modules' files.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module, as the README lists it, and its layer.
#[derive(Debug)]
struct Listed {
    /// The module's path, `games::*` for every child of `games`.
    name: String,
    layer: u32,
}

/// The modules of `src/README.md`'s layer table: its rows read
/// `| N | `a`, `b` | ... |`.
fn listed_modules() -> Vec<Listed> {
    let text = fs::read_to_string(root().join("src/README.md")).expect("src/README.md");
    let mut listed = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 || !cells[0].is_empty() {
            continue;
        }
        let Ok(layer) = cells[1].parse::<u32>() else {
            continue;
        };
        for name in cells[2].split('`').skip(1).step_by(2) {
            listed.push(Listed {
                name: name.to_string(),
                layer,
            });
        }
    }
    assert!(
        !listed.is_empty(),
        "src/README.md lists no module in its layer table"
    );
    listed
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The binary's root file, as Cargo.toml's `[[bin]]` gives it.
fn binary_root() -> PathBuf {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let mut in_bin = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if in_bin && line.starts_with("path") {
            if let Some(path) = line.split('"').nth(1) {
                return root().join(path);
            }
        }
    }
    root().join("src/main.rs")
}

/// A token of Rust source, comments, strings and characters left out.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// The tokens of a source file, each with its line.
fn lex(text: &str) -> Vec<(Tok, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line, mut out) = (0, 1, Vec::new());
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if i >= chars.len() {
                    break;
                }
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' || ((c == 'b' || c == 'c') && at(i + 1) == '"') {
            i += if c == '"' { 1 } else { 2 };
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if at(i) == '\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 1;
        } else if (c == 'r' && (at(i + 1) == '"' || at(i + 1) == '#'))
            || (c == 'b' && at(i + 1) == 'r' && (at(i + 2) == '"' || at(i + 2) == '#'))
        {
            // A raw string, or an identifier such as `r#type` or `br`.
            let mut j = i + if c == 'r' { 1 } else { 2 };
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            if at(j) != '"' {
                // `r#ident`: a raw identifier.
                i = j;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (1..=hashes).all(|k| at(j + k) == '#') {
                    j += 1 + hashes;
                    break;
                }
                if chars[j] == '\n' {
                    line += 1;
                }
                j += 1;
            }
            i = j;
        } else if c == '\'' {
            // A character (`'{'`, `'\''`, `'\u{7b}'`) or a lifetime (`'a`).
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' || (c == '$' && at(i + 1).is_alphabetic()) {
            let start = i;
            i += 1;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push((Tok::Ident(chars[start..i].iter().collect()), line));
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Tok::Path, line));
            i += 2;
        } else {
            out.push((Tok::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// A source file of one of the two crates.
struct Source {
    file: PathBuf,
    /// Its module's path from the crate root, empty for the root.
    module: Vec<String>,
    tokens: Vec<(Tok, usize)>,
    /// Compiled for unit tests only (`#[cfg(test)] mod name;`).
    test_only: bool,
}

/// Whether the tokens before `i` are `#[cfg(test)]`.
fn after_cfg_test(toks: &[(Tok, usize)], i: usize) -> bool {
    let want = ["#", "[", "cfg", "(", "test", ")", "]"];
    i >= want.len()
        && toks[i - want.len()..i]
            .iter()
            .zip(want)
            .all(|((t, _), w)| match t {
                Tok::Ident(s) => s == w,
                Tok::Punct(c) => w.len() == 1 && w.starts_with(*c),
                Tok::Path => false,
            })
}

/// The files of a crate, found from its root through its `mod name;`
/// declarations.
fn crate_files(root_file: &Path) -> Vec<Source> {
    let mut found = Vec::new();
    let mut queue = vec![(root_file.to_path_buf(), Vec::<String>::new(), true, false)];
    while let Some((file, module, owns_dir, test_only)) = queue.pop() {
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let tokens = lex(&text);
        let dir = if owns_dir {
            file.parent().expect("a folder").to_path_buf()
        } else {
            let stem = file
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .to_string();
            file.parent().expect("a folder").join(stem)
        };
        for (i, w) in tokens.windows(3).enumerate() {
            if let [(Tok::Ident(m), _), (Tok::Ident(name), _), (Tok::Punct(';'), _)] = w {
                if m == "mod" {
                    let mut child = module.clone();
                    child.push(name.clone());
                    let test_only = test_only || after_cfg_test(&tokens, i);
                    let flat = dir.join(format!("{name}.rs"));
                    if flat.exists() {
                        queue.push((flat, child, false, test_only));
                    } else {
                        queue.push((dir.join(name).join("mod.rs"), child, true, test_only));
                    }
                }
            }
        }
        found.push(Source {
            file,
            module,
            tokens,
            test_only,
        });
    }
    found
}

/// Every `.rs` file under a folder.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("a folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// One import: the line it is on and the path it names, as written.
struct Import {
    line: usize,
    written: String,
    /// The module path it resolves to, from the crate root; `None` when it
    /// leaves the crate (`super` above the root).
    target: Vec<String>,
}

/// The imports of a file: every `use` tree and every path starting with
/// `crate`, `$crate`, `super` or `self`, resolved from the module it is in
/// (inline `mod name { ... }` blocks followed).
fn imports(source: &Source) -> Vec<Import> {
    let toks = &source.tokens;
    let mut found = Vec::new();
    // The inline modules open at this point, with the brace depth they
    // opened at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    // The brace depth of the `#[cfg(test)]` module we are in, if any.
    let mut in_test: Option<usize> = None;
    let mut depth = 0usize;
    let mut i = 0;
    let here = |inline: &Vec<(String, usize)>| {
        let mut m = source.module.clone();
        m.extend(inline.iter().map(|(n, _)| n.clone()));
        m
    };
    while i < toks.len() {
        match &toks[i].0 {
            Tok::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                if in_test == Some(depth) {
                    in_test = None;
                }
                i += 1;
            }
            Tok::Ident(m)
                if m == "mod"
                    && matches!(toks.get(i + 2), Some((Tok::Punct('{'), _)))
                    && matches!(toks.get(i + 1), Some((Tok::Ident(_), _))) =>
            {
                if let Some((Tok::Ident(name), _)) = toks.get(i + 1) {
                    inline.push((name.clone(), depth));
                }
                if in_test.is_none() && after_cfg_test(toks, i) {
                    in_test = Some(depth);
                }
                i += 2;
            }
            Tok::Ident(u) if u == "use" => {
                let line = toks[i].1;
                let mut trees = Vec::new();
                let end = use_tree(toks, i + 1, Vec::new(), &mut trees);
                for path in trees.into_iter().filter(|_| in_test.is_none()) {
                    if let Some(import) = resolve(&here(&inline), &path, line) {
                        found.push(import);
                    }
                }
                i = end;
            }
            Tok::Ident(start)
                if ["crate", "$crate", "super", "self"].contains(&start.as_str())
                    && matches!(toks.get(i + 1), Some((Tok::Path, _)))
                    && !(i > 0 && matches!(toks[i - 1].0, Tok::Path)) =>
            {
                let line = toks[i].1;
                let mut path = vec![start.clone()];
                let mut j = i + 1;
                while let (Some((Tok::Path, _)), Some((Tok::Ident(seg), _))) =
                    (toks.get(j), toks.get(j + 1))
                {
                    path.push(seg.clone());
                    j += 2;
                }
                if in_test.is_none() {
                    found.extend(resolve(&here(&inline), &path, line));
                }
                i = j;
            }
            _ => i += 1,
        }
    }
    found
}

/// Reads a `use` tree from `i` (after `use` or inside a group), pushing each
/// full path it names; returns where it ends.
fn use_tree(
    toks: &[(Tok, usize)],
    mut i: usize,
    prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    let mut path = prefix;
    loop {
        match toks.get(i).map(|t| &t.0) {
            Some(Tok::Ident(seg)) if seg == "as" => {
                // `as name`: the name is local, the path is what counts.
                i += 2;
            }
            Some(Tok::Ident(seg)) => {
                path.push(seg.clone());
                i += 1;
            }
            Some(Tok::Path) => i += 1,
            Some(Tok::Punct('*')) => i += 1,
            Some(Tok::Punct('{')) => {
                i += 1;
                loop {
                    match toks.get(i).map(|t| &t.0) {
                        Some(Tok::Punct('}')) => {
                            i += 1;
                            break;
                        }
                        Some(Tok::Punct(',')) => i += 1,
                        None => return i,
                        _ => i = use_tree(toks, i, path.clone(), out),
                    }
                }
                return i;
            }
            Some(Tok::Punct(';')) => {
                out.push(path);
                return i + 1;
            }
            Some(Tok::Punct(',') | Tok::Punct('}')) | None => {
                out.push(path);
                return i;
            }
            Some(_) => i += 1,
        }
    }
}

/// Where a path written in module `here` leads, if it starts inside the
/// crate.
fn resolve(here: &[String], path: &[String], line: usize) -> Option<Import> {
    let mut target: Vec<String> = match path.first().map(String::as_str) {
        Some("crate" | "$crate") => Vec::new(),
        Some("self") => here.to_vec(),
        Some("super") => here.to_vec(),
        _ => return None,
    };
    let mut rest = &path[1..];
    if path[0] == "super" {
        target.pop()?;
        while rest.first().is_some_and(|s| s == "super") {
            target.pop()?;
            rest = &rest[1..];
        }
    }
    target.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(Import {
        line,
        // `use crate::walk::{self, ...}` imports `crate::walk`.
        written: match path.split_last() {
            Some((last, module)) if last == "self" && !module.is_empty() => module.join("::"),
            _ => path.join("::"),
        },
        target,
    })
}

/// The listed module a module path belongs to: the longest listed name it
/// is under, `games::*` standing for each child of `games`.
fn unit_of(module: &[String], listed: &[Listed]) -> Option<(String, u32)> {
    let mut best: Option<(usize, String, u32)> = None;
    for l in listed {
        let parts: Vec<&str> = l.name.split("::").collect();
        let (len, unit) = if parts.last() == Some(&"*") {
            let base = &parts[..parts.len() - 1];
            if module.len() > base.len() && module.iter().zip(base).all(|(a, b)| a == b) {
                (parts.len(), module[..parts.len()].join("::"))
            } else {
                continue;
            }
        } else if module.len() >= parts.len() && module.iter().zip(&parts).all(|(a, b)| a == b) {
            (parts.len(), l.name.clone())
        } else {
            continue;
        };
        if best.as_ref().is_none_or(|(b, _, _)| len > *b) {
            best = Some((len, unit, l.layer));
        }
    }
    best.map(|(_, unit, layer)| (unit, layer))
}

/// The longest known module a resolved path is in: `crate::record::header::Text`
/// is in `record::header`.
fn module_of<'a>(target: &'a [String], modules: &BTreeSet<Vec<String>>) -> &'a [String] {
    (0..=target.len())
        .rev()
        .map(|n| &target[..n])
        .find(|m| modules.contains(*m))
        .unwrap_or(&[])
}

fn shown(file: &Path) -> String {
    file.strip_prefix(root())
        .unwrap_or(file)
        .display()
        .to_string()
}

/// Checks the library against the README's layers, giving every breach.
fn breaches() -> Vec<String> {
    let listed = listed_modules();
    let library = crate_files(&root().join("src/lib.rs"));
    let binary = crate_files(&binary_root());
    let mut problems = Vec::new();

    // Every file is in one crate, and no file is in both.
    let lib_files: BTreeSet<PathBuf> = library.iter().map(|s| s.file.clone()).collect();
    let bin_files: BTreeSet<PathBuf> = binary.iter().map(|s| s.file.clone()).collect();
    let mut all = Vec::new();
    rust_files(&root().join("src"), &mut all);
    for file in &all {
        match (lib_files.contains(file), bin_files.contains(file)) {
            (true, true) => problems.push(format!(
                "{}: compiled into both the library and the binary",
                shown(file)
            )),
            (false, false) => problems.push(format!(
                "{}: in neither the library nor the binary (no `mod` declares it)",
                shown(file)
            )),
            _ => {}
        }
    }

    let modules: BTreeSet<Vec<String>> = library.iter().map(|s| s.module.clone()).collect();
    // Every module the README lists is there: the map says no more than
    // the sources.
    for l in &listed {
        let parts: Vec<&str> = l.name.split("::").filter(|p| *p != "*").collect();
        let there = modules
            .iter()
            .any(|m| m.len() >= parts.len() && m.iter().zip(&parts).all(|(a, b)| a == b));
        if !there {
            problems.push(format!(
                "src/README.md: `{}` (layer {}) is no module of the library",
                l.name, l.layer
            ));
        }
    }
    // Module-to-module edges inside one layer, with a witness for each.
    let mut edges: BTreeMap<(String, String), String> = BTreeMap::new();
    let mut layer_of: BTreeMap<String, u32> = BTreeMap::new();
    for source in &library {
        if source.test_only {
            continue;
        }
        if source.module.is_empty() {
            // The crate root re-exports every layer: the front door, above
            // them all.
            continue;
        }
        let Some((unit, layer)) = unit_of(&source.module, &listed) else {
            problems.push(format!(
                "{}: module `{}` is in no layer of src/README.md",
                shown(&source.file),
                source.module.join("::")
            ));
            continue;
        };
        layer_of.insert(unit.clone(), layer);
        for import in imports(source) {
            let target = module_of(&import.target, &modules);
            if target.is_empty() {
                problems.push(format!(
                    "{}:{}: `{}` goes through the crate root; name the module",
                    shown(&source.file),
                    import.line,
                    import.written
                ));
                continue;
            }
            let Some((to, to_layer)) = unit_of(target, &listed) else {
                continue; // reported as unlisted with its own file
            };
            if to == unit {
                continue;
            }
            if to_layer > layer {
                problems.push(format!(
                    "{}:{}: `{}` ({unit}, layer {layer}) imports {to}, layer {to_layer} above it",
                    shown(&source.file),
                    import.line,
                    import.written
                ));
            } else if to_layer == layer {
                edges.entry((unit.clone(), to)).or_insert_with(|| {
                    format!(
                        "{}:{}: `{}`",
                        shown(&source.file),
                        import.line,
                        import.written
                    )
                });
            }
        }
    }

    // Circles among the modules of one layer: each one found once, named by
    // the imports that make it.
    let mut reported: BTreeSet<BTreeSet<String>> = BTreeSet::new();
    for start in layer_of.keys() {
        if let Some(circle) = circle_through(start, &edges) {
            let members: BTreeSet<String> = circle.iter().cloned().collect();
            if reported.insert(members) {
                let mut said = format!("circle {}:", circle.join(" -> "));
                for pair in circle.windows(2) {
                    said.push_str(&format!(
                        "\n    {}",
                        edges[&(pair[0].clone(), pair[1].clone())]
                    ));
                }
                problems.push(said);
            }
        }
    }
    problems
}

/// The shortest circle of edges from `start` back to itself, if any.
fn circle_through(start: &str, edges: &BTreeMap<(String, String), String>) -> Option<Vec<String>> {
    let mut came_from: BTreeMap<String, String> = BTreeMap::new();
    let mut frontier = vec![start.to_string()];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for from in &frontier {
            for (a, b) in edges.keys() {
                if a != from {
                    continue;
                }
                if b == start {
                    let mut path = vec![start.to_string()];
                    let mut at = from.clone();
                    let mut back = vec![];
                    while at != start {
                        back.push(at.clone());
                        at = came_from[&at].clone();
                    }
                    path.extend(back.into_iter().rev());
                    path.push(start.to_string());
                    return Some(path);
                }
                if !came_from.contains_key(b) {
                    came_from.insert(b.clone(), from.clone());
                    next.push(b.clone());
                }
            }
        }
        frontier = next;
    }
    None
}

#[test]
fn the_library_keeps_its_layers() {
    let problems = breaches();
    assert!(
        problems.is_empty(),
        "the sources break src/README.md's layers:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_reader_resolves_groups_and_nested_modules() {
    let text = "use crate::{a, b::{c, d::E}};\nmod tests {\n    use super::*;\n    fn f() { let s = \"crate::x\"; super::super::g(); '{'; }\n}\n// crate::y\nfn h() -> crate::z::T { self::k() }\n#[cfg(test)]\nmod t { use crate::q; }\n";
    let source = Source {
        file: PathBuf::from("m.rs"),
        module: vec!["p".into(), "m".into()],
        tokens: lex(text),
        test_only: false,
    };
    let found: Vec<(usize, String)> = imports(&source)
        .iter()
        .map(|i| (i.line, i.target.join("::")))
        .collect();
    let want = [
        (1, "a"),
        (1, "b::c"),
        (1, "b::d::E"),
        (3, "p::m"),
        (4, "p::g"),
        (7, "z::T"),
        (7, "p::m::k"),
    ];
    let want: Vec<(usize, String)> = want.iter().map(|(l, s)| (*l, s.to_string())).collect();
    assert_eq!(found, want);
}

#[test]
fn a_circle_is_found_and_named() {
    let mut edges = BTreeMap::new();
    for (a, b) in [("x", "y"), ("y", "z"), ("z", "x"), ("z", "w")] {
        edges.insert((a.to_string(), b.to_string()), format!("{a} uses {b}"));
    }
    assert_eq!(
        circle_through("x", &edges),
        Some(
            vec!["x", "y", "z", "x"]
                .into_iter()
                .map(String::from)
                .collect()
        )
    );
    assert_eq!(circle_through("w", &edges), None);
}
