//! The copyright page (`[imprint]`): the book's title, then edition, copyright line,
//! rights or licence, publisher and ISBN, set small at the foot of the page's content box,
//! where a reader looks for them on the back of the title page.

use super::fonts::FontSet;
use super::page::{Item, Rect};
use super::text::{Align, run, wrap};
use crate::book::imprint::ImprintSpec;
use crate::book::spec::Spec;

/// The page's lines, each with whether it is set bold.
pub fn lines(spec: &Spec, imprint: &ImprintSpec) -> Vec<(String, bool)> {
    let language = spec.language;
    let mut lines = vec![(spec.title.value.clone(), true)];
    if !spec.subtitle.value.is_empty() {
        lines.push((spec.subtitle.value.clone(), false));
    }
    if let Some(edition) = &imprint.edition {
        lines.push((edition.clone(), false));
    }
    let author = spec.author.value.trim();
    let holder = match (imprint.year, author.is_empty()) {
        (Some(year), false) => Some(format!("{year} {author}")),
        (Some(year), true) => Some(year.to_string()),
        (None, false) => Some(author.to_string()),
        (None, true) => None,
    };
    if let Some(holder) = holder {
        lines.push((
            language.say("imprint.copyright", &[("holder", &holder)]),
            false,
        ));
    }
    lines.push((
        imprint
            .rights
            .clone()
            .unwrap_or_else(|| language.text("imprint.rights").to_string()),
        false,
    ));
    if let Some(publisher) = &imprint.publisher {
        lines.push((
            language.say("imprint.published-by", &[("publisher", publisher)]),
            false,
        ));
    }
    if let Some(isbn) = &imprint.isbn {
        lines.push((format!("ISBN {isbn}"), false));
    }
    lines
}

/// Draws the lines at the foot of `content`, left-aligned, a blank line after the title.
pub fn draw(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    content: Rect,
    text_size: f64,
    lines: &[(String, bool)],
) {
    let size = text_size * 0.85;
    let leading = size * 1.4;
    let mut wrapped = Vec::new();
    for (index, (line, bold)) in lines.iter().enumerate() {
        let face = if *bold { fonts.bold } else { fonts.text };
        for part in wrap(fonts.metrics(face), line, size, content.width) {
            wrapped.push((part, face));
        }
        if index == 0 {
            wrapped.push((String::new(), face));
        }
    }
    let mut baseline = content.bottom() - (wrapped.len() - 1) as f64 * leading;
    for (line, face) in wrapped {
        if !line.is_empty() {
            items.push(run(
                fonts.metrics(face),
                face,
                &line,
                size,
                (content.x, baseline),
                Align::Left,
                0.0,
            ));
        }
        baseline += leading;
    }
}
