//! A variant grid and its line format.
//!
//! ```text
//! HEAD:GIVENS[:REGIONS]
//! HEAD    = SIZE | VARIANT | SIZE-VARIANT       6x6   x   16x16-jigsaw   (case ignored)
//! SIZE    = 4x4 | 6x6 | 8x8 | 9x9 | 12x12 | 16x16  (VARIANT alone means 9x9)
//! VARIANT = x | windoku (or hyper) | jigsaw
//! GIVENS  = the cells row by row: 1-9, then A-G for 10-16 (a-g too); '.' or '0' blank
//! REGIONS = jigsaw only: one letter or digit per cell naming its region (case ignored)
//! ```
//!
//! The 81-character classic line has no colon, so the two never collide; a plain 9×9 grid
//! prints as that line. Regions are printed as `a`, `b`, … in order of first appearance.

use std::fmt;
use std::sync::Arc;

use super::geometry::{Geometry, Size, Variant};
use crate::error::{Error, Result};
use crate::sudoku::{Grid, ParsedPuzzle, PuzzleReader, RawPuzzle};

/// A grid of any variant: 0 for an empty cell, `1..=side` for a digit.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct VariantGrid {
    geometry: Arc<Geometry>,
    cells: Vec<u8>,
}

/// The character of a value: `1`-`9`, then `A`-`G` for 10-16; `.` for 0.
pub fn value_char(value: u8) -> char {
    match value {
        0 => '.',
        1..=9 => char::from(b'0' + value),
        _ => char::from(b'A' + value - 10),
    }
}

/// A value as words print it: its number (`12`, where a line writes `C`), as the grids of
/// a book show it.
pub fn value_word(value: u8) -> String {
    value.to_string()
}

/// The value of a given's character (any size), or `None` when it is not one.
pub fn char_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='G' => Some(c as u8 - b'A' + 10),
        'a'..='g' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

impl VariantGrid {
    /// The empty grid of a geometry.
    pub fn empty(geometry: Arc<Geometry>) -> VariantGrid {
        let cells = vec![0; geometry.cells()];
        VariantGrid { geometry, cells }
    }

    /// A grid from its values; they must fit the geometry (a programming error otherwise).
    pub fn from_cells(geometry: Arc<Geometry>, cells: Vec<u8>) -> VariantGrid {
        assert_eq!(cells.len(), geometry.cells(), "one value per cell");
        assert!(
            cells.iter().all(|&v| usize::from(v) <= geometry.side()),
            "values fit the size"
        );
        VariantGrid { geometry, cells }
    }

    /// The classic grid as a 9×9 variant grid.
    pub fn from_classic(grid: &Grid) -> VariantGrid {
        let geometry = Geometry::regular(Size::S9, Variant::Classic).expect("9x9 exists");
        VariantGrid::from_cells(Arc::new(geometry), grid.cells().to_vec())
    }

    /// The classic 9×9 grid, when this is one.
    pub fn to_classic(&self) -> Option<Grid> {
        if !self.geometry.is_classic_9x9() {
            return None;
        }
        let mut cells = [0u8; 81];
        cells.copy_from_slice(&self.cells);
        Grid::from_cells(cells).ok()
    }

    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell; 0 empties it.
    pub fn set(&mut self, cell: usize, value: u8) {
        assert!(usize::from(value) <= self.geometry.side(), "value fits");
        self.cells[cell] = value;
    }

    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first two equal values in one house, as `(earlier, later, house)`: the pair
    /// whose later cell comes first in reading order.
    pub fn conflict(&self) -> Option<(usize, usize, usize)> {
        let geometry = &self.geometry;
        let mut seen = vec![0u16; geometry.house_count()];
        for (cell, &value) in self.cells.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let bit = 1u16 << (value - 1);
            for &house in geometry.houses_of(cell) {
                let house = usize::from(house);
                if seen[house] & bit != 0 {
                    let earlier = geometry
                        .house(house)
                        .iter()
                        .map(|&other| usize::from(other))
                        .find(|&other| other != cell && self.cells[other] == value)
                        .expect("the seen value is in the house");
                    return Some((earlier, cell, house));
                }
            }
            for &house in geometry.houses_of(cell) {
                seen[usize::from(house)] |= bit;
            }
        }
        None
    }

    /// True when this grid is complete, conflict-free and keeps every given of `puzzle`.
    pub fn solves(&self, puzzle: &VariantGrid) -> bool {
        self.geometry == puzzle.geometry
            && self.is_complete()
            && self.conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &value)| given == 0 || given == value)
    }

    /// The line's head: `6x6`, `x`, `16x16-jigsaw`; empty for the classic 9×9.
    pub fn head(&self) -> String {
        head(self.geometry.size(), self.geometry.variant())
    }

    /// The line (see the module docs); the 81-character line for a classic 9×9 grid.
    pub fn to_line(&self) -> String {
        let mut line = String::with_capacity(24 + 2 * self.cells.len());
        if !self.geometry.is_classic_9x9() {
            push_head(&mut line, self.geometry.size(), self.geometry.variant());
            line.push(':');
        }
        line.extend(self.cells.iter().map(|&v| value_char(v)));
        if self.geometry.variant() == Variant::Jigsaw {
            line.push(':');
            line.extend(
                self.geometry
                    .regions()
                    .iter()
                    .map(|&region| char::from(b'a' + region)),
            );
        }
        line
    }

    /// Rows of cells separated by spaces: for humans.
    pub fn to_pretty(&self) -> String {
        let side = self.geometry.side();
        let mut out = String::new();
        for row in self.cells.chunks(side) {
            let text: Vec<String> = row.iter().map(|&v| value_char(v).to_string()).collect();
            out.push_str(&text.join(" "));
            out.push('\n');
        }
        out
    }
}

/// The head of a line for a size and a variant (empty for the classic 9×9).
pub fn head(size: Size, variant: Variant) -> String {
    let mut head = String::new();
    push_head(&mut head, size, variant);
    head
}

/// Writes [`head`] at the end of `line`.
fn push_head(line: &mut String, size: Size, variant: Variant) {
    match (size, variant) {
        (Size::S9, Variant::Classic) => {}
        (_, Variant::Classic) => line.push_str(size.name()),
        (Size::S9, _) => line.push_str(variant.name()),
        _ => {
            line.push_str(size.name());
            line.push('-');
            line.push_str(variant.name());
        }
    }
}

impl fmt::Display for VariantGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for VariantGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VariantGrid({})", self.to_line())
    }
}

/// Reads the size and variant of a head (`6x6`, `x`, `16x16-jigsaw`).
pub fn parse_head(head: &str) -> Result<(Size, Variant)> {
    let bad = || {
        Error::input(format!("unknown sudoku kind {head:?} before the colon")).with_hint(
            "write SIZE, VARIANT or SIZE-VARIANT before the colon, e.g. 6x6:, x:, windoku:, 16x16-jigsaw:",
        )
    };
    let (size, variant) = match head.split_once('-') {
        Some((size, variant)) => (
            size.parse::<Size>().map_err(|_| bad())?,
            variant.parse::<Variant>().map_err(|_| bad())?,
        ),
        None => match head.parse::<Size>() {
            Ok(size) => (size, Variant::Classic),
            Err(_) => (Size::S9, head.parse::<Variant>().map_err(|_| bad())?),
        },
    };
    variant.check_size(size)?;
    Ok((size, variant))
}

/// Parses one variant word (the first word of a line). `line` and `column` place its first
/// character. Without a colon the word is read as the givens of `default`.
pub fn parse_word(
    word: &str,
    line: usize,
    column: usize,
    default: Option<(Size, Variant)>,
) -> Result<VariantGrid> {
    let at = |error: Error, offset: usize| error.at_line(line).at_column(column + offset);
    let parts: Vec<(usize, &str)> = split_parts(word);
    if parts.len() > 3 {
        return Err(at(
            Error::input("a sudoku line has at most three parts: HEAD:GIVENS:REGIONS")
                .with_hint("remove the extra colon"),
            parts[3].0 - 1,
        ));
    }
    let (geometry_parts, givens, regions) = match parts.as_slice() {
        [(_, givens)] => {
            let Some(default) = default else {
                return Err(at(
                    Error::input("a variant line needs its kind before a colon, e.g. 6x6:"),
                    0,
                ));
            };
            if default.1 == Variant::Jigsaw {
                return Err(at(
                    Error::input("a jigsaw line needs its regions: write jigsaw:GIVENS:REGIONS"),
                    0,
                ));
            }
            (default, (0, *givens), None)
        }
        [(_, head), givens, rest @ ..] => {
            let kind = parse_head(head).map_err(|error| at(error, 0))?;
            (kind, *givens, rest.first().copied())
        }
        [] => unreachable!("split yields at least one part"),
    };
    let (size, variant) = geometry_parts;
    let (givens_offset, givens) = givens;
    let cells = size.cells();
    let mut values = Vec::with_capacity(cells);
    for (index, c) in givens.chars().enumerate() {
        if index >= cells {
            break;
        }
        let Some(value) = char_value(c) else {
            return Err(at(
                Error::input(format!("unexpected character {c:?} in a sudoku"))
                    .with_hint("use 1-9 and A-G (for 10-16) for givens, '.' or '0' for blanks"),
                givens_offset + index,
            ));
        };
        if usize::from(value) > size.side() {
            return Err(at(
                Error::input(format!(
                    "{c:?} is out of range for a {size} sudoku, whose values are 1 to {}",
                    value_char(size.side() as u8)
                )),
                givens_offset + index,
            ));
        }
        values.push(value);
    }
    let count = givens.chars().count();
    if count != cells {
        return Err(at(
            Error::input(format!(
                "expected {cells} cells for a {size} sudoku, found {count}"
            ))
            .with_hint(format!(
                "write the {} rows of {} cells one after another",
                size.side(),
                size.side()
            )),
            givens_offset,
        ));
    }
    let geometry = match (variant, regions) {
        (Variant::Jigsaw, None) => {
            return Err(at(
                Error::input("a jigsaw line needs its regions after a second colon")
                    .with_hint("write HEAD:GIVENS:REGIONS, one letter per cell naming its region"),
                givens_offset + count,
            ));
        }
        (Variant::Jigsaw, Some((offset, text))) => {
            let mut labels = Vec::with_capacity(cells);
            for (index, c) in text.chars().enumerate() {
                if !c.is_ascii_alphanumeric() {
                    return Err(at(
                        Error::input(format!("unexpected character {c:?} in a region layout"))
                            .with_hint("name each cell's region with a letter or a digit"),
                        offset + index,
                    ));
                }
                labels.push(c.to_ascii_lowercase() as u8);
            }
            if labels.len() != cells {
                return Err(at(
                    Error::input(format!(
                        "expected {cells} region letters for a {size} jigsaw, found {}",
                        labels.len()
                    )),
                    offset,
                ));
            }
            Geometry::jigsaw(size, &labels).map_err(|(error, cell)| at(error, offset + cell))?
        }
        (_, Some((offset, _))) => {
            return Err(at(
                Error::input(format!(
                    "only jigsaw lines carry regions; a {} line has two parts",
                    head(size, variant)
                )),
                offset - 1,
            ));
        }
        (_, None) => Geometry::regular(size, variant).map_err(|error| at(error, 0))?,
    };
    let grid = VariantGrid::from_cells(Arc::new(geometry), values);
    if let Some((first, second, house)) = grid.conflict() {
        let geometry = grid.geometry();
        return Err(at(
            Error::input(format!(
                "{} appears twice in {} ({} and {})",
                value_char(grid.get(first)),
                geometry.house_name(house),
                geometry.cell_name(first),
                geometry.cell_name(second)
            ))
            .with_hint("a value may appear only once in each house"),
            givens_offset + second,
        ));
    }
    Ok(grid)
}

/// The colon-separated parts of a word with the character offset each starts at.
fn split_parts(word: &str) -> Vec<(usize, &str)> {
    let mut parts = Vec::new();
    let mut start_byte = 0;
    let mut start_char = 0;
    for (index, (byte, c)) in word.char_indices().enumerate() {
        if c == ':' {
            parts.push((start_char, &word[start_byte..byte]));
            start_byte = byte + 1;
            start_char = index + 1;
        }
    }
    parts.push((start_char, &word[start_byte..]));
    parts
}

/// A puzzle read from a text, with the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedVariant {
    pub line: usize,
    pub grid: VariantGrid,
}

/// Parses a one-line puzzle of any kind: a variant line, or the classic 81-character line
/// (or 9 lines of 9).
pub fn parse_any(text: &str) -> Result<VariantGrid> {
    let trimmed = text.trim();
    let word = trimmed.split_whitespace().next().unwrap_or("");
    if word.contains(':') {
        let column = text.lines().next().map_or(1, |first| {
            first[..first.len() - first.trim_start().len()]
                .chars()
                .count()
                + 1
        });
        return parse_word(word, 1, column, None);
    }
    Grid::parse(text).map(|grid| VariantGrid::from_classic(&grid))
}

/// Reads puzzles of any kind from a text one line at a time: variant lines (and, when a
/// default geometry is given, bare givens of that geometry) here, everything else by the
/// classic [`PuzzleReader`] (81-character lines and 9-line grids).
#[derive(Debug, Default)]
pub struct AnyReader {
    classic: PuzzleReader,
    default: Option<(Size, Variant)>,
}

/// One puzzle cut out of a text by [`AnyReader::split_line`], not yet parsed.
#[derive(Clone, Debug)]
pub enum RawAny {
    Classic(RawPuzzle),
    Variant {
        line: usize,
        column: usize,
        word: String,
        default: Option<(Size, Variant)>,
    },
}

/// A puzzle read from a text: a classic grid, a variant grid or a killer, with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyPuzzle {
    Classic(ParsedPuzzle),
    Variant(ParsedVariant),
    Killer(ParsedKiller),
}

/// A killer read from a text, with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedKiller {
    pub line: usize,
    pub killer: crate::sudoku::killer::Killer,
}

impl AnyPuzzle {
    pub fn line(&self) -> usize {
        match self {
            AnyPuzzle::Classic(parsed) => parsed.line,
            AnyPuzzle::Variant(parsed) => parsed.line,
            AnyPuzzle::Killer(parsed) => parsed.line,
        }
    }
}

impl AnyReader {
    /// A reader; bare givens are read as `default` when it is given and not the classic 9×9.
    pub fn new(default: Option<(Size, Variant)>) -> AnyReader {
        AnyReader {
            classic: PuzzleReader::new(),
            default: default.filter(|&kind| kind != (Size::S9, Variant::Classic)),
        }
    }

    /// Takes the next line (`line_number` counts from 1); a puzzle when one is complete.
    pub fn split_line(&mut self, line_number: usize, line: &str) -> Option<RawAny> {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        let word = trimmed.split_whitespace().next().unwrap_or("");
        if word.contains(':') || self.default.is_some() {
            return Some(RawAny::Variant {
                line: line_number,
                column: line[..line.len() - line.trim_start().len()].chars().count() + 1,
                word: word.to_string(),
                default: self.default,
            });
        }
        self.classic
            .split_line(line_number, line)
            .map(RawAny::Classic)
    }

    /// Reports a 9-line grid that the text left unfinished.
    pub fn finish(&mut self) -> Option<RawAny> {
        self.classic
            .finish()
            .map(|result| RawAny::Classic(RawPuzzle::Parsed(result)))
    }
}

impl RawAny {
    /// The line the puzzle (or its error) starts on.
    pub fn line(&self) -> usize {
        match self {
            RawAny::Classic(raw) => raw.line(),
            RawAny::Variant { line, .. } => *line,
        }
    }

    pub fn parse(self) -> Result<AnyPuzzle> {
        match self {
            RawAny::Classic(raw) => raw.parse().map(AnyPuzzle::Classic),
            RawAny::Variant {
                line,
                column,
                word,
                default,
            } => match crate::sudoku::killer::Killer::parse_word(&word, column) {
                Some(killer) => killer
                    .map(|killer| AnyPuzzle::Killer(ParsedKiller { line, killer }))
                    .map_err(|error| error.at_line(line)),
                None => parse_word(&word, line, column, default)
                    .map(|grid| AnyPuzzle::Variant(ParsedVariant { line, grid })),
            },
        }
    }
}
