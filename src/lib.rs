//! Stackplay: five abstract stacking board games to play with friends on one device.
//!
//! - [`core`]: the game trait, records and the registry (no web crates).
//! - [`games`]: one folder per game: rules, notation, and its board view.
//! - [`storage`]: saved games in the browser, validated on every load.
//! - `ui` (feature `ui`, on by default): the Yew app: routes, pages and shared components.
//!
//! Without the `ui` feature the crate is the engines alone and depends on no web crate.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod core;
pub mod games;
pub mod storage;
#[cfg(feature = "ui")]
pub mod ui;

/// Mounts the app on the page's `<body>`, replacing the "loading" note.
#[cfg(feature = "ui")]
pub fn start() {
    if let Some(note) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        note.remove();
    }
    yew::Renderer::<ui::App>::new().render();
}
