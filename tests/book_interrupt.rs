//! Interrupting a book build (Ctrl-C) leaves no partial file and no output.

#![cfg(unix)]

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::scratch;

#[test]
fn ctrl_c_leaves_nothing_behind() {
    let dir = scratch("interrupt");
    // Enough graded puzzles to keep the build busy for a while.
    let spec = "title = \"Long\"\n[front]\ncontents = false\n[[section]]\nkind = \"sudoku\"\ncount = 5000\ntier = \"expert\"\n";
    let spec_path = dir.join("long.toml");
    std::fs::write(&spec_path, spec).unwrap();
    let pdf = dir.join("long.pdf");
    std::fs::write(&pdf, b"an older book").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
        .args([
            "book",
            spec_path.to_str().unwrap(),
            "-o",
            pdf.to_str().unwrap(),
            "--quiet",
        ])
        .spawn()
        .unwrap();
    // Wait until the build has opened its temporary files, then interrupt it.
    let started = Instant::now();
    let partial = |dir: &std::path::Path| {
        std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|entry| entry.ok())
            .filter(|entry| entry.file_name().to_string_lossy().ends_with(".partial"))
            .count()
    };
    while partial(&dir) < 2 && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(partial(&dir), 2, "the build never opened its outputs");
    // SAFETY: sends SIGINT to our own child process.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let status = child.wait().unwrap();
    assert!(!status.success());
    assert_eq!(status.code(), Some(130));
    assert_eq!(partial(&dir), 0, "partial files left behind");
    assert_eq!(std::fs::read(&pdf).unwrap(), b"an older book");
    assert!(!dir.join("long.json").exists());
}
