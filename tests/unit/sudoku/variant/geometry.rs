use puzzlebook::sudoku::variant::geometry::*;

#[test]
fn only_names_the_cell_of_a_one_cell_set() {
    assert_eq!(CellSet::EMPTY.only(), None);
    for cell in [0, 5, 63, 64, 127, 128, 200, 255] {
        let mut set = CellSet::EMPTY;
        set.insert(cell);
        assert_eq!(set.only(), Some(cell));
        for other in [1, 62, 65, 190, 254] {
            let mut two = set;
            two.insert(other);
            assert_eq!(two.only(), None, "{cell} {other}");
        }
    }
}

#[test]
fn every_cell_has_its_houses() {
    for size in Size::ALL {
        let geometry = Geometry::regular(size, Variant::Classic).unwrap();
        let side = size.side();
        assert_eq!(geometry.house_count(), 3 * side);
        for cell in 0..size.cells() {
            assert_eq!(geometry.houses_of(cell).len(), 3, "{size}");
            // Row and column give 2(side-1) peers; the box adds those outside them.
            let box_extra = (size.box_rows() - 1) * (size.box_columns() - 1);
            assert_eq!(geometry.peers(cell).len(), 2 * (side - 1) + box_extra);
        }
        let x = Geometry::regular(size, Variant::X).unwrap();
        assert_eq!(x.houses_of(0).len(), 4);
        assert_eq!(x.extra_cells().len(), 2 * side - side % 2);
    }
    let windoku = Geometry::regular(Size::S9, Variant::Windoku).unwrap();
    assert_eq!(windoku.house_count(), 31);
    assert_eq!(windoku.extra_cells().len(), 36);
    assert_eq!(windoku.house_name(28), "window 2");
    assert!(Geometry::regular(Size::S6, Variant::Windoku).is_err());
    assert!(Geometry::regular(Size::S9, Variant::Jigsaw).is_err());
}

#[test]
fn jigsaw_regions_are_checked() {
    let boxes: Vec<u8> = box_regions(Size::S6).iter().map(|r| b'a' + r).collect();
    let geometry = Geometry::jigsaw(Size::S6, &boxes).unwrap();
    assert_eq!(geometry.house_name(12), "region 1");
    let mut broken = boxes.clone();
    broken.swap(0, 35);
    let (error, cell) = Geometry::jigsaw(Size::S6, &broken).unwrap_err();
    assert!(error.message().contains("not connected"), "{error}");
    assert_eq!(cell, 0);
    let mut uneven = boxes.clone();
    uneven[3] = b'a';
    let (error, _) = Geometry::jigsaw(Size::S6, &uneven).unwrap_err();
    assert!(error.message().contains("7 cells"), "{error}");
    let mut seventh = boxes;
    seventh[35] = b'z';
    let (error, cell) = Geometry::jigsaw(Size::S6, &seventh).unwrap_err();
    assert!(error.message().contains("6 regions"), "{error}");
    assert_eq!(cell, 35);
}

#[test]
fn names_parse() {
    assert_eq!("16x16".parse::<Size>().unwrap(), Size::S16);
    assert_eq!("6".parse::<Size>().unwrap(), Size::S6);
    assert!("7x7".parse::<Size>().is_err());
    assert_eq!("Hyper".parse::<Variant>().unwrap(), Variant::Windoku);
    assert_eq!(Size::S16.all_digits(), 0xffff);
    assert_eq!(Size::S6.all_digits(), 0x3f);
}

#[test]
fn cell_sets_behave() {
    let set: CellSet = [3, 64, 255].into_iter().collect();
    assert_eq!(set.iter().collect::<Vec<_>>(), [3, 64, 255]);
    assert_eq!(set.len(), 3);
    assert_eq!(set.first(), Some(3));
    assert!(set.contains(255) && !set.contains(254));
}
