//! The Stacks board on the board kit: pointy-top hexagons in horizontal rows (row `a`,
//! Light's near row, at the bottom), every stack a pile of bands with its height when it is
//! tall, both reserves and both "off the board" boxes in the bands above and below the board,
//! an arrow beside the board for each side's direction; the panel under it (`view_panel`).
//! What a tap does is `pick`'s; the drawing is `view_draw`'s, the words `view_words`'.

use yew::prelude::*;

use super::pick::{self, Pick, Thing};
use super::rules::{Cell, Colour, Dest, Stacks, StacksMove};
use super::view_draw::{self as draw, Arrival, Geo, Zone, BASE, R, TAG_X, TAG_Y};
use super::view_panel::{panel, PanelProps};
use super::view_words::{self as words, ZoneNow};
use crate::core::{Game, Seat};
use crate::ui::game_view::{num as n, AnyBoardProps, GameView, Paint};
use crate::ui::kit::keys::{use_roving, Key, Roving};
use crate::ui::kit::{self, motion, BoardProps};

#[path = "view_cells.rs"]
mod cells;
use cells::*;

/// How a side (by its letter, `L` or `D`) is painted.
fn paint(letter: &str) -> Option<Paint> {
    match letter {
        "L" => Some(Paint {
            fill: draw::LIGHT_FILL,
            ink: draw::LIGHT_EDGE,
        }),
        "D" => Some(Paint {
            fill: draw::DARK_FILL,
            ink: draw::DARK_EDGE,
        }),
        _ => None,
    }
}

/// How the UI shows Stacks.
pub const VIEW: GameView = GameView {
    slug: "stacks",
    board: |ctx, props| use_board_view(props).run(ctx),
    // The home page's picture: a static file (`static/thumbs/stacks.svg`, drawn by this
    // board's code), loaded as an image so that it costs the first load nothing.
    paint,
    setup_hint: "Seat 1 plays Light and starts with a one-move turn; seat 2 plays Dark. Side 3 (19 cells) is the quick game; sides 4 and 5 are longer races. Diabolical Stacks lets you carry your opponent's pieces too.",
    since_mark,
};

/// A move's mark since the person's last turn: at the top right of the cell it went to.
fn since_mark(board: &dyn crate::registry::AnyGame, mv: &str) -> Option<(f64, f64, f64)> {
    let geo = Geo::new(board.as_any().downcast_ref::<Stacks>()?.side());
    let (cx, cy) = match mv.parse().ok()? {
        StacksMove::Enter(c)
        | StacksMove::Move {
            to: Dest::Cell(c), ..
        } => geo.centre(c),
        _ => return None,
    };
    Some((cx + 0.6 * R, cy - 0.55 * R, 0.3 * R))
}

/// What every cell and box needs to draw itself.
struct Ctx<'a> {
    props: &'a BoardProps<Stacks>,
    geo: Geo,
    pick: Pick,
    /// The picked group the mover may move: (cell, size, most).
    group: Option<(Cell, u8, u8)>,
    targets: &'a [(Dest, u8)],
    movable: &'a [Cell],
    roving: &'a Roving<Cell>,
    on_tap: &'a Callback<Thing>,
    /// Escape and the board's own keys (group sizes).
    on_key: &'a Callback<KeyboardEvent>,
}

/// The Stacks board and its panel, drawn in the kit's one board component ([`kit::Board`]).
#[hook]
fn use_board_view(props: &AnyBoardProps) -> Html {
    let board = kit::use_board::<Stacks>(props);
    let marks = kit::since::draw(&props.marks);
    // One cell is in the tab order, at first the middle of row a.
    let roving = use_roving("data-cell", Cell::new(0, 1));
    let Some(props) = &board else {
        return kit::not_this_game();
    };
    let game = &*props.position;
    // A stack picked on a cell that is empty now (the position changed) is dropped.
    let now = match props.pick {
        Pick::Stack { cell, .. } if game.stack(cell).is_empty() => Pick::Nothing,
        p => p,
    };
    let targets = pick::targets(game, now, props.can_move);
    let movable = pick::movable(game, props.can_move);
    let (on_tap, on_cancel) = (&props.on_tap, &props.on_cancel);
    let on_key = {
        let (on_tap, on_cancel) = (on_tap.clone(), on_cancel.clone());
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            if Key::of(&key) == Key::Cancel {
                on_cancel.emit(());
            } else if let Some(k) = pick::count_key(&key, now) {
                e.prevent_default();
                on_tap.emit(Thing::Count(k));
            }
        })
    };
    let geo = Geo::new(game.side());
    let x = Ctx {
        props,
        geo,
        pick: now,
        group: pick::group(game, now, props.can_move),
        targets: &targets,
        movable: &movable,
        roving: &roving,
        on_tap,
        on_key: &on_key,
    };
    let aria = format!(
        "Stacks board, side {}{}: row a (Light's near row) at the bottom; Light moves up, Dark moves down. Arrow keys move between cells; Enter or Space picks a stack, then where it goes; 1 to 9, + and - set how many pieces move; Escape cancels.",
        game.side(),
        if game.diabolical() { ", Diabolical Stacks" } else { "" },
    );
    let to_move = game.to_move();
    html! {
        <>
            <div class="board-wrap">
                <svg class={classes!("board", "stacks-board", "upright-cells", game.diabolical().then_some("diabolical"))}
                    viewBox={geo.view_box()} role="group" aria-label={aria}
                    data-to-move={to_move.map(|s| Colour::of_seat(s).letter_str())}
                    data-moves-left={to_move.map(|_| game.moves_left().to_string())}>
                    { draw::fixed(geo.side) }
                    { for game.cells().into_iter().map(|c| cell(&x, c)) }
                    { tags(&x) }
                    { zone(&x, Zone::Off, 0) }
                    { zone(&x, Zone::Reserve, 1) }
                    { zone(&x, Zone::Reserve, 0) }
                    { zone(&x, Zone::Off, 1) }
                    { marks }
                </svg>
            </div>
            { panel(&PanelProps {
                position: game,
                before: props.before.as_deref(),
                last_move: props.last_move,
                can_move: props.can_move,
                pick: now,
                said: props.said.clone(),
                on_tap,
                on_cancel,
            }) }
        </>
    }
}
