//! The root component: follows the location hash and shows the page it names.

use yew::prelude::*;

use super::browser::current_hash;
use super::hooks::{use_global_listener, On};
#[cfg(feature = "bench-page")]
use super::pages::bench::Bench;
use super::pages::{
    home::Home, import::Import, new_game::NewGame, not_found::not_found, play::Play, rules::Rules,
};
use super::routes::Route;
use crate::storage::store::Store;
use crate::storage::SaveError;

/// The whole app.
#[component]
pub fn App() -> Html {
    let route = use_state(|| Route::parse(&current_hash()));
    {
        let route = route.clone();
        use_global_listener(On::Window, "hashchange", move |_| {
            let next = Route::parse(&current_hash());
            // A new screen starts at its top (a page once opened 117 px down, hiding its
            // banner).
            if next != *route {
                if let Some(w) = web_sys::window() {
                    w.scroll_to_with_x_and_y(0.0, 0.0);
                }
            }
            route.set(next);
        });
    }
    // The saved games, opened once (the pages wait for it: a few milliseconds). Games this
    // tab could not save (a full storage) are tried again every two seconds on every page,
    // and closing the tab while a move could be lost asks first.
    let store = use_state(|| None::<Store>);
    {
        let store = store.clone();
        use_effect_with((), |_| {
            let live = std::rc::Rc::new(std::cell::Cell::new(true));
            let looping = live.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let opened = Store::open().await;
                store.set(Some(opened.clone()));
                // Closing the tab while a move could be lost asks first: browsers then say
                // "Leave site? Changes you made may not be saved." (a move not saved yet, or
                // one whose write has not landed). Listened to while the store is open (a
                // listener made at the first render would see no store).
                let pending = opened.clone();
                let _leaving = web_sys::window().map(|window| {
                    gloo_events::EventListener::new_with_options(
                        &window,
                        "beforeunload",
                        gloo_events::EventListenerOptions::enable_prevent_default(),
                        move |e| {
                            if pending.any_pending() {
                                e.prevent_default();
                            }
                        },
                    )
                });
                while looping.get() {
                    yew::platform::time::sleep(std::time::Duration::from_secs(2)).await;
                    if opened.any_unsaved() {
                        opened.flush_unsaved();
                    }
                }
            });
            move || live.set(false)
        });
    }
    use_effect_with((*route).clone(), |route: &Route| {
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            d.set_title(&route.title());
        }
    });
    let page = match (&*route, (*store).clone()) {
        (Route::Rules(slug), _) => html! { <Rules slug={slug.clone()} /> },
        (Route::NotFound(path), _) => not_found(path),
        (_, None) => html! { <p class="loading" role="status">{ "Opening your saved games…" }</p> },
        (Route::Home, Some(store)) => html! { <Home {store} /> },
        (Route::New(slug), Some(store)) => html! { <NewGame slug={slug.clone()} key={slug.clone()} {store} /> },
        (Route::Play(id), Some(store)) => html! { <Play id={id.clone()} key={id.clone()} {store} /> },
        // A copy of the game, apart from it (opened from its end after a reload; not a game
        // hiding part of itself while it is played, whose copy the worker must deal anew).
        (Route::Explore(id), Some(from)) => {
            let store = crate::ui::actions::exploring(&from, id, None, None);
            html! { <Play id={id.clone()} key={format!("x{id}")} {store} explore={Some(from)} /> }
        }
        #[cfg(feature = "bench-page")]
        (Route::Bench, _) => html! { <Bench /> },
        // The benchmark is not part of the first load: it needs a build with `bench-page`.
        #[cfg(not(feature = "bench-page"))]
        (Route::Bench, _) => crate::ui::components::dead_end::dead_end(
            "No benchmark in this build",
            "The in-browser benchmark is left out of the site to keep it small. Build it with: trunk build --release --features bench-page".to_string(),
        ),
        (Route::Import(payload), Some(store)) => {
            html! { <Import payload={payload.clone()} key={payload.clone()} {store} /> }
        }
    };
    html! {
        <>
            <header class="top">
                <a class="brand" href="#/">{ "Stackplay" }</a>
                <nav aria-label="Main">
                    <a href="#/">{ "Games" }</a>
                </nav>
            </header>
            <main id="main">
                // The database did not answer, or a newer version of the app holds it.
                if let Some(why) = (*store).as_ref().and_then(Store::trouble).filter(|w| *w != SaveError::Refused) {
                    <p class="warning" role="alert" id="no-saving">{ format!("Your games cannot be saved in this browser right now: {why}. Games played here last while this tab is open.") }</p>
                }
                { page }
            </main>
        </>
    }
}
