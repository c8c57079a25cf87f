//! Sudoku walkthroughs: the grader's solve path retold for a book.
//!
//! A reader does not need each single spelled out, so runs of singles (full houses, hidden
//! and naked singles) become one step in words ("Fill 14 hidden singles: r1c3=5, …"). Every
//! other step of the path is a step of its own with a [`Moment`]: the position before it
//! and what a diagram shows of it (the pattern's cells, the candidates it removes, the digit
//! it places, the links of a chain). The moments come from the grader's recorded steps, so
//! a diagram shows exactly the reasoning the rating measured.

use super::board::{
    Board, ExtraHouses, FIRST_DIAGONAL, FIRST_WINDOW, Geometry, HOUSE_CELLS, column_of, row_of,
};
use super::hint::Technique;
use super::{GradeOptions, Step, grade_with};
use crate::error::Result;
use crate::i18n::Language as Words;
use crate::sudoku::grid::{Grid, cell_name};

/// A chain step's account is printed when it is at most this long (characters); longer
/// accounts (dynamic and nested chains) are summarised.
const LONGEST_ACCOUNT: usize = 360;

/// At most this many links of a chain are drawn.
const MOST_LINKS: usize = 40;

/// At most this many steps of a walkthrough get a diagram (see [`choose_diagrams`]): with
/// the rest told in words, a 9×9 walkthrough stays within two pages of a 6 × 9 in book.
pub const MOST_DIAGRAMS: usize = 3;

/// True when a step's figure would mark (shade, strike or fill) `marked` of a grid's
/// `cells` cells, more than a third of them: a figure that marks most of the grid (a
/// table of many killer cage deductions, a long cascade) shows nothing a reader can pick
/// out, so such a step is told in words alone. Pattern steps (fish, wings, chains, a
/// house's innies and outies) mark far fewer.
pub fn marks_most_of_the_grid(marked: usize, cells: usize) -> bool {
    3 * marked > cells
}

/// How many cells a figure marks: the pattern's, the targets', and those of its
/// placements and eliminations (each cell once).
pub fn marked_cells<C: Copy + Into<usize>>(
    pattern: &[C],
    targets: &[C],
    changed: impl Iterator<Item = C>,
    cells: usize,
) -> usize {
    let mut marked = vec![false; cells];
    for cell in pattern.iter().chain(targets).copied().chain(changed) {
        marked[cell.into()] = true;
    }
    marked.iter().filter(|&&on| on).count()
}

/// A link of a chain between two candidates (cell 0-80, digit 1-9), drawn from `from` to
/// `to`: strong (one of the two is true) or weak (not both are true).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub from: (u8, u8),
    pub to: (u8, u8),
    pub strong: bool,
    /// Drawn with an arrow at `to` (a chain read in one direction).
    pub directed: bool,
}

/// What a diagram of one walkthrough step shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    /// The grid before the step (0 for empty).
    pub values: [u8; 81],
    /// The candidates of each cell before the step (9-bit masks; 0 for filled cells).
    pub candidates: [u16; 81],
    /// Digits the step places: (cell, digit).
    pub placements: Vec<(u8, u8)>,
    /// Candidates the step removes: (cell, digit), in cell order; those of a cell it fills
    /// are left out (the placed digit, circled, says it).
    pub eliminations: Vec<(u8, u8)>,
    /// The cells of the pattern (shaded), ascending.
    pub pattern: Vec<u8>,
    /// The digits of the pattern (bold among its cells' candidates).
    pub digits: Vec<u8>,
    /// The cells the step changes (shaded another grey), ascending: where it places or
    /// removes, outside the pattern.
    pub targets: Vec<u8>,
    pub links: Vec<Link>,
    /// True when the diagram shows candidates (steps beyond singles).
    pub pencil_marks: bool,
    /// The houses beyond rows, columns and boxes (X-sudoku's diagonals, windoku's
    /// windows), which the diagram draws too.
    pub extra: ExtraHouses,
}

impl Moment {
    /// See [`marks_most_of_the_grid`].
    pub fn marks_most_of_the_grid(&self) -> bool {
        let changed = self.placements.iter().chain(&self.eliminations);
        let marked = marked_cells(
            &self.pattern,
            &self.targets,
            changed.map(|&(cell, _)| cell),
            81,
        );
        marks_most_of_the_grid(marked, 81)
    }
}

/// One step of a walkthrough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkStep {
    /// A run of singles, or a step beyond singles (identical ones in a row told once).
    pub singles: bool,
    /// The grader's steps this one retells (indexes into the path, ascending).
    pub path: Vec<usize>,
    /// The step in words, in every language of the catalogs (by [`Words::index`]).
    pub texts: Vec<String>,
    pub moment: Moment,
    /// The step is shown in a diagram (at most [`MOST_DIAGRAMS`] a walkthrough); the others
    /// are told in words alone.
    pub diagram: bool,
}

impl WalkStep {
    pub fn text(&self, language: Words) -> &str {
        &self.texts[language.index()]
    }
}

/// Something told in every language of the catalogs, in [`Words::all`] order.
pub fn in_every_language(tell: impl Fn(Words) -> String) -> Vec<String> {
    Words::all().map(tell).collect()
}

/// A puzzle's walkthrough, and the grader's steps it retells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walkthrough {
    pub steps: Vec<WalkStep>,
    pub path: Vec<Step>,
    /// The grader's steps left out: nothing after them needs what they remove (see
    /// [`super::needed`]).
    pub skipped: Vec<usize>,
    /// The steps with a diagram, the one a reader needs most first (the order
    /// [`choose_diagrams`] picks them in): a page that cannot hold them all leaves out the
    /// last.
    pub drawn: Vec<usize>,
}

pub fn is_single(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingleLine
            | Technique::NakedSingle
    )
}

/// The walkthrough of a classic puzzle (with a unique solution).
pub fn walkthrough(puzzle: &Grid) -> Result<Walkthrough> {
    walkthrough_in(puzzle, ExtraHouses::None)
}

/// The walkthrough of a 9×9 puzzle with `extra` houses (X-sudoku, windoku; with a unique
/// solution).
pub fn walkthrough_in(puzzle: &Grid, extra: ExtraHouses) -> Result<Walkthrough> {
    let grading = grade_with(
        puzzle,
        &GradeOptions {
            record_steps: true,
            extra_houses: extra,
            ..GradeOptions::default()
        },
    )?;
    Ok(retell_in(puzzle, grading.steps, extra))
}

/// Groups the grader's steps (a grading of the classic `puzzle` with its steps recorded),
/// replaying them on a board for the moments.
pub fn retell(puzzle: &Grid, path: Vec<Step>) -> Walkthrough {
    retell_in(puzzle, path, ExtraHouses::None)
}

/// [`retell`] for a grading with `extra` houses: the steps a reader needs (see
/// [`super::needed`]), runs of singles as one step each, identical steps in a row as one,
/// a technique worded in full the first time and briefly after, the most telling steps
/// chosen for diagrams.
pub fn retell_in(puzzle: &Grid, path: Vec<Step>, extra: ExtraHouses) -> Walkthrough {
    let geometry = extra.geometry();
    let needed = super::needed::needed(puzzle, &path, geometry);
    let kept: Vec<usize> = (0..path.len()).filter(|&index| needed[index]).collect();
    let skipped = (0..path.len()).filter(|&index| !needed[index]).collect();
    let mut board = Board::with_geometry(puzzle, geometry);
    let mut steps: Vec<WalkStep> = Vec::new();
    // Each step's words as a table row, when it may be one (see [`tabulate`]), with the
    // name it opens with (none for singles).
    let mut rows: Vec<Option<Vec<Row>>> = Vec::new();
    let mut told: Vec<(Technique, &str)> = Vec::new();
    let mut at = 0;
    while at < kept.len() {
        let before = board;
        if is_single(path[kept[at]].technique) {
            let run: Vec<usize> = kept[at..]
                .iter()
                .copied()
                .take_while(|&index| is_single(path[index].technique))
                .collect();
            for &index in &run {
                apply(&mut board, &path[index]);
            }
            at += run.len();
            let finishing = at == kept.len() && board.is_solved() && !steps.is_empty();
            rows.push((!finishing).then(|| {
                let (techniques, named) = named_singles(&path, &run);
                let placed = named
                    .iter()
                    .map(|(cell, value, _)| format!("{cell} = {value}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                Words::all()
                    .map(|language| {
                        let (head, groups) = singles_parts(&techniques, &named, language);
                        Row {
                            name: String::new(),
                            text: format!("{head}\t{groups}"),
                            placed: Some(placed.clone()),
                        }
                    })
                    .collect()
            }));
            steps.push(singles_step(&path, run, &before, extra, finishing));
            continue;
        }
        // Identical steps in a row (SE's direct techniques find one pattern again for
        // each single it leaves) are told once.
        let first = kept[at];
        let mut merged = path[first].clone();
        let mut indexes = vec![first];
        apply(&mut board, &path[first]);
        at += 1;
        while at < kept.len() && same_pattern(&path[kept[at]], &path[first]) {
            let next = &path[kept[at]];
            merged.placements.extend_from_slice(&next.placements);
            merged.eliminations.extend_from_slice(&next.eliminations);
            indexes.push(kept[at]);
            apply(&mut board, next);
            at += 1;
        }
        merged.eliminations.sort_unstable();
        merged.eliminations.dedup();
        let kind = kind_of(&path[first]);
        let brief = told.contains(&kind);
        told.push(kind);
        rows.push((brief && rowed(&merged)).then(|| {
            Words::all()
                .map(|language| Row {
                    name: step_name(merged.technique, &merged.name, language),
                    text: row_text(&merged, geometry, language),
                    placed: None,
                })
                .collect()
        }));
        steps.push(technique_step(&merged, indexes, &before, brief));
    }
    let (mut steps, tables) = tabulate(steps, rows);
    let drawn = choose_diagrams(&mut steps, &path, &tables);
    Walkthrough {
        steps,
        path,
        skipped,
        drawn,
    }
}

/// At most this many rows make one table.
const MOST_ROWS: usize = 24;

/// A table row in one language.
#[derive(Clone, Debug)]
struct Row {
    /// The technique's name the row opens with (empty for singles).
    name: String,
    /// The deduction and what it does, split by a tab.
    text: String,
    /// A row of singles: what they place ("H6 = 2, I7 = 2"), which the row above takes
    /// after an arrow while it has room (see [`table_step`]).
    placed: Option<String>,
}

/// Opens the singles folded into the row above; a row takes at most [`MOST_FOLDS`] runs
/// of them, while what it does stays [`LONGEST_FOLDED`] characters at most.
pub const FOLLOWS: &str = " → ";
pub const MOST_FOLDS: usize = 8;
pub const LONGEST_FOLDED: usize = 140;

/// Sets each longest run of steps that may be table rows (`rows[i]` the words of
/// `steps[i]` as a row: a technique told before, of a kind a row tells, or a run of
/// singles but the last) as one table, when the run holds a step beyond singles: the
/// first step of each technique is worded in full, its later ones and the singles around
/// them a row each. Returns the steps and which of them are tables.
fn tabulate(steps: Vec<WalkStep>, rows: Vec<Option<Vec<Row>>>) -> (Vec<WalkStep>, Vec<bool>) {
    let mut told: Vec<WalkStep> = Vec::with_capacity(steps.len());
    let mut tables: Vec<bool> = Vec::with_capacity(steps.len());
    let mut at = 0;
    while at < steps.len() {
        let end = (at..steps.len())
            .find(|&index| rows[index].is_none())
            .unwrap_or(steps.len());
        if !steps[at..end].iter().any(|step| !step.singles) {
            // No table here: the step as it is.
            told.push(steps[at].clone());
            tables.push(false);
            at += 1;
            continue;
        }
        let mut start = at;
        while start < end {
            let stop = (start + MOST_ROWS).min(end);
            let chunk: Vec<&Vec<Row>> = rows[start..stop].iter().flatten().collect();
            told.push(table_step(&steps[start..stop], &chunk));
            tables.push(true);
            start = stop;
        }
        at = end;
    }
    (told, tables)
}

/// Steps told as one table, a row each (`rows`, by language), a row of the technique of
/// the row above without its name, the singles a row leads to folded into it after an
/// arrow ("C5 ≠ 3 → H6 = 2, I7 = 2"): their figure would be the first's, with all of
/// their placements, removals and links (a chain row's cells are its links').
fn table_step(steps: &[WalkStep], rows: &[&Vec<Row>]) -> WalkStep {
    let mut moment = steps[0].moment.clone();
    for step in &steps[1..] {
        moment.placements.extend_from_slice(&step.moment.placements);
        moment
            .eliminations
            .extend_from_slice(&step.moment.eliminations);
        moment.pattern.extend_from_slice(&step.moment.pattern);
        moment.digits.extend_from_slice(&step.moment.digits);
        moment.targets.extend_from_slice(&step.moment.targets);
        moment.links.extend_from_slice(&step.moment.links);
    }
    let placed: Vec<u8> = moment.placements.iter().map(|&(cell, _)| cell).collect();
    moment
        .eliminations
        .retain(|(cell, _)| !placed.contains(cell));
    moment.eliminations.sort_unstable();
    moment.eliminations.dedup();
    moment.pattern.sort_unstable();
    moment.pattern.dedup();
    moment.digits.sort_unstable();
    moment.digits.dedup();
    moment.targets.retain(|cell| !moment.pattern.contains(cell));
    moment.targets.sort_unstable();
    moment.targets.dedup();
    moment.links.truncate(MOST_LINKS);
    moment.pencil_marks = steps.iter().any(|step| !step.singles);
    WalkStep {
        singles: steps.iter().all(|step| step.singles),
        path: steps.iter().flat_map(|step| step.path.clone()).collect(),
        texts: (0..rows[0].len())
            .map(|language| {
                let mut above = "";
                let mut lines: Vec<String> = Vec::with_capacity(rows.len());
                let mut folds = 0;
                for row in rows {
                    let Row { name, text, placed } = &row[language];
                    if let (Some(placed), Some(last)) = (placed, lines.last_mut()) {
                        let done = last.split_once('\t').map_or("", |(_, done)| done);
                        if folds < MOST_FOLDS
                            && done.chars().count() + FOLLOWS.len() + placed.chars().count()
                                <= LONGEST_FOLDED
                        {
                            last.push_str(FOLLOWS);
                            last.push_str(placed);
                            folds += 1;
                            continue;
                        }
                    }
                    folds = 0;
                    let again = !name.is_empty() && name == above;
                    above = name;
                    lines.push(if again {
                        without_name(text, name).to_string()
                    } else {
                        text.clone()
                    });
                }
                lines.join("\n")
            })
            .collect(),
        moment,
        diagram: false,
    }
}

/// A row's words without the technique's `name` they open with, and the punctuation
/// after it ("Pointing: 4 in box 1 …" → "4 in box 1 …").
pub(crate) fn without_name<'a>(text: &'a str, name: &str) -> &'a str {
    text.strip_prefix(name).map_or(text, |rest| {
        rest.trim_start_matches([':', '：', ',', ' ', '\u{a0}', '\u{202f}'])
    })
}

/// What a step is the first of, for its wording: a technique, but a chain of each name
/// ("Forcing Chain", "Cell Forcing Chains", "Nishio Forcing Chains") whatever its length.
fn kind_of(step: &Step) -> (Technique, &str) {
    if is_chain(step.technique) {
        (step.technique, &step.name)
    } else {
        (step.technique, "")
    }
}

/// True for the techniques whose steps are chains: their account is a line of links or
/// the branches of a forcing chain.
pub fn is_chain(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::Cycles
            | Technique::NishioForcingChain
            | Technique::MultipleForcingChain
            | Technique::DynamicForcingChain
            | Technique::DynamicForcingChainPlus
            | Technique::NestedForcingChain
    )
}

/// True for a step a table row tells, once a step of its kind has been worded in full:
/// intersections, subsets and fish by their houses, a chain by its links (or by the count
/// of its deductions, when too long to print), other patterns by their cells; not a step
/// with no cells to name.
fn rowed(step: &Step) -> bool {
    use Technique as T;
    words_locate(step.technique)
        || matches!(step.technique, T::XWing | T::Swordfish | T::Jellyfish)
        || if is_chain_account(step) {
            chain_row_links(&step.explanation, Words::ENGLISH).is_some()
        } else {
            deductions(step) > 1 || !step.cells.is_empty()
        }
}

/// True when a step is told by its chain's account (see [`step_text`]).
fn is_chain_account(step: &Step) -> bool {
    !step.explanation.is_empty()
        && step.explanation.chars().count() <= LONGEST_ACCOUNT
        && step.explanation.contains('→')
}

/// A step as a table row: what it finds ("Pointing: 4 in box 1 lies in row 1") and, after
/// a tab, what it does in the notation every language shares ("r1c6 ≠ 4", a direct
/// technique's single after an arrow: "r1c6 ≠ 4 → r3c5 = 4").
fn row_text(step: &Step, geometry: &Geometry, language: Words) -> String {
    let what = tell(step, geometry, Wording::Row, language);
    format!("{what}\t{}", compact_outcome(step))
}

/// What a step does, as a table row shows it: `r4c3, r9c8 ≠ 7`, `r2c2 ≠ 5/8`; the digits
/// it places after an arrow.
fn compact_outcome(step: &Step) -> String {
    let removed: Vec<String> = by_digit(&step.eliminations)
        .into_iter()
        .map(|(digits, cells)| {
            let digits: Vec<String> = digits.iter().map(u8::to_string).collect();
            format!("{} ≠ {}", cell_names(&cells).join(", "), digits.join("/"))
        })
        .collect();
    let placed: Vec<String> = step
        .placements
        .iter()
        .map(|&(cell, digit)| format!("{} = {digit}", cell_name(usize::from(cell))))
        .collect();
    match (removed.is_empty(), placed.is_empty()) {
        (_, true) => removed.join("; "),
        (true, false) => placed.join(", "),
        (false, false) => format!("{} → {}", removed.join("; "), placed.join(", ")),
    }
}

/// True when two steps are one pattern found twice: same technique, cells and digits.
pub fn same_pattern(a: &Step, b: &Step) -> bool {
    a.technique == b.technique && a.cells == b.cells && a.digits == b.digits
}

/// Picks the steps a reader most needs to see, at most [`MOST_DIAGRAMS`]: patterns words
/// locate poorly (fish, strong links, wings, uniqueness, chains) before intersections and
/// subsets (at most [`MOST_PLAIN_DIAGRAMS`] of those), a technique's first step before its
/// repeats, harder steps before easier ones; a technique (or its family: [`drawn_family`])
/// is drawn once, and a step next to one with a diagram gets none (two figures in a row leave their panels half empty).
/// Returns the steps chosen, in the order chosen.
fn choose_diagrams(steps: &mut [WalkStep], path: &[Step], tables: &[bool]) -> Vec<usize> {
    let mut seen: Vec<Technique> = Vec::new();
    let mut ranked: Vec<(bool, bool, std::cmp::Reverse<u16>, usize)> = Vec::new();
    for (index, step) in steps.iter().enumerate() {
        if step.singles || tables[index] || step.moment.marks_most_of_the_grid() {
            continue;
        }
        let grader = &path[step.path[0]];
        let repeat = seen.contains(&grader.technique);
        seen.push(grader.technique);
        let plain = words_locate(grader.technique);
        ranked.push((
            plain,
            repeat,
            std::cmp::Reverse(grader.rating_tenths),
            index,
        ));
    }
    ranked.sort_unstable();
    let (mut chosen, mut plain_chosen) = (Vec::new(), 0);
    let mut drawn: Vec<&str> = Vec::new();
    for &(plain, _, _, index) in &ranked {
        if chosen.len() == MOST_DIAGRAMS {
            break;
        }
        // Words locate an intersection or a subset well: one is drawn only in a
        // walkthrough with no other figure (its hardest step).
        if plain && (plain_chosen == MOST_PLAIN_DIAGRAMS || !chosen.is_empty()) {
            continue;
        }
        let family = drawn_family(path[steps[index].path[0]].technique);
        let crowded = [index.wrapping_sub(1), index + 1]
            .into_iter()
            .filter_map(|near| steps.get(near))
            .any(|near| near.diagram);
        if crowded || drawn.contains(&family) {
            continue;
        }
        drawn.push(family);
        steps[index].diagram = true;
        chosen.push(index);
        plain_chosen += usize::from(plain);
    }
    chosen
}

/// What one diagram of a walkthrough shows an example of: a technique, or its family in
/// Sudoku Explainer's list (skyscraper, 2-string kite and turbot fish are one pattern of
/// two strong links, whose later steps' words name the cells the figure taught to see).
pub fn drawn_family(technique: Technique) -> &'static str {
    let info = crate::sudoku::techniques::info_of(technique);
    info.se_name.unwrap_or(info.name)
}

/// At most this many diagrams show intersections and subsets, which words locate well,
/// and only in a walkthrough with no figure of another pattern.
const MOST_PLAIN_DIAGRAMS: usize = 1;

/// Techniques whose pattern the words locate well: intersections and subsets.
pub fn words_locate(technique: Technique) -> bool {
    use Technique as T;
    matches!(
        technique,
        T::DirectPointing
            | T::DirectClaiming
            | T::DirectHiddenPair
            | T::DirectHiddenTriple
            | T::Pointing
            | T::Claiming
            | T::GeneralizedIntersection
            | T::NakedPair
            | T::NakedTriple
            | T::NakedQuad
            | T::HiddenPair
            | T::HiddenTriple
            | T::HiddenQuad
    )
}

/// The candidates of the empty cells (0 for filled ones).
pub(super) fn open_candidates(board: &Board) -> [u16; 81] {
    let mut candidates = board.candidates;
    for (cell, &value) in board.values.iter().enumerate() {
        if value != 0 {
            candidates[cell] = 0;
        }
    }
    candidates
}

pub fn apply(board: &mut Board, step: &Step) {
    for &(cell, digit) in &step.eliminations {
        board.eliminate(cell as usize, digit);
    }
    for &(cell, digit) in &step.placements {
        if board.values[cell as usize] == 0 {
            board.place(cell as usize, digit);
        }
    }
}

/// The words of a run of singles of `techniques` placing `placements` ((cell name, value
/// word, value) each, in the order the words list them), grouped by value: "Hidden
/// singles: 4 in A1 and C3; 7 in B2."; a run that `finishes` the grid is only counted.
/// Shared by the walkthroughs of both graders.
pub fn singles_words(
    techniques: &[Technique],
    placements: &[(String, String, u8)],
    finishes: bool,
    language: Words,
) -> String {
    if finishes {
        return language.say("walk.singles-finish", &[("total", &placements.len())]);
    }
    let (head, groups) = singles_parts(techniques, placements, language);
    language.say("walk.singles-run", &[("head", &head), ("groups", &groups)])
}

/// A run of singles' head ("Hidden singles", or "Singles" for a mix) and its placements
/// grouped by value ("4 in A1 and C3; 7 in B2"), as [`singles_words`] and a table row
/// tell them.
fn singles_parts(
    techniques: &[Technique],
    placements: &[(String, String, u8)],
    language: Words,
) -> (String, String) {
    let count = |of: &[Technique]| techniques.iter().filter(|t| of.contains(t)).count();
    let kinds = [
        (count(&[Technique::FullHouse]), "walk.full-house"),
        (
            count(&[Technique::HiddenSingleBox, Technique::HiddenSingleLine]),
            "walk.hidden-single",
        ),
        (count(&[Technique::NakedSingle]), "walk.naked-single"),
    ];
    let present: Vec<_> = kinds.iter().filter(|kind| kind.0 > 0).collect();
    let mut values: Vec<u8> = placements.iter().map(|p| p.2).collect();
    values.sort_unstable();
    values.dedup();
    let groups: Vec<String> = values
        .iter()
        .map(|&value| {
            let word = placements
                .iter()
                .find(|p| p.2 == value)
                .map_or_else(String::new, |p| p.1.clone());
            let cells: Vec<&str> = placements
                .iter()
                .filter(|p| p.2 == value)
                .map(|p| p.0.as_str())
                .collect();
            language.say(
                "walk.singles-group",
                &[("digit", &word), ("cells", &language.join(&cells, "and"))],
            )
        })
        .collect();
    // "Hidden singles" when that is all they are; otherwise "Singles".
    let head = match present.as_slice() {
        [(count, key)] => language.count(key, *count as u64, &[]),
        _ => language.text("walk.singles").to_string(),
    };
    (head, groups.join(language.text("walk.separator")))
}

/// The techniques of a run of singles and what they place: (cell name, value word,
/// value) each, cells read top to bottom, left to right.
fn named_singles(path: &[Step], run: &[usize]) -> (Vec<Technique>, Vec<(String, String, u8)>) {
    let mut by_cell: Vec<(u8, u8)> = run
        .iter()
        .flat_map(|&index| path[index].placements.iter().copied())
        .collect();
    by_cell.sort_unstable();
    let named = by_cell
        .iter()
        .map(|&(cell, digit)| (cell_name(cell as usize), digit.to_string(), digit))
        .collect();
    let techniques = run.iter().map(|&index| path[index].technique).collect();
    (techniques, named)
}

fn singles_step(
    path: &[Step],
    run: Vec<usize>,
    board: &Board,
    extra: ExtraHouses,
    finishes: bool,
) -> WalkStep {
    let placements: Vec<(u8, u8)> = run
        .iter()
        .flat_map(|&index| path[index].placements.clone())
        .collect();
    let (techniques, named) = named_singles(path, &run);
    let texts =
        in_every_language(|language| singles_words(&techniques, &named, finishes, language));
    let mut targets: Vec<u8> = placements.iter().map(|&(cell, _)| cell).collect();
    targets.sort_unstable();
    WalkStep {
        singles: true,
        path: run,
        texts,
        moment: Moment {
            values: board.values,
            candidates: open_candidates(board),
            placements,
            eliminations: Vec::new(),
            pattern: Vec::new(),
            digits: Vec::new(),
            targets,
            links: Vec::new(),
            pencil_marks: false,
            extra,
        },
        diagram: false,
    }
}

/// A step beyond singles (or identical ones told as one, `step` holding all their
/// placements and eliminations) in the position `board`; `brief` once its technique has
/// been worded in full.
pub(super) fn technique_step(
    step: &Step,
    path: Vec<usize>,
    board: &Board,
    brief: bool,
) -> WalkStep {
    let links = links_of(step, board);
    let mut pattern = step.cells.clone();
    for link in &links {
        pattern.extend([link.from.0, link.to.0]);
    }
    pattern.sort_unstable();
    pattern.dedup();
    let mut targets: Vec<u8> = step
        .eliminations
        .iter()
        .chain(&step.placements)
        .map(|&(cell, _)| cell)
        .filter(|cell| !pattern.contains(cell))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let candidates = open_candidates(board);
    WalkStep {
        singles: false,
        path,
        texts: in_every_language(|language| step_text(step, board.geometry, brief, language)),
        moment: Moment {
            values: board.values,
            candidates,
            placements: step.placements.clone(),
            eliminations: step
                .eliminations
                .iter()
                .copied()
                .filter(|&(cell, digit)| {
                    !step.placements.iter().any(|p| p.0 == cell)
                        && candidates[cell as usize] >> (digit - 1) & 1 == 1
                })
                .collect(),
            pattern,
            digits: step.digits.clone(),
            targets,
            links,
            pencil_marks: true,
            extra: board.geometry.extra,
        },
        diagram: false,
    }
}

/// The links a diagram draws: a chain's, read from its account (`r4c7=5 → r4c2≠5 → …`),
/// or the strong links of a strong-link pattern (skyscraper, kite, turbot fish).
fn links_of(step: &Step, board: &Board) -> Vec<Link> {
    let mut links = Vec::new();
    if is_chain(step.technique) {
        for line in step.explanation.lines() {
            let parts: Vec<&str> = line.split(" → ").collect();
            for pair in parts.windows(2) {
                let (Some(from), Some(to)) = (
                    potentials(pair[0]).last().copied(),
                    potentials(pair[1]).first().copied(),
                ) else {
                    continue;
                };
                if from.0 == to.0 && from.1 == to.1 {
                    continue;
                }
                links.push(Link {
                    from: from.0,
                    to: to.0,
                    strong: !from.1 && to.1,
                    directed: true,
                });
            }
        }
    } else if matches!(
        step.technique,
        Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::TurbotFish
            | Technique::ThreeStrongLinks
            | Technique::FourStrongLinks
    ) && step.digits.len() == 1
    {
        let digit = step.digits[0];
        let cells = &step.cells;
        let mut strong: Vec<(u8, u8)> = Vec::new();
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                if conjugate(board, a as usize, b as usize, digit) {
                    strong.push((a, b));
                }
            }
        }
        for &(a, b) in &strong {
            links.push(Link {
                from: (a, digit),
                to: (b, digit),
                strong: true,
                directed: false,
            });
        }
        // Weak links join the ends of different strong links that see each other.
        for (i, &(a, b)) in strong.iter().enumerate() {
            for &(c, d) in &strong[i + 1..] {
                for (x, y) in [(a, c), (a, d), (b, c), (b, d)] {
                    if x != y && sees(board, x as usize, y as usize) && ![a, b].contains(&y) {
                        links.push(Link {
                            from: (x, digit),
                            to: (y, digit),
                            strong: false,
                            directed: false,
                        });
                    }
                }
            }
        }
    }
    links.truncate(MOST_LINKS);
    links
}

fn sees(board: &Board, a: usize, b: usize) -> bool {
    board.geometry.peer_sets[a] >> b & 1 == 1
}

/// True when `digit` has exactly the two places `a` and `b` in a house holding both.
fn conjugate(board: &Board, a: usize, b: usize, digit: u8) -> bool {
    if !board.has(a, digit) || !board.has(b, digit) {
        return false;
    }
    houses_holding(&[a as u8, b as u8], board.geometry)
        .into_iter()
        .any(|house| {
            HOUSE_CELLS[house]
                .iter()
                .filter(|&&cell| board.has(cell, digit))
                .count()
                == 2
        })
}

/// The houses of `geometry` holding every one of `cells`: rows, columns, boxes, then the
/// extra houses.
fn houses_holding(cells: &[u8], geometry: &Geometry) -> Vec<usize> {
    (0..27)
        .chain(geometry.extra_houses.iter().copied())
        .filter(|&house| {
            cells
                .iter()
                .all(|&cell| HOUSE_CELLS[house].contains(&usize::from(cell)))
        })
        .collect()
}

/// A house's name in `language`: "row 3", "box 5", "the main diagonal", "window 2", or
/// windoku's implied groups by their first cell ("the implied window at r1c2").
fn house_name(house: usize, language: Words) -> String {
    let n = house % 9 + 1;
    match house {
        0..9 => language.say("place.row", &[("n", &n)]),
        9..18 => language.say("place.column", &[("n", &n)]),
        18..27 => language.say("place.box", &[("n", &n)]),
        FIRST_DIAGONAL => language.text("walk.main-diagonal").to_string(),
        _ if house == FIRST_DIAGONAL + 1 => language.text("walk.anti-diagonal").to_string(),
        _ => match house - FIRST_WINDOW {
            group @ 0..4 => language.say("walk.window", &[("n", &(group + 1))]),
            _ => language.say(
                "walk.implied-window",
                &[("cell", &cell_name(HOUSE_CELLS[house][0]))],
            ),
        },
    }
}

/// The candidates named in a text, in order: ((cell, digit), on).
pub fn potentials(text: &str) -> Vec<((u8, u8), bool)> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let digit = |c: char| {
        c.to_digit(10)
            .filter(|d| (1..=9).contains(d))
            .map(|d| d as u8)
    };
    for i in 0..chars.len().saturating_sub(5) {
        if chars[i] != 'r' || chars[i + 2] != 'c' {
            continue;
        }
        let (Some(row), Some(column), Some(value)) = (
            digit(chars[i + 1]),
            digit(chars[i + 3]),
            digit(chars[i + 5]),
        ) else {
            continue;
        };
        let on = match chars[i + 4] {
            '=' => true,
            '≠' => false,
            _ => continue,
        };
        found.push((((row - 1) * 9 + column - 1, value), on));
    }
    found
}

fn cell_names(cells: &[u8]) -> Vec<String> {
    cells.iter().map(|&cell| cell_name(cell as usize)).collect()
}

/// Digits listed: "3, 5 and 7" (`conjunction` "and" or "or").
fn digits_text(digits: &[u8], conjunction: &str, language: Words) -> String {
    let words: Vec<String> = digits.iter().map(u8::to_string).collect();
    language.join(&words, conjunction)
}

/// Lines named together: "rows 2 and 6" (`kind` "rows" or "columns"), numbers from 0.
fn lines_text(numbers: &[usize], kind: &str, language: Words) -> String {
    let items: Vec<String> = numbers
        .iter()
        .map(|n| language.say(&format!("place.{kind}-item"), &[("n", &(n + 1))]))
        .collect();
    let list = language.join(&items, "and");
    language.say(&format!("place.{kind}"), &[("list", &list)])
}

fn distinct(cells: &[u8], of: fn(usize) -> usize) -> Vec<usize> {
    let mut houses: Vec<usize> = cells.iter().map(|&cell| of(cell as usize)).collect();
    houses.sort_unstable();
    houses.dedup();
    houses
}

/// The shared house of `cells`, named: a box first when `box_first`, otherwise a row, a
/// column or an extra house (a box last).
fn common_house(
    cells: &[u8],
    box_first: bool,
    geometry: &Geometry,
    language: Words,
) -> Option<String> {
    let houses = houses_holding(cells, geometry);
    let is_box = |house: &&usize| (18..27).contains(*house);
    let chosen = if box_first {
        houses.iter().find(is_box)
    } else {
        houses
            .iter()
            .find(|house| !is_box(house))
            .or_else(|| houses.iter().find(is_box))
    };
    chosen.map(|&house| house_name(house, language))
}

/// The two houses of an intersection (pointing, claiming): where the digit is confined
/// (`from`) and where the step removes it (`to`), named. `pointing` prefers a box as
/// `from` and claiming a box as `to` when the eliminations do not tell.
fn intersection(
    step: &Step,
    pointing: bool,
    geometry: &Geometry,
    language: Words,
) -> (String, Option<String>) {
    let houses = houses_holding(&step.cells, geometry);
    let removed: Vec<u8> = step.eliminations.iter().map(|&(cell, _)| cell).collect();
    let holds_removed = |house: usize| {
        !removed.is_empty()
            && removed
                .iter()
                .all(|&cell| HOUSE_CELLS[house].contains(&usize::from(cell)))
    };
    let is_box = |house: usize| (18..27).contains(&house);
    let to = houses
        .iter()
        .copied()
        .find(|&house| holds_removed(house))
        .or_else(|| {
            houses
                .iter()
                .copied()
                .find(|&house| is_box(house) != pointing)
        });
    let from = houses
        .iter()
        .copied()
        .filter(|&house| Some(house) != to)
        .find(|&house| is_box(house) == pointing)
        .or_else(|| houses.iter().copied().find(|&house| Some(house) != to));
    (
        from.map(|house| house_name(house, language))
            .unwrap_or_default(),
        to.map(|house| house_name(house, language)),
    )
}

/// What a step does: "r4c3 and r9c8 are not 7; r1c1 = 5".
fn outcome(step: &Step, language: Words) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|&(cell, digit)| {
            language.say(
                "walk.placed",
                &[("cell", &cell_name(cell as usize)), ("digit", &digit)],
            )
        })
        .collect();
    for (digits, cells) in by_digit(&step.eliminations) {
        let names = language.join(&cell_names(&cells), "and");
        let digits = digits_text(&digits, "or", language);
        parts.push(language.count(
            "walk.not",
            cells.len() as u64,
            &[("cells", &names), ("digits", &digits)],
        ));
    }
    parts.join(language.text("walk.separator"))
}

/// Eliminations grouped by digit, digits ascending; digits removed from the same cells
/// share a group.
fn by_digit(eliminations: &[(u8, u8)]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut groups: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    for digit in 1..=9 {
        let cells: Vec<u8> = eliminations
            .iter()
            .filter(|&&(_, d)| d == digit)
            .map(|&(cell, _)| cell)
            .collect();
        if cells.is_empty() {
            continue;
        }
        match groups.iter_mut().find(|group| group.1 == cells) {
            Some(group) => group.0.push(digit),
            None => groups.push((vec![digit], cells)),
        }
    }
    groups
}

/// Fish: (base lines, cover lines, base are rows).
fn fish_lines(step: &Step) -> (Vec<usize>, Vec<usize>, bool) {
    let rows = distinct(&step.cells, row_of);
    let columns = distinct(&step.cells, column_of);
    let removed: Vec<u8> = step.eliminations.iter().map(|&(cell, _)| cell).collect();
    let base_rows = removed
        .iter()
        .all(|&cell| !rows.contains(&row_of(cell as usize)));
    if base_rows {
        (rows, columns, true)
    } else {
        (columns, rows, false)
    }
}

/// True for SE's "direct" techniques: the pattern is not applied, it leaves a hidden
/// single.
fn is_direct(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::DirectPointing
            | Technique::DirectClaiming
            | Technique::DirectHiddenPair
            | Technique::DirectHiddenTriple
    )
}

/// The name a walkthrough prints for a grader step: in the graders' own language the
/// step's name as solvers know it ("X-Chain"); elsewhere the catalog's name for that kind
/// of step where it has one ("Xチェーン", not "チェーンとループ（X-Chain）", which wrapped
/// in a narrow column), else the catalog's name of its technique.
pub fn step_name(technique: Technique, grader_name: &str, language: Words) -> String {
    let printed = crate::sudoku::techniques::printed_step_name(technique, grader_name);
    let plain = crate::sudoku::techniques::printed_name(technique, false);
    if printed != plain && language.catalog().grader_language {
        printed
    } else {
        crate::sudoku::techniques::catalog_step_name(technique, &printed, language).to_string()
    }
}

/// How much of a step [`tell`] words.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wording {
    /// In full, saying why the pattern works.
    Full,
    /// Briefly, once the walkthrough has worded the technique in full.
    Brief,
    /// What it finds alone, for a table row (`[walk-rows]`).
    Row,
}

/// A step in `language`: in full, saying why the pattern works; `brief` once the
/// walkthrough has worded the technique in full.
pub fn step_text(step: &Step, geometry: &Geometry, brief: bool, language: Words) -> String {
    let wording = if brief { Wording::Brief } else { Wording::Full };
    tell(step, geometry, wording, language)
}

/// A step told as `wording` says.
fn tell(step: &Step, geometry: &Geometry, wording: Wording, language: Words) -> String {
    let brief = wording != Wording::Full;
    let mut outcome = outcome(step, language);
    if is_direct(step.technique) {
        outcome = language.count(
            "walk.direct",
            step.placements.len().max(1) as u64,
            &[("outcome", &outcome)],
        );
    }
    let digits = digits_text(&step.digits, "and", language);
    let names = cell_names(&step.cells);
    let cells = language.join(&names, "and");
    let name = step_name(step.technique, &step.name, language);
    let say = |key: &str, args: &[(&str, &dyn std::fmt::Display)]| {
        let mut all: Vec<(&str, &dyn std::fmt::Display)> =
            vec![("name", &name), ("outcome", &outcome)];
        all.extend_from_slice(args);
        if wording == Wording::Row {
            language.say(&format!("walk-rows.{key}"), &all)
        } else {
            language.say(&format!("walk.{key}"), &all)
        }
    };
    let brief_key = |key: &str| {
        if wording == Wording::Brief {
            format!("{key}-brief")
        } else {
            key.to_string()
        }
    };
    match step.technique {
        Technique::Pointing
        | Technique::DirectPointing
        | Technique::Claiming
        | Technique::DirectClaiming
        | Technique::GeneralizedIntersection => {
            let pointing = matches!(
                step.technique,
                Technique::Pointing | Technique::DirectPointing
            );
            match intersection(step, pointing, geometry, language) {
                // No second house holds the cells: they are named instead.
                (from, _) if from.is_empty() => {
                    say("pattern", &[("digits", &digits), ("cells", &cells)])
                }
                (from, Some(to)) => say(
                    &brief_key("pointing"),
                    &[
                        ("from", &from),
                        ("to", &to),
                        ("digits", &digits),
                        ("cells", &cells),
                    ],
                ),
                // X-sudoku and windoku: the cells share no second house, but some cells
                // see them all.
                (from, None) => say(
                    &brief_key("pointing-seen"),
                    &[
                        ("from", &from),
                        ("digits", &digits),
                        ("cells", &language.join(&names, "or")),
                    ],
                ),
            }
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => say(
            &brief_key("naked"),
            &[("digits", &digits), ("cells", &cells)],
        ),
        Technique::HiddenPair
        | Technique::HiddenTriple
        | Technique::HiddenQuad
        | Technique::DirectHiddenPair
        | Technique::DirectHiddenTriple => {
            let house = common_house(&step.cells, false, geometry, language).unwrap_or_default();
            say(
                &brief_key("hidden"),
                &[("house", &house), ("digits", &digits), ("cells", &cells)],
            )
        }
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let (base, cover, rows) = fish_lines(step);
            let (base_kind, cover_kind) = if rows {
                ("rows", "columns")
            } else {
                ("columns", "rows")
            };
            say(
                &brief_key("fish"),
                &[
                    ("digits", &digits),
                    ("base", &lines_text(&base, base_kind, language)),
                    ("cover", &lines_text(&cover, cover_kind, language)),
                    ("lines", &language.text(&format!("walk.fish-{cover_kind}"))),
                ],
            )
        }
        _ if is_chain_account(step) => {
            if wording == Wording::Row
                && let Some(links) = chain_row_links(&step.explanation, language)
            {
                say("chain", &[("chain", &links)])
            } else if language.catalog().grader_language {
                account_sentence(&step.explanation, brief)
            } else {
                chain_in_words(&step.explanation, brief, &name, &outcome, language)
                    .unwrap_or_else(|| say("bare", &[]))
            }
        }
        _ if deductions(step) > 1 => say("long-chain", &[("count", &deductions(step))]),
        _ if step.cells.is_empty() => say("bare", &[]),
        _ => say("pattern", &[("digits", &digits), ("cells", &cells)]),
    }
}

/// A chain's account (as `chaining::explain` writes it) told from the catalog's
/// `[walk-chain]` messages: its kind of reasoning in the language's words, its links in
/// the notation every language shares (`r4c7=5 → r4c2≠5`), a branch of numbered
/// deductions each with its reason in the language's words. `None` for an account of
/// another form (a deduction resting on a nested chain), which is then told by its
/// outcome alone.
pub fn chain_in_words(
    account: &str,
    brief: bool,
    name: &str,
    outcome: &str,
    language: Words,
) -> Option<String> {
    let read = read_chain(account)?;
    let chain = read.links(Telling::Reasons, language)?;
    let say = |key: &str, args: &[(&str, &dyn std::fmt::Display)]| {
        let mut all: Vec<(&str, &dyn std::fmt::Display)> =
            vec![("name", &name), ("outcome", &outcome), ("chain", &chain)];
        all.extend_from_slice(args);
        language.say(&format!("walk-chain.{key}"), &all)
    };
    let cells = |list: &str| {
        let names: Vec<&str> = list.split(", ").collect();
        language.join(&names, "and")
    };
    Some(match read.form {
        ChainForm::Cycle { .. } if brief => say("cycle-brief", &[]),
        ChainForm::Cycle { through } => say("cycle", &[("cells", &cells(through))]),
        ChainForm::Forcing { start } => say("forcing", &[("start", &start)]),
        ChainForm::Contradiction { start, cell, digit } => say(
            "contradiction",
            &[("start", &start), ("cell", &cell), ("digit", &digit)],
        ),
        ChainForm::Double {
            target,
            first,
            second,
        } => say(
            "double",
            &[("target", &target), ("first", &first), ("second", &second)],
        ),
        ChainForm::Cell { cell, target } => say("cell", &[("cell", &cell), ("target", &target)]),
        ChainForm::Region {
            digit,
            house: (kind, n),
            places,
            target,
        } => say(
            "region",
            &[
                ("digit", &digit),
                (
                    "house",
                    &language.say(&format!("place.{kind}"), &[("n", &n)]),
                ),
                ("cells", &cells(places)),
                ("target", &target),
            ],
        ),
    })
}

/// A chain's account read: what its reasoning concludes from what, and its branches.
struct ChainAccount<'a> {
    form: ChainForm<'a>,
    /// A loop's or a forcing chain's one line of links; the branches of the others, each a
    /// line of links or numbered deductions (`(2) r2c2≠3 from (1) (same box)`), a line each.
    branches: Vec<Branch<'a>>,
}

/// How a chain's account reasons, with its candidates and cells as the account names
/// them (`r1c1=5`, `r8c7, r8c9`).
enum ChainForm<'a> {
    /// A loop through `through` whose candidates are alternately true and false.
    Cycle { through: &'a str },
    /// Assuming `start` leads to its opposite.
    Forcing { start: &'a str },
    /// Assuming `start` makes `cell` both hold and not hold `digit`.
    Contradiction {
        start: &'a str,
        cell: &'a str,
        digit: &'a str,
    },
    /// `target` follows both from `first` and from its opposite, `second`.
    Double {
        target: &'a str,
        first: &'a str,
        second: &'a str,
    },
    /// `target` follows whichever digit `cell` holds.
    Cell { cell: &'a str, target: &'a str },
    /// `target` follows wherever `digit` goes in a house (its kind, "row", "column" or
    /// "box", and its number) among `places`.
    Region {
        digit: &'a str,
        house: (&'a str, usize),
        places: &'a str,
        target: &'a str,
    },
}

enum Branch<'a> {
    Links(&'a str),
    Deductions(Vec<&'a str>),
}

/// How much of a branch of numbered deductions [`ChainAccount::links`] tells.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Telling {
    /// Each deduction with its reason in the language's words.
    Reasons,
    /// The facts alone (`r1c1=1, r3c3≠1`), for a table row.
    Facts,
}

impl ChainAccount<'_> {
    /// The branches in `language`, lines of links as they are and deductions as `telling`
    /// says; `None` when a deduction's reason is of no form the catalog words.
    fn links(&self, telling: Telling, language: Words) -> Option<String> {
        let separator = language.text("chain-branch.separator");
        let branches = self
            .branches
            .iter()
            .map(|branch| match branch {
                Branch::Links(line) => Some(line.to_string()),
                Branch::Deductions(lines) => lines
                    .iter()
                    .map(|line| match telling {
                        Telling::Reasons => deduction_in_words(line, language),
                        Telling::Facts => deduced_fact(line).map(str::to_string),
                    })
                    .collect::<Option<Vec<String>>>()
                    .map(|told| told.join(separator)),
            })
            .collect::<Option<Vec<String>>>()?;
        Some(branches.join(language.text("walk.chain-separator")))
    }
}

/// Reads a chain's account as `chaining::explain` writes it; `None` for an account of
/// another form (a deduction resting on a nested chain).
fn read_chain(account: &str) -> Option<ChainAccount<'_>> {
    if account.contains("(nested: ") {
        return None;
    }
    let lines: Vec<&str> = account
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    let head = *lines.first()?;
    let (named, rest) = head.split_once(": ")?;
    if let Some((_, through)) = named.split_once(" through ") {
        let chain = rest.split_once(". Read forwards")?.0;
        return Some(ChainAccount {
            form: ChainForm::Cycle { through },
            branches: vec![Branch::Links(chain)],
        });
    }
    if let Some(assumed) = rest.strip_prefix("assuming ")
        && let Some((start, chain)) = assumed.split_once(" leads to its opposite: ")
    {
        let chain = chain.split_once(". So ")?.0;
        return Some(ChainAccount {
            form: ChainForm::Forcing { start },
            branches: vec![Branch::Links(chain)],
        });
    }
    // Several branches, then the conclusion: a branch is a line of links, or numbered
    // deductions a line each, (1) its assumption.
    let body = lines.get(1..lines.len().checked_sub(1)?)?;
    let mut branches: Vec<Branch> = Vec::new();
    for &line in body {
        if line.starts_with('(') {
            match branches.last_mut() {
                Some(Branch::Deductions(numbered)) if !line.starts_with("(1) ") => {
                    numbered.push(line);
                }
                _ => branches.push(Branch::Deductions(vec![line])),
            }
        } else if line.contains('→') {
            branches.push(Branch::Links(line));
        } else {
            return None;
        }
    }
    if branches.is_empty() {
        return None;
    }
    let rest = rest.strip_suffix('.')?;
    let form = if let Some(assumed) = rest.strip_prefix("assuming ") {
        let (start, made) = assumed.split_once(" makes ")?;
        let (cell, digit) = made.split_once(" both hold and not hold ")?;
        ChainForm::Contradiction { start, cell, digit }
    } else if let Some((target, cases)) = rest.split_once(" follows both if ") {
        let (first, second) = cases.split_once(" and if ")?;
        ChainForm::Double {
            target,
            first,
            second,
        }
    } else if let Some(whichever) = rest.strip_prefix("whichever digit ") {
        let (cell, target) = whichever.split_once(" holds, ")?;
        let target = target.strip_suffix(" follows")?;
        ChainForm::Cell { cell, target }
    } else {
        let wherever = rest.strip_prefix("wherever ")?;
        let (digit, placed) = wherever.split_once(" goes in ")?;
        let (house, placed) = placed.split_once(" (")?;
        let (places, target) = placed.split_once("), ")?;
        let target = target.strip_suffix(" follows")?;
        let (kind, number) = house.split_once(' ')?;
        if !matches!(kind, "row" | "column" | "box") {
            return None;
        }
        ChainForm::Region {
            digit,
            house: (kind, number.parse().ok()?),
            places,
            target,
        }
    };
    Some(ChainAccount { form, branches })
}

/// A chain's links as its table row gives them: its branches, a branch of numbered
/// deductions by their facts alone (the step worded in full said why each holds); `None`
/// for an account [`chain_in_words`] cannot read either.
pub fn chain_row_links(account: &str, language: Words) -> Option<String> {
    read_chain(account)?.links(Telling::Facts, language)
}

/// The fact a numbered deduction establishes: `r2c2≠3` of `(2) r2c2≠3 from (1) (same box)`.
fn deduced_fact(line: &str) -> Option<&str> {
    let (number, rest) = line.strip_prefix('(')?.split_once(") ")?;
    if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    rest.split(' ').next()
}

/// One numbered deduction of a forcing chain's branch (as `chaining::explain` writes it:
/// `(2) r2c2≠3 from (1) (same box)`, `(1) r1c1=1 (assumption)`) in the language's words;
/// `None` for a reason of another form (a nested chain's), whose step is then told by its
/// outcome.
fn deduction_in_words(line: &str, language: Words) -> Option<String> {
    let (number, rest) = line.strip_prefix('(')?.split_once(") ")?;
    if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let say = |key: &str, args: &[(&str, &dyn std::fmt::Display)]| {
        language.say(&format!("chain-branch.{key}"), args)
    };
    if let Some(fact) = rest.strip_suffix(" (assumption)") {
        return Some(say("assumed", &[("n", &number), ("fact", &fact)]));
    }
    let (fact, rest) = rest.split_once(" from ")?;
    let mut parents = Vec::new();
    let mut rest = rest;
    while let Some((parent, after)) = rest.split_once(") ") {
        let Some(index) = parent.strip_prefix('(') else {
            break;
        };
        if index.is_empty() || !index.chars().all(|c| c.is_ascii_digit()) {
            break;
        }
        parents.push(parent.to_string() + ")");
        rest = after;
    }
    let reason = rest.strip_prefix('(')?.strip_suffix(')')?;
    if parents.is_empty() {
        return None;
    }
    Some(say(
        "deduced",
        &[
            ("n", &number),
            ("fact", &fact),
            ("from", &parents.join(" ")),
            ("why", &reason_in_words(reason, language)?),
        ],
    ))
}

/// Why a deduction of a forcing chain holds (`chaining::explain`'s reasons) in the
/// language's words.
fn reason_in_words(reason: &str, language: Words) -> Option<String> {
    let say = |key: &str, args: &[(&str, &dyn std::fmt::Display)]| {
        language.say(&format!("chain-branch.{key}"), args)
    };
    let house = |name: &str| -> Option<String> {
        match name {
            "the main diagonal" => Some(language.text("walk.main-diagonal").to_string()),
            "the anti-diagonal" => Some(language.text("walk.anti-diagonal").to_string()),
            _ => {
                let (kind, number) = name.split_once(' ')?;
                let n: usize = number.parse().ok()?;
                matches!(kind, "row" | "column" | "box")
                    .then(|| language.say(&format!("place.{kind}"), &[("n", &n)]))
            }
        }
    };
    match reason {
        "last digit of the cell" => return Some(say("last-digit", &[])),
        "same cell" => return Some(say("same-cell", &[])),
        "same box" | "same row" | "same column" | "same window" | "same diagonal" => {
            return Some(say(&reason.replace(' ', "-"), &[]));
        }
        _ => {}
    }
    if let Some(place) = reason.strip_prefix("last place for ") {
        let (digit, at) = place.split_once(" in ")?;
        return Some(say(
            "last-place",
            &[("digit", &digit), ("house", &house(at)?)],
        ));
    }
    for (prefix, key) in [("pointing: ", "pointing"), ("claiming: ", "claiming")] {
        if let Some(told) = reason.strip_prefix(prefix) {
            let (digits, rest) = told.split_once(" of ")?;
            let (from, to) = rest.split_once(" lies in ")?;
            return Some(say(
                key,
                &[
                    ("digits", &digits),
                    ("from", &house(from)?),
                    ("to", &house(to)?),
                ],
            ));
        }
    }
    if let Some(told) = reason.strip_prefix("generalized intersection: ") {
        let (digits, rest) = told.split_once(" of ")?;
        let at = rest.strip_suffix(" seen from outside")?;
        return Some(say(
            "intersection",
            &[("digits", &digits), ("house", &house(at)?)],
        ));
    }
    for (prefix, key) in [
        ("hidden pair ", "hidden-pair"),
        ("naked pair ", "naked-pair"),
    ] {
        if let Some(told) = reason.strip_prefix(prefix) {
            let (digits, at) = told.split_once(" in ")?;
            return Some(say(key, &[("digits", &digits), ("house", &house(at)?)]));
        }
    }
    let told = reason.strip_prefix("X-wing on ")?;
    let (digits, rest) = told.split_once(" in ")?;
    let (first, second) = rest.split_once(" and ")?;
    Some(say(
        "x-wing",
        &[
            ("digits", &digits),
            ("first", &house(first)?),
            ("second", &house(second)?),
        ],
    ))
}

/// A chain's account as one sentence: it ends with what the chain concludes, and its lines
/// (one per branch of a forcing chain) read on; `brief` leaves out why a loop works.
fn account_sentence(explanation: &str, brief: bool) -> String {
    let mut sentence = String::new();
    for line in explanation.lines().map(str::trim) {
        if line.is_empty() {
            continue;
        }
        if !sentence.is_empty() {
            sentence.push_str(if sentence.ends_with('.') || sentence.ends_with(':') {
                " "
            } else if line.starts_with("So ") {
                ". "
            } else {
                "; "
            });
        }
        sentence.push_str(line);
    }
    if brief {
        sentence = without_why(&sentence);
    }
    sentence
}

/// A cycle's account without the sentence saying why a loop removes candidates (the
/// walkthrough said it at the first loop): "… → A5=1. So I2≠1."
fn without_why(account: &str) -> String {
    const WHY: &str = " Read forwards or backwards the loop is a valid chain";
    const GOES: &str = "goes: ";
    match (account.find(WHY), account.rfind(GOES)) {
        (Some(why), Some(goes)) if goes > why => {
            format!("{} So {}", &account[..why], &account[goes + GOES.len()..])
        }
        _ => account.to_string(),
    }
}

/// The numbered deductions of a dynamic chain's account (0 for other accounts).
fn deductions(step: &Step) -> usize {
    step.explanation
        .lines()
        .filter(|line| {
            let line = line.trim_start();
            line.starts_with('(') && line[1..].starts_with(|c: char| c.is_ascii_digit())
                || line.split_once(". ").is_some_and(|(number, _)| {
                    !number.is_empty() && number.chars().all(|c| c.is_ascii_digit())
                })
        })
        .count()
}

/// Technique names as Japanese solvers use them, for the house grader's Japanese steps
/// (the registry's; README "Walkthroughs" lists them).
pub fn japanese_name(technique: Technique) -> &'static str {
    crate::sudoku::techniques::printed_name(technique, true)
}

/// What a technique looks for, for the techniques chapter: a sentence of its own for each
/// technique (the catalog's `technique.<name>.about`), so that related ones (pointing and
/// claiming, their direct forms) read apart.
pub fn about(technique: Technique, language: Words) -> String {
    language
        .text(&format!("technique.{technique:?}.about"))
        .to_string()
}
