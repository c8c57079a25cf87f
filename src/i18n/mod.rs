//! The words a book prints, one catalog per language.
//!
//! Every heading, caption, rule, tier name and date a book, cover or web page prints is a
//! message in `catalogs/<code>.toml`, looked up by key; the code that lays pages out never
//! asks which language it is setting. A message is a string with named placeholders
//! (`"Answer p. {page}"`), a plural table chosen by a count (`{ one = "1 puzzle", other =
//! "{count} puzzles" }`, the forms a language uses for which counts given by its
//! `plural-one` list), or a list of words (tier names, month names). Numbers go through the
//! catalog's separators. Adding a language is adding one file here and one line to
//! [`SOURCES`]; `tests` check that every catalog has every message with the same
//! placeholders. The catalogs are parsed once, on first use (see ARCHITECTURE.md for why
//! TOML and not Fluent).

use std::collections::HashMap;
use std::fmt::{self, Display};
use std::sync::OnceLock;

/// The catalogs, by language code; the first is the fallback and the default.
const SOURCES: &[(&str, &str)] = &[
    ("en", include_str!("../../catalogs/en.toml")),
    ("ja", include_str!("../../catalogs/ja.toml")),
    ("de", include_str!("../../catalogs/de.toml")),
    ("fr", include_str!("../../catalogs/fr.toml")),
    ("es", include_str!("../../catalogs/es.toml")),
    ("it", include_str!("../../catalogs/it.toml")),
];

/// A language a book can be set in: a handle on its catalog.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Language(u8);

impl fmt::Debug for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Default for Language {
    fn default() -> Self {
        Language::ENGLISH
    }
}

/// One message of a catalog.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    Text(String),
    Plural { one: String, other: String },
    List(Vec<String>),
}

/// The fonts a language's pages are set in by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    /// The bundled Latin faces.
    Latin,
    /// The bundled Japanese face (IPAexGothic), set vertically on a spine.
    Japanese,
}

/// One language's messages, parsed.
#[derive(Debug)]
pub struct Catalog {
    pub code: String,
    /// The language's name in itself ("Deutsch").
    pub name: String,
    pub script: Script,
    /// The counts that take a plural message's `one` form.
    plural_one: Vec<u64>,
    /// Between groups of three digits in numbers of at least `group_from` digits.
    group_separator: String,
    group_from: usize,
    /// A place named inside a sentence starts in lower case ("Look at rows B and F.").
    pub lower_case_inside: bool,
    /// The graders write in this language (English): their step names and chain accounts
    /// (`r4c7=5 → …` with their reasons) are printed as they are; elsewhere a technique
    /// goes by the catalog's name and a chain prints its links alone.
    pub grader_language: bool,
    /// A hint names its step by the grader's (English) name, with the catalog's gloss;
    /// otherwise by the catalog's name. (A walkthrough prints the catalog's names.)
    pub english_step_names: bool,
    /// Long words of text the program writes in this language are hyphenated (see
    /// [`Language::hyphenated`]).
    hyphenate: Option<hypher::Lang>,
    messages: HashMap<String, Message>,
    /// [`Catalog::characters`], gathered on first use (every book's font check asks).
    characters: OnceLock<String>,
}

impl Language {
    pub const ENGLISH: Language = Language(0);
    pub const JAPANESE: Language = Language(1);

    /// Every language with a catalog, in the order of [`SOURCES`].
    pub fn all() -> impl Iterator<Item = Language> {
        (0..SOURCES.len()).map(|index| Language(index as u8))
    }

    /// The language of a code ("de"), if there is a catalog for it.
    pub fn from_code(code: &str) -> Option<Language> {
        SOURCES
            .iter()
            .position(|(known, _)| *known == code)
            .map(|index| Language(index as u8))
    }

    /// The codes of every language, for error hints: `"en", "ja"`.
    pub fn codes() -> String {
        SOURCES
            .iter()
            .map(|(code, _)| format!("{code:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The language's place in [`Language::all`], for tables kept per language.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// How many languages there are.
    pub fn count_all() -> usize {
        SOURCES.len()
    }

    pub fn code(self) -> &'static str {
        SOURCES[usize::from(self.0)].0
    }

    pub fn catalog(self) -> &'static Catalog {
        &catalogs()[usize::from(self.0)]
    }

    pub fn script(self) -> Script {
        self.catalog().script
    }

    /// A message without placeholders.
    pub fn text(self, key: &str) -> &'static str {
        match self.message(key) {
            Some(Message::Text(text)) => text,
            _ => missing(key),
        }
    }

    /// A message with its placeholders filled: `say("book.answer-on-page", &[("page",
    /// &45)])`. Numbers passed as [`Number`] get the catalog's separators.
    pub fn say(self, key: &str, args: &[(&str, &dyn Display)]) -> String {
        fill(self.text(key), args)
    }

    /// A plural message for `count`, its `{count}` and other placeholders filled.
    pub fn count(self, key: &str, count: u64, args: &[(&str, &dyn Display)]) -> String {
        let catalog = self.catalog();
        let pattern = match self.message(key) {
            Some(Message::Plural { one, other }) => {
                if catalog.plural_one.contains(&count) {
                    one.as_str()
                } else {
                    other.as_str()
                }
            }
            Some(Message::Text(text)) => text.as_str(),
            _ => missing(key),
        };
        let number = self.number(count);
        let mut all: Vec<(&str, &dyn Display)> = vec![("count", &number)];
        all.extend_from_slice(args);
        fill(pattern, &all)
    }

    /// A list message (tier names, month names); empty when the catalog lacks it.
    pub fn list(self, key: &str) -> &'static [String] {
        match self.message(key) {
            Some(Message::List(list)) => list,
            _ => &[],
        }
    }

    /// A number as the language writes it (digit groups from the catalog).
    pub fn number(self, value: u64) -> String {
        let catalog = self.catalog();
        let digits = value.to_string();
        if catalog.group_separator.is_empty() || digits.len() < catalog.group_from {
            return digits;
        }
        let mut out = String::new();
        for (index, digit) in digits.chars().enumerate() {
            if index > 0 && (digits.len() - index).is_multiple_of(3) {
                out.push_str(&catalog.group_separator);
            }
            out.push(digit);
        }
        out
    }

    /// `text` with soft hyphens (U+00AD) where the language's hyphenation patterns allow a
    /// break, in words of at least [`HYPHENATED_FROM`] letters that have none yet, for a
    /// language whose catalog asks for it (German compounds such as "Kombinationssperre"
    /// would otherwise overflow a narrow column or leave a gappy line); the text as it is
    /// in the others. The line breaker prints a hyphen only where it breaks.
    pub fn hyphenated(self, text: &str) -> String {
        let Some(lang) = self.catalog().hyphenate else {
            return text.to_string();
        };
        let mut out = String::with_capacity(text.len() + 16);
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            if word.chars().count() >= HYPHENATED_FROM {
                let syllables: Vec<&str> = hypher::hyphenate(word, lang).collect();
                out.push_str(&syllables.join("\u{AD}"));
            } else {
                out.push_str(word);
            }
            word.clear();
        };
        let mut soft = false;
        for ch in text.chars() {
            if ch.is_alphabetic() {
                word.push(ch);
                continue;
            }
            if ch == '\u{AD}' {
                soft = true;
            }
            if soft {
                out.push_str(&word);
                word.clear();
            } else {
                flush(&mut word, &mut out);
            }
            if ch.is_whitespace() {
                soft = false;
            }
            out.push(ch);
        }
        if soft {
            out.push_str(&word);
        } else {
            flush(&mut word, &mut out);
        }
        out
    }

    /// Items joined as the language lists them: "a, b and c" (`conjunction` "and") or
    /// "a, b or c" ("or"), with the catalog's separators.
    pub fn join(self, items: &[impl AsRef<str>], conjunction: &str) -> String {
        let separator = self.text("list.separator");
        let last = self.text(&format!("list.{conjunction}"));
        match items {
            [] => String::new(),
            [only] => only.as_ref().to_string(),
            [init @ .., end] => {
                let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
                format!("{}{last}{}", init.join(separator), end.as_ref())
            }
        }
    }

    fn message(self, key: &str) -> Option<&'static Message> {
        self.catalog()
            .messages
            .get(key)
            .or_else(|| Language::ENGLISH.catalog().messages.get(key))
    }
}

/// Words shorter than this are never hyphenated.
pub const HYPHENATED_FROM: usize = 8;

/// A key no catalog has: printed as itself, so the page shows what is missing (the tests
/// keep this from happening).
fn missing(key: &str) -> &'static str {
    debug_assert!(false, "no message {key:?} in the catalogs");
    ""
}

/// `text` with its first letter in upper case, for a heading that starts with a word the
/// language writes in lower case inside a sentence ("lundi 4 janvier" → "Lundi 4 janvier").
pub fn capitalised(text: &str) -> String {
    let mut letters = text.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// A pattern's `{name}` placeholders replaced by their values.
pub fn fill(pattern: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(known, _)| *known == name) {
                    Some((_, value)) => out.push_str(&value.to_string()),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders a pattern names, sorted.
pub fn placeholders(pattern: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        names.push(after[..close].to_string());
        rest = &after[close + 1..];
    }
    names.sort();
    names.dedup();
    names
}

/// Placeholders the code passes to a message that a catalog may leave out, by message,
/// where languages tell the same thing from different facts: Japanese names a killer
/// cage's open cells and how many they are where English names the cage alone, and a
/// mushikui digit by its place (一の位) where English counts it from the left. Every other
/// message has the same placeholders in every catalog (a test holds them to it).
pub const MAY_OMIT: &[(&str, &[&str])] = &[
    ("killer-walk.whole", &["cell-count", "cells", "sum"]),
    ("killer-walk.part", &["cell-count"]),
    ("killer-walk.listed", &["cell-count", "sum"]),
    ("killer-walk.counted", &["cell-count", "sum"]),
    // English counts a digit of a row from the left, Japanese names its place (一の位); a
    // row of one digit is named as a row or as "the digit of" it; case analysis lists
    // the candidates tried, or names them as a choice (2か3).
    ("mushikui-walk.digit", &["nth", "place"]),
    ("mushikui-walk.last-digit", &["place"]),
    ("mushikui-walk.whole-row", &["row", "of"]),
    ("mushikui-walk.column-beyond", &["n", "place"]),
    ("mushikui-walk.try", &["digits", "candidates"]),
];

fn catalogs() -> &'static [Catalog] {
    static CATALOGS: OnceLock<Vec<Catalog>> = OnceLock::new();
    CATALOGS.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(code, source)| {
                parse(code, source).unwrap_or_else(|error| {
                    // The catalogs are compiled in and parsed by a test: this cannot happen
                    // in a released build.
                    panic!("catalogs/{code}.toml: {error}")
                })
            })
            .collect()
    })
}

/// A catalog's text parsed: `[language]` holds its settings, every other table its
/// messages, keyed by their dotted path ("book.contents").
pub fn parse(code: &str, source: &str) -> Result<Catalog, String> {
    let table: toml::Table = toml::from_str(source).map_err(|error| error.to_string())?;
    let settings = table
        .get("language")
        .and_then(toml::Value::as_table)
        .ok_or("no [language] table")?;
    let string = |key: &str| -> Result<String, String> {
        settings
            .get(key)
            .and_then(toml::Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("[language] has no {key}"))
    };
    if string("code")? != code {
        return Err(format!("[language] code is not {code:?}"));
    }
    let script = match string("script")?.as_str() {
        "latin" => Script::Latin,
        "japanese" => Script::Japanese,
        other => return Err(format!("unknown script {other:?}")),
    };
    let plural_one = settings
        .get("plural-one")
        .and_then(toml::Value::as_array)
        .ok_or("[language] has no plural-one list")?
        .iter()
        .map(|value| value.as_integer().map(|n| n as u64))
        .collect::<Option<Vec<u64>>>()
        .ok_or("plural-one holds a value that is not a whole number")?;
    let group_from = settings
        .get("group-from")
        .and_then(toml::Value::as_integer)
        .ok_or("[language] has no group-from")? as usize;
    let flag = |key: &str| -> Result<bool, String> {
        settings
            .get(key)
            .and_then(toml::Value::as_bool)
            .ok_or_else(|| format!("[language] has no {key}"))
    };
    let mut messages = HashMap::new();
    for (name, value) in &table {
        if name != "language" {
            collect(name, value, &mut messages)?;
        }
    }
    Ok(Catalog {
        code: code.to_string(),
        name: string("name")?,
        script,
        plural_one,
        group_separator: string("group-separator")?,
        group_from,
        lower_case_inside: flag("lower-case-inside")?,
        grader_language: flag("grader-language")?,
        english_step_names: flag("english-step-names")?,
        hyphenate: if flag("hyphenate")? {
            let iso: [u8; 2] = code
                .as_bytes()
                .try_into()
                .map_err(|_| format!("no hyphenation patterns for {code:?}"))?;
            Some(
                hypher::Lang::from_iso(iso)
                    .ok_or(format!("no hyphenation patterns for {code:?}"))?,
            )
        } else {
            None
        },
        messages,
        characters: OnceLock::new(),
    })
}

fn collect(
    key: &str,
    value: &toml::Value,
    into: &mut HashMap<String, Message>,
) -> Result<(), String> {
    let message = match value {
        toml::Value::String(text) => Message::Text(text.clone()),
        toml::Value::Array(items) => Message::List(
            items
                .iter()
                .map(|item| item.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| format!("{key}: a list holds something other than text"))?,
        ),
        toml::Value::Table(table) if table.contains_key("other") => {
            let form = |name: &str| {
                table
                    .get(name)
                    .and_then(toml::Value::as_str)
                    .map(str::to_string)
                    .ok_or_else(|| format!("{key}: the plural has no {name} form"))
            };
            Message::Plural {
                one: form("one")?,
                other: form("other")?,
            }
        }
        toml::Value::Table(table) => {
            for (name, value) in table {
                collect(&format!("{key}.{name}"), value, into)?;
            }
            return Ok(());
        }
        _ => return Err(format!("{key}: a message is text, a list or a plural")),
    };
    into.insert(key.to_string(), message);
    Ok(())
}

impl Catalog {
    /// Every message key, sorted.
    pub fn keys(&self) -> Vec<&str> {
        let mut keys: Vec<&str> = self.messages.keys().map(String::as_str).collect();
        keys.sort_unstable();
        keys
    }

    pub fn get(&self, key: &str) -> Option<&Message> {
        self.messages.get(key)
    }

    /// Every character the catalog prints (not its placeholders), each once in code point
    /// order, for the font check. Gathered once per catalog: a book checks its fonts
    /// against them every time it is read.
    pub fn characters(&self) -> &str {
        self.characters.get_or_init(|| {
            let mut chars = std::collections::BTreeSet::new();
            for message in self.messages.values() {
                let texts: Vec<&String> = match message {
                    Message::Text(text) => vec![text],
                    Message::Plural { one, other } => vec![one, other],
                    Message::List(list) => list.iter().collect(),
                };
                for text in texts {
                    // Placeholders never print; what fills them is checked on its own.
                    let text = placeholders(text).iter().fold(text.clone(), |text, name| {
                        text.replace(&format!("{{{name}}}"), "")
                    });
                    chars.extend(
                        text.chars().filter(|&ch| {
                            (!ch.is_whitespace() || ch == '\u{202F}') && ch != '\u{AD}'
                        }),
                    );
                }
            }
            chars.into_iter().collect()
        })
    }
}
