//! Killer sudoku in books: a `kind = "sudoku"` section with `variant = "killer"` (and
//! `size = "6x6"` or `"4x4"` for children), made by [`crate::sudoku::killer::generate`] or
//! read from a bank of killer lines.
//!
//! ```text
//! seed path parts: "variant=killer", "size=9x9", "max-cage=5", "cages=27" [, "tier=hard"]
//! ```
//! Every killer is graded ([`crate::sudoku::killer::grade`]: easy, medium, hard, expert,
//! extreme); a section may ask for a `tier` (not a `rating`), `needs`/`hardest` (the killer
//! grader's techniques; they join the seed path), walkthroughs and hints.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::kind::{Content, Hint, Nudge, SectionKind, Topic, Walkthrough, Wording, page_goal};
use super::plan::Puzzle;
use super::spec::Language;
use crate::error::{Error, Result};
use crate::kind::{Kind, SUDOKU};
use crate::seed::RandomStream;
use crate::sudoku::grade::Tier;
use crate::sudoku::grade::target::TechniqueTarget;
use crate::sudoku::killer::Killer;
use crate::sudoku::killer::generate::{KillerOptions, generate, generate_tier_where};
use crate::sudoku::killer::grade::{KillerGrading, grade};
use crate::sudoku::killer::solver::{KillerSolution, solve_by};

/// A killer section's options.
#[derive(Clone, Debug, PartialEq)]
pub struct KillerSection {
    pub options: KillerOptions,
    /// The section's tier, when it asks for one (or its techniques do).
    pub tier: Option<Tier>,
    /// The techniques every solve must use (`needs`, `hardest`).
    pub techniques: TechniqueTarget,
    /// Each puzzle prints as a drill of the first technique (`drill = true`).
    pub drill: bool,
}

/// A killer and its solution.
#[derive(Clone, Debug, PartialEq)]
pub struct KillerContent {
    pub puzzle: Killer,
    pub solution: Vec<u8>,
}

impl SectionKind for KillerSection {
    fn seed_path(&self) -> Vec<String> {
        let mut path = vec!["variant=killer".to_string()];
        path.extend(self.options.seed_path());
        path.extend(self.tier.map(|tier| format!("tier={tier}")));
        path.extend(self.techniques.seed_parts());
        path
    }

    fn make(&self, rng: &mut RandomStream, deadline: Option<Instant>) -> Result<Puzzle> {
        let (made, grading) = match self.tier {
            Some(tier) => generate_tier_where(
                &self.options,
                tier,
                &|grading| self.techniques.accepts(grading.used, grading.hardest),
                rng,
                deadline,
            )?,
            None => {
                let made = generate(&self.options, rng, deadline)?;
                let grading = grade(&made.puzzle)?;
                (made, grading)
            }
        };
        self.as_printed(graded(made.puzzle, made.solution, &grading))
    }

    fn check_bank_line(&self, text: &str, deadline: Option<Instant>) -> Result<Option<Puzzle>> {
        let word = text.split_whitespace().next().unwrap_or("");
        let column = text.len() - text.trim_start().len() + 1;
        let puzzle = Killer::parse_word(word, column).ok_or_else(|| {
            Error::input("this is not a killer line (killer:GIVENS:CAGES:SUMS)").at_column(column)
        })??;
        if puzzle.size() != self.options.size {
            return Err(Error::input(format!(
                "this is a {} killer; the section takes {}",
                puzzle.size(),
                self.options.size
            )));
        }
        // A bank line is checked in a bounded time, like a made puzzle.
        let deadline = deadline.or_else(|| Instant::now().checked_add(Duration::from_secs(60)));
        match solve_by(&puzzle, deadline) {
            Some(KillerSolution::Unique(solution)) => {
                let grading = grade(&puzzle)?;
                if self.tier.is_some_and(|tier| tier != grading.tier)
                    || !self.techniques.accepts(grading.used, grading.hardest)
                {
                    return Ok(None);
                }
                self.as_printed(graded(puzzle, solution, &grading))
                    .map(Some)
            }
            Some(KillerSolution::None) => Err(Error::input("this killer has no solution")),
            Some(KillerSolution::Multiple(..)) => {
                Err(Error::input("this killer has more than one solution")
                    .with_hint("books only print puzzles with exactly one solution"))
            }
            None => Err(Error::runtime(
                "this killer was not solved in the time allowed",
            )),
        }
    }

    fn has_walkthroughs(&self) -> bool {
        true
    }

    fn drill_task(&self, language: Language) -> Option<String> {
        super::drill::section_task(self.drill, &self.techniques, language)
    }

    fn taught_topics(&self, language: Language) -> Vec<Topic> {
        super::drill::taught_topics(&self.techniques, language)
    }

    fn has_hints(&self) -> bool {
        true
    }
}

impl KillerSection {
    /// A made killer as the section prints it: a drill section's as its drill.
    fn as_printed(&self, made: Puzzle) -> Result<Puzzle> {
        let family = self.techniques.drilled().filter(|_| self.drill);
        super::drill::as_drill(made, family, |content, family| {
            super::kind::content_as::<KillerContent>(content)
                .map(|killer| crate::sudoku::killer::walkthrough::drill(&killer.puzzle, family))
                .transpose()
        })
    }
}

/// A made killer with its grade.
fn graded(puzzle: Killer, solution: Vec<u8>, grading: &KillerGrading) -> Puzzle {
    Puzzle {
        content: Arc::new(KillerContent { puzzle, solution }),
        rating: Some(f64::from(grading.rating_tenths) / 10.0),
        tier: Some(grading.tier.name().to_string()),
    }
}

impl Content for KillerContent {
    fn kind(&self) -> &'static Kind {
        &SUDOKU
    }

    fn canonical_key(&self) -> String {
        crate::sudoku::canon::canonical_killer(&self.puzzle).to_line()
    }

    fn puzzle_line(&self) -> String {
        self.puzzle.to_line()
    }

    /// The killer line with every digit given.
    fn solution_line(&self) -> String {
        self.puzzle.with_givens(self.solution.clone()).to_line()
    }

    fn manifest_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![
            ("variant", "killer".into()),
            ("size", self.puzzle.size().name().into()),
            ("cages", self.puzzle.cages().len().into()),
        ]
    }

    /// Killers print two to a page at most: their sums need room.
    fn section_keys(&self) -> Vec<(&'static str, String)> {
        vec![
            ("size", format!("{:?}", self.puzzle.size().name())),
            ("variant", "\"killer\"".to_string()),
            ("per_page", "\"1x2\"".to_string()),
        ]
    }

    /// The killer grader's path, told as the house grader's walkthroughs are (its figures
    /// are drawn with the cages over them).
    fn walkthrough(&self, wording: Wording) -> Result<Walkthrough> {
        let walked = crate::sudoku::killer::walkthrough::walkthrough(&self.puzzle)?;
        let rating = super::sudoku::hardest(walked.path.iter().map(|step| step.rating_tenths));
        let tier = crate::sudoku::killer::grade::tier_of(rating);
        Ok(Walkthrough {
            page_goal: page_goal(tier >= Tier::Expert),
            ..super::sudoku::house_walkthrough(&walked, self.puzzle.geometry().side(), wording)
        })
    }

    /// The killer grader's first step beyond singles and the cages' pencil marks: its
    /// technique and where to look (a ladder's from the walkthrough, told as its third
    /// rung).
    fn hint(&self, wording: Wording, ladder: bool) -> Result<Hint> {
        let step = if ladder {
            let walked = crate::sudoku::killer::walkthrough::walkthrough(&self.puzzle)?;
            let Some(index) = walked.steps.iter().position(|step| {
                !step.singles
                    && !crate::sudoku::killer::walkthrough::is_cage_marks(
                        &walked.path[step.path[0]],
                    )
            }) else {
                return Ok(None);
            };
            let told =
                super::sudoku::house_walkthrough(&walked, self.puzzle.geometry().side(), wording);
            let mut nudge = self.nudge(&walked.path[walked.steps[index].path[0]], wording);
            nudge.step = Some(told.steps[index].text.clone());
            return Ok(Some(nudge));
        } else {
            crate::sudoku::killer::walkthrough::first_technique(&self.puzzle)?
        };
        Ok(step.map(|step| self.nudge(&step, wording)))
    }
}

impl KillerContent {
    /// Where a killer step looks: its houses, or the cage it is about (by its sum and
    /// first cell).
    fn nudge(&self, step: &crate::sudoku::variant::grade::VariantStep, wording: Wording) -> Nudge {
        if !step.houses.is_empty() {
            return super::sudoku::house_hint(step, self.puzzle.geometry(), wording);
        }
        let first = step.pattern.first().map_or(0, |&cell| usize::from(cell));
        let cage = &self.puzzle.cages()[usize::from(self.puzzle.cage_of()[first])];
        let at = self.puzzle.geometry().cell_name(usize::from(cage.cells[0]));
        let technique = if wording.language.catalog().grader_language {
            step.technique.name().to_string()
        } else {
            crate::sudoku::techniques::catalog_name(step.technique, wording.language).to_string()
        };
        let area = wording
            .language
            .say("place.cage", &[("sum", &cage.sum), ("at", &at)]);
        Nudge {
            technique,
            area: wording.coordinates.restate(&area, wording.language),
            step: None,
        }
    }
}
