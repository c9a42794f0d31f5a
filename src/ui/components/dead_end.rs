//! The page shown when what was asked for cannot be shown: a title, why, and the way home.

use yew::prelude::*;

/// A page with `title`, the reason as an alert, and a link back to the games.
pub fn dead_end(title: &str, why: String) -> Html {
    html! {
        <section class="page dead-end">
            <h1>{ title.to_string() }</h1>
            <p class="error" role="alert">{ why }</p>
            <p><a href="#/">{ "Back to the games" }</a></p>
        </section>
    }
}
