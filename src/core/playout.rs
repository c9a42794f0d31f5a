//! Random playouts, for benchmarks (native and in the browser) and tests.

use super::error::ApiError;
use super::game::Game;
use super::rng::Rng;

/// Upper bound on moves in one playout, so a game that could go on forever still stops.
pub const MAX_PLAYOUT_MOVES: usize = 10_000;

/// Plays random legal moves from `game` until it ends (or [`MAX_PLAYOUT_MOVES`]); returns
/// the number of moves played.
pub fn random_playout<G: Game>(game: &mut G, rng: &mut Rng) -> usize {
    let mut played = 0;
    while played < MAX_PLAYOUT_MOVES {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = &moves[rng.below(moves.len() as u64) as usize];
        if game.play(mv).is_err() {
            break;
        }
        played += 1;
    }
    played
}

/// One whole random game of `G` for `players` seats from `seed`; returns its length in moves.
///
/// # Errors
/// When the game cannot be set up for that many players.
pub fn playout_from_seed<G: Game>(players: usize, seed: u64) -> Result<usize, ApiError> {
    let options = G::default_options(players)?;
    let mut game = G::new(&options, seed)?;
    let mut rng = Rng::new(seed ^ 0x5EED_5EED_5EED_5EED);
    Ok(random_playout(&mut game, &mut rng))
}
