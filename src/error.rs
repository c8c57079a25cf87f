//! The one error type of the library.
//!
//! Every fallible function in puzzlebook returns [`Error`]. An error knows whether it was
//! caused by the user's input (exit code 2) or happened at run time (exit code 1), where in
//! the input it applies (file, line, column) and, when there is one, a hint on how to fix it.
//! Core modules know lines and columns but not file names; the CLI adds the file name when it
//! reports the error.

use std::fmt;

/// Whether an error is the user's input or a failure while running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Bad puzzle text, spec, flag or path: the user can fix it. Exit code 2.
    Input,
    /// The input was fine but the work failed (a budget ran out, a write failed). Exit code 1.
    Runtime,
}

/// A place in a text input. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Location {
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut wrote = false;
        if let Some(file) = &self.file {
            write!(f, "{file}")?;
            wrote = true;
        }
        if let Some(line) = self.line {
            if wrote {
                write!(f, ":")?;
            } else {
                write!(f, "line ")?;
            }
            write!(f, "{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        Ok(())
    }
}

/// An error with its kind, place and an optional hint.
#[derive(Clone, PartialEq, Eq)]
pub struct Error {
    inner: Box<Inner>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    message: String,
    location: Location,
    hint: Option<String>,
    snippet: Option<String>,
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            inner: Box::new(Inner {
                kind,
                message: message.into(),
                location: Location::default(),
                hint: None,
                snippet: None,
            }),
        }
    }

    /// An error in the user's input (exit code 2).
    pub fn input(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Input, message)
    }

    /// A failure while running (exit code 1).
    pub fn runtime(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Runtime, message)
    }

    /// Sets the line (counted from 1) unless one is already set.
    pub fn at_line(mut self, line: usize) -> Error {
        self.inner.location.line.get_or_insert(line);
        self
    }

    /// Sets the column (counted from 1) unless one is already set.
    pub fn at_column(mut self, column: usize) -> Error {
        self.inner.location.column.get_or_insert(column);
        self
    }

    /// Sets the file name unless one is already set.
    pub fn in_file(mut self, file: impl Into<String>) -> Error {
        if self.inner.location.file.is_none() {
            self.inner.location.file = Some(file.into());
        }
        self
    }

    /// Attaches a hint: one sentence telling the user what to do.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Error {
        self.inner.hint = Some(hint.into());
        self
    }

    /// Attaches a rendered excerpt of the source around the error.
    pub fn with_snippet(mut self, snippet: impl Into<String>) -> Error {
        self.inner.snippet = Some(snippet.into());
        self
    }

    /// Prefixes the message with context, e.g. "puzzle 3: ".
    pub fn context(mut self, context: impl fmt::Display) -> Error {
        self.inner.message = format!("{context}: {}", self.inner.message);
        self
    }

    pub fn kind(&self) -> ErrorKind {
        self.inner.kind
    }

    pub fn message(&self) -> &str {
        &self.inner.message
    }

    pub fn location(&self) -> &Location {
        &self.inner.location
    }

    pub fn hint(&self) -> Option<&str> {
        self.inner.hint.as_deref()
    }

    pub fn snippet(&self) -> Option<&str> {
        self.inner.snippet.as_deref()
    }

    /// The process exit code for this error: 2 for input errors, 1 for runtime failures.
    pub fn exit_code(&self) -> i32 {
        match self.inner.kind {
            ErrorKind::Input => 2,
            ErrorKind::Runtime => 1,
        }
    }
}

impl fmt::Display for Error {
    /// `file:line:column: message`, then the snippet and the hint on their own lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let location = self.inner.location.to_string();
        if !location.is_empty() {
            write!(f, "{location}: ")?;
        }
        write!(f, "{}", self.inner.message)?;
        if let Some(snippet) = &self.inner.snippet {
            write!(f, "\n{}", snippet.trim_end())?;
        }
        if let Some(hint) = &self.inner.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}
