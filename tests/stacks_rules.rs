#![cfg(not(target_arch = "wasm32"))]
//! Stacks and Diabolical Stacks rules scenarios, grouped by ruling
//! (1 to 11; the in-app rules page `static/rules/stacks.html` states them), then notation, the generic conformance check, and
//! random games compared with an independent model of the rulings.
//!
//! Positions are written in the position notation (see `src/games/stacks/notation.rs`):
//! `<side>[d] <rows a.. split by /, cells by ,> <Light reserve>,<Dark reserve> <L|D><moves
//! left> [history]`; a stack is its owners bottom to top (`DLL` is two Light pieces on a Dark
//! one). On the default board (side 3) the rows are a (3 cells, Light's near row), b (4),
//! c (5), d (4), e (3, Dark's near row); Light moves from a towards e, Dark from e towards a.

mod rules_support;

use rules_support::*;
use std::collections::{BTreeSet, HashMap};

use stackplay::core::conformance::check_random_games;
use stackplay::core::{
    Game, NotationError, OptionKind, PlayError, Rng, SetupChoices, SideRule, Viewer,
};
use stackplay::games::stacks::{
    cell_count, cell_index, cells, draw_position, far_row, forward, near_row, row_count, row_len,
    Cell, Colour, Dest, Stacks, StacksMove, StacksOptions, PIECES,
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn cell(name: &str) -> Cell {
    name.parse()
        .unwrap_or_else(|e| panic!("bad cell {name}: {e}"))
}

fn options(text: &str) -> StacksOptions {
    text.parse()
        .unwrap_or_else(|e| panic!("bad options {text}: {e}"))
}

/// The position notation for a board of `side` with the given stacks (every other cell
/// empty), reserves, and seat to move with its moves left (`L2`); Diabolical positions get an
/// empty history.
fn notation(
    side: u8,
    diabolical: bool,
    stacks: &[(&str, &str)],
    reserves: (u8, u8),
    to_move: &str,
) -> String {
    let mut rows: Vec<Vec<String>> = (0..row_count(side))
        .map(|r| vec!["-".to_string(); usize::from(row_len(side, r))])
        .collect();
    for &(name, stack) in stacks {
        let c = cell(name);
        let slot = &mut rows[usize::from(c.row)][usize::from(c.pos)];
        assert_eq!(slot, "-", "{name} given twice");
        *slot = stack.to_string();
    }
    let board: Vec<String> = rows.iter().map(|r| r.join(",")).collect();
    let mut text = format!(
        "{side}{} {} {},{} {to_move}",
        if diabolical { "d" } else { "" },
        board.join("/"),
        reserves.0,
        reserves.1
    );
    if diabolical {
        text.push_str(" -");
    }
    text
}

/// Parses a position built by [`notation`].
fn position(
    side: u8,
    diabolical: bool,
    stacks: &[(&str, &str)],
    reserves: (u8, u8),
    to_move: &str,
) -> Stacks {
    let text = notation(side, diabolical, stacks, reserves, to_move);
    text.parse()
        .unwrap_or_else(|e| panic!("{text} does not parse: {e}"))
}

/// A Stacks position on the default board.
fn stacks(stacks: &[(&str, &str)], reserves: (u8, u8), to_move: &str) -> Stacks {
    position(3, false, stacks, reserves, to_move)
}

/// A Diabolical Stacks position on the default board.
fn diabolical(stacks: &[(&str, &str)], reserves: (u8, u8), to_move: &str) -> Stacks {
    position(3, true, stacks, reserves, to_move)
}

fn stack_text(game: &Stacks, name: &str) -> String {
    game.stack(cell(name)).iter().map(|c| c.letter()).collect()
}

/// Every occupied cell as `c3=DLL`, in board order.
fn occupied(game: &Stacks) -> Vec<String> {
    cells(game.side())
        .into_iter()
        .filter(|&c| !game.stack(c).is_empty())
        .map(|c| format!("{c}={}", stack_text(game, &c.to_string())))
        .collect()
}

/// The legal moves that start from `from`.
fn moves_from(game: &Stacks, from: &str) -> BTreeSet<String> {
    legal(game)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{from}-")))
        .collect()
}

/// Seat to move and moves left, as `L2`, or `over`.
fn turn(game: &Stacks) -> String {
    match game.to_move() {
        Some(s) => format!("{}{}", Colour::of_seat(s).letter(), game.moves_left()),
        None => "over".into(),
    }
}

// ---------------------------------------------------------------------------------------------
// Ruling 1: the board
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling1_the_board_is_a_hexagon_of_hexagons_of_side_3_4_or_5() {
    for (side, total, lens) in [
        (3u8, 19usize, vec![3u8, 4, 5, 4, 3]),
        (4, 37, vec![4, 5, 6, 7, 6, 5, 4]),
        (5, 61, vec![5, 6, 7, 8, 9, 8, 7, 6, 5]),
    ] {
        assert_eq!(cell_count(side), total);
        assert_eq!(cells(side).len(), total);
        assert_eq!(usize::from(row_count(side)), lens.len());
        let got: Vec<u8> = (0..row_count(side)).map(|r| row_len(side, r)).collect();
        assert_eq!(got, lens);
        for (i, c) in cells(side).into_iter().enumerate() {
            assert_eq!(cell_index(side, c), Some(i));
        }
        // The two short rows are the players' sides.
        assert_eq!(near_row(side, 0), 0);
        assert_eq!(near_row(side, 1), row_count(side) - 1);
        assert_eq!(far_row(side, 0), near_row(side, 1));
        assert_eq!(far_row(side, 1), near_row(side, 0));
        let game = Stacks::new(
            &StacksOptions {
                side,
                diabolical: false,
            },
            0,
        )
        .unwrap();
        assert_eq!(game.cells().len(), total);
        assert_eq!(game.side(), side);
    }
    assert_eq!(cell_index(3, cell("a4")), None);
    assert_eq!(cell_index(3, cell("f1")), None);
    assert_eq!(cell_index(5, cell("i5")), Some(60));
}

#[test]
fn ruling1_cells_are_drawn_as_pointy_top_hexagons_in_centred_rows() {
    // Half-cell units: row a of the small board sits centred, each next row half a cell wider.
    assert_eq!(draw_position(3, cell("a1")), (-2, 0));
    assert_eq!(draw_position(3, cell("a3")), (2, 0));
    assert_eq!(draw_position(3, cell("b1")), (-3, 1));
    assert_eq!(draw_position(3, cell("c1")), (-4, 2));
    assert_eq!(draw_position(3, cell("c3")), (0, 2));
    assert_eq!(draw_position(3, cell("e3")), (2, 4));
    // Forward neighbours are one row on, half a cell to either side.
    for side in 3..=5 {
        for c in cells(side) {
            let (x, row) = draw_position(side, c);
            for seat in 0..2 {
                for n in forward(side, c, seat) {
                    let (nx, nrow) = draw_position(side, n);
                    assert_eq!((nx - x).abs(), 1, "{c} to {n}");
                    let step = if seat == 0 { 1 } else { -1 };
                    assert_eq!(i32::from(nrow) - i32::from(row), step);
                }
            }
        }
    }
}

#[test]
fn ruling1_forward_cells_and_side_edges() {
    let names = |side: u8, c: &str, seat: usize| -> Vec<String> {
        forward(side, cell(c), seat)
            .iter()
            .map(|c| c.to_string())
            .collect()
    };
    // Light (seat 1) moves from row a towards row e.
    assert_eq!(names(3, "a1", 0), ["b1", "b2"]);
    assert_eq!(names(3, "a3", 0), ["b3", "b4"]);
    assert_eq!(names(3, "b1", 0), ["c1", "c2"]);
    assert_eq!(names(3, "c3", 0), ["d2", "d3"]);
    // A cell at a side edge with one forward neighbour has just that one.
    assert_eq!(names(3, "c1", 0), ["d1"]);
    assert_eq!(names(3, "c5", 0), ["d4"]);
    assert_eq!(names(3, "d1", 0), ["e1"]);
    assert_eq!(names(3, "d4", 0), ["e3"]);
    assert_eq!(names(3, "d2", 0), ["e1", "e2"]);
    // Only far-row cells lead off the board: they have no forward cell.
    assert!(names(3, "e2", 0).is_empty());
    // Dark (seat 2) moves from row e towards row a.
    assert_eq!(names(3, "e1", 1), ["d1", "d2"]);
    assert_eq!(names(3, "c1", 1), ["b1"]);
    assert_eq!(names(3, "c3", 1), ["b2", "b3"]);
    assert_eq!(names(3, "b4", 1), ["a3"]);
    assert!(names(3, "a1", 1).is_empty());
    // On the biggest board too.
    assert_eq!(names(5, "e1", 0), ["f1"]);
    assert_eq!(names(5, "e9", 1), ["d8"]);
    assert_eq!(names(5, "d4", 0), ["e4", "e5"]);
    // Every non-far-row cell has one or two forward cells.
    for side in 3..=5 {
        for c in cells(side) {
            for seat in 0..2 {
                let n = forward(side, c, seat).len();
                if c.row == far_row(side, seat) {
                    assert_eq!(n, 0);
                } else {
                    assert!(n == 1 || n == 2, "{c}");
                }
            }
        }
    }
}

#[test]
fn ruling1_the_form_offers_sides_3_4_5_and_the_diabolical_switch() {
    let form = Stacks::setup_form(2).unwrap();
    assert!(Stacks::setup_form(1).is_err() && Stacks::setup_form(3).is_err());
    match &form.sides {
        SideRule::Fixed(sides) => {
            let letters: Vec<&str> = sides.iter().map(|s| s.letter).collect();
            assert_eq!(letters, ["L", "D"]);
            assert_eq!(sides[0].name, "Light");
        }
        other => panic!("sides should be fixed: {other:?}"),
    }
    let keys: Vec<&str> = form.options.iter().map(|o| o.key).collect();
    assert_eq!(keys, ["side", "diabolical"]);
    assert_eq!(form.options[0].values(), ["3", "4", "5"]);
    assert_eq!(form.options[0].default_value(), "3");
    assert!(matches!(
        form.options[1].kind,
        OptionKind::Switch { default: false }
    ));
    let defaults = Stacks::default_options(2).unwrap();
    assert_eq!(defaults, options("side=3"));
    assert_eq!(defaults.to_string(), "side=3");
    let mut choices = form.defaults(2);
    choices.values = vec![
        ("side".into(), "5".into()),
        ("diabolical".into(), "on".into()),
    ];
    assert_eq!(
        Stacks::options_from(&choices).unwrap(),
        options("side=5 diabolical")
    );
    // What the form does not offer is refused.
    let mut bad = choices.clone();
    bad.values[0].1 = "6".into();
    assert!(Stacks::options_from(&bad).is_err());
    let mut swapped = choices.clone();
    swapped.sides = vec!["D".into(), "L".into()];
    assert!(Stacks::options_from(&swapped).is_err());
    assert!(Stacks::options_from(&SetupChoices::default()).is_err());
    assert!(Stacks::default_options(3).is_err());
    for side in [0, 2, 6, 9] {
        assert!(Stacks::new(
            &StacksOptions {
                side,
                diabolical: false
            },
            1
        )
        .is_err());
    }
}

// ---------------------------------------------------------------------------------------------
// Ruling 2: twelve pieces each in reserve, seat 1 first
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling2_all_pieces_start_in_reserve_and_light_moves_first() {
    for text in ["side=3", "side=4", "side=5 diabolical"] {
        let game = Stacks::new(&options(text), 42).unwrap();
        assert!(occupied(&game).is_empty());
        assert_eq!(game.reserve(0), PIECES);
        assert_eq!(game.reserve(1), PIECES);
        assert_eq!(game.off(0), 0);
        assert_eq!(game.off(1), 0);
        assert_eq!(game.to_move(), Some(0));
        assert_eq!(game.seats(), 2);
        assert_eq!(game.outcome(), None);
        assert_eq!(game.seat_label(0).as_deref(), Some("L"));
        assert_eq!(game.seat_label(1).as_deref(), Some("D"));
        assert_eq!(game.seat_label(2), None);
        // No randomness: the seed does not matter.
        assert_eq!(game, Stacks::new(&options(text), 7).unwrap());
        game.check_invariants().unwrap();
    }
    assert_eq!(
        Stacks::new(&options("side=3"), 0).unwrap().to_string(),
        "3 -,-,-/-,-,-,-/-,-,-,-,-/-,-,-,-/-,-,- 12,12 L1"
    );
    assert_eq!(
        Stacks::new(&options("side=3 diabolical"), 0)
            .unwrap()
            .to_string(),
        "3d -,-,-/-,-,-,-/-,-,-,-,-/-,-,-,-/-,-,- 12,12 L1 -"
    );
}

#[test]
fn seat_cards_and_table_facts_tell_reserves_pieces_off_and_moves_left() {
    let game = stacks(&[("c3", "DLL"), ("a2", "D")], (4, 9), "D2");
    let card = game.seat_card(0);
    assert_eq!(card.side, "Light");
    assert_eq!(card.score, None);
    assert!(!card.out);
    let facts: Vec<(String, String)> = card
        .facts
        .iter()
        .map(|f| (f.label.clone(), f.value.clone()))
        .collect();
    assert_eq!(
        facts,
        [
            ("in reserve".to_string(), "4".to_string()),
            ("off the board".to_string(), "6".to_string())
        ]
    );
    let dark = game.seat_card(1);
    assert_eq!(dark.side, "Dark");
    assert_eq!(dark.facts[0].value, "9");
    assert_eq!(dark.facts[1].value, "1");
    assert_eq!(game.on_board(1), 2);
    let table: Vec<String> = game
        .table_facts()
        .iter()
        .map(|f| format!("{}: {}", f.label, f.value))
        .collect();
    assert_eq!(table, ["moves left in this turn: 2"]);
    let devil = diabolical(&[("c3", "DLL")], (4, 11), "L1");
    let table: Vec<String> = devil
        .table_facts()
        .iter()
        .map(|f| format!("{}: {}", f.label, f.value))
        .collect();
    assert_eq!(table, ["moves left in this turn: 1", "variant: Diabolical"]);
    // Perfect information: every view is the whole position.
    assert_eq!(game.view(Viewer::Seat(1)), game);
    assert_eq!(game.view(Viewer::Everyone), game);
}

// ---------------------------------------------------------------------------------------------
// Ruling 3: forward only, for the player who moves
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling3_pieces_move_forward_never_sideways_or_back() {
    let light = stacks(&[("c3", "L"), ("b1", "D")], (0, 0), "L2");
    assert_eq!(moves_from(&light, "c3"), set(&["c3-d2", "c3-d3"]));
    for text in [
        "c3-c2", "c3-c4", "c3-b2", "c3-b3", "c3-e2", "c3-d1", "c3-off",
    ] {
        assert_illegal(&mut light.clone(), text);
    }
    let dark = stacks(&[("c3", "D"), ("d1", "L")], (0, 0), "D2");
    assert_eq!(moves_from(&dark, "c3"), set(&["c3-b2", "c3-b3"]));
    for text in ["c3-d2", "c3-d3", "c3-c2", "c3-a2"] {
        assert_illegal(&mut dark.clone(), text);
    }
    // Only the top piece's owner moves a stack: Light cannot touch a Dark-topped stack.
    assert_illegal(&mut light.clone(), "b1-c1");
}

// ---------------------------------------------------------------------------------------------
// Ruling 4: steps and their costs
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling4_entering_costs_1_onto_an_empty_cell_and_2_onto_a_stack() {
    // Light enters on its near row only; a2 holds a Dark-topped stack.
    let mut game = stacks(&[("a2", "LD"), ("d2", "L")], (10, 11), "L2");
    let entries: BTreeSet<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with('+'))
        .collect();
    assert_eq!(entries, set(&["+a1", "+a2", "+a3"]));
    assert_eq!(
        game.entry_cells(),
        vec![(cell("a1"), 1), (cell("a2"), 2), (cell("a3"), 1)]
    );
    for far in ["+b1", "+c3", "+e1", "+a4", "+f1"] {
        assert_illegal(&mut game.clone(), far);
    }
    // Onto an empty cell: one move, the turn goes on.
    let mut one = game.clone();
    play(&mut one, "+a1");
    assert_eq!(turn(&one), "L1");
    assert_eq!(one.reserve(0), 9);
    // Onto a stack (here an opponent-topped one): two moves, the turn is over.
    play(&mut game, "+a2");
    assert_eq!(stack_text(&game, "a2"), "LDL");
    assert_eq!(turn(&game), "D2");
    assert_eq!(game.reserve(0), 9);
    // Dark enters on its own near row, e.
    let dark_entries: BTreeSet<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with('+'))
        .collect();
    assert_eq!(dark_entries, set(&["+e1", "+e2", "+e3"]));
}

#[test]
fn ruling4_no_entry_without_a_reserve() {
    let mut game = stacks(&[("b2", "L"), ("d2", "D")], (0, 11), "L2");
    assert_illegal(&mut game, "+a1");
    assert!(game.entry_cells().is_empty());
    assert!(legal(&game).iter().all(|m| !m.starts_with('+')));
}

#[test]
fn ruling4_a_group_lands_on_top_in_order_and_costs_by_the_target() {
    // Light's two top pieces of c3 move onto d2 (a stack): two moves, on top in order.
    let mut game = stacks(&[("c3", "DLL"), ("d2", "D"), ("a1", "D")], (0, 0), "L2");
    assert_eq!(
        game.destinations(cell("c3"), 2),
        vec![(Dest::Cell(cell("d2")), 2), (Dest::Cell(cell("d3")), 1)]
    );
    play(&mut game, "c3-d2x2");
    assert_eq!(stack_text(&game, "d2"), "DLL");
    assert_eq!(stack_text(&game, "c3"), "D");
    assert_eq!(turn(&game), "D2");
    // Stacks may grow to any height and mix.
    let mut tall = stacks(&[("c3", "LDLDL"), ("b2", "LLDD")], (0, 0), "D2");
    play(&mut tall, "b2-a2x2");
    assert_eq!(occupied(&tall), ["a2=DD", "b2=LL", "c3=LDLDL"]);
    assert_eq!(turn(&tall), "D1");
    play(&mut tall, "a2-offx2");
    assert_eq!(tall.off(1), 10);
    assert_eq!(turn(&tall), "L2");
}

#[test]
fn ruling4_leaving_the_board_costs_1_from_the_far_row_only() {
    let mut game = stacks(&[("e2", "LL"), ("d3", "L"), ("b1", "D")], (0, 0), "L2");
    assert_eq!(
        moves_from(&game, "e2"),
        set(&["e2-off", "e2-offx2"]),
        "the far row has no forward cell"
    );
    assert_eq!(game.destinations(cell("e2"), 1), vec![(Dest::Off, 1)]);
    assert_illegal(&mut game, "d3-off");
    play(&mut game, "e2-off");
    assert_eq!(turn(&game), "L1");
    assert_eq!(game.off(0), 10);
    play(&mut game, "e2-off");
    assert_eq!(turn(&game), "D2");
    assert_eq!(game.off(0), 11);
    assert!(game.stack(cell("e2")).is_empty());
}

#[test]
fn ruling4_the_same_piece_may_move_in_both_steps_of_a_turn() {
    let mut game = stacks(&[("b2", "L"), ("a1", "D")], (0, 0), "L2");
    play(&mut game, "b2-c2");
    assert_eq!(turn(&game), "L1");
    assert_eq!(moves_from(&game, "c2"), set(&["c2-d1", "c2-d2"]));
    play(&mut game, "c2-d2");
    assert_eq!(occupied(&game), ["a1=D", "d2=L"]);
    assert_eq!(turn(&game), "D2");
}

// ---------------------------------------------------------------------------------------------
// Ruling 5: what may move in Stacks
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling5_a_group_is_the_top_pieces_down_to_the_first_opponent_piece() {
    let mut game = stacks(&[("c3", "DLL"), ("a2", "D")], (0, 0), "L2");
    assert_eq!(game.movable(cell("c3")), 2);
    assert_eq!(legal(&game), set(&["c3-d2", "c3-d3", "c3-d2x2", "c3-d3x2"]));
    assert_illegal(&mut game, "c3-d2x3");
    assert_illegal(&mut game, "c3-d2x4");
    // Dark's piece under them is trapped: the top of c3 is not Dark's.
    let dark_view = stacks(&[("c3", "DLL"), ("a2", "D")], (0, 0), "D2");
    assert_eq!(dark_view.movable(cell("c3")), 0);
    assert_eq!(legal(&dark_view), set(&["a2-off"]));
    // Once the Light pieces are gone, the Dark piece moves again.
    play(&mut game, "c3-d2x2");
    assert_eq!(turn(&game), "L1");
    assert_eq!(legal(&game), set(&["d2-e1", "d2-e2", "d2-e1x2", "d2-e2x2"]));
    play(&mut game, "d2-e1x2");
    assert_eq!(turn(&game), "D2");
    assert_eq!(legal(&game), set(&["c3-b2", "c3-b3", "a2-off"]));
}

#[test]
fn ruling5_only_the_run_of_own_pieces_at_the_top_moves() {
    // L L D L L L: Light may lift 1 to 3, never the Dark piece nor what is under it.
    let game = stacks(&[("b2", "LLDLLL"), ("e1", "D")], (0, 0), "L2");
    assert_eq!(
        moves_from(&game, "b2"),
        set(&["b2-c2", "b2-c3", "b2-c2x2", "b2-c3x2", "b2-c2x3", "b2-c3x3"])
    );
    assert!(game.destinations(cell("b2"), 4).is_empty());
    assert!(game.destinations(cell("b2"), 0).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Ruling 6: two moves a turn, one for the first player's first turn
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling6_the_first_players_first_turn_is_a_single_move() {
    let mut game = Stacks::new(&options("side=3"), 1).unwrap();
    assert_eq!(turn(&game), "L1");
    assert_eq!(legal(&game), set(&["+a1", "+a2", "+a3"]));
    play(&mut game, "+a2");
    // One move and Light's turn is over.
    assert_eq!(turn(&game), "D2");
    assert_eq!(legal(&game), set(&["+e1", "+e2", "+e3"]));
    play(&mut game, "+e1");
    assert_eq!(turn(&game), "D1");
    // After a 1-move step only 1-move steps: no entering onto e1's stack now.
    assert_eq!(legal(&game), set(&["+e2", "+e3", "e1-d1", "e1-d2"]));
    assert_illegal(&mut game, "+e1");
    play(&mut game, "e1-d1");
    // From now on every turn is worth two moves.
    assert_eq!(turn(&game), "L2");
    assert_eq!(legal(&game), set(&["+a1", "+a2", "+a3", "a2-b2", "a2-b3"]));
    play(&mut game, "+a2");
    assert_eq!(stack_text(&game, "a2"), "LL");
    assert_eq!(turn(&game), "D2");
}

#[test]
fn ruling6_a_two_move_step_is_only_a_first_step_and_ends_the_turn() {
    let start = stacks(&[("b2", "L"), ("c2", "D"), ("b4", "L")], (0, 0), "L2");
    // At the start of the turn both kinds of step are there.
    assert_eq!(legal(&start), set(&["b2-c2", "b2-c3", "b4-c4", "b4-c5"]));
    let mut two = start.clone();
    play(&mut two, "b2-c2");
    assert_eq!(stack_text(&two, "c2"), "DL");
    assert_eq!(turn(&two), "D2", "a 2-move step ends the turn");
    // After a 1-move step, the step onto a stack is no longer there.
    let mut one = start.clone();
    play(&mut one, "b4-c4");
    assert_eq!(turn(&one), "L1");
    assert_eq!(
        legal(&one),
        set(&["b2-c3", "c4-d3", "c4-d4"]),
        "no 2-move step after a 1-move step"
    );
    assert_illegal(&mut one, "b2-c2");
    play(&mut one, "b2-c3");
    assert_eq!(turn(&one), "D2");
}

// ---------------------------------------------------------------------------------------------
// Ruling 7: forced moves, the special case, passing
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling7_after_a_one_move_step_another_one_must_follow_when_there_is_one() {
    let mut game = stacks(&[("b2", "L"), ("d2", "D")], (5, 0), "L2");
    play(&mut game, "+a1");
    assert_eq!(turn(&game), "L1");
    // Light must go on: there are 1-move steps, and no pass.
    assert!(!legal(&game).contains("pass"));
    assert_illegal(&mut game, "pass");
    assert!(legal(&game).len() > 1);
}

#[test]
fn ruling7_special_case_a_one_move_step_may_forfeit_the_rest_of_the_turn() {
    // Light's only piece is on b1: c2 holds a stack (2 moves), c1 is empty (1 move), and from
    // c1 the only forward cell, d1, holds a stack.
    let start = stacks(&[("b1", "L"), ("c2", "D"), ("d1", "D")], (0, 0), "L2");
    assert_eq!(legal(&start), set(&["b1-c1", "b1-c2"]));
    // Light may choose the 1-move step even though a 2-move step was there...
    let mut game = start.clone();
    assert_eq!(
        game.describe_move(&mv("b1-c1"), Viewer::Everyone),
        "b1-c1 (turn over)"
    );
    play(&mut game, "b1-c1");
    // ...and since no 1-move step follows, the turn ends there.
    assert_eq!(turn(&game), "D2");
    assert_eq!(occupied(&game), ["c1=L", "c2=D", "d1=D"]);
    // The 2-move step also ends it.
    let mut other = start.clone();
    play(&mut other, "b1-c2");
    assert_eq!(turn(&other), "D2");
    // Entering counts too: Light enters onto an empty cell and has nothing else of one move.
    let mut entry = stacks(&[("a1", "D"), ("a3", "D"), ("e2", "D")], (1, 0), "L2");
    assert_eq!(legal(&entry), set(&["+a1", "+a2", "+a3"]));
    play(&mut entry, "+a2");
    // From a2 the cells b2 and b3 are empty: the turn goes on.
    assert_eq!(turn(&entry), "L1");
    assert_eq!(legal(&entry), set(&["a2-b2", "a2-b3"]));
    // With b2 and b3 taken, the entry onto a2 is the whole turn.
    let mut blocked = stacks(
        &[("a1", "D"), ("a3", "D"), ("b2", "D"), ("b3", "D")],
        (1, 0),
        "L2",
    );
    play(&mut blocked, "+a2");
    assert_eq!(turn(&blocked), "D2");
}

#[test]
fn ruling7_a_player_without_any_step_passes_and_only_then() {
    // Dark's only piece is buried under Light's, and Dark has no reserve.
    let mut game = stacks(&[("c3", "DL"), ("b1", "L")], (0, 0), "D2");
    assert_eq!(legal(&game), set(&["pass"]));
    assert_eq!(game.legal_moves(), vec![StacksMove::Pass]);
    assert_eq!(
        game.describe_move(&StacksMove::Pass, Viewer::Seat(0)),
        "pass"
    );
    play(&mut game, "pass");
    assert_eq!(turn(&game), "L2");
    assert_eq!(occupied(&game), ["b1=L", "c3=DL"]);
    // Light can move, so Light may not pass.
    assert_illegal(&mut game, "pass");
    // A Dark reserve piece can always enter: no pass then.
    let with_reserve = stacks(&[("c3", "DL"), ("b1", "L")], (0, 3), "D2");
    assert!(!legal(&with_reserve).contains("pass"));
}

// ---------------------------------------------------------------------------------------------
// Ruling 8: the win, at once
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling8_the_twelfth_piece_off_wins_at_once_even_mid_turn() {
    let mut game = stacks(&[("e2", "L"), ("e3", "L"), ("b1", "D")], (0, 0), "L2");
    assert_eq!(game.off(0), 10);
    play(&mut game, "e2-off");
    assert_eq!(turn(&game), "L1");
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.describe_move(&mv("e3-off"), Viewer::Everyone),
        "e3-off (wins)"
    );
    play(&mut game, "e3-off");
    let outcome = game.outcome().expect("Light has won");
    assert_eq!(outcome.winners, vec![0]);
    assert!(!outcome.is_draw());
    assert!(outcome.reason.contains("Light"), "{}", outcome.reason);
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    assert!(game.table_facts().is_empty());
    let before = game.clone();
    assert_eq!(game.play(&mv("b1-a1")), Err(PlayError::GameOver));
    assert_eq!(game.play(&StacksMove::Pass), Err(PlayError::GameOver));
    assert_eq!(game, before);
    // With a move left in the turn: the win comes on the first step.
    let mut early = stacks(&[("e1", "L"), ("a1", "D"), ("a2", "L")], (0, 0), "L2");
    assert_eq!(early.off(0), 10);
    play(&mut early, "a2-b2");
    play(&mut early, "e1-off");
    assert_eq!(early.outcome(), None);
    let mut last = stacks(&[("e1", "L"), ("a1", "D")], (0, 0), "L2");
    play(&mut last, "e1-off");
    assert_eq!(last.outcome().map(|o| o.winners), Some(vec![0]));
    // Dark wins the same way off row a.
    let mut dark = stacks(&[("a3", "DD"), ("c3", "L")], (0, 0), "D2");
    play(&mut dark, "a3-offx2");
    assert_eq!(dark.outcome().map(|o| o.winners), Some(vec![1]));
}

// ---------------------------------------------------------------------------------------------
// Rulings 9 and 10: Diabolical Stacks groups
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling9_diabolical_any_group_under_your_own_top_piece_moves_your_way() {
    let mut game = diabolical(&[("c3", "DLDL"), ("e1", "D")], (0, 0), "L2");
    assert_eq!(game.movable(cell("c3")), 4);
    assert_eq!(
        moves_from(&game, "c3"),
        set(&["c3-d2", "c3-d3", "c3-d2x2", "c3-d3x2", "c3-d2x3", "c3-d3x3", "c3-d2x4", "c3-d3x4"])
    );
    // The same stack in Stacks: only the top piece.
    let plain = stacks(&[("c3", "DLDL"), ("e1", "D")], (0, 0), "L2");
    assert_eq!(moves_from(&plain, "c3"), set(&["c3-d2", "c3-d3"]));
    // The Dark pieces in Light's group go forward for Light: backward for Dark.
    play(&mut game, "c3-d2x3");
    assert_eq!(stack_text(&game, "d2"), "LDL");
    assert_eq!(stack_text(&game, "c3"), "D");
    assert_eq!(turn(&game), "L1");
    // Dark can still never move a stack whose top piece is Light's.
    let dark = diabolical(&[("c3", "DLDL"), ("e1", "D")], (0, 0), "D2");
    assert_eq!(dark.movable(cell("c3")), 0);
    assert!(moves_from(&dark, "c3").is_empty());
    // Dark may carry Light pieces towards row a.
    let mut dark = diabolical(&[("c3", "LLD"), ("e1", "L")], (0, 0), "D2");
    play(&mut dark, "c3-b2x3");
    assert_eq!(stack_text(&dark, "b2"), "LLD");
    assert_eq!(turn(&dark), "D1");
}

#[test]
fn ruling10_diabolical_only_your_own_unburied_pieces_leave_the_board() {
    // e2, Light's far row: L D L L from the bottom.
    let mut game = diabolical(&[("e2", "LDLL"), ("a1", "D")], (0, 0), "L2");
    assert_eq!(moves_from(&game, "e2"), set(&["e2-off", "e2-offx2"]));
    assert_eq!(
        game.destinations(cell("e2"), 2),
        vec![(Dest::Off, 1)],
        "two Light pieces may leave"
    );
    assert!(game.destinations(cell("e2"), 3).is_empty());
    // Not with the Dark piece, nor with the Light piece under it.
    assert_illegal(&mut game, "e2-offx3");
    assert_illegal(&mut game, "e2-offx4");
    // Dark the same way off row a.
    let mut dark = diabolical(&[("a1", "DLD"), ("e3", "L")], (0, 0), "D2");
    assert_eq!(moves_from(&dark, "a1"), set(&["a1-off"]));
    assert_illegal(&mut dark, "a1-offx2");
    assert_illegal(&mut dark, "a1-offx3");
    play(&mut dark, "a1-off");
    assert_eq!(stack_text(&dark, "a1"), "DL");
    assert_eq!(dark.off(1), 11);
    // Elsewhere than the far row a group with opponent pieces still moves on the board.
    let mid = diabolical(&[("d2", "DL"), ("a1", "D")], (0, 0), "L2");
    assert_eq!(
        moves_from(&mid, "d2"),
        set(&["d2-e1", "d2-e2", "d2-e1x2", "d2-e2x2"])
    );
}

// ---------------------------------------------------------------------------------------------
// Ruling 11: the third occurrence of a position is a draw (Diabolical Stacks)
// ---------------------------------------------------------------------------------------------

/// The position notation with its history field replaced.
fn with_history(game: &Stacks, keys: &[u64]) -> Stacks {
    let text = game.to_string();
    let (head, _) = text.rsplit_once(' ').unwrap();
    let history = if keys.is_empty() {
        "-".to_string()
    } else {
        keys.iter()
            .map(|k| format!("{k:016x}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("{head} {history}").parse().unwrap()
}

#[test]
fn ruling11_the_position_key_covers_stacks_reserves_seat_and_moves_left() {
    let base = diabolical(&[("c3", "DL"), ("b1", "L"), ("d4", "D")], (3, 4), "L2");
    let others = [
        diabolical(&[("c3", "LD"), ("b1", "L"), ("d4", "D")], (3, 4), "L2"),
        diabolical(&[("c3", "DL"), ("b2", "L"), ("d4", "D")], (3, 4), "L2"),
        diabolical(&[("c3", "DL"), ("b1", "L"), ("d4", "D")], (4, 3), "L2"),
        diabolical(&[("c3", "DL"), ("b1", "L"), ("d4", "D")], (3, 4), "D2"),
        diabolical(&[("c3", "DL"), ("b1", "L"), ("d4", "D")], (3, 4), "L1"),
    ];
    for other in &others {
        assert_ne!(base.key(), other.key(), "{other}");
    }
    assert_eq!(base.key(), base.clone().key());
    // The history is not part of what repeats.
    assert_eq!(with_history(&base, &[1, 2]).key(), base.key());
}

#[test]
fn ruling11_a_position_met_for_the_third_time_is_a_draw() {
    let q = diabolical(&[("c3", "DL"), ("b1", "L"), ("d4", "D")], (0, 0), "L2");
    let mut after = q.clone();
    play(&mut after, "b1-c1");
    let p = after.key();
    // Seen once before: not yet.
    let mut twice = with_history(&q, &[p]);
    play(&mut twice, "b1-c1");
    assert_eq!(twice.outcome(), None);
    assert_eq!(twice.history(), &[p, q.key()]);
    // Seen twice before: this is the third time.
    let mut third = with_history(&q, &[p, 0x1234, p]);
    assert_eq!(
        third.describe_move(&mv("b1-c1"), Viewer::Everyone),
        "b1-c1 (third repetition)"
    );
    third.play(&mv("b1-c1")).unwrap();
    let outcome = third.outcome().expect("a draw");
    assert!(outcome.is_draw());
    assert!(outcome.winners.is_empty());
    assert!(outcome.reason.contains("third"), "{}", outcome.reason);
    assert_eq!(third.to_move(), None);
    assert!(third.legal_moves().is_empty());
    assert_eq!(third.play(&mv("c1-d1")), Err(PlayError::GameOver));
    // The drawn position survives its notation, and reads as drawn again.
    let again: Stacks = third.to_string().parse().unwrap();
    assert_eq!(again, third);
    assert!(again.outcome().is_some_and(|o| o.is_draw()));
    // A history holding one key three times cannot be: that game ended earlier.
    let text = with_history(&q, &[p, p]).to_string().replace(
        &format!("{p:016x},{p:016x}"),
        &format!("{p:016x},{p:016x},{p:016x}"),
    );
    assert!(text.parse::<Stacks>().is_err());
}

#[test]
fn ruling11_entering_and_leaving_clear_the_history_and_stacks_keeps_none() {
    let q = diabolical(&[("c3", "DL"), ("e1", "L"), ("d4", "D")], (2, 0), "L2");
    let mut moved = q.clone();
    play(&mut moved, "c3-d2");
    assert_eq!(moved.history(), &[q.key()]);
    // Entering a piece can never be undone: no earlier position can come back.
    let mut entered = moved.clone();
    play(&mut entered, "+a1");
    assert!(entered.history().is_empty());
    let mut left = moved.clone();
    play(&mut left, "e1-off");
    assert!(left.history().is_empty());
    // The pass is an ordinary step for the history.
    let mut pass = diabolical(&[("c3", "DL"), ("b1", "L")], (0, 0), "D2");
    let key = pass.key();
    play(&mut pass, "pass");
    assert_eq!(pass.history(), &[key]);
    // Stacks has no repetition rule and keeps no keys.
    let mut plain = stacks(&[("c3", "DL"), ("b1", "L"), ("d4", "D")], (0, 0), "L2");
    play(&mut plain, "b1-c1");
    assert!(plain.history().is_empty());
    assert!(!plain.to_string().ends_with(" -"));
}

// ---------------------------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------------------------

#[test]
fn moves_round_trip_through_their_notation() {
    let samples = [
        "+a2", "+e3", "+i9", "b2-c3", "b2-c3x2", "e1-off", "e1-offx3", "a1-b1x24", "pass",
    ];
    for text in samples {
        let m: StacksMove = mv(text);
        assert_eq!(m.to_string(), text);
        assert_eq!(serde_json::to_string(&m).unwrap(), format!("\"{text}\""));
        let back: StacksMove = serde_json::from_str(&format!("\"{text}\"")).unwrap();
        assert_eq!(back, m);
    }
    assert_eq!(mv::<StacksMove>("+a2"), StacksMove::Enter(Cell::new(0, 1)));
    assert_eq!(
        mv::<StacksMove>("b2-c3x2"),
        StacksMove::Move {
            from: Cell::new(1, 1),
            to: Dest::Cell(Cell::new(2, 2)),
            count: 2
        }
    );
    assert_eq!(
        mv::<StacksMove>("e1-off"),
        StacksMove::Move {
            from: Cell::new(4, 0),
            to: Dest::Off,
            count: 1
        }
    );
    for side in 3..=5 {
        for c in cells(side) {
            assert_eq!(c.to_string().parse::<Cell>().unwrap(), c);
        }
    }
}

#[test]
fn bad_moves_do_not_parse() {
    for text in [
        "",
        " ",
        "+",
        "+a",
        "+a0",
        "+j1",
        "+A1",
        "a1",
        "a1-",
        "-b2",
        "a1b2",
        "a1-b2-c3",
        "a1-b2x",
        "a1-b2x1",
        "a1-b2x0",
        "a1-b2x02",
        "a1-b2x25",
        "a1-b2x999",
        "a1-b2X2",
        "a1-offx1",
        "a1-of",
        "a1-OFF",
        "pass ",
        "Pass",
        "a1 -b2",
        "a1–b2",
        "aa-bb",
        "a10-b1",
        "+a1x2",
        "a1-b2x2x2",
        "é1-a1",
        "+a\u{301}",
    ] {
        let err: NotationError = text
            .parse::<StacksMove>()
            .err()
            .unwrap_or_else(|| panic!("\"{text}\" should not parse"));
        assert!(err.what == "move" || err.what == "cell", "{text}: {err}");
    }
    assert!(serde_json::from_str::<StacksMove>("\"a1-b2x1\"").is_err());
    assert!(serde_json::from_str::<StacksMove>("12").is_err());
}

#[test]
fn moves_that_parse_but_make_no_sense_here_are_refused() {
    let mut game = stacks(&[("c3", "DLL"), ("a2", "D")], (2, 0), "L2");
    for text in [
        "+i9", "+b1", "+a4", "a4-b1", "i9-off", "e1-off", "c3-d2x3", "a2-b2", "b1-c1", "c3-d1",
        "c3-b2", "pass",
    ] {
        assert_illegal(&mut game, text);
    }
    game.check_invariants().unwrap();
}

#[test]
fn options_round_trip_and_bad_options_do_not_parse() {
    for text in [
        "side=3",
        "side=4",
        "side=5",
        "side=3 diabolical",
        "side=4 diabolical",
        "side=5 diabolical",
    ] {
        let o = options(text);
        assert_eq!(o.to_string(), text);
        assert_eq!(serde_json::to_string(&o).unwrap(), format!("\"{text}\""));
    }
    assert_eq!(
        options("side=4 diabolical"),
        StacksOptions {
            side: 4,
            diabolical: true
        }
    );
    for text in [
        "",
        "side=",
        "side=2",
        "side=6",
        "side=03",
        "side=33",
        "side=x",
        "side = 3",
        "side=3 ",
        " side=3",
        "side=3 diabolic",
        "side=3  diabolical",
        "side=3 diabolical extra",
        "diabolical",
        "diabolical side=3",
        "Side=3",
        "colours=LD",
    ] {
        let err = text
            .parse::<StacksOptions>()
            .err()
            .unwrap_or_else(|| panic!("\"{text}\" should not parse"));
        assert_eq!(err.what, "options", "{text}");
    }
}

#[test]
fn positions_round_trip_through_notation_and_serde() {
    let samples = [
        notation(3, false, &[("c3", "DLL"), ("a2", "D")], (4, 9), "D2"),
        notation(4, true, &[("d7", "LDLD"), ("a1", "L")], (0, 10), "L1"),
        notation(5, false, &[("i5", "L"), ("e9", "D")], (11, 11), "L2"),
        "3d -,-,-/-,-,-,-/-,DL,-,-,-/-,-,-,D/-,L,- 0,0 L2 00000000000004d2,ffffffffffffffff"
            .to_string(),
    ];
    for text in samples {
        let game: Stacks = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(game.to_string(), text);
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        let back: Stacks = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
    }
    let game: Stacks = notation(3, false, &[("c3", "DLL"), ("a2", "D")], (4, 9), "D2")
        .parse()
        .unwrap();
    assert_eq!(stack_text(&game, "c3"), "DLL");
    assert_eq!(
        game.stack(cell("c3")),
        &[Colour::Dark, Colour::Light, Colour::Light]
    );
    assert!(game.stack(cell("a9")).is_empty());
    assert_eq!(game.turn(), 1);
    assert_eq!(game.moves_left(), 2);
    assert_eq!(game.options(), options("side=3"));
}

#[test]
fn bad_positions_do_not_parse() {
    let good = notation(3, false, &[("c3", "DLL"), ("a2", "D")], (4, 9), "D2");
    assert!(good.parse::<Stacks>().is_ok());
    let good_d = notation(3, true, &[("c3", "DLL"), ("a2", "D")], (4, 9), "D2");
    assert!(good_d.parse::<Stacks>().is_ok());
    let thirteen = vec![("c3", "LLLLLLLLLLLLL")];
    let stem = good_d.strip_suffix(" -").unwrap().to_string();
    let history = |h: &str| format!("{stem} {h}");
    assert!(history("00000000000004d2").parse::<Stacks>().is_ok());
    let bad = vec![
        String::new(),
        " ".into(),
        "3".into(),
        good.replacen("3 ", "2 ", 1),
        good.replacen("3 ", "6 ", 1),
        good.replacen("3 ", "3x ", 1),
        good.replacen("3 ", "3D ", 1),
        good.replacen("3 ", "33 ", 1),
        // A Diabolical position needs its history, a Stacks one has none.
        format!("{good} -"),
        good_d.trim_end_matches(" -").to_string(),
        format!("{good_d} -"),
        // Rows and cells.
        good.replacen("/", "", 1),
        good.replacen("-,-,-/", "-,-,-/-,-,-/", 1),
        good.replacen("-,D,-", "-,D", 1),
        good.replacen("-,D,-", "-,D,-,-", 1),
        good.replacen("-,D,-", ",D,-", 1),
        good.replacen("DLL", "DxL", 1),
        good.replacen("DLL", "dll", 1),
        good.replacen("DLL", "D-L", 1),
        // Too many pieces.
        notation(3, false, &thirteen, (0, 0), "L2"),
        notation(3, false, &[("c3", "LL")], (11, 0), "L2"),
        // Reserves.
        good.replace(" 4,9 ", " 4 "),
        good.replace(" 4,9 ", " 4,9,1 "),
        good.replace(" 4,9 ", " 13,9 "),
        good.replace(" 4,9 ", " 04,9 "),
        good.replace(" 4,9 ", " -1,9 "),
        good.replace(" 4,9 ", " x,9 "),
        // Seat to move and moves left.
        good.replace(" D2", " D3"),
        good.replace(" D2", " D0"),
        good.replace(" D2", " X2"),
        good.replace(" D2", " d2"),
        good.replace(" D2", " D"),
        good.replace(" D2", " D22"),
        good.replace(" D2", " 2"),
        // Extra fields and spaces.
        format!("{good} extra"),
        good.replace(' ', "  "),
        // Both players with every piece off.
        notation(3, false, &[], (0, 0), "L2"),
        // A turn that should have ended: Light has 1 move left and no 1-move step.
        notation(
            3,
            false,
            &[("b1", "L"), ("c1", "D"), ("c2", "D")],
            (0, 0),
            "L1",
        ),
        // History keys.
        history("123"),
        history("00000000000004D2"),
        history("4d2"),
        history("00000000000004d2,"),
        history(",00000000000004d2"),
        history("00000000000004d2 00000000000004d2"),
        history("0000000000000001,0000000000000001,0000000000000001"),
        history("000000000000000g"),
        history("+000000000000001"),
    ];
    for text in bad {
        let err = text
            .parse::<Stacks>()
            .err()
            .unwrap_or_else(|| panic!("\"{text}\" should not parse"));
        assert_eq!(err.what, "position", "{text}: {err}");
    }
    assert!(serde_json::from_str::<Stacks>("\"3 nonsense\"").is_err());
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng::new(99);
    let alphabet: Vec<char> = "abcdefghij0123456789LDd-+x,/ offpass\u{e9}"
        .chars()
        .collect();
    let seeds = [
        notation(3, true, &[("c3", "DLL"), ("a2", "D")], (4, 9), "D2"),
        "b2-c3x2".to_string(),
        "side=4 diabolical".to_string(),
    ];
    for _ in 0..3000 {
        let base: Vec<char> = seeds[rng.below(3) as usize].chars().collect();
        let mut text = base.clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(text.len() as u64) as usize;
            match rng.below(3) {
                0 => text[at] = alphabet[rng.below(alphabet.len() as u64) as usize],
                1 => {
                    text.remove(at);
                }
                _ => text.insert(at, alphabet[rng.below(alphabet.len() as u64) as usize]),
            }
            if text.is_empty() {
                break;
            }
        }
        let s: String = text.into_iter().collect();
        if let Ok(game) = s.parse::<Stacks>() {
            game.check_invariants().unwrap();
            let _ = game.legal_moves();
            assert_eq!(game.to_string().parse::<Stacks>().unwrap(), game);
        }
        if let Ok(m) = s.parse::<StacksMove>() {
            assert_eq!(m.to_string().parse::<StacksMove>().unwrap(), m);
            let mut g = Stacks::new(&options("side=5 diabolical"), 0).unwrap();
            let _ = g.play(&m);
            let _ = g.destinations(Cell::new(8, 8), 24);
        }
        let _ = s.parse::<StacksOptions>();
    }
}

// ---------------------------------------------------------------------------------------------
// The generic conformance check, both variants, every board
// ---------------------------------------------------------------------------------------------

/// Games and seed of the conformance run.
const CONFORMANCE_GAMES: usize = 240;
const CONFORMANCE_SEED: u64 = 2024;

#[test]
fn conformance_random_games_of_every_variant_and_board() {
    const GAMES: usize = CONFORMANCE_GAMES;
    let report =
        check_random_games::<Stacks>(GAMES, CONFORMANCE_SEED).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, GAMES);
    assert_eq!(report.wins + report.draws, GAMES);
    assert!(report.moves > GAMES * 50, "{report:?}");
    assert!(report.unlisted_tried > 0, "{report:?}");
    println!("conformance: {report:?}");
}

#[test]
fn conformance_draws_options_that_cover_every_variant_and_board() {
    // The conformance check draws each game's options from the form with this generator
    // (see `core::conformance`); the seeds above cover all six combinations.
    let form = Stacks::setup_form(2).unwrap();
    let mut seen = BTreeSet::new();
    let mut counts: HashMap<String, usize> = HashMap::new();
    for g in 0..CONFORMANCE_GAMES as u64 {
        let mut rng = Rng::new(CONFORMANCE_SEED.wrapping_add(g) ^ 0xA5A5_A5A5);
        let mut choices = form.defaults(2);
        for (spec, (_, value)) in form.options.iter().zip(&mut choices.values) {
            let values = spec.values();
            *value = values[rng.below(values.len() as u64) as usize].clone();
        }
        let text = Stacks::options_from(&choices).unwrap().to_string();
        *counts.entry(text.clone()).or_default() += 1;
        seen.insert(text);
    }
    assert_eq!(seen.len(), 6, "{seen:?}");
    assert!(counts.values().all(|&n| n >= 20), "{counts:?}");
}

// ---------------------------------------------------------------------------------------------
// An independent model of the rulings, compared along random games
// ---------------------------------------------------------------------------------------------

/// The rulings re-derived on axial hex coordinates `(q, r)`, `r` from `-(side - 1)` (Light's
/// side) to `side - 1` (Dark's side): a cell's neighbours in the next row up are `(q, r + 1)`
/// and `(q - 1, r + 1)`, in the row down `(q, r - 1)` and `(q + 1, r - 1)`.
#[derive(Clone)]
struct Model {
    n: i32,
    diabolical: bool,
    /// Stacks by axial coordinate, bottom to top, `'L'`/`'D'`.
    board: HashMap<(i32, i32), Vec<char>>,
    reserve: [u32; 2],
    seat: usize,
    left: u32,
}

#[derive(Clone, Copy, Debug)]
enum Act {
    Enter((i32, i32)),
    Go((i32, i32), Option<(i32, i32)>, usize),
    Pass,
}

impl Model {
    fn axial_cells(n: i32) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for r in -n..=n {
            for q in -n..=n {
                if (q + r).abs() <= n {
                    out.push((q, r));
                }
            }
        }
        out
    }

    /// The cell's name: row letter from Light's side, place from the left (smallest `q`).
    fn name(&self, (q, r): (i32, i32)) -> String {
        let qmin = (-self.n).max(-self.n - r);
        let row = (b'a' + (r + self.n) as u8) as char;
        format!("{row}{}", q - qmin + 1)
    }

    /// The start of a game by rulings 2 and 6: every piece in reserve, Light to move, one
    /// move in its first turn.
    fn start(side: u8, diabolical: bool) -> Model {
        let n = i32::from(side) - 1;
        Model {
            n,
            diabolical,
            board: Model::axial_cells(n)
                .into_iter()
                .map(|c| (c, Vec::new()))
                .collect(),
            reserve: [12, 12],
            seat: 0,
            left: 1,
        }
    }

    fn of(game: &Stacks) -> Model {
        let n = i32::from(game.side()) - 1;
        let mut model = Model {
            n,
            diabolical: game.diabolical(),
            board: HashMap::new(),
            reserve: [u32::from(game.reserve(0)), u32::from(game.reserve(1))],
            seat: game.turn(),
            left: u32::from(game.moves_left()),
        };
        for ax in Model::axial_cells(n) {
            let stack: Vec<char> = game
                .stack(cell(&model.name(ax)))
                .iter()
                .map(|c| c.letter())
                .collect();
            model.board.insert(ax, stack);
        }
        model
    }

    fn me(&self) -> char {
        ['L', 'D'][self.seat]
    }

    fn off(&self, seat: usize) -> u32 {
        let c = ['L', 'D'][seat];
        let on: usize = self
            .board
            .values()
            .map(|s| s.iter().filter(|&&p| p == c).count())
            .sum();
        12 - self.reserve[seat] - on as u32
    }

    fn won(&self) -> Option<usize> {
        (0..2).find(|&s| self.off(s) == 12)
    }

    fn ahead(&self, (q, r): (i32, i32)) -> Vec<(i32, i32)> {
        let cands = if self.seat == 0 {
            [(q, r + 1), (q - 1, r + 1)]
        } else {
            [(q, r - 1), (q + 1, r - 1)]
        };
        cands
            .into_iter()
            .filter(|c| self.board.contains_key(c))
            .collect()
    }

    fn cost_onto(&self, c: (i32, i32)) -> u32 {
        if self.board[&c].is_empty() {
            1
        } else {
            2
        }
    }

    /// Every step costing at most `budget`, with its name and cost.
    fn steps(&self, budget: u32) -> Vec<(String, Act, u32)> {
        let mut out = Vec::new();
        let me = self.me();
        let near = if self.seat == 0 { -self.n } else { self.n };
        let far = -near;
        for (&c, stack) in &self.board {
            if c.1 == near && self.reserve[self.seat] > 0 {
                let cost = self.cost_onto(c);
                if cost <= budget {
                    out.push((format!("+{}", self.name(c)), Act::Enter(c), cost));
                }
            }
            if stack.last() != Some(&me) {
                continue;
            }
            // Ruling 5: down to the first opponent piece; ruling 9: anything under my top.
            let run = stack.iter().rev().take_while(|&&p| p == me).count();
            let most = if self.diabolical { stack.len() } else { run };
            for k in 1..=most {
                let suffix = if k == 1 {
                    String::new()
                } else {
                    format!("x{k}")
                };
                for to in self.ahead(c) {
                    let cost = self.cost_onto(to);
                    if cost <= budget {
                        let text = format!("{}-{}{suffix}", self.name(c), self.name(to));
                        out.push((text, Act::Go(c, Some(to), k), cost));
                    }
                }
                // Ruling 10: only own pieces, none under an opponent piece.
                let group_all_mine = stack[stack.len() - k..].iter().all(|&p| p == me);
                if c.1 == far && group_all_mine && budget >= 1 {
                    let text = format!("{}-off{suffix}", self.name(c));
                    out.push((text, Act::Go(c, None, k), 1));
                }
            }
        }
        out
    }

    fn legal(&self) -> Vec<(String, Act, u32)> {
        if self.won().is_some() {
            return Vec::new();
        }
        let steps = self.steps(self.left);
        if steps.is_empty() {
            vec![("pass".into(), Act::Pass, 0)]
        } else {
            steps
        }
    }

    fn play(&mut self, act: Act, cost: u32) {
        match act {
            Act::Pass => {
                self.seat = 1 - self.seat;
                self.left = 2;
                return;
            }
            Act::Enter(c) => {
                let me = self.me();
                self.board.get_mut(&c).unwrap().push(me);
                self.reserve[self.seat] -= 1;
            }
            Act::Go(from, to, k) => {
                let stack = self.board.get_mut(&from).unwrap();
                let group = stack.split_off(stack.len() - k);
                if let Some(to) = to {
                    self.board.get_mut(&to).unwrap().extend(group);
                }
            }
        }
        self.left -= cost;
        if self.left == 0 || self.steps(self.left).is_empty() {
            self.seat = 1 - self.seat;
            self.left = 2;
        }
    }

    /// Everything ruling 11 compares, spelled out.
    fn snapshot(&self) -> String {
        let mut keys: Vec<&(i32, i32)> = self.board.keys().collect();
        keys.sort();
        let stacks: Vec<String> = keys
            .iter()
            .map(|k| self.board[k].iter().collect::<String>())
            .collect();
        format!(
            "{} {:?} {} {}",
            stacks.join(","),
            self.reserve,
            self.seat,
            self.left
        )
    }

    fn same_as(&self, other: &Model) -> bool {
        self.snapshot() == other.snapshot()
    }
}

fn compare_random_games(diabolical: bool, games: u64, seed: u64) -> [usize; 3] {
    let mut rng = Rng::new(seed);
    // Wins by Light, wins by Dark, passes seen.
    let mut tally = [0usize; 3];
    for game_no in 0..games {
        let side = 3 + (game_no % 3) as u8;
        let mut game = Stacks::new(&StacksOptions { side, diabolical }, game_no).unwrap();
        let mut model = Model::start(side, diabolical);
        let mut seen: HashMap<String, usize> = HashMap::new();
        *seen.entry(model.snapshot()).or_default() += 1;
        loop {
            assert!(Model::of(&game).same_as(&model), "diverged at {game}");
            let expected = model.legal();
            let names: Vec<String> = expected.iter().map(|(n, _, _)| n.clone()).collect();
            let expected_set: BTreeSet<String> = names.iter().cloned().collect();
            assert_eq!(expected_set.len(), names.len(), "model lists a move twice");
            let actual = game.legal_moves();
            let actual_set: BTreeSet<String> = actual.iter().map(|m| m.to_string()).collect();
            assert_eq!(
                actual_set.len(),
                actual.len(),
                "a move listed twice in {game}"
            );
            assert_eq!(actual_set, expected_set, "legal moves of {game}");
            if expected.is_empty() {
                let winner = model.won().expect("the model stops only at a win");
                assert_eq!(game.outcome().map(|o| o.winners), Some(vec![winner]));
                assert_eq!(game.to_move(), None);
                tally[winner] += 1;
                break;
            }
            assert_eq!(game.to_move(), Some(model.seat));
            assert_eq!(game.outcome(), None);
            let (name, act, cost) = expected[rng.below(expected.len() as u64) as usize].clone();
            if name == "pass" {
                tally[2] += 1;
            }
            model.play(act, cost);
            play(&mut game, &name);
            // Ruling 11, compared in full: a third occurrence would have to be a draw. (No
            // position ever repeats: see the module doc of `games::stacks`.)
            let count = seen.entry(model.snapshot()).or_default();
            *count += 1;
            assert!(*count < 3 || game.outcome().is_some_and(|o| o.is_draw()));
            assert_eq!(*count, 1, "a position repeated in {game}");
        }
    }
    tally
}

#[test]
fn random_stacks_games_agree_with_an_independent_model() {
    let tally = compare_random_games(false, 51, 0x5EED);
    assert_eq!(tally[0] + tally[1], 51);
    assert!(tally[0] > 0 && tally[1] > 0 && tally[2] > 0, "{tally:?}");
}

#[test]
fn random_diabolical_games_agree_with_an_independent_model() {
    let tally = compare_random_games(true, 51, 0xD1AB);
    assert_eq!(tally[0] + tally[1], 51);
    assert!(tally[0] > 0 && tally[1] > 0 && tally[2] > 0, "{tally:?}");
}

// ---------------------------------------------------------------------------------------------
// The computer's playouts
// ---------------------------------------------------------------------------------------------

/// The moves `playout_move` draws from `game` over 200 draws.
fn playout_draws(game: &Stacks) -> BTreeSet<String> {
    let mut rng = Rng::new(0x9A7);
    (0..200)
        .map(|_| {
            game.playout_move(&mut rng)
                .expect("a move while the game goes on")
                .to_string()
        })
        .collect()
}

#[test]
fn playouts_keep_a_trap_while_another_step_is_open() {
    // Light's two pieces sit on Dark's: lifting both frees it, lifting the top one does not.
    let game = stacks(&[("c3", "DLL"), ("a2", "D")], (0, 0), "L2");
    let lifts_all = "c3-d2x2".parse().expect("a move");
    assert!(game.uncovers_opponent(&lifts_all));
    assert!(!game.uncovers_opponent(&"c3-d2".parse().expect("a move")));
    assert_eq!(playout_draws(&game), set(&["c3-d2", "c3-d3"]));
    // Every step frees the trapped piece: the playout still moves.
    let only = stacks(&[("c3", "DL"), ("a2", "D")], (0, 0), "L2");
    assert_eq!(playout_draws(&only), set(&["c3-d2", "c3-d3"]));
    assert_eq!(legal(&only), set(&["c3-d2", "c3-d3"]));
    // Own pieces underneath are no trap; entering never frees anything.
    let own = stacks(&[("c3", "LL"), ("e1", "D")], (1, 0), "L2");
    assert_eq!(playout_draws(&own), legal(&own));
    // Over: nothing to draw.
    let mut rng = Rng::new(1);
    let mut done = stacks(&[("c3", "DLL"), ("a2", "D")], (0, 0), "L2");
    for _ in 0..200 {
        match done.playout_move(&mut rng) {
            Some(mv) => play(&mut done, &mv.to_string()),
            None => break,
        }
    }
    assert!(done.outcome().is_some() && done.playout_move(&mut rng).is_none());
}
