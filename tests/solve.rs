//! `arbitre solve`, `analyse` and `moves --best` from the outside: a small
//! game's table built, kept, read back; a damaged, truncated or missing
//! table refused with a clear error, and rebuilt by `solve`. The game's own
//! table takes minutes to build, so its figures are checked by hand
//! (docs/solved.md says how); the values themselves are tested in the
//! library against minimax.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use std::path::Path;

use arbitre::games::simpei::solve::{analyse, Analysis, Tablebase};
use arbitre::games::simpei::Simpei;
use arbitre::report::{SCHEMA, VERSION};
use arbitre::{Machine, Switches};
use assert_cmd::Command;
use serde::Serialize;

#[path = "common/table.rs"]
mod solved_table;

fn arbitre(cache: &Path) -> Command {
    let mut cmd = Command::cargo_bin("arbitre").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        // Where the cache directory is looked for, on every system.
        .env("XDG_CACHE_HOME", cache)
        .env("HOME", cache)
        .env("LOCALAPPDATA", cache);
    cmd
}

/// `(status, stdout, stderr)` of a run; -1 for one killed at the timeout,
/// as a run that waits forever on a file would be.
fn run(cache: &Path, args: &[&str]) -> (i32, String, String) {
    let output = arbitre(cache)
        .args(args)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_table_is_built_kept_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("two.table");
    let path = table.to_str().unwrap();
    let args = ["solve", "simpei", "--pieces", "2", "--table", path];
    let (status, out, err) = run(dir.path(), &args);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Simpei solved with 2 pieces each"), "{out}");
    // Two pieces never align three: every position is drawn.
    assert!(
        out.contains("first piece on c3, e3, c5 or e5: draw"),
        "{out}"
    );
    assert!(out.contains("Table built in"), "{out}");
    assert!(err.is_empty(), "{err}");
    assert!(table.exists());
    // Read back, not built again.
    let (status, again, err) = run(dir.path(), &args);
    assert_eq!(status, 0, "{err}");
    assert!(again.contains("Table read back"), "{again}");
    let figures = |text: &str| text.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(figures(&again), figures(&out));
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let (status, json, _) = run(dir.path(), &json_args);
    assert_eq!(status, 0);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["pieces"], 2);
    assert_eq!(json["start"]["text"], "draw");
    assert_eq!(json["positions"]["movement"]["won"], 0);
}

#[test]
fn the_cache_directory_is_the_default_home() {
    let dir = tempfile::tempdir().unwrap();
    let (status, out, err) = run(dir.path(), &["solve", "simpei", "--pieces", "1"]);
    assert_eq!(status, 0, "{err}");
    let kept = out
        .lines()
        .find_map(|l| l.split("built in ").nth(1))
        .unwrap();
    let kept = kept.split_once(": ").unwrap().1;
    assert!(Path::new(kept.trim()).starts_with(dir.path()), "{kept}");
    assert!(kept.ends_with("simpei-1-pieces.table"), "{kept}");
}

#[test]
fn a_damaged_table_is_refused_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.table");
    let path = table.to_str().unwrap();
    let solve = ["solve", "simpei", "--pieces", "2", "--table", path];
    assert_eq!(run(dir.path(), &solve).0, 0);
    let whole = std::fs::read(&table).unwrap();
    let record = "samples/simpei/spec-example.arb";

    let mut flipped = whole.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    std::fs::write(&table, &flipped).unwrap();
    let (status, _, err) = run(dir.path(), &["analyse", record, "--table", path]);
    assert_eq!(status, 2);
    assert!(
        err.contains("is corrupt: its checksum does not match"),
        "{err}"
    );
    let (status, _, err) = run(dir.path(), &solve);
    assert_eq!(status, 0);
    assert!(
        err.contains("is corrupt") && err.contains("building it again"),
        "{err}"
    );
    assert_eq!(std::fs::read(&table).unwrap(), whole);

    std::fs::write(&table, &whole[..whole.len() / 2]).unwrap();
    let (status, _, err) = run(dir.path(), &["analyse", record, "--table", path]);
    assert_eq!(status, 2);
    assert!(err.contains("is truncated"), "{err}");

    std::fs::write(&table, b"a shopping list\n").unwrap();
    let (status, _, err) = run(dir.path(), &["moves", record, "--best", "--table", path]);
    assert_eq!(status, 2);
    assert!(err.contains("is not a Simpei table"), "{err}");

    // Whole again, but a smaller game's: no values for a real record.
    std::fs::write(&table, &whole).unwrap();
    let (status, _, err) = run(dir.path(), &["analyse", record, "--table", path]);
    assert_eq!(status, 2);
    assert!(err.contains("table of a smaller game"), "{err}");
}

#[test]
fn solve_writes_over_no_file_but_its_own_tables() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let path = notes.to_str().unwrap();
    for rebuild in [false, true] {
        let mut args = vec!["solve", "simpei", "--pieces", "1", "--table", path];
        if rebuild {
            args.push("--rebuild");
        }
        let (status, out, err) = run(dir.path(), &args);
        assert_eq!(status, 2, "{out}");
        assert!(err.contains("will not write over it"), "{err}");
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    }
    // Another game's table stays, unless --rebuild says to replace it.
    let table = dir.path().join("one.table");
    let path = table.to_str().unwrap();
    assert_eq!(
        run(
            dir.path(),
            &["solve", "simpei", "--pieces", "1", "--table", path]
        )
        .0,
        0
    );
    let one = std::fs::read(&table).unwrap();
    let two = ["solve", "simpei", "--pieces", "2", "--table", path];
    let (status, _, err) = run(dir.path(), &two);
    assert_eq!(status, 2);
    assert!(err.contains("holds the table of another game"), "{err}");
    assert_eq!(std::fs::read(&table).unwrap(), one);
    let (status, out, _) = run(dir.path(), &[&two[..], &["--rebuild"]].concat());
    assert_eq!(status, 0);
    assert!(out.contains("Table built"), "{out}");
    assert_ne!(std::fs::read(&table).unwrap(), one);
    // A folder is no table; a path through a file leads nowhere.
    let (status, _, err) = run(
        dir.path(),
        &[
            "analyse",
            "samples/simpei/pass.arb",
            "--table",
            dir.path().to_str().unwrap(),
        ],
    );
    assert_eq!(status, 2);
    assert!(err.contains("is not a Simpei table"), "{err}");
    let nowhere = notes.join("t.table");
    let (status, _, err) = run(
        dir.path(),
        &[
            "solve",
            "simpei",
            "--pieces",
            "1",
            "--table",
            nowhere.to_str().unwrap(),
        ],
    );
    assert_eq!(status, 2);
    assert!(
        err.contains("cannot read") || err.contains("cannot write"),
        "{err}"
    );
}

#[test]
fn without_a_table_the_error_says_how_to_build_one() {
    let dir = tempfile::tempdir().unwrap();
    let record = "samples/simpei/spec-example.arb";
    for args in [
        vec!["analyse", record],
        vec!["moves", record, "--best", "--turn", "3"],
    ] {
        let (status, out, err) = run(dir.path(), &args);
        assert_eq!(status, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(
            err.contains("build it with `arbitre solve simpei`"),
            "{err}"
        );
    }
}

#[test]
fn only_simpei_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let (status, _, err) = run(dir.path(), &["solve", "puluc"]);
    assert_eq!(status, 2);
    assert!(err.contains("only Simpei is solved"), "{err}");
    let (status, _, err) = run(dir.path(), &["analyse", "samples/puluc/full-game.arb"]);
    assert_eq!(status, 2);
    assert!(
        err.contains("only Simpei is solved: this record is puluc"),
        "{err}"
    );
    let (status, _, err) = run(
        dir.path(),
        &[
            "moves",
            "samples/puluc/full-game.arb",
            "--best",
            "--turn",
            "2",
        ],
    );
    assert_eq!(status, 2);
    assert!(err.contains("only Simpei is solved"), "{err}");
    let (status, _, _) = run(dir.path(), &["solve", "simpei", "--pieces", "5"]);
    assert_eq!(status, 2);
    // --table belongs to --best.
    let (status, _, err) = run(
        dir.path(),
        &["moves", "samples/simpei/spec-example.arb", "--table", "x"],
    );
    assert_eq!(status, 2);
    assert!(err.contains("--best"), "{err}");
}

/// The table file rewritten with its values changed by `forge` and its
/// checksum summed again: a forgery the checksum cannot tell.
fn forge(table: &Path, whole: &[u8], forge: impl Fn(&mut [u8])) {
    let mut bytes = whole.to_vec();
    forge(&mut bytes[40..]);
    let sum = crc32fast::hash(&bytes[40..]);
    bytes[28..32].copy_from_slice(&sum.to_le_bytes());
    std::fs::write(table, bytes).unwrap();
}

/// A way of making up a table's values.
type Forgery = fn(&mut [u8]);

#[test]
fn a_forged_table_is_refused_though_its_checksum_matches() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.table");
    let path = table.to_str().unwrap();
    let solve = ["solve", "simpei", "--pieces", "2", "--table", path];
    assert_eq!(run(dir.path(), &solve).0, 0);
    let whole = std::fs::read(&table).unwrap();
    let record = "samples/simpei/spec-example.arb";
    // Two pieces each never align three: any win is made up.
    let forgeries: [(&str, Forgery); 3] = [
        ("one value a win in 1", |values: &mut [u8]| {
            values[1000] = values[1000] & 0x80 | 1
        }),
        ("every value a win in 1", |values: &mut [u8]| {
            values.iter_mut().for_each(|v| *v = *v & 0x80 | 1)
        }),
        ("a win in 125 at the start", |values: &mut [u8]| {
            let last = values.len() - 1;
            values[last] = 0x80 | 125;
        }),
    ];
    for (what, forgery) in forgeries {
        forge(&table, &whole, forgery);
        let (status, _, err) = run(dir.path(), &["analyse", record, "--table", path]);
        assert_eq!(status, 2, "{what}");
        assert!(
            err.contains("is corrupt") && err.contains("out of range"),
            "{what}: {err}"
        );
        // `solve` reads none of it back: it says why, and builds again.
        let (status, out, err) = run(dir.path(), &solve);
        assert_eq!(status, 0, "{what}: {err}");
        assert!(err.contains("building it again"), "{what}: {err}");
        assert!(
            out.contains("first piece on c3, e3, c5 or e5: draw"),
            "{what}: {out}"
        );
        assert_eq!(std::fs::read(&table).unwrap(), whole, "{what}");
    }
}

/// Make a FIFO at `path`: nothing ever writes to it, so a reader that
/// opens it waits forever.
#[cfg(unix)]
fn fifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn a_fifo_for_a_table_is_refused_without_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("fifo.table");
    fifo(&table);
    let path = table.to_str().unwrap();
    let record = "samples/simpei/spec-example.arb";
    for args in [
        vec!["analyse", record, "--table", path],
        vec!["moves", record, "--best", "--turn", "3", "--table", path],
        vec!["solve", "simpei", "--pieces", "1", "--table", path],
    ] {
        let (status, _, err) = run(dir.path(), &args);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(err.contains("is not a Simpei table"), "{args:?}: {err}");
    }
    // The same at the cache path: `analyse` refuses it, the replay page
    // goes without values.
    let cache = dir.path().join("cache");
    std::fs::create_dir_all(cache.join("arbitre")).unwrap();
    fifo(&cache.join("arbitre").join("simpei.table"));
    let (status, _, err) = run(&cache, &["analyse", record]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("is not a Simpei table"), "{err}");
    let (status, out, err) = run(&cache, &["check", "--format", "html", record]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("</html>"), "{out}");
}

/// A link planted where an older arbitre wrote its table first (the
/// table's name, the process id, `.partial`): the table is not written
/// through it, and what it points to stays as it was.
#[cfg(unix)]
#[test]
fn a_table_is_not_written_through_a_planted_link() {
    use arbitre::games::simpei::solve::{self, Alignment, Tablebase};
    let dir = tempfile::tempdir().unwrap();
    let precious = dir.path().join("precious.txt");
    std::fs::write(&precious, "my notes\n").unwrap();
    let table = dir.path().join("t.table");
    let planted = dir
        .path()
        .join(format!("t.table.{}.partial", std::process::id()));
    std::os::unix::fs::symlink(&precious, &planted).unwrap();
    let solved = solve::solve(1, 1, Alignment::Gapped, &mut |_| {}).unwrap();
    solved.save(&table).unwrap();
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "my notes\n");
    assert!(std::fs::symlink_metadata(&table).unwrap().is_file());
    assert_eq!(Tablebase::load(&table).unwrap(), solved);
    assert_eq!(std::fs::read_link(&planted).unwrap(), precious);
    // Nothing else is left beside the table.
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3, "{names:?}");
}

/// `moves FILE --turn 0 --best` and what follows, with `table`.
fn best(table: &Path, file: &str, more: &[&str]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let table = table.to_str().unwrap();
    let args = [
        &["moves", file, "--turn", "0", "--best", "--table", table],
        more,
    ]
    .concat();
    run(dir.path(), &args)
}

/// b2-a1 sandwiches four blue pieces: 143,640 ways to relocate them.
const FOUR_SANDWICHED: &str = "samples/simpei/four-sandwiched.arb";
const GROUP: &str = "b2-a1, then c1, e1, a3, a5 each to any empty point";

#[test]
fn best_lists_the_relocations_of_a_sandwich_as_one_line_as_moves_does() {
    let Some(table) = solved_table::solved("best_lists_the_relocations") else {
        return;
    };
    let best = |file: &str, more: &[&str]| best(&table, file, more);
    let (status, out, err) = best(FOUR_SANDWICHED, &[]);
    assert_eq!(status, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // Every turn counted in the first line; an action a line.
    assert!(
        lines[0].starts_with("1. red: ") && lines[0].ends_with(" legal turns, best first:"),
        "{out}"
    );
    assert!(lines.len() < 40, "{} lines:\n{out}", lines.len());
    let (_, plain, _) = run(Path::new("."), &["moves", FOUR_SANDWICHED, "--turn", "0"]);
    assert!(
        plain.contains(&format!("  {GROUP}: 143,640 turns")),
        "{plain}"
    );
    let group = lines.iter().find(|l| l.contains(GROUP)).unwrap();
    assert!(
        group.starts_with(&format!("  {GROUP}: 143,640 turns  ")),
        "{group}"
    );
    // As many turns in all as `moves` counts.
    let count = |line: &str| {
        let before = line.split(" legal turns").next().unwrap();
        before.rsplit(' ').next().unwrap().replace(',', "")
    };
    assert_eq!(count(lines[0]), count(plain.lines().next().unwrap()));
    let total: usize = count(lines[0]).parse().unwrap();

    // --expand lists each turn, as before: best first, the group's best
    // turn the first of its turns, its worst value the last one's.
    let (status, json, err) = best(FOUR_SANDWICHED, &["--format", "json"]);
    assert_eq!(status, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let lines = json["legal"].as_array().unwrap();
    let group = lines.iter().find(|l| l["turn"] == GROUP).unwrap();
    assert_eq!(group["turns"], 143_640);
    let (status, each, err) = best(FOUR_SANDWICHED, &["--format", "json", "--expand"]);
    assert_eq!(status, 0, "{err}");
    let each: serde_json::Value = serde_json::from_str(&each).unwrap();
    let each = each["legal"].as_array().unwrap();
    assert_eq!(each.len(), total);
    let rank = |said: &serde_json::Value| {
        // Higher is better for the colour to act, red: a quicker win, a
        // slower loss.
        let turns = said["turns"].as_i64().unwrap_or(0);
        match said["winner"].as_str() {
            Some("red") => 1000 - turns,
            Some(_) => turns - 1000,
            None => 0,
        }
    };
    assert!(each
        .windows(2)
        .all(|w| rank(&w[0]["value"]) >= rank(&w[1]["value"])));
    let relocations: Vec<&serde_json::Value> = each
        .iter()
        .filter(|t| t["turn"].as_str().unwrap().starts_with("b2-a1 "))
        .collect();
    assert_eq!(relocations.len(), 143_640);
    assert_eq!(group["best_turn"], relocations[0]["turn"]);
    assert_eq!(group["value"], relocations[0]["value"]);
    assert_eq!(group["worst"], relocations[143_639]["value"]);
    assert!(rank(&group["value"]) >= rank(&group["worst"]));
    // Turns alone are listed as before, with their value alone.
    let alone = lines.iter().find(|l| l["turn"] != GROUP).unwrap();
    assert_eq!(alone.as_object().unwrap().len(), 2, "{alone}");
}

/// What `analyse --format json|yaml` wrote when it held the analysis
/// whole: the library's [`Analysis`] beside the file.
#[derive(Serialize)]
struct Held<'a> {
    schema: u32,
    arbitre: &'static str,
    file: &'a str,
    record: usize,
    #[serde(flatten)]
    analysis: &'a Analysis,
}

#[test]
fn analyse_writes_as_it_values_what_it_wrote_holding_the_whole_analysis() {
    let Some(path) = solved_table::solved("analyse_writes_as_it_values") else {
        return;
    };
    let path = path.as_path();
    let table = Tablebase::load(path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (file, status) in [
        ("samples/simpei/spec-example.arb", 0),
        ("samples/simpei/illegal-occupied.arb", 1),
        ("samples/simpei/empty-movetext.arb", 0),
    ] {
        let text = std::fs::read_to_string(file).unwrap();
        let opened = arbitre::open::<Simpei>(&text, &Switches::new()).unwrap();
        let analysis = analyse(&table, &opened).unwrap();
        let held = Held {
            schema: SCHEMA,
            arbitre: VERSION,
            file,
            record: 0,
            analysis: &analysis,
        };
        for (format, machine) in [("json", Machine::Json), ("yaml", Machine::Yaml)] {
            let args = [
                "analyse",
                file,
                "--table",
                path.to_str().unwrap(),
                "--format",
                format,
            ];
            let (code, out, err) = run(dir.path(), &args);
            assert_eq!(code, status, "{file} {format}: {err}");
            assert_eq!(out, machine.document(&held), "{file} {format}");
        }
        let args = ["analyse", file, "--table", path.to_str().unwrap()];
        let (code, out, err) = run(dir.path(), &args);
        assert_eq!(code, status, "{file}: {err}");
        // A line a turn between the first and the last, the illegal
        // turn's besides; the turns aligned.
        let lines: Vec<&str> = out.lines().collect();
        let illegal = usize::from(analysis.illegal.is_some());
        assert_eq!(lines.len(), analysis.turns.len() + 2 + illegal, "{out}");
        let width = analysis
            .turns
            .iter()
            .map(|t| t.label.len() + t.turn.len() + 1)
            .max()
            .unwrap_or(0);
        for (line, turn) in lines[1..].iter().zip(&analysis.turns) {
            let played = format!("  {} {}", turn.label, turn.turn);
            let values = format!("{} -> {}", turn.before.text, turn.after.text);
            assert_eq!(line.get(..played.len()), Some(played.as_str()), "{out}");
            assert_eq!(
                line.get(width + 4..width + 4 + values.len()),
                Some(values.as_str()),
                "{out}"
            );
        }
    }
}

#[cfg(unix)]
/// The replay page with the table in the cache directory: every position
/// of a Simpei board valued as `analyse` values it, the turns it flags
/// flagged in the turn list and on the graph, and the best turn drawn at
/// each position the first of `moves --best`.
#[test]
fn a_pages_simpei_board_values_every_position_as_analyse_does() {
    use arbitre::games::simpei::solve::best_lines;
    use scraper::{Html, Selector};
    let Some(path) = solved_table::solved("a_pages_simpei_board_values_every_position") else {
        return;
    };
    let table = Tablebase::load(&path).unwrap();
    let cache = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(cache.path().join("arbitre")).unwrap();
    std::os::unix::fs::symlink(&path, cache.path().join("arbitre").join("simpei.table")).unwrap();
    let mut flagged = 0;
    for seed in ["3", "11", "29"] {
        let (_, record, _) = run(
            cache.path(),
            &["random", "simpei", "--seed", seed, "--max-turns", "24"],
        );
        let file = cache.path().join(format!("{seed}.arb"));
        std::fs::write(&file, &record).unwrap();
        let (status, out, err) = run(
            cache.path(),
            &["check", "--format", "html", file.to_str().unwrap()],
        );
        assert_eq!(status, 0, "{err}");
        let doc = Html::parse_document(&out);
        let select = |css: &str| Selector::parse(css).unwrap();
        let items: Vec<_> = doc.select(&select(".legal-row .turns li")).collect();
        let opened = arbitre::open::<Simpei>(&record, &Switches::new()).unwrap();
        let analysis = analyse(&table, &opened).unwrap();
        assert_eq!(items.len(), analysis.turns.len() + 1, "{seed}");
        let text = |e: scraper::ElementRef<'_>, css: &str| {
            e.select(&select(css))
                .map(|v| v.text().collect::<String>())
                .next()
        };
        let mut values = vec![analysis.start.text.clone()];
        values.extend(analysis.turns.iter().map(|t| t.after.text.clone()));
        let mut position = opened.start.clone();
        for (i, item) in items.iter().enumerate() {
            assert_eq!(
                text(*item, ".value").as_deref(),
                Some(values[i].as_str()),
                "{seed} {i}"
            );
            let slip = i.checked_sub(1).and_then(|t| analysis.turns[t].slip);
            assert_eq!(
                text(*item, ".slip"),
                slip.map(|s| format!("▲ {}", s.said())),
                "{seed} {i}"
            );
            flagged += usize::from(slip.is_some());
            // The best turn drawn: the first line of `moves --best`.
            let drawn = item.value().attr("data-best");
            match best_lines(&table, &position).and_then(|lines| lines.into_iter().next()) {
                Some(first) if position.winner.is_none() && first.text != "--" => {
                    let best = first.group.map_or(first.text, |(play, _)| play.to_string());
                    let marks: Vec<&str> = drawn
                        .unwrap_or_else(|| panic!("{seed} {i}"))
                        .split(';')
                        .collect();
                    let play = marks[1..]
                        .iter()
                        .fold(marks[0].replace(' ', "-"), |play, m| {
                            format!("{play} {}", m.replace(' ', ">"))
                        });
                    assert_eq!(play, best, "{seed} {i}");
                }
                _ => assert_eq!(drawn, None, "{seed} {i}"),
            }
            if i < opened.turns.len() {
                position = opened.position_after(i + 1).unwrap();
            }
        }
        // The graph: a column a position, a flag a flagged turn.
        let columns = doc.select(&select(".values rect.column")).count();
        assert_eq!(columns, items.len(), "{seed}");
        let flags = doc.select(&select(".values .flag")).count();
        let slips = analysis.turns.iter().filter(|t| t.slip.is_some()).count();
        assert_eq!(flags, slips, "{seed}");
    }
    assert!(
        flagged > 0,
        "no turn of these games was flagged: pick others"
    );
}
