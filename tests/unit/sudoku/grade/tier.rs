use puzzlebook::sudoku::grade::tier::*;

#[test]
fn tiers_partition_the_scale() {
    let mut expected = 0;
    for tier in Tier::ALL {
        assert_eq!(tier.range().min, expected);
        expected = tier.range().max + 1;
        assert_eq!(tier.name().parse::<Tier>().unwrap(), tier);
    }
    assert_eq!(expected, MAX_RATING + 1);
    assert_eq!(Tier::of_rating(15), Tier::Easy);
    assert_eq!(Tier::of_rating(16), Tier::Medium);
    assert_eq!(Tier::of_rating(40), Tier::Hard);
    assert_eq!(Tier::of_rating(60), Tier::Expert);
    assert_eq!(Tier::of_rating(75), Tier::Diabolical);
    assert_eq!(Tier::of_rating(76), Tier::Extreme);
    assert_eq!("Hard".parse::<Tier>().unwrap(), Tier::Hard);
    assert!("brutal".parse::<Tier>().is_err());
}

#[test]
fn rating_ranges_parse_and_print() {
    let parse = |text: &str| text.parse::<RatingRange>();
    assert_eq!(parse("3.0..4.5").unwrap(), RatingRange { min: 30, max: 45 });
    assert_eq!(parse("4.2").unwrap(), RatingRange { min: 42, max: 42 });
    assert_eq!(parse("6..").unwrap(), RatingRange { min: 60, max: 200 });
    assert_eq!(parse("..2.5").unwrap(), RatingRange { min: 0, max: 25 });
    assert_eq!(
        parse("3.0..=4.5").unwrap(),
        RatingRange { min: 30, max: 45 }
    );
    assert_eq!(parse("3.0..4.5").unwrap().to_string(), "3.0..4.5");
    assert!(parse("4.5..3.0").is_err());
    assert!(parse("3.05..4").is_err());
    assert!(parse("x").is_err());
    assert!(parse("0.5").is_err());
    assert!(parse("25.0").is_err());
    assert_eq!(format_rating(7), "0.7");
    let range: RatingRange = serde_json::from_str("\"6.2..7.0\"").unwrap();
    assert_eq!(range, RatingRange { min: 62, max: 70 });
    assert_eq!(serde_json::to_string(&range).unwrap(), "\"6.2..7.0\"");
    let tier: Tier = serde_json::from_str("\"diabolical\"").unwrap();
    assert_eq!(tier, Tier::Diabolical);
    assert!(
        serde_json::from_str::<Tier>("\"brutal\"")
            .unwrap_err()
            .to_string()
            .contains("unknown tier")
    );
    assert_eq!(parse_rating("11.3"), Some(113));
}
