//! One self-contained HTML page for a batch (`--format html`): the
//! totals, every record that is not legal with its diagnostic and a replay
//! board, then the legal records in a compact table. Inline CSS, SVG and a
//! small script; nothing is fetched.
//!
//! The page is written as the records come, in input order, and nothing is
//! held back: the title comes first, but the counts, known only at the
//! end, are written last and shown first by CSS (the page is a flex
//! column; each part has an `order`), and so are the legal records after
//! the others. The script then moves the counts under the title and the
//! legal records after the others, so that keyboard and screen-reader
//! order is the order seen; without script only the eye gets it.
//!
//! A board keeps every position of its record, from the start: each
//! picture as the lines it changes in its game's start picture (written
//! once in the page), all of a board's deflated together (consecutive
//! positions differ in a few pieces) and drawn only when the board is
//! opened, so that a page of thousands of records stays light to open.
//! A position costs the page its packed change (130 to 220 bytes on the
//! bench corpora) and its entry in the turn list and the movetext (about
//! 130).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::{ControlFlow, Range};
use std::sync::Arc;

use base64::engine::GeneralPurpose;
use base64::write::EncoderStringWriter;
use flate2::write::DeflateEncoder;
use flate2::Compression;

use arbitre::escape::{for_markup, shortened};
use arbitre::games::simpei::solve::{analyse_record, best_play, Said, Slip, Tablebase};
use arbitre::games::simpei::{Action, Play, Simpei};
use arbitre::replay::Stop;
use arbitre::report::{Diagnostic, Unreadable};
use arbitre::words::{counted, grouped};
use arbitre::{Record, Switches, Verdict};

use super::{Brief, Piece, Render, Run, Seen, Sink};

/// Records of each part of the page (not legal, legal) written whole,
/// with their boards, at most; the ones after are written in brief (a line
/// each, a few hundred bytes).
pub const WHOLE: usize = 1_000;

/// Positions a board holds at most: the last ones up to where it opens.
/// No game comes near (the longest of the bench corpora's 4,300 random
/// games has 215 turns); a record of thousands of one-byte passes would
/// otherwise make a board of hundreds of megabytes.
pub const BOARD: usize = 10_000;

/// Positions the boards of a page hold in all: the records after the one
/// that would pass it are written in brief, so that the page stays some
/// tens of megabytes (a position costs it about 300 bytes) whatever the
/// records' lengths.
pub const POSITIONS: usize = 200_000;

/// Records of each part of the page written at all; the ones after are
/// only counted, in the totals and in a note that says what was left out.
/// With [`WHOLE`], this bounds the page whatever the batch: a browser
/// opens it, and a platform can keep it.
pub const LISTED: usize = 10_000;

pub struct Html {
    switches: Switches,
    bases: Arc<Vec<Base>>,
    values: Values,
    closed: Closed,
    /// Records met in each part of the page: not legal, legal.
    met: [usize; 2],
    /// Records written whole in each part: the first ones, until [`WHOLE`]
    /// or the budget of [`POSITIONS`] is reached.
    whole: [usize; 2],
    /// Positions the boards written hold.
    positions: usize,
    /// Records met in all, in input order: each record's id (`r12`) is
    /// its number, so that a link to it holds no text of the batch.
    numbered: usize,
}

/// Simpei's table, read from the cache directory when a page first shows
/// a Simpei record: a page without one does not pay for it.
type Values = Arc<std::sync::OnceLock<Option<Tablebase>>>;

impl Html {
    /// The page's sink; with Simpei's table in the cache directory, its
    /// boards give each Simpei position's value.
    pub fn new(switches: &Switches) -> Self {
        Html {
            switches: switches.clone(),
            bases: Arc::new(bases()),
            closed: Closed::default(),
            values: Values::default(),
            met: [0; 2],
            whole: [0; 2],
            positions: 0,
            numbered: 0,
        }
    }
}

/// A game's picture of its start, written once in the page: every
/// position of the page is kept as the lines it changes in it (the
/// board, the styles and the legend are the same in all), so that a
/// record costs its pieces, not a whole picture.
struct Base {
    game: &'static str,
    lines: Vec<String>,
}

fn bases() -> Vec<Base> {
    arbitre::games::all()
        .iter()
        .filter_map(|game| {
            let record = Record::from_text(format!("---\ngame: {}\n---\n", game.name()));
            let stop = arbitre::dispatch::stop(&record, &Switches::new(), None).ok()?;
            Some(Base {
                game: game.name(),
                lines: stop
                    .picture
                    .svg()
                    .split_inclusive('\n')
                    .map(str::to_string)
                    .collect(),
            })
        })
        .collect()
}

/// A picture as the lines of `base` it keeps at its start and at its end,
/// and the text between.
fn against<'s>(base: &[String], svg: &'s str) -> (usize, usize, &'s str) {
    let lines: Vec<&str> = svg.split_inclusive('\n').collect();
    let start = lines
        .iter()
        .zip(base)
        .take_while(|(line, kept)| **line == kept.as_str())
        .count();
    let end = lines[start..]
        .iter()
        .rev()
        .zip(base[start..].iter().rev())
        .take_while(|(line, kept)| **line == kept.as_str())
        .count();
    let from: usize = lines[..start].iter().map(|l| l.len()).sum();
    let to: usize = svg.len()
        - lines[lines.len() - end..]
            .iter()
            .map(|l| l.len())
            .sum::<usize>();
    (start, end, svg.get(from..to).unwrap_or(""))
}

struct Renderer {
    switches: Switches,
    bases: Arc<Vec<Base>>,
    values: Values,
    closed: Closed,
}

/// Whether each part of the page (not legal, legal) writes only records in
/// brief from now on: set by the page in input order, read by the
/// renderers, which then draw no board for a record of that part (all
/// after it are brief too), so that a large batch pays for the boards it
/// shows, not for every record's. The page stays the same whatever the
/// jobs: a record is rendered before the page takes it, in input order,
/// so a renderer that sees a part closed renders a record that comes after
/// the one that closed it.
type Closed = Arc<[std::sync::atomic::AtomicBool; 2]>;

/// One position of a board, with the turn that reached it.
struct Frame {
    label: String,
    /// The position's value with perfect play, what the turn that reached
    /// it gave away, and the best turn there, when a table gives them.
    valued: Option<Valued>,
    illegal: bool,
    /// Where the record writes that turn, in its text.
    written: Option<Range<usize>>,
}

/// Text of a record kept around and between the turns of a board's
/// movetext: a long comment is cut in its middle, so that a board costs
/// its turns, not what the record writes beside them.
const BESIDE: usize = 120;

/// The movetext of a board's turns, each a button that steps to its
/// position, the last marked current, as the page without script shows it.
fn movetext(seen: &Seen<'_>, frames: &[Frame]) -> String {
    let text = seen.record.text.as_str();
    let turns: Vec<(usize, &Range<usize>)> = frames
        .iter()
        .enumerate()
        .filter_map(|(i, f)| Some((i, f.written.as_ref()?)))
        .collect();
    let (Some((_, first)), Some((_, last))) = (turns.first(), turns.last()) else {
        return String::new();
    };
    let line_start = text
        .get(..first.start)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = text
        .get(last.end..)
        .and_then(|r| r.find('\n'))
        .map_or(text.len(), |i| last.end + i);
    let mut out = String::from("<pre class=\"movetext\">");
    let mut at = line_start;
    let gap = |out: &mut String, from: usize, to: usize, keep: Keep| {
        out.push_str(&verbatim(&beside(text.get(from..to).unwrap_or(""), keep)));
    };
    for (n, (i, written)) in turns.iter().enumerate() {
        if written.start < at {
            continue;
        }
        let keep = if n == 0 { Keep::End } else { Keep::Both };
        gap(&mut out, at, written.start, keep);
        let current = if *i + 1 == frames.len() {
            " current"
        } else {
            ""
        };
        let illegal = if frames[*i].illegal { " illegal" } else { "" };
        let _ = write!(
            out,
            "<span class=\"turn{current}{illegal}\" data-frame=\"{i}\">{}</span>",
            verbatim(text.get((*written).clone()).unwrap_or(""))
        );
        at = written.end;
    }
    gap(&mut out, at, line_end.max(at), Keep::Start);
    out.push_str("</pre>");
    out
}

/// Text of a record as a `<pre>` holds it: its line breaks and tabs kept,
/// everything else as [`for_markup`] escapes it.
fn verbatim(text: &str) -> String {
    text.split('\n')
        .map(|line| {
            let line = line.strip_suffix('\r').unwrap_or(line);
            line.split('\t')
                .map(for_markup)
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` escaped, each stretch between a pair of backticks (a rule's
/// words write notation so: `k5xl6`) set as code rather than shown with
/// its backticks; an unpaired backtick stays as written.
fn with_code(text: &str) -> String {
    let escaped = for_markup(text);
    let parts: Vec<&str> = escaped.split('`').collect();
    if parts.len().is_multiple_of(2) {
        return escaped;
    }
    let mut out = String::with_capacity(escaped.len() + 16 * parts.len());
    for (i, part) in parts.iter().enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{part}</code>");
        } else {
            out.push_str(part);
        }
    }
    out
}

/// Which end of a stretch of text [`beside`] keeps when it is long.
#[derive(Clone, Copy)]
enum Keep {
    Start,
    End,
    Both,
}

/// `text`, or its ends with `…` between when it is longer than
/// [`BESIDE`] characters.
fn beside(text: &str, keep: Keep) -> String {
    let count = text.chars().count();
    if count <= BESIDE {
        return text.to_string();
    }
    let head = |n: usize| text.chars().take(n).collect::<String>();
    let tail = |n: usize| text.chars().skip(count - n).collect::<String>();
    match keep {
        Keep::Start => format!("{}…", head(BESIDE)),
        Keep::End => format!("…{}", tail(BESIDE)),
        Keep::Both => format!("{}…{}", head(BESIDE / 2), tail(BESIDE / 2)),
    }
}

/// The lines around a diagnostic, numbered, its span marked.
fn excerpt(seen: &Seen<'_>, offset: usize, length: usize) -> String {
    let text = seen.record.text.as_str();
    let Range { start, end } = seen.record.local(offset, length);
    let (Some(before), Some(spanned)) = (text.get(..start), text.get(start..end)) else {
        return String::new();
    };
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let first_line = seen.record.line + before.matches('\n').count();
    let rest = text.get(end..).unwrap_or("");
    let line_end = rest.find('\n').unwrap_or(rest.len());
    let mut out = String::from("<pre class=\"excerpt\">");
    // Two lines of context before the line of the mistake.
    let context: Vec<&str> = text
        .get(..line_start)
        .unwrap_or("")
        .lines()
        .rev()
        .take(2)
        .collect();
    for (i, line) in context.iter().rev().enumerate() {
        let number = first_line - context.len() + i;
        let _ = writeln!(
            out,
            "<span class=\"ln\">{number:>4} </span>{}",
            for_markup(&beside(line, Keep::Start))
        );
    }
    let _ = write!(
        out,
        "<span class=\"ln\">{first_line:>4} </span>{}<mark>{}</mark>{}",
        for_markup(&beside(before.get(line_start..).unwrap_or(""), Keep::End)),
        for_markup(&beside(spanned, Keep::Both)),
        for_markup(&beside(rest.get(..line_end).unwrap_or(""), Keep::Start))
    );
    out.push_str("</pre>");
    out
}

/// Free text from the record (a name), cut as messages cut it, then
/// escaped: a name costs the page at most a few dozen characters.
fn named(text: &str) -> String {
    for_markup(&shortened(text))
}

/// Who played, as the header names them.
fn players(seen: &Seen<'_>) -> String {
    seen.report.players.as_ref().map_or(String::new(), |p| {
        p.0.iter()
            .map(|(key, name)| format!("{} ({})", named(name), named(key)))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

fn scores(seen: &Seen<'_>) -> String {
    seen.report.scores.as_ref().map_or(String::new(), |s| {
        s.0.iter()
            .map(|(key, points)| format!("{} {points}", named(key)))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

/// The record as the page names it: its file and line.
fn place(seen: &Seen<'_>) -> String {
    format!("{}:{}", for_markup(seen.path), seen.record.line)
}

impl Renderer {
    /// The base picture of the record's game.
    fn base(&self, seen: &Seen<'_>) -> Option<&Base> {
        let game = arbitre::games::find(seen.report.game.as_deref()?)?.name();
        self.bases.iter().find(|b| b.game == game)
    }

    /// A board: every position of the record, from the start to the
    /// replay's own stop (the illegal turn drawn, or the end), in one
    /// replay. Each picture is packed as it is drawn, so that a board holds
    /// its turns' labels, not their pictures; with `drawn`, the last one is
    /// kept to be drawn in the page.
    fn board(&self, seen: &Seen<'_>, illegal: Option<&Diagnostic>, drawn: bool) -> Option<Board> {
        let record = seen.record;
        let written = |stop: &Stop| {
            let span = stop.played?;
            let end = span.offset.saturating_add(span.len).min(record.text.len());
            Some(span.offset.min(end)..end)
        };
        // The last [`BOARD`] positions: the turns played, the start, and
        // the position a refused turn is drawn over.
        let refused = illegal.is_some_and(|d| d.turn.is_some());
        let first = (seen.report.turns + 1 + usize::from(refused)).saturating_sub(BOARD);
        let values = self.values(seen, first);
        let value = |turns: usize| values.get(turns.checked_sub(first)?).cloned();
        let base = self.base(seen);
        let mut packer = Packer::new(base);
        let mut frames = Vec::new();
        let mut label = String::from("start");
        if first > 0 {
            // The label of the turn that reached the first position kept.
            if let Ok(stop) = arbitre::dispatch::stop(record, &self.switches, first - 1) {
                label = stop.label;
            }
        }
        let end = arbitre::dispatch::stops(record, &self.switches, first, &mut |stop| {
            packer.add(&stop.picture.svg(), &stop.setup);
            frames.push(Frame {
                label: std::mem::replace(&mut label, stop.label.clone()),
                valued: value(stop.turn),
                illegal: false,
                written: written(&stop),
            });
        })
        .ok()?;
        let svg = end.picture.svg();
        if !drawn {
            packer.add(&svg, &end.setup);
        }
        let setup = setup_header(&end.setup);
        frames.push(Frame {
            label: match illegal {
                Some(d) => format!("{} ✗", d.turn.as_deref().unwrap_or("end")),
                None if end.turn == 0 => "start".into(),
                None => label,
            },
            // The refused turn's frame is the position before it again:
            // its value, not the flag of the turn that reached it.
            valued: value(end.turn).map(|v| {
                if refused {
                    Valued { slip: None, ..v }
                } else {
                    v
                }
            }),
            illegal: illegal.is_some(),
            // A contradicted `end` or `result` is in the header.
            written: match illegal {
                Some(d) => d.turn.is_some().then(|| record.local(d.offset, d.length)),
                None => written(&end),
            },
        });
        Some(Board {
            frames,
            // The drawn position's setup is packed with the others: its
            // line breaks are kept there.
            packed: packer.finish(drawn.then_some(setup.as_str())),
            drawn: drawn.then_some(svg),
        })
    }

    /// Each position of a Simpei record valued with perfect play, by its
    /// count of turns, when the table is at hand; none otherwise. Two
    /// replays, never the record held as turns: the positions with their
    /// best turns, then `analyse`'s flags of the turns played.
    /// Only the positions from `first` turns on are kept (a board's).
    fn values(&self, seen: &Seen<'_>, first: usize) -> Vec<Valued> {
        let table = (seen.report.game.as_deref() == Some("simpei"))
            .then(|| self.values.get_or_init(crate::table::cached_table).as_ref())
            .flatten();
        let Some(table) = table else {
            return Vec::new();
        };
        let (text, switches) = (&seen.record.text, &self.switches);
        let mut values = Vec::new();
        let _ = arbitre::replay::each_position::<Simpei>(text, switches, &mut |turns, position| {
            if turns >= first {
                values.push(Valued {
                    said: Said::of(table, position),
                    slip: None,
                    best: best_play(table, position),
                });
            }
        });
        let mut turns: usize = 0;
        let _ = analyse_record(table, text, switches, |analysed| {
            turns += 1;
            if let Some(valued) = turns.checked_sub(first).and_then(|i| values.get_mut(i)) {
                valued.slip = analysed.slip.map(|slip| (analysed.label.clone(), slip));
            }
            ControlFlow::Continue(())
        });
        values
    }
}

/// A Simpei position as the table values it.
#[derive(Clone)]
struct Valued {
    said: Option<Said>,
    /// What the turn that reached it gave away, and its label.
    slip: Option<(String, Slip)>,
    /// The best turn there, drawn as arrows by the page's script.
    best: Option<Play>,
}

impl Valued {
    /// The best turn as the script draws it: each arrow's two points
    /// (`b2 a1`), a placement's one point, `;` between them.
    fn best(&self) -> Option<String> {
        let play = self.best.as_ref()?;
        let mut marks = match play.action {
            Action::Place(point) => vec![point.to_string()],
            Action::Move(from, to) => vec![format!("{from} {to}")],
            // A pass has nothing to draw.
            Action::Pass => return None,
        };
        marks.extend(
            play.relocations
                .iter()
                .map(|(from, to)| format!("{from} {to}")),
        );
        Some(marks.join(";"))
    }

    /// Where the graph draws it: +1 for red winning now, -1 for blue, 0
    /// for a draw, a win further away nearer to the middle.
    fn height(&self) -> Option<f64> {
        let said = self.said.as_ref()?;
        let side = match said.winner.as_deref() {
            Some("red") => 1.0,
            Some(_) => -1.0,
            None => return Some(0.0),
        };
        let far = f64::from(said.turns.unwrap_or(0).min(40)) / 40.0;
        Some(side * (1.0 - far / 2.0))
    }
}

/// The value of every position over the game, for Simpei with its table:
/// a line from red winning (top) through a draw to blue winning (bottom),
/// the turns that gave something away flagged, each position a column
/// that steps the board to it. The flags are also in the turn list, for
/// readers who do not see the graph.
fn value_graph(frames: &[Frame]) -> String {
    const COLUMNS: usize = 300;
    const WIDTH: f64 = 300.0;
    const HEIGHT: f64 = 90.0;
    if frames.iter().all(|f| f.valued.is_none()) {
        return String::new();
    }
    let step = (WIDTH - 20.0) / (frames.len().max(2) - 1) as f64;
    let x = |i: usize| 10.0 + step * i as f64;
    let y = |h: f64| HEIGHT / 2.0 - h * (HEIGHT / 2.0 - 8.0);
    let flags: Vec<String> = frames
        .iter()
        .filter_map(|f| {
            let (label, slip) = f.valued.as_ref()?.slip.as_ref()?;
            Some(format!("{label} {}", slip.said()))
        })
        .collect();
    let mut said = String::from(
        "the value of each position with perfect play, red winning at the top, blue at the bottom",
    );
    if !flags.is_empty() {
        let _ = write!(said, "; flagged: {}", flags.join(", "));
    }
    let mut out = format!(
        "<figure class=\"values\"><svg viewBox=\"0 0 {WIDTH} {HEIGHT}\" data-left=\"10\" data-step=\"{step}\" role=\"img\" aria-label=\"{}\"><line class=\"axis\" x1=\"0\" x2=\"{WIDTH}\" y1=\"{mid}\" y2=\"{mid}\"/><text x=\"2\" y=\"9\">red wins</text><text x=\"2\" y=\"{mid_text}\">draw</text><text x=\"2\" y=\"{bottom}\">blue wins</text>",
        for_markup(&said),
        mid = HEIGHT / 2.0,
        mid_text = HEIGHT / 2.0 - 2.0,
        bottom = HEIGHT - 2.0,
    );
    let points: Vec<String> = frames
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            Some(format!(
                "{:.1},{:.1}",
                x(i),
                y(f.valued.as_ref()?.height()?)
            ))
        })
        .collect();
    let _ = write!(
        out,
        "<polyline class=\"line\" points=\"{}\"/>",
        points.join(" ")
    );
    // At most [`COLUMNS`] columns step the board, each a few positions
    // wide in a long game: each is wide enough to click, and the graph
    // costs the page no more than its line and flags past them.
    let stride = frames.len().div_ceil(COLUMNS).max(1);
    for (i, frame) in frames.iter().enumerate() {
        let Some(valued) = &frame.valued else {
            continue;
        };
        if i % stride != 0 && valued.slip.is_none() {
            continue;
        }
        let title = match (&valued.said, &valued.slip) {
            (Some(said), Some((label, slip))) => format!("{label} {}: {}", slip.said(), said.text),
            (Some(said), None) => format!("{}: {}", frame.label, said.text),
            (None, _) => frame.label.clone(),
        };
        if i % stride == 0 {
            let _ = write!(
                out,
                "<rect class=\"column\" data-frame=\"{i}\" x=\"{:.1}\" y=\"0\" width=\"{:.1}\" height=\"{HEIGHT}\"><title>{}</title></rect>",
                x(i) - step / 2.0,
                step * stride as f64,
                for_markup(&title)
            );
        }
        if let (Some((_, slip)), Some(h)) = (&valued.slip, valued.height()) {
            let (cx, cy) = (x(i), y(h));
            let _ = write!(
                out,
                "<path class=\"flag {}\" d=\"M{cx:.1} {:.1}l5 8h-10z\"/>",
                match slip {
                    Slip::ThrowsAwayWin => "win",
                    Slip::ThrowsAwayDraw => "draw",
                    Slip::ShortensLoss => "loss",
                },
                cy - 4.0
            );
        }
    }
    let _ = write!(
        out,
        "<line class=\"now\" x1=\"{last:.1}\" x2=\"{last:.1}\" y1=\"0\" y2=\"{HEIGHT}\"/></svg><figcaption>Value with perfect play; ▲ a turn that gave something away; on the board, dashed blue: the best turn</figcaption></figure>",
        last = x(frames.len().saturating_sub(1))
    );
    out
}

/// A board's positions, as the page writes them.
struct Board {
    /// One a position, from the start.
    frames: Vec<Frame>,
    /// The pictures packed (see [`Packer`]).
    packed: String,
    /// The last picture, drawn in the page.
    drawn: Option<String>,
}

/// A position as a `setup` header, to paste into a record (the copy
/// button's text): the header's own YAML, the keys in the game's order.
fn setup_header(setup: &serde_json::Value) -> String {
    serde_yaml::to_string(&serde_json::json!({ "setup": setup })).unwrap_or_default()
}

/// A board's pictures as the page keeps them: JSON deflated (consecutive
/// positions differ in a few pieces, so each costs little past the
/// first) and written in base64, built as the pictures come. Each
/// picture is the lines it keeps of its game's base picture, at its
/// start and its end, and the text between, with its `setup` header:
/// `[start, end, text, setup]`.
struct Packer<'a> {
    base: Option<&'a Base>,
    out: Deflater,
    count: usize,
}

impl<'a> Packer<'a> {
    fn new(base: Option<&'a Base>) -> Self {
        let mut out = deflater();
        let game = serde_json::json!(base.map(|b| b.game));
        // Writing to a String cannot fail.
        let _ = write!(out, "{{\"base\":{game},\"frames\":[");
        Packer {
            base,
            out,
            count: 0,
        }
    }

    fn add(&mut self, svg: &str, setup: &serde_json::Value) {
        let kept = match self.base {
            Some(base) => against(&base.lines, svg),
            None => (0, 0, svg),
        };
        let frame = serde_json::json!([kept.0, kept.1, kept.2, setup_header(setup)]);
        let comma = if self.count == 0 { "" } else { "," };
        // One write a frame: the encoder readies its output buffer on each.
        let _ = self.out.write_all(format!("{comma}{frame}").as_bytes());
        self.count += 1;
    }

    /// The packed pictures, with the setup of the one drawn in the page.
    fn finish(mut self, drawn: Option<&str>) -> String {
        let setup = serde_json::json!(drawn);
        let _ = write!(self.out, "],\"drawn\":{setup}}}");
        base64_of(self.out)
    }
}

/// What the page's script inflates: text deflated, written in base64 as
/// it is deflated.
type Deflater = DeflateEncoder<EncoderStringWriter<'static, GeneralPurpose, String>>;

fn deflater() -> Deflater {
    DeflateEncoder::new(
        EncoderStringWriter::new(&base64::engine::general_purpose::STANDARD),
        Compression::new(6),
    )
}

/// The base64 text of all that was written to `out`. Writing to a
/// `String` cannot fail.
fn base64_of(out: Deflater) -> String {
    out.finish()
        .map(EncoderStringWriter::into_inner)
        .unwrap_or_default()
}

/// Text deflated and written in base64, as the page's script inflates it.
fn deflated(text: &str) -> String {
    let mut out = deflater();
    let _ = out.write_all(text.as_bytes());
    base64_of(out)
}

/// A replay board: with `drawn`, its last position is drawn in the page
/// (as the page without script shows it); the others are packed, drawn
/// when the board is opened.
fn board(board: &Board, movetext: &str) -> String {
    let frames = &board.frames;
    let mut out = format!(
        "<div class=\"board\" tabindex=\"0\" role=\"group\" aria-label=\"replay board: the arrow keys, Home and End step it\" data-frames=\"{}\" data-packed=\"{}\"",
        frames.len(),
        board.packed
    );
    out.push_str("><div class=\"view\">");
    if let Some(svg) = &board.drawn {
        out.push_str(svg);
    }
    // The buttons step only with the script, which shows them; the status,
    // for screen readers, says each position stepped to, as the picture's
    // caption does.
    out.push_str("</div><div class=\"side\"><p class=\"status\" role=\"status\" aria-live=\"polite\"></p><div class=\"controls\" hidden>");
    for (go, label, title) in [
        ("first", "« first", "the start (Home)"),
        ("back", "‹ back", "a turn back (←)"),
        ("forward", "forward ›", "a turn forward (→)"),
        ("last", "last »", "the last position (End)"),
        ("turn", "flip", "turn the board to the next player's seat"),
        (
            "copy",
            "copy setup",
            "copy this position as a setup header, to paste into a record",
        ),
    ] {
        let _ = write!(
            out,
            "<button type=\"button\" data-go=\"{go}\" title=\"{title}\" aria-label=\"{title}\">{label}</button>"
        );
    }
    // A link to the record and the position shown, for a referee to copy:
    // the script keeps its fragment (`#r12-t7`) as the board steps.
    out.push_str("<a class=\"link\" href=\"#\" title=\"a link to this position\">link</a></div>");
    out.push_str(&value_graph(frames));
    out.push_str("<ol class=\"turns\">");
    // The turns stay listed without script (with their values), their
    // buttons disabled until the script can step to them.
    for (i, frame) in frames.iter().enumerate() {
        let mut class = Vec::new();
        if frame.illegal {
            class.push("illegal");
        }
        if i + 1 == frames.len() {
            class.push("current");
        }
        let valued = frame.valued.as_ref();
        let mut value = valued
            .and_then(|v| v.said.as_ref())
            .map_or(String::new(), |said| {
                format!(" <span class=\"value\">{}</span>", for_markup(&said.text))
            });
        if let Some((_, slip)) = valued.and_then(|v| v.slip.as_ref()) {
            let _ = write!(value, " <span class=\"slip\">▲ {}</span>", slip.said());
        }
        let best = valued.and_then(Valued::best).map_or(String::new(), |best| {
            format!(" data-best=\"{}\"", for_markup(&best))
        });
        let _ = write!(
            out,
            "<li class=\"{}\"{best}><button type=\"button\" data-frame=\"{i}\" disabled>{}</button>{value}</li>",
            class.join(" "),
            for_markup(&frame.label)
        );
    }
    out.push_str("</ol>");
    out.push_str(movetext);
    out.push_str("</div></div>");
    out
}

/// A record that is not legal, in brief: its heading and its message.
fn not_legal_brief(seen: &Seen<'_>) -> String {
    let mut out = heading(seen, " brief");
    if let Some(d) = &seen.report.diagnostic {
        out.push_str(&message(d));
    }
    out.push_str("</section>\n");
    out
}

/// The opening of a record that is not legal, up to its heading's end.
fn heading(seen: &Seen<'_>, class: &str) -> String {
    let report = seen.report;
    let verdict = report.verdict.word();
    let game = report.game.as_deref().unwrap_or("?");
    format!(
        "<section class=\"record {verdict}{class}\"><h3><span class=\"verdict\">{verdict}</span> <code>{}</code> <span class=\"game\">{}</span> <span class=\"players\">{}</span></h3>",
        place(seen),
        for_markup(game),
        players(seen)
    )
}

/// A diagnostic's rule, message, turn and place.
fn message(d: &Diagnostic) -> String {
    let turn = d
        .turn
        .as_ref()
        .map_or(String::new(), |t| format!(" (turn {})", for_markup(t)));
    format!(
        "<p class=\"message\"><code class=\"rule\">{}</code> {}{turn} <span class=\"at\">line {}, column {}</span></p>",
        for_markup(&d.rule),
        for_markup(&d.message),
        d.line,
        d.column
    )
}

impl Renderer {
    /// A record that is not legal, whole, and the positions of its board.
    fn not_legal(&self, seen: &Seen<'_>) -> (String, usize) {
        let report = seen.report;
        let mut out = heading(seen, "");
        let Some(d) = &report.diagnostic else {
            out.push_str("</section>");
            return (out, 0);
        };
        out.push_str("<div class=\"diagnostic\">");
        out.push_str(&message(d));
        out.push_str(&excerpt(seen, d.offset, d.length));
        if !d.expected.is_empty() {
            out.push_str("<p class=\"legal-here\">Legal here: ");
            let listed: Vec<String> = d
                .expected
                .iter()
                .map(|e| format!("<code>{}</code>", for_markup(e)))
                .collect();
            out.push_str(&listed.join(" "));
            if d.expected_total > d.expected.len() {
                let _ = write!(out, " and {} more", d.expected_total - d.expected.len());
            }
            out.push_str("</p>");
        }
        if let Some(help) = &d.help {
            let _ = write!(out, "<p class=\"help\">{}</p>", for_markup(help));
        }
        if let Some(rule) = arbitre::rules::Rule::find(&d.rule) {
            let _ = write!(
                out,
                "<div class=\"explanation\"><p class=\"summary\">{}: {}.</p>",
                for_markup(rule.id),
                for_markup(rule.summary)
            );
            if let Some(explanation) = rule.explanation {
                let _ = write!(
                    out,
                    "<p class=\"words\">{}</p>",
                    with_code(explanation.words)
                );
            }
            out.push_str("</div>");
        }
        let commands: Vec<String> = [&d.explain_command, &d.moves_command]
            .into_iter()
            .flatten()
            .map(|c| format!("<code>{}</code>", for_markup(c)))
            .collect();
        if !commands.is_empty() {
            let _ = write!(out, "<p class=\"commands\">{}</p>", commands.join(" "));
        }
        out.push_str("</div>");
        let mut positions = 0;
        if report.verdict == Verdict::Illegal {
            if let Some(drawn) = self.board(seen, Some(d), true) {
                positions = drawn.frames.len();
                out.push_str(&board(&drawn, &movetext(seen, &drawn.frames)));
            }
        }
        out.push_str("</section>\n");
        (out, positions)
    }

    /// A legal record whole: its `row`, then its replay; and the
    /// positions of its board.
    fn legal(&self, seen: &Seen<'_>, row: &str) -> (String, usize) {
        let mut out = row.to_string();
        let mut positions = 0;
        if let Some(packed) = self.board(seen, None, false) {
            positions = packed.frames.len();
            let _ = write!(
                out,
                "<details class=\"replay\"><summary>replay</summary>{}</details>",
                board(&packed, &movetext(seen, &packed.frames))
            );
        }
        out.push_str("</div>\n");
        (out, positions)
    }
}

/// A legal record's row, open: its cells, without the replay.
fn legal_row(seen: &Seen<'_>) -> String {
    let report = seen.report;
    let result = report
        .description
        .clone()
        .or_else(|| report.status.map(str::to_string))
        .unwrap_or_default();
    let mut out = format!(
            "<div class=\"legal-row\" role=\"row\"><code role=\"cell\" class=\"where\">{}</code><span role=\"cell\" class=\"game\">{}</span><span role=\"cell\" class=\"players\">{}</span><span role=\"cell\" class=\"turns-count\">{}</span><span role=\"cell\" class=\"result\">{}</span><span role=\"cell\" class=\"scores\">{}</span>",
            place(seen),
            for_markup(report.game.as_deref().unwrap_or("")),
            players(seen),
            report.turns,
            for_markup(&result),
            scores(seen)
        );
    if report.warning_count() > 0 {
        let _ = write!(
            out,
            "<span class=\"warnings\" role=\"cell\">{}</span>",
            counted(report.warning_count() as u64, "warning", "warnings")
        );
    }
    out
}

impl Render for Renderer {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        let legal = seen.report.verdict == Verdict::Legal;
        let closed = self.closed[usize::from(legal)].load(std::sync::atomic::Ordering::Relaxed);
        let ((text, positions), brief) = if closed {
            // Written in brief: the whole text is not drawn.
            let brief = if legal {
                legal_row(seen) + "</div>\n"
            } else {
                not_legal_brief(seen)
            };
            ((brief.clone(), 0), brief)
        } else if legal {
            let row = legal_row(seen);
            (self.legal(seen, &row), row + "</div>\n")
        } else {
            (self.not_legal(seen), not_legal_brief(seen))
        };
        Piece {
            text,
            brief: Some(Brief {
                legal,
                text: brief,
                positions,
            }),
            ..Piece::default()
        }
    }
}

/// What the page does not show whole of `met` records of one kind, of
/// which the first `whole` are, if anything: the records in brief and
/// those only counted.
fn unlisted(met: usize, whole: usize, kind: &str) -> Option<String> {
    if met <= whole {
        return None;
    }
    let briefly = met.min(LISTED) - whole;
    let mut note = format!(
        "Of these {} {kind}, the first {} are shown whole and the next {} in brief (no board)",
        grouped(met),
        grouped(whole),
        grouped(briefly)
    );
    if whole < WHOLE.min(met) {
        let _ = write!(
            note,
            ", the page's boards holding {} positions at most",
            grouped(POSITIONS)
        );
    }
    if met > LISTED {
        let _ = write!(
            note,
            "; the last {} are counted in the totals but not listed",
            grouped(met - LISTED)
        );
    }
    note.push_str(
        ". The page shows so many to stay light to open: <code>arbitre check --format json</code> lists every record, and <code>arbitre show --turn N</code> draws any position.",
    );
    Some(note)
}

const STYLE: &str = include_str!("html.css");
const SCRIPT: &str = include_str!("html.js");

impl Sink for Html {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(Renderer {
            switches: self.switches.clone(),
            bases: Arc::clone(&self.bases),
            closed: Arc::clone(&self.closed),
            values: Arc::clone(&self.values),
        })
    }

    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let mut bases = String::new();
        for base in self.bases.iter() {
            let _ = write!(
                bases,
                "<div class=\"base\" hidden id=\"base-{}\" data-packed=\"{}\"></div>",
                base.game,
                deflated(&serde_json::Value::from(base.lines.concat()).to_string())
            );
        }
        write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>arbitre check</title><style>{STYLE}</style></head>\n<body>{bases}\n<main class=\"page\">\n<section id=\"totals\"><h1>arbitre check</h1></section>\n<h2 id=\"not-legal\">Not legal</h2>\n<h2 id=\"legal\">Legal</h2>\n<div class=\"legal-head\" role=\"row\"><span>record</span><span>game</span><span>players</span><span>turns</span><span>result</span><span>scores</span></div>\n"
        )
    }

    /// The first [`WHOLE`] records of each part whole, the next ones up to
    /// [`LISTED`] in brief, the rest only counted (in input order, so the
    /// page is the same whatever `--jobs`).
    fn record(&mut self, piece: Piece, out: &mut dyn Write) -> io::Result<()> {
        let Some(brief) = piece.brief else {
            return out.write_all(piece.text.as_bytes());
        };
        let met = &mut self.met[usize::from(brief.legal)];
        *met += 1;
        self.numbered += 1;
        let part = usize::from(brief.legal);
        let whole = &mut self.whole[part];
        // Whole while the part has written only whole records, so that
        // the whole ones are the first.
        let fits = *whole + 1 == *met
            && *whole < WHOLE
            && self.positions.saturating_add(brief.positions) <= POSITIONS;
        if fits {
            *whole += 1;
            self.positions += brief.positions;
        } else {
            self.closed[part].store(true, std::sync::atomic::Ordering::Relaxed);
        }
        let text = match *met {
            _ if fits => piece.text,
            n if n <= LISTED => brief.text,
            _ => return Ok(()),
        };
        out.write_all(with_id(&text, self.numbered).as_bytes())
    }

    fn unreadable(&mut self, path: &Unreadable, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "<section class=\"record unreadable\"><h3><span class=\"verdict\">unreadable</span> <code>{}</code></h3><p class=\"message\">cannot read: {}</p></section>",
            for_markup(&path.path),
            for_markup(&path.error)
        )
    }

    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()> {
        let t = run.tally;
        // The counts, under the title at the top when the script moves
        // them there (and shown there by CSS without it).
        let mut totals = format!(
            "<div id=\"counted\"><dl class=\"counts\"><div><dt>records</dt><dd id=\"records\">{}</dd></div><div class=\"ok\"><dt>legal</dt><dd id=\"legal-count\">{}</dd></div><div class=\"bad\"><dt>illegal</dt><dd id=\"illegal-count\">{}</dd></div><div class=\"bad\"><dt>malformed</dt><dd id=\"malformed-count\">{}</dd></div><div><dt>unreadable</dt><dd id=\"unreadable-count\">{}</dd></div><div><dt>warnings</dt><dd id=\"warnings-count\">{}</dd></div>{}</dl>",
            t.records, t.legal, t.illegal, t.malformed, t.unreadable, t.warnings, left_out(&t.left_out)
        );
        if !t.rules.is_empty() {
            totals.push_str("<ul class=\"rules\" aria-label=\"records by rule\">");
            for (rule, count) in &t.rules {
                let _ = write!(
                    totals,
                    "<li><code>{}</code> <span class=\"count\">{count}</span></li>",
                    for_markup(rule)
                );
            }
            totals.push_str("</ul>");
        }
        totals.push_str("</div>\n");
        for (part, class, kind) in [
            (0, "record-note", "records that are not legal"),
            (1, "legal-note", "legal records"),
        ] {
            if let Some(note) = unlisted(self.met[part], self.whole[part], kind) {
                let _ = writeln!(totals, "<p class=\"left-out {class}\">{note}</p>");
            }
        }
        // A heading over nothing is hidden.
        let mut hide = Vec::new();
        if t.illegal + t.malformed + t.unreadable == 0 {
            hide.push("#not-legal");
        }
        if t.legal == 0 {
            hide.push("#legal, .legal-head");
        }
        if !hide.is_empty() {
            let _ = write!(totals, "<style>{}{{display:none}}</style>", hide.join(", "));
        }
        write!(
            out,
            "{totals}</main>\n<script>{SCRIPT}</script>\n</body></html>\n"
        )
    }
}

/// A record's markup with the id `r{n}` on its opening tag: records are
/// rendered apart (on several threads), and numbered only here, in input
/// order. The opening tag's name is written by this page, never by the
/// record, so the first space stands after it.
fn with_id(text: &str, n: usize) -> String {
    match text.split_once(' ') {
        Some((tag, rest)) if tag.starts_with('<') => format!("{tag} id=\"r{n}\" {rest}"),
        _ => text.to_string(),
    }
}

/// The count of files a walk left out unread, with its reasons, or
/// nothing when there are none.
fn left_out(counts: &arbitre::report::LeftOut) -> String {
    if counts.is_empty() {
        return String::new();
    }
    format!(
        "<div class=\"bad\"><dt>left out</dt><dd id=\"left-out-count\" title=\"{}\">{}</dd></div>",
        for_markup(&counts.to_string()),
        counts.total()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page writes the first WHOLE records of each part whole, the
    /// next up to LISTED in brief and no more, counting each part apart
    /// (tests/html.rs renders past WHOLE; rendering past LISTED would take
    /// minutes in a debug build).
    #[test]
    fn each_part_is_written_whole_then_in_brief_then_counted() {
        let mut page = Html::new(&Switches::new());
        let mut out = Vec::new();
        let piece = |legal: bool| Piece {
            text: if legal { "L\n" } else { "N\n" }.into(),
            brief: Some(Brief {
                legal,
                text: if legal { "l\n" } else { "n\n" }.into(),
                positions: 1,
            }),
            ..Piece::default()
        };
        for i in 0..LISTED + 50 {
            page.record(piece(false), &mut out).unwrap();
            if i < WHOLE + 20 {
                page.record(piece(true), &mut out).unwrap();
            }
        }
        let out = String::from_utf8(out).unwrap();
        let count = |line: &str| out.lines().filter(|l| *l == line).count();
        assert_eq!(
            [count("N"), count("n"), count("L"), count("l")],
            [WHOLE, LISTED - WHOLE, WHOLE, 20]
        );
        assert_eq!(page.met, [LISTED + 50, WHOLE + 20]);
        assert_eq!(page.whole, [WHOLE, WHOLE]);
        assert_eq!(
            unlisted(LISTED + 50, WHOLE, "records that are not legal").unwrap(),
            "Of these 10,050 records that are not legal, the first 1,000 are shown whole and the next 9,000 in brief (no board); the last 50 are counted in the totals but not listed. The page shows so many to stay light to open: <code>arbitre check --format json</code> lists every record, and <code>arbitre show --turn N</code> draws any position."
        );
        assert!(unlisted(WHOLE + 20, WHOLE, "legal records")
            .unwrap()
            .contains("the next 20 in brief (no board). "));
        assert_eq!(unlisted(WHOLE, WHOLE, "legal records"), None);
        assert_eq!(unlisted(0, 0, "legal records"), None);
    }

    /// The boards' positions in all are bounded: the record that would
    /// pass the bound, and every one after it in its part, in brief.
    #[test]
    fn the_pages_positions_are_bounded() {
        let mut page = Html::new(&Switches::new());
        let mut out = Vec::new();
        let piece = |legal: bool, positions: usize| Piece {
            text: if legal { "L\n" } else { "N\n" }.into(),
            brief: Some(Brief {
                legal,
                text: if legal { "l\n" } else { "n\n" }.into(),
                positions,
            }),
            ..Piece::default()
        };
        for positions in [POSITIONS / 2, POSITIONS / 2, 1, 1] {
            page.record(piece(false, positions), &mut out).unwrap();
        }
        page.record(piece(true, 1), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().collect::<Vec<_>>(), ["N", "N", "n", "n", "l"]);
        assert_eq!((page.whole, page.positions), ([2, 0], POSITIONS));
        let note = unlisted(4, 2, "records that are not legal").unwrap();
        assert!(
            note.contains("the first 2 are shown whole and the next 2 in brief (no board), the page's boards holding 200,000 positions at most."),
            "{note}"
        );
    }

    /// A long game's graph steps the board by at most 300 columns, and
    /// flags every flagged turn.
    #[test]
    fn a_long_games_graph_has_bounded_columns_and_every_flag() {
        let frame = |i: usize| Frame {
            label: format!("{i}."),
            valued: Some(Valued {
                said: Some(Said {
                    winner: None,
                    turns: None,
                    text: "draw".into(),
                }),
                slip: (i % 97 == 5).then(|| (format!("{i}."), Slip::ThrowsAwayDraw)),
                best: None,
            }),
            illegal: false,
            written: None,
        };
        for (positions, columns) in [(10, 10), (300, 300), (301, 151), (10_000, 295)] {
            let frames: Vec<Frame> = (0..positions).map(frame).collect();
            let graph = value_graph(&frames);
            assert_eq!(
                graph.matches("class=\"column\"").count(),
                columns,
                "{positions}"
            );
            let flags = frames
                .iter()
                .filter(|f| f.valued.as_ref().is_some_and(|v| v.slip.is_some()))
                .count();
            assert_eq!(graph.matches("class=\"flag").count(), flags, "{positions}");
        }
    }

    #[test]
    fn markup_and_controls_are_escaped() {
        assert_eq!(
            for_markup("<script>\"a\" & 'b'</template>"),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/template&gt;"
        );
        assert!(!for_markup("a\u{1b}[31mb\u{0}").contains(['\u{1b}', '\u{0}']));
        assert_eq!(for_markup("plain"), "plain");
    }
}
