mod png;

use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::page::Bleed;
use puzzlebook::layout::page::Page;
use puzzlebook::layout::page::Path;
use puzzlebook::layout::page::Point;
use puzzlebook::layout::page::Stroke;
use puzzlebook::layout::page::Transform;
use puzzlebook::layout::page::{Colour, Item, Rect};
use puzzlebook::raster::*;

fn page(items: Vec<Item>) -> Page {
    Page {
        width: 100.0,
        height: 50.0,
        bleed: puzzlebook::layout::page::Bleed::NONE,
        items,
    }
}

fn dark(bitmap: &Bitmap) -> usize {
    bitmap.pixels.iter().filter(|&&level| level < 128).count()
}

#[test]
fn the_picture_has_the_media_box_size() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let bitmap = raster.render(&page(Vec::new()), 72).unwrap();
    assert_eq!((bitmap.width, bitmap.height), (100, 50));
    assert!(bitmap.pixels.iter().all(|&level| level == 255));
    assert_eq!(
        pixel_size(100.0, 50.0, Bleed::uniform(9.0), 144).unwrap(),
        (236, 136)
    );
    let a3 = (841.89, 1190.55);
    assert!(pixel_size(a3.0, a3.1, Bleed::NONE, 300).is_ok());
    let error = pixel_size(a3.0, a3.1, Bleed::NONE, 600).unwrap_err();
    assert_eq!(error.exit_code(), 2);
}

#[test]
fn a_filled_rectangle_covers_exactly_its_pixels() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let rect = Item::Rect {
        rect: Rect::new(10.0, 10.0, 20.0, 5.0),
        fill: Some(Colour::grey(0.0)),
        stroke: None,
    };
    let bitmap = raster.render(&page(vec![rect]), 72).unwrap();
    assert_eq!(dark(&bitmap), 100);
    assert_eq!(bitmap.get(10, 10), 0);
    assert_eq!(bitmap.get(29, 14), 0);
    assert_eq!(bitmap.get(30, 14), 255);
    assert_eq!(bitmap.get(9, 10), 255);
    // Half a pixel of coverage is half grey.
    let half = Item::Rect {
        rect: Rect::new(10.5, 10.0, 1.0, 1.0),
        fill: Some(Colour::grey(0.0)),
        stroke: None,
    };
    let bitmap = raster.render(&page(vec![half]), 72).unwrap();
    assert_eq!((bitmap.get(10, 10), bitmap.get(11, 10)), (128, 128));
}

#[test]
fn a_stroked_rectangle_is_a_frame() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let frame = Item::Rect {
        rect: Rect::new(10.0, 10.0, 20.0, 20.0),
        fill: None,
        stroke: Some((2.0, Colour::grey(0.0))),
    };
    let mut tall = page(vec![frame]);
    tall.height = 100.0;
    let bitmap = raster.render(&tall, 72).unwrap();
    assert_eq!(bitmap.get(9, 20), 0);
    assert_eq!(bitmap.get(10, 20), 0);
    assert_eq!(bitmap.get(11, 20), 255);
    assert_eq!(bitmap.get(20, 20), 255);
    assert_eq!(bitmap.get(30, 20), 0);
    // 22 x 22 outside less 18 x 18 inside.
    assert_eq!(dark(&bitmap), 22 * 22 - 18 * 18);
}

#[test]
fn lines_have_butt_ends_and_at_least_a_pixel_of_width() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let line = Item::Line {
        from: Point { x: 10.0, y: 20.5 },
        to: Point { x: 40.0, y: 20.5 },
        width: 0.1,
        colour: Colour::grey(0.0),
    };
    let bitmap = raster.render(&page(vec![line]), 72).unwrap();
    assert_eq!(dark(&bitmap), 30);
    assert!((10..40).all(|x| bitmap.get(x, 20) == 0));
    assert_eq!(bitmap.get(9, 20), 255);
    assert_eq!(bitmap.get(40, 20), 255);
}

#[test]
fn text_is_drawn_from_the_glyph_outlines_at_its_baseline() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let text = |text: &str| Item::Text {
        at: Point { x: 10.0, y: 40.0 },
        size: 30.0,
        face: fonts.text,
        text: text.to_string(),
        colour: Colour::grey(0.0),
    };
    let bitmap = raster.render(&page(vec![text("8")]), 72).unwrap();
    let ink: Vec<(usize, usize)> = (0..bitmap.height)
        .flat_map(|y| (0..bitmap.width).map(move |x| (x, y)))
        .filter(|&(x, y)| bitmap.get(x, y) < 128)
        .collect();
    assert!(ink.len() > 50, "{}", ink.len());
    // DejaVu's digits sit on the baseline and are about 0.73 em tall.
    let top = ink.iter().map(|&(_, y)| y).min().unwrap();
    let bottom = ink.iter().map(|&(_, y)| y).max().unwrap();
    assert!((39..=40).contains(&bottom), "{bottom}");
    assert!((16..=20).contains(&top), "{top}");
    let left = ink.iter().map(|&(x, _)| x).min().unwrap();
    let right = ink.iter().map(|&(x, _)| x).max().unwrap();
    let advance = fonts.metrics(fonts.text).width("8", 30.0);
    assert!(
        left >= 10 && (right as f64) < 10.0 + advance,
        "{left} {right}"
    );
    // The 8's two counters are white inside.
    let middle = (left + right) / 2;
    assert!((top..=bottom).any(|y| bitmap.get(middle, y) == 255));
    // Spaces advance without ink; "1 1" has twice the ink of "1" (coverage is exact
    // area, so the second 1's fractional position does not change its total).
    let ink = |bitmap: Bitmap| -> f64 {
        bitmap
            .pixels
            .iter()
            .map(|&level| f64::from(255 - level))
            .sum()
    };
    let one = ink(raster.render(&page(vec![text("1")]), 72).unwrap());
    let two = ink(raster.render(&page(vec![text("1 1")]), 72).unwrap());
    assert!(one > 0.0 && (two / one - 2.0).abs() < 0.01, "{one} {two}");
}

#[test]
fn text_is_painted_over_graphics_and_grey_levels_blend() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let items = vec![
        Item::Text {
            at: Point { x: 0.0, y: 45.0 },
            size: 60.0,
            face: fonts.bold,
            text: "■".to_string(),
            colour: Colour::grey(1.0),
        },
        Item::Rect {
            rect: Rect::new(0.0, 0.0, 100.0, 50.0),
            fill: Some(Colour::grey(0.5)),
            stroke: None,
        },
    ];
    let bitmap = raster.render(&page(items), 72).unwrap();
    assert_eq!(bitmap.get(99, 0), 128);
    assert!(
        bitmap.pixels.contains(&255),
        "white text over the grey fill"
    );
}

#[test]
fn filled_paths_cover_their_area() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let circle = Item::Path {
        path: Path::circle(Point { x: 50.0, y: 25.0 }, 20.0),
        fill: Some(Colour::BLACK),
        stroke: None,
    };
    let bitmap = raster.render(&page(vec![circle]), 72).unwrap();
    let area = std::f64::consts::PI * 400.0;
    let dark = dark(&bitmap) as f64;
    assert!(
        (dark - area).abs() < area * 0.03,
        "{dark} pixels for {area}"
    );
    // Colours become the grey a black-and-white printer would make of them.
    let red = Item::Path {
        path: Path::polygon(&[
            Point { x: 0.0, y: 0.0 },
            Point { x: 10.0, y: 0.0 },
            Point { x: 10.0, y: 10.0 },
            Point { x: 0.0, y: 10.0 },
        ]),
        fill: Some(Colour::rgb(1.0, 0.0, 0.0)),
        stroke: None,
    };
    let bitmap = raster.render(&page(vec![red]), 72).unwrap();
    let expected = (Colour::rgb(1.0, 0.0, 0.0).luminance() * 255.0).round() as i32;
    assert!((i32::from(bitmap.get(5, 5)) - expected).abs() <= 1);
}

#[test]
fn dashed_strokes_leave_gaps_and_joins_close_corners() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let square = |dash| Item::Path {
        path: Path::polygon(&[
            Point { x: 10.0, y: 10.0 },
            Point { x: 40.0, y: 10.0 },
            Point { x: 40.0, y: 40.0 },
            Point { x: 10.0, y: 40.0 },
        ]),
        fill: None,
        stroke: Some(Stroke {
            width: 2.0,
            colour: Colour::BLACK,
            dash,
        }),
    };
    let solid = raster.render(&page(vec![square(None)]), 72).unwrap();
    let dashed = raster
        .render(&page(vec![square(Some((3.0, 3.0)))]), 72)
        .unwrap();
    // A solid 30-point square 2 points wide: about 4 × 30 × 2 pixels, corners filled.
    let solid_dark = dark(&solid);
    assert!((230..=260).contains(&solid_dark), "{solid_dark}");
    assert!(
        solid.get(10, 10) < 64 && solid.get(40, 40) < 64,
        "corners are joined"
    );
    // Dashes half on, half off.
    let dashed_dark = dark(&dashed) as f64;
    let ratio = dashed_dark / solid_dark as f64;
    assert!((0.4..0.65).contains(&ratio), "{ratio}");
}

#[test]
fn spreads_put_pages_side_by_side() {
    let page = |width: usize, height: usize, level: u8| Bitmap {
        width,
        height,
        pixels: vec![level; width * height],
        dpi: 100,
    };
    let spread = Bitmap::side_by_side(&[page(3, 2, 0), page(2, 4, 255)], 1, 100);
    assert_eq!(
        (spread.width, spread.height),
        (1 + 3 + 1 + 2 + 1, 1 + 4 + 1)
    );
    let rows: Vec<&[u8]> = spread.pixels.chunks(spread.width).collect();
    assert_eq!(rows[0], [100; 8]);
    assert_eq!(rows[1], [100, 0, 0, 0, 100, 255, 255, 100]);
    assert_eq!(rows[3], [100, 100, 100, 100, 100, 255, 255, 100]);
    assert_eq!(rows[5], [100; 8]);
}

/// Hostile font files (the fuzzers' findings) draw something or nothing, never panic,
/// also with overflow checks on (`cargo test` without `--release`). The font reader
/// refuses most of them before they get here; the rasterizer must cope on its own, so
/// those it refuses are drawn with borrowed metrics.
#[test]
fn damaged_fonts_never_panic() {
    use puzzlebook::layout::fonts::{BundledFont, Face};
    let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fuzz/font_file");
    let mut tried = 0;
    for entry in std::fs::read_dir(directory).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let face = Face::from_file("hostile", bytes.clone()).unwrap_or_else(|_| Face {
            origin: "hostile".to_string(),
            bytes: bytes.into(),
            metrics: Face::bundled(BundledFont::DejaVuSans).metrics,
        });
        let mut fonts = FontSet::bundled(false);
        let hostile = fonts.add(face);
        let Ok(raster) = PageRasterizer::new(&fonts) else {
            continue;
        };
        let text: String = (32u8..127).map(char::from).collect();
        let item = Item::Text {
            at: Point { x: 2.0, y: 30.0 },
            size: 12.0,
            face: hostile,
            text,
            colour: Colour::grey(0.0),
        };
        let bitmap = raster.render(&page(vec![item]), 144).unwrap();
        assert_eq!((bitmap.width, bitmap.height), (200, 100));
        tried += 1;
    }
    assert!(tried >= 1, "the regression fonts were read");
}

#[test]
fn shapes_beyond_the_picture_are_clipped_or_left_out() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let fill = |rect: Rect| Item::Rect {
        rect,
        fill: Some(Colour::grey(0.0)),
        stroke: None,
    };
    // Partly outside: the inside part is drawn.
    let bitmap = raster
        .render(&page(vec![fill(Rect::new(-20.0, -20.0, 40.0, 30.0))]), 72)
        .unwrap();
    assert_eq!(dark(&bitmap), 20 * 10);
    // Far larger than the picture (only a damaged font makes such shapes): left out.
    let huge = fill(Rect::new(-1e6, -1e6, 2e6, 2e6));
    let bitmap = raster.render(&page(vec![huge]), 72).unwrap();
    assert_eq!(dark(&bitmap), 0);
}

#[test]
fn pictures_are_deterministic() {
    let fonts = FontSet::bundled(true);
    let raster = PageRasterizer::new(&fonts).unwrap();
    let items = vec![Item::Text {
        at: Point { x: 5.0, y: 30.0 },
        size: 20.0,
        face: fonts.text,
        text: "虫食い算 123".to_string(),
        colour: Colour::grey(0.0),
    }];
    let first = raster.render(&page(items.clone()), 150).unwrap().to_png();
    let second = raster.render(&page(items), 150).unwrap().to_png();
    assert_eq!(first, second);
}

#[test]
fn drawing_on_white_and_on_black_gives_coverage_and_grey() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    // A black square and a mid-grey one, both on whole pixels at 72 dpi.
    let items = vec![
        Item::Rect {
            rect: Rect::new(10.0, 10.0, 10.0, 10.0),
            fill: Some(Colour::BLACK),
            stroke: None,
        },
        Item::Rect {
            rect: Rect::new(40.0, 10.0, 10.0, 10.0),
            fill: Some(Colour::grey(0.6)),
            stroke: None,
        },
    ];
    let on_white = raster.render(&page(items.clone()), 72).unwrap();
    let on_black = raster.render_on(&page(items), 72, 0.0).unwrap();
    assert_eq!(on_black.get(0, 0), 0);
    let pixels = on_white.with_alpha(&on_black);
    let at = |x: usize, y: usize| {
        let index = 2 * (y * on_white.width + x);
        (pixels[index], pixels[index + 1])
    };
    assert_eq!(at(0, 0), (0, 0), "no paper");
    assert_eq!(at(15, 15), (0, 255), "black ink, opaque");
    let (grey, alpha) = at(45, 15);
    assert_eq!(alpha, 255);
    assert!((i32::from(grey) - 153).abs() <= 1, "{grey}");
}

#[test]
fn groups_turn_what_they_hold() {
    let fonts = FontSet::bundled(false);
    let raster = PageRasterizer::new(&fonts).unwrap();
    // A 30 × 10 bar turned a quarter about the page point (50, 10) stands 10 wide and
    // 30 high, just left of x = 50.
    let bar = Item::Group {
        transform: Transform::rotate(90.0).then(Transform::translate(50.0, 10.0)),
        items: vec![Item::Rect {
            rect: Rect::new(0.0, 0.0, 30.0, 10.0),
            fill: Some(Colour::BLACK),
            stroke: None,
        }],
    };
    let bitmap = raster.render(&page(vec![bar]), 72).unwrap();
    assert_eq!(dark(&bitmap), 300);
    assert_eq!(bitmap.get(45, 25), 0);
    assert_eq!(bitmap.get(55, 25), 255);
    assert_eq!(bitmap.get(45, 5), 255);
    // Turned text runs down the page: its ink is taller than it is wide.
    let text = Item::Group {
        transform: Transform::rotate(90.0).then(Transform::translate(50.0, 2.0)),
        items: vec![Item::Text {
            at: Point { x: 0.0, y: 0.0 },
            size: 10.0,
            face: fonts.text,
            text: "HELLO".to_string(),
            colour: Colour::BLACK,
        }],
    };
    let bitmap = raster.render(&page(vec![text]), 72).unwrap();
    let inked: Vec<(usize, usize)> = (0..bitmap.height)
        .flat_map(|y| (0..bitmap.width).map(move |x| (x, y)))
        .filter(|&(x, y)| bitmap.get(x, y) < 128)
        .collect();
    let (min_x, max_x) = (
        inked.iter().map(|p| p.0).min().unwrap(),
        inked.iter().map(|p| p.0).max().unwrap(),
    );
    let (min_y, max_y) = (
        inked.iter().map(|p| p.1).min().unwrap(),
        inked.iter().map(|p| p.1).max().unwrap(),
    );
    assert!(
        max_y - min_y > 2 * (max_x - min_x),
        "{min_x}..{max_x} x {min_y}..{max_y}"
    );
    // The letters' tops face right (on a cover, towards the front): the ink lies right
    // of the baseline (x = 50).
    assert!(min_x >= 50 && max_x <= 60, "{min_x}..{max_x}");
}
