//! The mushikui-zan model and its row-list line format.
//!
//! A puzzle is an operation and its rows, each row a number written with some digits hidden:
//!
//! ```text
//! add:A1,A2,...,SUM            sub:MINUEND,SUBTRAHEND,DIFFERENCE
//! mul:A,B,P1,...,Pk,PRODUCT    div:Q,B,C,X1,Y1,...,Xn,Yn
//! ```
//!
//! `*` is a hidden digit; a solution is the same line without `*`. In `mul`, `Pj` is `A` times
//! the `j`-th digit of `B` counted from the right, and there are no partial rows when `B` has
//! one digit. In `div`, `Q` is the quotient, `B` the divisor, `C` the dividend; for each
//! quotient digit `qi` (most significant first) `Xi = B × qi` (written `0` when `qi = 0`) and
//! `Yi` is what remains after subtracting `Xi`, with the next dividend digit brought down;
//! `Yn` is the final remainder. Every row is a number written without leading zeros, so the
//! length of every row is part of the puzzle.
//!
//! Books print neither the `0` row of a zero quotient digit nor the row just before it (the
//! next digit is brought down at once). [`Puzzle::layout`] says which rows are printed and
//! where, and [`Puzzle::check_printable`] that the printed page carries exactly the
//! information of the row list.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

/// Most addends of an addition.
pub const MAX_ADDENDS: usize = 6;
/// Most digits of any row of an addition or subtraction.
pub const MAX_ADD_DIGITS: usize = 18;
/// Most digits of a multiplicand.
pub const MAX_MULTIPLICAND_DIGITS: usize = 7;
/// Most digits of a multiplier.
pub const MAX_MULTIPLIER_DIGITS: usize = 6;
/// Most digits of a divisor.
pub const MAX_DIVISOR_DIGITS: usize = 6;
/// Most digits of a quotient.
pub const MAX_QUOTIENT_DIGITS: usize = 7;
/// The widest row any puzzle can have (an addition's sum).
pub const MAX_ROW_DIGITS: usize = MAX_ADD_DIGITS;

const FORMAT_HINT: &str = "write KIND:ROW,ROW,... with KIND add, sub, mul or div, digits 0-9 and '*' for hidden digits, e.g. mul:**3,**,*4**,****,2*45*";

/// The four operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operation {
    Add,
    Sub,
    Mul,
    Div,
}

impl Operation {
    pub const ALL: [Operation; 4] = [
        Operation::Add,
        Operation::Sub,
        Operation::Mul,
        Operation::Div,
    ];

    /// The kind as written in the line format: `add`, `sub`, `mul`, `div`.
    pub fn name(self) -> &'static str {
        match self {
            Operation::Add => "add",
            Operation::Sub => "sub",
            Operation::Mul => "mul",
            Operation::Div => "div",
        }
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Operation {
    type Err = Error;
    fn from_str(text: &str) -> Result<Operation> {
        Operation::ALL
            .into_iter()
            .find(|op| op.name() == text)
            .ok_or_else(|| {
                Error::input(format!("unknown mushikui kind {text:?}"))
                    .with_hint("the kinds are add, sub, mul and div")
            })
    }
}

/// One digit of a row: `Some(d)` when shown, `None` when hidden.
pub type Cell = Option<u8>;

/// A number with some digits hidden, most significant digit first.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    cells: Vec<Cell>,
}

impl Row {
    /// A row from its cells, most significant first. Panics on an empty row or a digit above 9
    /// (programming errors; parsed rows are checked by the parser).
    pub fn new(cells: Vec<Cell>) -> Row {
        assert!(!cells.is_empty(), "a mushikui row has at least one digit");
        assert!(
            cells.iter().flatten().all(|&digit| digit <= 9),
            "mushikui digits are 0-9"
        );
        Row { cells }
    }

    /// The row of a number with every digit shown.
    pub fn from_value(value: u64) -> Row {
        Row::new(
            value
                .to_string()
                .bytes()
                .map(|byte| Some(byte - b'0'))
                .collect(),
        )
    }

    /// The cells, most significant first.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of digits.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a row has at least one digit.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cell `position` places from the right (0 = units). `Some(0)` beyond the row's length:
    /// a number has only zeros to the left of its leading digit.
    pub fn from_right(&self, position: usize) -> Cell {
        if position < self.cells.len() {
            self.cells[self.cells.len() - 1 - position]
        } else {
            Some(0)
        }
    }

    /// True when every digit is shown.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The value when every digit is shown.
    pub fn value(&self) -> Option<u64> {
        self.cells
            .iter()
            .try_fold(0u64, |value, cell| Some(value * 10 + u64::from((*cell)?)))
    }

    /// The number of shown digits.
    pub fn shown_count(&self) -> usize {
        self.cells.iter().filter(|cell| cell.is_some()).count()
    }

    /// The row with every digit hidden.
    pub fn hidden(&self) -> Row {
        Row {
            cells: vec![None; self.cells.len()],
        }
    }

    /// Shows or hides the digit `index` places from the left.
    pub fn set(&mut self, index: usize, cell: Cell) {
        assert!(cell.is_none_or(|digit| digit <= 9));
        self.cells[index] = cell;
    }

    fn write(&self, out: &mut String) {
        for cell in &self.cells {
            out.push(match cell {
                Some(digit) => char::from(b'0' + digit),
                None => '*',
            });
        }
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(self.cells.len());
        self.write(&mut text);
        f.write_str(&text)
    }
}

impl fmt::Debug for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// What a row is in its operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The `i`-th addend (from 1).
    Addend(usize),
    Sum,
    Minuend,
    Subtrahend,
    Difference,
    Multiplicand,
    Multiplier,
    /// The partial product of the `j`-th multiplier digit counted from the right (from 1).
    Partial(usize),
    Product,
    Quotient,
    Divisor,
    Dividend,
    /// `Xi`: divisor × the `i`-th quotient digit counted from the left (from 1).
    StepProduct(usize),
    /// `Yi`: the remainder after step `i` with the next digit brought down; the last one is
    /// the final remainder.
    StepRemainder(usize),
}

impl Role {
    /// A name for explanations and error messages, e.g. `partial 2`, `remainder 1`.
    pub fn name(self) -> String {
        match self {
            Role::Addend(i) => format!("addend {i}"),
            Role::Sum => "sum".to_string(),
            Role::Minuend => "minuend".to_string(),
            Role::Subtrahend => "subtrahend".to_string(),
            Role::Difference => "difference".to_string(),
            Role::Multiplicand => "multiplicand".to_string(),
            Role::Multiplier => "multiplier".to_string(),
            Role::Partial(j) => format!("partial {j}"),
            Role::Product => "product".to_string(),
            Role::Quotient => "quotient".to_string(),
            Role::Divisor => "divisor".to_string(),
            Role::Dividend => "dividend".to_string(),
            Role::StepProduct(i) => format!("step product {i}"),
            Role::StepRemainder(i) => format!("remainder {i}"),
        }
    }
}

/// Where a row goes on the page: what a typesetter needs besides the digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowLayout {
    pub role: Role,
    /// How many columns the row's last digit sits left of the block's units column (the
    /// units column of the sum, difference, product or dividend): 0 for right-aligned rows,
    /// `j - 1` for partial `j`, `n - i` for `Xi` of an `n`-digit quotient, `n - i - 1` for `Yi`
    /// (0 for the final remainder). The divisor stands left of the division bracket; its
    /// shift is 0 and means nothing.
    pub shift: usize,
    /// False for the rows books leave out: the `0` row of a zero quotient digit and the row
    /// just before it.
    pub printed: bool,
}

/// One step of a long division, for typesetting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DivisionStep {
    /// The quotient digit of this step, counted from the left (from 0).
    pub digit: usize,
    /// Index in [`Puzzle::rows`] of `Xi` (divisor × quotient digit).
    pub product_row: usize,
    /// Index in [`Puzzle::rows`] of `Yi` (remainder, next digit brought down).
    pub remainder_row: usize,
    /// The quotient digit is known to be 0 from the row list: its rows are not printed.
    pub zero: bool,
}

/// A mushikui-zan puzzle (or, with every digit shown, a solution).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Puzzle {
    operation: Operation,
    rows: Vec<Row>,
}

impl Puzzle {
    /// A puzzle from rows, checked like a parsed line (shape, leading zeros, givens).
    pub fn new(operation: Operation, rows: Vec<Row>) -> Result<Puzzle> {
        let puzzle = Puzzle { operation, rows };
        check_shape(&puzzle, None)?;
        super::check::check_givens(&puzzle, None)?;
        Ok(puzzle)
    }

    /// The complete puzzle (solution) of an operation on its operands: `add` the addends,
    /// `sub` minuend and subtrahend, `mul` multiplicand and multiplier, `div` dividend and
    /// divisor. Fails when the operands are out of range for the operation.
    pub fn from_operands(operation: Operation, operands: &[u64]) -> Result<Puzzle> {
        let values = complete_values(operation, operands)?;
        Puzzle::new(operation, values.into_iter().map(Row::from_value).collect())
    }

    /// Parses one line of the row-list format (no surrounding text). Errors carry the column.
    pub fn parse(line: &str) -> Result<Puzzle> {
        parse_line(line, 1)
    }

    pub fn operation(&self) -> Operation {
        self.operation
    }

    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Shows or hides one digit: row `row`, `index` places from the left.
    pub fn set(&mut self, row: usize, index: usize, cell: Cell) {
        self.rows[row].set(index, cell);
    }

    /// The row-list line.
    pub fn to_line(&self) -> String {
        let mut out =
            String::with_capacity(4 + self.rows.iter().map(|r| r.len() + 1).sum::<usize>());
        out.push_str(self.operation.name());
        out.push(':');
        for (index, row) in self.rows.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            row.write(&mut out);
        }
        out
    }

    /// True when every digit is shown.
    pub fn is_complete(&self) -> bool {
        self.rows.iter().all(Row::is_complete)
    }

    /// The number of digits, shown or hidden.
    pub fn digit_count(&self) -> usize {
        self.rows.iter().map(Row::len).sum()
    }

    /// The number of shown digits.
    pub fn shown_count(&self) -> usize {
        self.rows.iter().map(Row::shown_count).sum()
    }

    /// The same puzzle with every digit hidden.
    pub fn blank(&self) -> Puzzle {
        Puzzle {
            operation: self.operation,
            rows: self.rows.iter().map(Row::hidden).collect(),
        }
    }

    /// The operands that determine every other row (see [`Puzzle::from_operands`]), when
    /// they are complete.
    pub fn operands(&self) -> Option<Vec<u64>> {
        let value = |index: usize| self.rows[index].value();
        match self.operation {
            Operation::Add => self.rows[..self.rows.len() - 1]
                .iter()
                .map(Row::value)
                .collect(),
            Operation::Sub | Operation::Mul => Some(vec![value(0)?, value(1)?]),
            Operation::Div => Some(vec![value(2)?, value(1)?]),
        }
    }

    /// True when this is a complete, arithmetically correct puzzle agreeing with every shown
    /// digit of `puzzle`.
    pub fn solves(&self, puzzle: &Puzzle) -> bool {
        self.operation == puzzle.operation
            && self.rows.len() == puzzle.rows.len()
            && self.rows.iter().zip(&puzzle.rows).all(|(mine, theirs)| {
                mine.len() == theirs.len()
                    && mine
                        .cells
                        .iter()
                        .zip(&theirs.cells)
                        .all(|(&m, &t)| m.is_some() && (t.is_none() || t == m))
            })
            && self.is_correct()
    }

    /// True when the puzzle is complete and its arithmetic is right.
    pub fn is_correct(&self) -> bool {
        let Some(operands) = self.operands() else {
            return false;
        };
        match complete_values(self.operation, &operands) {
            Ok(values) => {
                values.len() == self.rows.len()
                    && values
                        .iter()
                        .zip(&self.rows)
                        .all(|(&value, row)| *row == Row::from_value(value))
            }
            Err(_) => false,
        }
    }

    /// The role of every row.
    pub fn roles(&self) -> Vec<Role> {
        let count = self.rows.len();
        match self.operation {
            Operation::Add => (0..count)
                .map(|i| {
                    if i + 1 == count {
                        Role::Sum
                    } else {
                        Role::Addend(i + 1)
                    }
                })
                .collect(),
            Operation::Sub => vec![Role::Minuend, Role::Subtrahend, Role::Difference],
            Operation::Mul => (0..count)
                .map(|i| match i {
                    0 => Role::Multiplicand,
                    1 => Role::Multiplier,
                    _ if i + 1 == count => Role::Product,
                    _ => Role::Partial(i - 1),
                })
                .collect(),
            Operation::Div => (0..count)
                .map(|i| match i {
                    0 => Role::Quotient,
                    1 => Role::Divisor,
                    2 => Role::Dividend,
                    _ if (i - 3) % 2 == 0 => Role::StepProduct((i - 3) / 2 + 1),
                    _ => Role::StepRemainder((i - 3) / 2 + 1),
                })
                .collect(),
        }
    }

    /// The steps of a division (`None` for the other operations).
    pub fn division_steps(&self) -> Option<Vec<DivisionStep>> {
        if self.operation != Operation::Div {
            return None;
        }
        let divisor_digits = self.rows[1].len();
        let steps = self.rows[0].len();
        Some(
            (0..steps)
                .map(|digit| {
                    let product_row = 3 + 2 * digit;
                    let product = &self.rows[product_row];
                    let zero = product.len() == 1
                        && (product.cells[0] == Some(0)
                            || self.rows[0].cells[digit] == Some(0)
                            || divisor_digits >= 2);
                    DivisionStep {
                        digit,
                        product_row,
                        remainder_row: product_row + 1,
                        zero,
                    }
                })
                .collect(),
        )
    }

    /// Role, column shift and printed flag of every row (see [`RowLayout`]).
    pub fn layout(&self) -> Vec<RowLayout> {
        let roles = self.roles();
        let mut layout: Vec<RowLayout> = roles
            .iter()
            .map(|&role| RowLayout {
                role,
                shift: match role {
                    Role::Partial(j) => j - 1,
                    _ => 0,
                },
                printed: true,
            })
            .collect();
        if let Some(steps) = self.division_steps() {
            let n = steps.len();
            for (i, step) in steps.iter().enumerate() {
                layout[step.product_row].shift = n - 1 - i;
                layout[step.remainder_row].shift = n.saturating_sub(i + 2);
                if step.zero {
                    layout[step.product_row].printed = false;
                    // The row before a zero step: the first partial dividend is part of the
                    // dividend itself and always printed.
                    if i > 0 {
                        layout[steps[i - 1].remainder_row].printed = false;
                    }
                }
            }
        }
        layout
    }

    /// Checks that a division shows no digit in an unprinted row that the printed page would
    /// not show: every shown digit of the row before a zero quotient digit must also be shown
    /// in the next printed remainder row, which continues it. The error names the digit.
    pub fn check_printable(&self) -> Result<()> {
        let Some(steps) = self.division_steps() else {
            return Ok(());
        };
        let layout = self.layout();
        for (i, step) in steps.iter().enumerate() {
            if !step.zero {
                continue;
            }
            let product = &self.rows[step.product_row];
            if product.cells[0].is_some_and(|digit| digit != 0) {
                return Err(Error::input(format!(
                    "{} belongs to a zero quotient digit but shows {}",
                    layout[step.product_row].role.name(),
                    product.cells[0].unwrap_or(0)
                )));
            }
            if i == 0 {
                continue;
            }
            let hidden_row = steps[i - 1].remainder_row;
            let Some(printed_row) = (hidden_row + 2..self.rows.len())
                .step_by(2)
                .find(|&row| layout[row].printed)
            else {
                continue;
            };
            let unprinted = &self.rows[hidden_row];
            let next = &self.rows[printed_row];
            // The unprinted remainder is the printed one without the digits brought down in
            // between; when the printed one has no more digits than that, it is a lone 0 that
            // the page implies.
            let brought_down = (printed_row - hidden_row) / 2;
            if next.len() <= brought_down {
                continue;
            }
            for (index, cell) in unprinted.cells.iter().enumerate() {
                if cell.is_some() && next.cells.get(index).is_none_or(|c| c.is_none()) {
                    return Err(Error::input(format!(
                        "digit {} of {} is shown, but the row is not printed and {} hides it",
                        index + 1,
                        layout[hidden_row].role.name(),
                        layout[printed_row].role.name()
                    ))
                    .with_hint(
                        "books leave out the rows of a zero quotient digit: show the digit in the next printed remainder row too, or hide it",
                    ));
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Puzzle({})", self.to_line())
    }
}

impl FromStr for Puzzle {
    type Err = Error;
    fn from_str(text: &str) -> Result<Puzzle> {
        Puzzle::parse(text.trim())
    }
}

/// Every row's value of the operation on `operands` (see [`Puzzle::from_operands`]).
pub fn complete_values(operation: Operation, operands: &[u64]) -> Result<Vec<u64>> {
    let digits = |value: u64| value.to_string().len();
    match operation {
        Operation::Add => {
            if !(2..=MAX_ADDENDS).contains(&operands.len()) {
                return Err(Error::input(format!(
                    "an addition has 2 to {MAX_ADDENDS} addends, not {}",
                    operands.len()
                )));
            }
            let sum: u64 = operands.iter().sum();
            if digits(sum) > MAX_ADD_DIGITS {
                return Err(Error::input(format!(
                    "an addition's rows have at most {MAX_ADD_DIGITS} digits"
                )));
            }
            let mut values = operands.to_vec();
            values.push(sum);
            Ok(values)
        }
        Operation::Sub => {
            let [minuend, subtrahend] =
                two(operands, "a subtraction takes minuend and subtrahend")?;
            if subtrahend > minuend {
                return Err(Error::input(format!(
                    "the subtrahend {subtrahend} is larger than the minuend {minuend}"
                )));
            }
            if digits(minuend) > MAX_ADD_DIGITS {
                return Err(Error::input(format!(
                    "a subtraction's rows have at most {MAX_ADD_DIGITS} digits"
                )));
            }
            Ok(vec![minuend, subtrahend, minuend - subtrahend])
        }
        Operation::Mul => {
            let [a, b] = two(
                operands,
                "a multiplication takes multiplicand and multiplier",
            )?;
            if digits(a) > MAX_MULTIPLICAND_DIGITS || digits(b) > MAX_MULTIPLIER_DIGITS {
                return Err(Error::input(format!(
                    "multiplications go up to {MAX_MULTIPLICAND_DIGITS} × {MAX_MULTIPLIER_DIGITS} digits"
                )));
            }
            let mut values = vec![a, b];
            if b >= 10 {
                let mut rest = b;
                while rest > 0 {
                    values.push(a * (rest % 10));
                    rest /= 10;
                }
            }
            values.push(a * b);
            Ok(values)
        }
        Operation::Div => {
            let [dividend, divisor] = two(operands, "a division takes dividend and divisor")?;
            if divisor == 0 {
                return Err(Error::input("the divisor is 0"));
            }
            let quotient = dividend / divisor;
            if digits(divisor) > MAX_DIVISOR_DIGITS || digits(quotient) > MAX_QUOTIENT_DIGITS {
                return Err(Error::input(format!(
                    "divisions go up to {MAX_DIVISOR_DIGITS}-digit divisors and {MAX_QUOTIENT_DIGITS}-digit quotients"
                )));
            }
            let quotient_digits: Vec<u64> = quotient
                .to_string()
                .bytes()
                .map(|b| u64::from(b - b'0'))
                .collect();
            let n = quotient_digits.len();
            let mut values = vec![quotient, divisor, dividend];
            let mut partial = dividend / 10u64.pow(n as u32 - 1);
            for (i, &digit) in quotient_digits.iter().enumerate() {
                let step = divisor * digit;
                let difference = partial - step;
                values.push(step);
                partial = if i + 1 < n {
                    let shift = (n - 2 - i) as u32;
                    difference * 10 + dividend / 10u64.pow(shift) % 10
                } else {
                    difference
                };
                values.push(partial);
            }
            Ok(values)
        }
    }
}

fn two(operands: &[u64], what: &str) -> Result<[u64; 2]> {
    match operands {
        &[first, second] => Ok([first, second]),
        _ => Err(Error::input(format!(
            "{what}, not {} numbers",
            operands.len()
        ))),
    }
}

/// A puzzle read from a text, with its line number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedPuzzle {
    pub line: usize,
    pub puzzle: Puzzle,
}

/// Reads puzzles one line at a time: blank lines and lines starting with `#` are skipped,
/// and anything after the first whitespace-separated word is ignored, so annotated lists
/// such as `PUZZLE solutions=1 # comment` read directly.
#[derive(Debug, Default)]
pub struct PuzzleReader;

impl PuzzleReader {
    pub fn new() -> PuzzleReader {
        PuzzleReader
    }

    /// Takes the next line (`line_number` counts from 1): a puzzle, an error with line and
    /// column, or nothing for a skipped line.
    pub fn push_line(&mut self, line_number: usize, line: &str) -> Option<Result<ParsedPuzzle>> {
        let trimmed = line.trim_start();
        let word = trimmed.split_whitespace().next()?;
        if word.starts_with('#') {
            return None;
        }
        let first_column = line[..line.len() - trimmed.len()].chars().count() + 1;
        let rest = trimmed[word.len()..].trim_start();
        if (word.ends_with(':') || word.ends_with(','))
            && !rest.is_empty()
            && !rest.starts_with('#')
        {
            let column = first_column + word.chars().count();
            return Some(Err(Error::input("a space inside the puzzle")
                .at_line(line_number)
                .at_column(column)
                .with_hint(
                    "write KIND:ROW,ROW,... without spaces, e.g. mul:**3,**,*4**,****,2*45*",
                )));
        }
        Some(
            parse_line_at(word, first_column)
                .map(|puzzle| ParsedPuzzle {
                    line: line_number,
                    puzzle,
                })
                .map_err(|error| error.at_line(line_number)),
        )
    }
}

/// Parses every puzzle in a text; each item is a puzzle with its line or an error.
pub fn parse_puzzles(text: &str) -> Vec<Result<ParsedPuzzle>> {
    let mut reader = PuzzleReader::new();
    text.lines()
        .enumerate()
        .filter_map(|(index, line)| reader.push_line(index + 1, line))
        .collect()
}

fn parse_line(line: &str, first_column: usize) -> Result<Puzzle> {
    if line.trim().is_empty() {
        return Err(Error::input("empty mushikui line").with_hint(FORMAT_HINT));
    }
    parse_line_at(line, first_column)
}

/// Where each row starts in the line (1-based column), for error messages.
struct Columns {
    row_starts: Vec<usize>,
}

impl Columns {
    /// The column of digit `index` (from the left) of row `row`.
    fn of(&self, row: usize, index: usize) -> usize {
        self.row_starts[row] + index
    }
}

fn parse_line_at(word: &str, first_column: usize) -> Result<Puzzle> {
    let Some((kind, body)) = word.split_once(':') else {
        return Err(Error::input(format!(
            "expected KIND:ROW,ROW,... but found no ':' in {:?}",
            shorten(word)
        ))
        .at_column(first_column)
        .with_hint(FORMAT_HINT));
    };
    let operation: Operation = kind
        .parse()
        .map_err(|error: Error| error.at_column(first_column))?;
    let mut column = first_column + kind.chars().count() + 1;
    let mut rows = Vec::new();
    let mut row_starts = Vec::new();
    for text in body.split(',') {
        row_starts.push(column);
        if text.is_empty() {
            return Err(Error::input(format!("row {} is empty", rows.len() + 1))
                .at_column(column)
                .with_hint(FORMAT_HINT));
        }
        let mut cells = Vec::with_capacity(text.len());
        for (offset, c) in text.chars().enumerate() {
            match c {
                '0'..='9' => cells.push(Some(c as u8 - b'0')),
                '*' => cells.push(None),
                _ => {
                    return Err(Error::input(format!(
                        "unexpected character {c:?} in row {}",
                        rows.len() + 1
                    ))
                    .at_column(column + offset)
                    .with_hint("use digits 0-9 and '*' for a hidden digit"));
                }
            }
        }
        if cells.len() > MAX_ROW_DIGITS {
            return Err(Error::input(format!(
                "row {} has {} digits; rows have at most {MAX_ROW_DIGITS}",
                rows.len() + 1,
                cells.len()
            ))
            .at_column(column));
        }
        column += text.chars().count() + 1;
        rows.push(Row { cells });
    }
    let puzzle = Puzzle { operation, rows };
    let columns = Columns { row_starts };
    check_shape(&puzzle, Some(&columns))?;
    super::check::check_givens(&puzzle, Some(&|row, index| columns.of(row, index)))?;
    Ok(puzzle)
}

fn shorten(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(37).collect::<String>())
    }
}

/// Checks row counts, row lengths and leading zeros.
fn check_shape(puzzle: &Puzzle, columns: Option<&Columns>) -> Result<()> {
    let rows = &puzzle.rows;
    let at = |error: Error, row: usize| match columns {
        Some(columns) => error.at_column(columns.of(row, 0)),
        None => error,
    };
    let roles = puzzle_roles_for_count(puzzle.operation, rows);
    for (index, row) in rows.iter().enumerate() {
        if row.cells.is_empty() {
            return Err(at(
                Error::input(format!("row {} is empty", index + 1)),
                index,
            ));
        }
        if row.cells.len() >= 2 && row.cells[0] == Some(0) {
            let name = roles
                .as_ref()
                .map_or_else(|| format!("row {}", index + 1), |roles| roles[index].name());
            return Err(at(Error::input(format!("the {name} starts with 0")), index)
                .with_hint("a number of two or more digits never starts with 0"));
        }
    }
    let lens: Vec<usize> = rows.iter().map(Row::len).collect();
    let last = rows.len() - 1;
    let length_error = |row: usize, message: String| {
        at(Error::input(message), row).with_hint(
            "the row lengths must fit the arithmetic; see the row-list format in the README",
        )
    };
    match puzzle.operation {
        Operation::Add => {
            if !(3..=MAX_ADDENDS + 1).contains(&rows.len()) {
                return Err(at(
                    Error::input(format!(
                        "an addition has 2 to {MAX_ADDENDS} addends and a sum, so 3 to {} rows; found {}",
                        MAX_ADDENDS + 1,
                        rows.len()
                    ))
                    .with_hint("add:A1,A2,...,SUM"),
                    0,
                ));
            }
            let widest = lens[..last].iter().copied().max().unwrap_or(1);
            if lens[last] < widest || lens[last] > widest + 1 {
                return Err(length_error(
                    last,
                    format!(
                        "the sum has {} digits, but addends of up to {widest} digits add up to {widest} or {} digits",
                        lens[last],
                        widest + 1
                    ),
                ));
            }
        }
        Operation::Sub => {
            if rows.len() != 3 {
                return Err(at(
                    Error::input(format!(
                        "a subtraction has 3 rows (minuend, subtrahend, difference); found {}",
                        rows.len()
                    ))
                    .with_hint("sub:MINUEND,SUBTRAHEND,DIFFERENCE"),
                    0,
                ));
            }
            let widest = lens[1].max(lens[2]);
            if lens[0] < widest || lens[0] > widest + 1 {
                return Err(length_error(
                    0,
                    format!(
                        "the minuend has {} digits, but subtrahend plus difference has {widest} or {} digits",
                        lens[0],
                        widest + 1
                    ),
                ));
            }
        }
        Operation::Mul => {
            if rows.len() < 3 {
                return Err(at(
                    Error::input(format!(
                        "a multiplication has at least 3 rows (multiplicand, multiplier, product); found {}",
                        rows.len()
                    ))
                    .with_hint("mul:A,B,P1,...,Pk,PRODUCT"),
                    0,
                ));
            }
            let (a, b) = (lens[0], lens[1]);
            if a > MAX_MULTIPLICAND_DIGITS {
                return Err(length_error(
                    0,
                    format!(
                        "multiplicands have at most {MAX_MULTIPLICAND_DIGITS} digits, found {a}"
                    ),
                ));
            }
            if b > MAX_MULTIPLIER_DIGITS {
                return Err(length_error(
                    1,
                    format!("multipliers have at most {MAX_MULTIPLIER_DIGITS} digits, found {b}"),
                ));
            }
            let expected = if b == 1 { 3 } else { b + 3 };
            if rows.len() != expected {
                return Err(at(
                    Error::input(format!(
                        "a multiplier of {b} digit{} needs {expected} rows ({}), found {}",
                        if b == 1 { "" } else { "s" },
                        if b == 1 {
                            "multiplicand, multiplier, product".to_string()
                        } else {
                            format!("multiplicand, multiplier, {b} partial products, product")
                        },
                        rows.len()
                    ))
                    .with_hint("mul:A,B,P1,...,Pk,PRODUCT with one partial product per multiplier digit when B has 2+ digits"),
                    0,
                ));
            }
            for j in 0..expected - 3 {
                let row = 2 + j;
                let len = lens[row];
                if len != a && len != a + 1 && len != 1 {
                    return Err(length_error(
                        row,
                        format!(
                            "partial {} has {len} digits, but a {a}-digit multiplicand times one digit has {a} or {} digits (or is 0)",
                            j + 1,
                            a + 1
                        ),
                    ));
                }
            }
            if lens[last] + 1 < a + b || lens[last] > a + b {
                return Err(length_error(
                    last,
                    format!(
                        "the product has {} digits, but {a} × {b} digits make {} or {} digits",
                        lens[last],
                        a + b - 1,
                        a + b
                    ),
                ));
            }
        }
        Operation::Div => {
            let n = lens[0];
            if rows.len() < 5 || rows.len() != 3 + 2 * n {
                return Err(at(
                    Error::input(format!(
                        "a division with a {n}-digit quotient has {} rows (quotient, divisor, dividend, then two rows per quotient digit), found {}",
                        3 + 2 * n,
                        rows.len()
                    ))
                    .with_hint("div:Q,B,C,X1,Y1,...,Xn,Yn"),
                    0,
                ));
            }
            let beta = lens[1];
            if beta > MAX_DIVISOR_DIGITS {
                return Err(length_error(
                    1,
                    format!("divisors have at most {MAX_DIVISOR_DIGITS} digits, found {beta}"),
                ));
            }
            if n > MAX_QUOTIENT_DIGITS {
                return Err(length_error(
                    0,
                    format!("quotients have at most {MAX_QUOTIENT_DIGITS} digits, found {n}"),
                ));
            }
            let m = lens[2];
            if m + 1 < n + beta || m > n + beta {
                return Err(length_error(
                    2,
                    format!(
                        "the dividend has {m} digits, but a {beta}-digit divisor and a {n}-digit quotient make a dividend of {} or {} digits",
                        n + beta - 1,
                        n + beta
                    ),
                ));
            }
            for i in 0..n {
                let product = 3 + 2 * i;
                let len = lens[product];
                if len != beta && len != beta + 1 && len != 1 {
                    return Err(length_error(
                        product,
                        format!(
                            "step product {} has {len} digits, but a {beta}-digit divisor times one digit has {beta} or {} digits (or is 0)",
                            i + 1,
                            beta + 1
                        ),
                    ));
                }
                let remainder = product + 1;
                let limit = if i + 1 == n { beta } else { beta + 1 };
                if lens[remainder] > limit {
                    return Err(length_error(
                        remainder,
                        format!(
                            "remainder {} has {} digits, but what is left is below the {beta}-digit divisor{}",
                            i + 1,
                            lens[remainder],
                            if i + 1 == n {
                                ""
                            } else {
                                " (plus one brought-down digit)"
                            }
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Row roles when the row count fits the operation (for messages during shape checks).
fn puzzle_roles_for_count(operation: Operation, rows: &[Row]) -> Option<Vec<Role>> {
    let fits = match operation {
        Operation::Add => rows.len() >= 3,
        Operation::Sub => rows.len() == 3,
        Operation::Mul => rows.len() >= 3,
        Operation::Div => rows.len() >= 5 && rows.len() % 2 == 1,
    };
    fits.then(|| {
        Puzzle {
            operation,
            rows: rows.to_vec(),
        }
        .roles()
    })
}
