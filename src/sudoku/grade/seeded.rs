//! Targets too rare for a dig: puzzles walked from built-in ones.
//!
//! An aligned pair exclusion is almost never a puzzle's hardest step: none of the 2,113
//! puzzles of `tests/data/se-rated.txt` uses it, and digs that build its pattern never
//! reach it (the wings the grader tries first take its eliminations, or singles solve its
//! cells). But next to a puzzle that has it as its hardest step, about one unique
//! neighbour in fifteen (a clue taken away, one put in, or both) has it too. So the
//! generator starts from a built-in puzzle known to have it, drawn afresh (its digits
//! relabelled, its rows, columns, bands and stacks reordered, perhaps transposed, all in
//! ways that keep the clue pattern's symmetry) and walks [`WALK_STEPS`] such steps, each
//! to a unique puzzle not seen before on the walk that still meets the target. The walk
//! moves by whole orbits of the symmetry asked for, so a symmetric seed stays symmetric; a
//! symmetry no seed has falls back to digging. The puzzle is not then made minimal:
//! measured, that brings most walks back to the same few puzzles (21 distinct in 100
//! half-turn symmetric puzzles, against 80 kept as walked; 25 to 38 clues).

use super::Grading;
use super::hint::Technique;
use super::target::TechniqueTarget;
use super::tier::RatingRange;
use crate::error::Result;
use crate::seed::RandomStream;
use crate::sudoku::generate::ClueRange;
use crate::sudoku::grid::Grid;
use crate::sudoku::solver::{Solution, solve};
use crate::sudoku::symmetry::Symmetry;

/// Puzzles whose hardest step is an aligned pair exclusion (6.2), a naked quad (5.0) and
/// a hidden quad (5.4): one a line, `#` starting a comment (the files say where they come
/// from).
const ALIGNED_PAIR_SEEDS: &str = include_str!("seeds/aligned-pair.txt");
const NAKED_QUAD_SEEDS: &str = include_str!("seeds/naked-quad.txt");
const HIDDEN_QUAD_SEEDS: &str = include_str!("seeds/hidden-quad.txt");

/// The built-in puzzles of each technique walked from.
pub fn seed_lines(technique: Technique) -> Vec<&'static str> {
    let listed = |text: &'static str| {
        text.lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .collect()
    };
    match technique {
        Technique::AlignedPairExclusion => listed(ALIGNED_PAIR_SEEDS),
        Technique::NakedQuad => listed(NAKED_QUAD_SEEDS),
        Technique::HiddenQuad => listed(HIDDEN_QUAD_SEEDS),
        _ => Vec::new(),
    }
}

/// The techniques with built-in puzzles.
pub const SEEDED: [Technique; 3] = [
    Technique::AlignedPairExclusion,
    Technique::NakedQuad,
    Technique::HiddenQuad,
];

/// Steps to a new puzzle each walk takes: far enough that two walks rarely end on the same
/// puzzle.
pub const WALK_STEPS: u32 = 6;

/// Neighbours one walk may try before it gives up (and a new seed is drawn).
const WALK_TRIES: u32 = 600;

/// The built-in puzzles a target is walked from: for a target whose every family is one
/// technique with built-in puzzles ([`SEEDED`]), asked for as the hardest step (or, for
/// the aligned pair exclusion, which digs do not reach, as needed), and whose ratings
/// include the technique's,
/// those of its puzzles (or their transposes or quarter turns) whose clues have
/// `symmetry`. `None` otherwise, or when no puzzle has the symmetry.
pub fn seeds_for(
    target: &TechniqueTarget,
    range: RatingRange,
    symmetry: Symmetry,
) -> Option<Vec<Grid>> {
    let first = target.named().next()?.techniques().next()?;
    let only_first = target
        .named()
        .all(|named| named.techniques().all(|technique| technique == first));
    if !SEEDED.contains(&first) || !only_first || !range.contains(first.base_rating()) {
        return None;
    }
    // Digs make puzzles that merely need a quad, of every rating above it; walks from
    // quad-hardest puzzles would stay near its rating.
    if target.hardest.is_empty() && first != Technique::AlignedPairExclusion {
        return None;
    }
    let identity: [usize; 9] = std::array::from_fn(|k| k);
    let reversed: [usize; 9] = std::array::from_fn(|k| 8 - k);
    let turns = [
        Isomorph::plain(identity, identity, false),
        Isomorph::plain(identity, identity, true),
        Isomorph::plain(reversed, identity, true),
    ];
    let mut seeds: Vec<Grid> = Vec::new();
    for line in seed_lines(first) {
        let seed = Grid::parse(line).expect("built-in puzzles parse");
        for turn in &turns {
            let turned = turn.apply(&seed);
            if symmetry.holds_for(turned.cells()) && !seeds.contains(&turned) {
                seeds.push(turned);
            }
        }
    }
    (!seeds.is_empty()).then_some(seeds)
}

/// A relabelling of the digits and a reordering of the grid's lines: image cell (r, c)
/// takes the digit of source cell (`rows[r]`, `columns[c]`) of the source, transposed
/// first when `transposed`, relabelled by `digits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Isomorph {
    rows: [usize; 9],
    columns: [usize; 9],
    transposed: bool,
    digits: [u8; 10],
}

impl Isomorph {
    fn plain(rows: [usize; 9], columns: [usize; 9], transposed: bool) -> Isomorph {
        Isomorph {
            rows,
            columns,
            transposed,
            digits: std::array::from_fn(|digit| digit as u8),
        }
    }

    /// A random isomorph whose image of `pattern` (which has `symmetry`) has it too:
    /// lines are reordered keeping bands and stacks, in ways that commute with the
    /// reversal of the lines unless the symmetry is none; rows and columns share an
    /// order half the time (which diagonal and quarter-turn symmetries need); a draw
    /// that loses the symmetry (a transposed mirror) is drawn again.
    pub fn random(pattern: &Grid, symmetry: Symmetry, rng: &mut RandomStream) -> Isomorph {
        let free = symmetry == Symmetry::None;
        let mut digits: [u8; 10] = std::array::from_fn(|digit| digit as u8);
        rng.shuffle(&mut digits[1..]);
        for _ in 0..ISOMORPH_DRAWS {
            let rows = line_order(free, rng);
            let columns = if rng.below(2) == 0 {
                rows
            } else {
                line_order(free, rng)
            };
            let drawn = Isomorph {
                rows,
                columns,
                transposed: rng.below(2) == 1,
                digits,
            };
            if symmetry.holds_for(drawn.apply(pattern).cells()) {
                return drawn;
            }
        }
        let identity = std::array::from_fn(|k| k);
        Isomorph {
            digits,
            ..Isomorph::plain(identity, identity, false)
        }
    }

    pub fn apply(&self, grid: &Grid) -> Grid {
        let mut image = Grid::EMPTY;
        for cell in 0..81 {
            let (row, column) = (self.rows[cell / 9], self.columns[cell % 9]);
            let source = if self.transposed {
                column * 9 + row
            } else {
                row * 9 + column
            };
            image.set(cell, self.digits[usize::from(grid.get(source))]);
        }
        image
    }
}

/// Isomorphs drawn before settling for a relabelling alone.
const ISOMORPH_DRAWS: u32 = 16;

/// A random order of the nine lines keeping the bands (stacks) together. Unless `free`,
/// it commutes with the reversal `r ↦ 8 − r` (the outer bands swap or stay, the third's
/// order mirrors the first's, the middle band stays or reverses), so a half-turn
/// symmetric pattern stays symmetric.
pub fn line_order(free: bool, rng: &mut RandomStream) -> [usize; 9] {
    let mut order = [0usize; 9];
    if free {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        for (band, &source) in bands.iter().enumerate() {
            let mut inner = [0usize, 1, 2];
            rng.shuffle(&mut inner);
            for (k, &line) in inner.iter().enumerate() {
                order[band * 3 + k] = source * 3 + line;
            }
        }
        return order;
    }
    let first = if rng.below(2) == 0 { 0 } else { 2 };
    let mut inner = [0usize, 1, 2];
    rng.shuffle(&mut inner);
    let middle_reversed = rng.below(2) == 1;
    for k in 0..3 {
        order[k] = first * 3 + inner[k];
        order[6 + k] = (2 - first) * 3 + 2 - inner[2 - k];
        order[3 + k] = 3 + if middle_reversed { 2 - k } else { k };
    }
    order
}

/// One walk: `seed` drawn afresh, then up to [`WALK_STEPS`] steps to neighbours (an orbit
/// of clues taken away, an orbit of the solution's digits put in, both, or both with the
/// new clues' digits drawn at random, which may change the solution) that are unique and
/// that `on_target` accepts. Returns the puzzle, its solution and its grading when every
/// step was made within [`WALK_TRIES`] tries, `None` otherwise.
#[allow(clippy::too_many_arguments)]
pub fn walk(
    seed: &Grid,
    symmetry: Symmetry,
    clues: Option<ClueRange>,
    grade: &impl Fn(&Grid, &Grid) -> Result<Grading>,
    on_target: &impl Fn(&Grid, &Grading) -> bool,
    late: &impl Fn() -> bool,
    rng: &mut RandomStream,
) -> Result<Option<(Grid, Grid, Grading)>> {
    let orbits = symmetry.orbits();
    let mut puzzle = Isomorph::random(seed, symmetry, rng).apply(seed);
    let Solution::Unique(mut solution) = solve(&puzzle) else {
        return Ok(None);
    };
    let distance = |count: usize| {
        clues.map_or(0, |range| {
            range.min.saturating_sub(count) + count.saturating_sub(range.max)
        })
    };
    let mut grading = None;
    let mut steps = 0;
    // Each step goes somewhere new: back and forth would end the walk where it began.
    let mut visited = vec![puzzle];
    for _ in 0..WALK_TRIES {
        if steps == WALK_STEPS || late() {
            break;
        }
        let (filled, empty): (Vec<&Vec<usize>>, Vec<&Vec<usize>>) =
            orbits.iter().partition(|orbit| puzzle.get(orbit[0]) != 0);
        let mut next = puzzle;
        let kind = rng.below(4);
        if kind != 1 {
            let Some(&taken) = rng.choose(&filled) else {
                continue;
            };
            for &cell in taken {
                next.set(cell, 0);
            }
        }
        if kind != 0 {
            let Some(&given) = rng.choose(&empty) else {
                continue;
            };
            for &cell in given {
                let digit = if kind == 3 {
                    rng.below(9) as u8 + 1
                } else {
                    solution.get(cell)
                };
                next.set(cell, digit);
            }
        }
        if distance(next.clue_count()) > distance(puzzle.clue_count())
            || next.conflict().is_some()
            || visited.contains(&next)
        {
            continue;
        }
        let Solution::Unique(next_solution) = solve(&next) else {
            continue;
        };
        let graded = grade(&next, &next_solution)?;
        if on_target(&next, &graded) {
            visited.push(next);
            puzzle = next;
            solution = next_solution;
            grading = Some(graded);
            steps += 1;
        }
    }
    Ok(grading
        .filter(|_| steps == WALK_STEPS)
        .map(|grading| (puzzle, solution, grading)))
}
