//! Superpion benchmarks: replaying random games of every mode (actions
//! validated per second), the capture search (and the cheap test of
//! whether any capture exists) on crowded positions where Superpions have
//! many long sequences and on the ordinary positions of a game.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use arbitre::games::superpion::{Camp, Colour, Mode, Position, Sq, Superpion, Variant};
use arbitre::replay::check_as;
use arbitre::Switches;

const MODES: [&str; 5] = [
    "four-players",
    "teams",
    "three-players",
    "two-players",
    "two-super-players",
];

/// Actions in a movetext: the words that are neither turn heads nor passes.
fn actions(record: &str) -> u64 {
    let movetext = record.rsplit("---\n").next().unwrap_or("");
    movetext
        .split_whitespace()
        .filter(|w| (w.contains('-') && *w != "--") || w.contains('x'))
        .count() as u64
}

fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("superpion/replay");
    for mode in MODES {
        let text = arbitre::game::random_record::<Superpion>(Some(mode), 1, 200).unwrap();
        group.throughput(Throughput::Elements(actions(&text)));
        let switches = Switches::new();
        group.bench_with_input(BenchmarkId::from_parameter(mode), &text, |b, text| {
            b.iter(|| {
                let checked = check_as::<Superpion>(text, &switches);
                assert!(checked.violation.is_none());
                black_box(checked.turns)
            })
        });
    }
    group.finish();
}

/// Three blue Superpions among 25 red pawns: the worst of 3,000 random
/// crowded positions for the capture search (one capture takes 14 pieces).
fn crowded() -> Position {
    let mut p = Position::empty(Variant::new(Mode::FourPlayers, None));
    for s in ["n6", "k11", "k1"] {
        p.place(Camp::Blue, Sq::parse(s).unwrap(), Some(Colour::Red));
    }
    let reds = "k5 l8 k7 f2 j2 i9 d12 i5 d2 g5 g3 d6 e13 i7 k13 g9 c9 a9 f12 m5 f10 f14 h4 e1 a11";
    for s in reds.split(' ') {
        p.place(Camp::Red, Sq::parse(s).unwrap(), None);
    }
    p.first_to_move();
    p
}

/// A blue pawn on e5 inside a lattice of 32 opponent pawns, one on every
/// other diagonal square: a pawn's capture can wander the whole lattice
/// (the longest takes 23 pieces), the worst case built by hand.
fn lattice() -> Position {
    let mut p = Position::empty(Variant::new(Mode::FourPlayers, None));
    p.place(Camp::Blue, Sq::parse("e5").unwrap(), None);
    let rows = [
        (Camp::Red, "b4 b6 b8 b10 d2 d4 d6 d8 d10 d12 f2 f4"),
        (Camp::Yellow, "f6 f8 f10 f12 h2 h4 h6 h8 h10 h12 j2 j4"),
        (Camp::Black, "j6 j8 j10 j12 l4 l6 l8 l10"),
    ];
    for (camp, squares) in rows {
        for s in squares.split(' ') {
            p.place(camp, Sq::parse(s).unwrap(), None);
        }
    }
    p.first_to_move();
    p
}

/// One blue Superpion among 27 opponent pawns, found by a hill-climbing
/// search for slow capture searches (`samples/superpion/hostile-capture.arb`):
/// 171 maximum captures of 21 pieces, each reached by thousands of orders.
fn hostile() -> Position {
    let mut p = Position::empty(Variant::new(Mode::FourPlayers, None));
    p.place(Camp::Blue, Sq::parse("k5").unwrap(), Some(Colour::Spare));
    let rows = [
        (Camp::Red, "d2 e3 g3 h4 j4 l4 i5 b6 h6 j6 g7 k7"),
        (Camp::Yellow, "m7 b8 d8 f8 k9 m9 b10 d10 f10 j10 g11 i11"),
        (Camp::Black, "e13 g13 i13"),
    ];
    for (camp, squares) in rows {
        for s in squares.split(' ') {
            p.place(camp, Sq::parse(s).unwrap(), None);
        }
    }
    p.first_to_move();
    p
}

/// The positions before each action of a random four-players game of 100
/// rounds (a fixed seed, actions drawn from the legal ones): ordinary
/// positions, where few pieces can capture and most captures take one.
fn ordinary() -> Vec<Position> {
    let mut p = Position::initial(Variant::new(Mode::FourPlayers, None));
    let mut seed: u64 = 19;
    let mut found = Vec::new();
    while found.len() < 800 && !p.over {
        for _ in 0..2 {
            let actions = p.actions();
            if actions.is_empty() {
                break;
            }
            found.push(p.clone());
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pick = (seed >> 33) as usize % actions.len();
            p.act(&actions[pick]);
        }
        p.end_turn(false);
    }
    found
}

fn capture_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("superpion/capture-search");
    let positions = [
        ("crowded", crowded()),
        ("lattice", lattice()),
        ("hostile", hostile()),
    ];
    for (name, position) in positions {
        group.bench_function(format!("{name}/capture_actions"), |b| {
            b.iter(|| black_box(position.capture_actions().len()))
        });
        group.bench_function(format!("{name}/max_capture"), |b| {
            b.iter(|| black_box(position.max_capture()))
        });
        group.bench_function(format!("{name}/can_capture"), |b| {
            b.iter(|| black_box(position.can_capture()))
        });
        group.bench_function(format!("{name}/can_take_two"), |b| {
            b.iter(|| black_box(position.can_take_two()))
        });
    }
    // Every position of a game each time: the figures are per game, and
    // the throughput per position.
    let game = ordinary();
    group.throughput(Throughput::Elements(game.len() as u64));
    group.bench_function("ordinary/capture_actions", |b| {
        b.iter(|| {
            black_box(
                game.iter()
                    .map(|p| p.capture_actions().len())
                    .sum::<usize>(),
            )
        })
    });
    group.bench_function("ordinary/max_capture", |b| {
        b.iter(|| black_box(game.iter().map(Position::max_capture).sum::<u32>()))
    });
    group.bench_function("ordinary/can_capture", |b| {
        b.iter(|| black_box(game.iter().filter(|p| p.can_capture()).count()))
    });
    group.bench_function("ordinary/can_take_two", |b| {
        b.iter(|| black_box(game.iter().filter(|p| p.can_take_two()).count()))
    });
    group.finish();
}

/// The "hostile" position of [`hostile`] with pawns to shuffle for every
/// camp (two each, moving sideways and back), under
/// `forgive-missed-captures`: every turn of `rounds` rounds misses a
/// capture (blue's being the 21-piece ones of "hostile").
fn forgiven_rounds(rounds: u32) -> String {
    let mut text = String::from(
        "---\ngame: superpion\nrules: {forgive-missed-captures: true}\nsetup:\n  to-move: blue\n  pieces:\n    \
         blue: [\"k5=S\", e1, i1]\n    red: [d2, e3, g3, h4, j4, l4, i5, b6, h6, j6, g7, k7]\n    \
         yellow: [m7, b8, d8, f8, k9, m9, b10, d10, f10, j10, g11, i11]\n    \
         black: [e13, g13, i13, n4, n10]\n---\n",
    );
    let there = [
        "e1-g1 i1-k1",
        "d2-d4 b6-b4",
        "i11-k11 f8-h8",
        "n4-n6 n10-n8",
    ];
    let back = [
        "g1-e1 k1-i1",
        "d4-d2 b4-b6",
        "k11-i11 h8-f8",
        "n6-n4 n8-n10",
    ];
    for round in 1..=rounds {
        let actions = if round % 2 == 1 { there } else { back };
        for (camp, actions) in ["B", "R", "Y", "K"].iter().zip(actions) {
            text.push_str(&format!("{round}.{camp} {actions} "));
        }
        text.push('\n');
    }
    text
}

/// `B k5xl6` in the short form on "hostile" with every foe a Superpion
/// (over a spare): the captures of k5 that end on l6 (19 pieces, fewer
/// than the 21 of the maximum).
fn short_form_record() -> String {
    let superpions = |squares: &str| {
        let listed: Vec<String> = squares.split(' ').map(|s| format!("\"{s}=S\"")).collect();
        listed.join(", ")
    };
    format!(
        "---\ngame: superpion\nsetup:\n  to-move: blue\n  pieces:\n    blue: [\"k5=S\"]\n    \
         red: [{}]\n    yellow: [{}]\n    black: [{}]\n---\n1.B k5xl6\n",
        superpions("d2 e3 g3 h4 j4 l4 i5 b6 h6 j6 g7 k7"),
        superpions("m7 b8 d8 f8 k9 m9 b10 d10 f10 j10 g11 i11"),
        superpions("e13 g13 i13"),
    )
}

/// Records built to make the referee search: 200 rounds of forgiven missed
/// captures, and a short-form capture among Superpions.
fn hostile_records(c: &mut Criterion) {
    let mut group = c.benchmark_group("superpion/hostile-records");
    group.sample_size(10);
    let switches = Switches::new();
    let forgiven = forgiven_rounds(200);
    group.bench_function("forgiven-200-rounds", |b| {
        b.iter(|| {
            let checked = check_as::<Superpion>(&forgiven, &switches);
            assert!(checked.violation.is_none());
            black_box(checked.warnings.len())
        })
    });
    let short = short_form_record();
    group.bench_function("short-form-k5xl6", |b| {
        b.iter(|| {
            let checked = check_as::<Superpion>(&short, &switches);
            assert!(checked.violation.is_some());
            black_box(checked.turns)
        })
    });
    group.finish();
}

criterion_group!(benches, replay, capture_search, hostile_records);
criterion_main!(benches);
