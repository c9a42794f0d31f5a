//! Drawing the STAX table: tiles with their pointers (arrows), the edges of the tiles under
//! a top one, stack heights, the cells' coordinates, the tile shown where it would go, what
//! the last move brought and took, and the captured king.

use yew::prelude::*;

use super::cell::Cell;
use super::moves::StaxMove;
use super::rules::Stax;
use super::tile::Tile;
use super::view_table::{centre, hex_points, n, pointer_path, SIZE};
use crate::core::Seat;
use crate::ui::kit::motion;

/// A tile's classes by seat, lying or lifted.
const TILE_CLASS: [[&str; 2]; 3] = [
    ["tile t0", "tile t0 lifted"],
    ["tile t1", "tile t1 lifted"],
    ["tile t2", "tile t2 lifted"],
];
/// The classes of the edge of a tile under the top one, by seat.
const UNDER_CLASS: [&str; 3] = ["under t0", "under t1", "under t2"];

/// A tile of `seat` showing `mask`, circumradius `r`, centred at `(cx, cy)`.
pub fn tile(seat: Seat, mask: u8, (cx, cy): (f64, f64), r: f64, lifted: bool) -> Html {
    let seat = seat.min(2);
    let (letter, k) = match mask {
        0 => ("K", 1.0),
        63 => ("Q", 0.6),
        _ => ("", 0.0),
    };
    // One shape for every tile (an empty ring but on Red's, no letter but on the king and
    // queen): less code than a shape for each.
    let ring = if seat == 2 {
        hex_points(cx, cy, r * 0.74)
    } else {
        String::new()
    };
    html! {
        <g class={TILE_CLASS[seat][usize::from(lifted)]}>
            <polygon class="face" points={hex_points(cx, cy, r)} />
            <polygon class="ring" points={ring} />
            <path class="ptr" d={pointer_path(cx, cy, r, mask)} />
            <text x={n(cx)} y={n(cy + 0.3 * k * r)} font-size={n(0.85 * k * r)}
                text-anchor="middle">{ letter }</text>
        </g>
    }
}

/// A tile alone in a small picture (a rack's, or a way to lay one).
pub fn mini(seat: Seat, mask: u8) -> Html {
    html! {
        <svg class="stax-mini" viewBox="-21 -21 42 42" aria-hidden="true">
            { tile(seat, mask, (0.0, 0.0), 20.0, false) }
        </svg>
    }
}

/// The edges of up to three tiles under a stack's top one.
pub fn under(stack: &[Tile], (cx, cy): (f64, f64)) -> Html {
    let h = stack.len();
    (1..h.min(4))
        .rev()
        .map(|k| {
            let class = UNDER_CLASS[stack[h - 1 - k].owner().min(2)];
            html! { <polygon {class} points={hex_points(cx, cy + 4.0 * k as f64, SIZE - 2.5)} /> }
        })
        .collect()
}

/// The height of every stack of two or more, in a badge.
pub fn heights(game: &Stax) -> Html {
    game.stacks()
        .iter()
        .filter(|(_, s)| s.len() > 1)
        .map(|(c, stack)| {
            let (cx, cy) = centre(*c);
            let (x, y) = (cx + 0.5 * SIZE, cy - 0.62 * SIZE);
            html! {
                <g class="height" aria-hidden="true">
                    <circle cx={n(x)} cy={n(y)} r="11" />
                    <text x={n(x)} y={n(y + 5.0)} text-anchor="middle">{ stack.len() }</text>
                </g>
            }
        })
        .collect()
}

/// The coordinates (`q,r`, as the rules, the hints and the move list name cells) of the
/// empty cells drawn, small in each one's middle, so that a player can find "1,-1": never
/// over a tile, and taking no taps. A label's class says what its cell is tinted (a target,
/// a cell of the last move), so that its colour stays readable there; the cell under the
/// tile picked (`ghost`) has none.
pub fn coords(
    game: &Stax,
    cells: &[Cell],
    (targets, last): (&[Cell], &[Cell]),
    ghost: Option<Cell>,
) -> Html {
    let shown = |c: &&Cell| game.height(**c) == 0 && Some(**c) != ghost;
    let labels = cells.iter().filter(shown).map(|&c| {
        let (cx, cy) = centre(c);
        let class = if targets.contains(&c) {
            "coord on-target"
        } else if last.contains(&c) {
            "coord on-last"
        } else {
            "coord"
        };
        html! {
            <text {class} x={n(cx)} y={n(cy + 4.5)} text-anchor="middle">{ c.to_string() }</text>
        }
    });
    html! {
        <g class="coords" aria-hidden="true" pointer-events="none">{ for labels }</g>
    }
}

/// The tile picked, shown where it would go and how it would lie.
pub fn ghost(seat: Seat, (c, mask): (Cell, u8)) -> Html {
    html! {
        <g class="ghost" pointer-events="none">{ tile(seat, mask, centre(c), SIZE - 6.0, false) }</g>
    }
}

/// The captured king: `loser`'s king drawn at the corner of the cell where it was taken,
/// struck through.
pub fn captured_king(loser: Seat, c: Cell) -> Html {
    let (cx, cy) = centre(c);
    let (x, y) = (cx - 0.55 * SIZE, cy + 0.5 * SIZE);
    let d = 0.45 * SIZE;
    html! {
        <g class="captured-king" pointer-events="none">
            <title>{ format!("{}'s king, captured on {c}", super::words::name(loser)) }</title>
            { tile(loser, 0, (x, y), 0.6 * SIZE, false) }
            <path class="strike" d={format!("M{} {}L{} {}M{} {}L{} {}",
                n(x - d), n(y - d), n(x + d), n(y + d), n(x - d), n(y + d), n(x + d), n(y - d))} />
        </g>
    }
}

/// The king the last move captured, if it did: its owner and cell.
pub fn capture(before: Option<&Stax>, last: Option<StaxMove>) -> Option<(Seat, Cell)> {
    let (before, Some(StaxMove::Travel { to, .. })) = (before?, last) else {
        return None;
    };
    let top = before.top(to).filter(|t| t.is_king())?;
    Some((top.owner(), to))
}

/// The top tile `top` of cell `c`, which the last move reached: it slides in from where it
/// came from (a placed tile from below, where the rack is).
pub fn arrived(c: Cell, last: Option<StaxMove>, (animate, ply): (bool, usize), top: Html) -> Html {
    let (cx, cy) = centre(c);
    let offset = match last {
        Some(StaxMove::Travel { from, .. }) => {
            let (fx, fy) = centre(from);
            (fx - cx, fy - cy)
        }
        _ => (0.0, SIZE),
    };
    motion::slide(animate, ply, offset, top)
}

/// What the last move took: the king it captured, fading over its capturer; and, to stay,
/// the captured king struck through at the corner of its cell.
pub fn taken(before: Option<&Stax>, last: Option<StaxMove>, (animate, ply): (bool, usize)) -> Html {
    let Some((loser, at)) = capture(before, last) else {
        return Html::default();
    };
    html! {
        <>
            { motion::fade(animate, ply, tile(loser, 0, centre(at), SIZE - 2.5, false)) }
            { captured_king(loser, at) }
        </>
    }
}

pub use super::pick::cells_drawn;
