//! `#/rules/<slug>`: a game's rules in the app's own words, with its rulings.

use yew::prelude::*;

use crate::ui::components::dead_end::dead_end;

use crate::registry;
use crate::ui::routes::Route;
use crate::ui::views;

/// Props of [`Rules`].
#[derive(Properties, PartialEq)]
pub struct RulesProps {
    /// The game's slug.
    pub slug: String,
}

/// The rules page.
#[component]
pub fn Rules(props: &RulesProps) -> Html {
    let (Ok(entry), Some(body)) = (registry::find(&props.slug), views::rules(&props.slug)) else {
        return dead_end(
            "No such game",
            format!("There are no rules for \"{}\".", props.slug),
        );
    };
    let info = entry.info();
    html! {
        <section class="page rules">
            <h1>{ format!("{}: rules", info.name) }</h1>
            <p class="meta">{ format!("Designed by {} · {} to {} players", info.designer, info.min_players, info.max_players) }</p>
            { body }
            <p><a class="button primary" href={Route::New(info.slug.into()).href()}>{ "Start a game" }</a></p>
        </section>
    }
}
