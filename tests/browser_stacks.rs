//! In headless Chromium (wasm-bindgen-test): a whole game of Diabolical Stacks on the side-4
//! board, chosen on the new-game form, played through the real app by clicks, with the board
//! checked against the game after every move (every cell's stack, both reserves and pieces
//! off, the player to move and the moves left) and the forced passes and the turns that end
//! after one move announced in words. The default game, by clicks and keys, is in
//! `browser_stacks_default.rs` (each test binary has its own time limit in the runner).
//!
//! On a phone's width, with the page's own style sheet, the mover's controls end within 700 px
//! of the board's top.
//!
//! The moves are chosen by a greedy player (most progress for the mover) so that the game
//! stays short; each one is then made on the page as a person would.
#![cfg(target_arch = "wasm32")]

mod browser_support;
mod stacks_support;

use stackplay::core::Game;
use stackplay::games::stacks::{Colour, StacksMove};
use stacks_support::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn diabolical_side_4_a_whole_game_by_clicks() {
    db_clear().await;
    go("#/").await;
    let app = mount().await;
    start_game(Some("4"), true).await;
    assert_eq!(count("svg.board .cell"), 37);
    assert_eq!(count("svg.board.diabolical"), 1);
    assert_eq!(saved().await.record.options, "side=4 diabolical");
    let text = panel_text();
    assert!(
        text.contains("Light to play: the first turn is worth 1 move."),
        "{text}"
    );
    // Only Light's reserve can be used; no stack is on the board.
    assert_eq!(count("svg.board .zone.movable"), 1);
    assert_eq!(count("svg.board .cell.movable"), 0);

    let (moves, passes, early) = play_to_the_end(0).await;
    assert!(passes > 0, "the game had a forced pass");
    assert!(early > 0, "the game had a turn that ended after one move");
    assert!(moves > 40, "{moves} moves");
    let over = wait_for(".game-over").await;
    let result = over.text_content().unwrap_or_default();
    assert!(result.contains("wins"), "{result}");
    assert!(
        result.contains("moved all 12 pieces off the board"),
        "{result}"
    );
    assert!(body_text().contains("Game over"));
    assert_eq!(count("svg.board .cell.movable"), 0);
    assert_eq!(count("svg.board .zone.movable"), 0);
    unmount(app);
    db_clear().await;
}

/// How far below the board's top the mover's things end: the board (with both reserves) and
/// the panel's controls (whose turn, the group size, pass, enter, cancel).
fn controls_end() -> f64 {
    let board = find("svg.board").unwrap().get_bounding_client_rect();
    let controls = find(".stacks-panel .stacks-controls")
        .unwrap()
        .get_bounding_client_rect();
    let say = find(".stacks-panel .say")
        .unwrap()
        .get_bounding_client_rect();
    assert!(
        say.bottom() <= controls.top() + 1.0,
        "the answer line comes first"
    );
    board.bottom().max(controls.bottom()) - board.top()
}

#[wasm_bindgen_test]
async fn on_a_phone_the_movers_controls_end_within_700_px_of_the_board_top() {
    db_clear().await;
    go("#/").await;
    let app = mount().await;
    // The page's own style sheet with its phone rules on, in a phone's width (390 px).
    let style = document().create_element("style").unwrap();
    let css = include_str!("../static/style.css").replace("(max-width: 760px)", "all");
    style.set_text_content(Some(&css));
    document().body().unwrap().append_child(&style).unwrap();
    app.1.set_attribute("style", "width: 390px").unwrap();
    // The biggest board, where a stack may hold the most pieces.
    start_game(Some("5"), true).await;
    let mut game = stored_game().await;
    let mut worst = controls_end();
    console_log!("start: {worst}");
    click(&wait_for("#stacks-enter").await);
    wait_for("#stacks-cancel").await;
    worst = worst.max(controls_end());
    console_log!("reserve picked: {worst}");
    // Play on until the mover has a stack of several pieces to move, then pick it.
    let mut picked = None;
    for _ in 0..120 {
        let legal = Game::legal_moves(&game);
        picked = game.cells().into_iter().find(|&c| {
            game.movable(c) >= 2
                && legal
                    .iter()
                    .any(|m| matches!(m, StacksMove::Move { from, .. } if *from == c))
        });
        if picked.is_some() {
            break;
        }
        let mv = greedy(&game);
        let played = stored_moves().await.len();
        make_move(&game, mv, Colour::of_seat(game.turn()), false).await;
        for attempt in 0..2500 {
            if stored_moves().await.len() > played {
                break;
            }
            pause(attempt).await;
        }
        game.play(&mv).unwrap();
    }
    let c = picked.expect("a stack of several pieces to move");
    click(&wait_for(&cell_selector(c)).await);
    wait_for(".stacks-count button[aria-pressed='true']").await;
    worst = worst.max(controls_end());
    console_log!("stack of {} picked: {worst}", game.stack(c).len());
    assert!(
        worst <= 700.0,
        "the mover's controls end {worst} px below the board's top"
    );
    style.remove();
    unmount(app);
    db_clear().await;
}
