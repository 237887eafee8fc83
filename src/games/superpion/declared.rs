//! The rules Superpion reports, each declared once; [`RULES`] lists them
//! for the registry.

use crate::rules::{Explanation, Rule};

pub const NOT_A_SQUARE: Rule = Rule::illegal(
    "superpion/not-a-square",
    "a square that is not on the board is named",
)
.explained(&Explanation {
    words: "The board is a cross cut out of a 14x14 grid: files a to n, ranks 1 to 14, \
            with the four 3x3 corners missing. An action that names a square outside it \
            (o5, e15, or m3 in a missing corner) is refused. A rank is written without a \
            leading zero: e03 is no square either.",
    source: "docs/rules/superpion.md#the-board",
    example: "---\ngame: superpion\n---\n1.B k3-m3 g3-g5\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B k3-k5 g3-g5\n",
});
pub const DARK_SQUARE: Rule = Rule::illegal("superpion/dark-square", "a dark square is named")
    .explained(&Explanation {
        words: "Only the white squares are played on: a square is white when its file \
                number (a = 1) plus its rank is even. An action that names a dark square \
                is refused; a pawn steps over the dark square in front of it to the next \
                white one (e3-e5, never e3-e4).",
        source: "docs/rules/superpion.md#the-board",
        example: "---\ngame: superpion\n---\n1.B e3-e4 g3-g5\n",
        turn: Some(0),
        neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
    });
pub const WRONG_CAMP: Rule = Rule::illegal(
    "superpion/wrong-camp",
    "a turn is written for a camp whose turn it is not",
)
.explained(&Explanation {
    words: "Play goes round Blue, Red, Yellow, Black, Blue first, and a turn is written \
            with the letter of the camp whose turn it is. A turn written for another camp \
            is refused at its letter, whatever its actions; a camp with no piece left is \
            skipped, so a turn written for it is refused too.",
    source: "docs/rules/superpion.md#a-turn-two-actions",
    example: "---\ngame: superpion\n---\n1.R e3-e5 g3-g5\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
});
pub const NO_PIECE: Rule =
    Rule::illegal("superpion/no-piece", "a move starts from an empty square").explained(
        &Explanation {
            words: "An action starts on the square of the piece that acts, so that square \
                    must hold a piece. A move or a capture from an empty square is \
                    refused: at the start Blue's pawns stand on ranks 1 to 3, and e5 is \
                    empty.",
            source: "docs/rules/superpion.md#moves",
            example: "---\ngame: superpion\n---\n1.B e5-e7 g3-g5\n",
            turn: Some(0),
            neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
        },
    );
pub const NOT_YOUR_PIECE: Rule =
    Rule::illegal("superpion/not-your-piece", "another camp's piece is moved").explained(
        &Explanation {
            words: "A camp acts with its own pieces only. Moving a piece of another camp \
                    is refused, a partner's as much as an opponent's, and the neutral \
                    camp's pawns never move at all.",
            source: "docs/rules/superpion.md#moves",
            example: "---\ngame: superpion\n---\n1.B c5-e5 g3-g5\n",
            turn: Some(0),
            neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
        },
    );
pub const OCCUPIED: Rule = Rule::illegal(
    "superpion/occupied",
    "a piece moves or lands on a taken square",
)
.explained(&Explanation {
    words: "A square holds one piece: a move must end on an empty square, and so must each \
            landing of a capture. The two actions of a turn are played one after the \
            other, so a square is free for the second action only if the first has left \
            it: e1-e3 is refused while the pawn on e3 stands, and legal once e3-e5 has \
            been played.",
    source: "docs/rules/superpion.md#moves",
    example: "---\ngame: superpion\n---\n1.B g3-g5 e1-e3\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B e3-e5 e1-e3\n",
});
pub const DIAGONAL_MOVE: Rule = Rule::illegal(
    "superpion/diagonal-move",
    "a piece moves diagonally without capturing",
)
.explained(&Explanation {
    words: "Pieces move straight, along a file or a rank; the diagonals are for captures \
            only. A move (written with -) along a diagonal is refused, short (e3-f4) or \
            long (e3-g5), for a pawn as for a Superpion.",
    source: "docs/rules/superpion.md#moves",
    example: "---\ngame: superpion\n---\n1.B e3-f4 g3-g5\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
});
pub const NOT_A_MOVE: Rule = Rule::illegal(
    "superpion/not-a-move",
    "an action is not a move at all (skewed, too long for a pawn, empty)",
)
.explained(&Explanation {
    words: "A pawn steps to the next white square straight ahead or to either side, over \
            the dark square between; a Superpion slides any distance along a file or a \
            rank. A move that is neither straight nor diagonal (e3-g7), goes farther than \
            a pawn's step (e3-e7), or ends where it started (e3-e3) is no move, and is \
            refused.",
    source: "docs/rules/superpion.md#moves",
    example: "---\ngame: superpion\n---\n1.B e3-e7 g3-g5\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
});
pub const BACKWARD_MOVE: Rule = Rule::illegal(
    "superpion/backward-move",
    "a pawn moves toward its own back line",
)
.explained(&Explanation {
    words: "A pawn never moves back toward its own back line: a Blue pawn never moves \
            south, a Red one never west, a Yellow one never north, a Black one never east. \
            It may move sideways, even along its own back line; Superpions move every way, \
            and captures may go backward.",
    source: "docs/rules/superpion.md#moves",
    example: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5], red: [b10]}\n---\n\
              1.B e5-e3\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5], red: [b10]}\n---\n\
                1.B e5-e7\n",
});
pub const TWO_PLAYER_DIRECTION: Rule = Rule::illegal(
    "superpion/two-player-direction",
    "in two-players mode, a pawn moves toward the partner's back line",
)
.explained(&Explanation {
    words: "In two-players mode each player plays two partner camps, Blue with Red and \
            Yellow with Black, and a pawn may not move toward its partner's back line \
            either: a Blue pawn never moves west, a Red one never south, a Yellow one \
            never east, a Black one never north. It binds pawn moves only, not captures or \
            Superpions, and only in two-players.",
    source: "docs/rules/superpion.md#modes-and-sides",
    example: "---\ngame: superpion\nmode: two-players\n---\n1.B e3-e5 g3-e3\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nmode: two-players\n---\n1.B e3-e5 g3-g5\n",
});
pub const BLOCKED_PATH: Rule = Rule::illegal(
    "superpion/blocked-path",
    "a piece slides or flies over pieces it may not pass",
)
.explained(&Explanation {
    words: "A Superpion slides over empty squares only: any piece on the way stops it, \
            whoever owns it. In a capture, only empty squares may lie before the piece \
            jumped and between it and the landing square: two pieces in a row, one's own \
            piece before an opponent's, or a piece jumped earlier in the same capture \
            block the way.",
    source: "docs/rules/superpion.md#moves",
    example: "---\ngame: superpion\nsetup:\n  pieces: {blue: [\"e5=S\"], red: [e9]}\n---\n\
              1.B e5-e11\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nsetup:\n  pieces: {blue: [\"e5=S\"], red: [e9]}\n\
                ---\n1.B e5-e7\n",
});
// The two rules `forgive-missed-captures` turns into warnings.
pub const MANDATORY_CAPTURE: Rule = Rule::tolerable(
    "superpion/mandatory-capture",
    "a move is made when a capture was required",
)
.explained(&Explanation {
    words: "Capturing is mandatory: when any piece that may still act this turn has a \
            capture, the action must be a capture, and a move is refused. It is judged \
            again before the second action, so a capture that the first action opened up \
            binds the second. The house rule forgive-missed-captures makes this a warning.",
    source: "docs/rules/superpion.md#captures",
    example: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5], red: [f6]}\n---\n\
              1.B e5-e7\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5], red: [f6]}\n---\n\
                1.B e5xg7\n",
});
pub const MAXIMUM_CAPTURE: Rule = Rule::tolerable(
    "superpion/maximum-capture",
    "a capture takes fewer pieces than it could",
)
.explained(&Explanation {
    words: "A capture must take as many pieces as the camp can take: among every capture \
            open to any of its pieces, it plays one of the greatest length (a Superpion \
            taken counts as one piece). A complete capture that takes fewer is refused; \
            between captures of the greatest length the player chooses freely. The house \
            rule forgive-missed-captures makes this a warning.",
    source: "docs/rules/superpion.md#captures",
    example: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5], red: [d6, f6, h8]}\n\
              ---\n1.B e5xc7\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5], red: [d6, f6, h8]}\n\
                ---\n1.B e5xg7xi9\n",
});
pub const CAPTURE_INCOMPLETE: Rule = Rule::illegal(
    "superpion/capture-incomplete",
    "a capture stops while the piece could still jump",
)
.explained(&Explanation {
    words: "A capture goes on while the capturing piece can jump again from where it \
            landed; the pieces jumped come off only when it is over. A capture that stops \
            while its piece could still jump is refused, and unlike a capture that is \
            merely short, forgive-missed-captures never forgives it.",
    source: "docs/rules/superpion.md#captures",
    example: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5], red: [d6, f6, h8]}\n\
              ---\n1.B e5xg7\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5], red: [d6, f6, h8]}\n\
                ---\n1.B e5xg7xi9\n",
});
pub const AMBIGUOUS_CAPTURE: Rule = Rule::illegal(
    "superpion/ambiguous-capture",
    "a capture's short form fits several captures",
)
.explained(&Explanation {
    words: "A capture may be written short, its start and its end only (g7xg1), when every \
            capture of the greatest length from that start to that end takes the same \
            pieces. When different captures fit, the short form does not say which one was \
            played, and it is refused: write the whole path of one of them.",
    source: "docs/rules/superpion.md#notation",
    example: "---\ngame: superpion\n\
              setup:\n  pieces: {blue: [\"g7=S\"], red: [h2, h8, k9, l10]}\n---\n\
              1.B g7xg1\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n\
                setup:\n  pieces: {blue: [\"g7=S\"], red: [h2, h8, k9, l10]}\n---\n\
                1.B g7xk11xn8xg1\n",
});
pub const NOT_A_CAPTURE: Rule = Rule::illegal(
    "superpion/not-a-capture",
    "a capture segment takes nothing it may take",
)
.explained(&Explanation {
    words: "Each segment of a capture (written with x) jumps one piece it may take: an \
            opponent's or a neutral one, on the diagonal. A segment is refused when it \
            jumps nothing, one's own or a partner's piece, or a piece already jumped, when \
            a pawn jumps from farther than the next square, or when the diagonal crosses a \
            missing corner.",
    source: "docs/rules/superpion.md#captures",
    example: "---\ngame: superpion\n---\n1.B e3xg5 g3-g5\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
});
pub const REVERSAL: Rule = Rule::illegal(
    "superpion/reversal",
    "a flying capture turns back on its diagonal",
)
.explained(&Explanation {
    words: "A Superpion's capture may go on along the same diagonal or turn onto another \
            one, but it never turns back along the diagonal it came by. Such a segment is \
            refused before anything else is checked: the piece just jumped stays on the \
            board until the capture is over, so the way back always runs into it.",
    source: "docs/rules/superpion.md#captures",
    example: "---\ngame: superpion\nsetup:\n  pieces: {blue: [\"e5=S\"], red: [g7]}\n---\n\
              1.B e5xh8xf6\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nsetup:\n  pieces: {blue: [\"e5=S\"], red: [g7]}\n\
                ---\n1.B e5xh8\n",
});
pub const SAME_PIECE_TWICE: Rule = Rule::illegal(
    "superpion/same-piece-twice",
    "one piece acts twice in a turn",
)
.explained(&Explanation {
    words: "A turn is up to two actions by two different pieces: each piece acts once per \
            turn at most. A second action by the piece that has just moved or captured is \
            refused; it must be another piece's.",
    source: "docs/rules/superpion.md#a-turn-two-actions",
    example: "---\ngame: superpion\n---\n1.B e3-e5 e5-e7\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
});
pub const PROMOTED_THIS_TURN: Rule = Rule::illegal(
    "superpion/promoted-this-turn",
    "a Superpion promoted this turn acts in the same turn",
)
.explained(&Explanation {
    words: "A pawn that becomes a Superpion takes up its new powers on the next turn: in \
            the turn it promotes, it does not act again. The second action must be another \
            piece's, or is left out when no other piece can act.",
    source: "docs/rules/superpion.md#a-turn-two-actions",
    example: "---\ngame: superpion\nsetup:\n  pieces: {blue: [f12, k3], yellow: [k7]}\n\
              ---\n1.B f12-f14=S f14-f12\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nsetup:\n  pieces: {blue: [f12, k3], yellow: [k7]}\n\
                ---\n1.B f12-f14=S k3-k5\n",
});
pub const MISSING_SECOND_ACTION: Rule = Rule::illegal(
    "superpion/missing-second-action",
    "a turn stops after one action when a second was possible",
)
.explained(&Explanation {
    words: "A turn has two actions whenever, after the first, another piece that may still \
            act has a legal action, even a piece the first action freed. Stopping after \
            one action is then refused, and the whole turn is pointed at; a turn of one \
            action is right only when no other piece can act, or when the first action \
            ended the game.",
    source: "docs/rules/superpion.md#a-turn-two-actions",
    example: "---\ngame: superpion\n---\n1.B e3-e5\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
});
pub const ILLEGAL_PASS: Rule = Rule::illegal(
    "superpion/illegal-pass",
    "a pass is written when an action exists",
)
.explained(&Explanation {
    words: "A camp passes, written --, only when it has no legal action at all, neither a \
            move nor a capture. A pass written while an action exists is refused.",
    source: "docs/rules/superpion.md#a-turn-two-actions",
    example: "---\ngame: superpion\n---\n1.B --\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
});
pub const PROMOTION_MISSING: Rule = Rule::illegal(
    "superpion/promotion-missing",
    "a promotion is written without its = mark",
)
.explained(&Explanation {
    words: "A pawn whose action ends on a back line of an opponent's camp becomes a \
            Superpion, and the action says which pawn goes under it: =B, =R, =Y or =K for \
            a colour, =S for a spare. An action that promotes without that mark is refused.",
    source: "docs/rules/superpion.md#superpions-promotion",
    example: "---\ngame: superpion\nsetup:\n  pieces: {blue: [f12], yellow: [k7]}\n---\n\
              1.B f12-f14\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nsetup:\n  pieces: {blue: [f12], yellow: [k7]}\n---\n\
                1.B f12-f14=S\n",
});
pub const PROMOTION_NOT_ALLOWED: Rule = Rule::illegal(
    "superpion/promotion-not-allowed",
    "a promotion mark = is written on an action that does not promote",
)
.explained(&Explanation {
    words: "The = mark belongs to an action that promotes: a pawn's action ending on an \
            opponent's back line. It is refused on any other action: an ordinary move, a \
            pawn reaching its own or a partner's back line, or a Superpion's action, since \
            a Superpion never promotes again.",
    source: "docs/rules/superpion.md#superpions-promotion",
    example: "---\ngame: superpion\n---\n1.B e3-e5=R g3-g5\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n",
});
pub const PROMOTION_COLOUR: Rule = Rule::illegal(
    "superpion/promotion-colour",
    "a promotion names a colour (or a spare) the pile cannot give",
)
.explained(&Explanation {
    words: "The pawn put under a new Superpion comes from the pile of pawns captured by \
            the player who owns the camp reached: the mark names a colour that pile holds, \
            or =S for a spare it holds. Only when that pile is empty, or the camp reached \
            is neutral, is a new spare brought in, and =S is then the only right mark.",
    source: "docs/rules/superpion.md#superpions-promotion",
    example: "---\ngame: superpion\n\
              setup:\n  pieces: {blue: [f12], yellow: [k7]}\n  piles: {yellow: [R]}\n---\n\
              1.B f12-f14=S\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\n\
                setup:\n  pieces: {blue: [f12], yellow: [k7]}\n  piles: {yellow: [R]}\n\
                ---\n1.B f12-f14=R\n",
});
pub const TIME_END: Rule = Rule::illegal(
    "superpion/time-end",
    "a record ended on time stops in the middle of a round",
)
.explained(&Explanation {
    words: "When time runs out the round is finished first: the last turn is Black's or, \
            when Black no longer plays, that of the last camp still playing in the order \
            Blue, Red, Yellow, Black. A record with end: time that stops in the middle of \
            a round, or has no turn at all, is refused.",
    source: "docs/rules/superpion.md#end-of-game",
    example: "---\ngame: superpion\nend: time\n\
              setup:\n  pieces: {blue: [e5], black: [m9]}\n---\n1.B e5-e7\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nend: time\n\
                setup:\n  pieces: {blue: [e5], black: [m9]}\n---\n1.B e5-e7\n1.K m9-k9\n",
});
pub const END_MISMATCH: Rule = Rule::illegal(
    "superpion/end-mismatch",
    "the header's end key contradicts the game",
)
.explained(&Explanation {
    words: "The header's end key says how the game ended, and the game must bear it out. \
            end: one-side-left is refused while several sides still have pieces, and end: \
            time, end: captures-impossible or end: adjudication on a game that ended with \
            one side alone on the board: a game won on the board cannot also be decided \
            off it.",
    source: "docs/rules/superpion.md#end-of-game",
    example: "---\ngame: superpion\nend: time\nsetup:\n  pieces: {blue: [e5], red: [f6]}\n\
              ---\n1.B e5xg7\n",
    turn: None,
    neighbour: "---\ngame: superpion\nend: one-side-left\n\
                setup:\n  pieces: {blue: [e5], red: [f6]}\n---\n1.B e5xg7\n",
});
pub const GAME_OVER: Rule = Rule::illegal(
    "superpion/game-over",
    "a turn is played after the game has ended",
)
.explained(&Explanation {
    words: "The game ends at once when the pieces on the board all belong to one side, \
            even between the two actions of a turn. Any action written after that is \
            refused, the second action of that same turn included.",
    source: "docs/rules/superpion.md#end-of-game",
    example: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5, k3], red: [f6]}\n---\n\
              1.B e5xg7 k3-k5\n",
    turn: Some(0),
    neighbour: "---\ngame: superpion\nsetup:\n  pieces: {blue: [e5, k3], red: [f6]}\n---\n\
                1.B e5xg7\n",
});
pub const MOVE_NUMBER: Rule = Rule::illegal(
    "superpion/move-number",
    "a turn carries a wrong round number",
)
.explained(&Explanation {
    words: "A turn may carry its round number (2.B). Round 1 begins with the record's \
            first turn, and a new round each time play comes back round to an earlier \
            camp, so the turns of one round share its number. A number that is not the \
            round's is refused.",
    source: "docs/rules/superpion.md#notation",
    example: "---\ngame: superpion\n---\n1.B g3-g5 i3-i5\n2.R c5-e5 c7-e7\n",
    turn: Some(1),
    neighbour: "---\ngame: superpion\n---\n1.B g3-g5 i3-i5\n1.R c5-e5 c7-e7\n",
});
pub const BLOCKING: Rule = Rule::warning(
    "superpion/blocking",
    "a camp passes for the second turn in a row",
)
.explained(&Explanation {
    words: "Players should not block an opponent for more than one turn. arbitre cannot \
            tell who is to blame, so it does not refuse the record: it warns each time a \
            camp passes on two of its turns in a row, and again at every further pass in a \
            row. A single pass is no warning.",
    source: "docs/rules/superpion.md#tolerated-rules-and-warnings",
    example: "---\ngame: superpion\nmode: three-players\nneutral: black\n\
              setup:\n  pieces: {blue: [e1], red: [b6], black: [e3, g1]}\n---\n1.B --\n\
              1.R b6-d6\n2.B --\n",
    turn: Some(2),
    neighbour: "---\ngame: superpion\nmode: three-players\nneutral: black\n\
                setup:\n  pieces: {blue: [e1], red: [b6], black: [e3, g1]}\n---\n1.B --\n\
                1.R b6-d6\n",
});
pub const CAPTURES_POSSIBLE: Rule = Rule::warning(
    "superpion/captures-possible",
    "the header says captures became impossible, but one is available",
)
.explained(&Explanation {
    words: "end: captures-impossible records that the players agreed no capture can happen \
            any more. arbitre accepts the agreement but warns when a capture is still open \
            in the final position, to any playing camp, not only the camp to move.",
    source: "docs/rules/superpion.md#end-of-game",
    example: "---\ngame: superpion\nend: captures-impossible\n\
              setup:\n  pieces: {blue: [e5], red: [f6, b10]}\n---\n",
    turn: None,
    neighbour: "---\ngame: superpion\nend: captures-impossible\n\
                setup:\n  pieces: {blue: [e5], red: [f6, b10]}\n---\n1.B e5xg7\n",
});

/// Every Superpion rule: its page's table, then the warnings.
pub const RULES: &[Rule] = &[
    NOT_A_SQUARE,
    DARK_SQUARE,
    WRONG_CAMP,
    NO_PIECE,
    NOT_YOUR_PIECE,
    OCCUPIED,
    DIAGONAL_MOVE,
    NOT_A_MOVE,
    BACKWARD_MOVE,
    TWO_PLAYER_DIRECTION,
    BLOCKED_PATH,
    MANDATORY_CAPTURE,
    MAXIMUM_CAPTURE,
    CAPTURE_INCOMPLETE,
    AMBIGUOUS_CAPTURE,
    NOT_A_CAPTURE,
    REVERSAL,
    SAME_PIECE_TWICE,
    PROMOTED_THIS_TURN,
    MISSING_SECOND_ACTION,
    ILLEGAL_PASS,
    PROMOTION_MISSING,
    PROMOTION_NOT_ALLOWED,
    PROMOTION_COLOUR,
    TIME_END,
    END_MISMATCH,
    GAME_OVER,
    MOVE_NUMBER,
    BLOCKING,
    CAPTURES_POSSIBLE,
];
