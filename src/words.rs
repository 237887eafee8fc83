//! Words of messages that depend on a count: "1 piece", "2 pieces", never
//! "piece(s)".

/// `n` and the noun, singular for one, plural otherwise.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    let noun = if n == 1 { one } else { many };
    // Pushed, not formatted: every verdict line counts its turns.
    let mut words = String::with_capacity(21 + noun.len());
    words.push_str(itoa::Buffer::new().format(n));
    words.push(' ');
    words.push_str(noun);
    words
}

/// As [`counted`], the thousands grouped: `143,647 legal turns`.
pub fn counted_grouped(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

pub use crate::text::grouped;

/// `n turns`, the count most reports give.
pub fn turns(n: usize) -> String {
    counted(n as u64, "turn", "turns")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(counted(0u32, "piece", "pieces"), "0 pieces");
        assert_eq!(counted(1u32, "piece", "pieces"), "1 piece");
        assert_eq!(counted(2u32, "piece", "pieces"), "2 pieces");
        assert_eq!(turns(1), "1 turn");
        assert_eq!(turns(12), "12 turns");
        assert_eq!(counted_grouped(1, "turn", "turns"), "1 turn");
        assert_eq!(counted_grouped(143_640, "turn", "turns"), "143,640 turns");
    }
}
