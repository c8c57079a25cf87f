//! Every deed of the grader's trace in words, in every catalog language.
//!
//! A column is told as its arithmetic with the digits known at that moment (`7 × ? ends in
//! 1`, `4 × 3 + 2 = 14`), unknown digits as the catalog's sign (`?`; Japanese `□`, as
//! mushikui-zan books write them), carries as the numbers they are; a relation as the rows
//! it links, written as patterns (`8?? = 2?7 × ?`); case analysis as "suppose …, then …
//! cannot work out". The words are the catalog's `[mushikui-walk]` messages: rows as the
//! figure shows them ("the second partial product"; Japanese the school names, かけられる数・
//! かける数・積, 部分積), digits by their place, so the code matches on no language.

use super::super::network::{CellId, CellInfo, ColumnKind, Network, Relation, ZERO};
use super::super::{Deed, Event, Rule};
use crate::i18n::Language;
use crate::mushikui::model::Role;
use crate::mushikui::solver::Mask;

/// Words for the deeds on one network, in one language.
pub(super) struct Speaker<'a> {
    network: &'a Network,
    language: Language,
}

fn single(mask: Mask) -> Option<u8> {
    (mask.count_ones() == 1).then(|| mask.trailing_zeros() as u8)
}

fn digits_of(mask: Mask) -> Vec<u8> {
    (0..10u8).filter(|digit| mask & (1 << digit) != 0).collect()
}

type Args<'x> = [(&'x str, &'x dyn std::fmt::Display)];

impl<'a> Speaker<'a> {
    pub(super) fn new(network: &'a Network, language: Language) -> Speaker<'a> {
        Speaker { network, language }
    }

    fn say(&self, key: &str, args: &Args<'_>) -> String {
        self.language.say(&format!("mushikui-walk.{key}"), args)
    }

    fn text(&self, key: &str) -> &'static str {
        self.language.text(&format!("mushikui-walk.{key}"))
    }

    /// Item `n` (from 1) of a list of words, or the catalog's form beyond it.
    fn nth_of(&self, list: &str, n: usize) -> String {
        match self
            .language
            .list(&format!("mushikui-walk.{list}"))
            .get(n.wrapping_sub(1))
        {
            Some(word) => word.clone(),
            None => self.say(&format!("{list}-beyond"), &[("n", &n)]),
        }
    }

    /// Items joined by the catalog's `{separator}` and, before the last, `{last}`.
    fn joined(&self, items: &[String], separator: &str, last: &str) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., end] => format!(
                "{}{}{end}",
                init.join(self.text(separator)),
                self.text(last)
            ),
        }
    }

    fn unknown(&self) -> &'static str {
        self.text("unknown")
    }

    /// The deed in one or a few sentences. `continuing`: it follows a sentence about the
    /// same row, which need not be named again.
    pub(super) fn event(&self, event: &Event, continuing: bool) -> String {
        match event.deed {
            Deed::Rule { item, .. } if item < self.network.columns.len() => {
                self.column(item, event, continuing)
            }
            Deed::Rule { item, .. } => self.relation(item - self.network.columns.len(), event),
            Deed::Cases {
                cell, ref refuted, ..
            } => self.cases(cell, refuted, event),
            Deed::Search { cell } => self.search(cell, event),
        }
    }

    fn is_last_row(&self, row: usize) -> bool {
        row + 1 == self.network.rows.len()
    }

    /// A row's message key and ordinal, if it has one: ("partial", Some(2)).
    fn row_key(&self, row: usize) -> (&'static str, Option<usize>) {
        match self.network.roles[row] {
            Role::Addend(i) => ("addend", Some(i)),
            Role::Sum => ("sum", None),
            Role::Minuend => ("minuend", None),
            Role::Subtrahend => ("subtrahend", None),
            Role::Difference => ("difference", None),
            Role::Multiplicand => ("multiplicand", None),
            Role::Multiplier => ("multiplier", None),
            Role::Partial(j) => ("partial", Some(j)),
            Role::Product => ("product", None),
            Role::Quotient => ("quotient", None),
            Role::Divisor => ("divisor", None),
            Role::Dividend => ("dividend", None),
            Role::StepProduct(i) => ("step-product", Some(self.network.printed_step(i))),
            Role::StepRemainder(_) if self.is_last_row(row) => ("remainder", None),
            Role::StepRemainder(i) => ("step-remainder", Some(self.network.printed_step(i))),
        }
    }

    /// A row as a subject ("the first partial product") or, `of`, as the complement of a
    /// digit or column ("of the first partial product").
    fn row_words(&self, row: usize, of: bool) -> String {
        let (key, n) = self.row_key(row);
        let nth = n.map(|n| self.nth_of("nth", n)).unwrap_or_default();
        let key = if of {
            format!("of-{key}")
        } else {
            key.to_string()
        };
        self.say(&key, &[("nth", &nth)])
    }

    fn row_name(&self, row: usize) -> String {
        self.row_words(row, false)
    }

    /// "the units place" as a place name (一の位), by position from the right.
    fn place(&self, position: usize) -> String {
        match self.language.list("mushikui-walk.places").get(position) {
            Some(place) => place.clone(),
            None => self.say("place-beyond", &[("n", &(position + 1))]),
        }
    }

    /// "the last digit of the multiplier" / "かける数の一の位".
    fn cell_name(&self, cell: CellId) -> String {
        let CellInfo::Digit { row, position } = self.network.cells[cell] else {
            return self.unknown().to_string();
        };
        let len = self.network.rows[row].len();
        let of = self.row_words(row, true);
        if len == 1 {
            return self.say("whole-row", &[("row", &self.row_name(row)), ("of", &of)]);
        }
        let place = self.place(position);
        if position == 0 {
            return self.say("last-digit", &[("of", &of), ("place", &place)]);
        }
        let nth = self.nth_of("nth-digit", len - position);
        self.say("digit", &[("nth", &nth), ("of", &of), ("place", &place)])
    }

    /// A digit as known in `state`, or the unknown sign.
    fn digit(&self, state: &[Mask], cell: CellId) -> String {
        match single(state[cell]) {
            Some(digit) => digit.to_string(),
            None => self.unknown().to_string(),
        }
    }

    /// A number (cells from the right) as known in `state`: `2?7`.
    fn pattern(&self, state: &[Mask], number: &[CellId]) -> String {
        if number.is_empty() {
            return "0".into();
        }
        number
            .iter()
            .rev()
            .map(|&cell| self.digit(state, cell))
            .collect()
    }

    /// "7", "2 or 3", "2, 3 or 5" / "7", "2か3", "2、3、5のどれか".
    fn candidates(&self, mask: Mask) -> String {
        let digits: Vec<String> = digits_of(mask).iter().map(u8::to_string).collect();
        match digits.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [first, second] => self.say("candidates-two", &[("first", first), ("second", second)]),
            [init @ .., last] => self.say(
                "candidates-many",
                &[
                    ("list", &init.join(self.text("candidates-separator"))),
                    ("last", last),
                ],
            ),
        }
    }

    /// What the event teaches about digits: "the last digit of the multiplier is 3".
    fn conclusions(&self, event: &Event) -> Vec<String> {
        let mut digits: Vec<(usize, usize, CellId)> = Vec::new();
        for (cell, info) in self.network.cells.iter().enumerate() {
            if let CellInfo::Digit { row, position } = *info
                && event.before[cell] != event.after[cell]
            {
                digits.push((row, usize::MAX - position, cell));
            }
        }
        digits.sort();
        digits
            .into_iter()
            .map(|(_, _, cell)| {
                self.say(
                    "is",
                    &[
                        ("name", &self.cell_name(cell)),
                        ("value", &self.candidates(event.after[cell])),
                    ],
                )
            })
            .collect()
    }

    /// "…, so A is 3 and B is 5." / "…。よってAは3、Bは5。"
    fn so(&self, reason: String, mut conclusions: Vec<String>, extra: Option<String>) -> String {
        conclusions.extend(extra);
        let conclusions = self.joined(&conclusions, "and-separator", "and-last");
        self.say(
            "so",
            &[
                ("reason", &crate::i18n::capitalised(&reason)),
                ("conclusions", &conclusions),
            ],
        )
    }

    /// "the units column of the first partial product" / "1段目の部分積の一の位の列".
    fn column_place(&self, item: usize, continuing: bool) -> String {
        let column = &self.network.columns[item];
        let position = column.column;
        let place = match self.language.list("mushikui-walk.columns").get(position) {
            Some(place) => place.clone(),
            None => self.say(
                "column-beyond",
                &[("n", &(position + 1)), ("place", &self.place(position))],
            ),
        };
        if continuing {
            return place;
        }
        let row = self.network.label_rows[column.label];
        let role = self.network.roles[row];
        let of = match (column.kind, role) {
            (ColumnKind::Sum { .. }, Role::Sum) => self.say("of-addition", &[]),
            (ColumnKind::Sum { .. }, Role::Minuend) => self.say("of-subtraction", &[]),
            (ColumnKind::Sum { .. }, Role::StepProduct(i)) => self.say(
                "of-nth-subtraction",
                &[(
                    "nth",
                    &self.nth_of("nth-subtraction", self.network.printed_step(i)),
                )],
            ),
            (ColumnKind::Sum { .. }, Role::Product) if self.network.rows.len() > 3 => {
                self.say("of-partial-addition", &[])
            }
            _ => self.row_words(row, true),
        };
        self.say("column-of", &[("column", &place), ("of", &of)])
    }

    /// `a × b + c` and `= v` / `ends in r`, from what is known.
    fn column(&self, item: usize, event: &Event, continuing: bool) -> String {
        let column = &self.network.columns[item];
        let (before, after) = (&event.before, &event.after);
        let cells = &column.cells;
        let place = self.column_place(item, continuing);
        let conclusions = self.conclusions(event);
        let reasoned = |equation: String| {
            self.say(
                "column-reason",
                &[("place", &place), ("equation", &equation)],
            )
        };
        match column.kind {
            ColumnKind::Equal => {
                let reason = self.say("brought-down", &[("place", &place)]);
                self.so(reason, conclusions, None)
            }
            ColumnKind::Times => {
                let (x, d, carry_in, result, carry_out) =
                    (cells[0], cells[1], cells[2], cells[3], cells[4]);
                let left = format!(
                    "{} × {}{}",
                    self.digit(before, x),
                    self.digit(before, d),
                    self.carried(before, carry_in)
                );
                let forward = [x, d, carry_in]
                    .iter()
                    .all(|&cell| single(before[cell]).is_some());
                let known = if forward { after } else { before };
                let equation = self.equation(left, known, result, carry_out);
                self.so(
                    reasoned(equation),
                    conclusions,
                    self.carry_note(event, carry_out),
                )
            }
            ColumnKind::Sum { .. } => {
                let k = cells.len() - 3;
                let (carry_in, result, carry_out) = (cells[k], cells[k + 1], cells[k + 2]);
                if k == 0 {
                    let reason = self.say("carried-over", &[("cell", &self.cell_name(result))]);
                    return self.so(reason, conclusions, None);
                }
                if k == 1 && single(before[carry_in]) == Some(0) {
                    let reason = self.say("single-digit-column", &[("place", &place)]);
                    return self.so(reason, conclusions, None);
                }
                let mut left = cells[..k]
                    .iter()
                    .map(|&cell| self.digit(before, cell))
                    .collect::<Vec<_>>()
                    .join(" + ");
                left.push_str(&self.carried(before, carry_in));
                let forward = cells[..=k]
                    .iter()
                    .all(|&cell| single(before[cell]).is_some());
                let known = if forward { after } else { before };
                let equation = self.equation(left, known, result, carry_out);
                self.so(
                    reasoned(equation),
                    conclusions,
                    self.carry_note(event, carry_out),
                )
            }
        }
    }

    /// ` + 2 carried` for a known carry (nothing for 0), ` + a carry` for an unknown one.
    fn carried(&self, state: &[Mask], carry: CellId) -> String {
        match single(state[carry]) {
            Some(0) => String::new(),
            Some(value) => self.say("carry-known", &[("n", &value)]),
            None => self.say("carry-unknown", &[]),
        }
    }

    /// `left = 23`, `left ends in 3` or `left = ?`.
    fn equation(&self, left: String, state: &[Mask], result: CellId, carry_out: CellId) -> String {
        let digit = single(state[result]);
        let carry = single(state[carry_out]);
        match (digit, carry) {
            (Some(digit), Some(carry)) => {
                format!("{left} = {}", u32::from(carry) * 10 + u32::from(digit))
            }
            (Some(digit), None) => self.say("ends-in", &[("left", &left), ("digit", &digit)]),
            (None, _) => format!("{left} = {}", self.unknown()),
        }
    }

    /// "2 is carried" when the deed fixes a carry other than 0.
    fn carry_note(&self, event: &Event, carry_out: CellId) -> Option<String> {
        if carry_out == ZERO || single(event.before[carry_out]).is_some() {
            return None;
        }
        match single(event.after[carry_out]) {
            Some(0) | None => None,
            Some(value) => Some(self.say("carry-note", &[("n", &value)])),
        }
    }

    fn row_of(&self, number: &[CellId]) -> Option<usize> {
        number
            .iter()
            .find_map(|&cell| match self.network.cells[cell] {
                CellInfo::Digit { row, .. } => Some(row),
                _ => None,
            })
    }

    fn named_row(&self, number: &[CellId]) -> String {
        self.row_of(number)
            .map_or_else(|| "0".into(), |row| self.row_name(row))
    }

    /// What a relation says, without the numbers: "the product = the multiplicand × the
    /// multiplier".
    fn relation_head(&self, index: usize) -> String {
        let step_of = |number: &[CellId], remainder: bool| {
            self.row_of(number)
                .and_then(|row| match (self.network.roles[row], remainder) {
                    (Role::StepRemainder(i), true) | (Role::StepProduct(i), false) => {
                        Some(self.network.printed_step(i))
                    }
                    _ => None,
                })
        };
        match &self.network.relations[index] {
            Relation::TimesDigit {
                number,
                digit,
                product,
            }
            | Relation::DigitOne {
                number,
                digit,
                product,
            } => self.say(
                "times-relation",
                &[
                    ("product", &self.named_row(product)),
                    ("number", &self.named_row(number)),
                    ("digit", &self.cell_name(*digit)),
                ],
            ),
            Relation::ZeroDigit { product, .. } => {
                let divisor = self.network.rows[1].len();
                let row = self
                    .row_of(&[*product])
                    .map_or(String::new(), |row| self.row_name(row));
                self.say("zero-digit", &[("row", &row), ("n", &divisor)])
            }
            Relation::Less { smaller, .. } => match step_of(smaller, true) {
                Some(i) => self.say("less-after", &[("nth", &self.nth_of("nth-subtraction", i))]),
                None => self.say("less", &[]),
            },
            Relation::Product { addend, .. } => match addend {
                None => self.say("product-relation", &[]),
                Some(_) => self.say("division-relation", &[]),
            },
            Relation::Sum { terms, result } => {
                let role = self.row_of(result).map(|row| self.network.roles[row]);
                let step = terms.first().and_then(|(number, _)| step_of(number, false));
                match (role, step) {
                    (Some(Role::Sum), _) => self.say("sum-relation", &[]),
                    (Some(Role::Minuend), _) => self.say("minuend-relation", &[]),
                    (Some(Role::Product), _) => self.say("partials-relation", &[]),
                    (_, Some(i)) => self.say(
                        "step-relation",
                        &[
                            ("nth", &self.nth_of("nth", i)),
                            ("nth-subtraction", &self.nth_of("nth-subtraction", i)),
                        ],
                    ),
                    (_, _) => self.say("rows-relation", &[]),
                }
            }
        }
    }

    /// The relation with its numbers as known before the deed: `8?? = 2?7 × ?`.
    fn relation_numbers(&self, index: usize, state: &[Mask]) -> Option<String> {
        let pattern = |number: &[CellId]| self.pattern(state, number);
        match &self.network.relations[index] {
            Relation::TimesDigit {
                number,
                digit,
                product,
            } => Some(format!(
                "{} = {} × {}",
                pattern(product),
                pattern(number),
                self.digit(state, *digit)
            )),
            Relation::DigitOne {
                number, product, ..
            } => Some(format!("{} = {}", pattern(product), pattern(number))),
            Relation::ZeroDigit { .. } => None,
            Relation::Less { smaller, larger } => {
                Some(format!("{} < {}", pattern(smaller), pattern(larger)))
            }
            Relation::Product {
                left,
                right,
                addend,
                result,
            } => Some(match addend {
                None => format!(
                    "{} = {} × {}",
                    pattern(result),
                    pattern(left),
                    pattern(right)
                ),
                Some(addend) => format!(
                    "{} = {} × {} + {}",
                    pattern(result),
                    pattern(left),
                    pattern(right),
                    pattern(addend)
                ),
            }),
            Relation::Sum { terms, result } => {
                let shifted = terms.iter().any(|&(_, shift)| shift > 0);
                (!shifted).then(|| {
                    let terms: Vec<String> =
                        terms.iter().map(|(number, _)| pattern(number)).collect();
                    format!("{} = {}", pattern(result), terms.join(" + "))
                })
            }
        }
    }

    fn relation(&self, index: usize, event: &Event) -> String {
        let head = self.relation_head(index);
        let reason = match self.relation_numbers(index, &event.before) {
            Some(numbers) => self.say("relation", &[("head", &head), ("numbers", &numbers)]),
            None => head,
        };
        self.so(reason, self.conclusions(event), None)
    }

    /// Where a trial broke: a column or a relation, without numbers.
    fn failure_place(&self, item: usize) -> String {
        if item < self.network.columns.len() {
            self.column_place(item, false)
        } else {
            self.relation_head(item - self.network.columns.len())
        }
    }

    fn cases(&self, cell: CellId, refuted: &[(u8, Option<usize>)], event: &Event) -> String {
        let name = self.cell_name(cell);
        let tried = digits_of(event.before[cell])
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(self.text("candidates-separator"));
        let mut sentences = vec![self.say(
            "try",
            &[
                ("name", &name),
                ("digits", &tried),
                ("candidates", &self.candidates(event.before[cell])),
            ],
        )];
        // Digits refuted at the same place are told together.
        let mut groups: Vec<(Option<usize>, Vec<String>)> = Vec::new();
        for &(digit, item) in refuted {
            match groups.iter_mut().find(|(place, _)| *place == item) {
                Some((_, digits)) => digits.push(digit.to_string()),
                None => groups.push((item, vec![digit.to_string()])),
            }
        }
        for (item, digits) in groups {
            let digits = self.joined(&digits, "refuted-separator", "refuted-last");
            sentences.push(match item {
                Some(item) => self.say(
                    "suppose-fails",
                    &[("digits", &digits), ("place", &self.failure_place(item))],
                ),
                None => self.say("suppose-cases", &[("digits", &digits)]),
            });
        }
        sentences.push(self.say(
            "so-cell",
            &[
                ("name", &name),
                ("value", &self.candidates(event.after[cell])),
            ],
        ));
        sentences.join(self.text("cases-joiner"))
    }

    /// "Carries: look at the first digit of the product." (the rule's reasoning and the
    /// digit it finds, not the value).
    pub(super) fn hint(&self, rule: Rule, cell: CellId) -> String {
        let (what, name) = self.hint_parts(rule, cell);
        self.say("hint", &[("what", &what), ("name", &name)])
    }

    /// The hint's parts: the kind of reasoning, and the digit it finds.
    pub(super) fn hint_parts(&self, rule: Rule, cell: CellId) -> (String, String) {
        let key = match rule {
            Rule::Carry => "rule-carry",
            Rule::ColumnAnalysis | Rule::MultiplicationColumn => "rule-column",
            Rule::DigitCount => "rule-digit-count",
            Rule::RemainderBound => "rule-remainder",
            Rule::Magnitude => "rule-magnitude",
            _ => "rule-cases",
        };
        (self.text(key).to_string(), self.cell_name(cell))
    }

    /// The hint of a puzzle that column arithmetic and the times table solve.
    pub(super) fn easy_hint(&self) -> String {
        self.text("easy-hint").to_string()
    }

    fn search(&self, cell: CellId, event: &Event) -> String {
        self.say(
            "search",
            &[
                ("name", &self.cell_name(cell)),
                ("value", &self.candidates(event.after[cell])),
            ],
        )
    }
}
