//! Random jigsaw layouts: `side` connected regions of `side` cells, drawn from the seed.
//!
//! The layout starts as the plain boxes and is reshaped by random exchanges: a cell on a
//! border moves into the neighbouring region, and a cell of that region on the border
//! with the first moves back, so both keep their size. An exchange is kept only when
//! every region stays connected (and, for a half-turn symmetric layout, when the same
//! exchange mirrored through the centre keeps the layout symmetric). After enough kept
//! exchanges the layout is no longer the boxes; a layout some region shape makes
//! unsolvable is rejected later, when no solution grid is found in budget.

use super::geometry::{CellSet, MAX_CELLS, Size, box_regions, is_connected, neighbours};
use super::symmetry::rotate180;
use crate::seed::RandomStream;

/// Kept exchanges per cell: enough that no trace of the boxes remains.
const EXCHANGES_PER_CELL: usize = 3;

/// A random layout (region of each cell, numbered as the boxes it started from), or
/// `None` when the exchanges keep failing (rare, but seen on 6×6: callers draw another).
pub fn random_layout(size: Size, symmetric: bool, rng: &mut RandomStream) -> Option<Vec<u8>> {
    let side = size.side();
    let cells = size.cells();
    let mut regions = box_regions(size);
    let wanted = EXCHANGES_PER_CELL * cells;
    let mut kept = 0;
    let mut tries = 0;
    let mut next = regions.clone();
    while kept < wanted {
        tries += 1;
        if tries > wanted * 200 {
            return None;
        }
        next.copy_from_slice(&regions);
        let Some((x, from, to, z)) = exchange(side, &mut next, rng) else {
            continue;
        };
        // Only the regions an exchange touches can have come apart: the layout before it
        // was connected.
        let mut touched = [from, to, from, to];
        let mut touched_count = 2;
        if symmetric {
            // The region a half turn carries region r to is side - 1 - r (true of boxes
            // numbered row by row, and kept by every symmetric exchange).
            let mirror = |cell: usize| rotate180(side, cell);
            let image = |region: u8| (side - 1) as u8 - region;
            next[mirror(x)] = image(to);
            next[mirror(z)] = image(from);
            if (0..cells).any(|cell| next[mirror(cell)] != image(next[cell])) {
                continue;
            }
            touched[2..].copy_from_slice(&[image(from), image(to)]);
            touched_count = 4;
        }
        if !sizes_hold(side, &next) || !connected(side, &next, &touched[..touched_count]) {
            continue;
        }
        std::mem::swap(&mut regions, &mut next);
        kept += 1;
    }
    (regions != box_regions(size)).then_some(regions)
}

/// One random exchange on `regions`: cell `x` of region `from` joins its neighbour's
/// region `to`, and a cell `z` of `to` bordering `from` joins `from`. Returns
/// `(x, from, to, z)`, or `None` when the draw found no exchange.
fn exchange(
    side: usize,
    regions: &mut [u8],
    rng: &mut RandomStream,
) -> Option<(usize, u8, u8, usize)> {
    let cells = side * side;
    let x = rng.below(cells as u32) as usize;
    let from = regions[x];
    let mut others = [0usize; 4];
    let mut count = 0;
    for next in neighbours(side, x) {
        if regions[next] != from {
            others[count] = next;
            count += 1;
        }
    }
    if count == 0 {
        return None;
    }
    let to = regions[others[rng.below(count as u32) as usize]];
    regions[x] = to;
    let mut candidates = [0u16; MAX_CELLS];
    let mut found = 0;
    for cell in 0..cells {
        if cell != x
            && regions[cell] == to
            && neighbours(side, cell).any(|next| regions[next] == from)
        {
            candidates[found] = cell as u16;
            found += 1;
        }
    }
    if found == 0 {
        return None;
    }
    let z = usize::from(candidates[rng.below(found as u32) as usize]);
    regions[z] = from;
    Some((x, from, to, z))
}

fn sizes_hold(side: usize, regions: &[u8]) -> bool {
    let mut sizes = [0usize; 16];
    for &region in regions {
        sizes[usize::from(region)] += 1;
    }
    sizes[..side].iter().all(|&size| size == side)
}

/// True when each of the `wanted` regions is connected.
fn connected(side: usize, regions: &[u8], wanted: &[u8]) -> bool {
    let mut cells_of = [CellSet::EMPTY; 16];
    for (cell, &region) in regions.iter().enumerate() {
        cells_of[usize::from(region)].insert(cell);
    }
    wanted
        .iter()
        .all(|&region| is_connected(side, cells_of[usize::from(region)]))
}
