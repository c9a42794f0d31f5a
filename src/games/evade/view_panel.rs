//! The panel under (or beside) the Evade board. The mover's controls come first: in the
//! secret setup the tray of six coins and its buttons, in play the buttons open now (peek,
//! pass, the draw); then the picked coin, the notes, and the key of the marks.

use yew::prelude::*;

use super::board::Square;
use super::coins::Value;
use super::pick::{self, Act, Button, Pick};
use super::rules::Evade;
use super::view_draw::tray_coin;
use super::words;
use crate::core::Viewer;
use crate::ui::kit::tap::say;

/// What the panel needs to draw itself.
pub struct Panel<'a> {
    pub game: &'a Evade,
    pub viewer: Viewer,
    pub can_move: bool,
    pub pick: Pick,
    pub targets: &'a [(Square, bool)],
    /// Why the last tap did nothing, if it did nothing.
    pub said: Option<AttrValue>,
    pub on_act: &'a Callback<Act>,
}

/// A button's click: `act`.
fn on(on_act: &Callback<Act>, act: Act) -> Callback<MouseEvent> {
    on_act.reform(move |_| act)
}

/// The secret setup: the next step, the tray, its buttons; then the row so far and the memo.
fn setup(props: &Panel) -> Html {
    let game = props.game;
    let (seat, row) = (game.turn_seat(), pick::home_row(game));
    let p = props.pick;
    let press = |what: Act| on(props.on_act, what);
    let tray = Value::ALL.iter().map(|&v| {
        let at = p.file_of(v).and_then(|f| Square::new(f as i32, row));
        let place = at.map_or_else(|| "not placed".to_string(), |sq| format!("on {sq}"));
        html! {
            <button type="button" class={classes!("tray-value", at.is_some().then_some("placed"))}
                data-value={v.letter().to_string()} aria-pressed={(p.value == Some(v)).to_string()}
                aria-label={format!("{}, {place}", words::value_words(v))} onclick={press(Act::Tray(v))}>
                { tray_coin(seat, v) }
                <span class="tray-where" aria-hidden="true">{ at.map_or_else(|| "—".to_string(), |sq| sq.to_string()) }</span>
            </button>
        }
    });
    let complete = p.complete().is_some();
    html! {
        <>
            <p class="evade-now" aria-live="polite">
                <strong>{ format!("Set up your coins in secret ({}).", words::side(seat)) }</strong>
                { " " }{ words::setup_step(&p, row) }
            </p>
            <div class="evade-tray" role="group" aria-label="Your six coins">{ for tray }</div>
            <div class="buttons">
                <button type="button" id="evade-random" onclick={press(Act::Random)}>{ "Random arrangement" }</button>
                <button type="button" id="evade-clear" onclick={press(Act::Clear)}
                    disabled={p.row.iter().all(Option::is_none)}>{ "Clear" }</button>
                <button type="button" id="evade-setup" class="primary" onclick={press(Act::SetUp)}
                    disabled={!complete}>{ "Set up" }</button>
            </div>
            <p class="evade-arrangement" aria-live="polite">{ words::arrangement(&p, row) }</p>
            <p class="evade-memo">{ words::memo(game.own_coins_shown()) }</p>
        </>
    }
}

/// A button of play: its id and its words.
fn button_face(b: Button) -> (&'static str, &'static str, bool) {
    match b {
        Button::Peek => ("evade-peek", "Peek at this coin", true),
        Button::Cancel => ("evade-cancel", "Cancel", false),
        Button::Pass => ("evade-pass", "Pass", true),
        Button::Offer => ("evade-offer", "Offer a draw", false),
        Button::Accept => ("evade-accept", "Accept the draw", true),
        Button::Decline => ("evade-decline", "Decline the draw", false),
    }
}

/// In play: whose turn, the buttons open now, the picked coin, the notes.
fn play(props: &Panel) -> Html {
    let game = props.game;
    let p = props.pick;
    let buttons = pick::buttons(game, &p, props.can_move)
        .into_iter()
        .map(|b| {
            let (id, text, primary) = button_face(b);
            html! {
                <button type="button" {id} class={primary.then_some("primary")}
                    onclick={on(props.on_act, Act::Button(b))}>{ text }</button>
            }
        });
    let detail = p
        .square
        .map(|sq| words::detail(game, sq, props.viewer, props.can_move, props.targets));
    html! {
        <>
            <p class="evade-now"><strong>{ words::headline(game, props.can_move) }</strong></p>
            <div class="buttons">{ for buttons }</div>
            <p class="evade-detail" aria-live="polite">{ detail.unwrap_or_default() }</p>
            { for words::notes(game, props.can_move, p.square.is_some()).into_iter().map(|t| html! { <p class="evade-note">{ t }</p> }) }
        </>
    }
}

/// The Evade panel (a plain function, not a component: it is drawn with its board).
pub fn panel(props: &Panel) -> Html {
    let body = if pick::arranging(props.game, props.can_move) {
        setup(props)
    } else {
        play(props)
    };
    html! {
        <div class="board-panel evade-panel">
            { say(props.said.as_deref()) }
            { body }
            { crate::ui::kit::marks::marks_key("evade", "What the marks mean") }
        </div>
    }
}
