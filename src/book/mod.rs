//! Books: the TOML spec, the plan of puzzles, and the manifest written next to the PDF.
//!
//! [`spec`] reads and validates a spec (with its template from `templates/`), [`plan`]
//! turns it into seeded puzzle jobs and makes them in parallel, [`manifest`] describes the
//! finished book for other tools. What differs between puzzle kinds is behind
//! [`kind::BookKind`], one module per kind ([`sudoku`], [`mushikui`]). Page geometry is the
//! next stage, [`crate::layout`].

pub mod bank;
pub mod calendar;
pub mod cover;
pub mod distinct;
pub mod drill;
pub mod imprint;
pub mod killer;
pub mod kind;
pub mod manifest;
pub mod mushikui;
pub mod pattern;
pub mod plan;
pub mod printer;
pub mod series;
pub mod source;
pub mod spec;
pub mod sudoku;
pub mod templates;
pub mod units;

pub use bank::BankText;
pub use kind::{BookKind, Content, SectionKind};
pub use plan::{Job, Plan, Puzzle};
pub use spec::{AnswerPlacement, Language, Spec};
