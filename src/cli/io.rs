//! Reading inputs, writing outputs, and replacing files atomically.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;

const BROKEN_PIPE: &str = "output closed (broken pipe)";

/// An input text: a file, or standard input when no path (or `-`) is given.
pub struct Input {
    /// The name used in error messages: the path as given, or `<stdin>`.
    pub name: String,
    pub reader: Box<dyn BufRead>,
}

impl Input {
    pub fn open(path: Option<&Path>) -> Result<Input, Error> {
        match path {
            None => Ok(Input::stdin()),
            Some(path) if path.as_os_str() == "-" => Ok(Input::stdin()),
            Some(path) => {
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
                })
            }
        }
    }

    fn stdin() -> Input {
        Input {
            name: "<stdin>".to_string(),
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        }
    }

    /// Calls `each(line_number, line)` for every line (numbers count from 1).
    /// Stops early when `each` returns false.
    pub fn for_each_line(
        &mut self,
        mut each: impl FnMut(usize, &str) -> Result<bool, Error>,
    ) -> Result<(), Error> {
        let mut buffer = String::new();
        let mut number = 0;
        loop {
            buffer.clear();
            let read = self.reader.read_line(&mut buffer).map_err(|error| {
                let error = if error.kind() == io::ErrorKind::InvalidData {
                    Error::input("the input is not valid UTF-8 text")
                } else {
                    Error::runtime(format!("cannot read: {}", describe(&error)))
                };
                error.at_line(number + 1).in_file(self.name.clone())
            })?;
            if read == 0 {
                return Ok(());
            }
            number += 1;
            let line = buffer.trim_end_matches(['\n', '\r']);
            if !each(number, line)? {
                return Ok(());
            }
        }
    }
}

/// Buffered standard output that turns write failures into [`Error`]s.
pub struct Output {
    writer: BufWriter<io::StdoutLock<'static>>,
}

impl Output {
    pub fn stdout() -> Output {
        Output {
            writer: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
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

#[allow(dead_code)] // the book command (next) writes through it
/// A file being written next to its final path; it is renamed into place by
/// [`AtomicFile::commit`] and deleted if dropped before that, so an interrupted or failed
/// run never leaves a partial file or clobbers an existing one.
pub struct AtomicFile {
    temporary: PathBuf,
    target: PathBuf,
    committed: bool,
}

#[allow(dead_code)]
impl AtomicFile {
    /// Checks that the target's directory exists and creates the temporary file there.
    pub fn create(target: &Path) -> Result<(AtomicFile, File), Error> {
        let directory = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !directory.is_dir() {
            return Err(Error::input(format!(
                "cannot write {}: the directory {} does not exist",
                target.display(),
                directory.display()
            ))
            .with_hint("create the directory first or choose another output path"));
        }
        if target.is_dir() {
            return Err(Error::input(format!(
                "cannot write {}: it is a directory",
                target.display()
            )));
        }
        let file_name = target
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_else(|| "output".to_string());
        let temporary = directory.join(format!(".{file_name}.{}.partial", std::process::id()));
        let file = File::create(&temporary).map_err(|error| {
            Error::runtime(format!(
                "cannot write {}: {}",
                target.display(),
                describe(&error)
            ))
        })?;
        Ok((
            AtomicFile {
                temporary,
                target: target.to_path_buf(),
                committed: false,
            },
            file,
        ))
    }

    /// The temporary path, e.g. for cleanup on interruption.
    pub fn temporary_path(&self) -> &Path {
        &self.temporary
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
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

#[allow(dead_code)]
/// Writes `bytes` to `target` atomically (see [`AtomicFile`]).
pub fn write_atomically(target: &Path, bytes: &[u8]) -> Result<(), Error> {
    let (atomic, mut file) = AtomicFile::create(target)?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|error| {
            Error::runtime(format!(
                "cannot write {}: {}",
                target.display(),
                describe(&error)
            ))
        })?;
    drop(file);
    atomic.commit()
}
