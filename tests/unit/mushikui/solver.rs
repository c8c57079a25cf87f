use puzzlebook::mushikui::model::Puzzle;
use puzzlebook::mushikui::solver::*;

fn count(line: &str, limit: u64) -> u64 {
    count_solutions(&line.parse().unwrap(), limit)
}

#[test]
fn small_classics_count_right() {
    assert_eq!(count("mul:11,11,**,**,***", 10), 1);
    assert_eq!(count("mul:**,**,**5,25*,2**5", 10), 6);
    assert_eq!(count("div:*,**,7*7,***,*", 100), 23);
    assert_eq!(count("div:1*,49,6**,49,19*,1*6,0", 10), 1);
    assert_eq!(count("add:135,5**,9397,*0*90", 10), 1);
}

#[test]
fn solve_gives_the_answer() {
    let puzzle: Puzzle = "div:1*,49,6**,49,19*,1*6,0".parse().unwrap();
    match solve(&puzzle) {
        Solution::Unique(solution) => {
            assert_eq!(solution.to_line(), "div:14,49,686,49,196,196,0");
            assert!(solution.solves(&puzzle));
        }
        other => panic!("{other:?}"),
    }
    let several: Puzzle = "mul:**,**,**5,25*,2**5".parse().unwrap();
    assert!(matches!(solve(&several), Solution::Multiple(..)));
    let none: Puzzle = "mul:**,**,***,***,***".parse().unwrap();
    assert_eq!(solve(&none), Solution::None);
}

#[test]
fn addition_counts_are_exact_even_when_huge() {
    // Two free 3-digit addends whose sum is any 4-digit number: every pair with a sum of
    // at least 1000.
    let expected = (100..1000u64)
        .map(|a| (100..1000u64).filter(|b| a + b >= 1000).count() as u64)
        .sum::<u64>();
    assert_eq!(count("add:***,***,****", u64::MAX), expected);
    assert_eq!(count("add:***,***,****", 1000), 1000);
    let subtraction: Puzzle = "sub:1*,*,9".parse().unwrap();
    let listed = solutions(&subtraction, 100);
    assert_eq!(listed.len() as u64, count_solutions(&subtraction, 100));
    assert!(listed.iter().all(|s| s.solves(&subtraction)));
}

#[test]
fn excluded_digits_shrink_the_count() {
    let puzzle: Puzzle = "mul:**,**,**5,25*,2**5".parse().unwrap();
    let mut domains = Domains::new(&puzzle);
    // Every solution's multiplicand: 37, 43, 51, 63, 85, 85: exclude a leading 8.
    domains.exclude(0, 0, 8);
    assert_eq!(count_domains(&domains, 100), 4);
}
