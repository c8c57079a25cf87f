//! The published problems of the shared reference file: every one must count right, and
//! every unique one must solve to the known answer.

use std::time::{Duration, Instant};

use puzzlebook::mushikui::{Puzzle, Solution, count_solutions, solve};

/// From the project's reference data (data/mushikui/classics.txt): puzzle, exact solution
/// count, and the known answer when it is unique.
const CLASSICS: &[(&str, u64, Option<&str>)] = &[
    ("mul:11,11,**,**,***", 1, Some("mul:11,11,11,11,121")),
    ("mul:**,16,13*,*2,35*", 1, Some("mul:22,16,132,22,352")),
    ("mul:**,98,***,**2,4***", 1, Some("mul:48,98,384,432,4704")),
    (
        "mul:***,***,11**,****,*11,**1**",
        1,
        Some("mul:237,355,1185,1185,711,84135"),
    ),
    ("mul:**,**,**5,25*,2**5", 6, None),
    ("mul:***,****,***,****,****,2012,**24***", 2, None),
    ("mul:***,**,*8*,8**,8*8*", 5, None),
    (
        "div:1*,49,6**,49,19*,1*6,0",
        1,
        Some("div:14,49,686,49,196,196,0"),
    ),
    (
        "div:***,***,*2**7*,***1,****,**8*,****,6***,5",
        1,
        Some("div:357,917,327374,2751,5227,4585,6424,6419,5"),
    ),
    ("div:*,**,7*7,***,*", 23, None),
    ("mul:**,8*,88*,***,****", 1, Some("mul:98,89,882,784,8722")),
    (
        "mul:**8,***,8***,**8*,8***,88****",
        1,
        Some("mul:898,989,8082,7184,8082,888122"),
    ),
    (
        "div:*2*,2*2,2****,***,***,*2*,***,**2,2",
        1,
        Some("div:121,212,25654,212,445,424,214,212,2"),
    ),
    ("mul:*1,2*,**3,*4*,****", 1, Some("mul:71,23,213,142,1633")),
    (
        "mul:*1*,**,2***,**3,***4",
        1,
        Some("mul:313,18,2504,313,5634"),
    ),
    (
        "mul:*6*,*4*,**9*,****,***,**13*",
        1,
        Some("mul:366,249,3294,1464,732,91134"),
    ),
    (
        "div:7*,1**,***5,***,**3*,****,0",
        1,
        Some("div:79,115,9085,805,1035,1035,0"),
    ),
    (
        "div:*53,**9,6*8***,***2,*9**,**4*,**4*,****,0",
        1,
        Some("div:853,749,638897,5992,3969,3745,2247,2247,0"),
    ),
];

#[test]
fn every_classic_counts_right() {
    for &(line, expected, _) in CLASSICS {
        let puzzle: Puzzle = line.parse().unwrap();
        assert_eq!(count_solutions(&puzzle, 1000), expected, "{line}");
        assert_eq!(count_solutions(&puzzle, 2), expected.min(2), "{line}");
    }
}

#[test]
fn unique_classics_solve_to_the_known_answer() {
    for &(line, _, answer) in CLASSICS {
        let puzzle: Puzzle = line.parse().unwrap();
        match (solve(&puzzle), answer) {
            (Solution::Unique(solution), Some(answer)) => {
                assert_eq!(solution.to_line(), answer, "{line}");
                assert!(solution.solves(&puzzle));
            }
            (Solution::Multiple(first, second), None) => {
                assert!(first.solves(&puzzle) && second.solves(&puzzle));
                assert_ne!(first, second);
            }
            (other, _) => panic!("{line}: {other:?}"),
        }
    }
}

#[test]
fn every_classic_counts_fast() {
    // The target is 10 ms per classic on one core of a shared CI machine; the test allows a
    // generous margin so that it fails only on a real regression, not on a noisy neighbour.
    for &(line, _, _) in CLASSICS {
        let puzzle: Puzzle = line.parse().unwrap();
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let start = Instant::now();
            count_solutions(&puzzle, 1000);
            best = best.min(start.elapsed());
        }
        eprintln!("{line}: {best:?}");
        assert!(best < Duration::from_millis(100), "{line}: {best:?}");
    }
}
