//! How SE rates and orders chaining hints.
//!
//! A hint's difficulty is its rule's base plus a bonus for its complexity (the number of
//! potentials in its chains); SE sorts a rule's hints by (difficulty, complexity, kind) with a
//! stable sort and applies the first, so among equals the first one found wins. Difficulties
//! are computed in `f64` exactly as SE's Java does (base + 0.1 + 0.1 ...), so comparisons of
//! equal-looking values come out as SE's.

use std::cmp::Ordering;

/// SE `ChainingHint.getLengthDifficulty`: +0.1 each time `complexity - 2` passes a step of
/// 4, 6, 8, 12, 16, 24, 32, ...
pub fn length_bonus(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let mut added = 0.0f64;
    let mut ceiling = 4i64;
    let mut odd = false;
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// A hint's position in SE's sorted list: lower is applied first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Key {
    pub difficulty: f64,
    pub(crate) complexity: u32,
    pub(crate) sort_key: u8,
}

impl Key {
    pub fn new(base: f64, complexity: u32, sort_key: u8) -> Key {
        Key {
            difficulty: base + length_bonus(complexity),
            complexity,
            sort_key,
        }
    }

    /// SE's comparator: difficulty, then complexity, then the kind's sort key.
    pub fn compare(&self, other: &Key) -> Ordering {
        self.difficulty
            .partial_cmp(&other.difficulty)
            .unwrap_or(Ordering::Equal)
            .then(self.complexity.cmp(&other.complexity))
            .then(self.sort_key.cmp(&other.sort_key))
    }

    /// Whether a hint with this key, found after one with `best`, would be applied instead.
    pub fn beats(&self, best: Option<&Key>) -> bool {
        match best {
            None => true,
            Some(best) => self.compare(best) == Ordering::Less,
        }
    }

    /// The rating in tenths, as SE prints it.
    pub fn tenths(&self) -> u16 {
        (self.difficulty * 10.0 + 0.5).floor() as u16
    }
}

/// SE sort keys of the hint classes.
pub mod sort_key {
    pub const DOUBLE: u8 = 1;
    pub const X_ONLY: u8 = 2;
    pub const Y_ONLY: u8 = 3;
    pub const XY: u8 = 4;
    pub const CELL: u8 = 5;
    pub const REGION: u8 = 6;
    pub const CONTRADICTION: u8 = 7;
}
