//! Interrupting a book build (Ctrl-C, or a scheduler's SIGTERM) leaves no partial file and
//! no output: the directory is byte-for-byte what it was, older book and manifest included.

#![cfg(unix)]

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::scratch;

/// Every file of `dir` with its contents.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect()
}

fn partial_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.file_name().to_string_lossy().ends_with(".partial"))
        .count()
}

/// Starts a long build next to an older book, sends `signal` once the build has opened its
/// temporary outputs and then worked for `busy`, and checks what is left.
fn interrupt(name: &str, signal: libc::c_int, busy: Duration) {
    let dir = scratch(name);
    // Enough graded puzzles to keep the build busy far longer than the test waits.
    let spec = "title = \"Long\"\n[front]\ncontents = false\n[[section]]\nkind = \"sudoku\"\ncount = 5000\ntier = \"expert\"\n";
    std::fs::write(dir.join("long.toml"), spec).unwrap();
    std::fs::write(dir.join("long.pdf"), b"%PDF-1.7 an older book").unwrap();
    std::fs::write(dir.join("long.json"), b"{\"older\": true}").unwrap();
    let before = snapshot(&dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
        .args([
            "book",
            "long.toml",
            "-o",
            "long.pdf",
            "--quiet",
            "--jobs",
            "2",
        ])
        .current_dir(&dir)
        .spawn()
        .unwrap();
    let started = Instant::now();
    while partial_files(&dir) < 2 && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(partial_files(&dir), 2, "the build never opened its outputs");
    std::thread::sleep(busy);
    assert!(
        child.try_wait().unwrap().is_none(),
        "the build ended before it was interrupted"
    );
    assert_eq!(partial_files(&dir), 2);
    // SAFETY: sends a signal to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + signal), "{status:?}");
    assert_eq!(partial_files(&dir), 0, "partial files left behind");
    assert!(
        snapshot(&dir) == before,
        "the directory changed: {:?}",
        snapshot(&dir).keys().collect::<Vec<_>>()
    );
}

#[test]
fn ctrl_c_as_soon_as_the_outputs_are_open_leaves_nothing_behind() {
    interrupt("interrupt-early", libc::SIGINT, Duration::ZERO);
}

#[test]
fn ctrl_c_while_puzzles_are_made_leaves_nothing_behind() {
    interrupt("interrupt-busy", libc::SIGINT, Duration::from_millis(400));
}

#[test]
fn sigterm_while_puzzles_are_made_leaves_nothing_behind() {
    interrupt("terminate-busy", libc::SIGTERM, Duration::from_millis(200));
}

/// A build started with SIGHUP ignored (as `nohup` starts it) keeps it ignored: the hangup
/// neither ends the build nor costs it its output.
#[test]
fn a_hangup_under_nohup_is_ignored() {
    use std::os::unix::process::CommandExt;

    let dir = scratch("interrupt-nohup");
    let spec = "title = \"Nohup\"\n[front]\ncontents = false\n[[section]]\nkind = \"sudoku\"\ncount = 150\ntier = \"medium\"\n";
    std::fs::write(dir.join("nohup.toml"), spec).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    command
        .args(["book", "nohup.toml", "--quiet", "--jobs", "1"])
        .current_dir(&dir);
    // SAFETY: between fork and exec the child only calls signal(2), which is
    // async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_IGN);
            Ok(())
        });
    }
    let mut child = command.spawn().unwrap();
    let started = Instant::now();
    while partial_files(&dir) < 2 && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(partial_files(&dir), 2, "the build never opened its outputs");
    assert!(
        child.try_wait().unwrap().is_none(),
        "the build ended before the hangup"
    );
    // SAFETY: sends a signal to our own child process.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGHUP) },
        0
    );
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(
        std::fs::read(dir.join("nohup.pdf"))
            .unwrap()
            .starts_with(b"%PDF")
    );
    assert_eq!(partial_files(&dir), 0);
}
