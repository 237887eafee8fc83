//! The rules Puluc reports, each declared once; [`RULES`] lists them for
//! the registry.

use crate::rules::Rule;

pub const NO_PAWN_TO_ENTER: Rule = Rule::illegal(
    "puluc/no-pawn-to-enter",
    "a pawn enters when none is at start",
);
pub const NO_PIECE_THERE: Rule = Rule::illegal(
    "puluc/no-piece-there",
    "a move starts from an empty square, a start square or a square off the track",
);
pub const NOT_YOUR_PIECE: Rule = Rule::illegal(
    "puluc/not-your-piece",
    "a stack topped by the opponent's pawn is moved",
);
pub const OVERSHOOT: Rule = Rule::illegal(
    "puluc/overshoot",
    "a move would go beyond the opponent's start",
);
pub const OWN_PIECE_THERE: Rule = Rule::illegal(
    "puluc/own-piece-there",
    "a move lands on a square topped by the player's own pawn",
);
pub const ILLEGAL_PASS: Rule =
    Rule::illegal("puluc/illegal-pass", "a pass is written when a move exists");
pub const WRONG_DESTINATION: Rule = Rule::illegal(
    "puluc/wrong-destination",
    "a move names a landing square the throw does not reach",
);
pub const GAME_OVER: Rule = Rule::illegal("puluc/game-over", "a turn is played after a win");
pub const MOVE_NUMBER: Rule =
    Rule::illegal("puluc/move-number", "a turn carries a wrong move number");
pub const END_MISMATCH: Rule = Rule::illegal(
    "puluc/end-mismatch",
    "the header's end key contradicts the game",
);

/// Every Puluc rule, in the order of its page's table.
pub const RULES: &[Rule] = &[
    NO_PAWN_TO_ENTER,
    NO_PIECE_THERE,
    NOT_YOUR_PIECE,
    OVERSHOOT,
    OWN_PIECE_THERE,
    ILLEGAL_PASS,
    WRONG_DESTINATION,
    GAME_OVER,
    MOVE_NUMBER,
    END_MISMATCH,
];
