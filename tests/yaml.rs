//! YAML output read back by the readers people use: every string arbitre
//! writes, values and keys alike, comes back as the same string from a
//! YAML 1.1 reader (PyYAML, which reads `no` as false, `2026-01-01` as a
//! date, `1:20` as 80 and refuses `=` and `<<`) and from YAML 1.2 readers
//! (ruamel.yaml's default, and serde_yaml here).
//!
//! The Python readers run when python3 has them (`.ci/run` installs them);
//! without them the test says so and checks serde_yaml alone.

use std::io::Write as _;
use std::process::{Command, Stdio};

use arbitre::Machine;
use assert_cmd::prelude::*;
use serde_json::{json, Value};

/// Names a hostile record gives its players: each one read as something
/// else than a string by some YAML reader when written bare, or written
/// badly by a careless emitter.
fn hostile() -> Vec<String> {
    let mut names: Vec<String> = [
        // YAML 1.1 booleans and nulls.
        "no",
        "No",
        "NO",
        "off",
        "Off",
        "on",
        "ON",
        "y",
        "Y",
        "n",
        "N",
        "yes",
        "Yes",
        "true",
        "False",
        "~",
        "null",
        "Null",
        "",
        // Timestamps.
        "2026-01-01",
        "2001-12-14t21:59:43.10-05:00",
        "2001-12-14 21:59:43.10 -5",
        "2002-1-1T1:00:00Z",
        // Sexagesimal, underscores, bases, signs, floats.
        "1:20",
        "190:20:30",
        "-1:20",
        "1:20.5",
        "1_000",
        "1__",
        "0x1F",
        "0x_1",
        "0o17",
        "017",
        "08",
        "0b101",
        "+1",
        "-0",
        ".5",
        "-.5",
        "1.",
        "1.2.3",
        ".",
        "1e3",
        "1E+3",
        "1.5e-3",
        "6.8523015e+5",
        ".inf",
        "-.Inf",
        "+.INF",
        ".NaN",
        "0.",
        // Merge and value keys, indicators.
        "=",
        "<<",
        "- x",
        "-",
        "? x",
        "?",
        ": x",
        "#x",
        "a #b",
        "a: b",
        "a:",
        " lead",
        "trail ",
        " ",
        "@x",
        "`x",
        "|",
        ">",
        "!tag",
        "!",
        "&a",
        "*a",
        "%x",
        "[x",
        "]",
        "{x",
        "}",
        ",x",
        "'",
        "\"",
        "'x'",
        "\"x\"",
        "a'b",
        "---",
        "...",
        "--- x",
        // Line breaks and spaces inside, and characters readers refuse raw.
        "a\nb",
        "a\n",
        "\nb",
        "a\n\nb",
        " a\nb",
        "a\tb",
        "\t",
        "a\rb",
        "a\r\nb",
        "a\u{85}b",
        "a\u{2028}b",
        "x\u{2028}",
        "\u{2029}x",
        " \u{2028} ",
        "\u{85}",
        "x\u{85}",
        "a\u{2029}b",
        "\u{feff}",
        "\u{feff}x",
        "a\u{feff}",
        "\u{0}",
        "\u{1b}[31m",
        "\u{7}",
        "\u{7f}",
        "\u{9b}",
        "\u{a0}",
        "a\u{a0}",
        "\u{fffe}",
        "\u{ffff}",
        "\u{200b}",
        "\u{202e}abc",
        "\u{e0041}",
        "🎲",
        "a🎲b",
        "Chloé",
        "日本",
    ]
    .map(String::from)
    .to_vec();
    // Each one with text around it stays plain where it is safe.
    let around: Vec<String> = names
        .iter()
        .take(40)
        .flat_map(|n| [format!("{n} x"), format!("x{n}")])
        .collect();
    names.extend(around);
    names.push("x".repeat(300));
    names.push(format!("{}1", "1_".repeat(100)));
    names
}

/// A document with every name as a value, as a key (of a map, as `scores`
/// is) and as a long key (which YAML writes as `? key`).
fn document(names: &[String]) -> Value {
    let keys: serde_json::Map<String, Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), json!(i)))
        .collect();
    let long: serde_json::Map<String, Value> = names
        .iter()
        .map(|n| (format!("{n}{}", "-".repeat(130)), json!(n)))
        .collect();
    json!({ "values": names, "scores": keys, "long": long, "nested": [{ "players": { "red": names } }] })
}

/// What the Python readers make of `yaml`, as JSON: every scalar that is
/// not a JSON one, and every key that is not a string, spelled out with
/// its type so that it differs from the string that was written. `None`
/// (having said why) when python3 lacks the reader.
fn python(reader: &str, yaml: &str) -> Option<Value> {
    let load = match reader {
        "pyyaml" => "import yaml\ndata = yaml.load(text, Loader=yaml.SafeLoader)",
        "pyyaml-c" => "import yaml\ndata = yaml.load(text, Loader=yaml.CSafeLoader)",
        _ => "from ruamel.yaml import YAML\ndata = YAML(typ='safe', pure=True).load(text)",
    };
    let script = format!(
        r#"
import json, sys
text = sys.stdin.buffer.read().decode('utf-8')
{load}
def norm(x):
    if isinstance(x, dict):
        return {{(k if type(k) is str else '<%s>%r' % (type(k).__name__, k)): norm(v) for k, v in x.items()}}
    if isinstance(x, list):
        return [norm(v) for v in x]
    if x is None or type(x) in (str, bool, int, float):
        return x
    return '<%s>%r' % (type(x).__name__, x)
sys.stdout.write(json.dumps(norm(data)))
"#
    );
    let mut child = match Command::new("python3")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(err) => {
            println!("note: no python3 ({err}): {reader} not tried");
            return None;
        }
    };
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(yaml.as_bytes()).expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("python3");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("ModuleNotFoundError") || stderr.contains("has no attribute 'CSafeLoader'") {
        println!(
            "note: python3 has no {reader}: not tried ({})",
            stderr.trim()
        );
        return None;
    }
    assert!(
        out.status.success(),
        "{reader} refused the document:\n{stderr}\n{yaml}"
    );
    Some(serde_json::from_slice(&out.stdout).expect("json"))
}

/// Each part of `read` that differs from `written`, named by its place.
fn differences(written: &Value, read: &Value, at: &str, out: &mut Vec<String>) {
    match (written, read) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                match b.get(key) {
                    Some(other) => differences(value, other, &format!("{at}.{key:?}"), out),
                    None => out.push(format!("{at}: key {key:?} missing")),
                }
            }
            for key in b.keys().filter(|k| !a.contains_key(*k)) {
                out.push(format!("{at}: key {key} read, not written"));
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                differences(x, y, &format!("{at}[{i}]"), out);
            }
        }
        (a, b) if a != b => out.push(format!("{at}: wrote {a}, read {b}")),
        _ => {}
    }
}

fn assert_reads_back(reader: &str, written: &Value, read: &Value, yaml: &str) {
    let mut found = Vec::new();
    differences(written, read, "", &mut found);
    assert!(
        found.is_empty(),
        "{reader} read back {} strings otherwise:\n{}\n\n{yaml}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn every_string_reads_back_in_yaml_1_1_and_1_2() {
    let written = document(&hostile());
    let yaml = Machine::Yaml.document(&written);
    let read: Value = serde_yaml::from_str(&yaml).expect("serde_yaml reads it");
    assert_reads_back("serde_yaml", &written, &read, &yaml);
    for reader in ["pyyaml", "pyyaml-c", "ruamel"] {
        if let Some(read) = python(reader, &yaml) {
            assert_reads_back(reader, &written, &read, &yaml);
        }
    }
}

/// Names as a record gives them, through `check --format yaml` (the
/// players, the result's and the outcome's `scores` keyed by name),
/// four to a record, every record of one file.
#[test]
fn a_record_s_names_read_back_from_check() {
    let names: Vec<String> = hostile()
        .into_iter()
        // What a header can hold: one line, no control character, and
        // four different names to a record.
        .filter(|n| !n.is_empty() && !n.contains(|c: char| c.is_control()))
        .filter(|n| serde_yaml::from_str::<String>(&Value::from(n.as_str()).to_string()).is_ok())
        .filter(|n| n.len() < 100 && n.trim() == n)
        .collect();
    let mut file = String::new();
    let mut players = Vec::new();
    for four in names.chunks(4).filter(|c| c.len() == 4) {
        let q: Vec<String> = four
            .iter()
            .map(|n| Value::from(n.as_str()).to_string())
            .collect();
        file.push_str(&format!(
            "---\ngame: superpion\nmode: four-players\nplayers: {{blue: {}, red: {}, yellow: {}, black: {}}}\nend: time\n---\n1.B g3-g5 i3-i5\n1.R c5-e5 c7-e7\n1.Y h12-h10 j12-j10\n1.K l4-j4 l8-j8\n",
            q[0], q[1], q[2], q[3]
        ));
        players.push(four.to_vec());
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("names.arb");
    std::fs::write(&path, file).expect("write");
    let out = Command::cargo_bin("arbitre")
        .expect("arbitre")
        .args(["check", "--format", "yaml"])
        .arg(&path)
        .output()
        .expect("run");
    let yaml = String::from_utf8(out.stdout).expect("utf-8");
    let json = Command::cargo_bin("arbitre")
        .expect("arbitre")
        .args(["check", "--format", "json"])
        .arg(&path)
        .output()
        .expect("run");
    let written: Value = serde_json::from_slice(&json.stdout).expect("json");
    let records = written["records"].as_array().expect("records");
    assert_eq!(records.len(), players.len(), "{yaml}");
    for (record, four) in records.iter().zip(&players) {
        let mut named: Vec<&str> = record["players"]
            .as_object()
            .unwrap_or_else(|| panic!("{record}"))
            .values()
            .filter_map(Value::as_str)
            .collect();
        let mut four: Vec<&str> = four.iter().map(String::as_str).collect();
        named.sort_unstable();
        four.sort_unstable();
        assert_eq!(named, four, "{record}");
    }
    let read: Value = serde_yaml::from_str(&yaml).expect("serde_yaml reads it");
    assert_reads_back("serde_yaml", &written, &read, &yaml);
    for reader in ["pyyaml", "ruamel"] {
        if let Some(read) = python(reader, &yaml) {
            assert_reads_back(reader, &written, &read, &yaml);
        }
    }
}
