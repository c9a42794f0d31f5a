//! What every game's board view receives.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::GameRecord;

/// Props of a game's board component.
#[derive(Properties, PartialEq, Clone)]
pub struct BoardProps {
    /// The whole game so far.
    pub record: Rc<GameRecord>,
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
