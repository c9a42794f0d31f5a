//! In headless Chromium: the saved games in the browser's database (IndexedDB) through the
//! store: two tabs saving at once, backups that never overwrite, your-move links, refused and
//! full writes, hostile names. (Real tabs racing, a full storage across reloads and the move
//! from localStorage are in tests/site/check-storage.mjs.)
#![cfg(target_arch = "wasm32")]

use stackplay::record::{GameRecord, PlayerInfo};
use stackplay::storage::meet::Backup;
use stackplay::storage::store::{Restored, Store};
use stackplay::storage::SaveError;
use stackplay::storage::SavedGame;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod browser_support;

use browser_support::*;

wasm_bindgen_test_configure!(run_in_browser);

fn record(names: [&str; 2]) -> GameRecord {
    let players = names
        .iter()
        .zip(["R", "B"])
        .map(|(name, colour)| PlayerInfo {
            name: name.to_string(),
            colour: colour.into(),
            computer: None,
        })
        .collect();
    GameRecord::new("stack-control", "colours=RB", 11, players)
}

/// Stores a new game under `id` directly (as another tab or an earlier visit would have).
async fn store(id: &str, record: GameRecord) -> SavedGame {
    let saved = SavedGame::new(id.into(), record, 1.0);
    db_put(id, &saved.to_json()).await;
    saved
}

/// The stored entry's text, as it is.
async fn stored_text(id: &str) -> Option<String> {
    db_get(id).await
}

async fn stored(id: &str) -> Option<SavedGame> {
    stored_text(id)
        .await
        .and_then(|t| SavedGame::parse(&t).ok())
}

/// A game stored under `id` alone, two tabs on it (two stores of this page, which hear each
/// other as tabs do), and its first moves.
async fn two_tabs_on(id: &str) -> (SavedGame, Store, Store, Vec<String>) {
    db_clear().await;
    let start = store(id, record(["Ann", "Ben"])).await;
    let (one, two) = (Store::open().await, Store::open().await);
    let moves = start.record.start().unwrap().legal_moves();
    (start, one, two, moves)
}

/// The moves stored under `id`.
async fn stored_moves(id: &str) -> Vec<String> {
    stored(id).await.unwrap().record.moves
}

/// The moves tab `tab` shows of game `id`.
fn shown_moves(tab: &Store, id: &str) -> Vec<String> {
    tab.load_line(id).unwrap().0.record.moves
}

/// Every stored game.
async fn stored_games() -> Vec<SavedGame> {
    db_all(stackplay::storage::idb::GAMES)
        .await
        .iter()
        .map(|(_, t)| SavedGame::parse(t).unwrap())
        .collect()
}

/// Makes every write to the database throw `err` (a privacy setting, a full storage), or
/// undoes it.
fn writes_throw(err: Option<&str>) {
    let body = match err {
        Some(name) => format!(
            "if (!IDBObjectStore.prototype.realPut) IDBObjectStore.prototype.realPut = IDBObjectStore.prototype.put; IDBObjectStore.prototype.put = function () {{ throw new DOMException('refused by the test', '{name}'); }};"
        ),
        None => "if (IDBObjectStore.prototype.realPut) IDBObjectStore.prototype.put = IDBObjectStore.prototype.realPut;".to_string(),
    };
    js_sys::Function::new_no_args(&body)
        .call0(&wasm_bindgen::JsValue::NULL)
        .unwrap();
}

async fn wait_gone(selector: &str) {
    for _ in 0..400 {
        if document().query_selector(selector).unwrap().is_none() {
            return;
        }
        sleep(20).await;
    }
    panic!("{selector} is still there");
}

#[wasm_bindgen_test]
async fn two_tabs_saving_at_once_keep_both_histories() {
    let (start, one, two, first) = two_tabs_on("both").await;
    let mut a = start.clone();
    a.push_move(first[0].clone(), 2.0);
    let mut b = start.clone();
    b.push_move(first[first.len() - 1].clone(), 3.0);
    // Both saves begin before either lands: the database runs them one after the other.
    one.save(&a);
    two.save(&b);
    sleep(200).await;
    let games = stored_games().await;
    assert_eq!(games.len(), 2, "{games:?}");
    let original = games.iter().find(|g| g.id == "both").unwrap();
    let copy = games
        .iter()
        .find(|g| g.copy_of.as_deref() == Some("both"))
        .unwrap();
    let mut kept = [&original.record.moves, &copy.record.moves];
    kept.sort();
    let mut played = [&a.record.moves, &b.record.moves];
    played.sort();
    assert_eq!(kept, played, "each tab's move is in one of the two games");
    // The first tab heard of the copy: it lists it too.
    assert_eq!(one.load_all().games.len(), 2);
    db_clear().await;
}

#[wasm_bindgen_test]
async fn names_are_isolated_and_blank_ones_refused() {
    db_clear().await;
    store("rtl", record(["\u{202E}Ben", "\u{202E}Ann"])).await;
    go("#/").await;
    let app = mount().await;
    wait_for(".saved").await;
    let status = wait_for(".saved .status").await.text_content().unwrap();
    assert!(
        status.starts_with("\u{2068}\u{202E}") && status.ends_with("\u{2069} to move"),
        "{status:?}"
    );
    go("#/play/rtl").await;
    let banner = wait_for(".turn-banner bdi").await;
    assert!(banner.text_content().unwrap().starts_with('\u{202E}'));

    go("#/new/stack-control").await;
    let input: web_sys::HtmlInputElement = wait_for("input[type=text]").await.dyn_into().unwrap();
    input.set_value("\u{200B}\u{2066}");
    input
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    sleep(40).await;
    let start: web_sys::HtmlElement = wait_for("#start-game").await.dyn_into().unwrap();
    start.click();
    sleep(80).await;
    assert!(body_text().contains("is blank"), "{}", body_text());
    unmount(app);
}

#[wasm_bindgen_test]
async fn a_backup_adds_games_and_never_overwrites() {
    db_clear().await;
    let a = store("keep", record(["Ann", "Ben"])).await;
    let b = store("gone", record(["Cy", "Di"])).await;
    let backup = Backup::of(&[a.clone(), b.clone()]);
    // Since the backup: one game deleted, the other played on.
    db_delete("gone").await;
    let mut later = a.clone();
    let mv = later.record.start().unwrap().legal_moves()[0].clone();
    later.push_move(mv, 3.0);
    db_put("keep", &later.to_json()).await;
    let games = Backup::read(&backup)
        .unwrap()
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let tab = Store::open().await;
    let restored = |added, skipped, copies| Restored {
        added,
        skipped,
        copies,
        ..Restored::default()
    };
    assert_eq!(tab.restore(games.clone()).await, restored(1, 1, 0));
    assert_eq!(
        stored("keep").await,
        Some(later.clone()),
        "never overwritten"
    );
    assert_eq!(stored("gone").await, Some(b));
    // A diverged version is added as a copy.
    let mut diverged = a;
    let other = diverged
        .record
        .start()
        .unwrap()
        .legal_moves()
        .pop()
        .unwrap();
    diverged.push_move(other, 4.0);
    assert_eq!(tab.restore(vec![diverged]).await, restored(0, 0, 1));
    assert_eq!(stored("keep").await, Some(later));
    assert_eq!(tab.load_all().games.len(), 3);
    assert_eq!(Store::open().await.load_all().games.len(), 3);
    db_clear().await;
}

/// The hash of the page now.
fn hash() -> String {
    web_sys::window().unwrap().location().hash().unwrap()
}

#[wasm_bindgen_test]
async fn a_your_move_link_adds_the_new_moves_to_the_saved_game() {
    db_clear().await;
    let saved = store("friend", record(["Ann", "Ben"])).await;
    // The friend played two moves on their device and sent the link back.
    let mut theirs = saved.record.clone();
    let mut game = theirs.start().unwrap();
    for _ in 0..2 {
        let mv = game.legal_moves()[0].clone();
        game.play(&mv).unwrap();
        theirs.moves.push(mv);
    }
    go(&format!("#/import/{}", theirs.to_link_payload())).await;
    let app = mount().await;
    let notice = wait_for("#copy-notice").await;
    assert_eq!(hash(), "#/play/friend", "the saved game opens, no copy");
    assert!(
        notice.text_content().unwrap().contains("2 new moves"),
        "{}",
        body_text()
    );
    assert_eq!(count(".new-moves li"), 2);
    sleep(40).await;
    assert_eq!(stored("friend").await.unwrap().record.moves, theirs.moves);
    assert_eq!(saved_ids().await.len(), 1);
    unmount(app);

    // An older link (one move) changes nothing, the saved position included.
    let before = stored_text("friend").await;
    let mut older = theirs.clone();
    older.moves.truncate(1);
    go(&format!("#/import/{}", older.to_link_payload())).await;
    let app = mount().await;
    let notice = wait_for("#copy-notice").await;
    assert!(
        notice.text_content().unwrap().contains("older"),
        "{}",
        body_text()
    );
    sleep(40).await;
    assert_eq!(stored("friend").await.unwrap().record.moves, theirs.moves);
    assert_eq!(stored("friend").await.unwrap().cursor, theirs.moves.len());
    assert_eq!(
        stored_text("friend").await,
        before,
        "the stored entry is untouched"
    );
    unmount(app);

    // A link whose second move differs is kept beside the saved game, never over it.
    let mut other = older.clone();
    let mut game = other.replay(1).unwrap();
    let mv = game.legal_moves().pop().unwrap();
    assert_ne!(mv, theirs.moves[1]);
    game.play(&mv).unwrap();
    other.moves.push(mv);
    go(&format!("#/import/{}", other.to_link_payload())).await;
    let app = mount().await;
    let notice = wait_for("#copy-notice").await;
    assert!(
        notice.text_content().unwrap().contains("both are kept"),
        "{}",
        body_text()
    );
    assert_ne!(hash(), "#/play/friend");
    sleep(40).await;
    assert_eq!(stored("friend").await.unwrap().record.moves, theirs.moves);
    let games = Store::open().await.load_all().games;
    assert_eq!(games.len(), 2);
    assert!(games
        .iter()
        .any(|g| g.copy_of.as_deref() == Some("friend") && g.record.moves == other.moves));
    unmount(app);
    db_clear().await;
}

#[wasm_bindgen_test]
async fn a_refused_write_is_told_apart_from_a_full_storage() {
    db_clear().await;
    store("refused", record(["Ann", "Ben"])).await;
    go("#/play/refused").await;
    let app = mount().await;
    wait_for("svg.board .cell").await;
    writes_throw(Some("SecurityError"));
    play_one_move().await;
    let text = wait_for("#unsaved").await.text_content().unwrap();
    writes_throw(None);
    assert!(text.contains("refused") && !text.contains("full"), "{text}");
    wait_gone("#unsaved").await;
    sleep(40).await;
    assert_eq!(stored("refused").await.unwrap().record.moves.len(), 1);
    unmount(app);
    db_clear().await;
}

#[wasm_bindgen_test]
async fn a_backup_never_writes_over_an_unsaved_game_or_an_entry_that_does_not_open() {
    db_clear().await;
    // A stored entry from a newer version under a backed-up id.
    let future = SavedGame::new("future".into(), record(["Cy", "Di"]), 1.0);
    let newer = future.to_json().replace("\"schema\":1", "\"schema\":9");
    db_put("future", &newer).await;
    let tab = Store::open().await;
    let start = SavedGame::new("held".into(), record(["Ann", "Ben"]), 1.0);
    let backup = Backup::of(std::slice::from_ref(&start));
    // The game exists only in this tab (started while the storage was full), with a move.
    let mut held = start.clone();
    let mv = held.record.start().unwrap().legal_moves()[0].clone();
    held.push_move(mv, 2.0);
    writes_throw(Some("QuotaExceededError"));
    tab.save(&held);
    until("the save to fail", || tab.unsaved("held").is_some()).await;
    writes_throw(None);
    assert_eq!(tab.unsaved("held"), Some(SaveError::Full));
    let games = Backup::read(&Backup::of(std::slice::from_ref(&future)))
        .unwrap()
        .into_iter()
        .chain(Backup::read(&backup).unwrap())
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    // The unsaved game has every move of the backed-up one: skipped; the newer entry's id is
    // taken by something this version cannot open: the backed-up game becomes a copy.
    let restored = tab.restore(games).await;
    assert_eq!(
        (
            restored.added,
            restored.skipped,
            restored.copies,
            restored.unsaved
        ),
        (0, 1, 1, 0)
    );
    assert_eq!(
        tab.load_line("held").unwrap().0.record.moves,
        held.record.moves
    );
    assert_eq!(stored_text("future").await.as_deref(), Some(newer.as_str()));
    tab.flush_unsaved();
    until("the retry to land", || tab.unsaved("held").is_none()).await;
    sleep(40).await;
    assert_eq!(
        stored("held").await.unwrap().record.moves,
        held.record.moves
    );
    db_clear().await;
}

#[wasm_bindgen_test]
async fn a_tab_holding_unsaved_moves_never_takes_another_tabs_version_over_them() {
    let (start, one, two, moves) = two_tabs_on("race").await;
    // Tab one plays while the storage is full: its move is held unsaved.
    let mut ours = start.clone();
    ours.push_move(moves[0].clone(), 2.0);
    writes_throw(Some("QuotaExceededError"));
    one.save(&ours);
    until("the save to fail", || one.unsaved("race").is_some()).await;
    writes_throw(None);
    // Tab two plays another move on the stored version; tab one hears of it and keeps its
    // own on the board (the other is held, not shown).
    let mut theirs = start.clone();
    theirs.push_move(moves[moves.len() - 1].clone(), 3.0);
    two.save(&theirs);
    until("tab two's move to land", || two.unsaved("race").is_none()).await;
    sleep(100).await;
    assert_eq!(stored_moves("race").await, theirs.record.moves);
    assert_eq!(shown_moves(&one, "race"), ours.record.moves);
    assert_eq!(one.unsaved("race"), Some(SaveError::Full));
    // Room again: tab one's moves land as a copy; it shows tab two's version under the id.
    one.flush_unsaved();
    until("the retry to land", || one.unsaved("race").is_none()).await;
    sleep(40).await;
    let copy = one.moved_to("race").expect("kept as a copy");
    assert_eq!(stored_moves(&copy).await, ours.record.moves);
    assert_eq!(stored_moves("race").await, theirs.record.moves);
    assert_eq!(shown_moves(&one, "race"), theirs.record.moves);
    db_clear().await;
}

#[wasm_bindgen_test]
async fn another_tabs_version_heard_while_a_save_is_on_its_way_waits_for_it() {
    let (start, one, two, moves) = two_tabs_on("wait").await;
    // Tab one plays a move; tab two, which saw it, plays the next one at once: tab one hears
    // of it, takes it once its own write has landed, and may play on over it.
    let mut first = start.clone();
    first.push_move(moves[0].clone(), 2.0);
    one.save(&first);
    until("tab one's move to land", || {
        shown_moves(&two, "wait") == first.record.moves
    })
    .await;
    let mut second = two.load_line("wait").unwrap().0;
    let next = second.record.timeline().unwrap().last().legal_moves()[0].clone();
    second.push_move(next, 3.0);
    two.save(&second);
    until("tab one to take tab two's move", || {
        shown_moves(&one, "wait") == second.record.moves
    })
    .await;
    // Both save at once now: tab one's move on top of tab two's, tab two's own other move.
    let mut a = second.clone();
    let after = a.record.timeline().unwrap().last().legal_moves();
    a.push_move(after[0].clone(), 4.0);
    let mut b = second.clone();
    b.push_move(after[after.len() - 1].clone(), 5.0);
    one.save(&a);
    two.save(&b);
    // Whichever lands second is kept as a copy, and that tab shows the other's version
    // under the id: neither tab ever shows the other's move over its own unsaved one.
    assert_eq!(shown_moves(&one, "wait"), a.record.moves);
    assert_eq!(shown_moves(&two, "wait"), b.record.moves);
    until("both writes to land", || {
        !one.any_pending() && !two.any_pending()
    })
    .await;
    sleep(100).await;
    let games = stored_games().await;
    for v in [&a, &b] {
        assert!(
            games.iter().any(|g| g.record.moves == v.record.moves),
            "{:?} lost from {games:?}",
            v.record.moves
        );
    }
    let original = stored("wait").await.unwrap();
    assert_eq!(shown_moves(&one, "wait"), original.record.moves);
    assert_eq!(shown_moves(&two, "wait"), original.record.moves);
    db_clear().await;
}

/// A record of `slug` with random legal moves until `steps` are played, putting the end off
/// (a move that would end the game is played only when every move would), so the game is as
/// long as its rules allow.
fn long_record(slug: &str, steps: usize) -> GameRecord {
    let players = stackplay::registry::find(slug).unwrap().info().min_players;
    // The form's defaults: options and each seat's side.
    let mut record = GameRecord::with_defaults(slug, players, 99).unwrap();
    let mut game = record.start().unwrap();
    let mut rng = stackplay::core::Rng::new(7);
    while record.moves.len() < steps && game.outcome().is_none() {
        let mut moves = game.legal_moves();
        let mut mv = moves[rng.below(moves.len() as u64) as usize].clone();
        while !moves.is_empty() {
            let pick = moves.swap_remove(rng.below(moves.len() as u64) as usize);
            let mut next = game.clone_box();
            next.play(&pick).unwrap();
            if next.outcome().is_none() {
                mv = pick;
                break;
            }
        }
        game.play(&mv).unwrap();
        record.moves.push(mv);
    }
    record
}

#[wasm_bindgen_test]
async fn links_are_compressed_short_and_checked_in_full() {
    db_clear().await;
    for entry in stackplay::registry::games() {
        let slug = entry.info().slug;
        let record = long_record(slug, 200);
        let plain = record.to_link_payload();
        let bytes = stackplay::ui::browser::deflate(&record.to_json())
            .await
            .unwrap();
        let short = GameRecord::compressed_payload(&bytes);
        web_sys::console::log_1(
            &format!(
                "{slug}: {} steps, link payload {} characters plain, {} compressed",
                record.moves.len(),
                plain.len(),
                short.len()
            )
            .into(),
        );
        assert!(
            short.len() < plain.len(),
            "{slug}: {} vs {}",
            short.len(),
            plain.len()
        );
        // Short enough for a chat message, even for a game of 200 steps.
        assert!(short.len() <= 2000, "{slug}: {} characters", short.len());
        go(&format!("#/import/{short}")).await;
        let app = mount().await;
        // The game (or, for a hidden game not over, the screen that hands it to its player).
        wait_for(".moves, .handoff").await;
        let id = hash().trim_start_matches("#/play/").to_string();
        assert_eq!(
            {
                sleep(40).await;
                stored(&id).await.unwrap()
            }
            .record,
            record.normalised().unwrap(),
            "{slug}"
        );
        unmount(app);
    }
    // A damaged compressed link says so.
    go("#/import/z.AAAAAAAA").await;
    let app = mount().await;
    wait_for(".dead-end").await;
    assert!(body_text().contains("damaged"), "{}", body_text());
    unmount(app);
    db_clear().await;
}
