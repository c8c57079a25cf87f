//! Batch work on a thread pool with deterministic, ordered output.
//!
//! Work is cut into chunks. While the pool works on one chunk, the calling thread writes the
//! previous chunk's results and reads the next chunk, then joins the pool; results are
//! written in input order. So output bytes never depend on the thread count, memory stays
//! flat however many items stream through, and reading and writing overlap the work.

use std::ops::Range;
use std::str::FromStr;
use std::time::{Duration, Instant};

use clap::Args;
use rayon::ThreadPool;
use rayon::prelude::*;

use super::Ui;
use super::io::{Input, Output};
use crate::error::{Error, ErrorKind};

/// Items handed to the pool at a time.
pub const CHUNK: usize = 1024;

/// Worker threads per CPU at most: more threads only take turns on the same cores, and
/// thousands of them bring the machine to a halt.
pub const THREADS_PER_CPU: usize = 4;

#[derive(Debug, Args)]
pub struct JobsArg {
    /// Worker threads (default: one per CPU; at most four per CPU, and never more than there
    /// are puzzles). Output is the same for any value.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

impl JobsArg {
    /// A pool for `items` pieces of work (`usize::MAX` when not known in advance).
    pub fn pool(&self, items: usize) -> Result<ThreadPool, Error> {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = thread_count(self.jobs, cpus, items);
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|error| {
                Error::runtime(format!("cannot start {threads} worker threads: {error}"))
            })
    }
}

/// The threads a pool gets: those asked for (one per CPU by default), at most
/// [`THREADS_PER_CPU`] per CPU and at most one per item of work, and at least one.
pub fn thread_count(asked: Option<u16>, cpus: usize, items: usize) -> usize {
    let cpus = cpus.max(1);
    asked
        .map_or(cpus, usize::from)
        .min(cpus.saturating_mul(THREADS_PER_CPU))
        .min(items)
        .max(1)
}

/// The longest time `--max-seconds` takes: about eleven and a half days.
pub const MAX_SECONDS: f64 = 1_000_000.0;

/// Reads `--max-seconds`: a number of seconds above 0 (decimals allowed) and at most
/// [`MAX_SECONDS`]; every command reads it the same way.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= MAX_SECONDS => {
            Ok(seconds)
        }
        Ok(seconds) if seconds > MAX_SECONDS => Err(format!(
            "invalid time {text:?}: at most {MAX_SECONDS} seconds (about 11 days)\n  hint: give a number of seconds from 0.001 to {MAX_SECONDS}, e.g. 30 or 2.5"
        )),
        _ => Err(format!(
            "invalid time {text:?}: not a number of seconds above 0\n  hint: give a number of seconds from 0.001 to {MAX_SECONDS}, e.g. 30 or 2.5"
        )),
    }
}

/// `--max-seconds` of the commands that make a book (`book`, `preview`, `export`, `cover`).
#[derive(Debug, Args)]
pub struct RunBudgetArg {
    /// Give up (exit 1) when the run is not done in this many seconds (decimals allowed,
    /// at most 1000000). The whole run counts: reading the spec, making the puzzles,
    /// laying out and writing.
    #[arg(long, value_name = "SECONDS", default_value_t = 600.0, value_parser = parse_seconds)]
    pub max_seconds: f64,
}

impl RunBudgetArg {
    pub fn budget(&self, started: Instant) -> Budget {
        Budget {
            started,
            seconds: self.max_seconds,
        }
    }
}

/// The time a whole run may take, from its start: checked before each puzzle is made and
/// between the stages of the run.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub started: Instant,
    seconds: f64,
}

impl Budget {
    /// When the run must be done (`None`: later than the clock can tell).
    pub fn deadline(self) -> Option<Instant> {
        self.started
            .checked_add(Duration::from_secs_f64(self.seconds))
    }

    /// An error when the time is up, saying what the run was doing (`doing`, e.g.
    /// "laying out the pages").
    pub fn check(self, doing: &str) -> Result<(), Error> {
        if crate::book::plan::is_past(self.deadline()) {
            return Err(Error::runtime(format!(
                "gave up while {doing}: the run took more than --max-seconds {}",
                self.seconds
            ))
            .with_hint("allow more time with --max-seconds, or make a smaller book"));
        }
        Ok(())
    }
}

/// Part `index` (1-based) of `count` equal parts of a run, written `K/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The puzzle indices of this shard among `total`: contiguous, so the shards' outputs
    /// concatenated in order are exactly the output of one run.
    pub fn range(self, total: u64) -> Range<u64> {
        let bound =
            |part: u64| (u128::from(total) * u128::from(part) / u128::from(self.count)) as u64;
        bound(self.index - 1)..bound(self.index)
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || {
            format!(
                "invalid shard {text:?}\n  hint: write K/N with 1 <= K <= N, e.g. 3/8 for the third of eight parts"
            )
        };
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = index.trim().parse().map_err(|_| bad())?;
        let count: u64 = count.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

#[derive(Debug, Args)]
pub struct ShardArg {
    /// Make only part K of N of the run (1 <= K <= N): N processes or machines each run one
    /// part, and the parts concatenated in order are exactly the output of a single run.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
}

impl ShardArg {
    pub fn range(&self, total: u64) -> Range<u64> {
        self.shard.map_or(0..total, |shard| shard.range(total))
    }
}

/// Generates items `indices` on the pool and writes their lines in index order. The first
/// failure (in index order) stops the run, after the lines before it have been written.
pub fn generate<F>(jobs: &JobsArg, ui: Ui, indices: Range<u64>, make: F) -> Result<i32, Error>
where
    F: Fn(u64) -> Result<String, Error> + Sync + Send,
{
    let started = std::time::Instant::now();
    let pool = jobs.pool(usize::try_from(indices.end - indices.start).unwrap_or(usize::MAX))?;
    ui.detail(format_args!(
        "puzzles {}..{} ({} in all), {} worker threads",
        indices.start,
        indices.end,
        indices.end - indices.start,
        pool.current_num_threads()
    ));
    let count = indices.end - indices.start;
    let mut output = Output::stdout();
    let mut next = indices.start;
    let end = indices.end;
    let mut take_chunk = move || {
        let chunk: Vec<u64> = (next..end.min(next.saturating_add(CHUNK as u64))).collect();
        next += chunk.len() as u64;
        Ok(chunk)
    };
    pipeline(
        &pool,
        &mut take_chunk,
        |index| make(index).map_err(|error| error.context(format!("puzzle {index}"))),
        |result| output.line(&result?),
    )?;
    output.flush()?;
    ui.detail(format_args!(
        "{count} puzzles in {:.2} s",
        started.elapsed().as_secs_f64()
    ));
    Ok(0)
}

/// Generates `count` puzzles (or, with `--shard`, a part of them) as [`generate`] does;
/// with `distinct`, as [`generate_distinct`] does.
pub fn generate_run<F>(
    jobs: &JobsArg,
    ui: Ui,
    shard: &ShardArg,
    count: u64,
    distinct: bool,
    make: F,
) -> Result<i32, Error>
where
    F: Fn(u64) -> Result<String, Error> + Sync + Send,
{
    if distinct {
        generate_distinct(jobs, ui, count, make)
    } else {
        generate(jobs, ui, shard.range(count), make)
    }
}

/// Generates puzzles 0, 1, 2, … on the pool and writes, in index order, each whose key
/// ([`super::bank::key_of_output`]) no earlier one had, until `count` are written. A run
/// whose settings cannot give `count` distinct puzzles stops (exit 1) once it has drawn
/// fifty times as many and ten thousand more.
pub fn generate_distinct<F>(jobs: &JobsArg, ui: Ui, count: u64, make: F) -> Result<i32, Error>
where
    F: Fn(u64) -> Result<String, Error> + Sync + Send,
{
    let started = std::time::Instant::now();
    let pool = jobs.pool(usize::try_from(count).unwrap_or(usize::MAX))?;
    let limit = count.saturating_mul(50).saturating_add(10_000);
    let mut output = Output::stdout();
    let mut seen = std::collections::HashSet::new();
    let (mut written, mut next) = (0u64, 0u64);
    while written < count {
        if next >= limit {
            output.flush()?;
            return Err(Error::runtime(format!(
                "found only {written} distinct puzzles in {next} draws"
            ))
            .with_hint("these settings admit few puzzles: ask for fewer, or widen the clues, symmetry or tier"));
        }
        let size = (count - written)
            .max(pool.current_num_threads() as u64 * 4)
            .min(CHUNK as u64)
            .min(limit - next);
        let indices: Vec<u64> = (next..next + size).collect();
        let results: Vec<Result<(String, String), Error>> = pool.install(|| {
            indices
                .par_iter()
                .map(|&index| {
                    let line =
                        make(index).map_err(|error| error.context(format!("puzzle {index}")))?;
                    let key = super::bank::key_of_output(&line)?;
                    Ok((line, key))
                })
                .collect()
        });
        for result in results {
            let (line, key) = result?;
            if seen.insert(key) {
                output.line(&line)?;
                written += 1;
                if written == count {
                    break;
                }
            }
        }
        next += size;
    }
    output.flush()?;
    ui.detail(format_args!(
        "{count} distinct puzzles from {next} draws in {:.2} s",
        started.elapsed().as_secs_f64()
    ));
    Ok(0)
}

/// What one puzzle of an input produced.
pub enum Report {
    /// Text for standard output (one or more lines, without the final newline).
    Output(String),
    /// Nothing to write (a line that held no puzzle after all).
    Nothing,
    /// A problem with this puzzle, reported on standard error; the run goes on. Input
    /// errors make the exit code 2, other problems 1.
    Problem(Error),
}

/// Streams the puzzles of an input through `work` on the pool. `split` cuts lines into
/// raw puzzles on the reading thread (cheaply: parsing belongs in `work`); `finish` reports
/// what the input left unfinished. Reports are written in input order, problems on stderr
/// with the input's name. Returns the exit code: 2 if any input error, else 1 if any
/// problem, else 0. An input without a single puzzle is an input error.
pub fn process<T, S, W>(
    input: Input,
    jobs: &JobsArg,
    ui: Ui,
    mut split: S,
    finish: impl FnOnce(&mut S) -> Option<T> + Send,
    work: W,
) -> Result<i32, Error>
where
    T: Send,
    S: FnMut(usize, &str) -> Option<T> + Send,
    W: Fn(T) -> Report + Sync + Send,
{
    let started = std::time::Instant::now();
    // At most a chunk of puzzles is worked on at a time.
    let pool = jobs.pool(CHUNK)?;
    let name = input.name.clone();
    ui.detail(format_args!(
        "reading {name}, {} worker threads",
        pool.current_num_threads()
    ));
    let mut input = Some(input);
    let mut finish = Some(finish);
    let mut read_chunk = move || -> Result<Vec<T>, Error> {
        let mut chunk = Vec::new();
        let Some(reader) = input.as_mut() else {
            return Ok(chunk);
        };
        let at_end = reader.for_each_line(|number, line| {
            if let Some(item) = split(number, line) {
                chunk.push(item);
            }
            Ok(chunk.len() < CHUNK)
        })?;
        if at_end {
            input = None;
            if let Some(item) = finish.take().and_then(|finish| finish(&mut split)) {
                chunk.push(item);
            }
        }
        Ok(chunk)
    };
    let mut output = Output::stdout();
    let mut input_errors = 0usize;
    let mut problems = 0usize;
    let mut puzzles = 0usize;
    pipeline(
        &pool,
        &mut read_chunk,
        |item| Ok(work(item)),
        |report| {
            let report = report?;
            if !matches!(report, Report::Nothing) {
                puzzles += 1;
            }
            match report {
                Report::Output(text) => output.line(&text)?,
                Report::Nothing => {}
                Report::Problem(error) => {
                    // Keep stdout and stderr in input order.
                    output.flush()?;
                    if error.kind() == ErrorKind::Input {
                        input_errors += 1;
                    } else {
                        problems += 1;
                    }
                    super::print_error(&error.in_file(name.clone()));
                }
            }
            Ok(())
        },
    )?;
    output.flush()?;
    ui.detail(format_args!(
        "{puzzles} puzzles in {:.2} s: {input_errors} input errors, {problems} other problems",
        started.elapsed().as_secs_f64()
    ));
    if puzzles == 0 {
        // An empty input is almost always a mistake upstream (a wrong file, a failed step).
        return Err(Error::input("no puzzles found").in_file(name).with_hint(
            "write one puzzle per line; blank lines and lines starting with '#' are skipped",
        ));
    }
    Ok(if input_errors > 0 {
        2
    } else if problems > 0 {
        1
    } else {
        0
    })
}

/// Maps `items` on the pool, keeping their order (for work that needs every result).
pub fn map_ordered<T, R, F>(pool: &ThreadPool, items: &[T], f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync + Send,
{
    pool.install(|| items.par_iter().map(f).collect())
}

/// The engine of [`generate`] and [`process`]: `next_chunk` (empty at the end) and `emit`
/// run on the calling thread, overlapping with `work` on the pool.
fn pipeline<T, R, N, W, E>(
    pool: &ThreadPool,
    next_chunk: &mut N,
    work: W,
    mut emit: E,
) -> Result<(), Error>
where
    T: Send,
    R: Send,
    N: FnMut() -> Result<Vec<T>, Error> + Send,
    W: Fn(T) -> Result<R, Error> + Sync + Send,
    E: FnMut(Result<R, Error>) -> Result<(), Error> + Send,
{
    pool.install(|| {
        let mut current = next_chunk()?;
        let mut finished: Vec<Result<R, Error>> = Vec::new();
        while !current.is_empty() {
            let done = std::mem::take(&mut finished);
            let (upcoming, results) = rayon::join(
                || -> Result<Vec<T>, Error> {
                    for result in done {
                        emit(result)?;
                    }
                    next_chunk()
                },
                || current.into_par_iter().map(&work).collect::<Vec<_>>(),
            );
            finished = results;
            current = upcoming?;
        }
        for result in finished {
            emit(result)?;
        }
        Ok(())
    })
}
