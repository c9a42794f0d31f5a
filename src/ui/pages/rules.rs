//! `#/rules/<slug>`: a game's rules in the app's own words, with its rulings.
//!
//! The text of each game's rules is a static file of the site, `rules/<slug>.html` (from
//! `static/rules/`), fetched when the page opens: words cost the first load nothing that way,
//! and they are plain HTML to edit. Only a registered game's slug is ever fetched.

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

/// Fetches the rules text of `slug` from the site.
async fn fetch_rules(slug: &str) -> Result<String, String> {
    fetch_text(&format!("rules/{slug}.html")).await.ok_or_else(|| {
        format!("The rules could not be loaded (rules/{slug}.html). Check the connection and reload the page.")
    })
}

/// The rules page.
#[component]
pub fn Rules(props: &RulesProps) -> Html {
    let body = use_state(|| None::<Result<String, String>>);
    let known = registry::find(&props.slug).ok();
    {
        let body = body.clone();
        let slug = known.map(|e| e.info().slug);
        use_effect_with(slug, move |slug| {
            if let Some(slug) = *slug {
                wasm_bindgen_futures::spawn_local(async move {
                    body.set(Some(fetch_rules(slug).await));
                });
            }
        });
    }
    let Some(entry) = known else {
        return dead_end(
            "No such game",
            format!("There are no rules for \"{}\".", props.slug),
        );
    };
    let info = entry.info();
    let text = match &*body {
        None => html! { <p class="loading" role="status">{ "Loading the rules…" }</p> },
        // The file is part of this site's build, never anything a user supplied.
        Some(Ok(text)) => Html::from_html_unchecked(AttrValue::from(text.clone())),
        Some(Err(why)) => html! { <p class="error" role="alert">{ why.clone() }</p> },
    };
    html! {
        <section class="page rules">
            <h1>{ format!("{}: rules", info.name) }</h1>
            <p class="meta">{ format!("Designed by {} · {} to {} players", info.designer, info.min_players, info.max_players) }</p>
            <div class="rules-text">{ text }</div>
            <p><a class="button primary" href={Route::New(info.slug.into()).href()}>{ "Start a game" }</a></p>
        </section>
    }
}
