//! Generated hostile records, the big cases: long lines, huge tokens,
//! deep nesting among quotes and comments, crowded Superpion boards. Every
//! one gets a verdict, and the work it costs is bounded: reports stay
//! small (alternatives capped, quotes cut), headers are refused before the
//! YAML parser sees their nesting, and the capture search of a crowded
//! board is checked on boards far denser than games reach.

use arbitre::dispatch::stop;
use arbitre::games::superpion::Sq;
use arbitre::{check_str, Limits, Machine, Reader, Switches, Verdict};
use proptest::prelude::*;

/// Reports of `text`, each written as JSON, with their total size.
fn reports(text: &str) -> (Vec<arbitre::RecordReport>, usize) {
    let reports = check_str("hostile.arb", text, &Switches::new());
    let size = reports.iter().map(|r| Machine::Json.record(r).len()).sum();
    (reports, size)
}

/// A report may quote a little of the input, never all of a huge one.
const REPORT_BYTES: usize = 64 << 10;

fn game() -> impl Strategy<Value = &'static str> {
    prop::sample::select(arbitre::games::names().to_vec())
}

/// Turns and junk the three notations share.
fn word() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "1.", "1...", "c5", "f4", "2:e-2", "5:e-5", "1.B", "g3-g5", "i3-i5", "e5xg7", "--", "zz9",
        "{ c }", ";", "=S", "é",
    ])
    .prop_map(str::to_string)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A finding tens of thousands of columns right is located in
    /// characters, whatever the characters before it.
    #[test]
    fn far_findings_are_located(game in game(), pad in 60_000usize..90_000, wide in any::<bool>(), words in prop::collection::vec(word(), 1..12)) {
        let filler = if wide { "é" } else { " " };
        let text = format!("---\ngame: {game}\n---\n{{{}}} {}\n", filler.repeat(pad), words.join(" "));
        let (reports, size) = reports(&text);
        prop_assert!(size < REPORT_BYTES, "{size} bytes of report");
        for report in reports {
            if let Some(d) = report.diagnostic {
                prop_assert!(d.line <= 4);
                if d.line == 4 {
                    prop_assert!(d.column > pad, "column {} before the pad of {pad}", d.column);
                }
            }
        }
    }

    /// A token of any length is refused past the limit, in a short message.
    #[test]
    fn huge_tokens_are_refused_in_a_few_words(game in game(), len in 1_025usize..400_000, ch in prop::sample::select(vec!['c', '5', 'x', '-', ':', 'é'])) {
        let token: String = std::iter::repeat_n(ch, len / ch.len_utf8()).collect();
        let text = format!("---\ngame: {game}\n---\n1. {token}\n");
        let (reports, size) = reports(&text);
        prop_assert!(size < REPORT_BYTES, "{size} bytes of report");
        prop_assert_eq!(reports[0].verdict, Verdict::Malformed);
        let d = reports[0].diagnostic.as_ref().unwrap();
        prop_assert!(d.message.len() < 300, "{}", d.message);
    }

    /// Brackets among quotes and comments, as deep as a header may be
    /// long: refused by the guard when too many, never parsed at length.
    #[test]
    fn deep_nesting_behind_quotes_is_refused(game in game(), depth in 257usize..60_000, junk in prop::collection::vec(prop::sample::select(vec!["'", "\"", "# it's\n", "don't", "\\", "]", "}", "\n  "]), 0..8)) {
        let opened: String = (0..depth).map(|i| if i % 3 == 0 { '{' } else { '[' }).collect();
        let text = format!("---\ngame: {game}\nevent: {}{opened}\n---\n", junk.concat());
        let (reports, size) = reports(&text);
        prop_assert!(size < REPORT_BYTES, "{size} bytes of report");
        prop_assert_eq!(reports[0].verdict, Verdict::Malformed);
        let d = reports[0].diagnostic.as_ref().unwrap();
        prop_assert!(d.rule == "header", "{}: {}", d.rule, d.message);
    }

    /// Crowded boards, far denser than games reach: every one is checked
    /// and stopped at, and what is listed as legal stays capped.
    #[test]
    fn crowded_superpion_boards_get_a_verdict(picks in prop::collection::vec((0usize..80, 0usize..4, any::<bool>()), 20..48), turn in prop::collection::vec(word(), 0..3)) {
        let names: Vec<String> = Sq::all().map(|s| s.to_string()).collect();
        let camps = ["blue", "red", "yellow", "black"];
        let mut lists: [Vec<String>; 4] = Default::default();
        let mut taken = std::collections::HashSet::new();
        for (sq, camp, superpion) in picks {
            if taken.insert(sq) {
                let mark = if superpion { "=S" } else { "" };
                lists[camp].push(format!("\"{}{mark}\"", names[sq]));
            }
        }
        let pieces: Vec<String> = camps.iter().zip(&lists).filter(|(_, l)| !l.is_empty()).map(|(c, l)| format!("{c}: [{}]", l.join(", "))).collect();
        let text = format!("---\ngame: superpion\nsetup:\n  to-move: blue\n  pieces: {{{}}}\n---\n1.B {}\n", pieces.join(", "), turn.join(" "));
        let (reports, size) = reports(&text);
        prop_assert!(size < REPORT_BYTES, "{size} bytes of report");
        for report in &reports {
            if let Some(d) = &report.diagnostic {
                prop_assert!(d.expected.len() <= arbitre::game::LISTED);
                prop_assert!(d.expected_total >= d.expected.len());
            }
        }
        let record = Reader::new(text.as_bytes()).next().unwrap().unwrap();
        let _ = stop(&record, &Switches::new(), Some(0));
    }
}

/// `8 MiB`, `64 KiB`, `1 KiB`: as the README writes sizes.
fn size(bytes: usize) -> String {
    if bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

#[test]
fn the_readme_promises_the_limits_that_hold() {
    let readme = include_str!("../README.md");
    let section = readme
        .split("## Limits and guarantees")
        .nth(1)
        .expect("a Limits and guarantees section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let limits = Limits::default();
    for promised in [
        size(limits.record_bytes),
        size(limits.header_bytes),
        size(limits.token_bytes),
        format!("{} brackets", limits.header_brackets),
        format!("{}", arbitre::game::LISTED),
    ] {
        assert!(
            section.contains(&promised),
            "the README section names {promised}"
        );
    }
}
