//! Hooks shared by pages.

use std::cell::RefCell;
use std::ops::Deref;
use std::rc::Rc;

use elsa::FrozenVec;
use gloo_events::{EventListener, EventListenerOptions};
use yew::functional::UseForceUpdateHandle;
use yew::prelude::*;

/// A component's state: what Yew's `use_state` gives, at a fraction of its code. Yew builds
/// `use_state` on its reducer hook, whose code is repeated for every type a page keeps (41 of
/// them here: about 22 KB of the page's code before compression); this is a cell and a
/// re-render. As Yew's, reading gives the latest value (a callback made at an earlier drawing
/// reads what was set since, and a key handler reads what the key before it set, even before
/// the component draws again); [`Value::set`] keeps a new value and draws the component again.
pub struct Value<T> {
    slot: Rc<RefCell<Rc<T>>>,
    /// Every value this handle was read as, the latest last (a reference given out stays
    /// valid as long as the handle).
    read: FrozenVec<Rc<T>>,
    draw: UseForceUpdateHandle,
    /// For [`use_value_eq`]: a value equal to the one kept draws nothing again.
    same: Option<fn(&T, &T) -> bool>,
}

impl<T> Value<T> {
    fn new(
        slot: Rc<RefCell<Rc<T>>>,
        draw: UseForceUpdateHandle,
        same: Option<fn(&T, &T) -> bool>,
    ) -> Self {
        let read = FrozenVec::new();
        read.push(slot.borrow().clone());
        Value {
            slot,
            read,
            draw,
            same,
        }
    }

    /// Keeps `value` and draws the component again (unless it equals the value kept, for
    /// [`use_value_eq`]).
    pub fn set(&self, value: T) {
        if let Some(same) = self.same {
            if same(&self.slot.borrow(), &value) {
                return;
            }
        }
        *self.slot.borrow_mut() = Rc::new(value);
        self.draw.force_update();
    }

    /// A callback that sets the value.
    pub fn setter(&self) -> Callback<T>
    where
        T: 'static,
    {
        let this = self.clone();
        Callback::from(move |value| this.set(value))
    }
}

impl<T> Deref for Value<T> {
    type Target = T;

    fn deref(&self) -> &T {
        let now = self.slot.borrow().clone();
        match self.read.last() {
            Some(last) if std::ptr::eq(last, &*now) => last,
            _ => self.read.push_get(now),
        }
    }
}

impl<T> Clone for Value<T> {
    fn clone(&self) -> Self {
        Value::new(self.slot.clone(), self.draw.clone(), self.same)
    }
}

/// The same state as it was when the handles were made (as Yew's handles compare).
impl<T> PartialEq for Value<T> {
    fn eq(&self, other: &Self) -> bool {
        match (self.read.get(0), other.read.get(0)) {
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            _ => false,
        }
    }
}

/// A component's state (in place of Yew's `use_state`; see [`Value`]).
#[hook]
pub fn use_value<T: 'static, F: FnOnce() -> T>(init: F) -> Value<T> {
    let slot = use_mut_ref(|| Rc::new(init()));
    Value::new(slot, use_force_update(), None)
}

/// [`use_value`] whose [`Value::set`] draws nothing again when the value does not change (in
/// place of Yew's `use_state_eq`).
#[hook]
pub fn use_value_eq<T: PartialEq + 'static, F: FnOnce() -> T>(init: F) -> Value<T> {
    let mut value = use_value(init);
    value.same = Some(T::eq);
    value
}

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
    let _listener = use_mut_ref(move || {
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
