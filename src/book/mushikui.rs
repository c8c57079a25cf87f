//! Mushikui-zan in books: section options, making each puzzle, bank lines.
//!
//! ```text
//! seed path parts: "op=mul", "digits=3,2" [, "tier=easy"] [, "reveal-only=7"]
//! ```
//! (those of `puzzlebook mushikui generate`, without `shown`). A bank may mix shapes: a
//! section takes the puzzles of its own `op`, `digits` and `tier`.

use std::sync::Arc;
use std::time::Instant;

use super::kind::{
    BookKind, Content, Hint, Nudge, SectionKind, StepFigure, WALK_PAGES, WalkStep, Walkthrough,
    Wording,
};
use super::plan::Puzzle;
use super::source::{Located, Span, Table, closest};
use super::spec::{Difficulty, Language};
use crate::error::{Error, Result};
use crate::kind::{Kind, MUSHIKUI};
use crate::mushikui::{self, GenerateOptions, Operation};
use crate::seed::RandomStream;

/// The stable mushikui-zan tier names.
pub const TIERS: [&str; 4] = ["easy", "medium", "hard", "expert"];

pub struct MushikuiBook;

/// What a mushikui-zan section asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct MushikuiSection {
    pub operation: Operation,
    /// Digit counts of the operands, as `mushikui generate --digits` takes them, and where
    /// the spec wrote them.
    pub digits: Located<Vec<u32>>,
    pub generate: GenerateOptions,
    /// Each puzzle prints as a drill (`drill = true`): the position just before the
    /// drilled rule is first needed, and the step as its answer.
    pub drill: bool,
}

/// A mushikui-zan puzzle and its (complete) solution.
#[derive(Clone, Debug, PartialEq)]
pub struct MushikuiContent {
    pub puzzle: mushikui::Puzzle,
    pub solution: mushikui::Puzzle,
    /// The drill the puzzle prints as, in a drill section.
    pub drill: Option<mushikui::Drill>,
}

impl BookKind for MushikuiBook {
    /// Row lists: `add:…`, `sub:…`, `mul:…`, `div:…`; the key is the row list itself.
    fn line_key(&self, word: &str) -> Option<Result<String>> {
        let (head, _) = word.split_once(':')?;
        head.parse::<mushikui::Operation>().ok()?;
        Some(mushikui::Puzzle::parse(word).map(|puzzle| puzzle.to_line()))
    }

    fn section_keys(&self) -> &'static [&'static str] {
        &["op", "digits", "reveal_only", "needs", "hardest", "drill"]
    }

    fn tiers(&self) -> &'static [&'static str] {
        &TIERS
    }

    fn check_rating(&self, _text: &str) -> Result<()> {
        Err(
            Error::input("mushikui-zan sections take a `tier`, not a `rating`")
                .with_hint(format!("tiers: {}", TIERS.join(", "))),
        )
    }

    fn has_walkthroughs(&self) -> bool {
        true
    }

    fn has_hints(&self) -> bool {
        true
    }

    fn default_title(&self, language: Language) -> &'static str {
        language.text("mushikui.name")
    }

    fn read_section(
        &self,
        table: &Table<'_, '_>,
        difficulty: Option<&Difficulty>,
    ) -> Result<Box<dyn SectionKind>> {
        let op = table.string("op")?.ok_or_else(|| {
            table
                .error(table.span(), format!("{} has no `op`", table.what()))
                .with_hint("add op = \"add\", \"sub\", \"mul\" or \"div\"")
        })?;
        let operation = match op.value.as_str() {
            "add" => Operation::Add,
            "sub" => Operation::Sub,
            "mul" => Operation::Mul,
            "div" => Operation::Div,
            other => {
                let error = table.error(op.at, format!("unknown operation {other:?}"));
                return Err(match closest(other, &["add", "sub", "mul", "div"]) {
                    Some(close) if close != other => {
                        error.with_hint(format!("did you mean {close:?}?"))
                    }
                    _ => error.with_hint("use \"add\", \"sub\", \"mul\" or \"div\""),
                });
            }
        };
        let digits = table.integers("digits", 1, 18)?.ok_or_else(|| {
            table
                .error(table.span(), format!("{} has no `digits`", table.what()))
                .with_hint("add the operand sizes, e.g. digits = [3, 2]")
        })?;
        let sizes: Vec<usize> = digits.value.iter().map(|&d| d as usize).collect();
        let mut generate = GenerateOptions::new(operation, &sizes);
        // The engine knows which shapes it can make; the hint speaks the spec's language.
        if let Err(error) = generate.validate() {
            return Err(table
                .error(digits.at, error.message().to_string())
                .with_hint(match operation {
                    Operation::Add => "e.g. digits = [4, 4, 3] for three addends",
                    Operation::Sub => "e.g. digits = [5, 4]: minuend and subtrahend",
                    Operation::Mul => "e.g. digits = [3, 2]: multiplicand and multiplier",
                    Operation::Div => {
                        "e.g. digits = [6, 3]: dividend and divisor (a third number fixes the quotient length)"
                    }
                }));
        }
        generate.reveal_only = table
            .integer("reveal_only", 0, 9)?
            .map(|digit| digit.value as u8);
        for (key, rules) in [
            ("needs", &mut generate.needs),
            ("hardest", &mut generate.hardest),
        ] {
            if let Some(names) = table.strings(key)? {
                *rules = names
                    .value
                    .iter()
                    .map(|name| name.parse::<mushikui::Rule>())
                    .collect::<Result<Vec<_>>>()
                    .map_err(|error| {
                        let hint = error.hint().unwrap_or("").to_string();
                        table
                            .error(names.at, error.message().to_string())
                            .with_hint(hint)
                    })?;
            }
        }
        // The spec reader has checked the tier name.
        generate.tier = match difficulty {
            Some(Difficulty::Tier(name)) => name.parse().ok(),
            _ => None,
        };
        let drill = table.boolean("drill")?.is_some_and(|drill| drill.value);
        Ok(Box::new(MushikuiSection {
            operation,
            digits: Located::new(digits.value.iter().map(|&d| d as u32).collect(), digits.at),
            generate,
            drill,
        }))
    }
}

impl MushikuiSection {
    /// Whether a puzzle has the section's operation and operand sizes.
    fn fits_shape(&self, puzzle: &mushikui::Puzzle) -> bool {
        if puzzle.operation() != self.operation {
            return false;
        }
        let rows = puzzle.rows();
        let length = |row: usize| rows.get(row).map_or(0, |row| row.len() as u32);
        let digits = &self.digits.value;
        match self.operation {
            Operation::Add => {
                rows.len() == digits.len() + 1
                    && digits
                        .iter()
                        .enumerate()
                        .all(|(row, &size)| length(row) == size)
            }
            Operation::Sub | Operation::Mul => length(0) == digits[0] && length(1) == digits[1],
            Operation::Div => {
                length(2) == digits[0]
                    && length(1) == digits[1]
                    && digits.get(2).is_none_or(|&quotient| length(0) == quotient)
            }
        }
    }
}

impl MushikuiSection {
    /// The rule a drill section drills: its `hardest`, else its first `needs`; `None`
    /// drills each puzzle's hardest step.
    fn drilled_rule(&self) -> Option<mushikui::Rule> {
        let generate = &self.generate;
        generate.hardest.first().or(generate.needs.first()).copied()
    }

    /// False for a drill that falls back to another rule than the one the section drills.
    fn drills_its_rule(&self, content: &MushikuiContent) -> bool {
        match (&content.drill, self.drilled_rule()) {
            (Some(drill), Some(rule)) => drill.rule == rule,
            _ => true,
        }
    }

    /// `puzzle` as the section prints it: in a drill section, with its drill (the
    /// grader's walkthrough up to the first step using the drilled rule).
    fn content(
        &self,
        puzzle: mushikui::Puzzle,
        solution: mushikui::Puzzle,
        grade: &mushikui::Grade,
    ) -> Result<MushikuiContent> {
        let drill = if self.drill {
            let rule = self.drilled_rule().unwrap_or(grade.hardest);
            let walked = mushikui::walkthrough_in(&puzzle, Language::ENGLISH)?;
            Some(walked.drill(rule).ok_or_else(|| {
                Error::runtime(format!(
                    "the walkthrough of {} has no step to drill",
                    puzzle.to_line()
                ))
            })?)
        } else {
            None
        };
        Ok(MushikuiContent {
            puzzle,
            solution,
            drill,
        })
    }
}

/// How many puzzles a drill section draws, at most, for one whose walkthrough says its rule.
const DRILL_DRAWS: usize = 64;

/// The printed name of a mushikui-zan rule in `language`.
pub fn rule_name(rule: mushikui::Rule, language: Language) -> &'static str {
    language.text(&format!("mushikui-rule.{}", rule.name()))
}

impl SectionKind for MushikuiSection {
    fn seed_path(&self) -> Vec<String> {
        self.generate.seed_path()
    }

    fn make(&self, rng: &mut RandomStream, _deadline: Option<Instant>) -> Result<Puzzle> {
        // A drill section takes the puzzles whose walkthrough says the drilled rule (the
        // retelling leaves some narrowings unsaid), drawing again from the same stream.
        for _ in 0..DRILL_DRAWS {
            let generated = mushikui::generate(&self.generate, rng)?;
            let content = self.content(generated.puzzle, generated.solution, &generated.grade)?;
            if !self.drills_its_rule(&content) {
                continue;
            }
            return Ok(Puzzle {
                content: Arc::new(content),
                rating: Some(generated.grade.rating),
                tier: Some(generated.grade.tier.name().to_string()),
            });
        }
        Err(Error::runtime(format!(
            "no puzzle in {DRILL_DRAWS} draws has a walkthrough step using {}",
            self.drilled_rule().map_or("its rule", |rule| rule.name())
        ))
        .with_hint("drill another rule (`hardest`), or another shape (`op`, `digits`)"))
    }

    fn check_bank_line(&self, text: &str, _deadline: Option<Instant>) -> Result<Option<Puzzle>> {
        let puzzle = mushikui::Puzzle::parse(text)?;
        if !self.fits_shape(&puzzle) {
            return Ok(None);
        }
        let solution = match mushikui::solve(&puzzle) {
            mushikui::Solution::Unique(solution) => solution,
            mushikui::Solution::None => {
                return Err(Error::input("this mushikui-zan has no solution"));
            }
            mushikui::Solution::Multiple(..) => {
                return Err(Error::input("this mushikui-zan has more than one solution")
                    .with_hint("books only print puzzles with exactly one solution"));
            }
        };
        puzzle.check_printable()?;
        let grade = mushikui::grade(&puzzle)?;
        if self.generate.tier.is_some_and(|tier| tier != grade.tier)
            || !self.generate.accepts_rules(&puzzle, &grade)?
        {
            return Ok(None);
        }
        let content = self.content(puzzle, solution, &grade)?;
        if !self.drills_its_rule(&content) {
            return Ok(None);
        }
        Ok(Some(Puzzle {
            content: Arc::new(content),
            rating: Some(grade.rating),
            tier: Some(grade.tier.name().to_string()),
        }))
    }

    fn size_at(&self) -> Option<Span> {
        Some(self.digits.at)
    }

    /// "Find the step: Digit count" with the drilled rule's printed name; for a section
    /// that names none (each puzzle's hardest step is drilled), the longest, to size the
    /// captions.
    fn drill_task(&self, language: Language) -> Option<String> {
        if !self.drill {
            return None;
        }
        Some(drill_task(
            match self.drilled_rule() {
                Some(rule) => rule_name(rule, language),
                None => mushikui::Rule::ALL
                    .iter()
                    .map(|&rule| rule_name(rule, language))
                    .max_by_key(|name| name.chars().count())
                    .unwrap_or_default(),
            },
            language,
        ))
    }
}

/// A mushikui-zan drill's task: "Find the step: Digit count" (「桁数で一手進めよう」).
fn drill_task(rule: &str, language: Language) -> String {
    language.say("mushikui.drill-task", &[("rule", &rule)])
}

impl Content for MushikuiContent {
    fn kind(&self) -> &'static Kind {
        &MUSHIKUI
    }

    fn puzzle_line(&self) -> String {
        self.puzzle.to_line()
    }

    fn solution_line(&self) -> String {
        self.solution.to_line()
    }

    /// `op` and `digits` as [`MushikuiSection::fits_shape`] reads them.
    fn section_keys(&self) -> Vec<(&'static str, String)> {
        let rows = self.puzzle.rows();
        let length = |row: usize| rows.get(row).map_or(0, |row| row.len());
        let digits: Vec<usize> = match self.puzzle.operation() {
            Operation::Add => (0..rows.len().saturating_sub(1)).map(length).collect(),
            Operation::Sub | Operation::Mul => vec![length(0), length(1)],
            Operation::Div => vec![length(2), length(1), length(0)],
        };
        vec![
            ("op", format!("{:?}", self.puzzle.operation().name())),
            ("digits", format!("{digits:?}")),
        ]
    }

    /// A drill's step (its index in the walkthrough, its rule), its position as a row
    /// list and the digits its answer finds (`[row, index from the left, digit]`).
    fn manifest_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        let Some(drill) = &self.drill else {
            return Vec::new();
        };
        let digits = |found: &[mushikui::FoundDigit]| {
            found
                .iter()
                .map(|found| serde_json::json!([found.row, found.index, found.digit]))
                .collect::<Vec<_>>()
        };
        vec![(
            "drill",
            serde_json::json!({
                "step": drill.step,
                "rule": drill.rule.name(),
                "position": drill.position(&self.puzzle).to_line(),
                "found": digits(&drill.found),
            }),
        )]
    }

    fn drill_task(&self, language: Language) -> Option<String> {
        let drill = self.drill.as_ref()?;
        Some(drill_task(rule_name(drill.rule, language), language))
    }

    fn hint(&self, wording: Wording, ladder: bool) -> Result<Hint> {
        let language = wording.language;
        let walked = mushikui::walkthrough_in(&self.puzzle, language)?;
        let Some((technique, area, step)) = walked.hint_parts(language) else {
            return Ok(Some(Nudge {
                technique: easy_hint(wording.language).0.to_string(),
                area: easy_hint(wording.language).1.to_string(),
                step: ladder.then(|| {
                    walked
                        .steps
                        .first()
                        .map_or_else(String::new, |step| step.text(language).to_string())
                }),
            }));
        };
        Ok(Some(Nudge {
            technique: technique.to_string(),
            area: area.to_string(),
            step: ladder.then(|| walked.steps[step].text(language).to_string()),
        }))
    }

    fn walkthrough(&self, wording: Wording) -> Result<Walkthrough> {
        let language = wording.language;
        let walked = mushikui::walkthrough_in(&self.puzzle, language)?;
        Ok(Walkthrough {
            steps: walked
                .steps
                .iter()
                .map(|step| WalkStep {
                    text: step.text(language).to_string(),
                    cells: step
                        .found
                        .iter()
                        .map(|found| (found.row, found.index))
                        .collect(),
                    diagram: false,
                    words_only: false,
                    figure: StepFigure::default(),
                    topic: None,
                    example: None,
                })
                .collect(),
            coordinates: None,
            drawn: Vec::new(),
            page_goal: WALK_PAGES,
        })
    }
}

/// The nudge of a puzzle that column arithmetic and the times table solve: (the reasoning,
/// where to start).
fn easy_hint(language: Language) -> (&'static str, &'static str) {
    (
        language.text("mushikui.easy-technique"),
        language.text("mushikui.easy-area"),
    )
}
