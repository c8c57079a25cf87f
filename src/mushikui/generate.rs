//! The seeded generator: a random solution of the requested shape, then digits hidden in a
//! random order while the solution stays unique.
//!
//! Hiding a digit never removes solutions, so a digit that cannot be hidden now can never be
//! hidden later, and one pass gives a minimal puzzle (no shown digit can be hidden). After
//! the previous puzzle was unique, any other solution must differ in the newly hidden digit,
//! so uniqueness is checked by asking the exact solver for a solution with a different digit
//! there. Every puzzle that leaves is proven unique by the exact counter once more.
//!
//! Division rows that books do not print (the `0` row of a zero quotient digit and the row
//! before it) follow the printed page: the `0` row stays shown, and a digit of the unprinted
//! remainder is shown exactly when the same digit of the next printed remainder is. So the
//! printed page always carries exactly the information of the row list.

use std::fmt;

use super::grade::{Grade, Rule, Tier, explain, grade, solvable_within};
use super::model::{
    MAX_ADD_DIGITS, MAX_ADDENDS, MAX_DIVISOR_DIGITS, MAX_MULTIPLICAND_DIGITS,
    MAX_MULTIPLIER_DIGITS, MAX_QUOTIENT_DIGITS, Operation, Puzzle,
};
use super::solver::{Domains, count_domains, count_solutions};
use crate::error::{Error, Result};
use crate::seed::RandomStream;

/// How many random solutions a request may try before it is declared impossible.
pub const DEFAULT_MAX_ATTEMPTS: u32 = 2000;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    pub operation: Operation,
    /// Digit counts: `add` the addends (2 to 6 numbers); `sub` minuend and subtrahend; `mul`
    /// multiplicand and multiplier; `div` dividend and divisor, optionally the quotient.
    pub digits: Vec<usize>,
    /// Only puzzles of this tier (default: any).
    pub tier: Option<Tier>,
    /// Themed puzzles: the only digits shown are this digit.
    pub reveal_only: Option<u8>,
    /// Stop hiding when this percentage of the digits is still shown (default: hide until
    /// the puzzle is minimal).
    pub shown_percent: Option<u8>,
    /// Only puzzles whose logical solution uses every one of these rules (`--needs`).
    pub needs: Vec<Rule>,
    /// Only puzzles whose hardest rule is one of these (`--hardest`; empty: any).
    pub hardest: Vec<Rule>,
    pub max_attempts: u32,
}

impl GenerateOptions {
    /// Options for an operation and digit counts, everything else default.
    pub fn new(operation: Operation, digits: &[usize]) -> GenerateOptions {
        GenerateOptions {
            operation,
            digits: digits.to_vec(),
            tier: None,
            reveal_only: None,
            shown_percent: None,
            needs: Vec::new(),
            hardest: Vec::new(),
            max_attempts: DEFAULT_MAX_ATTEMPTS,
        }
    }

    /// The options as seed-path parts (see [`crate::seed`]): puzzles made with different
    /// options come from unrelated random streams.
    pub fn seed_path(&self) -> Vec<String> {
        let digits: Vec<String> = self.digits.iter().map(usize::to_string).collect();
        let mut path = vec![
            format!("op={}", self.operation),
            format!("digits={}", digits.join(",")),
        ];
        if let Some(tier) = self.tier {
            path.push(format!("tier={tier}"));
        }
        if let Some(digit) = self.reveal_only {
            path.push(format!("reveal-only={digit}"));
        }
        if let Some(percent) = self.shown_percent {
            path.push(format!("shown={percent}"));
        }
        let names = |rules: &[Rule]| rules.iter().map(|rule| rule.name()).collect::<Vec<_>>();
        if !self.needs.is_empty() {
            path.push(format!("needs={}", names(&self.needs).join(",")));
        }
        if !self.hardest.is_empty() {
            path.push(format!("hardest={}", names(&self.hardest).join(",")));
        }
        path
    }

    /// True when `puzzle`, graded `grade`, is one the options ask for by its rules: its
    /// hardest rule one of `hardest`, its explained solution using every rule of `needs`
    /// (explained only when some are asked for).
    pub fn accepts_rules(&self, puzzle: &Puzzle, grade: &Grade) -> Result<bool> {
        if !self.hardest.is_empty() && !self.hardest.contains(&grade.hardest) {
            return Ok(false);
        }
        if self.needs.is_empty() {
            return Ok(true);
        }
        let (_, steps) = explain(puzzle)?;
        Ok(self
            .needs
            .iter()
            .all(|rule| steps.iter().any(|step| step.rule == *rule)))
    }

    /// Checks the shape and options; errors are input errors with a hint.
    pub fn validate(&self) -> Result<()> {
        let digits = &self.digits;
        let op = self.operation;
        let shape_error = |message: String, hint: &str| Err(Error::input(message).with_hint(hint));
        if digits.contains(&0) {
            return shape_error("digit counts start at 1".to_string(), "e.g. --digits 3,2");
        }
        match op {
            Operation::Add => {
                if !(2..=MAX_ADDENDS).contains(&digits.len()) {
                    return shape_error(
                        format!(
                            "add takes 2 to {MAX_ADDENDS} addend lengths, got {}",
                            digits.len()
                        ),
                        "e.g. --op add --digits 4,4,3",
                    );
                }
                if digits.iter().any(|&d| d > MAX_ADD_DIGITS - 1) {
                    return shape_error(
                        format!("addends have at most {} digits", MAX_ADD_DIGITS - 1),
                        "e.g. --op add --digits 4,4,3",
                    );
                }
            }
            Operation::Sub => {
                if digits.len() != 2 || digits[1] > digits[0] || digits[0] > MAX_ADD_DIGITS {
                    return shape_error(
                        format!(
                            "sub takes the minuend and subtrahend lengths, the subtrahend no longer, up to {MAX_ADD_DIGITS} digits"
                        ),
                        "e.g. --op sub --digits 4,3",
                    );
                }
            }
            Operation::Mul => {
                if digits.len() != 2
                    || digits[0] > MAX_MULTIPLICAND_DIGITS
                    || digits[1] > MAX_MULTIPLIER_DIGITS
                {
                    return shape_error(
                        format!(
                            "mul takes the multiplicand and multiplier lengths, up to {MAX_MULTIPLICAND_DIGITS} and {MAX_MULTIPLIER_DIGITS} digits"
                        ),
                        "e.g. --op mul --digits 3,2",
                    );
                }
            }
            Operation::Div => {
                let hint = "e.g. --op div --digits 6,3 (dividend, divisor; add the quotient length to fix it: 6,3,4)";
                if !(2..=3).contains(&digits.len()) || digits[1] > MAX_DIVISOR_DIGITS {
                    return shape_error(
                        format!(
                            "div takes the dividend and divisor lengths (divisor up to {MAX_DIVISOR_DIGITS} digits), and optionally the quotient length"
                        ),
                        hint,
                    );
                }
                let lengths = quotient_lengths(digits);
                let possible = quotient_lengths(&digits[..2]);
                if let Some(&asked) = digits.get(2)
                    && lengths.is_empty()
                    && !possible.is_empty()
                {
                    let possible: Vec<String> = possible.iter().map(ToString::to_string).collect();
                    return shape_error(
                        format!(
                            "a {}-digit dividend divided by a {}-digit divisor has a quotient of {} digits, not {asked}",
                            digits[0],
                            digits[1],
                            possible.join(" or ")
                        ),
                        hint,
                    );
                }
                if lengths.is_empty() {
                    return shape_error(
                        format!(
                            "no {}-digit dividend divided by a {}-digit divisor has {} quotient of 1 to {MAX_QUOTIENT_DIGITS} digits",
                            digits[0],
                            digits[1],
                            digits
                                .get(2)
                                .map_or("a".to_string(), |n| format!("a {n}-digit"))
                        ),
                        hint,
                    );
                }
            }
        }
        if matches!(op, Operation::Add | Operation::Sub)
            && matches!(self.tier, Some(Tier::Hard | Tier::Expert))
        {
            return shape_error(
                format!(
                    "{op} puzzles are never {}: column reasoning with carries solves every unique one without case analysis",
                    self.tier.map_or("", Tier::name)
                ),
                "ask for --tier easy or --tier medium, or use mul or div for harder puzzles",
            );
        }
        if self.reveal_only.is_some_and(|digit| digit > 9) {
            return shape_error(
                "--reveal-only takes one digit 0-9".to_string(),
                "e.g. --reveal-only 7",
            );
        }
        if self.shown_percent.is_some_and(|percent| percent > 100) {
            return shape_error(
                "--shown is a percentage, 0 to 100".to_string(),
                "e.g. --shown 40",
            );
        }
        if self.reveal_only.is_some() && self.shown_percent.is_some() {
            return shape_error(
                "--reveal-only and --shown cannot be combined".to_string(),
                "a themed puzzle shows only its digit",
            );
        }
        Ok(())
    }
}

/// The quotient lengths a division shape allows (a fixed one when given).
fn quotient_lengths(digits: &[usize]) -> Vec<usize> {
    let (m, beta) = (digits[0], digits[1]);
    let candidates = [m.checked_sub(beta), (m + 1).checked_sub(beta)];
    candidates
        .into_iter()
        .flatten()
        .filter(|&n| (1..=MAX_QUOTIENT_DIGITS).contains(&n))
        .filter(|&n| digits.get(2).is_none_or(|&fixed| fixed == n))
        .filter(|&n| n + beta <= 13)
        .collect()
}

/// A generated puzzle with its unique solution and its grade.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Puzzle,
    pub grade: Grade,
}

impl fmt::Display for Generated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.puzzle)
    }
}

/// Draws digits: uniformly, or favouring one digit for themed puzzles.
struct DigitSource<'a> {
    rng: &'a mut RandomStream,
    favour: Option<u8>,
}

impl DigitSource<'_> {
    /// A digit in `low..=9`; the favoured digit (when allowed) with probability 2/5 first.
    fn digit(&mut self, low: u32) -> u32 {
        if let Some(favour) = self.favour.map(u32::from)
            && favour >= low
            && self.rng.chance(2, 5)
        {
            return favour;
        }
        self.rng.in_range(low, 9)
    }

    /// A number of `len` digits, the leading one at least `lowest_leading`.
    fn number(&mut self, len: usize, lowest_leading: u32) -> u64 {
        let leading = if len == 1 {
            lowest_leading.min(9)
        } else {
            lowest_leading.max(1)
        };
        let mut value = u64::from(self.digit(leading));
        for _ in 1..len {
            value = value * 10 + u64::from(self.digit(0));
        }
        value
    }

    /// A remainder below `divisor`.
    fn remainder(&mut self, divisor: u64) -> u64 {
        if self.favour.is_some() {
            let len = self.rng.in_range(1, divisor.to_string().len() as u32) as usize;
            let candidate = self.number(len, 0);
            if candidate < divisor {
                return candidate;
            }
        }
        u64::from(self.rng.below(u32::try_from(divisor).unwrap_or(u32::MAX)))
    }
}

/// Operand draws a random solution may take: subtraction and division draw until the
/// operands have the requested lengths, which for validated shapes nearly every draw does.
/// Past this many the attempt counts as missed (and [`generate`]'s attempt cap ends the
/// request with an error), so no request can loop forever.
const MAX_OPERAND_DRAWS: usize = 1000;

/// A random solution of the requested shape (options already validated): uniform, or for
/// themed puzzles with the theme digit favoured in the operands. `None` when
/// [`MAX_OPERAND_DRAWS`] draws all miss the operand lengths.
pub fn random_solution(options: &GenerateOptions, rng: &mut RandomStream) -> Option<Puzzle> {
    random_solution_within(options, rng, MAX_OPERAND_DRAWS)
}

pub fn random_solution_within(
    options: &GenerateOptions,
    rng: &mut RandomStream,
    max_draws: usize,
) -> Option<Puzzle> {
    let digits = &options.digits;
    let mut source = DigitSource {
        rng,
        favour: options.reveal_only,
    };
    let operands: Vec<u64> = match options.operation {
        Operation::Add => digits.iter().map(|&len| source.number(len, 1)).collect(),
        Operation::Sub => (0..max_draws).find_map(|_| {
            let minuend = source.number(digits[0], 1);
            let subtrahend = source.number(digits[1], 1);
            (subtrahend < minuend).then(|| vec![minuend, subtrahend])
        })?,
        Operation::Mul => {
            let multiplicand = source.number(digits[0], 1);
            // Multiplier digits are 1-9: books do not print a row of zeros.
            let mut multiplier = 0;
            for _ in 0..digits[1] {
                multiplier = multiplier * 10 + u64::from(source.digit(1));
            }
            if multiplier == 1 {
                multiplier = u64::from(source.rng.in_range(2, 9));
            }
            vec![multiplicand, multiplier]
        }
        Operation::Div => {
            let lengths = quotient_lengths(digits);
            let n = lengths[source.rng.below(lengths.len() as u32) as usize];
            let (m, beta) = (digits[0], digits[1]);
            (0..max_draws).find_map(|_| {
                let divisor = source.number(beta, 2);
                let quotient = source.number(n, 1);
                let remainder = source.remainder(divisor);
                let dividend = divisor * quotient + remainder;
                (dividend.to_string().len() == m).then(|| vec![dividend, divisor])
            })?
        }
    };
    Some(
        Puzzle::from_operands(options.operation, &operands)
            .expect("validated shapes make valid puzzles"),
    )
}

/// Random solutions drawn for each themed attempt; the one with the most theme digits on the
/// page is tried.
const THEME_CANDIDATES: usize = 8;

/// How often `digit` appears in the printed rows of a solution.
fn printed_count(solution: &Puzzle, digit: u8) -> usize {
    solution
        .rows()
        .iter()
        .zip(solution.layout())
        .filter(|(_, layout)| layout.printed)
        .map(|(row, _)| {
            row.cells()
                .iter()
                .filter(|&&cell| cell == Some(digit))
                .count()
        })
        .sum()
}

/// Cells that are shown or hidden together: a printed digit and the digits of unprinted
/// division rows that repeat it. `fixed` groups are never hidden.
#[derive(Clone, Debug)]
pub struct Group {
    pub cells: Vec<(usize, usize)>,
    digit: u8,
    pub fixed: bool,
}

pub fn groups(solution: &Puzzle) -> Vec<Group> {
    let rows = solution.rows();
    let digit_at = |row: usize, index: usize| rows[row].cells()[index].expect("complete");
    let layout = solution.layout();
    let mut owner: Vec<Vec<Option<usize>>> = rows.iter().map(|row| vec![None; row.len()]).collect();
    let mut groups: Vec<Group> = Vec::new();
    // Printed rows first: each printed digit is its own group.
    for (row, info) in layout.iter().enumerate() {
        if !info.printed {
            continue;
        }
        for (index, owner) in owner[row].iter_mut().enumerate() {
            *owner = Some(groups.len());
            groups.push(Group {
                cells: vec![(row, index)],
                digit: digit_at(row, index),
                fixed: false,
            });
        }
    }
    // Unprinted rows: the zero product stays shown; the remainder before a zero digit
    // repeats the leading digits of the next printed remainder (or is a lone 0).
    for (row, info) in layout.iter().enumerate() {
        if info.printed {
            continue;
        }
        let is_product = matches!(info.role, super::model::Role::StepProduct(_));
        let next_printed = (row + 2..rows.len())
            .step_by(2)
            .find(|&other| layout[other].printed);
        let value_is_zero = rows[row].value() == Some(0);
        for (index, &digit) in rows[row].cells().iter().enumerate() {
            let linked = match next_printed {
                Some(next) if !is_product && !value_is_zero => owner[next][index],
                _ => None,
            };
            match linked {
                Some(group) => groups[group].cells.push((row, index)),
                None => groups.push(Group {
                    cells: vec![(row, index)],
                    digit: digit.expect("complete"),
                    fixed: true,
                }),
            }
        }
    }
    groups
}

pub fn set_group(puzzle: &mut Puzzle, group: &Group, shown: bool) {
    for &(row, index) in &group.cells {
        puzzle.set(row, index, shown.then_some(group.digit));
    }
}

/// True when no solution of `puzzle` other than the known one differs in `group`'s digit.
fn no_other_solution(puzzle: &Puzzle, group: &Group) -> bool {
    let mut domains = Domains::new(puzzle);
    let (row, index) = group.cells[0];
    domains.exclude(row, index, group.digit);
    count_domains(&domains, 1) == 0
}

/// Hides groups of a unique puzzle in random order while it stays unique and `keep` agrees,
/// never going below `min_shown` shown digits. `keep` sees the candidate puzzle.
fn dig(
    puzzle: &mut Puzzle,
    groups: &[Group],
    min_shown: usize,
    rng: &mut RandomStream,
    keep: &mut dyn FnMut(&Puzzle) -> bool,
) {
    let mut order: Vec<usize> = (0..groups.len())
        .filter(|&g| !groups[g].fixed && puzzle_shows(puzzle, &groups[g]))
        .collect();
    rng.shuffle(&mut order);
    let mut shown = puzzle.shown_count();
    for g in order {
        let group = &groups[g];
        if shown < min_shown + group.cells.len() {
            continue;
        }
        set_group(puzzle, group, false);
        if no_other_solution(puzzle, group) && keep(puzzle) {
            shown -= group.cells.len();
        } else {
            set_group(puzzle, group, true);
        }
    }
}

pub fn puzzle_shows(puzzle: &Puzzle, group: &Group) -> bool {
    let (row, index) = group.cells[0];
    puzzle.rows()[row].cells()[index].is_some()
}

/// Generates one puzzle; the stream decides everything, so the same stream gives the same
/// puzzle. Fails when `max_attempts` random solutions in a row miss the request.
pub fn generate(options: &GenerateOptions, rng: &mut RandomStream) -> Result<Generated> {
    options.validate()?;
    for _ in 0..options.max_attempts {
        if let Some(generated) = attempt(options, rng) {
            return Ok(generated);
        }
    }
    Err(attempts_exhausted(options))
}

fn attempt(options: &GenerateOptions, rng: &mut RandomStream) -> Option<Generated> {
    let solution = match options.reveal_only {
        Some(theme) => (0..THEME_CANDIDATES)
            .map(|_| random_solution(options, rng))
            .collect::<Option<Vec<Puzzle>>>()?
            .into_iter()
            .max_by_key(|solution| printed_count(solution, theme))?,
        None => random_solution(options, rng)?,
    };
    let groups = groups(&solution);
    let total = solution.digit_count();
    let mut puzzle = solution.clone();
    if let Some(theme) = options.reveal_only {
        for group in &groups {
            if !group.fixed && group.digit != theme {
                set_group(&mut puzzle, group, false);
            }
        }
        if count_solutions(&puzzle, 2) != 1 {
            return None;
        }
    }
    let min_shown = options
        .shown_percent
        .map_or(0, |percent| (total * usize::from(percent)).div_ceil(100));
    match options.tier {
        // Hide only while the puzzle stays within the tier's reasoning.
        Some(tier @ (Tier::Easy | Tier::Medium)) => {
            dig(&mut puzzle, &groups, min_shown, rng, &mut |candidate| {
                solvable_within(candidate, tier)
            });
        }
        _ => dig(&mut puzzle, &groups, min_shown, rng, &mut |_| true),
    }
    if count_solutions(&puzzle, 2) != 1 {
        return None;
    }
    let grade = grade(&puzzle).ok()?;
    if options.tier.is_some_and(|tier| grade.tier != tier)
        || !options.accepts_rules(&puzzle, &grade).ok()?
    {
        return None;
    }
    Some(Generated {
        puzzle,
        solution,
        grade,
    })
}

fn attempts_exhausted(options: &GenerateOptions) -> Error {
    let digits: Vec<String> = options.digits.iter().map(usize::to_string).collect();
    let mut wanted = format!("{} --digits {}", options.operation, digits.join(","));
    if let Some(tier) = options.tier {
        wanted.push_str(&format!(" at tier {tier}"));
    }
    if let Some(digit) = options.reveal_only {
        wanted.push_str(&format!(" showing only {digit}s"));
    }
    let names = |rules: &[Rule]| rules.iter().map(|rule| rule.name()).collect::<Vec<_>>();
    if !options.needs.is_empty() {
        wanted.push_str(&format!(" needing {}", names(&options.needs).join(" and ")));
    }
    if !options.hardest.is_empty() {
        wanted.push_str(&format!(
            " whose hardest rule is {}",
            names(&options.hardest).join(" or ")
        ));
    }
    Error::runtime(format!(
        "could not make a mushikui-zan puzzle {wanted} in {} attempts",
        options.max_attempts
    ))
    .with_hint(
        "small shapes offer few puzzles of each kind: try more digits, another tier, another theme digit or another rule (division alone brings digits down or bounds remainders)",
    )
}
