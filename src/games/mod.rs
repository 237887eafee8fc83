//! The games arbitre referees. This registry is the one place that lists
//! them; everything else reaches a game through [`Referee`].

mod duel;
pub mod puluc;
pub mod simpei;
pub mod superpion;

use crate::replay::{Engine, Referee};
use crate::text::edit_distance;

static SIMPEI: Engine<simpei::Simpei> = Engine::new();
static PULUC: Engine<puluc::Puluc> = Engine::new();
static SUPERPION: Engine<superpion::Superpion> = Engine::new();

/// Every game, by its `game:` name.
pub fn all() -> [&'static dyn Referee; 3] {
    [&SUPERPION, &SIMPEI, &PULUC]
}

/// The `game:` names, in registry order.
pub fn names() -> [&'static str; 3] {
    all().map(|g| g.name())
}

/// The game a `game:` value names, in any case. Nearly every value (and
/// every report's) is the name itself: compared as it is first.
pub fn find(name: &str) -> Option<&'static dyn Referee> {
    let games = all();
    games.into_iter().find(|g| g.name() == name).or_else(|| {
        let name = name.trim();
        games
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
    })
}

/// "did you mean `simpei`?" for a near miss, else the list of games.
pub fn suggest(name: &str) -> String {
    let names = names();
    match names.iter().min_by_key(|n| edit_distance(name, n)) {
        Some(best) if edit_distance(name, best) <= 2 => format!("did you mean `{best}`?"),
        _ => format!(
            "the games are {}",
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
