//! The README shows real output: every fenced block that starts with
//! `$ arbitre ...` must be exactly what that command prints. Refresh them
//! with `ARBITRE_UPDATE_README=1 cargo test --test readme`.

use std::path::Path;

use assert_cmd::Command;

fn run(command_line: &str) -> String {
    let args: Vec<&str> = command_line.split_whitespace().skip(1).collect();
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .args(args)
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn readme_examples_are_real_output() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = String::new();
    let mut stale = Vec::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find("```") {
        let fence_end = start + rest[start..].find('\n').unwrap() + 1;
        out.push_str(&rest[..fence_end]);
        let body_and_more = &rest[fence_end..];
        let close = body_and_more
            .find("\n```")
            .map_or(body_and_more.len(), |i| i + 1);
        let body = &body_and_more[..close];
        match body.strip_prefix("$ ").and_then(|b| b.split_once('\n')) {
            Some((command, shown)) if command.starts_with("arbitre ") => {
                let actual = run(command);
                if actual != shown {
                    stale.push(command.to_string());
                }
                out.push_str(&format!("$ {command}\n{actual}"));
            }
            _ => out.push_str(body),
        }
        let after = &body_and_more[close..];
        let end = after.find('\n').map_or(after.len(), |i| i + 1);
        out.push_str(&after[..end]);
        rest = &after[end..];
    }
    out.push_str(rest);
    if std::env::var_os("ARBITRE_UPDATE_README").is_some() {
        std::fs::write(&path, out).unwrap();
        return;
    }
    assert!(
        stale.is_empty(),
        "README output differs for: {stale:#?}; run ARBITRE_UPDATE_README=1 cargo test --test readme"
    );
}
