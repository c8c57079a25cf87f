//! Sudoku in books: section options, making and grading each puzzle, bank lines.
//!
//! ```text
//! seed path parts: "symmetry=rot180" [, "clues=24..28"] [, "tier=hard" | "rating=3.0..4.5"]
//! ```
//! (those of `puzzlebook sudoku generate`). Every puzzle is graded, so each caption shows
//! its tier. A section with `size` or `variant` other than the classic 9×9 is made by the
//! variant engine, with the seed path parts `size=…`, `variant=…`, `symmetry=…` [, `clues=…`]
//! [, `tier=…` | `rating=…`]; `symbols` (digits, shapes or letters) only changes the
//! drawing, so it is not part of the seed path.

use std::path::PathBuf;
use std::time::Instant;

use super::killer::KillerSection;
use super::kind::{BookKind, Content, Hint, SectionKind, StepFigure, Topic, WalkStep, Walkthrough};
use super::pattern::{PatternMark, SectionPattern};
use super::plan::Puzzle;
use super::source::{Located, Table};
use super::spec::{Difficulty, Language, at, parse_at};
use crate::error::{Error, Result};
use crate::kind::{Kind, SUDOKU};
use crate::seed::RandomStream;
use crate::sudoku::grade::generate::check_reachable;
use crate::sudoku::grade::hint::Technique;
use crate::sudoku::grade::nudge::{Nudge, Place, nudge, nudge_in};
use crate::sudoku::grade::walkthrough;
use crate::sudoku::grade::{
    ExtraHouses, GradeOptions, GradedOptions, Grading, RatingRange, RatingTarget, Tier,
    generate_graded, grade_unique,
};
use crate::sudoku::killer::generate::KillerOptions;
use crate::sudoku::variant::grade::{VariantGradeOptions, as_classic, check_tier, target_range};
use crate::sudoku::variant::{Size, Variant, VariantGrid, VariantOptions, VariantSolution};
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
    /// The size and variant when not the classic 9×9.
    pub variant: Option<VariantOptions>,
    /// What the cells show.
    pub symbols: Symbols,
    /// The picture the givens draw, if any.
    pub pattern: Option<SectionPattern>,
}

/// What a grid's values are printed as.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Symbols {
    /// 1-9, then 10-16 as two digits.
    #[default]
    Digits,
    /// Simple vector shapes (9 at most): circle, square, triangle, star, heart, diamond,
    /// cross, hexagon, moon.
    Shapes,
    /// One letter per value, from the spec (e.g. a word of distinct letters).
    Letters(Vec<char>),
}

/// The shapes, in the order they stand for 1, 2, 3, ….
pub const SHAPES: [&str; 9] = [
    "circle", "square", "triangle", "star", "heart", "diamond", "cross", "hexagon", "moon",
];

impl Symbols {
    /// The manifest fields: `symbols`, and `letters` for letters.
    fn manifest_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        let mut fields = vec![("symbols", self.name().into())];
        if let Symbols::Letters(letters) = self {
            fields.push(("letters", letters.iter().collect::<String>().into()));
        }
        fields
    }

    pub fn name(&self) -> &'static str {
        match self {
            Symbols::Digits => "digits",
            Symbols::Shapes => "shapes",
            Symbols::Letters(_) => "letters",
        }
    }
}

/// A variant sudoku (any size other than the classic 9×9 grid) and its solution.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantContent {
    pub puzzle: VariantGrid,
    pub solution: VariantGrid,
    pub symbols: Symbols,
    /// The pattern the givens draw, when the section has one.
    pub pattern: Option<PatternMark>,
}

/// A classic 9×9 sudoku printed with symbols other than digits.
#[derive(Clone, Debug, PartialEq)]
pub struct SymbolContent {
    pub puzzle: Grid,
    pub solution: Grid,
    pub symbols: Symbols,
    /// The pattern the givens draw, when the section has one.
    pub pattern: Option<PatternMark>,
}

/// A sudoku and its solution.
#[derive(Clone, Debug, PartialEq)]
pub struct SudokuContent {
    pub puzzle: Grid,
    pub solution: Grid,
    /// The pattern the givens draw, when the section has one.
    pub pattern: Option<PatternMark>,
}

impl BookKind for SudokuBook {
    fn section_keys(&self) -> &'static [&'static str] {
        &[
            "symmetry",
            "clues",
            "size",
            "variant",
            "symbols",
            "letters",
            "pattern",
            "pattern_file",
            "pattern_tint",
            "minimal",
        ]
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

    fn has_walkthroughs(&self) -> bool {
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
        let size_text = table.string("size")?;
        let size = match &size_text {
            None => Size::S9,
            Some(text) => parse_at::<Size>(table, text)?,
        };
        let variant_text = table.string("variant")?;
        if let Some(text) = variant_text
            .as_ref()
            .filter(|text| text.value.eq_ignore_ascii_case("killer"))
        {
            return read_killer(
                table,
                size,
                size_text.as_ref().map_or(text.at, |s| s.at),
                difficulty,
            );
        }
        let variant = match &variant_text {
            None => Variant::Classic,
            Some(text) => parse_at::<Variant>(table, text)?,
        };
        if let Err(error) = variant.check_size(size) {
            let span = variant_text
                .as_ref()
                .or(size_text.as_ref())
                .map_or(table.span(), |text| text.at);
            return Err(at(table, span, error));
        }
        let is_variant = (size, variant) != (Size::S9, Variant::Classic);
        let pattern = SectionPattern::read(table, size, variant)?;
        let symmetry_text = table.string("symmetry")?;
        let symmetry = match &symmetry_text {
            None if is_variant => crate::sudoku::variant::generate::default_symmetry(variant),
            None => Symmetry::default(),
            Some(text) => parse_at(table, text)?,
        };
        let clues_text = table.string("clues")?;
        // The spec reader has checked the tier name and the range already.
        let target = match difficulty {
            Some(Difficulty::Tier(name)) => name.parse::<Tier>().ok().map(RatingTarget::Tier),
            Some(Difficulty::Rating(text)) => {
                text.parse::<RatingRange>().ok().map(RatingTarget::Range)
            }
            None => None,
        };
        let symbols = read_symbols(table, size)?;
        let (clues, variant_options) = if is_variant {
            let clues = match &clues_text {
                None => None,
                Some(text) => Some(
                    crate::sudoku::variant::generate::parse_clues(&text.value, size)
                        .map_err(|error| at(table, text.at, error))?,
                ),
            };
            let options = VariantOptions {
                symmetry,
                clues,
                ..VariantOptions::new(size, variant)
            };
            if let Err(error) = options.check() {
                let span = symmetry_text.as_ref().map_or(table.span(), |text| text.at);
                return Err(at(table, span, error));
            }
            if let Some(RatingTarget::Tier(tier)) = target
                && let Err(error) = check_tier(size, tier)
            {
                let span = size_text.as_ref().map_or(table.span(), |text| text.at);
                return Err(at(table, span, error));
            }
            (None, Some(options))
        } else {
            let clues = match &clues_text {
                None => None,
                Some(text) => Some(parse_at::<ClueRange>(table, text)?),
            };
            (clues, None)
        };
        Ok(Box::new(SudokuSection {
            generate: GenerateOptions {
                symmetry,
                clues,
                ..GenerateOptions::default()
            },
            target,
            variant: variant_options,
            symbols,
            pattern,
        }))
    }
}

/// A killer section: a size killers come in, no grid options, a killer tier.
fn read_killer(
    table: &Table<'_, '_>,
    size: Size,
    size_at: super::source::Span,
    difficulty: Option<&Difficulty>,
) -> Result<Box<dyn SectionKind>> {
    for key in ["symmetry", "clues", "symbols", "letters", "rating"] {
        if let Some(span) = table.key_span(key) {
            return Err(table
                .error(span, format!("`{key}` does not apply to killer sections"))
                .with_hint(if key == "rating" {
                    "killers take a tier: easy, medium, hard, expert or extreme"
                } else {
                    "killers are drawn with digits, their cages set the puzzle: remove it"
                }));
        }
    }
    let tier = match difficulty {
        Some(Difficulty::Tier(name)) => name.parse::<Tier>().ok(),
        _ => None,
    };
    if let Some(tier) = tier
        && crate::sudoku::killer::grade::tier_range(tier).is_err()
    {
        let span = table.key_span("tier").unwrap_or(table.span());
        return Err(table
            .error(
                span,
                format!("killers are graded easy to expert, then extreme; not {tier}"),
            )
            .with_hint("use easy, medium, hard, expert or extreme"));
    }
    let options = KillerOptions::new(size);
    if let Err(error) = options.check() {
        return Err(at(table, size_at, error));
    }
    if let Some(tier) = tier
        && let Err(error) = crate::sudoku::killer::grade::check_tier(size, tier)
    {
        let span = table.key_span("tier").unwrap_or(table.span());
        return Err(at(table, span, error));
    }
    Ok(Box::new(KillerSection { options, tier }))
}

/// Reads `symbols` and `letters`: shapes and letters need one symbol per value.
fn read_symbols(table: &Table<'_, '_>, size: Size) -> Result<Symbols> {
    let letters = table.string("letters")?;
    let Some(text) = table.string("symbols")? else {
        if let Some(letters) = letters {
            return Err(table.error(letters.at, "`letters` goes with symbols = \"letters\""));
        }
        return Ok(Symbols::Digits);
    };
    Symbols::for_size(
        &text.value,
        letters.as_ref().map(|letters| letters.value.as_str()),
        size,
    )
    .map_err(|(error, blame_letters)| {
        let span = match (&letters, blame_letters) {
            (Some(letters), true) => letters.at,
            _ => text.at,
        };
        at(table, span, error)
    })
}

impl Symbols {
    /// The symbols named `name` (`digits`, `shapes`, `letters` with `letters`) for a grid of
    /// `size`, or the error and whether the letters are at fault.
    pub fn for_size(
        name: &str,
        letters: Option<&str>,
        size: Size,
    ) -> std::result::Result<Symbols, (Error, bool)> {
        let side = size.side();
        match name {
            "digits" => Ok(Symbols::Digits),
            "shapes" => {
                if side > SHAPES.len() {
                    return Err((
                        Error::input(format!(
                            "there are {} shapes, too few for a {size} grid",
                            SHAPES.len()
                        ))
                        .with_hint("use shapes with grids up to 9x9, or digits or letters"),
                        false,
                    ));
                }
                Ok(Symbols::Shapes)
            }
            "letters" => {
                let Some(letters) = letters else {
                    return Err((
                        Error::input("letters need the letters").with_hint(format!(
                            "give {side} different letters, e.g. a {side}-letter word"
                        )),
                        false,
                    ));
                };
                let chars: Vec<char> = letters.chars().filter(|c| !c.is_whitespace()).collect();
                let mut distinct = chars.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if chars.len() != side
                    || distinct.len() != side
                    || chars.iter().any(|c| !c.is_alphabetic())
                {
                    return Err((
                        Error::input(format!(
                            "a {size} grid needs {side} different letters, one per value; {letters:?} has {} letters, {} different",
                            chars.len(),
                            distinct.len()
                        )),
                        true,
                    ));
                }
                Ok(Symbols::Letters(chars))
            }
            other => Err((
                Error::input(format!("unknown symbols {other:?}"))
                    .with_hint("use digits, shapes or letters"),
                false,
            )),
        }
    }
}

impl SudokuSection {
    fn graded(&self, puzzle: Grid, solution: Grid, grading: &Grading) -> Puzzle {
        let pattern = self.pattern.as_ref().map(|pattern| pattern.mark.clone());
        let content: std::sync::Arc<dyn Content> = if self.symbols == Symbols::Digits {
            std::sync::Arc::new(SudokuContent {
                puzzle,
                solution,
                pattern,
            })
        } else {
            std::sync::Arc::new(SymbolContent {
                puzzle,
                solution,
                symbols: self.symbols.clone(),
                pattern,
            })
        };
        Puzzle {
            content,
            rating: Some(f64::from(grading.rating_tenths) / 10.0),
            tier: Some(grading.tier.name().to_string()),
        }
    }

    fn variant_puzzle(
        &self,
        puzzle: VariantGrid,
        solution: VariantGrid,
        rating_tenths: u16,
        tier: Tier,
    ) -> Puzzle {
        Puzzle {
            content: std::sync::Arc::new(VariantContent {
                puzzle,
                solution,
                symbols: self.symbols.clone(),
                pattern: self.pattern.as_ref().map(|pattern| pattern.mark.clone()),
            }),
            rating: Some(f64::from(rating_tenths) / 10.0),
            tier: Some(tier.name().to_string()),
        }
    }

    fn make_variant(
        &self,
        options: &VariantOptions,
        rng: &mut RandomStream,
        deadline: Option<Instant>,
    ) -> Result<Puzzle> {
        let (generated, grading) =
            crate::sudoku::variant::grade::generate_graded(options, self.target, rng, deadline)?;
        Ok(self.variant_puzzle(
            generated.puzzle,
            generated.solution,
            grading.rating_tenths,
            grading.tier,
        ))
    }

    fn check_variant_line(
        &self,
        options: &VariantOptions,
        text: &str,
        deadline: Option<Instant>,
    ) -> Result<Option<Puzzle>> {
        let word = text.split_whitespace().next().unwrap_or("");
        let column = text.len() - text.trim_start().len() + 1;
        let grid = crate::sudoku::variant::parse_word(
            word,
            1,
            column,
            Some((options.size, options.variant)),
        )?;
        let geometry = grid.geometry();
        if (geometry.size(), geometry.variant()) != (options.size, options.variant) {
            return Err(Error::input(format!(
                "this is a {} {} sudoku; the section takes {} {}",
                geometry.size(),
                geometry.variant(),
                options.size,
                options.variant
            )));
        }
        let solution = match crate::sudoku::variant::solve(&grid) {
            VariantSolution::Unique(solution) => solution,
            VariantSolution::None => return Err(Error::input("this sudoku has no solution")),
            VariantSolution::Multiple(..) => {
                return Err(Error::input("this sudoku has more than one solution")
                    .with_hint("books only print puzzles with exactly one solution"));
            }
        };
        let grading = crate::sudoku::variant::grade::grade_unique(
            &grid,
            &solution,
            &VariantGradeOptions {
                record_steps: false,
                deadline,
                stop_above: None,
            },
        )?;
        if self.target.is_some_and(|target| {
            !target_range(options.size, target).contains(grading.rating_tenths)
        }) {
            return Ok(None);
        }
        Ok(Some(self.variant_puzzle(
            grid,
            solution,
            grading.rating_tenths,
            grading.tier,
        )))
    }
}

impl SectionKind for SudokuSection {
    /// Walkthroughs print digits, so a section with symbols has none.
    fn has_walkthroughs(&self) -> bool {
        self.symbols == Symbols::Digits
    }

    fn has_hints(&self) -> bool {
        true
    }

    fn seed_path(&self) -> Vec<String> {
        if let Some(pattern) = &self.pattern {
            let mut path = pattern.seed_path();
            path.extend(self.target.map(|target| target.to_string()));
            return path;
        }
        if let Some(options) = &self.variant {
            let mut path = options.seed_path();
            path.extend(self.target.map(|target| target.to_string()));
            return path;
        }
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
        if let Some(pattern) = &self.pattern {
            return pattern.make(
                self.target,
                rng,
                deadline,
                |puzzle, solution, grading| self.graded(puzzle, solution, grading),
                |puzzle, solution, rating, tier| {
                    self.variant_puzzle(puzzle, solution, rating, tier)
                },
            );
        }
        if let Some(options) = &self.variant {
            return self.make_variant(options, rng, deadline);
        }
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

    fn files(&self) -> Vec<Located<PathBuf>> {
        self.pattern
            .iter()
            .filter_map(|pattern| pattern.file.clone())
            .collect()
    }

    fn take_files(&self, texts: &[(String, String)]) -> Result<()> {
        match (&self.pattern, texts) {
            (Some(pattern), [(name, text)]) => pattern.take_file(name, text),
            _ => Ok(()),
        }
    }

    fn check_bank_line(&self, text: &str, deadline: Option<Instant>) -> Result<Option<Puzzle>> {
        if let Some(options) = &self.variant {
            return self.check_variant_line(options, text, deadline);
        }
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

    fn manifest_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        PatternMark::manifest_fields(self.pattern.as_ref())
    }

    fn hint(&self, language: Language) -> Result<Hint> {
        Ok(nudge(&self.puzzle).map(|nudge| hint_words(&nudge, language)))
    }

    fn walkthrough(&self, language: Language) -> Result<Walkthrough> {
        walkthrough_of(&self.puzzle, ExtraHouses::None, language)
    }
}

/// The grader's path: runs of singles in words, each step beyond them with a diagram
/// (its `walkthrough::Moment` is the step's figure).
fn walkthrough_of(puzzle: &Grid, extra: ExtraHouses, language: Language) -> Result<Walkthrough> {
    let words = match language {
        Language::English => walkthrough::Language::English,
        Language::Japanese => walkthrough::Language::Japanese,
    };
    let walked = walkthrough::walkthrough_in(puzzle, extra)?;
    Ok(Walkthrough {
        steps: walked
            .steps
            .iter()
            .cloned()
            .map(|step| WalkStep {
                text: step.text(words).to_string(),
                cells: step
                    .moment
                    .placements
                    .iter()
                    .map(|&(cell, _)| (usize::from(cell) / 9, usize::from(cell) % 9))
                    .collect(),
                diagram: !step.singles,
                topic: (!step.singles)
                    .then(|| topic(walked.path[step.path.start].technique, words)),
                figure: StepFigure::new(step.moment),
            })
            .collect(),
    })
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

/// The house grader's path as a book walkthrough (its `VariantMoment` is each step's
/// figure).
fn variant_walkthrough_of(puzzle: &VariantGrid, language: Language) -> Result<Walkthrough> {
    let walked = crate::sudoku::variant::walkthrough::walkthrough(puzzle)?;
    Ok(house_walkthrough(
        &walked,
        puzzle.geometry().side(),
        language,
    ))
}

/// A house-grader walkthrough (of a variant or a killer) as a book walkthrough.
pub(super) fn house_walkthrough(
    walked: &crate::sudoku::variant::walkthrough::VariantWalkthrough,
    side: usize,
    language: Language,
) -> Walkthrough {
    let words = match language {
        Language::English => walkthrough::Language::English,
        Language::Japanese => walkthrough::Language::Japanese,
    };
    Walkthrough {
        steps: walked
            .steps
            .iter()
            .cloned()
            .map(|step| WalkStep {
                text: step.text(words).to_string(),
                cells: step
                    .moment
                    .placements
                    .iter()
                    .map(|&(cell, _)| (usize::from(cell) / side, usize::from(cell) % side))
                    .collect(),
                diagram: !step.singles,
                topic: (!step.singles)
                    .then(|| topic(walked.path[step.path.start].technique, words)),
                figure: StepFigure::new(step.moment),
            })
            .collect(),
    }
}

/// A technique as the techniques chapter lists it.
fn topic(technique: Technique, words: walkthrough::Language) -> Topic {
    Topic {
        rank: u32::from(technique.base_rating()) * 64 + technique as u32,
        name: match words {
            walkthrough::Language::English => technique.name(),
            walkthrough::Language::Japanese => walkthrough::japanese_name(technique),
        }
        .to_string(),
        about: walkthrough::about(technique, words),
    }
}

/// A hint from the house grader's first step beyond singles: its technique and the houses
/// it looks at ("Pointing: look at region 3 and row 2.").
fn variant_hint(puzzle: &VariantGrid, language: Language) -> Result<Hint> {
    let step = crate::sudoku::variant::walkthrough::first_technique(puzzle)?;
    Ok(step.map(|step| house_hint(&step, puzzle.geometry(), language)))
}

/// A hint from a house-grader step (of a variant or a killer).
pub(super) fn house_hint(
    step: &crate::sudoku::variant::grade::VariantStep,
    geometry: &crate::sudoku::variant::geometry::Geometry,
    language: Language,
) -> String {
    let houses: Vec<usize> = step
        .houses
        .iter()
        .map(|&house| usize::from(house))
        .collect();
    match language {
        Language::English => {
            let names: Vec<String> = houses.iter().map(|&h| geometry.house_name(h)).collect();
            let place = match names.as_slice() {
                [] => "the whole grid".to_string(),
                [only] => only.clone(),
                [init @ .., last] => format!("{} and {last}", init.join(", ")),
            };
            format!("{}: look at {place}.", step.technique.name())
        }
        Language::Japanese => {
            let names: Vec<String> = houses
                .iter()
                .map(|&h| geometry.house_name_japanese(h))
                .collect();
            let place = if names.is_empty() {
                "盤面全体".to_string()
            } else {
                names.join("・")
            };
            format!(
                "{}：{place}に注目。",
                walkthrough::japanese_name(step.technique)
            )
        }
    }
}

impl Content for VariantContent {
    fn kind(&self) -> &'static Kind {
        &SUDOKU
    }

    fn section_keys(&self) -> Vec<(&'static str, String)> {
        let geometry = self.puzzle.geometry();
        vec![
            ("size", format!("{:?}", geometry.size().name())),
            ("variant", format!("{:?}", geometry.variant().name())),
        ]
    }

    fn walkthrough(&self, language: Language) -> Result<Walkthrough> {
        match as_classic(&self.puzzle) {
            Some((grid, extra)) => walkthrough_of(&grid, extra, language),
            None => variant_walkthrough_of(&self.puzzle, language),
        }
    }

    fn hint(&self, language: Language) -> Result<Hint> {
        match as_classic(&self.puzzle) {
            Some((grid, extra)) => {
                Ok(nudge_in(&grid, extra).map(|nudge| hint_words(&nudge, language)))
            }
            None => variant_hint(&self.puzzle, language),
        }
    }

    fn puzzle_line(&self) -> String {
        self.puzzle.to_line()
    }

    fn solution_line(&self) -> String {
        self.solution.to_line()
    }

    fn manifest_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        let geometry = self.puzzle.geometry();
        let mut fields = vec![
            ("variant", geometry.variant().name().into()),
            ("size", geometry.size().name().into()),
        ];
        fields.extend(self.symbols.manifest_fields());
        fields.extend(PatternMark::manifest_fields(self.pattern.as_ref()));
        fields
    }
}

impl Content for SymbolContent {
    fn kind(&self) -> &'static Kind {
        &SUDOKU
    }

    fn section_keys(&self) -> Vec<(&'static str, String)> {
        match &self.symbols {
            Symbols::Letters(letters) => vec![
                ("symbols", "\"letters\"".to_string()),
                (
                    "letters",
                    format!("{:?}", letters.iter().collect::<String>()),
                ),
            ],
            symbols => vec![("symbols", format!("{:?}", symbols.name()))],
        }
    }

    /// A nudge names a technique and where to look, never a digit, so it reads the same
    /// with symbols.
    fn hint(&self, language: Language) -> Result<Hint> {
        Ok(nudge(&self.puzzle).map(|nudge| hint_words(&nudge, language)))
    }

    fn puzzle_line(&self) -> String {
        self.puzzle.to_line()
    }

    fn solution_line(&self) -> String {
        self.solution.to_line()
    }

    fn manifest_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        let mut fields = vec![("variant", "classic".into()), ("size", "9x9".into())];
        fields.extend(self.symbols.manifest_fields());
        fields.extend(PatternMark::manifest_fields(self.pattern.as_ref()));
        fields
    }
}
