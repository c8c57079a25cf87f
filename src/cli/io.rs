//! Reading inputs, writing outputs, and replacing files atomically.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;

const BROKEN_PIPE: &str = "output closed (broken pipe)";

/// The longest line a puzzle input may have (puzzle lines are short; JSON Lines records
/// with solutions and steps are a few KiB).
pub const MAX_LINE: usize = 1 << 20;

/// Reads a whole file of at most `limit` bytes (specs, fonts, puzzle banks). A larger file,
/// or an endless one like /dev/zero, is an error rather than a process out of memory.
pub fn read_file(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
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
                })
            }
        }
    }

    fn stdin() -> Input {
        Input {
            name: "<stdin>".to_string(),
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            lines_read: 0,
        }
    }

    /// Calls `each(line_number, line)` for the following lines (numbers count from 1 at
    /// the start of the input). Stops early when `each` returns false; returns whether the
    /// end of the input was reached.
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
            let line = line.trim_end_matches(['\n', '\r']);
            if !each(self.lines_read, line)? {
                return Ok(false);
            }
        }
    }
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

/// Buffered standard output that turns write failures into [`Error`]s.
pub struct Output {
    writer: BufWriter<io::Stdout>,
}

impl Output {
    pub fn stdout() -> Output {
        Output {
            writer: BufWriter::with_capacity(1 << 16, io::stdout()),
        }
    }

    pub fn line(&mut self, text: &str) -> Result<(), Error> {
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

/// A file being written next to its final path (a `tempfile` named `.NAME.XXXXXX.partial`
/// in the target's directory); [`AtomicFile::commit`] renames it into place, and it is
/// deleted if dropped before that (or when the process is interrupted, see [`interrupt`]),
/// so an interrupted or failed run never leaves a partial file or clobbers an existing one.
pub struct AtomicFile {
    /// The temporary file; `None` once it has been moved into place.
    file: Option<tempfile::NamedTempFile>,
    target: PathBuf,
}

impl AtomicFile {
    /// Checks that the target's directory exists and creates the temporary file there.
    pub fn create(target: &Path) -> Result<AtomicFile, Error> {
        let directory = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
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
        let file_name = target
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_else(|| "output".to_string());
        let prefix = format!(".{file_name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".partial");
        // The finished file gets the usual permissions (0666 less the umask), not the
        // owner-only ones of a temporary file.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        // Nothing has been made yet, so an output that cannot be created is a bad path.
        let file = builder.tempfile_in(&directory).map_err(|error| {
            Error::input(format!(
                "cannot write {}: cannot create a file in {}: {}",
                target.display(),
                directory.display(),
                describe(&error)
            ))
            .with_hint("choose an output path in a directory you can write to")
        })?;
        interrupt::register(file.path());
        Ok(AtomicFile {
            file: Some(file),
            target: target.to_path_buf(),
        })
    }

    /// Writes all of `bytes` into the temporary file and flushes it to disk.
    pub fn fill(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let file = self
            .file
            .as_mut()
            .expect("a file is filled before it is committed")
            .as_file_mut();
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .map_err(|error| {
                Error::runtime(format!(
                    "cannot write {}: {}",
                    self.target.display(),
                    describe(&error)
                ))
            })
    }

    /// Moves the finished file into place.
    pub fn commit(mut self) -> Result<(), Error> {
        let file = self.file.take().expect("a file is committed once");
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

/// Ctrl-C safety: temporary files still being written are deleted when the process is
/// interrupted (SIGINT, SIGTERM, SIGHUP), so an interrupted build leaves no partial file.
///
/// Destructors do not run when a signal ends a process, so a thread waits for the signals
/// (`signal-hook` delivers them there, outside the signal handler), deletes the files still
/// registered and exits with 128 + the signal, the shell's convention. A signal the process
/// inherited as ignored stays ignored: `nohup` ignores SIGHUP, and a shell starts
/// background jobs with SIGINT ignored.
pub mod interrupt {
    use std::path::{Path, PathBuf};
    use std::sync::{Mutex, MutexGuard, Once, PoisonError};

    /// The temporary files to delete on an interrupt.
    static PARTIAL: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    /// Held while files are moved into place: an interrupt waits for the end of it.
    static MOVING: Mutex<()> = Mutex::new(());
    static INSTALL: Once = Once::new();

    fn lock<T>(mutex: &'static Mutex<T>) -> MutexGuard<'static, T> {
        mutex.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `work` (moving finished files into place) with interruptions held back: a
    /// signal that arrives meanwhile ends the process only afterwards, so an interrupted
    /// build never leaves a new manifest beside an old PDF.
    pub fn deferred<R>(work: impl FnOnce() -> R) -> R {
        let _moving = lock(&MOVING);
        work()
    }

    /// Deletes `path` if the process is interrupted before [`unregister`].
    pub fn register(path: &Path) {
        install();
        lock(&PARTIAL).push(path.to_path_buf());
    }

    pub fn unregister(path: &Path) {
        lock(&PARTIAL).retain(|held| held != path);
    }

    /// What an interrupt does before the process exits: waits for files being moved into
    /// place, then deletes the temporary files still registered.
    fn clean_up() {
        let _moving = lock(&MOVING);
        for path in lock(&PARTIAL).drain(..) {
            let _ = std::fs::remove_file(path);
        }
    }

    #[cfg(unix)]
    fn install() {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        INSTALL.call_once(|| {
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
                if let Some(signal) = signals.forever().next() {
                    clean_up();
                    std::process::exit(128 + signal);
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

    #[cfg(test)]
    mod tests {
        use std::time::Duration;

        use super::*;

        /// An interrupt that arrives while files are moved into place waits for the move:
        /// the book is then complete, never half old and half new. Files not yet moved are
        /// deleted.
        #[test]
        fn an_interrupt_during_the_commit_waits_for_it() {
            let dir =
                std::env::temp_dir().join(format!("puzzlebook-commit-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let (moving, staying) = (dir.join(".book.pdf.partial"), dir.join(".other.partial"));
            let target = dir.join("book.pdf");
            std::fs::write(&moving, b"the new book").unwrap();
            std::fs::write(&staying, b"half a file").unwrap();
            register(&moving);
            register(&staying);
            let interrupt = deferred(|| {
                let interrupt = std::thread::spawn(clean_up);
                std::thread::sleep(Duration::from_millis(100));
                assert!(!interrupt.is_finished(), "the interrupt did not wait");
                std::fs::rename(&moving, &target).unwrap();
                unregister(&moving);
                interrupt
            });
            interrupt.join().unwrap();
            let moved = std::fs::read(&target);
            let left = staying.exists();
            let _ = std::fs::remove_dir_all(&dir);
            assert_eq!(moved.unwrap(), b"the new book");
            assert!(!left, "the partial file was left behind");
        }
    }
}
