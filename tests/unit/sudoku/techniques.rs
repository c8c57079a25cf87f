use puzzlebook::sudoku::grade::Technique;
use puzzlebook::sudoku::techniques::*;

#[test]
fn the_registry_lists_every_technique_in_order() {
    for (index, technique) in Technique::ALL.into_iter().enumerate() {
        assert_eq!(REGISTRY[index].technique, technique);
        let info = info_of(technique);
        assert!(info.rates(technique.base_rating()), "{technique:?}");
        assert!(!info.japanese.is_empty());
    }
}

/// The catalogs name every technique; English and Japanese as the registry does, and
/// no two techniques alike in one language.
#[test]
fn every_catalog_names_every_technique() {
    use puzzlebook::i18n::Language;
    for technique in Technique::ALL {
        let info = info_of(technique);
        assert_eq!(catalog_name(technique, Language::ENGLISH), info.name);
        assert_eq!(catalog_name(technique, Language::JAPANESE), info.japanese);
    }
    for language in Language::all() {
        let mut names: Vec<&str> = Technique::ALL
            .iter()
            .map(|&technique| catalog_name(technique, language))
            .collect();
        assert!(names.iter().all(|name| !name.is_empty()), "{language:?}");
        names.sort_unstable();
        let count = names.len();
        names.dedup();
        assert_eq!(
            names.len(),
            count,
            "{language:?}: two techniques share a name"
        );
    }
}

/// Every family of several techniques has its name in every catalog.
#[test]
fn every_catalog_names_every_family() {
    for info in &REGISTRY {
        let Some(se) = info.se_name else { continue };
        let named = find(se).unwrap();
        if named.techniques().count() < 2 {
            continue;
        }
        let key = format!("family.{}", family_key(named.name));
        for language in puzzlebook::i18n::Language::all() {
            assert!(language.catalog().get(&key).is_some(), "{language:?} {key}");
        }
        assert_eq!(
            family_name(&named, puzzlebook::i18n::Language::ENGLISH),
            named.name
        );
    }
}

#[test]
fn names_are_found_however_they_are_written() {
    let x_wing = find("x wing").unwrap();
    assert_eq!(x_wing.name, "X-Wing");
    assert_eq!(x_wing.techniques().collect::<Vec<_>>(), [Technique::XWing]);
    assert_eq!(find("XWING").unwrap(), x_wing);
    assert_eq!(find("井桁（X-Wing）").unwrap(), x_wing);
    assert_eq!(find("Hidden Triplet").unwrap().name, "Hidden Triple");
    let singles = find("Hidden Single").unwrap();
    assert_eq!(
        singles.techniques().collect::<Vec<_>>(),
        [Technique::HiddenSingleBox, Technique::HiddenSingleLine]
    );
    assert_eq!(
        find("Scraper, Kite, Turbot").unwrap().techniques().count(),
        4
    );
    assert_eq!(
        find("innies and outies")
            .unwrap()
            .techniques()
            .collect::<Vec<_>>(),
        [Technique::InniesOuties]
    );
    assert_eq!(find("Y-Wing").unwrap().name, "XY-Wing");
}

#[test]
fn unknown_names_suggest_the_closest() {
    let error = find("X-Wang").unwrap_err();
    assert_eq!(error.exit_code(), 2);
    assert!(
        error.hint().unwrap_or("").contains("\"X-Wing\""),
        "{error:?}"
    );
    let error = find("Jelyfish").unwrap_err();
    assert!(
        error.hint().unwrap_or("").contains("\"Jellyfish\""),
        "{error:?}"
    );
    assert!(find("Trial and Error").is_err());
}

#[test]
fn step_names_print_as_solvers_know_them() {
    use Technique as T;
    for (technique, step, printed) in [
        (T::Skyscraper, "Skyscraper 011", "Skyscraper"),
        (T::TurbotFish, "2 Strong links 001", "Turbot Fish"),
        (T::TwoStringKite, "2-String Kite 012", "2-String Kite"),
        (
            T::GroupedTurbotFish,
            "Grouped Skyscraper 111",
            "Grouped Skyscraper",
        ),
        (
            T::GroupedTurbotFish,
            "Grouped 2 Strong links 101",
            "Grouped Turbot Fish",
        ),
        (T::ThreeStrongLinks, "3 Strong links 0102", "3 Strong Links"),
        (
            T::ThreeStrongLinks,
            "Grouped 3-String Kite 1112",
            "Grouped 3-String Kite",
        ),
        (T::Bug, "Bivalue Universal Grave type 1", "BUG type 1"),
        (T::Cycles, "Forcing X-Chain", "X-Chain"),
        (T::Cycles, "Bidirectional Y-Cycle", "XY-Cycle"),
        (
            T::UniqueRectangle,
            "Unique Rectangle type 2",
            "Unique Rectangle type 2",
        ),
        (
            T::HiddenSingleBox,
            "Hidden Single (box)",
            "Hidden Single (box)",
        ),
        (
            T::MultipleForcingChain,
            "Cell Forcing Chains",
            "Cell Forcing Chains",
        ),
    ] {
        assert_eq!(printed_step_name(technique, step), printed, "{step}");
    }
}

#[test]
fn techniques_belong_to_their_graders() {
    assert!(for_grids(find("X-Wing").unwrap(), Grids::KILLER).is_ok());
    assert!(for_grids(find("Cage Combination").unwrap(), Grids::CLASSIC).is_err());
    let error = for_grids(find("Pointing").unwrap(), Grids::X_WINDOKU).unwrap_err();
    assert!(
        error
            .hint()
            .unwrap_or("")
            .contains("Generalized Intersection")
    );
    assert!(for_grids(find("Skyscraper").unwrap(), Grids::HOUSES).is_err());
    assert!(for_grids(find("4 Strong Links").unwrap(), Grids::CLASSIC).is_err());
    let family = for_grids(find("Pointing & Claiming").unwrap(), Grids::KILLER).unwrap();
    assert_eq!(family.techniques().count(), 2);
}

/// A 4×4 takes only the singles hidden singles reach (see the canon tests' exhaustive
/// grading); asking for anything else names them.
#[test]
fn a_4x4_takes_only_hidden_singles_and_full_houses() {
    assert_eq!(
        the_techniques_of(Grids::FOUR),
        ["Full House", "Hidden Single (box)"]
    );
    assert_eq!(
        the_techniques_of(Grids::FOUR_X),
        ["Full House", "Hidden Single (box)", "Hidden Single (line)"]
    );
    let singles = for_grids(find("Hidden Single").unwrap(), Grids::FOUR).unwrap();
    assert_eq!(singles.techniques().count(), 1);
    let singles = for_grids(find("Hidden Single").unwrap(), Grids::FOUR_X).unwrap();
    assert_eq!(singles.techniques().count(), 2);
    assert!(for_grids(find("Hidden Single (line)").unwrap(), Grids::FOUR).is_err());
    for name in ["Naked Single", "Pointing", "X-Wing", "Naked Pair"] {
        for grids in [Grids::FOUR, Grids::FOUR_X] {
            let error = for_grids(find(name).unwrap(), grids).unwrap_err();
            assert_eq!(error.exit_code(), 2);
            let hint = error.hint().unwrap_or("");
            assert!(hint.contains("Hidden Single (box)"), "{name}: {hint}");
        }
    }
    assert!(for_grids(find("Naked Single").unwrap(), Grids::HOUSES).is_ok());
}
