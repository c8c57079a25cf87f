//! Grading by human technique: an easiest-first logical solver rated on the Sudoku
//! Explainer (SE) scale.

pub mod chaining;
