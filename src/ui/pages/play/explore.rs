//! Exploring a game apart from it (`#/explore/<id>`): the play page on a copy of the game in
//! this tab's memory ([`crate::ui::actions::exploring`]), where the person tries moves for
//! every side and steps back and forth, the saved game untouched; "Play on from here" makes
//! a new game of the position, after asking.

use yew::prelude::*;

use crate::session::Session;
use crate::storage::store::Store;
use crate::ui::routes::Route;
use crate::ui::{actions, browser};

/// "Explore": the position on the board opened apart from the game. Not while a game with
/// hidden information is played (the copy would show every seat's secrets).
pub fn explore_button(store: &Store, session: &Session) -> Html {
    let shown = session.shown();
    if shown.info().hidden_information && shown.outcome().is_none() {
        return Html::default();
    }
    let at = session.cursor();
    let onclick = explore_at(store, &session.saved().id).reform(move |_: MouseEvent| at);
    html! {
        <button type="button" id="explore" {onclick}
            title="Try other moves from this position, apart from the game">{ "Explore" }</button>
    }
}

/// Opens the position after move `n` of game `id` apart from it.
pub fn explore_at(store: &Store, id: &str) -> Callback<usize> {
    let (store, id) = (store.clone(), id.to_string());
    Callback::from(move |n: usize| {
        actions::exploring(&store, &id, Some(n));
        browser::navigate(&Route::Explore(id.clone()));
    })
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
    html! {
        <div class="explore-bar" role="note" id="exploring">
            <p><strong>{ "Exploring: " }</strong>{ "try moves for any side, step back and forth; the saved game is not changed." }</p>
            <div class="buttons">
                <a class="button" href={Route::Play(id).href()}>{ "Back to the game" }</a>
                <button type="button" id="play-on" onclick={on_play_on}>{ "Play on from here" }</button>
            </div>
        </div>
    }
}
