//! Placing a tile from the reserve: where it may go, which orientations the pointer rule
//! allows, and why a placement is refused.

use super::cell::{Cell, DIRECTIONS};
use super::grid::{Grid, Roles, EMPTY};
use super::moves::{Refusal, StaxMove};
use super::rules::{KingState, Stax};
use super::tile::{TileKind, KINDS, QUEEN_BIT};

impl Stax {
    /// Whether the placement is one of the two opening placements (the queen is excluded).
    fn opening(&self) -> bool {
        self.placed() < 2
    }

    /// The kinds the seat in turn may place now (as reserve bits).
    pub(super) fn placeable_bits(&self) -> u16 {
        let bits = self.reserve_bits(self.turn());
        if self.opening() {
            bits & !QUEEN_BIT
        } else {
            bits
        }
    }

    /// The empty cells where the seat in turn could place by position alone (before the
    /// pointer and step rules), in cell order.
    pub(super) fn placement_cells(&self, grid: &Grid) -> Vec<usize> {
        match self.placed() {
            0 => grid.index(Cell::ORIGIN).into_iter().collect(),
            1 => match self.stacks.first() {
                Some((c, _)) => {
                    let mut v: Vec<usize> = c
                        .neighbours()
                        .into_iter()
                        .filter_map(|n| grid.index(n))
                        .collect();
                    crate::core::sort_small(&mut v);
                    v
                }
                None => Vec::new(),
            },
            _ => {
                // Empty cells next to two or more stacks: those listed twice or more among
                // the stacks' empty neighbours (counted per cell, so in cell order; no sort).
                let mut count = vec![0u8; grid.height.len()];
                for &i in &grid.occ {
                    for d in 0..6 {
                        if let Some(j) = grid.nb(i, d).filter(|&j| grid.height[j] == 0) {
                            count[j] = count[j].saturating_add(1);
                        }
                    }
                }
                (0..count.len()).filter(|&j| count[j] >= 2).collect()
            }
        }
    }

    /// The directions in which a tile placed on grid cell `i` would point at the enemy king
    /// (ruling 4), as a mask.
    pub(super) fn king_lines(&self, grid: &Grid, i: usize, roles: Roles) -> u8 {
        let KingState::OnTable(_) = self.king(usize::from(roles.target)) else {
            return 0;
        };
        let (x0, y0) = grid.coords(i);
        let mut bad = 0u8;
        for (d, &(dq, dr)) in DIRECTIONS.iter().enumerate() {
            let (mut x, mut y) = (x0 + dq, y0 + dr);
            // Beyond the grid there is no stack: the line has left the area in play.
            while let Some(j) = grid.at(x, y) {
                let top = grid.top[j];
                if top != EMPTY {
                    if top & 63 == 0 && top >> 6 == roles.target {
                        bad |= 1 << d;
                        break;
                    }
                    if top & (1 << d) == 0 {
                        break;
                    }
                }
                x += dq;
                y += dr;
            }
        }
        bad
    }

    /// Whether a tile placed on the empty grid cell `i` keeps the step rule.
    pub(super) fn placement_keeps_steps(grid: &mut Grid, i: usize) -> bool {
        // Next to open table the new tile steps down itself, and any path that ended on its
        // cell (from a height-1 stack) goes on through it: nothing can break.
        if grid.open_neighbour(i) {
            return true;
        }
        grid.height[i] = 1;
        let ok = grid.step_rule_holds(Some(i));
        grid.height[i] = 0;
        ok
    }

    /// Why placing `kind` showing `mask` on `cell` is illegal now, if it is.
    ///
    /// # Errors
    /// The reason.
    pub fn placement_refusal(&self, kind: TileKind, mask: u8, cell: Cell) -> Result<(), Refusal> {
        self.turn_open()?;
        if !cell.in_range() {
            return Err(Refusal::OffTheTable);
        }
        if !kind.orientations().contains(&mask) {
            return Err(Refusal::BadPointers);
        }
        if !self.in_reserve(self.turn(), kind) {
            return Err(Refusal::NotInReserve(kind));
        }
        if self.opening() && kind == TileKind::Queen {
            return Err(Refusal::NoQueenInOpening);
        }
        if self.find(cell).is_some() {
            return Err(Refusal::Occupied);
        }
        let mut grid = Grid::new(&self.stacks);
        let idx = grid.index(cell);
        match self.placed() {
            0 if cell != Cell::ORIGIN => return Err(Refusal::FirstTileAtOrigin),
            1 if idx.is_none_or(|i| grid.stack_neighbours(i) == 0) => {
                return Err(Refusal::MustTouchFirstTile)
            }
            0 | 1 => {}
            _ if idx.is_none_or(|i| grid.stack_neighbours(i) < 2) => {
                return Err(Refusal::NeedsTwoNeighbours)
            }
            _ => {}
        }
        let Some(i) = idx else {
            return Err(Refusal::NeedsTwoNeighbours);
        };
        let bad = self.king_lines(&grid, i, self.roles()) & mask;
        if bad != 0 {
            return Err(Refusal::PointsAtEnemyKing(bad.trailing_zeros() as usize));
        }
        if !Self::placement_keeps_steps(&mut grid, i) {
            return Err(Refusal::BreaksStepRule);
        }
        Ok(())
    }

    /// Every cell where the seat in turn may place `kind` now, with the orientations allowed
    /// there (pointer masks, ascending): empty when it may not place that kind at all.
    pub fn placements_for(&self, kind: TileKind) -> Vec<(Cell, Vec<u8>)> {
        let mut out: Vec<(Cell, Vec<u8>)> = Vec::new();
        if !self.in_turn() || self.placeable_bits() & (1 << kind.index()) == 0 {
            return out;
        }
        self.for_each_placement(1 << kind.index(), &mut |mv| {
            if let StaxMove::Place { mask, cell, .. } = mv {
                match out.last_mut() {
                    Some((c, masks)) if *c == cell => masks.push(mask),
                    _ => out.push((cell, vec![mask])),
                }
            }
            false
        });
        out
    }

    /// Calls `f` on every legal placement of the kinds in `kinds` (reserve bits) until it
    /// returns `true`; returns whether it stopped early.
    pub(super) fn for_each_placement(
        &self,
        kinds: u16,
        f: &mut dyn FnMut(StaxMove) -> bool,
    ) -> bool {
        let bits = self.placeable_bits() & kinds;
        if bits == 0 {
            return false;
        }
        let roles = self.roles();
        let mut grid = Grid::new(&self.stacks);
        for i in self.placement_cells(&grid) {
            if grid.height[i] != 0 || !Self::placement_keeps_steps(&mut grid, i) {
                continue;
            }
            let bad = self.king_lines(&grid, i, roles);
            let cell = grid.cell(i);
            for kind in KINDS {
                if bits & (1 << kind.index()) == 0 {
                    continue;
                }
                for &mask in kind.orientations() {
                    if mask & bad == 0 && f(StaxMove::Place { kind, mask, cell }) {
                        return true;
                    }
                }
            }
        }
        false
    }
}
