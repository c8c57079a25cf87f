use puzzlebook::book::mushikui::MushikuiContent;
use puzzlebook::book::spec::Language;
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::kind::LayoutKind;
use puzzlebook::layout::kind::Show;
use puzzlebook::layout::page::Colour;
use puzzlebook::layout::page::Item;
use puzzlebook::layout::page::Page;
use puzzlebook::layout::page::Point;
use puzzlebook::layout::page::Rect;
use puzzlebook::layout::sum::*;
use puzzlebook::mushikui::Operation;
use puzzlebook::mushikui::Puzzle;

fn page_text(figure: &SumFigure, show: Show) -> (String, Vec<Item>, Rect) {
    let fonts = FontSet::bundled(false);
    let mut items = Vec::new();
    let bounds = draw(
        &mut items,
        &fonts,
        figure,
        Point { x: 50.0, y: 80.0 },
        20.0,
        show,
    )
    .unwrap();
    let page = Page {
        width: 500.0,
        height: 500.0,
        bleed: puzzlebook::layout::page::Bleed::NONE,
        items: items.clone(),
    };
    (page.text_in(bounds), items, bounds)
}

fn digits_of(line: &str) -> String {
    let rows = line.split_once(':').unwrap().1;
    rows.chars().filter(char::is_ascii_digit).collect()
}

fn boxes(items: &[Item]) -> usize {
    items
        .iter()
        .filter(|item| matches!(item, Item::Rect { fill: None, .. }))
        .count()
}

#[test]
fn multiplication_shifts_partial_products() {
    let puzzle = "mul:**3,**,*4**,****,2*45*";
    let solution = "mul:733,32,1466,2199,23456";
    let figure = SumFigure::from_lines(puzzle, solution).unwrap();
    let arrangement = figure.arrange().unwrap();
    assert_eq!(
        (arrangement.width, arrangement.height),
        (5.0, 5.0 + 2.0 * RULE_SPACE)
    );
    let rights: Vec<f64> = arrangement.rows.iter().map(|row| row.right).collect();
    assert_eq!(rights, vec![5.0, 5.0, 5.0, 4.0, 5.0]);
    let (text, items, _) = page_text(&figure, Show::Puzzle);
    assert_eq!(text, digits_of(puzzle));
    assert_eq!(boxes(&items), puzzle.matches('*').count());
    let (text, _, _) = page_text(&figure, Show::Answer);
    assert_eq!(text, digits_of(solution));
}

#[test]
fn division_reads_in_row_list_order() {
    // 686 ÷ 49 = 14: quotient, divisor, dividend, then the steps.
    let puzzle = "div:1*,49,6**,49,19*,1*6,0";
    let solution = "div:14,49,686,49,196,196,0";
    let figure = SumFigure::from_lines(puzzle, solution).unwrap();
    let arrangement = figure.arrange().unwrap();
    // Divisor (2) + bracket gap + dividend (3) columns; quotient, dividend, 4 steps, and
    // room for the bar and the two steps' rules.
    assert_eq!(
        (arrangement.width, arrangement.height),
        (5.0 + DIVISOR_GAP, 6.0 + 3.0 * RULE_SPACE)
    );
    let (text, items, bounds) = page_text(&figure, Show::Puzzle);
    assert_eq!(text, digits_of(puzzle));
    // Everything drawn stays inside the bounding box.
    for item in &items {
        if let Item::Line { from, to, .. } = item {
            assert!(bounds.inset(-0.01).contains(*from) && bounds.inset(-0.01).contains(*to));
        }
    }
}

#[test]
fn zero_quotient_digits_skip_their_rows() {
    // 8 456 ÷ 42 = 201 r 14: the 0 step prints neither 0 nor the row 4 before it.
    let solution = "div:201,42,8456,84,5,0,56,42,14";
    let puzzle = "div:2*1,42,8***,**,5,0,5*,**,14";
    let figure = SumFigure::from_lines(puzzle, solution).unwrap();
    let arrangement = figure.arrange().unwrap();
    let printed: Vec<usize> = arrangement.rows.iter().map(|row| row.row).collect();
    assert_eq!(printed, vec![0, 1, 2, 3, 6, 7, 8]);
    // 56 is right-aligned under the dividend's 5th… its last digit under the 6.
    let row56 = arrangement.rows.iter().find(|row| row.row == 6).unwrap();
    assert_eq!(row56.right, 2.0 + DIVISOR_GAP + 4.0);
    let (text, _, _) = page_text(&figure, Show::Answer);
    assert_eq!(text, "201428456845642 14".replace(' ', ""));
}

#[test]
fn a_zero_the_row_list_does_not_reveal_is_printed() {
    // 707 ÷ 7 = 101 with the middle quotient digit and its product hidden: a one-digit
    // divisor's product could be 7, so the page must show the row (as a box).
    let figure =
        SumFigure::from_lines("div:1*1,7,707,7,0,*,7,7,0", "div:101,7,707,7,0,0,7,7,0").unwrap();
    assert!(figure.printed.iter().all(|&printed| printed));
    assert_eq!(figure.visible_digits(Show::Puzzle), "11770770770");
    // With the zero shown, books leave out its rows.
    let figure =
        SumFigure::from_lines("div:1*1,7,707,7,0,0,7,7,0", "div:101,7,707,7,0,0,7,7,0").unwrap();
    assert_eq!(
        figure.printed,
        vec![true, true, true, true, false, false, true, true, true]
    );
    let (text, _, _) = page_text(&figure, Show::Answer);
    assert_eq!(text, figure.visible_digits(Show::Answer));
}

#[test]
fn addition_and_subtraction_share_a_right_edge() {
    let figure = SumFigure::from_lines("add:135,5**,9397,*0*90", "add:135,558,9397,10090").unwrap();
    let arrangement = figure.arrange().unwrap();
    assert!(arrangement.rows.iter().all(|row| row.right == 5.0));
    assert_eq!(arrangement.height, 4.0 + RULE_SPACE);
    let figure = SumFigure::from_lines("sub:9*,*7,2*", "sub:95,67,28").unwrap();
    assert_eq!(figure.extent(), (3.0, 3.0 + RULE_SPACE));
}

#[test]
fn bad_lines_are_errors() {
    assert!(SumFigure::from_lines("mul:12,3", "mul:12,3").is_err());
    assert!(SumFigure::from_lines("add:1*,2", "add:13,2,15").is_err());
    assert!(SumFigure::from_lines("add:1*,2,15", "add:23,2,25").is_err());
    assert!(SumFigure::from_lines("pow:1,2,3", "pow:1,2,3").is_err());
}

#[test]
fn maximum_extents_bound_real_figures() {
    let figure =
        SumFigure::from_lines("mul:**3,**,*4**,****,2*45*", "mul:733,32,1466,2199,23456").unwrap();
    let (w, h) = figure.extent();
    let (max_w, max_h) = max_extent(Operation::Mul, &[3, 2]);
    assert!(w <= max_w && h <= max_h);
    let figure = SumFigure::from_lines(
        "div:2*1,42,8***,**,5,0,5*,**,14",
        "div:201,42,8456,84,5,0,56,42,14",
    )
    .unwrap();
    let (w, h) = figure.extent();
    let (max_w, max_h) = max_extent(Operation::Div, &[4, 2]);
    assert!(w <= max_w && h <= max_h, "{w}x{h} vs {max_w}x{max_h}");
}

#[test]
fn the_divisor_stands_against_its_bracket() {
    // 686 ÷ 49 with the divisor's last digit hidden (a box) and shown (a digit).
    for (puzzle, solution) in [
        ("div:1*,4*,6**,49,19*,1*6,0", "div:14,49,686,49,196,196,0"),
        ("div:1*,49,6**,49,19*,1*6,0", "div:14,49,686,49,196,196,0"),
    ] {
        let figure = SumFigure::from_lines(puzzle, solution).unwrap();
        let (_, items, bounds) = page_text(&figure, Show::Puzzle);
        let pitch = 20.0;
        // The top of the dividend's line, below the bar and its room.
        let bar = bounds.y + pitch * (1.0 + RULE_SPACE);
        // The bracket: the slanted strokes of its curve, down the divisor's line.
        let bracket_left = items
            .iter()
            .filter_map(|item| match item {
                Item::Line { from, to, .. } if from.x != to.x && from.y != to.y => {
                    Some(from.x.min(to.x))
                }
                _ => None,
            })
            .fold(f64::INFINITY, f64::min);
        let fonts = FontSet::bundled(false);
        // The divisor's right edge: its rightmost box or digit on the line under the bar.
        let divisor_right = items
            .iter()
            .filter_map(|item| match item {
                Item::Rect { rect, .. } if rect.y > bar && rect.bottom() < bar + pitch => {
                    Some(rect.right())
                }
                Item::Text {
                    at,
                    size,
                    face,
                    text,
                    ..
                } if at.y > bar && at.y < bar + pitch => {
                    Some(at.x + fonts.metrics(*face).width(text, *size))
                }
                _ => None,
            })
            .filter(|&right| right < bracket_left + pitch * 0.5)
            .fold(f64::NEG_INFINITY, f64::max);
        let gap = bracket_left - divisor_right;
        assert!(
            gap > 0.0 && gap < pitch * 0.4,
            "{puzzle}: the divisor ends {gap:.1} pt from its bracket"
        );
    }
}

/// The ink box of an item (strokes included), and whether it is a line.
fn ink(item: &Item, fonts: &FontSet) -> Option<Rect> {
    match item {
        Item::Line {
            from, to, width, ..
        } => {
            let half = width / 2.0;
            let (left, right) = (from.x.min(to.x), from.x.max(to.x));
            let (top, bottom) = (from.y.min(to.y), from.y.max(to.y));
            // Butt ends: a straight line's ink ends where it does.
            let (grow_x, grow_y) = if from.y == to.y {
                (0.0, half)
            } else if from.x == to.x {
                (half, 0.0)
            } else {
                (half, half)
            };
            Some(Rect::new(
                left - grow_x,
                top - grow_y,
                right - left + 2.0 * grow_x,
                bottom - top + 2.0 * grow_y,
            ))
        }
        Item::Rect { rect, stroke, .. } => {
            let half = stroke.map_or(0.0, |(width, _)| width / 2.0);
            Some(rect.inset(-half))
        }
        Item::Text {
            at,
            size,
            face,
            text,
            ..
        } => {
            let metrics = fonts.metrics(*face);
            let height = metrics.cap_height() * size;
            Some(Rect::new(
                at.x,
                at.y - height,
                metrics.width(text, *size),
                height,
            ))
        }
        _ => None,
    }
}

/// The gap between two boxes (negative when they overlap).
fn gap(a: Rect, b: Rect) -> f64 {
    let across = (b.x - a.right()).max(a.x - b.right());
    let down = (b.y - a.bottom()).max(a.y - b.bottom());
    across.max(down)
}

/// The elements of a figure: items that belong together (the strokes of a sign or of
/// the division bracket, which meet; a digit and the box or grey square around it)
/// form one, as indices into `items`.
fn elements(items: &[Item]) -> Vec<Vec<usize>> {
    let mut owner: Vec<usize> = (0..items.len()).collect();
    fn root(owner: &mut [usize], mut at: usize) -> usize {
        while owner[at] != at {
            owner[at] = owner[owner[at]];
            at = owner[at];
        }
        at
    }
    let ends = |item: &Item| match item {
        Item::Line { from, to, .. } => Some((*from, *to)),
        _ => None,
    };
    let near = |a: Point, b: Point| (a.x - b.x).abs() < 1e-6 && (a.y - b.y).abs() < 1e-6;
    for a in 0..items.len() {
        for b in a + 1..items.len() {
            let together = match (&items[a], &items[b]) {
                (Item::Line { .. }, Item::Line { .. }) => {
                    let (p, q) = ends(&items[a]).unwrap();
                    let (r, s) = ends(&items[b]).unwrap();
                    let mid = |u: Point, v: Point| Point {
                        x: (u.x + v.x) / 2.0,
                        y: (u.y + v.y) / 2.0,
                    };
                    near(p, r)
                        || near(p, s)
                        || near(q, r)
                        || near(q, s)
                        || near(mid(p, q), mid(r, s))
                }
                (Item::Rect { rect, .. }, Item::Text { at, .. })
                | (Item::Text { at, .. }, Item::Rect { rect, .. }) => rect.contains(Point {
                    x: at.x,
                    y: at.y - 0.1,
                }),
                _ => false,
            };
            if together {
                let (ra, rb) = (root(&mut owner, a), root(&mut owner, b));
                owner[ra] = rb;
            }
        }
    }
    let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for index in 0..items.len() {
        let key = root(&mut owner, index);
        groups.entry(key).or_default().push(index);
    }
    groups.into_values().collect()
}

/// Puzzle lines of every shape a book can ask for: the solution with no digit, every
/// other digit and every digit hidden.
fn figures_of_every_shape() -> Vec<SumFigure> {
    use puzzlebook::mushikui::{GenerateOptions, random_solution};
    let shapes: &[(Operation, &[usize])] = &[
        (Operation::Add, &[1, 1]),
        (Operation::Add, &[4, 4, 3]),
        (Operation::Add, &[5, 3, 4, 2]),
        (Operation::Sub, &[2, 1]),
        (Operation::Sub, &[5, 4]),
        (Operation::Mul, &[2, 1]),
        (Operation::Mul, &[3, 2]),
        (Operation::Mul, &[4, 3]),
        (Operation::Mul, &[5, 4]),
        (Operation::Div, &[3, 1]),
        (Operation::Div, &[4, 2]),
        (Operation::Div, &[5, 2]),
        (Operation::Div, &[6, 2]),
        (Operation::Div, &[6, 3]),
        (Operation::Div, &[8, 3]),
    ];
    let mut solutions: Vec<Puzzle> = [
        // Zero quotient digits, whose rows books leave out.
        "div:201,42,8456,84,5,0,56,42,14",
        "div:101,7,707,7,0,0,7,7,0",
        "div:1003,9,9027,9,0,0,2,0,27,27,0",
    ]
    .iter()
    .map(|line| line.parse().unwrap())
    .collect();
    for (operation, digits) in shapes {
        let options = GenerateOptions::new(*operation, digits);
        for index in 0..4 {
            let mut rng = puzzlebook::seed::RandomStream::derive("figures", &["clearance"], index);
            solutions.extend(random_solution(&options, &mut rng));
        }
    }
    let mut figures = Vec::new();
    for solution in solutions {
        {
            let line = solution.to_line();
            let (head, rows) = line.split_once(':').unwrap();
            for pattern in 0..3 {
                let mut k = 0;
                let hidden: String = rows
                    .chars()
                    .map(|ch| {
                        if !ch.is_ascii_digit() {
                            return ch;
                        }
                        k += 1;
                        let hide = match pattern {
                            0 => false,
                            1 => k % 2 == 0,
                            _ => true,
                        };
                        if hide { '*' } else { ch }
                    })
                    .collect();
                let puzzle: Puzzle = format!("{head}:{hidden}").parse().unwrap();
                figures.push(SumFigure::from_puzzles(&puzzle, &solution).unwrap());
            }
        }
    }
    figures
}

/// No element of a figure touches another: rules clear the boxes above and below
/// them, rows of boxes stand apart, the bracket clears the divisor, the quotient and
/// the dividend; at every pitch a book uses, for puzzles, answers and walkthroughs.
#[test]
fn no_figure_element_touches_another() {
    let fonts = FontSet::bundled(false);
    let figures = figures_of_every_shape();
    assert!(figures.len() > 100, "{}", figures.len());
    let mut worst = f64::INFINITY;
    for figure in &figures {
        for pitch in [MIN_ANSWER_PITCH, MIN_PUZZLE_PITCH, 16.0, 24.0] {
            let looks: [&dyn Fn(usize, usize) -> Look; 3] = [
                &|row, index| {
                    if figure.rows[row][index].hidden {
                        Look::Blank
                    } else {
                        Look::Given
                    }
                },
                &|row, index| {
                    if figure.rows[row][index].hidden {
                        Look::Found
                    } else {
                        Look::Given
                    }
                },
                &|row, index| {
                    if !figure.rows[row][index].hidden {
                        Look::Given
                    } else if (row + index) % 2 == 0 {
                        Look::Known
                    } else {
                        Look::Blank
                    }
                },
            ];
            for look in looks {
                let mut items = Vec::new();
                draw_looks(
                    &mut items,
                    &fonts,
                    figure,
                    Point { x: 0.0, y: 0.0 },
                    pitch,
                    look,
                )
                .unwrap();
                let groups = elements(&items);
                let boxes: Vec<Vec<Rect>> = groups
                    .iter()
                    .map(|group| {
                        group
                            .iter()
                            .filter_map(|&i| ink(&items[i], &fonts))
                            .collect()
                    })
                    .collect();
                for a in 0..boxes.len() {
                    for b in a + 1..boxes.len() {
                        for &p in &boxes[a] {
                            for &q in &boxes[b] {
                                let apart = gap(p, q) / pitch;
                                worst = worst.min(apart);
                                assert!(
                                    apart >= MIN_CLEARANCE,
                                    "{:?} at {pitch} pt: {:?} and {:?} are {:.2} pitch apart",
                                    figure.rows,
                                    items[groups[a][0]],
                                    items[groups[b][0]],
                                    apart
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(worst.is_finite());
}

/// Every moment of a walkthrough marks exactly the digits its steps find (bold on a
/// grey square), shows the earlier ones in thin boxes and leaves the rest as empty
/// boxes.
#[test]
fn walkthrough_figures_mark_exactly_the_steps_digits() {
    use puzzlebook::book::kind::Content;
    for line in [
        "mul:***,***,11**,****,*11,**1**",
        "div:*2*,2*2,2****,***,***,*2*,***,**2,2",
        "add:135,5**,9397,*0*90",
    ] {
        let puzzle: Puzzle = line.parse().unwrap();
        let puzzlebook::mushikui::Solution::Unique(solution) = puzzlebook::mushikui::solve(&puzzle)
        else {
            panic!("{line}");
        };
        let content = MushikuiContent {
            puzzle: puzzle.clone(),
            solution,
            drill: None,
        };
        let walk = content
            .walkthrough(puzzlebook::book::kind::Wording::new(
                Language::ENGLISH,
                puzzlebook::sudoku::coordinates::Coordinates::Numbers,
            ))
            .unwrap();
        let figure = SumFigure::from_puzzles(&content.puzzle, &content.solution).unwrap();
        let printed_hidden = |cells: &mut dyn Iterator<Item = &(usize, usize)>| {
            cells.filter(|&&(row, _)| figure.printed[row]).count()
        };
        let hidden: usize = figure
            .rows
            .iter()
            .zip(&figure.printed)
            .filter(|(_, printed)| **printed)
            .map(|(row, _)| row.iter().filter(|cell| cell.hidden).count())
            .sum();
        let fonts = FontSet::bundled(false);
        for end in 1..=walk.steps.len() {
            let start = end - 1;
            let mut items = Vec::new();
            MushikuiLayout
                .draw_walk(
                    &content,
                    &walk,
                    start..end,
                    Rect::new(0.0, 0.0, 300.0, 300.0),
                    12.0,
                    &fonts,
                    &mut items,
                )
                .unwrap();
            let grey_squares = items
                .iter()
                .filter(|item| matches!(item, Item::Rect { fill: Some(_), .. }))
                .count();
            let empty_boxes = items
                .iter()
                .filter(|item| {
                    matches!(item, Item::Rect { fill: None, stroke: Some((_, colour)), .. } if *colour == Colour::BLACK)
                })
                .count();
            let thin_boxes = items
                .iter()
                .filter(|item| {
                    matches!(item, Item::Rect { fill: None, stroke: Some((_, colour)), .. } if *colour != Colour::BLACK)
                })
                .count();
            let now = printed_hidden(&mut walk.steps[start].cells.iter());
            let before = printed_hidden(&mut walk.steps[..start].iter().flat_map(|s| &s.cells));
            assert_eq!(grey_squares, now, "{line}, step {end}");
            assert_eq!(thin_boxes, before, "{line}, step {end}");
            assert_eq!(empty_boxes, hidden - now - before, "{line}, step {end}");
        }
    }
}
