//! Seeded random streams: every game, match and bot owns one, so every run can be replayed.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded, reproducible random stream (ChaCha8). There is no global one.
///
/// ```
/// use hamle_core::Stream;
/// let mut a = Stream::new(7);
/// let mut b = Stream::new(7);
/// assert_eq!(a.below(1000), b.below(1000));
/// assert_ne!(Stream::new(7).derive(1).below(1 << 30), Stream::new(7).derive(2).below(1 << 30));
/// ```
#[derive(Clone, Debug)]
pub struct Stream {
    rng: ChaCha8Rng,
    seed: u64,
}

impl Stream {
    /// A stream from a seed.
    pub fn new(seed: u64) -> Self {
        Self { rng: ChaCha8Rng::seed_from_u64(seed), seed }
    }

    /// The seed this stream started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// An independent stream for child `index` (game `i` of a match, a bot's own stream), fixed by
    /// this stream's seed alone and not by how much of it was used.
    pub fn derive(&self, index: u64) -> Stream {
        Stream::new(derive_seed(self.seed, index))
    }

    /// A uniform integer in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n.max(1))
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        self.rng.random::<f64>()
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() { None } else { items.get(self.below(items.len())) }
    }
}

impl RngCore for Stream {
    fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.rng.fill_bytes(dest)
    }
}

/// The seed of child `index` of a stream seeded with `seed` (SplitMix64 finalizer).
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    mix64(seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// SplitMix64's finaliser: a cheap, well-spread 64-bit mixer, for seeds and position keys.
///
/// ```
/// assert_ne!(hamle_core::stream::mix64(1), hamle_core::stream::mix64(2));
/// ```
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
