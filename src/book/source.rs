//! A strict reader over spanned TOML: every value keeps where it came from, so any later
//! stage can point at the exact place in the spec (file:line:column plus a source snippet).
//!
//! Serde's derive would accept a spec, but its errors cannot suggest the key the user meant
//! or point at a value that only turns out wrong later (a page too small for its puzzles).
//! So the spec is read by hand through [`Table`], which knows the keys each table may have.

use std::cell::RefCell;
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::error::{Error, Result};

/// Which text a span points into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SourceId(pub usize);

/// A byte range in one of the [`Sources`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub source: SourceId,
    pub start: usize,
    pub end: usize,
}

/// A value and the place it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Located<T> {
    pub value: T,
    pub at: Span,
}

impl<T> Located<T> {
    pub fn new(value: T, at: Span) -> Located<T> {
        Located { value, at }
    }
}

/// The texts a spec was read from: the spec itself and any template it names.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    texts: Vec<(String, String)>,
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        self.texts.push((name.into(), text.into()));
        SourceId(self.texts.len() - 1)
    }

    pub fn name(&self, id: SourceId) -> &str {
        &self.texts[id.0].0
    }

    /// Every text, in the order added.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.texts.iter().map(|(_, text)| text.as_str())
    }

    pub fn text(&self, id: SourceId) -> &str {
        &self.texts[id.0].1
    }

    /// An input error at `span`: file:line:column, a snippet underlining the span.
    pub fn error(&self, span: Span, message: impl Into<String>) -> Error {
        let Some((name, text)) = self.texts.get(span.source.0) else {
            return Error::input(message);
        };
        let start = span.start.min(text.len());
        let (line, column) = line_column(text, start);
        Error::input(message)
            .at_line(line)
            .at_column(column)
            .in_file(name.clone())
            .with_snippet(snippet(text, start, span.end.max(start + 1)))
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The source line holding `start`, with the span underlined in the style of compilers
/// (drawn by `annotate-snippets`, which gives wide characters such as kanji two columns
/// and expands tabs, so the carets stand under the span).
pub fn snippet(text: &str, start: usize, end: usize) -> String {
    let boundary = |mut at: usize| {
        at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let (start, end) = (boundary(start), boundary(end));
    let (line, _) = line_column(text, start);
    let line_start = text[..start].rfind('\n').map_or(0, |at| at + 1);
    let line_text = text[line_start..].lines().next().unwrap_or("");
    let end = end.clamp(start, (line_start + line_text.len()).max(start));
    let report = [Group::with_level(Level::ERROR).element(
        Snippet::source(line_text)
            .line_start(line)
            .annotation(AnnotationKind::Primary.span(start - line_start..end - line_start)),
    )];
    Renderer::plain().render(&report)
}

/// The candidate closest to `word`, if it is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let lower = word.to_ascii_lowercase();
    candidates
        .iter()
        .map(|&candidate| (strsim::levenshtein(&lower, candidate), candidate))
        .filter(|&(distance, candidate)| {
            distance <= 2.max(candidate.len() / 3) && distance < candidate.len()
        })
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// The name TOML users know for a value's type.
fn type_name(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a number",
        DeValue::Boolean(_) => "true or false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// Parses a whole TOML document.
pub fn parse_document<'i>(
    sources: &Sources,
    source: SourceId,
    text: &'i str,
) -> Result<Spanned<DeTable<'i>>> {
    DeTable::parse(text).map_err(|error| {
        let span = error.span().unwrap_or(0..0);
        let message = error.message().trim().trim_end_matches('.').to_string();
        let message = if message.is_empty() {
            "this is not valid TOML".to_string()
        } else {
            format!("this is not valid TOML: {message}")
        };
        sources
            .error(span_in(source, span), message)
            .with_hint("see docs/spec.md for the spec format; strings need quotes")
    })
}

fn span_in(source: SourceId, range: Range<usize>) -> Span {
    Span {
        source,
        start: range.start,
        end: range.end,
    }
}

/// The longest text a spec may give (in characters): far more than a title, a back-cover
/// blurb or a running head needs, and little enough that laying it out takes no time.
pub const MAX_STRING_CHARS: usize = 5_000;

/// One TOML table being read: typed getters, and a check that it has no unknown keys.
pub struct Table<'a, 'i> {
    sources: &'a Sources,
    source: SourceId,
    table: &'a DeTable<'i>,
    span: Span,
    /// How the table is named in messages: `[page]`, `[[section]] 2`, the top level.
    what: String,
    taken: RefCell<Vec<String>>,
}

impl<'a, 'i> Table<'a, 'i> {
    /// Opens a table, rejecting keys not in `known` (with a close-match hint).
    pub fn open(
        sources: &'a Sources,
        source: SourceId,
        table: &'a Spanned<DeTable<'i>>,
        what: impl Into<String>,
        known: &[&str],
    ) -> Result<Table<'a, 'i>> {
        Table::open_inner(
            sources,
            source,
            table.get_ref(),
            span_in(source, table.span()),
            what.into(),
            known,
        )
    }

    fn open_inner(
        sources: &'a Sources,
        source: SourceId,
        table: &'a DeTable<'i>,
        span: Span,
        what: String,
        known: &[&str],
    ) -> Result<Table<'a, 'i>> {
        let mut keys: Vec<&Spanned<std::borrow::Cow<'i, str>>> = table.keys().collect();
        keys.sort_by_key(|key| key.span().start);
        for key in keys {
            let name: &str = key.get_ref();
            if known.contains(&name) {
                continue;
            }
            let mut error = sources.error(
                span_in(source, key.span()),
                format!("unknown key `{name}` in {what}"),
            );
            error = match closest(name, known) {
                Some(suggestion) => error.with_hint(format!("did you mean `{suggestion}`?")),
                None => error.with_hint(format!("{what} takes: {}", known.join(", "))),
            };
            return Err(error);
        }
        Ok(Table {
            sources,
            source,
            table,
            span,
            what,
            taken: RefCell::new(Vec::new()),
        })
    }

    pub fn sources(&self) -> &'a Sources {
        self.sources
    }

    pub fn span(&self) -> Span {
        self.span
    }

    pub fn what(&self) -> &str {
        &self.what
    }

    /// The raw value of a key and where it is.
    pub fn raw(&self, key: &str) -> Option<(&'a DeValue<'i>, Span)> {
        let value = self.table.get(key)?;
        self.taken.borrow_mut().push(key.to_string());
        Some((value.get_ref(), span_in(self.source, value.span())))
    }

    /// The span of a key's name (for errors about the key rather than its value).
    pub fn key_span(&self, key: &str) -> Option<Span> {
        self.table
            .keys()
            .find(|candidate| candidate.get_ref() == key)
            .map(|candidate| span_in(self.source, candidate.span()))
    }

    pub fn error(&self, span: Span, message: impl Into<String>) -> Error {
        self.sources.error(span, message)
    }

    fn wrong_type(&self, key: &str, value: &DeValue<'_>, span: Span, wanted: &str) -> Error {
        self.error(
            span,
            format!(
                "`{key}` in {} must be {wanted}, not {}",
                self.what,
                type_name(value)
            ),
        )
    }

    /// A string value, at most [`MAX_STRING_CHARS`] characters long.
    pub fn string(&self, key: &str) -> Result<Option<Located<String>>> {
        match self.raw(key) {
            None => Ok(None),
            Some((DeValue::String(text), span)) => {
                let length = text.chars().count();
                if length > MAX_STRING_CHARS {
                    return Err(self
                        .error(
                            span,
                            format!(
                                "`{key}` in {} is {length} characters long; a spec's texts are at most {MAX_STRING_CHARS}",
                                self.what
                            ),
                        )
                        .with_hint("shorten it"));
                }
                Ok(Some(Located::new(text.to_string(), span)))
            }
            Some((value, span)) => Err(self
                .wrong_type(key, value, span, "a string")
                .with_hint(format!("write {key} = \"…\" with quotes"))),
        }
    }

    pub fn boolean(&self, key: &str) -> Result<Option<Located<bool>>> {
        match self.raw(key) {
            None => Ok(None),
            Some((DeValue::Boolean(value), span)) => Ok(Some(Located::new(*value, span))),
            Some((value, span)) => Err(self
                .wrong_type(key, value, span, "true or false")
                .with_hint(format!(
                    "write {key} = true or {key} = false, without quotes"
                ))),
        }
    }

    /// An integer in `min..=max`.
    pub fn integer(&self, key: &str, min: i64, max: i64) -> Result<Option<Located<i64>>> {
        match self.raw(key) {
            None => Ok(None),
            Some((DeValue::Integer(integer), span)) => {
                let text = integer.as_str().replace('_', "");
                let digits = text.trim_start_matches(['+', '-']);
                let negative = text.starts_with('-');
                let parsed = i64::from_str_radix(
                    digits
                        .trim_start_matches("0x")
                        .trim_start_matches("0o")
                        .trim_start_matches("0b"),
                    integer.radix(),
                )
                .ok()
                .map(|value| if negative { -value } else { value });
                match parsed {
                    Some(value) if (min..=max).contains(&value) => {
                        Ok(Some(Located::new(value, span)))
                    }
                    _ => Err(self.error(
                        span,
                        format!(
                            "`{key}` must be between {min} and {max}, not {}",
                            integer.as_str()
                        ),
                    )),
                }
            }
            Some((value, span)) => Err(self.wrong_type(key, value, span, "a whole number")),
        }
    }

    /// A nested table (`key = { … }` or `[parent.key]`).
    pub fn table(&self, key: &str, known: &[&str]) -> Result<Option<Table<'a, 'i>>> {
        match self.raw(key) {
            None => Ok(None),
            Some((DeValue::Table(table), span)) => Table::open_inner(
                self.sources,
                self.source,
                table,
                span,
                format!("[{key}]"),
                known,
            )
            .map(Some),
            Some((value, span)) => Err(self.wrong_type(key, value, span, "a table")),
        }
    }

    /// The tables of an array of tables (`[[key]]`), each opened with `known`.
    pub fn tables(&self, key: &str, known: &[&str]) -> Result<Vec<Table<'a, 'i>>> {
        match self.raw(key) {
            None => Ok(Vec::new()),
            Some((DeValue::Array(items), span)) => {
                let mut tables = Vec::new();
                for (index, item) in items.iter().enumerate() {
                    let item_span = span_in(self.source, item.span());
                    match item.get_ref() {
                        DeValue::Table(table) => tables.push(Table::open_inner(
                            self.sources,
                            self.source,
                            table,
                            item_span,
                            format!("[[{key}]] {}", index + 1),
                            known,
                        )?),
                        other => {
                            return Err(self
                                .wrong_type(key, other, item_span, "a table")
                                .with_hint(format!("write each entry as a [[{key}]] table")));
                        }
                    }
                }
                let _ = span;
                Ok(tables)
            }
            Some((value, span)) => Err(self
                .wrong_type(key, value, span, "a list of tables")
                .with_hint(format!("write each entry as a [[{key}]] table"))),
        }
    }

    /// A string, or an array of strings (`needs = "X-Wing"`, `needs = ["X-Wing", "XY-Wing"]`).
    pub fn strings(&self, key: &str) -> Result<Option<Located<Vec<String>>>> {
        let wrong = |value: &DeValue<'_>, span: Span| {
            self.wrong_type(key, value, span, "a string or a list of strings")
                .with_hint(format!("write {key} = \"…\" or {key} = [\"…\", \"…\"]"))
        };
        match self.raw(key) {
            None => Ok(None),
            Some((DeValue::String(text), span)) => {
                Ok(Some(Located::new(vec![text.to_string()], span)))
            }
            Some((DeValue::Array(items), span)) => {
                let mut values = Vec::new();
                for item in items.iter() {
                    match item.get_ref() {
                        DeValue::String(text) => values.push(text.to_string()),
                        other => return Err(wrong(other, span_in(self.source, item.span()))),
                    }
                }
                Ok(Some(Located::new(values, span)))
            }
            Some((value, span)) => Err(wrong(value, span)),
        }
    }

    /// An array of small integers.
    pub fn integers(&self, key: &str, min: i64, max: i64) -> Result<Option<Located<Vec<i64>>>> {
        match self.raw(key) {
            None => Ok(None),
            Some((DeValue::Array(items), span)) => {
                let mut values = Vec::new();
                for item in items.iter() {
                    let item_span = span_in(self.source, item.span());
                    let DeValue::Integer(integer) = item.get_ref() else {
                        return Err(self.wrong_type(
                            key,
                            item.get_ref(),
                            item_span,
                            "whole numbers",
                        ));
                    };
                    match integer.as_str().replace('_', "").parse::<i64>() {
                        Ok(value) if (min..=max).contains(&value) => values.push(value),
                        _ => {
                            return Err(self.error(
                                item_span,
                                format!("each of `{key}` must be between {min} and {max}"),
                            ));
                        }
                    }
                }
                Ok(Some(Located::new(values, span)))
            }
            Some((value, span)) => Err(self.wrong_type(key, value, span, "an array like [3, 2]")),
        }
    }
}
