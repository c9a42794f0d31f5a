//! "What the marks mean": the key under a board, a static file of the site
//! (`static/keys/<slug>.html`, drawn by the board's own code) fetched the first time the
//! player opens it, so that its pictures cost the first load nothing.

use yew::prelude::*;

use crate::ui::fetch::fetch_text;

/// The closed key of the game `slug`, headed `summary` ("What the marks mean", with any
/// word the board must always show); opening it loads `keys/<slug>.html` into it once.
pub fn marks_key(slug: &'static str, summary: &'static str) -> Html {
    let ontoggle = Callback::from(move |e: Event| {
        let Some(details) = e.target_dyn_into::<web_sys::Element>() else {
            return;
        };
        let Ok(Some(body)) = details.query_selector(".marks") else {
            return;
        };
        // Loaded already (or loading): nothing to do; after a failed load, opening it again
        // tries again, as its message says.
        if body.child_element_count() > 0 && !matches!(body.query_selector(".error"), Ok(Some(_))) {
            return;
        }
        body.set_inner_html(r#"<p class="loading">Loading the key…</p>"#);
        wasm_bindgen_futures::spawn_local(async move {
            match fetch_text(&format!("keys/{slug}.html")).await {
                // The file is part of this site's build, never anything a user supplied.
                Some(text) => body.set_inner_html(&text),
                None => body.set_inner_html(
                    r#"<p class="error">The key could not be loaded. Check the connection and open it again.</p>"#,
                ),
            }
        });
    });
    html! {
        <details class={classes!("marks-key", format!("{slug}-key"))} {ontoggle}>
            <summary>{ summary }</summary>
            <div class="marks"></div>
        </details>
    }
}
