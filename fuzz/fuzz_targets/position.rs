//! (d) A position from fuzzed setup data (the first byte picks the game,
//! in registry order), then fuzzed turns: crowded boards and deep capture
//! searches, which whole files rarely reach. The turns are mostly picked
//! among the legal ones (so that games go deep), and the record written
//! from them is checked whole, its end stopped at as `arbitre moves` does,
//! with a fuzzed last turn glued on.

#![no_main]

mod common;

use arbitre::dispatch::stop;
use arbitre::games::puluc::Puluc;
use arbitre::games::simpei::{Point, Simpei};
use arbitre::games::superpion::{Camp, Sq, Superpion};
use arbitre::{games, open, Game, Reader, RecordFormat, Switches};

/// Bytes handed out one at a time; zero once spent.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn pick<'t, T>(&mut self, from: &'t [T]) -> Option<&'t T> {
        from.get(usize::from(self.next()) % from.len().max(1))
    }
}

fn superpion_header(bytes: &mut Bytes<'_>) -> String {
    const MODES: [&str; 5] = [
        "four-players",
        "teams",
        "three-players",
        "two-players",
        "two-super-players",
    ];
    const MARKS: [&str; 6] = ["", "", "", "=S", "=R", "=B"];
    let squares: Vec<Sq> = Sq::all().collect();
    let mode = bytes.pick(&MODES).copied().unwrap_or("four-players");
    let to_move = bytes.pick(&Camp::ALL).copied().unwrap_or(Camp::Blue);
    let mut camps: [Vec<String>; 4] = Default::default();
    for _ in 0..usize::from(bytes.next() % 48) {
        let (Some(sq), Some(mark)) = (bytes.pick(&squares), bytes.pick(&MARKS)) else {
            break;
        };
        camps[usize::from(bytes.next() % 4)].push(format!("\"{sq}{mark}\""));
    }
    let pieces: Vec<String> = Camp::ALL
        .iter()
        .zip(&camps)
        .filter(|(_, list)| !list.is_empty())
        .map(|(camp, list)| format!("{}: [{}]", camp.name(), list.join(", ")))
        .collect();
    format!(
        "---\ngame: superpion\nmode: {mode}\nsetup:\n  to-move: {}\n  pieces: {{{}}}\n---\n",
        to_move.name(),
        pieces.join(", ")
    )
}

fn simpei_header(bytes: &mut Bytes<'_>) -> String {
    let points: Vec<Point> = Point::all().collect();
    let mut sides: [Vec<String>; 2] = Default::default();
    for _ in 0..usize::from(bytes.next() % 10) {
        let Some(point) = bytes.pick(&points) else {
            break;
        };
        sides[usize::from(bytes.next() % 2)].push(point.to_string());
    }
    let to_move = if bytes.next() % 2 == 0 { "red" } else { "blue" };
    format!(
        "---\ngame: simpei\nsetup:\n  red: [{}]\n  blue: [{}]\n  to-move: {to_move}\n---\n",
        sides[0].join(", "),
        sides[1].join(", ")
    )
}

fn puluc_header(bytes: &mut Bytes<'_>) -> String {
    let mut track = Vec::new();
    for _ in 0..usize::from(bytes.next() % 6) {
        let square = bytes.next() % 11;
        let stack: Vec<&str> = (0..1 + bytes.next() % 4)
            .map(|_| if bytes.next() % 2 == 0 { "a" } else { "b" })
            .collect();
        track.push(format!("\"{square}\": [{}]", stack.join(", ")));
    }
    let to_move = if bytes.next() % 2 == 0 { "a" } else { "b" };
    format!(
        "---\ngame: puluc\nsetup:\n  to-move: {to_move}\n  killed: {{a: {}, b: {}}}\n  track: {{{}}}\n---\n",
        bytes.next() % 5,
        bytes.next() % 5,
        track.join(", ")
    )
}

/// Play up to 48 turns picked by the bytes among the legal ones, then
/// check the record they make with the rest of the bytes glued on as a
/// last turn, and stop at its end.
fn play_out<G: Game>(header: String, mut bytes: Bytes<'_>) {
    let switches = Switches::new();
    let Ok(opened) = open::<G>(&header, &switches) else {
        common::check_all(header.as_bytes());
        return;
    };
    let mut position = opened.start.clone();
    let mut plays = Vec::new();
    for _ in 0..usize::from(bytes.next() % 48) {
        let legal = G::legal(&position);
        let Some(play) = bytes.pick(&legal) else {
            break;
        };
        G::apply(&mut position, play);
        plays.push(play.clone());
    }
    let mut text = header;
    text.push_str(&G::movetext(&opened.start, &plays));
    text.push(' ');
    text.push_str(&String::from_utf8_lossy(bytes.0));
    text.push('\n');
    for record in Reader::new(text.as_bytes()).take(2) {
        let Ok(record) = record else { break };
        let _ = common::report(&record, &switches);
        let _ = stop(&record, &switches, None);
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let games = games::all();
    let game = games[usize::from(bytes.next()) % games.len()].name();
    // A setup header is written per game; a game without a writer here is
    // fuzzed from its usual start, the bytes as its movetext.
    if game == Superpion::NAME {
        let header = superpion_header(&mut bytes);
        play_out::<Superpion>(header, bytes);
    } else if game == Simpei::NAME {
        let header = simpei_header(&mut bytes);
        play_out::<Simpei>(header, bytes);
    } else if game == Puluc::NAME {
        let header = puluc_header(&mut bytes);
        play_out::<Puluc>(header, bytes);
    } else {
        let mut text = format!("---\ngame: {game}\n---\n").into_bytes();
        text.extend_from_slice(bytes.0);
        common::check_all(&text);
    }
});
