//! Words of messages that depend on a count: "1 piece", "2 pieces", never
//! "piece(s)".

/// `n` and the noun, singular for one, plural otherwise.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let mut words = String::with_capacity(21 + many.len());
    push_counted(&mut words, n, one, many);
    words
}

/// [`counted`] written at the end of `out`: pushed, not formatted, and
/// into the caller's string, as every verdict line counts its turns.
pub fn push_counted(out: &mut String, n: impl Into<u64>, one: &str, many: &str) {
    let n = n.into();
    out.push_str(itoa::Buffer::new().format(n));
    out.push(' ');
    out.push_str(if n == 1 { one } else { many });
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

/// [`turns`] written at the end of `out`.
pub fn push_turns(out: &mut String, n: usize) {
    push_counted(out, n as u64, "turn", "turns");
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
        let mut line = "red wins after ".to_string();
        push_turns(&mut line, 1);
        assert_eq!(line, "red wins after 1 turn");
        assert_eq!(counted_grouped(1, "turn", "turns"), "1 turn");
        assert_eq!(counted_grouped(143_640, "turn", "turns"), "143,640 turns");
    }
}
