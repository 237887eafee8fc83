//! Points and tie-breaks as exact decimals: a number of thousandths, so
//! that `--points` with two decimals and Sonneborn-Berger's halves add up
//! without rounding.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// A decimal number held as thousandths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fixed(pub i128);

impl Fixed {
    /// `n` hundredths.
    pub fn hundredths(n: i128) -> Fixed {
        Fixed(n * 10)
    }

    /// `12.50`: rounded half up to two decimals, both written.
    pub fn two_decimals(self) -> String {
        let hundredths = (self.0 + 5).div_euclid(10);
        let sign = if hundredths < 0 { "-" } else { "" };
        let n = hundredths.unsigned_abs();
        format!("{sign}{}.{:02}", n / 100, n % 100)
    }

    /// The value as a float, for the machine formats.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 1000.0
    }
}

/// `2.5`, `3`, `0.575`: no trailing zeros.
impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let n = self.0.unsigned_abs();
        let (whole, part) = (n / 1000, n % 1000);
        if part == 0 {
            return write!(f, "{sign}{whole}");
        }
        let digits = format!("{part:03}");
        write!(f, "{sign}{whole}.{}", digits.trim_end_matches('0'))
    }
}

impl Serialize for Fixed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 % 1000 == 0 {
            if let Ok(whole) = i64::try_from(self.0 / 1000) {
                return serializer.serialize_i64(whole);
            }
        }
        serializer.serialize_f64(self.as_f64())
    }
}

/// What a win, a draw and a loss are worth: `--points W,D,L`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Points {
    /// A win's points.
    pub win: Fixed,
    /// A draw's points.
    pub draw: Fixed,
    /// A loss's points.
    pub loss: Fixed,
}

impl Default for Points {
    /// 1, ½, 0.
    fn default() -> Self {
        Points {
            win: Fixed(1000),
            draw: Fixed(500),
            loss: Fixed(0),
        }
    }
}

/// The largest whole part `--points` takes: far above any scale in use,
/// far below what sums over a season could overflow.
const MOST_DIGITS: usize = 6;

/// One value of `--points`: a number from 0 with at most two decimals.
fn value(text: &str) -> Result<Fixed, String> {
    let text = text.trim();
    let (whole, part) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || !digits(whole)
        || !digits(part)
        || (text.contains('.') && part.is_empty())
    {
        return Err(format!(
            "`{}` is not a number from 0 with at most two decimals",
            crate::text::quote(text)
        ));
    }
    if part.len() > 2 {
        return Err(format!(
            "`{}` has more than two decimals",
            crate::text::quote(text)
        ));
    }
    if whole.trim_start_matches('0').len() > MOST_DIGITS {
        return Err(format!(
            "`{}` is more points than a game may give (at most 999999.99)",
            crate::text::quote(text)
        ));
    }
    let whole: i128 = whole
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    let part: i128 = match part.len() {
        0 => 0,
        1 => part.parse::<i128>().unwrap_or(0) * 10,
        _ => part.parse::<i128>().unwrap_or(0),
    };
    Ok(Fixed::hundredths(whole * 100 + part))
}

/// `W,D,L`: three numbers from 0, at most two decimals each (`3,1,0`,
/// `1,0.5,0`).
impl FromStr for Points {
    type Err = String;

    fn from_str(text: &str) -> Result<Points, String> {
        let parts: Vec<&str> = text.split(',').collect();
        let [win, draw, loss] = parts[..] else {
            return Err(format!(
                "`{}` is not three numbers W,D,L (points for a win, a draw, a loss; `3,1,0`, say)",
                crate::text::quote(text)
            ));
        };
        Ok(Points {
            win: value(win)?,
            draw: value(draw)?,
            loss: value(loss)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_three_numbers_with_at_most_two_decimals() {
        let p: Points = "3,1,0".parse().unwrap_or_default();
        assert_eq!(
            (p.win, p.draw, p.loss),
            (Fixed(3000), Fixed(1000), Fixed(0))
        );
        let p: Points = "1, 0.5 ,0.25".parse().unwrap_or_default();
        assert_eq!(
            (p.win, p.draw, p.loss),
            (Fixed(1000), Fixed(500), Fixed(250))
        );
        for wrong in [
            "",
            "3,1",
            "3,1,0,0",
            "-1,0,0",
            "1.234,0,0",
            "a,b,c",
            "1.,0,0",
            ".5,0,0",
            "1e2,0,0",
            "1234567,0,0",
            "+1,0,0",
        ] {
            assert!(wrong.parse::<Points>().is_err(), "{wrong}");
        }
        assert!("999999.99,0,0".parse::<Points>().is_ok());
    }

    #[test]
    fn decimals_are_written_without_trailing_zeros() {
        assert_eq!(Fixed(2500).to_string(), "2.5");
        assert_eq!(Fixed(3000).to_string(), "3");
        assert_eq!(Fixed(575).to_string(), "0.575");
        assert_eq!(Fixed(0).to_string(), "0");
        assert_eq!(Fixed(10).to_string(), "0.01");
        assert_eq!(Fixed(12500).two_decimals(), "12.50");
        assert_eq!(Fixed(1670).two_decimals(), "1.67");
        assert_eq!(Fixed(0).two_decimals(), "0.00");
    }
}
