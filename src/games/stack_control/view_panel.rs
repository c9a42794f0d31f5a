//! The panel under (or beside) the Stack Control board: the answer to the last tap, the
//! stack picked with every pyramid in it, and what the last move captured.

use yew::prelude::*;

use crate::ui::kit::fixed;

use super::rules::{Square, StackControl};
use super::view_draw::{self as draw, captured_between};
use crate::core::Game;
use crate::ui::kit::tap::say;
use crate::ui::kit::BoardProps;

/// A stack's pyramids counted by size ("2 pawns, 1 queen"): three of a size capture.
fn by_size(stack: &[super::pieces::Pyramid]) -> String {
    use super::pieces::Size;
    [
        (Size::Pawn, "pawn"),
        (Size::Drone, "drone"),
        (Size::Queen, "queen"),
    ]
    .iter()
    .filter_map(|&(size, name)| {
        let n = stack.iter().filter(|p| p.size == size).count();
        (n > 0).then(|| format!("{n} {name}{}", if n == 1 { "" } else { "s" }))
    })
    .collect::<Vec<_>>()
    .join(", ")
}

/// The picked stack, whole, top first.
fn stack_detail(game: &StackControl, sq: Square, landings: usize) -> Html {
    let stack = game.stack(sq);
    let pips = stack.last().map_or(0, |p| p.size.pips());
    let landing = match landings {
        _ if game.to_move().is_none() => "the game is over.".to_string(),
        0 => "it has nowhere to land now.".to_string(),
        1 => "1 landing square highlighted.".to_string(),
        n => format!("{n} landing squares highlighted."),
    };
    html! {
        <>
            <p>{ format!("The stack on {sq} ({} high: {}) moves exactly {pips}; {landing}", stack.len(), by_size(stack)) }</p>
            <ol class="stack-list" aria-label={format!("Stack on {sq}, top to bottom")}>
                { for stack.iter().rev().map(|&p| html! {
                    <li>
                        <span class="mark" style={format!("background:{};color:{}", draw::css(p.colour), draw::ink(p.colour))}>
                            { draw::mark(p) }
                        </span>
                        { format!(" {} {}", p.colour.name(), p.size.name()) }
                    </li>
                }) }
            </ol>
        </>
    }
}

/// The Stack Control panel: the answer to the last tap, what the last move captured, and
/// the stack picked (`targets`: its landing squares).
pub fn panel(props: &BoardProps<StackControl>, targets: &[Square]) -> Html {
    let game = &*props.position;
    let detail = match props.pick {
        Some(sq) if !game.stack(sq).is_empty() => stack_detail(game, sq, targets.len()),
        _ if game.to_move().is_none() => fixed::markup("<p>The game is over.</p>"),
        _ => fixed::markup("<p>Pick any stack: it moves exactly as many squares as the pips of its top pyramid, in a straight line, onto another stack.</p>"),
    };
    let captured = props
        .before
        .as_ref()
        .map_or_else(Vec::new, |before| captured_between(before, game));
    let capture_note = (!captured.is_empty()).then(|| {
        let at = props.last_move.map(|m| m.to.to_string()).unwrap_or_default();
        html! { <p class="capture-note" role="status">{ format!("Captured on {at}: {}.", draw::describe_stack(&captured)) }</p> }
    });
    html! {
        <div class="board-panel">
            { say(props.said.as_deref()) }
            { capture_note }
            <div class="detail" aria-live="polite">{ detail }</div>
            { crate::ui::kit::marks::marks_key("stack-control", "What the marks mean") }
        </div>
    }
}
