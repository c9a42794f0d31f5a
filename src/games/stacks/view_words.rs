//! The Stacks board's words: stacks, steps, what the last move did, what a cell or box is.

use super::pick::Pick;
use super::rules::{row_letter, Cell, Colour, Dest, Stacks, StacksMove, PIECES};
use super::view_draw::Zone;
use crate::core::{Game, Seat};

pub fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

pub fn moves_words(cost: u8) -> String {
    plural(usize::from(cost), "move", "moves")
}

pub fn pieces_words(count: u8) -> String {
    plural(usize::from(count), "piece", "pieces")
}

/// A stack in words: "empty", "1 Light piece", "3 pieces, bottom to top: Light, Dark, Light".
pub fn stack_words(stack: &[Colour]) -> String {
    match stack {
        [] => "empty".to_string(),
        [one] => format!("1 {} piece", one.name()),
        _ => format!(
            "{} pieces, bottom to top: {}",
            stack.len(),
            stack
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A step in words, without its player: "entered a piece on a2", "moved 2 pieces from b2 to
/// c3", "moved 1 piece off the board from e1", "passed".
fn step_words(mv: StacksMove) -> String {
    match mv {
        StacksMove::Pass => "passed".to_string(),
        StacksMove::Enter(c) => format!("entered a piece on {c}"),
        StacksMove::Move {
            from,
            to: Dest::Cell(to),
            count,
        } => format!("moved {} from {from} to {to}", pieces_words(count)),
        StacksMove::Move {
            from,
            to: Dest::Off,
            count,
        } => format!("moved {} off the board from {from}", pieces_words(count)),
    }
}

/// What the last move did, in words, and whether it ended its turn early (a second move
/// forfeited because no one-move step was left).
pub fn last_move_note(before: &Stacks, after: &Stacks, mv: StacksMove) -> (String, bool) {
    let who = Colour::of_seat(before.turn()).name();
    let next = Colour::of_seat(after.turn()).name();
    if mv == StacksMove::Pass {
        return (
            format!("{who} had no legal step at all and passed: it is {next}'s turn."),
            false,
        );
    }
    let what = step_words(mv);
    // The engine's cost of the step, in the position it was played from.
    let cost = before.cost(&mv).unwrap_or(0);
    let left = before.moves_left().saturating_sub(cost);
    if after.outcome().is_some() {
        (format!("{who} {what} and the game is over."), false)
    } else if after.turn() == before.turn() {
        let text = format!(
            "{who} {what} ({}): {} left in this turn.",
            moves_words(cost),
            moves_words(left)
        );
        (text, false)
    } else if left > 0 {
        let text = format!(
            "{who} {what} (1 move). {who}'s turn ended after one move: no one-move step was \
             left, so the second move is forfeited. It is {next}'s turn."
        );
        (text, true)
    } else {
        let text = format!(
            "{who} {what} ({}), which ends the turn: it is {next}'s turn.",
            moves_words(cost)
        );
        (text, false)
    }
}

/// The line over the mover's controls: who plays and what the turn has left.
pub fn headline(game: &Stacks, can_move: bool, must_pass: bool) -> String {
    let me = Colour::of_seat(game.turn()).name();
    if let Some(o) = game.outcome() {
        format!("The game is over: {}.", o.reason)
    } else if !can_move {
        format!("{me} to play.")
    } else if must_pass {
        format!("{me} to play: no legal step.")
    } else if game.reserve(0) == PIECES && game.reserve(1) == PIECES {
        format!("{me} to play: the first turn is worth 1 move.")
    } else {
        format!("{me} to play: {} left.", moves_words(game.moves_left()))
    }
}

/// What the mover may do now, in a sentence (after the controls).
pub fn advice(game: &Stacks, must_pass: bool) -> &'static str {
    if must_pass {
        "None of your pieces can step and none can enter: pass the turn."
    } else if game.moves_left() == 2 {
        "Pick a stack or your reserve. A step onto an empty cell or off the board costs 1 move; onto a stack, 2 (the whole turn)."
    } else {
        "Only a step onto an empty cell or off the board fits now."
    }
}

/// A cell's accessible name: where it is, its stack, and what a tap on it does now.
pub fn cell_label(
    game: &Stacks,
    c: Cell,
    pick: Pick,
    movable: Option<u8>,
    cost: Option<u8>,
    last: bool,
) -> String {
    let mut label = c.to_string();
    for seat in 0..2 {
        if c.row == game.near_row(seat) {
            label.push_str(&format!(" ({}'s near row)", Colour::of_seat(seat).name()));
        }
    }
    label.push_str(&format!(": {}", stack_words(game.stack(c))));
    if let Some(most) = movable {
        let what = if most == 1 {
            "the top piece".to_string()
        } else {
            format!("1 to {most} pieces from the top")
        };
        let me = Colour::of_seat(game.turn()).name();
        label.push_str(&format!("; {me} may move {what}"));
    }
    if last {
        label.push_str("; last move");
    }
    if let Pick::Stack { cell, count } = pick {
        if cell == c {
            label.push_str(&format!("; picked, moving {}", pieces_words(count)));
        }
    }
    if let Some(k) = cost {
        let what = if pick == Pick::Reserve {
            "Enter a piece here"
        } else {
            "Move here"
        };
        let ends = if k == 2 { ", ends the turn" } else { "" };
        label.push_str(&format!(". {what}: {}{ends}", moves_words(k)));
    }
    label
}

/// What a reserve or pieces-off box is now: its seat is to move here (`mine`), it may be
/// tapped to enter a piece (`open`), it is picked, it is a target for the picked group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZoneNow {
    pub mine: bool,
    pub open: bool,
    pub picked: bool,
    pub target: bool,
}

/// A box's accessible name, title and hint.
pub fn zone_words(game: &Stacks, zone: Zone, seat: Seat, now: ZoneNow) -> [String; 3] {
    let colour = Colour::of_seat(seat).name();
    let near = row_letter(game.near_row(seat));
    let far = row_letter(game.far_row(seat));
    let reserve = game.reserve(seat);
    let (what, number, hint) = match zone {
        Zone::Reserve => (
            "reserve",
            pieces_words(reserve),
            if now.picked {
                format!("pick a cell of row {near}")
            } else if now.open {
                "tap to enter".into()
            } else if now.mine && reserve > 0 {
                "no entry fits now".into()
            } else {
                format!("enters on row {near}")
            },
        ),
        Zone::Off => (
            "off",
            format!("{} of {PIECES} off the board", game.off(seat)),
            if now.target {
                "move off here".into()
            } else {
                format!("of {PIECES}, past row {far}")
            },
        ),
    };
    [
        format!("{colour} {what}: {number}; {hint}"),
        format!("{colour} {what}"),
        hint,
    ]
}
