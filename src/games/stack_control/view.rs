//! The Stack Control board on the board kit: an 8x8 SVG board where every stack shows its
//! pyramids (a tall one its top and height), the picked stack's landing squares, the last
//! move sliding in and its captures fading; the panel beside it (`view_panel`); what a tap
//! does is `pick`'s.

use yew::prelude::*;

use super::pick;
use super::rules::{Colour, Square, StackControl};
use super::view_draw::{self as draw, square_xy};
use super::view_panel::panel;
use crate::ui::game_view::{num, AnyBoardProps, GameView, Paint};
use crate::ui::kit::keys::{use_roving, Key, Roving};
use crate::ui::kit::{self, motion, BoardProps};

/// How a side (a colour letter) is painted.
fn paint(letter: &str) -> Option<Paint> {
    let mut chars = letter.chars();
    let colour = chars.next().and_then(Colour::from_letter)?;
    chars.next().is_none().then(|| Paint {
        fill: draw::css(colour),
        ink: draw::ink(colour),
    })
}

/// How the UI shows Stack Control.
pub const VIEW: GameView = GameView {
    slug: "stack-control",
    board: |ctx, props| use_board_view(props).run(ctx),
    // The home page's picture: a static file (`static/thumbs/stack-control.svg`, drawn by this
    // board's code), loaded as an image so that it costs the first load nothing.
    paint,
    setup_hint: "Your colour is your scoring colour. The last seat moves first, then play goes on in seat order.",
    since_mark,
};

/// A move's mark since the person's last turn: at the top right of the square it went to.
fn since_mark(_: &dyn crate::registry::AnyGame, mv: &str) -> Option<(f64, f64, f64)> {
    let (x, y) = square_xy(mv.parse::<super::moves::StackMove>().ok()?.to);
    Some((x + 80.0, y + 20.0, 17.0))
}

/// What one square needs to draw itself.
struct Square_<'a> {
    props: &'a BoardProps<StackControl>,
    targets: &'a [Square],
    roving: &'a Roving<Square>,
}

fn square(c: &Square_, sq: Square) -> Html {
    let game = &*c.props.position;
    let (x, y) = square_xy(sq);
    let stack = game.stack(sq);
    let last = c.props.last_move;
    let lands_here = last.is_some_and(|m| m.to == sq);
    let is_target = c.targets.contains(&sq);
    let before = c.props.before.as_deref();
    let (arrived, from) = match (before, last) {
        (Some(b), Some(m)) if lands_here => (draw::arrived_count(b, m), draw::offset(m.from, m.to)),
        _ => (0, (0.0, 0.0)),
    };
    let captured = match (before, lands_here) {
        (Some(b), true) => draw::captured_between(b, game),
        _ => Vec::new(),
    };
    let class = classes!(
        "cell",
        (c.props.pick == Some(sq)).then_some("selected"),
        is_target.then_some("target"),
        last.is_some_and(|m| m.from == sq || m.to == sq)
            .then_some("last"),
        // The capture flashes only when the move is shown moving (not on opening a game).
        (c.props.animate && !captured.is_empty()).then_some("captured"),
        (!stack.is_empty()).then_some("stack"),
    );
    let label = if let Some(top) = stack.last() {
        let pips = top.size.pips();
        format!(
            "{sq}: {} (bottom to top); moves {pips} square{}{}",
            draw::describe_stack(stack),
            if pips == 1 { "" } else { "s" },
            if is_target { ". Move here" } else { "" },
        )
    } else {
        format!("{sq}: empty")
    };
    let onclick = {
        let (on_tap, roving) = (c.props.on_tap.clone(), c.roving.clone());
        Callback::from(move |_: MouseEvent| {
            roving.mark(sq);
            on_tap.emit(sq);
        })
    };
    let onkeydown = {
        let (on_tap, on_cancel, roving) = (
            c.props.on_tap.clone(),
            c.props.on_cancel.clone(),
            c.roving.clone(),
        );
        Callback::from(move |e: KeyboardEvent| match Key::pressed(&e) {
            Key::Pick => {
                e.prevent_default();
                on_tap.emit(sq);
            }
            Key::Cancel => on_cancel.emit(()),
            Key::Step(across, up) => {
                e.prevent_default();
                if let Some(next) = Square::new(sq.file() + across, sq.rank() + up) {
                    roving.go(next);
                }
            }
            Key::Other => {}
        })
    };
    let animate = (c.props.animate, c.props.ply);
    html! {
        <g {class} data-square={sq.to_string()} role="button" tabindex={c.roving.tabindex(&sq)}
            aria-label={label} aria-pressed={(c.props.pick == Some(sq)).to_string()} {onclick} {onkeydown}>
            <rect x={num(x)} y={num(y)} width="100" height="100"
                class={if (sq.file() + sq.rank()) % 2 == 0 { "sq dark" } else { "sq light" }} />
            { draw::stack_shapes(stack, (x, y), arrived, from, animate) }
            { motion::fade(c.props.animate, c.props.ply, draw::captured_shapes(&captured, (x, y))) }
            if is_target {
                <circle cx={num(x + 50.0)} cy={num(y + 50.0)} r="44" class="target-ring" />
            }
        </g>
    }
}

/// The Stack Control board and its panel, drawn in the kit's one board component ([`kit::Board`]).
#[hook]
fn use_board_view(props: &AnyBoardProps) -> Html {
    let board = kit::use_board::<StackControl>(props);
    let marks = kit::since::draw(&props.marks);
    let roving = use_roving(
        "data-square",
        Square::new(3, 3).unwrap_or_else(|| unreachable!()),
    );
    let Some(props) = &board else {
        return kit::not_this_game();
    };
    let targets = pick::targets(&props.position, props.pick, props.can_move);
    let c = Square_ {
        props,
        targets: &targets,
        roving: &roving,
    };
    html! {
        <>
            <div class="board-wrap">
                <svg class="board upright-cells" viewBox="-8 -8 846 846" role="group"
                    aria-label="Stack Control board. Arrow keys move between squares; Enter or Space picks a stack, then its landing square; Escape cancels.">
                    { for Square::all().map(|sq| square(&c, sq)) }
                    { draw::coordinates() }
                    // Drawn after every cell so no neighbour paints over it.
                    if let Some(sq) = props.pick {
                        <rect class="selection-outline" pointer-events="none"
                            x={num(square_xy(sq).0 + 4.0)} y={num(square_xy(sq).1 + 4.0)}
                            width="92" height="92" />
                    }
                    { marks }
                </svg>
            </div>
            { panel(props, &targets) }
        </>
    }
}
