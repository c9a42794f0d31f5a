//! Words for where a game stands: whose turn it is, or how it ended.

use crate::core::{Outcome, PlayerInfo};
use crate::record::GameRecord;
use crate::storage::entry::Standing;

/// The name of `seat` in `record` ("Player 2" when unnamed).
pub fn player_name(record: &GameRecord, seat: usize) -> String {
    seat_name(&record.players, seat)
}

/// The name of `seat` among `players` ("Player 2" when unnamed).
fn seat_name(players: &[PlayerInfo], seat: usize) -> String {
    players
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
    winners_line(&record.players, &outcome.winners)
}

/// [`result_line`] of the seats that share first place among `players`.
fn winners_line(players: &[PlayerInfo], winners: &[usize]) -> String {
    let names: Vec<String> = winners
        .iter()
        .map(|&s| isolated(&seat_name(players, s)))
        .collect();
    match names.len() {
        0 => "Draw".to_string(),
        1 => format!("{} wins", names[0]),
        _ => format!("Draw between {}", names.join(" and ")),
    }
}

/// One line for a game list: whose turn, or the result.
pub fn status_line(players: &[PlayerInfo], standing: &Standing) -> String {
    match standing {
        Standing::Over(winners) => winners_line(players, winners),
        Standing::ToMove(seat) => format!("{} to move", isolated(&seat_name(players, *seat))),
    }
}
