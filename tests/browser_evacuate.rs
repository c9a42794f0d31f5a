//! In headless Chromium (wasm-bindgen-test): Evacuate through the real app.
//!
//! - Whole games by clicks (two players, one round; three players, first to 13, with the
//!   trade of the trees; Phobos Pugilists, with the pugilists' other way) (stash, triangle, confirm; release, take-off, end and
//!   pass buttons), the board checked against the engine after every step (every floor
//!   stack, every triangle, both stashes, the scores), the preview checked before each
//!   placement is confirmed, and the step announcements (jams, stuck piles, the round's end)
//!   read on the page, and the move list (one line per turn).
//! - A placement by keys only (Enter on the stash, arrows on the grid, Enter twice), then
//!   undo taking back exactly one step.
//!
//! The steps are chosen by a small greedy player (evacuate what it can) so the round ends.
#![cfg(target_arch = "wasm32")]

mod browser_support;

use browser_support::*;
use stackplay::core::Game;
use stackplay::games::evacuate::{
    Colour, Evacuate, EvacuateMove, Phase, Piece, Tri, LEVELS, SIZES, SPACES,
};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The stored game at its cursor.
async fn stored_game() -> Evacuate {
    let saved = stored_saved().await;
    let position = saved.record.replay(saved.cursor).unwrap();
    position
        .as_any()
        .downcast_ref::<Evacuate>()
        .expect("an Evacuate game")
        .clone()
}

fn panel_text() -> String {
    find(".evac-panel")
        .and_then(|p| p.text_content())
        .unwrap_or_default()
}

/// Starts a game of `players` with the match option `option` (none: the form's only one).
async fn start_game(players: usize, option: Option<&str>) {
    go("#/new/evacuate").await;
    wait_for("#start-game").await;
    let count: web_sys::HtmlSelectElement = wait_for("#player-count").await.dyn_into().unwrap();
    count.set_value(&players.to_string());
    change(&count);
    sleep(20).await;
    if let Some(option) = option {
        let select: web_sys::HtmlSelectElement =
            wait_for("#option-match").await.dyn_into().unwrap();
        select.set_value(option);
        change(&select);
        sleep(20).await;
    }
    let start: web_sys::HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();
    wait_for("svg.board [data-t]").await;
    sleep(100).await;
}

/// The board against the engine: stacks, triangles, stashes, scores.
fn check_board(game: &Evacuate) {
    for s in 1..=SPACES {
        let el = find(&format!("svg.board [data-space='{s}']")).expect("a floor space");
        let label = el.get_attribute("aria-label").unwrap_or_default();
        let stack = game.stack(s);
        if stack.is_empty() {
            assert!(label.contains(": empty"), "space {s}: {label}");
        } else {
            let words: Vec<String> = stack
                .iter()
                .map(|p| format!("{} {}", p.colour.name(), p.size.name()))
                .collect();
            assert!(
                label.contains(&format!("bottom to top {}", words.join(", "))),
                "space {s}: {label} / {stack:?}"
            );
        }
        assert_eq!(
            find_all(&format!("svg.board [data-space='{s}'] .pc")).len(),
            stack.len(),
            "space {s}: pyramids drawn"
        );
    }
    assert_eq!(
        find("svg.board")
            .and_then(|b| b.get_attribute("data-ceiling"))
            .unwrap_or_default(),
        game.ceiling().to_string()
    );
    for s in 1..=SPACES {
        for l in 1..=LEVELS {
            let t = Tri::new(s, l);
            let el = find(&format!("svg.board [data-t='{t}']"));
            if l > game.ceiling() {
                assert!(el.is_none(), "{t} is above the ceiling");
                continue;
            }
            let el = el.expect("a triangle");
            let want = game
                .triangle(t)
                .map_or_else(|| l.to_string(), |p| p.to_string());
            assert_eq!(el.text_content().unwrap_or_default(), want, "triangle {t}");
        }
    }
    // Every stash shown: each seat's colours, and blue's general stash with three players.
    let seats = game.mode().seats();
    let mut shown: Vec<Colour> = (0..seats).flat_map(|s| game.colours(s).to_vec()).collect();
    if game.mode().wild() {
        shown.push(Colour::Blue);
    }
    for c in shown {
        for size in SIZES {
            let p = Piece::new(c, size);
            let text = find(&format!("[data-p='{p}']"))
                .and_then(|b| b.text_content())
                .unwrap_or_default();
            assert_eq!(
                text,
                format!("{p} ×{}", game.stash(c)[size.index()]),
                "stash {p}"
            );
        }
    }
    for seat in 0..seats {
        let text = find(&format!(".evac-seat[data-seat='{}']", seat + 1))
            .and_then(|e| e.text_content())
            .unwrap_or_default();
        assert!(
            text.contains(&format!(
                "round score {}, match total {}",
                game.round_score(seat),
                game.match_total(seat)
            )),
            "{text}"
        );
    }
}

/// A small greedy player: evacuate the most of its own pips, else move (the farther the
/// better), else whatever comes first; release now and then after the action.
fn choose(game: &Evacuate, step: usize) -> EvacuateMove {
    let legal = Game::legal_moves(game);
    let seat = game.turn();
    if let Some(trade) = legal.iter().find(|m| matches!(m, EvacuateMove::Trade(_))) {
        return trade.clone();
    }
    if game.phase() == Phase::After {
        let release = legal.iter().find(|m| matches!(m, EvacuateMove::Release(_)));
        return match release {
            Some(r) if step.is_multiple_of(3) => r.clone(),
            _ => EvacuateMove::End,
        };
    }
    let score = |m: &EvacuateMove| -> i64 {
        let (EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at }) = m else {
            return -100;
        };
        if usize::from(at.level) > game.stack(at.space).len() {
            return -50;
        }
        let reverse = matches!(m, EvacuateMove::Reverse { .. });
        let Some(pv) = game.preview_toward(*at, piece.size, reverse) else {
            return -60;
        };
        let own: i64 = pv
            .evacuated
            .iter()
            .filter(|p| game.mode().owns(seat, **p))
            .map(|p| i64::from(p.size.pips()))
            .sum();
        own * 100 + i64::from(piece.size.pips()) * 3 - i64::from(at.level)
            + i64::try_from((step * 7 + usize::from(at.space)) % 5).unwrap_or(0)
    };
    legal
        .iter()
        .max_by_key(|m| score(m))
        .cloned()
        .expect("a legal step")
}

/// Makes `mv` on the page by clicks, checking the preview of a placement first.
async fn make_step(game: &Evacuate, mv: &EvacuateMove) {
    match mv {
        EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at } => {
            let reverse = matches!(mv, EvacuateMove::Reverse { .. });
            click(&wait_for(&format!("[data-p='{piece}'].usable")).await);
            let tri = wait_for(&format!(
                "svg.board [data-t='{at}'].move, svg.board [data-t='{at}'].nudge"
            ))
            .await;
            let label = tri.get_attribute("aria-label").unwrap_or_default();
            let moves = usize::from(at.level) <= game.stack(at.space).len();
            assert!(
                label.contains(if moves {
                    "moves the stack"
                } else {
                    "only nudges"
                }),
                "{label}"
            );
            click(&tri);
            let mut go = wait_for("#evac-go").await;
            // The pugilist's other way: its own button when the triangle's way is legal too;
            // each button names its door.
            if let Some(other) = find("#evac-other") {
                let words = |e: &web_sys::Element| e.text_content().unwrap_or_default();
                assert!(words(&go).contains("toward door"), "{}", words(&go));
                assert!(words(&other).contains("toward door"), "{}", words(&other));
                if reverse {
                    go = other;
                }
            }
            let preview = find(".evac-preview")
                .and_then(|p| p.text_content())
                .unwrap_or_default();
            if moves {
                let pv = game
                    .preview_toward(*at, piece.size, reverse)
                    .expect("a legal move");
                match pv.to {
                    Some(to)
                        if pv.lost.len()
                            < game.stack(at.space).len() + 1 - usize::from(at.level) =>
                    {
                        assert!(
                            preview.contains(&format!("They end on space {to}.")),
                            "{preview}"
                        );
                        let dest = format!("svg.board .space.dest[data-space='{to}']");
                        assert!(find(&dest).is_some(), "the destination is marked");
                        if find("#evac-other").is_some() {
                            // Either way: each destination names its door.
                            let label = find(&dest)
                                .and_then(|d| d.get_attribute("aria-label"))
                                .unwrap_or_default();
                            assert!(label.contains("going toward door"), "{label}");
                        } else {
                            assert_eq!(
                                count("svg.board .space.dest"),
                                1,
                                "the destination is marked"
                            );
                        }
                    }
                    Some(_) => assert!(
                        preview.contains("Nothing of the group is left"),
                        "{preview}"
                    ),
                    None => assert!(preview.contains("evacuated"), "{preview}"),
                }
                if !pv.lost.is_empty() {
                    assert!(preview.contains("The ceiling takes"), "{preview}");
                }
            } else {
                assert!(preview.contains("nudges"), "{preview}");
            }
            click(&go);
        }
        other => {
            let m = other.to_string();
            click(&wait_for(&format!(".evac-panel button[data-m='{m}']")).await);
        }
    }
}

/// Waits until the stored game has `n` steps.
async fn wait_steps(n: usize) {
    for attempt in 0..3000 {
        if stored_saved().await.record.moves.len() == n {
            return;
        }
        pause(attempt).await;
    }
    panic!("the game never reached {n} steps; panel: {}", panel_text());
}

#[wasm_bindgen_test]
async fn a_whole_one_round_game_by_clicks() {
    a_whole_game_by_clicks(2, Some("1"), "match=1").await;
}

#[wasm_bindgen_test]
async fn a_whole_three_player_game_by_clicks() {
    a_whole_game_by_clicks(3, None, "players=3").await;
}

#[wasm_bindgen_test]
async fn a_whole_phobos_pugilists_game_by_clicks() {
    a_whole_game_by_clicks(2, Some("pugilists"), "pugilists").await;
}

/// A whole game of `players` (match option `option`, stored as `options`) by clicks.
async fn a_whole_game_by_clicks(players: usize, option: Option<&str>, options: &str) {
    db_clear().await;
    go("#/").await;
    let app = mount().await;
    start_game(players, option).await;
    assert_eq!(stored_saved().await.record.options, options);
    assert!(
        body_text().contains("reconstruction"),
        "the board says it is a reconstruction"
    );
    assert_eq!(count("svg.board [data-t]"), 48);
    let mut game = stored_game().await;
    let (mut jams, mut stuck, mut takes, mut releases) = (0, 0, 0, 0);
    let mut steps = 0;
    let mut turns = 1;
    while Game::outcome(&game).is_none() {
        assert!(steps < 3000, "the game goes on and on");
        check_board(&game);
        let mv = choose(&game, steps);
        make_step(&game, &mv).await;
        steps += 1;
        wait_steps(steps).await;
        let before = game.clone();
        Game::play(&mut game, &mv).unwrap();
        // The turn is over when the seat to move changed, the action or a release after it
        // left nothing to do, the round or the game ended, or the step was `end` or `pass`.
        let over = Game::outcome(&game).is_some()
            || game.turn() != before.turn()
            || game.round() != before.round()
            || matches!(
                mv,
                EvacuateMove::End | EvacuateMove::Pass | EvacuateMove::Trade(_)
            )
            || (before.phase() == Phase::After && game.phase() != Phase::After)
            || (matches!(
                mv,
                EvacuateMove::Place { .. } | EvacuateMove::Reverse { .. }
            ) && game.phase() != Phase::After);
        if over && Game::outcome(&game).is_none() {
            turns += 1;
        }
        let note = wait_for(".evac-note")
            .await
            .text_content()
            .unwrap_or_default();
        if game.phase() == Phase::Jam && before.phase() != Phase::Jam {
            assert!(note.contains("is jammed"), "{note}");
            jams += 1;
        }
        if game.ceiling() < before.ceiling() {
            assert!(note.contains("The pile is stuck"), "{note}");
            stuck += 1;
        }
        match mv {
            EvacuateMove::Take(_) => takes += 1,
            EvacuateMove::Release(_) => releases += 1,
            _ => {}
        }
        if steps.is_multiple_of(25) {
            assert_eq!(
                stored_game().await,
                game,
                "the stored game after {steps} steps"
            );
        }
    }
    check_board(&game);
    // The move list: one line per turn, each step a button of its own.
    assert_eq!(count(".moves li.turn"), turns, "one line per turn");
    assert_eq!(
        count(".moves li.turn .steps button"),
        steps,
        "every step listed"
    );
    if takes + releases > 0 {
        assert!(turns < steps, "turns of several steps share a line");
    }
    let over = wait_for(".game-over")
        .await
        .text_content()
        .unwrap_or_default();
    assert!(over.contains("wins") || over.contains("Draw"), "{over}");
    let note = find(".evac-note")
        .and_then(|n| n.text_content())
        .unwrap_or_default();
    assert!(note.contains("The game is over"), "{note}");
    assert_eq!(count("[data-p].usable"), 0, "nothing is offered once over");
    web_sys::console::log_1(
        &format!("evacuate ({options}): {steps} steps in {turns} turns, {jams} jams, {stuck} stuck piles, {takes} take-offs, {releases} releases").into(),
    );
    unmount(app);
    db_clear().await;
}

fn active_tri() -> String {
    document()
        .active_element()
        .and_then(|e| e.get_attribute("data-t"))
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn a_placement_by_keys_and_undo_one_step() {
    db_clear().await;
    go("#/").await;
    let app = mount().await;
    start_game(2, Some("14")).await;
    let game = stored_game().await;
    // Enter on the first pyramid of the stash that can be placed: the focus goes to the
    // first triangle it may go to.
    let button: web_sys::HtmlElement = wait_for("[data-p].usable").await.dyn_into().unwrap();
    let piece: Piece = button.get_attribute("data-p").unwrap().parse().unwrap();
    button.focus().unwrap();
    key(&button, "Enter");
    let mut first = String::new();
    for attempt in 0..500 {
        first = active_tri();
        if !first.is_empty() {
            break;
        }
        pause(attempt).await;
    }
    let at: Tri = first.parse().expect("the focus is on a triangle");
    assert!(Game::legal_moves(&game).contains(&EvacuateMove::Place { piece, at }));
    // Arrows move the focus around the grid (roving focus), and back.
    let el = find(&format!("svg.board [data-t='{at}']")).unwrap();
    let (down, back) = if at.space < SPACES {
        ("ArrowDown", "ArrowUp")
    } else {
        ("ArrowUp", "ArrowDown")
    };
    key(&el, down);
    for attempt in 0..500 {
        if active_tri() != first && !active_tri().is_empty() {
            break;
        }
        pause(attempt).await;
    }
    assert_ne!(active_tri(), first, "the arrow moved the focus");
    assert_eq!(
        count("svg.board [data-t][tabindex='0']"),
        1,
        "one triangle in the tab order"
    );
    key(&document().active_element().unwrap(), back);
    for attempt in 0..500 {
        if active_tri() == first {
            break;
        }
        pause(attempt).await;
    }
    assert_eq!(active_tri(), first);
    // Enter chooses the triangle (the preview shows), Enter again places the pyramid.
    key(&document().active_element().unwrap(), "Enter");
    wait_for("#evac-go").await;
    assert!(find(".evac-preview").is_some());
    for attempt in 0..500 {
        if active_tri() == first {
            break;
        }
        pause(attempt).await;
    }
    key(&document().active_element().unwrap(), "Enter");
    wait_steps(1).await;
    assert_eq!(stored_saved().await.record.moves, [format!("{piece}@{at}")]);
    let mut after = game.clone();
    Game::play(&mut after, &EvacuateMove::Place { piece, at }).unwrap();
    check_board(&after);
    // A second step, then undo: exactly one step is taken back.
    let next = choose(&after, 0);
    make_step(&after, &next).await;
    wait_steps(2).await;
    let undo = find_all(".play-layout button, button")
        .into_iter()
        .find(|b| b.text_content().unwrap_or_default() == "Undo")
        .expect("an undo button");
    click(&undo);
    for attempt in 0..1000 {
        if stored_saved().await.cursor == 1 {
            break;
        }
        pause(attempt).await;
    }
    assert_eq!(stored_saved().await.cursor, 1, "undo takes back one step");
    assert_eq!(stored_game().await, after);
    sleep(50).await;
    check_board(&after);
    unmount(app);
    db_clear().await;
}

/// How far below the board's top the mover's controls would end on a 390 px wide phone: the
/// panel drawn 370 px wide (the phone's, less the page's margins), under a board as wide.
fn phone_controls_end() -> f64 {
    let panel = find(".evac-panel").unwrap();
    panel.set_attribute("style", "width:370px").unwrap();
    let top = panel.get_bounding_client_rect().top();
    let bottom = [
        ".evac-panel .say",
        ".evac-now",
        ".evac-mine",
        ".evac-picked",
        ".evac-preview",
        ".evac-steps",
    ]
    .iter()
    .filter_map(|s| find(s))
    .map(|e| e.get_bounding_client_rect().bottom())
    .fold(top, f64::max);
    let board = 370.0 * 452.0 / 402.0;
    board + 10.0 + (bottom - top)
}

fn said() -> String {
    find(".evac-panel .say")
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

async fn wait_said(part: &str) -> String {
    for attempt in 0..500 {
        if said().contains(part) {
            break;
        }
        pause(attempt).await;
    }
    said()
}

#[wasm_bindgen_test]
async fn every_tap_answers_and_the_mover_s_controls_fit_a_phone() {
    db_clear().await;
    go("#/").await;
    let app = mount().await;
    start_game(2, Some("14")).await;
    let end = phone_controls_end();
    web_sys::console::log_1(
        &format!("evacuate: the stash ends {end:.0} px below the board's top").into(),
    );
    assert!(
        end <= 700.0,
        "the stash ends {end} px below the board's top"
    );
    let now = find(".evac-now")
        .unwrap()
        .text_content()
        .unwrap_or_default();
    assert!(now.contains("place a pyramid from your stash"), "{now}");
    // The other player's stash: whose it is.
    click(&wait_for("[data-p='R1']").await);
    let text = wait_said("'s stash").await;
    assert!(
        text.contains("'s stash (red and blue): place from your own (green and yellow)"),
        "{text}"
    );
    // Said beside that stash too, far below the answer line on a phone.
    let near = wait_for(".evac-seat .evac-said")
        .await
        .text_content()
        .unwrap_or_default();
    assert_eq!(near, text, "the answer beside the stash tapped");
    // A floor pyramid: whose it is and how it moves.
    click(&wait_for("svg.board [data-space='3'] .pc").await);
    let text = wait_said("level 1 of space 3").await;
    assert!(
        text.contains("a pyramid placed on triangle 3.1 moves it"),
        "{text}"
    );
    // A vacant triangle with nothing picked: pick a pyramid first.
    click(&wait_for("svg.board [data-t='4.5']").await);
    let text = wait_said("pick a pyramid").await;
    assert!(
        text.contains("pick a pyramid of your stash first"),
        "{text}"
    );
    // A pyramid picked lights its triangles; a triangle aimed at shows its preview; both fit.
    click(&wait_for("[data-p].usable").await);
    wait_for(".evac-picked").await;
    assert!(said().is_empty(), "a pick clears the answer line");
    let end = phone_controls_end();
    assert!(end <= 700.0, "with a pyramid picked: {end}");
    click(&wait_for("svg.board .tri.move").await);
    wait_for("#evac-go").await;
    let end = phone_controls_end();
    web_sys::console::log_1(&format!("evacuate: with a preview, {end:.0} px").into());
    assert!(end <= 700.0, "with a preview: {end}");
    unmount(app);
    db_clear().await;
}
