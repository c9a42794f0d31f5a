//! The play page's parts: the seats' colours, player cards, the result and its rematch, and
//! the hand-off screen.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::{PlayAction, PlayState};
use crate::core::Outcome;
use crate::record::GameRecord;
use crate::registry::AnyGame;
use crate::session::Session;
use crate::storage::store::Store;
use crate::storage::SavedGame;
use crate::ui::actions;
use crate::ui::components::status::{isolated, player_name, result_line};
use crate::ui::pages::new_game_table::TableChoice;
use crate::ui::routes::Route;
use crate::ui::views;

/// Starts a new game with the same game, options, players, seats and clocks, and a fresh
/// seed (what cannot be started is told on the page).
pub fn rematch(
    store: &Store,
    session: &Session,
    dispatcher: &UseReducerDispatcher<PlayState>,
) -> Callback<MouseEvent> {
    let (store, record, dispatcher) = (store.clone(), session.record().clone(), dispatcher.clone());
    let table = TableChoice {
        around: session.table().around,
        minutes: record.clock.map_or(0, |c| c.minutes),
        increment: record.clock.map_or(0, |c| c.increment_s),
    };
    Callback::from(move |_| {
        let players = record.players.clone();
        let game = (record.game.as_str(), record.options.as_str(), players);
        if let Err(why) = actions::start_new_game(&store, game, table) {
            dispatcher.dispatch(PlayAction::Tell(why));
        }
    })
}

/// The colour `seat` is painted in, as CSS.
pub fn seat_colour(record: &GameRecord, seat: usize) -> String {
    let letter = record.players.get(seat).map_or("", |p| p.colour.as_str());
    views::paint(&record.game, letter).fill.to_string()
}

/// The player cards: name, side, score and the game's facts about each seat, as the viewer
/// may see them, and the hints each was shown.
pub fn player_cards(slug: &str, saved: &SavedGame, shown: &dyn AnyGame) -> Html {
    let record = &saved.record;
    let to_move = shown.to_move();
    (0..shown.seats())
        .map(|seat| {
            let card = shown.seat_card(seat);
            let colour = record.players.get(seat).map_or("", |p| p.colour.as_str());
            let paint = views::paint(slug, colour);
            let moving = to_move == Some(seat);
            let hints = saved.hints_of(seat);
            html! {
                <li class={classes!("player", moving.then_some("to-move"), card.out.then_some("out"))}>
                    <span class="chip" style={format!("background:{};color:{}", paint.fill, paint.ink)} aria-hidden="true">{ colour.to_string() }</span>
                    <span class="name"><bdi>{ player_name(record, seat) }</bdi></span>
                    if let Some(strength) = record.players.get(seat).and_then(|p| p.computer) {
                        <span class="badge computer">{ format!("computer, {}", strength.label()) }</span>
                    }
                    if let Some(score) = card.score {
                        <span class="score" aria-label="score">{ score }</span>
                    }
                    if !card.side.is_empty() { <span class="colour-name">{ card.side }</span> }
                    if card.out { <span class="badge">{ "out" }</span> }
                    if moving { <span class="badge turn">{ "to move" }</span> }
                    { for card.facts.iter().map(|f| html! {
                        <span class="fact">{ format!("{}: {}", f.label, f.value) }</span>
                    }) }
                    if hints > 0 { <span class="fact hints">{ format!("hints: {hints}") }</span> }
                </li>
            }
        })
        .collect()
}

/// The result: who won, why, the ranking with scores, the hints each seat was shown, and a
/// rematch.
pub fn result_box(
    saved: &SavedGame,
    names: &[String],
    outcome: &Outcome,
    on_rematch: Callback<MouseEvent>,
) -> Html {
    let record = &saved.record;
    // "Hints used: Ann 3, Bob 1", and an older game's hints counted for nobody.
    let mut hints: Vec<String> = names
        .iter()
        .enumerate()
        .filter(|&(s, _)| saved.hints_of(s) > 0)
        .map(|(s, name)| format!("{} {}", isolated(name), saved.hints_of(s)))
        .collect();
    if saved.unattributed_hints() > 0 {
        hints.push(format!(
            "{} before they were counted per player",
            saved.unattributed_hints()
        ));
    }
    let scores = outcome.scores.as_ref().map(|scores| {
        let mut place = 1;
        let rows = outcome.ranking(record.players.len()).into_iter().map(|group| {
            let label = if group.len() > 1 { format!("{place}= ") } else { format!("{place}. ") };
            place += group.len();
            group.iter().map(|&s| html! {
                <li>
                    <span class="place">{ label.clone() }</span>
                    <span class="dot" aria-hidden="true" style={format!("background:{}", seat_colour(record, s))}></span>
                    { " " }<bdi>{ names.get(s).cloned().unwrap_or_default() }</bdi>{ format!(": {}", scores.get(s).copied().unwrap_or(0)) }
                </li>
            }).collect::<Html>()
        });
        html! { <ul class="final-scores">{ for rows }</ul> }
    });
    html! {
        <div class="game-over">
            <h2>{ result_line(record, outcome) }</h2>
            <p>{ outcome.reason.clone() }</p>
            { scores.unwrap_or_default() }
            if !hints.is_empty() {
                <p class="hints-used">{ format!("Hints used: {}", hints.join(", ")) }</p>
            }
            <button type="button" class="primary" onclick={on_rematch}>{ "Rematch" }</button>
        </div>
    }
}

/// Which position a click on the chances chart ([`crate::worker_protocol::chances`]: positions
/// spread evenly across it) picks, of `positions`.
pub fn chart_point(e: &MouseEvent, positions: usize) -> usize {
    let last = positions.saturating_sub(1) as f64;
    // The chart's own element (Yew listens at the app's root, so not the current target).
    let along = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("svg").ok().flatten())
        .map_or(0.0, |el| {
            let r = el.get_bounding_client_rect();
            (f64::from(e.client_x()) - r.left()) / r.width().max(1.0)
        });
    (along * last).round().clamp(0.0, last) as usize
}

/// Hides the board of a hidden-information game until the seat it belongs to holds the device.
/// Around the device, it faces the person it calls and says where they sit.
pub fn handoff_screen(
    session: &Session,
    seat: usize,
    dispatcher: &UseReducerDispatcher<PlayState>,
) -> Html {
    let (info, record) = (session.live().info(), session.record());
    let can_undo = session.saved().can_undo();
    let side = session.side_of(seat);
    let (class, face) = super::table::turned(side);
    let name = player_name(record, seat);
    let name_of = |s: usize| player_name(record, s);
    let onclick = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_| dispatcher.dispatch(PlayAction::HandedOver))
    };
    // Whoever just moved may take it back before handing over (it hands over again).
    let undo = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_| dispatcher.dispatch(PlayAction::Undo))
    };
    html! {
        <section class={classes!("page", "play", class)} style={face}>
            <div class="play-head">
                <h1>{ info.name }</h1>
                <a href={Route::Rules(info.slug.to_string()).href()}>{ "Rules" }</a>
            </div>
            <div class="handoff" role="dialog" aria-labelledby="handoff-title">
                <h2 id="handoff-title">{ "Pass the device to " }<bdi>{ name.clone() }</bdi></h2>
                if let Some(side) = side {
                    <p class="where">{ format!("{} sits {}: the screen already faces them.", isolated(&name), side.words()) }</p>
                }
                <p>{ "The board shows secrets only " }<bdi>{ name.clone() }</bdi>{ " may see. Everyone else: look away." }</p>
                <p class="meta">{ format!("Players: {}", (0..record.players.len()).map(|s| isolated(&name_of(s))).collect::<Vec<_>>().join(", ")) }</p>
                <button type="button" class="primary" id="handoff-ready" {onclick}>
                    { "I am " }<bdi>{ name }</bdi>{ ": show my board" }
                </button>
                if can_undo {
                    <p><button type="button" id="handoff-undo" onclick={undo}>{ "Undo the last move" }</button></p>
                }
            </div>
        </section>
    }
}
