//! What the Evacuate rules tests share: positions and moves from notation, playing a move,
//! and the legal moves as notation.
#![allow(dead_code)]

use stackplay::core::Game;
use stackplay::games::evacuate::{Evacuate, EvacuateMove};

pub fn pos(s: &str) -> Evacuate {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn mv(s: &str) -> EvacuateMove {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn play(g: &mut Evacuate, s: &str) {
    g.play(&mv(s)).unwrap_or_else(|e| panic!("{s}: {e}\n{g}"));
}

pub fn legal(g: &Evacuate) -> Vec<String> {
    g.legal_moves().iter().map(ToString::to_string).collect()
}
