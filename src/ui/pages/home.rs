//! `#/`: the games, the saved games to continue, and entries that could not be read.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::record::GameRecord;
use crate::registry::{self, AnyGame};
use crate::stats;
use crate::storage::entry::EntryError;
use crate::storage::meet::{Backup, BackupFile};
use crate::storage::store::{Kind, Restored, Store};
use crate::storage::{SavedGame, SetAside};
use crate::ui::actions::import_record;
use crate::ui::browser;
use crate::ui::components::status::{isolated, player_name, status_line};
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

fn saved_row(
    saved: &SavedGame,
    end: Option<&dyn AnyGame>,
    unsaved: bool,
    on_delete: Callback<String>,
) -> Html {
    let record = &saved.record;
    let name = game_name(&record.game);
    // The live game (all its moves), even if the board was left on an earlier move.
    let status = end.map_or_else(String::new, |g| status_line(record, g));
    let players: Vec<String> = (0..record.players.len())
        .map(|s| player_name(record, s))
        .collect();
    let id = saved.id.clone();
    html! {
        <li class="saved" data-id={saved.id.clone()}>
            <a class="continue" href={Route::Play(saved.id.clone()).href()}>
                <strong>{ name }</strong>
                <span class="who">
                    { for record.players.iter().zip(&players).map(|(p, name)| html! {
                        <span class="player-tag">
                            <span class="dot" aria-hidden="true"
                                style={format!("background:{}", views::paint(&record.game, &p.colour).fill)}></span>
                            <bdi>{ name.clone() }</bdi>
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

/// Adds a backup's games beside the saved ones (never over one), and says what happened:
/// how many were added, already here or added as copies, and how many were not, with each
/// reason in words.
async fn restore_backup(store: &Store, games: Vec<Result<SavedGame, EntryError>>) -> String {
    let mut good = Vec::new();
    let mut refused = 0;
    let mut reasons: Vec<String> = Vec::new();
    for game in games {
        match game {
            Ok(g) => good.push(g),
            Err(e) => {
                refused += 1;
                // The reason without what is said of stored entries ("left as it is").
                let why = e.reason.replace("; it is left as it is", "");
                if !reasons.contains(&why) {
                    reasons.push(why);
                }
            }
        }
    }
    let Restored {
        added,
        skipped,
        copies,
        unsaved,
        why,
    } = store.restore(good).await;
    let mut text = format!(
        "Backup opened: {added} game{} added",
        if added == 1 { "" } else { "s" }
    );
    if copies > 0 {
        text.push_str(&format!(
            ", {copies} added as copies (another version of each is here)"
        ));
    }
    if skipped > 0 {
        text.push_str(&format!(", {skipped} already here"));
    }
    if refused > 0 {
        text.push_str(&format!(", {refused} not added: {}", reasons.join("; ")));
    }
    text.push('.');
    if let Some(why) = why {
        text.push_str(&format!(
            " {unsaved} could not be saved: {why}. They are still in the backup file: make room (delete finished games) and open it again."
        ));
    }
    text
}

/// Opens a file: a backup of every game (added beside the saved ones, never over one) or
/// one game record (added as a new game, then opened).
async fn open_file(store: &Store, text: &str) -> Result<Option<String>, String> {
    match Backup::open(text) {
        BackupFile::NotABackup => {}
        BackupFile::Newer(version) => {
            return Err(format!(
                "That file is a backup made by a newer version of the app (format {version}): nothing was added."
            ))
        }
        BackupFile::Games(games) => return Ok(Some(restore_backup(store, games).await)),
    }
    let record =
        GameRecord::from_json(text).map_err(|e| format!("That file cannot be opened: {e}."))?;
    let id = import_record(store, record)?;
    browser::navigate(&Route::Play(id));
    Ok(None)
}

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
    let store = use_state(|| saved.load_all());
    let kind = saved.kind();
    // What the browser says the site uses of its storage, and allows.
    let estimate = use_state(|| None::<(f64, f64)>);
    {
        let store = store.clone();
        let saved = saved.clone();
        let estimate = estimate.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Some(e) = browser::storage_estimate().await {
                    estimate.set(Some(e));
                }
            });
            // Another tab's move, new game or deletion shows here at once.
            let reader = saved.clone();
            let listening = saved.listen(Callback::from(move |_| store.set(reader.load_all())));
            move || drop(listening)
        });
    }
    let file_message = use_state(|| None::<String>);
    let on_backup = {
        let saved = saved.clone();
        Callback::from(move |_| {
            // Read now: other tabs may have played since the page opened.
            let backup = Backup::of(&saved.load_all().games);
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
            let finished: Vec<String> = saved
                .load_all()
                .games
                .iter()
                .filter(|g| {
                    g.record
                        .replay(g.record.moves.len())
                        .is_ok_and(|p| p.outcome().is_some())
                })
                .map(|g| g.id.clone())
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
            if file.size() > 20_000_000.0 {
                file_message.set(Some(
                    "That file is too large to be a game record or a backup.".to_string(),
                ));
                return;
            }
            let file_message = file_message.clone();
            let store = store.clone();
            let saved = saved.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                let result = match text.ok().and_then(|t| t.as_string()) {
                    None => Err("That file could not be read.".to_string()),
                    Some(text) => open_file(&saved, &text).await,
                };
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
    let shelf = &*store;
    let games = &shelf.games;
    let aside = &shelf.aside;
    let unsaved = |id: &str| shelf.unsaved.iter().any(|(u, _)| u == id);
    let full = shelf.unsaved.first().map(|(_, why)| *why);
    // Each game as it stands, replayed once for its status and the statistics.
    let ends: Vec<Option<Box<dyn AnyGame>>> = games
        .iter()
        .map(|g| g.record.replay(usize::MAX).ok())
        .collect();
    let tallies = stats::tally(
        games
            .iter()
            .zip(&ends)
            .map(|(g, end)| (&g.record, end.as_ref().and_then(|e| e.outcome()))),
    );
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
                { fixed::markup("<h2>Continue</h2>") }
                <ul class="saved-list">{ for games.iter().zip(&ends).map(|(g, end)| saved_row(g, end.as_deref(), unsaved(&g.id), on_delete.clone())) }</ul>
                <p class="storage-use" id="storage-use">
                    if let Some((used, quota)) = *estimate {
                        { format!("This site uses {} of the {} this browser allows it.", size_text(used), size_text(quota)) }
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
                <input type="file" accept=".json,application/json" onchange={on_file} />
            </label>
            if let Some(m) = &*file_message { <p class="error" role="alert" id="file-message">{ m.clone() }</p> }
        </section>
    }
}
