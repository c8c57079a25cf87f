use puzzlebook::book::cover::*;
use puzzlebook::layout::page::Colour;

#[test]
fn colours_are_hex() {
    assert_eq!(parse_colour("#ffffff").unwrap(), Colour::WHITE);
    assert_eq!(parse_colour("#000").unwrap(), Colour::BLACK);
    let colour = parse_colour("#1d3557").unwrap();
    assert!((colour.red - 29.0 / 255.0).abs() < 1e-12);
    assert!((colour.blue - 87.0 / 255.0).abs() < 1e-12);
    for bad in ["red", "#12345", "#gg0000", "123456", "#+1+1+1"] {
        assert!(parse_colour(bad).is_err(), "{bad}");
    }
}

#[test]
fn papers_have_the_published_thickness() {
    assert_eq!(Paper::White.thickness(), 0.002252);
    assert_eq!(Paper::Cream.thickness(), 0.0025);
    assert_eq!(Paper::Color.thickness(), 0.002347);
    for name in Paper::NAMES {
        assert_eq!(Paper::from_name(name).unwrap().name(), name);
    }
}
