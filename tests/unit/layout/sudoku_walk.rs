use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::page::Item;
use puzzlebook::layout::page::Point;
use puzzlebook::layout::page::Rect;
use puzzlebook::sudoku::grade::ExtraHouses;
use puzzlebook::sudoku::variant::geometry::Size;
use puzzlebook::sudoku::variant::geometry::Variant;
use std::collections::BTreeSet;

use puzzlebook::book::kind::Content;
use puzzlebook::book::spec::Language;
use puzzlebook::book::sudoku::{SudokuContent, Symbols, VariantContent};
use puzzlebook::layout::kind::LayoutKind;
use puzzlebook::layout::sudoku::SudokuLayout;
use puzzlebook::layout::sudoku_walk::*;
use puzzlebook::sudoku::Grid;
use puzzlebook::sudoku::grade::{GradeOptions, grade_with};

/// What a drawn diagram shows, read back from its items.
#[derive(Default, Debug)]
struct ReadBack {
    pattern: BTreeSet<u8>,
    targets: BTreeSet<u8>,
    struck: BTreeSet<(u8, u8)>,
    circled: BTreeSet<u8>,
    links: usize,
    dashed: usize,
    /// Strokes marking extra houses (an X-sudoku's diagonals, windoku's windows).
    extra_strokes: usize,
}

fn read_back(items: &[Item], rect: Rect) -> ReadBack {
    let mut seen = ReadBack::default();
    for item in items {
        match item {
            Item::Rect {
                rect: shade,
                fill: Some(fill),
                ..
            } => {
                let centre = Point {
                    x: shade.x + shade.width / 2.0,
                    y: shade.y + shade.height / 2.0,
                };
                let cell = cell_at(rect, centre).expect("shading inside the grid") as u8;
                match fill.as_grey() {
                    Some(grey) if grey == PATTERN_GREY => seen.pattern.insert(cell),
                    Some(grey) if grey == TARGET_GREY => seen.targets.insert(cell),
                    other => panic!("unexpected shade {other:?}"),
                };
            }
            Item::Line { width, colour, .. }
                if *width == EXTRA_HOUSE_WIDTH && colour.as_grey() == Some(EXTRA_HOUSE_GREY) =>
            {
                seen.extra_strokes += 1;
            }
            Item::Rect {
                fill: None,
                stroke: Some((width, colour)),
                ..
            } if *width == EXTRA_HOUSE_WIDTH && colour.as_grey() == Some(EXTRA_HOUSE_GREY) => {
                seen.extra_strokes += 1;
            }
            // Strikes are the only other slanted lines (the grid's are upright).
            Item::Line {
                from, to, width, ..
            } if from.x != to.x && from.y != to.y => {
                assert_eq!(*width, STRIKE_WIDTH);
                let middle = Point {
                    x: (from.x + to.x) / 2.0,
                    y: (from.y + to.y) / 2.0,
                };
                let cell = cell_at(rect, middle).unwrap();
                seen.struck
                    .insert((cell as u8, mark_at(rect, cell, middle)));
            }
            Item::Path {
                path,
                fill: None,
                stroke: Some(stroke),
            } => {
                let subpath = &path.subpaths[0];
                if subpath.closed {
                    // A circle: its centre is half its width left of its start.
                    let centre = Point {
                        x: subpath.start.x - rect.width / 9.0 * 0.4,
                        y: subpath.start.y,
                    };
                    seen.circled.insert(cell_at(rect, centre).unwrap() as u8);
                } else {
                    seen.links += 1;
                    seen.dashed += usize::from(stroke.dash.is_some());
                }
            }
            _ => {}
        }
    }
    seen
}

fn puzzles(every: usize, count: usize) -> Vec<Grid> {
    include_str!("../../data/se-rated.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .step_by(every)
        .take(count)
        .filter_map(|line| line.split_whitespace().next()?.parse().ok())
        .collect()
}

/// Every diagram strikes exactly the grader's eliminations of its step, shades its
/// pattern (the grader's pattern cells, and a chain's candidates), circles exactly the
/// digit it places, and shades every other cell it changes in the other grey.
#[test]
fn diagrams_show_exactly_what_the_grader_did() {
    let contents: Vec<Box<dyn Content>> = puzzles(50, 43)
        .into_iter()
        .map(|puzzle| {
            let puzzlebook::sudoku::Solution::Unique(solution) = puzzlebook::sudoku::solve(&puzzle)
            else {
                panic!("a rated puzzle without one solution");
            };
            Box::new(SudokuContent {
                puzzle,
                solution,
                pattern: None,
            }) as Box<dyn Content>
        })
        .collect();
    let (diagrams, struck, chains) = check_diagrams(&contents, ExtraHouses::None);
    assert!(
        diagrams > 100 && struck > 200 && chains > 5,
        "{diagrams} {struck} {chains}"
    );
}

/// The same for X-sudoku and windoku, whose diagrams also mark the extra houses.
#[test]
fn x_and_windoku_diagrams_show_what_the_grader_did() {
    for (data, head, extra) in [
        (include_str!("../../data/x-rated.txt"), "x", ExtraHouses::X),
        (
            include_str!("../../data/windoku-rated.txt"),
            "windoku",
            ExtraHouses::Windoku,
        ),
    ] {
        let contents: Vec<Box<dyn Content>> = data
            .lines()
            .filter(|line| !line.starts_with('#'))
            .step_by(9)
            .take(24)
            .map(|line| {
                let word = format!("{head}:{}", line.split_whitespace().next().unwrap());
                let puzzle = puzzlebook::sudoku::variant::parse_any(&word).unwrap();
                let puzzlebook::sudoku::variant::VariantSolution::Unique(solution) =
                    puzzlebook::sudoku::variant::solve(&puzzle)
                else {
                    panic!("a rated puzzle without one solution");
                };
                Box::new(VariantContent {
                    puzzle,
                    solution,
                    symbols: Symbols::Digits,
                    pattern: None,
                }) as Box<dyn Content>
            })
            .collect();
        let (diagrams, struck, _) = check_diagrams(&contents, extra);
        assert!(diagrams > 20 && struck > 40, "{head}: {diagrams} {struck}");
    }
}

/// Draws every step of every walkthrough and reads the diagram back against the
/// grader's steps: (diagrams, struck candidates, chains) seen.
fn check_diagrams(contents: &[Box<dyn Content>], extra: ExtraHouses) -> (usize, usize, usize) {
    let fonts = FontSet::bundled(false);
    let (mut diagrams, mut chains, mut struck) = (0, 0, 0);
    for content in contents {
        let puzzle: Grid = content
            .puzzle_line()
            .rsplit(':')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let grading = grade_with(
            &puzzle,
            &GradeOptions {
                record_steps: true,
                extra_houses: extra,
                ..GradeOptions::default()
            },
        )
        .unwrap();
        let content = content.as_ref();
        let walk = content
            .walkthrough(puzzlebook::book::kind::Wording::new(
                Language::ENGLISH,
                puzzlebook::sudoku::coordinates::Coordinates::Numbers,
            ))
            .unwrap();
        let _ = grading;
        let engine =
            puzzlebook::sudoku::grade::walkthrough::walkthrough_in(&puzzle, extra).unwrap();
        assert_eq!(engine.steps.len(), walk.steps.len());
        let area = Rect::new(50.0, 80.0, 190.0, 190.0);
        for (index, (step, told)) in walk.steps.iter().zip(&engine.steps).enumerate() {
            let mut items = Vec::new();
            let rect = SudokuLayout
                .draw_walk(
                    content,
                    &walk,
                    index..index + 1,
                    area,
                    20.0,
                    &fonts,
                    &mut items,
                )
                .unwrap();
            let seen = read_back(&items, rect);
            let expected_strokes = match extra {
                ExtraHouses::None => 0,
                ExtraHouses::X => 20,
                ExtraHouses::Windoku => 4,
            };
            assert_eq!(seen.extra_strokes, expected_strokes);
            if told.singles {
                // A run of singles: its digits circled, nothing struck or shaded grey.
                let placed: BTreeSet<u8> = step
                    .cells
                    .iter()
                    .map(|&(row, column)| (row * 9 + column) as u8)
                    .collect();
                assert_eq!(seen.circled, placed);
                assert!(seen.struck.is_empty() && seen.pattern.is_empty());
                continue;
            }
            diagrams += 1;
            let graded: Vec<&puzzlebook::sudoku::grade::Step> =
                told.path.iter().map(|&i| &engine.path[i]).collect();
            let name = &graded[0].name;
            let placed: BTreeSet<u8> = graded
                .iter()
                .flat_map(|g| g.placements.iter().map(|p| p.0))
                .collect();
            // A cell the step fills shows its digit circled instead of struck marks;
            // only candidates still there are struck.
            let eliminations: BTreeSet<(u8, u8)> = graded
                .iter()
                .flat_map(|g| g.eliminations.iter().copied())
                .filter(|e| !placed.contains(&e.0))
                .filter(|&(cell, digit)| {
                    told.moment.candidates[usize::from(cell)] >> (digit - 1) & 1 == 1
                })
                .collect();
            assert_eq!(seen.struck, eliminations, "{name}");
            struck += eliminations.len();
            assert_eq!(seen.circled, placed, "{name}");
            // A table's figure holds the patterns of all its rows.
            let pattern: BTreeSet<u8> = graded
                .iter()
                .filter(|g| !puzzlebook::sudoku::grade::walkthrough::is_single(g.technique))
                .flat_map(|g| g.cells.iter().copied())
                .collect();
            if seen.links == 0 {
                assert_eq!(seen.pattern, pattern, "{name}");
            } else {
                chains += 1;
                assert!(seen.pattern.is_superset(&pattern), "{name}");
            }
            // Every changed cell is shaded, in one grey or the other.
            for cell in eliminations
                .iter()
                .map(|e| e.0)
                .chain(placed.iter().copied())
            {
                assert!(
                    seen.pattern.contains(&cell) || seen.targets.contains(&cell),
                    "{name}: r{}c{} unshaded",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
            }
            assert!(seen.targets.is_disjoint(&seen.pattern));
        }
    }
    (diagrams, struck, chains)
}

/// What a drawn house-grader diagram shows, read back from its items.
#[derive(Default, Debug)]
struct VariantReadBack {
    pattern: BTreeSet<u16>,
    targets: BTreeSet<u16>,
    struck: BTreeSet<(u16, u8)>,
    circled: BTreeSet<u16>,
    links: usize,
    dashed: usize,
    diagonal_strokes: usize,
}

fn read_back_variant(items: &[Item], rect: Rect, size: Size) -> VariantReadBack {
    let side = size.side();
    let cell_size = rect.width / side as f64;
    let cell_at = |point: Point| -> usize {
        let column = ((point.x - rect.x) / cell_size).floor() as usize;
        let row = ((point.y - rect.y) / cell_size).floor() as usize;
        assert!(column < side && row < side, "{point:?} outside the grid");
        row * side + column
    };
    let mark_at = |cell: usize, point: Point| -> u8 {
        let (rows, columns) = mark_grid(size);
        let across = ((point.x - rect.x - (cell % side) as f64 * cell_size)
            / (cell_size / columns as f64))
            .floor() as usize;
        let down = ((point.y - rect.y - (cell / side) as f64 * cell_size)
            / (cell_size / rows as f64))
            .floor() as usize;
        (down.min(rows - 1) * columns + across.min(columns - 1) + 1) as u8
    };
    let mut seen = VariantReadBack::default();
    for item in items {
        match item {
            Item::Rect {
                rect: shade,
                fill: Some(fill),
                ..
            } => {
                let cell = cell_at(Point {
                    x: shade.x + shade.width / 2.0,
                    y: shade.y + shade.height / 2.0,
                }) as u16;
                match fill.as_grey() {
                    Some(grey) if grey == PATTERN_GREY => seen.pattern.insert(cell),
                    Some(grey) if grey == TARGET_GREY => seen.targets.insert(cell),
                    other => panic!("unexpected shade {other:?}"),
                };
            }
            Item::Line { width, colour, .. }
                if *width == EXTRA_HOUSE_WIDTH && colour.as_grey() == Some(EXTRA_HOUSE_GREY) =>
            {
                seen.diagonal_strokes += 1;
            }
            Item::Line {
                from, to, width, ..
            } if from.x != to.x && from.y != to.y => {
                assert_eq!(*width, STRIKE_WIDTH);
                let middle = Point {
                    x: (from.x + to.x) / 2.0,
                    y: (from.y + to.y) / 2.0,
                };
                let cell = cell_at(middle);
                seen.struck.insert((cell as u16, mark_at(cell, middle)));
            }
            Item::Path {
                path,
                fill: None,
                stroke: Some(stroke),
            } => {
                let subpath = &path.subpaths[0];
                if subpath.closed {
                    let centre = Point {
                        x: subpath.start.x - cell_size * 0.4,
                        y: subpath.start.y,
                    };
                    seen.circled.insert(cell_at(centre) as u16);
                } else {
                    seen.links += 1;
                    seen.dashed += usize::from(stroke.dash.is_some());
                }
            }
            _ => {}
        }
    }
    seen
}

/// House-grader diagrams (6×6, 8×8 X, jigsaw, 12×12) strike exactly the step's
/// eliminations, shade its pattern and the other cells it changes, circle what it
/// places, and draw a chain's links, weak ones dashed.
#[test]
fn variant_diagrams_show_exactly_what_the_grader_did() {
    use puzzlebook::seed::RandomStream;
    use puzzlebook::sudoku::variant::generate::{VariantOptions, generate};
    use puzzlebook::sudoku::variant::walkthrough::walkthrough;
    let fonts = FontSet::bundled(false);
    let mut chains = 0;
    for (index, (size, variant)) in [
        (Size::S6, Variant::Classic),
        (Size::S8, Variant::X),
        (Size::S9, Variant::Jigsaw),
        (Size::S12, Variant::Classic),
    ]
    .into_iter()
    .cycle()
    .take(12)
    .enumerate()
    {
        let mut rng = RandomStream::derive("test", &["variant diagrams"], index as u64);
        let generated = generate(&VariantOptions::new(size, variant), &mut rng, None).unwrap();
        let walked = walkthrough(&generated.puzzle).unwrap();
        let rect = Rect::new(
            40.0,
            60.0,
            30.0 * size.side() as f64,
            30.0 * size.side() as f64,
        );
        for step in walked.steps.iter().filter(|step| !step.singles) {
            let moment = &step.moment;
            let mut items = Vec::new();
            draw_variant_diagram(
                &mut items,
                &fonts,
                rect,
                &VariantDiagram {
                    moment,
                    placed: &moment.placements,
                    marks: MarkArea::WHOLE,
                    labelled: &[],
                },
            );
            let seen = read_back_variant(&items, rect, size);
            // Identical steps told as one show all they do.
            let graders: Vec<&puzzlebook::sudoku::variant::grade::VariantStep> =
                step.path.iter().map(|&i| &walked.path[i]).collect();
            let placed: BTreeSet<u16> = graders
                .iter()
                .flat_map(|g| g.placements.iter().map(|&(cell, _)| cell))
                .collect();
            let eliminated: BTreeSet<(u16, u8)> = graders
                .iter()
                .flat_map(|g| g.eliminations.iter().copied())
                .filter(|(cell, _)| !placed.contains(cell))
                .filter(|&(cell, value)| {
                    moment.candidates[usize::from(cell)] >> (value - 1) & 1 == 1
                })
                .collect();
            assert_eq!(
                seen.struck,
                eliminated,
                "{}",
                step.text(puzzlebook::i18n::Language::ENGLISH)
            );
            assert_eq!(seen.circled, placed);
            let pattern: BTreeSet<u16> = moment.pattern.iter().copied().collect();
            assert!(
                graders
                    .iter()
                    .all(|g| g.pattern.iter().all(|cell| pattern.contains(cell)))
            );
            assert_eq!(seen.pattern, pattern);
            let changed: BTreeSet<u16> = graders
                .iter()
                .flat_map(|g| g.eliminations.iter().chain(&g.placements))
                .map(|&(cell, _)| cell)
                .filter(|cell| !pattern.contains(cell))
                .collect();
            assert_eq!(seen.targets, changed);
            let links: Vec<_> = graders.iter().flat_map(|g| g.links.iter()).collect();
            assert_eq!(seen.links, links.len());
            assert_eq!(
                seen.dashed,
                links.iter().filter(|link| !link.strong).count()
            );
            chains += usize::from(!links.is_empty());
            let diagonals = if variant == Variant::X {
                2 * (size.side() + 1)
            } else {
                0
            };
            assert_eq!(seen.diagonal_strokes, diagonals);
        }
    }
    assert!(chains > 0, "some diagram shows a chain");
}

/// Marks sit in the squarest grid that holds every value: an 8×8 cell's marks are a
/// third of it wide (3×3, as on 9×9), not a quarter (its 2×4 box), so that its
/// walkthrough figure is narrow enough at 6 × 9 in to have its steps beside it.
#[test]
fn eight_by_eight_marks_sit_three_by_three_and_its_figures_go_beside_their_steps() {
    use puzzlebook::book::spec::Spec;
    use puzzlebook::layout::compose::{Geometry, paginate};
    let grids: Vec<(usize, usize)> = Size::ALL.iter().map(|&size| mark_grid(size)).collect();
    assert_eq!(grids, [(2, 2), (2, 3), (3, 3), (3, 3), (3, 4), (4, 4)]);
    assert_eq!(variant_mark_scale(Size::S8), variant_mark_scale(Size::S9));
    // Every value has a slot of its own.
    let rect = Rect::new(0.0, 0.0, 80.0, 80.0);
    let centres: Vec<(i64, i64)> = (1..=8)
        .map(|value| {
            let centre = variant_mark_centre(rect, Size::S8, 0, value);
            (centre.x.round() as i64, centre.y.round() as i64)
        })
        .collect();
    let mut distinct = centres.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 8, "{centres:?}");
    assert!(centres.iter().all(|&(x, y)| x < 10 && y < 10));
    let fonts = FontSet::bundled(false);
    let spec = Spec::parse(
        "book.toml",
        "title = \"T\"\ntemplate = \"kdp-6x9\"\n[[section]]\nkind = \"sudoku\"\nvariant = \"jigsaw\"\nsize = \"8x8\"\ncount = 2\nper_page = \"1x1\"\nwalkthroughs = \"all\"\n",
        None,
    )
    .unwrap();
    let geometry = Geometry::new(&spec, &paginate(&spec), &fonts).unwrap();
    let cell = geometry.walk_cells[0];
    assert!(
        cell * variant_mark_scale(Size::S8) >= MIN_MARK - 1e-9,
        "{cell}"
    );
    // The figure with its margin of coordinates (a cell) beside steps: at most half
    // the body less the gutter.
    let figure = (8.0 + puzzlebook::layout::sudoku::LABEL_BAND) * cell;
    let text = spec.page.text_size.value;
    let half = (geometry.body_width() - puzzlebook::layout::walk::style::GUTTER * text) / 2.0;
    assert!(figure <= half, "{figure} > {half}");
}

#[test]
fn pencil_marks_stay_readable_on_small_pages_and_smaller_is_refused() {
    use puzzlebook::book::spec::Spec;
    use puzzlebook::layout::compose::{Geometry, paginate};
    let fonts = FontSet::bundled(false);
    let geometry = |size: &str| {
        let spec = Spec::parse(
            "book.toml",
            &format!(
                "title = \"T\"\ntemplate = \"kdp-6x9\"\n[page]\nsize = \"{size}\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\nper_page = \"1x1\"\nwalkthroughs = \"all\"\n[answers]\nper_page = \"1x1\"\n"
            ),
            None,
        )
        .unwrap();
        Geometry::new(&spec, &paginate(&spec), &fonts)
    };
    let six_by_nine = geometry("6x9in").unwrap();
    let cell = six_by_nine.walk_cells[0];
    assert!(
        cell >= MIN_WALK_CELL && cell * MARK_SCALE >= MIN_MARK,
        "{cell}"
    );
    // A 5 × 8 in page has no room beside the figure: the steps go below it.
    let five_by_eight = geometry("5x8in").unwrap();
    assert!(five_by_eight.walk_cells[0] >= MIN_WALK_CELL);
    let error = geometry("3.2x4.4in").unwrap_err();
    assert!(
        error
            .message()
            .contains("walkthrough figures would have sudoku cells"),
        "{error}"
    );
}
