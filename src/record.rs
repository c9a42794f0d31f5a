//! Game records: what is saved and shared. The position is rebuilt by replaying the moves.

use std::rc::Rc;

use crate::core::{ApiError, PlayError, Seat};
pub use crate::core::{PlayerInfo, Strength};
use crate::json::{self, Json, JsonError, Problem};
use crate::registry::{self, AnyGame};

mod flag;

use flag::Flagged;

/// The record format this build writes and reads.
pub const RECORD_FORMAT: u32 = 1;

/// What starts a compressed link payload (`.` is not in base64url, so a plain payload, which
/// starts `ey`, never does).
const COMPRESSED: &str = "z.";

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
const MAX_MOVES: usize = 20_000;
/// The longest time a move may be recorded as using, in milliseconds (about 115 days).
pub const MAX_MOVE_MS: u64 = 10_000_000_000;

/// A game clock: each person has `minutes` for the whole game, and `increment_s` seconds are
/// added after each of their turns (Fischer; once per turn in a game whose turn is several
/// moves). The computer has no clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockRule {
    /// The time per player, in minutes ([`ClockRule::MINUTES`]).
    pub minutes: u32,
    /// The increment per turn, in seconds ([`ClockRule::INCREMENT_S`]).
    pub increment_s: u32,
}

impl ClockRule {
    /// The times per player a clock may have, in minutes.
    pub const MINUTES: std::ops::RangeInclusive<u32> = 1..=90;
    /// The increments a clock may have, in seconds.
    pub const INCREMENT_S: std::ops::RangeInclusive<u32> = 0..=60;

    /// A clock of `minutes` per player plus `increment_s` seconds a turn, when both are in
    /// range.
    pub fn new(minutes: u32, increment_s: u32) -> Option<ClockRule> {
        let rule = ClockRule {
            minutes,
            increment_s,
        };
        rule.check().is_ok().then_some(rule)
    }

    /// The time per player, in milliseconds.
    pub fn base_ms(&self) -> u64 {
        u64::from(self.minutes) * 60_000
    }

    /// The increment per turn, in milliseconds.
    pub fn increment_ms(&self) -> u64 {
        u64::from(self.increment_s) * 1_000
    }

    /// The clock in words: "5 min + 3 s", or "10 min" without an increment.
    pub fn label(&self) -> String {
        if self.increment_s == 0 {
            format!("{} min", self.minutes)
        } else {
            format!("{} min + {} s", self.minutes, self.increment_s)
        }
    }

    /// Whether both numbers are in range; the words say which is not.
    ///
    /// # Errors
    /// Words that complete "its clock ...".
    fn check(&self) -> Result<(), String> {
        if !Self::MINUTES.contains(&self.minutes) {
            return Err(format!(
                "gives each player {} minutes (from 1 to 90 are allowed)",
                self.minutes
            ));
        }
        if !Self::INCREMENT_S.contains(&self.increment_s) {
            return Err(format!(
                "adds {} seconds a turn (from 0 to 60 are allowed)",
                self.increment_s
            ));
        }
        Ok(())
    }
}

/// Every position of a game from its start, and who made each move. Positions are shared
/// (`Rc`), so copying a timeline is cheap, and a move extends it without replaying the game.
#[derive(Debug, Clone)]
pub struct Timeline {
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<Rc<dyn AnyGame>>,
    /// `movers[i]` is the seat that made move `i + 1`.
    movers: Vec<Seat>,
    /// When the game ended on time after the last move: the seat whose clock ran out, and the
    /// last position as it was before (the last of `positions` is then its [`Flagged`]
    /// wrapper).
    flag: Option<(Seat, Rc<dyn AnyGame>)>,
}

impl Timeline {
    /// A timeline holding only the start.
    pub fn new(start: Box<dyn AnyGame>) -> Self {
        Timeline {
            positions: vec![Rc::from(start)],
            movers: Vec::new(),
            flag: None,
        }
    }

    /// How many moves it holds.
    pub fn moves(&self) -> usize {
        self.movers.len()
    }

    /// The position after `moves` moves (the last one when there are fewer).
    pub fn position(&self, moves: usize) -> &Rc<dyn AnyGame> {
        &self.positions[moves.min(self.positions.len() - 1)]
    }

    /// The last position.
    pub fn last(&self) -> &Rc<dyn AnyGame> {
        self.position(self.moves())
    }

    /// The seat that made move `i + 1`.
    pub fn mover(&self, i: usize) -> Option<Seat> {
        self.movers.get(i).copied()
    }

    /// Forgets every move after the first `moves`, and the end on time if there was one.
    pub fn truncate(&mut self, moves: usize) {
        self.unflag();
        self.positions.truncate(moves + 1);
        self.movers.truncate(moves);
    }

    /// Ends the game on time after the last move: `seat`'s clock ran out (`name` is its
    /// player's). The last position then has nobody to move and no legal move, and its
    /// outcome gives every other seat the win, "on time". Nothing changes unless `seat` is to
    /// move in the last position (a finished game cannot also end on time).
    pub fn flag(&mut self, seat: Seat, name: &str) {
        let last = Rc::clone(self.last());
        if last.to_move() != Some(seat) {
            return;
        }
        let flagged: Rc<dyn AnyGame> = Rc::new(Flagged::new(Rc::clone(&last), seat, name));
        if let Some(end) = self.positions.last_mut() {
            *end = flagged;
        }
        self.flag = Some((seat, last));
    }

    /// The seat whose clock ran out after the last move, if the game ended on time.
    pub fn flagged(&self) -> Option<Seat> {
        self.flag.as_ref().map(|(seat, _)| *seat)
    }

    /// The last position as it was before the game ended on time.
    fn unflag(&mut self) {
        if let Some((_, last)) = self.flag.take() {
            if let Some(end) = self.positions.last_mut() {
                *end = last;
            }
        }
    }

    /// Plays `mv` (move notation) after the last position; returns its canonical notation. A
    /// game that ended on time goes on from its last position as it was before (the flag is
    /// dropped).
    ///
    /// # Errors
    /// When it does not parse or is not legal; the timeline is then unchanged.
    pub fn push(&mut self, mv: &str) -> Result<String, ApiError> {
        let last = match &self.flag {
            Some((_, before)) => before,
            None => self.last(),
        };
        let mover = last.to_move().unwrap_or_default();
        let mut next = last.clone_box();
        let canonical = next.play(mv)?;
        self.unflag();
        self.positions.push(Rc::from(next));
        self.movers.push(mover);
        Ok(canonical)
    }
}

/// Everything needed to rebuild a game exactly: which game, its options, its seed and its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// Record format version ([`RECORD_FORMAT`]).
    pub format: u32,
    /// Game slug.
    pub game: String,
    /// Options notation.
    pub options: String,
    /// The seed of all the game's randomness.
    pub seed: u64,
    /// One entry per seat.
    pub players: Vec<PlayerInfo>,
    /// Moves in move notation, in the order played.
    pub moves: Vec<String>,
    /// The game's clock, if it has one.
    pub clock: Option<ClockRule>,
    /// The time each move used, in milliseconds, in the order played (0 for the computer's):
    /// as many as the moves or fewer (a move without a time used none). Empty without a clock.
    pub times: Vec<u64>,
    /// The game ended when this seat's clock ran out, after all the moves.
    pub timeout: Option<Seat>,
}

impl GameRecord {
    /// A record of a game of `slug` for `players` not yet begun, as the new-game form makes it
    /// by default: its options and each seat's side, the seats named "Player 1", "Player 2"...
    ///
    /// # Errors
    /// An unknown game, or a number of players it does not take.
    pub fn with_defaults(slug: &str, players: usize, seed: u64) -> Result<Self, ApiError> {
        let entry = registry::find(slug)?;
        let choices = entry.setup_form(players)?.defaults(players);
        let options = entry.options_from(&choices)?;
        let seats = choices
            .sides
            .iter()
            .enumerate()
            .map(|(s, side)| PlayerInfo {
                name: format!("Player {}", s + 1),
                colour: side.clone(),
                computer: None,
            })
            .collect();
        Ok(GameRecord::new(slug, &options, seed, seats))
    }

    /// A record of a game not yet begun.
    pub fn new(game: &str, options: &str, seed: u64, players: Vec<PlayerInfo>) -> Self {
        GameRecord {
            format: RECORD_FORMAT,
            game: game.to_string(),
            options: options.to_string(),
            seed,
            players,
            moves: Vec::new(),
            clock: None,
            times: Vec::new(),
            timeout: None,
        }
    }

    /// The record with `clock` as its game clock (a new game's choice).
    #[must_use]
    pub fn with_clock(mut self, clock: Option<ClockRule>) -> Self {
        self.clock = clock;
        self
    }

    /// The record of the game as it stood after its first `moves` moves (all of them when
    /// `moves` is larger): later moves and their times are left out, and so is an end on
    /// time unless every move is kept. What to send for the position on the board.
    #[must_use]
    pub fn upto(&self, moves: usize) -> GameRecord {
        let mut record = self.clone();
        if moves < record.moves.len() {
            record.moves.truncate(moves);
            record.times.truncate(moves);
            record.timeout = None;
        }
        record
    }

    /// Whether this record's history holds all of `other`'s: every one of its moves, and its
    /// end on time if it has one (this record then ends the same way, after the same moves).
    pub fn holds(&self, other: &GameRecord) -> bool {
        self.moves.starts_with(&other.moves)
            && (other.timeout.is_none()
                || (self.moves.len() == other.moves.len() && self.timeout == other.timeout))
    }

    /// The name of the player at `seat` ("Player 2" if the record has none).
    pub fn name(&self, seat: Seat) -> String {
        self.players
            .get(seat)
            .map_or_else(|| format!("Player {}", seat + 1), |p| p.name.clone())
    }

    /// Whether `other` is the same game from the same start (game, options, seed, players,
    /// clock): their moves are then two histories of one game.
    pub fn same_start(&self, other: &GameRecord) -> bool {
        self.format == other.format
            && self.game == other.game
            && self.options == other.options
            && self.seed == other.seed
            && self.players == other.players
            && self.clock == other.clock
    }

    /// The starting position.
    ///
    /// # Errors
    /// Unknown game or bad options.
    pub fn start(&self) -> Result<Box<dyn AnyGame>, ApiError> {
        registry::create(&self.game, &self.options, self.seed)
    }

    /// The position after the first `upto` moves (all of them when `upto` is larger); after
    /// all of them, a game that ended on time ([`GameRecord::timeout`]) is over.
    ///
    /// # Errors
    /// When the game cannot start or a move is refused; the message names the move.
    pub fn replay(&self, upto: usize) -> Result<Box<dyn AnyGame>, ApiError> {
        let game = self.replay_canonical(upto)?.0;
        Ok(match self.timeout {
            Some(seat) if upto >= self.moves.len() && game.to_move() == Some(seat) => {
                Box::new(Flagged::new(Rc::from(game), seat, &self.name(seat)))
            }
            _ => game,
        })
    }

    /// The position after the first `upto` moves, and those moves in canonical notation.
    fn replay_canonical(&self, upto: usize) -> Result<(Box<dyn AnyGame>, Vec<String>), ApiError> {
        self.replay_from(self.start()?, upto)
    }

    /// Plays the first `upto` moves on `game` (the start); returns it and the canonical moves.
    fn replay_from(
        &self,
        mut game: Box<dyn AnyGame>,
        upto: usize,
    ) -> Result<(Box<dyn AnyGame>, Vec<String>), ApiError> {
        let mut canonical = Vec::with_capacity(upto.min(self.moves.len()));
        for (i, mv) in self.moves.iter().take(upto).enumerate() {
            canonical.push(play_recorded(game.as_mut(), i, mv)?);
        }
        Ok((game, canonical))
    }

    /// Every position from the start to the end, and who made each move.
    ///
    /// # Errors
    /// When the game cannot start or a move is refused; the message names the move.
    pub fn timeline(&self) -> Result<Timeline, ApiError> {
        let mut line = Timeline::new(self.start()?);
        for (i, mv) in self.moves.iter().enumerate() {
            line.push(mv).map_err(|e| refused(i, &e))?;
        }
        if let Some(seat) = self.timeout {
            line.flag(seat, &self.name(seat));
        }
        Ok(line)
    }

    /// Checks everything a record from outside must satisfy: known format and game, options
    /// that start a game, one player per seat with sensible names, and moves that all replay.
    ///
    /// # Errors
    /// [`ApiError::BadRecord`] (or a more precise error) saying what is wrong.
    pub fn validate(&self) -> Result<Box<dyn AnyGame>, ApiError> {
        Ok(self.normalised_line()?.1.last().clone_box())
    }

    /// The record validated in full ([`GameRecord::validate`]), with every move rewritten in
    /// its canonical notation (so ` C3-E5 ` from a hand-edited file is stored as `c3-e5`).
    ///
    /// # Errors
    /// As [`GameRecord::validate`].
    pub fn normalised(&self) -> Result<GameRecord, ApiError> {
        Ok(self.normalised_line()?.0)
    }

    /// The record validated in full and normalised ([`GameRecord::normalised`]) in the same
    /// replay that builds its [`Timeline`]: what a page opens without replaying it again.
    ///
    /// # Errors
    /// As [`GameRecord::validate`].
    pub fn normalised_line(&self) -> Result<(GameRecord, Timeline), ApiError> {
        let mut line = Timeline::new(self.checked_start()?);
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, mv) in self.moves.iter().enumerate() {
            moves.push(line.push(mv).map_err(|e| refused(i, &e))?);
        }
        if let Some(seat) = self.timeout {
            if line.last().to_move().is_none() {
                return Err(ApiError::BadRecord(format!(
                    "it says player {}'s clock ran out, but the game was already over",
                    seat + 1
                )));
            }
            if line.last().to_move() != Some(seat) {
                return Err(ApiError::BadRecord(format!(
                    "it says player {}'s clock ran out, but that player was not to move",
                    seat + 1
                )));
            }
            line.flag(seat, &self.name(seat));
        }
        Ok((
            GameRecord {
                moves,
                ..self.clone()
            },
            line,
        ))
    }

    /// Every check of [`GameRecord::validate`] but the moves' own; the starting position.
    fn checked_start(&self) -> Result<Box<dyn AnyGame>, ApiError> {
        if self.format != RECORD_FORMAT {
            return Err(ApiError::BadRecord(format!(
                "it is in format version {}, and this app reads version {RECORD_FORMAT}",
                self.format
            )));
        }
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::BadRecord("it has too many moves".into()));
        }
        let start = self.start()?;
        if self.players.len() != start.seats() {
            return Err(ApiError::BadRecord(format!(
                "it names {} players for a {}-seat game",
                self.players.len(),
                start.seats()
            )));
        }
        for (seat, p) in self.players.iter().enumerate() {
            // Saved games keep the rule they were saved under (1 to 40 characters, not all
            // spaces); new games, files and links meet [`check_name`] too.
            if p.name.trim().is_empty() || p.name.chars().count() > MAX_NAME_CHARS {
                return Err(ApiError::BadRecord(format!(
                    "player {}'s name is blank or longer than {MAX_NAME_CHARS} characters",
                    seat + 1
                )));
            }
            let colour_ok = match start.seat_label(seat) {
                Some(label) => p.colour == label,
                None => {
                    p.colour.len() <= 16
                        && p.colour
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '#')
                }
            };
            if !colour_ok {
                return Err(ApiError::BadRecord(format!(
                    "player {}'s colour does not fit the game",
                    seat + 1
                )));
            }
        }
        self.check_clock()?;
        Ok(start)
    }

    /// The clock's checks of [`GameRecord::validate`] that need no replay: the clock's
    /// numbers, the moves' times, and whose clock ran out. (That this seat was to move at the
    /// end is checked after the replay.)
    fn check_clock(&self) -> Result<(), ApiError> {
        let bad = |why: String| Err(ApiError::BadRecord(why));
        let Some(clock) = self.clock else {
            if !self.times.is_empty() {
                return bad("it has times for its moves but no clock".into());
            }
            if self.timeout.is_some() {
                return bad("it says a clock ran out, but the game has no clock".into());
            }
            return Ok(());
        };
        if let Err(why) = clock.check() {
            return bad(format!("its clock {why}"));
        }
        if self.times.len() > self.moves.len() {
            return bad(format!(
                "it has {} times for {} moves",
                self.times.len(),
                self.moves.len()
            ));
        }
        if let Some(i) = self.times.iter().position(|&t| t > MAX_MOVE_MS) {
            return bad(format!(
                "move {} is said to have taken longer than any game lasts",
                i + 1
            ));
        }
        if let Some(seat) = self.timeout {
            match self.players.get(seat) {
                None => {
                    return bad(format!(
                        "it says player {}'s clock ran out, but there is no such player",
                        seat + 1
                    ))
                }
                Some(p) if p.computer.is_some() => {
                    return bad(format!(
                        "it says player {}'s clock ran out, but the computer plays that seat and has no clock",
                        seat + 1
                    ))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// The record as JSON (what files and links carry).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// Appends the record as JSON: `{"format":1,"game":...,"options":...,"seed":...,
    /// "players":[{"name":...,"colour":...,"computer":...}],"moves":[...]}` (a person's seat
    /// has no `computer`), then for a game with a clock `"clock":{"minutes":5,"increment":3}`,
    /// `"times":[...]` when a move has a time and `"timeout":1` when a clock ran out (a game
    /// without a clock is written as before clocks were: an older app reads it, and ignores
    /// the clock of one that has one).
    pub fn write_json(&self, out: &mut String) {
        out.push('{');
        json::write_key(out, "format");
        out.push_str(&self.format.to_string());
        json::write_key(out, "game");
        json::write_str(out, &self.game);
        json::write_key(out, "options");
        json::write_str(out, &self.options);
        json::write_key(out, "seed");
        out.push_str(&self.seed.to_string());
        json::write_key(out, "players");
        out.push('[');
        for (i, p) in self.players.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('{');
            json::write_key(out, "name");
            json::write_str(out, &p.name);
            json::write_key(out, "colour");
            json::write_str(out, &p.colour);
            if let Some(strength) = p.computer {
                json::write_key(out, "computer");
                json::write_str(out, strength.label());
            }
            out.push('}');
        }
        out.push(']');
        json::write_key(out, "moves");
        out.push('[');
        for (i, mv) in self.moves.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json::write_str(out, mv);
        }
        out.push(']');
        if let Some(clock) = self.clock {
            json::write_key(out, "clock");
            out.push('{');
            json::write_key(out, "minutes");
            out.push_str(&clock.minutes.to_string());
            json::write_key(out, "increment");
            out.push_str(&clock.increment_s.to_string());
            out.push('}');
        }
        if !self.times.is_empty() {
            json::write_key(out, "times");
            out.push('[');
            for (i, t) in self.times.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&t.to_string());
            }
            out.push(']');
        }
        if let Some(seat) = self.timeout {
            json::write_key(out, "timeout");
            out.push_str(&seat.to_string());
        }
        out.push('}');
    }

    /// The record in a JSON tree, as written, not yet validated. Fields this version does not
    /// know are ignored; a strength word it does not know reads as normal.
    ///
    /// # Errors
    /// A part missing, twice or of the wrong kind.
    pub fn from_tree(v: &Json) -> Result<GameRecord, JsonError> {
        let strings = |key: &str| -> Result<Vec<String>, JsonError> {
            v.need(key)?
                .items()?
                .iter()
                .map(|m| m.str().map(str::to_string))
                .collect()
        };
        let players = v
            .need("players")?
            .items()?
            .iter()
            .map(|p| {
                Ok(PlayerInfo {
                    name: p.need("name")?.str()?.to_string(),
                    colour: p.need("colour")?.str()?.to_string(),
                    computer: match p.field("computer")? {
                        None => None,
                        Some(word) => {
                            Some(Strength::from_label(word.str()?).unwrap_or(Strength::Normal))
                        }
                    },
                })
            })
            .collect::<Result<_, JsonError>>()?;
        Ok(GameRecord {
            format: v.need("format")?.whole()?,
            game: v.need("game")?.str()?.to_string(),
            options: v.need("options")?.str()?.to_string(),
            seed: v.need("seed")?.u64()?,
            players,
            moves: strings("moves")?,
            clock: match v.field("clock")? {
                None => None,
                Some(c) => Some(ClockRule {
                    minutes: c.need("minutes")?.whole()?,
                    increment_s: match c.field("increment")? {
                        Some(n) => n.whole()?,
                        None => 0,
                    },
                }),
            },
            times: match v.field("times")? {
                None => Vec::new(),
                Some(t) => t.items()?.iter().map(Json::u64).collect::<Result<_, _>>()?,
            },
            timeout: match v.field("timeout")? {
                None => None,
                Some(seat) => Some(seat.whole()?),
            },
        })
    }

    /// A record from JSON, fully validated, its moves in canonical notation.
    ///
    /// # Errors
    /// When the text is not a record or the record is not valid.
    pub fn from_json(text: &str) -> Result<Self, ApiError> {
        let record = json::parse(text)
            .and_then(|v| GameRecord::from_tree(&v))
            .map_err(|e| {
                ApiError::BadRecord(
                    match e.problem {
                        Problem::CutShort => "it is cut short: part of the game record is missing",
                        Problem::WrongShape => "it is not a game record (parts of one are missing or of the wrong kind)",
                        Problem::NotJson => "it is not a game record",
                    }
                    .into(),
                )
            })?;
        let record = record.normalised()?;
        for (seat, p) in record.players.iter().enumerate() {
            check_name(&p.name)
                .map_err(|why| ApiError::BadRecord(format!("player {}'s name {why}", seat + 1)))?;
        }
        Ok(record)
    }

    /// The record packed for a URL (base64url of its JSON, no padding).
    pub fn to_link_payload(&self) -> String {
        base64url_encode(self.to_json().as_bytes())
    }

    /// The compressed link payload for `deflated`, the record's JSON compressed with raw
    /// deflate (the browser compresses): `z.` then base64url. Links stay short enough for a
    /// chat message.
    pub fn compressed_payload(deflated: &[u8]) -> String {
        format!("{COMPRESSED}{}", base64url_encode(deflated))
    }

    /// The deflate bytes of a compressed link payload (`None`: not a compressed payload).
    ///
    /// # Errors
    /// When it is one but damaged.
    pub fn compressed_bytes(payload: &str) -> Result<Option<Vec<u8>>, ApiError> {
        let Some(data) = payload.trim().strip_prefix(COMPRESSED) else {
            return Ok(None);
        };
        if data.len() > 2_000_000 {
            return Err(ApiError::BadRecord(
                "the link is too long to be a game".into(),
            ));
        }
        base64url_decode(data)
            .map(Some)
            .ok_or_else(|| ApiError::BadRecord("the link is damaged (not base64url)".into()))
    }

    /// A record from a URL payload made by [`GameRecord::to_link_payload`], fully validated.
    ///
    /// # Errors
    /// When the payload is damaged or the record is not valid.
    pub fn from_link_payload(payload: &str) -> Result<Self, ApiError> {
        if payload.trim().is_empty() {
            return Err(ApiError::BadRecord("the link carries no game".into()));
        }
        if payload.len() > 2_000_000 {
            return Err(ApiError::BadRecord(
                "the link is too long to be a game".into(),
            ));
        }
        // A chat app or mail client may have percent-encoded the link.
        let payload = payload
            .trim()
            .replace("%2B", "+")
            .replace("%2b", "+")
            .replace("%2F", "/")
            .replace("%2f", "/")
            .replace("%3D", "=")
            .replace("%3d", "=");
        let bytes = base64url_decode(&payload)
            .ok_or_else(|| ApiError::BadRecord("the link is damaged (not base64url)".into()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| ApiError::BadRecord("the link is damaged (not text)".into()))?;
        Self::from_json(&text)
    }
}

/// Checks a player's name: 1 to [`MAX_NAME_CHARS`] characters, at least one of them visible,
/// no control characters (line breaks, tabs).
///
/// # Errors
/// Words that read after "the name": "is blank", ...
pub fn check_name(name: &str) -> Result<(), String> {
    if !name.chars().any(visible) {
        return Err("is blank (it shows nothing)".into());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("is longer than {MAX_NAME_CHARS} characters"));
    }
    if name.chars().any(char::is_control) {
        return Err("has a line break or another control character".into());
    }
    Ok(())
}

/// Whether a character shows anything: not a space, control, format or joiner character,
/// variation selector, tag or filler.
fn visible(c: char) -> bool {
    !(c.is_whitespace()
        || c.is_control()
        || matches!(u32::from(c),
            0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
            | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x2800 | 0x3164
            | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF))
}

/// Plays move `i` (from 0) of a record; a refusal says which move.
fn play_recorded(game: &mut dyn AnyGame, i: usize, mv: &str) -> Result<String, ApiError> {
    game.play(mv).map_err(|e| refused(i, &e))
}

/// The error for move `i` (from 0) of a record being refused. It never quotes the move or
/// the engine's reason: a record can be huge or hostile, and a refused move of a
/// hidden-information game can be a secret.
fn refused(i: usize, e: &ApiError) -> ApiError {
    let why = match e {
        ApiError::Notation(_) => "it is not written as a move of this game",
        ApiError::Play(PlayError::GameOver) => "the game was already over",
        _ => "it is not a legal move in that position",
    };
    ApiError::BadRecord(format!("move {} cannot be played: {why}", i + 1))
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(B64[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes base64url, or standard base64 (`+` and `/`), padding optional; `None` on any bad
/// character or length.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for c in text.bytes() {
        let c = match c {
            b'+' => b'-',
            b'/' => b'_',
            c => c,
        };
        let v = B64.iter().position(|&x| x == c)? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let enc = base64url_encode(&bytes);
            assert!(!enc.contains('='));
            assert_eq!(base64url_decode(&enc), Some(bytes));
        }
        assert_eq!(base64url_decode("a"), None);
        assert_eq!(base64url_decode("ab!d"), None);
    }

    #[test]
    fn names_must_show_something_and_stay_short() {
        assert!(check_name("Ann").is_ok());
        assert!(check_name("\u{202E}Ben").is_ok());
        for blank in [
            "",
            "   ",
            "\u{200B}\u{200D}",
            "\u{202E}\u{2066}",
            "\u{3164}\u{FEFF}",
        ] {
            assert!(check_name(blank).is_err(), "{blank:?}");
        }
        assert!(check_name(&"x".repeat(MAX_NAME_CHARS)).is_ok());
        assert!(check_name(&"x".repeat(MAX_NAME_CHARS + 1)).is_err());
        assert!(check_name("Ann\nBen").is_err());
        // A saved game keeps the rule it was saved under; a file or link meets the new one.
        let mut record = GameRecord::new(
            "stack-control",
            "colours=RB",
            3,
            vec![
                PlayerInfo {
                    name: "\u{200B}".into(),
                    colour: "R".into(),
                    computer: None,
                },
                PlayerInfo {
                    name: "Ben".into(),
                    colour: "B".into(),
                    computer: None,
                },
            ],
        );
        assert!(record.normalised().is_ok());
        assert!(GameRecord::from_json(&record.to_json()).is_err());
        record.players[0].name = "Ann".into();
        assert!(GameRecord::from_json(&record.to_json()).is_ok());
    }

    #[test]
    fn links_in_standard_base64_open() {
        let record = GameRecord::new(
            "stack-control",
            "colours=RB",
            7,
            vec![
                PlayerInfo {
                    name: "Ann>>?".into(),
                    colour: "R".into(),
                    computer: None,
                },
                PlayerInfo {
                    name: "Ben???".into(),
                    colour: "B".into(),
                    computer: None,
                },
            ],
        );
        let url = record.to_link_payload();
        assert!(
            url.contains('-') || url.contains('_'),
            "the sample must use both alphabets' differences: {url}"
        );
        let standard = url.replace('-', "+").replace('_', "/");
        assert_eq!(GameRecord::from_link_payload(&standard), Ok(record.clone()));
        let encoded = standard.replace('+', "%2B").replace('/', "%2F");
        assert_eq!(GameRecord::from_link_payload(&encoded), Ok(record));
    }
}
