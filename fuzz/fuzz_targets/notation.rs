//! (c) Each game's notation parser on its own (the first byte picks the
//! game); a turn it reads is then resolved against the start position.

#![no_main]

use arbitre::games::{puluc::Puluc, simpei::Simpei, superpion::Superpion};
use arbitre::{parse_turn, tokens, Notation};

fn read<G: Notation>(text: &str) {
    if let Ok(turn) = parse_turn::<G>(text) {
        if let Ok(position) = G::initial(None) {
            let mut played = position.clone();
            if G::play(&mut played, &turn, 0).is_err() {
                assert_eq!(played, position, "a refused turn changed the position");
            }
        }
    }
}

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let Some((&game, text)) = bytes.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let _ = tokens(text, 0);
    match game % 3 {
        0 => read::<Simpei>(text),
        1 => read::<Puluc>(text),
        _ => read::<Superpion>(text),
    }
});
