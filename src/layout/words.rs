//! The book's own words in each language: headings, captions, tiers and the rules.

use crate::book::kind::Nudge;
use crate::book::spec::{Language, Spec};
use crate::kind::Kind;
use crate::sudoku::coordinates::Coordinates;

pub fn contents(language: Language) -> &'static str {
    language.text("book.contents")
}

pub fn answers(language: Language) -> &'static str {
    language.text("book.answers")
}

/// "How to play: Sudoku" / "遊び方：ナンプレ".
pub fn rules_heading(kind: &Kind, language: Language) -> String {
    language.say(
        "book.rules-heading",
        &[("kind", &kind_name(kind, language))],
    )
}

pub fn kind_name(kind: &Kind, language: Language) -> &'static str {
    kind.book.default_title(language)
}

/// "Answer p. 45" under a puzzle.
pub fn answer_on_page(language: Language, page: usize) -> String {
    language.say("book.answer-on-page", &[("page", &page)])
}

/// How to read a drill, for the rules page of a book with drills.
pub fn drills_rule(language: Language) -> &'static str {
    language.text("book.drills-rule")
}

/// "Hints": the heading of hint pages.
pub fn hints(language: Language) -> &'static str {
    language.text("book.hints")
}

/// "Hints: Warm-up" in the contents when answers follow each section.
pub fn hints_to(language: Language, section: &str) -> String {
    language.say("book.hints-to", &[("section", &section)])
}

/// The heading of hint pages: "Hints", or a ladder's rung ("Hints 1: where to look").
pub fn hints_heading(language: Language, rung: u8) -> String {
    match rung {
        0 => hints(language),
        1 => language.text("book.hints-rung-1"),
        2 => language.text("book.hints-rung-2"),
        _ => language.text("book.hints-rung-3"),
    }
    .to_string()
}

/// A hint as its page prints it: plain (`rung` 0) or the second rung, "X-Wing: look at rows
/// B and F."; the first rung only where to look, "Look at rows B and F."; the third the
/// step itself.
pub fn hint_rung(language: Language, nudge: &Nudge, rung: u8) -> String {
    match rung {
        3 if nudge.step.is_some() => nudge.step.clone().unwrap_or_default(),
        1 => {
            let area = if language.catalog().lower_case_inside {
                let mut letters = nudge.area.chars();
                letters
                    .next()
                    .map(|first| first.to_lowercase().chain(letters).collect())
                    .unwrap_or_default()
            } else {
                nudge.area.clone()
            };
            language.say("book.hint-look", &[("area", &area)])
        }
        _ => language.say(
            "book.hint-technique",
            &[("technique", &nudge.technique), ("area", &nudge.area)],
        ),
    }
}

/// The legend of the coordinates, at the head of the walkthroughs.
pub fn coordinates_legend(language: Language, coordinates: Coordinates) -> &'static str {
    match coordinates {
        Coordinates::Letters => language.text("book.coordinates-letters"),
        Coordinates::Numbers => language.text("book.coordinates-numbers"),
    }
}

/// The hint of a puzzle that singles solve.
pub fn no_hint(language: Language) -> &'static str {
    language.text("book.no-hint")
}

/// "Walkthroughs": the heading of walkthrough pages.
pub fn walkthroughs(language: Language) -> &'static str {
    language.text("book.walkthroughs")
}

/// The techniques chapter's heading.
pub fn techniques(language: Language) -> &'static str {
    language.text("book.techniques")
}

/// The techniques chapter of a book whose puzzles need only singles.
pub fn only_singles(language: Language) -> &'static str {
    language.text("book.only-singles")
}

/// Where a technique's example comes from: "Example from puzzle 37, p. 41".
pub fn example_from(language: Language, puzzle: usize, page: usize) -> String {
    language.say("book.example-from", &[("puzzle", &puzzle), ("page", &page)])
}

/// "Walkthroughs: Warm-up" in the contents when answers follow each section.
pub fn walkthroughs_to(language: Language, section: &str) -> String {
    language.say("book.walkthroughs-to", &[("section", &section)])
}

/// "Puzzle 12" above a walkthrough, "Puzzle 12 (continued)" on its later pages.
pub fn walkthrough_of(language: Language, number: usize, continued: bool) -> String {
    let key = if continued {
        "book.walkthrough-continued"
    } else {
        "book.walkthrough-of"
    };
    language.say(key, &[("number", &number)])
}

/// "Figure for step 9": the caption of a walkthrough figure set on the page after its
/// step's words.
pub fn walkthrough_figure_of(language: Language, step: usize) -> String {
    language.say("book.walkthrough-figure", &[("step", &step)])
}

/// "Puzzle p. 7 · Answer p. 45" beside a walkthrough's heading.
pub fn puzzle_and_answer(language: Language, puzzle: usize, answer: Option<usize>) -> String {
    match answer {
        None => puzzle_on_page(language, puzzle),
        Some(answer) => language.say(
            "book.puzzle-and-answer",
            &[("puzzle", &puzzle), ("answer", &answer)],
        ),
    }
}

/// "Puzzle p. 7 · Walkthrough p. 212" under an answer that has a walkthrough.
pub fn puzzle_and_walkthrough(language: Language, puzzle: usize, walkthrough: usize) -> String {
    language.say(
        "book.puzzle-and-walkthrough",
        &[("puzzle", &puzzle), ("walkthrough", &walkthrough)],
    )
}

/// "Puzzle p. 7" under an answer.
pub fn puzzle_on_page(language: Language, page: usize) -> String {
    language.say("book.puzzle-on-page", &[("page", &page)])
}

/// "Answers: Warm-up" in the contents when answers follow each section.
pub fn answers_to(language: Language, section: &str) -> String {
    language.say("book.answers-to", &[("section", &section)])
}

/// "120 puzzles" on the title page.
pub fn puzzle_count(language: Language, count: usize) -> String {
    language.count("book.puzzle-count", count as u64, &[])
}

/// "Solutions: Warm-up": a heading the spec names, followed by a section's title.
pub fn titled_section(language: Language, title: &str, section: &str) -> String {
    language.say(
        "book.titled-section",
        &[("title", &title), ("section", &section)],
    )
}

/// A tier as words and stars on a scale of `scale` stars: ("Hard", "★★★☆☆☆"). `None`
/// for an unknown tier name.
pub fn tier(
    kind: &Kind,
    name: &str,
    language: Language,
    scale: usize,
) -> Option<(&'static str, String)> {
    let tiers = kind.book.tiers();
    let level = tiers.iter().position(|tier| *tier == name)?;
    let word = kind.layout.tier_words(language).get(level)?.as_str();
    let scale = scale.max(tiers.len());
    let stars = "★".repeat(level + 1) + &"☆".repeat(scale - level - 1);
    Some((word, stars))
}

/// The stars of a book's difficulty scale: the most tiers any of its kinds has, so that
/// every puzzle of the book is marked on one scale (the kinds' tiers share their names
/// from the easiest up: a mushikui-zan "Hard" has the stars of a sudoku "Hard").
pub fn star_scale(spec: &Spec) -> usize {
    spec.sections
        .iter()
        .map(|section| section.kind.book.tiers().len())
        .max()
        .unwrap_or(0)
}
