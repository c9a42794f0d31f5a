//! Drawing the Stack Control board: squares, stacks of pyramids (a tall stack as thin bands
//! under a legible top, with its height), what the last move brought and what it captured.

use yew::prelude::*;

use super::rules::{Colour, Pyramid, Size, Square, StackControl, StackMove, COLOURS};
use crate::ui::game_view::num;
use crate::ui::kit::{self, motion};

/// A square's side, in board units.
pub const CELL: f64 = 100.0;
/// The room left of the board for the ranks' numbers.
pub const MARGIN: f64 = 30.0;
/// From this height on, a stack is drawn as bands under its top, with its height shown.
const TALL: usize = 4;

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

/// The colour of text on a pyramid colour.
pub fn ink(colour: Colour) -> &'static str {
    match colour {
        Colour::Yellow => "#222",
        _ => "#fff",
    }
}

/// The mark drawn on a pyramid: its colour's letter and its pips ("R3").
pub fn mark(p: Pyramid) -> String {
    format!("{}{}", p.colour.letter(), p.size.pips())
}

/// A stack in words, bottom to top.
pub fn describe_stack(stack: &[Pyramid]) -> String {
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

/// The top-left corner of a square.
pub fn square_xy(sq: Square) -> (f64, f64) {
    (
        MARGIN + f64::from(sq.file()) * CELL,
        f64::from(7 - sq.rank()) * CELL,
    )
}

/// Where each layer of a stack of `n` sits: (bottom, height) of layer `i`, in a cell whose
/// top is at 0. A short stack shares the cell evenly; a tall one keeps its top pyramid
/// tall enough to read and squeezes the layers under it into bands.
fn layer(n: usize, i: usize) -> (f64, f64) {
    if n < TALL {
        let h = 84.0 / (n.max(2) as f64);
        return (92.0 - h * i as f64, h);
    }
    let top = 40.0;
    let band = (84.0 - top) / (n - 1) as f64;
    if i + 1 == n {
        (92.0 - band * i as f64, top)
    } else {
        (92.0 - band * i as f64, band)
    }
}

fn pyramid_shape(p: Pyramid, (bottom, h): (f64, f64), cx: f64, y: f64, label: bool) -> Html {
    let bottom = y + bottom;
    let top = bottom - h + 1.5;
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
    let font = (h * 0.62).min(22.0);
    html! {
        <g class="pyramid">
            <polygon points={points} fill={css(p.colour)} stroke="#111" stroke-width="1.5" />
            if label {
                <text x={num(cx)} y={num((top + bottom) / 2.0 + font * 0.36)}
                    font-size={num(font)} text-anchor="middle" fill={ink(p.colour)}
                    class="pyramid-mark">{ mark(p) }</text>
            }
        </g>
    }
}

/// A stack bottom to top in the cell whose top-left corner is `(x, y)`. The top `arrived`
/// pyramids came with the last move from `(dx, dy)` away and slide in when `animate`.
pub fn stack_shapes(
    stack: &[Pyramid],
    (x, y): (f64, f64),
    arrived: usize,
    from: (f64, f64),
    (animate, ply): (bool, usize),
) -> Html {
    let n = stack.len();
    let cx = x + CELL / 2.0;
    let stayed = n - arrived.min(n);
    // In a tall stack only the top carries its mark (the panel lists the whole stack).
    let shape = |i: usize| pyramid_shape(stack[i], layer(n, i), cx, y, n < TALL || i + 1 == n);
    let height = (n >= TALL).then(|| {
        html! {
            <g class="stack-height" aria-hidden="true">
                <circle cx={num(x + 16.0)} cy={num(y + 16.0)} r="13" />
                <text x={num(x + 16.0)} y={num(y + 22.0)} text-anchor="middle">{ n }</text>
            </g>
        }
    });
    html! {
        <>
            { for (0..stayed).map(shape) }
            { motion::slide(animate, ply, from, (stayed..n).map(shape).collect()) }
            { height }
        </>
    }
}

/// How many of the top pyramids the move `m` from `before` brought onto its landing square.
pub fn arrived_count(before: &StackControl, m: StackMove) -> usize {
    let moving = before.stack(m.from);
    let merged = || before.stack(m.to).iter().chain(moving);
    let gone = |size: Size| merged().filter(|p| p.size == size).count() >= 3;
    moving.iter().filter(|p| !gone(p.size)).count()
}

/// The offset, in board units, from square `to` back to square `from`.
pub fn offset(from: Square, to: Square) -> (f64, f64) {
    (
        f64::from(from.file() - to.file()) * CELL,
        f64::from(to.rank() - from.rank()) * CELL,
    )
}

/// Pyramids removed by the move that led from `before` to `after`.
pub fn captured_between(before: &StackControl, after: &StackControl) -> Vec<Pyramid> {
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

/// The captured pyramids, fading out above the landing square's stack.
pub fn captured_shapes(captured: &[Pyramid], (x, y): (f64, f64)) -> Html {
    let n = captured.len();
    captured
        .iter()
        .enumerate()
        .map(|(i, &p)| pyramid_shape(p, (40.0 - 12.0 * i as f64, 14.0), x + CELL / 2.0, y, false))
        .take(n)
        .collect()
}

/// The files and ranks around the board.: fixed markup, what [`drawn_coordinates`] draws (checked by a test).
pub fn coordinates() -> Html {
    kit::fixed::markup(COORDINATES)
}

const COORDINATES: &str = r##"<text x="80" y="824" text-anchor="middle" class="coord">a</text><text x="15" y="56" text-anchor="middle" class="coord">8</text><text x="180" y="824" text-anchor="middle" class="coord">b</text><text x="15" y="156" text-anchor="middle" class="coord">7</text><text x="280" y="824" text-anchor="middle" class="coord">c</text><text x="15" y="256" text-anchor="middle" class="coord">6</text><text x="380" y="824" text-anchor="middle" class="coord">d</text><text x="15" y="356" text-anchor="middle" class="coord">5</text><text x="480" y="824" text-anchor="middle" class="coord">e</text><text x="15" y="456" text-anchor="middle" class="coord">4</text><text x="580" y="824" text-anchor="middle" class="coord">f</text><text x="15" y="556" text-anchor="middle" class="coord">3</text><text x="680" y="824" text-anchor="middle" class="coord">g</text><text x="15" y="656" text-anchor="middle" class="coord">2</text><text x="780" y="824" text-anchor="middle" class="coord">h</text><text x="15" y="756" text-anchor="middle" class="coord">1</text>"##;

/// The files and ranks around the board.
#[cfg(all(test, not(target_arch = "wasm32")))]
fn drawn_coordinates() -> Html {
    (0..8)
        .map(|i| {
            let file = char::from(b'a' + i as u8).to_string();
            html! {
                <>
                    <text x={num(MARGIN + f64::from(i) * CELL + 50.0)} y="824" class="coord" text-anchor="middle">{ file }</text>
                    <text x="15" y={num(f64::from(i) * CELL + 56.0)} class="coord" text-anchor="middle">{ (8 - i).to_string() }</text>
                </>
            }
        })
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod fixed_tests {
    use super::*;

    #[test]
    fn the_fixed_markup_is_what_the_board_draws() {
        assert_eq!(kit::fixed::render(drawn_coordinates()), COORDINATES);
    }
}
