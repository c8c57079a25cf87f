//! puzzlebook: seeded, unique-solution sudoku and mushikui-zan puzzles, graded by the human
//! techniques they need, typeset into print-ready PDF books.
//!
//! The library is a pipeline of stages, each a module (see ARCHITECTURE.md):
//! [`sudoku`] and [`mushikui`] make and check puzzles, [`book`] reads a book spec and plans
//! its contents, [`layout`] places everything on pages, [`render`] writes the PDF, and
//! [`cli`] is the command-line front end — the only module that prints or touches files.
//! All randomness flows from a seed string through [`seed`].

pub mod book;
pub mod cli;
pub mod error;
pub mod export;
pub mod i18n;
pub mod kind;
pub mod layout;
pub mod mushikui;
pub mod preflight;
pub mod raster;
pub mod render;
pub mod seed;
pub mod sudoku;

pub use error::{Error, ErrorKind, Result};
