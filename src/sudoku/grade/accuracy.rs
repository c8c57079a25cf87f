//! Agreement between our ratings and reference ratings (Sudoku Explainer's): the figures
//! the grader is judged by.

use std::collections::BTreeMap;
use std::fmt;

use super::tier::{Tier, format_rating};

/// One puzzle's reference rating, our rating, and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    pub expected_tenths: u16,
    pub actual_tenths: u16,
    pub source: String,
}

/// Agreement figures over a set of comparisons.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    pub count: usize,
    /// Share with exactly the same rating.
    pub exact: f64,
    /// Share within ±0.5.
    pub within_half: f64,
    /// Share in the same tier.
    pub same_tier: f64,
    /// Spearman rank correlation (ties get average ranks); `None` when either side is
    /// constant (a set of one reference rating), where it is undefined.
    pub spearman: Option<f64>,
    /// Mean absolute difference, in rating points.
    pub mean_error: f64,
}

impl Agreement {
    pub fn of(comparisons: &[&Comparison]) -> Agreement {
        let count = comparisons.len();
        if count == 0 {
            return Agreement {
                count,
                exact: 0.0,
                within_half: 0.0,
                same_tier: 0.0,
                spearman: None,
                mean_error: 0.0,
            };
        }
        let share = |test: &dyn Fn(&Comparison) -> bool| {
            comparisons.iter().filter(|c| test(c)).count() as f64 / count as f64
        };
        let expected: Vec<f64> = comparisons
            .iter()
            .map(|c| f64::from(c.expected_tenths))
            .collect();
        let actual: Vec<f64> = comparisons
            .iter()
            .map(|c| f64::from(c.actual_tenths))
            .collect();
        Agreement {
            count,
            exact: share(&|c| c.expected_tenths == c.actual_tenths),
            within_half: share(&|c| c.expected_tenths.abs_diff(c.actual_tenths) <= 5),
            same_tier: share(&|c| {
                Tier::of_rating(c.expected_tenths) == Tier::of_rating(c.actual_tenths)
            }),
            spearman: spearman(&expected, &actual),
            mean_error: comparisons
                .iter()
                .map(|c| f64::from(c.expected_tenths.abs_diff(c.actual_tenths)) / 10.0)
                .sum::<f64>()
                / count as f64,
        }
    }
}

/// The whole report: overall, per source, and per reference rating.
#[derive(Clone, Debug)]
pub struct AccuracyReport {
    pub overall: Agreement,
    pub by_source: BTreeMap<String, Agreement>,
    pub by_expected: BTreeMap<u16, Agreement>,
}

impl AccuracyReport {
    pub fn of(comparisons: &[Comparison]) -> AccuracyReport {
        let all: Vec<&Comparison> = comparisons.iter().collect();
        let mut sources: BTreeMap<String, Vec<&Comparison>> = BTreeMap::new();
        let mut ratings: BTreeMap<u16, Vec<&Comparison>> = BTreeMap::new();
        for comparison in comparisons {
            sources
                .entry(comparison.source.clone())
                .or_default()
                .push(comparison);
            ratings
                .entry(comparison.expected_tenths)
                .or_default()
                .push(comparison);
        }
        AccuracyReport {
            overall: Agreement::of(&all),
            by_source: sources
                .into_iter()
                .map(|(source, list)| (source, Agreement::of(&list)))
                .collect(),
            by_expected: ratings
                .into_iter()
                .map(|(rating, list)| (rating, Agreement::of(&list)))
                .collect(),
        }
    }
}

impl fmt::Display for AccuracyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |f: &mut fmt::Formatter<'_>, name: &str, a: &Agreement| {
            let spearman = a
                .spearman
                .map_or_else(|| "-".to_string(), |value| format!("{value:.3}"));
            writeln!(
                f,
                "{name:<14} {:>6} {:>7.1}% {:>7.1}% {:>7.1}% {:>8} {:>6.2}",
                a.count,
                100.0 * a.exact,
                100.0 * a.within_half,
                100.0 * a.same_tier,
                spearman,
                a.mean_error
            )
        };
        writeln!(
            f,
            "{:<14} {:>6} {:>8} {:>8} {:>8} {:>8} {:>6}",
            "set", "count", "exact", "±0.5", "tier", "spearman", "mae"
        )?;
        row(f, "all", &self.overall)?;
        for (source, agreement) in &self.by_source {
            row(f, source, agreement)?;
        }
        writeln!(f)?;
        for (rating, agreement) in &self.by_expected {
            row(f, &format!("SE {}", format_rating(*rating)), agreement)?;
        }
        Ok(())
    }
}

/// Average ranks (1-based), ties sharing the mean of their positions.
pub fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        let rank = (start + end) as f64 / 2.0 + 1.0;
        for &index in &order[start..=end] {
            ranks[index] = rank;
        }
        start = end + 1;
    }
    ranks
}

/// Spearman's rank correlation: Pearson's correlation of the average ranks; `None` when
/// it is undefined (fewer than two values, or one side constant).
pub fn spearman(x: &[f64], y: &[f64]) -> Option<f64> {
    let (rx, ry) = (ranks(x), ranks(y));
    let n = rx.len() as f64;
    if n < 2.0 {
        return None;
    }
    let mean_x = rx.iter().sum::<f64>() / n;
    let mean_y = ry.iter().sum::<f64>() / n;
    let mut covariance = 0.0;
    let mut var_x = 0.0;
    let mut var_y = 0.0;
    for (a, b) in rx.iter().zip(&ry) {
        covariance += (a - mean_x) * (b - mean_y);
        var_x += (a - mean_x) * (a - mean_x);
        var_y += (b - mean_y) * (b - mean_y);
    }
    if var_x == 0.0 || var_y == 0.0 {
        None
    } else {
        Some(covariance / (var_x * var_y).sqrt())
    }
}
