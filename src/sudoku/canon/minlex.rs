//! The minlex form of a regular sudoku: the lexicographically smallest grid among all
//! that its box shape's transformations and relabellings make of it.
//!
//! The transformations are the orders of the bands and of the rows within each band, the
//! orders of the stacks and of the columns within each stack, and (for square boxes) the
//! transposition; the relabellings are every permutation of the values. Blanks are 0 and
//! sort before every value, so the form opens with as many blanks as any equivalent grid
//! can. For the 9×9 this is the form the solving community calls minlex.
//!
//! The search builds the image row by row and keeps every partial transformation that
//! gives the smallest rows so far. For a fixed geometric image the smallest relabelling
//! numbers the values in order of first appearance, so only the geometry is searched; and
//! two columns the rows so far cannot tell apart are both blank in all of them (two
//! values in a row differ), so they stay interchangeable until a later row sorts them.
//! A state therefore holds the rows taken, the columns already holding a value (in image
//! order, nearest the end of their stack) and the stacks holding one (likewise), and the
//! labels given so far: the untouched stacks and columns always come first, in the order
//! the next row sorts them. Branching happens only where new values tie: their order
//! decides their labels.

use crate::sudoku::variant::geometry::{MAX_CELLS, MAX_SIDE, Size};

/// Stacks (and bands of a transposed grid) of the largest grid.
const MAX_STACKS: usize = 4;
/// Columns of one stack of the largest grid.
const MAX_STACK_COLUMNS: usize = 4;
/// A value first seen in the row being placed: larger than every label given before it.
const NEW: u8 = u8::MAX;

/// The shape a search works on: the grid as oriented (transposed or not).
#[derive(Clone, Copy, Debug)]
struct Shape {
    side: usize,
    band_rows: usize,
    stack_columns: usize,
    stacks: usize,
}

/// One partial transformation that gives the smallest rows so far.
#[derive(Clone, Copy)]
struct State {
    /// Index into the oriented grids (0 as given, 1 transposed).
    orientation: u8,
    used_rows: u16,
    used_bands: u16,
    /// The band whose rows are being placed (when the rows placed are not a whole number
    /// of bands).
    band: u8,
    /// Stacks holding a value so far, in image order; the others come before them.
    touched_stacks: [u8; MAX_STACKS],
    touched_stack_count: u8,
    /// Per stack, its columns holding a value so far (index within the stack), in image
    /// order; the others come before them.
    touched_columns: [[u8; MAX_STACK_COLUMNS]; MAX_STACKS],
    touched_column_count: [u8; MAX_STACKS],
    /// The label of each value so far (0: not seen yet).
    labels: [u8; MAX_SIDE + 1],
    next_label: u8,
}

impl State {
    fn new(orientation: u8) -> State {
        State {
            orientation,
            used_rows: 0,
            used_bands: 0,
            band: 0,
            touched_stacks: [0; MAX_STACKS],
            touched_stack_count: 0,
            touched_columns: [[0; MAX_STACK_COLUMNS]; MAX_STACKS],
            touched_column_count: [0; MAX_STACKS],
            labels: [0; MAX_SIDE + 1],
            next_label: 1,
        }
    }

    fn stack_touched(&self, stack: usize) -> bool {
        self.touched_stacks[..usize::from(self.touched_stack_count)].contains(&(stack as u8))
    }

    fn column_touched(&self, stack: usize, within: usize) -> bool {
        self.touched_columns[stack][..usize::from(self.touched_column_count[stack])]
            .contains(&(within as u8))
    }

    /// A value as the row being placed sees it: blank, an old label, or [`NEW`].
    fn symbol(&self, value: u8) -> u8 {
        match value {
            0 => 0,
            value => match self.labels[usize::from(value)] {
                0 => NEW,
                label => label,
            },
        }
    }
}

/// A small ordered list on the stack.
#[derive(Clone, Copy)]
struct Small<const N: usize> {
    items: [u8; N],
    len: usize,
}

impl<const N: usize> Small<N> {
    const EMPTY: Small<N> = Small {
        items: [0; N],
        len: 0,
    };

    fn push(&mut self, item: u8) {
        self.items[self.len] = item;
        self.len += 1;
    }

    fn as_slice(&self) -> &[u8] {
        &self.items[..self.len]
    }
}

/// Every order of up to four items, as index lists (the first the identity).
fn orders(count: usize) -> &'static [[u8; 4]] {
    const ONE: [[u8; 4]; 1] = [[0, 1, 2, 3]];
    const TWO: [[u8; 4]; 2] = [[0, 1, 2, 3], [1, 0, 2, 3]];
    const THREE: [[u8; 4]; 6] = [
        [0, 1, 2, 3],
        [0, 2, 1, 3],
        [1, 0, 2, 3],
        [1, 2, 0, 3],
        [2, 0, 1, 3],
        [2, 1, 0, 3],
    ];
    static FOUR: std::sync::OnceLock<Vec<[u8; 4]>> = std::sync::OnceLock::new();
    match count {
        0 | 1 => &ONE,
        2 => &TWO,
        3 => &THREE,
        _ => FOUR.get_or_init(|| {
            let mut all = Vec::with_capacity(24);
            for a in 0..4u8 {
                for b in 0..4u8 {
                    for c in 0..4u8 {
                        for d in 0..4u8 {
                            let order = [a, b, c, d];
                            let mut seen = 0u8;
                            for &item in &order {
                                seen |= 1 << item;
                            }
                            if seen == 0b1111 {
                                all.push(order);
                            }
                        }
                    }
                }
            }
            all
        }),
    }
}

/// How one row is laid out under a state: the groups whose order is still open.
struct RowPlan {
    /// The image row's values (labels, new values numbered in order).
    image: [u8; MAX_SIDE],
    /// Untouched stacks that hold a value in this row, as sorted by their patterns;
    /// `stack_ties[k]` is the length of the run of equal patterns starting at `k` (1 for
    /// a stack alone, 0 inside a run).
    new_stacks: Small<MAX_STACKS>,
    stack_ties: [u8; MAX_STACKS],
    /// Per stack, its untouched columns that hold a value in this row: old labels first
    /// (ascending), then the new values, whose count is `new_columns`.
    fresh_columns: [Small<MAX_STACK_COLUMNS>; MAX_STACKS],
    new_columns: [u8; MAX_STACKS],
}

/// The searcher over one grid.
struct Search<'a> {
    shape: Shape,
    grids: [&'a [u8]; 2],
    orientations: usize,
}

impl Search<'_> {
    fn row<'s>(&'s self, state: &State, row: usize) -> &'s [u8] {
        let side = self.shape.side;
        &self.grids[usize::from(state.orientation)][row * side..(row + 1) * side]
    }

    /// The sorted symbols of a stack's untouched columns in `row`, and which columns they are.
    fn untouched_sorted(
        &self,
        state: &State,
        row: &[u8],
        stack: usize,
    ) -> (Small<MAX_STACK_COLUMNS>, Small<MAX_STACK_COLUMNS>) {
        let width = self.shape.stack_columns;
        let mut symbols = Small::<MAX_STACK_COLUMNS>::EMPTY;
        let mut columns = Small::<MAX_STACK_COLUMNS>::EMPTY;
        for within in 0..width {
            if state.column_touched(stack, within) {
                continue;
            }
            let symbol = state.symbol(row[stack * width + within]);
            // Insertion sort by symbol; new values keep column order.
            let mut at = symbols.len;
            symbols.push(symbol);
            columns.push(within as u8);
            while at > 0 && symbols.items[at - 1] > symbol {
                symbols.items.swap(at - 1, at);
                columns.items.swap(at - 1, at);
                at -= 1;
            }
        }
        (symbols, columns)
    }

    /// The smallest image of source row `row` under `state`, and the open choices.
    fn plan_row(&self, state: &State, row: usize) -> RowPlan {
        let shape = self.shape;
        let values = self.row(state, row);
        let mut symbols = [0u8; MAX_SIDE];
        let mut filled = 0;
        let mut plan = RowPlan {
            image: [0; MAX_SIDE],
            new_stacks: Small::EMPTY,
            stack_ties: [0; MAX_STACKS],
            fresh_columns: [Small::EMPTY; MAX_STACKS],
            new_columns: [0; MAX_STACKS],
        };
        // Untouched stacks first, sorted by their sorted symbols.
        let mut patterns: [([u8; MAX_STACK_COLUMNS], u8); MAX_STACKS] =
            [([0; MAX_STACK_COLUMNS], 0); MAX_STACKS];
        let mut pattern_count = 0;
        for stack in 0..shape.stacks {
            if state.stack_touched(stack) {
                continue;
            }
            let (sorted, columns) = self.untouched_sorted(state, values, stack);
            let mut pattern = [0u8; MAX_STACK_COLUMNS];
            pattern[..sorted.len].copy_from_slice(sorted.as_slice());
            let mut at = pattern_count;
            patterns[at] = (pattern, stack as u8);
            pattern_count += 1;
            while at > 0 && patterns[at - 1].0 > pattern {
                patterns.swap(at - 1, at);
                at -= 1;
            }
            record_fresh(&mut plan, stack, &sorted, &columns);
        }
        for (pattern, stack) in &patterns[..pattern_count] {
            symbols[filled..filled + shape.stack_columns]
                .copy_from_slice(&pattern[..shape.stack_columns]);
            filled += shape.stack_columns;
            if pattern[shape.stack_columns - 1] != 0 {
                plan.new_stacks.push(*stack);
            }
        }
        // Runs of equal patterns among the stacks that hold a value: only new values can
        // tie (two old labels in a row differ), and their order is open.
        let firsts = &patterns[pattern_count - plan.new_stacks.len..pattern_count];
        let mut k = 0;
        while k < firsts.len() {
            let mut end = k + 1;
            while end < firsts.len() && firsts[end].0 == firsts[k].0 {
                end += 1;
            }
            plan.stack_ties[k] = (end - k) as u8;
            k = end;
        }
        // Then the touched stacks: untouched columns sorted, touched ones in their order.
        for &stack in &state.touched_stacks[..usize::from(state.touched_stack_count)] {
            let stack = usize::from(stack);
            let (sorted, columns) = self.untouched_sorted(state, values, stack);
            symbols[filled..filled + sorted.len].copy_from_slice(sorted.as_slice());
            filled += sorted.len;
            record_fresh(&mut plan, stack, &sorted, &columns);
            for &within in
                &state.touched_columns[stack][..usize::from(state.touched_column_count[stack])]
            {
                symbols[filled] =
                    state.symbol(values[stack * shape.stack_columns + usize::from(within)]);
                filled += 1;
            }
        }
        debug_assert_eq!(filled, shape.side);
        let mut next = state.next_label;
        for (out, &symbol) in plan.image.iter_mut().zip(&symbols[..shape.side]) {
            *out = if symbol == NEW {
                next += 1;
                next - 1
            } else {
                symbol
            };
        }
        plan
    }

    /// Pushes every state that lays `row` out as `plan` does, one per order of its ties.
    fn branch(&self, state: &State, row: usize, plan: &RowPlan, out: &mut Vec<State>) {
        let shape = self.shape;
        let mut base = *state;
        base.used_rows |= 1 << row;
        let band = row / shape.band_rows;
        base.used_bands |= 1 << band;
        base.band = band as u8;
        // The open choices: each run of tied stacks, and each stack's new columns.
        let mut choice_sizes = [0usize; 2 * MAX_STACKS];
        let mut choices = 0;
        let mut k = 0;
        while k < plan.new_stacks.len {
            choice_sizes[choices] = usize::from(plan.stack_ties[k]);
            choices += 1;
            k += usize::from(plan.stack_ties[k]);
        }
        let stack_runs = choices;
        for stack in 0..shape.stacks {
            choice_sizes[choices] = usize::from(plan.new_columns[stack]);
            choices += 1;
        }
        let mut picks = [0usize; 2 * MAX_STACKS];
        loop {
            out.push(self.apply(
                &base,
                row,
                plan,
                &choice_sizes[..choices],
                &picks,
                stack_runs,
            ));
            // The next combination of orders (an odometer over the choices).
            let mut digit = 0;
            loop {
                if digit == choices {
                    return;
                }
                picks[digit] += 1;
                if picks[digit] < orders(choice_sizes[digit]).len() {
                    break;
                }
                picks[digit] = 0;
                digit += 1;
            }
        }
    }

    /// The state after placing `row` with the orders `picks` for its open choices.
    fn apply(
        &self,
        base: &State,
        row: usize,
        plan: &RowPlan,
        sizes: &[usize],
        picks: &[usize],
        stack_runs: usize,
    ) -> State {
        let shape = self.shape;
        let values = self.row(base, row);
        let mut state = *base;
        // The stacks newly holding a value, in image order.
        let mut new_stacks = Small::<MAX_STACKS>::EMPTY;
        let mut run = 0;
        let mut k = 0;
        while k < plan.new_stacks.len {
            let length = usize::from(plan.stack_ties[k]);
            let order = &orders(length)[picks[run]];
            for &at in &order[..length] {
                new_stacks.push(plan.new_stacks.items[k + usize::from(at)]);
            }
            k += length;
            run += 1;
        }
        // Each stack's columns newly holding a value, in image order.
        let mut fresh = [Small::<MAX_STACK_COLUMNS>::EMPTY; MAX_STACKS];
        for stack in 0..shape.stacks {
            let columns = &plan.fresh_columns[stack];
            let new_count = usize::from(plan.new_columns[stack]);
            let old_count = columns.len - new_count;
            for &within in &columns.items[..old_count] {
                fresh[stack].push(within);
            }
            let order = &orders(sizes[stack_runs + stack])[picks[stack_runs + stack]];
            for &at in &order[..new_count] {
                fresh[stack].push(columns.items[old_count + usize::from(at)]);
            }
        }
        // New values take labels in image order: new stacks first, then touched stacks
        // (their fresh columns come before their touched ones).
        let label = |state: &mut State, stack: usize, within: u8| {
            let value = values[stack * shape.stack_columns + usize::from(within)];
            if value != 0 && state.labels[usize::from(value)] == 0 {
                state.labels[usize::from(value)] = state.next_label;
                state.next_label += 1;
            }
        };
        for &stack in new_stacks.as_slice() {
            for &within in fresh[usize::from(stack)].as_slice() {
                label(&mut state, usize::from(stack), within);
            }
        }
        for &stack in &base.touched_stacks[..usize::from(base.touched_stack_count)] {
            let stack = usize::from(stack);
            for &within in fresh[stack].as_slice() {
                label(&mut state, stack, within);
            }
            for &within in
                &base.touched_columns[stack][..usize::from(base.touched_column_count[stack])]
            {
                label(&mut state, stack, within);
            }
        }
        // Newly touched stacks go before the touched ones, fresh columns before the
        // touched columns of their stack.
        let old_count = usize::from(base.touched_stack_count);
        let mut stacks = [0u8; MAX_STACKS];
        stacks[..new_stacks.len].copy_from_slice(new_stacks.as_slice());
        stacks[new_stacks.len..new_stacks.len + old_count]
            .copy_from_slice(&base.touched_stacks[..old_count]);
        state.touched_stacks = stacks;
        state.touched_stack_count = (new_stacks.len + old_count) as u8;
        for (stack, fresh) in fresh.iter().enumerate().take(shape.stacks) {
            let old = usize::from(base.touched_column_count[stack]);
            let added = fresh.len;
            let mut columns = [0u8; MAX_STACK_COLUMNS];
            columns[..added].copy_from_slice(fresh.as_slice());
            columns[added..added + old].copy_from_slice(&base.touched_columns[stack][..old]);
            state.touched_columns[stack] = columns;
            state.touched_column_count[stack] = (added + old) as u8;
        }
        debug_assert_eq!(state.next_label, plan_next_label(base, plan, shape.side));
        state
    }

    /// The rows that may come next in image row `level`: an unused row of the band in
    /// progress, or the first row of a new band; of several rows without values that can
    /// take the place only the first (they give the same grid).
    fn candidates(&self, state: &State, level: usize) -> Small<MAX_SIDE> {
        let shape = self.shape;
        let mut rows = Small::<MAX_SIDE>::EMPTY;
        let mut blank_taken = false;
        let mut blank_band_taken = false;
        if !level.is_multiple_of(shape.band_rows) {
            let band = usize::from(state.band);
            for row in band * shape.band_rows..(band + 1) * shape.band_rows {
                if state.used_rows & 1 << row != 0 {
                    continue;
                }
                if self.row(state, row).iter().all(|&value| value == 0) {
                    if blank_taken {
                        continue;
                    }
                    blank_taken = true;
                }
                rows.push(row as u8);
            }
            return rows;
        }
        let side = shape.side;
        for band in 0..side / shape.band_rows {
            if state.used_bands & 1 << band != 0 {
                continue;
            }
            let rows_of_band = band * shape.band_rows..(band + 1) * shape.band_rows;
            let band_blank = rows_of_band
                .clone()
                .all(|row| self.row(state, row).iter().all(|&value| value == 0));
            if band_blank {
                if blank_band_taken {
                    continue;
                }
                blank_band_taken = true;
                rows.push(rows_of_band.start as u8);
                continue;
            }
            let mut blank_in_band = false;
            for row in rows_of_band {
                if self.row(state, row).iter().all(|&value| value == 0) {
                    if blank_in_band {
                        continue;
                    }
                    blank_in_band = true;
                }
                rows.push(row as u8);
            }
        }
        rows
    }
}

/// The label the next new value would take after `plan`'s row (a debug check).
fn plan_next_label(base: &State, plan: &RowPlan, side: usize) -> u8 {
    plan.image[..side]
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(base.next_label - 1)
        + 1
}

/// Notes a stack's untouched columns that hold a value in this row.
fn record_fresh(
    plan: &mut RowPlan,
    stack: usize,
    sorted: &Small<MAX_STACK_COLUMNS>,
    columns: &Small<MAX_STACK_COLUMNS>,
) {
    for (&symbol, &within) in sorted.as_slice().iter().zip(columns.as_slice()) {
        if symbol != 0 {
            plan.fresh_columns[stack].push(within);
            if symbol == NEW {
                plan.new_columns[stack] += 1;
            }
        }
    }
}

/// The minlex form of `cells` (a grid of `size`, 0 for blank, values `1..=side`): the
/// smallest grid, read row by row, among its images under the size's transformations
/// and relabellings.
pub fn minlex(cells: &[u8], size: Size) -> Vec<u8> {
    let side = size.side();
    assert_eq!(cells.len(), size.cells(), "one value per cell");
    let mut transposed = [0u8; MAX_CELLS];
    for row in 0..side {
        for column in 0..side {
            transposed[column * side + row] = cells[row * side + column];
        }
    }
    let square = size.box_rows() == size.box_columns();
    let search = Search {
        shape: Shape {
            side,
            band_rows: size.box_rows(),
            stack_columns: size.box_columns(),
            stacks: side / size.box_columns(),
        },
        grids: [cells, &transposed[..size.cells()]],
        orientations: if square { 2 } else { 1 },
    };
    let mut states: Vec<State> = (0..search.orientations)
        .map(|orientation| State::new(orientation as u8))
        .collect();
    let mut next: Vec<State> = Vec::new();
    let mut result = Vec::with_capacity(size.cells());
    for level in 0..side {
        let mut best = [u8::MAX; MAX_SIDE];
        next.clear();
        for state in &states {
            let rows = search.candidates(state, level);
            for &row in rows.as_slice() {
                let row = usize::from(row);
                let plan = search.plan_row(state, row);
                match plan.image[..side].cmp(&best[..side]) {
                    std::cmp::Ordering::Greater => continue,
                    std::cmp::Ordering::Less => {
                        best = plan.image;
                        next.clear();
                    }
                    std::cmp::Ordering::Equal => {}
                }
                search.branch(state, row, &plan, &mut next);
            }
        }
        result.extend_from_slice(&best[..side]);
        std::mem::swap(&mut states, &mut next);
    }
    result
}
