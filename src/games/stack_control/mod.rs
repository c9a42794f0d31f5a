//! Stack Control (Robert Dudley, 2009): move stacks of pyramids by the pips of their top
//! pyramid, capture by making three of a size, and control the most pips at the end.

mod notation;
// The picking model of the board kit, tested natively; its board waits on the bundle
// budget (docs/board-kit.md), so the page does not use it yet.
#[cfg(feature = "ui")]
#[allow(dead_code)]
mod pick;
mod rules;
#[cfg(feature = "ui")]
pub mod view;
pub use rules::{
    Colour, Pyramid, Size, Square, StackControl, StackControlOptions, StackMove, COLOURS,
    PYRAMIDS_PER_KIND,
};
