use puzzlebook::sudoku::grade::chaining::hint::*;

#[test]
fn length_bonus_steps() {
    // complexity - 2 must exceed 4, 6, 8, 12, 16, 24, 32, 48 for each tenth.
    let cases = [
        (6, 0.0),
        (7, 0.1),
        (8, 0.1),
        (9, 0.2),
        (10, 0.2),
        (11, 0.3),
        (14, 0.3),
        (15, 0.4),
        (18, 0.4),
        (19, 0.5),
        (26, 0.5),
        (27, 0.6),
        (34, 0.6),
        (35, 0.7),
        (51, 0.8),
    ];
    for (complexity, bonus) in cases {
        assert!(
            (length_bonus(complexity) - bonus).abs() < 1e-9,
            "complexity {complexity}: {} != {bonus}",
            length_bonus(complexity)
        );
    }
}

#[test]
fn keys_order_like_se() {
    let cycle = Key::new(6.5, 7, sort_key::X_ONLY);
    let chain = Key::new(6.6, 6, sort_key::X_ONLY);
    // 6.5 + 0.1 and 6.6 + 0.0 are the same double; the shorter chain comes first.
    assert_eq!(cycle.difficulty, chain.difficulty);
    assert!(chain.beats(Some(&cycle)));
    assert!(!cycle.beats(Some(&chain)));
    assert!(!chain.beats(Some(&chain)));
    assert_eq!(Key::new(8.5, 12, sort_key::CELL).tenths(), 88);
    assert_eq!(Key::new(6.5, 9, sort_key::X_ONLY).tenths(), 67);
    assert_eq!(Key::new(7.0, 4, sort_key::XY).tenths(), 70);
}
