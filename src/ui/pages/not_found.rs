//! Any address the app does not know.

use yew::prelude::*;

use crate::ui::components::dead_end::BACK;
use crate::ui::kit::fixed;

/// The not-found page for the unknown `path`. (A function, not a component: each component
/// type costs the first load.)
pub fn not_found(path: &str) -> Html {
    html! {
        <section class="page">
            { fixed::markup("<h1>Page not found</h1>") }
            <p>{ format!("There is no page at \"{path}\".") }</p>
            { fixed::markup(BACK) }
        </section>
    }
}
