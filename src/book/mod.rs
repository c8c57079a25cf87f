//! Books: the TOML spec, the plan of puzzles, and the manifest written next to the PDF.
//!
//! [`spec`] reads and validates a spec (with its template from `templates/`), [`plan`]
//! turns it into seeded puzzle jobs and makes them in parallel, [`manifest`] describes the
//! finished book for other tools. Page geometry is the next stage, [`crate::layout`].

pub mod bank;
pub mod manifest;
pub mod plan;
pub mod source;
pub mod spec;
pub mod templates;
pub mod units;

pub use bank::BankText;
pub use plan::{Content, Job, Plan, Puzzle};
pub use spec::{AnswerPlacement, Kind, Language, Spec};
