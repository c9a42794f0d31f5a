//! The list of moves in words (each with its notation as a tooltip, where the viewer may
//! know it); choosing one shows the position after it.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::ui::kit::fixed;

use crate::session::MoveText;
use crate::ui::components::status::isolated;

/// What [`move_list`] shows.
pub struct MoveListProps {
    /// Moves in words, with the seat that played each.
    pub moves: Vec<(usize, MoveText)>,
    /// Player names by seat.
    pub names: Vec<String>,
    /// How many moves are on the board.
    pub cursor: usize,
    /// Called with the number of moves to show.
    pub on_goto: Callback<usize>,
    /// The time each move took, in ms, in a game with clocks (empty without).
    pub times: Vec<u64>,
    /// Where each turn starts (move indices, from 0) when turns are several moves: one line
    /// per turn, each move a button of its own. Empty: one line per move.
    pub turns: Vec<usize>,
}

/// The list element of the move list, which keeps the move on the board in view inside the
/// list (never scrolling the page itself) whenever `cursor` changes.
#[hook]
pub fn use_move_list_scroll(cursor: usize) -> NodeRef {
    let list = use_node_ref();
    {
        // Keep the current move in view inside the list (never scrolls the page itself).
        let list = list.clone();
        use_effect_with(cursor, move |_| {
            if let Some(list) = list.cast::<web_sys::HtmlElement>() {
                let current = list
                    .query_selector("li.current")
                    .ok()
                    .flatten()
                    .and_then(|li| li.dyn_into::<web_sys::HtmlElement>().ok());
                let top = current.map_or(0, |li| li.offset_top() - list.client_height() / 2);
                list.set_scroll_top(top.max(0));
            }
        });
    }
    list
}

/// The time moves `range` took together ("1:05"), in a game with clocks.
fn time_used(times: &[u64], range: std::ops::Range<usize>) -> Html {
    let Some(moves) = times.get(range) else {
        return Html::default();
    };
    let ms = moves.iter().sum::<u64>();
    // The computer's moves take no time of a clock.
    if ms == 0 {
        return Html::default();
    }
    let seconds = ms.div_ceil(1000);
    html! { <span class="time" title="time used">{ format!("{}:{:02}", seconds / 60, seconds % 60) }</span> }
}

/// The move list, in the list element of [`use_move_list_scroll`]. (A function, not a
/// component: each component type costs the first load.)
pub fn move_list(props: &MoveListProps, list: &NodeRef) -> Html {
    let item = |i: usize, seat: usize, mv: &MoveText| {
        let on_goto = props.on_goto.clone();
        let current = props.cursor == i + 1;
        let later = i >= props.cursor;
        let name = props.names.get(seat).cloned().unwrap_or_default();
        html! {
            <li class={classes!(current.then_some("current"), later.then_some("later"))}>
                <button type="button" aria-current={current.then_some("step")}
                    aria-label={format!("Show the position after move {}, {}: {mv}", i + 1, isolated(&name))}
                    title={mv.notation.clone()} onclick={Callback::from(move |_| on_goto.emit(i + 1))}>
                    <span class="n">{ format!("{}.", i + 1) }</span>
                    <span class="who"><bdi>{ name.clone() }</bdi></span>
                    <span class="mv">{ mv.text.clone() }</span>
                    { time_used(&props.times, i..i + 1) }
                </button>
            </li>
        }
    };
    // A turn of several moves: its number and player, then each move (a button showing the
    // position after it).
    let turn = |k: usize, from: usize, to: usize| {
        let seat = props.moves.get(from).map_or(0, |m| m.0);
        let name = props.names.get(seat).cloned().unwrap_or_default();
        let current = props.cursor > from && props.cursor <= to;
        let later = from >= props.cursor;
        html! {
            <li class={classes!("turn", current.then_some("current"), later.then_some("later"))}>
                <span class="n">{ format!("{}.", k + 1) }</span>
                <span class="who"><bdi>{ name.clone() }</bdi></span>
                <span class="steps">
                    { for (from..to).map(|i| {
                        let on_goto = props.on_goto.clone();
                        let (mv, title) = props.moves.get(i).map(|m| (m.1.text.clone(), m.1.notation.clone())).unwrap_or_default();
                        let here = props.cursor == i + 1;
                        html! {
                            <button type="button" class={classes!("mv", here.then_some("here"), (i >= props.cursor).then_some("later"))}
                                aria-current={here.then_some("step")} {title}
                                aria-label={format!("Show the position after move {}, {}: {mv}", i + 1, isolated(&name))}
                                onclick={Callback::from(move |_| on_goto.emit(i + 1))}>{ mv }</button>
                        }
                    }) }
                </span>
                { time_used(&props.times, from..to) }
            </li>
        }
    };
    let lines: Html = if props.turns.is_empty() {
        props
            .moves
            .iter()
            .enumerate()
            .map(|(i, (seat, mv))| item(i, *seat, mv))
            .collect()
    } else {
        props
            .turns
            .iter()
            .enumerate()
            .map(|(k, &from)| {
                let to = props.turns.get(k + 1).copied().unwrap_or(props.moves.len());
                turn(k, from, to)
            })
            .collect()
    };
    let on_start = {
        let on_goto = props.on_goto.clone();
        Callback::from(move |_| on_goto.emit(0))
    };
    html! {
        <div class="moves">
            { fixed::markup("<h2>Moves</h2>") }
            // The start scrolls with the moves: nothing stands over them.
            <div class="scroll" ref={list.clone()}>
                <button type="button" class={classes!("start", (props.cursor == 0).then_some("current"))} onclick={on_start}>{ "Start position" }</button>
                <ol>{ lines }</ol>
            </div>
        </div>
    }
}
