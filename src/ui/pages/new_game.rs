//! `#/new/<slug>`: players, names, colours and options; then play.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::ui::components::dead_end::dead_end;

use crate::core::PlayerInfo;
use crate::registry;
use crate::ui::actions::start_new_game;
use crate::ui::game_views;

/// Props of [`NewGame`].
#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// The game's slug.
    pub slug: String,
}

fn input_value(e: &Event) -> String {
    e.target()
        .and_then(|t| {
            t.clone()
                .dyn_into::<web_sys::HtmlInputElement>()
                .map(|i| i.value())
                .or_else(|_| {
                    t.dyn_into::<web_sys::HtmlSelectElement>()
                        .map(|s| s.value())
                })
                .ok()
        })
        .unwrap_or_default()
}

/// The new-game page.
#[component]
pub fn NewGame(props: &NewGameProps) -> Html {
    let palette = game_views::palette(&props.slug);
    let players = use_state({
        let palette = palette.clone();
        move || {
            (0..palette.len().max(5))
                .map(|i| PlayerInfo {
                    name: format!("Player {}", i + 1),
                    colour: palette.get(i).map(|c| c.letter.clone()).unwrap_or_default(),
                })
                .collect::<Vec<_>>()
        }
    });
    let min_players = registry::find(&props.slug).map_or(2, |e| e.info().min_players);
    let count = use_state(|| min_players);
    let error = use_state(|| None::<String>);
    let starting = use_state(|| false);
    let Ok(entry) = registry::find(&props.slug) else {
        return dead_end(
            "No such game",
            format!("There is no game called \"{}\".", props.slug),
        );
    };
    let info = entry.info();
    let on_count = {
        let count = count.clone();
        let error = error.clone();
        Callback::from(move |e: Event| {
            if let Some(n) = input_value(&e)
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=5).contains(n))
            {
                count.set(n);
                error.set(None);
            }
        })
    };
    let rows = (0..*count).map(|i| {
        let on_name = {
            let players = players.clone();
            let error = error.clone();
            Callback::from(move |e: Event| {
                error.set(None);
                let mut next = (*players).clone();
                next[i].name = input_value(&e);
                players.set(next);
            })
        };
        let on_colour = {
            let players = players.clone();
            let error = error.clone();
            Callback::from(move |e: Event| {
                error.set(None);
                let mut next = (*players).clone();
                next[i].colour = input_value(&e);
                players.set(next);
            })
        };
        let current = players[i].colour.clone();
        html! {
            <fieldset class="seat">
                <legend>{ format!("Seat {}", i + 1) }</legend>
                <label>{ "Name " }<input type="text" maxlength="40" value={players[i].name.clone()} onchange={on_name} /></label>
                <label>{ "Colour " }
                    <select onchange={on_colour}>
                        { for palette.iter().map(|c| html! {
                            <option value={c.letter.clone()} selected={c.letter == current}>{ c.name.clone() }</option>
                        }) }
                    </select>
                </label>
                <span class="chip" aria-hidden="true" style={{
                    let c = game_views::colour_of(&props.slug, &current);
                    format!("background:{};color:{}", c.fill, c.ink)
                }}>{ current.clone() }</span>
            </fieldset>
        }
    });
    let on_start = {
        let players = players.clone();
        let count = count.clone();
        let error = error.clone();
        let slug = props.slug.clone();
        let starting = starting.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if *starting {
                return; // a double click starts one game, not two
            }
            let chosen: Vec<PlayerInfo> = players
                .iter()
                .take(*count)
                .map(|p| PlayerInfo {
                    name: p.name.trim().to_string(),
                    colour: p.colour.clone(),
                })
                .collect();
            if let Some(p) = chosen.iter().position(|p| p.name.is_empty()) {
                error.set(Some(format!("Seat {} needs a name.", p + 1)));
                return;
            }
            starting.set(true);
            let result = game_views::options_for(&slug, &chosen)
                .and_then(|options| start_new_game(&slug, &options, chosen));
            if let Err(why) = result {
                starting.set(false);
                error.set(Some(why));
            }
        })
    };
    html! {
        <section class="page new-game">
            <h1>{ format!("New game of {}", info.name) }</h1>
            <form onsubmit={on_start}>
                <label>{ "Players " }
                    <select id="player-count" onchange={on_count}>
                        { for (info.min_players..=info.max_players).map(|n| html! {
                            <option value={n.to_string()} selected={n == *count}>{ n }</option>
                        }) }
                    </select>
                </label>
                { for rows }
                <p class="hint">{ game_views::setup_hint(&props.slug) }</p>
                if let Some(e) = &*error { <p class="error" role="alert">{ e.clone() }</p> }
                <button type="submit" class="primary" id="start-game" disabled={*starting}>{ "Start the game" }</button>
            </form>
        </section>
    }
}
