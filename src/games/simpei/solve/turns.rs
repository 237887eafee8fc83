//! Turns forward and backward on bare arrangements (two bit sets, the side
//! to act first), for the solver: what every position leads to, and what
//! could have led to it. The same win and sandwich tests as the referee's;
//! a backward step tells what a move sandwiched from the runs its landing
//! closes, which is the same set.

use std::ops::ControlFlow::{self, Continue};

use super::super::board::{ascends, holds_three, inside, points, Point};
use super::super::legality::{sandwiched_by, wins_through};
use super::index::{all_points, choose, Layer};

/// Which three aligned win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Alignment {
    /// As `simpei.md` rules: exactly three of the mover's on a line, none
    /// of the opponent's between the outer two (a gap may stay empty).
    #[default]
    Gapped,
    /// Three next to each other on the line, for study: the reading of
    /// "three in a row" that allows no gap (the fourth point of an upper
    /// line still not the mover's).
    Adjacent,
}

impl Alignment {
    /// Whether `own`, a piece just landed on `to`, wins.
    pub fn wins(self, own: u64, theirs: u64, to: Point) -> bool {
        match self {
            Alignment::Gapped => wins_through(own, theirs, to),
            Alignment::Adjacent => {
                wins_through(own, theirs, to)
                    && to.around().lines.iter().any(|&line| {
                        let aligned = own & line;
                        holds_three(aligned) && line & inside(aligned) & !own == 0
                    })
            }
        }
    }
}

/// Where one turn leads: the mover wins, or the opponent is to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Three aligned: the game ends.
    Win,
    /// The arrangement after the turn, the opponent's pieces first.
    Next { acting: u64, waiting: u64 },
}

/// Where a normal action puts the mover's piece.
#[derive(Clone, Copy)]
pub enum Phase {
    /// From hand, on any empty point; `centre_only` on an empty board.
    Placement { centre_only: bool },
    /// To an empty neighbour, or a pass when none is open.
    Movement,
}

impl Phase {
    /// The placements of a layer's positions: on the centre alone on the
    /// empty board (the first placement of the game).
    pub fn placing(layer: Layer) -> Phase {
        Phase::Placement {
            centre_only: layer.red == 0 && layer.blue == 0,
        }
    }
}

/// The four central upper points, c3, e3, c5, e5.
fn centre() -> u64 {
    points(all_points())
        .filter(|p| p.is_centre())
        .fold(0, |s, p| s | p.bit())
}

/// The normal actions of `own` (to act) against `theirs`, as (from, to)
/// bit sets: `from` empty for a placement; none at all for a pass.
fn each_action(own: u64, theirs: u64, phase: Phase, mut f: impl FnMut(u64, Point)) -> bool {
    let empty = all_points() & !(own | theirs);
    match phase {
        Phase::Placement { centre_only } => {
            let open = if centre_only { empty & centre() } else { empty };
            points(open).for_each(|to| f(0, to));
            open != 0
        }
        Phase::Movement => {
            let mut any = false;
            for from in points(own) {
                for to in points(from.around().neighbours & empty) {
                    any = true;
                    f(from.bit(), to);
                }
            }
            any
        }
    }
}

/// Every distinct arrangement one turn leads to (the relocated pieces are
/// alike: a set of destinations is one arrangement), or `Win`. A pass
/// leads to the same arrangement.
pub fn each_step(
    own: u64,
    theirs: u64,
    phase: Phase,
    alignment: Alignment,
    mut f: impl FnMut(Step),
) {
    let acted = each_action(own, theirs, phase, |from, to| {
        let own = own ^ from | to.bit();
        if alignment.wins(own, theirs, to) {
            return f(Step::Win);
        }
        let lifted = sandwiched_by(own, theirs, to);
        let rest = theirs & !lifted;
        if lifted == 0 {
            return f(Step::Next {
                acting: theirs,
                waiting: own,
            });
        }
        let free = all_points() & !(own | rest);
        let _ = each_subset(free, lifted.count_ones(), |landed| {
            f(Step::Next {
                acting: rest | landed,
                waiting: own,
            });
            Continue(())
        });
    });
    if !acted {
        f(Step::Next {
            acting: theirs,
            waiting: own,
        });
    }
}

/// How many distinct arrangements one turn leads to, or `None` when a
/// turn wins at once.
pub fn count_steps(own: u64, theirs: u64, phase: Phase, alignment: Alignment) -> Option<u64> {
    let mut count = Some(0u64);
    let acted = each_action(own, theirs, phase, |from, to| {
        let own = own ^ from | to.bit();
        if alignment.wins(own, theirs, to) {
            count = None;
        } else if let Some(n) = count.as_mut() {
            let lifted = sandwiched_by(own, theirs, to);
            let free = all_points() & !(own | theirs & !lifted);
            *n += choose(free.count_ones() as usize, lifted.count_ones() as usize);
        }
    });
    if acted {
        count
    } else {
        Some(1)
    }
}

/// Every `k`-point subset of `set`, until `f` breaks off.
pub fn each_subset(set: u64, k: u32, mut f: impl FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()> {
    if k == 0 {
        return f(0);
    }
    let mut listed = [0u64; super::index::POINTS];
    let mut n = 0;
    for (slot, p) in listed.iter_mut().zip(points(set)) {
        *slot = p.bit();
        n += 1;
    }
    if k as usize > n {
        return Continue(());
    }
    let mut pick: u32 = (1 << k) - 1;
    loop {
        let mut chosen = 0;
        let mut rest = pick;
        while rest != 0 {
            chosen |= listed
                .get(rest.trailing_zeros() as usize)
                .copied()
                .unwrap_or(0);
            rest &= rest - 1;
        }
        f(chosen)?;
        match super::index::next_set(pick, n) {
            Some(next) => pick = next,
            None => return Continue(()),
        }
    }
}

/// Whether `own` has a move (movement phase) among `occupied`.
fn can_move(own: u64, occupied: u64) -> bool {
    let empty = all_points() & !occupied;
    points(own).any(|p| p.around().neighbours & empty != 0)
}

/// Every arrangement of the movement phase whose mover could have played
/// a turn leading to this one, where `moved` just acted and `acting` is to
/// act: each given as `(moved, acting)` before the turn, once, until `f`
/// breaks off. A turn that wins leads nowhere, so it is no way here.
pub fn each_predecessor(
    moved: u64,
    acting: u64,
    alignment: Alignment,
    mut f: impl FnMut(u64, u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if !can_move(moved, moved | acting) {
        f(moved, acting)?;
    }
    for to in points(moved) {
        // The runs depend on where the piece landed, not where it came from.
        let (runs, found) = runs_closed(moved, to);
        let runs = runs.get(..found).unwrap_or(&[]);
        let landing = Landing { moved, to, runs };
        for from in points(to.around().neighbours & !moved) {
            let before = moved ^ to.bit() ^ from.bit();
            each_unsandwich(landing, acting, from.bit(), alignment, |acting_before| {
                f(before, acting_before)
            })?;
        }
    }
    Continue(())
}

/// A piece of `moved` landed on `to`, and the runs it closes there.
#[derive(Clone, Copy)]
struct Landing<'a> {
    moved: u64,
    to: Point,
    runs: &'a [u64],
}

/// The runs a piece of `moved` on `to` closes: in each direction of the
/// point's world where there are any, the points strictly between it and
/// the mover's nearest piece on that ray.
fn runs_closed(moved: u64, to: Point) -> ([u64; 8], usize) {
    let mut runs = [0u64; 8];
    let mut found = 0;
    for (d, &ray) in to.around().rays().iter().enumerate() {
        let closers = ray & moved;
        if closers == 0 {
            continue;
        }
        let closer = if ascends(d) {
            closers & closers.wrapping_neg()
        } else {
            1 << (63 - closers.leading_zeros())
        };
        let run = ray & inside(to.bit() | closer);
        if run != 0 {
            runs[found] = run;
            found += 1;
        }
    }
    (runs, found)
}

/// The arrangements of the acting side's pieces before a move that landed
/// and came from `from`, given where they stand after its relocations.
fn each_unsandwich(
    landing: Landing,
    acting: u64,
    from: u64,
    alignment: Alignment,
    mut f: impl FnMut(u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Landing { moved, to, runs } = landing;
    let found = runs.len();
    for choice in 0u32..1 << found {
        let lifted = (0..found)
            .filter(|i| choice & 1 << i != 0)
            .fold(0, |set, i| set | runs.get(i).copied().unwrap_or(0));
        let k = lifted.count_ones();
        // The relocated pieces: those now on a run's points or on `from`
        // (no other piece could stand there before), and any others.
        let forced = acting & (lifted | from);
        let free = acting & !forced;
        let Some(more) = k.checked_sub(forced.count_ones()) else {
            continue;
        };
        each_subset(free, more, |others| {
            let relocated = forced | others;
            let before = acting & !relocated | lifted;
            // What the move sandwiched from `before` is every run wholly
            // the acting side's (the mover's nearest piece closes it), so
            // it sandwiched `lifted` alone when each run not chosen has a
            // point that was not: the referee's `sandwiched_by`, asked
            // without walking the rays again.
            let only_lifted = (runs.iter().enumerate())
                .all(|(i, run)| choice & 1 << i != 0 || run & !before != 0);
            if only_lifted && !alignment.wins(moved, before, to) {
                f(before)
            } else {
                Continue(())
            }
        })?;
    }
    Continue(())
}
