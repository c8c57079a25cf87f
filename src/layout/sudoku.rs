//! A sudoku grid: thin cell lines, thick box lines, digits centred in their cells.

use super::fonts::{FaceId, FontSet};
use super::kind::{Frame, LayoutKind, RulesPage, Show, expect_content};
use super::page::{Colour, Item, Point, Rect};
use super::words;
use crate::book::kind::{Content, SectionKind};
use crate::book::spec::Language;
use crate::book::sudoku::SudokuContent;
use crate::error::Result;

/// The smallest cell a puzzle may be printed with (about 4.2 mm): below it digits are too
/// small to read and too cramped to pencil in.
pub const MIN_PUZZLE_CELL: f64 = 12.0;
/// The smallest cell of an answer grid (about 2.8 mm).
pub const MIN_ANSWER_CELL: f64 = 8.0;

/// Digits are this fraction of the cell size.
const DIGIT_SCALE: f64 = 0.6;

/// What to print in each cell: 0 for blank; `strong` cells are set in the bold face.
pub struct SudokuFigure<'a> {
    pub cells: &'a [u8; 81],
    pub strong: Option<&'a [bool; 81]>,
}

/// Line widths for a grid of side `side`: (thin, thick).
pub fn line_widths(side: f64) -> (f64, f64) {
    let cell = side / 9.0;
    (
        (cell * 0.025).clamp(0.3, 0.8),
        (cell * 0.08).clamp(1.0, 3.0),
    )
}

/// Draws the grid into the square `rect` (its width is used as the side).
pub fn draw(items: &mut Vec<Item>, fonts: &FontSet, rect: Rect, figure: &SudokuFigure<'_>) {
    let side = rect.width;
    let cell = side / 9.0;
    let (thin, thick) = line_widths(side);
    let line = |from: Point, to: Point, width: f64| Item::Line {
        from,
        to,
        width,
        colour: Colour::BLACK,
    };
    for k in 1..9 {
        if k % 3 == 0 {
            continue;
        }
        let offset = k as f64 * cell;
        items.push(line(
            Point {
                x: rect.x + offset,
                y: rect.y,
            },
            Point {
                x: rect.x + offset,
                y: rect.y + side,
            },
            thin,
        ));
        items.push(line(
            Point {
                x: rect.x,
                y: rect.y + offset,
            },
            Point {
                x: rect.x + side,
                y: rect.y + offset,
            },
            thin,
        ));
    }
    // Thick lines run past the corners by half their width so the border closes squarely.
    let overhang = thick / 2.0;
    for k in (0..=9).step_by(3) {
        let offset = k as f64 * cell;
        items.push(line(
            Point {
                x: rect.x + offset,
                y: rect.y - overhang,
            },
            Point {
                x: rect.x + offset,
                y: rect.y + side + overhang,
            },
            thick,
        ));
        items.push(line(
            Point {
                x: rect.x - overhang,
                y: rect.y + offset,
            },
            Point {
                x: rect.x + side + overhang,
                y: rect.y + offset,
            },
            thick,
        ));
    }
    let size = cell * DIGIT_SCALE;
    for (index, &digit) in figure.cells.iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let strong = figure.strong.is_some_and(|strong| strong[index]);
        let face = if strong {
            fonts.digits_bold
        } else {
            fonts.digits
        };
        let centre = Point {
            x: rect.x + (index % 9) as f64 * cell + cell / 2.0,
            y: rect.y + (index / 9) as f64 * cell + cell / 2.0,
        };
        items.push(centred_digit(fonts, face, centre, size, digit));
    }
}

/// Sudoku's part in the layout stage.
pub struct SudokuLayout;

impl LayoutKind for SudokuLayout {
    fn frame(&self, _section: &dyn SectionKind) -> Frame {
        Frame {
            columns: 9.0,
            rows: 9.0,
            min_cell: MIN_PUZZLE_CELL,
            min_answer_cell: MIN_ANSWER_CELL,
            max_cell: f64::INFINITY,
            cells_are: "sudoku",
        }
    }

    fn draw(
        &self,
        content: &dyn Content,
        show: Show,
        area: Rect,
        cell: f64,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) -> Result<Rect> {
        let content = expect_content::<SudokuContent>(content)?;
        let side = cell * 9.0;
        let rect = Rect::new(area.x + (area.width - side) / 2.0, area.y, side, side);
        match show {
            Show::Puzzle => draw(
                items,
                fonts,
                rect,
                &SudokuFigure {
                    cells: content.puzzle.cells(),
                    strong: None,
                },
            ),
            Show::Answer => {
                let strong = content.puzzle.cells().map(|value| value == 0);
                draw(
                    items,
                    fonts,
                    rect,
                    &SudokuFigure {
                        cells: content.solution.cells(),
                        strong: Some(&strong),
                    },
                );
            }
        }
        Ok(rect)
    }

    fn tier_words(&self, language: Language) -> &'static [&'static str] {
        match language {
            Language::English => &["Easy", "Medium", "Hard", "Expert", "Diabolical", "Extreme"],
            Language::Japanese => &["初級", "中級", "上級", "難問", "超難問", "極難問"],
        }
    }

    fn rules(&self, _sections: &[&dyn SectionKind], language: Language) -> Vec<RulesPage> {
        let paragraphs: &[&str] = match language {
            Language::English => &[
                "Fill the grid so that every row, every column and every 3 × 3 box outlined in bold contains each of the digits 1 to 9 exactly once.",
                "Every puzzle has exactly one solution, and it can be reached by logic alone: no guessing is needed.",
                "Each puzzle shows its number, its difficulty in words and stars, and the page of its answer.",
            ],
            Language::Japanese => &[
                "空いているマスに1から9までの数字を入れましょう。どの横の列、どの縦の列、太線で囲まれたどの3×3のブロックにも、1から9までの数字が1つずつ入ります。",
                "答えはどの問題も1通りだけで、当てずっぽうに頼らず推理だけで解けます。",
                "各問題には問題番号、難しさ（言葉と星の数）、解答のページが示されています。",
            ],
        };
        vec![RulesPage {
            heading: words::rules_heading(&crate::kind::SUDOKU, language),
            running: words::kind_name(&crate::kind::SUDOKU, language).to_string(),
            paragraphs: paragraphs.iter().map(|p| p.to_string()).collect(),
        }]
    }
}

/// A digit whose glyph box is centred on `centre`.
pub fn centred_digit(fonts: &FontSet, face: FaceId, centre: Point, size: f64, digit: u8) -> Item {
    let metrics = fonts.metrics(face);
    let text = char::from(b'0' + digit).to_string();
    let width = metrics.width(&text, size);
    Item::Text {
        at: Point {
            x: centre.x - width / 2.0,
            y: centre.y + metrics.cap_height() * size / 2.0,
        },
        size,
        face,
        text,
        colour: Colour::BLACK,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::page::Page;

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
            bleed: 0.0,
            items,
        };
        assert_eq!(page.text_in(rect), "579");
    }

    #[test]
    fn lines_thicken_with_the_grid() {
        let (thin_small, thick_small) = line_widths(100.0);
        let (thin_large, thick_large) = line_widths(400.0);
        assert!(thick_small > 2.0 * thin_small);
        assert!(thick_large > thick_small && thin_large >= thin_small);
    }
}
