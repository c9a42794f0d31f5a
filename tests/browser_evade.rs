//! In headless Chromium (wasm-bindgen-test): a whole game of Evade played through the real
//! app by clicks (a random and a manual secret setup, hand-off screens, a peek, steps until the
//! game ends), checking at every turn that the board shows exactly the values the masked
//! position of the seat holding the device shows, and that at the end every coin is face up;
//! and the setup and a step by keyboard alone.
#![cfg(target_arch = "wasm32")]

use stackplay::core::Viewer;
use stackplay::games::evade::{goal_row, Evade, Square};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod browser_support;

use browser_support::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Waits for the play page to settle on either the hand-off screen or the board; if the
/// device must be handed over, checks that no board is shown and says "I hold it".
/// Returns whether there was a hand-off.
async fn hand_over_if_asked() -> bool {
    for _ in 0..250 {
        if let Some(ready) = find("#handoff-ready") {
            assert_eq!(
                count("svg.board"),
                0,
                "the hand-off screen must hide the board"
            );
            assert_eq!(count(".coin"), 0, "the hand-off screen shows no coin");
            click(&ready);
            wait_for("svg.evade-board").await;
            sleep(20).await;
            return true;
        }
        if find("svg.evade-board").is_some() {
            sleep(20).await;
            // The page may still be switching to the hand-off screen.
            if find("#handoff-ready").is_none() {
                return false;
            }
        } else {
            sleep(20).await;
        }
    }
    panic!("neither a board nor a hand-off screen: {}", body_text());
}

/// The game as stored (every move), replayed.
async fn stored_game() -> Evade {
    let saved = stored_saved().await;
    let position = saved.record.replay(saved.cursor).unwrap();
    position
        .as_any()
        .downcast_ref::<Evade>()
        .expect("an Evade game")
        .clone()
}

/// The whole position as the seat holding the device may see it (everyone once it is over).
fn masked(game: &Evade) -> (Evade, Viewer) {
    use stackplay::core::Game;
    let viewer = match game.to_move() {
        Some(seat) => Viewer::Seat(seat),
        None => Viewer::Everyone,
    };
    (game.view(viewer), viewer)
}

/// Checks, square by square, that the board draws exactly the coins of the masked position,
/// with a value exactly where the masked position has one (and no value word anywhere else).
fn check_board_against(masked: &Evade) {
    for sq in Square::all() {
        let name = sq.to_string();
        let cell = find(&format!("svg.board .cell[data-square='{name}']"))
            .unwrap_or_else(|| panic!("no cell {name}"));
        let label = cell.get_attribute("aria-label").unwrap_or_default();
        let drawn = find_all(&format!("svg.board .cell[data-square='{name}'] g.coin"));
        let coins = masked.coins_at(sq);
        assert_eq!(drawn.len(), coins.len(), "{name}: coins drawn ({label})");
        for (el, coin) in drawn.iter().zip(&coins) {
            let class = el.get_attribute("class").unwrap_or_default();
            let side = if coin.owner == 0 { "suns" } else { "moons" };
            assert!(class.contains(side), "{name}: {class} is not {side}");
            let shown = el.get_attribute("data-value");
            let text = el.text_content().unwrap_or_default();
            match coin.value {
                Some(v) => {
                    assert_eq!(
                        shown.as_deref(),
                        Some(v.letter().to_string().as_str()),
                        "{name}: the value the viewer may see is not shown"
                    );
                }
                None => {
                    assert_eq!(shown, None, "{name}: a hidden value is shown ({label})");
                    assert!(text.trim().is_empty(), "{name}: hidden coin shows {text:?}");
                    assert!(class.contains("face-down"), "{name}: {class}");
                }
            }
        }
        if coins.iter().all(|c| c.value.is_none()) {
            assert!(
                !label.contains("face up") && !label.contains("you know"),
                "{name}: the label tells a hidden value: {label}"
            );
        }
    }
    let panel = find(".board-panel")
        .and_then(|p| p.text_content())
        .unwrap_or_default();
    if masked.coins().all(|c| c.value.is_none()) {
        assert!(
            !panel.contains("it is the"),
            "the panel tells a value: {panel}"
        );
    }
}

/// Picks a coin of the seat to move that can step, preferring the step that goes furthest
/// towards its goal row, and plays it by two clicks. Returns false when no coin can step.
async fn step_by_clicks(seat: usize) -> bool {
    let side = if seat == 0 { "suns" } else { "moons" };
    let goal = goal_row(seat);
    // This seat's lone coins (a coin of a frozen pair never moves).
    let squares: Vec<String> = find_all("svg.board .cell.has-coin")
        .iter()
        .filter(|c| c.query_selector(".pair").unwrap().is_none())
        .filter(|c| {
            c.query_selector(&format!(".coin.{side}"))
                .unwrap()
                .is_some()
        })
        .filter_map(|c| c.get_attribute("data-square"))
        .collect();
    let mut best: Option<(i32, String, String)> = None;
    for from in &squares {
        let cell = wait_for(&format!("svg.board .cell[data-square='{from}']")).await;
        click(&cell);
        sleep(25).await;
        for target in find_all("svg.board .cell.target") {
            let to = target.get_attribute("data-square").unwrap();
            let label = target.get_attribute("aria-label").unwrap();
            assert!(label.contains("Move here"), "{label}");
            if target
                .get_attribute("class")
                .unwrap()
                .contains("freeze-target")
            {
                assert!(label.contains("freezes both coins"), "{label}");
            }
            let to_sq: Square = to.parse().unwrap();
            let from_sq: Square = from.parse().unwrap();
            let gain = (goal - from_sq.rank()).abs() - (goal - to_sq.rank()).abs();
            if best.as_ref().is_none_or(|b| gain > b.0) {
                best = Some((gain, from.clone(), to));
            }
        }
        // Pick the same coin again: the selection is cleared.
        click(&cell);
        sleep(20).await;
        assert_eq!(count("svg.board .cell.target"), 0, "picking again cancels");
    }
    let Some((_, from, to)) = best else {
        return false;
    };
    click(&wait_for(&format!("svg.board .cell[data-square='{from}']")).await);
    sleep(25).await;
    click(&wait_for(&format!("svg.board .cell.target[data-square='{to}']")).await);
    sleep(40).await;
    true
}

#[wasm_bindgen_test]
async fn a_whole_game_by_clicks() {
    db_clear().await;
    go("#/new/evade").await;
    let app = mount().await;
    let start: web_sys::HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();

    // Suns set up first, in secret: a random arrangement, looked at, then confirmed.
    assert!(hand_over_if_asked().await, "seat 1 gets a hand-off screen");
    wait_for("#evade-random").await;
    // No share link while secrets are at stake, and the page says why.
    assert!(wait_for("#share-link").await.has_attribute("disabled"));
    assert!(body_text().contains("No share link while this game is played"));
    assert!(body_text().contains("Set up your coins in secret"));
    assert_eq!(count("svg.board g.coin"), 0, "no coin is on the board yet");
    let done = wait_for("#evade-setup").await;
    assert!(done.has_attribute("disabled"), "Set up waits for six coins");
    click(&wait_for("#evade-random").await);
    sleep(40).await;
    assert_eq!(count("svg.board .cell.slot g.coin"), 6, "the row is filled");
    assert!(!wait_for("#evade-setup").await.has_attribute("disabled"));
    click(&wait_for("#evade-setup").await);
    sleep(60).await;

    // Moons: after the hand-off, Suns' six coins are face down with no value.
    assert!(hand_over_if_asked().await, "seat 2 gets a hand-off screen");
    wait_for("#evade-random").await;
    assert_eq!(count("svg.board g.coin.suns.face-down"), 6);
    assert_eq!(count("svg.board g.coin[data-value]"), 0);
    check_board_against(&masked(&stored_game().await).0);

    // A manual arrangement by clicks: value then square, square then value, and a swap.
    let order = [
        ("5", "a6"),
        ("4", "b6"),
        ("a", "c6"),
        ("n", "d6"),
        ("2", "e6"),
    ];
    for (value, square) in order {
        click(&wait_for(&format!(".evade-tray button[data-value='{value}']")).await);
        sleep(20).await;
        click(&wait_for(&format!("svg.board .cell[data-square='{square}']")).await);
        sleep(20).await;
    }
    assert!(wait_for("#evade-setup").await.has_attribute("disabled"));
    click(&wait_for("svg.board .cell[data-square='f6']").await);
    sleep(20).await;
    click(&wait_for(".evade-tray button[data-value='3']").await);
    sleep(20).await;
    // Swap c6 (ace) and f6 (3).
    click(&wait_for("svg.board .cell[data-square='c6']").await);
    sleep(20).await;
    click(&wait_for("svg.board .cell[data-square='f6']").await);
    sleep(30).await;
    assert!(
        body_text().contains("c6 3, d6 blank, e6 2, f6 ace"),
        "{}",
        body_text()
    );
    click(&wait_for("#evade-setup").await);
    sleep(60).await;

    // The game: a hand-off before every turn; the board never shows more than the masked
    // position of the seat holding the device.
    let mut peeked = false;
    let mut offered = false;
    let mut declined = false;
    let mut steps = 0;
    loop {
        hand_over_if_asked().await;
        let game = stored_game().await;
        let (view, viewer) = masked(&game);
        check_board_against(&view);
        if game.end().is_some() {
            break;
        }
        let Viewer::Seat(seat) = viewer else {
            unreachable!()
        };
        // The first draw offer is declined, a later one accepted.
        if let Some(decline) = find("#evade-decline").filter(|_| !declined) {
            assert!(
                body_text().contains("Moons offer a draw"),
                "{}",
                body_text()
            );
            click(&decline);
            sleep(60).await;
            declined = true;
            continue;
        }
        if let Some(accept) = find("#evade-accept") {
            click(&accept);
            sleep(60).await;
            continue;
        }
        // Moons offer a draw on their first turn; once declined, they go on with it.
        if seat == 1 && !offered {
            click(&wait_for("#evade-offer").await);
            sleep(60).await;
            offered = true;
            continue;
        }
        if offered && seat == 1 && steps == 1 {
            let text = body_text();
            assert!(text.contains("Your draw offer was declined"), "{text}");
            assert_eq!(count("#evade-offer"), 0, "one offer a turn");
        }
        if steps >= 200 {
            // Long enough: offer a draw (the opponent accepts after the hand-off).
            click(&wait_for("#evade-offer").await);
            sleep(60).await;
            continue;
        }
        // Once, Suns peek at a coin first: its value shows to them alone.
        if !peeked && seat == 0 && steps >= 4 && game.can_peek() {
            let own = find_all("svg.board .cell.has-coin .coin.suns");
            let cell = own[0].closest(".cell").unwrap().unwrap();
            let square = cell.get_attribute("data-square").unwrap();
            click(&cell);
            sleep(25).await;
            click(&wait_for("#evade-peek").await);
            sleep(60).await;
            assert!(
                find("#handoff-ready").is_none(),
                "a peek keeps the device with the same player"
            );
            let text = body_text();
            assert!(
                text.contains(&format!("You peeked at {square}: it is the")),
                "{text}"
            );
            assert!(text.contains("You may not freeze this turn"), "{text}");
            assert_eq!(
                count("svg.board .coin.suns.known"),
                1,
                "only the peeked coin shows its value to its owner"
            );
            assert_eq!(count(".cell.peeked"), 1);
            check_board_against(&masked(&stored_game().await).0);
            peeked = true;
        }
        if let Some(pass) = find("#evade-pass") {
            click(&pass);
        } else {
            assert!(step_by_clicks(seat).await, "a coin can step");
        }
        sleep(40).await;
        steps += 1;
    }

    // The end: every coin face up, with its value, for everyone; no hand-off.
    assert!(body_text().contains("Game over"), "{}", body_text());
    assert_eq!(count("#handoff-ready"), 0);
    assert_eq!(count("svg.board g.coin"), 12);
    assert_eq!(count("svg.board g.coin.face-up[data-value]"), 12);
    assert_eq!(count("svg.board g.coin.face-down"), 0);
    assert!(peeked || steps < 5, "the game had a peek");
    assert!(declined, "a draw offer was declined");
    // Over: nothing is secret any more, and the link is offered again.
    assert!(!wait_for("#share-link").await.has_attribute("disabled"));
    assert_eq!(count("#no-link"), 0);
    unmount(app);
    db_clear().await;
}

#[wasm_bindgen_test]
async fn setup_and_a_step_by_keyboard() {
    db_clear().await;
    go("#/new/evade").await;
    let app = mount().await;
    let start: web_sys::HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();
    hand_over_if_asked().await;
    wait_for("#evade-random").await;

    // One square is in the tab order; arrow keys move along row 1; letters put coins there.
    assert_eq!(count("svg.board .cell[tabindex='0']"), 1);
    let mut cell = wait_for("svg.board .cell[data-square='c1']").await;
    assert_eq!(cell.get_attribute("tabindex").as_deref(), Some("0"));
    for _ in 0..2 {
        key(&cell, "ArrowLeft");
        sleep(30).await;
        cell = wait_for("svg.board .cell[tabindex='0']").await;
    }
    assert_eq!(cell.get_attribute("data-square").as_deref(), Some("a1"));
    for value in ["n", "a", "2", "3", "4", "5"] {
        let here = cell.get_attribute("data-square").unwrap();
        key(&cell, value);
        sleep(30).await;
        let label = wait_for(&format!("svg.board .cell[data-square='{here}']"))
            .await
            .get_attribute("aria-label")
            .unwrap();
        assert!(label.contains("being set up"), "{label}");
        key(&cell, "ArrowRight");
        sleep(30).await;
        cell = wait_for("svg.board .cell[tabindex='0']").await;
    }
    let done: web_sys::HtmlElement = wait_for("#evade-setup").await.dyn_into().unwrap();
    assert!(!done.has_attribute("disabled"));
    done.click();
    sleep(60).await;
    hand_over_if_asked().await;
    let random: web_sys::HtmlElement = wait_for("#evade-random").await.dyn_into().unwrap();
    random.click();
    sleep(30).await;
    let done: web_sys::HtmlElement = wait_for("#evade-setup").await.dyn_into().unwrap();
    done.click();
    sleep(60).await;
    hand_over_if_asked().await;

    // Suns move b1 to b2 by keyboard: Enter on the coin, Escape cancels, Enter again, then
    // Up and Enter on the target.
    let b1 = wait_for("svg.board .cell[data-square='b1']").await;
    key(&b1, "Enter");
    sleep(30).await;
    assert_eq!(b1.get_attribute("aria-pressed").as_deref(), Some("true"));
    assert_eq!(count("svg.board .cell.target"), 3);
    key(&b1, "Escape");
    sleep(30).await;
    assert_eq!(count("svg.board .cell.target"), 0);
    key(&b1, "Enter");
    sleep(30).await;
    key(&b1, "ArrowUp");
    sleep(30).await;
    let b2 = wait_for("svg.board .cell[tabindex='0']").await;
    assert_eq!(b2.get_attribute("data-square").as_deref(), Some("b2"));
    assert!(b2
        .get_attribute("aria-label")
        .unwrap()
        .contains("Move here"));
    key(&b2, "Enter");
    sleep(60).await;
    assert!(hand_over_if_asked().await, "Moons get the device");
    // The move list reads the step in words, its notation as the entry's title.
    assert!(
        find_all(".moves li button").iter().any(|b| {
            b.get_attribute("title").as_deref() == Some("b1-b2")
                && b.text_content()
                    .is_some_and(|t| t.ends_with("Suns move b1 to b2"))
        }),
        "{}",
        body_text()
    );
    assert!(
        wait_for("svg.board .cell[data-square='b2']")
            .await
            .get_attribute("class")
            .unwrap()
            .contains("last"),
        "the last move is marked"
    );
    unmount(app);
    db_clear().await;
}

#[wasm_bindgen_test]
async fn show_me_my_own_coins() {
    db_clear().await;
    go("#/new/evade").await;
    let app = mount().await;
    let own: web_sys::HtmlInputElement = wait_for("#option-own").await.dyn_into().unwrap();
    own.click();
    sleep(40).await;
    assert!(own.checked());
    let start: web_sys::HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();
    for _ in 0..2 {
        hand_over_if_asked().await;
        click(&wait_for("#evade-random").await);
        sleep(30).await;
        click(&wait_for("#evade-setup").await);
        sleep(60).await;
    }
    // Each player sees their own six values on their turn, never the opponent's; nobody peeks.
    for seat in 0..2 {
        assert!(hand_over_if_asked().await, "a hand-off before each turn");
        let (mine, theirs) = if seat == 0 {
            ("suns", "moons")
        } else {
            ("moons", "suns")
        };
        assert_eq!(
            count(&format!("svg.board g.coin.{mine}.known[data-value]")),
            6
        );
        assert_eq!(count(&format!("svg.board g.coin.{theirs}[data-value]")), 0);
        check_board_against(&masked(&stored_game().await).0);
        let cell = find_all(&format!("svg.board .cell.has-coin .coin.{mine}"))[0]
            .closest(".cell")
            .unwrap()
            .unwrap();
        click(&cell);
        sleep(30).await;
        assert_eq!(count("#evade-peek"), 0, "no peeking with own coins shown");
        click(&wait_for("#evade-cancel").await);
        sleep(30).await;
        assert!(step_by_clicks(seat).await);
        sleep(40).await;
    }
    unmount(app);
    db_clear().await;
}

/// The page's stylesheet, with its narrow-screen rules on and the app 390 px wide: the layout
/// of a 390x844 phone. Returns the style element, to remove at the end.
fn phone_layout() -> web_sys::Element {
    let css = include_str!("../static/style.css")
        .replace("@media (max-width: 760px)", "@media all")
        .replace(
            "@media (max-width: 1000px) and (orientation: portrait)",
            "@media all",
        );
    let style = document().create_element("style").unwrap();
    style.set_text_content(Some(&css));
    document().head().unwrap().append_child(&style).unwrap();
    find("#app-under-test")
        .unwrap()
        .set_attribute("style", "width: 390px")
        .unwrap();
    style
}

/// How far below the top of the board the bottom of `selector` is, in CSS pixels.
fn below_board_top(selector: &str) -> f64 {
    let board = find("svg.board").unwrap().get_bounding_client_rect();
    let el = find(selector)
        .unwrap_or_else(|| panic!("no {selector}"))
        .get_bounding_client_rect();
    el.bottom() - board.top()
}

#[wasm_bindgen_test]
async fn on_a_phone_the_tray_and_buttons_are_right_under_the_board() {
    db_clear().await;
    go("#/new/evade").await;
    let app = mount().await;
    let style = phone_layout();
    // The option's checkbox sits beside its label.
    let own = wait_for("#option-own").await;
    let label = wait_for("label[for='option-own']").await;
    let gap = own.get_bounding_client_rect().left() - label.get_bounding_client_rect().right();
    console_log!("checkbox {gap} px from its label");
    assert!(
        (0.0..20.0).contains(&gap),
        "checkbox {gap} px from its label"
    );
    click(&own);
    sleep(40).await;
    click(&wait_for("#start-game").await);

    // Suns' secret setup: the tray and its buttons end within 700 px of the board's top,
    // with a refusal shown too.
    hand_over_if_asked().await;
    wait_for("#evade-random").await;
    let board = find("svg.board").unwrap().get_bounding_client_rect();
    assert!(
        board.height() > 360.0,
        "the board is {} px tall",
        board.height()
    );
    click(&wait_for("svg.board .cell[data-square='c3']").await);
    sleep(30).await;
    assert!(
        body_text().contains("Your coins start on row 1"),
        "{}",
        body_text()
    );
    click(&wait_for(".evade-tray button[data-value='a']").await);
    sleep(30).await;
    for what in [".evade-tray", "#evade-setup"] {
        let end = below_board_top(what);
        console_log!("phone: {what} ends {end} px below the board's top");
        assert!(end <= 700.0, "{what} ends {end} px below the board's top");
    }
    click(&wait_for("#evade-random").await);
    sleep(30).await;
    click(&wait_for("#evade-setup").await);
    sleep(60).await;
    hand_over_if_asked().await;
    click(&wait_for("#evade-random").await);
    sleep(30).await;
    click(&wait_for("#evade-setup").await);
    sleep(60).await;

    // Suns' turn, own coins shown: the blank's tag holds its word.
    hand_over_if_asked().await;
    let blank = wait_for("svg.board g.coin.suns.known[data-value='n'] .known-badge").await;
    let tag = blank.query_selector("rect").unwrap().unwrap();
    let word = blank.query_selector("text").unwrap().unwrap();
    let (tag, word) = (
        tag.get_bounding_client_rect(),
        word.get_bounding_client_rect(),
    );
    assert!(
        word.left() >= tag.left() && word.right() <= tag.right(),
        "the word ({}..{}) runs out of its tag ({}..{})",
        word.left(),
        word.right(),
        tag.left(),
        tag.right()
    );
    // A coin picked: its buttons end within 700 px of the board's top too.
    click(&wait_for("svg.board .cell[data-square='b1']").await);
    sleep(30).await;
    assert_eq!(count("svg.board .cell.target"), 3);
    let end = below_board_top(".evade-panel .buttons");
    console_log!("phone: the buttons end {end} px below the board's top");
    assert!(
        end <= 700.0,
        "the buttons end {end} px below the board's top"
    );
    style.remove();
    unmount(app);
    db_clear().await;
}
