//! What the browser tests share: finding, pressing and waiting for things on the page,
//! mounting the app, the stored games, and one Stack Control move by clicks.
#![allow(dead_code)]

use std::time::Duration;

use stackplay::storage::idb;
use stackplay::ui::App;
use wasm_bindgen::JsCast;
use web_sys::{Element, MouseEvent, MouseEventInit};

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

pub fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// The app's database, opened beside the app (as another tab would).
async fn database() -> web_sys::IdbDatabase {
    idb::open().await.unwrap()
}

/// Empties the app's database (and the older store).
pub async fn db_clear() {
    storage().clear().unwrap();
    let db = database().await;
    let (tx, end) = idb::transaction(&db, &[idb::GAMES, idb::ASIDE], true).unwrap();
    for name in [idb::GAMES, idb::ASIDE] {
        idb::store(&tx, name).unwrap().clear().unwrap();
    }
    end.await.unwrap();
    db.close();
}

/// Every entry of one object store of the app's database: (key, text).
pub async fn db_all(name: &str) -> Vec<(String, String)> {
    let db = database().await;
    let (tx, _) = idb::transaction(&db, &[name], false).unwrap();
    let all = idb::read_all(&idb::store(&tx, name).unwrap())
        .await
        .unwrap();
    db.close();
    all
}

/// The text stored for game `id`, as it is.
pub async fn db_get(id: &str) -> Option<String> {
    db_all(idb::GAMES)
        .await
        .into_iter()
        .find(|(k, _)| k == id)
        .map(|(_, t)| t)
}

/// Stores `text` under game `id` directly (as another tab or an earlier visit would have).
pub async fn db_put(id: &str, text: &str) {
    let db = database().await;
    let (tx, end) = idb::transaction(&db, &[idb::GAMES], true).unwrap();
    idb::put(&idb::store(&tx, idb::GAMES).unwrap(), id, text).unwrap();
    end.await.unwrap();
    db.close();
}

/// Removes game `id` directly.
pub async fn db_delete(id: &str) {
    let db = database().await;
    let (tx, end) = idb::transaction(&db, &[idb::GAMES], true).unwrap();
    idb::delete(&idb::store(&tx, idb::GAMES).unwrap(), id).unwrap();
    end.await.unwrap();
    db.close();
}

/// The ids of the saved games in the database.
pub async fn saved_ids() -> Vec<String> {
    db_all(idb::GAMES)
        .await
        .into_iter()
        .map(|(k, _)| k)
        .collect()
}

/// Waits until `done()` holds (or fails the test after about three seconds).
pub async fn until(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..300 {
        if done() {
            return;
        }
        sleep(10).await;
    }
    panic!("timed out waiting for {what}");
}

pub async fn sleep(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

/// Lets the page catch up: the first few times only the pending microtasks run (Yew renders
/// there, so a click's result is usually drawn by then), later a short timer.
pub async fn pause(attempt: usize) {
    if attempt < 4 {
        let resolved = js_sys::Promise::resolve(&wasm_bindgen::JsValue::NULL);
        let _ = wasm_bindgen_futures::JsFuture::from(resolved).await;
    } else {
        sleep(2).await;
    }
}

pub fn body_text() -> String {
    document()
        .get_element_by_id("app-under-test")
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

pub fn find(selector: &str) -> Option<Element> {
    document().query_selector(selector).unwrap()
}

pub fn find_all(selector: &str) -> Vec<Element> {
    let list = document().query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

pub fn count(selector: &str) -> usize {
    find_all(selector).len()
}

/// Waits (up to 5 s) until `selector` matches, and returns the first match.
pub async fn wait_for(selector: &str) -> Element {
    for attempt in 0..2500 {
        if let Some(el) = find(selector) {
            return el;
        }
        pause(attempt).await;
    }
    panic!(
        "nothing matched {selector} at {}; page: {}",
        web_sys::window().unwrap().location().hash().unwrap(),
        body_text()
    );
}

pub fn click(el: &Element) {
    let init = MouseEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    el.dispatch_event(&ev).unwrap();
}

pub fn key(el: &Element, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    el.dispatch_event(&ev).unwrap();
}

pub fn change(el: &Element) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let ev = web_sys::Event::new_with_event_init_dict("change", &init).unwrap();
    el.dispatch_event(&ev).unwrap();
}

pub async fn go(hash: &str) {
    web_sys::window()
        .unwrap()
        .location()
        .set_hash(hash)
        .unwrap();
    sleep(60).await;
}

/// The site's page, whose first paint holds the home page's game cards.
const INDEX_HTML: &str = include_str!("../../index.html");

/// Mounts the app in a fresh element (the test runner's own output stays untouched), as
/// `stackplay::start` does: the game cards kept from the page's first paint, the saved games
/// opened, then the app mounted.
pub async fn mount() -> (yew::AppHandle<App>, Element) {
    while let Some(stale) = document().get_element_by_id("app-under-test") {
        stale.remove();
    }
    let cards = INDEX_HTML
        .split_once(r#"<ul class="games">"#)
        .and_then(|(_, rest)| rest.split_once("</ul>"))
        .expect("index.html's first paint lists the games")
        .0;
    stackplay::ui::pages::home::keep_cards(cards.to_string());
    let store = stackplay::storage::store::Store::open().await;
    let root = document().create_element("div").unwrap();
    root.set_id("app-under-test");
    document().body().unwrap().append_child(&root).unwrap();
    let props = stackplay::ui::app::AppProps { store };
    (
        yew::Renderer::<App>::with_root_and_props(root.clone(), props).render(),
        root,
    )
}

pub fn unmount((app, root): (yew::AppHandle<App>, Element)) {
    app.destroy();
    root.remove();
}

/// What the board shows, square by square (its cells' accessible names).
pub fn board_labels() -> String {
    find_all("svg.board .cell")
        .iter()
        .filter_map(|e| e.get_attribute("aria-label"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Selects stacks until one shows landing squares, then moves there; returns the move's text.
pub async fn play_one_move() -> String {
    for stack in find_all("svg.board .cell.stack") {
        click(&stack);
        sleep(30).await;
        if let Some(target) = document().query_selector("svg.board .cell.target").unwrap() {
            let from = stack.get_attribute("data-square").unwrap();
            let to = target.get_attribute("data-square").unwrap();
            click(&target);
            sleep(60).await;
            return format!("{from}-{to}");
        }
    }
    panic!("no stack could move");
}

/// The one saved game, as stored once this tab's saves have landed.
pub async fn stored_saved() -> stackplay::storage::SavedGame {
    sleep(40).await;
    let all = db_all(idb::GAMES).await;
    let (_, text) = all.first().expect("the game is saved");
    stackplay::storage::SavedGame::parse(text).unwrap()
}
