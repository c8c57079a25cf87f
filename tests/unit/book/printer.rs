use puzzlebook::book::printer::*;

#[test]
fn kdp_bleeds_on_three_edges_mirrored_on_facing_pages() {
    let kdp = Printer::Kdp.profile();
    let recto = kdp.page_bleed(9.0, 1);
    let verso = kdp.page_bleed(9.0, 2);
    // A 6 × 9 in page with bleed is 6.125 × 9.25 in.
    assert_eq!(recto.media_width(432.0), 441.0);
    assert_eq!(recto.media_height(648.0), 666.0);
    assert_eq!((recto.left, recto.right), (0.0, 9.0));
    assert_eq!((verso.left, verso.right), (9.0, 0.0));
    // Lulu's and a generic printer's bleed goes all round: 6.25 × 9.25 in.
    for printer in [Printer::Lulu, Printer::Generic] {
        let bleed = printer.profile().page_bleed(9.0, 1);
        assert_eq!(bleed.media_width(432.0), 450.0);
        assert_eq!(bleed.media_height(648.0), 666.0);
    }
}

#[test]
fn gutters_grow_with_the_page_count() {
    let kdp = Printer::Kdp.profile();
    assert_eq!(kdp.min_gutter(24), Some(27.0));
    assert_eq!(kdp.min_gutter(150), Some(27.0));
    assert_eq!(kdp.min_gutter(151), Some(36.0));
    assert_eq!(kdp.min_gutter(828), Some(63.0));
    let ingram = Printer::Ingram.profile();
    assert_eq!(ingram.min_gutter(24), Some(36.0));
    assert_eq!(ingram.gutter_for(600), 54.0);
    assert_eq!(Printer::Generic.profile().min_gutter(600), None);
    assert_eq!(Printer::Generic.profile().gutter_for(600), 54.0);
}

#[test]
fn names_round_trip() {
    for printer in Printer::ALL {
        assert_eq!(Printer::from_name(printer.name()), Some(printer));
    }
    assert_eq!(Printer::from_name("KDP"), Some(Printer::Kdp));
    assert_eq!(Printer::from_name("createspace"), None);
}
