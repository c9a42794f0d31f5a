//! A saved game as stored: a versioned wrapper around a [`GameRecord`].

use serde::{Deserialize, Serialize};

use crate::core::ApiError;
use crate::record::GameRecord;

/// The storage schema this build writes and reads.
pub const SCHEMA_VERSION: u32 = 1;

/// One saved game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Storage schema version ([`SCHEMA_VERSION`]).
    pub schema: u32,
    /// The game's id (also its storage key's suffix).
    pub id: String,
    /// Everything needed to rebuild the game.
    pub record: GameRecord,
    /// How many of the record's moves are on the board; the rest can be redone.
    pub cursor: usize,
    /// When it was created (milliseconds since 1970).
    pub created_ms: f64,
    /// When a move was last played (milliseconds since 1970; 0 when unknown).
    pub updated_ms: f64,
}

/// A stored entry that could not be opened, kept so nothing is lost.
#[derive(Debug, Clone, PartialEq)]
pub struct SetAside {
    /// The storage key it lives under now.
    pub key: String,
    /// The id it was saved under.
    pub id: String,
    /// Why it could not be opened.
    pub reason: String,
}

/// Why a stored entry cannot be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryError {
    /// A sentence for the page.
    pub reason: String,
    /// The entry comes from a newer version of the app: it is left where it is, untouched,
    /// so the newer version can still open it.
    pub newer: bool,
}

impl EntryError {
    fn damaged(reason: impl Into<String>) -> Self {
        EntryError {
            reason: reason.into(),
            newer: false,
        }
    }
}

impl SavedGame {
    /// A new saved game at its start.
    pub fn new(id: String, record: GameRecord, now_ms: f64) -> Self {
        SavedGame {
            schema: SCHEMA_VERSION,
            id,
            record,
            cursor: 0,
            created_ms: now_ms,
            updated_ms: now_ms,
        }
    }

    /// Reads and fully validates a stored entry.
    ///
    /// # Errors
    /// A sentence saying what is wrong: not JSON, an unknown schema, a record that does not
    /// replay, a cursor past the moves.
    pub fn parse(text: &str) -> Result<SavedGame, EntryError> {
        /// Just the version, read first: a newer entry may not fit [`SavedGame`] at all.
        #[derive(Deserialize)]
        struct Version {
            schema: Option<u64>,
        }
        let version: Version = serde_json::from_str(text)
            .map_err(|e| EntryError::damaged(format!("not readable ({e})")))?;
        match version.schema {
            Some(v) if v == u64::from(SCHEMA_VERSION) => {}
            Some(v) if v > u64::from(SCHEMA_VERSION) => {
                return Err(EntryError {
                    reason: format!(
                        "saved by a newer version of the app (schema {v}; this one reads {SCHEMA_VERSION}); it is left as it is"
                    ),
                    newer: true,
                })
            }
            Some(v) => {
                return Err(EntryError::damaged(format!(
                    "saved by a different version of the app (schema {v}; this one reads {SCHEMA_VERSION})"
                )))
            }
            None => return Err(EntryError::damaged("not a saved game (no schema version)")),
        }
        let mut saved: SavedGame = serde_json::from_str(text)
            .map_err(|e| EntryError::damaged(format!("damaged ({e})")))?;
        saved.record = saved
            .record
            .normalised()
            .map_err(|e: ApiError| EntryError::damaged(e.to_string()))?;
        if saved.cursor > saved.record.moves.len() {
            return Err(EntryError::damaged(
                "damaged (it points past its last move)",
            ));
        }
        if !valid_id(&saved.id) {
            return Err(EntryError::damaged("damaged (bad id)"));
        }
        // Times are only shown, never trusted: an unusable one becomes "unknown" (0).
        for t in [&mut saved.created_ms, &mut saved.updated_ms] {
            if !t.is_finite() || *t < 0.0 || *t > 1e15 {
                *t = 0.0;
            }
        }
        Ok(saved)
    }

    /// The entry as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Plays `mv` at the cursor: later moves (if the player had stepped back) are dropped.
    pub fn push_move(&mut self, mv: String, now_ms: f64) {
        self.record.moves.truncate(self.cursor);
        self.record.moves.push(mv);
        self.cursor = self.record.moves.len();
        self.updated_ms = now_ms;
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is an undone move to redo.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.record.moves.len()
    }
}

/// Whether `id` can name a saved game: 1 to 64 letters, digits, `-` or `_`.
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::PlayerInfo;

    fn sample() -> SavedGame {
        let players = vec![
            PlayerInfo {
                name: "Ann".into(),
                colour: "R".into(),
            },
            PlayerInfo {
                name: "Ben".into(),
                colour: "B".into(),
            },
        ];
        let record = GameRecord::new("stack-control", "colours=RB", 9, players);
        SavedGame::new("g1".into(), record, 1.0)
    }

    #[test]
    fn round_trips_and_rejects_damage() {
        let s = sample();
        assert_eq!(SavedGame::parse(&s.to_json()), Ok(s.clone()));
        assert!(SavedGame::parse("{")
            .unwrap_err()
            .reason
            .contains("not readable"));
        let newer = s.to_json().replace("\"schema\":1", "\"schema\":99");
        let err = SavedGame::parse(&newer).unwrap_err();
        assert!(err.newer && err.reason.contains("newer version"), "{err:?}");
        let older = s.to_json().replace("\"schema\":1", "\"schema\":0");
        let err = SavedGame::parse(&older).unwrap_err();
        assert!(
            !err.newer && err.reason.contains("different version"),
            "{err:?}"
        );
        let mut bad = s.clone();
        bad.cursor = 3;
        let err = SavedGame::parse(&bad.to_json()).unwrap_err();
        assert!(err.reason.contains("past its last move"));
        let mut bad = s.clone();
        bad.id = "a.b".into();
        assert!(SavedGame::parse(&bad.to_json()).is_err());
        let mut bad = s.clone();
        bad.record.players[0].colour = "K".into();
        let err = SavedGame::parse(&bad.to_json()).unwrap_err();
        assert!(err.reason.contains("does not fit"), "{err:?}");
        let mut bad = s;
        bad.record.moves.push("a1-a2".into());
        bad.cursor = 1;
        assert!(SavedGame::parse(&bad.to_json()).is_err());
    }

    #[test]
    fn moves_are_stored_in_canonical_notation() {
        let mut s = sample();
        let first = s.record.start().unwrap().legal_moves()[0].clone();
        s.record.moves.push(format!(" {} ", first.to_uppercase()));
        s.cursor = 1;
        let parsed = SavedGame::parse(&s.to_json()).unwrap();
        assert_eq!(parsed.record.moves, vec![first]);
    }
}
