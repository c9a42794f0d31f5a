//! The Stacks board: pointy-top hexagons in horizontal rows (row `a`, Light's near row, at the
//! bottom), every stack drawn as a pile of bands bottom to top with its height when it is
//! tall, both reserves and both "off the board" counts in the bands above and below the board,
//! an arrow beside the board for each player's forward direction, and a panel to pick how many
//! pieces to move, see where they may go, pass, and read what the last move did.
//!
//! Light pieces are pale bands with a dark outline; Dark pieces are dark bands with a light
//! outline and a light dot: the two read apart without hue.

use yew::prelude::*;

use super::rules::{
    cell_index, cells, draw_position, far_row, near_row, own_run, row_count, row_len, row_letter,
    Cell, Colour, Dest, Stacks, StacksMove, PIECES,
};
use crate::core::{Game, Seat};
use crate::ui::game_view::{AnyBoardProps, GameView, Paint};

/// A hexagon's circumradius (centre to corner).
const R: f64 = 50.0;
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
const BASE: f64 = 30.0;
/// Where the tags (a stack's height, a step's cost) are, from a cell's centre.
const TAG_X: f64 = 31.0;
const TAG_Y: f64 = -18.0;

const LIGHT_FILL: &str = "#f8f3e8";
const LIGHT_EDGE: &str = "#1c1c1c";
const DARK_FILL: &str = "#24262d";
const DARK_EDGE: &str = "#f8f3e8";

fn fill(colour: Colour) -> &'static str {
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

fn class_of(colour: Colour) -> &'static str {
    match colour {
        Colour::Light => "light",
        Colour::Dark => "dark",
    }
}

/// How a side (by its letter, `L` or `D`) is painted.
fn paint(letter: &str) -> Option<Paint> {
    match letter {
        "L" => Some(Paint {
            fill: LIGHT_FILL,
            ink: LIGHT_EDGE,
        }),
        "D" => Some(Paint {
            fill: DARK_FILL,
            ink: DARK_EDGE,
        }),
        _ => None,
    }
}

/// How the UI shows Stacks.
pub const VIEW: GameView = GameView {
    slug: "stacks",
    board: |props| html! { <Board ..props /> },
    // The home page's picture: a static file (`static/thumbs/stacks.svg`, drawn by this
    // board's code), loaded as an image so that it costs the first load nothing.
    thumbnail: || html! { <img class="thumb" src="thumbs/stacks.svg" alt="" /> },
    paint,
    setup_hint: "Seat 1 plays Light and starts with a one-move turn; seat 2 plays Dark. Side 3 (19 cells) is the quick game; sides 4 and 5 are longer races. Diabolical Stacks lets you carry your opponent's pieces too.",
    ends_turn: None,
};

use crate::ui::game_view::num as n;

/// A number to two decimal places ("1.25"), written with integer arithmetic: formatting an
/// `f64` would link Rust's float formatting into the bundle (kilobytes).
fn hundredths(x: f64) -> String {
    let h = (x * 100.0).round() as i64;
    format!("{}.{:02}", h / 100, h % 100)
}

fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

fn moves_words(cost: u8) -> String {
    plural(usize::from(cost), "move", "moves")
}

// ---------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------

/// Where things go on a board of one side, in SVG units (row `a` at the bottom).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Geo {
    side: u8,
    rows: u8,
}

/// The two kinds of box in the bands: a seat's reserve and a seat's pieces off the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Zone {
    Reserve,
    Off,
}

impl Geo {
    fn new(side: u8) -> Geo {
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
    fn outer(self) -> f64 {
        self.half() + MARGIN
    }

    /// The centre of `cell`.
    fn centre(self, cell: Cell) -> (f64, f64) {
        let (x, row) = draw_position(self.side, cell);
        (f64::from(x) * HW, f64::from(self.rows - 1 - row) * ROW_H)
    }

    /// The y of the centres of the bottom row (row `a`).
    fn bottom_row(self) -> f64 {
        f64::from(self.rows - 1) * ROW_H
    }

    /// How much the boxes of the bands are scaled up, so that their words stay readable
    /// when a bigger board makes everything smaller.
    fn zoom(self) -> f64 {
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
    fn view_box(self) -> String {
        let top = self.top_band() - EDGE;
        let height = self.bottom_band() + self.band() + EDGE - top;
        format!(
            "{} {} {} {}",
            n(-self.outer() - EDGE),
            n(top),
            n(2.0 * (self.outer() + EDGE)),
            n(height)
        )
    }

    /// The box of a seat's reserve or pieces off: Light's reserve below the board at the left
    /// (by its near row), Light's pieces off above it at the left (past its far row); Dark's
    /// the other way round, at the right.
    fn zone(self, zone: Zone, seat: Seat) -> (f64, f64, f64, f64) {
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

    fn zone_centre(self, zone: Zone, seat: Seat) -> (f64, f64) {
        let (x, y, w, h) = self.zone(zone, seat);
        (x + w / 2.0, y + h / 2.0)
    }
}

/// The corners of a pointy-top hexagon of circumradius `r` centred at `(cx, cy)`.
fn hex_points(cx: f64, cy: f64, r: f64) -> String {
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

/// The cell next to `cell` in the direction of an arrow key, as drawn (row `a` at the
/// bottom): left and right along the row, up and down to the nearest cell of the next row.
fn neighbour(side: u8, cell: Cell, key: &str) -> Option<Cell> {
    match key {
        "ArrowLeft" => cell.pos.checked_sub(1).map(|p| Cell::new(cell.row, p)),
        "ArrowRight" => {
            (cell.pos + 1 < row_len(side, cell.row)).then(|| Cell::new(cell.row, cell.pos + 1))
        }
        "ArrowUp" | "ArrowDown" => {
            let row = if key == "ArrowUp" {
                cell.row + 1
            } else {
                cell.row.checked_sub(1)?
            };
            if row >= row_count(side) {
                return None;
            }
            let x = draw_position(side, cell).0;
            (0..row_len(side, row))
                .map(|p| Cell::new(row, p))
                .min_by_key(|&c| {
                    let cx = draw_position(side, c).0;
                    ((cx - x).abs(), cx)
                })
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Pieces and piles
// ---------------------------------------------------------------------------------------------

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

/// The top pieces the last move brought onto a cell, and the way they came, so they can glide
/// in from where they were.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Arrival {
    /// How many pieces at the top of the stack arrived.
    count: usize,
    /// Offset of where they came from, in board units.
    dx: f64,
    dy: f64,
    /// Which move this was (a new one restarts the animation).
    ply: usize,
}

/// A stack drawn bottom to top as bands, its base centred at `(cx, base)`: at most
/// [`MOST_SHOWN`] bands (a taller stack shows its top ones over three dots). The top `lifted`
/// pieces (the group picked) are raised and outlined; the top pieces of `arrival` glide in.
fn pile(stack: &[Colour], cx: f64, base: f64, lifted: usize, arrival: Option<Arrival>) -> Html {
    let total = stack.len();
    let more = total > MOST_SHOWN;
    let shown = if more { MOST_SHOWN - 1 } else { total };
    let first = total - shown;
    let x = cx - PIECE_W / 2.0;
    let lift_from = total - lifted.min(total);
    let arrived = arrival.map_or(0, |a| a.count.min(total));
    let arrive_from = total - arrived;
    let band = |i: usize| {
        let slot = (i - first) + usize::from(more);
        let lifted = i >= lift_from;
        let y = base - (slot as f64 + 1.0) * PIECE_H - if lifted { 5.0 } else { 0.0 };
        piece(stack[i], x, y, lifted)
    };
    let stayed = first..arrive_from.max(first);
    let came = arrive_from.max(first)..total;
    html! {
        <g class="pile">
            if more {
                <g class="more-below">
                    { for (0..3).map(|k| html! {
                        <circle cx={n(cx - 8.0 + 8.0 * f64::from(k))} cy={n(base - PIECE_H / 2.0)} r="2.4" />
                    }) }
                </g>
            }
            { for stayed.map(band) }
            if let Some(a) = arrival.filter(|_| arrived > 0) {
                <g class="arrived" key={a.ply.to_string()}
                    style={format!("--dx:{};--dy:{}", crate::ui::game_view::px(a.dx), crate::ui::game_view::px(a.dy))}>
                    { for came.map(band) }
                </g>
            } else {
                { for came.map(band) }
            }
        </g>
    }
}

/// A round tag with a number: a stack's height (right) or a step's cost (left).
fn tag(class: &'static str, cx: f64, cy: f64, text: String) -> Html {
    html! {
        <g class={classes!("tag", class)} aria-hidden="true">
            <circle cx={n(cx)} cy={n(cy)} r="11" />
            <text x={n(cx)} y={n(cy + 5.0)} text-anchor="middle">{ text }</text>
        </g>
    }
}

/// A stack in words: "empty", "1 Light piece", "3 pieces, bottom to top: Light, Dark, Light".
fn stack_words(stack: &[Colour]) -> String {
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
        } => format!(
            "moved {} from {from} to {to}",
            plural(usize::from(count), "piece", "pieces")
        ),
        StacksMove::Move {
            from,
            to: Dest::Off,
            count,
        } => format!(
            "moved {} off the board from {from}",
            plural(usize::from(count), "piece", "pieces")
        ),
    }
}

/// What the last move did, in words, and whether it ended its turn early (a second move
/// forfeited because no one-move step was left).
fn last_move_note(before: &Stacks, after: &Stacks, mv: StacksMove) -> (String, bool) {
    let who = Colour::of_seat(before.turn()).name();
    let next = Colour::of_seat(after.turn()).name();
    if mv == StacksMove::Pass {
        return (
            format!("{who} had no legal step at all and passed: it is {next}'s turn."),
            false,
        );
    }
    let what = step_words(mv);
    // The engine's own cost of the step (it was legal there, so the cost is known).
    let cost = before.cost(&mv).unwrap_or_default();
    let left = before.moves_left().saturating_sub(cost);
    if after.outcome().is_some() {
        return (format!("{who} {what} and the game is over."), false);
    }
    if after.turn() == before.turn() {
        return (
            format!(
                "{who} {what} ({}): {} left in this turn.",
                moves_words(cost),
                moves_words(left)
            ),
            false,
        );
    }
    if left > 0 {
        return (
            format!(
                "{who} {what} (1 move). {who}'s turn ended after one move: no one-move step was \
                 left, so the second move is forfeited. It is {next}'s turn."
            ),
            true,
        );
    }
    (
        format!(
            "{who} {what} ({}), which ends the turn: it is {next}'s turn.",
            moves_words(cost)
        ),
        false,
    )
}

// ---------------------------------------------------------------------------------------------
// Pictures
// ---------------------------------------------------------------------------------------------

/// The arrow beside the board showing which way `seat` moves (Light up on the left, Dark
/// down on the right).
fn direction_arrow(geo: Geo, seat: Seat) -> Html {
    let colour = Colour::of_seat(seat);
    let x = if seat == 0 {
        -geo.half() - 36.0
    } else {
        geo.half() + 36.0
    };
    let (tip, base) = if seat == 0 {
        (-R + 6.0, geo.bottom_row() + 20.0)
    } else {
        (geo.bottom_row() + R - 6.0, -20.0)
    };
    let head = if seat == 0 { 30.0 } else { -30.0 };
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
        (-90, "Light moves up")
    } else {
        (90, "Dark moves down")
    };
    html! {
        <g class={classes!("direction", class_of(colour))} aria-hidden="true">
            <polygon points={points} fill={fill(colour)} stroke={edge(colour)} stroke-width="2.5" />
            <text x={n(x)} y={n(mid)} text-anchor="middle" dominant-baseline="central"
                transform={format!("rotate({rotate} {} {})", n(x), n(mid))} fill={edge(colour)}>
                { words }
            </text>
        </g>
    }
}

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// What the player has picked on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    /// A stack, to move a group from its top.
    Stack(Cell),
    /// The mover's reserve, to enter a piece.
    Reserve,
}

/// A key's group size: `1` to `9`.
fn digit(key: &str) -> Option<u8> {
    let mut chars = key.chars();
    let d = chars.next()?.to_digit(10)?;
    (chars.next().is_none() && d >= 1).then(|| u8::try_from(d).unwrap_or(1))
}

/// The Stacks board and its panel.
#[component]
pub fn Board(props: &AnyBoardProps) -> Html {
    // `_eq`: clearing an empty pick (every move) must not render the board again.
    let picked = use_state_eq(|| None::<Pick>);
    // How many pieces from the top of the picked stack are to move (1 when a stack is picked).
    let group = use_state_eq(|| 1u8);
    // Roving focus: one cell is in the tab order; arrow keys move it. It starts in the middle
    // of row a.
    let focus = use_state_eq(|| 1usize);
    // Whether a cell of the board has the keyboard focus (its stack is then spelt out in the
    // panel).
    let looking = use_state_eq(|| false);
    {
        let picked = picked.clone();
        let group = group.clone();
        use_effect_with(props.ply, move |_| {
            picked.set(None);
            group.set(1);
        });
    }
    let Some(game) = props.position.as_any().downcast_ref::<Stacks>() else {
        return html! { <p class="error" role="alert">{ "This is not a Stacks game." }</p> };
    };
    let side = game.side();
    let geo = Geo::new(side);
    let all = cells(side);
    let to_move = Game::to_move(game);
    let over = to_move.is_none();
    let turn = game.turn();
    let me = Colour::of_seat(turn);
    let can_act = props.can_move;
    let legal: Vec<StacksMove> = if can_act {
        Game::legal_moves(game)
    } else {
        Vec::new()
    };
    let must_pass = legal == [StacksMove::Pass];
    // The stacks with a legal step now (a stack of the mover's may have none: both cells ahead
    // taken with one move left).
    let can_step = |c: Cell| {
        legal
            .iter()
            .any(|m| matches!(m, StacksMove::Move { from, .. } if *from == c))
    };
    let entries: Vec<(Cell, u8)> = if can_act {
        game.entry_cells()
    } else {
        Vec::new()
    };
    // Drop a pick that the position no longer allows (after undo, say).
    let pick = match *picked {
        Some(Pick::Stack(c)) if !game.stack(c).is_empty() => Some(Pick::Stack(c)),
        Some(Pick::Reserve) if !entries.is_empty() => Some(Pick::Reserve),
        _ => None,
    };
    let most = match pick {
        Some(Pick::Stack(c)) if can_act => game.movable(c),
        _ => 0,
    };
    let count = (*group).clamp(1, most.max(1));
    // Where the pick may go, with what each step costs.
    let targets: Vec<(Dest, u8)> = match pick {
        Some(Pick::Stack(c)) if most > 0 => game
            .destinations(c, count)
            .into_iter()
            .filter(|&(to, _)| legal.contains(&StacksMove::Move { from: c, to, count }))
            .collect(),
        Some(Pick::Reserve) => entries.iter().map(|&(c, k)| (Dest::Cell(c), k)).collect(),
        _ => Vec::new(),
    };
    let cost_at = |d: Dest| targets.iter().find(|t| t.0 == d).map(|t| t.1);
    let off_cost = cost_at(Dest::Off);

    // The last move, and what it did.
    let last_move = props
        .last_move
        .as_ref()
        .and_then(|m| m.parse::<StacksMove>().ok());
    let before = props
        .before
        .as_ref()
        .and_then(|b| b.as_any().downcast_ref::<Stacks>());
    let last_mover = before.map(Stacks::turn);
    let note = before
        .zip(last_move)
        .map(|(before, mv)| last_move_note(before, game, mv));
    let arrival = before.zip(last_move).and_then(|(before, mv)| match mv {
        StacksMove::Move {
            from,
            to: Dest::Cell(to),
            count,
        } => {
            let (fx, fy) = geo.centre(from);
            let (tx, ty) = geo.centre(to);
            Some((
                to,
                Arrival {
                    count: usize::from(count),
                    dx: fx - tx,
                    dy: fy - ty,
                    ply: props.ply,
                },
            ))
        }
        StacksMove::Enter(to) => {
            let (fx, fy) = geo.zone_centre(Zone::Reserve, before.turn());
            let (tx, ty) = geo.centre(to);
            Some((
                to,
                Arrival {
                    count: 1,
                    dx: fx - tx,
                    dy: fy - ty,
                    ply: props.ply,
                },
            ))
        }
        _ => None,
    });
    let in_last = |c: Cell| match last_move {
        Some(StacksMove::Enter(to)) => to == c,
        Some(StacksMove::Move { from, to, .. }) => from == c || to == Dest::Cell(c),
        _ => false,
    };

    // --- Actions ----------------------------------------------------------------------------
    let emit = {
        let on_move = props.on_move.clone();
        let picked = picked.clone();
        Callback::from(move |mv: StacksMove| {
            picked.set(None);
            on_move.emit(mv.to_string());
        })
    };
    let on_cell = {
        let picked = picked.clone();
        let group = group.clone();
        let emit = emit.clone();
        let targets = targets.clone();
        let stacked: Vec<bool> = all.iter().map(|&c| !game.stack(c).is_empty()).collect();
        let entry: Vec<Cell> = entries.iter().map(|e| e.0).collect();
        Callback::from(move |c: Cell| {
            let is_target = targets.iter().any(|t| t.0 == Dest::Cell(c));
            let has_stack = cell_index(side, c).is_some_and(|i| stacked[i]);
            match pick {
                Some(Pick::Stack(from)) if is_target => emit.emit(StacksMove::Move {
                    from,
                    to: Dest::Cell(c),
                    count,
                }),
                Some(Pick::Reserve) if is_target => emit.emit(StacksMove::Enter(c)),
                // The picked stack again: one more piece, until the whole group is taken;
                // then it is put back.
                Some(Pick::Stack(from)) if from == c && count < most => group.set(count + 1),
                Some(Pick::Stack(from)) if from == c => picked.set(None),
                // Any stack can be picked to look at it, even when it is not the mover's.
                _ if has_stack => {
                    picked.set(Some(Pick::Stack(c)));
                    group.set(1);
                }
                // An empty cell where the mover may enter: pick the reserve.
                _ if entry.contains(&c) => picked.set(Some(Pick::Reserve)),
                _ => picked.set(None),
            }
        })
    };
    let on_reserve = {
        let picked = picked.clone();
        let actionable = !entries.is_empty();
        Callback::from(move |seat: Seat| {
            if actionable && seat == turn && pick != Some(Pick::Reserve) {
                picked.set(Some(Pick::Reserve));
            } else {
                picked.set(None);
            }
        })
    };
    let on_off = {
        let emit = emit.clone();
        Callback::from(move |seat: Seat| {
            if let (Some(Pick::Stack(from)), Some(_), true) = (pick, off_cost, seat == turn) {
                emit.emit(StacksMove::Move {
                    from,
                    to: Dest::Off,
                    count,
                });
            }
        })
    };
    let set_group = {
        let group = group.clone();
        Callback::from(move |k: u8| {
            if most > 0 {
                group.set(k.clamp(1, most));
            }
        })
    };
    // Keys shared by every control of the board: Escape cancels; 1-9, + and - set the group.
    let common_key = {
        let picked = picked.clone();
        let set_group = set_group.clone();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            match key.as_str() {
                "Escape" => picked.set(None),
                "+" | "=" if most > 0 => {
                    e.prevent_default();
                    set_group.emit(count.saturating_add(1));
                }
                "-" if most > 0 => {
                    e.prevent_default();
                    set_group.emit(count.saturating_sub(1));
                }
                _ => {
                    if let Some(d) = digit(&key).filter(|&d| d <= most) {
                        e.prevent_default();
                        set_group.emit(d);
                    }
                }
            }
        })
    };

    // --- The cells --------------------------------------------------------------------------
    let focus_at = (*focus).min(all.len().saturating_sub(1));
    let hexes = all.iter().enumerate().map(|(i, &c)| {
        let (cx, cy) = geo.centre(c);
        let stack = game.stack(c);
        let movable = if can_act { game.movable(c) } else { 0 };
        let is_picked = pick == Some(Pick::Stack(c));
        let cost = cost_at(Dest::Cell(c));
        let last = in_last(c);
        let near = if c.row == near_row(side, 0) {
            Some(0)
        } else if c.row == near_row(side, 1) {
            Some(1)
        } else {
            None
        };
        let mut class = classes!("cell");
        match near {
            Some(0) => class.push("near-light"),
            Some(_) => class.push("near-dark"),
            None => {}
        }
        let steps = movable > 0 && can_step(c);
        if steps { class.push("movable"); }
        if is_picked { class.push("selected"); }
        if cost.is_some() { class.push("target"); }
        if last { class.push("last"); }
        if !stack.is_empty() { class.push("stack"); }
        let mut label = format!("{c}");
        if let Some(s) = near {
            label.push_str(&format!(" ({}'s near row)", Colour::of_seat(s).name()));
        }
        label.push_str(&format!(": {}", stack_words(stack)));
        if steps {
            label.push_str(&format!(
                "; {} may move {}",
                me.name(),
                if movable == 1 { "the top piece".to_string() } else { format!("1 to {movable} pieces from the top") }
            ));
        }
        if last { label.push_str("; last move"); }
        if is_picked { label.push_str(&format!("; picked, moving {}", plural(usize::from(count), "piece", "pieces"))); }
        if let Some(k) = cost {
            let what = if pick == Some(Pick::Reserve) { "Enter a piece here" } else { "Move here" };
            label.push_str(&format!(
                ". {what}: {}{}",
                moves_words(k),
                if k == 2 { ", ends the turn" } else { "" }
            ));
        }
        let lifted = if is_picked && most > 0 { usize::from(count) } else { 0 };
        let glide = arrival.filter(|(to, _)| *to == c).map(|(_, a)| a);
        let onclick = {
            let on_cell = on_cell.clone();
            let focus = focus.clone();
            Callback::from(move |_: MouseEvent| {
                focus.set(i);
                on_cell.emit(c);
            })
        };
        let onkeydown = {
            let on_cell = on_cell.clone();
            let focus = focus.clone();
            let common_key = common_key.clone();
            Callback::from(move |e: KeyboardEvent| {
                let key = e.key();
                match key.as_str() {
                    "Enter" | " " => {
                        e.prevent_default();
                        on_cell.emit(c);
                    }
                    "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => {
                        e.prevent_default();
                        if let Some(next) = neighbour(side, c, &key) {
                            if let Some(j) = cell_index(side, next) {
                                focus.set(j);
                                crate::ui::browser::focus_on_board("data-cell", &next.to_string());
                            }
                        }
                    }
                    _ => common_key.emit(e),
                }
            })
        };
        let onfocus = {
            let focus = focus.clone();
            let looking = looking.clone();
            Callback::from(move |_: FocusEvent| {
                focus.set(i);
                looking.set(true);
            })
        };
        let onblur = {
            let looking = looking.clone();
            Callback::from(move |_: FocusEvent| looking.set(false))
        };
        let actionable = !stack.is_empty() || cost.is_some() || entries.iter().any(|e| e.0 == c);
        html! {
            <g class={class} data-cell={c.to_string()} role="button"
                tabindex={if focus_at == i { "0" } else { "-1" }} aria-label={label}
                aria-pressed={is_picked.to_string()} aria-disabled={(!actionable).then_some("true")}
                {onclick} {onkeydown} {onfocus} {onblur}>
                // On hover, the whole stack (a tall one shows only its top bands).
                <title>{ format!("{c}: {}", stack_words(stack)) }</title>
                <polygon class="hex" points={hex_points(cx, cy, R - 1.0)} />
                if cost.is_some() {
                    <polygon class="target-hex" points={hex_points(cx, cy, R - 7.0)} />
                }
                { pile(stack, cx, cy + BASE, lifted, glide) }
                <text class="hex-coord" x={n(cx)} y={n(cy + 44.0)} text-anchor="middle" aria-hidden="true">{ c.to_string() }</text>
            </g>
        }
    });
    // The tags go over every cell, so that no neighbour paints over them.
    let tags = all.iter().map(|&c| {
        let (cx, cy) = geo.centre(c);
        let height = game.stack(c).len();
        html! {
            <>
                if height >= 3 {
                    { tag("height", cx + TAG_X, cy + TAG_Y, height.to_string()) }
                }
                if let Some(k) = cost_at(Dest::Cell(c)) {
                    { tag("cost", cx - TAG_X, cy + TAG_Y, k.to_string()) }
                }
                if pick == Some(Pick::Stack(c)) && most > 1 {
                    { tag("group", cx - TAG_X, cy + TAG_Y, format!("×{count}")) }
                }
            </>
        }
    });
    let row_letters = (0..geo.rows).map(|row| {
        let (cx, cy) = geo.centre(Cell::new(row, 0));
        html! {
            <text class="row-letter" x={n(cx - HW - 6.0)} y={n(cy + 6.0)} text-anchor="end" aria-hidden="true">
                { row_letter(row).to_string() }
            </text>
        }
    });
    let outline = match pick {
        Some(Pick::Stack(c)) => {
            let (cx, cy) = geo.centre(c);
            html! { <polygon class="selection-outline" pointer-events="none" points={hex_points(cx, cy, R - 4.0)} /> }
        }
        _ => Html::default(),
    };

    // --- The reserves and the pieces off ----------------------------------------------------
    let zone_box = |zone: Zone, seat: Seat| {
        let colour = Colour::of_seat(seat);
        let (x, y, w, h) = geo.zone(zone, seat);
        let number = match zone {
            Zone::Reserve => game.reserve(seat),
            Zone::Off => game.off(seat),
        };
        let mine = can_act && seat == turn;
        let near = row_letter(near_row(side, seat));
        let far = row_letter(far_row(side, seat));
        let (active, selected, target) = match zone {
            Zone::Reserve => (
                mine && !entries.is_empty(),
                mine && pick == Some(Pick::Reserve),
                false,
            ),
            Zone::Off => (false, false, mine && off_cost.is_some()),
        };
        let last = match (zone, last_move) {
            (Zone::Off, Some(StacksMove::Move { to: Dest::Off, .. })) => last_mover == Some(seat),
            (Zone::Reserve, Some(StacksMove::Enter(_))) => last_mover == Some(seat),
            _ => false,
        };
        let title = match zone {
            Zone::Reserve => format!("{} reserve", colour.name()),
            Zone::Off => format!("{} off", colour.name()),
        };
        let hint = match zone {
            Zone::Reserve if selected => format!("pick a cell of row {near}"),
            Zone::Reserve if active => "tap to enter".to_string(),
            Zone::Reserve => format!("enters on row {near}"),
            Zone::Off if target => "move off here".to_string(),
            Zone::Off => format!("of {PIECES}, past row {far}"),
        };
        let label = match zone {
            Zone::Reserve => format!(
                "{}'s reserve: {} (pieces enter on row {near}){}",
                colour.name(),
                plural(usize::from(number), "piece", "pieces"),
                if selected {
                    format!(". Picked: now pick a highlighted cell of row {near}")
                } else if active {
                    ". Pick it to enter a piece".to_string()
                } else {
                    String::new()
                }
            ),
            Zone::Off => format!(
                "{}'s pieces off the board: {number} of {PIECES}{}",
                colour.name(),
                if target {
                    format!(
                        ". Move the picked {} off the board here: 1 move",
                        plural(usize::from(count), "piece", "pieces")
                    )
                } else {
                    String::new()
                }
            ),
        };
        let class = classes!(
            "zone",
            match zone {
                Zone::Reserve => "reserve",
                Zone::Off => "off",
            },
            class_of(colour),
            active.then_some("movable"),
            selected.then_some("selected"),
            target.then_some("target"),
            last.then_some("last"),
        );
        let pieces = vec![colour; usize::from(number.min(4))];
        let onclick = {
            let on_reserve = on_reserve.clone();
            let on_off = on_off.clone();
            Callback::from(move |_: MouseEvent| match zone {
                Zone::Reserve => on_reserve.emit(seat),
                Zone::Off => on_off.emit(seat),
            })
        };
        let onkeydown = {
            let on_reserve = on_reserve.clone();
            let on_off = on_off.clone();
            let common_key = common_key.clone();
            Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
                "Enter" | " " => {
                    e.prevent_default();
                    match zone {
                        Zone::Reserve => on_reserve.emit(seat),
                        Zone::Off => on_off.emit(seat),
                    }
                }
                _ => common_key.emit(e),
            })
        };
        let focusable = active || target;
        // The contents are drawn in the box's own units, scaled up on bigger boards.
        let zoom = geo.zoom();
        let (w, h) = (w / zoom, h / zoom);
        let text_x = 112.0;
        html! {
            <g class={class} data-zone={format!("{}-{}", match zone { Zone::Reserve => "reserve", Zone::Off => "off" }, colour.letter())}
                role="button" tabindex={focusable.then_some("0")} aria-label={label}
                aria-pressed={selected.to_string()} aria-disabled={(!focusable).then_some("true")}
                {onclick} {onkeydown}>
                <g transform={format!("translate({} {}) scale({})", n(x), n(y), hundredths(zoom))}>
                    <rect class="zone-box" x="0" y="0" width={n(w)} height={n(h)} rx="12" />
                    { pile(&pieces, 34.0, h / 2.0 + 25.0, 0, None) }
                    <text class="zone-number" x="84" y={n(h / 2.0 + 12.0)} text-anchor="middle">{ number.to_string() }</text>
                    <text class="zone-title" x={n(text_x)} y={n(h / 2.0 - 6.0)}>{ title }</text>
                    <text class="zone-hint" x={n(text_x)} y={n(h / 2.0 + 20.0)}>{ hint }</text>
                    if target {
                        { tag("cost", w - 22.0, 22.0, "1".to_string()) }
                    }
                </g>
            </g>
        }
    };

    // --- The panel --------------------------------------------------------------------------
    let other = me.other().name();
    let (headline, advice) = if over {
        (
            game.outcome().map_or_else(
                || "The game is over.".to_string(),
                |o| format!("The game is over: {}.", o.reason),
            ),
            String::new(),
        )
    } else if !can_act {
        (format!("{} to play.", me.name()), String::new())
    } else if must_pass {
        (
            format!("{} to play: no legal step.", me.name()),
            format!("None of {}'s pieces can step and none can enter, so {} must pass: the turn goes to {other}.", me.name(), me.name()),
        )
    } else if game.moves_left() == 2 {
        (
            format!("{} to play: 2 moves left.", me.name()),
            "Pick a stack or your reserve. A step onto an empty cell or off the board costs 1 move; onto a stack, 2 moves (the whole turn).".to_string(),
        )
    } else if game.reserve(0) == PIECES && game.reserve(1) == PIECES {
        (
            format!("{} to play: the first turn is worth 1 move.", me.name()),
            format!(
                "Pick your reserve and enter a piece on row {}.",
                row_letter(near_row(side, turn))
            ),
        )
    } else {
        (
            format!("{} to play: 1 move left.", me.name()),
            "Only a step onto an empty cell or off the board fits now: pick a stack or your reserve.".to_string(),
        )
    };
    let dest_name = |d: Dest| match d {
        Dest::Cell(c) => c.to_string(),
        Dest::Off => "off the board".to_string(),
    };
    let dest_list = || {
        targets
            .iter()
            .map(|&(d, k)| {
                format!(
                    "{} ({}{})",
                    dest_name(d),
                    moves_words(k),
                    if k == 2 { ", ends the turn" } else { "" }
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let dest_buttons = || {
        targets.iter().map(|&(d, k)| {
            let mv = match (pick, d) {
                (Some(Pick::Reserve), Dest::Cell(c)) => StacksMove::Enter(c),
                (Some(Pick::Stack(from)), to) => StacksMove::Move { from, to, count },
                _ => StacksMove::Pass,
            };
            let onclick = {
                let emit = emit.clone();
                Callback::from(move |_: MouseEvent| emit.emit(mv))
            };
            let data = match d {
                Dest::Cell(c) => c.to_string(),
                Dest::Off => "off".to_string(),
            };
            html! {
                <button type="button" data-dest={data} {onclick}
                    aria-label={format!("{} to {}: {}", if pick == Some(Pick::Reserve) { "Enter" } else { "Move" }, dest_name(d), moves_words(k))}>
                    { format!("{} · {}", dest_name(d), moves_words(k)) }
                </button>
            }
        }).collect::<Html>()
    };
    // The stack of the cell with the keyboard focus, in full (unless it is the one picked).
    let focused = all
        .get(focus_at)
        .copied()
        .filter(|&c| *looking && pick != Some(Pick::Stack(c)) && !game.stack(c).is_empty());
    let looking_at = focused.map(|c| {
        html! { <p class="stacks-looking">{ format!("{c}: {}.", stack_words(game.stack(c))) }</p> }
    });
    let detail = match pick {
        Some(Pick::Stack(c)) => {
            let stack = game.stack(c);
            let top = stack.last().copied();
            let mut lines = vec![format!("{c}: {}.", stack_words(stack))];
            let mut choose = Html::default();
            if can_act && !must_pass {
                if most == 0 {
                    if top.is_some_and(|t| t != me) {
                        lines.push(format!(
                            "Its top piece is {other}'s: {} cannot move this stack.",
                            me.name()
                        ));
                    }
                } else {
                    let buttons = (1..=most).map(|k| {
                        let onclick = {
                            let set_group = set_group.clone();
                            Callback::from(move |_: MouseEvent| set_group.emit(k))
                        };
                        html! {
                            <button type="button" data-count={k.to_string()} aria-pressed={(k == count).to_string()}
                                aria-label={format!("Move {}", plural(usize::from(k), "piece", "pieces"))} {onclick}>
                                { k.to_string() }
                            </button>
                        }
                    });
                    let run = own_run(stack, me);
                    let mut where_to = if targets.is_empty() {
                        format!(
                            "This group has nowhere to go with {} left.",
                            moves_words(game.moves_left())
                        )
                    } else {
                        format!("Highlighted: {}.", dest_list())
                    };
                    if c.row == far_row(side, turn)
                        && usize::from(count) > run
                        && off_cost.is_none()
                    {
                        where_to.push_str(&format!(
                            " Only {}'s own pieces may leave the board: at most {run} from here.",
                            me.name()
                        ));
                    }
                    choose = html! {
                        <>
                            if most > 1 {
                                <p>{ format!("Move how many pieces from the top? 1 to {most}: tap the stack again for one more, or use these buttons (keys 1 to 9, + and -). The group picked is raised on the board.") }</p>
                                <div class="buttons stacks-count" role="group" aria-label="How many pieces to move">
                                    { for buttons }
                                </div>
                            } else {
                                <p>{ "Only the top piece can move from here." }</p>
                            }
                            <p>{ where_to }</p>
                            <div class="buttons stacks-dests" role="group" aria-label="Where to move">{ dest_buttons() }</div>
                        </>
                    };
                }
            }
            html! {
                <>
                    { for lines.into_iter().map(|t| html! { <p>{ t }</p> }) }
                    <ol class="stacks-list" aria-label={format!("Stack on {c}, top to bottom")}>
                        { for stack.iter().rev().enumerate().map(|(i, &p)| html! {
                            <li class={classes!((can_act && i < usize::from(count) && most > 0).then_some("moving"))}>
                                <span class={classes!("swatch", class_of(p))} aria-hidden="true"></span>
                                { format!("{}{}", p.name(), if i == 0 { " (top)" } else if i + 1 == stack.len() { " (bottom)" } else { "" }) }
                            </li>
                        }) }
                    </ol>
                    { choose }
                </>
            }
        }
        Some(Pick::Reserve) => html! {
            <>
                <p>{ format!("Enter one piece from {}'s reserve ({} left) on row {}: {}.",
                    me.name(), game.reserve(turn), row_letter(near_row(side, turn)), dest_list()) }</p>
                <div class="buttons stacks-dests" role="group" aria-label="Where to enter">{ dest_buttons() }</div>
            </>
        },
        None => Html::default(),
    };
    let enter_button = (can_act && !must_pass && !entries.is_empty()).then(|| {
        let picked = picked.clone();
        let on = pick == Some(Pick::Reserve);
        let onclick = Callback::from(move |_: MouseEvent| {
            picked.set(if on { None } else { Some(Pick::Reserve) })
        });
        html! {
            <button type="button" id="stacks-enter" aria-pressed={on.to_string()} {onclick}>
                { format!("Enter a piece ({} in reserve)", game.reserve(turn)) }
            </button>
        }
    });
    let cancel_button = pick.map(|_| {
        let picked = picked.clone();
        let onclick = Callback::from(move |_: MouseEvent| picked.set(None));
        html! { <button type="button" id="stacks-cancel" {onclick}>{ "Cancel" }</button> }
    });
    let pass_button = must_pass.then(|| {
        let emit = emit.clone();
        let onclick = Callback::from(move |_: MouseEvent| emit.emit(StacksMove::Pass));
        html! { <button type="button" id="stacks-pass" class="primary" {onclick}>{ "No legal step: you must pass" }</button> }
    });
    let (note_text, early) = note.unwrap_or_default();

    let aria = format!(
        "Stacks board, side {side}{}: row a (Light's near row) at the bottom, row {} (Dark's near row) at the top; Light moves up, Dark moves down. Arrow keys move between cells; Enter or Space picks a stack, then where it goes; 1 to 9, + and - set how many pieces move; Escape cancels.",
        if game.diabolical() { ", Diabolical Stacks" } else { "" },
        row_letter(geo.rows - 1)
    );
    html! {
        <>
            <div class="board-wrap">
                <svg class={classes!("board", "stacks-board", game.diabolical().then_some("diabolical"))}
                    viewBox={geo.view_box()} role="group" aria-label={aria}
                    data-to-move={to_move.map(|s| Colour::of_seat(s).letter_str())}
                    data-moves-left={(!over).then(|| game.moves_left().to_string())}>
                    <rect class="stacks-felt" x={n(-geo.outer())} y={n(-R - GAP / 2.0)} width={n(2.0 * geo.outer())}
                        height={n(geo.bottom_row() + 2.0 * R + GAP)} rx="14" />
                    { direction_arrow(geo, 0) }
                    { direction_arrow(geo, 1) }
                    { for row_letters }
                    { for hexes }
                    // Drawn after every cell so no neighbour paints over it.
                    { outline }
                    { for tags }
                    { zone_box(Zone::Off, 0) }
                    { zone_box(Zone::Reserve, 1) }
                    { zone_box(Zone::Reserve, 0) }
                    { zone_box(Zone::Off, 1) }
                </svg>
            </div>
            <div class="board-panel stacks-panel">
                if !note_text.is_empty() {
                    <p class={classes!("stacks-note", early.then_some("early"))} role="status">{ note_text }</p>
                }
                <p class="stacks-now"><strong>{ headline }</strong></p>
                if !advice.is_empty() { <p>{ advice }</p> }
                { looking_at.unwrap_or_default() }
                <div class="stacks-detail" aria-live="polite">{ detail }</div>
                <div class="buttons">
                    { pass_button.unwrap_or_default() }
                    { enter_button.unwrap_or_default() }
                    { cancel_button.unwrap_or_default() }
                </div>
                { legend() }
            </div>
        </>
    }
}

/// What the marks mean: fixed markup (`legend.html`, the key as the board's own drawing code
/// renders it), so the page carries its pictures as text rather than as code.
fn legend() -> Html {
    Html::from_html_unchecked(AttrValue::Static(include_str!("legend.html")))
}
