//! The words of the Evacuate board: what a step did (the announcement of the last step and
//! the preview of a placement), where a turn ends (one turn per line in the move list), the
//! kinds of step open now, and the small helpers they share with the board.

use super::board::{Mode, Piece, COLOURS};
use super::moves::EvacuateMove;
use super::pick::Kind;
use super::rules::{Evacuate, Phase};
use crate::core::{Game, Seat};

use super::words::way_door;
pub(super) use super::words::{door_name, piece_name, pieces_words, plural};

// ---------------------------------------------------------------------------------------------
// What a step does, in words (the announcement of the last step, and the preview)
// ---------------------------------------------------------------------------------------------

/// What `mv`, played from `b`, did to give `a`: every event in words.
pub(super) fn describe(
    b: &Evacuate,
    a: &Evacuate,
    mv: &EvacuateMove,
    names: &[String],
) -> Vec<String> {
    let name = |s: Seat| names.get(s).cloned().unwrap_or_default();
    let who = name(b.turn());
    let mut lines = Vec::new();
    let mut lost_by_move = 0;
    match mv {
        EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at } => {
            let stack = b.stack(at.space);
            let level = usize::from(at.level);
            let reverse = matches!(mv, EvacuateMove::Reverse { .. });
            let door = way_door(*at, reverse);
            match b.preview_toward(*at, piece.size, reverse) {
                Some(pv) if level <= stack.len() => {
                    let group = &stack[level - 1..];
                    lines.push(format!(
                        "{who} puts a {} on {at}: the {} of space {} from level {} up ({}) {} {} toward door {}.",
                        piece_name(*piece),
                        plural(group.len(), "pyramid"),
                        at.space,
                        at.level,
                        pieces_words(group),
                        if group.len() == 1 { "moves" } else { "move" },
                        plural(usize::from(piece.size.pips()), "space"),
                        door_name(door)
                    ));
                    lost_by_move = pv.lost.len();
                    if !pv.lost.is_empty() {
                        lines.push(format!(
                            "The ceiling takes {} ({}).",
                            pieces_words(&pv.lost),
                            if b.mode() == Mode::Pugilists {
                                "back to their owners' stashes"
                            } else {
                                "out of play for the round"
                            }
                        ));
                    }
                    match (pv.door, pv.to) {
                        (Some(d), _) => {
                            let mut scores = Vec::new();
                            // Each pyramid scores for its colour's owner; wild blue for the
                            // mover; a pugilist for nobody.
                            for seat in 0..b.mode().seats() {
                                let mine: Vec<Piece> = pv
                                    .evacuated
                                    .iter()
                                    .copied()
                                    .filter(|p| {
                                        !p.colour.is_pugilist()
                                            && b.mode().owner(p.colour).unwrap_or(b.turn()) == seat
                                    })
                                    .collect();
                                if !mine.is_empty() {
                                    let pips: u32 =
                                        mine.iter().map(|p| u32::from(p.size.pips())).sum();
                                    scores.push(format!("{} scores {pips}", name(seat)));
                                }
                            }
                            lines.push(format!(
                                "They leave through door {}: {} evacuated; {}.",
                                door_name(d),
                                pieces_words(&pv.evacuated),
                                scores.join(", ")
                            ));
                        }
                        (None, Some(to)) if pv.lost.len() < group.len() => {
                            lines.push(format!("They end on space {to}."));
                        }
                        _ => lines.push("Nothing of the group is left.".into()),
                    }
                }
                _ => lines.push(format!(
                    "{who} nudges: a {} on {at}, where nothing moves.",
                    piece_name(*piece)
                )),
            }
        }
        EvacuateMove::Release(set) => {
            let pieces: Vec<Piece> = set.iter().filter_map(|t| b.triangle(*t)).collect();
            lines.push(format!(
                "{who} releases {} ({}): back to their owners' stashes.",
                pieces_words(&pieces),
                set.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        EvacuateMove::Take(t) => lines.push(format!(
            "Jam: {who} takes the surrounded {} off {t}.",
            b.triangle(*t).map(piece_name).unwrap_or_default()
        )),
        EvacuateMove::End => lines.push(format!("{who} ends the turn.")),
        EvacuateMove::Trade(c) => lines.push(format!(
            "{who} trades yellow's tree with {}'s for this round.",
            c.name()
        )),
        EvacuateMove::Pass => {
            lines.push(format!("Jam: {who} can neither move nor nudge and passes."))
        }
    }
    if a.round() > b.round() {
        let scores: Vec<String> = (0..b.mode().seats())
            .map(|s| {
                let before = b.match_total(s).saturating_sub(b.round_score(s));
                format!(
                    "{} {} (total {})",
                    name(s),
                    a.match_total(s).saturating_sub(before),
                    a.match_total(s)
                )
            })
            .collect();
        lines.push(format!(
            "Round {} is over: {}. Round {} begins on a fresh board; {} starts.",
            b.round(),
            scores.join(", "),
            a.round(),
            name(a.turn())
        ));
        return lines;
    }
    if let Some(o) = Game::outcome(a) {
        lines.push(format!("The game is over: {}.", o.reason));
    }
    for s in 0..b.mode().seats() {
        if a.is_eliminated(s) && !b.is_eliminated(s) {
            lines.push(format!(
                "{} has no occupant left on the floor: out of this round, with no points for it.",
                name(s)
            ));
        }
    }
    if a.ceiling() < b.ceiling() {
        let count = |g: &Evacuate| -> usize {
            COLOURS
                .iter()
                .map(|&c| g.lost(c).iter().map(|&n| usize::from(n)).sum::<usize>())
                .sum()
        };
        let dropped = count(a).saturating_sub(count(b) + lost_by_move);
        lines.push(format!(
            "The pile is stuck: every movement pyramid goes back to its owner and the ceiling drops to level {}{}.",
            a.ceiling(),
            if dropped > 0 {
                format!(", taking {} off the floor", plural(dropped, "pyramid"))
            } else {
                String::new()
            }
        ));
    }
    if Game::outcome(a).is_none() {
        if a.turn() != b.turn() {
            lines.push(format!("It is {}'s turn.", name(a.turn())));
        }
        if a.phase() == Phase::Jam && b.phase() != Phase::Jam {
            lines.push(format!(
                "{} is jammed: no placement can move an occupant.",
                name(a.turn())
            ));
        }
    }
    lines
}

/// What a kind of step open now is, in the words of the panel's headline.
pub(super) fn kind_words(kind: Kind) -> &'static str {
    match kind {
        Kind::Trade => "choose the tree trade",
        Kind::TakeOff => "you are jammed: take off a ringed pyramid (tap it)",
        Kind::Place => "place a pyramid from your stash (a move or a nudge)",
        Kind::Release => "release a ringed pyramid (tap it)",
        Kind::End => "end the turn",
        Kind::Pass => "pass",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::evacuate::EvacuateOptions;

    /// Plays `steps` steps of a game, each the first legal one that evacuates something, else
    /// the last legal one, and hands each (before, step, after) to `check`.
    fn play(
        options: &str,
        steps: usize,
        greedy: bool,
        mut check: impl FnMut(&Evacuate, &EvacuateMove, &Evacuate),
    ) {
        let options: EvacuateOptions = options.parse().unwrap();
        let mut game = <Evacuate as Game>::new(&options, 1).unwrap();
        for _ in 0..steps {
            if Game::outcome(&game).is_some() {
                break;
            }
            let legal = Game::legal_moves(&game);
            let evacuates = |m: &&EvacuateMove| match m {
                EvacuateMove::Place { piece, at } => game
                    .preview(*at, piece.size)
                    .is_some_and(|p| p.door.is_some()),
                _ => false,
            };
            let mv = legal
                .iter()
                .find(|m| greedy && evacuates(m))
                .or(legal.last())
                .cloned()
                .unwrap();
            let before = game.clone();
            Game::play(&mut game, &mv).unwrap();
            check(&before, &mv, &game);
        }
    }

    #[test]
    fn every_step_is_told_and_turns_end_where_the_seat_changes() {
        let names = ["Ann".to_string(), "Ben".to_string()];
        let (mut rounds, mut ends, mut evacuations, mut stuck, mut jams) = (0, 0, 0, 0, 0);
        for (options, greedy) in [("match=14", true), ("match=1", true), ("match=14", false)] {
            play(options, 3000, greedy, |b, mv, a| {
                let lines = describe(b, a, mv, &names);
                let first = lines.first().cloned().unwrap_or_default();
                assert!(
                    first.starts_with(&names[b.turn()]) || first.starts_with("Jam: "),
                    "{mv}: {lines:?}"
                );
                let ended = Game::ends_turn(b, mv, a);
                if a.turn() != b.turn() || Game::outcome(a).is_some() {
                    assert!(
                        ended,
                        "{mv} changed the seat to move but did not end the turn"
                    );
                }
                if matches!(mv, EvacuateMove::End | EvacuateMove::Pass) {
                    assert!(ended);
                    ends += 1;
                }
                if matches!(mv, EvacuateMove::Take(_))
                    || (matches!(mv, EvacuateMove::Release(_)) && b.phase() != Phase::After)
                {
                    assert!(!ended, "{mv} ended a turn");
                }
                if a.round() > b.round() {
                    rounds += 1;
                    assert!(
                        lines
                            .iter()
                            .any(|l| l.starts_with(&format!("Round {} is over", b.round()))),
                        "{lines:?}"
                    );
                }
                if lines.iter().any(|l| l.contains("evacuated")) {
                    evacuations += 1;
                }
                if a.round() == b.round() && a.ceiling() < b.ceiling() {
                    stuck += 1;
                    assert!(
                        lines.iter().any(|l| l.starts_with("The pile is stuck")),
                        "{lines:?}"
                    );
                }
                if a.phase() == Phase::Jam && b.phase() != Phase::Jam && Game::outcome(a).is_none()
                {
                    jams += 1;
                    assert!(lines.iter().any(|l| l.contains("is jammed")), "{lines:?}");
                }
            });
        }
        assert!(
            rounds > 0 && ends > 0 && evacuations > 0 && stuck > 0 && jams > 0,
            "rounds {rounds}, ends {ends}, evacuations {evacuations}, stuck {stuck}, jams {jams}"
        );
    }
}
