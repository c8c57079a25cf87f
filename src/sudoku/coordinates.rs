//! How a book names the rows, columns and cells of a grid: the labels it prints in the
//! margin of every figure a hint or walkthrough refers to, and the same names in the words.
//!
//! The graders speak one notation, the solvers' `r3c7` (row 3, column 7), with houses as
//! "row 3", "rows 2 and 6" and, in Japanese, "3行目". That is what `--explain` and the JSON
//! output print. A book may letter its rows instead (rows A, B, C… from the top, columns
//! 1, 2, 3… from the left: cell `C7`), and then [`Coordinates::restate`] rewrites the
//! graders' words into that notation, so that every name a step uses is one the reader
//! finds printed beside the grid. Columns are numbered in both notations.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::i18n::Language;

/// How a language names rows in running text: the words before a row number ("row ",
/// "rows " and their capitalised forms) and how it lists several.
struct RowWords {
    /// Plural words first, so "rows 2 and 6" is not read as "row" + "s 2".
    words: Vec<(String, bool)>,
    separator: &'static str,
    and: &'static str,
}

impl RowWords {
    fn of(language: Language) -> RowWords {
        let mut words = Vec::new();
        for (key, plural) in [("place.rows-word", true), ("place.row-word", false)] {
            let word = language.text(key);
            if word.is_empty() {
                continue;
            }
            let capital = crate::i18n::capitalised(word);
            words.push((word.to_string(), plural));
            if capital != word {
                words.push((capital, plural));
            }
        }
        RowWords {
            words,
            separator: language.text("list.separator"),
            and: language.text("list.and"),
        }
    }
}

/// The book's coordinates (`coordinates = "letters" | "numbers"` in a spec).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Coordinates {
    /// Rows A, B, C… from the top, columns 1, 2, 3… from the left: cell `C7`, "row C".
    #[default]
    Letters,
    /// Rows and columns 1, 2, 3…: cell `r3c7`, "row 3" (the graders' own notation).
    Numbers,
}

impl Coordinates {
    pub const NAMES: [&'static str; 2] = ["letters", "numbers"];

    pub fn name(self) -> &'static str {
        match self {
            Coordinates::Letters => "letters",
            Coordinates::Numbers => "numbers",
        }
    }

    /// The label printed beside row `row` (from 0): `C` or `3`.
    pub fn row_label(self, row: usize) -> String {
        match self {
            Coordinates::Letters => row_letter(row).to_string(),
            Coordinates::Numbers => (row + 1).to_string(),
        }
    }

    /// The label printed above column `column` (from 0): `7`.
    pub fn column_label(self, column: usize) -> String {
        (column + 1).to_string()
    }

    /// A cell's name: `C7` or `r3c7`.
    pub fn cell(self, row: usize, column: usize) -> String {
        match self {
            Coordinates::Letters => format!("{}{}", row_letter(row), column + 1),
            Coordinates::Numbers => format!("r{}c{}", row + 1, column + 1),
        }
    }

    /// `text`, written in the graders' notation in `language`, in this one: cells `r3c7`
    /// become `C7`, "row 3" becomes "row C" ("rows 2, 5 and 8": "rows B, E and H", the
    /// words and list separators the catalog's: "Zeilen 2 und 6", "Zeilen B und F"),
    /// "3行目" becomes "C行". Numbers leave the text as it is.
    pub fn restate(self, text: &str, language: Language) -> String {
        match self {
            Coordinates::Numbers => text.to_string(),
            Coordinates::Letters => letters(text, &RowWords::of(language)),
        }
    }
}

impl fmt::Display for Coordinates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Coordinates {
    type Err = Error;

    fn from_str(text: &str) -> Result<Coordinates, Error> {
        match text {
            "letters" => Ok(Coordinates::Letters),
            "numbers" => Ok(Coordinates::Numbers),
            other => Err(Error::input(format!("unknown coordinates {other:?}")).with_hint(
                "use \"letters\" (rows A, B, C…, cells like C7) or \"numbers\" (rows 1, 2, 3…, cells like r3c7)",
            )),
        }
    }
}

/// Row `row` (from 0) as a letter: A for the top row.
pub fn row_letter(row: usize) -> char {
    char::from(b'A' + (row % 26) as u8)
}

/// A row number as the graders write it (from 1), as its letter; `None` beyond Z.
fn letter_of(number: &str) -> Option<char> {
    let number: usize = number.parse().ok()?;
    (1..=26).contains(&number).then(|| row_letter(number - 1))
}

/// The length of the run of ASCII digits at the start of `text` (at most two: no grid
/// has more than 16 rows).
fn digits_at(text: &str) -> usize {
    let run = text.bytes().take_while(u8::is_ascii_digit).count();
    if run <= 2 { run } else { 0 }
}

/// True when the character before byte `at` of `text` ends a word (or there is none).
fn word_starts_at(text: &str, at: usize) -> bool {
    text[..at]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_ascii_alphanumeric())
}

/// The graders' notation restated with lettered rows (see [`Coordinates::restate`]).
fn letters(text: &str, rows: &RowWords) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        if let Some((restated, used)) = restate_at(text, at, rest, rows) {
            out.push_str(&restated);
            at += used;
            continue;
        }
        let c = rest.chars().next().expect("a character at a char boundary");
        out.push(c);
        at += c.len_utf8();
    }
    out
}

/// What starts at byte `at` (`rest` is `text[at..]`) when it names a cell or rows: the
/// restated words and how many bytes they replace.
fn restate_at(text: &str, at: usize, rest: &str, rows: &RowWords) -> Option<(String, usize)> {
    let starts_word = word_starts_at(text, at);
    // A cell: r3c7, r12c16.
    if starts_word && rest.starts_with('r') {
        let row = digits_at(&rest[1..]);
        if row > 0 && rest[1 + row..].starts_with('c') {
            let column = digits_at(&rest[2 + row..]);
            let end = 2 + row + column;
            let ends_word = rest[end..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
            if column > 0 && ends_word {
                let letter = letter_of(&rest[1..1 + row])?;
                return Some((format!("{letter}{}", &rest[2 + row..end]), end));
            }
        }
    }
    // "row 3", "Row 3", "rows 2, 5 and 8".
    if starts_word {
        for (word, plural) in &rows.words {
            if let Some(after) = rest.strip_prefix(word.as_str()) {
                let (list, used) = row_list(after, *plural, rows)?;
                return Some((format!("{word}{list}"), word.len() + used));
            }
        }
    }
    // "3行目": the row's letter, "C行".
    let digits = digits_at(rest);
    if digits > 0
        && text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_digit())
        && rest[digits..].starts_with("行目")
    {
        let letter = letter_of(&rest[..digits])?;
        return Some((format!("{letter}行"), digits + "行目".len()));
    }
    None
}

/// The row numbers at the start of `text` as letters: one number, or (`plural`) a list in
/// the language's words, `2, 5 and 8` (ending at its "and" element); and how many bytes
/// they take.
fn row_list(text: &str, plural: bool, rows: &RowWords) -> Option<(String, usize)> {
    let first = digits_at(text);
    if first == 0 {
        return None;
    }
    let mut out = letter_of(&text[..first])?.to_string();
    let mut used = first;
    if !plural {
        return Some((out, used));
    }
    loop {
        let rest = &text[used..];
        let (separator, last) = if rest.starts_with(rows.separator) {
            (rows.separator, false)
        } else if rest.starts_with(rows.and) {
            (rows.and, true)
        } else {
            break;
        };
        let number = digits_at(&rest[separator.len()..]);
        if number == 0 {
            break;
        }
        let digits = &rest[separator.len()..separator.len() + number];
        out.push_str(separator);
        out.push(letter_of(digits)?);
        used += separator.len() + number;
        if last {
            break;
        }
    }
    Some((out, used))
}
