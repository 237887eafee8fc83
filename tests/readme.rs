//! The README's first screen and the links of every page; the examples
//! themselves are run by tests/docs.rs.

mod pages;

use std::path::Path;

use pages::{anchors, markdown_pages, prose_lines};

/// Every relative link in README.md and docs/ leads to a file of the
/// repository (and to a heading of it, when it names one): users' clones
/// have nothing outside it, such as the committee's spec.
#[test]
fn links_stay_inside_the_repository_and_resolve() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .unwrap();
    let mut broken = Vec::new();
    for page in markdown_pages(&root) {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page.strip_prefix(&root).unwrap().display().to_string();
        if text.contains("../shared") || text.contains("/work/") {
            broken.push(format!("{name}: mentions a path outside the repository"));
        }
        for line in prose_lines(&text) {
            for (_, rest) in line.match_indices("](").map(|(i, _)| line.split_at(i + 2)) {
                let target = rest.split([')', ' ']).next().unwrap();
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
                let resolved = if file.is_empty() {
                    page.clone()
                } else {
                    page.parent().unwrap().join(file)
                };
                match resolved.canonicalize() {
                    Ok(path) if !file.starts_with('/') && path.starts_with(&root) => {
                        let is_page = path.extension().is_some_and(|e| e == "md");
                        if !fragment.is_empty() && is_page {
                            let target_text = std::fs::read_to_string(&path).unwrap();
                            if !anchors(&target_text).iter().any(|a| a == fragment) {
                                broken.push(format!("{name}: {target} (no such heading)"));
                            }
                        }
                    }
                    Ok(_) => broken.push(format!("{name}: {target} (outside the repository)")),
                    Err(_) => broken.push(format!("{name}: {target} (no such file)")),
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links: {broken:#?}");
}

/// The README's first screen: the install line, then exactly the two
/// set-up commands.
#[test]
fn first_screen_installs_and_sets_up() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let first_screen: Vec<&str> = text.lines().take(40).collect();
    let install = first_screen
        .iter()
        .position(|line| *line == "cargo install --path .")
        .expect("`cargo install --path .` in the README's first 40 lines");
    let rest = &first_screen[install + 1..];
    let open = rest
        .iter()
        .position(|line| line.starts_with("```sh"))
        .expect("a set-up block after the install line");
    let commands: Vec<&str> = rest[open + 1..]
        .iter()
        .take_while(|line| !line.starts_with("```"))
        .copied()
        .collect();
    assert_eq!(
        commands,
        ["cargo run --release -- check samples", "cargo test"]
    );
}
