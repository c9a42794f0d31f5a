//! The STAX board on the board kit: hexagonal tiles with their pointers on an unbounded
//! table that fits itself to the tiles in play (one ring of room for placements) until the
//! player zooms or pans (`view_zoom`); every stack shows its height. The last move slides
//! in, a captured king fades and stays drawn struck through. The panel (`view_panel`) holds
//! the mover's rack and the ways to lay or turn the tile shown; what a tap does is `pick`'s.
//!
//! Light tiles are pale with dark pointers, Dark tiles dark with pale pointers, Red tiles
//! red with an inner ring: the three read apart without hue.

use std::rc::Rc;

use yew::prelude::*;

use super::cell::Cell;
use super::moves::StaxMove;
use super::pick::{Pick, Spin, Thing, Turn};
use super::rules::Stax;
use super::tile::Colour;
use super::view_draw as draw;
use super::view_panel::{panel, PanelProps};
use super::view_table::{centre, hex_points, nearest, ViewBox, SIZE};
use super::view_zoom::{use_zoom, Zoom};
use super::words::stack_words;
use crate::core::Game;
use crate::ui::game_view::{AnyBoardProps, GameView, Paint};
use crate::ui::kit::keys::{use_roving, Key, Roving};
use crate::ui::kit::{self, BoardProps};

#[path = "view_cells.rs"]
mod cells;
use cells::*;

const FILLS: [&str; 3] = ["#f4e9cf", "#2a2d35", "#c0392b"];
const INKS: [&str; 3] = ["#1d1d1f", "#f4e9cf", "#ffffff"];

/// How a side (`L`, `D` or `R`) is painted.
fn paint(letter: &str) -> Option<Paint> {
    let seat = letter.chars().next().and_then(Colour::from_letter)?.seat();
    (letter.len() == 1).then(|| Paint {
        fill: FILLS[seat],
        ink: INKS[seat],
    })
}

/// How the UI shows STAX.
pub const VIEW: GameView = GameView {
    slug: "stax",
    board: |ctx, props| use_board_view(props).run(ctx),
    // The home page's picture: a static file (`static/thumbs/stax.svg`, drawn by this board's
    // code), loaded as an image so that it costs the first load nothing.
    paint,
    setup_hint: "Seat 1 plays Light and places first, seat 2 Dark, seat 3 (with three players) Red. Each player hunts the next player's king.",
    since_mark,
};

/// A move's mark since the person's last turn: at the top right of the cell it went to.
fn since_mark(_: &dyn crate::registry::AnyGame, mv: &str) -> Option<(f64, f64, f64)> {
    let (cx, cy) = match mv.parse().ok()? {
        StaxMove::Place { cell, .. } | StaxMove::Travel { to: cell, .. } => centre(cell),
        _ => return None,
    };
    Some((cx + 0.55 * SIZE, cy - 0.6 * SIZE, 0.32 * SIZE))
}

/// What one cell needs to draw itself.
struct Cells<'a> {
    props: &'a BoardProps<Stax>,
    pick: Pick,
    targets: &'a [Cell],
    movable: &'a [Cell],
    focus_at: Cell,
    roving: &'a Roving<Cell>,
    zoom: &'a Zoom,
    on_tap: &'a Callback<Thing>,
    on_key: &'a Callback<(KeyboardEvent, Cell)>,
}

/// The STAX board and its panel, drawn in the kit's one board component ([`kit::Board`]).
#[hook]
fn use_board_view(props: &AnyBoardProps) -> Html {
    let board = kit::use_board::<Stax>(props);
    let marks = kit::since::draw(&props.marks);
    let zoom = use_zoom();
    let roving = use_roving("data-cell", Cell::ORIGIN);
    let Some(props) = &board else {
        return kit::not_this_game();
    };
    let game = &*props.position;
    let turn = Turn::new(game, props.can_move);
    let now = turn.clean(props.pick);
    let targets = turn.targets(now);
    let movable = if now.from().is_none() {
        turn.movable()
    } else {
        Vec::new()
    };
    let cells = Rc::new(draw::cells_drawn(game, &targets));
    let points: Vec<(f64, f64)> = cells.iter().map(|&c| centre(c)).collect();
    let view = zoom.view(ViewBox::fit(&points));
    let focus_at = Some(roving.at())
        .filter(|c| cells.contains(c))
        .or_else(|| movable.first().copied())
        .or_else(|| game.stacks().first().map(|s| s.0))
        .unwrap_or(Cell::ORIGIN);
    let on_tap = &props.on_tap;
    let on_key = on_key(cells.clone(), &roving, &zoom, on_tap);
    let c = Cells {
        props,
        pick: now,
        targets: &targets,
        movable: &movable,
        focus_at,
        roving: &roving,
        zoom: &zoom,
        on_tap,
        on_key: &on_key,
    };
    let (down, moved, up) = (zoom.clone(), zoom.clone(), zoom.clone());
    let up = Callback::from(move |e: PointerEvent| up.pointer_up(&e));
    let draws = [StaxMove::Offer, StaxMove::Accept, StaxMove::Decline];
    let panel_props = PanelProps {
        position: game,
        before: props.before.as_deref(),
        last_move: props.last_move,
        pick: now,
        can_move: props.can_move,
        placeable: turn.placeable(),
        ways: turn.ways(now),
        ready: turn.ready(now),
        draws: draws.into_iter().filter(|m| turn.may(m)).collect(),
        looking: now
            .from()
            .or(now.chosen().map(|g| g.0))
            .or(Some(roving.at())),
        said: props.said.clone(),
        on_tap,
    };
    html! {
        <>
            <div class="board-wrap stax-wrap">
                <svg ref={zoom.svg.clone()} class="board stax-board" viewBox={view.attr()} role="group"
                    aria-label="STAX table. Arrow keys move between cells, Enter or Space picks, Escape cancels, R and Shift+R turn the tile shown, F turns it over, + and - zoom, 0 fits the view. Drag to pan, wheel or pinch to zoom."
                    data-to-move={game.to_move().map(|s| Colour::of_seat(s).letter_str())}
                    onpointerdown={Callback::from(move |e: PointerEvent| down.pointer_down(&e))}
                    onpointermove={Callback::from(move |e: PointerEvent| moved.pointer_move(&e))}
                    onpointerup={up.clone()} onpointercancel={up}>
                    <rect class="felt" x="-100000" y="-100000" width="200000" height="200000" />
                    { for cells.iter().map(|&at| cell(&c, at)) }
                    { draw::coords(game, &cells, (&targets, &last_cells(props.last_move)), now.chosen().map(|g| g.0)) }
                    { draw::heights(game) }
                    { draw::taken(props.before.as_deref(), props.last_move, (props.animate, props.ply)) }
                    if let Some(g) = now.chosen() {
                        { draw::ghost(game.turn(), g) }
                    }
                    { marks }
                </svg>
                { zoom_buttons(&zoom) }
            </div>
            { panel(&panel_props) }
        </>
    }
}
