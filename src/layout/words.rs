//! The book's own words in each language: headings, captions, tiers and the rules.

use crate::book::spec::{Kind, Language};

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
pub fn rules_heading(kind: Kind, language: Language) -> String {
    match language {
        Language::English => format!("How to play: {}", kind_name(kind, language)),
        Language::Japanese => format!("遊び方：{}", kind_name(kind, language)),
    }
}

pub fn kind_name(kind: Kind, language: Language) -> &'static str {
    crate::book::spec::default_section_title(kind, language)
}

/// "Answer p. 45" under a puzzle.
pub fn answer_on_page(language: Language, page: usize) -> String {
    match language {
        Language::English => format!("Answer p. {page}"),
        Language::Japanese => format!("解答 {page}ページ"),
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

/// A tier as words and stars: ("Hard", "★★★☆☆☆"). `None` for an unknown tier name.
pub fn tier(kind: Kind, name: &str, language: Language) -> Option<(&'static str, String)> {
    let (tiers, words): (&[&str], [&[&str]; 2]) = match kind {
        Kind::Sudoku => (
            &crate::book::spec::SUDOKU_TIERS,
            [
                &["Easy", "Medium", "Hard", "Expert", "Diabolical", "Extreme"],
                &["初級", "中級", "上級", "難問", "超難問", "極難問"],
            ],
        ),
        Kind::Mushikui => (
            &crate::book::spec::MUSHIKUI_TIERS,
            [
                &["Easy", "Medium", "Hard", "Expert"],
                &["初級", "中級", "上級", "難問"],
            ],
        ),
    };
    let level = tiers.iter().position(|tier| *tier == name)?;
    let word = match language {
        Language::English => words[0][level],
        Language::Japanese => words[1][level],
    };
    let stars = "★".repeat(level + 1) + &"☆".repeat(tiers.len() - level - 1);
    Some((word, stars))
}

/// The rules of a kind, as paragraphs.
pub fn rules(kind: Kind, language: Language) -> &'static [&'static str] {
    match (kind, language) {
        (Kind::Sudoku, Language::English) => &[
            "Fill the grid so that every row, every column and every 3 × 3 box outlined in bold contains each of the digits 1 to 9 exactly once.",
            "Every puzzle has exactly one solution, and it can be reached by logic alone: no guessing is needed.",
            "Each puzzle shows its number, its difficulty in words and stars, and the page of its answer.",
        ],
        (Kind::Sudoku, Language::Japanese) => &[
            "空いているマスに1から9までの数字を入れましょう。どの横の列、どの縦の列、太線で囲まれたどの3×3のブロックにも、1から9までの数字が1つずつ入ります。",
            "答えはどの問題も1通りだけで、当てずっぽうに頼らず推理だけで解けます。",
            "各問題には問題番号、難しさ（言葉と星の数）、解答のページが示されています。",
        ],
        (Kind::Mushikui, Language::English) => &[
            "Each figure is a calculation worked out on paper (an addition, a subtraction, a long multiplication or a long division) from which insects have eaten some of the digits.",
            "Every box hides one digit from 0 to 9. Restore all of them so that the whole calculation is correct again. No number of two or more digits starts with 0.",
            "In long divisions, as in printed books, a 0 in the quotient brings the next digit down at once: its product and the row before it are not written.",
            "Every puzzle has exactly one solution.",
        ],
        (Kind::Mushikui, Language::Japanese) => &[
            "虫に食べられて数字の一部が消えてしまった筆算（たし算・ひき算・かけ算・わり算）です。",
            "□には0から9までのどれか1つの数字が入ります。筆算全体が正しくなるように、すべての□に数字を入れましょう。2けた以上の数のいちばん上の位は0ではありません。",
            "わり算では、印刷された本と同じように、商が0になる段の計算は省略して次の位をすぐに下ろしています。",
            "答えはどの問題も1通りだけです。",
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_have_words_and_stars() {
        assert_eq!(
            tier(Kind::Sudoku, "hard", Language::English),
            Some(("Hard", "★★★☆☆☆".to_string()))
        );
        assert_eq!(
            tier(Kind::Mushikui, "easy", Language::Japanese),
            Some(("初級", "★☆☆☆".to_string()))
        );
        assert_eq!(tier(Kind::Sudoku, "impossible", Language::English), None);
    }
}
