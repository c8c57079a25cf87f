//! The transformations that keep a variant's extra houses, listed one by one, and the
//! smallest image of a grid under a list of them.
//!
//! A transformation takes image row `i` from source row `rows[i]` and image column `j`
//! from source column `columns[j]`, after transposing the source when `transposed`.
//! X-sudoku keeps both diagonals: its row map `π` keeps the bands and, applied to columns,
//! the stacks, and commutes with the reversal `r ↦ N−1−r` (so the anti-diagonal goes
//! where the diagonal's reversal does); the columns follow `π` or its reversal (which
//! swaps the diagonals), and square boxes may be transposed. Windoku keeps the windows:
//! rows and columns each keep the bands and the windows' rows (1-3 and 5-7), and the
//! grid may be transposed. A jigsaw keeps its own regions under any of the eight turns
//! and reflections of the square, the regions going with the cells.

use std::sync::{Arc, Mutex, OnceLock};

use crate::sudoku::variant::geometry::{MAX_CELLS, MAX_SIDE, Size, Variant};

/// One transformation of a square grid (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transform {
    pub rows: [u8; MAX_SIDE],
    pub columns: [u8; MAX_SIDE],
    pub transposed: bool,
}

impl Transform {
    /// The identity on a grid of `side`.
    pub fn identity(side: usize) -> Transform {
        let mut rows = [0u8; MAX_SIDE];
        for (index, slot) in rows.iter_mut().enumerate().take(side) {
            *slot = index as u8;
        }
        Transform {
            rows,
            columns: rows,
            transposed: false,
        }
    }

    /// The source cell of image cell `(row, column)`.
    pub fn source(&self, side: usize, row: usize, column: usize) -> usize {
        let (r, c) = (
            usize::from(self.rows[row]),
            usize::from(self.columns[column]),
        );
        if self.transposed {
            c * side + r
        } else {
            r * side + c
        }
    }

    /// The source cell of every image cell, in reading order.
    pub fn sources(&self, side: usize) -> Vec<usize> {
        (0..side * side)
            .map(|cell| self.source(side, cell / side, cell % side))
            .collect()
    }
}

/// Every order of `0..count`.
fn all_orders(count: usize) -> Vec<Vec<usize>> {
    let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
    for item in 0..count {
        orders = orders
            .iter()
            .flat_map(|shorter| {
                (0..=shorter.len()).map(move |at| {
                    let mut longer = shorter.clone();
                    longer.insert(at, item);
                    longer
                })
            })
            .collect();
    }
    orders
}

/// The orders of `0..side` that keep the blocks of `block_len` consecutive items
/// together (bands of rows, stacks of columns).
pub fn block_orders(side: usize, block_len: usize) -> Vec<[u8; MAX_SIDE]> {
    let blocks = side / block_len;
    let block_orders = all_orders(blocks);
    let within = all_orders(block_len);
    let mut all = Vec::new();
    for order in &block_orders {
        // One order within each block, chosen independently.
        let mut choices = vec![0usize; blocks];
        loop {
            let mut map = [0u8; MAX_SIDE];
            for (position, &block) in order.iter().enumerate() {
                for (k, &item) in within[choices[position]].iter().enumerate() {
                    map[position * block_len + k] = (block * block_len + item) as u8;
                }
            }
            all.push(map);
            let mut digit = 0;
            while digit < blocks {
                choices[digit] += 1;
                if choices[digit] < within.len() {
                    break;
                }
                choices[digit] = 0;
                digit += 1;
            }
            if digit == blocks {
                break;
            }
        }
    }
    all
}

/// Every transformation of a regular grid of `size`: the band and row orders, the stack
/// and column orders, and for square boxes the transposition (128 for the 4×4; listed in
/// full, so for small grids only).
pub fn regular_group(size: Size) -> Vec<Transform> {
    let side = size.side();
    let square = size.box_rows() == size.box_columns();
    let rows = block_orders(side, size.box_rows());
    let columns = block_orders(side, size.box_columns());
    let transposes: &[bool] = if square { &[false, true] } else { &[false] };
    products(&rows, &columns, transposes)
}

/// Every row map with every column map, for each of `transposes`.
fn products(
    rows: &[[u8; MAX_SIDE]],
    columns: &[[u8; MAX_SIDE]],
    transposes: &[bool],
) -> Vec<Transform> {
    let mut all = Vec::with_capacity(rows.len() * columns.len() * transposes.len());
    for &transposed in transposes {
        for row_map in rows {
            for column_map in columns {
                all.push(Transform {
                    rows: *row_map,
                    columns: *column_map,
                    transposed,
                });
            }
        }
    }
    all
}

/// The eight turns and reflections of a square grid of `side`.
pub fn dihedral(side: usize) -> Vec<Transform> {
    let identity = Transform::identity(side);
    let mut reversed = identity;
    for index in 0..side {
        reversed.rows[index] = (side - 1 - index) as u8;
    }
    let reversed = reversed.rows;
    let mut all = Vec::with_capacity(8);
    for transposed in [false, true] {
        for rows in [identity.rows, reversed] {
            for columns in [identity.columns, reversed] {
                all.push(Transform {
                    rows,
                    columns,
                    transposed,
                });
            }
        }
    }
    all
}

/// The permutations `π` of `0..side` that `fits(position, value, so_far)` accepts value
/// by value (`so_far[k]` the value at position `k` < `position`).
fn permutations(side: usize, fits: &dyn Fn(usize, usize, &[u8]) -> bool) -> Vec<[u8; MAX_SIDE]> {
    fn extend(
        side: usize,
        fits: &dyn Fn(usize, usize, &[u8]) -> bool,
        so_far: &mut [u8; MAX_SIDE],
        used: u32,
        position: usize,
        out: &mut Vec<[u8; MAX_SIDE]>,
    ) {
        if position == side {
            out.push(*so_far);
            return;
        }
        for value in 0..side {
            if used & 1 << value != 0 || !fits(position, value, &so_far[..position]) {
                continue;
            }
            so_far[position] = value as u8;
            extend(side, fits, so_far, used | 1 << value, position + 1, out);
        }
    }
    let mut out = Vec::new();
    extend(side, fits, &mut [0; MAX_SIDE], 0, 0, &mut out);
    out
}

/// True when `position` and `value` keep, against every earlier position, the blocks of
/// `block` (same block before exactly when same block after).
fn keeps_blocks(
    block: &dyn Fn(usize) -> usize,
    position: usize,
    value: usize,
    so_far: &[u8],
) -> bool {
    so_far.iter().enumerate().all(|(earlier, &image)| {
        (block(earlier) == block(position)) == (block(usize::from(image)) == block(value))
    })
}

/// The transformations of an X-sudoku of `size` (see the module docs).
fn x_group(size: Size) -> Vec<Transform> {
    let side = size.side();
    let band = |row: usize| row / size.box_rows();
    let stack = |column: usize| column / size.box_columns();
    let maps = permutations(side, &|position, value, so_far| {
        let mirror = side - 1 - position;
        if mirror < position && usize::from(so_far[mirror]) != side - 1 - value {
            return false;
        }
        if mirror == position && value != side - 1 - value {
            return false;
        }
        keeps_blocks(&band, position, value, so_far)
            && keeps_blocks(&stack, position, value, so_far)
    });
    let square = size.box_rows() == size.box_columns();
    let mut all = Vec::new();
    for transposed in [false, true] {
        if transposed && !square {
            continue;
        }
        for map in &maps {
            let mut reversed = *map;
            for (index, slot) in reversed.iter_mut().enumerate().take(side) {
                *slot = (side - 1) as u8 - map[index];
            }
            for columns in [*map, reversed] {
                all.push(Transform {
                    rows: *map,
                    columns,
                    transposed,
                });
            }
        }
    }
    all
}

/// The transformations of a windoku (9×9; see the module docs).
fn windoku_group() -> Vec<Transform> {
    let band = |row: usize| row / 3;
    // Rows 1-3 and 5-7 are the windows' rows; 0, 4 and 8 are in none.
    let window = |row: usize| match row {
        1..=3 => 0,
        5..=7 => 1,
        _ => 2,
    };
    let maps = permutations(9, &|position, value, so_far| {
        (window(position) == 2) == (window(value) == 2)
            && keeps_blocks(&band, position, value, so_far)
            && keeps_blocks(&window, position, value, so_far)
    });
    products(&maps, &maps, &[false, true])
}

/// The transformations that keep the extra houses of `variant` (X or windoku) at `size`,
/// listed once per process.
pub fn extra_house_group(size: Size, variant: Variant) -> Arc<Vec<Transform>> {
    type Listed = Vec<(Size, Variant, Arc<Vec<Transform>>)>;
    static LISTED: OnceLock<Mutex<Listed>> = OnceLock::new();
    let listed = LISTED.get_or_init(|| Mutex::new(Vec::new()));
    let mut listed = listed
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, _, group)) = listed
        .iter()
        .find(|(listed_size, listed_variant, _)| *listed_size == size && *listed_variant == variant)
    {
        return Arc::clone(group);
    }
    let group = Arc::new(match variant {
        Variant::X => x_group(size),
        Variant::Windoku => windoku_group(),
        _ => panic!("{variant} has no extra houses"),
    });
    listed.push((size, variant, Arc::clone(&group)));
    group
}

/// The smallest image of `cells` (a grid of `side`, 0 blank) under `transforms`, its
/// values relabelled in order of first appearance; `transforms` must hold the identity
/// or at least one transformation.
pub fn smallest_image(cells: &[u8], side: usize, transforms: &[Transform]) -> Vec<u8> {
    let count = side * side;
    let mut best = [u8::MAX; MAX_CELLS];
    for transform in transforms {
        let mut labels = [0u8; MAX_SIDE + 1];
        let mut next = 1u8;
        let mut smaller = false;
        for cell in 0..count {
            let value = cells[transform.source(side, cell / side, cell % side)];
            let label = match value {
                0 => 0,
                value => {
                    let slot = &mut labels[usize::from(value)];
                    if *slot == 0 {
                        *slot = next;
                        next += 1;
                    }
                    *slot
                }
            };
            if !smaller {
                if label > best[cell] {
                    break;
                }
                smaller = label < best[cell];
            }
            best[cell] = label;
        }
    }
    best[..count].to_vec()
}

/// Values relabelled in order of first appearance (0 stays 0).
pub fn relabel(values: &[u8]) -> Vec<u8> {
    let mut labels = [0u8; 256];
    let mut next = 1u8;
    values
        .iter()
        .map(|&value| match value {
            0 => 0,
            value => {
                let slot = &mut labels[usize::from(value)];
                if *slot == 0 {
                    *slot = next;
                    next += 1;
                }
                *slot
            }
        })
        .collect()
}
