//! The browser's older store, localStorage, and what the store needs of the browser besides
//! its database: the clock, fresh ids and seeds.
//!
//! Versions before the database kept one key per game (`stackplay.game.<id>`), entries that
//! could not be opened under `stackplay.aside.<slot>` with a reason under
//! `stackplay.why.<slot>`. The store copies them into the database on its first start and
//! removes each here only once it has read it back there ([`super::store`]).

use std::fmt;

use wasm_bindgen::JsCast;

/// Where the older store kept each game.
pub const GAME_PREFIX: &str = "stackplay.game.";
/// Where the older store kept an entry that could not be opened.
pub const ASIDE_PREFIX: &str = "stackplay.aside.";
/// Where the older store kept the reason of an entry set aside.
const WHY_PREFIX: &str = "stackplay.why.";

/// Why a write did not land.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveError {
    /// The browser's storage for this site is full.
    Full,
    /// The browser refused for another reason (saving turned off, a privacy setting).
    Refused,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SaveError::Full => "the browser's storage for this site is full",
            SaveError::Refused => "the browser refused to save",
        })
    }
}

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

/// Milliseconds since 1970, from the browser's clock.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A fresh id for a saved game: time and randomness, safe in URLs and keys.
pub fn new_id() -> String {
    let t = now_ms() as u64;
    let r = (js_sys::Math::random() * 1e12) as u64;
    format!("{t:x}{r:x}")
}

/// A fresh seed for a new game. It stays below 2^53 so that any JavaScript tool that reads
/// and rewrites a record keeps it exact.
pub fn new_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}
