//! The fuzz targets' checks (`fuzz/src/`), run on stable over the committed seed corpus
//! (`fuzz/seeds/TARGET/`) and over every input that once made a target fail
//! (`tests/data/fuzz/TARGET/`, each file named after what it found). The fuzz crate itself
//! needs nightly flags and is never built here; its checks are plain functions over
//! puzzlebook's public API, included below.

#[path = "../fuzz/src/book_spec.rs"]
mod book_spec;
#[path = "../fuzz/src/font_file.rs"]
mod font_file;
#[path = "../fuzz/src/killer_lines.rs"]
mod killer_lines;
#[path = "../fuzz/src/mushikui_lines.rs"]
mod mushikui_lines;
#[path = "../fuzz/src/sudoku_chains.rs"]
mod sudoku_chains;
#[path = "../fuzz/src/sudoku_grade.rs"]
mod sudoku_grade;
#[path = "../fuzz/src/sudoku_lines.rs"]
mod sudoku_lines;
#[path = "../fuzz/src/variant_lines.rs"]
mod variant_lines;

use std::path::{Path, PathBuf};

/// The files of `dir` (none when it does not exist), in name order.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Runs `check` on the seeds and the regression inputs of `target`; returns how many ran.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = inputs(&root.join("fuzz/seeds").join(target));
    assert!(!files.is_empty(), "no seed corpus for {target}");
    files.extend(inputs(&root.join("tests/data/fuzz").join(target)));
    for file in &files {
        let data = std::fs::read(file).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} failed", file.display());
    }
    files.len()
}

#[test]
fn sudoku_lines() {
    replay("sudoku_lines", sudoku_lines::check);
}

#[test]
fn variant_lines() {
    replay("variant_lines", variant_lines::check);
}

#[test]
fn killer_lines() {
    replay("killer_lines", killer_lines::check);
}

#[test]
fn mushikui_lines() {
    replay("mushikui_lines", mushikui_lines::check);
}

#[test]
fn book_spec() {
    replay("book_spec", book_spec::check);
}

#[test]
fn sudoku_grade() {
    replay("sudoku_grade", sudoku_grade::check);
}

#[test]
fn sudoku_chains() {
    replay("sudoku_chains", sudoku_chains::check);
}

#[test]
fn font_file() {
    replay("font_file", font_file::check);
}
