//! Stack Control rules, per the rulings, as the in-app rules page `static/rules/stack-control.html`
//! states them: the position and its moves. The pieces are in `pieces.rs`, squares and reach in
//! `board.rs`, moves and options in `moves.rs`, `impl Game` in `game.rs`.

use crate::core::{GameInfo, PlayError, Seat};

pub use super::board::*;
pub use super::moves::*;
pub use super::pieces::*;

/// A Stack Control position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackControl {
    /// 64 stacks, bottom to top.
    pub(super) board: [Stack; 64],
    /// Scoring colour by seat.
    pub(super) colours: Vec<Colour>,
    /// Whether each seat is still in. When one move eliminates every player still in, they
    /// all stay marked in: the game is then a draw among them.
    pub(super) in_game: Vec<bool>,
    /// The seat whose turn it is (meaningless once the game is over).
    pub(super) turn: Seat,
    /// Pyramids removed by captures, by colour and size (`[colour][pips - 1]`).
    pub(super) removed: [[u8; 3]; 5],
}

pub(super) static INFO: GameInfo = GameInfo {
    slug: "stack-control",
    name: "Stack Control",
    designer: "Robert Dudley",
    min_players: 2,
    max_players: 5,
    pitch:
        "Move stacks by the pips on top, capture by making three of a size, control the most pips.",
    hidden_information: false,
    strengths: [4_000, 20_000, 60_000],
};

impl StackControl {
    /// The stack on `sq`, bottom to top.
    pub fn stack(&self, sq: Square) -> &[Pyramid] {
        self.board[sq.index()].as_slice()
    }

    /// Scoring colour of each seat.
    pub fn colours(&self) -> &[Colour] {
        &self.colours
    }

    /// Whether `seat` is still in the game.
    pub fn is_in(&self, seat: Seat) -> bool {
        self.in_game.get(seat).copied().unwrap_or(false)
    }

    /// Pyramids removed by captures so far, by colour and size.
    pub fn removed(&self, colour: Colour, size: Size) -> u8 {
        self.removed[colour.index()][usize::from(size.pips() - 1)]
    }

    /// Number of pyramids of `colour` on the board.
    pub fn count_on_board(&self, colour: Colour) -> usize {
        self.board
            .iter()
            .flat_map(Stack::as_slice)
            .filter(|p| p.colour == colour)
            .count()
    }

    /// The seat that scores `colour`, if anyone does.
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.colours.iter().position(|&c| c == colour)
    }

    /// Where the stack on `from` would land in each direction (its top's pips away, onto a stack).
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        self.reach(from).collect()
    }

    /// [`Self::destinations`] without a list: the search's playouts ask for these at every
    /// step.
    pub(super) fn reach(&self, from: Square) -> impl Iterator<Item = Square> + '_ {
        let d = self.board[from.index()]
            .top()
            .map_or(0, |top| i32::from(top.size.pips()));
        DIRECTIONS
            .iter()
            .filter(move |_| d > 0)
            .filter_map(move |&(df, dr)| Square::new(from.file() + df * d, from.rank() + dr * d))
            .filter(|to| !self.board[to.index()].is_empty())
    }

    /// The scores as they stand: each seat's pips in the stacks it controls, with the rule
    /// that when nobody controls a stack the tops are set aside until somebody does.
    pub fn scores(&self) -> Vec<i64> {
        self.scores_and_layers_set_aside().0
    }

    /// The scores, and how many top layers had to be set aside before anyone controlled a
    /// stack (0 when someone controls one as the board stands).
    pub fn scores_and_layers_set_aside(&self) -> (Vec<i64>, usize) {
        let n = self.colours.len();
        let tallest = self
            .board
            .iter()
            .map(|stack| stack.as_slice().len())
            .max()
            .unwrap_or(0);
        for peeled in 0..tallest {
            let mut scores = vec![0i64; n];
            let mut anyone = false;
            for stack in self.board.iter().map(Stack::as_slice) {
                if stack.len() <= peeled {
                    continue;
                }
                let kept = &stack[..stack.len() - peeled];
                let Some(top) = kept.last() else { continue };
                if let Some(seat) = self.seat_of(top.colour).filter(|&s| self.in_game[s]) {
                    anyone = true;
                    scores[seat] += kept.iter().map(|p| i64::from(p.size.pips())).sum::<i64>();
                }
            }
            if anyone {
                return (scores, peeled);
            }
        }
        (vec![0; n], tallest)
    }

    pub(super) fn next_seat_after(&self, seat: Seat) -> Seat {
        let n = self.colours.len();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| self.in_game[s])
            .unwrap_or(seat)
    }

    pub(super) fn alive(&self) -> Vec<Seat> {
        (0..self.colours.len())
            .filter(|&s| self.in_game[s])
            .collect()
    }

    pub(super) fn everyone_left_is_wiped_out(&self) -> bool {
        (0..self.colours.len())
            .filter(|&s| self.in_game[s])
            .all(|s| !self.on_board(self.colours[s]))
    }

    /// Whether any pyramid of `colour` is on the board: not all of its pyramids were
    /// captured (every position keeps `removed` equal to what is missing from the board, see
    /// [`Game::check_invariants`]), known without looking at the board.
    pub(super) fn on_board(&self, colour: Colour) -> bool {
        self.removed[colour.index()].iter().sum::<u8>() < 3 * PYRAMIDS_PER_KIND
    }

    /// The squares that hold a stack, as a bit set (bit `i` for square `i`).
    pub(super) fn occupied(&self) -> u64 {
        self.board
            .iter()
            .enumerate()
            .filter(|(_, stack)| !stack.is_empty())
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// How many squares the stack on `from` may land on, given the squares `occupied`.
    pub(super) fn landings(&self, from: usize, occupied: u64) -> u32 {
        self.board[from].top().map_or(0, |top| {
            (reach_mask(from, top.size.pips()) & occupied).count_ones()
        })
    }

    pub(super) fn has_any_move(&self) -> bool {
        let occupied = self.occupied();
        (0..64).any(|from| self.landings(from, occupied) > 0)
    }

    /// Ended by elimination (one player left, or everyone left wiped out at once).
    pub(super) fn ended_by_elimination(&self) -> bool {
        self.in_game.iter().filter(|&&b| b).count() <= 1 || self.everyone_left_is_wiped_out()
    }

    pub(super) fn is_over(&self) -> bool {
        self.ended_by_elimination() || !self.has_any_move()
    }

    pub(super) fn check_move(&self, mv: &StackMove) -> Result<(), PlayError> {
        if self.ended_by_elimination() {
            return Err(PlayError::GameOver);
        }
        let top = self.board[mv.from.index()].top();
        let lands = top.is_some_and(|top| {
            reach_mask(mv.from.index(), top.size.pips()) & 1 << mv.to.index() != 0
                && !self.board[mv.to.index()].is_empty()
        });
        if lands {
            // A legal move proves some stack can move: the game is not over.
            return Ok(());
        }
        if !self.has_any_move() {
            return Err(PlayError::GameOver);
        }
        Err(PlayError::Illegal(match top {
            None => format!("there is no stack on {}", mv.from),
            Some(top) => {
                let pips = top.size.pips();
                format!(
                    "the stack on {} moves exactly {pips} square{} in a straight line onto another stack; {} is not such a square",
                    mv.from,
                    if pips == 1 { "" } else { "s" },
                    mv.to
                )
            }
        }))
    }

    /// The stack on `to` with `moving` put on top and the captures made: every size present
    /// three or more times leaves the game (counted into `removed`). `None` when the result
    /// would hold more than [`STACK_MOST`], which no position that keeps its invariants can
    /// reach (each stack holds at most two of a size, so after the captures so does this one).
    pub(super) fn landed(&self, moving: &Stack, to: &Stack) -> Option<(Stack, [[u8; 3]; 5])> {
        let mut all = [Stack::EMPTY.items[0]; 2 * STACK_MOST];
        let bottom = to.as_slice();
        let (low, high) = all.split_at_mut(bottom.len());
        low.copy_from_slice(bottom);
        high.get_mut(..moving.as_slice().len())?
            .copy_from_slice(moving.as_slice());
        let all = &all[..bottom.len() + moving.as_slice().len()];
        let mut counts = [0u8; 3];
        for p in all {
            counts[usize::from(p.size.pips() - 1)] += 1;
        }
        let gone = counts.map(|c| c >= 3);
        let mut removed = self.removed;
        let mut kept = Stack::EMPTY;
        for p in all {
            let size = usize::from(p.size.pips() - 1);
            if gone[size] {
                removed[p.colour.index()][size] += 1;
            } else {
                *kept.items.get_mut(usize::from(kept.len))? = *p;
                kept.len += 1;
            }
        }
        Some((kept, removed))
    }

    pub(super) fn update_eliminations(&mut self) {
        let n = self.colours.len();
        let wiped = |game: &Self, s: Seat| game.in_game[s] && !game.on_board(game.colours[s]);
        // One move that eliminates everyone still in leaves them all in: a draw among them.
        if (0..n).any(|s| self.in_game[s] && !wiped(self, s)) {
            for seat in 0..n {
                if wiped(self, seat) {
                    self.in_game[seat] = false;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(super) fn reach_masks_are_the_squares_d_away_in_the_eight_directions() {
        for from in Square::all() {
            for d in 1..=3u8 {
                let mut expected = 0u64;
                for (df, dr) in DIRECTIONS {
                    let step = i32::from(d);
                    if let Some(to) = Square::new(from.file() + df * step, from.rank() + dr * step)
                    {
                        expected |= 1 << to.index();
                    }
                }
                assert_eq!(reach_mask(from.index(), d), expected, "{from}, {d}");
            }
        }
    }
}
