//! The solver checked against the referee: its turns against the library's
//! legal turns, its predecessors against its turns, its values against a
//! plain minimax over the library's turns and against their successors.

use std::collections::{BTreeSet, HashMap};

use super::*;
use crate::game::Mechanics;
use crate::games::simpei::Simpei;
use crate::rng::Rng;

/// A random position of a layer.
fn random(layer: Layer, placement: Option<u8>, rng: &mut Rng) -> Position {
    let index = rng.next_u64() % layer.size();
    let (red, blue) = layer.arrangement(index);
    let hand = placement.map_or([0, 0], |n| [n - layer.red, n - layer.blue]);
    Position {
        pieces: [grid(red), grid(blue)],
        hand,
        to_move: layer.to_move,
        ..Position::default()
    }
}

/// Where the library's legal turns lead, as arrangements (the colour just
/// moved first), with `None` for a win.
fn library_steps(position: &Position) -> BTreeSet<Option<(u64, u64)>> {
    Simpei::legal(position)
        .iter()
        .map(|play| {
            let mut after = position.clone();
            Simpei::apply(&mut after, play);
            let me = position.to_move.index();
            after
                .winner
                .is_none()
                .then_some((after.pieces[1 - me], after.pieces[me]))
        })
        .collect()
}

fn solver_steps(position: &Position, phase: Phase) -> BTreeSet<Option<(u64, u64)>> {
    let me = position.to_move.index();
    let mut steps = BTreeSet::new();
    let mut count = 0;
    each_step(
        position.pieces[me],
        position.pieces[1 - me],
        phase,
        Alignment::Gapped,
        |s| {
            count += 1;
            steps.insert(match s {
                Step::Win => None,
                Step::Next { acting, waiting } => Some((acting, waiting)),
            });
        },
    );
    // Each arrangement once (a win may come by several actions).
    let wins = usize::from(steps.contains(&None));
    let wins_counted = count - (steps.len() - wins);
    assert!(wins_counted >= wins, "{position:?}");
    steps
}

#[test]
fn turns_lead_where_the_library_s_legal_turns_lead() {
    let mut rng = Rng::new(17);
    for (red, blue) in [(4, 4), (4, 3), (3, 3), (3, 2), (2, 3), (1, 3)] {
        for to_move in [Colour::Red, Colour::Blue] {
            let layer = Layer { red, blue, to_move };
            for _ in 0..300 {
                let position = random(layer, None, &mut rng);
                assert_eq!(
                    solver_steps(&position, Phase::Movement),
                    library_steps(&position),
                    "{position:?}"
                );
                let me = position.to_move.index();
                let counted = count_steps(
                    position.pieces[me],
                    position.pieces[1 - me],
                    Phase::Movement,
                    Alignment::Gapped,
                );
                let steps = library_steps(&position);
                match counted {
                    None => assert!(steps.contains(&None)),
                    Some(n) => assert_eq!(n as usize, steps.len(), "{position:?}"),
                }
            }
        }
    }
    // The placement phase, the first placement on the centre included.
    for (red, blue, to_move) in [
        (0, 0, Colour::Red),
        (3, 3, Colour::Red),
        (4, 3, Colour::Blue),
    ] {
        let layer = Layer { red, blue, to_move };
        for _ in 0..100 {
            let position = random(layer, Some(4), &mut rng);
            let centre_only = red == 0;
            assert_eq!(
                solver_steps(&position, Phase::Placement { centre_only }),
                library_steps(&position),
                "{position:?}"
            );
        }
    }
}

#[test]
fn every_turn_is_undone_by_exactly_its_predecessors() {
    let mut rng = Rng::new(5);
    for (red, blue) in [(4, 4), (3, 3), (3, 2)] {
        for to_move in [Colour::Red, Colour::Blue] {
            let layer = Layer { red, blue, to_move };
            for _ in 0..200 {
                let position = random(layer, None, &mut rng);
                let me = position.to_move.index();
                let (own, theirs) = (position.pieces[me], position.pieces[1 - me]);
                each_step(own, theirs, Phase::Movement, Alignment::Gapped, |step| {
                    let Step::Next { acting, waiting } = step else {
                        return;
                    };
                    let mut before = Vec::new();
                    let _ = each_predecessor(waiting, acting, Alignment::Gapped, |m, a| {
                        before.push((m, a));
                        std::ops::ControlFlow::Continue(())
                    });
                    assert!(before.contains(&(own, theirs)), "{position:?} -> {step:?}");
                    let distinct: BTreeSet<_> = before.iter().collect();
                    assert_eq!(distinct.len(), before.len(), "a predecessor twice");
                    for &(m, a) in &before {
                        let mut leads = false;
                        each_step(m, a, Phase::Movement, Alignment::Gapped, |s| {
                            leads |= s == step
                        });
                        assert!(leads, "{m:x} {a:x} does not lead to {step:?}");
                    }
                });
            }
        }
    }
}

/// Minimax values found, by pieces, hands, colour to act and depth.
type Memo = HashMap<([u64; 2], [u8; 2], usize, u8), Option<Value>>;

/// The value of a position if a result is forced within `depth` turns, by
/// plain minimax over the library's legal turns; `None` if none is.
fn minimax(position: &Position, depth: u8, memo: &mut Memo) -> Option<Value> {
    if depth == 0 {
        return None;
    }
    let key = (
        position.pieces,
        position.hand,
        position.to_move.index(),
        depth,
    );
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut best: Option<Value> = None;
    let mut open = false;
    for play in Simpei::legal(position) {
        let mut after = position.clone();
        Simpei::apply(&mut after, &play);
        let mine = if after.winner.is_some() {
            Some(Value(1))
        } else {
            minimax(&after, depth - 1, memo).map(Value::through)
        };
        match mine {
            Some(v) => best = Some(best.map_or(v, |b| b.max(v))),
            None => open = true,
        }
    }
    let value = match best {
        Some(v) if v.is_win() => Some(v),
        _ if open => None,
        found => found,
    };
    memo.insert(key, value);
    value
}

/// The table's value, as minimax within `depth` sees it.
fn within(value: Value, depth: u8) -> Option<Value> {
    value.turns().filter(|&n| n <= depth).map(|_| value)
}

/// Each position's value as minimax within a few turns sees it; returns
/// how many were drawn, won and lost.
fn check_minimax(table: &Tablebase, positions: impl Iterator<Item = Position>) -> [usize; 3] {
    let mut memo = HashMap::new();
    let mut seen = [0; 3];
    for position in positions {
        let value = table.value(&position).expect("in the table");
        seen[usize::from(value.is_win()) + 2 * usize::from(value.is_loss())] += 1;
        let depth = 5;
        assert_eq!(
            minimax(&position, depth, &mut memo),
            within(value, depth),
            "{position:?}: {value}"
        );
    }
    seen
}

/// The first drawn positions of a layer: draws are rare, and random
/// positions may miss them.
fn drawn(table: &Tablebase, layer: Layer, n: usize) -> Vec<Position> {
    let values = table
        .layers()
        .find(|(l, _)| *l == layer)
        .map_or(&[][..], |(_, v)| v);
    (0..layer.size())
        .filter(|&i| values.get(i as usize) == Some(&0))
        .take(n)
        .map(|i| table.position(layer, i))
        .collect()
}

#[test]
fn a_sub_game_s_values_are_minimax_values() {
    let mut rng = Rng::new(11);
    for (red, blue) in [(3, 2), (3, 1)] {
        let table = solve_movement(red, blue, 2, Alignment::Gapped, &mut |_| {}).expect("solved");
        let [mut won, mut lost] = [0, 0];
        for layer in movement_layers(red, blue) {
            let sampled = (0..200).map(|_| random(layer, None, &mut rng));
            let [_, w, l] = check_minimax(&table, sampled);
            (won, lost) = (won + w, lost + l);
        }
        assert!(
            won > 0 && lost > 0,
            "{red} and {blue}: {won} won, {lost} lost"
        );
    }
}

/// Every value agrees with its successors' values: a win in N has a
/// successor lost in N - 1 and none lost sooner, a loss in N only
/// successors won, one in N - 1, a draw no lost successor and a drawn one.
fn check_successors(table: &Tablebase, position: &Position) {
    let value = table.value(position).expect("in the table");
    let mut next = Vec::new();
    for play in Simpei::legal(position) {
        let mut after = position.clone();
        Simpei::apply(&mut after, &play);
        next.push(if after.winner.is_some() {
            Value(1)
        } else {
            Value::through(table.value(&after).expect("a successor in the table"))
        });
    }
    let best = next.iter().copied().max().expect("a turn");
    assert_eq!(
        value, best,
        "{position:?}: {value} but its best turn gives {best}"
    );
}

#[test]
fn values_agree_with_successors_in_a_sub_game() {
    let table = solve_movement(3, 2, 2, Alignment::Gapped, &mut |_| {}).expect("solved");
    let mut rng = Rng::new(23);
    for layer in movement_layers(3, 2) {
        for _ in 0..300 {
            check_successors(&table, &random(layer, None, &mut rng));
        }
    }
}

/// Every position of small movement phases, under both alignments,
/// agrees with its successors. Where every value is a depth or a draw,
/// that fixes each one: a win or loss held or due traces down to the wins
/// at once. So a miscount of the build by the board's symmetries (a
/// class counted down by too much or too little) shows here, at the
/// positions that are their own images as at the others.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release only: .ci/run runs it with --release"
)]
fn every_value_of_small_movement_phases_agrees_with_its_successors() {
    for alignment in [Alignment::Gapped, Alignment::Adjacent] {
        for (red, blue) in [(3, 2), (3, 3)] {
            let table = solve_movement(red, blue, 2, alignment, &mut |_| {}).expect("solved");
            for (slot, (_, range)) in table.layers.iter().enumerate() {
                for index in 0..range.len() as u64 {
                    assert_eq!(table.agrees(slot, index), Ok(()), "{alignment:?}");
                }
            }
        }
    }
}

/// The positions a table marks as reached are exactly those a plain
/// breadth-first walk of every turn from the start finds: the build asks
/// each movement position for a reached predecessor instead, which must
/// come to the same set.
fn assert_reached_is_the_closure_of_turns(table: &Tablebase) {
    let slot = |layer: Layer| table.layers.iter().position(|(l, _)| *l == layer);
    let start = Layer {
        red: 0,
        blue: 0,
        to_move: Colour::Red,
    };
    let mut seen: Vec<Vec<bool>> = (table.layers.iter())
        .map(|(_, range)| vec![false; range.len()])
        .collect();
    let first = slot(start).expect("the start");
    seen[first][0] = true;
    let mut queue = std::collections::VecDeque::from([(first, 0u64)]);
    while let Some((s, index)) = queue.pop_front() {
        let layer = table.layers[s].0;
        let (phase, next) = table.turns_from(layer);
        let to = slot(next).expect("the next layer");
        let (red, blue) = layer.arrangement(index);
        let (own, theirs) = layer.sides(grid(red), grid(blue));
        each_step(own, theirs, phase, table.alignment, |step| {
            if let Step::Next { acting, waiting } = step {
                let (r, b) = next.sides(acting, waiting);
                let j = next.index(r, b);
                if !std::mem::replace(&mut seen[to][j as usize], true) {
                    queue.push_back((to, j));
                }
            }
        });
    }
    for ((layer, values), seen) in table.layers().zip(&seen) {
        for (i, (&byte, &seen)) in values.iter().zip(seen).enumerate() {
            assert_eq!(byte & REACHED != 0, seen, "{layer:?} {i}");
        }
    }
}

/// The game with three pieces each, both phases: 7 million positions, a
/// few seconds built in release, minutes in a debug build.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release only: .ci/run runs it with --release"
)]
fn values_agree_with_successors_on_a_whole_game_of_three_pieces() {
    let table = solve(3, 2, Alignment::Gapped, &mut |_| {}).expect("solved");
    let mut rng = Rng::new(3);
    for layer in Tablebase::game_layers(3) {
        let placement = (layer.red, layer.blue) != (3, 3);
        for _ in 0..200.min(layer.size()) {
            let position = random(layer, placement.then_some(3), &mut rng);
            check_successors(&table, &position);
        }
    }
    for layer in movement_layers(3, 3) {
        let sampled = (0..100).map(|_| random(layer, None, &mut rng));
        let [draws, ..] =
            check_minimax(&table, drawn(&table, layer, 20).into_iter().chain(sampled));
        assert!(draws >= 20, "{layer:?}: {draws} draws");
    }
    // Every turn from a position reached leads to one reached.
    let reached = |position: &Position| {
        let layer = Layer {
            red: position.pieces[0].count_ones() as u8,
            blue: position.pieces[1].count_ones() as u8,
            to_move: position.to_move,
        };
        let index = layer.index(position.pieces[0], position.pieces[1]);
        table.values(layer).expect("a layer")[index as usize] & REACHED != 0
    };
    let start = Position {
        hand: [3, 3],
        ..Position::default()
    };
    assert!(reached(&start));
    let mut position = start;
    for _ in 0..2000 {
        let plays = Simpei::legal(&position);
        let mut after = position.clone();
        Simpei::apply(&mut after, &plays[rng.below(plays.len())]);
        if after.winner.is_some() {
            position = Position {
                hand: [3, 3],
                ..Position::default()
            };
            continue;
        }
        assert!(reached(&after), "{after:?} after {position:?}");
        position = after;
    }
    assert_reached_is_the_closure_of_turns(&table);
    let findings = table.findings();
    let seen = findings.reached.clone().expect("both phases");
    assert!(seen.movement.total() < findings.all.movement.total());
    assert!(seen.longest_win <= findings.all.longest_win);
    assert_eq!(
        findings.start,
        table
            .value(&Position {
                hand: [3, 3],
                ..Position::default()
            })
            .expect("the start")
    );
    assert!(findings.all.longest_win > 1);
    let longest = findings.all.longest_win_at.clone().expect("a win");
    assert_eq!(
        table.value(&longest).and_then(Value::turns),
        Some(findings.all.longest_win)
    );
}

#[test]
fn a_table_reads_back_and_a_damaged_one_is_refused() {
    let table = solve_movement(2, 1, 1, Alignment::Gapped, &mut |_| {}).expect("solved");
    let bytes = table.to_bytes();
    let path = std::path::Path::new("t.table");
    assert_eq!(
        Tablebase::from_bytes(bytes.clone(), path).expect("whole"),
        table
    );
    let said = |bytes: &[u8]| match Tablebase::from_bytes(bytes.to_vec(), path) {
        Ok(_) => "accepted".to_string(),
        Err(e) => e.to_string(),
    };
    assert!(said(&bytes[..bytes.len() - 1]).contains("truncated"));
    assert!(said(&bytes[..30]).contains("truncated"));
    assert!(said(b"hello").contains("not a Simpei table"));
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    assert!(said(&flipped).contains("checksum"));
    let mut stale = bytes.clone();
    stale[20] ^= 1;
    assert!(said(&stale).contains("rebuild"));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(said(&longer).contains("follow its values"));
    let mut pieces = bytes.clone();
    pieces[24] = 9;
    assert!(said(&pieces).contains("corrupt"));
}

#[test]
fn adjacent_alignment_wins_only_without_a_gap() {
    let p = |name: &str| {
        let mut chars = name.chars();
        let file = chars.next().expect("a file");
        crate::games::simpei::Point::parse(file, chars.as_str().parse().expect("a rank"))
            .expect("a point")
    };
    let set = |names: &[&str]| names.iter().fold(0, |s, n| s | p(n).bit());
    let gapped = set(&["a1", "c1", "g1"]);
    assert!(Alignment::Gapped.wins(gapped, 0, p("g1")));
    assert!(!Alignment::Adjacent.wins(gapped, 0, p("g1")));
    let adjacent = set(&["a1", "c1", "e1"]);
    assert!(Alignment::Adjacent.wins(adjacent, set(&["g1"]), p("c1")));
    // Four of the mover's on the line win under neither.
    assert!(!Alignment::Adjacent.wins(adjacent | set(&["g1"]), 0, p("g1")));
    // The lower world's lines have three points: no gap can be.
    let lower = set(&["b2", "d4", "f6"]);
    assert!(Alignment::Adjacent.wins(lower, 0, p("d4")));
}

#[test]
fn a_slip_is_a_win_or_draw_given_away_or_a_loss_hastened() {
    let (win, draw) = (Value(3), Value::DRAW);
    assert_eq!(
        Slip::of(win, Value(5)),
        None,
        "a slower win gives nothing away"
    );
    assert_eq!(Slip::of(win, draw), Some(Slip::ThrowsAwayWin));
    assert_eq!(Slip::of(win, Value(2)), Some(Slip::ThrowsAwayWin));
    assert_eq!(Slip::of(draw, Value(4)), Some(Slip::ThrowsAwayDraw));
    assert_eq!(Slip::of(draw, draw), None);
    assert_eq!(Slip::of(Value(6), Value(2)), Some(Slip::ShortensLoss));
    assert_eq!(Slip::of(Value(6), Value(6)), None);
    assert_eq!(Value(7).said(Colour::Red), "red wins in 7");
    assert_eq!(Value(6).said(Colour::Red), "blue wins in 6");
    assert_eq!(Value::through(Value(6)), Value(7));
    assert_eq!(Value::through(Value(7)), Value(8));
}

/// `table`'s file with the value at `offset` made `byte`, its checksum
/// summed again: a forgery the checksum cannot tell.
fn forged(table: &Tablebase, forge: impl Fn(&mut [u8])) -> Result<Tablebase, String> {
    let mut bytes = table.to_bytes();
    forge(&mut bytes[file::HEADER..]);
    let sum = crc32fast::hash(&bytes[file::HEADER..]);
    bytes[28..32].copy_from_slice(&sum.to_le_bytes());
    Tablebase::from_bytes(bytes, std::path::Path::new("t.table")).map_err(|e| e.to_string())
}

/// The longest value a table holds.
fn longest_held(table: &Tablebase) -> u8 {
    table.values.iter().map(|b| b & !REACHED).max().unwrap_or(0)
}

#[test]
fn any_one_value_changed_disagrees_with_its_successors() {
    let table = solve_movement(3, 1, 1, Alignment::Gapped, &mut |_| {}).expect("solved");
    table
        .check(u64::MAX, 0)
        .expect("the solver's own values agree");
    let longest = longest_held(&table);
    assert_eq!(longest, longest_possible(3, 1, false, Alignment::Gapped));
    let mut rng = Rng::new(31);
    for _ in 0..20 {
        let at = rng.below(table.values.len());
        let held = table.values[at];
        // Another value, none past the longest: the range check passes it.
        let other = (held + 1 + rng.below(usize::from(longest)) as u8) % (longest + 1);
        let mut changed = table.clone();
        changed.values[at] = other;
        // Checked whole, a single value changed is always found.
        assert!(
            changed.check(u64::MAX, 0).is_err(),
            "{at}: {held} -> {other}"
        );
    }
    // The mark of a reached position in a table with no start.
    let said = forged(&table, |values| values[7] |= REACHED).expect_err("refused");
    assert!(said.contains("out of range"), "{said}");
}

/// The value the HTML page shows of a position ([`Said::of`]) is checked
/// against its successors, as `analyse` checks what it reports: a value
/// changed in the table is shown as none, the others as they are.
#[test]
fn a_value_said_agrees_with_its_successors() {
    let table = solve_movement(3, 1, 1, Alignment::Gapped, &mut |_| {}).expect("solved");
    let mut rng = Rng::new(7);
    for _ in 0..20 {
        let (layer, range) = table.layers[rng.below(table.layers.len())].clone();
        let index = rng.next_u64() % layer.size();
        let (red, blue) = layer.arrangement(index);
        let position = Position {
            pieces: [grid(red), grid(blue)],
            hand: [0, 0],
            to_move: layer.to_move,
            ..Position::default()
        };
        let sound = Said::of(&table, &position).expect("a value of the solver's");
        assert_eq!(
            Some(sound.text),
            table.value(&position).map(|v| v.said(layer.to_move))
        );
        let at = range.start + index as usize;
        let held = table.values[at];
        let mut changed = table.clone();
        changed.values[at] = (held & !REACHED) ^ 1 | held & REACHED;
        // Any other value disagrees with the successors' (they are unchanged).
        assert!(changed.check_position(&position).is_err(), "{position:?}");
        assert_eq!(Said::of(&changed, &position), None, "{position:?}");
    }
}

/// The game with three pieces each forged three ways, its checksum summed
/// again each time: every forgery is refused.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release only: .ci/run runs it with --release"
)]
fn a_forged_table_of_three_pieces_is_refused() {
    let table = solve(3, 2, Alignment::Gapped, &mut |_| {}).expect("solved");
    let sound = forged(&table, |_| {}).expect("the solver's table is believed");
    assert_eq!(sound, table);
    let start = table.values.len() - 1;
    let held = Value(table.values[start] & !REACHED);
    assert!(held.is_loss(), "{held}");
    // The start said won by Red in 1, or in 3, or drawn.
    for made_up in [1, 3, 0] {
        let said = forged(&table, |values| values[start] = REACHED | made_up).expect_err("refused");
        assert!(said.contains("is not the one its turns give it"), "{said}");
        assert!(said.contains(&held.said(Colour::Red)), "{said}");
    }
    // A position the first turn reaches: Red on c3, Blue to place.
    let first = Layer {
        red: 1,
        blue: 0,
        to_move: Colour::Blue,
    };
    let c3 = crate::games::simpei::Point::parse('c', 3).expect("a point");
    let at = table.layers[table.layers.len() - 2].1.start + first.index(c3.bit(), 0) as usize;
    let said = forged(&table, |values| values[at] ^= 2).expect_err("refused");
    assert!(said.contains("is not the one its turns give it"), "{said}");
    // Every value a win in 1.
    let said = forged(&table, |values| {
        values.iter_mut().for_each(|v| *v = *v & REACHED | 1)
    })
    .expect_err("refused");
    assert!(said.contains("is not the one its turns give it"), "{said}");
    // A value past the longest any position of the game takes, and the
    // longest a byte tells.
    let longest = longest_possible(3, 3, true, Alignment::Gapped);
    for past in [longest + 1, LONGEST - 1] {
        let said = forged(&table, |values| values[0] = past).expect_err("refused");
        assert!(said.contains("out of range"), "{said}");
    }
}

/// The longest value each table holds is the one its header allows, for
/// every table built in seconds: both phases with up to three pieces
/// each, the movement phase with up to four of a colour against up to two.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release only: .ci/run runs it with --release"
)]
fn the_longest_value_allowed_is_the_longest_held() {
    for alignment in [Alignment::Gapped, Alignment::Adjacent] {
        for pieces in 0..=3 {
            let table = solve(pieces, 2, alignment, &mut |_| {}).expect("solved");
            let allowed = longest_possible(pieces, pieces, true, alignment);
            assert_eq!(longest_held(&table), allowed, "{pieces} {alignment:?}");
        }
        for red in 0..=4 {
            for blue in 0..=4 {
                if red.min(blue) >= 3 {
                    continue;
                }
                let table = solve_movement(red, blue, 2, alignment, &mut |_| {}).expect("solved");
                let allowed = longest_possible(red, blue, false, alignment);
                assert_eq!(longest_held(&table), allowed, "{red} {blue} {alignment:?}");
            }
        }
    }
}
