//! Evade rules, per the rulings, as the in-app rules page `static/rules/evade.html` states them (the choices where it is silent are listed in
//! the module documentation of `evade`): the position ([`Evade`]) and what it holds, how the
//! game ended, and the invariants.
//!
//! The rest of the engine: `board.rs` (squares, sides), `coins.rs` (values, coins, setups),
//! `moves.rs` (moves, options), `play.rs` (what the player to move may do, and why a move is
//! refused), `turns.rs` (playing a move, the end of a turn and of the game), `hidden.rs`
//! (what each seat may see and remember) and `game.rs` (`impl Game`).

use super::board::{goal_row, side_name, Cell, Square};
use super::coins::{Coin, CoinState, Value, COINS_PER_SEAT};
use super::hidden::Memory;
use super::moves::EvadeOptions;
use crate::core::Seat;

/// Turns in a row without a freeze after which the game is drawn (50 by each player).
pub const QUIET_TURNS_LIMIT: usize = 100;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// This seat's special coin entered the far row without freezing: it wins.
    FarRow(Seat),
    /// This seat froze with one of its special coins: it loses.
    FrozeSpecial(Seat),
    /// All four special coins are frozen: a draw.
    SpecialsFrozen,
    /// Both players passed in a row: a draw.
    Passes,
    /// The players agreed to a draw.
    Agreed,
    /// The same position occurred for the third time: a draw.
    Repetition,
    /// 100 turns in a row without a freeze: a draw.
    QuietTurns,
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The players set up their coins in secret, seat 1 first.
    Setup,
    /// The players take turns.
    Play,
    /// The game is over.
    Over(End),
}

/// The state of a draw offer in the current turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DrawOffer {
    /// None made this turn.
    #[default]
    None,
    /// Made by the player whose turn it is; the opponent must answer.
    Pending,
    /// Made and declined this turn: no second offer until the next turn.
    Declined,
}

/// A repetition key: where each coin stands (seat 1's six, then seat 2's, by coin id) and the
/// seat to move. Coins keep their values for the whole game and keys are forgotten at every
/// freeze (frozen coins never move again), so two keys are equal exactly when the positions
/// (every coin with its value and frozen state, and the seat to move) are the same; yet a key
/// holds nothing secret.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    /// Square index of each coin.
    pub(super) squares: [u8; 12],
    /// The seat to move.
    pub(super) turn: u8,
}

/// An Evade position, with everything the rules need to decide the rest of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evade {
    /// Whether own coins are shown to their owner (no peeking).
    pub(super) own: bool,
    /// Setup, play or over.
    pub(super) phase: Phase,
    /// The seat setting up, or whose turn it is (at the end: who would have moved next).
    pub(super) turn: Seat,
    /// Each seat's coins by id; empty until the seat has set up.
    pub(super) coins: [Vec<Coin>; 2],
    /// The own coin the player whose turn it is peeked at this turn.
    pub(super) peek: Option<Square>,
    /// The draw offer of this turn.
    pub(super) offer: DrawOffer,
    /// Whether the last turn was a pass.
    pub(super) passed: bool,
    /// The keys of the positions since the last freeze (or the start), the current one last.
    pub(super) keys: Vec<RepetitionKey>,
    /// The own coins each seat has peeked at.
    pub(super) memory: Memory,
}

impl Evade {
    /// Whether each player is shown the values of their own coins ("show me my own coins").
    pub fn own_coins_shown(&self) -> bool {
        self.own
    }

    /// The options this game was started with.
    pub fn options(&self) -> EvadeOptions {
        EvadeOptions {
            own_coins_shown: self.own,
        }
    }

    /// Setup, play or over.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the secret setup is still going on.
    pub fn is_setting_up(&self) -> bool {
        self.phase == Phase::Setup
    }

    /// The seat setting up or whose turn it is (while a draw offer waits for an answer, the
    /// offerer; [`Game::to_move`](crate::core::Game::to_move) is then the opponent).
    pub fn turn_seat(&self) -> Seat {
        self.turn
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        match self.phase {
            Phase::Over(end) => Some(end),
            _ => None,
        }
    }

    /// Every coin on the board: seat 1's by id, then seat 2's (a seat that has not set up has
    /// none yet).
    pub fn coins(&self) -> impl Iterator<Item = &Coin> {
        self.coins.iter().flatten()
    }

    /// The coins of `seat`, by id.
    pub fn seat_coins(&self, seat: Seat) -> &[Coin] {
        self.coins.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The coins on `sq`: none, one, or a frozen pair (the one under first).
    pub fn coins_at(&self, sq: Square) -> Vec<Coin> {
        let mut here: Vec<Coin> = self.coins().filter(|c| c.square == sq).copied().collect();
        // At most two: a frozen pair, the one under first. (No sort: a stable sort's code
        // costs the bundle kilobytes.)
        if here.len() == 2 && here[1].state == CoinState::Under {
            here.swap(0, 1);
        }
        here
    }

    /// The square the player whose turn it is peeked at this turn.
    pub fn peeked(&self) -> Option<Square> {
        self.peek
    }

    /// The state of this turn's draw offer.
    pub fn draw_offer(&self) -> DrawOffer {
        self.offer
    }

    /// Whether the last turn was a pass (a second pass in a row draws).
    pub fn last_turn_passed(&self) -> bool {
        self.passed
    }

    /// Turns played in a row without a freeze (the game is drawn at 100).
    pub fn turns_without_freeze(&self) -> usize {
        self.keys.len().saturating_sub(1)
    }

    /// How many times the current position has occurred (the game is drawn at the third).
    pub fn occurrences(&self) -> usize {
        match self.keys.last() {
            Some(last) => self.keys.iter().filter(|k| *k == last).count(),
            None => 0,
        }
    }

    pub(super) fn cells(&self) -> [Cell; 36] {
        let mut cells = [Cell::Empty; 36];
        for c in self.coins() {
            let cell = &mut cells[c.square.index()];
            *cell = match *cell {
                Cell::Empty => Cell::Lone(c.owner),
                _ => Cell::Pair,
            };
        }
        cells
    }

    /// Index of `seat`'s coin on `sq`.
    pub(super) fn coin_index(&self, seat: Seat, sq: Square) -> Option<usize> {
        self.seat_coins(seat).iter().position(|c| c.square == sq)
    }

    /// Whether the coin of the player whose turn it is on `sq` lies face up (the top of a
    /// frozen pair): nothing to peek at.
    pub(super) fn own_face_up(&self, sq: Square) -> bool {
        self.seat_coins(self.turn)
            .iter()
            .any(|c| c.square == sq && c.face_up())
    }

    pub(super) fn check_coins(&self) -> Result<(), String> {
        for (seat, coins) in self.coins.iter().enumerate() {
            let name = side_name(seat);
            if !coins.is_empty() && coins.len() != COINS_PER_SEAT {
                return Err(format!("{name} have {} coins, not 6", coins.len()));
            }
            for (id, c) in coins.iter().enumerate() {
                if c.owner != seat || c.id != id {
                    return Err(format!("{name}' coin {id} is filed wrongly"));
                }
                if let Some(v) = c.value {
                    if coins[..id].iter().any(|d| d.value == Some(v)) {
                        return Err(format!("{name} have two {} coins", v.name()));
                    }
                }
            }
        }
        for sq in Square::all() {
            let here = self.coins_at(sq);
            match here.as_slice() {
                [] => {}
                [c] if c.frozen() => return Err(format!("the coin on {sq} is frozen alone")),
                [_] => {}
                [under, top] => {
                    if under.owner == top.owner
                        || under.state != CoinState::Under
                        || top.state != CoinState::OnTop
                    {
                        return Err(format!("{sq} holds two coins that are not a frozen pair"));
                    }
                }
                _ => return Err(format!("{sq} holds more than two coins")),
            }
        }
        Ok(())
    }

    pub(super) fn check_phase(&self) -> Result<(), String> {
        let placed = [self.coins[0].len(), self.coins[1].len()];
        if self.turn > 1 {
            return Err(format!(
                "seat {} is to move in a two-player game",
                self.turn + 1
            ));
        }
        if self.phase == Phase::Setup {
            let expected = if self.turn == 0 { [0, 0] } else { [6, 0] };
            if placed != expected {
                return Err(format!(
                    "{} set up in the wrong order",
                    side_name(self.turn)
                ));
            }
            if self.peek.is_some()
                || self.offer != DrawOffer::None
                || self.passed
                || !self.keys.is_empty()
            {
                return Err("nothing but the setup happens before play".into());
            }
            if self.coins().any(|c| {
                c.state != CoinState::Free || Square::new(c.id as i32, 0) != Some(c.square)
            }) {
                return Err("Suns' coins must stand free on row 1 until Moons set up".into());
            }
            return Ok(());
        }
        if placed != [6, 6] {
            return Err("play starts only once both players set up".into());
        }
        let Some(last) = self.keys.last() else {
            return Err("no position is recorded".into());
        };
        if *last != self.key() {
            return Err("the last recorded position is not the current one".into());
        }
        let limit = match self.phase {
            Phase::Over(_) => QUIET_TURNS_LIMIT + 1,
            _ => QUIET_TURNS_LIMIT,
        };
        if self.keys.len() > limit {
            return Err(format!(
                "{} positions recorded without a freeze",
                self.keys.len()
            ));
        }
        // Frozen coins never move, and the record restarts at every freeze.
        let frozen: Vec<(usize, u8)> = self
            .coins()
            .enumerate()
            .filter(|(_, c)| c.frozen())
            .map(|(i, c)| (i, c.square.index() as u8))
            .collect();
        for k in &self.keys {
            if k.turn > 1
                || k.squares.iter().any(|&s| s >= 36)
                || frozen.iter().any(|&(i, s)| k.squares[i] != s)
            {
                return Err("a recorded position does not fit the frozen coins".into());
            }
        }
        let shown: Vec<&Coin> = self
            .coins()
            .filter(|c| c.state == CoinState::Shown)
            .collect();
        match self.phase {
            Phase::Play => {
                if !shown.is_empty() {
                    return Err("a coin is shown face up while play goes on".into());
                }
                if self
                    .keys
                    .iter()
                    .any(|k| self.keys.iter().filter(|j| *j == k).count() >= 3)
                {
                    return Err("a position occurred three times but play goes on".into());
                }
                if self.all_specials_frozen() {
                    return Err("all four special coins are frozen but play goes on".into());
                }
                for c in self.coins() {
                    if c.is_special() && c.state == CoinState::OnTop {
                        return Err(format!(
                            "a special coin froze on {} but play goes on",
                            c.square
                        ));
                    }
                    if c.is_special() && !c.frozen() && c.square.rank() == goal_row(c.owner) {
                        return Err(format!(
                            "a special coin reached {} but play goes on",
                            c.square
                        ));
                    }
                }
                if let Some(sq) = self.peek {
                    if self.own {
                        return Err("nobody peeks when own coins are shown".into());
                    }
                    if self.offer == DrawOffer::Pending {
                        return Err("a draw is offered before peeking".into());
                    }
                    if self.coin_index(self.turn, sq).is_none() {
                        return Err(format!(
                            "the peeked square {sq} holds no coin of {}",
                            side_name(self.turn)
                        ));
                    }
                    if self.own_face_up(sq) {
                        return Err(format!(
                            "the peeked coin of {} on {sq} lies face up",
                            side_name(self.turn)
                        ));
                    }
                    if self.turn_steps().is_empty() {
                        return Err("a peek was made with no move left that does not freeze".into());
                    }
                }
            }
            Phase::Over(end) => {
                if self.peek.is_some() || self.offer != DrawOffer::None {
                    return Err("a finished game has no peek or draw offer".into());
                }
                match (end, shown.as_slice()) {
                    (End::FarRow(seat), [c])
                        if c.owner == seat
                            && c.square.rank() == goal_row(seat)
                            && c.value.is_none_or(Value::is_special) => {}
                    (End::FarRow(_), _) => {
                        return Err(
                            "a win in the far row shows the special coin that made it".into()
                        )
                    }
                    (_, []) => {}
                    _ => return Err("only the coin that won in the far row is shown".into()),
                }
                if matches!(end, End::FarRow(s) | End::FrozeSpecial(s) if s > 1) {
                    return Err("the game ended for a seat that is not at the table".into());
                }
            }
            Phase::Setup => {}
        }
        Ok(())
    }
}
