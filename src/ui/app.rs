//! The root component: follows the location hash and shows the page it names.

use yew::prelude::*;

use super::browser::current_hash;
use super::hooks::{use_global_listener, On};
use super::pages::{
    bench::Bench, home::Home, import::Import, new_game::NewGame, not_found::NotFound, play::Play,
    rules::Rules,
};
use super::routes::Route;

/// The whole app.
#[component]
pub fn App() -> Html {
    let route = use_state(|| Route::parse(&current_hash()));
    {
        let route = route.clone();
        use_global_listener(On::Window, "hashchange", move |_| {
            route.set(Route::parse(&current_hash()));
        });
    }
    use_effect_with((*route).clone(), |route: &Route| {
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            d.set_title(&route.title());
        }
    });
    let page = match &*route {
        Route::Home => html! { <Home /> },
        Route::New(slug) => html! { <NewGame slug={slug.clone()} key={slug.clone()} /> },
        Route::Play(id) => html! { <Play id={id.clone()} key={id.clone()} /> },
        Route::Rules(slug) => html! { <Rules slug={slug.clone()} /> },
        Route::Bench => html! { <Bench /> },
        Route::Import(payload) => {
            html! { <Import payload={payload.clone()} key={payload.clone()} /> }
        }
        Route::NotFound(path) => html! { <NotFound path={path.clone()} /> },
    };
    html! {
        <>
            <header class="top">
                <a class="brand" href="#/">{ "Stackplay" }</a>
                <nav aria-label="Main">
                    <a href="#/">{ "Games" }</a>
                    <a href="#/bench">{ "Benchmark" }</a>
                </nav>
            </header>
            <main id="main">{ page }</main>
        </>
    }
}
