//! The browser's older store, localStorage, read once.
//!
//! Versions before the database kept one key per game (`stackplay.game.<id>`), entries that
//! could not be opened under `stackplay.aside.<slot>` with a reason under
//! `stackplay.why.<slot>`. The store copies them into the database on its first start and
//! removes each here only once it has read it back there ([`super::store`]).

use wasm_bindgen::JsCast;

/// Where the older store kept each game.
pub const GAME_PREFIX: &str = "stackplay.game.";
/// Where the older store kept an entry that could not be opened.
pub const ASIDE_PREFIX: &str = "stackplay.aside.";
/// Where the older store kept the reason of an entry set aside.
const WHY_PREFIX: &str = "stackplay.why.";

fn older() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Every game and set-aside entry of the older store: (key, text).
pub fn older_entries() -> Vec<(String, String)> {
    let Some(s) = older() else {
        return Vec::new();
    };
    // One call for every key (`key(i)` one by one is slow with thousands of keys).
    js_sys::Object::keys(s.unchecked_ref::<js_sys::Object>())
        .iter()
        .filter_map(|k| k.as_string())
        .filter(|k| k.starts_with(GAME_PREFIX) || k.starts_with(ASIDE_PREFIX))
        .filter_map(|k| {
            let text = s.get_item(&k).ok().flatten()?;
            Some((k, text))
        })
        .collect()
}

/// The reason the older store gave for the entry set aside under `slot`, if any.
pub fn older_reason(slot: &str) -> Option<String> {
    older()?
        .get_item(&format!("{WHY_PREFIX}{slot}"))
        .ok()
        .flatten()
}

/// Removes an entry of the older store (and its reason, for one set aside).
pub fn forget_older(key: &str) {
    if let Some(s) = older() {
        let _ = s.remove_item(key);
        if let Some(slot) = key.strip_prefix(ASIDE_PREFIX) {
            let _ = s.remove_item(&format!("{WHY_PREFIX}{slot}"));
        }
    }
}
