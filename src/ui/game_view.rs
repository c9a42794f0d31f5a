//! What a game's view declares and what its board receives. This module imports no game:
//! each game's `view.rs` depends on it, and the pages find a game's view through
//! [`super::views`], which reads the table in `crate::games`.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::{PlayerInfo, Viewer};
use crate::registry::AnyGame;

/// Everything the UI needs to draw one game; the page does the rest from the engine.
pub struct GameView {
    /// The game's slug, as in the registry.
    pub slug: &'static str,
    /// The board, and the game's own panel if it has one (see [`AnyBoardProps`]): the game's
    /// hooks and markup, run in the kit's one board component ([`crate::ui::kit::Board`]).
    pub board: DrawBoard,
    /// How a side (by the letter records store) is painted.
    pub paint: fn(&str) -> Option<Paint>,
    /// A line of advice under the new-game form.
    pub setup_hint: &'static str,
    /// Where the board of a position marks a move (in move notation) made since the
    /// person's last turn: the mark's centre and radius in the board's units, by the place
    /// the move went to; `None` for a move that went nowhere (a pass, an offer).
    pub since_mark: fn(&dyn AnyGame, &str) -> Option<MarkAt>,
}

/// How a game draws its board: its hooks run in the component's context.
pub type DrawBoard = fn(&mut yew::functional::HookContext, &AnyBoardProps) -> Html;

/// Where a board marks a move: the mark's centre (x, y) and radius, in the board's units.
pub type MarkAt = (f64, f64, f64);

/// A number for SVG markup or CSS, to one decimal place ("12.5", "3", "-0.4"), written with
/// integer arithmetic: the bundle then needs none of Rust's float formatting (kilobytes).
pub fn num(x: f64) -> String {
    // `as` saturates, and NaN becomes 0: no panic for any input.
    let tenths = (x * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let t = tenths.unsigned_abs();
    if t.is_multiple_of(10) {
        format!("{sign}{}", t / 10)
    } else {
        format!("{sign}{}.{}", t / 10, t % 10)
    }
}

/// A whole number of pixels for CSS ("--dx:12px").
pub fn px(x: f64) -> String {
    format!("{}px", x.round() as i64)
}

/// How a side is painted: the fill and the colour of text drawn on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paint {
    /// CSS fill.
    pub fill: &'static str,
    /// CSS colour of text on the fill.
    pub ink: &'static str,
}

impl Paint {
    /// Grey, for a side a view does not know.
    pub const UNKNOWN: Paint = Paint {
        fill: "#888",
        ink: "#fff",
    };
}

/// What a board component receives. The page owns the layout: a board renders its board
/// (`<div class="board-wrap">`) and, where the game needs one, a panel of its own
/// (`<div class="board-panel">`: a tile rack, the stashes, the stack picked), nothing else.
#[derive(Properties, Clone)]
pub struct AnyBoardProps {
    /// The position on the board, as the viewer may see it.
    pub position: Rc<dyn AnyGame>,
    /// The position before the last move shown, as the viewer may see it (for animations).
    pub before: Option<Rc<dyn AnyGame>>,
    /// The last move shown, in move notation.
    pub last_move: Option<String>,
    /// The numbered marks of the moves since the person's last turn, drawn over the board
    /// ([`crate::ui::kit::since`]).
    pub marks: Vec<crate::ui::kit::since::Mark>,
    /// How many moves of the game are on the board (a new value clears any selection).
    pub ply: usize,
    /// Who is looking at the board.
    pub viewer: Viewer,
    /// The players, by seat (names and colours).
    pub players: Rc<Vec<PlayerInfo>>,
    /// Whether the person at the board may make a move now: a seat is to move, the viewer
    /// may play it, and a person plays it (never a computer seat, in the history either).
    /// A board offers moves (highlights, buttons, keys) only when this is true; it may still
    /// let anyone look at stacks and pieces.
    pub can_move: bool,
    /// Called with a legal move in move notation when the player makes one.
    pub on_move: Callback<String>,
}

impl PartialEq for AnyBoardProps {
    fn eq(&self, other: &Self) -> bool {
        let same = |a: &Option<Rc<dyn AnyGame>>, b: &Option<Rc<dyn AnyGame>>| match (a, b) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        Rc::ptr_eq(&self.position, &other.position)
            && same(&self.before, &other.before)
            && self.last_move == other.last_move
            && self.marks == other.marks
            && self.ply == other.ply
            && self.viewer == other.viewer
            && self.players == other.players
            && self.can_move == other.can_move
            && self.on_move == other.on_move
    }
}

/// What a key does on a board (the kit's one keyboard model, [`crate::ui::kit::keys::Key`]).
pub use crate::ui::kit::keys::Key as GridKey;

#[cfg(test)]
mod tests {
    use super::{num, px};

    #[test]
    fn numbers_for_svg_read_like_one_decimal_formatting() {
        for (x, want) in [
            (12.46, "12.5"),
            (3.0, "3"),
            (-0.44, "-0.4"),
            (-0.04, "0"),
            (0.05, "0.1"),
            (-12.35, "-12.4"),
            (f64::NAN, "0"),
            (1e300, "922337203685477580.7"),
        ] {
            assert_eq!(num(x), want, "{x}");
        }
        assert_eq!(px(-3.6), "-4px");
        assert_eq!(px(0.4), "0px");
    }
}
