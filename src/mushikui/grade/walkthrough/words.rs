//! Every deed of the grader's trace in words, in English and Japanese.
//!
//! A column is told as its arithmetic with the digits known at that moment (`7 × ? ends in
//! 1`, `4 × 3 + 2 = 14`), unknown digits as `?` (Japanese: `□`, as mushikui-zan books write
//! them), carries as the numbers they are; a relation as the rows it links, written as
//! patterns (`8?? = 2?7 × ?`); case analysis as "suppose …, then … cannot work out".
//! Japanese uses the school names: かけられる数・かける数・積, 割られる数・割る数・商, 部分積,
//! and places as 一の位, 十の位, ….

use super::super::network::{CellId, CellInfo, ColumnKind, Network, Relation, ZERO};
use super::super::{Deed, Event, Rule};
use super::Language;
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

fn ordinal(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    match WORDS.get(n.wrapping_sub(1)) {
        Some(word) => word.to_string(),
        None => format!("{n}th"),
    }
}

/// "a", "a and b", "a, b and c" (English); "a、b、c" (Japanese).
fn list(items: &[String], language: Language) -> String {
    match language {
        Language::Japanese => items.join("、"),
        Language::English => match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        },
    }
}

impl<'a> Speaker<'a> {
    pub(super) fn new(network: &'a Network, language: Language) -> Speaker<'a> {
        Speaker { network, language }
    }

    fn english(&self) -> bool {
        self.language == Language::English
    }

    fn unknown(&self) -> &'static str {
        if self.english() { "?" } else { "□" }
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

    fn row_name(&self, row: usize) -> String {
        let role = self.network.roles[row];
        if self.english() {
            match role {
                Role::Addend(i) => format!("the {} addend", ordinal(i)),
                Role::Sum => "the sum".into(),
                Role::Minuend => "the minuend".into(),
                Role::Subtrahend => "the subtrahend".into(),
                Role::Difference => "the difference".into(),
                Role::Multiplicand => "the multiplicand".into(),
                Role::Multiplier => "the multiplier".into(),
                Role::Partial(j) => format!("the {} partial product", ordinal(j)),
                Role::Product => "the product".into(),
                Role::Quotient => "the quotient".into(),
                Role::Divisor => "the divisor".into(),
                Role::Dividend => "the dividend".into(),
                Role::StepProduct(i) => {
                    format!("the {} product", ordinal(self.network.printed_step(i)))
                }
                Role::StepRemainder(_) if self.is_last_row(row) => "the remainder".into(),
                Role::StepRemainder(i) => {
                    format!("the {} remainder", ordinal(self.network.printed_step(i)))
                }
            }
        } else {
            match role {
                Role::Addend(i) => format!("{i}段目の数"),
                Role::Sum => "和".into(),
                Role::Minuend => "引かれる数".into(),
                Role::Subtrahend => "引く数".into(),
                Role::Difference => "差".into(),
                Role::Multiplicand => "かけられる数".into(),
                Role::Multiplier => "かける数".into(),
                Role::Partial(j) => format!("{j}段目の部分積"),
                Role::Product => "積".into(),
                Role::Quotient => "商".into(),
                Role::Divisor => "割る数".into(),
                Role::Dividend => "割られる数".into(),
                Role::StepProduct(i) => format!("{}番目の積", self.network.printed_step(i)),
                Role::StepRemainder(_) if self.is_last_row(row) => "余り".into(),
                Role::StepRemainder(i) => {
                    format!("{}番目の余り", self.network.printed_step(i))
                }
            }
        }
    }

    /// "the last digit of the multiplier" / "かける数の一の位".
    fn cell_name(&self, cell: CellId) -> String {
        let CellInfo::Digit { row, position } = self.network.cells[cell] else {
            return self.unknown().to_string();
        };
        let len = self.network.rows[row].len();
        let row_name = self.row_name(row);
        if len == 1 {
            return row_name;
        }
        if self.english() {
            let index = len - 1 - position;
            let which = if position == 0 {
                "last".to_string()
            } else {
                ordinal(index + 1)
            };
            format!("the {which} digit of {row_name}")
        } else {
            format!("{row_name}の{}", place(position))
        }
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
        match (self.language, digits.as_slice()) {
            (_, [one]) => one.clone(),
            (Language::English, [init @ .., last]) => format!("{} or {last}", init.join(", ")),
            (Language::Japanese, [a, b]) => format!("{a}か{b}"),
            (Language::Japanese, _) => format!("{}のどれか", digits.join("、")),
            (Language::English, []) => String::new(),
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
                let name = self.cell_name(cell);
                let value = self.candidates(event.after[cell]);
                if self.english() {
                    format!("{name} is {value}")
                } else {
                    format!("{name}は{value}")
                }
            })
            .collect()
    }

    /// "…, so A is 3 and B is 5." / "…。よってAは3、Bは5。"
    fn so(&self, reason: String, mut conclusions: Vec<String>, extra: Option<String>) -> String {
        conclusions.extend(extra);
        let conclusions = list(&conclusions, self.language);
        if self.english() {
            format!("{}, so {conclusions}.", crate::i18n::capitalised(&reason))
        } else {
            format!("{reason}。よって{conclusions}。")
        }
    }

    /// "the units column of the first partial product" / "1段目の部分積の一の位の列".
    fn column_place(&self, item: usize, continuing: bool) -> String {
        let column = &self.network.columns[item];
        let row = self.network.label_rows[column.label];
        let role = self.network.roles[row];
        let what = if self.english() {
            match (column.kind, role) {
                (ColumnKind::Times, _) => self.row_name(row),
                (ColumnKind::Equal, _) => self.row_name(row),
                (ColumnKind::Sum { .. }, Role::Sum) => "the addition".into(),
                (ColumnKind::Sum { .. }, Role::Minuend) => "the subtraction".into(),
                (ColumnKind::Sum { .. }, Role::StepProduct(i)) => {
                    format!("the {} subtraction", ordinal(self.network.printed_step(i)))
                }
                (ColumnKind::Sum { .. }, Role::Product) if self.network.rows.len() > 3 => {
                    "the addition of the partial products".into()
                }
                (ColumnKind::Sum { .. }, _) => self.row_name(row),
            }
        } else {
            match (column.kind, role) {
                (ColumnKind::Times, _) => self.row_name(row),
                (ColumnKind::Equal, _) => self.row_name(row),
                (ColumnKind::Sum { .. }, Role::Sum) => "足し算".into(),
                (ColumnKind::Sum { .. }, Role::Minuend) => "引き算".into(),
                (ColumnKind::Sum { .. }, Role::StepProduct(i)) => {
                    format!("{}番目の引き算", self.network.printed_step(i))
                }
                (ColumnKind::Sum { .. }, Role::Product) if self.network.rows.len() > 3 => {
                    "部分積の足し算".into()
                }
                (ColumnKind::Sum { .. }, _) => self.row_name(row),
            }
        };
        let position = column.column;
        if self.english() {
            let place = match position {
                0 => "the units column".to_string(),
                1 => "the tens column".to_string(),
                2 => "the hundreds column".to_string(),
                3 => "the thousands column".to_string(),
                _ => format!("column {} from the right", position + 1),
            };
            if continuing {
                place
            } else {
                format!("{place} of {what}")
            }
        } else if continuing {
            format!("{}の列", place(position))
        } else {
            format!("{what}の{}の列", place(position))
        }
    }

    /// `a × b + c` and `= v` / `ends in r`, from what is known.
    fn column(&self, item: usize, event: &Event, continuing: bool) -> String {
        let column = &self.network.columns[item];
        let (before, after) = (&event.before, &event.after);
        let cells = &column.cells;
        let place = self.column_place(item, continuing);
        let conclusions = self.conclusions(event);
        match column.kind {
            ColumnKind::Equal => {
                let reason = if self.english() {
                    format!("{place}: the digit brought down is the dividend's digit above it")
                } else {
                    format!("{place}：下ろした数字は割られる数の真上の数字と同じ")
                };
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
                let reason = if self.english() {
                    format!("{place}: {equation}")
                } else {
                    format!("{place}：{equation}")
                };
                self.so(reason, conclusions, self.carry_note(event, carry_out))
            }
            ColumnKind::Sum { .. } => {
                let k = cells.len() - 3;
                let (carry_in, result, carry_out) = (cells[k], cells[k + 1], cells[k + 2]);
                if k == 0 {
                    let reason = if self.english() {
                        format!(
                            "{} is what the column to its right carries",
                            self.cell_name(result)
                        )
                    } else {
                        format!("{}は右の列からの繰り上がり", self.cell_name(result))
                    };
                    return self.so(reason, conclusions, None);
                }
                if k == 1 && single(before[carry_in]) == Some(0) {
                    let reason = if self.english() {
                        format!("{place} holds a single digit")
                    } else {
                        format!("{place}には数字が1つだけ")
                    };
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
                let reason = if self.english() {
                    format!("{place}: {equation}")
                } else {
                    format!("{place}：{equation}")
                };
                self.so(reason, conclusions, self.carry_note(event, carry_out))
            }
        }
    }

    /// ` + 2` for a known carry (nothing for 0), ` + carry` for an unknown one.
    fn carried(&self, state: &[Mask], carry: CellId) -> String {
        match single(state[carry]) {
            Some(0) => String::new(),
            Some(value) if self.english() => format!(" + {value} carried"),
            Some(value) => format!(" + 繰り上がり{value}"),
            None if self.english() => " + a carry".into(),
            None => " + 繰り上がり".into(),
        }
    }

    /// `left = 23`, `left ends in 3` or `left = ?`.
    fn equation(&self, left: String, state: &[Mask], result: CellId, carry_out: CellId) -> String {
        let digit = single(state[result]);
        let carry = single(state[carry_out]);
        match (digit, carry, self.language) {
            (Some(digit), Some(carry), _) => {
                format!("{left} = {}", u32::from(carry) * 10 + u32::from(digit))
            }
            (Some(digit), None, Language::English) => format!("{left} ends in {digit}"),
            (Some(digit), None, Language::Japanese) => format!("{left} の一の位が {digit}"),
            (None, _, _) => format!("{left} = {}", self.unknown()),
        }
    }

    /// "2 is carried" when the deed fixes a carry other than 0.
    fn carry_note(&self, event: &Event, carry_out: CellId) -> Option<String> {
        if carry_out == ZERO || single(event.before[carry_out]).is_some() {
            return None;
        }
        match single(event.after[carry_out]) {
            Some(0) | None => None,
            Some(value) if self.english() => Some(format!("{value} is carried")),
            Some(value) => Some(format!("{value}繰り上がる")),
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
        let english = self.english();
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
            } => {
                if english {
                    format!(
                        "{} = {} × {}",
                        self.named_row(product),
                        self.named_row(number),
                        self.cell_name(*digit)
                    )
                } else {
                    format!(
                        "{}＝{}×{}",
                        self.named_row(product),
                        self.named_row(number),
                        self.cell_name(*digit)
                    )
                }
            }
            Relation::ZeroDigit { product, .. } => {
                let divisor = self.network.rows[1].len();
                let row = self
                    .row_of(&[*product])
                    .map_or(String::new(), |row| self.row_name(row));
                if english {
                    format!(
                        "{row} has one digit under a divisor of {divisor}: two digits come down at once"
                    )
                } else {
                    format!("{row}は1桁で割る数は{divisor}桁なので、2桁続けて下ろしている")
                }
            }
            Relation::Less { smaller, .. } => {
                let step = self
                    .row_of(smaller)
                    .and_then(|row| match self.network.roles[row] {
                        Role::StepRemainder(i) => Some(self.network.printed_step(i)),
                        _ => None,
                    });
                match (step, english) {
                    (Some(i), true) => format!(
                        "what is left after the {} subtraction is less than the divisor",
                        ordinal(i)
                    ),
                    (None, true) => "what is left is less than the divisor".into(),
                    (Some(i), false) => format!("{i}番目の引き算の残りは割る数より小さい"),
                    (None, false) => "引き算の残りは割る数より小さい".into(),
                }
            }
            Relation::Product { addend, .. } => match (addend.is_some(), english) {
                (false, true) => "the product = the multiplicand × the multiplier".into(),
                (true, true) => "the dividend = the divisor × the quotient + the remainder".into(),
                (false, false) => "積＝かけられる数×かける数".into(),
                (true, false) => "割られる数＝割る数×商＋余り".into(),
            },
            Relation::Sum { terms, result } => {
                let role = self.row_of(result).map(|row| self.network.roles[row]);
                let step = terms
                    .first()
                    .and_then(|(number, _)| self.row_of(number))
                    .and_then(|row| match self.network.roles[row] {
                        Role::StepProduct(i) => Some(self.network.printed_step(i)),
                        _ => None,
                    });
                match (role, step, english) {
                    (Some(Role::Sum), _, true) => "the sum = the addends added up".into(),
                    (Some(Role::Minuend), _, true) => {
                        "the minuend = the subtrahend + the difference".into()
                    }
                    (Some(Role::Product), _, true) => {
                        "the product = the partial products added up".into()
                    }
                    (_, Some(i), true) => format!(
                        "the digits subtracted from in the {0} subtraction = the {0} product + what is left",
                        ordinal(i)
                    ),
                    (_, _, true) => "the rows add up".into(),
                    (Some(Role::Sum), _, false) => "和＝足す数の合計".into(),
                    (Some(Role::Minuend), _, false) => "引かれる数＝引く数＋差".into(),
                    (Some(Role::Product), _, false) => "積＝部分積の合計".into(),
                    (_, Some(i), false) => {
                        format!("{i}番目の引き算で引かれる数＝{i}番目の積＋残り")
                    }
                    (_, _, false) => "各段の和".into(),
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
        let numbers = self.relation_numbers(index, &event.before);
        let reason = match (numbers, self.english()) {
            (Some(numbers), true) => format!("{head}: {numbers}"),
            (Some(numbers), false) => format!("{head}：{numbers}"),
            (None, _) => head,
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
        let tried = self.candidates(event.before[cell]);
        let mut sentences = Vec::new();
        if self.english() {
            sentences.push(format!(
                "Try each candidate for {name} ({}).",
                tried.replace(" or ", ", ")
            ));
        } else {
            sentences.push(format!("{name}の候補（{tried}）を順に試す。"));
        }
        // Digits refuted at the same place are told together.
        let mut groups: Vec<(Option<usize>, Vec<String>)> = Vec::new();
        for &(digit, item) in refuted {
            match groups.iter_mut().find(|(place, _)| *place == item) {
                Some((_, digits)) => digits.push(digit.to_string()),
                None => groups.push((item, vec![digit.to_string()])),
            }
        }
        for (item, digits) in groups {
            let english = self.english();
            let digits = if english {
                let mut words = list(&digits, self.language);
                if digits.len() > 1 {
                    words = words.replace(" and ", " or ");
                }
                words
            } else {
                digits.join("か")
            };
            sentences.push(match (item, english) {
                (Some(item), true) => format!(
                    "Suppose it is {digits}: then {} cannot work out, a contradiction.",
                    self.failure_place(item)
                ),
                (None, true) => format!(
                    "Suppose it is {digits}: then trying the cases that follow ends in a contradiction every time."
                ),
                (Some(item), false) => format!(
                    "{digits}とすると、{}が成り立たず矛盾。",
                    self.failure_place(item)
                ),
                (None, false) => {
                    format!("{digits}とすると、さらに場合分けしてもすべて矛盾。")
                }
            });
        }
        let value = self.candidates(event.after[cell]);
        sentences.push(if self.english() {
            format!("So {name} is {value}.")
        } else {
            format!("よって{name}は{value}。")
        });
        sentences.join(" ")
    }

    /// "Carries: look at the first digit of the product." (the rule's reasoning and the
    /// digit it finds, not the value).
    pub(super) fn hint(&self, rule: Rule, cell: CellId) -> String {
        let (what, name) = self.hint_parts(rule, cell);
        if self.english() {
            format!("{what}: look at {name}.")
        } else {
            format!("{what}：{name}に注目。")
        }
    }

    /// The hint's parts: the kind of reasoning, and the digit it finds.
    pub(super) fn hint_parts(&self, rule: Rule, cell: CellId) -> (String, String) {
        let english = self.english();
        let what = match (rule, english) {
            (Rule::Carry, true) => "What a column can carry",
            (Rule::ColumnAnalysis | Rule::MultiplicationColumn, true) => {
                "A column with several unknown digits"
            }
            (Rule::DigitCount, true) => "How many digits a product has",
            (Rule::RemainderBound, true) => "What is left is less than the divisor",
            (Rule::Magnitude, true) => "The size of whole numbers",
            (_, true) => "Try the candidates of one digit",
            (Rule::Carry, false) => "繰り上がりの大きさ",
            (Rule::ColumnAnalysis | Rule::MultiplicationColumn, false) => {
                "わからない数字が複数ある列"
            }
            (Rule::DigitCount, false) => "積の桁数",
            (Rule::RemainderBound, false) => "引き算の残りは割る数より小さい",
            (Rule::Magnitude, false) => "数全体の大きさ",
            (_, false) => "場合分け",
        };
        (what.to_string(), self.cell_name(cell))
    }

    /// The hint of a puzzle that column arithmetic and the times table solve.
    pub(super) fn easy_hint(&self) -> String {
        if self.english() {
            "Column arithmetic and the times table solve it: start from the units column.".into()
        } else {
            "筆算と九九だけで解けます。一の位の列から始めましょう。".into()
        }
    }

    fn search(&self, cell: CellId, event: &Event) -> String {
        let name = self.cell_name(cell);
        let value = self.candidates(event.after[cell]);
        if self.english() {
            format!(
                "No rule and no short case analysis decides the next digit; trying the candidates of {name} one by one, only {value} leads to the solution, so {name} is {value}."
            )
        } else {
            format!(
                "規則や短い場合分けでは次の数字が決まらない。{name}の候補を一つずつ試すと、解に至るのは{value}だけなので、{name}は{value}。"
            )
        }
    }
}

/// 一の位, 十の位, … (右から n 桁目 beyond 千万).
fn place(position: usize) -> String {
    const PLACES: [&str; 8] = [
        "一の位",
        "十の位",
        "百の位",
        "千の位",
        "万の位",
        "十万の位",
        "百万の位",
        "千万の位",
    ];
    PLACES.get(position).map_or_else(
        || format!("右から{}桁目", position + 1),
        |place| place.to_string(),
    )
}
