use puzzlebook::sudoku::grade::accuracy::*;

#[test]
fn spearman_of_monotone_data_is_one() {
    let rho = |x: &[f64], y: &[f64]| spearman(x, y).expect("defined");
    assert!((rho(&[1.0, 2.0, 3.0], &[10.0, 20.0, 35.0]) - 1.0).abs() < 1e-12);
    assert!((rho(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
    // A constant side has no ranking to correlate with.
    assert_eq!(spearman(&[4.2, 4.2, 4.2], &[1.0, 2.0, 3.0]), None);
    assert_eq!(spearman(&[1.0], &[1.0]), None);
    // Ties share their average rank.
    assert_eq!(ranks(&[5.0, 1.0, 5.0]), vec![2.5, 1.0, 2.5]);
}

#[test]
fn agreement_counts_exact_close_and_tier_matches() {
    let comparisons = vec![
        Comparison {
            expected_tenths: 42,
            actual_tenths: 42,
            source: "a".into(),
        },
        Comparison {
            expected_tenths: 40,
            actual_tenths: 44,
            source: "a".into(),
        },
        Comparison {
            expected_tenths: 70,
            actual_tenths: 80,
            source: "b".into(),
        },
    ];
    let report = AccuracyReport::of(&comparisons);
    assert_eq!(report.overall.count, 3);
    assert!((report.overall.exact - 1.0 / 3.0).abs() < 1e-12);
    assert!((report.overall.within_half - 2.0 / 3.0).abs() < 1e-12);
    assert!((report.overall.same_tier - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(report.by_source["a"].count, 2);
    let table = report.to_string();
    assert!(table.contains("spearman"));
    // The per-rating rows each hold one reference rating: no correlation to show.
    let row_for_42 = table
        .lines()
        .find(|line| line.starts_with("SE 4.2"))
        .unwrap();
    assert!(
        row_for_42.split_whitespace().any(|word| word == "-"),
        "{row_for_42}"
    );
}
