//! The small words of Evacuate shared by its picking model and its board: a door's, a
//! pyramid's and a count's names.

use super::board::{direction, Door, Piece, Tri};

/// A door's letter.
pub fn door_name(d: Door) -> &'static str {
    match d {
        Door::A => "A",
        Door::B => "B",
    }
}

/// The door a placement on `at` pushes its group toward: the triangle's, or the other one
/// (`reverse`, a pugilist's other way).
pub fn way_door(at: Tri, reverse: bool) -> Door {
    match (direction(at), reverse) {
        (Door::A, false) | (Door::B, true) => Door::A,
        _ => Door::B,
    }
}

/// "green queen".
pub fn piece_name(p: Piece) -> String {
    format!("{} {}", p.colour.name(), p.size.name())
}

/// "green queen, red pawn" (or "nothing").
pub fn pieces_words(pieces: &[Piece]) -> String {
    if pieces.is_empty() {
        return "nothing".into();
    }
    pieces
        .iter()
        .map(|&p| piece_name(p))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn plural(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}
