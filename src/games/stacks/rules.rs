//! Stacks and Diabolical Stacks rules, per the rulings, as the in-app rules page `static/rules/stacks.html` states them (see the module doc of
//! `games::stacks` for the choices made where the text and rulings are silent).

use crate::core::{
    Fact, Game, GameInfo, Outcome, PlayError, Seat, SeatCard, SetupChoices, SetupError, SetupForm,
    Side, SideRule, Viewer,
};
use crate::core::{OptionKind, OptionSpec};

/// Pieces each player owns.
pub const PIECES: u8 = 12;
/// Smallest board side offered.
pub const MIN_SIDE: u8 = 3;
/// Largest board side offered.
pub const MAX_SIDE: u8 = 5;
/// The board side a new game gets by default (19 cells).
pub const DEFAULT_SIDE: u8 = 3;
/// Moves a normal turn is worth.
pub const MOVES_PER_TURN: u8 = 2;

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

/// A player's colour: seat 1 plays Light, seat 2 Dark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Light (`L`), seat 1, near row `a`.
    Light,
    /// Dark (`D`), seat 2, near row at the opposite end.
    Dark,
}

/// Both colours, in seat order.
pub const COLOURS: [Colour; 2] = [Colour::Light, Colour::Dark];

impl Colour {
    /// The colour of `seat` (0 Light, anything else Dark).
    pub const fn of_seat(seat: Seat) -> Colour {
        if seat == 0 {
            Colour::Light
        } else {
            Colour::Dark
        }
    }

    /// The seat playing this colour.
    pub const fn seat(self) -> Seat {
        match self {
            Colour::Light => 0,
            Colour::Dark => 1,
        }
    }

    /// The other colour.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Light => Colour::Dark,
            Colour::Dark => Colour::Light,
        }
    }

    /// The notation letter, `L` or `D`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Light => 'L',
            Colour::Dark => 'D',
        }
    }

    /// The notation letter as a string.
    pub const fn letter_str(self) -> &'static str {
        match self {
            Colour::Light => "L",
            Colour::Dark => "D",
        }
    }

    /// The colour for a notation letter (upper case only).
    pub fn from_letter(c: char) -> Option<Colour> {
        COLOURS.into_iter().find(|col| col.letter() == c)
    }

    /// The colour's name, `Light` or `Dark`.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Light => "Light",
            Colour::Dark => "Dark",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------

/// A cell named by its row (0 = row `a`, Light's near row) and its place in the row (0 = the
/// leftmost cell, written `1`), as Light sees the board. Whether it lies on a board depends on
/// the board's side ([`is_on_board`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row from Light's side: 0 is row `a`.
    pub row: u8,
    /// Place in the row from the left: 0 is written `1`.
    pub pos: u8,
}

impl Cell {
    /// The cell at `row` and `pos` (both from 0), whatever the board.
    pub const fn new(row: u8, pos: u8) -> Cell {
        Cell { row, pos }
    }
}

/// Where a group goes: a cell, or off the board past the far row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dest {
    /// Onto this cell.
    Cell(Cell),
    /// Off the board.
    Off,
}

/// Whether `side` is a board side the game offers (3 to 5).
pub fn valid_side(side: u8) -> bool {
    (MIN_SIDE..=MAX_SIDE).contains(&side)
}

/// Number of rows of a board of `side`: `2 * side - 1`.
pub const fn row_count(side: u8) -> u8 {
    2 * side - 1
}

/// Number of cells in `row` of a board of `side` (0 for a row not on the board): `side` on the
/// two short rows, `2 * side - 1` on the middle row.
pub fn row_len(side: u8, row: u8) -> u8 {
    if row >= row_count(side) {
        return 0;
    }
    let from_edge = row.min(row_count(side) - 1 - row);
    side + from_edge
}

/// Number of cells on a board of `side`: 19, 37 or 61.
pub fn cell_count(side: u8) -> usize {
    (0..row_count(side))
        .map(|r| usize::from(row_len(side, r)))
        .sum()
}

/// Whether `cell` lies on a board of `side`.
pub fn is_on_board(side: u8, cell: Cell) -> bool {
    cell.pos < row_len(side, cell.row)
}

/// Every cell of a board of `side`, row `a` first, each row left to right (the order of
/// [`cell_index`]).
pub fn cells(side: u8) -> Vec<Cell> {
    (0..row_count(side))
        .flat_map(|row| (0..row_len(side, row)).map(move |pos| Cell { row, pos }))
        .collect()
}

/// The index of `cell` in [`cells`], if it lies on the board.
pub fn cell_index(side: u8, cell: Cell) -> Option<usize> {
    if !is_on_board(side, cell) {
        return None;
    }
    let before: usize = (0..cell.row).map(|r| usize::from(row_len(side, r))).sum();
    Some(before + usize::from(cell.pos))
}

/// Where to draw `cell`: its horizontal centre in half cell widths from the board's vertical
/// axis (negative to the left, as Light sees the board), and its row (0 = row `a`, Light's
/// near row, drawn nearest Light). Pointy-top hexagons in horizontal rows: a cell's centre is
/// one row above its forward neighbours' shared edge, half a cell to either side.
pub fn draw_position(side: u8, cell: Cell) -> (i32, u8) {
    let len = i32::from(row_len(side, cell.row));
    (2 * i32::from(cell.pos) - (len - 1), cell.row)
}

/// The row at `seat`'s side of a board of `side` (row `a` for Light, the last row for Dark):
/// where that seat enters its pieces.
pub fn near_row(side: u8, seat: Seat) -> u8 {
    if seat == 0 {
        0
    } else {
        row_count(side) - 1
    }
}

/// The row at the opposite side (the other seat's near row): where `seat`'s groups leave.
pub fn far_row(side: u8, seat: Seat) -> u8 {
    near_row(side, 1 - seat.min(1))
}

/// The cells one row forward from `cell` for `seat` (away from its side) that share an edge
/// with it, left to right: two, or one at a side edge, none on the far row (whose cells lead
/// off the board instead) or for a cell not on the board.
pub fn forward(side: u8, cell: Cell, seat: Seat) -> Vec<Cell> {
    if !is_on_board(side, cell) || cell.row == far_row(side, seat) {
        return Vec::new();
    }
    let next = if seat == 0 {
        cell.row + 1
    } else {
        cell.row - 1
    };
    let len = row_len(side, cell.row);
    let next_len = row_len(side, next);
    // A longer next row is offset half a cell left: the cells at `pos` and `pos + 1`. A
    // shorter one is offset half a cell right: `pos - 1` and `pos`.
    let candidates: [Option<u8>; 2] = if next_len > len {
        [Some(cell.pos), Some(cell.pos + 1)]
    } else {
        [cell.pos.checked_sub(1), Some(cell.pos)]
    };
    candidates
        .into_iter()
        .flatten()
        .filter(|&pos| pos < next_len)
        .map(|pos| Cell { row: next, pos })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Moves and options
// ---------------------------------------------------------------------------------------------

/// One step of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StacksMove {
    /// One piece from the reserve onto this cell of the mover's near row (`+a2`).
    Enter(Cell),
    /// The top `count` pieces of `from` move to `to` (`b2-c3`, `b2-c3x2`, `e1-off`).
    Move {
        /// The cell the group leaves.
        from: Cell,
        /// Where it goes.
        to: Dest,
        /// How many pieces from the top, at least 1.
        count: u8,
    },
    /// The mover has no legal step at all and passes the turn (`pass`).
    Pass,
}

/// The options: the board's side and the variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StacksOptions {
    /// The board's side, 3 to 5.
    pub side: u8,
    /// Diabolical Stacks (rulings 9 to 11) instead of Stacks.
    pub diabolical: bool,
}

impl Default for StacksOptions {
    fn default() -> Self {
        StacksOptions {
            side: DEFAULT_SIDE,
            diabolical: false,
        }
    }
}

impl StacksOptions {
    /// Checks the side is 3, 4 or 5.
    ///
    /// # Errors
    /// When it is not.
    pub fn validate(&self) -> Result<(), SetupError> {
        if valid_side(self.side) {
            Ok(())
        } else {
            Err(SetupError(format!(
                "the board's side is {MIN_SIDE} to {MAX_SIDE}, not {}",
                self.side
            )))
        }
    }
}

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

static INFO: GameInfo = GameInfo {
    slug: "stacks",
    name: "Stacks",
    designer: "unknown",
    min_players: 2,
    max_players: 2,
    pitch: "Race your twelve pieces across the hexagons and off the far edge, stacking on top \
            of your opponent to trap them.",
    hidden_information: false,
    search_per_second: 3_000,
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

    fn cell_stack(&self, cell: Cell) -> Option<&Vec<Colour>> {
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
    fn for_each_step(&self, budget: u8, mut f: impl FnMut(StacksMove) -> bool) {
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
    fn apply(&mut self, mv: &StacksMove, cost: u8) {
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

/// How many of `colour`'s pieces sit together at the top of `stack`.
pub fn own_run(stack: &[Colour], colour: Colour) -> usize {
    stack.iter().rev().take_while(|&&c| c == colour).count()
}

/// The letter of row `row` (0 = `a`).
pub fn row_letter(row: u8) -> char {
    char::from(b'a'.saturating_add(row))
}

fn name(cell: Cell) -> String {
    format!("{}{}", row_letter(cell.row), u32::from(cell.pos) + 1)
}

impl Game for Stacks {
    type Move = StacksMove;
    type Options = StacksOptions;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        if players != 2 {
            return Err(SetupError(format!(
                "Stacks is for 2 players, not {players}"
            )));
        }
        Ok(SetupForm {
            sides: SideRule::Fixed(
                COLOURS
                    .iter()
                    .map(|c| Side {
                        letter: c.letter_str(),
                        name: c.name(),
                    })
                    .collect(),
            ),
            options: vec![
                OptionSpec {
                    key: "side",
                    label: "Board size",
                    help: "Cells along each edge of the hexagonal board.",
                    helps: &[],
                    kind: OptionKind::Choice {
                        choices: vec![
                            ("3", "side 3 (19 cells)"),
                            ("4", "side 4 (37 cells)"),
                            ("5", "side 5 (61 cells)"),
                        ],
                        default: "3",
                    },
                },
                OptionSpec {
                    key: "diabolical",
                    label: "Diabolical Stacks",
                    help: "Move any stack whose top piece is yours, your opponent's pieces in \
                           it too.",
                    helps: &[],
                    kind: OptionKind::Switch { default: false },
                },
            ],
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<StacksOptions, SetupError> {
        let players = choices.sides.len();
        Self::setup_form(players)?.check(players, choices)?;
        let side = choices
            .value("side")
            .and_then(|v| v.parse::<u8>().ok())
            .ok_or_else(|| SetupError("the board size is not set".into()))?;
        let options = StacksOptions {
            side,
            diabolical: choices.is_on("diabolical"),
        };
        options.validate()?;
        Ok(options)
    }

    fn new(options: &StacksOptions, _seed: u64) -> Result<Self, SetupError> {
        options.validate()?;
        Ok(Stacks {
            side: options.side,
            diabolical: options.diabolical,
            board: vec![Vec::new(); cell_count(options.side)],
            reserve: [PIECES; 2],
            turn: 0,
            // The first player's first turn is worth a single move.
            left: 1,
            history: Vec::new(),
        })
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then_some(self.turn)
    }

    fn legal_moves(&self) -> Vec<StacksMove> {
        if self.is_over() {
            return Vec::new();
        }
        let steps = self.steps(self.left);
        if steps.is_empty() {
            vec![StacksMove::Pass]
        } else {
            steps
        }
    }

    fn play(&mut self, mv: &StacksMove) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let cost = self.step_cost(mv).map_err(PlayError::Illegal)?;
        let before = self.diabolical.then(|| self.key());
        let irreversible = matches!(
            mv,
            StacksMove::Enter(_) | StacksMove::Move { to: Dest::Off, .. }
        );
        self.apply(mv, cost);
        if let Some(key) = before {
            if irreversible {
                // Reserves only shrink and pieces off never return: no earlier position can
                // occur again.
                self.history.clear();
            } else {
                self.history.push(key);
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(seat) = self.winner() {
            return Some(Outcome::win(
                seat,
                format!(
                    "{} moved all {PIECES} pieces off the board",
                    Colour::of_seat(seat).name()
                ),
            ));
        }
        if self.is_third_occurrence() {
            return Some(Outcome {
                winners: Vec::new(),
                scores: None,
                reason: "the same position occurred for the third time: a draw".into(),
            });
        }
        None
    }

    fn view(&self, _viewer: Viewer) -> Self {
        self.clone()
    }

    fn describe_move(&self, mv: &StacksMove, _viewer: Viewer) -> String {
        let mut after = self.clone();
        if after.play(mv).is_err() {
            return mv.to_string();
        }
        if after.winner().is_some() {
            format!("{mv} (wins)")
        } else if after.is_third_occurrence() {
            format!("{mv} (third repetition)")
        } else if after.turn != self.turn && *mv != StacksMove::Pass {
            format!("{mv} (turn over)")
        } else {
            mv.to_string()
        }
    }

    fn seat_label(&self, seat: Seat) -> Option<String> {
        (seat < 2).then(|| Colour::of_seat(seat).letter().to_string())
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        if seat >= 2 {
            return SeatCard::default();
        }
        SeatCard {
            side: Colour::of_seat(seat).name().to_string(),
            score: None,
            out: false,
            facts: vec![
                Fact::new("in reserve", self.reserve(seat)),
                Fact::new("off the board", self.off(seat)),
            ],
        }
    }

    fn table_facts(&self) -> Vec<Fact> {
        let mut facts = Vec::new();
        if !self.is_over() {
            facts.push(Fact::new("moves left in this turn", self.left));
        }
        if self.diabolical {
            facts.push(Fact::new("variant", "Diabolical"));
        }
        facts
    }

    fn check_invariants(&self) -> Result<(), String> {
        if !valid_side(self.side) {
            return Err(format!("the board's side is {}", self.side));
        }
        if self.board.len() != cell_count(self.side) {
            return Err(format!(
                "the board has {} cells, not {}",
                self.board.len(),
                cell_count(self.side)
            ));
        }
        for seat in 0..2 {
            let total = usize::from(self.reserve[seat])
                + self
                    .board
                    .iter()
                    .flatten()
                    .filter(|&&c| c == Colour::of_seat(seat))
                    .count();
            if total > usize::from(PIECES) {
                return Err(format!(
                    "{} has {total} pieces in reserve and on the board, more than {PIECES}",
                    Colour::of_seat(seat).name()
                ));
            }
        }
        if self.off(0) == PIECES && self.off(1) == PIECES {
            return Err("both players have every piece off the board".into());
        }
        if self.turn > 1 {
            return Err(format!("seat {} is to move", self.turn + 1));
        }
        if !(1..=MOVES_PER_TURN).contains(&self.left) {
            return Err(format!("{} moves left in the turn", self.left));
        }
        if !self.diabolical && !self.history.is_empty() {
            return Err("Stacks keeps no repetition history".into());
        }
        for &k in &self.history {
            if self.history.iter().filter(|&&x| x == k).count() > 2 {
                return Err("a position occurred three times but the game went on".into());
            }
        }
        // Mid-turn, the turn goes on only while a 1-move step exists (ruling 7).
        if !self.is_over() && self.left == 1 && !self.any_step(1) {
            return Err(format!(
                "{} has 1 move left but no 1-move step: the turn should have ended",
                Colour::of_seat(self.turn).name()
            ));
        }
        Ok(())
    }
}
