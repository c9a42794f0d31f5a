//! A saved game as stored: a versioned wrapper around a [`GameRecord`].

use crate::core::ApiError;
use crate::json::{self, Json, JsonError, Problem};
use crate::record::{GameRecord, Timeline};
use crate::registry::AnyGame;

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
    /// How many hints (the computer's suggestions) were shown in this game, in all.
    pub hints: u32,
    /// How many of them each seat was shown (by seat; missing seats have none). An entry
    /// written before hints were counted per seat has only the total: read, its hints go to
    /// the game's one person if it has one, and otherwise stay counted for nobody
    /// ([`SavedGame::unattributed_hints`]).
    pub hint_seats: Vec<u32>,
    /// How the players sit around the device.
    pub table: TableSettings,
    /// The game clock's state in the current turn (the clock itself is the record's).
    pub clock: ClockState,
    /// Where the game stands after all its moves, when known for this very record (see
    /// [`SavedGame::standing`]).
    known: Known,
}

/// Where a game stands after all its moves (its end on time included): what a list of saved
/// games shows and counts, kept beside the entry so that a list replays nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// Not over: this seat is to move.
    ToMove(usize),
    /// Over: the seats that share first place (none: a draw that nobody shares).
    Over(Vec<usize>),
}

impl Standing {
    /// Where `game` (a game's last position) stands.
    pub fn of(game: &dyn AnyGame) -> Standing {
        match game.outcome() {
            Some(outcome) => Standing::Over(outcome.winners),
            None => Standing::ToMove(game.to_move().unwrap_or_default()),
        }
    }
}

/// A saved game's [`Standing`] with the check of the record it was found for ([`check_of`]):
/// what the entry knows, not part of the game, so two saved games are equal whatever their
/// `Known` holds.
#[derive(Debug, Clone, Default)]
struct Known(Option<(u64, Standing)>);

impl PartialEq for Known {
    fn eq(&self, _: &Known) -> bool {
        true
    }
}

/// Raised whenever a change to a game's rules or notation could change what a stored record
/// replays to: every standing stored before then stops counting, so each entry is replayed
/// (validated in full) again when it is next read.
const STANDING_RULES: u64 = 1;

/// A check of everything in `record` (FNV-1a over each field): a standing stored with the
/// check of the record beside it was found by replaying that very record.
fn check_of(record: &GameRecord) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64 ^ STANDING_RULES;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes.iter().chain(&[0xff]) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(record.game.as_bytes());
    eat(record.options.as_bytes());
    eat(&record.seed.to_le_bytes());
    eat(&record.format.to_le_bytes());
    for p in &record.players {
        eat(p.name.as_bytes());
        eat(p.colour.as_bytes());
        eat(p.computer.map_or("", |c| c.label()).as_bytes());
    }
    for mv in &record.moves {
        eat(mv.as_bytes());
    }
    if let Some(clock) = record.clock {
        eat(&clock.base_ms().to_le_bytes());
        eat(&clock.increment_ms().to_le_bytes());
    }
    for t in &record.times {
        eat(&t.to_le_bytes());
    }
    eat(&record.timeout.map_or(u64::MAX, |s| s as u64).to_le_bytes());
    hash
}

/// How the players sit around the device: stored with the game, so a reload keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TableSettings {
    /// The players sit around the table (each seat's parts face that seat).
    pub around: bool,
    /// The board is turned half round.
    pub flipped: bool,
}

/// The game clock's state in the current turn, as moments rather than a timer, so a reload or
/// a closed tab keeps the clock exactly (time passes while the tab is closed if the clock was
/// running). The time left is worked out from the record's times; this holds only what the
/// current turn has used.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ClockState {
    /// The players paused the clock.
    pub paused: bool,
    /// Time already used in the current turn, in milliseconds, from spells of running that
    /// have ended (a pause, a hand-off screen).
    pub used_ms: f64,
    /// When the clock's current spell of running began (milliseconds since 1970); `None`
    /// when it is not running.
    pub since_ms: Option<f64>,
}

/// The largest time a saved game's clock state may hold (milliseconds; as the entry's other
/// times).
const MAX_MS: f64 = 1e15;

impl ClockState {
    /// Whether every time in it is a usable one: finite, not negative, below 10^15.
    fn usable(&self) -> bool {
        let ok = |t: f64| t.is_finite() && (0.0..MAX_MS).contains(&t);
        ok(self.used_ms) && self.since_ms.is_none_or(ok)
    }
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
    pub(super) fn damaged(reason: impl Into<String>) -> Self {
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
            hint_seats: Vec::new(),
            table: TableSettings::default(),
            clock: ClockState::default(),
            known: Known::default(),
        }
    }

    /// Where the game stands after all its moves, if it is known for the record as it is
    /// now (found when the entry was read or played, or stored with it).
    pub fn standing(&self) -> Option<&Standing> {
        self.known
            .0
            .as_ref()
            .filter(|(check, _)| *check == check_of(&self.record))
            .map(|(_, standing)| standing)
    }

    /// Where the game stands after all its moves: as noted, or found by replaying it once
    /// (and noted); `None` when it does not replay.
    pub fn standing_now(&mut self) -> Option<Standing> {
        if let Some(standing) = self.standing() {
            return Some(standing.clone());
        }
        let last = self.record.replay(usize::MAX).ok()?;
        self.note_standing(last.as_ref());
        Some(Standing::of(last.as_ref()))
    }

    /// Notes where the game stands: `last` is the position after all its moves.
    pub fn note_standing(&mut self, last: &dyn AnyGame) {
        self.known = Known(Some((check_of(&self.record), Standing::of(last))));
    }

    /// How many hints `seat` was shown.
    pub fn hints_of(&self, seat: usize) -> u32 {
        self.hint_seats.get(seat).copied().unwrap_or(0)
    }

    /// How many hints were shown before they were counted per seat, in a game with more
    /// than one person (an older entry's total, kept).
    pub fn unattributed_hints(&self) -> u32 {
        self.hints
            .saturating_sub(self.hint_seats.iter().fold(0, |a, &n| a.saturating_add(n)))
    }

    /// Counts a hint shown to `seat`.
    pub fn count_hint(&mut self, seat: usize) {
        if self.hint_seats.len() <= seat {
            self.hint_seats.resize(seat + 1, 0);
        }
        self.hint_seats[seat] = self.hint_seats[seat].saturating_add(1);
        self.hints = self.hints.saturating_add(1);
    }

    /// Reads and fully validates a stored entry.
    ///
    /// # Errors
    /// A sentence saying what is wrong: not JSON, an unknown schema, a record that does not
    /// replay, a cursor past the moves.
    ///
    /// An entry stored with its standing for this very record (see [`check_of`]) was replayed
    /// when it was written: it is not replayed again (a list of thousands opens at once).
    pub fn parse(text: &str) -> Result<SavedGame, EntryError> {
        let tree = json::parse(text)
            .map_err(|e| EntryError::damaged(format!("not readable ({})", json_problem(&e))))?;
        let saved = SavedGame::judge_head(&tree)?;
        if saved.standing().is_some() {
            return saved.judge_tail();
        }
        SavedGame::judge_line_of(saved).map(|(saved, _)| saved)
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
        SavedGame::judge_line_of(SavedGame::judge_head(tree)?)
    }

    /// The replay of [`SavedGame::judge_line`] and the checks after it.
    fn judge_line_of(mut saved: SavedGame) -> Result<(SavedGame, Timeline), EntryError> {
        let (record, line) = saved.record.normalised_line().map_err(record_refusal)?;
        saved.record = record;
        saved.note_standing(line.last().as_ref());
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
        if !saved.clock.usable() {
            return Err(EntryError::damaged(
                "damaged (its clock's times are not usable)",
            ));
        }
        // Hints per seat: no more seats than players, and the total at least their sum. An
        // entry from before they were counted per seat gives its total to its one person.
        saved.hint_seats.truncate(saved.record.players.len());
        let counted = saved
            .hint_seats
            .iter()
            .fold(0u32, |a, &n| a.saturating_add(n));
        saved.hints = saved.hints.max(counted);
        let mut people = saved
            .record
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.computer.is_none());
        if let (0, Some((person, _)), None) = (counted, people.next(), people.next()) {
            if saved.hints > 0 {
                saved.hint_seats = vec![0; person + 1];
                saved.hint_seats[person] = saved.hints;
            }
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
            hint_seats: match v.field("hint_seats")? {
                Some(seats) => seats
                    .items()?
                    .iter()
                    .map(Json::whole)
                    .collect::<Result<_, _>>()?,
                None => Vec::new(),
            },
            table: match v.field("table")? {
                Some(t) => TableSettings {
                    around: flag(t, "around")?,
                    flipped: flag(t, "flipped")?,
                },
                None => TableSettings::default(),
            },
            clock: match v.field("clock")? {
                Some(c) => ClockState {
                    paused: flag(c, "paused")?,
                    used_ms: match c.field("used")? {
                        Some(n) => n.f64()?,
                        None => 0.0,
                    },
                    since_ms: c.field("since")?.map(Json::f64).transpose()?,
                },
                None => ClockState::default(),
            },
            // What the entry knows of where it stands: a damaged one is only not known.
            known: Known(
                v.field("standing")
                    .ok()
                    .flatten()
                    .and_then(|k| read_standing(k).ok()),
            ),
        })
    }

    /// The entry as stored: `{"schema":1,"id":...,"record":{...},"cursor":...,
    /// "created_ms":...,"updated_ms":...}`, and `"copy_of"` when it is a copy, `"hints"` (in all)
    /// and `"hint_seats":[0,3]` (by seat) when some were shown, `"table":{"around":true,"flipped":false}` and
    /// `"clock":{"paused":false,"used":1234.0,"since":1700000000000.0}` when not as a new
    /// game's (`"since"` only while the clock runs), so an entry without them is written as
    /// before they were; and `"standing":{"check":12345,"to_move":1}` (the check a whole number
    /// below 2^64; or
    /// `"winners":[0]`) when where it stands is known for this record ([`SavedGame::standing`]).
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
        if self.hint_seats.iter().any(|&n| n > 0) {
            json::write_key(&mut out, "hint_seats");
            let counts: Vec<String> = self.hint_seats.iter().map(u32::to_string).collect();
            out.push('[');
            out.push_str(&counts.join(","));
            out.push(']');
        }
        if self.table != TableSettings::default() {
            json::write_key(&mut out, "table");
            out.push('{');
            json::write_key(&mut out, "around");
            out.push_str(bool_word(self.table.around));
            json::write_key(&mut out, "flipped");
            out.push_str(bool_word(self.table.flipped));
            out.push('}');
        }
        if self.clock != ClockState::default() {
            json::write_key(&mut out, "clock");
            out.push('{');
            json::write_key(&mut out, "paused");
            out.push_str(bool_word(self.clock.paused));
            json::write_key(&mut out, "used");
            json::write_f64(&mut out, self.clock.used_ms);
            if let Some(since) = self.clock.since_ms {
                json::write_key(&mut out, "since");
                json::write_f64(&mut out, since);
            }
            out.push('}');
        }
        if let Some(standing) = self.standing() {
            json::write_key(&mut out, "standing");
            out.push('{');
            json::write_key(&mut out, "check");
            out.push_str(&check_of(&self.record).to_string());
            match standing {
                Standing::ToMove(seat) => {
                    json::write_key(&mut out, "to_move");
                    out.push_str(&seat.to_string());
                }
                Standing::Over(winners) => {
                    json::write_key(&mut out, "winners");
                    let seats: Vec<String> = winners.iter().map(usize::to_string).collect();
                    out.push('[');
                    out.push_str(&seats.join(","));
                    out.push(']');
                }
            }
            out.push('}');
        }
        out.push('}');
        out
    }

    /// Plays `mv` at the cursor: later moves (if the player had stepped back) are dropped,
    /// with their times and an end on time after them. (The move's own time is the
    /// session's to record.)
    pub fn push_move(&mut self, mv: String, now_ms: f64) {
        if self.cursor < self.record.moves.len() || self.record.timeout.is_some() {
            self.record.times.truncate(self.cursor);
            self.record.timeout = None;
        }
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

/// A stored standing: `{"check":12345,"to_move":1}` or `{"check":12345,"winners":[0]}`.
fn read_standing(v: &Json) -> Result<(u64, Standing), JsonError> {
    let check = v.need("check")?.u64()?;
    let standing = match v.field("winners")? {
        Some(w) => Standing::Over(
            w.items()?
                .iter()
                .map(Json::whole)
                .collect::<Result<_, _>>()?,
        ),
        None => Standing::ToMove(v.need("to_move")?.whole()?),
    };
    Ok((check, standing))
}

/// A switch of an object: `false` when absent.
fn flag(v: &Json, key: &str) -> Result<bool, JsonError> {
    v.field(key)?.map_or(Ok(false), Json::bool)
}

fn bool_word(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
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

/// Whether `id` can name a saved game: 1 to 64 letters, digits, `-` or `_`.
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::record::{PlayerInfo, Strength};

    pub(crate) fn sample() -> SavedGame {
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
    fn hints_are_counted_per_seat_and_an_older_total_is_kept() {
        let mut s = sample();
        s.count_hint(1);
        s.count_hint(1);
        s.count_hint(0);
        assert_eq!(
            (s.hints, s.hints_of(0), s.hints_of(1), s.hints_of(5)),
            (3, 1, 2, 0)
        );
        let text = s.to_json();
        assert!(text.contains(r#""hints":3,"hint_seats":[1,2]"#), "{text}");
        assert_eq!(SavedGame::parse(&text).unwrap(), s);
        // Before hints were counted per seat: one total. Two people: it stays counted for
        // nobody, and the next hint is counted for its seat on top of it.
        let older = sample()
            .to_json()
            .replace(r#""updated_ms":1.0"#, r#""updated_ms":1.0,"hints":85"#);
        let mut old = SavedGame::parse(&older).unwrap();
        assert_eq!(
            (old.hints, old.unattributed_hints(), old.hints_of(0)),
            (85, 85, 0)
        );
        let back = old.to_json();
        assert!(
            back.starts_with(older.trim_end_matches('}')) && back.contains(r#","standing":{"#),
            "written back as it was, with where it stands: {back}"
        );
        old.count_hint(1);
        assert_eq!(
            (old.hints, old.unattributed_hints(), old.hints_of(1)),
            (86, 85, 1)
        );
        // One person against the computer: the hints were theirs.
        let alone = older.replace(r#""colour":"B"}"#, r#""colour":"B","computer":"normal"}"#);
        assert_ne!(alone, older);
        let alone = SavedGame::parse(&alone).unwrap();
        assert_eq!((alone.hints_of(0), alone.unattributed_hints()), (85, 0));
        // More seats than players, or seats counting more than the total: read sensibly.
        let odd = text.replace(
            r#""hints":3,"hint_seats":[1,2]"#,
            r#""hints":1,"hint_seats":[1,2,7]"#,
        );
        let odd = SavedGame::parse(&odd).unwrap();
        assert_eq!((odd.hints, odd.hint_seats.clone()), (3, vec![1, 2]));
        let bad = text.replace("[1,2]", r#"[1,"2"]"#);
        assert!(SavedGame::parse(&bad).is_err());
    }

    #[test]
    fn where_a_game_stands_is_kept_beside_it_and_trusted_only_for_its_own_record() {
        let mut s = sample();
        let first = s.record.start().unwrap().legal_moves()[0].clone();
        s.push_move(first, 2.0);
        assert_eq!(s.standing(), None, "a new game's is not known");
        let text = s.to_json();
        assert!(!text.contains("standing"), "{text}");
        // Read in full (replayed): found, and written with the entry.
        let want = Standing::of(s.record.replay(1).unwrap().as_ref());
        let Standing::ToMove(seat) = want else {
            panic!("{want:?}");
        };
        let read = SavedGame::parse(&text).unwrap();
        assert_eq!(read.standing(), Some(&want));
        let stored = read.to_json();
        assert!(
            stored.contains(r#","standing":{"check":"#)
                && stored.ends_with(&format!(r#","to_move":{seat}}}}}"#)),
            "{stored}"
        );
        assert_eq!(SavedGame::parse(&stored).unwrap().standing(), Some(&want));
        // A move played after it was found: no longer known, so not written.
        let mut played = read.clone();
        let next = played.record.replay(1).unwrap().legal_moves()[0].clone();
        played.push_move(next, 3.0);
        assert_eq!(played.standing(), None);
        assert!(!played.to_json().contains("standing"));
        // Stored beside a record it was not found for (an illegal move, a name made too long):
        // the entry is replayed and refused as before.
        for bad in [
            stored.replace(r#""moves":[""#, r#""moves":["a1-a2",""#),
            stored.replace(
                r#""name":"Ann""#,
                &format!(r#""name":"{}""#, "A".repeat(41)),
            ),
        ] {
            assert_ne!(bad, stored);
            assert!(SavedGame::parse(&bad).is_err(), "{bad}");
        }
        // A damaged standing is only not known: the entry is replayed and opens.
        for odd in [r#""check":"1""#, r#""check":1.5"#] {
            let odd = stored.replacen(r#""check":"#, &format!("{odd},\"x\":"), 1);
            let read = SavedGame::parse(&odd).unwrap();
            assert_eq!(read.standing(), Some(&want), "{odd}");
        }
        // A finished game: its winners.
        let mut over = sample();
        let mut game = over.record.start().unwrap();
        while game.outcome().is_none() {
            let mv = game.legal_moves()[0].clone();
            game.play(&mv).unwrap();
            over.push_move(mv, 4.0);
        }
        let read = SavedGame::parse(&over.to_json()).unwrap();
        let Some(Standing::Over(winners)) = read.standing() else {
            panic!("{:?}", read.standing());
        };
        assert_eq!(winners, &game.outcome().unwrap().winners);
        assert!(read.to_json().contains(r#","winners":["#));
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
