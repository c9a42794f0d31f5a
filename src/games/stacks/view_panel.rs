//! The panel under (or beside) the Stacks board. The mover's controls come first (the
//! answer to the last tap, whose turn and what it has left, the group size, pass, enter,
//! cancel), then what the last move did, the picked stack whole and the key to the marks.

use yew::prelude::*;

use super::pick::{self, Pick, Thing};
use super::rules::{own_run, row_letter, Cell, Colour, Stacks, StacksMove};
use super::view_draw::class_of;
use super::view_words::{self as words, moves_words, pieces_words};
use crate::core::Game;
use crate::ui::kit::tap::say;

/// What the panel shows and what its buttons call.
pub struct PanelProps<'a> {
    pub position: &'a Stacks,
    pub before: Option<&'a Stacks>,
    pub last_move: Option<StacksMove>,
    pub can_move: bool,
    pub pick: Pick,
    /// Why the last tap did nothing, if it did nothing.
    pub said: Option<AttrValue>,
    pub on_tap: &'a Callback<Thing>,
    pub on_cancel: &'a Callback<()>,
}

/// The group-size buttons of the picked stack, when more than one piece may move.
fn count_buttons(p: &PanelProps<'_>) -> Html {
    let Some((_, count, most)) = pick::group(p.position, p.pick, p.can_move) else {
        return Html::default();
    };
    if most < 2 {
        return Html::default();
    }
    html! {
        <div class="buttons stacks-count" role="group" aria-label="How many pieces to move">
            { for (1..=most).map(|k| html! {
                <button type="button" data-count={k.to_string()} aria-pressed={(k == count).to_string()}
                    aria-label={format!("Move {}", pieces_words(k))}
                    onclick={p.on_tap.reform(move |_: MouseEvent| Thing::Count(k))}>
                    { k.to_string() }
                </button>
            }) }
        </div>
    }
}

/// The buttons of the step: pass (the only one then), enter a piece, cancel.
fn step_buttons(p: &PanelProps<'_>) -> Html {
    let game = p.position;
    let turn = game.turn();
    let pass = pick::must_pass(game, p.can_move).then(|| {
        html! {
            <button type="button" id="stacks-pass" class="primary"
                onclick={p.on_tap.reform(|_: MouseEvent| Thing::Pass)}>
                { "No legal step: you must pass" }
            </button>
        }
    });
    let enter = (pass.is_none() && p.can_move && !game.entry_cells().is_empty()).then(|| html! {
        <button type="button" id="stacks-enter" aria-pressed={(p.pick == Pick::Reserve).to_string()}
            onclick={p.on_tap.reform(move |_: MouseEvent| Thing::Reserve(turn))}>
            { format!("Enter a piece ({} in reserve)", game.reserve(turn)) }
        </button>
    });
    let cancel = (p.pick != Pick::Nothing).then(|| html! {
        <button type="button" id="stacks-cancel" onclick={p.on_cancel.reform(|_: MouseEvent| ())}>
            { "Cancel" }
        </button>
    });
    if pass.is_none() && enter.is_none() && cancel.is_none() {
        return Html::default();
    }
    html! { <div class="buttons">{ pass }{ enter }{ cancel }</div> }
}

/// The picked stack whole, top first, and what the mover may do with it.
fn stack_detail(p: &PanelProps<'_>, c: Cell) -> Html {
    let game = p.position;
    let stack = game.stack(c);
    let me = Colour::of_seat(game.turn());
    let group = pick::group(game, p.pick, p.can_move);
    let moving = group.map_or(0, |g| usize::from(g.1));
    let note = match group {
        _ if !p.can_move || game.to_move().is_none() => String::new(),
        None => format!("Its top piece is not {}'s: it cannot move.", me.name()),
        Some((_, count, most)) => {
            let run = own_run(stack, me);
            let mut text = if pick::targets(game, p.pick, p.can_move).is_empty() {
                format!(
                    "This group has nowhere to go with {} left.",
                    moves_words(game.moves_left())
                )
            } else {
                "Tap a highlighted place to move there.".to_string()
            };
            if c.row == game.far_row(game.turn()) && usize::from(count) > run {
                text.push_str(&format!(
                    " Only your own pieces leave the board: at most {run}."
                ));
            }
            if most > 1 {
                text.push_str(" Tap the stack again for one more piece.");
            }
            text
        }
    };
    html! {
        <>
            if !note.is_empty() { <p>{ note }</p> }
            <ol class="stacks-list" aria-label={format!("Stack on {c}, top to bottom")}>
                { for stack.iter().rev().enumerate().map(|(i, &piece)| {
                    let end = if i == 0 { " (top)" } else if i + 1 == stack.len() { " (bottom)" } else { "" };
                    html! {
                        <li class={classes!((i < moving).then_some("moving"))}>
                            <span class={classes!("swatch", class_of(piece))} aria-hidden="true"></span>
                            { format!("{}{end}", piece.name()) }
                        </li>
                    }
                }) }
            </ol>
        </>
    }
}

/// The Stacks panel (a plain function of the board's: no component of its own to keep).
pub fn panel(p: &PanelProps<'_>) -> Html {
    let game = p.position;
    let over = game.to_move().is_none();
    let must_pass = pick::must_pass(game, p.can_move);
    let note = p
        .before
        .zip(p.last_move)
        .map(|(before, mv)| words::last_move_note(before, game, mv));
    let detail = match p.pick {
        Pick::Stack { cell, .. } => stack_detail(p, cell),
        Pick::Reserve => html! {
            <p>{ format!("Enter a piece on a highlighted cell of row {} ({} left).",
                row_letter(game.near_row(game.turn())), pieces_words(game.reserve(game.turn()))) }</p>
        },
        Pick::Nothing if p.can_move && !over => html! { <p>{ words::advice(game, must_pass) }</p> },
        Pick::Nothing => Html::default(),
    };
    html! {
        <div class="board-panel stacks-panel">
            { say(p.said.as_deref()) }
            <div class="stacks-controls">
                <p class="stacks-now"><strong>{ words::headline(game, p.can_move, must_pass) }</strong></p>
                { count_buttons(p) }
                { step_buttons(p) }
            </div>
            if let Some((text, early)) = note {
                <p class={classes!("stacks-note", early.then_some("early"))} role="status">{ text }</p>
            }
            <div class="stacks-detail" aria-live="polite">{ detail }</div>
            { crate::ui::kit::marks::marks_key("stacks", "What the marks mean") }
        </div>
    }
}
