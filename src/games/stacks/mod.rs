//! Stacks and Diabolical Stacks (designer unknown): race twelve pieces across a hexagonal
//! board and off the far edge, two moves a turn, stacking on the opponent to trap them.
//!
//! The rules are the original text with the binding rulings, as the in-app rules page
//! `static/rules/stacks.html` states them. The notation is described in `notation.rs`.
//!
//! # Choices where the text and the rulings are silent
//!
//! - **Sides and seats**: seat 1 plays Light (`L`), seat 2 Dark (`D`); nobody chooses. Light's
//!   near row is row `a`, Dark's the last row (`e`, `g` or `i` for sides 3, 4, 5).
//! - **Cells**: rows are lettered from Light's side (`a` first) and cells numbered 1 up, left
//!   to right as Light sees the board (`c4`). The geometry (cells, rows, drawing positions,
//!   forward neighbours, near and far rows) is plain public functions re-exported here
//!   ([`cells`], [`draw_position`], [`forward`], [`near_row`], [`far_row`], ...).
//! - **Steps are moves**: entering a piece (`+a2`), moving a group (`b2-c3`, `b2-c3x2` for the
//!   top two pieces) and moving a group off the board (`e1-off`, `e1-offx3`) are each one
//!   move of the game; the seat to move stays the same while its turn has moves left.
//! - **Moves left**: the position carries the seat to move and the moves left in its turn
//!   (`L1` at the start: the first player's first turn is worth one move; then 2 at the start
//!   of every turn; 1 after a 1-move step). After a 1-move step the same seat moves again only
//!   if a 1-move step exists; otherwise the turn ends at once, inside that same move (ruling
//!   7): the player never has to play anything to forfeit the rest of the turn.
//! - **Passing**: a player with no legal step at all at the start of the turn has exactly one
//!   legal move, `pass`, which hands the turn (2 moves) to the opponent; `pass` is never legal
//!   otherwise. So the legal-move list is never empty while the game goes on.
//! - **Win**: the game ends the moment a player's twelfth piece leaves the board, even with a
//!   move left in the turn. (Only the mover's own pieces ever leave, so only the mover can
//!   win.) The position still hands the turn on as usual (the notation then shows the loser
//!   and 2 moves), but nobody is to move any more.
//! - **Repetition (Diabolical only)**: the positions compared are those in which a seat is to
//!   move, after any automatic end of a turn; the start position counts as the first
//!   occurrence of itself. Positions are compared through a 64-bit key (FNV-1a) of every stack
//!   bottom to top, both reserves, the seat to move and the moves left. The game is a draw
//!   the moment a position occurs for the third time. A step that enters a piece or moves
//!   pieces off can never be undone (reserves only shrink and pieces off never return), so the
//!   position forgets the earlier keys at such a step; in Stacks (no backward moves, no
//!   repetition possible) no keys are kept at all.
//! - **Repetition cannot actually happen**, in Diabolical Stacks either, so the draw of ruling
//!   11 is implemented and tested (on a constructed history) but no real game reaches it.
//!   Why: between two occurrences of a position only board steps can be played (entries and
//!   exits are for good), and some are Light's (with Dark's alone every piece only goes
//!   towards row `a`). Take the highest row R that a Light step lands on. No Dark step starts
//!   above R (the highest such row would only ever lose pieces), so no Dark group ever lands on
//!   row R, and no Light step starts there. The cell C that Light landed on then has a Light
//!   piece on top that nobody can ever move or cover again, so C can only grow, and it does
//!   grow at that landing: the position cannot come back. Random games and exhaustive
//!   searches from small positions agree.
//! - **Move descriptions** add `(turn over)` when a step ends the mover's turn, `(wins)` for
//!   the winning step and `(third repetition)` for a drawing one.
//! - **Group sizes**: in Stacks a group is 1 to as many of the mover's pieces as sit together
//!   at the top; in Diabolical Stacks 1 to the whole stack when its top piece is the mover's,
//!   and a group leaving the board must be made only of the mover's pieces (so it is 1 to the
//!   mover's run at the top, exactly as in Stacks).
//! - **Order of the legal moves**: entries left to right, then each cell (row `a` first, left
//!   to right) with its groups smallest first, each to its forward cells left to right and
//!   then off the board.
//! - **Seed**: the game has no randomness; the seed is ignored.

mod board;
mod game;
mod moves;
mod notation;
pub mod pick;
mod rules;
#[cfg(feature = "ui")]
pub mod view;
#[cfg(feature = "ui")]
mod view_draw;
#[cfg(feature = "ui")]
mod view_panel;
#[cfg(feature = "ui")]
mod view_words;
// The board's words for a stack, for the browser tests that read the board's labels.
pub use rules::{
    cell_count, cell_index, cells, draw_position, far_row, forward, is_on_board, near_row, own_run,
    row_count, row_len, row_letter, valid_side, Cell, Colour, Dest, Stacks, StacksMove,
    StacksOptions, COLOURS, DEFAULT_SIDE, MAX_SIDE, MIN_SIDE, MOVES_PER_TURN, PIECES,
};
#[cfg(feature = "ui")]
pub use view_words::stack_words;
