//! The techniques chapter: every technique has a definition of its own (no two share a
//! sentence, in any language) and an example figure of its own (its own step, drawn, told
//! in full where the book has such a step).

use std::collections::HashSet;

use puzzlebook::i18n::Language;
use puzzlebook::sudoku::grade::hint::Technique;
use puzzlebook::sudoku::grade::walkthrough::about;

use crate::common;

#[test]
fn every_technique_has_a_definition_of_its_own() {
    for language in Language::all() {
        let mut seen = HashSet::new();
        for technique in Technique::ALL {
            let sentence = about(technique, language);
            assert!(
                !sentence.trim().is_empty(),
                "{technique:?} has no definition"
            );
            assert!(
                seen.insert(sentence.clone()),
                "{technique:?} shares its definition: {sentence}"
            );
        }
    }
}

const SPEC: &str = r#"
title = "Techniques"
seed = "chapter-own"
template = "kdp-6x9"
language = "LANGUAGE"
[page]
printer = "generic"
[front]
techniques = true
[[section]]
kind = "sudoku"
count = 6
tier = "expert"
per_page = "1x1"
[[section]]
kind = "sudoku"
variant = "jigsaw"
count = 2
tier = "hard"
per_page = "1x1"
[[section]]
kind = "sudoku"
variant = "killer"
count = 3
tier = "hard"
per_page = "1x1"
"#;

#[test]
fn every_chapter_entry_has_its_own_sentence_and_its_own_figure() {
    for language in ["en", "ja"] {
        let common::Settled {
            spec,
            puzzles,
            taught,
            pagination,
            ..
        } = common::settled(&SPEC.replace("LANGUAGE", language), language == "ja");
        let chapter = &taught.techniques;
        let walks: Vec<_> = puzzles
            .iter()
            .map(|puzzle| puzzle.content.walkthrough(spec.wording()).unwrap())
            .collect();
        assert!(chapter.len() >= 5, "{language}: {} entries", chapter.len());
        let (mut names, mut sentences, mut steps) =
            (HashSet::new(), HashSet::new(), HashSet::new());
        for example in chapter {
            let topic = &example.topic;
            assert!(names.insert(topic.name.clone()), "{}: twice", topic.name);
            assert!(
                sentences.insert(topic.about.clone()),
                "{} shares its definition: {}",
                topic.name,
                topic.about
            );
            assert!(
                steps.insert((example.puzzle, example.step)),
                "{} shares its example step with another technique",
                topic.name
            );
            // The example is a step of that technique.
            let step = &example.walk.steps[example.step];
            assert_eq!(step.topic.as_ref(), Some(topic), "{}", topic.name);
            // Told in full, not a table of later deductions whose figure marks every row's
            // cells, whenever the book has such a step of the technique.
            let told_in_full = |text: &str| !text.contains('\t');
            let book_has_one = walks
                .iter()
                .flat_map(|walk| &walk.steps)
                .any(|other| other.topic.as_ref() == Some(topic) && told_in_full(&other.text));
            assert!(
                !book_has_one || told_in_full(&step.text),
                "{language}: {}'s example is a table: {}",
                topic.name,
                step.text
            );
        }
        assert_eq!(pagination.technique_entries.len(), chapter.len());
        for (entry, example) in pagination.technique_entries.iter().zip(chapter) {
            assert!(
                entry.figure.0 > 0.0 && entry.figure.1 > 0.0 && entry.cell > 0.0,
                "{} has no figure",
                example.topic.name
            );
        }
    }
}
