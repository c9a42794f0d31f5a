//! The Evade board on the board kit: a 6x6 grid drawn as nine 2x2 piecepack tiles
//! (`view_draw`), the panel beside it (`view_panel`); what a tap does is `pick`'s.
//!
//! Every value drawn comes from the position the board receives, which the page has already
//! masked for the viewer: a coin whose value is hidden there is drawn face down with no value,
//! and nothing else on the board (labels, panel) can tell it.

use yew::prelude::*;

use super::board::{start_row, Square};
use super::moves::EvadeMove;
use super::pick::{self, Act, Pick};
use super::rules::Evade;
use super::view_draw::{self as draw, square_xy, CELL, COIN_R};
use super::view_panel::{panel, Panel};
use super::words::{self, Face};
use crate::core::{Rng, Viewer};
use crate::ui::game_view::{num, AnyBoardProps, GameView, Paint};
use crate::ui::kit::keys::{use_roving, Key, Roving};
use crate::ui::kit::tap::Tap;
use crate::ui::kit::{self, BoardProps};

#[path = "view_cells.rs"]
mod cells;
use cells::*;

/// How a side (by its letter, `S` or `M`) is painted.
fn paint(letter: &str) -> Option<Paint> {
    match letter {
        "S" => Some(Paint {
            fill: draw::SUN_FILL,
            ink: draw::SUN_INK,
        }),
        "M" => Some(Paint {
            fill: draw::MOON_FILL,
            ink: draw::MOON_INK,
        }),
        _ => None,
    }
}

/// How the UI shows Evade.
pub const VIEW: GameView = GameView {
    slug: "evade",
    board: |ctx, props| use_board_view(props).run(ctx),
    paint,
    setup_hint: "Suns (seat 1) set up first, then Moons, each in secret: the device is handed over between them and before every turn. Switch on \"Show me my own coins\" if you would rather not remember where your ace and blank are.",
    since_mark,
};

/// A move's mark since the person's last turn: at the top right of the square a coin went to.
fn since_mark(_: &dyn crate::registry::AnyGame, mv: &str) -> Option<(f64, f64, f64)> {
    match mv.parse().ok()? {
        EvadeMove::Step { to, .. } => {
            let (x, y) = square_xy(to);
            Some((x + 80.0, y + 20.0, 17.0))
        }
        _ => None,
    }
}

/// What one square needs to draw itself.
struct Cell<'a> {
    props: &'a BoardProps<Evade>,
    pick: Pick,
    targets: &'a [(Square, bool)],
    arranging: bool,
    roving: &'a Roving<Square>,
    on_act: &'a Callback<Act>,
}

/// The Evade board and its panel, drawn in the kit's one board component ([`kit::Board`]).
#[hook]
fn use_board_view(props: &AnyBoardProps) -> Html {
    let board = kit::use_board::<Evade>(props);
    let marks = kit::since::draw(&props.marks);
    // The focus starts on file c of the viewer's starting row.
    let home = match props.viewer {
        Viewer::Seat(s) => start_row(s),
        Viewer::Everyone => 0,
    };
    let roving = use_roving(
        "data-square",
        Square::new(2, home).unwrap_or_else(|| unreachable!()),
    );
    let Some(props) = &board else {
        return kit::not_this_game();
    };
    let (game, can_move, p) = (props.position.clone(), props.can_move, props.pick);
    let targets = pick::targets(&game, &p, can_move);
    // Every act goes to the picking model, but the random arrangement, which the board draws.
    let on_act = {
        let (on_tap, on_answer) = (props.on_tap.clone(), props.on_answer.clone());
        Callback::from(move |act: Act| match act {
            Act::Random => {
                let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
                on_answer.emit(Tap::Select(pick::random(&mut Rng::new(seed))));
            }
            act => on_tap.emit(act),
        })
    };
    let c = Cell {
        props,
        pick: p,
        targets: &targets,
        arranging: pick::arranging(&game, can_move),
        roving: &roving,
        on_act: &on_act,
    };
    html! {
        <>
            <div class="board-wrap">
                <svg class="board evade-board evade-art upright-cells" viewBox="-8 -14 662 666" role="group"
                    aria-label="Evade board, row 1 at the bottom. Arrow keys move between squares; Enter or Space picks a coin, then where it goes; Escape cancels.">
                    { draw::tiles() }
                    { for Square::all().map(|sq| cell(&c, sq)) }
                    { draw::coordinates() }
                    // Drawn after every cell so no neighbour paints over it.
                    if let Some(sq) = p.square {
                        <rect class="selection-outline" pointer-events="none"
                            x={num(square_xy(sq).0 + 4.0)} y={num(square_xy(sq).1 + 4.0)}
                            width="92" height="92" />
                    }
                    { marks }
                </svg>
            </div>
            { panel(&Panel { game: &game, viewer: props.viewer, can_move, pick: p, targets: &targets,
                said: props.said.clone(), on_act: &on_act }) }
        </>
    }
}
