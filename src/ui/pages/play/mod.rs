//! `#/play/<id>`: a saved game: board, whose turn, moves, undo/redo, history, sharing. The
//! page's state and what can happen to it are in [`state`]; the hook that keeps it in step
//! with the store, other tabs and the computer in [`live`]; its parts (player cards, the
//! result, the hand-off screen) in [`parts`]; the hint, the replay and the chances chart in
//! [`teach`].

mod live;
mod parts;
mod state;
mod teach;

pub use state::{tell_play_page, News};

use live::use_play;
use parts::{handoff_screen, player_cards, rematch, result_box};
use state::PlayAction;
use teach::{hint_note, replay_controls, use_chances, use_replay};

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::core::Viewer;
use crate::record::GameRecord;
use crate::session::Session;
use crate::storage::store::{Kind, Store};
use crate::ui::browser;
use crate::ui::components::dead_end::dead_end;
use crate::ui::components::move_list::{move_list, use_move_list_scroll, MoveListProps};
use crate::ui::components::status::{player_name, result_line};
use crate::ui::computer;
use crate::ui::game_view::AnyBoardProps;
use crate::ui::routes::Route;
use crate::ui::views;

/// Props of [`Play`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// The saved game's id.
    pub id: String,
    /// The saved games.
    pub store: Store,
}

/// The play page: it owns the layout for every game (title, whose turn, player cards,
/// controls, result, move list, history); the game's view draws only its board and panel.
#[component]
pub fn Play(props: &PlayProps) -> Html {
    // The pace of the computer's moves and of replays, a setting of the device.
    let speed = use_state(|| browser::setting("speed").unwrap_or_default());
    let pace = crate::computer::pace_of(&speed);
    // The game, kept in step with the store, other tabs and the computer.
    let state = use_play(props.id.clone(), props.store.clone(), pace);
    // The share link, and whether it reached the clipboard.
    let share = use_state(|| None::<(String, bool)>);
    // How the game went, asked of the worker when the player opens it; an open chart follows
    // the game when it is over, or a game against the computer on a person's turn.
    let chances = use_chances(state.session.as_ref().ok().and_then(|s| {
        (s.live().outcome().is_some() || (charted_live(s) && s.computer_to_move().is_none()))
            .then(|| s.record().clone())
    }));
    // The move list's element, kept scrolled to the move on the board.
    let list = use_move_list_scroll(state.session.as_ref().map_or(0, Session::cursor));
    // The board's move callback stays the same while the number of later moves does, so the
    // board's props compare equal and it is not drawn again for every change of the page.
    let on_move = {
        let dispatcher = state.dispatcher();
        let later = state.session.as_ref().map_or(0, Session::later_moves);
        use_callback(later, move |mv: String, &later| {
            // Playing from an earlier position replaces the moves after it: never by accident.
            let question = format!(
                "Playing here replaces the {later} later move{} of this game. Play it?",
                if later == 1 { "" } else { "s" }
            );
            if later == 0 || browser::confirm(&question) {
                dispatcher.dispatch(PlayAction::Move(mv));
            }
        })
    };
    // The replay: a move forward every `pace`, until the last.
    let replaying = use_replay(
        state.dispatcher(),
        state
            .session
            .as_ref()
            .ok()
            .map(|s| (s.cursor(), s.record().moves.len())),
        pace,
    );
    {
        // A link made earlier may carry another seat's secrets or an older game: it goes
        // with any change.
        let share = share.clone();
        let ticket = state.session.as_ref().ok().map(Session::ticket);
        use_effect_with(ticket, move |_| share.set(None));
    }

    let session = match &state.session {
        Ok(s) => s,
        Err(why) => return dead_end("Game not available", why.clone()),
    };
    let record = session.record();
    let slug = record.game.clone();
    if let Some(seat) = session.handoff() {
        return handoff_screen(
            session.live().info(),
            record,
            seat,
            session.saved().can_undo(),
            &state.dispatcher(),
        );
    }
    let cursor = session.cursor();
    let viewer = session.viewer();
    let shown = session.position_for_viewer(cursor);
    let info = shown.info();
    let names: Vec<String> = (0..record.players.len())
        .map(|s| player_name(record, s))
        .collect();
    let seat_colour = |seat: usize| {
        let letter = record.players.get(seat).map_or("", |p| p.colour.as_str());
        views::paint(&slug, letter).fill.to_string()
    };
    let outcome = shown.outcome();
    let to_move = shown.to_move();
    let failed = state.computer_failed == Some(session.ticket());
    let thinking = session.computer_to_move().is_some() && !failed;
    // A seat the computer plays is never moved from the board (in the history either).
    let computers_turn =
        outcome.is_none() && to_move.is_some_and(|s| session.computer(s).is_some());
    let banner = match (&outcome, to_move) {
        (Some(outcome), _) => html! {
            <div class="turn-banner over" role="status" aria-live="polite">
                <strong>{ format!("Game over: {}", result_line(record, outcome)) }</strong>
            </div>
        },
        (None, Some(seat)) => html! {
            <div class="turn-banner" role="status" aria-live="polite" style={format!("--turn-colour:{}", seat_colour(seat))}>
                <span class="turn-chip" aria-hidden="true"></span>
                <strong><bdi>{ names.get(seat).cloned().unwrap_or_default() }</bdi>
                    { if thinking { " (the computer) is thinking…" } else if failed { " (the computer) could not move" } else { " " } }
                    { if thinking || failed { "" } else { shown.turn_words() } }</strong>
                if failed {
                    <button type="button" id="ask-again" onclick={state.dispatcher().to_callback().reform(|_: MouseEvent| PlayAction::AskAgain)}>{ "Ask again" }</button>
                }
            </div>
        },
        (None, None) => Html::default(),
    };
    let result = outcome.as_ref().map(|outcome| {
        let again = record.clone();
        let dispatcher = state.dispatcher();
        let store = props.store.clone();
        let on_rematch = Callback::from(move |_| {
            if let Err(why) = rematch(&store, &again) {
                dispatcher.dispatch(PlayAction::Tell(why));
            }
        });
        result_box(
            record,
            outcome,
            session.saved().hints,
            &seat_colour,
            on_rematch,
        )
    });
    let on_goto = {
        let state = state.clone();
        Callback::from(move |n: usize| state.dispatch(PlayAction::Goto(n)))
    };
    // How the game went, once it is over; as it goes, in a game against the computer (from
    // its first move: one point draws no line).
    let moves = record.moves.len();
    let chart_html = (session.live().outcome().is_some() || (moves > 0 && charted_live(session)))
        .then(|| {
            let colours: String = (0..record.players.len())
                .map(|s| format!("--s{s}:{};", seat_colour(s)))
                .collect();
            chances.view(record, colours, &on_goto)
        });
    // Replay and steps through the history, and the pace of replays and of the computer.
    let replay = (moves > 0)
        .then(|| replay_controls(&state.dispatcher(), &replaying, &speed, (cursor, moves)));
    let history_note = (cursor < record.moves.len()).then(|| html! {
        <p class="history-note">{ format!("Showing move {cursor} of {}. Redo or pick a later move to return; a new move here replaces the later ones.", record.moves.len()) }</p>
    });
    let table_facts = shown.table_facts();

    let undo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(PlayAction::Undo))
    };
    let redo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(PlayAction::Redo))
    };
    // Sharing and downloading carry the whole game, every move, whatever is on the board: in
    // an unfinished game with secrets, every secret too, so the player is told first.
    let secrets = session.live().info().hidden_information && session.live().outcome().is_none();
    let carries_secrets_ok = move |what: &str| {
        !secrets
            || browser::confirm(&format!(
                "This {what} holds the whole game, every player's secrets included: anyone who opens it can see them all. Go on?"
            ))
    };
    let on_share = {
        let share = share.clone();
        let record = record.clone();
        Callback::from(move |_| {
            // Never reached while secrets are at stake (the button is off), but never trusted.
            if secrets {
                return;
            }
            let share = share.clone();
            let record = record.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // Compressed by the browser where it can (short enough for a chat message),
                // else the plain record.
                let payload = match browser::deflate(&record.to_json()).await {
                    Some(bytes) => GameRecord::compressed_payload(&bytes),
                    None => record.to_link_payload(),
                };
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
        let id = session.saved().id.clone();
        Callback::from(move |_| {
            if !carries_secrets_ok("file") {
                return;
            }
            let _ = browser::download(
                &format!("stackplay-{}-{id}.json", record.game),
                &record.to_json(),
            );
        })
    };
    let saved = session.saved();
    // A hint is shown on the board as its last move would be, in the hint's colours.
    let hint = state.hint_now().cloned();
    let hint_move = match &hint {
        Some(Some(Ok(mv))) => Some(mv.clone()),
        _ => None,
    };
    let can_move = !computers_turn
        && to_move.is_some_and(|s| viewer == Viewer::Everyone || viewer == Viewer::Seat(s));
    let on_hint = {
        let dispatcher = state.dispatcher();
        let ticket = session.ticket();
        let mut record = record.clone();
        record.moves.truncate(cursor);
        Callback::from(move |_| {
            dispatcher.dispatch(PlayAction::AskHint(ticket));
            let reply = dispatcher.clone();
            let reply = Callback::from(move |hint| reply.dispatch(PlayAction::Hint(ticket, hint)));
            computer::hint(&record, reply);
        })
    };
    let hint_note = hint
        .as_ref()
        .map(|hint| hint_note(hint, shown.as_ref(), viewer));
    let board_props = AnyBoardProps {
        position: shown.clone(),
        before: cursor
            .checked_sub(1)
            .filter(|_| hint_move.is_none())
            .map(|i| session.position_for_viewer(i)),
        last_move: hint_move
            .clone()
            .or_else(|| session.last_move_for_viewer(cursor)),
        ply: cursor,
        viewer,
        players: Rc::new(record.players.clone()),
        can_move,
        on_move,
    };
    // One line per turn in the move list, for a game whose turns are several moves.
    let turns: Vec<usize> = views::view(&slug)
        .and_then(|v| v.ends_turn)
        .map(|ends| {
            let line = session.timeline();
            let moves = &record.moves;
            let mut starts = vec![0];
            for (i, mv) in moves.iter().enumerate().take(line.moves()) {
                if i + 1 < moves.len()
                    && ends(line.position(i).as_ref(), mv, line.position(i + 1).as_ref())
                {
                    starts.push(i + 1);
                }
            }
            starts
        })
        .filter(|_| !record.moves.is_empty())
        .unwrap_or_default();
    let turn_style = to_move
        .filter(|_| outcome.is_none())
        .map(|seat| format!("--turn-colour:{}", seat_colour(seat)));

    html! {
        <section class="page play">
            <div class="play-head">
                <h1>{ info.name }</h1>
                <a href={Route::Rules(info.slug.to_string()).href()}>{ "Rules" }</a>
                { banner }
            </div>
            <div class={classes!("play-layout", turn_style.as_ref().map(|_| "turn"), hint_move.map(|_| "hinting"))} style={turn_style.clone()}>
                { views::board(&slug, board_props) }
                <div class="play-status">
                    if props.store.kind() == Kind::Memory {
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
                    { history_note }
                    { hint_note }
                    { replay }
                    if let Some(m) = &state.message { <p class="error" role="alert">{ m.clone() }</p> }
                    { result.unwrap_or_default() }
                    { chart_html }
                    <div class="buttons">
                        if can_move && outcome.is_none() {
                            <button type="button" id="hint-button" onclick={on_hint} disabled={matches!(hint, Some(None | Some(Ok(_))))}
                                title="What the computer would play here (quick strength)">{ "Hint" }</button>
                        }
                        <button type="button" onclick={undo} disabled={!session.can_undo()} title="Ctrl+Z">{ "Undo" }</button>
                        <button type="button" onclick={redo} disabled={!saved.can_redo()} title="Ctrl+Shift+Z">{ "Redo" }</button>
                        <button type="button" id="share-link" onclick={on_share} disabled={secrets}
                            title={secrets.then_some("A link would carry every player's secrets")}>{ "Share link" }</button>
                        <button type="button" onclick={on_download}>{ "Download" }</button>
                    </div>
                    if secrets {
                        <p class="meta" id="no-link">{ "No share link while this game is played: a link carries every move, every player's secret setup included, so anyone who opens it would see them. Pass the device instead; the link is offered again when the game is over." }</p>
                    }
                    if let Some((link, copied)) = &*share {
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
                </div>
                <div class="play-players">
                    <ol class="players">{ player_cards(&slug, record, shown.as_ref()) }</ol>
                    if !table_facts.is_empty() {
                        <ul class="table-facts">
                            { for table_facts.iter().map(|f| html! { <li>{ format!("{}: {}", f.label, f.value) }</li> }) }
                        </ul>
                    }
                </div>
                { move_list(&MoveListProps { moves: session.move_list(), names, cursor, on_goto, turns }, &list) }
            </div>
        </section>
    }
}

/// Whether `session`'s chances are charted while it is played: a game against the computer
/// that hides nothing (a game of secrets is charted once it is over, when all is shown).
fn charted_live(session: &Session) -> bool {
    !session.live().info().hidden_information
        && session
            .record()
            .players
            .iter()
            .any(|p| p.computer.is_some())
}
