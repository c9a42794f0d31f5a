//! The computer opponent's Web Worker: answers each message (a `computer::Request` as JSON)
//! with a message (a `computer::Answer` as JSON). It holds the engines and the search but no
//! Yew; the page starts it only when a computer seat plays (`ui::computer`).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
        return; // not in a worker: nothing to answer
    };
    let reply = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
        let request = e.data().as_string().unwrap_or_default();
        let answer = stackplay::computer::answer(&request, &js_sys::Date::now);
        // A failed post leaves the page waiting; it gives up when the game moves on.
        let _ = reply.post_message(&JsValue::from_str(&answer));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Tells the page the worker is ready for requests.
    let _ = scope.post_message(&JsValue::from_str("ready"));
}
