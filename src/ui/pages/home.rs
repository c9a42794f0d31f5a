//! `#/`: the games, the saved games to continue, and entries that could not be read.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::restore::{cancel, open_file, Progress};
use crate::registry;
use crate::stats;
use crate::storage::entry::Standing;
use crate::storage::meet::Backup;
use crate::storage::store::{Kind, Store};
use crate::storage::{SavedGame, SetAside};
use crate::ui::browser;
use crate::ui::components::status::{isolated, status_line};
use crate::ui::hooks::use_value;
use crate::ui::kit::fixed;
use crate::ui::routes::Route;
use crate::ui::views;

thread_local! {
    /// The games' cards, as the page's first paint (index.html) shows them: `tests/first_paint.rs`
    /// checks that they are what the registry draws, so the app's bundle does not carry them.
    /// The site's own markup, from the page this build serves (never text a user supplied).
    static CARDS: std::cell::RefCell<AttrValue> = const { std::cell::RefCell::new(AttrValue::Static("")) };
}

/// Keeps the games' cards of the page's first paint (the inside of its `<ul class="games">`)
/// for the home page: [`crate::start`] gives them before the app takes the page over.
pub fn keep_cards(cards: String) {
    CARDS.set(cards.into());
}

/// What the home page says when the browser gives the app no database (the page's first
/// paint, drawn from a store in memory, leaves it out: `tests/first_paint.rs`).
pub const NO_STORAGE: &str = r#"<p class="warning" role="alert">This browser gives the app no storage (private windows and some privacy settings do this). You can still play: games live in this tab until it closes. Use Download on a game to keep it.</p>"#;

/// A game's name by slug ("?" for one this version does not know).
fn game_name(slug: &str) -> &'static str {
    registry::find(slug).map_or("?", |e| e.info().name)
}

/// A saved game's row: nothing in it is replayed (where the game stands after all its moves,
/// even if the board was left on an earlier move, is the list's).
fn saved_row(
    saved: &SavedGame,
    standing: Option<&Standing>,
    unsaved: bool,
    on_delete: Callback<String>,
) -> Html {
    let record = &saved.record;
    let name = game_name(&record.game);
    let status = standing.map_or_else(String::new, |s| status_line(&record.players, s));
    let players: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
    let id = saved.id.clone();
    html! {
        <li class="saved" data-id={saved.id.clone()}>
            <a class="continue" href={Route::Play(saved.id.clone()).href()}>
                <strong>{ name }</strong>
                <span class="who">
                    { for record.players.iter().map(|p| html! {
                        <span class="player-tag">
                            <span class="dot" aria-hidden="true"
                                style={format!("background:{}", views::paint(&record.game, &p.colour).fill)}></span>
                            <bdi>{ p.name.clone() }</bdi>
                        </span>
                    }) }
                </span>
                <span class="status">{ status }</span>
                if saved.copy_of.is_some() { { fixed::markup(r#"<span class="badge">copy</span>"#) } }
                if unsaved { { fixed::markup(r#"<span class="badge unsaved">not saved yet</span>"#) } }
                <span class="when">{ if saved.updated_ms > 0.0 { format!("last played {}", browser::local_time(saved.updated_ms)) } else { "last played: unknown".to_string() } }</span>
            </a>
            <button type="button" class="danger" aria-label={format!("Delete the {name} game of {}", players.iter().map(|p| isolated(p)).collect::<Vec<_>>().join(", "))}
                onclick={Callback::from(move |_| on_delete.emit(id.clone()))}>{ "Delete" }</button>
        </li>
    }
}

fn aside_row(store: &Store, a: &SetAside, on_discard: Callback<String>) -> Html {
    let key = a.key.clone();
    let download_key = a.key.clone();
    let store = store.clone();
    html! {
        <li class="aside">
            // Its key and reason may hold anything: a long or odd key is not shown, and both are
            // isolated.
            <span>{ "Saved entry " }
                if crate::storage::entry::valid_id(&a.id) { <bdi>{ a.id.clone() }</bdi> } else { { "with an unusual key" } }
                { ": " }<bdi>{ a.reason.clone() }</bdi></span>
            <button type="button" onclick={Callback::from(move |_| {
                if let Some(text) = store.raw_text(&download_key) {
                    let _ = browser::download(&format!("{download_key}.json"), &text);
                }
            })}>{ "Download" }</button>
            <button type="button" class="danger" onclick={Callback::from(move |_| on_discard.emit(key.clone()))}>{ "Discard" }</button>
        </li>
    }
}

/// How many unreadable entries are listed one by one (the rest are counted).
const ASIDE_SHOWN: usize = 20;

/// "340 KB", "1.2 MB", "10 GB".
fn size_text(bytes: f64) -> String {
    const MB: f64 = 1024.0 * 1024.0;
    const GB: f64 = 1024.0 * MB;
    if bytes >= MB {
        // A browser's quota runs to gigabytes: "10 GB" reads better than "10242.2 MB".
        let (amount, unit) = if bytes >= GB {
            (bytes / GB, "GB")
        } else {
            (bytes / MB, "MB")
        };
        format!("{} {unit}", crate::ui::game_view::num(amount))
    } else {
        // A whole number: formatting an `f64` would link float formatting (kilobytes).
        format!("{} KB", (bytes / 1024.0).ceil() as u64)
    }
}

/// How many saved games are listed at first, and how many more each "Show more" lists.
const SHOWN_FIRST: usize = 50;

/// Props of [`Home`].
#[derive(Properties, PartialEq)]
pub struct HomeProps {
    /// The saved games.
    pub store: Store,
}

/// The home page.
#[component]
pub fn Home(props: &HomeProps) -> Html {
    let saved = props.store.clone();
    let store = use_value(|| saved.load_all());
    let shown = use_value(|| SHOWN_FIRST);
    let progress = use_value(|| None::<Progress>);
    let kind = saved.kind();
    // What the browser says the site uses of its storage, and allows.
    // In words; at first the words of the last visit (the first paint shows them), so that
    // the line does not change its height when the browser answers.
    let estimate = use_value(|| browser::setting("storage-use"));
    {
        let store = store.clone();
        let saved = saved.clone();
        let estimate = estimate.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Some((used, quota)) = browser::storage_estimate().await {
                    let words = format!(
                        "This site uses {} of the {} this browser allows it.",
                        size_text(used),
                        size_text(quota)
                    );
                    browser::set_setting("storage-use", &words);
                    estimate.set(Some(words));
                }
            });
            // Another tab's move, new game or deletion shows here at once (within 100 ms: the
            // news of a thousand games another tab adds is listed once, not a thousand times).
            let reader = saved.clone();
            let waiting = Rc::new(Cell::new(false));
            let listening = saved.listen(Callback::from(move |_| {
                if !waiting.replace(true) {
                    let (waiting, store, reader) = (waiting.clone(), store.clone(), reader.clone());
                    gloo_timers::callback::Timeout::new(100, move || {
                        waiting.set(false);
                        store.set(reader.load_all());
                    })
                    .forget();
                }
            }));
            move || drop(listening)
        });
    }
    // The Continue block as drawn (its first games), kept for the next visit's first paint:
    // index.html's script puts it in before the app runs, so a returning player's games show
    // at once and nothing moves when the app takes over (docs/storage.md).
    let listed = use_node_ref();
    {
        let listed = listed.clone();
        let keep = *shown == SHOWN_FIRST && kind != Kind::Memory;
        use_effect(move || {
            if keep {
                let html = listed.cast::<web_sys::Element>().map(|e| e.outer_html());
                browser::set_setting("continue", &html.unwrap_or_default());
            }
        });
    }
    let file_message = use_value(|| None::<String>);
    let on_backup = {
        let saved = saved.clone();
        Callback::from(move |_| {
            // Read now: other tabs may have played since the page opened.
            let backup = Backup::of(saved.load_all().games.iter().map(|g| &**g));
            let day: String = String::from(js_sys::Date::new_0().to_iso_string())
                .chars()
                .take(10)
                .collect();
            let _ = browser::download(&format!("stackplay-backup-{day}.json"), &backup);
        })
    };
    let on_delete_finished = {
        let store = store.clone();
        let saved = saved.clone();
        Callback::from(move |_| {
            // Judged on what is stored now, not when the page opened.
            let shelf = saved.load_all();
            let finished: Vec<&String> = shelf
                .games
                .iter()
                .zip(&shelf.standings)
                .filter(|(_, s)| matches!(s, Some(Standing::Over(_))))
                .map(|(g, _)| &g.id)
                .collect();
            let question = format!(
                "Delete the {} finished game{}? This cannot be undone (download a backup first to keep them).",
                finished.len(),
                if finished.len() == 1 { "" } else { "s" }
            );
            if !finished.is_empty() && browser::confirm(&question) {
                for id in &finished {
                    saved.delete(id);
                }
                store.set(saved.load_all());
            }
        })
    };
    let on_discard_all = {
        let store = store.clone();
        let saved = saved.clone();
        Callback::from(move |_| {
            // Entries left in place for a newer version of the app are not discarded.
            let aside: Vec<&SetAside> = store
                .aside
                .iter()
                .filter(|a| saved.is_aside_key(&a.key))
                .collect();
            let question = format!("Discard all {} unreadable entries for good?", aside.len());
            if !aside.is_empty() && browser::confirm(&question) {
                for a in aside {
                    saved.discard(&a.key);
                }
                store.set(saved.load_all());
            }
        })
    };
    // Asks `question`, then does `act` to the entry and shows what is stored now (one closure
    // for both buttons: each closure type costs the bundle).
    let confirmed = |question: &'static str, act: fn(&Store, &str)| {
        let store = store.clone();
        let saved = saved.clone();
        Callback::from(move |key: String| {
            if browser::confirm(question) {
                act(&saved, &key);
                store.set(saved.load_all());
            }
        })
    };
    let on_delete = confirmed(
        "Delete this saved game? This cannot be undone.",
        Store::delete,
    );
    let on_discard = confirmed("Discard this unreadable entry for good?", Store::discard);
    let on_file = {
        let file_message = file_message.clone();
        let store = store.clone();
        let saved = saved.clone();
        let progress = progress.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            else {
                return;
            };
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            // Clear the picker so choosing the same file again is noticed.
            input.set_value("");
            file_message.set(None);
            progress.set(Some((0, 0)));
            let (file_message, store, saved) = (file_message.clone(), store.clone(), saved.clone());
            let progress = progress.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let shows = progress.clone();
                let on_progress = Callback::from(move |p| shows.set(Some(p)));
                let result = open_file(&saved, file, &on_progress).await;
                progress.set(None);
                match result {
                    Ok(Some(report)) => {
                        store.set(saved.load_all());
                        file_message.set(Some(report));
                    }
                    Ok(None) => {}
                    Err(why) => file_message.set(Some(why)),
                }
            });
        })
    };
    let on_more = {
        let shown = shown.clone();
        Callback::from(move |_| shown.set(*shown + SHOWN_FIRST))
    };
    let shelf = &*store;
    let games = &shelf.games;
    let aside = &shelf.aside;
    let unsaved = |id: &str| shelf.unsaved.iter().any(|(u, _)| u == id);
    let full = shelf.unsaved.first().map(|(_, why)| *why);
    // The results, from where each game stands (nothing replayed).
    let tallies = stats::tally(games.iter().zip(&shelf.standings).map(|(g, s)| {
        let winners = match s {
            Some(Standing::Over(winners)) => Some(winners.as_slice()),
            _ => None,
        };
        (g.record.game.as_str(), g.record.players.as_slice(), winners)
    }));
    html! {
        <section class="page home">
            { fixed::markup("<h1>Stacking games for friends around one device</h1>") }
            if kind == Kind::Memory {
                { fixed::markup(NO_STORAGE) }
            }
            if let Some(why) = full {
                <div class="warning" role="alert" id="home-unsaved">
                    <p>{ format!("{} game{} of this tab {} not saved yet: {why}. {} saved as soon as there is room; until then keep this tab open.",
                        shelf.unsaved.len(), if shelf.unsaved.len() == 1 { "" } else { "s" },
                        if shelf.unsaved.len() == 1 { "is" } else { "are" },
                        if shelf.unsaved.len() == 1 { "It is" } else { "They are" }) }</p>
                    { fixed::markup("<p>Make room by deleting finished games (download a backup first to keep them).</p>") }
                </div>
            }
            if saved.left_behind() > 0 {
                <p class="warning" role="alert">{ format!("Saved entries that could not be moved to this browser's database yet: {}. They are kept where they were and tried again next time.", saved.left_behind()) }</p>
            }
            // Returning players see their games first; newcomers see the games to start.
            if !games.is_empty() {
                <div id="continue" ref={listed}>
                { fixed::markup("<h2>Continue</h2>") }
                <ul class="saved-list">{ for games.iter().zip(&shelf.standings).take(*shown).map(|(g, s)| saved_row(g, s.as_ref(), unsaved(&g.id), on_delete.clone())) }</ul>
                if games.len() > *shown {
                    <p class="actions"><button type="button" id="show-more" onclick={on_more}>{ "Show more" }</button></p>
                }
                <p class="storage-use" id="storage-use">
                    if let Some(words) = &*estimate {
                        { words.clone() }
                    }
                </p>
                if !tallies.is_empty() {
                    <details class="stats" id="stats">
                        { fixed::markup("<summary>Your results</summary>") }
                        <table>
                            <tr><th>{ "Game" }</th><th>{ "Against quick" }</th><th>{ "Against normal" }</th><th>{ "Against strong" }</th><th>{ "Between people" }</th></tr>
                            { for tallies.iter().map(|t| html! {
                                <tr data-game={t.game.clone()}>
                                    <th>{ game_name(&t.game) }</th>
                                    { for t.against.iter().map(|[w, d, l]| html! {
                                        <td>{ if w + d + l > 0 { format!("{w} won, {d} drawn, {l} lost") } else { "–".into() } }</td>
                                    }) }
                                    <td>{ format!("{} played", t.people) }</td>
                                </tr>
                            }) }
                        </table>
                    </details>
                }
                <p class="actions">
                    <button type="button" id="backup" onclick={on_backup}>{ "Download every game (backup)" }</button>
                    <button type="button" class="danger" id="delete-finished" onclick={on_delete_finished}>{ "Delete finished games" }</button>
                </p>
                </div>
            }
            { fixed::markup("<h2>Games</h2>") }
            <ul class="games">{ Html::from_html_unchecked(CARDS.with_borrow(Clone::clone)) }</ul>
            if games.is_empty() {
                { fixed::markup(r#"<p class="empty">No saved games yet. Every move is saved on this device as you play.</p>"#) }
            }
            if !aside.is_empty() {
                <div class="warning" role="alert">
                    { fixed::markup("<h2>Saved entries that could not be opened</h2><p>These were set aside untouched; your other games are fine. You can download them or discard them.</p>") }
                    <ul>{ for aside.iter().take(ASIDE_SHOWN).map(|a| aside_row(&saved, a, on_discard.clone())) }</ul>
                    if aside.len() > ASIDE_SHOWN {
                        <p>{ format!("…and {} more.", aside.len() - ASIDE_SHOWN) }</p>
                    }
                    if aside.len() > 1 {
                        <button type="button" class="danger" onclick={on_discard_all}>{ format!("Discard all {}", aside.len()) }</button>
                    }
                </div>
            }
            { fixed::markup("<h2>Open a game file or a backup</h2>") }
            <label class="file">{ "Game record or backup (.json): " }
                <input type="file" accept=".json,application/json" onchange={on_file} disabled={progress.is_some()} />
            </label>
            if let Some((done, of)) = *progress {
                // Without a value (while the file is read), a bar that says it is busy.
                <p id="restoring" role="status">{ "Opening the backup… " }
                    <progress max={of.to_string()} value={(of > 0).then(|| done.to_string())}></progress>
                    <button type="button" id="restore-cancel" onclick={Callback::from(|_| cancel())}>{ "Cancel" }</button>
                </p>
            }
            if let Some(m) = &*file_message { <p class="error" role="alert" id="file-message">{ m.clone() }</p> }
        </section>
    }
}
