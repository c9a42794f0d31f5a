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
    board: |props| html! { <Board ..props /> },
    // The home page's picture: a static file (`static/thumbs/stacks.svg`, drawn by this
    // board's code), loaded as an image so that it costs the first load nothing.
    thumbnail: || html! { <img class="thumb" src="thumbs/stacks.svg" alt="" /> },
    paint,
    setup_hint: "Seat 1 plays Light and starts with a one-move turn; seat 2 plays Dark. Side 3 (19 cells) is the quick game; sides 4 and 5 are longer races. Diabolical Stacks lets you carry your opponent's pieces too.",
    ends_turn: None,
};

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

impl Ctx<'_> {
    fn cost(&self, d: Dest) -> Option<u8> {
        self.targets.iter().find(|t| t.0 == d).map(|t| t.1)
    }

    /// The last move and the position before it, when both are known.
    fn last(&self) -> Option<(&Stacks, StacksMove)> {
        self.props.before.as_deref().zip(self.props.last_move)
    }

    /// The pieces the last move brought onto `c`, and where from.
    fn arrival(&self, c: Cell) -> Option<Arrival> {
        let (before, mv) = self.last()?;
        let (from, count) = match mv {
            StacksMove::Enter(to) if to == c => {
                (self.geo.zone_centre(Zone::Reserve, before.turn()), 1)
            }
            StacksMove::Move {
                from,
                to: Dest::Cell(to),
                count,
            } if to == c => (self.geo.centre(from), count),
            _ => return None,
        };
        let (tx, ty) = self.geo.centre(c);
        Some(Arrival {
            count: usize::from(count),
            from: (from.0 - tx, from.1 - ty),
        })
    }

    /// The pieces the last move took off the board from `c`, drawn where they were.
    fn gone(&self, c: Cell, at: (f64, f64)) -> Html {
        match self.last() {
            Some((
                before,
                StacksMove::Move {
                    from,
                    to: Dest::Off,
                    count,
                },
            )) if from == c => {
                let stack = before.stack(c);
                let top = stack.len().saturating_sub(usize::from(count))..stack.len();
                let pieces = draw::bands(stack, at, top, 0);
                motion::fade(self.props.animate, self.props.ply, pieces)
            }
            _ => Html::default(),
        }
    }

    fn in_last(&self, c: Cell) -> bool {
        match self.props.last_move {
            Some(StacksMove::Enter(to)) => to == c,
            Some(StacksMove::Move { from, to, .. }) => from == c || to == Dest::Cell(c),
            _ => false,
        }
    }

    /// The key handler of a cell or box: Enter or Space taps it, the arrows move between
    /// cells (from a cell), the rest goes to the board's keys.
    fn keys(&self, thing: Thing) -> Callback<KeyboardEvent> {
        let (on_tap, on_key, roving, geo) = (
            self.on_tap.clone(),
            self.on_key.clone(),
            self.roving.clone(),
            self.geo,
        );
        Callback::from(move |e: KeyboardEvent| match Key::of(&e.key()) {
            Key::Pick => {
                e.prevent_default();
                on_tap.emit(thing);
            }
            Key::Step(across, up) => {
                if let Thing::Cell(c) = thing {
                    e.prevent_default();
                    if let Some(next) = geo.neighbour(c, (across, up)) {
                        roving.go(next);
                    }
                }
            }
            Key::Cancel | Key::Other => on_key.emit(e),
        })
    }
}

/// One cell: its hexagon, its pile, its highlights.
fn cell(x: &Ctx, c: Cell) -> Html {
    let game = &*x.props.position;
    let (cx, cy) = x.geo.centre(c);
    let stack = game.stack(c);
    let movable = x.movable.contains(&c).then(|| game.movable(c));
    let picked = matches!(x.pick, Pick::Stack { cell, .. } if cell == c);
    let cost = x.cost(Dest::Cell(c));
    let last = x.in_last(c);
    let class = classes!(
        "cell",
        (c.row == game.near_row(0)).then_some("near-light"),
        (c.row == game.near_row(1)).then_some("near-dark"),
        movable.is_some().then_some("movable"),
        picked.then_some("selected"),
        cost.is_some().then_some("target"),
        last.then_some("last"),
        (!stack.is_empty()).then_some("stack"),
    );
    let label = words::cell_label(game, c, x.pick, movable, cost, last);
    let lifted = match x.group {
        Some((cell, count, _)) if cell == c => usize::from(count),
        _ => 0,
    };
    let onclick = {
        let (on_tap, roving) = (x.on_tap.clone(), x.roving.clone());
        Callback::from(move |_: MouseEvent| {
            roving.mark(c);
            on_tap.emit(Thing::Cell(c));
        })
    };
    let at = (cx, cy + BASE);
    let animate = (x.props.animate, x.props.ply);
    html! {
        <g {class} data-cell={c.to_string()} role="button" tabindex={x.roving.tabindex(&c)}
            aria-label={label} aria-pressed={picked.to_string()} {onclick}
            onkeydown={x.keys(Thing::Cell(c))}>
            // On hover, the whole stack (a tall one shows only its top bands).
            <title>{ format!("{c}: {}", words::stack_words(stack)) }</title>
            <polygon class="hex" points={draw::hex_points(cx, cy, R - 1.0)} />
            if cost.is_some() {
                <polygon class="target-hex" points={draw::hex_points(cx, cy, R - 7.0)} />
            }
            { draw::pile(stack, at, lifted, x.arrival(c), animate) }
            { x.gone(c, at) }
            <text class="hex-coord" x={n(cx)} y={n(cy + 44.0)} text-anchor="middle" aria-hidden="true">{ c.to_string() }</text>
        </g>
    }
}

/// The tags over every cell (so that no neighbour paints over them): heights, costs and the
/// picked group's size; and the picked cell's outline.
fn tags(x: &Ctx) -> Html {
    let game = &*x.props.position;
    let tags = game.cells().into_iter().map(|c| {
        let (cx, cy) = x.geo.centre(c);
        let height = game.stack(c).len();
        let group = x.group.filter(|g| g.0 == c && g.2 > 1);
        html! {
            <>
                if height >= 3 {
                    { draw::tag("height", cx + TAG_X, cy + TAG_Y, height.to_string()) }
                }
                if let Some(k) = x.cost(Dest::Cell(c)) {
                    { draw::tag("cost", cx - TAG_X, cy + TAG_Y, k.to_string()) }
                }
                if let Some((_, count, _)) = group {
                    { draw::tag("group", cx - TAG_X, cy + TAG_Y, format!("×{count}")) }
                }
            </>
        }
    });
    let outline = match x.pick {
        Pick::Stack { cell, .. } => {
            let (cx, cy) = x.geo.centre(cell);
            html! { <polygon class="selection-outline" pointer-events="none" points={draw::hex_points(cx, cy, R - 4.0)} /> }
        }
        _ => Html::default(),
    };
    html! { <>{ outline }{ for tags }</> }
}

/// A seat's reserve or pieces-off box.
fn zone(x: &Ctx, zone: Zone, seat: Seat) -> Html {
    let game = &*x.props.position;
    let mine = x.props.may_move(seat);
    let now = match zone {
        Zone::Reserve => ZoneNow {
            mine,
            open: mine && !game.entry_cells().is_empty(),
            picked: mine && x.pick == Pick::Reserve,
            target: false,
        },
        Zone::Off => ZoneNow {
            mine,
            open: false,
            picked: false,
            target: mine && x.cost(Dest::Off).is_some(),
        },
    };
    let last = match (zone, x.last()) {
        (Zone::Off, Some((b, StacksMove::Move { to: Dest::Off, .. })))
        | (Zone::Reserve, Some((b, StacksMove::Enter(_)))) => b.turn() == seat,
        _ => false,
    };
    let [label, title, hint] = words::zone_words(game, zone, seat, now);
    let colour = Colour::of_seat(seat);
    let class = classes!(
        "zone",
        zone.name(),
        draw::class_of(colour),
        now.open.then_some("movable"),
        now.picked.then_some("selected"),
        now.target.then_some("target"),
        last.then_some("last"),
    );
    let thing = match zone {
        Zone::Reserve => Thing::Reserve(seat),
        Zone::Off => Thing::Off(seat),
    };
    let onclick = x.on_tap.reform(move |_: MouseEvent| thing);
    let number = match zone {
        Zone::Reserve => game.reserve(seat),
        Zone::Off => game.off(seat),
    };
    let focusable = now.open || now.target;
    html! {
        <g {class} data-zone={format!("{}-{}", zone.name(), colour.letter())}
            role="button" tabindex={focusable.then_some("0")} aria-label={label}
            aria-pressed={now.picked.to_string()} aria-disabled={(!focusable).then_some("true")}
            {onclick} onkeydown={x.keys(thing)}>
            { draw::zone_contents(x.geo, x.geo.zone(zone, seat), colour, number, (title, hint), now.target) }
        </g>
    }
}

/// The Stacks board and its panel.
#[component]
pub fn Board(props: &AnyBoardProps) -> Html {
    let board = kit::use_board::<Stacks>(props);
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
                <svg class={classes!("board", "stacks-board", game.diabolical().then_some("diabolical"))}
                    viewBox={geo.view_box()} role="group" aria-label={aria}
                    data-to-move={to_move.map(|s| Colour::of_seat(s).letter_str())}
                    data-moves-left={to_move.map(|_| game.moves_left().to_string())}>
                    { geo.felt() }
                    { draw::direction_arrow(geo, 0) }
                    { draw::direction_arrow(geo, 1) }
                    { draw::row_letters(geo) }
                    { for game.cells().into_iter().map(|c| cell(&x, c)) }
                    { tags(&x) }
                    { zone(&x, Zone::Off, 0) }
                    { zone(&x, Zone::Reserve, 1) }
                    { zone(&x, Zone::Reserve, 0) }
                    { zone(&x, Zone::Off, 1) }
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
