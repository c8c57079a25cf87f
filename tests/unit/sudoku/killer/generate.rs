use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::Tier;
use puzzlebook::sudoku::killer::solver::CageLayout;
use puzzlebook::sudoku::killer::solver::Settled;
use puzzlebook::sudoku::killer::solver::solve_settling;
use puzzlebook::sudoku::variant::generate::regular_geometry;
use puzzlebook::sudoku::variant::geometry::CellSet;
use puzzlebook::sudoku::variant::geometry::Size;
use puzzlebook::sudoku::variant::geometry::Variant;
use puzzlebook::sudoku::variant::geometry::is_connected;
use puzzlebook::sudoku::variant::geometry::neighbours;
use puzzlebook::sudoku::variant::solver::random_solution;
use std::sync::Arc;

use puzzlebook::sudoku::killer::generate::*;
use puzzlebook::sudoku::killer::reference;
use puzzlebook::sudoku::killer::solver::{
    KillerSolution, count_solutions, settles_by_combinations, solve,
};
use puzzlebook::sudoku::variant::geometry::Geometry;

#[test]
fn generated_killers_are_unique_and_follow_the_options() {
    for (size, count) in [(Size::S4, 6), (Size::S6, 6), (Size::S9, 3)] {
        let options = KillerOptions::new(size);
        for index in 0..count {
            let mut rng = RandomStream::derive("killer-test", &["generate"], index);
            let made = generate(&options, &mut rng, None).unwrap();
            let puzzle = &made.puzzle;
            assert!(puzzle.givens().iter().all(|&g| g == 0));
            assert_eq!(solve(puzzle), KillerSolution::Unique(made.solution.clone()));
            assert!(puzzle.is_solved_by(&made.solution));
            assert!(
                puzzle
                    .cages()
                    .iter()
                    .all(|cage| { (2..=options.max_cage).contains(&cage.cells.len()) })
            );
            if size != Size::S9 {
                assert_eq!(reference::count(puzzle, 2), 1, "{}", puzzle.to_line());
            }
            // The same stream makes the same puzzle.
            let mut again = RandomStream::derive("killer-test", &["generate"], index);
            assert_eq!(generate(&options, &mut again, None).unwrap(), made);
        }
    }
}

#[test]
fn what_propagation_settles_grades_no_harder_than_its_steps() {
    // The tier shortcut skips gradings on the solver's word: a killer its propagation
    // settles by combinations should grade easy, one settled with locking at most
    // medium (the grader's steps are a little different, so nearly always).
    let (mut settled, mut agreeing, mut unsettled) = (0, 0, 0);
    for (index, cages) in [33, 30, 28, 26].into_iter().cycle().take(48).enumerate() {
        let options = KillerOptions {
            cages,
            ..KillerOptions::new(Size::S9)
        };
        let mut rng = RandomStream::derive("killer-test", &["settled"], index as u64);
        let made = generate(&options, &mut rng, None).unwrap();
        let (solution, how) = solve_settling(&made.puzzle, None).unwrap();
        assert_eq!(solution, KillerSolution::Unique(made.solution.clone()));
        // The easy generator's check agrees with the solve's first round.
        assert_eq!(
            settles_by_combinations(&made.puzzle),
            how == Settled::ByCombinations
        );
        let most = match how {
            Settled::No => {
                unsettled += 1;
                continue;
            }
            Settled::ByCombinations => Tier::Easy,
            Settled::ByLocking => Tier::Medium,
        };
        let grading = puzzlebook::sudoku::killer::grade::grade(&made.puzzle).unwrap();
        settled += 1;
        agreeing += usize::from(grading.tier <= most);
    }
    assert!(settled >= 10 && unsettled >= 3, "{settled} {unsettled}");
    assert!(agreeing * 10 >= settled * 9, "{agreeing} of {settled}");
}

#[test]
fn a_lone_cell_takes_a_neighbours_cell_and_the_puzzle_stays_unique() {
    let geometry = regular_geometry(Size::S9, Variant::Classic);
    let (mut taken, mut refused) = (0, 0);
    for seed in 0..12 {
        let options = KillerOptions {
            cages: 45,
            ..KillerOptions::new(Size::S9)
        };
        let mut rng = RandomStream::derive("killer-test", &["take"], seed);
        let solution = random_solution(&geometry, &mut rng, 100_000, None)
            .unwrap()
            .cells()
            .to_vec();
        let mut merging = Merging::new(&options, solution, &mut rng, None);
        merging.merge_until(options.cages, &mut rng).unwrap();
        for cell in 0..81 {
            let cage = merging.cage_of[cell];
            if merging.members[cage].len() != 1 {
                continue;
            }
            let count = merging.count;
            if !merging.take_a_neighbours_cell(cage, &mut rng).unwrap() {
                refused += 1;
                continue;
            }
            taken += 1;
            let pair = &merging.members[cage];
            assert_eq!(pair.len(), 2);
            assert!(neighbours(9, pair[0]).any(|cell| cell == pair[1]));
            assert_eq!(merging.count, count);
            let made = merging.generated();
            assert_eq!(made.puzzle.cages().len(), count);
            assert_eq!(
                solve(&made.puzzle),
                KillerSolution::Unique(made.solution.clone())
            );
            for cage in made.puzzle.cages() {
                let cells: CellSet = cage.cells.iter().map(|&c| usize::from(c)).collect();
                assert!(is_connected(9, cells), "{}", made.puzzle.to_line());
            }
            // Every cage is named by one of its own cells.
            for (name, members) in merging.members.iter().enumerate() {
                assert!(members.iter().all(|&cell| merging.cage_of[cell] == name));
            }
        }
    }
    assert!(taken > 10, "{taken} taken, {refused} refused");
}

#[test]
fn a_split_cage_leaves_two_connected_cages_and_the_puzzle_unique() {
    for (size, single_cells) in [(Size::S6, false), (Size::S9, false), (Size::S6, true)] {
        let options = KillerOptions {
            cages: size.cells() / 4,
            single_cells,
            ..KillerOptions::new(size)
        };
        let mut rng = RandomStream::derive("killer-test", &["split"], 0);
        let (_, mut merging) = generate_merging(&options, &mut rng, None, false).unwrap();
        let mut splits = 0;
        while merging.split_a_cage(&mut rng).unwrap() && splits < 6 {
            splits += 1;
            let made = merging.generated();
            assert_eq!(made.puzzle.cages().len(), merging.count);
            assert_eq!(
                solve(&made.puzzle),
                KillerSolution::Unique(made.solution.clone())
            );
            let smallest = if single_cells { 1 } else { 2 };
            for cage in made.puzzle.cages() {
                assert!(cage.cells.len() >= smallest, "{}", made.puzzle.to_line());
                let cells: CellSet = cage.cells.iter().map(|&c| usize::from(c)).collect();
                assert!(is_connected(size.side(), cells));
            }
        }
        assert!(splits > 0, "{size} no cage could be split");
    }
}

#[test]
fn checks_answered_by_kept_grids_agree_with_the_counter() {
    let options = KillerOptions::new(Size::S6);
    let geometry = Arc::new(Geometry::regular(Size::S6, Variant::Classic).unwrap());
    let mut rng = RandomStream::derive("killer-test", &["kept-grids"], 0);
    let (mut unique, mut refused, mut answered_by_kept) = (0, 0, 0);
    for _ in 0..4 {
        let solution = random_solution(&geometry, &mut rng, 100_000, None)
            .unwrap()
            .cells()
            .to_vec();
        let mut check = UniquenessCheck::new(None);
        let givens = vec![0u8; 36];
        let mut cage_of: Vec<usize> = (0..36).collect();
        let mut members: Vec<Vec<usize>> = (0..36).map(|cell| vec![cell]).collect();
        for _ in 0..80 {
            let cage = cage_of[rng.below(36) as usize];
            let found = partners(&options, &solution, &members, &cage_of, cage, &mut rng);
            let Some(&other) = found.first() else {
                continue;
            };
            let mut trial = cage_of.clone();
            for &cell in &members[other] {
                trial[cell] = cage;
            }
            let killer = build(Size::S6, &givens, &trial, &solution);
            let kept = check.others.iter().any(|other| killer.cages_hold(other));
            answered_by_kept += usize::from(kept);
            // Laid out for the solver, the trial has the killer's own cages.
            let laid_out = LaidOut::new(&trial, &solution);
            let (layout, of_killer) = (laid_out.layout(36), CageLayout::of(&killer));
            assert_eq!(layout.cage_of, of_killer.cage_of);
            assert_eq!(layout.cages, of_killer.cages);
            let is_unique = check
                .is_unique(Size::S6, &givens, &trial, &solution)
                .unwrap();
            assert_eq!(is_unique, count_solutions(&killer, 2) == 1);
            if is_unique {
                unique += 1;
                merge(&mut members, &mut cage_of, cage, other);
            } else {
                refused += 1;
            }
        }
        assert!(check.others.iter().all(|other| *other != solution));
    }
    assert!(unique > 20 && refused > 20, "{unique} {refused}");
    assert!(answered_by_kept > 5, "{answered_by_kept}");
}

#[test]
fn tier_killers_have_their_tier_also_when_merged_on() {
    use puzzlebook::sudoku::grade::Tier;
    use puzzlebook::sudoku::killer::grade::grade;
    for (index, tier) in [Tier::Easy, Tier::Medium, Tier::Hard]
        .into_iter()
        .enumerate()
    {
        let options = KillerOptions::new(Size::S9);
        let cages = puzzlebook::sudoku::killer::grade::cages_for(tier, 81);
        let mut fewer_cages = 0;
        for round in 0..6 {
            let seed = (index * 10 + round) as u64;
            let mut rng = RandomStream::derive("killer-test", &["tier"], seed);
            let (made, grading) = generate_tier(&options, tier, &mut rng, None).unwrap();
            assert_eq!(grading.tier, tier);
            // Graded again from scratch, without stopping early: the same tier.
            assert_eq!(grade(&made.puzzle).unwrap().tier, tier);
            assert_eq!(
                solve(&made.puzzle),
                KillerSolution::Unique(made.solution.clone())
            );
            fewer_cages += usize::from(made.puzzle.cages().len() < cages);
            let mut again = RandomStream::derive("killer-test", &["tier"], seed);
            assert_eq!(
                generate_tier(&options, tier, &mut again, None).unwrap().0,
                made
            );
        }
        // Some were too easy at first and merged on.
        if tier != Tier::Easy {
            assert!(fewer_cages > 0, "{tier}");
        }
    }
}
