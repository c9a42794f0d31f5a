//! What the player to move may do: steps (and which of them freeze), peeks, draw offers and
//! passing, and why a move is refused.

use super::board::{side_name, Cell, Square};
use super::coins::{is_arrangement, CoinState};
use super::moves::EvadeMove;
use super::rules::{DrawOffer, Evade, Phase};
use crate::core::{Game, Seat};

impl Evade {
    pub(super) fn in_turn(&self) -> bool {
        self.phase == Phase::Play && self.offer != DrawOffer::Pending
    }

    /// The steps `seat` can make (from, to, freezes), squares in index order and directions
    /// in a fixed order; freezes only when `allow_freeze`.
    fn steps(&self, seat: Seat, allow_freeze: bool) -> Vec<(Square, Square, bool)> {
        let cells = self.cells();
        let mut out = Vec::new();
        for from in Square::all() {
            let mine = self
                .seat_coins(seat)
                .iter()
                .any(|c| c.square == from && c.state == CoinState::Free);
            if !mine {
                continue;
            }
            for to in from.neighbours() {
                match cells[to.index()] {
                    Cell::Empty => out.push((from, to, false)),
                    Cell::Lone(owner) if owner != seat && allow_freeze => {
                        out.push((from, to, true))
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// The steps of the player whose turn it is (no freezes after a peek); none outside play
    /// or while a draw offer waits.
    pub(super) fn turn_steps(&self) -> Vec<(Square, Square, bool)> {
        if !self.in_turn() {
            return Vec::new();
        }
        self.steps(self.turn, self.peek.is_none())
    }

    /// Where the coin on `from` may legally go now (empty when it is not a coin of the player
    /// to move, or it is frozen, or nothing may move now).
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        self.turn_steps()
            .into_iter()
            .filter(|&(f, _, _)| f == from)
            .map(|(_, to, _)| to)
            .collect()
    }

    /// Whether moving from `from` to `to` would freeze (a lone enemy coin stands on `to`).
    pub fn is_freeze(&self, from: Square, to: Square) -> bool {
        let cells = self.cells();
        match (cells[from.index()], cells[to.index()]) {
            (Cell::Lone(a), Cell::Lone(b)) => a != b,
            _ => false,
        }
    }

    /// Whether a peek is offered now: rules as written, no peek yet this turn, and some legal
    /// move that does not freeze.
    pub fn can_peek(&self) -> bool {
        !self.own
            && self.in_turn()
            && self.peek.is_none()
            && self.turn_steps().iter().any(|&(_, _, freezes)| !freezes)
    }

    /// The squares of the coins the player to move may peek at, when a peek is offered: their
    /// own face-down coins, a frozen one underneath included; not a coin already face up (the
    /// top of a frozen pair): a peek there shows nothing and only spends the turn's freeze
    /// (ruling 9).
    pub fn peek_squares(&self) -> Vec<Square> {
        if !self.can_peek() {
            return Vec::new();
        }
        let mut squares: Vec<Square> = self
            .seat_coins(self.turn)
            .iter()
            .filter(|c| !c.face_up())
            .map(|c| c.square)
            .collect();
        crate::core::sort_small(&mut squares); // distinct squares
        squares
    }

    /// Whether the player whose turn it is may offer a draw now (once a turn, before peeking).
    pub fn can_offer_draw(&self) -> bool {
        self.phase == Phase::Play && self.offer == DrawOffer::None && self.peek.is_none()
    }

    /// Whether the player to move has no coin that can move and must pass.
    pub fn must_pass(&self) -> bool {
        self.in_turn() && self.turn_steps().is_empty()
    }

    /// Why `mv` is not legal here (it is not in the list).
    pub(super) fn why_illegal(&self, mv: &EvadeMove) -> String {
        let me = side_name(self.turn);
        match (mv, self.phase) {
            (EvadeMove::Setup(v), Phase::Setup) if !is_arrangement(v) => {
                "a setup uses each of the six values once".into()
            }
            (EvadeMove::Setup(_), _) => "the coins are already set up".into(),
            (_, Phase::Setup) => format!("{me} must first set up their coins"),
            (EvadeMove::Accept | EvadeMove::Decline, _) if self.offer != DrawOffer::Pending => {
                "no draw is on offer".into()
            }
            (_, _) if self.offer == DrawOffer::Pending => format!(
                "{me} offered a draw: {} must accept or decline it",
                side_name(1 - self.turn)
            ),
            (EvadeMove::Offer, _) if self.offer == DrawOffer::Declined => {
                "a player may offer a draw once a turn".into()
            }
            (EvadeMove::Offer, _) => "a draw is offered before peeking".into(),
            (EvadeMove::Peek(_), _) if self.own => {
                "peeking is only for the rules as written: your own coins are shown".into()
            }
            (EvadeMove::Peek(_), _) if self.peek.is_some() => "one peek a turn".into(),
            (EvadeMove::Peek(sq), _) if self.coin_index(self.turn, *sq).is_none() => {
                format!("{me} have no coin on {sq} to peek at")
            }
            (EvadeMove::Peek(sq), _) if self.own_face_up(*sq) => format!(
                "{me}' coin on {sq} is already face up: a peek is at one of your own face-down \
                 coins"
            ),
            (EvadeMove::Peek(_), _) => {
                "no peek when every move freezes (a player who peeks may not freeze)".into()
            }
            (EvadeMove::Pass, _) => "a player passes only when no coin can move".into(),
            (EvadeMove::Step { from, to }, _) => self.why_step_illegal(*from, *to),
            _ => "not a legal move here".into(),
        }
    }

    fn why_step_illegal(&self, from: Square, to: Square) -> String {
        let me = side_name(self.turn);
        let Some(i) = self.coin_index(self.turn, from) else {
            return format!("{me} have no coin on {from}");
        };
        if self.seat_coins(self.turn)[i].frozen() {
            return format!("the coin on {from} is frozen");
        }
        if !from.neighbours().any(|n| n == to) {
            return format!("a coin moves one square in any direction; {to} is not next to {from}");
        }
        match self.cells()[to.index()] {
            Cell::Pair => format!("{to} holds a frozen pair"),
            Cell::Lone(s) if s == self.turn => format!("{me} already have a coin on {to}"),
            Cell::Lone(_) if self.peek.is_some() => {
                "a player who peeked may not freeze this turn".into()
            }
            _ => "not a legal move here".into(),
        }
    }

    pub(super) fn is_legal(&self, mv: &EvadeMove) -> bool {
        match mv {
            EvadeMove::Setup(values) => self.phase == Phase::Setup && is_arrangement(values),
            _ => self.legal_moves().contains(mv),
        }
    }
}
