//! Every distinct 4×4 puzzle a section's settings admit, found exhaustively.
//!
//! A 4×4 grid has 288 solutions and 2^16 clue patterns, so what a generator can make of
//! it is small enough to list: a book of 4×4 puzzles draws from the list and never
//! repeats itself, and a section asking for more distinct puzzles than the list holds is
//! refused. The settings are those of the generator: the clue pattern's symmetry (a
//! union of its orbits), the removal rule its tier digs with (the one solution, or singles
//! filling the removed cells back in, `variant::grade::removals_for`), and a clue range.
//! A puzzle is listed when its pattern has the symmetry, the rule holds for it, every
//! orbit of its clues is needed (taking one out breaks the rule or goes below the clue
//! range's floor: the digging stops exactly at such puzzles, since taking clues out never
//! makes a failed removal pass), its clue count is in the range and its rating meets the
//! tier. Puzzles are listed once per equivalence class ([`super::canonical`]), each by a
//! member whose pattern has the symmetry, in the order of their canonical lines.
//!
//! Without a symmetry the conditions do not change under the grid's transformations, so
//! only one grid of each class is searched; with one, every grid whose first row is 1234
//! (relabelling changes nothing either). Uniqueness is decided without a search: a clue
//! pattern has one solution exactly when it meets every set of cells in which another
//! grid differs from the solution.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::group::{Transform, extra_house_group, regular_group};
use crate::error::Result;
use crate::seed::RandomStream;
use crate::sudoku::grade::{RatingTarget, Tier};
use crate::sudoku::variant::generate::{Removals, regular_geometry};
use crate::sudoku::variant::geometry::{Geometry, Size, Variant};
use crate::sudoku::variant::grade::{
    VariantGradeOptions, grade_unique, removals_for, target_range,
};
use crate::sudoku::variant::grid::VariantGrid;
use crate::sudoku::variant::singles::first_filling;
use crate::sudoku::variant::symmetry::orbits;
use crate::sudoku::{ClueRange, Symmetry};

/// The settings a list is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub variant: Variant,
    pub symmetry: Symmetry,
    pub clues: Option<ClueRange>,
    pub target: Option<RatingTarget>,
}

/// One listed puzzle: a member of its class whose pattern has the symmetry.
#[derive(Clone, Debug)]
pub struct Listed {
    pub puzzle: VariantGrid,
    pub solution: VariantGrid,
    /// The canonical line of its class.
    pub key: String,
    pub rating_tenths: u16,
    pub tier: Tier,
}

/// Every distinct puzzle of some settings, in the order of their keys.
#[derive(Debug)]
pub struct Catalogue {
    pub settings: Settings,
    pub puzzles: Vec<Listed>,
    /// The transformations that keep the symmetry's patterns symmetric (to draw a listed
    /// puzzle afresh without losing its symmetry).
    keeping: Vec<Transform>,
}

/// True for the sudoku whose every distinct puzzle is listed: the 4×4, classic or X.
pub fn is_listed(size: Size, variant: Variant) -> bool {
    size == Size::S4 && matches!(variant, Variant::Classic | Variant::X)
}

/// The list for `settings` (of a 4×4), made once per process.
pub fn catalogue(settings: Settings) -> Arc<Catalogue> {
    type Made = Vec<(Settings, Arc<Catalogue>)>;
    static MADE: OnceLock<Mutex<Made>> = OnceLock::new();
    let made = MADE.get_or_init(|| Mutex::new(Vec::new()));
    if let Some((_, found)) = made
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .find(|(made_for, _)| *made_for == settings)
    {
        return Arc::clone(found);
    }
    // Listed outside the lock: two threads asking at once both list, the first kept.
    let listed = Arc::new(list(settings));
    let mut made = made.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, found)) = made.iter().find(|(made_for, _)| *made_for == settings) {
        return Arc::clone(found);
    }
    made.push((settings, Arc::clone(&listed)));
    listed
}

impl Catalogue {
    /// Listed puzzle `index` drawn afresh from `rng`: its values relabelled and the grid
    /// turned or reflected in a way that keeps its symmetry. Returns the puzzle and its
    /// solution; the caller grades it.
    pub fn draw(&self, index: usize, rng: &mut RandomStream) -> (VariantGrid, VariantGrid) {
        let listed = &self.puzzles[index];
        let geometry = listed.puzzle.geometry();
        let side = geometry.side();
        let mut values: Vec<u8> = (1..=side as u8).collect();
        rng.shuffle(&mut values);
        let transform = rng
            .choose(&self.keeping)
            .copied()
            .unwrap_or_else(|| Transform::identity(side));
        let sources = transform.sources(side);
        let redraw = |grid: &VariantGrid| {
            let cells = sources
                .iter()
                .map(|&source| match grid.get(source) {
                    0 => 0,
                    value => values[usize::from(value) - 1],
                })
                .collect();
            VariantGrid::from_cells(geometry.clone(), cells)
        };
        (redraw(&listed.puzzle), redraw(&listed.solution))
    }
}

/// The solution grids of `geometry` (a small one), all of them.
fn all_grids(geometry: &Geometry) -> Vec<Vec<u8>> {
    fn fill(geometry: &Geometry, cells: &mut Vec<u8>, cell: usize, out: &mut Vec<Vec<u8>>) {
        if cell == cells.len() {
            out.push(cells.clone());
            return;
        }
        let mut seen = 0u32;
        for &peer in geometry.peers(cell) {
            seen |= 1 << cells[usize::from(peer)];
        }
        for value in 1..=geometry.side() as u8 {
            if seen & 1 << value == 0 {
                cells[cell] = value;
                fill(geometry, cells, cell + 1, out);
            }
        }
        cells[cell] = 0;
    }
    let mut out = Vec::new();
    fill(geometry, &mut vec![0; geometry.cells()], 0, &mut out);
    out
}

/// A cell mask of a pattern (16 cells).
type Pattern = u16;

/// What decides whether the clues of a pattern keep a grid's puzzle: the sets of cells in
/// which other grids differ from it (the smallest of them suffice), and the singles a
/// tier's digging keeps.
struct Keeper<'a> {
    geometry: &'a Arc<Geometry>,
    grid: &'a [u8],
    differences: Vec<Pattern>,
    rule: Removals,
}

impl Keeper<'_> {
    fn unique(&self, pattern: Pattern) -> bool {
        self.differences.iter().all(|&differ| differ & pattern != 0)
    }

    fn keeps(&self, pattern: Pattern) -> bool {
        if !self.unique(pattern) {
            return false;
        }
        match self.rule {
            Removals::KeepUnique => true,
            Removals::KeepSingles(singles) => {
                let solution = VariantGrid::from_cells(self.geometry.clone(), self.grid.to_vec());
                let puzzle = self.puzzle(pattern);
                first_filling(&puzzle, &solution, &[singles.rules(self.geometry)]).is_some()
            }
        }
    }

    fn puzzle(&self, pattern: Pattern) -> VariantGrid {
        let cells = (0..self.grid.len())
            .map(|cell| {
                if pattern & 1 << cell != 0 {
                    self.grid[cell]
                } else {
                    0
                }
            })
            .collect();
        VariantGrid::from_cells(self.geometry.clone(), cells)
    }
}

/// The smallest of `sets`: those containing no other.
fn smallest_sets(mut sets: Vec<Pattern>) -> Vec<Pattern> {
    sets.sort_by_key(|set| set.count_ones());
    let mut kept: Vec<Pattern> = Vec::new();
    for set in sets {
        if kept.iter().all(|&small| small & set != small) {
            kept.push(set);
        }
    }
    kept
}

fn list(settings: Settings) -> Catalogue {
    let size = Size::S4;
    let geometry = regular_geometry(size, settings.variant);
    let side = geometry.side();
    let rule = settings.target.map_or(Removals::KeepUnique, |target| {
        removals_for(target_range(size, target))
    });
    let floor = settings.clues.map_or(0, |range| range.min);
    let ceiling = settings.clues.map_or(geometry.cells(), |range| range.max);
    let orbits = orbits(settings.symmetry, side);
    let orbit_masks: Vec<Pattern> = orbits
        .iter()
        .map(|orbit| orbit.iter().fold(0, |mask, &cell| mask | 1 << cell))
        .collect();
    let grids = all_grids(&geometry);
    let group: Vec<Transform> = match settings.variant {
        Variant::Classic => regular_group(size),
        variant => extra_house_group(size, variant).to_vec(),
    };
    // The grids to search: with a symmetry, those whose first row is 1234; without one,
    // one of each class.
    let mut searched: Vec<&Vec<u8>> = grids
        .iter()
        .filter(|grid| (0..side).all(|cell| usize::from(grid[cell]) == cell + 1))
        .collect();
    if settings.symmetry == Symmetry::None {
        let mut seen = Vec::new();
        searched.retain(|grid| {
            let key = super::group::smallest_image(grid, side, &group);
            let fresh = !seen.contains(&key);
            if fresh {
                seen.push(key);
            }
            fresh
        });
    }
    let options = VariantGradeOptions {
        record_steps: false,
        deadline: None,
        stop_above: None,
    };
    let mut found: HashMap<String, Option<Listed>> = HashMap::new();
    for grid in searched {
        let differences = smallest_sets(
            grids
                .iter()
                .filter(|other| *other != grid)
                .map(|other| {
                    (0..other.len())
                        .filter(|&cell| other[cell] != grid[cell])
                        .fold(0, |mask, cell| mask | 1 << cell)
                })
                .collect(),
        );
        let keeper = Keeper {
            geometry: &geometry,
            grid,
            differences,
            rule,
        };
        let solution = VariantGrid::from_cells(geometry.clone(), grid.clone());
        for chosen in 0u32..1 << orbit_masks.len() {
            let pattern = orbit_masks
                .iter()
                .enumerate()
                .filter(|(orbit, _)| chosen & 1 << orbit != 0)
                .fold(0, |mask, (_, &orbit)| mask | orbit);
            let clues = pattern.count_ones() as usize;
            if clues < floor || clues > ceiling || !keeper.keeps(pattern) {
                continue;
            }
            let needed = orbit_masks.iter().all(|&orbit| {
                orbit & pattern != orbit
                    || clues - (orbit.count_ones() as usize) < floor
                    || !keeper.keeps(pattern & !orbit)
            });
            if !needed {
                continue;
            }
            let puzzle = keeper.puzzle(pattern);
            let key = super::canonical(&puzzle).to_line();
            if matches!(found.get(&key), Some(Some(_))) {
                continue;
            }
            let Ok(grading) = grade_unique(&puzzle, &solution, &options) else {
                continue;
            };
            let meets = settings
                .target
                .is_none_or(|target| target_range(size, target).contains(grading.rating_tenths));
            let entry = found.entry(key.clone()).or_insert(None);
            if meets {
                *entry = Some(Listed {
                    puzzle,
                    solution: solution.clone(),
                    key,
                    rating_tenths: grading.rating_tenths,
                    tier: grading.tier,
                });
            }
        }
    }
    let mut puzzles: Vec<Listed> = found.into_values().flatten().collect();
    puzzles.sort_by(|a, b| a.key.cmp(&b.key));
    let keeping = group
        .into_iter()
        .filter(|transform| {
            let sources = transform.sources(side);
            orbit_masks.iter().all(|&orbit| {
                let image = (0..sources.len())
                    .filter(|&cell| orbit & 1 << sources[cell] != 0)
                    .fold(0, |mask: Pattern, cell| mask | 1 << cell);
                orbit_masks.contains(&image)
            })
        })
        .collect();
    Catalogue {
        settings,
        puzzles,
        keeping,
    }
}

/// Grades a drawn puzzle of `catalogue`'s settings: its rating and tier, or an error when
/// it fails to grade.
pub fn grade_drawn(puzzle: &VariantGrid, solution: &VariantGrid) -> Result<(u16, Tier)> {
    let grading = grade_unique(
        puzzle,
        solution,
        &VariantGradeOptions {
            record_steps: false,
            deadline: None,
            stop_above: None,
        },
    )?;
    Ok((grading.rating_tenths, grading.tier))
}
