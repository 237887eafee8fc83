//! The memory a record costs: checking, scoring and showing a record of
//! megabytes allocates a small part of its size beyond its own text, since
//! the replay reads the movetext a turn at a time and keeps the first
//! warnings only. Counted by a global allocator of this test binary alone,
//! so the figures are bytes, not timings.

#[path = "common/aliases.rs"]
mod aliases;
use aliases::aliased_header;
use std::ops::ControlFlow;
use std::sync::Mutex;

use arbitre::dispatch::{score_table, stop};
use arbitre::games::simpei::solve::{analyse_record, Tablebase};
use arbitre::games::simpei::Simpei;
use arbitre::replay::KEPT_WARNINGS;
use arbitre::{check, Record, RecordReport, Switches, Verdict};
use peak_alloc::PeakAlloc;

#[path = "common/table.rs"]
mod solved_table;

/// Counts the bytes allocated now and their peak, forwarding to the
/// system's allocator (a crate, so that the project writes no `unsafe`).
#[global_allocator]
static COUNTING: PeakAlloc = PeakAlloc;

/// One measure at a time: the tests of this binary share the counters.
static ALONE: Mutex<()> = Mutex::new(());

/// What `work` returns, and the most bytes it held at once beyond what
/// was allocated before it.
fn peak_of<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = COUNTING.current_usage();
    COUNTING.reset_peak_usage();
    let out = work();
    (out, COUNTING.peak_usage().saturating_sub(before))
}

/// A record of `header` and `unit` repeated to about `bytes`.
fn record(header: &str, unit: &str, bytes: usize) -> Record {
    let body = unit.repeat(bytes / unit.len());
    Record::from_text(format!("---\n{header}---\n{body}\n"))
}

/// The most a check, a score and a `show` of the record may hold at once
/// beyond its text: an eighth of it. Holding the record as tokens cost about
/// fifty times its size, as turns several times, and a throw kept per turn
/// (4 bytes a 4-byte Puluc turn) its whole size.
fn assert_small(name: &str, record: &Record) -> (RecordReport, usize) {
    let bound = record.text.len() / 8;
    let switches = Switches::new();
    let (report, checked) = peak_of(|| {
        let checked = check(record, &switches);
        RecordReport::new("big.arb", record, &checked)
    });
    assert!(
        checked <= bound,
        "{name}: check held {checked} bytes, more than {bound}"
    );
    let (_, scored) = peak_of(|| score_table(record, &switches));
    assert!(
        scored <= bound,
        "{name}: score held {scored} bytes, more than {bound}"
    );
    let (_, shown) = peak_of(|| stop(record, &switches, None).map(|s| s.turn));
    assert!(
        shown <= bound,
        "{name}: show held {shown} bytes, more than {bound}"
    );
    (report, checked)
}

const MB: usize = 1 << 20;

#[test]
fn an_illegal_record_of_megabytes_is_not_held_as_turns() {
    let _alone = ALONE.lock();
    // Illegal at its second turn; read to its end for its syntax.
    let simpei = record("game: simpei\n", "c3 ", 2 * MB);
    let (report, _) = assert_small("simpei", &simpei);
    assert_eq!(report.verdict, Verdict::Illegal);
    let superpion = record("game: superpion\n", "B -- ", 2 * MB);
    let (report, _) = assert_small("superpion", &superpion);
    assert_eq!(report.verdict, Verdict::Illegal);
}

#[test]
fn a_capture_past_the_token_limit_is_refused_before_it_is_read_whole() {
    let _alone = ALONE.lock();
    // One token of megabytes, plain up to its end: read no further than
    // the limit, not kept as its hundreds of thousands of landings.
    let text = format!(
        "---\ngame: superpion\n---\n1.B a1{}\n",
        "xa1".repeat(2 * MB / 3)
    );
    let capture = Record::from_text(text);
    let (report, _) = assert_small("superpion capture", &capture);
    assert_eq!(report.verdict, Verdict::Malformed);
}

#[test]
fn a_syntax_error_after_the_illegal_turn_is_still_found() {
    let _alone = ALONE.lock();
    let mut text = record("game: simpei\n", "c3 ", MB).text;
    text.push_str("c3x\n");
    let checked = check(&Record::from_text(text), &Switches::new());
    assert!(checked.malformed.is_some(), "{checked:?}");
}

const PULUC_PASSES: &str = "game: puluc\nsetup:\n  track: {\"1\": [b], \"2\": [b], \"3\": [b], \"4\": [b], \"6\": [a], \"7\": [a], \"8\": [a], \"9\": [a]}\n";

#[test]
fn a_legal_record_of_megabytes_costs_a_fraction_of_its_size() {
    let _alone = ALONE.lock();
    // Every throw of 5 is a pass for both sides: legal to the end.
    let puluc = record(PULUC_PASSES, "5:- ", 2 * MB);
    let (report, _) = assert_small("puluc", &puluc);
    assert_eq!(report.verdict, Verdict::Legal, "{:?}", report.diagnostic);
    assert_eq!(report.turns, MB / 2);
    let throws = report.throws.expect("Puluc counts throws");
    assert_eq!(throws.throws, (MB / 2) as u64);
}

const BOXED_IN: &str = "game: superpion\nsetup:\n  pieces:\n    blue: [e1]\n    red: [\"e3=S\", \"g1=S\", \"c7=S\", \"c9=S\"]\n";
/// Blue boxed in passes every turn, each pass after the first a warning.
const ROUND_TRIP: &str = "B -- R c7-e7 c9-e9\nB -- R e7-c7 e9-c9\n";

#[test]
fn a_record_full_of_warnings_keeps_its_first_ones_and_counts_the_rest() {
    let _alone = ALONE.lock();
    let superpion = record(BOXED_IN, ROUND_TRIP, 2 * MB);
    let (report, _) = assert_small("superpion warnings", &superpion);
    assert_eq!(report.verdict, Verdict::Legal, "{:?}", report.diagnostic);
    let passes = 2 * (2 * MB / ROUND_TRIP.len());
    assert_eq!(report.warnings.len(), KEPT_WARNINGS);
    assert_eq!(report.warning_count(), passes - 1);
}

#[test]
fn warnings_up_to_the_bound_are_all_kept() {
    let _alone = ALONE.lock();
    // KEPT_WARNINGS + 1 passes: the first is no warning.
    let passes = KEPT_WARNINGS + 1;
    let text = format!("---\n{BOXED_IN}---\n{}", ROUND_TRIP.repeat(passes / 2));
    let report = |text: &str| {
        let record = Record::from_text(text);
        RecordReport::new("w.arb", &record, &check(&record, &Switches::new()))
    };
    let kept = report(&text);
    assert_eq!(kept.warnings.len(), KEPT_WARNINGS - 1);
    assert_eq!(kept.warnings_omitted, 0);
    let one_more = report(&format!("{text}{ROUND_TRIP}"));
    assert_eq!(one_more.warnings.len(), KEPT_WARNINGS);
    assert_eq!(one_more.warnings_omitted, 1);
}

#[test]
fn a_header_s_aliases_cost_no_more_than_its_limit_allows() {
    let _alone = ALONE.lock();
    // 29 KB of header, which serde_yaml read as 9 lists of 100 copies of
    // 28 KB: 25 MB held before the record was found malformed (the 60 KB
    // form of it, 2.4 GB).
    let record = Record::from_text(format!("---\n{}---\n", aliased_header(28_000, 100)));
    let (checked, peak) = peak_of(|| check(&record, &Switches::new()));
    let malformed = checked.malformed.expect("refused");
    assert!(
        malformed.message.contains("aliases"),
        "{}",
        malformed.message
    );
    assert!(peak < MB, "checking held {peak} bytes");
    // Within the budget (16 times --max-header-bytes, a few bytes per
    // value), the header is read, and costs about what it counts.
    let record = Record::from_text(format!("---\n{}---\n", aliased_header(1000, 100)));
    let (checked, peak) = peak_of(|| check(&record, &Switches::new()));
    let malformed = checked.malformed.expect("no squares");
    assert_eq!(malformed.rule.id, "setup", "{}", malformed.message);
    assert!(peak < 4 * MB, "checking held {peak} bytes");
}

const SHUTTLE: &str =
    "game: simpei\nsetup: {red: [g1, a3, c3, d6], blue: [e3, g3, f4, a5], to-move: red}\n";
/// Red's d6 and Blue's f4 step out and back: legal for ever, no
/// sandwich, no line of three.
const OUT_AND_BACK: &str = "d6-c7 f4-g5 c7-d6 g5-f4\n";

#[test]
fn a_long_record_is_analysed_and_valued_a_turn_at_a_time() {
    let _alone = ALONE.lock();
    let simpei = record(SHUTTLE, OUT_AND_BACK, 2 * MB);
    let turns = 4 * (2 * MB / OUT_AND_BACK.len());
    // `analyse` and `moves --best` held the record as turns, and `analyse`
    // every turn valued besides: several times its size.
    let bound = simpei.text.len() / 8;
    // The position before the last turn, as `moves --best` and the HTML
    // report's values replay it.
    let (position, held) = peak_of(|| {
        arbitre::replay::position_after::<Simpei>(&simpei.text, &Switches::new(), turns - 1)
    });
    let position = position
        .unwrap_or_else(|e| panic!("{}", e.message))
        .unwrap_or_else(|v| panic!("{}", v.message));
    assert_eq!(position.to_move.to_string(), "blue");
    assert!(
        held <= bound,
        "position_after held {held} bytes, more than {bound}"
    );
    let Some(path) = solved_table::solved("a_long_record_is_analysed") else {
        return;
    };
    let table = Tablebase::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let ((outline, analysed), held) = peak_of(|| {
        let mut analysed = 0;
        let outline = analyse_record(&table, &simpei.text, &Switches::new(), |_| {
            analysed += 1;
            ControlFlow::Continue(())
        });
        (outline, analysed)
    });
    let outline = outline.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((outline.illegal, analysed), (None, turns));
    assert_eq!(outline.end, "unfinished, red to act");
    assert!(
        held <= bound,
        "analyse held {held} bytes, more than {bound}"
    );
}

/// The standings keep a few facts of each record, never its text: fifty
/// records of 200 KB each (a long comment) leave the table holding a
/// few kilobytes.
#[test]
fn standings_keep_no_record_text() {
    use arbitre::standings::{Entry, Standings};
    let _alone = ALONE.lock().unwrap_or_else(|e| e.into_inner());
    let comment = format!("{{ {} }}\n", "a long remark ".repeat(200_000 / 14));
    let names = ["Ana", "Ben", "Chloé", "Dev", "Eve"];
    let before = COUNTING.current_usage();
    let mut standings = Standings::new(Default::default());
    for i in 0..50 {
        let (red, blue) = (names[i % 5], names[(i + 1 + i / 5) % 5]);
        let blue = if blue == red {
            names[(i + 2) % 5]
        } else {
            blue
        };
        let record = Record::from_text(format!(
            "---\ngame: simpei\nevent: Night\nplayers: {{red: {red}, blue: {blue}}}\n---\n{comment}1. c3 c1 2. a7 g5 3. a5 e3\n"
        ));
        let report = RecordReport::new("night.arb", &record, &check(&record, &Switches::new()));
        assert_eq!(report.verdict, Verdict::Legal);
        standings.add(&report, &Entry::of(&record));
    }
    let held = COUNTING.current_usage().saturating_sub(before);
    assert!(held < 64 << 10, "the standings hold {held} bytes");
    let document = standings.finish(true);
    assert_eq!(document.groups[0].counted, 50);
}
