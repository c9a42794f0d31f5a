//! The browser's localStorage: one key per saved game (`stackplay.game.<id>`). An entry that
//! cannot be opened is moved, untouched, to `stackplay.aside.<id>` (a short reason beside it
//! under `stackplay.why.<id>`) and reported; an entry from a newer version of the app is
//! reported and left where it is, so that version can still open it.
//!
//! Reading never depends on writing: a full storage still lists and opens every game. A write
//! the browser refuses (storage full, or saving turned off) is kept in this tab's memory as
//! *unsaved* and tried again ([`flush_unsaved`]) until it lands. A write never replaces moves
//! this tab has not seen ([`save`] compares the stored entry with what the tab last read):
//! when two tabs' histories diverge, the second is kept as a copy. Where the browser gives no
//! localStorage at all, games live in this tab's memory instead, and the pages say so.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use wasm_bindgen::JsCast;

use super::entry::{may_replace, valid_id, SavedGame, SetAside};
use crate::record::GameRecord;

const GAME_PREFIX: &str = "stackplay.game.";
const ASIDE_PREFIX: &str = "stackplay.aside.";
const WHY_PREFIX: &str = "stackplay.why.";
/// Where this tab keeps a copy of each game it could not save (sessionStorage, which has a
/// quota of its own and lasts as long as the tab, across reloads).
const UNSAVED_PREFIX: &str = "stackplay.unsaved.";
/// The share of storage a page may use in most browsers (5 MiB of UTF-16 text).
pub const USUAL_QUOTA_BYTES: f64 = 5.0 * 1024.0 * 1024.0;

thread_local! {
    /// Where games live when the browser gives no localStorage: this tab's memory.
    static MEMORY: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
    /// Games whose last write the browser refused, by id, and why: they are tried again
    /// until they land.
    static UNSAVED: RefCell<BTreeMap<String, (SavedGame, SaveError)>> =
        const { RefCell::new(BTreeMap::new()) };
    /// The moves of each game as this tab last read or wrote it: a write may replace only
    /// what the tab has seen.
    static SEEN: RefCell<BTreeMap<String, Vec<String>>> = const { RefCell::new(BTreeMap::new()) };
    /// Unreadable entries that could not be moved aside (no room), by key, with their length
    /// and reason: not judged and copied again on every visit to the home page.
    static STUCK: RefCell<BTreeMap<String, (usize, String)>> = const { RefCell::new(BTreeMap::new()) };
    /// Unsaved games a retry kept as copies (another tab took their place): (old id, copy's).
    static MOVED: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
    /// Whether this page load has taken back the unsaved games kept in sessionStorage.
    static RECALLED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

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

/// Where saved games live: the browser's localStorage or, where the browser gives none (some
/// private modes and privacy settings), memory that lasts as long as the tab.
enum Store {
    Local(web_sys::Storage),
    Memory,
}

/// Why the browser refused a write, read from the exception it threw.
fn save_error(e: &wasm_bindgen::JsValue) -> SaveError {
    let name = js_sys::Reflect::get(e, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    let code = js_sys::Reflect::get(e, &"code".into())
        .ok()
        .and_then(|c| c.as_f64())
        .unwrap_or_default();
    if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" || code == 22.0 {
        SaveError::Full
    } else {
        SaveError::Refused
    }
}

impl Store {
    fn get_item(&self, key: &str) -> Option<String> {
        match self {
            Store::Local(s) => s.get_item(key).ok().flatten(),
            Store::Memory => MEMORY.with(|m| m.borrow().get(key).cloned()),
        }
    }

    fn set_item(&self, key: &str, value: &str) -> Result<(), SaveError> {
        match self {
            Store::Local(s) => s.set_item(key, value).map_err(|e| save_error(&e)),
            Store::Memory => {
                MEMORY.with(|m| m.borrow_mut().insert(key.to_string(), value.to_string()));
                Ok(())
            }
        }
    }

    fn remove_item(&self, key: &str) {
        match self {
            Store::Local(s) => {
                let _ = s.remove_item(key);
            }
            Store::Memory => {
                MEMORY.with(|m| m.borrow_mut().remove(key));
            }
        }
    }

    /// Every key, in no particular order.
    fn keys(&self) -> Vec<String> {
        let keys: Vec<String> = match self {
            // One call for every key (`key(i)` one by one is slow with thousands of keys).
            Store::Local(s) => js_sys::Object::keys(s.unchecked_ref::<js_sys::Object>())
                .iter()
                .filter_map(|k| k.as_string())
                .collect(),
            Store::Memory => MEMORY.with(|m| m.borrow().keys().cloned().collect()),
        };
        keys
    }
}

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// Takes back, once per page load, the unsaved games this tab kept in sessionStorage before a
/// reload: they are tried again like any other unsaved game.
fn recall_unsaved() {
    if RECALLED.with(|r| r.replace(true)) {
        return;
    }
    let Some(session) = session_storage() else {
        return;
    };
    let keys = js_sys::Object::keys(session.unchecked_ref::<js_sys::Object>());
    for key in keys.iter().filter_map(|k| k.as_string()) {
        let Some(id) = key.strip_prefix(UNSAVED_PREFIX) else {
            continue;
        };
        // The reason the write failed, a line break, then the game (an earlier version kept
        // the game alone, for a full storage).
        let kept = session.get_item(&key).ok().flatten().and_then(|text| {
            let (why, game) = text.split_once('\n').unwrap_or(("full", &text));
            let why = if why == "refused" {
                SaveError::Refused
            } else {
                SaveError::Full
            };
            let game = SavedGame::parse(game).ok().filter(|g| g.id == id)?;
            Some((game, why))
        });
        match kept {
            Some((game, why)) => UNSAVED.with(|u| {
                u.borrow_mut().entry(game.id.clone()).or_insert((game, why));
            }),
            None => {
                let _ = session.remove_item(&key);
            }
        }
    }
}

/// Keeps (or drops) this tab's copy of an unsaved game in sessionStorage, with why it could
/// not be saved.
fn keep_unsaved(id: &str, game: Option<(&SavedGame, SaveError)>) {
    let Some(session) = session_storage() else {
        return;
    };
    let key = format!("{UNSAVED_PREFIX}{id}");
    match game {
        Some((game, why)) => {
            let why = match why {
                SaveError::Full => "full",
                SaveError::Refused => "refused",
            };
            let _ = session.set_item(&key, &format!("{why}\n{}", game.to_json()));
        }
        None => {
            let _ = session.remove_item(&key);
        }
    }
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// The store: localStorage whenever the browser gives it (full or not), else memory.
fn storage() -> Store {
    local_storage().map_or(Store::Memory, Store::Local)
}

/// Whether games are kept in the browser's storage (else only in this tab's memory). This
/// reads; it never writes (a write would wake every other tab).
pub fn available() -> bool {
    local_storage().is_some()
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
/// where that is right; `taken` holds the set-aside slots in use, listed only when an entry
/// has to be moved aside).
fn read(
    storage: &Store,
    key: &str,
    text: &str,
    taken: &mut Option<BTreeSet<String>>,
) -> Result<SavedGame, SetAside> {
    let id = key.strip_prefix(GAME_PREFIX).unwrap_or(key).to_string();
    let problem = match SavedGame::parse(text) {
        Ok(game) if game.id == id => {
            // A version this tab holds unsaved is based on what it saw before: reading another
            // tab's newer entry must not let the retry replace it.
            if UNSAVED.with(|u| !u.borrow().contains_key(&id)) {
                seen(&game);
            }
            return Ok(game);
        }
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
    let aside = set_aside(storage, key, &id, text, problem, taken);
    if aside.key == key {
        STUCK.with(|s| {
            s.borrow_mut()
                .insert(key.to_string(), (text.len(), aside.reason.clone()))
        });
    }
    Err(aside)
}

/// The set-aside slots in use, from the list of keys. (Inserted one by one: collecting
/// would bring a stable sort's code into the bundle.)
fn aside_slots(keys: &[String]) -> BTreeSet<String> {
    let mut slots = BTreeSet::new();
    for slot in keys.iter().filter_map(|k| k.strip_prefix(ASIDE_PREFIX)) {
        slots.insert(slot.to_string());
    }
    slots
}

/// Moves an unreadable entry to a free `stackplay.aside.` key with its reason; if the browser
/// refuses (a full storage), the entry stays where it is and is reported there.
fn set_aside(
    storage: &Store,
    key: &str,
    id: &str,
    text: &str,
    reason: String,
    taken: &mut Option<BTreeSet<String>>,
) -> SetAside {
    // Every key is listed only now: reading a good entry never needs the list.
    let taken = taken.get_or_insert_with(|| aside_slots(&keys_with(storage, ASIDE_PREFIX)));
    let base = if valid_id(id) { id } else { "entry" };
    let free = (1..)
        .map(|n| {
            if n == 1 {
                base.to_string()
            } else {
                format!("{base}-{n}")
            }
        })
        .find(|s| !taken.contains(s))
        .unwrap_or_default();
    let aside_key = format!("{ASIDE_PREFIX}{free}");
    let moved = storage.set_item(&aside_key, text).is_ok()
        && match storage.set_item(&format!("{WHY_PREFIX}{free}"), &reason) {
            Ok(()) => true,
            Err(_) => {
                storage.remove_item(&aside_key);
                false
            }
        };
    if moved {
        storage.remove_item(key);
        taken.insert(free);
        SetAside {
            key: aside_key,
            id: id.to_string(),
            reason,
        }
    } else {
        SetAside {
            key: key.to_string(),
            id: id.to_string(),
            reason: format!("{reason} (it could not be moved aside, so it stays where it is)"),
        }
    }
}

/// Notes that this tab has seen `game` as stored: its next write may replace it.
fn seen(game: &SavedGame) {
    SEEN.with(|s| {
        s.borrow_mut()
            .insert(game.id.clone(), game.record.moves.clone())
    });
}

/// Everything saved, as [`load_all`] finds it.
#[derive(Debug, Clone, Default)]
pub struct Shelf {
    /// The games that open, most recently played first (this tab's unsaved versions
    /// included).
    pub games: Vec<SavedGame>,
    /// The entries that do not open, each with its reason.
    pub aside: Vec<SetAside>,
    /// What the app's entries take of the browser's storage, in bytes (UTF-16, as browsers
    /// count it).
    pub bytes: f64,
    /// The ids of games this tab holds but could not save yet, and why.
    pub unsaved: Vec<(String, SaveError)>,
}

/// Everything saved: the games that open (most recently played first) and the entries that
/// do not, each with its reason. Unreadable game entries found now are moved aside here, and
/// reasons whose entry is gone are cleaned up. Games this tab could not save are tried again
/// first.
pub fn load_all() -> Shelf {
    recall_unsaved();
    flush_unsaved();
    let storage = storage();
    let keys = storage.keys();
    let mut taken = Some(aside_slots(&keys));
    let mut shelf = Shelf::default();
    // Bytes as browsers count them (two per UTF-16 unit; UTF-8 length is close enough).
    let size = |key: &str, text: &str| ((key.len() + text.len()) * 2) as f64;
    for key in keys.iter().filter(|k| k.starts_with(GAME_PREFIX)) {
        let Some(text) = storage.get_item(key) else {
            continue;
        };
        let stuck = STUCK.with(|s| s.borrow().get(key).cloned());
        if let Some((_, reason)) = stuck.filter(|(len, _)| *len == text.len()) {
            shelf.bytes += size(key, &text);
            shelf.aside.push(SetAside {
                key: key.clone(),
                id: key[GAME_PREFIX.len()..].to_string(),
                reason,
            });
            continue;
        }
        match read(&storage, key, &text, &mut taken) {
            Ok(game) => {
                shelf.bytes += size(key, &text);
                shelf.games.push(game);
            }
            Err(p) if p.key == *key => {
                shelf.bytes += size(key, &text);
                shelf.aside.push(p);
            }
            Err(_) => {} // moved aside: listed below with the others
        }
    }
    for (id, (game, why)) in UNSAVED.with(|u| u.borrow().clone()) {
        shelf.games.retain(|g| g.id != id);
        shelf.games.push(game);
        shelf.unsaved.push((id, why));
    }
    // Latest first (a list of saved games is short: no library sort in the bundle).
    crate::core::sort_small_by(&mut shelf.games, |a, b| {
        b.updated_ms.total_cmp(&a.updated_ms).then(a.id.cmp(&b.id)) == std::cmp::Ordering::Greater
    });
    let taken = taken.unwrap_or_default();
    for slot in &taken {
        let key = format!("{ASIDE_PREFIX}{slot}");
        let Some(text) = storage.get_item(&key) else {
            continue;
        };
        let why_key = format!("{WHY_PREFIX}{slot}");
        let reason = storage.get_item(&why_key);
        shelf.bytes += size(&key, &text) + size(&why_key, reason.as_deref().unwrap_or(""));
        shelf.aside.push(SetAside {
            id: slot.clone(),
            key,
            reason: reason.map_or_else(|| "could not be read".into(), |r| short(&r)),
        });
    }
    // A reason whose entry is gone (discarded in an older version, or by hand) goes too.
    for key in keys.iter().filter(|k| k.starts_with(WHY_PREFIX)) {
        let slot = &key[WHY_PREFIX.len()..];
        if !taken.contains(slot) {
            storage.remove_item(key);
        }
    }
    shelf
}

/// A stored reason as shown: short, whatever an older version or a hand stored there.
fn short(reason: &str) -> String {
    const MAX: usize = 200;
    if reason.chars().count() <= MAX {
        return reason.to_string();
    }
    let mut out: String = reason.chars().take(MAX).collect();
    out.push('…');
    out
}

/// One saved game by id (this tab's unsaved version, if it has one).
///
/// # Errors
/// When there is none, or it cannot be opened (it is then set aside, unless it is from a
/// newer version of the app).
pub fn load(id: &str) -> Result<SavedGame, String> {
    recall_unsaved();
    if let Some((game, _)) = UNSAVED.with(|u| u.borrow().get(id).cloned()) {
        return Ok(game);
    }
    let storage = storage();
    let key = key_of(id);
    let text = storage
        .get_item(&key)
        .ok_or_else(|| "there is no saved game with this id on this device".to_string())?;
    read(&storage, &key, &text, &mut None)
        .map_err(|p| format!("this saved game cannot be opened: {}", p.reason))
}

/// What [`save`] did with a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    /// The id the game is kept under: its own, or a new one when it was kept as a copy.
    pub id: String,
    /// Whether it was kept as a copy: what is stored under its id holds moves this tab had
    /// not seen (another tab played at the same moment), so both are kept.
    pub copied: bool,
    /// Why it is not in the browser's storage yet, if it is not: it stays in this tab's
    /// memory and is tried again ([`flush_unsaved`]).
    pub unsaved: Option<SaveError>,
}

/// Saves a game, never over moves this tab has not seen: if the stored entry changed since
/// this tab last read or wrote it, and this game does not extend it, this game is kept as a
/// copy under a new id. A write the browser refuses is kept in memory and retried.
pub fn save(game: &SavedGame) -> Saved {
    let storage = storage();
    let key = key_of(&game.id);
    // Only the moves are compared, so the stored entry is read without replaying it (a
    // save per move must stay cheap); one that does not even read is judged in full.
    let known = SEEN.with(|s| s.borrow().get(&game.id).cloned());
    let replace = match storage.get_item(&key) {
        None => true,
        Some(text) => match SavedGame::peek(&text).filter(|s| s.id == game.id) {
            // Not read by this tab (a game kept unsaved across a reload): only a version
            // this one extends may be replaced.
            Some(stored) => may_replace(Some(&stored), known.as_deref().unwrap_or(&[]), game),
            // Unreadable: judged in full, and moved aside (then the key is free), unless it
            // is a readable game after all, from a newer version, or could not be moved: then
            // it stays and this game is kept as a copy.
            None => {
                matches!(read(&storage, &key, &text, &mut None), Err(p) if p.key != key)
            }
        },
    };
    let mut game = game.clone();
    let copied = !replace;
    if copied {
        game.copy_of = Some(game.id.clone());
        game.id = new_id();
    }
    let unsaved = write(&storage, &game).err();
    Saved {
        id: game.id,
        copied,
        unsaved,
    }
}

/// Writes `game` under its id; on success this tab has seen it, on failure it is kept as
/// unsaved.
fn write(storage: &Store, game: &SavedGame) -> Result<(), SaveError> {
    match storage.set_item(&key_of(&game.id), &game.to_json()) {
        Ok(()) => {
            seen(game);
            if UNSAVED.with(|u| u.borrow_mut().remove(&game.id)).is_some() {
                keep_unsaved(&game.id, None);
            }
            Ok(())
        }
        Err(why) => {
            UNSAVED.with(|u| u.borrow_mut().insert(game.id.clone(), (game.clone(), why)));
            keep_unsaved(&game.id, Some((game, why)));
            Err(why)
        }
    }
}

/// Tries again to save every game this tab could not save; returns how many are still
/// unsaved. A game whose place was taken meanwhile (another tab played on it) is kept as a
/// copy: [`moved_to`] tells where.
pub fn flush_unsaved() -> usize {
    let pending: Vec<SavedGame> =
        UNSAVED.with(|u| u.borrow().values().map(|(g, _)| g.clone()).collect());
    for game in pending {
        let kept = save(&game);
        if kept.copied {
            MOVED.with(|m| m.borrow_mut().push((game.id.clone(), kept.id.clone())));
        }
        // Saved, or kept as a copy under a new id (another tab took its place meanwhile; the
        // copy is pending itself if it could not be written): this id is done.
        if kept.unsaved.is_none() || kept.copied {
            UNSAVED.with(|u| u.borrow_mut().remove(&game.id));
            keep_unsaved(&game.id, None);
        }
    }
    UNSAVED.with(|u| u.borrow().len())
}

/// Where this tab's unsaved version of game `id` went, if a retry had to keep it as a copy
/// (taken once).
pub fn moved_to(id: &str) -> Option<String> {
    MOVED.with(|m| {
        let mut m = m.borrow_mut();
        let at = m.iter().position(|(from, _)| from == id)?;
        Some(m.remove(at).1)
    })
}

/// Whether this tab holds any game it could not save yet.
pub fn any_unsaved() -> bool {
    recall_unsaved();
    UNSAVED.with(|u| !u.borrow().is_empty())
}

/// Why this tab's version of game `id` is not saved yet, if it is not.
pub fn unsaved(id: &str) -> Option<SaveError> {
    recall_unsaved();
    UNSAVED.with(|u| u.borrow().get(id).map(|(_, why)| *why))
}

/// Deletes a saved game (and this tab's unsaved version of it).
pub fn delete(id: &str) {
    UNSAVED.with(|u| u.borrow_mut().remove(id));
    keep_unsaved(id, None);
    storage().remove_item(&key_of(id));
}

/// The raw text of an entry that could not be opened, for download.
pub fn raw_text(key: &str) -> Option<String> {
    storage().get_item(key)
}

/// Whether `key` is an entry this app moved aside (not one left in place for a newer version).
pub fn is_aside_key(key: &str) -> bool {
    key.starts_with(ASIDE_PREFIX)
}

/// Discards an entry that could not be opened (and its reason).
pub fn discard(key: &str) {
    let s = storage();
    s.remove_item(key);
    if let Some(suffix) = key.strip_prefix(ASIDE_PREFIX) {
        s.remove_item(&format!("{WHY_PREFIX}{suffix}"));
    }
}

/// The parsed game a storage event carries, when it is a saved game.
pub fn game_in_event(key: &str, value: &str) -> Option<SavedGame> {
    let id = key.strip_prefix(GAME_PREFIX)?;
    SavedGame::parse(value).ok().filter(|g| g.id == id)
}

/// What opening a link did (see [`open_link`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    /// The saved game that shows the link's game.
    pub id: String,
    /// How the link met the games saved here (`Unrelated`: it is a new game).
    pub meets: super::entry::LinkMeets,
    /// How many moves it added to a saved game.
    pub added: usize,
    /// The game it was compared with, when both are kept (`Diverged`).
    pub other: Option<String>,
    /// Why it is not in the browser's storage yet, if it is not.
    pub unsaved: Option<SaveError>,
}

/// Opens a game that arrived by link (a friend's "your move"): when a saved game is the same
/// game from the same start and the link only adds moves, they are added to it; when the
/// link's history differs, the link's game is kept beside it as a copy, never over it;
/// otherwise the link's game is saved as a new game.
pub fn open_link(record: GameRecord, now_ms: f64) -> Opened {
    use super::entry::{link_meets, LinkMeets};
    let games = load_all().games;
    // The closest relative: a game the link extends or matches first, then any other.
    let rank = |m: LinkMeets| match m {
        LinkMeets::Same | LinkMeets::Extends | LinkMeets::Older => 0,
        LinkMeets::Diverged => 1,
        LinkMeets::Unrelated => 2,
    };
    let relative = games
        .iter()
        .map(|g| (link_meets(&g.record, &record), g))
        .filter(|(m, _)| *m != LinkMeets::Unrelated)
        .min_by_key(|(m, _)| rank(*m));
    let cursor = record.moves.len();
    let (game, meets, added, other) = match relative {
        Some((meets @ (LinkMeets::Same | LinkMeets::Older), here)) => {
            // The saved game has every move of the link: nothing changes, not even the
            // position it shows (moving it back would let one move drop every later one).
            return Opened {
                id: here.id.clone(),
                meets,
                added: 0,
                other: None,
                unsaved: unsaved(&here.id),
            };
        }
        Some((LinkMeets::Extends, here)) => {
            let mut game = here.clone();
            let added = cursor - game.record.moves.len();
            game.record.moves = record.moves;
            game.cursor = cursor;
            game.updated_ms = now_ms;
            (game, LinkMeets::Extends, added, None)
        }
        Some((_, here)) => {
            let mut game = SavedGame::new(new_id(), record, now_ms);
            game.cursor = cursor;
            game.copy_of = Some(here.id.clone());
            (game, LinkMeets::Diverged, 0, Some(here.id.clone()))
        }
        None => {
            let mut game = SavedGame::new(new_id(), record, now_ms);
            game.cursor = cursor;
            (game, LinkMeets::Unrelated, 0, None)
        }
    };
    let kept = save(&game);
    Opened {
        id: kept.id,
        meets,
        added,
        other,
        unsaved: kept.unsaved,
    }
}

/// Adds games read from a backup, never over a saved one: a game already here with all its
/// moves is skipped, another version of one is added as a copy.
///
/// Returns how many were added, skipped and added as copies, and any that could not be
/// saved.
pub fn restore(games: Vec<SavedGame>) -> (usize, usize, usize, Option<SaveError>) {
    use super::entry::{restore_as, Restore};
    let storage = storage();
    let (mut added, mut skipped, mut copies, mut failed) = (0, 0, 0, None);
    for mut game in games {
        // What is here under that id: this tab's unsaved version first; a stored entry that
        // does not open (damaged, or from a newer version) is never written over either.
        let unsaved = UNSAVED.with(|u| u.borrow().get(&game.id).map(|(g, _)| g.clone()));
        let verdict = match unsaved {
            Some(here) => restore_as(Some(&here), &game),
            None => match storage.get_item(&key_of(&game.id)) {
                None => Restore::Add,
                Some(text) => match SavedGame::parse(&text) {
                    Ok(here) => restore_as(Some(&here), &game),
                    Err(_) => Restore::Copy,
                },
            },
        };
        match verdict {
            Restore::Skip => {
                skipped += 1;
                continue;
            }
            Restore::Add => added += 1,
            Restore::Copy => {
                game.copy_of = Some(game.id.clone());
                game.id = new_id();
                copies += 1;
            }
        }
        if let Err(why) = write(&storage, &game) {
            failed = Some(why);
        }
    }
    (added, skipped, copies, failed)
}
