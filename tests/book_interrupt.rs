//! Interrupting a run that writes files (Ctrl-C, or a scheduler's SIGTERM) leaves no partial
//! file and no output: the directory is byte-for-byte what it was, older book and manifest
//! included. Temporary files exist only while outputs are written, so even a run killed
//! outright (SIGKILL) leaves none, and runs that write many files (`export`, `preview`)
//! write all of them or none.

#![cfg(unix)]

use crate::common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use common::scratch;

/// Every file under `dir` (depth first) with its contents.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.insert(path.clone(), Vec::new());
            files.extend(snapshot(&path));
        } else {
            let bytes = std::fs::read(&path).unwrap();
            files.insert(path, bytes);
        }
    }
    files
}

/// The temporary files and directories under `dir`.
fn partial_files(dir: &Path) -> Vec<PathBuf> {
    snapshot(dir)
        .into_keys()
        .filter(|path| path.to_string_lossy().ends_with(".partial"))
        .collect()
}

/// The program, with Ctrl-C and SIGTERM at their default action as in a terminal. A shell
/// script that runs the tests in the background (`cargo test &`) starts them with SIGINT
/// ignored, and an ignored signal stays ignored across exec: puzzlebook rightly keeps it so
/// (as under nohup), which is not what these tests are about.
fn puzzlebook_as_in_a_terminal() -> Command {
    use std::os::unix::process::CommandExt;

    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    // SAFETY: between fork and exec the child only calls signal(2), which is
    // async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            Ok(())
        });
    }
    command
}

/// Starts `puzzlebook -v ARGS` in `dir`; its standard error lines arrive on the receiver.
fn start(dir: &Path, args: &[&str]) -> (Child, Receiver<String>) {
    let mut child = puzzlebook_as_in_a_terminal()
        .arg("-v")
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (sender, receiver) = channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    (child, receiver)
}

/// Waits until the run says it has started making puzzles (`-v` prints its thread count
/// then): by that time its outputs are checked and interrupts armed.
fn wait_until_making(lines: &Receiver<String>) {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if let Ok(line) = lines.recv_timeout(Duration::from_millis(100))
            && line.contains("worker threads")
        {
            return;
        }
    }
    panic!("the run never started making puzzles");
}

fn send(child: &Child, signal: libc::c_int) {
    // SAFETY: sends a signal to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
}

/// Enough graded puzzles to keep a run busy far longer than the tests wait.
const LONG: &str = "title = \"Long\"\n[front]\ncontents = false\n[[section]]\nkind = \"sudoku\"\ncount = 5000\ntier = \"expert\"\n";

/// Starts a long build next to an older book, sends `signal` once the build has been
/// making puzzles for `busy`, and checks what is left.
fn interrupt(name: &str, signal: libc::c_int, busy: Duration) {
    let dir = scratch(name);
    std::fs::write(dir.join("long.toml"), LONG).unwrap();
    std::fs::write(dir.join("long.pdf"), b"%PDF-1.7 an older book").unwrap();
    std::fs::write(dir.join("long.json"), b"{\"older\": true}").unwrap();
    let before = snapshot(&dir);
    let (mut child, lines) = start(
        &dir,
        &["book", "long.toml", "-o", "long.pdf", "--jobs", "2"],
    );
    wait_until_making(&lines);
    std::thread::sleep(busy);
    assert!(
        child.try_wait().unwrap().is_none(),
        "the build ended before it was interrupted"
    );
    // Nothing is written before the book is made.
    assert_eq!(partial_files(&dir), Vec::<PathBuf>::new());
    send(&child, signal);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + signal), "{status:?}");
    assert_eq!(partial_files(&dir), Vec::<PathBuf>::new());
    assert!(
        snapshot(&dir) == before,
        "the directory changed: {:?}",
        snapshot(&dir).keys().collect::<Vec<_>>()
    );
}

#[test]
fn ctrl_c_as_soon_as_the_outputs_are_checked_leaves_nothing_behind() {
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

/// `export` and `preview` stop the same way: exit 128 + the signal, nothing written, no
/// temporary file or directory left, from the start of the run on.
#[test]
fn export_and_preview_interrupted_leave_nothing_behind() {
    let dir = scratch("interrupt-export");
    std::fs::write(dir.join("long.toml"), LONG).unwrap();
    std::fs::create_dir(dir.join("kept")).unwrap();
    std::fs::write(dir.join("kept/001.svg"), b"<svg/>").unwrap();
    let before = snapshot(&dir);
    let runs: [&[&str]; 3] = [
        &["export", "long.toml", "--to", "new", "--format", "svg"],
        &["export", "long.toml", "--to", "kept", "--format", "png"],
        &["preview", "long.toml", "--pages", "1..3", "-o", "page.png"],
    ];
    for args in runs {
        for signal in [libc::SIGINT, libc::SIGTERM] {
            let (mut child, lines) = start(&dir, args);
            wait_until_making(&lines);
            send(&child, signal);
            let status = child.wait().unwrap();
            assert_eq!(status.code(), Some(128 + signal), "{args:?}: {status:?}");
            assert!(
                snapshot(&dir) == before,
                "{args:?}: the directory changed: {:?}",
                snapshot(&dir).keys().collect::<Vec<_>>()
            );
        }
    }
}

/// However late an interrupt comes, a run that writes many files leaves either all of them
/// and says it succeeded (exit 0), or none and says it was interrupted (exit 130).
#[test]
fn many_files_are_written_all_or_none() {
    let dir = scratch("interrupt-all-or-none");
    let spec = "title = \"Short\"\n[front]\ncontents = false\n[[section]]\nkind = \"sudoku\"\ncount = 60\ntier = \"easy\"\n";
    std::fs::write(dir.join("short.toml"), spec).unwrap();
    // The full set, from an uninterrupted run.
    assert_eq!(
        common::puzzlebook(&[
            "export",
            dir.join("short.toml").to_str().unwrap(),
            "--to",
            dir.join("full").to_str().unwrap(),
            "--format",
            "svg",
            "--quiet",
        ]),
        0
    );
    let full: Vec<_> = {
        let mut names: Vec<_> = std::fs::read_dir(dir.join("full"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        names.sort();
        names
    };
    assert_eq!(full.len(), 120);
    let mut outcomes = BTreeMap::new();
    // Every millisecond of the first 20 (the run checks its output directory and starts
    // its work there), then further apart.
    let delays = (1..=20).chain([30, 40, 80, 120, 160, 240, 320, 480, 640, 960]);
    for delay in delays {
        let _ = std::fs::remove_dir_all(dir.join("out"));
        let mut child = puzzlebook_as_in_a_terminal()
            .args(["export", "short.toml", "--to", "out", "--format", "svg"])
            .current_dir(&dir)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay));
        send(&child, libc::SIGINT);
        let status = child.wait().unwrap();
        assert_eq!(
            partial_files(&dir),
            Vec::<PathBuf>::new(),
            "after {delay} ms"
        );
        match status.code() {
            Some(0) => {
                let mut names: Vec<_> = std::fs::read_dir(dir.join("out"))
                    .unwrap()
                    .map(|entry| entry.unwrap().file_name())
                    .collect();
                names.sort();
                assert_eq!(names, full, "after {delay} ms");
            }
            Some(130) => assert!(!dir.join("out").exists(), "after {delay} ms"),
            // Before the program has started at all, the signal ends it as it would any
            // program; it has written nothing.
            None => assert!(!dir.join("out").exists(), "after {delay} ms"),
            other => panic!("after {delay} ms: exit {other:?}"),
        }
        *outcomes.entry(status.code()).or_insert(0) += 1;
    }
    assert!(
        outcomes.len() >= 2 || outcomes.contains_key(&Some(130)),
        "{outcomes:?}"
    );
}

/// Temporary files that runs killed outright left behind (they cannot clean up) are
/// removed by the next run that writes the same output; those of a run still going stay.
#[test]
fn the_next_run_removes_what_killed_runs_left() {
    let dir = scratch("interrupt-stale");
    std::fs::write(
        dir.join("book.toml"),
        "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n",
    )
    .unwrap();
    // A run that was killed (no such process: above any process id Linux gives out).
    let dead = dir.join(".book.pdf.4294967.AbC123.partial");
    // From an earlier version, untouched for two hours.
    let old = dir.join(".book.json.XyZ789.partial");
    // A run still going: this test process.
    let live = dir.join(format!(".book.pdf.{}.Qwe456.partial", std::process::id()));
    // Another output's temporary file.
    let other = dir.join(".other.pdf.4294967.AbC123.partial");
    for path in [&dead, &old, &live, &other] {
        std::fs::write(path, b"half a file").unwrap();
    }
    let two_hours_ago = std::time::SystemTime::now() - Duration::from_secs(7200);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(two_hours_ago)
        .unwrap();
    let spec = dir.join("book.toml");
    assert_eq!(
        common::puzzlebook(&["book", spec.to_str().unwrap(), "--quiet"]),
        0
    );
    assert!(!dead.exists(), "a killed run's file is left");
    assert!(!old.exists(), "an old version's file is left");
    assert!(live.exists(), "a running run's file was removed");
    assert!(other.exists(), "another output's file was removed");
}

/// A file size limit (`ulimit -f`) reached while writing is an error like any other: the
/// run reports it (exit 1) and leaves no partial file, instead of dying by SIGXFSZ.
#[test]
fn a_file_size_limit_is_an_error_that_leaves_nothing_behind() {
    use std::os::unix::process::CommandExt;

    let dir = scratch("interrupt-file-size");
    std::fs::write(
        dir.join("book.toml"),
        "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 6\n",
    )
    .unwrap();
    std::fs::write(dir.join("book.pdf"), b"%PDF-1.7 an older book").unwrap();
    let before = snapshot(&dir);
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    command
        .args(["book", "book.toml", "--quiet"])
        .current_dir(&dir)
        .stderr(Stdio::piped());
    // SAFETY: between fork and exec the child only calls setrlimit(2), which is
    // async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 4096,
                rlim_max: 4096,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let output = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{:?} {stderr}",
        output.status
    );
    assert!(stderr.contains("cannot write"), "{stderr}");
    assert!(snapshot(&dir) == before, "the directory changed");
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
        .args(["-v", "book", "nohup.toml", "--jobs", "1"])
        .current_dir(&dir)
        .stderr(Stdio::piped());
    // SAFETY: between fork and exec the child only calls signal(2), which is
    // async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_IGN);
            Ok(())
        });
    }
    let mut child = command.spawn().unwrap();
    let (sender, lines) = channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = sender.send(line);
        }
    });
    wait_until_making(&lines);
    assert!(
        child.try_wait().unwrap().is_none(),
        "the build ended before the hangup"
    );
    send(&child, libc::SIGHUP);
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(
        std::fs::read(dir.join("nohup.pdf"))
            .unwrap()
            .starts_with(b"%PDF")
    );
    assert_eq!(partial_files(&dir), Vec::<PathBuf>::new());
}
