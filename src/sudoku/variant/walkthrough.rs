//! Walkthroughs of the puzzles the house grader rates (4×4 to 16×16, jigsaw, X on sizes
//! other than 9×9, killers): its solve path retold for a book, by the rules of the classic
//! walkthrough (`sudoku::grade::walkthrough`).
//!
//! Only the steps a reader needs are told (see [`needed`]); a run of singles is one step
//! in words, grouped by value, and the last run only counted; identical steps in a row are
//! told once; a killer's runs of small cage steps (combinations, the rule of 45 over one
//! house, locking) become one step set as a table, a row a deduction. Every step keeps a
//! [`VariantMoment`]: the position before it and what a diagram shows of it (the
//! pattern's cells, the candidates removed, the digit placed, a chain's links), all taken
//! from the grader's recorded steps; the few steps that need one most are marked for a
//! diagram.

use std::sync::Arc;

use super::geometry::Geometry;
use super::grade::{
    Account, Board, VariantGradeOptions, VariantLink, VariantStep, digit_list, grade,
    removals_by_digits,
};
use super::grid::{VariantGrid, value_word};
use super::words;
use crate::error::Result;
use crate::i18n::Language as Words;
use crate::sudoku::grade::Technique;
use crate::sudoku::grade::drill::{Drill, DrillMoment, circle_leads_to, first_step_of};
use crate::sudoku::grade::walkthrough::{
    MOST_DIAGRAMS, in_every_language, is_single, marked_cells, marks_most_of_the_grid,
    singles_words, without_name, words_locate,
};
use crate::sudoku::techniques::Named;

/// What a diagram of one step shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantMoment {
    pub geometry: Arc<Geometry>,
    /// The puzzle's givens (drawn bold).
    pub givens: Vec<u8>,
    /// The grid before the step (0 for empty).
    pub values: Vec<u8>,
    /// The candidates of each empty cell before the step (0 for filled cells).
    pub candidates: Vec<u16>,
    /// Digits the step places: (cell, value).
    pub placements: Vec<(u16, u8)>,
    /// Candidates the step removes, in cell order; those of a cell it fills are left out.
    pub eliminations: Vec<(u16, u8)>,
    /// The cells of the pattern (shaded), ascending.
    pub pattern: Vec<u16>,
    /// The cells the step changes outside the pattern (shaded lighter), ascending.
    pub targets: Vec<u16>,
    pub links: Vec<VariantLink>,
    /// True when the diagram shows candidates (steps beyond singles).
    pub pencil_marks: bool,
}

impl VariantMoment {
    /// See [`marks_most_of_the_grid`].
    pub fn marks_most_of_the_grid(&self) -> bool {
        let cells = self.geometry.cells();
        let changed = self.placements.iter().chain(&self.eliminations);
        let marked = marked_cells(
            &self.pattern,
            &self.targets,
            changed.map(|&(cell, _)| cell),
            cells,
        );
        marks_most_of_the_grid(marked, cells)
    }

    /// The moment with its marks (pattern, changed cells, placements, removals) kept to
    /// `cells`: a step shown as an example of what it does in one place.
    pub fn limited_to(&self, cells: &[u16]) -> VariantMoment {
        let kept = |cell: &u16| cells.contains(cell);
        VariantMoment {
            placements: self
                .placements
                .iter()
                .copied()
                .filter(|(cell, _)| kept(cell))
                .collect(),
            eliminations: self
                .eliminations
                .iter()
                .copied()
                .filter(|(cell, _)| kept(cell))
                .collect(),
            pattern: self.pattern.iter().copied().filter(kept).collect(),
            targets: self.targets.iter().copied().filter(kept).collect(),
            links: Vec::new(),
            ..self.clone()
        }
    }
}

/// One step of a walkthrough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantWalkStep {
    /// A run of singles, or one or more steps beyond singles told together.
    pub singles: bool,
    /// The grader's steps this one retells (indexes into the path, ascending).
    pub path: Vec<usize>,
    /// The words in every catalog language (by [`Words::index`]); a table's rows are
    /// lines, its two columns (the deduction, what it does) split by a tab.
    pub texts: Vec<String>,
    pub moment: VariantMoment,
    /// The step is shown in a diagram; the others are told in words alone.
    pub diagram: bool,
}

impl VariantWalkStep {
    pub fn text(&self, language: Words) -> &str {
        &self.texts[language.index()]
    }
}

/// A puzzle's walkthrough, and the grader's steps it retells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantWalkthrough {
    pub steps: Vec<VariantWalkStep>,
    pub path: Vec<VariantStep>,
    /// The grader's steps left out: nothing after them needs what they remove.
    pub skipped: Vec<usize>,
    /// The steps with a diagram, the one a reader needs most first: a page that cannot
    /// hold them all leaves out the last.
    pub drawn: Vec<usize>,
}

/// The walkthrough of a puzzle with a unique solution.
pub fn walkthrough(puzzle: &VariantGrid) -> Result<VariantWalkthrough> {
    let grading = grade(
        puzzle,
        &VariantGradeOptions {
            record_steps: true,
            ..VariantGradeOptions::default()
        },
    )?;
    Ok(retell(puzzle, grading.steps))
}

/// The first step that is not a single (what a hint points at), if any.
pub fn first_technique(puzzle: &VariantGrid) -> Result<Option<VariantStep>> {
    let grading = grade(
        puzzle,
        &VariantGradeOptions {
            record_steps: true,
            ..VariantGradeOptions::default()
        },
    )?;
    Ok(grading
        .steps
        .into_iter()
        .find(|step| !is_single(step.technique)))
}

/// Groups the grader's steps, replaying them for the moments.
pub fn retell(puzzle: &VariantGrid, path: Vec<VariantStep>) -> VariantWalkthrough {
    let geometry = puzzle.geometry();
    retell_on(
        Board::new(geometry, puzzle),
        geometry,
        puzzle.cells(),
        path,
        &Telling::PLAIN,
    )
}

/// The drill of `family` in a puzzle of the house grader (4×4 to 16×16, jigsaw, X off
/// 9×9) with a unique solution: the position before the first step of its path whose
/// technique is one of the family's, and that step's diagram (see
/// [`crate::sudoku::grade::drill`]).
pub fn drill(puzzle: &VariantGrid, family: &Named) -> Result<Drill> {
    let grading = grade(
        puzzle,
        &VariantGradeOptions {
            record_steps: true,
            ..VariantGradeOptions::default()
        },
    )?;
    let geometry = puzzle.geometry();
    drill_on(
        Board::new(geometry, puzzle),
        geometry,
        puzzle.cells(),
        &grading.steps,
        family,
        &|_| false,
        &puzzle.to_line(),
    )
}

/// [`drill`] from the starting position `start` (a killer's has its cages' rule too) of a
/// puzzle with `givens` (its line `line`, for errors), over the grader's `path`; steps
/// `skip` accepts are drilled only when the family has no other (a killer's pencilling-in
/// of every cage, which every solve starts with).
pub(crate) fn drill_on(
    start: Board,
    geometry: &Arc<Geometry>,
    givens: &[u8],
    path: &[VariantStep],
    family: &Named,
    skip: &dyn Fn(&VariantStep) -> bool,
    line: &str,
) -> Result<Drill> {
    let index = first_step_of(path, |step| step.technique, skip, family, line)?;
    let mut board = start;
    for step in &path[..index] {
        board.apply(step);
    }
    let cells = geometry.cells();
    let question = VariantMoment {
        geometry: Arc::clone(geometry),
        givens: givens.to_vec(),
        values: board.values[..cells].to_vec(),
        candidates: board.candidates[..cells].to_vec(),
        placements: Vec::new(),
        eliminations: Vec::new(),
        pattern: Vec::new(),
        targets: Vec::new(),
        links: Vec::new(),
        pencil_marks: true,
    };
    let step = &path[index];
    let told = technique_step(step, vec![index], question.clone());
    let mut answer = told.moment;
    let leads_to = circle_leads_to(
        &mut answer.placements,
        &mut answer.targets,
        &answer.pattern,
        step.placements.first().copied(),
        path.get(index + 1)
            .map(|next| (next.technique, next.placements.first().copied())),
    );
    Ok(Drill {
        index,
        technique: step.technique,
        name: step.name.clone(),
        givens: givens.to_vec(),
        question: DrillMoment::Houses(question),
        answer: DrillMoment::Houses(answer),
        leads_to,
        texts: told.texts,
    })
}

/// How a grader's path is told beyond the common rules.
pub(crate) struct Telling<'a> {
    /// Steps beyond singles told together as a table (a killer's small cage steps), by
    /// the step, its index in the path, and whether it is the first step of its
    /// technique and rating the walkthrough tells (which a table may leave to be worded
    /// in full).
    pub tabled: &'a dyn Fn(usize, &VariantStep, bool) -> bool,
    /// At most this many diagrams.
    pub diagrams: usize,
    /// Steps never drawn, whatever they mark: a killer's pencilling-in of every cage,
    /// whose figure is pencil marks in every cell.
    pub undrawn: &'a dyn Fn(&VariantStep) -> bool,
    /// The cage combinations a table's row sets off are folded into it without words
    /// (the reader pencils them in as step 1 taught). (The singles that follow a row are
    /// folded into it after an arrow in every table: "Box 5: the innie E5 makes 4 |
    /// E5 = 4 → D5 = 1", "Pointing: in region 4, 9 lies within row E | E2 ≠ 9 → E1 = 8".)
    pub folds: bool,
    /// What a step beyond singles reads of the position before it ([`support`], or a
    /// killer's narrower reading of its cage steps), for leaving out the steps no later
    /// step needs.
    pub support: &'a dyn Fn(&VariantStep, &Board) -> Support,
}

impl Telling<'_> {
    /// Pointing and claiming, the most frequent small steps, are table rows; so are the
    /// later steps of subsets, fish, wings and chains, once one of each has been worded in
    /// full (a chain's row gives its links alone, a dynamic chain's the most cells an
    /// assumption fills before its contradiction: see [`words::brief`]).
    pub const PLAIN: Telling<'static> = Telling {
        tabled: &|_, step, first| {
            use Technique as T;
            matches!(step.technique, T::Pointing | T::Claiming)
                || !first && is_chain(step)
                || !first
                    && matches!(
                        step.technique,
                        T::NakedPair
                            | T::NakedTriple
                            | T::NakedQuad
                            | T::HiddenPair
                            | T::HiddenTriple
                            | T::HiddenQuad
                            | T::XWing
                            | T::Swordfish
                            | T::Jellyfish
                            | T::XYWing
                            | T::XYZWing
                    )
        },
        diagrams: MOST_DIAGRAMS,
        undrawn: &|_| false,
        folds: false,
        support: &support,
    };
}

/// At most this many steps are told as one table.
const MOST_TABLED: usize = 40;

/// [`retell`] from the starting position `replay` (a killer's has its cages' rules too)
/// of a puzzle with `givens`, told as `telling` says.
pub(crate) fn retell_on(
    replay: Board,
    geometry: &Arc<Geometry>,
    givens: &[u8],
    path: Vec<VariantStep>,
    telling: &Telling<'_>,
) -> VariantWalkthrough {
    let needed = needed(&replay, geometry.cells(), &path, telling.support);
    let kept: Vec<usize> = (0..path.len()).filter(|&index| needed[index]).collect();
    let skipped = (0..path.len()).filter(|&index| !needed[index]).collect();
    let mut firsts = vec![false; path.len()];
    let mut kinds: Vec<(Technique, u16, &str)> = Vec::new();
    for &index in &kept {
        let kind = kind_of(&path[index]);
        if !kinds.contains(&kind) {
            kinds.push(kind);
            firsts[index] = true;
        }
    }
    let tabled = |index: usize| (telling.tabled)(index, &path[index], firsts[index]);
    let mut replay = replay;
    let cells = geometry.cells();
    let mut steps: Vec<VariantWalkStep> = Vec::new();
    // Whether a table has worded a cage combination in full yet.
    let mut combined_once = false;
    let mut at = 0;
    while at < kept.len() {
        let moment = VariantMoment {
            geometry: Arc::clone(geometry),
            givens: givens.to_vec(),
            values: replay.values[..cells].to_vec(),
            candidates: replay.candidates[..cells].to_vec(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            targets: Vec::new(),
            links: Vec::new(),
            pencil_marks: false,
        };
        let first = kept[at];
        if is_single(path[first].technique) {
            let run: Vec<usize> = kept[at..]
                .iter()
                .copied()
                .take_while(|&index| is_single(path[index].technique))
                .collect();
            for &index in &run {
                replay.apply(&path[index]);
            }
            at += run.len();
            let finishes = at == kept.len() && replay.is_solved() && !steps.is_empty();
            steps.push(singles_step(&path, run, moment, finishes));
            continue;
        }
        replay.apply(&path[first]);
        at += 1;
        let mut told = technique_step(&path[first], vec![first], moment.clone());
        if tabled(first) {
            // A run of small steps, a table row each; cage combinations after the first
            // the walkthrough words in full are rows of what they remove alone, one row
            // for a run of them.
            let mut rows: Vec<TableRow> = Vec::new();
            let mut index = first;
            loop {
                let step = &path[index];
                let combination = step.technique == Technique::CageCombination;
                let row = table_row(geometry, step, combination && combined_once);
                add_row(&mut rows, row, telling.folds);
                combined_once |= combination;
                // Singles between two small steps are a row of the table too.
                let singles = kept[at.min(kept.len())..]
                    .iter()
                    .take_while(|&&index| is_single(path[index].technique))
                    .count();
                if singles > 0
                    && rows.len() + 1 < MOST_TABLED
                    && kept.get(at + singles).is_some_and(|&next| tabled(next))
                {
                    let run = kept[at..at + singles].to_vec();
                    add_row(&mut rows, singles_row(geometry, &path, &run), telling.folds);
                    for index in run {
                        told = merge(
                            told,
                            technique_step(&path[index], vec![index], moment.clone()),
                        );
                        replay.apply(&path[index]);
                    }
                    at += singles;
                }
                if at >= kept.len()
                    || rows.len() >= MOST_TABLED
                    || is_single(path[kept[at]].technique)
                    || !tabled(kept[at])
                {
                    break;
                }
                index = kept[at];
                told = merge(
                    told,
                    technique_step(&path[index], vec![index], moment.clone()),
                );
                replay.apply(&path[index]);
                at += 1;
            }
            told.texts = in_every_language(|language| {
                rows.iter()
                    .map(|row| row.text(language))
                    .collect::<Vec<_>>()
                    .join("\n")
            });
        } else {
            combined_once |= path[first].technique == Technique::CageCombination;
            // Identical steps in a row are told once.
            while at < kept.len() && same_pattern(&path[kept[at]], &path[first]) {
                let next = &path[kept[at]];
                told = merge(told, technique_step(next, vec![kept[at]], moment.clone()));
                replay.apply(next);
                at += 1;
            }
            if told.path.len() > 1 {
                let step = &path[first];
                let compact =
                    compact_outcome(geometry, &told.moment.placements, &told.moment.eliminations);
                let done = (
                    told.moment.placements.as_slice(),
                    told.moment.eliminations.as_slice(),
                );
                told.texts = in_every_language(|language| {
                    words::step_text(step, geometry, done, Some(&compact), language)
                });
            }
        }
        steps.push(told);
    }
    let drawn = choose_diagrams(&mut steps, &path, &tabled, telling);
    VariantWalkthrough {
        steps,
        path,
        skipped,
        drawn,
    }
}

/// What a step is the first of, for [`Telling::tabled`]: a technique at each of its
/// ratings (the rule of 45 over one house or several), but a chain of each name (X-Chain,
/// Forcing Chain, Dynamic Forcing Chain) whatever its length.
fn kind_of(step: &VariantStep) -> (Technique, u16, &str) {
    if is_chain(step) {
        (step.technique, 0, &step.name)
    } else {
        (step.technique, step.rating_tenths, "")
    }
}

/// True for a chain: its reasoning is a line of links or the assumptions a contradiction
/// refutes.
pub fn is_chain(step: &VariantStep) -> bool {
    matches!(
        step.account,
        Account::Chain { .. } | Account::Dynamic { .. }
    )
}

/// True when two steps are one pattern found twice.
fn same_pattern(a: &VariantStep, b: &VariantStep) -> bool {
    a.technique == b.technique && a.pattern == b.pattern && a.houses == b.houses
}

/// Marks at most `diagrams` steps for a diagram: the hardest first, a technique's
/// first step before its repeats, each technique once, never two steps in a row; tables (a killer's cage
/// arithmetic) only when nothing else needs one. Returns the steps chosen, in the order
/// chosen.
fn choose_diagrams(
    steps: &mut [VariantWalkStep],
    path: &[VariantStep],
    tabled: &dyn Fn(usize) -> bool,
    telling: &Telling<'_>,
) -> Vec<usize> {
    let diagrams = telling.diagrams;
    let mut seen: Vec<Technique> = Vec::new();
    let mut ranked = Vec::new();
    for (index, step) in steps.iter().enumerate() {
        if step.singles
            || step.moment.marks_most_of_the_grid()
            || step
                .path
                .iter()
                .any(|&index| (telling.undrawn)(&path[index]))
        {
            continue;
        }
        let grader = &path[step.path[0]];
        let repeat = seen.contains(&grader.technique);
        seen.push(grader.technique);
        let tabled = step.path.len() > 1 && tabled(step.path[0]);
        let hardest = step
            .path
            .iter()
            .map(|&index| path[index].rating_tenths)
            .max()
            .unwrap_or(0);
        let plain = words_locate(grader.technique);
        ranked.push((tabled, plain, repeat, std::cmp::Reverse(hardest), index));
    }
    ranked.sort_unstable();
    let mut chosen = Vec::new();
    let mut drawn: Vec<Technique> = Vec::new();
    for &(tabled, plain, _, _, index) in &ranked {
        if chosen.len() == diagrams {
            break;
        }
        // Words locate an intersection, a subset or a table's rows well: they are drawn
        // only in a walkthrough with no figure of another pattern.
        if (tabled || plain) && !chosen.is_empty() {
            continue;
        }
        // Two diagrams in a row leave a page half empty: the next step waits its turn.
        let crowded = [index.wrapping_sub(1), index + 1]
            .into_iter()
            .filter_map(|near| steps.get(near))
            .any(|near| near.diagram);
        // A technique is drawn once: its later steps' words name what the figure showed.
        let technique = path[steps[index].path[0]].technique;
        if !crowded && !drawn.contains(&technique) {
            drawn.push(technique);
            steps[index].diagram = true;
            chosen.push(index);
        }
    }
    chosen
}

/// One row of a table of small steps: what it finds (in every language, by
/// [`Words::index`]) and what it does.
struct TableRow {
    what: Vec<String>,
    done: Vec<String>,
    /// Rows in a row of this technique are one row of what they do: cage combinations
    /// told by what they remove alone, a killer's contradictions.
    gathers: Option<Technique>,
    /// A row of singles.
    singles: bool,
    /// How many rows that follow from it are folded into the row (it gathers no more
    /// rows once one is).
    folds: usize,
    /// The technique's name `what` opens with, by language (empty when it opens with
    /// none).
    names: Vec<String>,
}

/// Adds `row` to a table's `rows`: gathered into the last row when both are of one
/// gathering technique, folded into it when it follows from it (a row of singles always,
/// cage combinations as [`Telling::folds`] says).
/// A row takes in at most [`MOST_FOLDS`] rows that follow from it, while it stays
/// [`LONGEST_FOLDED`] characters at most: a long cascade goes on in rows of its own.
fn add_row(rows: &mut Vec<TableRow>, row: TableRow, folds: bool) {
    match rows.last_mut() {
        Some(last) if last.gathers.is_some() && last.gathers == row.gathers && last.folds == 0 => {
            last.absorb(&row)
        }
        Some(last)
            if folds
                && row.gathers == Some(Technique::CageCombination)
                && last.folds < MOST_FOLDS =>
        {
            // The cage combinations a row sets off go without their words: the singles
            // they lead to (folded next) are the result a reader checks.
            last.folds += 1;
        }
        Some(last)
            if row.singles
                && last.folds < MOST_FOLDS
                && last.done().chars().count() + row.done().chars().count() <= LONGEST_FOLDED =>
        {
            last.done.push(format!("{FOLLOWS}{}", row.done()));
            last.folds += 1;
        }
        Some(last) if !folds && row.names.iter().any(|name| !name.is_empty()) => {
            // A row of the technique of the row above goes without its name.
            let mut row = row;
            for (index, what) in row.what.iter_mut().enumerate() {
                if last.names[index] == row.names[index] {
                    *what = without_name(what, &row.names[index]).to_string();
                }
            }
            rows.push(row)
        }
        _ => rows.push(row),
    }
}

/// Opens what follows from a table row, folded into it.
pub const FOLLOWS: &str = "→ ";
pub const MOST_FOLDS: usize = 8;
pub const LONGEST_FOLDED: usize = 140;

impl TableRow {
    /// Takes in what another row of the same technique does.
    fn absorb(&mut self, other: &TableRow) {
        if self.gathers == Some(Technique::KillerContradiction) {
            self.what = in_every_language(|language| language.text("walk.contradictions").into());
        }
        self.done.extend(other.done.iter().cloned());
    }

    /// What the row does: its outcomes split by semicolons, what follows from them after
    /// an arrow.
    fn done(&self) -> String {
        let mut text = String::new();
        for (index, done) in self.done.iter().enumerate() {
            if index > 0 {
                text.push_str(if done.starts_with(FOLLOWS) { " " } else { "; " });
            }
            text.push_str(done);
        }
        text
    }

    fn text(&self, language: Words) -> String {
        format!("{}\t{}", self.what[language.index()], self.done())
    }
}

/// A run of singles as a table row: their kind and what they place.
fn singles_row(geometry: &Geometry, path: &[VariantStep], run: &[usize]) -> TableRow {
    let techniques: Vec<Technique> = run.iter().map(|&index| path[index].technique).collect();
    let mut placements: Vec<(u16, u8)> = run
        .iter()
        .flat_map(|&index| path[index].placements.iter().copied())
        .collect();
    placements.sort_unstable();
    let key = |technique: Technique| match technique {
        Technique::FullHouse => "walk.full-house",
        Technique::NakedSingle => "walk.naked-single",
        _ => "walk.hidden-single",
    };
    let first = key(techniques[0]);
    let same = techniques.iter().all(|&t| key(t) == first);
    TableRow {
        what: in_every_language(|language| {
            if same {
                language.count(first, techniques.len() as u64, &[])
            } else {
                language.text("walk.singles").to_string()
            }
        }),
        done: vec![compact_outcome(geometry, &placements, &[])],
        gathers: None,
        singles: true,
        folds: 0,
        names: in_every_language(|_| String::new()),
    }
}

/// A step as a table row: its reasoning in a few words (a cage combination, once one has
/// been worded in full, by what it removes alone: `combined`), and what it does.
fn table_row(geometry: &Geometry, step: &VariantStep, combined: bool) -> TableRow {
    let done = vec![compact_outcome(
        geometry,
        &step.placements,
        &step.eliminations,
    )];
    if combined {
        return TableRow {
            what: in_every_language(|language| language.text("walk.cage-combinations").into()),
            done,
            gathers: Some(Technique::CageCombination),
            singles: false,
            folds: 0,
            names: in_every_language(|_| String::new()),
        };
    }
    TableRow {
        what: in_every_language(|language| words::brief(step, geometry, language)),
        done,
        gathers: (step.technique == Technique::KillerContradiction)
            .then_some(Technique::KillerContradiction),
        singles: false,
        folds: 0,
        names: in_every_language(|language| words::step_name(step, language)),
    }
}

/// What a step does, as a table shows it: `B7 = 2`, or `B7 ≠ 9`, `D9 ≠ 5/8`.
fn compact_outcome(
    geometry: &Geometry,
    placements: &[(u16, u8)],
    eliminations: &[(u16, u8)],
) -> String {
    if !placements.is_empty() {
        return placements
            .iter()
            .map(|&(cell, value)| format!("{} = {}", cell_name(geometry, cell), value_word(value)))
            .collect::<Vec<_>>()
            .join(", ");
    }
    removals_by_digits(eliminations)
        .iter()
        .map(|(mask, cells)| {
            let names: Vec<String> = cells
                .iter()
                .map(|&cell| cell_name(geometry, cell))
                .collect();
            format!("{} ≠ {}", names.join(", "), digit_list(*mask))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Two consecutive steps told as one: the first's figure with both steps' cells, marks
/// and links, their words one after the other.
fn merge(first: VariantWalkStep, next: VariantWalkStep) -> VariantWalkStep {
    let mut moment = first.moment;
    moment.placements.extend(next.moment.placements);
    let placed: Vec<u16> = moment.placements.iter().map(|&(cell, _)| cell).collect();
    moment.eliminations.extend(next.moment.eliminations);
    moment
        .eliminations
        .retain(|(cell, _)| !placed.contains(cell));
    moment.eliminations.sort_unstable();
    moment.eliminations.dedup();
    moment.pattern.extend(next.moment.pattern);
    moment.pattern.sort_unstable();
    moment.pattern.dedup();
    moment.targets.extend(next.moment.targets);
    moment.targets.retain(|cell| !moment.pattern.contains(cell));
    moment.targets.sort_unstable();
    moment.targets.dedup();
    moment.links.extend(next.moment.links);
    let mut path = first.path;
    path.extend(next.path);
    VariantWalkStep {
        singles: false,
        path,
        texts: in_every_language(|language| {
            let index = language.index();
            format!(
                "{}{}{}",
                first.texts[index],
                language.text("variant-walk.step-joiner"),
                next.texts[index]
            )
        }),
        moment,
        diagram: false,
    }
}

fn cell_name(geometry: &Geometry, cell: u16) -> String {
    geometry.cell_name(usize::from(cell))
}

fn singles_step(
    path: &[VariantStep],
    run: Vec<usize>,
    moment: VariantMoment,
    finishes: bool,
) -> VariantWalkStep {
    let geometry = Arc::clone(&moment.geometry);
    let placements: Vec<(u16, u8)> = run
        .iter()
        .flat_map(|&index| path[index].placements.clone())
        .collect();
    // Cells read top to bottom, left to right.
    let mut by_cell = placements.clone();
    by_cell.sort_unstable();
    let named: Vec<(String, String, u8)> = by_cell
        .iter()
        .map(|&(cell, value)| (cell_name(&geometry, cell), value_word(value), value))
        .collect();
    let techniques: Vec<Technique> = run.iter().map(|&index| path[index].technique).collect();
    let texts =
        in_every_language(|language| singles_words(&techniques, &named, finishes, language));
    let mut targets: Vec<u16> = placements.iter().map(|&(cell, _)| cell).collect();
    targets.sort_unstable();
    VariantWalkStep {
        singles: true,
        path: run,
        texts,
        moment: VariantMoment {
            placements,
            targets,
            ..moment
        },
        diagram: false,
    }
}

fn technique_step(step: &VariantStep, path: Vec<usize>, moment: VariantMoment) -> VariantWalkStep {
    let geometry = Arc::clone(&moment.geometry);
    let mut pattern = step.pattern.clone();
    for link in &step.links {
        pattern.extend([link.from.0, link.to.0]);
    }
    pattern.sort_unstable();
    pattern.dedup();
    let mut targets: Vec<u16> = step
        .eliminations
        .iter()
        .chain(&step.placements)
        .map(|&(cell, _)| cell)
        .filter(|cell| !pattern.contains(cell))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let placed: Vec<u16> = step.placements.iter().map(|&(cell, _)| cell).collect();
    let mut eliminations: Vec<(u16, u8)> = step
        .eliminations
        .iter()
        .copied()
        .filter(|&(cell, value)| {
            !placed.contains(&cell) && moment.candidates[usize::from(cell)] & 1 << (value - 1) != 0
        })
        .collect();
    eliminations.sort_unstable();
    let moment = VariantMoment {
        placements: step.placements.clone(),
        eliminations,
        pattern,
        targets,
        links: step.links.clone(),
        pencil_marks: true,
        ..moment
    };
    VariantWalkStep {
        singles: false,
        path,
        texts: in_every_language(|language| {
            words::step_text(
                step,
                &geometry,
                (&moment.placements, &moment.eliminations),
                None,
                language,
            )
        }),
        moment,
        diagram: false,
    }
}

/// Which of the grader's steps a reader needs (the rules of `sudoku::grade::needed`,
/// over the house grader's positions): singles always, a step beyond them unless every
/// later step holds without what it removes. A step relies on every candidate of its
/// pattern's cells and of the houses it names, and on its digits across every house of a
/// pattern cell; contradictions, dynamic chains and guesses on the whole position.
fn needed(
    start: &Board,
    cells: usize,
    path: &[VariantStep],
    support: &dyn Fn(&VariantStep, &Board) -> Support,
) -> Vec<bool> {
    let mut board = start.clone();
    let mut before: Vec<Vec<u16>> = Vec::new();
    let mut supports: Vec<Support> = Vec::new();
    for step in path {
        if !is_single(step.technique) {
            before.push(board.candidates[..cells].to_vec());
            supports.push(support(step, &board));
        }
        board.apply(step);
    }
    let steps: Vec<(u16, bool)> = path
        .iter()
        .map(|step| (step.rating_tenths, is_single(step.technique)))
        .collect();
    crate::sudoku::grade::needed::keep_needed(&steps, |left_out| {
        holds(start, cells, path, left_out, &before, &supports)
    })
}

fn holds(
    start: &Board,
    cells: usize,
    path: &[VariantStep],
    left_out: &[bool],
    before: &[Vec<u16>],
    supports: &[Support],
) -> bool {
    let mut board = start.clone();
    let mut beyond = 0;
    for step in path {
        if is_single(step.technique) {
            if !step
                .placements
                .iter()
                .all(|&(cell, value)| single_holds(&board, usize::from(cell), value))
            {
                return false;
            }
            board.apply(step);
            continue;
        }
        let index = beyond;
        beyond += 1;
        if left_out[index] {
            continue;
        }
        let now = &board.candidates[..cells];
        let same = match &supports[index] {
            None => now == &before[index][..],
            Some(support) => (0..cells)
                .all(|cell| now[cell] & support[cell] == before[index][cell] & support[cell]),
        };
        if !same {
            return false;
        }
        board.apply(step);
    }
    board.is_solved()
}

fn single_holds(board: &Board, cell: usize, value: u8) -> bool {
    if board.values[cell] != 0 {
        return board.values[cell] == value;
    }
    let geometry = board.geometry();
    board.candidates[cell] == 1 << (value - 1)
        || geometry
            .houses_of(cell)
            .iter()
            .any(|&house| board.places(usize::from(house), value).len() == 1)
}

/// What a step reads: the digits (a mask) of each cell it relies on; `None` when it relies
/// on the whole position.
pub(crate) type Support = Option<Vec<u16>>;

/// A step's [`Support`] by the house rules (see [`needed`]).
pub fn support(step: &VariantStep, board: &Board) -> Support {
    let cells = board.geometry().cells();
    use Technique as T;
    if matches!(
        step.technique,
        T::Bug
            | T::NishioForcingChain
            | T::MultipleForcingChain
            | T::DynamicForcingChain
            | T::DynamicForcingChainPlus
            | T::NestedForcingChain
            | T::KillerContradiction
            | T::CageSplitting
            | T::TrialAndError
    ) {
        return None;
    }
    let geometry = board.geometry();
    let mut support = vec![0u16; cells];
    let mut pattern: Vec<usize> = step.pattern.iter().map(|&c| usize::from(c)).collect();
    let mut digits = 0u16;
    for link in &step.links {
        pattern.extend([usize::from(link.from.0), usize::from(link.to.0)]);
        digits |= 1 << (link.from.1 - 1) | 1 << (link.to.1 - 1);
    }
    for &(_, value) in step.eliminations.iter().chain(&step.placements) {
        digits |= 1 << (value - 1);
    }
    for &cell in &pattern {
        support[cell] = u16::MAX;
    }
    for &house in &step.houses {
        for &cell in geometry.house(usize::from(house)) {
            support[usize::from(cell)] = u16::MAX;
        }
    }
    for &cell in &pattern {
        for &house in geometry.houses_of(cell) {
            for &other in geometry.house(usize::from(house)) {
                support[usize::from(other)] |= digits;
            }
        }
    }
    Some(support)
}
