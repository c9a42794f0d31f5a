//! What the Evacuate rules tests share: positions and moves from notation, playing a move
//! (listed, played, the invariants kept), the legal moves as notation, and counts of pieces
//! as the position's notation writes them.
#![allow(dead_code)]

use stackplay::core::Game;
use stackplay::games::evacuate::{Evacuate, EvacuateMove, Piece};

pub fn pos(s: &str) -> Evacuate {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn mv(s: &str) -> EvacuateMove {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Plays `s`, which must be listed among the legal moves, and checks the invariants after it.
pub fn play(g: &mut Evacuate, s: &str) {
    let m = mv(s);
    assert!(
        g.legal_moves().contains(&m),
        "{m} is not listed in {g}: {:?}",
        g.legal_moves()
    );
    g.play(&m).unwrap_or_else(|e| panic!("{s}: {e}\n{g}"));
    g.check_invariants()
        .unwrap_or_else(|e| panic!("{s}: {e}\n{g}"));
}

pub fn legal(g: &Evacuate) -> Vec<String> {
    g.legal_moves().iter().map(ToString::to_string).collect()
}

/// Counts of the pieces in a list like `G1G1R3` (pugilists left out; anything but letters
/// and digits skipped), by colour and size.
pub fn tally(s: &str) -> [[u8; 3]; 4] {
    let mut c = [[0u8; 3]; 4];
    let chars: Vec<char> = s.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    for pair in chars.chunks(2) {
        let p: Piece = pair.iter().collect::<String>().parse().expect("piece");
        if !p.colour.is_pugilist() {
            c[p.colour.index()][p.size.index()] += 1;
        }
    }
    c
}

/// Counts by colour and size as a position writes them: `500/500/500/500`.
pub fn counts_text(c: &[[u8; 3]; 4]) -> String {
    c.iter()
        .map(|r| format!("{}{}{}", r[0], r[1], r[2]))
        .collect::<Vec<_>>()
        .join("/")
}
