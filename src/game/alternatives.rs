//! What was legal instead of a refused turn, kept typed until printed.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::{Mechanics, LISTED};

/// What was legal instead of a refused turn or claim, kept typed (the legal
/// plays themselves, say) until a report prints them. Things that are not
/// turns (a camp letter, a result) are listed as strings.
#[derive(Clone)]
pub struct Alternatives(Arc<dyn Listed>);

/// The first items of a list of displayable things and how many it holds,
/// their type erased.
trait Listed: Send + Sync {
    fn len(&self) -> usize;
    fn item(&self, index: usize) -> Option<&dyn fmt::Display>;
    fn as_any(&self) -> &dyn Any;
}

/// The first items of a list, and how many it holds in all.
struct Listing<P> {
    first: Vec<P>,
    total: usize,
}

impl<P: fmt::Display + Send + Sync + 'static> Listed for Listing<P> {
    fn len(&self) -> usize {
        self.total
    }

    fn item(&self, index: usize) -> Option<&dyn fmt::Display> {
        self.first.get(index).map(|p| p as &dyn fmt::Display)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Alternatives {
    /// Any list of displayable things, kept as it is.
    pub fn new<P: fmt::Display + Send + Sync + 'static>(items: Vec<P>) -> Self {
        let total = items.len();
        Alternatives::first(items, total)
    }

    /// The first items of a list of `total`: a list too long to build is
    /// counted, and only what a report prints is kept.
    pub fn first<P: fmt::Display + Send + Sync + 'static>(first: Vec<P>, total: usize) -> Self {
        Alternatives(Arc::new(Listing {
            total: total.max(first.len()),
            first,
        }))
    }

    /// The legal turns at `position`: the first [`LISTED`], and the count
    /// of all.
    pub fn legal<R: Mechanics>(position: &R::Position) -> Self {
        let (first, total) = R::legal_first(position, LISTED);
        Alternatives::first(first, total)
    }

    /// How many alternatives there are (kept or only counted).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nothing was legal.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Each alternative kept, as it prints.
    pub fn iter(&self) -> impl Iterator<Item = &dyn fmt::Display> + '_ {
        (0..self.len()).map_while(|i| self.0.item(i))
    }

    /// The alternatives kept, as a report prints them.
    pub fn to_strings(&self) -> Vec<String> {
        self.iter().map(ToString::to_string).collect()
    }

    /// The first [`LISTED`], as a report prints them.
    pub fn first_strings(&self) -> Vec<String> {
        self.iter().take(LISTED).map(ToString::to_string).collect()
    }

    /// The items kept, as their own type, when they are `P`s: all of them,
    /// or the first [`LISTED`] of the legal turns.
    pub fn plays<P: 'static>(&self) -> Option<&[P]> {
        let listing = self.0.as_any().downcast_ref::<Listing<P>>()?;
        Some(&listing.first)
    }
}

impl fmt::Debug for Alternatives {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_strings()).finish()
    }
}

/// Alternatives are equal when a report would print them alike: as many,
/// and the same ones kept.
impl PartialEq for Alternatives {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .zip(other.iter())
                .all(|(a, b)| a.to_string() == b.to_string())
    }
}

impl Eq for Alternatives {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternatives_keep_their_type_and_print_alike() {
        let numbers = Alternatives::new(vec![3u8, 14]);
        assert_eq!(numbers.len(), 2);
        assert_eq!(numbers.plays::<u8>(), Some(&[3u8, 14][..]));
        assert_eq!(numbers.plays::<String>(), None);
        assert_eq!(numbers.to_strings(), ["3", "14"]);
        assert_eq!(numbers, Alternatives::new(vec!["3", "14"]));
        assert_ne!(numbers, Alternatives::new(vec!["3"]));
        assert_eq!(format!("{numbers:?}"), r#"["3", "14"]"#);
        assert!(Alternatives::new(Vec::<String>::new()).is_empty());
    }

    #[test]
    fn alternatives_only_counted_are_listed_as_many_and_not_built() {
        let counted = Alternatives::first(vec![1u32, 2], 143_647);
        assert_eq!(counted.len(), 143_647);
        assert_eq!(counted.first_strings(), ["1", "2"]);
        assert_eq!(counted.plays::<u32>(), Some(&[1u32, 2][..]));
        assert_ne!(counted, Alternatives::new(vec![1u32, 2]));
        // A count below what is kept is no count.
        assert_eq!(Alternatives::first(vec![1u32, 2], 1).len(), 2);
    }
}
