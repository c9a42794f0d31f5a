//! Stack Control (Robert Dudley, 2009): move stacks of pyramids by the pips of their top
//! pyramid, capture by making three of a size, and control the most pips at the end.

mod board;
mod game;
mod moves;
mod notation;
pub mod pick;
mod pieces;
mod rules;
#[cfg(feature = "ui")]
pub mod view;
// The board's drawing, public so that the board's key (`static/keys/stack-control.html`) is
// drawn by it (`tests/board_keys.rs`).
#[cfg(feature = "ui")]
pub mod view_draw;
#[cfg(feature = "ui")]
mod view_panel;
pub use rules::{
    Colour, Pyramid, Size, Square, StackControl, StackControlOptions, StackMove, COLOURS,
    PYRAMIDS_PER_KIND,
};
