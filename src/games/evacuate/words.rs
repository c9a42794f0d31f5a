//! The small words of Evacuate shared by its picking model and its board: a door's, a
//! pyramid's and a count's names.

use super::board::{Door, Piece};

/// A door's letter.
pub fn door_name(d: Door) -> &'static str {
    match d {
        Door::A => "A",
        Door::B => "B",
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
