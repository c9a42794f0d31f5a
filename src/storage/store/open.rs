//! Opening the store on the database: the older store's entries moved in, every entry read,
//! those that do not open set aside.

use wasm_bindgen::JsValue;
use web_sys::IdbDatabase;

use super::{aside_value, Store, AT_ASIDE, AT_GAME};
use crate::storage::idb::{self, ASIDE, GAMES};
use crate::storage::{older, SavedGame};

impl Store {
    /// Opens the store on the database, in one transaction: the older store's entries are
    /// copied in (never over a game already there), every entry is read, and those that do
    /// not open are set aside. Then what was copied is read back and compared, and only then
    /// removed from the older store.
    pub(super) async fn with_database(db: IdbDatabase) -> Result<Store, JsValue> {
        let older = older::older_entries();
        let (tx, end) = idb::transaction(&db, &[GAMES, ASIDE], true)?;
        let (games_store, aside_store) = (idb::store(&tx, GAMES)?, idb::store(&tx, ASIDE)?);
        let mut stored = idb::read_all(&games_store).await?;
        let mut slots = idb::read_all(&aside_store).await?;
        // Puts an entry aside under a free slot (or finds it there already).
        let mut put_aside = |slot: &str, value: String| -> Result<(), JsValue> {
            let mut slot = slot.to_string();
            loop {
                match slots.iter().find(|(s, _)| *s == slot) {
                    Some((_, v)) if *v == value => return Ok(()),
                    Some(_) => slot.push_str("-2"),
                    None => break,
                }
            }
            idb::put(&aside_store, &slot, &value)?;
            slots.push((slot, value));
            Ok(())
        };
        for (key, text) in &older {
            if let Some(id) = key.strip_prefix(older::GAME_PREFIX) {
                match stored.iter().find(|(k, _)| k == id) {
                    None => {
                        idb::put(&games_store, id, text)?;
                        stored.push((id.to_string(), text.clone()));
                    }
                    Some((_, here)) if here == text => {}
                    // Another version is in the database already (a tab of the older
                    // version played on after the move): kept aside, never over it.
                    Some(_) => put_aside(
                        &format!("{id}-before"),
                        aside_value("another version of a saved game, found in this browser's older storage: download it to keep it", text),
                    )?,
                }
            } else if let Some(slot) = key.strip_prefix(older::ASIDE_PREFIX) {
                let reason = older::older_reason(slot);
                put_aside(
                    slot,
                    aside_value(reason.as_deref().unwrap_or("could not be read"), text),
                )?;
            }
        }
        let mut games = Vec::new();
        let mut aside = Vec::new();
        let mut bad = Vec::new();
        for (id, text) in stored {
            judge(&id, text, &mut games, &mut aside, &mut bad);
        }
        // Those that do not open are moved aside: their text under a free slot, then gone
        // from the games.
        for (id, text, reason) in bad {
            let slot = if crate::storage::entry::valid_id(&id) {
                id.clone()
            } else {
                "entry".into()
            };
            put_aside(&slot, aside_value(&reason, &text))?;
            idb::delete(&games_store, &id)?;
        }
        end.await?;
        for (slot, value) in &slots {
            let (reason, text) = value
                .split_once('\0')
                .unwrap_or(("could not be read", value));
            aside.push((format!("{AT_ASIDE}{slot}"), reason.into(), text.into()));
        }
        // Read back and compared before the older store lets go of anything.
        let mut left_behind = 0;
        if !older.is_empty() {
            let (tx, _) = idb::transaction(&db, &[GAMES, ASIDE], false)?;
            let mut here = idb::read_all(&idb::store(&tx, GAMES)?).await?;
            here.extend(idb::read_all(&idb::store(&tx, ASIDE)?).await?);
            for (key, text) in &older {
                let kept = here
                    .iter()
                    .any(|(_, v)| v == text || v.split_once('\0').is_some_and(|(_, t)| t == text));
                if kept {
                    older::forget_older(key);
                } else {
                    left_behind += 1;
                }
            }
        }
        Ok(Store::new(Some(db), games, aside, left_behind))
    }
}

/// Judges a stored entry: a game that opens joins `games`; one from a newer version is listed
/// in `aside` where it is; any other goes to `bad`, with its reason, to be moved aside.
fn judge(
    id: &str,
    text: String,
    games: &mut Vec<SavedGame>,
    aside: &mut Vec<(String, String, String)>,
    bad: &mut Vec<(String, String, String)>,
) {
    // A value that was not text ([`idb::read_all`]): its reason, then its JSON.
    if let Some((reason, json)) = text.split_once('\0') {
        return bad.push((id.into(), json.into(), reason.into()));
    }
    match SavedGame::parse(&text) {
        Ok(game) if game.id == id => games.push(game),
        Ok(_) => bad.push((
            id.into(),
            text,
            "its id does not match the place it is stored".into(),
        )),
        Err(e) if e.newer => aside.push((format!("{AT_GAME}{id}"), e.reason, text)),
        Err(e) => bad.push((id.into(), text, e.reason)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_that_are_not_text_are_set_aside_with_their_reason() {
        let (mut games, mut aside, mut bad) = (Vec::new(), Vec::new(), Vec::new());
        // As `idb::read_all` reads a number and an object stored in `games`.
        for (id, json) in [("g-1", "42"), ("g-2", r#"{"SSS":1}"#)] {
            let read = format!("{}\0{json}", idb::NOT_TEXT);
            judge(id, read, &mut games, &mut aside, &mut bad);
        }
        // A saved game's text is never taken for one (JSON writes a NUL escaped), and text
        // that is not a game is set aside as damaged, as before.
        judge(
            "g-3",
            r#"{"schema":1,"id":"g-3\u0000"}"#.into(),
            &mut games,
            &mut aside,
            &mut bad,
        );
        assert!(games.is_empty() && aside.is_empty());
        let reasons: Vec<&str> = bad.iter().map(|(_, _, r)| r.as_str()).collect();
        assert_eq!(reasons[..2], [idb::NOT_TEXT, idb::NOT_TEXT]);
        assert!(reasons[2] != idb::NOT_TEXT && !reasons[2].is_empty());
        assert_eq!((bad[0].0.as_str(), bad[0].1.as_str()), ("g-1", "42"));
        assert_eq!(
            (bad[1].0.as_str(), bad[1].1.as_str()),
            ("g-2", r#"{"SSS":1}"#)
        );
        assert!(bad.iter().all(|(_, _, r)| !r.contains("SSS")));
    }
}
