use puzzlebook::book::spec::Spec;
use puzzlebook::book::units::parse_page_size;
use puzzlebook::layout::cover::*;
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::page::Item;
use puzzlebook::layout::page::Point;
use puzzlebook::layout::page::Rect;
use puzzlebook::layout::page::Transform;

const WHITE: f64 = 0.002252;
const CREAM: f64 = 0.0025;
const COLOR: f64 = 0.002347;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// The published formula, in inches: full width = bleed + back + spine + front + bleed,
/// spine = pages × thickness; height = bleed + page height + bleed.
#[test]
fn sizes_follow_the_print_on_demand_formula() {
    for (size, width_in, height_in) in [
        ("6x9in", 6.0, 9.0),
        ("8.5x11in", 8.5, 11.0),
        ("A5", 148.0 / 25.4, 210.0 / 25.4),
    ] {
        let page = parse_page_size(size).unwrap();
        for thickness in [WHITE, CREAM, COLOR] {
            for pages in [24, 78, 79, 120, 300, 828] {
                let cover = CoverGeometry::new(page.width, page.height, pages, thickness, 9.0);
                let spine_in = pages as f64 * thickness;
                assert!(close(cover.spine_width, spine_in * 72.0), "{size} {pages}");
                let media = cover.media();
                // Page sizes are rounded to 1/100 pt, as in the interior.
                let expected_width = 0.125 + width_in + spine_in + width_in + 0.125;
                assert!(
                    (media.width / 72.0 - expected_width).abs() < 0.0004,
                    "{size}"
                );
                assert!((media.height / 72.0 - (height_in + 0.25)).abs() < 0.0002);
                assert!(close(cover.width, 2.0 * page.width + cover.spine_width));
                assert!(close(cover.front.right(), cover.width));
                assert!(close(cover.spine.x, page.width));
                assert!(close(cover.front.x, page.width + cover.spine_width));
                assert_eq!(cover.spine_text, pages >= 79);
            }
        }
    }
}

#[test]
fn kdp_worked_example() {
    // 6 × 9 in, 300 pages on white paper: spine 0.6756 in, cover 12.9256 × 9.25 in.
    let cover = CoverGeometry::new(432.0, 648.0, 300, WHITE, DEFAULT_BLEED);
    assert!(close(cover.spine_width / 72.0, 0.6756));
    assert!(close(cover.media().width / 72.0, 12.9256));
    assert!(close(cover.media().height / 72.0, 9.25));
    // 8.5 × 11 in, 100 pages of cream: spine 0.25 in.
    let cover = CoverGeometry::new(612.0, 792.0, 100, CREAM, DEFAULT_BLEED);
    assert!(close(cover.spine_width, 18.0));
    assert!(close(
        cover.media().width,
        0.125 * 72.0 * 2.0 + 612.0 * 2.0 + 18.0
    ));
}

#[test]
fn safe_zones_keep_off_the_trim_and_the_folds() {
    for (width, height) in [(432.0, 648.0), (612.0, 792.0), (419.53, 595.28)] {
        for pages in [24, 80, 200, 600] {
            let cover = CoverGeometry::new(width, height, pages, COLOR, DEFAULT_BLEED);
            let (back, spine, front) = (cover.back_safe, cover.spine_safe, cover.front_safe);
            for zone in [back, spine, front] {
                assert!(close(zone.y, 9.0));
                assert!(close(zone.bottom(), height - 9.0));
            }
            assert!(close(back.x, 9.0));
            assert!(close(back.right(), width - 4.5));
            assert!(close(front.x, cover.spine.right() + 4.5));
            assert!(close(front.right(), cover.width - 9.0));
            assert!(close(spine.x, width + 4.5));
            assert!(close(spine.width, (cover.spine_width - 9.0).max(0.0)));
            // The barcode box: 2 × 1.2 in, lower right of the back, inside the safe zone.
            let barcode = cover.barcode;
            assert!(close(barcode.width, 144.0) && close(barcode.height, 86.4));
            assert!(close(barcode.right(), width - 18.0));
            assert!(close(barcode.bottom(), height - 18.0));
            assert!(barcode.x >= back.x && barcode.right() <= back.right());
            assert!(barcode.bottom() <= back.bottom());
        }
    }
}

fn spec(template: &str, count: usize, cover: &str, language: &str) -> Spec {
    let text = format!(
        "title = \"Puzzles for the Weekend\"\nauthor = \"The Puzzle Desk\"\nlanguage = \"{language}\"\ntemplate = \"{template}\"\n[[section]]\nkind = \"sudoku\"\ncount = {count}\n{cover}"
    );
    Spec::parse("cover.toml", &text, None).unwrap()
}

/// Every text run's box on the sheet (its advance across, ascender to descender down),
/// through the groups that hold it.
fn text_boxes(items: &[Item], fonts: &FontSet, map: Transform, boxes: &mut Vec<(Rect, String)>) {
    for item in items {
        match item {
            Item::Text {
                at,
                size,
                face,
                text,
                ..
            } => {
                let metrics = fonts.metrics(*face);
                let (left, right) = (at.x, at.x + metrics.width(text, *size));
                let (top, bottom) = (
                    at.y - metrics.ascender() * size,
                    at.y - metrics.descender() * size,
                );
                let corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
                    .map(|(x, y)| map.apply(Point { x, y }));
                let xs = corners.map(|p| p.x);
                let ys = corners.map(|p| p.y);
                let low = |v: [f64; 4]| v.into_iter().fold(f64::INFINITY, f64::min);
                let high = |v: [f64; 4]| v.into_iter().fold(f64::NEG_INFINITY, f64::max);
                boxes.push((
                    Rect::new(low(xs), low(ys), high(xs) - low(xs), high(ys) - low(ys)),
                    text.clone(),
                ));
            }
            Item::Group { transform, items } => {
                text_boxes(items, fonts, transform.then(map), boxes)
            }
            _ => {}
        }
    }
}

fn within(inner: Rect, outer: Rect) -> bool {
    let slack = 1e-6;
    inner.x >= outer.x - slack
        && inner.y >= outer.y - slack
        && inner.right() <= outer.right() + slack
        && inner.bottom() <= outer.bottom() + slack
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}

/// A back cover without a blurb says what is inside (the count, each section with its
/// level, answers) and shows a sample puzzle, all clear of the barcode box.
#[test]
fn an_automatic_back_lists_the_book_and_shows_a_sample() {
    for language in ["en", "ja"] {
        let text = format!(
            "title = \"Puzzles for the Weekend\"\nlanguage = \"{language}\"\ntemplate = \"kdp-6x9\"\n[[section]]\ntitle = \"Warm-up\"\nkind = \"sudoku\"\ncount = 2\ntier = \"easy\"\n[[section]]\ntitle = \"Workout\"\nkind = \"sudoku\"\ncount = 3\ntier = \"hard\"\n[cover]\nmin_pages = 2\n"
        );
        let spec = Spec::parse("cover.toml", &text, None).unwrap();
        let fonts = FontSet::bundled(language == "ja");
        let sample = back_sample(&spec).unwrap();
        // The first puzzle of the last section (the front shows puzzle 1).
        assert_eq!(sample, 2);
        let plan = puzzlebook::book::Plan::new(&spec).unwrap();
        let puzzles = plan
            .make(&spec, &[], &Default::default(), None, &|_| {})
            .unwrap()
            .puzzles;
        let size = spec.page.size.value;
        let pages = puzzlebook::layout::paginate(&spec).page_count();
        let geometry = CoverGeometry::new(size.width, size.height, pages, WHITE, 9.0);
        let cover = compose_cover(
            &spec,
            &geometry,
            &fonts,
            &[],
            Some((&spec.sections[1], &puzzles[sample])),
            None,
            false,
        )
        .unwrap();
        let page = &cover.document.pages[0];
        let mut boxes = Vec::new();
        text_boxes(&page.items, &fonts, Transform::IDENTITY, &mut boxes);
        let back: Vec<&str> = boxes
            .iter()
            .filter(|(rect, _)| within(*rect, geometry.back_safe))
            .map(|(_, text)| text.as_str())
            .collect();
        let joined = back.join("\n");
        let expected: &[&str] = if language == "en" {
            &[
                "5 puzzles",
                "Warm-up: 2 puzzles, Easy ★",
                "Workout: 3 puzzles, Hard ★★★",
                "Answers to every puzzle included.",
            ]
        } else {
            &[
                "全5問",
                "Warm-up　2問　初級",
                "Workout　3問　上級",
                "全問の解答つき。",
            ]
        };
        for words in expected {
            assert!(
                joined.contains(words),
                "{language}: {words:?} not in {joined}"
            );
        }
        for (rect, text) in &boxes {
            assert!(!overlaps(*rect, geometry.barcode), "{text:?}");
        }
        // The sample: a card (a group) on the back panel, its digits the puzzle's givens.
        let cards = page
            .items
            .iter()
            .filter(|item| match item {
                Item::Group { transform, .. } => {
                    let corner = transform.apply(Point { x: 0.0, y: 0.0 });
                    geometry.back.contains(corner)
                }
                _ => false,
            })
            .count();
        assert_eq!(cards, 2, "{language}: the card and its shadow");
    }
}

#[test]
fn text_stays_in_the_safe_zones_and_off_the_barcode() {
    let blurb = "[cover]\nblurb = \"Forty puzzles for quiet mornings, from gentle warm-ups to proper workouts.\\n\\nEvery puzzle has exactly one solution, found by logic alone.\"\n";
    for template in ["kdp-6x9", "kdp-8.5x11-large", "a5"] {
        for language in ["en", "ja"] {
            for count in [40, 400] {
                let spec = spec(template, count, blurb, language);
                let fonts = FontSet::bundled(language == "ja");
                let size = spec.page.size.value;
                let pages = puzzlebook::layout::paginate(&spec).page_count();
                let geometry = CoverGeometry::new(size.width, size.height, pages, WHITE, 9.0);
                let cover =
                    compose_cover(&spec, &geometry, &fonts, &[], None, None, false).unwrap();
                assert_eq!(cover.spine_text, pages >= 79, "{template} {pages}");
                assert_eq!(cover.spine_note.is_some(), pages < 79);
                let page = &cover.document.pages[0];
                assert!(
                    close(page.width, geometry.width)
                        && page.bleed == puzzlebook::layout::page::Bleed::uniform(9.0)
                );
                let mut boxes = Vec::new();
                text_boxes(&page.items, &fonts, Transform::IDENTITY, &mut boxes);
                let zones = [geometry.back_safe, geometry.spine_safe, geometry.front_safe];
                for (rect, text) in &boxes {
                    assert!(
                        zones.iter().any(|zone| within(*rect, *zone)),
                        "{template} {language} {pages}: {text:?} at {rect:?}"
                    );
                    assert!(!overlaps(*rect, geometry.barcode), "{text:?}");
                }
                let on = |zone: Rect| boxes.iter().filter(|(r, _)| within(*r, zone)).count();
                assert!(on(geometry.front_safe) >= 3, "title, author");
                assert!(on(geometry.back_safe) >= 2, "the blurb");
                assert_eq!(on(geometry.spine_safe) > 0, pages >= 79);
            }
        }
    }
}

#[test]
fn english_spines_read_top_to_bottom_and_japanese_spines_stack_upright() {
    let english = spec("kdp-6x9", 400, "", "en");
    let fonts = FontSet::bundled(false);
    let geometry = CoverGeometry::new(432.0, 648.0, 200, CREAM, 9.0);
    let cover = compose_cover(&english, &geometry, &fonts, &[], None, None, false).unwrap();
    let turned = cover.document.pages[0]
        .items
        .iter()
        .find_map(|item| match item {
            Item::Group { transform, items }
                if items.iter().any(|i| matches!(i, Item::Text { .. })) =>
            {
                Some(*transform)
            }
            _ => None,
        });
    // A quarter turn clockwise: the baseline runs down the page.
    let transform = turned.expect("spine text in a turned group");
    assert_eq!(
        (transform.xx, transform.yx, transform.xy, transform.yy),
        (0.0, 1.0, -1.0, 0.0)
    );

    let japanese = spec("a5", 400, "", "ja");
    let fonts = FontSet::bundled(true);
    let geometry = CoverGeometry::new(419.53, 595.28, 200, CREAM, 9.0);
    let cover = compose_cover(&japanese, &geometry, &fonts, &[], None, None, false).unwrap();
    let spine: Vec<(f64, String)> = cover.document.pages[0]
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Text { at, text, .. } if geometry.spine.contains(*at) => {
                Some((at.y, text.clone()))
            }
            _ => None,
        })
        .collect();
    // One character per run, top to bottom: the title, then the author at the foot.
    let title: String = spine.iter().map(|(_, text)| text.as_str()).collect();
    assert_eq!(title, "Puzzles for the WeekendThe Puzzle Desk");
    assert!(spine.windows(2).all(|pair| pair[0].0 < pair[1].0));
}

#[test]
fn text_that_cannot_fit_is_an_error_at_the_spec() {
    let fonts = FontSet::bundled(false);
    let geometry = CoverGeometry::new(432.0, 648.0, 100, WHITE, 9.0);
    let long_title = format!(
        "[cover]\ntitle = \"{}\"\n",
        "Supercalifragilistic ".repeat(12)
    );
    let error = compose_cover(
        &spec("kdp-6x9", 40, &long_title, "en"),
        &geometry,
        &fonts,
        &[],
        None,
        None,
        false,
    )
    .unwrap_err();
    assert!(error.message().contains("title does not fit"), "{error}");
    assert_eq!(error.location().line, Some(9));
    let long_blurb = format!(
        "[cover]\nblurb = \"{}\"\n",
        "A puzzle a day keeps boredom away. ".repeat(140)
    );
    let error = compose_cover(
        &spec("kdp-6x9", 40, &long_blurb, "en"),
        &geometry,
        &fonts,
        &[],
        None,
        None,
        false,
    )
    .unwrap_err();
    assert!(error.message().contains("blurb does not fit"), "{error}");
    assert_eq!(error.exit_code(), 2);
}

#[test]
fn characters_the_fonts_lack_are_an_error_at_the_spec() {
    let fonts = FontSet::bundled(false);
    let geometry = CoverGeometry::new(432.0, 648.0, 100, WHITE, 9.0);
    let spec = spec("kdp-6x9", 40, "[cover]\nblurb = \"週末のナンプレ\"\n", "en");
    let error = compose_cover(&spec, &geometry, &fonts, &[], None, None, false).unwrap_err();
    assert!(
        error.message().starts_with("the blurb has characters"),
        "{error}"
    );
    assert!(error.hint().unwrap().contains("language = \"ja\""));
    assert_eq!(error.location().line, Some(9));
}

#[test]
fn guides_outline_the_barcode_box_only_in_proofs() {
    let fonts = FontSet::bundled(false);
    let geometry = CoverGeometry::new(432.0, 648.0, 100, WHITE, 9.0);
    let spec = spec("kdp-6x9", 40, "", "en");
    let outlined = |guides: bool| {
        compose_cover(&spec, &geometry, &fonts, &[], None, None, guides)
            .unwrap()
            .document
            .pages[0]
            .items
            .iter()
            .any(|item| matches!(item, Item::Rect { rect, stroke: Some(_), .. } if *rect == geometry.barcode))
    };
    assert!(outlined(true));
    assert!(!outlined(false));
}
