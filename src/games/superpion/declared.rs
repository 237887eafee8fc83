//! The rules Superpion reports, each declared once; [`RULES`] lists them
//! for the registry.

use crate::rules::Rule;

pub const NOT_A_SQUARE: Rule = Rule::illegal(
    "superpion/not-a-square",
    "a square that is not on the board is named",
);
pub const DARK_SQUARE: Rule = Rule::illegal("superpion/dark-square", "a dark square is named");
pub const WRONG_CAMP: Rule = Rule::illegal(
    "superpion/wrong-camp",
    "a turn is written for a camp whose turn it is not",
);
pub const NO_PIECE: Rule =
    Rule::illegal("superpion/no-piece", "a move starts from an empty square");
pub const NOT_YOUR_PIECE: Rule =
    Rule::illegal("superpion/not-your-piece", "another camp's piece is moved");
pub const OCCUPIED: Rule = Rule::illegal(
    "superpion/occupied",
    "a piece moves or lands on a taken square",
);
pub const DIAGONAL_MOVE: Rule = Rule::illegal(
    "superpion/diagonal-move",
    "a piece moves diagonally without capturing",
);
pub const NOT_A_MOVE: Rule = Rule::illegal(
    "superpion/not-a-move",
    "an action is not a move at all (skewed, too long for a pawn, empty)",
);
pub const BACKWARD_MOVE: Rule = Rule::illegal(
    "superpion/backward-move",
    "a pawn moves toward its own back line",
);
pub const TWO_PLAYER_DIRECTION: Rule = Rule::illegal(
    "superpion/two-player-direction",
    "in two-players mode, a pawn moves toward the partner's back line",
);
pub const BLOCKED_PATH: Rule = Rule::illegal(
    "superpion/blocked-path",
    "a piece slides or flies over pieces it may not pass",
);
// The two rules `forgive-missed-captures` turns into warnings.
pub const MANDATORY_CAPTURE: Rule = Rule::tolerable(
    "superpion/mandatory-capture",
    "a move is made when a capture was required",
);
pub const MAXIMUM_CAPTURE: Rule = Rule::tolerable(
    "superpion/maximum-capture",
    "a capture takes fewer pieces than it could",
);
pub const CAPTURE_INCOMPLETE: Rule = Rule::illegal(
    "superpion/capture-incomplete",
    "a capture stops while the piece could still jump",
);
pub const AMBIGUOUS_CAPTURE: Rule = Rule::illegal(
    "superpion/ambiguous-capture",
    "a capture's short form fits several captures",
);
pub const NOT_A_CAPTURE: Rule = Rule::illegal(
    "superpion/not-a-capture",
    "a capture segment takes nothing it may take",
);
pub const REVERSAL: Rule = Rule::illegal(
    "superpion/reversal",
    "a flying capture turns back on its diagonal",
);
pub const SAME_PIECE_TWICE: Rule = Rule::illegal(
    "superpion/same-piece-twice",
    "one piece acts twice in a turn",
);
pub const PROMOTED_THIS_TURN: Rule = Rule::illegal(
    "superpion/promoted-this-turn",
    "a Superpion promoted this turn acts in the same turn",
);
pub const MISSING_SECOND_ACTION: Rule = Rule::illegal(
    "superpion/missing-second-action",
    "a turn stops after one action when a second was possible",
);
pub const ILLEGAL_PASS: Rule = Rule::illegal(
    "superpion/illegal-pass",
    "a pass is written when an action exists",
);
pub const PROMOTION_MISSING: Rule = Rule::illegal(
    "superpion/promotion-missing",
    "a promotion is written without its = mark",
);
pub const PROMOTION_NOT_ALLOWED: Rule = Rule::illegal(
    "superpion/promotion-not-allowed",
    "a promotion mark = is written on an action that does not promote",
);
pub const PROMOTION_COLOUR: Rule = Rule::illegal(
    "superpion/promotion-colour",
    "a promotion names a colour (or a spare) the pile cannot give",
);
pub const TIME_END: Rule = Rule::illegal(
    "superpion/time-end",
    "a record ended on time stops in the middle of a round",
);
pub const END_MISMATCH: Rule = Rule::illegal(
    "superpion/end-mismatch",
    "the header's end key contradicts the game",
);
pub const GAME_OVER: Rule = Rule::illegal(
    "superpion/game-over",
    "a turn is played after the game has ended",
);
pub const MOVE_NUMBER: Rule = Rule::illegal(
    "superpion/move-number",
    "a turn carries a wrong round number",
);
pub const BLOCKING: Rule = Rule::warning(
    "superpion/blocking",
    "a camp passes for the second turn in a row",
);
pub const CAPTURES_POSSIBLE: Rule = Rule::warning(
    "superpion/captures-possible",
    "the header says captures became impossible, but one is available",
);

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
