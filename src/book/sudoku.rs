//! Sudoku in books: section options, making and grading each puzzle, bank lines.
//!
//! ```text
//! seed path parts: "symmetry=rot180" [, "clues=24..28"] [, "tier=hard" | "rating=3.0..4.5"]
//! ```
//! (those of `puzzlebook sudoku generate`). Every puzzle is graded, so each caption shows
//! its tier.

use std::time::Instant;

use super::kind::{BookKind, Content, Hint, SectionKind};
use super::plan::Puzzle;
use super::source::Table;
use super::spec::{Difficulty, Language, parse_at};
use crate::error::{Error, Result};
use crate::kind::{Kind, SUDOKU};
use crate::seed::RandomStream;
use crate::sudoku::grade::generate::check_reachable;
use crate::sudoku::grade::hint::Technique;
use crate::sudoku::grade::nudge::{Nudge, Place, nudge};
use crate::sudoku::grade::{
    GradeOptions, GradedOptions, Grading, RatingRange, RatingTarget, Tier, generate_graded,
    grade_unique,
};
use crate::sudoku::{self, ClueRange, GenerateOptions, Grid, Solution, Symmetry, generate};

/// The stable sudoku tier names (SE rating bounds in docs/spec.md).
pub const TIERS: [&str; 6] = ["easy", "medium", "hard", "expert", "diabolical", "extreme"];

pub struct SudokuBook;

/// What a sudoku section asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct SudokuSection {
    pub generate: GenerateOptions,
    /// The section's tier or rating range.
    pub target: Option<RatingTarget>,
}

/// A sudoku and its solution.
#[derive(Clone, Debug, PartialEq)]
pub struct SudokuContent {
    pub puzzle: Grid,
    pub solution: Grid,
}

impl BookKind for SudokuBook {
    fn section_keys(&self) -> &'static [&'static str] {
        &["symmetry", "clues"]
    }

    fn tiers(&self) -> &'static [&'static str] {
        &TIERS
    }

    fn check_rating(&self, text: &str) -> Result<()> {
        let range = text.parse::<RatingRange>()?;
        check_reachable(RatingTarget::Range(range))
    }

    fn has_hints(&self) -> bool {
        true
    }

    fn default_title(&self, language: Language) -> &'static str {
        match language {
            Language::English => "Sudoku",
            Language::Japanese => "ナンプレ",
        }
    }

    fn read_section(
        &self,
        table: &Table<'_, '_>,
        difficulty: Option<&Difficulty>,
    ) -> Result<Box<dyn SectionKind>> {
        let symmetry = match table.string("symmetry")? {
            None => Symmetry::default(),
            Some(text) => parse_at(table, &text)?,
        };
        let clues = match table.string("clues")? {
            None => None,
            Some(text) => Some(parse_at::<ClueRange>(table, &text)?),
        };
        // The spec reader has checked the tier name and the range already.
        let target = match difficulty {
            Some(Difficulty::Tier(name)) => name.parse::<Tier>().ok().map(RatingTarget::Tier),
            Some(Difficulty::Rating(text)) => {
                text.parse::<RatingRange>().ok().map(RatingTarget::Range)
            }
            None => None,
        };
        Ok(Box::new(SudokuSection {
            generate: GenerateOptions {
                symmetry,
                clues,
                ..GenerateOptions::default()
            },
            target,
        }))
    }
}

impl SudokuSection {
    fn graded(&self, puzzle: Grid, solution: Grid, grading: &Grading) -> Puzzle {
        Puzzle {
            content: std::sync::Arc::new(SudokuContent { puzzle, solution }),
            rating: Some(f64::from(grading.rating_tenths) / 10.0),
            tier: Some(grading.tier.name().to_string()),
        }
    }
}

impl SectionKind for SudokuSection {
    fn seed_path(&self) -> Vec<String> {
        match self.target {
            Some(target) => GradedOptions {
                base: self.generate.clone(),
                target,
            }
            .seed_path(),
            None => self.generate.seed_path(),
        }
    }

    fn make(&self, rng: &mut RandomStream, deadline: Option<Instant>) -> Result<Puzzle> {
        match self.target {
            Some(target) => {
                let graded = generate_graded(
                    &GradedOptions {
                        base: self.generate.clone(),
                        target,
                    },
                    rng,
                    deadline,
                )
                .map_err(|error| {
                    error.with_hint(
                        "allow more time with --max-seconds, or ask for an easier tier or a wider rating range",
                    )
                })?;
                Ok(self.graded(graded.puzzle, graded.solution, &graded.grading))
            }
            None => {
                let generated = generate(&self.generate, rng)?;
                let grading = grade_unique(
                    &generated.puzzle,
                    &generated.solution,
                    &GradeOptions {
                        deadline,
                        ..GradeOptions::default()
                    },
                )
                .map_err(|error| error.with_hint("allow more time with --max-seconds"))?;
                Ok(self.graded(generated.puzzle, generated.solution, &grading))
            }
        }
    }

    fn check_bank_line(&self, text: &str, deadline: Option<Instant>) -> Result<Option<Puzzle>> {
        let grid = Grid::parse(text)?;
        let solution = match sudoku::solve(&grid) {
            Solution::Unique(solution) => solution,
            Solution::None => return Err(Error::input("this sudoku has no solution")),
            Solution::Multiple(..) => {
                return Err(Error::input("this sudoku has more than one solution")
                    .with_hint("books only print puzzles with exactly one solution"));
            }
        };
        let grading = grade_unique(
            &grid,
            &solution,
            &GradeOptions {
                deadline,
                ..GradeOptions::default()
            },
        )?;
        if self.target.is_some_and(|target| !target.accepts(&grading)) {
            return Ok(None);
        }
        Ok(Some(self.graded(grid, solution, &grading)))
    }
}

impl Content for SudokuContent {
    fn kind(&self) -> &'static Kind {
        &SUDOKU
    }

    fn puzzle_line(&self) -> String {
        self.puzzle.to_line()
    }

    fn solution_line(&self) -> String {
        self.solution.to_line()
    }

    fn hint(&self, language: Language) -> Result<Hint> {
        Ok(nudge(&self.puzzle).map(|nudge| hint_words(&nudge, language)))
    }
}

/// A nudge in words: "X-Wing: look at rows 2 and 6." / "X-Wing（井桁）：2行目と6行目に注目。"
/// Japanese names follow Japanese solvers where they have their own (井桁 for the X-Wing).
fn hint_words(nudge: &Nudge, language: Language) -> String {
    let join = |numbers: &[u8], english: bool| -> String {
        let words: Vec<String> = numbers.iter().map(u8::to_string).collect();
        match (english, words.as_slice()) {
            (true, [init @ .., last]) if !init.is_empty() => {
                format!("{} and {last}", init.join(", "))
            }
            (true, _) => words.join(""),
            (false, _) => words.join("・"),
        }
    };
    match language {
        Language::English => {
            let place = match &nudge.place {
                Place::Box(n) => format!("box {n}"),
                Place::Row(n) => format!("row {n}"),
                Place::Column(n) => format!("column {n}"),
                Place::Rows(rows) => format!("rows {}", join(rows, true)),
                Place::Columns(columns) => format!("columns {}", join(columns, true)),
                Place::Boxes(boxes) => format!("boxes {}", join(boxes, true)),
                Place::Grid => "the whole grid".to_string(),
            };
            format!("{}: look at {place}.", nudge.name)
        }
        Language::Japanese => {
            let place = match &nudge.place {
                Place::Box(n) => format!("ブロック{n}"),
                Place::Row(n) => format!("{n}行目"),
                Place::Column(n) => format!("{n}列目"),
                Place::Rows(rows) => format!("{}行目", join(rows, false)),
                Place::Columns(columns) => format!("{}列目", join(columns, false)),
                Place::Boxes(boxes) => format!("ブロック{}", join(boxes, false)),
                Place::Grid => "盤面全体".to_string(),
            };
            let name = match nudge.technique {
                Technique::XWing => "X-Wing（井桁）".to_string(),
                Technique::Swordfish => "Swordfish（3×3の井桁）".to_string(),
                Technique::Pointing | Technique::DirectPointing => {
                    format!("{}（ブロックから行・列への候補の絞り込み）", nudge.name)
                }
                Technique::Claiming | Technique::DirectClaiming => {
                    format!("{}（行・列からブロックへの候補の絞り込み）", nudge.name)
                }
                Technique::NakedPair => format!("{}（2つのマスに2つの候補）", nudge.name),
                Technique::HiddenPair => format!("{}（2つの数字が2つのマスだけ）", nudge.name),
                _ => nudge.name.clone(),
            };
            format!("{name}：{place}に注目。")
        }
    }
}
