//! A group's counts made a table: points, tie-breaks, ranks shared as
//! spans, and the crosstable.

use std::cmp::Ordering;

use super::{CrossRow, Duel, Fixed, Points, Row, Tally};

/// `3` or `3-4`: the places a rank covers.
fn span(first: usize, last: usize) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}-{last}")
    }
}

/// Ranks for players already in order: those whose `keys` are equal share
/// the span of places they cover. Gives each player's (rank, place).
fn ranks<K: PartialEq>(keys: &[K]) -> Vec<(String, usize)> {
    let mut out = Vec::with_capacity(keys.len());
    let mut start = 0;
    while start < keys.len() {
        let mut end = start + 1;
        while end < keys.len() && keys[end] == keys[start] {
            end += 1;
        }
        for _ in start..end {
            out.push((span(start + 1, end), start + 1));
        }
        start = end;
    }
    out
}

/// The two-player table and its order (indices into `players`, best
/// first). Points with `points`; Sonneborn-Berger with 1, ½, 0 whatever
/// they are; Buchholz the opponents' points, an opponent met twice
/// counted twice.
pub(super) fn two_player(
    players: &[Tally],
    duels: &[Duel],
    points: &Points,
) -> (Vec<Row>, Vec<usize>) {
    let scored: Vec<Fixed> = players
        .iter()
        .map(|t| {
            Fixed(
                t.wins as i128 * points.win.0
                    + t.draws as i128 * points.draw.0
                    + t.losses as i128 * points.loss.0,
            )
        })
        .collect();
    let mut sb = vec![0i128; players.len()];
    let mut buchholz = vec![0i128; players.len()];
    for d in duels {
        let (a_halves, b_halves) = (i128::from(d.halves), 2 - i128::from(d.halves));
        buchholz[d.a] += scored[d.b].0;
        buchholz[d.b] += scored[d.a].0;
        // Halves of a point, so half the product.
        sb[d.a] += scored[d.b].0 * a_halves;
        sb[d.b] += scored[d.a].0 * b_halves;
    }
    let key = |i: usize| {
        (
            scored[i],
            Fixed(sb[i] / 2),
            Fixed(buchholz[i]),
            players[i].wins,
        )
    };
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&x, &y| {
        key(y)
            .cmp(&key(x))
            .then_with(|| players[x].name.as_bytes().cmp(players[y].name.as_bytes()))
    });
    let keys: Vec<_> = order.iter().map(|&i| key(i)).collect();
    let rows = order
        .iter()
        .zip(ranks(&keys))
        .map(|(&i, (rank, place))| {
            let t = &players[i];
            let (points, sb, buchholz, _) = key(i);
            Row {
                rank,
                place,
                player: t.name.clone(),
                games: t.games,
                wins: t.wins,
                draws: Some(t.draws),
                losses: Some(t.losses),
                points: Some(points),
                sonneborn_berger: Some(sb),
                buchholz: Some(buchholz),
                total: None,
                average: None,
            }
        })
        .collect();
    (rows, order)
}

/// The average to two decimals, half up: `total` over `games`.
fn average(total: i64, games: usize) -> Fixed {
    if games == 0 {
        return Fixed(0);
    }
    let (total, games) = (i128::from(total), games as i128);
    let hundredths = (total * 200 + games).div_euclid(2 * games);
    Fixed::hundredths(hundredths)
}

/// The multi-player table: total score, then wins, then average, then the
/// name.
pub(super) fn multi_player(players: &[Tally]) -> Vec<Row> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    // Averages compared exactly: a/g against b/h as a*h against b*g.
    let by_average = |x: &Tally, y: &Tally| {
        let (a, g) = (i128::from(x.total), x.games.max(1) as i128);
        let (b, h) = (i128::from(y.total), y.games.max(1) as i128);
        (a * h).cmp(&(b * g))
    };
    let compare = |x: &Tally, y: &Tally| -> Ordering {
        y.total
            .cmp(&x.total)
            .then(y.wins.cmp(&x.wins))
            .then(by_average(y, x))
    };
    order.sort_by(|&x, &y| {
        compare(&players[x], &players[y])
            .then_with(|| players[x].name.as_bytes().cmp(players[y].name.as_bytes()))
    });
    // Equal keys: equal totals and wins, and averages equal exactly.
    #[derive(PartialEq)]
    struct Key(i64, usize, i128, i128);
    let keys: Vec<Key> = order
        .iter()
        .map(|&i| {
            let t = &players[i];
            let g = t.games.max(1) as i128;
            let total = i128::from(t.total);
            // The average as a reduced fraction, so that equal averages
            // compare equal.
            let d = gcd(total.abs(), g).max(1);
            Key(t.total, t.wins, total / d, g / d)
        })
        .collect();
    order
        .iter()
        .zip(ranks(&keys))
        .map(|(&i, (rank, place))| {
            let t = &players[i];
            Row {
                rank,
                place,
                player: t.name.clone(),
                games: t.games,
                wins: t.wins,
                draws: None,
                losses: None,
                points: None,
                sonneborn_berger: None,
                buchholz: None,
                total: Some(t.total),
                average: Some(average(t.total, t.games)),
            }
        })
        .collect()
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A result in halves as the crosstable writes it.
fn cell(halves: u8) -> &'static str {
    match halves {
        2 => "1",
        1 => "½",
        _ => "0",
    }
}

/// The crosstable in `order`: each pair's games by round when all of them
/// have one, else in input order.
pub(super) fn crosstable(players: &[Tally], duels: &[Duel], order: &[usize]) -> Vec<CrossRow> {
    let n = players.len();
    let mut place = vec![0; n];
    for (p, &i) in order.iter().enumerate() {
        place[i] = p;
    }
    // The games of each ordered pair, by places.
    let mut met: std::collections::HashMap<(usize, usize), Vec<&Duel>> =
        std::collections::HashMap::new();
    for d in duels {
        let (x, y) = (place[d.a], place[d.b]);
        met.entry((x.min(y), x.max(y))).or_default().push(d);
    }
    for games in met.values_mut() {
        if games.iter().all(|d| d.round.is_some()) {
            games.sort_by_key(|d| (d.round, d.seq));
        } else {
            games.sort_by_key(|d| d.seq);
        }
    }
    order
        .iter()
        .enumerate()
        .map(|(x, &i)| CrossRow {
            player: players[i].name.clone(),
            cells: (0..n)
                .map(|y| {
                    if x == y {
                        return vec!["x".to_string()];
                    }
                    met.get(&(x.min(y), x.max(y)))
                        .map(|games| {
                            games
                                .iter()
                                .map(|d| {
                                    let row_is_a = place[d.a] == x;
                                    let halves = if row_is_a { d.halves } else { 2 - d.halves };
                                    cell(halves).to_string()
                                })
                                .collect()
                        })
                        .unwrap_or_default()
                })
                .collect(),
        })
        .collect()
}
