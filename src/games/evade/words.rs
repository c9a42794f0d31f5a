//! The words of the Evade board: coins and squares as the viewer may know them, for labels and
//! the panel. Every value named here comes from the masked position the board receives.

use super::board::Square;
use super::coins::{Coin, Value};
use super::pick::Pick;
use super::rules::{DrawOffer, Evade};
use crate::core::{Game, Seat, Viewer};

/// One coin of a side, for people ("Sun", "Moon").
pub fn coin_kind(seat: Seat) -> &'static str {
    if seat == 0 {
        "Sun"
    } else {
        "Moon"
    }
}

/// The side's name ("Suns", "Moons").
pub fn side(seat: Seat) -> &'static str {
    super::side_name(seat)
}

/// What a coin shows on its face: its value, or the word for the blank.
pub fn value_mark(v: Value) -> &'static str {
    match v {
        Value::Blank => "blank",
        Value::Ace => "A",
        _ => v.name(),
    }
}

/// A value for people: "the ace (special)", "the 3".
pub fn value_words(v: Value) -> String {
    if v.is_special() {
        format!("the {} (special)", v.name())
    } else {
        format!("the {}", v.name())
    }
}

/// How a coin is drawn for this viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// Face down, value unknown: the suit's mark only.
    Down,
    /// Face up: the value, for everyone (or at the end, when every coin is shown).
    Up,
    /// Face down, but the viewer knows its value (own coins shown, or the coin peeked at).
    Known,
}

/// How coin `c` is drawn (`over`: the game has ended, every coin is shown).
pub fn face_of(c: &Coin, over: bool) -> Face {
    match c.value {
        None => Face::Down,
        Some(_) if c.face_up() || over => Face::Up,
        Some(_) => Face::Known,
    }
}

/// A coin in words, as the viewer may see it: "your Sun coin, face down".
fn coin_words(c: &Coin, viewer: Viewer, over: bool) -> String {
    let who = match viewer {
        Viewer::Seat(s) if s == c.owner => format!("your {} coin", coin_kind(c.owner)),
        _ => format!("a {} coin", coin_kind(c.owner)),
    };
    match (face_of(c, over), c.value) {
        (Face::Up, Some(v)) => format!("{who}, face up: {}", value_words(v)),
        (Face::Known, Some(v)) => format!("{who}, face down; you know it is {}", value_words(v)),
        _ => format!("{who}, face down"),
    }
}

/// What stands on a square, in words.
pub fn square_words(game: &Evade, sq: Square, viewer: Viewer) -> String {
    let over = game.end().is_some();
    match game.coins_at(sq).as_slice() {
        [] => "empty".to_string(),
        [c] => coin_words(c, viewer, over),
        [under, top, ..] => format!(
            "frozen pair: {} on top of {} underneath",
            coin_words(top, viewer, over),
            coin_words(under, viewer, over)
        ),
    }
}

/// Squares as a list for people: "c2, d2, e2".
fn list(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    names.join(", ")
}

/// Whether the player to move may peek at the coin on `sq` now (one of their own face-down
/// coins): the engine's list says.
pub fn may_peek(game: &Evade, sq: Square) -> bool {
    game.peek_squares().contains(&sq)
}

pub use crate::core::pick::sentence;

/// What the panel says of the picked coin's steps: "It can step to c2 and d2." and the
/// freezing ones.
pub fn steps_words(targets: &[(Square, bool)]) -> Vec<String> {
    let plain: Vec<Square> = targets.iter().filter(|t| !t.1).map(|t| t.0).collect();
    let freezing: Vec<Square> = targets.iter().filter(|t| t.1).map(|t| t.0).collect();
    let mut out = Vec::new();
    if !plain.is_empty() {
        out.push(format!("It can step to {}.", list(&plain)));
    }
    if !freezing.is_empty() {
        out.push(format!(
            "Onto {} it freezes both coins; if this coin is a special one you lose.",
            list(&freezing)
        ));
    }
    out
}

/// The first line of the panel in play: whose turn it is, or how things stand.
pub fn headline(game: &Evade, can_move: bool) -> String {
    let turn = side(game.turn_seat());
    match game.to_move() {
        None => "The game is over: every coin is face up.".to_string(),
        Some(_) if game.is_setting_up() => format!("{turn} are setting up in secret."),
        Some(_) if can_move && game.draw_offer() == DrawOffer::Pending => {
            format!("{turn} offer a draw. Accept it (a draw) or decline it ({turn} go on).")
        }
        Some(s) if can_move => format!("Your turn ({}).", side(s)),
        Some(s) => format!("{} to move.", side(s)),
    }
}

/// What the player to move should know now, shortest first (none for anyone else).
pub fn notes(game: &Evade, can_move: bool, picked: bool) -> Vec<String> {
    let mut notes = Vec::new();
    if !can_move || game.to_move().is_none() || game.draw_offer() == DrawOffer::Pending {
        return notes;
    }
    if game.draw_offer() == DrawOffer::Declined {
        notes.push("Your draw offer was declined: go on with your turn.".into());
    }
    if let Some(p) = game.peeked() {
        let value = game
            .coins_at(p)
            .iter()
            .find_map(|c| c.value.filter(|_| c.owner == game.turn_seat()));
        notes.push(match value {
            Some(v) => format!(
                "You peeked at {p}: it is {}. You may not freeze this turn.",
                value_words(v)
            ),
            None => format!("You peeked at {p}. You may not freeze this turn."),
        });
    }
    if game.must_pass() {
        notes.push("None of your coins can move: you must pass.".into());
    } else if !picked {
        notes.push("Pick one of your coins, then a ringed square: one step in any direction. A snowflake marks a freeze: both coins stop for good, and if yours is special (ace or blank) you lose.".into());
        if game.can_peek() {
            notes.push("Before you move you may peek at one of your coins (then you may not freeze this turn): pick it, then Peek.".into());
        }
    }
    notes
}

/// The picked square in words, and for the player to move what its coin may do.
pub fn detail(
    game: &Evade,
    sq: Square,
    viewer: Viewer,
    can_move: bool,
    targets: &[(Square, bool)],
) -> String {
    let mut text = format!("{sq}: {}.", square_words(game, sq, viewer));
    let mine = game
        .coins_at(sq)
        .into_iter()
        .find(|c| Some(c.owner) == game.to_move());
    if can_move && game.end().is_none() {
        match mine {
            Some(c) if c.frozen() => text.push_str(" It is frozen: it cannot move."),
            Some(_) if targets.is_empty() => text.push_str(" It cannot move now."),
            Some(_) => {
                for part in steps_words(targets) {
                    text.push(' ');
                    text.push_str(&part);
                }
            }
            None => {}
        }
        if may_peek(game, sq) {
            text.push_str(" You may peek at it first (then you may not freeze this turn).");
        }
    }
    text
}

/// The setup's next step, in a few words.
pub fn setup_step(pick: &Pick, row: i32) -> String {
    let row = row + 1;
    match (pick.value, pick.square) {
        (Some(v), _) => format!("Now a square of row {row} for {}.", value_words(v)),
        (None, Some(sq)) => format!("Now the value for {sq}, or another square to swap."),
        _ if pick.complete().is_some() => "All placed: press Set up, or swap two squares.".into(),
        _ => format!("Pick a coin, then a square of row {row}."),
    }
}

/// The setup, square by square: "a1 blank, b1 —, ...".
pub fn arrangement(pick: &Pick, row: i32) -> String {
    let squares = (0..6).filter_map(|f| Square::new(f, row));
    let parts: Vec<String> = squares
        .zip(pick.row)
        .map(|(sq, v)| format!("{sq} {}", v.map_or("—", Value::name)))
        .collect();
    format!("Row {}: {}", row + 1, parts.join(", "))
}

/// What the player must keep in mind after the setup.
pub fn memo(own_shown: bool) -> &'static str {
    if own_shown {
        "With \"show me my own coins\" you see your values on your turns; your opponent never does."
    } else {
        "Remember where your ace and blank go: once set up, your coins lie face down, to you too (you may peek at one before a move). Keys on a square of your row: n (blank), a (ace), 2 to 5."
    }
}
