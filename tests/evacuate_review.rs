//! A second, independent reading of the Evacuate engine against
//! the rulings (1 to 14; the in-app rules page `static/rules/evacuate.html` states them): one scenario per point found, named after
//! its ruling, the geometry checked as data, and the generic conformance check run on both
//! match options (Evacuate is not registered yet, so `tests/all_games.rs` does not cover it).
#![cfg(not(target_arch = "wasm32"))]

mod evacuate_support;

use evacuate_support::*;

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use stackplay::core::conformance::check_random_games;
use stackplay::core::{
    Game, GameInfo, NotationError, OptionKind, Outcome, PlayError, Seat, SeatCard, SetupChoices,
    SetupError, SetupForm, Viewer,
};
use stackplay::games::evacuate::{
    all_triangles, direction, sides, Colour, Door, Evacuate, EvacuateMove, EvacuateOptions,
    MatchRule, Phase, Piece, Touch, Tri, DIRECTIONS, LEVELS, SPACES,
};

// ------------------------------------------------------------------------------ helpers

fn releases(g: &Evacuate) -> Vec<String> {
    legal(g)
        .into_iter()
        .filter(|m| m.starts_with('r'))
        .collect()
}

/// A position from its head (`14 r1 0,0 c6`), floor, triangles, evacuated pyramids and turn
/// field. Stashes are full (3 of each less what stands on the triangles), unless `empty`;
/// whatever is left over counts as lost to the ceiling, so pieces are conserved.
fn build(head: &str, floor: &str, tris: &str, evac: &str, empty: bool, turn: &str) -> Evacuate {
    let on_floor = tally(&floor.replace(['/', '-'], ""));
    let on_tris = tally(&tris.replace(['/', '.', 'o'], ""));
    let evacuated = tally(evac);
    let mut stash = [[0u8; 3]; 4];
    let mut lost = [[0u8; 3]; 4];
    for c in 0..4 {
        for z in 0..3 {
            let avail = 4 - on_floor[c][z] - on_tris[c][z] - evacuated[c][z];
            let s = if empty {
                0
            } else {
                avail.min(3 - on_tris[c][z].min(3))
            };
            stash[c][z] = s;
            lost[c][z] = avail - s;
        }
    }
    pos(&format!(
        "{head} {floor} {tris} {} {} {} {turn} p0 -- play -",
        counts_text(&stash),
        counts_text(&evacuated),
        counts_text(&lost)
    ))
}

const START_FLOOR: &str = "-/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/-";

/// The movement portion filled on spaces 1 to `upto`: player 1's pyramids on the triangles
/// pointing at door A, player 2's on those pointing at door B, 3.1 left vacant and one green
/// pawn kept in player 1's stash (so player 1 has a move: G1@3.1).
fn filled(upto: u8) -> Evacuate {
    let mut rows = Vec::new();
    let mut used = [[0u8; 3]; 4];
    used[0][0] = 1;
    for s in 1..=SPACES {
        let mut row = String::new();
        for l in 1..=LEVELS {
            if s > upto || (s, l) == (3, 1) {
                row.push('.');
                continue;
            }
            let cols: [usize; 2] = if direction(Tri::new(s, l)) == Door::A {
                [0, 1]
            } else {
                [2, 3]
            };
            let free = cols
                .iter()
                .flat_map(|&c| (0..3).map(move |z| (c, z)))
                .find(|&(c, z)| used[c][z] < 3);
            match free {
                Some((c, z)) => {
                    used[c][z] += 1;
                    row.push_str(&format!("{}{}", ['G', 'Y', 'R', 'B'][c], z + 1));
                }
                None => row.push('.'),
            }
        }
        rows.push(row);
    }
    used[0][0] -= 1;
    let stash: Vec<String> = (0..4)
        .map(|c| (0..3).map(|z| (3 - used[c][z]).to_string()).collect())
        .collect();
    pos(&format!(
        "14 r1 0,0 c6 {START_FLOOR} {} {} 000/000/000/000 000/000/000/000 1B p0 -- play -",
        rows.join("/"),
        stash.join("/")
    ))
}

/// Ruling 11 read literally, independently of the engine: may `seat` release `set` from the
/// movement portion `tris` (by `Tri::index`) under `ceiling`?
fn ruling_11_allows(tris: &[Option<Piece>], ceiling: u8, seat: Seat, set: u64) -> bool {
    if set == 0 {
        return false;
    }
    all_triangles()
        .into_iter()
        .filter(|t| set & (1 << t.index()) != 0)
        .all(|t| {
            tris[t.index()].is_some()
                && sides(t, ceiling).iter().all(|side| match side {
                    Touch::Boundary => true,
                    Touch::Tri(n) => {
                        set & (1 << n.index()) != 0
                            || tris[n.index()].is_some_and(|p| p.colour.owner() == seat)
                    }
                })
        })
}

fn board_of(g: &Evacuate) -> Vec<Option<Piece>> {
    all_triangles().into_iter().map(|t| g.triangle(t)).collect()
}

// ------------------------------------------------------------------------------ rulings 1-3

#[test]
fn ruling_1_to_3_geometry_is_data_and_sides_are_symmetric() {
    // Ruling 2: the table of directions is the rule "door A when space + level is even".
    for s in 1..=SPACES {
        for l in 1..=LEVELS {
            let want = if (s + l).is_multiple_of(2) {
                Door::A
            } else {
                Door::B
            };
            assert_eq!(DIRECTIONS[usize::from(s) - 1][usize::from(l) - 1], want);
            assert_eq!(direction(Tri::new(s, l)), want);
        }
    }
    // Ruling 3: every side that touches a triangle is touched back by it, under any ceiling;
    // the flat sides past spaces 1 and 8 are board edges, level 1 the floor, the top level
    // the ceiling.
    for ceiling in 1..=LEVELS {
        for t in all_triangles().into_iter().filter(|t| t.level <= ceiling) {
            let [left, right, flat] = sides(t, ceiling);
            assert_eq!(left == Touch::Boundary, t.level == 1);
            assert_eq!(right == Touch::Boundary, t.level == ceiling);
            let edge = match direction(t) {
                Door::A => t.space == SPACES,
                Door::B => t.space == 1,
            };
            assert_eq!(flat == Touch::Boundary, edge, "{t}");
            for side in [left, right, flat] {
                if let Touch::Tri(n) = side {
                    assert!(n.level <= ceiling);
                    assert!(sides(n, ceiling).contains(&Touch::Tri(t)), "{t} / {n}");
                }
            }
        }
    }
}

// ------------------------------------------------------------------------------ ruling 11

/// Ruling 11 lets a player release any set R of surrounded pyramids at once. Listing every
/// such set is exponential: in this (legal, conserved) position with 35 movement pyramids
/// the engine used to list 511,103 release moves (1.5 s). A release step is now one smallest
/// releasable group (at most one per pyramid), and a run of release steps releases their
/// union (the next test proves this reaches exactly the sets of ruling 11).
#[test]
fn ruling_11_release_steps_are_groups_and_the_list_stays_small() {
    let mut worst = Duration::ZERO;
    for upto in 1..=6 {
        let g = filled(upto);
        let t = Instant::now();
        let moves = g.legal_moves();
        worst = worst.max(t.elapsed());
        let n = moves
            .iter()
            .filter(|m| matches!(m, EvacuateMove::Release(_)))
            .count();
        println!(
            "spaces 1..={upto}: {n} release steps, {} moves",
            moves.len()
        );
        assert!(n <= 48, "spaces 1..={upto}: {n} release moves");
        if upto == 6 {
            assert!(n > 20, "{n}");
        }
    }
    println!("slowest list: {worst:?}");
    assert!(worst < Duration::from_millis(200), "{worst:?}");
}

/// Two of player 1's pyramids surround each other (1.1 and 1.2, each otherwise closed by the
/// floor, the board edge and more of player 1's pyramids): ruling 11 lets player 1 release
/// both at once. Released one at a time without memory the second would no longer be
/// surrounded; within a run of releases the first still counts as released with it.
#[test]
fn ruling_11_a_run_of_releases_is_one_release() {
    let g = build(
        "14 r1 0,0 c6",
        START_FLOOR,
        "G1G1G2.../G2...../....../....../....../....../....../......",
        "",
        false,
        "1B",
    );
    assert_eq!(releases(&g), ["r1.1", "r1.2"]);
    let mut a = g.clone();
    play(&mut a, "r1.1");
    assert_eq!(a.released_in_run(), [Tri::new(1, 1)]);
    assert!(a.to_string().contains(" oG1G2.../"), "{a}");
    assert_eq!(pos(&a.to_string()), a);
    assert_eq!(releases(&a), ["r1.2"]);
    play(&mut a, "r1.2");
    assert_eq!(a.triangle(Tri::new(1, 2)), None);
    assert_eq!(a.stash(Colour::Green), [3, 1, 3]);
    assert_eq!(a.to_move(), Some(0));
    // The action ends the run: after it, 1.2 alone is not surrounded (1.1 is vacant).
    let mut b = g.clone();
    play(&mut b, "r1.1");
    play(&mut b, "G1@3.2");
    assert_eq!(
        b.to_move(),
        Some(1),
        "nothing left to release: the turn is over"
    );
    assert!(b.released_in_run().is_empty());
    // A union of groups is not one step (one step, one group).
    assert!(g.clone().play(&mv("r1.1+1.2")).is_err());
}

/// Along random games, every board a run of release steps can reach is the board less one
/// set of ruling 11, and every such set is reached (checked by brute force, rulings read
/// independently of the engine).
#[test]
fn ruling_11_runs_of_release_steps_reach_exactly_the_releasable_sets() {
    let mut rng = stackplay::core::Rng::new(23);
    let mut checked = 0;
    let mut nontrivial = 0;
    for _ in 0..60 {
        let mut g = Evacuate::new(&EvacuateOptions::default(), 0).expect("new");
        let mut steps = 0;
        while g.outcome().is_none() && steps < 3000 {
            steps += 1;
            let occupied: Vec<Tri> = all_triangles()
                .into_iter()
                .filter(|t| g.triangle(*t).is_some())
                .collect();
            if g.phase() != Phase::Jam && g.released_in_run().is_empty() && occupied.len() <= 14 {
                let seat = g.turn();
                let start = board_of(&g);
                let mut want: BTreeSet<Vec<Option<Piece>>> = BTreeSet::new();
                let mut fill = 0u64;
                for t in &occupied {
                    fill |= 1 << t.index();
                }
                // Every subset of the occupied triangles.
                let mut sub = fill;
                loop {
                    if ruling_11_allows(&start, g.ceiling(), seat, sub) {
                        let mut b = start.clone();
                        for t in &occupied {
                            if sub & (1 << t.index()) != 0 {
                                b[t.index()] = None;
                            }
                        }
                        want.insert(b);
                    }
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & fill;
                }
                let mut got: BTreeSet<Vec<Option<Piece>>> = BTreeSet::new();
                let mut todo = vec![g.clone()];
                let mut seen = BTreeSet::new();
                while let Some(x) = todo.pop() {
                    for m in x.legal_moves() {
                        if !matches!(m, EvacuateMove::Release(_)) {
                            continue;
                        }
                        let mut y = x.clone();
                        y.play(&m).expect("listed");
                        got.insert(board_of(&y));
                        if y.turn() == seat
                            && y.phase() == x.phase()
                            && y.outcome().is_none()
                            && seen.insert(y.to_string())
                        {
                            todo.push(y);
                        }
                    }
                }
                assert_eq!(got, want, "{g}");
                checked += 1;
                if want.len() > 2 {
                    nontrivial += 1;
                }
            }
            let l = g.legal_moves();
            let m = l[stackplay::core::Rng::below(&mut rng, l.len() as u64) as usize].clone();
            g.play(&m).expect("listed");
        }
    }
    assert!(checked > 1000 && nontrivial > 20, "{checked} {nontrivial}");
}

// ------------------------------------------------------------------------------ rulings 8-9

/// Ruling 8 and 9: the ceiling acts at a space passed on the way to a door. A drone on 2.2
/// (door A) carries the top three of space 2 over space 1 (4 high): the top pyramid of the
/// group is lost there, and what reaches the door must then be player 1's own.
#[test]
fn ruling_8_9_ceiling_on_the_way_to_a_door() {
    // Group G1 R1 G2: G2 is lost over space 1, G1 R1 would reach the door: not a hoist any
    // more (not all three leave), so illegal; a pawn (to space 1) is fine.
    let g = build(
        "14 r1 0,0 c6",
        "Y3B2R3Y2/B3G1R1G2/-/-/G3Y1/R2B1/-/-",
        "....../....../....../....../....../....../....../......",
        "",
        false,
        "1B",
    );
    let l = legal(&g);
    assert!(!l.contains(&"G2@2.2".to_string()), "{l:?}");
    assert!(!l.contains(&"G3@2.2".to_string()));
    assert!(l.contains(&"G1@2.2".to_string()));
    // Group G1 G2 R1: R1 is lost over space 1, G1 G2 leave: legal, R1 scores nothing.
    let h = build(
        "14 r1 0,0 c6",
        "Y3B2R3Y2/B3G1G2R1/-/-/G3Y1/R2B1/-/-",
        "....../....../....../....../....../....../....../......",
        "",
        false,
        "1B",
    );
    let mut a = h.clone();
    play(&mut a, "G2@2.2");
    assert_eq!(a.evacuated(Colour::Green), [1, 1, 0]);
    assert_eq!(a.evacuated(Colour::Red), [0, 0, 0]);
    assert_eq!(a.lost(Colour::Red)[0], h.lost(Colour::Red)[0] + 1);
    assert_eq!(a.stack(1), h.stack(1));
    assert_eq!(a.round_score(1), 0);
}

// ------------------------------------------------------------------------------ rulings 13-14

/// Ruling 13: a colour emptied by the ceiling ends nothing, even in the move that evacuates
/// another colour. Yellow's last occupant Y1 rides on G2 over space 1 (5 high) and is lost;
/// G2 leaves through door A; green still has occupants.
#[test]
fn ruling_13_colour_emptied_by_the_ceiling_in_an_evacuating_move() {
    let g = build(
        "14 r1 0,0 c6",
        "B3R3B2R2B1/R1G2Y1/-/-/G3G1/-/-/-",
        "....../....../....../....../....../....../....../......",
        "Y2Y3",
        false,
        "1B",
    );
    let mut a = g.clone();
    play(&mut a, "G2@2.2");
    assert_eq!(a.round(), 1, "the round goes on");
    assert!(a.outcome().is_none());
    assert_eq!(a.on_floor(Colour::Yellow), 0);
    assert_eq!(a.evacuated(Colour::Green), [0, 1, 0]);
    assert!(!a.is_eliminated(0));
}

/// Ruling 13 and 14: one move evacuates player 1's pyramid while the ceiling takes player
/// 2's last occupant: player 2 is eliminated (round score 0, their 4 evacuated pips do not
/// count); in "one round" player 1 wins by elimination.
#[test]
fn ruling_13_14_elimination_in_an_evacuating_move() {
    let setup = |head: &str| {
        build(
            head,
            "G3Y3Y2G2/Y1G1B1/-/-/-/-/-/-",
            "....../....../....../....../....../....../....../......",
            "R3R1",
            false,
            "1B",
        )
    };
    let mut one = setup("1 r1 0,0 c5");
    play(&mut one, "G2@2.2");
    let o = one.outcome().expect("over");
    assert_eq!(o.winners, [0]);
    assert_eq!(o.scores, Some(vec![1, 0]));
    assert!(one.is_eliminated(1));
    let mut many = setup("14 r1 0,0 c5");
    play(&mut many, "G2@2.2");
    assert_eq!(many.round(), 2);
    assert_eq!((many.match_total(0), many.match_total(1)), (1, 0));
}

/// Ruling 14: a hoist scores for both players; if both reach 14 in it, the higher total
/// wins, and equal totals are a draw.
#[test]
fn ruling_14_a_hoist_takes_both_to_the_target() {
    let hoist = |totals: &str| {
        let mut g = build(
            &format!("14 r3 {totals} c6"),
            "-/B3G1R1G2/Y3/Y1/R3B2/G3/-/-",
            "....../....../....../....../....../....../....../......",
            "",
            false,
            "1B",
        );
        play(&mut g, "G2@2.2");
        g.outcome().expect("over")
    };
    let o = hoist("12,13");
    assert_eq!(o.scores, Some(vec![15, 14]));
    assert_eq!(o.winners, [0]);
    let d = hoist("11,13");
    assert_eq!(d.scores, Some(vec![14, 14]));
    assert!(d.is_draw());
    assert_eq!(d.winners, [0, 1]);
}

// ------------------------------------------------------------------------------ conformance

/// Evacuate with its match option fixed, so the generic conformance check (which draws the
/// options from the new-game form) plays exactly one of them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
struct Fixed<const ONE_ROUND: bool>(Evacuate);

impl<const ONE_ROUND: bool> fmt::Display for Fixed<ONE_ROUND> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<const ONE_ROUND: bool> FromStr for Fixed<ONE_ROUND> {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Fixed)
    }
}

impl<const ONE_ROUND: bool> Game for Fixed<ONE_ROUND> {
    type Move = EvacuateMove;
    type Options = EvacuateOptions;

    /// The two-player game only (three and four players are checked in `evacuate_tables`).
    fn info() -> &'static GameInfo {
        static INFO: std::sync::OnceLock<GameInfo> = std::sync::OnceLock::new();
        INFO.get_or_init(|| GameInfo {
            max_players: 2,
            ..*Evacuate::info()
        })
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        let mut form = Evacuate::setup_form(players)?;
        let value = if ONE_ROUND { "1" } else { "14" };
        for spec in &mut form.options {
            if let OptionKind::Choice { choices, default } = &mut spec.kind {
                choices.retain(|(v, _)| *v == value);
                *default = value;
            }
        }
        Ok(form)
    }

    fn options_from(choices: &SetupChoices) -> Result<EvacuateOptions, SetupError> {
        let o = Evacuate::options_from(choices)?;
        assert_eq!(o.match_rule == MatchRule::OneRound, ONE_ROUND);
        Ok(o)
    }

    fn new(options: &EvacuateOptions, seed: u64) -> Result<Self, SetupError> {
        Evacuate::new(options, seed).map(Fixed)
    }

    fn seats(&self) -> usize {
        self.0.seats()
    }

    fn to_move(&self) -> Option<Seat> {
        self.0.to_move()
    }

    fn legal_moves(&self) -> Vec<EvacuateMove> {
        self.0.legal_moves()
    }

    fn play(&mut self, mv: &EvacuateMove) -> Result<(), PlayError> {
        self.0.play(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn view(&self, viewer: Viewer) -> Self {
        Fixed(self.0.view(viewer))
    }

    fn describe_move(&self, mv: &EvacuateMove, viewer: Viewer) -> String {
        self.0.describe_move(mv, viewer)
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        self.0.seat_card(seat)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.0.check_invariants()
    }
}

#[test]
fn conformance_first_to_14_300_games() {
    let t = Instant::now();
    let r = check_random_games::<Fixed<false>>(300, 20_261_123).expect("conformance");
    println!("first to 14: {r:?} in {:?}", t.elapsed());
    assert_eq!(r.games, 300);
    assert!(r.unlisted_tried > 0 && r.listed_tried > r.moves);
}

#[test]
fn conformance_one_round_300_games() {
    let t = Instant::now();
    let r = check_random_games::<Fixed<true>>(300, 20_261_123).expect("conformance");
    println!("one round: {r:?} in {:?}", t.elapsed());
    assert_eq!(r.games, 300);
    assert!(r.unlisted_tried > 0 && r.listed_tried > r.moves);
}

// ------------------------------------------------------------------------------ notation

/// Damaged positions and moves (one character changed, or cut short) give errors, never
/// panics; whatever still parses prints back to itself. Positions with a run of releases
/// (`o` triangles) are among those damaged.
#[test]
fn damaged_notation_gives_errors_not_panics() {
    let mut rng = stackplay::core::Rng::new(41);
    let mut samples = vec![filled(6).to_string()];
    let mut a = build(
        "14 r1 0,0 c6",
        START_FLOOR,
        "G1G1G2.../G2...../....../....../....../....../....../......",
        "",
        false,
        "1B",
    );
    play(&mut a, "r1.1");
    samples.push(a.to_string());
    let mut g = Evacuate::new(&EvacuateOptions::default(), 0).expect("new");
    for _ in 0..300 {
        let l = g.legal_moves();
        if l.is_empty() {
            break;
        }
        let m = l[rng.below(l.len() as u64) as usize].clone();
        g.play(&m).expect("listed");
        samples.push(g.to_string());
    }
    let alphabet: Vec<char> = "GYRB0123456789./-o, xrpcAJ:+@tend".chars().collect();
    let mut parsed = 0;
    for text in &samples {
        let chars: Vec<char> = text.chars().collect();
        for _ in 0..40 {
            let mut d = chars.clone();
            let i = rng.below(d.len() as u64) as usize;
            d[i] = alphabet[rng.below(alphabet.len() as u64) as usize];
            let cut = rng.below(d.len() as u64 + 1) as usize;
            for candidate in [d.iter().collect::<String>(), chars[..cut].iter().collect()] {
                if let Ok(p) = candidate.parse::<Evacuate>() {
                    parsed += 1;
                    assert_eq!(pos(&p.to_string()), p);
                    let _ = p.legal_moves();
                }
            }
        }
        for m in [
            "r1.1+", "ro", "to.1", "G1@o.1", "r1.1+1.1", "r2.1+1.1", "@", "r",
        ] {
            assert!(m.parse::<EvacuateMove>().is_err(), "{m}");
        }
    }
    assert!(parsed > 0);
}

/// Ruling 9 and FAQ 6: a hoist may come in any order (bottom to top GGR, GRG, RGG for
/// player 1 through door A; RRG, RGR, GRR for player 2 through door B), whole stacks of three
/// included; mixing two colours of one's own with the opponent's is refused.
#[test]
fn ruling_9_hoist_in_every_order_through_both_doors() {
    let rest = "/-/Y3/Y1Y2/R3B2/G3/R2B1B3/-";
    for (space1, ok) in [
        ("G1G2R1", true),
        ("G1R1G2", true),
        ("R1G1G2", true),
        ("G1Y1R1", false),
        ("R1G2G1", true),
    ] {
        let floor = format!("{space1}{rest}").replace(
            "Y1Y2",
            if space1.contains("Y1") {
                "G2Y2"
            } else {
                "Y1Y2"
            },
        );
        let g = build(
            "14 r1 0,0 c6",
            &floor,
            "....../....../....../....../....../....../....../......",
            "",
            false,
            "1B",
        );
        let l = legal(&g);
        assert_eq!(l.contains(&"Y1@1.1".to_string()), ok, "{space1}: {l:?}");
        if ok {
            let mut a = g.clone();
            play(&mut a, "Y1@1.1");
            assert!(a.stack(1).is_empty());
            assert_eq!(a.round_score(1), 1);
            assert_eq!(a.round_score(0), 3);
        }
    }
    let rest = "Y3/G3/-/B3/R3/-/-/";
    for space8 in ["R1R2G1", "R1G1R2", "G1R1R2"] {
        let floor = format!("{rest}{space8}").replace("/-/B3", "/B1Y1G2/B3");
        let g = build(
            "14 r1 0,0 c6",
            &floor,
            "....../....../....../....../....../....../....../......",
            "",
            false,
            "2B",
        );
        let mut a = g.clone();
        play(&mut a, "B1@8.1");
        assert!(a.stack(8).is_empty(), "{space8}");
        assert_eq!((a.round_score(0), a.round_score(1)), (1, 3));
    }
}

// ------------------------------------------------------------------------------ differential

/// The floor after a move, with the pyramids it lost to the ceiling and evacuated.
type Played = (Vec<Vec<Piece>>, Vec<Piece>, Vec<Piece>);

/// Rules 7 to 9 read again from the rulings, apart from the engine: the floor after placing a
/// pyramid of `pips` on `(s, l)` for `seat`, with the pyramids lost and evacuated, or `None`
/// when that is not a legal move.
fn reference_move(g: &Evacuate, seat: Seat, s: u8, l: u8, pips: u8) -> Option<Played> {
    let mut floor: Vec<Vec<Piece>> = (1..=SPACES).map(|x| g.stack(x).to_vec()).collect();
    let from = usize::from(s) - 1;
    if floor[from].len() < usize::from(l) {
        return None;
    }
    let mut group = floor[from].split_off(usize::from(l) - 1);
    let started_as_top_three = group.len() == 3 && [1, 2, 7, 8].contains(&s);
    let toward_a = (s + l).is_multiple_of(2);
    let mut at = i32::from(s);
    let mut lost = Vec::new();
    for step in 1..=pips {
        at += if toward_a { -1 } else { 1 };
        if !(1..=8).contains(&at) {
            let mine = |p: &Piece| p.colour.owner() == seat;
            if group.iter().all(mine) {
                return Some((floor, lost, group));
            }
            let hoist = started_as_top_three
                && group.len() == 3
                && group.iter().filter(|p| !mine(p)).count() == 1
                && group
                    .iter()
                    .filter(|p| mine(p))
                    .all(|p| group.iter().filter(|q| q.colour == p.colour).count() == 2);
            return hoist.then_some((floor, lost, group));
        }
        let here = usize::try_from(at - 1).ok()?;
        while floor[here].len() + group.len() > usize::from(g.ceiling()) && !group.is_empty() {
            lost.push(group.pop()?);
        }
        if group.is_empty() {
            return Some((floor, lost, Vec::new()));
        }
        if step == pips {
            let queen_on_pawn =
                group[0].size.pips() == 3 && floor[here].last().is_some_and(|p| p.size.pips() == 1);
            if queen_on_pawn {
                return None;
            }
            floor[here].extend(group);
            return Some((floor, lost, Vec::new()));
        }
    }
    None
}

/// Rule 10 by brute force: after placing on the vacant `t`, some set of ruling 11 that leaves
/// out `t` has a member touching it.
fn reference_nudge(g: &Evacuate, seat: Seat, t: Tri) -> bool {
    let mut board = board_of(g);
    board[t.index()] = Some(Piece::new(
        if seat == 0 {
            Colour::Green
        } else {
            Colour::Red
        },
        stackplay::games::evacuate::Size::Pawn,
    ));
    let mut near = 0u64;
    for side in sides(t, g.ceiling()) {
        if let Touch::Tri(n) = side {
            near |= 1 << n.index();
        }
    }
    let mut fill = 0u64;
    for x in all_triangles() {
        if board[x.index()].is_some() && x != t {
            fill |= 1 << x.index();
        }
    }
    let mut sub = fill;
    while sub != 0 {
        if sub & near != 0 && ruling_11_allows(&board, g.ceiling(), seat, sub) {
            return true;
        }
        sub = (sub - 1) & fill;
    }
    false
}

/// Along random games, the placements the engine lists (moves and nudges, every colour and
/// size of the stash) are exactly those the rulings allow, and each move leaves the floor,
/// the evacuated and the lost pyramids the rulings say.
#[test]
fn rules_7_to_10_placements_match_a_second_reading() {
    let mut rng = stackplay::core::Rng::new(97);
    let mut positions = 0;
    let mut moves_checked = 0;
    let mut nudges = 0;
    for game_no in 0..30 {
        let opts = EvacuateOptions {
            match_rule: if game_no % 2 == 0 {
                MatchRule::FirstTo14
            } else {
                MatchRule::OneRound
            },
            ..EvacuateOptions::default()
        };
        let mut g = Evacuate::new(&opts, 0).expect("new");
        let mut steps = 0;
        while g.outcome().is_none() && steps < 2000 {
            steps += 1;
            let occupied = all_triangles()
                .into_iter()
                .filter(|t| g.triangle(*t).is_some())
                .count();
            let l = g.legal_moves();
            let placing = l.iter().any(|m| matches!(m, EvacuateMove::Place { .. }))
                || (g.phase() == Phase::Before);
            if placing && occupied <= 12 && g.released_in_run().is_empty() {
                let seat = g.turn();
                let listed: BTreeSet<String> = l
                    .iter()
                    .filter(|m| matches!(m, EvacuateMove::Place { .. }))
                    .map(ToString::to_string)
                    .collect();
                let mut want = BTreeSet::new();
                for t in all_triangles() {
                    if t.level > g.ceiling() || g.triangle(t).is_some() {
                        continue;
                    }
                    for colour in [Colour::Green, Colour::Yellow, Colour::Red, Colour::Blue] {
                        if colour.owner() != seat {
                            continue;
                        }
                        for (z, &n) in g.stash(colour).iter().enumerate() {
                            if n == 0 {
                                continue;
                            }
                            let pips = u8::try_from(z + 1).expect("pips");
                            let is_move = g.stack(t.space).len() >= usize::from(t.level);
                            let ok = if is_move {
                                reference_move(&g, seat, t.space, t.level, pips).is_some()
                            } else {
                                reference_nudge(&g, seat, t)
                            };
                            if ok {
                                want.insert(format!("{}{pips}@{t}", colour.letter()));
                            }
                        }
                    }
                }
                assert_eq!(listed, want, "{g}");
                for m in l.clone() {
                    let EvacuateMove::Place { piece, at } = m else {
                        continue;
                    };
                    let Some((floor, lost, out)) =
                        reference_move(&g, seat, at.space, at.level, piece.size.pips())
                    else {
                        nudges += 1;
                        continue;
                    };
                    let mut after = g.clone();
                    after.play(&m).expect("listed");
                    // A move that ends the round starts a fresh board (or ends the game):
                    // compare only moves that leave the round going.
                    if after.round() != g.round() || after.outcome().is_some() {
                        continue;
                    }
                    for (i, stack) in floor.iter().enumerate() {
                        let space = u8::try_from(i + 1).expect("space");
                        assert_eq!(after.stack(space), stack.as_slice(), "{m} in {g}");
                    }
                    for c in [Colour::Green, Colour::Yellow, Colour::Red, Colour::Blue] {
                        let count = |v: &[Piece], z: usize| {
                            u8::try_from(
                                v.iter()
                                    .filter(|p| p.colour == c && p.size.index() == z)
                                    .count(),
                            )
                            .expect("count")
                        };
                        for z in 0..3 {
                            assert_eq!(
                                after.lost(c)[z],
                                g.lost(c)[z] + count(&lost, z),
                                "{m} in {g}"
                            );
                            assert_eq!(
                                after.evacuated(c)[z],
                                g.evacuated(c)[z] + count(&out, z),
                                "{m} in {g}"
                            );
                        }
                    }
                    moves_checked += 1;
                }
                positions += 1;
            }
            let m = l[rng.below(l.len() as u64) as usize].clone();
            g.play(&m).expect("listed");
        }
    }
    println!("{positions} positions, {moves_checked} moves, {nudges} nudges");
    assert!(positions > 500 && moves_checked > 5000 && nudges > 50);
}
