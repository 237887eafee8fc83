//! Pictures of positions (`arbitre show --format svg`): the SVG writer the
//! games draw with, knowing no game. A picture is one self-contained SVG
//! (no external font, image or script); its text is escaped, as it may
//! name players. Camps are told apart by shape and letter as well as by
//! colour, so that a picture printed in black and white still reads.

use std::fmt::{self, Write};
use std::sync::Arc;

use crate::escape::for_markup;
use crate::game::{Alternatives, Notation, Presentation, RecordFormat, Violation};
use crate::span::Span;

/// The family every picture's text asks for: the one font `--format png`
/// bundles, so that the PNG is drawn alike on every machine.
pub const FONT: &str = "DejaVu Sans";

/// Drawn beside the position: what the record says of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// The game's name and its players, as the header names them.
    pub title: String,
    /// Whose turn it is (`3. red to act`), or how the game ended.
    pub status: String,
    /// The refused turn and its rule, on an illegal record.
    pub illegal: Option<String>,
}

/// A written turn refused at the position drawn: drawn in the warning
/// colour, with what was legal instead drawn faintly.
pub struct Mistake<'a, G: Notation + ?Sized> {
    /// The turn as written.
    pub turn: &'a G::Turn,
    /// What it breaks, with its place in the record and the alternatives.
    pub violation: &'a Violation,
}

/// The turn that reached the position drawn, marked on it: where its
/// pieces came from and went, what it took. The position before it is
/// kept as well, since what a turn took is gone from the one after.
pub struct Last<'a, G: Notation + ?Sized> {
    /// The turn as written.
    pub turn: &'a G::Turn,
    /// The position it was played from.
    pub before: &'a G::Position,
}

/// A game in full: the contract of `crate::game` and its pictures. The replay engine, the reports and the commands see games
/// only through these traits; code that needs one role asks for that one.
pub trait Game: RecordFormat + Presentation + Picture {}

impl<G: RecordFormat + Presentation + Picture> Game for G {}

/// A game that draws its positions.
pub trait Picture: Presentation + Notation<Turn: Send + Sync> {
    /// The position as one SVG document, with the record's caption, and the
    /// refused turn when the position is the one before it, and the marks
    /// of the turn that reached it.
    fn picture(
        position: &Self::Position,
        caption: &Caption,
        mistake: Option<&Mistake<Self>>,
        last: Option<&Last<Self>>,
    ) -> String;
}

/// A picture drawn when asked: [`Stop`](crate::replay::Stop) keeps the position
/// (and the refused turn) so that `show` in its other formats draws none.
#[derive(Clone)]
pub struct Drawing(Arc<dyn Fn() -> String + Send + Sync>);

impl Drawing {
    /// The picture of `position`, drawn when asked.
    pub(crate) fn new<G>(
        position: G::Position,
        caption: Caption,
        mistake: Option<(G::Turn, Violation)>,
        last: Option<(G::Position, G::Turn)>,
    ) -> Drawing
    where
        G: Picture,
    {
        Drawing(Arc::new(move || {
            let mistake = mistake
                .as_ref()
                .map(|(turn, violation)| Mistake::<G> { turn, violation });
            let last = last
                .as_ref()
                .map(|(before, turn)| Last::<G> { turn, before });
            G::picture(&position, &caption, mistake.as_ref(), last.as_ref())
        }))
    }

    /// The SVG document.
    pub fn svg(&self) -> String {
        (self.0)()
    }
}

impl fmt::Debug for Drawing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Drawing")
    }
}

/// At most this many characters of a text from the record are drawn, so
/// that a long name neither hides the board nor grows the picture.
pub const LONGEST_TEXT: usize = 80;

/// `text` cut to [`LONGEST_TEXT`] characters, `…` marking the cut.
pub fn shortened(text: &str) -> String {
    if text.chars().count() <= LONGEST_TEXT {
        return text.to_string();
    }
    let mut out: String = text.chars().take(LONGEST_TEXT - 1).collect();
    out.push('…');
    out
}

/// How wide a character of the pictures' text is, by its font size:
/// DejaVu Sans averages a little under 0.6 of it on prose; a touch more
/// keeps wrapped text inside the picture.
pub const ADVANCE: f64 = 0.62;

/// How much wider a bold character is than a plain one.
const BOLD: f64 = 1.1;

/// Room kept between text and the picture's right edge, in pixels.
const MARGIN: f64 = 8.0;

/// How many characters of `size` pixels fit in `room` pixels.
pub fn fitting(room: f64, size: f64) -> usize {
    let chars = room / (size * ADVANCE);
    if chars.is_finite() && chars >= 1.0 {
        chars as usize
    } else {
        1
    }
}

/// Colours and line styles of the pictures, one class each, each rule
/// under the picture's own class: a picture set in a page (the HTML
/// report) styles itself, not the page's elements of the same class.
/// Rectangles (squares, swatches) and the halos under the legal lines are
/// drawn without anti-aliasing: their edges lie on pixels or under a line,
/// and it spares a third of the PNG's drawing on a crowded board.
const STYLE: &str = "\
.arbitre-picture rect{shape-rendering:crispEdges}\
.arbitre-picture text{font-family:'DejaVu Sans',sans-serif;fill:#222}\
.arbitre-picture .coord{font-size:12px;fill:#555;text-anchor:middle}\
.arbitre-picture .title{font-size:16px;font-weight:bold}\
.arbitre-picture .status{font-size:14px}\
.arbitre-picture .illegal{font-size:13px;fill:#b00000}\
.arbitre-picture .note{font-size:12px}\
.arbitre-picture .letter{font-size:11px;font-weight:bold;text-anchor:middle;pointer-events:none}\
.arbitre-picture .light{fill:#fff}\
.arbitre-picture .written{fill:none;stroke:#e00000;stroke-width:4;stroke-linecap:round;stroke-linejoin:round}\
.arbitre-picture .written.before{stroke:#444;stroke-width:3;stroke-dasharray:6 4}\
.arbitre-picture .legal{fill:none;stroke:#1a7f37;stroke-width:2.5;stroke-opacity:0.9;stroke-dasharray:5 3}\
.arbitre-picture .legal-halo{shape-rendering:crispEdges;fill:none;stroke:#fff;stroke-width:5;stroke-opacity:0.6;stroke-linecap:round}\
.arbitre-picture .legal.head{stroke:none}\
.arbitre-picture .legal.target{fill:#1a7f37;fill-opacity:1;stroke:#fff;stroke-width:1.5;stroke-opacity:1;stroke-dasharray:none}\
.arbitre-picture .mark.written{stroke-dasharray:none}\
.arbitre-picture .promotion{font-size:14px;font-weight:bold;fill:#b00000}\
.arbitre-picture .promotion.before{fill:#444}\
.arbitre-picture .line{fill:none;stroke:#333}\
.arbitre-picture .line.upper{stroke-width:3}\
.arbitre-picture .line.lower{stroke-width:1.5;stroke-dasharray:5 4;stroke:#666}\
.arbitre-picture .last{fill:none;stroke:#5b2a86}\
.arbitre-picture .last.to{fill:#5b2a86;fill-opacity:0.16;stroke-width:3}\
.arbitre-picture .last.from{stroke-width:2.5;stroke-dasharray:4 3}\
.arbitre-picture .last.line{stroke-width:3;stroke-dasharray:1 5;stroke-linecap:round}\
.arbitre-picture .last.line.relocation{stroke-dasharray:9 4 1 4}\
.arbitre-picture .last.taken{stroke:#111;stroke-width:4;stroke-linecap:round}\
.arbitre-picture .last.taken.halo{stroke:#fff;stroke-width:7}\
.arbitre-picture .win{fill:none;stroke:#c77700;stroke-width:10;stroke-opacity:0.6;stroke-linecap:round}\
";

/// An SVG document being written.
pub struct Svg {
    out: String,
    /// The document's width, which text must not run past.
    width: f64,
    /// Where the alternatives drawn end, with their notation: dotted by
    /// [`Svg::targets`] over the refused turn.
    targets: Vec<(f64, f64, String)>,
    /// The legal lines and landings drawn so far: an alternative draws only
    /// what no earlier one drew (on a crowded board 20 captures of 21 jumps
    /// share 54 lines), the same picture at an eighth of the stroking.
    drawn: Vec<Spot>,
}

/// A point of a picture, in tenths of a pixel, or a line between two (in
/// either direction), as [`Svg::drawn`] remembers it.
#[derive(Clone, Copy, PartialEq)]
enum Spot {
    Point((i64, i64)),
    Line((i64, i64), (i64, i64)),
}

/// `(x, y)` in tenths of a pixel, as the document writes it.
fn tenths((x, y): (f64, f64)) -> (i64, i64) {
    ((x * 10.0).round() as i64, (y * 10.0).round() as i64)
}

/// The line from `a` to `b`, the same whichever way it is drawn.
fn line(a: (f64, f64), b: (f64, f64)) -> Spot {
    let (a, b) = (tenths(a), tenths(b));
    Spot::Line(a.min(b), a.max(b))
}

impl Svg {
    /// A document `width` by `height` pixels, its title (for readers and
    /// browsers' tabs) escaped.
    pub fn new(width: u32, height: u32, title: &str) -> Svg {
        let mut out = String::with_capacity(32 * 1024);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"arbitre-picture\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\">\n<title>{}</title>\n<style>{STYLE}</style>\n",
            for_markup(&shortened(title))
        );
        out.push_str(
            "<defs>\
<marker id=\"head-written\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#e00000\"/></marker>\
<marker id=\"head-before\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#444\"/></marker>\
<marker id=\"head-legal\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#1a7f37\"/></marker>\
<marker id=\"head-last\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#5b2a86\"/></marker>\
<pattern id=\"hatch\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"5\" height=\"5\" fill=\"#fff\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"5\" stroke=\"#333\" stroke-width=\"2\"/></pattern>\
</defs>\n",
        );
        out.push_str(&format!(
            "<rect class=\"background\" width=\"{width}\" height=\"{height}\" fill=\"#fafaf7\"/>\n"
        ));
        Svg {
            out,
            width: f64::from(width),
            targets: Vec::new(),
            drawn: Vec::new(),
        }
    }

    /// `<name a="v" ...>`, or `<name .../>` when `empty`; values escaped.
    pub fn element(&mut self, name: &str, attributes: &[(&str, &dyn fmt::Display)], empty: bool) {
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attributes {
            let _ = write!(self.out, " {key}=\"{}\"", for_markup(&value.to_string()));
        }
        self.out.push_str(if empty { "/>\n" } else { ">" });
    }

    /// `</name>`.
    pub fn close(&mut self, name: &str) {
        let _ = writeln!(self.out, "</{name}>");
    }

    /// A group of elements of one class (a piece, a legend row).
    pub fn group(&mut self, class: &str, attributes: &[(&str, &dyn fmt::Display)]) {
        let mut all: Vec<(&str, &dyn fmt::Display)> = vec![("class", &class)];
        all.extend_from_slice(attributes);
        self.element("g", &all, false);
        self.out.push('\n');
    }

    /// Opens the group of what is drawn on the board (its lines, pieces
    /// and marks, not the caption or the legend beside it), which a page
    /// turns to a seat: about `centre`, each seat's camp named with the
    /// clockwise turn, in degrees, that brings its side of the board to
    /// the bottom. Closed by `close("g")`.
    pub fn on_board(&mut self, centre: (f64, f64), seats: &[(&str, u16)]) {
        let centre = format!("{} {}", centre.0, centre.1);
        let seats: Vec<String> = seats
            .iter()
            .map(|(camp, turn)| format!("{camp} {turn}"))
            .collect();
        let seats = seats.join(";");
        self.group(
            "on-board",
            &[("data-centre", &centre), ("data-seats", &seats)],
        );
    }

    /// A rectangle.
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, style: &[(&str, &str)]) {
        let mut all: Vec<(&str, &dyn fmt::Display)> =
            vec![("x", &x), ("y", &y), ("width", &width), ("height", &height)];
        all.extend(style.iter().map(|(k, v)| (*k, v as &dyn fmt::Display)));
        self.element("rect", &all, true);
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, style: &[(&str, &str)]) {
        let mut all: Vec<(&str, &dyn fmt::Display)> = vec![("cx", &cx), ("cy", &cy), ("r", &r)];
        all.extend(style.iter().map(|(k, v)| (*k, v as &dyn fmt::Display)));
        self.element("circle", &all, true);
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], style: &[(&str, &str)]) {
        let listed = listed(points);
        let mut all: Vec<(&str, &dyn fmt::Display)> = vec![("points", &listed)];
        all.extend(style.iter().map(|(k, v)| (*k, v as &dyn fmt::Display)));
        self.element("polygon", &all, true);
    }

    /// A line through `points`, with an arrow head at its end when `head`
    /// names a stroke class (`written`, `before`, `legal`).
    pub fn path(&mut self, points: &[(f64, f64)], class: &str, head: Option<&str>, text: &str) {
        let listed = listed(points);
        let marker = head.map(|h| format!("url(#head-{h})"));
        let mut all: Vec<(&str, &dyn fmt::Display)> = vec![
            ("class", &class),
            ("points", &listed),
            ("data-notation", &text),
        ];
        if let Some(marker) = &marker {
            all.push(("marker-end", marker));
        }
        self.element("polyline", &all, true);
    }

    /// A piece: `shape` around `cx`, `cy` of radius `r`, filled with
    /// `fill`, its letter in the middle (white on a dark fill).
    #[allow(clippy::too_many_arguments)]
    pub fn token(
        &mut self,
        shape: Shape,
        cx: f64,
        cy: f64,
        r: f64,
        fill: &str,
        letter: &str,
        dark: bool,
    ) {
        let style = [("fill", fill), ("stroke", "#111"), ("stroke-width", "1.5")];
        match shape {
            Shape::Circle => self.circle(cx, cy, r, &style),
            Shape::Square => {
                let side = r * 1.7;
                self.rect(cx - side / 2.0, cy - side / 2.0, side, side, &style)
            }
            Shape::Triangle => self.polygon(
                &[
                    (cx, cy - r * 1.15),
                    (cx + r * 1.1, cy + r * 0.8),
                    (cx - r * 1.1, cy + r * 0.8),
                ],
                &style,
            ),
            Shape::Diamond => self.polygon(
                &[
                    (cx, cy - r * 1.2),
                    (cx + r * 1.2, cy),
                    (cx, cy + r * 1.2),
                    (cx - r * 1.2, cy),
                ],
                &style,
            ),
            Shape::Hatched => self.circle(
                cx,
                cy,
                r,
                &[
                    ("fill", "url(#hatch)"),
                    ("stroke", "#111"),
                    ("stroke-width", "1.5"),
                ],
            ),
        }
        if !letter.is_empty() {
            let size = (r * 0.95).max(7.0);
            let class = if dark { "letter light" } else { "letter" };
            self.element(
                "text",
                &[
                    ("x", &cx),
                    ("y", &(cy + size * 0.36)),
                    ("class", &class),
                    ("font-size", &format!("{size:.0}px")),
                ],
                false,
            );
            self.out.push_str(&for_markup(letter));
            self.out.push_str("</text>\n");
        }
    }

    /// What was legal instead, in a group of its own drawn under the refused
    /// turn (its ends dotted over it by [`Svg::targets`]): each of the first
    /// alternatives' strokes between the centres `centre` gives its squares
    /// (by file and rank on the game's grid). How many distinct
    /// alternatives are drawn.
    pub fn alternatives(
        &mut self,
        expected: Option<&Alternatives>,
        centre: impl Fn(i32, i32) -> (f64, f64),
    ) -> usize {
        self.group("alternatives", &[]);
        let mut seen = Vec::new();
        for alternative in expected
            .iter()
            .flat_map(|e| e.iter().take(crate::game::LISTED))
        {
            let text = alternative.to_string();
            let strokes: Vec<(StrokeKind, Vec<(f64, f64)>)> = strokes(&text)
                .into_iter()
                .map(|stroke| {
                    let points = stroke
                        .squares
                        .iter()
                        .filter_map(|s| grid_of(s))
                        .map(|(f, r)| centre(f, r))
                        .collect();
                    (stroke.kind, points)
                })
                .collect();
            self.alternative(&strokes, &text, &mut seen);
        }
        self.close("g");
        seen.len()
    }

    /// One alternative, its strokes in a group `alternative` of its own, each
    /// to end on a dot ([`Svg::targets`]) so that alternatives along one line
    /// stay apart; skipped (false) when it draws nothing, what one in
    /// `seen` drew, or nothing that earlier ones did not.
    pub fn alternative(
        &mut self,
        strokes: &[(StrokeKind, Vec<(f64, f64)>)],
        text: &str,
        seen: &mut Vec<String>,
    ) -> bool {
        // Alike when their strokes join the same points (a promotion mark
        // aside): the picture could not tell them apart.
        let key: Vec<String> = strokes
            .iter()
            .filter(|(_, points)| !points.is_empty())
            .map(|(kind, points)| format!("{kind:?} {}", listed(points)))
            .collect();
        let key = key.join(";");
        if key.is_empty() || seen.contains(&key) || !self.adds(strokes) {
            return false;
        }
        seen.push(key);
        self.group("alternative", &[("data-notation", &text)]);
        for (kind, points) in strokes {
            self.stroke(*kind, points, "legal", text);
        }
        self.close("g");
        true
    }

    /// Whether `strokes` would draw a line or a landing no alternative drew
    /// yet: one that adds nothing could not be seen, nor told apart.
    fn adds(&self, strokes: &[(StrokeKind, Vec<(f64, f64)>)]) -> bool {
        strokes
            .iter()
            .any(|(kind, points)| match points.as_slice() {
                [] => false,
                [_] => true,
                _ if *kind == StrokeKind::Mark => true,
                _ => {
                    let landings = &points[1..points.len() - 1];
                    points
                        .windows(2)
                        .any(|pair| !self.drawn.contains(&line(pair[0], pair[1])))
                        || (*kind == StrokeKind::Capture
                            && landings
                                .iter()
                                .any(|&p| !self.drawn.contains(&Spot::Point(tenths(p)))))
                }
            })
    }

    /// One action of a turn over its points: a ring for a mark, an arrow
    /// for a move, a path with its landings for a capture, a dashed arrow
    /// for a relocation. `class` is `written`, `written before` or `legal`.
    pub fn stroke(&mut self, kind: StrokeKind, points: &[(f64, f64)], class: &str, text: &str) {
        let head = if class.starts_with("legal") {
            "legal"
        } else if class.contains("before") {
            "before"
        } else {
            "written"
        };
        let kind_class = match kind {
            StrokeKind::Mark => "mark",
            StrokeKind::Move => "move",
            StrokeKind::Capture => "capture",
            StrokeKind::Relocation => "relocation",
        };
        let class = format!("{class} {kind_class}");
        match (kind, points) {
            (_, []) => {}
            (StrokeKind::Mark, [(x, y), ..]) | (_, [(x, y)]) => {
                let r = if head == "legal" { 10.0 } else { 20.0 };
                if head == "legal" {
                    self.circle(*x, *y, r, &[("class", "legal-halo")]);
                }
                let mut all: Vec<(&str, &dyn fmt::Display)> = vec![
                    ("class", &class),
                    ("cx", x),
                    ("cy", y),
                    ("r", &r),
                    ("data-notation", &text),
                ];
                if head == "legal" {
                    all.push(("stroke-dasharray", &"2 2"));
                }
                self.element("circle", &all, true);
            }
            _ if head == "legal" => self.legal_line(kind, points, &class, text),
            _ => {
                self.path(points, &class, Some(head), text);
                if kind == StrokeKind::Capture {
                    for (x, y) in &points[1..points.len() - 1] {
                        self.circle(*x, *y, 4.0, &[("class", &class)]);
                    }
                }
            }
        }
    }

    /// A legal move or capture over `points` (two at least), on a halo:
    /// the runs of its lines that no earlier alternative drew, its last line
    /// always (it carries the arrow head), the landings not yet dotted, and
    /// its end remembered for [`Svg::targets`].
    fn legal_line(&mut self, kind: StrokeKind, points: &[(f64, f64)], class: &str, text: &str) {
        let last = points.len() - 1;
        // Runs of points whose lines are new.
        let mut runs = Vec::new();
        let mut open = None;
        let mut last_new = false;
        for i in 0..last {
            let spot = line(points[i], points[i + 1]);
            let new = !self.drawn.contains(&spot);
            if new {
                self.drawn.push(spot);
                open.get_or_insert(i);
            } else if let Some(from) = open.take() {
                runs.push(from..=i);
            }
            last_new = new;
        }
        runs.extend(open.map(|from| from..=last));
        for run in runs {
            let head = (*run.end() == last).then_some("legal");
            let run = &points[run];
            self.element(
                "polyline",
                &[("class", &"legal-halo"), ("points", &listed(run))],
                true,
            );
            self.path(run, class, head, text);
        }
        // Its last line drawn already (by another ending alike): its arrow
        // head alone, the line not stroked again, whose dashes would fall
        // between the first one's and fill it in.
        if !last_new {
            self.path(
                &points[last - 1..],
                &format!("{class} head"),
                Some("legal"),
                text,
            );
        }
        if kind == StrokeKind::Capture {
            for &(x, y) in &points[1..last] {
                let spot = Spot::Point(tenths((x, y)));
                if !self.drawn.contains(&spot) {
                    self.drawn.push(spot);
                    self.circle(x, y, 4.0, &[("class", class)]);
                }
            }
        }
        // Where it ends, a dot of its own: two alternatives along one line
        // end apart.
        if let Some(&(x, y)) = points.last() {
            self.targets.push((x, y, text.to_string()));
        }
    }

    /// A dot where each alternative drawn ends, in a group `targets` drawn
    /// last over the board, so that no refused turn hides an alternative.
    pub fn targets(&mut self) {
        self.group("targets", &[]);
        for (x, y, text) in std::mem::take(&mut self.targets) {
            self.element(
                "circle",
                &[
                    ("class", &"legal target"),
                    ("cx", &x),
                    ("cy", &y),
                    ("r", &4.5),
                    ("data-notation", &text),
                ],
                true,
            );
        }
        self.close("g");
    }

    /// The text of an element opened with [`Svg::element`], escaped, and
    /// its closing tag.
    pub fn close_text(&mut self, text: &str) {
        self.out.push_str(&for_markup(&shortened(text)));
        self.out.push_str("</text>\n");
    }

    /// Text at `x`, `y` (its baseline), escaped.
    pub fn text(&mut self, x: f64, y: f64, class: &str, text: &str) {
        self.element("text", &[("x", &x), ("y", &y), ("class", &class)], false);
        self.out.push_str(&for_markup(&shortened(text)));
        self.out.push_str("</text>\n");
    }

    /// Text at `x`, `y` of `size` pixels a character, moved left as far as
    /// it must to end inside the picture.
    pub fn text_within(&mut self, x: f64, y: f64, class: &str, size: f64, text: &str) {
        let text = shortened(text);
        let long = text.chars().count() as f64 * size * ADVANCE;
        let x = x.min(self.width - MARGIN - long).max(0.0);
        self.text(x, y, class, &text);
    }

    /// The caption's lines from `y` down, left-aligned at `x` and wrapped
    /// within the picture's width; where the next drawing may start.
    pub fn caption(&mut self, x: f64, mut y: f64, caption: &Caption) -> f64 {
        for line in self.lines(&caption.title, x, 16.0 * BOLD, 36, 3) {
            self.text(x, y, "title", &line);
            y += 21.0;
        }
        for line in self.lines(&caption.status, x, 14.0, 42, 3) {
            self.text(x, y, "status", &line);
            y += 19.0;
        }
        if let Some(illegal) = &caption.illegal {
            for line in self.lines(illegal, x, 13.0, 46, 6) {
                self.text(x, y, "illegal", &line);
                y += 17.0;
            }
        }
        y
    }

    /// `text` wrapped in lines that fit between `x` and the picture's right
    /// edge at `size` pixels a character (and at most `most` characters), at
    /// most `count` of them, `…` ending the last when more were cut.
    fn lines(&self, text: &str, x: f64, size: f64, most: usize, count: usize) -> Vec<String> {
        let width = fitting(self.width - x - MARGIN, size).min(most);
        let mut lines = wrapped(text, width);
        if lines.len() > count {
            lines.truncate(count);
            if let Some(last) = lines.last_mut() {
                let kept: String = last.chars().take(width.saturating_sub(1)).collect();
                *last = format!("{kept}…");
            }
        }
        lines
    }

    /// The legend of the refused turn's strokes, from `y` down; where the
    /// next drawing may start.
    pub fn mistake_legend(
        &mut self,
        x: f64,
        mut y: f64,
        expected: Option<&Alternatives>,
        drawn: usize,
        parts: bool,
    ) -> f64 {
        self.group("legend-row", &[]);
        self.path(
            &[(x, y - 4.0), (x + 30.0, y - 4.0)],
            "written",
            Some("written"),
            "",
        );
        self.text(x + 40.0, y, "note", "the action written, refused");
        self.close("g");
        y += 18.0;
        if parts {
            self.group("legend-row", &[]);
            self.path(
                &[(x, y - 4.0), (x + 30.0, y - 4.0)],
                "written before",
                Some("before"),
                "",
            );
            self.text(x + 40.0, y, "note", "its turn's parts before it, right");
            self.close("g");
            y += 18.0;
        }
        if let Some(expected) = expected {
            self.group("legend-row", &[]);
            self.path(
                &[(x, y - 4.0), (x + 30.0, y - 4.0)],
                "legal",
                Some("legal"),
                "",
            );
            self.circle(x + 30.0, y - 4.0, 4.5, &[("class", "legal target")]);
            let note = if drawn < expected.len() {
                format!("legal here ({drawn} of {} drawn)", expected.len())
            } else {
                format!("legal here ({})", expected.len())
            };
            self.text(x + 40.0, y, "note", &note);
            self.close("g");
            y += 18.0;
        }
        y
    }

    /// Where the last turn took a piece from: a dashed ring of radius `r`,
    /// named by `key` (`data-square`, `data-point`) for tests and pages.
    pub fn last_from(&mut self, (cx, cy): (f64, f64), r: f64, key: &str, name: &str) {
        self.element(
            "circle",
            &[
                ("class", &"last from"),
                (key, &name),
                ("cx", &cx),
                ("cy", &cy),
                ("r", &r),
            ],
            true,
        );
    }

    /// Where the last turn put a piece: a square of side `2 * half`,
    /// tinted and framed, drawn under the piece so as not to hide it.
    pub fn last_to(&mut self, (cx, cy): (f64, f64), half: f64, key: &str, name: &str) {
        self.element(
            "rect",
            &[
                ("class", &"last to"),
                (key, &name),
                ("x", &(cx - half)),
                ("y", &(cy - half)),
                ("width", &(2.0 * half)),
                ("height", &(2.0 * half)),
            ],
            true,
        );
    }

    /// A piece the last turn took: a cross of half-width `r` on a white
    /// halo, which reads on a dark square and without colour.
    pub fn last_taken(&mut self, (cx, cy): (f64, f64), r: f64, key: &str, name: &str) {
        self.group("last taken-mark", &[(key, &name)]);
        let d = format!(
            "M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}",
            cx - r,
            cy - r,
            cx + r,
            cy + r,
            cx + r,
            cy - r,
            cx - r,
            cy + r
        );
        for class in ["last taken halo", "last taken"] {
            self.element("path", &[("class", &class), ("d", &d)], true);
        }
        self.close("g");
    }

    /// The way a piece of the last turn went, `points` in order, an arrow
    /// head at its end; `relocation` draws a sandwiched piece sent away,
    /// dashed otherwise.
    pub fn last_line(&mut self, points: &[(f64, f64)], relocation: bool, text: &str) {
        let class = if relocation {
            "last line relocation"
        } else {
            "last line"
        };
        self.path(points, class, Some("last"), text);
    }

    /// A winning line through `points` (its two ends), under the pieces.
    pub fn win_line(&mut self, points: &[(f64, f64)], text: &str) {
        self.path(points, "win", None, text);
    }

    /// The legend of the last turn's marks drawn, from `y` down: where it
    /// came from and went always, what it took and relocated when drawn;
    /// where the next drawing may start.
    pub fn last_legend(&mut self, x: f64, mut y: f64, taken: bool, relocated: bool) -> f64 {
        self.group("legend-row last-legend", &[]);
        self.last_to((x + 8.0, y - 4.0), 8.0, "data-legend", "to");
        self.last_from((x + 30.0, y - 4.0), 7.0, "data-legend", "from");
        self.text(
            x + 44.0,
            y,
            "note",
            "last turn: went to (square), from (ring)",
        );
        self.close("g");
        y += 20.0;
        if taken {
            self.group("legend-row last-legend", &[]);
            self.last_taken((x + 8.0, y - 4.0), 6.0, "data-legend", "taken");
            self.text(x + 44.0, y, "note", "a piece it took");
            self.close("g");
            y += 20.0;
        }
        if relocated {
            self.group("legend-row last-legend", &[]);
            self.last_line(&[(x, y - 4.0), (x + 34.0, y - 4.0)], true, "");
            self.text(x + 44.0, y, "note", "a sandwiched piece it relocated");
            self.close("g");
            y += 20.0;
        }
        y
    }

    /// The legend of a winning line; where the next drawing may start.
    pub fn win_legend(&mut self, x: f64, y: f64) -> f64 {
        self.group("legend-row win-legend", &[]);
        self.win_line(&[(x, y - 4.0), (x + 34.0, y - 4.0)], "");
        self.text(x + 44.0, y, "note", "the winning line of three");
        self.close("g");
        y + 20.0
    }

    /// The document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// The shapes of pieces: each camp of a game gets its own, so that the
/// camps are told apart without colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A disc.
    Circle,
    /// A square.
    Square,
    /// A triangle, point up.
    Triangle,
    /// A square on its corner.
    Diamond,
    /// A disc hatched with lines, colourless.
    Hatched,
}

/// Whether two places in the record share a character (or an empty one
/// stands inside the other): which part of a written turn a violation
/// points at.
pub fn overlaps(a: Span, b: Span) -> bool {
    a.offset < b.end().max(b.offset + 1) && b.offset < a.end().max(a.offset + 1)
}

/// `x,y x,y ...`.
fn listed(points: &[(f64, f64)]) -> String {
    let mut out = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{x:.1},{y:.1}");
    }
    out
}

/// `text` in lines of at most `width` characters, broken at spaces.
pub fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let words = text.split_whitespace().flat_map(|word| {
        // A word longer than a line is cut into lines of its own.
        let chars: Vec<char> = word.chars().collect();
        chars
            .chunks(width.max(1))
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
    });
    for word in words {
        let word = word.as_str();
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The strokes of a turn written in square notation (`e3-e5`, `e5xg7`,
/// `c3`, `c3>g8`, `B d2-d4 e3-e5=R`): each action as its squares in order
/// and what joins them. A game maps the squares to its board; words that
/// are no action (a camp letter, a move number, `--`) give none.
pub fn strokes(text: &str) -> Vec<Stroke> {
    let mut out = Vec::new();
    for word in text.split_whitespace().take(16) {
        let word = word.split('=').next().unwrap_or("");
        let (kind, parts): (StrokeKind, Vec<&str>) = if word.contains('>') {
            (StrokeKind::Relocation, word.split('>').collect())
        } else if word.contains(['x', 'X']) {
            (StrokeKind::Capture, word.split(['x', 'X']).collect())
        } else if word.contains('-') {
            (StrokeKind::Move, word.split('-').collect())
        } else {
            (StrokeKind::Mark, vec![word])
        };
        let squares: Vec<String> = parts
            .iter()
            .filter(|p| is_square_name(p))
            .map(|p| p.to_ascii_lowercase())
            .collect();
        if squares.is_empty() || (kind != StrokeKind::Mark && squares.len() < 2) {
            continue;
        }
        out.push(Stroke { kind, squares });
    }
    out
}

/// A letter and a number of at most three digits: `e5`, `n14`.
fn is_square_name(text: &str) -> bool {
    let mut chars = text.chars();
    let letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let digits = chars.as_str();
    letter && (1..=3).contains(&digits.len()) && digits.chars().all(|c| c.is_ascii_digit())
}

/// One action of a written turn, by its squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stroke {
    /// What the squares are.
    pub kind: StrokeKind,
    /// The squares in order, lowercase: one for a mark.
    pub squares: Vec<String>,
}

/// What a stroke's squares are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrokeKind {
    /// A piece put on a square (a placement), or one square named alone.
    Mark,
    /// From, to.
    Move,
    /// From, then each landing.
    Capture,
    /// A piece sent from a square to another (Simpei's `c3>g8`).
    Relocation,
}

/// `file`, `rank` of a square name (`e5`: 4, 4), 0-based, when it has the
/// form; whether it is on a board is the game's to say.
pub fn grid_of(name: &str) -> Option<(i32, i32)> {
    let mut chars = name.chars();
    let file = chars.next()?.to_ascii_lowercase();
    if !file.is_ascii_lowercase() {
        return None;
    }
    let rank: i32 = chars.as_str().parse().ok()?;
    (rank >= 1).then(|| (i32::from(file as u8 - b'a'), rank - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_the_record_is_escaped() {
        assert_eq!(
            for_markup("<b>\"Ann\" & 'Bo'\u{7}"),
            "&lt;b&gt;&quot;Ann&quot; &amp; &#39;Bo&#39;\\a"
        );
        let mut svg = Svg::new(10, 10, "</title><script>");
        svg.text(0.0, 0.0, "note", "a < b");
        let doc = svg.finish();
        assert!(!doc.contains("<script>"));
        assert!(doc.contains("a &lt; b"));
    }

    #[test]
    fn long_text_is_cut() {
        let long = "n".repeat(500);
        assert_eq!(shortened(&long).chars().count(), LONGEST_TEXT);
        assert_eq!(shortened("Ana"), "Ana");
    }

    #[test]
    fn strokes_read_square_notation() {
        let s = strokes("B d2-d4 e5xg7xe9=R");
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].kind, StrokeKind::Move);
        assert_eq!(s[1].kind, StrokeKind::Capture);
        assert_eq!(s[1].squares, ["e5", "g7", "e9"]);
        let s = strokes("a3-b4 c3>g8");
        assert_eq!(s[1].kind, StrokeKind::Relocation);
        assert_eq!(strokes("c3")[0].kind, StrokeKind::Mark);
        assert!(strokes("2. -- R").is_empty());
        assert_eq!(grid_of("e5"), Some((4, 4)));
        assert_eq!(grid_of("e0"), None);
    }

    #[test]
    fn the_caption_wraps_within_the_pictures_width() {
        let mut svg = Svg::new(300, 400, "");
        let caption = Caption {
            title: "T".into(),
            status: "S".into(),
            illegal: Some("word ".repeat(100)),
        };
        svg.caption(100.0, 20.0, &caption);
        let doc = svg.finish();
        let lines: Vec<&str> = doc
            .lines()
            .filter(|l| l.contains("class=\"illegal\""))
            .filter_map(|l| l.split('>').nth(1)?.strip_suffix("</text"))
            .collect();
        assert_eq!(lines.len(), 6, "{lines:?}");
        let fits = fitting(300.0 - 100.0 - MARGIN, 13.0);
        assert!(lines.iter().all(|l| l.chars().count() <= fits), "{lines:?}");
        assert!(lines[5].ends_with('…'));
        assert_eq!(fitting(0.0, 13.0), 1);
    }

    #[test]
    fn last_turn_marks_carry_their_classes_and_where_they_stand() {
        let mut svg = Svg::new(100, 100, "");
        svg.last_from((10.0, 10.0), 5.0, "data-square", "e5");
        svg.last_to((20.0, 20.0), 5.0, "data-square", "g7\"");
        svg.last_taken((30.0, 30.0), 5.0, "data-square", "f6");
        svg.last_line(&[(10.0, 10.0), (20.0, 20.0)], true, "e5>g7");
        svg.win_line(&[(0.0, 0.0), (50.0, 50.0)], "c1 e3 g5");
        let doc = svg.finish();
        assert!(doc.contains("class=\"last from\" data-square=\"e5\""));
        // A name from the record is escaped like any text.
        assert!(doc.contains("class=\"last to\" data-square=\"g7&quot;\""));
        assert!(doc.contains("class=\"last taken-mark\" data-square=\"f6\""));
        assert!(doc.contains("class=\"last line relocation\""));
        assert!(doc.contains("url(#head-last)"));
        assert!(doc.contains("class=\"win\""));
        // Styled, and apart from the refused turn's red and the legal green.
        for rule in [".last.from{", ".last.to{", ".last.taken{", ".win{"] {
            assert!(
                STYLE.contains(&format!(".arbitre-picture {rule}")),
                "{rule}"
            );
        }
    }

    #[test]
    fn long_words_are_cut_into_lines() {
        assert_eq!(wrapped("ab cd ef", 5), ["ab cd", "ef"]);
        assert_eq!(wrapped("abcdefgh", 3), ["abc", "def", "gh"]);
        assert!(wrapped("", 3).is_empty());
    }
}
