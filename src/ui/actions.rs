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
    /// The games whose copy explored was drawn anew (its secrets not the game's).
    static DRAWN: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Whether the copy of game `id` explored was drawn anew ([`exploring`]'s `drawn`).
pub fn drawn(id: &str) -> bool {
    DRAWN.with(|d| d.borrow().iter().any(|x| x == id))
}

/// The store holding a copy of game `id` of `from` to explore: made from the game as it is
/// at move `at` (its end when `None`) the first time, or when `at` is given; every seat a
/// person, no clock. The saved game is never written. While a game that hides part of
/// itself is played, the copy is made only from `drawn`, its record with the secrets drawn
/// anew ([`crate::worker_protocol::guess`]), never from the game's own.
pub fn exploring(from: &Store, id: &str, at: Option<usize>, drawn: Option<GameRecord>) -> Store {
    let scratch = SCRATCH.with(Clone::clone);
    if at.is_some() || scratch.load_line(id).is_err() {
        if let Ok((mut game, line)) = from.load_line(id) {
            let drawn_anew = drawn.is_some();
            match drawn {
                Some(record) => game.record = record,
                // Never the game's own record while it hides part of itself and goes on (its
                // timeline built only here, when the store has none).
                None => {
                    let secret = |last: &dyn crate::registry::AnyGame| {
                        last.info().hidden_information && last.outcome().is_none()
                    };
                    let hides = match line {
                        Some(line) => secret(line.last().as_ref()),
                        None => game
                            .record
                            .timeline()
                            .map_or(true, |line| secret(line.last().as_ref())),
                    };
                    if hides {
                        return scratch;
                    }
                }
            }
            DRAWN.with(|d| {
                let mut d = d.borrow_mut();
                d.retain(|x| x != id);
                if drawn_anew {
                    d.push(id.to_string());
                }
            });
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
