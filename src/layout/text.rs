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
