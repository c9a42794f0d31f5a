//! Stacks and Diabolical Stacks rules, per the rulings, as the in-app rules page `static/rules/stacks.html` states them (see the module doc of
//! `games::stacks` for the choices made where the text and rulings are silent): the position and
//! its steps. The board is in `board.rs`, moves and options in `moves.rs`, `impl Game` in `game.rs`.

use crate::core::{GameInfo, Seat};

pub use super::board::*;
pub use super::moves::*;
// ---------------------------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------------------------

/// A Stacks (or Diabolical Stacks) position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stacks {
    /// The board's side, 3 to 5.
    pub(super) side: u8,
    /// Whether this is Diabolical Stacks.
    pub(super) diabolical: bool,
    /// One stack per cell (in [`cells`] order), bottom to top.
    pub(super) board: Vec<Vec<Colour>>,
    /// Pieces in reserve, by seat.
    pub(super) reserve: [u8; 2],
    /// The seat whose turn it is.
    pub(super) turn: Seat,
    /// Moves left in this turn, 1 or 2.
    pub(super) left: u8,
    /// Diabolical only: the keys ([`Stacks::key`]) of the earlier positions since the last
    /// step that entered or removed a piece (no earlier position can come back), oldest first.
    pub(super) history: Vec<u64>,
}

pub(super) static INFO: GameInfo = GameInfo {
    slug: "stacks",
    name: "Stacks",
    designer: "Designer unknown",
    min_players: 2,
    max_players: 2,
    pitch: "Race your twelve pieces across the hexagons and off the far edge, stacking on top \
            of your opponent to trap them.",
    hidden_information: false,
    strengths: [600, 3_000, 9_000],
};

impl Stacks {
    /// The board's side, 3 to 5.
    pub fn side(&self) -> u8 {
        self.side
    }

    /// Whether this is Diabolical Stacks.
    pub fn diabolical(&self) -> bool {
        self.diabolical
    }

    /// The options this game was set up with.
    pub fn options(&self) -> StacksOptions {
        StacksOptions {
            side: self.side,
            diabolical: self.diabolical,
        }
    }

    /// Every cell of this board, row `a` first.
    pub fn cells(&self) -> Vec<Cell> {
        cells(self.side)
    }

    /// The stack on `cell`, bottom to top, with each piece's owner (empty off the board).
    pub fn stack(&self, cell: Cell) -> &[Colour] {
        cell_index(self.side, cell)
            .and_then(|i| self.board.get(i))
            .map_or(&[], Vec::as_slice)
    }

    /// Pieces `seat` still has in reserve.
    pub fn reserve(&self, seat: Seat) -> u8 {
        self.reserve.get(seat).copied().unwrap_or(0)
    }

    /// Pieces of `seat` on the board.
    pub fn on_board(&self, seat: Seat) -> u8 {
        let colour = Colour::of_seat(seat);
        let n = self
            .board
            .iter()
            .flatten()
            .filter(|&&c| c == colour)
            .count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// Pieces `seat` has moved off the far edge.
    pub fn off(&self, seat: Seat) -> u8 {
        PIECES
            .saturating_sub(self.reserve(seat))
            .saturating_sub(self.on_board(seat))
    }

    /// Moves left in the turn of the seat to move: 2, or 1 after a 1-move step and on the
    /// first player's first turn.
    pub fn moves_left(&self) -> u8 {
        self.left
    }

    /// The seat whose turn it is as the position stands, even once the game is over.
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The near row of `seat` on this board.
    pub fn near_row(&self, seat: Seat) -> u8 {
        near_row(self.side, seat)
    }

    /// The far row of `seat` on this board.
    pub fn far_row(&self, seat: Seat) -> u8 {
        far_row(self.side, seat)
    }

    /// The forward neighbours of `cell` for `seat` on this board.
    pub fn forward(&self, cell: Cell, seat: Seat) -> Vec<Cell> {
        forward(self.side, cell, seat)
    }

    /// How many pieces the seat to move may lift from the top of `cell` (0 when it may not
    /// move that stack): the run of its own pieces at the top in Stacks, the whole stack in
    /// Diabolical Stacks when its top piece is the mover's.
    pub fn movable(&self, cell: Cell) -> u8 {
        let colour = Colour::of_seat(self.turn);
        let stack = self.stack(cell);
        if stack.last() != Some(&colour) {
            return 0;
        }
        let n = if self.diabolical {
            stack.len()
        } else {
            own_run(stack, colour)
        };
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// Whether `mv` lifts a group off a piece of the opponent of the seat to move, freeing it
    /// (the computer's playouts avoid such steps: [`crate::core::Game::playout_move`]).
    pub fn uncovers_opponent(&self, mv: &StacksMove) -> bool {
        let StacksMove::Move { from, count, .. } = *mv else {
            return false;
        };
        let stack = self.stack(from);
        let below = stack.len().checked_sub(usize::from(count) + 1);
        below.and_then(|i| stack.get(i)) == Some(&Colour::of_seat(self.turn).other())
    }

    /// Where a group of `count` pieces from the top of `from` may legally go now, with what
    /// each step costs (1 or 2 moves): for a board view to highlight. Empty when the game is
    /// over or no such step is legal.
    pub fn destinations(&self, from: Cell, count: u8) -> Vec<(Dest, u8)> {
        if self.is_over() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let dests = forward(self.side, from, self.turn)
            .into_iter()
            .map(Dest::Cell)
            .chain(std::iter::once(Dest::Off));
        for to in dests {
            let mv = StacksMove::Move { from, to, count };
            if let Ok(cost) = self.step_cost(&mv) {
                out.push((to, cost));
            }
        }
        out
    }

    /// The near-row cells where the seat to move may legally enter a piece now, with what each
    /// costs (1 onto an empty cell, 2 onto a stack).
    pub fn entry_cells(&self) -> Vec<(Cell, u8)> {
        if self.is_over() {
            return Vec::new();
        }
        let row = near_row(self.side, self.turn);
        (0..row_len(self.side, row))
            .map(|pos| Cell { row, pos })
            .filter_map(|c| self.step_cost(&StacksMove::Enter(c)).ok().map(|k| (c, k)))
            .collect()
    }

    /// What `mv` costs the seat to move as the position stands (1 or 2 moves, 0 for a pass),
    /// or why it is not legal here: the engine's own rule, for a board view to show.
    ///
    /// # Errors
    /// The reason, in words, when `mv` is not legal here.
    pub fn cost(&self, mv: &StacksMove) -> Result<u8, String> {
        if self.is_over() {
            return Err("the game is over".into());
        }
        self.step_cost(mv)
    }

    /// The seat that has moved all its pieces off, if any.
    pub fn winner(&self) -> Option<Seat> {
        (0..2).find(|&s| self.off(s) == PIECES)
    }

    /// Whether the position has occurred twice before (Diabolical Stacks): a draw.
    pub fn is_third_occurrence(&self) -> bool {
        if !self.diabolical {
            return false;
        }
        let key = self.key();
        self.history.iter().filter(|&&k| k == key).count() >= 2
    }

    /// The earlier positions' keys kept for the repetition rule, oldest first (always empty in
    /// Stacks).
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// A 64-bit key (FNV-1a) of what the repetition rule compares: every stack, both reserves,
    /// the seat to move and the moves left.
    pub fn key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        eat(self.side);
        eat(u8::from(self.diabolical));
        for stack in &self.board {
            eat(u8::try_from(stack.len()).unwrap_or(u8::MAX));
            for c in stack {
                eat(c.letter() as u8);
            }
        }
        eat(self.reserve[0]);
        eat(self.reserve[1]);
        eat(u8::try_from(self.turn).unwrap_or(u8::MAX));
        eat(self.left);
        h
    }

    pub(super) fn is_over(&self) -> bool {
        self.winner().is_some() || self.is_third_occurrence()
    }

    pub(super) fn cell_stack(&self, cell: Cell) -> Option<&Vec<Colour>> {
        cell_index(self.side, cell).and_then(|i| self.board.get(i))
    }

    /// What `mv` costs the seat to move (1 or 2), or why it is not legal here. Pass costs
    /// nothing and is legal only when no step is.
    pub(super) fn step_cost(&self, mv: &StacksMove) -> Result<u8, String> {
        let seat = self.turn;
        let colour = Colour::of_seat(seat);
        let fits = |cost: u8| {
            if cost <= self.left {
                Ok(cost)
            } else {
                Err(format!(
                    "a step onto a stack costs 2 moves and only {} is left in this turn",
                    self.left
                ))
            }
        };
        match *mv {
            StacksMove::Pass => {
                if self.any_step(self.left) {
                    Err("a player who can move must move".into())
                } else {
                    Ok(0)
                }
            }
            StacksMove::Enter(cell) => {
                let Some(stack) = self.cell_stack(cell) else {
                    return Err(format!("{} is not a cell of this board", name(cell)));
                };
                if self.reserve[seat] == 0 {
                    return Err(format!("{} has no piece left in reserve", colour.name()));
                }
                if cell.row != near_row(self.side, seat) {
                    return Err(format!(
                        "pieces enter on {}'s near row, row {}",
                        colour.name(),
                        row_letter(near_row(self.side, seat))
                    ));
                }
                fits(if stack.is_empty() { 1 } else { 2 })
            }
            StacksMove::Move { from, to, count } => {
                let Some(stack) = self.cell_stack(from) else {
                    return Err(format!("{} is not a cell of this board", name(from)));
                };
                if stack.last() != Some(&colour) {
                    return Err(format!(
                        "the top piece on {} is not {}'s",
                        name(from),
                        colour.name()
                    ));
                }
                let count_us = usize::from(count);
                let most = if self.diabolical {
                    stack.len()
                } else {
                    own_run(stack, colour)
                };
                if count == 0 || count_us > most {
                    return Err(format!(
                        "{} may lift 1 to {most} pieces from {}",
                        colour.name(),
                        name(from)
                    ));
                }
                let group = &stack[stack.len() - count_us..];
                match to {
                    Dest::Off => {
                        if from.row != far_row(self.side, seat) {
                            return Err(format!(
                                "only {}'s far row, row {}, leads off the board",
                                colour.name(),
                                row_letter(far_row(self.side, seat))
                            ));
                        }
                        if group.iter().any(|&c| c != colour) {
                            return Err(
                                "a group leaving the board may hold only the mover's own pieces"
                                    .into(),
                            );
                        }
                        fits(1)
                    }
                    Dest::Cell(target) => {
                        if !forward(self.side, from, seat).contains(&target) {
                            return Err(format!(
                                "{} is not forward from {} for {}",
                                name(target),
                                name(from),
                                colour.name()
                            ));
                        }
                        let empty = self.cell_stack(target).is_none_or(Vec::is_empty);
                        fits(if empty { 1 } else { 2 })
                    }
                }
            }
        }
    }

    /// Every step (not pass) the seat to move could take costing at most `budget`, in a fixed
    /// order: entries left to right, then each cell's groups (smallest first) to each
    /// destination (left to right, then off).
    pub(super) fn steps(&self, budget: u8) -> Vec<StacksMove> {
        let mut out = Vec::new();
        self.for_each_step(budget, |mv| {
            out.push(mv);
            false
        });
        out
    }

    /// Whether the seat to move has any step costing at most `budget`.
    pub(super) fn any_step(&self, budget: u8) -> bool {
        let mut found = false;
        self.for_each_step(budget, |_| {
            found = true;
            true
        });
        found
    }

    /// Calls `f` on each step costing at most `budget` until it returns `true`.
    pub(super) fn for_each_step(&self, budget: u8, mut f: impl FnMut(StacksMove) -> bool) {
        let seat = self.turn;
        let colour = Colour::of_seat(seat);
        let empty = |c: Cell| self.cell_stack(c).is_none_or(Vec::is_empty);
        if self.reserve[seat] > 0 {
            let row = near_row(self.side, seat);
            for pos in 0..row_len(self.side, row) {
                let cell = Cell { row, pos };
                let cost = if empty(cell) { 1 } else { 2 };
                if cost <= budget && f(StacksMove::Enter(cell)) {
                    return;
                }
            }
        }
        let far = far_row(self.side, seat);
        for from in cells(self.side) {
            let stack = self.stack(from);
            if stack.last() != Some(&colour) {
                continue;
            }
            let run = own_run(stack, colour);
            let most = if self.diabolical { stack.len() } else { run };
            let ahead = forward(self.side, from, seat);
            for n in 1..=most {
                let count = u8::try_from(n).unwrap_or(u8::MAX);
                for &target in &ahead {
                    let cost = if empty(target) { 1 } else { 2 };
                    if cost <= budget
                        && f(StacksMove::Move {
                            from,
                            to: Dest::Cell(target),
                            count,
                        })
                    {
                        return;
                    }
                }
                if from.row == far
                    && n <= run
                    && f(StacksMove::Move {
                        from,
                        to: Dest::Off,
                        count,
                    })
                {
                    return;
                }
            }
        }
    }

    /// Applies a step already known to be legal, with its cost.
    pub(super) fn apply(&mut self, mv: &StacksMove, cost: u8) {
        let seat = self.turn;
        match *mv {
            StacksMove::Pass => {}
            StacksMove::Enter(cell) => {
                if let Some(i) = cell_index(self.side, cell) {
                    self.board[i].push(Colour::of_seat(seat));
                    self.reserve[seat] -= 1;
                }
            }
            StacksMove::Move { from, to, count } => {
                let Some(i) = cell_index(self.side, from) else {
                    return;
                };
                let keep = self.board[i].len() - usize::from(count);
                let group = self.board[i].split_off(keep);
                if let Dest::Cell(target) = to {
                    if let Some(j) = cell_index(self.side, target) {
                        self.board[j].extend(group);
                    }
                }
            }
        }
        // The turn goes on only while moves are left and a step fitting them exists (ruling
        // 7: after a 1-move step, a 1-move step must follow if there is one).
        self.left = self.left.saturating_sub(cost);
        if *mv == StacksMove::Pass || self.left == 0 || !self.any_step(self.left) {
            self.turn = 1 - self.turn;
            self.left = MOVES_PER_TURN;
        }
    }
}
