//! Drawing the Evacuate board: the floor column (space 1 at the top, door A above it, door B
//! below space 8), each stack from the side with its bottom (level 1) at the left; beside it
//! the triangle grid, one row of six triangles per space, each pointing at the door it moves
//! stacks toward; the ceiling as a red line; what the last step moved and removed.

use yew::prelude::*;

use super::board::{direction, Door, Piece, Tri, LEVELS, SPACES};
use super::moves::EvacuateMove;
use super::rules::Evacuate;
use crate::ui::kit;

/// Height of a row (a floor space and its triangles).
pub const H: i32 = 48;
/// Top of space 1 (door A is above it).
pub const TOP: i32 = 34;
/// Left of the floor column (the space numbers are left of it).
pub const FX: i32 = 24;
/// Width of a level's slot on the floor.
pub const SW: i32 = 26;
/// Left of the triangle grid.
const GX: i32 = FX + 6 * SW + 18;
/// Half a triangle's width.
const HALF: i32 = 28;
/// The whole picture.
pub const WIDTH: i32 = GX + 7 * HALF + 8;
pub const HEIGHT: i32 = TOP + 8 * H + 34;
/// Fill of green, yellow, red and blue (the order of the colours).
pub const FILLS: [&str; 4] = ["#2e8b47", "#e8c12a", "#cf3a2e", "#2f6bd0"];

pub fn row_top(space: u8) -> i32 {
    TOP + (i32::from(space) - 1) * H
}

/// The centre of the floor slot of level `i + 1`.
pub fn slot_x(i: usize) -> i32 {
    FX + 4 + i as i32 * SW + SW / 2
}

/// A pyramid seen from the side, standing on `(cx, base)`, with its letter and pips.
pub fn floor_piece(
    p: Piece,
    (cx, base): (i32, i32),
    class: Classes,
    onclick: Option<Callback<MouseEvent>>,
) -> Html {
    let (h, w) = match p.size.pips() {
        1 => (22, 9),
        2 => (30, 11),
        _ => (38, 13),
    };
    html! {
        <g class={classes!("pc", format!("c{}", p.colour.index()), class)} {onclick}>
            <polygon points={format!("{cx},{} {},{base} {},{base}", base - h, cx + w, cx - w)} />
            <text x={cx.to_string()} y={(base - 3).to_string()}>{ p.to_string() }</text>
        </g>
    }
}

/// The corners of triangle `t`, and where its text goes.
pub fn tri_points(t: Tri) -> (String, i32, i32) {
    let y0 = row_top(t.space);
    let y1 = y0 + H;
    let xl = GX + (i32::from(t.level) - 1) * HALF;
    let (xm, xr) = (xl + HALF, xl + 2 * HALF);
    match direction(t) {
        Door::A => (format!("{xm},{y0} {xr},{y1} {xl},{y1}"), xm, y0 + 37),
        Door::B => (format!("{xl},{y0} {xr},{y0} {xm},{y1}"), xm, y0 + 21),
    }
}

/// The doors, above space 1 and below space 8.: fixed markup, what [`drawn_doors`] draws (checked by a test).
pub fn doors() -> Html {
    kit::fixed::markup(DOORS)
}

const DOORS: &str = r##"<g aria-hidden="true" class="doors"><rect x="24" y="28" width="164" height="6" class="door"></rect><rect x="24" y="418" width="164" height="6" class="door"></rect><text x="106" y="22">Door A</text><text x="106" y="442">Door B</text></g>"##;

/// The doors, above space 1 and below space 8.
#[cfg(all(test, not(target_arch = "wasm32")))]
fn drawn_doors() -> Html {
    let (mid, width) = ((FX + 3 * SW + 4).to_string(), (6 * SW + 8).to_string());
    html! {
        <g class="doors" aria-hidden="true">
            <rect class="door" x={FX.to_string()} y={(TOP - 6).to_string()} width={width.clone()} height="6" />
            <rect class="door" x={FX.to_string()} y={(TOP + 8 * H).to_string()} {width} height="6" />
            <text x={mid.clone()} y={(TOP - 12).to_string()}>{ "Door A" }</text>
            <text x={mid} y={(TOP + 8 * H + 24).to_string()}>{ "Door B" }</text>
        </g>
    }
}

/// The ceiling at level `c`: a line over the floor's slots and between the grid's levels,
/// labelled above the grid (never over the door's label).
pub fn ceiling(c: u8) -> Html {
    let x = FX + 4 + i32::from(c) * SW;
    let mut pts = String::new();
    for s in 1..=SPACES {
        let (y0, y1) = (row_top(s), row_top(s) + H);
        let a = GX + i32::from(c) * HALF;
        let b = a + HALF;
        let (top, bottom) = if direction(Tri::new(s, c)) == Door::A {
            (a, b)
        } else {
            (b, a)
        };
        pts.push_str(&format!("{top},{y0} {bottom},{y1} "));
    }
    html! {
        <g class="ceiling" aria-hidden="true">
            <line x1={x.to_string()} y1={TOP.to_string()} x2={x.to_string()} y2={(TOP + 8 * H).to_string()} />
            <polyline points={pts} />
            <text x={(GX + (i32::from(c) + 1) * HALF).to_string()} y={(TOP - 8).to_string()}>{ format!("ceiling {c}") }</text>
        </g>
    }
}

/// A triangle above the ceiling, out of use.
pub fn gone_tri(t: Tri) -> Html {
    html! { <polygon class="tri gone" points={tri_points(t).0} aria-hidden="true" /> }
}

/// What the last placement moved: the space its group ended on, how many of the group
/// arrived there (the top of that stack), and the offset they came from.
pub struct Moved {
    pub to: u8,
    pub arrived: usize,
    pub from: (f64, f64),
}

/// The group moved by `mv` from `before` to `after`, when it is on the floor as it was (no
/// new round, no ceiling drop since).
pub fn moved(before: &Evacuate, after: &Evacuate, mv: &EvacuateMove) -> Option<Moved> {
    let (EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at }) = mv else {
        return None;
    };
    let reverse = matches!(mv, EvacuateMove::Reverse { .. });
    let pv = before.preview_toward(*at, piece.size, reverse)?;
    let to = pv.to?;
    let group = before.stack(at.space).get(usize::from(at.level) - 1..)?;
    let arrived = group.len().checked_sub(pv.lost.len())?;
    let stack = after.stack(to);
    let base = stack.len().checked_sub(arrived)?;
    (after.round() == before.round() && arrived > 0 && stack[base..] == group[..arrived]).then(
        || Moved {
            to,
            arrived,
            from: (
                f64::from((i32::from(at.level) - 1 - base as i32) * SW),
                f64::from((i32::from(at.space) - i32::from(to)) * H),
            ),
        },
    )
}

/// The floor pyramids the last step removed (evacuated, taken by the ceiling), drawn where
/// they stood before it (to fade out); those that only moved slide in where they arrived.
pub fn gone_from_floor(before: &Evacuate, after: &Evacuate, mv: &EvacuateMove) -> Html {
    if after.round() != before.round() {
        return Html::default();
    }
    let moved = moved(before, after, mv).map_or(0, |m| m.arrived);
    let source = match mv {
        EvacuateMove::Place { at, .. } | EvacuateMove::Reverse { at, .. } => Some(at.space),
        _ => None,
    };
    let mut gone = Vec::new();
    for s in 1..=SPACES {
        let (was, now) = (before.stack(s), after.stack(s));
        if now.len() < was.len() && was.starts_with(now) {
            let skip = if source == Some(s) { moved } else { 0 };
            for (i, &p) in was.iter().enumerate().skip(now.len() + skip) {
                gone.push(floor_piece(
                    p,
                    (slot_x(i), row_top(s) + H - 4),
                    Classes::new(),
                    None,
                ));
            }
        }
    }
    gone.into_iter().collect()
}

/// The movement pyramids the last step took off the grid (releases, take-offs, a stuck
/// pile), drawn where they were (to fade out).
pub fn gone_from_grid(before: &Evacuate, after: &Evacuate) -> Html {
    let gone = (1..=SPACES).flat_map(|s| (1..=LEVELS).map(move |l| Tri::new(s, l)));
    let gone = gone.filter_map(|t| {
        let p = before.triangle(t).filter(|_| after.triangle(t).is_none())?;
        let (points, x, y) = tri_points(t);
        Some(html! {
            <g class={classes!("tri", "full", format!("c{}", p.colour.index()))}>
                <polygon {points} />
                <text x={x.to_string()} y={y.to_string()}>{ p.to_string() }</text>
            </g>
        })
    });
    gone.collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod fixed_tests {
    use super::*;

    #[test]
    fn the_fixed_markup_is_what_the_board_draws() {
        assert_eq!(kit::fixed::render(drawn_doors()), DOORS);
    }
}
