//! (c) Each game's notation parser on its own (the first byte picks the
//! game, in registry order); a turn it reads is then resolved against the
//! start position and played there: a refused turn leaves the position as
//! it was.

#![no_main]

use arbitre::record::movetext::tokens;
use arbitre::{check, games, Record, Switches};

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let Some((&game, text)) = bytes.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let _ = tokens(text, 0);
    let games = games::all();
    let game = games[usize::from(game) % games.len()];
    let switches = Switches::new();
    let start = Record::from_text(format!("---\ngame: {}\n---\n", game.name()));
    // Not one turn the notation reads.
    if game.resolve(&start, &switches, text).is_err() {
        return;
    }
    let played = Record::from_text(format!("---\ngame: {}\n---\n{text}\n", game.name()));
    let refused = check(&played, &switches)
        .violation
        .is_some_and(|v| v.turn_index == Some(0));
    if refused {
        assert_eq!(
            game.same_position(&start, &played, &switches),
            Ok(true),
            "a refused turn changed the position"
        );
    }
});
