use puzzlebook::sudoku::symmetry::*;

#[test]
fn orbit_counts_match_the_geometry() {
    let count = |symmetry: Symmetry| symmetry.orbits().len();
    assert_eq!(count(Symmetry::None), 81);
    assert_eq!(count(Symmetry::Rot180), 41);
    assert_eq!(count(Symmetry::Rot90), 21);
    assert_eq!(count(Symmetry::Mirror), 45);
    assert_eq!(count(Symmetry::Flip), 45);
    assert_eq!(count(Symmetry::Diagonal), 45);
    assert_eq!(count(Symmetry::Antidiagonal), 45);
    assert_eq!(count(Symmetry::Dihedral), 15);
}

#[test]
fn orbits_partition_the_grid() {
    for symmetry in Symmetry::ALL {
        let mut cells: Vec<usize> = symmetry.orbits().concat();
        cells.sort_unstable();
        assert_eq!(cells, (0..81).collect::<Vec<_>>(), "{symmetry}");
    }
}

#[test]
fn names_round_trip() {
    for symmetry in Symmetry::ALL {
        assert_eq!(symmetry.name().parse::<Symmetry>().unwrap(), symmetry);
    }
    let error = "rot45".parse::<Symmetry>().unwrap_err();
    assert!(error.hint().unwrap().contains("rot180"));
}
