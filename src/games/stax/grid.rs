//! A dense grid of heights and top tiles around the stacks, for the rules' searches (the
//! step and one-group rules), and the small types the placement and travel searches share.

use super::cell::{Cell, DIRECTIONS};
use super::tile::Tile;

pub(super) const EMPTY: u8 = 0xFF;
/// Empty cells around the stacks' bounding box kept in the grid.
const MARGIN: i32 = 2;

/// Heights and top tiles (packed `owner << 6 | mask`, [`EMPTY`] for none) over the stacks'
/// bounding box grown by [`MARGIN`] cells; cells outside are empty table.
///
/// Stacks never lie in the two outer rings, so the neighbours of a stack, or of a cell next
/// to one, are found by fixed index offsets; an offset from an outer-ring cell may wrap to
/// the other edge, which is outer ring too and as empty as the true neighbour.
#[derive(Clone)]
pub(super) struct Grid {
    pub(super) q0: i32,
    pub(super) r0: i32,
    w: i32,
    h: i32,
    pub(super) height: Vec<u8>,
    pub(super) top: Vec<u8>,
    /// The index offset of each direction.
    off: [isize; 6],
    /// The cells holding a stack when the grid was built.
    pub(super) occ: Vec<usize>,
    /// Scratch for the searches: a cell is marked when its stamp is `stamp_now`.
    stamp: Vec<u32>,
    stamp_now: u32,
    queue: Vec<usize>,
}

impl Grid {
    pub(super) fn new(stacks: &[(Cell, Vec<Tile>)]) -> Grid {
        let (mut q_lo, mut q_hi, mut r_lo, mut r_hi) = (0i32, 0i32, 0i32, 0i32);
        if let Some((first, _)) = stacks.first() {
            (q_lo, q_hi, r_lo, r_hi) = (first.q, first.q, first.r, first.r);
        }
        for (c, _) in stacks {
            q_lo = q_lo.min(c.q);
            q_hi = q_hi.max(c.q);
            r_lo = r_lo.min(c.r);
            r_hi = r_hi.max(c.r);
        }
        // Positions are one group (checked before any grid is built), so the box is small.
        let w = q_hi.saturating_sub(q_lo).saturating_add(1 + 2 * MARGIN);
        let h = r_hi.saturating_sub(r_lo).saturating_add(1 + 2 * MARGIN);
        let size = usize::try_from(w).unwrap_or(0) * usize::try_from(h).unwrap_or(0);
        let wi = isize::try_from(w).unwrap_or(0);
        let mut grid = Grid {
            q0: q_lo.saturating_sub(MARGIN),
            r0: r_lo.saturating_sub(MARGIN),
            w,
            h,
            height: vec![0; size],
            top: vec![EMPTY; size],
            off: DIRECTIONS.map(|(dq, dr)| dq as isize + dr as isize * wi),
            occ: Vec::with_capacity(stacks.len()),
            stamp: vec![0; size],
            stamp_now: 0,
            queue: Vec::with_capacity(64),
        };
        for (c, tiles) in stacks {
            if let (Some(i), Some(t)) = (grid.index(*c), tiles.last()) {
                grid.height[i] = u8::try_from(tiles.len()).unwrap_or(u8::MAX);
                grid.top[i] = (t.owner << 6) | t.mask;
                grid.occ.push(i);
            }
        }
        grid
    }

    /// The index of `(x, y)` (grid coordinates), if inside.
    pub(super) fn at(&self, x: i32, y: i32) -> Option<usize> {
        ((0..self.w).contains(&x) && (0..self.h).contains(&y))
            .then(|| usize::try_from(y * self.w + x).unwrap_or(0))
    }

    pub(super) fn index(&self, c: Cell) -> Option<usize> {
        let x = i64::from(c.q) - i64::from(self.q0);
        let y = i64::from(c.r) - i64::from(self.r0);
        match (i32::try_from(x), i32::try_from(y)) {
            (Ok(x), Ok(y)) => self.at(x, y),
            _ => None,
        }
    }

    pub(super) fn cell(&self, i: usize) -> Cell {
        let (x, y) = self.coords(i);
        Cell::new(self.q0 + x, self.r0 + y)
    }

    pub(super) fn coords(&self, i: usize) -> (i32, i32) {
        let i = i32::try_from(i).unwrap_or(0);
        (i % self.w, i / self.w)
    }

    /// The neighbour of `i` in direction `d` (see the type's doc), if inside.
    pub(super) fn nb(&self, i: usize, d: usize) -> Option<usize> {
        i.checked_add_signed(self.off[d])
            .filter(|&j| j < self.height.len())
    }

    /// The height of `i`'s neighbour in direction `d`.
    pub(super) fn nb_height(&self, i: usize, d: usize) -> u8 {
        self.nb(i, d).map_or(0, |j| self.height[j])
    }

    /// How many of `i`'s neighbours hold a stack.
    pub(super) fn stack_neighbours(&self, i: usize) -> usize {
        (0..6).filter(|&d| self.nb_height(i, d) > 0).count()
    }

    /// Whether one of `i`'s neighbours is empty table.
    pub(super) fn open_neighbour(&self, i: usize) -> bool {
        (0..6).any(|d| self.nb_height(i, d) == 0)
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp_now = self.stamp_now.wrapping_add(1);
        if self.stamp_now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp_now = 1;
        }
        self.queue.clear();
        self.stamp_now
    }

    /// The occupied cells now: those of the build still occupied, and `extra` (a cell that
    /// was empty then and holds a stack now).
    fn stacks_now(&self, extra: Option<usize>) -> impl Iterator<Item = usize> + '_ {
        self.occ
            .iter()
            .copied()
            .chain(extra)
            .filter(|&i| self.height[i] > 0)
    }

    /// Ruling 8: from every stack a path of steps (heights differing by at most one) down to
    /// an empty table cell. `extra` as in [`Grid::stacks_now`].
    pub(super) fn step_rule_holds(&mut self, extra: Option<usize>) -> bool {
        let now = self.next_stamp();
        let mut stacks = 0;
        let mut queue = std::mem::take(&mut self.queue);
        for i in self.stacks_now(extra) {
            stacks += 1;
            if self.height[i] == 1 && self.open_neighbour(i) {
                queue.push(i);
            }
        }
        for &i in &queue {
            self.stamp[i] = now;
        }
        let mut k = 0;
        while k < queue.len() {
            let i = queue[k];
            k += 1;
            let hi = self.height[i];
            for d in 0..6 {
                if let Some(j) = self.nb(i, d) {
                    let hj = self.height[j];
                    if hj > 0 && self.stamp[j] != now && hi.abs_diff(hj) <= 1 {
                        self.stamp[j] = now;
                        queue.push(j);
                    }
                }
            }
        }
        let reached = queue.len();
        self.queue = queue;
        reached == stacks
    }

    /// Ruling 7: every stack in one edge-connected group. `extra` as in
    /// [`Grid::stacks_now`].
    pub(super) fn one_group(&mut self, extra: Option<usize>) -> bool {
        let now = self.next_stamp();
        let stacks = self.stacks_now(extra).count();
        let Some(first) = self.stacks_now(extra).next() else {
            return true;
        };
        let mut queue = std::mem::take(&mut self.queue);
        self.stamp[first] = now;
        queue.push(first);
        let mut k = 0;
        while k < queue.len() {
            let i = queue[k];
            k += 1;
            for d in 0..6 {
                if let Some(j) = self.nb(i, d) {
                    if self.height[j] > 0 && self.stamp[j] != now {
                        self.stamp[j] = now;
                        queue.push(j);
                    }
                }
            }
        }
        let reached = queue.len();
        self.queue = queue;
        reached == stacks
    }
}

/// The seats that matter to the seat in turn: the king it hunts and the one it may not touch.
#[derive(Clone, Copy)]
pub(super) struct Roles {
    pub(super) me: u8,
    /// The next seat: its king is the enemy king (captured by landing; not to be pointed at
    /// by placements).
    pub(super) target: u8,
    /// With three players, the previous seat: its king may not be landed on.
    pub(super) prev: Option<u8>,
}

/// A cell the seat in turn could move a top tile to by the line rules alone.
#[derive(Clone, Copy)]
pub(super) struct Land {
    pub(super) from: Cell,
    /// The grid cells moved from and to.
    pub(super) src: usize,
    pub(super) dst: usize,
    pub(super) landing: Landing,
    pub(super) tile: Tile,
}

/// What landing on a cell does.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Landing {
    /// Onto an empty cell or on top of a stack.
    Plain,
    /// Onto the enemy king: captures it.
    Capture,
}
