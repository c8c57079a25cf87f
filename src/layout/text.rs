//! Setting lines of text: alignment and line breaking by measured width.

use super::font::FontMetrics;
use super::fonts::FaceId;
use super::page::{Colour, Item, Point};

/// Horizontal alignment of a run against an x position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// A text run aligned at `x` on the baseline `y`, given as `(x, y)`.
pub fn run(
    metrics: &FontMetrics,
    face: FaceId,
    text: &str,
    size: f64,
    (x, y): (f64, f64),
    align: Align,
    grey: f64,
) -> Item {
    let width = metrics.width(text, size);
    let start = match align {
        Align::Left => x,
        Align::Centre => x - width / 2.0,
        Align::Right => x - width,
    };
    Item::Text {
        at: Point { x: start, y },
        size,
        face,
        text: text.to_string(),
        colour: Colour::grey(grey),
    }
}

/// Characters a line may not start with (closing punctuation, in Japanese and English).
fn no_break_before(ch: char) -> bool {
    matches!(
        ch,
        '、' | '。'
            | '，'
            | '．'
            | '）'
            | '」'
            | '』'
            | '・'
            | 'ー'
            | '！'
            | '？'
            | ')'
            | ','
            | '.'
            | ':'
            | ';'
    ) || matches!(
        ch,
        'ぁ' | 'ぃ'
            | 'ぅ'
            | 'ぇ'
            | 'ぉ'
            | 'っ'
            | 'ゃ'
            | 'ゅ'
            | 'ょ'
            | 'ァ'
            | 'ィ'
            | 'ゥ'
            | 'ェ'
            | 'ォ'
            | 'ッ'
            | 'ャ'
            | 'ュ'
            | 'ョ'
    )
}

/// Whether a line may break between `before` and `after` without a space: around
/// characters of scripts written without spaces (kana, kanji, full-width forms).
fn cjk(ch: char) -> bool {
    matches!(u32::from(ch), 0x3000..=0x30FF | 0x3400..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// Breaks `text` into lines no wider than `width` at `size`: at spaces, and between
/// characters of scripts written without spaces. A word longer than a line is split.
pub fn wrap(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> Vec<String> {
    // Tokens: words with their following space, or single CJK characters.
    let mut tokens: Vec<String> = Vec::new();
    let mut current = String::new();
    for ch in text.chars() {
        if ch == ' ' {
            current.push(ch);
            tokens.push(std::mem::take(&mut current));
        } else if cjk(ch) && !no_break_before(ch) {
            if !current.is_empty() {
                tokens.push(std::mem::take(&mut current));
            }
            current.push(ch);
        } else {
            if !current.is_empty()
                && current.chars().last().is_some_and(cjk)
                && !no_break_before(ch)
            {
                tokens.push(std::mem::take(&mut current));
            }
            current.push(ch);
        }
    }
    if !current.is_empty() {
        tokens.push(current);
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for token in tokens {
        let candidate = format!("{line}{token}");
        if line.is_empty() || metrics.width(candidate.trim_end(), size) <= width {
            line = candidate;
        } else {
            lines.push(line.trim_end().to_string());
            line = token;
        }
        // A single token wider than the line is cut where it overflows.
        while metrics.width(line.trim_end(), size) > width && line.chars().count() > 1 {
            let mut cut = String::new();
            for ch in line.chars() {
                if !cut.is_empty() && metrics.width(&format!("{cut}{ch}"), size) > width {
                    break;
                }
                cut.push(ch);
            }
            let rest = line[cut.len()..].to_string();
            lines.push(cut);
            line = rest;
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::fonts::{BundledFont, Face};

    #[test]
    fn english_wraps_at_spaces_within_the_width() {
        let face = Face::bundled(BundledFont::DejaVuSans);
        let text =
            "Fill the grid so that every row, every column and every box contains each digit once.";
        let lines = wrap(&face.metrics, text, 10.0, 150.0);
        assert!(lines.len() >= 3);
        for line in &lines {
            assert!(face.metrics.width(line, 10.0) <= 150.0, "{line}");
        }
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn japanese_wraps_between_characters_but_not_before_closing_marks() {
        let face = Face::bundled(BundledFont::IpaexGothic);
        let text = "空いているマスに1から9までの数字を入れましょう。どの列にも1つずつ入ります。";
        let lines = wrap(&face.metrics, text, 10.0, 95.0);
        assert!(lines.len() >= 3);
        for line in &lines {
            assert!(face.metrics.width(line, 10.0) <= 95.0, "{line}");
            assert!(!line.starts_with('。') && !line.starts_with('、'), "{line}");
        }
        assert_eq!(lines.concat(), text);
    }
}
