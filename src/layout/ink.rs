//! Lines and greys held to what a book's printer prints: a stroke thinner than the
//! printer's minimum line weight is drawn at that weight, and a grey fill lighter than its
//! lightest reliable grey is drawn at that grey (paper-white fills stay white).
//!
//! It runs once over the composed pages, so every figure of every kind honours the printer
//! without knowing it, and what it leaves is what the preflight ([`crate::preflight`])
//! measures: a stroke's width on the page, through any enlarging or shrinking group. The
//! figures keep thick and thin lines distinct at any printer's minimum themselves (a
//! sudoku's box lines are at least twice KDP's 0.75 pt).

use super::page::{Colour, Item, Page, Transform};
use crate::book::printer::Profile;

/// Raises the thin lines and light greys of `pages` to `profile`'s minimums, when it has
/// them.
pub fn hold_to_printer(pages: &mut [Page], profile: &Profile) {
    if profile.min_line.is_none() && profile.min_grey.is_none() {
        return;
    }
    for page in pages {
        hold_items(&mut page.items, profile, 1.0);
    }
}

/// How much a transform enlarges a line's width (the square root of its area scale).
fn width_scale(transform: &Transform) -> f64 {
    (transform.xx * transform.yy - transform.xy * transform.yx)
        .abs()
        .sqrt()
}

fn hold_items(items: &mut [Item], profile: &Profile, scale: f64) {
    let width = |width: &mut f64| {
        if let Some(least) = profile.min_line
            && scale > 0.0
            && *width > 0.0
            && *width * scale < least
        {
            *width = least / scale;
        }
    };
    let fill = |fill: &mut Option<Colour>| {
        if let (Some(least), Some(colour)) = (profile.min_grey, fill.as_mut()) {
            let ink = 1.0 - colour.luminance();
            if ink > 1e-9 && ink < least {
                *colour = Colour::grey(1.0 - least);
            }
        }
    };
    for item in items {
        match item {
            Item::Line { width: w, .. } => width(w),
            Item::Rect {
                fill: colour,
                stroke,
                ..
            } => {
                fill(colour);
                if let Some((w, _)) = stroke {
                    width(w);
                }
            }
            Item::Path {
                fill: colour,
                stroke,
                ..
            } => {
                fill(colour);
                if let Some(stroke) = stroke {
                    width(&mut stroke.width);
                }
            }
            Item::Text { .. } | Item::Image { .. } => {}
            Item::Group { transform, items } => {
                let inner = scale * width_scale(transform);
                hold_items(items, profile, inner);
            }
        }
    }
}
