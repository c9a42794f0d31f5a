//! Evacuate (Gregory Lattanzio): push stacks of pyramids along the floor of a burning club
//! and out of its doors with movement pyramids placed on a triangle grid; the first player to
//! get all of one colour out ends the round.
//!
//! The rules are `shared/seeds/000_5f923ed2ba9e0c40.txt` with the binding rulings of
//! `shared/rulings/evacuate.md` (rules 1 to 14, the two-player game). The board is a
//! reconstruction from the text (the original pictures are missing). The notation is
//! described in `notation.rs`.
//!
//! # Choices where the text and the rulings are silent
//!
//! - **Sides**: seat 1 plays green and yellow (`GY`), seat 2 red and blue (`RB`); nobody
//!   chooses. Seat 1 starts odd rounds, seat 2 even ones.
//! - **Steps are moves**: a placement (`G3@4.2`, a move or a nudge depending on the stack's
//!   height), a release (`r4.2+5.2`, one whole set of ruling 11), a jam take-off (`t4.2`),
//!   `end` (after the action, to release nothing more) and `pass` are each one move.
//! - **Turn phases**: before the action the player may release (any number of times) or place;
//!   after the action they may release or `end`. When nothing can be released after the action
//!   the turn ends at once inside that move, so `end` is only listed when a release is
//!   possible. Releasing after a release before the action is allowed.
//! - **Colours of stash pyramids**: a green pawn and a yellow pawn are different moves (they
//!   leave different stashes), both listed.
//! - **Jam** (ruling 12): decided when the turn starts (after the previous turn ended and any
//!   stuck pile was handled). A jammed turn lists only take-offs (`t`) while some pyramid is
//!   surrounded by anything; then the placements (moves and nudges, and releases, though none
//!   is then possible); `pass` only when there is none. After a move or nudge of a jammed
//!   turn, releases are allowed as after any action.
//! - **Passes in a row** are counted by `pass` moves; any placement resets the count. When the
//!   pile is stuck the next player (after the last to pass) moves.
//! - **Repetition**: positions are compared at the start of each turn (floor, movement
//!   portion, stashes, ceiling, player to move) through a 64-bit FNV-1a key; when the key has
//!   occurred twice before this round the pile is stuck at once, and the player who was to
//!   move starts the turn on the cleared board. Keys are forgotten when a pyramid leaves the
//!   floor or the ceiling drops (no earlier position can come back).
//! - **Round end by evacuation**: a move ends the round when it evacuates a pyramid of a
//!   colour and leaves that colour with no occupant on the floor (which had some before).
//! - **Elimination**: a player with no occupant left on the floor after an event that
//!   evacuated none of their pyramids. The eliminated player's round score is 0, also when the
//!   round ends by someone's evacuation in the same move.
//! - **Results**: draws list every tied seat as a winner (a shared first place); in "one
//!   round", the survivor of an elimination wins whatever the points. The game's scores are the
//!   match totals (earlier rounds plus this round's score).
//! - **Seed**: the game has no randomness; the seed is ignored.
//! - **Repetition is judged at turn starts**: the ruling's list of what makes a position has no
//!   phase of the turn, so only the positions in which a turn begins are compared (the
//!   positions inside a turn, between its steps, are not).
//! - **Move descriptions** (`describe_move`) add `(nudge)`, `(to space N)` or
//!   `(out through door A: G1 R1 G2)` to placements.
//! - **Two players only for now**: colour ownership ([`Colour::owner`], [`colours_of`]) and
//!   the per-seat arrays are written for two seats; rulings 15 to 18 (three and four players,
//!   Phobos Pugilists) will widen them.
//! - **Release sets** are listed in full (every union of minimal releasable groups); this can
//!   grow large when many single pyramids of the mover are surrounded by their own colours.

mod notation;
mod rules;

pub use rules::{
    all_triangles, colours_of, direction, sides, Colour, Counts, Door, EndReason, Evacuate,
    EvacuateMove, EvacuateOptions, MatchRule, MovePreview, Phase, Piece, Size, Touch, Tri, COLOURS,
    LEVELS, SHADED, SIZES, SPACES, START_SPACES, TARGET, TREES, TRIANGLES, TRIOS,
};
