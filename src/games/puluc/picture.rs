//! The track drawn as SVG for `arbitre show --format svg`: squares 0 to
//! N-1, towers as stacks of pawns (the master on top), the pawns waiting
//! on each start square, the killed beside the track, and a refused turn
//! over the position before it.

use crate::picture::{self, Caption, Last, Mistake, Shape, StrokeKind, Svg};

use super::board::{Side, MAX_SQUARES, PAWNS};
use super::notation::{Source, Written};
use super::position::Position;
use super::Puluc;

const LEFT: f64 = 24.0;
/// The track's baseline: towers grow up from it.
const BASE: f64 = 330.0;
/// A pawn's height in a stack.
const PAWN: f64 = 18.0;
const WIDTH: u32 = 900;
const HEIGHT: u32 = 500;

/// Each side's fill, whether its letter is white, and its shape as a token.
fn look(side: Side) -> (&'static str, bool, Shape) {
    match side {
        Side::A => ("#f1dfb8", false, Shape::Circle),
        Side::B => ("#3b2a1a", true, Shape::Square),
    }
}

/// A square's width: the track fills the picture's width.
fn cell(position: &Position) -> f64 {
    ((f64::from(WIDTH) - 2.0 * LEFT) / f64::from(position.squares.max(1))).min(72.0)
}

/// The middle of square `s` (which may lie off the track: drawn just past
/// its end).
fn middle(position: &Position, s: i64) -> f64 {
    let s = s.clamp(-1, i64::from(position.squares));
    LEFT + (s as f64 + 0.5) * cell(position)
}

/// One pawn of a stack, `level` from the bottom, `top` when it masters the
/// stack.
fn pawn(svg: &mut Svg, side: Side, x: f64, level: usize, width: f64, top: bool) {
    let (fill, dark, _) = look(side);
    let y = BASE - PAWN * (level as f64 + 1.0);
    let class = if top {
        format!("pawn {} master", side.name())
    } else {
        format!("pawn {}", side.name())
    };
    svg.group(&class, &[]);
    // A's pawns are rounded, B's square-cornered: the sides read apart
    // without colour.
    let rx = if side == Side::A { "8" } else { "0" };
    let stroke_width = if top { "2.5" } else { "1" };
    svg.rect(
        x - width / 2.0,
        y + 1.0,
        width,
        PAWN - 2.0,
        &[
            ("fill", fill),
            ("stroke", "#111"),
            ("stroke-width", stroke_width),
            ("rx", rx),
        ],
    );
    let letter = side.to_string();
    let class = if dark { "letter light" } else { "letter" };
    svg.element(
        "text",
        &[("x", &x), ("y", &(y + PAWN - 5.0)), ("class", &class)],
        false,
    );
    svg.close_text(&letter);
    svg.close("g");
}

impl picture::Picture for Puluc {
    fn picture(
        position: &Position,
        caption: &Caption,
        mistake: Option<&Mistake<Self>>,
        last: Option<&Last<Self>>,
    ) -> String {
        let mut svg = Svg::new(WIDTH, HEIGHT, &caption.title);
        let n = position.squares.min(MAX_SQUARES);
        let w = cell(position);
        svg.group("track", &[]);
        for s in 0..n {
            let x = LEFT + f64::from(s) * w;
            let start = s == 0 || s == n - 1;
            let class = if start { "square start" } else { "square" };
            let fill = if start { "#d9d2c3" } else { "#f5ecd6" };
            svg.element(
                "rect",
                &[
                    ("class", &class),
                    ("data-square", &s),
                    ("x", &x),
                    ("y", &BASE),
                    ("width", &w),
                    ("height", &24.0),
                    ("fill", &fill),
                    ("stroke", &"#8b6b47"),
                ],
                true,
            );
            svg.text(x + w / 2.0, BASE + 17.0, "coord", &s.to_string());
        }
        svg.close("g");
        let width = (w - 10.0).min(44.0);
        let taken = last.map(|last| draw_last(&mut svg, position, last));
        svg.group("pieces", &[]);
        for s in 1..n.saturating_sub(1) {
            let stack = position.track[usize::from(s)];
            let x = middle(position, s.into());
            let height = usize::from(stack.height());
            svg.group("tower", &[("data-square", &s), ("data-height", &height)]);
            for (level, side) in stack.pawns().enumerate() {
                pawn(&mut svg, side, x, level, width, level + 1 == height);
            }
            svg.close("g");
        }
        for side in [Side::A, Side::B] {
            let home = position.home(side);
            let waiting = usize::from(position.start[side.index()]).min(usize::from(PAWNS) * 2);
            let x = middle(position, home.into());
            svg.group(
                "waiting",
                &[("data-side", &side.name()), ("data-count", &waiting)],
            );
            for level in 0..waiting {
                pawn(&mut svg, side, x, level, width, false);
            }
            svg.close("g");
        }
        svg.close("g");
        svg.text(
            middle(position, 0),
            BASE + 42.0,
            "note",
            "A's start: A moves right →",
        );
        let label = "← B moves left: B's start";
        svg.element(
            "text",
            &[
                ("x", &(middle(position, i64::from(n) - 1) + w / 2.0)),
                ("y", &(BASE + 42.0)),
                ("class", &"note"),
                ("text-anchor", &"end"),
            ],
            false,
        );
        svg.close_text(label);
        let drawn = mistake.map(|mistake| draw_mistake(&mut svg, position, mistake));
        let mut y = svg.caption(LEFT, 28.0, caption);
        let killed = |side: Side| position.killed[side.index()];
        let mut x = LEFT;
        y += 4.0;
        svg.text(x, y + 4.0, "status", "Killed:");
        x += 64.0;
        for side in [Side::A, Side::B] {
            let (fill, dark, shape) = look(side);
            svg.group(
                "killed",
                &[("data-side", &side.name()), ("data-count", &killed(side))],
            );
            svg.token(shape, x, y, 8.0, fill, &side.to_string(), dark);
            svg.text(x + 12.0, y + 4.0, "note", &format!("×{}", killed(side)));
            svg.close("g");
            x += 60.0;
        }
        legend(&mut svg, BASE + 70.0);
        let mut y = BASE + 92.0;
        if let Some(taken) = taken {
            y = svg.last_legend(LEFT + 430.0, BASE + 70.0, taken, false) + 4.0;
        }
        if let Some((mistake, drawn)) = mistake.zip(drawn) {
            svg.mistake_legend(
                LEFT + 430.0,
                y,
                mistake.violation.expected.as_ref(),
                drawn,
                false,
            );
        }
        svg.finish()
    }
}

/// What the pawns and stacks mean, under the track.
fn legend(svg: &mut Svg, y: f64) {
    svg.group("legend", &[]);
    for (i, side) in [Side::A, Side::B].into_iter().enumerate() {
        let row = y + 22.0 * i as f64;
        let (fill, dark, shape) = look(side);
        svg.token(shape, LEFT + 10.0, row, 8.0, fill, &side.to_string(), dark);
        svg.text(
            LEFT + 26.0,
            row + 4.0,
            "note",
            &format!("{side}'s pawns (a tower of pawns is a stack)"),
        );
    }
    svg.text(
        LEFT,
        y + 48.0,
        "note",
        "The pawn on top, outlined thick, masters its tower.",
    );
    svg.text(
        LEFT,
        y + 66.0,
        "note",
        "On a start square: the pawns still to enter.",
    );
    svg.close("g");
}

/// The refused turn as an arc over the track from its source to where it
/// lands, in the warning colour; what was legal instead above it, each at
/// its own height; how many alternatives are drawn.
fn draw_mistake(svg: &mut Svg, position: &Position, mistake: &Mistake<Puluc>) -> usize {
    let side = position.to_move;
    // How high the pawns on a square stand: an arc starts and ends above.
    let standing = |s: i64| -> f64 {
        let pawns = match u8::try_from(s) {
            Ok(0) => position.start[Side::A.index()],
            Ok(s) if s + 1 == position.squares => position.start[Side::B.index()],
            Ok(s) if s < position.squares => position.track[usize::from(s)].height(),
            _ => 0,
        };
        BASE - PAWN * f64::from(pawns.min(PAWNS * 2)) - 4.0
    };
    let arc = |from: i64, to: i64, lift: f64| {
        let (x1, x2) = (middle(position, from), middle(position, to));
        let top = BASE - PAWN * 9.0 - lift;
        vec![
            (x1, standing(from)),
            (x1, top),
            (x2, top),
            (x2, standing(to)),
        ]
    };
    svg.group("alternatives", &[]);
    // Told apart by where they start and land, each arc at its own height.
    let mut seen: Vec<(i64, i64)> = Vec::new();
    if let Some(expected) = &mistake.violation.expected {
        for alternative in expected.iter().take(crate::game::LISTED) {
            let text = alternative.to_string();
            let Some(play) = read_play(position, &text) else {
                continue;
            };
            if seen.contains(&play) {
                continue;
            }
            let lift = 8.0 * seen.len() as f64 + 14.0;
            seen.push(play);
            let strokes = [(StrokeKind::Move, arc(play.0, play.1, lift))];
            svg.alternative(&strokes, &text, &mut Vec::new());
        }
    }
    svg.close("g");
    svg.group("refused", &[]);
    let turn = mistake.turn;
    let throw = i64::from(turn.throw.value);
    let text = position_text(turn);
    match turn.written {
        Written::Pass => {
            let x = middle(position, position.home(side).into());
            svg.stroke(StrokeKind::Mark, &[(x, BASE - 8.0)], "written", &text);
        }
        Written::Move { source, to } => {
            let from = match source.value {
                Source::Enter => i64::from(position.home(side)),
                Source::Square(n) => n.value.value().map_or(i64::MAX / 2, i64::from),
            };
            let step = if side == Side::A { throw } else { -throw };
            let to = to.map_or(from.saturating_add(step), |n| {
                n.value.value.value().map_or(i64::MAX / 2, i64::from)
            });
            let drawn = arc(from, to, 0.0);
            svg.stroke(StrokeKind::Move, &drawn, "written", &text);
            // The throw and the move as written, over the arc.
            if let [_, (x1, top), (x2, _), _] = drawn[..] {
                svg.text_within((x1 + x2) / 2.0 - 16.0, top - 6.0, "illegal", 13.0, &text);
            }
        }
    }
    svg.close("g");
    svg.targets();
    seen.len()
}

/// The turn as written, without its move number: `3:4-7`.
fn position_text(turn: &super::notation::Turn) -> String {
    let throw = turn.throw.value;
    match turn.written {
        Written::Pass => format!("{throw}:-"),
        Written::Move { source, to } => {
            let from = match source.value {
                Source::Enter => "e".to_string(),
                Source::Square(n) => n.value.to_string(),
            };
            match to {
                Some(to) => format!("{throw}:{from}-{}", to.value.value),
                None => format!("{throw}:{from}"),
            }
        }
    }
}

/// The source and destination squares of a turn as `3:4-7` or `5:e-5`
/// prints it; `None` for a pass or any other text.
fn read_play(position: &Position, text: &str) -> Option<(i64, i64)> {
    let (_, action) = text.trim().split_once(':')?;
    let (from, to) = action.split_once('-')?;
    let from = match from {
        "e" | "E" => i64::from(position.home(position.to_move)),
        number => number.parse().ok()?,
    };
    Some((from, to.parse().ok()?))
}

/// Where a turn played from `before` starts and lands, as written (`e`
/// is the mover's start square, an unwritten landing is the throw's);
/// `None` for a pass.
fn ends(before: &Position, turn: &super::notation::Turn) -> Option<(i64, i64)> {
    let Written::Move { source, to } = turn.written else {
        return None;
    };
    let side = before.to_move;
    let from = match source.value {
        Source::Enter => i64::from(before.home(side)),
        Source::Square(n) => n.value.value().map_or(i64::MAX / 2, i64::from),
    };
    let throw = i64::from(turn.throw.value);
    let step = if side == Side::A { throw } else { -throw };
    let to = to.map_or(from.saturating_add(step), |n| {
        n.value.value.value().map_or(i64::MAX / 2, i64::from)
    });
    Some((from, to))
}

/// The marks of the turn that reached `position`, on the track under the
/// towers: its start ringed, its landing framed, its way drawn under the
/// track; a cross above the landing's tower when it landed on the other
/// side's pawns, which it took. Whether it took any.
fn draw_last(svg: &mut Svg, position: &Position, last: &Last<Puluc>) -> bool {
    svg.group("last", &[]);
    let Some((from, to)) = ends(last.before, last.turn) else {
        svg.close("g");
        return false;
    };
    let half = (cell(position) / 2.0 - 2.0).min(14.0);
    let (x1, x2) = (middle(position, from), middle(position, to));
    let row = BASE + 12.0;
    svg.last_to((x2, row), half, "data-square", &to.to_string());
    svg.last_from((x1, row), half - 1.0, "data-square", &from.to_string());
    let text = position_text(last.turn);
    let below = BASE + 30.0;
    svg.last_line(&[(x1, below), (x2, below)], false, &text);
    let mover = last.before.to_move;
    let landed_on = usize::try_from(to)
        .ok()
        .and_then(|s| last.before.track.get(s))
        .and_then(|stack| stack.top());
    let taken = landed_on == Some(mover.other());
    if taken {
        let height = usize::try_from(to)
            .ok()
            .and_then(|s| position.track.get(s))
            .map_or(0, |stack| stack.height());
        let y = BASE - PAWN * f64::from(height.min(PAWNS * 2)) - 14.0;
        // Off the middle, where a refused turn's arrow may come down.
        let x = x2 + cell(position) / 4.0;
        svg.last_taken((x, y), 6.0, "data-square", &to.to_string());
    }
    svg.close("g");
    taken
}
