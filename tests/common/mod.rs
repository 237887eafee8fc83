//! What the games' property tests share: the checks of the all-or-nothing
//! contract and of `resolve`, generic over the game.

use arbitre::Notation;
use proptest::prelude::*;

/// Plays `movetext` from `start` until a turn is refused, and returns that
/// turn's index, having checked the refused turn left the position as it was.
pub fn refused<G: Notation>(
    start: &G::Position,
    movetext: &str,
) -> Result<Option<usize>, TestCaseError> {
    let tokens = arbitre::record::movetext::tokens(movetext, 0).expect("tokens");
    let turns = G::parse(&tokens).expect("turns");
    let mut position = start.clone();
    for (index, turn) in turns.iter().enumerate() {
        let before = position.clone();
        if G::play(&mut position, turn, index).is_err() {
            prop_assert_eq!(&position, &before, "turn {} of\n{}", index, movetext);
            return Ok(Some(index));
        }
    }
    Ok(None)
}

/// Every play of a game, written as `write` writes it, parsed alone and
/// resolved against its position, gives back that play.
pub fn resolves<G: Notation>(
    start: &G::Position,
    plays: &[G::Play],
    write: impl Fn(&G::Position, &G::Play) -> String,
) -> Result<(), TestCaseError> {
    let mut position = start.clone();
    for (index, play) in plays.iter().enumerate() {
        let text = write(&position, play);
        let turn = arbitre::parse_turn::<G>(&text).expect("one turn");
        let resolved = G::resolve(&position, &turn, index);
        prop_assert_eq!(resolved.as_ref(), Ok(play), "{}", text);
        G::apply(&mut position, play);
    }
    Ok(())
}
