//! The book spec loader: any UTF-8 text through `Spec::parse` (TOML, template, every key),
//! then the checks `puzzlebook book` runs before any puzzle is made: glyph coverage with
//! the bundled fonts, the plan of jobs, pagination and the page geometry.
//!
//! Invariants: nothing panics; every refusal is an input error (exit code 2) that names the
//! spec, and one with a line and column names a line of the text.

use puzzlebook::Error;
use puzzlebook::book::{Plan, Spec};
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::{Geometry, compose::check_glyphs, paginate};

/// What `puzzlebook book` checks before it makes any puzzle.
fn preflight(text: &str, seed: Option<&str>) -> Result<(), Error> {
    let spec = Spec::parse("book.toml", text, seed)?;
    let fonts = FontSet::for_language(spec.language);
    check_glyphs(&spec, &fonts)?;
    let plan = Plan::new(&spec)?;
    assert_eq!(plan.jobs.len(), spec.puzzle_count());
    let pagination = paginate(&spec);
    Geometry::new(&spec, &pagination, &fonts)?;
    let _ = spec.identity();
    Ok(())
}

/// Runs one input; panics when an invariant fails.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // A first line `#seed=…` also exercises --seed.
    let seed = text
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("#seed="));
    if let Err(error) = preflight(text, seed) {
        assert_eq!(error.exit_code(), 2, "{error}");
        let location = error.location();
        assert_eq!(location.file.as_deref(), Some("book.toml"), "{error}");
        if let Some(line) = location.line {
            assert!(
                line >= 1 && line <= text.matches('\n').count() + 1,
                "{error}"
            );
        }
        let _ = error.to_string();
    }
}
