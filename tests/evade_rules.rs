#![cfg(not(target_arch = "wasm32"))]
//! Evade rules scenarios, grouped by ruling (1 to 10; the in-app rules page `static/rules/evade.html` states them), then
//! the views of each seat, notation, garbage input, the generic conformance check, and an
//! independent model of the rulings compared along random games.
//!
//! Positions are written in the position notation (see `src/games/evade/mod.rs`):
//! `<rules> <status> <Suns' coins> <Moons' coins> <flags> <keys>`, a coin being
//! `<square><value>[^ on top | v underneath | ! shown]`, values `n a 2 3 4 5` or `?`.

mod rules_support;

use rules_support::*;
use std::collections::{BTreeMap, BTreeSet, HashSet};

use stackplay::core::conformance::{check_random_games, check_views, Report};
use stackplay::core::{Game, PlayError, Rng, SetupChoices, SideRule, Viewer};
use stackplay::games::evade::{
    all_setups, goal_row, random_setup, start_row, CoinState, DrawOffer, End, Evade, EvadeMove,
    EvadeOptions, Phase, Square, Value, QUIET_TURNS_LIMIT,
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const KEY_CHARS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("bad square {name}: {e}"))
}

fn options(own: bool) -> EvadeOptions {
    EvadeOptions {
        own_coins_shown: own,
    }
}

fn fresh(own: bool) -> Evade {
    Evade::new(&options(own), 1).unwrap()
}

/// A game after both setups (`suns` and `moons` are the values on files a to f).
fn started(own: bool, suns: &str, moons: &str) -> Evade {
    let mut g = fresh(own);
    play(&mut g, &format!("setup:{suns}"));
    play(&mut g, &format!("setup:{moons}"));
    g
}

fn key_char(square: &str) -> char {
    char::from(KEY_CHARS[sq(square).index()])
}

/// The key of coins given as tokens (their first two characters are the square).
fn key_of(suns: &[&str; 6], moons: &[&str; 6], turn: char) -> String {
    let mut key: String = suns
        .iter()
        .chain(moons)
        .map(|t| key_char(&t[..2]))
        .collect();
    key.push(turn);
    key
}

/// `n` distinct repetition keys that fit the frozen coins of the position with these coins
/// (its free coins stand elsewhere), none of them the position's own.
fn filler_keys(suns: &[&str; 6], moons: &[&str; 6], n: usize) -> Vec<String> {
    let tokens: Vec<&str> = suns.iter().chain(moons).copied().collect();
    let free: Vec<usize> = (0..12).filter(|&i| tokens[i].len() == 3).collect();
    let current = key_of(suns, moons, '1');
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < n {
        let mut key: Vec<char> = tokens.iter().map(|t| key_char(&t[..2])).collect();
        key[free[0]] = char::from(KEY_CHARS[i % 36]);
        key[free[1]] = char::from(KEY_CHARS[(i / 36) % 36]);
        key.push(if (i / 1296) % 2 == 0 { '1' } else { '2' });
        let key: String = key.into_iter().collect();
        i += 1;
        if key[..12] != current[..12] {
            out.push(key);
        }
    }
    out
}

/// The notation of a position in play with the given coins and flags, `earlier` turns
/// played since the last freeze.
fn text_with(
    rules: &str,
    status: &str,
    suns: [&str; 6],
    moons: [&str; 6],
    flags: &str,
    earlier: usize,
) -> String {
    let turn = match status {
        "1" => '1',
        "2" => '2',
        other => panic!("status {other}"),
    };
    let mut keys = filler_keys(&suns, &moons, earlier);
    keys.push(key_of(&suns, &moons, turn));
    format!(
        "{rules} {status} {} {} {flags} {}",
        suns.join(","),
        moons.join(","),
        keys.join(",")
    )
}

/// A position built by [`text_with`].
fn build_with(
    rules: &str,
    status: &str,
    suns: [&str; 6],
    moons: [&str; 6],
    flags: &str,
    earlier: usize,
) -> Evade {
    let text = text_with(rules, status, suns, moons, flags, earlier);
    text.parse()
        .unwrap_or_else(|e| panic!("{text} does not parse: {e}"))
}

fn build(rules: &str, status: &str, suns: [&str; 6], moons: [&str; 6], flags: &str) -> Evade {
    build_with(rules, status, suns, moons, flags, 0)
}

fn moves(game: &Evade) -> BTreeSet<String> {
    game.legal_moves().iter().map(ToString::to_string).collect()
}

/// The steps listed from `from`, as destination squares.
fn targets(game: &Evade, from: &str) -> BTreeSet<String> {
    game.destinations(sq(from))
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The value of `seat`'s coin on `square` as `viewer` sees it.
fn seen(game: &Evade, viewer: usize, seat: usize, square: &str) -> Option<Value> {
    let view = game.view(Viewer::Seat(viewer));
    view.seat_coins(seat)
        .iter()
        .find(|c| c.square == sq(square))
        .unwrap_or_else(|| panic!("no coin of seat {seat} on {square}"))
        .value
}

/// Every value of `seat` that `viewer` sees.
fn seen_values(game: &Evade, viewer: usize, seat: usize) -> Vec<Option<Value>> {
    game.view(Viewer::Seat(viewer))
        .seat_coins(seat)
        .iter()
        .map(|c| c.value)
        .collect()
}

fn is_draw_by(game: &Evade, end: End) {
    assert_eq!(game.end(), Some(end), "{game}");
    let outcome = game.outcome().expect("the game is over");
    assert!(outcome.is_draw(), "{outcome:?}");
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
}

fn is_won_by(game: &Evade, winner: usize) {
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![winner], "{outcome:?}");
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    let before = game.clone();
    let mut copy = game.clone();
    assert_eq!(copy.play(&EvadeMove::Pass), Err(PlayError::GameOver));
    assert_eq!(copy, before);
}

// ---------------------------------------------------------------------------------------------
// Ruling 1: the 6x6 board, rows 1 to 6, seat 1 starts on row 1 and seat 2 on row 6
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling_1_board_is_six_by_six_and_seat_one_starts_on_row_one() {
    assert_eq!(Square::all().count(), 36);
    for name in ["a1", "f1", "a6", "f6", "c4"] {
        assert_eq!(sq(name).to_string(), name);
    }
    for bad in ["g1", "a7", "a0", "G1", "a", "a10", "", "1a"] {
        assert!(bad.parse::<Square>().is_err(), "{bad}");
    }
    // Read as written in either case, as in Stack Control; written in small letters.
    assert_eq!(
        "C4".parse::<Square>().map(|s| s.to_string()),
        Ok("c4".to_string())
    );
    assert_eq!((start_row(0), start_row(1)), (0, 5));
    assert_eq!((goal_row(0), goal_row(1)), (5, 0));
    let g = started(false, "na2345", "na2345");
    let rows: Vec<(usize, String)> = g.coins().map(|c| (c.owner, c.square.to_string())).collect();
    let expected: Vec<(usize, String)> = ["a1", "b1", "c1", "d1", "e1", "f1"]
        .iter()
        .map(|s| (0, s.to_string()))
        .chain(
            ["a6", "b6", "c6", "d6", "e6", "f6"]
                .iter()
                .map(|s| (1, s.to_string())),
        )
        .collect();
    assert_eq!(rows, expected);
}

// ---------------------------------------------------------------------------------------------
// Ruling 2: six coins each, blank ace 2 3 4 5; blank and ace are special
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling_2_six_coins_each_with_blank_and_ace_special() {
    assert_eq!(Value::ALL.len(), 6);
    let special: Vec<Value> = Value::ALL.into_iter().filter(|v| v.is_special()).collect();
    assert_eq!(special, vec![Value::Blank, Value::Ace]);
    let g = started(false, "2345na", "a5n432");
    for seat in 0..2 {
        let mut values: Vec<Value> = g
            .seat_coins(seat)
            .iter()
            .map(|c| c.value.unwrap())
            .collect();
        values.sort();
        assert_eq!(values, Value::ALL.to_vec());
    }
    // A setup must use each value once: it does not even parse otherwise.
    assert!("setup:nn2345".parse::<EvadeMove>().is_err());
    assert!("setup:na234".parse::<EvadeMove>().is_err());
    // Built in code, it is refused.
    let mut g = fresh(false);
    let before = g.clone();
    assert!(matches!(
        g.play(&EvadeMove::Setup([Value::Two; 6])),
        Err(PlayError::Illegal(_))
    ));
    assert_eq!(g, before);
}

// ---------------------------------------------------------------------------------------------
// Ruling 3: the secret setup, seat 1 first
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling_3_each_player_sets_up_in_secret_on_their_own_row_seat_one_first() {
    let mut g = fresh(false);
    assert_eq!(g.phase(), Phase::Setup);
    assert_eq!(g.to_move(), Some(0));
    let list = g.legal_moves();
    assert_eq!(list.len(), 720);
    assert_eq!(list.iter().collect::<HashSet<_>>().len(), 720);
    assert_eq!(list, all_setups());
    assert!(list.iter().all(|m| matches!(m, EvadeMove::Setup(_))));
    assert!(assert_illegal(&mut g, "a1-a2").contains("set up"));
    play(&mut g, "setup:3n5a24");
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.legal_moves().len(), 720);
    // Suns' coins stand on row 1, files a..f in the order given.
    let values: String = g
        .seat_coins(0)
        .iter()
        .map(|c| c.value.unwrap().letter())
        .collect();
    assert_eq!(values, "3n5a24");
    // Moons see six face-down coins.
    assert_eq!(seen_values(&g, 1, 0), vec![None; 6]);
    play(&mut g, "setup:24n3a5");
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.to_move(), Some(0), "seat 1 moves first");
    assert_eq!(seen(&g, 0, 1, "c6"), None);
    assert_eq!(g.seat_coins(1)[2].value, Some(Value::Blank));
    assert_eq!(g.seat_coins(1)[2].square, sq("c6"));
    assert!(assert_illegal(&mut g, "setup:na2345").contains("already"));
    assert_eq!(g.turns_without_freeze(), 0);
}

#[test]
fn ruling_3_a_random_arrangement_is_one_of_the_listed_ones() {
    let g = fresh(false);
    let listed: HashSet<EvadeMove> = g.legal_moves().into_iter().collect();
    let mut rng = Rng::new(5);
    let mut drawn = BTreeSet::new();
    for _ in 0..40 {
        let m = random_setup(&mut rng);
        assert!(listed.contains(&m));
        drawn.insert(m.to_string());
    }
    assert!(drawn.len() > 30, "random setups repeat too much");
}

#[test]
fn ruling_3_the_opponent_reads_a_setup_only_as_set_up() {
    for own in [false, true] {
        let mut g = fresh(own);
        let m = mv("setup:na2345");
        assert_eq!(
            g.describe_move(&m, Viewer::Seat(1)),
            "Suns set up in secret"
        );
        assert_eq!(g.public_move(&m, Viewer::Seat(1)), None);
        assert_eq!(
            g.describe_move(&m, Viewer::Everyone),
            "Suns set up a1-f1: blank, ace, 2, 3, 4, 5"
        );
        // The owner reads it only when shown their own coins; in the rules as written their
        // coins are face down to them too.
        let mine = g.describe_move(&m, Viewer::Seat(0));
        if own {
            assert_eq!(mine, "Suns set up a1-f1: blank, ace, 2, 3, 4, 5");
            assert_eq!(g.public_move(&m, Viewer::Seat(0)), Some(m));
        } else {
            assert_eq!(mine, "Suns set up in secret");
            assert_eq!(g.public_move(&m, Viewer::Seat(0)), None);
        }
        // From the masked position the same.
        let masked = g.view(Viewer::Seat(0));
        assert_eq!(masked.describe_move(&m, Viewer::Seat(0)), mine);
        play(&mut g, "setup:na2345");
        let m = mv("setup:5432an");
        assert_eq!(
            g.describe_move(&m, Viewer::Seat(0)),
            "Moons set up in secret"
        );
        if own {
            assert_eq!(
                g.describe_move(&m, Viewer::Seat(1)),
                "Moons set up a6-f6: 5, 4, 3, 2, ace, blank"
            );
        }
    }
}

#[test]
fn the_move_list_reads_each_kind_of_move_in_words() {
    let mut g = fresh(false);
    play(&mut g, "setup:na2345");
    play(&mut g, "setup:5432an");
    let reads = |g: &Evade, m: &str| g.describe_move(&mv(m), Viewer::Seat(1));
    assert_eq!(reads(&g, "a1-a2"), "Suns move a1 to a2");
    assert_eq!(reads(&g, "peek:c1"), "Suns peek at c1");
    assert_eq!(reads(&g, "offer"), "Suns offer a draw");
    play(&mut g, "offer");
    assert_eq!(reads(&g, "accept"), "Moons accept the draw");
    assert_eq!(reads(&g, "decline"), "Moons decline the draw");
    play(&mut g, "decline");
    play(&mut g, "a1-a2");
    play(&mut g, "b6-b5");
    play(&mut g, "a2-a3");
    play(&mut g, "b5-b4");
    // Onto a lone enemy coin: a freeze, and no value is told (the words are the same
    // whichever coins meet).
    assert_eq!(
        reads(&g, "a3-b4"),
        "Suns move a3 to b4, freezing both coins"
    );
    assert_eq!(
        g.describe_move(&mv("a3-b4"), Viewer::Seat(0)),
        "Suns move a3 to b4, freezing both coins"
    );
    // The notation of a step is public.
    assert_eq!(
        g.public_move(&mv("a3-b4"), Viewer::Seat(1)),
        Some(mv("a3-b4"))
    );
}

// ---------------------------------------------------------------------------------------------
// Ruling 4: one step in eight directions, to an empty square or onto a lone enemy coin
// ---------------------------------------------------------------------------------------------

/// Suns: c3 free (2) with own coin on d3, frozen pair on b4, Moons lone on c4.
fn crowd() -> Evade {
    build(
        "written",
        "1",
        ["a1n", "b1a", "c32", "d33", "b44^", "f15"],
        ["a6n", "b6a", "c42", "d63", "b44v", "f65"],
        "-",
    )
}

#[test]
fn ruling_4_a_coin_steps_one_square_in_eight_directions() {
    let g = started(false, "na2345", "na2345");
    assert_eq!(targets(&g, "c1"), set(&["b2", "c2", "d2"]));
    assert_eq!(targets(&g, "a1"), set(&["a2", "b2"]));
    assert_eq!(targets(&g, "c6"), BTreeSet::new(), "not Moons' turn");
    let mut g = g;
    play(&mut g, "c1-c2");
    play(&mut g, "d6-d5");
    play(&mut g, "c2-c3");
    play(&mut g, "d5-d4");
    assert_eq!(
        targets(&g, "c3"),
        set(&["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"])
    );
}

#[test]
fn ruling_4_never_onto_own_coin_frozen_pair_or_off_the_board() {
    let mut g = crowd();
    // c3: d3 own, b4 a frozen pair, c4 a lone Moons coin (a freeze).
    assert_eq!(
        targets(&g, "c3"),
        set(&["b2", "c2", "d2", "b3", "c4", "d4"])
    );
    assert!(g.is_freeze(sq("c3"), sq("c4")));
    assert!(!g.is_freeze(sq("c3"), sq("d4")));
    assert!(assert_illegal(&mut g, "c3-d3").contains("already have a coin"));
    assert!(assert_illegal(&mut g, "c3-b4").contains("frozen pair"));
    assert!(assert_illegal(&mut g, "c3-c5").contains("one square"));
    assert!(assert_illegal(&mut g, "b4-b5").contains("frozen"));
    assert!(assert_illegal(&mut g, "c4-c5").contains("no coin"));
    assert!(assert_illegal(&mut g, "e3-e4").contains("no coin"));
    // Off the board: a corner coin has three squares around it.
    assert_eq!(targets(&g, "f1"), set(&["e1", "e2", "f2"]));
    play(&mut g, "c3-c4");
}

// ---------------------------------------------------------------------------------------------
// Ruling 5: freezing; the moving coin turns face up; a special mover loses
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling_5_a_freeze_is_for_the_rest_of_the_game_and_shows_the_moving_coin() {
    let mut g = crowd();
    play(&mut g, "c3-c4");
    let pair = g.coins_at(sq("c4"));
    assert_eq!(pair.len(), 2);
    assert_eq!((pair[0].owner, pair[0].state), (1, CoinState::Under));
    assert_eq!((pair[1].owner, pair[1].state), (0, CoinState::OnTop));
    assert!(pair[1].face_up() && !pair[0].face_up());
    assert_eq!(g.outcome(), None, "a 2 froze: play goes on");
    assert_eq!(g.turns_without_freeze(), 0);
    // Everyone sees the 2 on top; nobody sees the coin underneath (rules as written).
    for viewer in 0..2 {
        assert_eq!(seen(&g, viewer, 0, "c4"), Some(Value::Two));
        assert_eq!(seen(&g, viewer, 1, "c4"), None);
    }
    // Neither coin moves again, and nothing enters the pair.
    assert_eq!(targets(&g, "c4"), BTreeSet::new());
    assert!(!moves(&g)
        .iter()
        .any(|m| m.starts_with("c4-") || m.ends_with("-c4")));
    play(&mut g, "d6-d5");
    assert!(assert_illegal(&mut g, "c4-c5").contains("frozen"));
    assert!(assert_illegal(&mut g, "d3-c4").contains("frozen pair"));
}

#[test]
fn ruling_5_the_owner_sees_their_coin_underneath_only_with_own_coins_shown() {
    let g = build(
        "own",
        "1",
        ["a1n", "b1a", "c32", "d33", "b44^", "f15"],
        ["a6n", "b6a", "c42", "d63", "b44v", "f65"],
        "-",
    );
    assert_eq!(seen(&g, 1, 1, "b4"), Some(Value::Four));
    assert_eq!(seen(&g, 0, 1, "b4"), None);
    assert_eq!(seen(&crowd(), 1, 1, "b4"), None);
}

#[test]
fn ruling_5_freezing_with_a_special_coin_loses_at_once() {
    for (from, value) in [("a1", "n"), ("b1", "a")] {
        // Suns' blank on a1, ace on b1; Moons' lone 2 on b2 is next to both.
        let mut g = build(
            "written",
            "1",
            ["a1n", "b1a", "c12", "d13", "e14", "f15"],
            ["a6n", "b6a", "b22", "d63", "e64", "f65"],
            "-",
        );
        play(&mut g, &format!("{from}-b2"));
        assert_eq!(g.end(), Some(End::FrozeSpecial(0)));
        is_won_by(&g, 1);
        // The coin that froze is face up, and at the end everyone sees everything.
        let top = g.coins_at(sq("b2"))[1];
        assert_eq!(top.value.unwrap().letter().to_string(), value);
        assert!(top.face_up());
        assert_eq!(g.view(Viewer::Seat(1)), g);
        assert_eq!(g.view(Viewer::Seat(0)), g);
        assert!(g.outcome().unwrap().reason.contains("Suns froze"));
    }
}

// ---------------------------------------------------------------------------------------------
// Ruling 6: peeking (rules as written) and the "show me my own coins" option
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling_6_a_peek_shows_one_own_coin_to_its_owner_alone_until_the_step() {
    let mut g = started(false, "na2345", "2345na");
    let peeks: BTreeSet<String> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("peek:"))
        .collect();
    assert_eq!(
        peeks,
        set(&["peek:a1", "peek:b1", "peek:c1", "peek:d1", "peek:e1", "peek:f1"])
    );
    assert!(g.can_peek());
    assert_eq!(seen_values(&g, 0, 0), vec![None; 6]);
    play(&mut g, "peek:c1");
    assert_eq!(g.peeked(), Some(sq("c1")));
    assert_eq!(
        g.to_move(),
        Some(0),
        "the peek is before the step, same turn"
    );
    assert_eq!(seen(&g, 0, 0, "c1"), Some(Value::Two));
    assert_eq!(seen(&g, 0, 0, "a1"), None);
    assert_eq!(seen(&g, 1, 0, "c1"), None, "the opponent never sees it");
    // The opponent sees which coin was peeked at.
    assert_eq!(g.view(Viewer::Seat(1)).peeked(), Some(sq("c1")));
    assert_eq!(
        g.view(Viewer::Seat(1))
            .describe_move(&mv("peek:c1"), Viewer::Seat(1)),
        "Suns peek at c1"
    );
    // One peek a turn, no offer after it.
    assert!(!moves(&g)
        .iter()
        .any(|m| m.starts_with("peek:") || m == "offer"));
    assert!(assert_illegal(&mut g, "peek:d1").contains("one peek"));
    play(&mut g, "c1-c2");
    assert_eq!(g.peeked(), None);
    assert_eq!(
        seen(&g, 0, 0, "c2"),
        None,
        "shown only until the move is made"
    );
    // Moons may peek on their turn.
    assert!(moves(&g).contains("peek:a6"));
}

#[test]
fn ruling_6_a_player_who_peeked_may_not_freeze_that_turn() {
    let mut g = crowd();
    assert!(moves(&g).contains("c3-c4"));
    play(&mut g, "peek:c3");
    assert_eq!(seen(&g, 0, 0, "c3"), Some(Value::Two));
    assert_eq!(targets(&g, "c3"), set(&["b2", "c2", "d2", "b3", "d4"]));
    assert!(assert_illegal(&mut g, "c3-c4").contains("peeked"));
    play(&mut g, "c3-d4");
}

#[test]
fn ruling_6_peeking_at_an_own_frozen_coin_is_allowed() {
    // Moons' 4 is frozen under Suns' 4 on b4: Moons may peek at it; Suns may peek at theirs.
    let mut g = build(
        "written",
        "2",
        ["a1n", "b1a", "c32", "d33", "b44^", "f15"],
        ["a6n", "b6a", "c52", "d63", "b44v", "f65"],
        "-",
    );
    assert!(moves(&g).contains("peek:b4"));
    play(&mut g, "peek:b4");
    assert_eq!(seen(&g, 1, 1, "b4"), Some(Value::Four));
    assert_eq!(seen(&g, 0, 1, "b4"), None);
    play(&mut g, "a6-a5");
    assert_eq!(seen(&g, 1, 1, "b4"), None);
    assert!(
        !moves(&g).contains("peek:b4"),
        "Suns' coin on top of the pair lies face up: nothing to peek at (ruling 9)"
    );
}

#[test]
fn ruling_6_with_own_coins_shown_each_player_sees_their_own_and_nobody_peeks() {
    let mut g = started(true, "na2345", "2345na");
    assert!(!g.can_peek());
    assert!(!moves(&g).iter().any(|m| m.starts_with("peek:")));
    assert!(assert_illegal(&mut g, "peek:a1").contains("only for the rules as written"));
    let all = |s: &str| -> Vec<Option<Value>> { s.chars().map(Value::from_letter).collect() };
    assert_eq!(seen_values(&g, 0, 0), all("na2345"));
    assert_eq!(seen_values(&g, 1, 1), all("2345na"));
    assert_eq!(seen_values(&g, 0, 1), vec![None; 6]);
    assert_eq!(seen_values(&g, 1, 0), vec![None; 6]);
    play(&mut g, "a1-a2");
    assert_eq!(seen_values(&g, 0, 0), all("na2345"));
}

// ---------------------------------------------------------------------------------------------
// Ruling 7: a special coin entering the far row without freezing wins
// ---------------------------------------------------------------------------------------------

fn near_the_top(value_on_c5: char) -> Evade {
    let c5 = format!("c5{value_on_c5}");
    let rest: Vec<char> = "na2345".chars().filter(|&c| c != value_on_c5).collect();
    let suns: Vec<String> = std::iter::once(c5)
        .chain(
            ["a1", "b1", "d1", "e1", "f1"]
                .iter()
                .zip(&rest)
                .map(|(s, v)| format!("{s}{v}")),
        )
        .collect();
    let suns: [&str; 6] = std::array::from_fn(|i| suns[i].as_str());
    build(
        "written",
        "1",
        suns,
        ["a6n", "b6a", "d62", "e63", "f64", "a45"],
        "-",
    )
}

#[test]
fn ruling_7_a_special_coin_reaching_the_far_row_without_freezing_wins() {
    for special in ['n', 'a'] {
        let mut g = near_the_top(special);
        play(&mut g, "c5-c6");
        assert_eq!(g.end(), Some(End::FarRow(0)));
        is_won_by(&g, 0);
        let c = g.coins_at(sq("c6"))[0];
        assert_eq!(c.state, CoinState::Shown);
        assert!(c.face_up() && !c.frozen());
        assert!(g.outcome().unwrap().reason.contains("row 6"));
    }
}

#[test]
fn ruling_7_a_special_coin_freezing_into_the_far_row_loses() {
    let mut g = near_the_top('a');
    play(&mut g, "c5-d6");
    assert_eq!(g.end(), Some(End::FrozeSpecial(0)));
    is_won_by(&g, 1);
}

#[test]
fn ruling_7_another_coin_in_the_far_row_reveals_nothing_and_play_goes_on() {
    let mut g = near_the_top('3');
    play(&mut g, "c5-c6");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(seen(&g, 1, 0, "c6"), None);
    assert_eq!(g.coins_at(sq("c6"))[0].state, CoinState::Free);
    // It may go on moving along the row.
    play(&mut g, "a4-a3");
    assert_eq!(targets(&g, "c6"), set(&["b5", "c5", "d5", "b6", "d6"]));
    // Freezing in the far row with a non-special coin: play goes on too.
    let mut g = near_the_top('3');
    play(&mut g, "c5-b6");
    assert_eq!(g.outcome(), None);
}

#[test]
fn ruling_7_moons_win_on_row_one() {
    let mut g = build(
        "written",
        "2",
        ["a1n", "b1a", "c12", "d13", "e34", "f15"],
        ["a6n", "e2a", "d62", "e63", "f64", "a45"],
        "-",
    );
    assert!(targets(&g, "e2").contains("e1"));
    play(&mut g, "e2-e1");
    assert_eq!(g.end(), Some(End::FarRow(1)));
    is_won_by(&g, 1);
}

// ---------------------------------------------------------------------------------------------
// Ruling 8: draws
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling_8_the_game_is_drawn_when_all_four_special_coins_are_frozen() {
    // Three specials are frozen under enemy coins; Suns' 2 on c3 freezes Moons' ace on c4.
    let suns = ["a1nv", "b1av", "c32", "d13^", "e14^", "f15"];
    let moons = ["a12^", "b13^", "c4a", "d1nv", "e14v", "f65"];
    let mut g = build("written", "1", suns, moons, "-");
    play(&mut g, "c3-c4");
    is_draw_by(&g, End::SpecialsFrozen);
    // Still one special free: play goes on.
    let mut g = build("written", "1", suns, moons, "-");
    play(&mut g, "f1-f2");
    assert_eq!(g.outcome(), None);
}

#[test]
fn ruling_8_freezing_with_the_last_free_special_loses_rather_than_draws() {
    // Three specials are frozen; Suns' ace on c3 freezes Moons' 3 on c4: all four specials are
    // then frozen, but the ace froze, so Suns lose at once (rule 5).
    let mut g = build(
        "written",
        "1",
        ["a1nv", "b12", "c3a", "d13^", "e14^", "f15"],
        ["a12^", "c43", "f64", "d1nv", "e1av", "e65"],
        "-",
    );
    play(&mut g, "c3-c4");
    assert!(g.coins().filter(|c| c.is_special()).all(|c| c.frozen()));
    assert_eq!(g.end(), Some(End::FrozeSpecial(0)));
    is_won_by(&g, 1);
}

/// Suns' only free coin, the blank on a1, is walled in by frozen pairs on a2, b1 and b2.
fn walled_in_after(flags: &str, earlier: usize) -> Evade {
    build_with(
        "written",
        "1",
        ["a1n", "a2av", "b12^", "b23^", "c44^", "d55^"],
        ["a22^", "b13v", "b24v", "c45v", "d5av", "f6n"],
        flags,
        earlier,
    )
}

fn walled_in(flags: &str) -> Evade {
    walled_in_after(flags, 0)
}

#[test]
fn ruling_8_a_player_with_no_legal_move_passes() {
    let mut g = walled_in("-");
    assert!(g.must_pass());
    assert_eq!(moves(&g), set(&["pass", "offer"]));
    assert!(!g.can_peek(), "no peek when no step is possible");
    play(&mut g, "pass");
    assert_eq!(g.to_move(), Some(1));
    assert!(g.last_turn_passed());
    assert_eq!(g.turns_without_freeze(), 1, "a pass is a turn");
    assert!(assert_illegal(&mut g, "pass").contains("only when no coin can move"));
    play(&mut g, "f6-f5");
    assert!(!g.last_turn_passed());
    play(&mut g, "pass");
    assert_eq!(g.outcome(), None, "two passes, but not in a row");
}

#[test]
fn ruling_8_two_passes_in_a_row_draw() {
    // (Both players cannot be walled in at once with six coins each; the flag says the last
    // turn was a pass.)
    let mut g = walled_in("passed");
    play(&mut g, "pass");
    is_draw_by(&g, End::Passes);
}

#[test]
fn ruling_8_players_may_agree_to_a_draw() {
    let mut g = started(false, "na2345", "na2345");
    assert!(g.can_offer_draw());
    play(&mut g, "offer");
    assert_eq!(g.draw_offer(), DrawOffer::Pending);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(moves(&g), set(&["accept", "decline"]));
    assert!(assert_illegal(&mut g, "a6-a5").contains("accept or decline"));
    play(&mut g, "accept");
    is_draw_by(&g, End::Agreed);
}

#[test]
fn ruling_8_a_declined_offer_leaves_the_offerer_to_finish_the_turn() {
    let mut g = started(false, "na2345", "na2345");
    play(&mut g, "offer");
    play(&mut g, "decline");
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.draw_offer(), DrawOffer::Declined);
    assert!(!moves(&g).contains("offer"), "one offer a turn");
    assert!(assert_illegal(&mut g, "offer").contains("once a turn"));
    assert!(assert_illegal(&mut g, "accept").contains("no draw"));
    assert_eq!(g.turns_without_freeze(), 0, "offers are not turns");
    play(&mut g, "peek:a1");
    play(&mut g, "a1-a2");
    assert_eq!(g.draw_offer(), DrawOffer::None);
    assert!(moves(&g).contains("offer"));
}

#[test]
fn ruling_8_the_third_occurrence_of_a_position_draws() {
    let mut g = started(false, "na2345", "na2345");
    let cycle = ["a1-a2", "a6-a5", "a2-a1", "a5-a6"];
    for (i, m) in cycle.iter().chain(&cycle).enumerate() {
        assert_eq!(g.outcome(), None, "before turn {}", i + 1);
        play(&mut g, m);
        // The starting position (Suns to move) recurs after 4 and 8 turns.
        let expected = if i < 3 { 1 } else { 2 + usize::from(i == 7) };
        assert_eq!(g.occurrences(), expected, "after turn {}", i + 1);
    }
    is_draw_by(&g, End::Repetition);
}

#[test]
fn ruling_8_a_position_is_every_coin_with_its_value() {
    // Suns' blank and ace swap places, and so do Moons' a6 and b6 coins: the same squares are
    // taken, Suns to move, but not by the same values, so it is another position.
    let swap = ["a1-a2", "a6-a5", "b1-a1", "b6-a6", "a2-b1", "a5-b6"];
    let start = started(false, "na2345", "na2345");
    let squares = |g: &Evade| -> BTreeSet<(usize, Square)> {
        g.coins().map(|c| (c.owner, c.square)).collect()
    };
    let mut g = start.clone();
    for m in swap {
        play(&mut g, m);
    }
    assert_eq!(squares(&g), squares(&start));
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.coins_at(sq("a1"))[0].value, Some(Value::Ace));
    assert_eq!(g.coins_at(sq("b1"))[0].value, Some(Value::Blank));
    assert_eq!(g.occurrences(), 1);
    // Swapped back: the starting position, a second time.
    for m in swap {
        play(&mut g, m);
    }
    assert_eq!(g.coins_at(sq("a1"))[0].value, Some(Value::Blank));
    assert_eq!(g.occurrences(), 2);
}

const QUIET_SUNS: [&str; 6] = ["a1n", "b1a", "c32", "d13", "e14", "f15"];
const QUIET_MOONS: [&str; 6] = ["a6n", "b6a", "c42", "d63", "e64", "f65"];

/// A position with `turns_before` turns played since the last freeze.
fn quiet_game(turns_before: usize) -> Evade {
    build_with("written", "1", QUIET_SUNS, QUIET_MOONS, "-", turns_before)
}

#[test]
fn ruling_8_one_hundred_turns_without_a_freeze_draw() {
    let mut g = quiet_game(98);
    assert_eq!(g.turns_without_freeze(), 98);
    play(&mut g, "a1-a2");
    assert_eq!(g.turns_without_freeze(), 99);
    assert_eq!(g.outcome(), None);
    play(&mut g, "a6-a5");
    assert_eq!(g.turns_without_freeze(), QUIET_TURNS_LIMIT);
    is_draw_by(&g, End::QuietTurns);
    // A pass is a turn too.
    let mut g = walled_in_after("-", 99);
    play(&mut g, "pass");
    is_draw_by(&g, End::QuietTurns);
    // A freeze on the hundredth turn starts the count again.
    let mut g = quiet_game(99);
    play(&mut g, "c3-c4");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.turns_without_freeze(), 0);
    assert_eq!(g.occurrences(), 1);
    // More than 99 turns recorded while play goes on is not a position.
    let text = text_with("written", "1", QUIET_SUNS, QUIET_MOONS, "-", 100);
    assert!(text.parse::<Evade>().is_err());
    let text = text_with("written", "1", QUIET_SUNS, QUIET_MOONS, "-", 99);
    assert!(text.parse::<Evade>().is_ok());
}

#[test]
fn ruling_8_a_win_on_the_hundredth_turn_is_a_win() {
    let suns = ["c5n", "b1a", "c12", "d13", "e14", "f15"];
    let moons = ["a6n", "b6a", "e62", "d63", "f64", "a45"];
    let mut g = build_with("written", "1", suns, moons, "-", 99);
    play(&mut g, "c5-c6");
    is_won_by(&g, 0);
}

// ---------------------------------------------------------------------------------------------
// Ruling 9: the move list never depends on hidden values
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling_9_the_list_is_the_same_whatever_the_values() {
    let mut rng = Rng::new(9);
    for _ in 0..20 {
        let a = random_setup(&mut rng).to_string();
        let b = random_setup(&mut rng).to_string();
        let c = random_setup(&mut rng).to_string();
        let d = random_setup(&mut rng).to_string();
        let mut g1 = started(false, &a[6..], &b[6..]);
        let mut g2 = started(false, &c[6..], &d[6..]);
        for m in ["c1-c2", "c6-c5", "c2-c3", "c5-c4"] {
            assert_eq!(g1.legal_moves(), g2.legal_moves());
            assert_eq!(g1.view(Viewer::Seat(1)), g2.view(Viewer::Seat(1)));
            play(&mut g1, m);
            play(&mut g2, m);
        }
        // c3 and c4 face each other: the freeze is listed whatever the coin's value.
        assert!(moves(&g1).contains("c3-c4"));
        assert_eq!(g1.legal_moves(), g2.legal_moves());
    }
}

/// Suns' only free coin, the blank on a1, can only freeze Moons' blank on a2.
fn only_freezes() -> Evade {
    build(
        "written",
        "1",
        ["a1n", "b1av", "b22^", "c33^", "d44^", "e55^"],
        ["a2n", "b12^", "b23v", "c34v", "d45v", "e5av"],
        "-",
    )
}

#[test]
fn ruling_9_a_losing_freeze_is_offered_and_no_peek_when_every_move_freezes() {
    let mut g = only_freezes();
    assert_eq!(moves(&g), set(&["a1-a2", "offer"]));
    assert!(!g.can_peek());
    assert!(assert_illegal(&mut g, "peek:a1").contains("every move freezes"));
    assert_eq!(
        g.describe_move(&mv("a1-a2"), Viewer::Seat(1)),
        "Suns move a1 to a2, freezing both coins"
    );
    play(&mut g, "a1-a2");
    assert_eq!(g.end(), Some(End::FrozeSpecial(0)));
}

#[test]
fn ruling_9_no_peek_at_an_own_face_up_coin_on_top_of_a_frozen_pair() {
    // Suns to move. On b4 Suns' 4 froze onto Moons' 4: Suns' coin is on top, face up for
    // everyone. On e4 Moons' 5 froze onto Suns' 5: Suns' coin is underneath, face down.
    let mut g = build(
        "written",
        "1",
        ["a1n", "b1a", "c22", "d23", "b44^", "e45v"],
        ["a6n", "b6a", "c52", "d33", "b44v", "e45^"],
        "-",
    );
    let top = g
        .seat_coins(0)
        .iter()
        .find(|c| c.square == sq("b4"))
        .copied();
    assert_eq!(
        top.map(|c| (c.state, c.face_up())),
        Some((CoinState::OnTop, true))
    );
    assert_eq!(seen(&g, 1, 0, "b4"), Some(Value::Four), "Moons see it too");
    assert!(g.can_peek());
    // Every own face-down coin may be peeked at, the frozen one underneath on e4 included;
    // the face-up one on b4 is not offered.
    let peeks: BTreeSet<String> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("peek:"))
        .collect();
    assert_eq!(
        peeks,
        set(&["peek:a1", "peek:b1", "peek:c2", "peek:d2", "peek:e4"])
    );
    assert!(!g.peek_squares().contains(&sq("b4")));
    // Suns' own view (their values hidden) lists the same.
    assert_eq!(g.view(Viewer::Seat(0)).legal_moves(), g.legal_moves());
    // Playing it anyway is refused, with the reason in words, and changes nothing.
    let why = assert_illegal(&mut g, "peek:b4");
    assert!(why.contains("b4 is already face up"), "{why}");
    assert!(why.contains("face-down"), "{why}");
    // No peek was made, so freezing stays open; a peek at a face-down coin still works.
    assert_eq!(g.peeked(), None);
    assert!(
        moves(&g).contains("d2-d3"),
        "the freeze of Moons' coin on d3"
    );
    play(&mut g, "peek:e4");
    assert_eq!(seen(&g, 0, 0, "e4"), Some(Value::Five));
    assert_eq!(seen(&g, 1, 0, "e4"), None);
    // Moons, to move next, may peek at their own coin under Suns' on b4 but not at their
    // face-up one on e4.
    play(&mut g, "a1-a2");
    let peeks: BTreeSet<String> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("peek:"))
        .collect();
    assert_eq!(
        peeks,
        set(&["peek:a6", "peek:b6", "peek:c5", "peek:d3", "peek:b4"])
    );
    assert!(assert_illegal(&mut g, "peek:e4").contains("Moons' coin on e4 is already face up"));
}

// ---------------------------------------------------------------------------------------------
// Ruling 10 and views: what each seat may see
// ---------------------------------------------------------------------------------------------

#[test]
fn views_hide_opponent_values_and_in_the_written_rules_own_values() {
    let g = started(false, "na2345", "2345na");
    for seat in 0..2 {
        let view = g.view(Viewer::Seat(seat));
        assert!(view.coins().all(|c| c.value.is_none()), "{view}");
        assert_eq!(
            view.to_string(),
            "written 1 a1?,b1?,c1?,d1?,e1?,f1? a6?,b6?,c6?,d6?,e6?,f6? - 012345uvwxyz1"
        );
        assert_eq!(view.legal_moves(), g.legal_moves());
    }
    assert_eq!(g.view(Viewer::Everyone), g);
    assert_eq!(
        g.to_string(),
        "written 1 a1n,b1a,c12,d13,e14,f15 a62,b63,c64,d65,e6n,f6a - 012345uvwxyz1"
    );
}

#[test]
fn views_with_own_coins_shown_show_only_own_values() {
    let g = started(true, "na2345", "2345na");
    assert_eq!(
        g.view(Viewer::Seat(0)).to_string(),
        "own 1 a1n,b1a,c12,d13,e14,f15 a6?,b6?,c6?,d6?,e6?,f6? - 012345uvwxyz1"
    );
    assert_eq!(
        g.view(Viewer::Seat(1)).to_string(),
        "own 1 a1?,b1?,c1?,d1?,e1?,f1? a62,b63,c64,d65,e6n,f6a - 012345uvwxyz1"
    );
}

#[test]
fn views_reveal_everything_at_the_end() {
    let mut g = near_the_top('n');
    play(&mut g, "c5-c6");
    for seat in 0..2 {
        let view = g.view(Viewer::Seat(seat));
        assert_eq!(view, g);
        assert!(view.coins().all(|c| c.value.is_some()));
    }
}

#[test]
fn masked_positions_parse_list_the_same_moves_and_describe_alike() {
    let mut rng = Rng::new(77);
    for own in [false, true] {
        let mut g = fresh(own);
        let mut steps = 0;
        while g.outcome().is_none() && steps < 120 {
            let legal = g.legal_moves();
            let mover = g.to_move().unwrap();
            for seat in 0..2 {
                let view = g.view(Viewer::Seat(seat));
                let back: Evade = view.to_string().parse().unwrap();
                assert_eq!(back, view);
                if seat == mover {
                    assert_eq!(view.legal_moves(), legal);
                }
                for m in legal.iter().take(40) {
                    assert_eq!(
                        view.describe_move(m, Viewer::Seat(seat)),
                        g.describe_move(m, Viewer::Seat(seat))
                    );
                }
                // A seat never sees an opponent value that is not face up.
                for c in view.seat_coins(1 - seat) {
                    assert_eq!(c.value.is_some(), c.face_up(), "{view}");
                }
                // Own values: all with "own", else the face-up ones and the peeked one.
                for c in view.seat_coins(seat) {
                    let peeked = g.peeked() == Some(c.square) && g.turn_seat() == seat;
                    assert_eq!(c.value.is_some(), own || c.face_up() || peeked, "{view}");
                }
            }
            let mut choices: Vec<&EvadeMove> =
                legal.iter().filter(|m| **m != EvadeMove::Offer).collect();
            if choices.is_empty() {
                choices = legal.iter().collect();
            }
            let m = *choices[rng.below(choices.len() as u64) as usize];
            play(&mut g, &m.to_string());
            steps += 1;
        }
    }
}

#[test]
fn seat_cards_and_table_facts_tell_only_what_the_viewer_sees() {
    let mut g = fresh(false);
    let card = g.seat_card(0);
    assert_eq!(card.side, "Suns, from row 1");
    assert_eq!((card.score, card.out), (None, false));
    assert!(g.table_facts()[0].value.contains("Suns"));
    play(&mut g, "setup:na2345");
    play(&mut g, "setup:na2345");
    assert_eq!(g.seat_label(0).as_deref(), Some("S"));
    assert_eq!(g.seat_label(1).as_deref(), Some("M"));
    let facts = g.table_facts();
    assert_eq!(facts[0].value, "0 of 100");
    play(&mut g, "peek:b1");
    assert!(g
        .view(Viewer::Seat(1))
        .table_facts()
        .iter()
        .any(|f| f.value.contains("b1")));
    // A special frozen underneath: its owner's card says "?" in the rules as written.
    let crowd = build(
        "written",
        "1",
        ["a1n", "b1a", "c32", "d33", "b44^", "f15"],
        ["a6n", "b4av", "c42", "d63", "e64", "f65"],
        "-",
    );
    let view = crowd.view(Viewer::Seat(1));
    let specials = |v: &Evade, seat| {
        v.seat_card(seat)
            .facts
            .iter()
            .find(|f| f.label == "specials frozen")
            .unwrap()
            .value
            .clone()
    };
    assert_eq!(specials(&view, 1), "?");
    assert_eq!(specials(&crowd, 1), "1");
    assert_eq!(specials(&view, 0), "0");
}

// ---------------------------------------------------------------------------------------------
// Form, options and notation
// ---------------------------------------------------------------------------------------------

#[test]
fn the_form_has_fixed_suits_and_the_own_coins_switch() {
    let info = Evade::info();
    assert_eq!(
        (info.slug, info.name, info.min_players, info.max_players),
        ("evade", "Evade", 2, 2)
    );
    assert!(info.hidden_information);
    let form = Evade::setup_form(2).unwrap();
    let SideRule::Fixed(sides) = &form.sides else {
        panic!("sides are fixed")
    };
    assert_eq!(
        sides.iter().map(|s| s.letter).collect::<Vec<_>>(),
        vec!["S", "M"]
    );
    assert_eq!(form.options.len(), 1);
    assert_eq!(form.options[0].key, "own");
    assert_eq!(form.options[0].label, "Show me my own coins");
    assert!(Evade::setup_form(3).is_err());
    let defaults = Evade::default_options(2).unwrap();
    assert_eq!(defaults, options(false));
    assert_eq!(defaults.to_string(), "rules=written");
    let mut choices = form.defaults(2);
    choices.values[0].1 = "on".into();
    assert_eq!(
        Evade::options_from(&choices).unwrap().to_string(),
        "rules=own"
    );
    let bad = SetupChoices {
        sides: vec!["M".into(), "S".into()],
        values: vec![("own".into(), "off".into())],
    };
    assert!(Evade::options_from(&bad).is_err());
    let bad = SetupChoices {
        sides: vec!["S".into(), "M".into()],
        values: vec![("own".into(), "maybe".into())],
    };
    assert!(Evade::options_from(&bad).is_err());
    for text in ["rules=written", "rules=own"] {
        assert_eq!(text.parse::<EvadeOptions>().unwrap().to_string(), text);
    }
    for bad in ["", "own", "rules=", "rules=own2", "rules=WRITTEN"] {
        assert!(bad.parse::<EvadeOptions>().is_err(), "{bad}");
    }
}

#[test]
fn moves_round_trip_and_garbage_does_not_parse() {
    for text in [
        "setup:na2345",
        "setup:5432an",
        "peek:c1",
        "a1-b2",
        "f6-e5",
        "pass",
        "offer",
        "accept",
        "decline",
    ] {
        assert_eq!(mv::<EvadeMove>(text).to_string(), text);
    }
    for bad in [
        "",
        "-",
        "a1",
        "a1-",
        "-a1",
        "a1-g1",
        "a1b2",
        "peek:",
        "peek:z9",
        "setup:",
        "setup:na23456",
        "setup:na2344",
        "setup:NA2345",
        "setup:na23x5",
        "Pass",
        "offer!",
        "a1-a2-a3",
        "é1-a2",
        "a１-a2",
    ] {
        assert!(bad.parse::<EvadeMove>().is_err(), "{bad}");
    }
}

#[test]
fn positions_round_trip_through_notation_and_serde() {
    let mut g = fresh(false);
    assert_eq!(g.to_string(), "written setup1 - - - -");
    play(&mut g, "setup:na2345");
    assert_eq!(
        g.to_string(),
        "written setup2 a1n,b1a,c12,d13,e14,f15 - - -"
    );
    play(&mut g, "setup:na2345");
    play(&mut g, "offer");
    assert_eq!(
        g.to_string(),
        "written 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 offer 012345uvwxyz1"
    );
    play(&mut g, "decline");
    play(&mut g, "peek:c1");
    assert!(g.to_string().contains(" declined,peek=c1 "));
    play(&mut g, "c1-c2");
    assert_eq!(
        g.to_string(),
        "written 2 a1n,b1a,c22,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 012345uvwxyz1,018345uvwxyz2"
    );
    let json = serde_json::to_string(&g).unwrap();
    assert_eq!(json, format!("\"{g}\""));
    assert_eq!(serde_json::from_str::<Evade>(&json).unwrap(), g);
    assert!(serde_json::from_str::<Evade>("\"written 9\"").is_err());
    let m: EvadeMove = serde_json::from_str("\"peek:c1\"").unwrap();
    assert_eq!(m, EvadeMove::Peek(sq("c1")));
    let o: EvadeOptions = serde_json::from_str("\"rules=own\"").unwrap();
    assert_eq!(o, options(true));
    // A finished game: the last key says who would have moved.
    let mut g = near_the_top('n');
    play(&mut g, "c5-c6");
    assert!(g.to_string().starts_with("written won1-row "));
    assert!(g.to_string().contains("c6n!"));
}

#[test]
fn the_documented_example_parses_and_masks_as_documented() {
    let g: Evade = "written 1 a1n,b1a,c12,d13,e14,f15 a65,b64,c63,d62,e6a,f6n - 012345uvwxyz1"
        .parse()
        .unwrap();
    assert_eq!(
        g.view(Viewer::Seat(1)).to_string(),
        "written 1 a1?,b1?,c1?,d1?,e1?,f1? a6?,b6?,c6?,d6?,e6?,f6? - 012345uvwxyz1"
    );
}

#[test]
fn the_named_view_checks_pass_on_chosen_positions() {
    let mut peeked = crowd();
    play(&mut peeked, "peek:c3");
    let mut offered = crowd();
    play(&mut offered, "offer");
    let mut frozen = crowd();
    play(&mut frozen, "c3-c4");
    let mut half_set_up = fresh(true);
    play(&mut half_set_up, "setup:na2345");
    for g in [
        crowd(),
        peeked,
        offered,
        frozen,
        walled_in("passed"),
        only_freezes(),
        fresh(false),
        half_set_up,
        near_the_top('a'),
    ] {
        let mut report = Report::default();
        check_views(&g, &g.legal_moves(), &mut report).unwrap_or_else(|e| panic!("{g}: {e}"));
        assert_eq!(report.views_checked, 2);
    }
}

#[test]
fn bad_positions_are_errors_not_panics() {
    let good = "written 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 012345uvwxyz1";
    assert!(good.parse::<Evade>().is_ok());
    for bad in [
        "",
        "written",
        "written 1",
        "written 3 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 012345uvwxyz1",
        "mine 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 012345uvwxyz1",
        // Two blanks.
        "written 1 a1n,b1n,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 012345uvwxyz1",
        // Five coins.
        "written 1 a1n,b1a,c12,d13,e14 a6n,b6a,c62,d63,e64,f65 - 012345uvwxyz1",
        // Two coins of one side on a square.
        "written 1 a1n,a1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 002345uvwxyz1",
        // A lone frozen coin.
        "written 1 a1n,b1a,c12^,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 012345uvwxyz1",
        // The key is not the current position.
        "written 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 012345uvwxyz2",
        "written 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 012345uvwxy",
        "written 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - -",
        // Flags out of order, unknown, or impossible.
        "written 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 offer,passed 012345uvwxyz1",
        "written 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 hello 012345uvwxyz1",
        "written 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 peek=a6 012345uvwxyz1",
        "own 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 peek=a1 012345uvwxyz1",
        "written 1 a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 offer,peek=a1 012345uvwxyz1",
        // A special in the far row while play goes on.
        "written 1 a6n,b1a,c12,d13,e14,f15 a5n,b6a,c62,d63,e64,f65 - u12345ovwxyz1",
        // A won game without the winning coin shown.
        "written won1-row a1n,b1a,c12,d13,e14,f15 a6n,b6a,c62,d63,e64,f65 - 012345uvwxyz2",
        // Setup out of order.
        "written setup1 a1n,b1a,c12,d13,e14,f15 - - -",
        "written setup2 - a6n,b6a,c62,d63,e64,f65 - -",
        "written setup2 a1n,b1a,c12,d13,e14,f15 - - 012345uvwxyz1",
    ] {
        assert!(bad.parse::<Evade>().is_err(), "{bad}");
    }
}

#[test]
fn garbage_and_mutated_input_never_panics() {
    let mut rng = Rng::new(31337);
    let mut game = fresh(false);
    let mut samples = vec![game.to_string()];
    play(&mut game, "setup:na2345");
    play(&mut game, "setup:2345an");
    for m in ["peek:b1", "c1-c2", "offer", "decline", "c6-c5", "c2-c3"] {
        play(&mut game, m);
        samples.push(game.to_string());
        samples.push(game.view(Viewer::Seat(0)).to_string());
    }
    let alphabet: Vec<char> = "abcdefgn?123456789!^v-,= :xyzéS\u{0}".chars().collect();
    for _ in 0..4000 {
        let base = &samples[rng.below(samples.len() as u64) as usize];
        let mut chars: Vec<char> = base.chars().collect();
        for _ in 0..=rng.below(3) {
            let at = rng.below(chars.len() as u64 + 1) as usize;
            let c = alphabet[rng.below(alphabet.len() as u64) as usize];
            match rng.below(3) {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(g) = text.parse::<Evade>() {
            assert!(g.check_invariants().is_ok());
            assert_eq!(g.to_string().parse::<Evade>().unwrap(), g);
            let _ = g.legal_moves();
            let _ = g.view(Viewer::Seat(1));
        }
        let _ = text.parse::<EvadeMove>();
        let _ = text.parse::<EvadeOptions>();
        let short: String = text.chars().take(rng.below(16) as usize).collect();
        if let Ok(m) = short.parse::<EvadeMove>() {
            assert_eq!(m.to_string().parse::<EvadeMove>().unwrap(), m);
            let mut copy = game.clone();
            if copy.play(&m).is_err() {
                assert_eq!(copy, game);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The generic check
// ---------------------------------------------------------------------------------------------

#[test]
fn passes_the_generic_conformance_check() {
    let report = check_random_games::<Evade>(100, 20_260_611).unwrap_or_else(|e| panic!("{e}"));
    println!("{report:?}");
    assert_eq!(report.games, 100);
    assert!(report.views_checked > 0);
    assert!(report.descriptions_checked > 0);
    assert!(report.unlisted_tried > 0);
}

/// What `tests/all_games.rs` runs once the game is registered (about half a minute in a
/// debug build): `cargo test --test evade_rules -- --ignored`.
#[test]
#[ignore = "long: the 1,000 games tests/all_games.rs already runs, kept to run by hand"]
fn passes_the_generic_check_over_a_thousand_games() {
    let report = check_random_games::<Evade>(1000, 20_261_123).unwrap_or_else(|e| panic!("{e}"));
    println!("{report:?}");
    assert_eq!(report.games, 1000);
}

// ---------------------------------------------------------------------------------------------
// An independent model of the rulings
// ---------------------------------------------------------------------------------------------

/// The rulings re-derived on a plain board: each square holds its coins bottom to top as
/// (seat, value 0..6 with 0 the blank and 1 the ace). Positions for repetition are kept whole
/// (every coin with its value and frozen state, and the seat to move), never forgotten.
#[derive(Clone)]
struct Model {
    own: bool,
    board: BTreeMap<(i32, i32), Vec<(usize, usize)>>,
    setting_up: Option<usize>,
    turn: usize,
    peeked: Option<(i32, i32)>,
    offer_pending: bool,
    offered_this_turn: bool,
    last_was_pass: bool,
    quiet_turns: usize,
    seen: Vec<Snapshot>,
    /// `Some(Some(seat))` won by that seat, `Some(None)` a draw.
    result: Option<Option<usize>>,
}

/// A whole position: every coin (square, seat, value, frozen), sorted, and the seat to move.
type Snapshot = (Vec<((i32, i32), usize, usize, bool)>, usize);

/// A step: from, to, and whether it freezes.
type ModelStep = ((i32, i32), (i32, i32), bool);

const VALUE_LETTERS: [char; 6] = ['n', 'a', '2', '3', '4', '5'];

fn square_name((x, y): (i32, i32)) -> String {
    format!("{}{}", char::from(b'a' + x as u8), y + 1)
}

impl Model {
    fn new(own: bool) -> Self {
        Model {
            own,
            board: BTreeMap::new(),
            setting_up: Some(0),
            turn: 0,
            peeked: None,
            offer_pending: false,
            offered_this_turn: false,
            last_was_pass: false,
            quiet_turns: 0,
            seen: Vec::new(),
            result: None,
        }
    }

    fn snapshot(&self) -> Snapshot {
        let mut coins = Vec::new();
        for (&at, stack) in &self.board {
            for &(seat, value) in stack {
                coins.push((at, seat, value, stack.len() == 2));
            }
        }
        coins.sort();
        (coins, self.turn)
    }

    fn to_move(&self) -> Option<usize> {
        if self.result.is_some() {
            None
        } else if let Some(s) = self.setting_up {
            Some(s)
        } else if self.offer_pending {
            Some(1 - self.turn)
        } else {
            Some(self.turn)
        }
    }

    /// (from, to, freezes) for the player whose turn it is, ignoring the peek.
    fn steps(&self) -> Vec<ModelStep> {
        let mut out = Vec::new();
        for (&from, stack) in &self.board {
            if stack.len() != 1 || stack[0].0 != self.turn {
                continue;
            }
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if (dx, dy) == (0, 0) {
                        continue;
                    }
                    let to = (from.0 + dx, from.1 + dy);
                    if !(0..6).contains(&to.0) || !(0..6).contains(&to.1) {
                        continue;
                    }
                    match self.board.get(&to).map(Vec::as_slice) {
                        None | Some([]) => out.push((from, to, false)),
                        Some([(owner, _)]) if *owner != self.turn => out.push((from, to, true)),
                        _ => {}
                    }
                }
            }
        }
        out
    }

    fn moves(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        if self.result.is_some() {
            return out;
        }
        if self.setting_up.is_some() {
            for p in 0..720usize {
                // The p-th arrangement in any order: all 720 are listed.
                let mut pool: Vec<char> = VALUE_LETTERS.to_vec();
                let mut code = p;
                let mut text = String::from("setup:");
                for k in (1..=6).rev() {
                    text.push(pool.remove(code % k));
                    code /= k;
                }
                out.insert(text);
            }
            return out;
        }
        if self.offer_pending {
            out.insert("accept".to_string());
            out.insert("decline".to_string());
            return out;
        }
        let steps = self.steps();
        let allowed: Vec<_> = steps
            .iter()
            .filter(|s| !(s.2 && self.peeked.is_some()))
            .collect();
        for (from, to, _) in &allowed {
            out.insert(format!("{}-{}", square_name(*from), square_name(*to)));
        }
        if allowed.is_empty() {
            out.insert("pass".to_string());
        }
        if !self.own && self.peeked.is_none() && steps.iter().any(|s| !s.2) {
            for (&at, stack) in &self.board {
                // An own coin face down: alone, or under a frozen pair. The top of a pair
                // (the coin that moved onto the other) lies face up: no peek (ruling 9).
                let face_down_own = match stack.as_slice() {
                    [lone] => lone.0 == self.turn,
                    [under, _top] => under.0 == self.turn,
                    _ => false,
                };
                if face_down_own {
                    out.insert(format!("peek:{}", square_name(at)));
                }
            }
        }
        if !self.offered_this_turn && self.peeked.is_none() {
            out.insert("offer".to_string());
        }
        out
    }

    fn end_turn(&mut self, pass: bool, froze: bool) {
        let two = pass && self.last_was_pass;
        self.last_was_pass = pass;
        self.peeked = None;
        self.offered_this_turn = false;
        self.turn = 1 - self.turn;
        self.quiet_turns = if froze { 0 } else { self.quiet_turns + 1 };
        let snap = self.snapshot();
        let count = self.seen.iter().filter(|s| **s == snap).count() + 1;
        self.seen.push(snap);
        if two || count >= 3 || self.quiet_turns >= 100 {
            self.result = Some(None);
        }
    }

    fn play(&mut self, text: &str) {
        if let Some(rest) = text.strip_prefix("setup:") {
            let seat = self.setting_up.unwrap();
            let row = if seat == 0 { 0 } else { 5 };
            for (x, c) in rest.chars().enumerate() {
                let v = VALUE_LETTERS.iter().position(|&l| l == c).unwrap();
                self.board.insert((x as i32, row), vec![(seat, v)]);
            }
            self.setting_up = if seat == 0 { Some(1) } else { None };
            if seat == 1 {
                self.turn = 0;
                self.seen.push(self.snapshot());
            }
            return;
        }
        match text {
            "offer" => {
                self.offer_pending = true;
                self.offered_this_turn = true;
            }
            "decline" => self.offer_pending = false,
            "accept" => self.result = Some(None),
            "pass" => self.end_turn(true, false),
            _ => {
                if let Some(at) = text.strip_prefix("peek:") {
                    self.peeked = Some(parse_sq(at));
                    return;
                }
                let (from, to) = text.split_once('-').unwrap();
                let (from, to) = (parse_sq(from), parse_sq(to));
                let coin = self.board.remove(&from).unwrap()[0];
                let stack = self.board.entry(to).or_default();
                stack.push(coin);
                let froze = stack.len() == 2;
                let special = coin.1 < 2;
                let far = if coin.0 == 0 { 5 } else { 0 };
                let specials_frozen = self
                    .board
                    .values()
                    .filter(|s| s.len() == 2)
                    .flatten()
                    .filter(|c| c.1 < 2)
                    .count();
                let mover = self.turn;
                self.end_turn(false, froze);
                if froze && special {
                    self.result = Some(Some(1 - mover));
                } else if froze && specials_frozen == 4 {
                    self.result = Some(None);
                } else if !froze && special && to.1 == far {
                    self.result = Some(Some(mover));
                }
            }
        }
    }

    /// Whether `viewer` may see the value of the coin of `seat` at `at`.
    fn visible(&self, viewer: usize, seat: usize, at: (i32, i32)) -> bool {
        if self.result.is_some() {
            return true;
        }
        let stack = &self.board[&at];
        let on_top = stack.len() == 2 && stack[1].0 == seat;
        on_top
            || (viewer == seat
                && (self.own
                    || (self.peeked == Some(at) && self.turn == seat && self.setting_up.is_none())))
    }
}

fn parse_sq(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
}

#[test]
fn random_games_agree_with_an_independent_model() {
    let mut rng = Rng::new(0xE7ADE);
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    for game_no in 0..60u64 {
        let own = game_no % 2 == 0;
        let mut game = fresh(own);
        let mut model = Model::new(own);
        let mut last_step: [Option<String>; 2] = [None, None];
        loop {
            let expected = model.moves();
            assert_eq!(moves(&game), expected, "legal moves of {game}");
            assert_eq!(game.to_move(), model.to_move(), "{game}");
            // The board: every coin with its value and state.
            let mut engine_board: BTreeMap<(i32, i32), Vec<(usize, usize)>> = BTreeMap::new();
            for sq in Square::all() {
                let here = game.coins_at(sq);
                if !here.is_empty() {
                    engine_board.insert(
                        (sq.file(), sq.rank()),
                        here.iter()
                            .map(|c| {
                                let v = c.value.unwrap();
                                (c.owner, Value::ALL.iter().position(|&w| w == v).unwrap())
                            })
                            .collect(),
                    );
                }
            }
            assert_eq!(engine_board, model.board, "{game}");
            // What each seat sees.
            if model.setting_up.is_none() {
                for viewer in 0..2 {
                    let view = game.view(Viewer::Seat(viewer));
                    for c in view.coins() {
                        let at = (c.square.file(), c.square.rank());
                        assert_eq!(
                            c.value.is_some(),
                            model.visible(viewer, c.owner, at),
                            "seat {viewer} sees the coin on {} in {view}",
                            c.square
                        );
                    }
                }
            }
            if let Some(result) = model.result {
                let outcome = game.outcome().expect("the model says the game is over");
                match result {
                    Some(w) => assert_eq!(outcome.winners, vec![w], "{game}"),
                    None => assert!(outcome.is_draw(), "{game}"),
                }
                let end = game.end().expect("over").code().to_string();
                *endings.entry(end).or_default() += 1;
                break;
            }
            assert_eq!(game.outcome(), None);
            // Offers now and then, mostly declined. Policy 0 plays at random; policy 1 rarely
            // freezes (long games, 100-turn draws); policy 2 also likes to step back where it
            // came from (repetitions).
            let policy = game_no % 3;
            let freezes = |m: &String| {
                m.split_once('-')
                    .is_some_and(|(f, t)| game.is_freeze(sq(f), sq(t)))
            };
            let list: Vec<&String> = expected
                .iter()
                .filter(|m| match m.as_str() {
                    "offer" => rng.below(60) == 0,
                    "accept" => rng.below(4) == 0,
                    _ => policy == 0 || !freezes(m) || rng.below(30) == 0,
                })
                .collect();
            let list = if list.is_empty() {
                expected.iter().collect()
            } else {
                list
            };
            let back = game
                .to_move()
                .and_then(|s| last_step[s].clone())
                .filter(|b| policy == 2 && expected.contains(b) && rng.below(3) > 0);
            // Setups are drawn at random, not from the sorted list's first few.
            let choice = if model.setting_up.is_some() {
                random_setup(&mut rng).to_string()
            } else if let Some(back) = back {
                back
            } else {
                list[rng.below(list.len() as u64) as usize].clone()
            };
            if let (Some(seat), Some((f, t))) = (game.to_move(), choice.split_once('-')) {
                last_step[seat] = Some(format!("{t}-{f}"));
            }
            play(&mut game, &choice);
            model.play(&choice);
        }
    }
    println!("{endings:?}");
    for end in [
        "lost1-froze",
        "lost2-froze",
        "won1-row",
        "won2-row",
        "draw-repetition",
        "draw-100",
    ] {
        assert!(endings.contains_key(end), "no {end} in {endings:?}");
    }
}
