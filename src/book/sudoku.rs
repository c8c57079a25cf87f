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
use super::kind::{
    BookKind, Content, Hint, Listing, Nudge, SectionKind, StepFigure, Topic, WALK_PAGES, WalkStep,
    Walkthrough, Wording, page_goal,
};
use super::pattern::{PatternMark, SectionPattern};
use super::plan::Puzzle;
use super::source::{Located, Table};
use super::spec::{Difficulty, Language, at, parse_at};
use crate::error::{Error, Result};
use crate::kind::{Kind, SUDOKU};
use crate::seed::RandomStream;
use crate::sudoku::canon::catalogue::{Catalogue, Settings, catalogue, grade_drawn, is_listed};
use crate::sudoku::grade::generate::check_reachable;
use crate::sudoku::grade::hint::Technique;
use crate::sudoku::grade::nudge::{Place, nudge_in, place_of};
use crate::sudoku::grade::walkthrough;
use crate::sudoku::grade::{
    ExtraHouses, GradeOptions, GradedOptions, Grading, RatingRange, RatingTarget, TechniqueTarget,
    Tier, generate_graded, grade_unique,
};
use crate::sudoku::killer::generate::KillerOptions;
use crate::sudoku::techniques::Grids;
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
    /// The techniques the solves must use (`needs`, `hardest`), by the grid's grader.
    pub techniques: TechniqueTarget,
    /// The picture the givens draw, if any.
    pub pattern: Option<SectionPattern>,
    /// Each puzzle prints as a drill of the target's technique (`drill = true`).
    pub drill: bool,
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
            "needs",
            "hardest",
            "drill",
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

    /// Classic lines (no head), variant lines (`6x6:`, `x:`, `9x9-jigsaw:`…) and killer
    /// lines (`killer:`, `4x4-killer:`…).
    fn line_key(&self, word: &str) -> Option<Result<String>> {
        if let Some((head, _)) = word.split_once(':') {
            let lower = head.to_ascii_lowercase();
            let killer = matches!(
                lower.as_str(),
                "killer" | "9x9-killer" | "6x6-killer" | "4x4-killer"
            );
            if !killer && crate::sudoku::variant::grid::parse_head(head).is_err() {
                return None;
            }
        }
        Some(crate::sudoku::canon::canonical_line(word, 1))
    }

    fn default_title(&self, language: Language) -> &'static str {
        language.text("sudoku.name")
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
        let grids = match (size, variant) {
            (Size::S9, Variant::Classic) => Grids::CLASSIC,
            (Size::S9, Variant::X | Variant::Windoku) => Grids::X_WINDOKU,
            (Size::S4, Variant::X) => Grids::FOUR_X,
            (Size::S4, _) => Grids::FOUR,
            _ => Grids::HOUSES,
        };
        let ratings = target.map(|target| match grids {
            Grids::CLASSIC => target.range(),
            _ => target_range(size, target),
        });
        let techniques = read_techniques(table, grids, ratings)?;
        if is_variant
            && pattern.is_some()
            && let Some(span) = table.key_span("needs").or(table.key_span("hardest"))
        {
            return Err(table
                .error(
                    span,
                    "`needs` and `hardest` shape classic 9×9 patterns only so far",
                )
                .with_hint("remove `size` and `variant`, or the pattern"));
        }
        let drill = read_drill(table, &techniques, &symbols, pattern.is_some())?;
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
            if let Err(error) =
                crate::sudoku::variant::grade::check_techniques(&options, &techniques)
            {
                let span = symmetry_text
                    .as_ref()
                    .map(|text| text.at)
                    .or(table.key_span("hardest"))
                    .or(table.key_span("needs"))
                    .unwrap_or(table.span());
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
            techniques,
            pattern,
            drill,
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
    // With techniques: the tier asked, or the easiest they fit.
    let techniques = read_techniques(table, Grids::KILLER, None)?;
    let drill = read_drill(table, &techniques, &Symbols::Digits, false)?;
    let span = ["needs", "hardest", "tier"]
        .into_iter()
        .find_map(|key| table.key_span(key))
        .unwrap_or(table.span());
    let tier = crate::sudoku::killer::grade::tier_for(&techniques, tier)
        .and_then(|tier| {
            if let Some(tier) = tier {
                crate::sudoku::killer::grade::check_tier(size, tier)?;
            }
            Ok(tier)
        })
        .map_err(|error| at(table, span, error))?;
    Ok(Box::new(KillerSection {
        options,
        tier,
        techniques,
        drill,
    }))
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
                let example = || {
                    let word: String = "ABCDEFGHIJKLMNOP".chars().take(side).collect();
                    format!("give {side} different letters, one per value, e.g. {word:?}")
                };
                if let Some(other) = chars.iter().find(|c| !c.is_alphabetic()) {
                    return Err((
                        Error::input(format!(
                            "{other:?} in {letters:?} is not a letter: a {size} grid is drawn with {side} different letters"
                        ))
                        .with_hint(example()),
                        true,
                    ));
                }
                let mut distinct = chars.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if chars.len() != side || distinct.len() != side {
                    let repeated: String = chars
                        .iter()
                        .enumerate()
                        .filter(|&(at, c)| chars[..at].contains(c))
                        .map(|(_, c)| *c)
                        .collect();
                    let what = if chars.len() != side {
                        format!("{letters:?} has {}", chars.len())
                    } else {
                        format!("{letters:?} repeats {repeated:?}")
                    };
                    return Err((
                        Error::input(format!(
                            "a {size} grid is drawn with {side} different letters, one per value; {what}"
                        ))
                        .with_hint(example()),
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
    /// A made puzzle as the section prints it: a drill section's as its drill, filled by
    /// the grader of its grid (the classic one for 9×9 classic, X and windoku, the house
    /// grader for the other sizes and jigsaw).
    fn drilled_puzzle(&self, made: Puzzle) -> Result<Puzzle> {
        let family = self.techniques.drilled().filter(|_| self.drill);
        super::drill::as_drill(made, family, |content, family| {
            if let Some(sudoku) = super::kind::content_as::<SudokuContent>(content) {
                return crate::sudoku::grade::drill::drill(&sudoku.puzzle, family).map(Some);
            }
            let Some(variant) = super::kind::content_as::<VariantContent>(content) else {
                return Ok(None);
            };
            match as_classic(&variant.puzzle) {
                Some((grid, extra)) => {
                    crate::sudoku::grade::drill::drill_in(&grid, extra, family).map(Some)
                }
                None => {
                    crate::sudoku::variant::walkthrough::drill(&variant.puzzle, family).map(Some)
                }
            }
        })
    }

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
        let aimed =
            crate::sudoku::variant::grade::aim(options.size, self.target, &self.techniques)?;
        let (generated, grading) = crate::sudoku::variant::grade::generate_graded_where(
            options,
            aimed,
            &|grading| self.techniques.accepts(grading.used, grading.hardest),
            rng,
            deadline,
        )?;
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
        if let Some(Ok(killer)) = crate::sudoku::killer::Killer::parse_word(word, column) {
            let what = format!("a {} killer", killer.size());
            return Err(not_taken(&what, options.size, options.variant));
        }
        let grid = crate::sudoku::variant::parse_word(
            word,
            1,
            column,
            Some((options.size, options.variant)),
        )?;
        let geometry = grid.geometry();
        if (geometry.size(), geometry.variant()) != (options.size, options.variant) {
            let what = format!("a {} {} sudoku", geometry.size(), geometry.variant());
            return Err(not_taken(&what, options.size, options.variant));
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
        }) || !self.techniques.accepts(grading.used, grading.hardest)
        {
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

/// A 4×4 section's catalogue of distinct puzzles ([`crate::sudoku::canon::catalogue`]).
struct SudokuListing {
    catalogue: std::sync::Arc<Catalogue>,
    symbols: Symbols,
}

impl Listing for SudokuListing {
    fn len(&self) -> usize {
        self.catalogue.puzzles.len()
    }

    fn key(&self, entry: usize) -> &str {
        &self.catalogue.puzzles[entry].key
    }

    fn make(&self, entry: usize, rng: &mut RandomStream) -> Result<Puzzle> {
        let listed = &self.catalogue.puzzles[entry];
        let (mut puzzle, mut solution) = self.catalogue.draw(entry, rng);
        let (mut rating, mut tier) = grade_drawn(&puzzle, &solution)?;
        // The drawn puzzle is the listed one turned and relabelled; should its rating
        // differ and miss the target, the listed one is printed as it is.
        if let Some(target) = self.catalogue.settings.target
            && !target_range(Size::S4, target).contains(rating)
        {
            (puzzle, solution) = (listed.puzzle.clone(), listed.solution.clone());
            (rating, tier) = (listed.rating_tenths, listed.tier);
        }
        Ok(Puzzle {
            content: std::sync::Arc::new(VariantContent {
                puzzle,
                solution,
                symbols: self.symbols.clone(),
                pattern: None,
            }),
            rating: Some(f64::from(rating) / 10.0),
            tier: Some(tier.name().to_string()),
        })
    }

    fn settings(&self) -> String {
        let settings = self.catalogue.settings;
        let mut words = format!(
            "{} sudoku{}, symmetry {}",
            Size::S4,
            match settings.variant {
                Variant::Classic => String::new(),
                variant => format!(" {variant}"),
            },
            settings.symmetry
        );
        if let Some(clues) = settings.clues {
            words.push_str(&format!(", clues {clues}"));
        }
        match settings.target {
            Some(RatingTarget::Tier(tier)) => words.push_str(&format!(", tier {tier}")),
            Some(RatingTarget::Range(range)) => words.push_str(&format!(", rating {range}")),
            None => {}
        }
        words
    }
}

impl SudokuSection {
    /// The classic graded request: a difficulty, techniques, or both (`None`: neither).
    fn graded_options(&self) -> Option<GradedOptions> {
        let target = match self.target {
            Some(target) => target,
            None if !self.techniques.is_empty() => RatingTarget::ANY,
            None => return None,
        };
        Some(GradedOptions {
            base: self.generate.clone(),
            target,
            techniques: self.techniques.clone(),
        })
    }
}

/// A section's `needs` and `hardest`: technique names the registry knows, which the
/// classic grader uses, that a puzzle of the section's difficulty can meet.
fn read_techniques(
    table: &Table<'_, '_>,
    grids: Grids,
    ratings: Option<RatingRange>,
) -> Result<TechniqueTarget> {
    let needs = table.strings("needs")?;
    let hardest = table.strings("hardest")?;
    let Some(span) = needs.as_ref().or(hardest.as_ref()).map(|names| names.at) else {
        return Ok(TechniqueTarget::default());
    };
    let names = |list: &Option<super::source::Located<Vec<String>>>| {
        list.as_ref().map_or(Vec::new(), |list| list.value.clone())
    };
    let techniques = TechniqueTarget::parse(&names(&needs), &names(&hardest), grids)
        .map_err(|error| at(table, span, error))?;
    techniques
        .within(ratings.unwrap_or(RatingTarget::ANY.range()))
        .map_err(|error| at(table, span, error))?;
    Ok(techniques)
}

/// A section's `drill`: on, it needs the technique (`needs` or `hardest`), digits and no
/// pattern.
fn read_drill(
    table: &Table<'_, '_>,
    techniques: &TechniqueTarget,
    symbols: &Symbols,
    pattern: bool,
) -> Result<bool> {
    let Some(drill) = table.boolean("drill")?.filter(|drill| drill.value) else {
        return Ok(false);
    };
    let refuse = |message: &str, hint: &str| Err(table.error(drill.at, message).with_hint(hint));
    if techniques.is_empty() {
        return refuse(
            "a drill needs the technique it practises",
            "add hardest = [\"X-Wing\"] (the technique as the hardest step) or needs = [\"X-Wing\"]",
        );
    }
    if *symbols != Symbols::Digits {
        return refuse(
            "drills print pencil marks, which are digits",
            "remove `symbols`, or remove `drill`",
        );
    }
    if pattern {
        return refuse(
            "drills are not made on patterns",
            "remove `pattern` (or `pattern_file`), or remove `drill`",
        );
    }
    Ok(true)
}

/// A bank line with a head (`6x6:…`, `killer:…`): `None` for a bare 81-character line,
/// else the classic sudoku it holds or, when it holds another kind, that kind in words
/// ("a 6x6 classic sudoku", "a 9x9 killer").
fn headed_line(text: &str) -> Result<Option<std::result::Result<Grid, String>>> {
    let word = text.split_whitespace().next().unwrap_or("");
    if !word.contains(':') {
        return Ok(None);
    }
    let column = text.len() - text.trim_start().len() + 1;
    if let Some(killer) = crate::sudoku::killer::Killer::parse_word(word, column) {
        let killer = killer?;
        return Ok(Some(Err(format!("a {} killer", killer.size()))));
    }
    let grid = crate::sudoku::variant::parse_word(word, 1, column, None)?;
    Ok(Some(grid.to_classic().ok_or_else(|| {
        let geometry = grid.geometry();
        format!("a {} {} sudoku", geometry.size(), geometry.variant())
    })))
}

/// A bank line of another kind than its section takes.
fn not_taken(what: &str, size: Size, variant: Variant) -> Error {
    let taken = if variant == Variant::Classic {
        format!("{size} sudoku")
    } else {
        format!("{size} {variant} sudoku")
    };
    Error::input(format!("this line is {what}, but the section takes {taken}")).with_hint(
        format!(
            "give the section the size and variant of the file's puzzles (e.g. size = \"6x6\", variant = \"killer\"), or a file of {taken}"
        ),
    )
}

impl SectionKind for SudokuSection {
    /// 4×4 sudoku (classic and X) are few: their distinct puzzles are listed in full.
    fn listing(&self) -> Option<std::sync::Arc<dyn Listing>> {
        let options = self.variant.as_ref()?;
        // The list knows ratings, not the techniques a solve uses: a section asking for
        // some (and its drills) is made, each puzzle graded for them.
        if !is_listed(options.size, options.variant) || !self.techniques.is_empty() {
            return None;
        }
        let catalogue = catalogue(Settings {
            variant: options.variant,
            symmetry: options.symmetry,
            clues: options.clues,
            target: self.target,
        });
        Some(std::sync::Arc::new(SudokuListing {
            catalogue,
            symbols: self.symbols.clone(),
        }))
    }

    /// Walkthroughs print digits, so a section with symbols has none.
    fn has_walkthroughs(&self) -> bool {
        self.symbols == Symbols::Digits
    }

    fn has_hints(&self) -> bool {
        true
    }

    fn drill_task(&self, language: Language) -> Option<String> {
        super::drill::section_task(self.drill, &self.techniques, language)
    }

    fn taught_topics(&self, language: Language) -> Vec<Topic> {
        super::drill::taught_topics(&self.techniques, language)
    }

    fn seed_path(&self) -> Vec<String> {
        if let Some(pattern) = &self.pattern {
            let mut path = pattern.seed_path();
            path.extend(self.target.map(|target| target.to_string()));
            path.extend(self.techniques.seed_parts());
            return path;
        }
        if let Some(options) = &self.variant {
            let mut path = options.seed_path();
            path.extend(self.target.map(|target| target.to_string()));
            path.extend(self.techniques.seed_parts());
            return path;
        }
        match self.graded_options() {
            Some(options) => options.seed_path(),
            None => self.generate.seed_path(),
        }
    }

    fn make(&self, rng: &mut RandomStream, deadline: Option<Instant>) -> Result<Puzzle> {
        if let Some(pattern) = &self.pattern {
            return pattern.make(
                self.target,
                &self.techniques,
                rng,
                deadline,
                |puzzle, solution, grading| self.graded(puzzle, solution, grading),
                |puzzle, solution, rating, tier| {
                    self.variant_puzzle(puzzle, solution, rating, tier)
                },
            );
        }
        if let Some(options) = &self.variant {
            return self
                .make_variant(options, rng, deadline)
                .and_then(|made| self.drilled_puzzle(made));
        }
        match self.graded_options() {
            Some(options) => {
                let graded = generate_graded(&options, rng, deadline)
                .map_err(|error| {
                    error.with_hint(
                        "allow more time with --max-seconds, or ask for an easier tier or a wider rating range",
                    )
                })?;
                self.drilled_puzzle(self.graded(graded.puzzle, graded.solution, &graded.grading))
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
            return self
                .check_variant_line(options, text, deadline)?
                .map(|made| self.drilled_puzzle(made))
                .transpose();
        }
        let grid = match headed_line(text)? {
            // A line with a head (`9x9:…`) that is a classic sudoku after all.
            Some(Ok(grid)) => grid,
            Some(Err(other)) => return Err(not_taken(&other, Size::S9, Variant::Classic)),
            None => Grid::parse(text)?,
        };
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
        if self.target.is_some_and(|target| !target.accepts(&grading))
            || !(self.techniques.is_empty() || self.techniques.accepts_grading(&grading))
        {
            return Ok(None);
        }
        self.drilled_puzzle(self.graded(grid, solution, &grading))
            .map(Some)
    }
}

impl Content for SudokuContent {
    fn kind(&self) -> &'static Kind {
        &SUDOKU
    }

    fn canonical_key(&self) -> String {
        crate::sudoku::canon::canonical_classic(&self.puzzle).to_line()
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

    fn hint(&self, wording: Wording, ladder: bool) -> Result<Hint> {
        classic_hint(&self.puzzle, ExtraHouses::None, wording, ladder)
    }

    fn walkthrough(&self, wording: Wording) -> Result<Walkthrough> {
        walkthrough_of(&self.puzzle, ExtraHouses::None, wording)
    }
}

/// The grader's path told for a book (see `sudoku::grade::walkthrough`), in the book's
/// words (its `walkthrough::Moment` is each step's figure).
fn walkthrough_of(puzzle: &Grid, extra: ExtraHouses, wording: Wording) -> Result<Walkthrough> {
    let walked = walkthrough::walkthrough_in(puzzle, extra)?;
    Ok(classic_walkthrough(&walked, wording))
}

fn classic_walkthrough(walked: &walkthrough::Walkthrough, wording: Wording) -> Walkthrough {
    let language = wording.language;
    Walkthrough {
        steps: walked
            .steps
            .iter()
            .cloned()
            .map(|step| WalkStep {
                text: language
                    .hyphenated(&wording.coordinates.restate(step.text(language), language)),
                cells: step
                    .moment
                    .placements
                    .iter()
                    .map(|&(cell, _)| (usize::from(cell) / 9, usize::from(cell) % 9))
                    .collect(),
                diagram: step.diagram,
                words_only: !step.diagram,
                topic: (!step.singles)
                    .then(|| topic(walked.path[step.path[0]].technique, language)),
                figure: StepFigure::new(step.moment),
                example: None,
            })
            .collect(),
        coordinates: Some(wording.coordinates),
        drawn: walked.drawn.clone(),
        page_goal: page_goal(
            Tier::of_rating(hardest(walked.path.iter().map(|step| step.rating_tenths)))
                == Tier::Extreme,
        ),
    }
}

/// The hardest of a walkthrough's ratings (in tenths).
pub(super) fn hardest(ratings: impl Iterator<Item = u16>) -> u16 {
    ratings.max().unwrap_or(0)
}

/// A classic (or 9×9 X, windoku) puzzle's hint: the first technique of the grader's path
/// and where its pattern lies; a ladder's comes from the walkthrough, whose first step
/// beyond singles it is, told in full as its third rung.
fn classic_hint(puzzle: &Grid, extra: ExtraHouses, wording: Wording, ladder: bool) -> Result<Hint> {
    if !ladder {
        return Ok(nudge_in(puzzle, extra).map(|nudge| Nudge {
            technique: nudge_name(nudge.technique, &nudge.name, wording.language),
            area: wording.coordinates.restate(
                &place_words(&nudge.place, wording.language),
                wording.language,
            ),
            step: None,
        }));
    }
    let walked = walkthrough::walkthrough_in(puzzle, extra)?;
    let told = classic_walkthrough(&walked, wording);
    let Some(index) = walked.steps.iter().position(|step| !step.singles) else {
        return Ok(None);
    };
    let grader = &walked.path[walked.steps[index].path[0]];
    let cells: Vec<usize> = grader.cells.iter().map(|&cell| usize::from(cell)).collect();
    Ok(Some(Nudge {
        technique: nudge_name(grader.technique, &grader.name, wording.language),
        area: wording.coordinates.restate(
            &place_words(&place_of(&cells), wording.language),
            wording.language,
        ),
        step: Some(told.steps[index].text.clone()),
    }))
}

/// A nudge's technique as a hint names it (`name` is the grader's step name, as books
/// print it): by the catalog's name, or where the catalog says so by the grader's, with the
/// catalog's gloss where it has one (Japanese: "X-Wing（井桁）").
fn nudge_name(technique: Technique, name: &str, language: Language) -> String {
    let named = if language.catalog().english_step_names {
        name.to_string()
    } else {
        walkthrough::step_name(technique, name, language)
    };
    let gloss = language.text(&format!("technique.{technique:?}.gloss"));
    if gloss.is_empty() {
        named
    } else {
        language.say("hint.glossed", &[("name", &named), ("gloss", &gloss)])
    }
}

/// Where a pattern lies, in the graders' notation (the caller restates it): "rows 2 and
/// 6" / "2行目・6行目".
fn place_words(place: &Place, language: Language) -> String {
    let several = |numbers: &[u8], kind: &str| -> String {
        let items: Vec<String> = numbers
            .iter()
            .map(|n| language.say(&format!("place.{kind}-item"), &[("n", n)]))
            .collect();
        let list = language.join(&items, "and");
        language.say(&format!("place.{kind}"), &[("list", &list)])
    };
    match place {
        Place::Box(n) => language.say("place.box", &[("n", n)]),
        Place::Row(n) => language.say("place.row", &[("n", n)]),
        Place::Column(n) => language.say("place.column", &[("n", n)]),
        Place::Rows(rows) => several(rows, "rows"),
        Place::Columns(columns) => several(columns, "columns"),
        Place::Boxes(boxes) => several(boxes, "boxes"),
        Place::Grid => language.text("place.grid").to_string(),
    }
}

/// The house grader's path as a book walkthrough (its `VariantMoment` is each step's
/// figure).
fn variant_walkthrough_of(puzzle: &VariantGrid, wording: Wording) -> Result<Walkthrough> {
    let walked = crate::sudoku::variant::walkthrough::walkthrough(puzzle)?;
    let geometry = puzzle.geometry();
    let rating = hardest(walked.path.iter().map(|step| step.rating_tenths));
    let tier = crate::sudoku::variant::grade::tier_of(geometry.size(), rating);
    Ok(Walkthrough {
        page_goal: page_goal(tier == Tier::Extreme),
        ..house_walkthrough(&walked, geometry.side(), wording)
    })
}

/// A house-grader walkthrough (of a variant or a killer) as a book walkthrough, with the
/// page goal of a tier below the hardest (the caller sets its own).
pub(super) fn house_walkthrough(
    walked: &crate::sudoku::variant::walkthrough::VariantWalkthrough,
    side: usize,
    wording: Wording,
) -> Walkthrough {
    Walkthrough {
        steps: walked
            .steps
            .iter()
            .cloned()
            .map(|step| WalkStep {
                text: wording
                    .coordinates
                    .restate(step.text(wording.language), wording.language),
                cells: step
                    .moment
                    .placements
                    .iter()
                    .map(|&(cell, _)| (usize::from(cell) / side, usize::from(cell) % side))
                    .collect(),
                diagram: step.diagram,
                words_only: !step.diagram,
                topic: (!step.singles)
                    .then(|| topic(walked.path[step.path[0]].technique, wording.language)),
                example: example_cells(&walked.path[step.path[0]])
                    .map(|cells| StepFigure::new(step.moment.limited_to(cells))),
                figure: StepFigure::new(step.moment),
            })
            .collect(),
        coordinates: Some(wording.coordinates),
        drawn: walked.drawn.clone(),
        page_goal: WALK_PAGES,
    }
}

/// The cells a step's words take as their example, when its figure marks more: a killer's
/// pencilling-in of every cage names one cage.
fn example_cells(step: &crate::sudoku::variant::grade::VariantStep) -> Option<&[u16]> {
    use crate::sudoku::killer::words::CageAccount;
    use crate::sudoku::variant::grade::Account;
    match &step.account {
        Account::Cage(account) => match account.as_ref() {
            CageAccount::Marks {
                example: Some(example),
            } => Some(&example.cells),
            _ => None,
        },
        _ => None,
    }
}

/// A technique as the techniques chapter lists it, in the book's language.
pub(super) fn topic(technique: Technique, language: Language) -> Topic {
    Topic {
        rank: u32::from(technique.base_rating()) * 64 + technique as u32,
        name: crate::sudoku::techniques::catalog_name(technique, language).to_string(),
        about: language.hyphenated(&walkthrough::about(technique, language)),
    }
}

/// A hint from the house grader's first step beyond singles (from its walkthrough's for a
/// ladder): its technique and the houses it looks at ("Pointing: look at region 3 and
/// row B.").
fn variant_hint(puzzle: &VariantGrid, wording: Wording, ladder: bool) -> Result<Hint> {
    if !ladder {
        let step = crate::sudoku::variant::walkthrough::first_technique(puzzle)?;
        return Ok(step.map(|step| house_hint(&step, puzzle.geometry(), wording)));
    }
    let walked = crate::sudoku::variant::walkthrough::walkthrough(puzzle)?;
    Ok(house_ladder(&walked, puzzle.geometry(), wording))
}

/// A ladder from a house-grader walkthrough (of a variant or a killer): its first step
/// beyond singles, located and told.
pub(super) fn house_ladder(
    walked: &crate::sudoku::variant::walkthrough::VariantWalkthrough,
    geometry: &crate::sudoku::variant::geometry::Geometry,
    wording: Wording,
) -> Hint {
    let told = house_walkthrough(walked, geometry.side(), wording);
    let index = walked.steps.iter().position(|step| !step.singles)?;
    let grader = &walked.path[walked.steps[index].path[0]];
    let mut nudge = house_hint(grader, geometry, wording);
    nudge.step = Some(told.steps[index].text.clone());
    Some(nudge)
}

/// A hint from a house-grader step (of a variant or a killer).
pub(super) fn house_hint(
    step: &crate::sudoku::variant::grade::VariantStep,
    geometry: &crate::sudoku::variant::geometry::Geometry,
    wording: Wording,
) -> Nudge {
    let houses: Vec<usize> = step
        .houses
        .iter()
        .map(|&house| usize::from(house))
        .collect();
    let language = wording.language;
    let names: Vec<String> = houses
        .iter()
        .map(|&house| crate::sudoku::variant::words::house_name(geometry, house, language))
        .collect();
    let area = if names.is_empty() {
        language.text("place.grid").to_string()
    } else {
        language.join(&names, "and")
    };
    let technique = if language.catalog().grader_language {
        crate::sudoku::techniques::printed_step_name(step.technique, &step.name)
    } else {
        crate::sudoku::techniques::catalog_name(step.technique, language).to_string()
    };
    Nudge {
        technique,
        area: wording.coordinates.restate(&area, language),
        step: None,
    }
}

impl Content for VariantContent {
    fn kind(&self) -> &'static Kind {
        &SUDOKU
    }

    fn canonical_key(&self) -> String {
        crate::sudoku::canon::canonical(&self.puzzle).to_line()
    }

    fn section_keys(&self) -> Vec<(&'static str, String)> {
        let geometry = self.puzzle.geometry();
        vec![
            ("size", format!("{:?}", geometry.size().name())),
            ("variant", format!("{:?}", geometry.variant().name())),
        ]
    }

    fn walkthrough(&self, wording: Wording) -> Result<Walkthrough> {
        match as_classic(&self.puzzle) {
            Some((grid, extra)) => walkthrough_of(&grid, extra, wording),
            None => variant_walkthrough_of(&self.puzzle, wording),
        }
    }

    fn hint(&self, wording: Wording, ladder: bool) -> Result<Hint> {
        match as_classic(&self.puzzle) {
            Some((grid, extra)) => classic_hint(&grid, extra, wording, ladder),
            None => variant_hint(&self.puzzle, wording, ladder),
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

    /// Symbols only change the drawing: the key is the digits'.
    fn canonical_key(&self) -> String {
        crate::sudoku::canon::canonical_classic(&self.puzzle).to_line()
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
    /// with symbols (a ladder's third rung, the step itself, names digits as digits).
    fn hint(&self, wording: Wording, ladder: bool) -> Result<Hint> {
        classic_hint(&self.puzzle, ExtraHouses::None, wording, ladder)
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
