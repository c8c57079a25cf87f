use puzzlebook::book::series::*;
use puzzlebook::book::spec::Date;

fn head(seed: &str, issue: Option<&str>) -> RecordHead {
    RecordHead {
        seed: seed.to_string(),
        issue: issue.map(str::to_string),
        title: "T".to_string(),
        recorded: "2026-01-01T00:00:00Z".to_string(),
    }
}

fn keys(names: &[&str]) -> Vec<(usize, String)> {
    names
        .iter()
        .enumerate()
        .map(|(index, name)| (index + 1, name.to_string()))
        .collect()
}

#[test]
fn times_are_written_in_utc() {
    assert_eq!(utc_text(0), "1970-01-01T00:00:00Z");
    assert_eq!(utc_text(1_795_737_600 + 3723), "2026-11-27T01:02:03Z");
    assert_eq!(utc_text(951_868_799), "2000-02-29T23:59:59Z");
}

#[test]
fn issues_are_dates_or_iso_weeks() {
    assert_eq!(Issue::parse("2026-W48").unwrap().to_string(), "2026-W48");
    assert_eq!(Issue::parse(" 2026-w01 ").unwrap().to_string(), "2026-W01");
    assert_eq!(
        Issue::parse("2026-11-27").unwrap().to_string(),
        "2026-11-27"
    );
    // 2026 starts on a Thursday: 53 weeks; 2027 has 52.
    assert_eq!(iso_weeks(2026), 53);
    assert_eq!(iso_weeks(2027), 52);
    assert_eq!(iso_weeks(2020), 53);
    assert!(Issue::parse("2026-W53").is_ok());
    for bad in [
        "2027-W53",
        "2026-W00",
        "2026-W7",
        "2026W48",
        "W48",
        "2026-13-01",
        "next week",
        "",
    ] {
        let error = Issue::parse(bad).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{bad}");
        assert!(
            error.hint().unwrap_or(error.message()).contains("YYYY-Www"),
            "{bad}: {error}"
        );
    }
    assert_eq!(
        weekday(Date {
            year: 2026,
            month: 11,
            day: 27
        }),
        4
    );
}

#[test]
fn records_read_back_and_books_avoid_what_came_before_them() {
    let mut text = new_ledger();
    text.push_str(&record_text(
        1,
        &head("s", Some("2026-W47")),
        &keys(&["a", "b"]),
    ));
    text.push_str(&record_text(2, &head("s", Some("2026-W48")), &keys(&["c"])));
    let ledger = Ledger::parse(text.as_bytes()).unwrap();
    assert_eq!(ledger.records.len(), 2);
    assert!(!ledger.torn);
    assert_eq!(ledger.whole_len, text.len());
    let week = |issue: &str| BookId {
        seed: "s".into(),
        issue: Some(issue.into()),
    };
    assert!(ledger.excluded_for(&week("2026-W47")).is_empty());
    assert_eq!(ledger.excluded_for(&week("2026-W48")).len(), 2);
    assert_eq!(ledger.excluded_for(&week("2026-W49")).len(), 3);
    assert_eq!(ledger.recorded_for(&week("2026-W48")).len(), 1);
    assert_eq!(
        ledger
            .find("b")
            .map(|(record, number)| (record.seq, number)),
        Some((1, 2))
    );
    assert_eq!(ledger.next_seq(), 3);
}

#[test]
fn an_unfinished_last_record_is_passed_over_and_damage_is_an_error() {
    let mut text = new_ledger();
    text.push_str(&record_text(1, &head("s", None), &keys(&["a", "b"])));
    let whole = text.len();
    let second = record_text(2, &head("t", None), &keys(&["c", "d", "e"]));
    // Every cut of the second record, with and without zeros after it, is torn.
    for cut in 0..second.len() {
        for tail in ["", "\0\0\0\0"] {
            let torn = format!("{text}{}{tail}", &second[..cut]);
            let ledger =
                Ledger::parse(torn.as_bytes()).unwrap_or_else(|error| panic!("cut {cut}: {error}"));
            assert_eq!(ledger.records.len(), 1, "cut {cut}");
            assert_eq!(ledger.whole_len, whole);
            assert_eq!(ledger.torn, cut > 0 || !tail.is_empty(), "cut {cut}");
        }
    }
    // A changed character inside a whole record is damage.
    let damaged = text.replacen("\ta\t", "\tz\t", 1);
    let damaged = format!("{damaged}{second}");
    let error = Ledger::parse(damaged.as_bytes()).unwrap_err();
    assert!(error.message().contains("damaged"), "{error}");
    assert_eq!(error.location().line, Some(6));
    // So is a record without its end followed by another.
    let cut = &second[..second.rfind("E\t").unwrap()];
    let error = Ledger::parse(format!("{text}{cut}{second}").as_bytes()).unwrap_err();
    assert!(error.message().contains("damaged"), "{error}");
}

#[test]
fn other_files_and_newer_formats_are_refused() {
    let error = Ledger::parse(b"hello\n").unwrap_err();
    assert!(error.message().contains("not a puzzlebook ledger"));
    let error = Ledger::parse(b"").unwrap_err();
    assert!(error.message().contains("not a puzzlebook ledger"));
    let error = Ledger::parse(b"puzzlebook-ledger 2\n").unwrap_err();
    assert!(error.message().contains("newer"), "{error}");
    assert_eq!(error.exit_code(), 2);
}
