//! Throw statistics: how far a record's throws are from fair sticks or dice,
//! by Pearson's chi-square test. Pure arithmetic, game-agnostic: a game
//! supplies its fair chances, the records supply the throws. It reports;
//! it never changes a verdict.

use serde::{Deserialize, Serialize};

/// One throw value: how often it came, against how often fair throws would.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueCount {
    /// The throw value.
    pub value: u32,
    /// Times it was thrown.
    pub count: u64,
    /// Times fair throws would give it, on average.
    pub expected: f64,
    /// Its chance with fair sticks or dice.
    pub chance: f64,
}

/// Counts per throw value and the chi-square test against the fair chances.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThrowStats {
    /// Throws counted.
    pub throws: u64,
    /// Each value's count, in value order.
    pub values: Vec<ValueCount>,
    /// Pearson's statistic; `None` with no throws.
    pub chi_square: Option<f64>,
    /// Values less one.
    pub degrees_of_freedom: usize,
    /// The chance that fair throws land at least this far from the
    /// expectation; `None` with no throws (or an odd number of degrees of
    /// freedom, which the closed form does not cover).
    pub p_value: Option<f64>,
}

impl ThrowStats {
    /// The statistics of `throws` for a game whose fair chances are `fair`.
    /// Values the game does not list are not counted.
    pub fn new(fair: &[(u32, f64)], throws: &[u32]) -> Self {
        let counts: Vec<u64> = fair
            .iter()
            .map(|(value, _)| throws.iter().filter(|t| *t == value).count() as u64)
            .collect();
        ThrowStats::from_counts(fair, &counts)
    }

    /// The statistics of counts given in the order of `fair`.
    pub fn from_counts(fair: &[(u32, f64)], counts: &[u64]) -> Self {
        let total: u64 = counts.iter().sum();
        let values: Vec<ValueCount> = fair
            .iter()
            .zip(counts.iter().chain(std::iter::repeat(&0)))
            .map(|(&(value, chance), &count)| ValueCount {
                value,
                count,
                expected: chance * total as f64,
                chance,
            })
            .collect();
        let degrees_of_freedom = fair.len().saturating_sub(1);
        let chi_square = (total > 0).then(|| {
            values
                .iter()
                .filter(|v| v.expected > 0.0)
                .map(|v| (v.count as f64 - v.expected).powi(2) / v.expected)
                .sum::<f64>()
        });
        let p_value = chi_square.and_then(|x| chi_square_survival(x, degrees_of_freedom));
        ThrowStats {
            throws: total,
            values,
            chi_square,
            degrees_of_freedom,
            p_value,
        }
    }

    /// The two sets of throws taken together.
    pub fn merge(&self, other: &ThrowStats) -> ThrowStats {
        let fair: Vec<(u32, f64)> = self.values.iter().map(|v| (v.value, v.chance)).collect();
        let counts: Vec<u64> = self
            .values
            .iter()
            .map(|v| {
                v.count
                    + other
                        .values
                        .iter()
                        .find(|o| o.value == v.value)
                        .map_or(0, |o| o.count)
            })
            .collect();
        ThrowStats::from_counts(&fair, &counts)
    }

    /// Pearson's test is rough when some expected count is below 5.
    pub fn is_rough(&self) -> bool {
        self.values.iter().any(|v| v.expected < 5.0)
    }
}

/// P(X >= x) for X chi-square distributed with `k` degrees of freedom, for
/// even `k`: exp(-x/2) * sum_{i < k/2} (x/2)^i / i!. With 4 degrees of
/// freedom that is exp(-x/2) (1 + x/2). `None` for odd `k` or k = 0.
pub fn chi_square_survival(x: f64, k: usize) -> Option<f64> {
    if k == 0 || k % 2 == 1 || !x.is_finite() {
        return None;
    }
    if x <= 0.0 {
        return Some(1.0);
    }
    let half = x / 2.0;
    let mut term = 1.0;
    let mut sum = 1.0;
    for i in 1..k / 2 {
        term *= half / i as f64;
        sum += term;
    }
    Some(((-half).exp() * sum).clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    const STICKS: [(u32, f64); 5] = [
        (1, 4.0 / 16.0),
        (2, 6.0 / 16.0),
        (3, 4.0 / 16.0),
        (4, 1.0 / 16.0),
        (5, 1.0 / 16.0),
    ];

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn survival_matches_the_tables() {
        // Critical values of chi-square with 4 degrees of freedom.
        assert!(close(chi_square_survival(9.488, 4).unwrap(), 0.05));
        assert!(close(chi_square_survival(13.277, 4).unwrap(), 0.01));
        assert!(close(chi_square_survival(7.779, 4).unwrap(), 0.10));
        assert!(close(chi_square_survival(1.064, 4).unwrap(), 0.90));
        // With 2 degrees of freedom it is exp(-x/2).
        assert!(close(chi_square_survival(5.991, 2).unwrap(), 0.05));
        assert_eq!(chi_square_survival(0.0, 4), Some(1.0));
        assert_eq!(chi_square_survival(1.0, 3), None);
    }

    #[test]
    fn fair_counts_give_p_one() {
        let stats = ThrowStats::from_counts(&STICKS, &[4, 6, 4, 1, 1]);
        assert_eq!(stats.throws, 16);
        assert_eq!(stats.chi_square, Some(0.0));
        assert_eq!(stats.p_value, Some(1.0));
        assert!(stats.is_rough());
    }

    #[test]
    fn loaded_sticks_give_a_small_p() {
        let throws = vec![5; 40];
        let stats = ThrowStats::new(&STICKS, &throws);
        assert_eq!(stats.values[4].count, 40);
        assert!(stats.p_value.unwrap() < 1e-6);
        let merged = stats.merge(&ThrowStats::new(&STICKS, &[1, 2]));
        assert_eq!(merged.throws, 42);
        assert_eq!(merged.values[0].count, 1);
    }

    #[test]
    fn no_throws_no_p_value() {
        let stats = ThrowStats::new(&STICKS, &[]);
        assert_eq!(stats.p_value, None);
        assert_eq!(stats.degrees_of_freedom, 4);
    }
}
