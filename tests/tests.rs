//! The integration tests, one binary (as ripgrep keeps them): the test command links once.
//! Each file beside this one is a module; `common` holds what they share.

mod common;
mod unit;

mod bad_inputs;
mod book;
mod book_examples;
mod book_interrupt;
mod book_spec_errors;
mod book_walkthroughs;
mod canon_cli;
mod chaining;
mod cli_sudoku;
mod cli_ux;
mod cli_variants;
mod cover;
mod drills;
mod export;
mod fuzz_regressions;
mod grade_accuracy;
mod grade_cli;
mod grade_generate;
mod grade_properties;
mod grade_variants;
mod killer;
mod languages;
mod limits;
mod messages;
mod mushikui_classics;
mod mushikui_cli;
mod mushikui_properties;
mod mushikui_walkthrough_cli;
mod newsletter;
mod pattern;
mod preflight;
mod preview;
mod readme;
mod series;
mod sudoku_solver;
mod technique_targets;
mod techniques_chapter;
mod variant_solver;
mod walkthrough_coordinates;
mod walkthrough_length;
