//! A deliberately simple solution counter, used only to check the fast solver.
//!
//! It tries every value of the operands that the row lengths allow (every addend; minuend
//! and subtrahend; multiplicand and multiplier; dividend and divisor), works the arithmetic
//! out in full and compares it with the puzzle. Hopelessly slow beyond a few digits, but
//! obviously right.

use super::model::{Operation, Puzzle, Row};

/// The values a row of `len` digits can hold.
fn range(row: &Row) -> std::ops::Range<u64> {
    let len = row.len() as u32;
    if len == 1 {
        0..10
    } else {
        10u64.pow(len - 1)..10u64.pow(len)
    }
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
        if let Ok(candidate) = Puzzle::from_operands(puzzle.operation(), operands)
            && candidate.solves(puzzle)
        {
            found.push(candidate);
        }
        return;
    }
    for value in range(operand_rows[index]) {
        operands[index] = value;
        enumerate(puzzle, operand_rows, index + 1, operands, found);
    }
}

/// The number of solutions of `puzzle`.
pub fn count_solutions(puzzle: &Puzzle) -> u64 {
    solutions(puzzle).len() as u64
}
