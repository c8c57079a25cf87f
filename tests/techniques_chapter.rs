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

/// A killer's Cage Combination example is the pencilling-in of every cage, whose words
/// name one cage: the chapter's figure marks that cage alone (before, it shaded and struck
/// most of the grid), while the walkthrough's own figure keeps every cage's marks.
#[test]
fn the_cage_combination_example_marks_only_the_cage_it_names() {
    use puzzlebook::sudoku::variant::walkthrough::VariantMoment;
    let spec = "title = \"Killer techniques\"\ntemplate = \"kdp-6x9\"\nseed = \"kt-d5\"\n\
                [page]\nprinter = \"generic\"\n[front]\ntechniques = true\n\
                [[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 2\n\
                tier = \"medium\"\nper_page = \"1x2\"\n";
    let common::Settled {
        spec,
        puzzles,
        taught,
        ..
    } = common::settled(spec, false);
    let example = taught
        .techniques
        .iter()
        .find(|example| example.topic.name == "Cage Combination")
        .expect("a Cage Combination example");
    let shown = example.walk.steps[example.step]
        .figure
        .get::<VariantMoment>()
        .unwrap();
    let walk = puzzles[example.puzzle]
        .content
        .walkthrough(spec.wording())
        .unwrap();
    let own = walk.steps[example.step]
        .figure
        .get::<VariantMoment>()
        .unwrap();
    // The words name the cage by its sum and first cell ("the 3 cage at B8").
    let text = &example.walk.steps[example.step].text;
    assert!(text.contains(" cage at "), "{text}");
    assert!(
        !shown.pattern.is_empty() && shown.pattern.len() <= 4,
        "{:?}",
        shown.pattern
    );
    assert!(
        shown
            .eliminations
            .iter()
            .all(|(cell, _)| shown.pattern.contains(cell)),
        "{:?}",
        shown.eliminations
    );
    assert!(
        own.pattern.len() > 3 * shown.pattern.len(),
        "{:?}",
        own.pattern
    );
    assert!(own.eliminations.len() > shown.eliminations.len());
    // The named cage is the one the words give: its first cell's name is in them.
    let first = usize::from(shown.pattern[0]);
    let name = format!("{}{}", (b'A' + (first / 9) as u8) as char, first % 9 + 1);
    assert!(text.contains(&name), "{name}: {text}");
}
