//! The one way pieces move on every board: the pieces a move brought slide in from where they
//! were and the pieces it removed fade out, about a quarter of a second (CSS classes `slide`
//! and `fade`; none under `prefers-reduced-motion`). A board draws the arriving pieces inside
//! [`slide`] and the removed ones (from the position before) inside [`fade`]; the kit decides
//! whether a move is shown moving ([`use_step_forward`]).

use yew::prelude::*;

use crate::ui::game_view::px;

/// Steps closer together than this (ms) are stepping through the history: no motion.
const QUICK_MS: f64 = 300.0;

/// Whether the move that led to `ply` is to be shown moving: the board went exactly one move
/// forward, not within [`QUICK_MS`] of the step before; never on the first drawing (opening a
/// game), on undo or on a jump through the history. Stays the same until `ply` changes.
#[hook]
pub fn use_step_forward(ply: usize) -> bool {
    // (the ply seen last, when it changed, the answer for it)
    let seen = use_mut_ref(|| (ply, f64::NEG_INFINITY, false));
    let mut seen = seen.borrow_mut();
    if seen.0 != ply {
        let now = js_sys::Date::now();
        let answer = ply == seen.0 + 1 && now - seen.1 > QUICK_MS;
        *seen = (ply, now, answer);
    }
    seen.2
}

/// The pieces the last move brought: they slide in from `(dx, dy)` (board units) away when
/// `animate`; `ply` restarts the motion for each new move.
pub fn slide(animate: bool, ply: usize, (dx, dy): (f64, f64), pieces: Html) -> Html {
    if !animate || (dx == 0.0 && dy == 0.0) {
        return pieces;
    }
    html! {
        <g class="slide" key={ply.to_string()} style={format!("--dx:{};--dy:{}", px(dx), px(dy))}>
            { pieces }
        </g>
    }
}

/// Pieces the last move removed (drawn from the position before it): they fade out when
/// `animate`, and are not drawn otherwise.
pub fn fade(animate: bool, ply: usize, gone: Html) -> Html {
    if !animate {
        return Html::default();
    }
    html! {
        <g class="fade" key={format!("gone{ply}")} aria-hidden="true" pointer-events="none">
            { gone }
        </g>
    }
}
