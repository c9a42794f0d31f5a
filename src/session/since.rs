//! What the person at the device reads first on their turn: every move made since they last
//! moved (the other people's, the computer's), each step of a turn of several, in words.

use super::{MoveText, Session};
use crate::core::Seat;

/// One move of "since your last turn": its number in the game (from 1), who made it and how
/// it reads to the person at the device.
#[derive(Debug, Clone, PartialEq)]
pub struct SinceMove {
    /// The move's number in the game, from 1.
    pub number: usize,
    /// The seat that made it.
    pub seat: Seat,
    /// How it reads to the person at the device.
    pub text: MoveText,
}

impl Session {
    /// Every move since the person to move on the board last played, up to the board's
    /// position: the other seats' moves between that person's previous turn and this one
    /// (the steps they have taken of this turn are not news). Empty when the computer is to
    /// move or the game is over, and before anyone else has moved.
    pub fn since_last_turn(&self) -> Vec<SinceMove> {
        let Some(me) = self
            .shown()
            .to_move()
            .filter(|&s| self.computer(s).is_none())
        else {
            return Vec::new();
        };
        let mover = |i: usize| self.line.mover(i);
        // Where this turn of mine began (the steps already taken of it are mine).
        let mut turn = self.cursor();
        while turn > 0 && mover(turn - 1) == Some(me) {
            turn -= 1;
        }
        // Just after my previous turn.
        let from = (0..turn)
            .rev()
            .find(|&i| mover(i) == Some(me))
            .map_or(0, |i| i + 1);
        if from == turn {
            return Vec::new();
        }
        self.move_list()
            .into_iter()
            .enumerate()
            .take(turn)
            .skip(from)
            .map(|(i, (seat, text))| SinceMove {
                number: i + 1,
                seat,
                text,
            })
            .collect()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use crate::core::Strength;
    use crate::session::clock_tests::game;
    use crate::session::Session;

    fn play_first(s: &mut Session) {
        let mv = s.shown().legal_moves()[0].clone();
        s.play(&mv, 0.0).unwrap();
    }

    /// (move number, seat) of each move the line names.
    fn named(s: &Session) -> Vec<(usize, usize)> {
        s.since_last_turn()
            .iter()
            .map(|m| (m.number, m.seat))
            .collect()
    }

    #[test]
    fn three_people_read_the_two_moves_made_since_their_last() {
        let mut s = game("stack-control", &[None, None, None], None);
        // Nobody has moved: nothing to say.
        assert!(named(&s).is_empty());
        let mut movers = Vec::new();
        for _ in 0..5 {
            movers.push(s.shown().to_move().unwrap());
            play_first(&mut s);
        }
        // The sixth move's player last moved three moves ago: the two since are named.
        let me = s.shown().to_move().unwrap();
        assert_eq!(movers[2], me);
        assert_eq!(named(&s), vec![(4, movers[3]), (5, movers[4])]);
        assert!(s.since_last_turn().iter().all(|m| !m.text.text.is_empty()));
    }

    #[test]
    fn each_step_of_a_turn_is_named_and_my_own_steps_are_not() {
        let mut s = game("stacks", &[None, None], None);
        let first = s.shown().to_move().unwrap();
        // Play until the other player has made a turn of two steps or more and it is mine.
        let mut guard = 0;
        loop {
            play_first(&mut s);
            guard += 1;
            let since = named(&s);
            if s.shown().to_move() == Some(first) && since.len() >= 2 {
                assert!(since.iter().all(|&(_, seat)| seat != first), "{since:?}");
                let numbers: Vec<usize> = since.iter().map(|m| m.0).collect();
                assert!(numbers.windows(2).all(|w| w[1] == w[0] + 1), "{numbers:?}");
                // A step of my own turn does not change what I am told.
                play_first(&mut s);
                if s.shown().to_move() == Some(first) {
                    assert_eq!(named(&s), since);
                }
                break;
            }
            assert!(guard < 200, "no turn of several steps");
        }
    }

    #[test]
    fn after_the_computers_move_the_person_reads_it_and_nothing_while_it_thinks() {
        let mut s = game("stack-control", &[None, Some(Strength::Quick)], None);
        while s.computer_to_move().is_none() {
            play_first(&mut s);
        }
        assert!(named(&s).is_empty(), "the computer's turn");
        let computer = s.shown().to_move().unwrap();
        play_first(&mut s);
        let since = named(&s);
        assert_eq!(since.len(), 1);
        assert_eq!(since[0].1, computer);
    }
}
