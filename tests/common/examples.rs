//! The example books (examples/*.toml), built once for every test that reads them: the
//! manifest check and the cover check look at the same PDFs, so the 23 books are made once
//! per test run instead of once per test.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One example spec and the book built from it (its manifest beside it).
pub struct ExampleBook {
    pub name: String,
    pub spec: PathBuf,
    pub pdf: PathBuf,
}

/// The example specs, sorted by file name.
fn example_specs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut specs: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    specs.sort();
    specs
}

/// Every example built by `puzzlebook book SPEC -o NAME.pdf --quiet --no-record` (a series
/// example leaves its ledger as it is), each asserted to exit 0. Built on first use; the
/// tests only read the files.
pub fn example_books() -> &'static [ExampleBook] {
    static BOOKS: OnceLock<Vec<ExampleBook>> = OnceLock::new();
    BOOKS.get_or_init(|| {
        let dir = super::scratch("example-books");
        example_specs()
            .into_iter()
            .map(|spec| {
                let name = spec.file_stem().unwrap().to_string_lossy().into_owned();
                let pdf = dir.join(format!("{name}.pdf"));
                let code = super::puzzlebook(&[
                    "book",
                    spec.to_str().unwrap(),
                    "-o",
                    pdf.to_str().unwrap(),
                    "--quiet",
                    "--no-record",
                ]);
                assert_eq!(code, 0, "{name}");
                ExampleBook { name, spec, pdf }
            })
            .collect()
    })
}
