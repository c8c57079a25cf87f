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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::printer::Printer;
    use crate::layout::page::{Bleed, Point, Rect};

    fn page(items: Vec<Item>) -> Page {
        Page {
            width: 432.0,
            height: 648.0,
            bleed: Bleed::NONE,
            items,
        }
    }

    fn line(width: f64) -> Item {
        Item::Line {
            from: Point { x: 0.0, y: 0.0 },
            to: Point { x: 10.0, y: 0.0 },
            width,
            colour: Colour::BLACK,
        }
    }

    fn filled(level: f64) -> Item {
        Item::Rect {
            rect: Rect::new(0.0, 0.0, 10.0, 10.0),
            fill: Some(Colour::grey(level)),
            stroke: Some((0.3, Colour::BLACK)),
        }
    }

    #[test]
    fn kdp_lines_and_greys_are_raised_to_its_minimums() {
        let mut pages = vec![page(vec![
            line(0.3),
            line(1.5),
            filled(0.95),
            filled(0.8),
            filled(1.0),
            Item::Group {
                transform: Transform::scale(0.5),
                items: vec![line(1.0), line(2.0)],
            },
        ])];
        hold_to_printer(&mut pages, Printer::Kdp.profile());
        let items = &pages[0].items;
        assert!(matches!(items[0], Item::Line { width, .. } if width == 0.75));
        assert!(matches!(items[1], Item::Line { width, .. } if width == 1.5));
        let rect = |item: &Item| match item {
            Item::Rect { fill, stroke, .. } => (fill.unwrap().red, stroke.unwrap().0),
            other => panic!("{other:?}"),
        };
        assert_eq!(rect(&items[2]), (0.9, 0.75));
        assert_eq!(rect(&items[3]), (0.8, 0.75));
        // Paper white is no grey.
        assert_eq!(rect(&items[4]), (1.0, 0.75));
        // A group drawn at half size: a 1 pt line is 0.5 pt on the page.
        let Item::Group { items, .. } = &items[5] else {
            panic!()
        };
        assert!(matches!(items[0], Item::Line { width, .. } if width == 1.5));
        assert!(matches!(items[1], Item::Line { width, .. } if width == 2.0));
    }

    #[test]
    fn printers_without_minimums_keep_the_drawing() {
        let original = vec![page(vec![line(0.3), filled(0.95)])];
        let mut pages = original.clone();
        hold_to_printer(&mut pages, Printer::Generic.profile());
        assert_eq!(pages, original);
    }
}
