//! The picking check every registered game must pass (native builds only): along seeded
//! random games, at positions of each game, as the seat to move sees it (through its mask in
//! a game of secrets):
//! - *every legal move is reachable*: the model's own taps for it ([`Picking::taps`]), replayed
//!   through [`Picking::tap`] from nothing selected, are each offered ([`Picking::things`]),
//!   each select, and the last plays exactly that move;
//! - *every move a tap plays is legal* (in the seat's view and in the whole position), along
//!   random walks of taps among the things offered;
//! - *every tap answers*: a selection, a move, or a refusal with a reason;
//! - *a person who may not move never moves*: the same walks with `can_move` false play
//!   nothing.

use super::conformance::random_choices;
use super::game::Viewer;
use super::pick::{Person, Picking, Tap};
use super::playout::MAX_PLAYOUT_MOVES;
use super::rng::Rng;

/// What a picking check saw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PickReport {
    /// Positions checked.
    pub positions: usize,
    /// Legal moves made by their taps.
    pub moves_reached: usize,
    /// Taps made along random walks.
    pub taps: usize,
    /// Moves played by random walks (each legal).
    pub walks_played: usize,
    /// Refusals seen (each with a reason).
    pub refusals: usize,
}

/// Random walks of taps at each position checked, and their longest.
const WALKS: usize = 12;
const WALK_TAPS: usize = 10;

/// Checks `G`'s picking model along `games` seeded random games (player counts in turn),
/// at one position in every 1 to 8 (drawn for each game), the start always among them.
///
/// # Errors
/// The first failure, with the game's seed, options, step and what was tapped.
pub fn check_picking<G: Picking>(games: usize, seed: u64) -> Result<PickReport, String> {
    let info = G::info();
    let counts: Vec<usize> = (info.min_players..=info.max_players).collect();
    let mut report = PickReport::default();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let players = counts[g % counts.len()];
        let mut rng = Rng::new(game_seed ^ 0x5A5A_5A5A);
        let form = G::setup_form(players).map_err(|e| e.to_string())?;
        let options = G::options_from(&random_choices(&form, players, &mut rng))
            .map_err(|e| e.to_string())?;
        let mut game = G::new(&options, game_seed).map_err(|e| e.to_string())?;
        let names: Vec<String> = (0..players).map(|s| format!("Player {}", s + 1)).collect();
        // One position in every 1 to 8, the start always among them.
        let every = 1 + rng.below(8);
        for step in 0..MAX_PLAYOUT_MOVES {
            if (step as u64).is_multiple_of(every) {
                check_position(&game, &names, &mut rng, &mut report).map_err(|e| {
                    format!(
                        "{}: seed {game_seed}, options {options}, step {step}: {e}",
                        info.name
                    )
                })?;
            }
            if game.outcome().is_some() {
                break;
            }
            let Some(mv) = game.random_move(&mut rng) else {
                break;
            };
            game.play(&mv).map_err(|e| e.to_string())?;
        }
    }
    Ok(report)
}

/// The checks at one position, as the seat to move sees it.
fn check_position<G: Picking>(
    whole: &G,
    names: &[String],
    rng: &mut Rng,
    report: &mut PickReport,
) -> Result<(), String> {
    report.positions += 1;
    let viewer = match whole.to_move() {
        Some(seat) if G::info().hidden_information => Viewer::Seat(seat),
        _ => Viewer::Everyone,
    };
    let shown = whole.view(viewer);
    let mover = Person {
        can_move: whole.to_move().is_some(),
        names,
    };
    let legal = shown.legal_moves();
    for mv in &legal {
        reach(&shown, &mover, mv)?;
        report.moves_reached += 1;
    }
    let onlooker = Person {
        can_move: false,
        names,
    };
    for person in [mover, onlooker] {
        for _ in 0..WALKS {
            walk(whole, &shown, &person, &legal, rng, report)?;
        }
    }
    Ok(())
}

/// Replays the model's taps for `mv` from nothing selected.
fn reach<G: Picking>(game: &G, person: &Person, mv: &G::Move) -> Result<(), String> {
    let taps = game.taps(person, mv);
    let mut pick = G::Pick::default();
    for (i, thing) in taps.iter().enumerate() {
        if !game.things(person, &pick).contains(thing) {
            return Err(format!(
                "move {mv}: tap {} ({thing:?}) is not offered with {pick:?} selected",
                i + 1
            ));
        }
        let last = i + 1 == taps.len();
        match game.tap(person, &pick, thing) {
            Tap::Select(next) if !last => pick = next,
            Tap::Play(played) if last && played == *mv => return Ok(()),
            answer => {
                return Err(format!(
                    "move {mv}: tap {} of {} ({thing:?}) with {pick:?} selected answers {answer:?}",
                    i + 1,
                    taps.len()
                ))
            }
        }
    }
    Err(format!("move {mv}: its taps ({taps:?}) make no move"))
}

/// A random walk of taps among the things offered, until a move is played or `WALK_TAPS`.
fn walk<G: Picking>(
    whole: &G,
    shown: &G,
    person: &Person,
    legal: &[G::Move],
    rng: &mut Rng,
    report: &mut PickReport,
) -> Result<(), String> {
    let mut pick = G::Pick::default();
    let mut path = Vec::new();
    for _ in 0..WALK_TAPS {
        let things = shown.things(person, &pick);
        if things.is_empty() {
            return Ok(());
        }
        let thing = things[rng.below(things.len() as u64) as usize].clone();
        path.push(thing.clone());
        report.taps += 1;
        match shown.tap(person, &pick, &thing) {
            Tap::Select(next) => pick = next,
            Tap::Refuse(why) if why.trim().is_empty() => {
                return Err(format!("taps {path:?}: a refusal with no reason"))
            }
            Tap::Refuse(_) => report.refusals += 1,
            Tap::Play(mv) => {
                if !person.can_move {
                    return Err(format!(
                        "taps {path:?}: played {mv} for a person who may not move"
                    ));
                }
                let mut copy = whole.clone();
                if !legal.contains(&mv) || copy.play(&mv).is_err() {
                    return Err(format!("taps {path:?}: played {mv}, which is not legal"));
                }
                report.walks_played += 1;
                return Ok(());
            }
        }
    }
    Ok(())
}
