//! Short lists kept inline, so that checking a turn allocates nothing: the
//! squares of a capture (a few landings; a longer one moves to the heap)
//! and the actions of a turn (at most two).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// A list of copyable items, the first `N` inline (by default more than
/// any capture of an ordinary game lands on); past that, all on the heap.
/// Never empty: it starts from one item.
#[derive(Clone)]
pub struct Few<T: Copy, const N: usize = 16> {
    inline: [T; N],
    len: usize,
    /// Every item once there are more than fit inline; empty before.
    spilled: Vec<T>,
}

impl<T: Copy, const N: usize> Few<T, N> {
    /// A list of one.
    pub fn one(first: T) -> Few<T, N> {
        Few {
            inline: [first; N],
            len: 1,
            spilled: Vec::new(),
        }
    }

    /// The items of a non-empty slice; `None` for an empty one.
    pub fn of(items: &[T]) -> Option<Few<T, N>> {
        let (&first, rest) = items.split_first()?;
        let mut few = Few::one(first);
        for &item in rest {
            few.push(item);
        }
        Some(few)
    }

    /// Add an item at the end.
    pub fn push(&mut self, item: T) {
        if !self.spilled.is_empty() {
            self.spilled.push(item);
        } else if let Some(slot) = self.inline.get_mut(self.len) {
            *slot = item;
            self.len += 1;
        } else {
            self.spilled.extend_from_slice(&self.inline);
            self.spilled.push(item);
        }
    }
}

impl<T: Copy, const N: usize> Deref for Few<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        if self.spilled.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for Few<T, N> {
    fn eq(&self, other: &Few<T, N>) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq, const N: usize> Eq for Few<T, N> {}

impl<T: Copy + Hash, const N: usize> Hash for Few<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for Few<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a Few<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// At most two items, inline: the actions of a turn.
#[derive(Clone, PartialEq, Eq)]
pub struct Two<T> {
    items: [Option<T>; 2],
}

impl<T> Default for Two<T> {
    fn default() -> Two<T> {
        Two {
            items: [None, None],
        }
    }
}

impl<T> Two<T> {
    /// Add an item; `false` (and nothing added) when there are two already.
    pub fn push(&mut self, item: T) -> bool {
        match self.items.iter_mut().find(|slot| slot.is_none()) {
            Some(slot) => {
                *slot = Some(item);
                true
            }
            None => false,
        }
    }

    /// The items in order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.items.iter().flatten()
    }

    /// How many items there are: 0, 1 or 2.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }

    /// The item at `index`, if any.
    pub fn get(&self, index: usize) -> Option<&T> {
        self.items.get(index)?.as_ref()
    }
}

impl<T: fmt::Debug> fmt::Debug for Two<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, T> IntoIterator for &'a Two<T> {
    type Item = &'a T;
    type IntoIter = std::iter::Flatten<std::slice::Iter<'a, Option<T>>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_items_stay_inline_and_more_move_to_the_heap_in_order() {
        let mut few: Few<u8, 4> = Few::one(0);
        for n in 1..4 {
            few.push(n);
        }
        assert!(few.spilled.is_empty());
        assert_eq!(few.len(), 4);
        few.push(99);
        assert_eq!(few.len(), 5);
        assert_eq!(few.last(), Some(&99));
        assert_eq!(few[..3], [0, 1, 2]);
        assert_eq!(Few::of(&few), Some(few.clone()));
        assert_eq!(Few::<u8, 4>::of(&[]), None);
    }

    #[test]
    fn two_refuses_a_third() {
        let mut two = Two::default();
        assert!(two.is_empty());
        assert!(two.push('a'));
        assert!(two.push('b'));
        assert!(!two.push('c'));
        assert_eq!(two.len(), 2);
        assert_eq!(two.iter().collect::<String>(), "ab");
        assert_eq!(two.get(1), Some(&'b'));
        assert_eq!(two.get(2), None);
    }
}
