mod search;
mod shapes;

use puzzlebook::sudoku::Symmetry;
use puzzlebook::sudoku::pattern::*;
use puzzlebook::sudoku::variant::geometry::Size;
use puzzlebook::sudoku::variant::geometry::Variant;

#[test]
fn masks_read_from_lines_or_one_line() {
    let nine = ".xx...xx.\nxxxx.xxxx\nx...x...x\nx.......x\nx.......x\n.x.....x.\n..x...x..\n...x.x...\n....x....\n";
    let pattern = Pattern::parse(nine).unwrap();
    assert_eq!(pattern.side(), 9);
    assert_eq!(pattern.len(), 26);
    assert_eq!(pattern.to_text() + "\n", nine);
    assert_eq!(pattern.symmetry(), Symmetry::Mirror);
    let one_line: String = nine.lines().collect();
    assert_eq!(Pattern::parse(&one_line).unwrap(), pattern);
    let spaced = nine.replace('.', ". ").replace('x', "# ");
    assert_eq!(Pattern::parse(&format!("\n{spaced}\n\n")).unwrap(), pattern);
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    assert_eq!(Pattern::parse(puzzle).unwrap().len(), 17);
}

#[test]
fn bad_masks_are_located() {
    let error = Pattern::parse("x..x\n.x?.\n..x.\nx...").unwrap_err();
    assert_eq!(error.exit_code(), 2);
    assert_eq!(error.location().line, Some(2));
    assert_eq!(error.location().column, Some(3));
    let error = Pattern::parse("x..x\n.x.\n..x.\nx...").unwrap_err();
    assert_eq!(error.location().line, Some(2));
    assert!(error.message().contains("3 cells"), "{error}");
    let error = Pattern::parse("x..x\n.x..\n..x.").unwrap_err();
    assert!(error.message().contains("3 rows"), "{error}");
    assert!(
        Pattern::parse("\n\n")
            .unwrap_err()
            .message()
            .contains("empty")
    );
    assert!(Pattern::parse("x.x.x").unwrap_err().message().contains("5"));
}

#[test]
fn impossible_masks_are_refused_with_the_reason() {
    let sparse = Pattern::parse(&format!("{}{}", "x".repeat(16), ".".repeat(65))).unwrap();
    let error = sparse.check(Size::S9, Variant::Classic).unwrap_err();
    assert!(error.message().contains("17"), "{error}");
    // The same mask is allowed where 17 is not the bound (X diagonals add houses).
    assert!(sparse.check(Size::S9, Variant::X).is_ok());
    let mut rows = ["xxxxxxxxx"; 9];
    rows[3] = ".........";
    rows[5] = ".........";
    let lines = Pattern::parse(&rows.join("\n")).unwrap();
    let error = lines.check(Size::S9, Variant::Classic).unwrap_err();
    assert!(error.message().contains("rows 4 and 6"), "{error}");
    // Rows 3 and 4 lie in different bands: no swap keeps the boxes.
    rows[5] = "xxxxxxxxx";
    rows[2] = ".........";
    assert!(
        Pattern::parse(&rows.join("\n"))
            .unwrap()
            .check(Size::S9, Variant::Classic)
            .is_ok()
    );
    let columns: String = (0..81)
        .map(|cell| {
            if cell % 9 == 6 || cell % 9 == 8 {
                '.'
            } else {
                'x'
            }
        })
        .collect();
    let error = Pattern::parse(&columns)
        .unwrap()
        .check(Size::S9, Variant::Classic)
        .unwrap_err();
    assert!(error.message().contains("columns 7 and 9"), "{error}");
    let small = Pattern::parse("x...\n..x.\n.x..\n....").unwrap();
    assert!(
        small
            .check(Size::S4, Variant::Classic)
            .unwrap_err()
            .message()
            .contains('4')
    );
    assert!(
        small
            .check(Size::S9, Variant::Classic)
            .unwrap_err()
            .message()
            .contains("4x4")
    );
}

/// No 4×4 sudoku with three givens has one solution: every set of three cells and
/// values is counted (the bound [`Pattern::check`] states for 4×4 grids).
#[test]
fn no_three_given_4x4_is_unique() {
    use puzzlebook::sudoku::variant::generate::regular_geometry;
    use puzzlebook::sudoku::variant::{VariantGrid, count_solutions};
    let geometry = regular_geometry(Size::S4, Variant::Classic);
    let mut unique = 0;
    for a in 0..16 {
        for b in a + 1..16 {
            for c in b + 1..16 {
                for values in 0..64u32 {
                    let mut grid = VariantGrid::empty(geometry.clone());
                    grid.set(a, (values & 3) as u8 + 1);
                    grid.set(b, ((values >> 2) & 3) as u8 + 1);
                    grid.set(c, ((values >> 4) & 3) as u8 + 1);
                    if grid.conflict().is_none() && count_solutions(&grid, 2) == 1 {
                        unique += 1;
                    }
                }
            }
        }
    }
    assert_eq!(unique, 0);
}
