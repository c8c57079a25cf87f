//! The technique registry: the one list of every technique the sudoku graders name, with
//! the name a book prints (English and Japanese), Sudoku Explainer's name for it, its
//! rating on SE's scale, the grids it applies to, and the other names people ask for it by.
//!
//! Everything that names a technique to a person reads it here: `sudoku techniques`, the
//! matching of `--needs` / `--hardest` (and a section's `needs` / `hardest`), drill
//! captions and the printed names in JSON. The graders keep Sudoku Explainer's exact step
//! names ("Skyscraper 011", "Bivalue Universal Grave type 1"), which JSON also keeps;
//! [`printed_step_name`] turns one into the name solvers know ("Skyscraper", "BUG type 1").

use std::fmt;

use crate::error::{Error, Result};
use crate::sudoku::grade::{Technique, TechniqueSet};

/// The grids a technique applies to, as a set of [`Grids`] flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grids(u8);

impl Grids {
    /// Classic 9×9, graded on Sudoku Explainer's default technique set.
    pub const CLASSIC: Grids = Grids(1);
    /// 9×9 X-sudoku and windoku, graded by the same grader with SE's variant set.
    pub const X_WINDOKU: Grids = Grids(2);
    /// Every other size (6×6 to 16×16), jigsaw, and X on sizes other than 9×9: the house
    /// grader.
    pub const HOUSES: Grids = Grids(4);
    /// Killer sudoku: the killer grader.
    pub const KILLER: Grids = Grids(8);
    /// Classic 4×4: the house grader, which never needs more than full houses and hidden
    /// singles in boxes there (every minimal 4×4 puzzle is solved by them, so every 4×4
    /// is; tested exhaustively in the canon tests).
    pub const FOUR: Grids = Grids(16);
    /// 4×4 X-sudoku: the same, and hidden singles on the diagonals (hidden singles in a
    /// line).
    pub const FOUR_X: Grids = Grids(32);
    const ALL: Grids = Grids(63);
    /// Every grid but the 4×4.
    const BEYOND_FOUR: Grids = Grids(15);
    /// The classic grader's grids.
    const SE: Grids = Grids(3);

    pub fn contains(self, other: Grids) -> bool {
        self.0 & other.0 == other.0
    }

    const fn or(self, other: Grids) -> Grids {
        Grids(self.0 | other.0)
    }

    /// The grids' names, as `sudoku techniques` prints them ("classic, X/windoku").
    pub fn names(self) -> Vec<&'static str> {
        [
            (Grids::CLASSIC, "classic"),
            (Grids::X_WINDOKU, "X/windoku"),
            (Grids::HOUSES, "sizes/jigsaw"),
            (Grids::KILLER, "killer"),
            (Grids::FOUR, "4x4"),
            (Grids::FOUR_X, "4x4 X"),
        ]
        .into_iter()
        .filter(|&(grids, _)| self.contains(grids))
        .map(|(_, name)| name)
        .collect()
    }

    /// What a grid of these kinds is called in messages: "classic sudoku".
    fn describe(self) -> &'static str {
        match self {
            Grids::CLASSIC => "classic 9×9 sudoku",
            Grids::X_WINDOKU => "9×9 X-sudoku and windoku",
            Grids::HOUSES => "the other sizes, jigsaw and X beyond 9×9",
            Grids::KILLER => "killer sudoku",
            Grids::FOUR => "classic 4×4 sudoku",
            Grids::FOUR_X => "4×4 X-sudoku",
            _ => "these grids",
        }
    }
}

/// One technique as people meet it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TechniqueInfo {
    pub technique: Technique,
    /// The name a book prints, in English.
    pub name: &'static str,
    /// The name a Japanese book prints (as Japanese solvers say it).
    pub japanese: &'static str,
    /// Sudoku Explainer's name of the technique (its technique list, as `--techs` takes
    /// it); `None` for the killer grader's own techniques.
    pub se_name: Option<&'static str>,
    /// The lowest and highest rating of a step of this technique, in tenths of SE's scale;
    /// `None` as the highest when a length bonus leaves it open (chains).
    pub rating: (u16, Option<u16>),
    /// The grids whose grader uses it.
    pub grids: Grids,
    /// Other names it goes by (Sudoku Explainer's step names, other programs' names).
    pub aliases: &'static [&'static str],
}

impl TechniqueInfo {
    /// The rating range as text: "3.2", "4.5–5.6", "6.5+".
    pub fn rating_text(&self) -> String {
        let low = crate::sudoku::grade::format_rating(self.rating.0);
        match self.rating.1 {
            Some(high) if high == self.rating.0 => low,
            Some(high) => format!("{low}–{}", crate::sudoku::grade::format_rating(high)),
            None => format!("{low}+"),
        }
    }

    /// True when a step of this technique may rate `rating` (tenths).
    pub fn rates(&self, rating: u16) -> bool {
        rating >= self.rating.0 && self.rating.1.is_none_or(|high| rating <= high)
    }

    /// The printed name in a language.
    pub fn name_in(&self, japanese: bool) -> &'static str {
        if japanese { self.japanese } else { self.name }
    }
}

const fn info(
    technique: Technique,
    name: &'static str,
    japanese: &'static str,
    se_name: Option<&'static str>,
    rating: (u16, Option<u16>),
    grids: Grids,
    aliases: &'static [&'static str],
) -> TechniqueInfo {
    TechniqueInfo {
        technique,
        name,
        japanese,
        se_name,
        rating,
        grids,
        aliases,
    }
}

const ALL_GRIDS: Grids = Grids::ALL;
const BEYOND_FOUR: Grids = Grids::BEYOND_FOUR;
const LINE_SINGLES: Grids = Grids::BEYOND_FOUR.or(Grids::FOUR_X);
const SE_GRIDS: Grids = Grids::SE;
const CLASSIC_SIZES_KILLER: Grids = Grids::CLASSIC.or(Grids::HOUSES).or(Grids::KILLER);
const SE_AND_HOUSES: Grids = Grids::SE.or(Grids::HOUSES);

/// Every technique the graders name, in the order the classic grader tries them (the
/// killer grader's own at the end). Indexed by `Technique as usize`.
pub const REGISTRY: [TechniqueInfo; 48] = {
    use Technique as T;
    [
        info(
            T::FullHouse,
            "Full House",
            "フルハウス",
            None,
            (10, Some(10)),
            ALL_GRIDS,
            &["Last Digit", "Last Empty Cell"],
        ),
        info(
            T::HiddenSingleBox,
            "Hidden Single (box)",
            "ヒドゥンシングル（ブロック）",
            Some("Hidden Single"),
            (12, Some(12)),
            ALL_GRIDS,
            &["Hidden Single in a Box", "Hidden Single (region)"],
        ),
        info(
            T::HiddenSingleLine,
            "Hidden Single (line)",
            "ヒドゥンシングル（行・列）",
            Some("Hidden Single"),
            (15, Some(15)),
            LINE_SINGLES,
            &["Hidden Single in a Line", "Hidden Single (row or column)"],
        ),
        info(
            T::DirectPointing,
            "Direct Pointing",
            "ダイレクト・ポインティング",
            Some("Direct Pointing"),
            (17, Some(17)),
            SE_GRIDS,
            &[],
        ),
        info(
            T::DirectClaiming,
            "Direct Claiming",
            "ダイレクト・クレーミング",
            Some("Direct Pointing"),
            (19, Some(19)),
            SE_GRIDS,
            &[],
        ),
        info(
            T::DirectHiddenPair,
            "Direct Hidden Pair",
            "ダイレクト・ヒドゥンペア",
            Some("Direct Hidden Pair"),
            (20, Some(20)),
            SE_GRIDS,
            &[],
        ),
        info(
            T::NakedSingle,
            "Naked Single",
            "ネイキッドシングル",
            Some("Naked Single"),
            (23, Some(23)),
            BEYOND_FOUR,
            &["Sole Candidate"],
        ),
        info(
            T::DirectHiddenTriple,
            "Direct Hidden Triple",
            "ダイレクト・ヒドゥントリプル",
            Some("Direct Hidden Triplet"),
            (25, Some(25)),
            SE_GRIDS,
            &[],
        ),
        info(
            T::Pointing,
            "Pointing",
            "ポインティング",
            Some("Pointing & Claiming"),
            (26, Some(26)),
            CLASSIC_SIZES_KILLER,
            &["Locked Candidates Type 1", "Locked Candidates (pointing)"],
        ),
        info(
            T::Claiming,
            "Claiming",
            "クレーミング",
            Some("Pointing & Claiming"),
            (28, Some(28)),
            CLASSIC_SIZES_KILLER,
            &[
                "Locked Candidates Type 2",
                "Locked Candidates (claiming)",
                "Box/Line Reduction",
            ],
        ),
        info(
            T::GeneralizedIntersection,
            "Generalized Intersection",
            "一般化ポインティング",
            Some("Generalized Intersections"),
            (29, Some(29)),
            Grids::X_WINDOKU,
            &[],
        ),
        info(
            T::NakedPair,
            "Naked Pair",
            "ネイキッドペア",
            Some("Naked Pair"),
            (30, Some(30)),
            BEYOND_FOUR,
            &["Generalized Naked Pair"],
        ),
        info(
            T::XWing,
            "X-Wing",
            "井桁（X-Wing）",
            Some("X-Wing"),
            (32, Some(32)),
            BEYOND_FOUR,
            &["井桁"],
        ),
        info(
            T::HiddenPair,
            "Hidden Pair",
            "ヒドゥンペア",
            Some("Hidden Pair"),
            (34, Some(34)),
            BEYOND_FOUR,
            &[],
        ),
        info(
            T::NakedTriple,
            "Naked Triple",
            "ネイキッドトリプル",
            Some("Naked Triplet"),
            (36, Some(36)),
            BEYOND_FOUR,
            &["Generalized Naked Triplet"],
        ),
        info(
            T::Swordfish,
            "Swordfish",
            "三重井桁（ソードフィッシュ）",
            Some("Swordfish"),
            (38, Some(38)),
            BEYOND_FOUR,
            &["三重井桁"],
        ),
        info(
            T::HiddenTriple,
            "Hidden Triple",
            "ヒドゥントリプル",
            Some("Hidden Triplet"),
            (40, Some(40)),
            BEYOND_FOUR,
            &[],
        ),
        info(
            T::Skyscraper,
            "Skyscraper",
            "スカイスクレイパー",
            Some("Scraper, Kite, Turbot"),
            (40, Some(40)),
            SE_GRIDS,
            &[],
        ),
        info(
            T::TwoStringKite,
            "2-String Kite",
            "2ストリングカイト",
            Some("Scraper, Kite, Turbot"),
            (41, Some(41)),
            SE_GRIDS,
            &["Two-String Kite", "Kite"],
        ),
        info(
            T::TurbotFish,
            "Turbot Fish",
            "ターボットフィッシュ",
            Some("Scraper, Kite, Turbot"),
            (41, Some(41)),
            SE_GRIDS,
            &["2 Strong Links"],
        ),
        info(
            T::GroupedTurbotFish,
            "Grouped Turbot Fish",
            "グループ化ターボットフィッシュ",
            Some("Scraper, Kite, Turbot"),
            (43, Some(43)),
            SE_GRIDS,
            &[
                "Grouped 2 Strong Links",
                "Grouped Skyscraper",
                "Grouped 2-String Kite",
            ],
        ),
        info(
            T::XYWing,
            "XY-Wing",
            "XYウィング",
            Some("XY-Wing"),
            (42, Some(42)),
            BEYOND_FOUR,
            &["Y-Wing"],
        ),
        info(
            T::XYZWing,
            "XYZ-Wing",
            "XYZウィング",
            Some("XYZ-Wing"),
            (44, Some(44)),
            BEYOND_FOUR,
            &[],
        ),
        info(
            T::UniqueRectangle,
            "Unique Rectangle",
            "ユニークレクタングル",
            Some("Unique Rectangle / Loop"),
            (45, Some(56)),
            SE_AND_HOUSES,
            &["Unique Loop", "Uniqueness Test"],
        ),
        info(
            T::NakedQuad,
            "Naked Quad",
            "ネイキッドクアッド",
            Some("Naked Quad"),
            (50, Some(50)),
            BEYOND_FOUR,
            &["Generalized Naked Quad"],
        ),
        info(
            T::Jellyfish,
            "Jellyfish",
            "四重井桁（ジェリーフィッシュ）",
            Some("Jellyfish"),
            (52, Some(52)),
            BEYOND_FOUR,
            &["四重井桁"],
        ),
        info(
            T::HiddenQuad,
            "Hidden Quad",
            "ヒドゥンクアッド",
            Some("Hidden Quad"),
            (54, Some(54)),
            BEYOND_FOUR,
            &[],
        ),
        info(
            T::ThreeStrongLinks,
            "3 Strong Links",
            "3本の強リンク",
            Some("3 Strong-linked Fishes"),
            (54, Some(57)),
            SE_GRIDS,
            &["3 Skyscrapers", "3-String Kite"],
        ),
        info(
            T::WXYZWing,
            "WXYZ-Wing",
            "WXYZウィング",
            Some("WXYZ-Wing"),
            (55, Some(56)),
            SE_GRIDS,
            &[],
        ),
        info(
            T::Bug,
            "BUG",
            "BUG",
            Some("Bivalue Universal Grave"),
            (56, Some(62)),
            SE_GRIDS,
            &["BUG+1"],
        ),
        info(
            T::FourStrongLinks,
            "4 Strong Links",
            "4本の強リンク",
            Some("4 Strong-Linked Fishes"),
            (58, Some(61)),
            Grids::X_WINDOKU,
            &[],
        ),
        info(
            T::VWXYZWing,
            "VWXYZ-Wing",
            "VWXYZウィング",
            Some("VWXYZ-Wing"),
            (62, Some(64)),
            SE_GRIDS,
            &[],
        ),
        info(
            T::AlignedPairExclusion,
            "Aligned Pair Exclusion",
            "アラインド・ペア・エクスクルージョン",
            Some("Aligned Pair Exclusion"),
            (62, Some(62)),
            SE_GRIDS,
            &["APE"],
        ),
        info(
            T::UVWXYZWing,
            "UVWXYZ-Wing",
            "UVWXYZウィング",
            Some("UVWXYZ-Wing"),
            (66, Some(66)),
            Grids::X_WINDOKU,
            &[],
        ),
        info(
            T::Cycles,
            "Chains and Cycles",
            "チェーンとループ",
            Some("Forcing Chains & Cycles"),
            (65, None),
            SE_AND_HOUSES,
            &[
                "X-Chain",
                "XY-Chain",
                "X-Cycle",
                "Y-Cycle",
                "Forcing Chain",
                "Alternating Inference Chain",
                "AIC",
                "Nice Loop",
            ],
        ),
        info(
            T::TUVWXYZWing,
            "TUVWXYZ-Wing",
            "TUVWXYZウィング",
            Some("TUVWXYZ-Wing"),
            (75, Some(75)),
            Grids::X_WINDOKU,
            &[],
        ),
        info(
            T::AlignedTripletExclusion,
            "Aligned Triplet Exclusion",
            "アラインド・トリプル・エクスクルージョン",
            Some("Aligned Triplet Exclusion"),
            (75, Some(75)),
            SE_GRIDS,
            &["ATE"],
        ),
        info(
            T::NishioForcingChain,
            "Nishio Forcing Chains",
            "ニシオ・フォーシングチェーン",
            Some("Nishio Forcing Chains"),
            (75, None),
            SE_GRIDS,
            &["Nishio"],
        ),
        info(
            T::MultipleForcingChain,
            "Multiple Forcing Chains",
            "マルチプル・フォーシングチェーン",
            Some("Multiple Forcing Chains"),
            (80, None),
            SE_GRIDS,
            &["Cell Forcing Chains", "Region Forcing Chains"],
        ),
        info(
            T::DynamicForcingChain,
            "Dynamic Forcing Chains",
            "ダイナミック・フォーシングチェーン",
            Some("Dynamic Forcing Chains"),
            (85, None),
            SE_GRIDS,
            &[],
        ),
        info(
            T::DynamicForcingChainPlus,
            "Dynamic Forcing Chains (+)",
            "ダイナミック・フォーシングチェーン（＋）",
            Some("Dynamic Forcing Chains (+)"),
            (90, None),
            SE_AND_HOUSES,
            &["Dynamic Forcing Chain"],
        ),
        info(
            T::NestedForcingChain,
            "Nested Forcing Chains",
            "ネスト・フォーシングチェーン",
            Some("Nested Forcing Chains"),
            (95, None),
            SE_GRIDS,
            &[],
        ),
        info(
            T::TrialAndError,
            "Trial and Error",
            "試行錯誤",
            None,
            (200, Some(200)),
            BEYOND_FOUR,
            &[],
        ),
        info(
            T::CageCombination,
            "Cage Combination",
            "ケージの組み合わせ",
            None,
            (13, Some(20)),
            Grids::KILLER,
            &["Cage Combinations"],
        ),
        info(
            T::CombinationLocking,
            "Combination Locking",
            "組み合わせのロック",
            None,
            (26, Some(26)),
            Grids::KILLER,
            &[],
        ),
        info(
            T::InniesOuties,
            "Innies and Outies",
            "45の法則",
            None,
            (25, Some(30)),
            Grids::KILLER,
            &["Rule of 45", "Innies", "Outies"],
        ),
        info(
            T::CageSplitting,
            "Cage Splitting",
            "ケージの分割",
            None,
            (33, Some(33)),
            Grids::KILLER,
            &[],
        ),
        info(
            T::KillerContradiction,
            "Contradiction",
            "背理法",
            None,
            (65, Some(65)),
            Grids::KILLER,
            &["Killer Contradiction"],
        ),
    ]
};

/// The registry's entry of a technique.
pub fn info_of(technique: Technique) -> &'static TechniqueInfo {
    let entry = &REGISTRY[technique as usize];
    debug_assert_eq!(entry.technique, technique);
    entry
}

/// A technique's name as solvers of `language` know it (the catalog's
/// `technique.<name>.name`: "Schwertfisch", "Espadon"); in English and Japanese the
/// registry's [`TechniqueInfo::name`] and [`TechniqueInfo::japanese`], which a test keeps
/// equal.
pub fn catalog_name(technique: Technique, language: crate::i18n::Language) -> &'static str {
    language.text(&format!("technique.{technique:?}.name"))
}

/// A family's name in `language` (the catalog's `family.<name>`, its registry name in
/// lower case, words joined by hyphens: `family.pointing-claiming`); the registry's name
/// where the catalog has none.
pub fn family_name(named: &Named, language: crate::i18n::Language) -> &'static str {
    let key = format!("family.{}", family_key(named.name));
    match language.catalog().get(&key) {
        Some(crate::i18n::Message::Text(text)) => text,
        _ => named.name,
    }
}

/// A grader step's name in `language`, given the name books print for it
/// ([`printed_step_name`]): the catalog's `step-name.<name>` (its lower case, words joined
/// by hyphens) for the kinds of chains and cycles solvers tell apart ("Xチェーン",
/// "X-Kette"), else the catalog's name of its technique.
pub fn catalog_step_name(
    technique: Technique,
    printed: &str,
    language: crate::i18n::Language,
) -> &'static str {
    let key = format!("step-name.{}", family_key(printed));
    match language.catalog().get(&key) {
        Some(crate::i18n::Message::Text(text)) => text,
        _ => catalog_name(technique, language),
    }
}

/// "Pointing & Claiming" → "pointing-claiming".
pub fn family_key(name: &str) -> String {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// The name a book prints for a technique.
pub fn printed_name(technique: Technique, japanese: bool) -> &'static str {
    info_of(technique).name_in(japanese)
}

/// The name solvers know for one grader step, from the technique and the grader's exact
/// name of the step (Sudoku Explainer's, e.g. "Skyscraper 011", "Forcing X-Chain"):
/// region-type codes go, strong links read as the patterns people name ("Turbot Fish"),
/// chains and cycles without SE's "Forcing" and "Bidirectional", and "Bivalue Universal
/// Grave" as "BUG". A step name that says no more than its technique prints as the
/// technique's name.
pub fn printed_step_name(technique: Technique, step_name: &str) -> String {
    use Technique as T;
    let without_code = match step_name.rsplit_once(' ') {
        Some((head, code)) if !code.is_empty() && code.chars().all(|c| c.is_ascii_digit()) => head,
        _ => step_name,
    };
    match technique {
        T::Skyscraper | T::TwoStringKite | T::TurbotFish => info_of(technique).name.to_string(),
        T::GroupedTurbotFish => match without_code {
            "Grouped Skyscraper" | "Grouped 2-String Kite" => without_code.to_string(),
            _ => info_of(technique).name.to_string(),
        },
        T::ThreeStrongLinks | T::FourStrongLinks => {
            without_code.replace("Strong links", "Strong Links")
        }
        T::Bug => step_name.replace("Bivalue Universal Grave", "BUG"),
        T::Cycles => match step_name {
            "Bidirectional X-Cycle" => "X-Cycle".to_string(),
            "Bidirectional Y-Cycle" => "XY-Cycle".to_string(),
            "Bidirectional Cycle" => "Cycle".to_string(),
            "Forcing X-Chain" => "X-Chain".to_string(),
            "Forcing Y-Chain" => "XY-Chain".to_string(),
            "" => info_of(technique).name.to_string(),
            other => other.to_string(),
        },
        _ if step_name.is_empty() || step_name == technique.name() => {
            info_of(technique).name.to_string()
        }
        _ => step_name.to_string(),
    }
}

/// A technique a request names: one technique, or a family a name covers ("Hidden
/// Single": in a box or in a line; SE's "Scraper, Kite, Turbot").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Named {
    /// The name as the registry prints it (the family's SE name for a family).
    pub name: &'static str,
    pub members: TechniqueSet,
}

impl Named {
    /// The family's techniques, in the graders' order.
    pub fn techniques(&self) -> impl Iterator<Item = Technique> + '_ {
        Technique::ALL
            .into_iter()
            .filter(|technique| self.members.contains(*technique))
    }

    /// The lowest and highest ratings of the family's steps (tenths; `None`: open).
    pub fn rating(&self) -> (u16, Option<u16>) {
        let mut low = u16::MAX;
        let mut high = Some(0u16);
        for technique in self.techniques() {
            let (l, h) = info_of(technique).rating;
            low = low.min(l);
            high = match (high, h) {
                (Some(a), Some(b)) => Some(a.max(b)),
                _ => None,
            };
        }
        (low, high)
    }

    /// The grids every member applies to (those any member applies to).
    pub fn grids(&self) -> Grids {
        self.techniques().fold(Grids(0), |grids, technique| {
            grids.or(info_of(technique).grids)
        })
    }

    /// The seed-path word of the name: its letters and digits, e.g. `X-Wing`.
    pub fn key(&self) -> String {
        self.name.split_whitespace().collect::<Vec<_>>().join("_")
    }
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A name reduced to what tells names apart: lower-case letters and digits ("x-wing",
/// "X Wing" and "XWing" are one name).
fn normal(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric() || *c == '+')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Finds the technique a person names: a printed name (English or Japanese), Sudoku
/// Explainer's name, or an alias; case, spaces and punctuation do not matter. A name that
/// is the printed name of one technique is that technique; one that several techniques
/// share (SE's names of families, "Hidden Single") is the family. Trial and error is not
/// a technique one can ask for. An unknown name is an input error naming the closest one.
pub fn find(name: &str) -> Result<Named> {
    let wanted = normal(name);
    let requestable = || {
        REGISTRY
            .iter()
            .filter(|info| info.technique != Technique::TrialAndError)
    };
    if !wanted.is_empty() {
        if let Some(info) = requestable()
            .find(|info| normal(info.name) == wanted || normal(info.japanese) == wanted)
        {
            return Ok(Named {
                name: info.name,
                members: TechniqueSet::empty().with(info.technique),
            });
        }
        let mut members = TechniqueSet::empty();
        let mut family = None;
        for info in requestable() {
            let se = info.se_name.filter(|se| normal(se) == wanted);
            let alias = info.aliases.iter().find(|alias| normal(alias) == wanted);
            if let Some(matched) = se.or(alias.copied()) {
                members = members.with(info.technique);
                family.get_or_insert(matched);
            }
        }
        if let Some(family) = family {
            let single = requestable()
                .filter(|info| members.contains(info.technique))
                .count()
                == 1;
            let name = if single {
                requestable()
                    .find(|info| members.contains(info.technique))
                    .map_or(family, |info| info.name)
            } else {
                family
            };
            return Ok(Named { name, members });
        }
    }
    let closest = closest_name(name);
    let mut error = Error::input(format!("unknown technique {name:?}"));
    error = match closest {
        Some(closest) => error.with_hint(format!(
            "did you mean {closest:?}? `puzzlebook sudoku techniques` lists every technique"
        )),
        None => error.with_hint("`puzzlebook sudoku techniques` lists every technique"),
    };
    Err(error)
}

/// The known name closest to `name` (printed names, SE names and aliases alike).
fn closest_name(name: &str) -> Option<&'static str> {
    let wanted = normal(name);
    let mut best: Option<(f64, &'static str)> = None;
    for info in REGISTRY
        .iter()
        .filter(|info| info.technique != Technique::TrialAndError)
    {
        let names = [info.name, info.japanese]
            .into_iter()
            .chain(info.se_name)
            .chain(info.aliases.iter().copied());
        for candidate in names {
            let score = strsim::jaro_winkler(&wanted, &normal(candidate));
            if best.is_none_or(|(top, _)| score > top) {
                best = Some((score, candidate));
            }
        }
    }
    best.filter(|(score, _)| *score > 0.7).map(|(_, name)| name)
}

/// The printed names of the techniques a request can name on `grids`, in the graders' order.
pub fn the_techniques_of(grids: Grids) -> Vec<&'static str> {
    REGISTRY
        .iter()
        .filter(|info| info.technique != Technique::TrialAndError && info.grids.contains(grids))
        .map(|info| info.name)
        .collect()
}

/// The techniques of `named` that the grader of `grids` uses; an input error saying which
/// grids it belongs to when there are none.
pub fn for_grids(named: Named, grids: Grids) -> Result<Named> {
    let members = named
        .techniques()
        .filter(|&technique| info_of(technique).grids.contains(grids))
        .fold(TechniqueSet::empty(), TechniqueSet::with);
    if members != TechniqueSet::empty() {
        return Ok(Named { members, ..named });
    }
    let belongs: Vec<&str> = named
        .techniques()
        .flat_map(|technique| info_of(technique).grids.names())
        .fold(Vec::new(), |mut names, name| {
            if !names.contains(&name) {
                names.push(name);
            }
            names
        });
    let hint = match (named.members.contains(Technique::Pointing) || named.members.contains(Technique::Claiming), grids) {
        (true, Grids::X_WINDOKU) => "X-sudoku and windoku are graded with generalized intersections instead: ask for \"Generalized Intersection\"".to_string(),
        (_, Grids::FOUR | Grids::FOUR_X) => format!(
            "hidden singles solve every 4×4 sudoku, so {} can need only {}; choose 6x6 for more",
            grids.describe(),
            the_techniques_of(grids).join(", ")
        ),
        _ => format!("it belongs to {}", belongs.join(", ")),
    };
    Err(Error::input(format!(
        "the grader of {} does not use {}",
        grids.describe(),
        named.name
    ))
    .with_hint(hint))
}
