//! Every rule arbitre can report, declared once: the ids that belong to no
//! game here, each game's in its own folder (`declared.rs`), reached through
//! the game registry. Reports and tools (SARIF's `tool.driver.rules`, the
//! docs tables) read them from [`Rule::all`] rather than keep their own
//! list: the registry (`src/games/mod.rs`) answers it, as it alone lists
//! the games.

use serde::Serialize;

/// What breaking a rule makes of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The record reads well, but a turn (or the header's claim about the
    /// game) breaks the rule: the record is illegal.
    Illegal,
    /// The record cannot be read or makes no sense: it is malformed.
    Malformed,
    /// A remark the replay goes on after; the record stays legal.
    Warning,
}

impl Kind {
    /// The kind in one word, as JSON writes it and the rules tables say it.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Illegal => "illegal",
            Kind::Malformed => "malformed",
            Kind::Warning => "warning",
        }
    }
}

/// A rule, as the reports name it.
#[derive(Debug, Serialize)]
pub struct Rule {
    /// The id the reports carry: `simpei/occupied`, or `header` for a rule
    /// of every game.
    pub id: &'static str,
    /// What breaking it makes of a record, when no house rule forgives it.
    pub kind: Kind,
    /// A house rule can turn it into a warning (Superpion's
    /// `forgive-missed-captures`).
    pub tolerable: bool,
    /// What breaks it, one line that reads alone.
    pub summary: &'static str,
    /// The rule told to a referee, with a record that breaks it: what
    /// `arbitre explain` prints.
    pub explanation: Option<&'static Explanation>,
}

/// Rules are one by their id, which the registry keeps unique.
impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.id == other.id
    }
}

impl Eq for Rule {}

/// A rule is written as its id.
impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

/// A rule told in plain words, with a record that breaks it and the same
/// record made legal: the way a referee settles a dispute about it.
#[derive(Debug, Serialize)]
pub struct Explanation {
    /// What the rule asks of a player, and why, in a few sentences.
    pub words: &'static str,
    /// Where the game's rules say so: the section of arbitre's rules page
    /// (`docs/rules/simpei.md#relocation`).
    pub source: &'static str,
    /// A short record that breaks this rule, and no rule before it.
    pub example: &'static str,
    /// The turn (0-based) the example breaks it at; `None` when the
    /// breach is not in a turn (the header, a claimed result).
    pub turn: Option<usize>,
    /// The example made legal by the smallest change.
    pub neighbour: &'static str,
}

impl Rule {
    /// A rule whose breach makes the record illegal.
    pub(crate) const fn illegal(id: &'static str, summary: &'static str) -> Self {
        Rule::declare(id, Kind::Illegal, false, summary)
    }

    /// An illegal rule that a house rule can turn into a warning.
    pub(crate) const fn tolerable(id: &'static str, summary: &'static str) -> Self {
        Rule::declare(id, Kind::Illegal, true, summary)
    }

    /// A rule whose breach makes the record malformed.
    pub(crate) const fn malformed(id: &'static str, summary: &'static str) -> Self {
        Rule::declare(id, Kind::Malformed, false, summary)
    }

    /// A remark that leaves the record legal.
    pub(crate) const fn warning(id: &'static str, summary: &'static str) -> Self {
        Rule::declare(id, Kind::Warning, false, summary)
    }

    const fn declare(id: &'static str, kind: Kind, tolerable: bool, summary: &'static str) -> Self {
        Rule {
            id,
            kind,
            tolerable,
            summary,
            explanation: None,
        }
    }

    /// The rule with its explanation.
    pub(crate) const fn explained(self, explanation: &'static Explanation) -> Self {
        Rule {
            explanation: Some(explanation),
            ..self
        }
    }
}

/// The header cannot be read, or makes no sense.
pub const HEADER: Rule = Rule::malformed("header", "the header cannot be read, or makes no sense")
    .explained(&Explanation {
        words: "The header, between the two `---` lines, must be YAML that arbitre can \
                read, with `game` and only the keys that game defines, each with a value \
                of the right kind. An unknown key, a wrong value, a key with nothing \
                after it, or `mode` or `rules` on a game without them makes the whole \
                record malformed, since a record must not claim what arbitre cannot \
                check; the message points at the key or value, with a \"did you mean\" \
                when a known key is close.",
        source: "docs/rules/record.md#the-header",
        example: "---\ngame: simpei\nevnt: Club night\n---\n1. c3\n",
        turn: None,
        neighbour: "---\ngame: simpei\nevent: Club night\n---\n1. c3\n",
    });
/// The setup cannot be read, or is no position of the game.
pub const SETUP: Rule = Rule::malformed(
    "setup",
    "the setup cannot be read, or is an impossible position",
)
.explained(&Explanation {
    words: "A `setup` in the header starts the game from a position given in full, \
            and that position must be able to stand on the board: its squares or \
            points exist, its piece counts are possible, and no piece stands where the \
            rules would already have changed it. A setup that cannot be read, in the \
            form its game's page gives, or that fails these checks makes the record \
            malformed before any turn is replayed; the message points at the entry.",
    source: "docs/rules/record.md#position-setups",
    example: "---\ngame: simpei\nsetup:\n  red: [b1]\n  blue: [d4]\n---\n1. e5\n",
    turn: None,
    neighbour: "---\ngame: simpei\nsetup:\n  red: [b2]\n  blue: [d4]\n---\n1. e5\n",
});
/// The record is not text, or its movetext is not notation.
pub const SYNTAX: Rule = Rule::malformed(
    "syntax",
    "the record is not readable text, or holds a token that is not notation",
)
.explained(&Explanation {
    words: "A record is UTF-8 text, and its movetext is made of the game's notation, \
            move numbers and comments only. A token that is not notation (a Puluc \
            throw of 6, `e5xc5` in Simpei), a comment left open, bytes that are not \
            UTF-8, or a record longer than the limit make the record malformed. The \
            whole record is read before any turn is replayed, so this is reported \
            even when an illegal turn comes earlier.",
    source: "docs/rules/record.md#the-movetext",
    example: "---\ngame: puluc\n---\n1. 6:e\n",
    turn: None,
    neighbour: "---\ngame: puluc\n---\n1. 5:e\n",
});
/// The header's `result` is not the game's.
pub const RESULT_MISMATCH: Rule = Rule::illegal(
    "result-mismatch",
    "the header's result key differs from the result of the game",
)
.explained(&Explanation {
    words: "The header's `result` is what the players claim; arbitre replays the game \
            and compares. A different result, a winner claimed for an unfinished game, \
            or `none` for a game that was won makes the record illegal, and the message \
            shows both. It is checked after the last turn and belongs to no turn. A game \
            decided off the board (`end: resignation`, `time-forfeit`, `forfeit`, \
            `adjudication`) is not compared: its `result` is the result.",
    source: "docs/rules/record.md#what-arbitre-reports",
    example: "---\ngame: simpei\nresult: blue\n---\n1. c3 d6\n2. a1 f2\n3. e5\n",
    turn: None,
    neighbour: "---\ngame: simpei\nresult: red\n---\n1. c3 d6\n2. a1 f2\n3. e5\n",
});
/// A referee bug reported rather than panicked on: a turn accepted as
/// legal that no legal turn matches.
pub const UNMATCHED_TURN: Rule = Rule::illegal(
    "unmatched-turn",
    "a turn accepted as legal leads where no legal turn leads (a referee bug)",
)
.explained(&Explanation {
    words: "This is a fault of arbitre's, not the player's: a turn it accepted as \
            legal could not be matched with any legal turn of the position. Rather \
            than crash, arbitre reports the record as illegal at that turn, and that \
            verdict should not be relied on. Please report it as a bug of arbitre's, \
            with the record attached.",
    source: "docs/rules/record.md#what-arbitre-reports",
    example: "",
    turn: None,
    neighbour: "",
});

/// The rules that belong to no game, in the order [`Rule::all`] gives them
/// first.
pub(crate) const SHARED: &[Rule] = &[HEADER, SETUP, SYNTAX, RESULT_MISMATCH, UNMATCHED_TURN];

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::games;

    #[test]
    fn ids_are_declared_once() {
        let mut seen = BTreeSet::new();
        for rule in Rule::all() {
            assert!(seen.insert(rule.id), "{} is declared twice", rule.id);
        }
        assert_eq!(seen.len(), 59);
    }

    #[test]
    fn each_game_declares_its_own_ids_only() {
        for game in games::all() {
            let prefix = format!("{}/", game.name());
            assert!(!game.rules().is_empty(), "{} declares no rule", game.name());
            for rule in game.rules() {
                let name = rule.id.strip_prefix(&prefix);
                assert!(
                    name.is_some_and(
                        |n| !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                    ),
                    "{} declares {}",
                    game.name(),
                    rule.id
                );
            }
        }
        for rule in SHARED {
            assert!(!rule.id.contains('/'), "{} is a game's id", rule.id);
        }
    }

    #[test]
    fn summaries_are_one_short_line() {
        for rule in Rule::all() {
            let summary = rule.summary;
            assert!(
                !summary.is_empty()
                    && summary.len() <= 90
                    && !summary.contains('\n')
                    && !summary.ends_with('.'),
                "{}: {summary:?}",
                rule.id
            );
        }
    }

    #[test]
    fn only_illegal_rules_are_tolerable() {
        for rule in Rule::all().filter(|r| r.tolerable) {
            assert_eq!(rule.kind, Kind::Illegal, "{}", rule.id);
        }
        let forgiven = ["superpion/mandatory-capture", "superpion/maximum-capture"];
        let tolerable: Vec<_> = Rule::all().filter(|r| r.tolerable).map(|r| r.id).collect();
        assert_eq!(tolerable, forgiven);
    }

    #[test]
    fn found_by_exact_id() {
        assert_eq!(Rule::find("header").map(|r| r.kind), Some(Kind::Malformed));
        assert_eq!(
            Rule::find("simpei/occupied").map(|r| r.id),
            Some("simpei/occupied")
        );
        assert_eq!(
            Rule::find("superpion/blocking").map(|r| r.kind),
            Some(Kind::Warning)
        );
        assert!(Rule::find("occupied").is_none());
        assert!(Rule::find("Simpei/occupied").is_none());
        assert!(Rule::find("simpei/occupied ").is_none());
        assert!(Rule::find("").is_none());
    }

    #[test]
    fn near_misses_find_the_rule_meant() {
        let ids = |id: &str| Rule::near(id).iter().map(|r| r.id).collect::<Vec<_>>();
        assert_eq!(ids("simpei/ocupied"), ["simpei/occupied"]);
        assert_eq!(ids("Simpei/Occupied"), ["simpei/occupied"]);
        assert_eq!(ids("maximum-capture"), ["superpion/maximum-capture"]);
        let occupied = ids("occupied");
        assert!(
            occupied.contains(&"simpei/occupied") && occupied.len() > 1,
            "{occupied:?}"
        );
        assert_eq!(ids("headr"), ["header"]);
        assert_eq!(
            ids("ocupied")[..2],
            ["superpion/occupied", "simpei/occupied"]
        );
        assert!(ids("nothing-like-a-rule").is_empty());
    }

    #[test]
    fn shared_first_then_games_in_registry_order() {
        let order: Vec<&str> = Rule::all()
            .map(|r| r.id.split_once('/').map_or("", |(game, _)| game))
            .collect();
        let mut runs = order.clone();
        runs.dedup();
        assert_eq!(runs, ["", "superpion", "simpei", "puluc"]);
    }
}
