//! Tests of Evacuate's picking model (`pick.rs`).

use super::*;
use crate::games::evacuate::Size;

fn names() -> Vec<String> {
    vec!["Ann".into(), "Ben".into()]
}

fn start() -> Evacuate {
    <Evacuate as Game>::new(&"match=14".parse().unwrap(), 1).unwrap()
}

/// Ann (green and yellow) to move before her action, with her green pawn on 1.1 held by
/// her yellow pawn on 1.2 and green pawn on 2.1 (so 1.1 may be released, 1.2 and 2.1
/// not yet), and Ben's red pawn on 8.1.
fn ringed() -> Evacuate {
    let mut pos: Vec<String> = start().to_string().split(' ').map(String::from).collect();
    pos[5] = "G1Y1..../G1...../....../....../....../....../....../R1.....".into();
    pos[6] = "133/233/233/333".into();
    let text = pos.join(" ");
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn t(s: &str) -> Tri {
    s.parse().unwrap()
}

fn p(s: &str) -> Piece {
    s.parse().unwrap()
}

#[test]
fn the_kinds_of_step_open_now_are_listed() {
    let names = names();
    let game = start();
    let table = Table::new(&game, &names, true);
    assert_eq!(table.kinds(), [Kind::Place]);
    let game = ringed();
    let table = Table::new(&game, &names, true);
    assert_eq!(table.kinds(), [Kind::Place, Kind::Release]);
    assert_eq!(
        table.ringed(),
        [t("1.1")],
        "only the surrounded pyramid is ringed"
    );
    assert!(Table::new(&game, &names, false).kinds().is_empty());
}

#[test]
fn a_tap_on_a_stash_pyramid_picks_it_and_lights_its_triangles() {
    let names = names();
    let game = start();
    let table = Table::new(&game, &names, true);
    let g2 = p("G2");
    let picked = Pick {
        piece: Some(g2),
        aim: None,
    };
    assert_eq!(
        table.tap(Pick::default(), Thing::Stash(g2)),
        Tap::Select(picked)
    );
    let targets = table.targets(picked);
    assert!(!targets.is_empty());
    for at in &targets {
        assert!(game
            .legal_moves()
            .contains(&EvacuateMove::Place { piece: g2, at: *at }));
    }
    // A second tap drops it.
    assert_eq!(
        table.tap(picked, Thing::Stash(g2)),
        Tap::Select(Pick::default())
    );
}

#[test]
fn a_tap_on_the_other_players_stash_says_whose_it_is() {
    let names = names();
    let game = start();
    let table = Table::new(&game, &names, true);
    assert_eq!(
        table.tap(Pick::default(), Thing::Stash(p("R3"))),
        Tap::Refuse(
            "That is Ben's stash (red and blue): place from your own (green and yellow).".into()
        )
    );
    // Every pyramid of Ben's stash answers so, whatever is picked.
    let picked = Pick {
        piece: Some(p("G1")),
        aim: None,
    };
    for q in ["R1", "R2", "R3", "B1", "B2", "B3"] {
        let why = table.tap(picked, Thing::Stash(p(q)));
        let why = why.refusal().unwrap_or_default();
        assert!(why.starts_with("That is Ben's stash"), "{q}: {why}");
    }
    // Not the player's move: even Ann's own pyramids say so.
    let looking = Table::new(&game, &names, false);
    let why = looking.tap(Pick::default(), Thing::Stash(p("G1")));
    assert_eq!(
        why.refusal(),
        Some("It is Ann's turn: you cannot move now.")
    );
}

#[test]
fn a_triangle_target_is_aimed_at_then_placed_on() {
    let names = names();
    let game = start();
    let table = Table::new(&game, &names, true);
    let piece = p("G1");
    let picked = Pick {
        piece: Some(piece),
        aim: None,
    };
    let at = table.targets(picked)[0];
    let aimed = Pick {
        piece: Some(piece),
        aim: Some(at),
    };
    assert_eq!(table.tap(picked, Thing::Tri(at)), Tap::Select(aimed));
    let mv = EvacuateMove::Place { piece, at };
    assert_eq!(table.tap(aimed, Thing::Tri(at)), Tap::Play(mv.clone()));
    assert_eq!(table.tap(aimed, Thing::Confirm), Tap::Play(mv));
    assert_eq!(
        table.tap(aimed, Thing::Cancel),
        Tap::Select(Pick::default())
    );
}

#[test]
fn a_refused_triangle_says_why_the_pyramid_cannot_go_there() {
    let names = names();
    let game = start();
    let table = Table::new(&game, &names, true);
    let picked = Pick {
        piece: Some(p("G1")),
        aim: None,
    };
    // 4.5: nothing stands that high on space 4, and nothing is there to nudge against.
    let why = table.tap(picked, Thing::Tri(t("4.5")));
    assert_eq!(
        why.refusal(),
        Some("On 4.5 a green pawn would only nudge (space 4 is 3 high), and a nudge must touch a pyramid you could then release.")
    );
    // Nothing picked: a vacant triangle asks for a pyramid first.
    let why = table.tap(Pick::default(), Thing::Tri(t("4.5")));
    assert!(why
        .refusal()
        .unwrap()
        .contains("pick a pyramid of your stash first"));
}

#[test]
fn a_queen_that_would_carry_an_opponent_out_says_so() {
    let names = names();
    let game = start();
    let table = Table::new(&game, &names, true);
    let queen = Pick {
        piece: Some(p("G3")),
        aim: None,
    };
    // 3.1 points to door A (3 + 1 is even): three spaces carry space 3's whole stack out.
    assert!(!table.targets(queen).contains(&t("3.1")));
    let why = table.tap(queen, Thing::Tri(t("3.1")));
    assert_eq!(
        why.refusal(),
        Some("On 3.1 a green queen would push blue queen, red drone, green pawn out by door A: only your own pyramids may leave (or a hoist).")
    );
}

#[test]
fn a_tap_on_a_ringed_pyramid_releases_it_and_on_others_says_why_not() {
    let names = names();
    let game = ringed();
    let table = Table::new(&game, &names, true);
    assert_eq!(
        table.tap(Pick::default(), Thing::Tri(t("1.1"))),
        Tap::Play(EvacuateMove::Release(vec![t("1.1")]))
    );
    assert_eq!(
        table.tap(Pick::default(), Thing::Tri(t("1.2"))).refusal(),
        Some("Your yellow pawn on 1.2 is not surrounded yet, so it cannot be released: 1.3 beside it is vacant.")
    );
    assert_eq!(
        table.tap(Pick::default(), Thing::Tri(t("8.1"))).refusal(),
        Some("Ben's pyramids: the red pawn on 8.1 is released only with a surrounded pyramid of yours that it touches.")
    );
}

#[test]
fn a_tap_on_the_floor_says_whose_pyramid_it_is_and_how_it_moves() {
    let names = names();
    let game = start();
    let table = Table::new(&game, &names, true);
    assert_eq!(
        table.tap(Pick::default(), Thing::Floor(3, 2)).refusal(),
        Some("Ben's red drone at level 2 of space 3: a pyramid placed on triangle 3.2 moves it and the 1 pyramid above it.")
    );
    assert_eq!(
        table.tap(Pick::default(), Thing::Floor(1, 0)).refusal(),
        Some("Space 1 is empty.")
    );
}

#[test]
fn a_stash_pyramid_with_no_place_says_why() {
    let names = names();
    // Played on from the start until the player to move has a pyramid in the stash
    // with no place (seeded random steps, several games).
    let mut found = None;
    'games: for seed in 0..40 {
        let mut game = start();
        let mut rng = crate::core::Rng::new(seed);
        for _ in 0..300 {
            if game.outcome().is_some() {
                break;
            }
            if matches!(game.phase(), Phase::Before) {
                let table = Table::new(&game, &names, true);
                let stuck = game.colours(game.turn()).iter().flat_map(|&c| {
                    [Size::Pawn, Size::Drone, Size::Queen]
                        .into_iter()
                        .map(move |s| Piece::new(c, s))
                });
                let stuck: Vec<Piece> = stuck
                    .filter(|&q| game.stash(q.colour)[q.size.index()] > 0 && !table.placeable(q))
                    .collect();
                if let Some(&q) = stuck.first() {
                    found = Some((game.clone(), q));
                    break 'games;
                }
            }
            let mv = game.random_move(&mut rng).unwrap();
            game.play(&mv).unwrap();
        }
    }
    let (game, q) = found.expect("a stash pyramid with no place");
    let table = Table::new(&game, &names, true);
    let why = table.tap(Pick::default(), Thing::Stash(q));
    let text = why.refusal().expect("refused");
    assert!(
        text.starts_with(&format!("No triangle takes a {} now: ", piece_name(q))),
        "{text}"
    );
    assert!(
        text.ends_with("no nudge is open (a nudge must touch a pyramid you could then release)."),
        "{text}"
    );
    assert_eq!(table.no_place(q).as_deref(), Some(text));
}

#[test]
fn a_whole_turn_of_several_steps_by_taps_until_the_turn_passes() {
    let names = names();
    let mut game = ringed();
    let ann = game.turn();
    // 1. The action: a pyramid of the stash, a lit triangle, the same triangle again.
    let table = Table::new(&game, &names, true);
    let piece = p("G1");
    let Tap::Select(picked) = table.tap(Pick::default(), Thing::Stash(piece)) else {
        panic!("the pyramid is picked")
    };
    // 6.1 points to door B: the pawn moves space 6's stack one space down.
    assert!(table.targets(picked).contains(&t("6.1")));
    let Tap::Select(aimed) = table.tap(picked, Thing::Tri(t("6.1"))) else {
        panic!("the triangle is aimed at")
    };
    let Tap::Play(place) = table.tap(aimed, Thing::Tri(t("6.1"))) else {
        panic!("the placement is made")
    };
    game.play(&place).unwrap();
    assert_eq!(game.stack(7).len(), 3, "the stack moved");
    assert_eq!(game.turn(), ann);
    assert_eq!(game.phase(), Phase::After, "1.1 can still be released");
    // 2. After the action: no more placing, and it says so; release or end the turn.
    let table = Table::new(&game, &names, true);
    assert_eq!(table.kinds(), [Kind::Release, Kind::End]);
    assert!(table
        .tap(Pick::default(), Thing::Stash(p("G2")))
        .refusal()
        .unwrap()
        .starts_with("You have placed a pyramid this turn"));
    let mut ended = game.clone();
    assert_eq!(
        table.tap(Pick::default(), Thing::Step(EvacuateMove::End)),
        Tap::Play(EvacuateMove::End)
    );
    ended.play(&EvacuateMove::End).unwrap();
    assert_ne!(ended.turn(), ann, "ending the turn passes it");
    // 3. Instead, release the ringed pyramid by a tap: nothing is left to release, so the
    // turn passes by itself.
    let Tap::Play(release) = table.tap(Pick::default(), Thing::Tri(t("1.1"))) else {
        panic!("the release after the action is made")
    };
    game.play(&release).unwrap();
    assert_ne!(game.turn(), ann, "the turn passed");
    let table = Table::new(&game, &names, true);
    assert_eq!(table.kinds(), [Kind::Place]);
    assert_eq!(
        table
            .tap(Pick::default(), Thing::Step(EvacuateMove::End))
            .refusal(),
        Some("Not possible now.")
    );
}

#[test]
fn a_pugilist_s_two_ways_each_name_their_door() {
    let names = names();
    // Played on in Phobos Pugilists until a pyramid aimed at a triangle may go either way.
    let mut found = None;
    'games: for seed in 0..40 {
        let mut game = <Evacuate as Game>::new(&"pugilists".parse().unwrap(), seed).unwrap();
        let mut rng = crate::core::Rng::new(seed);
        for _ in 0..300 {
            if game.outcome().is_some() {
                break;
            }
            let reverse = game.legal_moves().into_iter().find_map(|m| match m {
                EvacuateMove::Reverse { piece, at } => Some((piece, at)),
                _ => None,
            });
            if let Some((piece, at)) = reverse {
                let table = Table::new(&game, &names, true);
                if table.ways(piece, at).len() == 2 {
                    found = Some((game.clone(), piece, at));
                    break 'games;
                }
            }
            let mv = game.random_move(&mut rng).unwrap();
            game.play(&mv).unwrap();
        }
    }
    let (game, piece, at) = found.expect("a placement that may go either way");
    let table = Table::new(&game, &names, true);
    let confirms = table.confirms(piece, at);
    assert_eq!(confirms.len(), 2);
    let aimed = Pick {
        piece: Some(piece),
        aim: Some(at),
    };
    let mut doors = Vec::new();
    for (thing, mv, words) in &confirms {
        // The button plays the way it names.
        assert_eq!(table.tap(aimed, thing.clone()), Tap::Play(mv.clone()));
        let reverse = matches!(mv, EvacuateMove::Reverse { .. });
        let door = door_name(way_door(at, reverse));
        assert_eq!(words, &format!("Confirm: toward door {door}"));
        doors.push(door);
    }
    assert_ne!(doors[0], doors[1], "the two ways go toward the two doors");
    // One way only: plain "Confirm".
    let start = start();
    let table = Table::new(&start, &names, true);
    let Some(EvacuateMove::Place { piece, at }) = start.legal_moves().into_iter().next() else {
        panic!("a placement")
    };
    let confirms = table.confirms(piece, at);
    assert_eq!(confirms.len(), 1);
    assert_eq!(confirms[0].0, Thing::Confirm);
    assert_eq!(confirms[0].2, "Confirm");
}
