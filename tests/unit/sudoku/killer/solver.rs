use puzzlebook::sudoku::killer::Killer;
use puzzlebook::sudoku::killer::solver::*;

#[test]
fn combinations_are_the_digit_sets_of_a_sum() {
    // 3 in two cells is {1, 2}; 17 in two cells is {8, 9}; 10 in two: four ways.
    assert_eq!(combinations(2, 3, 9), &[0b110]);
    assert_eq!(combinations(2, 17, 9), &[(1 << 8) | (1 << 9)]);
    assert_eq!(combinations(2, 10, 9).len(), 4);
    assert_eq!(combinations(9, 45, 9).len(), 1);
    assert!(combinations(3, 25, 9).is_empty());
    assert!(combinations(2, 12, 6).is_empty());
}

/// Every assignment of distinct digits to the cells, one candidate each, adding to
/// `sum`: the digits each cell takes in some, and those all of them use.
fn fits_by_brute_force(masks: &[u16], sum: u16) -> Option<([u16; 9], u16)> {
    fn walk(
        masks: &[u16],
        at: usize,
        used: u16,
        left: u16,
        chosen: &mut [u16; 9],
        out: &mut Option<([u16; 9], u16)>,
    ) {
        if at == masks.len() {
            if left == 0 {
                let entry = out.get_or_insert(([0; 9], u16::MAX));
                for (fit, &digit) in entry.0.iter_mut().zip(&chosen[..at]) {
                    *fit |= digit;
                }
                entry.1 &= used;
            }
            return;
        }
        for digit in 1..=9u16 {
            let bit = 1 << digit;
            if masks[at] & bit != 0 && used & bit == 0 && digit <= left {
                chosen[at] = bit;
                walk(masks, at + 1, used | bit, left - digit, chosen, out);
            }
        }
    }
    let mut out = None;
    walk(masks, 0, 0, sum, &mut [0; 9], &mut out);
    out
}

#[test]
fn cage_fits_agree_with_every_assignment_and_are_remembered_exactly() {
    use puzzlebook::seed::RandomStream;
    let context = Context::new(&random_killer(
        puzzlebook::sudoku::variant::Size::S9,
        1,
        0,
        0,
    ));
    let mut rng = RandomStream::derive("test", &["cage-fits"], 0);
    let mut fitting = 0;
    let mut remembered = RememberedFits { slots: Vec::new() };
    for _ in 0..3000 {
        let count = rng.in_range(1, 7) as usize;
        let masks: Vec<u16> = (0..count)
            .map(|_| (rng.below(1 << 9) as u16) << 1 | 1 << rng.in_range(1, 9))
            .collect();
        let most: u16 = (10 - count as u16..=9).sum();
        let sum = rng.in_range(1, u32::from(most)) as u16;
        let expected = fits_by_brute_force(&masks, sum);
        // The second call is answered from memory.
        for _ in 0..2 {
            let found = context.cage_fits(&masks, sum, &mut remembered);
            assert_eq!(found.is_some(), expected.is_some(), "{masks:?} {sum}");
            if let (Some((fits, needed)), Some((expected_fits, expected_needed))) =
                (found, expected)
            {
                assert_eq!(fits[..count], expected_fits[..count], "{masks:?} {sum}");
                assert_eq!(needed, expected_needed, "{masks:?} {sum}");
            }
        }
        fitting += usize::from(expected.is_some());
    }
    assert!(fitting > 300, "{fitting}");
}

#[test]
fn assignments_agree_with_every_order() {
    use puzzlebook::seed::RandomStream;
    let mut rng = RandomStream::derive("test", &["assign"], 0);
    let (mut possible, mut impossible) = (0, 0);
    for _ in 0..6000 {
        let count = rng.in_range(2, 6) as usize;
        let masks: Vec<u16> = (0..count).map(|_| rng.below(1 << 9) as u16).collect();
        let mut digits = 0u16;
        while digits.count_ones() as usize != count {
            digits |= 1 << rng.below(9);
        }
        // Every order of the set's digits over the cells.
        let set: Vec<u16> = (0..9).filter(|d| digits >> d & 1 != 0).collect();
        let mut expected = [0u16; 9];
        let mut order: Vec<usize> = (0..count).collect();
        let mut any = false;
        for_each_order(&mut order, 0, &mut |order| {
            if (0..count).all(|k| masks[k] >> set[order[k]] & 1 != 0) {
                any = true;
                for k in 0..count {
                    expected[k] |= 1 << set[order[k]];
                }
            }
        });
        let mut found = [0u16; 9];
        assert_eq!(
            assign(&masks, digits, &mut found),
            any,
            "{masks:?} {digits:b}"
        );
        assert_eq!(found, expected, "{masks:?} {digits:b}");
        if any {
            possible += 1;
        } else {
            impossible += 1;
        }
    }
    assert!(
        possible > 300 && impossible > 300,
        "{possible} {impossible}"
    );
}

#[test]
fn mixed_fits_agree_with_every_filling() {
    use puzzlebook::seed::RandomStream;
    let context = Context::new(&random_killer(
        puzzlebook::sudoku::variant::Size::S9,
        2,
        0,
        0,
    ));
    let mut rng = RandomStream::derive("test", &["mixed-fits"], 0);
    let (mut fitting, mut repeating) = (0, 0);
    let mut remembered = RememberedFits { slots: Vec::new() };
    for _ in 0..3000 {
        let count = rng.in_range(1, 4) as usize;
        let mut cells: Vec<usize> = Vec::new();
        while cells.len() < count {
            let cell = rng.below(81) as usize;
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        let masks: Vec<u16> = (0..count)
            .map(|_| (rng.below(1 << 9) as u16) << 1 | 1 << rng.in_range(1, 9))
            .collect();
        let sum = rng.in_range(1, 9 * count as u32) as u16;
        // Every filling, by brute force over all digit tuples.
        let mut expected = [0u16; 9];
        let mut any = false;
        let mut repeats = false;
        for tuple in 0..9usize.pow(count as u32) {
            let digits: Vec<usize> = (0..count)
                .map(|k| tuple / 9usize.pow(k as u32) % 9 + 1)
                .collect();
            let fits = digits.iter().zip(&masks).all(|(&d, &m)| m >> d & 1 != 0)
                && digits.iter().sum::<usize>() == usize::from(sum)
                && (0..count).all(|k| {
                    (0..k).all(|j| {
                        digits[j] != digits[k] || context.peers[cells[k]] >> cells[j] & 1 == 0
                    })
                });
            if fits {
                any = true;
                for (k, &digit) in digits.iter().enumerate() {
                    expected[k] |= 1 << digit;
                    repeats |= digits[..k].contains(&digit);
                }
            }
        }
        // The second call is answered from memory.
        for _ in 0..2 {
            let found = context.mixed_fits(&cells, &masks, sum, &mut remembered);
            assert_eq!(found.is_some(), any, "{cells:?} {masks:?} {sum}");
            if let Some(fits) = found {
                assert_eq!(
                    fits[..count],
                    expected[..count],
                    "{cells:?} {masks:?} {sum}"
                );
            }
        }
        fitting += usize::from(any);
        repeating += usize::from(repeats);
    }
    // Both kinds came up: fillings at all, and ones with a digit twice.
    assert!(fitting > 300 && repeating > 50, "{fitting} {repeating}");
}

#[test]
fn a_small_killer_has_its_one_solution() {
    let killer = Killer::parse_word(
        "4x4-killer:................:aabbcdbbcdeefgeh:3,10,5,5,9,4,3,1",
        1,
    )
    .unwrap()
    .unwrap();
    let expected = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    match solve(&killer) {
        KillerSolution::Unique(found) => assert_eq!(found, expected),
        KillerSolution::Multiple(a, b) => {
            // Both solve it; the reference agrees there are several.
            assert!(killer.is_solved_by(&a) && killer.is_solved_by(&b) && a != b);
            assert!(puzzlebook::sudoku::killer::reference::count(&killer, 2) == 2);
        }
        KillerSolution::None => panic!("no solution"),
    }
}

/// A random killer of `size`: random connected cages of 1 to 4 cells over a random
/// solution, sums from it (one of them shifted by `shift` when it stays possible, so
/// that some have no solution), and a few of its digits as givens.
fn random_killer(
    size: puzzlebook::sudoku::variant::Size,
    seed: u64,
    shift: i16,
    givens: usize,
) -> Killer {
    use puzzlebook::seed::RandomStream;
    use puzzlebook::sudoku::variant::geometry::{Geometry, Variant, neighbours};
    use std::sync::Arc;
    let geometry = Arc::new(Geometry::regular(size, Variant::Classic).unwrap());
    let mut rng = RandomStream::derive("killer-reference", &[], seed);
    let solution =
        puzzlebook::sudoku::variant::solver::random_solution(&geometry, &mut rng, 1_000_000, None)
            .unwrap()
            .cells()
            .to_vec();
    let (cells, side) = (geometry.cells(), geometry.side());
    let mut cage_of = vec![usize::MAX; cells];
    let mut count = 0;
    for start in 0..cells {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = rng.in_range(1, 4) as usize;
        let mut members = vec![start];
        cage_of[start] = count;
        while members.len() < target {
            let options: Vec<usize> = members
                .iter()
                .flat_map(|&cell| neighbours(side, cell))
                .filter(|&cell| {
                    cage_of[cell] == usize::MAX
                        && members.iter().all(|&m| solution[m] != solution[cell])
                })
                .collect();
            let Some(&next) = rng.choose(&options) else {
                break;
            };
            cage_of[next] = count;
            members.push(next);
        }
        count += 1;
    }
    let mut sums = vec![0u16; count];
    for cell in 0..cells {
        sums[cage_of[cell]] += u16::from(solution[cell]);
    }
    let unshifted = sums.clone();
    let shifted = (sums[0] as i16 + shift) as u16;
    let size_of_first = cage_of.iter().filter(|&&cage| cage == 0).count();
    let (low, high) = puzzlebook::sudoku::killer::sum_bounds(size_of_first, side);
    if (low..=high).contains(&shifted) {
        sums[0] = shifted;
    }
    let mut values = vec![0u8; cells];
    for _ in 0..givens {
        let cell = rng.below(cells as u32) as usize;
        values[cell] = solution[cell];
    }
    let labels: Vec<u8> = cage_of.iter().map(|&cage| cage as u8).collect();
    // A shifted sum that a given leaves no digits for is refused when read; such a
    // killer keeps its true sums.
    Killer::new(size, values.clone(), labels.clone(), &sums)
        .or_else(|_| Killer::new(size, values, labels, &unshifted))
        .unwrap()
}

/// Cages wholly inside a row whose sums pass the row's total: no solution, and no
/// arithmetic overflow on the way (the remainder rule of 45 cannot be met).
#[test]
fn cages_adding_past_a_house_total_have_no_solution() {
    let line = "4x4-killer:................:aabcddecffgghhii:7,4,3,3,1,7,3,7,3";
    let killer = Killer::parse_word(line, 1).unwrap().unwrap();
    assert_eq!(count_solutions(&killer, 3), 0);
    assert_eq!(puzzlebook::sudoku::killer::reference::count(&killer, 3), 0);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// The solver counts what the reference counts (up to 3): none, one or many.
    #[test]
    fn the_solver_counts_what_the_reference_counts(
        seed in 0u64..1_000_000,
        six in proptest::bool::ANY,
        shift in -2i16..=2,
        givens in 0usize..6,
    ) {
        let size = if six { puzzlebook::sudoku::variant::Size::S6 } else { puzzlebook::sudoku::variant::Size::S4 };
        let killer = random_killer(size, seed, shift, givens);
        let expected = puzzlebook::sudoku::killer::reference::count(&killer, 3);
        proptest::prop_assert_eq!(count_solutions(&killer, 3), expected, "{}", killer.to_line());
        match solve(&killer) {
            KillerSolution::None => proptest::prop_assert_eq!(expected, 0),
            KillerSolution::Unique(found) => {
                proptest::prop_assert_eq!(expected, 1);
                proptest::prop_assert!(killer.is_solved_by(&found));
            }
            KillerSolution::Multiple(a, b) => {
                proptest::prop_assert!(expected >= 2);
                proptest::prop_assert!(a != b && killer.is_solved_by(&a) && killer.is_solved_by(&b));
            }
        }
    }
}
