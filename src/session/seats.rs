//! Who sees what of a session: the seats people and the computer play, the viewer (in a
//! game with hidden information, the seat that holds the device), the hand-off between seats,
//! and the positions and moves as the viewer may see them.

use std::rc::Rc;

use super::Session;
use crate::core::{Seat, Strength, Viewer};
use crate::registry::AnyGame;

/// A move of the move list as its viewer may read it: in words, and in notation unless the
/// move is secret to the viewer. Displays as its words.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveText {
    /// The move in words.
    pub text: String,
    /// The move in notation, as the viewer may know it.
    pub notation: Option<String>,
}

impl std::fmt::Display for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl Session {
    /// The seats people play (not the computer).
    pub(super) fn people(&self) -> Vec<Seat> {
        let players = &self.saved.record.players;
        (0..players.len())
            .filter(|&s| players[s].computer.is_none())
            .collect()
    }

    /// Whether the computer plays `seat`, and how hard it thinks.
    pub fn computer(&self, seat: Seat) -> Option<Strength> {
        self.saved.record.players.get(seat).and_then(|p| p.computer)
    }

    /// The computer seat to move now, if the computer should move: the board shows the game
    /// as it stands (no later moves to replace), the game goes on, and the computer plays the
    /// seat to move.
    pub fn computer_to_move(&self) -> Option<(Seat, Strength)> {
        if self.later_moves() > 0 {
            return None;
        }
        let seat = self.shown().to_move()?;
        Some((seat, self.computer(seat)?))
    }

    /// Who is looking at the board. While a game with hidden information goes on, the device
    /// belongs to the seat to move in the position on the board (after an undo, the seat that
    /// moves there), and everything shown is what that seat may see; looking back through the
    /// history it stays with the seat whose turn it is now, who sees the earlier positions as
    /// that seat may (never another seat's view of them); while the computer is to move, the
    /// device stays with the person who holds it. With one person at the table it
    /// is always theirs; with nobody (computers playing each other), and once the game is
    /// over or when nothing is hidden, everyone sees everything.
    pub fn viewer(&self) -> Viewer {
        if self.whole || !self.live().info().hidden_information || self.live().outcome().is_some() {
            return Viewer::Everyone;
        }
        let people = self.people();
        match people.as_slice() {
            [] => Viewer::Everyone,
            [only] => Viewer::Seat(*only),
            _ => {
                // A shown position with nobody to move can only be the end, handled above.
                let at = if self.browsing {
                    self.live()
                } else {
                    self.shown()
                };
                let seat = at.to_move().unwrap_or_default();
                if people.contains(&seat) {
                    Viewer::Seat(seat)
                } else {
                    Viewer::Seat(self.holder.unwrap_or(people[0]))
                }
            }
        }
    }

    /// The seat the device must be handed to before anything of the game is shown: the
    /// viewer, until that seat confirms it holds the device ([`Session::confirm_handoff`]).
    /// Never with one person at the table: the device is theirs.
    pub fn handoff(&self) -> Option<Seat> {
        match self.viewer() {
            Viewer::Seat(seat) if self.holder != Some(seat) && self.people().len() > 1 => {
                Some(seat)
            }
            _ => None,
        }
    }

    /// The seat the device was handed to says it holds it.
    pub fn confirm_handoff(&mut self) {
        if let Viewer::Seat(seat) = self.viewer() {
            self.holder = Some(seat);
            self.changed(false);
        }
    }

    /// The position after `moves` moves as the viewer may see it.
    pub fn position_for_viewer(&self, moves: usize) -> Rc<dyn AnyGame> {
        let position = self.line.position(moves);
        match self.viewer() {
            Viewer::Everyone if !position.info().hidden_information => position.clone(),
            viewer => Rc::from(position.view_as(viewer)),
        }
    }

    /// Move `moves` (counted from 1) as the viewer may know it, for the board: `None` at the
    /// start, or when that move is secret to the viewer.
    pub fn last_move_for_viewer(&self, moves: usize) -> Option<String> {
        let i = moves.checked_sub(1)?;
        let mv = self.saved.record.moves.get(i)?;
        self.line.position(i).public_move(mv, self.viewer())
    }

    /// Every move with the seat that made it, as the viewer may read it.
    pub fn move_list(&self) -> Vec<(Seat, MoveText)> {
        let viewer = self.viewer();
        let mut described = self.described.borrow_mut();
        let moves = &self.saved.record.moves;
        described.truncate(moves.len());
        for (i, mv) in moves.iter().enumerate() {
            let text = || {
                let position = self.line.position(i);
                MoveText {
                    text: position.describe_move(mv, viewer),
                    notation: position.public_move(mv, viewer),
                }
            };
            match described.get_mut(i) {
                Some(entry) if entry.0 == viewer => {}
                Some(entry) => *entry = (viewer, text()),
                None => described.push((viewer, text())),
            }
        }
        described
            .iter()
            .enumerate()
            .map(|(i, (_, text))| (self.line.mover(i).unwrap_or_default(), text.clone()))
            .collect()
    }
}
