use puzzlebook::i18n::*;

/// The shape of a message, for comparing catalogs: its kind and placeholders.
fn shape(message: &Message) -> (u8, Vec<String>) {
    match message {
        Message::Text(text) => (0, placeholders(text)),
        Message::Plural { one, other } => {
            let mut names = placeholders(one);
            names.extend(placeholders(other));
            names.sort();
            names.dedup();
            names.retain(|name| name != "count");
            (1, names)
        }
        Message::List(_) => (2, Vec::new()),
    }
}

#[test]
fn every_catalog_parses_and_has_every_message_with_the_same_placeholders() {
    let english = Language::ENGLISH.catalog();
    for language in Language::all() {
        let catalog = language.catalog();
        assert_eq!(catalog.code, language.code());
        assert_eq!(
            catalog.keys(),
            english.keys(),
            "{language:?}: keys differ from en"
        );
        for key in english.keys() {
            let (ours, theirs) = (catalog.get(key).unwrap(), english.get(key).unwrap());
            let optional = MAY_OMIT
                .iter()
                .find(|(optional, _)| *optional == key)
                .map_or(&[][..], |(_, names)| *names);
            let without = |(kind, mut names): (u8, Vec<String>)| {
                names.retain(|name| !optional.contains(&name.as_str()));
                (kind, names)
            };
            assert_eq!(
                without(shape(ours)),
                without(shape(theirs)),
                "{language:?} {key}"
            );
            if let (Message::List(ours), Message::List(theirs)) = (ours, theirs) {
                assert_eq!(ours.len(), theirs.len(), "{language:?} {key}");
            }
        }
    }
}

#[test]
fn a_catalog_without_a_setting_is_refused() {
    assert!(parse("xx", "[language]\ncode = \"xx\"\n").is_err());
    assert!(parse("en", "[book]\ncontents = \"Contents\"\n").is_err());
}

#[test]
fn placeholders_are_filled_and_plurals_chosen() {
    let english = Language::ENGLISH;
    assert_eq!(english.count("book.puzzle-count", 1, &[]), "1 puzzle");
    assert_eq!(english.count("book.puzzle-count", 120, &[]), "120 puzzles");
    assert_eq!(
        Language::JAPANESE.count("book.puzzle-count", 1, &[]),
        "全1問"
    );
    assert_eq!(
        english.say("book.answer-on-page", &[("page", &45)]),
        "Answer p. 45"
    );
    assert_eq!(fill("{a} and {b}", &[("a", &1)]), "1 and {b}");
    assert_eq!(placeholders("{b} {a} {b}"), ["a", "b"]);
}

#[test]
fn lists_join_with_the_languages_words() {
    assert_eq!(Language::ENGLISH.join(&["a", "b", "c"], "or"), "a, b or c");
    assert_eq!(Language::ENGLISH.join(&["a"], "and"), "a");
    assert_eq!(Language::JAPANESE.join(&["a", "b"], "or"), "a・b");
}

#[test]
fn the_bundled_fonts_show_every_character_of_their_catalogs() {
    for language in Language::all() {
        let fonts = puzzlebook::layout::fonts::FontSet::for_language(language);
        let words = language.catalog().characters();
        for face in [fonts.text, fonts.bold] {
            let missing = fonts.metrics(face).missing_chars(words);
            assert!(missing.is_empty(), "{language:?}: {missing:?}");
        }
    }
}

#[test]
fn counts_and_dates_follow_each_language() {
    let french = Language::from_code("fr").unwrap();
    assert_eq!(french.count("book.puzzle-count", 0, &[]), "0 grille");
    assert_eq!(french.count("book.puzzle-count", 2, &[]), "2 grilles");
    assert_eq!(french.number(12345), "12\u{202F}345");
    let german = Language::from_code("de").unwrap();
    assert_eq!(german.number(1234), "1234");
    assert_eq!(german.number(1234567), "1.234.567");
    assert_eq!(Language::ENGLISH.number(12345), "12345");
    assert_eq!(capitalised("lundi"), "Lundi");
}

#[test]
fn french_puts_a_narrow_no_break_space_before_double_punctuation() {
    let french = Language::from_code("fr").unwrap().catalog();
    for key in french.keys() {
        let texts: Vec<&String> = match french.get(key).unwrap() {
            Message::Text(text) => vec![text],
            Message::Plural { one, other } => vec![one, other],
            Message::List(list) => list.iter().collect(),
        };
        for text in texts {
            let chars: Vec<char> = text.chars().collect();
            for (index, &ch) in chars.iter().enumerate() {
                if matches!(ch, ':' | ';' | '!' | '?') && index > 0 {
                    assert_eq!(chars[index - 1], '\u{202F}', "{key}: {text}");
                }
            }
        }
    }
}

/// A long German compound in a narrow column: without hyphenation the wrapper cuts it
/// anywhere after a nearly empty line; hyphenated,
/// every line fits and the lines before the last are well filled, the breaks marked
/// with a hyphen.
#[test]
fn long_german_compounds_wrap_with_a_hyphen() {
    use puzzlebook::layout::text::wrap;
    let german = Language::from_code("de").unwrap();
    let text = "Die Schifffahrtsgesellschaftskombinationssperre gilt: Donaudampfschifffahrtskapitäne warten.";
    let hyphenated = german.hyphenated(text);
    assert!(hyphenated.contains('\u{AD}'), "{hyphenated}");
    assert_eq!(hyphenated.replace('\u{AD}', ""), text);
    assert!(hyphenated.contains("Die "), "short words are left alone");
    // Languages that do not ask for it, and soft hyphens already there, are kept.
    assert_eq!(Language::ENGLISH.hyphenated(text), text);
    assert_eq!(Language::JAPANESE.hyphenated(text), text);
    let given = "Schwierig\u{AD}keitsgrad";
    assert_eq!(german.hyphenated(given), given);

    let fonts = puzzlebook::layout::fonts::FontSet::for_language(german);
    let metrics = fonts.metrics(fonts.text);
    let size = 10.0;
    let width = 120.0;
    let compound = "Schifffahrtsgesellschaftskombinationssperre";
    assert!(
        metrics.width(compound, size) > width,
        "the test needs a word too long"
    );
    let plain = wrap(metrics, text, size, width);
    // Unhyphenated, the compound is cut anywhere, without a hyphen, after a gappy line.
    assert!(
        plain[..plain.len() - 1]
            .iter()
            .any(|line| metrics.width(line, size) <= width * 0.6),
        "{plain:?}"
    );
    let lines = wrap(metrics, &hyphenated, size, width);
    assert!(lines.len() >= 3, "{lines:?}");
    for line in &lines {
        assert!(metrics.width(line, size) <= width, "{line:?} overflows");
        assert!(!line.contains('\u{AD}'), "{line:?}");
    }
    for line in &lines[..lines.len() - 1] {
        assert!(
            metrics.width(line, size) > width * 0.6,
            "{line:?} leaves a gap: {lines:?}"
        );
    }
    assert!(
        lines.iter().filter(|line| line.ends_with('-')).count() >= 2,
        "{lines:?}"
    );
    let rejoined = lines.join(" ").replace("- ", "");
    assert_eq!(rejoined, text);
}

#[test]
fn codes_round_trip() {
    for language in Language::all() {
        assert_eq!(Language::from_code(language.code()), Some(language));
    }
    assert_eq!(Language::from_code("xx"), None);
}
