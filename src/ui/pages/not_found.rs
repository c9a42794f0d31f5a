//! Any address the app does not know.

use yew::prelude::*;

/// Props of [`NotFound`].
#[derive(Properties, PartialEq)]
pub struct NotFoundProps {
    /// The unknown path.
    pub path: String,
}

/// The not-found page.
#[component]
pub fn NotFound(props: &NotFoundProps) -> Html {
    html! {
        <section class="page">
            <h1>{ "Page not found" }</h1>
            <p>{ format!("There is no page at \"{}\".", props.path) }</p>
            <p><a href="#/">{ "Back to the games" }</a></p>
        </section>
    }
}
