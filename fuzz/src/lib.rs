//! The checks behind the fuzz targets, one module per target: `check` feeds one raw input
//! to puzzlebook and asserts the target's invariants. The entry points in `fuzz_targets/`
//! only call them, and the main crate's `tests/fuzz_regressions.rs` includes these files to
//! replay the seed corpus and every input that once failed, on the stable toolchain.

pub mod book_spec;
pub mod font_file;
pub mod killer_lines;
pub mod mushikui_lines;
pub mod sudoku_chains;
pub mod sudoku_grade;
pub mod sudoku_lines;
pub mod variant_lines;
