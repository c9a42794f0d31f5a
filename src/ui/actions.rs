//! What several pages do with saved games: start one, import one.

use crate::record::{GameRecord, PlayerInfo};
use crate::storage::store::Store;
use crate::storage::{clock, SavedGame};
use crate::ui::browser;
use crate::ui::pages::new_game_table::TableChoice;
use crate::ui::routes::Route;

/// Creates and saves a new game, then opens it.
///
/// # Errors
/// A sentence for the page when the options do not start a game.
pub fn start_new_game(
    store: &Store,
    (slug, options, players): (&str, &str, Vec<PlayerInfo>),
    table: TableChoice,
) -> Result<(), String> {
    let record =
        GameRecord::new(slug, options, clock::new_seed(), players).with_clock(table.clock());
    record.validate().map_err(|e| e.to_string())?;
    let mut saved = SavedGame::new(clock::new_id(), record, clock::now_ms());
    saved.table.around = table.around;
    // A game the browser cannot store yet still opens: its page says it is unsaved.
    let kept = store.save(&saved);
    browser::navigate(&Route::Play(kept.id));
    Ok(())
}

thread_local! {
    /// The games being explored, apart from the saved games: in this tab's memory alone.
    static SCRATCH: Store = Store::scratch();
}

/// The store holding a copy of game `id` of `from` to explore: made from the game as it is
/// at move `at` (its end when `None`) the first time, or when `at` is given; every seat a
/// person, no clock. The saved game is never written.
pub fn exploring(from: &Store, id: &str, at: Option<usize>) -> Store {
    let scratch = SCRATCH.with(Clone::clone);
    if at.is_some() || scratch.load_line(id).is_err() {
        if let Ok((mut game, _)) = from.load_line(id) {
            for p in &mut game.record.players {
                p.computer = None;
            }
            game.record.clock = None;
            game.record.times.clear();
            game.record.timeout = None;
            game.clock = Default::default();
            game.table = Default::default();
            game.hints = Default::default();
            game.cursor = at
                .unwrap_or(game.record.moves.len())
                .min(game.record.moves.len());
            scratch.save(&game);
        }
    }
    scratch
}

/// Imports a record (from a link or a file) as a new saved game and returns its id.
///
/// # Errors
/// A sentence for the page when the record is bad.
pub fn import_record(store: &Store, record: GameRecord) -> Result<String, String> {
    let cursor = record.moves.len();
    let mut saved = SavedGame::new(clock::new_id(), record, clock::now_ms());
    saved.cursor = cursor;
    Ok(store.save(&saved).id)
}
