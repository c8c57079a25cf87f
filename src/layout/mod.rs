//! Layout: pure geometry. A spec and its made puzzles become pages of positioned lines,
//! rectangles and text, in points, with the origin at the top-left corner of the trimmed
//! page and y growing downwards (the manifest's convention). No PDF here: [`crate::render`]
//! turns these pages into a file.

pub mod compose;
pub mod cover;
pub mod font;
pub mod fonts;
pub mod imprint;
pub mod ink;
pub mod killer;
pub mod kind;
pub mod masthead;
pub mod page;
pub mod picture;
pub mod shapes;
pub mod slot;
pub mod sudoku;
pub mod sudoku_walk;
pub mod sum;
pub mod techniques;
pub mod text;
pub mod walk;
pub mod words;

pub use compose::{
    Composed, Geometry, Pagination, Placement, compose, compose_walked, paginate, settle,
};
pub use page::{Document, Item, Page, Point, Rect};
