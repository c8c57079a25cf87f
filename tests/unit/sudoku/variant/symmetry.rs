use puzzlebook::sudoku::Symmetry;
use puzzlebook::sudoku::variant::symmetry::*;

#[test]
fn nine_by_nine_orbits_match_the_classic_ones() {
    for symmetry in Symmetry::ALL {
        assert_eq!(
            orbits(symmetry, 9).to_vec(),
            symmetry.orbits(),
            "{symmetry}"
        );
    }
    assert_eq!(orbits(Symmetry::Rot180, 16).len(), 128);
    assert_eq!(orbits(Symmetry::Rot90, 6).len(), 9);
}
