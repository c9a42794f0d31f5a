//! Stackplay: five abstract stacking board games to play with friends on one device.
//!
//! - [`core`]: the game trait and what it speaks in (no web crates, no game).
//! - [`ai`]: the computer opponent, one tree search generic over the game trait.
//! - [`games`]: one folder per game (rules, notation, board view) and the tables of games.
//! - [`registry`]: the games by slug, driven through strings.
//! - [`record`]: game records, replayed from their seed and moves.
//! - [`session`]: a game being played, as a plain model the play page drives.
//! - [`computer`]: the computer's turn, as the page asks for it and its Web Worker answers.
//! - [`storage`]: saved games in the browser, validated on every load.
//! - [`stats`]: how the people did, game by game, from the saved games.
//! - `ui` (feature `ui`, on by default): the Yew app: routes, pages and shared components.
//!
//! Without the `ui` feature the crate is the engines alone and depends on no web crate.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
pub mod core;
pub mod games;
pub mod json;
pub mod record;
pub mod registry;
pub mod session;
pub mod stats;
pub mod storage;
#[cfg(feature = "ui")]
pub mod ui;
pub mod worker_protocol;

/// Opens the saved games, then mounts the app in the page's `<div id="app">`. Yew empties the
/// element and draws the app in one task, so the page's first paint there (index.html: the home
/// page as the app draws it, `tests/first_paint.rs`) gives way with no blank frame; opening the
/// games first makes the app's first drawing of the home page the whole page. The home page's
/// game cards are taken from the first paint before that (the bundle does not carry them).
/// Links followed meanwhile set the hash, which the app reads as it starts. The rest of
/// `<body>` is the page's own: index.html adds the offer of a newer build there.
#[cfg(feature = "ui")]
pub fn start() {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
    else {
        return;
    };
    if let Ok(Some(cards)) = root.query_selector(".games") {
        ui::pages::home::keep_cards(cards.inner_html());
    }
    wasm_bindgen_futures::spawn_local(async move {
        let props = ui::app::AppProps {
            store: storage::store::Store::open().await,
        };
        yew::Renderer::<ui::App>::with_root_and_props(root, props).render();
    });
}
