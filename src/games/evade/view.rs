//! The Evade board: a 6x6 grid drawn as nine 2x2 piecepack tiles, coins as round tokens with
//! their suit's mark (a sun or a moon), face down or face up exactly as the masked position
//! says, frozen pairs ringed with ice, and a panel for the secret setup, peeking, passing and
//! draw offers.
//!
//! Every value drawn comes from the position the board receives, which the page has already
//! masked for the viewer: a coin whose value is hidden there is drawn face down with no value,
//! and nothing else on the board (labels, panel) can tell it.

use yew::prelude::*;

use super::pick::value_for_key;
use super::rules::{random_setup, start_row, Coin, DrawOffer, Evade, EvadeMove, Square, Value};
use super::words::{coin_kind, face_of, side, square_words, value_mark, value_words, Face};
use crate::core::{Game, Rng, Seat, Viewer};
use crate::ui::game_view::{AnyBoardProps, GameView, GridKey, Paint};

const CELL: f64 = 100.0;
const MARGIN: f64 = 30.0;
/// The radius of a lone coin.
const COIN_R: f64 = 38.0;
/// The radius of each coin of a frozen pair.
const PAIR_R: f64 = 27.0;

/// Suns' coins: light gold with dark ink (a sun mark).
const SUN_FILL: &str = "#f4c542";
const SUN_INK: &str = "#3d2600";
const SUN_EDGE: &str = "#6b4a00";
/// Moons' coins: dark blue with light ink (a crescent mark).
const MOON_FILL: &str = "#263468";
const MOON_INK: &str = "#f2f4ff";
const MOON_EDGE: &str = "#0b1230";

fn fill(seat: Seat) -> &'static str {
    if seat == 0 {
        SUN_FILL
    } else {
        MOON_FILL
    }
}

fn ink(seat: Seat) -> &'static str {
    if seat == 0 {
        SUN_INK
    } else {
        MOON_INK
    }
}

fn edge(seat: Seat) -> &'static str {
    if seat == 0 {
        SUN_EDGE
    } else {
        MOON_EDGE
    }
}

/// How a side (by its letter, `S` or `M`) is painted.
fn paint(letter: &str) -> Option<Paint> {
    match letter {
        "S" => Some(Paint {
            fill: SUN_FILL,
            ink: SUN_INK,
        }),
        "M" => Some(Paint {
            fill: MOON_FILL,
            ink: MOON_INK,
        }),
        _ => None,
    }
}

/// How the UI shows Evade.
pub const VIEW: GameView = GameView {
    slug: "evade",
    board: |props| html! { <Board ..props /> },
    // The home page's picture: a static file (`static/thumbs/evade.svg`, drawn by this
    // board's code), loaded as an image so that it costs the first load nothing.
    thumbnail: || html! { <img class="thumb" src="thumbs/evade.svg" alt="" /> },
    paint,
    setup_hint: "Suns (seat 1) set up first, then Moons, each in secret: the device is handed over between them and before every turn. Switch on \"Show me my own coins\" if you would rather not remember where your ace and blank are.",
    ends_turn: None,
};

use crate::ui::game_view::num as n;

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

fn suit_mark(seat: Seat, cx: f64, cy: f64, s: f64, colour: &'static str) -> Html {
    if seat == 0 {
        sun_mark(cx, cy, s, colour)
    } else {
        moon_mark(cx, cy, s, colour)
    }
}

/// A snowflake (three crossed bars with tips) on a white disc: the mark of freezing.
fn snowflake(cx: f64, cy: f64, s: f64) -> Html {
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
fn coin_svg(owner: Seat, value: Option<Value>, face: Face, cx: f64, cy: f64, r: f64) -> Html {
    coin_svg_shifted(owner, value, face, (cx, cy), r, (0.0, 0.0))
}

/// One coin centred on `at`, its marks moved by `shift` (the coin underneath a frozen pair
/// shows them in the part the coin on top leaves visible).
fn coin_svg_shifted(
    owner: Seat,
    value: Option<Value>,
    face: Face,
    at: (f64, f64),
    r: f64,
    shift: (f64, f64),
) -> Html {
    let (cx, cy) = at;
    let (mx, my) = (cx + shift.0, cy + shift.1);
    let side_class = if owner == 0 { "suns" } else { "moons" };
    let face_class = match face {
        Face::Down => "face-down",
        Face::Up => "face-up",
        Face::Known => "face-down known",
    };
    let special = value.is_some_and(Value::is_special) && face != Face::Down;
    let body = match (face, value) {
        (Face::Up, Some(v)) => {
            let small = v == Value::Blank;
            let size = if small { r * 0.46 } else { r * 1.05 };
            html! {
                <>
                    { suit_mark(owner, mx, my + r * 0.6, r * 0.42, ink(owner)) }
                    <text x={n(mx)} y={n(my + size * 0.33 - r * 0.08)} font-size={n(size)}
                        text-anchor="middle" fill={ink(owner)} class="coin-value">
                        { value_mark(v) }
                    </text>
                </>
            }
        }
        (Face::Known, Some(v)) => {
            // A tag with the value over the top of the coin, the suit's mark below it.
            let blank = v == Value::Blank;
            let (w, h) = (if blank { r * 1.32 } else { r * 0.74 }, r * 0.68);
            let font = if blank { r * 0.42 } else { r * 0.5 };
            let (bx, by) = (mx, my - r * 0.48);
            html! {
                <>
                    { suit_mark(owner, mx, my + r * 0.3, r * 0.72, ink(owner)) }
                    <g class="known-badge">
                        <rect x={n(bx - w / 2.0)} y={n(by - h / 2.0)} width={n(w)} height={n(h)} rx={n(h / 2.0)} />
                        <text x={n(bx)} y={n(by + font * 0.36)} text-anchor="middle"
                            font-size={n(font)}>{ value_mark(v) }</text>
                    </g>
                </>
            }
        }
        _ => suit_mark(owner, mx, my, r, ink(owner)),
    };
    html! {
        <g class={classes!("coin", side_class, face_class, special.then_some("special"))}
            data-value={(face != Face::Down).then(|| value.map(|v| v.letter().to_string())).flatten()}>
            <circle cx={n(cx)} cy={n(cy)} r={n(r)} fill={fill(owner)} stroke={edge(owner)} stroke-width="3" />
            <circle cx={n(cx)} cy={n(cy)} r={n(r * 0.84)} fill="none" stroke={ink(owner)}
                stroke-opacity="0.35" stroke-width="1.5" />
            if special {
                // A special coin the viewer can see: a second, solid ring.
                <circle cx={n(cx)} cy={n(cy)} r={n(r * 0.84)} fill="none" stroke={ink(owner)} stroke-width="3.5" />
            }
            { body }
        </g>
    }
}

/// The top-left corner of a square; row 1 at the bottom.
fn square_xy(sq: Square) -> (f64, f64) {
    (
        MARGIN + f64::from(sq.file()) * CELL,
        f64::from(5 - sq.row()) * CELL,
    )
}

/// The coins of one square: a lone coin in the middle, or a frozen pair (the one underneath
/// lower left, the one on top upper right) inside an ice ring with a snowflake.
fn square_coins(coins: &[Coin], x: f64, y: f64, over: bool, arrival: Option<Arrival>) -> Html {
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    let glide = |inner: Html| match arrival {
        Some(a) => html! {
            <g class="arrived" key={a.ply.to_string()} style={format!("--dx:{};--dy:{}", crate::ui::game_view::px(a.dx), crate::ui::game_view::px(a.dy))}>
                { inner }
            </g>
        },
        None => inner,
    };
    match coins {
        [] => Html::default(),
        [c] => glide(coin_svg(c.owner, c.value, face_of(c, over), cx, cy, COIN_R)),
        [under, top, ..] => html! {
            <g class="pair">
                <circle cx={n(cx)} cy={n(cy)} r="47" class="ice-ring" />
                { coin_svg_shifted(under.owner, under.value, face_of(under, over), (cx - 15.0, cy + 15.0), PAIR_R, (-5.0, 5.0)) }
                { glide(coin_svg(top.owner, top.value, face_of(top, over), cx + 14.0, cy - 14.0, PAIR_R)) }
                { snowflake(x + 84.0, y + 84.0, 13.0) }
            </g>
        },
    }
}

/// The felt and the nine 2x2 tiles, grid side up.
fn tiles(origin_x: f64, origin_y: f64, across: i32, down: i32) -> Html {
    let tiles = (0..across * down).map(|i| {
        let x = origin_x + f64::from(i % across) * 2.0 * CELL;
        let y = origin_y + f64::from(i / across) * 2.0 * CELL;
        html! {
            <g class="tile">
                <rect x={n(x + 3.0)} y={n(y + 3.0)} width="194" height="194" rx="12" class="tile-face" />
                <line x1={n(x + CELL)} y1={n(y + 8.0)} x2={n(x + CELL)} y2={n(y + 192.0)} class="tile-grid" />
                <line x1={n(x + 8.0)} y1={n(y + CELL)} x2={n(x + 192.0)} y2={n(y + CELL)} class="tile-grid" />
            </g>
        }
    });
    html! {
        <g aria-hidden="true">
            <rect x={n(origin_x - 4.0)} y={n(origin_y - 4.0)} width={n(f64::from(across) * 2.0 * CELL + 8.0)}
                height={n(f64::from(down) * 2.0 * CELL + 8.0)} rx="14" class="felt" />
            { for tiles }
        </g>
    }
}

/// The coin the last step brought onto its square, and the way it came.
#[derive(Clone, Copy, PartialEq)]
struct Arrival {
    /// Offset of the square it came from, in board units.
    dx: f64,
    dy: f64,
    /// Which move this was (a new one restarts the animation).
    ply: usize,
}

/// In the secret setup: a value picked in the tray, or a square of the starting row (by file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    Value(Value),
    File(usize),
}

/// Puts `v` on `file` of the arrangement; if `v` was elsewhere, what stood on `file` goes there.
fn place(arrangement: &mut [Option<Value>; 6], file: usize, v: Value) {
    let old = arrangement[file];
    if let Some(g) = arrangement.iter().position(|x| *x == Some(v)) {
        arrangement[g] = old;
    }
    arrangement[file] = Some(v);
}

/// A value token for the setup tray (a small face-up coin).
fn tray_coin(owner: Seat, v: Value) -> Html {
    html! {
        <svg class="tray-coin evade-art" viewBox="-22 -22 44 44" aria-hidden="true">
            { coin_svg(owner, Some(v), Face::Up, 0.0, 0.0, 20.0) }
        </svg>
    }
}

/// The Evade board and its panel.
#[component]
pub fn Board(props: &AnyBoardProps) -> Html {
    // `_eq`: clearing an empty selection (every move) must not render the board again.
    let selected = use_state_eq(|| None::<Square>);
    // Roving focus: one square is in the tab order; arrow keys move it (ARIA grid pattern).
    // It starts on file c of the viewer's starting row.
    let first_focus = match props.viewer {
        Viewer::Seat(s) => (start_row(s) * 6 + 2) as usize,
        Viewer::Everyone => 2,
    };
    let focus = use_state_eq(move || first_focus);
    // The secret setup being arranged: the value on each file of the starting row.
    let arrangement = use_state_eq(|| [None::<Value>; 6]);
    let pick = use_state_eq(|| None::<Pick>);
    {
        let selected = selected.clone();
        let arrangement = arrangement.clone();
        let pick = pick.clone();
        use_effect_with(props.ply, move |_| {
            selected.set(None);
            arrangement.set([None; 6]);
            pick.set(None);
        });
    }
    let Some(game) = props.position.as_any().downcast_ref::<Evade>() else {
        return html! { <p class="error" role="alert">{ "This is not an Evade game." }</p> };
    };
    let viewer = props.viewer;
    let over = game.end().is_some();
    let to_move = Game::to_move(game);
    let me = match viewer {
        Viewer::Seat(s) => Some(s),
        Viewer::Everyone => None,
    };
    let my_turn = props.can_move && me.is_some() && me == to_move;
    let setting_up = game.is_setting_up();
    let arranging = my_turn && setting_up;
    let home_row = me.map_or(0, start_row);
    let legal: Vec<EvadeMove> = if my_turn && !setting_up {
        Game::legal_moves(game)
    } else {
        Vec::new()
    };
    let last_move = props
        .last_move
        .as_ref()
        .and_then(|m| m.parse::<EvadeMove>().ok());
    let last_step = match last_move {
        Some(EvadeMove::Step { from, to }) => Some((from, to)),
        _ => None,
    };
    let arrival = last_step
        .filter(|_| props.before.is_some())
        .map(|(from, to)| Arrival {
            dx: f64::from(from.file() - to.file()) * CELL,
            dy: f64::from(to.row() - from.row()) * CELL,
            ply: props.ply,
        });
    // Where the selected coin may go, and whether each step freezes.
    let targets: Vec<(Square, bool)> = match *selected {
        Some(from) => legal
            .iter()
            .filter_map(|m| match *m {
                EvadeMove::Step { from: f, to } if f == from => {
                    Some((to, game.is_freeze(from, to)))
                }
                _ => None,
            })
            .collect(),
        None => Vec::new(),
    };
    let own_coin_at =
        |sq: Square| me.and_then(|s| game.seat_coins(s).iter().find(|c| c.square == sq).copied());

    // --- The secret setup -------------------------------------------------------------
    let on_slot = {
        let arrangement = arrangement.clone();
        let pick = pick.clone();
        Callback::from(move |file: usize| {
            let mut a = *arrangement;
            match *pick {
                Some(Pick::Value(v)) => {
                    place(&mut a, file, v);
                    arrangement.set(a);
                    pick.set(None);
                }
                Some(Pick::File(g)) if g == file => pick.set(None),
                Some(Pick::File(g)) => {
                    a.swap(g, file);
                    arrangement.set(a);
                    pick.set(None);
                }
                None => pick.set(Some(Pick::File(file))),
            }
        })
    };
    let on_value = {
        let arrangement = arrangement.clone();
        let pick = pick.clone();
        Callback::from(move |v: Value| match *pick {
            Some(Pick::File(f)) => {
                let mut a = *arrangement;
                place(&mut a, f, v);
                arrangement.set(a);
                pick.set(None);
            }
            Some(Pick::Value(w)) if w == v => pick.set(None),
            _ => pick.set(Some(Pick::Value(v))),
        })
    };
    let put_value = {
        let arrangement = arrangement.clone();
        let pick = pick.clone();
        Callback::from(move |(file, v): (usize, Value)| {
            let mut a = *arrangement;
            place(&mut a, file, v);
            arrangement.set(a);
            pick.set(None);
        })
    };

    // --- Clicking a square ------------------------------------------------------------
    let on_square = {
        let selected = selected.clone();
        let on_move = props.on_move.clone();
        let targets = targets.clone();
        let on_slot = on_slot.clone();
        let has_coins: Vec<bool> = Square::all()
            .map(|sq| !game.coins_at(sq).is_empty())
            .collect();
        Callback::from(move |sq: Square| {
            if arranging {
                if sq.row() == home_row {
                    on_slot.emit(sq.file() as usize);
                }
                return;
            }
            match *selected {
                Some(from) if targets.iter().any(|&(t, _)| t == sq) => {
                    selected.set(None);
                    on_move.emit(EvadeMove::Step { from, to: sq }.to_string());
                }
                Some(from) if from == sq => selected.set(None),
                // Any coin can be picked to look at it, even when it is not the viewer's turn.
                _ if has_coins[sq.index()] => selected.set(Some(sq)),
                _ => selected.set(None),
            }
        })
    };

    let cells = Square::all().map(|sq| {
        let (x, y) = square_xy(sq);
        let coins = game.coins_at(sq);
        let is_selected = *selected == Some(sq) && !arranging;
        let target = targets.iter().find(|&&(t, _)| t == sq).map(|&(_, f)| f);
        let in_last = last_step.is_some_and(|(f, t)| f == sq || t == sq);
        let peeked = game.peeked() == Some(sq) && !over;
        let slot = arranging && sq.row() == home_row;
        let file = sq.file() as usize;
        let placed = slot.then(|| arrangement[file]).flatten();
        let slot_picked = slot && *pick == Some(Pick::File(file));
        let slot_target = slot && matches!(*pick, Some(Pick::Value(_)));
        let mut class = classes!("cell");
        if is_selected || slot_picked { class.push("selected"); }
        match target {
            Some(true) => class.push("target freeze-target"),
            Some(false) => class.push("target"),
            None => {}
        }
        if slot_target { class.push("target"); }
        if slot { class.push("slot"); }
        if in_last { class.push("last"); }
        if peeked { class.push("peeked"); }
        if !coins.is_empty() { class.push("has-coin"); }
        let mut label = format!("{sq}: ");
        if slot {
            match placed {
                Some(v) => label.push_str(&format!("your {} coin {}, being set up", coin_kind(home_row_seat(home_row)), value_words(v))),
                None => label.push_str("empty starting square; put a coin here"),
            }
        } else {
            label.push_str(&square_words(game, sq, viewer));
        }
        if peeked {
            label.push_str(&format!("; {} peeked at this coin this turn", side(game.turn_seat())));
        }
        if in_last { label.push_str("; last move"); }
        if is_selected || slot_picked { label.push_str("; selected"); }
        match target {
            Some(true) => label.push_str(". Move here: freezes both coins; if this coin is a special one you lose"),
            Some(false) => label.push_str(". Move here"),
            None => {}
        }
        if slot_target { label.push_str(". Put the picked coin here"); }
        let actionable = if arranging { slot } else { !coins.is_empty() || target.is_some() };
        let onclick = {
            let on_square = on_square.clone();
            let focus = focus.clone();
            Callback::from(move |_: MouseEvent| {
                focus.set(sq.index());
                on_square.emit(sq);
            })
        };
        let onkeydown = {
            let on_square = on_square.clone();
            let put_value = put_value.clone();
            let focus = focus.clone();
            let selected = selected.clone();
            let pick = pick.clone();
            Callback::from(move |e: KeyboardEvent| {
                let key = e.key();
                let step = match GridKey::of(&key) {
                    GridKey::Pick => {
                        e.prevent_default();
                        on_square.emit(sq);
                        return;
                    }
                    GridKey::Cancel => {
                        selected.set(None);
                        pick.set(None);
                        return;
                    }
                    GridKey::Step(files, rows) => (files, rows),
                    GridKey::Other => {
                        if slot {
                            if let Some(v) = value_for_key(&key) {
                                e.prevent_default();
                                put_value.emit((file, v));
                            }
                        }
                        return;
                    }
                };
                e.prevent_default();
                if let Some(next) = sq.offset(step.0, step.1) {
                    focus.set(next.index());
                    crate::ui::browser::focus_on_board("data-square", &next.to_string());
                }
            })
        };
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        let glide = arrival.filter(|_| last_step.is_some_and(|(_, t)| t == sq));
        html! {
            <g class={class} data-square={sq.to_string()} role="button"
                tabindex={if *focus == sq.index() { "0" } else { "-1" }} aria-label={label}
                aria-pressed={(is_selected || slot_picked).to_string()}
                aria-disabled={(!actionable).then_some("true")}
                {onclick} {onkeydown}>
                <rect x={n(x + 3.0)} y={n(y + 3.0)} width="94" height="94" rx="6" class="hit" />
                if slot {
                    if let Some(v) = placed {
                        { coin_svg(home_row_seat(home_row), Some(v), Face::Up, cx, cy, COIN_R) }
                    } else {
                        <circle cx={n(cx)} cy={n(cy)} r={n(COIN_R)} class="slot-ring" />
                    }
                } else {
                    { square_coins(&coins, x, y, over, glide) }
                }
                if peeked {
                    <circle cx={n(cx)} cy={n(cy)} r="45" class="peek-ring" />
                }
                { match target {
                    Some(true) => html! {
                        <>
                            <circle cx={n(cx)} cy={n(cy)} r="45" class="freeze-halo" />
                            <circle cx={n(cx)} cy={n(cy)} r="45" class="freeze-ring" />
                            { snowflake(x + 82.0, y + 18.0, 15.0) }
                        </>
                    },
                    Some(false) => html! {
                        <>
                            <circle cx={n(cx)} cy={n(cy)} r="44" class="target-ring" />
                            <circle cx={n(cx)} cy={n(cy)} r="10" class="target-dot" />
                        </>
                    },
                    None if slot_target => html! { <circle cx={n(cx)} cy={n(cy)} r="44" class="target-ring" /> },
                    None => Html::default(),
                } }
            </g>
        }
    });
    let coords = (0..6).map(|i| {
        let file = char::from(b'a' + i as u8).to_string();
        let row = (6 - i).to_string();
        html! {
            <>
                <text x={n(MARGIN + f64::from(i) * CELL + 50.0)} y="628" class="coord" text-anchor="middle">{ file }</text>
                <text x="13" y={n(f64::from(i) * CELL + 57.0)} class="coord" text-anchor="middle">{ row }</text>
            </>
        }
    });
    let outline = (*selected)
        .filter(|_| !arranging)
        .or_else(|| match *pick {
            Some(Pick::File(f)) if arranging => Square::new(f as i32, home_row),
            _ => None,
        })
        .map(|sq| {
            let (x, y) = square_xy(sq);
            html! {
                <rect class="selection-outline" pointer-events="none"
                    x={n(x + 4.0)} y={n(y + 4.0)} width="92" height="92" />
            }
        });

    // --- The panel ----------------------------------------------------------------------
    let emit = |mv: EvadeMove| {
        let on_move = props.on_move.clone();
        Callback::from(move |_: MouseEvent| on_move.emit(mv.to_string()))
    };
    let listed = |mv: &EvadeMove| legal.contains(mv);
    let panel = if arranging {
        let seat = me.unwrap_or_default();
        let row_name = home_row + 1;
        let complete: Option<[Value; 6]> = {
            let a = *arrangement;
            a.iter()
                .all(Option::is_some)
                .then(|| a.map(|v| v.unwrap_or(Value::Blank)))
        };
        let tray = Value::ALL.iter().map(|&v| {
            let at = arrangement.iter().position(|x| *x == Some(v));
            let picked = *pick == Some(Pick::Value(v));
            let onclick = {
                let on_value = on_value.clone();
                Callback::from(move |_: MouseEvent| on_value.emit(v))
            };
            let place_words = at.map_or_else(
                || "not placed".to_string(),
                |f| format!("on {}", Square::new(f as i32, home_row).map_or_else(String::new, |s| s.to_string())),
            );
            html! {
                <button type="button" class={classes!("tray-value", at.is_some().then_some("placed"))}
                    data-value={v.letter().to_string()} aria-pressed={picked.to_string()}
                    aria-label={format!("{}, {place_words}", value_words(v))} {onclick}>
                    { tray_coin(seat, v) }
                    <span class="tray-where">{ place_words.clone() }</span>
                </button>
            }
        });
        let summary = (0..6)
            .map(|f| {
                let sq =
                    Square::new(f as i32, home_row).map_or_else(String::new, |s| s.to_string());
                match arrangement[f] {
                    Some(v) => format!("{sq} {}", v.name()),
                    None => format!("{sq} —"),
                }
            })
            .collect::<Vec<_>>()
            .join(", ");
        let on_random = {
            let arrangement = arrangement.clone();
            let pick = pick.clone();
            Callback::from(move |_: MouseEvent| {
                let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
                if let EvadeMove::Setup(values) = random_setup(&mut Rng::new(seed)) {
                    arrangement.set(values.map(Some));
                    pick.set(None);
                }
            })
        };
        let on_clear = {
            let arrangement = arrangement.clone();
            let pick = pick.clone();
            Callback::from(move |_: MouseEvent| {
                arrangement.set([None; 6]);
                pick.set(None);
            })
        };
        let on_done = {
            let on_move = props.on_move.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(values) = complete {
                    on_move.emit(EvadeMove::Setup(values).to_string());
                }
            })
        };
        let step = match *pick {
            Some(Pick::Value(v)) => format!("Now pick a square of row {row_name} for {}.", value_words(v)),
            Some(Pick::File(f)) => format!(
                "Now pick the value for {} (or another square of row {row_name} to swap them).",
                Square::new(f as i32, home_row).map_or_else(String::new, |s| s.to_string())
            ),
            None if complete.is_some() => "All six are placed. Press \"Set up\" when you are happy, or pick a square and another to swap them.".to_string(),
            None => format!("Pick a value, then a square of row {row_name} (or a square, then a value). Keyboard: on a square, type n (blank), a (ace) or 2 to 5."),
        };
        let memo = if game.own_coins_shown() {
            "With \"show me my own coins\" you will see your values on your turns; your opponent never does."
        } else {
            "Remember where your ace and blank go: once set up, your coins lie face down, to you too (you may peek at one before a move)."
        };
        html! {
            <>
                <p class="evade-now"><strong>{ format!("Set up your coins in secret ({}).", side(seat)) }</strong></p>
                <p>{ memo }</p>
                <p aria-live="polite">{ step }</p>
                <div class="evade-tray" role="group" aria-label="Your six coins">{ for tray }</div>
                <p class="evade-arrangement" aria-live="polite">{ format!("Row {row_name}: {summary}") }</p>
                <div class="buttons">
                    <button type="button" id="evade-random" onclick={on_random}>{ "Random arrangement" }</button>
                    <button type="button" id="evade-clear" onclick={on_clear} disabled={arrangement.iter().all(Option::is_none)}>{ "Clear" }</button>
                    <button type="button" id="evade-setup" class="primary" onclick={on_done} disabled={complete.is_none()}>{ "Set up" }</button>
                </div>
            </>
        }
    } else {
        let headline = if over {
            "The game is over: every coin is face up.".to_string()
        } else if setting_up {
            format!("{} are setting up in secret.", side(game.turn_seat()))
        } else if my_turn && game.draw_offer() == DrawOffer::Pending {
            format!("{} offer a draw. Accept it (the game is drawn) or decline it ({} go on with their turn).", side(game.turn_seat()), side(game.turn_seat()))
        } else if my_turn {
            format!("Your turn ({}).", side(me.unwrap_or_default()))
        } else {
            match to_move {
                Some(s) => format!("{} to move.", side(s)),
                None => String::new(),
            }
        };
        let mut notes: Vec<String> = Vec::new();
        if my_turn && game.draw_offer() != DrawOffer::Pending {
            if game.draw_offer() == DrawOffer::Declined {
                notes.push("Your draw offer was declined: go on with your turn.".into());
            }
            if let Some(p) = game.peeked() {
                let value = own_coin_at(p).and_then(|c| c.value);
                notes.push(match value {
                    Some(v) => format!(
                        "You peeked at {p}: it is {}. You may not freeze this turn.",
                        value_words(v)
                    ),
                    None => format!("You peeked at {p}. You may not freeze this turn."),
                });
            }
            if listed(&EvadeMove::Pass) {
                notes.push("None of your coins can move: you must pass.".into());
            } else if selected.is_some() {
                // The detail of the coin picked says the rest.
            } else if game.peeked().is_some() {
                notes.push(
                    "Pick one of your coins, then a highlighted square: one step in any direction."
                        .into(),
                );
            } else {
                notes.push("Pick one of your coins, then a highlighted square: one step in any direction. A square marked with a snowflake freezes both coins; if your coin is a special one (ace or blank), you lose.".into());
            }
            if game.can_peek() && selected.is_none() {
                notes.push("Before you move you may peek at one of your own coins (then you may not freeze this turn): pick it and press \"Peek at this coin\".".into());
            }
        }
        let detail = (*selected).map(|sq| {
            let mut text = format!("{sq}: {}.", square_words(game, sq, viewer));
            let mine = own_coin_at(sq);
            if my_turn && !over {
                match mine {
                    Some(c) if c.frozen() => text.push_str(" It is frozen: it cannot move."),
                    Some(_) if targets.is_empty() => text.push_str(" It cannot move now."),
                    Some(_) => {
                        let plain: Vec<String> = targets.iter().filter(|t| !t.1).map(|t| t.0.to_string()).collect();
                        let freezing: Vec<String> = targets.iter().filter(|t| t.1).map(|t| t.0.to_string()).collect();
                        if !plain.is_empty() {
                            text.push_str(&format!(" It can step to {}.", plain.join(", ")));
                        }
                        if !freezing.is_empty() {
                            text.push_str(&format!(
                                " Onto {} it freezes both coins; if this coin is a special one you lose.",
                                freezing.join(", ")
                            ));
                        }
                    }
                    None => {}
                }
                if listed(&EvadeMove::Peek(sq)) {
                    text.push_str(" You may peek at it first (then you may not freeze this turn).");
                }
            }
            text
        });
        let peek_here = selected.filter(|&sq| listed(&EvadeMove::Peek(sq)));
        let cancel = {
            let selected = selected.clone();
            Callback::from(move |_: MouseEvent| selected.set(None))
        };
        html! {
            <>
                <p class="evade-now"><strong>{ headline }</strong></p>
                { for notes.iter().map(|t| html! { <p>{ t.clone() }</p> }) }
                <p class="evade-detail" aria-live="polite">{ detail.unwrap_or_default() }</p>
                <div class="buttons">
                    if let Some(sq) = peek_here {
                        <button type="button" id="evade-peek" class="primary" onclick={emit(EvadeMove::Peek(sq))}>{ "Peek at this coin" }</button>
                    }
                    if selected.is_some() {
                        <button type="button" id="evade-cancel" onclick={cancel}>{ "Cancel" }</button>
                    }
                    if listed(&EvadeMove::Pass) {
                        <button type="button" id="evade-pass" class="primary" onclick={emit(EvadeMove::Pass)}>{ "Pass" }</button>
                    }
                    if listed(&EvadeMove::Accept) {
                        <button type="button" id="evade-accept" class="primary" onclick={emit(EvadeMove::Accept)}>{ "Accept the draw" }</button>
                    }
                    if listed(&EvadeMove::Decline) {
                        <button type="button" id="evade-decline" onclick={emit(EvadeMove::Decline)}>{ "Decline the draw" }</button>
                    }
                    if listed(&EvadeMove::Offer) {
                        <button type="button" id="evade-offer" onclick={emit(EvadeMove::Offer)}>{ "Offer a draw" }</button>
                    }
                </div>
            </>
        }
    };

    html! {
        <>
            <div class="board-wrap">
                <svg class="board evade-board evade-art" viewBox="-8 -14 662 666" role="group"
                    aria-label="Evade board, row 1 at the bottom. Arrow keys move between squares; Enter or Space picks a coin, then where it goes; Escape cancels.">
                    { tiles(MARGIN, 0.0, 3, 3) }
                    { for cells }
                    { for coords }
                    // Drawn after every cell so no neighbour paints over it.
                    { outline.unwrap_or_default() }
                </svg>
            </div>
            <div class="board-panel evade-panel">
                { panel }
                { crate::ui::kit::marks::marks_key("evade") }
            </div>
        </>
    }
}

/// The seat whose starting row is `row`.
fn home_row_seat(row: i32) -> Seat {
    usize::from(row != 0)
}
