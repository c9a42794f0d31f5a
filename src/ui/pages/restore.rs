//! Opening a game file or a backup from the home page. A backup of tens of thousands of games
//! is looked through a slice at a time ([`Scan`]) and its games checked and added a chunk at a
//! time, so the page never stops answering: it shows a progress bar, and Cancel stops between
//! chunks (what was added stays, and the page says how much).

use std::cell::Cell;

use js_sys::Promise;
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use crate::record::GameRecord;
use crate::storage::backup::{Scan, Scanned};
use crate::storage::clock::now_ms;
use crate::storage::meet::Backup;
use crate::storage::store::{Restored, Store};
use crate::ui::actions::import_record;
use crate::ui::browser;
use crate::ui::routes::Route;

/// The largest file opened (128 MiB): a backup of 50,000 long games (about 2.5 KB each) fits.
/// A larger one is refused from its size, before it is read.
pub const MAX_FILE_BYTES: f64 = 134_217_728.0;

/// How much of the file's text is looked through at a time (bytes).
const SLICE_BYTES: f64 = 4_194_304.0;

/// How long the games of a chunk are checked for before they are written (milliseconds).
const CHUNK_MS: f64 = 40.0;

/// Where opening a file stands: how many of the backup's games were looked at, of how many
/// (`(0, 0)` while the file is read).
pub type Progress = (usize, usize);

thread_local! {
    /// Cancel was pressed while a file opens.
    static CANCEL: Cell<bool> = const { Cell::new(false) };
}

/// Stops the file being opened, between two chunks.
pub fn cancel() {
    CANCEL.set(true);
}

/// Lets the browser run its other tasks (draw the progress, take a click on Cancel).
async fn next_task() {
    let wait = Promise::new(&mut |ok, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback(&ok);
        }
    });
    let _ = JsFuture::from(wait).await;
}

/// Opens a file: a backup of every game (added beside the saved ones, never over one) or one
/// game record (added as a new game, then opened). What happened, in words (`None`: a game
/// was opened).
///
/// # Errors
/// Why nothing was added.
pub async fn open_file(
    store: &Store,
    file: web_sys::File,
    progress: &Callback<Progress>,
) -> Result<Option<String>, String> {
    CANCEL.set(false);
    let size = file.size();
    if size > MAX_FILE_BYTES {
        return Err(format!(
            "That file is too large to be a game record or a backup (over {} MB).",
            MAX_FILE_BYTES as u64 >> 20
        ));
    }
    // Read a slice at a time, as bytes (a slice may end inside a character): a file read
    // whole in one go held the page for 300 ms at 34 MB.
    let mut bytes = Vec::new();
    let mut scan = Scan::default();
    let mut from = 0.0;
    while from < size {
        if CANCEL.get() {
            return Err("Cancelled: nothing was added.".into());
        }
        let slice = file
            .slice_with_f64_and_f64(from, (from + SLICE_BYTES).min(size))
            .map_err(|_| "That file could not be read.".to_string())?;
        let Ok(read) = JsFuture::from(slice.array_buffer()).await else {
            return Err("That file could not be read.".into());
        };
        let read = js_sys::Uint8Array::new(&read);
        if read.length() == 0 {
            break; // the file was cut short while it was read
        }
        from += f64::from(read.length());
        let at = bytes.len();
        bytes.resize(at + read.length() as usize, 0);
        read.copy_to(&mut bytes[at..]);
        // A byte order mark (some editors write one) is not part of the text.
        if at == 0 && bytes.starts_with(b"\xef\xbb\xbf") {
            bytes.drain(..3);
        }
        scan.feed(&bytes);
    }
    let text = |from: usize, to: usize| std::str::from_utf8(bytes.get(from..to)?).ok();
    let games = match scan.finish() {
        Scanned::Games(games) => games,
        Scanned::Newer(version) => {
            return Err(format!(
                "That file is a backup made by a newer version of the app (format {version}): nothing was added."
            ))
        }
        Scanned::NotABackup => {
            let text = text(0, bytes.len()).ok_or("That file is not text.")?;
            let record = GameRecord::from_json(text)
                .map_err(|e| format!("That file cannot be opened: {e}."))?;
            let id = import_record(store, record)?;
            browser::navigate(&Route::Play(id));
            return Ok(None);
        }
    };
    // The games a chunk at a time: each read and checked on its own (a damaged one costs only
    // itself), for about CHUNK_MS, then written, then the page's turn.
    let mut done = Restored::default();
    let mut refused = 0;
    let mut reasons: Vec<String> = Vec::new();
    let mut next = 0;
    while next < games.len() && !CANCEL.get() {
        let began = now_ms();
        let mut good = Vec::new();
        while next < games.len() && now_ms() - began < CHUNK_MS {
            let (from, to) = games[next];
            next += 1;
            match Backup::game_text(text(from, to)) {
                Ok(game) => good.push(game),
                Err(e) => {
                    refused += 1;
                    // The reason without what is said of stored entries ("left as it is").
                    let why = e.reason.replace("; it is left as it is", "");
                    if !reasons.contains(&why) {
                        reasons.push(why);
                    }
                }
            }
        }
        store.restore_chunk(good, &mut done).await;
        progress.emit((next, games.len()));
        next_task().await;
    }
    Ok(Some(report(&done, refused, &reasons, games.len() - next)))
}

/// What opening a backup did: how many games were added, already here or added as copies,
/// how many were not, with each reason in words, and how many were not looked at (`left`,
/// after Cancel).
fn report(done: &Restored, refused: usize, reasons: &[String], left: usize) -> String {
    let Restored {
        added,
        skipped,
        copies,
        unsaved,
        why,
    } = *done;
    let mut text = format!(
        "{}: {added} game{} added",
        if left > 0 {
            "Cancelled"
        } else {
            "Backup opened"
        },
        if added == 1 { "" } else { "s" }
    );
    if copies > 0 {
        text.push_str(&format!(
            ", {copies} added as copies (another version of each is here)"
        ));
    }
    if skipped > 0 {
        text.push_str(&format!(", {skipped} already here"));
    }
    if refused > 0 {
        text.push_str(&format!(", {refused} not added: {}", reasons.join("; ")));
    }
    text.push('.');
    if let Some(why) = why {
        text.push_str(&format!(
            " {unsaved} could not be saved: {why}. They are still in the backup file: make room (delete finished games) and open it again."
        ));
    }
    if left > 0 {
        text.push_str(&format!(
            " {left} more in the file were not looked at: open it again to add them (those added are then skipped)."
        ));
    }
    text
}
