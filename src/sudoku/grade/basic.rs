//! Singles, intersections, naked and hidden sets, and basic fish.
//!
//! Each finder returns the hint Sudoku Explainer would take first from the same rule, so
//! the search orders below (region types block → column → row, digit tuples in increasing
//! binary order, …) are part of the behaviour, not an accident: with several hints available
//! the one chosen decides the rest of the solve path.

use super::board::{
    BLOCK, Board, COLUMN, CellSet, HOUSE_CELLS, HOUSE_SETS, ROW, WINDOW, bit, cells_of, count,
    digits_of, house_of,
};
use super::hint::{Eliminations, Hint, Technique};

/// The houses in the order SE scans them for singles and sets: boxes, columns, rows, then
/// the geometry's extra houses. Each comes with its SE region type.
pub fn scan_houses(board: &Board) -> impl Iterator<Item = (usize, usize)> + '_ {
    board
        .geometry
        .scan_houses()
        .iter()
        .map(|&(region_type, house)| (region_type as usize, house as usize))
}

/// The `k`-element subsets of `0..n` as bit masks, in increasing numeric order
/// (SE's `Permutations`).
pub fn combinations(k: u32, n: u32) -> impl Iterator<Item = u64> {
    let mut next = if k <= n { Some((1u64 << k) - 1) } else { None };
    let limit = 1u64 << n;
    std::iter::from_fn(move || {
        let current = next?;
        if k == 0 {
            next = None;
            return Some(0);
        }
        let smallest = current & current.wrapping_neg();
        let ripple = current + smallest;
        let ones = ((current ^ ripple) >> 2) / smallest;
        let following = ripple | ones;
        next = (following < limit).then_some(following);
        Some(current)
    })
}

/// Full house and hidden singles: first the last empty cells of houses, then digits with
/// one place left (boxes, then columns, then rows).
pub fn hidden_single(board: &Board) -> Option<Hint> {
    for alone_only in [true, false] {
        for (region_type, house) in scan_houses(board) {
            let empty = board.empty & HOUSE_SETS[house];
            if empty == 0 {
                continue;
            }
            let alone = empty.count_ones() == 1;
            if alone != alone_only {
                continue;
            }
            if alone {
                // The last empty cell: its lowest candidate is the first digit with one
                // place left in the house.
                let cell = empty.trailing_zeros() as usize;
                let candidates = board.candidates[cell];
                if candidates != 0 {
                    let digit = super::board::first_digit(candidates);
                    let technique = Technique::FullHouse;
                    let mut hint = Hint::placing(technique, technique.base_rating(), cell, digit)
                        .with_pattern(1 << cell, bit(digit));
                    hint.house = Some(house as u8);
                    return Some(hint);
                }
                continue;
            }
            for digit in 1..=9u8 {
                let cells = board.cells_for(house, digit);
                if cells.count_ones() == 1 {
                    let cell = cells.trailing_zeros() as usize;
                    let technique = if alone {
                        Technique::FullHouse
                    } else if region_type == BLOCK {
                        Technique::HiddenSingleBox
                    } else {
                        Technique::HiddenSingleLine
                    };
                    let mut hint = Hint::placing(technique, technique.base_rating(), cell, digit)
                        .with_pattern(1 << cell, bit(digit));
                    hint.house = Some(house as u8);
                    return Some(hint);
                }
            }
        }
    }
    None
}

/// The first cell (in index order) with one candidate.
pub fn naked_single(board: &Board) -> Option<Hint> {
    cells_of(board.empty)
        .find(|&cell| count(board.candidates[cell]) == 1)
        .map(|cell| {
            let digit = super::board::first_digit(board.candidates[cell]);
            Hint::placing(
                Technique::NakedSingle,
                Technique::NakedSingle.base_rating(),
                cell,
                digit,
            )
            .with_pattern(1 << cell, bit(digit))
        })
}

/// Pointing and claiming. In direct mode only a locking that leaves a hidden single in
/// another house of the first region's type counts, and the hint places that single
/// (its eliminations are shown, not applied, as SE does).
pub fn locking(board: &Board, direct: bool) -> Option<Hint> {
    const PAIRS: [(usize, usize); 4] =
        [(BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK)];
    // SE crosses its window groups with lines and boxes too (never the diagonals).
    const WINDOW_PAIRS: [(usize, usize); 6] = [
        (WINDOW, COLUMN),
        (WINDOW, ROW),
        (COLUMN, WINDOW),
        (ROW, WINDOW),
        (BLOCK, WINDOW),
        (WINDOW, BLOCK),
    ];
    let windows = board.geometry.extra == super::board::ExtraHouses::Windoku;
    let pairs = PAIRS.iter().chain(WINDOW_PAIRS.iter().filter(|_| windows));
    for &(type1, type2) in pairs {
        for digit in 1..=9u8 {
            for index1 in 0..9 {
                let house1 = house_of(type1, index1);
                let positions = board.cells_for(house1, digit);
                if positions.count_ones() < 2 {
                    continue;
                }
                for index2 in 0..9 {
                    let house2 = house_of(type2, index2);
                    if HOUSE_SETS[house1] & HOUSE_SETS[house2] == 0
                        || positions & !HOUSE_SETS[house2] != 0
                    {
                        continue;
                    }
                    let removable = board.cells_for(house2, digit) & !HOUSE_SETS[house1];
                    // SE rates a locking from a box as pointing, any other as claiming.
                    let pointing = type1 == BLOCK;
                    if direct {
                        if let Some(hint) = following_single(
                            board, type1, index1, house2, digit, positions, removable, pointing,
                        ) {
                            return Some(hint);
                        }
                    } else if removable != 0 {
                        let technique = if pointing {
                            Technique::Pointing
                        } else {
                            Technique::Claiming
                        };
                        let mut eliminations = Eliminations::NONE;
                        eliminations.add_digit_in(removable, digit);
                        return Some(
                            Hint::new(technique, technique.base_rating())
                                .with_pattern(positions, bit(digit))
                                .with_eliminations(eliminations),
                        );
                    }
                }
            }
        }
    }
    None
}

/// SE's "Generalized Intersections" (its variant replacement for pointing and claiming): a
/// digit with two to six places in a house leaves every cell that sees all of them. Houses
/// by region type (boxes, rows, columns, then the extra ones), digit, then house.
pub fn generalized_intersection(board: &Board) -> Option<Hint> {
    let classic = [BLOCK, ROW, COLUMN].into_iter().map(|region_type| {
        (0..9)
            .map(move |index| house_of(region_type, index))
            .collect()
    });
    let extra = board.geometry.extra_houses;
    let extra_groups: Vec<Vec<usize>> = if board.geometry.extra == super::board::ExtraHouses::X {
        extra.iter().map(|&house| vec![house]).collect()
    } else {
        vec![extra.to_vec()]
    };
    for group in classic.chain(extra_groups) {
        let group: Vec<usize> = group;
        for digit in 1..=9u8 {
            for &house in &group {
                let positions = board.cells_for(house, digit);
                if !(2..=6).contains(&positions.count_ones()) {
                    continue;
                }
                let seeing =
                    cells_of(positions).fold(!0u128, |set, cell| set & board.peer_set(cell));
                let removable = seeing & board.digit_cells[digit as usize - 1];
                if removable != 0 {
                    let technique = Technique::GeneralizedIntersection;
                    let mut eliminations = Eliminations::NONE;
                    eliminations.add_digit_in(removable, digit);
                    let mut hint = Hint::new(technique, technique.base_rating())
                        .with_pattern(positions, bit(digit))
                        .with_eliminations(eliminations);
                    hint.explanation = Some(format!(
                        "{digit} in {} must be in {}: it leaves {}",
                        crate::sudoku::grid::house_name(house),
                        cell_list(positions),
                        cell_list(removable)
                    ));
                    return Some(hint);
                }
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn following_single(
    board: &Board,
    type1: usize,
    index1: usize,
    house2: usize,
    digit: u8,
    positions: CellSet,
    removable: CellSet,
    pointing: bool,
) -> Option<Hint> {
    for index3 in 0..9 {
        if index3 == index1 {
            continue;
        }
        let house3 = house_of(type1, index3);
        if HOUSE_SETS[house3] & HOUSE_SETS[house2] == 0 {
            continue;
        }
        let positions3 = board.cells_for(house3, digit);
        if positions3.count_ones() > 1 {
            let remaining = positions3 & !HOUSE_SETS[house2];
            if remaining.count_ones() == 1 {
                let technique = if pointing {
                    Technique::DirectPointing
                } else {
                    Technique::DirectClaiming
                };
                let cell = remaining.trailing_zeros() as usize;
                let mut hint = Hint::placing(technique, technique.base_rating(), cell, digit)
                    .with_pattern(positions, bit(digit));
                hint.explanation = Some(format!(
                    "{} {digit} in {} is locked in {}: it leaves {} as the only place for {digit} in {} (removing {digit} from {})",
                    if pointing { "pointing" } else { "claiming" },
                    region_name(type1, index1),
                    crate::sudoku::grid::house_name(house2),
                    crate::sudoku::grid::cell_name(cell),
                    crate::sudoku::grid::house_name(house3),
                    cell_list(removable),
                ));
                return Some(hint);
            }
        }
    }
    None
}

fn region_name(region_type: usize, index: usize) -> String {
    crate::sudoku::grid::house_name(house_of(region_type, index))
}

/// Cell names joined with commas.
pub fn cell_list(cells: CellSet) -> String {
    cells_of(cells)
        .map(crate::sudoku::grid::cell_name)
        .collect::<Vec<_>>()
        .join(",")
}

/// Naked pairs, triples and quads (`degree` 2-4). With extra houses this is SE's
/// "generalized" naked set: a digit of the set leaves every cell that sees all the set's
/// cells holding it, in or out of the house.
pub fn naked_set(board: &Board, degree: u32) -> Option<Hint> {
    let technique = match degree {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    let generalized = !board.geometry.extra.is_none();
    for (_, house) in scan_houses(board) {
        {
            if board.empty_count(house) < degree * 2 {
                continue;
            }
            let cells = &HOUSE_CELLS[house];
            'tuples: for tuple in combinations(degree, 9) {
                let mut union = 0u16;
                let mut members: CellSet = 0;
                for (position, &cell) in cells.iter().enumerate() {
                    if tuple & (1 << position) != 0 {
                        let candidates = board.candidates[cell];
                        if count(candidates) <= 1 {
                            continue 'tuples;
                        }
                        union |= candidates;
                        members |= 1 << cell;
                    }
                }
                if count(union) != degree {
                    continue;
                }
                let mut eliminations = Eliminations::NONE;
                if generalized {
                    for digit in digits_of(union) {
                        let holders = members & board.digit_cells[digit as usize - 1];
                        let seeing =
                            cells_of(holders).fold(!0u128, |set, cell| set & board.peer_set(cell));
                        eliminations
                            .add_digit_in(seeing & board.digit_cells[digit as usize - 1], digit);
                    }
                    if !eliminations.is_empty() {
                        return Some(
                            Hint::new(technique, technique.base_rating())
                                .with_pattern(members, union)
                                .with_eliminations(eliminations),
                        );
                    }
                    continue;
                }
                for &other in cells {
                    if members & (1 << other) == 0 && board.candidates[other] & union != 0 {
                        eliminations.add(other, board.candidates[other] & union);
                    }
                }
                if !eliminations.is_empty() {
                    return Some(
                        Hint::new(technique, technique.base_rating())
                            .with_pattern(members, union)
                            .with_eliminations(eliminations),
                    );
                }
            }
        }
    }
    None
}

/// The technique a hidden set of `degree` digits is, direct or not.
pub fn hidden_set_technique(degree: u32, direct: bool) -> Technique {
    match (degree, direct) {
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriple,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// Hidden pairs, triples and quads (`degree` 2-4). In direct mode (pairs and triples) only
/// a set that leaves a hidden single for another digit counts; the hint places it.
pub fn hidden_set(board: &Board, degree: u32, direct: bool) -> Option<Hint> {
    let technique = hidden_set_technique(degree, direct);
    for (_, house) in scan_houses(board) {
        {
            let empty = board.empty_count(house);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            // Each digit's places in the house (bit k: its k-th cell), read once. A tuple
            // with a digit placed or left one place is passed over, so the tuples tried are
            // those of the other digits, still in increasing binary order of the digits.
            let house_cells = &HOUSE_CELLS[house];
            let mut places = [0u16; 9];
            for (k, &cell) in house_cells.iter().enumerate() {
                for digit in digits_of(board.candidates[cell]) {
                    places[usize::from(digit) - 1] |= 1 << k;
                }
            }
            let mut open = [0u8; 9];
            let mut open_count = 0;
            for digit in 1..=9u8 {
                if count(places[usize::from(digit) - 1]) > 1 {
                    open[open_count] = digit;
                    open_count += 1;
                }
            }
            for tuple in combinations(degree, open_count as u32) {
                let mut digits = 0u16;
                let mut union = 0u16;
                for (k, &digit) in open[..open_count].iter().enumerate() {
                    if tuple & (1 << k) != 0 {
                        union |= places[usize::from(digit) - 1];
                        digits |= bit(digit);
                    }
                }
                if count(union) != degree {
                    continue;
                }
                let common: CellSet = house_cells
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| union & (1 << k) != 0)
                    .fold(0, |set, (_, &cell)| set | 1 << cell);
                if let Some(hint) = hidden_set_hint(board, house, technique, common, digits) {
                    return Some(hint);
                }
            }
        }
    }
    None
}

/// The hint of a hidden set of `digits` in the `common` cells of `house`: in direct mode
/// (pairs and triples), the hidden single it leaves another digit; otherwise the other
/// candidates of its cells. `None` when it gives neither.
pub fn hidden_set_hint(
    board: &Board,
    house: usize,
    technique: Technique,
    common: CellSet,
    digits: u16,
) -> Option<Hint> {
    let direct = matches!(
        technique,
        Technique::DirectHiddenPair | Technique::DirectHiddenTriple
    );
    if direct {
        for digit in (1..=9u8).filter(|&digit| digits & bit(digit) == 0) {
            let cells = board.cells_for(house, digit);
            let left = cells & !common;
            if cells.count_ones() > 1 && left.count_ones() == 1 {
                let cell = left.trailing_zeros() as usize;
                return Some(
                    Hint::placing(technique, technique.base_rating(), cell, digit)
                        .with_pattern(common, digits),
                );
            }
        }
        return None;
    }
    let mut eliminations = Eliminations::NONE;
    for cell in cells_of(common) {
        let extra = board.candidates[cell] & !digits;
        if extra != 0 {
            eliminations.add(cell, extra);
        }
    }
    (!eliminations.is_empty()).then(|| {
        Hint::new(technique, technique.base_rating())
            .with_pattern(common, digits)
            .with_eliminations(eliminations)
    })
}

/// X-wings, swordfish and jellyfish (`degree` 2-4): columns as base first, then rows.
pub fn fish(board: &Board, degree: u32) -> Option<Hint> {
    let technique = match degree {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let mut placed = [0u32; 10];
    for &value in &board.values {
        placed[value as usize] += 1;
    }
    for (base_type, cover_type) in [(COLUMN, ROW), (ROW, COLUMN)] {
        // Each digit's places in each base line, read once for all the combinations.
        let mut places = [[0u16; 9]; 10];
        for digit in 1..=9u8 {
            if placed[digit as usize] + degree * 2 <= 9 {
                for (index, slot) in places[usize::from(digit)].iter_mut().enumerate() {
                    *slot = board.positions(house_of(base_type, index), digit);
                }
            }
        }
        for lines in combinations(degree, 9) {
            for digit in 1..=9u8 {
                if placed[digit as usize] + degree * 2 > 9 {
                    continue;
                }
                let mut covers = 0u16;
                let mut base_cells: CellSet = 0;
                let mut ok = true;
                for (index, &positions) in places[usize::from(digit)].iter().enumerate() {
                    if lines & (1 << index) != 0 {
                        if count(positions) <= 1 {
                            ok = false;
                            break;
                        }
                        covers |= positions;
                        base_cells |= board.cells_for(house_of(base_type, index), digit);
                    }
                }
                if !ok || count(covers) != degree {
                    continue;
                }
                let mut removable: CellSet = 0;
                for index in 0..9 {
                    if covers & (1 << index) != 0 {
                        removable |= board.cells_for(house_of(cover_type, index), digit);
                    }
                }
                removable &= !base_cells;
                if removable != 0 {
                    let mut eliminations = Eliminations::NONE;
                    eliminations.add_digit_in(removable, digit);
                    return Some(
                        Hint::new(technique, technique.base_rating())
                            .with_pattern(base_cells, bit(digit))
                            .with_eliminations(eliminations),
                    );
                }
            }
        }
    }
    None
}

/// Digits of a mask joined with commas.
pub fn digit_list(mask: u16) -> String {
    digits_of(mask)
        .map(|digit| digit.to_string())
        .collect::<Vec<_>>()
        .join(",")
}
