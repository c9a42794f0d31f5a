//! The page shown when what was asked for cannot be shown: a title, why, and the way home.

use yew::prelude::*;

use crate::ui::kit::fixed;

/// The link back to the games, under a page that shows nothing else.
pub const BACK: &str = r##"<p><a href="#/">Back to the games</a></p>"##;

/// A page with `title`, the reason as an alert, and a link back to the games.
pub fn dead_end(title: &str, why: String) -> Html {
    html! {
        <section class="page dead-end">
            <h1>{ title.to_string() }</h1>
            <p class="error" role="alert">{ why }</p>
            { fixed::markup(BACK) }
        </section>
    }
}
