//! A small seeded generator (SplitMix64). The same seed gives the same numbers on every
//! platform, so a game record always rebuilds the same setup.

/// Deterministic pseudo-random numbers from a 64-bit seed.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below needs n > 0");
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Draws uniformly among the items of groups whose legality is decided group by group:
    /// `counts[g]` items in group `g`, `legal(g)` asked only of groups drawn. Returns the
    /// group and the item's place in it, or `None` when no group is legal. Every item of
    /// every legal group is equally likely (a draw from an illegal group empties the group
    /// and draws again), so a game can draw a random legal move from a cheap superset of
    /// its moves, checking only the few it draws.
    pub fn draw_legal(
        &mut self,
        counts: &mut [u32],
        mut legal: impl FnMut(usize) -> bool,
    ) -> Option<(usize, u32)> {
        loop {
            let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
            if total == 0 {
                return None;
            }
            let mut r = self.below(total);
            let mut group = 0;
            for (g, &c) in counts.iter().enumerate() {
                if r < u64::from(c) {
                    group = g;
                    break;
                }
                r -= u64::from(c);
            }
            if legal(group) {
                return Some((group, u32::try_from(r).unwrap_or(0)));
            }
            counts[group] = 0;
        }
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut r = Rng::new(7);
        for n in 1..50 {
            assert!(r.below(n) < n);
        }
        let mut v: Vec<u32> = (0..60).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..60).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
