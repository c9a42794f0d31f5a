//! Evacuate for three and four players and Phobos Pugilists: rulings 15 to 18 of
//! the rulings (the in-app rules page `static/rules/evacuate.html` states them), one scenario each, on positions built from their notation.
#![cfg(not(target_arch = "wasm32"))]

mod evacuate_support;

use evacuate_support::{counts_text, mv, play, tally};

use stackplay::core::Game;
use stackplay::games::evacuate::{
    Colour, Evacuate, EvacuateMove, EvacuateOptions, MatchRule, Mode, Phase, Piece, Size,
    PUGILIST_TREES, TREES,
};

fn new(options: &str) -> Evacuate {
    let o: EvacuateOptions = options.parse().expect("options");
    Evacuate::new(&o, 0).expect("new game")
}

/// A position of `head` (`3p13 r1 0,0,0 c6`): its floor and triangles, the pyramids
/// evacuated this round, the turn field, eliminations and extras; every pyramid not on the
/// board nor evacuated is in its stash.
fn build(
    head: &str,
    floor: &str,
    tris: &str,
    evac: &str,
    turn: &str,
    elim: &str,
    extras: &str,
) -> Evacuate {
    let pugilists = head.starts_with("pug");
    let on_board = tally(&format!("{floor}{tris}").replace(['/', '-', '.'], ""));
    let evacuated = tally(evac);
    let mut stash = [[0u8; 3]; 4];
    for c in 0..4 {
        for z in 0..3 {
            let mut total = 5;
            if pugilists {
                total = if c == 0 || c == 2 { 5 } else { 0 };
                let pugilist = if c == 0 { 'K' } else { 'W' };
                if total > 0 && z == 2 && !floor.contains(pugilist) {
                    total += 1;
                }
            }
            stash[c][z] = total - on_board[c][z] - evacuated[c][z];
        }
    }
    let text = format!(
        "{head} {floor} {tris} {} {} 000/000/000/000 {turn} p0 {elim} play - {extras}",
        counts_text(&stash),
        counts_text(&evacuated),
    );
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

const EMPTY: &str = "....../....../....../....../....../....../....../......";

/// The trees on O1..O4 (spaces 3 to 6), as indices into the round-1 trees.
fn trees(g: &Evacuate) -> Vec<usize> {
    (3..=6)
        .map(|s| {
            TREES
                .iter()
                .position(|t| t.as_slice() == g.stack(s))
                .expect("a starting tree")
        })
        .collect()
}

// ------------------------------------------------------------------------- ruling 15

#[test]
fn ruling_15_three_players_set_up() {
    let g = new("players=3");
    assert_eq!(g.mode(), Mode::Three);
    assert_eq!(g.seats(), 3);
    assert_eq!(g.target(), Some(13));
    // Seat order yellow, green, red; yellow (pawn on top of O3, the middle stack) starts.
    assert_eq!(g.colours(0), [Colour::Yellow]);
    assert_eq!(g.colours(1), [Colour::Green]);
    assert_eq!(g.colours(2), [Colour::Red]);
    assert_eq!(
        g.stack(5).last(),
        Some(&Piece::new(Colour::Yellow, Size::Pawn))
    );
    assert_eq!(g.to_move(), Some(0));
    // Five trios a colour: four in the stashes; blue's are the general stash.
    for c in [Colour::Green, Colour::Yellow, Colour::Red, Colour::Blue] {
        assert_eq!(g.stash(c), [4, 4, 4]);
    }
    // Anyone may place blue; nobody places another player's colour.
    let legal = g.legal_moves();
    let colours = |c: Colour| {
        legal
            .iter()
            .any(|m| matches!(m, EvacuateMove::Place { piece, .. } if piece.colour == c))
    };
    assert!(colours(Colour::Yellow) && colours(Colour::Blue));
    assert!(!colours(Colour::Green) && !colours(Colour::Red));
    assert!(Evacuate::setup_form(3).expect("form").options.is_empty());
    g.check_invariants().expect("invariants");
}

#[test]
fn ruling_15_blue_is_wild_at_the_door_scores_for_the_mover_and_ends_nothing() {
    // Yellow's pawn on 1.1 moves space 1's stack (a blue pawn, the last blue occupant) out
    // through door A: blue counts as yellow's own, scores 1 for yellow, and ends nothing.
    let mut g = build(
        "3p13 r1 0,0,0 c6",
        "B1/-/R2G1/G3Y2/R3Y1/Y3G2R1/-/-",
        EMPTY,
        "",
        "1B",
        "---",
        "x0,0,0:---:-:1",
    );
    play(&mut g, "Y1@1.1");
    assert_eq!(g.stack(1), []);
    assert_eq!(g.round(), 1, "blue emptied by an evacuation ends no round");
    assert_eq!(g.round_score(0), 1);
    assert_eq!(g.wild_pips(0), 1);
    assert_eq!(g.round_score(1) + g.round_score(2), 0);
    assert_eq!(g.evacuated(Colour::Blue), [1, 0, 0]);
}

#[test]
fn ruling_15_blue_movement_pyramids_are_everyones_own_for_releasing() {
    // A blue pyramid on 1.1, surrounded by the floor and two green pyramids (1.2 and 2.1):
    // for green it is its own, touching only its own, so green may release it alone; for red
    // the green pyramids touching it must go too, and 1.2 has a vacant side.
    let g = build(
        "3p13 r1 0,0,0 c6",
        "-/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/-",
        "B1G1..../G1...../....../....../....../....../....../......",
        "",
        "2B",
        "---",
        "x0,0,0:---:-:1",
    );
    let blue = vec![stackplay::games::evacuate::Tri::new(1, 1)];
    assert!(g.releases(1).contains(&blue), "{:?}", g.releases(1));
    assert!(!g.releases(2).contains(&blue), "{:?}", g.releases(2));
}

#[test]
fn ruling_15_hoist_with_one_blue() {
    // Space 2 (shaded), bottom to top R3 B1 Y1 G1: yellow's drone on 2.2 (door A, 2 + 2 is
    // even) moves the top three out: one of yellow's, one blue and one opponent pyramid
    // (green's), a hoist.
    let g = build(
        "3p13 r1 0,0,0 c6",
        "-/R3B1Y1G1/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/-",
        EMPTY,
        "",
        "1B",
        "---",
        "x0,0,0:---:-:1",
    );
    let mut h = g.clone();
    play(&mut h, "Y2@2.2");
    assert_eq!(h.stack(2), [Piece::new(Colour::Red, Size::Queen)]);
    // Yellow scores its pawn and blue's; green scores its own pawn.
    assert_eq!(h.round_score(0), 2);
    assert_eq!(h.round_score(1), 1);
    // Two blues and an opponent are no hoist.
    let g = build(
        "3p13 r1 0,0,0 c6",
        "-/R3B1B1G1/B3R2Y1/G3Y2Y1/R3B2Y1/Y3G2R1/-/-",
        EMPTY,
        "",
        "1B",
        "---",
        "x0,0,0:---:-:1",
    );
    assert!(!g.legal_moves().contains(&mv("Y2@2.2")));
}

/// A three- or four-player position where the seat to move (`turn`, 1-based) ends the round
/// by evacuating its last occupant, a pawn of `colour` alone on space 1, with a pawn.
fn round_ender(head: &str, colour: char, turn: u8, extras: &str, others: &str) -> Evacuate {
    build(
        head,
        &format!("{colour}1/-/{others}"),
        EMPTY,
        "",
        &format!("{turn}B"),
        if head.starts_with('3') { "---" } else { "----" },
        extras,
    )
}

#[test]
fn ruling_15_the_trees_trade_places_between_rounds_and_the_winners_neighbour_starts() {
    // Round 1: yellow (seat 1 in the notation) evacuates its last occupant: the round ends,
    // yellow won it (1 pip against 0), so green, after yellow, starts round 2, once yellow has
    // chosen the trade.
    let mut g = round_ender(
        "3p13 r1 0,0,0 c6",
        'Y',
        1,
        "x0,0,0:---:-:1",
        "B3R2G1/G3B2/R3B2G2/R1R1/-/-",
    );
    play(&mut g, "Y1@1.1");
    assert_eq!(g.round(), 2);
    assert_eq!(g.phase(), Phase::Trade);
    assert_eq!(g.to_move(), Some(0), "yellow chooses");
    assert_eq!(g.first(), 1, "green starts the round");
    assert_eq!(
        g.legal_moves(),
        [mv("trade:G"), mv("trade:R")],
        "only the trade is open"
    );
    assert_eq!(
        trees(&g),
        [0, 1, 2, 3],
        "the round-1 set-up until yellow chooses"
    );
    play(&mut g, "trade:R");
    // Yellow's tree (O3's) and red's (O4's) trade places.
    assert_eq!(trees(&g), [0, 1, 3, 2]);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.trade(), Some(Colour::Red));
    assert_eq!(g.match_total(0), 1);
    // Round 3 trades with the other one (green's, O1's), counted from the round-1 set-up.
    let mut g = round_ender(
        "3p13 r2 1,0,0 c6",
        'G',
        2,
        "x0,0,0:---:R:2",
        "B3R2Y1/Y3B2/R3B2Y2/R1R1/-/-",
    );
    play(&mut g, "G1@1.1");
    assert_eq!(g.round(), 3);
    assert_eq!(trees(&g), [2, 1, 0, 3]);
    assert_eq!(
        g.to_move(),
        Some(2),
        "green won round 2: red starts round 3"
    );
    // Round 4 trades with blue's (O2's).
    let mut g = round_ender(
        "3p13 r3 1,1,0 c6",
        'R',
        3,
        "x0,0,0:---:R:3",
        "B3Y2Y1/Y3B2/G3B2G2/G1Y1/-/-",
    );
    play(&mut g, "R1@1.1");
    assert_eq!(g.round(), 4);
    assert_eq!(trees(&g), [0, 2, 1, 3]);
    assert_eq!(
        g.to_move(),
        Some(0),
        "red won round 3: yellow starts round 4"
    );
    // Round 5 starts the cycle again: yellow chooses anew.
    let mut g = round_ender(
        "3p13 r4 1,1,1 c6",
        'Y',
        1,
        "x0,0,0:---:R:1",
        "B3R2G1/G3B2/R3B2G2/R1R1/-/-",
    );
    play(&mut g, "Y1@1.1");
    assert_eq!(g.round(), 5);
    assert_eq!(g.phase(), Phase::Trade);
    assert_eq!(g.trade(), None);
    play(&mut g, "trade:G");
    assert_eq!(trees(&g), [2, 1, 0, 3]);
}

#[test]
fn ruling_15_first_to_13() {
    // Yellow has 12 and evacuates a pawn: 13 wins at once, in mid-round.
    let mut g = build(
        "3p13 r2 12,3,4 c6",
        "Y1/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/-",
        EMPTY,
        "",
        "1B",
        "---",
        "x0,0,0:---:G:1",
    );
    play(&mut g, "Y1@1.1");
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, [0]);
    assert_eq!(o.scores, Some(vec![13, 3, 4]));
}

/// Rulings 12, 14 and 15: a round that ends in a tie because a position's third occurrence
/// makes the pile stuck at ceiling 1 is won by the player whose move ended it (the one
/// whose move led to the repeated position, not the player whose turn would have started
/// in it), and the player after them starts the next round.
#[test]
fn ruling_12_15_repetition_at_ceiling_one_tie_goes_to_the_mover_and_the_next_seat_starts() {
    // Yellow to move at ceiling 1; the position after yellow's Y1@4.1 (green to move) has
    // been seen twice this round.
    let text = "3p13 r1 0,0,0 c1 G1/-/-/Y3/-/-/-/R3 ....../....../....../....../....../\
                ....../....../...... 444/444/444/444 000/000/000/000 011/110/110/111 1B p0 \
                --- play 2b1ccd7451870ece,2b1ccd7451870ece x0,0,0:---:-:1";
    let before: Evacuate = text.parse().expect("position");
    before.check_invariants().expect("invariants");
    assert_eq!((before.round(), before.ceiling()), (1, 1));
    assert_eq!(before.to_move(), Some(0), "yellow to move");

    // Control: seen only once before, the position does not make the pile stuck.
    let mut once: Evacuate = text
        .replace("2b1ccd7451870ece,2b1ccd7451870ece", "2b1ccd7451870ece")
        .parse()
        .expect("position");
    play(&mut once, "Y1@4.1");
    assert_eq!(once.round(), 1, "a second occurrence ends nothing");
    assert_eq!(once.to_move(), Some(1), "green plays on");

    // The third occurrence: stuck at ceiling 1, the round ends with no pips for anyone.
    let mut g = before.clone();
    play(&mut g, "Y1@4.1");
    assert_eq!(g.outcome(), None, "first to 13: the match goes on");
    assert_eq!(g.round(), 2, "the round ended");
    assert_eq!(
        (0..3).map(|s| g.match_total(s)).collect::<Vec<_>>(),
        [0, 0, 0],
        "the round ended 0, 0, 0"
    );
    // A tie: yellow's move ended the round, so yellow won it and green, after yellow, starts
    // round 2 (once yellow has chosen the tree trade).
    assert_eq!(g.phase(), Phase::Trade);
    assert_eq!(g.to_move(), Some(0), "yellow chooses the trade");
    assert_eq!(g.first(), 1, "green starts round 2");
    play(&mut g, "trade:G");
    assert_eq!(g.to_move(), Some(1), "green starts round 2");
    assert_eq!(g.phase(), Phase::Before);
}

/// Rulings 12, 14 and 15: when every player passes in a row at ceiling 1, the last to pass
/// ended the round; on a tie the player after them starts the next round.
#[test]
fn ruling_12_15_passes_at_ceiling_one_tie_goes_to_the_last_to_pass() {
    // Nobody has a pyramid to place: yellow, green and red pass in turn.
    let mut g: Evacuate = "3p13 r1 0,0,0 c1 G1/-/-/Y3/-/-/-/R3 ....../....../....../\
                           ....../....../....../....../...... 000/000/000/000 \
                           000/000/000/000 455/554/554/555 1J p0 --- play - x0,0,0:---:-:1"
        .parse()
        .expect("position");
    g.check_invariants().expect("invariants");
    assert_eq!(g.legal_moves(), [mv("pass")]);
    play(&mut g, "pass");
    play(&mut g, "pass");
    assert_eq!(g.round(), 1);
    assert_eq!(g.to_move(), Some(2));
    play(&mut g, "pass");
    assert_eq!(g.round(), 2, "stuck at ceiling 1: the round ended");
    assert_eq!(
        (0..3).map(|s| g.match_total(s)).collect::<Vec<_>>(),
        [0, 0, 0]
    );
    // Red passed last: red won the tie, and yellow, after red, starts round 2.
    assert_eq!(g.first(), 0, "yellow starts round 2");
    play(&mut g, "trade:R");
    assert_eq!(g.to_move(), Some(0));
}

// ------------------------------------------------------------------------- ruling 16

#[test]
fn ruling_16_four_players_set_up() {
    let g = new("players=4,match=12");
    assert_eq!(g.seats(), 4);
    assert_eq!(g.target(), Some(12));
    assert_eq!(
        (0..4).map(|s| g.colours(s)[0]).collect::<Vec<_>>(),
        [Colour::Blue, Colour::Yellow, Colour::Green, Colour::Red]
    );
    // Blue and yellow have their pawns on top of the inner stacks (O2, O3); blue starts.
    assert_eq!(g.stack(4).last().map(|p| p.colour), Some(Colour::Blue));
    assert_eq!(g.stack(5).last().map(|p| p.colour), Some(Colour::Yellow));
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.stash(Colour::Blue), [4, 4, 4]);
    let form = Evacuate::setup_form(4).expect("form");
    assert_eq!(form.options[0].values(), ["12", "1"]);
    assert_eq!(
        new("players=4,match=1").options(),
        EvacuateOptions {
            mode: Mode::Four,
            match_rule: MatchRule::OneRound
        }
    );
    assert_eq!(new("players=4,match=1").target(), None);
}

#[test]
fn ruling_16_one_opponent_pyramid_from_a_shaded_space_once_a_round() {
    // Blue's pawn on 1.1 moves space 1's stack (blue pawn, red pawn on top) out through door
    // A: one opponent pyramid, from a shaded space: allowed once this round.
    let floor = "B1R1/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2B2/-/-";
    let g = build(
        "4p12 r1 0,0,0,0 c6",
        floor,
        EMPTY,
        "",
        "1B",
        "----",
        "x0,0,0,0:----:-:1",
    );
    let mut h = g.clone();
    play(&mut h, "B1@1.1");
    assert!(h.once_used(0));
    assert_eq!(h.round_score(0), 1, "blue's pawn scores for blue");
    assert_eq!(h.round_score(3), 1, "red's pawn scores for red");
    // Once used, the same exit is illegal.
    let used = build(
        "4p12 r1 0,0,0,0 c6",
        floor,
        EMPTY,
        "",
        "1B",
        "----",
        "x0,0,0,0:x---:-:1",
    );
    assert!(!used.legal_moves().contains(&mv("B1@1.1")));
    // Not from a space that is not shaded: space 3's R2 B1 leave through door A (3.1, even)
    // with a queen's three pips, but space 3 is not shaded.
    let g = build(
        "4p12 r1 0,0,0,0 c6",
        "-/-/R2B1/G3Y2B1/R3B2Y1/Y3G2R1/-/-",
        EMPTY,
        "",
        "1B",
        "----",
        "x0,0,0,0:----:-:1",
    );
    assert!(!g.legal_moves().contains(&mv("B3@3.1")));
    // Two opponent pyramids are never allowed.
    let g = build(
        "4p12 r1 0,0,0,0 c6",
        "B1R1G1/-/B3R2Y1/G3Y2B1/R3B2Y1/Y3G2R1/-/-",
        EMPTY,
        "",
        "1B",
        "----",
        "x0,0,0,0:----:-:1",
    );
    assert!(!g.legal_moves().contains(&mv("B1@1.1")));
}

#[test]
fn ruling_16_stacks_swap_between_rounds_and_the_flags_reset() {
    // Yellow (seat 2) evacuates its last occupant: round 2, after yellow (the round's
    // winner) green starts; O1/O2 and O3/O4 have swapped; nobody has used the shaded exit.
    let mut g = round_ender(
        "4p12 r1 0,0,0,0 c6",
        'Y',
        2,
        "x0,0,0,0:x---:-:2",
        "B3R2G1/G3B2B1/R3B2G2/R1R1/-/-",
    );
    play(&mut g, "Y1@1.1");
    assert_eq!(g.round(), 2);
    assert_eq!(trees(&g), [1, 0, 3, 2]);
    assert_eq!(g.to_move(), Some(2), "green starts, after yellow");
    assert!(!g.once_used(0));
    // Round 3: back to the round-1 places.
    let mut g = round_ender(
        "4p12 r2 0,1,0,0 c6",
        'G',
        3,
        "x0,0,0,0:----:-:3",
        "B3R2Y1/Y3B2B1/R3B2Y2/R1R1/-/-",
    );
    play(&mut g, "G1@1.1");
    assert_eq!(trees(&g), [0, 1, 2, 3]);
    assert_eq!(g.to_move(), Some(3), "red starts, after green");
}

#[test]
fn ruling_16_round_end_option_most_points_wins() {
    let mut g = round_ender(
        "4p1 r1 0,0,0,0 c6",
        'Y',
        2,
        "x0,0,0,0:----:-:1",
        "B3R2G1/G3B2B1/R3B2G2/R1R1/-/-",
    );
    play(&mut g, "Y1@1.1");
    let o = g.outcome().expect("one round");
    assert_eq!(o.winners, [1]);
    assert_eq!(o.scores, Some(vec![0, 1, 0, 0]));
}

// ------------------------------------------------------------------------- rulings 17 and 18

#[test]
fn ruling_17_phobos_pugilists_set_up() {
    let g = new("pugilists");
    assert_eq!(g.mode(), Mode::Pugilists);
    assert_eq!(g.target(), Some(9));
    assert_eq!(g.options().match_rule, MatchRule::OneRound);
    for (k, s) in (3..=6).enumerate() {
        assert_eq!(g.stack(s), PUGILIST_TREES[k]);
    }
    assert_eq!(g.stash(Colour::Green), [3, 3, 3]);
    assert_eq!(g.stash(Colour::Red), [3, 3, 3]);
    assert_eq!(g.stash(Colour::Yellow), [0, 0, 0]);
    assert_eq!(g.to_move(), Some(0));
    g.check_invariants().expect("invariants");
}

#[test]
fn ruling_18_a_stack_with_your_pugilist_moves_either_way_unless_both_are_in_it() {
    let g = new("pugilists");
    // O2 (space 4) holds player 1's pugilist: player 1 may send its groups either way.
    assert!(g.may_reverse(0, 4) && !g.may_reverse(1, 4));
    assert!(g.may_reverse(1, 5) && !g.may_reverse(0, 5));
    let legal = g.legal_moves();
    assert!(legal
        .iter()
        .any(|m| matches!(m, EvacuateMove::Reverse { at, .. } if at.space == 4)));
    assert!(!legal
        .iter()
        .any(|m| matches!(m, EvacuateMove::Reverse { at, .. } if at.space != 4)));
    // 4.2 points to door A (4 + 2 even); with a queen the reverse sends R3 R2 G1 three
    // spaces toward door B: over space 5 the ceiling takes G1 (back to green's stash), and
    // R3 R2 end on space 7.
    let mut h = g.clone();
    let pawns = h.stash(Colour::Green)[0];
    play(&mut h, "G3@4.2!");
    assert_eq!(h.stack(4), [Piece::new(Colour::Black, Size::Queen)]);
    assert_eq!(
        h.stack(7),
        [
            Piece::new(Colour::Red, Size::Queen),
            Piece::new(Colour::Red, Size::Drone)
        ]
    );
    assert_eq!(h.stash(Colour::Green)[0], pawns + 1);
    // Both pugilists in one stack: normal rules for both.
    let both = build(
        "pug9 r1 0,0 c6",
        "-/-/G3G2R1/K3W3R3/G3G2R1/R3R2G1/R2G1/G1",
        EMPTY,
        "",
        "1B",
        "--",
        "x0,0:--:-:1",
    );
    assert!(!both.may_reverse(0, 4) && !both.may_reverse(1, 4));
    assert!(!both
        .legal_moves()
        .iter()
        .any(|m| matches!(m, EvacuateMove::Reverse { .. })));
}

#[test]
fn ruling_18_an_evacuated_pugilist_scores_nothing_and_returns_as_a_queen() {
    // Player 1's pawn on 1.1 sends its pugilist (alone on space 1) out through door A.
    let mut g = build(
        "pug9 r1 0,0 c6",
        "K3/-/G3G2R1/R3R2G1/W3G3G2R1/R3R2G1/-/-",
        EMPTY,
        "",
        "1B",
        "--",
        "x0,0:--:-:1",
    );
    let queens = g.stash(Colour::Green)[2];
    play(&mut g, "G1@1.1");
    assert_eq!(g.stack(1), []);
    assert_eq!(g.round_score(0), 0);
    assert_eq!(g.stash(Colour::Green)[2], queens + 1);
    // For player 2 it is an opponent pyramid: it cannot carry it out alone.
    let g = build(
        "pug9 r1 0,0 c6",
        "K3/-/G3G2R1/R3R2G1/W3G3G2R1/R3R2G1/-/-",
        EMPTY,
        "",
        "2B",
        "--",
        "x0,0:--:-:1",
    );
    assert!(!g.legal_moves().contains(&mv("R1@1.1")));
}

#[test]
fn ruling_18_ceiling_losses_go_back_to_the_stash() {
    // Ceiling at 2: green's pawn on 3.1 sends G2 G1 (space 3) one space toward door A onto
    // R3 R2 (space 2, already at the ceiling): both are taken, back to green's stash.
    let mut g = build(
        "pug9 r1 0,0 c2",
        "-/R3R2/G2G1/K3W3/G3/R1/-/-",
        EMPTY,
        "",
        "1B",
        "--",
        "x0,0:--:-:1",
    );
    let before = g.stash(Colour::Green);
    play(&mut g, "G1@3.1");
    assert_eq!(g.stack(3), []);
    assert_eq!(g.stack(2).len(), 2);
    // The placed pawn left the stash; the fallen pawn and drone came back.
    assert_eq!(
        g.stash(Colour::Green),
        [before[0], before[1] + 1, before[2]]
    );
    assert_eq!(g.lost(Colour::Green), [0, 0, 0]);
}

#[test]
fn ruling_18_first_to_9_or_the_higher_score() {
    // Player 1 has 8 points evacuated and sends a pawn out: 9 wins at once.
    let mut g = build(
        "pug9 r1 0,0 c6",
        "G1/-/G3R1/K3R3R2/W3G3R1/R3R2G1/-/-",
        EMPTY,
        "G3G3G2",
        "1B",
        "--",
        "x0,0:--:-:1",
    );
    assert_eq!(g.round_score(0), 8);
    play(&mut g, "G1@1.1");
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, [0]);
    assert_eq!(o.scores, Some(vec![9, 0]));
    // The round ends before anyone reaches 9: the higher score wins. Player 1 evacuates its
    // last green occupant (a pawn) with 3 points already against player 2's 5.
    let mut g = build(
        "pug9 r1 0,0 c6",
        "G1/-/R1/K3R3R2/W3R3R1/R3R2R1/-/-",
        EMPTY,
        "G2R3R2",
        "1B",
        "--",
        "x0,0:--:-:1",
    );
    play(&mut g, "G1@1.1");
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, [1]);
    assert_eq!(o.scores, Some(vec![3, 5]));
}

#[test]
fn new_options_round_trip_and_unknown_ones_are_refused() {
    for text in [
        "match=14",
        "match=1",
        "players=3",
        "players=4,match=12",
        "players=4,match=1",
        "pugilists",
    ] {
        let o: EvacuateOptions = text.parse().expect("options");
        assert_eq!(o.to_string(), text);
        let g = Evacuate::new(&o, 3).expect("game");
        let back: Evacuate = g.to_string().parse().expect("position");
        assert_eq!(back, g);
    }
    for bad in ["players=5", "players=3,match=1", "pugilists,match=14", ""] {
        assert!(bad.parse::<EvacuateOptions>().is_err(), "{bad}");
    }
    for m in ["G3@4.2!", "trade:G", "trade:R"] {
        assert_eq!(mv(m).to_string(), m);
    }
    assert!("trade:Y".parse::<EvacuateMove>().is_err());
}
