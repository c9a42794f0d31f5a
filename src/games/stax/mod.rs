//! STAX (Cameron Browne, 2010), for two or three players on an unbounded hex table: place
//! and move tiles along their pointers, stack them without leaving a cliff, and capture the
//! enemy king by landing on it.
//!
//! The rules are the original text with the binding rulings, as the in-app rules page
//! `static/rules/stax.html` states them. The notation is described in `notation.rs`.
//!
//! # Choices where the text and the rulings are silent
//!
//! - **Sides and seats**: seat 1 plays Light (`L`), seat 2 Dark (`D`), seat 3 Red (`R`);
//!   nobody chooses. The only option is the player count (`players=2`, `players=3`); the
//!   game has no randomness (the seed is ignored).
//! - **Cells**: axial coordinates `q,r` on an unbounded table; directions 0 to 5 run
//!   counter-clockwise from east (pointy-top hexagons, `r` growing downwards, see
//!   [`DIRECTIONS`]). A tile's pointers are a 6-bit mask over those directions. Cells beyond
//!   ±1,000,000,000 are refused by the notation (a game would need tens of millions of moves
//!   to drift there).
//! - **The tiles** (ruling 1): `K` (none), `1`, `2A` (adjacent), `2V` (one apart), `2I`
//!   (opposite), `3F` (three in a row), `3Y` (alternate), `3X` (`{0,1,3}`, its other side
//!   `{0,2,3}`), `4A`, `4V`, `4I` (the complements of `2A`, `2V`, `2I`), `5`, `Q` (all six).
//!   A tile on the table is its owner and its pointer mask; its kind follows from the mask.
//! - **Orientations, not rotations**: a placement names the pointers the tile shows, so
//!   rotations of a symmetric tile that show the same pointers are one move (`2I` and `4I`
//!   can be laid 3 ways, `3Y` 2, the king and queen 1, `3X` 12 counting both sides, the
//!   others 6). A tile that moves is turned on arrival to any of its distinct rotations, same
//!   side up (ruling 6), keeping its orientation being one of them; each is a separate move.
//!   They stand or fall together, since no rule about moves looks at where the moved tile
//!   points. Turning in place is no move.
//! - **The first tile** goes on `0,0` (the table is unbounded, so where does not matter), in
//!   any orientation, not the queen. Dark's first tile goes on one of the six cells next to
//!   it, not the queen; both obey the pointer rule (Dark may not point at a Light king on
//!   `0,0`). With three players Red's first tile, like every later placement, follows ruling
//!   4 (next to two stacks) and may be the queen. The opening is told by the number of tiles
//!   placed so far (0 or 1), never by the number of stacks.
//! - **The area of the tiles in play** (ruling 4): the smallest hexagon-aligned region
//!   holding every stack, that is the ranges of `q`, `r` and `s = -q - r` over the stacks
//!   ([`Stax::bounds`]). A line looked along from a placed tile ends when it leaves it. No
//!   stack lies outside it, so any region holding every stack would give the same answers.
//! - **The enemy king** of the pointer rule is the king of the next seat (the one you hunt);
//!   with three players pointing at the previous seat's king is allowed (ruling 4). A king in
//!   reserve or captured cannot be pointed at.
//! - **Moves** (ruling 6): the free side compares the moving tile's level (its stack's
//!   height) with its neighbours' heights, which lifting the tile does not change. The rest of
//!   the move is judged with the tile lifted: an empty cell touching only the moving tile's
//!   own cell is lonely unless tiles remain under it. A lonely empty cell on the line stops
//!   the move before it. A move may pass over and land on stacks of any height; the step
//!   rule, checked on the position after the move, decides whether a landing stands (so a
//!   tile may pass over a stack it may not land on). A capture leaves the captured stack's
//!   height unchanged: the king goes, the capturer takes its place.
//! - **One group** (ruling 7) is checked after moves. A placement touches two stacks (one in
//!   the opening), so it cannot split the table. **The step rule** (ruling 8) is checked
//!   after every turn, placements included: a tile placed in a hole walled by stacks of
//!   height 3 or more is refused (a placement next to open table never breaks it).
//! - **Kings on the table are always top tiles**: nobody may land on their own king or (with
//!   three players) the previous seat's, and landing on the enemy king captures it. So a king
//!   is never buried, and a stack topped by a king is never passed (no pointers).
//! - **No legal turn** (ruling 9) is decided when a seat comes to its turn: with no placement
//!   and no move it loses at once and the seat that moved just before wins (with three
//!   players the game ends there). Offering a draw is not a turn.
//! - **Draws by agreement are moves**: at the start of its turn the seat in turn may play
//!   `offer`; the next seat then plays `accept` or `decline`, and with three players, after
//!   an `accept`, the third seat answers too. When everybody has accepted, the game is a
//!   draw. After a `decline` the offering seat plays its turn and may not offer again in that
//!   turn. `offer` is listed last among the legal moves; while an offer waits, only `accept`
//!   and `decline` are legal.
//! - **Repetition** (ruling 9): positions are compared when a seat is to play its turn (not
//!   while an offer is answered), through a 64-bit key (FNV-1a) of every stack on its cell,
//!   the reserves and the seat in turn. Cells are absolute: the same shape shifted across the
//!   table is another position. The start counts as the first occurrence, and the game is a
//!   draw the moment a position occurs for the third time. A placement can never be undone
//!   (reserves only shrink), so the position forgets the earlier keys at every placement; the
//!   keys kept travel in the position notation as its last field.
//! - **Order of the legal moves**: placements cell by cell (by `r`, then `q`), each cell's
//!   kinds in reserve order and their orientations by ascending mask; then moves stack by
//!   stack (by cell), directions 0 to 5, nearer landings first, arrival orientations by
//!   ascending mask; then `offer`.
//! - **Move descriptions** add `(captures Dark's king)`, `(Dark has no legal turn)` or
//!   `(third repetition)`; the draw moves read "offers a draw", "accepts the draw" and
//!   "declines the draw". Seat cards show the tiles in reserve (count and names) and where
//!   the king is; the table facts show how often the position has been seen (from 2) and a
//!   pending draw offer.
//!
//! # For a board view
//!
//! [`Stax::stacks`] (every stack bottom to top: [`Tile::owner`], [`Tile::kind`],
//! [`Tile::mask`], [`Tile::directions`], [`Tile::front_side_up`]), [`Stax::reserve`],
//! [`Stax::king`], [`Stax::bounds`], [`Cell::centre`]; for the seat to move
//! [`Stax::placements_for`] (cells and orientations for a chosen tile),
//! [`Stax::movable`], [`Stax::destinations`] and [`Stax::arrival_masks`] (a chosen stack),
//! and the reasons for refusals: [`Stax::placement_refusal`], [`Stax::travel_refusal`],
//! [`Stax::refusal`] ([`Refusal`] displays as a sentence). [`StaxMove::place`] and
//! [`StaxMove::travel`] build moves in their canonical form.

mod cell;
mod game;
mod grid;
mod moves;
mod notation;
pub mod pick;
mod placement;
mod rules;
mod tile;
mod travel;
#[cfg(feature = "ui")]
pub mod view;
// The table's drawing, public so that the board's key (`static/keys/stax.html`) is drawn by
// it (`tests/board_keys.rs`).
#[cfg(feature = "ui")]
pub mod view_draw;
#[cfg(feature = "ui")]
mod view_panel;
#[cfg(feature = "ui")]
pub mod view_table;
#[cfg(feature = "ui")]
mod view_zoom;
pub mod words;

pub use cell::{Cell, COORD_LIMIT, DIRECTIONS};
pub use moves::{Refusal, StaxMove, StaxOptions};
pub use rules::{Bounds, End, KingState, Phase, Stax, MAX_PLAYERS, MIN_PLAYERS, TILES_PER_PLAYER};
pub use tile::{mirror, rotate, rotations, Colour, Tile, TileKind, COLOURS, FULL_RESERVE, KINDS};
