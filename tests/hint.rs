//! The hint (`stackplay::ai::hint`): never a move that loses at once while another does not
//! (a whole turn of several steps considered, Stacks and Evacuate), saying so when every
//! move loses; the danger the seat is in (STAX's king attacked, a Stack Control capture
//! threatened); and in Evade, fair: it depends only on what its seat may know, and says when
//! it guesses.
#![cfg(not(target_arch = "wasm32"))]

use stackplay::ai::safety::{check_move, Limit, Verdict};
use stackplay::ai::{self, Budget};
use stackplay::core::{Game, Rng};
use stackplay::games::evacuate::Evacuate;
use stackplay::games::evade::Evade;
use stackplay::games::stack_control::StackControl;
use stackplay::games::stacks::Stacks;
use stackplay::games::stax::Stax;
use stackplay::record::{GameRecord, PlayerInfo};
use stackplay::worker_protocol::{answer, hint_question, read_answer, read_hint};

fn never() -> f64 {
    0.0
}

/// The check of `mv` in `game` with room enough to finish.
fn verdict<G: Game>(game: &G, mv: &G::Move) -> Verdict<G::Move> {
    let mut limit = Limit {
        plays: u64::MAX,
        deadline_ms: f64::INFINITY,
        clock: &never,
    };
    check_move(game, mv, &mut limit)
}

fn loses<G: Game>(game: &G, mv: &G::Move) -> bool {
    matches!(verdict(game, mv), Verdict::Loses { .. })
}

/// Positions from seeded random games, among the last `near_end` positions before each
/// game's end, where some move of the seat to move loses at once and some move does not.
fn traps<G: Game>(options: &G::Options, want: usize, near_end: usize, seeds: u64) -> Vec<G> {
    let mut found = Vec::new();
    for seed in 0..seeds {
        let mut game = G::new(options, seed).unwrap();
        let mut rng = Rng::new(seed ^ 77);
        let mut line = vec![game.clone()];
        while let Some(mv) = game.random_move(&mut rng) {
            game.play(&mv).unwrap();
            line.push(game.clone());
        }
        for position in line.iter().rev().skip(1).take(near_end) {
            let moves = position.legal_moves();
            let losing = moves.iter().filter(|m| loses(position, m)).count();
            if losing > 0 && losing < moves.len() {
                found.push(position.clone());
            }
        }
        if found.len() >= want {
            break;
        }
    }
    found
}

/// Over 200 traps of a game (`label`, with `options`), the hint (a small search: the check
/// does not depend on its strength) is a move that does not lose at once, and says so.
fn never_walks_into_a_loss<G: Game>(label: &str, options: &G::Options) {
    let positions = traps::<G>(options, 200, 6, 2000);
    assert!(positions.len() >= 200, "{label}: {}", positions.len());
    // How often the search's own choice lost (the check changed the hint).
    let mut changed = 0;
    for (i, p) in positions.iter().enumerate() {
        let hint = ai::hint(p, &Budget::iterations(40), i as u64, &never).unwrap();
        assert!(
            matches!(verdict(p, &hint.mv), Verdict::Safe(_)),
            "{label}: {} loses at once in {p}",
            hint.mv
        );
        assert_eq!(hint.losing, 0);
        assert!(
            hint.words
                .contains("no reply (the next player's whole turn) wins at once"),
            "{}",
            hint.words
        );
        if hint.first_choice != hint.mv {
            assert!(loses(p, &hint.first_choice));
            assert!(hint.words.contains("first choice"), "{}", hint.words);
            changed += 1;
        }
    }
    println!(
        "{label}: {} traps, the search's choice lost in {changed}",
        positions.len()
    );
}

#[test]
fn stack_control_hint_never_walks_into_a_loss() {
    for players in [2, 3] {
        let options = StackControl::default_options(players).unwrap();
        never_walks_into_a_loss::<StackControl>(
            &format!("stack control, {players} players"),
            &options,
        );
    }
}

#[test]
fn stacks_hint_never_walks_into_a_loss() {
    // Turns of one or two steps: the hint for a first step leaves a safe second one.
    for options in ["side=3", "side=3 diabolical"] {
        never_walks_into_a_loss::<Stacks>(options, &options.parse().unwrap());
    }
}

#[test]
fn stax_hint_never_walks_into_a_loss() {
    never_walks_into_a_loss::<Stax>("stax", &Stax::default_options(2).unwrap());
}

#[test]
fn evacuate_hint_never_walks_into_a_loss() {
    // One round: the round's end is the game's, so a reply can end it.
    never_walks_into_a_loss::<Evacuate>("evacuate", &"match=1".parse().unwrap());
}

/// STAX positions from random play where the seat to move has its king attacked and some
/// moves save it: the hint says so and saves it.
#[test]
fn stax_hint_says_the_king_is_attacked_and_saves_it() {
    let options = Stax::default_options(2).unwrap();
    let mut found = 0;
    let mut quick_lost = 0;
    for seed in 0..400 {
        let mut game = Stax::new(&options, seed).unwrap();
        let mut rng = Rng::new(seed);
        while let Some(mv) = game.random_move(&mut rng) {
            game.play(&mv).unwrap();
            let Some(me) = game.to_move() else { break };
            if game.en_prise(me).is_none() || game.winning_move().is_some() {
                continue;
            }
            let moves = game.legal_moves();
            if moves.iter().all(|m| loses(&game, m)) {
                continue;
            }
            // A draw offer is no escape: after it is declined the turn goes on, and the
            // offer is safe exactly when some other move is.
            if let Some(offer) = moves.iter().find(|m| game.asks_an_answer(m)) {
                let escape = moves
                    .iter()
                    .any(|m| !game.asks_an_answer(m) && !loses(&game, m));
                assert_eq!(!loses(&game, offer), escape, "{game}");
            }
            let hint = ai::hint(&game, &Budget::iterations(200), seed, &never).unwrap();
            assert!(
                hint.words.starts_with("Your king is attacked: "),
                "{}",
                hint.words
            );
            assert!(!loses(&game, &hint.mv), "{} in {game}", hint.mv);
            let quick = ai::best_move(&game, &Budget::quick(Stax::info()), seed, &never).unwrap();
            quick_lost += usize::from(loses(&game, &quick));
            found += 1;
            break;
        }
        if found == 12 {
            break;
        }
    }
    assert!(found >= 10, "only {found} positions with the king attacked");
    assert!(
        quick_lost > 0,
        "the quick computer saw every threat: no proof the check matters"
    );
    println!(
        "stax: king attacked in {found} positions; the quick computer's move lost in {quick_lost}"
    );
}

#[test]
fn stack_control_hint_says_a_capture_is_threatened() {
    let options = StackControl::default_options(2).unwrap();
    let mut game = StackControl::new(&options, 3).unwrap();
    let mut rng = Rng::new(3);
    for _ in 0..8 {
        let mv = game.random_move(&mut rng).unwrap();
        game.play(&mv).unwrap();
    }
    let me = game.to_move().unwrap();
    let threat = game.en_prise(me).expect("some capture is possible by now");
    assert!(
        threat.starts_with("a capture is threatened: the next player's "),
        "{threat}"
    );
    let hint = ai::hint(&game, &Budget::iterations(200), 1, &never).unwrap();
    assert!(
        hint.words.starts_with("A capture is threatened"),
        "{}",
        hint.words
    );
}

/// Every move loses: the hint says so, naming the reply.
#[test]
fn when_every_move_loses_the_hint_says_so() {
    let options = Stax::default_options(2).unwrap();
    for seed in 0..400 {
        let mut game = Stax::new(&options, seed).unwrap();
        let mut rng = Rng::new(seed);
        while let Some(mv) = game.random_move(&mut rng) {
            game.play(&mv).unwrap();
            if game.outcome().is_some() || game.winning_move().is_some() {
                continue;
            }
            let moves = game.legal_moves();
            if moves.len() > 60 || !moves.iter().all(|m| loses(&game, m)) {
                continue;
            }
            let hint = ai::hint(&game, &Budget::iterations(100), seed, &never).unwrap();
            assert_eq!(hint.mv, hint.first_choice);
            assert!(
                hint.words
                    .contains("Every move loses at once: this one to "),
                "{}",
                hint.words
            );
            assert!(!hint.beaten_by.is_empty());
            return;
        }
    }
    panic!("no STAX position where every move loses");
}

fn evade_record(suns: &str, moons: &str, moves: &[&str]) -> GameRecord {
    let players = ["S", "M"]
        .iter()
        .map(|c| PlayerInfo {
            name: format!("P{c}"),
            colour: (*c).into(),
            computer: None,
        })
        .collect();
    let mut record = GameRecord::new("evade", "rules=written", 5, players);
    record.moves.push(format!("setup:{suns}"));
    record.moves.push(format!("setup:{moons}"));
    record.moves.extend(moves.iter().map(|m| m.to_string()));
    record
}

/// The whole position after every move of `record` (an Evade game).
fn evade_after(record: &GameRecord) -> Evade {
    record
        .replay(record.moves.len())
        .unwrap()
        .position()
        .parse()
        .unwrap()
}

fn hint_for(record: &GameRecord) -> String {
    let (_, hint) = read_answer(&answer(&hint_question(1, &record.to_json()), &never)).unwrap();
    hint.unwrap()
}

/// Evade, the rules as written: Suns peeked at their e coin (an ace) and walked it to e5.
/// Whatever the values of Suns' other coins (unpeeked: unknown to them) and of all Moons'
/// coins, the hint (the same seed) is the same, move and words.
#[test]
fn evade_hint_sees_only_what_its_seat_may_know() {
    let moves = [
        "e1-e2", "f6-f5", "e2-e3", "f5-f4", "peek:e3", "e3-e4", "f4-f3", "e4-e5", "b6-b5",
    ];
    // Suns' e coin stays the ace (peeked); the rest of both sides are shuffled.
    let suns = ["2345an", "n543a2", "5n32a4", "423na5"];
    let moons = ["na2345", "5432an", "a5n342", "34an25"];
    let first = hint_for(&evade_record(suns[0], moons[0], &moves));
    for (s, m) in suns.iter().zip(moons.iter().cycle().skip(1)) {
        let record = evade_record(s, m, &moves);
        assert_eq!(hint_for(&record), first, "Suns {s}, Moons {m}");
    }
    // Remembering its ace, it walks it home: no guess.
    let (mv, words) = read_hint(&first);
    assert_eq!(mv, "e5-f6", "{words}");
    assert!(!words.contains("guess"), "{words}");
}

/// Without the peek the same walk is a guess, and the hint says so when it makes it.
#[test]
fn evade_hint_says_when_it_guesses() {
    let moves = [
        "e1-e2", "f6-f5", "e2-e3", "f5-f4", "e3-e4", "f4-f3", "e4-e5", "b6-b5",
    ];
    let record = evade_record("2345an", "na2345", &moves);
    let game = evade_after(&record);
    let known = game.recall(0);
    let guess = known.guess_words(&"e5-f6".parse().unwrap()).unwrap();
    assert_eq!(
        guess,
        "it guesses: if the coin on e5 is your blank or ace, it wins at once"
    );
    assert_eq!(known.guess_words(&"e5-d5".parse().unwrap()), None);
    let hint = hint_for(&record);
    let (mv, words) = read_hint(&hint);
    if mv == "e5-f6" {
        assert!(
            words.contains("It guesses: if the coin on e5 is your blank or ace, it wins at once."),
            "{words}"
        );
    }
    // The fair-hint check above, without the peek too.
    let other = evade_record("n543a2", "5432an", &moves);
    let swapped = evade_record("a543n2", "5432an", &moves);
    assert_eq!(hint_for(&other), hint);
    assert_eq!(hint_for(&swapped), hint);
}

/// Evade, the rules as written: Moons' f coin stands on f2 beside Suns' empty e1, so if it
/// is their blank or ace, f2-e1 wins. Suns cannot see it: the hint plays a move that loses in
/// none of its samples (it blocks e1, or takes the coin's chance away), and fresh samples of
/// what Suns cannot see agree.
#[test]
fn evade_hint_blocks_a_threat_it_cannot_see() {
    let moves = [
        "e1-e2", "f6-f5", "e2-e3", "f5-f4", "e3-e4", "f4-f3", "e4-e5", "f3-f2",
    ];
    let record = evade_record("2345an", "na2345", &moves);
    let game = evade_after(&record);
    let hint = ai::hint(&game, &Budget::iterations(300), 3, &never).unwrap();
    assert_eq!(hint.losing, 0, "{}", hint.words);
    assert!(
        hint.words.contains("no reply (the next player's whole turn) wins at once in any of 16 ways what you cannot see could be"),
        "{}",
        hint.words
    );
    let known = game.recall(0);
    let mut rng = Rng::new(99);
    let mut risky = 0;
    for _ in 0..64 {
        let sample = known.determinize(0, &mut rng);
        assert!(!loses(&sample, &hint.mv), "{} loses in {sample}", hint.mv);
        risky += usize::from(loses(&sample, &"a1-a2".parse().unwrap()));
    }
    assert!(risky > 0, "leaving e1 open loses in some samples");
}

/// A check that runs out of plays proves nothing either way.
#[test]
fn a_check_that_runs_out_tells_nothing() {
    let options = Stax::default_options(2).unwrap();
    let game = traps::<Stax>(&options, 1, 6, 200).remove(0);
    let safe = game
        .legal_moves()
        .into_iter()
        .find(|m| matches!(verdict(&game, m), Verdict::Safe(_)))
        .unwrap();
    let mut limit = Limit {
        plays: 3,
        deadline_ms: f64::INFINITY,
        clock: &never,
    };
    assert_eq!(check_move(&game, &safe, &mut limit), Verdict::Unknown);
    // And a clock past its deadline stops it within 256 plays.
    let late = || 1.0;
    let mut limit = Limit {
        plays: 10_000,
        deadline_ms: 0.0,
        clock: &late,
    };
    check_move(&game, &safe, &mut limit);
    assert!(
        limit.plays == 0 || limit.plays > 10_000 - 256,
        "{}",
        limit.plays
    );
}

/// Prints the words of a few hints, to read them: `cargo test --no-default-features --test
/// hint print_examples -- --ignored --nocapture`.
#[test]
#[ignore = "prints hints' words for a person to read; it checks nothing"]
fn print_examples() {
    let moves = [
        "e1-e2", "f6-f5", "e2-e3", "f5-f4", "e3-e4", "f4-f3", "e4-e5", "f3-f2",
    ];
    println!("{}", hint_for(&evade_record("2345an", "na2345", &moves)));
    let moves = [
        "e1-e2", "f6-f5", "e2-e3", "f5-f4", "e3-e4", "f4-f3", "e4-e5", "b6-b5",
    ];
    println!("{}", hint_for(&evade_record("2345an", "na2345", &moves)));
    fn show<G: Game>(options: &G::Options) {
        for p in traps::<G>(options, 3, 6, 100) {
            println!(
                "{}",
                ai::hint(&p, &Budget::iterations(40), 1, &never)
                    .unwrap()
                    .words
            );
        }
    }
    show::<Stacks>(&"side=3".parse().unwrap());
    show::<Stax>(&Stax::default_options(2).unwrap());
    show::<StackControl>(&StackControl::default_options(2).unwrap());
}

/// A hint whose own check ran out of time says so rather than calling the move safe.
#[test]
fn a_hint_checked_out_of_time_says_so() {
    let options = Stax::default_options(2).unwrap();
    // A clock a second later at every reading: the check's time is up at its first look.
    let now = std::cell::Cell::new(0.0);
    let late = || {
        now.set(now.get() + 1000.0);
        now.get()
    };
    let unchecked = traps::<Stax>(&options, 5, 6, 200)
        .iter()
        .map(|p| ai::hint(p, &Budget::iterations(40), 1, &late).unwrap())
        .filter(|h| h.unchecked)
        .inspect(|h| {
            assert!(
                h.words
                    .contains("It could not be checked against an immediate loss in time.")
                    && !h.words.contains("no reply"),
                "{}",
                h.words
            )
        })
        .count();
    assert!(unchecked > 0);
}
