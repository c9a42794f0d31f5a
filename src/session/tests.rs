//! The session's tests: moves, undo and redo, tickets, another tab's version, hints, the
//! hand-off in hidden-information games and the computer's turn.

use super::*;
use crate::core::Strength;
use crate::record::PlayerInfo;

pub(super) fn open(game: &str, options: &str, colours: [&str; 2], seed: u64) -> Session {
    let players = colours
        .iter()
        .enumerate()
        .map(|(i, c)| PlayerInfo {
            name: format!("P{i}"),
            colour: (*c).to_string(),
            computer: None,
        })
        .collect();
    let record = GameRecord::new(game, options, seed, players);
    Session::open((SavedGame::new("t".into(), record, 0.0), None)).unwrap()
}

pub(super) fn session(seed: u64) -> Session {
    open("stack-control", "colours=RB", ["R", "B"], seed)
}

fn first_move(s: &Session) -> String {
    s.shown().legal_moves()[0].clone()
}

/// The move list's entries as seat and notation.
fn notations(s: &Session) -> Vec<(Seat, Option<String>)> {
    s.move_list()
        .into_iter()
        .map(|(seat, m)| (seat, m.notation))
        .collect()
}

/// A secret setup of Suns, as their opponent reads it.
fn secret_setup() -> Vec<(Seat, MoveText)> {
    vec![(
        0,
        MoveText {
            text: "Suns set up in secret".into(),
            notation: None,
        },
    )]
}

#[test]
fn a_move_extends_the_timeline_and_asks_for_a_save() {
    let mut s = session(1);
    let start = s.shown().position();
    let mv = first_move(&s);
    s.play(&mv, 5.0).unwrap();
    assert_eq!(s.cursor(), 1);
    assert_eq!(s.timeline().moves(), 1);
    assert_eq!(s.revision(), 1);
    assert_eq!(s.saved().updated_ms, 5.0);
    assert_eq!(s.timeline().position(0).position(), start);
    let again = s.record().replay(1).unwrap();
    assert_eq!(s.shown().position(), again.position());
    assert_eq!(notations(&s), vec![(1, Some(mv.clone()))]);
    let words = s
        .timeline()
        .position(0)
        .describe_move(&mv, Viewer::Everyone);
    assert!(words.contains(" moves ") && !words.contains(&mv), "{words}");
    assert_eq!(s.move_list()[0].1.to_string(), words);
}

#[test]
fn an_illegal_move_changes_nothing() {
    let mut s = session(2);
    let before = s.clone();
    let err = s.play("a1-a1", 1.0).unwrap_err();
    assert!(
        err.starts_with(char::is_uppercase) && err.ends_with('.'),
        "{err}"
    );
    assert_eq!(s.revision(), before.revision());
    assert!(s.is_current(before.ticket()));
    assert_eq!(s.timeline().moves(), 0);
}

#[test]
fn undo_redo_and_a_move_from_the_past_replace_later_moves() {
    let mut s = session(3);
    for _ in 0..3 {
        let mv = first_move(&s);
        s.play(&mv, 1.0).unwrap();
    }
    assert!(s.undo() && s.undo());
    assert_eq!((s.cursor(), s.later_moves()), (1, 2));
    assert!(s.redo());
    assert_eq!(s.cursor(), 2);
    assert!(!s.goto(9) && !s.goto(2));
    assert!(s.goto(0) && !s.undo());
    let mv = s.shown().legal_moves().last().unwrap().clone();
    s.play(&mv, 2.0).unwrap();
    assert_eq!(s.record().moves, vec![mv.clone()]);
    assert_eq!(s.timeline().moves(), 1);
    assert!(!s.redo());
    assert_eq!(
        notations(&s),
        vec![(1, Some(mv))],
        "the list follows the replaced history"
    );
}

#[test]
fn a_ticket_of_another_session_is_never_current() {
    let a = session(4);
    let b = session(4);
    assert!(!b.is_current(a.ticket()));
}

#[test]
fn a_stale_answer_is_dropped() {
    let mut s = session(4);
    let mv = first_move(&s);
    s.play(&mv, 1.0).unwrap();
    let ticket = s.ticket();
    let answer = first_move(&s);
    assert!(s.undo());
    assert!(!s.is_current(ticket));
    assert_eq!(s.play_answer(ticket, &answer, 2.0), Ok(false));
    assert_eq!(s.record().moves.len(), 1);
    let ticket = s.ticket();
    assert_eq!(s.play_answer(ticket, &mv, 3.0), Ok(true));
}

#[test]
fn another_tabs_version_is_adopted_without_moving_this_board() {
    let mut ours = session(5);
    let mut theirs = ours.clone();
    for _ in 0..2 {
        let mv = first_move(&theirs);
        theirs.play(&mv, 1.0).unwrap();
    }
    let revision = ours.revision();
    ours.adopt((theirs.saved().clone(), None)).unwrap();
    assert_eq!(ours.record(), theirs.record());
    assert_eq!(ours.cursor(), 2);
    assert_eq!(
        ours.revision(),
        revision,
        "adopting is not a change to save"
    );
    assert_eq!(
        ours.shown().position(),
        theirs.record().replay(2).unwrap().position()
    );
    // They only step back: this board stays.
    assert!(theirs.undo());
    ours.adopt((theirs.saved().clone(), None)).unwrap();
    assert_eq!(ours.cursor(), 2);
    // A different history replaces ours wholesale.
    let mut other = session(5);
    let mv = other.shown().legal_moves().last().unwrap().clone();
    other.play(&mv, 1.0).unwrap();
    ours.adopt((other.saved().clone(), None)).unwrap();
    assert_eq!(ours.record().moves, vec![mv]);
    assert_eq!(ours.timeline().moves(), 1);
}

#[test]
fn a_stored_entry_is_validated_once_into_the_timeline_a_page_opens_and_adopts() {
    let mut theirs = session(8);
    for _ in 0..3 {
        let mv = first_move(&theirs);
        theirs.play(&mv, 1.0).unwrap();
    }
    let text = theirs.saved().to_json();
    // The store reads another tab's entry once, into its timeline...
    let (saved, line) = SavedGame::parse_line(&text).unwrap();
    assert_eq!(&saved, theirs.saved());
    let line = Rc::new(line);
    // ...which a page opens, and another page adopts, without replaying: the very
    // positions the store built.
    let opened = Session::open((saved.clone(), Some(line.clone()))).unwrap();
    assert!(Rc::ptr_eq(opened.live(), line.last()));
    assert!(Rc::ptr_eq(opened.timeline().position(1), line.position(1)));
    let mut ours = session(8);
    ours.adopt((saved, Some(line.clone()))).unwrap();
    assert!(Rc::ptr_eq(ours.live(), line.last()));
    assert_eq!(ours.record(), theirs.record());
    // An entry that does not replay is refused as before.
    let bad = text.replace(&theirs.record().moves[1], "z9-z9");
    assert!(SavedGame::parse_line(&bad).is_err());
    assert_eq!(
        SavedGame::parse_line(&bad).unwrap_err(),
        SavedGame::parse(&bad).unwrap_err()
    );
}

#[test]
fn a_hint_is_counted_and_saved_without_moving_the_board() {
    let mut s = session(9);
    let ticket = s.ticket();
    let revision = s.revision();
    assert!(s.note_hint(ticket));
    assert!(s.is_current(ticket), "the hint stays on the board");
    assert_eq!(s.saved().hints, 1);
    assert!(s.revision() > revision, "the count is saved");
    let text = s.saved().to_json();
    assert_eq!(SavedGame::parse(&text).unwrap().hints, 1);
    // A move later, an old hint is not counted.
    let mv = first_move(&s);
    s.play(&mv, 1.0).unwrap();
    assert!(!s.note_hint(ticket));
    assert_eq!(s.saved().hints, 1);
    // Each seat's hints are its own: the one above was the seat that moved first's.
    let (first, second) = (
        1 - s.shown().to_move().unwrap(),
        s.shown().to_move().unwrap(),
    );
    assert!(s.note_hint(s.ticket()));
    assert!(s.note_hint(s.ticket()));
    assert_eq!(
        (s.saved().hints_of(first), s.saved().hints_of(second)),
        (1, 2)
    );
    let text = s.saved().to_json();
    assert_eq!(
        SavedGame::parse(&text).unwrap().hint_seats,
        s.saved().hint_seats
    );
}

#[test]
fn everyone_sees_a_perfect_information_game() {
    let mut s = session(6);
    assert_eq!(s.viewer(), Viewer::Everyone);
    assert_eq!(s.handoff(), None);
    assert!(Rc::ptr_eq(&s.position_for_viewer(0), s.shown()));
    let mv = first_move(&s);
    s.play(&mv, 1.0).unwrap();
    assert_eq!(s.handoff(), None, "no hand-off without secrets");
}

fn evade() -> Session {
    open("evade", "rules=written", ["S", "M"], 1)
}

#[test]
fn hidden_information_is_handed_over_and_stays_hidden() {
    let mut s = evade();
    assert_eq!(s.viewer(), Viewer::Seat(0));
    assert_eq!(
        s.handoff(),
        Some(0),
        "nothing is shown before seat 1 holds the device"
    );
    s.confirm_handoff();
    assert_eq!(s.handoff(), None);
    s.play("setup:na2345", 1.0).unwrap();
    assert_eq!(s.viewer(), Viewer::Seat(1));
    assert_eq!(s.handoff(), Some(1), "the device goes to seat 2");
    s.confirm_handoff();
    // Seat 2 sees seat 1's coins face down, and reads its setup only as set up in secret,
    // with no notation.
    let seen = s.position_for_viewer(1).position();
    assert!(seen.contains("a1?") && !seen.contains("a1n"), "{seen}");
    assert_eq!(s.move_list(), secret_setup());
    assert_eq!(
        s.last_move_for_viewer(1),
        None,
        "the board never gets the secret setup"
    );
    s.play("setup:a2345n", 2.0).unwrap();
    assert_eq!(s.handoff(), Some(0));
    s.confirm_handoff();
    // Undoing across a hand-off goes back behind the hand-off screen.
    assert!(s.undo());
    assert_eq!(s.viewer(), Viewer::Seat(1));
    assert_eq!(s.handoff(), Some(1));
    // Even back to a seat that held the device before: whoever pressed undo must hand over.
    s.confirm_handoff();
    assert!(s.undo());
    assert_eq!(s.handoff(), Some(0));
    s.confirm_handoff();
    assert!(s.redo());
    s.confirm_handoff();
    // Seat 1 never sees seat 2's values, in the history either.
    assert!(s.redo());
    s.confirm_handoff();
    for moves in 0..=2 {
        let seen = s.position_for_viewer(moves).position();
        assert!(!seen.contains("a6a"), "move {moves}: {seen}");
    }
}

#[test]
fn looking_back_keeps_the_device_with_the_seat_to_move_now() {
    let mut s = evade();
    s.confirm_handoff();
    s.play("setup:na2345", 1.0).unwrap();
    s.confirm_handoff();
    s.play("setup:a2345n", 2.0).unwrap();
    s.confirm_handoff();
    // Seat 1 is to move and holds the device. Stepping back to seat 2's setup, and to the
    // start, offers no hand-off: seat 1 sees those positions as seat 1 may.
    for moves in [1, 0, 1, 2] {
        assert!(s.goto(moves));
        assert_eq!(
            (s.viewer(), s.handoff()),
            (Viewer::Seat(0), None),
            "at {moves}"
        );
        for at in 0..=2 {
            let seen = s.position_for_viewer(at).position();
            assert!(!seen.contains("a6a"), "at {moves}, position {at}: {seen}");
        }
    }
    // A page opened on an earlier position hands the device to the seat to move now.
    assert!(s.goto(1));
    let reopened = Session::open((s.saved().clone(), None)).unwrap();
    assert_eq!(
        (reopened.viewer(), reopened.handoff()),
        (Viewer::Seat(0), Some(0))
    );
    // Undo takes a move back: the seat that moves there gets the device.
    assert!(s.goto(2) && s.undo());
    assert_eq!(s.handoff(), Some(1));
}

#[test]
fn another_tabs_move_hands_the_device_over_again() {
    // Tab two: seat 1 confirmed it holds the device there, earlier.
    let mut two = evade();
    two.confirm_handoff();
    // Tab one: both seats set up, so it is seat 1's turn again.
    let mut one = evade();
    one.confirm_handoff();
    one.play("setup:na2345", 1.0).unwrap();
    one.confirm_handoff();
    one.play("setup:a2345n", 2.0).unwrap();
    // Tab two takes the news: seat 1 is to move, but whoever holds tab two must say so.
    two.adopt((one.saved().clone(), None)).unwrap();
    assert_eq!(two.viewer(), Viewer::Seat(0));
    assert_eq!(
        two.handoff(),
        Some(0),
        "no seat's view because another tab moved"
    );
    // A change of the clock or the table alone is no move: the holder stays.
    two.confirm_handoff();
    let mut turned = one.saved().clone();
    turned.table.flipped = true;
    two.adopt((turned, None)).unwrap();
    assert_eq!(two.handoff(), None);
}

#[test]
fn a_reload_hands_the_device_over_again() {
    let mut s = evade();
    s.confirm_handoff();
    s.play("setup:na2345", 1.0).unwrap();
    let reopened = Session::open((s.saved().clone(), None)).unwrap();
    assert_eq!(reopened.handoff(), Some(1));
}

/// A session whose seats the computer plays where `computers` says.
pub(super) fn with_computers(
    game: &str,
    options: &str,
    colours: [&str; 2],
    computers: [Option<Strength>; 2],
) -> Session {
    let mut s = open(game, options, colours, 7);
    let mut saved = s.saved().clone();
    for (p, c) in saved.record.players.iter_mut().zip(computers) {
        p.computer = c;
    }
    s = Session::open((saved, None)).unwrap();
    s
}

#[test]
fn the_computer_moves_only_for_its_seat_at_the_end_of_the_game() {
    let mut s = with_computers(
        "stack-control",
        "colours=RB",
        ["R", "B"],
        [None, Some(Strength::Quick)],
    );
    let first = s.shown().to_move().unwrap();
    let person = 0;
    // Bring the game to the person's turn, then to the computer's.
    if first != person {
        assert_eq!(s.computer_to_move(), Some((1, Strength::Quick)));
        let mv = first_move(&s);
        s.play(&mv, 1.0).unwrap();
    }
    assert_eq!(s.computer_to_move(), None, "the person's turn");
    let mv = first_move(&s);
    s.play(&mv, 1.0).unwrap();
    assert_eq!(s.computer_to_move(), Some((1, Strength::Quick)));
    let mv = first_move(&s);
    s.play(&mv, 1.0).unwrap();
    assert_eq!(s.computer_to_move(), None);
    let end = s.cursor();
    // Undo goes back past the computer's move to the person's last turn.
    assert!(s.undo());
    assert_eq!(s.cursor(), end - 2);
    assert_eq!(s.shown().to_move(), Some(person));
    // Redo to the computer's turn: with later moves left it waits.
    assert!(s.redo());
    assert_eq!(s.computer_to_move(), None, "a later move is still there");
    assert!(s.redo());
    assert_eq!(s.computer_to_move(), None);
}

#[test]
fn one_person_against_the_computer_needs_no_hand_off() {
    let mut s = with_computers(
        "evade",
        "rules=written",
        ["S", "M"],
        [Some(Strength::Normal), None],
    );
    assert_eq!(s.viewer(), Viewer::Seat(1), "the device is the person's");
    assert_eq!(s.handoff(), None);
    assert_eq!(s.computer_to_move(), Some((0, Strength::Normal)));
    s.play("setup:na2345", 1.0).unwrap();
    assert_eq!(s.viewer(), Viewer::Seat(1));
    assert_eq!(s.handoff(), None);
    // The computer's secret setup stays secret from the person.
    let seen = s.position_for_viewer(1).position();
    assert!(seen.contains("a1?") && !seen.contains("a1n"), "{seen}");
    assert_eq!(s.move_list(), secret_setup());
    // Two computers: nobody to hide anything from.
    let both = with_computers(
        "evade",
        "rules=written",
        ["S", "M"],
        [Some(Strength::Quick), Some(Strength::Quick)],
    );
    assert_eq!((both.viewer(), both.handoff()), (Viewer::Everyone, None));
}

#[test]
fn no_undo_back_past_the_first_turn_of_a_person() {
    let probe = session(7);
    let first = probe.shown().to_move().unwrap();
    let mut computers = [None, None];
    computers[first] = Some(Strength::Quick);
    let mut s = with_computers("stack-control", "colours=RB", ["R", "B"], computers);
    let mv = first_move(&s);
    s.play(&mv, 1.0).unwrap(); // the computer's opening move
    assert!(
        !s.can_undo() && !s.undo(),
        "only the computer's move is before"
    );
    let mv = first_move(&s);
    s.play(&mv, 1.0).unwrap(); // the person's
    assert!(s.can_undo() && s.undo());
    assert_eq!(s.cursor(), 1);
}
