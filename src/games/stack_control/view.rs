//! The Stack Control board: an 8x8 SVG board where every pyramid of every stack shows in
//! order, the players' scoring colours and live scores, and the captures as they happen.

use yew::prelude::*;

use super::rules::{Colour, Pyramid, Size, Square, StackControl, COLOURS};
use crate::core::Game;
use crate::ui::game_view::{num, px, AnyBoardProps, GameView, GridKey, Paint};

const CELL: f64 = 100.0;
const MARGIN: f64 = 30.0;

/// The CSS fill of a pyramid colour.
pub fn css(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "#d7263d",
        Colour::Yellow => "#f4c430",
        Colour::Green => "#2e9e44",
        Colour::Blue => "#1f6fd1",
        Colour::Black => "#2b2b2b",
    }
}

fn ink(colour: Colour) -> &'static str {
    match colour {
        Colour::Yellow => "#222",
        _ => "#fff",
    }
}

/// How a side (a colour letter) is painted.
fn paint(letter: &str) -> Option<Paint> {
    let mut chars = letter.chars();
    let colour = chars.next().and_then(Colour::from_letter)?;
    chars.next().is_none().then(|| Paint {
        fill: css(colour),
        ink: ink(colour),
    })
}

/// How the UI shows Stack Control.
pub const VIEW: GameView = GameView {
    slug: "stack-control",
    board: |props| html! { <Board ..props /> },
    // The home page's picture: a static file (`static/thumbs/stack-control.svg`, drawn by this
    // board's code), loaded as an image so that it costs the first load nothing.
    thumbnail: || html! { <img class="thumb" src="thumbs/stack-control.svg" alt="" /> },
    paint,
    setup_hint: "Your colour is your scoring colour. The last seat moves first, then play goes on in seat order.",
    ends_turn: None,
};

fn describe_stack(stack: &[Pyramid]) -> String {
    stack
        .iter()
        .map(|p| format!("{} {}", p.colour.name(), p.size.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn pyramid_width(size: Size) -> f64 {
    match size {
        Size::Pawn => 42.0,
        Size::Drone => 63.0,
        Size::Queen => 84.0,
    }
}

/// The top pyramids that the last move brought onto a square, and the way they came, so
/// they can glide in from where they were.
#[derive(Clone, Copy, PartialEq)]
struct Arrival {
    /// How many pyramids at the top of the stack arrived.
    count: usize,
    /// Offset of the square they came from, in board units.
    dx: f64,
    dy: f64,
    /// Which move this was (a new one restarts the animation).
    ply: usize,
}

fn pyramid_shape(p: Pyramid, i: usize, layer: f64, x: f64, y: f64) -> Html {
    let cx = x + CELL / 2.0;
    let bottom = y + 92.0 - layer * i as f64;
    let top = bottom - layer + 1.5;
    let w = pyramid_width(p.size);
    let tw = w * 0.72;
    let points = format!(
        "{},{} {},{} {},{} {},{}",
        num(cx - w / 2.0),
        num(bottom),
        num(cx + w / 2.0),
        num(bottom),
        num(cx + tw / 2.0),
        num(top),
        num(cx - tw / 2.0),
        num(top)
    );
    let font = (layer * 0.62).min(22.0);
    html! {
        <g class="pyramid">
            <polygon points={points} fill={css(p.colour)} stroke="#111" stroke-width="1.5" />
            <text x={num(cx)} y={num((top + bottom) / 2.0 + font * 0.36)}
                font-size={num(font)} text-anchor="middle" fill={ink(p.colour)}
                class="pyramid-mark">
                { format!("{}{}", p.colour.letter(), p.size.pips()) }
            </text>
        </g>
    }
}

/// Draws a stack bottom to top inside the cell whose top-left corner is `(x, y)`; the
/// pyramids of `arrival` (the top ones) glide in from the square they left.
fn stack_shapes(stack: &[Pyramid], x: f64, y: f64, arrival: Option<Arrival>) -> Html {
    let layer = 84.0 / (stack.len().max(2) as f64);
    let arrived = arrival.map_or(0, |a| a.count.min(stack.len()));
    let stayed = stack.len() - arrived;
    let shapes = |range: std::ops::Range<usize>| -> Html {
        range
            .map(|i| pyramid_shape(stack[i], i, layer, x, y))
            .collect()
    };
    html! {
        <>
            { shapes(0..stayed) }
            if let Some(a) = arrival.filter(|_| arrived > 0) {
                <g class="arrived" key={a.ply.to_string()}
                    style={format!("--dx:{};--dy:{}", px(a.dx), px(a.dy))}>
                    { shapes(stayed..stack.len()) }
                </g>
            }
        </>
    }
}

fn square_xy(sq: Square) -> (f64, f64) {
    (
        MARGIN + f64::from(sq.file()) * CELL,
        f64::from(7 - sq.rank()) * CELL,
    )
}

/// What the move `m` from `before` brought onto its landing square.
fn arrival_of(before: &StackControl, m: super::StackMove, ply: usize) -> Arrival {
    let moving = before.stack(m.from);
    let merged = || before.stack(m.to).iter().chain(moving);
    let gone = |size: Size| merged().filter(|p| p.size == size).count() >= 3;
    Arrival {
        count: moving.iter().filter(|p| !gone(p.size)).count(),
        dx: f64::from(m.from.file() - m.to.file()) * CELL,
        dy: f64::from(m.to.rank() - m.from.rank()) * CELL,
        ply,
    }
}

/// Pyramids removed by the move that led from `before` to `after`.
fn captured_between(before: &StackControl, after: &StackControl) -> Vec<Pyramid> {
    let mut out = Vec::new();
    for colour in COLOURS {
        for size in Size::ALL {
            let n = after
                .removed(colour, size)
                .saturating_sub(before.removed(colour, size));
            out.extend(std::iter::repeat_n(
                Pyramid { colour, size },
                usize::from(n),
            ));
        }
    }
    out
}

/// The Stack Control board, and its panel: the stack picked and the last capture.
#[component]
pub fn Board(props: &AnyBoardProps) -> Html {
    // `_eq`: clearing an empty selection (every move) must not render the board again.
    let selected = use_state_eq(|| None::<Square>);
    // Roving focus: one square is in the tab order; arrow keys move it (ARIA grid pattern).
    let focus = use_state(|| 27usize);
    {
        let selected = selected.clone();
        use_effect_with(props.ply, move |_| selected.set(None));
    }
    let Some(game) = props.position.as_any().downcast_ref::<StackControl>() else {
        return html! { <p class="error" role="alert">{ "This is not a Stack Control game." }</p> };
    };
    let last_move = props
        .last_move
        .as_ref()
        .and_then(|m| m.parse::<super::StackMove>().ok());
    let before = props
        .before
        .as_ref()
        .and_then(|b| b.as_any().downcast_ref::<StackControl>());
    let captured = before.map_or_else(Vec::new, |before| captured_between(before, game));
    let arrival = before
        .zip(last_move)
        .map(|(before, m)| arrival_of(before, m, props.ply));
    let to_move = game.to_move();
    let over = to_move.is_none();
    let targets: Vec<Square> = match *selected {
        Some(from) if props.can_move => game.destinations(from),
        _ => Vec::new(),
    };

    let on_square = {
        let selected = selected.clone();
        let on_move = props.on_move.clone();
        let targets = targets.clone();
        let game = game.clone();
        Callback::from(move |sq: Square| match *selected {
            Some(from) if targets.contains(&sq) => {
                selected.set(None);
                on_move.emit(super::StackMove { from, to: sq }.to_string());
            }
            Some(from) if from == sq => selected.set(None),
            // Any stack can be picked to look at it, even when the game is over.
            _ if !game.stack(sq).is_empty() => selected.set(Some(sq)),
            _ => selected.set(None),
        })
    };

    let cells = Square::all().map(|sq| {
        let (x, y) = square_xy(sq);
        let stack = game.stack(sq);
        let dark = (sq.file() + sq.rank()) % 2 == 0;
        let is_selected = *selected == Some(sq);
        let is_target = targets.contains(&sq);
        let in_last = last_move.is_some_and(|m| m.from == sq || m.to == sq);
        let captured_here = !captured.is_empty() && last_move.is_some_and(|m| m.to == sq);
        let mut class = classes!("cell");
        if is_selected { class.push("selected"); }
        if is_target { class.push("target"); }
        if in_last { class.push("last"); }
        if captured_here { class.push("captured"); }
        let label = if stack.is_empty() {
            format!("{sq}: empty")
        } else {
            let top = stack[stack.len() - 1];
            format!(
                "{sq}: {} (bottom to top); moves {} square{}{}",
                describe_stack(stack),
                top.size.pips(),
                if top.size.pips() == 1 { "" } else { "s" },
                if is_target { ". Move here" } else { "" },
            )
        };
        if !stack.is_empty() { class.push("stack"); }
        let actionable = !stack.is_empty() || is_target;
        let onclick = {
            let on_square = on_square.clone();
            let focus = focus.clone();
            Callback::from(move |_: MouseEvent| {
                focus.set(sq.index());
                on_square.emit(sq);
            })
        };
        let onkeydown = {
            let on_square = on_square.clone();
            let focus = focus.clone();
            let selected = selected.clone();
            Callback::from(move |e: KeyboardEvent| {
                let step = match GridKey::of(&e.key()) {
                    GridKey::Pick => {
                        e.prevent_default();
                        on_square.emit(sq);
                        return;
                    }
                    GridKey::Cancel => {
                        selected.set(None);
                        return;
                    }
                    GridKey::Step(files, ranks) => (files, ranks),
                    GridKey::Other => return,
                };
                e.prevent_default();
                if let Some(next) = Square::new(sq.file() + step.0, sq.rank() + step.1) {
                    focus.set(next.index());
                    crate::ui::browser::focus_on_board("data-square", &next.to_string());
                }
            })
        };
        html! {
            <g class={class} data-square={sq.to_string()} role="button"
                tabindex={if *focus == sq.index() { "0" } else { "-1" }} aria-label={label}
                aria-pressed={is_selected.to_string()} aria-disabled={(!actionable).then_some("true")}
                {onclick} {onkeydown}>
                <rect x={num(x)} y={num(y)} width="100" height="100"
                    class={if dark { "sq dark" } else { "sq light" }} />
                { stack_shapes(stack, x, y, arrival.filter(|_| last_move.is_some_and(|m| m.to == sq))) }
                if is_target {
                    <circle cx={num(x + 50.0)} cy={num(y + 50.0)} r="44" class="target-ring" />
                }
            </g>
        }
    });
    let coords = (0..8).map(|i| {
        let file = char::from(b'a' + i as u8).to_string();
        let rank = (8 - i).to_string();
        html! {
            <>
                <text x={num(MARGIN + f64::from(i) * CELL + 50.0)} y="824" class="coord" text-anchor="middle">{ file }</text>
                <text x="15" y={num(f64::from(i) * CELL + 56.0)} class="coord" text-anchor="middle">{ rank }</text>
            </>
        }
    });

    let detail = match *selected {
        Some(sq) if !game.stack(sq).is_empty() => {
            let stack = game.stack(sq);
            let pips = stack[stack.len() - 1].size.pips();
            let n = targets.len();
            let landing = match n {
                _ if over => "the game is over.".to_string(),
                0 => "it has nowhere to land.".to_string(),
                1 => "1 landing square highlighted.".to_string(),
                _ => format!("{n} landing squares highlighted."),
            };
            html! {
                <>
                    <p>{ format!("Stack on {sq} moves exactly {pips}; {landing}") }</p>
                    <ol class="stack-list" aria-label={format!("Stack on {sq}, top to bottom")}>
                        { for stack.iter().rev().map(|p| html! {
                            <li>
                                <span class="mark" style={format!("background:{};color:{}", css(p.colour), ink(p.colour))}>
                                    { format!("{}{}", p.colour.letter(), p.size.pips()) }
                                </span>
                                { format!(" {} {}", p.colour.name(), p.size.name()) }
                            </li>
                        }) }
                    </ol>
                </>
            }
        }
        _ if over => html! { <p>{ "The game is over." }</p> },
        _ => {
            html! { <p>{ "Pick any stack: it moves exactly as many squares as the pips of its top pyramid, in a straight line, onto another stack." }</p> }
        }
    };
    let capture_note = (!captured.is_empty()).then(|| {
        let names = describe_stack(&captured);
        let at = last_move.map(|m| m.to.to_string()).unwrap_or_default();
        html! { <p class="capture-note" role="status">{ format!("Captured on {at}: {names}.") }</p> }
    });

    html! {
        <>
            <div class="board-wrap">
                <svg class="board" viewBox="-8 -8 846 846" role="group"
                    aria-label="Stack Control board. Arrow keys move between squares; Enter or Space picks a stack, then its landing square; Escape cancels.">
                    { for cells }
                    { for coords }
                    // Drawn after every cell so no neighbour paints over it.
                    if let Some(sq) = *selected {
                        <rect class="selection-outline" pointer-events="none"
                            x={num(square_xy(sq).0 + 4.0)} y={num(square_xy(sq).1 + 4.0)}
                            width="92" height="92" />
                    }
                </svg>
            </div>
            <div class="board-panel">
                { capture_note }
                <div class="detail" aria-live="polite">{ detail }</div>
            </div>
        </>
    }
}
