//! What every game's board view receives.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::{GameRecord, Timeline};

/// Props of a game's board component.
#[derive(Properties, Clone)]
pub struct BoardProps {
    /// The whole game so far.
    pub record: Rc<GameRecord>,
    /// Every position of it (replayed once, shared by the page and the board).
    pub timeline: Rc<Timeline>,
    /// How many of its moves are shown on the board.
    pub cursor: usize,
    /// Called with a legal move in move notation when the player makes one.
    pub on_move: Callback<String>,
    /// Shown at the top of the side panel (history note, messages, the result, the controls).
    #[prop_or_default]
    pub status: Html,
    /// Shown at the bottom of the side panel (the move list).
    #[prop_or_default]
    pub children: Html,
}

impl PartialEq for BoardProps {
    fn eq(&self, other: &Self) -> bool {
        // The timeline is derived from the record: the same record means the same timeline.
        self.record == other.record
            && Rc::ptr_eq(&self.timeline, &other.timeline)
            && self.cursor == other.cursor
            && self.on_move == other.on_move
            && self.status == other.status
            && self.children == other.children
    }
}
