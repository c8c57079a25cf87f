//! Daily calendars: one dated puzzle a page for a range of dates, its difficulty set by
//! the weekday.
//!
//! ```toml
//! [calendar]
//! from = "2027-01-01"
//! to = "2027-12-31"
//! kind = "sudoku"                       # and any key of that kind's sections
//! weekdays = { monday = "easy", tuesday = "easy", wednesday = "medium", thursday = "medium",
//!              friday = "hard", saturday = "expert", sunday = "hard" }
//! ```
//!
//! Each day becomes a section of one puzzle: its title is the date (printed above the
//! puzzle, and as `{section}` in running heads), its id the date (`section=2027-01-04` in
//! the seed path, so any day is rebuilt alone), its tier the weekday's. The contents list
//! the months, not the days.

use std::sync::Arc;

use super::kind::SectionKind;
use super::series::{date_of_day, weekday};
use super::source::{Located, Table};
use super::spec::{
    Date, Difficulty, Language, PerPage, SectionSpec, Walkthroughs, at, parse_at,
    refuse_other_kinds_keys,
};
use crate::error::Result;
use crate::kind::{self, Kind};

/// The weekdays as `weekdays` names them, Monday first.
pub const WEEKDAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// The most days a calendar may hold.
pub const MAX_DAYS: usize = 1000;

/// The keys of `[calendar]`: its own, and the section keys of every kind that a day's
/// section may share.
pub fn keys() -> Vec<&'static str> {
    let mut keys = vec![
        "from",
        "to",
        "weekdays",
        "kind",
        "per_page",
        "hints",
        "walkthroughs",
    ];
    for kind in kind::ALL {
        keys.extend_from_slice(kind.book.section_keys());
    }
    keys
}

/// A day as its page heads it: `Monday 4 January 2027` / `2027年1月4日（月）`.
pub fn day_title(date: Date, language: Language) -> String {
    let weekday = &language.list("calendar.weekdays")[weekday(date)];
    let month = &language.list("calendar.months")[usize::from(date.month) - 1];
    crate::i18n::capitalised(&language.say(
        "calendar.day",
        &[
            ("weekday", weekday),
            ("day", &date.day),
            ("month", month),
            ("year", &date.year),
        ],
    ))
}

/// A month as the contents list it: `January 2027` / `2027年1月`.
pub fn month_title(date: Date, language: Language) -> String {
    let month = &language.list("calendar.months")[usize::from(date.month) - 1];
    crate::i18n::capitalised(
        &language.say("calendar.month", &[("month", month), ("year", &date.year)]),
    )
}

/// The day after `date`.
pub fn next_day(date: Date) -> Date {
    date_of_day(date.unix_seconds().div_euclid(86_400) + 1)
}

/// Reads a date key of `[calendar]`.
fn read_date(table: &Table<'_, '_>, key: &str) -> Result<Located<Date>> {
    let text = table.string(key)?.ok_or_else(|| {
        table
            .error(table.span(), format!("[calendar] has no `{key}`"))
            .with_hint(
                "give the first and last day, e.g. from = \"2027-01-01\" and to = \"2027-12-31\"",
            )
    })?;
    match Date::parse(&text.value) {
        Some(date) => Ok(Located::new(date, text.at)),
        None => Err(table
            .error(text.at, format!("{:?} is not a date", text.value))
            .with_hint("write the date as \"YYYY-MM-DD\", e.g. \"2027-01-01\"")),
    }
}

/// The sections of a `[calendar]` table, one per day, numbered from `first_position`.
pub fn read(
    table: &Table<'_, '_>,
    first_position: usize,
    language: Language,
    per_page_of: &dyn Fn(&'static Kind) -> Located<PerPage>,
) -> Result<Vec<SectionSpec>> {
    let kind_name = table.string("kind")?;
    let kind = match &kind_name {
        None => &kind::SUDOKU,
        Some(name) => kind::find(&name.value).ok_or_else(|| {
            table
                .error(name.at, format!("unknown puzzle kind {:?}", name.value))
                .with_hint(format!("kinds: {}", kind::names().join(", ")))
        })?,
    };
    refuse_other_kinds_keys(table, kind, "calendar")?;
    let from = read_date(table, "from")?;
    let to = read_date(table, "to")?;
    if to.value.unix_seconds() < from.value.unix_seconds() {
        return Err(table
            .error(to.at, "the calendar ends before it begins")
            .with_hint("`to` is the last day, on or after `from`"));
    }
    let days = ((to.value.unix_seconds() - from.value.unix_seconds()) / 86_400 + 1) as usize;
    if days > MAX_DAYS {
        return Err(table
            .error(
                to.at,
                format!("{days} days is more than a calendar holds ({MAX_DAYS})"),
            )
            .with_hint("make one book per year"));
    }
    let weekdays = table.table("weekdays", &WEEKDAYS)?.ok_or_else(|| {
        table
            .error(table.span(), "[calendar] has no `weekdays`: the tier of each day of the week")
            .with_hint("e.g. weekdays = { monday = \"easy\", tuesday = \"easy\", wednesday = \"medium\", thursday = \"medium\", friday = \"hard\", saturday = \"expert\", sunday = \"hard\" }")
    })?;
    let tiers = kind.book.tiers();
    // Each weekday's tier and the options of its sections (the kind checks them).
    let mut by_weekday: Vec<(Located<String>, Arc<dyn SectionKind>)> = Vec::with_capacity(7);
    for day in WEEKDAYS {
        let tier = weekdays.string(day)?.ok_or_else(|| {
            weekdays
                .error(weekdays.span(), format!("`weekdays` has no tier for {day}"))
                .with_hint(format!(
                    "give every day a tier, e.g. {day} = {:?}",
                    tiers[0]
                ))
        })?;
        if !tiers.contains(&tier.value.as_str()) {
            return Err(weekdays
                .error(
                    tier.at,
                    format!("unknown {} tier {:?}", kind.name, tier.value),
                )
                .with_hint(format!("tiers: {}", tiers.join(", "))));
        }
        let known = by_weekday
            .iter()
            .find(|(earlier, _)| earlier.value == tier.value)
            .map(|(_, options)| Arc::clone(options));
        let options = match known {
            Some(options) => options,
            None => Arc::from(
                kind.book
                    .read_section(table, Some(&Difficulty::Tier(tier.value.clone())))
                    .map_err(|error| match error.location().line {
                        // A tier the kind refuses at these settings: say which day.
                        Some(_) => error,
                        None => at(table, tier.at, error),
                    })?,
            ),
        };
        by_weekday.push((tier, options));
    }
    let per_page = match table.string("per_page")? {
        Some(text) => Located::new(
            PerPage::parse(&text.value).map_err(|error| at(table, text.at, error))?,
            text.at,
        ),
        None => {
            let default = per_page_of(kind);
            Located::new(
                PerPage {
                    columns: 1,
                    rows: 1,
                },
                default.at,
            )
        }
    };
    let walkthroughs = match table.string("walkthroughs")? {
        None => Walkthroughs::None,
        Some(text) => {
            let choice: Walkthroughs = parse_at(table, &text)?;
            let can = kind.book.has_walkthroughs()
                && by_weekday
                    .iter()
                    .all(|(_, options)| options.has_walkthroughs());
            if choice != Walkthroughs::None && !can {
                return Err(table
                    .error(text.at, "this calendar's puzzles have no walkthroughs")
                    .with_hint("remove `walkthroughs`"));
            }
            choice
        }
    };
    let hints = match table.boolean("hints")? {
        Some(hints)
            if hints.value
                && !(kind.book.has_hints() && by_weekday.iter().all(|(_, o)| o.has_hints())) =>
        {
            return Err(table
                .error(hints.at, "this calendar's puzzles have no hints")
                .with_hint("remove `hints`"));
        }
        Some(hints) => hints.value,
        None => false,
    };
    let mut sections = Vec::with_capacity(days);
    let mut date = from.value;
    for day in 0..days {
        let weekday = weekday(date);
        let (tier, options) = &by_weekday[weekday];
        let id = format!("{:04}-{:02}-{:02}", date.year, date.month, date.day);
        let first_of_month = day == 0 || date.day == 1;
        sections.push(SectionSpec {
            position: first_position + day,
            title: Located::new(day_title(date, language), from.at),
            id,
            kind,
            count: Located::new(1, from.at),
            per_page: per_page.clone(),
            answers_per_page: None,
            difficulty: Some(Located::new(Difficulty::Tier(tier.value.clone()), tier.at)),
            options: Arc::clone(options),
            source: None,
            // The calendar's choice counts days: "first", "every 7"…
            walkthroughs: if walkthroughs.includes(day) {
                Walkthroughs::All
            } else {
                Walkthroughs::None
            },
            max_walkthrough_pages: None,
            hints,
            order: super::spec::Order::AsMade,
            hint_ladder: false,
            max_figure: None,
            at: table.span(),
            contents: first_of_month.then(|| month_title(date, language)),
            technique_page: None,
        });
        date = next_day(date);
    }
    Ok(sections)
}
