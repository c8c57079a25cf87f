//! Layout: pure geometry. A spec and its made puzzles become pages of positioned lines,
//! rectangles and text, in points, with the origin at the top-left corner of the trimmed
//! page and y growing downwards (the manifest's convention). No PDF here: [`crate::render`]
//! turns these pages into a file.

pub mod font;
pub mod fonts;
