//! Words for where a game stands: whose turn it is, or how it ended.

use crate::core::Outcome;
use crate::record::GameRecord;
use crate::registry::AnyGame;

/// The name of `seat` in `record` ("Player 2" when unnamed).
pub fn player_name(record: &GameRecord, seat: usize) -> String {
    record
        .players
        .get(seat)
        .map_or_else(|| format!("Player {}", seat + 1), |p| p.name.clone())
}

/// A name isolated for use inside a sentence (first-strong isolate … pop): a right-to-left
/// name, or one with a direction override, cannot reorder the words around it. Where a name
/// stands in markup of its own, `<bdi>` does the same.
pub fn isolated(name: &str) -> String {
    format!("\u{2068}{name}\u{2069}")
}

/// "Ann wins", "Draw between Ann and Ben", "Draw" (each name isolated).
pub fn result_line(record: &GameRecord, outcome: &Outcome) -> String {
    let names: Vec<String> = outcome
        .winners
        .iter()
        .map(|&s| isolated(&player_name(record, s)))
        .collect();
    match names.len() {
        0 => "Draw".to_string(),
        1 => format!("{} wins", names[0]),
        _ => format!("Draw between {}", names.join(" and ")),
    }
}

/// One line for a game list: whose turn, or the result.
pub fn status_line(record: &GameRecord, game: &dyn AnyGame) -> String {
    match game.outcome() {
        Some(outcome) => result_line(record, &outcome),
        None => format!(
            "{} to move",
            isolated(&player_name(record, game.to_move().unwrap_or_default()))
        ),
    }
}
