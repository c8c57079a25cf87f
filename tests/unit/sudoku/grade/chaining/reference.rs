//! A deliberately naive rendering of SE's chaining rules, used only to test the fast engine.
//!
//! It follows SE's procedure literally: potentials are heap objects with parent lists,
//! every search runs to the end, every hint found is collected, complexities are counted by
//! walking parents with a hash set, and the list is stably sorted by (difficulty, complexity,
//! kind). No caching, no pruning, no bounds. The fast engine must pick the same first hint.

use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;

use puzzlebook::sudoku::grade::chaining::board::Board;
use puzzlebook::sudoku::grade::chaining::hint::{Key, sort_key};
use puzzlebook::sudoku::grade::chaining::tables::{
    BLOCK, CELL_REGION, COLUMN, PEERS, REGIONS, ROW,
};

#[derive(Debug)]
struct Pot {
    cell: usize,
    digit: usize,
    on: bool,
    parents: Vec<Rc<Pot>>,
}

type P = Rc<Pot>;

fn id(p: &Pot) -> (usize, usize, bool) {
    (p.cell, p.digit, p.on)
}

fn new(cell: usize, digit: usize, on: bool, parents: Vec<P>) -> P {
    Rc::new(Pot {
        cell,
        digit,
        on,
        parents,
    })
}

/// An ordered set keyed by (cell, digit, on) that keeps the first object inserted.
#[derive(Default)]
struct Linked {
    order: Vec<P>,
    index: HashMap<(usize, usize, bool), usize>,
}

impl Linked {
    fn contains(&self, key: (usize, usize, bool)) -> bool {
        self.index.contains_key(&key)
    }
    fn get(&self, key: (usize, usize, bool)) -> Option<P> {
        self.index.get(&key).map(|&i| self.order[i].clone())
    }
    fn add(&mut self, p: P) {
        let key = id(&p);
        if !self.index.contains_key(&key) {
            self.index.insert(key, self.order.len());
            self.order.push(p);
        }
    }
}

fn ancestors(p: &P) -> u32 {
    let mut seen = HashSet::new();
    let mut todo = vec![p.clone()];
    while !todo.is_empty() {
        let mut next = Vec::new();
        for q in todo {
            if seen.insert(id(&q)) {
                next.extend(q.parents.iter().cloned());
            }
        }
        todo = next;
    }
    seen.len() as u32
}

fn region_cells(cell: usize, kind: usize) -> [u8; 9] {
    REGIONS[kind][CELL_REGION[cell][kind] as usize]
}

fn on_to_off(board: &Board, p: &P, y: bool) -> Vec<P> {
    let mut out = Vec::new();
    if y {
        for d in 0..9 {
            if d != p.digit && board.has(p.cell, d) {
                out.push(new(p.cell, d, false, vec![p.clone()]));
            }
        }
    }
    let mut added = [false; 81];
    added[p.cell] = true;
    for kind in [BLOCK, ROW, COLUMN] {
        for &c in &region_cells(p.cell, kind) {
            let c = c as usize;
            if !added[c] && board.has(c, p.digit) {
                added[c] = true;
                out.push(new(c, p.digit, false, vec![p.clone()]));
            }
        }
    }
    out
}

/// SE `getOffToOn`; `source` and `offs` provide hidden parents when the board was reduced.
fn off_to_on(board: &Board, p: &P, source: Option<(&Board, &Linked)>, y: bool, x: bool) -> Vec<P> {
    let mut out: Vec<P> = Vec::new();
    if y {
        let digits: Vec<usize> = (0..9).filter(|&d| board.has(p.cell, d)).collect();
        if digits.len() == 2 {
            let other = if digits[0] == p.digit {
                digits[1]
            } else {
                digits[0]
            };
            let mut parents = vec![p.clone()];
            if let Some((src, offs)) = source {
                for d in 0..9 {
                    if src.has(p.cell, d) && !board.has(p.cell, d) {
                        parents.push(offs.get((p.cell, d, false)).expect("hidden parent"));
                    }
                }
            }
            out.push(new(p.cell, other, true, parents));
        }
    }
    if x {
        for kind in [BLOCK, ROW, COLUMN] {
            let cells = region_cells(p.cell, kind);
            let others: Vec<usize> = cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| c != p.cell && board.has(c, p.digit))
                .collect();
            if others.len() == 1 {
                if out
                    .iter()
                    .any(|q| q.cell == others[0] && q.digit == p.digit)
                {
                    continue;
                }
                let mut parents = vec![p.clone()];
                if let Some((src, offs)) = source {
                    for &c in &cells {
                        let c = c as usize;
                        if src.has(c, p.digit) && !board.has(c, p.digit) {
                            parents.push(offs.get((c, p.digit, false)).expect("hidden parent"));
                        }
                    }
                }
                out.push(new(others[0], p.digit, true, parents));
            }
        }
    }
    out
}

fn is_parent(child: &P, parent: (usize, usize, bool)) -> bool {
    let mut current = child.parents.first().cloned();
    while let Some(p) = current {
        if id(&p) == parent {
            return true;
        }
        current = p.parents.first().cloned();
    }
    false
}

/// A reference hint: its key, the candidates it removes and the digit it places.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RefHint {
    pub(crate) key: Key,
    pub(crate) removals: Vec<(usize, usize)>,
    pub(crate) placement: Option<(usize, usize)>,
}

fn first(mut hints: Vec<RefHint>) -> Option<RefHint> {
    // Stable sort, as Java's Collections.sort.
    hints.sort_by(|a, b| a.key.compare(&b.key));
    hints.into_iter().next()
}

fn target_hint(board: &Board, key: Key, target: &P) -> Option<RefHint> {
    if target.on {
        let removals: Vec<(usize, usize)> = (0..9)
            .filter(|&d| d != target.digit && board.has(target.cell, d))
            .map(|d| (target.cell, d))
            .collect();
        if removals.is_empty() {
            return None;
        }
        Some(RefHint {
            key,
            removals,
            placement: Some((target.cell, target.digit)),
        })
    } else {
        Some(RefHint {
            key,
            removals: vec![(target.cell, target.digit)],
            placement: None,
        })
    }
}

/// SE "Forcing Chains & Cycles".
pub(crate) fn cycles(board: &Board) -> Option<RefHint> {
    let mut hints = Vec::new();
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for cell in 0..81 {
            let count = board.cells[cell].count_ones();
            if count < 2 {
                continue;
            }
            for digit in 0..9 {
                if !board.has(cell, digit) {
                    continue;
                }
                if count > 2 && !x {
                    continue;
                }
                let source = new(cell, digit, true, vec![]);
                // doCycles
                let mut cycles = Vec::new();
                let mut to_on = Linked::default();
                to_on.add(source.clone());
                let mut pending_on: VecDeque<P> = VecDeque::from([source.clone()]);
                let mut pending_off: VecDeque<P> = VecDeque::new();
                let mut length = 0;
                while !pending_on.is_empty() || !pending_off.is_empty() {
                    length += 1;
                    while let Some(p) = pending_on.pop_front() {
                        for off in on_to_off(board, &p, y) {
                            if !is_parent(&p, id(&off)) {
                                pending_off.push_back(off);
                            }
                        }
                    }
                    length += 1;
                    while let Some(p) = pending_off.pop_front() {
                        for on in off_to_on(board, &p, None, y, x) {
                            if length >= 4 && id(&on) == id(&source) {
                                cycles.push(on.clone());
                            }
                            if !to_on.contains(id(&on)) {
                                to_on.add(on.clone());
                                pending_on.push_back(on);
                            }
                        }
                    }
                }
                // doForcingChains from on and from off
                let mut chains: Vec<P> = Vec::new();
                if x {
                    for start in [source.clone(), new(cell, digit, false, vec![])] {
                        let mut to_on = Linked::default();
                        let mut to_off = Linked::default();
                        let mut pending_on = VecDeque::new();
                        let mut pending_off = VecDeque::new();
                        if start.on {
                            to_on.add(start.clone());
                            pending_on.push_back(start.clone());
                        } else {
                            to_off.add(start.clone());
                            pending_off.push_back(start.clone());
                        }
                        let opposite = (cell, digit, !start.on);
                        while !pending_on.is_empty() || !pending_off.is_empty() {
                            while let Some(p) = pending_on.pop_front() {
                                for off in on_to_off(board, &p, y) {
                                    if id(&off) == opposite
                                        && !chains.iter().any(|c| id(c) == opposite)
                                    {
                                        chains.push(off.clone());
                                    }
                                    if !to_off.contains(id(&off)) {
                                        to_off.add(off.clone());
                                        pending_off.push_back(off);
                                    }
                                }
                            }
                            while let Some(p) = pending_off.pop_front() {
                                for on in off_to_on(board, &p, None, y, true) {
                                    if id(&on) == opposite
                                        && !chains.iter().any(|c| id(c) == opposite)
                                    {
                                        chains.push(on.clone());
                                    }
                                    if !to_on.contains(id(&on)) {
                                        to_on.add(on.clone());
                                        pending_on.push_back(on);
                                    }
                                }
                            }
                        }
                    }
                }
                let sort = match (y, x) {
                    (true, true) => sort_key::XY,
                    (true, false) => sort_key::Y_ONLY,
                    _ => sort_key::X_ONLY,
                };
                for dst in cycles {
                    let mut path = Vec::new();
                    let mut p = dst.clone();
                    while let Some(parent) = p.parents.first().cloned() {
                        path.push(p.clone());
                        p = parent;
                    }
                    let cells: HashSet<usize> = path.iter().map(|p| p.cell).collect();
                    let mut forward = HashSet::new();
                    let mut backward = HashSet::new();
                    for p in &path {
                        for other in 0..81 {
                            if PEERS[p.cell] >> other & 1 != 0
                                && !cells.contains(&other)
                                && board.has(other, p.digit)
                            {
                                if p.on {
                                    forward.insert((other, p.digit));
                                } else {
                                    backward.insert((other, p.digit));
                                }
                            }
                        }
                    }
                    let mut removals: Vec<(usize, usize)> =
                        forward.intersection(&backward).copied().collect();
                    removals.sort();
                    if removals.is_empty() {
                        continue;
                    }
                    let key = Key::new(if x && y { 7.0 } else { 6.5 }, ancestors(&dst), sort);
                    hints.push(RefHint {
                        key,
                        removals,
                        placement: None,
                    });
                }
                for target in chains {
                    let key = Key::new(if x && y { 7.0 } else { 6.6 }, ancestors(&target), sort);
                    let mut hint = target_hint(board, key, &target).unwrap_or(RefHint {
                        key,
                        removals: vec![],
                        placement: Some((target.cell, target.digit)),
                    });
                    hint.removals.sort();
                    hints.push(hint);
                }
            }
        }
    }
    first(hints)
}

/// SE `doChaining` on a copy of `base`; returns (on-set, off-set, contradiction).
fn chaining(
    base: &Board,
    start: P,
    y: bool,
    dynamic: bool,
    level: u8,
) -> (Linked, Linked, Option<(P, P)>) {
    let mut board = base.clone();
    let mut to_on = Linked::default();
    let mut to_off = Linked::default();
    let mut pending_on = VecDeque::new();
    let mut pending_off = VecDeque::new();
    if start.on {
        to_on.add(start.clone());
        pending_on.push_back(start);
    } else {
        to_off.add(start.clone());
        pending_off.push_back(start);
    }
    loop {
        if let Some(p) = pending_on.pop_front() {
            for off in on_to_off(&board, &p, y) {
                let conjugate = (off.cell, off.digit, true);
                if let Some(on) = to_on.get(conjugate) {
                    return (to_on, to_off, Some((on, off)));
                }
                if !to_off.contains(id(&off)) {
                    to_off.add(off.clone());
                    pending_off.push_back(off);
                }
            }
            continue;
        }
        if let Some(p) = pending_off.pop_front() {
            let ons = if dynamic {
                off_to_on(&board, &p, Some((base, &to_off)), y, true)
            } else {
                off_to_on(&board, &p, None, y, true)
            };
            if dynamic {
                board.remove(p.cell, p.digit);
            }
            for on in ons {
                let conjugate = (on.cell, on.digit, false);
                if let Some(off) = to_off.get(conjugate) {
                    return (to_on, to_off, Some((on, off)));
                }
                if !to_on.contains(id(&on)) {
                    to_on.add(on.clone());
                    pending_on.push_back(on);
                }
            }
            continue;
        }
        if level > 0 {
            let mut added = false;
            for (cell, digit, parents) in advanced(&board, base) {
                if to_off.contains((cell, digit, false)) {
                    continue;
                }
                let parents: Vec<P> = parents
                    .iter()
                    .filter_map(|&(c, d)| to_off.get((c, d, false)))
                    .collect();
                let off = new(cell, digit, false, parents);
                to_off.add(off.clone());
                pending_off.push_back(off);
                added = true;
            }
            if added {
                continue;
            }
        }
        return (to_on, to_off, None);
    }
}

/// The cells of a region, by type and index.
fn region(kind: usize, index: usize) -> Vec<usize> {
    REGIONS[kind][index].iter().map(|&c| c as usize).collect()
}

/// A Java `HashMap<Cell, _>` iteration order of cells inserted in the given order.
fn hash_order(mut cells: Vec<usize>) -> Vec<usize> {
    let mut capacity = 16;
    while cells.len() * 4 > capacity * 3 {
        capacity *= 2;
    }
    cells.sort_by_key(|&c| c % capacity);
    cells
}

type Elimination = (usize, usize, Vec<(usize, usize)>);

/// SE's "+" rules on the reduced board: the eliminations of the first rule that has hints
/// depending on removed candidates, each with its parents.
fn advanced(board: &Board, source: &Board) -> Vec<Elimination> {
    let removed = |c: usize, d: usize| source.has(c, d) && !board.has(c, d);
    let empty = |cells: &[usize]| cells.iter().filter(|&&c| board.values[c] == 0).count();
    let mut out: Vec<Elimination> = Vec::new();
    // Intersections.
    for (first_kind, second_kind) in [(BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK)]
    {
        for digit in 0..9 {
            for first in 0..9 {
                let one = region(first_kind, first);
                let places: Vec<usize> = one
                    .iter()
                    .copied()
                    .filter(|&c| board.has(c, digit))
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                for second in 0..9 {
                    let two = region(second_kind, second);
                    if !one.iter().any(|c| two.contains(c))
                        || !places.iter().all(|c| two.contains(c))
                    {
                        continue;
                    }
                    let removable: Vec<usize> = two
                        .iter()
                        .copied()
                        .filter(|c| !one.contains(c) && board.has(*c, digit))
                        .collect();
                    if removable.is_empty() {
                        continue;
                    }
                    let parents: Vec<(usize, usize)> = one
                        .iter()
                        .copied()
                        .filter(|&c| removed(c, digit) && !two.contains(&c))
                        .map(|c| (c, digit))
                        .collect();
                    if parents.is_empty() {
                        continue;
                    }
                    for c in hash_order(removable) {
                        out.push((c, digit, parents.clone()));
                    }
                }
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    let pairs: Vec<(usize, usize)> = (1..9)
        .flat_map(|high| (0..high).map(move |low| (low, high)))
        .collect();
    // Hidden pairs.
    for kind in [BLOCK, COLUMN, ROW] {
        for index in 0..9 {
            let cells = region(kind, index);
            if empty(&cells) <= 4 {
                continue;
            }
            for &(a, b) in &pairs {
                let pa: Vec<usize> = (0..9).filter(|&i| board.has(cells[i], a)).collect();
                let pb: Vec<usize> = (0..9).filter(|&i| board.has(cells[i], b)).collect();
                let union: Vec<usize> = (0..9)
                    .filter(|i| pa.contains(i) || pb.contains(i))
                    .collect();
                if pa.len() < 2 || pb.len() < 2 || union.len() != 2 {
                    continue;
                }
                let mut removable = Vec::new();
                for &i in &union {
                    if (0..9).any(|d| d != a && d != b && board.has(cells[i], d)) {
                        removable.push(cells[i]);
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for i in 0..9 {
                    if !union.contains(&i) {
                        for d in [a, b] {
                            if source.has(cells[i], d) {
                                parents.push((cells[i], d));
                            }
                        }
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                for c in hash_order(removable) {
                    for d in 0..9 {
                        if d != a && d != b && board.has(c, d) {
                            out.push((c, d, parents.clone()));
                        }
                    }
                }
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    // Naked pairs.
    for kind in [BLOCK, COLUMN, ROW] {
        for index in 0..9 {
            let cells = region(kind, index);
            if empty(&cells) < 4 {
                continue;
            }
            for &(i, j) in &pairs {
                let digits: Vec<usize> = (0..9)
                    .filter(|&d| board.has(cells[i], d) || board.has(cells[j], d))
                    .collect();
                if board.cells[cells[i]].count_ones() < 2
                    || board.cells[cells[j]].count_ones() < 2
                    || digits.len() != 2
                {
                    continue;
                }
                let removable: Vec<usize> = (0..9)
                    .filter(|&k| k != i && k != j && digits.iter().any(|&d| board.has(cells[k], d)))
                    .map(|k| cells[k])
                    .collect();
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for c in [cells[i], cells[j]] {
                    for d in 0..9 {
                        if source.has(c, d) && !digits.contains(&d) {
                            parents.push((c, d));
                        }
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                for c in hash_order(removable) {
                    for &d in &digits {
                        if board.has(c, d) {
                            out.push((c, d, parents.clone()));
                        }
                    }
                }
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    // X-wings.
    for (base_kind, cover_kind) in [(COLUMN, ROW), (ROW, COLUMN)] {
        for &(a, b) in &pairs {
            for digit in 0..9 {
                let placed = board
                    .values
                    .iter()
                    .filter(|&&v| v as usize == digit + 1)
                    .count();
                if placed + 4 > 9 {
                    continue;
                }
                let line_a = region(base_kind, a);
                let line_b = region(base_kind, b);
                let pa: Vec<usize> = (0..9).filter(|&i| board.has(line_a[i], digit)).collect();
                let pb: Vec<usize> = (0..9).filter(|&i| board.has(line_b[i], digit)).collect();
                let covers: Vec<usize> = (0..9)
                    .filter(|i| pa.contains(i) || pb.contains(i))
                    .collect();
                if pa.len() < 2 || pb.len() < 2 || covers.len() != 2 {
                    continue;
                }
                let mut removable = Vec::new();
                for &cover in &covers {
                    let line = region(cover_kind, cover);
                    for k in 0..9 {
                        if k != a && k != b && board.has(line[k], digit) {
                            removable.push(line[k]);
                        }
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for line in [&line_a, &line_b] {
                    for k in 0..9 {
                        if removed(line[k], digit) && !covers.contains(&k) {
                            parents.push((line[k], digit));
                        }
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                for c in hash_order(removable) {
                    out.push((c, digit, parents.clone()));
                }
            }
        }
    }
    out
}

/// SE's closure-based rules: (multiple, dynamic, nishio, level).
pub(crate) fn multiple(
    board: &Board,
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    level: u8,
) -> Option<RefHint> {
    let base = if level > 0 {
        8.5 + 0.5 * level as f64
    } else if nishio {
        7.5
    } else if dynamic {
        8.5
    } else {
        8.0
    };
    let y = !nishio;
    let mut hints = Vec::new();
    for cell in 0..81 {
        let count = board.cells[cell].count_ones();
        if !(count > 2 || (count > 1 && dynamic)) {
            continue;
        }
        let digits: Vec<usize> = (0..9).filter(|&d| board.has(cell, d)).collect();
        let mut value_on: Vec<(Linked, Linked)> = Vec::new();
        for &digit in &digits {
            let (on_on, on_off, absurd_on) =
                chaining(board, new(cell, digit, true, vec![]), y, dynamic, level);
            let (off_on, off_off, absurd_off) =
                chaining(board, new(cell, digit, false, vec![]), y, dynamic, level);
            let do_double = count >= 3 && !nishio && dynamic;
            let do_contradiction = dynamic || nishio;
            if do_contradiction {
                if let Some((a, b)) = absurd_on {
                    let key =
                        Key::new(base, ancestors(&a) + ancestors(&b), sort_key::CONTRADICTION);
                    hints.extend(target_hint(board, key, &new(cell, digit, false, vec![])));
                }
                if let Some((a, b)) = absurd_off {
                    let key =
                        Key::new(base, ancestors(&a) + ancestors(&b), sort_key::CONTRADICTION);
                    hints.extend(target_hint(board, key, &new(cell, digit, true, vec![])));
                }
            }
            if do_double {
                for p in &on_on.order {
                    if let Some(q) = off_on.get(id(p)) {
                        let key = Key::new(base, ancestors(p) + ancestors(&q), sort_key::DOUBLE);
                        hints.extend(target_hint(board, key, p));
                    }
                }
                for p in &on_off.order {
                    if let Some(q) = off_off.get(id(p)) {
                        let key = Key::new(base, ancestors(p) + ancestors(&q), sort_key::DOUBLE);
                        hints.extend(target_hint(board, key, p));
                    }
                }
            }
            if !nishio {
                for kind in [BLOCK, ROW, COLUMN] {
                    let cells = region_cells(cell, kind);
                    let places: Vec<usize> = cells
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| board.has(c, digit))
                        .collect();
                    if !(places.len() == 2 || (multiple && places.len() > 2)) || places[0] != cell {
                        continue;
                    }
                    let outcomes: Vec<(Linked, Linked)> = places
                        .iter()
                        .map(|&place| {
                            let (on, off, _) =
                                chaining(board, new(place, digit, true, vec![]), y, dynamic, level);
                            (on, off)
                        })
                        .collect();
                    for state in [true, false] {
                        let first = if state { &on_on } else { &on_off };
                        for p in &first.order {
                            let mut total = 0;
                            let mut all = true;
                            for outcome in &outcomes {
                                let set = if state { &outcome.0 } else { &outcome.1 };
                                match set.get(id(p)) {
                                    Some(q) => total += ancestors(&q),
                                    None => all = false,
                                }
                            }
                            if all {
                                let key = Key::new(base, total, sort_key::REGION);
                                hints.extend(target_hint(board, key, p));
                            }
                        }
                    }
                }
            }
            value_on.push((on_on, on_off));
        }
        if !nishio && (count == 2 || (multiple && count > 2)) {
            for state in [true, false] {
                let first = if state {
                    &value_on[0].0
                } else {
                    &value_on[0].1
                };
                for p in &first.order {
                    let mut total = 0;
                    let mut all = true;
                    for outcome in &value_on {
                        let set = if state { &outcome.0 } else { &outcome.1 };
                        match set.get(id(p)) {
                            Some(q) => total += ancestors(&q),
                            None => all = false,
                        }
                    }
                    if all {
                        let key = Key::new(base, total, sort_key::CELL);
                        hints.extend(target_hint(board, key, p));
                    }
                }
            }
        }
    }
    first(hints)
}
