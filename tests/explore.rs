//! Exploring a game that hides part of its position (Evade while it is played): the copy the
//! worker deals (`worker_protocol::guess`) replays to a game that goes on, shows its seat
//! exactly what the seat sees in the real game, and depends only on what that seat knows.
#![cfg(not(target_arch = "wasm32"))]

use stackplay::core::{Rng, Viewer};
use stackplay::record::{GameRecord, PlayerInfo};
use stackplay::worker_protocol::{answer, guess, guess_question, read_answer};

fn never() -> f64 {
    0.0
}

fn players() -> Vec<PlayerInfo> {
    ["S", "M"]
        .iter()
        .map(|c| PlayerInfo {
            name: format!("P{c}"),
            colour: (*c).into(),
            computer: None,
        })
        .collect()
}

fn evade_record(suns: &str, moons: &str, moves: &[&str]) -> GameRecord {
    let mut record = GameRecord::new("evade", "rules=written", 5, players());
    record.moves.push(format!("setup:{suns}"));
    record.moves.push(format!("setup:{moons}"));
    record.moves.extend(moves.iter().map(|m| m.to_string()));
    record
}

/// The copy for `seat`, asked as the page asks it.
fn copy_for(record: &GameRecord, seat: usize) -> GameRecord {
    let question = guess_question(7, seat, &record.to_json());
    let (id, json) = read_answer(&answer(&question, &never)).expect("an answer");
    assert_eq!(id, 7);
    GameRecord::from_json(&json.expect("a copy")).expect("the copy reads")
}

/// What `seat` sees and remembers after each move of `record`, and who is to move.
fn seen(record: &GameRecord, seat: usize) -> Vec<String> {
    (0..=record.moves.len())
        .map(|n| {
            let game = record.replay(n).expect("replays");
            let mine = game.view_as(Viewer::Seat(seat));
            let remembered = game.recall_as(seat);
            format!(
                "{} {} {:?}",
                mine.position(),
                remembered.position(),
                game.to_move()
            )
        })
        .collect()
}

/// Suns peeked at their e coin (an ace) and walked it to e5: however the values they have
/// not seen lie (their other coins, all of Moons'), Suns' copy is the same, and it shows Suns
/// every position as the real game does.
#[test]
fn the_copy_depends_only_on_what_its_seat_knows() {
    let moves = [
        "e1-e2", "f6-f5", "e2-e3", "f5-f4", "peek:e3", "e3-e4", "f4-f3", "e4-e5", "b6-b5",
    ];
    let suns = ["2345an", "n543a2", "5n32a4", "423na5"];
    let moons = ["na2345", "5432an", "a5n342", "34an25"];
    let first = copy_for(&evade_record(suns[0], moons[0], &moves), 0);
    for (s, m) in suns.iter().zip(moons.iter().cycle().skip(1)) {
        let record = evade_record(s, m, &moves);
        let copy = copy_for(&record, 0);
        assert_eq!(copy.to_json(), first.to_json(), "Suns {s}, Moons {m}");
        assert_eq!(seen(&copy, 0), seen(&record, 0), "Suns {s}, Moons {m}");
    }
    // The remembered ace stays an ace; the setups were drawn anew.
    assert!(first.moves[0].starts_with("setup:") && first.moves[0].chars().nth(10) == Some('a'));
    assert_eq!(&first.moves[2..], &moves.map(String::from)[..]);
    // A game hiding nothing, or one that is over, is its own copy.
    let over = {
        let mut r = evade_record("2345an", "na2345", &moves);
        r.moves.push("e5-f6".into());
        r
    };
    assert!(over.validate().unwrap().outcome().is_some());
    assert_eq!(guess(&over, 0).unwrap(), over.to_json());
}

/// Over seeded random games of both rule sets, at every tenth move: the copy for the seat
/// to move replays, goes on, and shows that seat every position as the real game does; the
/// other seat's secrets it holds are drawn, not the real ones (in most copies some differ).
#[test]
fn copies_of_random_games_replay_and_hide_nothing_they_should_not() {
    let mut differing = 0;
    let mut copies = 0;
    for seed in 0..30u64 {
        let options = if seed.is_multiple_of(2) {
            "rules=written"
        } else {
            "rules=own"
        };
        let mut record = GameRecord::new("evade", options, seed, players());
        let mut rng = Rng::new(seed + 100);
        let mut game = record.validate().unwrap();
        while game.to_move().is_some() && record.moves.len() < 120 {
            let moves = game.legal_moves();
            let mv = moves[rng.below(moves.len() as u64) as usize].clone();
            let played = game.play(&mv).unwrap();
            record.moves.push(played);
            if !record.moves.len().is_multiple_of(10) || game.to_move().is_none() {
                continue;
            }
            let seat = game.to_move().unwrap();
            let copy = copy_for(&record, seat);
            assert!(copy.validate().unwrap().outcome().is_none());
            assert_eq!(seen(&copy, seat), seen(&record, seat), "seed {seed}");
            copies += 1;
            if copy.moves != record.moves {
                differing += 1;
            }
        }
    }
    assert!(copies >= 60, "{copies} copies");
    assert!(
        differing * 2 > copies,
        "{differing} of {copies} copies drew other values"
    );
}
