//! In headless Chromium (wasm-bindgen-test): a whole default game of Stacks (side 3) played
//! through the real app, every other move by keys and the rest by clicks, after the keyboard
//! moves over the hexagons; the board is checked against the game after every move. (The
//! Diabolical game on the side-4 board is in `browser_stacks.rs`.)
#![cfg(target_arch = "wasm32")]

mod browser_support;
mod stacks_support;

use stacks_support::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn default_game_by_clicks_and_keys() {
    db_clear().await;
    go("#/").await;
    let app = mount().await;
    start_game(None, false).await;
    assert_eq!(count("svg.board .cell"), 19);
    assert_eq!(count("svg.board.diabolical"), 0);
    assert_eq!(saved().await.record.options, "side=3");

    // One cell is in the tab order; the arrow keys move it over the hexagons.
    assert_eq!(count("svg.board .cell[tabindex='0']"), 1);
    let a2 = wait_for("svg.board .cell[tabindex='0']").await;
    assert_eq!(a2.get_attribute("data-cell").as_deref(), Some("a2"));
    for (k, want) in [
        ("ArrowUp", "b2"),
        ("ArrowLeft", "b1"),
        ("ArrowDown", "a1"),
        ("ArrowRight", "a2"),
    ] {
        let here = wait_for("svg.board .cell[tabindex='0']").await;
        key(&here, k);
        sleep(10).await;
        let now = wait_for("svg.board .cell[tabindex='0']").await;
        assert_eq!(now.get_attribute("data-cell").as_deref(), Some(want), "{k}");
    }

    // The reserve by keyboard, then Escape: nothing is highlighted any more.
    let reserve = wait_for("svg.board .zone[data-zone='reserve-L']").await;
    assert_eq!(reserve.get_attribute("tabindex").as_deref(), Some("0"));
    key(&reserve, "Enter");
    wait_for("svg.board .cell.target[data-cell='a1']").await;
    assert_eq!(count("svg.board .cell.target"), 3);
    key(&reserve, "Escape");
    sleep(10).await;
    assert_eq!(count("svg.board .cell.target"), 0);

    // Every other move by keys, the rest by clicks.
    let (moves, _passes, _early) = play_to_the_end(2).await;
    assert!(moves > 30, "{moves} moves");
    let over = wait_for(".game-over").await;
    let result = over.text_content().unwrap_or_default();
    assert!(result.contains("wins"), "{result}");

    // Any stack can still be picked to see it whole, top to bottom.
    if let Some(stack) = find("svg.board .cell.stack") {
        let name = stack.get_attribute("data-cell").unwrap();
        click(&stack);
        let list = wait_for(".stacks-list").await;
        assert_eq!(
            list.get_attribute("aria-label"),
            Some(format!("Stack on {name}, top to bottom"))
        );
    }
    unmount(app);
    db_clear().await;
}
