//! The computer opponent's Web Worker: answers each message (a `worker_protocol::question`) with a
//! message (`worker_protocol::answer`), no sooner than the pace the question asks (`worker_protocol::pace`). It
//! holds the engines and the search but no Yew; the page starts it only when a computer
//! seat plays (`ui::worker`).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    /// The question being answered, for the panic hook.
    static ASKING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

fn main() {
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
        return; // not in a worker: nothing to answer
    };
    // A bug in the search stops the worker (panics abort); its question is answered first,
    // with the reason, and the page starts a new worker for the next one.
    let on_panic = scope.clone();
    std::panic::set_hook(Box::new(move |_| {
        let id = ASKING.with(std::cell::Cell::get);
        let why = Err("the computer's search failed".to_string());
        let _ = on_panic.post_message(&JsValue::from_str(
            &stackplay::worker_protocol::answer_text(id, &why),
        ));
    }));
    let reply = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
        let asked = js_sys::Date::now();
        let question = e.data().as_string().unwrap_or_default();
        let id = question
            .split('\t')
            .next()
            .and_then(|id| id.parse().ok())
            .unwrap_or(0);
        ASKING.with(|a| a.set(id));
        let answer = JsValue::from_str(&stackplay::worker_protocol::answer(
            &question,
            &js_sys::Date::now,
        ));
        let wait =
            (stackplay::worker_protocol::pace(&question) - (js_sys::Date::now() - asked)).max(0.0);
        let scope = reply.clone();
        let post = Closure::once_into_js(move || {
            // A failed post leaves the page waiting; it asks again when the game moves on.
            let _ = scope.post_message(&answer);
        });
        let _ = reply.set_timeout_with_callback_and_timeout_and_arguments_0(
            post.unchecked_ref(),
            wait as i32,
        );
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Tells the page the worker is ready for questions.
    let _ = scope.post_message(&JsValue::from_str("ready"));
}
