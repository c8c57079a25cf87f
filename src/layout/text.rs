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
///
/// Linear in the length of the text: widths are running sums of the characters' advances,
/// added in the order [`FontMetrics::width`] adds them, so every decision is the one
/// measuring each candidate line afresh would make.
pub fn wrap(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> Vec<String> {
    let fits = |advances: f64| advances * size <= width;
    let add = |sum: f64, text: &str| text.chars().fold(sum, |sum, ch| sum + metrics.advance(ch));
    let mut lines = Vec::new();
    let mut line = String::new();
    // The advances of `line`, and of `line.trim_end()`.
    let (mut whole, mut trimmed) = (0.0, 0.0);
    for token in tokens(text) {
        let body = token.trim_end();
        let mut with_token = if body.is_empty() {
            trimmed
        } else {
            add(whole, body)
        };
        if !line.is_empty() && !fits(with_token) {
            lines.push(line.trim_end().to_string());
            line.clear();
            (whole, trimmed) = (0.0, 0.0);
            with_token = add(0.0, body);
        }
        if body.is_empty() {
            // Spaces only: the line grows, its trimmed width does not.
            whole = add(whole, &token);
        } else {
            whole = add(with_token, &token[body.len()..]);
            trimmed = with_token;
        }
        line.push_str(&token);
        if fits(trimmed) {
            continue;
        }
        // A single token wider than the line is cut where it overflows.
        let mut start = 0;
        while overflows(metrics, line[start..].trim_end(), size, width)
            && line[start..].chars().nth(1).is_some()
        {
            let rest = &line[start..];
            let mut sum = 0.0;
            let mut cut = 0;
            for (at, ch) in rest.char_indices() {
                let next = sum + metrics.advance(ch);
                if at > 0 && !fits(next) {
                    break;
                }
                sum = next;
                cut = at + ch.len_utf8();
            }
            lines.push(rest[..cut].to_string());
            start += cut;
        }
        line.drain(..start);
        whole = add(0.0, &line);
        trimmed = add(0.0, line.trim_end());
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// Whether `text` is wider than `width` at `size`, read only as far as it takes to tell.
pub fn overflows(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> bool {
    let mut sum = 0.0;
    for ch in text.chars() {
        sum += metrics.advance(ch);
        // Advances are never negative, so a prefix that overflows settles it.
        if sum * size > width {
            return true;
        }
    }
    false
}

/// `text` cut into what lines may break between: words with their following space, and
/// single characters of scripts written without spaces (a closing mark stays with the
/// character before it).
fn tokens(text: &str) -> Vec<String> {
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
                && current.chars().next_back().is_some_and(cjk)
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
    tokens
}

/// `text`, shortened with an ellipsis to fit `width` (as much of it as fits before the
/// ellipsis); linear in what fits, however long the text.
pub fn fit(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> String {
    if !overflows(metrics, text, size, width) {
        return text.to_string();
    }
    let ellipsis = if metrics.has_char('…') {
        "…"
    } else {
        "..."
    };
    let with_ellipsis = |sum: f64| {
        ellipsis
            .chars()
            .fold(sum, |sum, ch| sum + metrics.advance(ch))
    };
    // The longest prefix that fits with the ellipsis after it (prefix widths only grow).
    let mut kept = 0;
    let mut sum = 0.0;
    if with_ellipsis(sum) * size <= width {
        for (at, ch) in text.char_indices() {
            sum += metrics.advance(ch);
            if with_ellipsis(sum) * size > width {
                break;
            }
            kept = at + ch.len_utf8();
        }
    }
    format!("{}{ellipsis}", text[..kept].trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::font::ADVANCES_LOOKED_UP;
    use crate::layout::fonts::{BundledFont, Face};

    /// Wrapping as it was first written: every candidate line measured afresh (quadratic).
    fn reference_wrap(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for token in tokens(text) {
            let candidate = format!("{line}{token}");
            if line.is_empty() || metrics.width(candidate.trim_end(), size) <= width {
                line = candidate;
            } else {
                lines.push(line.trim_end().to_string());
                line = token;
            }
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

    /// Fitting as it was first written: one character dropped at a time.
    fn reference_fit(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> String {
        if metrics.width(text, size) <= width {
            return text.to_string();
        }
        let ellipsis = if metrics.has_char('…') {
            "…"
        } else {
            "..."
        };
        let mut shortened = text.to_string();
        while !shortened.is_empty()
            && metrics.width(&format!("{shortened}{ellipsis}"), size) > width
        {
            shortened.pop();
        }
        format!("{}{ellipsis}", shortened.trim_end())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// The linear wrap and fit decide exactly as measuring every candidate would.
        #[test]
        fn wrap_and_fit_agree_with_measuring_every_candidate(
            text in "[a-zA-Z0-9 .,]{0,60}|[ a-z空いるマスに数字を入れ。、ー]{0,60}|[A-Z]{0,200}",
            width in 0.0f64..200.0,
            size in 4.0f64..20.0,
        ) {
            let latin = Face::bundled(BundledFont::DejaVuSans);
            let japanese = Face::bundled(BundledFont::IpaexGothic);
            for face in [&latin, &japanese] {
                let metrics = &face.metrics;
                proptest::prop_assert_eq!(
                    wrap(metrics, &text, size, width),
                    reference_wrap(metrics, &text, size, width)
                );
                proptest::prop_assert_eq!(
                    fit(metrics, &text, size, width),
                    reference_fit(metrics, &text, size, width)
                );
            }
        }
    }

    /// Layout time must not grow with the square of a text's length (a 10,000-character
    /// title once took seconds per page): wrapping and fitting look each character up a
    /// few times at most.
    #[test]
    fn wrapping_and_fitting_are_linear_in_the_text() {
        let face = Face::bundled(BundledFont::DejaVuSans);
        let metrics = &face.metrics;
        let long_word = "W".repeat(20_000);
        let words = "Sudoku ".repeat(3_000);
        for text in [&long_word, &words] {
            let count = text.chars().count();
            ADVANCES_LOOKED_UP.with(|looked_up| looked_up.set(0));
            let lines = wrap(metrics, text, 10.0, 300.0);
            let wrapped = ADVANCES_LOOKED_UP.with(|looked_up| looked_up.get());
            assert!(lines.len() > 100);
            assert!(
                wrapped <= 6 * count,
                "{wrapped} lookups for {count} characters"
            );
            ADVANCES_LOOKED_UP.with(|looked_up| looked_up.set(0));
            let fitted = fit(metrics, text, 10.0, 300.0);
            let looked_up = ADVANCES_LOOKED_UP.with(|looked_up| looked_up.get());
            assert!(fitted.ends_with('…') && fitted.len() < 200, "{fitted}");
            assert!(looked_up <= 200, "{looked_up} lookups to fit one line");
        }
    }

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
