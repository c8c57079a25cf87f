//! Givens that contradict the arithmetic on their own are input errors, found at parse time.
//!
//! These checks are local: a relation whose inputs are all shown (a partial product of a shown
//! multiplicand and multiplier digit, a sum of shown addends), a column whose digits are all
//! shown, the last digit of a product, a brought-down digit. A puzzle that passes them may
//! still have no solution; the solver reports that.

use super::model::{Operation, Puzzle, Row};
use crate::error::{Error, Result};

/// Maps (row, digit index from the left) to a column of the input line.
pub type ColumnOf<'a> = &'a dyn Fn(usize, usize) -> usize;

struct Checker<'a> {
    puzzle: &'a Puzzle,
    column_of: Option<ColumnOf<'a>>,
}

impl Checker<'_> {
    fn row(&self, index: usize) -> &Row {
        &self.puzzle.rows()[index]
    }

    fn name(&self, row: usize) -> String {
        self.puzzle.roles()[row].name()
    }

    fn error(&self, row: usize, index: usize, message: String) -> Error {
        let error = Error::input(format!("the givens contradict the arithmetic: {message}"));
        match self.column_of {
            Some(column_of) => error.at_column(column_of(row, index)),
            None => error,
        }
    }

    /// Checks that row `row` can be `value`: same length, shown digits agree.
    fn expect(&self, row: usize, value: u64, reason: &str) -> Result<()> {
        let expected = Row::from_value(value);
        let actual = self.row(row);
        if expected.len() != actual.len() {
            return Err(self.error(
                row,
                0,
                format!(
                    "{reason} is {value}, which has {} digits, but the {} has {}",
                    expected.len(),
                    self.name(row),
                    actual.len()
                ),
            ));
        }
        for (index, (want, have)) in expected.cells().iter().zip(actual.cells()).enumerate() {
            if have.is_some() && have != want {
                return Err(self.error(
                    row,
                    index,
                    format!(
                        "{reason} is {value}, so digit {} of the {} is {}, not {}",
                        index + 1,
                        self.name(row),
                        want.unwrap_or(0),
                        have.unwrap_or(0)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The shown digit of `row` at `position` from the right; 0 beyond the row.
    fn at(&self, row: usize, position: usize) -> Option<u8> {
        self.row(row).from_right(position)
    }

    /// A column whose digits are all shown must add up for some carries in range:
    /// `terms + carry_in = result + 10 × carry_out`.
    fn column(
        &self,
        terms: &[(usize, usize)],
        result: (usize, usize),
        carry_in_max: u32,
        carry_out_max: u32,
    ) -> Result<()> {
        let mut total = 0u32;
        for &(row, position) in terms {
            match self.at(row, position) {
                Some(digit) => total += u32::from(digit),
                None => return Ok(()),
            }
        }
        let Some(digit) = self.at(result.0, result.1) else {
            return Ok(());
        };
        let fits = (0..=carry_in_max).any(|carry_in| {
            let value = total + carry_in;
            value % 10 == u32::from(digit) && value / 10 <= carry_out_max
        });
        if fits {
            return Ok(());
        }
        let (row, position) = result;
        let length = self.row(row).len();
        let index = length.saturating_sub(1 + position);
        Err(self.error(
            row,
            index,
            format!(
                "column {} from the right cannot add up to {digit} in the {}",
                position + 1,
                self.name(row)
            ),
        ))
    }
}

/// Checks the givens of a puzzle whose shape is already valid.
pub fn check_givens(puzzle: &Puzzle, column_of: Option<ColumnOf<'_>>) -> Result<()> {
    let checker = Checker { puzzle, column_of };
    match puzzle.operation() {
        Operation::Add => {
            let addends: Vec<usize> = (0..puzzle.rows().len() - 1).collect();
            check_sum(&checker, &addends, puzzle.rows().len() - 1)
        }
        Operation::Sub => check_sum(&checker, &[1, 2], 0),
        Operation::Mul => check_multiplication(&checker),
        Operation::Div => check_division(&checker),
    }
}

fn check_sum(checker: &Checker<'_>, addends: &[usize], sum: usize) -> Result<()> {
    let values: Option<Vec<u64>> = addends
        .iter()
        .map(|&row| checker.row(row).value())
        .collect();
    if let Some(values) = values {
        let total: u64 = values.iter().sum();
        let reason = if checker.puzzle.operation() == Operation::Sub {
            "subtrahend plus difference"
        } else {
            "the sum of the addends"
        };
        checker.expect(sum, total, reason)?;
    }
    if checker.puzzle.operation() == Operation::Sub {
        let minuend = checker.row(0).value();
        if let (Some(minuend), Some(subtrahend)) = (minuend, checker.row(1).value()) {
            if subtrahend > minuend {
                return Err(checker.error(
                    1,
                    0,
                    format!("the subtrahend {subtrahend} is larger than the minuend {minuend}"),
                ));
            }
            checker.expect(2, minuend - subtrahend, "minuend minus subtrahend")?;
        }
        if let (Some(minuend), Some(difference)) = (minuend, checker.row(2).value()) {
            if difference > minuend {
                return Err(checker.error(
                    2,
                    0,
                    format!("the difference {difference} is larger than the minuend {minuend}"),
                ));
            }
            checker.expect(1, minuend - difference, "minuend minus difference")?;
        }
    }
    let width = checker.row(sum).len();
    let carry_max = addends.len() as u32 - 1;
    for position in 0..width {
        let terms: Vec<(usize, usize)> = addends.iter().map(|&row| (row, position)).collect();
        let carry_in = if position == 0 { 0 } else { carry_max };
        let carry_out = if position + 1 == width { 0 } else { carry_max };
        checker.column(&terms, (sum, position), carry_in, carry_out)?;
    }
    Ok(())
}

fn check_multiplication(checker: &Checker<'_>) -> Result<()> {
    let rows = checker.puzzle.rows();
    let product = rows.len() - 1;
    let multiplier_digits = rows[1].len();
    let multiplicand = rows[0].value();
    let last_a = checker.at(0, 0);
    let partial_rows: Vec<(usize, usize)> = if multiplier_digits == 1 {
        vec![(product, 0)]
    } else {
        (0..multiplier_digits).map(|j| (2 + j, j)).collect()
    };
    for &(row, position) in &partial_rows {
        let digit = checker.at(1, position);
        if let Some(digit) = digit {
            if let Some(a) = multiplicand {
                checker.expect(row, a * u64::from(digit), &format!("{a} × {digit}"))?;
            }
            if let (Some(a), Some(p)) = (last_a, checker.at(row, 0))
                && (a * digit) % 10 != p
            {
                let index = rows[row].len() - 1;
                return Err(checker.error(
                    row,
                    index,
                    format!(
                        "{a} × {digit} ends in {}, so the {} cannot end in {p}",
                        a * digit % 10,
                        checker.name(row)
                    ),
                ));
            }
        }
        if row != product && rows[row].len() == 1 && rows[0].len() >= 2 {
            // A one-digit partial of a longer multiplicand is 0.
            if let Some(d) = digit.filter(|&d| d != 0) {
                let index = rows[1].len() - 1 - position;
                return Err(checker.error(
                    1,
                    index,
                    format!(
                        "the {} has one digit, so its multiplier digit is 0, not {d}",
                        checker.name(row)
                    ),
                ));
            }
            if let Some(p) = rows[row].cells()[0].filter(|&p| p != 0) {
                return Err(checker.error(
                    row,
                    0,
                    format!(
                        "a one-digit partial product of a {}-digit multiplicand is 0, not {p}",
                        rows[0].len()
                    ),
                ));
            }
        }
    }
    if let (Some(a), Some(b)) = (multiplicand, rows[1].value()) {
        checker.expect(product, a * b, &format!("{a} × {b}"))?;
    }
    if multiplier_digits >= 2 {
        let partials: Option<Vec<u64>> = (0..multiplier_digits)
            .map(|j| rows[2 + j].value())
            .collect();
        if let Some(partials) = partials {
            let total: u64 = partials
                .iter()
                .enumerate()
                .map(|(j, &p)| p * 10u64.pow(j as u32))
                .sum();
            checker.expect(product, total, "the sum of the partial products")?;
        }
        if let (Some(a), Some(b), Some(p)) = (last_a, checker.at(1, 0), checker.at(product, 0))
            && a * b % 10 != p
        {
            return Err(checker.error(
                product,
                rows[product].len() - 1,
                format!(
                    "{a} × {b} ends in {}, so the product cannot end in {p}",
                    a * b % 10
                ),
            ));
        }
    }
    Ok(())
}

fn check_division(checker: &Checker<'_>) -> Result<()> {
    let rows = checker.puzzle.rows();
    let n = rows[0].len();
    let divisor_digits = rows[1].len();
    let divisor = rows[1].value();
    let last_b = checker.at(1, 0);
    for i in 0..n {
        let product = 3 + 2 * i;
        let position = n - 1 - i;
        let digit = checker.at(0, position);
        if rows[product].len() == 1 && divisor_digits >= 2 {
            if let Some(q) = digit.filter(|&q| q != 0) {
                return Err(checker.error(
                    0,
                    i,
                    format!(
                        "step product {} has one digit, so quotient digit {} is 0, not {q}",
                        i + 1,
                        i + 1
                    ),
                ));
            }
            if let Some(x) = rows[product].cells()[0].filter(|&x| x != 0) {
                return Err(checker.error(
                    product,
                    0,
                    format!(
                        "a one-digit step product of a {divisor_digits}-digit divisor is 0, not {x}"
                    ),
                ));
            }
        }
        if let Some(q) = digit {
            if let Some(b) = divisor {
                checker.expect(product, b * u64::from(q), &format!("{b} × {q}"))?;
            }
            if let (Some(b), Some(x)) = (last_b, checker.at(product, 0))
                && b * q % 10 != x
            {
                return Err(checker.error(
                    product,
                    rows[product].len() - 1,
                    format!(
                        "{b} × {q} ends in {}, so step product {} cannot end in {x}",
                        b * q % 10,
                        i + 1
                    ),
                ));
            }
        }
        // The brought-down digit.
        if i + 1 < n {
            let remainder = product + 1;
            if let (Some(down), Some(dividend)) =
                (checker.at(remainder, 0), checker.at(2, position - 1))
                && down != dividend
            {
                return Err(checker.error(
                        remainder,
                        rows[remainder].len() - 1,
                        format!(
                            "remainder {} ends in the brought-down dividend digit {dividend}, not {down}",
                            i + 1
                        ),
                    ));
            }
        }
        // Subtraction of step i: top = step product + difference, two terms, carries 0 or 1.
        let top_row = if i == 0 { 2 } else { product - 1 };
        let top_offset = if i == 0 { n - 1 } else { 0 };
        let top_len = if i == 0 {
            rows[2].len() - (n - 1)
        } else {
            rows[top_row].len()
        };
        let (difference_row, difference_offset) = if i + 1 == n {
            (product + 1, 0)
        } else {
            (product + 1, 1)
        };
        for t in 0..top_len {
            let difference_position = t + difference_offset;
            let terms = [(product, t), (difference_row, difference_position)];
            // Virtual digits of the difference beyond its row are 0 unless it is a shifted row.
            let carry_in = if t == 0 { 0 } else { 1 };
            let carry_out = if t + 1 == top_len { 0 } else { 1 };
            checker.column(&terms, (top_row, t + top_offset), carry_in, carry_out)?;
        }
    }
    let remainder_row = rows.len() - 1;
    if let (Some(b), Some(r)) = (divisor, rows[remainder_row].value()) {
        if r >= b {
            return Err(checker.error(
                remainder_row,
                0,
                format!("the remainder {r} is not below the divisor {b}"),
            ));
        }
        if let Some(q) = rows[0].value() {
            checker.expect(2, b * q + r, &format!("{b} × {q} + {r}"))?;
        }
    }
    if let (Some(c), Some(b)) = (rows[2].value(), divisor) {
        let values = super::model::complete_values(Operation::Div, &[c, b])?;
        for (row, &value) in values.iter().enumerate() {
            checker.expect(
                row,
                value,
                &format!("in {c} ÷ {b}, the {}", checker.name(row)),
            )?;
        }
    }
    Ok(())
}
