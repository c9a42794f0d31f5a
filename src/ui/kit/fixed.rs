//! Fixed markup: parts of the page that never change (a board's felt and tiles, the
//! coordinates around it, its doors; the home page's fixed notes) placed as constant markup the
//! app itself writes, rather than built element by element at every drawing. A constant drawn
//! by code (a board's parts) is what that code renders, which stays beside it for the tests:
//! `fixed::render` of the drawing must equal the constant. (The home page's game cards are the
//! page's first paint's: `home::keep_cards`.)

use yew::prelude::*;

/// A constant fragment of the app's own markup (never text a user or a file supplied).
pub fn markup(fragment: &'static str) -> Html {
    Html::from_html_unchecked(AttrValue::Static(fragment))
}

/// `html` rendered to text, as the boards' native tests render a board (Yew renders to text
/// natively only).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn render(html: Html) -> String {
    #[derive(Properties, PartialEq)]
    struct Props {
        html: Html,
    }
    #[component]
    fn Fragment(props: &Props) -> Html {
        props.html.clone()
    }
    let future = yew::LocalServerRenderer::<Fragment>::with_props(Props { html })
        .hydratable(false)
        .render();
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(text) = std::future::Future::poll(future.as_mut(), &mut cx) {
            return text;
        }
    }
}
