//! The browser's localStorage: one key per saved game (`stackplay.game.<id>`). Entries that
//! cannot be read are moved to `stackplay.aside.<id>`, untouched, and reported.

use web_sys::Storage;

use super::entry::{SavedGame, SetAside};

const GAME_PREFIX: &str = "stackplay.game.";
const ASIDE_PREFIX: &str = "stackplay.aside.";

fn storage() -> Result<Storage, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| "this browser does not allow saving (localStorage is off)".to_string())
}

fn keys_with(storage: &Storage, prefix: &str) -> Vec<String> {
    let len = storage.length().unwrap_or(0);
    let mut keys: Vec<String> = (0..len)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|k| k.starts_with(prefix))
        .collect();
    keys.sort();
    keys
}

/// The storage key of the saved game `id`.
pub fn key_of(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// Milliseconds since 1970, from the browser's clock (0 outside a browser).
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A fresh id for a saved game: time and randomness, safe in URLs and keys.
pub fn new_id() -> String {
    let t = now_ms() as u64;
    let r = (js_sys::Math::random() * 1e12) as u64;
    format!("{t:x}{r:x}")
}

/// A fresh seed for a new game.
pub fn new_seed() -> u64 {
    let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (hi << 32) | lo
}

/// Everything saved: the readable games (most recent first) and the entries set aside.
/// An unreadable game entry found now is moved aside here, so it is reported once and
/// never read again as a game.
pub fn load_all() -> (Vec<SavedGame>, Vec<SetAside>) {
    let Ok(storage) = storage() else {
        return (Vec::new(), Vec::new());
    };
    let mut games = Vec::new();
    for key in keys_with(&storage, GAME_PREFIX) {
        let Some(text) = storage.get_item(&key).ok().flatten() else {
            continue;
        };
        match SavedGame::parse(&text) {
            Ok(game) if key == key_of(&game.id) => games.push(game),
            Ok(_) => set_aside(&storage, &key, &text, "its id does not match its key"),
            Err(why) => set_aside(&storage, &key, &text, &why),
        }
    }
    games.sort_by(|a, b| b.updated_ms.total_cmp(&a.updated_ms));
    let aside = keys_with(&storage, ASIDE_PREFIX)
        .into_iter()
        .filter(|key| !key.ends_with(".why"))
        .map(|key| {
            let reason = storage
                .get_item(&format!("{key}.why"))
                .ok()
                .flatten()
                .unwrap_or_else(|| "could not be read".into());
            SetAside { key, reason }
        })
        .collect();
    (games, aside)
}

fn set_aside(storage: &Storage, key: &str, text: &str, why: &str) {
    let suffix = key.strip_prefix(GAME_PREFIX).unwrap_or(key);
    let aside_key = format!("{ASIDE_PREFIX}{suffix}");
    if storage.set_item(&aside_key, text).is_ok() {
        let _ = storage.set_item(&format!("{aside_key}.why"), why);
        let _ = storage.remove_item(key);
    }
}

/// One saved game by id.
///
/// # Errors
/// When there is none, or it cannot be read (it is then set aside).
pub fn load(id: &str) -> Result<SavedGame, String> {
    let storage = storage()?;
    let key = key_of(id);
    let text = storage
        .get_item(&key)
        .ok()
        .flatten()
        .ok_or_else(|| "there is no saved game with this id on this device".to_string())?;
    SavedGame::parse(&text).map_err(|why| {
        set_aside(&storage, &key, &text, &why);
        format!("this saved game could not be read and was set aside: {why}")
    })
}

/// Saves (or overwrites) a game.
///
/// # Errors
/// When the browser refuses (storage full or disabled).
pub fn save(game: &SavedGame) -> Result<(), String> {
    storage()?
        .set_item(&key_of(&game.id), &game.to_json())
        .map_err(|_| "the browser refused to save (storage full or disabled)".to_string())
}

/// Deletes a saved game.
pub fn delete(id: &str) {
    if let Ok(s) = storage() {
        let _ = s.remove_item(&key_of(id));
    }
}

/// The raw text of an entry set aside, for download.
pub fn aside_text(key: &str) -> Option<String> {
    storage().ok()?.get_item(key).ok().flatten()
}

/// Discards an entry set aside.
pub fn discard_aside(key: &str) {
    if let Ok(s) = storage() {
        let _ = s.remove_item(key);
        let _ = s.remove_item(&format!("{key}.why"));
    }
}
