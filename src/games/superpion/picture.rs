//! The cross board drawn as SVG for `arbitre show --format svg`: dark and
//! white squares, each camp's pieces by shape, colour and letter (a
//! Superpion ringed, with its under-pawn as a badge), the piles beside the
//! board, and a refused turn over the position before it.

use crate::picture::overlaps;
use crate::picture::{self, Caption, Last, Mistake, Shape, Svg};

use super::board::{locate, Camp, Located, Sq, SIZE};
use super::modes::Colour;
use super::notation::{Square, Written};
use super::position::Position;
use super::Superpion;

/// A square's side, in pixels.
const CELL: f64 = 36.0;
/// Where the grid starts: room for the rank numbers on the left.
const LEFT: f64 = 32.0;
const TOP: f64 = 16.0;
/// Where the panel beside the board starts.
const PANEL: f64 = LEFT + CELL * SIZE as f64 + 30.0;
const WIDTH: u32 = 900;
const HEIGHT: u32 = 580;

/// Each colour's shape, fill, and whether its letter is drawn white.
fn look(colour: Colour) -> (Shape, &'static str, bool) {
    match colour {
        Colour::Blue => (Shape::Circle, "#2f6fd0", true),
        Colour::Red => (Shape::Square, "#d0412f", true),
        Colour::Yellow => (Shape::Triangle, "#f2c830", false),
        Colour::Black => (Shape::Diamond, "#222222", true),
        Colour::Spare => (Shape::Hatched, "#ffffff", false),
    }
}

/// The centre of the square at 0-based `file`, `rank`, which may lie off
/// the grid (a written square that is no square): it is drawn at the edge.
fn centre(file: i32, rank: i32) -> (f64, f64) {
    let edge = f64::from(SIZE) - 0.5;
    let file = f64::from(file).clamp(-0.5, edge);
    let rank = f64::from(rank).clamp(-0.5, edge);
    (
        LEFT + (file + 0.5) * CELL,
        TOP + (f64::from(SIZE) - 1.0 - rank + 0.5) * CELL,
    )
}

fn name_of(file: i8, rank: i8) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// A pawn, or a Superpion with its under-pawn, of `camp` at `cx`, `cy`.
fn piece(svg: &mut Svg, camp: Camp, under: Option<Colour>, cx: f64, cy: f64, square: &str) {
    let colour = Colour::of(camp);
    let (shape, fill, dark) = look(colour);
    let letter = camp.letter().to_string();
    let class = match under {
        Some(under) => format!("piece superpion {} under-{}", camp.name(), name(under)),
        None => format!("piece pawn {}", camp.name()),
    };
    svg.group(&class, &[("data-square", &square)]);
    if under.is_some() {
        svg.circle(
            cx,
            cy,
            16.5,
            &[("fill", "#fff"), ("stroke", fill), ("stroke-width", "3")],
        );
        svg.circle(
            cx,
            cy,
            16.5,
            &[("fill", "none"), ("stroke", "#111"), ("stroke-width", "1")],
        );
    }
    svg.token(shape, cx, cy, 12.5, fill, &letter, dark);
    if let Some(under) = under {
        let (shape, fill, dark) = look(under);
        svg.token(
            shape,
            cx + 11.0,
            cy + 11.0,
            6.0,
            fill,
            &under.letter().to_string(),
            dark,
        );
    }
    svg.close("g");
}

/// The camp and under-pawn of the first Superpion, rank by rank from a1.
fn first_superpion(position: &Position) -> Option<(Camp, Colour)> {
    (0..SIZE)
        .flat_map(|rank| (0..SIZE).map(move |file| (file, rank)))
        .find_map(|(file, rank)| {
            let Located::White(sq) = locate(file.into(), rank.into()) else {
                return None;
            };
            let camp = position.camp_at(sq).filter(|_| position.is_superpion(sq))?;
            Some((camp, position.under[sq.index()]))
        })
}

/// A colour's name, for classes and the legend.
fn name(colour: Colour) -> &'static str {
    colour.camp().map_or("spare", Camp::name)
}

impl picture::Picture for Superpion {
    fn picture(
        position: &Position,
        caption: &Caption,
        mistake: Option<&Mistake<Self>>,
        last: Option<&Last<Self>>,
    ) -> String {
        let mut svg = Svg::new(WIDTH, HEIGHT, &caption.title);
        // Each camp's seat: Blue south, Red west, Yellow north, Black east.
        let middle = CELL * f64::from(SIZE) / 2.0;
        svg.on_board(
            (LEFT + middle, TOP + middle),
            &[("blue", 0), ("red", 270), ("yellow", 180), ("black", 90)],
        );
        svg.group("board", &[]);
        for rank in 0..SIZE {
            for file in 0..SIZE {
                let (cx, cy) = centre(file.into(), rank.into());
                let (x, y) = (cx - CELL / 2.0, cy - CELL / 2.0);
                let square = name_of(file, rank);
                match locate(file.into(), rank.into()) {
                    Located::Off => {}
                    Located::Dark => svg.element(
                        "rect",
                        &[
                            ("class", &"square dark"),
                            ("data-square", &square),
                            ("x", &x),
                            ("y", &y),
                            ("width", &CELL),
                            ("height", &CELL),
                            ("fill", &"#8b6b47"),
                        ],
                        true,
                    ),
                    Located::White(_) => svg.element(
                        "rect",
                        &[
                            ("class", &"square white"),
                            ("data-square", &square),
                            ("x", &x),
                            ("y", &y),
                            ("width", &CELL),
                            ("height", &CELL),
                            ("fill", &"#f5ecd6"),
                            ("stroke", &"#8b6b47"),
                            ("stroke-width", &"0.5"),
                        ],
                        true,
                    ),
                }
            }
        }
        svg.close("g");
        svg.group("coordinates", &[]);
        for i in 0..SIZE {
            let (x, _) = centre(i.into(), 0);
            let bottom = TOP + CELL * f64::from(SIZE) + 16.0;
            let letter = ((b'a' + i as u8) as char).to_string();
            svg.text(x, bottom, "coord", &letter);
            let (_, y) = centre(0, i.into());
            svg.text(LEFT - 14.0, y + 4.0, "coord", &(i + 1).to_string());
        }
        svg.close("g");
        let taken = last.map(|last| draw_last(&mut svg, position, last));
        svg.group("pieces", &[]);
        for rank in 0..SIZE {
            for file in 0..SIZE {
                let Located::White(sq) = locate(file.into(), rank.into()) else {
                    continue;
                };
                let Some(camp) = position.camp_at(sq) else {
                    continue;
                };
                let under = position
                    .is_superpion(sq)
                    .then(|| position.under[sq.index()]);
                let (cx, cy) = centre(file.into(), rank.into());
                piece(&mut svg, camp, under, cx, cy, &name_of(file, rank));
            }
        }
        svg.close("g");
        let drawn = mistake.map(|mistake| draw_mistake(&mut svg, mistake));
        svg.close("g");
        let y = svg.caption(PANEL, 30.0, caption);
        panel(&mut svg, position, y + 6.0, mistake.zip(drawn), taken);
        svg.finish()
    }
}

/// The refused turn: its actions before the wrong one, the wrong one in
/// the warning colour, and what was legal instead under them, its ends
/// dotted over them; how many alternatives are drawn.
fn draw_mistake(svg: &mut Svg, mistake: &Mistake<Superpion>) -> usize {
    let drawn = svg.alternatives(mistake.violation.expected.as_ref(), centre);
    svg.group("refused", &[]);
    let wrong = mistake
        .turn
        .actions
        .iter()
        .position(|a| overlaps(a.span, mistake.violation.span));
    for (i, action) in mistake.turn.actions.iter().enumerate() {
        let class = match wrong {
            Some(w) if i < w => "written before",
            Some(w) if i > w => continue,
            _ => "written",
        };
        let (kind, squares) = match &action.value.written {
            Written::Move(from, to) => (picture::StrokeKind::Move, vec![from.value, to.value]),
            Written::Capture(from, landings) => (
                picture::StrokeKind::Capture,
                std::iter::once(from.value)
                    .chain(landings.iter().map(|l| l.value))
                    .collect(),
            ),
        };
        let points: Vec<(f64, f64)> = squares.iter().map(|s| written_at(*s)).collect();
        let text: Vec<String> = squares.iter().map(|s| s.text()).collect();
        let joint = if kind == picture::StrokeKind::Capture {
            "x"
        } else {
            "-"
        };
        let mut notation = text.join(joint);
        // The written promotion mark, `=R`, beside where the action ends.
        let mark = action.value.mark.map(|m| format!("={}", m.value.letter()));
        if let Some(mark) = &mark {
            notation.push_str(mark);
        }
        svg.stroke(kind, &points, class, &notation);
        if let (Some(mark), Some((x, y))) = (mark, points.last()) {
            let class = class.replace("written", "promotion");
            svg.text(x + 16.0, y + 5.0, &class, &mark);
        }
    }
    svg.close("g");
    svg.targets();
    drawn
}

/// Beside the board: the mode, the piles, the legend.
fn panel(
    svg: &mut Svg,
    position: &Position,
    mut y: f64,
    mistake: Option<(&Mistake<Superpion>, usize)>,
    taken: Option<bool>,
) {
    let variant = position.variant;
    let mode = match variant.neutral {
        Some(neutral) => format!("Mode {}, {neutral} neutral", variant.mode),
        None => format!("Mode {}", variant.mode),
    };
    svg.text(PANEL, y, "note", &mode);
    y += 24.0;
    svg.text(PANEL, y, "status", "Piles (pawns captured)");
    y += 8.0;
    for player in variant.players() {
        let key = if variant.mode.two_player() {
            format!("player{}", player + 1)
        } else {
            Camp::from_index(player).name().to_string()
        };
        y += 22.0;
        svg.group("pile", &[("data-player", &key)]);
        svg.text(PANEL, y + 4.0, "note", &key);
        let mut x = PANEL + 66.0;
        let pile = position.piles.get(player).copied().unwrap_or_default();
        let mut any = false;
        for colour in Colour::ALL {
            let count = pile[colour.index()];
            if count == 0 {
                continue;
            }
            any = true;
            let (shape, fill, dark) = look(colour);
            svg.token(shape, x, y, 7.0, fill, &colour.letter().to_string(), dark);
            svg.text(x + 11.0, y + 4.0, "note", &format!("×{count}"));
            x += 44.0;
        }
        if !any {
            svg.text(x - 4.0, y + 4.0, "note", "none");
        }
        svg.close("g");
    }
    y += 32.0;
    svg.text(PANEL, y, "status", "Legend");
    y += 8.0;
    svg.group("legend", &[]);
    for colour in Colour::ALL {
        y += 22.0;
        let (shape, fill, dark) = look(colour);
        svg.token(
            shape,
            PANEL + 10.0,
            y,
            8.0,
            fill,
            &colour.letter().to_string(),
            dark,
        );
        let words = match colour.camp() {
            Some(camp) => format!("{} pawn ({})", camp.name(), camp.letter()),
            None => "spare pawn (S), under a Superpion".to_string(),
        };
        svg.text(PANEL + 28.0, y + 4.0, "note", &words);
    }
    y += 30.0;
    // The first Superpion on the board stands for them all; with none, a
    // Superpion is said generically, drawn as one would look.
    let first = first_superpion(position);
    let (camp, under) = first.unwrap_or((Camp::Blue, Colour::Red));
    piece(svg, camp, Some(under), PANEL + 12.0, y, "");
    let words = match first {
        Some((camp, under)) => format!("{} Superpion over a {} pawn", camp.name(), name(under)),
        None => "a Superpion, its under-pawn at its foot".to_string(),
    };
    svg.text(PANEL + 36.0, y + 4.0, "note", &words);
    y += 26.0;
    svg.rect(
        PANEL + 2.0,
        y - 8.0,
        14.0,
        14.0,
        &[("fill", "#f5ecd6"), ("stroke", "#8b6b47")],
    );
    svg.rect(PANEL + 18.0, y - 8.0, 14.0, 14.0, &[("fill", "#8b6b47")]);
    svg.text(
        PANEL + 40.0,
        y + 4.0,
        "note",
        "white squares (played) and dark",
    );
    svg.close("g");
    if let Some(taken) = taken {
        y = svg.last_legend(PANEL, y + 28.0, taken, false) - 28.0;
    }
    if let Some((mistake, drawn)) = mistake {
        svg.mistake_legend(
            PANEL,
            y + 28.0,
            mistake.violation.expected.as_ref(),
            drawn,
            true,
        );
    }
}

/// The centre of a written square, on the board or at its edge.
fn written_at(s: Square) -> (f64, f64) {
    let file = i32::from(s.file.to_ascii_lowercase() as u8) - i32::from(b'a');
    let rank = s.rank.value().map_or(i32::MAX, |r| r.min(99) as i32) - 1;
    centre(file, rank)
}

/// The marks of the turn that reached `position`, under its pieces: each
/// action's start ringed, its way (through every landing of a capture)
/// and its end; a cross on each piece it took, that is each other camp's
/// piece of the position before that is gone. Whether it took any.
fn draw_last(svg: &mut Svg, position: &Position, last: &Last<Superpion>) -> bool {
    svg.group("last", &[]);
    let mover = last.turn.camp.value;
    let mut taken = false;
    for sq in Sq::all() {
        let Some(camp) = last.before.camp_at(sq) else {
            continue;
        };
        if camp != mover && position.camp_at(sq) != Some(camp) {
            taken = true;
            let (file, rank) = sq.coords();
            let at = centre(file.into(), rank.into());
            svg.last_taken(at, 9.0, "data-square", &name_of(file, rank));
        }
    }
    for action in last.turn.actions.iter() {
        let squares: Vec<Square> = match &action.value.written {
            Written::Move(from, to) => vec![from.value, to.value],
            Written::Capture(from, landings) => std::iter::once(from.value)
                .chain(landings.iter().map(|l| l.value))
                .collect(),
        };
        let (Some(from), Some(to)) = (squares.first(), squares.last()) else {
            continue;
        };
        let points: Vec<(f64, f64)> = squares.iter().map(|s| written_at(*s)).collect();
        svg.last_to(written_at(*to), CELL / 2.0 - 2.0, "data-square", &to.text());
        svg.last_from(written_at(*from), 15.0, "data-square", &from.text());
        let text: Vec<String> = squares.iter().map(|s| s.text()).collect();
        svg.last_line(&points, false, &text.join("-"));
    }
    svg.close("g");
    taken
}
