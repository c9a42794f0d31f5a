//! Exploring a game apart from it (`#/explore/<id>`): the play page on a copy of the game in
//! this tab's memory ([`crate::ui::actions::exploring`]), where the person tries moves for
//! every side and steps back and forth, the saved game untouched; "Play on from here" makes
//! a new game of the position, after asking.

use yew::prelude::*;

use super::state::{PlayAction, PlayState};
use crate::core::Viewer;
use crate::record::GameRecord;
use crate::session::Session;
use crate::storage::store::Store;
use crate::ui::routes::Route;
use crate::ui::{actions, browser, worker};

/// "Explore": the position on the board opened apart from the game. While a game with
/// hidden information is played, the worker deals the copy first: everything the seat
/// looking at the board has not seen is drawn anew, so the copy, which shows everything,
/// tells it nothing (not offered while the computer thinks: the worker is busy).
pub fn explore_button(
    store: &Store,
    session: &Session,
    dispatcher: &UseReducerDispatcher<PlayState>,
) -> Html {
    let at = session.cursor();
    let (store, id, dispatcher) = (
        store.clone(),
        session.saved().id.clone(),
        dispatcher.clone(),
    );
    let drawn = match session.viewer() {
        Viewer::Seat(_) if session.computer_to_move().is_some() => return Html::default(),
        Viewer::Seat(seat) => Some((seat, session.record().clone())),
        Viewer::Everyone => None,
    };
    let onclick = Callback::from(move |_: MouseEvent| {
        let Some((seat, record)) = &drawn else {
            return open_copy(&store, &id, at, None);
        };
        let (store, id, dispatcher) = (store.clone(), id.clone(), dispatcher.clone());
        let reply = Callback::from(move |answer: Result<String, String>| {
            match answer
                .ok()
                .and_then(|json| GameRecord::from_json(&json).ok())
            {
                Some(copy) => open_copy(&store, &id, at, Some(copy)),
                None => dispatcher.dispatch(PlayAction::Tell(
                    "The computer could not deal a copy of this position to explore.".into(),
                )),
            }
        });
        worker::guess(record, *seat, reply);
    });
    html! {
        <button type="button" id="explore" {onclick}
            title="Try other moves from this position, apart from the game">{ "Explore" }</button>
    }
}

/// Opens the position after move `n` of game `id` apart from it (a copy made from `drawn`
/// when given: [`actions::exploring`]).
fn open_copy(store: &Store, id: &str, n: usize, drawn: Option<GameRecord>) {
    actions::exploring(store, id, Some(n), drawn);
    browser::navigate(&Route::Explore(id.to_string()));
}

/// Opens the position after move `n` of game `id` apart from it.
pub fn explore_at(store: &Store, id: &str) -> Callback<usize> {
    let (store, id) = (store.clone(), id.to_string());
    Callback::from(move |n: usize| open_copy(&store, &id, n, None))
}

/// What the page says while exploring, with the way back and "Play on from here".
pub fn explore_bar(from: &Store, session: &Session) -> Html {
    let id = session.saved().id.clone();
    let on_play_on = {
        let from = from.clone();
        let record = session.record().upto(session.cursor());
        let id = id.clone();
        Callback::from(move |_: MouseEvent| {
            if !browser::confirm("Start a new game from this position? Your game stays as it is.") {
                return;
            }
            // The players of the game, computers included, as they were.
            let mut record = record.clone();
            if let Ok((game, _)) = from.load_line(&id) {
                record.players = game.record.players;
            }
            if let Ok(new) = actions::import_record(&from, record) {
                browser::navigate(&Route::Play(new));
            }
        })
    };
    // A game hiding part of itself, still played: the copy's secrets were drawn anew.
    let drawn = actions::drawn(&id);
    html! {
        <div class="explore-bar" role="note" id="exploring">
            <p><strong>{ "Exploring: " }</strong>{ "try moves for any side, step back and forth; the saved game is not changed." }</p>
            if drawn {
                <p id="drawn">{ "Everything is shown here, but what you had not seen is dealt at random: this copy knows no more than you do." }</p>
            }
            <div class="buttons">
                <a class="button" href={Route::Play(id).href()}>{ "Back to the game" }</a>
                <button type="button" id="play-on" onclick={on_play_on}>{ "Play on from here" }</button>
            </div>
        </div>
    }
}
