use puzzlebook::book::calendar::*;
use puzzlebook::book::spec::Date;
use puzzlebook::book::spec::Language;

#[test]
fn days_follow_the_calendar() {
    let mut date = Date {
        year: 2027,
        month: 12,
        day: 30,
    };
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push(day_title(date, Language::ENGLISH));
        date = next_day(date);
    }
    assert_eq!(
        seen,
        [
            "Thursday 30 December 2027",
            "Friday 31 December 2027",
            "Saturday 1 January 2028",
            "Sunday 2 January 2028"
        ]
    );
    let leap = next_day(Date {
        year: 2028,
        month: 2,
        day: 28,
    });
    assert_eq!((leap.month, leap.day), (2, 29));
    assert_eq!(day_title(leap, Language::JAPANESE), "2028年2月29日（火）");
    // A run of days: each is the previous plus one, whatever the month.
    let mut date = Date {
        year: 2026,
        month: 1,
        day: 1,
    };
    for _ in 0..800 {
        let next = next_day(date);
        assert_eq!(next.unix_seconds() - date.unix_seconds(), 86_400);
        date = next;
    }
}
