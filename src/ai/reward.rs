//! What a finished (or cut-off) playout is worth to each seat, in `0..=1`.

use crate::core::{Game, Outcome};

/// What a better score is worth to a seat that did not win: up to this much, by the share
/// of the table it outscored. Small, so no second place is ever worth a share of a win.
const RANK_BONUS: f64 = 0.1;

/// What a draw loses of its share: a little contempt, so the search plays on (and declines
/// an offered draw) when its chances are even, as they are against a weaker player, and
/// still takes a draw when it is losing.
const DRAW_CONTEMPT: f64 = 0.2;

/// Writes each seat's reward for a finished game into `out` (one entry a seat): an outright
/// winner gets 1; a draw (first place shared among some seats, or nobody winning, then
/// shared by all) gives each seat in it its share less `DRAW_CONTEMPT` of it; where the
/// game keeps scores, a seat that did not win gets up to `RANK_BONUS` for the seats it
/// outscored.
pub fn outcome_rewards(outcome: &Outcome, out: &mut [f64]) {
    let n = out.len();
    if n == 0 {
        return;
    }
    out.fill(0.0);
    let winners: Vec<usize> = outcome.winners.iter().copied().filter(|&w| w < n).collect();
    let draw = 1.0 - DRAW_CONTEMPT;
    if winners.is_empty() {
        out.fill(draw / n as f64);
        return;
    }
    let share = match winners.len() {
        1 => 1.0,
        w => draw / w as f64,
    };
    for &w in &winners {
        out[w] = share;
    }
    if let Some(scores) = outcome.scores.as_deref().filter(|s| s.len() >= n) {
        for (s, value) in out.iter_mut().enumerate() {
            if !winners.contains(&s) && n > 1 {
                let beaten = scores[..n].iter().filter(|&&t| t < scores[s]).count();
                *value = RANK_BONUS * beaten as f64 / (n - 1) as f64;
            }
        }
    }
}

/// Writes each seat's reward for a game cut off before its end into `out`: half an even
/// split among the seats still in, half what the game would give if it ended now with the
/// live scores (the leaders as winners) when every seat has one, else the even split.
pub fn heuristic_rewards<G: Game>(game: &G, out: &mut [f64]) {
    let n = out.len();
    if n == 0 {
        return;
    }
    let cards: Vec<_> = (0..n).map(|s| game.seat_card(s)).collect();
    let mut alive: Vec<usize> = (0..n).filter(|&s| !cards[s].out).collect();
    if alive.is_empty() {
        alive = (0..n).collect();
    }
    let even = 1.0 / alive.len() as f64;
    let scores: Option<Vec<i64>> = cards.iter().map(|c| c.score).collect();
    match scores {
        Some(scores) => {
            let best = alive.iter().map(|&s| scores[s]).max().unwrap_or(0);
            let leaders: Vec<usize> = alive
                .iter()
                .copied()
                .filter(|&s| scores[s] == best)
                .collect();
            let now = Outcome {
                winners: leaders,
                scores: Some(scores),
                reason: String::new(),
            };
            outcome_rewards(&now, out);
            for (s, value) in out.iter_mut().enumerate() {
                let base = if alive.contains(&s) { even } else { 0.0 };
                *value = 0.5 * base + 0.5 * *value;
            }
        }
        None => {
            out.fill(0.0);
            for &s in &alive {
                out[s] = even;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_share_and_scores_rank_the_rest() {
        let mut out = [0.0; 4];
        let outcome = Outcome {
            winners: vec![2],
            scores: Some(vec![3, 1, 9, 5]),
            reason: String::new(),
        };
        outcome_rewards(&outcome, &mut out);
        assert_eq!(out[2], 1.0);
        assert!(out[3] > out[0] && out[0] > out[1] && out[1] == 0.0);
        assert!(out[3] < 0.5);

        let draw = Outcome {
            winners: vec![0, 1],
            scores: None,
            reason: String::new(),
        };
        let mut two = [0.0; 2];
        outcome_rewards(&draw, &mut two);
        assert!(two[0] == two[1] && two[0] < 0.5 && two[0] > 0.3);
        let nobody = Outcome {
            winners: vec![],
            scores: None,
            reason: String::new(),
        };
        let mut three = [0.0; 3];
        outcome_rewards(&nobody, &mut three);
        assert!(three.iter().all(|&v| v == three[0] && v < 1.0 / 3.0));
    }
}
