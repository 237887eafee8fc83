//! A hostile header the memory and limit tests share.

/// A Superpion header that anchors a string of `string` bytes, lists
/// `aliases` aliases of it, and repeats that list by alias in every other
/// setup list: small to read, large once its aliases are expanded.
pub fn aliased_header(string: usize, aliases: usize) -> String {
    let list = vec!["*s"; aliases].join(",");
    let mut header = format!(
        "game: superpion\nevent: &s {}\nsetup:\n  pieces:\n    blue: &l [{list}]\n",
        "x".repeat(string)
    );
    for key in ["red", "yellow", "black"] {
        header.push_str(&format!("    {key}: *l\n"));
    }
    header.push_str("  piles:\n");
    for key in ["blue", "red", "yellow", "black"] {
        header.push_str(&format!("    {key}: *l\n"));
    }
    header
}
