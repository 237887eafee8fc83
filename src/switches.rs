//! House rules: the switches a game defines (Superpion's
//! `forgive-missed-captures`), set from a header's `rules` or the command
//! line. A [`HouseSwitch`] exists only as a game defines it, so a misspelt
//! name is an error when it is given, never a switch silently ignored.
//!
//! Here are the types; the list of every house rule is the registry's
//! (`src/games/mod.rs`), which alone lists the games: [`HouseSwitch::all`],
//! [`HouseSwitch::named`] and [`Switches::set_named`] are defined there.

use std::collections::BTreeMap;
use std::error::Error;
use std::fmt;

/// A house rule some game defines, by its name. Only the games make them:
/// [`HouseSwitch::named`] finds one by name, and each game lists its own in
/// [`RecordFormat::SWITCHES`](crate::RecordFormat::SWITCHES).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HouseSwitch(&'static str);

impl HouseSwitch {
    /// The rule a game defines under `name`.
    pub(crate) const fn new(name: &'static str) -> Self {
        HouseSwitch(name)
    }

    /// Its name, as headers and `--rule` write it.
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for HouseSwitch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// A name no game defines as a house rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownHouseSwitch {
    /// The name as given.
    pub name: String,
    /// The house rules there are.
    pub known: Vec<HouseSwitch>,
}

/// "`forgive-missed-capture` is not a house rule (known:
/// forgive-missed-captures)". The name is quoted as given: escape it
/// before printing it to a terminal.
impl fmt::Display for UnknownHouseSwitch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a house rule (", self.name)?;
        if self.known.is_empty() {
            f.write_str("no game has house rules")?;
        } else {
            let names: Vec<&str> = self.known.iter().map(|r| r.as_str()).collect();
            write!(f, "known: {}", names.join(", "))?;
        }
        f.write_str(")")
    }
}

impl Error for UnknownHouseSwitch {}

/// House rules switched on or off, beyond what a record's header says:
/// what `--rule` gives. A switch wins over the header's `rules`; a game
/// that does not define a rule is checked as if it were not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Switches(BTreeMap<HouseSwitch, bool>);

impl Switches {
    /// No switch: every record is checked as its header says.
    pub fn new() -> Self {
        Switches::default()
    }

    /// Switch `rule` on or off.
    pub fn set(&mut self, rule: HouseSwitch, on: bool) {
        self.0.insert(rule, on);
    }

    /// The same switches with `rule` switched on or off.
    pub fn with(mut self, rule: HouseSwitch, on: bool) -> Self {
        self.set(rule, on);
        self
    }

    /// Whether `rule` is switched on, off, or left to the header (`None`).
    pub fn get(&self, rule: HouseSwitch) -> Option<bool> {
        self.0.get(&rule).copied()
    }

    /// The rules switched, in the order of their names.
    pub fn keys(&self) -> impl Iterator<Item = HouseSwitch> + '_ {
        self.0.keys().copied()
    }

    /// The rules switched and how, in the order of their names.
    pub fn iter(&self) -> impl Iterator<Item = (HouseSwitch, bool)> + '_ {
        self.0.iter().map(|(rule, on)| (*rule, *on))
    }

    /// Whether no rule is switched.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::superpion::FORGIVE;

    #[test]
    fn a_house_rule_is_found_by_its_name_and_only_by_it() {
        assert_eq!(HouseSwitch::named("forgive-missed-captures"), Ok(FORGIVE));
        assert_eq!("forgive-missed-captures".parse(), Ok(FORGIVE));
        assert_eq!(HouseSwitch::all(), vec![FORGIVE]);
        let typo = HouseSwitch::named("forgive-missed-capture").unwrap_err();
        assert_eq!(
            typo.to_string(),
            "`forgive-missed-capture` is not a house rule (known: forgive-missed-captures)"
        );
        assert!(HouseSwitch::named("Forgive-Missed-Captures").is_err());
        assert!(HouseSwitch::named("").is_err());
    }

    #[test]
    fn an_unknown_name_switches_nothing() {
        let mut switches = Switches::new();
        assert!(switches.set_named("forgive", true).is_err());
        assert!(switches.is_empty());
        assert_eq!(
            switches.set_named("forgive-missed-captures", false),
            Ok(FORGIVE)
        );
        assert_eq!(switches.get(FORGIVE), Some(false));
        let on = switches.clone().with(FORGIVE, true);
        assert_eq!(on.iter().collect::<Vec<_>>(), vec![(FORGIVE, true)]);
        assert_eq!(Switches::new().get(FORGIVE), None);
    }

    #[test]
    fn with_no_house_rule_the_message_says_so() {
        let none = UnknownHouseSwitch {
            name: "x".into(),
            known: Vec::new(),
        };
        assert_eq!(
            none.to_string(),
            "`x` is not a house rule (no game has house rules)"
        );
    }
}
