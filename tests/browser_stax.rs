//! In headless Chromium (wasm-bindgen-test): STAX through the real app. A two-player game
//! played to its end by clicks (a refused way to lay a tile shows its reason, a refused
//! landing explains itself, a tap on the other player's tile or rack says whose it is, the
//! mover's controls fit under the board on a phone, the captured king stays drawn), and a
//! three-player game whose board moves are made by keys, ended by a draw agreed with the draw
//! buttons. After every move the board is checked against the game: every stack (its height
//! and top tile), every rack, the highlights of the tile chosen (the engine's legal cells),
//! and the stored move.
#![cfg(target_arch = "wasm32")]

use stackplay::core::{Game, Rng};
use stackplay::games::stax::{rotations, Cell, Colour, Stax, StaxMove, TileKind};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

mod browser_support;

use browser_support::*;

wasm_bindgen_test_configure!(run_in_browser);

fn text(selector: &str) -> String {
    find(selector)
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

/// The board's answer line.
const SAY: &str = ".stax-panel .say";
const SAY_SHOWN: &str = ".stax-panel .say:not(:empty)";

/// Waits until the answer line says `words`.
async fn wait_for_say(words: &str) {
    for attempt in 0..500 {
        if text(SAY).contains(words) {
            return;
        }
        pause(attempt).await;
    }
    panic!("the answer line says {:?}, not {words:?}", text(SAY));
}

/// With the site's style sheet and the phone's layout (390 px wide, the panel under the
/// board): Light picks the 3X (twelve ways) and a cell, and taps a refused way; the mover's
/// rack and the Place button still end within 700 px of the board's top. Then cancels.
async fn phone_layout_fits() {
    let style = document().create_element("style").unwrap();
    style.set_text_content(Some(&format!(
        "{}\n#app-under-test {{ width: 390px; }} main {{ padding: .6rem; }} \
         .play-layout {{ grid-template-columns: 1fr; grid-template-areas: \"tools\" \"board\" \"panel\" \"status\" \"players\" \"moves\"; grid-template-rows: none; }} \
         svg.board {{ max-height: none; }}",
        include_str!("../static/style.css")
    )));
    document().head().unwrap().append_child(&style).unwrap();
    click(&wait_for(".stax-rack.mine[data-seat='L'] .rack-tile.usable[data-kind='3X']").await);
    click(&wait_for("svg.board .cell.target").await);
    wait_for("#stax-confirm").await;
    if let Some(refused) = find(".stax-ways button.refused") {
        click(&refused);
        wait_for(SAY_SHOWN).await;
    }
    sleep(20).await;
    let top = find(".board-wrap")
        .unwrap()
        .get_bounding_client_rect()
        .top();
    let board = find("svg.board").unwrap().get_bounding_client_rect();
    let bottom = find_all(".stax-rack.mine, .stax-act, #stax-confirm")
        .iter()
        .map(|e| e.get_bounding_client_rect().bottom())
        .fold(0.0, f64::max);
    console_log!(
        "phone: board {} x {}, the mover's controls end {} px below its top",
        board.width(),
        board.height(),
        bottom - top
    );
    assert!(
        board.width() > 360.0 && board.width() < 380.0,
        "{}",
        board.width()
    );
    assert!(bottom - top <= 700.0, "{} px", bottom - top);
    click(&wait_for("#stax-cancel").await);
    for attempt in 0..200 {
        if count("svg.board .cell.target") == 0 {
            break;
        }
        pause(attempt).await;
    }
    style.remove();
}

async fn stored_moves() -> Vec<String> {
    stored_saved().await.record.moves
}

async fn start_game(players: usize) {
    go("#/new/stax").await;
    wait_for("#start-game").await;
    if players != 2 {
        let select: web_sys::HtmlSelectElement =
            wait_for("#player-count").await.dyn_into().unwrap();
        select.set_value(&players.to_string());
        change(&select);
        sleep(20).await;
    }
    let start: web_sys::HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();
    wait_for("svg.board .cell").await;
    sleep(100).await;
}

fn cell_sel(c: Cell, class: &str) -> String {
    format!("svg.board .cell{class}[data-cell='{c}']")
}

fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
    cells.sort();
    cells.dedup();
    cells
}

/// The cells the board highlights.
fn highlighted() -> Vec<Cell> {
    sorted(
        find_all("svg.board .cell.target")
            .iter()
            .map(|e| e.get_attribute("data-cell").unwrap().parse().unwrap())
            .collect(),
    )
}

/// Checks that the board draws `game`: every stack's height and top tile, nothing else
/// holding a tile, both racks, and who is to move.
fn check_board(game: &Stax) {
    assert_eq!(
        count("svg.board .cell .tile"),
        game.stacks().len(),
        "one top tile drawn a stack"
    );
    for (c, tiles) in game.stacks() {
        let el = find(&cell_sel(*c, "")).unwrap_or_else(|| panic!("no cell {c}"));
        assert_eq!(
            el.get_attribute("data-height"),
            Some(tiles.len().to_string()),
            "{c}"
        );
        let top = tiles.last().unwrap();
        let class = el
            .query_selector(".tile")
            .unwrap()
            .unwrap()
            .get_attribute("class")
            .unwrap();
        assert!(class.contains(&format!("t{}", top.owner())), "{c}: {class}");
        let label = el.get_attribute("aria-label").unwrap();
        assert!(
            label.contains(&format!(
                "{} {}",
                Colour::of_seat(top.owner()).name(),
                top.kind().name()
            )),
            "{c}: {label}"
        );
        if tiles.len() > 1 {
            assert!(label.contains("bottom to top"), "{label}");
        }
    }
    for seat in 0..game.players() {
        let letter = Colour::of_seat(seat).letter();
        let shown: Vec<String> = find_all(&format!(".stax-rack[data-seat='{letter}'] .rack-tile"))
            .iter()
            .map(|b| b.get_attribute("data-kind").unwrap())
            .collect();
        let want: Vec<String> = game
            .reserve(seat)
            .iter()
            .map(|k| k.name().to_string())
            .collect();
        assert_eq!(shown, want, "{letter}'s rack");
    }
    let to_move = find("svg.board").unwrap().get_attribute("data-to-move");
    assert_eq!(
        to_move,
        Game::to_move(game).map(|s| Colour::of_seat(s).letter().to_string())
    );
}

/// A capture if there is one (when `hunt`), else a random legal turn, a tile moving and
/// turning half the time when one can (never a draw offer, never a capture unless `hunt`).
fn choose(game: &Stax, rng: &mut Rng, hunt: bool) -> StaxMove {
    let me = game.turn();
    let wins = |m: &StaxMove| {
        let mut after = game.clone();
        after.play(m).is_ok() && after.outcome().is_some_and(|o| o.winners.contains(&me))
    };
    let legal: Vec<StaxMove> = Game::legal_moves(game)
        .into_iter()
        .filter(|m| *m != StaxMove::Offer && (hunt || !wins(m)))
        .collect();
    if let Some(win) = legal.iter().copied().find(|m| hunt && wins(m)) {
        return win;
    }
    // Kings have one way to lie against up to twelve for other tiles: give them a fair chance.
    let king = legal.iter().copied().find(|m| {
        matches!(
            m,
            StaxMove::Place {
                kind: TileKind::King,
                ..
            }
        )
    });
    if let Some(king) = king.filter(|_| rng.below(3) == 0) {
        return king;
    }
    let turning: Vec<StaxMove> = legal
        .iter()
        .copied()
        .filter(|m| matches!(m, StaxMove::Travel { mask: Some(_), .. }))
        .collect();
    if !turning.is_empty() && rng.below(2) == 0 {
        return turning[rng.below(turning.len() as u64) as usize];
    }
    legal[rng.below(legal.len() as u64) as usize]
}

/// Presses a board cell by a click or by Enter.
fn press(el: &Element, by_keys: bool) {
    if by_keys {
        key(el, "Enter");
    } else {
        click(el);
    }
}

/// Makes `mv` on the page as a person would, checking the highlights against the engine.
async fn make_move(game: &Stax, mv: StaxMove, by_keys: bool) {
    let letter = Colour::of_seat(game.turn()).letter();
    match mv {
        StaxMove::Place { kind, mask, cell } => {
            let rack = wait_for(&format!(
                ".stax-rack[data-seat='{letter}'] .rack-tile.usable[data-kind='{}']",
                kind.name()
            ))
            .await;
            click(&rack);
            wait_for(&format!(
                ".rack-tile[aria-pressed='true'][data-kind='{}']",
                kind.name()
            ))
            .await;
            // Only the mover's tile shows as picked, not the same kind in another rack.
            assert_eq!(count(".rack-tile[aria-pressed='true']"), 1);
            let want = sorted(game.placements_for(kind).into_iter().map(|p| p.0).collect());
            assert_eq!(highlighted(), want, "cells for {}", kind.name());
            press(&wait_for(&cell_sel(cell, ".target")).await, by_keys);
            if kind.orientations().len() > 1 {
                let way = wait_for(&format!(".stax-ways button[data-mask='{mask}']")).await;
                let refused = game
                    .placements_for(kind)
                    .into_iter()
                    .find(|p| p.0 == cell)
                    .map_or(0, |p| kind.orientations().len() - p.1.len());
                assert_eq!(count(".stax-ways button.refused"), refused, "refused ways");
                click(&way);
                wait_for(&format!(
                    ".stax-ways button[data-mask='{mask}'][aria-pressed='true']"
                ))
                .await;
                // The preview shows on the board.
                assert_eq!(count("svg.board .ghost .tile"), 1);
                click(&wait_for("#stax-confirm").await);
            }
        }
        StaxMove::Travel { from, to, mask } => {
            press(&wait_for(&cell_sel(from, ".movable")).await, by_keys);
            wait_for(&cell_sel(from, ".selected")).await;
            assert_eq!(
                highlighted(),
                sorted(game.destinations(from)),
                "landings from {from}"
            );
            press(&wait_for(&cell_sel(to, ".target")).await, by_keys);
            if let Some(m) = mask {
                let top = game.top(from).unwrap().mask();
                wait_for(".stax-ways button").await;
                assert_eq!(count(".stax-ways button"), rotations(top).len());
                if by_keys {
                    // Turn the tile with R until it shows the pointers wanted, then Enter.
                    for _ in 0..6 {
                        if find(&format!(
                            ".stax-ways button[data-mask='{m}'][aria-pressed='true']"
                        ))
                        .is_some()
                        {
                            break;
                        }
                        key(&wait_for(&cell_sel(to, "")).await, "r");
                        sleep(5).await;
                    }
                    wait_for(&format!(
                        ".stax-ways button[data-mask='{m}'][aria-pressed='true']"
                    ))
                    .await;
                    key(&wait_for(&cell_sel(to, "")).await, "Enter");
                } else {
                    click(&wait_for(&format!(".stax-ways button[data-mask='{m}']")).await);
                    wait_for(&format!(
                        ".stax-ways button[data-mask='{m}'][aria-pressed='true']"
                    ))
                    .await;
                    click(&wait_for("#stax-confirm").await);
                }
            }
        }
        StaxMove::Offer => click(&wait_for("#stax-offer").await),
        StaxMove::Accept => click(&wait_for("#stax-accept").await),
        StaxMove::Decline => click(&wait_for("#stax-decline").await),
    }
}

/// Plays `mv` on the page and follows it in `game`.
async fn play(game: &mut Stax, mv: StaxMove, by_keys: bool) {
    let before = stored_moves().await.len();
    make_move(game, mv, by_keys).await;
    game.play(&mv).unwrap();
    for attempt in 0..2500 {
        if stored_moves().await.len() > before {
            break;
        }
        pause(attempt).await;
    }
    assert_eq!(stored_moves().await.last(), Some(&mv.to_string()));
    sleep(5).await;
    check_board(game);
}

#[wasm_bindgen_test]
async fn two_players_a_whole_game_by_clicks() {
    db_clear().await;
    go("#/").await;
    let app = mount().await;
    start_game(2).await;
    let mut game = Stax::start(2).unwrap();
    check_board(&game);
    // An empty table: one cell, where the first tile goes; the queen may not open.
    assert_eq!(count("svg.board .cell"), 1);
    click(&wait_for(".stax-rack[data-seat='L'] .rack-tile[data-kind='Q']").await);
    wait_for(SAY_SHOWN).await;
    assert!(
        text(SAY).contains("queen may not be the first tile"),
        "{}",
        text(SAY)
    );
    play(&mut game, "K@0,0".parse().unwrap(), false).await;

    // Dark's 1 next to the king: the way that points at it is refused, with the reason.
    let east: Cell = "1,0".parse().unwrap();
    click(&wait_for(".stax-rack[data-seat='D'] .rack-tile[data-kind='1']").await);
    click(&wait_for(&cell_sel(east, ".target")).await);
    let refused = wait_for(".stax-ways button.refused").await;
    assert_eq!(count(".stax-ways button.refused"), 1);
    assert_eq!(refused.get_attribute("data-mask").as_deref(), Some("8"));
    let label = refused.get_attribute("aria-label").unwrap();
    assert!(
        label.contains("the tile would point at the enemy king"),
        "{label}"
    );
    assert!(find(".stax-ways button[aria-pressed='true']:not(.refused)").is_some());
    click(&refused);
    wait_for(SAY_SHOWN).await;
    assert!(
        text(SAY).contains("point at the enemy king"),
        "{}",
        text(SAY)
    );
    assert!(
        find(".stax-ways button.refused[aria-pressed='true']").is_none(),
        "a refused way is never chosen"
    );
    // Light's rack is not Dark's to pick from, and says so.
    click(&wait_for(".stax-rack[data-seat='L'] .rack-tile[data-kind='2A']").await);
    wait_for_say("Light's rack").await;
    // Escape cancels.
    key(&wait_for(&cell_sel(east, "")).await, "Escape");
    for attempt in 0..200 {
        if count("svg.board .cell.target") == 0 {
            break;
        }
        pause(attempt).await;
    }
    assert_eq!(count("svg.board .cell.target"), 0);
    play(&mut game, StaxMove::place(TileKind::One, 1, east), false).await;
    // Dark's tile is not Light's to move; then the phone layout with the widest choice.
    click(&wait_for(&cell_sel(east, "")).await);
    wait_for_say("1,0 holds Dark's 1 tile").await;
    phone_layout_fits().await;

    let mut rng = Rng::new(2026);
    let mut explained = false;
    let mut moves = 2;
    while game.outcome().is_none() {
        let mv = choose(&game, &mut rng, moves >= 24);
        // Once: try a landing that is not highlighted, and read why it is refused.
        if let (false, StaxMove::Travel { from, .. }) = (explained, mv) {
            let far = game
                .stacks()
                .iter()
                .flat_map(|(c, _)| c.neighbours())
                .find(|c| {
                    game.travel_refusal(from, *c).is_err()
                        && !game.movable().contains(c)
                        && find(&cell_sel(*c, "")).is_some()
                });
            if let Some(far) = far {
                click(&wait_for(&cell_sel(from, ".movable")).await);
                wait_for(&cell_sel(from, ".selected")).await;
                click(&wait_for(&cell_sel(far, "")).await);
                let why = game.travel_refusal(from, far).unwrap_err().to_string();
                wait_for_say(&why).await;
                click(&wait_for("#stax-cancel").await);
                wait_for(&cell_sel(from, ".movable:not(.selected)")).await;
                explained = true;
            }
        }
        play(&mut game, mv, false).await;
        moves += 1;
        assert!(moves < 400, "the game goes on");
    }
    assert!(explained, "a refused landing was tried");
    console_log!(
        "two players: {moves} moves, {}",
        game.outcome().unwrap().reason
    );
    let over = wait_for(".game-over").await;
    let result = over.text_content().unwrap_or_default();
    assert!(result.contains("wins"), "{result}");
    assert!(result.contains("captured"), "{result}");
    // The captured king stays drawn, struck through, and the panel says where it fell.
    assert_eq!(
        count("svg.board .captured-king .tile.t1, svg.board .captured-king .tile.t0"),
        1
    );
    assert!(
        text(".stax-capture").contains("captured"),
        "{}",
        text(".stax-capture")
    );
    assert_eq!(count("svg.board .cell.movable"), 0);
    assert_eq!(count(".rack-tile.usable"), 0);
    unmount(app);
    db_clear().await;
}

#[wasm_bindgen_test]
async fn three_players_by_keys_then_a_draw_agreed() {
    db_clear().await;
    go("#/").await;
    let app = mount().await;
    start_game(3).await;
    let mut game = Stax::start(3).unwrap();
    check_board(&game);
    assert_eq!(count(".stax-rack"), 3);
    let mut rng = Rng::new(7);
    let mut travels = 0;
    for _ in 0..30 {
        let mv = choose(&game, &mut rng, false);
        travels += usize::from(matches!(mv, StaxMove::Travel { .. }));
        play(&mut game, mv, true).await;
        if game.outcome().is_some() {
            break;
        }
    }
    console_log!(
        "three players: {travels} moves of tiles by keys, {} tiles placed, {:?}",
        game.placed(),
        game.outcome().map(|o| o.reason)
    );
    if game.outcome().is_none() {
        // The arrow keys move the focus over the cells.
        let here = wait_for("svg.board .cell[tabindex='0']").await;
        let start = here.get_attribute("data-cell").unwrap();
        let mut seen = vec![start.clone()];
        for k in ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"] {
            let here = wait_for("svg.board .cell[tabindex='0']").await;
            key(&here, k);
            sleep(10).await;
            let now = wait_for("svg.board .cell[tabindex='0']").await;
            let active = document()
                .active_element()
                .and_then(|e| e.get_attribute("data-cell"));
            assert_eq!(
                active,
                now.get_attribute("data-cell"),
                "{k} moves the focus"
            );
            seen.push(now.get_attribute("data-cell").unwrap());
        }
        assert!(seen.iter().any(|c| *c != start), "{seen:?}");
        // A draw: offered, then accepted by both others.
        play(&mut game, StaxMove::Offer, false).await;
        assert!(find("#stax-offer").is_none());
        play(&mut game, StaxMove::Accept, false).await;
        play(&mut game, StaxMove::Accept, false).await;
        let over = wait_for(".game-over").await;
        let result = over.text_content().unwrap_or_default();
        assert!(result.contains("agreed to a draw"), "{result}");
    }
    unmount(app);
    db_clear().await;
}
