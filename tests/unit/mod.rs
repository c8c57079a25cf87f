//! The library's unit tests, one module per library module (`unit::layout::walk`
//! holds `src/layout/walk.rs`'s): the library is compiled once, for the
//! integration binary, not again with `cfg(test)` (ARCHITECTURE.md, "The build").

mod book;
mod cli;
mod error;
mod export;
mod i18n;
mod layout;
mod mushikui;
mod preflight;
mod raster;
mod render;
mod seed;
mod sudoku;
