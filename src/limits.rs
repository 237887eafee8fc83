//! The input limits, in one place: how much of each kind of input a record
//! may hold before it is refused. How much of an input a message may quote
//! is [`text`](crate::text)'s. `docs/limits.md` lists them with their flags
//! and errors.

/// What one record may hold before it is refused. Every default is far
/// beyond any real record; each has a command-line flag to raise it
/// (`--max-record-bytes`, `--max-header-bytes`, `--max-header-brackets`,
/// `--max-token-bytes`). A refused record is malformed, with an error that
/// names the limit, its flag, and where it was broken.
///
/// The reader enforces `record_bytes`; it hands each [`Record`] over with
/// its limits, and [`check`] enforces the others on it.
///
/// [`Record`]: crate::Record
/// [`check`]: crate::check
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes a record (its header and movetext) may take
    /// (`--max-record-bytes`).
    pub record_bytes: usize,
    /// The most bytes a header (between its two `---` lines) may take,
    /// checked before it is parsed (`--max-header-bytes`).
    pub header_bytes: usize,
    /// The most `[` and `{` a header may hold, counted wherever they stand,
    /// checked before it is parsed (`--max-header-brackets`): what bounds how
    /// deep its flow collections nest, whatever quotes or comments say.
    pub header_brackets: usize,
    /// The most bytes a movetext token (a word between whitespace and
    /// comments) may take (`--max-token-bytes`). Comments are not tokens:
    /// they are bounded by the record alone.
    pub token_bytes: usize,
}

impl Limits {
    /// 8 MiB per record: a 10,000-turn game is about 100 KB.
    pub const DEFAULT_RECORD_BYTES: usize = 8 << 20;
    /// 64 KiB per header: the longest template, comments and all, is under
    /// 1 KB.
    pub const DEFAULT_HEADER_BYTES: usize = 64 << 10;
    /// 256 brackets per header: a Superpion or Puluc setup takes about ten.
    pub const DEFAULT_HEADER_BRACKETS: usize = 256;
    /// 1 KiB per token: the longest a legal turn can write is a Superpion
    /// capture chain, at most one jump per captured piece of the 80 squares
    /// (4 bytes each), about 330 bytes.
    pub const DEFAULT_TOKEN_BYTES: usize = 1 << 10;
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            record_bytes: Limits::DEFAULT_RECORD_BYTES,
            header_bytes: Limits::DEFAULT_HEADER_BYTES,
            header_brackets: Limits::DEFAULT_HEADER_BRACKETS,
            token_bytes: Limits::DEFAULT_TOKEN_BYTES,
        }
    }
}
