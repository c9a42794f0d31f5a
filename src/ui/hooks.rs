//! Hooks shared by pages.

use gloo_events::{EventListener, EventListenerOptions};
use yew::prelude::*;

/// Where a global listener listens.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum On {
    /// `window` (hashchange, storage).
    Window,
    /// `document` (keyboard shortcuts).
    Document,
}

/// Listens to `event` on the window or document for as long as the component lives.
///
/// The listener is attached while the component first renders, not in an effect after it:
/// an event that arrives between the first paint and the effects (a fast click, a test) is
/// not lost. It is removed when the component goes.
///
/// The handler is the one given at the first render and is never replaced: capture only what
/// stays valid for the component's whole life (a reducer's dispatcher, a state handle's
/// setter, an id the component is keyed by), never a value read during a render.
#[hook]
pub fn use_global_listener<F>(on: On, event: &'static str, handler: F)
where
    F: FnMut(&Event) + 'static,
{
    let _listener = use_state(move || {
        let window = web_sys::window()?;
        let target: web_sys::EventTarget = match on {
            On::Window => window.into(),
            On::Document => window.document()?.into(),
        };
        // Not passive: handlers such as keyboard shortcuts call `prevent_default`.
        let options = EventListenerOptions::enable_prevent_default();
        Some(EventListener::new_with_options(
            &target, event, options, handler,
        ))
    });
}
