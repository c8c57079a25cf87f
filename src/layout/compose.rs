//! From a spec and its puzzles to laid-out pages.
//!
//! Three steps. [`paginate`] decides what each page holds (title, contents, rules,
//! questions, answers) and so every puzzle's page and its answer's page; it needs only the
//! spec, so cross-references are known before any puzzle is made. [`Geometry::new`] sizes
//! the page frame and the puzzle cells, raising the gutter to the print-on-demand minimum
//! for the page count, and refuses layouts whose cells would be unreadably small: this
//! also runs before any puzzle is made, so a bad spec fails at once. [`compose`] then
//! draws every page.

use super::fonts::{FaceId, FontSet};
use super::kind::{Frame, RulesExample, RulesPage, Show};
use super::masthead::{self, Masthead};
use super::page::{Bleed, Colour, Document, Info, Item, Page, Point, Rect};
use super::slot::{self, CaptionRoom, Captions, Fit, Limits};
use super::techniques;
use super::text::{Align, balanced, fit, justified, run, wrap};
use super::walk::{self, WalkLayout, WalkPage, flow, lay_out};
use super::words;
use crate::book::kind::SectionKind;
use crate::book::kind::{Hint, Walkthrough};
use crate::book::plan::Puzzle;
use crate::book::plan::{Teaching, TechniqueExample};
use crate::book::printer::Printer;
use crate::book::source::{Located, Span};
use crate::book::spec::{
    AnswerPlacement, Language, Margins, PerPage, SectionSpec, Spec, Walkthroughs,
};
use crate::error::{Error, Result};
use std::sync::Arc;

/// What a page holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    Title,
    /// The copyright page (`[imprint]`).
    Imprint,
    /// Entries `first..first + count` of [`Pagination::entries`].
    Contents {
        first: usize,
        count: usize,
    },
    /// Page `k` of [`Pagination::rules`].
    Rules(usize),
    /// Puzzles `first..first + count` (book order) of one section.
    Questions {
        section: usize,
        first: usize,
        count: usize,
    },
    /// Answers to puzzles `first..first + count`; `section` when answers follow each section.
    Answers {
        section: Option<usize>,
        first: usize,
        count: usize,
    },
    /// Page `k` of [`Pagination::walk_pages`].
    Walkthroughs(usize),
    /// Page `k` of [`Pagination::technique_pages`].
    Techniques(usize),
    /// The page opening a section with `technique_page = true`: the techniques chapter's
    /// entry for the technique the section teaches, under the section's title, then the
    /// section's puzzles `first..first + count` in the rows of its puzzle grid below the
    /// entry (the entry takes the top `rows` rows).
    SectionTechnique {
        section: usize,
        first: usize,
        count: usize,
        rows: usize,
    },
    /// Hints to the puzzles `hint_list[first..first + count]`: plain (`rung` 0), or one
    /// rung (1 to 3) of a ladder.
    Hints {
        first: usize,
        count: usize,
        rung: u8,
    },
    Blank,
}

/// A line of the table of contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub label: String,
    /// Page number (from 1).
    pub page: usize,
}

/// Where everything goes, page by page.
#[derive(Clone, Debug, PartialEq)]
pub struct Pagination {
    pub roles: Vec<Role>,
    /// For each puzzle in book order: (page number, slot on the page).
    pub questions: Vec<(usize, usize)>,
    /// For each puzzle: its answer's (page number, slot), unless answers are left out.
    pub answers: Vec<Option<(usize, usize)>>,
    pub entries: Vec<Entry>,
    /// The rules pages of the kinds in the book, in order.
    pub rules: Vec<RulesPage>,
    /// The walkthrough pages' contents, in order (see [`super::walk`]).
    pub walk_pages: Vec<WalkPage>,
    /// For each puzzle: the pages its walkthrough is on (empty without one).
    pub walkthroughs: Vec<Vec<usize>>,
    /// For each puzzle: its walkthrough's panels, sized.
    pub walk_layouts: Vec<Option<WalkLayout>>,
    /// The puzzles with hints, in the order the hint pages list them (a ladder's puzzles
    /// once for each of its rungs).
    pub hint_list: Vec<usize>,
    /// For each puzzle: the page of its hint (none without one).
    pub hints: Vec<Option<usize>>,
    /// The techniques chapter's entries, sized, and per page the entries and their tops.
    pub technique_entries: Vec<techniques::Entry>,
    pub technique_pages: Vec<Vec<(usize, f64)>>,
    /// The legend of the coordinates opening the walkthroughs, wrapped (empty without).
    pub walk_legend: Vec<String>,
    /// The page the masthead opens (`[front] masthead`) and the rows of its puzzle grid it
    /// takes.
    pub masthead: Option<MastheadPlace>,
}

/// Where the masthead goes: the first puzzle page, over its top `rows` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MastheadPlace {
    /// Page number (from 1).
    pub page: usize,
    pub rows: usize,
}

impl Pagination {
    pub fn page_count(&self) -> usize {
        self.roles.len()
    }
}

/// Typographic proportions, as multiples of the spec's text size.
pub mod style {
    /// Running head and foot bands.
    pub const BAND: f64 = 2.2;
    /// The heading band of question and answer pages.
    pub const HEADING: f64 = 2.8;
    pub const HEADING_SIZE: f64 = 1.5;
    /// Line pitch of a heading that wraps, as a multiple of its size.
    pub const HEADING_LEADING: f64 = 1.25;
    /// Caption above a figure; note (cross-reference) below it.
    pub const CAPTION: f64 = 1.8;
    pub const NOTE: f64 = 1.6;
    pub const NOTE_SIZE: f64 = 0.8;
    /// A puzzle's number in its caption.
    pub const NUMBER_SIZE: f64 = 1.1;
    /// Between a figure and captions beside it.
    pub const CAPTION_GAP: f64 = 0.8;
    /// Gaps between puzzle cells, across and down.
    pub const GAP_ACROSS: f64 = 1.6;
    pub const GAP_DOWN: f64 = 0.8;
    /// Table of contents: heading block and line pitch.
    pub const CONTENTS_HEADING: f64 = 4.0;
    pub const CONTENTS_LINE: f64 = 2.0;
    /// Between a masthead and the heading of the puzzles under it.
    pub const MASTHEAD_GAP: f64 = 0.6;
}

/// How far the content box keeps inside the inner and outer margins: a figure's outer line
/// is drawn centred on its edge, and the half of its width outside the figure must still
/// fall inside the margins (which a printer's safe zone and gutter may leave no slack in).
const INK_ROOM: f64 = 1.5;

/// The usable height of a page's body (between running head and foot).
fn body_height(spec: &Spec) -> f64 {
    let page = &spec.page;
    let text = page.text_size.value;
    let mut height = page.size.value.height - page.margins.value.top - page.margins.value.bottom;
    if !page.header.value.is_empty() {
        height -= style::BAND * text;
    }
    if !page.footer.value.is_empty() {
        height -= style::BAND * text;
    }
    height
}

/// Decides every page's role; needs only the spec. Walkthrough pages are left out until
/// the walkthroughs are made and sized ([`settle`]).
pub fn paginate(spec: &Spec) -> Pagination {
    paginate_with(spec, &[], &[], &[], &[])
}

/// The height below the heading band of a page's body.
pub fn walk_room(spec: &Spec) -> f64 {
    body_height(spec) - style::HEADING * spec.page.text_size.value
}

/// A running head that names the section names the chapter on every page: then only the
/// first page of a chapter sets its heading.
fn running_head_names_section(spec: &Spec) -> bool {
    spec.page.header.value.contains("{section}")
}

/// The room of the walkthrough pages: the first of a run under the chapter's heading, the
/// rest under it too unless the running head names the chapter.
pub fn walk_rooms(spec: &Spec) -> walk::Rooms {
    let first = walk_room(spec);
    walk::Rooms {
        first,
        rest: if running_head_names_section(spec) {
            body_height(spec)
        } else {
            first
        },
    }
}

/// Decides every page's role with the walkthroughs sized in `walks` (by puzzle; empty when
/// none are made yet), the techniques chapter's entries sized in `chapter`, and the
/// legend of the coordinates that opens the walkthroughs (`legend`, wrapped lines), and
/// by section the rows of its puzzle grid its technique page's entry takes (`openers`;
/// without, the entry takes the whole page).
pub fn paginate_with(
    spec: &Spec,
    walks: &[Option<WalkLayout>],
    chapter: &[techniques::Entry],
    legend: &[String],
    openers: &[usize],
) -> Pagination {
    let language = spec.language;
    let answers_title = spec
        .answers
        .title
        .clone()
        .unwrap_or_else(|| words::answers(language).to_string());
    let mut firsts = Vec::with_capacity(spec.sections.len());
    let mut total = 0;
    for section in &spec.sections {
        firsts.push(total);
        total += section.count.value;
    }
    let mut roles = Vec::new();
    let mut labels: Vec<(String, usize)> = Vec::new();
    if spec.front.title_page {
        roles.push(Role::Title);
    }
    if spec.imprint.is_some() {
        roles.push(Role::Imprint);
    }
    // The contents come next; their length depends only on the number of entries.
    // With a masthead, the rules are in it.
    let rules = if spec.front.instructions && spec.front.masthead.is_none() {
        rules_pages(spec)
    } else {
        Vec::new()
    };
    let entry_count = if spec.front.contents {
        let instructions = rules.len();
        let answer_entries = match spec.answers.placement {
            AnswerPlacement::End => 1,
            AnswerPlacement::AfterSection => spec.sections.len(),
            AnswerPlacement::None => 0,
        };
        let walk_entries = match spec.answers.placement {
            AnswerPlacement::AfterSection => spec
                .sections
                .iter()
                .filter(|section| section.walkthroughs != Walkthroughs::None)
                .count(),
            _ => usize::from(spec.has_walkthroughs()),
        };
        let hint_entries = match spec.answers.placement {
            AnswerPlacement::AfterSection => {
                spec.sections.iter().filter(|section| section.hints).count()
            }
            _ => usize::from(spec.has_hints()),
        };
        let technique_entries = usize::from(spec.front.techniques.is_some());
        let section_entries = spec
            .sections
            .iter()
            .filter(|section| section.contents.is_some())
            .count();
        instructions
            + technique_entries
            + section_entries
            + answer_entries
            + walk_entries
            + hint_entries
    } else {
        0
    };
    let contents_at = roles.len();
    let capacity = contents_capacity(spec);
    let contents_pages = entry_count.div_ceil(capacity);
    for page in 0..contents_pages {
        let first = page * capacity;
        roles.push(Role::Contents {
            first,
            count: capacity.min(entry_count - first),
        });
    }
    for (index, page) in rules.iter().enumerate() {
        labels.push((page.heading.clone(), roles.len() + 1));
        roles.push(Role::Rules(index));
    }
    let mut technique_pages = Vec::new();
    if spec.front.techniques.is_some() {
        labels.push((words::techniques(language).to_string(), roles.len() + 1));
        for page in techniques::flow(chapter, walk_room(spec)) {
            roles.push(Role::Techniques(technique_pages.len()));
            technique_pages.push(page);
        }
    }
    let mut questions = vec![(0, 0); total];
    let mut answers = vec![None; total];
    let mut walk_pages: Vec<WalkPage> = Vec::new();
    let mut walkthroughs: Vec<Vec<usize>> = vec![Vec::new(); total];
    let rooms = walk_rooms(spec);
    let mut legend_height = walk::legend_height(spec, legend.len());
    let mut push_walkthroughs = |roles: &mut Vec<Role>,
                                 labels: &mut Vec<(String, usize)>,
                                 label: String,
                                 puzzles: Vec<usize>| {
        labels.push((label, roles.len() + 1));
        let pages = flow(spec, walks, &puzzles, rooms, legend_height);
        if !pages.is_empty() {
            legend_height = 0.0;
        }
        for page in pages {
            for block in &page.blocks {
                walkthroughs[block.puzzle].push(roles.len() + 1);
            }
            roles.push(Role::Walkthroughs(walk_pages.len()));
            walk_pages.push(page);
        }
    };
    let mut hint_list: Vec<usize> = Vec::new();
    let mut hints: Vec<Option<usize>> = vec![None; total];
    let section_of_puzzle = sections_of(spec);
    let mut push_hints = |roles: &mut Vec<Role>,
                          labels: &mut Vec<(String, usize)>,
                          label: String,
                          puzzles: Vec<usize>| {
        labels.push((label, roles.len() + 1));
        // Plain hints first, then each rung of the ladders on pages of its own.
        let (ladder, plain): (Vec<usize>, Vec<usize>) = puzzles
            .into_iter()
            .partition(|&puzzle| spec.sections[section_of_puzzle[puzzle]].hint_ladder);
        let runs = std::iter::once((0, &plain))
            .chain((1..=3).map(|rung| (rung, &ladder)))
            .filter(|(_, puzzles)| !puzzles.is_empty());
        for (rung, puzzles) in runs {
            for chunk in puzzles.chunks(hint_capacity(spec, rung)) {
                roles.push(Role::Hints {
                    first: hint_list.len(),
                    count: chunk.len(),
                    rung,
                });
                for &puzzle in chunk {
                    if rung <= 1 {
                        hints[puzzle] = Some(roles.len());
                    }
                }
                hint_list.extend_from_slice(chunk);
            }
        }
    };
    let hinted = |section: usize| -> Vec<usize> {
        if spec.sections[section].hints {
            (0..spec.sections[section].count.value)
                .map(|index| firsts[section] + index)
                .collect()
        } else {
            Vec::new()
        }
    };
    let wanted = |section: usize| -> Vec<usize> {
        let spec_section = &spec.sections[section];
        (0..spec_section.count.value)
            .filter(|&index| spec_section.walkthroughs.includes(index))
            .map(|index| firsts[section] + index)
            .collect()
    };
    let mut masthead = None;
    // Answers run on from section to section while their grid stays the same; a section
    // with its own `answers_per_page` starts a page and has its pages to itself.
    let push_answers = |roles: &mut Vec<Role>,
                        answers: &mut Vec<Option<(usize, usize)>>,
                        section: Option<usize>,
                        first: usize,
                        count: usize| {
        let sections: Vec<usize> = match section {
            Some(section) => vec![section],
            None => (0..spec.sections.len()).collect(),
        };
        let runs = sections
            .chunk_by(|&a, &b| spec.answers_per_page(a).value == spec.answers_per_page(b).value);
        let mut done = 0;
        for run in runs {
            let in_run: usize = run
                .iter()
                .map(|&section| spec.sections[section].count.value)
                .sum();
            let in_run = in_run.min(count - done);
            let capacity = spec.answers_per_page(run[0]).value.count();
            for on_page in answer_pages(in_run, capacity) {
                roles.push(Role::Answers {
                    section,
                    first: first + done,
                    count: on_page,
                });
                for slot in 0..on_page {
                    answers[first + done + slot] = Some((roles.len(), slot));
                }
                done += on_page;
            }
        }
    };
    for (index, section) in spec.sections.iter().enumerate() {
        // A calendar's days run on from page to page; only a month's first has an entry.
        if let Some(label) = &section.contents {
            // The next page is roles.len() + 1: an even number is a left-hand page.
            if spec.page.sections_on_right && roles.len() % 2 == 1 {
                roles.push(Role::Blank);
            }
            labels.push((label.clone(), roles.len() + 1));
        }
        let capacity = section.per_page.value.count();
        let first = firsts[index];
        let count = section.count.value;
        let mut done = 0;
        if section.technique_page.is_some() {
            // The section's first puzzles share the entry's page, in the grid rows below it
            // (where they stand on the section's other pages); the masthead, when it is
            // still to come, opens the next page whole.
            let grid_rows = section.per_page.value.rows;
            let rows = openers.get(index).copied().unwrap_or(grid_rows);
            let on_page = if spec.front.masthead.is_some() && masthead.is_none() {
                0
            } else {
                ((grid_rows - rows.min(grid_rows)) * section.per_page.value.columns).min(count)
            };
            roles.push(Role::SectionTechnique {
                section: index,
                first,
                count: on_page,
                rows,
            });
            for slot in 0..on_page {
                questions[first + slot] = (roles.len(), slot);
            }
            done = on_page;
        }
        while done < count {
            let mut room = capacity;
            if spec.front.masthead.is_some() && masthead.is_none() {
                let rows = masthead::rows_taken(section.per_page.value.rows);
                masthead = Some(MastheadPlace {
                    page: roles.len() + 1,
                    rows,
                });
                room -= rows * section.per_page.value.columns;
            }
            let on_page = room.min(count - done);
            roles.push(Role::Questions {
                section: index,
                first: first + done,
                count: on_page,
            });
            for slot in 0..on_page {
                questions[first + done + slot] = (roles.len(), slot);
            }
            done += on_page;
        }
        if spec.answers.placement == AnswerPlacement::AfterSection && section.hints {
            push_hints(
                &mut roles,
                &mut labels,
                words::hints_to(language, &section.title.value),
                hinted(index),
            );
        }
        if spec.answers.placement == AnswerPlacement::AfterSection {
            labels.push((
                words::answers_to(language, &section.title.value),
                roles.len() + 1,
            ));
            push_answers(&mut roles, &mut answers, Some(index), first, count);
            if section.walkthroughs != Walkthroughs::None {
                push_walkthroughs(
                    &mut roles,
                    &mut labels,
                    words::walkthroughs_to(language, &section.title.value),
                    wanted(index),
                );
            }
        }
    }
    if spec.answers.placement != AnswerPlacement::AfterSection && spec.has_hints() {
        let puzzles = (0..spec.sections.len()).flat_map(hinted).collect();
        push_hints(
            &mut roles,
            &mut labels,
            words::hints(language).to_string(),
            puzzles,
        );
    }
    if spec.answers.placement == AnswerPlacement::End {
        labels.push((answers_title, roles.len() + 1));
        push_answers(&mut roles, &mut answers, None, 0, total);
    }
    if spec.answers.placement != AnswerPlacement::AfterSection && spec.has_walkthroughs() {
        let puzzles = (0..spec.sections.len()).flat_map(wanted).collect();
        push_walkthroughs(
            &mut roles,
            &mut labels,
            words::walkthroughs(language).to_string(),
            puzzles,
        );
    }
    if spec.page.even_page_count && roles.len() % 2 == 1 {
        roles.push(Role::Blank);
    }
    let entries = if spec.front.contents {
        labels
            .into_iter()
            .map(|(label, page)| Entry { label, page })
            .collect()
    } else {
        Vec::new()
    };
    debug_assert_eq!(entries.len(), entry_count);
    let _ = contents_at;
    let mut walk_layouts = walks.to_vec();
    walk_layouts.resize(total, None);
    Pagination {
        roles,
        questions,
        answers,
        entries,
        rules,
        walk_pages,
        walkthroughs,
        walk_layouts,
        hint_list,
        hints,
        technique_entries: chapter.to_vec(),
        technique_pages,
        walk_legend: legend.to_vec(),
        masthead,
    }
}

/// The arrangement of a rules page's examples in `room` (columns across, each column's
/// width, each example's cell) whose most cramped example is the least so, each as large as
/// its column allows up to 2.4 × the text size a cell (or 1.3 × its smallest readable cell,
/// if larger); `None` when some example cannot be drawn readably. `captions` gives the
/// height of the tallest caption in a column of some width.
fn arrange_examples(
    examples: &[&RulesExample],
    room: Rect,
    gap: f64,
    captions: impl Fn(f64) -> f64,
    text: f64,
) -> Option<(usize, f64, Vec<f64>)> {
    let mut best: Option<(f64, usize, f64, Vec<f64>)> = None;
    for columns in 1..=examples.len() {
        let rows = examples.len().div_ceil(columns);
        let width = (room.width - (columns - 1) as f64 * gap) / columns as f64;
        let height = (room.height - rows as f64 * gap) / rows as f64 - captions(width);
        let cells: Vec<f64> = examples
            .iter()
            .map(|example| {
                (width / example.extent.0)
                    .min(height / example.extent.1)
                    .min((text * 2.4).max(example.min_cell * 1.3))
            })
            .collect();
        let score = cells
            .iter()
            .zip(examples)
            .map(|(cell, example)| cell / example.min_cell)
            .fold(f64::INFINITY, f64::min);
        if best.as_ref().is_none_or(|(known, ..)| score > *known) {
            best = Some((score, columns, width, cells));
        }
    }
    best.filter(|(score, ..)| *score >= 1.0)
        .map(|(_, columns, width, cells)| (columns, width, cells))
}

/// A hint's slot on a hint page: two lines of text and a gap, as multiples of the text size.
const HINT_SLOT: f64 = 2.0 * 1.35 + 0.7;
/// The third rung of a ladder, the step itself, has up to this many lines.
const STEP_HINT_LINES: usize = 6;

/// The slot of a hint of `rung` (0 for a plain hint), as a multiple of the text size.
fn hint_slot(rung: u8) -> f64 {
    if rung == 3 {
        STEP_HINT_LINES as f64 * 1.35 + 0.7
    } else {
        HINT_SLOT
    }
}

/// How many hints of `rung` fit on a page.
fn hint_capacity(spec: &Spec, rung: u8) -> usize {
    ((walk_room(spec) / (hint_slot(rung) * spec.page.text_size.value)).floor() as usize).max(1)
}

/// Makes the pagination and geometry of a book whose puzzles (and walkthroughs, by puzzle)
/// are made: the walkthroughs are sized and flowed onto pages. Their page count can raise
/// the gutter, which narrows the text and can add pages, so this repeats until the page
/// count holds (the gutter only grows with the page count, so it settles in a few rounds).
/// Without walkthroughs this is [`paginate`] and [`Geometry::new`].
pub fn settle(
    spec: &Spec,
    fonts: &FontSet,
    puzzles: &[Puzzle],
    teaching: &Teaching,
) -> Result<(Pagination, Geometry)> {
    let walks = &teaching.walkthroughs[..];
    let mut pagination = paginate(spec);
    let mut geometry = Geometry::new(spec, &pagination, fonts)?;
    let opens_sections = spec
        .sections
        .iter()
        .any(|section| section.technique_page.is_some());
    if walks.iter().all(Option::is_none) && teaching.techniques.is_empty() && !opens_sections {
        return Ok((pagination, geometry));
    }
    let section_of = sections_of(spec);
    let extents: Vec<(f64, f64)> = puzzles
        .iter()
        .zip(&section_of)
        .map(|(puzzle, &section)| {
            let options = spec.sections[section].options.as_ref();
            let layout = puzzle.kind().layout;
            let frame = layout.frame(options);
            let band = layout.coordinate_band();
            (frame.columns + band, frame.rows + band)
        })
        .collect();
    // The legend of the coordinates, when some walkthrough names them.
    let legend_text = walks
        .iter()
        .flatten()
        .find_map(|walk| walk.coordinates)
        .map(|coordinates| words::coordinates_legend(spec.language, coordinates));
    let cells: Vec<f64> = section_of
        .iter()
        .map(|&section| geometry.walk_cells[section])
        .collect();
    // The walkthroughs and the chapter's entries as laid out for a body width (none yet):
    // a round that only moves pages, the width the same, paginates them again as they are.
    let mut laid_for = f64::NAN;
    let mut layouts = Vec::new();
    let mut entries = Vec::new();
    for _ in 0..16 {
        if laid_for != geometry.body_width() {
            layouts = lay_out(
                spec,
                fonts,
                geometry.body_width(),
                walks,
                &cells,
                &extents,
                walk_rooms(spec),
            );
            check_panels_fit(spec, &layouts, &section_of)?;
            entries = techniques::lay_out(
                spec,
                fonts,
                geometry.body_width(),
                &teaching.techniques,
                &cells,
                &extents,
            );
            techniques::check_fit(&entries, &teaching.techniques, walk_room(spec))?;
            laid_for = geometry.body_width();
        }
        let legend: Vec<String> = legend_text.as_ref().map_or_else(Vec::new, |legend| {
            wrap(
                fonts.metrics(fonts.text),
                legend,
                spec.page.text_size.value * walk::style::TEXT,
                geometry.body_width(),
            )
        });
        let openers: Vec<usize> = spec
            .sections
            .iter()
            .enumerate()
            .map(|(index, section)| {
                if section.technique_page.is_some() {
                    let height = opener_height(
                        spec,
                        fonts,
                        geometry.body_width(),
                        section,
                        &teaching.techniques,
                        &entries,
                    );
                    geometry.opener_rows(spec, index, height)
                } else {
                    section.per_page.value.rows
                }
            })
            .collect();
        pagination = paginate_with(spec, &layouts, &entries, &legend, &openers);
        let next = Geometry::new(spec, &pagination, fonts)?;
        if next == geometry {
            break;
        }
        geometry = next;
    }
    Ok((pagination, geometry))
}

/// Where a technique page's entry starts below the top of the body: under the section's
/// heading band.
fn opener_top(spec: &Spec, geometry: &Geometry, section: usize) -> f64 {
    (style::HEADING * spec.page.text_size.value).max(geometry.headings[section])
}

/// The techniques chapter's entry a technique page shows: the first (easiest) of the
/// techniques the section teaches that the chapter has an example of.
fn opener_entry(
    section: &SectionSpec,
    language: Language,
    examples: &[TechniqueExample],
) -> Option<usize> {
    let taught = section.options.taught_topics(language);
    examples
        .iter()
        .position(|example| taught.iter().any(|topic| topic.name == example.topic.name))
}

/// The height of a technique page's entry: the chapter's entry, or (for techniques the
/// chapter has no example of) the list [`TopicList::set`] makes in a body `width` points wide.
fn opener_height(
    spec: &Spec,
    fonts: &FontSet,
    width: f64,
    section: &SectionSpec,
    examples: &[TechniqueExample],
    entries: &[techniques::Entry],
) -> f64 {
    if let Some(entry) =
        opener_entry(section, spec.language, examples).and_then(|index| entries.get(index))
    {
        return entry.height;
    }
    TopicList::set(spec, fonts, width, section).height
}

/// What a technique page lists for techniques the chapter has no example of (singles,
/// which walkthroughs tell in runs): each one's name and what it looks for, wrapped to the
/// body. One function measures and draws it, so the page's height and its drawing agree.
struct TopicList {
    /// Each technique's name and the lines of what it looks for.
    topics: Vec<(String, Vec<String>)>,
    height: f64,
}

impl TopicList {
    fn set(spec: &Spec, fonts: &FontSet, width: f64, section: &SectionSpec) -> TopicList {
        let text = spec.page.text_size.value;
        let size = text * walk::style::TEXT;
        let metrics = fonts.metrics(fonts.text);
        let topics: Vec<(String, Vec<String>)> = section
            .options
            .taught_topics(spec.language)
            .into_iter()
            .map(|topic| {
                let lines = wrap(metrics, &topic.about, size, width);
                (topic.name, lines)
            })
            .collect();
        let height = topics
            .iter()
            .map(|(_, lines)| Self::topic_height(text, lines.len()))
            .sum();
        TopicList { topics, height }
    }

    /// One topic's height: its name's band, then its lines and the gap after them.
    fn topic_height(text: f64, lines: usize) -> f64 {
        let size = text * walk::style::TEXT;
        walk::style::HEADER * text
            + size
            + lines as f64 * size * walk::style::LEADING
            + walk::style::STEP_GAP * text
    }
}

/// Refuses a walkthrough panel (a step and its figure) taller than a page: panels are
/// never split, so it could only overflow.
pub fn check_panels_fit(
    spec: &Spec,
    layouts: &[Option<WalkLayout>],
    section_of: &[usize],
) -> Result<()> {
    let room = walk_room(spec) - walk::style::HEADER * spec.page.text_size.value;
    for (puzzle, layout) in layouts.iter().enumerate() {
        let Some(layout) = layout else { continue };
        if let Some(panel) = layout.panels.iter().find(|panel| panel.height > room) {
            let section = &spec.sections[section_of[puzzle]];
            return Err(spec
                .error(
                    section.at,
                    format!(
                        "step {} of puzzle {}'s walkthrough is {:.0} pt tall; a page has room for {:.0} pt",
                        panel.steps.start + 1,
                        puzzle + 1,
                        panel.height,
                        room.max(0.0)
                    ),
                )
                .with_hint("use a larger page or a smaller text size, or set walkthroughs = \"none\""));
        }
    }
    Ok(())
}

/// The section of each puzzle, in book order.
fn sections_of(spec: &Spec) -> Vec<usize> {
    spec.sections
        .iter()
        .enumerate()
        .flat_map(|(index, section)| std::iter::repeat_n(index, section.count.value))
        .collect()
}

/// The rules pages of every kind in the book, each kind asked about its own sections.
pub fn rules_pages(spec: &Spec) -> Vec<RulesPage> {
    let mut pages = Vec::new();
    for kind in spec.kinds() {
        let sections: Vec<&dyn SectionKind> = spec
            .sections
            .iter()
            .filter(|section| section.kind == kind)
            .map(|section| section.options.as_ref())
            .collect();
        pages.extend(kind.layout.rules(&sections, spec.language));
    }
    pages
}

/// What the masthead of `spec` says: its rules are the rules pages it has instead.
fn masthead_of(spec: &Spec) -> Masthead {
    let rules = if spec.front.instructions {
        rules_pages(spec)
    } else {
        Vec::new()
    };
    Masthead::of(spec, &rules)
}

/// How many contents lines fit on a page.
fn contents_capacity(spec: &Spec) -> usize {
    let text = spec.page.text_size.value;
    let room = body_height(spec) - style::CONTENTS_HEADING * text;
    ((room / (style::CONTENTS_LINE * text)).floor() as usize).max(1)
}

/// The page frame and the cell sizes, checked readable.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub width: f64,
    pub height: f64,
    /// The bleed, on the edges the printer wants it on.
    pub bleed: f64,
    pub printer: Printer,
    pub margins: Margins,
    /// `Some((asked, used))` when the inner margin was raised to the print-on-demand minimum.
    pub gutter_raised: Option<(f64, f64)>,
    /// The other margins raised to the printer's safe zone: (which, asked, used).
    pub raised: Vec<(&'static str, f64, f64)>,
    pub page_count: usize,
    /// Per section: the cell size of its figures on question pages, and on answer pages.
    pub sections: Vec<(f64, f64)>,
    /// Per section: the height of its question pages' heading band (a long title wraps).
    pub headings: Vec<f64>,
    /// The height of the answer pages' heading band.
    pub answer_heading: f64,
    /// Per section: the cell size of its walkthrough figures (0 without walkthroughs).
    pub walk_cells: Vec<f64>,
    /// Per section: where its question pages put a figure's caption and note.
    pub captions: Vec<Captions>,
}

/// A cell of a page's puzzle grid: the figure area and the caption/note bands around it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cell {
    rect: Rect,
}

impl Geometry {
    /// Sizes the pages for `pagination`, or explains (at the spec's place) why they cannot be.
    pub fn new(spec: &Spec, pagination: &Pagination, fonts: &FontSet) -> Result<Geometry> {
        let page = &spec.page;
        let size = page.size.value;
        let mut margins = page.margins.value;
        let page_count = pagination.page_count();
        let profile = page.printer.value.profile();
        let mut gutter_raised = None;
        if page.min_gutter {
            let minimum = profile.gutter_for(page_count);
            if margins.inner < minimum {
                gutter_raised = Some((margins.inner, minimum));
                margins.inner = minimum;
            }
        }
        // Content stays inside the printer's safe zone; without mirrored margins the outer
        // margin is at the binding edge of left-hand pages, so it is a gutter too.
        let safe = profile.safe_margin(page.bleed.value > 0.0);
        let outer_least = if page.mirror_margins {
            safe
        } else {
            safe.max(profile.min_gutter(page_count).unwrap_or(0.0))
        };
        let mut raised = Vec::new();
        for (which, margin, least) in [
            ("top", &mut margins.top, safe),
            ("bottom", &mut margins.bottom, safe),
            ("outer", &mut margins.outer, outer_least),
        ] {
            if *margin < least - 0.005 {
                raised.push((which, *margin, least));
                *margin = least;
            }
        }
        let across = margins.inner + margins.outer;
        let down = margins.top + margins.bottom;
        if across >= size.width * 0.8 || down >= size.height * 0.8 {
            let what = if across >= size.width * 0.8 {
                format!(
                    "the inner and outer margins ({:.1} pt together) leave almost nothing of the {:.1} pt page width",
                    across, size.width
                )
            } else {
                format!(
                    "the top and bottom margins ({:.1} pt together) leave almost nothing of the {:.1} pt page height",
                    down, size.height
                )
            };
            return Err(spec
                .error(page.margins.at, what)
                .with_hint("margins must leave at least a fifth of the page for content"));
        }
        let text_width = size.width - margins.inner - margins.outer - 2.0 * INK_ROOM;
        let band = |title: &str| heading_band(spec, fonts, title, text_width);
        // Answer pages after a section name it: the band fits the longest of those headings.
        let answer_heading = match spec.answers.placement {
            AnswerPlacement::AfterSection => (0..spec.sections.len())
                .map(|section| band(&answers_heading(spec, Some(section))))
                .fold(0.0, f64::max),
            _ => band(&answers_heading(spec, None)),
        };
        let mut geometry = Geometry {
            width: size.width,
            height: size.height,
            bleed: page.bleed.value,
            printer: page.printer.value,
            margins,
            gutter_raised,
            raised,
            page_count,
            sections: Vec::with_capacity(spec.sections.len()),
            headings: spec
                .sections
                .iter()
                .map(|section| band(&section.title.value))
                .collect(),
            answer_heading,
            walk_cells: Vec::with_capacity(spec.sections.len()),
            captions: Vec::with_capacity(spec.sections.len()),
        };
        let text = page.text_size.value;
        let one_line_heading = band("");
        let mut fitted_answers = Vec::with_capacity(spec.sections.len());
        let mut least_answers = Vec::with_capacity(spec.sections.len());
        for (index, section) in spec.sections.iter().enumerate() {
            let frame = section.kind.layout.frame(section.options.as_ref());
            // The coordinates' margin: beside every walkthrough figure, and beside the
            // puzzles a hint or walkthrough refers to.
            let band = section.kind.layout.coordinate_band();
            let labelled = with_coordinates(frame, band);
            let question_frame = if section.is_referred_to() {
                labelled
            } else {
                frame
            };
            // What the spec says of the section's figures: its puzzles' size, else (after
            // the page's settings) the section itself, whose kind or variant needs the room.
            let blame = (section.options.size_at(), section.at);
            let heading = geometry.headings[index];
            let limits = Limits {
                text,
                max_figure: section
                    .max_figure
                    .as_ref()
                    .or(page.max_figure.as_ref())
                    .map(|cap| cap.value),
            };
            let room = caption_room(spec, fonts, section, page_count);
            let fit_for = |per_page: PerPage| {
                geometry.fit(spec, per_page, &question_frame, heading, room, limits)
            };
            let question = fit_for(section.per_page.value);
            let digits = page
                .min_digit_size
                .as_ref()
                .map(|least| (least.value, frame.digit_scale));
            let with_short_title = geometry
                .fit(
                    spec,
                    section.per_page.value,
                    &question_frame,
                    one_line_heading,
                    room,
                    limits,
                )
                .cell;
            if question.cell < frame.min_cell && with_short_title >= frame.min_cell {
                let lines = heading_lines(spec, fonts, &section.title.value, text_width).len();
                return Err(spec
                    .error(
                        section.title.at,
                        format!(
                            "this section's title takes {lines} lines at the top of its pages, which leaves {} cells of {:.1} pt; the smallest readable is {:.0} pt",
                            frame.cells_are,
                            question.cell.max(0.0),
                            frame.min_cell
                        ),
                    )
                    .with_hint("shorten the title to a line or two"));
            }
            check_readable(
                spec,
                &section.per_page,
                blame,
                &question_frame,
                frame.min_cell,
                digits,
                |per_page| fit_for(per_page).cell,
                "",
            )?;
            // Answers: captions above, no cap (they are never larger than their puzzles).
            let answer_limits = Limits {
                text,
                max_figure: None,
            };
            let answer_for = |per_page: PerPage| {
                geometry.cell_size(spec, per_page, &frame, answer_heading, answer_limits)
            };
            let answers_per_page = spec.answers_per_page(index);
            let answer = answer_for(answers_per_page.value);
            let answer_digits = spec
                .answers
                .min_digit_size
                .as_ref()
                .map(|least| (least.value, frame.digit_scale));
            if spec.answers.placement != AnswerPlacement::None {
                check_readable(
                    spec,
                    answers_per_page,
                    blame,
                    &frame,
                    frame.min_answer_cell,
                    answer_digits,
                    answer_for,
                    "answer ",
                )?;
            }
            fitted_answers.push(answer);
            least_answers.push(least_cell(frame.min_answer_cell, answer_digits));
            geometry.captions.push(question.captions);
            geometry.sections.push((question.cell, answer));
            let teaches = section.walkthroughs != Walkthroughs::None
                || (spec.front.techniques.is_some() && section.can_walk());
            let walk_cell = if !teaches {
                0.0
            } else {
                geometry.walk_cell(spec, &labelled, section)?
            };
            geometry.walk_cells.push(walk_cell);
        }
        let answers = geometry.answer_cells(spec, &fitted_answers, &least_answers);
        for (cells, answer) in geometry.sections.iter_mut().zip(answers) {
            cells.1 = answer;
        }
        if let (Some(place), Some(masthead)) = (pagination.masthead, spec.front.masthead) {
            let area = geometry.masthead_area(spec, place);
            if let Err(tallest) =
                masthead::set(spec, fonts, &masthead_of(spec), area.width, area.height)
            {
                let rows = if place.rows == 1 {
                    "row".to_string()
                } else {
                    format!("{} rows", place.rows)
                };
                // Blame what the spec itself says: the key, else the title.
                let spec_source = crate::book::source::SourceId(0);
                let at = [masthead, spec.title.at]
                    .into_iter()
                    .find(|span| span.source == spec_source)
                    .unwrap_or(spec.sections[0].at);
                return Err(spec
                    .error(
                        at,
                        format!(
                            "the masthead (title, byline and rules) needs {:.0} pt; the top {rows} of the first puzzle page leave {:.0} pt",
                            tallest.height,
                            area.height.max(0.0)
                        ),
                    )
                    .with_hint("shorten the title, give the first section more rows a page, or set instructions = false"));
            }
        }
        Ok(geometry)
    }

    /// Where the masthead goes on its page: across the content box from its top (the page
    /// has no running head) down to the heading of the puzzles below it.
    fn masthead_area(&self, spec: &Spec, place: MastheadPlace) -> Rect {
        let content = self.content(spec, place.page);
        let per_page = spec.sections[0].per_page.value;
        let heading = self.headings[0];
        let cells = self.cells(spec, place.page, per_page, heading);
        let below = cells[place.rows * per_page.columns].rect.y
            - heading
            - style::MASTHEAD_GAP * spec.page.text_size.value;
        Rect::new(content.x, content.y, content.width, below - content.y)
    }

    /// The bleed beyond each edge of page `number` (from 1).
    pub fn page_bleed(&self, number: usize) -> Bleed {
        if self.bleed == 0.0 {
            return Bleed::NONE;
        }
        self.printer.profile().page_bleed(self.bleed, number)
    }

    /// One scale per kind within each answer key, never larger than the puzzles (see
    /// [`slot::answer_cells`]).
    fn answer_cells(&self, spec: &Spec, fitted: &[f64], least: &[f64]) -> Vec<f64> {
        let all: Vec<usize> = (0..spec.sections.len()).collect();
        let kind_of = |section: usize| spec.sections[section].kind.name;
        let runs: Vec<slot::AnswerRun<'_>> = match spec.answers.placement {
            AnswerPlacement::End => vec![slot::AnswerRun {
                sections: &all,
                kind_of: &kind_of,
            }],
            AnswerPlacement::AfterSection => all
                .chunks(1)
                .map(|one| slot::AnswerRun {
                    sections: one,
                    kind_of: &kind_of,
                })
                .collect(),
            AnswerPlacement::None => Vec::new(),
        };
        let questions: Vec<f64> = self.sections.iter().map(|cells| cells.0).collect();
        slot::answer_cells(&runs, fitted, &questions, least)
    }

    /// The width of a page's body.
    pub fn body_width(&self) -> f64 {
        self.width - self.margins.inner - self.margins.outer - 2.0 * INK_ROOM
    }

    /// The cell of a section's walkthrough figures: the figure (its coordinates' margin
    /// included) takes at most 47% of the body's width (the steps' text needs the rest)
    /// and 40% of its height, nearly three fit on a page, and it must stay readable (the
    /// kind's `Frame::min_walk_cell`, or its `min_walk_cell_in_text` of the text size).
    fn walk_cell(&self, spec: &Spec, frame: &Frame, section: &SectionSpec) -> Result<f64> {
        let room =
            body_height_with(spec, self.margins) - style::HEADING * spec.page.text_size.value;
        // Nearly three panels (a figure and its gap each) fit under a walkthrough's
        // heading: with steps told in words between them, no more are needed.
        let text = spec.page.text_size.value;
        let panel = (room - walk::style::HEADER * text) / 2.8 - walk::style::PANEL_GAP * text;
        let fit = |least: f64| {
            let beside = (self.body_width() * 0.47 / frame.columns)
                .min(room * 0.4 / frame.rows)
                .min(panel / frame.rows)
                .min(frame.max_cell_in_text * text * 0.8)
                .min(least * 1.05);
            // A grid too big to be readable beside its steps (12×12, 16×16) takes the
            // body's width with its steps below, as large as readable marks need and no
            // larger.
            let below = (self.body_width() / frame.columns)
                .min((room - walk::style::HEADER * text) * 0.8 / frame.rows)
                .min(least);
            if beside < least && below >= least {
                below
            } else {
                beside
            }
        };
        // In large type the figure keeps in proportion to the words where the page has
        // room for it; where it has not, it keeps to the smallest readable cell.
        let in_proportion = frame.min_walk_cell.max(frame.min_walk_cell_in_text * text);
        let least = frame.min_walk_cell;
        let cell = Some(fit(in_proportion))
            .filter(|&cell| cell >= in_proportion)
            .unwrap_or_else(|| fit(least));
        if cell < least {
            return Err(spec
                .error(
                    section.at,
                    format!(
                        "walkthrough figures would have {} cells of {:.1} pt; the smallest readable is {:.1} pt",
                        frame.cells_are, cell.max(0.0), least
                    ),
                )
                .with_hint(if section.walkthroughs == Walkthroughs::None {
                    "the techniques chapter draws them: use a larger page, or remove `techniques`"
                } else {
                    "use a larger page or smaller puzzles, or set walkthroughs = \"none\""
                }));
        }
        Ok(cell)
    }

    /// The content box of page `number` (from 1): inner margin at the binding side.
    fn content(&self, spec: &Spec, number: usize) -> Rect {
        let m = self.margins;
        let left = if spec.page.mirror_margins && number.is_multiple_of(2) {
            m.outer
        } else {
            m.inner
        };
        Rect::new(
            left + INK_ROOM,
            m.top,
            self.body_width(),
            self.height - m.top - m.bottom,
        )
    }

    /// The body of a page: the content box less running head and foot.
    pub fn body(&self, spec: &Spec, number: usize) -> Rect {
        let content = self.content(spec, number);
        let text = spec.page.text_size.value;
        let head = if spec.page.header.value.is_empty() {
            0.0
        } else {
            style::BAND * text
        };
        let foot = if spec.page.footer.value.is_empty() {
            0.0
        } else {
            style::BAND * text
        };
        Rect::new(
            content.x,
            content.y + head,
            content.width,
            content.height - head - foot,
        )
    }

    /// The cell size of a figure in `frame` with `per_page` puzzles on a page under a
    /// heading band `heading` high, captions above and below it.
    fn cell_size(
        &self,
        spec: &Spec,
        per_page: PerPage,
        frame: &Frame,
        heading: f64,
        limits: Limits,
    ) -> f64 {
        let (width, height) = self.slot_size(spec, per_page, heading);
        let bands = (style::CAPTION + style::NOTE) * spec.page.text_size.value;
        slot::cell_in(frame, width, (height - bands).max(0.0), limits)
    }

    /// The cell of a question figure and where its captions go (beside it when that makes
    /// it larger).
    fn fit(
        &self,
        spec: &Spec,
        per_page: PerPage,
        frame: &Frame,
        heading: f64,
        room: CaptionRoom,
        limits: Limits,
    ) -> Fit {
        let (width, height) = self.slot_size(spec, per_page, heading);
        slot::fit(frame, width, height, room, limits)
    }

    /// The size (width, height) of a slot for `per_page` on a question/answer page.
    fn slot_size(&self, spec: &Spec, per_page: PerPage, heading: f64) -> (f64, f64) {
        let text = spec.page.text_size.value;
        let body_width = self.body_width();
        let body_height = body_height_with(spec, self.margins) - heading;
        let cell_width = (body_width - (per_page.columns - 1) as f64 * style::GAP_ACROSS * text)
            / per_page.columns as f64;
        let cell_height = (body_height - (per_page.rows - 1) as f64 * style::GAP_DOWN * text)
            / per_page.rows as f64;
        (cell_width.max(0.0), cell_height.max(0.0))
    }

    /// How many rows of section `section`'s puzzle grid its technique page's entry,
    /// `height` points tall under the heading, takes: the rows starting above its foot.
    fn opener_rows(&self, spec: &Spec, section: usize, height: f64) -> usize {
        let per_page = spec.sections[section].per_page.value;
        let heading = self.headings[section];
        let (_, cell_height) = self.slot_size(spec, per_page, heading);
        let pitch = cell_height + style::GAP_DOWN * spec.page.text_size.value;
        let foot = opener_top(spec, self, section) + height;
        (0..per_page.rows)
            .find(|&row| heading + row as f64 * pitch >= foot)
            .unwrap_or(per_page.rows)
    }

    /// The cells of a question or answer page, row by row.
    fn cells(&self, spec: &Spec, number: usize, per_page: PerPage, heading: f64) -> Vec<Cell> {
        let text = spec.page.text_size.value;
        let body = self.body(spec, number);
        let top = body.y + heading;
        let height = body.height - heading;
        let gap_across = style::GAP_ACROSS * text;
        let gap_down = style::GAP_DOWN * text;
        let width =
            (body.width - (per_page.columns - 1) as f64 * gap_across) / per_page.columns as f64;
        let cell_height = (height - (per_page.rows - 1) as f64 * gap_down) / per_page.rows as f64;
        let mut cells = Vec::with_capacity(per_page.count());
        for row in 0..per_page.rows {
            for column in 0..per_page.columns {
                cells.push(Cell {
                    rect: Rect::new(
                        body.x + column as f64 * (width + gap_across),
                        top + row as f64 * (cell_height + gap_down),
                        width,
                        cell_height,
                    ),
                });
            }
        }
        cells
    }
}

/// The room a section's captions take: above and below the figure, or in a column each
/// side of it (the widest of its number, tier word, stars and note, and a gap).
fn caption_room(spec: &Spec, fonts: &FontSet, section: &SectionSpec, pages: usize) -> CaptionRoom {
    let text = spec.page.text_size.value;
    let total: usize = spec.sections.iter().map(|s| s.count.value).sum();
    let number = fonts
        .metrics(fonts.bold)
        .width(&total.to_string(), text * style::NUMBER_SIZE);
    let metrics = fonts.metrics(fonts.text);
    let tiers = section.kind.layout.tier_words(spec.language);
    let task = section.options.drill_task(spec.language);
    let word = tiers
        .iter()
        .map(String::as_str)
        .chain(task.as_deref())
        .map(|word| metrics.width(word, text))
        .fold(0.0, f64::max);
    let stars_face = if metrics.has_char('★') {
        fonts.text
    } else {
        fonts.digits
    };
    let stars = fonts
        .metrics(stars_face)
        .width(&"★".repeat(words::star_scale(spec)), text);
    let note = metrics.width(
        &words::answer_on_page(spec.language, pages.max(1)),
        note_size(spec),
    );
    CaptionRoom {
        bands: (style::CAPTION + style::NOTE) * text,
        column: number.max(word).max(stars).max(note) + style::CAPTION_GAP * text,
        apart: style::NOTE * text,
    }
}

/// A size raised to the spec's smallest text size.
fn raised(spec: &Spec, size: f64) -> f64 {
    spec.page
        .min_text_size
        .as_ref()
        .map_or(size, |least| size.max(least.value))
}

/// The size of a figure's note (its cross-reference).
fn note_size(spec: &Spec) -> f64 {
    raised(spec, spec.page.text_size.value * style::NOTE_SIZE)
}

/// The smallest readable cell: the kind's, or larger when the spec asks for digits of at
/// least some size (`digits`: that size and the frame's digit scale).
fn least_cell(readable: f64, digits: Option<(f64, f64)>) -> f64 {
    digits.map_or(readable, |(size, scale)| readable.max(size / scale))
}

/// The lines of a page heading, wrapped to the text width.
fn heading_lines(spec: &Spec, fonts: &FontSet, title: &str, width: f64) -> Vec<String> {
    let size = spec.page.text_size.value * style::HEADING_SIZE;
    wrap(fonts.metrics(fonts.bold), title, size, width)
}

/// The height of the heading band over a page headed `title`: one line's band, plus a line
/// pitch for every line the title wraps onto.
/// How many answers each answer page of a run of `count` holds, `capacity` a page: full
/// pages, except that a last page would never hold a single answer alone when one can
/// move over from the page before (a full page of three or more then gives up one).
pub fn answer_pages(count: usize, capacity: usize) -> Vec<usize> {
    let capacity = capacity.max(1);
    let mut pages = vec![capacity; count / capacity];
    if !count.is_multiple_of(capacity) {
        pages.push(count % capacity);
    }
    if let [.., before, last] = pages.as_mut_slice()
        && *last == 1
        && *before >= 3
    {
        *before -= 1;
        *last += 1;
    }
    pages
}

/// The heading of answer pages: "Answers: Warm-up" on those of one section's puzzles
/// (answers after each section), else the answers title.
fn answers_heading(spec: &Spec, section: Option<usize>) -> String {
    let section = section.map(|section| spec.sections[section].title.value.as_str());
    match (&spec.answers.title, section) {
        (None, Some(section)) => words::answers_to(spec.language, section),
        (None, None) => words::answers(spec.language).to_string(),
        (Some(title), Some(section)) => words::titled_section(spec.language, title, section),
        (Some(title), None) => title.clone(),
    }
}

fn heading_band(spec: &Spec, fonts: &FontSet, title: &str, width: f64) -> f64 {
    let text = spec.page.text_size.value;
    let extra_lines = heading_lines(spec, fonts, title, width).len().max(1) - 1;
    style::HEADING * text + extra_lines as f64 * style::HEADING_SIZE * text * style::HEADING_LEADING
}

fn body_height_with(spec: &Spec, margins: Margins) -> f64 {
    let text = spec.page.text_size.value;
    let mut height = spec.page.size.value.height - margins.top - margins.bottom;
    if !spec.page.header.value.is_empty() {
        height -= style::BAND * text;
    }
    if !spec.page.footer.value.is_empty() {
        height -= style::BAND * text;
    }
    height
}

/// Refuses a figure cell below `minimum`, blaming the spec's own setting that makes it so.
/// `cell_for` gives the cell size for another number of puzzles per page, so the hint can
/// name the largest one that fits.
#[allow(clippy::too_many_arguments)]
fn check_readable(
    spec: &Spec,
    per_page: &Located<PerPage>,
    (sizes, section): (Option<Span>, Span),
    frame: &Frame,
    readable: f64,
    digits: Option<(f64, f64)>,
    cell_for: impl Fn(PerPage) -> f64,
    answer: &str,
) -> Result<()> {
    let minimum = least_cell(readable, digits);
    let size = cell_for(per_page.value);
    if size >= minimum {
        return Ok(());
    }
    let mm = |points: f64| points * 25.4 / 72.0;
    // A template's puzzles-per-page only fails because of the spec's own settings: point at
    // those (a section's puzzle sizes first, then the page).
    let spec_source = crate::book::source::SourceId(0);
    let at = [
        Some(per_page.at),
        sizes,
        Some(spec.page.size.at),
        Some(spec.page.margins.at),
        Some(spec.page.text_size.at),
        Some(spec.page.bleed.at),
        Some(section),
    ]
    .into_iter()
    .flatten()
    .find(|span| span.source == spec_source)
    .unwrap_or(per_page.at);
    let from_template = if per_page.at.source == spec_source {
        ""
    } else {
        " (the template's default)"
    };
    let message = match digits {
        // The spec's digit size asks for more than readability does.
        Some((least, scale)) if least / scale > readable => format!(
            "{}{from_template} per page leaves {} {answer}cells of {:.1} pt, with digits of {:.1} pt; the book asks for digits of {:.0} pt or more",
            per_page.value,
            frame.cells_are,
            size.max(0.0),
            size.max(0.0) * scale,
            least
        ),
        _ => format!(
            "{}{from_template} per page leaves {} {answer}cells of {:.1} pt ({:.1} mm); the smallest readable is {:.0} pt ({:.1} mm)",
            per_page.value,
            frame.cells_are,
            size.max(0.0),
            mm(size.max(0.0)),
            minimum,
            mm(minimum)
        ),
    };
    let error = spec.error(at, message);
    // The most puzzles per page that still fit, with no more columns or rows than asked.
    let fitting = (1..=per_page.value.columns)
        .flat_map(|columns| (1..=per_page.value.rows).map(move |rows| PerPage { columns, rows }))
        .filter(|&candidate| cell_for(candidate) >= minimum)
        .max_by(|a, b| {
            a.count()
                .cmp(&b.count())
                .then(cell_for(*a).total_cmp(&cell_for(*b)))
        });
    // Where the per_page to change goes: the section, for its questions or its own
    // answers, or the answers' table (or this section alone).
    let key = match (
        answer.is_empty(),
        per_page.at.source == spec_source && is_section_key(spec, per_page),
    ) {
        (true, _) => "per_page = \"{fewer}\" in this [[section]]",
        (false, true) => "answers_per_page = \"{fewer}\" in this [[section]]",
        (false, false) => {
            "per_page = \"{fewer}\" in [answers], or answers_per_page = \"{fewer}\" in this [[section]] for its answers alone"
        }
    };
    Err(match fitting {
        Some(fewer) => error.with_hint(format!(
            "put fewer puzzles on a page ({}), use a larger page, or narrow the margins",
            key.replace("{fewer}", &fewer.to_string())
        )),
        None => error.with_hint("use a larger page, narrower margins or a smaller text_size"),
    })
}

/// True when `per_page` is a section's own `answers_per_page`.
fn is_section_key(spec: &Spec, per_page: &Located<PerPage>) -> bool {
    spec.sections
        .iter()
        .filter_map(|section| section.answers_per_page.as_ref())
        .any(|own| own.at == per_page.at)
}

/// Where one puzzle landed: page numbers from 1, boxes around the grid or sum only.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub page: usize,
    pub bbox: Rect,
    pub answer: Option<(usize, Rect)>,
    /// The pages of the puzzle's walkthrough (empty without one).
    pub walkthrough: Vec<usize>,
    /// The page of the puzzle's hint.
    pub hint: Option<usize>,
}

/// A laid-out book.
#[derive(Clone, Debug)]
pub struct Composed {
    pub document: Document,
    pub placements: Vec<Placement>,
}

/// Checks that the fonts have every character the book prints, pointing at the spec's text.
pub fn check_glyphs(spec: &Spec, fonts: &FontSet) -> Result<()> {
    let text_face = fonts.face(fonts.text);
    let bold_face = fonts.face(fonts.bold);
    let mut texts: Vec<(&Located<String>, &str)> = vec![
        (&spec.title, "the title"),
        (&spec.subtitle, "the subtitle"),
        (&spec.author, "the author"),
        (&spec.page.header, "the header"),
        (&spec.page.footer, "the footer"),
    ];
    for section in &spec.sections {
        texts.push((&section.title, "the section title"));
    }
    for (text, what) in texts {
        // Text is set on lines the layout chooses: tabs, line breaks and other control
        // characters would reach the PDF as boxes or be dropped, silently.
        if let Some(control) = text.value.chars().find(|ch| ch.is_control()) {
            return Err(spec
                .error(
                    text.at,
                    format!(
                        "{what} contains the control character U+{:04X}",
                        u32::from(control)
                    ),
                )
                .with_hint("use plain text: lines are broken to fit the page"));
        }
        // Placeholders never print; what they stand for is checked on its own.
        let printed = crate::book::spec::PLACEHOLDERS
            .iter()
            .fold(text.value.clone(), |printed, name| {
                printed.replace(&format!("{{{name}}}"), "")
            });
        for face in [text_face, bold_face] {
            let missing = face.metrics.missing_chars(&printed);
            if !missing.is_empty() {
                let list: Vec<String> = missing
                    .iter()
                    .take(8)
                    .map(|&ch| {
                        let invisible = ch.is_whitespace()
                            || ('\u{200B}'..='\u{206F}').contains(&ch)
                            || ('\u{E000}'..='\u{F8FF}').contains(&ch);
                        if invisible {
                            format!("U+{:04X}", u32::from(ch))
                        } else {
                            ch.to_string()
                        }
                    })
                    .collect();
                let hint = if spec.language.script() == crate::i18n::Script::Latin
                    && missing.iter().any(|&ch| u32::from(ch) >= 0x3000)
                {
                    "for Japanese text set language = \"ja\" (bundled IPAexGothic), or name a font in [fonts]"
                } else {
                    "name a font that has them in [fonts] (text = \"path/to/font.ttf\")"
                };
                return Err(spec
                    .error(
                        text.at,
                        format!(
                            "{what} has characters the font {} cannot show: {}",
                            face.origin,
                            list.join(" ")
                        ),
                    )
                    .with_hint(hint));
            }
        }
    }
    // The book's own words: a font named in [fonts] may lack a language's letters.
    let catalog = spec.language.catalog();
    let words = catalog.characters();
    for (face, choice) in [
        (text_face, spec.fonts.text.as_ref()),
        (bold_face, spec.fonts.bold.as_ref()),
    ] {
        let missing = face.metrics.missing_chars(words);
        if !missing.is_empty() {
            let list: Vec<String> = missing
                .iter()
                .take(8)
                .map(|&ch| format!("{ch} (U+{:04X})", u32::from(ch)))
                .collect();
            let message = format!(
                "the font {} cannot show the {} words the book prints: {}",
                face.origin,
                catalog.name,
                list.join(", ")
            );
            let hint =
                "name a font that has them in [fonts], or leave [fonts] out for the bundled ones";
            return Err(match choice {
                Some(choice) => spec.error(choice.at, message),
                None => spec.error(spec.title.at, message),
            }
            .with_hint(hint));
        }
    }
    Ok(())
}

/// Lays out the whole book. `puzzles` are in book order (as [`crate::book::Plan`] makes them).
pub fn compose(
    spec: &Spec,
    pagination: &Pagination,
    geometry: &Geometry,
    puzzles: &[Puzzle],
    fonts: &FontSet,
) -> Result<Composed> {
    compose_walked(
        spec,
        pagination,
        geometry,
        puzzles,
        &Teaching::default(),
        fonts,
    )
}

/// Lays out the whole book with the walkthroughs and hints of its puzzles (as
/// [`crate::book::plan::teaching`] makes them; `pagination` and `geometry` from
/// [`settle`]).
pub fn compose_walked(
    spec: &Spec,
    pagination: &Pagination,
    geometry: &Geometry,
    puzzles: &[Puzzle],
    teaching: &Teaching,
    fonts: &FontSet,
) -> Result<Composed> {
    let walks = &teaching.walkthroughs[..];
    let section_of = sections_of(spec);
    if puzzles.len() != section_of.len() {
        return Err(Error::runtime(format!(
            "the plan has {} puzzles but {} were made",
            section_of.len(),
            puzzles.len()
        )));
    }
    let mut composer = Composer {
        spec,
        pagination,
        geometry,
        fonts,
        puzzles,
        walks,
        hints: &teaching.hints,
        techniques: &teaching.techniques,
        section_of: &section_of,
        placements: pagination
            .walkthroughs
            .iter()
            .zip(&pagination.hints)
            .map(|(pages, hint)| Placement {
                page: 0,
                bbox: Rect::new(0.0, 0.0, 0.0, 0.0),
                answer: None,
                walkthrough: pages.clone(),
                hint: *hint,
            })
            .collect(),
    };
    let mut pages = Vec::with_capacity(pagination.page_count());
    for (index, role) in pagination.roles.iter().enumerate() {
        pages.push(composer.page(index + 1, role)?);
    }
    super::ink::hold_to_printer(&mut pages, spec.page.printer.value.profile());
    let mut subject = spec
        .kinds()
        .iter()
        .map(|&kind| words::kind_name(kind, spec.language))
        .collect::<Vec<_>>()
        .join(", ");
    if !spec.subtitle.value.is_empty() {
        subject = format!("{} ({subject})", spec.subtitle.value);
    }
    Ok(Composed {
        document: Document {
            info: Info {
                title: spec.title.value.clone(),
                author: spec.author.value.clone(),
                subject,
                date: spec.date.as_ref().map(|date| date.value),
                identity: spec.identity(),
            },
            pages,
        },
        placements: composer.placements,
    })
}

struct Composer<'a> {
    spec: &'a Spec,
    pagination: &'a Pagination,
    geometry: &'a Geometry,
    fonts: &'a FontSet,
    puzzles: &'a [Puzzle],
    walks: &'a [Option<Arc<Walkthrough>>],
    hints: &'a [Hint],
    techniques: &'a [TechniqueExample],
    section_of: &'a [usize],
    placements: Vec<Placement>,
}

impl Composer<'_> {
    fn text_size(&self) -> f64 {
        self.spec.page.text_size.value
    }

    fn language(&self) -> Language {
        self.spec.language
    }

    fn page(&mut self, number: usize, role: &Role) -> Result<Page> {
        let mut items = Vec::new();
        let opens_with_masthead = self
            .pagination
            .masthead
            .is_some_and(|place| place.page == number);
        let running = match role {
            Role::Title | Role::Imprint | Role::Blank => None,
            // The masthead names the publication where a running head would.
            Role::Questions { .. } if opens_with_masthead => None,
            Role::Contents { .. } => Some(words::contents(self.language()).to_string()),
            Role::Rules(index) => Some(self.pagination.rules[*index].running.clone()),
            Role::Questions { section, .. } | Role::SectionTechnique { section, .. } => {
                Some(self.spec.sections[*section].title.value.clone())
            }
            Role::Answers { .. } => Some(self.answers_title()),
            Role::Walkthroughs(_) => Some(words::walkthroughs(self.language()).to_string()),
            Role::Techniques(_) => Some(words::techniques(self.language()).to_string()),
            Role::Hints { .. } => Some(words::hints(self.language()).to_string()),
        };
        match role {
            Role::Title => self.title_page(&mut items, number),
            Role::Imprint => {
                if let Some(imprint) = &self.spec.imprint {
                    let lines = super::imprint::lines(self.spec, imprint);
                    let content = self.geometry.content(self.spec, number);
                    super::imprint::draw(&mut items, self.fonts, content, self.text_size(), &lines);
                }
            }
            Role::Blank => {}
            Role::Contents { first, count } => {
                self.contents_page(&mut items, number, *first, *count)
            }
            Role::Rules(index) => {
                self.rules_page(&mut items, number, &self.pagination.rules[*index])?
            }
            Role::Questions {
                section,
                first,
                count,
            } => self.puzzle_page(&mut items, number, *section, *first, *count, None)?,
            Role::Answers {
                section,
                first,
                count,
            } => {
                let heading = answers_heading(self.spec, *section);
                self.puzzle_page(&mut items, number, 0, *first, *count, Some(&heading))?
            }
            Role::Walkthroughs(index) => self.walk_page(&mut items, number, *index)?,
            Role::Techniques(index) => self.techniques_page(&mut items, number, *index)?,
            Role::SectionTechnique {
                section,
                first,
                count,
                rows,
            } => {
                self.section_technique_page(&mut items, number, *section)?;
                self.opener_puzzles(&mut items, number, *section, *first, *count, *rows)?;
            }
            Role::Hints { first, count, rung } => {
                self.hint_page(&mut items, number, *first, *count, *rung)
            }
        }
        if let Some(section) = running {
            self.running_heads(&mut items, number, &section);
        }
        Ok(Page {
            width: self.geometry.width,
            height: self.geometry.height,
            bleed: self.geometry.page_bleed(number),
            items,
        })
    }

    fn answers_title(&self) -> String {
        self.spec
            .answers
            .title
            .clone()
            .unwrap_or_else(|| words::answers(self.language()).to_string())
    }

    fn fill(&self, template: &str, number: usize, section: &str) -> String {
        template
            .replace("{title}", &self.spec.title.value)
            .replace("{subtitle}", &self.spec.subtitle.value)
            .replace("{author}", &self.spec.author.value)
            .replace("{section}", section)
            .replace(
                "{issue}",
                self.spec
                    .issue
                    .as_ref()
                    .map_or("", |issue| issue.value.as_str()),
            )
            .replace("{pages}", &self.pagination.page_count().to_string())
            .replace("{page}", &number.to_string())
    }

    fn running_heads(&self, items: &mut Vec<Item>, number: usize, section: &str) {
        let content = self.geometry.content(self.spec, number);
        let text = self.text_size();
        let centre = content.x + content.width / 2.0;
        let metrics = self.fonts.metrics(self.fonts.text);
        let header = self.fill(&self.spec.page.header.value, number, section);
        if !header.is_empty() {
            let size = raised(self.spec, text * 0.85);
            let header = fit(metrics, &header, size, content.width);
            items.push(self.line_of(
                self.fonts.text,
                &header,
                size,
                centre,
                content.y + size,
                Align::Centre,
                0.3,
            ));
        }
        let footer = self.fill(&self.spec.page.footer.value, number, section);
        if !footer.is_empty() {
            let size = raised(self.spec, text * 0.9);
            let footer = fit(metrics, &footer, size, content.width);
            items.push(self.line_of(
                self.fonts.text,
                &footer,
                size,
                centre,
                content.bottom() - size * 0.4,
                Align::Centre,
                0.0,
            ));
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn line_of(
        &self,
        face: FaceId,
        text: &str,
        size: f64,
        x: f64,
        y: f64,
        align: Align,
        grey: f64,
    ) -> Item {
        run(
            self.fonts.metrics(face),
            face,
            text,
            size,
            (x, y),
            align,
            grey,
        )
    }

    /// Sets `text` centred on `centre`, shrinking it to fit `width` (down to `smallest`) and
    /// wrapping it into balanced lines beyond that; returns the baseline of the last line.
    #[allow(clippy::too_many_arguments)]
    fn centred_block(
        &self,
        items: &mut Vec<Item>,
        face: FaceId,
        text: &str,
        size: f64,
        smallest: f64,
        centre: f64,
        width: f64,
        (top, bottom): (f64, f64),
    ) -> f64 {
        let metrics = self.fonts.metrics(face);
        let natural = metrics.width(text, size);
        let size = if natural > width {
            (size * width / natural).max(smallest)
        } else {
            size
        };
        let mut lines = balanced(metrics, text, size, width);
        // Lines past `bottom` are left out, the last one kept ending with an ellipsis.
        let room = (((bottom - top) / (size * 1.25)).floor() as usize).max(1);
        if lines.len() > room {
            let cut = lines[room - 1..].join(" ");
            lines.truncate(room - 1);
            lines.push(fit(metrics, &cut, size, width));
        }
        let mut baseline = top;
        for line in lines {
            baseline += size * 1.25;
            items.push(run(
                metrics,
                face,
                &line,
                size,
                (centre, baseline),
                Align::Centre,
                0.0,
            ));
        }
        baseline
    }

    fn title_page(&self, items: &mut Vec<Item>, number: usize) {
        let content = self.geometry.content(self.spec, number);
        let text = self.text_size();
        let centre = content.x + content.width / 2.0;
        let mut y = content.y + content.height * 0.28;
        y = self.centred_block(
            items,
            self.fonts.bold,
            &self.spec.title.value,
            text * 3.2,
            14.0,
            centre,
            content.width,
            (y, content.y + content.height * 0.58),
        );
        if !self.spec.subtitle.value.is_empty() {
            y = self.centred_block(
                items,
                self.fonts.text,
                &self.spec.subtitle.value,
                text * 1.6,
                10.0,
                centre,
                content.width,
                (y + text, content.y + content.height * 0.58),
            );
        }
        let rule = content.width * 0.3;
        items.push(Item::Line {
            from: Point {
                x: centre - rule / 2.0,
                y: y + text * 1.6,
            },
            to: Point {
                x: centre + rule / 2.0,
                y: y + text * 1.6,
            },
            width: 0.8,
            colour: Colour::BLACK,
        });
        if !self.spec.author.value.is_empty() {
            self.centred_block(
                items,
                self.fonts.text,
                &self.spec.author.value,
                text * 1.4,
                10.0,
                centre,
                content.width,
                (
                    content.y + content.height * 0.6,
                    content.bottom() - text * 3.0,
                ),
            );
        }
        let kinds: Vec<&str> = self
            .spec
            .kinds()
            .iter()
            .map(|&kind| words::kind_name(kind, self.language()))
            .collect();
        let line = format!(
            "{} · {}",
            words::puzzle_count(self.language(), self.puzzles.len()),
            kinds.join(" · ")
        );
        let face = if self.fonts.metrics(self.fonts.text).has_char('·') {
            self.fonts.text
        } else {
            self.fonts.digits
        };
        items.push(self.line_of(
            face,
            &line,
            text,
            centre,
            content.bottom() - text,
            Align::Centre,
            0.3,
        ));
    }

    /// Sets a page heading at the top of `body`, wrapped to its width.
    fn heading(&self, items: &mut Vec<Item>, body: Rect, text: &str) {
        let size = self.text_size() * style::HEADING_SIZE;
        let mut baseline = body.y + size * 1.1;
        for line in heading_lines(self.spec, self.fonts, text, body.width) {
            items.push(self.line_of(
                self.fonts.bold,
                &line,
                size,
                body.x,
                baseline,
                Align::Left,
                0.0,
            ));
            baseline += size * style::HEADING_LEADING;
        }
    }

    fn contents_page(&self, items: &mut Vec<Item>, number: usize, first: usize, count: usize) {
        let body = self.geometry.body(self.spec, number);
        let text = self.text_size();
        self.heading(items, body, words::contents(self.language()));
        let mut baseline = body.y + style::CONTENTS_HEADING * text;
        for entry in &self.pagination.entries[first..first + count] {
            let page = entry.page.to_string();
            let page_width = self.fonts.metrics(self.fonts.text).width(&page, text * 1.1);
            let room = body.width - page_width - text * 2.0;
            let label = fit(
                self.fonts.metrics(self.fonts.text),
                &entry.label,
                text * 1.1,
                room,
            );
            items.push(self.line_of(
                self.fonts.text,
                &label,
                text * 1.1,
                body.x,
                baseline,
                Align::Left,
                0.0,
            ));
            items.push(self.line_of(
                self.fonts.text,
                &page,
                text * 1.1,
                body.right(),
                baseline,
                Align::Right,
                0.0,
            ));
            let label_end = body.x
                + self
                    .fonts
                    .metrics(self.fonts.text)
                    .width(&label, text * 1.1)
                + text * 0.6;
            let leader_end = body.right() - page_width - text * 0.6;
            if leader_end > label_end {
                items.push(Item::Line {
                    from: Point {
                        x: label_end,
                        y: baseline,
                    },
                    to: Point {
                        x: leader_end,
                        y: baseline,
                    },
                    width: 0.4,
                    colour: Colour::grey(0.6),
                });
            }
            baseline += style::CONTENTS_LINE * text;
        }
    }

    fn rules_page(&self, items: &mut Vec<Item>, number: usize, rules: &RulesPage) -> Result<()> {
        let body = self.geometry.body(self.spec, number);
        let text = self.text_size();
        self.heading(items, body, &rules.heading);
        let size = text * 1.15;
        let metrics = self.fonts.metrics(self.fonts.text);
        let mut baseline =
            body.y + heading_band(self.spec, self.fonts, &rules.heading, body.width) + size;
        let width = body.width.min(size * 40.0);
        for paragraph in &rules.paragraphs {
            let lines = wrap(metrics, paragraph, size, width);
            for (index, line) in lines.iter().enumerate() {
                // Body text is justified; a paragraph's last line is set flush left.
                if index + 1 < lines.len() {
                    items.extend(justified(
                        metrics,
                        self.fonts.text,
                        line,
                        size,
                        (body.x, baseline),
                        width,
                    ));
                } else {
                    items.push(run(
                        metrics,
                        self.fonts.text,
                        line,
                        size,
                        (body.x, baseline),
                        Align::Left,
                        0.0,
                    ));
                }
                baseline += size * 1.5;
            }
            baseline += size * 0.8;
        }
        let top = baseline - size + size * 0.8;
        let room = Rect::new(body.x, top, body.width, body.bottom() - top);
        self.rules_examples(items, rules, room)?;
        Ok(())
    }

    /// A rules page's worked examples in `room` (below its words), drawn by their kind: in
    /// columns and rows as large as fit, each with its caption centred below it; those that
    /// cannot all be drawn readably are left out, the most demanding first.
    fn rules_examples(&self, items: &mut Vec<Item>, rules: &RulesPage, room: Rect) -> Result<()> {
        let Some(kind) = crate::kind::ALL.iter().find(|kind| kind.name == rules.kind) else {
            return Ok(());
        };
        let text = self.text_size();
        let size = raised(self.spec, text * 0.9);
        let pitch = size * 1.35;
        let gap = text * 1.6;
        let metrics = self.fonts.metrics(self.fonts.text);
        // As many examples as can all be drawn readably: when some must go, the one that
        // needs the most room goes first.
        let mut examples: Vec<&RulesExample> = rules.examples.iter().collect();
        let (columns, width, cells) = loop {
            if examples.is_empty() {
                return Ok(());
            }
            if let Some(arrangement) = arrange_examples(
                &examples,
                room,
                gap,
                |width| {
                    examples
                        .iter()
                        .map(|example| wrap(metrics, &example.caption, size, width).len())
                        .max()
                        .unwrap_or(0) as f64
                        * pitch
                },
                text,
            ) {
                break arrangement;
            }
            let demand = |example: &&RulesExample| {
                example.extent.0 * example.extent.1 * example.min_cell * example.min_cell
            };
            let largest = (0..examples.len())
                .max_by(|&a, &b| demand(&examples[a]).total_cmp(&demand(&examples[b])))
                .expect("not empty");
            examples.remove(largest);
        };
        let mut y = room.y + gap * 0.5;
        for (row, row_cells) in examples.chunks(columns).zip(cells.chunks(columns)) {
            let tallest = row
                .iter()
                .zip(row_cells)
                .map(|(example, cell)| example.extent.1 * cell)
                .fold(0.0, f64::max);
            let mut lowest = y;
            for (index, (example, &cell)) in row.iter().zip(row_cells).enumerate() {
                let column_x = room.x + index as f64 * (width + gap);
                let figure_width = example.extent.0 * cell;
                let area = Rect::new(
                    column_x + (width - figure_width) / 2.0,
                    y + (tallest - example.extent.1 * cell) / 2.0,
                    figure_width,
                    example.extent.1 * cell,
                );
                kind.layout
                    .draw_example(example, area, cell, self.fonts, items)?;
                let mut baseline = y + tallest + size * 1.5;
                for line in wrap(metrics, &example.caption, size, width) {
                    items.push(run(
                        metrics,
                        self.fonts.text,
                        &line,
                        size,
                        (column_x + width / 2.0, baseline),
                        Align::Centre,
                        0.0,
                    ));
                    baseline += pitch;
                }
                lowest = lowest.max(baseline);
            }
            y = lowest + gap;
        }
        Ok(())
    }

    fn puzzle_page(
        &mut self,
        items: &mut Vec<Item>,
        number: usize,
        section: usize,
        first: usize,
        count: usize,
        answers_heading: Option<&str>,
    ) -> Result<()> {
        let body = self.geometry.body(self.spec, number);
        let answers = answers_heading.is_some();
        let heading = match answers_heading {
            Some(heading) => heading.to_string(),
            None => self.spec.sections[section].title.value.clone(),
        };
        // A running head that names the section already says it on every page: the bold
        // title then opens the section only (its band stays, so figures keep their place).
        let continued = first > 0 && self.section_of[first - 1] == section;
        let running_names_it = running_head_names_section(self.spec);
        let masthead = self
            .pagination
            .masthead
            .filter(|place| !answers && place.page == number);
        if masthead.is_none() && (answers || !(continued && running_names_it)) {
            self.heading(items, body, &heading);
        }
        let (per_page, heading_band) = if answers {
            (
                self.spec.answers_per_page(self.section_of[first]).value,
                self.geometry.answer_heading,
            )
        } else {
            (
                self.spec.sections[section].per_page.value,
                self.geometry.headings[section],
            )
        };
        let cells = self
            .geometry
            .cells(self.spec, number, per_page, heading_band);
        // The masthead takes the top rows; the section's heading sits over the rest.
        let skipped = masthead.map_or(0, |place| place.rows * per_page.columns);
        if let Some(place) = masthead {
            let area = self.geometry.masthead_area(self.spec, place);
            let opening = masthead_of(self.spec);
            let set = masthead::set(self.spec, self.fonts, &opening, area.width, area.height)
                .map_err(|_| Error::runtime("the masthead no longer fits its page"))?;
            set.draw(items, self.fonts, area);
            let top = cells[skipped].rect.y - heading_band;
            self.heading(
                items,
                Rect::new(body.x, top, body.width, body.bottom() - top),
                &heading,
            );
        }
        for (slot, &cell) in cells.iter().skip(skipped).take(count).enumerate() {
            self.puzzle_cell(items, cell, first + slot, number, answers)?;
        }
        Ok(())
    }

    fn puzzle_cell(
        &mut self,
        items: &mut Vec<Item>,
        cell: Cell,
        index: usize,
        number: usize,
        answer: bool,
    ) -> Result<()> {
        let text = self.text_size();
        let section = self.section_of[index];
        let (question_cell, answer_cell) = self.geometry.sections[section];
        let puzzle = &self.puzzles[index];
        let frame = puzzle
            .kind()
            .layout
            .frame(self.spec.sections[section].options.as_ref());
        let frame = if !answer && self.spec.sections[section].is_referred_to() {
            with_coordinates(frame, puzzle.kind().layout.coordinate_band())
        } else {
            frame
        };
        let (show, fit) = if answer {
            (
                Show::Answer,
                Fit {
                    cell: answer_cell,
                    captions: Captions::Above,
                },
            )
        } else {
            (
                Show::Puzzle,
                Fit {
                    cell: question_cell,
                    captions: self.geometry.captions[section],
                },
            )
        };
        let area = slot::figure_area(
            cell.rect,
            &frame,
            fit,
            style::CAPTION * text,
            style::NOTE * text,
        );
        // A puzzle a hint or walkthrough refers to has its coordinates in a margin left of
        // and above the grid (its frame's outside room).
        let layout = puzzle.kind().layout;
        let band = if !answer && self.spec.sections[section].is_referred_to() {
            layout.coordinate_band() * fit.cell
        } else {
            0.0
        };
        let grid_area = Rect::new(
            area.x + band,
            area.y + band,
            area.width - band,
            area.height - band,
        );
        let bbox = layout.draw(
            puzzle.content.as_ref(),
            show,
            grid_area,
            fit.cell,
            self.fonts,
            items,
        )?;
        if band > 0.0 {
            layout.draw_coordinates(
                puzzle.content.as_ref(),
                bbox,
                fit.cell,
                self.spec.coordinates,
                self.fonts,
                items,
            );
        }
        if fit.captions == Captions::Beside {
            let outside = Rect::new(
                bbox.x - frame.outside.left * fit.cell,
                bbox.y - frame.outside.top * fit.cell,
                bbox.width + (frame.outside.left + frame.outside.right) * fit.cell,
                bbox.height + (frame.outside.top + frame.outside.bottom) * fit.cell,
            );
            self.side_captions(items, outside, index, answer);
        } else {
            self.band_captions(items, cell, area, bbox, index, answer);
        }
        let placement = &mut self.placements[index];
        if answer {
            placement.answer = Some((number, bbox));
        } else {
            placement.page = number;
            placement.bbox = bbox;
        }
        Ok(())
    }

    /// The tier of a question in words and stars, and the face the stars are set in; a
    /// drill's task ("Find the X-Wing") instead, without stars.
    fn tier_of(&self, index: usize, answer: bool) -> Option<(String, String, FaceId)> {
        if answer {
            return None;
        }
        let puzzle = &self.puzzles[index];
        let section = &self.spec.sections[self.section_of[index]];
        if let Some(task) = section.options.drill_task(self.language()) {
            let task = puzzle.content.drill_task(self.language()).unwrap_or(task);
            return Some((task, String::new(), self.fonts.text));
        }
        let (word, stars) = puzzle.tier.as_ref().and_then(|tier| {
            words::tier(
                puzzle.kind(),
                tier,
                self.language(),
                words::star_scale(self.spec),
            )
        })?;
        let word = word.to_string();
        let stars_face = if self.fonts.metrics(self.fonts.text).has_char('★') {
            self.fonts.text
        } else {
            self.fonts.digits
        };
        Some((word, stars, stars_face))
    }

    /// A question's note ("Answer p. 45") or an answer's ("Puzzle p. 7").
    fn note_of(&self, index: usize, answer: bool) -> Option<String> {
        if answer {
            let puzzle_page = self.pagination.questions[index].0;
            Some(match self.pagination.walkthroughs[index].first() {
                Some(&walk_page) => {
                    words::puzzle_and_walkthrough(self.language(), puzzle_page, walk_page)
                }
                None => words::puzzle_on_page(self.language(), puzzle_page),
            })
        } else {
            self.pagination.answers[index]
                .map(|(page, _)| words::answer_on_page(self.language(), page))
        }
    }

    /// Captions beside a figure (`figure`, its outside room included): the number, the
    /// tier's word and its stars right-aligned in a column left of its top, the note left
    /// of its foot on the right.
    fn side_captions(&self, items: &mut Vec<Item>, figure: Rect, index: usize, answer: bool) {
        let text = self.text_size();
        let gap = style::CAPTION_GAP * text;
        let number_size = text * style::NUMBER_SIZE;
        let right = figure.x - gap;
        let mut baseline =
            figure.y + self.fonts.metrics(self.fonts.bold).cap_height() * number_size;
        items.push(self.line_of(
            self.fonts.bold,
            &(index + 1).to_string(),
            number_size,
            right,
            baseline,
            Align::Right,
            0.0,
        ));
        if let Some((word, stars, stars_face)) = self.tier_of(index, answer) {
            baseline += text * 1.5;
            items.push(self.line_of(
                self.fonts.text,
                &word,
                text,
                right,
                baseline,
                Align::Right,
                0.0,
            ));
            baseline += text * 1.3;
            items.push(self.line_of(stars_face, &stars, text, right, baseline, Align::Right, 0.0));
        }
        if let Some(note) = self.note_of(index, answer) {
            items.push(self.line_of(
                self.fonts.text,
                &note,
                note_size(self.spec),
                figure.right() + gap,
                figure.bottom(),
                Align::Left,
                0.35,
            ));
        }
    }

    /// Captions in bands: the number at the figure's left above it, the tier at its
    /// right, the note right-aligned below it. A figure narrower than its caption lends it
    /// room from the cell; if even the cell is too narrow, the tier's word goes and its
    /// stars stay.
    fn band_captions(
        &self,
        items: &mut Vec<Item>,
        cell: Cell,
        area: Rect,
        bbox: Rect,
        index: usize,
        answer: bool,
    ) {
        let text = self.text_size();
        let caption_baseline = area.y - style::CAPTION * text * 0.38;
        let label = (index + 1).to_string();
        let number_size = text * style::NUMBER_SIZE;
        let number_width = self
            .fonts
            .metrics(self.fonts.bold)
            .width(&label, number_size);
        let mut caption_span = widen_within(bbox, cell.rect, number_width);
        let mut tier_parts = None;
        if let Some((word, stars, stars_face)) = self.tier_of(index, answer) {
            let stars_width = self.fonts.metrics(stars_face).width(&stars, text);
            let word_width = self.fonts.metrics(self.fonts.text).width(&word, text);
            let gap = text * 0.8;
            let full = number_width + gap + word_width + text * 0.4 + stars_width;
            let short = number_width + gap + stars_width;
            caption_span = widen_within(bbox, cell.rect, full);
            let word = if caption_span.width + 0.01 >= full {
                Some(word)
            } else {
                caption_span = widen_within(bbox, cell.rect, short);
                None
            };
            if caption_span.width + 0.01 >= short {
                tier_parts = Some((word, stars, stars_face, stars_width));
            }
        }
        items.push(self.line_of(
            self.fonts.bold,
            &label,
            number_size,
            caption_span.x,
            caption_baseline,
            Align::Left,
            0.0,
        ));
        if let Some((word, stars, stars_face, stars_width)) = tier_parts {
            items.push(self.line_of(
                stars_face,
                &stars,
                text,
                caption_span.right(),
                caption_baseline,
                Align::Right,
                0.0,
            ));
            if let Some(word) = word {
                items.push(self.line_of(
                    self.fonts.text,
                    &word,
                    text,
                    caption_span.right() - stars_width - text * 0.4,
                    caption_baseline,
                    Align::Right,
                    0.0,
                ));
            }
        }
        // Note: the cross-reference, right-aligned under the figure, kept inside the cell.
        let note_size = note_size(self.spec);
        let note_baseline = bbox.bottom() + note_size * 1.6;
        if let Some(note) = self.note_of(index, answer) {
            let metrics = self.fonts.metrics(self.fonts.text);
            let note = fit(metrics, &note, note_size, cell.rect.width);
            let span = widen_within(bbox, cell.rect, metrics.width(&note, note_size));
            items.push(self.line_of(
                self.fonts.text,
                &note,
                note_size,
                span.right(),
                note_baseline,
                Align::Right,
                0.35,
            ));
        }
    }
}

/// The span across `figure` widened (about its centre, inside `cell`) to at least `width`,
/// or the whole cell if even that is narrower.
fn widen_within(figure: Rect, cell: Rect, width: f64) -> Rect {
    if figure.width >= width {
        return figure;
    }
    if cell.width <= width {
        return Rect::new(cell.x, figure.y, cell.width, figure.height);
    }
    let centre = figure.x + figure.width / 2.0;
    let left = (centre - width / 2.0).clamp(cell.x, cell.right() - width);
    Rect::new(left, figure.y, width, figure.height)
}

impl Composer<'_> {
    /// A hint page: each puzzle's number and its nudge, two lines at most (smaller type,
    /// then an ellipsis, for a longer one); for a ladder's `rung` (1 to 3), where to look,
    /// the technique, or the step itself in up to [`STEP_HINT_LINES`] lines.
    fn hint_page(
        &self,
        items: &mut Vec<Item>,
        number: usize,
        first: usize,
        count: usize,
        rung: u8,
    ) {
        let body = self.geometry.body(self.spec, number);
        let text = self.text_size();
        self.heading(items, body, &words::hints_heading(self.language(), rung));
        let metrics = self.fonts.metrics(self.fonts.text);
        let mut top = body.y + style::HEADING * text;
        let indent = text * 3.0;
        let width = body.width - indent;
        let most_lines = if rung == 3 { STEP_HINT_LINES } else { 2 };
        for &puzzle in &self.pagination.hint_list[first..first + count] {
            let hint = match self.hints.get(puzzle).and_then(Option::as_ref) {
                Some(nudge) => words::hint_rung(self.language(), nudge, rung),
                None => words::no_hint(self.language()).to_string(),
            };
            let mut size = text;
            let mut lines = wrap(metrics, &hint, size, width);
            let floor = raised(self.spec, text * 0.75);
            while lines.len() > most_lines && size > floor {
                size = (size * 0.95).max(floor);
                lines = wrap(metrics, &hint, size, width);
            }
            if lines.len() > most_lines {
                let rest = lines[most_lines - 1..].join(" ");
                lines.truncate(most_lines - 1);
                lines.push(fit(metrics, &rest, size, width));
            }
            let mut baseline = top + size;
            items.push(self.line_of(
                self.fonts.bold,
                &format!("{}.", puzzle + 1),
                text,
                body.x,
                baseline,
                Align::Left,
                0.0,
            ));
            for line in &lines {
                items.push(run(
                    metrics,
                    self.fonts.text,
                    line,
                    size,
                    (body.x + indent, baseline),
                    Align::Left,
                    0.0,
                ));
                baseline += size * 1.35;
            }
            top += hint_slot(rung) * text;
        }
    }

    /// A page of the techniques chapter: each entry's name, then its example's figure with
    /// what the technique looks for, where the example comes from and the step's words
    /// beside it.
    fn techniques_page(
        &mut self,
        items: &mut Vec<Item>,
        number: usize,
        index: usize,
    ) -> Result<()> {
        let body = self.geometry.body(self.spec, number);
        let text = self.text_size();
        self.heading(items, body, words::techniques(self.language()));
        let top = body.y + style::HEADING * text;
        let size = text * walk::style::TEXT;
        let pitch = size * walk::style::LEADING;
        if self.techniques.is_empty() {
            let metrics = self.fonts.metrics(self.fonts.text);
            let lines = wrap(
                metrics,
                words::only_singles(self.language()),
                size,
                body.width,
            );
            for (row, line) in lines.iter().enumerate() {
                items.push(run(
                    metrics,
                    self.fonts.text,
                    line,
                    size,
                    (body.x, top + size + row as f64 * pitch),
                    Align::Left,
                    0.0,
                ));
            }
        }
        for &(entry_index, entry_top) in &self.pagination.technique_pages[index] {
            self.technique_entry(items, body, top + entry_top, entry_index)?;
        }
        Ok(())
    }

    /// The puzzles sharing a technique page: the rows of the section's puzzle grid below
    /// the `rows` its entry takes, their cells as on the section's other pages, raised to
    /// stand in the middle of the room between the entry's foot and the grid's.
    fn opener_puzzles(
        &mut self,
        items: &mut Vec<Item>,
        number: usize,
        section: usize,
        first: usize,
        count: usize,
        rows: usize,
    ) -> Result<()> {
        let per_page = self.spec.sections[section].per_page.value;
        let cells =
            self.geometry
                .cells(self.spec, number, per_page, self.geometry.headings[section]);
        let skipped = rows * per_page.columns;
        let Some(first_free) = cells.get(skipped) else {
            return Ok(());
        };
        let body = self.geometry.body(self.spec, number);
        let entry_height = opener_height(
            self.spec,
            self.fonts,
            body.width,
            &self.spec.sections[section],
            self.techniques,
            &self.pagination.technique_entries,
        );
        let foot = body.y + opener_top(self.spec, self.geometry, section) + entry_height;
        let lift = ((first_free.rect.y - foot) / 2.0).max(0.0);
        for (slot, &cell) in cells.iter().skip(skipped).take(count).enumerate() {
            let mut rect = cell.rect;
            rect.y -= lift;
            self.puzzle_cell(items, Cell { rect }, first + slot, number, false)?;
        }
        Ok(())
    }

    /// The page opening a section with `technique_page = true`: the section's title as
    /// its heading, then the techniques chapter's entry for the first technique (easiest
    /// first) of the family the section teaches.
    fn section_technique_page(
        &mut self,
        items: &mut Vec<Item>,
        number: usize,
        section: usize,
    ) -> Result<()> {
        let body = self.geometry.body(self.spec, number);
        let text = self.text_size();
        let spec_section = &self.spec.sections[section];
        self.heading(items, body, &spec_section.title.value);
        let top = body.y + opener_top(self.spec, self.geometry, section);
        if let Some(entry_index) = opener_entry(spec_section, self.language(), self.techniques) {
            return self.technique_entry(items, body, top, entry_index);
        }
        let list = TopicList::set(self.spec, self.fonts, body.width, spec_section);
        if list.topics.is_empty() {
            return Err(Error::runtime(format!(
                "section {:?} opens with the page of its technique, and names none",
                spec_section.title.value
            )));
        }
        let size = text * walk::style::TEXT;
        let pitch = size * walk::style::LEADING;
        let metrics = self.fonts.metrics(self.fonts.text);
        let mut y = top;
        for (name, lines) in &list.topics {
            items.push(self.line_of(
                self.fonts.bold,
                name,
                text * 1.1,
                body.x,
                y + walk::style::HEADER * text * 0.62,
                Align::Left,
                0.0,
            ));
            let mut baseline = y + walk::style::HEADER * text + size;
            for line in lines {
                items.push(run(
                    metrics,
                    self.fonts.text,
                    line,
                    size,
                    (body.x, baseline),
                    Align::Left,
                    0.0,
                ));
                baseline += pitch;
            }
            y += TopicList::topic_height(text, lines.len());
        }
        Ok(())
    }

    /// One entry of the techniques chapter, its top at `top`: the technique's name, then
    /// its example's figure with what the technique looks for, where the example comes
    /// from and the step's words beside it, and a hairline under it.
    fn technique_entry(
        &self,
        items: &mut Vec<Item>,
        body: Rect,
        top: f64,
        entry_index: usize,
    ) -> Result<()> {
        let text = self.text_size();
        let size = text * walk::style::TEXT;
        let pitch = size * walk::style::LEADING;
        let (Some(entry), Some(example)) = (
            self.pagination.technique_entries.get(entry_index),
            self.techniques.get(entry_index),
        ) else {
            return Err(Error::runtime(
                "the techniques chapter lists a technique it has no example of",
            ));
        };
        let mut y = top;
        items.push(self.line_of(
            self.fonts.bold,
            &example.topic.name,
            text * 1.1,
            body.x,
            y + walk::style::HEADER * text * 0.62,
            Align::Left,
            0.0,
        ));
        y += walk::style::HEADER * text;
        let puzzle = &self.puzzles[example.puzzle];
        let area = Rect::new(body.x, y, entry.figure.0, entry.figure.1);
        puzzle.kind().layout.draw_walk(
            puzzle.content.as_ref(),
            &example.walk,
            example.step..example.step + 1,
            area,
            entry.cell,
            self.fonts,
            items,
        )?;
        let (text_x, mut baseline) = if entry.stacked {
            (
                body.x,
                y + entry.figure.1 + walk::style::GUTTER * text + size,
            )
        } else {
            (
                body.x + entry.figure.0 + walk::style::GUTTER * text,
                y + size,
            )
        };
        let from = words::example_from(
            self.language(),
            example.puzzle + 1,
            self.pagination.questions[example.puzzle].0,
        );
        let lines = entry
            .about
            .iter()
            .map(|line| (self.fonts.text, line.as_str()))
            .chain(std::iter::once((self.fonts.bold, from.as_str())))
            .chain(
                entry
                    .example
                    .iter()
                    .map(|line| (self.fonts.text, line.as_str())),
            );
        for (position, (face, line)) in lines.enumerate() {
            if position == entry.about.len() {
                baseline += walk::style::STEP_GAP * text;
            }
            items.push(run(
                self.fonts.metrics(face),
                face,
                line,
                size,
                (text_x, baseline),
                Align::Left,
                0.0,
            ));
            baseline += pitch;
        }
        hairline(
            items,
            body,
            top + entry.height - walk::style::PANEL_GAP * text * 0.5,
        );
        Ok(())
    }

    /// A walkthrough page: the legend of the coordinates on the first, then each block's
    /// heading and its panels (a figure at the left with the numbered steps beside it or
    /// below it, or steps across the page; a hairline under each figure's panel).
    fn walk_page(&mut self, items: &mut Vec<Item>, number: usize, index: usize) -> Result<()> {
        let body = self.geometry.body(self.spec, number);
        let text = self.text_size();
        let page = &self.pagination.walk_pages[index];
        // The blocks' tops count from here, the legend's lines included.
        let top = if page.heading {
            self.heading(items, body, words::walkthroughs(self.language()));
            body.y + style::HEADING * text
        } else {
            body.y
        };
        let size = text * walk::style::TEXT;
        let metrics = self.fonts.metrics(self.fonts.text);
        if page.legend {
            let mut baseline = top + size;
            for line in &self.pagination.walk_legend {
                items.push(run(
                    metrics,
                    self.fonts.text,
                    line,
                    size,
                    (body.x, baseline),
                    Align::Left,
                    0.35,
                ));
                baseline += size * walk::style::LEADING;
            }
        }
        for block in &page.blocks {
            let (Some(layout), Some(Some(walk))) = (
                self.pagination.walk_layouts[block.puzzle].as_ref(),
                self.walks.get(block.puzzle),
            ) else {
                return Err(Error::runtime(format!(
                    "puzzle {} has a walkthrough page but no walkthrough",
                    block.puzzle + 1
                )));
            };
            let puzzle = &self.puzzles[block.puzzle];
            let mut y = top + block.top;
            // The heading: the puzzle's number, where it and its answer are.
            let baseline = y + walk::style::HEADER * text * 0.62;
            let title = words::walkthrough_of(self.language(), block.puzzle + 1, block.continued);
            items.push(self.line_of(
                self.fonts.bold,
                &title,
                text * 1.1,
                body.x,
                baseline,
                Align::Left,
                0.0,
            ));
            let note = words::puzzle_and_answer(
                self.language(),
                self.pagination.questions[block.puzzle].0,
                self.pagination.answers[block.puzzle].map(|(page, _)| page),
            );
            items.push(self.line_of(
                self.fonts.text,
                &note,
                note_size(self.spec),
                body.right(),
                baseline,
                Align::Right,
                0.35,
            ));
            y += walk::style::HEADER * text;
            for (at, panel) in block.panels.iter().enumerate() {
                let area = Rect::new(body.x, y, layout.figure.0, layout.figure.1);
                // Steps go beside the figure, below it when it is too wide for that, or
                // across the page without one.
                // (A figure that takes the width may have a step's words beside it.)
                let stacked = (layout.stacked && panel.wide) || panel.twin.is_some();
                let (text_left, text_top) = match (panel.has_figure(), stacked) {
                    (false, _) => (body.x, y),
                    (true, true) => (body.x, y + layout.figure.1 + walk::style::GUTTER * text),
                    (true, false) => (body.x + layout.figure.0 + walk::style::GUTTER * text, y),
                };
                // Twin figures: the second half of the width holds the second figure and
                // the steps from its own on.
                let half = (body.width + walk::style::GUTTER * text) / 2.0;
                if let Some(second) = panel.twin {
                    let twin = Rect::new(body.x + half, y, layout.figure.0, layout.figure.1);
                    puzzle.kind().layout.draw_walk(
                        puzzle.content.as_ref(),
                        walk,
                        second..second + 1,
                        twin,
                        layout.cell,
                        self.fonts,
                        items,
                    )?;
                }
                if panel.has_figure() {
                    puzzle.kind().layout.draw_walk(
                        puzzle.content.as_ref(),
                        walk,
                        panel.marked(),
                        area,
                        layout.cell,
                        self.fonts,
                        items,
                    )?;
                }
                let mut number_x = text_left;
                let mut text_x = number_x + walk::style::NUMBER * size;
                let mut baseline = text_top + size;
                // A figure away from its step's words: its caption names its step, and
                // the steps beside it follow.
                if let Some(step) = panel.floated {
                    let caption = words::walkthrough_figure_of(self.language(), step + 1);
                    items.push(run(
                        self.fonts.metrics(self.fonts.bold),
                        self.fonts.bold,
                        &caption,
                        size,
                        (text_left, baseline),
                        Align::Left,
                        0.0,
                    ));
                    baseline += size * walk::style::LEADING + walk::style::STEP_GAP * text;
                }
                for ((step, lines), tab) in panel.steps.clone().zip(&panel.lines).zip(&panel.tabs) {
                    if panel.twin == Some(step) {
                        number_x += half;
                        text_x += half;
                        baseline = text_top + size;
                    }
                    // The rest of a step begun in the panel before has no number, but
                    // at the top of a page it repeats its step's number, in grey.
                    let goes_on = (panel.continued || panel.resumed) && step == panel.steps.start;
                    if !goes_on || (at == 0 && block.continued) {
                        items.push(run(
                            self.fonts.metrics(self.fonts.bold),
                            self.fonts.bold,
                            &format!("{}.", step + 1),
                            size,
                            (number_x, baseline),
                            Align::Left,
                            if goes_on { 0.5 } else { 0.0 },
                        ));
                    }
                    for line in lines {
                        // Two short rows of a table side by side, each as a row below.
                        if let (Some((second, inner)), Some((left, right))) =
                            (panel.paired, line.split_once(walk::PAIR))
                        {
                            for (offset, row) in [(0.0, left), (second, right)] {
                                let (what, done) = row.split_once('\t').unwrap_or((row, ""));
                                for (x, words) in [(offset, what), (offset + inner, done)] {
                                    items.push(run(
                                        metrics,
                                        self.fonts.text,
                                        words,
                                        size,
                                        (text_x + x, baseline),
                                        Align::Left,
                                        0.0,
                                    ));
                                }
                            }
                            baseline += size * walk::style::LEADING;
                            continue;
                        }
                        // A table's row: the deduction, then (in its column) what it does.
                        let (what, done) = match (tab, line.split_once('\t')) {
                            (Some(tab), Some((what, done))) => (what, Some((*tab, done))),
                            _ => (line.as_str(), None),
                        };
                        items.push(run(
                            metrics,
                            self.fonts.text,
                            what,
                            size,
                            (text_x, baseline),
                            Align::Left,
                            0.0,
                        ));
                        if let Some((tab, done)) = done {
                            items.push(run(
                                metrics,
                                self.fonts.text,
                                done,
                                size,
                                (text_x + tab, baseline),
                                Align::Left,
                                0.0,
                            ));
                        }
                        baseline += size * walk::style::LEADING;
                    }
                    baseline += walk::style::STEP_GAP * text;
                }
                y += panel.height;
                if panel.kind != walk::PanelKind::Text {
                    hairline(items, body, y - walk::style::PANEL_GAP * text * 0.5);
                }
            }
        }
        Ok(())
    }
}

/// The grey hairline across `body` at `y` that ends a walkthrough panel or a techniques
/// entry.
fn hairline(items: &mut Vec<Item>, body: Rect, y: f64) {
    items.push(Item::Line {
        from: Point { x: body.x, y },
        to: Point { x: body.right(), y },
        width: 0.3,
        colour: Colour::grey(0.7),
    });
}

/// `frame` with a margin of `band` cells left of and above its grid for the coordinates.
fn with_coordinates(frame: Frame, band: f64) -> Frame {
    Frame {
        outside: super::kind::Outside {
            left: frame.outside.left + band,
            top: frame.outside.top + band,
            ..frame.outside
        },
        ..frame
    }
}
