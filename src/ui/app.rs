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
use crate::ui::hooks::use_value;

/// Props of [`App`].
#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// The saved games, opened before the app is mounted ([`crate::start`]), so that its first
    /// drawing of the home page is the whole page.
    pub store: Store,
}

/// The whole app.
#[component]
pub fn App(props: &AppProps) -> Html {
    let route = use_value(|| Route::parse(&current_hash()));
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
    // The saved games, opened before the app was mounted. Games this tab could not save (a
    // full storage) are tried again every two seconds on every page, and closing the tab while
    // a move could be lost asks first.
    let store = props.store.clone();
    {
        let opened = store.clone();
        use_effect_with((), move |_| {
            let live = std::rc::Rc::new(std::cell::Cell::new(true));
            let looping = live.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // Closing the tab while a move could be lost asks first: browsers then say
                // "Leave site? Changes you made may not be saved." (a move not saved yet, or
                // one whose write has not landed).
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
    // The database did not answer, or a newer version of the app holds it.
    let trouble = store.trouble().filter(|w| *w != SaveError::Refused);
    let page = match &*route {
        Route::Rules(slug) => html! { <Rules slug={slug.clone()} /> },
        Route::NotFound(path) => not_found(path),
        Route::Home => html! { <Home {store} /> },
        Route::New(slug) => html! { <NewGame slug={slug.clone()} key={slug.clone()} {store} /> },
        Route::Play(id) => html! { <Play id={id.clone()} key={id.clone()} {store} /> },
        // A copy of the game, apart from it (opened from its end after a reload; not a game
        // hiding part of itself while it is played, whose copy the worker must deal anew).
        Route::Explore(id) => {
            let from = store;
            let store = crate::ui::actions::exploring(&from, id, None, None);
            html! { <Play id={id.clone()} key={format!("x{id}")} {store} explore={Some(from)} /> }
        }
        #[cfg(feature = "bench-page")]
        Route::Bench => html! { <Bench /> },
        // The benchmark is not part of the first load: it needs a build with `bench-page`.
        #[cfg(not(feature = "bench-page"))]
        Route::Bench => crate::ui::components::dead_end::dead_end(
            "No benchmark in this build",
            "The in-browser benchmark is left out of the site to keep it small. Build it with: trunk build --release --features bench-page".to_string(),
        ),
        Route::Import(payload) => {
            html! { <Import payload={payload.clone()} key={payload.clone()} {store} /> }
        }
    };
    frame(html! { <>
        if let Some(why) = trouble {
            <p class="warning" role="alert" id="no-saving">{ format!("Your games cannot be saved in this browser right now: {why}. Games played here last while this tab is open.") }</p>
        }
        { page }
    </> })
}

/// Every page's frame: the header with its links home, and the page. (The site's first paint,
/// `index.html`, is the home page in it: `tests/first_paint.rs`.)
pub fn frame(page: Html) -> Html {
    html! {
        <>
            <header class="top">
                <a class="brand" href="#/">{ "Stackplay" }</a>
                <nav aria-label="Main">
                    <a href="#/">{ "Games" }</a>
                </nav>
            </header>
            <main id="main">{ page }</main>
        </>
    }
}
