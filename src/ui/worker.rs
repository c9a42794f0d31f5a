//! The computer opponent, seen from the page: its Web Worker (`src/bin/ai_worker.rs`, built by
//! Trunk as `ai-worker_loader.js`), started the first time a computer seat is to move and
//! asked one question at a time. The page never thinks itself, so it stays responsive.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

use crate::core::Strength;
use crate::record::GameRecord;

/// What the page hears back: the move, or why there is none.
pub type Reply = Callback<Result<String, String>>;

struct Client {
    worker: Worker,
    /// The worker said it is ready (its wasm is loaded and listening).
    ready: bool,
    /// A question asked before the worker was ready.
    queued: Option<String>,
    /// The question being thought about, and who wants the answer.
    waiting: Option<(u32, Reply)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
    /// A stopped client, kept until the next question: never dropped inside one of its own
    /// listeners (`stop` may be called from one).
    static STOPPED: RefCell<Option<Client>> = const { RefCell::new(None) };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// Hands the waiting reply (if it is for `id`, or any when `id` is `None`) its answer.
fn deliver(id: Option<u32>, result: Result<String, String>) {
    let reply = CLIENT.with(|c| {
        let mut c = c.borrow_mut();
        let client = c.as_mut()?;
        match &client.waiting {
            Some((waiting, _)) if id.is_none_or(|id| id == *waiting) => {
                client.waiting.take().map(|(_, reply)| reply)
            }
            _ => None,
        }
    });
    // Emitted with the client released: the reply may ask the next question at once.
    if let Some(reply) = reply {
        reply.emit(result);
    }
}

fn on_message(e: MessageEvent) {
    let Some(text) = e.data().as_string() else {
        return;
    };
    if text == "ready" {
        CLIENT.with(|c| {
            if let Some(client) = c.borrow_mut().as_mut() {
                client.ready = true;
                if let Some(request) = client.queued.take() {
                    let _ = client.worker.post_message(&JsValue::from_str(&request));
                }
            }
        });
        return;
    }
    match crate::worker_protocol::read_answer(&text) {
        Some((id, result)) => deliver(Some(id), result),
        None => deliver(None, Err("the computer's answer could not be read".into())),
    }
}

fn start() -> Result<Client, String> {
    let worker = Worker::new("ai-worker_loader.js")
        .map_err(|_| "this browser cannot start the computer player".to_string())?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(on_message);
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_| {
        deliver(
            None,
            Err("the computer player stopped (it did not load, or its search failed)".into()),
        );
        // Never asked again: the next question starts a new worker.
        end();
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Client {
        worker,
        ready: false,
        queued: None,
        waiting: None,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// Asks for the computer's move after `record`'s moves; `reply` hears the answer once. A
/// question still waiting is forgotten (its answer will be dropped).
pub fn ask(record: &GameRecord, strength: Strength, pace_ms: u32, reply: Reply) {
    send(
        &|id| crate::worker_protocol::question(id, strength, pace_ms, &record.to_json()),
        reply,
    );
}

/// Asks for a hint for the seat to move after `record`'s moves (the normal strength's move
/// checked against an immediate loss, and its words: [`crate::worker_protocol::hint`],
/// answered at once), or while exploring (`view`) the computer's view of the position
/// ([`crate::worker_protocol::view`]); `reply` hears it once, as [`ask`].
pub fn hint(record: &GameRecord, view: bool, reply: Reply) {
    send(
        &|id| {
            let record = record.to_json();
            if view {
                crate::worker_protocol::view_question(id, &record)
            } else {
                crate::worker_protocol::hint_question(id, &record)
            }
        },
        reply,
    );
}

/// Asks for the chances over the finished game of `record` ([`crate::worker_protocol::chances`]);
/// `reply` hears them once, as [`ask`].
pub fn chances(record: &GameRecord, reply: Reply) {
    send(
        &|id| crate::worker_protocol::chances_question(id, &record.to_json()),
        reply,
    );
}

/// Asks for a copy of `record`'s game to explore with what `seat` has not seen drawn anew
/// ([`crate::worker_protocol::guess`]): its record as JSON; `reply` hears it once, as [`ask`].
pub fn guess(record: &GameRecord, seat: usize, reply: Reply) {
    send(
        &|id| crate::worker_protocol::guess_question(id, seat, &record.to_json()),
        reply,
    );
}

/// Sends the question `text` writes for a new id.
fn send(text: &dyn Fn(u32) -> String, reply: Reply) {
    let id = NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id.wrapping_add(1).max(1));
        id
    });
    let text = text(id);
    STOPPED.with(|s| s.borrow_mut().take());
    let started = CLIENT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = Some(start()?);
        }
        let Some(client) = c.as_mut() else {
            return Err("the computer player is not running".to_string());
        };
        client.waiting = Some((id, reply.clone()));
        if client.ready {
            let _ = client.worker.post_message(&JsValue::from_str(&text));
        } else {
            client.queued = Some(text);
        }
        Ok(())
    });
    if let Err(why) = started {
        reply.emit(Err(why));
    }
}

/// Stops any thinking: the worker is ended if it is busy (a game closed or undone mid-think)
/// and started afresh for the next question; an idle worker is kept.
pub fn stop() {
    let busy = CLIENT.with(|c| {
        c.borrow()
            .as_ref()
            .is_some_and(|client| client.waiting.is_some() || !client.ready)
    });
    if busy {
        end();
    }
}

/// Ends the worker (kept aside until the next question, never dropped inside one of its own
/// listeners); the next question starts a new one.
fn end() {
    if let Some(client) = CLIENT.with(|c| c.borrow_mut().take()) {
        client.worker.terminate();
        STOPPED.with(|s| *s.borrow_mut() = Some(client));
    }
}

/// Whether the computer is thinking about a question now.
pub fn thinking() -> bool {
    CLIENT.with(|c| {
        c.borrow()
            .as_ref()
            .is_some_and(|client| client.waiting.is_some())
    })
}
