//! Batch work on a thread pool with deterministic, ordered output.
//!
//! Work is cut into chunks; each chunk is mapped in parallel and its results written in
//! input order before the next chunk starts, so output bytes never depend on the thread
//! count and memory stays flat however many items stream through.

use clap::Args;
use rayon::ThreadPool;
use rayon::prelude::*;

use crate::error::Error;

/// Items mapped in parallel before their results are written out.
pub const CHUNK: usize = 1024;

#[derive(Debug, Args)]
pub struct JobsArg {
    /// Worker threads (default: one per CPU). Output is the same for any value.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

impl JobsArg {
    pub fn pool(&self) -> Result<ThreadPool, Error> {
        let threads = match self.jobs {
            Some(jobs) => usize::from(jobs),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|error| {
                Error::runtime(format!("cannot start {threads} worker threads: {error}"))
            })
    }
}

/// Maps `items` on the pool, keeping their order.
pub fn map_ordered<T, R, F>(pool: &ThreadPool, items: &[T], f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync + Send,
{
    pool.install(|| items.par_iter().map(f).collect())
}
