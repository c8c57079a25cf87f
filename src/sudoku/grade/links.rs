//! Chains of strong links on one digit: skyscraper, 2-string kite, turbot fish, empty
//! rectangle (two links, 4.0-4.3), and their three- and four-link versions (5.4-5.7,
//! 5.8-6.1), as SukakuExplainer's `StrongLinks` rule finds them.
//!
//! A *link* is a region where the digit is confined to two ends: two cells (a conjugate
//! pair), or groups of cells — in a box, the row and column through a "heart" cell with the
//! rest of the box empty (the empty rectangle), or two whole lines of the box; in a row or
//! column, two of its three thirds. Links are joined end to end by weak links (the far end
//! of one and the near end of the next lie in one region); the two free ends then remove
//! the digit from every cell that sees both. When the free ends share a region the chain
//! closes into a ring, which also eliminates around every joint.
//!
//! Rating: base 4.0 / 5.4 / 5.8 for 2 / 3 / 4 links, +0.1 with a box link, +0.1 with links
//! in both a row and a column, and +0.3 (instead) when a link is grouped. Among all chains
//! the lowest rating wins, then the most eliminations, then SE's name suffix, then the one
//! SE's search meets first — that search order is reproduced as a sort key.

use std::sync::OnceLock;

use super::board::{
    ANTI_DIAGONAL, BLOCK, Board, CellSet, ExtraHouses, Geometry, HOUSE_SETS, MAIN_DIAGONAL, WINDOW,
    bit, house_of,
};
use super::hint::{Eliminations, Hint, Technique};

const MAX_LINKS: usize = 4;

/// Per box configuration: the positions that must be empty of the digit.
const BLOCK_EMPTY: [&[usize]; 15] = [
    &[4, 5, 7, 8],
    &[3, 5, 6, 8],
    &[3, 4, 6, 7],
    &[1, 2, 7, 8],
    &[0, 2, 6, 8],
    &[0, 1, 6, 7],
    &[1, 2, 4, 5],
    &[0, 2, 3, 5],
    &[0, 1, 3, 4],
    &[6, 7, 8],
    &[3, 4, 5],
    &[0, 1, 2],
    &[2, 5, 8],
    &[1, 4, 7],
    &[0, 3, 6],
];

/// Per box configuration: the two blades (the heart's column-mates and row-mates for the
/// nine heart configurations; two whole lines for the other six).
const BLOCK_BLADES: [[&[usize]; 2]; 15] = [
    [&[3, 6], &[1, 2]],
    [&[4, 7], &[0, 2]],
    [&[5, 8], &[0, 1]],
    [&[0, 6], &[4, 5]],
    [&[1, 7], &[3, 5]],
    [&[2, 8], &[3, 4]],
    [&[0, 3], &[7, 8]],
    [&[1, 4], &[6, 8]],
    [&[2, 5], &[6, 7]],
    [&[0, 1, 2], &[3, 4, 5]],
    [&[0, 1, 2], &[6, 7, 8]],
    [&[3, 4, 5], &[6, 7, 8]],
    [&[0, 3, 6], &[1, 4, 7]],
    [&[0, 3, 6], &[2, 5, 8]],
    [&[1, 4, 7], &[2, 5, 8]],
];

const fn mask_of(positions: &[usize]) -> u16 {
    let mut mask = 0;
    let mut k = 0;
    while k < positions.len() {
        mask |= 1 << positions[k];
        k += 1;
    }
    mask
}

/// SE treats its window groups like boxes (their configurations index the same position
/// patterns), every other region like a line.
fn box_like(region_type: usize) -> bool {
    region_type == BLOCK || region_type == WINDOW
}

fn empty_mask(region_type: usize, config: usize) -> u16 {
    if box_like(region_type) {
        mask_of(BLOCK_EMPTY[config])
    } else {
        0b111 << (3 * config)
    }
}

fn blade_mask(region_type: usize, config: usize, blade: usize) -> u16 {
    if box_like(region_type) {
        mask_of(BLOCK_BLADES[config][blade])
    } else {
        // A line's blades are the two thirds other than `config`.
        let thirds: [usize; 2] = match config {
            0 => [1, 2],
            1 => [0, 2],
            _ => [0, 1],
        };
        0b111 << (3 * thirds[blade])
    }
}

/// One end of a link: a cell and up to two supporting cells of the same group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct End {
    primary: usize,
    supports: [Option<usize>; 2],
}

impl End {
    fn single(cell: usize) -> End {
        End {
            primary: cell,
            supports: [None, None],
        }
    }

    fn set(&self) -> CellSet {
        // A plain loop: the link search calls this for every pair of ends, and an iterator
        // chain's `fold` is a separate function the optimiser may not inline.
        let mut set: CellSet = 1 << self.primary;
        for support in self.supports.into_iter().flatten() {
            set |= 1 << support;
        }
        set
    }

    /// The cells that see every cell of the end (or only the primary, when the supports
    /// are not to be used).
    fn seen_by_all(&self, board: &Board, with_supports: bool) -> CellSet {
        let mut seen = board.peer_set(self.primary);
        if with_supports {
            for support in self.supports.iter().flatten() {
                seen &= board.peer_set(*support);
            }
        }
        seen
    }
}

/// A strong link: a region, the digit's cells in it and its two ends.
#[derive(Clone, Copy, Debug)]
struct Link {
    region_type: usize,
    index: usize,
    ordinal: usize,
    grouped: bool,
    cells: CellSet,
    ends: [End; 2],
}

impl Link {
    fn house(&self) -> usize {
        house_of(self.region_type, self.index)
    }

    /// SE's `toFullNumber`: region type times ten plus the one-based index (plus the
    /// zero-based index for a diagonal).
    fn full_number(&self) -> usize {
        if self.region_type == MAIN_DIAGONAL || self.region_type == ANTI_DIAGONAL {
            self.region_type * 10 + self.index
        } else {
            self.region_type * 10 + self.index + 1
        }
    }
}

/// The link variants of one region for one digit, in SE's order.
fn links_of(board: &Board, region_type: usize, index: usize, digit: u8) -> Vec<Link> {
    let house = house_of(region_type, index);
    let positions = board.positions(house, digit);
    let count = positions.count_ones();
    let cells_of_house = &super::board::HOUSE_CELLS[house];
    let cell_at = |position: u32| cells_of_house[position as usize];
    let nth = |mask: u16, n: usize| -> usize {
        let mut rest = mask;
        for _ in 0..n {
            rest &= rest - 1;
        }
        cell_at(rest.trailing_zeros())
    };
    let base = Link {
        region_type,
        index,
        ordinal: 0,
        grouped: false,
        cells: board.cells_for(house, digit),
        ends: [End::single(0), End::single(0)],
    };
    let mut out = Vec::new();
    if count <= 1 || count > 6 {
        return out;
    }
    if count == 2 {
        let (a, b) = (nth(positions, 0), nth(positions, 1));
        if box_like(region_type) && (a / 9 == b / 9 || a % 9 == b % 9) {
            return out;
        }
        out.push(Link {
            ends: [End::single(a), End::single(b)],
            ..base
        });
        return out;
    }
    let limit = if region_type == BLOCK { 15 } else { 3 };
    let mut found = None;
    for config in 0..limit {
        if config > 8 && count < 4 {
            continue;
        }
        if positions & empty_mask(region_type, config) != 0 {
            continue;
        }
        let blade1 = positions & blade_mask(region_type, config, 0);
        let blade2 = positions & blade_mask(region_type, config, 1);
        let heart = if box_like(region_type) && config < 9 {
            positions & (1 << config)
        } else {
            0
        };
        if blade1 != 0 && blade2 != 0 {
            found = Some((config, blade1, blade2, heart));
        }
        break;
    }
    let Some((config, blade1, blade2, heart)) = found else {
        return out;
    };
    let grouped = Link {
        grouped: true,
        ..base
    };
    let (count1, count2) = (blade1.count_ones(), blade2.count_ones());
    let heart_cell = || cell_at(config as u32);
    // `one` is the blade with a single cell; the other blade forms the group.
    let single_blade = |one: u16, group: u16, group_count: u32, ordinal: usize| -> Link {
        let group_end = if box_like(region_type) {
            End {
                primary: nth(group, 0),
                supports: [Some(heart_cell()), (group_count > 1).then(|| nth(group, 1))],
            }
        } else {
            End {
                primary: nth(group, 0),
                supports: [
                    (group_count > 1).then(|| nth(group, 1)),
                    (group_count > 2).then(|| nth(group, 2)),
                ],
            }
        };
        Link {
            ordinal,
            ends: [End::single(nth(one, 0)), group_end],
            ..grouped
        }
    };
    if count1 == 1 || count2 == 1 {
        if count1 == 1 && count2 != 1 {
            out.push(single_blade(blade1, blade2, count2, 0));
        }
        if count2 == 1 {
            out.push(single_blade(blade2, blade1, count1, 1));
        }
        return out;
    }
    let mut end0 = End {
        primary: nth(blade1, 0),
        supports: [Some(nth(blade1, 1)), (count1 > 2).then(|| nth(blade1, 2))],
    };
    let mut end1 = End {
        primary: nth(blade2, 0),
        supports: [Some(nth(blade2, 1)), (count2 > 2).then(|| nth(blade2, 2))],
    };
    let same_line = |a: usize, b: usize| a / 9 == b / 9 || a % 9 == b % 9;
    let reduced = config > 8
        && count == 4
        && same_line(end0.supports[0].unwrap_or(0), end1.supports[0].unwrap_or(0))
        && same_line(end0.primary, end1.primary);
    if reduced {
        out.push(Link {
            ends: [end0, end1],
            ..grouped
        });
        // The same four cells read the other way: pairs across the two lines.
        let crossed0 = End {
            primary: nth(blade1, 0),
            supports: [Some(nth(blade2, 0)), None],
        };
        let crossed1 = End {
            primary: nth(blade1, 1),
            supports: [Some(nth(blade2, 1)), None],
        };
        out.push(Link {
            ordinal: 1,
            ends: [crossed0, crossed1],
            ..grouped
        });
        return out;
    }
    if config < 9 && heart.count_ones() == 1 {
        if count1 == 2 {
            end0.supports[1] = Some(heart_cell());
        }
        if count2 == 2 {
            end1.supports[1] = Some(heart_cell());
        }
    }
    out.push(Link {
        ends: [end0, end1],
        ..grouped
    });
    out
}

/// The region holding every cell of two ends: column first, then row, then box, then the
/// geometry's extra houses.
fn share_region(board: &Board, a: &End, b: &End) -> Option<usize> {
    let cells = a.set() | b.set();
    let classic = [
        9 + a.primary % 9,
        a.primary / 9,
        18 + a.primary / 27 * 3 + a.primary % 9 / 3,
    ];
    // An extra house holding every cell holds the primary: no need to filter them by it.
    classic
        .iter()
        .chain(board.geometry.extra_houses)
        .copied()
        .find(|&house| cells & !HOUSE_SETS[house] == 0)
}

/// SE's `isLex`: a sequence no greater than its reverse.
fn is_lex(values: &[usize]) -> bool {
    values.iter().le(values.iter().rev())
}

/// SE's canonical name of a sequence of link region types (0 box, 1 row, 2 column).
pub fn line_name(types: &[usize]) -> String {
    let digit = |t: usize| char::from(b'0' + t as u8);
    if !types.contains(&1) {
        return types
            .iter()
            .map(|&t| if t == 2 { '1' } else { digit(t) })
            .collect();
    }
    let original: String = types.iter().map(|&t| digit(t)).collect();
    let swap = |t: usize| match t {
        1 => '2',
        2 => '1',
        other => digit(other),
    };
    let current: String = types.iter().map(|&t| swap(t)).collect();
    let reverse: String = types.iter().rev().map(|&t| swap(t)).collect();
    let swapped = reverse.min(current);
    original.min(swapped)
}

/// The orders QuickPerm visits, for `n` links.
pub fn quick_perm_orders(n: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut control: Vec<usize> = (0..=n).collect();
    let mut out = vec![order.clone()];
    let mut upper = 1;
    while upper < n {
        control[upper] -= 1;
        let lower = upper % 2 * control[upper];
        order.swap(lower, upper);
        out.push(order.clone());
        upper = 1;
        while control[upper] == 0 {
            control[upper] = upper;
            upper += 1;
        }
    }
    out
}

/// [`type_sequences`] for a degree (2-4) and a geometry's region types, made once: the
/// link search asks for them at every step of every grading.
fn cached_type_sequences(degree: usize, geometry: &Geometry) -> &'static [Vec<usize>] {
    static CACHE: [[OnceLock<Vec<Vec<usize>>>; 3]; 3] =
        [const { [const { OnceLock::new() }; 3] }; 3];
    let kind = match geometry.extra {
        ExtraHouses::None => 0,
        ExtraHouses::X => 1,
        ExtraHouses::Windoku => 2,
    };
    CACHE[kind][degree - 2].get_or_init(|| type_sequences(degree, geometry.region_types()))
}

/// [`quick_perm_orders`] for a degree (2-4), made once.
fn cached_perm_orders(degree: usize) -> &'static [Vec<usize>] {
    static CACHE: [OnceLock<Vec<Vec<usize>>>; 3] = [const { OnceLock::new() }; 3];
    CACHE[degree - 2].get_or_init(|| quick_perm_orders(degree))
}

/// The non-decreasing sequences of region types of length `n`, in the order SE's
/// `Permutations(n, j * n)` yields them for its `j` region types.
pub fn type_sequences(n: usize, types: &[usize]) -> Vec<Vec<usize>> {
    let j = types.len();
    super::basic::combinations(n as u32, (j * n) as u32)
        .filter_map(|mask| {
            let indexes: Vec<usize> = (0..j * n).filter(|&b| mask & (1 << b) != 0).collect();
            indexes
                .iter()
                .enumerate()
                .all(|(at, &index)| index % n == at)
                .then(|| indexes.iter().map(|&index| types[index / n]).collect())
        })
        .collect()
}

/// A found chain with its sort keys.
struct Candidate {
    rating: u16,
    eliminations: u32,
    suffix: String,
    order_key: Vec<usize>,
    hint: Hint,
}

struct Search<'a> {
    board: &'a Board,
    degree: usize,
    digit: u8,
    links: Vec<Link>,
    sequences: &'static [Vec<usize>],
    perms: &'static [Vec<usize>],
    chain: Vec<(usize, usize)>,
    best: Option<Candidate>,
    /// The (link, direction) pairs that may follow each link end, in the search's order:
    /// `adjacent[adjacent_start[2 * link + end]..adjacent_start[2 * link + end + 1]]` share a
    /// region with end `end` of `link` (computed once per digit instead of at every step).
    adjacent: Vec<(u32, u8)>,
    adjacent_start: Vec<u32>,
}

/// The best chain of `degree` (2-4) strong links, if any.
pub fn strong_links(board: &Board, degree: usize) -> Option<Hint> {
    let mut search = Search {
        board,
        degree,
        digit: 1,
        links: Vec::new(),
        sequences: cached_type_sequences(degree, board.geometry),
        perms: cached_perm_orders(degree),
        chain: Vec::with_capacity(MAX_LINKS),
        best: None,
        adjacent: Vec::new(),
        adjacent_start: Vec::new(),
    };
    for digit in 1..=9u8 {
        search.digit = digit;
        search.links.clear();
        for &region_type in board.geometry.region_types() {
            for house in Geometry::houses_of_type(region_type) {
                let index = house - house_of(region_type, 0);
                search
                    .links
                    .extend(links_of(board, region_type, index, digit));
            }
        }
        search.link_ends();
        for start in 0..search.links.len() {
            for direction in 0..2 {
                search.chain.push((start, direction));
                search.extend(search.links[start].cells);
                search.chain.pop();
            }
        }
    }
    search.best.map(|candidate| candidate.hint)
}

impl Search<'_> {
    /// Fills `adjacent` for the current digit's links.
    fn link_ends(&mut self) {
        self.adjacent.clear();
        self.adjacent_start.clear();
        for link in 0..self.links.len() {
            for end in 0..2 {
                self.adjacent_start.push(self.adjacent.len() as u32);
                let far = self.links[link].ends[end];
                for next in 0..self.links.len() {
                    for next_direction in 0..2 {
                        let near = &self.links[next].ends[next_direction];
                        if share_region(self.board, &far, near).is_some() {
                            self.adjacent.push((next as u32, next_direction as u8));
                        }
                    }
                }
            }
        }
        self.adjacent_start.push(self.adjacent.len() as u32);
    }

    fn extend(&mut self, used: CellSet) {
        if self.chain.len() == self.degree {
            self.evaluate();
            return;
        }
        let &(last, direction) = self.chain.last().expect("a chain has a first link");
        let end = 2 * last + 1 - direction;
        let (from, to) = (
            self.adjacent_start[end] as usize,
            self.adjacent_start[end + 1] as usize,
        );
        for at in from..to {
            let (next, next_direction) = self.adjacent[at];
            let cells = self.links[next as usize].cells;
            if cells & used != 0 {
                continue;
            }
            self.chain.push((next as usize, next_direction as usize));
            self.extend(used | cells);
            self.chain.pop();
        }
    }

    /// Applies SE's filters to the chain in `self.chain`, computes its eliminations and
    /// rating, and keeps it when it beats the best so far.
    fn evaluate(&mut self) {
        // Most chains are refused or eliminate nothing: up to that point nothing is
        // allocated.
        let length = self.chain.len();
        let mut link_buffer = [self.links[self.chain[0].0]; MAX_LINKS];
        let mut direction_buffer = [0; MAX_LINKS];
        for (at, &(link, direction)) in self.chain.iter().enumerate() {
            link_buffer[at] = self.links[link];
            direction_buffer[at] = direction;
        }
        let links = &link_buffer[..length];
        let directions = &direction_buffer[..length];
        // SE builds each set of links once, sorted by (region type, index), and visits its
        // orders; `order[at]` is the position in that sorted set of the chain's link `at`.
        let mut sorted_buffer = [0, 1, 2, 3];
        let sorted = &mut sorted_buffer[..length];
        sorted.sort_unstable_by_key(|&at| (links[at].region_type, links[at].index, at));
        let mut order_buffer = [0; MAX_LINKS];
        for (position, &at) in sorted.iter().enumerate() {
            order_buffer[at] = position;
        }
        let order = &order_buffer[..length];
        if !is_lex(order) {
            return;
        }
        // Consecutive equal types must have increasing indexes in SE's set; a chain
        // whose sorted links repeat a region cannot occur (their cells would overlap).
        let start = links[0].ends[directions[0]];
        let last = links.len() - 1;
        let finish = links[last].ends[1 - directions[last]];
        let ring = share_region(self.board, &start, &finish).is_some();
        if ring {
            let lowest = links.iter().map(Link::full_number).min().unwrap_or(0);
            if links[0].full_number() != lowest || directions[0] != 0 {
                return;
            }
        }
        let mut link_regions: CellSet = 0;
        for link in links {
            link_regions |= HOUSE_SETS[link.house()];
        }
        let mut shared: CellSet = 0;
        let joint = |at: usize| {
            (
                links[at].ends[1 - directions[at]],
                links[at + 1].ends[directions[at + 1]],
            )
        };
        for at in 0..last {
            let (head, tail) = joint(at);
            match share_region(self.board, &head, &tail) {
                Some(house) => shared |= HOUSE_SETS[house],
                None => return,
            }
        }
        let digit_cells = self.board.digit_cells[self.digit as usize - 1];
        let mut victims = start.seen_by_all(self.board, links[0].grouped)
            & finish.seen_by_all(self.board, links[last].grouped);
        victims &= !(1u128 << start.primary) & !(1u128 << finish.primary) & !link_regions;
        if !ring {
            victims &= !shared;
        }
        let removable = victims & digit_cells;
        let mut eliminated = removable;
        let mut count = removable.count_ones();
        if ring {
            for (head, tail) in (0..last).map(joint) {
                let mut around =
                    head.seen_by_all(self.board, true) & tail.seen_by_all(self.board, true);
                around &= !(1u128 << head.primary) & !(1u128 << tail.primary) & !link_regions;
                let hit = around & digit_cells;
                count += hit.count_ones();
                eliminated |= hit;
            }
        }
        if eliminated == 0 {
            return;
        }
        let grouped = links.iter().filter(|link| link.grouped).count();
        let mut types: Vec<usize> = links.iter().map(|link| link.region_type).collect();
        if !is_lex(&types) {
            types.reverse();
        }
        let suffix = format!("{grouped}{}", line_name(&types));
        let has_box = suffix[1..].contains('0');
        let mixed_lines = suffix[1..].contains('2');
        // A link in an extra house (SE's region types 3 and up) rates as a grouped one.
        let extra_house = suffix[1..].chars().any(|c| ('3'..='9').contains(&c));
        let base = [0, 40, 54, 58][self.degree - 1];
        let rating = if grouped > 0 || extra_house {
            base + 3
        } else {
            base + u16::from(has_box) + u16::from(mixed_lines)
        };
        if let Some(best) = &self.best {
            let incumbent = (
                best.rating,
                std::cmp::Reverse(best.eliminations),
                &best.suffix,
            );
            if (rating, std::cmp::Reverse(count), &suffix) > incumbent {
                return;
            }
        }
        let order_key = self.order_key(links, sorted, order, directions);
        if let Some(best) = &self.best
            && (rating, std::cmp::Reverse(count), &suffix, &order_key)
                >= (
                    best.rating,
                    std::cmp::Reverse(best.eliminations),
                    &best.suffix,
                    &best.order_key,
                )
        {
            return;
        }
        let name = chain_name(self.degree, grouped, &suffix, ring);
        let technique = match (self.degree, rating) {
            (2, 40) => Technique::Skyscraper,
            (2, 43) => Technique::GroupedTurbotFish,
            (2, _) if has_box => Technique::TurbotFish,
            (2, _) => Technique::TwoStringKite,
            (3, _) => Technique::ThreeStrongLinks,
            _ => Technique::FourStrongLinks,
        };
        let mut eliminations = Eliminations::NONE;
        eliminations.add_digit_in(eliminated, self.digit);
        let pattern = links.iter().fold(0u128, |set, link| set | link.cells);
        let hint = Hint::new(technique, rating)
            .with_pattern(pattern, bit(self.digit))
            .with_eliminations(eliminations)
            .named(name);
        self.best = Some(Candidate {
            rating,
            eliminations: count,
            suffix,
            order_key,
            hint,
        });
    }

    /// Where SE's search meets this chain: type sequence, digit, then per link (in the
    /// sorted set) its region index and variant, then the order's QuickPerm position and
    /// the directions (first link most significant).
    fn order_key(
        &self,
        links: &[Link],
        sorted: &[usize],
        order: &[usize],
        directions: &[usize],
    ) -> Vec<usize> {
        let types: Vec<usize> = sorted.iter().map(|&at| links[at].region_type).collect();
        let sequence = self
            .sequences
            .iter()
            .position(|s| *s == types)
            .unwrap_or(usize::MAX);
        let mut key = vec![sequence, usize::from(self.digit)];
        for &at in sorted {
            key.push(links[at].index);
            key.push(links[at].ordinal);
        }
        key.push(
            self.perms
                .iter()
                .position(|p| p == order)
                .unwrap_or(usize::MAX),
        );
        key.push(
            directions
                .iter()
                .fold(0, |bits, &direction| bits * 2 + direction),
        );
        key
    }
}

/// SE's name of a chain of strong links.
fn chain_name(degree: usize, grouped: usize, suffix: &str, ring: bool) -> String {
    let tail = &suffix[1..];
    let name = if ring {
        format!(
            "({degree} Strong Links) {}X-Loop",
            if grouped > 0 { "Grouped " } else { "" }
        )
    } else if !tail.contains('0') && !tail.contains('2') {
        if degree < 3 {
            "Skyscraper".to_string()
        } else {
            format!("{degree} Skyscrapers")
        }
    } else if tail.contains('0') || degree > 3 {
        format!("{degree} Strong links")
    } else {
        format!("{degree}-String Kite")
    };
    if grouped > 0 && !ring {
        format!("Grouped {name} {suffix}")
    } else {
        format!("{name} {suffix}")
    }
}
