//! Releases (ruling 11): the movement portion as bit masks and the groups a seat may release;
//! the nudge test that rests on them (rule 10); jam take-offs (ruling 12).

use super::board::{sides, Touch, Tri, LEVELS, TOUCHING, TRIANGLES};
use super::rules::Evacuate;
use crate::core::Seat;

/// The movement portion as bit masks (bit `i` for the triangle of index `i`), as one seat
/// sees it when releasing (ruling 11).
#[derive(Clone, Copy)]
pub(super) struct Portion {
    /// The triangles touching each triangle's sides under the current ceiling.
    touching: &'static [u64; TRIANGLES],
    occupied: u64,
    /// Occupied by a pyramid the seat does not own.
    foreign: u64,
    /// Emptied earlier in the same run of releases: they count as members of the set.
    released: u64,
}

impl Portion {
    /// The smallest set holding `t` that the seat could release: `t` and, transitively,
    /// every foreign pyramid touching a member; `None` when `t` is vacant or a member has a
    /// vacant side (one not released earlier in the run).
    fn closure(&self, t: usize) -> Option<u64> {
        if t >= TRIANGLES || self.occupied & (1 << t) == 0 {
            return None;
        }
        let mut mask = 1u64 << t;
        // Members whose sides are still to look at (the order does not change the set).
        let mut todo = mask;
        while todo != 0 {
            let x = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let near = self.touching[x];
            if near & !self.occupied & !self.released != 0 {
                return None;
            }
            let new = near & self.foreign & !mask;
            mask |= new;
            todo |= new;
        }
        Some(mask)
    }
}

impl Evacuate {
    /// Whether every side of `t` touches a pyramid or a boundary.
    pub(super) fn surrounded(&self, t: Tri) -> bool {
        sides(t, self.ceiling).iter().all(|side| match side {
            Touch::Boundary => true,
            Touch::Tri(n) => self.triangle(*n).is_some(),
        })
    }

    /// The movement portion as `seat` sees it when releasing; the triangles emptied earlier
    /// in this run of releases (`self.released`) count as members of any set released.
    pub(super) fn portion(&self, seat: Seat) -> Portion {
        let mut portion = Portion {
            touching: &TOUCHING[usize::from(self.ceiling.min(LEVELS))],
            occupied: 0,
            foreign: 0,
            released: self.released,
        };
        for i in 0..TRIANGLES {
            if let Some(p) = self.tris.get(i).copied().flatten() {
                portion.occupied |= 1 << i;
                if !self.mode.owns(seat, p) {
                    portion.foreign |= 1 << i;
                }
            }
        }
        portion
    }

    fn mask_tris(mask: u64) -> Vec<Tri> {
        (0..TRIANGLES)
            .filter(|i| mask & (1 << i) != 0)
            .map(Tri::from_index)
            .collect()
    }

    /// The release steps open to `seat`: every smallest releasable group (one per distinct
    /// group, at most one per pyramid), each sorted, in sorted order. Any releasable set of
    /// ruling 11 is a union of such groups, released one step at a time in any order (see
    /// `Evacuate::closure`), so the list never grows beyond 48.
    pub fn releases(&self, seat: Seat) -> Vec<Vec<Tri>> {
        let portion = self.portion(seat);
        // Distinct groups, sorted, without a set or a library sort (at most 48 short lists):
        // each generic collection or sort instantiated here would cost the page's bundle
        // kilobytes.
        let mut units: Vec<u64> = Vec::new();
        for i in 0..TRIANGLES {
            if let Some(unit) = portion.closure(i) {
                if !units.contains(&unit) {
                    units.push(unit);
                }
            }
        }
        let mut out: Vec<Vec<Tri>> = units.into_iter().map(Self::mask_tris).collect();
        crate::core::sort_small(&mut out);
        out
    }

    /// Triangles emptied by the releases of the current run (see [`Evacuate::releases`]).
    pub fn released_in_run(&self) -> Vec<Tri> {
        Self::mask_tris(self.released)
    }

    pub(super) fn has_release(&self, seat: Seat) -> bool {
        let portion = self.portion(seat);
        (0..TRIANGLES).any(|i| portion.closure(i).is_some())
    }

    pub(super) fn release_ok(&self, seat: Seat, set: &[Tri]) -> bool {
        if set.is_empty() || set.windows(2).any(|w| w[0] >= w[1]) {
            return false;
        }
        let mut mask = 0u64;
        for t in set {
            if !self.usable(*t) || self.triangle(*t).is_none() {
                return false;
            }
            mask |= 1 << t.index();
        }
        let portion = self.portion(seat);
        set.iter().any(|t| portion.closure(t.index()) == Some(mask))
    }

    /// Rule 10: after placing a pyramid of `seat` on the vacant `at` (which ends any run of
    /// releases), some group `seat` could release touches it.
    pub(super) fn nudge_ok(&self, seat: Seat, at: Tri) -> bool {
        self.nudge_in(&self.portion(seat), at)
    }

    /// [`Evacuate::nudge_ok`] with the seat's portion already built: the seat's own pyramid
    /// imagined on `at`, the run of releases over.
    pub(super) fn nudge_in(&self, portion: &Portion, at: Tri) -> bool {
        let placed = Portion {
            occupied: portion.occupied | 1 << at.index(),
            released: 0,
            ..*portion
        };
        sides(at, self.ceiling).iter().any(|side| match side {
            Touch::Boundary => false,
            Touch::Tri(n) => self.tris[n.index()].is_some() && placed.closure(n.index()).is_some(),
        })
    }

    pub(super) fn return_piece(&mut self, t: Tri) {
        if let Some(p) = self.tris[t.index()].take() {
            self.stash[p.colour.index()][p.size.index()] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The release search's side masks are [`sides`] itself, under every ceiling.
    #[test]
    fn touching_masks_are_the_sides() {
        for ceiling in 0..=LEVELS {
            for (i, &mask) in TOUCHING[usize::from(ceiling)].iter().enumerate() {
                let mut want = 0u64;
                for side in sides(Tri::from_index(i), ceiling) {
                    if let Touch::Tri(n) = side {
                        want |= 1 << n.index();
                    }
                }
                assert_eq!(mask, want, "triangle {i} under ceiling {ceiling}");
            }
        }
    }
}
