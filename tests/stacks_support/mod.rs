//! What the Stacks browser tests share (beside `browser_support`, which they also declare):
//! reading the stored game, checking the board against a position, a greedy player, and playing a whole
//! game on the page as a person would (the reserve or a stack, the group size, the highlighted
//! cell or the "off" box, or the pass button), by clicks or by keys.
#![allow(dead_code)]

pub use crate::browser_support::*;

use stackplay::core::Game;
use stackplay::games::stacks::{
    cells, near_row, row_count, Cell, Colour, Dest, Stacks, StacksMove,
};
use stackplay::storage::SavedGame;
use wasm_bindgen::JsCast;
use web_sys::Element;

pub fn panel_text() -> String {
    find(".stacks-panel")
        .and_then(|p| p.text_content())
        .unwrap_or_default()
}

/// The stored game's entry, as text.
pub async fn stored_text() -> String {
    sleep(20).await;
    let all = db_all(stackplay::storage::idb::GAMES).await;
    all.into_iter().next().expect("the game is saved").1
}

/// The game as stored (parsing it replays and checks every move).
pub async fn saved() -> SavedGame {
    SavedGame::parse(&stored_text().await).unwrap()
}

/// The stored moves, read without replaying them.
pub async fn stored_moves() -> Vec<String> {
    let entry: serde_json::Value = serde_json::from_str(&stored_text().await).unwrap();
    entry["record"]["moves"]
        .as_array()
        .expect("a record with moves")
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// The stored game replayed to its last move.
pub async fn stored_game() -> Stacks {
    let saved = saved().await;
    let position = saved.record.replay(saved.record.moves.len()).unwrap();
    position
        .as_any()
        .downcast_ref::<Stacks>()
        .expect("a Stacks game")
        .clone()
}

/// A stack in the words the board's labels use.
pub use stackplay::games::stacks::stack_words;

/// Checks that the board draws `game`: every cell's stack (its label and its bands), both
/// reserves and pieces off, the player to move and the moves left.
pub fn check_board(game: &Stacks) {
    let side = game.side();
    let board = find("svg.board").expect("a board");
    for c in cells(side) {
        let cell = find(&format!("svg.board .cell[data-cell='{c}']"))
            .unwrap_or_else(|| panic!("no cell {c}"));
        let label = cell.get_attribute("aria-label").unwrap_or_default();
        let stack = game.stack(c);
        assert!(
            label.contains(&format!(": {}", stack_words(stack))),
            "{c}: {label} is not {:?}",
            stack
        );
        let bands = cell.query_selector_all(".pile .piece").unwrap().length() as usize;
        // At most five bands: a taller stack shows its top four over three dots (pieces fading
        // out after leaving the board are drawn outside the pile).
        let shown = if stack.len() > 5 { 4 } else { stack.len() };
        assert_eq!(bands, shown, "{c}: bands drawn");
        let top = cell
            .query_selector_all(".pile .piece")
            .unwrap()
            .item(bands.saturating_sub(1) as u32)
            .and_then(|n| n.dyn_into::<Element>().ok());
        if let (Some(top), Some(&colour)) = (top, stack.last()) {
            let class = top.get_attribute("class").unwrap_or_default();
            let want = if colour == Colour::Light {
                "light"
            } else {
                "dark"
            };
            assert!(class.contains(want), "{c}: top band {class}, want {want}");
        }
    }
    for (seat, letter) in [(0, 'L'), (1, 'D')] {
        let number = |zone: &str| {
            find(&format!(
                "svg.board [data-zone='{zone}-{letter}'] .zone-number"
            ))
            .and_then(|e| e.text_content())
            .unwrap_or_default()
        };
        assert_eq!(
            number("reserve"),
            game.reserve(seat).to_string(),
            "{letter} reserve"
        );
        assert_eq!(number("off"), game.off(seat).to_string(), "{letter} off");
    }
    let to_move = board.get_attribute("data-to-move");
    match Game::to_move(game) {
        Some(seat) => {
            assert_eq!(
                to_move.as_deref(),
                Some(Colour::of_seat(seat).letter_str()),
                "the player to move"
            );
            assert_eq!(
                board.get_attribute("data-moves-left"),
                Some(game.moves_left().to_string()),
                "the moves left"
            );
        }
        None => assert_eq!(to_move, None, "nobody is to move at the end"),
    }
}

/// How far `seat` has got: each piece on the board counts the rows it has come, plus one;
/// each piece off counts two more than the board has rows.
pub fn progress(game: &Stacks, seat: usize) -> i64 {
    let side = game.side();
    let colour = Colour::of_seat(seat);
    let mut total = i64::from(game.off(seat)) * (i64::from(row_count(side)) + 2);
    for c in cells(side) {
        let here = game.stack(c).iter().filter(|&&p| p == colour).count() as i64;
        total += here * ((i64::from(c.row) - i64::from(near_row(side, seat))).abs() + 1);
    }
    total
}

/// The legal move that leaves the mover furthest ahead of the opponent (a win first).
pub fn greedy(game: &Stacks) -> StacksMove {
    let seat = game.turn();
    let mut best: Option<(i64, StacksMove)> = None;
    for mv in Game::legal_moves(game) {
        let mut after = game.clone();
        after.play(&mv).unwrap();
        let value = if after.winner() == Some(seat) {
            i64::MAX
        } else {
            progress(&after, seat) - progress(&after, 1 - seat)
        };
        if best.as_ref().is_none_or(|b| value > b.0) {
            best = Some((value, mv));
        }
    }
    best.expect("a legal move").1
}

/// Presses `el` with a click, or with the Enter key.
pub fn press(el: &Element, by_keys: bool) {
    if by_keys {
        key(el, "Enter");
    } else {
        click(el);
    }
}

/// Presses what `selector` matches until `expect` matches (the page may still have been
/// settling), and returns what `expect` matched.
pub async fn press_until(selector: &str, by_keys: bool, expect: &str) -> Element {
    for _ in 0..5 {
        press(&wait_for(selector).await, by_keys);
        // The page draws the answer first: an element found before would be the old drawing.
        for attempt in 0..100 {
            pause(attempt).await;
            if let Some(el) = find(expect) {
                return el;
            }
        }
    }
    panic!(
        "pressing {selector} never showed {expect}; panel: {}",
        panel_text()
    );
}

pub fn cell_selector(c: Cell) -> String {
    format!("svg.board .cell[data-cell='{c}']")
}

/// Makes `mv` in `game` on the page for `mover`, by clicks or by keys, as a person would.
pub async fn make_move(game: &Stacks, mv: StacksMove, mover: Colour, by_keys: bool) {
    match mv {
        StacksMove::Pass => {
            let button = wait_for("#stacks-pass").await;
            assert_eq!(
                button.text_content().unwrap_or_default(),
                "No legal step: you must pass"
            );
            assert_eq!(
                count("svg.board .cell.movable"),
                0,
                "nothing else is offered"
            );
            click(&button);
        }
        StacksMove::Enter(c) => {
            let zone = format!(
                "svg.board .zone.reserve.movable[data-zone='reserve-{}']",
                mover.letter()
            );
            let target = press_until(
                &zone,
                by_keys,
                &format!("svg.board .cell.target[data-cell='{c}']"),
            )
            .await;
            let label = target.get_attribute("aria-label").unwrap_or_default();
            assert!(label.contains("Enter a piece here"), "{label}");
            press(&target, by_keys);
        }
        StacksMove::Move { from, to, count } => {
            let cell = press_until(
                &format!("svg.board .cell.movable[data-cell='{from}']"),
                by_keys,
                &format!("svg.board .cell.selected[data-cell='{from}']"),
            )
            .await;
            if count > 1 {
                let button = format!(".stacks-count button[data-count='{count}']");
                if by_keys && count <= 9 {
                    key(&cell, &count.to_string());
                } else if count <= 3 {
                    // Tapping the picked stack again takes one more piece each time.
                    for k in 2..=count {
                        click(&cell);
                        wait_for(&format!(
                            ".stacks-count button[data-count='{k}'][aria-pressed='true']"
                        ))
                        .await;
                    }
                } else {
                    click(&wait_for(&button).await);
                }
                wait_for(&format!("{button}[aria-pressed='true']")).await;
                let group = find("svg.board .tag.group text")
                    .and_then(|t| t.text_content())
                    .unwrap_or_default();
                assert_eq!(
                    group,
                    format!("×{count}"),
                    "the group size shows on the stack"
                );
                // The group picked is raised on the board (as much of it as is drawn).
                let height = game.stack(from).len();
                let shown = if height > 5 { 4 } else { height };
                let lifted = usize::from(count).min(shown);
                for attempt in 0..500 {
                    if find_all(&format!("{} .piece.lifted", cell_selector(from))).len() == lifted {
                        break;
                    }
                    pause(attempt).await;
                }
            }
            let target = match to {
                Dest::Cell(t) => {
                    wait_for(&format!("svg.board .cell.target[data-cell='{t}']")).await
                }
                Dest::Off => {
                    wait_for(&format!(
                        "svg.board .zone.off.target[data-zone='off-{}']",
                        mover.letter()
                    ))
                    .await
                }
            };
            press(&target, by_keys);
        }
    }
}

/// Plays the game on the page to its end; returns (moves, passes, turns ended early).
pub async fn play_to_the_end(by_keys_every: usize) -> (usize, usize, usize) {
    // The game is followed here move by move; the stored game is compared with it now and
    // then (replaying a stored game every move would slow the test down more and more).
    let mut game = stored_game().await;
    let mut moves = stored_moves().await.len();
    let (mut passes, mut early) = (0, 0);
    loop {
        check_board(&game);
        if moves.is_multiple_of(20) {
            assert_eq!(
                stored_game().await,
                game,
                "the stored game after {moves} moves"
            );
        }
        if Game::outcome(&game).is_some() {
            break;
        }
        assert!(moves < 600, "the game is too long");
        let mv = greedy(&game);
        let mover = Colour::of_seat(game.turn());
        let by_keys = by_keys_every > 0 && moves % by_keys_every == 1;
        let before = stored_text().await;
        make_move(&game, mv, mover, by_keys).await;
        // The page plays the move and saves it.
        for attempt in 0..2500 {
            if stored_text().await != before {
                break;
            }
            pause(attempt).await;
        }
        let stored = stored_moves().await;
        assert_eq!(stored.len(), moves + 1, "the move was not played: {mv}");
        assert_eq!(stored[moves], mv.to_string());
        moves += 1;
        let mut after = game.clone();
        after.play(&mv).unwrap();
        // What happened is said in words.
        wait_for(".stacks-note").await;
        let note = panel_text();
        if mv == StacksMove::Pass {
            passes += 1;
            assert!(
                note.contains(&format!(
                    "{} had no legal step at all and passed",
                    mover.name()
                )),
                "{note}"
            );
        } else if Game::outcome(&after).is_none()
            && after.turn() != game.turn()
            && game.moves_left() > game.cost(&mv).unwrap_or(0)
        {
            early += 1;
            assert!(
                note.contains(&format!(
                    "{}'s turn ended after one move: no one-move step was left",
                    mover.name()
                )),
                "{note}"
            );
            assert_eq!(count(".stacks-note.early"), 1);
        } else {
            assert_eq!(count(".stacks-note.early"), 0, "{note}");
        }
        game = after;
    }
    assert_eq!(stored_game().await, game, "the stored game at the end");
    (moves, passes, early)
}

/// Opens the new-game form for Stacks, sets the board side and the variant, and starts.
pub async fn start_game(side: Option<&str>, diabolical: bool) {
    go("#/new/stacks").await;
    wait_for("#start-game").await;
    if let Some(side) = side {
        let select: web_sys::HtmlSelectElement = wait_for("#option-side").await.dyn_into().unwrap();
        select.set_value(side);
        change(&select);
        sleep(20).await;
    }
    if diabolical {
        let input: web_sys::HtmlInputElement =
            wait_for("#option-diabolical").await.dyn_into().unwrap();
        input.set_checked(true);
        change(&input);
        sleep(20).await;
    }
    let start: web_sys::HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();
    wait_for("svg.board .cell").await;
    // Let the new game's page settle before the first move.
    sleep(100).await;
}
