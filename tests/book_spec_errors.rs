//! A table of bad specs: each must fail with one clear message naming the place
//! (file:line:column), a hint where one helps, and exit code 2, before any puzzle is made.

use crate::common;

use common::{build, puzzlebook, scratch};
use puzzlebook::Error;
use puzzlebook::book::{Plan, Spec};
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::{Geometry, compose::check_glyphs, paginate};

/// Runs the checks `puzzlebook book` runs before making puzzles; returns the first error.
fn check(text: &str) -> Error {
    let result = (|| -> Result<(), Error> {
        let spec = Spec::parse("book.toml", text, None)?;
        let fonts = FontSet::for_language(spec.language);
        check_glyphs(&spec, &fonts)?;
        Plan::new(&spec)?;
        Geometry::new(&spec, &paginate(&spec), &fonts)?;
        Ok(())
    })();
    result.expect_err("the spec should have been refused")
}

/// A spec with one mushikui-zan section of 2 puzzles and `extra` keys (from line 5).
fn mushikui(extra: &str) -> String {
    format!("title = \"T\"\n[[section]]\nkind = \"mushikui\"\ncount = 2\n{extra}\n")
}

const SECTION: &str = "[[section]]\nkind = \"sudoku\"\ncount = 4\n";

/// (spec, expected line:column, words the message must contain, words the hint must contain)
fn cases() -> Vec<(String, &'static str, &'static str, &'static str)> {
    let with = |top: &str, section_extra: &str| {
        format!("title = \"T\"\n{top}\n[[section]]\nkind = \"sudoku\"\ncount = 4\n{section_extra}")
    };
    vec![
        // Malformed TOML.
        (
            "title = \"T\"\ncount = = 3\n".into(),
            "2:",
            "not valid TOML",
            "spec",
        ),
        ("title = \"unclosed\n".into(), "1:", "not valid TOML", ""),
        // Unknown keys, with the close match.
        (
            with("titel2 = \"x\"", ""),
            "2:1",
            "unknown key `titel2`",
            "title",
        ),
        (
            with("", "symetry = \"rot180\""),
            "6:1",
            "unknown key `symetry`",
            "symmetry",
        ),
        (
            with("[page]\nmargin = \"1in\"", ""),
            "3:1",
            "unknown key `margin`",
            "margins",
        ),
        (
            with("[answers]\nplacment = \"end\"", ""),
            "3:1",
            "unknown key `placment`",
            "placement",
        ),
        (with("[pgae]", ""), "2:2", "unknown key `pgae`", "page"),
        // A date that is not a calendar date.
        (
            with("date = \"2026-02-30\"", ""),
            "2:8",
            "\"2026-02-30\" is not a date",
            "YYYY-MM-DD",
        ),
        (
            with("date = \"27.11.2026\"", ""),
            "2:8",
            "is not a date",
            "YYYY-MM-DD",
        ),
        (with("", "zzz = 1"), "6:1", "unknown key `zzz`", "kind"),
        // Wrong types.
        (
            "title = 5\n[[section]]\nkind = \"sudoku\"\ncount = 1\n".into(),
            "1:9",
            "must be a string, not an integer",
            "quotes",
        ),
        (
            with("", "count = \"4\"").replace("count = 4\n", ""),
            "5:9",
            "must be a whole number",
            "",
        ),
        (
            with("[front]\ncontents = \"yes\"", ""),
            "3:12",
            "must be true or false",
            "",
        ),
        (
            with("section = 3", "").replace("[[section]]\nkind = \"sudoku\"\ncount = 4\n", ""),
            "2:11",
            "must be a list of tables",
            "[[section]]",
        ),
        (
            with("[page]\nsize = 6", ""),
            "3:8",
            "must be a name like",
            "6x9in",
        ),
        // Values out of range or unknown.
        (
            with("", "").replace("count = 4", "count = -3"),
            "5:9",
            "between 1 and 10000",
            "",
        ),
        (
            with("", "").replace("count = 4", "count = 0"),
            "5:9",
            "between 1 and 10000",
            "",
        ),
        (
            with("template = \"a3\"", ""),
            "2:12",
            "unknown template",
            "a4",
        ),
        (
            with("language = \"xx\"", ""),
            "2:12",
            "unknown language",
            "\"en\"",
        ),
        (
            with("[page]\nsize = \"A7\"", ""),
            "3:8",
            "unknown page size",
            "6x9in",
        ),
        (
            with("[page]\nsize = \"0x0in\"", ""),
            "3:8",
            "too small",
            "1 inch",
        ),
        (
            with("[page]\nmargins = \"15\"", ""),
            "3:11",
            "has no unit",
            "mm",
        ),
        (
            with("[page]\nbleed = \"2in\"", ""),
            "3:9",
            "not a print-on-demand bleed",
            "0.125in",
        ),
        (
            with("[page]\nprinter = \"kpd\"", ""),
            "3:11",
            "unknown printer \"kpd\"",
            "\"kdp\"",
        ),
        (
            with("template = \"kdp-6x9\"\n[page]\nbleed = \"3mm\"", ""),
            "4:9",
            "Amazon KDP takes a bleed of 0.125 in or none",
            "bleed = \"0.125in\"",
        ),
        (
            with("[page]\nbleed = \"0.25in\"\nprinter = \"ingram\"", ""),
            "3:9",
            "IngramSpark takes a bleed of 0.125 in or none",
            "another printer",
        ),
        (
            with("[page]\nheader = \"{titel}\"", ""),
            "3:11",
            "unknown placeholder {titel}",
            "{title}",
        ),
        (
            with("[page]\ntext_size = \"40pt\"", ""),
            "3:13",
            "between 6pt and 24pt",
            "large print",
        ),
        (
            with("[answers]\nplacement = \"ende\"", ""),
            "3:13",
            "unknown answer placement",
            "\"end\"",
        ),
        (
            with("", "kind = \"sudoko\"").replace("kind = \"sudoku\"\n", ""),
            "5:8",
            "unknown puzzle kind",
            "\"sudoku\"",
        ),
        (with("", "symmetry = \"rot45\""), "6:12", "rot45", "rot180"),
        (with("", "clues = \"10..16\""), "6:9", "17", "17"),
        (
            with("", "per_page = \"2by3\""),
            "6:12",
            "not a grid of puzzles per page",
            "2x3",
        ),
        (
            with("", "per_page = \"9x9\""),
            "6:12",
            "not a grid of puzzles per page",
            "1 to 8",
        ),
        (
            with("", "tier = \"hrad\""),
            "6:8",
            "unknown sudoku tier",
            "\"hard\"",
        ),
        (
            with("", "tier = \"easy\"\nrating = \"1.0..2.0\""),
            "7:10",
            "not both",
            "",
        ),
        (with("", "rating = \"hard\""), "6:10", "rating range", ""),
        (
            with("", "rating = \"1.0..1.1\""),
            "6:10",
            "no sudoku is rated",
            "below 4.0",
        ),
        (
            with("", "op = \"mul\""),
            "6:1",
            "applies to mushikui sections only",
            "kind",
        ),
        (
            with(
                "",
                "id = \"a\"\n[[section]]\nid = \"a\"\nkind = \"sudoku\"\ncount = 1",
            ),
            "7:1",
            "two sections have the id",
            "line 3",
        ),
        // Missing pieces.
        (
            "[[section]]\nkind = \"sudoku\"\ncount = 1\n".into(),
            "1",
            "no title",
            "title =",
        ),
        ("title = \"T\"\n".into(), "", "no sections", "[[section]]"),
        (
            "title = \"T\"\n[[section]]\nkind = \"sudoku\"\n".into(),
            "2:1",
            "has no `count`",
            "count =",
        ),
        (
            "title = \"T\"\n[[section]]\ncount = 3\n".into(),
            "2:1",
            "has no `kind`",
            "kind =",
        ),
        // Impossible layouts.
        (
            with("template = \"a5\"", "per_page = \"3x4\""),
            "6:12",
            "smallest readable is 12 pt",
            "fewer puzzles",
        ),
        (
            with("[answers]\nper_page = \"8x8\"", ""),
            "3:12",
            "answer cells",
            "",
        ),
        (
            with("[page]\nmargins = \"4in\"", ""),
            "3:11",
            "leave almost nothing",
            "fifth",
        ),
        (
            with("[page]\nsize = \"3x3in\"", ""),
            "",
            "smallest readable",
            "",
        ),
        // Text the fonts cannot show.
        (
            "title = \"ナンプレ\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n".into(),
            "1:9",
            "cannot show",
            "language = \"ja\"",
        ),
        // Mushikui-zan shapes are checked by the engine, at the spec's place.
        (
            mushikui("op = \"mul\"\ndigits = [3]"),
            "6:10",
            "multiplicand and multiplier",
            "digits = [3, 2]",
        ),
        (mushikui("op = \"mul\"\ndigits = [9, 2]"), "6:10", "", ""),
        (
            mushikui("op = \"sub\"\ndigits = [3, 5]"),
            "6:10",
            "subtrahend",
            "",
        ),
        (mushikui("op = \"div\"\ndigits = [2, 5]"), "6:10", "", ""),
        (
            mushikui("op = \"pow\"\ndigits = [2, 2]"),
            "5:6",
            "unknown operation",
            "\"add\"",
        ),
        (
            mushikui("op = \"add\"\ndigits = [3, 3]\nrating = \"2.0..3.0\""),
            "7:10",
            "take a `tier`, not a `rating`",
            "easy",
        ),
        (
            mushikui("op = \"add\"\ndigits = [3, 3]\ntier = \"diabolical\""),
            "7:8",
            "unknown mushikui tier",
            "expert",
        ),
        (mushikui("digits = [3, 3]"), "2:1", "has no `op`", "\"add\""),
        // A walkthrough's page goal: for a section with walkthroughs, at least a page.
        (
            with("", "max_walkthrough_pages = 2"),
            "6:25",
            "this section has none",
            "walkthroughs = \"all\"",
        ),
        (
            with("", "walkthroughs = \"all\"\nmax_walkthrough_pages = 0"),
            "7:25",
            "max_walkthrough_pages",
            "",
        ),
    ]
}

#[test]
fn every_bad_spec_is_refused_with_its_place_and_a_hint() {
    let cases = cases();
    assert!(cases.len() >= 40);
    for (text, place, message, hint) in cases {
        let error = check(&text);
        let shown = error.to_string();
        assert_eq!(error.exit_code(), 2, "{shown}");
        assert!(
            shown.starts_with(&format!("book.toml:{place}")),
            "expected book.toml:{place}…\n{shown}"
        );
        assert!(
            error.message().contains(message),
            "{message:?} not in\n{shown}"
        );
        if !hint.is_empty() {
            assert!(
                error.hint().is_some_and(|h| h.contains(hint)),
                "hint {hint:?} not in\n{shown}"
            );
        }
        if error.location().column.is_some() {
            // Spec errors carry a snippet underlining the place.
            assert!(error.snippet().is_some_and(|s| s.contains('^')), "{shown}");
        }
    }
}

#[test]
fn the_cli_exits_2_for_bad_specs_and_fonts() {
    let dir = scratch("spec-errors");
    assert_eq!(build(&dir, "unknown", "title = \"T\"\nbogus = 1\n", &[]), 2);
    let fonts = |font: &str| format!("title = \"T\"\n[fonts]\ntext = \"{font}\"\n{SECTION}");
    assert_eq!(
        build(&dir, "missing-font", &fonts("no-such-font.ttf"), &[]),
        2
    );
    std::fs::write(dir.join("fake.ttf"), b"this is not a font").unwrap();
    assert_eq!(build(&dir, "fake-font", &fonts("fake.ttf"), &[]), 2);
    // A real font file named by path works.
    let dejavu = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSans-Bold.ttf");
    assert_eq!(
        build(&dir, "real-font", &fonts(dejavu.to_str().unwrap()), &[]),
        0
    );
    assert_eq!(puzzlebook(&["book"]), 2);
    for name in ["unknown", "missing-font", "fake-font"] {
        assert!(!dir.join(format!("{name}.pdf")).exists());
        assert!(!dir.join(format!("{name}.json")).exists());
    }
}

/// Damaged specs never panic: every example, with a character deleted or a quote, brace or
/// bracket inserted at many places, is either read or refused with an input error.
#[test]
fn damaged_specs_are_refused_without_panicking() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut tried = 0;
    // The bundled fonts of a language, parsed once rather than for every damaged spec.
    let mut font_sets = std::collections::HashMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let boundaries: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for (k, &at) in boundaries.iter().enumerate().step_by(7) {
            let next = boundaries.get(k + 1).copied().unwrap_or(text.len());
            let variants = [
                format!("{}{}", &text[..at], &text[next..]),
                format!("{}\"{}", &text[..at], &text[at..]),
                format!("{}{{{}", &text[..at], &text[at..]),
                format!("{}]{}", &text[..at], &text[at..]),
                format!("{}ナ{}", &text[..at], &text[at..]),
            ];
            for variant in variants {
                tried += 1;
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let spec = Spec::parse("book.toml", &variant, None)?;
                    let fonts = font_sets
                        .entry(spec.language)
                        .or_insert_with(|| FontSet::for_language(spec.language));
                    check_glyphs(&spec, fonts)?;
                    Plan::new(&spec)?;
                    Geometry::new(&spec, &paginate(&spec), fonts).map(|_| ())
                }));
                match result {
                    Ok(Ok(())) => {}
                    Ok(Err(error)) => assert_eq!(error.exit_code(), 2, "{error}"),
                    Err(_) => panic!("panicked on:\n{variant}"),
                }
            }
        }
    }
    assert!(tried > 1000, "{tried}");
}
