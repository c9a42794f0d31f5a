//! Drawing the Evade board: the felt and its nine 2x2 piecepack tiles, coins as round tokens
//! with their suit's mark (a sun or a moon), face down or face up exactly as the masked
//! position says, frozen pairs in ice, and the marks of targets, peeks and the setup row.

use yew::prelude::*;

use super::board::Square;
use super::coins::{Coin, Value};
use super::words::{face_of, value_mark, Face};
use crate::core::Seat;
use crate::ui::game_view::num as n;
use crate::ui::kit::{self, motion};

pub const CELL: f64 = 100.0;
pub const MARGIN: f64 = 30.0;
/// The radius of a lone coin.
pub const COIN_R: f64 = 38.0;
/// The radius of each coin of a frozen pair.
const PAIR_R: f64 = 27.0;

/// Suns' coins: light gold with dark ink (a sun mark).
pub const SUN_FILL: &str = "#f4c542";
pub const SUN_INK: &str = "#3d2600";
const SUN_EDGE: &str = "#6b4a00";
/// Moons' coins: dark blue with light ink (a crescent mark).
pub const MOON_FILL: &str = "#263468";
pub const MOON_INK: &str = "#f2f4ff";
const MOON_EDGE: &str = "#0b1230";

/// (fill, ink, edge) of a seat's coins.
fn colours(seat: Seat) -> (&'static str, &'static str, &'static str) {
    if seat == 0 {
        (SUN_FILL, SUN_INK, SUN_EDGE)
    } else {
        (MOON_FILL, MOON_INK, MOON_EDGE)
    }
}

/// The top-left corner of a square; row 1 at the bottom.
pub fn square_xy(sq: Square) -> (f64, f64) {
    (
        MARGIN + f64::from(sq.file()) * CELL,
        f64::from(5 - sq.rank()) * CELL,
    )
}

/// The offset, in board units, from square `to` back to square `from`.
pub fn offset(from: Square, to: Square) -> (f64, f64) {
    (
        f64::from(from.file() - to.file()) * CELL,
        f64::from(to.rank() - from.rank()) * CELL,
    )
}

/// A sun: a disc with eight rays, `s` the coin's radius.
fn sun_mark(cx: f64, cy: f64, s: f64, colour: &'static str) -> Html {
    // The eight directions 45 degrees apart, as (cos, sin): a table, so the bundle needs no
    // trigonometry (kilobytes).
    const R: f64 = std::f64::consts::FRAC_1_SQRT_2;
    const DIRS: [(f64, f64); 8] = [
        (1.0, 0.0),
        (R, R),
        (0.0, 1.0),
        (-R, R),
        (-1.0, 0.0),
        (-R, -R),
        (0.0, -1.0),
        (R, -R),
    ];
    let rays = DIRS.iter().map(|&(cos, sin)| {
        html! {
            <line x1={n(cx + cos * s * 0.4)} y1={n(cy + sin * s * 0.4)}
                x2={n(cx + cos * s * 0.64)} y2={n(cy + sin * s * 0.64)}
                stroke={colour} stroke-width={n(s * 0.1)} stroke-linecap="round" />
        }
    });
    html! {
        <g class="suit-mark sun-mark" aria-hidden="true">
            <circle cx={n(cx)} cy={n(cy)} r={n(s * 0.27)} fill={colour} />
            { for rays }
        </g>
    }
}

/// A crescent moon, horns to the right, `s` the coin's radius.
fn moon_mark(cx: f64, cy: f64, s: f64, colour: &'static str) -> Html {
    let r = s * 0.58;
    let ox = cx + s * 0.05;
    let (hx, hy) = (ox + r * 0.5, r * 0.866);
    let d = format!(
        "M {} {} A {} {} 0 1 0 {} {} A {} {} 0 0 1 {} {} Z",
        n(hx),
        n(cy - hy),
        n(r),
        n(r),
        n(hx),
        n(cy + hy),
        n(r * 0.95),
        n(r * 0.95),
        n(hx),
        n(cy - hy)
    );
    html! { <path class="suit-mark moon-mark" aria-hidden="true" d={d} fill={colour} /> }
}

pub fn suit_mark(seat: Seat, cx: f64, cy: f64, s: f64, colour: &'static str) -> Html {
    if seat == 0 {
        sun_mark(cx, cy, s, colour)
    } else {
        moon_mark(cx, cy, s, colour)
    }
}

/// A snowflake (three crossed bars with tips) on a white disc: the mark of freezing.
pub fn snowflake(cx: f64, cy: f64, s: f64) -> Html {
    // (sin, cos) of 90°, 150° and 210°: constants, so the bundle needs no trigonometry.
    const HALF_ROOT3: f64 = 0.866_025_403_784_438_6;
    let bars = [(1.0, 0.0), (0.5, -HALF_ROOT3), (-0.5, -HALF_ROOT3)].map(|(sin, cos): (f64, f64)| {
        let l = s * 0.72;
        html! {
            <line x1={n(cx - cos * l)} y1={n(cy - sin * l)} x2={n(cx + cos * l)} y2={n(cy + sin * l)} />
        }
    });
    html! {
        <g class="snowflake" aria-hidden="true">
            <circle cx={n(cx)} cy={n(cy)} r={n(s)} class="snowflake-disc" />
            <g class="snowflake-bars">{ for bars }</g>
        </g>
    }
}

/// One coin at `(cx, cy)` of radius `r`, drawn as `face`.
pub fn coin_svg(owner: Seat, value: Option<Value>, face: Face, cx: f64, cy: f64, r: f64) -> Html {
    coin_svg_shifted(owner, value, face, (cx, cy), r, (0.0, 0.0))
}

/// What a face-up coin shows: its suit's mark under its value ("blank" squeezed to fit).
fn face_up(owner: Seat, v: Value, (mx, my): (f64, f64), r: f64) -> Html {
    let ink = colours(owner).1;
    let blank = v == Value::Blank;
    let size = if blank { r * 0.46 } else { r * 1.05 };
    html! {
        <>
            { suit_mark(owner, mx, my + r * 0.6, r * 0.42, ink) }
            <text x={n(mx)} y={n(my + size * 0.33 - r * 0.08)} font-size={n(size)}
                text-anchor="middle" fill={ink} class="coin-value"
                textLength={blank.then(|| n(r * 1.3))} lengthAdjust={blank.then_some("spacingAndGlyphs")}>
                { value_mark(v) }
            </text>
        </>
    }
}

/// A value only the viewer knows: a tag over the top of the face-down coin, the suit's mark
/// below it. The word is set to the tag's width, so "blank" never runs out of it.
fn known(owner: Seat, v: Value, (mx, my): (f64, f64), r: f64) -> Html {
    let blank = v == Value::Blank;
    let h = r * 0.68;
    let (w, font) = if blank {
        (r * 1.62, r * 0.4)
    } else {
        (r * 0.74, r * 0.5)
    };
    let (bx, by) = (mx, my - r * 0.48);
    html! {
        <>
            { suit_mark(owner, mx, my + r * 0.3, r * 0.72, colours(owner).1) }
            <g class="known-badge">
                <rect x={n(bx - w / 2.0)} y={n(by - h / 2.0)} width={n(w)} height={n(h)} rx={n(h / 2.0)} />
                <text x={n(bx)} y={n(by + font * 0.36)} text-anchor="middle" font-size={n(font)}
                    textLength={blank.then(|| n(w - h * 0.7))} lengthAdjust={blank.then_some("spacingAndGlyphs")}>
                    { value_mark(v) }
                </text>
            </g>
        </>
    }
}

/// One coin centred on `at`, its marks moved by `shift` (the coin underneath a frozen pair
/// shows them in the part the coin on top leaves visible).
fn coin_svg_shifted(
    owner: Seat,
    value: Option<Value>,
    face: Face,
    (cx, cy): (f64, f64),
    r: f64,
    shift: (f64, f64),
) -> Html {
    let (fill, ink, edge) = colours(owner);
    let marks_at = (cx + shift.0, cy + shift.1);
    let face_class = match face {
        Face::Down => "face-down",
        Face::Up => "face-up",
        Face::Known => "face-down known",
    };
    let special = value.is_some_and(Value::is_special) && face != Face::Down;
    let body = match (face, value) {
        (Face::Up, Some(v)) => face_up(owner, v, marks_at, r),
        (Face::Known, Some(v)) => known(owner, v, marks_at, r),
        _ => suit_mark(owner, marks_at.0, marks_at.1, r, ink),
    };
    html! {
        <g class={classes!("coin", if owner == 0 { "suns" } else { "moons" }, face_class, special.then_some("special"))}
            data-value={(face != Face::Down).then(|| value.map(|v| v.letter().to_string())).flatten()}>
            <circle cx={n(cx)} cy={n(cy)} r={n(r)} fill={fill} stroke={edge} stroke-width="3" />
            <circle cx={n(cx)} cy={n(cy)} r={n(r * 0.84)} fill="none" stroke={ink}
                stroke-opacity="0.35" stroke-width="1.5" />
            if special {
                // A special coin the viewer can see: a second, solid ring.
                <circle cx={n(cx)} cy={n(cy)} r={n(r * 0.84)} fill="none" stroke={ink} stroke-width="3.5" />
            }
            { body }
        </g>
    }
}

/// The coins of one square whose top-left corner is `(x, y)`: a lone coin in the middle, or a
/// frozen pair (the one underneath lower left, the one on top upper right) inside an ice ring
/// with a snowflake. The coin that moved last (lone, or on top) slides in from `from` away.
pub fn square_coins(
    coins: &[Coin],
    (x, y): (f64, f64),
    over: bool,
    from: (f64, f64),
    (animate, ply): (bool, usize),
) -> Html {
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    let slide = |inner: Html| motion::slide(animate, ply, from, inner);
    match coins {
        [] => Html::default(),
        [c] => slide(coin_svg(c.owner, c.value, face_of(c, over), cx, cy, COIN_R)),
        [under, top, ..] => html! {
            <g class="pair">
                <circle cx={n(cx)} cy={n(cy)} r="47" class="ice-ring" />
                { coin_svg_shifted(under.owner, under.value, face_of(under, over), (cx - 15.0, cy + 15.0), PAIR_R, (-5.0, 5.0)) }
                { slide(coin_svg(top.owner, top.value, face_of(top, over), cx + 14.0, cy - 14.0, PAIR_R)) }
                { snowflake(x + 84.0, y + 84.0, 13.0) }
            </g>
        },
    }
}

/// The mark of a target square: a plain step (ring and dot), or a freeze (ice ring and a
/// snowflake).
pub fn target_mark((x, y): (f64, f64), freezes: bool) -> Html {
    let (cx, cy) = (n(x + CELL / 2.0), n(y + CELL / 2.0));
    if freezes {
        html! {
            <>
                <circle cx={cx.clone()} cy={cy.clone()} r="45" class="freeze-halo" />
                <circle {cx} {cy} r="45" class="freeze-ring" />
                { snowflake(x + 82.0, y + 18.0, 15.0) }
            </>
        }
    } else {
        html! {
            <>
                <circle cx={cx.clone()} cy={cy.clone()} r="44" class="target-ring" />
                <circle {cx} {cy} r="10" class="target-dot" />
            </>
        }
    }
}

/// The felt and `n` by `n` 2x2 tiles from `(x0, 0)`, grid side up.: fixed markup, what [`drawn_tiles`] draws (checked by a test).
pub fn tiles() -> Html {
    kit::fixed::markup(TILES)
}

const TILES: &str = r##"<g aria-hidden="true"><rect x="26" y="-4" width="608" height="608" rx="14" class="felt"></rect><g class="tile"><rect x="33" y="3" width="194" height="194" rx="12" class="tile-face"></rect><line x1="130" y1="8" x2="130" y2="192" class="tile-grid"></line><line x1="38" y1="100" x2="222" y2="100" class="tile-grid"></line></g><g class="tile"><rect x="233" y="3" width="194" height="194" rx="12" class="tile-face"></rect><line x1="330" y1="8" x2="330" y2="192" class="tile-grid"></line><line x1="238" y1="100" x2="422" y2="100" class="tile-grid"></line></g><g class="tile"><rect x="433" y="3" width="194" height="194" rx="12" class="tile-face"></rect><line x1="530" y1="8" x2="530" y2="192" class="tile-grid"></line><line x1="438" y1="100" x2="622" y2="100" class="tile-grid"></line></g><g class="tile"><rect x="33" y="203" width="194" height="194" rx="12" class="tile-face"></rect><line x1="130" y1="208" x2="130" y2="392" class="tile-grid"></line><line x1="38" y1="300" x2="222" y2="300" class="tile-grid"></line></g><g class="tile"><rect x="233" y="203" width="194" height="194" rx="12" class="tile-face"></rect><line x1="330" y1="208" x2="330" y2="392" class="tile-grid"></line><line x1="238" y1="300" x2="422" y2="300" class="tile-grid"></line></g><g class="tile"><rect x="433" y="203" width="194" height="194" rx="12" class="tile-face"></rect><line x1="530" y1="208" x2="530" y2="392" class="tile-grid"></line><line x1="438" y1="300" x2="622" y2="300" class="tile-grid"></line></g><g class="tile"><rect x="33" y="403" width="194" height="194" rx="12" class="tile-face"></rect><line x1="130" y1="408" x2="130" y2="592" class="tile-grid"></line><line x1="38" y1="500" x2="222" y2="500" class="tile-grid"></line></g><g class="tile"><rect x="233" y="403" width="194" height="194" rx="12" class="tile-face"></rect><line x1="330" y1="408" x2="330" y2="592" class="tile-grid"></line><line x1="238" y1="500" x2="422" y2="500" class="tile-grid"></line></g><g class="tile"><rect x="433" y="403" width="194" height="194" rx="12" class="tile-face"></rect><line x1="530" y1="408" x2="530" y2="592" class="tile-grid"></line><line x1="438" y1="500" x2="622" y2="500" class="tile-grid"></line></g></g>"##;

/// The felt and `n` by `n` 2x2 tiles from `(x0, 0)`, grid side up.
#[cfg(all(test, not(target_arch = "wasm32")))]
fn drawn_tiles(x0: f64, count: i32) -> Html {
    let tiles = (0..count * count).map(|i| {
        let x = x0 + f64::from(i % count) * 2.0 * CELL;
        let y = f64::from(i / count) * 2.0 * CELL;
        html! {
            <g class="tile">
                <rect x={n(x + 3.0)} y={n(y + 3.0)} width="194" height="194" rx="12" class="tile-face" />
                <line x1={n(x + CELL)} y1={n(y + 8.0)} x2={n(x + CELL)} y2={n(y + 192.0)} class="tile-grid" />
                <line x1={n(x + 8.0)} y1={n(y + CELL)} x2={n(x + 192.0)} y2={n(y + CELL)} class="tile-grid" />
            </g>
        }
    });
    let side = n(f64::from(count) * 2.0 * CELL + 8.0);
    html! {
        <g aria-hidden="true">
            <rect x={n(x0 - 4.0)} y="-4" width={side.clone()} height={side} rx="14" class="felt" />
            { for tiles }
        </g>
    }
}

/// The files and rows around the board.: fixed markup, what [`drawn_coordinates`] draws (checked by a test).
pub fn coordinates() -> Html {
    kit::fixed::markup(COORDINATES)
}

const COORDINATES: &str = r##"<text x="80" y="628" text-anchor="middle" class="coord">a</text><text x="13" y="57" text-anchor="middle" class="coord">6</text><text x="180" y="628" text-anchor="middle" class="coord">b</text><text x="13" y="157" text-anchor="middle" class="coord">5</text><text x="280" y="628" text-anchor="middle" class="coord">c</text><text x="13" y="257" text-anchor="middle" class="coord">4</text><text x="380" y="628" text-anchor="middle" class="coord">d</text><text x="13" y="357" text-anchor="middle" class="coord">3</text><text x="480" y="628" text-anchor="middle" class="coord">e</text><text x="13" y="457" text-anchor="middle" class="coord">2</text><text x="580" y="628" text-anchor="middle" class="coord">f</text><text x="13" y="557" text-anchor="middle" class="coord">1</text>"##;

/// The files and rows around the board.
#[cfg(all(test, not(target_arch = "wasm32")))]
fn drawn_coordinates() -> Html {
    (0..6)
        .map(|i| {
            let file = char::from(b'a' + i as u8).to_string();
            html! {
                <>
                    <text x={n(MARGIN + f64::from(i) * CELL + 50.0)} y="628" class="coord" text-anchor="middle">{ file }</text>
                    <text x="13" y={n(f64::from(i) * CELL + 57.0)} class="coord" text-anchor="middle">{ (6 - i).to_string() }</text>
                </>
            }
        })
        .collect()
}

/// A value token for the setup tray (a small face-up coin).
pub fn tray_coin(owner: Seat, v: Value) -> Html {
    html! {
        <svg class="tray-coin evade-art" viewBox="-22 -22 44 44" aria-hidden="true">
            { coin_svg(owner, Some(v), Face::Up, 0.0, 0.0, 20.0) }
        </svg>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod fixed_tests {
    use super::*;

    #[test]
    fn the_fixed_markup_is_what_the_board_draws() {
        assert_eq!(kit::fixed::render(drawn_tiles(MARGIN, 3)), TILES);
        assert_eq!(kit::fixed::render(drawn_coordinates()), COORDINATES);
    }
}
