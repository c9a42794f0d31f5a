//! `#/rules/<slug>`: a game's rules in the app's own words, with its rulings.
//!
//! The text of each game's rules is a static file of the site, `rules/<slug>.html` (from
//! `static/rules/`), fetched when the page opens: words and the worked examples' drawings cost
//! the first load nothing that way, and they are plain HTML to edit. Only a registered game's
//! slug is ever fetched. The text goes straight into its element, as the boards' keys do
//! (`kit::marks`): no part of the page's bundle handles raw HTML.
//!
//! Each text opens with a quick start and a list of its parts, linked as `#<id>`. The app's
//! routes live in the hash, so the page follows those links itself: a click on one (or Enter)
//! scrolls to its part, focuses it and leaves the hash alone (the page without JavaScript follows
//! them as any page).

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::registry;
use crate::ui::components::dead_end::dead_end;
use crate::ui::fetch::fetch_text;
use crate::ui::routes::Route;

/// Props of [`Rules`].
#[derive(Properties, PartialEq)]
pub struct RulesProps {
    /// The game's slug.
    pub slug: String,
}

/// The rules page.
#[component]
pub fn Rules(props: &RulesProps) -> Html {
    // Yew draws the element empty and never touches its content, which the effect writes.
    let text = use_node_ref();
    let known = registry::find(&props.slug).ok();
    {
        let text = text.clone();
        let slug = known.map(|e| e.info().slug);
        use_effect_with(slug, move |slug| {
            let (Some(slug), Some(el)) = (*slug, text.cast::<web_sys::Element>()) else {
                return;
            };
            el.set_inner_html(r#"<p class="loading" role="status">Loading the rules…</p>"#);
            wasm_bindgen_futures::spawn_local(async move {
                match fetch_text(&format!("rules/{slug}.html")).await {
                    // The file is part of this site's build, never anything a user supplied.
                    Some(body) => el.set_inner_html(&body),
                    None => el.set_inner_html(&format!(
                        r#"<p class="error" role="alert">The rules could not be loaded (rules/{slug}.html). Check the connection and reload the page.</p>"#
                    )),
                }
            });
        });
    }
    let Some(entry) = known else {
        return dead_end(
            "No such game",
            format!("There are no rules for \"{}\".", props.slug),
        );
    };
    // A link to a part of the text (`#<id>`, not a route `#/...`): scrolled to, not followed.
    let onclick = Callback::from(|e: MouseEvent| {
        let Some(a) = e
            .target_dyn_into::<web_sys::Element>()
            .and_then(|t| t.closest("a[href^='#']:not([href^='#/'])").ok()?)
        else {
            return;
        };
        e.prevent_default();
        if let Some(part) = a
            .get_attribute("href")
            .and_then(|h| a.owner_document()?.query_selector(&h).ok()?)
        {
            part.scroll_into_view();
            // Reading goes on from there, by keyboard too (the headings take the focus: tabindex -1).
            let _ = part.unchecked_into::<web_sys::HtmlElement>().focus();
        }
    });
    let info = entry.info();
    let start = html! {
        <p><a class="button primary" href={Route::New(info.slug.into()).href()}>{ "Start a game" }</a></p>
    };
    html! {
        <section class="page rules">
            <h1>{ format!("{}: rules", info.name) }</h1>
            <p class="meta">{ info.designer }</p>
            { start.clone() }
            <div class="rules-text" ref={text} {onclick}></div>
            { start }
        </section>
    }
}
