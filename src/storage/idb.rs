//! The browser's database (IndexedDB), as the store uses it: one database `stackplay` with
//! two object stores, `games` (each saved game's text under its id) and `aside` (entries that
//! could not be opened, under a slot name, as `reason NUL text`).
//!
//! Requests and transactions are awaited as promises. A transaction stays open while its
//! requests' continuations run (they are microtasks of the request's success), so a read, a
//! decision in Rust and a write can share one readwrite transaction: two tabs' transactions
//! on the same store run one after the other, never interleaved.

use js_sys::{Array, Function, Promise};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbObjectStore, IdbRequest, IdbTransaction, IdbTransactionMode};

use super::SaveError;

/// The object store of saved games.
pub const GAMES: &str = "games";
/// The object store of entries set aside.
pub const ASIDE: &str = "aside";

/// Waits for a request's result.
pub async fn wait(req: Result<IdbRequest, JsValue>) -> Result<JsValue, JsValue> {
    let req = req?;
    let done = Promise::new(&mut |ok: Function, err: Function| {
        req.set_onsuccess(Some(&ok));
        req.set_onerror(Some(&err));
    });
    JsFuture::from(done).await?;
    req.result()
}

/// A transaction over `stores`, with a future of its end (`Err`: it was aborted, and why).
pub fn transaction(
    db: &IdbDatabase,
    stores: &[&str],
    write: bool,
) -> Result<(IdbTransaction, JsFuture), JsValue> {
    let names: Array = stores.iter().map(|s| JsValue::from_str(s)).collect();
    let mode = if write {
        IdbTransactionMode::Readwrite
    } else {
        IdbTransactionMode::Readonly
    };
    let tx = db.transaction_with_str_sequence_and_mode(&names, mode)?;
    let end = Promise::new(&mut |ok: Function, err: Function| {
        tx.set_oncomplete(Some(&ok));
        tx.set_onabort(Some(&err));
    });
    Ok((tx, JsFuture::from(end)))
}

/// One object store of a transaction.
pub fn store(tx: &IdbTransaction, name: &str) -> Result<IdbObjectStore, JsValue> {
    tx.object_store(name)
}

/// Why a transaction was aborted, in the store's words.
pub fn why(tx: &IdbTransaction) -> SaveError {
    match tx.error().map(|e| e.name()) {
        Some(name) if name == "QuotaExceededError" => SaveError::Full,
        _ => SaveError::Refused,
    }
}

/// How long opening the database may take before the app gives up on it (a request that
/// never answers: the browser, or another tab holding an older version open).
const GIVE_UP_MS: i32 = 4000;

/// Opens (and on the first start creates) the database; `Err` when the browser gives none or
/// refuses it, did not answer within [`GIVE_UP_MS`], or holds a newer version of it.
pub async fn open() -> Result<IdbDatabase, SaveError> {
    let window = web_sys::window().ok_or(SaveError::Refused)?;
    let factory = window
        .indexed_db()
        .ok()
        .flatten()
        .ok_or(SaveError::Refused)?;
    let req = factory
        .open_with_u32("stackplay", 1)
        .map_err(|_| SaveError::Refused)?;
    let upgrading = req.clone();
    let upgrade = Closure::once_into_js(move || {
        if let Ok(db) = upgrading.result() {
            let db: IdbDatabase = db.unchecked_into();
            let _ = db.create_object_store(GAMES);
            let _ = db.create_object_store(ASIDE);
        }
    });
    req.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    // Given up on after a few seconds: the request may never answer.
    let done = Promise::new(&mut |ok: Function, err: Function| {
        req.set_onsuccess(Some(&ok));
        req.set_onerror(Some(&err));
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&err, GIVE_UP_MS);
    });
    let answered = JsFuture::from(done).await;
    // Lets the database go: when another tab deletes it or a newer version of the app opens
    // it for an upgrade (this tab is not what keeps them waiting; it reopens the database on
    // its next write, as after the browser closed it: `Store::write`), or when it opens
    // after the app gave up on it.
    let opened = req.clone();
    let close = Closure::<dyn FnMut()>::new(move || {
        if let Ok(db) = opened.result() {
            db.unchecked_into::<IdbDatabase>().close();
        }
    });
    let close_fn = Some(close.as_ref().unchecked_ref());
    if answered.is_err() {
        let why = match req.error() {
            Ok(Some(e)) if e.name() == "VersionError" => SaveError::Newer,
            Ok(Some(_)) => SaveError::Refused,
            // Not answered: if it opens later, it is let go at once.
            _ => {
                req.set_onsuccess(close_fn);
                close.forget();
                SaveError::Unanswered
            }
        };
        return Err(why);
    }
    let db: IdbDatabase = req
        .result()
        .map_err(|_| SaveError::Refused)?
        .unchecked_into();
    db.set_onversionchange(close_fn);
    close.forget();
    Ok(db)
}

/// Every key and value of one object store, in key order. A value that is not text (put
/// there by hand or by another program) is read as set aside, `NOT_TEXT NUL <its JSON>`
/// (the store's texts never hold a NUL: JSON writes it escaped); a key that is not text is
/// skipped.
pub async fn read_all(store: &IdbObjectStore) -> Result<Vec<(String, String)>, JsValue> {
    let keys = Array::from(&wait(store.get_all_keys()).await?);
    let values = Array::from(&wait(store.get_all()).await?);
    Ok(keys
        .iter()
        .zip(values.iter())
        .filter_map(|(k, v)| {
            let text = v.as_string().unwrap_or_else(|| {
                let json = js_sys::JSON::stringify(&v).ok().and_then(|j| j.as_string());
                format!("{NOT_TEXT}\0{}", json.unwrap_or_default())
            });
            Some((k.as_string()?, text))
        })
        .collect())
}

/// Why a value that is not text is set aside (fixed words: never its value).
pub const NOT_TEXT: &str = "not a saved game's text (a value of another kind)";

/// Puts `text` under `key` (no wait: the transaction's end says whether it landed).
pub fn put(store: &IdbObjectStore, key: &str, text: &str) -> Result<(), JsValue> {
    store
        .put_with_key(&JsValue::from_str(text), &JsValue::from_str(key))
        .map(drop)
}

/// Deletes `key` (no wait, as [`put`]).
pub fn delete(store: &IdbObjectStore, key: &str) -> Result<(), JsValue> {
    store.delete(&JsValue::from_str(key)).map(drop)
}

/// The text stored under `key`, if any.
pub async fn get(store: &IdbObjectStore, key: &str) -> Result<Option<String>, JsValue> {
    Ok(wait(store.get(&JsValue::from_str(key))).await?.as_string())
}

/// Why a request was refused, from the exception it threw.
pub fn error(e: &JsValue) -> SaveError {
    match e.dyn_ref::<web_sys::DomException>().map(|e| e.name()) {
        Some(name) if name == "QuotaExceededError" => SaveError::Full,
        _ => SaveError::Refused,
    }
}
