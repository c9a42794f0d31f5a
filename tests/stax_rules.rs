#![cfg(not(target_arch = "wasm32"))]
//! STAX rules scenarios, grouped by ruling (1 to 10; the in-app rules page `static/rules/stax.html` states them), then
//! notation, the generic conformance check, and random games compared with an independent
//! model of the rulings.
//!
//! Positions are written in the position notation (see `src/games/stax/notation.rs`):
//! `<status> <table> <reserves> <history>`. The helpers below build them from the stacks
//! alone: every tile not on the table is in its owner's reserve. A stack is its tiles bottom
//! to top, each the owner's letter (`L`, `D`, `R`) then `K`, `Q` or its pointer digits.
//! Directions: 0 east `(+1,0)`, 1 north-east `(+1,-1)`, 2 north-west `(0,-1)`, 3 west
//! `(-1,0)`, 4 south-west `(-1,+1)`, 5 south-east `(0,+1)`.

mod rules_support;

use rules_support::*;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

use stackplay::core::conformance::check_random_games;
use stackplay::core::{Game, PlayError, Rng, SetupChoices, SideRule, Viewer};
use stackplay::games::stax::{
    mirror, rotate, rotations, Cell, End, KingState, Phase, Refusal, Stax, StaxMove, StaxOptions,
    Tile, TileKind, DIRECTIONS, KINDS, TILES_PER_PLAYER,
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn cell(text: &str) -> Cell {
    text.parse()
        .unwrap_or_else(|e| panic!("bad cell {text}: {e}"))
}

/// The tiles of a stack token (`D01LQ`) as (seat, mask), bottom to top.
fn tiles_of(token: &str) -> Vec<(usize, u8)> {
    let mut out: Vec<(usize, u8)> = Vec::new();
    for c in token.chars() {
        match c {
            'L' | 'D' | 'R' => out.push(("LDR".find(c).unwrap(), 0)),
            'K' => {}
            'Q' => out.last_mut().unwrap().1 = 63,
            d => out.last_mut().unwrap().1 |= 1 << d.to_digit(6).unwrap(),
        }
    }
    out
}

/// The notation of a position of `players` with the given status and stacks; every tile not
/// on the table is in its owner's reserve, except the kings of `captured`.
fn notation_with(
    players: usize,
    status: &str,
    stacks: &[(&str, &str)],
    captured: &[usize],
) -> String {
    let mut used: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); players];
    let mut sorted: Vec<(Cell, &str)> = stacks.iter().map(|&(c, s)| (cell(c), s)).collect();
    sorted.sort();
    for (_, token) in &sorted {
        for (seat, mask) in tiles_of(token) {
            assert!(
                used[seat].insert(TileKind::of_mask(mask).index()),
                "{token}: seat {seat} uses a kind twice"
            );
        }
    }
    for &seat in captured {
        used[seat].insert(0);
    }
    let table = if sorted.is_empty() {
        "-".to_string()
    } else {
        sorted
            .iter()
            .map(|(c, s)| format!("{c}={s}"))
            .collect::<Vec<_>>()
            .join("/")
    };
    let reserves: Vec<String> = used
        .iter()
        .map(|u| {
            let left: Vec<&str> = KINDS
                .iter()
                .filter(|k| !u.contains(&k.index()))
                .map(|k| k.name())
                .collect();
            if left.is_empty() {
                "-".into()
            } else {
                left.join(".")
            }
        })
        .collect();
    format!("{status} {table} {} -", reserves.join("/"))
}

/// A position of `players` with the given status and stacks (see [`notation_with`]).
fn position(players: usize, status: &str, stacks: &[(&str, &str)]) -> Stax {
    let text = notation_with(players, status, stacks, &[]);
    text.parse()
        .unwrap_or_else(|e| panic!("{text} does not parse: {e}"))
}

/// Where the top tile of `from` may go, checked against the legal-move list.
fn dests(game: &Stax, from: &str) -> BTreeSet<String> {
    let api: BTreeSet<String> = game
        .destinations(cell(from))
        .iter()
        .map(|c| c.to_string())
        .collect();
    let listed: BTreeSet<String> = legal(game)
        .iter()
        .filter_map(|m| m.strip_prefix(&format!("{from}>")).map(str::to_string))
        .map(|rest| rest.split(':').next().unwrap().to_string())
        .collect();
    assert_eq!(api, listed, "destinations and legal moves disagree");
    api
}

/// Plays a move that must be refused, checks nothing changed, and returns the reason.
fn refused(game: &mut Stax, text: &str) -> Refusal {
    let why = game.refusal(&mv(text)).expect_err(text);
    assert_eq!(assert_illegal(game, text), why.to_string());
    why
}

fn winners(game: &Stax) -> Option<Vec<usize>> {
    game.outcome().map(|o| o.winners)
}

// ---------------------------------------------------------------------------------------------
// Ruling 1: the tiles
// ---------------------------------------------------------------------------------------------

/// Every pointer pattern up to rotation and reflection, by brute force.
fn classes(reflect: bool) -> Vec<BTreeSet<u8>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for m in 0u8..64 {
        if seen.contains(&m) {
            continue;
        }
        let mut class = BTreeSet::new();
        for k in 0..6 {
            class.insert(rotate(m, k));
            if reflect {
                class.insert(rotate(mirror(m), k));
            }
        }
        seen.extend(class.iter().copied());
        out.push(class);
    }
    out
}

#[test]
fn ruling1_thirteen_tiles_one_per_pattern_up_to_rotation_and_reflection() {
    let classes = classes(true);
    assert_eq!(classes.len(), 13);
    assert_eq!(KINDS.len(), TILES_PER_PLAYER);
    // Each kind is exactly one class: its orientations (both sides for 3X) are the class.
    for kind in KINDS {
        let orientations: BTreeSet<u8> = kind.orientations().iter().copied().collect();
        assert!(
            classes.contains(&orientations),
            "{}: {orientations:?}",
            kind.name()
        );
        for &m in kind.orientations() {
            assert_eq!(TileKind::of_mask(m), kind);
            assert_eq!(m.count_ones(), kind.pointers());
        }
        assert_eq!(TileKind::from_name(kind.name()), Some(kind));
    }
    let counts: Vec<(&str, usize)> = KINDS
        .iter()
        .map(|k| (k.name(), k.orientations().len()))
        .collect();
    assert_eq!(
        counts,
        vec![
            ("K", 1),
            ("1", 6),
            ("2A", 6),
            ("2V", 6),
            ("2I", 3),
            ("3F", 6),
            ("3Y", 2),
            ("3X", 12),
            ("4A", 6),
            ("4V", 6),
            ("4I", 3),
            ("5", 6),
            ("Q", 1)
        ]
    );
    // The patterns the ruling names.
    let mask = |ds: &[u32]| ds.iter().fold(0u8, |m, d| m | 1 << d);
    assert_eq!(TileKind::of_mask(0), TileKind::King);
    assert_eq!(TileKind::of_mask(63), TileKind::Queen);
    assert_eq!(TileKind::of_mask(mask(&[2, 3])), TileKind::TwoA);
    assert_eq!(TileKind::of_mask(mask(&[1, 5])), TileKind::TwoV);
    assert_eq!(TileKind::of_mask(mask(&[2, 5])), TileKind::TwoI);
    assert_eq!(TileKind::of_mask(mask(&[3, 4, 5])), TileKind::ThreeF);
    assert_eq!(TileKind::of_mask(mask(&[1, 3, 5])), TileKind::ThreeY);
    assert_eq!(TileKind::of_mask(mask(&[0, 1, 3])), TileKind::ThreeX);
    assert_eq!(TileKind::of_mask(mask(&[0, 2, 3])), TileKind::ThreeX);
    // Four pointers are the complements of two.
    for (two, four) in [
        (TileKind::TwoA, TileKind::FourA),
        (TileKind::TwoV, TileKind::FourV),
        (TileKind::TwoI, TileKind::FourI),
    ] {
        assert_eq!(TileKind::of_mask(63 & !two.base()), four);
    }
    assert_eq!(TileKind::of_mask(mask(&[0, 1, 2, 3, 4])), TileKind::Five);
}

#[test]
fn ruling1_the_asymmetric_tile_has_two_sides_that_rotation_cannot_match() {
    let front: BTreeSet<u8> = rotations(0b1011).iter().copied().collect();
    let back: BTreeSet<u8> = rotations(0b1101).iter().copied().collect();
    assert_eq!(front.len(), 6);
    assert_eq!(back.len(), 6);
    assert!(front.is_disjoint(&back));
    assert_eq!(rotate(mirror(0b1011), 0), 0b101001);
    assert!(back.contains(&mirror(0b1011)));
    assert!(TileKind::ThreeX.two_sided());
    assert!(KINDS
        .iter()
        .filter(|k| **k != TileKind::ThreeX)
        .all(|k| !k.two_sided()));
    // Only 3X has a pattern that reflection changes: rotation alone gives 14 classes.
    assert_eq!(classes(false).len(), 14);
    let tile = Tile::new(0, 0b1011);
    assert_eq!(tile.front_side_up(), Some(true));
    assert_eq!(Tile::new(0, 0b1101).front_side_up(), Some(false));
    assert_eq!(Tile::new(0, 0b11).front_side_up(), None);
    // Either side up at the first placement.
    let game = Stax::start(2).unwrap();
    let first = legal(&game);
    assert!(first.contains("3X:013@0,0") && first.contains("3X:023@0,0"));
    assert_eq!(first.iter().filter(|m| m.starts_with("3X:")).count(), 12);
}

#[test]
fn ruling1_each_player_starts_with_all_thirteen_tiles() {
    for players in [2, 3] {
        let game = Stax::start(players).unwrap();
        for seat in 0..players {
            assert_eq!(game.reserve(seat), KINDS.to_vec());
            assert_eq!(game.king(seat), KingState::InReserve);
        }
        assert_eq!(game.placed(), 0);
        assert!(game.stacks().is_empty());
        assert_eq!(game.bounds(), None);
    }
    assert!(Stax::start(1).is_err() && Stax::start(4).is_err());
}

// ---------------------------------------------------------------------------------------------
// Ruling 2: the table and stacks
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling2_heights_top_tiles_and_the_area_in_play() {
    let game = position(
        2,
        "L",
        &[
            ("0,0", "LK"),
            ("1,0", "D01L2"),
            ("0,1", "DK"),
            ("-1,1", "L03"),
        ],
    );
    assert_eq!(game.height(cell("1,0")), 2);
    assert_eq!(game.height(cell("5,5")), 0);
    assert_eq!(game.top(cell("1,0")), Some(Tile::new(0, 0b100)));
    assert_eq!(
        game.stack(cell("1,0")),
        &[Tile::new(1, 0b11), Tile::new(0, 0b100)]
    );
    assert_eq!(game.top(cell("1,0")).unwrap().directions(), vec![2]);
    assert_eq!(game.king(0), KingState::OnTable(cell("0,0")));
    assert_eq!(game.king(1), KingState::OnTable(cell("0,1")));
    let b = game.bounds().unwrap();
    assert_eq!((b.min_q, b.max_q, b.min_r, b.max_r), (-1, 1, 0, 1));
    assert_eq!((b.min_s, b.max_s), (-1, 0));
    assert!(b.contains(cell("0,0")) && !b.contains(cell("1,1")) && !b.contains(cell("2,0")));
    // Drawing: direction d points 60° × d counter-clockwise from east (y grows downwards).
    for (d, &(dq, dr)) in DIRECTIONS.iter().enumerate() {
        let (x, y) = Cell::new(dq, dr).centre();
        let angle = (-y).atan2(x).to_degrees().rem_euclid(360.0);
        assert!((angle - 60.0 * d as f64).abs() < 1e-9, "{d}: {angle}");
        assert!(((x * x + y * y).sqrt() - 3f64.sqrt()).abs() < 1e-9);
        assert_eq!(Cell::ORIGIN.neighbour(d), Cell::new(dq, dr));
        assert_eq!(
            Cell::ORIGIN.line_to(Cell::new(3 * dq, 3 * dr)),
            Some((d, 3))
        );
    }
    assert_eq!(Cell::ORIGIN.line_to(Cell::new(1, 1)), None);
    assert_eq!(Cell::ORIGIN.line_to(Cell::ORIGIN), None);
    // Cells order by r, then q: the table is listed that way.
    let cells: Vec<String> = game.stacks().iter().map(|(c, _)| c.to_string()).collect();
    assert_eq!(cells, vec!["0,0", "1,0", "-1,1", "0,1"]);
}

// ---------------------------------------------------------------------------------------------
// Ruling 3: the opening
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling3_light_places_any_tile_but_the_queen_on_0_0() {
    let mut game = Stax::start(2).unwrap();
    assert_eq!(game.to_move(), Some(0));
    let first = legal(&game);
    // Every orientation of the twelve tiles that are not the queen, all on 0,0, and the offer.
    assert_eq!(first.len(), 64 - 1 + 1);
    assert!(first.contains("offer"));
    assert!(first
        .iter()
        .filter(|m| *m != "offer")
        .all(|m| m.ends_with("@0,0")));
    assert!(
        first.contains("K@0,0") && first.contains("2I:03@0,0") && first.contains("5:01235@0,0")
    );
    assert_eq!(refused(&mut game, "Q@0,0"), Refusal::NoQueenInOpening);
    assert_eq!(refused(&mut game, "K@1,0"), Refusal::FirstTileAtOrigin);
    assert!(game.placements_for(TileKind::Queen).is_empty());
    assert_eq!(
        game.placements_for(TileKind::TwoI),
        vec![(Cell::ORIGIN, vec![0b1001, 0b10010, 0b100100])]
    );
}

#[test]
fn ruling3_dark_places_next_to_it_and_may_not_point_at_a_light_king() {
    let mut game = Stax::start(2).unwrap();
    play(&mut game, "K@0,0");
    assert_eq!(game.to_move(), Some(1));
    let second = legal(&game);
    let cells: BTreeSet<String> = second
        .iter()
        .filter_map(|m| m.split_once('@').map(|(_, c)| c.to_string()))
        .collect();
    assert_eq!(cells, set(&["1,0", "1,-1", "0,-1", "-1,0", "-1,1", "0,1"]));
    // Per cell, the orientations not pointing back at 0,0: K 1, 1 5, 2A 4, 2V 4, 2I 2, 3F 3,
    // 3Y 1, 3X 6, 4A 2, 4V 2, 4I 1, 5 1.
    assert_eq!(second.len(), 6 * 32 + 1);
    assert!(second.contains("1:0@1,0") && !second.contains("1:3@1,0"));
    assert_eq!(refused(&mut game, "1:3@1,0"), Refusal::PointsAtEnemyKing(3));
    assert_eq!(refused(&mut game, "Q@1,0"), Refusal::NoQueenInOpening);
    assert_eq!(refused(&mut game, "K@2,0"), Refusal::MustTouchFirstTile);
    assert_eq!(refused(&mut game, "K@0,0"), Refusal::Occupied);
    // Without the king on 0,0, every orientation is allowed.
    let mut other = Stax::start(2).unwrap();
    play(&mut other, "1:0@0,0");
    assert_eq!(legal(&other).len(), 6 * 63 + 1);
    play(&mut other, "1:3@1,0");
    // From the third tile on, the queen may be placed (next to two stacks).
    assert_eq!(
        other
            .placements_for(TileKind::Queen)
            .iter()
            .map(|(c, _)| c.to_string())
            .collect::<Vec<_>>(),
        vec!["1,-1", "0,1"]
    );
}

#[test]
fn ruling3_with_three_players_red_places_normally_and_may_place_the_queen() {
    let mut game = Stax::start(3).unwrap();
    play(&mut game, "1:0@0,0");
    assert!(!legal(&game).contains("Q@1,0"));
    play(&mut game, "K@1,0");
    assert_eq!(game.to_move(), Some(2));
    let third = legal(&game);
    let cells: BTreeSet<String> = third
        .iter()
        .filter_map(|m| m.split_once('@').map(|(_, c)| c.to_string()))
        .collect();
    assert_eq!(cells, set(&["1,-1", "0,1"]));
    // All 64 orientations of all 13 tiles on each of the two cells (Light's king, Red's
    // enemy, is not on the table), and the offer.
    assert_eq!(third.len(), 2 * 64 + 1);
    assert!(third.contains("Q@1,-1"));
    assert_eq!(refused(&mut game, "K@2,0"), Refusal::NeedsTwoNeighbours);
}

// ---------------------------------------------------------------------------------------------
// Ruling 4: placements
// ---------------------------------------------------------------------------------------------

/// Light to place on 0,0 (next to 1,0 and 0,1); east of it 1,0 holds `east`, 2,0 is
/// empty and Dark's king is on 3,0.
fn pointer_line(east: &'static str) -> Stax {
    position(
        2,
        "L",
        &[
            ("1,0", east),
            ("2,-1", "L02"),
            ("3,-1", "L345"),
            ("3,0", "DK"),
            ("0,1", "LK"),
        ],
    )
}

#[test]
fn ruling4_no_pointing_at_the_enemy_king_through_stacks_pointing_the_same_way() {
    let one_east = StaxMove::place(TileKind::One, 0b1, Cell::ORIGIN);
    // 1,0's top points east: the line goes on, over the empty 2,0, to Dark's king.
    for east in ["D0", "D12L03"] {
        let mut game = pointer_line(east);
        assert_eq!(
            game.placement_refusal(TileKind::One, 0b1, Cell::ORIGIN),
            Err(Refusal::PointsAtEnemyKing(0)),
            "{east}"
        );
        assert_eq!(refused(&mut game, "1:0@0,0"), Refusal::PointsAtEnemyKing(0));
        assert_eq!(refused(&mut game, "Q@0,0"), Refusal::PointsAtEnemyKing(0));
        let at_origin: Vec<u8> = game
            .placements_for(TileKind::One)
            .into_iter()
            .find(|(c, _)| *c == Cell::ORIGIN)
            .map(|(_, m)| m)
            .unwrap();
        assert_eq!(at_origin, vec![0b10, 0b100, 0b1000, 0b10000, 0b100000]);
        assert!(legal(&game).contains("1:1@0,0"));
    }
    // Its top does not point east (only the top counts): the line ends there.
    for east in ["D12", "D0L12"] {
        let mut game = pointer_line(east);
        assert_eq!(game.refusal(&one_east), Ok(()), "{east}");
        play(&mut game, "1:0@0,0");
    }
}

#[test]
fn ruling4_empty_cells_are_looked_through_and_adjacent_kings_count() {
    let mut game = position(
        2,
        "L",
        &[
            ("1,-1", "L01"),
            ("2,-1", "L02"),
            ("2,0", "DK"),
            ("1,1", "D0"),
            ("0,1", "LK"),
        ],
    );
    // From 0,0 east: 1,0 is empty, then Dark's king.
    assert_eq!(refused(&mut game, "1:0@0,0"), Refusal::PointsAtEnemyKing(0));
    // From 1,0 east: the king is next door.
    assert_eq!(refused(&mut game, "1:0@1,0"), Refusal::PointsAtEnemyKing(0));
    // Pointing elsewhere is fine, and the king (no pointers) may go anywhere.
    assert!(legal(&game).contains("1:3@0,0"));
    // Pointing away from the area in play: the line leaves it and ends.
    assert!(legal(&game).contains("1:4@0,0"));
}

#[test]
fn ruling4_a_placement_needs_two_neighbouring_stacks_and_an_empty_cell() {
    let mut game = pointer_line("D12");
    assert_eq!(refused(&mut game, "1:0@-1,0"), Refusal::NeedsTwoNeighbours);
    assert_eq!(refused(&mut game, "1:0@9,9"), Refusal::NeedsTwoNeighbours);
    assert_eq!(refused(&mut game, "1:0@1,0"), Refusal::Occupied);
    // Light's 2V is on 2,-1 already.
    assert_eq!(
        refused(&mut game, "2V:02@0,0"),
        Refusal::NotInReserve(TileKind::TwoV)
    );
    assert_eq!(game.reserve(0).len(), 10);
}

#[test]
fn ruling4_with_three_players_only_the_next_players_king_may_not_be_pointed_at() {
    // Dark's king east of 0,0 (over the empty 1,0), Red's king west (over the empty -1,0).
    let stacks = [
        ("0,-1", "L01"),
        ("1,-1", "D0"),
        ("2,-1", "D02"),
        ("2,0", "DK"),
        ("-1,-1", "R0"),
        ("-2,0", "RK"),
        ("1,-2", "LK"),
    ];
    // Light hunts Dark: pointing at Red's king (the previous player's) is allowed.
    let mut light = position(3, "L", &stacks);
    assert_eq!(
        refused(&mut light, "1:0@0,0"),
        Refusal::PointsAtEnemyKing(0)
    );
    assert_eq!(
        refused(&mut light, "2I:03@0,0"),
        Refusal::PointsAtEnemyKing(0)
    );
    play(&mut light, "1:3@0,0");
    // Dark hunts Red: pointing at Red's king is not allowed, at its own king it is.
    let mut dark = position(3, "D", &stacks);
    assert_eq!(
        refused(&mut dark, "2I:03@0,0"),
        Refusal::PointsAtEnemyKing(3)
    );
    play(&mut dark, "2A:01@0,0");
    // In a two-player game the same Light placement pointing west is fine, east is not.
    let two: Vec<(&str, &str)> = stacks
        .iter()
        .copied()
        .filter(|(_, s)| !s.starts_with('R'))
        .chain([("-1,-1", "D345"), ("-2,0", "D024")])
        .collect();
    let mut game = position(2, "L", &two);
    assert_eq!(refused(&mut game, "1:0@0,0"), Refusal::PointsAtEnemyKing(0));
    play(&mut game, "1:3@0,0");
}

/// A hole on 0,0 walled by six stacks of height 3, which step down through 2,0 (height 2)
/// to Dark's king on 3,0. Light has only K, 5 and Q left.
fn hole() -> Stax {
    position(
        2,
        "L",
        &[
            ("1,0", "L0D0L01"),
            ("1,-1", "L02D01L03"),
            ("0,-1", "D02L012D03"),
            ("-1,0", "L024D012L013"),
            ("-1,1", "D024L2345D013"),
            ("0,1", "L1345D2345L1245"),
            ("2,0", "D1345D1245"),
            ("3,0", "DK"),
        ],
    )
}

#[test]
fn ruling8_a_placement_must_keep_the_step_rule() {
    let mut game = hole();
    assert_eq!(
        game.reserve(0),
        vec![TileKind::King, TileKind::Five, TileKind::Queen]
    );
    assert_eq!(
        game.placement_refusal(TileKind::King, 0, Cell::ORIGIN),
        Err(Refusal::BreaksStepRule)
    );
    assert_eq!(refused(&mut game, "K@0,0"), Refusal::BreaksStepRule);
    let cells: Vec<Cell> = game
        .placements_for(TileKind::King)
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    assert!(!cells.contains(&Cell::ORIGIN));
    assert!(cells.contains(&cell("2,-1")));
    play(&mut game, "K@2,-1");
}

// ---------------------------------------------------------------------------------------------
// Ruling 5: a turn
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling5_tiles_move_only_once_their_owners_king_is_on_the_table() {
    let mut game = Stax::start(2).unwrap();
    play(&mut game, "1:0@0,0");
    play(&mut game, "K@1,0");
    // Light's 1 points at Dark's king, but Light's king is still in reserve.
    assert!(legal(&game).iter().all(|m| !m.contains('>')));
    assert_eq!(
        game.travel_refusal(Cell::ORIGIN, cell("1,0")),
        Err(Refusal::KingNotPlaced)
    );
    assert!(game.movable().is_empty());
    play(&mut game, "K@1,-1");
    // Dark's king is on the table: Dark may place or move (even capture at once).
    let dark = legal(&game);
    assert!(dark.contains("1,0>2,-1") && dark.contains("1,0>1,-1"));
    assert!(dark.contains("1:0@0,1"));
    play(&mut game, "1:0@0,1");
    // Now Light may move too.
    assert!(legal(&game).contains("0,0>1,0:0"));
    assert_eq!(game.movable(), vec![cell("1,-1"), Cell::ORIGIN]);
}

// ---------------------------------------------------------------------------------------------
// Ruling 6: moving
// ---------------------------------------------------------------------------------------------

/// Light's 1 on 0,0 points east along row 0: `east` is on 1,0, 2,0 is empty and Dark's 2A
/// (not pointing east) is on 3,0; row 1 holds 0,1 to 3,1 (Light's king first, Dark's last).
fn east_line(east: &'static str) -> Stax {
    position(
        2,
        "L",
        &[
            ("0,0", "L0"),
            ("1,0", east),
            ("3,0", "D12"),
            ("0,1", "LK"),
            ("1,1", "L024"),
            ("2,1", "D345"),
            ("3,1", "DK"),
        ],
    )
}

#[test]
fn ruling6_a_move_passes_over_stacks_only_when_their_top_points_the_way() {
    // 1,0 points east: land on it, or pass it to the empty 2,0 and to 3,0, where it ends.
    let mut game = east_line("L03");
    assert_eq!(dests(&game, "0,0"), set(&["1,0", "2,0", "3,0"]));
    assert_eq!(
        refused(&mut game, "0,0>4,0:0"),
        Refusal::Blocked(cell("3,0"))
    );
    assert_eq!(
        legal(&game)
            .iter()
            .filter(|m| m.starts_with("0,0>"))
            .count(),
        3 * 6
    );
    // 1,0 does not point east: land on it, nothing further.
    let mut game = east_line("L12");
    assert_eq!(dests(&game, "0,0"), set(&["1,0"]));
    assert_eq!(
        refused(&mut game, "0,0>2,0:0"),
        Refusal::Blocked(cell("1,0"))
    );
    // Height 2 on 1,0, its top pointing east (the tile under it does not): passed over but
    // not landed on (height 3 next to nothing of height 2 breaks the step rule).
    let mut game = east_line("D24L03");
    assert_eq!(dests(&game, "0,0"), set(&["2,0", "3,0"]));
    assert_eq!(refused(&mut game, "0,0>1,0:0"), Refusal::BreaksStepRule);
    // Height 2, the tile under it points east but its top does not: nothing.
    let mut game = east_line("D0L12");
    assert!(dests(&game, "0,0").is_empty());
    assert_eq!(
        refused(&mut game, "0,0>2,0:0"),
        Refusal::Blocked(cell("1,0"))
    );
    assert!(!game.movable().contains(&Cell::ORIGIN));
}

#[test]
fn ruling6_empty_cells_need_another_stack_next_to_them_judged_with_the_tile_lifted() {
    // Light's 2I on 0,0 (height 1) points east at its own king and west at the empty -1,0,
    // which touches only 0,0 itself.
    let mut game = position(2, "L", &[("0,0", "L03"), ("1,0", "LK"), ("2,0", "DK")]);
    assert!(dests(&game, "0,0").is_empty());
    assert_eq!(
        refused(&mut game, "0,0>-1,0:03"),
        Refusal::LonelyCell(cell("-1,0"))
    );
    assert_eq!(refused(&mut game, "0,0>1,0:03"), Refusal::OwnKing);
    assert_eq!(
        refused(&mut game, "0,0>2,0:03"),
        Refusal::Blocked(cell("1,0"))
    );
    assert_eq!(refused(&mut game, "0,0>0,1:03"), Refusal::NotInLine);
    // On top of a Dark tile, lifting it leaves that tile behind: -1,0 touches it.
    let game = position(2, "L", &[("0,0", "D0L03"), ("1,0", "LK"), ("2,0", "DK")]);
    assert_eq!(dests(&game, "0,0"), set(&["-1,0"]));
    assert_eq!(
        game.travel_refusal(Cell::ORIGIN, cell("-2,0")),
        Err(Refusal::LonelyCell(cell("-2,0")))
    );
}

#[test]
fn ruling6_a_tile_without_a_free_side_cannot_move() {
    let ring = [
        ("1,0", "LK"),
        ("1,-1", "D0"),
        ("0,-1", "DK"),
        ("-1,0", "L01"),
        ("-1,1", "D01"),
        ("0,1", "L02"),
    ];
    let mut stacks = ring.to_vec();
    stacks.push(("0,0", "L0"));
    let mut game = position(2, "L", &stacks);
    assert!(!game.has_free_side(Cell::ORIGIN));
    assert!(!game.movable().contains(&Cell::ORIGIN));
    assert_eq!(refused(&mut game, "0,0>1,0:0"), Refusal::NoFreeSide);
    // Raised to height 2 it has free sides (its neighbours are lower); east is its own king.
    let mut stacks = ring.to_vec();
    stacks.push(("0,0", "D02L0"));
    let mut game = position(2, "L", &stacks);
    assert!(game.has_free_side(Cell::ORIGIN));
    assert_eq!(refused(&mut game, "0,0>1,0:0"), Refusal::OwnKing);
}

#[test]
fn ruling6_the_king_moves_one_step_any_way_and_may_stack() {
    let mut game = position(
        2,
        "L",
        &[("0,0", "LK"), ("1,0", "L0"), ("0,1", "D0"), ("1,1", "DK")],
    );
    // Onto its own tile, onto Dark's tile, or onto empty cells touching another stack.
    assert_eq!(dests(&game, "0,0"), set(&["1,0", "1,-1", "-1,1", "0,1"]));
    assert!(legal(&game).contains("0,0>1,0"));
    assert_eq!(game.arrival_masks(Cell::ORIGIN), vec![0]);
    assert_eq!(
        refused(&mut game, "0,0>0,-1"),
        Refusal::LonelyCell(cell("0,-1"))
    );
    assert_eq!(refused(&mut game, "0,0>2,0"), Refusal::NotInLine);
    assert_eq!(refused(&mut game, "0,0>1,0:0"), Refusal::BadPointers);
    play(&mut game, "0,0>0,1");
    assert_eq!(game.stack(cell("0,1")), &[Tile::new(1, 1), Tile::new(0, 0)]);
}

#[test]
fn ruling6_a_moved_tile_may_be_turned_but_not_flipped_and_never_turned_in_place() {
    let mut game = position(
        2,
        "L",
        &[("0,0", "LK"), ("1,0", "L013"), ("0,1", "DK"), ("1,1", "D0")],
    );
    assert_eq!(dests(&game, "1,0"), set(&["2,0"]));
    assert_eq!(game.arrival_masks(cell("1,0")), rotations(0b1011).to_vec());
    let turns: BTreeSet<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("1,0>"))
        .collect();
    assert_eq!(
        turns,
        set(&[
            "1,0>2,0:013",
            "1,0>2,0:124",
            "1,0>2,0:235",
            "1,0>2,0:034",
            "1,0>2,0:145",
            "1,0>2,0:025"
        ])
    );
    assert_eq!(refused(&mut game, "1,0>2,0:023"), Refusal::BadPointers);
    assert_eq!(refused(&mut game, "1,0>2,0"), Refusal::BadPointers);
    assert_eq!(refused(&mut game, "1,0>1,0:124"), Refusal::NotInLine);
    play(&mut game, "1,0>2,0:145");
    assert_eq!(game.top(cell("2,0")), Some(Tile::new(0, 0b110010)));
    // Symmetric tiles list each distinct turning once: 2I three ways.
    assert_eq!(rotations(0b1001), &[0b1001, 0b10010, 0b100100]);
    assert_eq!(rotations(0b10101), &[0b10101, 0b101010]);
    assert_eq!(rotations(63), &[63]);
}

// ---------------------------------------------------------------------------------------------
// Ruling 7: one group
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling7_a_move_may_not_split_the_stacks() {
    let mut game = position(2, "L", &[("0,0", "LK"), ("1,0", "L12"), ("2,0", "DK")]);
    // The middle tile would leave 0,0 on its own wherever it went.
    assert!(dests(&game, "1,0").is_empty());
    assert_eq!(refused(&mut game, "1,0>2,-1:12"), Refusal::BreaksOneGroup);
    assert_eq!(refused(&mut game, "1,0>1,-1:12"), Refusal::BreaksOneGroup);
    assert_eq!(dests(&game, "0,0"), set(&["1,-1", "1,0", "0,1"]));
    // Capturing the king is no exception.
    let mut game = position(2, "L", &[("-1,0", "LK"), ("0,0", "L0"), ("1,0", "DK")]);
    assert_eq!(refused(&mut game, "0,0>1,0:0"), Refusal::BreaksOneGroup);
    assert_eq!(game.outcome(), None);
}

// ---------------------------------------------------------------------------------------------
// Ruling 8: the step rule
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling8_a_move_may_not_leave_a_cliff_behind() {
    // Light's queen tops 0,0 (height 2), the only height-2 step of the height-3 stack on
    // 1,0. Wherever the queen goes 0,0 drops to 1, so 1,0 needs a new height-2 neighbour:
    // only landing on 0,1 gives it one.
    let mut game = position(
        2,
        "L",
        &[
            ("0,0", "D01LQ"),
            ("1,0", "L0D02L12"),
            ("0,1", "D3"),
            ("2,0", "LK"),
            ("3,0", "DK"),
        ],
    );
    assert_eq!(dests(&game, "0,0"), set(&["0,1"]));
    assert_eq!(refused(&mut game, "0,0>-1,0"), Refusal::BreaksStepRule);
    assert_eq!(refused(&mut game, "0,0>1,-1"), Refusal::BreaksStepRule);
    assert_eq!(refused(&mut game, "0,0>1,0"), Refusal::BreaksStepRule);
    // South-west: over the empty -1,1 (next to 0,1), then -2,2 touches nothing.
    assert_eq!(
        refused(&mut game, "0,0>-2,2"),
        Refusal::LonelyCell(cell("-2,2"))
    );
    assert_eq!(refused(&mut game, "0,0>-1,2"), Refusal::NotInLine);
    play(&mut game, "0,0>0,1");
    assert_eq!(game.height(cell("0,1")), 2);
    assert_eq!(game.height(Cell::ORIGIN), 1);
}

// ---------------------------------------------------------------------------------------------
// Ruling 9: winning, losing and drawing
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling9_landing_on_the_enemy_king_captures_it_and_wins_at_once() {
    let mut game = position(2, "L", &[("0,0", "L0"), ("1,0", "DK"), ("0,1", "LK")]);
    let captures: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("0,0>1,0:"))
        .collect();
    assert_eq!(captures.len(), 6);
    assert_eq!(
        game.describe_move(&mv("0,0>1,0:3"), Viewer::Everyone),
        "Light's 1 moves 0,0 to 1,0 and captures Dark's king, pointing W"
    );
    play(&mut game, "0,0>1,0:3");
    assert_eq!(winners(&game), Some(vec![0]));
    assert_eq!(game.outcome().unwrap().reason, "Light captured Dark's king");
    assert_eq!(
        game.end(),
        Some(End::Captured {
            winner: 0,
            loser: 1
        })
    );
    assert_eq!(game.king(1), KingState::Captured);
    assert_eq!(game.stack(cell("1,0")), &[Tile::new(0, 0b1000)]);
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(&mv("0,1>0,0")), Err(PlayError::GameOver));
    assert_eq!(game.refusal(&mv("offer")), Err(Refusal::GameOver));
    // On a stack, the capturing tile takes the king's place: the height stays.
    let mut game = position(2, "L", &[("0,0", "L0"), ("1,0", "D0DK"), ("0,1", "LK")]);
    play(&mut game, "0,0>1,0:0");
    assert_eq!(game.stack(cell("1,0")), &[Tile::new(1, 1), Tile::new(0, 1)]);
    assert_eq!(winners(&game), Some(vec![0]));
}

#[test]
fn ruling9_with_three_players_each_hunts_the_next_and_may_not_land_on_the_previous() {
    let stacks = [
        ("0,0", "LK"),
        ("1,0", "DK"),
        ("-1,0", "RK"),
        ("0,1", "D0"),
        ("-1,1", "R0"),
    ];
    // Light hunts Dark; Red's king (the previous player's) may not be landed on.
    let mut light = position(3, "L", &stacks);
    assert_eq!(refused(&mut light, "0,0>-1,0"), Refusal::PreviousKing);
    play(&mut light, "0,0>1,0");
    assert_eq!(winners(&light), Some(vec![0]));
    assert_eq!(
        light.outcome().unwrap().reason,
        "Light captured Dark's king"
    );
    // Dark hunts Red, and may not land on Light's king.
    let mut dark = position(3, "D", &stacks);
    assert_eq!(refused(&mut dark, "1,0>0,0"), Refusal::PreviousKing);
    // Red hunts Light.
    let mut red = position(3, "R", &stacks);
    play(&mut red, "-1,0>0,0");
    assert_eq!(winners(&red), Some(vec![2]));
    assert_eq!(
        red.end(),
        Some(End::Captured {
            winner: 2,
            loser: 0
        })
    );
    assert_eq!(red.king(0), KingState::Captured);
}

/// Light's king on 0,0 ringed by stacks of height 2, more of them around; every other Light
/// tile lies under a Dark tile; Dark's king on 3,0 is the way down. Without `last`, 0,2
/// holds the pair Light queen, Dark queen.
fn trapped_stacks(last: bool) -> Vec<(&'static str, &'static str)> {
    let mut stacks = vec![
        ("0,0", "LK"),
        ("1,0", "L0D0"),
        ("1,-1", "L01D01"),
        ("0,-1", "L02D02"),
        ("-1,0", "L03D03"),
        ("-1,1", "L012D012"),
        ("0,1", "L024D024"),
        ("2,0", "L013D013"),
        ("2,-2", "L2345D2345"),
        ("0,-2", "L1345D1345"),
        ("-2,0", "L1245D1245"),
        ("-2,2", "L01234D01234"),
        ("3,0", "DK"),
    ];
    if last {
        stacks.push(("0,2", "LQ"));
        stacks.push(("1,2", "DQ"));
    } else {
        stacks.push(("0,2", "LQDQ"));
    }
    stacks
}

#[test]
fn ruling9_a_player_with_no_legal_turn_loses() {
    // Dark covers Light's last free tile: Light's reserve is empty and its king has no free
    // side.
    let mut game = position(2, "D", &trapped_stacks(true));
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.describe_move(&mv("1,2>0,2"), Viewer::Everyone),
        "Dark's queen moves 1,2 to 0,2 onto Light's queen (Light has no legal turn)"
    );
    play(&mut game, "1,2>0,2");
    assert_eq!(
        game.end(),
        Some(End::NoTurn {
            winner: 1,
            loser: 0
        })
    );
    assert_eq!(winners(&game), Some(vec![1]));
    assert_eq!(
        game.outcome().unwrap().reason,
        "Light had no legal turn: Dark wins"
    );
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    // The same position read from its notation ends the same way.
    let parsed = position(2, "L", &trapped_stacks(false));
    assert_eq!(parsed.stacks(), game.stacks());
    assert_eq!(parsed.end(), game.end());
    // With three players the player who moved just before wins: Dark (seat 2) trapped, with
    // Light tiles on top, Light's king the way down and Red's king beside it.
    let swapped: Vec<(&str, String)> = trapped_stacks(false)
        .into_iter()
        .map(|(c, s)| (c, s.replace('L', "x").replace('D', "L").replace('x', "D")))
        .chain([("4,0", "RK".to_string())])
        .collect();
    let three: Vec<(&str, &str)> = swapped.iter().map(|(c, s)| (*c, s.as_str())).collect();
    let game = position(3, "D", &three);
    assert_eq!(
        game.end(),
        Some(End::NoTurn {
            winner: 0,
            loser: 1
        })
    );
    assert_eq!(winners(&game), Some(vec![0]));
}

#[test]
fn ruling9_the_third_occurrence_of_a_position_is_a_draw() {
    let mut game = position(
        2,
        "L",
        &[("0,0", "LK"), ("1,0", "L0"), ("2,0", "D0"), ("3,0", "DK")],
    );
    let start = game.clone();
    let dance = ["0,0>0,1", "3,0>2,1", "0,1>0,0", "2,1>3,0"];
    for (k, m) in dance.iter().enumerate() {
        play(&mut game, m);
        assert_eq!(game.occurrences(), if k < 3 { 1 } else { 2 });
    }
    assert_eq!(game.stacks(), start.stacks());
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.history().len(), 4);
    assert!(game
        .table_facts()
        .iter()
        .any(|f| f.label == "this position seen" && f.value == "2 times"));
    // A placement can never be undone: the earlier positions are forgotten.
    let mut placed = game.clone();
    play(&mut placed, "2A:01@1,-1");
    assert!(placed.history().is_empty());
    for (k, m) in dance.iter().enumerate() {
        if k == 3 {
            assert_eq!(
                game.describe_move(&mv(m), Viewer::Everyone),
                "Dark's king moves 2,1 to 3,0 (third repetition)"
            );
        }
        play(&mut game, m);
        if k < 3 {
            assert_eq!(game.occurrences(), 2);
            assert_eq!(game.outcome(), None);
        }
    }
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.end(), Some(End::Repetition));
    let outcome = game.outcome().unwrap();
    assert!(outcome.winners.is_empty() && outcome.is_draw());
    assert!(outcome.reason.contains("third time"));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn the_move_list_reads_placements_and_moves_in_words() {
    let mut game = Stax::start(2).unwrap();
    let reads = |game: &Stax, m: &str| game.describe_move(&mv(m), Viewer::Everyone);
    // The tile's name as on the rack, the cell as q,r, the pointers as compass directions.
    assert_eq!(
        reads(&game, "3Y:024@0,0"),
        "Light places its 3Y on 0,0 pointing E NW SW"
    );
    assert_eq!(reads(&game, "K@0,0"), "Light places its king on 0,0");
    assert_eq!(reads(&game, "offer"), "Light offers a draw");
    play(&mut game, "offer");
    assert_eq!(reads(&game, "decline"), "Dark declines the draw");
    // A move onto another stack names what it lands on and how the tile ends turned.
    let game = position(
        2,
        "L",
        &[("0,0", "L0"), ("1,0", "D3"), ("0,1", "LK"), ("-1,1", "DK")],
    );
    let onto: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("0,0>1,0:"))
        .collect();
    assert!(!onto.is_empty(), "{:?}", legal(&game));
    for m in &onto {
        let dir = ["E", "NE", "NW", "W", "SW", "SE"][usize::from(m.as_bytes()[8] - b'0')];
        assert_eq!(
            reads(&game, m),
            format!("Light's 1 moves 0,0 to 1,0 onto Dark's 1, pointing {dir}")
        );
    }
    // An illegal move reads as its notation.
    assert_eq!(reads(&game, "0,0>5,0:0"), "0,0>5,0:0");
}

#[test]
fn ruling9_players_may_agree_to_a_draw() {
    let mut game = Stax::start(2).unwrap();
    play(&mut game, "offer");
    assert_eq!(game.to_move(), Some(1));
    assert_eq!(game.phase(), Phase::Answer { answering: 1 });
    assert_eq!(legal(&game), set(&["accept", "decline"]));
    assert!(game.to_string().starts_with("L?D "));
    assert!(game
        .table_facts()
        .iter()
        .any(|f| f.label == "draw offered" && f.value == "by Light, Dark to answer"));
    assert_eq!(refused(&mut game, "K@0,0"), Refusal::AnswerTheOffer);
    assert_eq!(refused(&mut game, "offer"), Refusal::AnswerTheOffer);
    play(&mut game, "decline");
    assert_eq!(game.to_move(), Some(0));
    assert!(game.to_string().starts_with("L* "));
    assert!(!legal(&game).contains("offer"));
    assert_eq!(refused(&mut game, "offer"), Refusal::AlreadyOffered);
    assert_eq!(refused(&mut game, "accept"), Refusal::NoOffer);
    play(&mut game, "K@0,0");
    assert!(legal(&game).contains("offer"));
    play(&mut game, "offer");
    assert_eq!(
        game.describe_move(&mv("accept"), Viewer::Everyone),
        "Light accepts the draw"
    );
    play(&mut game, "accept");
    assert_eq!(game.end(), Some(End::Agreed));
    assert_eq!(winners(&game), Some(vec![]));
    assert_eq!(
        game.outcome().unwrap().reason,
        "the players agreed to a draw"
    );
    assert!(game.to_string().starts_with("D= "));
    assert_eq!(game.to_move(), None);
    // With three players everybody else must accept, in turn order.
    let mut game = Stax::start(3).unwrap();
    play(&mut game, "offer");
    play(&mut game, "accept");
    assert_eq!(game.to_move(), Some(2));
    assert!(game.to_string().starts_with("L?R "));
    play(&mut game, "decline");
    assert_eq!(game.to_move(), Some(0));
    play(&mut game, "K@0,0");
    play(&mut game, "K@1,0");
    play(&mut game, "offer");
    assert_eq!(game.to_move(), Some(0));
    play(&mut game, "accept");
    assert_eq!(game.to_move(), Some(1));
    assert_eq!(game.outcome(), None);
    play(&mut game, "accept");
    assert_eq!(game.end(), Some(End::Agreed));
}

// ---------------------------------------------------------------------------------------------
// Ruling 10: everything is public
// ---------------------------------------------------------------------------------------------

#[test]
fn ruling10_reserves_and_stacks_are_public() {
    let mut game = Stax::start(2).unwrap();
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
        vec![
            ("tiles in reserve".into(), "13".into()),
            (
                "reserve".into(),
                "K 1 2A 2V 2I 3F 3Y 3X 4A 4V 4I 5 Q".into()
            ),
            ("king".into(), "in reserve".into()),
        ]
    );
    play(&mut game, "K@0,0");
    let card = game.seat_card(0);
    assert_eq!(card.facts[0].value, "12");
    assert_eq!(card.facts[2].value, "on the table (0,0)");
    assert_eq!(game.seat_card(1).side, "Dark");
    assert_eq!(game.seat_card(2), Default::default());
    assert!(game.table_facts().is_empty());
    for viewer in [Viewer::Everyone, Viewer::Seat(0), Viewer::Seat(1)] {
        assert_eq!(game.view(viewer), game);
    }
    assert_eq!(game.seat_label(0).as_deref(), Some("L"));
    assert_eq!(game.seat_label(1).as_deref(), Some("D"));
    assert_eq!(game.seat_label(2), None);
    assert_eq!(Stax::start(3).unwrap().seat_label(2).as_deref(), Some("R"));
    assert_eq!(Stax::start(3).unwrap().seat_card(2).side, "Red");
    let won = {
        let mut g = position(2, "L", &[("0,0", "L0"), ("1,0", "DK"), ("0,1", "LK")]);
        play(&mut g, "0,0>1,0:0");
        g
    };
    assert_eq!(won.seat_card(1).facts[2].value, "captured");
}

// ---------------------------------------------------------------------------------------------
// Setup, options and notation
// ---------------------------------------------------------------------------------------------

#[test]
fn the_form_has_fixed_sides_and_no_options() {
    let form = Stax::setup_form(2).unwrap();
    assert!(form.options.is_empty());
    let SideRule::Fixed(sides) = &form.sides else {
        panic!("sides are fixed")
    };
    let letters: Vec<(&str, &str)> = sides.iter().map(|s| (s.letter, s.name)).collect();
    assert_eq!(letters, vec![("L", "Light"), ("D", "Dark")]);
    let form3 = Stax::setup_form(3).unwrap();
    assert_eq!(form3.sides.sides().len(), 3);
    assert_eq!(form3.sides.sides()[2].letter, "R");
    assert!(Stax::setup_form(1).is_err() && Stax::setup_form(4).is_err());
    assert_eq!(Stax::default_options(2).unwrap().to_string(), "players=2");
    assert_eq!(Stax::default_options(3).unwrap().to_string(), "players=3");
    let mut choices = form.defaults(2);
    assert_eq!(
        Stax::options_from(&choices).unwrap(),
        StaxOptions { players: 2 }
    );
    choices.sides.swap(0, 1);
    assert!(Stax::options_from(&choices).is_err());
    let bad = SetupChoices {
        sides: vec!["L".into(), "D".into()],
        values: vec![("size".into(), "3".into())],
    };
    assert!(Stax::options_from(&bad).is_err());
    for text in ["players=2", "players=3"] {
        let o: StaxOptions = text.parse().unwrap();
        assert_eq!(o.to_string(), text);
        let game = Stax::new(&o, 7).unwrap();
        assert_eq!(game.seats(), o.players as usize);
        assert_eq!(game, Stax::new(&o, 8).unwrap(), "the seed plays no part");
    }
    for text in [
        "players=1",
        "players=4",
        "players=02",
        "",
        "players= 2",
        "players=2 ",
    ] {
        assert!(text.parse::<StaxOptions>().is_err(), "{text}");
    }
    assert!(Stax::new(&StaxOptions { players: 4 }, 0).is_err());
    let info = Stax::info();
    assert_eq!(
        (
            info.slug,
            info.name,
            info.designer,
            info.min_players,
            info.max_players
        ),
        ("stax", "STAX", "Cameron Browne", 2, 3)
    );
    assert!(!info.hidden_information);
}

#[test]
fn moves_round_trip_through_their_notation() {
    for text in [
        "K@0,0",
        "Q@2,-1",
        "3X:013@1,-1",
        "3X:023@-12,345",
        "1:4@0,1",
        "2I:25@0,0",
        "5:01235@7,-7",
        "1,0>-1,0:345",
        "0,0>1,0",
        "-1000000000,1000000000>0,0:0",
        "offer",
        "accept",
        "decline",
    ] {
        let m: StaxMove = mv(text);
        assert_eq!(m.to_string(), text);
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<StaxMove>(&json).unwrap(), m);
    }
    assert_eq!(
        mv::<StaxMove>("3X:013@1,-1"),
        StaxMove::Place {
            kind: TileKind::ThreeX,
            mask: 0b1011,
            cell: Cell::new(1, -1)
        }
    );
    assert_eq!(
        StaxMove::travel(Cell::new(1, 0), Cell::new(-1, 0), 63).to_string(),
        "1,0>-1,0"
    );
    assert_eq!(
        StaxMove::place(TileKind::TwoI, 0b100100, Cell::ORIGIN).to_string(),
        "2I:25@0,0"
    );
}

#[test]
fn bad_moves_do_not_parse() {
    for text in [
        "",
        "K",
        "K@",
        "K@0",
        "K@0,0,0",
        "K@ 0,0",
        "K:@0,0",
        "K:0@0,0",
        "Q:012345@0,0",
        "1@0,0",
        "1:01@0,0",
        "2I:01@0,0",
        "3X:012@0,0",
        "1:6@0,0",
        "1:00@0,0",
        "2A:10@0,0",
        "Z@0,0",
        "k@0,0",
        "K@+1,0",
        "K@01,0",
        "K@-0,0",
        "K@1,0 ",
        "K@1000000001,0",
        "K@99999999999,0",
        "1,0>2,0:",
        "1,0>2,0:012345",
        "1,0>>2,0",
        "1,0>2,0>3,0",
        "1,0-2,0",
        "offer ",
        "Offer",
        "pass",
        "@0,0",
        "3X013@0,0",
    ] {
        assert!(text.parse::<StaxMove>().is_err(), "{text} parsed");
    }
    let e = "2I:01@0,0".parse::<StaxMove>().unwrap_err();
    assert_eq!(e.what, "move");
    assert!(e.to_string().contains("cannot show"));
}

#[test]
fn positions_round_trip_through_notation_and_serde() {
    let start = Stax::start(2).unwrap();
    assert_eq!(
        start.to_string(),
        "L - K.1.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q/K.1.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q -"
    );
    assert_eq!(
        Stax::start(3)
            .unwrap()
            .to_string()
            .split(' ')
            .nth(2)
            .unwrap()
            .matches('/')
            .count(),
        2
    );
    let game = position(
        2,
        "L",
        &[("0,0", "LK"), ("1,0", "D013L01234"), ("0,1", "DQ")],
    );
    assert_eq!(
        game.to_string(),
        "L 0,0=LK/1,0=D013L01234/0,1=DQ \
         1.2A.2V.2I.3F.3Y.3X.4A.4V.4I.Q/K.1.2A.2V.2I.3F.3Y.4A.4V.4I.5 -"
    );
    let mut rng = Rng::new(11);
    for players in [2, 3, 2, 3] {
        let mut game = Stax::start(players).unwrap();
        while game.outcome().is_none() {
            let text = game.to_string();
            let back: Stax = text.parse().unwrap();
            assert_eq!(back, game);
            assert_eq!(back.to_string(), text);
            let json = serde_json::to_string(&game).unwrap();
            assert_eq!(serde_json::from_str::<Stax>(&json).unwrap(), game);
            let moves = game.legal_moves();
            let m = moves[rng.below(moves.len() as u64) as usize];
            game.play(&m).unwrap();
        }
        let back: Stax = game.to_string().parse().unwrap();
        assert_eq!(back, game);
        assert_eq!(back.outcome(), game.outcome());
    }
    assert!(serde_json::from_str::<Stax>("\"L nonsense\"").is_err());
}

#[test]
fn bad_positions_do_not_parse() {
    let ok = notation_with(2, "L", &[("0,0", "LK"), ("1,0", "D0")], &[]);
    assert!(ok.parse::<Stax>().is_ok());
    let bad = [
        String::new(),
        "L".into(),
        ok.replace(" -", ""),
        format!("{ok} -"),
        ok.replacen('L', "R", 1),
        ok.replacen('L', "X", 1),
        ok.replacen('L', "L?L", 1),
        ok.replacen('L', "L?", 1),
        ok.replacen('L', "L**", 1),
        ok.replace("0,0=LK", "0,0=LK0"),
        ok.replace("0,0=LK", "0,0=Lk"),
        ok.replace("0,0=LK", "0,0="),
        ok.replace("0,0=LK", "0,0=K"),
        ok.replace("0,0=LK", "0,0=LKLK"),
        ok.replace("0,0=LK", "0,0=L012345"),
        ok.replace("0,0=LK", "0,0=L10"),
        ok.replace("0,0=LK", "00,0=LK"),
        // Out of cell order.
        ok.replace("0,0=LK/1,0=D0", "1,0=D0/0,0=LK"),
        // Not one group.
        ok.replace("1,0=D0", "2,0=D0"),
        // A tile both on the table and in the reserve, a tile missing, reserve out of order.
        ok.replace(" 1.2A", " K.1.2A"),
        ok.replace("/K.2A.2V", "/K.2V"),
        ok.replace("/K.2A", "/2A.K"),
        // A third reserve without its tiles, a single reserve.
        ok.replace("5.Q -", "5.Q/- -"),
        "L 0,0=LK/1,0=D0 1.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q -".into(),
        // History keys.
        ok.replace(" -", " 12"),
        ok.trim_end_matches('-').to_string() + "00000000000000zz",
        // Dark to move after Light's first tile only is fine, Light is not.
        notation_with(2, "L", &[("0,0", "LK")], &[]),
        notation_with(2, "D", &[], &[]),
        notation_with(2, "D", &[("1,0", "LK")], &[]),
        // A buried king, a broken step rule.
        notation_with(2, "L", &[("0,0", "LKD0"), ("1,0", "L0")], &[]),
        notation_with(2, "L", &[("0,0", "L0D0L01"), ("1,0", "LK")], &[]),
        // Two kings captured, or a capture with an offer pending.
        notation_with(2, "L", &[("0,0", "L0"), ("1,0", "D0")], &[0, 1]),
        notation_with(
            2,
            "L?D",
            &[("0,0", "L0"), ("1,0", "D0"), ("0,1", "LK")],
            &[1],
        ),
    ];
    for text in &bad {
        assert!(text.parse::<Stax>().is_err(), "parsed: {text}");
    }
    assert!(notation_with(2, "D", &[("0,0", "LK")], &[])
        .parse::<Stax>()
        .is_ok());
    // A key met three times ends the game; in the history more than twice it cannot be.
    let k = "00000000000000ab";
    let tripled = ok.trim_end_matches('-').to_string() + &[k, k, k].join(",");
    assert!(tripled.parse::<Stax>().is_err());
    let twice = ok.trim_end_matches('-').to_string() + &[k, k].join(",");
    assert!(twice.parse::<Stax>().is_ok());
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng::new(99);
    let alphabet: Vec<char> = "0123456789-,:@>/=.?*LDRKQAVIFYX aoe\u{e9}"
        .chars()
        .collect();
    let seeds = [
        notation_with(
            2,
            "L",
            &[("0,0", "L0"), ("1,0", "D01DK"), ("0,1", "LK")],
            &[],
        ),
        notation_with(
            3,
            "R?L",
            &[("0,0", "L0"), ("1,0", "D01"), ("0,1", "RQ")],
            &[],
        ),
        "3X:013@1,-1".to_string(),
        "1,0>-1,0:345".to_string(),
        "players=3".to_string(),
    ];
    for _ in 0..3000 {
        let base: Vec<char> = seeds[rng.below(seeds.len() as u64) as usize]
            .chars()
            .collect();
        let mut text = base.clone();
        for _ in 0..1 + rng.below(4) {
            if text.is_empty() {
                break;
            }
            let at = rng.below(text.len() as u64) as usize;
            let ch = alphabet[rng.below(alphabet.len() as u64) as usize];
            match rng.below(3) {
                0 => text[at] = ch,
                1 => {
                    text.remove(at);
                }
                _ => text.insert(at, ch),
            }
        }
        let s: String = text.into_iter().collect();
        if let Ok(game) = s.parse::<Stax>() {
            game.check_invariants().unwrap();
            let moves = game.legal_moves();
            assert_eq!(game.to_string().parse::<Stax>().unwrap(), game);
            if let Some(m) = moves.first() {
                game.clone().play(m).unwrap();
            }
        }
        if let Ok(m) = s.parse::<StaxMove>() {
            assert_eq!(m.to_string().parse::<StaxMove>().unwrap(), m);
            for g in [
                position(2, "L", &[("0,0", "L0"), ("1,0", "DK"), ("0,1", "LK")]),
                Stax::start(3).unwrap(),
            ] {
                let mut g = g;
                let before = g.clone();
                if g.play(&m).is_err() {
                    assert_eq!(g, before);
                }
                let _ = g.describe_move(&m, Viewer::Everyone);
            }
        }
        let _ = s.parse::<StaxOptions>();
    }
    // The board API takes any cell.
    let game = position(2, "L", &[("0,0", "L0"), ("1,0", "DK"), ("0,1", "LK")]);
    for c in [
        Cell::new(i32::MAX, i32::MIN),
        Cell::new(i32::MIN, 0),
        Cell::new(5, 5),
        Cell::new(1_000_000_000, 1_000_000_000),
    ] {
        assert!(game.destinations(c).is_empty());
        assert!(game.travel_refusal(c, Cell::ORIGIN).is_err());
        assert!(game.travel_refusal(Cell::ORIGIN, c).is_err());
        assert!(game.placement_refusal(TileKind::Queen, 63, c).is_err());
        let _ = game.has_free_side(c);
        let _ = game.height(c);
        let _ = c.neighbours();
        let _ = c.line_to(Cell::ORIGIN);
    }
    assert!(game
        .placement_refusal(TileKind::One, 3, Cell::ORIGIN)
        .is_err());
}

// ---------------------------------------------------------------------------------------------
// The generic conformance check, two and three players
// ---------------------------------------------------------------------------------------------

const CONFORMANCE_GAMES: usize = 60;

#[test]
fn conformance_random_games_of_two_and_three_players() {
    let report =
        check_random_games::<Stax>(CONFORMANCE_GAMES, 2025).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, CONFORMANCE_GAMES);
    assert_eq!(report.wins + report.draws, CONFORMANCE_GAMES);
    assert!(report.listed_tried > report.moves * 50, "{report:?}");
    assert!(report.unlisted_tried > 0, "{report:?}");
    println!("conformance: {report:?}");
}

// ---------------------------------------------------------------------------------------------
// An independent model of the rulings, compared along random games
// ---------------------------------------------------------------------------------------------

/// Axial coordinates `(q, r)`.
type Ax = (i32, i32);
/// Stacks bottom to top: (seat, pointer directions ascending).
type Table = HashMap<Ax, Vec<(usize, Vec<usize>)>>;
/// Stack heights (only occupied cells).
type Heights = HashMap<Ax, usize, Fast>;

/// A small multiplicative hasher: the model hashes little tuples millions of times.
#[derive(Default)]
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_i32(&mut self, n: i32) {
        self.write_u64(n as u32 as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Fast = std::hash::BuildHasherDefault<Fx>;

/// The six steps, direction 0 east, then counter-clockwise.
const STEPS: [Ax; 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// Ruling 1's tiles by name, each with one of its pointer sets.
const PATTERNS: [(&str, &[usize]); 13] = [
    ("K", &[]),
    ("1", &[0]),
    ("2A", &[0, 1]),
    ("2V", &[0, 2]),
    ("2I", &[0, 3]),
    ("3F", &[0, 1, 2]),
    ("3Y", &[0, 2, 4]),
    ("3X", &[0, 1, 3]),
    ("4A", &[2, 3, 4, 5]),
    ("4V", &[1, 3, 4, 5]),
    ("4I", &[1, 2, 4, 5]),
    ("5", &[0, 1, 2, 3, 4]),
    ("Q", &[0, 1, 2, 3, 4, 5]),
];

fn add(a: Ax, b: Ax) -> Ax {
    (a.0 + b.0, a.1 + b.1)
}

fn around(c: Ax) -> Vec<Ax> {
    STEPS.iter().map(|&s| add(c, s)).collect()
}

fn turned(dirs: &[usize], k: usize) -> Vec<usize> {
    let mut v: Vec<usize> = dirs.iter().map(|d| (d + k) % 6).collect();
    v.sort_unstable();
    v
}

fn flipped(dirs: &[usize]) -> Vec<usize> {
    let mut v: Vec<usize> = dirs.iter().map(|d| (6 - d) % 6).collect();
    v.sort_unstable();
    v
}

/// Every way to lay tile `kind`: its turnings, and for the asymmetric 3X its other side's.
fn model_orientations(kind: usize) -> BTreeSet<Vec<usize>> {
    let (name, dirs) = PATTERNS[kind];
    let mut out = model_turnings(dirs);
    if name == "3X" {
        out.extend(model_turnings(&flipped(dirs)));
    }
    out
}

fn model_turnings(dirs: &[usize]) -> BTreeSet<Vec<usize>> {
    (0..6).map(|k| turned(dirs, k)).collect()
}

fn digits(dirs: &[usize]) -> String {
    dirs.iter().map(|d| d.to_string()).collect()
}

fn name_at(c: Ax) -> String {
    format!("{},{}", c.0, c.1)
}

#[derive(Clone, Debug)]
enum Act {
    Place(usize, Vec<usize>, Ax),
    Travel(Ax, Ax, Vec<usize>),
    Offer,
    Accept,
    Decline,
}

#[derive(Clone)]
struct Model {
    n: usize,
    table: Table,
    reserve: Vec<BTreeSet<usize>>,
    turn: usize,
    offered: bool,
    answering: Option<usize>,
    /// How often each position (at the start of a turn) has occurred.
    seen: HashMap<String, usize>,
    /// The winners once the game is over (none for a draw).
    result: Option<Vec<usize>>,
}

impl Model {
    fn start(n: usize) -> Model {
        let mut m = Model {
            n,
            table: HashMap::new(),
            reserve: vec![(0..13).collect(); n],
            turn: 0,
            offered: false,
            answering: None,
            seen: HashMap::new(),
            result: None,
        };
        m.seen.insert(m.snapshot(), 1);
        m
    }

    fn snapshot(&self) -> String {
        let mut cells: Vec<_> = self.table.iter().collect();
        cells.sort();
        format!("{cells:?} {:?} {}", self.reserve, self.turn)
    }

    /// Every stack's height.
    fn heights(&self) -> Heights {
        self.table.iter().map(|(c, s)| (*c, s.len())).collect()
    }

    fn height(t: &Heights, c: Ax) -> usize {
        t.get(&c).copied().unwrap_or(0)
    }

    fn connected(t: &Heights) -> bool {
        let Some(&first) = t.keys().next() else {
            return true;
        };
        let mut seen: HashSet<Ax, Fast> = HashSet::default();
        seen.insert(first);
        let mut todo = vec![first];
        while let Some(c) = todo.pop() {
            for nb in around(c) {
                if t.contains_key(&nb) && seen.insert(nb) {
                    todo.push(nb);
                }
            }
        }
        seen.len() == t.len()
    }

    /// Ruling 8: grow the set of stacks that can get down from the table's edge.
    fn steps_ok(t: &Heights) -> bool {
        let mut down: HashSet<Ax, Fast> = t
            .iter()
            .filter(|(c, h)| **h == 1 && around(**c).iter().any(|nb| !t.contains_key(nb)))
            .map(|(c, _)| *c)
            .collect();
        let mut todo: Vec<Ax> = down.iter().copied().collect();
        while let Some(c) = todo.pop() {
            let h = Model::height(t, c);
            for nb in around(c) {
                let hn = Model::height(t, nb);
                if hn > 0 && hn.abs_diff(h) <= 1 && down.insert(nb) {
                    todo.push(nb);
                }
            }
        }
        down.len() == t.len()
    }

    /// The legal placements (only the first found when `first`).
    fn placements(&self, first: bool) -> Vec<(String, Act)> {
        let t = &self.table;
        let me = self.turn;
        let enemy = (me + 1) % self.n;
        let placed: usize = self.reserve.iter().map(|r| 13 - r.len()).sum();
        let cells: Vec<Ax> = match placed {
            0 => vec![(0, 0)],
            1 => around(*t.keys().next().unwrap()),
            _ => {
                let mut c: BTreeSet<Ax> = BTreeSet::new();
                for &s in t.keys() {
                    for nb in around(s) {
                        let touching = around(nb).iter().filter(|x| t.contains_key(x)).count();
                        if !t.contains_key(&nb) && touching >= 2 {
                            c.insert(nb);
                        }
                    }
                }
                c.into_iter().collect()
            }
        };
        let qs: Vec<i32> = t.keys().map(|c| c.0).collect();
        let rs: Vec<i32> = t.keys().map(|c| c.1).collect();
        let ss: Vec<i32> = t.keys().map(|c| -c.0 - c.1).collect();
        let span = |v: &Vec<i32>, x: i32| {
            !v.is_empty() && *v.iter().min().unwrap() <= x && x <= *v.iter().max().unwrap()
        };
        let in_area = |c: Ax| span(&qs, c.0) && span(&rs, c.1) && span(&ss, -c.0 - c.1);
        let heights = self.heights();
        let mut out = Vec::new();
        for c in cells {
            if t.contains_key(&c) {
                continue;
            }
            let mut after = heights.clone();
            after.insert(c, 1);
            if !Model::steps_ok(&after) {
                continue;
            }
            for &kind in &self.reserve[me] {
                if placed < 2 && PATTERNS[kind].0 == "Q" {
                    continue;
                }
                for o in model_orientations(kind) {
                    let clear = o.iter().all(|&d| {
                        let mut p = c;
                        loop {
                            p = add(p, STEPS[d]);
                            if !in_area(p) {
                                return true;
                            }
                            if let Some(s) = t.get(&p) {
                                let (owner, dirs) = s.last().unwrap();
                                if dirs.is_empty() && *owner == enemy {
                                    return false;
                                }
                                if !dirs.contains(&d) {
                                    return true;
                                }
                            }
                        }
                    });
                    if clear {
                        let name = match o.len() {
                            0 => format!("K@{}", name_at(c)),
                            6 => format!("Q@{}", name_at(c)),
                            _ => format!("{}:{}@{}", PATTERNS[kind].0, digits(&o), name_at(c)),
                        };
                        out.push((name, Act::Place(kind, o, c)));
                        if first {
                            return out;
                        }
                    }
                }
            }
        }
        out
    }

    /// The legal moves of tiles (only the first found when `first`).
    fn travels(&self, first: bool) -> Vec<(String, Act)> {
        let me = self.turn;
        let mut out = Vec::new();
        if self.reserve[me].contains(&0) {
            return out;
        }
        let heights = self.heights();
        for (&from, stack) in &self.table {
            let (owner, dirs) = stack.last().unwrap().clone();
            let h = stack.len();
            if owner != me
                || !around(from)
                    .iter()
                    .any(|&nb| Model::height(&heights, nb) < h)
            {
                continue;
            }
            // The table with the moving tile lifted: its stack one lower.
            let mut lifted = heights.clone();
            if h == 1 {
                lifted.remove(&from);
            } else {
                lifted.insert(from, h - 1);
            }
            let top_of = |c: Ax| -> Option<&(usize, Vec<usize>)> {
                if c == from {
                    stack.len().checked_sub(2).map(|i| &stack[i])
                } else {
                    self.table.get(&c).and_then(|s| s.last())
                }
            };
            let king = dirs.is_empty();
            let ways: Vec<usize> = if king { (0..6).collect() } else { dirs.clone() };
            let land = |to: Ax, capture: bool, out: &mut Vec<(String, Act)>| {
                let mut after = lifted.clone();
                if !capture {
                    *after.entry(to).or_default() += 1;
                }
                if Model::connected(&after) && Model::steps_ok(&after) {
                    for t in model_turnings(&dirs) {
                        let mut name = format!("{}>{}", name_at(from), name_at(to));
                        if !t.is_empty() && t.len() < 6 {
                            name = format!("{name}:{}", digits(&t));
                        }
                        out.push((name, Act::Travel(from, to, t)));
                    }
                }
            };
            for d in ways {
                let mut c = from;
                loop {
                    c = add(c, STEPS[d]);
                    let mut stop = king;
                    match top_of(c).filter(|_| lifted.contains_key(&c)) {
                        None => {
                            if !around(c).iter().any(|x| lifted.contains_key(x)) {
                                break;
                            }
                            land(c, false, &mut out);
                        }
                        Some((o, top)) => {
                            let is_king = top.is_empty();
                            let forbidden =
                                is_king && (*o == me || (self.n == 3 && *o == (me + 2) % 3));
                            if !forbidden {
                                land(c, is_king, &mut out);
                            }
                            stop |= !top.contains(&d);
                        }
                    }
                    if first && !out.is_empty() {
                        return out;
                    }
                    if stop {
                        break;
                    }
                }
            }
        }
        out
    }

    fn turns(&self) -> Vec<(String, Act)> {
        let mut all = self.placements(false);
        all.extend(self.travels(false));
        all
    }

    fn has_turn(&self) -> bool {
        !self.placements(true).is_empty() || !self.travels(true).is_empty()
    }

    fn legal(&self) -> Vec<(String, Act)> {
        if self.result.is_some() {
            return Vec::new();
        }
        if self.answering.is_some() {
            return vec![
                ("accept".into(), Act::Accept),
                ("decline".into(), Act::Decline),
            ];
        }
        let mut all = self.turns();
        if !self.offered {
            all.push(("offer".into(), Act::Offer));
        }
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all
    }

    fn is_capture(&self, act: &Act) -> bool {
        match act {
            Act::Travel(_, to, _) => self
                .table
                .get(to)
                .is_some_and(|s| s.last().unwrap().1.is_empty()),
            _ => false,
        }
    }

    fn play(&mut self, act: &Act) {
        let me = self.turn;
        let mut captured = false;
        match act {
            Act::Offer => {
                self.answering = Some((me + 1) % self.n);
                return;
            }
            Act::Accept => {
                let next = (self.answering.unwrap() + 1) % self.n;
                if next == me {
                    self.result = Some(Vec::new());
                } else {
                    self.answering = Some(next);
                }
                return;
            }
            Act::Decline => {
                self.answering = None;
                self.offered = true;
                return;
            }
            Act::Place(kind, dirs, c) => {
                self.reserve[me].remove(kind);
                self.table.insert(*c, vec![(me, dirs.clone())]);
            }
            Act::Travel(from, to, dirs) => {
                captured = self.is_capture(act);
                let s = self.table.get_mut(from).unwrap();
                s.pop();
                if s.is_empty() {
                    self.table.remove(from);
                }
                let s = self.table.entry(*to).or_default();
                if captured {
                    s.pop();
                }
                s.push((me, dirs.clone()));
            }
        }
        self.turn = (me + 1) % self.n;
        self.offered = false;
        if captured {
            self.result = Some(vec![me]);
            return;
        }
        let count = self.seen.entry(self.snapshot()).or_default();
        *count += 1;
        if *count >= 3 {
            self.result = Some(Vec::new());
        } else if !self.has_turn() {
            self.result = Some(vec![me]);
        }
    }

    /// Whether the engine's position is the model's.
    fn same_as(&self, game: &Stax) -> bool {
        let table: Table = game
            .stacks()
            .iter()
            .map(|(c, tiles)| {
                (
                    (c.q, c.r),
                    tiles.iter().map(|t| (t.owner(), t.directions())).collect(),
                )
            })
            .collect();
        let reserve: Vec<BTreeSet<usize>> = (0..self.n)
            .map(|s| game.reserve(s).iter().map(|k| k.index()).collect())
            .collect();
        table == self.table && reserve == self.reserve && game.turn() == self.turn
    }
}

/// Plays `games` random games (two and three players in turn, at most `cap` moves each)
/// with the engine and the model side by side; returns (wins, draws, unfinished).
fn compare_random_games(games: u64, seed: u64, cap: usize) -> (usize, usize, usize) {
    let mut rng = Rng::new(seed);
    let mut tally = (0, 0, 0);
    for g in 0..games {
        let n = 2 + (g % 2) as usize;
        let mut game = Stax::start(n).unwrap();
        let mut model = Model::start(n);
        for step in 0..=cap {
            assert!(
                model.same_as(&game),
                "game {g} step {step}: diverged at {game}"
            );
            let expected = model.legal();
            let names: BTreeSet<String> = expected.iter().map(|(s, _)| s.clone()).collect();
            assert_eq!(names.len(), expected.len(), "the model lists a move twice");
            let actual = game.legal_moves();
            let actual_names: BTreeSet<String> = actual.iter().map(|m| m.to_string()).collect();
            assert_eq!(
                actual_names.len(),
                actual.len(),
                "a move listed twice in {game}"
            );
            if actual_names != names {
                let extra: Vec<_> = actual_names.difference(&names).take(10).collect();
                let missing: Vec<_> = names.difference(&actual_names).take(10).collect();
                panic!("game {g} step {step}, {game}: engine lists {extra:?} the model does not, and misses {missing:?}");
            }
            if let Some(w) = &model.result {
                assert_eq!(winners(&game).as_ref(), Some(w), "{game}");
                if w.is_empty() {
                    tally.1 += 1;
                } else {
                    tally.0 += 1;
                }
                break;
            }
            assert_eq!(game.outcome(), None, "{game}");
            if step == cap {
                tally.2 += 1;
                break;
            }
            // Mostly play on: offers and captures are usually passed over.
            let mut pick = rng.below(expected.len() as u64) as usize;
            for _ in 0..4 {
                let (name, act) = &expected[pick];
                let shy = (name == "offer" && rng.below(20) != 0)
                    || (model.is_capture(act) && rng.below(4) != 0);
                if !shy {
                    break;
                }
                pick = rng.below(expected.len() as u64) as usize;
            }
            let (name, act) = expected[pick].clone();
            model.play(&act);
            game.play(&mv(&name))
                .unwrap_or_else(|e| panic!("{name} refused in {game}: {e}"));
            game.check_invariants().unwrap();
        }
    }
    tally
}

#[test]
fn random_games_agree_with_an_independent_model() {
    let (wins, draws, unfinished) = compare_random_games(40, 0x57A7, 200);
    println!("model comparison: {wins} wins, {draws} draws, {unfinished} cut at 200 moves");
    assert_eq!(wins + draws + unfinished, 40);
    assert!(wins > 0);
}

#[test]
fn legal_moves_are_quick() {
    let mut rng = Rng::new(5);
    let (mut calls, mut moves, mut spent) = (0u32, 0usize, Duration::ZERO);
    for g in 0..20 {
        let mut game = Stax::start(2 + g % 2).unwrap();
        while game.outcome().is_none() {
            let t = Instant::now();
            let legal = game.legal_moves();
            spent += t.elapsed();
            calls += 1;
            moves += legal.len();
            let m = legal[rng.below(legal.len() as u64) as usize];
            game.play(&m).unwrap();
        }
    }
    println!(
        "legal_moves: {calls} calls, {} moves on average, {:?} per call",
        moves / calls as usize,
        spent / calls
    );
    assert!(calls > 100);
}
