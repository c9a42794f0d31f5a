//! `#/`: the games, the saved games to continue, and entries that could not be read.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::record::GameRecord;
use crate::registry;
use crate::storage::{local, SavedGame, SetAside};
use crate::ui::actions::import_record;
use crate::ui::browser;
use crate::ui::components::status::{player_name, status_line};
use crate::ui::routes::Route;
use crate::ui::views;

fn game_cards() -> Html {
    registry::games()
        .iter()
        .map(|entry| {
            let info = entry.info();
            let players = if info.min_players == info.max_players {
                format!("{} players", info.min_players)
            } else {
                format!("{}–{} players", info.min_players, info.max_players)
            };
            html! {
                <li class="game-card">
                    { views::thumbnail(info.slug) }
                    <div>
                        <h3>{ info.name }</h3>
                        <p class="meta">{ format!("{} · {players}", info.designer) }</p>
                        <p>{ info.pitch }</p>
                        <p class="actions">
                            <a class="button primary" href={Route::New(info.slug.into()).href()}>{ "New game" }</a>
                            <a class="button" href={Route::Rules(info.slug.into()).href()}>{ "Rules" }</a>
                        </p>
                    </div>
                </li>
            }
        })
        .collect()
}

fn saved_row(saved: &SavedGame, on_delete: Callback<String>) -> Html {
    let record = &saved.record;
    let name = registry::find(&record.game).map_or("?", |e| e.info().name);
    // The live game (all its moves), even if the board was left on an earlier move.
    let status = record
        .replay(record.moves.len())
        .map(|g| status_line(record, g.as_ref()))
        .unwrap_or_else(|e| e.to_string());
    let players: Vec<String> = (0..record.players.len())
        .map(|s| player_name(record, s))
        .collect();
    let id = saved.id.clone();
    html! {
        <li class="saved" data-id={saved.id.clone()}>
            <a class="continue" href={Route::Play(saved.id.clone()).href()}>
                <strong>{ name }</strong>
                <span class="who">
                    { for record.players.iter().zip(&players).map(|(p, name)| html! {
                        <span class="player-tag">
                            <span class="dot" aria-hidden="true"
                                style={format!("background:{}", views::paint(&record.game, &p.colour).fill)}></span>
                            <bdi>{ name.clone() }</bdi>
                        </span>
                    }) }
                </span>
                <span class="status">{ status }</span>
                <span class="when">{ if saved.updated_ms > 0.0 { format!("last played {}", browser::local_time(saved.updated_ms)) } else { "last played: unknown".to_string() } }</span>
            </a>
            <button type="button" class="danger" aria-label={format!("Delete the {name} game of {}", players.join(", "))}
                onclick={Callback::from(move |_| on_delete.emit(id.clone()))}>{ "Delete" }</button>
        </li>
    }
}

fn aside_row(a: &SetAside, on_discard: Callback<String>) -> Html {
    let key = a.key.clone();
    let download_key = a.key.clone();
    html! {
        <li class="aside">
            <span>{ format!("Saved entry {}: {}", a.id, a.reason) }</span>
            <button type="button" onclick={Callback::from(move |_| {
                if let Some(text) = local::raw_text(&download_key) {
                    let _ = browser::download(&format!("{download_key}.json"), &text);
                }
            })}>{ "Download" }</button>
            <button type="button" class="danger" onclick={Callback::from(move |_| on_discard.emit(key.clone()))}>{ "Discard" }</button>
        </li>
    }
}

/// The home page.
#[component]
pub fn Home() -> Html {
    let store = use_state(local::load_all);
    // Probed once: the probe writes a key, and every write wakes the other tabs.
    let can_save = use_state(local::available);
    let file_message = use_state(|| None::<String>);
    let on_delete = {
        let store = store.clone();
        Callback::from(move |id: String| {
            if browser::confirm("Delete this saved game? This cannot be undone.") {
                local::delete(&id);
                store.set(local::load_all());
            }
        })
    };
    let on_discard = {
        let store = store.clone();
        Callback::from(move |key: String| {
            if browser::confirm("Discard this unreadable entry for good?") {
                local::discard(&key);
                store.set(local::load_all());
            }
        })
    };
    let on_file = {
        let file_message = file_message.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            else {
                return;
            };
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            // Clear the picker so choosing the same file again is noticed.
            input.set_value("");
            if file.size() > 2_000_000.0 {
                file_message.set(Some(
                    "that file is too large to be a game record".to_string(),
                ));
                return;
            }
            let file_message = file_message.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                let result = match text.ok().and_then(|t| t.as_string()) {
                    None => Err("That file could not be read.".to_string()),
                    Some(text) => GameRecord::from_json(&text)
                        .map_err(|e| format!("That file cannot be opened: {e}."))
                        .and_then(import_record),
                };
                match result {
                    Ok(id) => browser::navigate(&Route::Play(id)),
                    Err(why) => file_message.set(Some(why)),
                }
            });
        })
    };
    let (games, aside) = &*store;
    html! {
        <section class="page home">
            <h1>{ "Stacking games for friends around one device" }</h1>
            if !*can_save {
                <p class="warning" role="alert">{ "This browser is not letting the app save (private windows and some privacy settings do this). You can still play: games live in this tab until it closes. Use Download on a game to keep it." }</p>
            }
            // Returning players see their games first; newcomers see the games to start.
            if !games.is_empty() {
                <h2>{ "Continue" }</h2>
                <ul class="saved-list">{ for games.iter().map(|g| saved_row(g, on_delete.clone())) }</ul>
            }
            <h2>{ "Games" }</h2>
            <ul class="games">{ game_cards() }</ul>
            if games.is_empty() {
                <p class="empty">{ "No saved games yet. Every move is saved on this device as you play." }</p>
            }
            if !aside.is_empty() {
                <div class="warning" role="alert">
                    <h2>{ "Saved entries that could not be opened" }</h2>
                    <p>{ "These were set aside untouched; your other games are fine. You can download them or discard them." }</p>
                    <ul>{ for aside.iter().map(|a| aside_row(a, on_discard.clone())) }</ul>
                </div>
            }
            <h2>{ "Open a game file" }</h2>
            <label class="file">{ "Game record (.json): " }
                <input type="file" accept=".json,application/json" onchange={on_file} />
            </label>
            if let Some(m) = &*file_message { <p class="error" role="alert">{ m.clone() }</p> }
        </section>
    }
}
