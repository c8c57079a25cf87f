//! A table of bad inputs to the whole command line: specs, fonts, outputs, puzzle files,
//! flags. Every row runs the real binary (with `RUST_BACKTRACE=1`) in a fresh directory
//! that already holds an older book, and checks that the run
//!
//! * exits with the expected code (2: input or usage, 1: run-time failure),
//! * prints exactly one `error:` line, naming the place (`file:line:column` where it
//!   applies), plus only hint, snippet or usage lines, and the expected hint; a spec error
//!   with a column shows the spec's line with the place underlined,
//! * prints no panic and no backtrace, and nothing on standard output,
//! * leaves every file in the directory byte-identical, and no new (temporary) file.
//!
//! `tests/book_spec_errors.rs` holds the finer table of spec errors (library level).

#![cfg(unix)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// What a file of a case's directory holds before the run.
enum Setup {
    File(Vec<u8>),
    Directory,
    Fifo,
}

struct Case {
    /// A short name for failure messages.
    name: &'static str,
    args: Vec<&'static str>,
    files: Vec<(&'static str, Setup)>,
    stdin: Vec<u8>,
    code: i32,
    /// The error line starts with `error: {place}`.
    place: &'static str,
    /// Words of the error line.
    message: &'static str,
    /// Words of a hint (or clap tip) line; empty when none is expected.
    hint: &'static str,
}

fn case(name: &'static str, args: &[&'static str]) -> Case {
    Case {
        name,
        args: args.to_vec(),
        files: Vec::new(),
        stdin: Vec::new(),
        code: 2,
        place: "",
        message: "",
        hint: "",
    }
}

impl Case {
    fn file(mut self, name: &'static str, text: impl Into<Vec<u8>>) -> Case {
        self.files.push((name, Setup::File(text.into())));
        self
    }

    fn directory(mut self, name: &'static str) -> Case {
        self.files.push((name, Setup::Directory));
        self
    }

    fn fifo(mut self, name: &'static str) -> Case {
        self.files.push((name, Setup::Fifo));
        self
    }

    fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Case {
        self.stdin = bytes.into();
        self
    }

    fn fails(mut self, code: i32, place: &'static str, message: &'static str) -> Case {
        self.code = code;
        self.place = place;
        self.message = message;
        self
    }

    fn hint(mut self, hint: &'static str) -> Case {
        self.hint = hint;
        self
    }
}

const SPEC: &str = "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n";
const PUZZLE: &str =
    "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..";
const OLDER_BOOK: &[u8] = b"%PDF-1.7 an older book";

fn spec_with(section_extra: &str) -> String {
    format!("{SPEC}{section_extra}\n")
}

fn spec_with_top(top: &str) -> String {
    format!("title = \"T\"\n{top}\n[[section]]\nkind = \"sudoku\"\ncount = 2\n")
}

fn cases() -> Vec<Case> {
    let dejavu = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSans.ttf"))
        .expect("the bundled font");
    let book = |spec: String| case("", &["book", "book.toml"]).file("book.toml", spec);
    let fonts = |font: &str| spec_with_top(&format!("[fonts]\ntext = \"{font}\""));
    let mut good_and_bad = PUZZLE.to_string();
    good_and_bad.replace_range(10..11, "x");
    vec![
        // ---- Book specs: the file itself.
        Case {
            name: "malformed TOML",
            ..book("title = \"T\"\ncount = = 3\n".into())
                .fails(2, "book.toml:2:", "not valid TOML")
                .hint("spec")
        },
        Case {
            name: "unknown key with a close match",
            ..book(spec_with("symetry = \"rot180\""))
                .fails(2, "book.toml:5:1:", "unknown key `symetry`")
                .hint("symmetry")
        },
        Case {
            name: "unknown table with a close match",
            ..book(spec_with_top("[pgae]\nsize = \"a4\""))
                .fails(2, "book.toml:2:2:", "unknown key `pgae`")
                .hint("page")
        },
        Case {
            name: "wrong type: a count in quotes",
            ..book(SPEC.replace("count = 2", "count = \"2\"")).fails(
                2,
                "book.toml:4:9:",
                "must be a whole number",
            )
        },
        Case {
            name: "wrong type: a title that is a number",
            ..book(SPEC.replace("\"T\"", "5"))
                .fails(2, "book.toml:1:9:", "must be a string")
                .hint("quotes")
        },
        Case {
            name: "negative count",
            ..book(SPEC.replace("count = 2", "count = -3")).fails(
                2,
                "book.toml:4:9:",
                "between 1 and 10000",
            )
        },
        Case {
            name: "zero-size page",
            ..book(spec_with_top("[page]\nsize = \"0x0in\""))
                .fails(2, "book.toml:3:8:", "too small")
                .hint("1 inch")
        },
        Case {
            name: "page of zero width",
            ..book(spec_with_top("[page]\nsize = \"0x9in\"")).fails(
                2,
                "book.toml:3:8:",
                "too small",
            )
        },
        Case {
            name: "margins that leave no room",
            ..book(spec_with_top("[page]\nmargins = \"4in\"")).fails(
                2,
                "book.toml:3:11:",
                "leave almost nothing",
            )
        },
        Case {
            name: "a control character in printed text",
            ..book(SPEC.replace("\"T\"", "\"Week\\t47\""))
                .fails(2, "book.toml:1:9:", "contains the control character U+0009")
                .hint("plain text")
        },
        Case {
            name: "a character the font cannot show",
            ..book(SPEC.replace("\"T\"", "\"Week\\uE00047\""))
                .fails(2, "book.toml:1:9:", "cannot show: U+E000")
                .hint("[fonts]")
        },
        Case {
            name: "empty spec",
            ..book(String::new()).fails(2, "book.toml:1:", "no title")
        },
        Case {
            name: "spec not UTF-8",
            ..case("", &["book", "book.toml"])
                .file("book.toml", b"title = \"T\"\n# caf\xe9\n".to_vec())
                .fails(2, "book.toml:2:6:", "not UTF-8")
                .hint("UTF-8")
        },
        Case {
            name: "spec that does not exist",
            ..case("", &["book", "nowhere.toml"]).fails(2, "", "cannot read nowhere.toml")
        },
        Case {
            name: "spec that is a directory",
            ..case("", &["book", "specs"])
                .directory("specs")
                .fails(2, "", "cannot read specs")
        },
        Case {
            name: "spec larger than a spec can be",
            ..case("", &["book", "big.toml"])
                .file("big.toml", vec![b'#'; 2 << 20])
                .fails(2, "", "larger than 1 MiB")
        },
        Case {
            name: "spec that is a device",
            ..case("", &["book", "/dev/zero"]).fails(2, "", "not a regular file")
        },
        // ---- Fonts.
        Case {
            name: "font that does not exist",
            ..book(fonts("no-such-font.ttf"))
                .fails(2, "book.toml:3:8:", "cannot read the font")
                .hint("relative to the spec")
        },
        Case {
            name: "font that is not a font",
            ..book(fonts("fake.ttf"))
                .file("fake.ttf", "this is not a font")
                .fails(2, "book.toml:3:8:", "not a usable font")
                .hint(".ttf or .otf")
        },
        Case {
            name: "font cut short",
            ..book(fonts("cut.ttf"))
                .file("cut.ttf", dejavu[..4096].to_vec())
                .fails(2, "book.toml:3:8:", "not a usable font")
        },
        Case {
            name: "font that is a directory",
            ..book(fonts("fonts")).directory("fonts").fails(
                2,
                "book.toml:3:8:",
                "cannot read the font",
            )
        },
        Case {
            name: "font that is a device",
            ..book(fonts("/dev/zero")).fails(2, "book.toml:3:8:", "not a regular file")
        },
        Case {
            name: "font that is a pipe",
            ..book(fonts("pipe.ttf")).fifo("pipe.ttf").fails(
                2,
                "book.toml:3:8:",
                "not a regular file",
            )
        },
        // ---- Puzzle banks named by a spec.
        Case {
            name: "bank with a bad line",
            ..book(spec_with("source = \"bank.txt\""))
                .file("bank.txt", format!("{PUZZLE}\n{good_and_bad}\n"))
                .fails(2, "bank.txt:2:11:", "unexpected character 'x'")
                .hint("'.' or '0' for blanks")
        },
        Case {
            name: "bank that is a pipe",
            ..book(spec_with("source = \"bank.txt\""))
                .fifo("bank.txt")
                .fails(2, "book.toml:5:10:", "not a regular file")
        },
        Case {
            name: "bank not UTF-8",
            ..book(spec_with("source = \"bank.txt\""))
                .file("bank.txt", b"\xff\n".to_vec())
                .fails(2, "bank.txt:1:1:", "not UTF-8")
        },
        // ---- Time budgets.
        Case {
            name: "book tier out of reach in the time allowed",
            ..case(
                "",
                &["book", "book.toml", "--max-seconds", "1", "--jobs", "1"],
            )
            .file(
                "book.toml",
                spec_with("tier = \"extreme\"\nclues = \"40..45\""),
            )
            .fails(1, "section \"Sudoku\", puzzle 1 of 2:", "could not make")
            .hint("allow more time")
        },
        Case {
            name: "book with no time at all",
            ..case("", &["book", "book.toml", "--max-seconds", "0"])
                .file("book.toml", SPEC)
                .fails(2, "", "invalid value '0' for '--max-seconds")
        },
        // ---- Outputs.
        Case {
            name: "output in a missing directory",
            ..case("", &["book", "book.toml", "-o", "missing/book.pdf"])
                .file("book.toml", SPEC)
                .fails(2, "", "the directory missing does not exist")
                .hint("create the directory")
        },
        Case {
            name: "output under a regular file",
            ..case("", &["book", "book.toml", "-o", "notes.txt/book.pdf"])
                .file("book.toml", SPEC)
                .file("notes.txt", "notes")
                .fails(2, "", "notes.txt is not a directory")
        },
        Case {
            // procfs refuses new files even to root, so this holds wherever tests run.
            name: "output where no file can be created",
            ..case("", &["book", "book.toml", "-o", "/proc/book.pdf"])
                .file("book.toml", SPEC)
                .fails(2, "", "cannot create a file in /proc")
                .hint("directory you can write to")
        },
        Case {
            name: "output that is a directory",
            ..case("", &["book", "book.toml", "-o", "out"])
                .file("book.toml", SPEC)
                .directory("out")
                .fails(2, "", "it is a directory")
        },
        Case {
            name: "output that is a pipe",
            ..case("", &["book", "book.toml", "-o", "pipe.pdf"])
                .file("book.toml", SPEC)
                .fifo("pipe.pdf")
                .fails(2, "", "not a regular file")
        },
        Case {
            name: "output the manifest would overwrite",
            ..case("", &["book", "book.toml", "-o", "book.json"])
                .file("book.toml", SPEC)
                .fails(2, "", "overwritten by the manifest")
                .hint(".pdf")
        },
        Case {
            name: "output that is the spec",
            ..case("", &["book", "book.toml", "-o", "book.toml"])
                .file("book.toml", SPEC)
                .fails(2, "", "is the spec, which this run reads")
                .hint("-o")
        },
        Case {
            name: "output that is the book's puzzle file",
            ..case("", &["book", "book.toml", "-o", "bank.jsonl"])
                .file("book.toml", spec_with("source = \"bank.jsonl\""))
                .file("bank.jsonl", format!("{PUZZLE}\n"))
                .fails(2, "", "is a puzzle file of the book, which this run reads")
                .hint("-o")
        },
        Case {
            name: "output that is the book's font",
            ..case("", &["book", "book.toml", "-o", "font.ttf"])
                .file("book.toml", fonts("font.ttf"))
                .file("font.ttf", dejavu.clone())
                .fails(2, "", "is a font of the book, which this run reads")
                .hint("-o")
        },
        Case {
            name: "cover that is the book's font",
            ..case("", &["book", "book.toml", "--cover", "font.pdf"])
                .file("book.toml", fonts("font.pdf"))
                .file("font.pdf", dejavu.clone())
                .fails(2, "", "is a font of the book, which this run reads")
                .hint("--cover")
        },
        Case {
            name: "preview over the book's puzzle file",
            ..case("", &["preview", "book.toml", "-o", "bank.png"])
                .file("book.toml", spec_with("source = \"bank.png\""))
                .file("bank.png", format!("{PUZZLE}\n"))
                .fails(2, "", "is a puzzle file of the book, which this run reads")
                .hint("-o")
        },
        // ---- Sudoku puzzle files.
        Case {
            name: "sudoku line with a bad character",
            ..case("", &["sudoku", "solve", "puzzles.txt"])
                .file("puzzles.txt", format!("# two\n{good_and_bad}\n"))
                .fails(2, "puzzles.txt:2:11:", "unexpected character 'x'")
                .hint("'.' or '0' for blanks")
        },
        Case {
            name: "sudoku line too short",
            ..case("", &["sudoku", "count", "puzzles.txt"])
                .file("puzzles.txt", format!("{}\n", &PUZZLE[..80]))
                .fails(2, "puzzles.txt:1:", "81 cells, found 80")
                .hint("9 lines of 9")
        },
        Case {
            name: "sudoku with a clue twice in a row",
            ..case("", &["sudoku", "grade", "puzzles.txt"])
                .file("puzzles.txt", format!("44{}\n", &PUZZLE[2..]))
                .fails(2, "puzzles.txt:1:", "digit 4 appears twice in row 1")
                .hint("only once")
        },
        Case {
            name: "sudoku grid of 9 lines left unfinished",
            ..case("", &["sudoku", "solve", "puzzles.txt"])
                .file("puzzles.txt", "\n123456789\n456789123\n")
                .fails(2, "puzzles.txt:2:", "only 2 of its 9 rows")
        },
        Case {
            name: "sudoku without a solution",
            ..case("", &["sudoku", "solve", "-"])
                .stdin(format!("12345678.{}9{}\n", ".".repeat(8), ".".repeat(63)))
                .fails(1, "<stdin>:1:", "has no solution")
        },
        Case {
            name: "sudoku grade of a puzzle without a solution",
            ..case("", &["sudoku", "grade"])
                .stdin(format!("12345678.{}9{}\n", ".".repeat(8), ".".repeat(63)))
                .fails(1, "<stdin>:1:", "has no solution")
                .hint("exactly one solution")
        },
        Case {
            name: "6x6 grade of a puzzle without a solution",
            ..case("", &["sudoku", "grade"])
                .stdin(format!("6x6:12345.{}6{}\n", ".".repeat(5), ".".repeat(24)))
                .fails(1, "<stdin>:1:", "has no solution")
                .hint("exactly one solution")
        },
        Case {
            name: "sudoku grade of a puzzle with many solutions",
            ..case("", &["sudoku", "grade"])
                .stdin(format!("{}\n", ".".repeat(81)))
                .fails(1, "<stdin>:1:", "more than one solution")
                .hint("exactly one solution")
        },
        Case {
            name: "empty sudoku input",
            ..case("", &["sudoku", "solve", "puzzles.txt"])
                .file("puzzles.txt", "\n# nothing here\n\n")
                .fails(2, "puzzles.txt:", "no puzzles found")
                .hint("one puzzle per line")
        },
        Case {
            name: "sudoku input not UTF-8",
            ..case("", &["sudoku", "count"])
                .stdin(b"# r\xe9sum\xe9\n")
                .fails(2, "<stdin>:1:4:", "not UTF-8")
                .hint("UTF-8")
        },
        Case {
            name: "sudoku input without line breaks",
            ..case("", &["sudoku", "solve", "video.mp4"])
                .file("video.mp4", vec![b'.'; 3 << 20])
                .fails(2, "video.mp4:1:", "longer than 1 MiB")
                .hint("right file")
        },
        Case {
            name: "mushikui input that never ends",
            ..case("", &["mushikui", "grade", "/dev/zero"]).fails(
                2,
                "/dev/zero:1:",
                "longer than 1 MiB",
            )
        },
        Case {
            name: "sudoku input that is a directory",
            ..case("", &["sudoku", "solve", "puzzles"])
                .directory("puzzles")
                .fails(2, "", "cannot read puzzles: it is a directory")
        },
        Case {
            name: "sudoku input that does not exist",
            ..case("", &["sudoku", "grade", "missing.txt"]).fails(2, "", "cannot open missing.txt")
        },
        Case {
            name: "sudoku compare of an empty file",
            ..case("", &["sudoku", "grade", "--compare", "rated.txt"])
                .file("rated.txt", "")
                .fails(2, "rated.txt:", "no puzzles found")
        },
        // ---- Mushikui-zan puzzle files.
        Case {
            name: "mushikui line of an unknown kind",
            ..case("", &["mushikui", "solve", "m.txt"])
                .file("m.txt", "pow:1*,2\n")
                .fails(2, "m.txt:1:1:", "unknown mushikui kind \"pow\"")
                .hint("add, sub, mul and div")
        },
        Case {
            name: "mushikui line with a space inside",
            ..case("", &["mushikui", "count", "m.txt"])
                .file("m.txt", "add:1*, 2*,3*\n")
                .fails(2, "m.txt:1:8:", "a space inside the puzzle")
                .hint("without spaces")
        },
        Case {
            name: "mushikui row with a leading zero",
            ..case("", &["mushikui", "grade", "m.txt"])
                .file("m.txt", "\nmul:0*,*,**\n")
                .fails(2, "m.txt:2:5:", "starts with 0")
                .hint("never starts with 0")
        },
        Case {
            name: "mushikui givens that contradict the arithmetic",
            ..case("", &["mushikui", "solve", "m.txt"])
                .file("m.txt", "add:1,2,4\n")
                .fails(2, "m.txt:1:9:", "contradict the arithmetic")
        },
        Case {
            name: "mushikui with too few rows",
            ..case("", &["mushikui", "solve", "m.txt"])
                .file("m.txt", "mul:**,*\n")
                .fails(2, "m.txt:1:5:", "at least 3 rows")
                .hint("mul:A,B")
        },
        Case {
            name: "mushikui without a solution",
            ..case("", &["mushikui", "solve"])
                .stdin(b"div:*,0,*,*,*\n")
                .fails(1, "<stdin>:1:", "has no solution")
        },
        Case {
            name: "mushikui with several solutions",
            ..case("", &["mushikui", "grade"])
                .stdin(b"add:**,**,***\n")
                .fails(1, "<stdin>:1:", "more than one solution")
        },
        Case {
            name: "empty mushikui input",
            ..case("", &["mushikui", "count", "-"]).fails(2, "<stdin>:", "no puzzles found")
        },
        // ---- Flags.
        Case {
            name: "--jobs 0",
            ..case("", &["sudoku", "generate", "--jobs", "0"]).fails(
                2,
                "",
                "invalid value '0' for '--jobs",
            )
        },
        Case {
            name: "--shard past its count",
            ..case("", &["sudoku", "generate", "-n", "8", "--shard", "5/4"])
                .fails(2, "", "invalid shard \"5/4\"")
                .hint("1 <= K <= N")
        },
        Case {
            name: "--shard of nothing",
            ..case(
                "",
                &[
                    "mushikui", "generate", "--op", "add", "--digits", "3,3", "--shard", "1/0",
                ],
            )
            .fails(2, "", "invalid shard")
            .hint("K/N")
        },
        Case {
            name: "--clues past 81",
            ..case("", &["sudoku", "generate", "--clues", "90..95"]).fails(2, "", "goes past 81")
        },
        Case {
            name: "--rating upside down",
            ..case("", &["sudoku", "generate", "--rating", "9..1"])
                .fails(2, "", "is empty")
                .hint("smaller rating first")
        },
        Case {
            name: "--tier and --rating together",
            ..case(
                "",
                &[
                    "sudoku", "generate", "--tier", "hard", "--rating", "3.0..4.0",
                ],
            )
            .fails(2, "", "cannot be used with")
        },
        Case {
            name: "--tier out of reach for the clue range in the time allowed",
            ..case(
                "",
                &[
                    "sudoku",
                    "generate",
                    "--tier",
                    "extreme",
                    "--clues",
                    "40..45",
                    "--max-seconds",
                    "1",
                    "--jobs",
                    "1",
                ],
            )
            .fails(1, "puzzle 0:", "could not make a sudoku rated extreme")
            .hint("allow more time")
        },
        Case {
            name: "--digits for the wrong command",
            ..case("", &["sudoku", "generate", "--digits", "3,2"]).fails(
                2,
                "",
                "unexpected argument '--digits'",
            )
        },
        Case {
            name: "--digits of the wrong shape for the operation",
            ..case(
                "",
                &["mushikui", "generate", "--op", "mul", "--digits", "3"],
            )
            .fails(2, "", "multiplicand and multiplier")
            .hint("--digits 3,2")
        },
        Case {
            name: "--digits with a quotient length the division cannot have",
            ..case(
                "",
                &["mushikui", "generate", "--op", "div", "--digits", "6,3,9"],
            )
            .fails(2, "", "has a quotient of 3 or 4 digits, not 9")
            .hint("--digits 6,3")
        },
        Case {
            name: "--digits with a subtrahend longer than the minuend",
            ..case(
                "",
                &["mushikui", "generate", "--op", "sub", "--digits", "3,5"],
            )
            .fails(2, "", "the subtrahend no longer")
            .hint("--digits 4,3")
        },
        Case {
            name: "--digits too long",
            ..case(
                "",
                &["mushikui", "generate", "--op", "add", "--digits", "19,3"],
            )
            .fails(2, "", "at most 17 digits")
        },
        Case {
            name: "--tier an operation never reaches",
            ..case(
                "",
                &[
                    "mushikui", "generate", "--op", "sub", "--digits", "5,4", "--tier", "expert",
                ],
            )
            .fails(2, "", "never expert")
            .hint("--tier easy")
        },
        Case {
            name: "negative count",
            ..case("", &["sudoku", "generate", "-n", "-1"]).fails(2, "", "unexpected argument '-1'")
        },
        Case {
            name: "--limit 0",
            ..case("", &["sudoku", "count", "--limit", "0"]).fails(2, "", "invalid value '0'")
        },
        Case {
            name: "a misspelt flag",
            ..case("", &["sudoku", "generate", "--symetry", "none"])
                .fails(2, "", "unexpected argument '--symetry'")
                .hint("--symmetry")
        },
    ]
}

/// Every file under `dir` (relative path → contents; `None` for directories and pipes).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Option<Vec<u8>>> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            let kind = entry.file_type().unwrap();
            let relative = path.strip_prefix(dir).unwrap().to_path_buf();
            if kind.is_dir() {
                pending.push(path);
                files.insert(relative, None);
            } else if kind.is_file() {
                files.insert(relative, Some(std::fs::read(&path).unwrap()));
            } else {
                files.insert(relative, None);
            }
        }
    }
    files
}

fn prepare(case: &Case, index: usize) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("bad-input-{index}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Every run starts next to an older book, which must survive any failure.
    std::fs::write(dir.join("book.pdf"), OLDER_BOOK).unwrap();
    std::fs::write(dir.join("book.json"), b"{\"older\": true}").unwrap();
    for (name, setup) in &case.files {
        let path = dir.join(name);
        match setup {
            Setup::File(bytes) => std::fs::write(&path, bytes).unwrap(),
            Setup::Directory => std::fs::create_dir(&path).unwrap(),
            Setup::Fifo => {
                let c_path = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
                // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
                assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o644) }, 0);
            }
        }
    }
    dir
}

/// Whether a line other than the `error:` line is one a clear message may carry: a hint
/// or tip, a source snippet, clap's usage lines, or a blank separator.
fn is_supporting_line(line: &str) -> bool {
    let trimmed = line.trim_start();
    line.is_empty()
        || line.starts_with("  hint: ")
        || line.starts_with("  tip: ")
        || line.starts_with("  [possible values: ")
        || trimmed.starts_with('|')
        || trimmed
            .split_once(" |")
            .is_some_and(|(number, _)| number.chars().all(|c| c.is_ascii_digit()))
        || line.starts_with("Usage: ")
        || line == "For more information, try '--help'."
}

/// The child's output once it exits, or `None` (the child killed) when it is still running
/// after `limit`: an input that blocks the program forever must fail the test, not hang it.
fn wait_at_most(mut child: Child, limit: Duration) -> Option<Output> {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

#[test]
fn every_bad_input_gives_one_clear_error_and_loses_nothing() {
    let cases = cases();
    assert!(cases.len() >= 30, "{}", cases.len());
    let mut failures = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        let dir = prepare(case, index);
        let before = snapshot(&dir);
        let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
            .args(&case.args)
            .current_dir(&dir)
            .env("RUST_BACKTRACE", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&case.stdin).unwrap();
        let Some(output) = wait_at_most(child, Duration::from_secs(120)) else {
            failures.push(format!(
                "{} ({}): still running after two minutes",
                case.name,
                case.args.join(" ")
            ));
            continue;
        };
        let stderr = String::from_utf8_lossy(&output.stderr);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let mut problems = Vec::new();
        if output.status.code() != Some(case.code) {
            problems.push(format!(
                "exit code {:?}, not {}",
                output.status.code(),
                case.code
            ));
        }
        for sign in ["panicked", "backtrace", "RUST_BACKTRACE", "thread '"] {
            if stderr.contains(sign) {
                problems.push(format!("{sign:?} on stderr"));
            }
        }
        let error_lines: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error")).collect();
        if error_lines.len() != 1 {
            problems.push(format!("{} error lines", error_lines.len()));
        }
        let first = stderr.lines().next().unwrap_or("");
        if !first.starts_with(&format!("error: {}", case.place)) {
            problems.push(format!(
                "the first line does not start with `error: {}`",
                case.place
            ));
        }
        if !first.contains(case.message) {
            problems.push(format!("{:?} not in the error line", case.message));
        }
        for line in stderr.lines().skip(1) {
            if !is_supporting_line(line) {
                problems.push(format!("unexpected line {line:?}"));
            }
        }
        if !case.hint.is_empty()
            && !stderr.lines().skip(1).any(|line| {
                (line.starts_with("  hint: ") || line.starts_with("  tip: "))
                    && line.contains(case.hint)
            })
        {
            problems.push(format!("no hint with {:?}", case.hint));
        }
        // Spec errors with a line and column underline the place in a source snippet.
        let column_in_spec = case.place.starts_with("book.toml:")
            && case.place.trim_end_matches(':').matches(':').count() == 2;
        if column_in_spec
            && !stderr
                .lines()
                .any(|line| line.trim_start().starts_with('|') && line.contains('^'))
        {
            problems.push("no source snippet underlining the place".to_string());
        }
        if !stdout.is_empty() {
            problems.push(format!("stdout: {stdout:?}"));
        }
        let after = snapshot(&dir);
        if after != before {
            let changed: Vec<_> = before
                .keys()
                .chain(after.keys())
                .filter(|path| before.get(*path) != after.get(*path))
                .collect();
            problems.push(format!("files changed, added or removed: {changed:?}"));
        }
        if !problems.is_empty() {
            failures.push(format!(
                "{} ({}):\n    {}\n  stderr:\n{stderr}",
                case.name,
                case.args.join(" "),
                problems.join("\n    ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
