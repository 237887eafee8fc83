//! What the two-player games taking turns (Simpei, Puluc) write alike: move
//! numbers `3.` / `3...`, sides named by a key or a player's name, a
//! claimed `result` naming the winner or `none`, and the endings decided
//! off the board, where that `result` is the result.

use std::fmt;

use crate::game::{
    CanonicalTurn, Decided, OffBoard, Outcome, Players, Summary, Table, TurnLabel, Violation,
    Warning, Word,
};
use crate::record::movetext::Numeral;
use crate::record::{HeaderError, HeaderText};
use crate::rules::Rule;
use crate::span::Spanned;

/// One of the two sides of a duel: Simpei's red/blue, Puluc's a/b.
pub trait Duellist: Copy + Eq + fmt::Display + 'static {
    /// Both sides, the one who numbers with `N.` first.
    const BOTH: [Self; 2];

    /// The header key and JSON name of the side.
    fn key(self) -> &'static str;

    /// The side as sentences name it (`red`, `A`): what its `Display`
    /// writes, lent so that a label of every record is pushed, not
    /// formatted.
    fn title(self) -> &'static str;
}

/// A move number as written: `3.` before the first side's turn, `3...`
/// before the second's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number, from 1 (as written: any number of digits).
    pub value: Numeral,
    /// `3...`: the second side's turn.
    pub ellipsis: bool,
}

impl MoveNumber {
    /// The number the turn at `index` carries when the record opens with
    /// `opener`'s turn (numbering starts at 1 with the record's first turn).
    pub(crate) fn expected<S: Duellist>(opener: S, index: usize) -> Self {
        let shifted = index + usize::from(opener != S::BOTH[0]);
        MoveNumber {
            value: Numeral::Value((shifted / 2 + 1) as u32),
            ellipsis: shifted % 2 == 1,
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.value,
            if self.ellipsis { "..." } else { "." }
        )
    }
}

/// `rule` (the game's `move-number`) when a turn carries a move number
/// other than its own. Every numbered turn asks: the violation is built
/// apart.
#[inline]
pub fn check_move_number<S: Duellist>(
    rule: &'static Rule,
    written: Option<Spanned<MoveNumber>>,
    opener: S,
    index: usize,
    to_move: S,
) -> Result<(), Violation> {
    match written {
        Some(written) if written.value != MoveNumber::expected(opener, index) => {
            Err(wrong_move_number(rule, written, opener, index, to_move))
        }
        _ => Ok(()),
    }
}

#[cold]
#[inline(never)]
fn wrong_move_number<S: Duellist>(
    rule: &'static Rule,
    written: Spanned<MoveNumber>,
    opener: S,
    index: usize,
    to_move: S,
) -> Violation {
    let expected = MoveNumber::expected(opener, index);
    Violation::new(
        rule,
        format!(
            "this is turn {expected} of {to_move}, not {}",
            written.value
        ),
        written.span,
    )
    .expecting(vec![expected.to_string()])
}

/// The `index`-th turn of a record `opener` began, as the canonical
/// movetext writes it: a pair of turns to a line, under the pair's number.
pub fn canonical<S: Duellist, P: fmt::Display>(opener: S, play: &P, index: usize) -> CanonicalTurn {
    let number = MoveNumber::expected(opener, index);
    CanonicalTurn {
        numbered: format!("{number} {play}"),
        continued: play.to_string(),
        // An expected number always fits: a record holds far fewer turns.
        line: number.value.value().map_or(u64::MAX, u64::from),
    }
}

/// "3... blue": the turn about to be played, the `index`-th of a record
/// `opener` began, with `to_move` to play it.
fn turn_label<S: Duellist>(opener: S, index: usize, to_move: S) -> String {
    use std::fmt::Write;
    // Room for any number a record reaches and the longest side, so that
    // a label costs one allocation however far the game has gone.
    let mut label = String::with_capacity(24);
    let expected = MoveNumber::expected(opener, index);
    // Every record's last turn is labelled: its digits are pushed, not
    // formatted.
    if let Numeral::Value(value) = expected.value {
        label.push_str(itoa::Buffer::new().format(value));
        label.push_str(if expected.ellipsis { "... " } else { ". " });
    } else {
        // Writing to a String cannot fail.
        let _ = write!(label, "{expected} ");
    }
    let _ = write!(label, "{to_move}");
    label
}

/// A turn label read back (`--turn 3...`): the move number, and the side
/// when it is written (`3... blue`), as
/// [`TurnLabel::of`] prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label<S> {
    /// `3.` or `3...`.
    pub number: MoveNumber,
    /// The side, when written.
    pub side: Option<S>,
}

/// `3.`, `3...` or `3... blue` (any case, spaces optional), for `game`.
fn read_label<S: Duellist>(game: &str, text: &str) -> Result<Label<S>, String> {
    // Named as the reports name them, which is how a label is written.
    let [first, second] = S::BOTH;
    let refused = || {
        format!(
            "`{text}` is not a {game} turn: --turn takes a number of turns (`5`: after 5 turns) \
             or a turn label as the reports print it, the position before that turn: \
             `3.` ({first}'s turn of move 3), `3...` ({second}'s), the side optional (`3... {second}`)"
        )
    };
    let trimmed = text.trim();
    let digits = trimmed.len()
        - trimmed
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    let value: u32 = trimmed[..digits].parse().map_err(|_| refused())?;
    let rest = &trimmed[digits..];
    let (ellipsis, rest) = match rest.strip_prefix("...") {
        Some(rest) => (true, rest),
        None => (false, rest.strip_prefix('.').ok_or_else(refused)?),
    };
    let rest = rest.trim();
    let side = if rest.is_empty() {
        None
    } else {
        let side = S::BOTH
            .into_iter()
            .find(|s| s.key().eq_ignore_ascii_case(rest));
        Some(side.ok_or_else(refused)?)
    };
    // The sides take turns: `3.` is always the first side's.
    let owner = S::BOTH[usize::from(ellipsis)];
    if let Some(side) = side.filter(|&s| s != owner) {
        let dots = if ellipsis { "." } else { "..." };
        return Err(format!(
            "`{text}` is no {game} turn: {value}{} is {owner}'s turn; {side}'s is written {value}{dots}",
            if ellipsis { "..." } else { "." }
        ));
    }
    Ok(Label {
        number: MoveNumber {
            value: Numeral::Value(value),
            ellipsis,
        },
        side,
    })
}

/// Whether `label` names the `index`-th turn of a record `opener` began,
/// with `to_move` to play it.
fn names_turn<S: Duellist>(label: &Label<S>, opener: S, index: usize, to_move: S) -> bool {
    label.number == MoveNumber::expected(opener, index) && label.side.is_none_or(|s| s == to_move)
}

/// A duel's position as its turn labels need it: who opened the record and
/// who is to move. A duel that gives this takes its turn labels whole
/// ([`Label`] prints, reads and matches them).
pub trait Seated {
    /// The game's sides.
    type Side: Duellist + fmt::Debug;
    /// The game's name in messages: `Simpei`.
    const GAME: &'static str;

    /// The side whose turn opens the record.
    fn opener(&self) -> Self::Side;

    /// The side about to play.
    fn to_move(&self) -> Self::Side;
}

impl<P: Seated> TurnLabel<P> for Label<P::Side> {
    fn of(position: &P, index: usize) -> String {
        turn_label(position.opener(), index, position.to_move())
    }

    fn read(text: &str) -> Result<Self, String> {
        read_label(P::GAME, text)
    }

    fn names(&self, position: &P, index: usize) -> bool {
        names_turn(self, position.opener(), index, position.to_move())
    }
}

/// "red (Aiko)", or "red" when the player is unnamed: for messages and
/// descriptions, which quote a name as they quote any input, cut to 40
/// characters.
pub fn label<S: Duellist>(side: S, name: Option<&str>) -> String {
    let name = name.map(crate::text::quote);
    // Room for the sentence the label goes into ("red (Aiko) wins",
    // "unfinished, red to act"): one allocation for it all.
    let mut label = String::with_capacity(name.as_ref().map_or(0, |n| n.len()) + 32);
    label.push_str(side.title());
    if let Some(name) = name {
        label.push_str(" (");
        label.push_str(&name);
        label.push(')');
    }
    label
}

/// The players' names by side key, the named sides only; `None` when
/// neither is named.
pub fn players<'h, S: Duellist>(name: impl Fn(S) -> Option<&'h str>) -> Option<Players> {
    let named: Vec<(Word, String)> = S::BOTH
        .into_iter()
        .filter_map(|side| Some((Word::Borrowed(side.key()), name(side)?.to_string())))
        .collect();
    (!named.is_empty()).then_some(Players(named))
}

/// How a duel ended: `winner` won by `end`, the game's one way to win.
pub fn outcome<S: Duellist>(end: &'static str, winner: Option<S>) -> Option<Outcome> {
    let winner = winner?;
    Some(Outcome {
        end: Word::Borrowed(end),
        decided: Decided::Board,
        winners: vec![Word::Borrowed(winner.key())],
        scores: None,
        board_scores: None,
        teams: None,
    })
}

/// How a duel decided off the board ended: by `ending`, won by `winner`
/// or drawn.
fn outcome_off_board<S: Duellist>(ending: OffBoard, winner: Option<S>) -> Outcome {
    Outcome {
        end: Word::Borrowed(ending.word()),
        decided: Decided::OffBoard,
        winners: winner
            .map(|s| Word::Borrowed(s.key()))
            .into_iter()
            .collect(),
        scores: None,
        board_scores: None,
        teams: None,
    }
}

/// The side a `result` names (`Some(None)` for `none`); `None` when it
/// names no one.
fn resolve<S: Duellist>(claim: &str, name: impl Fn(S) -> Option<String>) -> Option<Option<S>> {
    let claim = claim.trim();
    for side in S::BOTH {
        if claim.eq_ignore_ascii_case(side.key()) || name(side).as_deref() == Some(claim) {
            return Some(Some(side));
        }
    }
    claim.eq_ignore_ascii_case("none").then_some(None)
}

/// The claimed `result`: `Some(Some(side))` for a winner, `Some(None)` for
/// `none`, `None` when the header claims nothing.
pub fn claimed<S: Duellist>(
    result: Option<&str>,
    name: impl Fn(S) -> Option<String>,
    game: &str,
    text: &HeaderText<'_>,
) -> Result<Option<Option<S>>, HeaderError> {
    let Some(claim) = result.map(str::trim) else {
        return Ok(None);
    };
    if let Some(read) = resolve(claim, name) {
        return Ok(Some(read));
    }
    let [first, second] = S::BOTH.map(Duellist::key);
    Err(HeaderError::header(
        format!("`{claim}` is not a {game} result"),
        text.within("result", claim),
    )
    .with_help(format!(
        "write the winner (`{first}`, `{second}` or a player's name), or `none`"
    )))
}

/// `result-mismatch` when the header claims another outcome than the
/// replay's (`label` names a side for the message).
pub fn check_result<S: Duellist>(
    claimed: Option<Option<S>>,
    winner: Option<S>,
    label: impl Fn(S) -> String,
    text: &HeaderText<'_>,
) -> Result<(), Violation> {
    match claimed {
        Some(claim) if claim != winner => {
            let say =
                |w: Option<S>| w.map_or("no winner".to_string(), |s| format!("{} won", label(s)));
            Err(Violation::new(
                &crate::rules::RESULT_MISMATCH,
                format!(
                    "the header claims {}, but the replay gives {}",
                    say(claim),
                    say(winner)
                ),
                text.key("result"),
            )
            .expecting(vec![winner.map_or("none", Duellist::key).to_string()]))
        }
        _ => Ok(()),
    }
}

/// A two-player game's header as the shared code reads it: the players'
/// names by side and the claimed `result`. A game gives these two; the
/// rest (labels, the claim read and checked, the summary, the score table)
/// is written here once.
pub trait DuelHeader {
    /// The game's sides.
    type Side: Duellist;
    /// The game's name in messages: `Simpei`.
    const GAME: &'static str;

    /// The name of the player of `side`, when the header gives one.
    fn name(&self, side: Self::Side) -> Option<&str>;

    /// The `result` key as written.
    fn result(&self) -> Option<&str>;

    /// The header's `end` when it decides the game off the board (a
    /// resignation, a forfeit, the referee, an agreed draw).
    fn ending(&self) -> Option<OffBoard>;

    /// "red (Aiko)" or "red".
    fn side(&self, side: Self::Side) -> String {
        label(side, self.name(side))
    }

    /// The claimed `result` as a winner (`None` for `none`).
    fn claimed(&self, text: &HeaderText<'_>) -> Result<Option<Option<Self::Side>>, HeaderError> {
        let name = |s| self.name(s).map(str::to_string);
        claimed(self.result(), name, Self::GAME, text)
    }

    /// The winner the `result` names, read without its place: `start`
    /// has refused a `result` naming no one.
    fn named_winner(&self) -> Option<Self::Side> {
        let name = |s| self.name(s).map(str::to_string);
        resolve(self.result()?, name).flatten()
    }

    /// Who won: on the board, or, for a game decided off it, the
    /// `result`'s winner (none for a draw).
    fn winner(&self, on_board: Option<Self::Side>) -> Option<Self::Side> {
        match self.ending() {
            Some(OffBoard::Agreement) | None => on_board,
            Some(_) => on_board.or_else(|| self.named_winner()),
        }
    }
}

/// What `end` asks of `result`, checked before the replay: an ending
/// decided off the board needs a `result` (a `header` error at the `end`
/// value), and one that always has a winner refuses `result: none` (at
/// the `result` value). Simpei's agreed draw asks nothing here: a
/// `result` naming a winner contradicts the draw, `result-mismatch`.
pub fn check_end<H: DuelHeader>(header: &H, text: &HeaderText<'_>) -> Result<(), HeaderError> {
    let Some(ending) = header.ending().filter(|&e| e != OffBoard::Agreement) else {
        return Ok(());
    };
    let word = ending.word();
    let [first, second] = H::Side::BOTH.map(Duellist::key);
    let Some(result) = header.result() else {
        let (needs, help) = if ending.has_winner() {
            (
                "a `result` naming the winner".to_string(),
                format!("add `result: {first}` (or `{second}`, or a player's name)"),
            )
        } else {
            (
                "a `result`: the winner, or `none` for a draw".to_string(),
                format!(
                    "add `result: {first}`, `result: {second}`, a player's name, or `result: none`"
                ),
            )
        };
        return Err(HeaderError::header(
            format!("`end: {word}` needs {needs}"),
            text.within("end", word),
        )
        .with_help(help));
    };
    if ending.has_winner() && result.trim().eq_ignore_ascii_case("none") {
        return Err(HeaderError::header(
            format!("`result: none` cannot go with `end: {word}`: the game has a winner"),
            text.within("result", result.trim()),
        )
        .with_help(format!(
            "write the winner (`{first}`, `{second}` or a player's name); a draw the referee decided is `end: adjudication`"
        )));
    }
    Ok(())
}

/// The checks of a duel's end that every duel makes: a game won on the
/// board cannot also end off it (`end_mismatch`, the game's rule; the
/// winner won `won_by`, "by alignment"); the claimed `result` against the
/// replay's winner (`start` refused a `result` naming no one), except when
/// the game was decided off the board, where the `result` is the result.
pub fn conclude<H: DuelHeader>(
    header: &H,
    text: &HeaderText<'_>,
    winner: Option<H::Side>,
    end_mismatch: &'static Rule,
    won_by: &str,
) -> Result<Vec<Warning>, Violation> {
    let ending = header.ending();
    if let (Some(ending), Some(winner)) = (ending, winner) {
        return Err(Violation::new(
            end_mismatch,
            format!(
                "the header says the game ended by `{}`, but {} won {won_by} on the board",
                ending.word(),
                header.side(winner)
            ),
            text.key("end"),
        ));
    }
    if ending.is_some_and(|e| e != OffBoard::Agreement) {
        return Ok(Vec::new());
    }
    let claimed = header.claimed(text).ok().flatten();
    check_result(claimed, winner, |s| header.side(s), text)?;
    Ok(Vec::new())
}

/// Where a duel stands: won by `winner` in the game's one way (`won_by`),
/// decided off the board as the header's `end` says (only when `whole`:
/// the replay went through every turn and found nothing wrong), or
/// unfinished with `to_move` to `act` ("act", "throw").
pub fn summary<H: DuelHeader>(
    header: &H,
    winner: Option<H::Side>,
    to_move: H::Side,
    act: &str,
    won_by: &'static str,
    whole: bool,
) -> Summary {
    if let Some(ending) = header.ending().filter(|_| whole && winner.is_none()) {
        let winner = header.winner(None);
        let description = match winner {
            Some(side) => format!("{} {}", header.side(side), ending.how(true)),
            None => ending.how(false).to_string(),
        };
        return Summary {
            finished: true,
            winner: winner.map(|s| Word::Borrowed(s.key())),
            to_move: None,
            scores: None,
            players: players(|side| header.name(side)),
            outcome: Some(outcome_off_board(ending, winner)),
            description,
        };
    }
    let description = match winner {
        Some(winner) => header.side(winner) + " wins",
        None => format!("unfinished, {} to {act}", header.side(to_move)),
    };
    Summary {
        finished: winner.is_some(),
        winner: winner.map(|s| Word::Borrowed(s.key())),
        to_move: winner.is_none().then(|| Word::Borrowed(to_move.key())),
        scores: None,
        players: players(|side| header.name(side)),
        outcome: outcome(won_by, winner),
        description,
    }
}

/// The score table of a duel: a row per side, its player, the game's own
/// `columns` (`cells` of each side) and `winner` in the last.
pub fn table<H: DuelHeader>(
    header: &H,
    winner: Option<H::Side>,
    side: &str,
    columns: &[&str],
    cells: impl Fn(H::Side) -> Vec<String>,
) -> Table {
    let rows = H::Side::BOTH
        .into_iter()
        .map(|s| {
            let mut row = vec![s.to_string(), header.name(s).unwrap_or("").to_string()];
            row.extend(cells(s));
            row.push(if winner == Some(s) { "winner" } else { "" }.to_string());
            row
        })
        .collect();
    let mut titles = vec![side.to_string(), "player".to_string()];
    titles.extend(columns.iter().map(|c| c.to_string()));
    titles.push("result".to_string());
    Table {
        header: titles,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Side {
        First,
        Second,
    }

    impl fmt::Display for Side {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.title())
        }
    }

    impl Duellist for Side {
        const BOTH: [Self; 2] = [Side::First, Side::Second];
        fn key(self) -> &'static str {
            match self {
                Side::First => "first",
                Side::Second => "second",
            }
        }
        fn title(self) -> &'static str {
            self.key()
        }
    }

    #[test]
    fn numbers_count_from_the_records_first_turn() {
        let n = |opener, index| MoveNumber::expected(opener, index).to_string();
        assert_eq!(
            [n(Side::First, 0), n(Side::First, 1), n(Side::First, 2)],
            ["1.", "1...", "2."]
        );
        assert_eq!(
            [n(Side::Second, 0), n(Side::Second, 1), n(Side::Second, 2)],
            ["1...", "2.", "2..."]
        );
    }

    #[test]
    fn labels_read_back_name_their_turn() {
        let read = |text| read_label::<Side>("test", text);
        let label = read("2...").unwrap_or_else(|e| panic!("{e}"));
        assert!(names_turn(&label, Side::First, 3, Side::Second));
        assert!(!names_turn(&label, Side::First, 2, Side::First));
        let sided = read(" 2... SECOND ").unwrap_or_else(|e| panic!("{e}"));
        assert!(names_turn(&sided, Side::First, 3, Side::Second));
        assert!(read("2... first").is_err_and(|e| e.contains("second's turn")));
        assert!(read("1.").is_ok_and(|l| names_turn(&l, Side::First, 0, Side::First)));
        for bad in ["2", "2.x", "x.", "2....", "2. third", "99999999999."] {
            assert!(
                read(bad).is_err_and(|e| e.contains("`3...`")),
                "{bad} is refused with the forms"
            );
        }
    }
}
