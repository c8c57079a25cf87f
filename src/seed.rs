//! Seed derivation: how a user's seed string becomes the random stream of one puzzle.
//!
//! Every random choice in puzzlebook flows from one user-given seed string through this
//! module, so that any single puzzle can be regenerated on its own and the output never
//! depends on thread count, platform, or how many puzzles were asked for.
//!
//! # The derivation (stable; changing it changes every published puzzle)
//!
//! ```text
//! key    = SHA-256( "puzzlebook/seed/v1" ‖ field(seed) ‖ field(path[0]) ‖ … ‖ field(path[k]) ‖ u64le(index) )
//! field(s) = u64le(byte length of s) ‖ bytes of s (UTF-8)
//! stream = ChaCha8Rng::from_seed(key)          (rand_chacha)
//! ```
//!
//! The `path` names what is being made, e.g. `["sudoku", "symmetry=rot180"]` for
//! `puzzlebook sudoku generate`, or `["book", "section-2", "sudoku", …]` for the second
//! section of a book; `index` is the puzzle's 0-based position in its run or section.
//! Uniform integers and shuffles are computed here from the raw 32-bit outputs of the
//! ChaCha stream (rejection sampling; Fisher–Yates), not by `rand`'s helpers, so that only
//! `rand_chacha`'s stream definition (the ChaCha8 block function) is load-bearing.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};

const DOMAIN: &[u8] = b"puzzlebook/seed/v1";

/// Derives the 32-byte key of `(seed, path, index)` as documented in the module docs.
pub fn derive_key(seed: &str, path: &[&str], index: u64) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(DOMAIN);
    let mut field = |bytes: &[u8]| {
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    };
    field(seed.as_bytes());
    for part in path {
        field(part.as_bytes());
    }
    hasher.update(index.to_le_bytes());
    hasher.finalize().into()
}

/// The random stream of one puzzle (or one other seeded object).
#[derive(Clone, Debug)]
pub struct RandomStream {
    rng: ChaCha8Rng,
}

impl RandomStream {
    /// The stream for `(seed, path, index)`.
    pub fn derive(seed: &str, path: &[&str], index: u64) -> RandomStream {
        RandomStream::from_key(derive_key(seed, path, index))
    }

    pub fn from_key(key: [u8; 32]) -> RandomStream {
        RandomStream {
            rng: ChaCha8Rng::from_seed(key),
        }
    }

    pub fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }

    pub fn next_u64(&mut self) -> u64 {
        let low = u64::from(self.next_u32());
        let high = u64::from(self.next_u32());
        (high << 32) | low
    }

    /// A uniform integer in `0..bound` (`bound` > 0), by rejection sampling.
    pub fn below(&mut self, bound: u32) -> u32 {
        assert!(bound > 0, "RandomStream::below needs a positive bound");
        // Accept only values below the largest multiple of `bound` that fits in u32.
        let zone = u32::MAX - (u32::MAX - bound + 1) % bound;
        loop {
            let value = self.next_u32();
            if value <= zone {
                return value % bound;
            }
        }
    }

    /// A uniform integer in `low..=high`.
    pub fn in_range(&mut self, low: u32, high: u32) -> u32 {
        assert!(low <= high, "RandomStream::in_range needs low <= high");
        if high - low == u32::MAX {
            return self.next_u32();
        }
        low + self.below(high - low + 1)
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        self.below(denominator) < numerator
    }

    /// Shuffles a slice uniformly (Fisher–Yates, from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len() as u32) as usize])
        }
    }
}
