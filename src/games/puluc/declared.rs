//! The rules Puluc reports, each declared once; [`RULES`] lists them for
//! the registry.

use crate::rules::{Explanation, Rule};

pub const NO_PAWN_TO_ENTER: Rule = Rule::illegal(
    "puluc/no-pawn-to-enter",
    "a pawn enters when none is at start",
)
.explained(&Explanation {
    words: "Entering (`e`) brings a pawn from the player's own start onto the track, \
            so a pawn must be waiting there. When none is (the player's pawns are all \
            on the track or killed), the throw must be used by a piece on the track, \
            or passed if none can use it.",
    source: "docs/rules/puluc.md#a-turn",
    example: "---\ngame: puluc\nsetup:\n  killed: {a: 3}\n  track: {\"5\": [a]}\n---\n1. 2:e\n",
    turn: Some(0),
    neighbour: "---\ngame: puluc\nsetup:\n  killed: {a: 3}\n  track: {\"5\": [a]}\n---\n1. 2:5\n",
});
pub const NO_PIECE_THERE: Rule = Rule::illegal(
    "puluc/no-piece-there",
    "a move starts from an empty square, a start square or a square off the track",
)
.explained(&Explanation {
    words: "Advancing names the square of the piece that moves, so that square must \
            hold a piece. An empty square breaks this rule, and so does a start square \
            or a number off the track (`3:0`, `3:10`, `3:99`): a pawn leaves its start \
            by entering, which is written `e`.",
    source: "docs/rules/puluc.md#a-turn",
    example: "---\ngame: puluc\n---\n1. 3:4\n",
    turn: Some(0),
    neighbour: "---\ngame: puluc\n---\n1. 3:e\n",
});
pub const NOT_YOUR_PIECE: Rule = Rule::illegal(
    "puluc/not-your-piece",
    "a stack topped by the opponent's pawn is moved",
)
.explained(&Explanation {
    words: "A piece on the track belongs to whoever owns its top pawn, and only that \
            player may move it. Moving a lone opponent pawn, or a tower topped by an \
            opponent pawn, breaks this rule, even when the player's own pawns are held \
            prisoner under it.",
    source: "docs/rules/puluc.md#a-turn",
    example: "---\ngame: puluc\n---\n1. 5:e-5 3:5\n",
    turn: Some(1),
    neighbour: "---\ngame: puluc\n---\n1. 5:e-5 3:e\n",
});
pub const OVERSHOOT: Rule = Rule::illegal(
    "puluc/overshoot",
    "a move would go beyond the opponent's start",
)
.explained(&Explanation {
    words: "A unit finishes only by reaching the opponent's start with the exact \
            throw: square 10 for A, square 0 for B (N-1 for A on a track of \
            `squares: N`). A throw that would carry it past that square cannot be \
            played with that unit: another unit must use it, or the player passes if \
            none can.",
    source: "docs/rules/puluc.md#where-a-unit-lands",
    example: "---\ngame: puluc\nsetup:\n  track: {\"8\": [a]}\n---\n1. 3:8\n",
    turn: Some(0),
    neighbour: "---\ngame: puluc\nsetup:\n  track: {\"8\": [a]}\n---\n1. 3:e\n",
});
pub const OWN_PIECE_THERE: Rule = Rule::illegal(
    "puluc/own-piece-there",
    "a move lands on a square topped by the player's own pawn",
)
.explained(&Explanation {
    words: "Two pawns of one side never meet on a square: a unit may not stop on a \
            square whose top pawn is the player's own. It may pass over that square \
            on the way, and it may stop on a piece topped by the opponent's pawn, \
            which captures it.",
    source: "docs/rules/puluc.md#where-a-unit-lands",
    example: "---\ngame: puluc\n---\n1. 2:e-2 1:e-9\n2. 2:e\n",
    turn: Some(2),
    neighbour: "---\ngame: puluc\n---\n1. 2:e-2 1:e-9\n2. 2:2\n",
});
pub const ILLEGAL_PASS: Rule =
    Rule::illegal("puluc/illegal-pass", "a pass is written when a move exists").explained(
        &Explanation {
            words: "After the throw the player must move one unit by exactly that many \
                    squares if any move is legal; a pass (`3:-`) is allowed only when \
                    no pawn can enter and no piece on the track can use the throw. Only \
                    the throw written counts: it is a fact of the game.",
            source: "docs/rules/puluc.md#a-turn",
            example: "---\ngame: puluc\n---\n1. 1:-\n",
            turn: Some(0),
            neighbour: "---\ngame: puluc\n---\n1. 1:e\n",
        },
    );
pub const WRONG_DESTINATION: Rule = Rule::illegal(
    "puluc/wrong-destination",
    "a move names a landing square the throw does not reach",
)
.explained(&Explanation {
    words: "The landing square may be written after the source for readability \
            (`3:e-3`, `2:8-10`), and when it is written it must be the square the \
            throw reaches. Any other number breaks this rule, also one written with a \
            leading zero (`3:e-03`). It is checked before overshoot, so `3:8-10` from \
            square 8 is a wrong destination.",
    source: "docs/rules/puluc.md#notation",
    example: "---\ngame: puluc\n---\n1. 4:e-5\n",
    turn: Some(0),
    neighbour: "---\ngame: puluc\n---\n1. 4:e-4\n",
});
pub const GAME_OVER: Rule = Rule::illegal("puluc/game-over", "a turn is played after a win")
    .explained(&Explanation {
        words: "The game ends the moment a player has killed all four of the \
                opponent's pawns. Any turn written after that breaks this rule, before \
                its move number is looked at; a setup in which one side is already \
                wholly killed is a finished game too.",
        source: "docs/rules/puluc.md#end-of-game",
        example: "---\ngame: puluc\nsetup:\n  killed: {b: 3}\n  track: {\"8\": [b, a]}\n---\n\
                  1. 2:8-10 1:e-9\n",
        turn: Some(1),
        neighbour: "---\ngame: puluc\nsetup:\n  killed: {b: 3}\n  track: {\"8\": [b, a]}\n\
                    ---\n1. 2:8-10\n",
    });
pub const MOVE_NUMBER: Rule =
    Rule::illegal("puluc/move-number", "a turn carries a wrong move number").explained(
        &Explanation {
            words: "Move numbers are optional, but one that is written must be right: \
                    `N.` before A's Nth turn, `N...` before B's. A wrong number, `N.` \
                    before a B turn or `N...` before an A turn breaks this rule. \
                    Numbering starts at 1 with the record's first turn, also when a \
                    setup gives B the first turn.",
            source: "docs/rules/puluc.md#notation",
            example: "---\ngame: puluc\n---\n1. 3:e 1. 2:e\n",
            turn: Some(1),
            neighbour: "---\ngame: puluc\n---\n1. 3:e 1... 2:e\n",
        },
    );
pub const END_MISMATCH: Rule = Rule::illegal(
    "puluc/end-mismatch",
    "the header's end key contradicts the game",
)
.explained(&Explanation {
    words: "`end: abandoned` in the header says the game stopped before anyone won; \
            `resignation`, `time-forfeit`, `forfeit` and `adjudication` say it was \
            decided off the board, by its `result`. On a game that ends with all four \
            pawns of one side killed, any of them contradicts the board. It is checked \
            after the last turn, and belongs to no turn.",
    source: "docs/rules/puluc.md#end-of-game",
    example: "---\ngame: puluc\nend: abandoned\nsetup:\n  killed: {b: 3}\n  \
              track: {\"8\": [b, a]}\n---\n1. 2:8-10\n",
    turn: None,
    neighbour: "---\ngame: puluc\nsetup:\n  killed: {b: 3}\n  track: {\"8\": [b, a]}\n---\n\
                1. 2:8-10\n",
});

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
