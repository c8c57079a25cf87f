use puzzlebook::book::printer::Printer;
use puzzlebook::layout::ink::*;
use puzzlebook::layout::page::Colour;
use puzzlebook::layout::page::Item;
use puzzlebook::layout::page::Page;
use puzzlebook::layout::page::Transform;
use puzzlebook::layout::page::{Bleed, Point, Rect};

fn page(items: Vec<Item>) -> Page {
    Page {
        width: 432.0,
        height: 648.0,
        bleed: Bleed::NONE,
        items,
    }
}

fn line(width: f64) -> Item {
    Item::Line {
        from: Point { x: 0.0, y: 0.0 },
        to: Point { x: 10.0, y: 0.0 },
        width,
        colour: Colour::BLACK,
    }
}

fn filled(level: f64) -> Item {
    Item::Rect {
        rect: Rect::new(0.0, 0.0, 10.0, 10.0),
        fill: Some(Colour::grey(level)),
        stroke: Some((0.3, Colour::BLACK)),
    }
}

#[test]
fn kdp_lines_and_greys_are_raised_to_its_minimums() {
    let mut pages = vec![page(vec![
        line(0.3),
        line(1.5),
        filled(0.95),
        filled(0.8),
        filled(1.0),
        Item::Group {
            transform: Transform::scale(0.5),
            items: vec![line(1.0), line(2.0)],
        },
    ])];
    hold_to_printer(&mut pages, Printer::Kdp.profile());
    let items = &pages[0].items;
    assert!(matches!(items[0], Item::Line { width, .. } if width == 0.75));
    assert!(matches!(items[1], Item::Line { width, .. } if width == 1.5));
    let rect = |item: &Item| match item {
        Item::Rect { fill, stroke, .. } => (fill.unwrap().red, stroke.unwrap().0),
        other => panic!("{other:?}"),
    };
    assert_eq!(rect(&items[2]), (0.9, 0.75));
    assert_eq!(rect(&items[3]), (0.8, 0.75));
    // Paper white is no grey.
    assert_eq!(rect(&items[4]), (1.0, 0.75));
    // A group drawn at half size: a 1 pt line is 0.5 pt on the page.
    let Item::Group { items, .. } = &items[5] else {
        panic!()
    };
    assert!(matches!(items[0], Item::Line { width, .. } if width == 1.5));
    assert!(matches!(items[1], Item::Line { width, .. } if width == 2.0));
}

#[test]
fn printers_without_minimums_keep_the_drawing() {
    let original = vec![page(vec![line(0.3), filled(0.95)])];
    let mut pages = original.clone();
    hold_to_printer(&mut pages, Printer::Generic.profile());
    assert_eq!(pages, original);
}
