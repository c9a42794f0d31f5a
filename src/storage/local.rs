//! The browser's localStorage: one key per saved game (`stackplay.game.<id>`). An entry that
//! cannot be opened is moved, untouched, to `stackplay.aside.<id>` (its reason beside it under
//! `stackplay.why.<id>`) and reported; an entry from a newer version of the app is reported
//! and left where it is, so that version can still open it. Where the browser refuses
//! localStorage, games live in this tab's memory instead, and the home page says so.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

use super::entry::{valid_id, SavedGame, SetAside};

const GAME_PREFIX: &str = "stackplay.game.";
const ASIDE_PREFIX: &str = "stackplay.aside.";
const WHY_PREFIX: &str = "stackplay.why.";

thread_local! {
    /// Whether localStorage takes writes, probed once per page load (`None`: not yet).
    static LOCAL_WORKS: Cell<Option<bool>> = const { Cell::new(None) };
    /// Where games live when the browser refuses localStorage: this tab's memory.
    static MEMORY: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
}

/// Where saved games live: the browser's localStorage or, where the browser refuses it
/// (some private modes and privacy settings), memory that lasts as long as the tab.
enum Store {
    Local(web_sys::Storage),
    Memory,
}

impl Store {
    fn get_item(&self, key: &str) -> Result<Option<String>, ()> {
        match self {
            Store::Local(s) => s.get_item(key).map_err(drop),
            Store::Memory => Ok(MEMORY.with(|m| m.borrow().get(key).cloned())),
        }
    }

    fn set_item(&self, key: &str, value: &str) -> Result<(), ()> {
        match self {
            Store::Local(s) => s.set_item(key, value).map_err(drop),
            Store::Memory => {
                MEMORY.with(|m| m.borrow_mut().insert(key.to_string(), value.to_string()));
                Ok(())
            }
        }
    }

    fn remove_item(&self, key: &str) -> Result<(), ()> {
        match self {
            Store::Local(s) => s.remove_item(key).map_err(drop),
            Store::Memory => {
                MEMORY.with(|m| m.borrow_mut().remove(key));
                Ok(())
            }
        }
    }

    /// Every key, sorted.
    fn keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = match self {
            Store::Local(s) => (0..s.length().unwrap_or(0))
                .filter_map(|i| s.key(i).ok().flatten())
                .collect(),
            Store::Memory => MEMORY.with(|m| m.borrow().keys().cloned().collect()),
        };
        keys.sort();
        keys
    }
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn storage() -> Result<Store, String> {
    Ok(match local_storage() {
        Some(s) if available() => Store::Local(s),
        _ => Store::Memory,
    })
}

/// Whether games are kept in the browser's storage (else only in this tab's memory).
pub fn available() -> bool {
    LOCAL_WORKS.with(|works| {
        if let Some(known) = works.get() {
            return known;
        }
        // Probed once per page load: every probe is a write that wakes the other tabs.
        let ok = local_storage().is_some_and(|s| {
            let probe = "stackplay.probe";
            let ok = s.set_item(probe, "1").is_ok();
            let _ = s.remove_item(probe);
            ok
        });
        works.set(Some(ok));
        ok
    })
}

fn keys_with(storage: &Store, prefix: &str) -> Vec<String> {
    storage
        .keys()
        .into_iter()
        .filter(|k| k.starts_with(prefix))
        .collect()
}

/// The storage key of the saved game `id`.
pub fn key_of(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
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

/// Reads the entry under `key`: the game, or why it cannot be opened (after moving it aside
/// where that is right).
fn read(storage: &Store, key: &str, text: &str) -> Result<SavedGame, SetAside> {
    let id = key.strip_prefix(GAME_PREFIX).unwrap_or(key).to_string();
    let problem = match SavedGame::parse(text) {
        Ok(game) if game.id == id => return Ok(game),
        Ok(_) => "its id does not match the place it is stored".to_string(),
        Err(e) if e.newer => {
            return Err(SetAside {
                key: key.to_string(),
                id,
                reason: e.reason,
            })
        }
        Err(e) => e.reason,
    };
    Err(set_aside(storage, key, &id, text, problem))
}

/// Moves an unreadable entry to a free `stackplay.aside.` key with its reason; if the browser
/// refuses, the entry stays where it is and is reported there.
fn set_aside(storage: &Store, key: &str, id: &str, text: &str, reason: String) -> SetAside {
    let suffix = if valid_id(id) {
        id.to_string()
    } else {
        "entry".to_string()
    };
    let free = (1..1000)
        .map(|n| {
            if n == 1 {
                suffix.clone()
            } else {
                format!("{suffix}-{n}")
            }
        })
        .find(|s| {
            storage
                .get_item(&format!("{ASIDE_PREFIX}{s}"))
                .ok()
                .flatten()
                .is_none()
        });
    let moved = free.and_then(|s| {
        let aside_key = format!("{ASIDE_PREFIX}{s}");
        storage.set_item(&aside_key, text).ok()?;
        if storage
            .set_item(&format!("{WHY_PREFIX}{s}"), &reason)
            .is_err()
        {
            let _ = storage.remove_item(&aside_key);
            return None;
        }
        let _ = storage.remove_item(key);
        Some(aside_key)
    });
    match moved {
        Some(aside_key) => SetAside {
            key: aside_key,
            id: id.to_string(),
            reason,
        },
        None => SetAside {
            key: key.to_string(),
            id: id.to_string(),
            reason: format!("{reason} (it could not be moved aside, so it stays where it is)"),
        },
    }
}

/// Everything saved: the games that open (most recently played first) and the entries that
/// do not, each with its reason. Unreadable game entries found now are moved aside here.
pub fn load_all() -> (Vec<SavedGame>, Vec<SetAside>) {
    let Ok(storage) = storage() else {
        return (Vec::new(), Vec::new());
    };
    let mut games = Vec::new();
    let mut problems = Vec::new();
    for key in keys_with(&storage, GAME_PREFIX) {
        let Some(text) = storage.get_item(&key).ok().flatten() else {
            continue;
        };
        match read(&storage, &key, &text) {
            Ok(game) => games.push(game),
            Err(p) if p.key == key => problems.push(p),
            Err(_) => {} // moved aside: listed below with the others
        }
    }
    games.sort_by(|a, b| b.updated_ms.total_cmp(&a.updated_ms));
    for key in keys_with(&storage, ASIDE_PREFIX) {
        let suffix = key.strip_prefix(ASIDE_PREFIX).unwrap_or(&key);
        let reason = storage
            .get_item(&format!("{WHY_PREFIX}{suffix}"))
            .ok()
            .flatten()
            .unwrap_or_else(|| "could not be read".into());
        problems.push(SetAside {
            id: suffix.to_string(),
            key,
            reason,
        });
    }
    (games, problems)
}

/// One saved game by id.
///
/// # Errors
/// When there is none, or it cannot be opened (it is then set aside, unless it is from a
/// newer version of the app).
pub fn load(id: &str) -> Result<SavedGame, String> {
    let storage = storage()?;
    let key = key_of(id);
    let text = storage
        .get_item(&key)
        .ok()
        .flatten()
        .ok_or_else(|| "there is no saved game with this id on this device".to_string())?;
    read(&storage, &key, &text)
        .map_err(|p| format!("this saved game cannot be opened: {}", p.reason))
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

/// The raw text of an entry that could not be opened, for download.
pub fn raw_text(key: &str) -> Option<String> {
    storage().ok()?.get_item(key).ok().flatten()
}

/// Discards an entry that could not be opened (and its reason).
pub fn discard(key: &str) {
    if let Ok(s) = storage() {
        let _ = s.remove_item(key);
        if let Some(suffix) = key.strip_prefix(ASIDE_PREFIX) {
            let _ = s.remove_item(&format!("{WHY_PREFIX}{suffix}"));
        }
    }
}
