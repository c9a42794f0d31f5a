//! What a tap on the Stack Control board does: plain Rust, tested natively.
//!
//! Any stack may be picked, to look at it or to move it (in Stack Control every player moves
//! any stack); with a stack picked, its landing squares are the targets, and a tap on one is
//! the move. Every other tap says why nothing happened.

use super::rules::{Square, StackControl, StackMove};
use crate::core::pick::{sentence, why_not, Person, Picking, Tap};
use crate::core::Game;

/// What is picked on the board: a square with a stack, or nothing.
pub type Pick = Option<Square>;

/// The squares the picked stack may land on now (none unless the player may move).
pub fn targets(game: &StackControl, pick: Pick, can_move: bool) -> Vec<Square> {
    match pick {
        Some(from) if can_move && game.to_move().is_some() => game.destinations(from),
        _ => Vec::new(),
    }
}

impl Picking for StackControl {
    type Pick = Pick;
    type Thing = Square;

    /// Every square.
    fn things(&self, _: &Person, _: &Pick) -> Vec<Square> {
        Square::all().collect()
    }

    fn tap(&self, person: &Person, pick: &Pick, sq: &Square) -> Tap<Pick, StackMove> {
        tap(self, *pick, person.can_move, *sq)
    }

    /// The stack, then its landing square.
    fn taps(&self, _: &Person, mv: &StackMove) -> Vec<Square> {
        vec![mv.from, mv.to]
    }
}

/// What a tap on `sq` does, with `pick` picked.
fn tap(game: &StackControl, pick: Pick, can_move: bool, sq: Square) -> Tap<Pick, StackMove> {
    if let Some(from) = pick {
        if targets(game, pick, can_move).contains(&sq) {
            return Tap::Play(StackMove { from, to: sq });
        }
        if from == sq {
            return Tap::Select(None);
        }
    }
    if !game.stack(sq).is_empty() {
        // Any stack can be picked to look at it, even when the game is over.
        return Tap::Select(Some(sq));
    }
    Tap::Refuse(match pick {
        _ if game.to_move().is_none() => "The game is over.".to_string(),
        _ if !can_move => format!("{sq} is empty, and it is not your turn to move."),
        None => format!("{sq} is empty: pick a stack to move."),
        Some(from) => why_not(game, &StackMove { from, to: sq })
            .map(|why| sentence(&why))
            .unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> StackControl {
        <StackControl as Game>::new(&"colours=RB".parse().unwrap(), 1).unwrap()
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A square with a stack, one of its landing squares, and an empty square.
    fn stack_target_empty(game: &StackControl) -> (Square, Square, Square) {
        let from = Square::all()
            .find(|&s| !game.destinations(s).is_empty())
            .expect("a stack that can move");
        let empty = Square::all()
            .find(|&s| game.stack(s).is_empty())
            .expect("an empty square");
        (from, game.destinations(from)[0], empty)
    }

    #[test]
    fn a_tap_on_a_stack_picks_it_and_a_tap_on_its_landing_square_moves_it() {
        let game = start();
        let (from, to, _) = stack_target_empty(&game);
        assert_eq!(tap(&game, None, true, from), Tap::Select(Some(from)));
        assert_eq!(
            targets(&game, Some(from), true),
            game.destinations(from),
            "the picked stack's landing squares are the targets"
        );
        assert_eq!(
            tap(&game, Some(from), true, to),
            Tap::Play(StackMove { from, to })
        );
        // The move it makes is legal.
        let mut after = game.clone();
        after.play(&StackMove { from, to }).unwrap();
    }

    #[test]
    fn a_second_tap_drops_the_pick_and_another_stack_is_picked_instead() {
        let game = start();
        let (from, _, _) = stack_target_empty(&game);
        assert_eq!(tap(&game, Some(from), true, from), Tap::Select(None));
        let other = Square::all()
            .find(|&s| {
                s != from && !game.stack(s).is_empty() && !game.destinations(from).contains(&s)
            })
            .unwrap();
        assert_eq!(
            tap(&game, Some(from), true, other),
            Tap::Select(Some(other))
        );
    }

    #[test]
    fn a_tap_on_an_empty_square_says_why_nothing_happened() {
        let game = start();
        let (from, _, empty) = stack_target_empty(&game);
        assert_eq!(
            tap(&game, None, true, empty),
            Tap::Refuse(format!("{empty} is empty: pick a stack to move."))
        );
        // With a stack picked, the engine's own reason, as a sentence.
        let why = tap(&game, Some(from), true, empty);
        let text = why.refusal().expect("a refusal");
        assert!(
            text.starts_with(&format!("The stack on {from} moves exactly")),
            "{text}"
        );
        assert!(
            text.ends_with(&format!("{empty} is not such a square.")),
            "{text}"
        );
    }

    #[test]
    fn when_the_player_may_not_move_stacks_can_be_looked_at_but_not_moved() {
        let game = start();
        let (from, to, empty) = stack_target_empty(&game);
        assert!(targets(&game, Some(from), false).is_empty());
        // The landing square holds a stack: the tap picks it to look at, it does not move.
        assert_eq!(tap(&game, Some(from), false, to), Tap::Select(Some(to)));
        assert_eq!(
            tap(&game, Some(from), false, empty),
            Tap::Refuse(format!(
                "{empty} is empty, and it is not your turn to move."
            ))
        );
    }

    #[test]
    fn a_whole_turn_by_taps_then_the_next_players_turn() {
        let mut game = start();
        let first = game.to_move();
        let (from, to, _) = stack_target_empty(&game);
        let Tap::Select(pick) = tap(&game, None, true, from) else {
            panic!("the stack is picked")
        };
        let Tap::Play(mv) = tap(&game, pick, true, to) else {
            panic!("the move is made")
        };
        game.play(&mv).unwrap();
        assert_ne!(game.to_move(), first, "the turn passed");
        assert!(game.stack(from).is_empty() || from == to);
        assert!(!game.stack(sq(&to.to_string())).is_empty());
    }
}
