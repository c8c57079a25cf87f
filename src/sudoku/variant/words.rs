//! The house grader's steps in words, in every catalog language.
//!
//! The grader records what a step found as an [`Account`] (houses, cells, digits, a chain's
//! facts); this module tells it from the catalog's `[variant-walk]` messages, so a 6×6,
//! 16×16 or jigsaw walkthrough reads in the book's language and the code matches on no
//! language. Cells stay in the grader's notation (`r3c7`, "row 3"), which a book restates
//! in its own coordinates. Three `*-style` messages say where languages tell a step's
//! outcome differently (English repeats a chain's conclusion as removals, Japanese does
//! not; Japanese tables leave the technique's name out).

use super::geometry::{Geometry, HouseKind};
use super::grade::{Account, LONGEST_REMOVALS, VariantStep, digit_list, removals_by_digits};
use super::grid::value_word;
use crate::i18n::Language;
use crate::sudoku::grade::walkthrough::is_single;

/// A house's name: "row 3", "region 4", "the main diagonal", "window 2".
pub fn house_name(geometry: &Geometry, house: usize, language: Language) -> String {
    let (kind, index) = geometry.house_kind_and_index(house);
    let n = usize::from(index) + 1;
    let key = match kind {
        HouseKind::Row => "house-row",
        HouseKind::Column => "house-column",
        HouseKind::Box => "house-box",
        HouseKind::Region => "house-region",
        HouseKind::Diagonal => "main-diagonal",
        HouseKind::AntiDiagonal => "anti-diagonal",
        HouseKind::Window => "window",
    };
    language.say(&format!("variant-walk.{key}"), &[("n", &n)])
}

fn say(language: Language, key: &str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    language.say(&format!("variant-walk.{key}"), args)
}

/// A catalog's choice among a few ways of telling (see the module's documentation).
fn style(language: Language, key: &str) -> &'static str {
    language.text(&format!("variant-walk.{key}"))
}

/// A wing told by the message `key`: its pivot and pincers with their digits, and the digit
/// one of them holds.
fn wing_words(
    geometry: &Geometry,
    language: Language,
    key: &str,
    (pivot, pincers, masks, digit): (u16, [u16; 2], [u16; 3], u16),
) -> String {
    let name = |cell: u16| geometry.cell_name(usize::from(cell));
    say(
        language,
        key,
        &[
            ("pivot", &name(pivot)),
            ("pivot-digits", &digit_list(masks[0])),
            ("first", &name(pincers[0])),
            ("first-digits", &digit_list(masks[1])),
            ("second", &name(pincers[1])),
            ("second-digits", &digit_list(masks[2])),
            ("digit", &digit_list(digit)),
        ],
    )
}

fn cell_list(geometry: &Geometry, cells: &[u16], language: Language) -> String {
    cells
        .iter()
        .map(|&cell| geometry.cell_name(usize::from(cell)))
        .collect::<Vec<_>>()
        .join(language.text("variant-walk.cell-list-separator"))
}

fn house_list(geometry: &Geometry, houses: &[u16], language: Language) -> String {
    houses
        .iter()
        .map(|&house| house_name(geometry, usize::from(house), language))
        .collect::<Vec<_>>()
        .join(language.text("variant-walk.house-separator"))
}

/// The step's reasoning without what it removes: "in box 2, 5 lies within row 1, so it
/// leaves the rest of row 1". The grader's `explanation` is this in English.
pub fn reasoning(step: &VariantStep, geometry: &Geometry, language: Language) -> String {
    let house = |house: u16| house_name(geometry, usize::from(house), language);
    let placed = step.placements.first().copied().unwrap_or((0, 0));
    let (cell, digit) = (
        geometry.cell_name(usize::from(placed.0)),
        value_word(placed.1),
    );
    let single = |why: String| {
        say(
            language,
            "single",
            &[("cell", &cell), ("digit", &digit), ("why", &why)],
        )
    };
    match &step.account {
        Account::Own => step.explanation.clone(),
        Account::Cage(account) => {
            crate::sudoku::killer::words::reasoning(account, geometry, language)
        }
        Account::FullHouse { house: at } => {
            single(say(language, "full-house", &[("house", &house(*at))]))
        }
        Account::HiddenSingle { house: at } => single(say(
            language,
            "hidden-single",
            &[("house", &house(*at)), ("digit", &digit)],
        )),
        Account::NakedSingle => single(say(language, "naked-single", &[])),
        Account::Guess => say(language, "guess", &[("cell", &cell), ("digit", &digit)]),
        Account::Intersection {
            house: from,
            other,
            value,
        } => say(
            language,
            "intersection",
            &[
                ("house", &house(*from)),
                ("other", &house(*other)),
                ("digit", &value_word(*value)),
            ],
        ),
        Account::NakedSubset { house: at, digits }
        | Account::HiddenSubset { house: at, digits } => {
            let key = if matches!(step.account, Account::NakedSubset { .. }) {
                "naked-subset"
            } else {
                "hidden-subset"
            };
            say(
                language,
                key,
                &[
                    ("house", &house(*at)),
                    ("cells", &cell_list(geometry, &step.pattern, language)),
                    ("digits", &digit_list(*digits)),
                ],
            )
        }
        Account::Fish { value, base, cover } => say(
            language,
            "fish",
            &[
                ("digit", &value_word(*value)),
                ("base", &house_list(geometry, base, language)),
                ("cover", &house_list(geometry, cover, language)),
            ],
        ),
        Account::UniqueRectangle {
            corners,
            odd,
            digits,
        } => say(
            language,
            "unique-rectangle",
            &[
                (
                    "corners",
                    &corners
                        .iter()
                        .map(|&cell| geometry.cell_name(usize::from(cell)))
                        .collect::<Vec<_>>()
                        .join(language.text("variant-walk.corner-separator")),
                ),
                ("odd", &geometry.cell_name(usize::from(*odd))),
                ("digits", &digit_list(*digits)),
            ],
        ),
        Account::Wing {
            pivot,
            pincers,
            masks,
            digit,
        } => {
            let wing = (*pivot, *pincers, *masks, *digit);
            wing_words(geometry, language, "wing", wing)
        }
        Account::Chain { facts } => {
            let (start, value) = step.eliminations.first().copied().unwrap_or((0, 0));
            let told: Vec<String> = facts
                .iter()
                .map(|fact| {
                    let why = match fact.house {
                        Some(at) => house(at),
                        None => say(language, "same-cell", &[]),
                    };
                    say(
                        language,
                        "chain-fact",
                        &[
                            ("cell", &geometry.cell_name(usize::from(fact.cell))),
                            ("relation", &if fact.on { "=" } else { "≠" }),
                            ("digit", &value_word(fact.value)),
                            ("why", &why),
                        ],
                    )
                })
                .collect();
            say(
                language,
                "chain",
                &[
                    ("cell", &geometry.cell_name(usize::from(start))),
                    ("digit", &value_word(value)),
                    (
                        "facts",
                        &told.join(language.text("variant-walk.fact-separator")),
                    ),
                ],
            )
        }
        Account::Dynamic { filled } => {
            let told: Vec<String> = step
                .eliminations
                .iter()
                .zip(filled)
                .map(|(&(cell, value), filled)| {
                    say(
                        language,
                        "dynamic-item",
                        &[
                            ("cell", &geometry.cell_name(usize::from(cell))),
                            ("digit", &value_word(value)),
                            ("filled", filled),
                        ],
                    )
                })
                .collect();
            say(
                language,
                "dynamic",
                &[(
                    "list",
                    &told.join(language.text("variant-walk.fact-separator")),
                )],
            )
        }
    }
}

/// What a step does, as a sentence: "remove 5 from r1c2,r3c4, 7 from r5c6" or
/// "r1c2=5, r3c4=6"; "the candidates this rules out" when that is too long (the step
/// may have no figure to show them).
pub fn outcome(
    geometry: &Geometry,
    placements: &[(u16, u8)],
    eliminations: &[(u16, u8)],
    language: Language,
) -> String {
    let separator = language.text("variant-walk.removal-separator");
    if !placements.is_empty() {
        return placements
            .iter()
            .map(|&(cell, value)| {
                say(
                    language,
                    "placed",
                    &[
                        ("cell", &geometry.cell_name(usize::from(cell))),
                        ("digit", &value_word(value)),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join(separator);
    }
    let removed: Vec<String> = removals_by_digits(eliminations)
        .iter()
        .map(|(mask, cells)| {
            let names: Vec<String> = cells
                .iter()
                .map(|&cell| geometry.cell_name(usize::from(cell)))
                .collect();
            say(
                language,
                "removal",
                &[
                    ("digits", &digit_list(*mask)),
                    (
                        "cells",
                        &names.join(language.text("variant-walk.removed-cells-separator")),
                    ),
                ],
            )
        })
        .collect();
    let text = say(language, "removals", &[("list", &removed.join(separator))]);
    if text.len() > LONGEST_REMOVALS {
        say(language, "struck", &[])
    } else {
        text
    }
}

/// The name a walkthrough gives a step: the grader's own in the graders' language; the
/// catalog's name for that kind of step elsewhere where it has one (an X-chain's), else
/// the catalog's name of its technique.
pub fn step_name(step: &VariantStep, language: Language) -> String {
    use crate::sudoku::techniques::{catalog_step_name, printed_step_name};
    if language.catalog().grader_language {
        step.name.clone()
    } else {
        let printed = printed_step_name(step.technique, &step.name);
        catalog_step_name(step.technique, &printed, language).to_string()
    }
}

/// What a walkthrough shows a step doing: its placements and its eliminations, (cell,
/// digit) each.
pub type Done<'a> = (&'a [(u16, u8)], &'a [(u16, u8)]);

/// True for steps whose reasoning states its own conclusion (chains, a guess).
fn concluded(step: &VariantStep) -> bool {
    matches!(
        step.account,
        Account::Chain { .. } | Account::Dynamic { .. } | Account::Guess
    )
}

/// A step told in full for a walkthrough. `done` is what the walkthrough shows it doing
/// (the removals of one step, or of a run of the same pattern found again: `repeated`).
pub fn step_text(
    step: &VariantStep,
    geometry: &Geometry,
    done: Done<'_>,
    repeated: Option<&str>,
    language: Language,
) -> String {
    let name = step_name(step, language);
    let what = reasoning(step, geometry, language);
    if is_single(step.technique) && repeated.is_none() {
        return say(language, "single-step", &[("name", &name), ("what", &what)]);
    }
    let sentence = || outcome(geometry, done.0, done.1, language);
    if let Some(compact) = repeated {
        let outcome = match style(language, "repeat-outcome-style") {
            "compact" => compact.to_string(),
            _ => sentence(),
        };
        let key = if concluded(step) {
            "concluded-repeat"
        } else {
            "step"
        };
        return say(
            language,
            key,
            &[("name", &name), ("what", &what), ("outcome", &outcome)],
        );
    }
    if concluded(step) {
        let outcome = match style(language, "concluded-outcome-style") {
            "none" => String::new(),
            _ => sentence(),
        };
        return say(
            language,
            "concluded-step",
            &[("name", &name), ("what", &what), ("outcome", &outcome)],
        );
    }
    say(
        language,
        "step",
        &[("name", &name), ("what", &what), ("outcome", &sentence())],
    )
}

/// A step as a table row's first column: its reasoning in a few words.
pub fn brief(step: &VariantStep, geometry: &Geometry, language: Language) -> String {
    match &step.account {
        Account::Cage(account) => crate::sudoku::killer::words::brief(account, geometry, language),
        Account::Intersection {
            house,
            other,
            value,
        } => {
            let what = say(
                language,
                "intersection-brief",
                &[
                    (
                        "house",
                        &house_name(geometry, usize::from(*house), language),
                    ),
                    (
                        "other",
                        &house_name(geometry, usize::from(*other), language),
                    ),
                    ("digit", &value_word(*value)),
                ],
            );
            named(step, what, language)
        }
        Account::NakedSubset { .. } | Account::HiddenSubset { .. } | Account::Fish { .. } => {
            named(step, reasoning(step, geometry, language), language)
        }
        Account::Wing {
            pivot,
            pincers,
            masks,
            digit,
        } => {
            // The cells and the digit one of them holds; the outcome column says the rest.
            let wing = (*pivot, *pincers, *masks, *digit);
            let what = wing_words(geometry, language, "wing-brief", wing);
            named(step, what, language)
        }
        Account::Chain { facts } => {
            // The chain's links without why each holds: the step worded in full said it.
            let (start, value) = step.eliminations.first().copied().unwrap_or((0, 0));
            let told: Vec<String> = facts
                .iter()
                .map(|fact| {
                    say(
                        language,
                        "chain-fact-brief",
                        &[
                            ("cell", &geometry.cell_name(usize::from(fact.cell))),
                            ("relation", &if fact.on { "=" } else { "≠" }),
                            ("digit", &value_word(fact.value)),
                        ],
                    )
                })
                .collect();
            let what = say(
                language,
                "chain-brief",
                &[
                    ("cell", &geometry.cell_name(usize::from(start))),
                    ("digit", &value_word(value)),
                    (
                        "facts",
                        &told.join(language.text("variant-walk.fact-separator")),
                    ),
                ],
            );
            named(step, what, language)
        }
        Account::Dynamic { filled } => {
            // The candidates are the row's outcome; the reader assumes each in turn.
            let most = filled.iter().copied().max().unwrap_or(0);
            let what = language.count("variant-walk.dynamic-brief", most as u64, &[]);
            named(step, what, language)
        }
        _ => crate::i18n::capitalised(&reasoning(step, geometry, language)),
    }
}

/// A table row's reasoning `what`, after the step's name where the catalog's
/// `brief-style` says so.
pub fn named(step: &VariantStep, what: String, language: Language) -> String {
    match style(language, "brief-style") {
        "named" => crate::i18n::capitalised(&say(
            language,
            "named",
            &[("name", &step_name(step, language)), ("what", &what)],
        )),
        _ => what,
    }
}

/// The styles a catalog may choose, by message.
pub const STYLES: &[(&str, &[&str])] = &[
    (
        "variant-walk.repeat-outcome-style",
        &["sentence", "compact"],
    ),
    (
        "variant-walk.concluded-outcome-style",
        &["sentence", "none"],
    ),
    ("variant-walk.brief-style", &["named", "plain"]),
];
