//! Typed errors of the engines. Every one has a `Display` written for a person.

use std::fmt;

/// A move or position string that does not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// What was being parsed ("move", "position", "options", ...).
    pub what: &'static str,
    /// Why it does not parse.
    pub reason: String,
}

impl NotationError {
    /// A new notation error.
    pub fn new(what: &'static str, reason: impl Into<String>) -> Self {
        NotationError {
            what,
            reason: reason.into(),
        }
    }
}

/// Reads a repetition key as position notations carry it: 16 lower-case hex digits.
///
/// # Errors
/// When `text` is anything else.
pub fn parse_hex_key(text: &str) -> Result<u64, NotationError> {
    let ok = text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    ok.then(|| u64::from_str_radix(text, 16).ok())
        .flatten()
        .ok_or_else(|| {
            let shown: String = text.chars().take(20).collect();
            NotationError::new(
                "position",
                format!("\"{shown}\" is not a key of 16 hex digits"),
            )
        })
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad {}: {}", self.what, self.reason)
    }
}

impl std::error::Error for NotationError {}

/// Why a move that parsed cannot be played in this position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    GameOver,
    /// The move is not one of the legal moves here; the text says why.
    Illegal(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::Illegal(why) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Options that cannot start a game (wrong number of players, repeated colours, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot set up the game: {}", self.0)
    }
}

impl std::error::Error for SetupError {}

/// Any error of the string-level API (the registry's and the game records').
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// No game is registered under this slug.
    UnknownGame(String),
    /// A string did not parse.
    Notation(NotationError),
    /// A move was refused.
    Play(PlayError),
    /// The options cannot start a game.
    Setup(SetupError),
    /// A record is malformed or from a format this build does not know; the text says why,
    /// in words that read after "This game cannot be opened: ".
    BadRecord(String),
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::UnknownGame(slug) => write!(f, "there is no game called \"{slug}\""),
            ApiError::Notation(e) => e.fmt(f),
            ApiError::Play(e) => e.fmt(f),
            ApiError::Setup(e) => e.fmt(f),
            ApiError::BadRecord(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ApiError {}

impl From<NotationError> for ApiError {
    fn from(e: NotationError) -> Self {
        ApiError::Notation(e)
    }
}

impl From<PlayError> for ApiError {
    fn from(e: PlayError) -> Self {
        ApiError::Play(e)
    }
}

impl From<SetupError> for ApiError {
    fn from(e: SetupError) -> Self {
        ApiError::Setup(e)
    }
}

/// The first characters of `s` (24 at most), for quoting a bad input in an error message.
pub fn clip(s: &str) -> String {
    s.chars().take(24).collect()
}
