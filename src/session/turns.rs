//! Whose move it is on the board: whether the person at the device may move, the computer's
//! turn (thinking, or failed until asked again), the hint, the move list's lines (one turn
//! per line where a game's turns are several moves) and when the chances are charted.

use super::{Session, Ticket};
use crate::core::{Strength, Viewer};

impl Session {
    /// Whether a seat the computer plays is to move in the position on the board, in the
    /// history too: such a seat is never moved from the board. (A finished game has no seat
    /// to move.)
    pub fn computers_turn(&self) -> bool {
        self.shown()
            .to_move()
            .is_some_and(|s| self.computer(s).is_some())
    }

    /// Whether the person at the device may move on the board now: a seat is to move, the
    /// computer does not play it, and the viewer may play it (everyone sees the board, or
    /// the viewer is that seat).
    pub fn can_move(&self) -> bool {
        self.shown().to_move().is_some_and(|s| {
            let viewer = self.viewer();
            self.computer(s).is_none() && (viewer == Viewer::Everyone || viewer == Viewer::Seat(s))
        })
    }

    /// Whether a hint is offered: the person at the device may move (so the game goes on).
    pub fn offers_hint(&self) -> bool {
        self.can_move()
    }

    /// The computer could not move in the position `ticket` names: it is not asked again
    /// there ([`Session::computer_question`]) until the position is named anew
    /// ([`Session::renew`]) or changes. `false` (nothing noted) when the board has moved on.
    pub fn computer_could_not_move(&mut self, ticket: Ticket) -> bool {
        if !self.is_current(ticket) {
            return false;
        }
        self.failed = Some(ticket);
        true
    }

    /// Whether the computer could not move in the position on the board (it waits to be
    /// asked again).
    pub fn computer_failed(&self) -> bool {
        self.failed.is_some_and(|t| self.is_current(t))
    }

    /// Whether the computer is thinking: it is to move ([`Session::computer_to_move`]) and has
    /// not failed there.
    pub fn computer_thinking(&self) -> bool {
        self.computer_to_move().is_some() && !self.computer_failed()
    }

    /// What to ask the computer now, if anything: the position's ticket (its answer is
    /// played only while that is current, [`Session::play_answer`]) and how hard to think.
    /// Only when the computer is to move, no hand-off waits and it has not failed there.
    pub fn computer_question(&self) -> Option<(Ticket, Strength)> {
        let (_, strength) = self.computer_to_move()?;
        (self.handoff().is_none() && !self.computer_failed()).then(|| (self.ticket(), strength))
    }

    /// Where each line of the move list starts (move indices, from 0) when the game lists one
    /// turn per line ([`crate::core::Game::ONE_TURN_PER_LINE`]); empty when it lists one move
    /// per line, or has no move yet.
    pub fn turn_starts(&self) -> Vec<usize> {
        let moves = &self.saved.record.moves;
        if moves.is_empty() {
            return Vec::new();
        }
        let mut starts = vec![0];
        for (i, mv) in moves.iter().enumerate().take(self.line.moves()) {
            let ends = self
                .line
                .position(i)
                .ends_turn(mv, self.line.position(i + 1).as_ref());
            match ends {
                None => return Vec::new(),
                Some(true) if i + 1 < moves.len() => starts.push(i + 1),
                Some(_) => {}
            }
        }
        starts
    }

    /// Whether the game is over (exactly when no seat is to move).
    pub(super) fn over(&self) -> bool {
        self.live().to_move().is_none()
    }

    /// Whether the chances are charted while the game is played: against the computer, in a
    /// game that hides nothing (a game of secrets is charted once it is over, when all is
    /// shown).
    fn charted_live(&self) -> bool {
        !self.live().info().hidden_information
            && self
                .saved
                .record
                .players
                .iter()
                .any(|p| p.computer.is_some())
    }

    /// Whether the page offers how the game went (the chances chart): once it is over; as
    /// it goes, in a game charted live, from its first move (one point draws no line).
    pub fn shows_chances(&self) -> bool {
        self.over() || (!self.saved.record.moves.is_empty() && self.charted_live())
    }

    /// Whether an open chances chart follows the game now: once it is over, or in a game
    /// charted live on a person's turn (never while the computer thinks, whose question it
    /// would replace).
    pub fn chances_follow(&self) -> bool {
        self.over() || (self.charted_live() && self.computer_to_move().is_none())
    }
}
