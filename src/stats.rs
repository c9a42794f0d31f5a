//! How the people at this device have done, game by game, from the saved games: against each
//! computer strength (won, drawn, lost) and among themselves (games finished). Plain code,
//! tested natively; the home page shows it.

use crate::core::{PlayerInfo, Seat, Strength};

/// One game's statistics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// The game's slug.
    pub game: String,
    /// Against each strength ([`Strength::ALL`], weakest first): games the people won, drew
    /// and lost.
    pub against: [[u32; 3]; 3],
    /// Finished games between people only.
    pub people: u32,
}

/// The statistics of the finished games among `games` (each game's slug and players, and its
/// winners if it is over), one [`Tally`] a game played, in the order first met. A game against the computer
/// counts against its strongest computer seat; the people at the table count as one side:
/// they won when only people share first place, lost when only computers do, and drew
/// otherwise (a shared first place, or no winner). A game with no person is not theirs.
pub fn tally<'a>(
    games: impl IntoIterator<Item = (&'a str, &'a [PlayerInfo], Option<&'a [Seat]>)>,
) -> Vec<Tally> {
    let mut out: Vec<Tally> = Vec::new();
    for (game, players, winners) in games {
        let Some(winners) = winners else { continue };
        let person = |s: &usize| players.get(*s).is_some_and(|p| p.computer.is_none());
        if !(0..players.len()).any(|s| person(&s)) {
            continue;
        }
        let at = match out.iter().position(|t| t.game == game) {
            Some(at) => at,
            None => {
                out.push(Tally {
                    game: game.to_string(),
                    ..Tally::default()
                });
                out.len() - 1
            }
        };
        let strongest = players
            .iter()
            .filter_map(|p| p.computer)
            .filter_map(|c| Strength::ALL.iter().position(|&s| s == c))
            .max();
        let Some(strength) = strongest else {
            out[at].people += 1;
            continue;
        };
        let people_won = winners.iter().any(person);
        let computers_won = winners.iter().any(|s| !person(s));
        let column = match (people_won, computers_won) {
            (true, false) => 0,
            (false, true) => 2,
            _ => 1,
        };
        out[at].against[strength][column] += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Outcome;
    use crate::record::GameRecord;

    fn record(game: &str, computers: [Option<Strength>; 2]) -> GameRecord {
        let players = computers
            .iter()
            .enumerate()
            .map(|(i, &computer)| PlayerInfo {
                name: format!("P{i}"),
                colour: String::new(),
                computer,
            })
            .collect();
        GameRecord::new(game, "", 1, players)
    }

    fn won_by(winners: &[usize]) -> Option<Outcome> {
        Some(Outcome {
            winners: winners.to_vec(),
            scores: None,
            reason: String::new(),
        })
    }

    #[test]
    fn people_against_each_strength_and_among_themselves() {
        let quick = record("stax", [None, Some(Strength::Quick)]);
        let strong = record("stax", [Some(Strength::Strong), None]);
        let people = record("evade", [None, None]);
        let computers = record("stax", [Some(Strength::Quick), Some(Strength::Quick)]);
        let games = [
            (&quick, won_by(&[0])),
            (&quick, won_by(&[1])),
            (&quick, won_by(&[])),
            (&quick, won_by(&[0, 1])),
            (&quick, None),
            (&strong, won_by(&[0])),
            (&people, won_by(&[1])),
            (&people, None),
            (&computers, won_by(&[0])),
        ];
        let t = tally(games.iter().map(|(r, o)| {
            let winners = o.as_ref().map(|o| o.winners.as_slice());
            (r.game.as_str(), r.players.as_slice(), winners)
        }));
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].game, "stax");
        assert_eq!(
            t[0].against[0],
            [1, 2, 1],
            "quick: one won, two drawn, one lost"
        );
        assert_eq!(t[0].against[2], [0, 0, 1], "strong: lost");
        assert_eq!(t[0].people, 0);
        assert_eq!((t[1].game.as_str(), t[1].people), ("evade", 1));
    }
}
