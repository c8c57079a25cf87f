//! Shaped puzzles: givens that draw a picture (a heart, a tree, a letter) at a difficulty.
//!
//! A [`Pattern`] is a mask of cells, read from text (`x` for a given, `.` for an empty cell)
//! or taken from the built-in [`shapes`]; [`Pattern::check`] refuses up front, with the
//! reason, a mask that provably admits no unique puzzle on a grid. [`search`] then finds a
//! puzzle whose givens are exactly the mask's cells, unique and graded to the request.
//!
//! The mask is part of the seed path (`pattern=…`, its rows of `x` and `.`), so the same
//! mask, seed and options give the same puzzle whatever the mask is called.

use std::fmt;

use super::Symmetry;
use super::variant::generate::VariantOptions;
use super::variant::geometry::{Size, Variant};
use super::variant::symmetry::holds_for;
use crate::error::{Error, Result};

pub mod search;
pub mod shapes;

pub use search::{Condition, PatternRequest, make_classic, make_variant};

/// Fewer givens than this never make a unique 9×9 sudoku (McGuire, Tugemann, Civario 2012).
const CLASSIC_MIN_GIVENS: usize = 17;
/// Fewer givens than this never make a unique 4×4 sudoku (checked exhaustively in the tests).
const SMALL_MIN_GIVENS: usize = 4;

/// A mask: the cells a puzzle's givens fill, exactly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    side: usize,
    /// Row by row: true for a given.
    given: Vec<bool>,
}

impl Pattern {
    /// A mask of `side` × `side` cells from its cells, row by row.
    pub fn from_cells(side: usize, given: Vec<bool>) -> Pattern {
        assert_eq!(given.len(), side * side, "a mask has side × side cells");
        Pattern { side, given }
    }

    /// Reads a mask: one line per row of `x` (a given) and `.` (an empty cell), or all the
    /// cells on one line. `X`, `#`, `*`, `o`, `O`, `@` and the digits 1-9 also mark a given
    /// (so a puzzle line is its own mask); `0`, `-` and `_` also mark an empty cell. Spaces
    /// between cells and blank lines are ignored. Errors name the line and column.
    pub fn parse(text: &str) -> Result<Pattern> {
        let mut rows: Vec<(usize, Vec<bool>)> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let mut row = Vec::new();
            for (offset, character) in line.char_indices() {
                let column = line[..offset].chars().count() + 1;
                match character {
                    ' ' | '\t' | '\r' | '\u{feff}' => {}
                    'x' | 'X' | '#' | '*' | 'o' | 'O' | '@' | '1'..='9' => row.push(true),
                    '.' | '0' | '-' | '_' => row.push(false),
                    other => {
                        return Err(
                            Error::input(format!("{other:?} is not a cell of a pattern"))
                                .at_line(number)
                                .at_column(column)
                                .with_hint("mark a given with x and an empty cell with ."),
                        );
                    }
                }
            }
            if !row.is_empty() {
                rows.push((number, row));
            }
        }
        let Some((first_line, first)) = rows.first() else {
            return Err(Error::input("the pattern is empty").with_hint(
                "write one line per row, x for a given and . for an empty cell, e.g. 9 lines of 9",
            ));
        };
        let sides = Size::ALL.map(Size::side);
        if rows.len() == 1 {
            let cells = first.len();
            return match sides.iter().find(|&&side| side * side == cells) {
                Some(&side) => Ok(Pattern::from_cells(side, first.clone())),
                None => Err(Error::input(format!(
                    "a pattern on one line has one cell per cell of the grid; this one has {cells}"
                ))
                .at_line(*first_line)
                .with_hint(
                    "81 cells for a 9x9 grid (or 16, 36, 64, 144, 256), or one line per row",
                )),
            };
        }
        let side = first.len();
        for (number, row) in &rows {
            if row.len() != side {
                return Err(Error::input(format!(
                    "this row has {} cells, the first row {side}",
                    row.len()
                ))
                .at_line(*number)
                .with_hint("every row of a pattern has as many cells as the grid is wide"));
            }
        }
        if rows.len() != side || !sides.contains(&side) {
            return Err(Error::input(format!(
                "the pattern has {} rows of {side} cells; a pattern is square, the size of a grid",
                rows.len()
            ))
            .at_line(rows[rows.len() - 1].0)
            .with_hint(
                "write 9 rows of 9 cells for a 9x9 grid (or 4, 6, 8, 12 or 16 of as many)",
            ));
        }
        Ok(Pattern::from_cells(
            side,
            rows.into_iter().flat_map(|(_, row)| row).collect(),
        ))
    }

    /// A built-in shape by name (see [`shapes`]).
    pub fn builtin(name: &str) -> Option<Pattern> {
        shapes::find(name).map(|shape| shape.pattern())
    }

    /// A built-in shape by name, or an input error listing the names (with the closest).
    pub fn named(name: &str) -> Result<Pattern> {
        Pattern::builtin(name).ok_or_else(|| {
            let names = shapes::names();
            let error = Error::input(format!("there is no built-in pattern {name:?}"));
            let lower = name.trim().to_ascii_lowercase();
            let close = names
                .iter()
                .map(|known| (strsim::levenshtein(&lower, known), known))
                .filter(|&(distance, known)| distance <= 2 && distance < known.len())
                .min_by_key(|&(distance, _)| distance);
            match close {
                Some((_, known)) => error.with_hint(format!("did you mean {known:?}?")),
                None => error.with_hint(format!(
                    "the built-in patterns: {} (or give a file of x and .)",
                    names.join(", ")
                )),
            }
        })
    }

    /// Cells across (and down).
    pub fn side(&self) -> usize {
        self.side
    }

    /// Whether `cell` (row-major) holds a given.
    pub fn contains(&self, cell: usize) -> bool {
        self.given[cell]
    }

    /// The cells holding givens, ascending.
    pub fn cells(&self) -> Vec<usize> {
        (0..self.given.len())
            .filter(|&cell| self.given[cell])
            .collect()
    }

    /// How many givens the mask has.
    pub fn len(&self) -> usize {
        self.given.iter().filter(|&&given| given).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The mask as one line per row of `x` and `.`.
    pub fn to_text(&self) -> String {
        self.rows().join("\n")
    }

    fn rows(&self) -> Vec<String> {
        self.given
            .chunks(self.side)
            .map(|row| {
                row.iter()
                    .map(|&given| if given { 'x' } else { '.' })
                    .collect()
            })
            .collect()
    }

    /// The seed-path part: `pattern=` and the rows, joined by `/`.
    pub fn seed_part(&self) -> String {
        format!("pattern={}", self.rows().join("/"))
    }

    /// The strongest clue symmetry the mask has (every puzzle on it has it too).
    pub fn symmetry(&self) -> Symmetry {
        let marks: Vec<u8> = self.given.iter().map(|&given| u8::from(given)).collect();
        [
            Symmetry::Dihedral,
            Symmetry::Rot90,
            Symmetry::Mirror,
            Symmetry::Flip,
            Symmetry::Rot180,
            Symmetry::Diagonal,
            Symmetry::Antidiagonal,
        ]
        .into_iter()
        .find(|&symmetry| holds_for(symmetry, self.side, &marks))
        .unwrap_or(Symmetry::None)
    }

    /// Refuses, with the reason, a mask that cannot give a unique puzzle on a grid of
    /// `size` and `variant`: of another size, with too few givens, or leaving two rows of
    /// one band (or two columns of one stack) empty, which could then be swapped.
    pub fn check(&self, size: Size, variant: Variant) -> Result<()> {
        let side = size.side();
        if self.side != side {
            return Err(Error::input(format!(
                "the pattern is {0}x{0}, the grid {size}",
                self.side
            ))
            .with_hint(format!(
                "draw the pattern with {side} rows of {side} cells, or ask for a {0}x{0} grid",
                self.side
            )));
        }
        let givens = self.len();
        let (least, why) = match (side, variant) {
            (9, Variant::Classic) => (
                CLASSIC_MIN_GIVENS,
                "no 9x9 sudoku with fewer than 17 givens has one solution",
            ),
            (4, _) => (
                SMALL_MIN_GIVENS,
                "no 4x4 sudoku with fewer than 4 givens has one solution",
            ),
            _ => (
                side - 1,
                "two values missing from the givens could be swapped in any solution",
            ),
        };
        if givens < least {
            return Err(Error::input(format!(
                "the pattern has {givens} given{}, and {why}",
                if givens == 1 { "" } else { "s" }
            ))
            .with_hint(format!(
                "mark at least {least} cells with x; 22 to 30 suit a 9x9 grid"
            )));
        }
        if variant == Variant::Classic {
            self.check_swappable_lines(size)?;
        }
        Ok(())
    }

    /// Two empty rows of one band (or columns of one stack) can trade places in any
    /// solution, which keeps every house whole and misses every given.
    fn check_swappable_lines(&self, size: Size) -> Result<()> {
        let side = self.side;
        let row_empty = |row: usize| (0..side).all(|column| !self.given[row * side + column]);
        let column_empty = |column: usize| (0..side).all(|row| !self.given[row * side + column]);
        for (lines, band, empty, name, group) in [
            (
                "rows",
                size.box_rows(),
                &row_empty as &dyn Fn(usize) -> bool,
                "row",
                "band",
            ),
            (
                "columns",
                size.box_columns(),
                &column_empty,
                "column",
                "stack",
            ),
        ] {
            for start in (0..side).step_by(band) {
                let empty: Vec<usize> = (start..start + band).filter(|&line| empty(line)).collect();
                if let [first, second, ..] = empty[..] {
                    return Err(Error::input(format!(
                        "{name}s {} and {} of the pattern are empty and lie in one {group}: swapping them in any solution gives another, so no puzzle on it has one solution",
                        first + 1,
                        second + 1
                    ))
                    .with_hint(format!(
                        "put a given in one of them: at most one empty {name} per {group} of {lines}"
                    )));
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// The grid a pattern's puzzles are made on: `size` and `variant`, with half-turn
/// symmetric jigsaw regions when the mask is half-turn symmetric (so the whole puzzle keeps
/// the mask's symmetry); the symmetry is otherwise the mask's own, not an option.
pub fn grid_options(pattern: &Pattern, size: Size, variant: Variant) -> VariantOptions {
    let mut options = VariantOptions::new(size, variant);
    options.symmetry = match (variant, pattern.symmetry()) {
        (Variant::Jigsaw, Symmetry::Rot180 | Symmetry::Rot90 | Symmetry::Dihedral) => {
            Symmetry::Rot180
        }
        _ => Symmetry::None,
    };
    options
}

/// The seed-path parts of puzzles on a pattern (before the tier or rating): the size and
/// variant unless classic 9×9 (and a jigsaw's layout symmetry), the mask, `minimal`.
pub fn seed_path(pattern: &Pattern, options: &VariantOptions, minimal: bool) -> Vec<String> {
    let mut path = Vec::new();
    if (options.size, options.variant) != (Size::S9, Variant::Classic) {
        path.push(format!("size={}", options.size));
        path.push(format!("variant={}", options.variant));
        if options.variant == Variant::Jigsaw {
            path.push(format!("symmetry={}", options.symmetry));
        }
    }
    path.push(pattern.seed_part());
    if minimal {
        path.push("minimal".to_string());
    }
    path
}

/// How a pattern was named: a built-in shape, or a file (as the user wrote its path).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedPattern {
    /// `heart`, or the file's path as given.
    pub name: String,
    pub pattern: Pattern,
}
