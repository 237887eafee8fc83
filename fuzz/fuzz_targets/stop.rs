//! (b) `arbitre moves` and `arbitre show`: a record stopped at a chosen
//! turn (the first byte; 255 for the end), its diagram, legal turns and
//! picture.

#![no_main]

use arbitre::dispatch::stop;
use arbitre::{Reader, Switches};

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let Some((&turn, file)) = bytes.split_first() else {
        return;
    };
    let turn = (turn != u8::MAX).then_some(usize::from(turn));
    let switches = Switches::new();
    for record in Reader::new(file).take(4) {
        let Ok(record) = record else { break };
        if let Ok(stopped) = stop(&record, &switches, turn) {
            assert!(stopped.turn <= record.text.len());
            // The legal turns are built only when asked: as `moves` lists
            // them, each line at least one turn.
            let groups = stopped.legal.groups();
            assert!(stopped.legal.len() >= groups.len());
            assert_eq!(stopped.legal.is_empty(), groups.is_empty());
            // `show --format svg`: the picture draws whatever was written.
            assert!(stopped.picture.svg().ends_with("</svg>\n"));
        }
    }
});
