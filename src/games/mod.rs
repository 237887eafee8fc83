//! The games arbitre referees. This registry is the one place that lists
//! them; everything else reaches a game through [`AnyGame`].

mod duel;
pub mod puluc;
/// What a two-player game's position says for its turn labels to follow
/// (`duel::Label`), and its sides.
pub use duel::{Duellist, Seated};
pub mod simpei;
pub mod superpion;

use std::str::FromStr;
use std::sync::OnceLock;

use crate::replay::{AnyGame, Erased};

use crate::record::Switches;
use crate::rules::{self, Rule};
use crate::switches::{HouseSwitch, UnknownHouseSwitch};
use crate::text::edit_distance;

/// Every game, by its `game:` name: registering a game is a line here.
static GAMES: &[&dyn AnyGame] = &[
    &Erased::<superpion::Superpion>::new(),
    &Erased::<simpei::Simpei>::new(),
    &Erased::<puluc::Puluc>::new(),
];

/// Every game, by its `game:` name.
pub fn all() -> &'static [&'static dyn AnyGame] {
    GAMES
}

/// The `game:` names, in registry order.
pub fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| GAMES.iter().map(|g| g.name()).collect())
}

/// A header's `game` value, as a game's header type keeps it: the
/// registry's own name, borrowed, when it is written as the name is
/// (nearly every record, and the only `game` that reaches a game's header
/// from a file); the text as written otherwise. Read as a string is read,
/// so that a value of another kind is refused in the same words.
pub(crate) fn game_name<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<crate::game::Word, D::Error> {
    struct Name;
    impl serde::de::Visitor<'_> for Name {
        type Value = crate::game::Word;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a string")
        }
        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
            Ok(match names().iter().find(|name| **name == text) {
                Some(name) => crate::game::Word::Borrowed(name),
                None => crate::game::Word::Owned(text.to_string()),
            })
        }
    }
    deserializer.deserialize_string(Name)
}

/// The game a `game:` value names, in any case. Nearly every value (and
/// every report's) is the name itself: compared as it is first.
pub fn find(name: &str) -> Option<&'static dyn AnyGame> {
    let games = all().iter().copied();
    games.clone().find(|g| g.name() == name).or_else(|| {
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

// The whole list of rules and of house switches is the registry's, as it
// alone lists the games: asked of the types of `crate::rules` and
// `crate::switches`, answered here.

impl Rule {
    /// Every rule: the shared ones first, then each game's in registry order.
    pub fn all() -> impl Iterator<Item = &'static Rule> {
        rules::SHARED
            .iter()
            .chain(all().iter().flat_map(|game| game.rules().iter()))
    }

    /// The rule of an id, exactly as the reports write it.
    pub fn find(id: &str) -> Option<&'static Rule> {
        Rule::all().find(|rule| rule.id == id)
    }

    /// The rules a mistyped id may have meant, nearest first: the one within
    /// a few edits of it, or those whose name after the game is the id given
    /// (`occupied` for `simpei/occupied`).
    pub fn near(id: &str) -> Vec<&'static Rule> {
        let given = id.trim().to_ascii_lowercase();
        let bare: Vec<&'static Rule> = Rule::all()
            .filter(|r| r.id.rsplit('/').next() == Some(given.as_str()))
            .collect();
        if !bare.is_empty() {
            return bare;
        }
        // The nearer of the whole id and the name after the game.
        let distance = |r: &&'static Rule| {
            let bare = r.id.rsplit('/').next().unwrap_or(r.id);
            edit_distance(&given, r.id).min(edit_distance(&given, bare))
        };
        let limit = given.chars().count().max(3) / 4 + 1;
        let mut close: Vec<&'static Rule> = Rule::all().filter(|r| distance(r) <= limit).collect();
        close.sort_by_key(distance);
        close
    }
}

impl HouseSwitch {
    /// Every house rule of every game, each once, in registry order.
    pub fn all() -> Vec<HouseSwitch> {
        let mut known: Vec<HouseSwitch> = Vec::new();
        for rule in all().iter().flat_map(|g| g.switches()) {
            if !known.contains(rule) {
                known.push(*rule);
            }
        }
        known
    }

    /// The house rule named `name` (as written: names are lowercase), or an
    /// error naming the known ones.
    pub fn named(name: &str) -> Result<HouseSwitch, UnknownHouseSwitch> {
        let known = HouseSwitch::all();
        match known.iter().find(|rule| rule.as_str() == name) {
            Some(rule) => Ok(*rule),
            None => Err(UnknownHouseSwitch {
                name: name.to_string(),
                known,
            }),
        }
    }
}

impl FromStr for HouseSwitch {
    type Err = UnknownHouseSwitch;

    fn from_str(name: &str) -> Result<Self, UnknownHouseSwitch> {
        HouseSwitch::named(name)
    }
}

impl Switches {
    /// Switch the rule named `name` on or off; a name that is no house rule
    /// is an error naming the known ones, and changes nothing.
    pub fn set_named(&mut self, name: &str, on: bool) -> Result<HouseSwitch, UnknownHouseSwitch> {
        let rule = HouseSwitch::named(name)?;
        self.set(rule, on);
        Ok(rule)
    }
}
