//! In headless Chromium (wasm-bindgen-test): the real app mounted in the page, driven by
//! clicks, with its real database (IndexedDB).
#![cfg(target_arch = "wasm32")]

use stackplay::record::{GameRecord, PlayerInfo};
use stackplay::storage::store::Store;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

mod browser_support;

use browser_support::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn play_save_restore_corrupt_and_share() {
    db_clear().await;
    go("#/").await;
    let app = mount().await;
    wait_for(".game-card").await;
    assert!(body_text().contains("Stack Control"));

    // Start a two-player game.
    go("#/new/stack-control").await;
    let start: HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();
    wait_for("svg.board").await;
    assert_eq!(count("svg.board .cell"), 64);
    assert_eq!(count("svg.board polygon"), 60);
    assert!(body_text().contains("Player 2 to move"), "{}", body_text());

    // Click a stack, then a highlighted destination: the board changes and the game is saved.
    let before = board_labels();
    let mv = play_one_move().await;
    let after = board_labels();
    assert!(before != after, "the board did not change");
    assert_eq!(
        count("svg.board polygon"),
        60,
        "no capture is possible on move one"
    );
    assert!(body_text().contains("Player 1 to move"));
    sleep(40).await;
    let keys = saved_ids().await;
    assert_eq!(keys.len(), 1);
    let stored = db_get(&keys[0]).await.unwrap();
    assert!(
        stored.contains(&format!("\"{mv}\"")),
        "saved entry lacks {mv}: {stored}"
    );
    let hash = web_sys::window().unwrap().location().hash().unwrap();

    // Remount: the same game comes back with its move.
    unmount(app);
    let app = mount().await;
    wait_for("svg.board").await;
    assert_eq!(web_sys::window().unwrap().location().hash().unwrap(), hash);
    assert!(listed(&mv), "move list lost {mv}");
    assert!(body_text().contains("Player 1 to move"));
    let restored = board_labels();
    assert!(restored == after, "the restored board differs");

    // Undo and redo by keyboard.
    let undo = web_sys::KeyboardEventInit::new();
    undo.set_key("z");
    undo.set_ctrl_key(true);
    undo.set_bubbles(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &undo).unwrap();
    document().dispatch_event(&ev).unwrap();
    sleep(60).await;
    assert!(
        body_text().contains("Player 2 to move"),
        "Ctrl+Z did not undo"
    );
    undo.set_shift_key(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &undo).unwrap();
    document().dispatch_event(&ev).unwrap();
    sleep(60).await;
    assert!(
        body_text().contains("Player 1 to move"),
        "Ctrl+Shift+Z did not redo"
    );

    // Another tab plays a move in the same game: this tab follows instead of overwriting it.
    let other_tab = Store::open().await;
    sleep(40).await;
    let mut other = other_tab.load_line(&keys[0]).unwrap().0;
    let reply = other.record.replay(1).unwrap().legal_moves()[0].clone();
    other.push_move(reply.clone(), 1.0);
    other_tab.save(&other);
    // It arrives within a few ms; up to 5 s on a loaded machine.
    for _ in 0..100 {
        if listed(&reply) {
            break;
        }
        sleep(50).await;
    }
    assert!(listed(&reply), "the other tab's move {reply} did not show");
    assert!(body_text().contains("Player 2 to move"));
    // The other tab only steps back through the history: this board stays where it is.
    let mut stepped = other.clone();
    stepped.cursor = 0;
    other_tab.save(&stepped);
    sleep(100).await;
    assert!(
        !body_text().contains("Showing move"),
        "another tab's history view moved this board"
    );
    assert!(body_text().contains("Player 2 to move"));
    other_tab.save(&other);
    sleep(100).await;
    unmount(app);

    // A corrupt entry is set aside and reported; one from a newer version is reported and
    // left in place; a copy stored under another game's id is refused, not written through.
    let good = db_get(&keys[0]).await.unwrap();
    db_put("broken", "{not json").await;
    db_put("future", "{\"schema\":99}").await;
    db_put("copy", &good).await;
    go("#/play/copy").await;
    let app = mount().await;
    wait_for(".error").await;
    assert!(body_text().contains("cannot be opened"), "{}", body_text());
    assert!(db_get("copy").await.is_none());
    assert!(db_get(&keys[0]).await.unwrap() == good);
    unmount(app);
    go("#/").await;
    let app = mount().await;
    wait_for(".warning").await;
    let text = body_text();
    assert!(text.contains("could not be opened"), "{text}");
    assert!(text.contains("Saved entry broken: not readable"), "{text}");
    assert!(
        text.contains("Saved entry copy: its id does not match"),
        "{text}"
    );
    assert!(
        text.contains("Saved entry future: saved by a newer version"),
        "{text}"
    );
    assert_eq!(count(".saved"), 1, "the good game is still listed");
    assert_eq!(count(".aside"), 3);
    let aside = db_all(stackplay::storage::idb::ASIDE).await;
    assert!(
        aside
            .iter()
            .any(|(slot, value)| slot == "broken" && value.ends_with("\0{not json")),
        "the bad entry was kept as it was: {aside:?}"
    );
    assert!(
        db_get("future").await.is_some(),
        "the newer entry was left in place"
    );
    let link: HtmlElement = wait_for(".saved .continue").await.dyn_into().unwrap();
    link.click();
    wait_for("svg.board").await;
    assert!(listed(&mv));
    assert!(listed(&reply));
    unmount(app);
    db_delete("future").await;

    // A share link opens a copy; a damaged one gets a message.
    let players = vec![
        PlayerInfo {
            name: "Ann".into(),
            colour: "G".into(),
            computer: None,
        },
        PlayerInfo {
            name: "Ben".into(),
            colour: "K".into(),
            computer: None,
        },
    ];
    let mut record = GameRecord::new("stack-control", "colours=GK", 12345, players);
    let first = stackplay::registry::create("stack-control", "colours=GK", 12345)
        .unwrap()
        .legal_moves()[0]
        .clone();
    record.moves.push(first.clone());
    go(&format!("#/import/{}", record.to_link_payload())).await;
    let app = mount().await;
    wait_for("svg.board").await;
    let text = body_text();
    assert!(text.contains("Ann to move"), "{text}");
    assert!(listed(&first), "{text}");
    sleep(40).await;
    assert_eq!(saved_ids().await.len(), 2);
    unmount(app);

    go("#/import/not-a-record").await;
    let app = mount().await;
    wait_for(".error").await;
    assert!(body_text().contains("This link does not open a game"));
    sleep(40).await;
    assert_eq!(saved_ids().await.len(), 2);
    unmount(app);
    db_clear().await;
}

/// Whether the move list has move `mv`: in words, with its notation as the entry's title.
fn listed(mv: &str) -> bool {
    find_all(".moves li button").iter().any(|b| {
        b.get_attribute("title").as_deref() == Some(mv)
            && b.text_content()
                .is_some_and(|t| t.contains(" moves ") && !t.contains(mv))
    })
}

fn active_square() -> Option<String> {
    document()
        .active_element()
        .and_then(|e| e.get_attribute("data-square"))
}

#[wasm_bindgen_test]
async fn keyboard_only_play() {
    db_clear().await;
    go("#/new/stack-control").await;
    let app = mount().await;
    let start: HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();
    wait_for("svg.board").await;

    // Exactly one square is in the tab order; arrow keys move the focus across the board.
    assert_eq!(count("svg.board .cell[tabindex='0']"), 1);
    let d4 = wait_for("svg.board .cell[tabindex='0']").await;
    assert_eq!(d4.get_attribute("data-square").as_deref(), Some("d4"));
    key(&d4, "ArrowRight");
    sleep(40).await;
    assert_eq!(active_square().as_deref(), Some("e4"));
    let e4 = wait_for("svg.board .cell[data-square='e4']").await;
    assert_eq!(e4.get_attribute("tabindex").as_deref(), Some("0"));
    key(&e4, "ArrowUp");
    sleep(40).await;
    assert_eq!(active_square().as_deref(), Some("e5"));

    // On a flipped board the arrows go the way they point on the screen: up the screen is
    // down the board, right is left.
    let flip: HtmlElement = wait_for("#flip-board").await.dyn_into().unwrap();
    flip.click();
    wait_for(".play-layout.flipped").await;
    let e5 = wait_for("svg.board .cell[data-square='e5']").await;
    key(&e5, "ArrowUp");
    sleep(40).await;
    assert_eq!(active_square().as_deref(), Some("e4"), "flipped: ArrowUp");
    let e4 = wait_for("svg.board .cell[data-square='e4']").await;
    key(&e4, "ArrowRight");
    sleep(40).await;
    assert_eq!(
        active_square().as_deref(),
        Some("d4"),
        "flipped: ArrowRight"
    );
    let flip: HtmlElement = wait_for("#flip-board").await.dyn_into().unwrap();
    flip.click();
    sleep(60).await;
    assert_eq!(count(".play-layout.flipped"), 0);

    // Enter picks a stack and shows its landing squares; Escape cancels; Enter on a landing
    // square plays the move.
    let stacks = document()
        .query_selector_all("svg.board .cell.stack")
        .unwrap();
    let mut played = None;
    for i in 0..stacks.length() {
        let stack: Element = stacks.item(i).unwrap().dyn_into().unwrap();
        key(&stack, "Enter");
        sleep(30).await;
        if count("svg.board .cell.target") == 0 {
            continue;
        }
        assert_eq!(stack.get_attribute("aria-pressed").as_deref(), Some("true"));
        key(&stack, " ");
        sleep(30).await;
        assert_eq!(
            count("svg.board .cell.target"),
            0,
            "Space on the picked stack cancels"
        );
        key(&stack, "Enter");
        sleep(30).await;
        let target = wait_for("svg.board .cell.target").await;
        assert!(target
            .get_attribute("aria-label")
            .unwrap()
            .contains("Move here"));
        let from = stack.get_attribute("data-square").unwrap();
        let to = target.get_attribute("data-square").unwrap();
        key(&target, "Enter");
        sleep(60).await;
        played = Some(format!("{from}-{to}"));
        break;
    }
    let played = played.expect("no stack could move by keyboard");
    assert!(listed(&played));
    assert!(body_text().contains("Player 1 to move"));
    unmount(app);
    db_clear().await;
}

/// Sets a `<select>` and tells the page, as a person choosing an option would.
fn choose(select: &Element, value: &str) {
    let select: web_sys::HtmlSelectElement = select.clone().dyn_into().unwrap();
    select.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let ev = web_sys::Event::new_with_event_init_dict("change", &init).unwrap();
    select.dispatch_event(&ev).unwrap();
}

#[wasm_bindgen_test]
async fn five_players_and_a_colour_clash() {
    db_clear().await;
    go("#/new/stack-control").await;
    let app = mount().await;
    let count_select = wait_for("#player-count").await;
    choose(&count_select, "5");
    sleep(40).await;
    assert_eq!(count(".seat"), 5);

    // Seat 2 takes seat 1's colour: the game does not start and the page says why.
    let colours = document()
        .query_selector_all(".seat select:not(.played-by)")
        .unwrap();
    let seat2: Element = colours.item(1).unwrap().dyn_into().unwrap();
    choose(&seat2, "R");
    sleep(40).await;
    let start: HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();
    sleep(60).await;
    assert!(
        body_text().contains("Two players cannot both score red"),
        "{}",
        body_text()
    );
    sleep(40).await;
    assert!(saved_ids().await.is_empty());

    // Fixing it clears the message; the game starts with seat 5 to move.
    choose(&seat2, "B");
    sleep(40).await;
    assert!(!body_text().contains("cannot both score"));
    start.click();
    wait_for("svg.board").await;
    assert_eq!(count(".players .player"), 5);
    assert!(body_text().contains("Player 5 to move"), "{}", body_text());
    sleep(40).await;
    assert_eq!(saved_ids().await.len(), 1);
    unmount(app);
    db_clear().await;
}
