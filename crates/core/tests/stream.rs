//! The seeded [`Stream`]: replayable, with independent derived streams, uniform draws, and the chance
//! draws of [`Game::sample_chance`] in proportion to their probabilities. Every seed is fixed, so
//! the statistical checks cannot flake: their generous bounds only have to hold for these seeds.

use hamle_core::stream::derive_seed;
use hamle_core::tree::{Shape, Tree};
use hamle_core::{Game, Stream, Turn};
use rand::RngCore;

/// Pearson's chi-square statistic of `counts` against equal expected counts.
fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum()
}

/// A mixed sequence of every kind of draw.
fn draws(stream: &mut Stream) -> Vec<u64> {
    let mut out = Vec::new();
    for i in 0..200 {
        out.push(stream.below(1 + i % 37) as u64);
        out.push(stream.unit().to_bits());
        out.push(stream.next_u64());
        out.push(u64::from(stream.next_u32()));
        out.push(*stream.pick(&[3u64, 5, 7]).unwrap_or(&0));
    }
    let mut bytes = [0u8; 16];
    stream.fill_bytes(&mut bytes);
    out.extend(bytes.iter().map(|&b| u64::from(b)));
    out
}

#[test]
fn same_seed_same_sequence() {
    for seed in [0, 1, 7, 42, u64::MAX] {
        assert_eq!(draws(&mut Stream::new(seed)), draws(&mut Stream::new(seed)), "seed {seed}");
        // A clone continues exactly where its original stands.
        let mut a = Stream::new(seed);
        a.below(10);
        let mut b = a.clone();
        assert_eq!(draws(&mut a), draws(&mut b), "seed {seed}");
    }
}

#[test]
fn different_seeds_differ() {
    let first: Vec<Vec<u64>> = (0..100).map(|seed| draws(&mut Stream::new(seed))).collect();
    for i in 0..first.len() {
        for j in 0..i {
            assert_ne!(first[i], first[j], "seeds {i} and {j}");
        }
    }
}

#[test]
fn seed_is_remembered() {
    let mut stream = Stream::new(1234);
    stream.next_u64();
    assert_eq!(stream.seed(), 1234);
    assert_eq!(stream.derive(5).seed(), derive_seed(1234, 5));
}

#[test]
fn derived_streams_are_reproducible_and_do_not_depend_on_use() {
    let fresh = Stream::new(99);
    let mut used = Stream::new(99);
    for _ in 0..1000 {
        used.next_u64();
    }
    for index in [0, 1, 2, 1000, u64::MAX] {
        assert_eq!(draws(&mut fresh.derive(index)), draws(&mut used.derive(index)), "child {index}");
        assert_eq!(draws(&mut fresh.derive(index)), draws(&mut Stream::new(derive_seed(99, index))), "child {index}");
    }
    // Grandchildren too.
    assert_eq!(draws(&mut fresh.derive(3).derive(4)), draws(&mut used.derive(3).derive(4)));
}

#[test]
fn derived_streams_are_distinct() {
    let parent = Stream::new(7);
    let mut seeds: Vec<u64> = (0..10_000).map(|i| parent.derive(i).seed()).collect();
    seeds.push(parent.seed());
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 10_001, "every child seed differs from the others and from the parent's");
    // Children of different parents differ as well.
    assert_ne!(Stream::new(1).derive(0).seed(), Stream::new(2).derive(0).seed());
    assert_ne!(derive_seed(0, 0), 0);
}

/// Derived streams look independent: neighbouring children (and a child and its parent) agree on
/// about half of their bits, as unrelated streams do.
#[test]
fn derived_streams_look_independent() {
    let parent = Stream::new(2024);
    let words = 4096;
    let bits = f64::from(64 * words);
    let mut pairs = vec![(parent.clone(), parent.derive(0))];
    pairs.extend((0..8).map(|i| (parent.derive(i), parent.derive(i + 1))));
    for (mut a, mut b) in pairs {
        let same: u32 = (0..words).map(|_| (!(a.next_u64() ^ b.next_u64())).count_ones()).sum();
        let share = f64::from(same) / bits;
        // The standard deviation of the share is 0.5 / sqrt(bits) ≈ 0.001; allow about 10 of them.
        assert!((share - 0.5).abs() < 0.01, "streams {} and {} agree on {share} of their bits", a.seed(), b.seed());
    }
}

#[test]
fn below_stays_in_range() {
    let mut stream = Stream::new(3);
    for n in 1..=100 {
        let mut seen = vec![false; n];
        for _ in 0..20 * n {
            let x = stream.below(n);
            assert!(x < n, "below({n}) gave {x}");
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s), "below({n}) missed a value in {} draws", 20 * n);
    }
    assert_eq!(stream.below(1), 0);
    let big = usize::MAX;
    assert!((0..100).all(|_| stream.below(big) < big));
}

/// Chi-square goodness of fit of `below(n)` against the uniform distribution. With `n - 1` degrees of
/// freedom the statistic has mean `n - 1` and standard deviation `sqrt(2 (n - 1))`; the bound is the
/// mean plus ten standard deviations (a p-value far below 1e-9), and the seeds are fixed.
#[test]
fn below_is_roughly_uniform() {
    for (seed, n) in [(11, 2), (12, 6), (13, 10), (14, 36), (15, 100), (16, 1000)] {
        let mut stream = Stream::new(seed);
        let mut counts = vec![0u64; n];
        for _ in 0..200 * n {
            counts[stream.below(n)] += 1;
        }
        let df = (n - 1) as f64;
        let chi2 = chi_square(&counts);
        assert!(chi2 < df + 10.0 * (2.0 * df).sqrt(), "below({n}): chi-square {chi2} with {df} degrees of freedom");
        // And not suspiciously even either (a counter would pass the upper bound).
        assert!(chi2 > df / 10.0, "below({n}): chi-square {chi2} is too small for {df} degrees of freedom");
    }
}

#[test]
fn unit_is_in_range_and_roughly_uniform() {
    let mut stream = Stream::new(17);
    let mut counts = [0u64; 20];
    let mut sum = 0.0;
    let draws = 100_000;
    for _ in 0..draws {
        let x = stream.unit();
        assert!((0.0..1.0).contains(&x), "unit gave {x}");
        sum += x;
        counts[(x * 20.0) as usize] += 1;
    }
    let mean = sum / f64::from(draws);
    // The mean's standard deviation is sqrt(1/12 / draws) ≈ 0.0009.
    assert!((mean - 0.5).abs() < 0.01, "mean {mean}");
    assert!(chi_square(&counts) < 19.0 + 10.0 * 38f64.sqrt(), "chi-square {}", chi_square(&counts));
}

#[test]
fn pick_on_an_empty_slice_is_none() {
    let mut stream = Stream::new(5);
    let empty: [u32; 0] = [];
    assert_eq!(stream.pick(&empty), None);
    assert_eq!(stream.pick(&Vec::<String>::new()), None);
    assert_eq!(stream.pick(&[42]), Some(&42));
}

#[test]
fn pick_chooses_every_element_evenly() {
    let mut stream = Stream::new(6);
    let items = ['a', 'b', 'c', 'd', 'e'];
    let mut counts = [0u64; 5];
    for _ in 0..10_000 {
        let &c = stream.pick(&items).expect("the slice is not empty");
        counts[items.iter().position(|&x| x == c).expect("picked from the slice")] += 1;
    }
    assert!(chi_square(&counts) < 4.0 + 10.0 * 8f64.sqrt(), "counts {counts:?}");
}

/// `Game::sample_chance` draws each chance event about as often as its probability says.
#[test]
fn chance_events_follow_their_probabilities() {
    let shape = Shape { depth: 2, max_branching: 3, chance: true, players: 2, range: 5, early_leaf_percent: 0 };
    let mut checked = 0;
    for seed in 0..20 {
        let tree = Tree::random(shape, &mut Stream::new(seed));
        let mut moves = Vec::new();
        tree.legal_moves(&mut moves);
        for &mv in &moves {
            let mut node = tree.clone();
            node.play(mv);
            assert_eq!(node.turn(), Turn::Chance);
            let mut outcomes = Vec::new();
            node.chance_outcomes(&mut outcomes);
            let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-12, "seed {seed}: probabilities sum to {total}");
            let mut stream = Stream::new(seed).derive(u64::from(mv));
            let draws = 20_000;
            let mut counts = vec![0u64; outcomes.len()];
            for _ in 0..draws {
                let event = node.sample_chance(&mut stream).expect("chance is to move");
                counts[outcomes.iter().position(|&(e, _)| e == event).expect("a listed event")] += 1;
            }
            let chi2: f64 = outcomes
                .iter()
                .zip(&counts)
                .map(|(&(_, p), &c)| (c as f64 - p * f64::from(draws)).powi(2) / (p * f64::from(draws)))
                .sum();
            let df = (outcomes.len() - 1) as f64;
            assert!(chi2 <= df + 10.0 * (2.0 * df).sqrt() + 1e-9, "seed {seed}, move {mv}: chi-square {chi2}");
            checked += 1;
        }
    }
    assert!(checked > 20);
    // No chance to draw where a player moves.
    let tree = Tree::random(shape, &mut Stream::new(0));
    assert_eq!(tree.sample_chance(&mut Stream::new(0)), None);
}
