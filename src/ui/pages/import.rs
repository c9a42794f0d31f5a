//! `#/import/<payload>`: opens a shared link as a new copy of the game.

use yew::prelude::*;

use crate::ui::components::dead_end::dead_end;

use crate::record::GameRecord;
use crate::ui::actions::import_record;
use crate::ui::browser;
use crate::ui::routes::Route;

/// Props of [`Import`].
#[derive(Properties, PartialEq)]
pub struct ImportProps {
    /// The record packed by a share link.
    pub payload: String,
}

/// Imports the shared game, then replaces this address with the game's own.
#[component]
pub fn Import(props: &ImportProps) -> Html {
    let result = use_state({
        let payload = props.payload.clone();
        move || {
            GameRecord::from_link_payload(&payload)
                .map_err(|e| e.to_string())
                .and_then(import_record)
        }
    });
    {
        let result = result.clone();
        use_effect_with((), move |_| {
            if let (Ok(id), Some(w)) = (&*result, web_sys::window()) {
                let target = format!("{}{}", browser::base_url(), Route::Play(id.clone()).href());
                let _ = w.location().replace(&target);
            }
        });
    }
    match &*result {
        Ok(_) => html! { <p>{ "Opening the shared game…" }</p> },
        Err(why) => dead_end("This link does not open a game", why.clone()),
    }
}
