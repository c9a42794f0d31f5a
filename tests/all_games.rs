//! The generic check every registered game must pass, and garbage input that must give
//! errors, never panics.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use stackplay::record::GameRecord;
use stackplay::registry;
use stackplay::storage::SavedGame;

/// The seed of the generic check.
const SEED: u64 = 20_261_123;

/// The generic check for one game: `games` seeded random games (the player counts in turn),
/// every step checked against the engine's own rules of conduct.
fn passes_random_games(entry: &registry::GameEntry) {
    let games = entry.check_games();
    let started = std::time::Instant::now();
    let report = entry
        .check_random_games(games, SEED)
        .unwrap_or_else(|e| panic!("{}: {e}", entry.info().name));
    println!(
        "{}: {report:?} in {:.1} s",
        entry.info().name,
        started.elapsed().as_secs_f64()
    );
    assert_eq!(report.games, games, "{}", entry.info().name);
    assert!(report.listed_tried > report.moves);
    assert!(report.unlisted_tried > 0, "no unlisted move was tried");
}

/// Every registered game, each on its own thread (side by side, as the harness would run one
/// test a game), as many games as the game's `CHECK_GAMES` says.
#[test]
fn every_game_passes_its_random_games() {
    std::thread::scope(|s| {
        for entry in registry::games() {
            s.spawn(move || passes_random_games(entry));
        }
    });
}

/// Evacuate is registered and its random games above play every table and option: the check
/// takes 2, 3 and 4 players in turn and draws each game's options from the form with
/// `Rng::new(seed ^ 0xA5A5_A5A5)` (the seats are fixed, so the match option is the first draw:
/// three values with two players, none with three, two with four).
#[test]
fn evacuate_is_checked_in_every_table_and_option() {
    let entry = registry::find("evacuate").unwrap();
    let values = |players| {
        entry
            .setup_form(players)
            .unwrap()
            .options
            .first()
            .map(|o| o.values())
    };
    assert_eq!(values(2).unwrap(), ["14", "1", "pugilists"]);
    assert_eq!(values(3), None);
    assert_eq!(values(4).unwrap(), ["12", "1"]);
    let mut drawn = [[0usize; 3]; 3];
    for g in 0..entry.check_games() as u64 {
        let table = (g % 3) as usize;
        let mut rng = stackplay::core::Rng::new(SEED.wrapping_add(g) ^ 0xA5A5_A5A5);
        let n = [3, 1, 2][table];
        drawn[table][rng.below(n) as usize] += 1;
    }
    let per_table = entry.check_games() / 3;
    assert!(drawn[0].iter().all(|&n| n > per_table / 6), "{drawn:?}");
    assert!(
        drawn[2][..2].iter().all(|&n| n > per_table / 4),
        "{drawn:?}"
    );
    for (option, seats) in [
        ("match=14", 2),
        ("match=1", 2),
        ("pugilists", 2),
        ("players=3", 3),
        ("players=4,match=12", 4),
        ("players=4,match=1", 4),
    ] {
        let game = registry::create("evacuate", option, 1).unwrap();
        assert_eq!(game.seats(), seats);
        assert!(!game.legal_moves().is_empty());
    }
}

/// An option that says what each of its values means (`OptionSpec::helps`) has one sentence
/// per value of its menu, each its own.
#[test]
fn per_value_help_has_one_sentence_per_choice() {
    for entry in registry::games() {
        let info = entry.info();
        for players in info.min_players..=info.max_players {
            for spec in entry.setup_form(players).unwrap().options {
                if spec.helps.is_empty() {
                    continue;
                }
                let values = spec.values();
                assert!(
                    matches!(spec.kind, stackplay::core::OptionKind::Choice { .. })
                        && spec.helps.len() == values.len(),
                    "{} ({players} players), {}: {} sentences for {} values",
                    info.slug,
                    spec.key,
                    spec.helps.len(),
                    values.len()
                );
                for (i, v) in values.iter().enumerate() {
                    assert_eq!(spec.help_for(v), spec.helps[i]);
                    assert!(!spec.helps[..i].contains(&spec.helps[i]), "{v}");
                }
            }
        }
    }
}

#[test]
fn registry_knows_slugs_and_refuses_others() {
    let entry = registry::find("stack-control").unwrap();
    assert_eq!(entry.info().name, "Stack Control");
    assert_eq!(entry.default_options(4).unwrap(), "colours=RBYG");
    assert!(registry::find("chess").is_err());
    assert!(registry::create("chess", "", 1).is_err());
    let mut g = registry::create("stack-control", "colours=RBY", 5).unwrap();
    assert_eq!(g.seats(), 3);
    let before = g.position();
    assert!(g.play("a1-a2").is_err());
    assert!(g.play("zz").is_err());
    assert_eq!(g.position(), before, "a refused move changed the game");
    let mv = g.legal_moves()[0].clone();
    g.play(&mv).unwrap();
    let copy = registry::load("stack-control", &g.position()).unwrap();
    assert_eq!(copy.position(), g.position());
    assert_eq!(copy.legal_moves(), g.legal_moves());
}

#[test]
fn records_replay_validate_and_travel_in_links() {
    let players = vec![
        stackplay::record::PlayerInfo {
            name: "Ann".into(),
            colour: "R".into(),
            computer: None,
        },
        stackplay::record::PlayerInfo {
            name: "Ben".into(),
            colour: "B".into(),
            computer: None,
        },
    ];
    let mut record = GameRecord::new("stack-control", "colours=RB", 99, players);
    let mut game = record.start().unwrap();
    for _ in 0..10 {
        let mv = game.legal_moves()[0].clone();
        game.play(&mv).unwrap();
        record.moves.push(mv);
    }
    assert_eq!(record.replay(10).unwrap().position(), game.position());
    let back = GameRecord::from_link_payload(&record.to_link_payload()).unwrap();
    assert_eq!(back, record);
    assert_eq!(GameRecord::from_json(&record.to_json()).unwrap(), record);

    let json = record.to_json();
    let cut = GameRecord::from_json(&json[..json.len() / 2]).unwrap_err();
    assert!(cut.to_string().contains("cut short"), "{cut}");
    let not = GameRecord::from_json("[]").unwrap_err();
    assert!(
        not.to_string().starts_with("it is not a game record"),
        "{not}"
    );
    let mut bad = record.clone();
    bad.format = 2;
    assert!(bad
        .validate()
        .unwrap_err()
        .to_string()
        .contains("format version 2"));
    let mut bad = record.clone();
    bad.moves[3] = "a1-a2".into();
    assert!(bad.validate().unwrap_err().to_string().contains("move 4"));
    let mut bad = record.clone();
    bad.players.pop();
    assert!(bad.validate().is_err());
    let mut bad = record;
    bad.game = "nope".into();
    assert!(bad.validate().is_err());
}

fn valid_position() -> String {
    registry::create("stack-control", "colours=RBYGK", 3)
        .unwrap()
        .position()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn garbage_strings_give_errors_not_panics(s in ".{0,300}") {
        let _ = registry::load("stack-control", &s);
        let _ = registry::create("stack-control", &s, 1);
        let _ = GameRecord::from_json(&s);
        let _ = GameRecord::from_link_payload(&s);
        let _ = SavedGame::parse(&s);
        let mut g = registry::create("stack-control", "", 1).unwrap();
        let before = g.position();
        if g.play(&s).is_err() {
            prop_assert_eq!(g.position(), before);
        }
    }

    #[test]
    fn damaged_positions_give_errors_not_panics(i in 0usize..400, c in proptest::char::any()) {
        let mut chars: Vec<char> = valid_position().chars().collect();
        let i = i % chars.len();
        chars[i] = c;
        let text: String = chars.into_iter().collect();
        if let Ok(g) = registry::load("stack-control", &text) {
            // Whatever parses must print back to something that parses to the same position.
            let again = registry::load("stack-control", &g.position()).unwrap();
            prop_assert_eq!(again.position(), g.position());
        }
    }

    #[test]
    fn damaged_records_give_errors_not_panics(i in 0usize..400, c in proptest::char::any()) {
        let record = GameRecord::new("stack-control", "colours=RB", 4, vec![
            stackplay::record::PlayerInfo { name: "A".into(), colour: "R".into(), computer: None },
            stackplay::record::PlayerInfo { name: "B".into(), colour: "B".into(), computer: None },
        ]);
        let mut chars: Vec<char> = record.to_json().chars().collect();
        let i = i % chars.len();
        chars[i] = c;
        let text: String = chars.into_iter().collect();
        let _ = GameRecord::from_json(&text);
        let _ = SavedGame::parse(&text);
    }
}

/// Every registered game's picking model, along seeded random games: every legal move made
/// by taps, every move a tap plays legal, every tap answered (`PICK_GAMES` games a game,
/// 12 by default).
#[test]
fn every_game_is_played_by_taps() {
    let games = std::env::var("PICK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(12);
    std::thread::scope(|s| {
        for entry in registry::games() {
            s.spawn(move || {
                let started = std::time::Instant::now();
                let report = entry
                    .check_picking(games, SEED)
                    .unwrap_or_else(|e| panic!("{e}"));
                println!(
                    "{}: {report:?} in {:.1} s",
                    entry.info().name,
                    started.elapsed().as_secs_f64()
                );
                assert!(report.moves_reached > 0 && report.walks_played > 0);
                assert!(report.refusals > 0, "no tap was refused");
            });
        }
    });
}
