//! The built-in shapes: pictures drawn by their givens, and the letters A–Z and digits 0–9
//! drawn by their empty cells.
//!
//! Every shape is a 9×9 mask on which unique puzzles exist and are found quickly (each is
//! made at tier easy in the tests; `benches/pattern.rs` times the tiers). That rules out
//! drawings with large empty regions: two boxes left empty with the lines between them
//! bare, or a band with clues in two columns only, leave so many ways to trade digits that
//! no choice of values pins down one solution (a ring or a plus sign drawn by its outline
//! never gave a unique puzzle). Pictures are drawn to spread their givens over every box;
//! letters and digits, most of which are open shapes (C, E, L, T, 7) whose outline leaves
//! such regions, are drawn in white instead: their strokes are the empty cells and the
//! givens fill the grid around them, so they make easy puzzles.

use super::Pattern;

/// How a shape is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// The givens are the picture.
    Picture,
    /// The empty cells are the glyph, 7 cells wide in columns 2 to 8; the givens fill the
    /// rest.
    Glyph,
}

/// A built-in shape: its name and its rows (`x` marks the drawing).
pub struct Shape {
    pub name: &'static str,
    pub drawing: Drawing,
    pub rows: [&'static str; 9],
}

impl Shape {
    /// The shape's mask: the picture's cells, or every cell but the glyph's.
    pub fn pattern(&self) -> Pattern {
        let mut given = Vec::with_capacity(81);
        for row in self.rows {
            match self.drawing {
                Drawing::Picture => given.extend(row.bytes().map(|cell| cell == b'x')),
                Drawing::Glyph => {
                    given.push(true);
                    given.extend(row.bytes().map(|cell| cell != b'x'));
                    given.push(true);
                }
            }
        }
        Pattern::from_cells(9, given)
    }
}

const fn picture(name: &'static str, rows: [&'static str; 9]) -> Shape {
    Shape {
        name,
        drawing: Drawing::Picture,
        rows,
    }
}

const fn glyph(name: &'static str, rows: [&'static str; 9]) -> Shape {
    Shape {
        name,
        drawing: Drawing::Glyph,
        rows,
    }
}

/// Every built-in shape: the pictures, then the letters, then the digits.
pub const SHAPES: &[Shape] = &[
    picture(
        "heart",
        [
            ".xx...xx.",
            "xxxx.xxxx",
            "x...x...x",
            "x.......x",
            "x.......x",
            ".x.....x.",
            "..x...x..",
            "...x.x...",
            "....x....",
        ],
    ),
    picture(
        "star",
        [
            "....x....",
            "...x.x...",
            "xxx...xxx",
            ".x.....x.",
            "..x...x..",
            "..x.x.x..",
            ".x.x.x.x.",
            ".xx...xx.",
            "x.......x",
        ],
    ),
    picture(
        "diamond",
        [
            "..xxxxx..",
            ".x..x..x.",
            "x..x.x..x",
            "xxxxxxxxx",
            ".x.....x.",
            "..x...x..",
            "..x...x..",
            "...x.x...",
            "....x....",
        ],
    ),
    picture(
        "cross",
        [
            "xx.....xx",
            "xxx...xxx",
            ".xxx.xxx.",
            "..xx.xx..",
            "....x....",
            "..xx.xx..",
            ".xxx.xxx.",
            "xxx...xxx",
            "xx.....xx",
        ],
    ),
    picture(
        "tree",
        [
            "....x....",
            "...x.x...",
            "..x.x.x..",
            ".x.x.x.x.",
            "x.x.x.x.x",
            ".x.x.x.x.",
            "x.x.x.x.x",
            "....x....",
            "...xxx...",
        ],
    ),
    picture(
        "ring",
        [
            "...xxx...",
            ".xx...xx.",
            ".x.....x.",
            "x...x...x",
            "x..x.x..x",
            "x...x...x",
            ".x.....x.",
            ".xx...xx.",
            "...xxx...",
        ],
    ),
    picture(
        "smile",
        [
            "..xxxxx..",
            ".x.....x.",
            "x.x...x.x",
            "x.......x",
            "x.......x",
            "x.x...x.x",
            "x..xxx..x",
            ".x.....x.",
            "..xxxxx..",
        ],
    ),
    picture(
        "snowflake",
        [
            "x...x...x",
            ".x..x..x.",
            "..x.x.x..",
            "...xxx...",
            "xxxx.xxxx",
            "...xxx...",
            "..x.x.x..",
            ".x..x..x.",
            "x...x...x",
        ],
    ),
    picture(
        "bell",
        [
            "...x.x...",
            "..xxxxx..",
            ".x.....x.",
            ".x.....x.",
            ".x..x..x.",
            "x.......x",
            "x.......x",
            "xxxxxxxxx",
            "...xxx...",
        ],
    ),
    picture(
        "house",
        [
            "....x....",
            "...x.x...",
            "..x...x..",
            ".x.....x.",
            "xxxxxxxxx",
            ".x.....x.",
            ".x.xx..x.",
            ".x.xx..x.",
            ".xxxxxxx.",
        ],
    ),
    picture(
        "sun",
        [
            "x...x...x",
            ".x.....x.",
            "...xxx...",
            "..x...x..",
            "xx.....xx",
            "..x...x..",
            "...xxx...",
            ".x.....x.",
            "x...x...x",
        ],
    ),
    picture(
        "flower",
        [
            ".xx...xx.",
            "x..x.x..x",
            "x...x...x",
            ".x.xxx.x.",
            "..xx.xx..",
            ".x.xxx.x.",
            "x...x...x",
            "x..x.x..x",
            ".xx...xx.",
        ],
    ),
    picture(
        "butterfly",
        [
            "xx.....xx",
            "x.x...x.x",
            "x..x.x..x",
            "x...x...x",
            ".x..x..x.",
            "x...x...x",
            "x..x.x..x",
            "x.x...x.x",
            "xx.....xx",
        ],
    ),
    picture(
        "apple",
        [
            "....x....",
            "...x.....",
            ".xx.xxx..",
            "x..x...x.",
            "x.......x",
            "x.......x",
            "x.......x",
            ".x.....x.",
            "..xx.xx..",
        ],
    ),
    picture(
        "spade",
        [
            "....x....",
            "...xxx...",
            "..xx.xx..",
            ".xx...xx.",
            "xx.....xx",
            "xx..x..xx",
            ".xxx.xxx.",
            "....x....",
            "...xxx...",
        ],
    ),
    picture(
        "club",
        [
            "...xxx...",
            "..x...x..",
            "..x...x..",
            "xxxx.xxxx",
            "x..x.x..x",
            "x...x...x",
            ".xxxxxxx.",
            "....x....",
            "...xxx...",
        ],
    ),
    picture(
        "gift",
        [
            ".xx...xx.",
            "x..x.x..x",
            ".xxxxxxx.",
            "xxxxxxxxx",
            "x...x...x",
            "x...x...x",
            "x...x...x",
            "x...x...x",
            "xxxxxxxxx",
        ],
    ),
    picture(
        "snowman",
        [
            "...xxx...",
            "..x...x..",
            "..x...x..",
            "...xxx...",
            ".xx...xx.",
            "x.......x",
            "x.......x",
            ".x.....x.",
            "..xxxxx..",
        ],
    ),
    picture(
        "fish",
        [
            ".........",
            "...xxx..x",
            ".xx...xxx",
            "x..x...x.",
            "x.......x",
            "x..x...x.",
            ".xx...xxx",
            "...xxx..x",
            ".........",
        ],
    ),
    glyph(
        "A",
        [
            "..xxx..", ".x...x.", "x.....x", "x.....x", "xxxxxxx", "x.....x", "x.....x", "x.....x",
            "x.....x",
        ],
    ),
    glyph(
        "B",
        [
            "xxxxxx.", "x.....x", "x.....x", "x.....x", "xxxxxx.", "x.....x", "x.....x", "x.....x",
            "xxxxxx.",
        ],
    ),
    glyph(
        "C",
        [
            ".xxxxx.", "x.....x", "x......", "x......", "x......", "x......", "x......", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "D",
        [
            "xxxxx..", "x....x.", "x.....x", "x.....x", "x.....x", "x.....x", "x.....x", "x....x.",
            "xxxxx..",
        ],
    ),
    glyph(
        "E",
        [
            "xxxxxxx", "x......", "x......", "x......", "xxxxx..", "x......", "x......", "x......",
            "xxxxxxx",
        ],
    ),
    glyph(
        "F",
        [
            "xxxxxxx", "x......", "x......", "x......", "xxxxx..", "x......", "x......", "x......",
            "x......",
        ],
    ),
    glyph(
        "G",
        [
            ".xxxxx.", "x.....x", "x......", "x......", "x..xxxx", "x.....x", "x.....x", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "H",
        [
            "x.....x", "x.....x", "x.....x", "x.....x", "xxxxxxx", "x.....x", "x.....x", "x.....x",
            "x.....x",
        ],
    ),
    glyph(
        "I",
        [
            ".xxxxx.", "...x...", "...x...", "...x...", "...x...", "...x...", "...x...", "...x...",
            ".xxxxx.",
        ],
    ),
    glyph(
        "J",
        [
            "..xxxxx", "....x..", "....x..", "....x..", "....x..", "....x..", "x...x..", "x...x..",
            ".xxx...",
        ],
    ),
    glyph(
        "K",
        [
            "x.....x", "x....x.", "x...x..", "x..x...", "xxx....", "x..x...", "x...x..", "x....x.",
            "x.....x",
        ],
    ),
    glyph(
        "L",
        [
            "x......", "x......", "x......", "x......", "x......", "x......", "x......", "x......",
            "xxxxxxx",
        ],
    ),
    glyph(
        "M",
        [
            "x.....x", "xx...xx", "x.x.x.x", "x..x..x", "x.....x", "x.....x", "x.....x", "x.....x",
            "x.....x",
        ],
    ),
    glyph(
        "N",
        [
            "x.....x", "xx....x", "xx....x", "x.x...x", "x..x..x", "x...x.x", "x....xx", "x....xx",
            "x.....x",
        ],
    ),
    glyph(
        "O",
        [
            ".xxxxx.", "x.....x", "x.....x", "x.....x", "x.....x", "x.....x", "x.....x", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "P",
        [
            "xxxxxx.", "x.....x", "x.....x", "x.....x", "xxxxxx.", "x......", "x......", "x......",
            "x......",
        ],
    ),
    glyph(
        "Q",
        [
            ".xxxxx.", "x.....x", "x.....x", "x.....x", "x.....x", "x.....x", "x...x.x", "x....x.",
            ".xxxx.x",
        ],
    ),
    glyph(
        "R",
        [
            "xxxxxx.", "x.....x", "x.....x", "x.....x", "xxxxxx.", "x...x..", "x....x.", "x.....x",
            "x.....x",
        ],
    ),
    glyph(
        "S",
        [
            ".xxxxx.", "x.....x", "x......", "x......", ".xxxxx.", "......x", "......x", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "T",
        [
            "xxxxxxx", "...x...", "...x...", "...x...", "...x...", "...x...", "...x...", "...x...",
            "...x...",
        ],
    ),
    glyph(
        "U",
        [
            "x.....x", "x.....x", "x.....x", "x.....x", "x.....x", "x.....x", "x.....x", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "V",
        [
            "x.....x", "x.....x", "x.....x", "x.....x", ".x...x.", ".x...x.", "..x.x..", "..x.x..",
            "...x...",
        ],
    ),
    glyph(
        "W",
        [
            "x.....x", "x.....x", "x.....x", "x.....x", "x..x..x", "x..x..x", "x.x.x.x", "xx...xx",
            "x.....x",
        ],
    ),
    glyph(
        "X",
        [
            "x.....x", "x.....x", ".x...x.", "..x.x..", "...x...", "..x.x..", ".x...x.", "x.....x",
            "x.....x",
        ],
    ),
    glyph(
        "Y",
        [
            "x.....x", "x.....x", ".x...x.", "..x.x..", "...x...", "...x...", "...x...", "...x...",
            "...x...",
        ],
    ),
    glyph(
        "Z",
        [
            "xxxxxxx", "......x", ".....x.", "....x..", "...x...", "..x....", ".x.....", "x......",
            "xxxxxxx",
        ],
    ),
    glyph(
        "0",
        [
            ".xxxxx.", "x.....x", "x....xx", "x...x.x", "x..x..x", "x.x...x", "xx....x", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "1",
        [
            "...x...", "..xx...", ".x.x...", "...x...", "...x...", "...x...", "...x...", "...x...",
            ".xxxxx.",
        ],
    ),
    glyph(
        "2",
        [
            ".xxxxx.", "x.....x", "......x", "......x", ".xxxxx.", "x......", "x......", "x......",
            "xxxxxxx",
        ],
    ),
    glyph(
        "3",
        [
            ".xxxxx.", "x.....x", "......x", "......x", "..xxxx.", "......x", "......x", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "4",
        [
            "....xx.", "...x.x.", "..x..x.", ".x...x.", "x....x.", "xxxxxxx", ".....x.", ".....x.",
            ".....x.",
        ],
    ),
    glyph(
        "5",
        [
            "xxxxxxx", "x......", "x......", "xxxxxx.", "......x", "......x", "......x", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "6",
        [
            ".xxxxx.", "x.....x", "x......", "x......", "xxxxxx.", "x.....x", "x.....x", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "7",
        [
            "xxxxxxx", "......x", ".....x.", "....x..", "...x...", "...x...", "...x...", "...x...",
            "...x...",
        ],
    ),
    glyph(
        "8",
        [
            ".xxxxx.", "x.....x", "x.....x", "x.....x", ".xxxxx.", "x.....x", "x.....x", "x.....x",
            ".xxxxx.",
        ],
    ),
    glyph(
        "9",
        [
            ".xxxxx.", "x.....x", "x.....x", "x.....x", ".xxxxxx", "......x", "......x", "x.....x",
            ".xxxxx.",
        ],
    ),
];

/// The shape named `name` (letters in either case).
pub fn find(name: &str) -> Option<&'static Shape> {
    let wanted = name.trim();
    SHAPES
        .iter()
        .find(|shape| shape.name.eq_ignore_ascii_case(wanted))
}

/// The names of the built-in shapes, pictures first.
pub fn names() -> Vec<&'static str> {
    SHAPES.iter().map(|shape| shape.name).collect()
}
