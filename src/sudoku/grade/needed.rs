//! Which of the grader's steps a reader needs.
//!
//! The grader takes the easiest step it finds, whether or not anything later uses what it
//! removes: a hard puzzle's path holds many eliminations the solution never comes back
//! to. A walkthrough that tells only the steps a reader needs is shorter and easier to
//! follow, and still the grader's own reasoning, step for step.
//!
//! A step beyond singles can be left out when every later step still holds without what
//! it removed. What a step relies on is its *support*: the candidates its pattern reads
//! (every candidate of its pattern's cells, and its digits across the houses its pattern
//! lies in; everything, for the rules that read the whole grid: BUG, aligned exclusions,
//! dynamic and nested chains). Leaving steps out only ever leaves more candidates, so a
//! later step holds when its support reads the same as in the grader's position, and a
//! single holds when its digit still has one place in a house (or its cell one
//! candidate). Steps are tried for leaving out from the last to the first; each try
//! replays the path, so the result is exact for the replay, not a guess. The hardest
//! steps always stay: without them some puzzles have an easier way through, which would
//! not be the reasoning their rating measured.

use super::Step;
use super::board::{Board, Geometry, HOUSE_SETS};
use super::hint::Technique;
use super::walkthrough::{apply, is_single, open_candidates, potentials};
use crate::sudoku::grid::Grid;

/// What a step reads: the digits (9-bit mask) of each cell it relies on; `None` when it
/// relies on the whole position.
type Support = Option<[u16; 81]>;

/// For each step of `path` (a grading of `puzzle` on `geometry`, steps recorded), whether
/// a reader needs it: singles always (they fill the grid), other steps unless everything
/// after them holds without them.
pub fn needed(puzzle: &Grid, path: &[Step], geometry: &'static Geometry) -> Vec<bool> {
    let mut board = Board::with_geometry(puzzle, geometry);
    // The position before each step beyond singles, and what the step reads of it.
    let mut before: Vec<[u16; 81]> = Vec::new();
    let mut supports: Vec<Support> = Vec::new();
    for step in path {
        if !is_single(step.technique) {
            before.push(open_candidates(&board));
            supports.push(support(step, &board));
        }
        apply(&mut board, step);
    }
    let steps: Vec<(u16, bool)> = path
        .iter()
        .map(|step| (step.rating_tenths, is_single(step.technique)))
        .collect();
    keep_needed(&steps, |left_out| {
        holds(puzzle, path, geometry, left_out, &before, &supports)
    })
}

/// Which steps of a path a walkthrough tells, from each step's (rating, is a single): every
/// single and every step of the path's hardest rating (a walkthrough shows the reasoning
/// the rating measured, even where an easier way round it exists), and each other step
/// unless `holds` says the path still solves without it. `holds` takes which of the steps
/// beyond singles are left out; the latest are tried first.
pub(crate) fn keep_needed(
    steps: &[(u16, bool)],
    mut holds: impl FnMut(&[bool]) -> bool,
) -> Vec<bool> {
    let hardest = steps.iter().map(|&(rating, _)| rating).max().unwrap_or(0);
    let ratings: Vec<u16> = steps
        .iter()
        .filter(|&&(_, single)| !single)
        .map(|&(rating, _)| rating)
        .collect();
    let mut left_out = vec![false; ratings.len()];
    for index in (0..left_out.len()).rev() {
        if ratings[index] == hardest {
            continue;
        }
        left_out[index] = true;
        if !holds(&left_out) {
            left_out[index] = false;
        }
    }
    let mut beyond = 0;
    steps
        .iter()
        .map(|&(_, single)| {
            if single {
                return true;
            }
            beyond += 1;
            !left_out[beyond - 1]
        })
        .collect()
}

/// True when the path without the steps `left_out` (by their index among the steps
/// beyond singles) still solves the puzzle, every step holding where it is told.
fn holds(
    puzzle: &Grid,
    path: &[Step],
    geometry: &'static Geometry,
    left_out: &[bool],
    before: &[[u16; 81]],
    supports: &[Support],
) -> bool {
    let mut board = Board::with_geometry(puzzle, geometry);
    let mut beyond = 0;
    for step in path {
        if is_single(step.technique) {
            if !step
                .placements
                .iter()
                .all(|&placement| single_holds(&board, placement))
            {
                return false;
            }
            apply(&mut board, step);
            continue;
        }
        let index = beyond;
        beyond += 1;
        if left_out[index] {
            continue;
        }
        let now = open_candidates(&board);
        let same = match &supports[index] {
            None => now == before[index],
            Some(support) => {
                (0..81).all(|cell| now[cell] & support[cell] == before[index][cell] & support[cell])
            }
        };
        if !same {
            return false;
        }
        apply(&mut board, step);
    }
    board.is_solved()
}

/// True when `digit` is a single in `cell`: the cell's only candidate, or the digit's only
/// place in a house.
fn single_holds(board: &Board, (cell, digit): (u8, u8)) -> bool {
    let cell = usize::from(cell);
    if board.values[cell] != 0 {
        return board.values[cell] == digit;
    }
    board.candidates[cell] == 1 << (digit - 1)
        || houses(board.geometry).any(|house| {
            HOUSE_SETS[house] >> cell & 1 == 1 && board.cells_for(house, digit) == 1 << cell
        })
}

fn houses(geometry: &Geometry) -> impl Iterator<Item = usize> + '_ {
    (0..27).chain(geometry.extra_houses.iter().copied())
}

/// The rules that read the whole position.
fn reads_everything(technique: Technique) -> bool {
    use Technique as T;
    matches!(
        technique,
        T::Bug
            | T::AlignedPairExclusion
            | T::AlignedTripletExclusion
            | T::NishioForcingChain
            | T::MultipleForcingChain
            | T::DynamicForcingChain
            | T::DynamicForcingChainPlus
            | T::NestedForcingChain
            | T::TrialAndError
    )
}

/// What `step` reads of `board`, the position it was found in (see the module docs).
fn support(step: &Step, board: &Board) -> Support {
    use Technique as T;
    if reads_everything(step.technique) {
        return None;
    }
    let mut cells: Vec<u8> = step.cells.clone();
    let mut digits: Vec<u8> = step.digits.clone();
    for ((cell, digit), _) in potentials(&step.explanation) {
        cells.push(cell);
        digits.push(digit);
    }
    cells.sort_unstable();
    cells.dedup();
    digits.sort_unstable();
    digits.dedup();
    let pattern = cells.iter().fold(0u128, |set, &cell| set | 1 << cell);
    let mut support = [0u16; 81];
    let every_candidate = |support: &mut [u16; 81]| {
        for &cell in &cells {
            support[usize::from(cell)] = 0x1ff;
        }
    };
    // The pattern's digits across the houses holding at least `least` of its cells.
    let digits_in_houses = |support: &mut [u16; 81], least: u32| {
        let mask = digits
            .iter()
            .fold(0u16, |mask, &digit| mask | 1 << (digit - 1));
        let least = least.min(pattern.count_ones());
        for house in houses(board.geometry) {
            if (HOUSE_SETS[house] & pattern).count_ones() >= least {
                for cell in (0..81).filter(|&cell| HOUSE_SETS[house] >> cell & 1 == 1) {
                    support[cell] |= mask;
                }
            }
        }
    };
    match step.technique {
        T::FullHouse => {}
        T::NakedSingle => every_candidate(&mut support),
        T::HiddenSingleBox | T::HiddenSingleLine => digits_in_houses(&mut support, 1),
        T::NakedPair
        | T::NakedTriple
        | T::NakedQuad
        | T::XYWing
        | T::XYZWing
        | T::WXYZWing
        | T::VWXYZWing
        | T::UVWXYZWing
        | T::TUVWXYZWing => every_candidate(&mut support),
        T::HiddenPair
        | T::HiddenTriple
        | T::HiddenQuad
        | T::Pointing
        | T::Claiming
        | T::GeneralizedIntersection => digits_in_houses(&mut support, u32::MAX),
        T::DirectHiddenPair | T::DirectHiddenTriple | T::DirectPointing | T::DirectClaiming => {
            digits_in_houses(&mut support, u32::MAX);
            // The single the pattern leaves: its digit in every house of its cell, and the
            // cell's candidates.
            for &(cell, digit) in &step.placements {
                let cell = usize::from(cell);
                support[cell] = 0x1ff;
                for house in houses(board.geometry).filter(|&h| HOUSE_SETS[h] >> cell & 1 == 1) {
                    for other in (0..81).filter(|&other| HOUSE_SETS[house] >> other & 1 == 1) {
                        support[other] |= 1 << (digit - 1);
                    }
                }
            }
        }
        T::XWing | T::Swordfish | T::Jellyfish => digits_in_houses(&mut support, 1),
        _ => {
            every_candidate(&mut support);
            digits_in_houses(&mut support, 2);
        }
    }
    Some(support)
}
