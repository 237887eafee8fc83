//! `arbitre show --format svg` and `png`: the pictures parsed as XML and
//! checked against the position `show --format json` gives (pieces by camp,
//! squares, coordinates), the refused action and its alternatives, the
//! escaping of the record's text, and the PNG's size. The pictures of
//! `docs/pictures/` (shown in the README) are kept current here:
//! regenerate them with `ARBITRE_UPDATE_PICTURES=1 cargo test --test pictures`.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use std::path::Path;

use assert_cmd::Command;
use roxmltree::{Document, Node};

fn arbitre(args: &[&str]) -> (Option<i32>, Vec<u8>) {
    let out = Command::cargo_bin("arbitre")
        .unwrap()
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (out.status.code(), out.stdout)
}

fn svg(args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "svg"]);
    let (code, out) = arbitre(&all);
    (code, String::from_utf8(out).unwrap())
}

fn setup(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let (_, out) = arbitre(&all);
    let document: serde_json::Value = serde_json::from_slice(&out).unwrap();
    document["setup"].clone()
}

fn classes<'a>(node: Node<'a, '_>) -> Vec<&'a str> {
    node.attribute("class")
        .map_or(Vec::new(), |c| c.split_whitespace().collect())
}

/// The elements whose classes include every one of `wanted`.
fn with<'a, 'i>(doc: &'a Document<'i>, wanted: &[&str]) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| {
            let have = classes(*n);
            wanted.iter().all(|w| have.contains(w))
        })
        .collect()
}

fn texts(doc: &Document, class: &str) -> Vec<String> {
    with(doc, &[class])
        .iter()
        .filter_map(|n| n.text().map(str::to_string))
        .collect()
}

#[test]
fn superpion_pieces_squares_and_piles_are_the_positions() {
    let args = ["docs/pictures/superpion.arb"];
    let (code, text) = svg(&args);
    assert_eq!(code, Some(1), "an illegal record: the position before it");
    let doc = Document::parse(&text).unwrap();
    assert_eq!(with(&doc, &["square", "white"]).len(), 80);
    assert_eq!(with(&doc, &["square", "dark"]).len(), 80);
    let setup = setup(&args);
    for camp in ["blue", "red", "yellow", "black"] {
        let listed: Vec<&str> = setup["pieces"][camp]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let pieces: Vec<Node> = with(&doc, &["piece", camp])
            .into_iter()
            .filter(|n| n.attribute("data-square") != Some(""))
            .collect();
        assert_eq!(pieces.len(), listed.len(), "{camp}'s pieces");
        for piece in pieces {
            let square = piece.attribute("data-square").unwrap();
            if classes(piece).contains(&"superpion") {
                let under = listed
                    .iter()
                    .find_map(|l| l.strip_prefix(&format!("{square}=")))
                    .unwrap_or_else(|| panic!("{square} is no Superpion"));
                let colour = match under {
                    "B" => "blue",
                    "R" => "red",
                    "Y" => "yellow",
                    "K" => "black",
                    _ => "spare",
                };
                assert!(classes(piece).contains(&format!("under-{colour}").as_str()));
            } else {
                assert!(listed.contains(&square), "{camp} on {square}");
            }
        }
    }
    // The legend draws one Superpion of its own, with no square.
    assert_eq!(with(&doc, &["superpion"]).len(), 3 + 1);
    let coordinates = texts(&doc, "coord");
    for label in ["a", "n", "1", "14"] {
        assert!(coordinates.contains(&label.to_string()), "{label}");
    }
    let piles = with(&doc, &["pile"]);
    assert_eq!(piles.len(), 4);
    let blue = piles
        .iter()
        .find(|p| p.attribute("data-player") == Some("blue"))
        .unwrap();
    let counts: Vec<&str> = blue.descendants().filter_map(|n| n.text()).collect();
    assert!(
        counts.contains(&"×2") && counts.contains(&"×1"),
        "{counts:?}"
    );
    assert!(text.contains("Alice (blue)"));
    assert!(texts(&doc, "status").join(" ").contains("1.B to play"));
}

#[test]
fn superpion_refused_capture_is_drawn_in_the_warning_colour_with_what_was_legal() {
    let (_, text) = svg(&["docs/pictures/superpion.arb"]);
    let doc = Document::parse(&text).unwrap();
    let written: Vec<_> = with(&doc, &["written", "capture"])
        .into_iter()
        .filter(|n| n.tag_name().name() == "polyline")
        .filter(|n| n.attribute("data-notation") != Some(""))
        .collect();
    assert_eq!(written.len(), 1);
    assert_eq!(written[0].attribute("data-notation"), Some("i5xk7"));
    assert_eq!(
        written[0].attribute("marker-end"),
        Some("url(#head-written)")
    );
    // The second action comes after the wrong one: not drawn.
    assert!(!text.contains("data-notation=\"e5xg7\""));
    let legal = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("alternatives"))
        .unwrap();
    assert!(legal.descendants().any(|n| classes(n).contains(&"legal")));
    assert!(texts(&doc, "illegal")
        .join(" ")
        .contains("(superpion/capture-incomplete)"));
}

#[test]
fn superpion_refused_promotion_mark_is_written_beside_the_action() {
    let (code, text) = svg(&["samples/superpion/promotion-colour.arb"]);
    assert_eq!(code, Some(1));
    let doc = Document::parse(&text).unwrap();
    let written: Vec<_> = with(&doc, &["written", "move"])
        .into_iter()
        .filter(|n| n.attribute("data-notation") != Some(""))
        .collect();
    assert_eq!(written.len(), 1);
    assert_eq!(written[0].attribute("data-notation"), Some("f12-f14=S"));
    assert_eq!(texts(&doc, "promotion"), ["=S"]);
    // The legal alternative carries the mark the pile gives.
    assert!(text.contains("data-notation=\"f12-f14=R\""));
    // No mark written, none drawn.
    let (_, text) = svg(&["docs/pictures/superpion.arb"]);
    let doc = Document::parse(&text).unwrap();
    assert!(texts(&doc, "promotion").is_empty());
}

#[test]
fn superpion_legal_record_draws_no_refused_action() {
    let (code, text) = svg(&["samples/superpion/spec-example.arb", "--turn", "0"]);
    assert_eq!(code, Some(0));
    let doc = Document::parse(&text).unwrap();
    assert!(with(&doc, &["written"])
        .iter()
        .all(|n| n.attribute("data-notation") == Some("")));
    assert!(with(&doc, &["illegal"]).is_empty());
    let blue = setup(&["samples/superpion/spec-example.arb", "--turn", "0"])["pieces"]["blue"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(blue, 12);
    assert_eq!(with(&doc, &["piece", "pawn", "blue"]).len(), blue);
}

#[test]
fn simpei_points_pieces_hands_and_the_refused_relocation() {
    let args = ["docs/pictures/simpei.arb"];
    let (code, text) = svg(&args);
    assert_eq!(code, Some(1));
    let doc = Document::parse(&text).unwrap();
    assert_eq!(with(&doc, &["point", "upper"]).len(), 16);
    assert_eq!(with(&doc, &["point", "lower"]).len(), 9);
    let setup = setup(&args);
    for colour in ["red", "blue"] {
        let listed: Vec<&str> = setup[colour]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let on_board: Vec<&str> = with(&doc, &["piece", colour])
            .iter()
            .filter_map(|n| n.attribute("data-point"))
            .filter(|p| !p.is_empty())
            .collect();
        assert_eq!(on_board.len(), listed.len(), "{colour}");
        assert!(on_board.iter().all(|p| listed.contains(p)));
    }
    let hands = texts(&doc, "note");
    assert!(hands.contains(&"red: 2".to_string()), "{hands:?}");
    assert!(hands.contains(&"blue: 2".to_string()));
    // g1 was right, c1>d2 was right, e1>d2 is the refused part.
    let notation = |class: &[&str]| -> Vec<String> {
        with(&doc, class)
            .iter()
            .filter_map(|n| n.attribute("data-notation"))
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect()
    };
    assert_eq!(notation(&["written", "before", "mark"]), ["g1"]);
    assert_eq!(notation(&["written", "before", "relocation"]), ["c1>d2"]);
    let wrong: Vec<String> = with(&doc, &["written", "relocation"])
        .iter()
        .filter(|n| !classes(**n).contains(&"before"))
        .filter_map(|n| n.attribute("data-notation"))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    assert_eq!(wrong, ["e1>d2"]);
    assert!(!with(&doc, &["legal", "relocation"]).is_empty());
}

#[test]
fn simpei_refused_placement_is_a_mark() {
    let (_, text) = svg(&["samples/simpei/illegal-occupied.arb"]);
    let doc = Document::parse(&text).unwrap();
    let marks = with(&doc, &["written", "mark"]);
    let marks: Vec<_> = marks
        .iter()
        .filter(|n| n.tag_name().name() == "circle")
        .collect();
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0].attribute("data-notation"), Some("c3"));
}

#[test]
fn puluc_towers_waiting_and_killed_are_the_positions() {
    let args = ["docs/pictures/puluc.arb"];
    let (code, text) = svg(&args);
    assert_eq!(code, Some(1));
    let doc = Document::parse(&text).unwrap();
    let setup = setup(&args);
    assert_eq!(with(&doc, &["square"]).len(), 11);
    let towers = setup["track"].as_object().unwrap();
    for tower in with(&doc, &["tower"]) {
        let square = tower.attribute("data-square").unwrap();
        let pawns: Vec<&str> = tower
            .children()
            .filter(|n| classes(*n).contains(&"pawn"))
            .map(|n| classes(n)[1])
            .collect();
        let expected: Vec<&str> = towers.get(square).map_or(Vec::new(), |t| {
            t.as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap())
                .collect()
        });
        assert_eq!(pawns, expected, "the tower on {square}, bottom to top");
        // The owner is on top, outlined as the master.
        let masters: Vec<Node> = tower
            .children()
            .filter(|n| classes(*n).contains(&"master"))
            .collect();
        assert_eq!(masters.len(), usize::from(!expected.is_empty()));
    }
    for side in ["a", "b"] {
        let waiting = with(&doc, &["waiting"])
            .into_iter()
            .find(|n| n.attribute("data-side") == Some(side))
            .unwrap();
        assert_eq!(
            waiting.attribute("data-count").unwrap(),
            setup["start"][side].to_string()
        );
        let killed = with(&doc, &["killed"])
            .into_iter()
            .find(|n| n.attribute("data-side") == Some(side))
            .unwrap();
        assert_eq!(
            killed.attribute("data-count").unwrap(),
            setup["killed"][side].to_string()
        );
    }
    let written: Vec<_> = with(&doc, &["written", "move"])
        .into_iter()
        .filter(|n| n.attribute("data-notation") == Some("3:2-6"))
        .collect();
    assert_eq!(written.len(), 1);
    assert!(with(&doc, &["legal", "move"])
        .iter()
        .any(|n| n.attribute("data-notation") == Some("3:2-5")));
}

#[test]
fn the_records_text_is_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("names.arb");
    std::fs::write(
        &path,
        "---\ngame: puluc\nplayers: {a: \"<script>alert(1)</script>\", b: \"B & 'Co'\"}\n---\n1. 4:e-4\n",
    )
    .unwrap();
    let (code, text) = svg(&[path.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    let doc = Document::parse(&text).unwrap();
    assert!(doc.descendants().all(|n| n.tag_name().name() != "script"));
    let title = texts(&doc, "title").join(" ");
    assert!(title.contains("<script>alert(1)</script> (a)"), "{title}");
    assert!(title.contains("B & 'Co' (b)"));
}

#[test]
fn the_picture_is_self_contained() {
    for &game in arbitre::games::names() {
        let (_, text) = svg(&[&format!("docs/pictures/{game}.arb")]);
        let doc = Document::parse(&text).unwrap();
        for node in doc.descendants() {
            assert!(
                !matches!(node.tag_name().name(), "image" | "script" | "foreignObject"),
                "{game}"
            );
            for attribute in node.attributes() {
                let value = attribute.value();
                assert!(
                    !value.contains("http") || attribute.name() == "xmlns",
                    "{game}: {value}"
                );
                if attribute.name() == "href" {
                    assert!(value.starts_with('#'), "{game}: {value}");
                }
            }
        }
        assert!(!text.contains("@import") && !text.contains("url(http"));
    }
}

#[test]
fn png_is_the_svg_drawn_at_its_size() {
    for &game in arbitre::games::names() {
        let file = format!("docs/pictures/{game}.arb");
        let (_, text) = svg(&[&file]);
        let doc = Document::parse(&text).unwrap();
        let width: u32 = doc
            .root_element()
            .attribute("width")
            .unwrap()
            .parse()
            .unwrap();
        let height: u32 = doc
            .root_element()
            .attribute("height")
            .unwrap()
            .parse()
            .unwrap();
        let (code, png) = arbitre(&["show", &file, "--format", "png"]);
        assert_eq!(code, Some(1), "the status of show: the record is illegal");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{game}");
        assert_eq!(&png[12..16], b"IHDR");
        let be = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
        assert_eq!((be(16), be(20)), (width, height), "{game}");
        // Drawn, not blank: more than the background's few bytes.
        assert!(png.len() > 10_000, "{game}: {} bytes", png.len());
        // Read back by the `png` crate's decoder (its checksums, its
        // unfiltering), the pixels are the picture's colours: the
        // background at a corner, and the board's two colours.
        let decoder = png::Decoder::new(std::io::Cursor::new(&png));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((frame.width, frame.height), (width, height));
        assert_eq!(frame.color_type, png::ColorType::Rgba);
        let rgba = |x: usize, y: usize| {
            let at = (y * width as usize + x) * 4;
            [pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3]]
        };
        assert_eq!(
            rgba(1, 1),
            [0xfa, 0xfa, 0xf7, 0xff],
            "{game}: the background"
        );
        let colours: std::collections::HashSet<[u8; 4]> = pixels
            .chunks_exact(4)
            .map(|p| [p[0], p[1], p[2], p[3]])
            .collect();
        for fill in fills(&doc) {
            assert!(colours.contains(&fill), "{game}: no pixel of {fill:?}");
        }
    }
}

/// The colours that fill a picture's rectangles (its board and background),
/// opaque.
fn fills(doc: &Document) -> Vec<[u8; 4]> {
    let mut out: Vec<[u8; 4]> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "rect")
        .filter_map(|n| n.attribute("fill"))
        .filter_map(|f| f.strip_prefix('#'))
        .filter(|hex| hex.len() == 6)
        .filter_map(|hex| {
            let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
            Some([byte(0)?, byte(2)?, byte(4)?, 0xff])
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    assert!(out.len() >= 2, "{out:?}");
    out
}

#[test]
fn moves_draws_no_picture() {
    let (code, out) = arbitre(&[
        "moves",
        "samples/simpei/spec-example.arb",
        "--format",
        "svg",
    ]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
}

#[test]
fn a_malformed_record_draws_nothing_and_says_why_on_standard_error() {
    let out = Command::cargo_bin("arbitre")
        .unwrap()
        .args(["show", "samples/puluc/malformed.arb", "--format", "svg"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("malformed"));
}

/// Every record of every sample, stopped at its end (before its first
/// illegal turn), drawn and read back as XML: the drawing takes whatever a
/// record writes (squares off the board, numbers past the track).
#[test]
fn every_sample_is_drawn_as_well_formed_svg() {
    let switches = arbitre::Switches::new();
    let mut drawn = 0;
    let mut refused = 0;
    for &game in arbitre::games::names() {
        for path in sample_files(game) {
            let text = std::fs::read(&path).unwrap();
            for record in arbitre::Reader::new(&text[..]).take(20) {
                let Ok(record) = record else { break };
                let Ok(stopped) = arbitre::dispatch::stop(&record, &switches, arbitre::at::At::End)
                else {
                    continue;
                };
                let svg = stopped.picture.svg();
                let doc =
                    Document::parse(&svg).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                drawn += 1;
                if stopped.illegal.is_some() && !with(&doc, &["illegal"]).is_empty() {
                    refused += 1;
                }
            }
        }
    }
    assert!(drawn > 100, "{drawn} pictures");
    assert!(
        refused > 50,
        "{refused} illegal records drawn with their refused turn"
    );
}

#[test]
fn docs_pictures_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pictures");
    let update = std::env::var_os("ARBITRE_UPDATE_PICTURES").is_some();
    let mut stale = Vec::new();
    for &game in arbitre::games::names() {
        let (_, text) = svg(&[&format!("docs/pictures/{game}.arb")]);
        let path = dir.join(format!("{game}.svg"));
        if update {
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(game);
        }
    }
    assert!(
        stale.is_empty(),
        "stale pictures in docs/pictures: {stale:?}; run ARBITRE_UPDATE_PICTURES=1 cargo test \
         --test pictures"
    );
}

/// A square's name as (rank, file), the order rank by rank.
fn rank_then_file(name: &str) -> (u32, char) {
    let file = name.chars().next().unwrap();
    let rank: String = name[1..].chars().take_while(char::is_ascii_digit).collect();
    (rank.parse().unwrap(), file)
}

#[test]
fn superpion_setup_lists_each_camps_pieces_rank_by_rank() {
    let mut told = 0;
    for args in [
        &["docs/pictures/superpion.arb"][..],
        &["samples/superpion/random-four-players.arb", "--turn", "40"][..],
    ] {
        let setup = setup(args);
        for camp in ["blue", "red", "yellow", "black"] {
            let Some(listed) = setup["pieces"][camp].as_array() else {
                continue;
            };
            let names: Vec<&str> = listed.iter().map(|s| s.as_str().unwrap()).collect();
            let mut ranked = names.clone();
            ranked.sort_by_key(|name| rank_then_file(name));
            assert_eq!(names, ranked, "{camp} in {args:?}");
            told += usize::from(names.len() > 2);
        }
    }
    assert!(
        told >= 6,
        "too few camps with pieces enough to tell an order: {told}"
    );
}

/// A game's sample files, and those of its events' folders.
fn sample_files(game: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(game);
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            paths.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else {
            paths.push(path);
        }
    }
    paths
}

/// Every record of every sample, stopped at its end, as its picture.
fn every_samples_picture() -> Vec<(String, String)> {
    let switches = arbitre::Switches::new();
    let mut out = Vec::new();
    for &game in arbitre::games::names() {
        for path in sample_files(game) {
            let text = std::fs::read(&path).unwrap();
            for record in arbitre::Reader::new(&text[..]).take(20) {
                let Ok(record) = record else { break };
                let Ok(stopped) = arbitre::dispatch::stop(&record, &switches, arbitre::at::At::End)
                else {
                    continue;
                };
                out.push((path.display().to_string(), stopped.picture.svg()));
            }
        }
    }
    out
}

fn legend_notes(doc: &Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| classes(*n).contains(&"legend"))
        .flat_map(|n| n.descendants())
        .filter(|n| classes(*n).contains(&"note"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect()
}

/// The legend's Superpion is one the position holds: its camp and the pawn
/// under it; with none on the board, it is said without naming a stack.
#[test]
fn superpion_legend_names_the_stack_the_position_holds() {
    let cases: [(&[&str], &str, &str); 3] = [
        (
            &["samples/superpion/lawyer-flying-landing.arb"],
            "blue Superpion over a spare pawn",
            "under-spare",
        ),
        (
            &["docs/pictures/superpion.arb"],
            "blue Superpion over a yellow pawn",
            "under-yellow",
        ),
        (
            &["samples/superpion/spec-example.arb", "--turn", "0"],
            "a Superpion, its under-pawn at its foot",
            "superpion",
        ),
    ];
    for (args, words, under) in cases {
        let (_, text) = svg(args);
        let doc = Document::parse(&text).unwrap();
        let notes = legend_notes(&doc);
        assert!(notes.contains(&words.to_string()), "{args:?}: {notes:?}");
        assert!(
            !notes.iter().any(|n| n.contains("over a red pawn")),
            "{args:?}: {notes:?}"
        );
        // The legend's own Superpion (no square) is drawn as it names it.
        let drawn: Vec<Node> = with(&doc, &["superpion"])
            .into_iter()
            .filter(|n| n.attribute("data-square") == Some(""))
            .collect();
        assert_eq!(drawn.len(), 1, "{args:?}");
        assert!(classes(drawn[0]).contains(&under), "{args:?}");
    }
    // With no Superpion on the board, none is named by camp and pawn.
    let (_, text) = svg(&["samples/superpion/spec-example.arb", "--turn", "0"]);
    let doc = Document::parse(&text).unwrap();
    assert!(with(&doc, &["superpion"])
        .iter()
        .all(|n| n.attribute("data-square") == Some("")));
    assert!(!legend_notes(&doc).iter().any(|n| n.contains(" over a ")));
}

/// The font size of a text of the caption or the legends, by its class.
fn font_size(node: Node) -> Option<f64> {
    let have = classes(node);
    [
        ("title", 16.0 * 1.1),
        ("status", 14.0),
        ("illegal", 13.0),
        ("note", 12.0),
    ]
    .into_iter()
    .find(|(class, _)| have.contains(class))
    .map(|(_, size)| size)
}

/// Text set from its left end (the caption, the legends) stays inside the
/// picture: its width at 0.6 of the font size a character (DejaVu Sans's
/// average runs a little under) does not pass the right edge. A flying
/// Superpion's capture, refused with four captures listed, is one of them.
#[test]
fn text_is_wrapped_inside_the_pictures_width() {
    let mut checked = 0;
    let mut long = 0;
    for (path, text) in every_samples_picture() {
        let doc = Document::parse(&text).unwrap();
        let width: f64 = doc
            .root_element()
            .attribute("width")
            .unwrap()
            .parse()
            .unwrap();
        for node in doc.descendants().filter(|n| n.tag_name().name() == "text") {
            let Some(size) = font_size(node) else {
                continue;
            };
            if node.attribute("text-anchor").is_some_and(|a| a != "start") {
                continue;
            }
            let x: f64 = node.attribute("x").unwrap().parse().unwrap();
            let line = node.text().unwrap_or("");
            let end = x + line.chars().count() as f64 * size * 0.6;
            assert!(end <= width, "{path}: {line:?} ends at {end:.0} of {width}");
            checked += 1;
        }
        long += usize::from(texts(&doc, "illegal").len() >= 4);
    }
    assert!(checked > 1000, "{checked} lines");
    assert!(long > 0, "no refusal long enough to wrap in four lines");
    let (_, text) = svg(&["samples/superpion/lawyer-flying-landing.arb"]);
    let doc = Document::parse(&text).unwrap();
    let said = texts(&doc, "illegal").join(" ");
    assert!(
        said.contains("e5xi9xm5, e5xi9xn4 (superpion/maximum-capture)"),
        "{said}"
    );
}

/// How many alternatives the legend says it draws: `legal here (10)`, or
/// `legal here (20 of 21 drawn)`.
fn legend_count(doc: &Document) -> Option<usize> {
    let note = texts(doc, "note")
        .into_iter()
        .find(|t| t.starts_with("legal here ("))?;
    let number: String = note["legal here (".len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    number.parse().ok()
}

/// The ends of the alternatives' dots, with their notation, in order.
fn targets(doc: &Document) -> Vec<((String, String), String)> {
    with(doc, &["legal", "target"])
        .iter()
        .filter_map(|n| {
            let notation = n.attribute("data-notation")?.to_string();
            let at = (
                n.attribute("cx")?.to_string(),
                n.attribute("cy")?.to_string(),
            );
            Some((at, notation))
        })
        .collect()
}

/// Whether `a` comes before `b` in the document.
fn before(a: Node, b: Node) -> bool {
    a.range().start < b.range().start
}

/// Simpei's g7-e5 refused where g7-f6 is the piece's only move: the green
/// g7-f6 ends on a dot over the red arrow, and the legend counts the ten
/// alternatives the picture draws.
#[test]
fn simpei_the_refused_arrow_hides_no_alternative() {
    let (_, text) = svg(&["samples/simpei/illegal-not-a-neighbour.arb"]);
    let doc = Document::parse(&text).unwrap();
    let refused = with(&doc, &["refused"])[0];
    let wrong: Vec<_> = with(&doc, &["written", "move"])
        .into_iter()
        .filter(|n| n.attribute("data-notation") == Some("g7-e5"))
        .collect();
    assert_eq!(wrong.len(), 1);
    let dots = with(&doc, &["targets"]);
    assert_eq!(dots.len(), 1);
    assert!(
        before(refused, dots[0]),
        "the dots are drawn over the arrow"
    );
    let f6 = targets(&doc)
        .into_iter()
        .find(|(_, notation)| notation == "g7-f6")
        .unwrap();
    // f6 is the lower world's point between g7 and e5: on the red arrow.
    let points = wrong[0].attribute("points").unwrap();
    let (g7, e5) = points.split_once(' ').unwrap();
    let xy = |p: &str| -> (f64, f64) {
        let (x, y) = p.split_once(',').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    };
    let ((x1, y1), (x2, y2)) = (xy(g7), xy(e5));
    let (x, y): (f64, f64) = (f6.0 .0.parse().unwrap(), f6.0 .1.parse().unwrap());
    assert!(((x1 + x2) / 2.0 - x).abs() < 0.5 && ((y1 + y2) / 2.0 - y).abs() < 0.5);
    assert_eq!(with(&doc, &["alternative"]).len(), 10);
    assert_eq!(legend_count(&doc), Some(10));
}

/// A flying Superpion's four captures along one diagonal (e5xi9 then k7,
/// l6, m5 or n4): four alternatives, each ending on a dot of its own.
#[test]
fn superpion_alternatives_along_one_diagonal_end_apart() {
    let (_, text) = svg(&["samples/superpion/lawyer-flying-landing.arb"]);
    let doc = Document::parse(&text).unwrap();
    let ends = targets(&doc);
    let notations: Vec<&str> = ends.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(
        notations,
        ["e5xi9xk7", "e5xi9xl6", "e5xi9xm5", "e5xi9xn4"],
        "{ends:?}"
    );
    let mut places: Vec<_> = ends.iter().map(|(at, _)| at.clone()).collect();
    places.dedup();
    assert_eq!(places.len(), 4, "{ends:?}");
    assert_eq!(with(&doc, &["alternative"]).len(), 4);
    assert_eq!(legend_count(&doc), Some(4));
}

/// On every sample's picture the legend counts the alternatives drawn, each
/// is told apart from the others, ends on a dot drawn over the refused turn,
/// and the green is strong enough to read on a dark square.
#[test]
fn every_alternative_drawn_is_counted_and_seen() {
    let mut seen = 0;
    for (path, text) in every_samples_picture() {
        let doc = Document::parse(&text).unwrap();
        let alternatives = with(&doc, &["alternative"]);
        assert_eq!(
            legend_count(&doc).unwrap_or(0),
            alternatives.len(),
            "{path}"
        );
        let mut drawn = Vec::new();
        for alternative in &alternatives {
            let lines: Vec<String> = alternative
                .descendants()
                .filter(|n| classes(*n).contains(&"legal"))
                .filter_map(|n| {
                    n.attribute("points")
                        .map(str::to_string)
                        .or_else(|| Some(format!("{},{}", n.attribute("cx")?, n.attribute("cy")?)))
                })
                .collect();
            assert!(!lines.is_empty(), "{path}");
            assert!(!drawn.contains(&lines), "{path}: drawn twice {lines:?}");
            drawn.push(lines);
        }
        if let (Some(refused), Some(dots)) = (
            with(&doc, &["refused"]).first(),
            with(&doc, &["targets"]).first(),
        ) {
            assert!(before(*refused, *dots), "{path}");
        }
        seen += alternatives.len();
    }
    assert!(seen > 100, "{seen} alternatives");
    let (_, text) = svg(&["docs/pictures/superpion.arb"]);
    let rule = text.split(".legal{").nth(1).unwrap();
    let rule = &rule[..rule.find('}').unwrap()];
    let opacity: f64 = rule
        .split(';')
        .find_map(|d| d.strip_prefix("stroke-opacity:"))
        .unwrap_or("1")
        .parse()
        .unwrap();
    assert!(opacity >= 0.8, "{rule}");
    assert!(text.contains("class=\"legal-halo\""));
}

/// The lines of the alternatives' strokes (not their arrow heads), each
/// as its two ends in either order.
fn legal_lines(doc: &Document) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    for n in with(doc, &["legal"]) {
        if n.tag_name().name() != "polyline" || classes(n).contains(&"head") {
            continue;
        }
        let points: Vec<&str> = n.attribute("points").unwrap().split(' ').collect();
        for pair in points.windows(2) {
            let (a, b) = (pair[0].to_string(), pair[1].to_string());
            lines.push(if a < b { (a, b) } else { (b, a) });
        }
    }
    lines
}

/// On the crowded board, the 20 captures of 21 jumps listed share 55 lines:
/// each is stroked once (at 420 strokes the PNG cost three times as
/// much), every alternative drawn ends on its arrow head and its dot, and
/// one that would draw nothing new is left out.
#[test]
fn alternatives_stroke_each_line_once() {
    let (code, text) = svg(&["samples/superpion/hostile-short-form.arb"]);
    assert_eq!(code, Some(1));
    let doc = Document::parse(&text).unwrap();
    let lines = legal_lines(&doc);
    let mut distinct = lines.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(lines.len(), distinct.len(), "a line stroked twice");
    assert!(lines.len() < 100, "{} lines", lines.len());
    // Those that would add nothing are not drawn, nor counted.
    let alternatives = with(&doc, &["alternative"]);
    assert!(
        (10..20).contains(&alternatives.len()),
        "{}",
        alternatives.len()
    );
    assert_eq!(legend_count(&doc), Some(alternatives.len()));
    for alternative in &alternatives {
        let notation = alternative.attribute("data-notation").unwrap();
        let heads = alternative
            .descendants()
            .filter(|n| n.attribute("marker-end") == Some("url(#head-legal)"))
            .count();
        assert_eq!(heads, 1, "{notation}");
        assert!(
            targets(&doc).iter().any(|(_, n)| n == notation),
            "{notation}"
        );
    }
    // Every landing of every alternative is dotted, once.
    let mut dots: Vec<(&str, &str)> = with(&doc, &["legal", "capture"])
        .into_iter()
        .filter(|n| n.tag_name().name() == "circle")
        .map(|n| (n.attribute("cx").unwrap(), n.attribute("cy").unwrap()))
        .collect();
    let all = dots.len();
    dots.sort_unstable();
    dots.dedup();
    assert_eq!(dots.len(), all);
}

/// A picture's style names its own root in every rule: set in a page (the
/// HTML report holds them inline), its `.illegal` or `.status` must not
/// restyle the page's elements of the same class.
#[test]
fn a_pictures_style_styles_only_the_picture() {
    for &game in arbitre::games::names() {
        let (_, text) = svg(&[&format!("docs/pictures/{game}.arb")]);
        let doc = Document::parse(&text).unwrap();
        let root = doc.root_element();
        assert_eq!(root.attribute("class"), Some("arbitre-picture"), "{game}");
        let style = doc
            .descendants()
            .find(|n| n.tag_name().name() == "style")
            .and_then(|n| n.text())
            .unwrap();
        let rules: Vec<&str> = style.split('}').filter(|r| !r.trim().is_empty()).collect();
        assert!(rules.len() > 10, "{game}: {rules:?}");
        for rule in rules {
            assert!(rule.starts_with(".arbitre-picture "), "{game}: {rule}");
        }
    }
}

/// What a page turns to a seat is what is drawn on the board: on every
/// sample's picture of Simpei and Superpion, one `on-board` group holds
/// the board, the pieces and the refused turn, not the caption, the
/// legend, the hands or the piles, and names each camp's seat about the
/// board's centre; Puluc's track names none.
#[test]
fn the_board_is_one_group_that_names_the_seats() {
    let mut seen = 0;
    for (path, svg) in every_samples_picture() {
        let doc = Document::parse(&svg).unwrap();
        let groups = with(&doc, &["on-board"]);
        // A file may hold records of several games: the picture's title
        // names its own.
        let superpion = svg.contains("<title>Superpion");
        let seats = if superpion {
            "blue 0;red 270;yellow 180;black 90"
        } else if svg.contains("<title>Simpei") {
            "red 0;blue 180"
        } else {
            assert!(groups.is_empty(), "{path}");
            continue;
        };
        assert_eq!(groups.len(), 1, "{path}");
        let group = groups[0];
        assert_eq!(group.attribute("data-seats"), Some(seats), "{path}");
        let inside = |class: &str| {
            with(&doc, &[class])
                .iter()
                .all(|n| n.ancestors().any(|a| a == group))
        };
        let outside = |class: &str| {
            with(&doc, &[class])
                .iter()
                .all(|n| !n.ancestors().any(|a| a == group))
        };
        for class in ["board", "pieces", "coordinates", "refused", "alternatives"] {
            assert!(inside(class), "{path}: .{class} outside the board");
        }
        for class in ["title", "status", "illegal", "legend", "hand", "pile"] {
            assert!(outside(class), "{path}: .{class} on the board");
        }
        // The centre is the board's: the middle of its lines or squares.
        let centre: Vec<f64> = group
            .attribute("data-centre")
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let expected = if superpion {
            [32.0 + 36.0 * 7.0, 16.0 + 36.0 * 7.0]
        } else {
            [60.0 + 56.0 * 3.0, 50.0 + 56.0 * 3.0]
        };
        assert_eq!(centre, expected, "{path}");
        seen += 1;
    }
    assert!(seen > 60, "{seen}");
}

/// The legend's rows naming the last turn's marks and the winning line.
fn marks_notes(doc: &Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| {
            let c = classes(*n);
            c.contains(&"last-legend") || c.contains(&"win-legend")
        })
        .flat_map(|n| n.descendants())
        .filter(|n| classes(*n).contains(&"note"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect()
}

/// The squares (or points) the last turn's marks of `class` (`from`,
/// `to`, `taken-mark`) stand on, sorted; the legend's samples left out.
fn last_marks(doc: &Document, class: &str) -> Vec<String> {
    let mut marks: Vec<String> = with(doc, &["last", class])
        .iter()
        .filter_map(|n| {
            n.attribute("data-square")
                .or_else(|| n.attribute("data-point"))
                .map(str::to_string)
        })
        .collect();
    marks.sort();
    marks
}

/// The notation of the last turn's lines with every class of `wanted`.
fn last_lines(doc: &Document, wanted: &[&str]) -> Vec<String> {
    let mut lines: Vec<String> = with(doc, wanted)
        .iter()
        .filter_map(|n| n.attribute("data-notation"))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    lines.sort();
    lines
}

#[test]
fn superpion_last_turn_marks_its_captures_and_what_they_took() {
    let (_, text) = svg(&["samples/superpion/lawyer-forgiven.arb"]);
    let doc = Document::parse(&text).unwrap();
    assert_eq!(last_marks(&doc, "from"), ["e5", "k5"]);
    assert_eq!(last_marks(&doc, "to"), ["g7", "k9"]);
    assert_eq!(last_marks(&doc, "taken-mark"), ["f6", "j6", "j8"]);
    assert_eq!(last_lines(&doc, &["last", "line"]), ["e5-g7", "k5-i7-k9"]);
    let notes = marks_notes(&doc).join("\n");
    assert!(notes.contains("last turn: went to"), "{notes}");
    assert!(notes.contains("a piece it took"), "{notes}");
    // The marks stand under the pieces: none hides one.
    let marks = with(&doc, &["last", "to"])[0];
    let pieces = with(&doc, &["pieces"])[0];
    assert!(before(marks, pieces));
}

#[test]
fn superpion_a_plain_move_takes_nothing() {
    let (_, text) = svg(&["samples/superpion/adjudication.arb"]);
    let doc = Document::parse(&text).unwrap();
    assert_eq!(last_marks(&doc, "from"), ["g3", "i3"]);
    assert_eq!(last_marks(&doc, "to"), ["g5", "i5"]);
    assert!(last_marks(&doc, "taken-mark").is_empty());
    let notes = marks_notes(&doc).join("\n");
    assert!(notes.contains("last turn: went to"), "{notes}");
    assert!(!notes.contains("a piece it took"), "{notes}");
}

#[test]
fn the_start_position_has_no_last_turn_marks() {
    for (record, turn) in [
        ("samples/superpion/lawyer-forgiven.arb", "0"),
        ("samples/simpei/two-relocations.arb", "0"),
        ("samples/puluc/recapture.arb", "0"),
    ] {
        let (_, text) = svg(&[record, "--turn", turn]);
        let doc = Document::parse(&text).unwrap();
        for class in ["from", "to", "taken-mark", "line"] {
            assert!(with(&doc, &["last", class]).is_empty(), "{record} {class}");
        }
        let notes = marks_notes(&doc).join("\n");
        assert!(!notes.contains("last turn"), "{record}: {notes}");
    }
}

#[test]
fn simpei_last_turn_marks_its_move_and_each_relocation() {
    let (_, text) = svg(&["samples/simpei/two-relocations.arb"]);
    let doc = Document::parse(&text).unwrap();
    // d4-c5, then e5>b2 and c3>d6: each piece from where to where.
    assert_eq!(last_marks(&doc, "from"), ["c3", "d4", "e5"]);
    assert_eq!(last_marks(&doc, "to"), ["b2", "c5", "d6"]);
    assert_eq!(
        last_lines(&doc, &["last", "relocation"]),
        ["c3>d6", "e5>b2"]
    );
    let moves: Vec<String> = last_lines(&doc, &["last", "line"])
        .into_iter()
        .filter(|t| t.contains('-'))
        .collect();
    assert_eq!(moves, ["d4-c5"]);
    // A sandwich relocates: nothing is taken.
    assert!(last_marks(&doc, "taken-mark").is_empty());
    assert!(with(&doc, &["win"]).is_empty());
    let notes = marks_notes(&doc).join("\n");
    assert!(notes.contains("relocated"), "{notes}");
    assert!(!notes.contains("winning line"), "{notes}");
}

#[test]
fn simpei_placement_is_marked_where_it_went_and_the_winning_line_drawn() {
    let (_, text) = svg(&["samples/simpei/win-diagonal.arb"]);
    let doc = Document::parse(&text).unwrap();
    // 3... e3, a placement: it went, it came from no point.
    assert_eq!(last_marks(&doc, "to"), ["e3"]);
    assert!(last_marks(&doc, "from").is_empty());
    assert!(with(&doc, &["last", "relocation"]).is_empty());
    let won: Vec<&str> = with(&doc, &["win"])
        .iter()
        .filter_map(|n| n.attribute("data-notation"))
        .filter(|t| !t.is_empty())
        .collect();
    assert_eq!(won, ["c1 e3 g5"]);
    let notes = marks_notes(&doc).join("\n");
    assert!(notes.contains("winning line"), "{notes}");
    assert!(!notes.contains("relocated"), "{notes}");
    // The turn before the win: no line yet.
    let (_, text) = svg(&["samples/simpei/win-diagonal.arb", "--turn", "5"]);
    let doc = Document::parse(&text).unwrap();
    assert!(with(&doc, &["win"]).is_empty());
    assert!(!marks_notes(&doc).join("\n").contains("winning line"));
}

#[test]
fn puluc_last_turn_marks_its_move_and_the_pawns_it_landed_on() {
    // 1... 5:e-5: B enters from 10 and lands on A's pawn on 5.
    let (_, text) = svg(&["samples/puluc/recapture.arb", "--turn", "2"]);
    let doc = Document::parse(&text).unwrap();
    assert_eq!(last_marks(&doc, "from"), ["10"]);
    assert_eq!(last_marks(&doc, "to"), ["5"]);
    assert_eq!(last_marks(&doc, "taken-mark"), ["5"]);
    assert_eq!(last_lines(&doc, &["last", "line"]), ["5:e-5"]);
    assert!(marks_notes(&doc).join("\n").contains("a piece it took"));
    // 1. 5:e-5: A enters on an empty square and takes nothing.
    let (_, text) = svg(&["samples/puluc/recapture.arb", "--turn", "1"]);
    let doc = Document::parse(&text).unwrap();
    assert_eq!(last_marks(&doc, "from"), ["0"]);
    assert_eq!(last_marks(&doc, "to"), ["5"]);
    assert!(last_marks(&doc, "taken-mark").is_empty());
    assert!(!marks_notes(&doc).join("\n").contains("a piece it took"));
}
