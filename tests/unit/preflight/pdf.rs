use puzzlebook::preflight::pdf::*;

#[test]
fn maps_compose_in_pdf_order() {
    let translate = [1.0, 0.0, 0.0, 1.0, 10.0, 20.0];
    let double = [2.0, 0.0, 0.0, 2.0, 0.0, 0.0];
    // Translate, then double.
    assert_eq!(apply(multiply(translate, double), 1.0, 1.0), (22.0, 42.0));
    assert_eq!(scale(double), 2.0);
}

#[test]
fn inks() {
    assert_eq!(ink_of(&[1.0]), 0.0);
    assert_eq!(ink_of(&[0.0]), 1.0);
    assert!((ink_of(&[0.9]) - 0.1).abs() < 1e-9);
    assert_eq!(ink_of(&[1.0, 1.0, 1.0]), 0.0);
    assert_eq!(ink_of(&[0.0, 0.0, 0.0, 1.0]), 1.0);
    assert_eq!(ink_of(&[0.0, 0.0, 0.0, 0.0]), 0.0);
}

#[test]
fn garbage_is_an_input_error() {
    for bytes in [
        &b""[..],
        b"hello",
        b"%PDF-1.4\n%%EOF",
        b"%PDF-1.4\n1 0 obj <<",
    ] {
        let error = read(bytes).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{error}");
    }
}
