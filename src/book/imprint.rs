//! The `[imprint]` table: the copyright page a published book carries on the back of its
//! title page (title, author, edition, year, publisher, ISBN, and "All rights reserved." or
//! a licence line). A book without the table has no such page.

use super::source::{Located, Table};
use super::spec::Date;
use crate::error::Result;

pub const IMPRINT_KEYS: [&str; 6] = ["edition", "year", "publisher", "isbn", "rights", "licence"];

/// What the copyright page says, beyond the book's title and author.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImprintSpec {
    /// `"First edition"`, as written.
    pub edition: Option<String>,
    /// The copyright year: `year`, or the year of the spec's `date`; none when neither is
    /// given (a book never takes the year from the clock).
    pub year: Option<u16>,
    pub publisher: Option<String>,
    /// The ISBN as written (hyphens kept), its check digit verified.
    pub isbn: Option<String>,
    /// The rights line: `licence` when given (e.g. "Licensed under CC BY 4.0"), else
    /// `rights`; none means the language's "All rights reserved.".
    pub rights: Option<String>,
}

/// Reads `[imprint]`, when the spec has it.
pub fn read_imprint(
    top: &Table<'_, '_>,
    date: Option<&Located<Date>>,
) -> Result<Option<ImprintSpec>> {
    let Some(table) = top.table("imprint", &IMPRINT_KEYS)? else {
        return Ok(None);
    };
    let text = |key: &str| -> Result<Option<String>> {
        match table.string(key)? {
            Some(value) if value.value.trim().is_empty() => Err(table
                .error(value.at, format!("`{key}` is empty"))
                .with_hint(format!("give it words, or remove `{key}`"))),
            Some(value) => Ok(Some(value.value.trim().to_string())),
            None => Ok(None),
        }
    };
    let year = match table.integer("year", 1000, 9999)? {
        Some(year) => Some(year.value as u16),
        None => date.map(|date| date.value.year),
    };
    let isbn = match table.string("isbn")? {
        Some(isbn) => {
            check_isbn(&isbn.value).map_err(|problem| {
                table
                    .error(isbn.at, format!("the ISBN {:?} {problem}", isbn.value))
                    .with_hint("an ISBN has 13 digits (or 10, the last may be X) with a check digit; hyphens and spaces are kept as written")
            })?;
            Some(isbn.value.trim().to_string())
        }
        None => None,
    };
    let rights = match (table.string("rights")?, table.string("licence")?) {
        (Some(_), Some(licence)) => {
            return Err(table
                .error(
                    licence.at,
                    "`rights` and `licence` are two ways to say one line",
                )
                .with_hint("keep one: `licence` for a licence, `rights` for other words"));
        }
        _ => text("licence")?.or(text("rights")?),
    };
    Ok(Some(ImprintSpec {
        edition: text("edition")?,
        year,
        publisher: text("publisher")?,
        isbn,
        rights,
    }))
}

/// Checks an ISBN-13 or ISBN-10 (hyphens and spaces ignored) by its check digit.
pub fn check_isbn(isbn: &str) -> std::result::Result<(), &'static str> {
    let characters: Vec<char> = isbn
        .chars()
        .filter(|character| !matches!(character, '-' | ' '))
        .collect();
    let digit = |character: char| character.to_digit(10);
    match characters.len() {
        13 => {
            let digits: Option<Vec<u32>> = characters.iter().map(|&c| digit(c)).collect();
            let digits = digits.ok_or("has a character that is not a digit")?;
            if digits[..3] != [9, 7, 8] && digits[..3] != [9, 7, 9] {
                return Err("does not begin with 978 or 979");
            }
            let sum: u32 = digits
                .iter()
                .enumerate()
                .map(|(at, value)| if at % 2 == 0 { *value } else { 3 * value })
                .sum();
            if sum.is_multiple_of(10) {
                Ok(())
            } else {
                Err("has a wrong check digit")
            }
        }
        10 => {
            let mut sum = 0;
            for (at, &character) in characters.iter().enumerate() {
                let value = match (digit(character), character) {
                    (Some(value), _) => value,
                    (None, 'X' | 'x') if at == 9 => 10,
                    _ => return Err("has a character that is not a digit"),
                };
                sum += (10 - at as u32) * value;
            }
            if sum.is_multiple_of(11) {
                Ok(())
            } else {
                Err("has a wrong check digit")
            }
        }
        _ => Err("is neither 13 nor 10 digits long"),
    }
}
