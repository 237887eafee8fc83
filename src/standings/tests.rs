//! The tie-breaks on small tables computed by hand.

use super::*;
use crate::game::{Decided, Outcome, Players, Scores, Team, Word};

/// A finished duel of `game`: `winner` is `Some(0)` for the first side,
/// `Some(1)` for the second, `None` for a draw.
fn duel(seq: usize, a: &str, b: &str, winner: Option<usize>) -> RecordReport {
    let sides = ["red", "blue"];
    RecordReport {
        path: "event.arb".into(),
        index: seq,
        game: Some("simpei".into()),
        verdict: Verdict::Legal,
        diagnostic: None,
        warnings: Vec::new(),
        warnings_omitted: 0,
        turns: 5,
        status: Some("finished"),
        winner: winner.map(|w| sides[w].to_string().into()),
        to_move: None,
        scores: None,
        players: Some(Players(vec![
            ("red".into(), a.into()),
            ("blue".into(), b.into()),
        ])),
        outcome: Some(Outcome {
            end: "alignment".into(),
            winners: winner
                .map(|w| vec![sides[w].to_string().into()])
                .unwrap_or_default(),
            scores: None,
            board_scores: None,
            teams: None,
            decided: Decided::Board,
        }),
        tournament: None,
        throws: None,
        description: None,
    }
}

fn event(round: Option<u64>) -> Entry {
    Entry {
        event: Some("Club".into()),
        round,
        mode: None,
        end: None,
    }
}

fn table(games: &[(&str, &str, Option<usize>)], points: Points) -> Group {
    let mut standings = Standings::new(points);
    for (i, &(a, b, w)) in games.iter().enumerate() {
        standings.add(&duel(i, a, b, w), &event(None));
    }
    let mut document = standings.finish(true);
    assert_eq!(document.groups.len(), 1);
    document.groups.remove(0)
}

/// (rank, player, points, SB, Buchholz) of each row.
fn summary(group: &Group) -> Vec<(String, String, String, String, String)> {
    group
        .rows
        .iter()
        .map(|r| {
            let shown = |f: Option<Fixed>| f.map(|f| f.to_string()).unwrap_or_default();
            (
                r.rank.clone(),
                r.player.clone(),
                shown(r.points),
                shown(r.sonneborn_berger),
                shown(r.buchholz),
            )
        })
        .collect()
}

fn row(
    rank: &str,
    player: &str,
    p: &str,
    sb: &str,
    bh: &str,
) -> (String, String, String, String, String) {
    (rank.into(), player.into(), p.into(), sb.into(), bh.into())
}

#[test]
fn a_round_robin_with_a_draw_is_ranked_by_points_then_tie_breaks() {
    // A beats B, A draws C, B beats C, C beats D, D beats A, B beats D.
    // Points: A 1.5, B 2, C 1.5, D 1.
    // SB: A = B 2 + C 1.5*½ = 2.75; B = C 1.5 + D 1 = 2.5;
    //     C = A 1.5*½ + D 1 = 1.75; D = A 1.5 = 1.5.
    // Buchholz: A = 2+1.5+1 = 4.5; B = 1.5+1.5+1 = 4; C = 1.5+2+1 = 4.5;
    //     D = 1.5+1.5+2 = 5.
    let group = table(
        &[
            ("A", "B", Some(0)),
            ("A", "C", None),
            ("B", "C", Some(0)),
            ("C", "D", Some(0)),
            ("D", "A", Some(0)),
            ("B", "D", Some(0)),
        ],
        Points::default(),
    );
    assert_eq!(
        summary(&group),
        vec![
            row("1", "B", "2", "2.5", "4"),
            row("2", "A", "1.5", "2.75", "4.5"),
            row("3", "C", "1.5", "1.75", "4.5"),
            row("4", "D", "1", "1.5", "5"),
        ]
    );
    let cross = group.crosstable.unwrap_or_default();
    // A's row, columns B A C D.
    assert_eq!(cross[1].player, "A");
    assert_eq!(
        cross[1].cells,
        vec![vec!["1"], vec!["x"], vec!["½"], vec!["0"]]
    );
}

#[test]
fn players_equal_on_every_key_share_a_span_of_places() {
    // A cycle: each wins once and loses once, all equal.
    let group = table(
        &[
            ("A", "B", Some(0)),
            ("B", "C", Some(0)),
            ("C", "A", Some(0)),
            ("D", "E", None),
        ],
        Points::default(),
    );
    let ranks: Vec<(String, String)> = group
        .rows
        .iter()
        .map(|r| (r.rank.clone(), r.player.clone()))
        .collect();
    // A, B, C: 1 point, SB 1, Buchholz 2. D, E: ½, SB ¼, Buchholz ½.
    assert_eq!(
        ranks,
        [
            ("1-3", "A"),
            ("1-3", "B"),
            ("1-3", "C"),
            ("4-5", "D"),
            ("4-5", "E")
        ]
        .map(|(r, p)| (r.to_string(), p.to_string()))
    );
    assert_eq!(group.rows[3].sonneborn_berger, Some(Fixed(250)));
    assert_eq!(group.rows[3].place, 4);
}

#[test]
fn an_opponent_met_twice_counts_twice_and_the_cells_list_both_games() {
    // A beats B, then draws B; B beats C.
    // Points: A 1.5, B 1.5, C 0.
    // SB: A = 1.5*1 + 1.5*½ = 2.25; B = 1.5*½ + 0 = 0.75; C = 0.
    // Buchholz: A = 1.5+1.5 = 3; B = 1.5+1.5+0 = 3; C = 1.5.
    let group = table(
        &[("A", "B", Some(0)), ("B", "A", None), ("B", "C", Some(0))],
        Points::default(),
    );
    assert_eq!(
        summary(&group),
        vec![
            row("1", "A", "1.5", "2.25", "3"),
            row("2", "B", "1.5", "0.75", "3"),
            row("3", "C", "0", "0", "1.5"),
        ]
    );
    let cross = group.crosstable.unwrap_or_default();
    assert_eq!(cross[0].cells[1], vec!["1", "½"]);
    assert_eq!(cross[1].cells[0], vec!["0", "½"]);
    assert_eq!(cross[0].cells[2], Vec::<String>::new());
    assert_eq!(cross[2].cells[2], vec!["x"]);
}

#[test]
fn points_three_one_nothing_change_points_and_buchholz_not_the_halves_of_sb() {
    // As in the round robin: A 1 win 1 draw 1 loss = 4, B 2 wins = 6,
    // C 1 win 1 draw = 4, D 1 win = 3.
    // SB (results 1, ½, 0 times opponents' points): A = B 6 + C 4*½ = 8;
    // B = C 4 + D 3 = 7; C = A 4*½ + D 3 = 5; D = A 4 = 4.
    // Buchholz: A = 6+4+3 = 13; B = 4+4+3 = 11; C = 4+6+3 = 13; D = 4+4+6 = 14.
    let points: Points = "3,1,0".parse().unwrap_or_default();
    let group = table(
        &[
            ("A", "B", Some(0)),
            ("A", "C", None),
            ("B", "C", Some(0)),
            ("C", "D", Some(0)),
            ("D", "A", Some(0)),
            ("B", "D", Some(0)),
        ],
        points,
    );
    assert_eq!(
        summary(&group),
        vec![
            row("1", "B", "6", "7", "11"),
            row("2", "A", "4", "8", "13"),
            row("3", "C", "4", "5", "13"),
            row("4", "D", "3", "4", "14"),
        ]
    );
}

#[test]
fn the_crosstable_orders_games_by_round_when_all_have_one() {
    let mut standings = Standings::new(Points::default());
    standings.add(&duel(0, "A", "B", Some(0)), &event(Some(2)));
    standings.add(&duel(1, "A", "B", Some(1)), &event(Some(1)));
    let group = standings.finish(true).groups.remove(0);
    let cross = group.crosstable.unwrap_or_default();
    assert_eq!(cross[0].cells[1], vec!["0", "1"], "{cross:?}");
    // Without a round on one of them, input order.
    let mut standings = Standings::new(Points::default());
    standings.add(&duel(0, "A", "B", Some(0)), &event(Some(2)));
    standings.add(&duel(1, "A", "B", Some(1)), &event(None));
    let group = standings.finish(true).groups.remove(0);
    let cross = group.crosstable.unwrap_or_default();
    assert_eq!(cross[0].cells[1], vec!["1", "0"], "{cross:?}");
}

#[test]
fn a_player_in_two_records_of_one_round_is_warned_about_and_both_count() {
    let mut standings = Standings::new(Points::default());
    standings.add(&duel(0, "A", "B", Some(0)), &event(Some(1)));
    standings.add(&duel(1, "C", "A", Some(0)), &event(Some(1)));
    // Another round, another event: no warning.
    standings.add(&duel(2, "A", "C", Some(0)), &event(Some(2)));
    let mut other = event(Some(1));
    other.event = Some("Other".into());
    standings.add(&duel(3, "A", "C", Some(0)), &other);
    let document = standings.finish(false);
    let group = &document.groups[0];
    assert_eq!(group.counted, 3);
    assert_eq!(group.warnings.len(), 1, "{:?}", group.warnings);
    assert_eq!(group.warnings[0].player, "A");
    assert_eq!(group.warnings[0].again.index, 1);
    assert!(document.groups[1].warnings.is_empty());
}

#[test]
fn records_that_do_not_count_say_why() {
    let mut standings = Standings::new(Points::default());
    let mut unfinished = duel(0, "A", "B", None);
    unfinished.status = Some("unfinished");
    unfinished.outcome = None;
    unfinished.to_move = Some("red".into());
    standings.add(&unfinished, &event(None));
    let mut abandoned = unfinished.clone();
    abandoned.index = 1;
    let mut end = event(None);
    end.end = Some("abandoned".into());
    standings.add(&abandoned, &end);
    let mut unnamed = duel(2, "A", "B", Some(0));
    unnamed.players = Some(Players(vec![("red".into(), "A".into())]));
    standings.add(&unnamed, &event(None));
    standings.add(&duel(3, "A", "A", Some(0)), &event(None));
    let mut illegal = duel(4, "A", "B", Some(0));
    illegal.verdict = Verdict::Illegal;
    standings.add(&illegal, &event(None));
    let group = standings.finish(false).groups.remove(0);
    let reasons: Vec<Reason> = group.not_counted.iter().map(|n| n.reason).collect();
    assert_eq!(
        reasons,
        [
            Reason::Unfinished,
            Reason::Abandoned,
            Reason::PlayerNotNamed,
            Reason::SamePlayerTwice,
            Reason::Illegal
        ]
    );
    assert!(
        group.not_counted[2].message.contains("only red"),
        "{:?}",
        group.not_counted[2]
    );
    assert!(group.rows.is_empty());
    assert_eq!(group.counted, 0);
}

/// A finished Superpion game of `mode` with these scores by key.
fn superpion(mode: &str, scores: &[(&str, &str, i64)], teams: bool) -> (RecordReport, Entry) {
    let keyed: Vec<(String, i64)> = scores.iter().map(|(k, _, s)| (k.to_string(), *s)).collect();
    let best = scores.iter().map(|s| s.2).max().unwrap_or(0);
    let top: Vec<Word> = scores
        .iter()
        .filter(|s| s.2 == best)
        .map(|s| s.0.to_string().into())
        .collect();
    let team_list = teams.then(|| {
        let team = |a: usize, b: usize| Team {
            sides: vec![keyed[a].0.clone().into(), keyed[b].0.clone().into()],
            players: vec![None, None],
            score: keyed[a].1 + keyed[b].1,
        };
        vec![team(0, 2), team(1, 3)]
    });
    let winners = match &team_list {
        Some(t) if t[0].score > t[1].score => t[0].sides.clone(),
        Some(t) if t[1].score > t[0].score => t[1].sides.clone(),
        Some(_) => Vec::new(),
        None if top.len() == 1 => top,
        None => Vec::new(),
    };
    let report = RecordReport {
        game: Some("superpion".into()),
        scores: Some(Scores(keyed.clone())),
        players: Some(Players(
            scores
                .iter()
                .map(|(k, n, _)| (k.to_string().into(), n.to_string()))
                .collect(),
        )),
        outcome: Some(Outcome {
            end: "time".into(),
            winners,
            scores: Some(Scores(keyed)),
            board_scores: None,
            teams: team_list,
            decided: Decided::Board,
        }),
        ..duel(0, "x", "y", None)
    };
    let tournament = Entry {
        mode: Some(mode.into()),
        ..event(None)
    };
    (report, tournament)
}

#[test]
fn multi_player_totals_averages_and_shared_first_places() {
    let mut standings = Standings::new(Points::default());
    let games = [
        [
            ("blue", "A", 10),
            ("red", "B", 10),
            ("yellow", "C", 4),
            ("black", "D", 0),
        ],
        [
            ("blue", "B", 7),
            ("red", "C", 3),
            ("yellow", "A", 2),
            ("black", "D", 0),
        ],
    ];
    for game in &games {
        let (report, t) = superpion("four-players", game, false);
        standings.add(&report, &t);
    }
    // Three players only: B and C.
    let (report, t) = superpion(
        "three-players",
        &[("blue", "B", 1), ("red", "C", 8), ("yellow", "E", 8)],
        false,
    );
    standings.add(&report, &t);
    let document = standings.finish(false);
    // four-players and three-players are one family: one group.
    assert_eq!(document.groups.len(), 1);
    let rows: Vec<(String, String, usize, usize, i64, String)> = document.groups[0]
        .rows
        .iter()
        .map(|r| {
            (
                r.rank.clone(),
                r.player.clone(),
                r.games,
                r.wins,
                r.total.unwrap_or(-1),
                r.average.map(|a| a.to_string()).unwrap_or_default(),
            )
        })
        .collect();
    // B: 10+7+1 = 18 in 3, wins 2 (shared first, then alone): 6.
    // C: 4+3+8 = 15 in 3, wins 1 (shared with E): 5.
    // A: 10+2 = 12 in 2, wins 1: 6. E: 8 in 1, 1 win: 8. D: 0 in 2.
    assert_eq!(
        rows,
        vec![
            ("1".into(), "B".into(), 3, 2, 18, "6".into()),
            ("2".into(), "C".into(), 3, 1, 15, "5".into()),
            ("3".into(), "A".into(), 2, 1, 12, "6".into()),
            ("4".into(), "E".into(), 1, 1, 8, "8".into()),
            ("5".into(), "D".into(), 2, 0, 0, "0".into()),
        ]
    );
}

#[test]
fn multi_player_ties_share_ranks_and_averages_round_to_two_decimals() {
    let mut standings = Standings::new(Points::default());
    let (report, t) = superpion(
        "four-players",
        &[
            ("blue", "A", 5),
            ("red", "B", 5),
            ("yellow", "C", 1),
            ("black", "D", 1),
        ],
        false,
    );
    standings.add(&report, &t);
    let (report, t) = superpion(
        "four-players",
        &[
            ("blue", "C", 1),
            ("red", "D", 1),
            ("yellow", "A", 0),
            ("black", "B", 0),
        ],
        false,
    );
    standings.add(&report, &t);
    let (report, t) = superpion(
        "four-players",
        &[
            ("blue", "C", 0),
            ("red", "D", 0),
            ("yellow", "A", 0),
            ("black", "B", 0),
        ],
        false,
    );
    standings.add(&report, &t);
    let group = standings.finish(false).groups.remove(0);
    let rows: Vec<(String, String, String)> = group
        .rows
        .iter()
        .map(|r| {
            (
                r.rank.clone(),
                r.player.clone(),
                r.average.map(|a| a.to_string()).unwrap_or_default(),
            )
        })
        .collect();
    // A, B: 5 in 3, 2 wins (the third game all level: a shared first).
    // C, D: 2 in 3, 2 wins. Averages 1.67 and 0.67.
    assert_eq!(
        rows,
        [
            ("1-2", "A", "1.67"),
            ("1-2", "B", "1.67"),
            ("3-4", "C", "0.67"),
            ("3-4", "D", "0.67")
        ]
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
    );
}

#[test]
fn in_teams_each_player_is_scored_alone_and_the_top_team_wins() {
    let mut standings = Standings::new(Points::default());
    // Blue+Yellow 3+9 = 12 against Red+Black 8+2 = 10.
    let (report, t) = superpion(
        "teams",
        &[
            ("blue", "A", 3),
            ("red", "B", 8),
            ("yellow", "C", 9),
            ("black", "D", 2),
        ],
        true,
    );
    standings.add(&report, &t);
    let group = standings.finish(false).groups.remove(0);
    let wins: Vec<(String, usize, i64)> = group
        .rows
        .iter()
        .map(|r| (r.player.clone(), r.wins, r.total.unwrap_or(0)))
        .collect();
    assert_eq!(
        wins,
        [("C", 1, 9), ("B", 0, 8), ("A", 1, 3), ("D", 0, 2)].map(|(p, w, t)| (p.to_string(), w, t))
    );
}

#[test]
fn superpion_two_player_games_are_won_by_the_higher_score() {
    let mut standings = Standings::new(Points::default());
    let (report, t) = superpion(
        "two-players",
        &[("player1", "A", 20), ("player2", "B", 20)],
        false,
    );
    standings.add(&report, &t);
    let (report, t) = superpion(
        "two-super-players",
        &[("player1", "A", 3), ("player2", "B", 20)],
        false,
    );
    standings.add(&report, &t);
    let document = standings.finish(false);
    assert_eq!(document.groups.len(), 1);
    let group = &document.groups[0];
    assert_eq!(group.family, Family::TwoPlayer);
    let rows: Vec<(String, usize, Option<usize>, Option<usize>)> = group
        .rows
        .iter()
        .map(|r| (r.player.clone(), r.wins, r.draws, r.losses))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("B".into(), 1, Some(1), Some(0)),
            ("A".into(), 0, Some(1), Some(1))
        ]
    );
}

#[test]
fn groups_are_by_event_game_and_family_in_order_of_first_record() {
    let mut standings = Standings::new(Points::default());
    let (report, mut t) = superpion(
        "teams",
        &[
            ("blue", "A", 1),
            ("red", "B", 0),
            ("yellow", "C", 0),
            ("black", "D", 0),
        ],
        true,
    );
    t.event = None;
    standings.add(&report, &t);
    standings.add(&duel(0, "A", "B", Some(0)), &event(None));
    let (report, mut t) = superpion(
        "two-players",
        &[("player1", "A", 1), ("player2", "B", 0)],
        false,
    );
    t.event = None;
    standings.add(&report, &t);
    let mut lower = event(None);
    lower.event = Some("club".into());
    standings.add(&duel(1, "A", "B", Some(0)), &lower);
    let groups: Vec<(Option<String>, String, Family)> = standings
        .finish(false)
        .groups
        .into_iter()
        .map(|g| (g.event, g.game, g.family))
        .collect();
    assert_eq!(
        groups,
        vec![
            (None, "superpion".into(), Family::MultiPlayer),
            (Some("Club".into()), "simpei".into(), Family::TwoPlayer),
            (None, "superpion".into(), Family::TwoPlayer),
            (Some("club".into()), "simpei".into(), Family::TwoPlayer),
        ]
    );
}

#[test]
fn a_finished_duel_without_a_winner_is_a_draw_whatever_its_outcome_says() {
    let mut standings = Standings::new(Points::default());
    // As the off-board endings write a draw: finished, no winners.
    standings.add(&duel(0, "A", "B", None), &event(None));
    // Finished with no outcome at all.
    let mut bare = duel(1, "A", "B", None);
    bare.outcome = None;
    standings.add(&bare, &event(None));
    let group = standings.finish(false).groups.remove(0);
    assert_eq!(group.counted, 2);
    assert_eq!(group.rows[0].draws, Some(2));
    assert_eq!(group.rows[0].rank, "1-2");
}

#[test]
fn a_key_written_twice_does_not_hide_the_event_the_header_writes_once() {
    let entry = |header: &str| {
        Entry::of(&crate::reader::Record::from_text(format!(
            "---\n{header}\n---\n"
        )))
    };
    // A duplicated `round` makes the record malformed; it is still listed
    // under its event, as with a duplicated `date`.
    let twice = entry("game: simpei\nevent: Club night\nround: 1\nround: 2\nmode: x\nend: draw");
    assert_eq!(twice.event.as_deref(), Some("Club night"));
    assert_eq!(twice.round, None);
    assert_eq!(twice.mode.as_deref(), Some("x"));
    assert_eq!(twice.end.as_deref(), Some("draw"));
    let date = entry("game: simpei\nevent: Club night\ndate: 2026-01-01\ndate: 2026-01-02");
    assert_eq!(date.event.as_deref(), Some("Club night"));
    // An event written twice is no event: which would it be?
    let events = entry("game: simpei\nevent: Club night\nevent: Spring open\nround: 3");
    assert_eq!(events.event, None);
    assert_eq!(events.round, Some(3));
    // Three times as well.
    let thrice = entry("game: simpei\nevent: A\nevent: A\nevent: A");
    assert_eq!(thrice.event, None);
}

/// The game tells its two-player modes, read as its header reads a mode:
/// in any case, with spaces around.
#[test]
fn a_family_is_the_games_word_on_its_mode() {
    assert_eq!(Family::of("simpei", None), Family::TwoPlayer);
    assert_eq!(Family::of("puluc", None), Family::TwoPlayer);
    assert_eq!(Family::of("superpion", None), Family::MultiPlayer);
    for mode in [
        "two-players",
        "two-super-players",
        "Two-Players",
        " two-players ",
    ] {
        assert_eq!(
            Family::of("superpion", Some(mode)),
            Family::TwoPlayer,
            "{mode}"
        );
    }
    for mode in [
        "four-players",
        "teams",
        "three-players",
        "three-players:red",
        "Teams",
    ] {
        assert_eq!(
            Family::of("superpion", Some(mode)),
            Family::MultiPlayer,
            "{mode}"
        );
    }
}
