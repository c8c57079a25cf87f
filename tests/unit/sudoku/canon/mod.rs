//! The canonical forms against the plain canonicaliser, and the exhaustive 4×4 count.

pub mod reference;

use puzzlebook::sudoku::canon::killer::canonical_killer;
use puzzlebook::sudoku::killer::Killer;
use puzzlebook::sudoku::variant::grid::VariantGrid;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::Symmetry;
use puzzlebook::sudoku::canon::catalogue::{Settings, catalogue};
use puzzlebook::sudoku::canon::group::{Transform, dihedral, extra_house_group};
use puzzlebook::sudoku::canon::*;
use puzzlebook::sudoku::killer::generate::{KillerOptions, generate as generate_killer};
use puzzlebook::sudoku::variant::generate::{VariantOptions, generate};
use puzzlebook::sudoku::variant::geometry::{Geometry, Size, Variant};

fn puzzle(size: Size, variant: Variant, symmetry: Symmetry, index: u64) -> VariantGrid {
    let options = VariantOptions {
        symmetry,
        ..VariantOptions::new(size, variant)
    };
    let mut rng = RandomStream::derive("canon", &[size.name(), variant.name()], index);
    generate(&options, &mut rng, None)
        .unwrap_or_else(|error| panic!("{size} {variant}: {error}"))
        .puzzle
}

/// A random transformation of a regular grid of `size` (bands, rows, stacks, columns,
/// and the transposition of square boxes).
fn random_transform(size: Size, rng: &mut RandomStream) -> Transform {
    let side = size.side();
    let mut transform = Transform::identity(side);
    for (lines, block) in [
        (&mut transform.rows, size.box_rows()),
        (&mut transform.columns, size.box_columns()),
    ] {
        let mut blocks: Vec<usize> = (0..side / block).collect();
        rng.shuffle(&mut blocks);
        for (slot, &source) in blocks.iter().enumerate() {
            let mut within: Vec<usize> = (0..block).collect();
            rng.shuffle(&mut within);
            for (k, &line) in within.iter().enumerate() {
                lines[slot * block + k] = (source * block + line) as u8;
            }
        }
    }
    transform.transposed = size.box_rows() == size.box_columns() && rng.chance(1, 2);
    transform
}

/// `grid` moved by `transform` and its values renamed at random.
fn moved(grid: &VariantGrid, transform: &Transform, rng: &mut RandomStream) -> VariantGrid {
    let side = grid.geometry().side();
    let mut names: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut names);
    let cells = reference::apply(grid.cells(), side, transform)
        .into_iter()
        .map(|value| match value {
            0 => 0,
            value => names[usize::from(value) - 1],
        })
        .collect();
    let geometry = match grid.geometry().variant() {
        Variant::Jigsaw => {
            let regions: Vec<u8> = reference::apply(grid.geometry().regions(), side, transform)
                .into_iter()
                .map(|region| b'a' + region)
                .collect();
            Arc::new(Geometry::jigsaw(grid.geometry().size(), &regions).unwrap())
        }
        _ => grid.geometry().clone(),
    };
    VariantGrid::from_cells(geometry, cells)
}

/// Some grids of `size`: generated puzzles, and solutions with random cells taken out
/// (including none and all).
fn sample_grids(size: Size, count: u64) -> Vec<VariantGrid> {
    let mut grids = Vec::new();
    for index in 0..count {
        let symmetry = if index % 2 == 0 {
            Symmetry::None
        } else {
            Symmetry::Rot180
        };
        grids.push(puzzle(size, Variant::Classic, symmetry, index));
    }
    let options = VariantOptions::new(size, Variant::Classic);
    let mut rng = RandomStream::derive("canon", &["holes"], size.side() as u64);
    let solved = generate(&options, &mut rng, None).unwrap().solution;
    for keep in [0u32, 1, 3, 5, 8, 10] {
        let mut grid = solved.clone();
        for cell in 0..size.cells() {
            if rng.below(10) >= keep {
                grid.set(cell, 0);
            }
        }
        grids.push(grid);
    }
    grids.push(solved);
    grids
}

/// Checks the minlex form of `grids` (of `size`) against the plain canonicaliser's.
fn check_minlex(size: Size, grids: &[VariantGrid]) {
    for grid in grids {
        let plain = reference::smallest(grid.cells(), size.side(), size == Size::S4, |visit| {
            reference::for_each_transform(size, visit)
        });
        assert_eq!(
            canonical(grid).cells(),
            plain.as_slice(),
            "{}",
            grid.to_line()
        );
    }
}

#[test]
fn minlex_is_the_smallest_image_on_small_grids() {
    check_minlex(Size::S4, &sample_grids(Size::S4, 40));
    check_minlex(Size::S6, &sample_grids(Size::S6, 24));
}

#[test]
fn minlex_is_the_smallest_image_on_8x8_and_9x9() {
    // Every 8x8 and 9x9 transformation is tried: a few grids (with and without holes).
    check_minlex(Size::S8, &sample_grids(Size::S8, 2)[..3]);
    check_minlex(Size::S9, &sample_grids(Size::S9, 1)[..2]);
}

#[test]
fn equivalent_puzzles_share_their_key() {
    let mut rng = RandomStream::derive("canon", &["moves"], 0);
    let cases = [
        (Size::S4, Variant::Classic, Symmetry::None),
        (Size::S6, Variant::Classic, Symmetry::Rot180),
        (Size::S8, Variant::Classic, Symmetry::Rot180),
        (Size::S9, Variant::Classic, Symmetry::None),
        (Size::S12, Variant::Classic, Symmetry::Rot180),
        (Size::S16, Variant::Classic, Symmetry::Rot180),
        (Size::S4, Variant::X, Symmetry::None),
        (Size::S6, Variant::X, Symmetry::None),
        (Size::S8, Variant::X, Symmetry::Rot180),
        (Size::S9, Variant::X, Symmetry::Rot180),
        (Size::S12, Variant::X, Symmetry::Rot180),
        (Size::S16, Variant::X, Symmetry::Rot180),
        (Size::S9, Variant::Windoku, Symmetry::Rot180),
        (Size::S6, Variant::Jigsaw, Symmetry::None),
        (Size::S9, Variant::Jigsaw, Symmetry::None),
        (Size::S12, Variant::Jigsaw, Symmetry::Rot180),
    ];
    for (size, variant, symmetry) in cases {
        let grid = puzzle(size, variant, symmetry, 7);
        let key = canonical(&grid);
        for _ in 0..12 {
            let transform = match variant {
                Variant::Classic => random_transform(size, &mut rng),
                Variant::Jigsaw => *rng.choose(&dihedral(size.side())).unwrap(),
                _ => *rng.choose(&extra_house_group(size, variant)).unwrap(),
            };
            let image = moved(&grid, &transform, &mut rng);
            assert_eq!(
                canonical(&image),
                key,
                "{size} {variant}: {}",
                grid.to_line()
            );
            if size == Size::S9 && variant == Variant::Classic {
                let classic = image.to_classic().unwrap();
                assert_eq!(canonical_classic(&classic).cells(), key.cells());
            }
        }
    }
}

#[test]
fn different_puzzles_have_different_keys() {
    // Keys agree exactly when the plain canonical forms do (on puzzles of one grid, many
    // of which are equivalent and many not).
    let grids = sample_grids(Size::S4, 60);
    let mut by_key: HashMap<Vec<u8>, Vec<u8>> = HashMap::new();
    for grid in &grids {
        let plain = reference::smallest(grid.cells(), 4, true, |visit| {
            reference::for_each_transform(Size::S4, visit)
        });
        let key = canonical(grid).cells().to_vec();
        if let Some(seen) = by_key.insert(key.clone(), plain.clone()) {
            assert_eq!(seen, plain, "one key for two different puzzles");
        }
    }
    let distinct: BTreeSet<_> = by_key.values().collect();
    assert_eq!(distinct.len(), by_key.len());
    assert!(by_key.len() > 5, "the sample holds several classes");
    // One clue more is another puzzle.
    let grid = puzzle(Size::S9, Variant::Classic, Symmetry::Rot180, 3);
    let solution = puzzlebook::sudoku::variant::solve_any(&grid).unwrap();
    let mut more = grid.clone();
    let open = (0..81).find(|&cell| grid.get(cell) == 0).unwrap();
    more.set(open, solution.get(open));
    assert_ne!(canonical(&grid), canonical(&more));
}

/// The transformations of the whole group of `size` that keep the extra houses of
/// `variant`, found by trying every one.
fn kept_by_trying(size: Size, variant: Variant) -> BTreeSet<Vec<usize>> {
    let geometry = Geometry::regular(size, variant).unwrap();
    let mut kept = BTreeSet::new();
    reference::for_each_transform(size, |transform| {
        if reference::keeps_houses(&geometry, transform) {
            kept.insert(transform.sources(size.side()));
        }
    });
    kept
}

#[test]
fn x_and_windoku_groups_keep_exactly_their_houses() {
    for (size, variant) in [
        (Size::S4, Variant::X),
        (Size::S6, Variant::X),
        (Size::S8, Variant::X),
        (Size::S9, Variant::X),
        (Size::S9, Variant::Windoku),
    ] {
        let listed: BTreeSet<Vec<usize>> = extra_house_group(size, variant)
            .iter()
            .map(|transform| transform.sources(size.side()))
            .collect();
        assert_eq!(
            listed.len(),
            extra_house_group(size, variant).len(),
            "no repeats"
        );
        assert_eq!(listed, kept_by_trying(size, variant), "{size} {variant}");
    }
    assert_eq!(extra_house_group(Size::S9, Variant::X).len(), 96);
    assert_eq!(extra_house_group(Size::S9, Variant::Windoku).len(), 128);
}

fn killer(size: Size, index: u64) -> Killer {
    let mut rng = RandomStream::derive("canon", &["killer", size.name()], index);
    generate_killer(&KillerOptions::new(size), &mut rng, None)
        .unwrap()
        .puzzle
}

fn parts(killer: &Killer) -> (Vec<u8>, Vec<u8>, Vec<u16>) {
    let sums = killer.cages().iter().map(|cage| cage.sum).collect();
    (killer.givens().to_vec(), killer.cage_of().to_vec(), sums)
}

#[test]
fn killers_match_the_plain_canonical_form() {
    for (size, count) in [(Size::S4, 12), (Size::S6, 4)] {
        for index in 0..count {
            let puzzle = killer(size, index);
            let (givens, cages, sums) = parts(&puzzle);
            let plain = reference::smallest_killer(size, &givens, &cages, &sums);
            let fast = canonical_killer(&puzzle);
            // Cage order in a killer is by first appearance, as in the plain form.
            assert_eq!(parts(&fast), plain, "{}", puzzle.to_line());
        }
    }
}

#[test]
fn turned_and_complemented_killers_share_their_key() {
    let mut rng = RandomStream::derive("canon", &["killer moves"], 0);
    for size in [Size::S4, Size::S6, Size::S9] {
        let puzzle = killer(size, 1);
        let key = canonical_killer(&puzzle).to_line();
        let side = size.side();
        for transform in dihedral(side) {
            if transform.transposed && size.box_rows() != size.box_columns() {
                continue;
            }
            let complement = rng.chance(1, 2);
            let (givens, cages, sums) = parts(&puzzle);
            let sources = transform.sources(side);
            let moved_givens: Vec<u8> = sources
                .iter()
                .map(|&s| match givens[s] {
                    0 => 0,
                    g if complement => side as u8 + 1 - g,
                    g => g,
                })
                .collect();
            let moved_cages: Vec<u8> = sources.iter().map(|&s| cages[s]).collect();
            let moved_sums: Vec<u16> = puzzle
                .cages()
                .iter()
                .zip(&sums)
                .map(|(cage, &sum)| {
                    if complement {
                        cage.cells.len() as u16 * (side as u16 + 1) - sum
                    } else {
                        sum
                    }
                })
                .collect();
            // Cage indices must follow first appearance in the moved grid.
            let mut rename = vec![u8::MAX; sums.len()];
            let mut order = Vec::new();
            let relabelled: Vec<u8> = moved_cages
                .iter()
                .map(|&cage| {
                    if rename[usize::from(cage)] == u8::MAX {
                        rename[usize::from(cage)] = order.len() as u8;
                        order.push(usize::from(cage));
                    }
                    rename[usize::from(cage)]
                })
                .collect();
            let ordered_sums: Vec<u16> = order.iter().map(|&cage| moved_sums[cage]).collect();
            let image = Killer::new(size, moved_givens, relabelled, &ordered_sums).unwrap();
            assert_eq!(canonical_killer(&image).to_line(), key, "{size}");
            // The complement is the same puzzle: one solution, the complement's.
            let solved = puzzlebook::sudoku::killer::solver::solve(&image);
            assert!(
                matches!(
                    solved,
                    puzzlebook::sudoku::killer::solver::KillerSolution::Unique(_)
                ),
                "{size}"
            );
        }
    }
}

#[test]
fn canonical_lines_read_every_sudoku_line() {
    let classic = puzzle(Size::S9, Variant::Classic, Symmetry::Rot180, 1);
    let line = canonical_line(&classic.to_line(), 1).unwrap();
    assert_eq!(line.len(), 81);
    assert_eq!(line, canonical(&classic).to_line());
    let jigsaw = puzzle(Size::S6, Variant::Jigsaw, Symmetry::None, 2);
    assert_eq!(
        canonical_line(&jigsaw.to_line(), 1).unwrap(),
        canonical(&jigsaw).to_line()
    );
    let small = killer(Size::S4, 3);
    assert_eq!(
        canonical_line(&small.to_line(), 1).unwrap(),
        canonical_killer(&small).to_line()
    );
    assert!(canonical_line("6x6:12", 1).is_err());
}

/// Every grid of a 4×4, and in how many cells each pair differs (as masks).
fn all_4x4_grids() -> Vec<[u8; 16]> {
    all_4x4_grids_of(Variant::Classic)
}

/// Every grid of a 4×4 of `variant` (classic or X).
fn all_4x4_grids_of(variant: Variant) -> Vec<[u8; 16]> {
    let geometry = Geometry::regular(Size::S4, variant).unwrap();
    let mut grids = Vec::new();
    let mut cells = [0u8; 16];
    fn fill(geometry: &Geometry, cells: &mut [u8; 16], cell: usize, out: &mut Vec<[u8; 16]>) {
        if cell == 16 {
            out.push(*cells);
            return;
        }
        for value in 1..=4u8 {
            let clash = geometry
                .peers(cell)
                .iter()
                .any(|&peer| cells[usize::from(peer)] == value);
            if !clash {
                cells[cell] = value;
                fill(geometry, cells, cell + 1, out);
                cells[cell] = 0;
            }
        }
    }
    fill(&geometry, &mut cells, 0, &mut grids);
    grids
}

/// The cells (as masks) in which each other grid of `grids` differs from `grid`.
fn differences_from(grids: &[[u8; 16]], grid: &[u8; 16]) -> Vec<u16> {
    grids
        .iter()
        .filter(|other| *other != grid)
        .map(|other| {
            (0..16)
                .filter(|&c| other[c] != grid[c])
                .fold(0, |m, c| m | 1 << c)
        })
        .collect()
}

/// Every minimal unique clue pattern of a grid, given as the cells in which each other grid
/// differs from it. Clues are added in cell order while some other grid still agrees on
/// all of them; a pattern that tells the grid from every other one is not extended (what
/// contains it is not minimal), and it is minimal when each of its clues is the only one
/// that tells the grid from some other grid.
fn minimal_unique_patterns(differences: &[u16]) -> Vec<u16> {
    fn extend(pattern: u16, next: u32, agreeing: &[u16], out: &mut Vec<u16>) {
        for cell in next..16 {
            let clue = 1u16 << cell;
            let still_agreeing: Vec<u16> = agreeing
                .iter()
                .copied()
                .filter(|&d| d & clue == 0)
                .collect();
            if still_agreeing.is_empty() {
                out.push(pattern | clue);
            } else {
                extend(pattern | clue, cell + 1, &still_agreeing, out);
            }
        }
    }
    let mut unique = Vec::new();
    extend(0, 0, differences, &mut unique);
    unique
        .into_iter()
        .filter(|&pattern| {
            let sole_witnesses = differences
                .iter()
                .map(|&d| d & pattern)
                .filter(|hit| hit.is_power_of_two())
                .fold(0u16, |seen, hit| seen | hit);
            sole_witnesses == pattern
        })
        .collect()
}

/// What a 4×4 can need, for the technique registry's 4×4 class: every minimal 4×4 puzzle,
/// classic (85 632) and X (14 592), of every grid, is graded. Each is solved by hidden
/// singles (and full houses), and so is every 4×4 puzzle, since its givens hold a minimal
/// puzzle's and a single of that puzzle stays a single as digits are added; between them
/// they use exactly the techniques the registry gives the 4×4 and the 4×4 X (classic:
/// never a hidden single in a line).
#[test]
fn every_4x4_needs_only_the_registrys_4x4_techniques() {
    use puzzlebook::sudoku::grade::{Technique, TechniqueSet};
    use puzzlebook::sudoku::techniques::{Grids, REGISTRY};
    use puzzlebook::sudoku::variant::grade::{VariantGradeOptions, grade_unique};
    let registered = |grids: Grids| {
        REGISTRY
            .iter()
            .filter(|info| info.technique != Technique::TrialAndError && info.grids.contains(grids))
            .fold(TechniqueSet::empty(), |set, info| set.with(info.technique))
    };
    let options = VariantGradeOptions {
        record_steps: false,
        deadline: None,
        stop_above: None,
    };
    for (variant, grids) in [(Variant::Classic, Grids::FOUR), (Variant::X, Grids::FOUR_X)] {
        let registered = registered(grids);
        let mut used = TechniqueSet::empty();
        let geometry = Arc::new(Geometry::regular(Size::S4, variant).unwrap());
        let grids = all_4x4_grids_of(variant);
        let mut graded = 0usize;
        for grid in &grids {
            let differences = differences_from(&grids, grid);
            let solution = VariantGrid::from_cells(geometry.clone(), grid.to_vec());
            for pattern in minimal_unique_patterns(&differences) {
                let cells: Vec<u8> = (0..16)
                    .map(|c| if pattern & 1 << c != 0 { grid[c] } else { 0 })
                    .collect();
                let puzzle = VariantGrid::from_cells(geometry.clone(), cells);
                let grading = grade_unique(&puzzle, &solution, &options).unwrap();
                for technique in Technique::ALL {
                    if grading.used.contains(technique) {
                        assert!(
                            registered.contains(technique),
                            "{variant:?} {} needs {technique:?}",
                            puzzle.to_line()
                        );
                        used = used.with(technique);
                    }
                }
                graded += 1;
            }
        }
        assert!(graded > 10_000, "{variant:?}: {graded}");
        assert_eq!(used, registered, "{variant:?}: {graded} graded");
    }
}

/// Why a 4×4 X request for a hidden single in a line needs `symmetry = none`: with any
/// other symmetry, every unique puzzle of every 4×4 X grid whose clues have that symmetry is
/// solved by full houses and hidden singles in boxes (and the generator refuses the request).
#[test]
fn a_symmetric_4x4_x_never_needs_a_hidden_single_in_a_line() {
    use puzzlebook::sudoku::grade::Technique;
    use puzzlebook::sudoku::grade::target::TechniqueTarget;
    use puzzlebook::sudoku::techniques::Grids;
    use puzzlebook::sudoku::variant::grade::{VariantGradeOptions, check_techniques, grade_unique};
    use puzzlebook::sudoku::variant::symmetry::orbits;
    let options = VariantGradeOptions::default();
    let geometry = Arc::new(Geometry::regular(Size::S4, Variant::X).unwrap());
    let grids = all_4x4_grids_of(Variant::X);
    let line =
        TechniqueTarget::parse(&[], &["Hidden Single (line)".to_string()], Grids::FOUR_X).unwrap();
    // Without symmetry some do: the minimal puzzles' grading above finds them.
    let unsymmetric = VariantOptions::new(Size::S4, Variant::X);
    let unsymmetric = VariantOptions {
        symmetry: Symmetry::None,
        ..unsymmetric
    };
    assert!(check_techniques(&unsymmetric, &line).is_ok());
    for symmetry in Symmetry::ALL.into_iter().filter(|&s| s != Symmetry::None) {
        let orbits = orbits(symmetry, 4);
        let mut graded = 0usize;
        let mut line_singles = 0usize;
        for grid in &grids {
            let differences = differences_from(&grids, grid);
            for chosen in 1u32..1 << orbits.len() {
                let pattern = (0..orbits.len())
                    .filter(|orbit| chosen & 1 << orbit != 0)
                    .flat_map(|orbit| orbits[orbit].iter())
                    .fold(0u16, |pattern, &cell| pattern | 1 << cell);
                if differences.iter().any(|&differs| differs & pattern == 0) {
                    continue;
                }
                let cells: Vec<u8> = (0..16)
                    .map(|c| if pattern & 1 << c != 0 { grid[c] } else { 0 })
                    .collect();
                let puzzle = VariantGrid::from_cells(geometry.clone(), cells);
                let solution = VariantGrid::from_cells(geometry.clone(), grid.to_vec());
                let grading = grade_unique(&puzzle, &solution, &options).unwrap();
                graded += 1;
                if grading.used.contains(Technique::HiddenSingleLine) {
                    line_singles += 1;
                }
            }
        }
        assert!(graded >= 240, "{symmetry}: {graded}");
        let request = VariantOptions {
            symmetry,
            ..VariantOptions::new(Size::S4, Variant::X)
        };
        assert_eq!(line_singles, 0, "{symmetry}: {graded} graded");
        assert_eq!(
            check_techniques(&request, &line).unwrap_err().exit_code(),
            2
        );
    }
}

#[test]
fn there_are_36_distinct_minimal_4x4_puzzles() {
    // Every minimal puzzle of every grid, by brute force: a pattern is unique when it
    // meets every set of cells in which another grid differs, minimal when no clue can go.
    let grids = all_4x4_grids();
    assert_eq!(grids.len(), 288);
    let geometry = Arc::new(Geometry::regular(Size::S4, Variant::Classic).unwrap());
    let mut minimal_by_clues = [0usize; 17];
    let mut classes: BTreeSet<Vec<u8>> = BTreeSet::new();
    let mut classes_by_clues = [0usize; 17];
    for grid in &grids {
        let differences = differences_from(&grids, grid);
        for pattern in minimal_unique_patterns(&differences) {
            let clues = pattern.count_ones() as usize;
            minimal_by_clues[clues] += 1;
            let cells: Vec<u8> = (0..16)
                .map(|c| if pattern & 1 << c != 0 { grid[c] } else { 0 })
                .collect();
            let key = canonical(&VariantGrid::from_cells(geometry.clone(), cells))
                .cells()
                .to_vec();
            if classes.insert(key) {
                classes_by_clues[clues] += 1;
            }
        }
    }
    // Sudopedia ("Shi Doku"): 85,632 minimal puzzles (25,728 of 4 clues, 58,368 of 5,
    // 1,536 of 6) in 36 classes (13 of 4 clues, 22 of 5, 1 of 6).
    assert_eq!(minimal_by_clues.iter().sum::<usize>(), 85_632);
    assert_eq!(minimal_by_clues[4..=6], [25_728, 58_368, 1_536]);
    assert_eq!(classes.len(), 36);
    assert_eq!(classes_by_clues[4..=6], [13, 22, 1]);
    // Each class's key is the plain canonical form of its puzzles.
    for key in &classes {
        let plain = reference::smallest(key, 4, true, |visit| {
            reference::for_each_transform(Size::S4, visit)
        });
        assert_eq!(&plain, key);
    }
    // The catalogue a 4×4 section without symmetry draws from is exactly these.
    let listed = catalogue(Settings {
        variant: Variant::Classic,
        symmetry: Symmetry::None,
        clues: None,
        target: None,
    });
    let listed_keys: BTreeSet<Vec<u8>> = listed
        .puzzles
        .iter()
        .map(|entry| canonical(&entry.puzzle).cells().to_vec())
        .collect();
    assert_eq!(listed_keys, classes);
    assert_eq!(listed.puzzles.len(), 36);
}

#[test]
fn catalogue_draws_stay_in_their_class_and_symmetry() {
    for symmetry in [Symmetry::Rot180, Symmetry::Mirror, Symmetry::Dihedral] {
        let listed = catalogue(Settings {
            variant: Variant::Classic,
            symmetry,
            clues: None,
            target: None,
        });
        assert!(!listed.puzzles.is_empty(), "{symmetry}");
        let mut rng = RandomStream::derive("canon", &["draw"], 0);
        for (index, entry) in listed.puzzles.iter().enumerate() {
            assert!(puzzlebook::sudoku::variant::symmetry::holds_for(
                symmetry,
                4,
                entry.puzzle.cells()
            ));
            let (puzzle, solution) = listed.draw(index, &mut rng);
            assert_eq!(canonical(&puzzle).to_line(), entry.key);
            assert!(puzzlebook::sudoku::variant::symmetry::holds_for(
                symmetry,
                4,
                puzzle.cells()
            ));
            assert!(solution.solves(&puzzle));
            assert_eq!(puzzlebook::sudoku::variant::count_solutions(&puzzle, 2), 1);
        }
    }
}
