//! The puzzle kinds, and the one table that lists them.
//!
//! Every stage that treats kinds differently defines a trait for what it needs from a kind,
//! and each kind implements it in its own module of that stage:
//!
//! | stage | trait | sudoku | mushikui-zan |
//! |---|---|---|---|
//! | book (spec options, seed path, making, puzzle banks) | [`crate::book::kind::BookKind`] | `book::sudoku` | `book::mushikui` |
//! | layout (figure size, drawing, words, rules pages) | [`crate::layout::kind::LayoutKind`] | `layout::sudoku` | `layout::sum` |
//! | command line (generate, solve, count, grade) | its own subcommand | `cli::sudoku` | `cli::mushikui` |
//!
//! A new kind is one module per stage plus one line in [`ALL`]; nothing else matches on the
//! kind. Variants of a kind (sudoku sizes, X, jigsaw, killer…) live inside that kind's
//! modules.

use crate::book::kind::BookKind;
use crate::layout::kind::LayoutKind;

/// A puzzle kind: its name in specs, manifests and seed paths, and its part in each stage.
pub struct Kind {
    /// `kind = "…"` in a spec; the `kind` field of the manifest; a seed-path part.
    pub name: &'static str,
    pub book: &'static dyn BookKind,
    pub layout: &'static dyn LayoutKind,
}

impl std::fmt::Debug for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for Kind {
    fn eq(&self, other: &Kind) -> bool {
        self.name == other.name
    }
}

impl Eq for Kind {}

pub static SUDOKU: Kind = Kind {
    name: "sudoku",
    book: &crate::book::sudoku::SudokuBook,
    layout: &crate::layout::sudoku::SudokuLayout,
};

pub static MUSHIKUI: Kind = Kind {
    name: "mushikui",
    book: &crate::book::mushikui::MushikuiBook,
    layout: &crate::layout::sum::MushikuiLayout,
};

/// Every kind, in the order books list them (rules pages, the title page's summary).
pub static ALL: [&Kind; 2] = [&SUDOKU, &MUSHIKUI];

/// The kind a spec names.
pub fn find(name: &str) -> Option<&'static Kind> {
    ALL.iter().copied().find(|kind| kind.name == name)
}

/// The names of all kinds, for hints.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|kind| kind.name).collect()
}
