mod walkthrough;

use puzzlebook::mushikui::grade::rules::Rule;
use puzzlebook::mushikui::grade::*;
use puzzlebook::mushikui::model::Puzzle;

fn grade_of(line: &str) -> Grade {
    grade(&line.parse().unwrap()).unwrap()
}

#[test]
fn plain_arithmetic_is_easy() {
    let grade = grade_of("mul:11,11,**,**,***");
    assert_eq!(grade.tier, Tier::Easy, "{grade:?}");
    assert_eq!(grade.rating, 1.0);
    let grade = grade_of("add:135,5**,9397,*0*90");
    assert_eq!(grade.tier, Tier::Easy, "{grade:?}");
}

#[test]
fn explain_reaches_the_same_grade() {
    for line in [
        "mul:**,16,13*,*2,35*",
        "div:1*,49,6**,49,19*,1*6,0",
        "div:***,***,*2**7*,***1,****,**8*,****,6***,5",
        "mul:***,***,11**,****,*11,**1**",
        "div:*53,**9,6*8***,***2,*9**,**4*,**4*,****,0",
    ] {
        let puzzle: Puzzle = line.parse().unwrap();
        let (explained, steps) = explain(&puzzle).unwrap();
        assert_eq!(explained, grade(&puzzle).unwrap(), "{line}");
        assert!(!steps.is_empty());
    }
}

#[test]
fn ambiguous_puzzles_are_not_graded() {
    let error = grade(&"mul:**,**,**5,25*,2**5".parse().unwrap()).unwrap_err();
    assert_eq!(error.exit_code(), 1);
    assert!(error.message().contains("more than one solution"));
}

fn rules_of(line: &str) -> Vec<Rule> {
    let (_, steps) = explain(&line.parse().unwrap()).unwrap();
    steps.iter().map(|step| step.rule).collect()
}

#[test]
fn named_rules_fire_where_a_person_would_use_them() {
    // The second partial product equals the multiplicand: its digit is 1.
    assert!(rules_of("mul:47,*3,141,47,611").contains(&Rule::DigitOne));
    // The first step product equals the divisor: the quotient digit is 1.
    assert!(rules_of("div:**,49,6**,49,19*,1*6,0").contains(&Rule::DigitOne));
    // 10251 ÷ 25 = 410 r 1: a one-digit step product under a two-digit divisor.
    let rules = rules_of("div:41*,25,1****,1**,**,**,*,0,1");
    assert!(rules.contains(&Rule::ZeroDigit), "{rules:?}");
    assert!(rules.contains(&Rule::BringDown), "{rules:?}");
}

#[test]
fn case_analysis_is_rated_by_its_amount() {
    let puzzle: Puzzle = "mul:***,***,11**,****,*11,**1**".parse().unwrap();
    let graded = grade(&puzzle).unwrap();
    if graded.case_steps > 0 {
        let expected = 4.0 + 0.5 * f64::from(graded.trials).log2();
        assert!((graded.rating - expected.min(9.9)).abs() < 0.051 || graded.depth > 1);
        assert!(graded.tier >= Tier::Hard);
    } else {
        assert!(graded.tier <= Tier::Medium);
    }
    assert_eq!(Tier::of_rating(2.0), Tier::Easy);
    assert_eq!(Tier::of_rating(3.5), Tier::Medium);
    assert_eq!(Tier::of_rating(5.9), Tier::Hard);
    assert_eq!(Tier::of_rating(6.0), Tier::Expert);
}

#[test]
fn tiers_parse_and_print() {
    for tier in Tier::ALL {
        assert_eq!(tier.name().parse::<Tier>().unwrap(), tier);
    }
    assert!("impossible".parse::<Tier>().is_err());
}
