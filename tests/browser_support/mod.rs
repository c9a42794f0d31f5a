//! What the general browser tests share: finding, pressing and waiting for things on the
//! page, the stored games, mounting the app, and one Stack Control move by clicks.
#![allow(dead_code)]

use std::time::Duration;

use stackplay::ui::App;
use wasm_bindgen::JsCast;
use web_sys::{Element, MouseEvent, MouseEventInit};

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

pub fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

pub async fn sleep(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

/// Waits (up to 5 s) until `selector` matches, and returns the first match.
pub async fn wait_for(selector: &str) -> Element {
    for _ in 0..250 {
        if let Some(el) = document().query_selector(selector).unwrap() {
            return el;
        }
        sleep(20).await;
    }
    panic!(
        "nothing matched {selector} at {}; page: {}",
        web_sys::window().unwrap().location().hash().unwrap(),
        body_text()
    );
}

pub fn count(selector: &str) -> u32 {
    document().query_selector_all(selector).unwrap().length()
}

/// What the board shows, square by square (its cells' accessible names).
pub fn board_labels() -> String {
    let cells = document().query_selector_all("svg.board .cell").unwrap();
    (0..cells.length())
        .filter_map(|i| cells.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .filter_map(|e| e.get_attribute("aria-label"))
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn body_text() -> String {
    document()
        .get_element_by_id("app-under-test")
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

pub fn click(el: &Element) {
    let init = MouseEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
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

pub fn saved_keys() -> Vec<String> {
    let s = storage();
    (0..s.length().unwrap())
        .filter_map(|i| s.key(i).unwrap())
        .filter(|k| k.starts_with("stackplay.game."))
        .collect()
}

/// Mounts the app in a fresh element (the test runner's own output stays untouched).
pub fn mount() -> (yew::AppHandle<App>, Element) {
    // A test that failed earlier may have left its app behind: clear it so failures stay apart.
    while let Some(stale) = document().get_element_by_id("app-under-test") {
        stale.remove();
    }
    let root = document().create_element("div").unwrap();
    root.set_id("app-under-test");
    document().body().unwrap().append_child(&root).unwrap();
    (yew::Renderer::<App>::with_root(root.clone()).render(), root)
}

pub fn unmount((app, root): (yew::AppHandle<App>, Element)) {
    app.destroy();
    root.remove();
}

/// Selects stacks until one shows landing squares, then moves there; returns the move's text.
pub async fn play_one_move() -> String {
    let stacks = document()
        .query_selector_all("svg.board .cell.stack")
        .unwrap();
    for i in 0..stacks.length() {
        let stack: Element = stacks.item(i).unwrap().dyn_into().unwrap();
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
