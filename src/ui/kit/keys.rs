//! One keyboard model for every board: the arrow keys move the focus, Enter or Space picks
//! (and plays onto a target), Escape cancels. One element of a board is in the tab order at a
//! time (roving focus, the ARIA grid pattern), and the focus survives a redraw.

use std::cell::RefCell;
use std::fmt::Display;
use std::rc::Rc;

use crate::ui::hooks::{use_value_eq, Value};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What a key means on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// Enter or Space: pick the focused element, or play onto it.
    Pick,
    /// Escape: drop the selection.
    Cancel,
    /// An arrow key: move the focus by (across, up), up being towards the top of the screen
    /// as the board is drawn (`(0, 1)` for ArrowUp).
    Step(i32, i32),
    /// Any other key, left to the board (a digit, a letter) or to the page.
    Other,
}

impl Key {
    /// The meaning of `key` (a `KeyboardEvent.key`).
    pub fn of(key: &str) -> Key {
        match key {
            "Enter" | " " => Key::Pick,
            "Escape" => Key::Cancel,
            "ArrowUp" => Key::Step(0, 1),
            "ArrowDown" => Key::Step(0, -1),
            "ArrowLeft" => Key::Step(-1, 0),
            "ArrowRight" => Key::Step(1, 0),
            _ => Key::Other,
        }
    }

    /// The meaning of a key pressed on a board: as [`Key::of`], with the arrows turned round
    /// on a flipped board (inside `.flipped`), so that ArrowUp still moves up the screen.
    pub fn pressed(e: &KeyboardEvent) -> Key {
        let flipped = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest(".flipped").ok().flatten())
            .is_some();
        match Key::of(&e.key()) {
            Key::Step(across, up) if flipped => Key::Step(-across, -up),
            key => key,
        }
    }
}

/// Roving focus over a board's elements, each named by the value of one attribute
/// (`data-square="e4"`): see [`use_roving`].
#[derive(Clone)]
pub struct Roving<K: Clone + PartialEq + 'static> {
    at: Value<K>,
    attribute: &'static str,
    pending: Rc<RefCell<Option<String>>>,
}

impl<K: Clone + PartialEq + Display + 'static> Roving<K> {
    /// The element in the tab order.
    pub fn at(&self) -> K {
        (*self.at).clone()
    }

    /// The `tabindex` of element `k`: "0" for the one in the tab order, else "-1".
    pub fn tabindex(&self, k: &K) -> &'static str {
        if *self.at == *k {
            "0"
        } else {
            "-1"
        }
    }

    /// Moves the keyboard focus to `k` (after the next redraw, if there is one).
    pub fn go(&self, k: K) {
        *self.pending.borrow_mut() = Some(k.to_string());
        focus_element(self.attribute, &k.to_string());
        self.at.set(k);
    }

    /// Makes `k` the element in the tab order without moving the focus (it was clicked).
    pub fn mark(&self, k: K) {
        self.at.set(k);
    }
}

/// Roving focus over the elements carrying `attribute`, starting at `first`. After every
/// redraw, an element that had the focus and was drawn anew gets it back.
#[hook]
pub fn use_roving<K>(attribute: &'static str, first: K) -> Roving<K>
where
    K: Clone + PartialEq + Display + 'static,
{
    let at = use_value_eq(move || first);
    let pending = use_mut_ref(|| None::<String>);
    // Before the redraw: the board element that has the focus now, if any.
    if pending.borrow().is_none() {
        *pending.borrow_mut() = focused_value(attribute);
    }
    {
        let pending = pending.clone();
        use_effect(move || {
            if let Some(value) = pending.borrow_mut().take() {
                if focused_value(attribute).as_deref() != Some(value.as_str()) {
                    focus_element(attribute, &value);
                }
            }
        });
    }
    Roving {
        at,
        attribute,
        pending,
    }
}

/// The value of `attribute` on the element with the keyboard focus, if it has one.
fn focused_value(attribute: &str) -> Option<String> {
    // Natively there is no page (a board rendered to HTML for the rules pages' examples):
    // nothing has the focus, and web-sys would panic.
    if cfg!(not(target_arch = "wasm32")) {
        return None;
    }
    web_sys::window()?
        .document()?
        .active_element()?
        .get_attribute(attribute)
}

/// Focuses the element of the page whose `attribute` is `value`.
fn focus_element(attribute: &str, value: &str) {
    let found = web_sys::window().and_then(|w| w.document()).and_then(|d| {
        d.query_selector(&format!("[{attribute}='{value}']"))
            .ok()
            .flatten()
    });
    if let Some(el) = found {
        if let Some(el) = el.dyn_ref::<web_sys::SvgElement>() {
            let _ = el.focus();
        } else if let Some(el) = el.dyn_ref::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Key;

    #[test]
    fn keys_mean_the_same_on_every_board() {
        assert_eq!(Key::of("Enter"), Key::Pick);
        assert_eq!(Key::of(" "), Key::Pick);
        assert_eq!(Key::of("Escape"), Key::Cancel);
        assert_eq!(Key::of("ArrowUp"), Key::Step(0, 1));
        assert_eq!(Key::of("ArrowLeft"), Key::Step(-1, 0));
        assert_eq!(Key::of("a"), Key::Other);
    }
}
