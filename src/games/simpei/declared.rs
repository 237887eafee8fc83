//! The rules Simpei reports, each declared once; [`RULES`] lists them for
//! the registry.

use crate::rules::{Explanation, Rule};

pub const NOT_A_POINT: Rule =
    Rule::illegal("simpei/not-a-point", "a point that does not exist is named").explained(
        &Explanation {
            words: "Only the 25 points of the two worlds have names: files a, c, e, g by \
                    ranks 1, 3, 5, 7 for the upper world, files b, d, f by ranks 2, 4, 6 \
                    for the lower one. Any other name (`b1`, `c2`, `h3`, or `c03` with a \
                    leading zero) points at nothing, wherever it stands in the movetext: a \
                    placement, either end of a move, or a relocation.",
            source: "docs/rules/simpei.md#the-board",
            example: "---\ngame: simpei\n---\n1. c3 b1\n",
            turn: Some(1),
            neighbour: "---\ngame: simpei\n---\n1. c3 b2\n",
        },
    );
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
)
.explained(&Explanation {
    words: "Red opens the game, and its very first piece must go on one of the four \
            central upper points: `c3`, `e3`, `c5` or `e5`. The rule binds the first \
            placement on an empty board only; every later piece, and the first one \
            after a setup that has pieces on the board, may go on any empty point.",
    source: "docs/rules/simpei.md#how-a-game-goes",
    example: "---\ngame: simpei\n---\n1. a1\n",
    turn: Some(0),
    neighbour: "---\ngame: simpei\n---\n1. c3\n",
});
pub const MUST_PLACE: Rule = Rule::illegal(
    "simpei/must-place",
    "a piece is moved while the player still has pieces in hand",
)
.explained(&Explanation {
    words: "No piece moves before all eight are on the board. While the player to \
            act still holds a piece in hand, the turn must be a placement; a move is \
            refused even when the piece is the player's and the point it goes to is \
            a free neighbour.",
    source: "docs/rules/simpei.md#how-a-game-goes",
    example: "---\ngame: simpei\n---\n1. c3 d4\n2. c3-b2\n",
    turn: Some(2),
    neighbour: "---\ngame: simpei\n---\n1. c3 d4\n2. b2\n",
});
pub const NO_PIECE_IN_HAND: Rule = Rule::illegal(
    "simpei/no-piece-in-hand",
    "a piece is placed from an empty hand",
)
.explained(&Explanation {
    words: "Each player has four pieces, and a placement takes one from the hand. \
            Once all four of a player's pieces are on the board, that player moves \
            them (or passes when no move exists): a point written alone, a placement, \
            is then refused.",
    source: "docs/rules/simpei.md#how-a-game-goes",
    example: "---\ngame: simpei\nsetup: {red: [a1, c1, e3, b4], blue: [b2, d2, f4, g7]}\n---\n\
              1. a7\n",
    turn: Some(0),
    neighbour: "---\ngame: simpei\nsetup: {red: [a1, c1, e3, b4], blue: [b2, d2, f4, g7]}\n\
                ---\n1. e3-d4\n",
});
pub const NOT_YOUR_PIECE: Rule = Rule::illegal(
    "simpei/not-your-piece",
    "a piece that is not the player's is moved",
)
.explained(&Explanation {
    words: "A move takes one of the player's own pieces: the point before the `-` \
            must hold a piece of the player to act. Moving an opponent's piece, or \
            moving from an empty point, breaks this rule.",
    source: "docs/rules/simpei.md#how-a-game-goes",
    example: "---\ngame: simpei\nsetup: {red: [a1, c1, e3, b4], blue: [b2, d2, f4, g7]}\n---\n\
              1. g7-f6\n",
    turn: Some(0),
    neighbour: "---\ngame: simpei\nsetup: {red: [a1, c1, e3, b4], blue: [b2, d2, f4, g7]}\n\
                ---\n1. e3-f2\n",
});
pub const NOT_A_NEIGHBOUR: Rule = Rule::illegal(
    "simpei/not-a-neighbour",
    "a piece moves to a point that is not a neighbour",
)
.explained(&Explanation {
    words: "A move goes one diagonal step on the grid, to a neighbour, so every move \
            changes worlds: `c3` may go to `b2`, `d2`, `b4` or `d4` only. A step along \
            a line of one world (`e3-e5`) or a longer jump (`g7-e5`) is no move, and \
            is reported as such even when the point it goes to is taken.",
    source: "docs/rules/simpei.md#how-a-game-goes",
    example: "---\ngame: simpei\nsetup: {red: [a1, c1, e3, b4], blue: [b2, d2, f4, g7]}\n---\n\
              1. e3-e5\n",
    turn: Some(0),
    neighbour: "---\ngame: simpei\nsetup: {red: [a1, c1, e3, b4], blue: [b2, d2, f4, g7]}\n\
                ---\n1. e3-d4\n",
});
pub const ILLEGAL_PASS: Rule = Rule::illegal(
    "simpei/illegal-pass",
    "a pass is written when a move exists",
)
.explained(&Explanation {
    words: "A player may pass (`--`) only when no legal action is left. While placing \
            there is always an empty point to place on, so a pass is never allowed \
            then; in the moving phase it is allowed only when none of the player's \
            pieces has an empty neighbour.",
    source: "docs/rules/simpei.md#how-a-game-goes",
    example: "---\ngame: simpei\n---\n1. c3 --\n",
    turn: Some(1),
    neighbour: "---\ngame: simpei\n---\n1. c3 d4\n",
});
pub const RELOCATION_MISSING: Rule = Rule::illegal(
    "simpei/relocation-missing",
    "a sandwiched piece is left unrelocated",
)
.explained(&Explanation {
    words: "A placement or a move that does not win sandwiches an unbroken run of \
            opponent pieces that starts next to the piece just played, on a line of \
            its world, and ends against another of the player's own pieces. Every \
            sandwiched piece must be relocated in the same turn, written `from>to` \
            after the action; leaving one where it was is refused at the action that \
            made the sandwich, and the message lists the sandwiched points.",
    source: "docs/rules/simpei.md#sandwiches",
    example: "---\ngame: simpei\n---\n1. e3 c3\n2. a3\n",
    turn: Some(2),
    neighbour: "---\ngame: simpei\n---\n1. e3 c3\n2. a3 c3>g7\n",
});
pub const RELOCATION_NOT_SANDWICHED: Rule = Rule::illegal(
    "simpei/relocation-not-sandwiched",
    "a piece that may not be relocated is relocated",
)
.explained(&Explanation {
    words: "Only the pieces sandwiched by this turn's placement or move are \
            relocated, each exactly once. Relocating any other piece (one of the \
            player's own, an opponent piece that was not caught, one already \
            relocated this turn), or relocating anything after a winning action, \
            breaks this rule.",
    source: "docs/rules/simpei.md#sandwiches",
    example: "---\ngame: simpei\n---\n1. e3 c3\n2. c5 c3>g7\n",
    turn: Some(2),
    neighbour: "---\ngame: simpei\n---\n1. e3 c3\n2. a3 c3>g7\n",
});
pub const RELOCATION_OCCUPIED: Rule = Rule::illegal(
    "simpei/relocation-occupied",
    "a piece is relocated onto a taken point",
)
.explained(&Explanation {
    words: "The sandwiched pieces are lifted, then each is put on any empty point of \
            either world; the point it was lifted from is empty, so it may go back \
            there. A point that holds a piece cannot take it, and neither can one \
            filled by an earlier relocation of the same turn.",
    source: "docs/rules/simpei.md#sandwiches",
    example: "---\ngame: simpei\n---\n1. e3 c3\n2. a3 c3>e3\n",
    turn: Some(2),
    neighbour: "---\ngame: simpei\n---\n1. e3 c3\n2. a3 c3>g7\n",
});
pub const GAME_OVER: Rule = Rule::illegal("simpei/game-over", "a turn is played after a win")
    .explained(&Explanation {
        words: "The game ends the moment a placement or a move lines up three of the \
                player's pieces. Any turn written after it breaks this rule, whatever it \
                holds and before its move number is looked at; a record that simply \
                stops at the win is legal.",
        source: "docs/rules/simpei.md#end-of-game",
        example: "---\ngame: simpei\n---\n1. c3 d6\n2. a1 f2\n3. e5 b4\n",
        turn: Some(5),
        neighbour: "---\ngame: simpei\n---\n1. c3 d6\n2. a1 f2\n3. e5\n",
    });
pub const MOVE_NUMBER: Rule =
    Rule::illegal("simpei/move-number", "a turn carries a wrong move number").explained(
        &Explanation {
            words: "Move numbers are optional, but one that is written must be right: \
                    `N.` before Red's Nth turn, `N...` before Blue's. A wrong number, \
                    `N.` before a Blue turn or `N...` before a Red one breaks this rule. \
                    Numbering starts at 1 with the record's first turn, also after a \
                    setup.",
            source: "docs/rules/simpei.md#notation",
            example: "---\ngame: simpei\n---\n2. c3\n",
            turn: Some(0),
            neighbour: "---\ngame: simpei\n---\n1. c3\n",
        },
    );
pub const END_MISMATCH: Rule = Rule::illegal(
    "simpei/end-mismatch",
    "the header's end key contradicts the game",
)
.explained(&Explanation {
    words: "The header's `end` key says why a game stopped without a win on the board: \
            `draw` (agreed) or `abandoned`, or an ending decided off the board \
            (`resignation`, `time-forfeit`, `forfeit`, `adjudication`, whose `result` is \
            the result). A game won by three in a line was decided on the board, and any \
            `end` on it contradicts the board. It is checked after the last turn, and \
            belongs to no turn.",
    source: "docs/rules/simpei.md#end-of-game",
    example: "---\ngame: simpei\nend: draw\n---\n1. c3 d6\n2. a1 f2\n3. e5\n",
    turn: None,
    neighbour: "---\ngame: simpei\n---\n1. c3 d6\n2. a1 f2\n3. e5\n",
});

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
