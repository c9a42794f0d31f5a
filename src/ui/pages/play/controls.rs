//! The play page's controls: the turn banner, the buttons (hint, undo, redo, share, download)
//! with the share link, and what a move on the board asks first.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::{PlayAction, PlayState};
use crate::core::Outcome;
use crate::registry::AnyGame;
use crate::session::{link_payload, secrets_question, Session, SinceMove};
use crate::ui::components::status::result_line;
use crate::ui::hooks::Value;
use crate::ui::routes::Route;
use crate::ui::{browser, worker};

/// The share link made on this page, and whether it reached the clipboard.
pub type Shared = Value<Option<(String, bool)>>;

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

/// Why there is no share link while a game of secrets is played (nothing when there is one).
pub fn no_link_note(session: &Session) -> Html {
    if session.offers_link() {
        return Html::default();
    }
    html! {
        <p class="meta" id="no-link">{ "No share link while this game is played: a link carries every move, every player's secret setup included, so anyone who opens it would see them. Pass the device instead; the link is offered again when the game is over." }</p>
    }
}

/// What the person to move reads first: every move since their last turn (the others', the
/// computer's, each step of a turn of several), in words, numbered as in the move list.
pub fn since_line(since: &[SinceMove], names: &[String]) -> Html {
    if since.is_empty() {
        return Html::default();
    }
    html! {
        <div class="since" id="since" role="status" aria-live="polite">
            <span class="since-title">{ "Since your last turn:" }</span>
            <ol>
                { for since.iter().map(|m| html! {
                    <li value={m.number.to_string()}>
                        <bdi class="who">{ names.get(m.seat).cloned().unwrap_or_default() }</bdi>{ " " }{ m.text.text.clone() }
                    </li>
                }) }
            </ol>
        </div>
    }
}

/// Whose turn it is on the board (and whether the computer thinks, or could not move, with a
/// button to ask it again), in the seat's colour (`turn_style`), or the game's result: of the
/// position `shown`, whose `outcome` it is.
pub fn turn_banner(
    session: &Session,
    (shown, outcome): (&dyn AnyGame, Option<&Outcome>),
    names: &[String],
    turn_style: Option<String>,
    dispatcher: &UseReducerDispatcher<PlayState>,
) -> Html {
    let record = session.record();
    let failed = session.computer_failed();
    let thinking = session.computer_thinking();
    match (outcome, shown.to_move()) {
        (Some(outcome), _) => html! {
            <div class="turn-banner over" role="status" aria-live="polite">
                <strong>{ format!("Game over: {}", result_line(record, outcome)) }</strong>
            </div>
        },
        (None, Some(seat)) => html! {
            <div class="turn-banner" role="status" aria-live="polite" style={turn_style}>
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

/// The buttons under the board's status: a hint (when the person at the device may move; off
/// while `hinted`: one is asked or shown; "Ask again" once one `failed`), undo, redo, the share link (not while it would
/// carry secrets: the page says why) and the download (asking first while it carries
/// secrets); then the link, once made.
pub fn buttons(
    dispatcher: &UseReducerDispatcher<PlayState>,
    session: &Session,
    (hinted, failed, exploring): (bool, bool, bool),
    share: &Shared,
) -> Html {
    let record = session.record();
    let undo = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_| dispatcher.dispatch(PlayAction::Undo))
    };
    let redo = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_| dispatcher.dispatch(PlayAction::Redo))
    };
    // The hint is asked for the position on the board, by its ticket.
    let on_hint = session.offers_hint().then(|| {
        let dispatcher = dispatcher.clone();
        let ticket = session.ticket();
        let record = record.upto(session.cursor());
        Callback::from(move |_| {
            dispatcher.dispatch(PlayAction::AskHint(ticket));
            let reply = dispatcher.clone();
            let reply = Callback::from(move |hint| reply.dispatch(PlayAction::Hint(ticket, hint)));
            worker::hint(&record, exploring, reply);
        })
    });
    let (offered, secrets) = (session.offers_link(), session.carries_secrets());
    let on_share = {
        let share = share.clone();
        let record = record.clone();
        Callback::from(move |_| {
            // Never reached while secrets are at stake (the button is off), but never trusted.
            if !offered {
                return;
            }
            let (share, record) = (share.clone(), record.clone());
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
        let (record, name) = (record.clone(), session.file_name());
        Callback::from(move |_| {
            if secrets && !browser::confirm(&secrets_question("file")) {
                return;
            }
            let _ = browser::download(&name, &record.to_json());
        })
    };
    html! { <>
        <div class="buttons">
            if let Some(on_hint) = on_hint {
                if exploring {
                    <button type="button" id="hint-button" onclick={on_hint} disabled={hinted}
                        title="Each side's chances as the computer sees them, and its three best moves">{ "Computer's view" }</button>
                } else {
                    <button type="button" id="hint-button" onclick={on_hint} disabled={hinted}
                        title="What the computer would play here (normal strength), never a move that loses at once while another does not">{ if failed { "Ask again" } else { "Hint" } }</button>
                }
            }
            <button type="button" onclick={undo} disabled={!session.can_undo()} title="Ctrl+Z">{ "Undo" }</button>
            <button type="button" onclick={redo} disabled={!session.saved().can_redo()} title="Ctrl+Shift+Z">{ "Redo" }</button>
            <button type="button" id="share-link" onclick={on_share} disabled={!offered}
                title={(!offered).then_some("A link would carry every player's secrets")}>{ "Share link" }</button>
            if let Some((_, copied)) = &**share {
                // Said beside the button: the link itself may be below the fold.
                <span class="share-said" role="status">{ if *copied { "Link copied" } else { "Link below: copy it" } }</span>
            }
            <button type="button" onclick={on_download}>{ "Download" }</button>
        </div>
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
