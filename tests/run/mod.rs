//! The binary as a test runs it: from the project root, colour left to the
//! defaults, standard output and error kept.

use assert_cmd::Command;

/// Exit status, standard output and standard error of `arbitre args`.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
