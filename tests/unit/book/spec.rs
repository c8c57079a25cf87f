use puzzlebook::book::spec::Date;

#[test]
fn dates_are_calendar_dates() {
    let date = |text| Date::parse(text).map(Date::unix_seconds);
    assert_eq!(date("1970-01-01"), Some(0));
    assert_eq!(date("2000-03-01"), Some(951_868_800));
    assert_eq!(date("2026-11-27"), Some(1_795_737_600));
    assert_eq!(date("2024-02-29"), Some(1_709_164_800));
    for bad in [
        "2023-02-29",
        "1900-02-29",
        "2026-13-01",
        "2026-04-31",
        "2026-1-01",
        "26-01-01",
        "2026-01-01T00:00",
        "+026-01-01",
        "",
    ] {
        assert_eq!(Date::parse(bad), None, "{bad}");
    }
}
