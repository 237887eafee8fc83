//! The movetext tokenizer shared by all notations: whitespace and comments
//! separate tokens; what a token means is each game's notation.

use nom::IResult;

use crate::limits::Limits;
use crate::span::Span;
use crate::text::{grouped, quote};

/// What a notation's nom parsers run on: the rest of a token. Every input
/// is a suffix of its token's text, so where a piece was written follows
/// from lengths alone ([`offset_of`]), with nothing counted along the way.
pub type Input<'a> = &'a str;

/// A whitespace-separated word of the movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token as written.
    pub text: &'a str,
    /// Where, in the record's text.
    pub span: Span,
}

/// An annotation glyph, as chess records write them: it may end an action
/// token, and the rules never read it; `fmt` keeps it where it stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!`: a good action.
    Good,
    /// `?`: a mistake.
    Mistake,
    /// `!!`: a brilliant action.
    Brilliant,
    /// `??`: a blunder.
    Blunder,
    /// `!?`: an interesting action.
    Interesting,
    /// `?!`: a dubious action.
    Dubious,
}

impl Glyph {
    /// Every glyph, as written.
    pub const ALL: [Glyph; 6] = [
        Glyph::Good,
        Glyph::Mistake,
        Glyph::Brilliant,
        Glyph::Blunder,
        Glyph::Interesting,
        Glyph::Dubious,
    ];

    /// The glyph as written.
    pub fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }

    /// The glyph written `text`, when it is one.
    pub fn read(text: &str) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.as_str() == text)
    }

    /// The glyph a well-formed token ends with (`c5!?`), if any.
    pub fn ending(token: &str) -> Option<Glyph> {
        let run = token
            .bytes()
            .rev()
            .take_while(|b| matches!(b, b'!' | b'?'))
            .count();
        Glyph::read(&token[token.len() - run..])
    }
}

impl std::fmt::Display for Glyph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What every refused glyph's help says.
const GLYPHS: &str = "an action may end with one annotation glyph: `!`, `?`, `!!`, `??`, `!?` or `?!` (`c5!`, `3:4-7?!`)";

/// A token a notation could not read, when it ends with `!` or `?`: the
/// token without its glyph, for the notation to read again (the glyph
/// belongs to it and no rule reads it), or why it is malformed (a run that
/// is no glyph, a glyph alone or after a move number); `None` for a token
/// without one. Called on a notation's way to refusing a token, never on
/// the path a token it reads takes: glyphs cost nothing where none is
/// written.
#[cold]
#[inline(never)]
pub fn split_glyph<'a>(token: &Token<'a>) -> Option<Result<Token<'a>, SyntaxError>> {
    let text = token.text;
    if !matches!(text.as_bytes().last(), Some(b'!' | b'?')) {
        return None;
    }
    Some(glyphed(text, token.span.offset))
}

/// [`split_glyph`] of the token `text` at `offset`, which ends in `!` or
/// `?`.
fn glyphed(text: &str, offset: usize) -> Result<Token<'_>, SyntaxError> {
    let bytes = text.as_bytes();
    let run = bytes
        .iter()
        .rev()
        .take_while(|b| matches!(b, b'!' | b'?'))
        .count();
    let start = bytes.len() - run;
    let (action, marks) = text.split_at(start);
    let at = Span::new(offset + start, run);
    let Some(glyph) = Glyph::read(marks) else {
        // A run may be as long as the token: quoted short.
        return Err(
            SyntaxError::new(format!("`{}` is not an annotation glyph", quote(marks)), at)
                .with_help(GLYPHS),
        );
    };
    if action.is_empty() {
        return Err(SyntaxError::new(
            format!("the glyph `{glyph}` stands alone: a glyph ends the action it annotates"),
            at,
        )
        .with_help(format!(
            "write the glyph right after the action, with no space: `c5{glyph}`"
        )));
    }
    if action.ends_with('.') {
        return Err(SyntaxError::new(
            format!("the glyph `{glyph}` follows a move number: a glyph ends an action"),
            at,
        )
        .with_help(format!(
            "write the glyph after the action: `{action} c5{glyph}`"
        )));
    }
    Ok(Token {
        text: action,
        span: Span::new(offset, start),
    })
}

/// A token (or part of one) that is not notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong, in one sentence.
    pub message: String,
    /// Where, in the record's text.
    pub span: Span,
    /// What was expected there.
    pub help: Option<String>,
}

impl SyntaxError {
    /// A syntax error at `span`.
    pub fn new(message: impl Into<String>, span: Span) -> Self {
        SyntaxError {
            message: message.into(),
            span,
            help: None,
        }
    }

    /// With a hint of what was expected.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// What an ASCII byte is to the tokenizer: looked up, not compared, as
/// every byte of every movetext goes through here.
const BLANK: u8 = 1;
/// A byte that ends a token: whitespace, a brace or `;`.
const STOP: u8 = 2;
/// A byte of a multi-byte character: decoded to be told apart.
const WIDE: u8 = 4;

/// The class of every byte.
static CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c => BLANK | STOP,
            b'{' | b'}' | b';' => STOP,
            0x80.. => WIDE,
            _ => 0,
        };
        b += 1;
    }
    class
};

/// Whether `byte` is an ASCII blank, which the tokenizer steps over
/// between tokens.
#[inline(always)]
pub(crate) fn blank(byte: u8) -> bool {
    CLASS[usize::from(byte)] & BLANK != 0
}

/// Whether a token of `b` ending at `end` ends there as the tokenizer
/// ends it: at an ASCII blank or the text's end (for a notation reading
/// its plain tokens, anything else is the tokenizer's to read).
#[inline(always)]
pub(crate) fn ends_token(b: &[u8], end: usize) -> bool {
    b.get(end).map_or(end == b.len(), |&byte| blank(byte))
}

/// The length of the whitespace character at `i`, if there is one there:
/// ASCII whitespace, or any Unicode whitespace (a no-break space, say).
#[inline]
fn space_at(text: &str, i: usize) -> Option<usize> {
    let class = CLASS[usize::from(text.as_bytes()[i])];
    if class & BLANK != 0 {
        return Some(1);
    }
    match class & WIDE {
        0 => None,
        _ => wide_space_at(text, i),
    }
}

/// The length of the multi-byte whitespace character at `i`, if the
/// character there is one.
fn wide_space_at(text: &str, i: usize) -> Option<usize> {
    text.get(i..)?
        .chars()
        .next()
        .filter(|c| c.is_whitespace())
        .map(char::len_utf8)
}

/// Split a movetext (which starts at `offset` in the file) into tokens,
/// none longer than the default limit ([`Limits::DEFAULT_TOKEN_BYTES`]).
/// A plain scan: this runs over every byte of every record, and the
/// separators are too simple to need a parser.
pub fn tokens(movetext: &str, offset: usize) -> Result<Vec<Token<'_>>, SyntaxError> {
    tokens_within(movetext, offset, Limits::DEFAULT_TOKEN_BYTES)
}

/// [`tokens`], refusing a token longer than `limit` bytes, all at once.
pub(crate) fn tokens_within(
    movetext: &str,
    offset: usize,
    limit: usize,
) -> Result<Vec<Token<'_>>, SyntaxError> {
    Tokens::within(movetext, offset, limit).collect()
}

/// The tokens of a movetext one at a time, so that a long record is never
/// held as tokens: what the replay reads. Refuses a token longer than its
/// limit. Comments (`{ ... }`, `;` to the end of the line) are skipped
/// whatever their length: they are found with one scan each, quoted by no
/// message, and bounded by the record's own limit. After an error it ends.
pub struct Tokens<'a> {
    movetext: &'a str,
    offset: usize,
    limit: usize,
    at: usize,
}

impl<'a> Tokens<'a> {
    /// The tokens of `movetext`, which starts at `offset` in the file, none
    /// longer than `limit` bytes.
    pub fn within(movetext: &'a str, offset: usize, limit: usize) -> Self {
        Tokens {
            movetext,
            offset,
            limit,
            at: 0,
        }
    }

    /// Hand back `error`; nothing is read after it.
    fn fail(&mut self, error: SyntaxError) -> Option<Result<Token<'a>, SyntaxError>> {
        self.at = self.movetext.len();
        Some(Err(error))
    }

    /// What stands at `i`, a byte the table does not settle (a brace, a
    /// `;`, a multi-byte character): kept out of the loop every token goes
    /// through, as nearly no movetext holds one.
    #[cold]
    #[inline(never)]
    fn unusual(&self, i: usize) -> Unusual {
        let (movetext, offset) = (self.movetext, self.offset);
        match movetext.as_bytes()[i] {
            b'{' => match movetext[i..].find('}') {
                Some(close) => Unusual::Skip(i + close + 1),
                None => Unusual::Fail(
                    SyntaxError::new("this comment is never closed", Span::new(offset + i, 1))
                        .with_help("close the comment with `}` (comments do not nest)"),
                ),
            },
            b'}' => Unusual::Fail(
                SyntaxError::new("`}` closes no comment", Span::new(offset + i, 1)).with_help(
                    "comments are `{ ... }` and do not nest, or `;` to the end of the line",
                ),
            ),
            b';' => Unusual::Skip(
                movetext[i..]
                    .find('\n')
                    .map_or(movetext.len(), |end| i + end + 1),
            ),
            _ => match wide_space_at(movetext, i) {
                Some(len) => Unusual::Skip(i + len),
                None => Unusual::Token,
            },
        }
    }
}

/// The movetext a [`Tokens`] has not read yet: what a notation may read
/// straight off the bytes, a plain turn at a time, before it goes back to
/// tokens (a notation's `TurnReading::plain`).
#[derive(Clone, Copy, Debug)]
pub struct Rest<'a> {
    /// The text from the next byte to read, at a character's start.
    pub text: &'a str,
    /// Where it starts in the record's text.
    pub offset: usize,
    /// The longest token allowed, in bytes.
    pub limit: usize,
}

/// Where a notation's turns are read from: tokens one at a time, and, from
/// the record's own text, the text not read yet, for the notation to read
/// its plain turns off the bytes. A list of tokens offers no text.
pub trait TokenSource<'a>: Iterator<Item = Result<Token<'a>, SyntaxError>> {
    /// The text not read yet, when the tokens are read from one.
    fn rest(&self) -> Option<Rest<'a>> {
        None
    }

    /// Step over the first `len` bytes of [`TokenSource::rest`]: read by
    /// the notation as the tokens would have read them.
    fn step_over(&mut self, len: usize) {
        let _ = len;
    }
}

impl<'a> TokenSource<'a> for Tokens<'a> {
    #[inline(always)]
    fn rest(&self) -> Option<Rest<'a>> {
        Some(Rest {
            text: self.movetext.get(self.at..)?,
            offset: self.offset + self.at,
            limit: self.limit,
        })
    }

    #[inline(always)]
    fn step_over(&mut self, len: usize) {
        self.at = (self.at + len).min(self.movetext.len());
    }
}

/// Tokens given one by one, with no text behind them: a list a program
/// made, or tokens already read.
pub struct Given<I>(pub I);

impl<'a, I: Iterator<Item = Result<Token<'a>, SyntaxError>>> Iterator for Given<I> {
    type Item = Result<Token<'a>, SyntaxError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

impl<'a, I: Iterator<Item = Result<Token<'a>, SyntaxError>>> TokenSource<'a> for Given<I> {}

/// What [`Tokens::unusual`] found.
enum Unusual {
    /// A comment or a wide space, to be stepped over up to here.
    Skip(usize),
    /// A token starts here.
    Token,
    /// Malformed.
    Fail(SyntaxError),
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Result<Token<'a>, SyntaxError>;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        let bytes = self.movetext.as_bytes();
        let mut i = self.at;
        // ASCII blanks, nearly every separator, are told by the table alone.
        loop {
            let Some(&byte) = bytes.get(i) else {
                self.at = i;
                return None;
            };
            let class = CLASS[usize::from(byte)];
            if class == 0 {
                break;
            }
            if class & BLANK != 0 {
                i += 1;
                continue;
            }
            match self.unusual(i) {
                Unusual::Skip(next) => i = next,
                Unusual::Token => break,
                Unusual::Fail(error) => return self.fail(error),
            }
        }
        let start = i;
        let end = token_end(self.movetext, i);
        if end - start > self.limit {
            let error = too_long(&self.movetext[start..end], self.offset + start, self.limit);
            return self.fail(error);
        }
        self.at = end;
        Some(Ok(Token {
            text: &self.movetext[start..end],
            span: Span::new(self.offset + start, end - start),
        }))
    }
}

/// A comment of a movetext, as `arbitre fmt` keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Comment<'a> {
    /// `{ ... }` whole, or `; ...` without its line ending and the blanks
    /// before it.
    pub(crate) text: &'a str,
    /// Where it starts, in the record's text.
    pub(crate) offset: usize,
    /// Only blanks stand before it on its line.
    pub(crate) own_line: bool,
    /// A `;` comment, which runs to the end of its line.
    pub(crate) ends_line: bool,
}

/// The comments of a well-formed movetext, in order, found by the scan
/// [`Tokens`] makes; tokens are stepped over. Once it is done, `last_end`
/// is where the last token or comment ends: what follows is blank.
pub(crate) struct Comments<'a> {
    movetext: &'a str,
    offset: usize,
    at: usize,
    /// A token or a comment stands on the line read, before `at`.
    written_on_line: bool,
    /// Where the last token or comment ends, in the movetext.
    pub(crate) last_end: usize,
}

impl<'a> Comments<'a> {
    /// The comments of `movetext`, which starts at `offset` in the file.
    pub(crate) fn of(movetext: &'a str, offset: usize) -> Self {
        Comments {
            movetext,
            offset,
            at: 0,
            written_on_line: false,
            last_end: 0,
        }
    }

    /// The line ends after the last token or comment (a `;` comment's
    /// own included).
    pub(crate) fn trailing_line_ends(&self) -> usize {
        self.movetext
            .get(self.last_end..)
            .map_or(0, |rest| rest.matches('\n').count())
    }
}

impl<'a> Iterator for Comments<'a> {
    type Item = Comment<'a>;

    fn next(&mut self) -> Option<Comment<'a>> {
        let movetext = self.movetext;
        let bytes = movetext.as_bytes();
        let mut i = self.at;
        while i < bytes.len() {
            if let Some(len) = space_at(movetext, i) {
                if bytes[i] == b'\n' {
                    self.written_on_line = false;
                }
                i += len;
                continue;
            }
            let own_line = !self.written_on_line;
            self.written_on_line = true;
            let (end, ends_line) = match bytes[i] {
                // Unclosed: not a well-formed movetext, and nothing to keep.
                b'{' => (i + movetext[i..].find('}')? + 1, false),
                b'}' => return None,
                b';' => {
                    let line = movetext[i..].find('\n').map_or(bytes.len(), |end| i + end);
                    (i + movetext[i..line].trim_end().len(), true)
                }
                _ => {
                    i = token_end(movetext, i);
                    self.last_end = i;
                    continue;
                }
            };
            self.at = end;
            self.last_end = end;
            return Some(Comment {
                text: &movetext[i..end],
                offset: self.offset + i,
                own_line,
                ends_line,
            });
        }
        self.at = i;
        None
    }
}

/// The error of a token past the limit: its start quoted, its length and
/// the limit's flag named.
fn too_long(text: &str, offset: usize, limit: usize) -> SyntaxError {
    SyntaxError::new(
        format!(
            "the token `{}` is {} bytes, more than the limit of {} (--max-token-bytes)",
            quote(text),
            grouped(text.len()),
            grouped(limit)
        ),
        Span::new(offset, text.len()),
    )
    .with_help("no notation writes a token this long; raise the limit with --max-token-bytes")
}

/// Where the token starting at `i` ends: at whitespace, a comment or a
/// brace. ASCII bytes are told apart without decoding a character.
#[inline(always)]
fn token_end(text: &str, mut i: usize) -> usize {
    let bytes = text.as_bytes();
    // Eight bytes at a time while eight are left: a token is short, and
    // its end found by arithmetic costs no mispredicted branch a byte.
    // The first byte that may end it (a blank, a control byte, a brace,
    // `;` or a byte of a wider character) is then told by the table.
    while let Some(word) = bytes.get(i..i + 8) {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(word);
        let suspects = may_end(u64::from_le_bytes(eight));
        if suspects == 0 {
            i += 8;
            continue;
        }
        let at = i + (suspects.trailing_zeros() / 8) as usize;
        if CLASS[usize::from(bytes[at])] & (BLANK | STOP) != 0 {
            return at;
        }
        // A control byte, part of the token, or a wider character: the
        // byte loop below decides from there.
        i = at;
        break;
    }
    while let Some(&b) = bytes.get(i) {
        let class = CLASS[usize::from(b)];
        if class == 0 {
            i += 1;
        } else if class & WIDE == 0 {
            break;
        } else {
            match text[i..].chars().next() {
                Some(c) if !c.is_whitespace() => i += c.len_utf8(),
                _ => break,
            }
        }
    }
    i
}

/// The high bit of each byte of `word` that may end a token (below `!`,
/// at or above 0x80, `{`, `}` or `;`), exact for the lowest one flagged:
/// the borrow of a subtraction only runs upwards, past the first true one.
#[inline(always)]
fn may_end(word: u64) -> u64 {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    fn zero_bytes(x: u64) -> u64 {
        x.wrapping_sub(ONES) & !x & HIGH
    }
    let below_bang = word.wrapping_sub(ONES * 0x21) & !word & HIGH;
    let wide = word & HIGH;
    let open = zero_bytes(word ^ (ONES * u64::from(b'{')));
    let close = zero_bytes(word ^ (ONES * u64::from(b'}')));
    let semicolon = zero_bytes(word ^ (ONES * u64::from(b';')));
    below_bang | wide | open | close | semicolon
}

/// A number as notation writes it: any run of ASCII digits, however long.
/// No game has a square, point, throw or move number past `u32::MAX`, so a
/// longer number is kept only as far as a message needs it: what it names
/// is the rules' business (no such square), not the grammar's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numeral {
    /// A number that fits a `u32`.
    Value(u32),
    /// A number past `u32::MAX`: its first digits, how many characters it
    /// is written with, and the leading zeros written before them, for a
    /// message to quote it as written (whole when it has at most
    /// [`Numeral::LEAD_DIGITS`] characters). Sixteen bytes, as every square
    /// of every turn holds a numeral.
    TooLarge {
        /// Its first [`Numeral::LEAD_DIGITS`] significant digits.
        lead: u64,
        /// How many characters it is written with, leading zeros included
        /// (counted up to `u32::MAX`: a token that long needs a token limit
        /// past 4 GiB).
        written: u32,
        /// How many zeros were written before its digits, counted up to
        /// [`Numeral::LEAD_DIGITS`]: as many as a message shows.
        zeros: u8,
    },
}

impl Numeral {
    /// How many first digits of a too large number are kept: as many as
    /// a `u64` always holds.
    pub const LEAD_DIGITS: usize = 19;

    /// The value, when the number fits a `u32`.
    pub fn value(self) -> Option<u32> {
        match self {
            Numeral::Value(value) => Some(value),
            Numeral::TooLarge { .. } => None,
        }
    }

    /// A run of ASCII digits read: `None` when it is empty or holds a byte
    /// that is no ASCII digit. Work is one pass over the digits.
    pub fn read(digits: &[u8]) -> Option<Numeral> {
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        if let Some(value) = value_of(digits) {
            return Some(Numeral::Value(value));
        }
        let significant = digits
            .iter()
            .position(|&d| d != b'0')
            .map_or(&[][..], |at| &digits[at..]);
        let lead = significant
            .iter()
            .take(Self::LEAD_DIGITS)
            .fold(0u64, |value, &d| value * 10 + u64::from(d - b'0'));
        let zeros = (digits.len() - significant.len()).min(Self::LEAD_DIGITS);
        Some(Numeral::TooLarge {
            lead,
            written: u32::try_from(digits.len()).unwrap_or(u32::MAX),
            zeros: u8::try_from(zeros).unwrap_or(u8::MAX),
        })
    }
}

/// `42`, or `1234567890123456789… (200 digits)` for a number too long to
/// print whole.
impl std::fmt::Display for Numeral {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Numeral::Value(value) => write!(f, "{value}"),
            Numeral::TooLarge {
                lead,
                written,
                zeros,
            } => {
                // As written: the zeros, then the digits, cut after
                // LEAD_DIGITS characters.
                let shown_zeros = usize::from(*zeros).min(Self::LEAD_DIGITS);
                let lead = lead.to_string();
                let shown = lead.get(..Self::LEAD_DIGITS - shown_zeros).unwrap_or(&lead);
                write!(f, "{}{shown}", "0".repeat(shown_zeros))?;
                let written = *written as usize;
                if written > Self::LEAD_DIGITS {
                    write!(f, "… ({} digits)", grouped(written))?;
                }
                Ok(())
            }
        }
    }
}

/// Digits and the number they write, of any length. Every square and throw
/// goes through here, so the digits are read once, as bytes, rather than
/// found by `digit1` and then parsed.
pub fn natural(input: Input) -> IResult<Input, (Input, Numeral)> {
    let len = input.bytes().take_while(u8::is_ascii_digit).count();
    let (digits, rest) = input.split_at(len);
    match Numeral::read(digits.as_bytes()) {
        Some(number) => Ok((rest, (digits, number))),
        None => Err(digit_error(input)),
    }
}

/// The value of a run of ASCII digits, when it is one and fits a `u32`:
/// the notations' byte paths read their few digits with it.
pub fn value_of(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u32, |value, &b| {
        let digit = b.is_ascii_digit().then(|| u32::from(b - b'0'))?;
        value.checked_mul(10)?.checked_add(digit)
    })
}

fn digit_error(input: Input) -> nom::Err<nom::error::Error<Input>> {
    nom::Err::Error(nom::error::Error::new(input, nom::error::ErrorKind::Digit))
}

/// A game's notation read a token at a time into its turns, each built
/// where it is kept and lent on once whole (`Notation::parse_lent`): what a
/// token holds is written into the turn where it is read, as a value moved
/// just after it is made is read back before it is stored, a stall at
/// every token.
pub(crate) trait TurnReading {
    type Turn;

    /// One token: its common shapes read straight off its bytes, the rest
    /// by the game's parsers; `fast: false` reads it by the parsers alone,
    /// for the tests that compare both ways.
    fn read(&mut self, token: &Token<'_>, fast: bool) -> Result<(), SyntaxError>;

    /// The movetext's end: the last turn, whole.
    fn end(self) -> Result<Option<Self::Turn>, SyntaxError>;

    /// Whether the notation reads plain turns off the text
    /// ([`TurnReading::plain`]).
    const PLAIN: bool = false;

    /// Read, from the start of `rest`, the tokens of the plainest shapes,
    /// straight off the bytes and each as [`TurnReading::read`] would, up
    /// to the first token of any other shape: how many bytes were read.
    /// Tokens read this way are the ones the tokenizer would have made,
    /// and go where `read` would have put them, so that stopping at any
    /// token leaves the reading as the tokens would have left it.
    fn plain(&mut self, rest: Rest<'_>) -> Result<usize, SyntaxError> {
        let _ = rest;
        Ok(0)
    }
}

/// Every token read by `reading`, then the end; the first error ends it.
/// Where the notation reads plain turns off the text, it reads them
/// before each token the tokenizer reads.
#[inline(always)]
pub(crate) fn read_turns<'a, R: TurnReading>(
    mut reading: R,
    mut tokens: impl TokenSource<'a>,
    fast: bool,
) -> Result<Option<R::Turn>, SyntaxError> {
    loop {
        if R::PLAIN && fast {
            if let Some(rest) = tokens.rest() {
                let read = reading.plain(rest)?;
                tokens.step_over(read);
            }
        }
        let Some(token) = tokens.next() else {
            break;
        };
        reading.read(&token?, fast)?;
    }
    reading.end()
}

/// Run a notation parser on a whole token; `None` when it does not match all
/// of it.
pub fn parse_whole<'a, T>(
    token: &Token<'a>,
    mut parser: impl FnMut(Input<'a>) -> IResult<Input<'a>, T>,
) -> Option<T> {
    match parser(token.text) {
        Ok(("", value)) => Some(value),
        _ => None,
    }
}

/// The file offset where `rest`, a suffix of the token's text (any input a
/// parser was given or left), starts.
pub fn offset_of(token: &Token, rest: Input) -> usize {
    token.span.offset + token.text.len().saturating_sub(rest.len())
}

/// The file span of a piece that a parser recognised inside a token (the
/// digits `natural` returns, say).
pub fn span_in(token: &Token, piece: Input) -> Span {
    let inside = (piece.as_ptr() as usize).saturating_sub(token.text.as_ptr() as usize);
    Span::new(token.span.offset + inside, piece.len())
}

/// The file span from where `input` starts to where `rest` starts, both
/// suffixes of the token's text: what a parser consumed.
pub fn consumed(token: &Token, input: Input, rest: Input) -> Span {
    Span::new(
        offset_of(token, input),
        input.len().saturating_sub(rest.len()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(movetext: &str) -> Vec<&str> {
        tokens(movetext, 0)
            .unwrap()
            .iter()
            .map(|t| t.text)
            .collect()
    }

    #[test]
    fn comments_and_whitespace_separate_tokens() {
        assert_eq!(
            texts("1. c5 {a\ncomment} f4;rest\r\n\t2.f2{x}b2"),
            ["1.", "c5", "f4", "2.f2", "b2"]
        );
        assert!(texts("  ; only a comment").is_empty());
    }

    /// Where a token ends, a byte at a time: what `token_end`'s eight
    /// bytes at a time must agree with.
    fn token_end_bytewise(text: &str, mut i: usize) -> usize {
        while let Some(c) = text[i..].chars().next() {
            if c.is_whitespace() || matches!(c, '{' | '}' | ';') {
                break;
            }
            i += c.len_utf8();
        }
        i
    }

    proptest::proptest! {
        #[test]
        fn a_token_ends_where_a_byte_at_a_time_ends_it(
            text in "[a-e0-9x\\-{};. \t\r\n\x00-\x1f\x7f\u{80}-\u{a0}\u{2000}-\u{200b}é]{0,40}",
        ) {
            for (i, _) in text.char_indices() {
                proptest::prop_assert_eq!(token_end(&text, i), token_end_bytewise(&text, i));
            }
        }
    }

    #[test]
    fn a_long_token_ends_past_eight_bytes() {
        let text = "a1xb2xc3xd4xe5\x01f6\u{a0}g";
        assert_eq!(token_end(text, 0), text.find('\u{a0}').unwrap());
        assert_eq!(token_end("abcdefgh", 0), 8);
        assert_eq!(token_end("abcdefghi;", 0), 9);
        assert_eq!(token_end("abcdefg{", 0), 7);
    }

    #[test]
    fn any_whitespace_separates() {
        assert_eq!(texts("c5\u{a0}f4\u{2003}e3é"), ["c5", "f4", "e3é"]);
        assert_eq!(texts("a\x0bb\x0cc\u{85}d"), ["a", "b", "c", "d"]);
    }

    #[test]
    fn spans_are_file_offsets() {
        let toks = tokens("c5  e5>a1", 10).unwrap();
        assert_eq!(toks[1].span, Span::new(14, 5));
    }

    #[test]
    fn naturals_of_any_length() {
        assert_eq!(natural("042x"), Ok(("x", ("042", Numeral::Value(42)))));
        let max = Numeral::Value(u32::MAX);
        assert_eq!(natural("4294967295"), Ok(("", ("4294967295", max))));
        let past = Numeral::TooLarge {
            lead: 4_294_967_296,
            written: 10,
            zeros: 0,
        };
        assert_eq!(std::mem::size_of::<Numeral>(), 16);
        assert_eq!(natural("4294967296"), Ok(("", ("4294967296", past))));
        assert_eq!(past.to_string(), "4294967296");
        let nineteen = "9".repeat(19);
        let (_, (_, n)) = natural(&nineteen).unwrap();
        assert_eq!(n.to_string(), nineteen);
        let two_hundred = "9".repeat(200);
        let (rest, (digits, far)) = natural(&two_hundred).unwrap();
        assert_eq!((rest, digits.len()), ("", 200));
        assert_eq!(far.to_string(), format!("{nineteen}… (200 digits)"));
        assert_eq!(far.value(), None);
        // Leading zeros do not make a number large, nor count as digits.
        let zeros = format!("{}7", "0".repeat(30));
        assert_eq!(natural(&zeros).map(|(_, (_, n))| n), Ok(Numeral::Value(7)));
        // A message quotes a too large number as written, zeros and all.
        let padded_past = format!("000{}", "1".repeat(20));
        assert_eq!(
            natural(&padded_past).map(|(_, (_, n))| n.to_string()),
            Ok(format!("000{}… (23 digits)", "1".repeat(16)))
        );
        let (_, (_, padded)) = natural("04294967296").unwrap();
        assert_eq!(padded.to_string(), "04294967296");
        let (_, (_, zeros)) = natural(&format!("{}4294967296", "0".repeat(25))).unwrap();
        assert_eq!(
            zeros.to_string(),
            format!("{}… (35 digits)", "0".repeat(19))
        );
        let (_, (_, long)) = natural(&"9".repeat(3_000)).unwrap();
        assert!(long.to_string().ends_with("… (3,000 digits)"));
        assert!(natural("x1").is_err());
        assert!(natural("").is_err());
        assert!(natural("٣").is_err());
    }

    #[test]
    fn tokens_past_the_limit_are_refused_with_a_short_message() {
        let long = "c".repeat(1_000_000);
        let text = format!("1. c3 {long} d4");
        let err = tokens_within(&text, 10, 1024).unwrap_err();
        assert_eq!(err.span, Span::new(16, 1_000_000));
        assert!(err.message.contains("1,000,000 bytes"), "{}", err.message);
        assert!(
            err.message.contains("1,024 (--max-token-bytes)"),
            "{}",
            err.message
        );
        assert!(err.message.len() < 200, "{}", err.message);
        assert_eq!(tokens_within(&text, 0, 1_000_000).map(|t| t.len()), Ok(4));
        // At the limit is within it; comments are not tokens.
        assert!(tokens_within("abcd", 0, 4).is_ok());
        assert!(tokens_within("abcde", 0, 4).is_err());
        let comment = format!("c3 {{ {long} }} ; {long}\nd4");
        assert_eq!(tokens_within(&comment, 0, 4).map(|t| t.len()), Ok(2));
        // The default applies to `tokens`.
        assert!(tokens(&"c".repeat(Limits::DEFAULT_TOKEN_BYTES), 0).is_ok());
        assert!(tokens(&"c".repeat(Limits::DEFAULT_TOKEN_BYTES + 1), 0).is_err());
    }

    /// A token read through [`split_glyph`], as a notation reads one it
    /// cannot read whole.
    fn split(text: &str, offset: usize) -> Result<Token<'_>, SyntaxError> {
        let tokens = tokens(text, offset)?;
        match tokens.first() {
            Some(token) => split_glyph(token).unwrap_or(Ok(*token)),
            None => Err(SyntaxError::new("empty", Span::new(0, 0))),
        }
    }

    #[test]
    fn glyphs_are_split_off_their_tokens() {
        for glyph in Glyph::ALL {
            let text = format!("3:4-7{glyph} c5");
            assert_eq!(
                split(&text, 10),
                Ok(Token {
                    text: "3:4-7",
                    span: Span::new(10, 5)
                })
            );
            assert_eq!(
                Glyph::ending(&text[..5 + glyph.as_str().len()]),
                Some(glyph)
            );
            assert_eq!(Glyph::read(glyph.as_str()), Some(glyph));
        }
        assert_eq!(Glyph::ending("c5"), None);
        assert_eq!(Glyph::ending("c5!!!"), None);
        assert!(split_glyph(&Token {
            text: "c5",
            span: Span::new(0, 2)
        })
        .is_none());
        // Every run of `!` and `?` up to four long: the six glyphs pass,
        // every other run is refused at the run.
        for len in 1..=4 {
            for bits in 0..(1 << len) {
                let run: String = (0..len)
                    .map(|i| if bits >> i & 1 == 1 { '!' } else { '?' })
                    .collect();
                let text = format!("c5{run} d4");
                let got = split(&text, 0);
                match Glyph::read(&run) {
                    Some(_) => assert_eq!(got.map(|t| t.text), Ok("c5"), "{run}"),
                    None => {
                        let err = got.unwrap_err();
                        assert_eq!(err.span, Span::new(2, len), "{run}");
                        assert!(err.message.contains("not an annotation glyph"), "{run}");
                    }
                }
                // Alone, or after a move number: never.
                assert!(split(&run, 0).is_err(), "{run}");
                assert!(split(&format!("3.{run} c5"), 0).is_err(), "{run}");
                assert!(split(&format!("3...{run} c5"), 0).is_err(), "{run}");
            }
        }
        // A `!` inside a token is no glyph; a comment or a wide character
        // after one ends the token as usual.
        assert!(split_glyph(&Token {
            text: "c5!x",
            span: Span::new(0, 4)
        })
        .is_none());
        assert_eq!(split("c5!{x}", 0).map(|t| t.text), Ok("c5"));
        assert_eq!(split("é5?!\u{a0}d4", 0).map(|t| t.text), Ok("é5"));
        // A long run is quoted short.
        let long = format!("c5{}", "!".repeat(5000));
        let err = split(&long, 0).unwrap_err();
        assert!(err.message.len() < 200, "{}", err.message);
    }

    #[test]
    fn unclosed_and_stray_braces() {
        let err = tokens("c5 { never", 0).unwrap_err();
        assert_eq!(err.span, Span::new(3, 1));
        let nested = format!("{}{}", "{".repeat(1000), "}".repeat(1000));
        let err = tokens(&nested, 0).unwrap_err();
        assert_eq!(err.span, Span::new(1001, 1));
    }
}
