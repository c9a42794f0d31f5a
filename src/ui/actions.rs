//! What several pages do with saved games: start one, import one.

use crate::record::{GameRecord, PlayerInfo};
use crate::storage::{local, SavedGame};
use crate::ui::browser;
use crate::ui::routes::Route;

/// Creates and saves a new game, then opens it.
///
/// # Errors
/// A sentence for the page when the options do not start a game or saving fails.
pub fn start_new_game(slug: &str, options: &str, players: Vec<PlayerInfo>) -> Result<(), String> {
    let record = GameRecord::new(slug, options, local::new_seed(), players);
    record.validate().map_err(|e| e.to_string())?;
    let saved = SavedGame::new(local::new_id(), record, local::now_ms());
    local::save(&saved)?;
    browser::navigate(&Route::Play(saved.id));
    Ok(())
}

/// Imports a record (from a link or a file) as a new saved game and returns its id.
///
/// # Errors
/// A sentence for the page when the record is bad or saving fails.
pub fn import_record(record: GameRecord) -> Result<String, String> {
    let cursor = record.moves.len();
    let mut saved = SavedGame::new(local::new_id(), record, local::now_ms());
    saved.cursor = cursor;
    local::save(&saved)?;
    Ok(saved.id)
}
