//! The play page's controls and notices: the turn banner, the buttons (hint, undo, redo,
//! share, download) with the share link, what a move on the board asks first, and what the
//! page tells the player (no storage, not saved yet, a copy kept, a link's new moves).

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::parts::seat_colour;
use super::state::{PlayAction, PlayState};
use crate::registry::AnyGame;
use crate::session::{link_payload, Session};
use crate::storage::store::Kind;
use crate::ui::components::status::{player_name, result_line};
use crate::ui::routes::Route;
use crate::ui::{browser, computer};

/// The share link made on this page, and whether it reached the clipboard.
pub type Shared = UseStateHandle<Option<(String, bool)>>;

/// The board's move: played at once on the last position; from an earlier one, which
/// replaces the `later` moves after it, only once the player confirms (never by accident).
pub fn play_move(dispatcher: UseReducerDispatcher<PlayState>) -> impl Fn(String, &usize) + 'static {
    move |mv: String, &later: &usize| {
        let question = format!(
            "Playing here replaces the {later} later move{} of this game. Play it?",
            if later == 1 { "" } else { "s" }
        );
        if later == 0 || browser::confirm(&question) {
            dispatcher.dispatch(PlayAction::Move(mv));
        }
    }
}

/// Whose turn it is on the board (and whether the computer thinks, or could not move, with a
/// button to ask it again), or the game's result.
pub fn turn_banner(
    session: &Session,
    shown: &dyn AnyGame,
    names: &[String],
    dispatcher: &UseReducerDispatcher<PlayState>,
) -> Html {
    let record = session.record();
    let failed = session.computer_failed();
    let thinking = session.computer_thinking();
    match (shown.outcome(), shown.to_move()) {
        (Some(outcome), _) => html! {
            <div class="turn-banner over" role="status" aria-live="polite">
                <strong>{ format!("Game over: {}", result_line(record, &outcome)) }</strong>
            </div>
        },
        (None, Some(seat)) => html! {
            <div class="turn-banner" role="status" aria-live="polite" style={format!("--turn-colour:{}", seat_colour(record, seat))}>
                <span class="turn-chip" aria-hidden="true"></span>
                <strong><bdi>{ names.get(seat).cloned().unwrap_or_default() }</bdi>
                    { if thinking { " (the computer) is thinking…" } else if failed { " (the computer) could not move" } else { " " } }
                    { if thinking || failed { "" } else { shown.turn_words() } }</strong>
                if failed {
                    <button type="button" id="ask-again" onclick={dispatcher.to_callback().reform(|_: MouseEvent| PlayAction::AskAgain)}>{ "Ask again" }</button>
                }
            </div>
        },
        (None, None) => Html::default(),
    }
}

/// What the page tells the player above the board's history: that this browser gives no
/// storage, why the game is not saved yet, and news of how it came to be here (a copy
/// kept, a link's new moves, listed).
pub fn notices(kind: Kind, state: &PlayState, session: &Session) -> Html {
    let record = session.record();
    html! { <>
        if kind == Kind::Memory {
            <p class="warning" role="alert">{ "This browser gives the app no storage: this game lasts only while this tab is open. Download it to keep it." }</p>
        }
        if let Some(why) = state.unsaved {
            <div class="warning unsaved" role="alert" id="unsaved">
                <p><strong>{ "Not saved yet: " }</strong>{ format!("{why}. Every move stays on the board while this tab is open, and the game is saved as soon as there is room.") }</p>
                <p>{ "To make room, delete finished games on the " }<a href={Route::Home.href()}>{ "home page" }</a>{ ", or download this game to keep it as a file." }</p>
            </div>
        }
        if let Some(news) = &state.news {
            <div class="notice" role="status" id="copy-notice">
                <p>{ news.text.clone() }
                    if let Some(other) = &news.other {
                        { " " }<a href={Route::Play(other.clone()).href()}>{ "Open the other" }</a>
                    }
                </p>
                if news.new_moves > 0 {
                    <ol class="new-moves" start={(record.moves.len() + 1).saturating_sub(news.new_moves).to_string()}>
                        { for session.move_list().iter().rev().take(news.new_moves).rev().map(|(seat, text)| html! {
                            <li><bdi>{ player_name(record, *seat) }</bdi>{ format!(": {text}") }</li>
                        }) }
                    </ol>
                }
            </div>
        }
    </> }
}

/// The buttons under the board's status: a hint (when the person at the device may move),
/// undo, redo, the share link (not while it would carry secrets: the page says why) and the
/// download (asking first while it carries secrets); then the link, once made.
pub fn buttons(state: &UseReducerHandle<PlayState>, session: &Session, share: &Shared) -> Html {
    let record = session.record();
    let dispatcher = state.dispatcher();
    let send = |action: fn() -> PlayAction| {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(action()))
    };
    let hint = state.hint_now();
    // The hint is asked for the position on the board, by its ticket.
    let on_hint = session.offers_hint().then(|| {
        let dispatcher = dispatcher.clone();
        let ticket = session.ticket();
        let mut record = record.clone();
        record.moves.truncate(session.cursor());
        Callback::from(move |_| {
            dispatcher.dispatch(PlayAction::AskHint(ticket));
            let reply = dispatcher.clone();
            let reply = Callback::from(move |hint| reply.dispatch(PlayAction::Hint(ticket, hint)));
            computer::hint(&record, reply);
        })
    });
    let on_share = {
        let share = share.clone();
        let record = session.link_record().cloned();
        Callback::from(move |_| {
            // Never reached while secrets are at stake (the button is off), but never trusted.
            let Some(record) = record.clone() else {
                return;
            };
            let share = share.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // Compressed by the browser where it can, else the plain record.
                let deflated = browser::deflate(&record.to_json()).await;
                let payload = link_payload(&record, deflated.as_deref());
                let link = format!("{}{}", browser::base_url(), Route::Import(payload).href());
                share.set(Some((link.clone(), false)));
                if browser::copy_to_clipboard(&link).await {
                    share.set(Some((link, true)));
                }
            });
        })
    };
    let on_download = {
        let record = record.clone();
        let (name, question) = (session.file_name(), session.secrets_question("file"));
        Callback::from(move |_| {
            if question.as_deref().is_some_and(|q| !browser::confirm(q)) {
                return;
            }
            let _ = browser::download(&name, &record.to_json());
        })
    };
    let secrets = !session.offers_link();
    html! { <>
        <div class="buttons">
            if let Some(on_hint) = on_hint {
                <button type="button" id="hint-button" onclick={on_hint} disabled={matches!(hint, Some(None | Some(Ok(_))))}
                    title="What the computer would play here (quick strength)">{ "Hint" }</button>
            }
            <button type="button" onclick={send(|| PlayAction::Undo)} disabled={!session.can_undo()} title="Ctrl+Z">{ "Undo" }</button>
            <button type="button" onclick={send(|| PlayAction::Redo)} disabled={!session.saved().can_redo()} title="Ctrl+Shift+Z">{ "Redo" }</button>
            <button type="button" id="share-link" onclick={on_share} disabled={secrets}
                title={secrets.then_some("A link would carry every player's secrets")}>{ "Share link" }</button>
            <button type="button" onclick={on_download}>{ "Download" }</button>
        </div>
        if secrets {
            <p class="meta" id="no-link">{ "No share link while this game is played: a link carries every move, every player's secret setup included, so anyone who opens it would see them. Pass the device instead; the link is offered again when the game is over." }</p>
        }
        if let Some((link, copied)) = &**share {
            <label class="share">
                { format!("Link to this game, all {} moves{}", record.moves.len(),
                    if *copied { " (copied to the clipboard):" } else { ": copy it from here" }) }
                <input type="text" readonly=true value={link.clone()}
                    onfocus={Callback::from(|e: FocusEvent| {
                        if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                            input.select();
                        }
                    })} />
            </label>
        }
    </> }
}
