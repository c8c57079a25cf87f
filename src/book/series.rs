//! Series: dated issues, and the ledger of every puzzle a series has printed.
//!
//! An issue (`issue = "2026-W48"` or `--issue`) is a date or an ISO week; it joins the seed
//! path of every puzzle (`book`, `issue=2026-W48`, `section=…`), so an issue is rebuilt
//! exactly from its seed and name alone.
//!
//! A ledger (`[series] ledger = "…"`) is a text file of the canonical keys of the puzzles
//! each book of the series printed, book after book. A book is known to it by its seed
//! and issue: a book new to the ledger avoids every key in it; a book already recorded
//! avoids the keys recorded before its own first record, so it is rebuilt exactly as it
//! was first made, and records nothing new.
//!
//! ```text
//! puzzlebook-ledger 1
//! # comment lines (written by `ledger init`)
//! B <seq> <book as JSON> <check>        a book's record begins
//! K <seq> <number> <key> <check>        one puzzle: its number in the book and its key
//! E <seq> <count> <check>               the record ends: it holds `count` puzzles
//! ```
//!
//! Fields are separated by tabs; `<check>` is the first 16 hex digits of the SHA-256 of
//! the line before its last tab. A record counts once its `E` line is whole: a build
//! that dies while appending leaves at most one unfinished record at the end of the file,
//! which readers pass over and the next writer cuts off. Anything else that does not read
//! is corruption, and an error. This module only reads and writes the text; the command
//! line does the locking and the file work.

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::distinct::Keys;
use super::spec::Date;
use crate::error::{Error, Result};

/// The ledger format this program writes and reads.
pub const FORMAT: u32 = 1;

const MAGIC: &str = "puzzlebook-ledger";

/// An issue of a series: a day or an ISO week.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Issue {
    Day(Date),
    Week { year: u16, week: u8 },
}

impl Issue {
    /// Reads `YYYY-MM-DD` or `YYYY-Www` (`w` in either case).
    pub fn parse(text: &str) -> Result<Issue> {
        let trimmed = text.trim();
        let bad = || {
            Error::input(format!("{text:?} is not an issue")).with_hint(
                "write a date YYYY-MM-DD (e.g. 2026-11-27) or an ISO week YYYY-Www (e.g. 2026-W48)",
            )
        };
        if let Some((year, week)) = trimmed.split_once(['W', 'w']) {
            let year = year.strip_suffix('-').ok_or_else(bad)?;
            if year.len() != 4
                || week.len() != 2
                || !year.bytes().chain(week.bytes()).all(|b| b.is_ascii_digit())
            {
                return Err(bad());
            }
            let year: u16 = year.parse().map_err(|_| bad())?;
            let week: u8 = week.parse().map_err(|_| bad())?;
            if year < 1000 {
                return Err(bad());
            }
            let weeks = iso_weeks(year);
            if week == 0 || week > weeks {
                return Err(Error::input(format!(
                    "{text:?} is not an issue: {year} has ISO weeks 01 to {weeks}"
                ))
                .with_hint("write an ISO week YYYY-Www, e.g. 2026-W48"));
            }
            return Ok(Issue::Week { year, week });
        }
        Date::parse(trimmed).map(Issue::Day).ok_or_else(bad)
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Issue::Day(date) => write!(f, "{:04}-{:02}-{:02}", date.year, date.month, date.day),
            Issue::Week { year, week } => write!(f, "{year:04}-W{week:02}"),
        }
    }
}

/// The weekday of a date, Monday 0 to Sunday 6.
pub fn weekday(date: Date) -> usize {
    // 1970-01-01 was a Thursday.
    ((date.unix_seconds().div_euclid(86_400) + 3).rem_euclid(7)) as usize
}

/// The number of ISO weeks of `year` (52 or 53): 53 when it starts on a Thursday, or on a
/// Wednesday in a leap year.
pub fn iso_weeks(year: u16) -> u8 {
    let first = weekday(Date {
        year,
        month: 1,
        day: 1,
    });
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    if first == 3 || (leap && first == 2) {
        53
    } else {
        52
    }
}

/// The date `days` days after 1970-01-01 (proleptic Gregorian).
pub fn date_of_day(days: i64) -> Date {
    // Years counted from March, so that leap days come last.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    Date {
        year: year as u16,
        month: month as u8,
        day: day as u8,
    }
}

/// A moment as a record's `recorded` field: `YYYY-MM-DDTHH:MM:SSZ` (UTC).
pub fn utc_text(unix_seconds: i64) -> String {
    let date = date_of_day(unix_seconds.div_euclid(86_400));
    let seconds = unix_seconds.rem_euclid(86_400);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        date.year,
        date.month,
        date.day,
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// How a ledger knows a book: by its seed and issue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookId {
    pub seed: String,
    pub issue: Option<String>,
}

/// What a record says about its book.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordHead {
    pub seed: String,
    pub issue: Option<String>,
    pub title: String,
    /// When it was recorded, `YYYY-MM-DDTHH:MM:SSZ`.
    pub recorded: String,
}

impl RecordHead {
    pub fn book(&self) -> BookId {
        BookId {
            seed: self.seed.clone(),
            issue: self.issue.clone(),
        }
    }
}

/// One whole record: a book and the puzzles it added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub seq: u64,
    pub head: RecordHead,
    /// Each puzzle's number in the book and key.
    pub puzzles: Vec<(usize, String)>,
}

/// A ledger as read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    pub records: Vec<Record>,
    /// The bytes up to the end of the last whole record.
    pub whole_len: usize,
    /// An unfinished record follows them (a build that died while writing it).
    pub torn: bool,
}

/// The start of a new ledger file.
pub fn new_ledger() -> String {
    format!(
        "{MAGIC} {FORMAT}\n\
         # A puzzlebook series ledger: the canonical key of every puzzle the series printed.\n\
         # Written by puzzlebook only (under a lock, one checked record per book); list it with\n\
         # `puzzlebook ledger list`.\n"
    )
}

fn check(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// A record line: its fields joined by tabs, then its check.
fn line(fields: &[&str]) -> String {
    let text = fields.join("\t");
    let check = check(&text);
    format!("{text}\t{check}\n")
}

/// The text that records a book's new puzzles (`puzzles`: number and key each).
pub fn record_text(seq: u64, head: &RecordHead, puzzles: &[(usize, String)]) -> String {
    let seq_text = seq.to_string();
    let head_json = serde_json::to_string(head).expect("a record head is plain JSON");
    let mut text = line(&["B", &seq_text, &head_json]);
    for (number, key) in puzzles {
        text.push_str(&line(&["K", &seq_text, &number.to_string(), key]));
    }
    text.push_str(&line(&["E", &seq_text, &puzzles.len().to_string()]));
    text
}

/// A line of the ledger that does not read, and why.
fn corrupt(line: usize, why: &str) -> Error {
    Error::input(format!("the ledger is damaged: {why}"))
        .at_line(line)
        .with_hint("restore it from a copy; a ledger is written by puzzlebook only")
}

/// One record line's fields, when its check holds.
fn fields(text: &str) -> Option<Vec<&str>> {
    let (body, sum) = text.rsplit_once('\t')?;
    (check(body) == sum).then(|| body.split('\t').collect())
}

impl Ledger {
    /// Reads a ledger's bytes. Errors name the line (the caller adds the file).
    pub fn parse(bytes: &[u8]) -> Result<Ledger> {
        let text = String::from_utf8_lossy(bytes);
        let mut lines = text.split_inclusive('\n');
        let header = lines.next().unwrap_or("");
        let mut words = header.split_whitespace();
        if words.next() != Some(MAGIC) {
            return Err(Error::input("this is not a puzzlebook ledger")
                .at_line(1)
                .with_hint("create a ledger with `puzzlebook ledger init FILE`"));
        }
        let format: u32 = words
            .next()
            .and_then(|word| word.parse().ok())
            .ok_or_else(|| corrupt(1, "its first line names no format"))?;
        if format > FORMAT {
            return Err(Error::input(format!(
                "the ledger is in format {format}, written by a newer puzzlebook; this one reads format {FORMAT}"
            ))
            .at_line(1)
            .with_hint("update puzzlebook to use this ledger"));
        }
        let mut ledger = Ledger {
            whole_len: header.len(),
            ..Ledger::default()
        };
        let mut offset = header.len();
        let mut open: Option<(Record, usize)> = None;
        for (index, raw) in lines.enumerate() {
            let number = index + 2;
            let start = offset;
            offset += raw.len();
            let complete = raw.ends_with('\n');
            let content = raw.trim_end_matches(['\n', '\r']);
            if open.is_none() && (content.is_empty() || content.starts_with('#')) && complete {
                ledger.whole_len = offset;
                continue;
            }
            let parsed = if complete { fields(content) } else { None };
            let Some(parsed) = parsed else {
                // Only an unfinished record's last line may be cut short (and a crash may
                // leave zeros after it); a whole line that fails its check is damage.
                let rest = text[start..].trim_end_matches('\0');
                let starts_record =
                    content.starts_with('B') || content.trim_matches('\0').is_empty();
                if rest.contains('\n') || (open.is_none() && !starts_record) {
                    return Err(corrupt(number, "a line fails its check"));
                }
                ledger.torn = true;
                return Ok(ledger);
            };
            match (parsed.as_slice(), &mut open) {
                (["B", seq, head], None) => {
                    let seq: u64 = seq
                        .parse()
                        .map_err(|_| corrupt(number, "a record has no number"))?;
                    let head: RecordHead = serde_json::from_str(head)
                        .map_err(|_| corrupt(number, "a record's book does not read"))?;
                    if ledger.records.last().is_some_and(|last| last.seq >= seq) {
                        return Err(corrupt(number, "records are out of order"));
                    }
                    open = Some((
                        Record {
                            seq,
                            head,
                            puzzles: Vec::new(),
                        },
                        number,
                    ));
                }
                (["K", seq, puzzle, key], Some((record, _))) if seq.parse() == Ok(record.seq) => {
                    let puzzle: usize = puzzle
                        .parse()
                        .map_err(|_| corrupt(number, "a puzzle has no number"))?;
                    record.puzzles.push((puzzle, key.to_string()));
                }
                (["E", seq, count], Some((record, _))) if seq.parse() == Ok(record.seq) => {
                    if count.parse() != Ok(record.puzzles.len()) {
                        return Err(corrupt(
                            number,
                            "a record holds another number of puzzles than it says",
                        ));
                    }
                    let (record, _) = open.take().expect("open");
                    ledger.records.push(record);
                    ledger.whole_len = offset;
                }
                _ => return Err(corrupt(number, "a record is out of place")),
            }
        }
        if open.is_some() {
            ledger.torn = true;
        }
        Ok(ledger)
    }

    /// The number the next record takes.
    pub fn next_seq(&self) -> u64 {
        self.records.last().map_or(1, |record| record.seq + 1)
    }

    /// The keys a book must avoid: those recorded before its own first record, or all of
    /// them for a book the ledger does not know.
    pub fn excluded_for(&self, book: &BookId) -> Keys {
        self.records
            .iter()
            .take_while(|record| record.head.book() != *book)
            .flat_map(|record| record.puzzles.iter().map(|(_, key)| key.clone()))
            .collect()
    }

    /// The keys recorded for `book`.
    pub fn recorded_for(&self, book: &BookId) -> Keys {
        self.records
            .iter()
            .filter(|record| record.head.book() == *book)
            .flat_map(|record| record.puzzles.iter().map(|(_, key)| key.clone()))
            .collect()
    }

    /// The record and puzzle number holding `key`, if any.
    pub fn find(&self, key: &str) -> Option<(&Record, usize)> {
        self.records.iter().find_map(|record| {
            record
                .puzzles
                .iter()
                .find(|(_, recorded)| recorded == key)
                .map(|(number, _)| (record, *number))
        })
    }

    /// Every key, with where it was recorded.
    pub fn keys(&self) -> impl Iterator<Item = (&Record, usize, &str)> {
        self.records.iter().flat_map(|record| {
            record
                .puzzles
                .iter()
                .map(move |(number, key)| (record, *number, key.as_str()))
        })
    }
}

/// A book's name in messages: `"Weekly Puzzles" (seed 2026, issue 2026-W48)`.
pub fn describe(head: &RecordHead) -> String {
    match &head.issue {
        Some(issue) => format!("{:?} (seed {:?}, issue {issue})", head.title, head.seed),
        None => format!("{:?} (seed {:?})", head.title, head.seed),
    }
}
