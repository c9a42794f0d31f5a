//! The play page's game as a hook: its state (the session, read from the store) and what
//! keeps it in step: Ctrl+Z and Ctrl+Shift+Z, other tabs and this tab's own saves, a
//! tab coming into view, the computer's turn.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::{go_to_copy, synced, PlayAction, PlayState, NEWS};
use super::News;
use crate::session::Session;
use crate::storage::store::{Change, Store};
use crate::ui::hooks::{use_global_listener, On};
use crate::ui::worker;

/// Game `id` of `store`, as the page shows it, kept in step; the computer's moves come at
/// the soonest `pace` ms after it is asked; `whole`: everything shown, secrets included (an
/// explored copy, [`Session::shown_whole`]). (Owned arguments: a hook that borrows is boxed by
/// Yew's macro, which cost 363 B gzipped of the first load.)
#[hook]
pub fn use_play(id: String, store: Store, pace: u32, whole: bool) -> UseReducerHandle<PlayState> {
    let state = use_reducer({
        let id = id.to_string();
        let store = store.clone();
        move || {
            // The clocks counted on while the page was closed (from their stored moments): a
            // change (a clock started, or run out meanwhile) is saved at once, as the
            // reducer saves every later one.
            let session = store
                .load_line(&id)
                .and_then(Session::open)
                .map(|s| if whole { s.shown_whole() } else { s })
                .map(synced);
            let unsaved = match &session {
                Ok(s) if s.revision() > 0 => store.save(s.saved()).unsaved,
                _ => store.unsaved(&id),
            };
            PlayState {
                store: store.clone(),
                session,
                message: None,
                unsaved,
                hint: None,
                news: NEWS.with(|n| {
                    let mut n = n.borrow_mut();
                    n.as_ref()
                        .is_some_and(|(for_id, _)| *for_id == id)
                        .then(|| n.take().map(|(_, copy)| copy))
                        .flatten()
                }),
            }
        }
    });
    {
        let dispatcher = state.dispatcher();
        use_global_listener(On::Document, "keydown", move |e: &Event| {
            let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            // Typing in a text field keeps the field's own undo.
            let in_field = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                });
            let key = e.key().to_ascii_lowercase();
            if in_field || !(e.ctrl_key() || e.meta_key()) || !(key == "z" || key == "y") {
                return;
            }
            e.prevent_default();
            if key == "y" || e.shift_key() {
                dispatcher.dispatch(PlayAction::Redo);
            } else {
                dispatcher.dispatch(PlayAction::Undo);
            }
        });
    }
    {
        // Keep two tabs on the same game in step: a move saved in one shows in the other; and
        // follow this tab's own saves: landed, not yet (a full storage: the app's loop tries
        // again every two seconds), or kept as a copy because another tab played on this
        // game at the same moment (the page goes to the copy).
        let dispatcher = state.dispatcher();
        let store = store.clone();
        let id = id.to_string();
        let missing = state.session.is_err();
        use_effect_with((), move |_| {
            let loader = store.clone();
            // A game another tab has just made may have arrived since the page first looked.
            if missing {
                dispatcher.dispatch(PlayAction::Reload(Box::new(store.load_line(&id))));
            }
            let listening = store.listen(Callback::from(move |change: Change| match change {
                Change::Game { id: changed, .. } if changed == id => {
                    dispatcher.dispatch(PlayAction::Reload(Box::new(loader.load_line(&id))));
                }
                // A new game that is a copy of this one: another tab's diverging history.
                Change::Game { id: copy, game: Some(game), new: true }
                    if game.copy_of.as_deref() == Some(id.as_str()) =>
                {
                    dispatcher.dispatch(PlayAction::Copied(News {
                        text: "Another version of this game was just kept beside it, as a copy (another tab played on it at the same moment, or opened a version that differs). Both histories are kept; this one is unchanged.".into(),
                        other: Some(copy),
                        new_moves: 0,
                    }));
                }
                Change::Moved { from, to } if from == id && loader.moved_to(&from).is_some() => {
                    go_to_copy(&from, &to);
                }
                Change::Saved { id: saved, unsaved } if saved == id => {
                    dispatcher.dispatch(PlayAction::SaveState(unsaved));
                }
                _ => {}
            }));
            move || drop(listening)
        });
    }
    {
        let dispatcher = state.dispatcher();
        use_global_listener(On::Document, "visibilitychange", move |_| {
            if !web_sys::window()
                .and_then(|w| w.document())
                .is_some_and(|d| d.hidden())
            {
                dispatcher.dispatch(PlayAction::AskAgain);
            }
        });
    }
    {
        // The computer's turn: ask its worker (which answers at a pace people can follow),
        // and play the answer unless the game moved on meanwhile (undo, another tab, the page
        // closed): then the question is dropped and the worker stopped.
        let dispatcher = state.dispatcher();
        // Only a tab in view asks (two tabs on one game would both think, and could differ);
        // one coming into view asks then.
        let visible = !web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.hidden());
        let question = state.session.as_ref().ok().and_then(|s| {
            let (ticket, strength) = s.computer_question().filter(|_| visible)?;
            Some((ticket, s.record().clone(), strength))
        });
        let ticket = question.as_ref().map(|q| q.0);
        use_effect_with(ticket, move |_| {
            if let Some((ticket, record, strength)) = question {
                let reply = Callback::from(move |result: Result<String, String>| {
                    dispatcher.dispatch(PlayAction::Computer(ticket, result));
                });
                worker::ask(&record, strength, pace, reply);
            }
            worker::stop
        });
    }
    state
}
