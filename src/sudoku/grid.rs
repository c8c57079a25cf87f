//! The sudoku grid and its text formats.
//!
//! The interchange format is the 81-character line used by QQWing, HoDoKu and Sudoku
//! Explainer: cells row by row, `1`-`9` for clues, `.` or `0` for blanks. A grid may also be
//! written as 9 lines of 9 cells (spaces and `|` ignored, separator lines of `-`, `+`, `=`
//! skipped). Anything after the first whitespace-separated word of an 81-character line is
//! ignored, so rated lists such as `PUZZLE RATING SOURCE` read as puzzles.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

/// A 9×9 grid: 0 for an empty cell, 1-9 for a digit. Cells are numbered 0..81 row by row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    cells: [u8; 81],
}

/// The name of a cell as solvers write it: `r1c1` .. `r9c9`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// The 27 houses (rows, then columns, then boxes), each as its 9 cells.
pub const HOUSES: [[usize; 9]; 27] = build_houses();

const fn build_houses() -> [[usize; 9]; 27] {
    let mut houses = [[0usize; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            houses[i][j] = i * 9 + j;
            houses[9 + i][j] = j * 9 + i;
            houses[18 + i][j] = (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3;
            j += 1;
        }
        i += 1;
    }
    houses
}

/// A house's name as a solver writes it: `row 3`, `column 5`, `box 9`; the grader's extra
/// houses (27 and 28 the diagonals, 29-37 the window groups of windoku) too.
pub fn house_name(house: usize) -> String {
    match house {
        0..=8 => format!("row {}", house + 1),
        9..=17 => format!("column {}", house - 8),
        18..=26 => format!("box {}", house - 17),
        27 => "the main diagonal".to_string(),
        28 => "the anti-diagonal".to_string(),
        29..=32 => format!("window {}", house - 28),
        _ => format!("window group {}", house - 28),
    }
}

impl Grid {
    /// The grid with no digits.
    pub const EMPTY: Grid = Grid { cells: [0; 81] };

    /// A grid from 81 values 0-9. Values above 9 are an error.
    pub fn from_cells(cells: [u8; 81]) -> Result<Grid> {
        if let Some(position) = cells.iter().position(|&value| value > 9) {
            return Err(Error::input(format!(
                "cell {} holds {}, not a digit 0-9",
                cell_name(position),
                cells[position]
            )));
        }
        Ok(Grid { cells })
    }

    /// Parses one grid in either text form (see the module docs). Clue conflicts are errors.
    /// Line numbers in errors count from 1 within `text`.
    pub fn parse(text: &str) -> Result<Grid> {
        let mut reader = PuzzleReader::new();
        let mut found = None;
        for (index, line) in text.lines().enumerate() {
            if let Some(result) = reader.push_line(index + 1, line) {
                if found.is_some() {
                    return Err(Error::input("more than one grid in the text").at_line(index + 1));
                }
                found = Some(result?.grid);
            }
        }
        if let Some(result) = reader.finish() {
            result?;
        }
        found.ok_or_else(|| {
            Error::input("no grid found").with_hint(
                "write 81 cells on one line (1-9 for clues, '.' or '0' for blanks) or 9 lines of 9",
            )
        })
    }

    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The value of a cell: 0 when empty.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell; `value` 0 empties it.
    ///
    /// # Panics
    /// When `cell` ≥ 81 or `value` > 9 (a programming error, never reachable from input).
    pub fn set(&mut self, cell: usize, value: u8) {
        assert!(value <= 9, "sudoku cell value {value} out of range");
        self.cells[cell] = value;
    }

    /// The number of filled cells.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&value| value != 0).count()
    }

    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&value| value != 0)
    }

    /// The first pair of equal digits sharing a house, as `(earlier cell, later cell, house)`:
    /// the pair whose later cell comes first; rows before columns before boxes.
    pub fn conflict(&self) -> Option<(usize, usize, usize)> {
        let mut seen = [0u16; 27];
        for (cell, &value) in self.cells.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let bit = 1 << value;
            let houses = [cell / 9, 9 + cell % 9, 18 + cell / 27 * 3 + cell % 9 / 3];
            for house in houses {
                if seen[house] & bit != 0 {
                    let earlier = HOUSES[house]
                        .into_iter()
                        .find(|&other| self.cells[other] == value)
                        .expect("the seen digit is in the house");
                    return Some((earlier, cell, house));
                }
            }
            for house in houses {
                seen[house] |= bit;
            }
        }
        None
    }

    /// True when this grid is complete, conflict-free and agrees with every clue of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.is_complete()
            && self.conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&clue, &value)| clue == 0 || clue == value)
    }

    /// The 81-character line with `blank` for empty cells.
    pub fn to_line_with(&self, blank: char) -> String {
        self.cells
            .iter()
            .map(|&value| {
                if value == 0 {
                    blank
                } else {
                    char::from(b'0' + value)
                }
            })
            .collect()
    }

    /// The 81-character line with `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.to_line_with('.')
    }

    /// Nine lines of nine, with box separators: for humans.
    pub fn to_pretty(&self) -> String {
        let mut out = String::new();
        for row in 0..9 {
            if row == 3 || row == 6 {
                out.push_str("------+-------+------\n");
            }
            for column in 0..9 {
                if column == 3 || column == 6 {
                    out.push_str("| ");
                }
                let value = self.cells[row * 9 + column];
                out.push(if value == 0 {
                    '.'
                } else {
                    char::from(b'0' + value)
                });
                out.push(if column == 8 { '\n' } else { ' ' });
            }
        }
        out
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl FromStr for Grid {
    type Err = Error;
    fn from_str(text: &str) -> Result<Grid> {
        Grid::parse(text)
    }
}

/// A grid read from a text, with the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedPuzzle {
    pub line: usize,
    pub grid: Grid,
}

/// Reads grids from a text one line at a time, so huge inputs stream in flat memory.
///
/// Feed lines with [`PuzzleReader::push_line`]; it returns a grid (or an error naming the
/// line and column) each time one is complete. Call [`PuzzleReader::finish`] at the end to
/// report a 9-line grid left incomplete. Blank lines and lines starting with `#` are skipped.
#[derive(Debug, Default)]
pub struct PuzzleReader {
    block: Vec<u8>,
    block_start: usize,
}

impl PuzzleReader {
    pub fn new() -> PuzzleReader {
        PuzzleReader::default()
    }

    /// Takes the next line (`line_number` counts from 1).
    pub fn push_line(&mut self, line_number: usize, line: &str) -> Option<Result<ParsedPuzzle>> {
        self.split_line(line_number, line).map(RawPuzzle::parse)
    }

    /// Like [`PuzzleReader::push_line`], but leaves the parsing of one-line puzzles (the
    /// expensive part) to [`RawPuzzle::parse`], so it can run on another thread.
    pub fn split_line(&mut self, line_number: usize, line: &str) -> Option<RawPuzzle> {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        let first_word = trimmed.split_whitespace().next().unwrap_or("");
        if self.block.is_empty() && first_word.len() == 81 && first_word.is_ascii() {
            return Some(RawPuzzle::Line {
                line: line_number,
                column: line[..line.len() - line.trim_start().len()].chars().count() + 1,
                word: first_word.to_string(),
            });
        }
        self.push_block_line(line_number, line, trimmed, first_word)
            .map(RawPuzzle::Parsed)
    }

    fn push_block_line(
        &mut self,
        line_number: usize,
        line: &str,
        trimmed: &str,
        first_word: &str,
    ) -> Option<Result<ParsedPuzzle>> {
        let first_column = || line[..line.len() - line.trim_start().len()].chars().count() + 1;
        if trimmed
            .chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace())
        {
            return None;
        }
        if first_word.chars().count() == 81 && self.block.is_empty() {
            return Some(
                parse_cells(first_word, line_number, first_column())
                    .and_then(|cells| checked_grid(cells, line_number)),
            );
        }
        // A row of a 9-line grid: 9 cells, spaces and '|' ignored.
        let mut row = Vec::with_capacity(9);
        for (column, c) in line.chars().enumerate() {
            if c.is_whitespace() || c == '|' {
                continue;
            }
            match cell_value(c) {
                Some(value) => row.push(value),
                None => return Some(Err(bad_character(c, line_number, column + 1))),
            }
        }
        if row.len() != 9 {
            let error = if self.block.is_empty() {
                Error::input(format!(
                    "expected a sudoku of 81 cells, found {} cells",
                    first_word.chars().count().max(row.len())
                ))
                .with_hint("write 81 cells on one line (1-9 for clues, '.' or '0' for blanks) or 9 lines of 9")
            } else {
                Error::input(format!(
                    "expected a row of 9 cells (row {} of the grid that starts on line {}), found {}",
                    self.block.len() / 9 + 1,
                    self.block_start,
                    row.len()
                ))
            };
            self.block.clear();
            return Some(Err(error.at_line(line_number)));
        }
        if self.block.is_empty() {
            self.block_start = line_number;
        }
        self.block.extend_from_slice(&row);
        if self.block.len() == 81 {
            let mut cells = [0u8; 81];
            cells.copy_from_slice(&self.block);
            self.block.clear();
            return Some(checked_grid(cells, self.block_start));
        }
        None
    }

    /// Reports a 9-line grid that the text left unfinished.
    pub fn finish(&mut self) -> Option<Result<ParsedPuzzle>> {
        if self.block.is_empty() {
            return None;
        }
        let rows = self.block.len() / 9;
        self.block.clear();
        Some(Err(Error::input(format!(
            "the grid starting here has only {rows} of its 9 rows"
        ))
        .at_line(self.block_start)))
    }
}

/// One puzzle cut out of a text by [`PuzzleReader::split_line`], not yet parsed.
#[derive(Clone, Debug)]
pub enum RawPuzzle {
    /// An 81-character ASCII word: the line, the column it starts at, the word.
    Line {
        line: usize,
        column: usize,
        word: String,
    },
    /// A 9-line grid (parsed while it was read) or an error.
    Parsed(Result<ParsedPuzzle>),
}

impl RawPuzzle {
    /// The line the puzzle (or its error) starts on.
    pub fn line(&self) -> usize {
        match self {
            RawPuzzle::Line { line, .. } => *line,
            RawPuzzle::Parsed(Ok(parsed)) => parsed.line,
            RawPuzzle::Parsed(Err(error)) => error.location().line.unwrap_or(0),
        }
    }

    pub fn parse(self) -> Result<ParsedPuzzle> {
        match self {
            RawPuzzle::Line { line, column, word } => {
                let mut cells = [0u8; 81];
                for (index, &byte) in word.as_bytes().iter().enumerate() {
                    cells[index] = match byte {
                        b'1'..=b'9' => byte - b'0',
                        b'.' | b'0' => 0,
                        _ => return Err(bad_character(char::from(byte), line, column + index)),
                    };
                }
                checked_grid(cells, line)
            }
            RawPuzzle::Parsed(result) => result,
        }
    }
}

/// Parses every grid in a text; each item is a grid with its line or an error.
pub fn parse_puzzles(text: &str) -> Vec<Result<ParsedPuzzle>> {
    let mut reader = PuzzleReader::new();
    let mut out: Vec<Result<ParsedPuzzle>> = text
        .lines()
        .enumerate()
        .filter_map(|(index, line)| reader.push_line(index + 1, line))
        .collect();
    out.extend(reader.finish());
    out
}

fn cell_value(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '.' | '0' => Some(0),
        _ => None,
    }
}

fn bad_character(c: char, line: usize, column: usize) -> Error {
    Error::input(format!("unexpected character {c:?} in a sudoku"))
        .at_line(line)
        .at_column(column)
        .with_hint("use 1-9 for clues and '.' or '0' for blanks")
}

fn parse_cells(word: &str, line: usize, first_column: usize) -> Result<[u8; 81]> {
    let mut cells = [0u8; 81];
    for (index, c) in word.chars().enumerate() {
        cells[index] = cell_value(c).ok_or_else(|| bad_character(c, line, first_column + index))?;
    }
    Ok(cells)
}

fn checked_grid(cells: [u8; 81], line: usize) -> Result<ParsedPuzzle> {
    let grid = Grid { cells };
    if let Some((first, second, house)) = grid.conflict() {
        return Err(Error::input(format!(
            "digit {} appears twice in {} ({} and {})",
            grid.get(first),
            house_name(house),
            cell_name(first),
            cell_name(second)
        ))
        .at_line(line)
        .with_hint("a clue may appear only once in each row, column and box"));
    }
    Ok(ParsedPuzzle { line, grid })
}
