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

/// A file being written next to its final path; it is renamed into place by
/// [`AtomicFile::commit`] and deleted if dropped before that, so an interrupted or failed
/// run never leaves a partial file or clobbers an existing one.
pub struct AtomicFile {
    temporary: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl AtomicFile {
    /// Checks that the target's directory exists and creates the temporary file there.
    pub fn create(target: &Path) -> Result<(AtomicFile, File), Error> {
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
        let temporary = directory.join(format!(".{file_name}.{}.partial", std::process::id()));
        // Nothing has been made yet, so an output that cannot be created is a bad path.
        let file = File::create(&temporary).map_err(|error| {
            Error::input(format!(
                "cannot write {}: cannot create a file in {}: {}",
                target.display(),
                directory.display(),
                describe(&error)
            ))
            .with_hint("choose an output path in a directory you can write to")
        })?;
        interrupt::register(&temporary);
        Ok((
            AtomicFile {
                temporary,
                target: target.to_path_buf(),
                committed: false,
            },
            file,
        ))
    }

    /// Writes all of `bytes` into the temporary file, flushes it to disk and closes it.
    pub fn fill(&self, mut file: File, bytes: &[u8]) -> Result<(), Error> {
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
        std::fs::rename(&self.temporary, &self.target).map_err(|error| {
            Error::runtime(format!(
                "cannot write {}: {}",
                self.target.display(),
                describe(&error)
            ))
        })?;
        self.committed = true;
        interrupt::unregister(&self.temporary);
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.temporary);
            interrupt::unregister(&self.temporary);
        }
    }
}

/// Ctrl-C safety: temporary files still being written are deleted when the process is
/// interrupted (SIGINT, SIGTERM, SIGHUP), so an interrupted build leaves no partial file.
///
/// Destructors do not run when a signal ends a process, so the handler does the cleanup
/// itself. It may only call async-signal-safe functions: the paths are kept as C strings
/// in fixed atomic slots, and the handler just `unlink`s them and `_exit`s.
pub mod interrupt {
    use std::path::Path;

    #[cfg(unix)]
    mod imp {
        use std::ffi::CString;
        use std::os::unix::ffi::OsStrExt;
        use std::path::Path;
        use std::ptr;
        use std::sync::Once;
        use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, Ordering};

        const SLOTS: usize = 16;
        static PATHS: [AtomicPtr<libc::c_char>; SLOTS] =
            [const { AtomicPtr::new(ptr::null_mut()) }; SLOTS];
        static INSTALL: Once = Once::new();
        /// Set while files are moved into place: a signal then waits for the end of it.
        static DEFERRING: AtomicBool = AtomicBool::new(false);
        static PENDING: AtomicI32 = AtomicI32::new(0);

        extern "C" fn on_signal(signal: libc::c_int) {
            if DEFERRING.load(Ordering::SeqCst) {
                PENDING.store(signal, Ordering::SeqCst);
                return;
            }
            clean_up_and_exit(signal);
        }

        fn clean_up_and_exit(signal: libc::c_int) -> ! {
            for slot in &PATHS {
                let path = slot.load(Ordering::SeqCst);
                if !path.is_null() {
                    // SAFETY: a non-null slot holds a NUL-terminated string that stays
                    // allocated until it is taken out of the slot; unlink is signal-safe.
                    unsafe {
                        libc::unlink(path);
                    }
                }
            }
            // SAFETY: _exit is async-signal-safe; 128 + signal is the shell convention.
            unsafe { libc::_exit(128 + signal) }
        }

        pub fn deferred<R>(work: impl FnOnce() -> R) -> R {
            DEFERRING.store(true, Ordering::SeqCst);
            let result = work();
            DEFERRING.store(false, Ordering::SeqCst);
            match PENDING.swap(0, Ordering::SeqCst) {
                0 => result,
                signal => clean_up_and_exit(signal),
            }
        }

        fn install() {
            INSTALL.call_once(|| {
                for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                    // SAFETY: installs a handler that only performs signal-safe calls.
                    unsafe {
                        libc::signal(signal, on_signal as *const () as libc::sighandler_t);
                    }
                }
            });
        }

        pub fn register(path: &Path) {
            install();
            let Ok(path) = CString::new(path.as_os_str().as_bytes()) else {
                return;
            };
            let raw = path.into_raw();
            for slot in &PATHS {
                if slot
                    .compare_exchange(ptr::null_mut(), raw, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
                {
                    return;
                }
            }
            // All slots taken: the file is still removed on ordinary failures.
            // SAFETY: `raw` came from CString::into_raw just above and was not shared.
            drop(unsafe { CString::from_raw(raw) });
        }

        pub fn unregister(path: &Path) {
            let bytes = path.as_os_str().as_bytes();
            for slot in &PATHS {
                let current = slot.load(Ordering::SeqCst);
                if current.is_null() {
                    continue;
                }
                // SAFETY: non-null slots hold live CStrings (see register).
                let held = unsafe { std::ffi::CStr::from_ptr(current) };
                if held.to_bytes() == bytes
                    && slot
                        .compare_exchange(
                            current,
                            ptr::null_mut(),
                            Ordering::SeqCst,
                            Ordering::SeqCst,
                        )
                        .is_ok()
                {
                    // The string is leaked on purpose: a signal handler running on another
                    // thread may have loaded the pointer just before the slot was cleared and
                    // still be reading it. A path per output file is a few bytes.
                    return;
                }
            }
        }
    }

    #[cfg(not(unix))]
    mod imp {
        use std::path::Path;
        pub fn register(_path: &Path) {}
        pub fn unregister(_path: &Path) {}
        pub fn deferred<R>(work: impl FnOnce() -> R) -> R {
            work()
        }
    }

    /// Runs `work` (moving finished files into place) with interruptions held back: a
    /// signal that arrives meanwhile ends the process only afterwards, so an interrupted
    /// build never leaves a new manifest beside an old PDF.
    pub fn deferred<R>(work: impl FnOnce() -> R) -> R {
        imp::deferred(work)
    }

    /// Deletes `path` if the process is interrupted before [`unregister`].
    pub fn register(path: &Path) {
        imp::register(path);
    }

    pub fn unregister(path: &Path) {
        imp::unregister(path);
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;

    use super::interrupt;

    /// A signal that arrives while files are moved into place ends the process only after
    /// the move: the book is then complete, never half old and half new.
    #[test]
    fn a_signal_during_the_commit_waits_for_it() {
        let dir = std::env::temp_dir().join(format!("puzzlebook-commit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let temporary = dir.join(".book.pdf.partial");
        let target = dir.join("book.pdf");
        std::fs::write(&temporary, b"the new book").unwrap();
        let from = CString::new(temporary.as_os_str().as_bytes()).unwrap();
        let to = CString::new(target.as_os_str().as_bytes()).unwrap();
        interrupt::register(&temporary);
        // SAFETY: the child makes only async-signal-safe calls (raise, rename, _exit) and
        // atomic loads and stores.
        let child = unsafe { libc::fork() };
        assert!(child >= 0);
        if child == 0 {
            interrupt::deferred(|| unsafe {
                libc::raise(libc::SIGINT);
                libc::rename(from.as_ptr(), to.as_ptr());
            });
            unsafe { libc::_exit(0) };
        }
        let mut status = 0;
        // SAFETY: waits for the child forked above.
        assert_eq!(unsafe { libc::waitpid(child, &mut status, 0) }, child);
        interrupt::unregister(&temporary);
        let moved = std::fs::read(&target);
        let _ = std::fs::remove_dir_all(&dir);
        assert!(libc::WIFEXITED(status), "{status}");
        assert_eq!(libc::WEXITSTATUS(status), 130, "the interrupt was lost");
        assert_eq!(moved.unwrap(), b"the new book");
    }
}
