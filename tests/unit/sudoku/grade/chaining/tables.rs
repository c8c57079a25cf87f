use puzzlebook::sudoku::grade::chaining::tables::*;

#[test]
fn regions_follow_se_order() {
    assert_eq!(REGIONS[BLOCK][4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    assert_eq!(REGIONS[ROW][2][3], 21);
    assert_eq!(REGIONS[COLUMN][2][3], 29);
    assert_eq!(REGIONS[ANTI_DIAGONAL][0][1], 16);
    assert_eq!(CELL_REGION[1][MAIN_DIAGONAL], NO_REGION);
    assert_eq!(region_mask_if(1, MAIN_DIAGONAL), 0);
    assert_eq!(CELL_REGION[40][ANTI_DIAGONAL], 0);
    for cell in 0..81 {
        for kind in [BLOCK, ROW, COLUMN, WINDOW] {
            assert!(region_of(cell, kind).contains(&(cell as u8)));
        }
        assert_eq!(PEERS[cell].count_ones(), 20);
    }
}

#[test]
fn java_hash_order_matches_hashmap_iteration() {
    // Column 0 cells inserted top to bottom: 0, 9, 18, 27 land in buckets 0, 9, 2, 11.
    let mut cells = [0u8, 9, 18, 27];
    java_hash_order(&mut cells);
    assert_eq!(cells, [0, 18, 9, 27]);
    // Same bucket (16 and 32 mod 16 = 0): insertion order kept.
    let mut cells = [32u8, 16, 1];
    java_hash_order(&mut cells);
    assert_eq!(cells, [32, 16, 1]);
    // 12 entries stay in 16 buckets: 17 shares bucket 1 with 1 and was inserted first.
    let mut cells: Vec<u8> = std::iter::once(17).chain(1..12).collect();
    java_hash_order(&mut cells);
    assert_eq!(&cells[..3], &[17, 1, 2]);
    // 13 entries resize to 32 buckets: 17 gets its own bucket after 12.
    let mut cells: Vec<u8> = std::iter::once(17).chain(1..13).collect();
    java_hash_order(&mut cells);
    assert_eq!(&cells[..], &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 17]);
}

#[test]
fn candidate_set_round_trip() {
    let mut set = CandidateSet::EMPTY;
    for index in [0, 63, 64, 700, 728] {
        set.insert(index);
    }
    assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 63, 64, 700, 728]);
    set.remove(64);
    assert!(!set.contains(64));
    assert_eq!(set.len(), 4);
}
