//! Puzzles made from real games ("Learn by playing"): the puzzle files' format and its reader
//! (`static/puzzles/<slug>.txt`, described in docs/puzzles.md).
//!
//! A puzzle is a position from a game the computer played against itself, where the player to
//! move has exactly one turn that wins the game at once. A file holds one puzzle a line:
//!
//! ```text
//! <players>\t<answer>\t<record JSON>
//! ```
//!
//! - `players`: the player count (as the record's players), for grouping puzzles;
//! - `answer`: the winning turn in move notation, its steps separated by single spaces (one
//!   step in Stack Control, Evade and STAX; up to two in Stacks; in Evacuate the placement,
//!   after any release or take-off it needs);
//! - the record: what [`GameRecord::to_json`] writes, on one line; its moves replay from the
//!   game's start to the puzzle's position, so a page needs no position parser.
//!
//! Lines starting with `#` and blank lines are comments. The reader needs only what the app's
//! page already has (the record's own reader and the registry's string API): it replays each
//! record, and checks that the answer is legal there and wins at once. That the answer is the
//! only winning turn (and, in Evade, wins whatever the values the mover has not seen) is checked
//! natively, by [`solve`] (`tests/puzzles.rs`), with the engines.

use std::fmt;

use crate::core::{Seat, Viewer};
use crate::record::GameRecord;
use crate::registry::AnyGame;

#[cfg(not(target_arch = "wasm32"))]
pub mod solve;

/// One puzzle: a game record that stops where the puzzle starts, and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The player count (the record's players).
    pub players: usize,
    /// The winning turn's steps, in move notation.
    pub answer: Vec<String>,
    /// The game up to the puzzle's position (validated, its moves canonical).
    pub record: GameRecord,
}

/// Why a line of a puzzle file could not be read: its number (from 1) and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleError {
    /// The line's number in the file, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for PuzzleError {}

impl Puzzle {
    /// The puzzle's position: the record replayed.
    ///
    /// # Errors
    /// When the record does not replay (a record read by [`parse_line`] always does).
    pub fn position(&self) -> Result<Box<dyn AnyGame>, String> {
        self.record.replay(usize::MAX).map_err(|e| e.to_string())
    }

    /// The seat whose turn the puzzle is.
    ///
    /// # Errors
    /// When the record does not replay or its game is over.
    pub fn mover(&self) -> Result<Seat, String> {
        self.position()?
            .to_move()
            .ok_or_else(|| "the game is already over".to_string())
    }

    /// The puzzle as a line of its file (no line break).
    pub fn to_line(&self) -> String {
        format!(
            "{}\t{}\t{}",
            self.players,
            self.answer.join(" "),
            self.record.to_json()
        )
    }
}

/// Whether playing `steps` (move notation) from `position` wins the game at once for the seat
/// to move: every step legal and the mover's, and the game over after the last with that seat
/// its only winner. What a page asks of a player's try; an illegal step is `Err` with why.
///
/// # Errors
/// A step that does not parse, is not legal, or comes after the game ended.
pub fn wins_at_once(position: &dyn AnyGame, steps: &[String]) -> Result<bool, String> {
    let mover = position
        .to_move()
        .ok_or_else(|| "the game is already over".to_string())?;
    let mut game = position.clone_box();
    for (i, step) in steps.iter().enumerate() {
        if game.to_move() != Some(mover) {
            return Err(format!(
                "step {} ({step}) is not the mover's: the turn is over",
                i + 1
            ));
        }
        game.play(step)
            .map_err(|e| format!("step {} ({step}) is not legal: {e}", i + 1))?;
    }
    Ok(game
        .outcome()
        .is_some_and(|o| o.winners.as_slice() == [mover]))
}

/// Reads one line of a puzzle file: `Ok(None)` for a comment or a blank line. `slug` is the
/// file's game: a record of another game is refused.
///
/// # Errors
/// What is wrong with the line, in words (without its number: [`parse_file`] adds it).
pub fn parse_line(slug: &str, line: &str) -> Result<Option<Puzzle>, String> {
    let line = line.trim_end_matches(['\r', '\n']);
    if line.trim().is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut fields = line.splitn(3, '\t');
    let (Some(players), Some(answer), Some(json)) = (fields.next(), fields.next(), fields.next())
    else {
        return Err("it is not three fields separated by tabs (players, answer, record)".into());
    };
    let players: usize = players
        .trim()
        .parse()
        .map_err(|_| format!("the player count \"{}\" is not a number", clip(players)))?;
    let answer: Vec<String> = answer.split(' ').map(str::to_string).collect();
    if answer.iter().any(String::is_empty) {
        return Err("the answer is empty or has a step that is empty".into());
    }
    let record = GameRecord::from_json(json).map_err(|e| format!("the record: {e}"))?;
    if record.game != slug {
        return Err(format!(
            "the record is a game of {}, not {slug}",
            clip(&record.game)
        ));
    }
    if record.players.len() != players {
        return Err(format!(
            "it says {players} players, but its record has {}",
            record.players.len()
        ));
    }
    let puzzle = Puzzle {
        players,
        answer,
        record,
    };
    let position = puzzle.position()?;
    if position.to_move().is_none() {
        return Err("its game is already over".into());
    }
    match wins_at_once(position.as_ref(), &puzzle.answer) {
        Ok(true) => Ok(Some(puzzle)),
        Ok(false) => Err("its answer does not win at once".into()),
        Err(why) => Err(format!("its answer: {why}")),
    }
}

/// Reads a whole puzzle file of game `slug`: every puzzle in order, or the first line that is
/// not one (numbered from 1).
///
/// # Errors
/// The first damaged line: its number and why.
pub fn parse_file(slug: &str, text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(slug, line) {
            Ok(Some(p)) => out.push(p),
            Ok(None) => {}
            Err(why) => return Err(PuzzleError { line: i + 1, why }),
        }
    }
    Ok(out)
}

/// What the page shows the mover of the puzzle's position: the position as that seat may see
/// it (Evade masks the opponent's coins; the record holds them, the page must not show them).
///
/// # Errors
/// When the record does not replay or its game is over.
pub fn shown(puzzle: &Puzzle) -> Result<Box<dyn AnyGame>, String> {
    let position = puzzle.position()?;
    let mover = position
        .to_move()
        .ok_or_else(|| "the game is already over".to_string())?;
    Ok(position.view_as(Viewer::Seat(mover)))
}

/// At most 40 characters of `s`, for messages.
fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}
