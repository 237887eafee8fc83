//! `repair` as a rules lawyer reads it: for each slip a record that makes
//! it, repaired to the record that was meant, next to its legal neighbour
//! (nothing to repair); a token the notation refuses read again; the
//! bounds; the command's faces (`--apply`, JSON, exit statuses); and a
//! seeded corpus of slipped random games of every game and mode.

#[path = "common/slipped.rs"]
mod slipped;

use arbitre::repair::{hint, repair, RepairOptions, Repairs, Slip};
use arbitre::{Record, Switches, Verdict};
use assert_cmd::Command;

fn repaired(text: &str) -> Repairs {
    repair(
        &Record::from_text(text),
        &Switches::default(),
        &RepairOptions::default(),
    )
}

/// The first repair of `slipped` gives back `meant` whole, by one edit of
/// `slip`, and reaches a legal verdict; `meant` itself has nothing to
/// repair.
#[track_caller]
fn undoes(slipped: &str, meant: &str, slip: Slip) {
    let found = repaired(slipped);
    assert_ne!(found.before.verdict(), Verdict::Legal, "{slipped}");
    let best = found
        .found
        .first()
        .unwrap_or_else(|| panic!("no repair of\n{slipped}\n{:?}", found.tried));
    assert_eq!(best.text, meant, "edits: {:?}", best.edits);
    assert_eq!(best.checked.verdict(), Verdict::Legal, "{}", best.text);
    assert_eq!(
        best.edits.iter().map(|e| e.slip).collect::<Vec<_>>(),
        [slip],
        "{:?}",
        best.edits
    );
    let neighbour = repaired(meant);
    assert_eq!(neighbour.before.verdict(), Verdict::Legal, "{meant}");
    assert!(neighbour.found.is_empty());
    assert!(neighbour
        .not_searched
        .is_some_and(|why| why.contains("nothing to repair")));
}

const SIMPEI: &str = "---\ngame: simpei\n---\n1. c3 g5\n2. c5 c1\n3. d2 c7 c3>c5 c5>g1\n4. b2 f6\n5. d2-e1 c7-d6\n6. b2-a1 c1>c7 f6-e7\n7. g1-f2 g5-f6\n8. c5-b4 f6-g7\n";

const PULUC: &str = "---\ngame: puluc\n---\n1. 2:e-2 2:e-8\n2. 2:2-4 3:8-5\n3. 2:4-6 2:e-8\n4. 2:e-2 4:e-6\n5. 1:e-1 2:5-3\n6. 1:2-3 2:6-4\n7. 4:3-7 2:8-6\n";

const SUPERPION: &str = "---\ngame: superpion\nmode: four-players\n---\n1.B h2-h4 j2-h2\n1.R c11-e11 b8-d8\n1.Y f12xd10xb8xd6 i13-i11\n1.K l4xj2 m5-k5\n2.B i1xk3 h4-j4\n2.R c5xe7 b10-b8\n2.Y h12-f12 i11-i9\n2.K l8-j8 l6-j6\n";

#[test]
fn a_digit_misread_as_its_neighbour_is_read_again() {
    undoes(
        &PULUC.replace("5. 1:e-1 2:5-3", "5. 1:e-1 2:5-4"),
        PULUC,
        Slip::Misread,
    );
}

#[test]
fn a_square_mistyped_is_read_again() {
    undoes(
        &SIMPEI.replace("2. c5 c1", "2. c5 c3"),
        SIMPEI,
        Slip::Mistyped,
    );
}

#[test]
fn two_characters_transposed_are_put_back() {
    undoes(
        &PULUC.replace("6. 1:2-3 2:6-4", "6. 1:2-3 2:4-6"),
        PULUC,
        Slip::Reversed,
    );
    undoes(
        &SIMPEI.replace("8. c5-b4", "8. 5c-b4"),
        SIMPEI,
        Slip::Transposed,
    );
}

#[test]
fn the_squares_of_a_move_written_the_wrong_way_round_are_turned() {
    undoes(
        &SIMPEI.replace("5. d2-e1", "5. e1-d2"),
        SIMPEI,
        Slip::Reversed,
    );
}

#[test]
fn the_actions_of_a_superpion_turn_swapped_are_put_in_order() {
    undoes(
        &SUPERPION.replace("1.B h2-h4 j2-h2", "1.B j2-h2 h2-h4"),
        SUPERPION,
        Slip::ActionsSwapped,
    );
}

#[test]
fn a_capture_written_as_a_move_is_written_as_a_capture() {
    undoes(
        &SUPERPION.replace("1.K l4xj2", "1.K l4-j2"),
        SUPERPION,
        Slip::CaptureAsMove,
    );
}

#[test]
fn two_turns_written_in_the_wrong_order_are_swapped_back() {
    undoes(
        &SUPERPION.replace(
            "2.Y h12-f12 i11-i9\n2.K l8-j8 l6-j6",
            "2.K l8-j8 l6-j6\n2.Y h12-f12 i11-i9",
        ),
        SUPERPION,
        Slip::TurnsSwapped,
    );
}

#[test]
fn a_turn_left_out_is_put_back_and_the_turns_after_it_numbered_again() {
    let slipped = "---\ngame: puluc\n---\n1. 2:e-2 2:e-8\n2. 2:2-4 3:8-5\n3. 2:4-6 2:e-2\n4. 4:e-6 1:e-1\n5. 2:5-3 1:2-3\n6. 2:6-4 4:3-7\n7. 2:8-6\n";
    undoes(slipped, PULUC, Slip::TurnLeftOut);
}

#[test]
fn a_turn_written_twice_is_written_once() {
    let slipped = "---\ngame: puluc\n---\n1. 2:e-2 2:e-8\n2. 2:2-4 3:8-5\n3. 2:4-6 2:e-8\n4. 2:e-8 2:e-2\n5. 4:e-6 1:e-1\n6. 2:5-3 1:2-3\n7. 2:6-4 4:3-7\n8. 2:8-6\n";
    undoes(slipped, PULUC, Slip::WrittenTwice);
}

#[test]
fn a_token_the_notation_refuses_is_read_again() {
    // A throw is 1 to 5: `7` is no throw, and the record is malformed.
    let slipped = PULUC.replace("7. 4:3-7", "7. 7:3-7");
    let found = repaired(&slipped);
    assert_eq!(found.before.verdict(), Verdict::Malformed);
    let best = found.found.first().expect("a repair of the throw");
    assert_eq!(best.text, PULUC);
    assert_eq!(best.checked.verdict(), Verdict::Legal);
    assert_eq!(best.edits[0].written, "7:3-7");
    assert_eq!(best.edits[0].replacement, "4:3-7");
}

#[test]
fn a_header_that_cannot_be_read_is_not_searched() {
    let found = repaired("---\ngame: chess\n---\n1. e4\n");
    assert!(found.found.is_empty());
    assert!(found.not_searched.is_some_and(|why| why.contains("header")));
}

#[test]
fn what_was_written_before_the_first_edit_and_after_the_last_is_kept_byte_for_byte() {
    let written = "---\ngame: simpei\n---\n1. c3 g5 { a comment }\n2. c5 c3\n3. d2 c7 c3>c5 c5>g1 ; to the end\n4. b2 f6\n";
    let found = repaired(written);
    let best = found.found.first().expect("a repair");
    assert_eq!(
        best.text,
        "---\ngame: simpei\n---\n1. c3 g5 { a comment }\n2. c5 c1\n3. d2 c7 c3>c5 c5>g1 ; to the end\n4. b2 f6\n"
    );
    assert_eq!(best.edits[0].written, "c3");
    assert_eq!(best.edits[0].replacement, "c1");
    assert_eq!(best.edits[0].turn, "2... blue");
}

#[test]
fn the_search_is_bounded_by_its_budget_and_the_same_every_time() {
    // A long record, every turn refused: no repair is near.
    let mut text = String::from("---\ngame: superpion\n---\n");
    for round in 1..=400 {
        text.push_str(&format!("{round}.B a1-a2 a3-a4\n"));
    }
    let options = RepairOptions {
        budget: 20_000,
        ..RepairOptions::default()
    };
    let once = repair(
        &Record::from_text(text.clone()),
        &Switches::default(),
        &options,
    );
    let again = repair(&Record::from_text(text), &Switches::default(), &options);
    // A state's turns are played whole: the budget is passed by at most
    // the legal turns listed at one place (256) and the record's turns.
    assert!(once.tried.plays <= 20_000 + 2_000, "{:?}", once.tried);
    assert_eq!(once.tried, again.tried);
    assert_eq!(
        once.found.iter().map(|r| &r.text).collect::<Vec<_>>(),
        again.found.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
}

#[test]
fn check_names_a_cheap_repair_on_an_illegal_action() {
    let slipped = SIMPEI.replace("2. c5 c1", "2. c5 c3");
    let said = hint(
        &Record::from_text(slipped),
        &Switches::default(),
        "game.arb",
    );
    assert_eq!(
        said.as_deref(),
        Some("the rest of the record reads legally if 2... blue is `c1`: arbitre repair game.arb")
    );
    assert_eq!(
        hint(&Record::from_text(SIMPEI), &Switches::default(), "game.arb"),
        None
    );
}

fn arbitre() -> Command {
    Command::cargo_bin("arbitre").expect("the arbitre binary")
}

#[test]
fn the_command_prints_each_repair_with_its_diff_and_verdict() {
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join("game.arb");
    std::fs::write(&path, SIMPEI.replace("2. c5 c1", "2. c5 c3")).expect("written");
    let out = arbitre()
        .args(["repair", "--color", "never"])
        .arg(&path)
        .output()
        .expect("ran");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("repair 1 (cost 3):"), "{text}");
    assert!(text.contains("-2. c5 c3\n    +2. c5 c1"), "{text}");
    assert!(
        text.contains("legal to the end: blue wins after 16 turns"),
        "{text}"
    );
}

#[test]
fn apply_writes_the_chosen_repair_into_the_file() {
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join("game.arb");
    let two = format!("{SIMPEI}{}", PULUC.replace("7. 4:3-7", "7. 4:3-8"));
    std::fs::write(&path, two).expect("written");
    let out = arbitre()
        .args(["repair", "--apply", "1"])
        .arg(&path)
        .output()
        .expect("ran");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let now = std::fs::read_to_string(&path).expect("read back");
    assert_eq!(now, format!("{SIMPEI}{PULUC}"));
    arbitre().arg("check").arg(&path).assert().success();
}

#[test]
fn the_json_document_holds_every_repair() {
    let out = arbitre()
        .args(["repair", "--format", "json", "-"])
        .write_stdin(SUPERPION.replace("1.K l4xj2", "1.K l4-j2"))
        .output()
        .expect("ran");
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let record = &doc["files"][0]["repaired"][0];
    assert_eq!(record["verdict"]["verdict"], "illegal");
    let first = &record["repairs"][0];
    assert_eq!(first["rank"], 1);
    assert_eq!(first["cost"], 2.0);
    assert_eq!(first["edits"][0]["slip"], "capture-as-move");
    assert_eq!(first["edits"][0]["line"], 8);
    assert_eq!(first["verdict"]["verdict"], "legal");
    assert!(first["diff"]
        .as_str()
        .is_some_and(|d| d.contains("+1.K l4xj2 m5-k5")));
}

#[test]
fn bad_input_is_a_usage_error_or_unreadable() {
    arbitre()
        .args(["repair", "--apply", "1", "-"])
        .write_stdin(SIMPEI)
        .assert()
        .code(2);
    arbitre()
        .args(["repair", "/nonexistent/game.arb"])
        .assert()
        .code(2);
    arbitre()
        .args(["repair", "--best", "0", "-"])
        .assert()
        .code(2);
    arbitre()
        .args(["repair", "-"])
        .write_stdin(SIMPEI)
        .assert()
        .code(0)
        .stdout(predicates::str::contains("nothing to repair"));
}

#[test]
fn the_repair_samples_get_the_repair_their_comment_names() {
    for (path, written, meant) in [
        ("samples/simpei/repair-misread.arb", "c3", "c1"),
        ("samples/puluc/repair-turn-left-out.arb", "", "2:e-8"),
        (
            "samples/superpion/repair-capture-as-move.arb",
            "1.K l4-j2 m5-k5",
            "1.K l4xj2 m5-k5",
        ),
    ] {
        let text = std::fs::read_to_string(path).expect(path);
        let found = repaired(&text);
        let best = found.found.first().unwrap_or_else(|| panic!("{path}"));
        assert_eq!(best.edits.len(), 1, "{path}: {:?}", best.edits);
        assert_eq!(best.edits[0].written, written, "{path}");
        assert_eq!(best.edits[0].replacement, meant, "{path}");
        assert_eq!(best.checked.verdict(), Verdict::Legal, "{path}");
    }
}

/// A seeded corpus, small enough for every test run: for one slip, the
/// record meant must be the first repair of most and among the first
/// three of nearly all (the figures on larger corpora are in
/// BENCHMARKS.md).
#[test]
fn a_corpus_of_one_slip_per_record_is_repaired_to_the_record_meant() {
    let switches = Switches::default();
    let options = RepairOptions::default();
    let (mut total, mut top1, mut top3) = (0, 0, 0);
    for game in arbitre::games::all() {
        for case in slipped::corpus(*game, None, 6, 1, 11, 60) {
            let canonical = |text: &str| {
                game.canonical(&Record::from_text(text.to_string()), &switches)
                    .ok()
            };
            let want = canonical(&case.original);
            let found = repair(
                &Record::from_text(case.slipped.clone()),
                &switches,
                &options,
            );
            let ranks: Vec<bool> = found
                .found
                .iter()
                .map(|r| canonical(&r.text) == want)
                .collect();
            total += 1;
            top1 += usize::from(ranks.first() == Some(&true));
            top3 += usize::from(ranks.iter().any(|r| *r));
        }
    }
    assert!(total >= 15, "{total} records");
    assert!(top1 * 100 >= total * 80, "top-1 {top1} of {total}");
    assert!(top3 * 100 >= total * 90, "top-3 {top3} of {total}");
}
