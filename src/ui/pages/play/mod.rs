//! `#/play/<id>`: a saved game: board, whose turn, moves, undo/redo, history, sharing. The
//! page's state and what can happen to it are in [`state`]; the hook that keeps it in step
//! with the store, other tabs and the computer in [`live`]; the rules of play it lays out
//! (who may move, the computer's turn, the move list's lines, sharing) are the session's
//! ([`crate::session`]). Its parts (player cards, the result, the hand-off screen) are in
//! [`parts`]; the banner and the buttons in [`controls`]; the hint, the replay and the
//! chances chart in [`teach`].

mod controls;
mod explore;
mod live;
mod parts;
mod state;
mod table;
mod teach;

pub use state::{tell_play_page, News};

use controls::{buttons, no_link_note, play_move, since_line, turn_banner};
use explore::{explore_at, explore_bar, explore_button};
use live::use_play;
use parts::{handoff_screen, player_cards, rematch, result_box, seat_colour};
use state::PlayAction;
use table::{facing, table_buttons, Clocks};
use teach::{hint_note, replay_controls, use_chances, use_replay};

use std::rc::Rc;

use yew::prelude::*;

use crate::session::Session;
use crate::storage::store::{Kind, Store};
use crate::storage::SaveError;
use crate::ui::browser;
use crate::ui::components::dead_end::dead_end;
use crate::ui::components::move_list::{move_list, use_move_list_scroll, MoveListProps};
use crate::ui::components::status::player_name;
use crate::ui::game_view::AnyBoardProps;
use crate::ui::hooks::use_value;
use crate::ui::kit::since::since_marks;
use crate::ui::routes::Route;
use crate::ui::views;

/// Props of [`Play`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// The saved game's id.
    pub id: String,
    /// The saved games; while exploring, the copy explored ([`explore`]).
    pub store: Store,
    /// While exploring: the saved games (the game explored is one of them).
    #[prop_or_default]
    pub explore: Option<Store>,
}

/// The play page: it owns the layout for every game (title, whose turn, player cards,
/// controls, result, move list, history); the game's view draws only its board and panel.
#[component]
pub fn Play(props: &PlayProps) -> Html {
    // The pace of the computer's moves and of replays, a setting of the device.
    let speed = use_value(|| browser::setting("speed").unwrap_or_default());
    // Whether the boards show their coordinates, a setting of the device.
    let coords = use_value(|| browser::setting("coords").as_deref() != Some("off"));
    let pace = crate::worker_protocol::pace_of(&speed);
    // The game, kept in step with the store, other tabs and the computer.
    // While exploring, everything of the copy is shown (its secrets were drawn anew).
    let state = use_play(
        props.id.clone(),
        props.store.clone(),
        pace,
        props.explore.is_some(),
    );
    let open = state.session.as_ref().ok();
    // The share link, and whether it reached the clipboard.
    let share = use_value(|| None::<(String, bool)>);
    // How the game went, asked of the worker when the player opens it.
    let chances = use_chances(open.and_then(|s| s.chances_follow().then(|| s.record().clone())));
    // The move list's element, kept scrolled to the move on the board.
    let list = use_move_list_scroll(open.map_or(0, Session::cursor));
    // The board's move callback stays the same while the number of later moves does, so the
    // board's props compare equal and it is not drawn again for every change of the page.
    // (While exploring, a move replaces the later ones without asking: nothing is lost.)
    let later = open
        .filter(|_| props.explore.is_none())
        .map_or(0, Session::later_moves);
    let on_move = use_callback(later, play_move(state.dispatcher()));
    // The replay: a move forward every `pace`, until the last.
    let at = open.map(|s| (s.cursor(), s.record().moves.len()));
    let replaying = use_replay(state.dispatcher(), at, pace);
    {
        // A link made earlier may carry another seat's secrets or an older game: it goes
        // with any change.
        let share = share.clone();
        use_effect_with(open.map(Session::ticket), move |_| share.set(None));
    }

    let session = match &state.session {
        Ok(s) => s,
        // An exploration lives in the tab that opened it (a game hiding part of itself is
        // not copied again after a reload).
        Err(_) if props.explore.is_some() => return dead_end(
            "Nothing to explore here",
            "A copy to explore lives in the page that made it: open Explore again from the game."
                .into(),
        ),
        Err(why) => return dead_end("Game not available", why.clone()),
    };
    let record = session.record();
    let dispatcher = state.dispatcher();
    if let Some(seat) = session.handoff() {
        return handoff_screen(session, seat, &dispatcher);
    }
    let (cursor, moves) = (session.cursor(), record.moves.len());
    let viewer = session.viewer();
    let shown = session.position_for_viewer(cursor);
    let info = shown.info();
    let names: Vec<String> = (0..record.players.len())
        .map(|s| player_name(record, s))
        .collect();
    let outcome = shown.outcome();
    let result = outcome.as_ref().map(|outcome| {
        let on_rematch = rematch(
            props.explore.as_ref().unwrap_or(&props.store),
            session,
            &dispatcher,
        );
        result_box(session.saved(), &names, outcome, on_rematch)
    });
    let on_goto = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |n: usize| dispatcher.dispatch(PlayAction::Goto(n)))
    };
    // How the game went, once it is over; as it goes, in a game against the computer.
    let chart = session.shows_chances().then(|| {
        let colours: String = (0..record.players.len())
            .map(|s| format!("--s{s}:{};", seat_colour(record, s)))
            .collect();
        // A point picked is explored apart from the game (while exploring: shown there).
        let pick = match &props.explore {
            Some(_) => on_goto.clone(),
            None => explore_at(&props.store, &session.saved().id),
        };
        chances.view(record, colours, &pick)
    });
    // Replay and steps through the history, and the pace of replays and of the computer.
    let replay =
        (moves > 0).then(|| replay_controls(&dispatcher, &replaying, &speed, (cursor, moves)));
    let history_note = (cursor < moves).then(|| html! {
        <p class="history-note">{ format!("Showing move {cursor} of {moves}. Redo or pick a later move to return; a new move here replaces the later ones.") }</p>
    });
    // A hint is shown on the board as its last move would be, in the hint's colours.
    let hint = state.hint_now();
    let hint_move = match hint {
        Some(Some(Ok(answer))) => Some(crate::worker_protocol::read_hint(answer).0.to_string()),
        _ => None,
    };
    let hinted = matches!(hint, Some(None | Some(Ok(_))));
    let hint_note = hint.map(hint_note);
    // Since the person's last turn: the line above the board, and (several, not while a hint
    // is shown) numbered on the board.
    let since = session.since_last_turn();
    let marks = match (views::view(&record.game), &hint_move) {
        (Some(view), None) => since_marks(view, shown.as_ref(), &since),
        _ => Vec::new(),
    };
    let board_props = AnyBoardProps {
        position: shown.clone(),
        before: cursor
            .checked_sub(1)
            .filter(|_| hint_move.is_none())
            .map(|i| session.position_for_viewer(i)),
        last_move: hint_move
            .clone()
            .or_else(|| session.last_move_for_viewer(cursor)),
        marks,
        ply: cursor,
        viewer,
        players: Rc::new(record.players.clone()),
        can_move: session.can_move(),
        on_move,
    };
    let table_facts = shown.table_facts();
    let turn_style = shown
        .to_move()
        .filter(|_| outcome.is_none())
        .map(|seat| format!("--turn-colour:{}", seat_colour(record, seat)));
    let turns = session.turn_starts();
    let (around, face) = facing(session);
    let now = crate::storage::clock::now_ms();
    let clocks = session.clock_rule().map(|_| {
        let d = dispatcher.to_callback();
        let (on_flag, on_pause) = (d.reform(|()| PlayAction::Flag), d.reform(PlayAction::Pause));
        html! { <Clocks faces={session.clocks(now)} at_ms={now} names={names.clone()}
        paused={session.paused()} over={outcome.is_some()} {on_flag} {on_pause} /> }
    });
    let flipped = session.board_flipped().then_some("flipped");

    html! {
        <section class={classes!("page", "play", around)} style={face}>
            <div class="play-head">
                <h1>{ info.name }</h1>
                <a href={Route::Rules(info.slug.to_string()).href()}>{ "Rules" }</a>
                if let Some(from) = &props.explore { { explore_bar(from, session) } }
                { turn_banner(session, (shown.as_ref(), outcome.as_ref()), &names, turn_style.clone(), &dispatcher) }
                { clocks }
                { since_line(&since, &names) }
            </div>
            <div class={classes!("play-layout", turn_style.as_ref().map(|_| "turn"), hint_move.map(|_| "hinting"), flipped, (!*coords).then_some("no-coords"))} style={turn_style.clone()}>
                { views::board(&record.game, board_props) }
                // The result first (on a phone, above everything else), with its scores.
                if let Some(result) = result { <div class="play-result">{ result }</div> }
                // Hint, Undo and the rest: on a phone, a toolbar above the board.
                <div class="play-tools">{ buttons(&dispatcher, session, (hinted, matches!(hint, Some(Some(Err(_)))), props.explore.is_some()), &share) }{ hint_note }</div>
                <div class="play-status">
                    // (A database that did not answer is said above every page: `ui::app`.)
                    if props.store.kind() == Kind::Memory && props.explore.is_none() && props.store.trouble() == Some(SaveError::Refused) {
                        <p class="warning" role="alert">{ "This browser gives the app no storage: this game lasts only while this tab is open. Download it to keep it." }</p>
                    }
                    if let Some(why) = state.unsaved {
                        <div class="warning unsaved" role="alert" id="unsaved">
                            <p><strong>{ "Not saved yet: " }</strong>{ format!("{why}. Every move stays on the board while this tab is open{}", if why == SaveError::Full { ", and the game is saved as soon as there is room." } else { "." }) }</p>
                            if why == SaveError::Full {
                                <p>{ "To make room, delete finished games on the " }<a href={Route::Home.href()}>{ "home page" }</a>{ ", or download this game to keep it as a file." }</p>
                            }
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
                    { replay }
                    if props.explore.is_none() { { explore_button(&props.store, session, &dispatcher) } }
                    if let Some(m) = &state.message { <p class="error" role="alert">{ m.clone() }</p> }
                    { chart }
                    { no_link_note(session) }
                    { table_buttons(&dispatcher, session, &coords) }
                </div>
                <div class="play-players">
                    <ol class="players">{ player_cards(&record.game, session.saved(), shown.as_ref()) }</ol>
                    if !table_facts.is_empty() {
                        <ul class="table-facts">
                            { for table_facts.iter().map(|f| html! { <li>{ format!("{}: {}", f.label, f.value) }</li> }) }
                        </ul>
                    }
                </div>
                { move_list(&MoveListProps { moves: session.move_list(), times: record.times.clone(), names, cursor, on_goto, turns }, &list) }
            </div>
        </section>
    }
}
