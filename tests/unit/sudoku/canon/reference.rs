//! A deliberately plain canonicaliser, for tests only: every transformation of the group
//! is written out from first principles and applied in full, no pruning.

use puzzlebook::sudoku::variant::geometry::{CellSet, Geometry, Size, is_connected};

use puzzlebook::sudoku::canon::group::Transform;

/// Every permutation of `0..count`.
fn permutations(count: usize) -> Vec<Vec<usize>> {
    if count == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for shorter in permutations(count - 1) {
        for at in 0..=shorter.len() {
            let mut longer = shorter.clone();
            longer.insert(at, count - 1);
            all.push(longer);
        }
    }
    all
}

/// Every line order keeping blocks of `block` lines together.
fn line_orders(side: usize, block: usize) -> Vec<Vec<usize>> {
    let blocks = side / block;
    let mut all = Vec::new();
    let block_perms = permutations(blocks);
    let within = permutations(block);
    for outer in &block_perms {
        let mut picks = vec![0usize; blocks];
        loop {
            let mut order = Vec::with_capacity(side);
            for (slot, &source_block) in outer.iter().enumerate() {
                for &line in &within[picks[slot]] {
                    order.push(source_block * block + line);
                }
            }
            all.push(order);
            let mut digit = 0;
            while digit < blocks {
                picks[digit] += 1;
                if picks[digit] < within.len() {
                    break;
                }
                picks[digit] = 0;
                digit += 1;
            }
            if digit == blocks {
                break;
            }
        }
    }
    all
}

/// Calls `visit` with every transformation of a regular grid of `size`.
pub fn for_each_transform(size: Size, mut visit: impl FnMut(&Transform)) {
    let side = size.side();
    let rows = line_orders(side, size.box_rows());
    let columns = line_orders(side, size.box_columns());
    let transposes: &[bool] = if size.box_rows() == size.box_columns() {
        &[false, true]
    } else {
        &[false]
    };
    for &transposed in transposes {
        for row_order in &rows {
            for column_order in &columns {
                let mut transform = Transform::identity(side);
                for k in 0..side {
                    transform.rows[k] = row_order[k] as u8;
                    transform.columns[k] = column_order[k] as u8;
                }
                transform.transposed = transposed;
                visit(&transform);
            }
        }
    }
}

/// The image of `cells` under `transform`, as a plain vector.
pub fn apply(cells: &[u8], side: usize, transform: &Transform) -> Vec<u8> {
    (0..side * side)
        .map(|cell| cells[transform.source(side, cell / side, cell % side)])
        .collect()
}

/// The smallest image of `cells` under every transformation `visit_all` visits and every
/// relabelling: all `side!` of them when `every_relabelling`, otherwise the order of first
/// appearance (the smallest for a fixed image).
pub fn smallest(
    cells: &[u8],
    side: usize,
    every_relabelling: bool,
    visit_all: impl FnOnce(&mut dyn FnMut(&Transform)),
) -> Vec<u8> {
    let relabellings = if every_relabelling {
        permutations(side)
    } else {
        Vec::new()
    };
    let count = side * side;
    let mut best = vec![u8::MAX; count];
    let mut image = vec![0u8; count];
    let mut named = vec![0u8; count];
    visit_all(&mut |transform| {
        for (cell, slot) in image.iter_mut().enumerate() {
            *slot = cells[transform.source(side, cell / side, cell % side)];
        }
        if every_relabelling {
            for names in &relabellings {
                for (slot, &value) in named.iter_mut().zip(&image) {
                    *slot = if value == 0 {
                        0
                    } else {
                        names[usize::from(value) - 1] as u8 + 1
                    };
                }
                if named < best {
                    best.copy_from_slice(&named);
                }
            }
        } else {
            let mut names = [0u8; 17];
            let mut next = 1;
            for (slot, &value) in named.iter_mut().zip(&image) {
                *slot = if value == 0 {
                    0
                } else {
                    if names[usize::from(value)] == 0 {
                        names[usize::from(value)] = next;
                        next += 1;
                    }
                    names[usize::from(value)]
                };
            }
            if named < best {
                best.copy_from_slice(&named);
            }
        }
    });
    best
}

/// True when `transform` carries every extra house of `geometry` (its diagonals or
/// windows) onto an extra house; rows, columns and boxes go onto their kind by
/// construction.
pub fn keeps_houses(geometry: &Geometry, transform: &Transform) -> bool {
    let side = geometry.side();
    let extra: Vec<CellSet> = (3 * side..geometry.house_count())
        .map(|house| geometry.house_set(house))
        .collect();
    extra.iter().all(|house| {
        let mut image = CellSet::EMPTY;
        for cell in 0..side * side {
            if house.contains(transform.source(side, cell / side, cell % side)) {
                image.insert(cell);
            }
        }
        extra.contains(&image)
    })
}

/// The plain canonical form of a killer's parts: the smallest `(givens, cages, sums)`
/// over every transformation of the grid that keeps each cage one piece, with and
/// without the complement.
pub fn smallest_killer(
    size: Size,
    givens: &[u8],
    cage_of: &[u8],
    sums: &[u16],
) -> (Vec<u8>, Vec<u8>, Vec<u16>) {
    let side = size.side();
    let cage_count = sums.len();
    let sizes: Vec<u16> = (0..cage_count)
        .map(|cage| cage_of.iter().filter(|&&c| usize::from(c) == cage).count() as u16)
        .collect();
    let mut best: Option<(Vec<u8>, Vec<u8>, Vec<u16>)> = None;
    for_each_transform(size, |transform| {
        let moved_cages = apply(cage_of, side, transform);
        let whole = (0..cage_count).all(|cage| {
            let cells: CellSet = (0..side * side)
                .filter(|&cell| usize::from(moved_cages[cell]) == cage)
                .collect();
            is_connected(side, cells)
        });
        if !whole {
            return;
        }
        let moved_givens = apply(givens, side, transform);
        for complement in [false, true] {
            let mut names = vec![u8::MAX; cage_count];
            let mut order = Vec::new();
            let cages: Vec<u8> = moved_cages
                .iter()
                .map(|&cage| {
                    if names[usize::from(cage)] == u8::MAX {
                        names[usize::from(cage)] = order.len() as u8;
                        order.push(usize::from(cage));
                    }
                    names[usize::from(cage)]
                })
                .collect();
            let shown: Vec<u8> = moved_givens
                .iter()
                .map(|&given| {
                    if complement && given != 0 {
                        side as u8 + 1 - given
                    } else {
                        given
                    }
                })
                .collect();
            let shown_sums: Vec<u16> = order
                .iter()
                .map(|&cage| {
                    if complement {
                        sizes[cage] * (side as u16 + 1) - sums[cage]
                    } else {
                        sums[cage]
                    }
                })
                .collect();
            let candidate = (shown, cages, shown_sums);
            if best.as_ref().is_none_or(|best| candidate < *best) {
                best = Some(candidate);
            }
        }
    });
    best.expect("the identity keeps every cage")
}
