//! The exact solver: counts solutions (up to a limit) and finds them.
//!
//! A solution is fixed by a few operands (the addends; multiplicand and multiplier; divisor,
//! quotient and remainder): every other row follows from them. So the solver never guesses
//! hidden digits of derived rows; it searches the operands and checks the rows.
//!
//! * Addition and subtraction (as `subtrahend + difference = minuend`) are column sums linked
//!   only by carries, so solutions are counted exactly by dynamic programming over
//!   (column, carry), and listed by a search that the same table keeps free of dead ends.
//! * Multiplication and division are searched column by column from the units digit: at
//!   column `k` the multiplicand (divisor), multiplier (quotient) and remainder get their
//!   `k`-th digits, which fixes digit `k` of every partial product and of every sum row
//!   (product; dividend `= B × Q + R`; each division remainder `Yi`, which is the top part of
//!   `B × (Q mod 10^(n-i)) + R`). Each partial row keeps the set of multiplier digits still
//!   possible for it, filtered by its low digits so far and by a table, computed once per
//!   search, that says whether the row's remaining high digits (lengths and shown leading
//!   digits included) can still come out for that digit and carry; the rows' ranges for the
//!   multiplicand's high digits are intersected, which couples them. Sum rows are bounded by
//!   interval arithmetic on the undecided high digits, and a division's remainder digit is
//!   read off the sum rows' shown digits rather than tried. Before the search, bounds on the
//!   whole operands are narrowed to a fixpoint, which refutes puzzles whose contradiction
//!   lies only in magnitudes.

use super::model::{MAX_ROW_DIGITS, Operation, Puzzle};

/// Bit `d` set: digit `d` is possible.
pub(crate) type Mask = u16;
pub(crate) const ALL_DIGITS: Mask = 0x3FF;
const NONZERO: Mask = 0x3FE;

pub(crate) const POW10: [u64; 20] = {
    let mut table = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        table[i] = table[i - 1] * 10;
        i += 1;
    }
    table
};

/// The candidate digits of one row, by position from the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowDomain {
    pub len: usize,
    pub masks: [Mask; MAX_ROW_DIGITS],
}

impl RowDomain {
    /// The candidates `position` places from the right: only 0 beyond the row.
    #[inline]
    pub fn mask(&self, position: usize) -> Mask {
        if position < self.len {
            self.masks[position]
        } else {
            1
        }
    }

    /// True when `value` has exactly this row's length and fits every digit.
    pub fn matches(&self, mut value: u64) -> bool {
        for position in 0..self.len {
            if self.masks[position] & (1 << (value % 10)) == 0 {
                return false;
            }
            value /= 10;
        }
        value == 0
    }

    /// Smallest and largest values the row can take.
    fn bounds(&self) -> (u64, u64) {
        let mut low = 0;
        let mut high = 0;
        for position in (0..self.len).rev() {
            let mask = self.masks[position];
            low = low * 10 + u64::from(lowest(mask));
            high = high * 10 + u64::from(highest(mask));
        }
        (low, high)
    }
}

/// Candidate digits of every cell of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domains {
    pub operation: Operation,
    pub rows: Vec<RowDomain>,
}

impl Domains {
    pub fn new(puzzle: &Puzzle) -> Domains {
        let rows = puzzle
            .rows()
            .iter()
            .map(|row| {
                let len = row.len();
                let mut masks = [0; MAX_ROW_DIGITS];
                for (index, cell) in row.cells().iter().enumerate() {
                    let position = len - 1 - index;
                    masks[position] = match cell {
                        Some(digit) => 1 << digit,
                        None if index == 0 && len > 1 => NONZERO,
                        None => ALL_DIGITS,
                    };
                }
                RowDomain { len, masks }
            })
            .collect();
        Domains {
            operation: puzzle.operation(),
            rows,
        }
    }

    /// Removes `digit` from the candidates of row `row`, digit `index` from the left.
    pub fn exclude(&mut self, row: usize, index: usize, digit: u8) {
        let domain = &mut self.rows[row];
        let position = domain.len - 1 - index;
        domain.masks[position] &= !(1 << digit);
    }
}

#[inline]
fn lowest(mask: Mask) -> u8 {
    mask.trailing_zeros().min(9) as u8
}

#[inline]
fn highest(mask: Mask) -> u8 {
    (15u32.saturating_sub(mask.leading_zeros())).min(9) as u8
}

/// Iterates the digits of a mask, smallest first.
#[inline]
fn digits(mut mask: Mask) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let digit = mask.trailing_zeros();
            mask &= mask - 1;
            Some(u64::from(digit))
        }
    })
}

/// The result of solving a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    None,
    Unique(Puzzle),
    /// Two of the solutions.
    Multiple(Puzzle, Puzzle),
}

/// Counts the solutions of `puzzle`, stopping at `limit`.
pub fn count_solutions(puzzle: &Puzzle, limit: u64) -> u64 {
    count_domains(&Domains::new(puzzle), limit)
}

/// Up to `limit` solutions of `puzzle`, in a fixed order.
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Vec<Puzzle> {
    let mut found = Vec::new();
    if limit == 0 {
        return found;
    }
    search(&Domains::new(puzzle), &mut |solution| {
        found.push(solution);
        found.len() < limit
    });
    found
}

/// Solves `puzzle`: its unique solution, or why there is none.
pub fn solve(puzzle: &Puzzle) -> Solution {
    let mut found = solutions(puzzle, 2);
    match found.len() {
        0 => Solution::None,
        1 => Solution::Unique(found.remove(0)),
        _ => {
            let second = found.remove(1);
            Solution::Multiple(found.remove(0), second)
        }
    }
}

/// True when `puzzle` has exactly one solution.
pub fn is_unique(puzzle: &Puzzle) -> bool {
    count_solutions(puzzle, 2) == 1
}

/// Counts the solutions within `domains`, stopping at `limit`.
pub fn count_domains(domains: &Domains, limit: u64) -> u64 {
    if limit == 0 {
        return 0;
    }
    match domains.operation {
        Operation::Add | Operation::Sub => {
            let (terms, sum) = column_rows(domains);
            let count = ColumnSums::new(domains, &terms, sum).count();
            u64::try_from(count.min(u128::from(limit))).unwrap_or(limit)
        }
        Operation::Mul | Operation::Div => {
            let mut count = 0;
            ProductSearch::new(domains).run(&mut |_, _, _| {
                count += 1;
                count < limit
            });
            count
        }
    }
}

/// Calls `visit` with each solution within `domains` until it returns false.
pub(crate) fn search(domains: &Domains, visit: &mut dyn FnMut(Puzzle) -> bool) {
    let operation = domains.operation;
    match operation {
        Operation::Add | Operation::Sub => {
            let (terms, sum) = column_rows(domains);
            ColumnSums::new(domains, &terms, sum).list(&mut |values| {
                let operands = if operation == Operation::Add {
                    values.to_vec()
                } else {
                    vec![values[0] + values[1], values[0]]
                };
                visit(solution_of(operation, &operands))
            });
        }
        Operation::Mul => {
            ProductSearch::new(domains).run(&mut |a, b, _| visit(solution_of(operation, &[a, b])));
        }
        Operation::Div => {
            ProductSearch::new(domains).run(&mut |divisor, quotient, remainder| {
                visit(solution_of(
                    operation,
                    &[divisor * quotient + remainder, divisor],
                ))
            });
        }
    }
}

fn solution_of(operation: Operation, operands: &[u64]) -> Puzzle {
    Puzzle::from_operands(operation, operands).expect("a solution found by the search is valid")
}

/// The term rows and the sum row of an addition, or of a subtraction read as
/// `subtrahend + difference = minuend`.
fn column_rows(domains: &Domains) -> (Vec<usize>, usize) {
    match domains.operation {
        Operation::Sub => (vec![1, 2], 0),
        _ => {
            let last = domains.rows.len() - 1;
            ((0..last).collect(), last)
        }
    }
}

/// Most carries of a column sum of up to 6 terms, plus one.
const CARRIES: usize = 6;

/// Room for the terms of a column sum, plus one.
const MAX_ADDENDS_PLUS_ONE: usize = super::model::MAX_ADDENDS + 1;

/// Column sums linked by carries: `Σ terms + carry in = sum digit + 10 × carry out`.
struct ColumnSums<'a> {
    domains: &'a Domains,
    terms: &'a [usize],
    sum: usize,
    width: usize,
    /// `finishes[c]`: bit `carry` set when columns `c..` can be completed from that carry.
    finishes: Vec<u8>,
}

impl<'a> ColumnSums<'a> {
    fn new(domains: &'a Domains, terms: &'a [usize], sum: usize) -> ColumnSums<'a> {
        let width = domains.rows[sum].len;
        let mut sums = ColumnSums {
            domains,
            terms,
            sum,
            width,
            finishes: vec![0; width + 1],
        };
        sums.finishes[width] = 1;
        for column in (0..width).rev() {
            let reachable = sums.reachable_totals(column, terms.len());
            let mut finishes = 0u8;
            for carry in 0..CARRIES {
                if sums.good_totals(column, carry as u32) & reachable != 0 {
                    finishes |= 1 << carry;
                }
            }
            sums.finishes[column] = finishes;
        }
        sums
    }

    /// Totals (bit set) that the first `count` terms can make in `column`.
    fn reachable_totals(&self, column: usize, count: usize) -> u64 {
        let mut reachable = 1u64;
        for &term in &self.terms[..count] {
            let mask = self.domains.rows[term].mask(column);
            let mut next = 0u64;
            for digit in digits(mask) {
                next |= reachable << digit;
            }
            reachable = next;
        }
        reachable
    }

    /// Totals of the term digits (bit set) that, with `carry` in, give a possible sum digit
    /// and a carry out from which the higher columns can be completed.
    fn good_totals(&self, column: usize, carry: u32) -> u64 {
        let sum_mask = self.domains.rows[self.sum].mask(column);
        let next = self.finishes[column + 1];
        let mut good = 0u64;
        for total in 0..=(9 * self.terms.len() as u32) {
            let value = total + carry;
            if sum_mask & (1 << (value % 10)) != 0 && next & (1 << (value / 10)) != 0 {
                good |= 1 << total;
            }
        }
        good
    }

    /// The exact number of solutions (saturating).
    fn count(&self) -> u128 {
        let mut ways = [0u128; CARRIES];
        ways[0] = 1;
        for column in 0..self.width {
            let mut totals = [0u128; 64];
            totals[0] = 1;
            for &term in self.terms {
                let mask = self.domains.rows[term].mask(column);
                let mut next = [0u128; 64];
                for (total, &count) in totals.iter().enumerate() {
                    if count == 0 {
                        continue;
                    }
                    for digit in digits(mask) {
                        let slot = &mut next[total + digit as usize];
                        *slot = slot.saturating_add(count);
                    }
                }
                totals = next;
            }
            let sum_mask = self.domains.rows[self.sum].mask(column);
            let mut next = [0u128; CARRIES];
            for (carry, &ways_in) in ways.iter().enumerate() {
                if ways_in == 0 {
                    continue;
                }
                for (total, &count) in totals.iter().enumerate() {
                    let value = total + carry;
                    if count == 0 || sum_mask & (1 << (value % 10)) == 0 {
                        continue;
                    }
                    let slot = &mut next[value / 10];
                    *slot = slot.saturating_add(ways_in.saturating_mul(count));
                }
            }
            ways = next;
        }
        ways[0]
    }

    /// Calls `visit` with the term values of each solution until it returns false.
    fn list(&self, visit: &mut dyn FnMut(&[u64]) -> bool) {
        if self.finishes[0] & 1 == 0 {
            return;
        }
        let mut values = vec![0u64; self.terms.len()];
        self.column(0, 0, &mut values, visit);
    }

    fn column(
        &self,
        column: usize,
        carry: u32,
        values: &mut [u64],
        visit: &mut dyn FnMut(&[u64]) -> bool,
    ) -> bool {
        if column == self.width {
            return visit(values);
        }
        let good = self.good_totals(column, carry);
        // suffix[i]: totals the terms i.. can still make.
        let mut suffix = [1u64; MAX_ADDENDS_PLUS_ONE];
        for i in (0..self.terms.len()).rev() {
            let mask = self.domains.rows[self.terms[i]].mask(column);
            suffix[i] = digits(mask).fold(0, |acc, digit| acc | suffix[i + 1] << digit);
        }
        self.term(column, carry, 0, 0, good, &suffix, values, visit)
    }

    #[allow(clippy::too_many_arguments)]
    fn term(
        &self,
        column: usize,
        carry: u32,
        index: usize,
        total: u32,
        good: u64,
        suffix: &[u64],
        values: &mut [u64],
        visit: &mut dyn FnMut(&[u64]) -> bool,
    ) -> bool {
        if index == self.terms.len() {
            let value = total + carry;
            return self.column(column + 1, value / 10, values, visit);
        }
        let mask = self.domains.rows[self.terms[index]].mask(column);
        for digit in digits(mask) {
            let total = total + digit as u32;
            if (suffix[index + 1] << total) & good == 0 {
                continue;
            }
            values[index] += digit * POW10[column];
            let go_on = self.term(column, carry, index + 1, total, good, suffix, values, visit);
            values[index] -= digit * POW10[column];
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// An operand of a multiplication or division: digits searched from the right.
#[derive(Clone, Copy, Debug)]
struct Operand {
    len: usize,
    masks: [Mask; MAX_ROW_DIGITS],
    /// `min_high[k]`: the smallest value of the digits at positions `k..` (as a number).
    min_high: [u64; MAX_ROW_DIGITS + 1],
    max_high: [u64; MAX_ROW_DIGITS + 1],
}

impl Operand {
    fn new(row: &RowDomain) -> Operand {
        let mut min_high = [0; MAX_ROW_DIGITS + 1];
        let mut max_high = [0; MAX_ROW_DIGITS + 1];
        for position in (0..row.len).rev() {
            let mask = row.masks[position];
            min_high[position] = min_high[position + 1] * 10 + u64::from(lowest(mask));
            max_high[position] = max_high[position + 1] * 10 + u64::from(highest(mask));
        }
        Operand {
            len: row.len,
            masks: row.masks,
            min_high,
            max_high,
        }
    }

    #[inline]
    fn mask(&self, position: usize) -> Mask {
        if position < self.len {
            self.masks[position]
        } else {
            1
        }
    }
}

/// Positions of the completion tables: operands have at most 7 digits, and the search reads
/// one position past its last level.
const TABLE_POSITIONS: usize = 9;

/// No completion exists.
const NONE: u32 = u32::MAX;

/// `u × (digit of v at position)`, one row.
#[derive(Clone, Debug)]
struct PartialRow {
    position: usize,
    row: RowDomain,
    /// Smallest and largest value of the row.
    low: u64,
    high: u64,
    /// `lowest[d][k][carry]`: the smallest number formed by the digits of `u` from position
    /// `k` up such that, with carry `carry` into position `k` of `u × d`, the row's remaining
    /// digits come out (lengths and shown leading digits included); [`NONE`] when no digits
    /// do. `highest` likewise the largest.
    lowest: [[[u32; 10]; TABLE_POSITIONS]; 10],
    highest: [[[u32; 10]; TABLE_POSITIONS]; 10],
}

impl PartialRow {
    fn new(position: usize, row: RowDomain, u: &Operand) -> PartialRow {
        let mut lowest = [[[NONE; 10]; TABLE_POSITIONS]; 10];
        let mut highest = [[[0u32; 10]; TABLE_POSITIONS]; 10];
        for d in 0..10u32 {
            let (low, high) = (&mut lowest[d as usize], &mut highest[d as usize]);
            // Past the multiplicand only the carry is left: one digit at position `u.len`.
            if row.len <= u.len + 1 {
                for carry in digits(row.mask(u.len)) {
                    low[u.len][carry as usize] = 0;
                    high[u.len][carry as usize] = 0;
                }
            }
            // Beyond that, nothing is left to carry.
            for k in u.len + 1..TABLE_POSITIONS {
                low[k][0] = 0;
                high[k][0] = 0;
            }
            for k in (0..u.len).rev() {
                let row_mask = row.mask(k);
                for carry in 0..10u32 {
                    for x in digits(u.masks[k]) {
                        let value = x as u32 * d + carry;
                        let next = (value / 10) as usize;
                        if row_mask & (1 << (value % 10)) == 0 || low[k + 1][next] == NONE {
                            continue;
                        }
                        let c = carry as usize;
                        let x = x as u32;
                        low[k][c] = low[k][c].min(x + 10 * low[k + 1][next]);
                        high[k][c] = high[k][c].max(x + 10 * high[k + 1][next]);
                    }
                }
            }
        }
        let (low, high) = row.bounds();
        PartialRow {
            position,
            row,
            low,
            high,
            lowest,
            highest,
        }
    }

    #[inline]
    fn can_finish(&self, d: usize, k: usize, carry: usize) -> bool {
        self.lowest[d][k][carry] != NONE
    }
}

/// A row that is the top part of `u × (v mod 10^v_digits) + w`, shifted right by `shift`.
#[derive(Clone, Debug)]
struct SumRow {
    row: RowDomain,
    v_digits: usize,
    shift: usize,
    with_w: bool,
    low: u64,
    high: u64,
    /// Bounds on `u × (v mod 10^v_digits) + w` before the shift.
    z_low: u64,
    z_high: u64,
}

/// Most partial or sum rows, and most operand digits.
const ROWS: usize = 8;

/// Bounds on whole operands: the multiplicand (divisor), the remainder, and the candidates
/// of each multiplier (quotient) digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bounds {
    u: (u64, u64),
    w: (u64, u64),
    v: [Mask; MAX_ROW_DIGITS],
}

/// The state of the search after the digits below one column: low parts of the operands,
/// multiplier digits still possible, and what the rows carry into the column.
#[derive(Clone, Copy)]
struct Node {
    u: u64,
    v: u64,
    w: u64,
    /// Multiplier (quotient) digits still possible, by position.
    candidates: [Mask; ROWS],
    /// Per partial row and multiplier digit `d`: the carry of `u × d` into the column.
    carries: [[u8; 10]; ROWS],
    /// Per sum row: `(u × (v mod 10^v_digits) + w) / 10^column` so far.
    sums: [u64; ROWS],
    /// Per sum row: the part of `v` that counts for it so far.
    v_parts: [u64; ROWS],
}

/// The column-by-column search of a multiplication (`u × v`) or division (divisor `u`,
/// quotient `v`, remainder `w`).
struct ProductSearch {
    u: Operand,
    v: Operand,
    w: Option<Operand>,
    partials: Vec<PartialRow>,
    sums: Vec<SumRow>,
    levels: usize,
    /// Multiplier (quotient) digits still possible at the start, by position.
    start: [Mask; MAX_ROW_DIGITS],
    impossible: bool,
    /// Bounds on the whole multiplicand (divisor) and remainder from [`Self::tighten`].
    u_range: (u64, u64),
    w_range: (u64, u64),
}

impl ProductSearch {
    fn new(domains: &Domains) -> ProductSearch {
        let rows = &domains.rows;
        let (u_row, v_row, w_row) = match domains.operation {
            Operation::Mul => (0, 1, None),
            _ => (1, 0, Some(rows.len() - 1)),
        };
        let u = Operand::new(&rows[u_row]);
        let v = Operand::new(&rows[v_row]);
        let w = w_row.map(|row| Operand::new(&rows[row]));
        let mut partials = Vec::new();
        let mut sums = Vec::new();
        let sum_row = |row: &RowDomain, v_digits: usize, shift: usize, with_w: bool| {
            let (low, high) = row.bounds();
            SumRow {
                row: *row,
                v_digits,
                shift,
                with_w,
                low,
                high,
                z_low: low.saturating_mul(POW10[shift]),
                z_high: high
                    .saturating_mul(POW10[shift])
                    .saturating_add(POW10[shift] - 1),
            }
        };
        if domains.operation == Operation::Mul {
            let product = rows.len() - 1;
            if v.len >= 2 {
                for j in 0..v.len {
                    partials.push(PartialRow::new(j, rows[2 + j], &u));
                }
            }
            sums.push(sum_row(&rows[product], usize::MAX, 0, false));
        } else {
            let n = v.len;
            for i in 0..n {
                partials.push(PartialRow::new(n - 1 - i, rows[3 + 2 * i], &u));
            }
            sums.push(sum_row(&rows[2], usize::MAX, 0, true));
            for i in 0..n - 1 {
                sums.push(sum_row(&rows[4 + 2 * i], n - 1 - i, n - 2 - i, true));
            }
        }
        let mut start = [0; MAX_ROW_DIGITS];
        start[..v.len].copy_from_slice(&v.masks[..v.len]);
        for partial in &partials {
            let mut allowed = 0;
            for d in 0..10 {
                if partial.can_finish(d, 0, 0) {
                    allowed |= 1 << d;
                }
            }
            start[partial.position] &= allowed;
        }
        let mut impossible = start[..v.len].contains(&0)
            || sums.iter().any(|sum| sum.low > sum.high)
            || (0..u.len).any(|k| u.masks[k] == 0)
            || w.is_some_and(|w| (0..w.len).any(|k| w.masks[k] == 0));
        let levels = u.len.max(v.len).max(w.map_or(0, |w| w.len));
        let mut search = ProductSearch {
            u,
            v,
            w,
            partials,
            sums,
            levels,
            start,
            impossible,
            u_range: (u.min_high[0], u.max_high[0]),
            w_range: w.map_or((0, 0), |w| (w.min_high[0], w.max_high[0])),
        };
        if !impossible {
            impossible = !search.tighten();
            search.impossible = impossible;
        }
        search
    }

    /// Bounds the whole operands before the search (see [`Self::tighten_bounds`]). False
    /// when nothing fits.
    fn tighten(&mut self) -> bool {
        let bounds = Bounds {
            u: self.u_range,
            w: self.w_range,
            v: self.start,
        };
        match self.tighten_bounds(bounds) {
            Some(bounds) => {
                self.u_range = bounds.u;
                self.w_range = bounds.w;
                self.start = bounds.v;
                true
            }
            None => false,
        }
    }

    /// Narrows bounds on the whole operands to a fixpoint: a partial row's range bounds the
    /// multiplicand for each multiplier digit and the digits for the multiplicand, a sum row
    /// bounds both factors and the addend, the remainder is below the divisor. The column
    /// search sees low digits; this sees what only magnitudes show (say, every step product
    /// one digit longer than the divisor, which forces ever larger quotient digits until
    /// nothing is left). `None` when nothing fits.
    fn tighten_bounds(&self, mut bounds: Bounds) -> Option<Bounds> {
        for _ in 0..200 {
            let before = bounds;
            let (mut u_low, mut u_high) = bounds.u;
            for partial in &self.partials {
                let (low, high) = (partial.low, partial.high);
                let mut keep = 0;
                let (mut fit_low, mut fit_high) = (u64::MAX, 0);
                for d in digits(bounds.v[partial.position]) {
                    if u_low * d > high || u_high * d < low {
                        continue;
                    }
                    keep |= 1 << d;
                    if d == 0 {
                        (fit_low, fit_high) = (0, u64::MAX);
                    } else {
                        fit_low = fit_low.min(low.div_ceil(d));
                        fit_high = fit_high.max(high / d);
                    }
                }
                bounds.v[partial.position] = keep;
                u_low = u_low.max(fit_low);
                u_high = u_high.min(fit_high);
                if keep == 0 || u_low > u_high {
                    return None;
                }
            }
            let (mut w_low, mut w_high) = bounds.w;
            for sum in &self.sums {
                let top = sum.v_digits.min(self.v.len);
                let mut v_low = 0;
                let mut v_high = 0;
                for (place, &mask) in POW10.iter().zip(&bounds.v[..top]) {
                    v_low += place * u64::from(lowest(mask));
                    v_high += place * u64::from(highest(mask));
                }
                let (add_low, add_high) = if sum.with_w { (w_low, w_high) } else { (0, 0) };
                let need_low = sum.z_low.saturating_sub(add_high);
                let need_high = sum.z_high.checked_sub(add_low)?;
                if let Some(high) = need_high.checked_div(v_low) {
                    u_high = u_high.min(high);
                }
                if v_high > 0 {
                    u_low = u_low.max(need_low.div_ceil(v_high));
                } else if need_low > 0 {
                    return None;
                }
                if u_low > u_high {
                    return None;
                }
                // The part of v that counts here, digit by digit.
                let target_low = need_low
                    .checked_div(u_high)
                    .map_or(0, |_| need_low.div_ceil(u_high));
                let target_high = need_high.checked_div(u_low).unwrap_or(u64::MAX);
                for (&place, mask) in POW10.iter().zip(&mut bounds.v[..top]) {
                    let others_low = v_low - place * u64::from(lowest(*mask));
                    let others_high = v_high - place * u64::from(highest(*mask));
                    let mut keep = 0;
                    for x in digits(*mask) {
                        if others_low + x * place <= target_high
                            && others_high + x * place >= target_low
                        {
                            keep |= 1 << x;
                        }
                    }
                    if keep == 0 {
                        return None;
                    }
                    *mask = keep;
                }
                if sum.with_w {
                    w_low = w_low.max(sum.z_low.saturating_sub(u_high.saturating_mul(v_high)));
                    w_high = w_high.min(sum.z_high.checked_sub(u_low * v_low)?);
                }
            }
            if self.w.is_some() {
                // The remainder is below the divisor.
                w_high = w_high.min(u_high.saturating_sub(1));
                u_low = u_low.max(w_low + 1);
            }
            if u_low > u_high || w_low > w_high {
                return None;
            }
            bounds.u = (u_low, u_high);
            bounds.w = (w_low, w_high);
            if bounds == before {
                break;
            }
        }
        Some(bounds)
    }

    /// Calls `visit(u, v, w)` for every solution until it returns false.
    fn run(&self, visit: &mut dyn FnMut(u64, u64, u64) -> bool) {
        if self.impossible {
            return;
        }
        let mut start = Node {
            u: 0,
            v: 0,
            w: 0,
            candidates: [0; ROWS],
            carries: [[0; 10]; ROWS],
            sums: [0; ROWS],
            v_parts: [0; ROWS],
        };
        start.candidates[..self.v.len].copy_from_slice(&self.start[..self.v.len]);
        self.level(0, &start, visit);
    }

    fn level(&self, k: usize, node: &Node, visit: &mut dyn FnMut(u64, u64, u64) -> bool) -> bool {
        if k == self.levels {
            return !self.complete(node.u, node.v, node.w) || visit(node.u, node.v, node.w);
        }
        let place = POW10[k];
        let next_place = POW10[k + 1];
        for x in digits(self.u.mask(k)) {
            let mut after_u = *node;
            after_u.u = node.u + x * place;
            let Some(u_high) = self.filter_partials(k, x, node, &mut after_u) else {
                continue;
            };
            let u_min = after_u.u + next_place * u_high.0;
            let u_max = after_u.u + next_place * u_high.1;
            let v_choices = if k < self.v.len {
                after_u.candidates[k]
            } else {
                1
            };
            for y in digits(v_choices) {
                let mut after_v = after_u;
                after_v.v = node.v + y * place;
                if k < self.v.len {
                    after_v.candidates[k] = 1 << y;
                }
                // v_bounds[t]: bounds of the undecided digits of v below position t.
                let mut v_low_bound = [0u64; ROWS + 1];
                let mut v_high_bound = [0u64; ROWS + 1];
                for position in k + 1..self.v.len {
                    let mask = after_v.candidates[position];
                    v_low_bound[position + 1] =
                        v_low_bound[position] + POW10[position] * u64::from(lowest(mask));
                    v_high_bound[position + 1] =
                        v_high_bound[position] + POW10[position] * u64::from(highest(mask));
                }
                // Each sum row's value at this column without the remainder digit; a row
                // with a shown digit here leaves one remainder digit, others a few.
                let mut bases = [0u64; ROWS];
                let mut w_choices = self.w.as_ref().map_or(1, |w| w.mask(k));
                for (r, sum) in self.sums.iter().enumerate() {
                    let y_part = if k < sum.v_digits { y } else { 0 };
                    let base =
                        node.sums[r] + x * node.v_parts[r] + y_part * node.u + place * x * y_part;
                    bases[r] = base;
                    if k < sum.shift {
                        continue;
                    }
                    let allowed = sum.row.mask(k - sum.shift);
                    let shift = (base % 10) as u32;
                    if sum.with_w {
                        // z fits when (base + z) mod 10 is allowed: rotate right by `shift`.
                        let spread = u32::from(allowed) | (u32::from(allowed) << 10);
                        w_choices &= ((spread >> shift) & 0x3FF) as Mask;
                    } else if allowed & (1 << shift) == 0 {
                        w_choices = 0;
                    }
                    if w_choices == 0 {
                        break;
                    }
                }
                for z in digits(w_choices) {
                    let mut child = after_v;
                    child.w = node.w + z * place;
                    let (w_min, w_max) = match &self.w {
                        Some(operand) => {
                            let low = (child.w + next_place * operand.min_high[k + 1])
                                .max(self.w_range.0);
                            let high = (child.w + next_place * operand.max_high[k + 1])
                                .min(self.w_range.1);
                            if low >= u_max || low > high {
                                // The remainder is below the divisor.
                                continue;
                            }
                            (low, high)
                        }
                        None => (0, 0),
                    };
                    let mut fits = true;
                    for (r, sum) in self.sums.iter().enumerate() {
                        let in_v = k < sum.v_digits;
                        let value = bases[r] + if sum.with_w { z } else { 0 };
                        child.sums[r] = value / 10;
                        if in_v {
                            child.v_parts[r] = node.v_parts[r] + y * place;
                        }
                        let top = sum.v_digits.min(self.v.len).max(k + 1);
                        let v_part = child.v_parts[r];
                        let v_min = v_part + v_low_bound[top];
                        let v_max = v_part + v_high_bound[top];
                        let (w_min, w_max) = if sum.with_w { (w_min, w_max) } else { (0, 0) };
                        if u_max * v_max + w_max < sum.z_low || u_min * v_min + w_min > sum.z_high {
                            fits = false;
                            break;
                        }
                    }
                    if !fits {
                        continue;
                    }
                    if !self.level(k + 1, &child, visit) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Keeps, for each partial row, the multiplier digits whose product with `u` (now known
    /// up to position `k`, digit `x` there) fits the row's digit `k` and can still finish,
    /// and updates the carries. Returns the bounds that all rows together leave for the
    /// digits of `u` above position `k`, or `None` when a row has no digit left or the rows
    /// disagree.
    #[inline]
    fn filter_partials(
        &self,
        k: usize,
        x: u64,
        node: &Node,
        child: &mut Node,
    ) -> Option<(u64, u64)> {
        let next_place = POW10[k + 1];
        let u = child.u;
        let mut low =
            self.u.min_high[k + 1].max(self.u_range.0.saturating_sub(u).div_ceil(next_place));
        let range_high = self.u_range.1.checked_sub(u)?;
        let mut high = self.u.max_high[k + 1].min(range_high / next_place);
        let x = x as u32;
        for (r, partial) in self.partials.iter().enumerate() {
            let row_mask = partial.row.mask(k);
            let mut keep = 0;
            let mut row_low = NONE;
            let mut row_high = 0;
            for d in digits(node.candidates[partial.position]) {
                let d = d as usize;
                let value = u32::from(node.carries[r][d]) + x * d as u32;
                let carry = (value / 10) as usize;
                if row_mask & (1 << (value % 10)) != 0 && partial.can_finish(d, k + 1, carry) {
                    keep |= 1 << d;
                    child.carries[r][d] = carry as u8;
                    row_low = row_low.min(partial.lowest[d][k + 1][carry]);
                    row_high = row_high.max(partial.highest[d][k + 1][carry]);
                }
            }
            if keep == 0 {
                return None;
            }
            child.candidates[partial.position] = keep;
            low = low.max(u64::from(row_low));
            high = high.min(u64::from(row_high));
        }
        if low > high {
            return None;
        }
        // Digits whose completions all miss the range the other rows leave are out too.
        let mut tightened = true;
        while tightened {
            tightened = false;
            for (r, partial) in self.partials.iter().enumerate() {
                let mut keep = 0;
                let mut row_low = NONE;
                let mut row_high = 0;
                for d in digits(child.candidates[partial.position]) {
                    let d = d as usize;
                    let carry = usize::from(child.carries[r][d]);
                    let (d_low, d_high) = (
                        partial.lowest[d][k + 1][carry],
                        partial.highest[d][k + 1][carry],
                    );
                    if u64::from(d_low) <= high && u64::from(d_high) >= low {
                        keep |= 1 << d;
                        row_low = row_low.min(d_low);
                        row_high = row_high.max(d_high);
                    }
                }
                if keep == 0 {
                    return None;
                }
                if keep != child.candidates[partial.position] {
                    child.candidates[partial.position] = keep;
                    tightened = true;
                }
                low = low.max(u64::from(row_low));
                high = high.min(u64::from(row_high));
                if low > high {
                    return None;
                }
            }
        }
        Some((low, high))
    }

    /// Checks a full assignment against every row.
    fn complete(&self, u: u64, v: u64, w: u64) -> bool {
        if self.w.is_some() && w >= u {
            return false;
        }
        self.partials.iter().all(|partial| {
            let d = v / POW10[partial.position] % 10;
            partial.row.matches(u * d)
        }) && self.sums.iter().all(|sum| {
            let v_part = if sum.v_digits < self.v.len {
                v % POW10[sum.v_digits]
            } else {
                v
            };
            let w_part = if sum.with_w { w } else { 0 };
            sum.row.matches((u * v_part + w_part) / POW10[sum.shift])
        })
    }
}
