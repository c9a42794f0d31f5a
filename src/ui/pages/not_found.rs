//! Any address the app does not know.

use yew::prelude::*;

/// The not-found page for the unknown `path`. (A function, not a component: each component
/// type costs the first load.)
pub fn not_found(path: &str) -> Html {
    html! {
        <section class="page">
            <h1>{ "Page not found" }</h1>
            <p>{ format!("There is no page at \"{path}\".") }</p>
            <p><a href="#/">{ "Back to the games" }</a></p>
        </section>
    }
}
