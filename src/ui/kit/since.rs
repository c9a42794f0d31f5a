//! The board's marks of "since your last turn": when several moves were made since the person
//! to move last played, each is marked on the board with its number in the game, as the line
//! above the board lists them (`ui::pages::play::controls::since_line`). The page places them
//! ([`since_marks`]: each game's view says where a move's mark goes,
//! [`GameView::since_mark`]); the board draws them over everything ([`draw`]).

use yew::prelude::*;

use crate::registry::AnyGame;
use crate::session::SinceMove;
use crate::ui::game_view::{num, GameView};

/// One numbered mark: the move's number in the game, its centre and radius in the board's
/// units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mark {
    /// The move's number in the game, from 1.
    pub number: usize,
    /// Its centre.
    pub at: (f64, f64),
    /// Its radius.
    pub r: f64,
}

/// Where the moves of `since` are marked on `board`, the board of `view` (nowhere unless
/// there are several). A mark at a point already taken moves left of it, so two moves to one
/// place both read.
pub fn since_marks(view: &GameView, board: &dyn AnyGame, since: &[SinceMove]) -> Vec<Mark> {
    let mut marks: Vec<Mark> = Vec::new();
    if since.len() < 2 {
        return marks;
    }
    for m in since {
        let Some((mut x, y, r)) = m
            .text
            .notation
            .as_deref()
            .and_then(|mv| (view.since_mark)(board, mv))
        else {
            continue;
        };
        while marks.iter().any(|k| k.at == (x, y)) {
            x -= 2.2 * r;
        }
        marks.push(Mark {
            number: m.number,
            at: (x, y),
            r,
        });
    }
    marks
}

/// The marks, for the end of a board's SVG (nothing when there are none): never in the way
/// of a tap.
pub fn draw(marks: &[Mark]) -> Html {
    if marks.is_empty() {
        return Html::default();
    }
    html! {
        <g class="since-marks" aria-hidden="true" pointer-events="none">
            { for marks.iter().map(|&Mark { number, at: (x, y), r }| html! {
                <g class="since-mark">
                    <circle cx={num(x)} cy={num(y)} r={num(r)} />
                    <text x={num(x)} y={num(y)} font-size={num(r * 1.2)}>{ number }</text>
                </g>
            }) }
        </g>
    }
}
