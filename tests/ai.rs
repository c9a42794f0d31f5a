//! The computer opponent (`stackplay::ai`), for every game: it takes a win in one, never
//! returns an illegal move, gives the same move for the same inputs, and in Evade sees only
//! what its seat may see.
#![cfg(not(target_arch = "wasm32"))]

use stackplay::ai::{self, Budget, Settings};
use stackplay::core::{Game, Rng, Seat, SetupChoices, SideRule, Strength, Viewer};
use stackplay::games::evacuate::Evacuate;
use stackplay::games::evade::Evade;
use stackplay::games::stack_control::StackControl;
use stackplay::games::stacks::Stacks;
use stackplay::games::stax::Stax;
use stackplay::registry;

/// Every registered game's slug (the generic tests below drive each one through the
/// string API, so a game added to the registry is covered without touching this file).
fn slugs() -> impl Iterator<Item = &'static str> {
    registry::games().iter().map(|e| e.info().slug)
}

fn never() -> f64 {
    0.0
}

/// Options drawn at random from the game's form for `players` seats.
fn random_options<G: Game>(players: usize, rng: &mut Rng) -> G::Options {
    let form = G::setup_form(players).expect("a player count the game allows");
    let mut choices: SetupChoices = form.defaults(players);
    if let SideRule::Choose(sides) = &form.sides {
        let mut pool: Vec<&str> = sides.iter().map(|s| s.letter).collect();
        for side in &mut choices.sides {
            *side = pool
                .remove(rng.below(pool.len() as u64) as usize)
                .to_string();
        }
    }
    for (spec, (_, value)) in form.options.iter().zip(&mut choices.values) {
        let values = spec.values();
        *value = values[rng.below(values.len() as u64) as usize].clone();
    }
    G::options_from(&choices).expect("options from the form")
}

/// Whether `mv` ends `game` at once with `seat` its only winner.
fn wins<G: Game>(game: &G, mv: &G::Move, seat: Seat) -> bool {
    let mut next = game.clone();
    next.play(mv).is_ok() && next.outcome().is_some_and(|o| o.winners == [seat])
}

/// A position, reached by random play from seeded starts, where the seat to move has a move
/// that wins at once and some move that does not: the position before the last move of a
/// random game whose last move won it.
fn win_in_one<G: Game>(options: &G::Options, seeds: std::ops::Range<u64>) -> G {
    for seed in seeds {
        let mut game = G::new(options, seed).expect("a game");
        let mut rng = Rng::new(seed);
        let mut before = game.clone();
        while let Some(mover) = game.to_move() {
            let moves = game.legal_moves();
            let mv = moves[rng.below(moves.len() as u64) as usize].clone();
            before.clone_from(&game);
            game.play(&mv).expect("a listed move plays");
            if game.outcome().is_some_and(|o| o.winners == [mover]) {
                let all = before.legal_moves();
                if all.iter().any(|m| !wins(&before, m, mover)) {
                    return before;
                }
            }
        }
    }
    panic!("no win in one found for {}", G::info().name);
}

/// The search takes the win, both with its check for wins at once and by searching alone.
fn takes_the_win<G: Game>(game: &G, iterations: u32) {
    let me = game.to_move().expect("someone to move");
    let name = G::info().name;
    let view = game.view(Viewer::Seat(me));
    let quick = ai::best_move(&view, &Budget::iterations(iterations), 3, &never).unwrap();
    assert!(
        wins(game, &quick, me),
        "{name}: {quick} does not win in {game}"
    );
    let searching = Settings {
        wins_first: false,
        ..Settings::default()
    };
    let choice = ai::search(
        &view,
        &Budget::iterations(iterations),
        &searching,
        5,
        &never,
    )
    .unwrap();
    assert!(
        wins(game, &choice.mv, me),
        "{name}: the search alone chose {} in {game} (value {:.2})",
        choice.mv,
        choice.value
    );
}

#[test]
fn stack_control_takes_a_win_in_one() {
    for players in 2..=5 {
        let options = StackControl::default_options(players).unwrap();
        let game: StackControl = win_in_one(&options, 1..200);
        takes_the_win(&game, 1_500);
    }
}

#[test]
fn stacks_takes_a_win_in_one() {
    let mut rng = Rng::new(11);
    for _ in 0..3 {
        let options = random_options::<Stacks>(2, &mut rng);
        let game: Stacks = win_in_one(&options, 1..200);
        takes_the_win(&game, 1_500);
    }
}

#[test]
fn stax_takes_a_win_in_one() {
    for players in 2..=3 {
        let options = Stax::default_options(players).unwrap();
        let game: Stax = win_in_one(&options, 1..50);
        takes_the_win(&game, 300);
    }
}

#[test]
fn evacuate_takes_a_win_in_one() {
    let mut rng = Rng::new(12);
    for _ in 0..2 {
        let options = random_options::<Evacuate>(2, &mut rng);
        let game: Evacuate = win_in_one(&options, 1..200);
        takes_the_win(&game, 1_500);
    }
}

/// Evade with Suns' ace on e5 next to the empty f6 (Moons' f coin walked away), Suns to move;
/// `peek` adds Suns' peek at e5 (the rules as written: Suns' own coins are face down to them).
fn evade_ace_on_e5(rules: &str, moons_setup: &str, peek: bool) -> Evade {
    let mut game = registry::create("evade", rules, 1).unwrap();
    let moves = [
        "setup:2345an",
        moons_setup,
        "e1-e2",
        "f6-f5",
        "e2-e3",
        "f5-f4",
        "e3-e4",
        "f4-f3",
        "e4-e5",
        "b6-b5",
    ];
    for mv in moves {
        game.play(mv).unwrap();
    }
    if peek {
        game.play("peek:e5").unwrap();
    }
    game.position().parse().unwrap()
}

#[test]
fn evade_takes_a_win_in_one() {
    for (rules, peek) in [("rules=own", false), ("rules=written", true)] {
        let game = evade_ace_on_e5(rules, "setup:na2345", peek);
        let win = "e5-f6".parse().unwrap();
        assert!(wins(&game, &win, 0));
        takes_the_win(&game, 1_500);
        // Through the string API, from the position as Suns see it.
        let masked = game.view(Viewer::Seat(0)).to_string();
        assert!(masked.contains('?'), "{masked}");
        let mv = registry::best_move("evade", &masked, &Budget::iterations(800), 9, &never);
        assert_eq!(mv.unwrap(), "e5-f6", "{rules}");
    }
}

#[test]
fn evade_move_ignores_the_opponents_secrets() {
    let budget = Budget::iterations(600);
    for rules in ["rules=written", "rules=own"] {
        let a = evade_ace_on_e5(rules, "setup:na2345", false);
        let b = evade_ace_on_e5(rules, "setup:5432an", false);
        assert_ne!(a.to_string(), b.to_string(), "the secrets differ");
        assert_eq!(a.view(Viewer::Seat(0)), b.view(Viewer::Seat(0)));
        for seed in 0..3 {
            let (ma, mb) = (
                ai::search(&a, &budget, &Settings::default(), seed, &never).unwrap(),
                ai::search(&b, &budget, &Settings::default(), seed, &never).unwrap(),
            );
            assert!(ma.iterations > 1, "the search ran");
            assert_eq!(ma, mb, "{rules}, seed {seed}");
            let (sa, sb) = (
                registry::best_move("evade", &a.to_string(), &budget, seed, &never).unwrap(),
                registry::best_move("evade", &b.to_string(), &budget, seed, &never).unwrap(),
            );
            assert_eq!(sa, sb);
            assert_eq!(sa, ma.mv.to_string());
        }
    }
}

#[test]
fn evade_samples_are_consistent_with_what_the_seat_saw() {
    let mut rng = Rng::new(4);
    for seed in 0..40u64 {
        let options = random_options::<Evade>(2, &mut rng);
        let mut game = Evade::new(&options, seed).unwrap();
        let steps = rng.below(60);
        for _ in 0..steps {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            game.play(&mv).unwrap();
        }
        for seat in 0..2 {
            let seen = game.recall(seat);
            let mut r1 = Rng::new(seed);
            let mut r2 = Rng::new(seed);
            let mut r3 = Rng::new(seed);
            let sample = game.determinize(seat, &mut r1);
            assert_eq!(
                sample,
                seen.determinize(seat, &mut r2),
                "same sample from what the seat knows"
            );
            // What the seat knows survives the string API, its memory with it.
            let written: Evade = seen.to_string().parse().unwrap();
            assert_eq!(written.recall(seat), seen, "{seen}");
            assert_eq!(sample, written.determinize(seat, &mut r3), "{seen}");
            assert_eq!(
                sample.view(Viewer::Seat(seat)),
                game.view(Viewer::Seat(seat)),
                "keeps what the seat sees"
            );
            assert_eq!(sample.recall(seat), seen, "and what it remembers");
            sample.check_invariants().unwrap();
            assert!(sample.coins().all(|c| c.value.is_some()), "{sample}");
            assert_eq!(sample.legal_moves(), game.legal_moves());
        }
    }
}

/// Random positions of every player count and random options; the search (tiny budget)
/// must always return a listed move, through the string API from the mover's view, for every
/// registered game.
#[test]
fn never_returns_an_illegal_move() {
    let budget = Budget::iterations(12);
    let mut rng = Rng::new(2026);
    for slug in slugs() {
        let entry = registry::find(slug).unwrap();
        let info = entry.info();
        let positions = if slug == "stax" { 8 } else { 30 };
        for players in info.min_players..=info.max_players {
            for p in 0..positions {
                let seed = rng.next_u64();
                let game = random_position(slug, players, seed, &mut rng);
                let Some(me) = game.to_move() else { continue };
                let seen = game.position_for(Viewer::Seat(me));
                let mv = registry::best_move(slug, &seen, &budget, seed, &never)
                    .unwrap_or_else(|e| panic!("{slug} {players}p #{p}: {e} in {seen}"));
                assert!(
                    game.legal_moves().contains(&mv),
                    "{slug}: {mv} is not legal in {}",
                    game.position()
                );
            }
        }
    }
}

/// A position of `slug` after a random number of random moves from random options.
fn random_position(
    slug: &str,
    players: usize,
    seed: u64,
    rng: &mut Rng,
) -> Box<dyn registry::AnyGame> {
    let entry = registry::find(slug).unwrap();
    let form = entry.setup_form(players).unwrap();
    let mut choices = form.defaults(players);
    for (spec, (_, value)) in form.options.iter().zip(&mut choices.values) {
        let values = spec.values();
        *value = values[rng.below(values.len() as u64) as usize].clone();
    }
    let options = entry.options_from(&choices).unwrap();
    let mut game = entry.create(&options, seed).unwrap();
    let steps = rng.below(if slug == "stax" { 40 } else { 120 });
    for _ in 0..steps {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(&moves[rng.below(moves.len() as u64) as usize])
            .unwrap();
    }
    game
}

#[test]
fn same_inputs_same_move() {
    let budget = Budget::iterations(150);
    let mut rng = Rng::new(99);
    for slug in slugs() {
        let info = registry::find(slug).unwrap().info();
        let game = random_position(slug, info.max_players, 5, &mut rng);
        let Some(me) = game.to_move() else { continue };
        let seen = game.position_for(Viewer::Seat(me));
        let first = registry::best_move(slug, &seen, &budget, 17, &never).unwrap();
        for _ in 0..2 {
            assert_eq!(
                registry::best_move(slug, &seen, &budget, 17, &never).unwrap(),
                first,
                "{slug}"
            );
        }
    }
}

#[test]
fn the_time_cap_stops_the_search() {
    // A clock that jumps 10 ms a reading: a 50 ms cap stops a long search within a few
    // iterations, and it still returns a legal move.
    let ticks = std::cell::Cell::new(0.0);
    let clock = || {
        ticks.set(ticks.get() + 10.0);
        ticks.get()
    };
    let game = StackControl::new(&StackControl::default_options(3).unwrap(), 1).unwrap();
    let budget = Budget {
        iterations: 1_000_000,
        time_cap_ms: Some(50.0),
    };
    let choice = ai::search(&game, &budget, &Settings::default(), 1, &clock).unwrap();
    assert!(choice.iterations < 10, "{}", choice.iterations);
    assert!(game.legal_moves().contains(&choice.mv));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let budget = Budget::iterations(10);
    let call = |slug: &str, position: &str| registry::best_move(slug, position, &budget, 1, &never);
    assert!(call("chess", "").is_err());
    for slug in slugs() {
        for position in [
            "",
            "garbage",
            "1 2 3 4 5 6",
            "\u{0}\u{ffff}",
            &"x".repeat(10_000),
        ] {
            assert!(call(slug, position).is_err(), "{slug}: {position:?}");
        }
    }
    // A finished game has no move to choose.
    let mut game = registry::create("evade", "rules=own", 1).unwrap();
    game.play("setup:na2345").unwrap();
    game.play("setup:na2345").unwrap();
    game.play("offer").unwrap();
    game.play("accept").unwrap();
    assert!(call("evade", &game.position()).is_err());
    // Presets by name, for a worker's messages.
    let sc = registry::find("stack-control").unwrap().info();
    assert_eq!(Budget::preset("normal", sc), Some(Budget::normal(sc)));
    assert_eq!(Budget::preset("best", sc), None);
    assert_eq!(Budget::of(Strength::Strong, sc), Budget::strong(sc));
    assert_eq!(Budget::preset("quick", sc), Some(Budget::quick(sc)));
    // A strength is each game's count, capped at the strength's thinking time.
    let evade = registry::find("evade").unwrap().info();
    assert_eq!(Budget::normal(evade).iterations, evade.strengths[1]);
    assert_eq!(Budget::quick(evade).time_cap_ms, Some(200.0));
    assert_eq!(Budget::strong(sc).time_cap_ms, Some(3000.0));
    for entry in registry::games() {
        let counts = entry.info().strengths;
        assert!(
            counts[0] < counts[1] && counts[1] < counts[2],
            "{}: each strength searches more than the one below",
            entry.info().slug
        );
    }
}

/// Suns peek at their b1 coin (the ace), walk it to b5 and, a turn later, peek at another
/// coin: the screen no longer shows the ace, but the computer remembers it.
fn evade_with_a_remembered_ace() -> Evade {
    let mut game = Evade::new(&"rules=written".parse().unwrap(), 1).unwrap();
    for mv in [
        "setup:na2345",
        "setup:na2345",
        "peek:b1",
        "b1-b2",
        "c6-c5",
        "b2-b3",
        "c5-d4",
        "b3-b4",
        "d4-e3",
        "b4-b5",
        "e3-f3",
        "peek:a1",
    ] {
        game.play(&mv.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn evade_computer_remembers_its_peeks() {
    let game = evade_with_a_remembered_ace();
    let shown = game.view(Viewer::Seat(0)).to_string();
    let known = game.recall(0);
    assert!(shown.contains("a1n") && shown.contains("b5?"), "{shown}");
    assert!(known.to_string().contains("b5a"), "{known}");
    assert!(
        !game.recall(1).to_string().contains("b5a"),
        "Moons never saw it"
    );
    // Every sample keeps it, from the whole position and from what Suns know, written out.
    let written: Evade = known.to_string().parse().unwrap();
    let mut rng = Rng::new(3);
    for _ in 0..100 {
        for sample in [
            game.determinize(0, &mut rng),
            written.determinize(0, &mut rng),
        ] {
            let coin = sample.seat_coins(0)[1];
            assert_eq!(coin.square.to_string(), "b5");
            assert!(coin.value.is_some_and(|v| v.letter() == 'a'), "{sample}");
        }
    }
    // Stepping the ace into Moons' row (c6 is empty) wins: the computer takes it.
    for seed in 1..=3 {
        let mv = registry::best_move(
            "evade",
            &known.to_string(),
            &Budget::normal(Evade::info()),
            seed,
            &never,
        )
        .unwrap();
        assert_eq!(mv, "b5-c6", "seed {seed}");
    }
}

#[test]
fn evade_samples_remember_a_coin_that_entered_its_goal_row() {
    // Suns' 4 walks from e1 to f6 (row 6, emptied by Moons) and nothing happens: it cannot
    // be special, in every sample either seat draws.
    for rules in ["rules=written", "rules=own"] {
        let mut replay = registry::create("evade", rules, 1).unwrap();
        for mv in [
            "setup:23a54n",
            "setup:na2345",
            "e1-e2",
            "f6-f5",
            "e2-e3",
            "f5-f4",
            "e3-e4",
            "f4-f3",
            "e4-e5",
            "b6-b5",
            "e5-f6",
            "b5-b4",
            "f6-e5",
        ] {
            replay.play(mv).unwrap();
        }
        let game: Evade = replay.position().parse().unwrap();
        assert!(game.outcome().is_none());
        let mut rng = Rng::new(8);
        for seat in 0..2 {
            for _ in 0..200 {
                let sample = game.determinize(seat, &mut rng);
                let coin = sample.seat_coins(0)[4];
                assert!(coin.value.is_some_and(|v| !v.is_special()), "{sample}");
                sample.check_invariants().unwrap();
            }
        }
    }
}

/// Plays seeded random games by [`Game::random_move`] (what the playouts play): every draw
/// must be a legal move, and at every tenth position many draws must reach every legal move
/// about equally often (each between 0.4 and 1.8 times its share; the draws are seeded, so
/// this is exact, not a chance).
fn random_moves_are_legal_and_even<G: Game>(players: usize, games: u64, steps: usize) {
    let mut rng = Rng::new(77);
    for g in 0..games {
        let options = random_options::<G>(players, &mut rng);
        let mut game = G::new(&options, g).unwrap();
        for step in 0..steps {
            let legal = game.legal_moves();
            let Some(mv) = game.random_move(&mut rng) else {
                assert!(legal.is_empty(), "no draw with {} legal moves", legal.len());
                break;
            };
            assert!(legal.contains(&mv), "{mv} drawn but not legal in {game:?}");
            if step % 10 == 3 && legal.len() > 1 {
                let share = 60;
                let mut seen = std::collections::HashMap::new();
                for _ in 0..share * legal.len() {
                    let mv = game.random_move(&mut rng).unwrap();
                    *seen.entry(mv).or_insert(0usize) += 1;
                }
                for m in &legal {
                    let n = seen.get(m).copied().unwrap_or(0);
                    assert!(
                        (share * 2 / 5..=share * 9 / 5).contains(&n),
                        "{m} drawn {n} times, not about {share}, in {game:?}"
                    );
                }
                assert_eq!(seen.len(), legal.len(), "an unlisted move was drawn");
            }
            game.play(&mv).unwrap();
        }
    }
}

#[test]
fn random_moves_are_legal_and_even_in_every_game() {
    for players in 2..=5 {
        random_moves_are_legal_and_even::<StackControl>(players, 2, 60);
    }
    random_moves_are_legal_and_even::<Evade>(2, 3, 60);
    random_moves_are_legal_and_even::<Stacks>(2, 3, 80);
    for players in 2..=3 {
        random_moves_are_legal_and_even::<Stax>(players, 6, 80);
    }
    for players in 2..=4 {
        random_moves_are_legal_and_even::<Evacuate>(players, 3, 150);
    }
}

/// Stack Control draws its random moves without listing them, but exactly as the trait's
/// default would: one `below` over the listed moves, in their order. So games played before
/// that change replay move for move.
#[test]
fn stack_control_draws_the_move_the_list_would() {
    let mut rng = Rng::new(5);
    for players in 2..=5 {
        let options = StackControl::default_options(players).unwrap();
        let mut game = StackControl::new(&options, players as u64).unwrap();
        while game.to_move().is_some() {
            let legal = game.legal_moves();
            let mut listed = rng.clone();
            let drawn = game.random_move(&mut rng).unwrap();
            assert_eq!(drawn, legal[listed.below(legal.len() as u64) as usize]);
            assert_eq!(rng.next_u64(), listed.next_u64(), "as many numbers drawn");
            game.play(&drawn).unwrap();
        }
        assert!(game.random_move(&mut rng).is_none());
    }
}

/// Stopping once the choice is decided chooses exactly the move the whole budget chooses,
/// in positions of every game (and does stop early in some of them).
fn stopping_early_keeps_the_choice<G: Game>(players: usize, positions: u64) -> u32 {
    let budget = Budget::iterations(400);
    // UCB1 at the root everywhere: the stop applies to it (halving stops by its own rounds).
    let quick_settings = Settings {
        halving_above: usize::MAX,
        ..Settings::default()
    };
    let whole = Settings {
        stop_when_decided: false,
        ..quick_settings
    };
    let mut rng = Rng::new(91);
    let mut early = 0;
    for p in 0..positions {
        let options = random_options::<G>(players, &mut rng);
        let mut game = G::new(&options, p).unwrap();
        for _ in 0..rng.below(60) {
            match game.random_move(&mut rng) {
                Some(mv) => game.play(&mv).unwrap(),
                None => break,
            }
        }
        let Some(me) = game.to_move() else { continue };
        let view = game.view(Viewer::Seat(me));
        let quick = ai::search(&view, &budget, &quick_settings, p, &never).unwrap();
        let full = ai::search(&view, &budget, &whole, p, &never).unwrap();
        assert_eq!(quick.mv, full.mv, "{}: position {p}", G::info().name);
        if quick.iterations < full.iterations {
            early += 1;
        }
    }
    early
}

#[test]
fn stopping_early_keeps_the_choice_in_every_game() {
    let early = stopping_early_keeps_the_choice::<StackControl>(3, 6)
        + stopping_early_keeps_the_choice::<Evade>(2, 6)
        + stopping_early_keeps_the_choice::<Stacks>(2, 6)
        + stopping_early_keeps_the_choice::<Stax>(2, 4)
        + stopping_early_keeps_the_choice::<Evacuate>(4, 6);
    assert!(early > 0, "no search stopped early");
}

/// Evade and STAX point out a win in one for the playouts (`Game::winning_move`): always a
/// legal move that wins at once, and one whenever some legal move wins at once.
#[test]
fn evade_winning_moves_are_wins_and_none_is_missed() {
    winning_moves_are_wins_and_none_is_missed::<Evade>(2, 200, 150);
}

#[test]
fn stax_winning_moves_are_wins_and_none_is_missed() {
    winning_moves_are_wins_and_none_is_missed::<Stax>(2, 60, 120);
    winning_moves_are_wins_and_none_is_missed::<Stax>(3, 30, 120);
}

fn winning_moves_are_wins_and_none_is_missed<G: Game>(players: usize, games: u64, steps: u64) {
    let mut rng = Rng::new(77);
    let (mut found, mut positions) = (0, 0);
    for seed in 0..games {
        let options = random_options::<G>(players, &mut rng);
        let mut game = G::new(&options, seed).unwrap();
        for _ in 0..rng.below(steps) {
            let Some(me) = game.to_move() else { break };
            let moves = game.legal_moves();
            let winning = game.winning_move();
            let any = moves.iter().any(|m| wins(&game, m, me));
            positions += 1;
            match &winning {
                Some(mv) => {
                    assert!(moves.contains(mv) && wins(&game, mv, me), "{mv} in {game}");
                    found += 1;
                }
                None => assert!(!any, "a win in one is missed in {game}"),
            }
            let mv = moves[rng.below(moves.len() as u64) as usize].clone();
            game.play(&mv).unwrap();
        }
    }
    assert!(
        found > 20,
        "{players} players: only {found} wins in one among {positions} positions"
    );
}

/// Whether the seat to move after `mv` can win at once (by the game's own pointer, which
/// the test above proves misses no win in STAX).
fn hands_over_a_win<G: Game>(game: &G, mv: &G::Move, me: Seat) -> bool {
    let mut next = game.clone();
    next.play(mv).is_ok()
        && next.to_move().is_some_and(|s| s != me)
        && next.winning_move().is_some()
}

/// STAX positions from seeded random play where the player to move cannot win at once, some
/// of its moves let the opponent capture its king and some do not: the computer picks a safe
/// one. The tree takes a reply that [`Game::winning_move`] points out, so a move that
/// allows it scores as the loss it is (choosing among hundreds of replies at random, most
/// walks missed the capture, and a blunder could look safe).
#[test]
fn stax_computer_does_not_hand_over_its_king() {
    let options = Stax::default_options(2).unwrap();
    let (mut positions, mut unsafe_choices) = (0, Vec::new());
    let mut rng = Rng::new(41);
    for seed in 0..200 {
        if positions == 12 {
            break;
        }
        let mut game = Stax::new(&options, seed).unwrap();
        for _ in 0..10 + rng.below(40) {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            game.play(&mv).unwrap();
        }
        let Some(me) = game.to_move() else { continue };
        if game.winning_move().is_some() {
            continue;
        }
        let moves = game.legal_moves();
        let blunders = moves
            .iter()
            .filter(|mv| hands_over_a_win(&game, mv, me))
            .count();
        if blunders == 0 || blunders == moves.len() {
            continue;
        }
        positions += 1;
        let mv = ai::best_move(&game, &Budget::iterations(1_000), seed, &never).unwrap();
        if hands_over_a_win(&game, &mv, me) {
            unsafe_choices.push(format!(
                "{mv} in {game} ({blunders} of {} moves lose)",
                moves.len()
            ));
        }
    }
    assert!(positions >= 10, "only {positions} positions with a threat");
    assert!(unsafe_choices.is_empty(), "{unsafe_choices:#?}");
}

/// The searching seat's final margin after `mv` when it ends the game: its score less the
/// best other's, or `None` when the game goes on (or keeps no scores).
fn final_margin(game: &StackControl, mv: &<StackControl as Game>::Move, me: Seat) -> Option<i64> {
    let mut next = game.clone();
    next.play(mv).ok()?;
    if next.to_move().is_some() {
        return None;
    }
    let scores = next.outcome()?.scores?;
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != me)
        .map(|(_, &v)| v)
        .max()?;
    Some(scores[me] - best_other)
}

/// Stack Control positions from seeded random play where every move of the seat to move
/// ends the game, none wins it, and one ends it with the best score margin: the root's
/// halving ranks the moves by their margins too, so the computer loses by the least (or
/// draws). With mean rewards alone every such loss ties, and the choice among them is a
/// draw of lots.
#[test]
fn stack_control_computer_loses_by_the_least() {
    let (mut positions, mut worse) = (0, Vec::new());
    let mut rng = Rng::new(7);
    for seed in 0..3_000 {
        if positions == 8 {
            break;
        }
        let players = 2 + (seed % 4) as usize;
        let options = StackControl::default_options(players).unwrap();
        let mut game = StackControl::new(&options, seed).unwrap();
        while let Some(me) = game.to_move() {
            let moves = game.legal_moves();
            let ends: Option<Vec<i64>> = (3..=12)
                .contains(&moves.len())
                .then(|| moves.iter().map(|mv| final_margin(&game, mv, me)).collect())
                .flatten();
            if let Some(ends) = ends {
                let best = ends.iter().copied().max().unwrap_or(0);
                let lost = moves.iter().all(|mv| !wins(&game, mv, me));
                if lost && best < 0 && ends.iter().filter(|&&m| m == best).count() == 1 {
                    positions += 1;
                    let budget = Budget::iterations(4 * moves.len() as u32);
                    // The halving at this narrow root too (by default it takes roots of
                    // more than 93 moves).
                    let halving = Settings {
                        halving_above: 0,
                        ..Settings::default()
                    };
                    let mv = ai::search(&game, &budget, &halving, seed, &never)
                        .unwrap()
                        .mv;
                    let got = final_margin(&game, &mv, me).unwrap_or(i64::MIN);
                    if got != best {
                        worse.push(format!("{mv} ({got}, best {best}) in {game}"));
                    }
                    break;
                }
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            game.play(&mv).unwrap();
        }
    }
    assert!(positions >= 5, "only {positions} positions");
    assert!(worse.is_empty(), "{worse:#?}");
}

/// A wide STAX root is searched by sequential halving with two players and by UCB1 with
/// three (`Game::halving_seats`): with three, the default search makes exactly the choice
/// UCB1 makes, while with two it differs from UCB1's in some positions.
#[test]
fn three_player_stax_searches_its_root_by_ucb1() {
    let budget = Budget::iterations(600);
    let ucb1 = Settings {
        halving_above: usize::MAX,
        ..Settings::default()
    };
    let wide_above = Settings::default().halving_above;
    let mut rng = Rng::new(23);
    for players in [2, 3] {
        let options = Stax::default_options(players).unwrap();
        let (mut wide, mut differ) = (0, 0);
        for seed in 0..40 {
            let mut game = Stax::new(&options, seed).unwrap();
            for _ in 0..rng.below(12) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(&moves[rng.below(moves.len() as u64) as usize])
                    .unwrap();
            }
            if game.to_move().is_none() || game.legal_moves().len() <= wide_above {
                continue;
            }
            wide += 1;
            let default = ai::search(&game, &budget, &Settings::default(), seed, &never).unwrap();
            let by_ucb1 = ai::search(&game, &budget, &ucb1, seed, &never).unwrap();
            if players == 3 {
                assert_eq!(default, by_ucb1, "{game}");
            }
            differ += u32::from(default != by_ucb1);
        }
        assert!(wide >= 10, "only {wide} wide roots with {players} players");
        if players == 2 {
            assert!(differ > 0, "the halving never ran with two players");
        }
    }
}
