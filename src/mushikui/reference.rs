//! A deliberately simple solution counter, used only to check the fast solver.
//!
//! It tries every value of the operands that the row lengths allow (every addend; minuend
//! and subtrahend; multiplicand and multiplier; dividend and divisor) that agrees with the
//! digits its own row shows, works the arithmetic out in full and compares it with the
//! puzzle. Hopelessly slow beyond a few digits, but obviously right.

use super::model::{Operation, Puzzle, Row, complete_values};

/// The values a row of its length can hold that agree with the digits it shows.
fn values(row: &Row) -> impl Iterator<Item = u64> + '_ {
    let len = row.len() as u32;
    let range = if len == 1 {
        0..10
    } else {
        10u64.pow(len - 1)..10u64.pow(len)
    };
    range.filter(|&value| shows(row, value))
}

/// True when `value`, written out, has every digit `row` shows in its place.
fn shows(row: &Row, mut value: u64) -> bool {
    for cell in row.cells().iter().rev() {
        let digit = (value % 10) as u8;
        value /= 10;
        if cell.is_some_and(|shown| shown != digit) {
            return false;
        }
    }
    true
}

/// Every solution of `puzzle`, in operand order.
pub fn solutions(puzzle: &Puzzle) -> Vec<Puzzle> {
    let rows = puzzle.rows();
    let operation = puzzle.operation();
    let operand_rows: Vec<&Row> = match operation {
        Operation::Add => rows[..rows.len() - 1].iter().collect(),
        Operation::Sub | Operation::Mul => vec![&rows[0], &rows[1]],
        Operation::Div => vec![&rows[2], &rows[1]],
    };
    let mut found = Vec::new();
    let mut operands = vec![0u64; operand_rows.len()];
    enumerate(puzzle, &operand_rows, 0, &mut operands, &mut found);
    found
}

fn enumerate(
    puzzle: &Puzzle,
    operand_rows: &[&Row],
    index: usize,
    operands: &mut Vec<u64>,
    found: &mut Vec<Puzzle>,
) {
    if index == operand_rows.len() {
        if agrees(puzzle, operands)
            && let Ok(candidate) = Puzzle::from_operands(puzzle.operation(), operands)
            && candidate.solves(puzzle)
        {
            found.push(candidate);
        }
        return;
    }
    for value in values(operand_rows[index]) {
        operands[index] = value;
        enumerate(puzzle, operand_rows, index + 1, operands, found);
    }
}

/// True when every row the operands work out to has its row's length and shown digits: a
/// quick look before the candidate is built and checked in full.
fn agrees(puzzle: &Puzzle, operands: &[u64]) -> bool {
    let Ok(values) = complete_values(puzzle.operation(), operands) else {
        return false;
    };
    let rows = puzzle.rows();
    values.len() == rows.len()
        && values
            .iter()
            .zip(rows)
            .all(|(&value, row)| digit_count(value) == row.len() && shows(row, value))
}

fn digit_count(value: u64) -> usize {
    value.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// The number of solutions of `puzzle`.
pub fn count_solutions(puzzle: &Puzzle) -> u64 {
    solutions(puzzle).len() as u64
}
