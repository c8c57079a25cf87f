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

/// At most this many singles are listed in one step.
const SINGLES_PER_STEP: usize = 18;

/// A chain step's account is printed when it is at most this long (characters); longer
/// accounts (dynamic and nested chains) are summarised.
const LONGEST_ACCOUNT: usize = 360;

/// At most this many links of a chain are drawn.
const MOST_LINKS: usize = 40;

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
    /// A run of singles (no diagram of its own) or a step beyond singles.
    pub singles: bool,
    /// The grader's steps this one retells.
    pub path: std::ops::Range<usize>,
    pub english: String,
    pub japanese: String,
    pub moment: Moment,
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

/// [`retell`] for a grading with `extra` houses.
pub fn retell_in(puzzle: &Grid, path: Vec<Step>, extra: ExtraHouses) -> Walkthrough {
    let mut board = Board::with_geometry(puzzle, extra.geometry());
    let mut steps = Vec::new();
    let mut index = 0;
    while index < path.len() {
        let start = index;
        let before = (board.values, open_candidates(&board));
        if is_single(path[index].technique) {
            let run = path[index..]
                .iter()
                .take_while(|step| is_single(step.technique))
                .count();
            // Long runs are cut into nearly equal steps of at most SINGLES_PER_STEP.
            let pieces = run.div_ceil(SINGLES_PER_STEP);
            let length = run.div_ceil(pieces);
            while index < path.len() && is_single(path[index].technique) && index - start < length {
                apply(&mut board, &path[index]);
                index += 1;
            }
            steps.push(singles_step(
                &path[start..index],
                start..index,
                before,
                extra,
            ));
        } else {
            let step = &path[index];
            let board_before = board;
            apply(&mut board, step);
            index += 1;
            steps.push(technique_step(step, start..index, &board_before));
        }
    }
    Walkthrough { steps, path }
}

/// The candidates of the empty cells (0 for filled ones).
fn open_candidates(board: &Board) -> [u16; 81] {
    let mut candidates = board.candidates;
    for (cell, &value) in board.values.iter().enumerate() {
        if value != 0 {
            candidates[cell] = 0;
        }
    }
    candidates
}

fn apply(board: &mut Board, step: &Step) {
    for &(cell, digit) in &step.eliminations {
        board.eliminate(cell as usize, digit);
    }
    for &(cell, digit) in &step.placements {
        if board.values[cell as usize] == 0 {
            board.place(cell as usize, digit);
        }
    }
}

/// The words of a run of singles of `techniques` that place `list` (`r1c3=5`, …): "Fill
/// 14 hidden singles: …" and its Japanese. Shared by the walkthroughs of both graders.
pub fn singles_words(techniques: &[Technique], list: &[String]) -> (String, String) {
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
    let present: Vec<_> = kinds.iter().filter(|kind| kind.0 > 0).collect();
    let english_name = |&&(n, (one, many), _): &&(usize, (&str, &str), &str)| {
        format!("{n} {}", if n == 1 { one } else { many })
    };
    let english = match present.as_slice() {
        [only] => format!("Fill {}: {}.", english_name(only), list.join(", ")),
        _ => format!(
            "Fill {} singles ({}): {}.",
            techniques.len(),
            present
                .iter()
                .map(english_name)
                .collect::<Vec<_>>()
                .join(", "),
            list.join(", ")
        ),
    };
    let japanese = format!(
        "シングルで{}マス確定（{}）：{}。",
        techniques.len(),
        present
            .iter()
            .map(|kind| format!("{}{}", kind.2, kind.0))
            .collect::<Vec<_>>()
            .join("・"),
        list.join("、")
    );
    (english, japanese)
}

fn singles_step(
    run: &[Step],
    path: std::ops::Range<usize>,
    (values, candidates): ([u8; 81], [u16; 81]),
    extra: ExtraHouses,
) -> WalkStep {
    let placements: Vec<(u8, u8)> = run.iter().flat_map(|s| s.placements.clone()).collect();
    let list = placements
        .iter()
        .map(|&(cell, digit)| format!("{}={digit}", cell_name(cell as usize)))
        .collect::<Vec<_>>();
    let techniques: Vec<Technique> = run.iter().map(|step| step.technique).collect();
    let (english, japanese) = singles_words(&techniques, &list);
    let mut targets: Vec<u8> = placements.iter().map(|&(cell, _)| cell).collect();
    targets.sort_unstable();
    WalkStep {
        singles: true,
        path,
        english,
        japanese,
        moment: Moment {
            values,
            candidates,
            placements,
            eliminations: Vec::new(),
            pattern: Vec::new(),
            digits: Vec::new(),
            targets,
            links: Vec::new(),
            pencil_marks: false,
            extra,
        },
    }
}

fn technique_step(step: &Step, path: std::ops::Range<usize>, board: &Board) -> WalkStep {
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
        english: english_text(step, board.geometry),
        japanese: japanese_text(step, board.geometry),
        moment: Moment {
            values: board.values,
            candidates,
            placements: step.placements.clone(),
            eliminations: step
                .eliminations
                .iter()
                .copied()
                .filter(|&(cell, _)| !step.placements.iter().any(|p| p.0 == cell))
                .collect(),
            pattern,
            digits: step.digits.clone(),
            targets,
            links,
            pencil_marks: true,
            extra: board.geometry.extra,
        },
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
fn potentials(text: &str) -> Vec<((u8, u8), bool)> {
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

fn english_text(step: &Step, geometry: &Geometry) -> String {
    let mut outcome = outcome_english(step);
    if is_direct(step.technique) {
        outcome = format!("that leaves a hidden single, {outcome}");
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
            match intersection(step, pointing, geometry, true) {
                (from, Some(to)) => format!(
                    "{name}: in {from}, {digits} can only go in {to} ({cells}), so no other cell of {to} can hold it: {outcome}."
                ),
                // X-sudoku and windoku: the cells share no second house, but some cells see
                // them all.
                (from, None) => format!(
                    "{name}: in {from}, {digits} can only go in {}, so no cell that sees them all can hold it: {outcome}.",
                    english_or(&names)
                ),
            }
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
            format!(
                "{name}: in {house}, {digits} fit only {cells}, so those cells hold nothing else: {outcome}."
            )
        }
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let (base, cover, rows) = fish_lines(step);
            let (base_word, cover_word) = if rows {
                ("rows", "columns")
            } else {
                ("columns", "rows")
            };
            format!(
                "{name} on {digits}: in {base_word} {}, {digits} must be in {cover_word} {}, so the rest of those {cover_word} cannot hold it: {outcome}.",
                numbers(&base, true),
                numbers(&cover, true)
            )
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

/// What a technique looks for, for the techniques chapter.
pub fn about(technique: Technique, language: Language) -> String {
    use Technique as T;
    let (english, japanese) = match technique {
        T::DirectPointing
        | T::DirectClaiming
        | T::Pointing
        | T::Claiming
        | T::GeneralizedIntersection => (
            "When a digit's places in a box all lie in one row or column, that line's other cells cannot hold it; and when a line's places all lie in one box, the box's other cells cannot hold it.",
            "ブロック内である数字の入る場所が1つの行（列）に限られれば、その行（列）の他のマスにはその数字は入らない。行（列）内で1つのブロックに限られる場合も同様。",
        ),
        T::DirectHiddenPair
        | T::DirectHiddenTriple
        | T::HiddenPair
        | T::HiddenTriple
        | T::HiddenQuad => (
            "When two (three, four) digits fit only the same two (three, four) cells of a house, those cells hold those digits and nothing else.",
            "あるハウス（行・列・ブロック）で2つ（3つ、4つ）の数字が同じ2つ（3つ、4つ）のマスにしか入らなければ、そのマスには他の数字は入らない。",
        ),
        T::NakedPair | T::NakedTriple | T::NakedQuad => (
            "When two (three, four) cells of a house hold only the same two (three, four) digits between them, no other cell of the house can hold those digits.",
            "あるハウス（行・列・ブロック）で2つ（3つ、4つ）のマスの候補が合わせて同じ2つ（3つ、4つ）の数字だけなら、そのハウスの他のマスにはそれらの数字は入らない。",
        ),
        T::XWing | T::Swordfish | T::Jellyfish => (
            "When a digit's places in two (three, four) rows lie in the same two (three, four) columns, the digit fills those columns from these rows: the columns' other cells cannot hold it (and the same with rows and columns swapped).",
            "ある数字の入る場所が2つ（3つ、4つ）の行で同じ2つ（3つ、4つ）の列に限られれば、その列の他のマスにはその数字は入らない（行と列を入れ替えても同じ）。",
        ),
        T::Skyscraper
        | T::TwoStringKite
        | T::TurbotFish
        | T::GroupedTurbotFish
        | T::ThreeStrongLinks
        | T::FourStrongLinks => (
            "Strong links (a digit with two places in a house) joined end to end: one end of the chain holds the digit, so a cell seeing both ends cannot.",
            "強リンク（あるハウスに2か所しか入らない数字）をつなぐと、鎖の両端のどちらかにその数字が入る。両端を両方とも見るマスには入らない。",
        ),
        T::XYWing | T::XYZWing | T::WXYZWing | T::VWXYZWing | T::UVWXYZWing | T::TUVWXYZWing => (
            "A pivot cell and wings that see it, whose candidates share one digit z: whichever way the pivot goes, some wing holds z, so a cell seeing every cell with z cannot.",
            "軸のマスとそれを見る翼のマスの候補が共通の数字zを持つ。軸がどの数字でも翼のどれかがzになるので、zを持つすべてのマスを見るマスにはzは入らない。",
        ),
        T::UniqueRectangle | T::Bug => (
            "A puzzle has one solution, so no position may leave two ways to finish it (a rectangle of two digits, or every cell with two candidates); the candidates that would allow it go.",
            "答えは1つなので、2通りの完成を許す形（2つの数字の長方形、すべてのマスが2択）にはならない。それを許す候補は消える。",
        ),
        T::AlignedPairExclusion | T::AlignedTripletExclusion => (
            "Two (three) cells that see each other: every combination of their candidates that would empty some cell is impossible, and candidates left in no combination go.",
            "互いに見る2つ（3つ）のマスの候補の組み合わせのうち、他のマスを空にするものは成り立たない。どの組み合わせにも残らない候補は消える。",
        ),
        T::Cycles
        | T::NishioForcingChain
        | T::MultipleForcingChain
        | T::DynamicForcingChain
        | T::DynamicForcingChainPlus
        | T::NestedForcingChain => (
            "Follow what one candidate being true (or false) forces, link by link: a strong link turns a false end true, a weak link a true end false. A candidate that forces a contradiction, or its own opposite, is false.",
            "ある候補が入る（入らない）と仮定して、強リンク・弱リンクを順にたどる。矛盾や自分自身の否定に行き着く候補は誤りである。",
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
        T::FullHouse
        | T::HiddenSingleBox
        | T::HiddenSingleLine
        | T::NakedSingle
        | T::TrialAndError => (
            "A digit with one place left in a house, or a cell with one candidate left.",
            "ハウスの中で入る場所が1つだけの数字、または候補が1つだけのマス。",
        ),
    };
    match language {
        Language::English => english,
        Language::Japanese => japanese,
    }
    .to_string()
}

fn japanese_text(step: &Step, geometry: &Geometry) -> String {
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
            match intersection(step, pointing, geometry, false) {
                (from, Some(to)) => format!(
                    "{name}：{from}では{digits}は{to}（{cells}）にしか入らないので、{to}の他のマスには入らない：{outcome}。"
                ),
                (from, None) => format!(
                    "{name}：{from}では{digits}は{cells}のどれかに入るので、それらすべてを見るマスには入らない：{outcome}。"
                ),
            }
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
            format!(
                "{name}：{house}では{digits}は{cells}にしか入らないので、これらのマスに他の数字は入らない：{outcome}。"
            )
        }
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let (base, cover, rows) = fish_lines(step);
            let (base_word, cover_word) = if rows { ("行", "列") } else { ("列", "行") };
            format!(
                "{name}：{digits}は{}{base_word}目では{}{cover_word}目にしか入らないので、その{cover_word}の他のマスには入らない：{outcome}。",
                numbers(&base, false),
                numbers(&cover, false)
            )
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

    /// Every grader step is retold exactly once, in order; runs of singles only in
    /// singles steps; the moments replay the path to the solution.
    #[test]
    fn walkthroughs_retell_the_whole_path() {
        let mut beyond = 0;
        for puzzle in rated(60) {
            let walk = walkthrough(&puzzle).unwrap();
            let mut next = 0;
            let mut board = Board::new(&puzzle);
            for step in &walk.steps {
                assert_eq!(step.path.start, next);
                next = step.path.end;
                let steps = &walk.path[step.path.clone()];
                assert_eq!(step.singles, steps.iter().all(|s| is_single(s.technique)));
                if !step.singles {
                    beyond += 1;
                    assert_eq!(steps.len(), 1);
                    let placed = |cell: u8| steps[0].placements.iter().any(|p| p.0 == cell);
                    let unplaced: Vec<(u8, u8)> = steps[0]
                        .eliminations
                        .iter()
                        .copied()
                        .filter(|&(cell, _)| !placed(cell))
                        .collect();
                    assert_eq!(step.moment.eliminations, unplaced);
                    assert!(
                        steps[0]
                            .cells
                            .iter()
                            .all(|c| step.moment.pattern.contains(c))
                    );
                    assert_eq!(
                        step.moment.candidates[0] & u16::from(board.values[0] != 0),
                        0
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
            assert_eq!(next, walk.path.len());
            assert!(board.is_solved());
        }
        assert!(beyond > 30, "only {beyond} steps beyond singles");
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
            english_text(&step, ExtraHouses::None.geometry()),
            "X-Wing on 7: in rows 2 and 6, 7 must be in columns 3 and 8, so the rest of those \
             columns cannot hold it: r4c3 and r9c8 are not 7."
        );
        assert!(
            japanese_text(&step, ExtraHouses::None.geometry())
                .starts_with("井桁（X-Wing）：7は2・6行目では3・8列目")
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
            english_text(&step, windoku),
            "Generalized Intersection: in box 3, 1 can only go in window 2 (r2c7, r2c8 and \
             r3c7), so no other cell of window 2 can hold it: r4c7 is not 1."
        );
        assert!(japanese_text(&step, windoku).contains("ブロック3では1は窓2"));
        // X-sudoku: row 2's 9s in r2c2 (main diagonal) and r2c7; r7c7 sees both.
        let x = ExtraHouses::X.geometry();
        let step = intersection_step(vec![10, 15], vec![(60, 9)]);
        assert_eq!(
            english_text(&step, x),
            "Generalized Intersection: in row 2, 9 can only go in r2c2 or r2c7, so no cell \
             that sees them all can hold it: r7c7 is not 9."
        );
        // Classic pointing keeps its words.
        let mut step = intersection_step(vec![0, 1], vec![(5, 4)]);
        step.technique = Technique::Pointing;
        step.name = "Pointing".into();
        assert_eq!(
            english_text(&step, ExtraHouses::None.geometry()),
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
