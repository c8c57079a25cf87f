//! Mushikui-zan benchmarks: counting the published classics, generating per shape, grading.
//!
//! `cargo bench --bench mushikui` prints the median (and mean) time per item. Targets from
//! the issue: every classic counted in at most 10 ms; generation at most 10 ms on average
//! for 3×3 multiplications and divisions with a 3-digit quotient (vivisuke's Mushikuizan
//! needs 105-388 ms and 69-355 ms per puzzle).

use std::hint::black_box;
use std::time::{Duration, Instant};

use puzzlebook::mushikui::{GenerateOptions, Operation, Puzzle, count_solutions, generate, grade};
use puzzlebook::seed::RandomStream;

const CLASSICS: &[&str] = &[
    "mul:11,11,**,**,***",
    "mul:**,16,13*,*2,35*",
    "mul:**,98,***,**2,4***",
    "mul:***,***,11**,****,*11,**1**",
    "mul:**,**,**5,25*,2**5",
    "mul:***,****,***,****,****,2012,**24***",
    "mul:***,**,*8*,8**,8*8*",
    "div:1*,49,6**,49,19*,1*6,0",
    "div:***,***,*2**7*,***1,****,**8*,****,6***,5",
    "div:*,**,7*7,***,*",
    "mul:**,8*,88*,***,****",
    "mul:**8,***,8***,**8*,8***,88****",
    "div:*2*,2*2,2****,***,***,*2*,***,**2,2",
    "mul:*1,2*,**3,*4*,****",
    "mul:*1*,**,2***,**3,***4",
    "mul:*6*,*4*,**9*,****,***,**13*",
    "div:7*,1**,***5,***,**3*,****,0",
    "div:*53,**9,6*8***,***2,*9**,**4*,**4*,****,0",
];

/// Runs `work` repeatedly for about `budget` and returns (median, mean) per call.
fn time(budget: Duration, mut work: impl FnMut(u64)) -> (Duration, Duration) {
    let mut samples = Vec::new();
    let start = Instant::now();
    let mut index = 0;
    while samples.len() < 5 || (start.elapsed() < budget && samples.len() < 100_000) {
        let began = Instant::now();
        work(index);
        samples.push(began.elapsed());
        index += 1;
    }
    let total: Duration = samples.iter().sum();
    samples.sort();
    (samples[samples.len() / 2], total / samples.len() as u32)
}

fn main() {
    let filter = std::env::args().nth(1).filter(|arg| !arg.starts_with('-'));
    let wanted = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    println!("{:<58} {:>12} {:>12}", "benchmark", "median", "mean");
    for line in CLASSICS {
        let name = format!("count {line}");
        if !wanted(&name) {
            continue;
        }
        let puzzle: Puzzle = line.parse().unwrap();
        let (median, mean) = time(Duration::from_millis(200), |_| {
            black_box(count_solutions(black_box(&puzzle), 1000));
        });
        println!("{name:<58} {median:>12.2?} {mean:>12.2?}");
    }
    let shapes: &[(Operation, &[usize])] = &[
        (Operation::Add, &[4, 4, 3]),
        (Operation::Sub, &[5, 4]),
        (Operation::Mul, &[3, 2]),
        (Operation::Mul, &[3, 3]),
        (Operation::Mul, &[6, 4]),
        (Operation::Div, &[5, 2, 3]),
        (Operation::Div, &[6, 3, 3]),
        (Operation::Div, &[6, 3]),
        (Operation::Div, &[9, 4]),
    ];
    for &(operation, digits) in shapes {
        let name = format!("generate {operation} {digits:?}");
        if !wanted(&name) {
            continue;
        }
        let options = GenerateOptions::new(operation, digits);
        let mut made = Vec::new();
        let (median, mean) = time(Duration::from_secs(2), |index| {
            let mut rng = RandomStream::derive("bench", &["mushikui", &name], index);
            made.push(generate(&options, &mut rng).unwrap().puzzle);
        });
        println!("{name:<58} {median:>12.2?} {mean:>12.2?}");
        let name = format!("grade {operation} {digits:?}");
        if wanted(&name) {
            let (median, mean) = time(Duration::from_secs(1), |index| {
                black_box(grade(&made[index as usize % made.len()]).unwrap());
            });
            println!("{name:<58} {median:>12.2?} {mean:>12.2?}");
            let name = format!("count {operation} {digits:?} (generated)");
            let (median, mean) = time(Duration::from_millis(500), |index| {
                black_box(count_solutions(&made[index as usize % made.len()], 2));
            });
            println!("{name:<58} {median:>12.2?} {mean:>12.2?}");
        }
    }
}
