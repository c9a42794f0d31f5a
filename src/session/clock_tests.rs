//! The game clocks: the increment (per move, per turn in a game of several steps a turn),
//! pause and resume, undo, a reload from stored moments, the end on time (two and three
//! players), the computer's turn and the hand-off screen, and the clock in records and saved
//! games (round trips, older records, bad values).

use super::*;
use crate::core::{ApiError, Strength};
use crate::record::{ClockRule, PlayerInfo};
use crate::storage::{ClockState, TableSettings};

const NAMES: [&str; 5] = ["Ann", "Bo", "Cy", "Di", "Ed"];

/// A new game of `slug` for as many players as `computers` names (`Some`: the computer plays
/// that seat), with its default options and `clock`.
pub(super) fn game(
    slug: &str,
    computers: &[Option<Strength>],
    clock: Option<ClockRule>,
) -> Session {
    let entry = crate::registry::find(slug).unwrap();
    let options = entry.default_options(computers.len()).unwrap();
    let start = crate::registry::create(slug, &options, 5).unwrap();
    let players = computers
        .iter()
        .enumerate()
        .map(|(seat, &computer)| PlayerInfo {
            name: NAMES[seat].into(),
            colour: start.seat_label(seat).unwrap_or_else(|| format!("c{seat}")),
            computer,
        })
        .collect();
    let record = GameRecord::new(slug, &options, 5, players).with_clock(clock);
    Session::open((SavedGame::new("c".into(), record, 0.0), None)).unwrap()
}

fn rule(minutes: u32, increment_s: u32) -> Option<ClockRule> {
    ClockRule::new(minutes, increment_s)
}

/// Stack Control for two people with a 5 min + 3 s clock.
fn two_people() -> Session {
    game("stack-control", &[None, None], rule(5, 3))
}

/// Plays the first legal move at `now_ms`.
fn play_first(s: &mut Session, now_ms: f64) {
    let mv = s.shown().legal_moves()[0].clone();
    s.play(&mv, now_ms).unwrap();
}

/// Each face's time left, by seat.
fn left(s: &Session, now_ms: f64) -> Vec<(Seat, f64)> {
    s.clocks(now_ms)
        .iter()
        .map(|f| (f.seat, f.left_ms))
        .collect()
}

/// The seat whose face runs at `now_ms`.
fn running(s: &Session, now_ms: f64) -> Vec<Seat> {
    s.clocks(now_ms)
        .iter()
        .filter(|f| f.running)
        .map(|f| f.seat)
        .collect()
}

const MIN: f64 = 60_000.0;

#[test]
fn a_clock_is_described_and_kept_in_range() {
    assert_eq!(rule(5, 3).unwrap().label(), "5 min + 3 s");
    assert_eq!(rule(10, 0).unwrap().label(), "10 min");
    assert_eq!(rule(5, 3).unwrap().base_ms(), 300_000);
    assert_eq!(rule(5, 3).unwrap().increment_ms(), 3_000);
    assert!(rule(0, 0).is_none() && rule(91, 0).is_none() && rule(5, 61).is_none());
    assert!(rule(1, 0).is_some() && rule(90, 60).is_some());
}

#[test]
fn without_a_clock_nothing_runs_and_nothing_is_timed() {
    let mut s = game("stack-control", &[None, None], None);
    assert_eq!(s.clock_rule(), None);
    assert!(s.clocks(0.0).is_empty());
    assert!(!s.sync_clock(0.0));
    s.pause(0.0);
    assert!(!s.paused());
    play_first(&mut s, 5_000.0);
    assert!(s.record().times.is_empty() && s.move_time(0).is_none());
    assert_eq!(s.saved().clock, ClockState::default());
}

#[test]
fn the_increment_is_added_after_each_move() {
    let mut s = two_people();
    let first = s.shown().to_move().unwrap();
    let second = 1 - first;
    assert!(s.sync_clock(0.0), "the first person's clock starts");
    assert!(!s.sync_clock(0.0), "and calling again changes nothing");
    assert_eq!(running(&s, 0.0), vec![first]);
    assert_eq!(left(&s, 4_000.0)[first], (first, 5.0 * MIN - 4_000.0));
    play_first(&mut s, 10_000.0);
    assert_eq!(s.move_time(0), Some(10_000));
    assert_eq!(s.record().times, vec![10_000]);
    // The mover got 3 s back; the next person's clock started at the move.
    assert_eq!(left(&s, 10_000.0)[first], (first, 5.0 * MIN - 7_000.0));
    assert_eq!(running(&s, 10_000.0), vec![second]);
    assert_eq!(left(&s, 12_500.0)[second], (second, 5.0 * MIN - 2_500.0));
    play_first(&mut s, 12_500.0);
    assert_eq!(s.record().times, vec![10_000, 2_500]);
    assert_eq!(
        left(&s, 12_500.0),
        {
            let mut both = vec![(0, 0.0); 2];
            both[first] = (first, 5.0 * MIN - 7_000.0);
            both[second] = (second, 5.0 * MIN + 500.0);
            both
        },
        "a quick move can bank more than the time per player"
    );
}

#[test]
fn the_increment_is_added_once_per_turn_of_several_steps() {
    let mut s = game("stacks", &[None, None], rule(1, 5));
    s.sync_clock(0.0);
    let first = s.shown().to_move().unwrap();
    // The first player's first turn is one step; every later turn two.
    play_first(&mut s, 1_000.0);
    let second = s.shown().to_move().unwrap();
    assert_ne!(first, second);
    assert_eq!(left(&s, 1_000.0)[first].1, MIN - 1_000.0 + 5_000.0);
    play_first(&mut s, 3_000.0);
    assert_eq!(s.shown().to_move(), Some(second), "a turn of two steps");
    assert_eq!(
        left(&s, 3_000.0)[second].1,
        MIN - 2_000.0,
        "no increment in the middle of a turn"
    );
    assert_eq!(running(&s, 3_000.0), vec![second]);
    play_first(&mut s, 7_000.0);
    assert_eq!(s.shown().to_move(), Some(first));
    assert_eq!(s.record().times, vec![1_000, 2_000, 4_000]);
    assert_eq!(
        left(&s, 7_000.0)[second].1,
        MIN - 6_000.0 + 5_000.0,
        "one increment for the whole turn"
    );
}

#[test]
fn a_pause_stops_the_clock_and_resume_starts_it_again() {
    let mut s = two_people();
    let first = s.shown().to_move().unwrap();
    s.sync_clock(0.0);
    let revision = s.revision();
    s.pause(5_000.0);
    assert!(s.paused() && s.revision() > revision, "a pause is saved");
    assert!(running(&s, 5_000.0).is_empty());
    assert!(!s.sync_clock(60_000.0), "nothing runs while paused");
    assert_eq!(left(&s, 60_000.0)[first].1, 5.0 * MIN - 5_000.0);
    // Paused, it stays paused across a reload.
    let text = s.saved().to_json();
    let reopened = Session::open((SavedGame::parse(&text).unwrap(), None)).unwrap();
    assert!(reopened.paused());
    assert_eq!(left(&reopened, 900_000.0)[first].1, 5.0 * MIN - 5_000.0);
    s.resume(60_000.0);
    assert!(!s.paused());
    assert_eq!(running(&s, 60_000.0), vec![first]);
    assert_eq!(left(&s, 61_000.0)[first].1, 5.0 * MIN - 6_000.0);
    play_first(&mut s, 61_000.0);
    assert_eq!(
        s.move_time(0),
        Some(6_000),
        "the paused time is not the move's"
    );
}

#[test]
fn undo_gives_back_the_clocks_as_they_were() {
    let mut s = two_people();
    s.sync_clock(0.0);
    play_first(&mut s, 10_000.0);
    let after_one = left(&s, 10_000.0);
    play_first(&mut s, 40_000.0);
    play_first(&mut s, 50_000.0);
    assert_ne!(left(&s, 50_000.0), after_one);
    assert!(s.undo() && s.undo());
    assert_eq!(s.cursor(), 1);
    assert_eq!(
        s.saved().clock.since_ms,
        None,
        "the turn starts again from nothing"
    );
    s.sync_clock(100_000.0);
    assert_eq!(left(&s, 100_000.0), after_one);
    // Redo: the clocks as after two moves, the turn's time from nothing again.
    assert!(s.redo());
    s.sync_clock(200_000.0);
    let mover = s.shown().to_move().unwrap();
    assert_eq!(left(&s, 200_000.0)[mover].1, 5.0 * MIN - 10_000.0 + 3_000.0);
    // A move from the past replaces the later moves and their times.
    assert!(s.undo());
    s.sync_clock(300_000.0);
    play_first(&mut s, 301_000.0);
    assert_eq!(s.record().times, vec![10_000, 1_000]);
    assert_eq!(s.record().moves.len(), 2);
}

#[test]
fn a_reload_counts_the_time_from_stored_moments() {
    let mut s = two_people();
    s.sync_clock(1_000.0);
    play_first(&mut s, 8_000.0);
    let at_save = left(&s, 9_000.0);
    // Saved, read back as the store reads it, and opened 7 s later in another tab.
    let text = s.saved().to_json();
    assert!(text.contains("\"clock\":{\"paused\":false,\"used\":0.0,\"since\":8000.0}"));
    let (saved, line) = SavedGame::parse_line(&text).unwrap();
    assert_eq!(&saved, s.saved());
    let reopened = Session::open((saved, Some(Rc::new(line)))).unwrap();
    let later = left(&reopened, 16_000.0);
    let mover = reopened.shown().to_move().unwrap();
    for (seat, ms) in &later {
        let before = at_save[*seat].1;
        if *seat == mover {
            assert_eq!(*ms, before - 7_000.0, "the running clock went on");
        } else {
            assert_eq!(*ms, before);
        }
    }
    // The time while the tab was closed is the move's.
    let mut reopened = reopened;
    play_first(&mut reopened, 16_000.0);
    assert_eq!(reopened.move_time(1), Some(8_000));
}

#[test]
fn the_game_ends_on_time() {
    let mut s = game("stack-control", &[None, None], rule(1, 0));
    let first = s.shown().to_move().unwrap();
    let second = 1 - first;
    s.sync_clock(0.0);
    play_first(&mut s, 1_000.0);
    assert!(!s.sync_clock(1_000.0 + MIN - 1.0), "a millisecond left");
    let revision = s.revision();
    let ticket = s.ticket();
    assert!(s.sync_clock(1_000.0 + MIN + 500.0));
    assert!(s.revision() > revision && !s.is_current(ticket));
    assert_eq!(s.timed_out(), Some(second));
    assert!(!s.sync_clock(1_000.0 + MIN + 500.0), "once");
    assert!(!s.sync_clock(1_000.0 + 5.0 * MIN));
    let outcome = s.live().outcome().expect("over");
    assert_eq!(outcome.winners, vec![first]);
    assert!(outcome.reason.contains("on time"), "{}", outcome.reason);
    assert_eq!(
        outcome.reason,
        format!("on time: {}'s clock ran out", NAMES[second])
    );
    assert_eq!(s.live().to_move(), None);
    assert!(s.live().legal_moves().is_empty());
    assert!(!s.can_move() && s.computer_to_move().is_none());
    assert_eq!(left(&s, 10.0 * MIN)[second].1, 0.0);
    assert!(running(&s, 10.0 * MIN).is_empty());
    // A move is refused, and the timeline still knows the game ended on time.
    let going_on = GameRecord {
        timeout: None,
        ..s.record().clone()
    };
    let mv = going_on.replay(1).unwrap().legal_moves()[0].clone();
    assert_eq!(
        s.play(&mv, 10.0 * MIN),
        Err(format!("{}'s time ran out.", NAMES[second]))
    );
    assert_eq!(s.timeline().flagged(), Some(second));
    assert_eq!(s.record().moves.len(), 1);
    // The board still draws the game's own position.
    let board = Rc::clone(s.live()).into_any_rc();
    assert!(board
        .downcast_ref::<crate::games::stack_control::StackControl>()
        .is_some());
    // Stored and read again, replayed as the home page replays it: still over on time.
    let text = s.saved().to_json();
    let saved = SavedGame::parse(&text).unwrap();
    assert_eq!(saved.record.timeout, Some(second));
    let end = saved.record.replay(usize::MAX).unwrap();
    assert_eq!(end.outcome(), Some(outcome.clone()));
    assert!(saved.record.replay(0).unwrap().outcome().is_none());
    let reopened = Session::open((saved, None)).unwrap();
    assert_eq!(reopened.live().outcome(), Some(outcome));
    // Undo, and a move there: the game goes on and the end on time is gone.
    assert!(s.undo());
    s.sync_clock(20.0 * MIN);
    play_first(&mut s, 20.0 * MIN + 1.0);
    assert_eq!(s.timed_out(), None);
    assert!(s.live().outcome().is_none());
}

#[test]
fn a_move_after_the_time_ran_out_is_refused() {
    let mut s = game("stack-control", &[None, None], rule(1, 0));
    let first = s.shown().to_move().unwrap();
    s.sync_clock(0.0);
    let mv = s.shown().legal_moves()[0].clone();
    assert_eq!(
        s.play(&mv, MIN + 1.0),
        Err(format!("{}'s time ran out.", NAMES[first]))
    );
    assert_eq!(s.timed_out(), Some(first));
    assert!(s.record().moves.is_empty());
    // An illegal move is refused as such, and changes nothing.
    let mut s = two_people();
    s.sync_clock(0.0);
    let revision = s.revision();
    assert!(s.play("a1-a1", 1_000.0).is_err());
    assert_eq!(s.revision(), revision);
    assert!(s.record().times.is_empty());
}

#[test]
fn with_three_players_only_the_mover_runs_and_the_others_share_the_win() {
    let mut s = game("stack-control", &[None, None, None], rule(2, 0));
    assert_eq!(s.record().options, "colours=RBY");
    s.sync_clock(0.0);
    let mut now = 0.0;
    for _ in 0..3 {
        let mover = s.shown().to_move().unwrap();
        assert_eq!(running(&s, now + 500.0), vec![mover]);
        let before = left(&s, now);
        let after = left(&s, now + 5_000.0);
        for seat in 0..3 {
            let spent = before[seat].1 - after[seat].1;
            assert_eq!(spent, if seat == mover { 5_000.0 } else { 0.0 }, "{seat}");
        }
        now += 5_000.0;
        play_first(&mut s, now);
    }
    let loser = s.shown().to_move().unwrap();
    assert!(s.sync_clock(now + 2.0 * MIN));
    let outcome = s.live().outcome().unwrap();
    let others: Vec<Seat> = (0..3).filter(|&x| x != loser).collect();
    assert_eq!(outcome.winners, others);
    assert_eq!(outcome.scores, None);
    assert!(outcome.reason.starts_with("on time: "));
}

#[test]
fn no_clock_runs_on_the_computers_turn() {
    let mut s = game("stack-control", &[None, Some(Strength::Quick)], rule(1, 2));
    assert_eq!(s.clocks(0.0).len(), 1, "the computer has no clock");
    if s.shown().to_move() == Some(1) {
        s.sync_clock(0.0);
        assert!(running(&s, 0.0).is_empty());
        play_first(&mut s, 40_000.0);
        assert_eq!(s.move_time(0), Some(0), "the computer's move takes no time");
    } else {
        s.sync_clock(40_000.0);
    }
    let at = s.record().moves.len();
    assert_eq!(running(&s, 40_000.0), vec![0]);
    play_first(&mut s, 45_000.0);
    assert_eq!(s.move_time(at), Some(5_000));
    // The computer thinks: the person's clock stands still, for as long as it takes.
    assert!(s.computer_to_move().is_some());
    let waiting = left(&s, 45_000.0);
    assert_eq!(waiting, vec![(0, MIN - 5_000.0 + 2_000.0)]);
    assert!(!s.sync_clock(45_000.0));
    assert!(running(&s, 50.0 * MIN).is_empty());
    assert!(
        !s.sync_clock(50.0 * MIN),
        "the computer never runs out of time"
    );
    assert_eq!(left(&s, 50.0 * MIN), waiting);
    let ticket = s.ticket();
    let answer = s.shown().legal_moves()[0].clone();
    assert_eq!(s.play_answer(ticket, &answer, 50.0 * MIN), Ok(true));
    assert_eq!(s.move_time(at + 1), Some(0));
    assert_eq!(running(&s, 50.0 * MIN), vec![0]);
    // A clock's change is saved, but does not make a pending answer stale.
    let ticket = s.ticket();
    let revision = s.revision();
    s.pause(50.0 * MIN + 1_000.0);
    s.resume(50.0 * MIN + 2_000.0);
    assert!(s.revision() > revision && s.is_current(ticket));
    assert_eq!(s.timed_out(), None);
}

#[test]
fn no_clock_runs_behind_a_hand_off_screen() {
    let mut s = game("evade", &[None, None], rule(3, 0));
    assert_eq!(s.handoff(), Some(0));
    assert!(!s.sync_clock(0.0), "nothing runs behind the screen");
    assert!(running(&s, 0.0).is_empty());
    assert_eq!(left(&s, 100_000.0), vec![(0, 3.0 * MIN), (1, 3.0 * MIN)]);
    s.confirm_handoff();
    assert!(s.sync_clock(100_000.0));
    assert_eq!(running(&s, 100_000.0), vec![0]);
    play_first(&mut s, 110_000.0);
    assert_eq!(s.move_time(0), Some(10_000));
    assert_eq!(s.handoff(), Some(1));
    assert!(running(&s, 110_000.0).is_empty());
    assert!(!s.sync_clock(500_000.0));
    assert_eq!(left(&s, 500_000.0)[1].1, 3.0 * MIN);
    s.confirm_handoff();
    s.sync_clock(500_000.0);
    assert_eq!(running(&s, 500_000.0), vec![1]);
    // A reload puts the screen back: the clock stops, the time before it counted.
    let reopened = Session::open((s.saved().clone(), None)).unwrap();
    let mut reopened = reopened;
    assert_eq!(reopened.handoff(), Some(1));
    assert!(reopened.sync_clock(504_000.0));
    assert!(running(&reopened, 600_000.0).is_empty());
    assert_eq!(left(&reopened, 600_000.0)[1].1, 3.0 * MIN - 4_000.0);
}

#[test]
fn the_table_is_saved_with_the_game() {
    let mut s = two_people();
    assert_eq!(s.table(), TableSettings::default());
    let plain = s.saved().to_json();
    assert!(!plain.contains("\"table\"") && !plain.contains("\"clock\":{\"paused"));
    let revision = s.revision();
    let table = TableSettings {
        around: true,
        flipped: false,
    };
    s.set_table(table);
    assert!(s.revision() > revision);
    let revision = s.revision();
    s.set_table(table);
    assert_eq!(s.revision(), revision, "no change, nothing to save");
    let text = s.saved().to_json();
    assert!(text.contains("\"table\":{\"around\":true,\"flipped\":false}"));
    assert_eq!(SavedGame::parse(&text).unwrap().table, table);
    // Another tab's table and clock are taken as they are.
    let mut other = two_people();
    other.adopt((s.saved().clone(), None)).unwrap();
    assert_eq!(other.table(), table);
    s.sync_clock(0.0);
    other.adopt((s.saved().clone(), None)).unwrap();
    assert_eq!(other.saved().clock, s.saved().clock);
}

/// A record of Stack Control for two with a clock, a move's time and an end on time.
fn timed_out_record() -> GameRecord {
    let mut s = game("stack-control", &[None, None], rule(1, 0));
    s.sync_clock(0.0);
    play_first(&mut s, 1_234.0);
    play_first(&mut s, 2_000.0);
    assert!(s.sync_clock(2.0 * MIN));
    s.record().clone()
}

#[test]
fn a_timed_record_round_trips_in_files_and_links() {
    let record = timed_out_record();
    let json = record.to_json();
    assert!(
        json.ends_with(&format!(
            "],\"clock\":{{\"minutes\":1,\"increment\":0}},\"times\":[1234,766],\"timeout\":{}}}",
            record.timeout.unwrap()
        )),
        "{json}"
    );
    assert_eq!(GameRecord::from_json(&json), Ok(record.clone()));
    let link = record.to_link_payload();
    assert_eq!(GameRecord::from_link_payload(&link), Ok(record.clone()));
    // Validated, it ends on time.
    let end = record.validate().unwrap();
    assert!(end.outcome().unwrap().reason.contains("on time"));
    // Another clock is another start.
    let mut other = record.clone();
    other.clock = rule(2, 0);
    assert!(!record.same_start(&other));
    // What a hint is asked about: the position on the board, without what came after.
    let earlier = record.upto(1);
    assert_eq!((earlier.times.len(), earlier.timeout), (1, None));
    assert!(earlier.validate().is_ok());
    assert_eq!(record.upto(9), record);
}

#[test]
fn an_older_record_without_a_clock_reads_and_writes_as_before() {
    let old = r#"{"format":1,"game":"stack-control","options":"colours=RB","seed":3,"players":[{"name":"Ann","colour":"R"},{"name":"Bo","colour":"B","computer":"quick"}],"moves":[]}"#;
    let record = GameRecord::from_json(old).unwrap();
    assert_eq!(
        (record.clock, record.times.is_empty(), record.timeout),
        (None, true, None)
    );
    assert_eq!(record.to_json(), old);
    let line = record.timeline().unwrap();
    assert_eq!(line.flagged(), None);
    // A saved game without a table or clock state is written as before too.
    let saved = SavedGame::new("g".into(), record, 1.0);
    let text = saved.to_json();
    assert!(
        text.ends_with("\"created_ms\":1.0,\"updated_ms\":1.0}"),
        "{text}"
    );
    assert_eq!(SavedGame::parse(&text), Ok(saved));
}

/// The reason `json` is refused as a record.
fn refusal(json: &str) -> String {
    match GameRecord::from_json(json) {
        Err(ApiError::BadRecord(why)) => why,
        other => panic!("{other:?} for {json}"),
    }
}

#[test]
fn bad_clocks_times_and_ends_on_time_are_refused_in_words() {
    let record = timed_out_record();
    let loser = record.timeout.unwrap();
    let json = record.to_json();
    let clock = "\"clock\":{\"minutes\":1,\"increment\":0}";
    let times = "\"times\":[1234,766]";
    let timeout = format!("\"timeout\":{loser}");
    let cases: Vec<(String, &str)> = vec![
        (
            json.replace("\"minutes\":1", "\"minutes\":0"),
            "from 1 to 90",
        ),
        (
            json.replace("\"minutes\":1", "\"minutes\":91"),
            "from 1 to 90",
        ),
        (
            json.replace("\"increment\":0", "\"increment\":61"),
            "from 0 to 60",
        ),
        (
            json.replace(times, "\"times\":[1,2,3]"),
            "3 times for 2 moves",
        ),
        (
            json.replace(times, "\"times\":[1,10000000001]"),
            "move 2 is said to have taken longer",
        ),
        (
            json.replace(&format!(",{timeout}"), "")
                .replace(&format!(",{clock}"), ""),
            "times for its moves but no clock",
        ),
        (
            json.replace(&format!("{clock},{times},"), ""),
            "a clock ran out, but the game has no clock",
        ),
        (
            json.replace(&timeout, "\"timeout\":2"),
            "player 3's clock ran out, but there is no such player",
        ),
        (
            json.replace(&timeout, &format!("\"timeout\":{}", 1 - loser)),
            "was not to move",
        ),
        (
            json.replace(
                &format!(
                    "\"name\":\"{}\",\"colour\":\"{}\"",
                    NAMES[loser], record.players[loser].colour
                ),
                &format!(
                    "\"name\":\"{}\",\"colour\":\"{}\",\"computer\":\"quick\"",
                    NAMES[loser], record.players[loser].colour
                ),
            ),
            "the computer plays that seat",
        ),
    ];
    for (bad, why) in cases {
        assert_ne!(bad, json, "{why}: the case changes the record");
        let reason = refusal(&bad);
        assert!(reason.contains(why), "{reason:?} for {bad}");
    }
    // Parts of the wrong kind: not a record at all.
    for bad in [
        json.replace("\"minutes\":1", "\"minutes\":\"1\""),
        json.replace(times, "\"times\":[-1,2]"),
        json.replace(&timeout, "\"timeout\":-1"),
        json.replace("\"minutes\":1", "\"minutes\":99999999999999999999"),
    ] {
        assert!(refusal(&bad).contains("not a game record"), "{bad}");
    }
}

#[test]
fn a_game_over_by_the_rules_cannot_also_end_on_time() {
    let mut s = game("stack-control", &[None, None], rule(90, 0));
    s.sync_clock(0.0);
    for _ in 0..2000 {
        if s.live().outcome().is_some() {
            break;
        }
        play_first(&mut s, 1.0);
    }
    assert!(s.live().outcome().is_some());
    assert!(running(&s, 1e9).is_empty() && !s.sync_clock(1e9));
    let mut record = s.record().clone();
    record.timeout = Some(0);
    let reason = refusal(&record.to_json());
    assert!(reason.contains("already over"), "{reason}");
    // Nor does a timeline flag a finished game.
    let mut line = record.upto(usize::MAX).timeline().unwrap();
    assert_eq!(line.flagged(), None);
    line.flag(0, "Ann");
    assert_eq!(line.flagged(), None);
}

#[test]
fn a_saved_clock_state_that_is_not_usable_is_refused() {
    let mut s = two_people();
    s.sync_clock(1_000.0);
    let text = s.saved().to_json();
    assert!(SavedGame::parse(&text).is_ok());
    for bad in [
        text.replace("\"since\":1000.0", "\"since\":-5.0"),
        text.replace("\"since\":1000.0", "\"since\":1e16"),
        text.replace("\"used\":0.0", "\"used\":-1.0"),
    ] {
        assert_ne!(bad, text);
        let err = SavedGame::parse(&bad).unwrap_err();
        assert!(err.reason.contains("clock"), "{err:?}");
    }
    let bad = text.replace("\"paused\":false", "\"paused\":0");
    assert!(SavedGame::parse(&bad).is_err());
}

#[test]
fn a_link_or_backup_with_the_end_on_time_is_not_taken_as_the_same_game() {
    use crate::storage::meet::{link_meets, restore_as, LinkMeets, Restore};
    let over = timed_out_record();
    let going_on = GameRecord {
        timeout: None,
        ..over.clone()
    };
    assert_eq!(link_meets(&going_on, &over), LinkMeets::Extends);
    assert_eq!(link_meets(&over, &going_on), LinkMeets::Older);
    assert_eq!(link_meets(&over, &over), LinkMeets::Same);
    let here = SavedGame::new("g".into(), going_on, 1.0);
    let mut incoming = here.clone();
    incoming.record = over;
    assert_eq!(restore_as(Some(&here), &incoming), Restore::Copy);
    assert_eq!(restore_as(Some(&incoming), &here), Restore::Skip);
}
