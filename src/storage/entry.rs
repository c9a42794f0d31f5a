//! A saved game as stored: a versioned wrapper around a [`GameRecord`].

use crate::core::ApiError;
use crate::json::{self, Json, JsonError, Problem};
use crate::record::{check_name, GameRecord, Timeline};

/// The storage schema this build writes and reads.
pub const SCHEMA_VERSION: u32 = 1;

/// One saved game.
#[derive(Debug, Clone, PartialEq)]
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
    /// The game this one was copied from when two histories of it diverged (two tabs
    /// moving at once, a backup holding another version), so neither is lost.
    pub copy_of: Option<String>,
    /// How many hints (the computer's suggestions) the players asked for in this game.
    pub hints: u32,
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
            copy_of: None,
            hints: 0,
        }
    }

    /// Reads and fully validates a stored entry.
    ///
    /// # Errors
    /// A sentence saying what is wrong: not JSON, an unknown schema, a record that does not
    /// replay, a cursor past the moves.
    pub fn parse(text: &str) -> Result<SavedGame, EntryError> {
        SavedGame::parse_line(text).map(|(saved, _)| saved)
    }

    /// Validates an entry already read as JSON (see [`SavedGame::parse`]).
    ///
    /// # Errors
    /// See [`SavedGame::parse`].
    pub fn judge(tree: &Json) -> Result<SavedGame, EntryError> {
        SavedGame::judge_line(tree).map(|(saved, _)| saved)
    }

    /// Reads and fully validates a stored entry ([`SavedGame::parse`]) in the one replay
    /// that builds its timeline: what a page opens without replaying the game again, and
    /// where a list finds its last position.
    ///
    /// # Errors
    /// See [`SavedGame::parse`].
    pub fn parse_line(text: &str) -> Result<(SavedGame, Timeline), EntryError> {
        let tree = json::parse(text)
            .map_err(|e| EntryError::damaged(format!("not readable ({})", json_problem(&e))))?;
        SavedGame::judge_line(&tree)
    }

    /// [`SavedGame::judge`], with the timeline its replay built.
    fn judge_line(tree: &Json) -> Result<(SavedGame, Timeline), EntryError> {
        let mut saved = SavedGame::judge_head(tree)?;
        let (record, line) = saved.record.normalised_line().map_err(record_refusal)?;
        saved.record = record;
        Ok((saved.judge_tail()?, line))
    }

    /// The checks of [`SavedGame::judge`] before the moves are replayed.
    fn judge_head(tree: &Json) -> Result<SavedGame, EntryError> {
        // The version first: a newer entry may not fit this shape at all.
        let version = tree
            .field("schema")
            .and_then(|v| v.map(Json::u64).transpose())
            .map_err(|e| EntryError::damaged(format!("not readable ({})", json_problem(&e))))?;
        match version {
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
        // A computer strength this version does not name: a newer version's game, left as it
        // is (opening it here would write the word back as another strength).
        let unknown_strength = tree
            .need("record")
            .and_then(|r| r.need("players"))
            .and_then(Json::items)
            .is_ok_and(|players| {
                players.iter().any(|p| {
                    p.field("computer")
                        .ok()
                        .flatten()
                        .and_then(|w| w.str().ok())
                        .is_some_and(|w| crate::core::Strength::from_label(w).is_none())
                })
            });
        if unknown_strength {
            return Err(EntryError {
                reason: "saved by a newer version of the app (a computer strength this version does not know); it is left as it is".into(),
                newer: true,
            });
        }
        SavedGame::from_tree(tree)
            .map_err(|e| EntryError::damaged(format!("damaged ({})", json_problem(&e))))
    }

    /// The checks of [`SavedGame::judge`] after the moves are replayed.
    fn judge_tail(mut self) -> Result<SavedGame, EntryError> {
        let saved = &mut self;
        if saved.cursor > saved.record.moves.len() {
            return Err(EntryError::damaged(
                "damaged (it points past its last move)",
            ));
        }
        if !valid_id(&saved.id) || saved.copy_of.as_deref().is_some_and(|c| !valid_id(c)) {
            return Err(EntryError::damaged("damaged (bad id)"));
        }
        // Times are only shown, never trusted: an unusable one becomes "unknown" (0).
        for t in [&mut saved.created_ms, &mut saved.updated_ms] {
            if !t.is_finite() || *t < 0.0 || *t > 1e15 {
                *t = 0.0;
            }
        }
        Ok(self)
    }

    /// The entry read as it stands, unvalidated (its moves are not replayed): enough to
    /// compare its history with another version's. `None` when it does not read as an entry
    /// of this schema.
    pub fn peek(text: &str) -> Option<SavedGame> {
        json::parse(text)
            .ok()
            .and_then(|tree| SavedGame::from_tree(&tree).ok())
            .filter(|s| s.schema == SCHEMA_VERSION)
    }

    /// The entry in a JSON tree, as written, not yet validated.
    fn from_tree(v: &Json) -> Result<SavedGame, JsonError> {
        Ok(SavedGame {
            schema: v.need("schema")?.whole()?,
            id: v.need("id")?.str()?.to_string(),
            record: GameRecord::from_tree(v.need("record")?)?,
            cursor: v.need("cursor")?.whole()?,
            created_ms: v.need("created_ms")?.f64()?,
            updated_ms: v.need("updated_ms")?.f64()?,
            copy_of: match v.field("copy_of")? {
                Some(id) => Some(id.str()?.to_string()),
                None => None,
            },
            hints: match v.field("hints")? {
                Some(n) => n.whole()?,
                None => 0,
            },
        })
    }

    /// The entry as stored: `{"schema":1,"id":...,"record":{...},"cursor":...,
    /// "created_ms":...,"updated_ms":...}`, and `"copy_of"` when it is a copy.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{");
        json::write_key(&mut out, "schema");
        out.push_str(&self.schema.to_string());
        json::write_key(&mut out, "id");
        json::write_str(&mut out, &self.id);
        json::write_key(&mut out, "record");
        self.record.write_json(&mut out);
        json::write_key(&mut out, "cursor");
        out.push_str(&self.cursor.to_string());
        json::write_key(&mut out, "created_ms");
        json::write_f64(&mut out, self.created_ms);
        json::write_key(&mut out, "updated_ms");
        json::write_f64(&mut out, self.updated_ms);
        if let Some(original) = &self.copy_of {
            json::write_key(&mut out, "copy_of");
            json::write_str(&mut out, original);
        }
        if self.hints > 0 {
            json::write_key(&mut out, "hints");
            out.push_str(&self.hints.to_string());
        }
        out.push('}');
        out
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

/// Where a JSON text went wrong, without quoting any of it (a stored entry can be megabytes,
/// and a reason is shown and stored beside it).
fn json_problem(e: &JsonError) -> String {
    match e.problem {
        Problem::CutShort => format!("cut short, at line {} column {}", e.line, e.column),
        Problem::NotJson => format!("not JSON, at line {} column {}", e.line, e.column),
        Problem::WrongShape => "parts missing or of the wrong kind".into(),
    }
}

/// Why a stored record does not open, as an entry error.
fn record_refusal(e: ApiError) -> EntryError {
    match e {
        // Most likely a game added by a newer version of the app: left for it.
        ApiError::UnknownGame(_) => EntryError {
            reason: "a game this version of the app does not know (saved by a newer version?); it is left as it is".into(),
            newer: true,
        },
        e => EntryError::damaged(record_problem(&e)),
    }
}

/// Why a stored record does not replay, in fixed words: the engines' own messages may quote
/// parts of the entry (options, moves), and a reason never does.
fn record_problem(e: &ApiError) -> String {
    match e {
        // The record's own checks say which move or player, never quoting them.
        ApiError::BadRecord(why) => why.clone(),
        ApiError::UnknownGame(_) => "a game this version of the app does not know".into(),
        ApiError::Setup(_) => "its options do not fit the game".into(),
        ApiError::Notation(_) => "its options are not written as this game's".into(),
        ApiError::Play(_) => "a move cannot be played".into(),
    }
}

/// Whether a tab may write `ours` over the stored entry without losing a move it has not
/// seen: nothing is stored, or what is stored is what the tab last read or wrote (`seen`),
/// or every stored move is already in `ours` (it extends what is stored).
pub fn may_replace(stored: Option<&SavedGame>, seen: &[String], ours: &SavedGame) -> bool {
    match stored {
        None => true,
        // Another game under this id (never expected): it is not this tab's to replace.
        Some(stored) if !stored.record.same_start(&ours.record) => false,
        Some(stored) => {
            stored.record.moves == seen || ours.record.moves.starts_with(&stored.record.moves)
        }
    }
}

/// What a write does once it has read what is stored under the game's id (see [`decide`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// What to write: the game, or the game as a copy under a new id.
    pub game: SavedGame,
    /// Whether it is kept as a copy: what is stored holds moves the writer has not seen.
    pub copied: bool,
}

/// The read-compare-write of one save, given what is stored under the game's id (its text,
/// read in the same transaction as the write) and the moves the writing tab last read or
/// wrote there (`seen`): the game replaces what is stored when that loses no move the tab
/// has not seen ([`may_replace`]); otherwise it is kept as a copy under `fresh_id()`. An
/// entry that does not open (damaged, or from a newer version) is never written over.
pub fn decide(
    stored: Option<&str>,
    seen: Option<&[String]>,
    game: &SavedGame,
    fresh_id: impl FnOnce() -> String,
) -> Decision {
    let replace = match stored {
        None => true,
        Some(text) => SavedGame::peek(text)
            .filter(|s| s.id == game.id)
            .is_some_and(|s| may_replace(Some(&s), seen.unwrap_or(&[]), game)),
    };
    let mut game = game.clone();
    if !replace {
        game.copy_of = Some(game.id.clone());
        game.id = fresh_id();
    }
    Decision {
        game,
        copied: !replace,
    }
}

/// What to do with a game read from a backup, given the saved game with its id (if any).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restore {
    /// Nothing by that id here: add it as it is.
    Add,
    /// The same game with every one of its moves is here already.
    Skip,
    /// Another version is here: add this one as a copy, never over it.
    Copy,
}

/// How a backed-up game is restored next to `present` (the saved game with its id, if any).
pub fn restore_as(present: Option<&SavedGame>, incoming: &SavedGame) -> Restore {
    match present {
        None => Restore::Add,
        Some(p)
            if p.record.same_start(&incoming.record)
                && p.record.moves.starts_with(&incoming.record.moves) =>
        {
            Restore::Skip
        }
        Some(_) => Restore::Copy,
    }
}

/// How a game arriving by link relates to one saved here (see [`link_meets`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkMeets {
    /// Another game, or another start: nothing to do with it.
    Unrelated,
    /// The same game with the same moves.
    Same,
    /// The link carries this game's moves and more: the new moves are added.
    Extends,
    /// This game already has every move of the link and more: the link adds nothing.
    Older,
    /// Same start, histories that differ: both are kept.
    Diverged,
}

/// How the game of a link (`link`) relates to the saved game `here`.
pub fn link_meets(here: &GameRecord, link: &GameRecord) -> LinkMeets {
    if !here.same_start(link) {
        LinkMeets::Unrelated
    } else if here.moves == link.moves {
        LinkMeets::Same
    } else if link.moves.starts_with(&here.moves) {
        LinkMeets::Extends
    } else if here.moves.starts_with(&link.moves) {
        LinkMeets::Older
    } else {
        LinkMeets::Diverged
    }
}

/// The file "Download every game" writes: every saved game as stored, in
/// `{"stackplay_backup":1,"games":[...]}`.
pub struct Backup;

impl Backup {
    /// The backup file's text for `games`.
    pub fn of(games: &[SavedGame]) -> String {
        let entries: Vec<String> = games.iter().map(SavedGame::to_json).collect();
        format!(
            "{{\"stackplay_backup\":1,\"games\":[{}]}}",
            entries.join(",")
        )
    }

    /// Reads a backup file: each game fully validated on its own (the same checks as a
    /// link's, the players' names included), so one damaged entry costs only itself.
    pub fn open(text: &str) -> BackupFile {
        let Ok(file) = json::parse(text) else {
            return BackupFile::NotABackup;
        };
        let Some(version) = file
            .field("stackplay_backup")
            .ok()
            .flatten()
            .and_then(|v| v.u64().ok())
        else {
            return BackupFile::NotABackup;
        };
        if version > 1 {
            return BackupFile::Newer(version);
        }
        let Some(games) = file.need("games").ok().and_then(|g| g.items().ok()) else {
            return BackupFile::NotABackup;
        };
        BackupFile::Games(
            games
                .iter()
                .map(|game| {
                    let saved = SavedGame::judge(game)?;
                    for (seat, p) in saved.record.players.iter().enumerate() {
                        check_name(&p.name).map_err(|why| {
                            EntryError::damaged(format!("player {}'s name {why}", seat + 1))
                        })?;
                    }
                    Ok(saved)
                })
                .collect(),
        )
    }

    /// The games of a backup file, each read or refused with its reason (see
    /// [`Backup::open`]); `None` when the text is not a backup this version reads.
    pub fn read(text: &str) -> Option<Vec<Result<SavedGame, String>>> {
        match Backup::open(text) {
            BackupFile::Games(games) => {
                Some(games.into_iter().map(|g| g.map_err(|e| e.reason)).collect())
            }
            _ => None,
        }
    }
}

/// What a file read as a backup turned out to be.
#[derive(Debug, PartialEq)]
pub enum BackupFile {
    /// Not a backup at all (perhaps a single game's record).
    NotABackup,
    /// A backup in a newer format than this version reads (its version).
    Newer(u64),
    /// A backup: each game, or why it is not added.
    Games(Vec<Result<SavedGame, EntryError>>),
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
    use crate::record::{PlayerInfo, Strength};

    fn sample() -> SavedGame {
        let players = vec![
            PlayerInfo {
                name: "Ann".into(),
                colour: "R".into(),
                computer: None,
            },
            PlayerInfo {
                name: "Ben".into(),
                colour: "B".into(),
                computer: None,
            },
        ];
        let record = GameRecord::new("stack-control", "colours=RB", 9, players);
        SavedGame::new("g1".into(), record, 1.0)
    }

    #[test]
    fn reads_and_writes_entries_exactly_as_serde_json_did() {
        // Written by the app before its JSON was its own (serde_json, field order as declared).
        let stored = r#"{"schema":1,"id":"g1","record":{"format":1,"game":"stack-control","options":"colours=RB","seed":18446744073709551615,"players":[{"name":"Ann \"A\"","colour":"R"},{"name":"Bé\n","colour":"B","computer":"quick"}],"moves":["c1-e1"]},"cursor":1,"created_ms":1764170000000.0,"updated_ms":1764170000123.5,"copy_of":"g0"}"#;
        let saved = SavedGame::peek(stored).expect("reads");
        assert_eq!(saved.record.seed, u64::MAX);
        assert_eq!(saved.record.players[1].name, "Bé\n");
        assert_eq!(saved.record.players[1].computer, Some(Strength::Quick));
        assert_eq!(saved.copy_of.as_deref(), Some("g0"));
        assert_eq!(saved.to_json(), stored);
        // A strength word of a newer version reads as normal; unknown fields are ignored.
        let newer = stored
            .replace("\"quick\"", "\"fierce\"")
            .replace("\"cursor\":1", "\"cursor\":1,\"later\":[1,{}]");
        let saved = SavedGame::peek(&newer).expect("reads");
        assert_eq!(saved.record.players[1].computer, Some(Strength::Normal));
        // A part of the wrong kind, or twice, is damage.
        for bad in [
            stored.replace("\"cursor\":1", "\"cursor\":\"1\""),
            stored.replace("\"cursor\":1", "\"cursor\":1,\"cursor\":1"),
            stored.replace(
                "\"seed\":18446744073709551615",
                "\"seed\":18446744073709551616",
            ),
            stored.replace("\"moves\":[\"c1-e1\"]", "\"moves\":[1]"),
        ] {
            assert!(SavedGame::peek(&bad).is_none(), "{bad}");
        }
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

    fn with_moves(moves: &[&str]) -> SavedGame {
        let mut s = sample();
        s.record.moves = moves.iter().map(|m| m.to_string()).collect();
        s.cursor = moves.len();
        s
    }

    #[test]
    fn a_write_never_replaces_moves_it_has_not_seen() {
        let seen: Vec<String> = vec!["a".into()];
        let ours = with_moves(&["a", "b"]);
        // Nothing stored, or what this tab saw, or a prefix of ours: write.
        assert!(may_replace(None, &seen, &ours));
        assert!(may_replace(Some(&with_moves(&["a"])), &seen, &ours));
        assert!(may_replace(Some(&with_moves(&[])), &seen, &ours));
        // Undo then another move: the stored history is what this tab saw, so it may go.
        let stored = with_moves(&["a", "x", "y"]);
        assert!(may_replace(
            Some(&stored),
            &["a".into(), "x".into(), "y".into()],
            &ours
        ));
        // Another tab moved meanwhile (a move this tab has not seen): keep both.
        assert!(!may_replace(Some(&with_moves(&["a", "c"])), &seen, &ours));
        // Another game under the same id: never over it.
        let mut other = with_moves(&["a"]);
        other.record.seed = 99;
        assert!(!may_replace(Some(&other), &seen, &ours));
    }

    /// A tab as the store's writes see it: the moves it last read or wrote per id.
    struct Tab {
        seen: std::collections::BTreeMap<String, Vec<String>>,
    }

    impl Tab {
        /// One save as one transaction of the browser's database: read, decide, write.
        fn save(
            &mut self,
            db: &mut std::collections::BTreeMap<String, String>,
            game: &SavedGame,
            n: &mut u32,
        ) {
            let stored = db.get(&game.id).cloned();
            let d = decide(
                stored.as_deref(),
                self.seen.get(&game.id).map(Vec::as_slice),
                game,
                || {
                    *n += 1;
                    format!("copy{n}")
                },
            );
            if !d.copied {
                self.seen
                    .insert(game.id.clone(), d.game.record.moves.clone());
            }
            db.insert(d.game.id.clone(), d.game.to_json());
        }
    }

    #[test]
    fn two_tabs_saving_in_either_order_lose_no_move() {
        // Both tabs saw the same game; each plays a move of its own (or undoes, or plays two),
        // and their transactions run in one order or the other: every version of both is
        // in some saved game afterwards (a copy where they differ), never one over the other.
        let start = with_moves(&["a", "b"]);
        let versions: [&[&str]; 4] = [
            &["a", "b", "x"],
            &["a", "b", "y", "z"],
            &["a"],
            &["a", "b", "x"],
        ];
        for first in versions {
            for second in versions {
                for order in [false, true] {
                    let mut db = std::collections::BTreeMap::new();
                    db.insert(start.id.clone(), start.to_json());
                    let mut tabs = [0, 1].map(|_| Tab {
                        seen: [(start.id.clone(), start.record.moves.clone())].into(),
                    });
                    let ours = [with_moves(first), with_moves(second)];
                    let mut n = 0;
                    let (a, b) = if order { (1, 0) } else { (0, 1) };
                    tabs[a].save(&mut db, &ours[a], &mut n);
                    tabs[b].save(&mut db, &ours[b], &mut n);
                    let kept: Vec<Vec<String>> = db
                        .values()
                        .map(|text| SavedGame::peek(text).unwrap().record.moves)
                        .collect();
                    for version in &ours {
                        assert!(
                            kept.iter().any(|k| k.starts_with(&version.record.moves)),
                            "{first:?} then {second:?} (order {order}): {:?} lost from {kept:?}",
                            version.record.moves
                        );
                    }
                    // Histories that differ are both kept whole; one that only adds moves to
                    // the other's leaves a single game.
                    let (x, y) = (&ours[a].record.moves, &ours[b].record.moves);
                    if !(x.starts_with(y) || y.starts_with(x)) {
                        assert_eq!(db.len(), 2, "{first:?} {second:?} {order}: {kept:?}");
                    }
                    if y.starts_with(x) {
                        assert_eq!(db.len(), 1, "{first:?} {second:?} {order}: {kept:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_strength_word_of_a_newer_version_is_left_as_it_is() {
        let mut s = sample();
        s.record.players[1].computer = Some(crate::core::Strength::Strong);
        let text = s.to_json().replace("\"strong\"", "\"grandmaster\"");
        let e = SavedGame::parse(&text).unwrap_err();
        assert!(e.newer && e.reason.contains("newer version"), "{e:?}");
        // The same in a backup: refused with its reason, never changed to another strength.
        let backup = format!("{{\"stackplay_backup\":1,\"games\":[{text}]}}");
        match Backup::open(&backup) {
            BackupFile::Games(games) => assert!(games[0]
                .as_ref()
                .is_err_and(|e| e.reason.contains("strength"))),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_entry_that_does_not_open_is_never_written_over() {
        let ours = with_moves(&["a"]);
        let d = decide(Some("{not a game"), None, &ours, || "fresh".into());
        assert!(
            d.copied && d.game.id == "fresh" && d.game.copy_of.as_deref() == Some(ours.id.as_str())
        );
        let d = decide(None, None, &ours, || unreachable!());
        assert!(!d.copied && d.game == ours);
    }

    #[test]
    fn a_link_meets_a_saved_game() {
        let here = with_moves(&["a", "b"]).record;
        let link = |m: &[&str]| with_moves(m).record;
        assert_eq!(link_meets(&here, &link(&["a", "b"])), LinkMeets::Same);
        assert_eq!(
            link_meets(&here, &link(&["a", "b", "c"])),
            LinkMeets::Extends
        );
        assert_eq!(link_meets(&here, &link(&["a"])), LinkMeets::Older);
        assert_eq!(link_meets(&here, &link(&["a", "x"])), LinkMeets::Diverged);
        let mut other = link(&["a", "b", "c"]);
        other.seed += 1;
        assert_eq!(link_meets(&here, &other), LinkMeets::Unrelated);
    }

    #[test]
    fn a_backup_adds_skips_or_copies_never_overwrites() {
        let here = with_moves(&["a", "b"]);
        assert_eq!(restore_as(None, &here), Restore::Add);
        assert_eq!(
            restore_as(Some(&here), &with_moves(&["a", "b"])),
            Restore::Skip
        );
        assert_eq!(restore_as(Some(&here), &with_moves(&["a"])), Restore::Skip);
        assert_eq!(
            restore_as(Some(&here), &with_moves(&["a", "b", "c"])),
            Restore::Copy
        );
        assert_eq!(restore_as(Some(&here), &with_moves(&["x"])), Restore::Copy);
    }

    #[test]
    fn backups_round_trip_and_damage_costs_only_itself() {
        let a = sample();
        let mut b = sample();
        b.id = "g2".into();
        let text = Backup::of(&[a.clone(), b.clone()]);
        let read = Backup::read(&text).expect("a backup");
        assert_eq!(read, vec![Ok(a), Ok(b)]);
        let damaged = text.replacen("\"cursor\":0", "\"cursor\":7", 1);
        let read = Backup::read(&damaged).expect("still a backup");
        assert!(read[0].is_err() && read[1].is_ok(), "{read:?}");
        assert!(Backup::read("{\"format\":1}").is_none());
        assert!(Backup::read("[]").is_none());
    }

    #[test]
    fn a_backup_says_why_it_refuses_a_game_or_a_whole_file() {
        let a = sample();
        let text = Backup::of(std::slice::from_ref(&a));
        // A newer backup format is said to be one, not "not a game record".
        let newer = text.replace("\"stackplay_backup\":1", "\"stackplay_backup\":2");
        assert_eq!(Backup::open(&newer), BackupFile::Newer(2));
        // Names go through a link's checks: no control characters, something visible.
        for (bad, why) in [
            (
                "A\\nB",
                "player 1's name has a line break or another control character",
            ),
            (
                "A\\u0000",
                "player 1's name has a line break or another control character",
            ),
            (
                "\\u200b\\u200b",
                "player 1's name is blank (it shows nothing)",
            ),
        ] {
            let hostile = text.replace("\"name\":\"Ann\"", &format!("\"name\":\"{bad}\""));
            assert_eq!(
                Backup::read(&hostile),
                Some(vec![Err(why.to_string())]),
                "{bad}"
            );
        }
        // A game of a newer version: refused as one, with its reason in words.
        let unknown = text.replace("\"game\":\"stack-control\"", "\"game\":\"hexes\"");
        let BackupFile::Games(games) = Backup::open(&unknown) else {
            panic!("a backup")
        };
        let refusal = games[0].as_ref().unwrap_err();
        assert!(refusal.newer, "{refusal:?}");
        assert!(refusal.reason.contains("does not know"), "{refusal:?}");
    }

    #[test]
    fn an_unknown_game_is_left_for_a_newer_version_without_quoting_it() {
        let mut s = sample();
        s.record.game = "S".repeat(1000);
        let err = SavedGame::parse(&s.to_json()).unwrap_err();
        assert!(err.newer && !err.reason.contains("SSS"), "{err:?}");
    }

    #[test]
    fn reasons_never_quote_the_entry() {
        let secret = "S".repeat(100_000);
        for text in [
            format!("{{\"schema\":1,\"id\":\"{secret}\"}}"),
            format!("{{\"schema\":\"{secret}\"}}"),
            format!("{{\"schema\":1,{secret}"),
            format!("{{\"schema\":1,\"id\":\"g1\",\"record\":{{\"format\":1,\"game\":\"stack-control\",\"options\":\"colours={secret}\",\"seed\":1,\"players\":[],\"moves\":[]}},\"cursor\":0,\"created_ms\":0,\"updated_ms\":0}}"),
            format!("{{\"schema\":1,\"id\":\"g1\",\"record\":{{\"format\":1,\"game\":\"stack-control\",\"options\":\"colours=RB\",\"seed\":1,\"players\":[{{\"name\":\"A\",\"colour\":\"R\"}},{{\"name\":\"B\",\"colour\":\"B\"}}],\"moves\":[\"{secret}\"]}},\"cursor\":0,\"created_ms\":0,\"updated_ms\":0}}"),
        ] {
            let reason = SavedGame::parse(&text).unwrap_err().reason;
            assert!(reason.len() < 200 && !reason.contains("SSS"), "{reason}");
        }
    }
}
