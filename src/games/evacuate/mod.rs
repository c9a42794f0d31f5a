//! Evacuate (Gregory Lattanzio): push stacks of pyramids along the floor of a burning club
//! and out of its doors with movement pyramids placed on a triangle grid; the first player to
//! get all of one colour out ends the round.
//!
//! The rules are the original text with the binding rulings, as the in-app rules page
//! `static/rules/evacuate.html` states them (rules 1 to 14, the two-player game; 15 and 16, three and
//! four players; 17 and 18, Phobos Pugilists). The board is a
//! reconstruction from the text (the original pictures are missing). The notation is
//! described in `notation.rs`.
//!
//! The choices the engine makes where the text and the rulings are silent are listed, in
//! words for the rules page, in `CHOICES.md` (included below). Technical notes:
//!
//! - **Notation**: a placement `G3@4.2` (a move or a nudge depending on the stack's height), a
//!   release `r4.2+5.2` (one smallest releasable group), a jam take-off `t4.2`, `end`, `pass`.
//!   A run of releases is remembered in the position (`o` on the triangles it emptied).
//! - **Repetition** keys are 64-bit FNV-1a hashes of the position at turn starts; they are
//!   forgotten when a pyramid leaves the floor or the ceiling drops (no earlier position can
//!   come back then).
//! - **Move descriptions** (`describe_move`) are words, no notation: "green queen onto
//!   space 4, level 1: moves green queen, yellow drone to space 7", "…: out through door A
//!   with green pawn, red pawn", "…: a nudge", "release red pawn", "end the turn".
//! - **Tables**: [`Mode`] says which game is played (two, three or four players, or Phobos
//!   Pugilists) and holds colour ownership ([`Mode::colours`], [`Mode::owner`],
//!   [`Mode::owns`]); per-seat arrays have room for four seats. A pugilist moving its group
//!   the other way is `G3@4.2!`; yellow's tree trade with three players is `trade:G` or
//!   `trade:R`.
//!
#![doc = include_str!("CHOICES.md")]

mod board;
mod game;
mod movement;
mod moves;
mod notation;
pub mod pick;
mod releases;
mod rounds;
mod rules;
#[cfg(feature = "ui")]
pub mod view;
#[cfg(feature = "ui")]
mod view_draw;
#[cfg(feature = "ui")]
mod view_panel;
#[cfg(feature = "ui")]
mod view_words;
mod words;

pub use board::{
    all_triangles, colours_of, direction, sides, Colour, Door, Mode, Piece, Size, Touch, Tri,
    COLOURS, DIRECTIONS, LEVELS, PUGILIST_TREES, SHADED, SIZES, SPACES, START_SPACES, TARGET,
    TREES, TRIANGLES, TRIOS,
};
pub use movement::MovePreview;
pub use moves::{EvacuateMove, EvacuateOptions, MatchRule};
pub use rules::{Counts, EndReason, Evacuate, Phase};
