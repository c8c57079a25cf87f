//! The book's own words in each language: headings, captions, tiers and the rules.

use crate::book::kind::Nudge;
use crate::book::spec::{Language, Spec};
use crate::kind::Kind;
use crate::sudoku::coordinates::Coordinates;

pub fn contents(language: Language) -> &'static str {
    match language {
        Language::English => "Contents",
        Language::Japanese => "目次",
    }
}

pub fn answers(language: Language) -> &'static str {
    match language {
        Language::English => "Answers",
        Language::Japanese => "解答",
    }
}

/// "How to play: Sudoku" / "遊び方：ナンプレ".
pub fn rules_heading(kind: &Kind, language: Language) -> String {
    match language {
        Language::English => format!("How to play: {}", kind_name(kind, language)),
        Language::Japanese => format!("遊び方：{}", kind_name(kind, language)),
    }
}

pub fn kind_name(kind: &Kind, language: Language) -> &'static str {
    kind.book.default_title(language)
}

/// "Answer p. 45" under a puzzle.
pub fn answer_on_page(language: Language, page: usize) -> String {
    match language {
        Language::English => format!("Answer p. {page}"),
        Language::Japanese => format!("解答 {page}ページ"),
    }
}

/// "Hints": the heading of hint pages.
pub fn hints(language: Language) -> &'static str {
    match language {
        Language::English => "Hints",
        Language::Japanese => "ヒント",
    }
}

/// "Hints: Warm-up" in the contents when answers follow each section.
pub fn hints_to(language: Language, section: &str) -> String {
    match language {
        Language::English => format!("Hints: {section}"),
        Language::Japanese => format!("ヒント：{section}"),
    }
}

/// The heading of hint pages: "Hints", or a ladder's rung ("Hints 1: where to look").
pub fn hints_heading(language: Language, rung: u8) -> String {
    match (language, rung) {
        (_, 0) => hints(language).to_string(),
        (Language::English, 1) => "Hints 1: where to look".to_string(),
        (Language::English, 2) => "Hints 2: the technique".to_string(),
        (Language::English, _) => "Hints 3: the step".to_string(),
        (Language::Japanese, 1) => "ヒント1：どこを見るか".to_string(),
        (Language::Japanese, 2) => "ヒント2：使うテクニック".to_string(),
        (Language::Japanese, _) => "ヒント3：解き方の一歩".to_string(),
    }
}

/// A hint as its page prints it: plain (`rung` 0) or the second rung, "X-Wing: look at rows
/// B and F."; the first rung only where to look, "Look at rows B and F."; the third the
/// step itself.
pub fn hint_rung(language: Language, nudge: &Nudge, rung: u8) -> String {
    match (language, rung) {
        (_, 3) if nudge.step.is_some() => nudge.step.clone().unwrap_or_default(),
        (Language::English, 1) => {
            let mut letters = nudge.area.chars();
            let area: String = letters
                .next()
                .map(|first| first.to_lowercase().chain(letters).collect())
                .unwrap_or_default();
            format!("Look at {area}.")
        }
        (Language::Japanese, 1) => format!("{}に注目。", nudge.area),
        (Language::English, _) => format!("{}: look at {}.", nudge.technique, nudge.area),
        (Language::Japanese, _) => format!("{}：{}に注目。", nudge.technique, nudge.area),
    }
}

/// The legend of the coordinates, at the head of the walkthroughs.
pub fn coordinates_legend(language: Language, coordinates: Coordinates) -> &'static str {
    match (language, coordinates) {
        (Language::English, Coordinates::Letters) => {
            "Rows are lettered A, B, C… from the top and columns numbered 1, 2, 3… from the left, as printed beside each grid: C7 is the cell in row C, column 7. Boxes are numbered 1, 2, 3… across and down from the top left; a jigsaw's regions by the number in a corner. C7 ≠ 5 means C7 cannot hold 5."
        }
        (Language::English, Coordinates::Numbers) => {
            "Rows are numbered 1, 2, 3… from the top and columns 1, 2, 3… from the left, as printed beside each grid: r3c7 is the cell in row 3, column 7. Boxes are numbered 1, 2, 3… across and down from the top left; a jigsaw's regions by the number in a corner. r3c7≠5 means r3c7 cannot hold 5."
        }
        (Language::Japanese, Coordinates::Letters) => {
            "行は上からA、B、C…、列は左から1、2、3…と盤の外に示しています。C7はC行・7列目のマスです。ブロックは左上から右へ、下へと1、2、3…と数え、変形ナンプレの領域は角の番号で示します。C7≠5はC7に5が入らないことを表します。"
        }
        (Language::Japanese, Coordinates::Numbers) => {
            "行は上から1、2、3…、列は左から1、2、3…と盤の外に示しています。r3c7は3行目・7列目のマスです。ブロックは左上から右へ、下へと1、2、3…と数え、変形ナンプレの領域は角の番号で示します。r3c7≠5はr3c7に5が入らないことを表します。"
        }
    }
}

/// The hint of a puzzle that singles solve.
pub fn no_hint(language: Language) -> &'static str {
    match language {
        Language::English => {
            "Singles all the way: look for a house with one place left for a digit."
        }
        Language::Japanese => {
            "基本の解き方だけで解けます。数字の入る場所が1つしかない列・行・ブロックを探しましょう。"
        }
    }
}

/// "Walkthroughs": the heading of walkthrough pages.
pub fn walkthroughs(language: Language) -> &'static str {
    match language {
        Language::English => "Walkthroughs",
        Language::Japanese => "解き方",
    }
}

/// The techniques chapter's heading.
pub fn techniques(language: Language) -> &'static str {
    match language {
        Language::English => "Techniques",
        Language::Japanese => "解き方のテクニック",
    }
}

/// The techniques chapter of a book whose puzzles need only singles.
pub fn only_singles(language: Language) -> &'static str {
    match language {
        Language::English => {
            "Every puzzle in this book is solved with singles alone: a digit with one place left in a row, column or box, or a cell with one candidate left."
        }
        Language::Japanese => {
            "この本の問題はすべてシングルだけで解ける：行・列・ブロックで入る場所が1つだけの数字、または候補が1つだけのマス。"
        }
    }
}

/// Where a technique's example comes from: "Example from puzzle 37, p. 41".
pub fn example_from(language: Language, puzzle: usize, page: usize) -> String {
    match language {
        Language::English => format!("Example from puzzle {puzzle}, p. {page}:"),
        Language::Japanese => format!("例：問題{puzzle}（{page}ページ）より"),
    }
}

/// "Walkthroughs: Warm-up" in the contents when answers follow each section.
pub fn walkthroughs_to(language: Language, section: &str) -> String {
    match language {
        Language::English => format!("Walkthroughs: {section}"),
        Language::Japanese => format!("解き方：{section}"),
    }
}

/// "Puzzle 12" above a walkthrough, "Puzzle 12 (continued)" on its later pages.
pub fn walkthrough_of(language: Language, number: usize, continued: bool) -> String {
    match (language, continued) {
        (Language::English, false) => format!("Puzzle {number}"),
        (Language::English, true) => format!("Puzzle {number} (continued)"),
        (Language::Japanese, false) => format!("問題{number}"),
        (Language::Japanese, true) => format!("問題{number}（続き）"),
    }
}

/// "Puzzle p. 7 · Answer p. 45" beside a walkthrough's heading.
pub fn puzzle_and_answer(language: Language, puzzle: usize, answer: Option<usize>) -> String {
    match (language, answer) {
        (_, None) => puzzle_on_page(language, puzzle),
        (Language::English, Some(answer)) => format!("Puzzle p. {puzzle} · Answer p. {answer}"),
        (Language::Japanese, Some(answer)) => format!("問題 {puzzle}ページ／解答 {answer}ページ"),
    }
}

/// "Puzzle p. 7 · Walkthrough p. 212" under an answer that has a walkthrough.
pub fn puzzle_and_walkthrough(language: Language, puzzle: usize, walkthrough: usize) -> String {
    match language {
        Language::English => format!("Puzzle p. {puzzle} · Walkthrough p. {walkthrough}"),
        Language::Japanese => format!("問題 {puzzle}ページ／解き方 {walkthrough}ページ"),
    }
}

/// "Puzzle p. 7" under an answer.
pub fn puzzle_on_page(language: Language, page: usize) -> String {
    match language {
        Language::English => format!("Puzzle p. {page}"),
        Language::Japanese => format!("問題 {page}ページ"),
    }
}

/// "Answers: Warm-up" in the contents when answers follow each section.
pub fn answers_to(language: Language, section: &str) -> String {
    match language {
        Language::English => format!("Answers: {section}"),
        Language::Japanese => format!("解答：{section}"),
    }
}

/// "120 puzzles" on the title page.
pub fn puzzle_count(language: Language, count: usize) -> String {
    match (language, count) {
        (Language::English, 1) => "1 puzzle".to_string(),
        (Language::English, _) => format!("{count} puzzles"),
        (Language::Japanese, _) => format!("全{count}問"),
    }
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
    let word = kind.layout.tier_words(language).get(level)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::{ALL, MUSHIKUI, SUDOKU};

    #[test]
    fn tiers_have_words_and_stars() {
        assert_eq!(
            tier(&SUDOKU, "hard", Language::English, 6),
            Some(("Hard", "★★★☆☆☆".to_string()))
        );
        assert_eq!(
            tier(&MUSHIKUI, "easy", Language::Japanese, 4),
            Some(("初級", "★☆☆☆".to_string()))
        );
        assert_eq!(tier(&SUDOKU, "impossible", Language::English, 6), None);
        // On a book's scale of six, a mushikui-zan tier has the stars of the sudoku tier
        // of its name.
        assert_eq!(
            tier(&MUSHIKUI, "hard", Language::English, 6),
            Some(("Hard", "★★★☆☆☆".to_string()))
        );
    }

    #[test]
    fn every_tier_of_every_kind_has_words() {
        for kind in ALL {
            for language in [Language::English, Language::Japanese] {
                assert_eq!(
                    kind.layout.tier_words(language).len(),
                    kind.book.tiers().len(),
                    "{kind:?}"
                );
            }
        }
    }
}
