//! Named difficulty tiers and rating ranges: how a book spec or a command line asks for a
//! difficulty.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Error, Result};

/// The highest rating on the scale (SE's value for "beyond its logic").
pub const MAX_RATING: u16 = 200;

/// A named difficulty. The names are a stable interface (book specs use them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tier {
    /// ER ≤ 1.5: hidden singles only.
    Easy,
    /// ER ≤ 2.5: naked singles and direct intersections or hidden pairs and triples.
    Medium,
    /// ER ≤ 4.0: intersections, subsets, X-wings and swordfish.
    Hard,
    /// ER ≤ 6.0: wings, uniqueness, quads, jellyfish, strong-link chains.
    Expert,
    /// ER ≤ 7.5: aligned pair exclusion, cycles and forcing chains.
    Diabolical,
    /// ER > 7.5, or a puzzle no logic of the grader solves (flagged trial and error).
    Extreme,
}

impl Tier {
    pub const ALL: [Tier; 6] = [
        Tier::Easy,
        Tier::Medium,
        Tier::Hard,
        Tier::Expert,
        Tier::Diabolical,
        Tier::Extreme,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tier::Easy => "easy",
            Tier::Medium => "medium",
            Tier::Hard => "hard",
            Tier::Expert => "expert",
            Tier::Diabolical => "diabolical",
            Tier::Extreme => "extreme",
        }
    }

    /// The ratings (in tenths) of the tier, both ends inclusive.
    pub fn range(self) -> RatingRange {
        let (min, max) = match self {
            Tier::Easy => (0, 15),
            Tier::Medium => (16, 25),
            Tier::Hard => (26, 40),
            Tier::Expert => (41, 60),
            Tier::Diabolical => (61, 75),
            Tier::Extreme => (76, MAX_RATING),
        };
        RatingRange { min, max }
    }

    /// The tier of a rating (in tenths).
    pub fn of_rating(rating_tenths: u16) -> Tier {
        Tier::ALL
            .into_iter()
            .find(|tier| tier.range().contains(rating_tenths))
            .unwrap_or(Tier::Extreme)
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tier {
    type Err = Error;
    fn from_str(text: &str) -> Result<Tier> {
        let wanted = text.trim().to_ascii_lowercase();
        Tier::ALL
            .into_iter()
            .find(|tier| tier.name() == wanted)
            .ok_or_else(|| {
                Error::input(format!("unknown tier {text:?}"))
                    .with_hint("use one of easy, medium, hard, expert, diabolical, extreme")
            })
    }
}

/// Tiers and rating ranges read and write as their text forms ("hard", "3.0..4.5"), so a
/// book spec can name them directly.
macro_rules! serde_via_text {
    ($type:ty) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(
                &self,
                serializer: S,
            ) -> std::result::Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(
                deserializer: D,
            ) -> std::result::Result<$type, D::Error> {
                let text = String::deserialize(deserializer)?;
                text.parse().map_err(|error: Error| {
                    let message = match error.hint() {
                        Some(hint) => format!("{} ({hint})", error.message()),
                        None => error.message().to_string(),
                    };
                    serde::de::Error::custom(message)
                })
            }
        }
    };
}

serde_via_text!(Tier);
serde_via_text!(RatingRange);

/// Formats a rating in tenths with one decimal: 42 → "4.2".
pub fn format_rating(rating_tenths: u16) -> String {
    format!("{}.{}", rating_tenths / 10, rating_tenths % 10)
}

/// Parses a rating with at most one decimal ("4", "4.2") into tenths.
pub fn parse_rating(text: &str) -> Option<u16> {
    let text = text.trim();
    let (whole, tenth) = match text.split_once('.') {
        Some((whole, tenth)) => (whole, tenth),
        None => (text, "0"),
    };
    if whole.is_empty()
        || whole.len() > 3
        || tenth.len() != 1
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !tenth.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let value = whole.parse::<u16>().ok()? * 10 + tenth.parse::<u16>().ok()?;
    (value <= MAX_RATING).then_some(value)
}

/// An inclusive range of ratings, in tenths; written `A..B` with one decimal, e.g.
/// `3.0..4.5` (also `4.2`, `3.0..`, `..4.5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RatingRange {
    pub min: u16,
    pub max: u16,
}

impl RatingRange {
    pub fn contains(&self, rating_tenths: u16) -> bool {
        (self.min..=self.max).contains(&rating_tenths)
    }
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}..{}",
            format_rating(self.min),
            format_rating(self.max)
        )
    }
}

impl FromStr for RatingRange {
    type Err = Error;
    fn from_str(text: &str) -> Result<RatingRange> {
        let bad = || {
            Error::input(format!("invalid rating range {text:?}")).with_hint(
                "write MIN..MAX on the Sudoku Explainer scale with one decimal, e.g. 3.0..4.5 (also 4.2, 6.0.., ..2.5)",
            )
        };
        let part = |part: &str, default: u16| -> Result<u16> {
            let part = part.trim();
            if part.is_empty() {
                Ok(default)
            } else {
                parse_rating(part).ok_or_else(bad)
            }
        };
        let (min, max) = match text.split_once("..") {
            Some((low, high)) => (
                part(low, 0)?,
                part(high.trim_start_matches('='), MAX_RATING)?,
            ),
            None => {
                let exact = parse_rating(text).ok_or_else(bad)?;
                (exact, exact)
            }
        };
        if min > max {
            return Err(Error::input(format!(
                "rating range {text:?} is empty: {} is more than {}",
                format_rating(min),
                format_rating(max)
            ))
            .with_hint("write the smaller rating first, e.g. 3.0..4.5"));
        }
        if max < 10 {
            return Err(Error::input(format!(
                "rating range {text:?} is below 1.0, the easiest rating"
            ))
            .with_hint("ratings run from 1.0 (full house) upwards, e.g. 1.0..1.5 for easy"));
        }
        Ok(RatingRange { min, max })
    }
}
