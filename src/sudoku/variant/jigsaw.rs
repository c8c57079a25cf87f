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
    let mut layout = Layout::boxes(size);
    let wanted = EXCHANGES_PER_CELL * cells;
    let mut kept = 0;
    let mut tries = 0;
    while kept < wanted {
        tries += 1;
        if tries > wanted * 200 {
            return None;
        }
        let Some((x, from, to, z)) = exchange(side, &mut layout, rng) else {
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
            layout.set(mirror(x), image(to));
            layout.set(mirror(z), image(from));
            let regions = &layout.regions;
            if (0..cells).any(|cell| regions[mirror(cell)] != image(regions[cell])) {
                layout.undo();
                continue;
            }
            touched[2..].copy_from_slice(&[image(from), image(to)]);
            touched_count = 4;
        }
        // A plain exchange keeps the sizes; a mirrored one may not.
        let sizes_hold = layout.cells_of[..side].iter().all(|set| set.len() == side);
        let connected = touched[..touched_count]
            .iter()
            .all(|&region| is_connected(side, layout.cells_of[usize::from(region)]));
        if !sizes_hold || !connected {
            layout.undo();
            continue;
        }
        layout.keep();
        kept += 1;
    }
    (layout.regions != box_regions(size)).then_some(layout.regions)
}

/// A layout being reshaped: the region of each cell, the cells of each region, and the
/// cells moved since the last kept exchange (to undo a rejected one).
struct Layout {
    regions: Vec<u8>,
    cells_of: [CellSet; 16],
    moved: [(u16, u8); 4],
    changes: usize,
}

impl Layout {
    fn boxes(size: Size) -> Layout {
        let regions = box_regions(size);
        let mut cells_of = [CellSet::EMPTY; 16];
        for (cell, &region) in regions.iter().enumerate() {
            cells_of[usize::from(region)].insert(cell);
        }
        Layout {
            regions,
            cells_of,
            moved: [(0, 0); 4],
            changes: 0,
        }
    }

    /// Moves `cell` into `region`, remembering where it was.
    fn set(&mut self, cell: usize, region: u8) {
        let old = self.regions[cell];
        self.moved[self.changes] = (cell as u16, old);
        self.changes += 1;
        self.move_cell(cell, old, region);
    }

    fn move_cell(&mut self, cell: usize, from: u8, to: u8) {
        self.regions[cell] = to;
        self.cells_of[usize::from(from)].remove(cell);
        self.cells_of[usize::from(to)].insert(cell);
    }

    /// Keeps the cells moved so far where they are.
    fn keep(&mut self) {
        self.changes = 0;
    }

    /// Puts back every cell moved since the last kept exchange.
    fn undo(&mut self) {
        while self.changes > 0 {
            self.changes -= 1;
            let (cell, old) = self.moved[self.changes];
            let cell = usize::from(cell);
            self.move_cell(cell, self.regions[cell], old);
        }
    }
}

/// One random exchange on the layout: cell `x` of region `from` joins its neighbour's
/// region `to`, and a cell `z` of `to` bordering `from` joins `from`. Returns
/// `(x, from, to, z)`, or `None` (the layout unchanged) when the draw found no exchange.
fn exchange(
    side: usize,
    layout: &mut Layout,
    rng: &mut RandomStream,
) -> Option<(usize, u8, u8, usize)> {
    let cells = side * side;
    let regions = &layout.regions;
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
    // The cells of `to` that border `from` once `x` has left it.
    let mut candidates = [0u16; MAX_CELLS];
    let mut found = 0;
    for cell in layout.cells_of[usize::from(to)].iter() {
        if neighbours(side, cell).any(|next| next != x && regions[next] == from) {
            candidates[found] = cell as u16;
            found += 1;
        }
    }
    if found == 0 {
        return None;
    }
    let z = usize::from(candidates[rng.below(found as u32) as usize]);
    layout.set(x, to);
    layout.set(z, from);
    Some((x, from, to, z))
}
