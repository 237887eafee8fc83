//! The two worlds drawn as SVG for `arbitre show --format svg`: the upper
//! 4x4 points on solid lines, the lower 3x3 points on dashed ones, the
//! pieces by shape, colour and letter, the hands beside the board, and a
//! refused turn over the position before it.

use crate::picture::overlaps;
use crate::picture::{self, Caption, Last, Mistake, Shape, StrokeKind, Svg};
use crate::span::Span;

use super::board::{holds_three, inside, points, Colour, Point, World, SIZE};
use super::notation::{Square, Written};
use super::position::Position;
use super::Simpei;

/// Grid step between a point and the next of the other world.
const STEP: f64 = 56.0;
const LEFT: f64 = 60.0;
const TOP: f64 = 50.0;
const PANEL: f64 = LEFT + STEP * 6.0 + 70.0;
const WIDTH: u32 = 820;
const HEIGHT: u32 = 480;

/// Each colour's shape, fill and letter.
fn look(colour: Colour) -> (Shape, &'static str, &'static str) {
    match colour {
        Colour::Red => (Shape::Circle, "#d0412f", "R"),
        Colour::Blue => (Shape::Square, "#2f6fd0", "B"),
    }
}

/// The centre of the grid square at 0-based `file`, `rank`; one off the
/// grid (a written point that is none) is drawn at the edge.
fn centre(file: i32, rank: i32) -> (f64, f64) {
    let edge = f64::from(SIZE) - 0.5;
    let file = f64::from(file).clamp(-0.5, edge);
    let rank = f64::from(rank).clamp(-0.5, edge);
    (
        LEFT + file * STEP,
        TOP + (f64::from(SIZE) - 1.0 - rank) * STEP,
    )
}

fn at(point: Point) -> (f64, f64) {
    centre(point.file().into(), point.rank().into())
}

fn written_at(square: Square) -> (f64, f64) {
    let file = i32::from(square.file.to_ascii_lowercase() as u8) - i32::from(b'a');
    let rank = square.rank.value().map_or(99, |r| r.min(99) as i32) - 1;
    centre(file, rank)
}

fn piece(svg: &mut Svg, colour: Colour, (cx, cy): (f64, f64), point: &str, r: f64) {
    let (shape, fill, letter) = look(colour);
    let class = format!("piece {colour}");
    svg.group(&class, &[("data-point", &point)]);
    svg.token(shape, cx, cy, r, fill, letter, true);
    svg.close("g");
}

impl picture::Picture for Simpei {
    fn picture(
        position: &Position,
        caption: &Caption,
        mistake: Option<&Mistake<Self>>,
        last: Option<&Last<Self>>,
    ) -> String {
        let mut svg = Svg::new(WIDTH, HEIGHT, &caption.title);
        // The players face each other across the board.
        svg.on_board(centre(3, 3), &[("red", 0), ("blue", 180)]);
        svg.group("board", &[]);
        // The lower world's lines first, under the upper world's.
        for i in [1, 3, 5] {
            let (x1, y1) = centre(1, i);
            let (x2, _) = centre(5, i);
            svg.path(&[(x1, y1), (x2, y1)], "line lower", None, "");
            let (x1, y1) = centre(i, 1);
            let (_, y2) = centre(i, 5);
            svg.path(&[(x1, y1), (x1, y2)], "line lower", None, "");
        }
        for i in [0, 2, 4, 6] {
            let (x1, y1) = centre(0, i);
            let (x2, _) = centre(6, i);
            svg.path(&[(x1, y1), (x2, y1)], "line upper", None, "");
            let (x1, y1) = centre(i, 0);
            let (_, y2) = centre(i, 6);
            svg.path(&[(x1, y1), (x1, y2)], "line upper", None, "");
        }
        for point in Point::all() {
            let (cx, cy) = at(point);
            let name = point.to_string();
            match point.world() {
                World::Upper => svg.element(
                    "circle",
                    &[
                        ("class", &"point upper"),
                        ("data-point", &name),
                        ("cx", &cx),
                        ("cy", &cy),
                        ("r", &7.0),
                        ("fill", &"#fff"),
                        ("stroke", &"#333"),
                        ("stroke-width", &2.0),
                    ],
                    true,
                ),
                World::Lower => svg.element(
                    "circle",
                    &[
                        ("class", &"point lower"),
                        ("data-point", &name),
                        ("cx", &cx),
                        ("cy", &cy),
                        ("r", &5.0),
                        ("fill", &"#777"),
                        ("stroke", &"#333"),
                        ("stroke-width", &1.0),
                    ],
                    true,
                ),
            }
        }
        svg.close("g");
        svg.group("coordinates", &[]);
        for i in 0..SIZE {
            let (x, _) = centre(i.into(), 0);
            let bottom = TOP + STEP * 6.0 + 34.0;
            svg.text(x, bottom, "coord", &((b'a' + i as u8) as char).to_string());
            let (_, y) = centre(0, i.into());
            svg.text(LEFT - 36.0, y + 4.0, "coord", &(i + 1).to_string());
        }
        svg.close("g");
        let won = winning_line(position);
        let relocated = last.is_some_and(|last| !last.turn.relocations.is_empty());
        svg.group("last", &[]);
        if let Some(line) = &won {
            let text: Vec<String> = line.iter().map(Point::to_string).collect();
            if let (Some(&first), Some(&end)) = (line.first(), line.last()) {
                svg.win_line(&[at(first), at(end)], &text.join(" "));
            }
        }
        if let Some(last) = last {
            draw_last(&mut svg, last);
        }
        svg.close("g");
        svg.group("pieces", &[]);
        for point in Point::all() {
            if let Some(colour) = position.colour_at(point) {
                piece(&mut svg, colour, at(point), &point.to_string(), 15.0);
            }
        }
        svg.close("g");
        let drawn = mistake.map(|mistake| draw_mistake(&mut svg, mistake));
        svg.close("g");
        let mut y = svg.caption(PANEL, 34.0, caption) + 10.0;
        svg.text(PANEL, y, "status", "In hand");
        for colour in [Colour::Red, Colour::Blue] {
            y += 30.0;
            svg.group("hand", &[("data-colour", &colour)]);
            let count = position.hand[colour.index()];
            piece(&mut svg, colour, (PANEL + 12.0, y - 4.0), "", 10.0);
            svg.text(PANEL + 30.0, y, "note", &format!("{colour}: {count}"));
            svg.close("g");
        }
        y += 36.0;
        svg.text(PANEL, y, "status", "Legend");
        svg.group("legend", &[]);
        y += 24.0;
        svg.circle(
            PANEL + 12.0,
            y - 4.0,
            7.0,
            &[("fill", "#fff"), ("stroke", "#333"), ("stroke-width", "2")],
        );
        svg.text(PANEL + 30.0, y, "note", "upper world (4x4), solid lines");
        y += 22.0;
        svg.circle(
            PANEL + 12.0,
            y - 4.0,
            5.0,
            &[("fill", "#777"), ("stroke", "#333")],
        );
        svg.text(PANEL + 30.0, y, "note", "lower world (3x3), dashed lines");
        svg.close("g");
        if last.is_some() {
            y = svg.last_legend(PANEL, y + 24.0, false, relocated) - 24.0;
        }
        if won.is_some() {
            y = svg.win_legend(PANEL, y + 24.0) - 24.0;
        }
        if let Some((mistake, drawn)) = mistake.zip(drawn) {
            svg.mistake_legend(
                PANEL,
                y + 30.0,
                mistake.violation.expected.as_ref(),
                drawn,
                true,
            );
        }
        svg.finish()
    }
}

/// The refused turn's parts: the right ones before the wrong one, the
/// wrong one in the warning colour, and what was legal instead under them,
/// its ends dotted over them; how many alternatives are drawn.
fn draw_mistake(svg: &mut Svg, mistake: &Mistake<Simpei>) -> usize {
    let drawn = svg.alternatives(mistake.violation.expected.as_ref(), centre);
    let turn = mistake.turn;
    let mut parts: Vec<(Span, StrokeKind, Vec<Square>)> = Vec::new();
    match turn.action.value {
        Written::Place(square) => {
            parts.push((turn.action.span, StrokeKind::Mark, vec![square.value]))
        }
        Written::Move(from, to) => parts.push((
            turn.action.span,
            StrokeKind::Move,
            vec![from.value, to.value],
        )),
        Written::Pass => {}
    }
    for relocation in &turn.relocations {
        let (from, to) = relocation.value;
        parts.push((
            relocation.span,
            StrokeKind::Relocation,
            vec![from.value, to.value],
        ));
    }
    let span = mistake.violation.span;
    let wrong = parts.iter().position(|(s, ..)| overlaps(*s, span));
    svg.group("refused", &[]);
    for (i, (_, kind, squares)) in parts.iter().enumerate() {
        let class = match wrong {
            Some(w) if i < w => "written before",
            Some(w) if i > w => continue,
            _ => "written",
        };
        let points: Vec<(f64, f64)> = squares.iter().map(|s| written_at(*s)).collect();
        let text: Vec<String> = squares
            .iter()
            .map(|s| format!("{}{}", s.file.to_ascii_lowercase(), s.rank))
            .collect();
        let joint = if *kind == StrokeKind::Relocation {
            ">"
        } else {
            "-"
        };
        svg.stroke(*kind, &points, class, &text.join(joint));
    }
    svg.close("g");
    svg.targets();
    drawn
}

/// The line of three that won, when the position is won: the winner's
/// three pieces on a line of a world with none of the loser's between.
fn winning_line(position: &Position) -> Option<Vec<Point>> {
    let winner = position.winner?.index();
    let (own, theirs) = (position.pieces[winner], position.pieces[1 - winner]);
    points(own).find_map(|point| {
        point.around().lines.into_iter().find_map(|line| {
            let aligned = own & line;
            (line != 0 && holds_three(aligned) && theirs & line & inside(aligned) == 0)
                .then(|| points(aligned).collect())
        })
    })
}

/// `square` as the point it names, lowercase (`c3`).
fn point_name(square: Square) -> String {
    format!("{}{}", square.file.to_ascii_lowercase(), square.rank)
}

/// The marks of the turn that reached the position: where its piece came
/// from and went (a placement went only), and each sandwiched piece sent
/// from where to where. Simpei takes no piece: a sandwich relocates.
fn draw_last(svg: &mut Svg, last: &Last<Simpei>) {
    let turn = last.turn;
    match turn.action.value {
        Written::Place(to) => {
            svg.last_to(
                written_at(to.value),
                20.0,
                "data-point",
                &point_name(to.value),
            );
        }
        Written::Move(from, to) => moved(svg, from.value, to.value, false),
        Written::Pass => {}
    }
    for relocation in &turn.relocations {
        let (from, to) = relocation.value;
        moved(svg, from.value, to.value, true);
    }
}

/// A piece of the last turn moved, or (`relocation`) sent away by a
/// sandwich: where it went, where from, and its way, named as written
/// (`d4-c5`, `c3>d6`).
fn moved(svg: &mut Svg, from: Square, to: Square, relocation: bool) {
    let (a, b) = (written_at(from), written_at(to));
    svg.last_to(b, 20.0, "data-point", &point_name(to));
    svg.last_from(a, 18.0, "data-point", &point_name(from));
    let sign = if relocation { '>' } else { '-' };
    let text = format!("{}{sign}{}", point_name(from), point_name(to));
    svg.last_line(&[a, b], relocation, &text);
}
