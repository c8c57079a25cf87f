//! Technique tests on crafted positions: each builds a candidate grid by hand, asks one
//! technique for its hint and checks the exact placement or eliminations.

mod accuracy;
mod aligned;
mod basic;
mod board;
mod chaining;
mod drill;
mod exact;
mod generate;
mod links;
mod needed;
mod nudge;
mod seeded;
mod target;
mod tier;
mod walkthrough;

use puzzlebook::sudoku::grade::board::{Board, CellSet, bit, cells_of, digits_of};
use puzzlebook::sudoku::grade::hint::{Hint, Technique};
use puzzlebook::sudoku::grade::{TechniqueSet, next_hint_with, uniqueness, wings};
use puzzlebook::sudoku::grid::{Grid, cell_name};

/// A candidate grid built by hand: every cell empty with all nine candidates, then narrowed.
struct Pencil {
    values: [u8; 81],
    candidates: [u16; 81],
}

/// Cells named like `r1c1 r2c5`, or whole houses `r3`, `c7`, `b5`.
fn cells(spec: &str) -> CellSet {
    let mut set = 0;
    for word in spec.split_whitespace() {
        let bytes = word.as_bytes();
        let number = |at: usize| usize::from(bytes[at] - b'1');
        set |= match (bytes[0], bytes.len()) {
            (b'r', 4) => 1u128 << (number(1) * 9 + number(3)),
            (b'r', 2) => (0..9).fold(0, |s, c| s | 1u128 << (number(1) * 9 + c)),
            (b'c', 2) => (0..9).fold(0, |s, r| s | 1u128 << (r * 9 + number(1))),
            (b'b', 2) => {
                let b = number(1);
                (0..9).fold(0, |s, k| {
                    s | 1u128 << ((b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3)
                })
            }
            _ => panic!("bad cell spec {word}"),
        };
    }
    set
}

fn mask(digits: &str) -> u16 {
    digits.bytes().fold(0, |m, d| m | bit(d - b'0'))
}

impl Pencil {
    fn full() -> Pencil {
        Pencil {
            values: [0; 81],
            candidates: [0x1FF; 81],
        }
    }

    /// Sets the candidates of the cells to exactly `digits`.
    fn set(mut self, spec: &str, digits: &str) -> Pencil {
        for cell in cells_of(cells(spec)) {
            self.candidates[cell] = mask(digits);
        }
        self
    }

    /// Removes `digits` from the cells of `spec`, except from the cells of `except`.
    fn remove(mut self, digits: &str, spec: &str, except: &str) -> Pencil {
        for cell in cells_of(cells(spec) & !cells(except)) {
            self.candidates[cell] &= !mask(digits);
        }
        self
    }

    /// Places a digit (the cell loses its candidates, its peers keep theirs).
    fn place(mut self, cell: &str, digit: u8) -> Pencil {
        let cell = cells(cell).trailing_zeros() as usize;
        self.values[cell] = digit;
        self.candidates[cell] = 0;
        self
    }

    fn board(&self) -> Board {
        Board::from_parts(self.values, self.candidates)
    }
}

/// The eliminations of a hint as `r1c4-3` words, in cell then digit order.
fn eliminations(hint: &Hint) -> String {
    let mut words = Vec::new();
    for (cell, &mask) in hint.eliminations.0.iter().enumerate() {
        for digit in digits_of(mask) {
            words.push(format!("{}-{digit}", cell_name(cell)));
        }
    }
    words.join(" ")
}

/// `r1c4-3 r1c5-3 …` for one digit removed from a set of cells.
fn each(spec: &str, digits: &str) -> String {
    let mut words = Vec::new();
    for cell in cells_of(cells(spec)) {
        for digit in digits.bytes() {
            words.push(format!("{}-{}", cell_name(cell), digit - b'0'));
        }
    }
    words.join(" ")
}

fn placement(hint: &Hint) -> (String, u8) {
    let (cell, digit) = hint.placement.expect("the hint places a digit");
    (cell_name(cell as usize), digit)
}

#[test]
fn full_house_is_the_last_cell_of_a_house() {
    let mut pencil = Pencil::full();
    for (column, digit) in (1..=8).enumerate() {
        pencil = pencil.place(&format!("r1c{}", column + 1), digit);
    }
    let pencil = pencil.set("r1c9", "9");
    let hint = puzzlebook::sudoku::grade::basic::hidden_single(&pencil.board()).unwrap();
    assert_eq!(hint.technique, Technique::FullHouse);
    assert_eq!(hint.rating, 10);
    assert_eq!(placement(&hint), ("r1c9".to_string(), 9));
}

#[test]
fn hidden_singles_in_a_box_and_in_a_line() {
    let board = Pencil::full().remove("5", "b1", "r2c2").board();
    let hint = puzzlebook::sudoku::grade::basic::hidden_single(&board).unwrap();
    assert_eq!(hint.technique, Technique::HiddenSingleBox);
    assert_eq!(hint.rating, 12);
    assert_eq!(placement(&hint), ("r2c2".to_string(), 5));

    let board = Pencil::full().remove("6", "r4", "r4c7").board();
    let hint = puzzlebook::sudoku::grade::basic::hidden_single(&board).unwrap();
    assert_eq!(hint.technique, Technique::HiddenSingleLine);
    assert_eq!(hint.rating, 15);
    assert_eq!(placement(&hint), ("r4c7".to_string(), 6));
}

#[test]
fn naked_single_is_a_cell_with_one_candidate() {
    let board = Pencil::full().set("r5c5", "4").board();
    let hint = puzzlebook::sudoku::grade::basic::naked_single(&board).unwrap();
    assert_eq!(hint.technique, Technique::NakedSingle);
    assert_eq!(hint.rating, 23);
    assert_eq!(placement(&hint), ("r5c5".to_string(), 4));
}

#[test]
fn direct_pointing_places_the_single_it_leaves() {
    // Box 1 has its 3s in row 1; box 2 then has only r2c6 left for 3.
    let board = Pencil::full()
        .remove("3", "b1", "r1")
        .remove("3", "b2", "r1c5 r2c6")
        .board();
    let hint = puzzlebook::sudoku::grade::basic::locking(&board, true).unwrap();
    assert_eq!(hint.technique, Technique::DirectPointing);
    assert_eq!(hint.rating, 17);
    assert_eq!(placement(&hint), ("r2c6".to_string(), 3));
    assert!(hint.eliminations.is_empty(), "direct hints only place");
}

#[test]
fn direct_claiming_places_the_single_it_leaves() {
    // Column 1 has its 8s in box 1; column 2 then has only r5c2 outside box 1.
    let board = Pencil::full()
        .remove("8", "c1", "r1c1 r2c1")
        .remove("8", "c2", "r3c2 r5c2")
        .remove("8", "b7", "")
        .board();
    let hint = puzzlebook::sudoku::grade::basic::locking(&board, true).unwrap();
    assert_eq!(hint.technique, Technique::DirectClaiming);
    assert_eq!(hint.rating, 19);
    assert_eq!(placement(&hint), ("r5c2".to_string(), 8));
}

#[test]
fn direct_hidden_pair_and_triple_place_a_single() {
    let board = Pencil::full()
        .remove("12", "b1", "r1c1 r1c2")
        .remove("3", "b1", "r1c1 r1c2 r2c2")
        .board();
    let hint = puzzlebook::sudoku::grade::basic::hidden_set(&board, 2, true).unwrap();
    assert_eq!(hint.technique, Technique::DirectHiddenPair);
    assert_eq!(hint.rating, 20);
    assert_eq!(placement(&hint), ("r2c2".to_string(), 3));

    let board = Pencil::full()
        .remove("123", "b1", "r1")
        .remove("4", "b1", "r1c1 r3c3")
        .board();
    let hint = puzzlebook::sudoku::grade::basic::hidden_set(&board, 3, true).unwrap();
    assert_eq!(hint.technique, Technique::DirectHiddenTriple);
    assert_eq!(hint.rating, 25);
    assert_eq!(placement(&hint), ("r3c3".to_string(), 4));
}

#[test]
fn pointing_and_claiming() {
    let board = Pencil::full().remove("3", "b1", "r1").board();
    let hint = puzzlebook::sudoku::grade::basic::locking(&board, false).unwrap();
    assert_eq!(hint.technique, Technique::Pointing);
    assert_eq!(hint.rating, 26);
    assert_eq!(
        eliminations(&hint),
        each("r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", "3")
    );

    let board = Pencil::full().remove("6", "r5", "b4").board();
    let hint = puzzlebook::sudoku::grade::basic::locking(&board, false).unwrap();
    assert_eq!(hint.technique, Technique::Claiming);
    assert_eq!(hint.rating, 28);
    assert_eq!(
        eliminations(&hint),
        each("r4c1 r4c2 r4c3 r6c1 r6c2 r6c3", "6")
    );
}

#[test]
fn naked_pair_triple_and_quad() {
    let board = Pencil::full().set("r1c1 r1c2", "12").board();
    let hint = puzzlebook::sudoku::grade::basic::naked_set(&board, 2).unwrap();
    assert_eq!(hint.technique, Technique::NakedPair);
    assert_eq!(hint.rating, 30);
    assert_eq!(
        eliminations(&hint),
        each("r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", "12")
    );

    let board = Pencil::full()
        .set("r1c1", "12")
        .set("r1c5", "23")
        .set("r1c9", "13")
        .board();
    let hint = puzzlebook::sudoku::grade::basic::naked_set(&board, 3).unwrap();
    assert_eq!(hint.technique, Technique::NakedTriple);
    assert_eq!(hint.rating, 36);
    assert_eq!(
        eliminations(&hint),
        each("r1c2 r1c3 r1c4 r1c6 r1c7 r1c8", "123")
    );

    let board = Pencil::full()
        .set("r9c1", "12")
        .set("r9c2", "23")
        .set("r9c3", "34")
        .set("r9c4", "14")
        .board();
    let hint = puzzlebook::sudoku::grade::basic::naked_set(&board, 4).unwrap();
    assert_eq!(hint.technique, Technique::NakedQuad);
    assert_eq!(hint.rating, 50);
    assert_eq!(
        eliminations(&hint),
        each("r9c5 r9c6 r9c7 r9c8 r9c9", "1234")
    );
}

#[test]
fn hidden_pair_triple_and_quad() {
    let board = Pencil::full().remove("47", "b5", "r5c5 r6c6").board();
    let hint = puzzlebook::sudoku::grade::basic::hidden_set(&board, 2, false).unwrap();
    assert_eq!(hint.technique, Technique::HiddenPair);
    assert_eq!(hint.rating, 34);
    assert_eq!(eliminations(&hint), each("r5c5 r6c6", "1235689"));

    let board = Pencil::full().remove("159", "r2", "r2c1 r2c4 r2c8").board();
    let hint = puzzlebook::sudoku::grade::basic::hidden_set(&board, 3, false).unwrap();
    assert_eq!(hint.technique, Technique::HiddenTriple);
    assert_eq!(hint.rating, 40);
    assert_eq!(eliminations(&hint), each("r2c1 r2c4 r2c8", "234678"));

    let board = Pencil::full()
        .remove("2468", "r9", "r9c2 r9c4 r9c6 r9c8")
        .board();
    let hint = puzzlebook::sudoku::grade::basic::hidden_set(&board, 4, false).unwrap();
    assert_eq!(hint.technique, Technique::HiddenQuad);
    assert_eq!(hint.rating, 54);
    assert_eq!(eliminations(&hint), each("r9c2 r9c4 r9c6 r9c8", "13579"));
}

#[test]
fn x_wing_swordfish_and_jellyfish() {
    let board = Pencil::full().remove("3", "c1 c5", "r2 r7").board();
    let hint = puzzlebook::sudoku::grade::basic::fish(&board, 2).unwrap();
    assert_eq!(hint.technique, Technique::XWing);
    assert_eq!(hint.rating, 32);
    assert_eq!(
        eliminations(&hint),
        each(
            "r2c2 r2c3 r2c4 r2c6 r2c7 r2c8 r2c9 r7c2 r7c3 r7c4 r7c6 r7c7 r7c8 r7c9",
            "3"
        )
    );

    let board = Pencil::full()
        .remove("4", "c2 c5 c8", "r1 r4 r7")
        .remove("4", "r1c2 r4c5 r7c8", "")
        .board();
    let hint = puzzlebook::sudoku::grade::basic::fish(&board, 3).unwrap();
    assert_eq!(hint.technique, Technique::Swordfish);
    assert_eq!(hint.rating, 38);
    assert_eq!(
        eliminations(&hint),
        each(
            "r1c1 r1c3 r1c4 r1c6 r1c7 r1c9 r4c1 r4c3 r4c4 r4c6 r4c7 r4c9 r7c1 r7c3 r7c4 r7c6 r7c7 r7c9",
            "4"
        )
    );

    let board = Pencil::full()
        .remove("9", "c1 c3 c5 c7", "r2 r4 r6 r8")
        .board();
    let hint = puzzlebook::sudoku::grade::basic::fish(&board, 4).unwrap();
    assert_eq!(hint.technique, Technique::Jellyfish);
    assert_eq!(hint.rating, 52);
    assert_eq!(
        eliminations(&hint),
        each(
            "r2c2 r2c4 r2c6 r2c8 r2c9 r4c2 r4c4 r4c6 r4c8 r4c9 r6c2 r6c4 r6c6 r6c8 r6c9 r8c2 r8c4 r8c6 r8c8 r8c9",
            "9"
        )
    );
}

#[test]
fn skyscraper_kite_turbot_and_empty_rectangle() {
    let board = Pencil::full()
        .remove("7", "c1", "r2c1 r8c1")
        .remove("7", "c5", "r2c5 r9c5")
        .board();
    let hint = puzzlebook::sudoku::grade::links::strong_links(&board, 2).unwrap();
    assert_eq!(hint.technique, Technique::Skyscraper);
    assert_eq!(hint.rating, 40);
    assert_eq!(eliminations(&hint), each("r8c4 r8c6 r9c2 r9c3", "7"));

    let board = Pencil::full()
        .remove("5", "r1", "r1c2 r1c7")
        .remove("5", "c1", "r3c1 r8c1")
        .board();
    let hint = puzzlebook::sudoku::grade::links::strong_links(&board, 2).unwrap();
    assert_eq!(hint.technique, Technique::TwoStringKite);
    assert_eq!(hint.rating, 41);
    assert_eq!(eliminations(&hint), "r8c7-5");

    let board = Pencil::full()
        .remove("2", "b1", "r1c1 r3c3")
        .remove("2", "c8", "r3c8 r7c8")
        .board();
    let hint = puzzlebook::sudoku::grade::links::strong_links(&board, 2).unwrap();
    assert_eq!(hint.technique, Technique::TurbotFish);
    assert_eq!(hint.rating, 41);
    assert_eq!(eliminations(&hint), "r7c1-2");

    // Box 5 holds its 4s in row 5 and column 5 only: an empty rectangle.
    let board = Pencil::full()
        .remove("4", "b5", "r4c5 r6c5 r5c4 r5c6")
        .remove("4", "r2", "r2c5 r2c8")
        .board();
    let hint = puzzlebook::sudoku::grade::links::strong_links(&board, 2).unwrap();
    assert_eq!(hint.technique, Technique::GroupedTurbotFish);
    assert_eq!(hint.rating, 43);
    assert_eq!(eliminations(&hint), "r5c8-4");
}

#[test]
fn three_strong_links() {
    let board = Pencil::full()
        .remove("9", "c1", "r1c1 r5c1")
        .remove("9", "c4", "r5c4 r8c4")
        .remove("9", "c7", "r8c7 r2c7")
        .board();
    let hint = puzzlebook::sudoku::grade::links::strong_links(&board, 3).unwrap();
    assert_eq!(hint.technique, Technique::ThreeStrongLinks);
    assert_eq!(hint.rating, 54);
    assert_eq!(eliminations(&hint), each("r1c8 r1c9 r2c2 r2c3", "9"));
}

#[test]
fn xy_and_xyz_wings() {
    let board = Pencil::full()
        .set("r5c5", "12")
        .set("r5c1", "13")
        .set("r2c5", "23")
        .board();
    let hint = wings::xy_wing(&board, false).unwrap();
    assert_eq!(hint.technique, Technique::XYWing);
    assert_eq!(hint.rating, 42);
    assert_eq!(eliminations(&hint), "r2c1-3");

    let board = Pencil::full()
        .set("r5c5", "123")
        .set("r5c4", "13")
        .set("r2c5", "23")
        .board();
    let hint = wings::xy_wing(&board, true).unwrap();
    assert_eq!(hint.technique, Technique::XYZWing);
    assert_eq!(hint.rating, 44);
    assert_eq!(eliminations(&hint), each("r4c5 r6c5", "3"));
}

#[test]
fn unique_rectangle_types() {
    let corners = |pencil: Pencil| {
        pencil
            .set("r1c1 r1c4", "12")
            .remove("12", "r1 r2 r4 r5 r6 r7 r8 r9", "r1c1 r1c4")
    };
    let board = corners(Pencil::full())
        .set("r3c1", "12")
        .set("r3c4", "125")
        .remove("12", "r3", "r3c1 r3c4")
        .board();
    let hint = uniqueness::unique_loops(&board).unwrap();
    assert_eq!(hint.rating, 45);
    assert_eq!(hint.display_name(), "Unique Rectangle type 1");
    assert_eq!(eliminations(&hint), "r3c4-1 r3c4-2");

    let board = corners(Pencil::full())
        .set("r3c1 r3c4", "127")
        .remove("12", "r3", "r3c1 r3c4")
        .board();
    let hint = uniqueness::unique_loops(&board).unwrap();
    assert_eq!(hint.display_name(), "Unique Rectangle type 2");
    assert_eq!(
        eliminations(&hint),
        each("r3c2 r3c3 r3c5 r3c6 r3c7 r3c8 r3c9", "7")
    );

    // Extra digits 7 and 8 with a 78 cell: a naked pair with the rectangle's roof.
    let board = corners(Pencil::full())
        .set("r3c1", "127")
        .set("r3c4", "128")
        .set("r3c7", "78")
        .remove("12", "r3", "r3c1 r3c4 r3c8 r3c9")
        .remove("1", "r3c8", "")
        .remove("2", "r3c9", "")
        .board();
    let hint = uniqueness::unique_loops(&board).unwrap();
    assert_eq!(hint.display_name(), "Unique Rectangle type 3");
    assert_eq!(hint.rating, 46);
    assert_eq!(
        eliminations(&hint),
        each("r3c2 r3c3 r3c5 r3c6 r3c8 r3c9", "78")
    );

    // 1 is locked to the roof in row 3: 2 goes from both roof cells.
    let board = corners(Pencil::full())
        .set("r3c1", "127")
        .set("r3c4", "128")
        .remove("1", "r3", "r3c1 r3c4")
        .board();
    let hint = uniqueness::unique_loops(&board).unwrap();
    assert_eq!(hint.display_name(), "Unique Rectangle type 4");
    assert_eq!(hint.rating, 45);
    assert_eq!(eliminations(&hint), "r3c1-2 r3c4-2");
}

#[test]
fn wxyz_wing() {
    // Wing r1c1 (12), r1c2 (13), r2c2 (124) in box 1, bivalue cell r1c8 (34): 3 links
    // r1c8 to the wing (r1c2 sees it), so 4 goes from every cell seeing r2c2 and r1c8.
    let board = Pencil::full()
        .set("r1c1", "12")
        .set("r1c2", "13")
        .set("r2c2", "124")
        .set("r1c8", "34")
        .board();
    let hint = wings::big_wing(&board, 3).unwrap();
    assert_eq!(hint.technique, Technique::WXYZWing);
    assert_eq!(
        hint.rating, 56,
        "the largest wing cell has three candidates"
    );
    assert_eq!(eliminations(&hint), each("r1c3 r2c7 r2c8 r2c9", "4"));
}

#[test]
fn aligned_pair_exclusion() {
    // Base cells r1c1 and r1c2 (123 each, peers) share the excluders r1c5 (12) and r2c3
    // (13). A 1 in either base cell would leave the other 2 or 3 and empty an excluder;
    // only (2,3) and (3,2) survive, so 1 goes from both.
    let board = Pencil::full()
        .set("r1c1 r1c2", "123")
        .set("r1c5", "12")
        .set("r2c3", "13")
        .board();
    let hint = puzzlebook::sudoku::grade::aligned::aligned_pair(&board).unwrap();
    assert_eq!(hint.technique, Technique::AlignedPairExclusion);
    assert_eq!(hint.rating, 62);
    assert_eq!(eliminations(&hint), "r1c1-1 r1c2-1");
}

/// Runs the grader's path on a puzzle until `technique` is the next step; returns the
/// board and that hint.
fn position_before(puzzle: &str, technique: Technique) -> (Board, Hint) {
    let grid: Grid = puzzle.parse().unwrap();
    let mut board = Board::new(&grid);
    loop {
        let hint =
            next_hint_with(&board, TechniqueSet::all()).expect("the grader solves the puzzle");
        if hint.technique == technique {
            return (board, hint);
        }
        hint.apply(&mut board);
    }
}

/// The hint of `technique` that the grader's path reaches in `puzzle`, checked against
/// the solution: no elimination may remove a solution digit.
fn sound_hint(puzzle: &str, technique: Technique) -> (Board, Hint) {
    let (board, hint) = position_before(puzzle, technique);
    let solution = puzzlebook::sudoku::solver::solve_any(&puzzle.parse().unwrap()).unwrap();
    for (cell, &mask) in hint.eliminations.0.iter().enumerate() {
        assert_eq!(
            mask & bit(solution.get(cell)),
            0,
            "{} removes the solution digit of {}",
            hint.display_name(),
            cell_name(cell)
        );
    }
    (board, hint)
}

#[test]
fn bug_type_1_keeps_the_third_digit_of_the_bug_cell() {
    let (board, hint) = sound_hint(
        ".526...3.98.........1..3.2....539....1..6..8....187....9.4..5.........49.4...827.",
        Technique::Bug,
    );
    assert_eq!(hint.display_name(), "Bivalue Universal Grave type 1");
    assert_eq!(hint.rating, 56);
    // Exactly one empty cell has three candidates; the others are bivalue.
    let odd: Vec<usize> = cells_of(board.empty)
        .filter(|&c| board.candidates[c].count_ones() != 2)
        .collect();
    assert_eq!(odd, vec![cells("r4c9").trailing_zeros() as usize]);
    // The digit appearing three times in its row stays; the other two go.
    assert_eq!(eliminations(&hint), "r4c9-1 r4c9-2");
    let row_count = |digit: u8| (27..36).filter(|&c| board.has(c, digit)).count();
    assert_eq!(row_count(7), 3);
}

#[test]
fn bug_types_2_3_and_4() {
    let (_, hint) = sound_hint(
        "..5..4.2.1....23...6.5....887..5.9.....479.....4.8..126....5.7...71....3.3.6..2..",
        Technique::Bug,
    );
    assert_eq!(hint.display_name(), "Bivalue Universal Grave type 2");
    assert_eq!(hint.rating, 57);
    assert_eq!(eliminations(&hint), each("r1c7 r3c7 r7c9 r9c9", "1"));

    let (_, hint) = sound_hint(
        "1..9.2..3............8.5....7..2..3...5...2....15674...49...67....7.9....1.346.2.",
        Technique::Bug,
    );
    assert_eq!(hint.display_name(), "Bivalue Universal Grave type 3");
    assert_eq!(hint.rating, 58);
    assert_eq!(eliminations(&hint), "r3c7-7 r3c9-4");

    let (_, hint) = sound_hint(
        ".21.87.5..5......96..9....83..5..98...........89..3..15....2..48......3..9.46.21.",
        Technique::Bug,
    );
    assert_eq!(hint.display_name(), "Bivalue Universal Grave type 4");
    assert_eq!(hint.rating, 57);
    assert_eq!(eliminations(&hint), "r5c5-9 r5c9-3");
}

#[test]
fn long_unique_loops() {
    let (_, hint) = sound_hint(
        ".3.9.5...8.4.......9...4.23.8...1..5..24.98..1..6...4.94.2...3.......2.4...7.8.9.",
        Technique::UniqueRectangle,
    );
    assert_eq!(hint.display_name(), "Unique Loop 10 type 2");
    assert_eq!(hint.rating, 50);
    assert_eq!(eliminations(&hint), "r1c8-1");

    let (_, hint) = sound_hint(
        "19.......4..8.1.....6.2..1.6..2.9.8..7.3.5.4..5.7.4..2.8..7.2.....1.2..3.......79",
        Technique::UniqueRectangle,
    );
    assert_eq!(hint.display_name(), "Unique Loop type 3");
    assert_eq!(hint.rating, 46);
    assert_eq!(eliminations(&hint), "r1c4-4");
}

#[test]
fn bigger_wings_rings_and_four_links_on_reference_puzzles() {
    let (_, hint) = sound_hint(
        "5...923.....68...91.9..74..657.....................861..62..1.73...71.....586...3",
        Technique::VWXYZWing,
    );
    assert_eq!(hint.rating, 64);
    assert_eq!(eliminations(&hint), "r4c4-4");

    let (_, hint) = sound_hint(
        "93.7.1..54.5.6..2.82...9....9.......6.8...3.4.......5....6...32.6..7.5.82..9.4.16",
        Technique::UVWXYZWing,
    );
    assert_eq!(hint.rating, 66);
    assert_eq!(eliminations(&hint), "r5c4-1");

    let (_, hint) = sound_hint(
        "4....5..2.9.2.....8.7.1...3...58.1...3.....5...8.91...2...4.9.5.....2.7.6..7....8",
        Technique::ThreeStrongLinks,
    );
    assert!(
        hint.display_name().contains("X-Loop"),
        "{}",
        hint.display_name()
    );
    assert_eq!(hint.rating, 57);
    assert_eq!(eliminations(&hint), each("r2c6 r2c8 r4c8 r6c8 r8c4", "6"));

    let (_, hint) = sound_hint(
        "2..6..1..4..2.8.9..8...1..4...8..9.1....7....6.8..3...5..3...8..6.5.2..3..4..9..6",
        Technique::FourStrongLinks,
    );
    assert_eq!(hint.rating, 61);
    assert_eq!(eliminations(&hint), "r7c7-7");
}

#[test]
fn techniques_are_listed_once_in_the_order_they_are_tried() {
    let mut names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), Technique::ALL.len());
    // The finders run in the order of `Technique::ALL` (each finder may also produce the
    // techniques listed between it and the next finder, e.g. claiming with pointing).
    let position = |technique: Technique| Technique::ALL.iter().position(|&t| t == technique);
    let order: Vec<usize> = puzzlebook::sudoku::grade::FINDERS
        .iter()
        .map(|(technique, _)| position(*technique).unwrap())
        .collect();
    assert!(order.windows(2).all(|pair| pair[0] < pair[1]), "{order:?}");
    // Spot checks of the rating table, and the techniques SE's default set gained in 2020.
    assert_eq!(Technique::NakedSingle.base_rating(), 23);
    assert_eq!(Technique::AlignedPairExclusion.base_rating(), 62);
    for added in puzzlebook::sudoku::grade::TechniqueSet::ADDED_IN_2020 {
        assert!(puzzlebook::sudoku::grade::TechniqueSet::se_default().contains(added));
        assert!(!puzzlebook::sudoku::grade::TechniqueSet::se_2019().contains(added));
    }
}

/// Puzzles whose rating by `serate` (SukakuExplainer 362854e, default settings) needs the
/// techniques its default set gained in 2020, or its rating of three strong links: rating
/// and hardest step as serate gives them.
#[test]
fn default_grading_rates_as_serate_does() {
    let cases = [
        // Four strong links, grouped (radcliffe).
        (
            "8.......2.7..2..3..931...75.........769.3..1....4....6...61......6.5.9..581..2...",
            61,
            Technique::FourStrongLinks,
        ),
        // UVWXYZ-wings (radcliffe, Solo "extreme").
        (
            "..6.2......7.5....2.1..8.4..4...5......4.3.8.9......7..8..3...6.6.7....2.....6.5.",
            66,
            Technique::UVWXYZWing,
        ),
        (
            "93.7.1..54.5.6..2.82...9....9.......6.8...3.4.......5....6...32.6..7.5.82..9.4.16",
            66,
            Technique::UVWXYZWing,
        ),
        // A TUVWXYZ-wing (radcliffe).
        (
            ".....7..3.6.1...47...8....5.1.........3...85.98...64...95.4.7...7..89.6......2...",
            75,
            Technique::TUVWXYZWing,
        ),
        // A 3-string kite (two rows and a column): 5.4 + 0.1 for the mixed lines; SE
        // before 2020 added 0.2 for any kite (sudoku-exchange bank).
        (
            "6...9...873.....42....4......7.1.4............56...17...16.28....5...7..2..1.8..5",
            55,
            Technique::ThreeStrongLinks,
        ),
    ];
    for (line, rating, technique) in cases {
        let grading = puzzlebook::sudoku::grade::grade(&line.parse().unwrap()).unwrap();
        assert_eq!(
            (grading.rating_tenths, grading.hardest),
            (rating, technique),
            "{line}: {}",
            grading.hardest_name
        );
    }
    // Without the 2020 techniques, the wing's eliminations wait for a forcing chain.
    let options = puzzlebook::sudoku::grade::GradeOptions {
        techniques: TechniqueSet::se_2019(),
        ..puzzlebook::sudoku::grade::GradeOptions::default()
    };
    let puzzle: Grid =
        "..6.2......7.5....2.1..8.4..4...5......4.3.8.9......7..8..3...6.6.7....2.....6.5."
            .parse()
            .unwrap();
    let grading = puzzlebook::sudoku::grade::grade_with(&puzzle, &options).unwrap();
    assert_eq!(grading.rating_tenths, 71);
}

#[test]
fn trial_and_error_is_the_flagged_last_resort() {
    // With hidden singles only, an expert puzzle stalls: the grader takes digits from the
    // solution, reports them as trial and error and flags the puzzle extreme.
    let puzzle: Grid =
        ".526...3.98.........1..3.2....539....1..6..8....187....9.4..5.........49.4...827."
            .parse()
            .unwrap();
    let options = puzzlebook::sudoku::grade::GradeOptions {
        record_steps: true,
        techniques: TechniqueSet::empty().with(Technique::HiddenSingleBox),
        ..puzzlebook::sudoku::grade::GradeOptions::default()
    };
    let grading = puzzlebook::sudoku::grade::grade_with(&puzzle, &options).unwrap();
    assert!(grading.trial_and_error);
    assert_eq!(grading.tier, puzzlebook::sudoku::grade::Tier::Extreme);
    assert_eq!(grading.rating_tenths, 200);
    assert_eq!(grading.hardest, Technique::TrialAndError);
    let guesses: Vec<&puzzlebook::sudoku::grade::Step> = grading
        .steps
        .iter()
        .filter(|step| step.technique == Technique::TrialAndError)
        .collect();
    assert!(!guesses.is_empty());
    for step in guesses {
        let (cell, digit) = step.placements[0];
        assert_eq!(grading.solution.get(cell as usize), digit);
        assert!(step.explanation.starts_with("no logical technique applies"));
    }
    let mut solved = puzzle;
    for step in &grading.steps {
        for &(cell, digit) in &step.placements {
            solved.set(cell as usize, digit);
        }
    }
    assert_eq!(solved, grading.solution);
}

/// The aligned exclusions work on bit sets and fixed arrays; they must find exactly what
/// the plain rendering of the same rules finds, at every position of real solve paths
/// (classic and X-sudoku, whose peers come in another order).
#[test]
fn aligned_exclusions_match_their_reference_rendering() {
    use puzzlebook::sudoku::grade::board::ExtraHouses;
    let classic = include_str!("../../../data/se-rated.txt");
    let x = include_str!("../../../data/x-rated.txt");
    let hard = |data: &'static str, extra: ExtraHouses, count: usize| {
        data.lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let mut words = line.split_whitespace();
                let puzzle = words.next()?;
                let rating = puzzlebook::sudoku::grade::parse_rating(words.next()?)?;
                (rating >= 62).then_some((puzzle, extra))
            })
            .step_by(7)
            .take(count)
            .collect::<Vec<_>>()
    };
    let mut puzzles = hard(classic, ExtraHouses::None, 14);
    puzzles.extend(hard(x, ExtraHouses::X, 4));
    let (mut positions, mut pairs, mut triplets) = (0, 0, 0);
    for (puzzle, extra) in puzzles {
        let grid: Grid = puzzle.parse().unwrap();
        let mut board = Board::with_geometry(&grid, extra.geometry());
        while !board.is_solved() {
            let pair = puzzlebook::sudoku::grade::aligned::aligned_pair(&board);
            let triplet = puzzlebook::sudoku::grade::aligned::aligned_triplet(&board);
            assert_eq!(
                format!("{pair:?}"),
                format!("{:?}", aligned::reference::aligned_pair(&board)),
                "{puzzle} {board:?}"
            );
            assert_eq!(
                format!("{triplet:?}"),
                format!("{:?}", aligned::reference::aligned_triplet(&board)),
                "{puzzle} {board:?}"
            );
            positions += 1;
            pairs += usize::from(pair.is_some());
            triplets += usize::from(triplet.is_some());
            let Some(hint) = next_hint_with(&board, TechniqueSet::se_default()) else {
                break;
            };
            hint.apply(&mut board);
        }
    }
    assert!(positions > 500, "{positions} positions");
    assert!(
        pairs > 20 && triplets > 50,
        "{pairs} pairs, {triplets} triplets"
    );
}

/// The hidden-set search (each digit's places in a house read once, tuples of the digits
/// with two places or more) finds the hint the plain search over every tuple of digits
/// finds, at every position of real solve paths (classic and X-sudoku).
#[test]
fn hidden_sets_match_their_reference_rendering() {
    use puzzlebook::sudoku::grade::board::ExtraHouses;
    let classic = include_str!("../../../data/se-rated.txt");
    let x = include_str!("../../../data/x-rated.txt");
    let sample = |data: &'static str, extra: ExtraHouses, count: usize| {
        data.lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| Some((line.split_whitespace().next()?, extra)))
            .step_by(11)
            .take(count)
            .collect::<Vec<_>>()
    };
    let mut puzzles = sample(classic, ExtraHouses::None, 60);
    puzzles.extend(sample(x, ExtraHouses::X, 10));
    let (mut positions, mut found) = (0, 0);
    for (puzzle, extra) in puzzles {
        let grid: Grid = puzzle.parse().unwrap();
        let mut board = Board::with_geometry(&grid, extra.geometry());
        while !board.is_solved() {
            for (degree, direct) in [(2, true), (3, true), (2, false), (3, false), (4, false)] {
                let hint = puzzlebook::sudoku::grade::basic::hidden_set(&board, degree, direct);
                assert_eq!(
                    format!("{hint:?}"),
                    format!("{:?}", basic::reference::hidden_set(&board, degree, direct)),
                    "{puzzle} degree {degree} direct {direct} {board:?}"
                );
                found += usize::from(hint.is_some());
            }
            positions += 1;
            let Some(hint) = next_hint_with(&board, TechniqueSet::se_default()) else {
                break;
            };
            hint.apply(&mut board);
        }
    }
    assert!(
        positions > 2000 && found > 500,
        "{positions} positions, {found} hints"
    );
}
