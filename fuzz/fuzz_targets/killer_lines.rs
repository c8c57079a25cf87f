//! libFuzzer entry point; the input handling and the invariants are in `src/killer_lines.rs`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzlebook_fuzz::killer_lines::check(data));
