use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::variant::bits::*;
use puzzlebook::sudoku::variant::geometry::Geometry;
use puzzlebook::sudoku::variant::geometry::{Size, Variant};

/// Random sets of a geometry's cells, sparse to dense, checked against plain
/// definitions of what the word-at-a-time code works out.
struct CheckSets<'a>(&'a Geometry, &'a mut RandomStream);

impl SizedWork for CheckSets<'_> {
    type Output = ();
    fn run<const W: usize, const D: usize>(self) {
        let CheckSets(geometry, rng) = self;
        let bits = geometry.house_bits();
        let cells = geometry.cells();
        for round in 0..300 {
            let density = 1 + round % 12;
            let members: Vec<usize> = (0..cells)
                .filter(|_| rng.below(24) < density as u32)
                .collect();
            let set = Bits::<W>::of_cells(members.iter().copied());
            let touched = members
                .iter()
                .fold(0, |houses, &cell| houses | geometry.house_mask_of(cell));
            assert_eq!(bits.houses_touched::<W, D>(set), touched);
            let twice = (0..geometry.house_count())
                .filter(|&house| {
                    let inside = geometry.house(house).iter();
                    inside
                        .filter(|&&cell| set.contains(usize::from(cell)))
                        .count()
                        >= 2
                })
                .fold(0, |houses, house| houses | 1 << house);
            assert_eq!(
                bits.houses_touched_once_twice::<W, D>(set),
                (touched, twice)
            );
            assert_eq!(set.is_empty(), members.is_empty());
            assert_eq!(set.first(), members.first().copied().unwrap_or(0));
            assert_eq!(set.cells().collect::<Vec<_>>(), members);
            assert_eq!(set.is_single(), members.len() == 1);
            let mut other = set;
            assert!(other == set);
            if let Some(&last) = members.last() {
                other.remove(last);
                assert!(other != set);
            }
        }
    }
}

#[test]
fn word_at_a_time_sets_agree_with_cell_by_cell_definitions() {
    let mut rng = RandomStream::derive("test", &["bits"], 0);
    let kinds = [
        (Size::S4, Variant::Classic),
        (Size::S6, Variant::X),
        (Size::S8, Variant::Classic),
        (Size::S9, Variant::Windoku),
        (Size::S12, Variant::Classic),
        (Size::S16, Variant::X),
    ];
    for (size, variant) in kinds {
        let geometry = Geometry::regular(size, variant).unwrap();
        run_sized(geometry.side(), CheckSets(&geometry, &mut rng));
    }
}
