//! `#/import/<payload>`: opens a shared link. A friend's "your move" link of a game this device
//! already has adds the new moves to it (and the play page lists them); a link whose history
//! differs from the saved game is kept beside it, never over it; any other link opens as a new
//! saved game.

use yew::prelude::*;

use crate::record::GameRecord;
use crate::storage::clock;
use crate::storage::meet::LinkMeets;
use crate::storage::store::{Opened, Store};
use crate::ui::browser;
use crate::ui::components::dead_end::dead_end;
use crate::ui::components::status::{isolated, player_name};
use crate::ui::hooks::use_value;
use crate::ui::kit::fixed;
use crate::ui::pages::play::{tell_play_page, News};
use crate::ui::routes::Route;

/// Props of [`Import`].
#[derive(Properties, PartialEq)]
pub struct ImportProps {
    /// The record packed by a share link.
    pub payload: String,
    /// The saved games.
    pub store: Store,
}

/// What the play page says about the link just opened: whose game it is, and what opening it
/// did (a new copy, moves added to the game you have, a copy beside it, nothing).
fn news_of(opened: &Opened, record: &GameRecord) -> News {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let names: Vec<String> = (0..record.players.len())
        .map(|s| isolated(&player_name(record, s)))
        .collect();
    let text = match opened.meets {
        LinkMeets::Unrelated => format!(
            "A shared game between {}, opened here as a copy of your own with its {} move{}. Your other games are unchanged.",
            names.join(", "),
            record.moves.len(),
            plural(record.moves.len())
        ),
        LinkMeets::Same => format!(
            "Your game between {}: you already have it as the link shows it, nothing new.",
            names.join(", ")
        ),
        LinkMeets::Older => format!(
            "Your game between {}: this link is older (your game has every move of it and more), nothing was changed.",
            names.join(", ")
        ),
        // Only the end on time is new (a clock ran out on the other device).
        LinkMeets::Extends if opened.added == 0 => format!(
            "Your game between {}: the link ends it on time; nothing else changed.",
            names.join(", ")
        ),
        LinkMeets::Extends => format!(
            "Your game between {}: the link added {} new move{} since you last looked:",
            names.join(", "),
            opened.added,
            plural(opened.added)
        ),
        LinkMeets::Diverged => format!(
            "Your game between {}: this link's moves differ from yours, so both are kept. This is the link's; yours is unchanged.",
            names.join(", ")
        ),
    };
    News {
        text,
        other: opened.other.clone(),
        new_moves: opened.added,
    }
}

/// Reads a link's payload: compressed (`z.`, inflated by the browser) or plain; validated in
/// full either way.
async fn read_payload(payload: &str) -> Result<GameRecord, String> {
    match GameRecord::compressed_bytes(payload).map_err(|e| e.to_string())? {
        None => GameRecord::from_link_payload(payload).map_err(|e| e.to_string()),
        Some(bytes) => {
            let text = browser::inflate(&bytes).await.ok_or_else(|| {
                "the link is damaged (it does not unpack to a game record)".to_string()
            })?;
            GameRecord::from_json(&text).map_err(|e| e.to_string())
        }
    }
}

/// Opens the shared game, then replaces this address with the game's own.
#[component]
pub fn Import(props: &ImportProps) -> Html {
    let failed = use_value(|| None::<String>);
    {
        let failed = failed.clone();
        let payload = props.payload.clone();
        let store = props.store.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                match read_payload(&payload).await {
                    Ok(record) => {
                        let opened = store.open_link(record.clone(), clock::now_ms());
                        tell_play_page(&opened.id, news_of(&opened, &record));
                        if let Some(w) = web_sys::window() {
                            let target =
                                format!("{}{}", browser::base_url(), Route::Play(opened.id).href());
                            let _ = w.location().replace(&target);
                        }
                    }
                    Err(why) => failed.set(Some(why)),
                }
            });
        });
    }
    match &*failed {
        None => fixed::markup(r#"<p role="status">Opening the shared game…</p>"#),
        Some(why) => dead_end("This link does not open a game", why.clone()),
    }
}
