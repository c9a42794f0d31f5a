#![cfg(not(target_arch = "wasm32"))]
//! Stack Control rules scenarios, grouped by ruling
//! (1 to 8; the in-app rules page `static/rules/stack-control.html` states them), then notation.
//!
//! Positions are written in the position notation (see `notation.rs`): ranks 8 to 1 split by
//! `/`, squares a to h split by `,`, `-` for an empty square, a stack bottom to top as
//! colour letter + pip count; then the seat colours (lower case = out) and the seat to move.

mod rules_support;

use rules_support::*;
use std::collections::BTreeSet;

use stackplay::core::{Game, NotationError, PlayError, Rng, Seat, Viewer};
use stackplay::games::stack_control::{
    Colour, Pyramid, Size, Square, StackControl, StackControlOptions, StackMove, COLOURS,
    PYRAMIDS_PER_KIND,
};
use stackplay::record::{GameRecord, PlayerInfo};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("bad square {name}: {e}"))
}

/// The position notation for the given stacks (every other square empty), seats and seat to
/// move (counted from 1).
fn notation(stacks: &[(&str, &str)], seats: &str, to_move: usize) -> String {
    let mut grid = vec![vec![String::from("-"); 8]; 8];
    for &(name, stack) in stacks {
        let s = sq(name);
        let cell = &mut grid[s.rank() as usize][s.file() as usize];
        assert_eq!(cell, "-", "{name} given twice");
        *cell = stack.to_string();
    }
    let ranks: Vec<String> = (0..8).rev().map(|r| grid[r].join(",")).collect();
    format!("{} {seats} {to_move}", ranks.join("/"))
}

/// Parses a position built by [`notation`].
fn position(stacks: &[(&str, &str)], seats: &str, to_move: usize) -> StackControl {
    let text = notation(stacks, seats, to_move);
    text.parse()
        .unwrap_or_else(|e| panic!("{text} does not parse: {e}"))
}

fn stack_text(stack: &[Pyramid]) -> String {
    stack
        .iter()
        .map(|p| format!("{}{}", p.colour.letter(), p.size.pips()))
        .collect()
}

/// Every occupied square as `c3=R1B2`, a1 first.
fn occupied(game: &StackControl) -> Vec<String> {
    Square::all()
        .filter(|&s| !game.stack(s).is_empty())
        .map(|s| format!("{s}={}", stack_text(game.stack(s))))
        .collect()
}

/// Where the legal moves from `from` go.
fn targets(game: &StackControl, from: &str) -> BTreeSet<String> {
    let from = sq(from);
    game.legal_moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// Plays a move after the end, which must be refused, and checks nothing changed.
fn assert_game_over_refuses(game: &mut StackControl, text: &str) {
    let before = game.clone();
    assert_eq!(game.play(&mv(text)), Err(PlayError::GameOver));
    assert_eq!(*game, before);
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
}

fn scoreboard(game: &StackControl) -> (Vec<Seat>, Vec<i64>) {
    let outcome = game
        .outcome()
        .unwrap_or_else(|| panic!("{game} is not over"));
    let scores = outcome.scores.clone().expect("Stack Control keeps score");
    (outcome.winners, scores)
}

fn options(text: &str) -> StackControlOptions {
    text.parse()
        .unwrap_or_else(|e| panic!("bad options {text}: {e}"))
}

// ---------------------------------------------------------------------------------------------
// Rulings 1 and 2: the board and the seeded setup
// ---------------------------------------------------------------------------------------------

#[test]
fn setup_puts_one_pyramid_on_each_of_the_sixty_non_corner_squares() {
    for players in 2..=5 {
        let opts = StackControl::default_options(players).unwrap();
        for seed in [0, 1, 2, 42, 12_345, u64::MAX] {
            let game = StackControl::new(&opts, seed).unwrap();
            for corner in ["a1", "h1", "a8", "h8"] {
                assert!(game.stack(sq(corner)).is_empty(), "{corner} is not empty");
            }
            let mut filled = 0;
            for s in Square::all() {
                if s.is_corner() {
                    assert!(game.stack(s).is_empty());
                } else {
                    assert_eq!(game.stack(s).len(), 1, "{s} should hold one pyramid");
                    filled += 1;
                }
            }
            assert_eq!(filled, 60);
            game.check_invariants().unwrap();
        }
    }
}

#[test]
fn setup_uses_four_of_each_colour_and_size_with_all_five_colours_even_for_two_players() {
    assert_eq!(PYRAMIDS_PER_KIND, 4);
    for players in 2..=5 {
        let opts = StackControl::default_options(players).unwrap();
        for seed in [3, 7, 1_000_000] {
            let game = StackControl::new(&opts, seed).unwrap();
            let mut counts = [[0usize; 3]; 5];
            for s in Square::all() {
                for p in game.stack(s) {
                    counts[p.colour.index()][usize::from(p.size.pips() - 1)] += 1;
                }
            }
            assert_eq!(counts, [[4; 3]; 5], "{players} players, seed {seed}");
            for colour in COLOURS {
                assert_eq!(game.count_on_board(colour), 12);
                for size in Size::ALL {
                    assert_eq!(game.removed(colour, size), 0);
                }
            }
        }
    }
}

#[test]
fn same_seed_rebuilds_the_same_board() {
    let opts = options("colours=RB");
    for seed in [0, 1, 99, u64::MAX] {
        let a = StackControl::new(&opts, seed).unwrap();
        let b = StackControl::new(&opts, seed).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), b.to_string());
    }
    // The seed is part of the game record: the record rebuilds the very same start.
    let players = vec![
        PlayerInfo {
            name: "Ann".into(),
            colour: "R".into(),
            computer: None,
        },
        PlayerInfo {
            name: "Bob".into(),
            colour: "B".into(),
            computer: None,
        },
    ];
    let record = GameRecord::new("stack-control", "colours=RB", 2024, players);
    let timeline = record.timeline().unwrap();
    let start = timeline
        .position(0)
        .as_any()
        .downcast_ref::<StackControl>()
        .unwrap();
    assert_eq!(*start, StackControl::new(&opts, 2024).unwrap());
}

#[test]
fn a_seed_always_gives_this_exact_board() {
    // Pinned so that a change to the shuffle (which would break every saved record) is noticed.
    let game = StackControl::new(&options("colours=RB"), 1).unwrap();
    assert_eq!(game.to_string(), SEED_1_BOARD);
}

const SEED_1_BOARD: &str = "-,Y3,G3,G3,R3,B2,R2,-/Y1,K3,B3,B1,R1,G1,G2,R3/\
                            Y3,R2,K2,Y3,Y3,G2,Y1,B1/K2,R2,R3,B2,K1,G1,K1,R1/\
                            Y2,K1,K3,B1,G3,Y1,Y2,Y2/G2,Y2,B3,K2,K1,R1,K3,R1/\
                            B1,B2,B3,K3,G1,R3,G3,Y1/-,B3,G1,B2,G2,R2,K2,- RB 2";

#[test]
fn different_seeds_give_different_boards() {
    let opts = options("colours=RB");
    let boards: Vec<Vec<String>> = (0..30)
        .map(|seed| occupied(&StackControl::new(&opts, seed).unwrap()))
        .collect();
    for i in 0..boards.len() {
        for j in i + 1..boards.len() {
            assert_ne!(
                boards[i], boards[j],
                "seeds {i} and {j} give the same board"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Ruling 3: players, colours, turn order
// ---------------------------------------------------------------------------------------------

#[test]
fn two_to_five_players_each_with_a_different_colour() {
    for n in [0, 1, 6, 7] {
        assert!(StackControl::default_options(n).is_err(), "{n} players");
    }
    for n in 2..=5 {
        let opts = StackControl::default_options(n).unwrap();
        assert_eq!(opts.colours.len(), n);
        let distinct: BTreeSet<Colour> = opts.colours.iter().copied().collect();
        assert_eq!(distinct.len(), n);
        let game = StackControl::new(&opts, 9).unwrap();
        assert_eq!(game.seats(), n);
        assert_eq!(game.colours(), &opts.colours[..]);
        assert!((0..n).all(|s| game.is_in(s)));
    }
    let bad = [
        vec![Colour::Red],
        vec![],
        vec![Colour::Red, Colour::Red],
        vec![Colour::Red, Colour::Blue, Colour::Blue],
        vec![
            Colour::Red,
            Colour::Yellow,
            Colour::Green,
            Colour::Blue,
            Colour::Black,
            Colour::Red,
        ],
    ];
    for colours in bad {
        let opts = StackControlOptions {
            colours: colours.clone(),
        };
        assert!(
            StackControl::new(&opts, 1).is_err(),
            "{colours:?} should not start a game"
        );
    }
    let five = options("colours=KGBYR");
    let game = StackControl::new(&five, 1).unwrap();
    assert_eq!(
        game.colours(),
        &[
            Colour::Black,
            Colour::Green,
            Colour::Blue,
            Colour::Yellow,
            Colour::Red
        ]
    );
}

#[test]
fn the_seat_that_picked_last_moves_first_then_seat_order_wraps() {
    for players in 2..=5 {
        let mut game =
            StackControl::new(&StackControl::default_options(players).unwrap(), 5).unwrap();
        assert_eq!(game.to_move(), Some(players - 1), "{players} players");
        for k in 0..3 * players {
            // Seat n first, then 1, 2, ..., n, 1, ...
            assert_eq!(game.to_move(), Some((players - 1 + k) % players));
            let first = game.legal_moves()[0];
            play(&mut game, &first.to_string());
            assert!((0..players).all(|s| game.is_in(s)));
        }
    }
}

#[test]
fn turn_passes_in_seat_order_from_any_seat() {
    // Three seats, seat 2 to move: then 3, then 1, then 2.
    let mut game = position(
        &[
            ("a2", "Y1"),
            ("b2", "Y1"),
            ("c2", "K1"),
            ("d2", "K1"),
            ("e2", "R1"),
            ("f2", "B1"),
            ("g2", "G1"),
        ],
        "RBG",
        2,
    );
    assert_eq!(game.to_move(), Some(1));
    play(&mut game, "a2-b2");
    assert_eq!(game.to_move(), Some(2));
    play(&mut game, "c2-d2");
    assert_eq!(game.to_move(), Some(0));
    play(&mut game, "f2-g2");
    assert_eq!(game.to_move(), Some(1));
    assert_eq!(occupied(&game), ["b2=Y1Y1", "d2=K1K1", "e2=R1", "g2=G1B1"]);
}

// ---------------------------------------------------------------------------------------------
// Ruling 4: moves
// ---------------------------------------------------------------------------------------------

/// A red queen (on a green pawn) on d4 with stacks around it.
const STAR: [(&str, &str); 13] = [
    ("d4", "G1R3"),
    ("d7", "Y1"),
    ("g7", "Y2"),
    ("g4", "Y3"),
    ("g1", "K1"),
    ("d1", "K2"),
    ("a1", "K3"),
    ("a4", "B1"),
    ("d5", "B2"),
    ("e5", "G2"),
    ("f6", "G3"),
    ("c4", "R1"),
    ("b4", "R2"),
];

fn star() -> StackControl {
    position(&STAR, "RB", 1)
}

#[test]
fn a_stack_moves_as_far_as_its_top_pips_in_all_eight_directions() {
    let game = star();
    // Queen on top (the pawn below does not count): exactly 3 squares, onto a stack. North
    // passes a stack and an empty square, north-east two stacks, west two stacks, east and
    // the south-going lines empty squares; a7 (north-west) is empty, so it is no target.
    assert_eq!(
        targets(&game, "d4"),
        set(&["d7", "g7", "g4", "g1", "d1", "a1", "a4"])
    );
    // A pawn goes one square, orthogonally or diagonally.
    assert_eq!(targets(&game, "c4"), set(&["b4", "d4", "d5"]));
    // Drones go exactly two squares: not onto the adjacent stacks.
    assert_eq!(targets(&game, "d5"), set(&["d7"]));
    assert_eq!(targets(&game, "e5"), set(&["g7"]));
    assert_eq!(targets(&game, "b4"), set(&["d4"]));
    // A pawn next to nothing but an empty square cannot move.
    assert_eq!(targets(&game, "d7"), set(&[]));
    // destinations() agrees with legal_moves().
    let dest: BTreeSet<String> = game
        .destinations(sq("d4"))
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(dest, targets(&game, "d4"));
}

#[test]
fn a_stack_never_leaves_the_board_nor_wraps_around_an_edge() {
    let game = position(
        &[
            ("b2", "R3"),
            ("b5", "B1"),
            ("e5", "Y1"),
            ("e2", "G1"),
            // g1 is where b2 would land going 3 west if the board wrapped (index 9 - 3).
            ("g1", "K1"),
            ("h4", "B2"),
            ("h6", "Y2"),
            ("f4", "G2"),
            // b7 is where h4 would land going 2 north-east with wrapping (index 31 + 18).
            ("b7", "K2"),
        ],
        "RB",
        1,
    );
    assert_eq!(targets(&game, "b2"), set(&["b5", "e5", "e2"]));
    assert_eq!(targets(&game, "h4"), set(&["h6", "f4"]));
}

#[test]
fn the_whole_stack_moves_over_other_stacks_and_goes_on_top_in_order() {
    let mut game = star();
    play(&mut game, "d4-a4");
    let expected = position(
        &[
            ("d7", "Y1"),
            ("g7", "Y2"),
            ("g4", "Y3"),
            ("g1", "K1"),
            ("d1", "K2"),
            ("a1", "K3"),
            ("a4", "B1G1R3"),
            ("d5", "B2"),
            ("e5", "G2"),
            ("f6", "G3"),
            ("c4", "R1"),
            ("b4", "R2"),
        ],
        "RB",
        2,
    );
    assert_eq!(game, expected);
    assert_eq!(
        game.stack(sq("a4")),
        &[
            Pyramid {
                colour: Colour::Blue,
                size: Size::Pawn
            },
            Pyramid {
                colour: Colour::Green,
                size: Size::Pawn
            },
            Pyramid {
                colour: Colour::Red,
                size: Size::Queen
            },
        ]
    );
    // The queen on top of a4 now moves three squares from there.
    assert_eq!(targets(&game, "a4"), set(&["a1", "d1", "d7"]));
}

#[test]
fn a_tall_stack_moves_whole_and_lands_on_top() {
    let mut game = position(&[("c3", "R1B2"), ("e5", "G3Y1"), ("h8", "K1")], "RB", 1);
    play(&mut game, "c3-e5");
    assert_eq!(game, position(&[("e5", "G3Y1R1B2"), ("h8", "K1")], "RB", 2));
}

#[test]
fn any_stack_may_be_moved_whatever_colour_is_on_top() {
    let mut game = star();
    // Seat 1 (red) may move a blue-topped stack or one topped by green, which nobody picked.
    let legal = game.legal_moves();
    assert!(legal.contains(&mv("d5-d7")));
    assert!(legal.contains(&mv("e5-g7")));
    play(&mut game, "e5-g7");
    assert_eq!(game.stack(sq("g7")).len(), 2);
    assert_eq!(stack_text(game.stack(sq("g7"))), "Y2G2");
    // Seat 2 (blue) may move a red-topped stack.
    assert_eq!(game.to_move(), Some(1));
    play(&mut game, "c4-d4");
    assert_eq!(stack_text(game.stack(sq("d4"))), "G1R3R1");
    assert!(game.stack(sq("c4")).is_empty());
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut game = star();
    // Right distance, but onto an empty square.
    assert_illegal(&mut game, "d4-a7");
    // A queen cannot stop short on a stack one or two squares away, nor on an empty square.
    assert_illegal(&mut game, "d4-d5");
    assert_illegal(&mut game, "d4-e5");
    assert_illegal(&mut game, "d4-b4");
    assert_illegal(&mut game, "d4-d6");
    // A pawn goes exactly one square, not two.
    assert_illegal(&mut game, "c4-a4");
    // Not in a straight line, although a stack is there.
    assert_illegal(&mut game, "c4-e5");
    assert_illegal(&mut game, "b4-d5");
    // A queen cannot stop two squares away on a stack either.
    assert_illegal(&mut game, "d4-f6");
    // The bottom pyramid's pips do not count (a pawn under the queen).
    assert_illegal(&mut game, "d4-c4");
    // From an empty square, and onto itself.
    assert_illegal(&mut game, "e4-e5");
    assert_illegal(&mut game, "d4-d4");
    // The position is still the original one, and still plays.
    assert_eq!(game, star());
    play(&mut game, "d4-d7");
    assert_eq!(stack_text(game.stack(sq("d7"))), "Y1G1R3");
}

// ---------------------------------------------------------------------------------------------
// Ruling 5: captures
// ---------------------------------------------------------------------------------------------

#[test]
fn three_pyramids_of_one_size_leave_the_game_whatever_their_colours() {
    let mut game = position(
        &[("e4", "R1G3Y1"), ("f4", "B1"), ("a8", "R2"), ("h1", "B3")],
        "RB",
        1,
    );
    let before = game.clone();
    // The move list says what a move captured.
    assert_eq!(
        game.describe_move(&mv("f4-e4"), Viewer::Everyone),
        "blue pawn moves f4 to e4, captures three pawns: red, yellow, blue"
    );
    assert_eq!(
        game.describe_move(&mv("h1-e4"), Viewer::Everyone),
        "blue queen moves h1 to e4"
    );
    // An illegal move reads as its notation.
    assert_eq!(game.describe_move(&mv("a8-h1"), Viewer::Everyone), "a8-h1");
    play(&mut game, "f4-e4");
    assert_eq!(
        game,
        position(&[("e4", "G3"), ("a8", "R2"), ("h1", "B3")], "RB", 2)
    );
    for colour in [Colour::Red, Colour::Yellow, Colour::Blue] {
        assert_eq!(
            game.removed(colour, Size::Pawn),
            before.removed(colour, Size::Pawn) + 1
        );
    }
    assert_eq!(
        game.removed(Colour::Green, Size::Queen),
        before.removed(Colour::Green, Size::Queen)
    );
    assert_eq!(game.count_on_board(Colour::Red), 1);
    assert_eq!(game.count_on_board(Colour::Blue), 1);
}

#[test]
fn two_sizes_can_be_captured_at_once_and_the_rest_keeps_its_order() {
    let mut game = position(
        &[("c3", "G3Y1G2R3K2B1"), ("c5", "R1Y2"), ("g8", "B3")],
        "RB",
        2,
    );
    // The drone on top of c5 goes two squares south onto c3: three pawns and three drones.
    assert_eq!(
        game.describe_move(&mv("c5-c3"), Viewer::Everyone),
        "yellow drone (stack of 2) moves c5 to c3, captures three pawns: red, yellow, blue \
         and three drones: yellow, green, black"
    );
    play(&mut game, "c5-c3");
    assert_eq!(game, position(&[("c3", "G3R3"), ("g8", "B3")], "RB", 1));
}

#[test]
fn the_tallest_stacks_meet_and_all_twelve_pyramids_go() {
    // Six pyramids (two of each size, the most a stack can keep) land on six more: four of
    // every size, all captured, and both squares are left empty.
    let mut game = position(
        &[
            ("a2", "Y1G1Y2G2Y3B3"),
            ("d2", "K1R1K2R2K3G3"),
            ("h8", "R1"),
            ("h7", "B1"),
        ],
        "RB",
        1,
    );
    assert_eq!(
        game.describe_move(&mv("a2-d2"), Viewer::Everyone),
        "blue queen (stack of 6) moves a2 to d2, captures four pawns: red, yellow, green, \
         black and four drones: red, yellow, green, black and four queens: yellow, green, \
         blue, black"
    );
    play(&mut game, "a2-d2");
    assert_eq!(game, position(&[("h8", "R1"), ("h7", "B1")], "RB", 2));
    // A parsed position counts what it lacks as captured: no yellow queen or green pawn is
    // left on the board now.
    assert_eq!(game.removed(Colour::Yellow, Size::Queen), 4);
    assert_eq!(game.count_on_board(Colour::Green), 0);
}

#[test]
fn four_of_a_size_all_go_and_a_stack_can_vanish() {
    let mut game = position(
        &[
            ("a5", "R1B1"),
            ("b5", "G1Y1"),
            ("d8", "R3"),
            ("d5", "K1"),
            ("h2", "B2"),
        ],
        "RB",
        1,
    );
    assert_eq!(
        game.describe_move(&mv("a5-b5"), Viewer::Everyone),
        "blue pawn (stack of 2) moves a5 to b5, captures four pawns: red, yellow, green, blue"
    );
    play(&mut game, "a5-b5");
    assert_eq!(
        game,
        position(&[("d8", "R3"), ("d5", "K1"), ("h2", "B2")], "RB", 2)
    );
    assert!(game.stack(sq("b5")).is_empty());
}

#[test]
fn two_of_a_size_stay_and_only_the_landing_stack_is_checked() {
    let mut game = position(
        &[
            ("c1", "R2R1"),
            ("c2", "B1Y2"),
            ("f5", "Y1Y3"),
            ("f6", "K1K3"),
            ("h8", "B3"),
        ],
        "RB",
        1,
    );
    play(&mut game, "c1-c2");
    assert_eq!(
        game,
        position(
            &[
                ("c2", "B1Y2R2R1"),
                ("f5", "Y1Y3"),
                ("f6", "K1K3"),
                ("h8", "B3")
            ],
            "RB",
            2
        )
    );
}

// ---------------------------------------------------------------------------------------------
// Ruling 6: elimination
// ---------------------------------------------------------------------------------------------

#[test]
fn an_eliminated_player_is_skipped_from_then_on() {
    let mut game = position(
        &[
            ("e4", "R1G3Y1"),
            ("f4", "B1"),
            ("a2", "B2"),
            ("b8", "K1"),
            ("c8", "K1"),
            ("d8", "Y2"),
            ("h7", "Y3"),
        ],
        "RBG",
        3,
    );
    // Seat 3 captures red's last pyramid: seat 1 is out, seat 2 plays next.
    play(&mut game, "f4-e4");
    assert!(!game.is_in(0));
    assert!(game.is_in(1) && game.is_in(2));
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game,
        position(
            &[
                ("e4", "G3"),
                ("a2", "B2"),
                ("b8", "K1"),
                ("c8", "K1"),
                ("d8", "Y2"),
                ("h7", "Y3"),
            ],
            "rBG",
            2
        )
    );
    assert!(game.to_string().ends_with(" rBG 2"));
    assert_eq!(game.to_move(), Some(1));
    play(&mut game, "b8-c8");
    assert_eq!(game.to_move(), Some(2));
    play(&mut game, "c8-d8");
    // Back to seat 2, not seat 1.
    assert_eq!(game.to_move(), Some(1));
    assert_eq!(stack_text(game.stack(sq("d8"))), "Y2K1K1");
}

#[test]
fn the_last_player_standing_wins_at_once() {
    let mut game = position(
        &[
            ("e4", "B1G3Y1"),
            ("f4", "R1"),
            ("a2", "R2"),
            ("b8", "K1"),
            ("c8", "K2"),
        ],
        "RB",
        1,
    );
    play(&mut game, "f4-e4");
    // Stacks could still move (b8 onto c8), but the game is over.
    assert_eq!(game.destinations(sq("b8")), vec![sq("c8")]);
    let outcome = game.outcome().expect("blue is out: red has won");
    assert_eq!(outcome.winners, vec![0]);
    assert!(!outcome.is_draw());
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    assert!(game.to_string().ends_with(" Rb 1"));
    assert_game_over_refuses(&mut game, "b8-c8");
}

#[test]
fn a_player_who_captures_their_own_last_pyramid_is_out() {
    let mut game = position(
        &[("e4", "R1G3Y1"), ("f4", "B1"), ("b8", "B2"), ("c8", "K2")],
        "RB",
        1,
    );
    // Red moves the blue pawn and captures red's own last pyramid: blue wins.
    play(&mut game, "f4-e4");
    assert!(!game.is_in(0));
    assert_eq!(game.outcome().unwrap().winners, vec![1]);
    assert_eq!(game.to_move(), None);
}

#[test]
fn one_move_eliminating_two_of_three_leaves_the_third_the_winner() {
    let mut game = position(
        &[("e4", "R1G3B1"), ("f4", "Y1"), ("b8", "K1"), ("c8", "K2")],
        "RBG",
        1,
    );
    play(&mut game, "f4-e4");
    assert_eq!(stack_text(game.stack(sq("e4"))), "G3");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, vec![2]);
    assert!(!outcome.is_draw());
    assert!(game.to_string().ends_with(" rbG 3"));
    assert_eq!(game.to_move(), None);
}

#[test]
fn one_move_eliminating_every_remaining_player_is_a_draw_among_them() {
    let mut game = position(
        &[("e4", "R1K3B1"), ("f4", "Y1"), ("c8", "K1"), ("d8", "K2")],
        "RB",
        2,
    );
    play(&mut game, "f4-e4");
    assert_eq!(game.count_on_board(Colour::Red), 0);
    assert_eq!(game.count_on_board(Colour::Blue), 0);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![0, 1]);
    assert!(outcome.is_draw());
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    // The drawn end survives the notation.
    let again: StackControl = game.to_string().parse().unwrap();
    assert_eq!(again, game);
    assert_eq!(again.outcome(), game.outcome());
    assert_game_over_refuses(&mut game, "c8-d8");
}

#[test]
fn the_draw_is_only_among_those_still_in() {
    // Blue is already out; one move wipes out red and green together.
    let mut game = position(
        &[("e4", "R1K3G1"), ("f4", "Y1"), ("c8", "K1"), ("d8", "K2")],
        "RbG",
        3,
    );
    play(&mut game, "f4-e4");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, vec![0, 2]);
    assert!(outcome.is_draw());
    // Blue, out before, does not share first place in the ranking.
    assert_eq!(outcome.scores, None);
    assert_eq!(outcome.ranking(3), vec![vec![0, 2], vec![1]]);
}

// ---------------------------------------------------------------------------------------------
// Ruling 7: the end
// ---------------------------------------------------------------------------------------------

#[test]
fn the_game_ends_when_no_stack_can_move() {
    let mut game = position(&[("c3", "Y3R2"), ("f7", "B3")], "RB", 1);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.to_move(), None);
    let (winners, scores) = scoreboard(&game);
    assert_eq!(winners, vec![0]);
    assert_eq!(scores, vec![5, 3]);
    assert_game_over_refuses(&mut game, "c3-e5");
}

#[test]
fn the_move_that_leaves_no_move_ends_the_game() {
    let mut game = position(&[("d4", "R1"), ("e4", "B2")], "RB", 2);
    assert_eq!(game.legal_moves(), vec![mv("d4-e4")]);
    assert_eq!(game.outcome(), None);
    // Blue moves the red pawn onto its own drone: red now controls the only stack.
    play(&mut game, "d4-e4");
    assert_eq!(occupied(&game), ["e4=B2R1"]);
    assert!(game.is_in(1));
    let (winners, scores) = scoreboard(&game);
    assert_eq!(winners, vec![0]);
    assert_eq!(scores, vec![3, 0]);
}

#[test]
fn legal_moves_do_not_depend_on_who_moves() {
    let one = position(&STAR, "RBG", 1);
    let two = position(&STAR, "RBG", 2);
    let three = position(&STAR, "RBG", 3);
    assert_eq!(one.legal_moves(), two.legal_moves());
    assert_eq!(one.legal_moves(), three.legal_moves());
    // d4: 7, g4: 5, c4: 3, a1: 3, and one each for a4, b4, d5, e5 and g7.
    assert_eq!(one.legal_moves().len(), 23);
}

// ---------------------------------------------------------------------------------------------
// Ruling 8: scoring
// ---------------------------------------------------------------------------------------------

/// A finished board: no stack can reach another.
const SCORING_BOARD: [(&str, &str); 4] = [
    ("a2", "Y3B1R2"),
    ("c8", "R3B2"),
    ("h3", "B1Y2"),
    ("e5", "K1"),
];

#[test]
fn score_is_every_pip_of_every_stack_a_player_tops() {
    let game = position(&SCORING_BOARD, "RB", 1);
    assert!(game.legal_moves().is_empty());
    // Red tops a2 (3 + 1 + 2), blue tops c8 (3 + 2). Yellow and black were not picked, so
    // h3 and e5 belong to nobody.
    assert_eq!(game.scores(), vec![6, 5]);
    let (winners, scores) = scoreboard(&game);
    assert_eq!(winners, vec![0]);
    assert_eq!(scores, vec![6, 5]);
    assert!(!game.outcome().unwrap().is_draw());
}

#[test]
fn a_picked_colour_scores_what_an_unpicked_one_would_not() {
    // Same board, four players: yellow and black are now picked.
    let game = position(&SCORING_BOARD, "YKRB", 2);
    let (winners, scores) = scoreboard(&game);
    assert_eq!(scores, vec![3, 1, 6, 5]);
    assert_eq!(winners, vec![2]);
}

#[test]
fn equal_highest_scores_share_the_win() {
    let board = [("a2", "Y3R2"), ("c8", "Y2B3"), ("h3", "K1G2")];
    let game = position(&board, "RB", 1);
    let (winners, scores) = scoreboard(&game);
    assert_eq!(scores, vec![5, 5]);
    assert_eq!(winners, vec![0, 1]);
    assert!(game.outcome().unwrap().is_draw());
    // Five players: the two best share the win; green and the scoreless do not.
    let game = position(&board, "RBGYK", 4);
    let (winners, scores) = scoreboard(&game);
    assert_eq!(scores, vec![5, 5, 3, 0, 0]);
    assert_eq!(winners, vec![0, 1]);
}

#[test]
fn an_eliminated_player_scores_nothing_and_shares_nothing() {
    let game = position(&[("a2", "Y3R2"), ("c8", "Y2G3")], "RbG", 1);
    let (winners, scores) = scoreboard(&game);
    assert_eq!(scores, vec![5, 0, 5]);
    assert_eq!(winners, vec![0, 2]);
}

#[test]
fn when_nobody_controls_a_stack_the_tops_are_peeled_off() {
    // Every top is yellow, green or black, which nobody picked.
    let game = position(
        &[
            ("a2", "R2Y1"),
            ("c8", "B3R1G2"),
            ("h3", "K3"),
            ("e5", "B1K2"),
        ],
        "RB",
        1,
    );
    assert!(game.legal_moves().is_empty());
    // Without the tops: a2 is R2 (red 2), c8 is B3R1 (red 4), h3 is gone, e5 is B1 (blue 1).
    // The peeled pyramids do not count.
    assert_eq!(game.scores(), vec![6, 1]);
    assert_eq!(game.scores_and_layers_set_aside(), (vec![6, 1], 1));
    let (winners, scores) = scoreboard(&game);
    assert_eq!(scores, vec![6, 1]);
    assert_eq!(winners, vec![0]);
    let reason = game.outcome().unwrap().reason;
    assert!(reason.contains("the top layer was set aside"), "{reason}");
}

#[test]
fn peeling_repeats_until_someone_controls_a_stack() {
    let game = position(&[("a2", "B2G1Y1"), ("c8", "R1K3Y2"), ("e5", "G1")], "RB", 1);
    assert!(game.legal_moves().is_empty());
    // One peel: G1 on a2, K3 on c8, nothing on e5: still nobody. Two peels: B2 and R1.
    let (winners, scores) = scoreboard(&game);
    assert_eq!(scores, vec![1, 2]);
    assert_eq!(winners, vec![1]);
    assert_eq!(game.scores_and_layers_set_aside().1, 2);
    let reason = game.outcome().unwrap().reason;
    assert!(
        reason.contains("the top 2 layers were set aside"),
        "{reason}"
    );
}

#[test]
fn no_peeling_while_anyone_controls_a_stack() {
    // Red tops a single pawn; peeling would hand blue 5, but it does not happen.
    let game = position(&[("a2", "R1"), ("c8", "B3B2Y1")], "RB", 1);
    assert!(game.legal_moves().is_empty());
    let (winners, scores) = scoreboard(&game);
    assert_eq!(scores, vec![1, 0]);
    assert_eq!(winners, vec![0]);
}

// ---------------------------------------------------------------------------------------------
// Random games checked against an independent model of rulings 4 to 8
// ---------------------------------------------------------------------------------------------

struct Model {
    board: Vec<Vec<Pyramid>>,
    colours: Vec<Colour>,
    in_game: Vec<bool>,
}

impl Model {
    fn of(game: &StackControl) -> Model {
        Model {
            board: Square::all().map(|s| game.stack(s).to_vec()).collect(),
            colours: game.colours().to_vec(),
            in_game: (0..game.seats()).map(|s| game.is_in(s)).collect(),
        }
    }

    fn count(&self, colour: Colour) -> usize {
        self.board
            .iter()
            .flatten()
            .filter(|p| p.colour == colour)
            .count()
    }

    fn alive(&self) -> Vec<Seat> {
        (0..self.colours.len())
            .filter(|&s| self.in_game[s])
            .collect()
    }

    fn wiped_out(&self) -> bool {
        self.alive()
            .iter()
            .all(|&s| self.count(self.colours[s]) == 0)
    }

    fn is_legal(&self, from: Square, to: Square) -> bool {
        let Some(top) = self.board[from.index()].last() else {
            return false;
        };
        let d = i32::from(top.size.pips());
        let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
        let straight = [-d, 0, d].contains(&df) && [-d, 0, d].contains(&dr) && (df, dr) != (0, 0);
        straight && !self.board[to.index()].is_empty()
    }

    fn moves(&self) -> BTreeSet<(usize, usize)> {
        if self.alive().len() <= 1 || self.wiped_out() {
            return BTreeSet::new();
        }
        let mut out = BTreeSet::new();
        for from in Square::all() {
            for to in Square::all() {
                if self.is_legal(from, to) {
                    out.insert((from.index(), to.index()));
                }
            }
        }
        out
    }

    fn play(&mut self, from: Square, to: Square) {
        let moving = std::mem::take(&mut self.board[from.index()]);
        let landing = &mut self.board[to.index()];
        landing.extend(moving);
        let gone: Vec<Size> = Size::ALL
            .into_iter()
            .filter(|&size| landing.iter().filter(|p| p.size == size).count() >= 3)
            .collect();
        landing.retain(|p| !gone.contains(&p.size));
        let after: Vec<bool> = (0..self.colours.len())
            .map(|s| self.in_game[s] && self.count(self.colours[s]) > 0)
            .collect();
        if after.iter().any(|&b| b) {
            self.in_game = after;
        }
    }

    fn scores(&self) -> Vec<i64> {
        let mut peeled = 0;
        loop {
            let mut scores = vec![0i64; self.colours.len()];
            let mut anyone = false;
            let mut left = false;
            for stack in &self.board {
                if stack.len() <= peeled {
                    continue;
                }
                left = true;
                let kept = &stack[..stack.len() - peeled];
                let top = kept.last().unwrap().colour;
                if let Some(seat) = self.colours.iter().position(|&c| c == top) {
                    if self.in_game[seat] {
                        anyone = true;
                        scores[seat] += kept.iter().map(|p| i64::from(p.size.pips())).sum::<i64>();
                    }
                }
            }
            if anyone || !left {
                return scores;
            }
            peeled += 1;
        }
    }
}

#[test]
fn random_games_agree_with_an_independent_model() {
    let mut rng = Rng::new(0xC0FFEE);
    let mut finished = [0usize; 4];
    for game_no in 0..60u64 {
        let players = 2 + (game_no % 4) as usize;
        let mut game =
            StackControl::new(&StackControl::default_options(players).unwrap(), game_no).unwrap();
        let mut mover = players - 1;
        loop {
            let model = Model::of(&game);
            let expected = model.moves();
            let actual: BTreeSet<(usize, usize)> = game
                .legal_moves()
                .iter()
                .map(|m| (m.from.index(), m.to.index()))
                .collect();
            assert_eq!(actual, expected, "legal moves of {game}");
            if expected.is_empty() {
                assert_eq!(game.to_move(), None);
                let outcome = game.outcome().expect("no moves: the game is over");
                let alive = model.alive();
                if model.wiped_out() {
                    finished[0] += 1;
                    assert_eq!(outcome.winners, alive);
                } else if alive.len() == 1 {
                    finished[1] += 1;
                    assert_eq!(outcome.winners, alive);
                } else {
                    finished[2 + usize::from(outcome.winners.len() > 1)] += 1;
                    let scores = model.scores();
                    let best = alive.iter().map(|&s| scores[s]).max().unwrap();
                    let winners: Vec<Seat> =
                        alive.into_iter().filter(|&s| scores[s] == best).collect();
                    assert_eq!(outcome.scores, Some(scores));
                    assert_eq!(outcome.winners, winners);
                }
                break;
            }
            assert_eq!(game.to_move(), Some(mover));
            assert_eq!(game.outcome(), None);
            // A few random moves that are not legal are refused without a trace.
            for _ in 0..3 {
                let from = Square::from_index(rng.below(64) as usize).unwrap();
                let to = Square::from_index(rng.below(64) as usize).unwrap();
                if !expected.contains(&(from.index(), to.index())) {
                    assert_illegal(&mut game, &StackMove { from, to }.to_string());
                }
            }
            let list: Vec<&(usize, usize)> = expected.iter().collect();
            let &(from, to) = list[rng.below(list.len() as u64) as usize];
            let (from, to) = (
                Square::from_index(from).unwrap(),
                Square::from_index(to).unwrap(),
            );
            let mut next = Model::of(&game);
            next.play(from, to);
            play(&mut game, &StackMove { from, to }.to_string());
            assert_eq!(Model::of(&game).board, next.board);
            assert_eq!(Model::of(&game).in_game, next.in_game);
            // The next seat still in after the mover.
            mover = (1..=players)
                .map(|k| (mover + k) % players)
                .find(|&s| next.in_game[s])
                .unwrap();
            // Every position survives its notation.
            let text = game.to_string();
            let again: StackControl = text.parse().unwrap();
            assert_eq!(again, game);
            assert_eq!(again.to_string(), text);
        }
    }
    // These seeds reach a last player standing, a single winner on points and a shared win.
    assert!(
        finished[1] > 0 && finished[2] > 0 && finished[3] > 0,
        "{finished:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------------------------

#[test]
fn position_notation_reads_ranks_eight_to_one_and_stacks_bottom_to_top() {
    let text = "-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-/\
                -,-,-,-,-,-,-,-/-,-,R3G1,-,-,-,-,-/-,-,-,-,-,-,-,-/B2,-,-,-,-,-,-,K1 RB 2";
    let game: StackControl = text.parse().unwrap();
    assert_eq!(
        game.stack(sq("c3")),
        &[
            Pyramid {
                colour: Colour::Red,
                size: Size::Queen
            },
            Pyramid {
                colour: Colour::Green,
                size: Size::Pawn
            },
        ]
    );
    assert_eq!(stack_text(game.stack(sq("a1"))), "B2");
    assert_eq!(stack_text(game.stack(sq("h1"))), "K1");
    assert_eq!(occupied(&game), ["a1=B2", "h1=K1", "c3=R3G1"]);
    assert_eq!(game.colours(), &[Colour::Red, Colour::Blue]);
    assert_eq!(game.to_move(), Some(1));
    assert_eq!(game.to_string(), text);
    assert_eq!(
        notation(&[("c3", "R3G1"), ("a1", "B2"), ("h1", "K1")], "RB", 2),
        text
    );
}

#[test]
fn positions_round_trip_through_notation() {
    for players in 2..=5 {
        let game = StackControl::new(&StackControl::default_options(players).unwrap(), 77).unwrap();
        let text = game.to_string();
        let again: StackControl = text.parse().unwrap();
        assert_eq!(again, game);
        assert_eq!(again.to_string(), text);
    }
    for game in [
        star(),
        position(&[("e4", "G3"), ("a2", "B2")], "rBG", 2),
        position(&SCORING_BOARD, "YKRB", 2),
    ] {
        let again: StackControl = game.to_string().parse().unwrap();
        assert_eq!(again, game);
    }
}

#[test]
fn positions_travel_through_serde_as_their_notation() {
    let game = star();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(json, format!("\"{game}\""));
    let back: StackControl = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(
        serde_json::to_string(&mv::<StackMove>("c3-e5")).unwrap(),
        "\"c3-e5\""
    );
    // A bad position cannot sneak in through serde.
    let bad = format!("\"{}\"", notation(&[("a1", "R1B1G1")], "RB", 1));
    assert!(serde_json::from_str::<StackControl>(&bad).is_err());
}

#[test]
fn squares_and_moves_round_trip() {
    assert_eq!(sq("a1"), Square::new(0, 0).unwrap());
    assert_eq!(sq("a1").index(), 0);
    assert_eq!(sq("h1").index(), 7);
    assert_eq!(sq("a8").index(), 56);
    assert_eq!(sq("h8").index(), 63);
    let m: StackMove = mv("c3-e5");
    assert_eq!(m.from, Square::new(2, 2).unwrap());
    assert_eq!(m.to, Square::new(4, 4).unwrap());
    assert_eq!(m.to_string(), "c3-e5");
    for from in Square::all() {
        assert_eq!(from.to_string().parse::<Square>().unwrap(), from);
        for to in Square::all() {
            let m = StackMove { from, to };
            assert_eq!(m.to_string().parse::<StackMove>().unwrap(), m);
        }
    }
}

#[test]
fn bad_moves_do_not_parse() {
    for text in [
        "", "c3", "c3-", "-e5", "c3e5", "c3-e9", "c3-e0", "i3-e5", "c3-e5-g7", "c33-e5", "3c-5e",
        "c3 - e5", "c3–e5", "c3-@5", "xx-yy",
    ] {
        let err: NotationError = text
            .parse::<StackMove>()
            .err()
            .unwrap_or_else(|| panic!("\"{text}\" should not parse"));
        assert!(err.what == "move" || err.what == "square", "{text}: {err}");
    }
}

#[test]
fn options_round_trip_and_bad_options_do_not_parse() {
    let opts = options("colours=RBY");
    assert_eq!(
        opts.colours,
        vec![Colour::Red, Colour::Blue, Colour::Yellow]
    );
    assert_eq!(opts.to_string(), "colours=RBY");
    // No options text: the registry starts the default two-player game (red and blue);
    // the notation itself has no empty form.
    let game = stackplay::registry::create("stack-control", "", 1).unwrap();
    assert_eq!(game.seats(), 2);
    assert_eq!(game.seat_label(0).as_deref(), Some("R"));
    assert_eq!(game.seat_label(1).as_deref(), Some("B"));
    for n in 2..=5 {
        let opts = StackControl::default_options(n).unwrap();
        assert_eq!(options(&opts.to_string()), opts);
    }
    for text in [
        "",
        "colours=",
        "colours=R",
        "colours=RR",
        "colours=RBYGKR",
        "colours=RX",
        "RBY",
        "colors=RB",
        "colours = RB",
    ] {
        let err = text
            .parse::<StackControlOptions>()
            .err()
            .unwrap_or_else(|| panic!("\"{text}\" should not parse"));
        assert_eq!(err.what, "options", "{text}");
    }
}

#[test]
fn bad_positions_do_not_parse() {
    for turn in ["01", "+1", "1.0"] {
        let text = notation(&[("a2", "R1"), ("b2", "B1")], "RB", 1);
        let text = format!("{} {turn}", text.rsplit_once(' ').unwrap().0);
        assert!(
            text.parse::<StackControl>().is_err() || turn == " 1",
            "{text}"
        );
    }
    let good = notation(&[("a2", "R1"), ("b2", "B1")], "RB", 1);
    assert!(good.parse::<StackControl>().is_ok());
    let ranks_of_good = good.split(' ').next().unwrap().to_string();
    let seven_ranks = ranks_of_good.split_once('/').unwrap().1.to_string();
    let nine_ranks = format!("-,-,-,-,-,-,-,-/{ranks_of_good}");
    let short_rank = ranks_of_good.replacen("-,-,-,-,-,-,-,-", "-,-,-,-,-,-,-", 1);
    let long_rank = ranks_of_good.replacen("-,-,-,-,-,-,-,-", "-,-,-,-,-,-,-,-,-", 1);
    let five_red_pawns: Vec<(&str, &str)> = ["a3", "b3", "c3", "d3", "e3", "b2"]
        .iter()
        .zip(["R1", "R1", "R1", "R1", "R1", "B1"])
        .map(|(&s, p)| (s, p))
        .collect();
    let bad = vec![
        String::new(),
        "RB 1".to_string(),
        format!("{ranks_of_good} RB"),
        format!("{good} extra"),
        format!("{seven_ranks} RB 1"),
        format!("{nine_ranks} RB 1"),
        format!("{short_rank} RB 1"),
        format!("{long_rank} RB 1"),
        // Pyramids that do not exist, lower case, half a pyramid, an empty square written as
        // nothing.
        notation(&[("a2", "R4"), ("b2", "B1")], "RB", 1),
        notation(&[("a2", "R0"), ("b2", "B1")], "RB", 1),
        notation(&[("a2", "X1"), ("b2", "B1")], "RB", 1),
        notation(&[("a2", "r1"), ("b2", "B1")], "RB", 1),
        notation(&[("a2", "R1B"), ("b2", "B1")], "RB", 1),
        notation(&[("a2", "R1"), ("b2", "B1"), ("c2", "1R")], "RB", 1),
        good.replacen("-,-,", ",-,", 1),
        // Five red pawns: there are only four.
        notation(&five_red_pawns, "RB", 1),
        // A stack still holding three of a size.
        notation(&[("a2", "R1B1G1")], "RB", 1),
        notation(&[("a2", "R1"), ("b2", "B2Y2G2")], "RB", 1),
        // Seven pyramids in one stack: one size must be there three times (a stack keeps six
        // at most, and the engine keeps stacks in place at that size).
        notation(&[("a2", "R1B1G2Y2K3R3B3"), ("b2", "B1")], "RB", 1),
        notation(&[("a2", "R1B1G2Y2K3R3B1G1Y1K1R2B2"), ("b2", "B1")], "RB", 1),
        // Seats: one, six, repeated, unknown.
        notation(&[("a2", "R1"), ("b2", "B1")], "R", 1),
        notation(&[("a2", "R1"), ("b2", "B1")], "RBYGKR", 1),
        notation(&[("a2", "R1"), ("b2", "B1")], "RR", 1),
        notation(&[("a2", "R1"), ("b2", "B1")], "Rr", 1),
        notation(&[("a2", "R1"), ("b2", "B1")], "RX", 1),
        // Seat to move: out of range, not a number, out of the game.
        notation(&[("a2", "R1"), ("b2", "B1")], "RB", 0),
        notation(&[("a2", "R1"), ("b2", "B1")], "RB", 3),
        good.replace(" RB 1", " RB x"),
        good.replace(" RB 1", " RB -1"),
        notation(&[("a2", "R1"), ("b2", "Y1")], "Rb", 2),
        // A seat marked out whose colour is still on the board.
        notation(&[("a2", "R1"), ("b2", "B1")], "Rb", 1),
        // Every seat out.
        notation(&[("a2", "Y1"), ("b2", "K1")], "rb", 1),
        // A seat still in with none of its colour on the board while another seat has some:
        // ruling 6 says that seat is already out.
        notation(&[("a2", "R1"), ("b2", "Y1")], "RB", 1),
    ];
    for text in bad {
        let err = text
            .parse::<StackControl>()
            .err()
            .unwrap_or_else(|| panic!("\"{text}\" should not parse"));
        assert_eq!(err.what, "position", "{text}: {err}");
    }
}
