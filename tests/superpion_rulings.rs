//! Superpion rulings, written from `superpion.md` and `record.md` alone, as an
//! independent check of the engine: a table of short records (mostly from a
//! `setup`) with the verdict a referee would give. Every rule id has at least
//! one case that triggers it and a legal neighbour: the same situation with
//! the one detail that makes it legal.
//!
//! Each record goes through the binary (`check --format json -`). Where the
//! spec is silent, the comment says "Reading:" and the reading is collected in
//! docs/rulings.md (Superpion), the rule itself in docs/rules/superpion.md.
//!
//! Board reminders: files a-n = 1-14, white squares have file+rank even; the
//! 3x3 corners (a-c/l-n x 1-3/12-14) are missing. Back lines: Blue rank 1
//! (e1 g1 i1 k1), Red file a (a5 a7 a9 a11), Yellow rank 14 (d14 f14 h14 j14),
//! Black file n (n4 n6 n8 n10). A pawn keeps the parity of its file and rank,
//! so "odd" pawns (e5) only reach ranks/files 1, "even" pawns (f12) only 14.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use serde_json::Value;

/// What the referee must say about a record.
#[derive(Default)]
struct Want {
    verdict: &'static str,
    rule: Option<String>,
    /// `Some(None)`: the diagnostic's turn_index must be null.
    turn: Option<Option<u64>>,
    winner: Option<&'static str>,
    status: Option<&'static str>,
    to_move: Option<&'static str>,
    scores: Vec<(&'static str, i64)>,
    /// Rules of the warnings, in order (`Some(vec![])`: no warning at all).
    warnings: Option<Vec<&'static str>>,
    /// Strings that must appear among `diagnostic.expected`.
    expected: Vec<&'static str>,
}

fn id(rule: &str) -> String {
    match rule {
        "header" | "setup" | "syntax" | "result-mismatch" => rule.to_string(),
        _ => format!("superpion/{rule}"),
    }
}

fn legal() -> Want {
    Want {
        verdict: "legal",
        ..Want::default()
    }
}

fn illegal(rule: &str, turn: u64) -> Want {
    Want {
        verdict: "illegal",
        rule: Some(id(rule)),
        turn: Some(Some(turn)),
        ..Want::default()
    }
}

/// Illegal with `turn_index` null (end and result checks).
fn illegal_at_end(rule: &str) -> Want {
    Want {
        verdict: "illegal",
        rule: Some(id(rule)),
        turn: Some(None),
        ..Want::default()
    }
}

fn malformed(rule: &str) -> Want {
    Want {
        verdict: "malformed",
        rule: Some(id(rule)),
        ..Want::default()
    }
}

impl Want {
    fn winner(mut self, w: &'static str) -> Self {
        self.winner = Some(w);
        self
    }
    fn status(mut self, s: &'static str) -> Self {
        self.status = Some(s);
        self
    }
    fn moving(mut self, s: &'static str) -> Self {
        self.to_move = Some(s);
        self
    }
    fn score(mut self, who: &'static str, points: i64) -> Self {
        self.scores.push((who, points));
        self
    }
    fn warnings(mut self, w: &[&'static str]) -> Self {
        self.warnings = Some(w.to_vec());
        self
    }
    fn expects(mut self, e: &'static str) -> Self {
        self.expected.push(e);
        self
    }
}

fn record(header: &str, moves: &str) -> String {
    format!("---\ngame: superpion\n{header}\n---\n{moves}\n")
}

fn run(text: &str) -> Value {
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .args(["check", "--format", "json", "-"])
        .write_stdin(text.to_string())
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    json["records"][0].clone()
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "null".into(),
        other => other.to_string(),
    }
}

fn verify(header: &str, moves: &str, want: Want) {
    let rec = record(header, moves);
    let got = run(&rec);
    let d = &got["diagnostic"];
    let show = || format!("\n--- record ---\n{rec}--- got ---\n{got:#}");
    assert_eq!(text(&got["verdict"]), want.verdict, "verdict{}", show());
    if let Some(rule) = &want.rule {
        assert_eq!(&text(&d["rule"]), rule, "rule{}", show());
    }
    if let Some(turn) = want.turn {
        assert_eq!(d["turn_index"].as_u64(), turn, "turn_index{}", show());
        if turn.is_none() {
            assert!(d["turn_index"].is_null(), "turn_index{}", show());
        }
    }
    if let Some(w) = want.winner {
        assert_eq!(text(&got["winner"]), w, "winner{}", show());
    }
    if let Some(s) = want.status {
        assert_eq!(text(&got["status"]), s, "status{}", show());
    }
    if let Some(s) = want.to_move {
        assert_eq!(text(&got["to_move"]), s, "to_move{}", show());
    }
    for (who, points) in &want.scores {
        assert_eq!(
            got["scores"][who].as_i64(),
            Some(*points),
            "score of {who}{}",
            show()
        );
    }
    if let Some(w) = &want.warnings {
        let rules: Vec<String> = got["warnings"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|w| text(&w["rule"]))
            .collect();
        let w: Vec<String> = w.iter().map(|r| id(r)).collect();
        assert_eq!(rules, w, "warnings{}", show());
    }
    for e in &want.expected {
        let listed: Vec<String> = d["expected"]
            .as_array()
            .into_iter()
            .flatten()
            .map(text)
            .collect();
        assert!(
            listed
                .iter()
                .any(|l| l == e || l.ends_with(&format!(" {e}"))),
            "expected should list {e}{}",
            show()
        );
    }
}

/// The table: `name: header, movetext => verdict;`. Each row is its own test.
macro_rules! rulings {
    ($( $(#[$m:meta])* $name:ident : $header:expr, $moves:expr => $want:expr ; )*) => {
        $( $(#[$m])* #[test] fn $name() { verify($header, $moves, $want) } )*
    };
}

// ---------------------------------------------------------------- positions

/// Blue pawns e5, i3 face a red pawn f6 (e5xg7 is on); Yellow j12 keeps a
/// second side alive after the capture.
const ONE_CAPTURE: &str =
    "setup: {to-move: blue, pieces: {blue: [e5, i3], red: [f6], yellow: [j12]}}";
/// Blue e5 and g7 around red f6: e5xg7 is blocked by g7, g7xe5 by e5, so no
/// capture yet; either pawn moving away opens one for the other.
const LANDING_BLOCKED: &str =
    "setup: {to-move: blue, pieces: {blue: [e5, g7], red: [f6], yellow: [j12]}}";
/// Blue e3 and k3, red f6: e3-e5 walks into a capture position.
const WALK_INTO: &str =
    "setup: {to-move: blue, pieces: {blue: [e3, k3], red: [f6], yellow: [j12]}}";
/// Blue e5 can take one (f6), k5 two (j6 then j8).
const ONE_OR_TWO: &str =
    "setup: {to-move: blue, pieces: {blue: [e5, k5], red: [f6, j6, j8], yellow: [j12]}}";
/// Same, but f6 is a red Superpion: it still counts as one piece.
const SUPER_OR_TWO: &str =
    "setup: {to-move: blue, pieces: {blue: [e5, k5], red: [\"f6=Y\", j6, j8], yellow: [j12]}}";
/// One Superpion (f6) or one pawn (j6): same count, free choice.
const SUPER_OR_ONE: &str =
    "setup: {to-move: blue, pieces: {blue: [e5, k5], red: [\"f6=Y\", j6], yellow: [j12]}}";
/// Blue Superpion e5, red g7: flying capture, landing h8, i9, j10 or k11
/// (l12 is in the missing corner).
const FLY: &str = "setup: {to-move: blue, pieces: {blue: [\"e5=S\"], red: [g7], yellow: [d12]}}";
/// Red g7 and j8: only the landing i9 lets the Superpion go on (SE over j8).
const FLY_CHOICE: &str =
    "setup: {to-move: blue, pieces: {blue: [\"e5=S\"], red: [g7, j8], yellow: [d12]}}";
/// Red g7 and i7: NE over g7 to h8, then a 90-degree turn SE over i7.
const FLY_TURN: &str =
    "setup: {to-move: blue, pieces: {blue: [\"e5=S\"], red: [g7, i7], yellow: [d12]}}";
/// Red g7 and j10 on one diagonal: landing h8 or i9 after g7, then on over
/// j10 to k11: two paths, one action.
const FLY_STRAIGHT: &str =
    "setup: {to-move: blue, pieces: {blue: [\"e5=S\"], red: [g7, j10], yellow: [d12]}}";
/// Superpion h4 against red j6 k5 i11 g11: h4xl8xh12xf10 takes three; going
/// on from f10 SE to k5 would pass over j6, jumped but still on the board.
const JUMPED_BLOCKS: &str =
    "setup: {to-move: blue, pieces: {blue: [\"h4=S\"], red: [j6, k5, i11, g11]}}";
/// Superpion k9 against red f10 i11 f6 e11: two 3-piece captures end on g5,
/// k9xh12xd8xg5 (i11 f10 f6) and k9xg13xc9xg5 (i11 e11 f6).
const TWO_ROUTES: &str =
    "setup: {to-move: blue, pieces: {blue: [\"k9=S\"], red: [f10, i11, f6, e11]}}";
/// Blue pawn e5 in a ring of yellow pawns f6 f8 d8 d6 plus f4: the pawn goes
/// round the ring back over its start square and on over f4 to g3.
const RING: &str =
    "setup: {to-move: blue, pieces: {blue: [e5], yellow: [f6, f8, d8, d6, f4], red: [c11]}}";
/// Blue even pawn f12 below yellow g13 and i13: f12xh14xj12 passes the
/// Yellow back line mid-capture.
const THROUGH_BACK_LINE: &str =
    "setup: {to-move: blue, pieces: {blue: [f12], yellow: [g13, i13], red: [c9]}}";
/// Blue pawn f12 one step from the Yellow back line (f14); red c9 plays on.
const PROMOTE: &str = "setup: {to-move: blue, pieces: {blue: [f12], red: [c9]}}";
/// Blue e3 and e1, red Superpions g3 and g1: e1 is boxed in (c1 is missing,
/// e3 and g1 taken) until e3 moves away.
const BOXED: &str =
    "setup: {to-move: blue, pieces: {blue: [e3, e1], red: [\"g3=S\", \"g1=S\"], yellow: [j12]}}";
/// Blue e1 with no action at all (e3 and g1 red, c1 missing); red pawns c7
/// and c9 give Red two actions.
const NO_ACTION: &str =
    "setup: {to-move: blue, pieces: {blue: [e1], red: [\"e3=S\", \"g1=S\", c7, c9]}}";
/// One piece per camp, far apart, for direction limits.
const FOUR_SINGLE: &str = "pieces: {blue: [e5], red: [c9], yellow: [h10], black: [l6]}";
/// Blue e5 and k3 against a lone red f6.
const LAST_RED: &str = "pieces: {blue: [e5, k3], red: [f6]";

rulings! {
    // ------------------------------------------------------------ squares
    /// b2 is in the missing south-west corner.
    not_a_square_corner: "", "1.B b2-b4 g3-g5" => illegal("not-a-square", 0);
    /// Reading: a2 is both off the board and dark; off the board comes first
    /// (the order lists `not-a-square` before `dark-square`).
    not_a_square_before_dark: "", "1.B a2-a4 g3-g5" => illegal("not-a-square", 0);
    /// A flying capture cannot land in the missing corner l12.
    not_a_square_landing_in_corner: FLY, "B e5xl12" => illegal("not-a-square", 0);
    not_a_square_neighbour: "", "1.B e3-e5 g3-g5" => legal().status("unfinished").moving("red");
    dark_square_target: "", "1.B e3-e4 g3-g5" => illegal("dark-square", 0);
    dark_square_start: "", "1.B d3-d5 g3-g5" => illegal("dark-square", 0);

    // ------------------------------------------------------------ turn order
    wrong_camp_first: "", "1.R c5-e5 c7-e7" => illegal("wrong-camp", 0);
    wrong_camp_skipping: "", "1.B e3-e5 g3-g5 1.Y h12-h10 j12-j10" => illegal("wrong-camp", 1);
    /// Red has no piece: after Blue comes Yellow.
    camp_without_pieces_skipped: "setup: {pieces: {blue: [e5], yellow: [h12]}}",
        "1.B e5-e7 1.Y h12-h10 2.B e7-e9" => legal().moving("yellow");
    camp_without_pieces_is_not_written: "setup: {pieces: {blue: [e5], yellow: [h12]}}",
        "1.B e5-e7 1.R --" => illegal("wrong-camp", 1);
    /// Without to-move, the first camp with pieces (Red) starts.
    setup_without_to_move_starts_first_camp_with_pieces: "setup: {pieces: {red: [c9], yellow: [h12]}}",
        "1.R c9-e9 1.Y h12-h10" => legal().moving("red");
    setup_without_to_move_blue_absent: "setup: {pieces: {red: [c9], yellow: [h12]}}",
        "1.B c9-e9" => illegal("wrong-camp", 0);
    move_number_wrong: "", "1.B e3-e5 g3-g5 2.R c7-e7 c9-e9" => illegal("move-number", 1);
    move_number_right: "", "1.B e3-e5 g3-g5 1.R c7-e7 c9-e9" => legal().moving("yellow");
    /// A wrong number and a wrong camp: the number is reported first.
    move_number_before_wrong_camp: "", "1.B e3-e5 g3-g5 2.Y h12-h10 j12-j10" => illegal("move-number", 1);
    /// After a setup with Yellow to move, round 1 is Y (K has no piece), and
    /// round 2 starts at B.
    move_number_round_wraps_after_setup: "setup: {to-move: yellow, pieces: {blue: [e5], yellow: [h12]}}",
        "1.Y h12-h10 2.B e5-e7" => legal();
    move_number_no_wrap_yet: "setup: {to-move: yellow, pieces: {blue: [e5], yellow: [h12]}}",
        "1.Y h12-h10 1.B e5-e7" => illegal("move-number", 1);
    /// Reading (spec: "more, or none, is malformed"): three actions is a
    /// syntax error.
    three_actions_malformed: "", "1.B e3-e5 g3-g5 i3-i5" => malformed("syntax");

    // ------------------------------------------------------------ the piece
    no_piece: "", "1.B e5-e7 g3-g5" => illegal("no-piece", 0);
    not_your_piece: "", "1.B c5-e5 g3-g5" => illegal("not-your-piece", 0);
    /// A partner's piece is not yours either.
    not_your_piece_partner: "mode: teams\nsetup: {pieces: {blue: [e5], yellow: [h12], red: [c9]}}",
        "B h12-h10" => illegal("not-your-piece", 0);
    not_your_piece_neighbour: "mode: teams\nsetup: {pieces: {blue: [e5], yellow: [h12], red: [c9]}}",
        "B e5-e7" => legal().moving("red");
    same_piece_twice: "", "1.B e3-e5 e5-e7" => illegal("same-piece-twice", 0);
    /// same-piece-twice is about the piece, before the geometry.
    same_piece_twice_before_geometry: "", "1.B e3-e5 e5-f6" => illegal("same-piece-twice", 0);
    same_piece_twice_neighbour: "", "1.B e3-e5 g3-g5" => legal();
    promoted_this_turn: PROMOTE, "1.B f12-f14=S f14-h14" => illegal("promoted-this-turn", 0);
    promoted_piece_acts_next_turn: PROMOTE, "1.B f12-f14=S 1.R c9-e9 2.B f14-h14" => legal().moving("red");

    // ------------------------------------------------------------ moves
    occupied_move: "", "1.B e1-e3 g3-g5" => illegal("occupied", 0);
    /// The square freed by the first action can be used by the second.
    occupied_neighbour_freed_first: "", "1.B e3-e5 e1-e3" => legal();
    diagonal_move: "", "1.B e3-f4 g3-g5" => illegal("diagonal-move", 0);
    /// Geometry before occupancy: d2 is taken, but the move is diagonal.
    diagonal_move_before_occupied: "", "1.B e1-d2 g3-g5" => illegal("diagonal-move", 0);
    /// Reading: two diagonal steps is still a diagonal move, not `not-a-move`.
    diagonal_move_long: "", "1.B e3-g5 i3-i5" => illegal("diagonal-move", 0);
    superpion_diagonal_move: "setup: {pieces: {blue: [\"e5=S\", e9], yellow: [j12]}}",
        "B e5-g7 e9-e11" => illegal("diagonal-move", 0);
    not_a_move_long_step: "", "1.B e3-e7 g3-g5" => illegal("not-a-move", 0);
    not_a_move_empty: "", "1.B e3-e3 g3-g5" => illegal("not-a-move", 0);
    not_a_move_skewed: "", "1.B e3-g7 i3-i5" => illegal("not-a-move", 0);
    /// Reading: a pawn's four-square step over its own pawn is `not-a-move`
    /// (checked before occupancy/path).
    not_a_move_over_own: "", "1.B e1-e5 g3-g5" => illegal("not-a-move", 0);
    superpion_not_a_move_skewed: "setup: {pieces: {blue: [\"e5=S\", e9], yellow: [j12]}}",
        "B e5-g9 e9-e11" => illegal("not-a-move", 0);
    backward_move: "setup: {pieces: {blue: [\"e5=S\", e9], yellow: [j12]}}",
        "B e9-e7 e5-e3" => illegal("backward-move", 0);
    /// Backward before occupancy: e1 is taken too.
    backward_move_before_occupied: "", "1.B e3-e1 g3-g5" => illegal("backward-move", 0);
    backward_neighbour_superpion_may: "setup: {pieces: {blue: [\"e5=S\", e9], yellow: [j12]}}",
        "B e5-e3 e9-c9" => legal();
    superpion_slide_far: "setup: {pieces: {blue: [\"e5=S\", e9], yellow: [j12]}}",
        "B e9-g9 e5-e13" => legal();
    blocked_path_slide: "setup: {pieces: {blue: [\"e5=S\", e9], yellow: [j12]}}",
        "B e5-e11 e9-g9" => illegal("blocked-path", 0);
    /// The pawn moved by the first action blocks the slide of the second.
    blocked_path_after_first_action: "setup: {pieces: {blue: [\"e5=S\", e9], yellow: [j12]}}",
        "B e9-e11 e5-e13" => illegal("blocked-path", 0);
    occupied_slide_target: "setup: {pieces: {blue: [\"e5=S\", e9], yellow: [j12]}}",
        "B e5-e9 e9-g9" => illegal("occupied", 0);

    // ------------------------------------------------------------ two-players
    two_player_direction_blue_west: &format!("mode: two-players\nsetup: {{to-move: blue, {FOUR_SINGLE}}}"),
        "B e5-c5" => illegal("two-player-direction", 0);
    two_player_direction_red_south: &format!("mode: two-players\nsetup: {{to-move: blue, {FOUR_SINGLE}}}"),
        "B e5-g5 R c9-c7" => illegal("two-player-direction", 1);
    two_player_direction_yellow_east: &format!("mode: two-players\nsetup: {{to-move: blue, {FOUR_SINGLE}}}"),
        "B e5-g5 R c9-c11 Y h10-j10" => illegal("two-player-direction", 2);
    two_player_direction_black_north: &format!("mode: two-players\nsetup: {{to-move: blue, {FOUR_SINGLE}}}"),
        "B e5-g5 R c9-c11 Y h10-f10 K l6-l8" => illegal("two-player-direction", 3);
    two_player_direction_allowed_sides: &format!("mode: two-players\nsetup: {{to-move: blue, {FOUR_SINGLE}}}"),
        "B e5-g5 R c9-c11 Y h10-f10 K l6-l4" => legal().moving("blue");
    two_player_direction_four_players_free: &format!("setup: {{to-move: blue, {FOUR_SINGLE}}}"),
        "B e5-c5 R c9-c7 Y h10-j10 K l6-l8" => legal();
    two_player_direction_not_superpions: "mode: two-players\nsetup: {pieces: {blue: [\"e5=S\"], yellow: [h12]}}",
        "B e5-c5 Y h12-f12" => legal();
    /// Captures are not limited: a Blue pawn captures north-west.
    two_player_direction_not_captures: "mode: two-players\nsetup: {pieces: {blue: [e5], yellow: [d6, h12]}}",
        "B e5xc7" => legal();
    /// backward-move comes before two-player-direction.
    two_player_backward_first: &format!("mode: two-players\nsetup: {{to-move: blue, {FOUR_SINGLE}}}"),
        "B e5-e3" => illegal("backward-move", 0);
    /// Blue and Red are one side in two-players: no capture between them.
    two_players_same_side_no_capture: "mode: two-players\nsetup: {pieces: {blue: [e5], red: [f6], yellow: [h12]}}",
        "B e5xg7" => illegal("not-a-capture", 0);
    two_players_same_side_move_free: "mode: two-players\nsetup: {pieces: {blue: [e5], red: [f6], yellow: [h12]}}",
        "B e5-e7" => legal();

    // ------------------------------------------------------------ not-a-capture
    not_a_capture_empty: "setup: {pieces: {blue: [e5], red: [c11]}}", "B e5xg7" => illegal("not-a-capture", 0);
    not_a_capture_own: "setup: {pieces: {blue: [e5, f6], red: [c11]}}", "B e5xg7 f6-f8" => illegal("not-a-capture", 0);
    not_a_capture_partner: "mode: teams\nsetup: {pieces: {blue: [e5], yellow: [f6], red: [c11]}}",
        "B e5xg7" => illegal("not-a-capture", 0);
    not_a_capture_two_super_partner: "mode: two-super-players\nsetup: {pieces: {blue: [e5], yellow: [f6], red: [c11]}}",
        "B e5xg7" => illegal("not-a-capture", 0);
    capture_of_opponent_four_players: "setup: {pieces: {blue: [e5], yellow: [f6], red: [c11]}}",
        "B e5xg7" => legal();
    not_a_capture_superpion_nothing: "setup: {pieces: {blue: [\"e5=S\"], red: [c11]}}", "B e5xh8" => illegal("not-a-capture", 0);
    /// Reading: a pawn may not jump f6 a second time (it stays on the board
    /// until the capture ends); the extra segment is `not-a-capture`.
    not_a_capture_jumped_twice: "setup: {pieces: {blue: [e5, k3], red: [f6], yellow: [j12]}}",
        "B e5xg7xe5 k3-k5" => illegal("not-a-capture", 0);
    not_a_capture_jumped_twice_neighbour: "setup: {pieces: {blue: [e5, k3], red: [f6], yellow: [j12]}}",
        "B e5xg7 k3-k5" => legal();
    occupied_capture_landing: LANDING_BLOCKED, "B e5xg7 g7-g9" => illegal("occupied", 0);
    occupied_flying_landing: "setup: {pieces: {blue: [\"e5=S\", j10], red: [g7], yellow: [d12]}}",
        "B e5xj10" => illegal("occupied", 0);

    // ------------------------------------------------------------ mandatory capture
    mandatory_capture_first_action: ONE_CAPTURE, "B i3-i5 e5xg7" => illegal("mandatory-capture", 0).expects("e5xg7");
    mandatory_capture_taken_first: ONE_CAPTURE, "B e5xg7 i3-i5" => legal().moving("yellow");
    /// Re-checked after the first action: g7 moving away opens e5xg7.
    mandatory_capture_opened_by_first: LANDING_BLOCKED, "B g7-g9 e5-e7" => illegal("mandatory-capture", 0).expects("e5xg7");
    mandatory_capture_opened_taken: LANDING_BLOCKED, "B g7-g9 e5xg7" => legal();
    /// e5 moving away opens the backward capture g7xe5.
    mandatory_capture_backward_opened: LANDING_BLOCKED, "B e5-e7 g7-g9" => illegal("mandatory-capture", 0).expects("g7xe5");
    mandatory_capture_backward_taken: LANDING_BLOCKED, "B e5-e7 g7xe5" => legal();
    /// The capture e5 now has belongs to a piece that already acted.
    mandatory_capture_only_pieces_still_to_act: WALK_INTO, "B e3-e5 k3-k5" => legal();
    /// A pawn promoted this turn may not act again, so the capture its new
    /// Superpion has (f14 over i11) does not bind the second action.
    mandatory_capture_not_for_new_superpion: "setup: {pieces: {blue: [f12, k3], red: [i11]}}",
        "B f12-f14=S k3-k5" => legal();
    /// d4's landing square c3 is in the missing corner: no capture, e5 may move.
    mandatory_capture_landing_in_void: "setup: {pieces: {blue: [e5], red: [d4], yellow: [j12]}}",
        "B e5-e7" => legal();
    mandatory_capture_landing_on_board: "setup: {pieces: {blue: [e5], red: [f4], yellow: [j12]}}",
        "B e5-e7" => illegal("mandatory-capture", 0).expects("e5xg3");
    /// A Superpion on d2 cannot fly over the void c3 to b4.
    mandatory_capture_no_flight_over_void: "setup: {pieces: {blue: [\"d2=S\"], red: [b4], yellow: [j12]}}",
        "B d2-d6" => legal();
    mandatory_capture_flight_on_board: "setup: {pieces: {blue: [\"e3=S\"], red: [b6], yellow: [j12]}}",
        "B e3-e5" => illegal("mandatory-capture", 0).expects("e3xa7");
    mandatory_capture_flight_taken: "setup: {pieces: {blue: [\"e3=S\"], red: [b6], yellow: [j12]}}",
        "B e3xa7" => legal();
    /// Two red pieces in a row on the diagonal cannot be jumped.
    mandatory_capture_none_two_in_a_row: "setup: {pieces: {blue: [\"e5=S\"], red: [f6, g7], yellow: [d12]}}",
        "B e5-e7" => legal();
    /// Own pawn f6 shields h8; once it moves, the Superpion must capture.
    mandatory_capture_after_own_piece_moves: "setup: {pieces: {blue: [\"e5=S\", f6], red: [h8]}}",
        "B f6-f8 e5-e7" => illegal("mandatory-capture", 0);
    mandatory_capture_after_own_piece_moves_taken: "setup: {pieces: {blue: [\"e5=S\", f6], red: [h8]}}",
        "B f6-f8 e5xi9" => legal();
    /// Mandatory capture is checked before the promotion mark.
    mandatory_before_promotion_missing: "setup: {pieces: {blue: [f12, e5], red: [f6]}}",
        "B f12-f14 e5xg7" => illegal("mandatory-capture", 0);

    // ------------------------------------------------------------ maximum capture
    maximum_capture_first_action: ONE_OR_TWO, "B e5xg7 k5xi7xk9" => illegal("maximum-capture", 0).expects("k5xi7xk9");
    maximum_capture_then_the_other: ONE_OR_TWO, "B k5xi7xk9 e5xg7" => legal();
    /// After the two-piece capture, e5's capture is still due.
    mandatory_capture_second_action: ONE_OR_TWO, "B k5xi7xk9 e5-e7" => illegal("mandatory-capture", 0).expects("e5xg7");
    capture_incomplete_pawn: ONE_OR_TWO, "B k5xi7 e5xg7" => illegal("capture-incomplete", 0);
    /// A Superpion counts as one piece: two pawns beat one Superpion.
    maximum_capture_superpion_counts_one: SUPER_OR_TWO, "B e5xg7 k5xi7xk9" => illegal("maximum-capture", 0);
    maximum_capture_superpion_counts_one_neighbour: SUPER_OR_TWO, "B k5xi7xk9 e5xg7" => legal();
    /// One Superpion or one pawn: equal counts, either first.
    maximum_capture_equal_superpion_first: SUPER_OR_ONE, "B e5xg7 k5xi7" => legal();
    maximum_capture_equal_pawn_first: SUPER_OR_ONE, "B k5xi7 e5xg7" => legal();
    /// Free choice between a Superpion's and a pawn's capture of one.
    maximum_capture_free_choice_of_piece: "setup: {pieces: {blue: [\"e5=S\", k5], red: [g7, j6], yellow: [d12]}}",
        "B k5xi7 e5xi9" => legal();
    maximum_capture_free_choice_of_piece_2: "setup: {pieces: {blue: [\"e5=S\", k5], red: [g7, j6], yellow: [d12]}}",
        "B e5xk11 k5xi7" => legal();
    /// A one-piece capture that promotes is still shorter than two.
    maximum_before_promotion: "setup: {pieces: {blue: [f12, k5], yellow: [g13], red: [j6, j8]}}",
        "B f12xh14 k5xi7xk9" => illegal("maximum-capture", 0);

    // ------------------------------------------------------------ flying captures
    flying_landing_near: FLY, "B e5xh8" => legal();
    flying_landing_far: FLY, "B e5xk11" => legal();
    flying_landing_middle: FLY, "B e5xj10" => legal();
    /// The landing must allow the longest capture: only i9 goes on over j8.
    flying_landing_that_goes_on: FLY_CHOICE, "B e5xi9xk7" => legal();
    flying_landing_that_goes_on_far: FLY_CHOICE, "B e5xi9xn4" => legal();
    /// h8 ends the capture after one piece while two were possible.
    flying_landing_too_short: FLY_CHOICE, "B e5xh8" => illegal("maximum-capture", 0).expects("e5xi9xk7");
    /// Stopping on i9, from where it could still jump, is incomplete.
    flying_stop_where_it_could_go_on: FLY_CHOICE, "B e5xi9" => illegal("capture-incomplete", 0);
    flying_turn_90_degrees: FLY_TURN, "B e5xh8xj6" => legal();
    flying_turn_far_landing: FLY_TURN, "B e5xh8xl4" => legal();
    reversal: FLY_TURN, "B e5xh8xf6" => illegal("reversal", 0);
    /// Reversal is checked before the path, even going back past the start.
    reversal_past_start: FLY_TURN, "B e5xh8xd4" => illegal("reversal", 0);
    /// From i9, SE meets nothing (i7 is on another diagonal).
    flying_turn_nothing_to_jump: FLY_TURN, "B e5xi9xk7" => illegal("not-a-capture", 0);
    flying_straight_on_near: FLY_STRAIGHT, "B e5xh8xk11" => legal();
    flying_straight_on_far: FLY_STRAIGHT, "B e5xi9xk11" => legal();
    /// Reading: `e5xk11` is the short form of one action (both paths jump
    /// g7 and j10), so it is accepted although a single segment e5-k11 would
    /// pass two pieces.
    flying_straight_short_form: FLY_STRAIGHT, "B e5xk11" => legal();
    flying_straight_stop_early: FLY_STRAIGHT, "B e5xh8" => illegal("capture-incomplete", 0);
    /// Two red pieces in a row on the way.
    blocked_path_capture_two_pieces: "setup: {pieces: {blue: [\"e5=S\"], red: [f6, g7], yellow: [d12]}}",
        "B e5xh8" => illegal("blocked-path", 0);
    /// Reading: an own piece before the opponent piece blocks the way.
    blocked_path_capture_own_piece: "setup: {pieces: {blue: [\"e5=S\", f6], red: [h8]}}",
        "B e5xi9 f6-f8" => illegal("blocked-path", 0);
    /// j6, jumped first, still stands: it blocks the way from f10 to k5.
    blocked_path_jumped_piece: JUMPED_BLOCKS, "B h4xl8xh12xf10xl4" => illegal("blocked-path", 0);
    jumped_piece_blocks_neighbour: JUMPED_BLOCKS, "B h4xl8xh12xf10" => legal();
    jumped_piece_blocks_far_landing: JUMPED_BLOCKS, "B h4xl8xh12xa5" => legal();

    // ------------------------------------------------------------ start square, loops, same action
    ring_clockwise: RING, "B e5xg7xe9xc7xe5xg3" => legal();
    ring_anticlockwise: RING, "B e5xc7xe9xg7xe5xg3" => legal();
    /// Reading: `e5xg3` matches the ring (one action: same start, end and
    /// jumped set) and the one-jump e5xg3, which is not a legal capture
    /// (shorter than five); so it is accepted as the ring.
    ring_short_form: RING, "B e5xg3" => legal();
    ring_stopped_on_start: RING, "B e5xg7xe9xc7xe5" => illegal("capture-incomplete", 0);
    ring_stopped_early: RING, "B e5xg7xe9xc7" => illegal("capture-incomplete", 0);

    // ------------------------------------------------------------ ambiguous short form
    ambiguous_capture: TWO_ROUTES, "B k9xg5" => illegal("ambiguous-capture", 0)
        .expects("k9xh12xd8xg5").expects("k9xg13xc9xg5");
    ambiguous_capture_full_form: TWO_ROUTES, "B k9xh12xd8xg5" => legal();
    ambiguous_capture_other_full_form: TWO_ROUTES, "B k9xg13xc9xg5" => legal();
    /// Without e11 only one route reaches g5.
    ambiguous_capture_neighbour_unique: "setup: {to-move: blue, pieces: {blue: [\"k9=S\"], red: [f10, i11, f6]}}",
        "B k9xg5" => legal();

    // ------------------------------------------------------------ capture-incomplete, forgiven rules
    forgive_mandatory: &format!("rules: {{forgive-missed-captures: true}}\n{LANDING_BLOCKED}"),
        "B g7-g9 e5-e7" => legal().warnings(&["mandatory-capture"]);
    /// Both actions miss the capture: two warnings.
    forgive_mandatory_twice: &format!("rules: {{forgive-missed-captures: true}}\n{ONE_CAPTURE}"),
        "B i3-i5 e5-e7" => legal().warnings(&["mandatory-capture", "mandatory-capture"]);
    forgive_maximum: &format!("rules: {{forgive-missed-captures: true}}\n{ONE_OR_TWO}"),
        "B e5xg7 k5xi7xk9" => legal().warnings(&["maximum-capture"]);
    forgive_never_incomplete: &format!("rules: {{forgive-missed-captures: true}}\n{ONE_OR_TWO}"),
        "B k5xi7 e5xg7" => illegal("capture-incomplete", 0);
    forgive_off_explicitly: &format!("rules: {{forgive-missed-captures: false}}\n{ONE_OR_TWO}"),
        "B e5xg7 k5xi7xk9" => illegal("maximum-capture", 0);
    no_warning_when_nothing_missed: ONE_OR_TWO, "B k5xi7xk9 e5xg7" => legal().warnings(&[]);

    // ------------------------------------------------------------ promotion
    promotion_missing: PROMOTE, "B f12-f14" => illegal("promotion-missing", 0);
    /// Yellow's pile is empty: a spare goes under.
    promotion_spare_when_pile_empty: PROMOTE, "B f12-f14=S" => legal();
    promotion_colour_not_in_pile: PROMOTE, "B f12-f14=R" => illegal("promotion-colour", 0);
    promotion_not_allowed: "setup: {pieces: {blue: [f10], red: [c9]}}", "B f10-f12=S" => illegal("promotion-not-allowed", 0);
    promotion_not_allowed_neighbour: "setup: {pieces: {blue: [f10], red: [c9]}}", "B f10-f12" => legal();
    promotion_from_pile: "setup: {pieces: {blue: [f12], red: [c9]}, piles: {yellow: [R, B]}}", "B f12-f14=R" => legal();
    promotion_own_colour_from_pile: "setup: {pieces: {blue: [f12], red: [c9]}, piles: {yellow: [R, B]}}", "B f12-f14=B" => legal();
    promotion_spare_while_pile_holds_pawns: "setup: {pieces: {blue: [f12], red: [c9]}, piles: {yellow: [R, B]}}",
        "B f12-f14=S" => illegal("promotion-colour", 0);
    promotion_colour_absent_from_pile: "setup: {pieces: {blue: [f12], red: [c9]}, piles: {yellow: [R, B]}}",
        "B f12-f14=K" => illegal("promotion-colour", 0);
    promotion_spare_held_in_pile: "setup: {pieces: {blue: [f12], red: [c9]}, piles: {yellow: [R, S]}}", "B f12-f14=S" => legal();
    /// The pile is Yellow's (the camp reached), not Blue's own.
    promotion_from_the_reached_camps_pile: "setup: {pieces: {blue: [f12], red: [c9]}, piles: {blue: [R]}}",
        "B f12-f14=R" => illegal("promotion-colour", 0);
    /// The pawn taken leaves the pile: a second R is not there.
    promotion_pawn_leaves_pile: "setup: {pieces: {blue: [f12, h12], red: [c9]}, piles: {yellow: [R, K]}}",
        "1.B f12-f14=R h12-h14=R" => illegal("promotion-colour", 0);
    promotion_pawn_leaves_pile_neighbour: "setup: {pieces: {blue: [f12, h12], red: [c9]}, piles: {yellow: [R, K]}}",
        "1.B f12-f14=R h12-h14=K" => legal();
    /// Red's back line (file a) promotes a Blue pawn too.
    promotion_on_red_back_line: "setup: {pieces: {blue: [c7], red: [k9]}}", "B c7-a7=S" => legal();
    promotion_on_red_back_line_missing: "setup: {pieces: {blue: [c7], red: [k9]}}", "B c7-a7" => illegal("promotion-missing", 0);
    /// A red pawn capturing back onto its own back line is not promoted.
    promotion_own_back_line: "setup: {to-move: red, pieces: {red: [c7], blue: [b6, k3]}}", "R c7xa5" => legal();
    promotion_own_back_line_marked: "setup: {to-move: red, pieces: {red: [c7], blue: [b6, k3]}}", "R c7xa5=S" => illegal("promotion-not-allowed", 0);
    /// Passing the Yellow back line mid-capture does not promote.
    promotion_not_mid_capture: THROUGH_BACK_LINE, "B f12xh14xj12" => legal();
    promotion_not_mid_capture_marked: THROUGH_BACK_LINE, "B f12xh14xj12=S" => illegal("promotion-not-allowed", 0);
    /// Stopping on h14 when it could jump i13: incomplete, before the mark.
    promotion_stop_on_back_line: THROUGH_BACK_LINE, "B f12xh14=S" => illegal("capture-incomplete", 0);
    /// With i13 gone, the capture ends on h14 and promotes.
    promotion_capture_ends_on_back_line: "setup: {pieces: {blue: [f12], yellow: [g13], red: [c9]}}", "B f12xh14=S" => legal();
    promotion_capture_ends_unmarked: "setup: {pieces: {blue: [f12], yellow: [g13], red: [c9]}}", "B f12xh14" => illegal("promotion-missing", 0);
    /// Yellow is Blue's partner in teams: its back line does not promote.
    promotion_partner_back_line: "mode: teams\nsetup: {pieces: {blue: [f12], red: [c9]}}", "B f12-f14" => legal();
    promotion_partner_back_line_marked: "mode: teams\nsetup: {pieces: {blue: [f12], red: [c9]}}", "B f12-f14=S" => illegal("promotion-not-allowed", 0);
    promotion_same_player_two_super: "mode: two-super-players\nsetup: {pieces: {blue: [f12], red: [c9]}}", "B f12-f14" => legal();
    /// In two-players Red's back line is the player's own: a Blue pawn
    /// capturing onto a9 is not promoted.
    promotion_own_player_line_two_players: "mode: two-players\nsetup: {pieces: {blue: [c7], yellow: [b8, h12]}}", "B c7xa9" => legal();
    promotion_own_player_line_two_players_marked: "mode: two-players\nsetup: {pieces: {blue: [c7], yellow: [b8, h12]}}",
        "B c7xa9=S" => illegal("promotion-not-allowed", 0);
    /// In two-players the pile is the opponent player's (player2 holds Yellow).
    promotion_two_players_pile: "mode: two-players\nsetup: {pieces: {blue: [f12], yellow: [h10]}, piles: {player2: [R]}}",
        "B f12-f14=R" => legal();
    promotion_two_players_pile_colour: "mode: two-players\nsetup: {pieces: {blue: [f12], yellow: [h10]}, piles: {player2: [R]}}",
        "B f12-f14=S" => illegal("promotion-colour", 0);

    // ------------------------------------------------------------ second action, passes
    missing_second_action: "", "1.B e3-e5" => illegal("missing-second-action", 0);
    /// e1 is boxed in until e3 moves; then it can act, so it must.
    missing_second_action_freed_piece: BOXED, "B e3-e5" => illegal("missing-second-action", 0);
    second_action_freed_piece: BOXED, "B e3-e5 e1-e3" => legal();
    /// e1 stays boxed in (e3 red, g1 red, c1 missing): one action is the turn.
    one_action_when_other_piece_stuck: "setup: {pieces: {blue: [e5, e1], red: [\"e3=S\", \"g1=S\"], yellow: [j12]}}",
        "B e5-e7" => legal();
    one_action_single_piece: "setup: {pieces: {blue: [e5], red: [c9]}}", "B e5-e7" => legal().moving("red");
    illegal_pass: "", "1.B --" => illegal("illegal-pass", 0);
    /// Blue e1 can go to g1 once g1 is free.
    illegal_pass_one_move_left: "setup: {pieces: {blue: [e1], red: [\"e3=S\", c7, c9]}}", "B --" => illegal("illegal-pass", 0);
    pass_when_nothing_can_act: NO_ACTION, "B --" => legal().moving("red").warnings(&[]);
    blocking_warning: NO_ACTION, "B -- R c7-e7 c9-e9 B -- R e7-g7 e9-g9" => legal().moving("blue").warnings(&["blocking"]);

    // ------------------------------------------------------------ end of game
    one_side_left_ends_between_actions: &format!("setup: {{to-move: blue, {LAST_RED}}}}}"),
        "B e5xg7" => legal().status("finished").winner("blue");
    game_over_second_action: &format!("setup: {{to-move: blue, {LAST_RED}}}}}"),
        "B e5xg7 k3-k5" => illegal("game-over", 0);
    game_over_next_turn: &format!("setup: {{to-move: blue, {LAST_RED}}}}}"),
        "B e5xg7 B k3-k5" => illegal("game-over", 1);
    /// game-over comes before wrong-camp.
    game_over_before_wrong_camp: &format!("setup: {{to-move: blue, {LAST_RED}}}}}"),
        "B e5xg7 R k3-k5" => illegal("game-over", 1);
    one_side_left_written: &format!("end: one-side-left\nsetup: {{to-move: blue, {LAST_RED}}}}}"),
        "B e5xg7" => legal().status("finished").winner("blue");
    end_mismatch_time_after_one_side_left: &format!("end: time\nsetup: {{to-move: blue, {LAST_RED}}}}}"),
        "B e5xg7" => illegal_at_end("end-mismatch");
    end_mismatch_captures_impossible_after_one_side_left: &format!("end: captures-impossible\nsetup: {{to-move: blue, {LAST_RED}}}}}"),
        "B e5xg7" => illegal_at_end("end-mismatch");
    end_mismatch_several_sides: "end: one-side-left", "" => illegal_at_end("end-mismatch");
    /// Yellow is still there in four-players: the game goes on, k3 must act.
    one_side_left_not_in_four_players: &format!("setup: {{to-move: blue, {LAST_RED}, yellow: [j12]}}}}"),
        "B e5xg7" => illegal("missing-second-action", 0);
    /// In teams Blue and Yellow are one side: Red's last piece ends it.
    one_side_left_teams: &format!("mode: teams\nsetup: {{to-move: blue, {LAST_RED}, yellow: [j12]}}}}"),
        "B e5xg7" => legal().status("finished");
    /// The neutral camp is a side of its own: the game goes on.
    neutral_is_a_side: &format!("mode: three-players\nneutral: black\nsetup: {{to-move: blue, {LAST_RED}, black: [n10]}}}}"),
        "B e5xg7" => illegal("missing-second-action", 0);
    neutral_is_a_side_neighbour: &format!("mode: three-players\nneutral: black\nsetup: {{to-move: blue, {LAST_RED}, black: [n10]}}}}"),
        "B e5xg7 k3-k5" => legal().status("unfinished").moving("blue");
    end_mismatch_neutral_left: &format!("mode: three-players\nneutral: black\nend: one-side-left\nsetup: {{to-move: blue, {LAST_RED}, black: [n10]}}}}"),
        "B e5xg7 k3-k5" => illegal_at_end("end-mismatch");
    time_end_after_black: "end: time",
        "1.B g3-g5 i3-i5 1.R c5-e5 c7-e7 1.Y h12-h10 j12-j10 1.K l4-j4 l8-j8" => legal().status("finished");
    time_end_not_after_black: "end: time",
        "1.B g3-g5 i3-i5 1.R c5-e5 c7-e7 1.Y h12-h10 j12-j10" => illegal("time-end", 2);
    time_end_no_turn: "end: time", "" => illegal_at_end("time-end");
    /// Black has no piece: the round ends with Yellow.
    time_end_black_eliminated: "end: time\nsetup: {pieces: {blue: [e5], red: [c9], yellow: [h12]}}",
        "B e5-e7 R c9-e9 Y h12-h10" => legal().status("finished");
    time_end_black_eliminated_red_last: "end: time\nsetup: {pieces: {blue: [e5], red: [c9], yellow: [h12]}}",
        "B e5-e7 R c9-e9" => illegal("time-end", 1);
    time_end_black_neutral: "mode: three-players\nneutral: black\nend: time\nsetup: {pieces: {blue: [e5], red: [c9], yellow: [h12], black: [n10]}}",
        "B e5-e7 R c9-e9 Y h12-h10" => legal().status("finished");
    captures_possible_warning: "end: captures-impossible\nsetup: {pieces: {blue: [e5], red: [f6]}}", ""
        => legal().status("finished").warnings(&["captures-possible"]);
    captures_impossible_clean: "end: captures-impossible\nsetup: {pieces: {blue: [e5], red: [c9]}}", ""
        => legal().status("finished").warnings(&[]);
    unfinished_no_end: "setup: {pieces: {blue: [e5], red: [c9]}}", "B e5-e7" => legal().status("unfinished").moving("red");

    // ------------------------------------------------------------ three-players
    three_players_neutral_never_moves: "mode: three-players\nneutral: black\nsetup: {pieces: {blue: [l6], red: [c9], yellow: [h12], black: [n10]}}",
        "1.B l6-l8 1.K n10-l10" => illegal("wrong-camp", 1);
    three_players_order_skips_neutral: "mode: three-players\nneutral: black\nsetup: {pieces: {blue: [l6], red: [c9], yellow: [h12], black: [n10]}}",
        "1.B l6-l8 1.R c9-e9 1.Y h12-h10 2.B l8-l10" => legal().moving("red");
    /// The neutral camp's back line promotes, always with a spare.
    three_players_neutral_back_line_spare: "mode: three-players\nneutral: black\nsetup: {pieces: {blue: [l6], red: [c9], yellow: [h12], black: [n10]}}",
        "B l6-n6=S" => legal();
    /// Reading: the neutral camp holds no pile, so only =S is allowed.
    three_players_neutral_back_line_colour: "mode: three-players\nneutral: black\nsetup: {pieces: {blue: [l6], red: [c9], yellow: [h12], black: [n10]}}",
        "B l6-n6=K" => illegal("promotion-colour", 0);
    three_players_neutral_back_line_missing: "mode: three-players\nneutral: black\nsetup: {pieces: {blue: [l6], red: [c9], yellow: [h12], black: [n10]}}",
        "B l6-n6" => illegal("promotion-missing", 0);
    three_players_neutral_is_everyones_opponent: "mode: three-players\nneutral: black\nsetup: {pieces: {blue: [e5, k3], red: [c9], black: [f6, n10]}}",
        "B e5xg7 k3-k5" => legal();
    three_players_neutral_capture_mandatory: "mode: three-players\nneutral: black\nsetup: {pieces: {blue: [e5, k3], red: [c9], black: [f6, n10]}}",
        "B k3-k5 e5-e7" => illegal("mandatory-capture", 0);
    /// Neutral pawns may stand on any back line (here Blue's, e1).
    three_players_neutral_on_back_line: "mode: three-players\nneutral: black\nsetup: {pieces: {blue: [e5], red: [c9], black: [e1]}}",
        "B e5-e7" => legal();

    // ------------------------------------------------------------ scoring
    /// A captured Superpion gives both its pawns (R and Y): pile R R Y + R Y
    /// is five foreign pawns, so Blue's own pawn on g7 scores 2: 7 in all.
    score_captured_superpion_two_pawns: "setup: {pieces: {blue: [e5], red: [\"f6=Y\"]}, piles: {blue: [R, R, Y]}}",
        "B e5xg7" => legal().status("finished").winner("blue").score("blue", 7).score("red", 0);
    /// Four foreign pawns only (R R + R Y): the own pawn scores 1: 5 in all.
    score_below_five_foreign: "setup: {pieces: {blue: [e5], red: [\"f6=Y\"]}, piles: {blue: [R, R]}}",
        "B e5xg7" => legal().score("blue", 5);
    /// Spares count as foreign pawns; the captured Superpion's spare joins
    /// the pile: S S S + R S = 5 foreign, own pawn 2: 7.
    score_spares_count: "setup: {pieces: {blue: [e5], red: [\"f6=S\"]}, piles: {blue: [S, S, S]}}",
        "B e5xg7" => legal().score("blue", 7);
    /// An own-colour under-pawn captured back: pile R R Y K + R B: five
    /// foreign (5), two own pawns (B in the pile, B on g7) at 2: 9.
    score_own_colour_in_pile: "setup: {pieces: {blue: [e5], red: [\"f6=B\"]}, piles: {blue: [R, R, Y, K]}}",
        "B e5xg7" => legal().score("blue", 9);
    /// Holdings include both pawns of a Superpion on the board: pile Y Y K K
    /// plus the R under e5 is five foreign; own B (top of e5) and g3 score 2
    /// each: 9. Red: c9 alone, 1.
    score_superpion_on_board: "end: captures-impossible\nsetup: {pieces: {blue: [\"e5=R\", g3], red: [c9]}, piles: {blue: [Y, Y, K, K]}}",
        "" => legal().status("finished").winner("blue").score("blue", 9).score("red", 1);
    result_matches: "end: captures-impossible\nresult: {blue: 9, red: 1, yellow: 0, black: 0}\nsetup: {pieces: {blue: [\"e5=R\", g3], red: [c9]}, piles: {blue: [Y, Y, K, K]}}",
        "" => legal();
    result_mismatch: "end: captures-impossible\nresult: {blue: 8, red: 1, yellow: 0, black: 0}\nsetup: {pieces: {blue: [\"e5=R\", g3], red: [c9]}, piles: {blue: [Y, Y, K, K]}}",
        "" => illegal_at_end("result-mismatch");
    /// Both camps of a two-player side are own colours: B and R score 2
    /// each with five foreign pawns (Y Y Y K K): 9.
    score_two_players_own_colours: "mode: two-players\nend: captures-impossible\nsetup: {pieces: {blue: [e5], red: [c9], yellow: [h12]}, piles: {player1: [Y, Y, Y, K, K]}}",
        "" => legal().score("player1", 9).score("player2", 1);
    /// Neutral pawns left on the board go to nobody.
    score_neutral_to_nobody: "mode: three-players\nneutral: black\nend: captures-impossible\nsetup: {pieces: {blue: [e5], red: [c9], yellow: [h12], black: [n10, n8]}}",
        "" => legal().score("blue", 1).score("red", 1).score("yellow", 1);
    /// A captured neutral pawn scores 1 like any foreign pawn: K + own g7.
    score_neutral_captured: "mode: three-players\nneutral: black\nend: captures-impossible\nsetup: {pieces: {blue: [e5], red: [c9], yellow: [h12], black: [f6, n10]}}",
        "B e5xg7" => legal().status("finished").score("blue", 2);
    /// The initial position with end: time: everybody holds 12 own pawns.
    score_initial_time: "end: time",
        "1.B g3-g5 i3-i5 1.R c5-e5 c7-e7 1.Y h12-h10 j12-j10 1.K l4-j4 l8-j8"
        => legal().score("blue", 12).score("red", 12).score("yellow", 12).score("black", 12);

    // ------------------------------------------------------------ header and setup
    header_unknown_mode: "mode: five-players", "" => malformed("header");
    header_neutral_outside_three_players: "neutral: black", "" => malformed("header");
    header_three_players_without_neutral: "mode: three-players", "" => malformed("header");
    header_three_players_ok: "mode: three-players\nneutral: yellow", "1.B g3-g5 i3-i5 1.R c5-e5 c7-e7 1.K l4-j4 l8-j8" => legal().moving("blue");
    setup_dark_superpion: "setup: {pieces: {blue: [\"e4=R\"], red: [c9]}}", "" => malformed("setup");
    setup_off_board: "setup: {pieces: {blue: [b2], red: [c9]}}", "" => malformed("setup");
    setup_two_on_one_square: "setup: {pieces: {blue: [e5], red: [e5]}}", "" => malformed("setup");
    setup_blue_on_yellow_back_line: "setup: {pieces: {blue: [f14], red: [c9]}}", "" => malformed("setup");
    /// Reading: in teams a Blue pawn on Yellow's back line was never
    /// promoted there, so the setup is fine.
    setup_blue_on_partner_back_line: "mode: teams\nsetup: {pieces: {blue: [f14], red: [c9]}}", "" => legal();
    setup_blue_on_own_back_line: "setup: {pieces: {blue: [e1], red: [c9]}}", "" => legal();
    setup_red_on_blue_back_line: "setup: {pieces: {blue: [e5], red: [e1]}}", "" => malformed("setup");
    setup_superpion_on_back_line: "setup: {pieces: {blue: [e5], red: [\"e1=S\"]}}", "" => legal();
    setup_thirteen_blue: "setup: {pieces: {blue: [e1, g1, i1, k1, d2, f2, h2, j2, e3, g3, i3, k3], red: [c9]}, piles: {red: [B]}}",
        "" => malformed("setup");
    setup_twelve_blue: "setup: {pieces: {blue: [e1, g1, i1, k1, d2, f2, h2, j2, e3, g3, i3, k3], red: [c9]}, piles: {red: [R]}}",
        "" => legal();
    /// Reading: an under-pawn counts toward its colour's 12.
    setup_thirteen_blue_under_pawn: "setup: {pieces: {blue: [e1, g1, i1, k1, d2, f2, h2, j2, e3, g3, i3, k3], red: [c9, \"c5=B\"]}}",
        "" => malformed("setup");
    setup_many_spares: "setup: {pieces: {blue: [e5], red: [\"c9=S\"]}, piles: {blue: [S, S, S, S, S, S, S, S, S, S, S, S, S]}}",
        "" => legal();

    // ------------------------------------------------------------ more readings
    /// Reading: a short form that only matches captures passing its final
    /// square (e9 is crossed by the ring, never its end) is `not-a-capture`.
    short_form_through_not_end: RING, "B e5xe9" => illegal("not-a-capture", 0).expects("e5xc7xe9xg7xe5xg3");
    /// A Superpion does not jump its own piece.
    not_a_capture_superpion_own_piece: "setup: {pieces: {blue: [\"e5=S\", f6], red: [c11]}}",
        "B e5xg7" => illegal("not-a-capture", 0);
    /// Reading: a pawn segment longer than one jump is `not-a-capture`.
    not_a_capture_pawn_long_segment: "setup: {pieces: {blue: [e5], red: [f6, c11]}}",
        "B e5xh8" => illegal("not-a-capture", 0).expects("e5xg7");
    /// A Superpion ending a capture on a back line is not promoted again.
    superpion_capture_onto_back_line_marked: FLY_CHOICE, "B e5xi9xn4=S" => illegal("promotion-not-allowed", 0);
    /// In teams Blue may capture a Black pawn onto Yellow's back line: no promotion.
    teams_capture_onto_partner_line: "mode: teams\nsetup: {pieces: {blue: [f12], black: [g13], red: [c11]}}",
        "B f12xh14" => legal();
    teams_capture_onto_partner_line_marked: "mode: teams\nsetup: {pieces: {blue: [f12], black: [g13], red: [c11]}}",
        "B f12xh14=S" => illegal("promotion-not-allowed", 0);
    /// Capture then promotion: Yellow's pile holds R, so =S is refused.
    promotion_after_capture_pile: "setup: {pieces: {blue: [f12], yellow: [g13], red: [c9]}, piles: {yellow: [R]}}",
        "B f12xh14=R" => legal();
    promotion_after_capture_pile_spare: "setup: {pieces: {blue: [f12], yellow: [g13], red: [c9]}, piles: {yellow: [R]}}",
        "B f12xh14=S" => illegal("promotion-colour", 0).expects("f12xh14=R");
    /// Reading: to-move naming a camp without pieces, or the neutral camp, is
    /// an impossible setup.
    setup_to_move_without_pieces: "setup: {to-move: red, pieces: {blue: [e5], yellow: [h12]}}", "" => malformed("setup");
    setup_to_move_neutral: "mode: three-players\nneutral: black\nsetup: {to-move: black, pieces: {blue: [e5], black: [n10]}}",
        "" => malformed("setup");
    /// Only neutral pieces on the board: no play leaves that (the last
    /// capture's piece stays), so the setup is impossible.
    only_neutral_left: "mode: three-players\nneutral: black\nsetup: {pieces: {black: [f6, n10]}}", "" => malformed("setup");
    /// A pass is a turn of its own.
    pass_with_action_malformed: "", "1.B e3-e5 --" => malformed("syntax");
    /// Each further consecutive pass warns again.
    blocking_warning_twice: NO_ACTION, "B -- R c7-e7 c9-e9 B -- R e7-g7 e9-g9 B -- R g7-i7 g9-i9"
        => legal().warnings(&["blocking", "blocking"]);
    /// A setup starting at Black: one Black turn completes the round.
    time_end_round_from_black: "end: time\nsetup: {to-move: black, pieces: {black: [n10], blue: [e1], red: [\"e3=S\", \"g1=S\"]}}",
        "K n10-l10" => legal().status("finished");
}
