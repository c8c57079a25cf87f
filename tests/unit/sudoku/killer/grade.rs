use puzzlebook::i18n::Language;
use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::Technique;
use puzzlebook::sudoku::grade::Tier;
use puzzlebook::sudoku::killer::Killer;
use puzzlebook::sudoku::killer::generate::{KillerOptions, generate};
use puzzlebook::sudoku::killer::grade::*;
use puzzlebook::sudoku::killer::solver::fill_mixed;
use puzzlebook::sudoku::variant::Size;
use puzzlebook::sudoku::variant::words;

#[test]
fn tiers_cover_the_scale() {
    assert_eq!(tier_of(13), Tier::Easy);
    assert_eq!(tier_of(25), Tier::Easy);
    assert_eq!(tier_of(26), Tier::Medium);
    assert_eq!(tier_of(33), Tier::Hard);
    assert_eq!(tier_of(65), Tier::Expert);
    assert_eq!(tier_of(200), Tier::Extreme);
    for tier in TIERS {
        let (low, high) = tier_range(tier).unwrap();
        assert!(low <= high);
        assert_eq!(tier_of(low), tier);
        assert_eq!(tier_of(high), tier);
    }
    assert_eq!(tier_range(Tier::Diabolical).unwrap_err().exit_code(), 2);
}

#[test]
fn a_puzzle_with_two_solutions_is_refused() {
    let open = Killer::parse_word(
        "4x4-killer:................:aabbaabbccddccdd:10,10,10,10",
        1,
    )
    .unwrap()
    .unwrap();
    assert_eq!(grade(&open).unwrap_err().exit_code(), 2);
}

#[test]
fn every_step_agrees_with_the_solution_and_the_killer_techniques_appear() {
    let mut seen = std::collections::BTreeSet::new();
    for index in 0..24u64 {
        let size = if index % 4 == 3 { Size::S6 } else { Size::S9 };
        let options = KillerOptions {
            cages: if size == Size::S9 {
                [22, 25, 30][index as usize % 3]
            } else {
                12
            },
            ..KillerOptions::new(size)
        };
        let mut rng = RandomStream::derive("killer-grade", &[], index);
        let made = generate(&options, &mut rng, None).unwrap();
        let grading = grade_with(
            &made.puzzle,
            &KillerGradeOptions {
                record_steps: true,
                ..KillerGradeOptions::default()
            },
        )
        .unwrap();
        assert_eq!(grading.solution.cells(), &made.solution[..]);
        assert_eq!(grading.step_count, grading.steps.len());
        let rating = grading.steps.iter().map(|s| s.rating_tenths).max();
        assert_eq!(rating, Some(grading.rating_tenths));
        for step in &grading.steps {
            // The grader only keeps steps that agree with the solution, or takes a digit
            // from it (flagged): a wrong step of a technique would show as trial and error.
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
            assert!(!step.explanation.is_empty());
            // Every step is told in every language, its table row too, with no
            // placeholder left and (beyond English) none of the grader's English words.
            let geometry = made.puzzle.geometry();
            for language in Language::all() {
                let told = words::reasoning(step, geometry, language)
                    + " "
                    + &words::brief(step, geometry, language);
                assert!(!told.contains('{'), "{language:?}: {told}");
                if language != Language::ENGLISH {
                    for english in [" sets ", " fit", " adds ", " the ", " left "] {
                        assert!(!told.contains(english), "{language:?}: {told}");
                    }
                }
            }
            for &(cell, value) in &step.placements {
                assert_eq!(made.solution[usize::from(cell)], value);
            }
            for &(cell, value) in &step.eliminations {
                assert_ne!(made.solution[usize::from(cell)], value);
            }
            seen.insert(step.technique);
        }
        // Soundness of every technique: grading never had to guess a digit a technique
        // got wrong (unsound steps fall back to trial and error).
        if grading.trial_and_error {
            assert_eq!(grading.tier, Tier::Extreme);
        }
    }
    for technique in [
        Technique::CageCombination,
        Technique::InniesOuties,
        Technique::CombinationLocking,
    ] {
        assert!(
            seen.contains(&technique),
            "{technique:?} never used: {seen:?}"
        );
    }
}

#[test]
fn mixed_groups_fill_with_repeats_only_between_cells_that_do_not_see_each_other() {
    // Two cells that do not see each other, both 1..3, summing to 4: 1+3, 2+2, 3+1.
    let masks = [0b111, 0b111];
    let mut fits = [0u16; 2];
    assert!(fill_mixed(&masks, &[0, 0], 4, &mut fits));
    assert_eq!(fits, [0b111, 0b111]);
    // Seeing each other, 2+2 is out.
    let mut fits = [0u16; 2];
    assert!(fill_mixed(&masks, &[0, 0b1], 4, &mut fits));
    assert_eq!(fits, [0b101, 0b101]);
    // 7 cannot be made of two digits up to 3.
    let mut fits = [0u16; 2];
    assert!(!fill_mixed(&masks, &[0, 0], 7, &mut fits));
}
