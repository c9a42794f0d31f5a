//! `#/play/<id>`: a saved game: board, whose turn, moves, undo/redo, history, sharing. The
//! page's state and what can happen to it are in [`state`], its parts (player cards, the
//! result, the hand-off screen) in [`parts`].

mod parts;
mod state;
mod teach;

pub use state::{tell_play_page, News};

use parts::{handoff_screen, player_cards, rematch, result_box};
use state::{go_to_copy, save_session, PlayAction, PlayState, NEWS};
use teach::{hint_note, replay_controls, use_chances, use_replay};

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::core::Viewer;
use crate::record::GameRecord;
use crate::session::Session;
use crate::storage::store::{Change, Kind, Store};
use crate::ui::browser;
use crate::ui::components::dead_end::dead_end;
use crate::ui::components::move_list::{move_list, use_move_list_scroll, MoveListProps};
use crate::ui::components::status::{player_name, result_line};
use crate::ui::computer;
use crate::ui::game_view::AnyBoardProps;
use crate::ui::hooks::{use_global_listener, On};
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
    let state = use_reducer({
        let id = props.id.clone();
        let store = props.store.clone();
        move || PlayState {
            session: store.load_line(&id).and_then(Session::open),
            message: None,
            unsaved: store.unsaved(&id),
            computer_failed: None,
            hint: None,
            news: NEWS.with(|n| {
                let mut n = n.borrow_mut();
                n.as_ref()
                    .is_some_and(|(for_id, _)| *for_id == id)
                    .then(|| n.take().map(|(_, copy)| copy))
                    .flatten()
            }),
        }
    });
    // The share link, and whether it reached the clipboard.
    let share = use_state(|| None::<(String, bool)>);
    // The pace of the computer's moves and of replays, a setting of the device.
    let speed = use_state(|| browser::setting("speed").unwrap_or_default());
    let pace = crate::computer::pace_of(&speed);
    // How a finished game went, asked of the worker when the player opens it.
    let chances = use_chances();
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
    {
        let dispatcher = state.dispatcher();
        use_global_listener(On::Document, "keydown", move |e: &Event| {
            let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            // Typing in a text field keeps the field's own undo.
            let in_field = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                });
            let key = e.key().to_ascii_lowercase();
            if in_field || !(e.ctrl_key() || e.meta_key()) || !(key == "z" || key == "y") {
                return;
            }
            e.prevent_default();
            if key == "y" || e.shift_key() {
                dispatcher.dispatch(PlayAction::Redo);
            } else {
                dispatcher.dispatch(PlayAction::Undo);
            }
        });
    }
    {
        // Keep two tabs on the same game in step: a move saved in one shows in the other; and
        // follow this tab's own saves: landed, not yet (a full storage: the app's loop tries
        // again every two seconds), or kept as a copy because another tab played on this
        // game at the same moment (the page goes to the copy).
        let dispatcher = state.dispatcher();
        let store = props.store.clone();
        let id = props.id.clone();
        let missing = state.session.is_err();
        use_effect_with((), move |_| {
            let loader = store.clone();
            // A game another tab has just made may have arrived since the page first looked.
            if missing {
                dispatcher.dispatch(PlayAction::Reload(store.load_line(&id)));
            }
            let listening = store.listen(Callback::from(move |change: Change| match change {
                Change::Game { id: changed, .. } if changed == id => {
                    dispatcher.dispatch(PlayAction::Reload(loader.load_line(&id)));
                }
                // A new game that is a copy of this one: another tab's diverging history.
                Change::Game { id: copy, game: Some(game), new: true }
                    if game.copy_of.as_deref() == Some(id.as_str()) =>
                {
                    dispatcher.dispatch(PlayAction::Copied(News {
                        text: "Another version of this game was just kept beside it, as a copy (another tab played on it at the same moment, or opened a version that differs). Both histories are kept; this one is unchanged.".into(),
                        other: Some(copy),
                        new_moves: 0,
                    }));
                }
                Change::Moved { from, to } if from == id && loader.moved_to(&from).is_some() => {
                    go_to_copy(&from, &to);
                }
                Change::Saved { id: saved, unsaved } if saved == id => {
                    dispatcher.dispatch(PlayAction::SaveState(unsaved));
                }
                _ => {}
            }));
            move || drop(listening)
        });
    }
    {
        // Saving is an effect of a change this page made (never of loading or of another
        // tab's version, which are stored already).
        let state = state.clone();
        let store = props.store.clone();
        let revision = state.session.as_ref().map_or(0, Session::revision);
        use_effect_with(revision, move |&revision| {
            if let (true, Ok(session)) = (revision > 0, &state.session) {
                save_session(&store, session, &state.dispatcher());
            }
        });
    }
    {
        let dispatcher = state.dispatcher();
        use_global_listener(On::Document, "visibilitychange", move |_| {
            if !web_sys::window()
                .and_then(|w| w.document())
                .is_some_and(|d| d.hidden())
            {
                dispatcher.dispatch(PlayAction::AskAgain);
            }
        });
    }
    {
        // The computer's turn: ask its worker (which answers at a pace people can follow),
        // and play the answer unless the game moved on meanwhile (undo, another tab, the page
        // closed): then the question is dropped and the worker stopped.
        let dispatcher = state.dispatcher();
        // Only a tab in view asks (two tabs on one game would both think, and could differ);
        // one coming into view asks then.
        let visible = !web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.hidden());
        let failed = state.computer_failed;
        let question = state.session.as_ref().ok().and_then(|s| {
            let (_, strength) = s.computer_to_move()?;
            (visible && s.handoff().is_none() && failed != Some(s.ticket()))
                .then(|| (s.ticket(), s.record().clone(), strength))
        });
        let ticket = question.as_ref().map(|q| q.0);
        use_effect_with(ticket, move |_| {
            if let Some((ticket, record, strength)) = question {
                let reply = Callback::from(move |result: Result<String, String>| {
                    dispatcher.dispatch(PlayAction::Computer(ticket, result));
                });
                computer::ask(&record, strength, pace, reply);
            }
            computer::stop
        });
    }
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
    // How the game went, once it is over.
    let moves = record.moves.len();
    let chart_html = session.live().outcome().map(|_| {
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
