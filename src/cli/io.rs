//! Reading inputs, writing outputs, and replacing files atomically.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::error::Error;

const BROKEN_PIPE: &str = "output closed (broken pipe)";

/// The longest line a puzzle input may have (puzzle lines are short; JSON Lines records
/// with solutions and steps are a few KiB).
pub const MAX_LINE: usize = 1 << 20;

/// Reads a whole file of at most `limit` bytes (specs, fonts, puzzle banks, pictures). A
/// larger file, or an endless one like /dev/zero, is an error rather than a process out of
/// memory; so is anything but a regular file (a FIFO would block the run forever, waiting
/// for a writer).
pub fn read_file(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let metadata = std::fs::metadata(path)?;
    if metadata.is_dir() {
        return Err(io::Error::other("it is a directory"));
    }
    if !metadata.is_file() {
        return Err(io::Error::other(
            "it is not a regular file (a pipe, socket or device)",
        ));
    }
    let mut bytes = Vec::new();
    File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::other(format!(
            "it is larger than {} MiB",
            limit >> 20
        )));
    }
    Ok(bytes)
}

/// An input text: a file, or standard input when no path (or `-`) is given.
pub struct Input {
    /// The name used in error messages: the path as given, or `<stdin>`.
    pub name: String,
    reader: Box<dyn BufRead + Send>,
    /// Lines read so far, so numbering continues across calls.
    lines_read: usize,
    /// Whether a JSON Lines record is handed on as its `puzzle` (the default) or as the
    /// line it is (`bank dedupe` writes the lines it keeps as they were).
    pub records_as_puzzles: bool,
}

impl Input {
    pub fn open(path: Option<&Path>) -> Result<Input, Error> {
        match path {
            None => Ok(Input::stdin()),
            Some(path) if path.as_os_str() == "-" => Ok(Input::stdin()),
            Some(path) => {
                if path.is_dir() {
                    return Err(Error::input(format!(
                        "cannot read {}: it is a directory",
                        path.display()
                    ))
                    .with_hint("give a puzzle file, or '-' for standard input"));
                }
                let file = File::open(path).map_err(|error| {
                    Error::input(format!(
                        "cannot open {}: {}",
                        path.display(),
                        describe(&error)
                    ))
                })?;
                Ok(Input {
                    name: path.display().to_string(),
                    reader: Box::new(BufReader::with_capacity(1 << 16, file)),
                    lines_read: 0,
                    records_as_puzzles: true,
                })
            }
        }
    }

    fn stdin() -> Input {
        Input {
            name: "<stdin>".to_string(),
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            lines_read: 0,
            records_as_puzzles: true,
        }
    }

    /// Calls `each(line_number, line)` for the following lines (numbers count from 1 at
    /// the start of the input). Stops early when `each` returns false; returns whether the
    /// end of the input was reached.
    ///
    /// Every command reads its own output: a JSON Lines record (a line that is a JSON
    /// object, as `--format jsonl` writes) stands for its `puzzle` field. A UTF-8
    /// byte-order mark at the start of the input is skipped, as in specs.
    pub fn for_each_line(
        &mut self,
        mut each: impl FnMut(usize, &str) -> Result<bool, Error>,
    ) -> Result<bool, Error> {
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            // A line is read at most MAX_LINE bytes at a time, so a file without line
            // breaks (a binary, /dev/zero) is refused instead of filling the memory.
            let read = (&mut self.reader)
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut buffer)
                .map_err(|error| {
                    Error::runtime(format!("cannot read: {}", describe(&error)))
                        .at_line(self.lines_read + 1)
                        .in_file(self.name.clone())
                })?;
            if read == 0 {
                return Ok(true);
            }
            self.lines_read += 1;
            if buffer.len() > MAX_LINE {
                return Err(Error::input(format!(
                    "this line is longer than {} MiB",
                    MAX_LINE >> 20
                ))
                .at_line(self.lines_read)
                .in_file(self.name.clone())
                .with_hint("puzzle files hold one puzzle per line: is this the right file?"));
            }
            let line = std::str::from_utf8(&buffer).map_err(|error| {
                utf8_error(&buffer, error.valid_up_to(), "the input")
                    .at_line(self.lines_read)
                    .in_file(self.name.clone())
            })?;
            let mut line = line.trim_end_matches(['\n', '\r']);
            if self.lines_read == 1 {
                line = line.strip_prefix('\u{feff}').unwrap_or(line);
            }
            let record;
            if self.records_as_puzzles && line.trim_start().starts_with('{') {
                record = json_puzzle(line)
                    .map_err(|error| error.at_line(self.lines_read).in_file(self.name.clone()))?;
                line = &record;
            }
            if !each(self.lines_read, line)? {
                return Ok(false);
            }
        }
    }
}

/// The `puzzle` field of a JSON Lines record.
fn json_puzzle(line: &str) -> Result<String, Error> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|error| {
        Error::input(format!("this line is not valid JSON: {error}"))
            .with_hint("JSON Lines input holds one JSON object per line, as --format jsonl writes")
    })?;
    value
        .get("puzzle")
        .and_then(serde_json::Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| {
            Error::input("this JSON line has no \"puzzle\" string").with_hint(
                "JSON Lines input needs a \"puzzle\" field on every line, as --format jsonl writes",
            )
        })
}

/// Reads `bytes` as UTF-8 text; the error names the line and column of the first bad byte
/// and shows the line (bad bytes as U+FFFD) with that place underlined.
/// `what` names the text in the message ("the spec").
pub fn utf8_text(bytes: Vec<u8>, what: &str) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|error| {
        let bytes = error.as_bytes();
        let valid = error.utf8_error().valid_up_to();
        let line = bytes[..valid].iter().filter(|&&byte| byte == b'\n').count() + 1;
        let line_start = bytes[..valid]
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |at| at + 1);
        // The lossy text keeps the valid prefix byte for byte, so `valid` is the place.
        let shown = String::from_utf8_lossy(bytes);
        utf8_error(&bytes[line_start..], valid - line_start, what)
            .at_line(line)
            .with_snippet(crate::book::source::snippet(&shown, valid, valid + 1))
    })
}

/// The error for a line that is not UTF-8 from byte `valid` on.
fn utf8_error(line: &[u8], valid: usize, what: &str) -> Error {
    // The bytes before `valid` are UTF-8 by definition.
    let column = std::str::from_utf8(&line[..valid]).map_or(1, |text| text.chars().count() + 1);
    Error::input(format!(
        "{what} is not UTF-8 text (byte 0x{:02x})",
        line.get(valid).copied().unwrap_or(0)
    ))
    .at_column(column)
    .with_hint("save the file as UTF-8")
}

/// Whether standard output was closed when the process started.
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Notes whether the process started with standard output closed (`>&-`). Rust's runtime
/// then opens `/dev/null` in its place before `main` (so no file the program opens takes
/// its number), and what is written there is lost without a word: the results of such a
/// run would silently vanish. `/dev/null` opened for reading and writing is that runtime's
/// mark (a shell's `> /dev/null` opens it for writing only, and stays a success). Read
/// from `/proc`; where that is missing, nothing is noted. Call it first thing.
pub fn note_closed_stdout() {
    let on_null =
        std::fs::read_link("/proc/self/fd/1").is_ok_and(|path| path == Path::new("/dev/null"));
    let read_write = std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
        info.lines()
            .find_map(|line| line.strip_prefix("flags:"))
            .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0o2)
    });
    STDOUT_CLOSED.store(on_null && read_write, std::sync::atomic::Ordering::Relaxed);
}

/// Buffered standard output that turns write failures into [`Error`]s.
pub struct Output {
    writer: BufWriter<io::Stdout>,
    /// Standard output was closed when the process started (see [`note_closed_stdout`]):
    /// the first line reports it instead of losing it.
    closed: bool,
}

impl Output {
    pub fn stdout() -> Output {
        Output {
            writer: BufWriter::with_capacity(1 << 16, io::stdout()),
            closed: STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed),
        }
    }

    pub fn line(&mut self, text: &str) -> Result<(), Error> {
        if self.closed {
            return Err(
                Error::runtime("cannot write the results: standard output is closed").with_hint(
                    "run it with standard output open, e.g. into a file with > results.txt",
                ),
            );
        }
        self.writer
            .write_all(text.as_bytes())
            .and_then(|()| self.writer.write_all(b"\n"))
            .map_err(|error| write_error(&error))
    }

    pub fn flush(&mut self) -> Result<(), Error> {
        self.writer.flush().map_err(|error| write_error(&error))
    }
}

fn write_error(error: &io::Error) -> Error {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Error::runtime(BROKEN_PIPE)
    } else {
        Error::runtime(format!("cannot write output: {}", describe(error)))
    }
}

/// True for the error of a closed output pipe (`puzzlebook … | head`): not worth reporting.
pub fn is_broken_pipe(error: &Error) -> bool {
    error.message() == BROKEN_PIPE
}

/// An OS error without Rust's "(os error N)" suffix.
pub fn describe(error: &io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(end) => text[..end].to_string(),
        None => text,
    }
}

/// The directory a file at `target` goes in (`.` for a bare name).
fn directory_of(target: &Path) -> PathBuf {
    match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Checks that a file can be written at `target`: its directory exists and `target` is not
/// a directory or a device, pipe or socket.
fn check_target(target: &Path) -> Result<PathBuf, Error> {
    let directory = directory_of(target);
    if !directory.exists() {
        return Err(Error::input(format!(
            "cannot write {}: the directory {} does not exist",
            target.display(),
            directory.display()
        ))
        .with_hint("create the directory first or choose another output path"));
    }
    if !directory.is_dir() {
        return Err(Error::input(format!(
            "cannot write {}: {} is not a directory",
            target.display(),
            directory.display()
        ))
        .with_hint("choose an output path inside a directory"));
    }
    if target.is_dir() {
        return Err(Error::input(format!(
            "cannot write {}: it is a directory",
            target.display()
        )));
    }
    // Renaming over a device, pipe or socket would replace it with a regular file (as
    // root, `-o /dev/null` would delete the device node).
    if std::fs::metadata(target).is_ok_and(|metadata| !metadata.is_file()) {
        return Err(Error::input(format!(
            "cannot write {}: it is not a regular file",
            target.display()
        ))
        .with_hint("write to a file and copy it from there"));
    }
    Ok(directory)
}

/// The start of the name of a temporary file or directory standing in for `name` while it
/// is written, `.NAME.PID.`: with the random part and the suffix [`temporary_builder`]
/// adds, `.NAME.PID.XXXXXX.partial`, so a later run can tell whether the run that made it
/// is still going.
fn temporary_prefix(name: &str) -> String {
    format!(".{name}.{}.", std::process::id())
}

fn temporary_builder(prefix: &str) -> tempfile::Builder<'_, 'static> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix).suffix(".partial");
    builder
}

/// The file name of `target` as text (for temporary names).
fn file_name(target: &Path) -> String {
    target
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_string())
}

/// Removes what runs that never finished (killed, or stopped by a power cut) left of their
/// temporary files for `name` in `directory`: `.NAME.PID.XXXXXX.partial` files or
/// directories whose process is gone, and `.NAME.XXXXXX.partial` files (the names of
/// earlier versions) untouched for an hour. Temporary files of runs still going stay.
pub fn remove_stale(directory: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(directory) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let entry_name = entry.file_name();
        let Some(middle) = entry_name
            .to_str()
            .and_then(|text| text.strip_prefix(&prefix))
            .and_then(|text| text.strip_suffix(".partial"))
        else {
            continue;
        };
        if !is_stale(middle, &entry) {
            continue;
        }
        let path = entry.path();
        let _ = if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
    }
}

/// Whether a temporary entry whose name holds `middle` between `.NAME.` and `.partial`
/// belongs to no run still going.
fn is_stale(middle: &str, entry: &std::fs::DirEntry) -> bool {
    let random =
        |text: &str| text.len() == 6 && text.bytes().all(|byte| byte.is_ascii_alphanumeric());
    match middle.split_once('.') {
        Some((pid, rest))
            if random(rest) && !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) =>
        {
            match pid.parse::<u32>() {
                Ok(pid) if pid == std::process::id() => false,
                Ok(pid) => match process_exists(pid) {
                    Some(exists) => !exists,
                    None => untouched_for(entry, Duration::from_secs(24 * 3600)),
                },
                Err(_) => false,
            }
        }
        None if random(middle) => untouched_for(entry, Duration::from_secs(3600)),
        _ => false,
    }
}

/// Whether process `pid` exists (from `/proc`); `None` where that cannot be told.
fn process_exists(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    proc.join("self")
        .exists()
        .then(|| proc.join(pid.to_string()).exists())
}

fn untouched_for(entry: &std::fs::DirEntry, age: Duration) -> bool {
    entry
        .metadata()
        .and_then(|metadata| metadata.modified())
        .ok()
        .and_then(|modified| modified.elapsed().ok())
        .is_some_and(|elapsed| elapsed > age)
}

/// A file written next to its final path and renamed into place when complete, so an
/// interrupted or failed run never leaves a partial file or clobbers an existing one.
/// The temporary file (see [`temporary_builder`]) exists only while the file is written:
/// [`AtomicFile::create`] only checks the target, [`AtomicFile::fill`] writes, and
/// [`AtomicFile::commit`] renames; it is deleted if dropped before that, or when the
/// process is interrupted (see [`interrupt`]).
pub struct AtomicFile {
    /// The temporary file, once written; `None` before and once moved into place.
    file: Option<tempfile::NamedTempFile>,
    target: PathBuf,
    directory: PathBuf,
}

impl AtomicFile {
    /// Checks that `target` can be written (its directory exists and takes new files),
    /// clears what killed runs left of their temporary files for it, and makes sure an
    /// interrupt from now on leaves nothing behind.
    pub fn create(target: &Path) -> Result<AtomicFile, Error> {
        let directory = check_target(target)?;
        remove_stale(&directory, &file_name(target));
        // Nothing has been made yet, so an output that cannot be created is a bad path;
        // a file created and deleted at once tells.
        // Made and deleted with interrupts held back, so an interrupt cannot leave it.
        interrupt::deferred(|| {
            temporary_builder(&temporary_prefix(&file_name(target)))
                .tempfile_in(&directory)
                .map(drop)
        })
        .map_err(|error| {
            Error::input(format!(
                "cannot write {}: cannot create a file in {}: {}",
                target.display(),
                directory.display(),
                describe(&error)
            ))
            .with_hint("choose an output path in a directory you can write to")
        })?;
        interrupt::arm();
        Ok(AtomicFile {
            file: None,
            target: target.to_path_buf(),
            directory,
        })
    }

    /// Writes all of `bytes` into a new temporary file beside the target and flushes it
    /// to disk.
    pub fn fill(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let cannot = |error: &io::Error| {
            Error::runtime(format!(
                "cannot write {}: {}",
                self.target.display(),
                describe(error)
            ))
        };
        let prefix = temporary_prefix(&file_name(&self.target));
        let mut builder = temporary_builder(&prefix);
        // The finished file gets the usual permissions (0666 less the umask), not the
        // owner-only ones of a temporary file.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        interrupt::deferred(|| {
            let file = builder
                .tempfile_in(&self.directory)
                .map_err(|error| cannot(&error))?;
            interrupt::register(file.path());
            let file = self.file.insert(file);
            let written = file.as_file_mut();
            written
                .write_all(bytes)
                .and_then(|()| written.sync_all())
                .map_err(|error| cannot(&error))
        })
    }

    /// Moves the finished file into place.
    pub fn commit(mut self) -> Result<(), Error> {
        let file = self
            .file
            .take()
            .expect("a file is filled before it is committed");
        let temporary = file.path().to_path_buf();
        let moved = file.persist(&self.target);
        interrupt::unregister(&temporary);
        moved.map(drop).map_err(|error| {
            Error::runtime(format!(
                "cannot write {}: {}",
                self.target.display(),
                describe(&error.error)
            ))
        })
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            let temporary = file.path().to_path_buf();
            // Dropping a `NamedTempFile` deletes it.
            drop(file);
            interrupt::unregister(&temporary);
        }
    }
}

/// Whether a missing output directory is made by the run (`export --to DIR`) or refused
/// (the directory of `preview`'s pictures, like any output file's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissingDirectory {
    Create,
    Refuse,
}

/// Many files for one directory, written all or none: they go into a staging directory
/// (`.NAME.PID.XXXXXX.partial`, inside the target directory, or beside it when the run
/// makes it) and are moved into place together by [`StagedFiles::commit`], with
/// interrupts held back; the staging directory is deleted when the run fails or is
/// interrupted. A directory the run makes appears at once, complete.
pub struct StagedFiles {
    /// Where the files go.
    target: PathBuf,
    /// Whether the target directory is made by the commit.
    make_target: bool,
    /// The staging directory, once the first file is written.
    staging: Option<tempfile::TempDir>,
    /// The files' names, in the order written.
    names: Vec<String>,
}

impl StagedFiles {
    /// Checks that files can be written into `directory` (its parent must exist when the
    /// run is to make it), clears what killed runs left there, and makes sure an interrupt
    /// from now on leaves nothing behind.
    pub fn new(directory: &Path, missing: MissingDirectory) -> Result<StagedFiles, Error> {
        let directory = if directory.as_os_str().is_empty() {
            Path::new(".")
        } else {
            directory
        };
        let make_target = !directory.exists();
        if make_target {
            let parent = directory_of(directory);
            if missing == MissingDirectory::Refuse || !parent.is_dir() {
                return Err(Error::input(format!(
                    "cannot write into {}: the directory {} does not exist",
                    directory.display(),
                    if missing == MissingDirectory::Refuse {
                        directory.display()
                    } else {
                        parent.display()
                    }
                ))
                .with_hint("create the directory first or choose another output directory"));
            }
        } else if !directory.is_dir() {
            return Err(Error::input(format!(
                "cannot write into {}: it is not a directory",
                directory.display()
            ))
            .with_hint("choose a directory to write into"));
        }
        let staged = StagedFiles {
            target: directory.to_path_buf(),
            make_target,
            staging: None,
            names: Vec::new(),
        };
        remove_stale(&staged.staging_parent(), &staged.staging_name());
        // A directory created and deleted at once tells whether files can be made there;
        // interrupts are held back meanwhile, so one cannot leave it behind.
        interrupt::deferred(|| {
            temporary_builder(&temporary_prefix(&staged.staging_name()))
                .tempdir_in(staged.staging_parent())
                .map(drop)
        })
        .map_err(|error| {
            Error::input(format!(
                "cannot write into {}: {}",
                directory.display(),
                describe(&error)
            ))
            .with_hint("choose a directory you can write to")
        })?;
        interrupt::arm();
        Ok(staged)
    }

    /// Where the staging directory goes: beside a target the run makes, else inside it.
    fn staging_parent(&self) -> PathBuf {
        if self.make_target {
            directory_of(&self.target)
        } else {
            self.target.clone()
        }
    }

    fn staging_name(&self) -> String {
        if self.make_target {
            file_name(&self.target)
        } else {
            "puzzlebook".to_string()
        }
    }

    /// Checks that the file `name` may be written (it is no directory or device).
    pub fn check(&self, name: &str) -> Result<(), Error> {
        if self.make_target {
            return Ok(());
        }
        check_target(&self.target.join(name)).map(drop)
    }

    /// Writes the file `name` into the staging directory.
    pub fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), Error> {
        interrupt::deferred(|| self.write_now(name, bytes))
    }

    fn write_now(&mut self, name: &str, bytes: &[u8]) -> Result<(), Error> {
        let cannot = |error: &io::Error| {
            Error::runtime(format!(
                "cannot write {}: {}",
                self.target.join(name).display(),
                describe(error)
            ))
        };
        if self.staging.is_none() {
            let prefix = temporary_prefix(&self.staging_name());
            let mut builder = temporary_builder(&prefix);
            // A staging directory that becomes the target gets the usual permissions
            // (0777 less the umask), not the owner-only ones of a temporary directory.
            #[cfg(unix)]
            if self.make_target {
                builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o777));
            }
            let staging = builder
                .tempdir_in(self.staging_parent())
                .map_err(|error| cannot(&error))?;
            interrupt::register(staging.path());
            self.staging = Some(staging);
        }
        let staging = self.staging.as_ref().expect("made above");
        let path = staging.path().join(name);
        let mut file = File::create(&path).map_err(|error| cannot(&error))?;
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .map_err(|error| cannot(&error))?;
        self.names.push(name.to_string());
        Ok(())
    }

    /// Moves every file into place: the staging directory becomes the target directory
    /// when the run makes it, else each file is renamed into it.
    pub fn commit(mut self) -> Result<(), Error> {
        let Some(staging) = self.staging.take() else {
            return Ok(());
        };
        let staging_path = staging.path().to_path_buf();
        let cannot = |path: &Path, error: &io::Error| {
            Error::runtime(format!(
                "cannot write {}: {}",
                path.display(),
                describe(error)
            ))
        };
        if self.make_target {
            let staging_path = staging.keep();
            let moved = std::fs::rename(&staging_path, &self.target);
            interrupt::unregister(&staging_path);
            if let Err(error) = moved {
                let _ = std::fs::remove_dir_all(&staging_path);
                return Err(cannot(&self.target, &error));
            }
            return Ok(());
        }
        for name in &self.names {
            let target = self.target.join(name);
            std::fs::rename(staging_path.join(name), &target)
                .map_err(|error| cannot(&target, &error))?;
        }
        drop(staging);
        interrupt::unregister(&staging_path);
        Ok(())
    }
}

impl Drop for StagedFiles {
    fn drop(&mut self) {
        if let Some(staging) = self.staging.take() {
            let path = staging.path().to_path_buf();
            // Dropping a `TempDir` deletes it with what it holds.
            drop(staging);
            interrupt::unregister(&path);
        }
    }
}

/// Ctrl-C safety: temporary files and directories still being written are deleted when the
/// process is interrupted (SIGINT, SIGTERM, SIGHUP), so an interrupted run leaves no
/// partial output.
///
/// Destructors do not run when a signal ends a process, so a thread waits for the signals
/// (`signal-hook` delivers them there, outside the signal handler), deletes what is still
/// registered and exits with 128 + the signal, the shell's convention. Every command that
/// writes files arms this before its work starts, so an interrupt at any moment ends it the
/// same way; a signal that arrives once the outputs are all in place ([`finish`]) is too
/// late to undo anything and is let be, so a run that says it succeeded did. A signal the
/// process inherited as ignored stays ignored: `nohup` ignores SIGHUP, and a shell starts
/// background jobs with SIGINT ignored. SIGXFSZ (a file size limit reached) is caught
/// rather than left to kill the process: the write then fails with an error, and the
/// failed run cleans up like any other.
pub mod interrupt {
    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Mutex, MutexGuard, Once, PoisonError};

    /// The temporary files and directories to delete on an interrupt.
    static PARTIAL: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    /// Held while files are moved into place: an interrupt waits for the end of it.
    static MOVING: Mutex<()> = Mutex::new(());
    /// Set once every output is in place.
    static FINISHED: AtomicBool = AtomicBool::new(false);
    static INSTALL: Once = Once::new();

    fn lock<T>(mutex: &'static Mutex<T>) -> MutexGuard<'static, T> {
        mutex.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `work` (writing a temporary file and registering it, or moving finished files
    /// into place) with interruptions held back: a signal that arrives meanwhile ends the
    /// process only afterwards, so an interrupted build never leaves a new manifest beside
    /// an old PDF, nor a file written into a staging directory as it was being deleted.
    pub fn deferred<R>(work: impl FnOnce() -> R) -> R {
        let _moving = lock(&MOVING);
        work()
    }

    /// Runs `work` (moving the run's outputs into place) as [`deferred`] does; once it has
    /// succeeded, interrupts no longer end the process: the run is done.
    pub fn finish<T, E>(work: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
        deferred(|| {
            let done = work();
            if done.is_ok() {
                FINISHED.store(true, Ordering::SeqCst);
            }
            done
        })
    }

    /// From now on, an interrupt deletes what is registered and ends the process.
    pub fn arm() {
        install();
    }

    /// Deletes `path` (a file, or a directory with what it holds) if the process is
    /// interrupted before [`unregister`].
    pub fn register(path: &Path) {
        install();
        lock(&PARTIAL).push(path.to_path_buf());
    }

    pub fn unregister(path: &Path) {
        lock(&PARTIAL).retain(|held| held != path);
    }

    /// What an interrupt does before the process exits: waits for files being written or
    /// moved into place, then deletes the temporary files still registered. The lock it
    /// returns is held until the process exits, so no file is written after the deleting.
    pub fn clean_up() -> MutexGuard<'static, ()> {
        let moving = lock(&MOVING);
        for path in lock(&PARTIAL).drain(..) {
            if std::fs::remove_file(&path).is_err() {
                let _ = std::fs::remove_dir_all(&path);
            }
        }
        moving
    }

    #[cfg(unix)]
    fn install() {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGXFSZ};
        INSTALL.call_once(|| {
            let _ =
                signal_hook::flag::register(SIGXFSZ, std::sync::Arc::new(AtomicBool::new(false)));
            let ignored = inherited_ignored_signals();
            let handled: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
                .into_iter()
                .filter(|&signal| match ignored {
                    Some(mask) => mask & (1 << (signal - 1)) == 0,
                    // Unknown: SIGHUP keeps its disposition (a build under `nohup` must
                    // survive the hangup); Ctrl-C and SIGTERM clean up.
                    None => signal != SIGHUP,
                })
                .collect();
            let Ok(mut signals) = signal_hook::iterator::Signals::new(&handled) else {
                return;
            };
            let waiter = std::thread::Builder::new().name("interrupt".to_string());
            let _ = waiter.spawn(move || {
                for signal in signals.forever() {
                    let _writing_stopped = clean_up();
                    if !FINISHED.load(Ordering::SeqCst) {
                        std::process::exit(128 + signal);
                    }
                }
            });
        });
    }

    #[cfg(not(unix))]
    fn install() {
        INSTALL.call_once(|| {});
    }

    /// The signals this process started with ignored, as a bit mask (bit `n - 1` for signal
    /// `n`), from the kernel's account in `/proc/self/status` (Linux); `None` where that is
    /// not available. Read before any handler is installed, so it is what was inherited.
    #[cfg(unix)]
    fn inherited_ignored_signals() -> Option<u64> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let mask = status
            .lines()
            .find_map(|line| line.strip_prefix("SigIgn:"))?;
        u64::from_str_radix(mask.trim(), 16).ok()
    }
}
