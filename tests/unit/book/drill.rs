use puzzlebook::book::drill::*;
use puzzlebook::book::spec::Language;
use puzzlebook::sudoku::grade::target::TechniqueTarget;
use puzzlebook::sudoku::techniques::Grids;

fn task_of(needs: &str, grids: Grids, language: Language) -> String {
    let techniques = TechniqueTarget::parse(&[needs.to_string()], &[], grids).unwrap();
    section_task(true, &techniques, language).unwrap()
}

/// Pointing and claiming are asked for by their candidates, pattern techniques by name,
/// a killer's cage techniques as a step to take (they are ways of reckoning), in every
/// language: the German task names the technique in German and still says so (it
/// used to look the German name up among the registry's English ones, and miss).
#[test]
fn drill_tasks_read_naturally() {
    let english = |name| task_of(name, Grids::CLASSIC, Language::ENGLISH);
    assert_eq!(english("X-Wing"), "Find the X-Wing");
    assert_eq!(english("Pointing"), "Find the pointing candidates");
    assert_eq!(english("Claiming"), "Find the claiming candidates");
    assert_eq!(
        english("Direct Claiming"),
        "Find the direct claiming candidates"
    );
    assert_eq!(
        task_of("Pointing", Grids::CLASSIC, Language::JAPANESE),
        "ポインティングで消える候補を見つけよう"
    );
    let german = Language::from_code("de").unwrap();
    assert_eq!(
        task_of("Claiming", Grids::CLASSIC, german),
        "Gesucht: Linienbeschränkung (Kandidaten)"
    );
    assert_eq!(
        task_of("Cage Splitting", Grids::KILLER, Language::ENGLISH),
        "Find the step: Cage Splitting"
    );
    assert_eq!(
        task_of("Innies and Outies", Grids::KILLER, Language::JAPANESE),
        "45の法則で一手進めよう"
    );
    let none = TechniqueTarget::parse(&[], &["X-Wing".to_string()], Grids::CLASSIC).unwrap();
    assert_eq!(section_task(false, &none, Language::ENGLISH), None);
}
