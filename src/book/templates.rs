//! The page presets in `templates/`, compiled in so a book builds without the repository.

/// (name a spec uses, TOML text), in the order the docs list them.
pub const ALL: [(&str, &str); 7] = [
    ("a4", include_str!("../../templates/a4.toml")),
    ("letter", include_str!("../../templates/letter.toml")),
    ("a5", include_str!("../../templates/a5.toml")),
    ("kdp-6x9", include_str!("../../templates/kdp-6x9.toml")),
    (
        "kdp-8.5x11-large",
        include_str!("../../templates/kdp-8.5x11-large.toml"),
    ),
    (
        "newsletter",
        include_str!("../../templates/newsletter.toml"),
    ),
    (
        "newsletter-letter",
        include_str!("../../templates/newsletter-letter.toml"),
    ),
];

/// The template used when a spec names none.
pub const DEFAULT: (&str, &str) = ALL[0];

/// A template by the name a spec uses (case-insensitive).
pub fn find(name: &str) -> Option<(&'static str, &'static str)> {
    ALL.into_iter()
        .find(|(key, _)| key.eq_ignore_ascii_case(name.trim()))
}
