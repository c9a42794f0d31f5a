//! In headless Chromium (wasm-bindgen-test): a whole game of Diabolical Stacks on the side-4
//! board, chosen on the new-game form, played through the real app by clicks, with the board
//! checked against the game after every move (every cell's stack, both reserves and pieces
//! off, the player to move and the moves left) and the forced passes and the turns that end
//! after one move announced in words. The default game, by clicks and keys, is in
//! `browser_stacks_default.rs` (each test binary has its own time limit in the runner).
//!
//! The moves are chosen by a greedy player (most progress for the mover) so that the game
//! stays short; each one is then made on the page as a person would.
#![cfg(target_arch = "wasm32")]

mod browser_support;
mod stacks_support;

use stacks_support::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn diabolical_side_4_a_whole_game_by_clicks() {
    storage().clear().unwrap();
    go("#/").await;
    let app = mount();
    start_game(Some("4"), true).await;
    assert_eq!(count("svg.board .cell"), 37);
    assert_eq!(count("svg.board.diabolical"), 1);
    assert_eq!(saved().record.options, "side=4 diabolical");
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
    storage().clear().unwrap();
}
