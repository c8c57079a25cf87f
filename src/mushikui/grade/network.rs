//! The constraint network a human works on: every digit of every row, the carries (and
//! borrows) between columns, and the relations between them.
//!
//! Column constraints are the written-out arithmetic: `terms + carry in = digit + 10 × carry
//! out` for additions, subtractions (read as `subtrahend + difference = minuend`), the sum of
//! partial products and each division subtraction; `a × d + carry in = digit + 10 × carry
//! out` for one column of a partial product (or division step product). Row relations carry
//! what columns cannot: magnitudes (a partial product's length bounds its multiplier digit,
//! a remainder is below the divisor, the product is the multiplicand times the multiplier).

use super::super::model::{Operation, Puzzle, Role};
use super::super::solver::{ALL_DIGITS, Mask};

pub type CellId = usize;

/// The constant 0: digits left of a number's leading digit, the carry into the units column.
pub const ZERO: CellId = 0;

#[derive(Clone, Debug)]
pub enum CellInfo {
    Zero,
    /// Digit `position` places from the right of row `row`.
    Digit {
        row: usize,
        position: usize,
    },
    /// The carry into column `column` (0 = units) of the relation named `label`.
    Carry {
        label: usize,
        column: usize,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// An addition column; `minuend` when the result row is the top row of a subtraction.
    Sum { minuend: bool },
    /// One column of `row × digit`.
    Times,
    /// The brought-down digit of a division equals its dividend digit.
    Equal,
}

/// One column of written arithmetic. Cells: for `Sum` the terms then carry in, result,
/// carry out; for `Times` multiplicand digit, multiplier digit, carry in, result, carry
/// out; for `Equal` the two cells.
#[derive(Clone, Debug)]
pub struct Column {
    pub kind: ColumnKind,
    pub cells: Vec<CellId>,
    pub label: usize,
    pub column: usize,
}

impl Column {
    pub fn terms(&self) -> &[CellId] {
        &self.cells[..self.cells.len() - 3]
    }
}

/// A number made of cells, by position from the right (empty for the number 0).
pub type Number = Vec<CellId>;

#[derive(Clone, Debug)]
pub enum Relation {
    /// `product = number × digit`.
    TimesDigit {
        number: Number,
        digit: CellId,
        product: Number,
    },
    /// `result = left × right + addend`.
    Product {
        left: Number,
        right: Number,
        addend: Option<Number>,
        result: Number,
    },
    /// `result = Σ term × 10^shift`.
    Sum {
        terms: Vec<(Number, u32)>,
        result: Number,
    },
    /// `smaller < larger`.
    Less { smaller: Number, larger: Number },
    /// A one-digit step product under a divisor of two or more digits: the quotient digit
    /// and the product are 0 (books bring down two digits at once).
    ZeroDigit { quotient: CellId, product: CellId },
    /// `product = number × digit` where both numbers have the same length: when they are
    /// equal, the digit is 1.
    DigitOne {
        number: Number,
        digit: CellId,
        product: Number,
    },
}

/// What a case analysis may split on, and what it prefers.
#[derive(Clone, Debug)]
pub struct Network {
    pub cells: Vec<CellInfo>,
    pub initial: Vec<Mask>,
    /// Row → cells by position from the right.
    pub rows: Vec<Vec<CellId>>,
    pub roles: Vec<Role>,
    pub columns: Vec<Column>,
    pub relations: Vec<Relation>,
    /// What each relation says, for explanations.
    pub relation_names: Vec<String>,
    pub labels: Vec<String>,
    /// Label → the row its columns are about: the partial or step product a `Times` label
    /// computes, the sum, minuend or product an addition makes, the step product a division
    /// subtraction takes away, the remainder a digit is brought down to.
    pub label_rows: Vec<usize>,
    /// Cells of the operands (the numbers that fix the rest): split on these first.
    pub operand: Vec<bool>,
    /// Cell → items (columns, then relations offset by the column count) that use it.
    pub watchers: Vec<Vec<usize>>,
    /// A division's steps (from 1) as the figure numbers them: the rows of a zero quotient
    /// digit are not printed, so step `i` is the `printed_steps[i - 1]`-th printed one.
    pub printed_steps: Vec<usize>,
}

impl Network {
    /// Division step `step` (from 1) as the printed figure counts it.
    pub fn printed_step(&self, step: usize) -> usize {
        self.printed_steps
            .get(step.wrapping_sub(1))
            .copied()
            .unwrap_or(step)
    }

    pub fn item_count(&self) -> usize {
        self.columns.len() + self.relations.len()
    }

    /// The cells of item `item`.
    pub fn item_cells(&self, item: usize) -> Vec<CellId> {
        if item < self.columns.len() {
            return self.columns[item].cells.clone();
        }
        let mut cells = Vec::new();
        match &self.relations[item - self.columns.len()] {
            Relation::TimesDigit {
                number,
                digit,
                product,
            }
            | Relation::DigitOne {
                number,
                digit,
                product,
            } => {
                cells.extend(number);
                cells.push(*digit);
                cells.extend(product);
            }
            Relation::Product {
                left,
                right,
                addend,
                result,
            } => {
                cells.extend(left);
                cells.extend(right);
                cells.extend(addend.iter().flatten());
                cells.extend(result);
            }
            Relation::Sum { terms, result } => {
                for (number, _) in terms {
                    cells.extend(number);
                }
                cells.extend(result);
            }
            Relation::Less { smaller, larger } => {
                cells.extend(smaller);
                cells.extend(larger);
            }
            Relation::ZeroDigit { quotient, product } => {
                cells.push(*quotient);
                cells.push(*product);
            }
        }
        cells
    }

    /// A name for people: `product digit 3`, `carry into column 2 of partial 1`.
    pub fn cell_name(&self, cell: CellId) -> String {
        match self.cells[cell] {
            CellInfo::Zero => "0".to_string(),
            CellInfo::Digit { row, position } => {
                let len = self.rows[row].len();
                format!("{} digit {}", self.roles[row].name(), len - position)
            }
            CellInfo::Carry { label, column } => {
                format!("carry into column {} of {}", column + 1, self.labels[label])
            }
        }
    }

    pub fn is_digit(&self, cell: CellId) -> bool {
        matches!(self.cells[cell], CellInfo::Digit { .. })
    }

    pub fn is_carry(&self, cell: CellId) -> bool {
        matches!(self.cells[cell], CellInfo::Carry { .. })
    }
}

struct Builder {
    cells: Vec<CellInfo>,
    initial: Vec<Mask>,
    rows: Vec<Vec<CellId>>,
    columns: Vec<Column>,
    relations: Vec<Relation>,
    relation_names: Vec<String>,
    labels: Vec<String>,
    label_rows: Vec<usize>,
}

impl Builder {
    fn relate(&mut self, relation: Relation, name: String) {
        self.relations.push(relation);
        self.relation_names.push(name);
    }

    fn label(&mut self, name: String, row: usize) -> usize {
        self.labels.push(name);
        self.label_rows.push(row);
        self.labels.len() - 1
    }

    fn carry(&mut self, label: usize, column: usize, max: u32) -> CellId {
        self.cells.push(CellInfo::Carry { label, column });
        self.initial.push(((1u32 << (max + 1)) - 1) as Mask);
        self.cells.len() - 1
    }

    fn cell(&self, number: &[CellId], position: usize) -> CellId {
        number.get(position).copied().unwrap_or(ZERO)
    }

    /// Column constraints of `Σ terms = result` (terms right-aligned after their shift).
    fn sum_columns(
        &mut self,
        terms: &[(Number, usize)],
        result: &[CellId],
        label: usize,
        minuend: bool,
    ) {
        let width = terms
            .iter()
            .map(|(number, shift)| number.len() + shift)
            .max()
            .unwrap_or(0)
            .max(result.len());
        let carry_max = terms.len().saturating_sub(1) as u32;
        let mut carry_in = ZERO;
        for column in 0..width {
            let carry_out = if column + 1 == width || carry_max == 0 {
                ZERO
            } else {
                self.carry(label, column + 1, carry_max)
            };
            let mut cells: Vec<CellId> = terms
                .iter()
                .filter_map(|(number, shift)| {
                    column
                        .checked_sub(*shift)
                        .and_then(|position| number.get(position).copied())
                })
                .collect();
            cells.extend([carry_in, self.cell(result, column), carry_out]);
            self.columns.push(Column {
                kind: ColumnKind::Sum { minuend },
                cells,
                label,
                column,
            });
            carry_in = carry_out;
        }
    }

    /// Column constraints of `product = number × digit`.
    fn times_columns(
        &mut self,
        number: &[CellId],
        digit: CellId,
        product: &[CellId],
        label: usize,
        name: String,
    ) {
        let mut carry_in = ZERO;
        for (column, &number_digit) in number.iter().enumerate() {
            let carry_out = self.carry(label, column + 1, 8);
            self.columns.push(Column {
                kind: ColumnKind::Times,
                cells: vec![
                    number_digit,
                    digit,
                    carry_in,
                    self.cell(product, column),
                    carry_out,
                ],
                label,
                column,
            });
            carry_in = carry_out;
        }
        // What is carried out of the last column is the product's extra leading digit.
        let column = number.len();
        self.columns.push(Column {
            kind: ColumnKind::Sum { minuend: false },
            cells: vec![carry_in, self.cell(product, column), ZERO],
            label,
            column,
        });
        self.relate(
            Relation::TimesDigit {
                number: number.to_vec(),
                digit,
                product: product.to_vec(),
            },
            name.clone(),
        );
        if number.len() == product.len() {
            self.relate(
                Relation::DigitOne {
                    number: number.to_vec(),
                    digit,
                    product: product.to_vec(),
                },
                name,
            );
        }
    }
}

/// Builds the network of a puzzle.
pub fn build(puzzle: &Puzzle) -> Network {
    let mut builder = Builder {
        cells: vec![CellInfo::Zero],
        initial: vec![1],
        rows: Vec::new(),
        columns: Vec::new(),
        relations: Vec::new(),
        relation_names: Vec::new(),
        labels: Vec::new(),
        label_rows: Vec::new(),
    };
    for (row_index, row) in puzzle.rows().iter().enumerate() {
        let len = row.len();
        let mut cells = Vec::with_capacity(len);
        for position in 0..len {
            let mask = match row.cells()[len - 1 - position] {
                Some(digit) => 1 << digit,
                None if position + 1 == len && len > 1 => ALL_DIGITS & !1,
                None => ALL_DIGITS,
            };
            builder.cells.push(CellInfo::Digit {
                row: row_index,
                position,
            });
            builder.initial.push(mask);
            cells.push(builder.cells.len() - 1);
        }
        builder.rows.push(cells);
    }
    let rows = builder.rows.clone();
    let row_count = rows.len();
    let mut operand_rows: Vec<usize> = Vec::new();
    match puzzle.operation() {
        Operation::Add => {
            let label = builder.label("the sum".to_string(), row_count - 1);
            let terms: Vec<(Number, usize)> = rows[..row_count - 1]
                .iter()
                .map(|r| (r.clone(), 0))
                .collect();
            builder.sum_columns(&terms, &rows[row_count - 1], label, false);
            builder.relate(
                Relation::Sum {
                    terms: terms.iter().map(|(n, _)| (n.clone(), 0)).collect(),
                    result: rows[row_count - 1].clone(),
                },
                "sum = the addends added up".to_string(),
            );
            operand_rows.extend(0..row_count - 1);
        }
        Operation::Sub => {
            let label = builder.label("the subtraction".to_string(), 0);
            let terms = vec![(rows[1].clone(), 0), (rows[2].clone(), 0)];
            builder.sum_columns(&terms, &rows[0], label, true);
            builder.relate(
                Relation::Sum {
                    terms: vec![(rows[1].clone(), 0), (rows[2].clone(), 0)],
                    result: rows[0].clone(),
                },
                "minuend = subtrahend + difference".to_string(),
            );
            operand_rows.extend([1, 2]);
        }
        Operation::Mul => {
            let (a, b, product) = (&rows[0], &rows[1], &rows[row_count - 1]);
            if b.len() == 1 {
                let label = builder.label("the product".to_string(), row_count - 1);
                builder.times_columns(
                    a,
                    b[0],
                    product,
                    label,
                    "product = multiplicand × multiplier".to_string(),
                );
            } else {
                let mut terms = Vec::new();
                for (j, &digit) in b.iter().enumerate() {
                    let label = builder.label(format!("partial {}", j + 1), 2 + j);
                    builder.times_columns(
                        a,
                        digit,
                        &rows[2 + j],
                        label,
                        format!(
                            "partial {} = multiplicand × multiplier digit {}",
                            j + 1,
                            b.len() - j
                        ),
                    );
                    terms.push((rows[2 + j].clone(), j));
                }
                let label = builder.label("the product".to_string(), row_count - 1);
                builder.sum_columns(&terms, product, label, false);
                builder.relate(
                    Relation::Sum {
                        terms: terms.iter().map(|(n, s)| (n.clone(), *s as u32)).collect(),
                        result: product.clone(),
                    },
                    "product = the partial products added up".to_string(),
                );
            }
            builder.relate(
                Relation::Product {
                    left: a.clone(),
                    right: b.clone(),
                    addend: None,
                    result: product.clone(),
                },
                "product = multiplicand × multiplier".to_string(),
            );
            operand_rows.extend([0, 1]);
        }
        Operation::Div => {
            let (quotient, divisor, dividend) = (&rows[0], &rows[1], &rows[2]);
            let n = quotient.len();
            for i in 0..n {
                let digit = quotient[n - 1 - i];
                let product_row = 3 + 2 * i;
                let remainder_row = product_row + 1;
                let label = builder.label(format!("step product {}", i + 1), product_row);
                builder.times_columns(
                    divisor,
                    digit,
                    &rows[product_row],
                    label,
                    format!(
                        "step product {} = divisor × quotient digit {}",
                        i + 1,
                        i + 1
                    ),
                );
                if rows[product_row].len() == 1 && divisor.len() >= 2 {
                    builder.relate(
                        Relation::ZeroDigit {
                            quotient: digit,
                            product: rows[product_row][0],
                        },
                        format!(
                            "step product {} has one digit under a longer divisor: two digits are brought down",
                            i + 1
                        ),
                    );
                }
                // Subtraction i: top = step product + difference.
                let top: Number = if i == 0 {
                    dividend[n - 1..].to_vec()
                } else {
                    rows[product_row - 1].clone()
                };
                let difference: Number = if i + 1 == n {
                    rows[remainder_row].clone()
                } else {
                    rows[remainder_row][1..].to_vec()
                };
                let label = builder.label(format!("subtraction {}", i + 1), product_row);
                let terms = vec![(rows[product_row].clone(), 0), (difference.clone(), 0)];
                builder.sum_columns(&terms, &top, label, true);
                let top_name = if i == 0 {
                    "the leading dividend digits".to_string()
                } else {
                    format!("remainder {i}")
                };
                builder.relate(
                    Relation::Sum {
                        terms: vec![(rows[product_row].clone(), 0), (difference.clone(), 0)],
                        result: top,
                    },
                    format!("{top_name} = step product {} + what is left", i + 1),
                );
                builder.relate(
                    Relation::Less {
                        smaller: difference,
                        larger: divisor.clone(),
                    },
                    format!("what is left after step {} < divisor", i + 1),
                );
                if i + 1 < n {
                    let label = builder.label(format!("remainder {}", i + 1), remainder_row);
                    builder.columns.push(Column {
                        kind: ColumnKind::Equal,
                        cells: vec![rows[remainder_row][0], dividend[n - 2 - i]],
                        label,
                        column: 0,
                    });
                }
            }
            builder.relate(
                Relation::Product {
                    left: divisor.clone(),
                    right: quotient.clone(),
                    addend: Some(rows[row_count - 1].clone()),
                    result: dividend.clone(),
                },
                "dividend = divisor × quotient + remainder".to_string(),
            );
            operand_rows.extend([0, 1, row_count - 1]);
        }
    }
    let mut operand = vec![false; builder.cells.len()];
    for &row in &operand_rows {
        for &cell in &rows[row] {
            operand[cell] = true;
        }
    }
    let mut network = Network {
        cells: builder.cells,
        initial: builder.initial,
        rows,
        roles: puzzle.roles(),
        columns: builder.columns,
        relations: builder.relations,
        relation_names: builder.relation_names,
        labels: builder.labels,
        label_rows: builder.label_rows,
        operand,
        watchers: Vec::new(),
        printed_steps: puzzle
            .division_steps()
            .map(|steps| {
                let mut printed = 0;
                steps
                    .iter()
                    .map(|step| {
                        printed += usize::from(!step.zero);
                        printed.max(1)
                    })
                    .collect()
            })
            .unwrap_or_default(),
    };
    let mut watchers = vec![Vec::new(); network.cells.len()];
    for item in 0..network.item_count() {
        for cell in network.item_cells(item) {
            if cell != ZERO && !watchers[cell].contains(&item) {
                watchers[cell].push(item);
            }
        }
    }
    network.watchers = watchers;
    network
}
