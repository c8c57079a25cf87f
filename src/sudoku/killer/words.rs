//! A killer's own steps in words, in every catalog language.
//!
//! The killer grader records what a cage step found as a [`CageAccount`] (the cage by its
//! sum and first cell, the digit sets that make a sum, the houses of the rule of 45 and
//! what their cages add up to); this module tells it from the catalog's `[killer-walk]`
//! messages, as `variant::words` tells the house grader's steps, so a killer walkthrough
//! or hint reads in the book's language and the code matches on no language. Cells stay in
//! the graders' notation (`r3c7`), which a book restates in its own coordinates.

use crate::i18n::{Language, capitalised};
use crate::sudoku::variant::geometry::{Geometry, HouseKind};
use crate::sudoku::variant::grade::digits;
use crate::sudoku::variant::grid::value_word;
use crate::sudoku::variant::words::house_name;

/// What a killer's cage step found, in the grader's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CageAccount {
    /// Every cage pencilled in with the sets that make its sum, one cage told as the
    /// example.
    Marks { example: Option<Combination> },
    /// One cage's open cells narrowed to the sets that make what is left of its sum.
    Combination(Combination),
    /// Digits every fitting set of a cage holds, kept by the cage within `houses`.
    Locked {
        cage: CageName,
        sets: Vec<u16>,
        digits: u16,
        houses: Vec<u16>,
    },
    /// A digit whose places in `house` all lie in one cage: the cage holds it (`sets`: the
    /// cage's sets with the digit).
    Held {
        house: u16,
        digit: u8,
        cage: CageName,
        sets: Vec<u16>,
    },
    /// The rule of 45 narrowing innies or outies.
    Rule45(Rule45),
    /// Cage splitting: the rule of 45 fixes a cage's part on one side of a region's edge,
    /// so its `cells` on the other side make `whole − known = rest`.
    Split {
        rule: Rule45,
        cage: CageName,
        cells: Vec<u16>,
        whole: u16,
        known: u16,
        rest: u16,
    },
    /// A candidate that leads the cages and houses into a contradiction.
    Contradiction { cell: u16, digit: u8 },
}

/// A cage as a solver finds it: by its sum and the cell its sum is printed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CageName {
    pub sum: u16,
    pub first: u16,
}

/// A cage's combinations: its open cells (all of them: `whole`), the sum they make, how
/// many sets of different digits make it and which fit the candidates (bit `d - 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combination {
    pub cage: CageName,
    pub whole: bool,
    pub cells: Vec<u16>,
    pub sum: u16,
    pub possible: usize,
    pub sets: Vec<u16>,
}

/// The rule of 45 over `houses` (adding up to `total`): the cages inside (`inner`) or in
/// and across them add up to `cages`, so the innies (or outies) `cells` make `sum`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule45 {
    pub houses: Vec<u16>,
    pub total: u16,
    pub cages: u16,
    pub inner: bool,
    pub cells: Vec<u16>,
    pub sum: u16,
}

fn say(language: Language, key: &str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    language.say(&format!("killer-walk.{key}"), args)
}

fn count(
    language: Language,
    key: &str,
    n: usize,
    args: &[(&str, &dyn std::fmt::Display)],
) -> String {
    language.count(&format!("killer-walk.{key}"), n as u64, args)
}

fn cage_name(geometry: &Geometry, cage: CageName, language: Language) -> String {
    named_cage(geometry, cage, language, "cage")
}

/// A cage named by `key`: `cage`, or `cage-brief` in a table row's few words.
fn named_cage(geometry: &Geometry, cage: CageName, language: Language, key: &str) -> String {
    say(
        language,
        key,
        &[
            ("sum", &cage.sum),
            ("at", &geometry.cell_name(usize::from(cage.first))),
        ],
    )
}

fn cells(geometry: &Geometry, cells: &[u16], language: Language) -> String {
    cells
        .iter()
        .map(|&cell| geometry.cell_name(usize::from(cell)))
        .collect::<Vec<_>>()
        .join(language.text("killer-walk.cell-separator"))
}

/// `1+2+9`.
fn set_sum(set: u16) -> String {
    digits(set).map(value_word).collect::<Vec<_>>().join("+")
}

/// `1+9, 2+8 or 3+7`.
fn sets_listed(sets: &[u16], language: Language) -> String {
    let listed: Vec<String> = sets.iter().map(|&set| set_sum(set)).collect();
    language.join(&listed, "or")
}

/// `7 and 9`.
fn digits_and(mask: u16, language: Language) -> String {
    let words: Vec<String> = digits(mask).map(value_word).collect();
    language.join(&words, "and")
}

/// The sets listed when two at most, else counted with the digits they all hold.
fn sets_or_count(sets: &[u16], held: u16, language: Language) -> String {
    if sets.len() <= 2 {
        return sets_listed(sets, language);
    }
    say(
        language,
        "sets-holding",
        &[
            ("count", &sets.len()),
            ("digits", &digits_and(held, language)),
        ],
    )
}

/// "two cells", "7 cells".
fn cell_count(n: usize, language: Language) -> String {
    let words = language.list("killer-walk.cell-counts");
    match words.get(n.wrapping_sub(1)) {
        Some(word) => word.clone(),
        None => count(language, "cell-count", n, &[]),
    }
}

fn combination(geometry: &Geometry, told: &Combination, language: Language) -> String {
    let cage = cage_name(geometry, told.cage, language);
    let names = cells(geometry, &told.cells, language);
    let cell_count = cell_count(told.cells.len(), language);
    let head = say(
        language,
        if told.whole { "whole" } else { "part" },
        &[
            ("cage", &cage),
            ("sum", &told.sum),
            ("cells", &names),
            ("cell-count", &cell_count),
        ],
    );
    if told.cells.len() == 1 {
        return head;
    }
    let (possible, fitting) = (told.possible, told.sets.len());
    let key = match (fitting == possible, fitting <= 4) {
        (true, true) => "listed",
        (true, false) => "counted",
        (false, true) => "fitting",
        (false, false) => "fitting-counted",
    };
    say(
        language,
        key,
        &[
            ("head", &head),
            ("sum", &told.sum),
            ("cell-count", &cell_count),
            ("sets", &sets_listed(&told.sets, language)),
            ("possible", &possible),
            ("fitting", &fitting),
        ],
    )
}

fn house_list(geometry: &Geometry, houses: &[u16], language: Language) -> String {
    let names: Vec<String> = houses
        .iter()
        .map(|&house| house_name(geometry, usize::from(house), language))
        .collect();
    language.join(&names, "and")
}

/// `row 3`, `rows 3 and 4`, `columns 1, 2 and 3`, `boxes 1 and 2`.
fn region_name(geometry: &Geometry, houses: &[u16], language: Language) -> String {
    let [first, ..] = houses[..] else {
        return String::new();
    };
    if houses.len() == 1 {
        return house_name(geometry, usize::from(first), language);
    }
    let (many, one) = match geometry.house_kind(usize::from(first)) {
        HouseKind::Row => ("region-rows", "region-row"),
        HouseKind::Column => ("region-columns", "region-column"),
        _ => ("region-boxes", "region-box"),
    };
    let items: Vec<String> = houses
        .iter()
        .map(|&house| {
            say(
                language,
                one,
                &[("n", &geometry.house_number(usize::from(house)))],
            )
        })
        .collect();
    say(language, many, &[("list", &language.join(&items, "and"))])
}

fn rule_of_45(geometry: &Geometry, rule: &Rule45, brief: bool, language: Language) -> String {
    let key = match (rule.inner, brief, rule.houses.len() > 1) {
        (true, true, _) => "innies-brief",
        (false, true, _) => "outies-brief",
        (true, false, false) => "innies-house",
        (true, false, true) => "innies-houses",
        (false, false, false) => "outies-house",
        (false, false, true) => "outies-houses",
    };
    count(
        language,
        key,
        rule.cells.len(),
        &[
            ("region", &region_name(geometry, &rule.houses, language)),
            ("total", &rule.total),
            ("cages", &rule.cages),
            ("cells", &cells(geometry, &rule.cells, language)),
            ("sum", &rule.sum),
        ],
    )
}

/// The step's reasoning, without what it removes or places.
pub fn reasoning(account: &CageAccount, geometry: &Geometry, language: Language) -> String {
    tell(account, geometry, language, false)
}

/// The step as a table row's first column: its reasoning in a few words.
pub fn brief(account: &CageAccount, geometry: &Geometry, language: Language) -> String {
    let text = tell(account, geometry, language, true);
    match language.text("killer-walk.brief-case") {
        "as-written" => text,
        _ => capitalised(&text),
    }
}

/// The step in full or, `brief`, in a few words (a cage's combinations read the same).
fn tell(account: &CageAccount, geometry: &Geometry, language: Language, brief: bool) -> String {
    let cage = |cage: &CageName| {
        named_cage(
            geometry,
            *cage,
            language,
            if brief { "cage-brief" } else { "cage" },
        )
    };
    let house = |house: &u16| house_name(geometry, usize::from(*house), language);
    match account {
        CageAccount::Marks { example: None } => say(language, "marks", &[]),
        CageAccount::Marks {
            example: Some(example),
        } => say(
            language,
            "marks-example",
            &[("example", &combination(geometry, example, language))],
        ),
        CageAccount::Combination(told) => combination(geometry, told, language),
        CageAccount::Locked {
            cage: locked,
            sets,
            digits,
            houses,
        } => {
            let (sets, houses, digits_told) = (
                if brief {
                    sets_or_count(sets, *digits, language)
                } else {
                    sets_listed(sets, language)
                },
                house_list(geometry, houses, language),
                digits_and(*digits, language),
            );
            let args: [(&str, &dyn std::fmt::Display); 4] = [
                ("cage", &cage(locked)),
                ("sets", &sets),
                ("digits", &digits_told),
                ("houses", &houses),
            ];
            if brief {
                say(language, "locked-brief", &args)
            } else {
                count(language, "locked", digits.count_ones() as usize, &args)
            }
        }
        CageAccount::Held {
            house: at,
            digit,
            cage: holding,
            sets,
        } => {
            let key = match (brief, sets.len() <= 2) {
                (false, _) => "held",
                (true, true) => "held-brief-sets",
                (true, false) => "held-brief",
            };
            say(
                language,
                key,
                &[
                    ("house", &house(at)),
                    ("digit", &value_word(*digit)),
                    ("cage", &cage(holding)),
                    ("sets", &sets_listed(sets, language)),
                ],
            )
        }
        CageAccount::Rule45(rule) => rule_of_45(geometry, rule, brief, language),
        CageAccount::Split {
            rule,
            cage: split,
            cells: rest_cells,
            whole,
            known,
            rest,
        } => {
            let key = match (brief, rule.inner) {
                (true, _) => "split-brief",
                (false, true) => "split-inside",
                (false, false) => "split-outside",
            };
            say(
                language,
                key,
                &[
                    ("rule", &rule_of_45(geometry, rule, brief, language)),
                    ("cage", &cage(split)),
                    ("cells", &cells(geometry, rest_cells, language)),
                    ("whole", whole),
                    ("known", known),
                    ("rest", rest),
                ],
            )
        }
        CageAccount::Contradiction { cell, digit } => say(
            language,
            if brief {
                "contradiction-brief"
            } else {
                "contradiction"
            },
            &[
                ("cell", &geometry.cell_name(usize::from(*cell))),
                ("digit", &value_word(*digit)),
            ],
        ),
    }
}
