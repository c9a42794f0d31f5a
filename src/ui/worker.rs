//! The computer opponent, seen from the page: its Web Worker (`src/bin/ai_worker.rs`, built by
//! Trunk as `ai-worker_loader.js`), started the first time a computer seat is to move and
//! asked one question at a time. The page never thinks itself, so it stays responsive.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

use crate::ai::Budget;
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

/// Hands the waiting reply (if it is for `id`, or any when `id` is `None`) its answer;
/// whether there was one.
fn deliver(id: Option<u32>, result: Result<String, String>) -> bool {
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
    let Some(reply) = reply else { return false };
    reply.emit(result);
    true
}

fn on_message(e: MessageEvent) {
    let Some(text) = e.data().as_string() else {
        return;
    };
    if text == "failed" {
        // Its wasm did not load (the loader says so: `scripts/service-worker.mjs`).
        return stopped("the computer player did not load");
    }
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
    };
}

/// The worker failed (`why`): the waiting question hears so, and the worker is ended, never
/// asked again: the next question (Ask again) starts a new one.
fn stopped(why: &str) {
    deliver(None, Err(why.into()));
    end();
}

/// The question `id` had no answer in time: it hears so, and the worker is ended (its wasm
/// may never have come, or it hangs); Ask again starts a new one.
fn give_up(id: u32) {
    if deliver(Some(id), Err("no answer came in time".into())) {
        end();
    }
}

fn start() -> Result<Client, String> {
    let worker = Worker::new("ai-worker_loader.js")
        .map_err(|_| "this browser cannot start the computer player".to_string())?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(on_message);
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_| {
        stopped("the computer player stopped (it did not load, or its search failed)");
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
    // Its most thinking time and the pace it waits for (the margin is `send`'s).
    let thinking = (Budget::SECONDS[strength as usize] * 1000.0) as u32 + pace_ms;
    send(
        &|id| crate::worker_protocol::question(id, strength, pace_ms, &record.to_json()),
        thinking,
        reply,
    );
}

/// Milliseconds given to the worker over a question's thinking time before the page gives
/// up on it ([`give_up`]): it loads its wasm first, and a busy device is slower.
const MARGIN_MS: u32 = 5000;

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
        // The normal strength's second (and its check); the view's four searches by count.
        if view { 10_000 } else { 1000 },
        reply,
    );
}

/// Asks for the chances over the finished game of `record` ([`crate::worker_protocol::chances`]);
/// `reply` hears them once, as [`ask`].
pub fn chances(record: &GameRecord, reply: Reply) {
    // A short search by count for each position (more on a slow device).
    let thinking = 5000 + 100 * record.moves.len().min(10_000) as u32;
    send(
        &|id| crate::worker_protocol::chances_question(id, &record.to_json()),
        thinking,
        reply,
    );
}

/// Asks for a copy of `record`'s game to explore with what `seat` has not seen drawn anew
/// ([`crate::worker_protocol::guess`]): its record as JSON; `reply` hears it once, as [`ask`].
pub fn guess(record: &GameRecord, seat: usize, reply: Reply) {
    send(
        &|id| crate::worker_protocol::guess_question(id, seat, &record.to_json()),
        // A replay and a deal, no search.
        1000,
        reply,
    );
}

/// Sends the question `text` writes for a new id, given up on ([`give_up`]) when no answer
/// comes within its `thinking` milliseconds and a margin.
fn send(text: &dyn Fn(u32) -> String, thinking: u32, reply: Reply) {
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
        // Given up on unless answered in time (a later question's id differs: its timer is
        // never cleared, it finds nothing to give up).
        let ms = thinking.saturating_add(MARGIN_MS);
        let late = Closure::once_into_js(move || give_up(id));
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                late.unchecked_ref(),
                ms as i32,
            );
        }
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
