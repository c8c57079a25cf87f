//! XY- and XYZ-wings, and the WXYZ … TUVWXYZ wings (an almost locked set of mutually
//! visible cells joined to a bivalue cell).
//!
//! XY/XYZ take the first wing found (pivot in cell order, wings among its peers in cell
//! order). The bigger wings gather every wing and keep the best by SE's ordering: lowest
//! rating, then most eliminations, then the larger name suffix, then the first found.

use super::board::{Board, CellSet, bit, cells_of, count, first_digit};
use super::hint::{Eliminations, Hint, Technique};

/// XY-wing (`xyz` false) or XYZ-wing (`xyz` true).
pub fn xy_wing(board: &Board, xyz: bool) -> Option<Hint> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in cells_of(board.empty) {
        let xy = board.candidates[pivot];
        if count(xy) != pivot_size {
            continue;
        }
        for &first in board.peers(pivot) {
            let xz = board.candidates[first as usize];
            if count(xz) != 2 || count(xy & !xz) != 1 {
                continue;
            }
            for &second in board.peers(pivot) {
                let yz = board.candidates[second as usize];
                if count(yz) != 2 {
                    continue;
                }
                let union = xy | xz | yz;
                let common = xy & xz & yz;
                let shape = if xyz {
                    count(union) == 3 && count(common) == 1
                } else {
                    count(union) == 3 && common == 0
                };
                if !shape {
                    continue;
                }
                let z = first_digit(xz & yz);
                let (first, second) = (first as usize, second as usize);
                let mut victims = board.peer_set(first) & board.peer_set(second);
                if xyz {
                    victims &= board.peer_set(pivot);
                }
                victims &= !((1 << pivot) | (1 << first) | (1 << second));
                let removable = victims & board.digit_cells[z as usize - 1];
                if removable != 0 {
                    let technique = if xyz {
                        Technique::XYZWing
                    } else {
                        Technique::XYWing
                    };
                    let mut eliminations = Eliminations::NONE;
                    eliminations.add_digit_in(removable, z);
                    return Some(
                        Hint::new(technique, technique.base_rating())
                            .with_pattern((1 << pivot) | (1 << first) | (1 << second), union)
                            .with_eliminations(eliminations),
                    );
                }
            }
        }
    }
    None
}

/// The best hint found so far by a collecting search, with its sort keys.
struct Best {
    hint: Option<Hint>,
    eliminations: u32,
    suffix: [u8; 3],
}

impl Best {
    fn new() -> Best {
        Best {
            hint: None,
            eliminations: 0,
            suffix: [0; 3],
        }
    }

    /// Keeps `hint` if it sorts before the current best (SE: rating ascending, eliminations
    /// descending, suffix descending; the first found wins ties).
    fn offer(&mut self, hint: Hint, eliminations: u32, suffix: [u8; 3]) {
        let better = match &self.hint {
            None => true,
            Some(best) => {
                (
                    hint.rating,
                    std::cmp::Reverse(eliminations),
                    std::cmp::Reverse(suffix),
                ) < (
                    best.rating,
                    std::cmp::Reverse(self.eliminations),
                    std::cmp::Reverse(self.suffix),
                )
            }
        };
        if better {
            self.hint = Some(hint);
            self.eliminations = eliminations;
            self.suffix = suffix;
        }
    }
}

/// The wing technique with `wing_cells` cells besides the bivalue cell (3: WXYZ, 4: VWXYZ,
/// 5: UVWXYZ, 6: TUVWXYZ).
pub fn big_wing(board: &Board, wing_cells: usize) -> Option<Hint> {
    let mut search = WingSearch {
        board,
        wing_cells,
        cells: [0; 6],
        best: Best::new(),
    };
    for pivot in cells_of(board.empty) {
        let values = board.candidates[pivot];
        let size = count(values) as usize;
        if size <= 1 || size >= wing_cells + 2 {
            continue;
        }
        let allowed = board.peer_set(pivot) & !((1u128 << (pivot + 1)) - 1) & board.empty;
        search.cells[0] = pivot;
        search.extend(1, allowed, values, size as u32, size as u32);
    }
    search.best.hint
}

struct WingSearch<'a> {
    board: &'a Board,
    wing_cells: usize,
    cells: [usize; 6],
    best: Best,
}

impl WingSearch<'_> {
    fn extend(&mut self, depth: usize, allowed: CellSet, union: u16, biggest: u32, total: u32) {
        let last = depth == self.wing_cells - 1;
        for cell in cells_of(allowed) {
            let values = self.board.candidates[cell];
            let size = count(values);
            if size <= 1 {
                continue;
            }
            let next = union | values;
            let next_size = count(next) as usize;
            if (last && next_size != self.wing_cells + 1)
                || (!last && next_size >= self.wing_cells + 2)
            {
                continue;
            }
            self.cells[depth] = cell;
            if last {
                self.try_bivalue_cells(next, biggest.max(size), total + size);
            } else {
                let forward = allowed & self.board.peer_set(cell) & !((1u128 << (cell + 1)) - 1);
                self.extend(depth + 1, forward, next, biggest.max(size), total + size);
            }
        }
    }

    fn wing(&self) -> &[usize] {
        &self.cells[..self.wing_cells]
    }

    fn wing_set(&self) -> CellSet {
        self.wing().iter().fold(0, |set, &cell| set | 1 << cell)
    }

    /// True when every wing cell holding `digit` sees `cell`.
    fn links_back(&self, digit: u8, cell: usize) -> bool {
        self.wing()
            .iter()
            .all(|&w| !self.board.has(w, digit) || self.board.peer_set(cell) & (1 << w) != 0)
    }

    fn try_bivalue_cells(&mut self, wing_values: u16, biggest: u32, total: u32) {
        let wing_set = self.wing_set();
        let seen = self
            .wing()
            .iter()
            .fold(0u128, |set, &cell| set | self.board.peer_set(cell));
        for yz_cell in cells_of(seen & self.board.empty & !wing_set) {
            let yz = self.board.candidates[yz_cell];
            if count(yz) != 2 || count(yz & wing_values) != 2 {
                continue;
            }
            let x = first_digit(yz);
            let z = first_digit(yz & !bit(x));
            let double = self.links_back(z, yz_cell);
            let made = if self.links_back(x, yz_cell) {
                self.build(yz_cell, wing_values, x, z, double, biggest, total)
            } else if double {
                self.build(yz_cell, wing_values, z, x, false, biggest, total)
            } else {
                None
            };
            if let Some((hint, eliminations, suffix)) = made {
                self.best.offer(hint, eliminations, suffix);
            }
        }
    }

    /// The cells that see every wing cell holding `digit` (and `seed`, when given).
    fn victims(&self, digit: u8, seed: Option<usize>) -> Option<CellSet> {
        let mut set: Option<CellSet> = seed.map(|cell| self.board.peer_set(cell));
        for &cell in self.wing() {
            if self.board.has(cell, digit) {
                set =
                    Some(set.map_or(self.board.peer_set(cell), |s| s & self.board.peer_set(cell)));
            }
        }
        set
    }

    #[allow(clippy::too_many_arguments)]
    fn build(
        &self,
        yz_cell: usize,
        wing_values: u16,
        x: u8,
        z: u8,
        double: bool,
        biggest: u32,
        total: u32,
    ) -> Option<(Hint, u32, [u8; 3])> {
        let excluded = self.wing_set() | 1 << yz_cell;
        let mut eliminations = Eliminations::NONE;
        let mut removed = 0;
        let mut remove = |victims: Option<CellSet>, digit: u8, eliminations: &mut Eliminations| {
            let Some(victims) = victims else {
                return false;
            };
            let cells = victims & !excluded & self.board.digit_cells[digit as usize - 1];
            for cell in cells_of(cells) {
                if eliminations.0[cell] & bit(digit) == 0 {
                    removed += 1;
                }
            }
            eliminations.add_digit_in(cells, digit);
            cells != 0
        };
        let mut double = double;
        let mut weak = false;
        let mut strong_x = false;
        if double {
            let rest = wing_values & !(bit(x) | bit(z));
            for digit in super::board::digits_of(rest) {
                weak |= remove(self.victims(digit, None), digit, &mut eliminations);
            }
            strong_x = remove(self.victims(x, Some(yz_cell)), x, &mut eliminations);
        }
        let strong_z = remove(self.victims(z, Some(yz_cell)), z, &mut eliminations);
        if double && !weak && (!strong_z || !strong_x) {
            double = false;
        }
        if removed == 0 {
            return None;
        }
        let (technique, rating) = match self.wing_cells {
            3 => (
                Technique::WXYZWing,
                55 + 1 - (3i32 - biggest as i32).unsigned_abs() as u16,
            ),
            4 => (
                Technique::VWXYZWing,
                62 + 2 - (3i32 - biggest as i32).unsigned_abs() as u16,
            ),
            5 => (Technique::UVWXYZWing, 66),
            _ => (Technique::TUVWXYZWing, 75),
        };
        let suffix = [if double { 2 } else { 1 }, biggest as u8, total as u8];
        let hint = Hint::new(technique, rating)
            .with_pattern(excluded, wing_values)
            .with_eliminations(eliminations);
        Some((hint, removed, suffix))
    }
}
