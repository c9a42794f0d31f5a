//! The generic rules check every registered game must pass: along seeded random games, every
//! listed move plays, moves not listed are refused without touching the position, notation
//! and serde round-trip, invariants (pieces conserved) hold, and every game ends. Options are
//! drawn from the game's own new-game form, so every variant is played. Games with hidden
//! information pass named checks of what each seat may see ([`check_views`]).

use std::collections::HashSet;

use super::game::{Game, Viewer};
use super::playout::MAX_PLAYOUT_MOVES;
use super::rng::Rng;
use super::setup::{SetupChoices, SetupForm, SideRule};

/// What a conformance run saw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played to the end.
    pub games: usize,
    /// Moves played along the main lines.
    pub moves: usize,
    /// Listed moves tried (each must play).
    pub listed_tried: usize,
    /// Unlisted moves tried (each must be refused).
    pub unlisted_tried: usize,
    /// Games won outright.
    pub wins: usize,
    /// Games drawn (no single winner).
    pub draws: usize,
    /// Masked positions checked (one per seat per position, hidden-information games only).
    pub views_checked: usize,
    /// Move descriptions checked against what their viewer may see.
    pub descriptions_checked: usize,
}

/// The form's choices with every option drawn at random and, where seats choose their sides,
/// a random different side for each.
pub(crate) fn random_choices(form: &SetupForm, players: usize, rng: &mut Rng) -> SetupChoices {
    let mut choices = form.defaults(players);
    if let SideRule::Choose(sides) = &form.sides {
        let mut pool: Vec<&str> = sides.iter().map(|s| s.letter).collect();
        for side in &mut choices.sides {
            let pick = pool.remove(rng.below(pool.len() as u64) as usize);
            *side = pick.to_string();
        }
    }
    for (spec, (_, value)) in form.options.iter().zip(&mut choices.values) {
        let values = spec.values();
        *value = values[rng.below(values.len() as u64) as usize].clone();
    }
    choices
}

/// The checks of what each seat may see, at one position of a hidden-information game:
/// - *masked round trip*: every seat's masked position round-trips through notation and serde;
/// - *same legal moves*: the seat to move lists the same moves from its masked position as
///   from the whole one (the legal moves never depend on what that seat cannot see);
/// - *descriptions from the mask*: how a move reads for a seat (`describe_move`, and the
///   `public_move` its board receives) is the same whether it is worked out from the whole
///   position or from that seat's masked one;
/// - *descriptions hide secrets*: two moves that leave the same masked position for another
///   seat read the same to that seat, and give its board the same public move (what it reads
///   tells it nothing it cannot see).
///
/// # Errors
/// The name of the check that failed and what it saw.
pub fn check_views<G: Game>(
    game: &G,
    legal: &[G::Move],
    report: &mut Report,
) -> Result<(), String> {
    let seats = game.seats();
    let masked: Vec<G> = (0..seats).map(|s| game.view(Viewer::Seat(s))).collect();
    for (seat, view) in masked.iter().enumerate() {
        round_trip(view).map_err(|e| format!("masked round trip, seat {}: {e}", seat + 1))?;
        report.views_checked += 1;
    }
    let Some(mover) = game.to_move() else {
        return Ok(());
    };
    if masked[mover].legal_moves() != legal {
        return Err(format!(
            "same legal moves: seat {} lists other moves from its masked position",
            mover + 1
        ));
    }
    // For each other seat: what it sees after each move, and how the move reads to it.
    let mut seen_as: Vec<std::collections::HashMap<String, String>> =
        vec![std::collections::HashMap::new(); seats];
    for mv in legal {
        let mut after = game.clone();
        after
            .play(mv)
            .map_err(|e| format!("listed move {mv} refused: {e}"))?;
        for seat in 0..seats {
            let viewer = Viewer::Seat(seat);
            let read = format!(
                "{} / {}",
                game.describe_move(mv, viewer),
                game.public_move(mv, viewer)
                    .map_or_else(|| "-".to_string(), |m| m.to_string())
            );
            let read_masked = format!(
                "{} / {}",
                masked[seat].describe_move(mv, viewer),
                masked[seat]
                    .public_move(mv, viewer)
                    .map_or_else(|| "-".to_string(), |m| m.to_string())
            );
            if read_masked != read {
                return Err(format!(
                    "descriptions from the mask: {mv} reads otherwise to seat {} from its masked position",
                    seat + 1
                ));
            }
            report.descriptions_checked += 1;
            if seat == mover {
                continue;
            }
            let sees = after.view(viewer).to_string();
            match seen_as[seat].get(&sees) {
                Some(earlier) if *earlier != read => {
                    return Err(format!(
                        "descriptions hide secrets: seat {} reads \"{read}\" and \"{earlier}\" for moves it cannot tell apart",
                        seat + 1
                    ))
                }
                Some(_) => {}
                None => {
                    seen_as[seat].insert(sees, read);
                }
            }
        }
    }
    Ok(())
}

fn round_trip<G: Game>(game: &G) -> Result<(), String> {
    let text = game.to_string();
    let back: G = text
        .parse()
        .map_err(|e| format!("position does not parse back: {e}\n{text}"))?;
    if &back != game || back.to_string() != text {
        return Err(format!("position notation does not round-trip:\n{text}"));
    }
    let json = serde_json::to_string(game).map_err(|e| e.to_string())?;
    let back: G = serde_json::from_str(&json).map_err(|e| format!("serde: {e}"))?;
    if &back != game {
        return Err(format!("serde does not round-trip:\n{json}"));
    }
    Ok(())
}

/// Plays `games` random games of `G` (player counts cycling through the game's range) from
/// `seed`, checking everything at every step.
///
/// # Errors
/// A description of the first failure, with the seed and move that caused it.
pub fn check_random_games<G: Game>(games: usize, seed: u64) -> Result<Report, String> {
    let info = G::info();
    let counts: Vec<usize> = (info.min_players..=info.max_players).collect();
    let mut report = Report::default();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let players = counts[g % counts.len()];
        let mut rng = Rng::new(game_seed ^ 0xA5A5_A5A5);
        let form = G::setup_form(players).map_err(|e| e.to_string())?;
        let choices = random_choices(&form, players, &mut rng);
        let options = G::options_from(&choices)
            .map_err(|e| format!("{players} players, choices {choices:?}: {e}"))?;
        let options_text = options.to_string();
        let parsed: G::Options = options_text
            .parse()
            .map_err(|e| format!("options {options_text}: {e}"))?;
        if parsed != options {
            return Err(format!(
                "options notation does not round-trip: {options_text}"
            ));
        }
        let mut game = G::new(&options, game_seed).map_err(|e| e.to_string())?;
        if game.seats() != players {
            return Err(format!("{players} players gave {} seats", game.seats()));
        }
        let mut seen: Vec<G::Move> = Vec::new();
        let mut seen_set: HashSet<G::Move> = HashSet::new();
        let fail = |step: usize, what: String| {
            format!("seed {game_seed}, options {options_text}, step {step}: {what}")
        };
        for step in 0..=MAX_PLAYOUT_MOVES {
            game.check_invariants().map_err(|e| fail(step, e))?;
            round_trip(&game).map_err(|e| fail(step, e))?;
            if game.view(Viewer::Everyone) != game {
                return Err(fail(
                    step,
                    "the view for everyone is not the whole position".into(),
                ));
            }
            let legal = game.legal_moves();
            if info.hidden_information {
                check_views(&game, &legal, &mut report).map_err(|e| fail(step, e))?;
            } else if (0..players).any(|s| game.view(Viewer::Seat(s)) != game) {
                return Err(fail(step, "a perfect-information view differs".into()));
            }
            match (game.outcome(), game.to_move()) {
                (Some(outcome), None) => {
                    if !legal.is_empty() {
                        return Err(fail(step, "a finished game lists moves".into()));
                    }
                    if outcome.winners.iter().any(|&s| s >= players) {
                        return Err(fail(step, "a winner is not a seat".into()));
                    }
                    if let Some(mv) = seen.first() {
                        let mut copy = game.clone();
                        if copy.play(mv).is_ok() || copy != game {
                            return Err(fail(step, "a finished game took a move".into()));
                        }
                    }
                    report.games += 1;
                    if outcome.is_draw() {
                        report.draws += 1;
                    } else {
                        report.wins += 1;
                    }
                    break;
                }
                (None, Some(seat)) if seat < players && !legal.is_empty() => {}
                (o, t) => {
                    return Err(fail(
                        step,
                        format!(
                            "inconsistent state: outcome {o:?}, to move {t:?}, {} moves",
                            legal.len()
                        ),
                    ))
                }
            }
            if step == MAX_PLAYOUT_MOVES {
                return Err(fail(step, "the game did not end".into()));
            }
            let legal_set: HashSet<&G::Move> = legal.iter().collect();
            if legal_set.len() != legal.len() {
                return Err(fail(step, "a move is listed twice".into()));
            }
            for mv in &legal {
                let text = mv.to_string();
                let back: G::Move = text
                    .parse()
                    .map_err(|e| fail(step, format!("move {text}: {e}")))?;
                if &back != mv {
                    return Err(fail(
                        step,
                        format!("move notation does not round-trip: {text}"),
                    ));
                }
                let mut copy = game.clone();
                copy.play(mv)
                    .map_err(|e| fail(step, format!("listed move {text} refused: {e}")))?;
                report.listed_tried += 1;
                if seen_set.insert(mv.clone()) {
                    seen.push(mv.clone());
                }
            }
            // Moves not listed here: ones listed earlier in the game, and listed moves with one
            // character changed (whatever of those still parses).
            let mut unlisted: Vec<G::Move> = (0..8.min(seen.len()))
                .map(|_| seen[rng.below(seen.len() as u64) as usize].clone())
                .collect();
            let alphabet: Vec<char> = seen
                .iter()
                .take(64)
                .flat_map(|m| m.to_string().chars().collect::<Vec<_>>())
                .collect();
            for _ in 0..8 {
                let text: Vec<char> = legal[rng.below(legal.len() as u64) as usize]
                    .to_string()
                    .chars()
                    .collect();
                if text.is_empty() || alphabet.is_empty() {
                    continue;
                }
                let mut mutated = text.clone();
                let at = rng.below(mutated.len() as u64) as usize;
                mutated[at] = alphabet[rng.below(alphabet.len() as u64) as usize];
                let mutated: String = mutated.into_iter().collect();
                if let Ok(mv) = mutated.parse::<G::Move>() {
                    unlisted.push(mv);
                }
            }
            for mv in unlisted.iter().filter(|m| !legal_set.contains(m)) {
                let mut copy = game.clone();
                if copy.play(mv).is_ok() {
                    return Err(fail(step, format!("unlisted move {mv} was accepted")));
                }
                if copy != game {
                    return Err(fail(step, format!("refusing {mv} changed the position")));
                }
                report.unlisted_tried += 1;
            }
            let mv = legal[rng.below(legal.len() as u64) as usize].clone();
            // A game listed one turn per line: a move that hands the turn on (or ends the
            // game) ends its line.
            let before = G::ONE_TURN_PER_LINE.then(|| game.clone());
            game.play(&mv).map_err(|e| fail(step, e.to_string()))?;
            if let Some(before) = before {
                if game.to_move() != before.to_move() && !before.ends_turn(&mv, &game) {
                    return Err(fail(
                        step,
                        format!("{mv} handed the turn on but did not end its line"),
                    ));
                }
            }
            report.moves += 1;
        }
    }
    Ok(report)
}
