//! The one family of arbitre's verdict types: every error and warning,
//! typed or located, is a `std::error::Error` and a `miette::Diagnostic`
//! through what it tells as a [`Finding`]; and the [`Verdict`] a record
//! gets, which the replay gives and every report writes.

use std::borrow::Cow;

/// What a verdict type tells; the `finding!` macro turns it into `Display`,
/// `Error` and `miette::Diagnostic`.
pub(crate) trait Finding {
    /// The rule id.
    fn rule(&self) -> &str;
    /// The sentence a referee would say.
    fn message(&self) -> Cow<'_, str>;
    /// Byte offset and length of the place it is about, if it has one.
    fn place(&self) -> Option<(usize, usize)>;
    /// What the place is labelled with where it is drawn.
    fn label(&self) -> Option<String> {
        Some(self.rule().to_string())
    }
    /// How to mend it, or what was legal instead.
    fn help(&self) -> Option<String> {
        None
    }
    /// An error, unless a warning.
    fn severity(&self) -> miette::Severity {
        miette::Severity::Error
    }
}

/// `Display`, `Error` and `miette::Diagnostic` for each type, from its
/// `Finding`.
macro_rules! finding {
    ($($type:ty),* $(,)?) => {$(
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&$crate::finding::Finding::message(self))
            }
        }

        impl std::error::Error for $type {}

        impl miette::Diagnostic for $type {
            fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
                Some(Box::new($crate::finding::Finding::rule(self)))
            }
            fn severity(&self) -> Option<miette::Severity> {
                Some($crate::finding::Finding::severity(self))
            }
            fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
                $crate::finding::Finding::help(self)
                    .map(|help| Box::new(help) as Box<dyn std::fmt::Display + 'a>)
            }
            fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
                let (offset, len) = $crate::finding::Finding::place(self)?;
                let label = $crate::finding::Finding::label(self);
                Some(Box::new(std::iter::once(miette::LabeledSpan::new(label, offset, len))))
            }
        }
    )*};
}

pub(crate) use finding;

/// The verdict on a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every turn is legal.
    Legal,
    /// Some action breaks a rule: the first is reported.
    Illegal,
    /// The record cannot be replayed: header, setup or syntax.
    Malformed,
}

impl Verdict {
    /// The verdict in one word, as JSON writes it and every format says it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Legal => "legal",
            Verdict::Illegal => "illegal",
            Verdict::Malformed => "malformed",
        }
    }
}
