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
use crate::sudoku::grid::{Grid, cell_name};

/// The language of a walkthrough's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    English,
    Japanese,
}

impl Language {
    /// The prose a book set in `language` gets: the steps are told in English and Japanese
    /// only, so far; a book in another language is refused walkthroughs and hints before
    /// any work (see `book::spec`).
    pub fn of(language: crate::i18n::Language) -> Language {
        if language.script() == crate::i18n::Script::Japanese {
            Language::Japanese
        } else {
            Language::English
        }
    }
}

/// A chain step's account is printed when it is at most this long (characters); longer
/// accounts (dynamic and nested chains) are summarised.
const LONGEST_ACCOUNT: usize = 360;

/// At most this many links of a chain are drawn.
const MOST_LINKS: usize = 40;

/// At most this many steps of a walkthrough get a diagram (see [`choose_diagrams`]): with
/// the rest told in words, a 9×9 walkthrough stays within two pages of a 6 × 9 in book.
pub const MOST_DIAGRAMS: usize = 3;

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

/// One step of a walkthrough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkStep {
    /// A run of singles, or a step beyond singles (identical ones in a row told once).
    pub singles: bool,
    /// The grader's steps this one retells (indexes into the path, ascending).
    pub path: Vec<usize>,
    pub english: String,
    pub japanese: String,
    pub moment: Moment,
    /// The step is shown in a diagram (at most [`MOST_DIAGRAMS`] a walkthrough); the others
    /// are told in words alone.
    pub diagram: bool,
}

impl WalkStep {
    pub fn text(&self, language: Language) -> &str {
        match language {
            Language::English => &self.english,
            Language::Japanese => &self.japanese,
        }
    }
}

/// A puzzle's walkthrough, and the grader's steps it retells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walkthrough {
    pub steps: Vec<WalkStep>,
    pub path: Vec<Step>,
    /// The grader's steps left out: nothing after them needs what they remove (see
    /// [`super::needed`]).
    pub skipped: Vec<usize>,
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
    let mut told: Vec<Technique> = Vec::new();
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
        let brief = told.contains(&merged.technique);
        told.push(merged.technique);
        steps.push(technique_step(&merged, indexes, &before, brief));
    }
    choose_diagrams(&mut steps, &path);
    Walkthrough {
        steps,
        path,
        skipped,
    }
}

/// True when two steps are one pattern found twice: same technique, cells and digits.
fn same_pattern(a: &Step, b: &Step) -> bool {
    a.technique == b.technique && a.cells == b.cells && a.digits == b.digits
}

/// Picks the steps a reader most needs to see, at most [`MOST_DIAGRAMS`]: patterns words
/// locate poorly (fish, strong links, wings, uniqueness, chains) before intersections and
/// subsets (at most [`MOST_PLAIN_DIAGRAMS`] of those), a technique's first step before its
/// repeats, harder steps before easier ones; a technique is drawn once, and a step next to
/// one with a diagram gets none (two figures in a row leave their panels half empty).
fn choose_diagrams(steps: &mut [WalkStep], path: &[Step]) {
    let mut seen: Vec<Technique> = Vec::new();
    let mut ranked: Vec<(bool, bool, std::cmp::Reverse<u16>, usize)> = Vec::new();
    for (index, step) in steps.iter().enumerate() {
        if step.singles {
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
    let (mut chosen, mut plain_chosen) = (0, 0);
    let mut drawn: Vec<Technique> = Vec::new();
    for &(plain, _, _, index) in &ranked {
        if chosen == MOST_DIAGRAMS {
            break;
        }
        if plain && plain_chosen == MOST_PLAIN_DIAGRAMS {
            continue;
        }
        let technique = path[steps[index].path[0]].technique;
        let crowded = [index.wrapping_sub(1), index + 1]
            .into_iter()
            .filter_map(|near| steps.get(near))
            .any(|near| near.diagram);
        if crowded || drawn.contains(&technique) {
            continue;
        }
        drawn.push(technique);
        steps[index].diagram = true;
        chosen += 1;
        plain_chosen += usize::from(plain);
    }
}

/// At most this many diagrams show intersections and subsets, which words locate well.
const MOST_PLAIN_DIAGRAMS: usize = 1;

/// Techniques whose pattern the words locate well: intersections and subsets.
fn words_locate(technique: Technique) -> bool {
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

pub(super) fn apply(board: &mut Board, step: &Step) {
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
/// singles: 4 in A1 and C3; 7 in B2." and its Japanese; a run that `finishes` the grid is
/// only counted. Shared by the walkthroughs of both graders.
pub fn singles_words(
    techniques: &[Technique],
    placements: &[(String, String, u8)],
    finishes: bool,
) -> (String, String) {
    let count = |of: &[Technique]| techniques.iter().filter(|t| of.contains(t)).count();
    let kinds = [
        (
            count(&[Technique::FullHouse]),
            ("full house", "full houses"),
            "フルハウス",
        ),
        (
            count(&[Technique::HiddenSingleBox, Technique::HiddenSingleLine]),
            ("hidden single", "hidden singles"),
            "ヒドゥンシングル",
        ),
        (
            count(&[Technique::NakedSingle]),
            ("naked single", "naked singles"),
            "ネイキッドシングル",
        ),
    ];
    let total = placements.len();
    if finishes {
        return (
            format!("Singles finish the grid ({total} cells)."),
            format!("残りの{total}マスはシングルで埋まる。"),
        );
    }
    let present: Vec<_> = kinds.iter().filter(|kind| kind.0 > 0).collect();
    let mut values: Vec<u8> = placements.iter().map(|p| p.2).collect();
    values.sort_unstable();
    values.dedup();
    let groups: Vec<(String, Vec<String>)> = values
        .iter()
        .map(|&value| {
            let word = placements
                .iter()
                .find(|p| p.2 == value)
                .map_or_else(String::new, |p| p.1.clone());
            let cells = placements
                .iter()
                .filter(|p| p.2 == value)
                .map(|p| p.0.clone())
                .collect();
            (word, cells)
        })
        .collect();
    let english_groups: Vec<String> = groups
        .iter()
        .map(|(value, cells)| format!("{value} in {}", english_list(cells)))
        .collect();
    // "Hidden singles" when that is all they are; otherwise "Singles".
    let head = match present.as_slice() {
        [only] => {
            let (one, many) = only.1;
            let word = if only.0 == 1 { one } else { many };
            let mut letters = word.chars();
            letters
                .next()
                .map(|first| first.to_uppercase().chain(letters).collect())
                .unwrap_or_default()
        }
        _ => "Singles".to_string(),
    };
    let english = format!("{head}: {}.", english_groups.join("; "));
    let japanese_head = match present.as_slice() {
        [only] => only.2,
        _ => "シングル",
    };
    let japanese = format!(
        "{japanese_head}：{}。",
        groups
            .iter()
            .map(|(value, cells)| format!("{value}は{}", cells.join("・")))
            .collect::<Vec<_>>()
            .join("、")
    );
    (english, japanese)
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
    // Cells read top to bottom, left to right.
    let mut by_cell = placements.clone();
    by_cell.sort_unstable();
    let named: Vec<(String, String, u8)> = by_cell
        .iter()
        .map(|&(cell, digit)| (cell_name(cell as usize), digit.to_string(), digit))
        .collect();
    let techniques: Vec<Technique> = run.iter().map(|&index| path[index].technique).collect();
    let (english, japanese) = singles_words(&techniques, &named, finishes);
    let mut targets: Vec<u8> = placements.iter().map(|&(cell, _)| cell).collect();
    targets.sort_unstable();
    WalkStep {
        singles: true,
        path: run,
        english,
        japanese,
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
        english: english_text(step, board.geometry, brief),
        japanese: japanese_text(step, board.geometry, brief),
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
    let chain = matches!(
        step.technique,
        Technique::Cycles
            | Technique::NishioForcingChain
            | Technique::MultipleForcingChain
            | Technique::DynamicForcingChain
            | Technique::DynamicForcingChainPlus
            | Technique::NestedForcingChain
    );
    let mut links = Vec::new();
    if chain {
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

/// A house's name: "row 3", "box 5", "the main diagonal", "window 2", or windoku's
/// implied groups by their first cell ("the implied window at r1c2").
fn house_name(house: usize, english: bool) -> String {
    let index = house % 9 + 1;
    match (english, house) {
        (true, 0..9) => format!("row {index}"),
        (true, 9..18) => format!("column {index}"),
        (true, 18..27) => format!("box {index}"),
        (true, FIRST_DIAGONAL) => "the main diagonal".to_string(),
        (false, 0..9) => format!("{index}行目"),
        (false, 9..18) => format!("{index}列目"),
        (false, 18..27) => format!("ブロック{index}"),
        (false, FIRST_DIAGONAL) => "対角線（左上から右下）".to_string(),
        _ if house == FIRST_DIAGONAL + 1 => {
            if english {
                "the anti-diagonal".to_string()
            } else {
                "対角線（右上から左下）".to_string()
            }
        }
        _ => {
            let group = house - FIRST_WINDOW;
            match (english, group) {
                (true, 0..4) => format!("window {}", group + 1),
                (false, 0..4) => format!("窓{}", group + 1),
                (true, _) => format!("the implied window at {}", cell_name(HOUSE_CELLS[house][0])),
                (false, _) => format!("{}を含む隠れ窓", cell_name(HOUSE_CELLS[house][0])),
            }
        }
    }
}

/// The candidates named in a text, in order: ((cell, digit), on).
pub(super) fn potentials(text: &str) -> Vec<((u8, u8), bool)> {
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

fn cells_text(cells: &[u8], separator: &str) -> String {
    cells
        .iter()
        .map(|&cell| cell_name(cell as usize))
        .collect::<Vec<_>>()
        .join(separator)
}

fn numbers(numbers: &[usize], english: bool) -> String {
    let words: Vec<String> = numbers.iter().map(|n| (n + 1).to_string()).collect();
    match (english, words.as_slice()) {
        (true, [init @ .., last]) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        (true, _) => words.concat(),
        (false, _) => words.join("・"),
    }
}

fn digits_text(digits: &[u8], english: bool) -> String {
    let as_houses: Vec<usize> = digits.iter().map(|&d| d as usize - 1).collect();
    numbers(&as_houses, english)
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
    english: bool,
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
    chosen.map(|&house| house_name(house, english))
}

/// The two houses of an intersection (pointing, claiming): where the digit is confined
/// (`from`) and where the step removes it (`to`), named. `pointing` prefers a box as
/// `from` and claiming a box as `to` when the eliminations do not tell.
fn intersection(
    step: &Step,
    pointing: bool,
    geometry: &Geometry,
    english: bool,
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
        from.map(|house| house_name(house, english))
            .unwrap_or_default(),
        to.map(|house| house_name(house, english)),
    )
}

/// "so r4c3 and r9c8 are not 7; r1c1 = 5".
fn outcome_english(step: &Step) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|&(cell, digit)| format!("{} = {digit}", cell_name(cell as usize)))
        .collect();
    for (digits, cells) in by_digit(&step.eliminations) {
        let verb = if cells.len() == 1 { "is" } else { "are" };
        let names: Vec<String> = cells.iter().map(|&c| cell_name(c as usize)).collect();
        let digits: Vec<String> = digits.iter().map(u8::to_string).collect();
        let digits = match digits.as_slice() {
            [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
            _ => digits.concat(),
        };
        parts.push(format!("{} {verb} not {digits}", english_list(&names)));
    }
    parts.join("; ")
}

fn outcome_japanese(step: &Step) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|&(cell, digit)| format!("{}は{digit}に確定", cell_name(cell as usize)))
        .collect();
    for (digits, cells) in by_digit(&step.eliminations) {
        let digits: Vec<String> = digits.iter().map(u8::to_string).collect();
        parts.push(format!(
            "{}から{}を消去",
            cells_text(&cells, "・"),
            digits.join("・")
        ));
    }
    parts.join("、")
}

/// "a, b or c".
fn english_or(words: &[String]) -> String {
    match words {
        [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => words.concat(),
    }
}

/// "a, b and c".
fn english_list(words: &[String]) -> String {
    match words {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => words.concat(),
    }
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

/// "that leaves a hidden single, C8 = 4" after a direct technique's pattern.
fn direct_outcome_english(step: &Step, outcome: String) -> String {
    if step.placements.len() > 1 {
        format!("that leaves hidden singles: {outcome}")
    } else {
        format!("that leaves a hidden single, {outcome}")
    }
}

/// A step in English: in full, saying why the pattern works; `brief` once the walkthrough
/// has worded the technique in full.
fn english_text(step: &Step, geometry: &Geometry, brief: bool) -> String {
    let mut outcome = outcome_english(step);
    if is_direct(step.technique) {
        outcome = direct_outcome_english(step, outcome);
    }
    let digits = digits_text(&step.digits, true);
    let names: Vec<String> = step.cells.iter().map(|&c| cell_name(c as usize)).collect();
    let cells = english_list(&names);
    let name = &crate::sudoku::techniques::printed_step_name(step.technique, &step.name);
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
            match (intersection(step, pointing, geometry, true), brief) {
                ((from, Some(to)), false) => format!(
                    "{name}: in {from}, {digits} can only go in {to} ({cells}), so no other cell of {to} can hold it: {outcome}."
                ),
                ((from, Some(to)), true) => {
                    format!("{name}: {digits} in {from} lies in {to} ({cells}): {outcome}.")
                }
                // X-sudoku and windoku: the cells share no second house, but some cells see
                // them all.
                ((from, None), false) => format!(
                    "{name}: in {from}, {digits} can only go in {}, so no cell that sees them all can hold it: {outcome}.",
                    english_or(&names)
                ),
                ((from, None), true) => format!(
                    "{name}: {digits} in {from} only in {}: {outcome}.",
                    english_or(&names)
                ),
            }
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad if brief => {
            format!("{name} {digits} in {cells}: {outcome}.")
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
            "{name}: {cells} hold only {digits} between them, so no cell that sees them all can hold those digits: {outcome}."
        ),
        Technique::HiddenPair
        | Technique::HiddenTriple
        | Technique::HiddenQuad
        | Technique::DirectHiddenPair
        | Technique::DirectHiddenTriple => {
            let house = common_house(&step.cells, false, geometry, true).unwrap_or_default();
            if brief {
                format!("{name} {digits} in {house} ({cells}): {outcome}.")
            } else {
                format!(
                    "{name}: in {house}, {digits} fit only {cells}, so those cells hold nothing else: {outcome}."
                )
            }
        }
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let (base, cover, rows) = fish_lines(step);
            let (base_word, cover_word) = if rows {
                ("rows", "columns")
            } else {
                ("columns", "rows")
            };
            if brief {
                format!(
                    "{name} on {digits}, {base_word} {} and {cover_word} {}: {outcome}.",
                    numbers(&base, true),
                    numbers(&cover, true)
                )
            } else {
                format!(
                    "{name} on {digits}: in {base_word} {}, {digits} must be in {cover_word} {}, so the rest of those {cover_word} cannot hold it: {outcome}.",
                    numbers(&base, true),
                    numbers(&cover, true)
                )
            }
        }
        _ if !step.explanation.is_empty()
            && step.explanation.chars().count() <= LONGEST_ACCOUNT
            && step.explanation.contains('→') =>
        {
            // The account ends with what the chain concludes; its lines (one per branch of
            // a forcing chain) read as one sentence.
            let mut sentence = String::new();
            for line in step.explanation.lines().map(str::trim) {
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
        _ if deductions(step) > 1 => format!(
            "{name}, a chain of {} deductions (too long to print): {outcome}.",
            deductions(step)
        ),
        _ if step.cells.is_empty() => format!("{name}: {outcome}."),
        _ => format!("{name} on {digits} in {cells}: {outcome}."),
    }
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

/// Technique names as Japanese solvers use them (the registry's, README "Walkthroughs"
/// lists them).
pub fn japanese_name(technique: Technique) -> &'static str {
    crate::sudoku::techniques::printed_name(technique, true)
}

/// What a technique looks for, for the techniques chapter: a sentence of its own for each
/// technique, so that related ones (pointing and claiming, their direct forms) read apart.
pub fn about(technique: Technique, language: Language) -> String {
    use Technique as T;
    let (english, japanese) = match technique {
        T::FullHouse => (
            "A row, column or box with one empty cell left: that cell takes the one digit the house is missing.",
            "行・列・ブロックに空きマスが1つだけ残れば、そのマスには足りない数字が入る。",
        ),
        T::HiddenSingleBox => (
            "A digit with only one cell left in a box where it can go: it goes there, whatever else that cell could hold.",
            "ブロックの中である数字の入るマスが1つしか残っていなければ、そのマスの他の候補に関わらず、その数字が入る。",
        ),
        T::HiddenSingleLine => (
            "A digit with only one cell left in a row or column where it can go: it goes there.",
            "行または列の中である数字の入るマスが1つしか残っていなければ、その数字はそこに入る。",
        ),
        T::NakedSingle => (
            "A cell that sees every digit but one in its row, column and box: it holds the one digit left.",
            "行・列・ブロックに1つを除くすべての数字があるマスには、残った1つの数字が入る。",
        ),
        T::DirectPointing => (
            "Pointing that is worth making at once: a digit confined to one row or column of a box is ruled out of the rest of that line, and that leaves a hidden single for some digit.",
            "すぐに役立つポインティング：ブロック内で1つの行（列）に限られた数字をその行（列）の他のマスから除くと、ある数字のヒドゥンシングルが生まれる。",
        ),
        T::DirectClaiming => (
            "Claiming that is worth making at once: a digit confined to one box within a row or column is ruled out of the rest of that box, and that leaves a hidden single.",
            "すぐに役立つクレーミング：行（列）の中で1つのブロックに限られた数字をそのブロックの他のマスから除くと、ヒドゥンシングルが生まれる。",
        ),
        T::DirectHiddenPair => (
            "Two digits that fit only the same two cells of a house own those cells; once their other candidates go, some digit is left with one place: a hidden single.",
            "あるハウスで2つの数字が同じ2マスにしか入らなければ、その2マスはその2数字のもの。他の候補を消すと、ある数字の入る場所が1つになる（ヒドゥンシングル）。",
        ),
        T::DirectHiddenTriple => (
            "Three digits that fit only the same three cells of a house own those cells; clearing the cells of other candidates leaves a hidden single.",
            "あるハウスで3つの数字が同じ3マスにしか入らなければ、その3マスはその3数字のもの。他の候補を消すとヒドゥンシングルが生まれる。",
        ),
        T::Pointing => (
            "When a digit's places in a box all lie in one row or column, the digit is in that line within the box, so the line's cells outside the box cannot hold it.",
            "ブロック内である数字の入る場所がすべて1つの行（列）にあれば、その数字はブロック内のその行（列）に入るので、行（列）のブロック外のマスには入らない。",
        ),
        T::Claiming => (
            "When a digit's places in a row or column all lie in one box, the digit is in that box on that line, so the box's other cells cannot hold it.",
            "行（列）である数字の入る場所がすべて1つのブロックにあれば、その数字はブロック内のその行（列）に入るので、ブロックの他のマスには入らない。",
        ),
        T::GeneralizedIntersection => (
            "When a digit's places in any house (a diagonal or a window too) all see one cell, that cell cannot hold the digit.",
            "どのハウス（対角線や窓も）でも、ある数字の入る場所すべてから見えるマスには、その数字は入らない。",
        ),
        T::NakedPair => (
            "Two cells of a house holding only the same two digits: those digits go in those two cells, so no other cell of the house can hold either.",
            "あるハウスの2つのマスの候補が同じ2つの数字だけなら、その2数字はその2マスに入るので、ハウスの他のマスからは消える。",
        ),
        T::NakedTriple => (
            "Three cells of a house whose candidates, together, are only three digits: the three digits fill them, and leave the rest of the house.",
            "あるハウスの3つのマスの候補が合わせて3つの数字だけなら、その3数字はその3マスに入り、ハウスの他のマスからは消える。",
        ),
        T::NakedQuad => (
            "Four cells of a house whose candidates, together, are only four digits: those digits fill them and leave the rest of the house.",
            "あるハウスの4つのマスの候補が合わせて4つの数字だけなら、その4数字はその4マスに入り、ハウスの他のマスからは消える。",
        ),
        T::HiddenPair => (
            "Two digits that fit only the same two cells of a house: those cells hold those digits, so every other candidate in them goes.",
            "あるハウスで2つの数字が同じ2マスにしか入らなければ、その2マスにはその2数字が入るので、そこの他の候補は消える。",
        ),
        T::HiddenTriple => (
            "Three digits that fit only the same three cells of a house: the cells hold those three digits and nothing else.",
            "あるハウスで3つの数字が同じ3マスにしか入らなければ、その3マスにはその3数字だけが入る。",
        ),
        T::HiddenQuad => (
            "Four digits that fit only the same four cells of a house: the cells hold those four digits and nothing else.",
            "あるハウスで4つの数字が同じ4マスにしか入らなければ、その4マスにはその4数字だけが入る。",
        ),
        T::XWing => (
            "A digit with its places in two rows on the same two columns: it takes one corner of the rectangle in each row, so the rest of both columns cannot hold it (and the same with rows and columns swapped).",
            "ある数字の入る場所が2つの行で同じ2つの列だけなら、長方形の対角に入るので、その2列の他のマスには入らない（行と列を入れ替えても同じ）。",
        ),
        T::Swordfish => (
            "A digit whose places in three rows lie in the same three columns: those rows fill the three columns with it, so the columns' other cells cannot hold it.",
            "ある数字の入る場所が3つの行で同じ3つの列に限られれば、その3行がその3列の数字を占めるので、列の他のマスには入らない。",
        ),
        T::Jellyfish => (
            "A digit whose places in four rows lie in the same four columns: the rows fill those columns with it, clearing the columns' other cells.",
            "ある数字の入る場所が4つの行で同じ4つの列に限られれば、その4行がその4列の数字を占め、列の他のマスからは消える。",
        ),
        T::Skyscraper => (
            "Two parallel lines where a digit has two places each, one place of each on a common line: of the two other places one holds the digit, so a cell seeing both cannot.",
            "ある数字が2か所ずつしか入らない平行な2本の線で、片方の場所どうしが同じ線上にあれば、残る2か所のどちらかに入るので、両方を見るマスには入らない。",
        ),
        T::TwoStringKite => (
            "A row and a column where a digit has two places each, one of each in the same box: of the two far ends one holds the digit, so a cell seeing both cannot.",
            "ある数字が2か所ずつしか入らない行と列で、それぞれ1か所ずつが同じブロックにあれば、残る両端のどちらかに入るので、両方を見るマスには入らない。",
        ),
        T::TurbotFish => (
            "Two strong links of a digit (houses where it has two places) joined through a weak link: one end of the chain holds the digit, so a cell seeing both ends cannot.",
            "ある数字の2本の強リンク（2か所しか入らないハウス）を弱リンクでつなぐと、鎖の両端のどちらかに入るので、両端を見るマスには入らない。",
        ),
        T::GroupedTurbotFish => (
            "A turbot fish whose links run through a group of cells (a digit's places in a box on one line) rather than single cells; the ends still rule out cells that see both.",
            "単独のマスの代わりにマスのまとまり（ブロック内で1本の線に並ぶ場所）を通るターボットフィッシュ。両端を見るマスには入らない。",
        ),
        T::ThreeStrongLinks => (
            "Three strong links of one digit joined end to end: one end of the chain holds the digit, so a cell seeing both ends cannot.",
            "ある数字の3本の強リンクを端から端へつなぐと、鎖の両端のどちらかに入るので、両端を見るマスには入らない。",
        ),
        T::FourStrongLinks => (
            "Four strong links of one digit joined end to end: whichever way the digit falls, one end of the chain holds it, and a cell seeing both ends cannot.",
            "ある数字の4本の強リンクを端から端へつなぐと、どう入っても鎖の両端のどちらかに入り、両端を見るマスには入らない。",
        ),
        T::XYWing => (
            "A pivot with two candidates x and y, and two wings seeing it with x and z and y and z: whichever the pivot holds, a wing holds z, so a cell seeing both wings cannot.",
            "候補がxとyの軸と、それを見るxzとyzの翼：軸がどちらでもどちらかの翼がzになるので、両方の翼を見るマスにはzは入らない。",
        ),
        T::XYZWing => (
            "An XY-wing whose pivot also holds z: the pivot or a wing holds z, so only a cell seeing all three cannot.",
            "軸もzを候補に持つXYウィング：軸か翼のどれかがzになるので、3マスすべてを見るマスにはzは入らない。",
        ),
        T::WXYZWing => (
            "Four cells, seeing each other in a chain, whose candidates are four digits: every way of filling them puts z in one of its z-cells, so a cell seeing them all cannot hold z.",
            "互いにつながる4マスの候補が合わせて4数字：どう埋めてもzを持つマスのどれかにzが入るので、それらすべてを見るマスにはzは入らない。",
        ),
        T::VWXYZWing => (
            "The wing pattern over five cells and five digits: however the cells are filled, one of those holding z takes it, ruling z out of cells seeing them all.",
            "5マス・5数字に広げたウィング：どう埋めてもzを持つマスのどれかにzが入り、それらすべてを見るマスからzが消える。",
        ),
        T::UVWXYZWing => (
            "The wing pattern over six cells and six digits: z lands in one of its z-cells, so no cell seeing them all holds z.",
            "6マス・6数字のウィング：zを持つマスのどれかにzが入るので、それらすべてを見るマスにはzは入らない。",
        ),
        T::TUVWXYZWing => (
            "The wing pattern over seven cells and seven digits, the largest the grader tries: z lands in one of its z-cells.",
            "7マス・7数字のウィング（採点で試す最大のもの）：zを持つマスのどれかにzが入る。",
        ),
        T::UniqueRectangle => (
            "Four cells in two rows, two columns and two boxes that could only hold the same two digits would give two solutions; a puzzle has one, so the candidates that would allow it go.",
            "2行・2列・2ブロックにまたがる4マスが同じ2数字だけになると解が2通りになる。解は1つなので、それを許す候補は消える。",
        ),
        T::Bug => (
            "If every open cell had two candidates, the puzzle would have two solutions: the one cell with three must take the digit that breaks the pattern.",
            "すべての空きマスが2択になると解が2通りになる。候補が3つある唯一のマスには、その形を崩す数字が入る。",
        ),
        T::AlignedPairExclusion => (
            "Two cells that see each other: a pair of candidates for them that would empty a cell seeing both is impossible; candidates in no possible pair go.",
            "互いに見る2マスの候補の組のうち、両方を見るマスを空にする組は成り立たない。成り立つ組に現れない候補は消える。",
        ),
        T::AlignedTripletExclusion => (
            "The same test over three cells: triples of candidates that would empty a cell seeing all three are impossible, and candidates in no possible triple go.",
            "同じことを3マスで：3マスすべてを見るマスを空にする候補の組は成り立たず、成り立つ組に現れない候補は消える。",
        ),
        T::Cycles => (
            "A chain of alternating strong and weak links: a candidate at its start that forces its own opposite at its end is false; a loop makes its links' candidates alternate.",
            "強リンクと弱リンクを交互につなぐ鎖：始点の候補が終点で自分自身の否定を導くなら誤り。輪になれば、その候補は真偽が交互に決まる。",
        ),
        T::NishioForcingChain => (
            "Suppose a candidate is true and follow one digit's links: when the digit is left with no place in some house, or two in one, the candidate is false.",
            "ある候補が入ると仮定して1つの数字のリンクをたどり、あるハウスでその数字の入る場所がなくなるか2か所になれば、その候補は誤り。",
        ),
        T::MultipleForcingChain => (
            "Follow every candidate of a cell (or every place of a digit in a house): a conclusion they all reach is true.",
            "あるマスのすべての候補（あるハウスでの数字のすべての場所）から順にたどり、どれからも同じ結論に至れば、それは正しい。",
        ),
        T::DynamicForcingChain => (
            "Follow what a candidate forces through singles as well as links, the grid changing as you go: a candidate that forces a contradiction is false.",
            "リンクに加えてシングルも使い、盤面を更新しながら候補の帰結をたどる：矛盾を導く候補は誤り。",
        ),
        T::DynamicForcingChainPlus => (
            "Dynamic forcing chains that also use intersections, pairs and fish along the way.",
            "途中でポインティング・ペア・井桁も使うダイナミック・フォーシングチェーン。",
        ),
        T::NestedForcingChain => (
            "Forcing chains that call other forcing chains at their steps: the deepest reasoning the scale rates.",
            "途中の一歩ごとに別のフォーシングチェーンを使うフォーシングチェーン：採点尺度で最も深い推論。",
        ),
        T::TrialAndError => (
            "No technique of the scale applies: a digit is set from the solution.",
            "尺度のどの技法も使えないので、解から数字を入れる。",
        ),
        T::CageCombination => (
            "Only some sets of different digits make a cage's sum (3 in two cells is 1+2; 17 in two cells is 8+9): its cells keep only the digits of the sets that still fit.",
            "ケージの合計になる異なる数字の組み合わせは限られる（2マスで3なら1+2、17なら8+9）。まだ当てはまる組み合わせの数字だけがケージのマスに残る。",
        ),
        T::CombinationLocking => (
            "A digit every possible combination of a cage needs, whose places in the cage lie in one house, leaves the rest of that house; and a digit whose places in a house all lie in one cage rules out the cage's combinations without it.",
            "ケージのどの組み合わせにも入る数字が、ケージ内で1つのハウスにしか入らなければ、そのハウスの他のマスには入らない。ハウス内である数字の入る場所が1つのケージに限られれば、その数字を含まない組み合わせは成り立たない。",
        ),
        T::InniesOuties => (
            "Every row, column and box adds up to 45 (21 on 6×6, 10 on 4×4). Take one or more of them: the cages wholly inside add up to their sums, so the cells left inside (innies) make up the rest; the cells of crossing cages that stick out (outies) make up the excess.",
            "行・列・ブロックの合計はどれも45（6×6なら21、4×4なら10）。いくつかのハウスを取ると、内側に収まるケージの合計を引いた残りが、はみ出すケージの内側のマスの合計になる。外にはみ出したマスの合計も同じように決まる。",
        ),
        T::CageSplitting => (
            "When the rule of 45 fixes the sum of the part of a cage inside some houses, the rest of the cage makes up the difference: the cage splits into two smaller cages.",
            "45の法則でケージの一部（ハウスの内側の部分）の合計が決まれば、残りの部分の合計も決まり、ケージは2つの小さなケージに分かれる。",
        ),
        T::KillerContradiction => (
            "Suppose a candidate is true and follow the cages and houses: when some cell is left without a digit, or a cage cannot make its sum, the candidate is false.",
            "ある候補が入ると仮定してケージとハウスの規則をたどり、数字の入らないマスや合計の作れないケージが出れば、その候補は誤りである。",
        ),
    };
    match language {
        Language::English => english,
        Language::Japanese => japanese,
    }
    .to_string()
}

/// A step in Japanese, in full or (`brief`) once the technique has been worded in full.
fn japanese_text(step: &Step, geometry: &Geometry, brief: bool) -> String {
    let mut outcome = outcome_japanese(step);
    if is_direct(step.technique) {
        outcome = format!("残るヒドゥンシングルで{outcome}");
    }
    let digits = digits_text(&step.digits, false);
    let cells = cells_text(&step.cells, "・");
    let mut name = japanese_name(step.technique).to_string();
    let printed = crate::sudoku::techniques::printed_step_name(step.technique, &step.name);
    if printed != crate::sudoku::techniques::printed_name(step.technique, false) {
        name = format!("{name}（{printed}）");
    }
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
            match (intersection(step, pointing, geometry, false), brief) {
                ((from, Some(to)), false) => format!(
                    "{name}：{from}では{digits}は{to}（{cells}）にしか入らないので、{to}の他のマスには入らない：{outcome}。"
                ),
                ((from, Some(to)), true) => {
                    format!("{name}：{from}の{digits}は{to}（{cells}）に限られる：{outcome}。")
                }
                ((from, None), false) => format!(
                    "{name}：{from}では{digits}は{cells}のどれかに入るので、それらすべてを見るマスには入らない：{outcome}。"
                ),
                ((from, None), true) => {
                    format!("{name}：{from}の{digits}は{cells}に限られる：{outcome}。")
                }
            }
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad if brief => {
            format!("{name}：{cells}に{digits}：{outcome}。")
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
            "{name}：{cells}には{digits}しか入らないので、これらすべてを見るマスには{digits}は入らない：{outcome}。"
        ),
        Technique::HiddenPair
        | Technique::HiddenTriple
        | Technique::HiddenQuad
        | Technique::DirectHiddenPair
        | Technique::DirectHiddenTriple => {
            let house = common_house(&step.cells, false, geometry, false).unwrap_or_default();
            if brief {
                format!("{name}：{house}の{digits}は{cells}だけ：{outcome}。")
            } else {
                format!(
                    "{name}：{house}では{digits}は{cells}にしか入らないので、これらのマスに他の数字は入らない：{outcome}。"
                )
            }
        }
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let (base, cover, rows) = fish_lines(step);
            let (base_word, cover_word) = if rows {
                ("行目", "列目")
            } else {
                ("列目", "行目")
            };
            let lines = |numbers: &[usize], word: &str| -> String {
                numbers
                    .iter()
                    .map(|n| format!("{}{word}", n + 1))
                    .collect::<Vec<_>>()
                    .join("・")
            };
            if brief {
                format!(
                    "{name}：{digits}、{}／{}：{outcome}。",
                    lines(&base, base_word),
                    lines(&cover, cover_word)
                )
            } else {
                let cover_house = if rows { "列" } else { "行" };
                format!(
                    "{name}：{digits}は{}では{}にしか入らないので、その{cover_house}の他のマスには入らない：{outcome}。",
                    lines(&base, base_word),
                    lines(&cover, cover_word)
                )
            }
        }
        _ if !step.explanation.is_empty()
            && step.explanation.chars().count() <= LONGEST_ACCOUNT
            && step.explanation.contains('→') =>
        {
            let chain: Vec<String> = step
                .explanation
                .lines()
                .flat_map(|line| line.split(": ").skip(1).take(1))
                .map(|part| part.trim_end_matches('.').to_string())
                .filter(|part| part.contains('→'))
                .collect();
            format!("{name}：{}。よって{outcome}。", chain.join("／"))
        }
        _ if deductions(step) > 1 => {
            format!("{name}（{}段の推論、省略）：{outcome}。", deductions(step))
        }
        _ if step.cells.is_empty() => format!("{name}：{outcome}。"),
        _ => format!("{name}：{digits}、{cells}。{outcome}。"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(count: usize) -> Vec<Grid> {
        include_str!("../../../tests/data/se-rated.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .step_by(7)
            .take(count)
            .filter_map(|line| line.split_whitespace().next()?.parse().ok())
            .collect()
    }

    /// Every grader step a reader needs is retold exactly once, in order, and the others
    /// are listed as skipped; runs of singles only in singles steps; the moments replay
    /// the told steps to the solution; at most [`MOST_DIAGRAMS`] diagrams.
    #[test]
    fn walkthroughs_retell_the_needed_path() {
        let (mut beyond, mut skipped) = (0, 0);
        for puzzle in rated(60) {
            let walk = walkthrough(&puzzle).unwrap();
            let mut told: Vec<usize> = walk.steps.iter().flat_map(|s| s.path.clone()).collect();
            assert!(
                told.windows(2).all(|pair| pair[0] < pair[1]),
                "in order, once"
            );
            told.extend_from_slice(&walk.skipped);
            told.sort_unstable();
            assert_eq!(told, (0..walk.path.len()).collect::<Vec<_>>());
            assert!(
                walk.skipped
                    .iter()
                    .all(|&i| !is_single(walk.path[i].technique))
            );
            skipped += walk.skipped.len();
            assert!(walk.steps.iter().filter(|s| s.diagram).count() <= MOST_DIAGRAMS);
            let mut board = Board::new(&puzzle);
            for step in &walk.steps {
                let steps: Vec<&Step> = step.path.iter().map(|&i| &walk.path[i]).collect();
                assert_eq!(step.singles, steps.iter().all(|s| is_single(s.technique)));
                if !step.singles {
                    beyond += 1;
                    // Identical steps told as one share their pattern.
                    assert!(steps.iter().all(|s| same_pattern(s, steps[0])));
                    let placed = |cell: u8| {
                        steps
                            .iter()
                            .any(|s| s.placements.iter().any(|p| p.0 == cell))
                    };
                    for &(cell, digit) in &step.moment.eliminations {
                        assert!(!placed(cell));
                        assert!(
                            steps
                                .iter()
                                .any(|s| s.eliminations.contains(&(cell, digit)))
                        );
                        assert!(board.candidates[usize::from(cell)] >> (digit - 1) & 1 == 1);
                    }
                    assert!(
                        steps[0]
                            .cells
                            .iter()
                            .all(|c| step.moment.pattern.contains(c))
                    );
                }
                assert_eq!(step.moment.values, board.values);
                for cell in 0..81 {
                    let open = board.values[cell] == 0;
                    assert_eq!(step.moment.candidates[cell] != 0, open);
                    if open {
                        assert_eq!(step.moment.candidates[cell], board.candidates[cell]);
                    }
                }
                for s in steps {
                    apply(&mut board, s);
                }
                assert!(!step.english.is_empty() && !step.japanese.is_empty());
            }
            assert!(board.is_solved());
        }
        assert!(beyond > 30, "only {beyond} steps beyond singles");
        assert!(skipped > 0, "nothing left out");
    }

    /// Runs of singles are grouped by digit, cells in reading order; the run that
    /// finishes the grid is only counted.
    #[test]
    fn singles_are_grouped_by_digit() {
        let named = |cells: &[(u8, u8)]| -> Vec<(String, String, u8)> {
            cells
                .iter()
                .map(|&(cell, digit)| (cell_name(usize::from(cell)), digit.to_string(), digit))
                .collect()
        };
        let (english, japanese) = singles_words(
            &[
                Technique::HiddenSingleBox,
                Technique::HiddenSingleLine,
                Technique::HiddenSingleBox,
            ],
            &named(&[(2, 4), (10, 7), (40, 4)]),
            false,
        );
        assert_eq!(english, "Hidden singles: 4 in r1c3 and r5c5; 7 in r2c2.");
        assert_eq!(japanese, "ヒドゥンシングル：4はr1c3・r5c5、7はr2c2。");
        let (english, _) = singles_words(
            &[Technique::FullHouse, Technique::NakedSingle],
            &named(&[(2, 4), (10, 7)]),
            false,
        );
        assert_eq!(english, "Singles: 4 in r1c3; 7 in r2c2.");
        let (english, japanese) = singles_words(&[Technique::FullHouse], &named(&[(2, 4)]), true);
        assert_eq!(english, "Singles finish the grid (1 cells).");
        assert!(japanese.contains('1'));
    }

    #[test]
    fn fish_read_in_words() {
        let step = Step {
            technique: Technique::XWing,
            name: "X-Wing".into(),
            rating_tenths: 32,
            placements: vec![],
            eliminations: vec![(29, 7), (79, 7)],
            cells: vec![11, 16, 47, 52],
            digits: vec![7],
            explanation: String::new(),
        };
        assert_eq!(
            english_text(&step, ExtraHouses::None.geometry(), false),
            "X-Wing on 7: in rows 2 and 6, 7 must be in columns 3 and 8, so the rest of those \
             columns cannot hold it: r4c3 and r9c8 are not 7."
        );
        assert!(
            japanese_text(&step, ExtraHouses::None.geometry(), false)
                .starts_with("井桁（X-Wing）：7は2行目・6行目では3列目・8列目")
        );
        // Once worded in full, briefly.
        assert_eq!(
            english_text(&step, ExtraHouses::None.geometry(), true),
            "X-Wing on 7, rows 2 and 6 and columns 3 and 8: r4c3 and r9c8 are not 7."
        );
    }

    fn intersection_step(cells: Vec<u8>, eliminations: Vec<(u8, u8)>) -> Step {
        Step {
            technique: Technique::GeneralizedIntersection,
            name: "Generalized Intersection".into(),
            rating_tenths: 29,
            placements: vec![],
            digits: vec![eliminations[0].1],
            eliminations,
            cells,
            explanation: String::new(),
        }
    }

    /// Intersections with extra houses name them: a window, or the cells that see the
    /// pattern when it shares no second house (a diagonal links them).
    #[test]
    fn intersections_name_extra_houses() {
        let windoku = ExtraHouses::Windoku.geometry();
        // Box 3's 1s in r2c7, r2c8, r3c7: all in window 2, so r4c7 (window 2) loses its 1.
        let step = intersection_step(vec![15, 16, 24], vec![(33, 1)]);
        assert_eq!(
            english_text(&step, windoku, false),
            "Generalized Intersection: in box 3, 1 can only go in window 2 (r2c7, r2c8 and \
             r3c7), so no other cell of window 2 can hold it: r4c7 is not 1."
        );
        assert!(japanese_text(&step, windoku, false).contains("ブロック3では1は窓2"));
        // X-sudoku: row 2's 9s in r2c2 (main diagonal) and r2c7; r7c7 sees both.
        let x = ExtraHouses::X.geometry();
        let step = intersection_step(vec![10, 15], vec![(60, 9)]);
        assert_eq!(
            english_text(&step, x, false),
            "Generalized Intersection: in row 2, 9 can only go in r2c2 or r2c7, so no cell \
             that sees them all can hold it: r7c7 is not 9."
        );
        // Classic pointing keeps its words.
        let mut step = intersection_step(vec![0, 1], vec![(5, 4)]);
        step.technique = Technique::Pointing;
        step.name = "Pointing".into();
        assert_eq!(
            english_text(&step, ExtraHouses::None.geometry(), false),
            "Pointing: in box 1, 4 can only go in row 1 (r1c1 and r1c2), so no other cell of \
             row 1 can hold it: r1c6 is not 4."
        );
    }

    #[test]
    fn chain_accounts_become_links() {
        let found = potentials("Forcing Chain: r4c7=5 → r4c2≠5 → r6c2=5");
        assert_eq!(
            found,
            vec![((33, 5), true), ((28, 5), false), ((46, 5), true)]
        );
    }
}
