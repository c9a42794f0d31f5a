//! The generic check every registered game must pass, and garbage input that must give
//! errors, never panics.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use stackplay::record::GameRecord;
use stackplay::registry;
use stackplay::storage::SavedGame;

/// Random games of STAX in the generic check (two and three players in turn).
const STAX_GAMES: usize = 240;

/// Random games of Evacuate in the generic check (both match options; a "first to 14" game
/// is several rounds long): about 20 s of a debug run on the 2-core build machine.
const EVACUATE_GAMES: usize = 500;

/// The seed of the generic check.
const SEED: u64 = 20_261_123;

#[test]
fn every_game_passes_1000_random_games() {
    assert!(!registry::games().is_empty());
    for entry in registry::games() {
        // STAX lists its moves about a hundred times slower than the others (a search over an
        // unbounded table for every placement and landing): fewer games keep its share of a
        // debug run near half a minute (about 30 s on the 2-core build machine), two and three
        // players in turn.
        let games = match entry.info().slug {
            "stax" => STAX_GAMES,
            "evacuate" => EVACUATE_GAMES,
            _ => 1000,
        };
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
}

/// Evacuate is registered and its random games above play both match options: the check
/// draws each game's options from the form with `Rng::new(seed ^ 0xA5A5_A5A5)` (the match is
/// the form's only option and its sides are fixed, so it is the first draw).
#[test]
fn evacuate_is_checked_in_both_match_options() {
    let entry = registry::find("evacuate").unwrap();
    let form = entry.setup_form(2).unwrap();
    assert_eq!(form.options.len(), 1);
    let values = form.options[0].values();
    assert_eq!(values, ["14", "1"]);
    let mut drawn = [0usize; 2];
    for g in 0..EVACUATE_GAMES as u64 {
        let mut rng = stackplay::core::Rng::new(SEED.wrapping_add(g) ^ 0xA5A5_A5A5);
        drawn[rng.below(2) as usize] += 1;
    }
    assert!(drawn.iter().all(|&n| n > EVACUATE_GAMES / 4), "{drawn:?}");
    for option in ["match=14", "match=1"] {
        let game = registry::create("evacuate", option, 1).unwrap();
        assert_eq!(game.seats(), 2);
        assert!(!game.legal_moves().is_empty());
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
