//! Words for where a game stands: whose turn it is, or how it ended.

use crate::core::AnyGame;
use crate::core::Outcome;
use crate::record::GameRecord;

/// The name of `seat` in `record` ("Player 2" when unnamed).
pub fn player_name(record: &GameRecord, seat: usize) -> String {
    record
        .players
        .get(seat)
        .map_or_else(|| format!("Player {}", seat + 1), |p| p.name.clone())
}

/// "Ann wins", "Draw between Ann and Ben", "Draw".
pub fn result_line(record: &GameRecord, outcome: &Outcome) -> String {
    let names: Vec<String> = outcome
        .winners
        .iter()
        .map(|&s| player_name(record, s))
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
            player_name(record, game.to_move().unwrap_or_default())
        ),
    }
}
