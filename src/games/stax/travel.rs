//! A tile (or a king) travelling along its pointers: free sides, the cells passed and
//! landed on, captures, the group and step rules after a move, and why a move is refused.

use super::cell::{Cell, DIRECTIONS};
use super::grid::{Grid, Land, Landing, Roles};
use super::moves::Refusal;
use super::rules::{KingState, Stax};
use super::tile::{rotations, Tile};

impl Stax {
    /// Whether the seat in turn may move tiles at all (its king is on the table).
    pub(super) fn may_move(&self) -> bool {
        matches!(self.king(self.turn()), KingState::OnTable(_))
    }

    /// What landing on grid cell `j` (heights as they are with the mover lifted) does, or
    /// why it may not be landed on.
    fn landing(grid: &Grid, j: usize, roles: Roles) -> Result<Landing, Refusal> {
        if grid.height[j] == 0 {
            return if grid.stack_neighbours(j) > 0 {
                Ok(Landing::Plain)
            } else {
                Err(Refusal::LonelyCell(grid.cell(j)))
            };
        }
        let top = grid.top[j];
        if top & 63 != 0 {
            return Ok(Landing::Plain);
        }
        let owner = top >> 6;
        if owner == roles.me {
            Err(Refusal::OwnKing)
        } else if Some(owner) == roles.prev {
            Err(Refusal::PreviousKing)
        } else {
            Ok(Landing::Capture)
        }
    }

    /// Whether the cell may be passed over in direction `d` (heights as they are with the
    /// mover lifted).
    fn passable(grid: &Grid, j: usize, d: usize) -> Result<(), Refusal> {
        if grid.height[j] == 0 {
            if grid.stack_neighbours(j) > 0 {
                Ok(())
            } else {
                Err(Refusal::LonelyCell(grid.cell(j)))
            }
        } else if grid.top[j] & (1 << d) != 0 {
            Ok(())
        } else {
            Err(Refusal::Blocked(grid.cell(j)))
        }
    }

    /// With the mover lifted off `src`: whether landing on `dst` keeps rules 7 and 8.
    pub(super) fn landing_keeps_rules(
        grid: &mut Grid,
        src: usize,
        dst: usize,
        landing: Landing,
    ) -> Result<(), Refusal> {
        let extra = (grid.height[dst] == 0).then_some(dst);
        if landing == Landing::Plain {
            grid.height[dst] += 1;
        }
        // With something left under the mover, the stacks only gain a cell next to one of
        // them: still one group.
        let group = grid.height[src] > 0 || grid.one_group(extra);
        let steps = group && grid.step_rule_holds(extra);
        if landing == Landing::Plain {
            grid.height[dst] -= 1;
        }
        if !group {
            Err(Refusal::BreaksOneGroup)
        } else if !steps {
            Err(Refusal::BreaksStepRule)
        } else {
            Ok(())
        }
    }

    /// Whether the tile on grid cell `i` (height `h`) has a free side.
    fn free_side(grid: &Grid, i: usize) -> bool {
        let h = grid.height[i];
        (0..6).any(|d| grid.nb_height(i, d) < h)
    }

    /// Calls `f(from, to, tile)` on every legal (from, to) of the seat in turn (only from
    /// `only` when given) until it returns `true`; returns whether it stopped early.
    pub(super) fn for_each_travel(
        &self,
        only: Option<Cell>,
        f: &mut dyn FnMut(Cell, Cell, Tile) -> bool,
    ) -> bool {
        if !self.may_move() {
            return false;
        }
        let mut grid = Grid::new(&self.stacks);
        self.for_each_landing(&mut grid, only, &mut |grid, l| {
            Self::landing_keeps_rules(grid, l.src, l.dst, l.landing).is_ok()
                && f(l.from, grid.cell(l.dst), l.tile)
        })
    }

    /// Calls `f` on every cell the seat in turn could move a top tile to (only from `only`
    /// when given) by the line rules alone, before the group and step rules, with the tile
    /// lifted off `grid` (built on this position), until it returns `true`; returns whether
    /// it stopped early. The caller checks that the seat may move.
    pub(super) fn for_each_landing(
        &self,
        grid: &mut Grid,
        only: Option<Cell>,
        f: &mut dyn FnMut(&mut Grid, Land) -> bool,
    ) -> bool {
        let roles = self.roles();
        for (from, tiles) in &self.stacks {
            if only.is_some_and(|c| c != *from) {
                continue;
            }
            let Some(&tile) = tiles.last() else { continue };
            if tile.owner != roles.me {
                continue;
            }
            let Some(src) = grid.index(*from) else {
                continue;
            };
            if !Self::free_side(grid, src) {
                continue;
            }
            let (sx, sy) = grid.coords(src);
            grid.height[src] -= 1;
            let king = tile.is_king();
            let mut stop = false;
            for (d, &(dq, dr)) in DIRECTIONS.iter().enumerate() {
                if stop {
                    break;
                }
                if !king && !tile.points(d) {
                    continue;
                }
                let (mut x, mut y) = (sx + dq, sy + dr);
                while let Some(j) = grid.at(x, y) {
                    if let Ok(landing) = Self::landing(grid, j, roles) {
                        let land = Land {
                            from: *from,
                            src,
                            dst: j,
                            landing,
                            tile,
                        };
                        if f(grid, land) {
                            stop = true;
                            break;
                        }
                    }
                    if king || Self::passable(grid, j, d).is_err() {
                        break;
                    }
                    x += dq;
                    y += dr;
                }
            }
            grid.height[src] += 1;
            if stop {
                return true;
            }
        }
        false
    }

    /// Why moving the top tile of `from` to `to` is illegal now, if it is (whatever it is
    /// turned to on arrival).
    ///
    /// # Errors
    /// The reason.
    pub fn travel_refusal(&self, from: Cell, to: Cell) -> Result<(), Refusal> {
        self.turn_open()?;
        if !from.in_range() || !to.in_range() {
            return Err(Refusal::OffTheTable);
        }
        let tile = self.top(from).ok_or(Refusal::NoStack)?;
        let roles = self.roles();
        if tile.owner != roles.me {
            return Err(Refusal::NotYourTile);
        }
        if !self.may_move() {
            return Err(Refusal::KingNotPlaced);
        }
        let mut grid = Grid::new(&self.stacks);
        let src = grid.index(from).ok_or(Refusal::NoStack)?;
        if !Self::free_side(&grid, src) {
            return Err(Refusal::NoFreeSide);
        }
        let (d, n) = from.line_to(to).ok_or(Refusal::NotInLine)?;
        if (tile.is_king() && n != 1) || (!tile.is_king() && !tile.points(d)) {
            return Err(Refusal::NotInLine);
        }
        grid.height[src] -= 1;
        let result = Self::walk_to(&mut grid, src, d, n, roles);
        grid.height[src] += 1;
        result
    }

    /// With the mover lifted off `src`: whether it may travel `n` cells in direction `d` and
    /// land there keeping rules 7 and 8.
    fn walk_to(grid: &mut Grid, src: usize, d: usize, n: i64, roles: Roles) -> Result<(), Refusal> {
        let (sx, sy) = grid.coords(src);
        let (dq, dr) = DIRECTIONS[d];
        let (mut x, mut y) = (sx, sy);
        for step in 1..=n {
            x += dq;
            y += dr;
            // Cells outside the grid are empty and touch no stack.
            let Some(j) = grid.at(x, y) else {
                let c = Cell::new(grid.q0.saturating_add(x), grid.r0.saturating_add(y));
                return Err(Refusal::LonelyCell(c));
            };
            if step == n {
                let landing = Self::landing(grid, j, roles)?;
                return Self::landing_keeps_rules(grid, src, j, landing);
            }
            Self::passable(grid, j, d)?;
        }
        Err(Refusal::NotInLine)
    }

    /// Every cell the top tile of `from` may move to now (for the seat in turn).
    pub fn destinations(&self, from: Cell) -> Vec<Cell> {
        let mut out = Vec::new();
        if self.in_turn() {
            self.for_each_travel(Some(from), &mut |_, to, _| {
                out.push(to);
                false
            });
        }
        out
    }

    /// The pointer masks the top tile of `from` may show on arrival (its distinct rotations,
    /// same side up; one for a king or queen).
    pub fn arrival_masks(&self, from: Cell) -> Vec<u8> {
        self.top(from)
            .map(|t| rotations(t.mask).to_vec())
            .unwrap_or_default()
    }

    /// The cells whose top tile the seat in turn may move somewhere now.
    pub fn movable(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::new();
        if self.in_turn() {
            self.for_each_travel(None, &mut |from, _, _| {
                if out.last() != Some(&from) {
                    out.push(from);
                }
                false
            });
        }
        out
    }

    /// Whether the top tile of `cell` has a free side (a neighbour lower than itself).
    pub fn has_free_side(&self, cell: Cell) -> bool {
        let h = self.height(cell);
        h > 0 && cell.neighbours().iter().any(|&n| self.height(n) < h)
    }
}
