//! Human-readable accounts of chaining hints.
//!
//! Notation: `r4c7=5` is "r4c7 holds 5" (on), `r4c7≠5` is "r4c7 does not hold 5" (off).
//! A chain that is a simple path prints as `a → b → c`; a dynamic chain, where a step may
//! rely on several earlier ones, prints as numbered lines naming what each step rests on.

use std::fmt::Write;

use super::advanced::{AdvancedKind, AdvancedNote};
use super::closure::{Cause, Closure, Potential};
use super::cycles::{CycleHint, CycleKind};
use super::multiple::{MultipleHint, MultipleKind};
use super::tables::{BLOCK, COLUMN, ROW};
use crate::sudoku::grid::cell_name;

/// Continuation lines sit under the text of a numbered walkthrough step.
const INDENT: &str = "      ";

pub(crate) fn potential(potential: Potential) -> String {
    format!(
        "{}{}{}",
        cell_name(potential.cell()),
        if potential.on { "=" } else { "≠" },
        potential.digit() + 1
    )
}

pub(crate) fn region_name(kind: usize, index: usize) -> String {
    match kind {
        BLOCK => format!("box {}", index + 1),
        ROW => format!("row {}", index + 1),
        COLUMN => format!("column {}", index + 1),
        super::tables::MAIN_DIAGONAL => "the main diagonal".to_string(),
        super::tables::ANTI_DIAGONAL => "the anti-diagonal".to_string(),
        _ => format!("window group {}", index + 1),
    }
}

fn cause_kind_name(kind: u8) -> &'static str {
    match kind as usize {
        BLOCK => "box",
        ROW => "row",
        COLUMN => "column",
        super::tables::WINDOW => "window",
        _ => "diagonal",
    }
}

fn list_cells(cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&cell| cell_name(cell))
        .collect::<Vec<_>>()
        .join(", ")
}

fn list_removals(removals: &[(usize, usize)]) -> String {
    removals
        .iter()
        .map(|&(cell, digit)| format!("{}≠{}", cell_name(cell), digit + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

fn conclusion(target: Potential) -> String {
    if target.on {
        format!(
            "{} must be {}",
            cell_name(target.cell()),
            target.digit() + 1
        )
    } else {
        format!(
            "{} cannot be {}",
            cell_name(target.cell()),
            target.digit() + 1
        )
    }
}

pub(crate) fn cycle_hint(hint: &CycleHint) -> String {
    // The path is stored conclusion first; read it from the assumption.
    let forward: Vec<String> = hint.path.iter().rev().map(|&p| potential(p)).collect();
    let chain = forward.join(" → ");
    match hint.kind {
        CycleKind::Cycle => {
            let mut cells = Vec::new();
            // The last potential closes the loop on the first.
            for p in hint.path.iter().rev().take(hint.path.len() - 1) {
                if !cells.contains(&p.cell()) {
                    cells.push(p.cell());
                }
            }
            format!(
                "{} through {}: {}. Read forwards or backwards the loop is a valid chain, so its \
                 candidates are alternately true and false; a candidate seeing both a true and \
                 a false one of its digit goes: {}.",
                hint.name(),
                list_cells(&cells),
                chain,
                list_removals(&hint.removals)
            )
        }
        CycleKind::ForcingChain => {
            let start = *hint.path.last().expect("a chain has a start");
            let target = hint.path[0];
            format!(
                "{}: assuming {} leads to its opposite: {}. So {}.",
                hint.name(),
                potential(start),
                chain,
                conclusion(target)
            )
        }
    }
}

fn advanced_note(closure: &Closure, note: &AdvancedNote) -> String {
    if note.kind == AdvancedKind::NestedChain {
        let description = closure
            .nested
            .get(note.nested as usize)
            .map_or("", |info| info.description.as_str());
        return format!("nested: {}", description.replace('\n', "\n        "));
    }
    let digits: Vec<String> = (0..9)
        .filter(|digit| note.digits >> digit & 1 != 0)
        .map(|digit| (digit + 1).to_string())
        .collect();
    let region = |i: usize| region_name(note.regions[i].0 as usize, note.regions[i].1 as usize);
    match note.kind {
        AdvancedKind::Pointing | AdvancedKind::Claiming => format!(
            "{}: {} of {} lies in {}",
            if note.kind == AdvancedKind::Pointing {
                "pointing"
            } else {
                "claiming"
            },
            digits.join(""),
            region(0),
            region(1)
        ),
        AdvancedKind::GeneralizedIntersection => format!(
            "generalized intersection: {} of {} seen from outside",
            digits.join(""),
            region(0)
        ),
        AdvancedKind::HiddenPair => format!("hidden pair {} in {}", digits.join(","), region(0)),
        AdvancedKind::NakedPair => format!("naked pair {} in {}", digits.join(","), region(0)),
        AdvancedKind::NestedChain => unreachable!("handled above"),
        AdvancedKind::XWing => format!(
            "X-wing on {} in {} and {}",
            digits.join(""),
            region(0),
            region(2)
        ),
    }
}

fn reason(closure: &Closure, slot: u32) -> String {
    let node = closure.node(slot);
    let p = node.potential;
    match node.cause {
        Cause::Assumption => "assumption".to_string(),
        Cause::NakedSingle if p.on => "last digit of the cell".to_string(),
        Cause::NakedSingle => "same cell".to_string(),
        Cause::Hidden(kind) if p.on => {
            let index = super::tables::CELL_REGION[p.cell()][kind as usize] as usize;
            format!(
                "last place for {} in {}",
                p.digit() + 1,
                region_name(kind as usize, index)
            )
        }
        Cause::Hidden(kind) => format!("same {}", cause_kind_name(kind)),
        Cause::Advanced => advanced_note(closure, &closure.notes[node.note as usize]),
    }
}

/// The derivation of one potential of a closure.
pub(crate) fn derivation(closure: &Closure, slot: u32) -> String {
    let ancestry = closure.ancestry(slot);
    let simple = ancestry.iter().all(|&s| closure.parents_of(s).len() <= 1);
    if simple {
        let mut path = Vec::new();
        let mut current = Some(slot);
        while let Some(s) = current {
            path.push(potential(closure.node(s).potential));
            current = closure.parents_of(s).first().copied();
        }
        path.reverse();
        return path.join(" → ");
    }
    let mut text = String::new();
    let mut number = vec![0usize; closure.nodes.len()];
    for (line, &s) in ancestry.iter().enumerate() {
        number[s as usize] = line + 1;
        let node = closure.node(s);
        if node.cause == Cause::Assumption {
            let _ = write!(
                text,
                "({}) {} (assumption)",
                line + 1,
                potential(node.potential)
            );
        } else {
            let parents: Vec<String> = closure
                .parents_of(s)
                .iter()
                .map(|&parent| format!("({})", number[parent as usize]))
                .collect();
            let _ = write!(
                text,
                "\n{INDENT}({}) {} from {} ({})",
                line + 1,
                potential(node.potential),
                parents.join(" "),
                reason(closure, s)
            );
        }
    }
    text
}

pub(crate) fn multiple_hint(hint: &MultipleHint, name: &str, closures: &[Closure]) -> String {
    let branch = |index: usize| {
        let reference = hint.branches[index];
        derivation(&closures[reference.closure as usize], reference.slot)
    };
    let mut text = String::new();
    match hint.kind {
        MultipleKind::Contradiction { assumption } => {
            let on = closures[hint.branches[0].closure as usize]
                .node(hint.branches[0].slot)
                .potential;
            let _ = write!(
                text,
                "{name}: assuming {} makes {} both hold and not hold {}.\n{INDENT}{}\n{INDENT}{}\n{INDENT}So {}.",
                potential(assumption),
                cell_name(on.cell()),
                on.digit() + 1,
                branch(0),
                branch(1),
                conclusion(hint.target)
            );
        }
        MultipleKind::Double { candidate } => {
            let off = Potential {
                index: candidate.index,
                on: false,
            };
            let _ = write!(
                text,
                "{name}: {} follows both if {} and if {}.\n{INDENT}{}\n{INDENT}{}\n{INDENT}So {}.",
                potential(hint.target),
                potential(candidate),
                potential(off),
                branch(0),
                branch(1),
                conclusion(hint.target)
            );
        }
        MultipleKind::Cell { cell } => {
            let _ = write!(
                text,
                "{name}: whichever digit {} holds, {} follows.",
                cell_name(cell),
                potential(hint.target)
            );
            for index in 0..hint.branches.len() {
                let _ = write!(text, "\n{INDENT}{}", branch(index));
            }
            let _ = write!(text, "\n{INDENT}So {}.", conclusion(hint.target));
        }
        MultipleKind::Region { kind, index, digit } => {
            let places: Vec<usize> = hint
                .branches
                .iter()
                .map(|reference| closures[reference.closure as usize].start.cell())
                .collect();
            let _ = write!(
                text,
                "{name}: wherever {} goes in {} ({}), {} follows.",
                digit + 1,
                region_name(kind, index),
                list_cells(&places),
                potential(hint.target)
            );
            for index in 0..hint.branches.len() {
                let _ = write!(text, "\n{INDENT}{}", branch(index));
            }
            let _ = write!(text, "\n{INDENT}So {}.", conclusion(hint.target));
        }
    }
    text
}
