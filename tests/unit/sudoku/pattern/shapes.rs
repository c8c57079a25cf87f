use puzzlebook::sudoku::pattern::shapes::*;
use puzzlebook::sudoku::variant::{Size, Variant};

#[test]
fn every_shape_is_a_9x9_mask_the_checks_allow() {
    let mut seen = std::collections::HashSet::new();
    for shape in SHAPES {
        let width = if shape.drawing == Drawing::Glyph {
            7
        } else {
            9
        };
        assert!(
            shape
                .rows
                .iter()
                .all(|row| row.len() == width
                    && row.bytes().all(|cell| cell == b'x' || cell == b'.')),
            "{}",
            shape.name
        );
        let pattern = shape.pattern();
        assert!(
            pattern.check(Size::S9, Variant::Classic).is_ok(),
            "{}",
            shape.name
        );
        assert!(seen.insert(pattern), "{} repeats another shape", shape.name);
        assert_eq!(
            find(&shape.name.to_ascii_lowercase()).unwrap().name,
            shape.name
        );
    }
    let letters = SHAPES.iter().filter(|shape| shape.name.len() == 1).count();
    assert_eq!(letters, 36, "A-Z and 0-9");
    assert!(find("unicorn").is_none());
}
