//! Evacuate rules (rulings 1 to 14, which the in-app rules page `static/rules/evacuate.html` states): a scenario per ruling,
//! notation round trips, garbage input, and random games through the conformance check.
#![cfg(not(target_arch = "wasm32"))]

mod evacuate_support;

use evacuate_support::*;

use stackplay::core::{Game, Viewer};
use stackplay::games::evacuate::{
    direction, sides, Colour, Door, Evacuate, EvacuateMove, EvacuateOptions, MatchRule, Phase,
    Piece, Size, Touch, Tri,
};

fn game() -> Evacuate {
    Evacuate::new(&EvacuateOptions::default(), 0).expect("new game")
}

#[test]
fn random_games_conform() {
    let report =
        stackplay::core::conformance::check_random_games::<Evacuate>(300, 1).expect("conformance");
    assert!(report.games >= 300);
}

/// Random games (both match options) end well within the playout limit, and the list of
/// steps stays short (a release step is one group, so it never explodes). Was an ignored
/// statistics printer; 400 games take about a second.
#[test]
fn random_games_stay_small_and_end() {
    let mut rng = stackplay::core::Rng::new(7);
    let mut worst = 0;
    let mut longest = 0;
    let mut ceil_min = 6;
    let mut reasons = std::collections::BTreeMap::new();
    for g in 0..400 {
        let opts = EvacuateOptions {
            match_rule: if g % 2 == 0 {
                MatchRule::FirstTo14
            } else {
                MatchRule::OneRound
            },
            ..EvacuateOptions::default()
        };
        let mut game = Evacuate::new(&opts, 0).expect("new game");
        let mut steps = 0;
        while game.outcome().is_none() && steps < 10_000 {
            let l = game.legal_moves();
            worst = worst.max(l.len());
            let m = l[rng.below(l.len() as u64) as usize].clone();
            game.play(&m).expect("listed");
            steps += 1;
        }
        longest = longest.max(steps);
        ceil_min = ceil_min.min(game.ceiling());
        *reasons
            .entry(game.outcome().expect("the game ended").reason)
            .or_insert(0) += 1;
    }
    println!("most moves {worst}, longest {longest}, lowest ceiling {ceil_min}, {reasons:?}");
    assert!(worst <= 200, "{worst}");
    assert!(longest < 5_000, "{longest}");
    assert!(ceil_min < 6, "no pile was ever stuck");
    assert!(reasons.len() >= 2, "{reasons:?}");
}

fn pieces_of(s: &str) -> Vec<Piece> {
    let chars: Vec<char> = s.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    chars
        .chunks(2)
        .map(|c| c.iter().collect::<String>().parse().expect("piece"))
        .collect()
}

/// A position from its floor (8 spaces `/`-separated), triangles (8 rows of 6), evacuated
/// pyramids, the seats whose stashes are empty, turn field and head fields. The stashes are
/// full (3 of each, less what is on the triangles) except for `empty` seats, and whatever is
/// left over is counted as lost to the ceiling, so pieces are conserved.
fn build(
    head: &str,
    floor: &str,
    tris: &str,
    evac: &str,
    empty: &[usize],
    turn: &str,
    elim: &str,
) -> Evacuate {
    let on_floor = tally(&floor.replace(['/', '-'], ""));
    let on_tris = tally(&tris.replace(['/', '.'], ""));
    let evacuated = tally(evac);
    let mut stash = [[0u8; 3]; 4];
    let mut lost = [[0u8; 3]; 4];
    for c in 0..4 {
        for z in 0..3 {
            let avail = 4 - on_floor[c][z] - on_tris[c][z] - evacuated[c][z];
            let seat = c / 2;
            let s = if empty.contains(&seat) {
                0
            } else {
                avail.min(3 - on_tris[c][z].min(3))
            };
            stash[c][z] = s;
            lost[c][z] = avail - s;
        }
    }
    pos(&format!(
        "{head} {floor} {tris} {} {} {} {turn} p0 {elim} play -",
        counts_text(&stash),
        counts_text(&evacuated),
        counts_text(&lost)
    ))
}

const EMPTY_TRIS: &str = "....../....../....../....../....../....../....../......";

// ---------------------------------------------------------------------------- rulings 1-3

#[test]
fn ruling_1_to_3_geometry() {
    use stackplay::games::evacuate::{LEVELS, SHADED, SPACES};
    assert_eq!((SPACES, LEVELS), (8, 6));
    assert_eq!(SHADED, [1, 2, 7, 8]);
    assert_eq!(direction(Tri::new(1, 1)), Door::A);
    assert_eq!(direction(Tri::new(1, 2)), Door::B);
    assert_eq!(direction(Tri::new(4, 3)), Door::B);
    assert_eq!(direction(Tri::new(4, 2)), Door::A);
    // (1,1) points at A: floor, (1,2), flat side on (2,1).
    assert_eq!(
        sides(Tri::new(1, 1), 6),
        [
            Touch::Boundary,
            Touch::Tri(Tri::new(1, 2)),
            Touch::Tri(Tri::new(2, 1))
        ]
    );
    // (1,2) points at B: its flat side is the board edge past space 1.
    assert_eq!(
        sides(Tri::new(1, 2), 6),
        [
            Touch::Tri(Tri::new(1, 1)),
            Touch::Tri(Tri::new(1, 3)),
            Touch::Boundary
        ]
    );
    // (8,1) points at B: flat side on (7,1); (8,2) points at A: the edge past 8.
    assert_eq!(sides(Tri::new(8, 1), 6)[2], Touch::Tri(Tri::new(7, 1)));
    assert_eq!(sides(Tri::new(8, 2), 6)[2], Touch::Boundary);
    // The top level touches the ceiling, also once it is lowered.
    assert_eq!(sides(Tri::new(3, 6), 6)[1], Touch::Boundary);
    assert_eq!(sides(Tri::new(3, 5), 5)[1], Touch::Boundary);
    assert_eq!(sides(Tri::new(3, 5), 6)[1], Touch::Tri(Tri::new(3, 6)));
}

// ---------------------------------------------------------------------------- rulings 4-6

#[test]
fn ruling_4_5_setup() {
    let g = game();
    let p = |s: &str| pieces_of(s);
    assert_eq!(g.stack(3), p("B3R2G1").as_slice());
    assert_eq!(g.stack(4), p("G3Y2B1").as_slice());
    assert_eq!(g.stack(5), p("R3B2Y1").as_slice());
    assert_eq!(g.stack(6), p("Y3G2R1").as_slice());
    for s in [1, 2, 7, 8] {
        assert!(g.stack(s).is_empty());
    }
    for c in [Colour::Green, Colour::Yellow, Colour::Red, Colour::Blue] {
        assert_eq!(g.stash(c), [3, 3, 3]);
    }
    assert_eq!(g.ceiling(), 6);
    assert_eq!(g.round(), 1);
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.seat_label(0), None);
    let form = Evacuate::setup_form(2).expect("form");
    let letters: Vec<&str> = form.sides.sides().iter().map(|s| s.letter).collect();
    assert_eq!(letters, ["GY", "RB"]);
    assert!(Evacuate::setup_form(5).is_err());
    // The form's hint under "Game" is the chosen mode's own (issue 35): only Phobos
    // Pugilists speaks of pugilists, and the match lengths are named.
    let game_option = &form.options[0];
    assert!(game_option.help_for("14").contains("14 points"));
    assert!(game_option.help_for("1").contains("single round"));
    assert!(game_option.help_for("pugilists").contains("Pugilists"));
    for value in ["14", "1"] {
        assert!(!game_option.help_for(value).contains("ugilist"), "{value}");
    }
    assert_eq!(g.seat_card(0).score, Some(0));
    g.check_invariants().expect("invariants");
}

#[test]
fn ruling_6_7_move_carries_the_upper_part() {
    let mut g = game();
    // 3.2 points at door B: R2 G1 go one space onto space 4.
    play(&mut g, "G1@3.2");
    assert_eq!(g.stack(3), pieces_of("B3").as_slice());
    assert_eq!(g.stack(4), pieces_of("G3Y2B1R2G1").as_slice());
    assert_eq!(g.triangle(Tri::new(3, 2)), Some(pieces_of("G1")[0]));
    assert_eq!(g.stash(Colour::Green), [2, 3, 3]);
    // Nothing to release: the turn is over.
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.phase(), Phase::Before);
    // A vacant triangle only: 3.2 is taken.
    assert!(g.play(&mv("R1@3.2")).is_err());
    // Not your stash.
    assert!(g.play(&mv("G1@5.2")).is_err());
    // Either colour of yours moves any stack: blue drone on 6.2 (even, door A) moves G2 R1
    // two spaces to space 4 (height 5 + 2 > 6: R1 is lost to the ceiling at space 5? no:
    // space 5 has 3, so 5 fits; at space 4 the top one is lost).
    let before = g.clone();
    play(&mut g, "B2@6.2");
    assert_eq!(g.stack(6), pieces_of("Y3").as_slice());
    assert_eq!(g.stack(4), pieces_of("G3Y2B1R2G1G2").as_slice());
    assert_eq!(g.lost(Colour::Red), [1, 0, 0]);
    assert!(before.legal_moves().contains(&mv("R2@6.2")));
}

#[test]
fn ruling_8_ceiling_and_queen_on_pawn() {
    // Space 3: Y2 R1 G1 B2; space 4: G3 Y2 B1 Y1 (4). 3.2 points at B.
    let g = build(
        "14 r1 0,0 c6",
        "-/-/Y2R1G1B2/G3Y2B1Y1/R3/Y3G2R1/-/-",
        EMPTY_TRIS,
        "",
        &[],
        "1B",
        "--",
    );
    let mut a = g.clone();
    play(&mut a, "G1@3.2");
    assert_eq!(a.stack(4), pieces_of("G3Y2B1Y1R1G1").as_slice());
    assert_eq!(a.stack(3), pieces_of("Y2").as_slice());
    assert_eq!(a.lost(Colour::Blue)[1], 1 + g.lost(Colour::Blue)[1]);
    a.check_invariants().expect("conserved");
    // Drone: loses B2 passing space 4, lands R1 G1 on space 5 (R3).
    let mut b = g.clone();
    play(&mut b, "G2@3.2");
    assert_eq!(b.stack(4), pieces_of("G3Y2B1Y1").as_slice());
    assert_eq!(b.stack(5), pieces_of("R3R1G1").as_slice());
    // Queen on pawn: 4.1 (door B) with a pawn moves G3.. onto R3? no: onto space 5 (R3,
    // a queen): fine; a drone lands it on space 6 whose top is R1: illegal.
    assert!(g.legal_moves().contains(&mv("G1@4.1")));
    assert!(!g.legal_moves().contains(&mv("G2@4.1")));
    assert!(g.clone().play(&mv("G2@4.1")).is_err());
    // From the start, passing over pawns is fine: the queen move from 4.1 passes Y1 and R1.
    let s = game();
    assert!(s.legal_moves().contains(&mv("G3@4.1")));
    assert!(!s.legal_moves().contains(&mv("G1@4.1")));
}

#[test]
fn ruling_8_whole_group_lost_ends_the_move() {
    // Space 4 full to the ceiling (6): moving B1 from space 3 onto it loses it entirely.
    let g = build(
        "14 r1 0,0 c6",
        "-/-/G3B1/Y3Y2Y1G2G1R3/-/R1R2B3B2/-/-",
        EMPTY_TRIS,
        "",
        &[],
        "1B",
        "--",
    );
    let mut a = g.clone();
    // 3.2 points at B; a drone would go on to space 5, but the group is gone at space 4.
    play(&mut a, "G2@3.2");
    assert_eq!(a.stack(5), &[] as &[Piece]);
    assert_eq!(a.stack(4).len(), 6);
    assert_eq!(a.lost(Colour::Blue)[0], g.lost(Colour::Blue)[0] + 1);
}

// ---------------------------------------------------------------------------- ruling 9

#[test]
fn ruling_9_exits_and_scores() {
    // Space 1: Y2 alone; 1.1 points at door A.
    let g = build(
        "14 r1 0,0 c6",
        "Y2/R2/G3Y1/-/B3B2/-/-/R1Y3",
        EMPTY_TRIS,
        "",
        &[],
        "1B",
        "--",
    );
    let mut a = g.clone();
    play(&mut a, "G1@1.1");
    assert!(a.stack(1).is_empty());
    assert_eq!(a.evacuated(Colour::Yellow), [0, 1, 0]);
    assert_eq!(a.round_score(0), 2);
    assert_eq!(a.match_total(0), 2);
    assert_eq!(a.round(), 1, "yellow still has occupants");
    // An opponent's pyramid may not go out: 8.1 (9, door B) would take R1 Y3 out.
    let l = legal(&g);
    assert!(!l.iter().any(|m| m.ends_with("@8.1")));
    // 8.2 (10, door A) moves Y3 alone towards space 7.
    assert!(l.contains(&"G1@8.2".to_string()));
    // 7.2? Space 7 is empty: a nudge spot at best, and nothing is near it.
    assert!(!l.iter().any(|m| m.ends_with("@7.2")));
    // Leftover distance is dropped: a queen from 1.1 takes Y2 out too.
    let mut b = g.clone();
    play(&mut b, "Y3@1.1");
    assert_eq!(b.evacuated(Colour::Yellow), [0, 1, 0]);
}

#[test]
fn ruling_9_hoist() {
    // Space 2 (shaded): B3 G1 R1 G2; 2.2 points at door A.
    let g = build(
        "14 r1 0,0 c6",
        "-/B3G1R1G2/Y3/Y1/R3B2/G3/-/-",
        EMPTY_TRIS,
        "",
        &[],
        "1B",
        "--",
    );
    let l = g.legal_moves();
    assert!(l.contains(&mv("G1@2.2")), "to space 1");
    assert!(l.contains(&mv("G2@2.2")), "hoist: G1 R1 G2 leave");
    // A queen from 2.2 takes the same three out (the leftover distance is dropped).
    assert!(l.contains(&mv("G3@2.2")));
    // 2.1 (odd: door B) moves the whole stack towards space 3.
    assert!(l.contains(&mv("G1@2.1")));
    // Four pyramids with one foreign are not exactly the top three: space 1, 1.1 (door A).
    let four = build(
        "14 r1 0,0 c6",
        "Y3G1R1G2/-/B3/Y1/R3B2/G3/-/-",
        EMPTY_TRIS,
        "",
        &[],
        "1B",
        "--",
    );
    assert!(!four.legal_moves().contains(&mv("G1@1.1")));
    let mut a = g.clone();
    play(&mut a, "G2@2.2");
    assert_eq!(a.stack(2), pieces_of("B3").as_slice());
    assert_eq!(a.evacuated(Colour::Green), [1, 1, 0]);
    assert_eq!(a.evacuated(Colour::Red), [1, 0, 0]);
    assert_eq!(a.round_score(0), 3);
    assert_eq!(a.round_score(1), 1);
    // Two pyramids of different colours of yours do not make a hoist.
    let h = build(
        "14 r1 0,0 c6",
        "-/B3G1R1Y2/G3/Y1/R3B2/G2/-/-",
        EMPTY_TRIS,
        "",
        &[],
        "1B",
        "--",
    );
    assert!(!h.legal_moves().contains(&mv("G2@2.2")));
    // Not from a space that is not shaded: space 3 = G1 R1 G2 on top of B3, 3.3 even: door A,
    // a queen would carry it out past space 1.
    let n = build(
        "14 r1 0,0 c6",
        "-/-/B3G1R1G2/Y3/Y1/R3B2/-/-",
        EMPTY_TRIS,
        "",
        &[],
        "1B",
        "--",
    );
    assert!(n.legal_moves().contains(&mv("G1@3.3")));
    assert!(!n.legal_moves().contains(&mv("G3@3.3")));
    // Hoist listed for the other player too: space 7 Y1 R2 R1 + 7.2 (odd: door B) by seat 2.
    let o = build(
        "14 r1 0,0 c6",
        "G3/Y3/-/B1/-/-/B2Y1R2R1/G1",
        EMPTY_TRIS,
        "",
        &[],
        "2B",
        "--",
    );
    assert!(o.legal_moves().contains(&mv("R2@7.2")));
    assert!(
        !o.legal_moves().contains(&mv("R1@8.1")),
        "G1 alone may not be taken out"
    );
}

// ---------------------------------------------------------------------------- rulings 10-11

#[test]
fn ruling_10_nudge() {
    // Spaces 1 and 2 are empty; R1 on 1.1, G1 on 2.1. A pyramid on 1.2 surrounds R1 with
    // player 1's pyramids.
    let g = build(
        "14 r1 0,0 c6",
        "-/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/-",
        "R1...../G1...../....../....../....../....../....../......",
        "",
        &[],
        "1B",
        "--",
    );
    let l = g.legal_moves();
    assert!(l.contains(&mv("Y2@1.2")));
    assert!(l.contains(&mv("G3@1.2")));
    // Far from everything: no nudge.
    assert!(!l.contains(&mv("G1@8.6")));
    // For player 2 the same placement would free nothing of theirs (G1 is foreign to them).
    let g2 = build(
        "14 r1 0,0 c6",
        "-/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/-",
        "R1...../G1...../....../....../....../....../....../......",
        "",
        &[],
        "2B",
        "--",
    );
    assert!(!g2.legal_moves().contains(&mv("R1@1.2")));
    let mut a = g.clone();
    play(&mut a, "Y2@1.2");
    // After the nudge player 1 may release R1 (ruling 11), or end.
    assert_eq!(a.phase(), Phase::After);
    assert_eq!(a.to_move(), Some(0));
    let l = legal(&a);
    assert!(l.contains(&"r1.1".to_string()));
    assert!(l.contains(&"end".to_string()));
    let mut b = a.clone();
    play(&mut b, "r1.1");
    assert_eq!(b.triangle(Tri::new(1, 1)), None);
    assert_eq!(
        b.stash(Colour::Red),
        a.stash(Colour::Red)
            .map(|n| n)
            .iter()
            .enumerate()
            .map(|(i, n)| if i == 0 { n + 1 } else { *n })
            .collect::<Vec<_>>()
            .try_into()
            .unwrap_or([0; 3])
    );
    assert_eq!(
        b.to_move(),
        Some(1),
        "nothing more to release: the turn is over"
    );
    play(&mut a, "end");
    assert_eq!(a.to_move(), Some(1));
}

#[test]
fn ruling_11_release_groups() {
    // R1 on 1.1 and B1 on 1.2 touch each other; G1 on 2.1 and G2 on 1.3 are player 1's.
    let g = build(
        "14 r1 0,0 c6",
        "-/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/-",
        "R1B1G2.../G1...../....../....../....../....../....../......",
        "",
        &[],
        "1B",
        "--",
    );
    let releases: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with('r'))
        .collect();
    assert_eq!(releases, ["r1.1+1.2"]);
    let mut a = g.clone();
    play(&mut a, "r1.1+1.2");
    assert_eq!(a.stash(Colour::Red)[0], g.stash(Colour::Red)[0] + 1);
    assert_eq!(a.stash(Colour::Blue)[0], g.stash(Colour::Blue)[0] + 1);
    assert_eq!(
        a.to_move(),
        Some(0),
        "releases before the action keep the turn"
    );
    assert_eq!(a.phase(), Phase::Before);
    assert!(g.clone().play(&mv("r1.1")).is_err());
    // Own pyramids may be released too, alone or with their neighbours: G1 on 1.1 with
    // 1.2 and 2.1 taken by player 1.
    let h = build(
        "14 r1 0,0 c6",
        "-/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/-",
        "G1Y1..../Y2...../....../....../....../....../....../......",
        "",
        &[],
        "1B",
        "--",
    );
    let releases: Vec<String> = legal(&h)
        .into_iter()
        .filter(|m| m.starts_with('r'))
        .collect();
    assert_eq!(releases, ["r1.1"]);
    // For player 2, G1 is foreign and surrounded, but by foreign pyramids: nothing.
    let h2 = pos(&h.to_string().replace(" 1B ", " 2B "));
    assert!(legal(&h2).iter().all(|m| !m.starts_with('r')));
}

// ---------------------------------------------------------------------------- ruling 12

#[test]
fn ruling_12_jam_take_offs_pass_and_stuck() {
    // Both stashes empty; R1 on 1.1 is surrounded by B1 on 1.2 and B2 on 2.1. Space 6 holds
    // six pyramids.
    let g = build(
        "14 r1 0,0 c6",
        "-/-/B3R2G1/G3Y2B1/R3/Y3G2R1Y1R2B2/-/-",
        "R1B1..../B2...../....../....../....../....../....../......",
        "",
        &[0, 1],
        "1J",
        "--",
    );
    assert_eq!(legal(&g), ["t1.1"]);
    let mut a = g.clone();
    play(&mut a, "t1.1");
    assert_eq!(a.stash(Colour::Red), [1, 0, 0]);
    assert_eq!(legal(&a), ["pass"]);
    play(&mut a, "pass");
    assert_eq!(a.to_move(), Some(1));
    // Player 2 now has a red pawn: still jammed? A move with a pawn exists, so no.
    assert_ne!(a.phase(), Phase::Jam);
    // Without it, both pass and the pile is stuck.
    let mut b = build(
        "14 r1 0,0 c6",
        "-/-/B3R2G1/G3Y2B1/R3/Y3G2R1Y1R2B2/-/-",
        "..B1.../B2...../....../....../....../....../....../......",
        "",
        &[0, 1],
        "1J",
        "--",
    );
    assert_eq!(legal(&b), ["pass"]);
    play(&mut b, "pass");
    assert_eq!(b.to_move(), Some(1));
    assert_eq!(b.phase(), Phase::Jam);
    assert_eq!(b.passes(), 1);
    play(&mut b, "pass");
    assert_eq!(b.ceiling(), 5);
    assert_eq!(b.triangle(Tri::new(1, 3)), None);
    assert_eq!(b.stash(Colour::Blue), [1, 1, 0]);
    assert_eq!(b.stack(6), pieces_of("Y3G2R1Y1R2").as_slice());
    assert_eq!(b.lost(Colour::Blue)[1], 1 + g.lost(Colour::Blue)[1]);
    assert_eq!(
        b.to_move(),
        Some(0),
        "the next player after the last to pass"
    );
    assert_eq!(b.passes(), 0);
    b.check_invariants().expect("conserved");
}

#[test]
fn ruling_12_take_off_order_matters() {
    // G1 on 1.1 and R1 on 1.2 and Y1 on 2.1 and B1 on 1.3 (1.3 touches 1.4: not surrounded).
    // 1.1 is surrounded (floor, 1.2, 2.1); 1.2 is not (1.3 then 1.4... 1.2's sides: 1.1,
    // 1.3, edge): surrounded too. Taking 1.2 first leaves 1.1 unsurrounded.
    let g = build(
        "14 r1 0,0 c6",
        "-/-/B3R2G1/G3Y2B1/R3/Y3G2R1/-/-",
        "G1R1B1.../Y1...../....../....../....../....../....../......",
        "",
        &[0, 1],
        "1J",
        "--",
    );
    assert_eq!(legal(&g), ["t1.1", "t1.2"]);
    let mut a = g.clone();
    play(&mut a, "t1.2");
    assert_eq!(legal(&a), ["pass"], "1.1 is no longer surrounded; no stash");
    let mut b = g.clone();
    play(&mut b, "t1.1");
    let l = legal(&b);
    assert!(
        !l.iter().any(|m| m.starts_with('t')),
        "1.2 is no longer surrounded"
    );
    assert!(
        l.contains(&"G1@3.1".to_string()),
        "the green pawn back in the stash moves"
    );
}

#[test]
fn ruling_12_stuck_at_ceiling_one_ends_the_round() {
    let mut g = build(
        "1 r1 0,0 c1",
        "-/-/B3/G3/R3/Y3/-/-",
        "....../....../....../....../....../....../....../......",
        "G1",
        &[0, 1],
        "1J",
        "--",
    );
    play(&mut g, "pass");
    play(&mut g, "pass");
    let o = g.outcome().expect("one round: over");
    assert_eq!(o.winners, [0]);
    assert_eq!(o.scores, Some(vec![1, 0]));
}

#[test]
fn ruling_12_third_repetition_makes_the_pile_stuck() {
    let g = game();
    let mut a = g.clone();
    play(&mut a, "G1@3.2");
    let text = a.to_string();
    let key = text
        .rsplit(' ')
        .next()
        .expect("history")
        .rsplit(',')
        .next()
        .expect("key");
    // Pretend the position after G1@3.2 was already seen twice.
    let g_text = g.to_string();
    let head = g_text.rsplit_once(' ').expect("fields").0;
    let hist = g_text.rsplit(' ').next().expect("history");
    let repeated = pos(&format!("{head} {hist},{key},{key}"));
    let mut b = repeated.clone();
    play(&mut b, "G1@3.2");
    assert_eq!(b.ceiling(), 5, "stuck: the ceiling drops");
    assert_eq!(b.triangle(Tri::new(3, 2)), None, "movement portion cleared");
    assert_eq!(b.to_move(), Some(1));
    let mut c = pos(&format!("{head} {hist},{key}"));
    play(&mut c, "G1@3.2");
    assert_eq!(c.ceiling(), 6, "only the second occurrence");
}

// ---------------------------------------------------------------------------- rulings 13-14

#[test]
fn ruling_13_round_ends_when_a_colour_is_out() {
    // Yellow has one occupant left, on space 1: Y2. 1.1 points at door A.
    let mut g = build(
        "14 r1 3,5 c6",
        "Y2/-/B3R2G1/G3/R3B2/-/-/-",
        EMPTY_TRIS,
        "Y1Y3",
        &[],
        "1B",
        "--",
    );
    assert_eq!(g.match_total(0), 7);
    play(&mut g, "G1@1.1");
    assert_eq!(g.round(), 2);
    assert_eq!(g.match_total(0), 9);
    assert_eq!(g.match_total(1), 5);
    assert_eq!(g.to_move(), Some(1), "player 2 starts round 2");
    assert_eq!(g.stack(3), pieces_of("B3R2G1").as_slice());
    assert_eq!(g.ceiling(), 6);
    // A colour emptied by the ceiling alone ends nothing.
}

#[test]
fn ruling_13_elimination_by_the_ceiling() {
    // Player 2's last occupant, B1, sits on top of a stack of five at space 4; player 1 moves
    // G1 from space 3 onto space 4 carrying it? No: player 1 carries B1 from space 5 onto the
    // full stack at space 4 (5.1, door B? 6 even: door A).
    let mut g = build(
        "1 r1 0,0 c6",
        "-/-/-/G3G2G1Y1Y2Y3/B1/-/-/-",
        EMPTY_TRIS,
        "",
        &[],
        "1B",
        "--",
    );
    play(&mut g, "G1@5.1");
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, [0]);
    assert!(o.reason.contains("eliminated"));
    assert!(g.is_eliminated(1));
    // With first to 14, a new round starts.
    let mut h = pos(&g.to_string().replacen("1 r1", "14 r1", 1));
    assert!(h.outcome().is_some());
    let mut k = build(
        "14 r1 0,0 c6",
        "-/-/-/G3G2G1Y1Y2Y3/B1/-/-/-",
        EMPTY_TRIS,
        "R3",
        &[],
        "1B",
        "--",
    );
    play(&mut k, "G1@5.1");
    assert_eq!(k.round(), 2);
    assert_eq!(k.match_total(1), 0, "eliminated: the round score is 0");
    h = k;
    h.check_invariants().expect("conserved");
}

#[test]
fn ruling_14_first_to_14_wins_at_once() {
    let mut g = build(
        "14 r2 12,4 c6",
        "Y2/-/B3R2G1/G3Y1/R3B2/-/-/-",
        EMPTY_TRIS,
        "",
        &[],
        "1B",
        "--",
    );
    play(&mut g, "G1@1.1");
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, [0]);
    assert_eq!(o.scores, Some(vec![14, 4]));
    assert_eq!(g.to_move(), None);
    assert!(g.legal_moves().is_empty());
}

#[test]
fn ruling_14_one_round_most_points() {
    let mut g = build(
        "1 r1 0,0 c6",
        "Y2/-/B3R2G1/G3/R3B2/-/-/-",
        EMPTY_TRIS,
        "Y1Y3B1",
        &[],
        "1B",
        "--",
    );
    play(&mut g, "G1@1.1");
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, [0]);
    assert_eq!(o.scores, Some(vec![6, 1]));
    // Equal scores: a draw.
    let mut d = build(
        "1 r1 0,0 c6",
        "Y2/-/B3R2G1/G3/R3B2/-/-/-",
        EMPTY_TRIS,
        "Y1Y3R3R2R1",
        &[],
        "1B",
        "--",
    );
    play(&mut d, "G1@1.1");
    let o = d.outcome().expect("over");
    assert!(o.is_draw());
    assert_eq!(o.scores, Some(vec![6, 6]));
}

// ---------------------------------------------------------------------------- notation

#[test]
fn notation_round_trips() {
    let g = game();
    let text = g.to_string();
    assert!(text.starts_with(
        "14 r1 0,0 c6 -/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/- ....../....../....../....../....../....../....../...... 333/333/333/333 000/000/000/000 000/000/000/000 1B p0 -- play "
    ));
    assert_eq!(pos(&text), g);
    for m in ["G3@4.2", "r1.1+1.2+2.1", "t8.6", "end", "pass", "B1@1.1"] {
        assert_eq!(mv(m).to_string(), m);
    }
    for o in ["match=14", "match=1"] {
        let opts: EvacuateOptions = o.parse().expect("options");
        assert_eq!(opts.to_string(), o);
    }
    let json = serde_json::to_string(&g).expect("json");
    let back: Evacuate = serde_json::from_str(&json).expect("back");
    assert_eq!(back, g);
    assert_eq!(g.view(Viewer::Seat(1)), g);
}

#[test]
fn garbage_is_refused() {
    for m in [
        "", "G4@1.1", "X1@1.1", "G1@9.1", "G1@1.7", "G1@0.1", "r", "r1.2+1.1", "r1.1+1.1", "t",
        "t1", "endx", "G1@1.1 ", "é", "G1@1.", "r1.1+",
    ] {
        assert!(m.parse::<EvacuateMove>().is_err(), "{m:?}");
    }
    for o in ["", "match=2", "match=14 ", "side=3"] {
        assert!(o.parse::<EvacuateOptions>().is_err(), "{o:?}");
    }
    let good = game().to_string();
    let mut bad = vec![
        String::new(),
        "garbage".into(),
        good.replace("c6", "c7"),
        good.replace("c6", "c0"),
        good.replace("333/333/333/333", "333/333/333/334"),
        good.replace("333/333/333/333", "999/999/999/999"),
        good.replace(" 1B ", " 3B "),
        good.replace(" 1B ", " 1Q "),
        good.replace("B3R2G1", "B3R2G1G1"),
        good.replace("B3R2G1", "B3R2G"),
        good.replace(" play ", " over:3:t "),
        good.replace(" play ", " over:1:q "),
        good.replace("r1 ", "r0 "),
        good.replace(" p0 ", " p9 "),
    ];
    bad.push(good.replacen("......", "G1......", 1));
    bad.push(format!("{good} extra"));
    for b in bad {
        assert!(b.parse::<Evacuate>().is_err(), "{b}");
    }
    // A move with a pyramid of the other player, or not listed, is refused, untouched.
    let g = game();
    let mut copy = g.clone();
    assert!(copy.play(&mv("R1@3.2")).is_err());
    assert!(copy.play(&mv("end")).is_err());
    assert!(copy.play(&mv("pass")).is_err());
    assert!(copy.play(&mv("t3.2")).is_err());
    assert_eq!(copy, g);
    assert!(matches!(
        Evacuate::options_from(&Evacuate::setup_form(2).expect("form").defaults(2)),
        Ok(EvacuateOptions {
            match_rule: MatchRule::FirstTo14,
            ..
        })
    ));
}

#[test]
fn ruling_12_13_ceiling_drop_alone_ends_nothing() {
    // Stuck: the ceiling drops to 3 and takes yellow's last occupant (Y1 at level 4) away;
    // player 1 still has green on the floor, so the round goes on.
    let mut g = build(
        "14 r1 0,0 c4",
        "-/-/G3R2B1Y1/-/R3/-/-/-",
        EMPTY_TRIS,
        "Y2Y3",
        &[0, 1],
        "1J",
        "--",
    );
    let lost_before = g.lost(Colour::Yellow)[0];
    play(&mut g, "pass");
    play(&mut g, "pass");
    assert_eq!(g.ceiling(), 3);
    assert_eq!(g.round(), 1);
    assert_eq!(g.on_floor(Colour::Yellow), 0);
    assert_eq!(g.lost(Colour::Yellow)[0], lost_before + 1);
    assert!(g.outcome().is_none());
    assert!(!g.is_eliminated(0));
    // Player 1's last occupants go to the ceiling: eliminated, and in a single round player
    // 2 wins.
    let mut h = build(
        "1 r1 0,0 c4",
        "-/-/R3B2R1G1/-/B3R2B1Y1/-/-/-",
        EMPTY_TRIS,
        "",
        &[0, 1],
        "1J",
        "--",
    );
    play(&mut h, "pass");
    play(&mut h, "pass");
    let o = h.outcome().expect("over");
    assert_eq!(o.winners, [1]);
    assert!(h.is_eliminated(0));
}

#[test]
fn both_colours_of_the_stash_are_moves_and_cards_tell() {
    let g = game();
    let l = legal(&g);
    assert!(l.contains(&"G1@3.2".to_string()) && l.contains(&"Y1@3.2".to_string()));
    assert!(l.iter().all(|m| m.starts_with('G') || m.starts_with('Y')));
    let card = g.seat_card(1);
    assert_eq!(card.side, "red and blue");
    assert!(card.facts.iter().any(|f| f.label == "stash"));
    let facts = g.table_facts();
    assert!(facts.iter().any(|f| f.label == "ceiling" && f.value == "6"));
    assert!(facts.iter().any(|f| f.label == "round" && f.value == "1"));
    let p = g
        .preview(Tri::new(4, 1), Size::Queen)
        .expect("a legal move");
    assert_eq!(p.to, Some(7));
    assert!(g.preview(Tri::new(4, 1), Size::Pawn).is_none());
}

#[test]
fn move_descriptions() {
    let g = game();
    assert_eq!(
        g.describe_move(&mv("G3@4.1"), Viewer::Everyone),
        "green queen onto space 4, level 1: moves green queen, yellow drone, blue pawn to space 7"
    );
    assert_eq!(
        g.describe_move(&mv("end"), Viewer::Everyone),
        "end the turn"
    );
    assert_eq!(g.describe_move(&mv("pass"), Viewer::Everyone), "pass");
    // Along random games: every step in words, no notation ("@", "r4.2+5.2", "t4.2"), each
    // placement naming its pyramid and an evacuation its door and the pyramids that leave.
    let mut out = 0;
    for seed in 0..20 {
        let mut g = game();
        let mut rng = stackplay::core::Rng::new(seed);
        while g.outcome().is_none() {
            let Some(m) = g.random_move(&mut rng) else {
                break;
            };
            let words = g.describe_move(&m, Viewer::Everyone);
            assert!(!words.contains('@') && !words.contains('+'), "{m}: {words}");
            match &m {
                EvacuateMove::Place { piece, .. } | EvacuateMove::Reverse { piece, .. } => {
                    let name = format!("{} {}", piece.colour.name(), piece.size.name());
                    assert!(words.starts_with(&name), "{m}: {words}");
                    if let Some(pv) = g
                        .preview(
                            match &m {
                                EvacuateMove::Place { at, .. }
                                | EvacuateMove::Reverse { at, .. } => *at,
                                _ => unreachable!(),
                            },
                            piece.size,
                        )
                        .filter(|pv| pv.door.is_some() && !pv.evacuated.is_empty())
                        .filter(|_| matches!(m, EvacuateMove::Place { .. }))
                    {
                        out += 1;
                        let door = if pv.door == Some(Door::A) { "A" } else { "B" };
                        assert!(
                            words.contains(&format!(": out through door {door} with ")),
                            "{m}: {words}"
                        );
                        for p in &pv.evacuated {
                            let name = format!("{} {}", p.colour.name(), p.size.name());
                            assert!(words.contains(&name), "{m}: {words}");
                        }
                    }
                }
                EvacuateMove::Release(_) => assert!(words.starts_with("release "), "{words}"),
                EvacuateMove::Take(_) => assert!(words.starts_with("jammed: take off "), "{words}"),
                _ => {}
            }
            g.play(&m).unwrap();
        }
    }
    assert!(out > 0, "some evacuations were described");
}

/// Once the game is over, the table's facts describe no turn to take.
#[test]
fn over_game_facts_say_nothing_of_a_turn() {
    let mut g = Evacuate::new(&"match=1".parse().unwrap(), 3).expect("new game");
    let mut rng = stackplay::core::Rng::new(3);
    let facts = g.table_facts();
    assert!(
        facts.iter().any(|f| f.label == "turn"),
        "a game going on has a turn"
    );
    while g.outcome().is_none() {
        let m = g.random_move(&mut rng).expect("a move while not over");
        g.play(&m).unwrap();
    }
    let facts = g.table_facts();
    assert!(
        facts.iter().all(|f| f.label != "turn"
            && !f.value.contains("jammed")
            && !f.value.contains("take off")
            && !f.value.contains("release")
            && !f.value.contains("pass")),
        "{:?}",
        facts
            .iter()
            .map(|f| format!("{}: {}", f.label, f.value))
            .collect::<Vec<_>>()
    );
    assert!(facts.iter().any(|f| f.label == "game" && f.value == "over"));
}

/// `play` accepts exactly the release steps listed (every subset of the movement pyramids
/// tried). That these steps reach exactly the sets of ruling 11 is checked by brute force in
/// `tests/evacuate_review.rs`.
#[test]
fn release_lists_match_brute_force() {
    let mut rng = stackplay::core::Rng::new(11);
    let mut checked = 0;
    for _ in 0..40 {
        let mut g = game();
        while g.outcome().is_none() {
            let occupied: Vec<Tri> = stackplay::games::evacuate::all_triangles()
                .into_iter()
                .filter(|t| g.triangle(*t).is_some())
                .collect();
            if g.phase() != Phase::Jam && occupied.len() <= 10 {
                let listed: Vec<EvacuateMove> = g
                    .legal_moves()
                    .into_iter()
                    .filter(|m| matches!(m, EvacuateMove::Release(_)))
                    .collect();
                let mut accepted = Vec::new();
                for bits in 1u32..(1 << occupied.len()) {
                    let set: Vec<Tri> = (0..occupied.len())
                        .filter(|i| bits & (1 << i) != 0)
                        .map(|i| occupied[i])
                        .collect();
                    let m = EvacuateMove::Release(set);
                    if g.clone().play(&m).is_ok() {
                        accepted.push(m);
                    }
                }
                let mut a: Vec<String> = accepted.iter().map(ToString::to_string).collect();
                let mut b: Vec<String> = listed.iter().map(ToString::to_string).collect();
                a.sort();
                b.sort();
                assert_eq!(a, b, "{g}");
                checked += 1;
            }
            let l = g.legal_moves();
            let m = l[rng.below(l.len() as u64) as usize].clone();
            g.play(&m).expect("listed");
        }
    }
    assert!(checked > 100);
}

#[test]
#[ignore = "slow: 2000 games take about 40 s on 2 cores; the same check runs on 300 games here \
            and on 300 games per match option in tests/evacuate_review.rs"]
fn many_random_games_conform() {
    stackplay::core::conformance::check_random_games::<Evacuate>(2000, 99).expect("conformance");
}
