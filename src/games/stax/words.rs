//! The words of the STAX board: tiles, stacks and pointers as players read them, and the
//! board's prompts. Plain Rust, shared by the picking model and the view.

use super::cell::Cell;
use super::tile::{Colour, Tile, TileKind};
use crate::core::Seat;

/// A seat's colour name: "Light".
pub fn name(seat: Seat) -> &'static str {
    Colour::of_seat(seat).name()
}

/// A tile in words: "Light 2A".
pub fn tile_words(t: Tile) -> String {
    format!("{} {}", name(t.owner()), t.kind().name())
}

/// A kind as a thing: "king", "queen", "2A tile".
pub fn kind_words(k: TileKind) -> String {
    match k {
        TileKind::King => "king".into(),
        TileKind::Queen => "queen".into(),
        _ => format!("{} tile", k.name()),
    }
}

/// A stack in words: "1,0: Dark 2A", "1,0: 2 tiles, bottom to top: Light 1, Dark K".
pub fn stack_words(c: Cell, stack: &[Tile]) -> String {
    match stack {
        [] => format!("{c}: empty"),
        [one] => format!("{c}: {}", tile_words(*one)),
        _ => format!(
            "{c}: {} tiles, bottom to top: {}",
            stack.len(),
            stack
                .iter()
                .map(|&t| tile_words(t))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Pointers in words: "pointers east, west" (or the king's and queen's names).
pub fn mask_words(mask: u8) -> String {
    const WAYS: [&str; 6] = [
        "east",
        "north-east",
        "north-west",
        "west",
        "south-west",
        "south-east",
    ];
    match mask {
        0 => "the king".into(),
        63 => "the queen".into(),
        _ => format!(
            "pointers {}",
            (0..6)
                .filter(|d| mask & (1 << d) != 0)
                .map(|d| WAYS[d])
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

pub use crate::core::pick::sentence;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_stacks_and_pointers_read_as_words() {
        let c = Cell::new(1, 0);
        assert_eq!(stack_words(c, &[]), "1,0: empty");
        assert_eq!(stack_words(c, &[Tile::new(1, 3)]), "1,0: Dark 2A");
        assert_eq!(
            stack_words(c, &[Tile::new(0, 1), Tile::new(1, 0)]),
            "1,0: 2 tiles, bottom to top: Light 1, Dark K"
        );
        assert_eq!(mask_words(0b1001), "pointers east, west");
        assert_eq!(kind_words(TileKind::King), "king");
        assert_eq!(kind_words(TileKind::TwoA), "2A tile");
        assert_eq!(sentence("not yours"), "Not yours.");
    }
}
