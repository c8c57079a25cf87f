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

/// Characters a line may not start with (kinsoku: closing brackets and punctuation, the
/// long-vowel mark, small kana and iteration marks, in Japanese and English).
fn no_break_before(ch: char) -> bool {
    matches!(
        ch,
        '、' | '。'
            | '，'
            | '．'
            | '）'
            | '」'
            | '』'
            | '】'
            | '〕'
            | '〉'
            | '》'
            | '］'
            | '｝'
            | '・'
            | '：'
            | '；'
            | 'ー'
            | '～'
            | '…'
            | '‥'
            | '々'
            | 'ゝ'
            | 'ゞ'
            | 'ヽ'
            | 'ヾ'
            | '！'
            | '？'
            | ')'
            | ']'
            | ','
            | '.'
            | ':'
            | ';'
            | '!'
            | '?'
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
            | 'ゎ'
            | 'ゕ'
            | 'ゖ'
            | 'ァ'
            | 'ィ'
            | 'ゥ'
            | 'ェ'
            | 'ォ'
            | 'ッ'
            | 'ャ'
            | 'ュ'
            | 'ョ'
            | 'ヮ'
            | 'ヵ'
            | 'ヶ'
    )
}

/// Characters a line may not end with (kinsoku: opening brackets).
fn no_break_after(ch: char) -> bool {
    matches!(
        ch,
        '「' | '『' | '（' | '【' | '〔' | '〈' | '《' | '［' | '｛' | '(' | '['
    )
}

/// Whether a line may break between `before` and `after` without a space: around
/// characters of scripts written without spaces (kana, kanji, full-width forms).
fn cjk(ch: char) -> bool {
    matches!(u32::from(ch), 0x3000..=0x30FF | 0x3400..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
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

/// The units a line may break between: words with their following space, single CJK
/// characters, each with the closing marks after it and the opening brackets before it
/// (a line never starts with 。、」 or a small kana, and never ends with 「（).
pub fn tokens(text: &str) -> Vec<String> {
    let mut tokens: Vec<String> = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (index, &ch) in chars.iter().enumerate() {
        if ch == ' ' {
            current.push(ch);
            if !glued_space(current.chars().rev().nth(1), chars.get(index + 1).copied()) {
                tokens.push(std::mem::take(&mut current));
            }
            continue;
        }
        let last = current.chars().last();
        let glued = no_break_before(ch) || last.is_some_and(no_break_after);
        let breaks = !glued && (cjk(ch) || last.is_some_and(cjk));
        if breaks && !current.is_empty() {
            tokens.push(std::mem::take(&mut current));
        }
        current.push(ch);
    }
    if !current.is_empty() {
        tokens.push(current);
    }
    tokens
}

/// Whether a space between `before` and `after` holds them together: the spaces around
/// a times sign ("3 × 3" is one unit, never broken or stretched).
fn glued_space(before: Option<char>, after: Option<char>) -> bool {
    before == Some('×') || after == Some('×')
}

/// The characters of a line that count for its length: not spaces or punctuation.
pub fn letters(line: &str) -> usize {
    line.chars()
        .filter(|&ch| !ch.is_whitespace() && !no_break_before(ch) && !ch.is_ascii_punctuation())
        .count()
}

/// The soft hyphen: where a catalog allows a long word to be broken (German compounds,
/// "Schwierig\u{AD}keits\u{AD}grad"); printed as a hyphen at the end of a line, and not at all
/// elsewhere.
pub const SOFT_HYPHEN: char = '\u{AD}';

/// Breaks `text` into lines no wider than `width` at `size`: at spaces, and between
/// characters of scripts written without spaces, by the kinsoku rules. A last line of one
/// character takes a unit from the line before it. A word longer than a line is split.
/// Where the text has soft hyphens, a line that would leave room takes the longest part of
/// the next word that fits with a hyphen after it.
pub fn wrap(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> Vec<String> {
    if text.contains(SOFT_HYPHEN) {
        hyphenated(metrics, text, size, width)
    } else {
        wrap_at_spaces(metrics, text, size, width)
    }
}

/// [`wrap`] of a text with soft hyphens: line by line, the rest of the text is wrapped
/// without them, and its first line takes what it can of the word after it.
fn hyphenated(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> Vec<String> {
    let plain = |word: &str| word.replace(SOFT_HYPHEN, "");
    let mut rest: Vec<String> = text.split(' ').map(str::to_string).collect();
    let mut lines = Vec::new();
    loop {
        // A word wider than the line is broken at its last soft hyphen that fits.
        let head = &rest[0];
        if head.contains(SOFT_HYPHEN) && metrics.width(&plain(head), size) > width {
            let fitting = head
                .match_indices(SOFT_HYPHEN)
                .map(|(at, _)| at)
                .rev()
                .find(|&at| metrics.width(&format!("{}-", plain(&head[..at])), size) <= width);
            if let Some(at) = fitting {
                lines.push(format!("{}-", plain(&head[..at])));
                rest[0] = head[at + SOFT_HYPHEN.len_utf8()..].to_string();
                continue;
            }
        }
        let joined = rest
            .iter()
            .map(|word| plain(word))
            .collect::<Vec<_>>()
            .join(" ");
        let mut wrapped = wrap_at_spaces(metrics, &joined, size, width);
        if wrapped.len() < 2 {
            lines.append(&mut wrapped);
            return lines;
        }
        let first = wrapped.remove(0);
        let taken = first.split(' ').count();
        let whole_words = rest.len() > taken
            && rest[..taken]
                .iter()
                .map(|word| plain(word))
                .collect::<Vec<_>>()
                .join(" ")
                == first;
        if !whole_words {
            // A word longer than the line was cut: the plain wrap has the rest right.
            lines.push(first);
            lines.append(&mut wrapped);
            return lines;
        }
        let next = &rest[taken];
        let part = next
            .match_indices(SOFT_HYPHEN)
            .map(|(at, _)| at)
            .rev()
            .map(|at| (at, format!("{first} {}-", plain(&next[..at]))))
            .find(|(_, line)| metrics.width(line, size) <= width);
        match part {
            Some((at, line)) => {
                lines.push(line);
                let remainder = next[at + SOFT_HYPHEN.len_utf8()..].to_string();
                rest.drain(..=taken);
                rest.insert(0, remainder);
            }
            None => {
                lines.push(first);
                rest.drain(..taken);
            }
        }
    }
}

/// [`wrap`] of a text without soft hyphens.
fn wrap_at_spaces(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> Vec<String> {
    // Linear in the length of the text: widths are running sums of the characters'
    // advances, added in the order [`FontMetrics::width`] adds them, so every decision is
    // the one measuring each candidate line afresh would make.
    let fits = |advances: f64| advances * size <= width;
    let add = |sum: f64, text: &str| text.chars().fold(sum, |sum, ch| sum + metrics.advance(ch));
    let joined = |units: &[String]| units.concat();
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut line: Vec<String> = Vec::new();
    // The advances of the line's units joined, and of that without its trailing spaces.
    let (mut whole, mut trimmed) = (0.0, 0.0);
    for token in tokens(text) {
        let body = token.trim_end();
        let with_token = |whole: f64, trimmed: f64| {
            if body.is_empty() {
                trimmed
            } else {
                add(whole, body)
            }
        };
        if !line.is_empty() && !fits(with_token(whole, trimmed)) {
            lines.push(std::mem::take(&mut line));
            (whole, trimmed) = (0.0, 0.0);
        }
        trimmed = with_token(whole, trimmed);
        whole = add(whole, &token);
        if line.len() > 1 || fits(trimmed) || token.chars().nth(1).is_none() {
            line.push(token);
            continue;
        }
        // A single unit wider than the line is cut where it overflows.
        let mut start = 0;
        loop {
            let rest = &token[start..];
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
            lines.push(vec![rest[..cut].to_string()]);
            start += cut;
            let rest = &token[start..];
            if !overflows(metrics, rest.trim_end(), size, width) || rest.chars().nth(1).is_none() {
                break;
            }
        }
        let rest = token[start..].to_string();
        (whole, trimmed) = (add(0.0, &rest), add(0.0, rest.trim_end()));
        line = vec![rest];
    }
    if !joined(&line).trim().is_empty() {
        lines.push(line);
    }
    // No one-character last line: it takes units from the line before while that line
    // keeps two or more and the last line still fits.
    while lines.len() >= 2 {
        let last = lines.len() - 1;
        if letters(&joined(&lines[last])) > 1 || lines[last - 1].len() < 3 {
            break;
        }
        let unit = lines[last - 1].pop().expect("three or more units");
        let candidate = format!("{unit}{}", joined(&lines[last]));
        if metrics.width(candidate.trim_end(), size) > width {
            lines[last - 1].push(unit);
            break;
        }
        lines[last].insert(0, unit);
    }
    lines
        .iter()
        .map(|units| joined(units).trim_end().to_string())
        .filter(|line| !line.is_empty())
        .collect()
}

/// Breaks `text` into as few lines as [`wrap`] does at `width`, as even as they can be: the
/// lines of the narrowest width that still needs no more of them. A title set this way
/// never leaves one word alone on its last line when its words can be shared out.
pub fn balanced(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> Vec<String> {
    let lines = wrap(metrics, text, size, width);
    if lines.len() < 2 {
        return lines;
    }
    let (mut narrow, mut wide) = (0.0, width);
    for _ in 0..20 {
        let middle = (narrow + wide) / 2.0;
        if wrap(metrics, text, size, middle).len() <= lines.len() {
            wide = middle;
        } else {
            narrow = middle;
        }
    }
    wrap(metrics, text, size, wide)
}

/// Sets `line` across `width` from `x` on the baseline `y`, justified: the room left over
/// goes between words, and between characters where one of the two is written without
/// spaces (never inside a Latin word or number). A line with nowhere to put the room, or
/// that would open gaps wider than its size, is set flush left. Returns the runs.
pub fn justified(
    metrics: &FontMetrics,
    face: FaceId,
    line: &str,
    size: f64,
    (x, y): (f64, f64),
    width: f64,
) -> Vec<Item> {
    // Pieces that keep together, and whether a gap may open after each.
    let mut pieces: Vec<String> = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = line.chars().collect();
    for (index, &ch) in chars.iter().enumerate() {
        current.push(ch);
        let next = chars.get(index + 1).copied();
        let gap = match next {
            None => false,
            Some(next) => {
                let before = index.checked_sub(1).map(|before| chars[before]);
                (ch == ' ' && !glued_space(before, Some(next))) || cjk(ch) || cjk(next)
            }
        };
        if gap {
            pieces.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    let natural = metrics.width(line, size);
    let gaps = pieces.len().saturating_sub(1);
    let extra = width - natural;
    if gaps == 0 || extra <= 0.0 || extra / gaps as f64 > size {
        return vec![run(metrics, face, line, size, (x, y), Align::Left, 0.0)];
    }
    let each = extra / gaps as f64;
    let mut at = x;
    let mut items = Vec::with_capacity(pieces.len());
    for piece in &pieces {
        let shown = piece.trim_end();
        if !shown.is_empty() {
            items.push(run(metrics, face, shown, size, (at, y), Align::Left, 0.0));
        }
        at += metrics.width(piece, size) + each;
    }
    items
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

    /// Wrapping measured plainly: every candidate line measured afresh (quadratic).
    fn reference_wrap(metrics: &FontMetrics, text: &str, size: f64, width: f64) -> Vec<String> {
        let mut lines: Vec<Vec<String>> = Vec::new();
        let mut line: Vec<String> = Vec::new();
        let joined = |units: &[String]| units.concat();
        for token in tokens(text) {
            let candidate = format!("{}{token}", joined(&line));
            if line.is_empty() || metrics.width(candidate.trim_end(), size) <= width {
                line.push(token);
            } else {
                lines.push(std::mem::take(&mut line));
                line.push(token);
            }
            // A single unit wider than the line is cut where it overflows.
            while line.len() == 1
                && metrics.width(line[0].trim_end(), size) > width
                && line[0].chars().count() > 1
            {
                let mut cut = String::new();
                for ch in line[0].chars() {
                    if !cut.is_empty() && metrics.width(&format!("{cut}{ch}"), size) > width {
                        break;
                    }
                    cut.push(ch);
                }
                let rest = line[0][cut.len()..].to_string();
                lines.push(vec![cut]);
                line = vec![rest];
            }
        }
        if !joined(&line).trim().is_empty() {
            lines.push(line);
        }
        // No one-character last line: it takes units from the line before while that line
        // keeps two or more and the last line still fits.
        while lines.len() >= 2 {
            let last = lines.len() - 1;
            if letters(&joined(&lines[last])) > 1 || lines[last - 1].len() < 3 {
                break;
            }
            let unit = lines[last - 1].pop().expect("three or more units");
            let candidate = format!("{unit}{}", joined(&lines[last]));
            if metrics.width(candidate.trim_end(), size) > width {
                lines[last - 1].push(unit);
                break;
            }
            lines[last].insert(0, unit);
        }
        lines
            .iter()
            .map(|units| joined(units).trim_end().to_string())
            .filter(|line| !line.is_empty())
            .collect()
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
    fn soft_hyphens_break_long_words_with_a_hyphen_and_print_nowhere_else() {
        let face = Face::bundled(BundledFont::DejaVuSans);
        let metrics = &face.metrics;
        let text = "Jedes Rätsel zeigt seine Nummer, seinen Schwierig\u{AD}keits\u{AD}grad in Worten und Sternen.";
        let plain = text.replace(SOFT_HYPHEN, "");
        let width = metrics.width("Jedes Rätsel zeigt seine Nummer, seinen Schwierig-", 10.0) + 1.0;
        let lines = wrap(metrics, text, 10.0, width);
        assert_eq!(
            lines[0],
            "Jedes Rätsel zeigt seine Nummer, seinen Schwierig-"
        );
        assert!(lines[1].starts_with("keitsgrad"), "{lines:?}");
        for line in &lines {
            assert!(!line.contains(SOFT_HYPHEN), "{line:?}");
            assert!(metrics.width(line, 10.0) <= width, "{line:?}");
        }
        let rejoined = lines.join(" ").replace("- ", "");
        assert_eq!(rejoined, plain);
        // Wide enough for all: no hyphen, no soft hyphen.
        assert_eq!(wrap(metrics, text, 10.0, 10_000.0), [plain]);
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
    fn a_times_sign_keeps_its_numbers_on_its_line() {
        let face = Face::bundled(BundledFont::DejaVuSans);
        let text = "Fill the grid so that every row, every column and every 3 × 3 box outlined in bold contains each of the digits 1 to 9 exactly once.";
        for width in 80..400 {
            let lines = wrap(&face.metrics, text, 10.0, f64::from(width));
            assert!(
                lines.iter().any(|line| line.contains("3 × 3")),
                "{width}: {lines:?}"
            );
        }
        // Justified, the spaces around the sign do not stretch: "3 × 3" stays one run.
        let items = justified(
            &face.metrics,
            0,
            "and every 3 × 3 box outlined",
            10.0,
            (0.0, 0.0),
            170.0,
        );
        assert!(
            items
                .iter()
                .any(|item| matches!(item, Item::Text { text, .. } if text == "3 × 3")),
            "{items:?}"
        );
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

    /// The kinsoku rules, on every width a rules page could have: no line starts with a
    /// closing mark, the long-vowel mark or a small kana, none ends with an opening bracket,
    /// no last line is one character, and nothing is lost.
    #[test]
    fn japanese_lines_keep_the_kinsoku_rules() {
        let face = Face::bundled(BundledFont::IpaexGothic);
        let text = "キラーサドク（サムナンプレ）：ナンプレと同じく、どの横の列にも数字が1つずつ入ります。「ケージ」の中の数字を足すとその数になり、同じケージの中に同じ数字は入りません。ショートカットはありません。";
        let starts: Vec<char> = "。、」）ー：ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
            .chars()
            .collect();
        let mut runts = 0;
        for width in 60..400 {
            let width = f64::from(width);
            let lines = wrap(&face.metrics, text, 10.0, width);
            assert_eq!(lines.concat(), text, "{width}");
            for line in &lines {
                let first = line.chars().next().unwrap();
                let last = line.chars().last().unwrap();
                assert!(!starts.contains(&first), "{width}: {line}");
                assert!(!"「（".contains(last), "{width}: {line}");
                assert!(
                    face.metrics.width(line, 10.0) <= width + 1e-9,
                    "{width}: {line}"
                );
            }
            if lines.len() > 1 && letters(lines.last().unwrap()) <= 1 {
                runts += 1;
            }
        }
        assert_eq!(runts, 0);
    }

    #[test]
    fn balanced_lines_leave_no_word_alone() {
        let face = Face::bundled(BundledFont::DejaVuSansBold);
        let title = "The Little Giant Book of Logic";
        let size = 30.0;
        let full = face.metrics.width(title, size);
        let mut lone = 0;
        for step in 0..40 {
            let width = full * (0.5 + f64::from(step) * 0.0124);
            let greedy = wrap(&face.metrics, title, size, width);
            let even = balanced(&face.metrics, title, size, width);
            assert_eq!(even.len(), greedy.len(), "{width}");
            assert_eq!(even.join(" "), title);
            if greedy.len() == 2 && !greedy[1].contains(' ') {
                lone += 1;
            }
            if even.len() == 2 {
                assert!(even[1].contains(' '), "{width}: {even:?}");
                let (a, b) = (
                    face.metrics.width(&even[0], size),
                    face.metrics.width(&even[1], size),
                );
                assert!(a.max(b) / a.min(b) < 1.6, "{width}: {even:?}");
            }
        }
        // Greedy breaking does leave a word alone at some of these widths.
        assert!(lone > 0);
    }

    #[test]
    fn justified_lines_fill_their_width_between_characters_and_words() {
        let face = Face::bundled(BundledFont::IpaexGothic);
        let line = "数字が1から16まで入ります。";
        let items = justified(&face.metrics, 0, line, 10.0, (20.0, 50.0), 200.0);
        let text: String = items
            .iter()
            .map(|item| match item {
                Item::Text { text, .. } => text.clone(),
                _ => String::new(),
            })
            .collect();
        assert_eq!(text, line);
        // "16" stays one run; the last character ends at the right edge.
        assert!(
            items
                .iter()
                .any(|item| matches!(item, Item::Text { text, .. } if text == "16"))
        );
        let Some(Item::Text { at, text, size, .. }) = items.last() else {
            panic!("no runs");
        };
        let end = at.x + face.metrics.width(text, *size);
        assert!((end - 220.0).abs() < 1e-9, "{end}");
        let latin = Face::bundled(BundledFont::DejaVuSans);
        let items = justified(
            &latin.metrics,
            0,
            "Fill the grid so",
            10.0,
            (0.0, 0.0),
            100.0,
        );
        assert_eq!(items.len(), 4);
    }
}
