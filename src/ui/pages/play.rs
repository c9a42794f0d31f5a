//! `#/play/<id>`: a saved game: board, whose turn, moves, undo/redo, history, sharing.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::ui::components::dead_end::dead_end;

use crate::core::{GameRecord, Viewer};
use crate::storage::{local, SavedGame};
use crate::ui::actions;
use crate::ui::browser;
use crate::ui::components::board_props::BoardProps;
use crate::ui::components::move_list::MoveList;
use crate::ui::components::status::{player_name, result_line};
use crate::ui::game_views;
use crate::ui::hooks::{use_global_listener, On};
use crate::ui::routes::Route;

/// What the play page holds.
#[derive(Debug, Clone, PartialEq)]
struct PlayState {
    saved: Result<SavedGame, String>,
    message: Option<String>,
}

/// What can happen on the play page.
enum PlayAction {
    /// A move in notation, played at the cursor.
    Move(String),
    /// One move back.
    Undo,
    /// One move forward again.
    Redo,
    /// Show the position after this many moves.
    Goto(usize),
    /// Another tab changed this game: take its version.
    Reload(Result<SavedGame, String>),
    /// Something to tell the player.
    Tell(String),
}

impl Reducible for PlayState {
    type Action = PlayAction;

    fn reduce(self: Rc<Self>, action: PlayAction) -> Rc<Self> {
        match action {
            PlayAction::Reload(mut saved) => {
                // Another tab only stepping through the history does not move this board.
                if let (Ok(theirs), Ok(ours)) = (&mut saved, &self.saved) {
                    if theirs.record == ours.record {
                        theirs.cursor = ours.cursor;
                    }
                }
                return Rc::new(PlayState {
                    saved,
                    message: None,
                });
            }
            PlayAction::Tell(message) => {
                return Rc::new(PlayState {
                    saved: self.saved.clone(),
                    message: Some(message),
                })
            }
            _ => {}
        }
        let Ok(saved) = &self.saved else {
            return self;
        };
        let mut next = saved.clone();
        let now = local::now_ms();
        match action {
            PlayAction::Move(mv) => {
                let checked = next
                    .record
                    .replay(next.cursor)
                    .and_then(|mut g| g.play(&mv));
                match checked {
                    Ok(canonical) => next.push_move(canonical, now),
                    Err(e) => {
                        return Rc::new(PlayState {
                            saved: self.saved.clone(),
                            message: Some(e.to_string()),
                        })
                    }
                }
            }
            PlayAction::Undo if next.can_undo() => next.cursor -= 1,
            PlayAction::Redo if next.can_redo() => next.cursor += 1,
            PlayAction::Goto(n) if n <= next.record.moves.len() => next.cursor = n,
            _ => return self,
        }
        let message = local::save(&next).err().map(|why| {
            format!("This is on the board but was not saved ({why}). Download the game to keep it.")
        });
        Rc::new(PlayState {
            saved: Ok(next),
            message,
        })
    }
}

/// Props of [`Play`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// The saved game's id.
    pub id: String,
}

/// Starts a new game with the same game, options and players, and a fresh seed.
fn rematch(record: &GameRecord) -> Result<(), String> {
    actions::start_new_game(&record.game, &record.options, record.players.clone())
}

/// The play page.
#[component]
pub fn Play(props: &PlayProps) -> Html {
    let state = use_reducer({
        let id = props.id.clone();
        move || PlayState {
            saved: local::load(&id),
            message: None,
        }
    });
    // The share link, and whether it reached the clipboard.
    let share = use_state(|| None::<(String, bool)>);
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
            let key = e.key().to_lowercase();
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
        // Keep two tabs on the same game in step: a move saved in one shows in the other.
        // (The page is keyed by the game's id, so one listener serves its whole life.)
        let dispatcher = state.dispatcher();
        let id = props.id.clone();
        let key = local::key_of(&id);
        use_global_listener(On::Window, "storage", move |e: &Event| {
            let changed = e.dyn_ref::<web_sys::StorageEvent>().and_then(|e| e.key());
            if changed.as_deref() == Some(key.as_str()) {
                dispatcher.dispatch(PlayAction::Reload(local::load(&id)));
            }
        });
    }
    let record = use_memo(
        state.saved.as_ref().ok().map(|s| s.record.clone()),
        |r: &Option<GameRecord>| r.clone().map(Rc::new),
    );
    let line = use_memo((*record).clone(), |r: &Option<Rc<GameRecord>>| {
        r.as_ref().map(|r| r.timeline().map(Rc::new))
    });

    let saved = match &state.saved {
        Ok(s) => s,
        Err(why) => return dead_end("Game not available", why.clone()),
    };
    let (Some(record), Some(Ok(line))) = (&*record, &*line) else {
        return html! { <p class="error" role="alert">{ "This game could not be replayed." }</p> };
    };
    let cursor = saved.cursor.min(line.games.len() - 1);
    let game = &line.games[cursor];
    let info = game.info();
    let names: Vec<String> = (0..record.players.len())
        .map(|s| player_name(record, s))
        .collect();

    let outcome = game.outcome();
    let seat_colour = |seat: usize| {
        record
            .players
            .get(seat)
            .map(|p| game_views::css_colour(&record.game, &p.colour))
            .unwrap_or_default()
    };
    let banner = match (&outcome, game.to_move()) {
        (Some(outcome), _) => html! {
            <div class="turn-banner over" role="status" aria-live="polite">
                <strong>{ format!("Game over: {}", result_line(record, outcome)) }</strong>
            </div>
        },
        (None, Some(seat)) => html! {
            <div class="turn-banner" role="status" aria-live="polite" style={format!("--turn-colour:{}", seat_colour(seat))}>
                <span class="turn-chip" aria-hidden="true"></span>
                <strong><bdi>{ names.get(seat).cloned().unwrap_or_default() }</bdi>{ " to move" }</strong>
            </div>
        },
        (None, None) => Html::default(),
    };
    let result_box = outcome.map(|outcome| {
        let scores = outcome.scores.as_ref().map(|scores| {
            let ranking = outcome.ranking(record.players.len());
            let mut place = 1;
            let rows = ranking.iter().map(|group| {
                let label = if group.len() > 1 { format!("{place}= ") } else { format!("{place}. ") };
                place += group.len();
                group.iter().map(|&s| html! {
                    <li>
                        <span class="place">{ label.clone() }</span>
                        <span class="dot" aria-hidden="true" style={format!("background:{}", seat_colour(s))}></span>
                        { format!(" {}: {}", names.get(s).cloned().unwrap_or_default(), scores.get(s).copied().unwrap_or(0)) }
                    </li>
                }).collect::<Html>()
            });
            html! { <ul class="final-scores">{ for rows }</ul> }
        });
        let again = record.clone();
        let dispatcher = state.dispatcher();
        html! {
            <div class="game-over">
                <h2>{ result_line(record, &outcome) }</h2>
                <p>{ outcome.reason.clone() }</p>
                { scores.unwrap_or_default() }
                <button type="button" class="primary" onclick={Callback::from(move |_| {
                    if let Err(why) = rematch(&again) {
                        dispatcher.dispatch(PlayAction::Tell(why));
                    }
                })}>{ "Rematch" }</button>
            </div>
        }
    });
    let history_note = (cursor < record.moves.len()).then(|| html! {
        <p class="history-note">{ format!("Showing move {cursor} of {}. Redo or pick a later move to return; a new move here replaces the later ones.", record.moves.len()) }</p>
    });

    let on_move = {
        let state = state.clone();
        let later = record.moves.len() - cursor;
        Callback::from(move |mv: String| {
            // Playing from an earlier position replaces the moves after it: never by accident.
            let question = format!(
                "Playing here replaces the {later} later move{} of this game. Play it?",
                if later == 1 { "" } else { "s" }
            );
            if later == 0 || browser::confirm(&question) {
                state.dispatch(PlayAction::Move(mv));
            }
        })
    };
    let on_goto = {
        let state = state.clone();
        Callback::from(move |n: usize| state.dispatch(PlayAction::Goto(n)))
    };
    let undo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(PlayAction::Undo))
    };
    let redo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(PlayAction::Redo))
    };
    // Sharing and downloading carry the whole game, every move, whatever is on the board.
    let on_share = {
        let share = share.clone();
        let record = record.clone();
        Callback::from(move |_| {
            let link = format!(
                "{}{}",
                browser::base_url(),
                Route::Import(record.to_link_payload()).href()
            );
            share.set(Some((link.clone(), false)));
            let share = share.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if browser::copy_to_clipboard(&link).await {
                    share.set(Some((link, true)));
                }
            });
        })
    };
    let on_download = {
        let record = record.clone();
        let id = saved.id.clone();
        Callback::from(move |_| {
            let _ = browser::download(
                &format!("stackplay-{}-{id}.json", record.game),
                &record.to_json(),
            );
        })
    };
    let moves: Vec<(usize, String)> = line
        .movers
        .iter()
        .zip(&line.games)
        .zip(&record.moves)
        .map(|((&seat, before), mv)| (seat, before.describe_move(mv, Viewer::Everyone)))
        .collect();
    let status = html! {
        <>
            if !local::available() {
                <p class="warning" role="alert">{ "This browser is not letting the app save: this game lasts only while this tab is open. Download it to keep it." }</p>
            }
            { history_note }
            if let Some(m) = &state.message { <p class="error" role="alert">{ m.clone() }</p> }
            { result_box.unwrap_or_default() }
            <div class="buttons">
                <button type="button" onclick={undo} disabled={!saved.can_undo()} title="Ctrl+Z">{ "Undo" }</button>
                <button type="button" onclick={redo} disabled={!saved.can_redo()} title="Ctrl+Shift+Z">{ "Redo" }</button>
                <button type="button" onclick={on_share}>{ "Share link" }</button>
                <button type="button" onclick={on_download}>{ "Download" }</button>
            </div>
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
        </>
    };
    let board_props = BoardProps {
        record: record.clone(),
        timeline: line.clone(),
        cursor,
        on_move,
        status,
        children: html! { <MoveList {moves} {names} {cursor} {on_goto} /> },
    };

    html! {
        <section class="page play">
            <div class="play-head">
                <h1>{ info.name }</h1>
                <a href={Route::Rules(info.slug.to_string()).href()}>{ "Rules" }</a>
                { banner }
            </div>
            { game_views::board(&record.game, board_props) }
        </section>
    }
}
