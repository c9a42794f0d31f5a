//! The session's rules the play page lays out: who may move on the board, the computer's turn
//! (thinking, failed, asked again), the hint, the move list's lines, the chances chart, and
//! sharing (secrets, the link's payload, the file's name).

use super::tests::{open, session, with_computers};
use super::*;
use crate::core::Strength;

/// Plays the first legal move until the game is over (at most `limit` moves).
fn play_out(s: &mut Session, limit: usize) {
    for _ in 0..limit {
        let Some(mv) = s.shown().legal_moves().first().cloned() else {
            return;
        };
        s.play(&mv, 1.0).unwrap();
    }
    assert!(s.live().outcome().is_some(), "not over after {limit} moves");
}

/// Stack Control with the computer playing seat 2, brought to the person's turn.
fn against_the_computer() -> Session {
    let mut s = with_computers(
        "stack-control",
        "colours=RB",
        ["R", "B"],
        [None, Some(Strength::Quick)],
    );
    if s.shown().to_move() == Some(1) {
        let mv = s.shown().legal_moves()[0].clone();
        s.play(&mv, 1.0).unwrap();
    }
    s
}

#[test]
fn a_person_moves_on_their_turn_and_never_for_the_computer() {
    let mut s = against_the_computer();
    assert_eq!(s.shown().to_move(), Some(0));
    assert!(!s.computers_turn() && s.can_move() && s.offers_hint());
    let mv = s.shown().legal_moves()[0].clone();
    s.play(&mv, 1.0).unwrap();
    assert!(s.computers_turn() && !s.can_move() && !s.offers_hint());
    assert!(s.computer_thinking());
    let mv = s.shown().legal_moves()[0].clone();
    s.play(&mv, 1.0).unwrap();
    // In the history, the computer's seat is still never moved from the board, though it
    // does not think there (later moves would be replaced).
    assert!(s.goto(s.cursor() - 1));
    assert!(s.computers_turn() && !s.can_move());
    assert!(!s.computer_thinking() && s.computer_question().is_none());
    // Two people: whoever is to move may move, every turn.
    let mut two = session(11);
    for _ in 0..3 {
        assert!(!two.computers_turn() && two.can_move() && two.offers_hint());
        let mv = two.shown().legal_moves()[0].clone();
        two.play(&mv, 1.0).unwrap();
    }
}

#[test]
fn nobody_moves_once_the_game_is_over() {
    let mut s = session(12);
    play_out(&mut s, 2000);
    assert!(!s.can_move() && !s.offers_hint() && !s.computers_turn());
    // An earlier position of a finished game is played from again (replacing the rest).
    assert!(s.goto(0));
    assert!(s.can_move() && s.offers_hint());
}

#[test]
fn a_hidden_information_game_is_moved_by_the_seat_holding_the_device() {
    let mut s = open("evade", "rules=written", ["S", "M"], 1);
    assert_eq!(s.viewer(), Viewer::Seat(0));
    assert!(s.can_move() && s.offers_hint());
    s.play("setup:na2345", 1.0).unwrap();
    assert_eq!(s.viewer(), Viewer::Seat(1));
    assert!(s.can_move());
    // Against the computer, the person holds the device on the computer's turn too.
    let s = with_computers(
        "evade",
        "rules=written",
        ["S", "M"],
        [Some(Strength::Normal), None],
    );
    assert_eq!(s.viewer(), Viewer::Seat(1));
    assert!(s.computers_turn() && !s.can_move() && !s.offers_hint());
}

#[test]
fn a_computer_that_failed_waits_to_be_asked_again() {
    let mut s = against_the_computer();
    assert_eq!(s.computer_question(), None, "a person's turn");
    let mv = s.shown().legal_moves()[0].clone();
    s.play(&mv, 1.0).unwrap();
    let ticket = s.ticket();
    assert_eq!(s.computer_question(), Some((ticket, Strength::Quick)));
    assert!(s.computer_thinking() && !s.computer_failed());
    assert!(s.computer_could_not_move(ticket));
    assert!(s.computer_failed() && !s.computer_thinking());
    assert_eq!(s.computer_question(), None, "not asked again by itself");
    assert!(s.is_current(ticket), "failing changes nothing on the board");
    // Asked again: a new question for the same position.
    s.renew();
    assert!(!s.computer_failed() && s.computer_thinking());
    assert_eq!(s.computer_question(), Some((s.ticket(), Strength::Quick)));
    // A failure for a position that is gone is not noted.
    assert!(!s.computer_could_not_move(ticket));
    assert!(!s.computer_failed());
    // Nor does a failure outlive a change of the board.
    let now = s.ticket();
    assert!(s.computer_could_not_move(now));
    assert!(s.undo() && s.redo());
    assert!(!s.computer_failed() && s.computer_question().is_some());
}

#[test]
fn the_move_list_has_a_line_per_move_unless_turns_are_several_moves() {
    let mut s = session(13);
    assert!(s.turn_starts().is_empty());
    for _ in 0..4 {
        let mv = s.shown().legal_moves()[0].clone();
        s.play(&mv, 1.0).unwrap();
        assert!(s.turn_starts().is_empty(), "one move per line");
    }
    let mut e = open("evacuate", "match=14", ["GY", "RB"], 1);
    assert!(e.turn_starts().is_empty(), "no move yet");
    let mut lines = 0;
    for n in 1..=60 {
        let Some(mv) = e.shown().legal_moves().last().cloned() else {
            break;
        };
        e.play(&mv, 1.0).unwrap();
        let starts = e.turn_starts();
        assert_eq!(starts.first(), Some(&0), "after {n} moves");
        assert!(starts.windows(2).all(|w| w[0] < w[1]) && starts.last() < Some(&n));
        // A line starts exactly after a step that ended its turn, and the seat to move
        // changes only between lines.
        for i in 1..n {
            let line = e.timeline();
            let ended = line
                .position(i - 1)
                .ends_turn(&e.record().moves[i - 1], line.position(i).as_ref());
            assert_eq!(starts.contains(&i), ended == Some(true), "move {i}");
            if line.mover(i) != line.mover(i - 1) {
                assert!(starts.contains(&i), "move {i} is another seat's");
            }
        }
        lines = starts.len();
    }
    assert!(lines > 5, "{lines} turns in 60 steps");
}

#[test]
fn only_a_game_listed_by_turns_answers_where_a_turn_ends() {
    let stack_control = registry_game("stack-control", "colours=RB");
    let mut after = stack_control.clone_box();
    let mv = after.legal_moves()[0].clone();
    after.play(&mv).unwrap();
    assert_eq!(stack_control.ends_turn(&mv, after.as_ref()), None);
    let evacuate = registry_game("evacuate", "match=14");
    let mut after = evacuate.clone_box();
    let mv = after.legal_moves()[0].clone();
    after.play(&mv).unwrap();
    assert!(evacuate.ends_turn(&mv, after.as_ref()).is_some());
    // Nonsense, or a position of another game, ends its turn.
    assert_eq!(evacuate.ends_turn("??", after.as_ref()), Some(true));
    assert_eq!(evacuate.ends_turn(&mv, stack_control.as_ref()), Some(true));
}

fn registry_game(slug: &str, options: &str) -> Box<dyn AnyGame> {
    crate::registry::create(slug, options, 1).unwrap()
}

#[test]
fn the_chances_are_charted_live_only_against_the_computer_with_nothing_hidden() {
    let mut s = against_the_computer();
    let at_start = s.record().moves.is_empty();
    assert_eq!(s.shows_chances(), !at_start, "from the first move");
    assert!(s.chances_follow(), "a person's turn");
    let mv = s.shown().legal_moves()[0].clone();
    s.play(&mv, 1.0).unwrap();
    assert!(s.shows_chances());
    assert!(!s.chances_follow(), "never while the computer thinks");
    // Two people: only once the game is over.
    let mut two = session(14);
    let mv = two.shown().legal_moves()[0].clone();
    two.play(&mv, 1.0).unwrap();
    assert!(!two.shows_chances() && !two.chances_follow());
    play_out(&mut two, 2000);
    assert!(two.shows_chances() && two.chances_follow());
    // A game of secrets against the computer: not while it is played.
    let mut secret = with_computers(
        "evade",
        "rules=written",
        ["S", "M"],
        [Some(Strength::Normal), None],
    );
    secret.play("setup:na2345", 1.0).unwrap();
    assert!(!secret.shows_chances() && !secret.chances_follow());
}

#[test]
fn a_game_with_secrets_is_shared_only_once_it_is_over() {
    let s = session(15);
    assert!(!s.carries_secrets() && s.offers_link());
    let mut e = open("evade", "rules=written", ["S", "M"], 1);
    assert!(e.carries_secrets() && !e.offers_link());
    let question = secrets_question("file");
    assert!(
        question.starts_with("This file holds the whole game, every player's secrets included"),
        "{question}"
    );
    play_out(&mut e, 3000);
    assert!(!e.carries_secrets() && e.offers_link());
    // Back in the history of a finished game, nothing is secret any more.
    assert!(e.goto(1));
    assert!(!e.carries_secrets() && e.offers_link());
}

#[test]
fn a_link_carries_the_record_compressed_or_plain() {
    let mut s = session(16);
    let mv = s.shown().legal_moves()[0].clone();
    s.play(&mv, 1.0).unwrap();
    let record = s.record();
    let plain = link_payload(record, None);
    assert_eq!(plain, record.to_link_payload());
    assert_eq!(&GameRecord::from_link_payload(&plain).unwrap(), record);
    let compressed = link_payload(record, Some(&[1, 2, 3]));
    assert!(compressed.starts_with("z."), "{compressed}");
    assert_eq!(
        GameRecord::compressed_bytes(&compressed).unwrap(),
        Some(vec![1, 2, 3])
    );
    assert_eq!(s.file_name(), "stackplay-stack-control-t.json");
}
