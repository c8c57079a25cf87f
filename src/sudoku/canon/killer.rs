//! The canonical form of a killer: the smallest of its images under the transformations
//! that carry every cage onto a cage, sums and all.
//!
//! A killer's rules are its grid's (rows, columns, boxes) and its cages', so a
//! transformation of the grid (bands, rows within a band, stacks, columns within a stack,
//! the transposition of square boxes) gives an equivalent puzzle when it carries the cages
//! with their sums: a puzzle again only when every cage stays one piece. Digits cannot be
//! relabelled (a cage's sum would change) except by the complement `d ↦ N+1−d`, which
//! turns a cage of `k` cells and sum `s` into one of sum `k(N+1)−s`: it maps the
//! solutions of one killer one to one onto the other's (rows, columns and boxes keep
//! distinct digits, a cage keeps distinct digits, and its sum becomes `Σ(N+1−d)`).
//!
//! A connected cage's rows (and columns) are consecutive, so only the row orders that keep
//! every cage's rows consecutive are tried, and likewise for columns; each pair is then
//! kept when all its cages are connected. The smallest image compares the givens, then the
//! cage labels (in order of first appearance), then the sums in that order.

use crate::sudoku::killer::Killer;
use crate::sudoku::variant::geometry::{CellSet, MAX_SIDE, Size, is_connected};

use super::group::{Transform, block_orders};

/// True when `mask`'s bits are consecutive (or none).
fn consecutive(mask: u32) -> bool {
    mask == 0 || {
        let shifted = mask >> mask.trailing_zeros();
        shifted & (shifted + 1) == 0
    }
}

/// The maps among `orders` under which every cage's lines (`lines[cage]`, a bit per
/// source line) stay consecutive.
fn keeping_consecutive(
    orders: &[[u8; MAX_SIDE]],
    side: usize,
    lines: &[u32],
) -> Vec<[u8; MAX_SIDE]> {
    orders
        .iter()
        .filter(|map| {
            let mut place = [0u32; MAX_SIDE];
            for (image, &source) in map.iter().enumerate().take(side) {
                place[usize::from(source)] = 1 << image;
            }
            lines.iter().all(|&mask| {
                let mut image = 0u32;
                let mut rest = mask;
                while rest != 0 {
                    image |= place[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                consecutive(image)
            })
        })
        .copied()
        .collect()
}

/// One image of a killer, in the order images compare.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Image {
    givens: Vec<u8>,
    cages: Vec<u8>,
    sums: Vec<u16>,
}

/// The canonical form of `killer` (see the module docs).
pub fn canonical_killer(killer: &Killer) -> Killer {
    let size = killer.size();
    let side = size.side();
    let cells = size.cells();
    let cage_of = killer.cage_of();
    let cages = killer.cages();
    let square = size.box_rows() == size.box_columns();
    let mut best: Option<Image> = None;
    for transposed in [false, true] {
        if transposed && !square {
            continue;
        }
        // In the oriented grid, each cage's rows and columns as bit masks.
        let (row_block, column_block) = if transposed {
            (size.box_columns(), size.box_rows())
        } else {
            (size.box_rows(), size.box_columns())
        };
        let oriented = |cell: usize| {
            let (row, column) = (cell / side, cell % side);
            if transposed {
                (column, row)
            } else {
                (row, column)
            }
        };
        let mut row_masks = vec![0u32; cages.len()];
        let mut column_masks = vec![0u32; cages.len()];
        for cell in 0..cells {
            let (row, column) = oriented(cell);
            row_masks[usize::from(cage_of[cell])] |= 1 << row;
            column_masks[usize::from(cage_of[cell])] |= 1 << column;
        }
        let rows = keeping_consecutive(&block_orders(side, row_block), side, &row_masks);
        let columns = keeping_consecutive(&block_orders(side, column_block), side, &column_masks);
        for row_map in &rows {
            for column_map in &columns {
                let transform = Transform {
                    rows: *row_map,
                    columns: *column_map,
                    transposed,
                };
                let sources = transform.sources(side);
                if !cages_connected(size, cage_of, cages.len(), &sources) {
                    continue;
                }
                for complement in [false, true] {
                    let image = image_of(killer, &sources, complement);
                    if best.as_ref().is_none_or(|best| image < *best) {
                        best = Some(image);
                    }
                }
            }
        }
    }
    let best = best.expect("the identity keeps every cage");
    Killer::new(size, best.givens, best.cages, &best.sums)
        .expect("an image of a killer under a cage-keeping map is a killer")
}

/// True when every cage is one piece in the image taking each cell from `sources`.
fn cages_connected(size: Size, cage_of: &[u8], cage_count: usize, sources: &[usize]) -> bool {
    let mut sets = vec![CellSet::EMPTY; cage_count];
    for (image, &source) in sources.iter().enumerate() {
        sets[usize::from(cage_of[source])].insert(image);
    }
    sets.into_iter().all(|set| is_connected(size.side(), set))
}

/// The image of `killer` taking each cell from `sources`, complemented or not.
fn image_of(killer: &Killer, sources: &[usize], complement: bool) -> Image {
    let side = killer.size().side() as u8;
    let cage_of = killer.cage_of();
    let mut label_of = vec![u8::MAX; killer.cages().len()];
    let mut order = Vec::with_capacity(killer.cages().len());
    let mut cages = Vec::with_capacity(sources.len());
    let mut givens = Vec::with_capacity(sources.len());
    for &source in sources {
        let cage = usize::from(cage_of[source]);
        if label_of[cage] == u8::MAX {
            label_of[cage] = order.len() as u8;
            order.push(cage);
        }
        cages.push(label_of[cage]);
        let given = killer.givens()[source];
        givens.push(if complement && given != 0 {
            side + 1 - given
        } else {
            given
        });
    }
    let sums = order
        .iter()
        .map(|&cage| {
            let cage = &killer.cages()[cage];
            if complement {
                cage.cells.len() as u16 * (u16::from(side) + 1) - cage.sum
            } else {
                cage.sum
            }
        })
        .collect();
    Image {
        givens,
        cages,
        sums,
    }
}
