use puzzlebook::i18n::Language as Words;
use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::walkthrough::MOST_DIAGRAMS;
use puzzlebook::sudoku::variant::generate::{VariantOptions, generate};
use puzzlebook::sudoku::variant::geometry::{Size, Variant};
use puzzlebook::sudoku::variant::grade::VariantStep;
use puzzlebook::sudoku::variant::walkthrough::*;

/// In the house grader's tables the singles a row leads to are folded into it after
/// an arrow, not rows of their own: a row of singles follows only a row that has no
/// room for more.
#[test]
fn singles_fold_into_the_table_row_they_follow_from() {
    let english = Words::from_code("en").unwrap();
    let heads: Vec<String> = (1..=81)
        .flat_map(|count| {
            ["walk.full-house", "walk.hidden-single", "walk.naked-single"]
                .map(|key| english.count(key, count, &[]))
        })
        .chain([english.text("walk.singles").to_string()])
        .collect();
    let (mut folded, mut rows) = (0, 0);
    for (index, variant) in [Variant::Jigsaw, Variant::X, Variant::Windoku]
        .into_iter()
        .cycle()
        .take(9)
        .enumerate()
    {
        let mut rng = RandomStream::derive("test", &["singles fold"], index as u64);
        let options = VariantOptions::new(Size::S9, variant);
        let generated = generate(&options, &mut rng, None).unwrap();
        let walked = walkthrough(&generated.puzzle).unwrap();
        for step in &walked.steps {
            let text = step.text(english);
            if !text.contains('\t') {
                continue;
            }
            let table: Vec<(&str, &str)> = text
                .lines()
                .map(|row| row.split_once('\t').unwrap())
                .collect();
            rows += table.len();
            folded += table
                .iter()
                .map(|(_, done)| done.matches(FOLLOWS).count())
                .sum::<usize>();
            for pair in table.windows(2) {
                let ((_, above), (what, done)) = (pair[0], pair[1]);
                if heads.iter().any(|head| head == what) {
                    assert!(
                        above.matches(FOLLOWS).count() >= MOST_FOLDS
                            || above.chars().count() + done.chars().count() > LONGEST_FOLDED,
                        "{variant}: singles {done} not folded into {above}"
                    );
                }
            }
        }
    }
    assert!(rows > 20 && folded > 0, "{rows} rows, {folded} folded");
}

/// A jigsaw extreme whose path has a dozen dynamic forcing chains, X-chains and
/// forcing chains.
const CHAINED_JIGSAW: &str = "jigsaw:..2..5...........6.76......2..1....9..........5..1......4....3.......7...3.......:aabbbccccadbbbbbccadddeebccadddeeecfaddeeefffaagefffhhaiggghffhiiiighhhhiiiiggggh";

/// A chain of each name is worded in full once; its later steps are table rows, in a
/// few words (a dynamic chain's: the most cells an assumption fills before its
/// contradiction).
#[test]
fn later_chains_are_table_rows() {
    let puzzle = puzzlebook::sudoku::variant::grid::parse_any(CHAINED_JIGSAW).unwrap();
    let walked = walkthrough(&puzzle).unwrap();
    let english = Words::from_code("en").unwrap();
    let mut worded: Vec<&str> = Vec::new();
    let mut rows = 0;
    for step in &walked.steps {
        let chains: Vec<&VariantStep> = step
            .path
            .iter()
            .map(|&index| &walked.path[index])
            .filter(|grader| is_chain(grader))
            .collect();
        let text = step.text(english);
        if text.contains('\t') {
            for chain in &chains {
                assert!(
                    worded.contains(&chain.name.as_str()),
                    "{} a row before one is worded in full",
                    chain.name
                );
            }
            rows += chains.len();
        } else if let Some(chain) = chains.first() {
            assert!(
                !worded.contains(&chain.name.as_str()),
                "a second {} worded in full: {text}",
                chain.name
            );
            worded.push(&chain.name);
        }
    }
    assert!(rows >= 10, "{rows} chains as rows");
    assert!(
        walked
            .steps
            .iter()
            .any(|step| step.text(english).contains("each assumption fails within"))
    );
}

#[test]
fn walkthroughs_retell_the_whole_path_of_every_variant() {
    for (index, (size, variant)) in [
        (Size::S4, Variant::Classic),
        (Size::S6, Variant::Classic),
        (Size::S6, Variant::Jigsaw),
        (Size::S8, Variant::X),
        (Size::S9, Variant::Jigsaw),
        (Size::S12, Variant::Classic),
    ]
    .into_iter()
    .enumerate()
    {
        let mut rng = RandomStream::derive("test", &["variant walk"], index as u64);
        let generated = generate(&VariantOptions::new(size, variant), &mut rng, None).unwrap();
        let walked = walkthrough(&generated.puzzle).unwrap();
        // The steps cover the needed path once, in order; the rest is skipped.
        let mut told: Vec<usize> = walked.steps.iter().flat_map(|s| s.path.clone()).collect();
        assert!(told.windows(2).all(|pair| pair[0] < pair[1]));
        told.extend_from_slice(&walked.skipped);
        told.sort_unstable();
        assert_eq!(told, (0..walked.path.len()).collect::<Vec<_>>());
        assert!(walked.steps.iter().filter(|s| s.diagram).count() <= MOST_DIAGRAMS);
        for step in &walked.steps {
            assert!(!(step.diagram && step.moment.marks_most_of_the_grid()));
            assert!(step.texts.iter().all(|text| !text.is_empty()));
            if !step.singles {
                let graders: Vec<&VariantStep> =
                    step.path.iter().map(|&i| &walked.path[i]).collect();
                assert!(step.moment.pencil_marks);
                for &(cell, value) in &step.moment.eliminations {
                    assert!(
                        graders
                            .iter()
                            .any(|g| g.eliminations.contains(&(cell, value)))
                    );
                    assert!(step.moment.candidates[usize::from(cell)] & 1 << (value - 1) != 0);
                }
                assert!(
                    graders
                        .iter()
                        .all(|g| g.pattern.iter().all(|c| step.moment.pattern.contains(c)))
                );
            }
        }
        // Replaying every placement fills the solution.
        let mut grid = generated.puzzle.clone();
        for step in &walked.steps {
            for &(cell, value) in &step.moment.placements {
                grid.set(usize::from(cell), value);
            }
        }
        assert_eq!(grid, generated.solution, "{size} {variant}");
    }
}
