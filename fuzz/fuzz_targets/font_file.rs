//! libFuzzer entry point; the input handling and the invariants are in `src/font_file.rs`.
//!
//! puzzlebook's renderer runs the PDF library under `catch_unwind`, so a font the library
//! panics on becomes an input error. libfuzzer-sys's panic hook would abort on such a caught
//! panic too; this target replaces it with one that only prints, so what fails the run is a
//! panic that escapes puzzlebook (libfuzzer-sys still aborts on those).

#![no_main]

use std::sync::Once;

static PRINT_ONLY_HOOK: Once = Once::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    PRINT_ONLY_HOOK.call_once(|| std::panic::set_hook(Box::new(|info| eprintln!("{info}"))));
    puzzlebook_fuzz::font_file::check(data)
});
