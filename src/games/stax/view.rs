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
    board: |props| html! { <Board ..props /> },
    // The home page's picture: a static file (`static/thumbs/stax.svg`, drawn by this board's
    // code), loaded as an image so that it costs the first load nothing.
    thumbnail: || html! { <img class="thumb" src="thumbs/stax.svg" alt="" /> },
    paint,
    setup_hint: "Seat 1 plays Light and places first, seat 2 Dark, seat 3 (with three players) Red. Each player hunts the next player's king.",
    ends_turn: None,
};

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

/// The cells of the last move.
fn last_cells(last: Option<StaxMove>) -> Vec<Cell> {
    match last {
        Some(StaxMove::Place { cell, .. }) => vec![cell],
        Some(StaxMove::Travel { from, to, .. }) => vec![from, to],
        _ => Vec::new(),
    }
}

fn cell(c: &Cells, at: Cell) -> Html {
    let game = &*c.props.position;
    let (cx, cy) = centre(at);
    let stack = game.stack(at);
    let is_target = c.targets.contains(&at);
    let is_movable = c.movable.contains(&at);
    let picked = c.pick.from() == Some(at);
    let last = c.props.last_move;
    let mut label = stack_words(at, stack);
    if is_movable {
        label.push_str("; you may move its top tile");
    }
    if is_target {
        label.push_str(if c.pick.placing().is_some() {
            "; place here"
        } else {
            "; move here"
        });
    }
    let class = classes!(
        "cell",
        (!stack.is_empty()).then_some("stack"),
        is_movable.then_some("movable"),
        is_target.then_some("target"),
        picked.then_some("selected"),
        last_cells(last).contains(&at).then_some("last"),
        (c.pick.chosen().map(|g| g.0) == Some(at)).then_some("chosen"),
    );
    let onclick = {
        let (on_tap, roving, zoom) = (c.on_tap.clone(), c.roving.clone(), c.zoom.clone());
        Callback::from(move |_: MouseEvent| {
            // The click that ends a drag picks nothing.
            if !zoom.take_drag() {
                roving.mark(at);
                on_tap.emit(Thing::Cell(at));
            }
        })
    };
    let onkeydown = c.on_key.reform(move |e: KeyboardEvent| (e, at));
    let top = game.top(at).map(|t| {
        let tile = draw::tile(t.owner(), t.mask(), (cx, cy), SIZE - 2.5, picked);
        let landed = matches!(last, Some(StaxMove::Place { cell: to, .. } | StaxMove::Travel { to, .. }) if to == at);
        if landed {
            draw::arrived(at, last, (c.props.animate, c.props.ply), tile)
        } else {
            tile
        }
    });
    html! {
        <g key={at.to_string()} {class} data-cell={at.to_string()} data-height={stack.len().to_string()}
            role="button" tabindex={if at == c.focus_at { "0" } else { "-1" }}
            aria-label={label.clone()} aria-pressed={picked.to_string()} {onclick} {onkeydown}>
            <title>{ label }</title>
            <polygon class="hex" points={hex_points(cx, cy, SIZE - 1.0)} />
            { draw::under(stack, (cx, cy)) }
            { top }
            if is_target {
                <polygon class="target-hex" points={hex_points(cx, cy, SIZE - 8.0)} />
            }
        </g>
    }
}

/// The keys on a cell: arrows move the focus to the nearest drawn cell that way (bringing
/// it into view), Enter or Space taps, Escape cancels, R and Shift+R turn the tile shown,
/// F turns it over, + and - zoom, 0 fits the view.
fn on_key(
    cells: Rc<Vec<Cell>>,
    roving: &Roving<Cell>,
    zoom: &Zoom,
    on_tap: &Callback<Thing>,
) -> Callback<(KeyboardEvent, Cell)> {
    let (roving, zoom, on_tap) = (roving.clone(), zoom.clone(), on_tap.clone());
    Callback::from(move |(e, at): (KeyboardEvent, Cell)| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let thing = match Key::of(&e.key()) {
            Key::Pick => Some(Thing::Cell(at)),
            Key::Cancel => Some(Thing::Cancel),
            Key::Step(across, up) => {
                let points: Vec<(f64, f64)> = cells.iter().map(|&c| centre(c)).collect();
                let way = (f64::from(across), -f64::from(up));
                if let Some(i) = nearest(centre(at), way, &points) {
                    zoom.show(points[i]);
                    roving.go(cells[i]);
                }
                None
            }
            Key::Other => match e.key().as_str() {
                "r" => Some(Thing::Spin(Spin::Clockwise)),
                "R" => Some(Thing::Spin(Spin::Back)),
                "f" | "F" => Some(Thing::Spin(Spin::Over)),
                "+" | "=" => zoom_by(&zoom, 1.25),
                "-" => zoom_by(&zoom, 0.8),
                "0" => zoom_by(&zoom, 0.0),
                _ => return,
            },
        };
        e.prevent_default();
        if let Some(thing) = thing {
            on_tap.emit(thing);
        }
    })
}

/// Zooms (0 fits the view); no tap.
fn zoom_by(zoom: &Zoom, factor: f64) -> Option<Thing> {
    zoom.by(factor, None);
    None
}

/// The zoom buttons over the table.
fn zoom_buttons(zoom: &Zoom) -> Html {
    let button = |id: &'static str, text: &'static str, label: &'static str, f: f64| {
        let zoom = zoom.clone();
        let onclick = Callback::from(move |_: MouseEvent| zoom.by(f, None));
        html! { <button type="button" {id} aria-label={label} title={label} {onclick}>{ text }</button> }
    };
    html! {
        <div class="stax-zoom">
            { button("stax-zoom-in", "+", "Zoom in", 1.25) }
            { button("stax-zoom-out", "−", "Zoom out", 0.8) }
            { button("stax-zoom-reset", "⤢", "Fit the view to the tiles", 0.0) }
        </div>
    }
}

/// The STAX board and its panel.
#[component]
pub fn Board(props: &AnyBoardProps) -> Html {
    let board = kit::use_board::<Stax>(props);
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
                    { draw::heights(game) }
                    { draw::taken(props.before.as_deref(), props.last_move, (props.animate, props.ply)) }
                    if let Some(g) = now.chosen() {
                        { draw::ghost(game.turn(), g) }
                    }
                </svg>
                { zoom_buttons(&zoom) }
            </div>
            { panel(&panel_props) }
        </>
    }
}
