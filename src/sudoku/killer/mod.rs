//! Killer sudoku: the grid divided into cages, each with the sum of its digits; no digit
//! repeats in a row, column, box or cage, and usually no digit is given.
//!
//! [`Killer`] is the puzzle and its line format, [`solver`] the exact solver and counter
//! (cage sums pruned through the digit combinations that can make them), [`reference`] a
//! simple counter that checks it, [`generate`] makes puzzles unique without givens by
//! merging cages of a solution while the solution stays the only one.
//!
//! ```text
//! killer:GIVENS:CAGES:SUMS          (9×9; 6x6-killer: and 4x4-killer: for the small sizes)
//! GIVENS  one character per cell, '.' or '0' for blank (usually all blank)
//! CAGES   one character per cell naming its cage: a-z, A-Z, 0-9 (case matters)
//! SUMS    the cages' sums, comma-separated, in the order the labels first appear
//! ```

pub mod generate;
pub mod grade;
pub mod reference;
pub mod solver;
pub mod walkthrough;
pub mod words;

use std::sync::Arc;

use crate::error::{Error, Result};
use crate::sudoku::variant::geometry::{CellSet, Geometry, Size, Variant, is_connected};

/// The cage labels, in the order a printed line uses them.
pub const LABELS: &[u8; 62] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The sizes killers are made in.
pub const SIZES: [Size; 3] = [Size::S4, Size::S6, Size::S9];

/// A cage: its cells (ascending) and the sum of their digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    pub cells: Vec<u16>,
    pub sum: u16,
}

/// A killer sudoku: its grid, givens and cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Killer {
    geometry: Arc<Geometry>,
    givens: Vec<u8>,
    /// The cage of each cell (an index into `cages`).
    cage_of: Vec<u8>,
    cages: Vec<Cage>,
}

/// The cages of a labelling (each label below `sums.len()`): their cells, ascending, and sums.
fn gather_cages(cage_of: &[u8], sums: &[u16]) -> Vec<Cage> {
    // Each cage's cells are counted first, so that each list is allocated once.
    let mut sizes = vec![0usize; sums.len()];
    for &cage in cage_of {
        sizes[usize::from(cage)] += 1;
    }
    let mut cages: Vec<Cage> = sums
        .iter()
        .zip(sizes)
        .map(|(&sum, size)| Cage {
            cells: Vec::with_capacity(size),
            sum,
        })
        .collect();
    for (cell, &cage) in cage_of.iter().enumerate() {
        cages[usize::from(cage)].cells.push(cell as u16);
    }
    cages
}

/// The smallest and largest sums of `count` distinct digits from 1 to `side`.
pub fn sum_bounds(count: usize, side: usize) -> (u16, u16) {
    let low: usize = (1..=count).sum();
    let high: usize = (side + 1 - count.min(side)..=side).sum();
    (low as u16, high as u16)
}

impl Killer {
    /// A killer from its parts, checked: the cages cover the grid, each is connected and
    /// no larger than a house, each sum can be made by its cells' digits, givens fit.
    pub fn new(size: Size, givens: Vec<u8>, cage_of: Vec<u8>, sums: &[u16]) -> Result<Killer> {
        Killer::build(size, givens, cage_of, sums).map_err(|(error, _)| error)
    }

    /// A killer whose cages the generator grew side to side on its solution (connected,
    /// with sums their digits make), built without [`Killer::new`]'s checks, which its
    /// thousands of trial puzzles would repeat; debug builds check all the same.
    pub(super) fn from_made(size: Size, givens: Vec<u8>, cage_of: Vec<u8>, sums: &[u16]) -> Killer {
        debug_assert!(Killer::new(size, givens.clone(), cage_of.clone(), sums).is_ok());
        let geometry = crate::sudoku::variant::generate::regular_geometry(size, Variant::Classic);
        let cages = gather_cages(&cage_of, sums);
        Killer {
            geometry,
            givens,
            cage_of,
            cages,
        }
    }

    /// As [`Killer::new`]; a failure also names the cell (or, for a sum, the cage) at fault.
    fn build(
        size: Size,
        givens: Vec<u8>,
        cage_of: Vec<u8>,
        sums: &[u16],
    ) -> std::result::Result<Killer, (Error, Fault)> {
        if !SIZES.contains(&size) {
            return Err((
                Error::input(format!("killers come in 4x4, 6x6 and 9x9, not {size}")),
                Fault::Head,
            ));
        }
        // Killer sizes are regular classic grids: built once per thread.
        let geometry = crate::sudoku::variant::generate::regular_geometry(size, Variant::Classic);
        let (cells, side) = (geometry.cells(), geometry.side());
        let cage_count = cage_of
            .iter()
            .map(|&cage| usize::from(cage) + 1)
            .max()
            .unwrap_or(0);
        if sums.len() != cage_count {
            return Err((
                Error::input(format!("{} sums for {cage_count} cages", sums.len()))
                    .with_hint("give one sum per cage, in the order the cage labels first appear"),
                Fault::Sums,
            ));
        }
        let cages = gather_cages(&cage_of[..cells.min(cage_of.len())], sums);
        for (index, cage) in cages.iter().enumerate() {
            let first = usize::from(cage.cells[0]);
            if cage.cells.len() > side {
                return Err((
                    Error::input(format!(
                        "cage {} has {} cells; a cage holds at most {side}",
                        label(index),
                        cage.cells.len()
                    )),
                    Fault::Cell(first),
                ));
            }
            let mut set = CellSet::EMPTY;
            for &cell in &cage.cells {
                set.insert(usize::from(cell));
            }
            if !is_connected(side, set) {
                return Err((
                    Error::input(format!("cage {} is not connected", label(index))).with_hint(
                        "a cage's cells join side to side; use another label for the other part",
                    ),
                    Fault::Cell(first),
                ));
            }
            let (low, high) = sum_bounds(cage.cells.len(), side);
            if !(low..=high).contains(&cage.sum) {
                return Err((
                    Error::input(format!(
                        "cage {} has {} cells, which cannot add up to {} (only {low} to {high})",
                        label(index),
                        cage.cells.len(),
                        cage.sum
                    )),
                    Fault::Sum(index),
                ));
            }
            let mut seen = 0u16;
            let mut given_sum = 0u16;
            let mut open = 0;
            for &cell in &cage.cells {
                let value = givens[usize::from(cell)];
                if value == 0 {
                    open += 1;
                    continue;
                }
                if seen & 1 << value != 0 {
                    return Err((
                        Error::input(format!("{value} is given twice in cage {}", label(index))),
                        Fault::Cell(usize::from(cell)),
                    ));
                }
                seen |= 1 << value;
                given_sum += u16::from(value);
            }
            let rest = cage.sum.checked_sub(given_sum);
            let possible = rest.is_some_and(|rest| {
                solver::combinations(open, rest, side)
                    .iter()
                    .any(|&digits| digits & seen == 0)
            });
            if !possible {
                return Err((
                    Error::input(format!(
                        "the givens of cage {} leave no digits to make its sum {}",
                        label(index),
                        cage.sum
                    )),
                    Fault::Sum(index),
                ));
            }
        }
        let killer = Killer {
            geometry,
            givens,
            cage_of,
            cages,
        };
        if let Some((cell, value)) = killer.repeated_given() {
            return Err((
                Error::input(format!(
                    "{value} is given twice in a house of {}",
                    killer.geometry.cell_name(cell)
                )),
                Fault::Cell(cell),
            ));
        }
        Ok(killer)
    }

    /// A given repeated in a row, column or box: the second cell and its value.
    fn repeated_given(&self) -> Option<(usize, u8)> {
        for house in 0..self.geometry.house_count() {
            let mut seen = 0u32;
            for &cell in self.geometry.house(house) {
                let value = self.givens[usize::from(cell)];
                if value != 0 {
                    if seen & 1 << value != 0 {
                        return Some((usize::from(cell), value));
                    }
                    seen |= 1 << value;
                }
            }
        }
        None
    }

    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    pub fn size(&self) -> Size {
        self.geometry.size()
    }

    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage index of each cell.
    pub fn cage_of(&self) -> &[u8] {
        &self.cage_of
    }

    /// The same cages with other givens (a solution's digits, say).
    pub fn with_givens(&self, givens: Vec<u8>) -> Killer {
        Killer {
            givens,
            ..self.clone()
        }
    }

    /// True when `values` is a complete grid that keeps every rule and every given.
    pub fn is_solved_by(&self, values: &[u8]) -> bool {
        let side = self.geometry.side() as u8;
        if values.len() != self.geometry.cells()
            || values.iter().any(|&value| value == 0 || value > side)
            || values
                .iter()
                .zip(&self.givens)
                .any(|(&value, &given)| given != 0 && given != value)
        {
            return false;
        }
        let houses_hold_each_once = (0..self.geometry.house_count()).all(|house| {
            let mut seen = 0u32;
            self.geometry.house(house).iter().all(|&cell| {
                let bit = 1 << values[usize::from(cell)];
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            })
        });
        houses_hold_each_once && self.cages_hold(values)
    }

    /// True when every cage of the killer holds distinct digits of its sum in `values` (a
    /// whole grid): for a grid already known to be a sudoku, that it solves the killer.
    pub fn cages_hold(&self, values: &[u8]) -> bool {
        self.cages.iter().all(|cage| {
            let mut seen = 0u32;
            let mut sum = 0u16;
            cage.cells.iter().all(|&cell| {
                let value = values[usize::from(cell)];
                let fresh = seen & 1 << value == 0;
                seen |= 1 << value;
                sum += u16::from(value);
                fresh
            }) && sum == cage.sum
        })
    }

    /// The head of the line: `killer` for 9×9, `6x6-killer` for the others.
    pub fn head(&self) -> String {
        match self.size() {
            Size::S9 => "killer".to_string(),
            size => format!("{size}-killer"),
        }
    }

    /// The line: `HEAD:GIVENS:CAGES:SUMS`, cages labelled in the order they first appear.
    pub fn to_line(&self) -> String {
        let mut label_of = vec![None; self.cages.len()];
        let mut order = Vec::with_capacity(self.cages.len());
        let mut cages = String::with_capacity(self.cage_of.len());
        for &cage in &self.cage_of {
            let label = *label_of[usize::from(cage)].get_or_insert_with(|| {
                order.push(usize::from(cage));
                LABELS[order.len() - 1]
            });
            cages.push(char::from(label));
        }
        let givens: String = self
            .givens
            .iter()
            .map(|&value| {
                if value == 0 {
                    '.'
                } else {
                    char::from(b'0' + value)
                }
            })
            .collect();
        let sums: Vec<String> = order
            .iter()
            .map(|&cage| self.cages[cage].sum.to_string())
            .collect();
        format!("{}:{givens}:{cages}:{}", self.head(), sums.join(","))
    }

    /// Reads a line (its first word); `column` is where the word starts in its line, for
    /// errors. `None` when the word is not a killer line (its head names no killer).
    pub fn parse_word(word: &str, column: usize) -> Option<Result<Killer>> {
        let (head, rest) = word.split_once(':')?;
        let size = match head.to_ascii_lowercase().as_str() {
            "killer" | "9x9-killer" => Size::S9,
            "6x6-killer" => Size::S6,
            "4x4-killer" => Size::S4,
            _ => return None,
        };
        Some(parse_parts(size, head.len() + 1, rest, column))
    }
}

/// What part of a line a failure points at.
enum Fault {
    Head,
    Sums,
    Sum(usize),
    Cell(usize),
}

fn label(index: usize) -> char {
    LABELS.get(index).map_or('?', |&label| char::from(label))
}

/// Parses `GIVENS:CAGES:SUMS`, which starts `offset` bytes into the word at `column`.
fn parse_parts(size: Size, offset: usize, rest: &str, column: usize) -> Result<Killer> {
    let cells = size.cells();
    let at = |index: usize| column + offset + index;
    let mut parts = rest.splitn(3, ':');
    let (Some(givens), Some(cages), Some(sums)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(Error::input(
            "a killer line has four parts: HEAD:GIVENS:CAGES:SUMS",
        )
        .at_column(at(0))
        .with_hint("e.g. killer:.................................................................................:aabbc…:3,17,…"));
    };
    let givens_at = 0;
    let cages_at = givens.len() + 1;
    let sums_at = cages_at + cages.len() + 1;
    if givens.chars().count() != cells {
        return Err(Error::input(format!(
            "a {size} killer has {cells} givens ('.' for blank), not {}",
            givens.chars().count()
        ))
        .at_column(at(givens_at)));
    }
    let side = size.side() as u8;
    let mut values = Vec::with_capacity(cells);
    for (index, ch) in givens.chars().enumerate() {
        let value = match ch {
            '.' | '0' => 0,
            '1'..='9' if (ch as u8 - b'0') <= side => ch as u8 - b'0',
            _ => {
                return Err(Error::input(format!(
                    "{ch:?} is not a given of a {size} killer (1 to {side}, or '.' for blank)"
                ))
                .at_column(at(givens_at + index)));
            }
        };
        values.push(value);
    }
    if cages.chars().count() != cells {
        return Err(Error::input(format!(
            "a {size} killer names the cage of each of its {cells} cells, not {}",
            cages.chars().count()
        ))
        .at_column(at(cages_at)));
    }
    let mut index_of = [u8::MAX; 128];
    let mut cage_of = Vec::with_capacity(cells);
    let mut count = 0u8;
    for (index, ch) in cages.chars().enumerate() {
        if !ch.is_ascii_alphanumeric() {
            return Err(
                Error::input(format!("{ch:?} is not a cage label (a-z, A-Z, 0-9)"))
                    .at_column(at(cages_at + index)),
            );
        }
        let slot = &mut index_of[ch as usize];
        if *slot == u8::MAX {
            *slot = count;
            count += 1;
        }
        cage_of.push(*slot);
    }
    let mut numbers = Vec::new();
    let mut offsets = Vec::new();
    let mut position = 0;
    for part in sums.split(',') {
        offsets.push(sums_at + position);
        let number = part.parse::<u16>().ok().filter(|&n| n > 0).ok_or_else(|| {
            Error::input(format!("{part:?} is not a cage sum")).at_column(at(sums_at + position))
        })?;
        numbers.push(number);
        position += part.len() + 1;
    }
    // The cells of a cage, in line order: where errors about it point.
    let first_cell = |cage: usize| cage_of.iter().position(|&c| usize::from(c) == cage);
    Killer::build(size, values, cage_of.clone(), &numbers).map_err(|(error, fault)| {
        let column = match fault {
            Fault::Head => column,
            Fault::Sums => at(sums_at),
            Fault::Sum(cage) => offsets.get(cage).map_or(at(sums_at), |&offset| at(offset)),
            Fault::Cell(cell) => {
                let _ = first_cell;
                at(cages_at + cell)
            }
        };
        error.at_column(column)
    })
}
