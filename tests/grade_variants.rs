//! Agreement with Sudoku Explainer on X-sudoku and windoku (tests/data/x-rated.txt and
//! tests/data/windoku-rated.txt, rated by SukakuExplainer's `serate --isX=1` and
//! `--isWindows=1`). Prints the agreement table and every disagreement (run with
//! `--nocapture`) and asserts that at least 99% of the ratings are SE's exactly.

use puzzlebook::sudoku::Grid;
use puzzlebook::sudoku::grade::accuracy::{AccuracyReport, Comparison};
use puzzlebook::sudoku::grade::{ExtraHouses, GradeOptions, Grading, grade_with, parse_rating};
use rayon::prelude::*;

struct Reference {
    grid: Grid,
    rating: u16,
    source: String,
}

fn references(data: &str) -> Vec<Reference> {
    data.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#') && !line.starts_with("PUZZLE"))
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

/// Grades every reference with the extra houses; returns the share rated exactly as SE.
fn exact_share(data: &str, extra_houses: ExtraHouses, expected_count: usize) -> f64 {
    let references = references(data);
    assert_eq!(references.len(), expected_count);
    let options = GradeOptions {
        extra_houses,
        ..GradeOptions::default()
    };
    let gradings: Vec<Grading> = references
        .par_iter()
        .map(|reference| {
            grade_with(&reference.grid, &options).expect("reference puzzles are unique")
        })
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
    println!("{extra_houses:?}\n{}", AccuracyReport::of(&comparisons));
    for (reference, grading) in references.iter().zip(&gradings) {
        if reference.rating != grading.rating_tenths {
            println!(
                "{} SE {} ours {} ({})",
                reference.grid.to_line(),
                reference.rating,
                grading.rating_tenths,
                grading.hardest_name
            );
        }
    }
    let guessed = gradings.iter().filter(|g| g.trial_and_error).count();
    assert_eq!(
        guessed, 0,
        "SE solved every reference puzzle without guessing"
    );
    let exact = comparisons
        .iter()
        .filter(|c| c.expected_tenths == c.actual_tenths)
        .count();
    exact as f64 / comparisons.len() as f64
}

#[test]
fn x_sudoku_ratings_agree_with_sudoku_explainer() {
    let exact = exact_share(include_str!("data/x-rated.txt"), ExtraHouses::X, 300);
    assert!(exact >= 0.99, "exact {exact:.3}");
}

#[test]
fn windoku_ratings_agree_with_sudoku_explainer() {
    let exact = exact_share(
        include_str!("data/windoku-rated.txt"),
        ExtraHouses::Windoku,
        400,
    );
    assert!(exact >= 0.99, "exact {exact:.3}");
}
