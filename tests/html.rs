//! `check --format html`: the page parsed as a browser parses it (with
//! `scraper`, html5ever's tree, without script), asserting the totals, each failing
//! record's diagnostic and board, the legal table, and that text from the
//! records stays text.

use assert_cmd::Command;
use scraper::{ElementRef, Html, Selector};

/// A legal Simpei game won by red in five turns.
const LEGAL: &str =
    "---\ngame: simpei\nplayers: {red: Aiko, blue: Ben}\n---\n1. e3 c3\n2. a3 c3>g7 d4\n3. g3\n";
/// Illegal at its third turn: `a3` sandwiches c3, which is not relocated.
const ILLEGAL: &str =
    "---\ngame: simpei\nplayers: {red: Aiko, blue: Ben}\n---\n1. e3 c3\n2. a3 e3\n";
const MALFORMED: &str = "---\ngame: chess\n---\n1. e4\n";

fn page(input: &str, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::cargo_bin("arbitre")
        .unwrap()
        // No Simpei table: the boards give no values, whatever this
        // machine's cache directory holds.
        .env("XDG_CACHE_HOME", "/nonexistent")
        .env("HOME", "/nonexistent")
        .env("LOCALAPPDATA", "/nonexistent")
        .args(["check", "--format", "html"])
        .args(args)
        .arg("-")
        .write_stdin(input)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn without_a_table_the_boards_give_no_values() {
    let (_, html) = page(ILLEGAL, &[]);
    assert!(!html.contains("class=\"value\""));
}

fn all<'a>(doc: &'a Html, css: &str) -> Vec<ElementRef<'a>> {
    doc.select(&Selector::parse(css).unwrap()).collect()
}

fn within<'a>(element: ElementRef<'a>, css: &str) -> Vec<ElementRef<'a>> {
    element.select(&Selector::parse(css).unwrap()).collect()
}

fn text(element: ElementRef<'_>) -> String {
    element.text().collect()
}

fn one(doc: &Html, css: &str) -> String {
    let found = all(doc, css);
    assert_eq!(found.len(), 1, "{css}");
    text(found[0])
}

/// Base64 of deflated JSON, as the page keeps its pictures.
fn inflated(packed: &str) -> serde_json::Value {
    let digits = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut bytes = Vec::new();
    for c in packed.bytes().take_while(|&c| c != b'=') {
        let value = digits.iter().position(|&d| d == c).unwrap() as u32;
        bits = (bits << 6) | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    let json = miniz_oxide::inflate::decompress_to_vec(&bytes).unwrap();
    serde_json::from_slice(&json).unwrap()
}

/// The positions a board keeps packed, each as lines of its game's base
/// picture (written once in the page) and the text between, with the
/// position as a `setup` header.
fn packed_frames(doc: &Html, board: ElementRef<'_>) -> Vec<(String, String)> {
    let packed = inflated(board.value().attr("data-packed").unwrap());
    let game = packed["base"].as_str().unwrap();
    let base = all(doc, &format!("#base-{game}"))[0];
    let base = inflated(base.value().attr("data-packed").unwrap());
    let lines: Vec<&str> = base.as_str().unwrap().split_inclusive('\n').collect();
    packed["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let (start, end) = (
                f[0].as_u64().unwrap() as usize,
                f[1].as_u64().unwrap() as usize,
            );
            let svg = lines[..start].concat()
                + f[2].as_str().unwrap()
                + &lines[lines.len() - end..].concat();
            (svg, f[3].as_str().unwrap().to_string())
        })
        .collect()
}

/// The pictures a board keeps packed.
fn unpacked(doc: &Html, board: ElementRef<'_>) -> Vec<String> {
    packed_frames(doc, board)
        .into_iter()
        .map(|(svg, _)| svg)
        .collect()
}

#[test]
fn the_title_is_written_first_and_the_counts_last_shown_first() {
    let (code, out) = page(&format!("{LEGAL}{ILLEGAL}{MALFORMED}"), &[]);
    assert_eq!(code, Some(2));
    let doc = Html::parse_document(&out);
    assert_eq!(one(&doc, "#records"), "3");
    assert_eq!(one(&doc, "#legal-count"), "1");
    assert_eq!(one(&doc, "#illegal-count"), "1");
    assert_eq!(one(&doc, "#malformed-count"), "1");
    assert_eq!(one(&doc, "#unreadable-count"), "0");
    let rules: Vec<String> = all(&doc, "#counted .rules li")
        .into_iter()
        .map(text)
        .collect();
    assert_eq!(rules, ["header 1", "simpei/relocation-missing 1"]);
    // The title first in the markup, as on the screen. Streamed, the
    // counts come after every record; CSS shows them under the title, and
    // the script moves them there (tests/browser/replay.mjs).
    let main: Vec<String> = all(&doc, "main.page > *")
        .iter()
        .map(|e| e.value().attr("id").unwrap_or(e.value().name()).to_string())
        .collect();
    assert_eq!(main.first().map(String::as_str), Some("totals"), "{main:?}");
    assert_eq!(
        one(&doc, "main.page > #totals:first-child > h1"),
        "arbitre check"
    );
    assert_eq!(main.last().map(String::as_str), Some("counted"), "{main:?}");
    assert!(out.contains("#totals{order:-2}\n#counted{order:-1}"));
    assert!(out.contains("totals.appendChild(counted)"));
}

#[test]
fn a_legal_batch_hides_the_empty_heading_and_exits_0() {
    let (code, out) = page(LEGAL, &[]);
    assert_eq!(code, Some(0));
    assert!(out.contains("<style>#not-legal{display:none}</style>"));
    let doc = Html::parse_document(&out);
    assert!(all(&doc, "section.record").is_empty());
    assert!(all(&doc, "#counted .rules").is_empty());
}

#[test]
fn an_illegal_record_has_its_diagnostic_rule_explanation_and_commands() {
    let (_, out) = page(ILLEGAL, &[]);
    let doc = Html::parse_document(&out);
    let sections = all(&doc, "section.record.illegal");
    assert_eq!(sections.len(), 1);
    let section = sections[0];
    let heading = text(within(section, "h3")[0]);
    assert!(
        heading.contains("-:1") && heading.contains("simpei"),
        "{heading}"
    );
    assert!(heading.contains("Aiko (red)"), "{heading}");
    let rule = "simpei/relocation-missing";
    assert_eq!(text(within(section, ".message .rule")[0]), rule);
    assert!(text(within(section, ".message")[0]).contains("(turn 2. red)"));
    // The excerpt marks the written turn, on its numbered line.
    let excerpt = text(within(section, "pre.excerpt")[0]);
    assert!(excerpt.contains("   6 2. a3 e3"), "{excerpt}");
    assert_eq!(text(within(section, ".excerpt mark")[0]), "a3");
    let legal: Vec<String> = within(section, ".legal-here code")
        .into_iter()
        .map(text)
        .collect();
    assert!(!legal.is_empty());
    assert!(legal.iter().any(|t| t.contains('>')), "{legal:?}");
    let registered = arbitre::rules::Rule::find(rule).unwrap();
    let summary = text(within(section, ".explanation .summary")[0]);
    assert_eq!(summary, format!("{rule}: {}.", registered.summary));
    // Its words as prose: the notation they quote between backticks set as
    // code, no backtick left.
    let registered_words = registered.explanation.unwrap().words;
    let words = text(within(section, ".explanation .words")[0]);
    assert_eq!(words, registered_words.replace('`', ""));
    let quoted = within(section, ".explanation .words code").len();
    assert_eq!(quoted * 2, registered_words.matches('`').count());
    assert!(quoted > 0, "{registered_words}");
    let commands: Vec<String> = within(section, ".commands code")
        .into_iter()
        .map(text)
        .collect();
    assert_eq!(commands[0], format!("arbitre explain {rule}"));
    assert!(commands[1].starts_with("arbitre moves"), "{commands:?}");
}

#[test]
fn an_illegal_records_board_draws_the_illegal_position_and_marks_the_turn() {
    let (_, out) = page(ILLEGAL, &[]);
    let doc = Html::parse_document(&out);
    let board = all(&doc, "section.record.illegal div.board")[0];
    assert_eq!(board.value().attr("data-frames"), Some("4"));
    // The position before the illegal turn, drawn in the page: e3 and c3
    // on their points, the refused placement a3 in the warning colour.
    let svg = within(board, ".view > svg");
    assert_eq!(svg.len(), 1);
    let point = |colour: &str| -> Vec<String> {
        within(svg[0], &format!("[class~=piece][class~={colour}]"))
            .iter()
            .filter_map(|p| p.value().attr("data-point"))
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect()
    };
    assert_eq!(point("red"), ["e3"]);
    assert_eq!(point("blue"), ["c3"]);
    let written: Vec<&str> = within(svg[0], "[class~=written]:not([class~=before])")
        .iter()
        .filter_map(|w| w.value().attr("data-notation"))
        .filter(|n| !n.is_empty())
        .collect();
    assert_eq!(written, ["a3"]);
    // The turn list: each position by the turn that reached it, the
    // illegal one marked and current.
    let turns: Vec<(String, String)> = within(board, ".turns li")
        .into_iter()
        .map(|li| (text(li), li.value().attr("class").unwrap_or("").to_string()))
        .collect();
    assert_eq!(
        turns,
        [
            ("start".to_string(), String::new()),
            ("1. red".to_string(), String::new()),
            ("1... blue".to_string(), String::new()),
            ("2. red ✗".to_string(), "illegal current".to_string())
        ]
    );
    // The movetext: each turn where the record writes it, stepping to its
    // position; the refused one marked, and current.
    let written: Vec<(String, String, String)> = within(board, "pre.movetext .turn")
        .into_iter()
        .map(|t| {
            let attr = |name| t.value().attr(name).unwrap_or("").to_string();
            (text(t), attr("data-frame"), attr("class"))
        })
        .collect();
    let turn = |text: &str, frame: &str, class: &str| (text.into(), frame.into(), class.into());
    assert_eq!(
        written,
        [
            turn("1. e3", "1", "turn"),
            turn("c3", "2", "turn"),
            turn("a3", "3", "turn current illegal")
        ]
    );
    assert_eq!(text(within(board, "pre.movetext")[0]), "1. e3 c3\n2. a3 e3");
    // The drawn position's setup is packed with the others, its line
    // breaks kept, for the copy button.
    let drawn = inflated(board.value().attr("data-packed").unwrap())["drawn"].clone();
    let drawn = drawn.as_str().unwrap();
    assert!(
        drawn.starts_with("setup:\n  ") && !drawn.contains("\\n"),
        "{drawn}"
    );
    // The earlier positions, packed: the start (empty), after e3, after c3.
    let earlier = unpacked(&doc, board);
    assert_eq!(earlier.len(), 3);
    for svg in &earlier {
        assert!(svg.starts_with("<svg") && !svg.contains("class=\"refused\""));
    }
    let red_on_e3 = "class=\"piece red\" data-point=\"e3\"";
    let blue_on_c3 = "class=\"piece blue\" data-point=\"c3\"";
    assert!(!earlier[0].contains(red_on_e3));
    assert!(earlier[1].contains(red_on_e3) && !earlier[1].contains(blue_on_c3));
    assert!(earlier[2].contains(red_on_e3) && earlier[2].contains(blue_on_c3));
    for go in ["first", "back", "forward", "last"] {
        assert_eq!(within(board, &format!("button[data-go={go}]")).len(), 1);
    }
    // The buttons step only with script: hidden until it shows them.
    let controls = within(board, ".controls");
    assert_eq!(controls.len(), 1);
    assert!(controls[0].value().attr("hidden").is_some());
    // The turn list stays (with its values), its buttons disabled until
    // the script can step to them.
    let steps = within(board, ".turns button");
    assert!(!steps.is_empty());
    assert!(steps.iter().all(|b| b.value().attr("disabled").is_some()));
    // A live status, said as the board steps, empty until it does.
    let status = within(board, "[role=status]");
    assert_eq!(status.len(), 1);
    assert_eq!(status[0].value().attr("aria-live"), Some("polite"));
    assert_eq!(text(status[0]), "");
}

/// `arbitre` run on `input` (a record on standard input).
fn run(args: &[&str], input: &str) -> Vec<u8> {
    Command::cargo_bin("arbitre")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap()
        .stdout
}

/// A board keeps the whole game, from its start: each position is the
/// picture `show` draws at its count of turns, and its `setup` header,
/// pasted into a record of the same game and mode, starts that record at
/// the same position.
#[test]
fn a_board_keeps_every_position_of_the_game_with_its_setup() {
    let random = run(
        &["random", "simpei", "--seed", "5", "--max-turns", "30"],
        "",
    );
    let simpei = String::from_utf8(random).unwrap();
    let superpion = std::fs::read_to_string("samples/superpion/random-four-players.arb").unwrap();
    let puluc = std::fs::read_to_string("samples/puluc/full-game.arb").unwrap();
    for (record, kept) in [
        (&simpei, "game: simpei\n"),
        (&superpion, "game: superpion\nmode: four-players\n"),
        (&puluc, "game: puluc\n"),
    ] {
        let (code, out) = page(record, &[]);
        assert_eq!(code, Some(0), "{record}");
        let doc = Html::parse_document(&out);
        let turns: usize = text(all(&doc, ".legal-row .turns-count")[0])
            .parse()
            .unwrap();
        assert!(turns > 5, "{turns}");
        let board = all(&doc, ".legal-row div.board")[0];
        assert_eq!(
            board.value().attr("data-frames"),
            Some(&*(turns + 1).to_string())
        );
        let frames = packed_frames(&doc, board);
        assert_eq!(frames.len(), turns + 1);
        let listed = within(board, ".turns li");
        assert_eq!(listed.len(), turns + 1);
        assert_eq!(text(listed[0]), "start");
        for (turn, (svg, setup)) in frames.iter().enumerate() {
            let turn = turn.to_string();
            let show = run(&["show", "-", "--turn", &turn, "--format", "svg"], record);
            assert_eq!(svg.as_bytes(), show.as_slice(), "turn {turn}");
            assert!(setup.starts_with("setup:\n"), "{setup}");
            let at = |text: &str, turn: &str| -> serde_json::Value {
                let json = run(&["show", "-", "--turn", turn, "--format", "json"], text);
                serde_json::from_slice::<serde_json::Value>(&json).unwrap()["setup"].clone()
            };
            let pasted = format!("---\n{kept}{setup}---\n");
            assert_eq!(at(&pasted, "0"), at(record, &turn), "{pasted}");
        }
    }
}

/// A board holds at most its last 10,000 positions: a record of 10,050
/// passes (legal, four bytes a turn) keeps the positions after its first
/// 51 turns, the first of them the picture `show` draws there.
#[test]
fn a_board_holds_its_last_ten_thousand_positions() {
    let record = format!(
        "---\ngame: puluc\nsetup:\n  track: {{\"1\": [b], \"2\": [b], \"3\": [b], \"4\": [b], \"6\": [a], \"7\": [a], \"8\": [a], \"9\": [a]}}\n---\n{}\n",
        "5:- ".repeat(10_050)
    );
    let (code, out) = page(&record, &[]);
    assert_eq!(code, Some(0));
    let doc = Html::parse_document(&out);
    let board = all(&doc, ".legal-row div.board")[0];
    assert_eq!(board.value().attr("data-frames"), Some("10000"));
    let frames = unpacked(&doc, board);
    assert_eq!(frames.len(), 10_000);
    let show = run(&["show", "-", "--turn", "51", "--format", "svg"], &record);
    assert_eq!(frames[0].as_bytes(), show.as_slice());
    let listed = within(board, ".turns li");
    assert_eq!(listed.len(), 10_000);
    assert_ne!(text(listed[0]), "start");
    assert_eq!(within(board, "pre.movetext .turn").len(), 10_000);
    // Some 300 bytes a position, the page's own few tens of kilobytes
    // besides.
    assert!(out.len() < 10_000 * 300, "{} bytes", out.len());
}

#[test]
fn legal_records_stand_in_the_table_with_result_and_scores() {
    let (_, out) = page(&format!("{LEGAL}{ILLEGAL}"), &[]);
    let doc = Html::parse_document(&out);
    let rows = all(&doc, ".legal-row");
    assert_eq!(rows.len(), 1);
    let cell = |class: &str| text(within(rows[0], &format!(".{class}"))[0]);
    assert_eq!(cell("where"), "-:1");
    assert_eq!(cell("game"), "simpei");
    assert_eq!(cell("players"), "Aiko (red), Ben (blue)");
    assert_eq!(cell("turns-count"), "5");
    assert!(cell("result").contains("red"), "{}", cell("result"));
    // Its board is drawn when opened: every position packed, none drawn.
    let board = within(rows[0], "details.replay div.board")[0];
    assert!(within(board, ".view svg").is_empty());
    let frames = unpacked(&doc, board);
    assert_eq!(frames.len(), 6);
    assert_eq!(board.value().attr("data-frames"), Some("6"));
    assert_eq!(within(board, ".turns li").len(), 6);
}

#[test]
fn a_malformed_record_has_its_diagnostic_and_no_board() {
    let (_, out) = page(MALFORMED, &[]);
    let doc = Html::parse_document(&out);
    let section = all(&doc, "section.record.malformed")[0];
    assert_eq!(text(within(section, ".rule")[0]), "header");
    assert!(within(section, "div.board").is_empty());
    assert!(!within(section, ".excerpt mark").is_empty());
}

#[test]
fn text_from_records_stays_text() {
    let hostile = "<script>alert(1)</script>\"' </template></details>";
    // The name ends in an escape sequence and a bell, in YAML's escapes.
    let record = format!(
        "---\ngame: simpei\nplayers: {{red: \"{}\\e[31m\\a\", blue: Ben}}\n---\n1. e3 {{ {hostile} \u{1b}[2J }} c3\n2. a3 e3\n",
        hostile.replace('"', "\\\"")
    );
    let (_, out) = page(
        &format!("{record}{}", record.replace("2. a3 e3\n", "")),
        &["--stdin-filename", "</template><script>x()</script>\".arb"],
    );
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'));
    let doc = Html::parse_document(&out);
    // The page's one script, and no element the records named.
    assert_eq!(all(&doc, "script").len(), 1);
    assert_eq!(all(&doc, "section.record").len(), 1);
    assert_eq!(all(&doc, ".legal-row").len(), 1);
    let heading = text(all(&doc, "section.record h3")[0]);
    assert!(
        heading.contains("</template><script>x()</script>\".arb:1"),
        "{heading}"
    );
    assert!(
        // The name cut to its first 40 characters, as messages cut it.
        heading.contains("<script>alert(1)</script>\"' </template><…"),
        "{heading}"
    );
    let excerpt = text(all(&doc, "pre.excerpt")[0]);
    assert!(excerpt.contains("{ <script>alert(1)</script>"), "{excerpt}");
    let players = text(all(&doc, ".legal-row .players")[0]);
    assert!(
        players.starts_with("<script>alert(1)</script>"),
        "{players}"
    );
    // The pictures name the players too, escaped by the picture.
    for svg in unpacked(&doc, all(&doc, ".legal-row div.board")[0]) {
        assert!(!svg.contains("<script"), "{svg}");
        roxmltree::Document::parse(&svg).unwrap();
    }
}

#[test]
fn the_page_fetches_nothing() {
    let (_, out) = page(&format!("{LEGAL}{ILLEGAL}"), &[]);
    let doc = Html::parse_document(&out);
    assert!(all(&doc, "link, img, iframe, script[src]").is_empty());
    // The SVG namespace is a name, not an address fetched.
    let addresses = out.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!addresses.contains("http:") && !addresses.contains("https:"));
    assert!(!addresses.contains("url(http") && !addresses.contains("@import"));
}

#[test]
fn the_movetext_marks_each_turn_of_a_later_record_and_cuts_long_comments() {
    let comment = format!("{{ {} }}", "a long remark ".repeat(40));
    let later = format!("---\ngame: simpei\n---\n1. e3 {comment} c3\n2. a3 e3\n");
    let (_, out) = page(&format!("{LEGAL}{later}"), &[]);
    let doc = Html::parse_document(&out);
    let board = all(&doc, "section.record.illegal div.board")[0];
    let turns: Vec<String> = within(board, "pre.movetext .turn")
        .into_iter()
        .map(text)
        .collect();
    assert_eq!(turns, ["1. e3", "c3", "a3"]);
    let movetext = text(within(board, "pre.movetext")[0]);
    assert!(movetext.contains('…'), "{movetext}");
    assert!(movetext.len() < comment.len(), "{movetext}");
}

/// A batch past what a page shows whole: the first 1,000 records of each
/// part whole (with a board), the next in brief, and a note under the
/// part that says so (the unit tests of the sink count on to the 10,000th
/// and past it, without rendering so many). Before this bound, 20,000
/// tiny illegal records made a page of 268 MB, 170 times its input.
#[test]
fn a_large_batch_is_summarised_with_a_note() {
    let illegal = 1_010;
    let legal = 3;
    let mut input = String::new();
    for _ in 0..illegal {
        input.push_str(ILLEGAL);
    }
    for _ in 0..legal {
        input.push_str(LEGAL);
    }
    let (code, html) = page(&input, &["--jobs", "2"]);
    assert_eq!(code, Some(1));
    let doc = Html::parse_document(&html);
    assert_eq!(one(&doc, "#records"), (illegal + legal).to_string());
    assert_eq!(one(&doc, "#illegal-count"), illegal.to_string());
    let whole = all(&doc, "section.record.illegal:not(.brief)");
    assert_eq!(whole.len(), 1_000);
    assert!(whole.iter().all(|r| within(*r, "div.board").len() == 1));
    let brief = all(&doc, "section.record.brief");
    assert_eq!(brief.len(), 10);
    for (i, record) in brief.iter().enumerate() {
        assert!(within(*record, "div.board").is_empty());
        assert!(within(*record, "pre.excerpt").is_empty());
        assert_eq!(
            text(within(*record, "code.rule")[0]),
            "simpei/relocation-missing"
        );
        // The 1,001st record onwards, each at its own line.
        let line = 1 + 6 * (1_000 + i);
        assert!(text(within(*record, "h3")[0]).contains(&format!("-:{line}")));
    }
    assert_eq!(all(&doc, ".legal-row details.replay").len(), legal);
    let note = one(&doc, "p.left-out.record-note");
    assert_eq!(
        note,
        "Of these 1,010 records that are not legal, the first 1,000 are shown whole and the next 10 in brief (no board). The page shows so many to stay light to open: arbitre check --format json lists every record, and arbitre show --turn N draws any position."
    );
    assert!(all(&doc, "p.left-out.legal-note").is_empty());
    // A brief record is a few hundred bytes, where a whole one with its
    // board is some kilobytes.
    let brief_bytes = brief[0].html().len();
    assert!(brief_bytes < 600, "{brief_bytes}");
    assert!(whole[0].html().len() > 4 * brief_bytes);
    // The same page whatever the jobs.
    assert_eq!(page(&input, &["--jobs", "1"]).1, html);
}

/// A batch under the bound has no note and every record whole.
#[test]
fn a_small_batch_has_no_note() {
    let (_, html) = page(&format!("{ILLEGAL}{LEGAL}"), &[]);
    let doc = Html::parse_document(&html);
    assert!(all(&doc, "p.left-out").is_empty());
    assert!(all(&doc, "section.record.brief").is_empty());
}

/// What one record writes on the page is bounded, however long its lines
/// and names: the excerpt's lines and the movetext beside the turns are
/// cut in the middle, names to their first 40 characters.
#[test]
fn a_record_costs_the_page_a_bounded_size() {
    let long = "x".repeat(200_000);
    let name = "N".repeat(30_000);
    let record = format!(
        "---\ngame: simpei\nplayers: {{red: {name}, blue: {name}b}}\n---\n1. e3 c3 {{ {long} }}\n2. a3 e3 {{ {long} }}\n; {long}\n"
    );
    let (code, html) = page(&record, &[]);
    assert_eq!(code, Some(1));
    let (_, small) = page(ILLEGAL, &[]);
    assert!(
        html.len() < small.len() + 4_000,
        "{} bytes against {}",
        html.len(),
        small.len()
    );
    let doc = Html::parse_document(&html);
    let players = one(&doc, "section.record .players");
    assert!(
        players.contains(&format!("{}…", "N".repeat(40))),
        "{players}"
    );
    let excerpt = one(&doc, "pre.excerpt");
    assert!(excerpt.contains('…') && excerpt.len() < 1_000, "{excerpt}");
}

/// The page fits a phone's screen: its width is the device's, and the
/// style narrows the margins and stacks the legal table under 40rem
/// (tests/browser/replay.mjs measures it at 375 and 1200 pixels).
#[test]
fn the_page_is_laid_out_for_narrow_screens() {
    let (_, out) = page(&format!("{LEGAL}{ILLEGAL}"), &[]);
    let doc = Html::parse_document(&out);
    let viewport = all(&doc, "meta[name=viewport]");
    assert_eq!(
        viewport[0].value().attr("content"),
        Some("width=device-width, initial-scale=1")
    );
    let style = text(all(&doc, "head style")[0]);
    assert!(style.contains("@media (max-width:40rem)"), "{style}");
    assert!(style.contains(".view svg{width:100%;max-width:100%"));
}

/// The page prints: its style has a print medium, without the step
/// buttons (tests/browser/replay.mjs checks the computed style and prints
/// a PDF).
#[test]
fn the_page_has_a_print_style() {
    let (_, out) = page(ILLEGAL, &[]);
    let doc = Html::parse_document(&out);
    let style = text(all(&doc, "head style")[0]);
    let print = style.split("@media print{").nth(1).unwrap_or("");
    assert!(
        print.contains(".controls,.replay summary{display:none}"),
        "{style}"
    );
    assert!(print.contains("break-inside:avoid"), "{style}");
}

/// A dark system gets a dark page, its pictures on a light panel
/// (tests/browser/replay.mjs measures the contrast of the text).
#[test]
fn the_page_follows_a_dark_system() {
    let (_, out) = page(ILLEGAL, &[]);
    let doc = Html::parse_document(&out);
    let style = text(all(&doc, "head style")[0]);
    let dark = style
        .split("@media (prefers-color-scheme:dark){")
        .nth(1)
        .unwrap_or("");
    assert!(dark.contains("color-scheme:dark"), "{style}");
    assert!(dark.contains(".view{background:#f6f7f8"), "{style}");
}

/// Each record is numbered in input order (`r1`, `r2`, …), whether legal
/// or not: a link to a record and a position (`#r2-t3`) holds a number,
/// never text of the batch. Each board has the link the script keeps.
#[test]
fn each_record_has_a_numbered_id_and_each_board_a_link() {
    let odd = "---\ngame: simpei\nplayers: {red: \"\\\" id=x <b>\", blue: Ben}\n---\n1. e3 c3\n2. a3 e3\n";
    let (_, out) = page(&format!("{LEGAL}{ILLEGAL}{MALFORMED}{odd}"), &[]);
    let doc = Html::parse_document(&out);
    let ids: Vec<&str> = all(&doc, "section.record, .legal-row")
        .iter()
        .filter_map(|e| e.value().attr("id"))
        .collect();
    // In the markup the legal row comes first: records are written in
    // input order.
    assert_eq!(ids, ["r1", "r2", "r3", "r4"]);
    assert_eq!(all(&doc, "[id=x]").len(), 0);
    for board in all(&doc, "div.board") {
        let link = within(board, ".controls a.link");
        assert_eq!(link.len(), 1);
        assert_eq!(text(link[0]), "link");
    }
}
