//! Lengths and page sizes as a spec writes them: `15mm`, `0.5in`, `A4`, `6x9in`.
//!
//! Everything is converted to PDF points (1/72 in) and rounded to 1/100 pt, so page boxes
//! come out as the exact numbers printers expect (A4 = 595.28 × 841.89, 6×9 in = 432 × 648).

use crate::error::{Error, Result};

pub const POINTS_PER_INCH: f64 = 72.0;
pub const POINTS_PER_MM: f64 = 72.0 / 25.4;

/// Rounds to 1/100 pt.
pub fn round_points(points: f64) -> f64 {
    (points * 100.0).round() / 100.0
}

/// Parses `15mm`, `1.5cm`, `0.5in`, `36pt` into points, rounded to 1/100 pt.
pub fn parse_length(text: &str) -> Result<f64> {
    length_points(text).map(round_points)
}

/// Parses a length into points, unrounded (for lengths far below a point, like the
/// thickness of a sheet of paper).
pub fn length_points(text: &str) -> Result<f64> {
    let trimmed = text.trim();
    // The unit is the letters that end the text: a number such as 1e3 holds a letter too.
    let unit_start = trimmed.len()
        - trimmed
            .bytes()
            .rev()
            .take_while(u8::is_ascii_alphabetic)
            .count();
    let (number, unit) = trimmed.split_at(unit_start);
    let bad = || {
        Error::input(format!("{text:?} is not a length"))
            .with_hint("write a number and a unit: mm, cm, in or pt, e.g. \"15mm\" or \"0.5in\"")
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    if !value.is_finite() {
        return Err(bad());
    }
    let scale = match unit.trim() {
        "mm" => POINTS_PER_MM,
        "cm" => POINTS_PER_MM * 10.0,
        "in" => POINTS_PER_INCH,
        "pt" => 1.0,
        "" => {
            return Err(Error::input(format!("{text:?} has no unit"))
                .with_hint("add a unit: mm, cm, in or pt, e.g. \"15mm\""));
        }
        _ => return Err(bad()),
    };
    Ok(value * scale)
}

/// A page size in points (the trimmed page, without bleed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PageSize {
    pub width: f64,
    pub height: f64,
}

/// The named sizes a spec may use (ISO sizes in mm, US sizes in inches).
pub const NAMED_SIZES: [(&str, f64, f64, bool); 7] = [
    ("A4", 210.0, 297.0, false),
    ("A5", 148.0, 210.0, false),
    ("B5", 176.0, 250.0, false),
    ("Letter", 8.5, 11.0, true),
    ("Legal", 8.5, 14.0, true),
    ("6x9in", 6.0, 9.0, true),
    ("8.5x11in", 8.5, 11.0, true),
];

/// Parses `A4`, `Letter`, `6x9in`, `210x297mm` (width × height).
pub fn parse_page_size(text: &str) -> Result<PageSize> {
    let trimmed = text.trim();
    for (name, width, height, inches) in NAMED_SIZES {
        if trimmed.eq_ignore_ascii_case(name) {
            let scale = if inches {
                POINTS_PER_INCH
            } else {
                POINTS_PER_MM
            };
            return Ok(PageSize {
                width: round_points(width * scale),
                height: round_points(height * scale),
            });
        }
    }
    let bad = || {
        Error::input(format!("unknown page size {text:?}")).with_hint(
            "use A4, A5, B5, Letter, Legal, or WIDTHxHEIGHT with a unit, e.g. \"6x9in\" or \"210x297mm\"",
        )
    };
    let (width, height) = trimmed.split_once(['x', '×', 'X']).ok_or_else(bad)?;
    let (width, height) = (width.trim(), height.trim());
    // The unit is the letters that end the height (a number such as 1e3 holds a letter
    // too); a width without its own unit takes the height's.
    let unit_length = height
        .bytes()
        .rev()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    if unit_length == 0 {
        return Err(Error::input(format!("the page size {text:?} has no unit"))
            .with_hint("add a unit: mm, cm, in or pt, e.g. \"6x9in\" or \"210x297mm\""));
    }
    let unit = &height[height.len() - unit_length..];
    let side = |length: &str| {
        length_points(length).map(round_points).map_err(|_| {
            Error::input(format!(
                "{text:?} is not a page size: {length:?} is not a length"
            ))
            .with_hint(
                "write WIDTHxHEIGHT with a unit: mm, cm, in or pt, e.g. \"6x9in\" or \"210x297mm\"",
            )
        })
    };
    let width = if width.ends_with(|ch: char| ch.is_ascii_alphabetic()) {
        side(width)?
    } else {
        // The width borrows the height's unit: a bad height is what to report first.
        side(height)?;
        side(&format!("{width}{unit}")).map_err(|_| {
            Error::input(format!(
                "{text:?} is not a page size: {width:?} is not a number"
            ))
            .with_hint(
                "write WIDTHxHEIGHT with a unit: mm, cm, in or pt, e.g. \"6x9in\" or \"210x297mm\"",
            )
        })?
    };
    let height = side(height)?;
    Ok(PageSize { width, height })
}
