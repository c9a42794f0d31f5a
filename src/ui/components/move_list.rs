//! The list of moves in notation; choosing one shows the position after it.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::ui::components::status::isolated;

/// Props of [`MoveList`].
#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// Moves in notation, with the seat that played each.
    pub moves: Vec<(usize, String)>,
    /// Player names by seat.
    pub names: Vec<String>,
    /// How many moves are on the board.
    pub cursor: usize,
    /// Called with the number of moves to show.
    pub on_goto: Callback<usize>,
}

/// The move list.
#[component]
pub fn MoveList(props: &MoveListProps) -> Html {
    let list = use_node_ref();
    {
        // Keep the current move in view inside the list (never scrolls the page itself).
        let list = list.clone();
        use_effect_with(props.cursor, move |_| {
            if let Some(ol) = list.cast::<web_sys::HtmlElement>() {
                let current = ol
                    .query_selector("li.current")
                    .ok()
                    .flatten()
                    .and_then(|li| li.dyn_into::<web_sys::HtmlElement>().ok());
                let top = current.map_or(0, |li| li.offset_top() - ol.client_height() / 2);
                ol.set_scroll_top(top.max(0));
            }
        });
    }
    let item = |i: usize, seat: usize, mv: &str| {
        let on_goto = props.on_goto.clone();
        let current = props.cursor == i + 1;
        let later = i >= props.cursor;
        let name = props.names.get(seat).cloned().unwrap_or_default();
        html! {
            <li class={classes!(current.then_some("current"), later.then_some("later"))}>
                <button type="button" aria-current={current.then_some("step")}
                    aria-label={format!("Show the position after move {}, {}: {mv}", i + 1, isolated(&name))}
                    onclick={Callback::from(move |_| on_goto.emit(i + 1))}>
                    <span class="n">{ format!("{}.", i + 1) }</span>
                    <span class="who"><bdi>{ name.clone() }</bdi></span>
                    <span class="mv">{ mv.to_string() }</span>
                </button>
            </li>
        }
    };
    let on_start = {
        let on_goto = props.on_goto.clone();
        Callback::from(move |_| on_goto.emit(0))
    };
    html! {
        <div class="moves">
            <h2>{ "Moves" }</h2>
            <button type="button" class={classes!("start", (props.cursor == 0).then_some("current"))} onclick={on_start}>{ "Start position" }</button>
            <ol ref={list}>{ for props.moves.iter().enumerate().map(|(i, (seat, mv))| item(i, *seat, mv)) }</ol>
        </div>
    }
}
