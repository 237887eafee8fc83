//! The rules Simpei reports, each declared once; [`RULES`] lists them for
//! the registry.

use crate::rules::{Explanation, Rule};

pub const NOT_A_POINT: Rule =
    Rule::illegal("simpei/not-a-point", "a point that does not exist is named");
pub const OCCUPIED: Rule = Rule::illegal(
    "simpei/occupied",
    "a piece is placed or moved onto a taken point",
)
.explained(&Explanation {
    words: "A point holds one piece at most. A placement or a move must end on an \
            empty point; a relocation has its own rule (simpei/relocation-occupied).",
    source: "docs/rules/simpei.md#how-a-game-goes",
    example: "---\ngame: simpei\n---\n1. c3 c3\n",
    turn: Some(1),
    neighbour: "---\ngame: simpei\n---\n1. c3 d4\n",
});
pub const FIRST_PLACEMENT_CENTRE: Rule = Rule::illegal(
    "simpei/first-placement-centre",
    "Red's first piece is put off the four central upper points",
);
pub const MUST_PLACE: Rule = Rule::illegal(
    "simpei/must-place",
    "a piece is moved while the player still has pieces in hand",
);
pub const NO_PIECE_IN_HAND: Rule = Rule::illegal(
    "simpei/no-piece-in-hand",
    "a piece is placed from an empty hand",
);
pub const NOT_YOUR_PIECE: Rule = Rule::illegal(
    "simpei/not-your-piece",
    "a piece that is not the player's is moved",
);
pub const NOT_A_NEIGHBOUR: Rule = Rule::illegal(
    "simpei/not-a-neighbour",
    "a piece moves to a point that is not a neighbour",
);
pub const ILLEGAL_PASS: Rule = Rule::illegal(
    "simpei/illegal-pass",
    "a pass is written when a move exists",
);
pub const RELOCATION_MISSING: Rule = Rule::illegal(
    "simpei/relocation-missing",
    "a sandwiched piece is left unrelocated",
);
pub const RELOCATION_NOT_SANDWICHED: Rule = Rule::illegal(
    "simpei/relocation-not-sandwiched",
    "a piece that may not be relocated is relocated",
);
pub const RELOCATION_OCCUPIED: Rule = Rule::illegal(
    "simpei/relocation-occupied",
    "a piece is relocated onto a taken point",
);
pub const GAME_OVER: Rule = Rule::illegal("simpei/game-over", "a turn is played after a win");
pub const MOVE_NUMBER: Rule =
    Rule::illegal("simpei/move-number", "a turn carries a wrong move number");
pub const END_MISMATCH: Rule = Rule::illegal(
    "simpei/end-mismatch",
    "the header's end key contradicts the game",
);

/// Every Simpei rule, in the order of its page's table.
pub const RULES: &[Rule] = &[
    NOT_A_POINT,
    OCCUPIED,
    FIRST_PLACEMENT_CENTRE,
    MUST_PLACE,
    NO_PIECE_IN_HAND,
    NOT_YOUR_PIECE,
    NOT_A_NEIGHBOUR,
    ILLEGAL_PASS,
    RELOCATION_MISSING,
    RELOCATION_NOT_SANDWICHED,
    RELOCATION_OCCUPIED,
    GAME_OVER,
    MOVE_NUMBER,
    END_MISMATCH,
];
