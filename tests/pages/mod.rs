//! The Markdown pages a user reads, for the tests that check them.

use std::path::{Path, PathBuf};

/// README.md and every page under docs/, in order.
pub fn markdown_pages(root: &Path) -> Vec<PathBuf> {
    let mut pages = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// The lines of a Markdown text outside fenced code blocks, with inline
/// code spans blanked out.
pub fn prose_lines(text: &str) -> Vec<String> {
    let mut in_fence = false;
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if !in_fence {
            let prose: Vec<&str> = line.split('`').step_by(2).collect();
            lines.push(prose.join(" "));
        }
    }
    lines
}

/// The anchors GitHub gives a page's headings.
pub fn anchors(text: &str) -> Vec<String> {
    prose_lines(text)
        .iter()
        .filter_map(|line| line.strip_prefix('#'))
        .map(|heading| {
            heading
                .trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
                .map(|c| if c == ' ' { '-' } else { c })
                .collect()
        })
        .collect()
}
