//! Techniques that rely on the puzzle having one solution: unique rectangles and loops
//! (types 1-4) and the bivalue universal grave (BUG, types 1-4), as SukakuExplainer finds
//! them (with lkSudoku's fixes, on by default there).
//!
//! A loop of cells sharing two candidates, visiting each house it enters exactly twice at
//! cells of opposite parity, would allow two solutions if nothing else were in it; the
//! extra candidates of its cells must therefore rescue it. Loops rate 4.5 (rectangle) to
//! 5.0 (10+ cells); type 3 adds 0.1 per extra digit of its naked or hidden set. All loop
//! hints are gathered and the easiest kept (rating, then type, then first found).

use super::basic::combinations;
use super::board::{
    Board, CellSet, Geometry, HOUSE_CELLS, HOUSE_COUNT, HOUSE_SETS, bit, cells_of, count,
    first_digit,
};
use super::hint::{Eliminations, Hint, Technique};

struct LoopHint {
    rating: u16,
    kind: u8,
    hint: Hint,
}

/// The easiest unique rectangle or loop hint.
pub fn unique_loops(board: &Board) -> Option<Hint> {
    let mut found: Vec<LoopHint> = Vec::new();
    for cell in cells_of(board.empty) {
        let values = board.candidates[cell];
        if count(values) != 2 {
            continue;
        }
        let v1 = first_digit(values);
        let v2 = first_digit(values & !bit(v1));
        let mut loops = Vec::new();
        let mut path = Vec::with_capacity(16);
        find_loops(board, cell, v1, v2, &mut path, 2, 0, None, &mut loops);
        for cells in loops {
            if !is_valid_loop(board, &cells) {
                continue;
            }
            let extra: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| count(board.candidates[c]) > 2)
                .collect();
            let base = loop_rating(cells.len());
            let mut offer = |kind: u8, rating: u16, eliminations: Eliminations| {
                if !eliminations.is_empty() {
                    let hint = Hint::new(Technique::UniqueRectangle, rating)
                        .with_pattern(
                            cells.iter().fold(0, |set, &c| set | 1u128 << c),
                            bit(v1) | bit(v2),
                        )
                        .with_eliminations(eliminations)
                        .named(loop_name(cells.len(), kind));
                    found.push(LoopHint { rating, kind, hint });
                }
            };
            match extra.len() {
                0 => {}
                1 => {
                    let mut eliminations = Eliminations::NONE;
                    eliminations.add(extra[0], bit(v1) | bit(v2));
                    offer(1, base, eliminations);
                }
                2 => {
                    let (c1, c2) = (extra[0], extra[1]);
                    let rest = (board.candidates[c1] | board.candidates[c2]) & !(bit(v1) | bit(v2));
                    if count(rest) == 1 {
                        offer(2, base, type2(board, &extra, v1, v2));
                    } else if count(rest) >= 2 {
                        for (rating, eliminations) in type3(board, c1, c2, v1, v2, base) {
                            offer(3, rating, eliminations);
                        }
                    }
                    if let Some(eliminations) = type4(board, c1, c2, v1, v2) {
                        offer(4, base, eliminations);
                    }
                }
                _ => offer(2, base, type2(board, &extra, v1, v2)),
            }
        }
    }
    found
        .into_iter()
        .enumerate()
        .min_by_key(|(order, found)| (found.rating, found.kind, *order))
        .map(|(_, found)| found.hint)
}

fn loop_rating(length: usize) -> u16 {
    let mut rating = 45;
    if length >= 10 {
        rating += 3;
    }
    if length >= 8 {
        rating += 2;
    } else if length >= 6 {
        rating += 1;
    }
    rating
}

fn loop_name(length: usize, kind: u8) -> String {
    let shape = if length == 4 { "Rectangle" } else { "Loop" };
    if length > 6 {
        format!("Unique {shape} {length} type {kind}")
    } else {
        format!("Unique {shape} type {kind}")
    }
}

/// Depth-first search for closed loops of cells holding both `v1` and `v2`, never leaving
/// a cell through the kind of region it was entered by. At most two cells may carry extra
/// candidates, unless they all carry the same single extra digit.
#[allow(clippy::too_many_arguments)]
fn find_loops(
    board: &Board,
    cell: usize,
    v1: u8,
    v2: u8,
    path: &mut Vec<usize>,
    allowed_extra: i32,
    extra_values: u16,
    last_type: Option<usize>,
    loops: &mut Vec<Vec<usize>>,
) {
    path.push(cell);
    let loop_bits = bit(v1) | bit(v2);
    for &region_type in board.geometry.region_types() {
        if Some(region_type) == last_type {
            continue;
        }
        let Some(house) = Geometry::house_at(region_type, cell) else {
            continue;
        };
        for &next in &HOUSE_CELLS[house] {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
                continue;
            }
            if path.contains(&next) {
                continue;
            }
            let values = board.candidates[next];
            if values & loop_bits != loop_bits {
                continue;
            }
            let next_extra = (extra_values | values) & !loop_bits;
            let size = count(values);
            if size == 2 || count(next_extra) == 1 || allowed_extra > 0 {
                let allowed = allowed_extra - i32::from(size > 2);
                find_loops(
                    board,
                    next,
                    v1,
                    v2,
                    path,
                    allowed,
                    next_extra,
                    Some(region_type),
                    loops,
                );
            }
        }
    }
    path.pop();
}

/// Every house the loop enters is entered exactly once at an odd and once at an even step.
fn is_valid_loop(board: &Board, cells: &[usize]) -> bool {
    let mut odd = [false; HOUSE_COUNT];
    let mut even = [false; HOUSE_COUNT];
    for (step, &cell) in cells.iter().enumerate() {
        let seen = if step % 2 == 1 { &mut odd } else { &mut even };
        for &region_type in board.geometry.region_types() {
            let Some(house) = Geometry::house_at(region_type, cell) else {
                continue;
            };
            if seen[house] {
                return false;
            }
            seen[house] = true;
        }
    }
    odd == even
}

/// Type 2: the extra cells share one extra digit, which leaves every cell seeing them all.
fn type2(board: &Board, extra: &[usize], v1: u8, v2: u8) -> Eliminations {
    let mut eliminations = Eliminations::NONE;
    let common = board.candidates[extra[0]] & !(bit(v1) | bit(v2));
    if common == 0 {
        return eliminations;
    }
    let value = first_digit(common);
    let mut victims: CellSet = !0;
    let mut extra_set: CellSet = 0;
    for &cell in extra {
        victims &= board.peer_set(cell);
        extra_set |= 1 << cell;
    }
    eliminations.add_digit_in(
        victims & !extra_set & board.digit_cells[value as usize - 1],
        value,
    );
    eliminations
}

/// Type 4: one loop digit is locked to the two extra cells in a house they share, so the
/// other loop digit goes from both.
fn type4(board: &Board, c1: usize, c2: usize, v1: u8, v2: u8) -> Option<Eliminations> {
    let mut locked1 = false;
    let mut locked2 = false;
    for &region_type in board.geometry.region_types() {
        let Some(house) = Geometry::house_at(region_type, c1) else {
            continue;
        };
        if Some(house) != Geometry::house_at(region_type, c2) {
            continue;
        }
        let others = HOUSE_SETS[house] & !(1u128 << c1) & !(1u128 << c2);
        if board.digit_cells[v1 as usize - 1] & others == 0 {
            locked1 = true;
        }
        if board.digit_cells[v2 as usize - 1] & others == 0 {
            locked2 = true;
        }
    }
    let remove = if locked1 {
        v2
    } else if locked2 {
        v1
    } else {
        return None;
    };
    let mut eliminations = Eliminations::NONE;
    eliminations.add_digit_in((1u128 << c1) | (1u128 << c2), remove);
    Some(eliminations.restricted_to(board))
}

/// Type 3: the two extra cells act as one cell holding their extra digits, which forms a
/// naked or hidden set with other cells of a house they share.
fn type3(
    board: &Board,
    c1: usize,
    c2: usize,
    v1: u8,
    v2: u8,
    base: u16,
) -> Vec<(u16, Eliminations)> {
    let loop_bits = bit(v1) | bit(v2);
    let extra = (board.candidates[c1] | board.candidates[c2]) & !loop_bits;
    let extra_count = count(extra);
    let mut out = Vec::new();
    for degree in 2..=7u32 {
        for &region_type in board.geometry.region_types() {
            let Some(house) = Geometry::house_at(region_type, c1) else {
                continue;
            };
            if Some(house) != Geometry::house_at(region_type, c2) {
                continue;
            }
            let cells = &HOUSE_CELLS[house];
            let empty = board.empty_count(house);
            let index1 = cells.iter().position(|&c| c == c1).unwrap_or(0);
            let index2 = cells.iter().position(|&c| c == c2).unwrap_or(0);
            if degree * 2 <= empty && degree >= extra_count {
                for tuple in combinations(degree, 9) {
                    if tuple & (1 << index1) == 0 || tuple & (1 << index2) != 0 {
                        continue;
                    }
                    let mut naked = extra & board.candidates[c1] & board.candidates[c2];
                    let mut union = 0u16;
                    let mut viable = true;
                    let mut members: CellSet = 0;
                    for (at, &cell) in cells.iter().enumerate() {
                        if tuple & (1 << at) == 0 {
                            continue;
                        }
                        let values = if at == index1 {
                            extra
                        } else {
                            board.candidates[cell]
                        };
                        viable &= count(values) > 1;
                        union |= values;
                        if at != index1 {
                            naked |= values;
                            members |= 1 << cell;
                        }
                    }
                    if count(naked) != degree || !viable || count(union) != degree {
                        continue;
                    }
                    let mut eliminations = Eliminations::NONE;
                    for &cell in cells {
                        if cell != c1 && cell != c2 && members & (1 << cell) == 0 {
                            let removable = board.candidates[cell] & union;
                            if removable != 0 {
                                eliminations.add(cell, removable);
                            }
                        }
                    }
                    out.push((base + count(union) as u16 - 1, eliminations));
                }
            }
            if degree * 2 < empty {
                let others: Vec<u8> = (1..=9u8)
                    .filter(|&d| d != v1 && d != v2 && extra & bit(d) == 0)
                    .collect();
                let pick = degree - 2;
                if pick as usize > others.len() {
                    continue;
                }
                for chosen in combinations(pick, others.len() as u32) {
                    let mut hidden = loop_bits;
                    for (at, &digit) in others.iter().enumerate() {
                        if chosen & (1 << at) != 0 {
                            hidden |= bit(digit);
                        }
                    }
                    let mut common = 0u16;
                    let mut viable = true;
                    for digit in super::board::digits_of(hidden) {
                        let positions = board.positions(house, digit) & !(1 << index2);
                        viable &= positions != 0;
                        common |= positions;
                    }
                    if !viable || count(common) != degree {
                        continue;
                    }
                    let remaining = common & !(1 << index1) & !(1 << index2);
                    let mut eliminations = Eliminations::NONE;
                    for (at, &cell) in cells.iter().enumerate() {
                        if remaining & (1 << at) != 0 && cell != c1 && cell != c2 {
                            let removable = board.candidates[cell] & !hidden;
                            if removable != 0 {
                                eliminations.add(cell, removable);
                            }
                        }
                    }
                    out.push((base + count(remaining) as u16 - 1, eliminations));
                }
            }
        }
    }
    out
}

/// The state of the BUG scan: the board without its BUG candidates, and the cells that
/// see every BUG cell.
struct BugState {
    rest: Board,
    cells: Vec<usize>,
    values: [u16; 81],
    all_values: u16,
    common: Option<CellSet>,
}

impl BugState {
    /// Records a BUG candidate; false when no BUG hint of types 1-3 can follow.
    fn add(&mut self, cell: usize, digit: u8) -> bool {
        if !self.cells.contains(&cell) {
            self.cells.push(cell);
        }
        self.values[cell] |= bit(digit);
        self.all_values |= bit(digit);
        self.rest.eliminate(cell, digit);
        let peers = self.rest.peer_set(cell);
        let mut common = self.common.map_or(peers, |c| c & peers);
        for &bug in &self.cells {
            common &= !(1u128 << bug);
        }
        self.common = Some(common);
        !(self.cells.len() > 1 && count(self.all_values) > 1 && common == 0)
    }
}

/// The bivalue universal grave, types 1 to 4.
pub fn bug(board: &Board) -> Option<Hint> {
    let mut state = BugState {
        rest: *board,
        cells: Vec::new(),
        values: [0; 81],
        all_values: 0,
        common: None,
    };
    let mut extra_cells: Vec<usize> = Vec::new();
    let mut only_value = 0u8;
    let mut one_value = true;
    let mut extra_seen = false;
    for &region_type in board.geometry.region_types() {
        for house in Geometry::houses_of_type(region_type) {
            for digit in 1..=9u8 {
                let cells = board.cells_for(house, digit);
                let size = cells.count_ones();
                if size == 0 || size == 2 {
                    continue;
                }
                let new_cells: Vec<usize> = HOUSE_CELLS[house]
                    .iter()
                    .copied()
                    .filter(|&c| cells & (1 << c) != 0 && count(board.candidates[c]) >= 3)
                    .collect();
                if !extra_seen {
                    extra_seen = true;
                    only_value = digit;
                    push_new(&mut extra_cells, &new_cells);
                } else if one_value {
                    if only_value == digit {
                        push_new(&mut extra_cells, &new_cells);
                    } else {
                        one_value = false;
                    }
                }
                if new_cells.len() == 1 && !state.add(new_cells[0], digit) {
                    return None;
                }
                if new_cells.is_empty() {
                    return None;
                }
            }
        }
    }
    if one_value && extra_seen && extra_cells.len() > state.cells.len() {
        let mut ascending = extra_cells.clone();
        ascending.sort_unstable();
        for cell in ascending {
            if !state.cells.contains(&cell) && !state.add(cell, only_value) {
                return None;
            }
        }
    }
    if state.cells.is_empty() || !is_bug_pattern(&state.rest) {
        return None;
    }
    let pattern: CellSet = state.cells.iter().fold(0, |set, &c| set | 1u128 << c);
    let make = |kind: u8, rating: u16, eliminations: Eliminations| {
        Hint::new(Technique::Bug, rating)
            .with_pattern(pattern, state.all_values)
            .with_eliminations(eliminations)
            .named(format!("Bivalue Universal Grave type {kind}"))
    };
    if state.cells.len() == 1 {
        let cell = state.cells[0];
        let mut eliminations = Eliminations::NONE;
        eliminations.add(cell, board.candidates[cell] & !state.all_values);
        return Some(make(1, 56, eliminations));
    }
    let common = state.common.unwrap_or(0);
    if count(state.all_values) == 1 {
        let value = first_digit(state.all_values);
        let removable = common & board.digit_cells[value as usize - 1];
        if state.common.is_some() && removable != 0 {
            let mut eliminations = Eliminations::NONE;
            eliminations.add_digit_in(removable, value);
            return Some(make(2, 57, eliminations));
        }
        if state.cells.len() == 2 {
            return bug4(board, &state).map(|e| make(4, 57, e));
        }
        return None;
    }
    if state.common.is_some() && common != 0 {
        if state.cells.len() == 2
            && let Some(eliminations) = bug4(board, &state)
        {
            return Some(make(4, 57, eliminations));
        }
        for degree in 2..=6u32 {
            for &region_type in board.geometry.region_types() {
                if let Some((rating, eliminations)) = bug3(board, &state, region_type, degree) {
                    return Some(make(3, rating, eliminations));
                }
            }
        }
    }
    None
}

fn push_new(list: &mut Vec<usize>, cells: &[usize]) {
    for &cell in cells {
        if !list.contains(&cell) {
            list.push(cell);
        }
    }
}

/// Without the BUG candidates every empty cell is bivalue and every digit has zero or two
/// places in every house.
fn is_bug_pattern(rest: &Board) -> bool {
    cells_of(rest.empty).all(|cell| count(rest.candidates[cell]) == 2)
        && (0..27)
            .chain(rest.geometry.extra_houses.iter().copied())
            .all(|house| {
                (1..=9u8).all(|digit| {
                    let size = rest.cells_for(house, digit).count_ones();
                    size == 0 || size == 2
                })
            })
}

/// Type 4: two BUG cells in one house sharing one non-BUG digit.
fn bug4(board: &Board, state: &BugState) -> Option<Eliminations> {
    let (c1, c2) = (state.cells[0], state.cells[1]);
    let common = board.candidates[c1] & board.candidates[c2] & !state.all_values;
    if count(common) != 1 {
        return None;
    }
    board
        .geometry
        .region_types()
        .iter()
        .any(|&region_type| {
            Geometry::house_at(region_type, c1)
                .is_some_and(|house| Some(house) == Geometry::house_at(region_type, c2))
        })
        .then(|| {
            let mut eliminations = Eliminations::NONE;
            eliminations.add(c1, board.candidates[c1] & !state.values[c1] & !common);
            eliminations.add(c2, board.candidates[c2] & !state.values[c2] & !common);
            eliminations
        })
}

/// Type 3: the BUG digits with other cells of a house shared by all BUG cells form a
/// naked set.
fn bug3(
    board: &Board,
    state: &BugState,
    region_type: usize,
    degree: u32,
) -> Option<(u16, Eliminations)> {
    let house = Geometry::house_at(region_type, state.cells[0])?;
    if state
        .cells
        .iter()
        .any(|&cell| Geometry::house_at(region_type, cell) != Some(house))
    {
        return None;
    }
    let region_cells: Vec<usize> =
        cells_of(state.common.unwrap_or(0) & HOUSE_SETS[house]).collect();
    if (region_cells.len() as u32) < degree {
        return None;
    }
    for chosen in combinations(degree - 1, region_cells.len() as u32) {
        let naked: Vec<usize> = region_cells
            .iter()
            .enumerate()
            .filter(|(at, _)| chosen & (1 << at) != 0)
            .map(|(_, &cell)| cell)
            .collect();
        let other = naked.iter().fold(0u16, |m, &c| m | board.candidates[c]);
        if count(other) != degree {
            continue;
        }
        if naked.iter().any(|&c| count(board.candidates[c]) <= 1) {
            continue;
        }
        if count(state.all_values) <= 1 {
            continue;
        }
        let set = other | state.all_values;
        if count(set) != degree {
            continue;
        }
        let mut eliminations = Eliminations::NONE;
        for &cell in &region_cells {
            if !naked.contains(&cell) && !state.cells.contains(&cell) {
                let removable = board.candidates[cell] & set;
                if removable != 0 {
                    eliminations.add(cell, removable);
                }
            }
        }
        if !eliminations.is_empty() {
            return Some((57 + count(set) as u16 - 1, eliminations));
        }
    }
    None
}
