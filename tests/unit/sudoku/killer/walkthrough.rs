use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::killer::generate::{KillerOptions, generate};
use puzzlebook::sudoku::killer::grade::grade_with;
use puzzlebook::sudoku::killer::walkthrough::*;
use puzzlebook::sudoku::variant::Size;
use puzzlebook::sudoku::variant::walkthrough::support;

/// A cage step reads only its cells, not the houses it lies in: the walkthrough
/// leaves out more of the grader's steps than the house rules' reading would, and
/// still reaches the solution (see the test below).
#[test]
fn cage_steps_read_only_their_cells() {
    let (mut cage_skipped, mut house_skipped) = (0, 0);
    for index in 0..3 {
        let mut rng = RandomStream::derive("test", &["killer support"], index);
        let made = generate(&KillerOptions::new(Size::S9), &mut rng, None).unwrap();
        let path = grade_with(&made.puzzle, &recording()).unwrap().steps;
        let by_cages = retell(&made.puzzle, path.clone()).skipped.len();
        let by_houses = retell_reading(&made.puzzle, path, &support).skipped.len();
        cage_skipped += by_cages;
        house_skipped += by_houses;
    }
    assert!(
        cage_skipped > house_skipped,
        "{cage_skipped} {house_skipped}"
    );
}

#[test]
fn killer_walkthroughs_retell_the_whole_path() {
    for (index, size) in [Size::S4, Size::S6, Size::S9, Size::S9]
        .into_iter()
        .enumerate()
    {
        let mut rng = RandomStream::derive("test", &["killer walk"], index as u64);
        let made = generate(&KillerOptions::new(size), &mut rng, None).unwrap();
        let walked = walkthrough(&made.puzzle).unwrap();
        let mut told: Vec<usize> = walked.steps.iter().flat_map(|s| s.path.clone()).collect();
        assert!(told.windows(2).all(|pair| pair[0] < pair[1]));
        told.extend_from_slice(&walked.skipped);
        told.sort_unstable();
        assert_eq!(told, (0..walked.path.len()).collect::<Vec<_>>());
        assert!(walked.steps.iter().filter(|s| s.diagram).count() <= 1);
        // Neither the pencilling-in of every cage nor a figure marking most of the
        // grid is drawn.
        for step in walked.steps.iter().filter(|s| s.diagram) {
            assert!(!step.path.iter().any(|&at| is_cage_marks(&walked.path[at])));
            assert!(!step.moment.marks_most_of_the_grid());
        }
        let mut values = made.puzzle.givens().to_vec();
        for step in &walked.steps {
            assert!(step.texts.iter().all(|text| !text.is_empty()));
            // What a table row sets off is the singles it leads to, not the cage
            // combinations' removals on the way.
            for line in step.texts.iter().flat_map(|text| text.lines()) {
                assert!(
                    line.split("→ ").skip(1).all(|piece| !piece.contains('≠')),
                    "{line}"
                );
            }
            // Each moment is the position before its step.
            assert_eq!(step.moment.values, values);
            for &(cell, value) in &step.moment.eliminations {
                assert!(step.moment.candidates[usize::from(cell)] & 1 << (value - 1) != 0);
                assert_ne!(made.solution[usize::from(cell)], value);
            }
            for &(cell, value) in &step.moment.placements {
                values[usize::from(cell)] = value;
            }
        }
        assert_eq!(values, made.solution, "{size}");
    }
}
