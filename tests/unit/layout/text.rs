use puzzlebook::layout::font::ADVANCES_LOOKED_UP;
use puzzlebook::layout::font::FontMetrics;
use puzzlebook::layout::fonts::{BundledFont, Face};
use puzzlebook::layout::page::Item;
use puzzlebook::layout::text::*;

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
    while !shortened.is_empty() && metrics.width(&format!("{shortened}{ellipsis}"), size) > width {
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
