//! The man pages in `man/` are generated from the clap definition; this
//! test fails when they are stale. Regenerate them with
//! `ARBITRE_UPDATE_MAN=1 cargo test --test man`.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use std::path::Path;

#[path = "../src/bin/arbitre/cli.rs"]
#[allow(dead_code)]
mod cli;

#[test]
fn man_pages_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let pages = cli::man_pages();
    assert!(pages.len() > 1);
    let update = std::env::var_os("ARBITRE_UPDATE_MAN").is_some();
    let mut stale = Vec::new();
    for (name, roff) in &pages {
        let path = dir.join(name);
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, roff).unwrap();
        } else if std::fs::read(&path).ok().as_ref() != Some(roff) {
            stale.push(name.clone());
        }
    }
    let expected: Vec<&String> = pages.iter().map(|(name, _)| name).collect();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !expected.contains(&&name) {
            stale.push(format!("{name} (no longer generated)"));
        }
    }
    assert!(
        stale.is_empty(),
        "stale man pages: {stale:?}; run ARBITRE_UPDATE_MAN=1 cargo test --test man"
    );
}
