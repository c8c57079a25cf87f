//! The named rules: each narrows the candidates of the cells of one column or relation.
//!
//! A column rule computes every value each cell of the column can still take
//! (generalized arc consistency on `terms + carry in = digit + 10 × carry out` or
//! `a × d + carry in = digit + 10 × carry out`) and is named by what that took: one unknown
//! left is plain arithmetic (`column-sum`, `multiply-out`, ...), two or more is harder
//! (`last-digit`, `carry`, `column-analysis`, ...). Relation rules work on whole numbers with
//! interval arithmetic, narrowing the leading undecided digit.

use super::network::{CellId, Column, ColumnKind, Network, Relation, ZERO};
use crate::mushikui::solver::{Mask, POW10};

/// The named rules, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A brought-down digit is the dividend digit above it.
    BringDown,
    /// A column of an addition with one digit or carry unknown.
    ColumnSum,
    /// A column of a subtraction with one unknown below the top row.
    ColumnSubtraction,
    /// A column of a subtraction with the top digit unknown: add back.
    WorkBack,
    /// One column of a partial product with the result digit or carry unknown.
    MultiplyOut,
    /// A one-digit step product under a longer divisor: two digits come down at once, so
    /// the quotient digit is 0.
    ZeroDigit,
    /// A partial product equal to the multiplicand (or divisor): the digit is 1.
    DigitOne,
    /// One column of a partial product with a factor digit unknown: the times table read
    /// backwards.
    DivideBack,
    /// The last digit of a partial product from the last-digit multiplication table, with
    /// two or more unknowns.
    LastDigit,
    /// Bounds on carries: a column cannot carry more than its digits allow; a longer result's
    /// leading digit is a carry.
    Carry,
    /// A column of an addition or subtraction with two or more unknowns.
    ColumnAnalysis,
    /// A column of a partial product with two or more unknowns.
    MultiplicationColumn,
    /// Digit-count bounds: a partial product's length (and leading digits) bound its
    /// multiplier or quotient digit and the multiplicand.
    DigitCount,
    /// What is left after a division step is below the divisor.
    RemainderBound,
    /// Magnitudes of whole rows: product = multiplicand × multiplier, dividend = divisor ×
    /// quotient + remainder, sums of rows.
    Magnitude,
    /// Try each candidate of one digit; those that lead to a contradiction are out.
    CaseAnalysis,
    /// Nothing above decides the next digit: a search (only for puzzles beyond the scale).
    Search,
}

impl Rule {
    pub const ALL: [Rule; 17] = [
        Rule::BringDown,
        Rule::ColumnSum,
        Rule::ColumnSubtraction,
        Rule::WorkBack,
        Rule::MultiplyOut,
        Rule::ZeroDigit,
        Rule::DigitOne,
        Rule::DivideBack,
        Rule::LastDigit,
        Rule::Carry,
        Rule::ColumnAnalysis,
        Rule::MultiplicationColumn,
        Rule::DigitCount,
        Rule::RemainderBound,
        Rule::Magnitude,
        Rule::CaseAnalysis,
        Rule::Search,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Rule::BringDown => "bring-down",
            Rule::ColumnSum => "column-sum",
            Rule::ColumnSubtraction => "column-subtraction",
            Rule::WorkBack => "work-back",
            Rule::MultiplyOut => "multiply-out",
            Rule::ZeroDigit => "zero-digit",
            Rule::DigitOne => "digit-one",
            Rule::DivideBack => "divide-back",
            Rule::LastDigit => "last-digit",
            Rule::Carry => "carry",
            Rule::ColumnAnalysis => "column-analysis",
            Rule::MultiplicationColumn => "multiplication-column",
            Rule::DigitCount => "digit-count",
            Rule::RemainderBound => "remainder-bound",
            Rule::Magnitude => "magnitude",
            Rule::CaseAnalysis => "case-analysis",
            Rule::Search => "search",
        }
    }

    /// The level of the rule: the solver uses a level only when all lower ones are stuck.
    pub fn level(self) -> u8 {
        match self {
            Rule::BringDown
            | Rule::ColumnSum
            | Rule::ColumnSubtraction
            | Rule::WorkBack
            | Rule::MultiplyOut => 1,
            Rule::ZeroDigit | Rule::DigitOne | Rule::DivideBack | Rule::LastDigit => 2,
            Rule::Carry => 3,
            Rule::ColumnAnalysis | Rule::MultiplicationColumn => 4,
            Rule::DigitCount | Rule::RemainderBound => 5,
            Rule::Magnitude => 6,
            Rule::CaseAnalysis => 7,
            Rule::Search => 8,
        }
    }

    /// The rating a puzzle gets when this is the hardest rule it needs (case analysis is
    /// rated by its amount instead; see the grade module).
    pub fn weight(self) -> f64 {
        match self.level() {
            level @ 1..=6 => 0.5 + 0.5 * f64::from(level),
            7 => 4.0,
            _ => 10.0,
        }
    }
}

/// A rule by its name (`remainder-bound`; case, spaces and underscores do not matter),
/// else an input error with the closest name as a hint.
impl std::str::FromStr for Rule {
    type Err = crate::error::Error;

    fn from_str(text: &str) -> Result<Rule, Self::Err> {
        let wanted = text.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        if let Some(&rule) = Rule::ALL.iter().find(|rule| rule.name() == wanted) {
            return Ok(rule);
        }
        let closest = Rule::ALL
            .iter()
            .map(|rule| (strsim::jaro_winkler(&wanted, rule.name()), rule.name()))
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map_or("column-sum", |(_, name)| name);
        Err(
            crate::error::Error::input(format!("unknown mushikui-zan rule {text:?}")).with_hint(
                format!(
                    "did you mean {closest:?}? The rules: {}",
                    Rule::ALL.map(Rule::name).join(", ")
                ),
            ),
        )
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The highest level of the logical rules.
pub const TOP_LEVEL: u8 = 6;

/// Some cell ran out of candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Cells changed by a deduction, with their candidates before it.
pub type Changes = Vec<(CellId, Mask)>;

#[inline]
fn digits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let digit = mask.trailing_zeros();
            mask &= mask - 1;
            Some(digit)
        }
    })
}

#[inline]
fn single(mask: Mask) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

/// Sets `cell` to `mask` (a subset of its candidates), recording the change.
#[inline]
fn narrow(
    state: &mut [Mask],
    cell: CellId,
    mask: Mask,
    changes: &mut Changes,
) -> Result<(), Contradiction> {
    let old = state[cell];
    let new = old & mask;
    if new == 0 {
        return Err(Contradiction);
    }
    if new != old {
        if cell == ZERO {
            return Err(Contradiction);
        }
        changes.push((cell, old));
        state[cell] = new;
    }
    Ok(())
}

/// Minkowski sum of two sets of small totals.
#[inline]
fn add_sets(a: u128, b: u128) -> u128 {
    let mut sum = 0;
    let mut rest = a;
    while rest != 0 {
        let shift = rest.trailing_zeros();
        rest &= rest - 1;
        sum |= b << shift;
    }
    sum
}

#[inline]
fn add_digits(set: u128, mask: Mask) -> u128 {
    let mut sum = 0;
    for digit in digits(u32::from(mask)) {
        sum |= set << digit;
    }
    sum
}

/// The candidates every cell of a column can keep, in the column's cell order.
fn column_supports(column: &Column, state: &[Mask]) -> Option<[Mask; 12]> {
    let cells = &column.cells;
    let mut out = [0 as Mask; 12];
    match column.kind {
        ColumnKind::Equal => {
            let both = state[cells[0]] & state[cells[1]];
            if both == 0 {
                return None;
            }
            out[0] = both;
            out[1] = both;
        }
        ColumnKind::Times => {
            let (a, d, carry_in, result, carry_out) = (
                state[cells[0]],
                state[cells[1]],
                u128::from(state[cells[2]]),
                state[cells[3]],
                state[cells[4]],
            );
            // The values `digit + 10 × carry out` the right side allows.
            let mut right = 0u128;
            for c in digits(u32::from(carry_out)) {
                right |= u128::from(result) << (10 * c);
            }
            let mut used = 0u128;
            for x in digits(u32::from(a)) {
                for y in digits(u32::from(d)) {
                    let product = x * y;
                    // Carries in that land on an allowed value.
                    let carries = (right >> product) & carry_in;
                    if carries != 0 {
                        out[0] |= 1 << x;
                        out[1] |= 1 << y;
                        out[2] |= carries as Mask;
                        used |= carries << product;
                    }
                }
            }
            if used == 0 {
                return None;
            }
            while used != 0 {
                let value = used.trailing_zeros();
                used &= used - 1;
                out[3] |= 1 << (value % 10);
                out[4] |= 1 << (value / 10);
            }
        }
        ColumnKind::Sum { .. } => {
            let k = cells.len() - 3;
            let (carry_in, result, carry_out) = (cells[k], cells[k + 1], cells[k + 2]);
            let mut right = 0u128;
            for r in digits(u32::from(state[result])) {
                for c in digits(u32::from(state[carry_out])) {
                    right |= 1 << (r + 10 * c);
                }
            }
            let mut prefix = [0u128; 10];
            prefix[0] = 1;
            for i in 0..k {
                prefix[i + 1] = add_digits(prefix[i], state[cells[i]]);
            }
            let mut suffix = [0u128; 10];
            suffix[k] = add_digits(1, state[carry_in]);
            for i in (0..k).rev() {
                suffix[i] = add_digits(suffix[i + 1], state[cells[i]]);
            }
            let feasible = suffix[0] & right;
            if feasible == 0 {
                return None;
            }
            for r in digits(u32::from(state[result])) {
                for c in digits(u32::from(state[carry_out])) {
                    if feasible & (1 << (r + 10 * c)) != 0 {
                        out[k + 1] |= 1 << r;
                        out[k + 2] |= 1 << c;
                    }
                }
            }
            for c in digits(u32::from(state[carry_in])) {
                if (prefix[k] << c) & feasible != 0 {
                    out[k] |= 1 << c;
                }
            }
            for i in 0..k {
                let others = add_sets(prefix[i], suffix[i + 1]);
                for v in digits(u32::from(state[cells[i]])) {
                    if (others << v) & feasible != 0 {
                        out[i] |= 1 << v;
                    }
                }
            }
        }
    }
    Some(out)
}

/// Applies what column `column` allows at `level`. Returns the rule used, or `None` when the
/// column teaches nothing at this level.
fn apply_column(
    network: &Network,
    column: &Column,
    state: &mut [Mask],
    level: u8,
    changes: &mut Changes,
) -> Result<Option<Rule>, Contradiction> {
    let cells = &column.cells;
    let known = |i: usize| single(state[cells[i]]);
    if cells.iter().all(|&cell| single(state[cell])) {
        // Everything known: the column must still add up.
        return match column_supports(column, state) {
            Some(_) => Ok(None),
            None => Err(Contradiction),
        };
    }
    let supports = column_supports(column, state).ok_or(Contradiction)?;
    // Bit i: cell i of the column loses candidates.
    let mut changed = 0u32;
    let mut carries = 0u32;
    for (i, &cell) in cells.iter().enumerate() {
        if state[cell] & !supports[i] != 0 {
            changed |= 1 << i;
        }
        if network.is_carry(cell) {
            carries |= 1 << i;
        }
    }
    if changed == 0 {
        return Ok(None);
    }
    let only_carries = changed & !carries == 0;
    let rule = match column.kind {
        ColumnKind::Equal => Rule::BringDown,
        ColumnKind::Sum { minuend } => {
            let k = cells.len() - 3;
            let (carry_in, result) = (k, k + 1);
            let mut unknown_digits = 0;
            let mut result_unknown = false;
            for i in (0..k).chain([result]) {
                if !known(i) {
                    unknown_digits += 1;
                    result_unknown |= i == result;
                }
            }
            if unknown_digits + usize::from(!known(carry_in)) <= 1 {
                match (minuend, result_unknown) {
                    (false, _) => Rule::ColumnSum,
                    (true, true) => Rule::WorkBack,
                    (true, false) => Rule::ColumnSubtraction,
                }
            } else if k == 0 || only_carries {
                Rule::Carry
            } else {
                Rule::ColumnAnalysis
            }
        }
        ColumnKind::Times => {
            let (a, d, carry_in, result) = (0, 1, 2, 3);
            if known(a) && known(d) && known(carry_in) {
                Rule::MultiplyOut
            } else if only_carries {
                Rule::Carry
            } else if column.column == 0 && !(known(a) && known(d)) {
                Rule::LastDigit
            } else if known(carry_in) && known(result) && (known(a) != known(d)) {
                Rule::DivideBack
            } else {
                Rule::MultiplicationColumn
            }
        }
    };
    let (rule, apply) = if rule.level() <= level {
        (rule, changed)
    } else if level >= Rule::Carry.level() && changed & carries != 0 {
        (Rule::Carry, changed & carries)
    } else {
        return Ok(None);
    };
    for (i, &cell) in cells.iter().enumerate() {
        if apply & (1 << i) != 0 {
            narrow(state, cell, supports[i], changes)?;
        }
    }
    Ok(Some(rule))
}

/// The smallest and largest value of a number.
fn bounds(state: &[Mask], number: &[CellId]) -> (u128, u128) {
    let mut low = 0u128;
    let mut high = 0u128;
    for &cell in number.iter().rev() {
        let mask = state[cell];
        low = low * 10 + u128::from(mask.trailing_zeros().min(9));
        high = high * 10 + u128::from(15 - mask.leading_zeros().min(15)).min(9);
    }
    (low, high)
}

/// Removes candidates of the leading undecided digits of `number` that would put it outside
/// `low..=high`.
fn narrow_number(
    state: &mut [Mask],
    number: &[CellId],
    low: u128,
    high: u128,
    changes: &mut Changes,
) -> Result<(), Contradiction> {
    if low > high {
        return Err(Contradiction);
    }
    let (now_low, now_high) = bounds(state, number);
    if now_low >= low && now_high <= high {
        return Ok(());
    }
    if now_low > high || now_high < low {
        return Err(Contradiction);
    }
    let len = number.len();
    // below[p]: bounds of the digits under position p.
    let mut below_min = [0u128; 20];
    let mut below_max = [0u128; 20];
    let mut place = 1u128;
    for p in 0..len {
        let mask = state[number[p]];
        below_min[p + 1] = below_min[p] + place * u128::from(mask.trailing_zeros().min(9));
        below_max[p + 1] =
            below_max[p] + place * u128::from(15 - mask.leading_zeros().min(15)).min(9);
        place *= 10;
    }
    let mut prefix = 0u128;
    for p in (0..len).rev() {
        let place = u128::from(POW10[p]);
        let cell = number[p];
        let mask = state[cell];
        let mut keep: Mask = 0;
        for x in digits(u32::from(mask)) {
            let base = prefix + u128::from(x) * place;
            if base + below_min[p] <= high && base + below_max[p] >= low {
                keep |= 1 << x;
            }
        }
        narrow(state, cell, keep, changes)?;
        let mask = state[cell];
        if !single(mask) {
            return Ok(());
        }
        prefix += u128::from(mask.trailing_zeros()) * place;
    }
    if prefix < low || prefix > high {
        return Err(Contradiction);
    }
    Ok(())
}

fn apply_relation(
    relation: &Relation,
    state: &mut [Mask],
    level: u8,
    changes: &mut Changes,
) -> Result<Option<Rule>, Contradiction> {
    let rule = match relation {
        Relation::ZeroDigit { .. } => Rule::ZeroDigit,
        Relation::DigitOne { .. } => Rule::DigitOne,
        Relation::TimesDigit { .. } => Rule::DigitCount,
        Relation::Less { .. } => Rule::RemainderBound,
        Relation::Product { .. } | Relation::Sum { .. } => Rule::Magnitude,
    };
    if rule.level() > level {
        return Ok(None);
    }
    let before = changes.len();
    match relation {
        Relation::ZeroDigit { quotient, product } => {
            narrow(state, *quotient, 1, changes)?;
            narrow(state, *product, 1, changes)?;
        }
        Relation::DigitOne {
            number,
            digit,
            product,
        } => {
            let known = |n: &[CellId]| n.iter().all(|&c| single(state[c]));
            if known(number) && known(product) && !single(state[*digit]) {
                let same = number
                    .iter()
                    .zip(product)
                    .all(|(&a, &b)| state[a] == state[b]);
                let zero = number.iter().all(|&c| state[c] == 1);
                if same && !zero {
                    narrow(state, *digit, 1 << 1, changes)?;
                }
            }
        }
        Relation::TimesDigit {
            number,
            digit,
            product,
        } => {
            let (n_low, n_high) = bounds(state, number);
            let (p_low, p_high) = bounds(state, product);
            let mut keep: Mask = 0;
            for d in digits(u32::from(state[*digit])) {
                let d = u128::from(d);
                if n_low * d <= p_high && n_high * d >= p_low {
                    keep |= 1 << d;
                }
            }
            narrow(state, *digit, keep, changes)?;
            let mask = state[*digit];
            let d_low = u128::from(mask.trailing_zeros());
            let d_high = u128::from(15 - mask.leading_zeros());
            narrow_number(state, product, n_low * d_low, n_high * d_high, changes)?;
            let (p_low, p_high) = bounds(state, product);
            if let Some(n_high) = p_high.checked_div(d_low) {
                narrow_number(state, number, p_low.div_ceil(d_high), n_high, changes)?;
            }
        }
        Relation::Product {
            left,
            right,
            addend,
            result,
        } => {
            let (l_low, l_high) = bounds(state, left);
            let (r_low, r_high) = bounds(state, right);
            let (w_low, w_high) = addend.as_ref().map_or((0, 0), |w| bounds(state, w));
            narrow_number(
                state,
                result,
                l_low * r_low + w_low,
                l_high * r_high + w_high,
                changes,
            )?;
            let (z_low, z_high) = bounds(state, result);
            if z_high < w_low {
                return Err(Contradiction);
            }
            if let Some(l_high) = (z_high - w_low).checked_div(r_low) {
                let l_low = z_low.saturating_sub(w_high).div_ceil(r_high);
                narrow_number(state, left, l_low, l_high, changes)?;
            }
            let (l_low, l_high) = bounds(state, left);
            if let Some(r_high) = (z_high - w_low).checked_div(l_low) {
                let r_low = z_low.saturating_sub(w_high).div_ceil(l_high);
                narrow_number(state, right, r_low, r_high, changes)?;
            }
            if let Some(addend) = addend {
                let (r_low, r_high) = bounds(state, right);
                let low_product = l_low * r_low;
                if z_high < low_product {
                    return Err(Contradiction);
                }
                narrow_number(
                    state,
                    addend,
                    z_low.saturating_sub(l_high * r_high),
                    z_high - low_product,
                    changes,
                )?;
            }
        }
        Relation::Sum { terms, result } => {
            let mut term_bounds = [(0u128, 0u128); 8];
            for (slot, (number, shift)) in term_bounds.iter_mut().zip(terms) {
                let (low, high) = bounds(state, number);
                let place = u128::from(POW10[*shift as usize]);
                *slot = (low * place, high * place);
            }
            let term_bounds = &term_bounds[..terms.len()];
            let low: u128 = term_bounds.iter().map(|b| b.0).sum();
            let high: u128 = term_bounds.iter().map(|b| b.1).sum();
            narrow_number(state, result, low, high, changes)?;
            let (z_low, z_high) = bounds(state, result);
            for (i, (number, shift)) in terms.iter().enumerate() {
                let place = u128::from(POW10[*shift as usize]);
                let others_low = low - term_bounds[i].0;
                let others_high = high - term_bounds[i].1;
                if z_high < others_low {
                    return Err(Contradiction);
                }
                narrow_number(
                    state,
                    number,
                    z_low.saturating_sub(others_high).div_ceil(place),
                    (z_high - others_low) / place,
                    changes,
                )?;
            }
        }
        Relation::Less { smaller, larger } => {
            let (_, l_high) = bounds(state, larger);
            if l_high == 0 {
                return Err(Contradiction);
            }
            narrow_number(state, smaller, 0, l_high - 1, changes)?;
            let (s_low, _) = bounds(state, smaller);
            narrow_number(state, larger, s_low + 1, u128::MAX, changes)?;
        }
    }
    Ok((changes.len() > before).then_some(rule))
}

/// Applies what item `item` (a column, or a relation after the columns) allows at `level`.
pub fn apply(
    network: &Network,
    item: usize,
    state: &mut [Mask],
    level: u8,
    changes: &mut Changes,
) -> Result<Option<Rule>, Contradiction> {
    if item < network.columns.len() {
        apply_column(network, &network.columns[item], state, level, changes)
    } else {
        apply_relation(
            &network.relations[item - network.columns.len()],
            state,
            level,
            changes,
        )
    }
}

/// Where a deduction happened, for people.
pub fn describe_item(network: &Network, item: usize) -> String {
    if item < network.columns.len() {
        let column = &network.columns[item];
        let label = &network.labels[column.label];
        match column.kind {
            ColumnKind::Equal => format!("{label}: the brought-down digit"),
            _ => format!("{label}, column {} from the right", column.column + 1),
        }
    } else {
        network.relation_names[item - network.columns.len()].clone()
    }
}

/// The candidates of a cell as people write them: `7` or `{2,3,5}`.
pub fn describe_mask(mask: Mask) -> String {
    let list: Vec<String> = digits(u32::from(mask)).map(|d| d.to_string()).collect();
    if list.len() == 1 {
        list[0].clone()
    } else {
        format!("{{{}}}", list.join(","))
    }
}

/// What changed, for people: `product digit 3 = 5; multiplier digit 1 ∈ {2,3}`.
pub fn describe_changes(network: &Network, state: &[Mask], changes: &Changes) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut seen: Vec<CellId> = Vec::new();
    // Digits first, then carries.
    for want_digit in [true, false] {
        for &(cell, _) in changes {
            if network.is_digit(cell) != want_digit || seen.contains(&cell) {
                continue;
            }
            seen.push(cell);
            let mask = state[cell];
            let relation = if single(mask) { "=" } else { "∈" };
            parts.push(format!(
                "{} {relation} {}",
                network.cell_name(cell),
                describe_mask(mask)
            ));
        }
    }
    parts.join("; ")
}
