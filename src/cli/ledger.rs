//! `puzzlebook ledger …`, and the ledger file work every book of a series does.
//!
//! A ledger ([`crate::book::series`]) is read under a shared lock and written under an
//! exclusive one (std's `File::lock`, an advisory `flock` on Unix): a record is appended
//! whole with one write, then flushed to disk (`sync_data`) before the lock is let go.
//! A build killed while writing leaves at most one unfinished record at the end, which
//! readers pass over and the next writer cuts off; so two builds at once are recorded one
//! after the other, and the second to lock sees the first's record before it writes.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::Ui;
use super::io::{Input, Output, describe, interrupt, read_file, utf8_text};
use crate::book::distinct::key_of_line;
use crate::book::series::{Ledger, RecordHead, describe as describe_book, new_ledger, record_text};
use crate::error::Error;

/// The largest ledger read (a key is at most a few hundred bytes: millions of puzzles).
const MAX_LEDGER_BYTES: u64 = 1 << 30;
/// The largest manifest read.
const MAX_MANIFEST_BYTES: u64 = 256 << 20;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a new, empty series ledger.
    #[command(after_help = "\
A series ledger holds the canonical key of every puzzle a series has printed. Name it in
the book spec as [series] ledger = \"FILE\": every book built with it then skips the
puzzles already printed, and records its own.

Example:
  puzzlebook ledger init weekly.ledger")]
    Init(InitArgs),
    /// Record the puzzles of built books (their manifests) in a ledger.
    #[command(after_help = "\
Each MANIFEST is the JSON file `puzzlebook book` writes beside the PDF. Its puzzles are read
again and their keys recorded under the book's seed and issue; puzzles the book already has
in the ledger are not recorded twice. Books built with [series] record themselves: this is
for books made before the ledger, or built with --no-record.

Example:
  puzzlebook ledger record weekly.ledger week-47.json")]
    Record(RecordArgs),
    /// Check a book (its manifest) or a puzzle bank against a ledger.
    #[command(after_help = "\
Prints each puzzle of FILE that is the same as one in the ledger, with the book it appeared
in. FILE is a manifest (.json) or a bank: puzzle lines of any kind, or JSON Lines with a
\"puzzle\" field. Exit code 0 when none is, 1 when some are.

Examples:
  puzzlebook ledger check weekly.ledger week-49.json
  puzzlebook ledger check weekly.ledger hard.jsonl")]
    Check(CheckArgs),
    /// List the books a ledger has recorded, or (--keys) every key as text.
    #[command(after_help = "\
Without --keys: one line per record, RECORD DATE PUZZLES TITLE SEED ISSUE (tab-separated).
With --keys: one line per puzzle, KEY RECORD NUMBER (tab-separated): the ledger as plain
text, to keep elsewhere or compare with other tools.

Examples:
  puzzlebook ledger list weekly.ledger
  puzzlebook ledger list weekly.ledger --keys > weekly-keys.txt")]
    List(ListArgs),
}

#[derive(Debug, Args)]
pub struct InitArgs {
    /// The ledger file to create (it must not exist).
    ledger: PathBuf,
}

#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The ledger.
    ledger: PathBuf,
    /// Book manifests (OUT.json), recorded in order.
    #[arg(required = true)]
    manifests: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The ledger.
    ledger: PathBuf,
    /// Manifests or puzzle banks; standard input when absent or '-'.
    files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// The ledger.
    ledger: PathBuf,
    /// Every key instead of one line per record.
    #[arg(long)]
    keys: bool,
}

pub fn run(command: Command, ui: Ui) -> Result<i32, Error> {
    match command {
        Command::Init(args) => init(&args.ledger, ui),
        Command::Record(args) => record(args, ui),
        Command::Check(args) => check(args, ui),
        Command::List(args) => list(args, ui),
    }
}

/// A ledger's error, placed in its file.
fn in_ledger(path: &Path, error: Error) -> Error {
    error.in_file(path.display().to_string())
}

/// The error for a ledger that cannot be opened.
fn unreadable(path: &Path, error: &std::io::Error) -> Error {
    Error::input(format!(
        "cannot read the series ledger {}: {}",
        path.display(),
        describe(error)
    ))
    .with_hint(format!(
        "create it with `puzzlebook ledger init {}`, or correct the path",
        path.display()
    ))
}

fn read_locked(file: &mut File, path: &Path) -> Result<(Vec<u8>, Ledger), Error> {
    let mut bytes = Vec::new();
    file.take(MAX_LEDGER_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| unreadable(path, &error))?;
    if bytes.len() as u64 > MAX_LEDGER_BYTES {
        return Err(Error::input(format!(
            "the series ledger {} is larger than {} MiB",
            path.display(),
            MAX_LEDGER_BYTES >> 20
        )));
    }
    let ledger = Ledger::parse(&bytes).map_err(|error| in_ledger(path, error))?;
    Ok((bytes, ledger))
}

/// Reads a ledger under a shared lock (a writer's record is never seen half written).
pub fn read(path: &Path) -> Result<Ledger, Error> {
    if path.is_dir() {
        return Err(Error::input(format!(
            "the series ledger {} is a directory",
            path.display()
        )));
    }
    let mut file = File::open(path).map_err(|error| unreadable(path, &error))?;
    file.lock_shared()
        .map_err(|error| unreadable(path, &error))?;
    let (_, ledger) = read_locked(&mut file, path)?;
    Ok(ledger)
}

/// A ledger held under an exclusive lock until dropped.
pub struct Locked {
    file: File,
    path: PathBuf,
    ledger: Ledger,
}

impl Locked {
    /// Opens and locks a ledger (waiting for another build's lock), and reads it.
    pub fn open(path: &Path) -> Result<Locked, Error> {
        if path.is_dir() {
            return Err(Error::input(format!(
                "the series ledger {} is a directory",
                path.display()
            )));
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|error| unreadable(path, &error))?;
        file.lock().map_err(|error| unreadable(path, &error))?;
        let (_, ledger) = read_locked(&mut file, path)?;
        Ok(Locked {
            file,
            path: path.to_path_buf(),
            ledger,
        })
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// Appends a record's text (cutting off an unfinished record first) and flushes it to
    /// disk; the ledger as held is read again from what was written.
    pub fn append(&mut self, text: &str) -> Result<(), Error> {
        let failed = |error: std::io::Error| {
            Error::runtime(format!(
                "cannot write the series ledger {}: {}",
                self.path.display(),
                describe(&error)
            ))
        };
        let whole = self.ledger.whole_len as u64;
        interrupt::deferred(|| -> Result<(), Error> {
            if self.ledger.torn {
                self.file.set_len(whole).map_err(failed)?;
            }
            self.file.seek(SeekFrom::Start(whole)).map_err(failed)?;
            let bytes = text.as_bytes();
            // A test hook: stop half way through a record for the milliseconds it says, so
            // that a test can kill the process mid-write or start another build meanwhile.
            let pause = std::env::var("PUZZLEBOOK_TEST_LEDGER_PAUSE_MS")
                .ok()
                .and_then(|text| text.parse::<u64>().ok());
            if let Some(pause) = pause {
                let half = bytes.len() / 2;
                self.file.write_all(&bytes[..half]).map_err(failed)?;
                self.file.sync_data().map_err(failed)?;
                eprintln!("ledger: paused mid-write");
                std::thread::sleep(std::time::Duration::from_millis(pause));
                self.file.write_all(&bytes[half..]).map_err(failed)?;
            } else {
                self.file.write_all(bytes).map_err(failed)?;
            }
            self.file.sync_data().map_err(failed)
        })?;
        self.file.seek(SeekFrom::Start(0)).map_err(failed)?;
        let (_, ledger) = read_locked(&mut self.file, &self.path)?;
        self.ledger = ledger;
        Ok(())
    }
}

/// A test hook: before a build locks its ledger to record, wait (at most a minute) until the
/// file `PUZZLEBOOK_TEST_LEDGER_BARRIER` names exists, so that a test can have two builds
/// read the ledger before either records, however the machine schedules them.
pub fn wait_for_test_barrier() {
    let Some(barrier) = std::env::var_os("PUZZLEBOOK_TEST_LEDGER_BARRIER") else {
        return;
    };
    eprintln!("ledger: waiting to record");
    let started = std::time::Instant::now();
    while !Path::new(&barrier).exists() && started.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// The time now, as a record's `recorded` field (UTC).
pub fn now_text() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() as i64);
    crate::book::series::utc_text(seconds)
}

/// Records `keys` (a book's puzzles in order, numbered from 1) under `head`, leaving out
/// those the book already has in the ledger; returns how many were added.
pub fn record_keys(
    locked: &mut Locked,
    head: &RecordHead,
    keys: &[String],
) -> Result<usize, Error> {
    let recorded = locked.ledger().recorded_for(&head.book());
    let mut fresh: Vec<(usize, String)> = Vec::new();
    let mut seen = HashSet::new();
    for (index, key) in keys.iter().enumerate() {
        if !recorded.contains(key) && seen.insert(key) {
            fresh.push((index + 1, key.clone()));
        }
    }
    if fresh.is_empty() {
        return Ok(0);
    }
    let text = record_text(locked.ledger().next_seq(), head, &fresh);
    locked.append(&text)?;
    Ok(fresh.len())
}

fn init(path: &Path, ui: Ui) -> Result<i32, Error> {
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|error| {
            if error.kind() == std::io::ErrorKind::AlreadyExists {
                Error::input(format!("{} already exists", path.display()))
                    .with_hint("a ledger is created once; choose another name to start a new one")
            } else {
                Error::input(format!(
                    "cannot create {}: {}",
                    path.display(),
                    describe(&error)
                ))
            }
        })?;
    file.write_all(new_ledger().as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|error| {
            Error::runtime(format!(
                "cannot write {}: {}",
                path.display(),
                describe(&error)
            ))
        })?;
    ui.say(format_args!(
        "{}: a new, empty series ledger",
        path.display()
    ));
    Ok(0)
}

/// What `record` and `check` read from a manifest.
#[derive(serde::Deserialize)]
struct ManifestBook {
    title: String,
    seed: String,
    #[serde(default)]
    issue: Option<String>,
    puzzles: Vec<ManifestPuzzle>,
}

#[derive(serde::Deserialize)]
struct ManifestPuzzle {
    number: usize,
    puzzle: String,
}

fn read_manifest(path: &Path) -> Result<ManifestBook, Error> {
    let bytes = read_file(path, MAX_MANIFEST_BYTES).map_err(|error| {
        Error::input(format!(
            "cannot read {}: {}",
            path.display(),
            describe(&error)
        ))
    })?;
    let text = utf8_text(bytes, "the manifest")
        .map_err(|error| error.in_file(path.display().to_string()))?;
    serde_json::from_str(&text).map_err(|error| {
        Error::input(format!("this is not a book manifest: {error}"))
            .at_line(error.line())
            .in_file(path.display().to_string())
            .with_hint("give the .json file `puzzlebook book` writes beside the PDF")
    })
}

/// A manifest's keys, in book order (its puzzles read again).
fn manifest_keys(path: &Path, book: &ManifestBook) -> Result<Vec<String>, Error> {
    book.puzzles
        .iter()
        .map(|puzzle| {
            key_of_line(&puzzle.puzzle).map_err(|error| {
                Error::input(format!("puzzle {}: {}", puzzle.number, error.message()))
                    .in_file(path.display().to_string())
            })
        })
        .collect()
}

fn record(args: RecordArgs, ui: Ui) -> Result<i32, Error> {
    let books: Vec<(PathBuf, ManifestBook, Vec<String>)> = args
        .manifests
        .iter()
        .map(|path| {
            let book = read_manifest(path)?;
            let keys = manifest_keys(path, &book)?;
            Ok((path.clone(), book, keys))
        })
        .collect::<Result<_, Error>>()?;
    let mut locked = Locked::open(&args.ledger)?;
    for (path, book, keys) in books {
        let head = RecordHead {
            seed: book.seed,
            issue: book.issue,
            title: book.title,
            recorded: now_text(),
        };
        for (number, key) in keys.iter().enumerate() {
            if let Some((record, at)) = locked.ledger().find(key)
                && record.head.book() != head.book()
            {
                ui.note(format_args!(
                    "{}: puzzle {} is the same as puzzle {at} of {}",
                    path.display(),
                    number + 1,
                    describe_book(&record.head)
                ));
            }
        }
        let added = record_keys(&mut locked, &head, &keys)?;
        ui.say(format_args!(
            "{}: recorded {added} of its {} puzzles in {}",
            path.display(),
            keys.len(),
            args.ledger.display()
        ));
    }
    Ok(0)
}

/// The puzzles of a manifest or a bank, each with where it is (`puzzle 3`, `line 12`).
fn puzzles_of(path: Option<&Path>) -> Result<(String, Vec<(String, String)>), Error> {
    let mut input = Input::open(path)?;
    // A manifest or JSON Lines bank is read as it is (its records are parsed below).
    input.records_as_puzzles = false;
    let name = input.name.clone();
    let mut text = String::new();
    input.for_each_line(|_, line| {
        text.push_str(line);
        text.push('\n');
        Ok(true)
    })?;
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') && serde_json::from_str::<ManifestBook>(&text).is_ok() {
        let book: ManifestBook = serde_json::from_str(&text).expect("read just now");
        let found = book
            .puzzles
            .into_iter()
            .map(|puzzle| (format!("puzzle {}", puzzle.number), puzzle.puzzle))
            .collect();
        return Ok((name, found));
    }
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(puzzle) = super::bank::puzzle_of_line(line, index + 1, &name)? {
            found.push((format!("line {}", index + 1), puzzle));
        }
    }
    Ok((name, found))
}

fn check(args: CheckArgs, ui: Ui) -> Result<i32, Error> {
    let ledger = read(&args.ledger)?;
    let files: Vec<Option<&Path>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(|path| Some(path.as_path())).collect()
    };
    let mut output = Output::stdout();
    let mut shared = 0usize;
    let mut total = 0usize;
    for file in files {
        let (name, puzzles) = puzzles_of(file)?;
        for (place, puzzle) in puzzles {
            total += 1;
            let key = key_of_line(&puzzle).map_err(|error| {
                Error::input(format!("{place}: {}", error.message())).in_file(name.clone())
            })?;
            if let Some((record, number)) = ledger.find(&key) {
                shared += 1;
                output.line(&format!(
                    "{name}: {place} is the same as puzzle {number} of {}",
                    describe_book(&record.head)
                ))?;
            }
        }
    }
    output.flush()?;
    ui.say(format_args!(
        "{shared} of {total} puzzles are in {}",
        args.ledger.display()
    ));
    Ok(if shared > 0 { 1 } else { 0 })
}

fn list(args: ListArgs, ui: Ui) -> Result<i32, Error> {
    let ledger = read(&args.ledger)?;
    let mut output = Output::stdout();
    if args.keys {
        for (record, number, key) in ledger.keys() {
            output.line(&format!("{key}\t{}\t{number}", record.seq))?;
        }
    } else {
        for record in &ledger.records {
            let head = &record.head;
            output.line(&format!(
                "{}\t{}\t{}\t{}\t{}\t{}",
                record.seq,
                head.recorded,
                record.puzzles.len(),
                head.title,
                head.seed,
                head.issue.as_deref().unwrap_or("-")
            ))?;
        }
    }
    output.flush()?;
    if ledger.torn {
        ui.note(format_args!(
            "{} ends with an unfinished record (a build stopped while writing it): not counted",
            args.ledger.display()
        ));
    }
    Ok(0)
}
