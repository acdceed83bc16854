//! Sprague–Grundy values of single heaps: g(n) is the least value not among g(a) ⊕ g(b) for every split of n into
//! unequal a + b. A position's value is the exclusive or of its heaps' values; 0 is a loss for the player to move.

/// The largest heap [`values`] takes.
pub const MAX_UP_TO: usize = 10_000_000;

/// Why no values were given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// Too many heaps asked for.
    #[error("values are given up to heaps of {MAX_UP_TO}, not {0}")]
    TooLarge(usize),
    /// A value past what the search keeps track of (none is known below 2^35).
    #[error("the value of the heap of {0} is beyond 1023")]
    Overflow(usize),
}

/// The values g(0), g(1), …, g(`up_to`); `progress` hears of each heap done.
///
/// ```
/// let g = hamle_classics::grundy::values(10, &|_| {}).unwrap();
/// assert_eq!(g, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]);
/// ```
pub fn values(up_to: usize, progress: &dyn Fn(usize)) -> Result<Vec<u16>, ValueError> {
    if up_to > MAX_UP_TO {
        return Err(ValueError::TooLarge(up_to));
    }
    let mut g: Vec<u16> = vec![0; up_to + 1];
    let mut seen = [0u64; 16];
    for n in 3..=up_to {
        seen.fill(0);
        // Splits n = a + b with a < b: a from 1 to (n − 1) / 2.
        let (low, high) = g.split_at(n - (n - 1) / 2);
        for (a, &ga) in low[1..=(n - 1) / 2].iter().enumerate() {
            let gb = high[(n - 1) / 2 - 1 - a];
            let v = usize::from(ga ^ gb);
            seen[v >> 6] |= 1 << (v & 63);
        }
        let mex = seen.iter().position(|&w| w != u64::MAX).map(|i| i * 64 + seen[i].trailing_ones() as usize);
        match mex {
            Some(v) if v < 1024 => g[n] = v as u16,
            _ => return Err(ValueError::Overflow(n)),
        }
        if n % 4096 == 0 {
            progress(n);
        }
    }
    progress(up_to);
    Ok(g)
}
