//! Agreement with Sudoku Explainer on the reference set (tests/data/se-rated.txt: 2113
//! puzzles with SukakuExplainer ratings, from Simon Tatham's Solo at six levels and the
//! sudoku-exchange puzzle bank). Prints the agreement table (run with `--nocapture`) and
//! asserts the figures the grader is judged by.

use puzzlebook::sudoku::Grid;
use puzzlebook::sudoku::grade::accuracy::{AccuracyReport, Comparison};
use puzzlebook::sudoku::grade::{Grading, grade, parse_rating};
use rayon::prelude::*;

const DATA: &str = include_str!("data/se-rated.txt");

struct Reference {
    grid: Grid,
    rating: u16,
    source: String,
}

fn references() -> Vec<Reference> {
    DATA.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut words = line.split_whitespace();
            let grid = words.next().unwrap().parse().unwrap();
            let rating = parse_rating(words.next().unwrap()).unwrap();
            let source = words.next().unwrap_or("-").to_string();
            Reference {
                grid,
                rating,
                source,
            }
        })
        .collect()
}

#[test]
fn ratings_agree_with_sudoku_explainer() {
    let references = references();
    assert_eq!(references.len(), 2113);
    let gradings: Vec<Grading> = references
        .par_iter()
        .map(|reference| grade(&reference.grid).expect("reference puzzles are unique"))
        .collect();
    let comparisons: Vec<Comparison> = references
        .iter()
        .zip(&gradings)
        .map(|(reference, grading)| Comparison {
            expected_tenths: reference.rating,
            actual_tenths: grading.rating_tenths,
            source: reference.source.clone(),
        })
        .collect();
    let report = AccuracyReport::of(&comparisons);
    println!("{report}");

    // SE solved every reference puzzle, so the grader must too, without guessing; a
    // technique that contradicted the solution would also show up here (the driver falls
    // back to trial and error instead of applying it).
    let guessed: Vec<String> = references
        .iter()
        .zip(&gradings)
        .filter(|(_, grading)| grading.trial_and_error)
        .map(|(reference, _)| reference.grid.to_line())
        .collect();
    assert!(guessed.is_empty(), "trial and error on {guessed:?}");

    let overall = &report.overall;
    assert!(overall.exact >= 0.60, "exact {:.3}", overall.exact);
    assert!(
        overall.within_half >= 0.85,
        "within 0.5 {:.3}",
        overall.within_half
    );
    let spearman = overall.spearman.expect("the shared set has many ratings");
    assert!(spearman >= 0.90, "spearman {spearman:.3}");
    assert!(
        overall.same_tier >= 0.80,
        "same tier {:.3}",
        overall.same_tier
    );

    // Below 6.5 no chaining rule is involved: the non-chaining techniques, their order and
    // their tie-breaks must reproduce SE almost exactly.
    let below: Vec<&Comparison> = comparisons
        .iter()
        .filter(|c| c.expected_tenths < 65)
        .collect();
    let exact = below
        .iter()
        .filter(|c| c.expected_tenths == c.actual_tenths)
        .count();
    assert!(
        exact * 100 >= below.len() * 99,
        "exact below 6.5: {exact} of {}",
        below.len()
    );
}
