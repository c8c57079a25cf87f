//! The masthead of a short publication (`[front] masthead = true`): the title, a byline and
//! the rules of the kinds it prints, set across the top of its first puzzle page, as a
//! newsletter or a weekly puzzle sheet opens. A six-page weekly then spends no page on a
//! title page, a four-line contents page and a rules page: its puzzles start on page 1.
//!
//! The masthead takes the top row(s) of that page's puzzle grid ([`rows_taken`]), so the
//! puzzles below it keep the size and place they have on every other page.

use super::fonts::{FaceId, FontSet};
use super::kind::RulesPage;
use super::page::{Colour, Item, Point, Rect};
use super::text::{Align, balanced, justified, run, wrap};
use crate::book::spec::Spec;

/// How many rows of the first puzzle page's grid the masthead takes: a third of them,
/// at least one.
pub fn rows_taken(rows: usize) -> usize {
    (rows / 3).max(1)
}

/// What a masthead says.
#[derive(Clone, Debug, PartialEq)]
pub struct Masthead {
    pub title: String,
    /// Subtitle, issue and author, those the spec has, joined by " · ".
    pub byline: String,
    /// Each kind's rules: its heading and paragraphs.
    pub rules: Vec<(String, Vec<String>)>,
}

impl Masthead {
    pub fn of(spec: &Spec, rules: &[RulesPage]) -> Masthead {
        let issue = spec.issue.as_ref().map(|issue| issue.value.as_str());
        let byline: Vec<&str> = [
            Some(spec.subtitle.value.as_str()),
            issue,
            Some(spec.author.value.as_str()),
        ]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect();
        // A sentence two kinds' rules share ("Every puzzle has exactly one solution.") is
        // said once.
        let mut said = std::collections::HashSet::new();
        Masthead {
            title: spec.title.value.clone(),
            byline: byline.join(" · "),
            rules: rules
                .iter()
                .map(|page| {
                    let paragraphs = page
                        .paragraphs
                        .iter()
                        .filter(|paragraph| said.insert(paragraph.as_str()))
                        .cloned()
                        .collect();
                    (page.heading.clone(), paragraphs)
                })
                .collect(),
        }
    }
}

/// Proportions, as multiples of the text size.
mod style {
    pub const TITLE: f64 = 2.6;
    /// The title shrinks to this before it wraps.
    pub const SMALLEST_TITLE: f64 = 1.8;
    pub const TITLE_LEADING: f64 = 1.15;
    pub const BYLINE: f64 = 1.05;
    /// Space from the byline to the rule under it, and from the rule to the rules' text.
    pub const RULE_GAP: f64 = 0.7;
    /// The heavy rule under the title and byline (points).
    pub const RULE_WEIGHT: f64 = 1.5;
    pub const LEADING: f64 = 1.3;
    /// Between two kinds' rules, and between the columns of rules.
    pub const KIND_GAP: f64 = 0.6;
    pub const COLUMN_GAP: f64 = 1.8;
    /// Rules are set in two columns when a line would otherwise be wider than this many
    /// text sizes (a comfortable measure).
    pub const WIDEST_MEASURE: f64 = 60.0;
}

/// One line of a set masthead, placed relative to its top left corner.
#[derive(Clone, Debug, PartialEq)]
struct Line {
    text: String,
    face: FaceId,
    size: f64,
    /// Left edge (or centre, for a centred line) and baseline, from the masthead's corner.
    x: f64,
    baseline: f64,
    /// `Some(width)` for a justified line of body text.
    justify: Option<f64>,
    centred: bool,
}

/// A masthead set for a width: its lines, the rule under the title and its height.
#[derive(Clone, Debug, PartialEq)]
pub struct SetMasthead {
    lines: Vec<Line>,
    /// The rule's distance from the top.
    rule: f64,
    width: f64,
    pub height: f64,
}

/// Sets `masthead` within `width` and `height`: the rules' text a little larger than the
/// book's text where there is room, shrunk (down to 85% of it, not below the book's least
/// text size) when that is what lets it fit, and centred in the room under the title.
/// When it cannot fit, the error is the masthead set at the text size, whose height says
/// what it needs.
pub fn set(
    spec: &Spec,
    fonts: &FontSet,
    masthead: &Masthead,
    width: f64,
    height: f64,
) -> std::result::Result<SetMasthead, SetMasthead> {
    let text = spec.page.text_size.value;
    let least = spec
        .page
        .min_text_size
        .as_ref()
        .map_or(0.0, |least| least.value);
    let mut tallest = None;
    for scale in [1.1, 1.0, 0.92, 0.85] {
        let size = (text * scale).max(least);
        let mut set = set_at(fonts, masthead, text, size, width);
        if set.height <= height {
            set.centre_rules(height);
            return Ok(set);
        }
        if scale == 1.0 {
            tallest = Some(set);
        }
    }
    Err(tallest.expect("the text size was tried"))
}

fn set_at(fonts: &FontSet, masthead: &Masthead, text: f64, size: f64, width: f64) -> SetMasthead {
    let mut lines = Vec::new();
    let bold = fonts.metrics(fonts.bold);
    let natural = bold.width(&masthead.title, text * style::TITLE);
    let title_size = if natural > width {
        (text * style::TITLE * width / natural).max(text * style::SMALLEST_TITLE)
    } else {
        text * style::TITLE
    };
    let mut y = 0.0;
    for line in balanced(bold, &masthead.title, title_size, width) {
        y += title_size * style::TITLE_LEADING;
        lines.push(Line {
            text: line,
            face: fonts.bold,
            size: title_size,
            x: width / 2.0,
            baseline: y - title_size * 0.2,
            justify: None,
            centred: true,
        });
    }
    if !masthead.byline.is_empty() {
        let size = text * style::BYLINE;
        for line in balanced(fonts.metrics(fonts.text), &masthead.byline, size, width) {
            y += size * style::LEADING;
            lines.push(Line {
                text: line,
                face: fonts.text,
                size,
                x: width / 2.0,
                baseline: y - size * 0.25,
                justify: None,
                centred: true,
            });
        }
    }
    y += text * style::RULE_GAP;
    let rule = y;
    if masthead.rules.is_empty() {
        return SetMasthead {
            lines,
            rule,
            width,
            height: y,
        };
    }
    y += text * style::RULE_GAP;
    let columns = if width > style::WIDEST_MEASURE * size && masthead_has_room_for_two(masthead) {
        2
    } else {
        1
    };
    let gap = style::COLUMN_GAP * text;
    let column_width = (width - (columns - 1) as f64 * gap) / columns as f64;
    let blocks = rules_blocks(fonts, masthead, size, column_width);
    let split = balanced_split(&blocks, columns);
    let mut bottom: f64 = y;
    for (column, range) in split.into_iter().enumerate() {
        let x = column as f64 * (column_width + gap);
        let mut at = y;
        for (index, block) in blocks[range].iter().enumerate() {
            // A column's first line drops the space set before it.
            if index > 0 {
                at += block.space_before;
            }
            at += block.size * style::LEADING;
            lines.push(Line {
                text: block.text.clone(),
                face: block.face,
                size: block.size,
                x,
                baseline: at - block.size * 0.3,
                justify: block.justify.then_some(column_width),
                centred: false,
            });
        }
        bottom = bottom.max(at);
    }
    SetMasthead {
        lines,
        rule,
        width,
        height: bottom,
    }
}

/// Two columns of rules need two paragraphs at least to share out.
fn masthead_has_room_for_two(masthead: &Masthead) -> bool {
    masthead
        .rules
        .iter()
        .map(|(_, paragraphs)| paragraphs.len())
        .sum::<usize>()
        > 1
}

/// A line of the rules' text before it is placed in a column.
struct Block {
    text: String,
    face: FaceId,
    size: f64,
    justify: bool,
    /// Extra space above it (a new kind or paragraph).
    space_before: f64,
    /// A line that may end a column (not a heading, not the first line of a paragraph
    /// with more to come).
    may_end_column: bool,
}

impl Block {
    fn height(&self) -> f64 {
        self.space_before + self.size * style::LEADING
    }
}

fn rules_blocks(fonts: &FontSet, masthead: &Masthead, size: f64, width: f64) -> Vec<Block> {
    let mut blocks = Vec::new();
    let body = fonts.metrics(fonts.text);
    let several = masthead.rules.len() > 1;
    for (kind, (heading, paragraphs)) in masthead.rules.iter().enumerate() {
        // With one kind, the heading is the masthead's only subheading: "How to play".
        let kind_gap = if kind == 0 {
            0.0
        } else {
            style::KIND_GAP * size
        };
        if several || !heading.is_empty() {
            for (index, line) in wrap(fonts.metrics(fonts.bold), heading, size, width)
                .into_iter()
                .enumerate()
            {
                blocks.push(Block {
                    text: line,
                    face: fonts.bold,
                    size,
                    justify: false,
                    space_before: if index == 0 { kind_gap } else { 0.0 },
                    may_end_column: false,
                });
            }
        }
        for (paragraph_index, paragraph) in paragraphs.iter().enumerate() {
            let lines = wrap(body, paragraph, size, width);
            let count = lines.len();
            for (index, line) in lines.into_iter().enumerate() {
                let last = index + 1 == count;
                blocks.push(Block {
                    text: line,
                    face: fonts.text,
                    size,
                    justify: !last,
                    space_before: if index == 0 && paragraph_index > 0 {
                        size * 0.3
                    } else {
                        0.0
                    },
                    may_end_column: index != 0 || last,
                });
            }
        }
    }
    blocks
}

/// Splits `blocks` into `columns` runs of about equal height, each column ending where a
/// line may end one (never after a heading or a paragraph's lone first line).
fn balanced_split(blocks: &[Block], columns: usize) -> Vec<std::ops::Range<usize>> {
    if columns < 2 || blocks.len() < 2 {
        return std::iter::once(0..blocks.len()).collect();
    }
    let total: f64 = blocks.iter().map(Block::height).sum();
    let mut best = (f64::INFINITY, blocks.len());
    let mut above = 0.0;
    for (index, block) in blocks.iter().enumerate().take(blocks.len() - 1) {
        above += block.height();
        if !block.may_end_column {
            continue;
        }
        // The second column starts at its top: the space before its first line is dropped.
        let below = total - above - blocks[index + 1].space_before;
        let tallest = above.max(below);
        if tallest < best.0 {
            best = (tallest, index + 1);
        }
    }
    vec![0..best.1, best.1..blocks.len()]
}

impl SetMasthead {
    /// Moves the rules' lines down to the middle of the room between the rule under the
    /// title and `height`.
    fn centre_rules(&mut self, height: f64) {
        let spare = (height - self.height) / 2.0;
        for line in self.lines.iter_mut().filter(|line| !line.centred) {
            line.baseline += spare;
        }
        self.height += spare;
    }
    /// Draws the masthead with its top left corner at `area`'s, centred across `area`.
    pub fn draw(&self, items: &mut Vec<Item>, fonts: &FontSet, area: Rect) {
        let left = area.x + (area.width - self.width) / 2.0;
        for line in &self.lines {
            let metrics = fonts.metrics(line.face);
            let at = (left + line.x, area.y + line.baseline);
            match (line.centred, line.justify) {
                (true, _) => items.push(run(
                    metrics,
                    line.face,
                    &line.text,
                    line.size,
                    at,
                    Align::Centre,
                    0.0,
                )),
                (false, Some(width)) => {
                    items.extend(justified(
                        metrics, line.face, &line.text, line.size, at, width,
                    ));
                }
                (false, None) => items.push(run(
                    metrics,
                    line.face,
                    &line.text,
                    line.size,
                    at,
                    Align::Left,
                    0.0,
                )),
            }
        }
        let y = area.y + self.rule;
        items.push(Item::Line {
            from: Point { x: area.x, y },
            to: Point {
                x: area.x + area.width,
                y,
            },
            width: style::RULE_WEIGHT,
            colour: Colour::BLACK,
        });
    }
}
