//! A book in each language prints that language's words: no English heading, caption,
//! rule, tier or cover line on a page of a German, French, Spanish or Italian book.

use crate::common;

use common::{Pdf, puzzlebook, scratch};
use puzzlebook::i18n::{Language, Message};
use std::collections::BTreeSet;

/// A book of every kind of grid a rules page explains, with no blurb, so the back cover is
/// the catalog's own lines; section titles are numerals, so every word is the catalog's.
fn spec(code: &str) -> String {
    format!(
        r#"title = "I"
author = "II"
language = "{code}"
seed = "languages-1"
template = "a4"

[page]
header = "{{title}}"

[[section]]
title = "1"
kind = "sudoku"
count = 2
per_page = "2x1"
tier = "easy"

[[section]]
title = "2"
kind = "sudoku"
variant = "x"
count = 1
tier = "medium"

[[section]]
title = "3"
kind = "sudoku"
variant = "windoku"
count = 1

[[section]]
title = "4"
kind = "sudoku"
size = "6x6"
variant = "jigsaw"
count = 1

[[section]]
title = "5"
kind = "sudoku"
size = "4x4"
symbols = "shapes"
count = 1

[[section]]
title = "6"
kind = "sudoku"
variant = "killer"
size = "6x6"
count = 1

[[section]]
title = "7"
kind = "mushikui"
op = "mul"
digits = [3, 2]
count = 1
tier = "easy"

[answers]
placement = "end"

[cover]
min_pages = 2
"#
    )
}

/// The words of a catalog (of four letters or more), in lower case.
fn words(language: Language) -> BTreeSet<String> {
    let catalog = language.catalog();
    let mut words = BTreeSet::new();
    for key in catalog.keys() {
        let texts: Vec<String> = match catalog.get(key).unwrap() {
            Message::Text(text) => vec![text.clone()],
            Message::Plural { one, other } => vec![one.clone(), other.clone()],
            Message::List(list) => list.clone(),
        };
        for text in texts {
            words.extend(split(&text));
        }
    }
    words
}

fn split(text: &str) -> Vec<String> {
    text.split(|ch: char| !ch.is_alphabetic())
        .filter(|word| word.chars().count() >= 4)
        .map(str::to_lowercase)
        .collect()
}

#[test]
fn a_book_in_each_language_prints_no_english_words() {
    let english = words(Language::ENGLISH);
    let dir = scratch("languages");
    for code in ["de", "fr", "es", "it"] {
        let language = Language::from_code(code).unwrap();
        // Words both languages write (Sudoku, Windoku, Expert, Copyright) are not English.
        let own = words(language);
        let foreign: BTreeSet<&String> = english.difference(&own).collect();
        let spec_path = dir.join(format!("{code}.toml"));
        std::fs::write(&spec_path, spec(code)).unwrap();
        let book = dir.join(format!("{code}.pdf"));
        let cover = dir.join(format!("{code}-cover.pdf"));
        for (command, pdf) in [("book", &book), ("cover", &cover)] {
            let code_run = puzzlebook(&[
                command,
                spec_path.to_str().unwrap(),
                "-o",
                pdf.to_str().unwrap(),
                "--quiet",
            ]);
            assert_eq!(code_run, 0, "{code} {command}");
        }
        let mut pages_with_rules = 0;
        let mut own_words_seen = 0;
        let heading = language
            .text("book.rules-heading")
            .split(' ')
            .next()
            .unwrap();
        for (what, pdf) in [("book", &book), ("cover", &cover)] {
            let pdf = Pdf::load(pdf);
            for page in 1..=pdf.page_count() {
                let text = pdf.page_text(page);
                let printed = split(&text);
                let english_here: Vec<&String> = printed
                    .iter()
                    .filter(|word| foreign.contains(word))
                    .collect();
                assert!(
                    english_here.is_empty(),
                    "{code} {what}, page {page}: English {english_here:?} in {text:?}"
                );
                own_words_seen += printed.iter().filter(|word| own.contains(*word)).count();
                if text.contains(heading) {
                    pages_with_rules += 1;
                }
            }
        }
        // The pages were read (not an empty text layer): the language's words are there.
        assert!(
            own_words_seen > 100,
            "{code}: {own_words_seen} words of its own"
        );
        assert!(
            pages_with_rules >= 2,
            "{code}: {pages_with_rules} rules pages"
        );
    }
}

/// A book that teaches: the techniques chapter, drills, hints and walkthroughs of classic
/// sudoku (and of 9×9 X-sudoku, told by the same grader), of 6×6, jigsaw and 8×8 jigsaw
/// puzzles (told by the house grader), of 6×6 and 9×9 killers (the killer grader) and of
/// mushikui-zan multiplications and divisions, with coordinates in letters.
fn teaching_spec(code: &str) -> String {
    format!(
        r#"title = "I"
author = "II"
language = "{code}"
seed = "languages-teaching-1"
template = "a4"

[front]
techniques = true

[answers]
per_page = "2x2"

[[section]]
title = "1"
kind = "sudoku"
count = 2
tier = "hard"
hints = true
walkthroughs = "all"

[[section]]
title = "2"
kind = "sudoku"
count = 1
hardest = ["X-Wing"]
drill = true

[[section]]
title = "3"
kind = "sudoku"
variant = "x"
count = 1
tier = "medium"
hints = true
walkthroughs = "all"

[[section]]
title = "4"
kind = "sudoku"
size = "6x6"
count = 2
tier = "hard"
hints = true
walkthroughs = "all"

[[section]]
title = "5"
kind = "sudoku"
variant = "jigsaw"
count = 2
tier = "hard"
hints = true
walkthroughs = "all"

[[section]]
title = "6"
kind = "sudoku"
size = "8x8"
variant = "jigsaw"
count = 1
tier = "hard"
hints = true
walkthroughs = "all"

[[section]]
title = "7"
kind = "sudoku"
variant = "killer"
size = "6x6"
count = 1
hint_ladder = true
walkthroughs = "all"

[[section]]
title = "8"
kind = "sudoku"
variant = "killer"
count = 1
tier = "medium"
per_page = "1x1"
hint_ladder = true
walkthroughs = "all"

[[section]]
title = "9"
kind = "mushikui"
op = "mul"
digits = [3, 2]
count = 1
tier = "medium"
hint_ladder = true
walkthroughs = "all"

[[section]]
title = "10"
kind = "mushikui"
op = "div"
digits = [5, 2]
count = 1
tier = "hard"
hints = true
walkthroughs = "all"
"#
    )
}

/// The steps, hints and techniques of a teaching book are told in each language: the
/// book builds, and no page of it prints an English word (a technique named in English,
/// a step's words, a house).
#[test]
fn a_teaching_book_in_each_language_prints_no_english_words() {
    let english = words(Language::ENGLISH);
    let dir = scratch("languages-teaching");
    for code in ["de", "fr", "es", "it"] {
        let language = Language::from_code(code).unwrap();
        let own = words(language);
        let foreign: BTreeSet<&String> = english.difference(&own).collect();
        let spec_path = dir.join(format!("{code}.toml"));
        std::fs::write(&spec_path, teaching_spec(code)).unwrap();
        let book = dir.join(format!("{code}.pdf"));
        let status = puzzlebook(&[
            "book",
            spec_path.to_str().unwrap(),
            "-o",
            book.to_str().unwrap(),
            "--quiet",
        ]);
        assert_eq!(status, 0, "{code}");
        let pdf = Pdf::load(&book);
        let mut all = String::new();
        for page in 1..=pdf.page_count() {
            let text = pdf.page_text(page);
            let english_here: BTreeSet<String> = split(&text)
                .into_iter()
                .filter(|word| foreign.contains(&word))
                .collect();
            assert!(
                english_here.is_empty(),
                "{code}, page {page}: English {english_here:?} in {text:?}"
            );
            all.push_str(&text);
            all.push('\n');
        }
        let flat = flat(&all);
        // Each part of the teaching is there, in the language's own words.
        for key in ["book.techniques", "book.hints", "book.walkthroughs"] {
            let heading = language.text(key);
            assert!(
                flat.contains(&self::flat(heading)),
                "{code}: no {heading:?}"
            );
        }
        let x_wing = language.text("technique.XWing.name");
        let drill = language.say("book.drill-task", &[("technique", &x_wing)]);
        assert!(
            flat.contains(&self::flat(&drill)),
            "{code}: no drill caption {drill:?}"
        );
        // The techniques chapter says what each of its techniques looks for.
        let explained = language
            .catalog()
            .keys()
            .into_iter()
            .filter(|key| key.starts_with("technique.") && key.ends_with(".about"))
            .filter(|key| {
                let opening = self::flat(language.text(key))
                    .split(' ')
                    .take(6)
                    .collect::<Vec<_>>()
                    .join(" ");
                flat.contains(&opening)
            })
            .count();
        assert!(explained >= 2, "{code}: {explained} techniques explained");
        // The jigsaw walkthroughs and hints name regions in the language's words.
        let region = language.say("variant-walk.house-region", &[("n", &"")]);
        assert!(
            flat.contains(&format!("{} ", region.trim())),
            "{code}: no {region:?} named"
        );
        // Killer steps name their technique and cages in the language's words.
        let cage = language.say("killer-walk.cage", &[("sum", &""), ("at", &"")]);
        let cage_word = cage
            .split(|ch: char| !ch.is_alphabetic())
            .filter(|word| word.chars().count() >= 4)
            .max_by_key(|word| word.chars().count())
            .unwrap();
        assert!(flat.contains(cage_word), "{code}: no {cage_word:?}");
        let combination = language.text("technique.CageCombination.name");
        assert!(flat.contains(combination), "{code}: no {combination:?}");
        // Mushikui-zan steps name the rows as the figure shows them.
        let rows = [
            "multiplicand",
            "multiplier",
            "product",
            "divisor",
            "quotient",
        ];
        let named = rows
            .iter()
            .filter(|row| {
                let of = language.say(&format!("mushikui-walk.of-{row}"), &[]);
                flat.contains(&of)
            })
            .count();
        assert!(named >= 2, "{code}: {named} mushikui rows named");
        // Rows are named by the letters printed beside the grids, in the language's words.
        let row_word = language.text("place.row-word").trim();
        assert!(
            (b'A'..=b'I').any(|letter| flat.contains(&format!("{row_word} {}", letter as char))),
            "{code}: no row named by its letter"
        );
    }
}

/// Text with every run of white space (a narrow no-break space too) as one space.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// JSON keeps the grader's and SE's names and adds the name in the `--language` asked for.
/// `sudoku grade --format json --language LANGUAGE` of one puzzle line: its record.
fn graded_in(puzzle: &str, language: &str) -> serde_json::Value {
    let output = common::run_binary(
        &[
            "sudoku",
            "grade",
            "--format",
            "json",
            "--language",
            language,
        ],
        puzzle,
    );
    assert_eq!(output.status.code(), Some(0));
    serde_json::from_str(String::from_utf8(output.stdout).unwrap().trim()).unwrap()
}

#[test]
fn json_adds_the_localized_names_beside_the_graders() {
    let output = common::run_binary(
        &[
            "sudoku",
            "techniques",
            "--language",
            "de",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let swordfish: serde_json::Value = text
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|record| record["technique"] == "Swordfish")
        .unwrap();
    assert_eq!(swordfish["localized"], "Schwertfisch");
    assert_eq!(swordfish["se_name"], "Swordfish");
    let plain = common::run_binary(&["sudoku", "techniques", "--format", "json"], "");
    assert!(
        !String::from_utf8(plain.stdout)
            .unwrap()
            .contains("localized")
    );

    let puzzle =
        ".4..2...3...7....1.3.5..6.7.....67...2.1.7.9...68.....2.9..8.7.4....9...8...4..6.\n";
    let record = graded_in(puzzle, "fr");
    assert_eq!(record["hardest"], "Hidden Single (line)");
    assert_eq!(record["hardest_localized"], "Singleton caché (ligne)");
    assert_eq!(
        record["steps"][0]["technique_localized"],
        "Singleton caché (bloc)"
    );

    // A chain keeps SE's name and the name solvers know; in Japanese its kind's name
    // (it was "チェーンとループ（Forcing Chain）").
    let puzzle =
        "..8..1..329......717.2.9........84...8..5..9...19........5.2.864......128..6..5..\n";
    let record = graded_in(puzzle, "ja");
    assert_eq!(record["hardest"], "Forcing Chain");
    assert_eq!(record["hardest_printed"], "Forcing Chain");
    assert_eq!(record["hardest_localized"], "フォーシングチェーン");
}

/// `sudoku grade`, `sudoku render` and `mushikui render`/`grade` take every catalog's
/// language: a jigsaw's walkthrough is told and drawn in French and German, a
/// mushikui-zan's told in German and drawn in Italian.
#[test]
fn every_command_takes_every_language() {
    let jigsaw =
        "6x6-jigsaw:......5.42....3......6.........1....:aaabbbacabdbccabddccdddefceeeefffffe\n";
    let output = common::run_binary(
        &["sudoku", "grade", "--walkthrough", "--language", "fr"],
        jigsaw,
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        flat(&text).contains("Paire nue : dans la ligne 6"),
        "{text}"
    );
    assert!(
        !text.contains("remove") && !text.contains("hold only"),
        "{text}"
    );

    let dir = scratch("languages-render");
    let puzzles = dir.join("jigsaw.txt");
    std::fs::write(&puzzles, jigsaw).unwrap();
    let out = dir.join("de");
    let output = common::run_binary(
        &[
            "sudoku",
            "render",
            puzzles.to_str().unwrap(),
            "--walkthrough",
            "--language",
            "de",
            "--to",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let pdf = Pdf::load(&out.join("walkthroughs.pdf"));
    let text: String = (1..=pdf.page_count())
        .map(|page| pdf.page_text(page))
        .collect();
    assert!(flat(&text).contains("In Gebiet"), "{text}");

    let mushikui = "mul:***,8*,*3**,*4**,*8**6\n";
    let output = common::run_binary(
        &["mushikui", "grade", "--walkthrough", "--language", "de"],
        mushikui,
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("des Multiplikators"), "{text}");
    assert!(!text.contains("the multiplier"), "{text}");
    let out = dir.join("mushikui-render");
    let output = common::run_binary(
        &[
            "mushikui",
            "render",
            "--walkthrough",
            "--language",
            "it",
            "--to",
            out.to_str().unwrap(),
        ],
        mushikui,
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let pdf = Pdf::load(&out.join("walkthroughs.pdf"));
    let text: String = (1..=pdf.page_count())
        .map(|page| pdf.page_text(page))
        .collect();
    assert!(flat(&text).contains("del moltiplicatore"), "{text}");
}

/// Outside `src/i18n`, no code asks which language it is setting: words come from the
/// catalogs, and what differs between languages is a catalog's setting or style message.
/// (Choosing English for the graders' own English accounts, `Language::ENGLISH`, is not a
/// match; the script, which picks fonts, is a catalog setting.) Test modules, at the end
/// of their files after `#[cfg(test)]`, are left out.
#[test]
fn no_code_outside_the_catalogs_matches_on_a_language() {
    let mut forbidden: Vec<String> = [
        "Language::JAPANESE",
        "== Language::",
        "!= Language::",
        ".code() ==",
        "Language::English",
        "Language::Japanese",
    ]
    .iter()
    .map(|pattern| pattern.to_string())
    .collect();
    for language in Language::all() {
        let code = language.code();
        forbidden.push(format!("== \"{code}\""));
        forbidden.push(format!("\"{code}\" =>"));
    }
    let mut files = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut checked = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            if path.ends_with("i18n") {
                continue;
            }
            for entry in std::fs::read_dir(&path).unwrap() {
                files.push(entry.unwrap().path());
            }
            continue;
        }
        if path.extension().is_none_or(|extension| extension != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("\n#[cfg(test)]").next().unwrap();
        for (number, line) in code.lines().enumerate() {
            for pattern in &forbidden {
                assert!(
                    !line.contains(pattern.as_str()),
                    "{}:{}: {line}",
                    path.display(),
                    number + 1
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked} files");
}
