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
