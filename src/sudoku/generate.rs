//! The seeded generator: a random complete grid, then clue removal that keeps it unique.
//!
//! Removal works orbit by orbit (see [`Symmetry`]) in a random order. An orbit is removed
//! when the exact solver proves that no grid other than the known solution fits the
//! remaining clues: for each removed cell it looks for a solution with a different digit
//! there, and finding none proves uniqueness. Because taking clues away never removes
//! solutions, an orbit that cannot go now can never go later, so one pass yields a puzzle
//! that is minimal for its symmetry.

use std::fmt;
use std::str::FromStr;

use super::grid::Grid;
use super::solver::{SearchState, solve_any};
use super::symmetry::Symmetry;
use crate::error::{Error, Result};
use crate::seed::RandomStream;

/// Fewer clues than this never give a unique solution (McGuire, Tugemann, Civario 2012).
pub const MIN_UNIQUE_CLUES: usize = 17;

/// How many fresh grids a request may try before it is declared impossible.
pub const DEFAULT_MAX_ATTEMPTS: u32 = 2000;

/// An inclusive range of clue counts, written `A..B` (also `A`, `A..`, `..B`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClueRange {
    pub min: usize,
    pub max: usize,
}

impl ClueRange {
    pub fn contains(&self, clues: usize) -> bool {
        (self.min..=self.max).contains(&clues)
    }
}

impl fmt::Display for ClueRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.min, self.max)
    }
}

impl FromStr for ClueRange {
    type Err = Error;
    fn from_str(text: &str) -> Result<ClueRange> {
        let bad = || {
            Error::input(format!("invalid clue range {text:?}"))
                .with_hint("write MIN..MAX with whole numbers, e.g. 24..28 (also 25, 22.., ..30)")
        };
        let number = |part: &str, default: usize| -> Result<usize> {
            let part = part.trim();
            if part.is_empty() {
                Ok(default)
            } else {
                part.parse().map_err(|_| bad())
            }
        };
        let (min, max) = match text.split_once("..") {
            Some((low, high)) => (number(low, 0)?, number(high.trim_start_matches('='), 81)?),
            None => {
                let exact = number(text, usize::MAX)?;
                (exact, exact)
            }
        };
        if min > max {
            return Err(Error::input(format!(
                "clue range {text:?} is empty: {min} is more than {max}"
            ))
            .with_hint("write the smaller number first, e.g. 24..28"));
        }
        if max > 81 {
            return Err(Error::input(format!(
                "clue range {text:?} goes past 81, the number of cells"
            )));
        }
        if max < MIN_UNIQUE_CLUES {
            return Err(Error::input(format!(
                "no sudoku with fewer than {MIN_UNIQUE_CLUES} clues has a unique solution, so {text:?} cannot be met"
            ))
            .with_hint("ask for at least 17 clues; 22..30 is a comfortable range"));
        }
        Ok(ClueRange { min, max })
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    pub symmetry: Symmetry,
    /// `None`: minimal for the symmetry.
    pub clues: Option<ClueRange>,
    pub max_attempts: u32,
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            symmetry: Symmetry::default(),
            clues: None,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
        }
    }
}

impl GenerateOptions {
    /// The options as seed-path parts (see [`crate::seed`]): puzzles made with different
    /// options come from unrelated random streams.
    pub fn seed_path(&self) -> Vec<String> {
        let mut path = vec![format!("symmetry={}", self.symmetry)];
        if let Some(clues) = self.clues {
            path.push(format!("clues={clues}"));
        }
        path
    }
}

/// A generated puzzle with its unique solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
}

/// A uniformly shuffled complete grid.
pub fn random_solution(rng: &mut RandomStream) -> Grid {
    // The three diagonal boxes share no house, so any digits fill them consistently.
    let mut seeded = Grid::EMPTY;
    for corner in [0, 30, 60] {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for (k, digit) in digits.into_iter().enumerate() {
            seeded.set(corner + k / 3 * 9 + k % 3, digit);
        }
    }
    let base = solve_any(&seeded).expect("three filled diagonal boxes always complete");
    shuffle_geometry(&base, rng)
}

/// Applies a random validity-preserving relabelling of rows, columns and the transpose.
fn shuffle_geometry(grid: &Grid, rng: &mut RandomStream) -> Grid {
    let line_order = |rng: &mut RandomStream| {
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        let mut order = [0usize; 9];
        for (slot, band) in bands.into_iter().enumerate() {
            let mut rows = [0, 1, 2];
            rng.shuffle(&mut rows);
            for (k, row) in rows.into_iter().enumerate() {
                order[slot * 3 + k] = band * 3 + row;
            }
        }
        order
    };
    let rows = line_order(rng);
    let columns = line_order(rng);
    let transpose = rng.chance(1, 2);
    let mut cells = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (source_r, source_c) = (rows[r], columns[c]);
            let value = grid.get(source_r * 9 + source_c);
            if transpose {
                cells[c * 9 + r] = value;
            } else {
                cells[r * 9 + c] = value;
            }
        }
    }
    Grid::from_cells(cells).expect("permuted digits")
}

/// True when no grid other than `solution` fits `puzzle`, given that `solution` does and
/// that every other candidate solution must differ from it in one of `changed` cells.
fn still_unique(puzzle: &Grid, solution: &Grid, changed: &[usize]) -> bool {
    let Some(state) = SearchState::from_grid(puzzle) else {
        return false;
    };
    changed.iter().all(|&cell| {
        let mut excluded = state;
        excluded.eliminate(cell, solution.get(cell) as usize - 1);
        excluded.count(1) == 0
    })
}

/// Removes clue orbits from a complete grid in random order while the solution stays
/// unique, never going below `min_clues`.
pub fn dig(solution: &Grid, symmetry: Symmetry, min_clues: usize, rng: &mut RandomStream) -> Grid {
    dig_first(
        solution,
        symmetry,
        &[false; 81],
        &[false; 81],
        min_clues,
        rng,
    )
}

/// [`dig`], trying first (in random order) the orbits that hold a cell of `first`: from a
/// complete grid, a house's or a digit's nine cells always go, so the puzzle has them
/// empty. Orbits that hold a cell of `keep` stay clues. Targeted generation steers
/// towards a technique's pattern this way.
pub fn dig_first(
    solution: &Grid,
    symmetry: Symmetry,
    first: &[bool; 81],
    keep: &[bool; 81],
    min_clues: usize,
    rng: &mut RandomStream,
) -> Grid {
    let mut orbits = symmetry.orbits();
    rng.shuffle(&mut orbits);
    // A stable sort: with no cell first, the order is the shuffle's.
    orbits.sort_by_key(|orbit| !orbit.iter().any(|&cell| first[cell]));
    let mut puzzle = *solution;
    let mut clues = 81;
    for orbit in &orbits {
        if clues < min_clues + orbit.len() || orbit.iter().any(|&cell| keep[cell]) {
            continue;
        }
        for &cell in orbit {
            puzzle.set(cell, 0);
        }
        if still_unique(&puzzle, solution, orbit) {
            clues -= orbit.len();
        } else {
            for &cell in orbit {
                puzzle.set(cell, solution.get(cell));
            }
        }
    }
    puzzle
}

/// Generates one puzzle; the stream decides everything, so the same stream gives the
/// same puzzle. Fails when `max_attempts` grids in a row miss the clue range.
pub fn generate(options: &GenerateOptions, rng: &mut RandomStream) -> Result<Generated> {
    let min_clues = options.clues.map_or(0, |range| range.min);
    for _ in 0..options.max_attempts {
        let solution = random_solution(rng);
        let puzzle = dig(&solution, options.symmetry, min_clues, rng);
        if options
            .clues
            .is_none_or(|range| range.contains(puzzle.clue_count()))
        {
            return Ok(Generated { puzzle, solution });
        }
    }
    Err(attempts_exhausted(options))
}

fn attempts_exhausted(options: &GenerateOptions) -> Error {
    let clues = options
        .clues
        .map_or_else(|| "any number of".to_string(), |range| range.to_string());
    Error::runtime(format!(
        "could not make a sudoku with {clues} clues and symmetry {} in {} attempts",
        options.symmetry, options.max_attempts
    ))
    .with_hint(format!(
        "widen the clue range: minimal puzzles with symmetry {} usually have {} clues",
        options.symmetry,
        typical_minimal_clues(options.symmetry)
    ))
}

/// The usual clue counts of minimal puzzles for a symmetry (for hints only).
pub fn typical_minimal_clues(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::None => "22 to 27",
        Symmetry::Rot180 | Symmetry::Mirror | Symmetry::Flip => "24 to 30",
        Symmetry::Diagonal | Symmetry::Antidiagonal => "23 to 29",
        Symmetry::Rot90 => "24 to 32",
        Symmetry::Dihedral => "28 to 36",
    }
}
