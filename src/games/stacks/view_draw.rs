//! Drawing the Stacks board: the geometry (pointy-top hexagons in rows, row `a` at the
//! bottom, the boxes of the reserves and the pieces off above and below), pieces as bands,
//! piles, tags, and the arrows of each side's direction.
//!
//! Light pieces are pale bands with a dark outline; Dark pieces are dark bands with a light
//! outline and a light dot: the two read apart without hue.

use std::ops::Range;

use yew::prelude::*;

use super::rules::{draw_position, row_count, row_len, Cell, Colour};
use crate::core::Seat;
use crate::ui::game_view::num as n;
use crate::ui::kit::{self, motion};

/// A hexagon's circumradius (centre to corner).
pub const R: f64 = 50.0;
/// Half a hexagon's width: `R * sqrt(3) / 2`.
const HW: f64 = 43.301_270_189_221_93;
/// From one row's centres to the next.
const ROW_H: f64 = 75.0;
/// Beside the board, left and right: the direction arrows and the row letters.
const MARGIN: f64 = 66.0;
/// The bands above and below the board (reserves and pieces off).
const BAND: f64 = 86.0;
/// Between the board and a band.
const GAP: f64 = 8.0;
/// Around the whole picture.
const EDGE: f64 = 14.0;
/// A piece drawn as a band.
const PIECE_W: f64 = 48.0;
const PIECE_H: f64 = 12.0;
/// The most bands a pile shows; a taller stack shows its top ones, dots under them and its
/// height.
const MOST_SHOWN: usize = 5;
/// Where a pile's base is, below a cell's centre.
pub const BASE: f64 = 30.0;
/// Where the tags (a stack's height, a step's cost) are, from a cell's centre.
pub const TAG_X: f64 = 31.0;
pub const TAG_Y: f64 = -18.0;

pub const LIGHT_FILL: &str = "#f8f3e8";
pub const LIGHT_EDGE: &str = "#1c1c1c";
pub const DARK_FILL: &str = "#24262d";
pub const DARK_EDGE: &str = "#f8f3e8";

pub fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Light => LIGHT_FILL,
        Colour::Dark => DARK_FILL,
    }
}

fn edge(colour: Colour) -> &'static str {
    match colour {
        Colour::Light => LIGHT_EDGE,
        Colour::Dark => DARK_EDGE,
    }
}

pub fn class_of(colour: Colour) -> &'static str {
    match colour {
        Colour::Light => "light",
        Colour::Dark => "dark",
    }
}

/// The two kinds of box in the bands: a seat's reserve and a seat's pieces off the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    Reserve,
    Off,
}

impl Zone {
    pub fn name(self) -> &'static str {
        match self {
            Zone::Reserve => "reserve",
            Zone::Off => "off",
        }
    }
}

/// Where things go on a board of one side, in SVG units (row `a` at the bottom).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geo {
    pub side: u8,
    pub rows: u8,
}

impl Geo {
    pub fn new(side: u8) -> Geo {
        Geo {
            side,
            rows: row_count(side),
        }
    }

    /// Half the width of the widest row.
    fn half(self) -> f64 {
        f64::from(2 * self.side - 1) * HW
    }

    /// Half the width of the whole picture.
    pub fn outer(self) -> f64 {
        self.half() + MARGIN
    }

    /// The centre of `cell`.
    pub fn centre(self, cell: Cell) -> (f64, f64) {
        let (x, row) = draw_position(self.side, cell);
        (f64::from(x) * HW, f64::from(self.rows - 1 - row) * ROW_H)
    }

    /// The y of the centres of the bottom row (row `a`).
    pub fn bottom_row(self) -> f64 {
        f64::from(self.rows - 1) * ROW_H
    }

    /// How much the boxes of the bands are scaled up, so that their words stay readable
    /// when a bigger board makes everything smaller.
    pub fn zoom(self) -> f64 {
        1.0 + f64::from(self.side - 3) * 0.25
    }

    fn band(self) -> f64 {
        BAND * self.zoom()
    }

    fn top_band(self) -> f64 {
        -R - GAP - self.band()
    }

    fn bottom_band(self) -> f64 {
        self.bottom_row() + R + GAP
    }

    /// Everything, with a border the page may draw its turn outline on.
    pub fn view_box(self) -> String {
        let top = self.top_band() - EDGE;
        let height = self.bottom_band() + self.band() + EDGE - top;
        let width = 2.0 * (self.outer() + EDGE);
        format!("{} {} {} {}", n(-width / 2.0), n(top), n(width), n(height))
    }

    /// The felt under the hexagons.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    fn felt(self) -> Html {
        html! {
            <rect class="stacks-felt" x={n(-self.outer())} y={n(-R - GAP / 2.0)} width={n(2.0 * self.outer())}
                height={n(self.bottom_row() + 2.0 * R + GAP)} rx="14" />
        }
    }

    /// The box of a seat's reserve or pieces off: Light's reserve below the board at the left
    /// (by its near row), Light's pieces off above it at the left (past its far row); Dark's
    /// the other way round, at the right.
    pub fn zone(self, zone: Zone, seat: Seat) -> (f64, f64, f64, f64) {
        let bottom = (zone == Zone::Reserve) == (seat == 0);
        let y = if bottom {
            self.bottom_band()
        } else {
            self.top_band()
        };
        let w = self.outer() - 10.0;
        let x = if seat == 0 { -self.outer() + 4.0 } else { 6.0 };
        (x, y, w, self.band())
    }

    pub fn zone_centre(self, zone: Zone, seat: Seat) -> (f64, f64) {
        let (x, y, w, h) = self.zone(zone, seat);
        (x + w / 2.0, y + h / 2.0)
    }

    /// The cell next to `cell` for an arrow key, as drawn (row `a` at the bottom): along the
    /// row, or up or down to the nearest cell of the next row.
    pub fn neighbour(self, cell: Cell, (across, up): (i32, i32)) -> Option<Cell> {
        let row = u8::try_from(i32::from(cell.row) + up).ok()?;
        if row >= self.rows {
            return None;
        }
        if up == 0 {
            let pos = u8::try_from(i32::from(cell.pos) + across).ok()?;
            return (pos < row_len(self.side, row)).then(|| Cell::new(row, pos));
        }
        let x = draw_position(self.side, cell).0;
        (0..row_len(self.side, row))
            .map(|p| Cell::new(row, p))
            .min_by_key(|&c| {
                let cx = draw_position(self.side, c).0;
                ((cx - x).abs(), cx)
            })
    }
}

/// The corners of a pointy-top hexagon of circumradius `r` centred at `(cx, cy)`.
pub fn hex_points(cx: f64, cy: f64, r: f64) -> String {
    let hw = r * HW / R;
    [
        (cx, cy - r),
        (cx + hw, cy - r / 2.0),
        (cx + hw, cy + r / 2.0),
        (cx, cy + r),
        (cx - hw, cy + r / 2.0),
        (cx - hw, cy - r / 2.0),
    ]
    .iter()
    .map(|(x, y)| format!("{},{}", n(*x), n(*y)))
    .collect::<Vec<_>>()
    .join(" ")
}

/// A number to two decimal places ("1.25"), written with integer arithmetic.
pub fn hundredths(x: f64) -> String {
    let h = (x * 100.0).round() as i64;
    format!("{}.{:02}", h / 100, h % 100)
}

/// One piece as a band whose top-left corner is `(x, y)`.
fn piece(colour: Colour, x: f64, y: f64, lifted: bool) -> Html {
    let class = classes!("piece", class_of(colour), lifted.then_some("lifted"));
    html! {
        <g class={class}>
            <rect x={n(x)} y={n(y)} width={n(PIECE_W)} height={n(PIECE_H)} rx="3"
                fill={fill(colour)} stroke={edge(colour)}
                stroke-width={if colour == Colour::Light { "2" } else { "1.6" }} />
            if colour == Colour::Dark {
                <circle cx={n(x + PIECE_W / 2.0)} cy={n(y + PIECE_H / 2.0)} r="2.2" fill={DARK_EDGE} />
            }
        </g>
    }
}

/// The bands of `stack` at indices `range`, each where it sits in the stack's pile (base
/// centred at `(cx, base)`); the top `lifted` pieces are raised.
pub fn bands(stack: &[Colour], (cx, base): (f64, f64), range: Range<usize>, lifted: usize) -> Html {
    let total = stack.len();
    let more = total > MOST_SHOWN;
    let first = if more { total - (MOST_SHOWN - 1) } else { 0 };
    let lift_from = total - lifted.min(total);
    range
        .filter(|&i| i >= first && i < total)
        .map(|i| {
            let slot = (i - first) + usize::from(more);
            let up = i >= lift_from;
            let y = base - (slot as f64 + 1.0) * PIECE_H - if up { 5.0 } else { 0.0 };
            piece(stack[i], cx - PIECE_W / 2.0, y, up)
        })
        .collect()
}

/// The top pieces the last move brought onto a cell, and where from, to slide them in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arrival {
    /// How many pieces at the top of the stack arrived.
    pub count: usize,
    /// The offset of where they came from, in board units.
    pub from: (f64, f64),
}

/// A stack drawn bottom to top as bands, its base centred at `at`: at most [`MOST_SHOWN`]
/// bands (a taller stack shows its top ones over three dots). The top `lifted` pieces (the
/// group picked) are raised; the top pieces of `arrival` slide in when `motion` says so.
pub fn pile(
    stack: &[Colour],
    at: (f64, f64),
    lifted: usize,
    arrival: Option<Arrival>,
    (animate, ply): (bool, usize),
) -> Html {
    let total = stack.len();
    let (cx, base) = at;
    let came = total - arrival.map_or(0, |a| a.count.min(total));
    let from = arrival.map_or((0.0, 0.0), |a| a.from);
    html! {
        <g class="pile">
            if total > MOST_SHOWN {
                <g class="more-below">
                    { for (0..3).map(|k| html! {
                        <circle cx={n(cx - 8.0 + 8.0 * f64::from(k))} cy={n(base - PIECE_H / 2.0)} r="2.4" />
                    }) }
                </g>
            }
            { bands(stack, at, 0..came, lifted) }
            { motion::slide(animate, ply, from, bands(stack, at, came..total, lifted)) }
        </g>
    }
}

/// A round tag with a number: a stack's height (right) or a step's cost (left).
pub fn tag(class: &'static str, cx: f64, cy: f64, text: String) -> Html {
    html! {
        <g class={classes!("tag", class)} aria-hidden="true">
            <circle cx={n(cx)} cy={n(cy)} r="11" />
            <text x={n(cx)} y={n(cy + 5.0)} text-anchor="middle">{ text }</text>
        </g>
    }
}

/// The felt, the arrows beside the board showing which way each side moves and the row
/// letters, for a board of `side` 3, 4 or 5 (what the options allow): fixed markup, what
/// [`Geo::felt`], [`direction_arrow`] and [`row_letters`] draw (checked by a test).
pub fn fixed(side: u8) -> Html {
    kit::fixed::markup(match side {
        3 => FIXED_3,
        4 => FIXED_4,
        _ => FIXED_5,
    })
}

const FIXED_3: &str = r##"<rect x="-282.5" y="-54" width="565" height="408" rx="14" class="stacks-felt"></rect><g aria-hidden="true" class="direction light"><polygon points="-264.5,320 -264.5,-14 -276.5,-14 -252.5,-44 -228.5,-14 -240.5,-14 -240.5,320" fill="#f8f3e8" stroke="#1c1c1c" stroke-width="2.5"></polygon><g transform="rotate(-90 -252.5 153)"><text x="-252.5" y="153" text-anchor="middle" dominant-baseline="central" fill="#1c1c1c">Light: from row a to row e</text></g></g><g aria-hidden="true" class="direction dark"><polygon points="240.5,-20 240.5,314 228.5,314 252.5,344 276.5,314 264.5,314 264.5,-20" fill="#24262d" stroke="#f8f3e8" stroke-width="2.5"></polygon><g transform="rotate(90 252.5 147)"><text x="252.5" y="147" text-anchor="middle" dominant-baseline="central" fill="#f8f3e8">Dark: from row e to row a</text></g></g><text x="-135.9" y="306" text-anchor="end" aria-hidden="true" class="row-letter">a</text><text x="-179.2" y="231" text-anchor="end" aria-hidden="true" class="row-letter">b</text><text x="-222.5" y="156" text-anchor="end" aria-hidden="true" class="row-letter">c</text><text x="-179.2" y="81" text-anchor="end" aria-hidden="true" class="row-letter">d</text><text x="-135.9" y="6" text-anchor="end" aria-hidden="true" class="row-letter">e</text>"##;
const FIXED_4: &str = r##"<rect x="-369.1" y="-54" width="738.2" height="558" rx="14" class="stacks-felt"></rect><g aria-hidden="true" class="direction light"><polygon points="-351.1,470 -351.1,-14 -363.1,-14 -339.1,-44 -315.1,-14 -327.1,-14 -327.1,470" fill="#f8f3e8" stroke="#1c1c1c" stroke-width="2.5"></polygon><g transform="rotate(-90 -339.1 228)"><text x="-339.1" y="228" text-anchor="middle" dominant-baseline="central" fill="#1c1c1c">Light: from row a to row e</text></g></g><g aria-hidden="true" class="direction dark"><polygon points="327.1,-20 327.1,464 315.1,464 339.1,494 363.1,464 351.1,464 351.1,-20" fill="#24262d" stroke="#f8f3e8" stroke-width="2.5"></polygon><g transform="rotate(90 339.1 222)"><text x="339.1" y="222" text-anchor="middle" dominant-baseline="central" fill="#f8f3e8">Dark: from row e to row a</text></g></g><text x="-179.2" y="456" text-anchor="end" aria-hidden="true" class="row-letter">a</text><text x="-222.5" y="381" text-anchor="end" aria-hidden="true" class="row-letter">b</text><text x="-265.8" y="306" text-anchor="end" aria-hidden="true" class="row-letter">c</text><text x="-309.1" y="231" text-anchor="end" aria-hidden="true" class="row-letter">d</text><text x="-265.8" y="156" text-anchor="end" aria-hidden="true" class="row-letter">e</text><text x="-222.5" y="81" text-anchor="end" aria-hidden="true" class="row-letter">f</text><text x="-179.2" y="6" text-anchor="end" aria-hidden="true" class="row-letter">g</text>"##;
const FIXED_5: &str = r##"<rect x="-455.7" y="-54" width="911.4" height="708" rx="14" class="stacks-felt"></rect><g aria-hidden="true" class="direction light"><polygon points="-437.7,620 -437.7,-14 -449.7,-14 -425.7,-44 -401.7,-14 -413.7,-14 -413.7,620" fill="#f8f3e8" stroke="#1c1c1c" stroke-width="2.5"></polygon><g transform="rotate(-90 -425.7 303)"><text x="-425.7" y="303" text-anchor="middle" dominant-baseline="central" fill="#1c1c1c">Light: from row a to row e</text></g></g><g aria-hidden="true" class="direction dark"><polygon points="413.7,-20 413.7,614 401.7,614 425.7,644 449.7,614 437.7,614 437.7,-20" fill="#24262d" stroke="#f8f3e8" stroke-width="2.5"></polygon><g transform="rotate(90 425.7 297)"><text x="425.7" y="297" text-anchor="middle" dominant-baseline="central" fill="#f8f3e8">Dark: from row e to row a</text></g></g><text x="-222.5" y="606" text-anchor="end" aria-hidden="true" class="row-letter">a</text><text x="-265.8" y="531" text-anchor="end" aria-hidden="true" class="row-letter">b</text><text x="-309.1" y="456" text-anchor="end" aria-hidden="true" class="row-letter">c</text><text x="-352.4" y="381" text-anchor="end" aria-hidden="true" class="row-letter">d</text><text x="-395.7" y="306" text-anchor="end" aria-hidden="true" class="row-letter">e</text><text x="-352.4" y="231" text-anchor="end" aria-hidden="true" class="row-letter">f</text><text x="-309.1" y="156" text-anchor="end" aria-hidden="true" class="row-letter">g</text><text x="-265.8" y="81" text-anchor="end" aria-hidden="true" class="row-letter">h</text><text x="-222.5" y="6" text-anchor="end" aria-hidden="true" class="row-letter">i</text>"##;

/// The arrow beside the board showing which way `seat` moves (Light up on the left, Dark
/// down on the right).
#[cfg(all(test, not(target_arch = "wasm32")))]
fn direction_arrow(geo: Geo, seat: Seat) -> Html {
    let colour = Colour::of_seat(seat);
    let (x, tip, base, head) = if seat == 0 {
        (-geo.half() - 36.0, -R + 6.0, geo.bottom_row() + 20.0, 30.0)
    } else {
        (geo.half() + 36.0, geo.bottom_row() + R - 6.0, -20.0, -30.0)
    };
    let points = [
        (x - 12.0, base),
        (x - 12.0, tip + head),
        (x - 24.0, tip + head),
        (x, tip),
        (x + 24.0, tip + head),
        (x + 12.0, tip + head),
        (x + 12.0, base),
    ]
    .iter()
    .map(|(x, y)| format!("{},{}", n(*x), n(*y)))
    .collect::<Vec<_>>()
    .join(" ");
    let mid = (tip + head + base) / 2.0;
    let (rotate, words) = if seat == 0 {
        (-90, "Light: from row a to row e")
    } else {
        (90, "Dark: from row e to row a")
    };
    html! {
        <g class={classes!("direction", class_of(colour))} aria-hidden="true">
            <polygon points={points} fill={fill(colour)} stroke={edge(colour)} stroke-width="2.5" />
            // Turned by a group, so that a flipped board can turn the words alone back.
            <g transform={format!("rotate({rotate} {} {})", n(x), n(mid))}>
                <text x={n(x)} y={n(mid)} text-anchor="middle" dominant-baseline="central" fill={edge(colour)}>
                    { words }
                </text>
            </g>
        </g>
    }
}

/// The row letters at the left of the rows.
#[cfg(all(test, not(target_arch = "wasm32")))]
fn row_letters(geo: Geo) -> Html {
    (0..geo.rows)
        .map(|row| {
            let (cx, cy) = geo.centre(Cell::new(row, 0));
            html! {
                <text class="row-letter" x={n(cx - HW - 6.0)} y={n(cy + 6.0)} text-anchor="end" aria-hidden="true">
                    { super::rules::row_letter(row).to_string() }
                </text>
            }
        })
        .collect()
}

/// What a reserve or pieces-off box shows: its pieces, number, title and hint, drawn in the
/// box's own units (scaled up on bigger boards) at `(x, y)`.
pub fn zone_contents(
    geo: Geo,
    (x, y, w, h): (f64, f64, f64, f64),
    colour: Colour,
    number: u8,
    (title, hint): (String, String),
    cost_tag: bool,
) -> Html {
    let zoom = geo.zoom();
    let (w, h) = (w / zoom, h / zoom);
    let pieces = vec![colour; usize::from(number.min(4))];
    html! {
        <g transform={format!("translate({} {}) scale({})", n(x), n(y), hundredths(zoom))}>
            <rect class="zone-box" x="0" y="0" width={n(w)} height={n(h)} rx="12" />
            { pile(&pieces, (34.0, h / 2.0 + 25.0), 0, None, (false, 0)) }
            <text class="zone-number" x="84" y={n(h / 2.0 + 12.0)} text-anchor="middle">{ number.to_string() }</text>
            <text class="zone-title" x="112" y={n(h / 2.0 - 6.0)}>{ title }</text>
            <text class="zone-hint" x="112" y={n(h / 2.0 + 20.0)}>{ hint }</text>
            if cost_tag {
                { tag("cost", w - 22.0, 22.0, "1".to_string()) }
            }
        </g>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod fixed_tests {
    use super::*;

    #[test]
    fn the_fixed_markup_is_what_the_board_draws() {
        for (side, fixed) in [(3, FIXED_3), (4, FIXED_4), (5, FIXED_5)] {
            let geo = Geo::new(side);
            let drawn = html! {
                <>{ geo.felt() }{ direction_arrow(geo, 0) }{ direction_arrow(geo, 1) }{ row_letters(geo) }</>
            };
            assert_eq!(kit::fixed::render(drawn), fixed, "side {side}");
        }
    }
}
