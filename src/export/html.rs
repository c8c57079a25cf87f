//! The book as one self-contained web page: to read, to print (one puzzle per page, the
//! answers at the back) and to play in a browser.
//!
//! Each figure is the kind's own drawing as inline SVG with its digits as glyph outlines
//! (defined once for the page), so the page needs no font. Over a puzzle's figure lie
//! buttons for the places a solver fills in ([`super::blanks`]): the same for every kind.
//! The style sheet and the script are `assets/html/page.css` and `page.js`, compiled in;
//! the page makes no network request (its Content-Security-Policy forbids any).

use std::fmt::Write;

use quick_xml::escape::escape;
use sha2::{Digest, Sha256};

use super::svg::{SvgWriter, TextMode};
use super::{blanks, figure};
use crate::book::Plan;
use crate::book::plan::Puzzle;
use crate::book::spec::{Language, Spec};
use crate::error::{Error, Result};
use crate::layout::fonts::FontSet;
use crate::layout::kind::Show;
use crate::layout::words;

const STYLE: &str = include_str!("../../assets/html/page.css");
const SCRIPT: &str = include_str!("../../assets/html/page.js");

/// Answers printed on one paper page.
pub const ANSWERS_PER_PAGE: usize = 6;

/// The words of the page's controls, by language.
fn strings(language: Language) -> serde_json::Value {
    let mut strings = serde_json::Map::new();
    for (name, key) in [
        ("check", "web.check"),
        ("reveal", "web.reveal"),
        ("undo", "web.undo"),
        ("erase", "web.erase"),
        ("pencil", "web.pencil"),
        ("reset", "web.reset"),
        ("solved", "web.solved"),
        ("wrong", "web.wrong"),
        ("right", "web.right"),
        ("revealed", "web.revealed"),
        ("empty", "web.empty"),
        ("row", "web.row"),
        ("column", "web.column"),
        ("confirmReveal", "web.confirm-reveal"),
        ("marks", "web.marks"),
    ] {
        strings.insert(name.to_string(), language.text(key).into());
    }
    serde_json::Value::Object(strings)
}

fn help(language: Language) -> &'static str {
    language.text("web.help")
}

/// The page for the book's `puzzles` (in book order, as `plan` numbers them), each drawn
/// with cells of `cells[i]` points.
pub fn page(
    spec: &Spec,
    plan: &Plan,
    puzzles: &[Puzzle],
    cells: &[f64],
    fonts: &FontSet,
) -> Result<String> {
    if puzzles.len() != plan.jobs.len() || cells.len() != plan.jobs.len() {
        return Err(Error::runtime("the plan and the puzzles differ in number"));
    }
    let language = spec.language;
    let mut writer = SvgWriter::new(fonts)?.with_prefix("pb-g");
    let identity: String = Sha256::digest(spec.identity())
        .iter()
        .take(8)
        .map(|byte| format!("{byte:02x}"))
        .collect();
    let mut main = String::new();
    let mut answers = String::new();
    let mut previous_section = None;
    for (index, ((job, puzzle), &cell)) in plan.jobs.iter().zip(puzzles).zip(cells).enumerate() {
        let number = job.number;
        let question = figure(puzzle, Show::Puzzle, cell, fonts)?;
        let answer = figure(puzzle, Show::Answer, cell, fonts)?;
        let places = blanks(&question, &answer, cell, fonts);
        let section = &spec.sections[job.section];
        if previous_section != Some(job.section) {
            if previous_section.is_some() {
                main.push_str("</section>\n");
            }
            let _ = writeln!(
                main,
                "<section class=\"section\" aria-label=\"{}\">",
                escape(section.title.value.as_str())
            );
        }
        let tier = puzzle.tier.as_deref().and_then(|tier| {
            words::tier(puzzle.kind(), tier, language, words::star_scale(spec)).map(|t| (tier, t))
        });
        let _ = write!(
            main,
            "<article class=\"puzzle\" id=\"puzzle-{number}\" data-number=\"{number}\" data-kind=\"{}\"",
            puzzle.kind().name
        );
        if let Some((name, _)) = &tier {
            let _ = write!(main, " data-tier=\"{}\"", escape(*name));
        }
        let _ = writeln!(
            main,
            " data-puzzle=\"{}\" aria-labelledby=\"caption-{number}\">",
            escape(puzzle.puzzle_line().as_str())
        );
        if previous_section != Some(job.section) {
            let _ = writeln!(
                main,
                "<h2 class=\"section-title\">{}</h2>",
                escape(section.title.value.as_str())
            );
        }
        previous_section = Some(job.section);
        let _ = write!(
            main,
            "<header class=\"caption\" id=\"caption-{number}\"><span class=\"number\">{number}</span>"
        );
        if let Some((_, (word, stars))) = &tier {
            let _ = write!(
                main,
                " <span class=\"tier\">{} <span class=\"stars\" aria-hidden=\"true\">{stars}</span></span>",
                escape(*word)
            );
        }
        main.push_str("</header>\n");
        let (width, height) = (question.width, question.height);
        let _ = writeln!(
            main,
            "<div class=\"board\" style=\"aspect-ratio: {} / {}; --cell: {:.4}\">",
            width,
            height,
            cell / width
        );
        main.push_str(&writer.element(
            &question,
            TextMode::Outlines,
            "class=\"figure\" aria-hidden=\"true\" focusable=\"false\"",
        ));
        let digits: String = {
            let mut seen: Vec<char> = places.iter().map(|place| place.answer).collect();
            seen.extend(answer.text().chars().filter(char::is_ascii_digit));
            let mut keys: Vec<char> = ('1'..='9').collect();
            if seen.contains(&'0') {
                keys.push('0');
            }
            keys.into_iter().collect()
        };
        let _ = writeln!(
            main,
            "\n<div class=\"cells\" role=\"group\" data-digits=\"{digits}\">"
        );
        for (slot, place) in places.iter().enumerate() {
            let row = ((place.cell.y + cell / 2.0 - question.bbox.y) / cell).floor() as i64 + 1;
            let column = ((place.cell.x + cell / 2.0 - question.bbox.x) / cell).floor() as i64 + 1;
            let _ = writeln!(
                main,
                "<button type=\"button\" class=\"cell\" data-answer=\"{}\" data-row=\"{row}\" data-column=\"{column}\" tabindex=\"{}\" style=\"left: {:.3}%; top: {:.3}%; width: {:.3}%; height: {:.3}%\"><span class=\"value\"></span><span class=\"marks\"></span></button>",
                place.answer,
                if slot == 0 { 0 } else { -1 },
                place.cell.x / width * 100.0,
                place.cell.y / height * 100.0,
                place.cell.width / width * 100.0,
                place.cell.height / height * 100.0,
            );
        }
        main.push_str("</div>\n</div>\n");
        let _ = writeln!(
            main,
            "<div class=\"controls\"><div class=\"keys\"></div><div class=\"actions\"></div><p class=\"status\" role=\"status\" aria-live=\"polite\"></p></div>"
        );
        main.push_str("</article>\n");

        if index % ANSWERS_PER_PAGE == 0 {
            if index > 0 {
                answers.push_str("</div>\n");
            }
            answers.push_str("<div class=\"answer-page\">\n");
        }
        let _ = writeln!(
            answers,
            "<figure class=\"answer\" id=\"answer-{number}\" data-number=\"{number}\" data-solution=\"{}\"><figcaption>{number}</figcaption>",
            escape(puzzle.solution_line().as_str())
        );
        answers.push_str(&writer.element(
            &answer,
            TextMode::Outlines,
            &format!(
                "class=\"figure\" role=\"img\" aria-label=\"{} {number}\"",
                escape(words::answers(language))
            ),
        ));
        answers.push_str("</figure>\n");
    }
    if previous_section.is_some() {
        main.push_str("</section>\n");
    }
    if !puzzles.is_empty() {
        answers.push_str("</div>\n");
    }

    let mut html = String::with_capacity(main.len() + answers.len() + 64 * 1024);
    html.push_str("<!DOCTYPE html>\n");
    let _ = writeln!(html, "<html lang=\"{}\">", language.code());
    html.push_str("<head>\n<meta charset=\"utf-8\">\n");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    html.push_str("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n");
    let _ = writeln!(
        html,
        "<meta name=\"generator\" content=\"puzzlebook {}\">",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(html, "<title>{}</title>", escape(spec.title.value.as_str()));
    let _ = writeln!(html, "<style>\n{STYLE}</style>\n</head>");
    let _ = writeln!(html, "<body data-book=\"{identity}\">");
    html.push_str(&writer.defs());
    html.push_str("\n<header class=\"book\">\n");
    let _ = writeln!(html, "<h1>{}</h1>", escape(spec.title.value.as_str()));
    if !spec.subtitle.value.is_empty() {
        let _ = writeln!(
            html,
            "<p class=\"subtitle\">{}</p>",
            escape(spec.subtitle.value.as_str())
        );
    }
    if !spec.author.value.is_empty() {
        let _ = writeln!(
            html,
            "<p class=\"author\">{}</p>",
            escape(spec.author.value.as_str())
        );
    }
    let _ = writeln!(
        html,
        "<p class=\"count\">{}</p>",
        escape(words::puzzle_count(language, puzzles.len()).as_str())
    );
    for kind in spec.kinds() {
        let sections: Vec<&dyn crate::book::kind::SectionKind> = spec
            .sections
            .iter()
            .filter(|section| section.kind == kind)
            .map(|section| section.options.as_ref())
            .collect();
        for rules in kind.layout.rules(&sections, language) {
            let _ = writeln!(
                html,
                "<section class=\"rules\"><h2>{}</h2>",
                escape(rules.heading.as_str())
            );
            for paragraph in &rules.paragraphs {
                let _ = writeln!(html, "<p>{}</p>", escape(paragraph.as_str()));
            }
            html.push_str("</section>\n");
        }
    }
    let _ = writeln!(
        html,
        "<p class=\"help\">{}</p>\n</header>",
        escape(help(language))
    );
    let _ = write!(html, "<main>\n{main}");
    let answers_title = spec
        .answers
        .title
        .clone()
        .unwrap_or_else(|| words::answers(language).to_string());
    let _ = write!(
        html,
        "<section class=\"answers\" aria-label=\"{0}\">\n<h2>{0}</h2>\n{answers}</section>\n</main>\n",
        escape(answers_title.as_str())
    );
    let _ = writeln!(
        html,
        "<script type=\"application/json\" id=\"pb-strings\">{}</script>",
        // JSON inside a script element: only "</" could end it early.
        strings(language).to_string().replace("</", "<\\/")
    );
    let _ = write!(html, "<script>\n{SCRIPT}</script>\n</body>\n</html>\n");
    Ok(html)
}
