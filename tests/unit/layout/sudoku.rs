use puzzlebook::book::sudoku::Symbols;
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::page::Item;
use puzzlebook::layout::page::Page;
use puzzlebook::layout::page::Rect;
use puzzlebook::layout::sudoku::*;
use puzzlebook::sudoku::variant::geometry::Size;
use puzzlebook::sudoku::variant::geometry::box_regions;

#[test]
fn digits_are_centred_and_read_in_order() {
    let fonts = FontSet::bundled(false);
    let mut cells = [0u8; 81];
    cells[0] = 5;
    cells[40] = 7;
    cells[80] = 9;
    let rect = Rect::new(100.0, 200.0, 180.0, 180.0);
    let mut items = Vec::new();
    draw(
        &mut items,
        &fonts,
        rect,
        &SudokuFigure {
            cells: &cells,
            strong: None,
        },
    );
    // 6 thin lines each way, and 4 thick ones each way (the border included).
    let lines = items
        .iter()
        .filter(|item| matches!(item, Item::Line { .. }))
        .count();
    assert_eq!(lines, 12 + 8);
    let Some(Item::Text { at, size, .. }) = items
        .iter()
        .find(|item| matches!(item, Item::Text { text, .. } if text == "7"))
    else {
        panic!("no 7");
    };
    let width = fonts.metrics(fonts.digits).width("7", *size);
    assert!((at.x + width / 2.0 - 190.0).abs() < 1e-9, "centred across");
    let cap = fonts.metrics(fonts.digits).cap_height() * size;
    assert!((at.y - cap / 2.0 - 290.0).abs() < 1e-9, "centred down");
    let page = Page {
        width: 400.0,
        height: 600.0,
        bleed: puzzlebook::layout::page::Bleed::NONE,
        items,
    };
    assert_eq!(page.text_in(rect), "579");
}

/// Two-digit values stay inside their cells with clear space to the walls, bold or
/// regular, at the smallest answer cell and larger.
#[test]
fn two_digit_values_keep_clear_of_the_cell_walls() {
    let fonts = FontSet::bundled(false);
    let regions = box_regions(Size::S16);
    let cells: Vec<u8> = (0..256).map(|index| (index % 16) as u8 + 1).collect();
    let strong: Vec<bool> = (0..256).map(|index| index % 3 == 0).collect();
    for cell in [MIN_TWO_DIGIT_ANSWER_CELL, MIN_TWO_DIGIT_CELL, 30.0] {
        let rect = Rect::new(10.0, 10.0, cell * 16.0, cell * 16.0);
        let mut items = Vec::new();
        draw_variant(
            &mut items,
            &fonts,
            rect,
            &VariantFigure {
                side: 16,
                regions: &regions,
                shaded: &[false; 256],
                cells: &cells,
                strong: Some(&strong),
                symbols: &Symbols::Digits,
            },
        );
        let (_, thick) = line_widths(cell * 9.0);
        for item in &items {
            let Item::Text {
                at,
                size,
                face,
                text,
                ..
            } = item
            else {
                continue;
            };
            let width = fonts.metrics(*face).width(text, *size);
            let column = ((at.x + width / 2.0 - rect.x) / cell).floor();
            let left_wall = rect.x + column * cell + thick / 2.0;
            let right_wall = rect.x + (column + 1.0) * cell - thick / 2.0;
            let clear = (at.x - left_wall).min(right_wall - (at.x + width));
            assert!(
                clear >= 0.12 * cell,
                "{text} in a {cell} pt cell keeps {clear:.2} pt from its walls"
            );
        }
    }
}

#[test]
fn lines_thicken_with_the_grid() {
    let (thin_small, thick_small) = line_widths(100.0);
    let (thin_large, thick_large) = line_widths(400.0);
    assert!(thick_small > 2.0 * thin_small);
    assert!(thick_large > thick_small && thin_large >= thin_small);
}
