//! What one logical step found: the technique, its rating, and what it changes.

use std::fmt;

use super::board::{Board, CellSet, cells_of, digits_of};
use super::chaining::ChainRule;

/// The solving techniques, in the order the grader tries them (Sudoku Explainer's default
/// order). [`Technique::base_rating`] gives each one's rating on the SE scale, in tenths;
/// some techniques add to it (longer loops, bigger sets, longer chains).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A digit with one place left in a box.
    HiddenSingleBox,
    /// A digit with one place left in a row or column.
    HiddenSingleLine,
    /// A box's digit confined to one line, which leaves a hidden single in another box.
    DirectPointing,
    /// A line's digit confined to one box, which leaves a hidden single in another line.
    DirectClaiming,
    /// A hidden pair that leaves a hidden single in its house.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triple that leaves a hidden single in its house.
    DirectHiddenTriple,
    /// A box's digit confined to one line: the rest of the line loses it.
    Pointing,
    /// A line's digit confined to one box: the rest of the box loses it.
    Claiming,
    /// A digit confined to a few cells of a house leaves every cell that sees them all
    /// (Sudoku Explainer's "Generalized Intersections", its pointing and claiming for
    /// grids with extra houses).
    GeneralizedIntersection,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    /// Two strong links on one digit in parallel lines.
    Skyscraper,
    /// Two strong links on one digit, one in a row and one in a column.
    TwoStringKite,
    /// Two strong links on one digit, at least one of them in a box.
    TurbotFish,
    /// Two strong links on one digit, at least one of them grouped (empty rectangles).
    GroupedTurbotFish,
    XYWing,
    XYZWing,
    /// Unique rectangles and loops, types 1 to 4.
    UniqueRectangle,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    /// Three strong links on one digit joined by weak links.
    ThreeStrongLinks,
    WXYZWing,
    /// Bivalue universal grave, types 1 to 4.
    Bug,
    /// Four strong links on one digit joined by weak links.
    FourStrongLinks,
    VWXYZWing,
    AlignedPairExclusion,
    UVWXYZWing,
    /// X-cycles, Y-cycles and forcing X-chains (SE "Forcing Chains & Cycles").
    Cycles,
    TUVWXYZWing,
    AlignedTripletExclusion,
    NishioForcingChain,
    /// Cell and region forcing chains.
    MultipleForcingChain,
    DynamicForcingChain,
    DynamicForcingChainPlus,
    NestedForcingChain,
    /// No logical technique applies: a digit is taken from the solution.
    TrialAndError,
    /// Killer: a cage's cells keep only the digits of the combinations that make its sum.
    CageCombination,
    /// Killer: a digit every combination of a cage needs, confined to one house, leaves
    /// the rest of it; or a house's digit confined to one cage is in its combination.
    CombinationLocking,
    /// Killer: the rule of 45 over one or more houses (innies and outies).
    InniesOuties,
    /// Killer: a cage part of whose sum the rule of 45 fixes, split into two sums.
    CageSplitting,
    /// Killer: a candidate that leads by the cage and house rules to a contradiction.
    KillerContradiction,
}

impl Technique {
    /// Every technique, in the order the grader tries them.
    pub const ALL: [Technique; 48] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::GeneralizedIntersection,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::GroupedTurbotFish,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::ThreeStrongLinks,
        Technique::WXYZWing,
        Technique::Bug,
        Technique::FourStrongLinks,
        Technique::VWXYZWing,
        Technique::AlignedPairExclusion,
        Technique::UVWXYZWing,
        Technique::Cycles,
        Technique::TUVWXYZWing,
        Technique::AlignedTripletExclusion,
        Technique::NishioForcingChain,
        Technique::MultipleForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
        Technique::TrialAndError,
        // The killer grader's own, tried in its order among the others (`killer::grade`).
        Technique::CageCombination,
        Technique::CombinationLocking,
        Technique::InniesOuties,
        Technique::CageSplitting,
        Technique::KillerContradiction,
    ];

    /// The technique's name.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingleBox => "Hidden Single (box)",
            Technique::HiddenSingleLine => "Hidden Single (line)",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriple => "Direct Hidden Triple",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::GeneralizedIntersection => "Generalized Intersection",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::GroupedTurbotFish => "Grouped Turbot Fish",
            Technique::XYWing => "XY-Wing",
            Technique::XYZWing => "XYZ-Wing",
            Technique::UniqueRectangle => "Unique Rectangle",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::ThreeStrongLinks => "3 Strong Links",
            Technique::WXYZWing => "WXYZ-Wing",
            Technique::Bug => "BUG",
            Technique::FourStrongLinks => "4 Strong Links",
            Technique::VWXYZWing => "VWXYZ-Wing",
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion",
            Technique::UVWXYZWing => "UVWXYZ-Wing",
            Technique::Cycles => "Forcing Chains & Cycles",
            Technique::TUVWXYZWing => "TUVWXYZ-Wing",
            Technique::AlignedTripletExclusion => "Aligned Triplet Exclusion",
            Technique::NishioForcingChain => "Nishio Forcing Chain",
            Technique::MultipleForcingChain => "Multiple Forcing Chains",
            Technique::DynamicForcingChain => "Dynamic Forcing Chains",
            Technique::DynamicForcingChainPlus => "Dynamic Forcing Chains (+)",
            Technique::NestedForcingChain => "Nested Forcing Chains",
            Technique::TrialAndError => "Trial and Error",
            Technique::CageCombination => "Cage Combination",
            Technique::CombinationLocking => "Combination Locking",
            Technique::InniesOuties => "Innies and Outies",
            Technique::CageSplitting => "Cage Splitting",
            Technique::KillerContradiction => "Contradiction",
        }
    }

    /// The technique's lowest rating on the Sudoku Explainer scale, in tenths.
    pub fn base_rating(self) -> u16 {
        match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingleBox => 12,
            Technique::HiddenSingleLine => 15,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriple => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::GeneralizedIntersection => 29,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::Skyscraper => 40,
            Technique::TwoStringKite | Technique::TurbotFish => 41,
            Technique::GroupedTurbotFish => 43,
            Technique::XYWing => 42,
            Technique::XYZWing => 44,
            Technique::UniqueRectangle => 45,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::ThreeStrongLinks => 54,
            Technique::WXYZWing => 55,
            Technique::Bug => 56,
            Technique::FourStrongLinks => 58,
            Technique::VWXYZWing => 62,
            Technique::AlignedPairExclusion => 62,
            Technique::UVWXYZWing => 66,
            Technique::Cycles => 65,
            Technique::TUVWXYZWing => 75,
            Technique::AlignedTripletExclusion => 75,
            Technique::NishioForcingChain => 75,
            Technique::MultipleForcingChain => 80,
            Technique::DynamicForcingChain => 85,
            Technique::DynamicForcingChainPlus => 90,
            Technique::NestedForcingChain => 95,
            Technique::TrialAndError => TRIAL_AND_ERROR_RATING,
            Technique::CageCombination => 13,
            Technique::CombinationLocking => 26,
            Technique::InniesOuties => 25,
            Technique::CageSplitting => 33,
            Technique::KillerContradiction => 65,
        }
    }

    /// The technique of a chaining rule.
    pub fn of_chain_rule(rule: ChainRule) -> Technique {
        match rule {
            ChainRule::Cycles => Technique::Cycles,
            ChainRule::Nishio => Technique::NishioForcingChain,
            ChainRule::Multiple => Technique::MultipleForcingChain,
            ChainRule::Dynamic => Technique::DynamicForcingChain,
            ChainRule::DynamicPlus => Technique::DynamicForcingChainPlus,
            ChainRule::Nested => Technique::NestedForcingChain,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rating of a trial-and-error step: Sudoku Explainer's value for a valid puzzle beyond
/// its logic (20.0), so that no logical rating reaches it.
pub const TRIAL_AND_ERROR_RATING: u16 = 200;

/// Candidates to remove, one 9-bit mask per cell.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Eliminations(pub [u16; 81]);

impl Eliminations {
    pub const NONE: Eliminations = Eliminations([0; 81]);

    #[inline]
    pub fn add(&mut self, cell: usize, mask: u16) {
        self.0[cell] |= mask;
    }

    #[inline]
    pub fn add_digit_in(&mut self, cells: CellSet, digit: u8) {
        for cell in cells_of(cells) {
            self.0[cell] |= 1 << (digit - 1);
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&mask| mask == 0)
    }

    /// Keeps only candidates the board still has.
    pub fn restricted_to(mut self, board: &Board) -> Eliminations {
        for cell in 0..81 {
            self.0[cell] &= board.candidates[cell];
        }
        self
    }

    /// `(cell, digit)` pairs in cell order.
    pub fn pairs(&self) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        for (cell, &mask) in self.0.iter().enumerate() {
            for digit in digits_of(mask) {
                out.push((cell as u8, digit));
            }
        }
        out
    }
}

impl fmt::Debug for Eliminations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.pairs()).finish()
    }
}

/// One deduction found by a technique.
#[derive(Clone, Debug)]
pub struct Hint {
    pub technique: Technique,
    /// The SE rating in tenths.
    pub rating: u16,
    /// A digit placed: `(cell, digit)`.
    pub placement: Option<(u8, u8)>,
    /// Candidates removed.
    pub eliminations: Eliminations,
    /// The cells of the pattern.
    pub cells: CellSet,
    /// The digits of the pattern.
    pub digits: u16,
    /// The house a single was found in (full house, hidden single).
    pub house: Option<u8>,
    /// A more precise name than the technique's ("Unique Loop 6 type 2", "Forcing Chain").
    pub name: Option<String>,
    /// A human-readable account, when the technique has more to say than its pattern.
    pub explanation: Option<String>,
}

impl Hint {
    pub fn new(technique: Technique, rating: u16) -> Hint {
        Hint {
            technique,
            rating,
            placement: None,
            eliminations: Eliminations::NONE,
            cells: 0,
            digits: 0,
            house: None,
            name: None,
            explanation: None,
        }
    }

    /// A hint that places a digit.
    pub fn placing(technique: Technique, rating: u16, cell: usize, digit: u8) -> Hint {
        let mut hint = Hint::new(technique, rating);
        hint.placement = Some((cell as u8, digit));
        hint
    }

    pub fn with_pattern(mut self, cells: CellSet, digits: u16) -> Hint {
        self.cells = cells;
        self.digits = digits;
        self
    }

    pub fn with_eliminations(mut self, eliminations: Eliminations) -> Hint {
        self.eliminations = eliminations;
        self
    }

    pub fn named(mut self, name: impl Into<String>) -> Hint {
        self.name = Some(name.into());
        self
    }

    /// The name to show: the precise one when there is one.
    pub fn display_name(&self) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| self.technique.name().to_string())
    }

    /// Applies the hint: eliminations first, then the placement.
    pub fn apply(&self, board: &mut Board) {
        for cell in 0..81 {
            if self.eliminations.0[cell] != 0 {
                board.eliminate_mask(cell, self.eliminations.0[cell]);
            }
        }
        if let Some((cell, digit)) = self.placement
            && board.values[cell as usize] == 0
        {
            board.place(cell as usize, digit);
        }
    }

    /// True when applying the hint changes the board.
    pub fn makes_progress(&self, board: &Board) -> bool {
        self.placement
            .is_some_and(|(cell, _)| board.values[cell as usize] == 0)
            || (0..81).any(|cell| self.eliminations.0[cell] & board.candidates[cell] != 0)
    }
}
