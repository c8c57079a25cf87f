//! A mushikui-zan figure: a calculation written out in columns, as printed books set it.
//!
//! Digits sit on a fixed grid of square cells (`pitch` points), every number right-aligned
//! on its column. A hidden digit is an empty box; an answer shows every digit, the
//! formerly hidden ones bold on a grey square. Rules run under the operands and under the
//! partial products; a long division has its bracket with the quotient above it. The rows
//! of a zero quotient digit are left out as printed books do (neither the product `0` nor
//! the row before it); the final remainder is always printed, `0` included. Operator signs
//! and the bracket are drawn as lines, so the only text inside a figure is its digits, in
//! row-list order.

use super::fonts::FontSet;
pub use super::kind::Show;
use super::kind::{Frame, LayoutKind, Outside, RulesExample, RulesPage, expect_content};
use super::page::{Colour, Item, Point, Rect};
use super::sudoku::centred_digit;
use super::words;
use std::ops::Range;

use crate::book::kind::{Content, SectionKind, Walkthrough, section_as};
use crate::book::mushikui::{MushikuiContent, MushikuiSection};
use crate::book::spec::Language;
use crate::error::{Error, Result};
use crate::mushikui::{Operation, Puzzle};

/// The smallest cell pitch for a puzzle (about 3.9 mm) and for an answer (about 2.5 mm).
pub const MIN_PUZZLE_PITCH: f64 = 11.0;
pub const MIN_ANSWER_PITCH: f64 = 7.0;
/// A walkthrough figure is read beside the steps' words: its pitch is at least a
/// puzzle's, and this multiple of the text size (11.5 pt at 10 pt: 7 pt digits beside
/// 9 pt steps), so that its digits keep in proportion to the words in large print too.
pub const MIN_WALK_PITCH_IN_TEXT: f64 = 1.15;
/// Figures never grow beyond this pitch, however much room there is, as a multiple of the
/// text size: 25 pt (about 8.8 mm) in a book set at 10 pt, so that a large-print book's
/// digits (16 pt text) reach 24 pt.
pub const MAX_PITCH_IN_TEXT: f64 = 2.5;
/// Digits are this fraction of the pitch.
const DIGIT_SCALE: f64 = 0.62;

/// One digit of a figure: its value in the solution and whether the puzzle hides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumCell {
    pub digit: u8,
    pub hidden: bool,
}

/// A calculation in the row-list order of the mushikui-zan line format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumFigure {
    pub operation: Operation,
    pub rows: Vec<Vec<SumCell>>,
    /// Whether each row is printed: books leave out the rows of a zero quotient digit,
    /// as far as the row list itself shows the digit is zero (the engine decides).
    pub printed: Vec<bool>,
}

impl SumFigure {
    /// Builds a figure from a puzzle line and its solution line (`mul:**3,**,…` and
    /// `mul:733,32,…`), the stable format of the mushikui-zan engine.
    pub fn from_lines(puzzle: &str, solution: &str) -> Result<SumFigure> {
        let parse = |line: &str| {
            Puzzle::parse(line).map_err(|error| {
                Error::runtime(format!("cannot lay out {line:?}: {}", error.message()))
            })
        };
        SumFigure::from_puzzles(&parse(puzzle)?, &parse(solution)?)
    }

    /// Builds a figure from a puzzle and its (complete) solution.
    pub fn from_puzzles(puzzle: &Puzzle, solution: &Puzzle) -> Result<SumFigure> {
        let bad = |why: &str| Error::runtime(format!("cannot lay out {}: {why}", puzzle.to_line()));
        if !solution.is_complete() || !solution.solves(puzzle) {
            return Err(bad("the solution does not fit the puzzle"));
        }
        let rows = puzzle
            .rows()
            .iter()
            .zip(solution.rows())
            .map(|(shown, solved)| {
                shown
                    .cells()
                    .iter()
                    .zip(solved.cells())
                    .map(|(mark, digit)| SumCell {
                        digit: digit.unwrap_or(0),
                        hidden: mark.is_none(),
                    })
                    .collect()
            })
            .collect();
        let printed = puzzle.layout().iter().map(|row| row.printed).collect();
        let figure = SumFigure {
            operation: puzzle.operation(),
            rows,
            printed,
        };
        figure.arrange()?;
        Ok(figure)
    }

    /// The digits a reader sees inside the figure, in reading order: the given digits of
    /// the printed rows (`Show::Puzzle`), or all their digits (`Show::Answer`).
    pub fn visible_digits(&self, show: Show) -> String {
        let mut text = String::new();
        for (row, printed) in self.rows.iter().zip(&self.printed) {
            if !printed {
                continue;
            }
            for cell in row {
                if show == Show::Answer || !cell.hidden {
                    text.push(char::from(b'0' + cell.digit));
                }
            }
        }
        text
    }

    /// Where each printed row, rule and sign goes, in grid units.
    pub fn arrange(&self) -> Result<Arrangement> {
        let bad = |why: &str| {
            Error::runtime(format!(
                "cannot lay out a {} figure with {} rows: {why}",
                self.operation.name(),
                self.rows.len()
            ))
        };
        let len = |row: usize| self.rows[row].len() as f64;
        let mut out = Arrangement::default();
        match self.operation {
            Operation::Add | Operation::Sub => {
                let operands = self.rows.len().saturating_sub(1);
                if operands < 2 || (self.operation == Operation::Sub && operands != 2) {
                    return Err(bad("wrong number of rows"));
                }
                let widest = (0..operands).map(len).fold(0.0, f64::max);
                let width = (widest + 1.0).max(len(operands));
                for row in 0..operands {
                    out.row(row, width, row as f64);
                }
                out.sign = Some((
                    if self.operation == Operation::Add {
                        Sign::Plus
                    } else {
                        Sign::Minus
                    },
                    width - widest - 1.0,
                    (operands - 1) as f64,
                ));
                out.rule(width - widest - 1.0, width, operands as f64);
                out.row(operands, width, operands as f64);
                out.width = width;
                out.height = operands as f64 + 1.0;
            }
            Operation::Mul => {
                if self.rows.len() < 3 {
                    return Err(bad("wrong number of rows"));
                }
                let multiplier = len(1) as usize;
                let partials = if multiplier > 1 { multiplier } else { 0 };
                if self.rows.len() != 3 + partials {
                    return Err(bad("the partial products do not match the multiplier"));
                }
                let mut width = len(0).max(len(1) + 1.0).max(len(self.rows.len() - 1));
                for k in 0..partials {
                    width = width.max(len(2 + k) + k as f64);
                }
                out.row(0, width, 0.0);
                out.row(1, width, 1.0);
                out.sign = Some((Sign::Times, width - len(1) - 1.0, 1.0));
                let top_left = (width - len(0)).min(width - len(1) - 1.0);
                out.rule(top_left, width, 2.0);
                let mut line = 2.0;
                if partials > 0 {
                    let mut left = width;
                    for k in 0..partials {
                        out.row(2 + k, width - k as f64, line);
                        left = left.min(width - k as f64 - len(2 + k));
                        line += 1.0;
                    }
                    let product = self.rows.len() - 1;
                    out.rule(left.min(width - len(product)), width, line);
                }
                out.row(self.rows.len() - 1, width, line);
                out.width = width;
                out.height = line + 1.0;
            }
            Operation::Div => {
                let steps = self.rows.first().map_or(0, Vec::len);
                if steps == 0 || self.rows.len() != 3 + 2 * steps {
                    return Err(bad("the steps do not match the quotient"));
                }
                let dividend = len(2);
                // The divisor, the bracket right against it, then the dividend.
                let start = len(1) + DIVISOR_GAP;
                let first = start + dividend - steps as f64;
                out.row(0, first + steps as f64, 0.0);
                out.row(1, len(1), 1.0);
                out.row(2, start + dividend, 1.0);
                out.bracket = Some((start, start + dividend));
                let mut line = 2.0;
                let mut above_left = start;
                for step in 0..steps {
                    let product = 3 + 2 * step;
                    if self.printed[product] {
                        let right = first + step as f64 + 1.0;
                        out.row(product, right, line);
                        let left = (right - len(product)).min(above_left);
                        out.rule(left, right, line + 1.0);
                        line += 1.0;
                    }
                    let last = step + 1 == steps;
                    if last || self.printed[product + 1] {
                        let right = if last {
                            start + dividend
                        } else {
                            first + step as f64 + 2.0
                        };
                        out.row(product + 1, right, line);
                        above_left = right - len(product + 1);
                        line += 1.0;
                    }
                }
                out.width = start + dividend;
                out.height = line;
            }
        }
        out.open_rules();
        Ok(out)
    }

    /// Size in grid units (columns, rows) as it will be printed.
    pub fn extent(&self) -> (f64, f64) {
        self.arrange()
            .map_or((1.0, 1.0), |out| (out.width, out.height))
    }
}

/// Columns between a long division's divisor and its dividend: room for the bracket's curve
/// (whose ends reach 0.24 columns left of the dividend) and clear space either side of it,
/// so that the divisor stands against the bracket without touching it.
pub const DIVISOR_GAP: f64 = 0.32;

/// The room a rule (or the division's bar) takes between two rows of digits, as a
/// fraction of the pitch.
pub const RULE_SPACE: f64 = 0.22;

/// The least room between any two elements of a figure (digits, boxes, rules, signs, the
/// bracket), as a fraction of the pitch.
pub const MIN_CLEARANCE: f64 = 0.1;

/// The largest extent (columns, rows) a figure of this shape can have, before it is made:
/// `digits` as the spec gives them (addends; minuend, subtrahend; multiplicand,
/// multiplier; dividend, divisor).
pub fn max_extent(operation: Operation, digits: &[u32]) -> (f64, f64) {
    let widest = f64::from(digits.iter().copied().max().unwrap_or(1));
    match operation {
        Operation::Add => (widest + 1.0, digits.len() as f64 + 1.0 + RULE_SPACE),
        Operation::Sub => (widest + 1.0, 3.0 + RULE_SPACE),
        Operation::Mul => {
            let a = f64::from(digits.first().copied().unwrap_or(1));
            let b = digits.get(1).copied().unwrap_or(1);
            let (partials, rules) = if b > 1 {
                (f64::from(b), 2.0)
            } else {
                (0.0, 1.0)
            };
            (
                (a + f64::from(b)).max(f64::from(b) + 1.0),
                3.0 + partials + rules * RULE_SPACE,
            )
        }
        Operation::Div => {
            let m = f64::from(digits.first().copied().unwrap_or(1));
            let b = f64::from(digits.get(1).copied().unwrap_or(1));
            let steps = (m - b + 1.0).max(1.0);
            (
                b + DIVISOR_GAP + m,
                2.0 + 2.0 * steps + (1.0 + steps) * RULE_SPACE,
            )
        }
    }
}

/// Mushikui-zan's part in the layout stage.
pub struct MushikuiLayout;

impl LayoutKind for MushikuiLayout {
    fn frame(&self, section: &dyn SectionKind) -> Frame {
        let (columns, rows) = section_as::<MushikuiSection>(section)
            .map_or((1.0, 1.0), |section| {
                max_extent(section.operation, &section.digits.value)
            });
        Frame {
            columns,
            rows,
            min_cell: MIN_PUZZLE_PITCH,
            min_answer_cell: MIN_ANSWER_PITCH,
            min_walk_cell: MIN_PUZZLE_PITCH,
            min_walk_cell_in_text: MIN_WALK_PITCH_IN_TEXT,
            max_cell_in_text: MAX_PITCH_IN_TEXT,
            digit_scale: DIGIT_SCALE,
            outside: Outside::NONE,
            cells_are: "mushikui-zan digit",
        }
    }

    fn draw(
        &self,
        content: &dyn Content,
        show: Show,
        area: Rect,
        cell: f64,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) -> Result<Rect> {
        let content = expect_content::<MushikuiContent>(content)?;
        let figure = SumFigure::from_puzzles(&content.puzzle, &content.solution)?;
        let (columns, _) = figure.extent();
        let origin = Point {
            x: area.x + (area.width - columns * cell) / 2.0,
            y: area.y,
        };
        let Some(drill) = &content.drill else {
            return draw(items, fonts, &figure, origin, cell, show);
        };
        // A drill: the digits found before its step in thin boxes, as the walkthrough
        // shows them; the answer marks the step's own.
        let cells = |digits: &[crate::mushikui::FoundDigit]| -> Vec<(usize, usize)> {
            digits
                .iter()
                .map(|found| (found.row, found.index))
                .collect()
        };
        let found = match show {
            Show::Puzzle => Vec::new(),
            Show::Answer => cells(&drill.found),
        };
        let looks = walk_looks(&figure, &cells(&drill.known), &found)?;
        draw_looks(items, fonts, &figure, origin, cell, &|row, index| {
            looks[row][index]
        })
    }

    fn draw_walk(
        &self,
        content: &dyn Content,
        walkthrough: &Walkthrough,
        marked: Range<usize>,
        area: Rect,
        cell: f64,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) -> Result<Rect> {
        let content = expect_content::<MushikuiContent>(content)?;
        let figure = SumFigure::from_puzzles(&content.puzzle, &content.solution)?;
        let steps = walkthrough.steps.get(..marked.end).ok_or_else(|| {
            Error::runtime("a walkthrough figure was asked for steps it does not have")
        })?;
        let cells = |steps: &[crate::book::kind::WalkStep]| -> Vec<(usize, usize)> {
            steps
                .iter()
                .flat_map(|step| step.cells.iter().copied())
                .collect()
        };
        let looks = walk_looks(
            &figure,
            &cells(&steps[..marked.start]),
            &cells(&steps[marked.start..]),
        )?;
        let origin = Point {
            x: area.x,
            y: area.y,
        };
        draw_looks(items, fonts, &figure, origin, cell, &|row, index| {
            looks[row][index]
        })
    }

    fn tier_words(&self, language: Language) -> &'static [String] {
        language.list("mushikui.tiers")
    }

    fn rules(&self, sections: &[&dyn SectionKind], language: Language) -> Vec<RulesPage> {
        let mut operations: Vec<Operation> = sections
            .iter()
            .filter_map(|section| section_as::<MushikuiSection>(*section))
            .map(|section| section.operation)
            .collect();
        if operations.is_empty() {
            operations.push(Operation::Mul);
        }
        let order = |op: &Operation| EXAMPLES.iter().position(|(known, _)| known == op);
        operations.sort_by_key(order);
        operations.dedup();
        let names: Vec<&str> = operations
            .iter()
            .map(|op| {
                language.text(match op {
                    Operation::Add => "mushikui.add",
                    Operation::Sub => "mushikui.sub",
                    Operation::Mul => "mushikui.mul",
                    Operation::Div => "mushikui.div",
                })
            })
            .collect();
        let what = language.join(&names, "or");
        let mut paragraphs = vec![language.say("mushikui.rule-what", &[("what", &what)])];
        paragraphs.push(language.text("mushikui.rule-boxes").to_string());
        if operations.contains(&Operation::Div) {
            paragraphs.push(language.text("mushikui.rule-division").to_string());
        }
        paragraphs.push(language.text("mushikui.rule-unique").to_string());
        let drills = sections
            .iter()
            .filter_map(|section| section_as::<MushikuiSection>(*section))
            .any(|section| section.drill);
        if drills {
            paragraphs.push(language.text("mushikui.drills-rule").to_string());
        }
        // A worked example of each operation in the book, at most two: the longest ones.
        let examples = operations
            .iter()
            .skip(operations.len().saturating_sub(2))
            .filter_map(|op| {
                let (_, line) = EXAMPLES.iter().find(|(known, _)| known == op)?;
                let figure = example_figure(line).ok()?;
                let (columns, rows) = figure.extent();
                Some(RulesExample {
                    key: op.name(),
                    caption: language.text("mushikui.caption").to_string(),
                    extent: (2.0 * columns + EXAMPLE_GAP, rows),
                    min_cell: MIN_PUZZLE_PITCH,
                })
            })
            .collect();
        let name = words::kind_name(&crate::kind::MUSHIKUI, language);
        vec![RulesPage {
            kind: crate::kind::MUSHIKUI.name,
            heading: words::rules_heading(&crate::kind::MUSHIKUI, language),
            running: name.to_string(),
            paragraphs,
            examples,
        }]
    }

    fn draw_example(
        &self,
        example: &RulesExample,
        area: Rect,
        cell: f64,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) -> Result<Rect> {
        let (_, line) = EXAMPLES
            .iter()
            .find(|(op, _)| op.name() == example.key)
            .ok_or_else(|| Error::runtime(format!("no mushikui-zan example {:?}", example.key)))?;
        let figure = example_figure(line)?;
        let (columns, rows) = figure.extent();
        let puzzle = draw(
            items,
            fonts,
            &figure,
            Point {
                x: area.x,
                y: area.y,
            },
            cell,
            Show::Puzzle,
        )?;
        let right = area.x + (columns + EXAMPLE_GAP) * cell;
        let answer = draw(
            items,
            fonts,
            &figure,
            Point {
                x: right,
                y: area.y,
            },
            cell,
            Show::Answer,
        )?;
        super::sudoku::example_arrow(
            items,
            puzzle.right(),
            answer.x,
            area.y + rows * cell / 2.0,
            cell,
        );
        Ok(Rect::new(
            area.x,
            area.y,
            answer.right() - area.x,
            rows * cell,
        ))
    }
}

/// The worked examples of the rules page, one small puzzle per operation (easy, unique).
const EXAMPLES: [(Operation, &str); 4] = [
    (Operation::Add, "add:8*,11,**0"),
    (Operation::Sub, "sub:67*,*5,*19"),
    (Operation::Mul, "mul:7*,**,21*,6*9,*6**"),
    (Operation::Div, "div:3*,*,***,*2,**,*0,2"),
];

/// Columns between an example's puzzle and its solution (the arrow's room).
const EXAMPLE_GAP: f64 = 1.6;

/// A worked example's figure: the puzzle and the solver's solution.
fn example_figure(line: &str) -> Result<SumFigure> {
    let puzzle = Puzzle::parse(line)?;
    match crate::mushikui::solve(&puzzle) {
        crate::mushikui::Solution::Unique(solution) => SumFigure::from_puzzles(&puzzle, &solution),
        _ => Err(Error::runtime(format!(
            "the example {line} is not a unique puzzle"
        ))),
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Sign {
    Plus,
    Minus,
    Times,
}

/// A printed row: which row of the list, the column its last digit ends at, its line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedRow {
    pub row: usize,
    pub right: f64,
    line: f64,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Arrangement {
    pub rows: Vec<PlacedRow>,
    /// (left, right, y) in grid units.
    rules: Vec<(f64, f64, f64)>,
    /// (sign, column, line).
    sign: Option<(Sign, f64, f64)>,
    /// The dividend's columns under the division bracket: (left, right).
    bracket: Option<(f64, f64)>,
    /// The y of the bracket's bar, and of the bottom of the dividend's line it encloses.
    bar: (f64, f64),
    pub width: f64,
    pub height: f64,
}

impl Arrangement {
    fn row(&mut self, row: usize, right: f64, line: f64) {
        self.rows.push(PlacedRow { row, right, line });
    }
    fn rule(&mut self, left: f64, right: f64, y: f64) {
        self.rules.push((left, right, y));
    }

    /// Makes room for the rules: each line between two rows of digits (a rule, or the
    /// division's bar) gets [`RULE_SPACE`] of its own, the rule in its middle, so that no
    /// rule lies on the boxes above or below it. Called once, on whole-line positions.
    fn open_rules(&mut self) {
        let mut boundaries: Vec<f64> = self.rules.iter().map(|&(_, _, y)| y).collect();
        if self.bracket.is_some() {
            boundaries.push(1.0);
        }
        boundaries.sort_by(f64::total_cmp);
        boundaries.dedup();
        // A line's top moves down by the room opened above it.
        let moved = |line: f64| {
            line + RULE_SPACE * boundaries.iter().filter(|&&b| b <= line + 1e-9).count() as f64
        };
        let rule_at = |y: f64| moved(y) - RULE_SPACE / 2.0;
        for row in &mut self.rows {
            row.line = moved(row.line);
        }
        for rule in &mut self.rules {
            rule.2 = rule_at(rule.2);
        }
        if let Some(sign) = &mut self.sign {
            sign.2 = moved(sign.2);
        }
        if self.bracket.is_some() {
            self.bar = (rule_at(1.0), moved(1.0) + 1.0);
        }
        self.height += RULE_SPACE * boundaries.len() as f64;
    }
}

/// How one digit of a figure is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// A given digit.
    Given,
    /// A hidden digit not known yet: an empty box.
    Blank,
    /// A hidden digit found earlier in a walkthrough: the digit in a thin box.
    Known,
    /// A hidden digit found now (or shown by the answer): bold on a grey square.
    Found,
}

/// How a walkthrough figure draws each digit: those of `known` cells (row, index from the
/// left) as found earlier, those of `found` as found now, the other hidden ones blank.
fn walk_looks(
    figure: &SumFigure,
    known: &[(usize, usize)],
    found: &[(usize, usize)],
) -> Result<Vec<Vec<Look>>> {
    let mut looks: Vec<Vec<Look>> = figure
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| {
                    if cell.hidden {
                        Look::Blank
                    } else {
                        Look::Given
                    }
                })
                .collect()
        })
        .collect();
    for (cells, look) in [(known, Look::Known), (found, Look::Found)] {
        for &(row, position) in cells {
            let slot = looks
                .get_mut(row)
                .and_then(|row| row.get_mut(position))
                .ok_or_else(|| {
                    Error::runtime("a walkthrough step fills a cell the figure does not have")
                })?;
            *slot = look;
        }
    }
    Ok(looks)
}

/// Draws the figure with its top-left corner at `origin` and cells of `pitch` points;
/// returns the figure's bounding box.
pub fn draw(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    figure: &SumFigure,
    origin: Point,
    pitch: f64,
    show: Show,
) -> Result<Rect> {
    draw_looks(items, fonts, figure, origin, pitch, &|row, index| match (
        show,
        figure.rows[row][index].hidden,
    ) {
        (_, false) => Look::Given,
        (Show::Puzzle, true) => Look::Blank,
        (Show::Answer, true) => Look::Found,
    })
}

/// Draws the figure with each digit as `look(row, index)` says.
pub fn draw_looks(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    figure: &SumFigure,
    origin: Point,
    pitch: f64,
    look: &dyn Fn(usize, usize) -> Look,
) -> Result<Rect> {
    let arrangement = figure.arrange()?;
    let bounds = Rect::new(
        origin.x,
        origin.y,
        arrangement.width * pitch,
        arrangement.height * pitch,
    );
    let at = |column: f64, line: f64| Point {
        x: origin.x + column * pitch,
        y: origin.y + line * pitch,
    };
    let rule_width = (pitch * 0.05).clamp(0.5, 1.2);
    for &(left, right, y) in &arrangement.rules {
        items.push(Item::Line {
            from: at(left, y),
            to: at(right, y),
            width: rule_width,
            colour: Colour::BLACK,
        });
    }
    if let Some((sign, column, line)) = arrangement.sign {
        let centre = at(column + 0.5, line + 0.5);
        let arm = pitch * 0.2;
        let stroke = |from: Point, to: Point| Item::Line {
            from,
            to,
            width: rule_width,
            colour: Colour::BLACK,
        };
        match sign {
            Sign::Plus | Sign::Minus => {
                items.push(stroke(
                    Point {
                        x: centre.x - arm,
                        y: centre.y,
                    },
                    Point {
                        x: centre.x + arm,
                        y: centre.y,
                    },
                ));
                if sign == Sign::Plus {
                    items.push(stroke(
                        Point {
                            x: centre.x,
                            y: centre.y - arm,
                        },
                        Point {
                            x: centre.x,
                            y: centre.y + arm,
                        },
                    ));
                }
            }
            Sign::Times => {
                let arm = arm * 0.8;
                items.push(stroke(
                    Point {
                        x: centre.x - arm,
                        y: centre.y - arm,
                    },
                    Point {
                        x: centre.x + arm,
                        y: centre.y + arm,
                    },
                ));
                items.push(stroke(
                    Point {
                        x: centre.x - arm,
                        y: centre.y + arm,
                    },
                    Point {
                        x: centre.x + arm,
                        y: centre.y - arm,
                    },
                ));
            }
        }
    }
    if let Some((left, right)) = arrangement.bracket {
        // The bar over the dividend, and a ")" of four strokes down its left side, from
        // the bar to the foot of the dividend's line.
        let (bar, foot) = arrangement.bar;
        items.push(Item::Line {
            from: at(left - 0.24, bar),
            to: at(right, bar),
            width: rule_width,
            colour: Colour::BLACK,
        });
        let depth = foot - bar;
        let curve = [
            (-0.24, 0.0),
            (-0.13, 0.22),
            (-0.1, 0.5),
            (-0.13, 0.78),
            (-0.24, 1.0),
        ];
        for pair in curve.windows(2) {
            items.push(Item::Line {
                from: at(left + pair[0].0, bar + pair[0].1 * depth),
                to: at(left + pair[1].0, bar + pair[1].1 * depth),
                width: rule_width,
                colour: Colour::BLACK,
            });
        }
    }
    // Digits last, row by row in row-list order, so text reads in the row list's order.
    let mut placed = arrangement.rows.clone();
    placed.sort_by_key(|row| row.row);
    let size = pitch * DIGIT_SCALE;
    let box_side = pitch * 0.74;
    let box_line = (pitch * 0.04).clamp(0.4, 1.0);
    for PlacedRow { row, right, line } in placed {
        let cells = &figure.rows[row];
        let left = right - cells.len() as f64;
        for (k, cell) in cells.iter().enumerate() {
            let centre = at(left + k as f64 + 0.5, line + 0.5);
            let square = Rect::new(
                centre.x - box_side / 2.0,
                centre.y - box_side / 2.0,
                box_side,
                box_side,
            );
            match look(row, k) {
                Look::Blank => items.push(Item::Rect {
                    rect: square,
                    fill: None,
                    stroke: Some((box_line, Colour::BLACK)),
                }),
                Look::Given => {
                    items.push(centred_digit(fonts, fonts.digits, centre, size, cell.digit));
                }
                Look::Known => {
                    items.push(Item::Rect {
                        rect: square,
                        fill: None,
                        stroke: Some((box_line * 0.6, Colour::grey(0.55))),
                    });
                    items.push(centred_digit(fonts, fonts.digits, centre, size, cell.digit));
                }
                Look::Found => {
                    items.push(Item::Rect {
                        rect: square,
                        fill: Some(Colour::grey(0.82)),
                        stroke: None,
                    });
                    items.push(centred_digit(
                        fonts,
                        fonts.digits_bold,
                        centre,
                        size,
                        cell.digit,
                    ));
                }
            }
        }
    }
    Ok(bounds)
}
