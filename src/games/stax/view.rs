//! The STAX board: hexagonal tiles with their pointers on an unbounded table that fits
//! itself to the tiles in play (one ring of room for placements) until the player zooms
//! (wheel, pinch, buttons, keys) or pans (drag); every stack shows its height, and its
//! tiles bottom to top on hover and focus. Beside the board, the panel: what to do, every
//! player's rack of unplayed tiles, the ways to lay or turn the tile chosen (each refused
//! one with its reason), draw offers, and a status line that explains a refused landing.
//!
//! Light tiles are pale with dark pointers, Dark tiles dark with pale pointers, Red tiles
//! red with an inner ring: the three read apart without hue.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::rules::{mirror, rotate, Cell, Colour, Phase, Stax, StaxMove, TileKind};
use super::view_table::{centre, hex_points, n, nearest, pointer_path, ViewBox, SIZE};
use super::words::{mask_words, name, stack_words};
use crate::core::{Game, Seat};
use crate::ui::game_view::{AnyBoardProps, GameView, Paint};

const FILLS: [&str; 3] = ["#f4e9cf", "#2a2d35", "#c0392b"];
const INKS: [&str; 3] = ["#1d1d1f", "#f4e9cf", "#ffffff"];

/// How a side (`L`, `D` or `R`) is painted.
fn paint(letter: &str) -> Option<Paint> {
    let seat = letter.chars().next().and_then(Colour::from_letter)?.seat();
    (letter.len() == 1).then(|| Paint {
        fill: FILLS[seat],
        ink: INKS[seat],
    })
}

/// How the UI shows STAX.
pub const VIEW: GameView = GameView {
    slug: "stax",
    board: |props| html! { <Board ..props /> },
    thumbnail,
    paint,
    setup_hint: "Seat 1 plays Light and places first, seat 2 Dark, seat 3 (with three players) Red. Each player hunts the next player's king.",
    ends_turn: None,
};

/// Markup (SVG, no Yew: it is much smaller) of a tile of `seat` showing `mask`, circumradius
/// `r`, centred at `(cx, cy)`, with an extra `class`.
fn tile_svg(out: &mut String, seat: Seat, mask: u8, (cx, cy): (f64, f64), r: f64, class: &str) {
    let seat = seat.min(2);
    out.push_str(&format!(
        "<g class=\"tile t{seat} {class}\"><polygon class=\"face\" points=\"{}\"/>",
        hex_points(cx, cy, r)
    ));
    if seat == 2 {
        out.push_str(&format!(
            "<polygon class=\"ring\" points=\"{}\"/>",
            hex_points(cx, cy, r * 0.74)
        ));
    }
    out.push_str(&format!(
        "<path class=\"ptr\" d=\"{}\"/>",
        pointer_path(cx, cy, r, mask)
    ));
    let (letter, k) = match mask {
        0 => ("K", 1.0),
        63 => ("Q", 0.6),
        _ => ("", 0.0),
    };
    if k > 0.0 {
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\">{letter}</text>",
            n(cx),
            n(cy + 0.3 * k * r),
            n(0.85 * k * r)
        ));
    }
    out.push_str("</g>");
}

/// Markup as a node.
fn raw(markup: String) -> Html {
    Html::from_html_unchecked(markup.into())
}

/// Markup of a tile alone in a small picture.
fn mini_svg(out: &mut String, seat: Seat, mask: u8) {
    out.push_str("<svg class=\"stax-mini\" viewBox=\"-21 -21 42 42\" aria-hidden=\"true\">");
    tile_svg(out, seat, mask, (0.0, 0.0), 20.0, "");
    out.push_str("</svg>");
}

/// Markup of a button showing a tile (a rack's, or a way to lay one), with `attrs` (its
/// class and data), its label and what is written under the tile.
fn mini_button(
    out: &mut String,
    attrs: &str,
    pressed: bool,
    label: &str,
    seat: Seat,
    mask: u8,
    under: &str,
) {
    out.push_str(&format!(
        "<button type=\"button\" {attrs} aria-pressed=\"{pressed}\" aria-label=\"{label}\" title=\"{label}\">"
    ));
    mini_svg(out, seat, mask);
    out.push_str(under);
    out.push_str("</button>");
}

/// The home page's picture: a static file (`static/thumbs/stax.svg`, drawn by this board's
/// code), loaded as an image so that it costs the first load nothing.
fn thumbnail() -> Html {
    html! { <img class="thumb" src="thumbs/stax.svg" alt="" /> }
}

// ---------------------------------------------------------------------------------------------
// Zoom and pan
// ---------------------------------------------------------------------------------------------

/// The board's view of the table and the pointers pressed on it.
#[derive(Default)]
struct Table {
    /// The view the player chose by zooming or panning; `None` fits the tiles.
    user: Option<ViewBox>,
    /// The view that fits the tiles in play (from the last render).
    fit: Option<ViewBox>,
    /// Pointers down: id and position in pixels.
    down: Vec<(i32, f64, f64)>,
    /// Where the first pointer went down.
    start: (f64, f64),
    /// Whether the pointers moved the view since they went down (the click is then no pick).
    dragged: bool,
}

impl Table {
    fn now(&self) -> ViewBox {
        self.user.or(self.fit).unwrap_or_else(|| ViewBox::fit(&[]))
    }
}

type Shared = Rc<RefCell<Table>>;

/// The SVG element's size in pixels and its top left corner.
fn rect_of(svg: &NodeRef) -> Option<(web_sys::Element, f64, f64, f64, f64)> {
    let el = svg.cast::<web_sys::Element>()?;
    let r = el.get_bounding_client_rect();
    Some((el, r.left(), r.top(), r.width(), r.height()))
}

/// Sets the view (straight on the element: zooming and panning need no render).
fn set_view(table: &Shared, svg: &NodeRef, vb: Option<ViewBox>) {
    let now = {
        let mut t = table.borrow_mut();
        t.user = vb;
        t.now()
    };
    if let Some(el) = svg.cast::<web_sys::Element>() {
        let _ = el.set_attribute("viewBox", &now.attr());
    }
}

/// Zooms by `factor` about the pixel `(px, py)` of the page (the centre when `None`).
fn zoom(table: &Shared, svg: &NodeRef, factor: f64, at: Option<(f64, f64)>) {
    let vb = table.borrow().now();
    let next = match (at, rect_of(svg)) {
        (Some((px, py)), Some((_, left, top, w, h))) => {
            let (tx, ty) = vb.to_table(w, h, px - left, py - top);
            vb.zoom(factor, tx, ty)
        }
        _ => vb.zoom_centre(factor),
    };
    set_view(table, svg, Some(next));
}

/// The square of a distance.
fn dist2(dx: f64, dy: f64) -> f64 {
    dx * dx + dy * dy
}

fn pointer_down(table: &Shared, e: &PointerEvent) {
    let mut t = table.borrow_mut();
    if t.down.is_empty() {
        t.dragged = false;
        t.start = (f64::from(e.client_x()), f64::from(e.client_y()));
    }
    t.down.retain(|p| p.0 != e.pointer_id());
    t.down.push((
        e.pointer_id(),
        f64::from(e.client_x()),
        f64::from(e.client_y()),
    ));
}

fn pointer_move(table: &Shared, svg: &NodeRef, e: &PointerEvent) {
    let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
    let Some((el, left, top, w, h)) = rect_of(svg) else {
        return;
    };
    let next = {
        let mut t = table.borrow_mut();
        let Some(i) = t.down.iter().position(|p| p.0 == e.pointer_id()) else {
            return;
        };
        let (_, ox, oy) = t.down[i];
        let vb = t.now();
        let k = vb.per_pixel(w, h);
        if t.down.len() == 1 {
            if !t.dragged && dist2(x - t.start.0, y - t.start.1) < 64.0 {
                return;
            }
            if !t.dragged {
                t.dragged = true;
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            t.down[i] = (e.pointer_id(), x, y);
            vb.pan((ox - x) * k, (oy - y) * k)
        } else {
            // A pinch: the two first pointers; zoom by how far apart they are, about their
            // middle, and follow the middle.
            let other = if i == 0 { t.down[1] } else { t.down[0] };
            let before = dist2(ox - other.1, oy - other.2).sqrt();
            let after = dist2(x - other.1, y - other.2).sqrt();
            t.down[i] = (e.pointer_id(), x, y);
            t.dragged = true;
            let (mx, my) = ((x + other.1) / 2.0, (y + other.2) / 2.0);
            let (tx, ty) = vb.to_table(w, h, mx - left, my - top);
            let moved = vb.pan((ox - x) * k / 2.0, (oy - y) * k / 2.0);
            if before > 1.0 && after > 1.0 {
                moved.zoom(after / before, tx, ty)
            } else {
                moved
            }
        }
    };
    set_view(table, svg, Some(next));
}

fn pointer_up(table: &Shared, e: &PointerEvent) {
    table.borrow_mut().down.retain(|p| p.0 != e.pointer_id());
}

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// What the player has chosen so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    None,
    /// A tile from the rack, its cell not yet chosen.
    Kind(TileKind),
    /// A tile from the rack, on a cell, shown with these pointers (perhaps refused ones).
    Place(TileKind, Cell, u8),
    /// A tile on the table to move, its landing not yet chosen.
    From(Cell),
    /// A tile moving to a cell, turned to show these pointers.
    Travel(Cell, Cell, u8),
}

/// The STAX board and its panel.
#[component]
pub fn Board(props: &AnyBoardProps) -> Html {
    let pick = use_state_eq(|| Pick::None);
    let say = use_state_eq(String::new);
    let focus = use_state_eq(|| None::<Cell>);
    let table: Shared = use_mut_ref(Table::default);
    let svg = use_node_ref();
    // The panel's button last pressed: drawing the panel anew loses the keyboard focus, which
    // then goes back to it (if it is still there).
    let refocus = use_mut_ref(String::new);
    {
        let refocus = refocus.clone();
        use_effect(move || {
            let wanted = std::mem::take(&mut *refocus.borrow_mut());
            let doc = web_sys::window().and_then(|w| w.document());
            if let Some(doc) = doc.filter(|_| !wanted.is_empty()) {
                let lost = doc.active_element().is_none_or(|e| e.tag_name() == "BODY");
                let target = doc.query_selector(&wanted).ok().flatten();
                if let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
                    if lost {
                        let _ = el.focus();
                    }
                }
            }
        });
    }
    {
        let pick = pick.clone();
        let say = say.clone();
        use_effect_with(props.ply, move |_| {
            pick.set(Pick::None);
            say.set(String::new());
        });
    }
    {
        // The wheel zooms: a listener of its own, since only a non-passive one may keep the
        // page from scrolling.
        let table = table.clone();
        let svg = svg.clone();
        use_effect_with((), move |_| {
            let listener = svg.cast::<web_sys::Element>().map(|el| {
                let svg = svg.clone();
                EventListener::new_with_options(
                    &el,
                    "wheel",
                    EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        if let Some(e) = e.dyn_ref::<WheelEvent>() {
                            e.prevent_default();
                            let lines = if e.delta_mode() == 1 { 30.0 } else { 1.0 };
                            let (dx, dy) = (e.delta_x() * lines, e.delta_y() * lines);
                            if dx != 0.0 && !e.ctrl_key() {
                                // A trackpad's two-finger scroll pans.
                                let vb = table.borrow().now();
                                let k = rect_of(&svg).map_or(1.0, |r| vb.per_pixel(r.3, r.4));
                                set_view(&table, &svg, Some(vb.pan(dx * k, dy * k)));
                            } else {
                                // A mouse wheel, or a trackpad's pinch (sent with Ctrl), zooms.
                                let speed = if e.ctrl_key() { 0.01 } else { 0.002 };
                                let x = (-dy * speed).clamp(-1.0, 1.0);
                                let factor = if x >= 0.0 { 1.0 + x } else { 1.0 / (1.0 - x) };
                                let at = (f64::from(e.client_x()), f64::from(e.client_y()));
                                zoom(&table, &svg, factor, Some(at));
                            }
                        }
                    },
                )
            });
            move || drop(listener)
        });
    }
    let Some(game) = props.position.as_any().downcast_ref::<Stax>() else {
        return html! { <p class="error" role="alert">{ "This is not a STAX game." }</p> };
    };
    let to_move = Game::to_move(game);
    let turn = game.turn();
    let can_act = props.can_move;
    let legal: Vec<StaxMove> = if can_act {
        Game::legal_moves(game)
    } else {
        Vec::new()
    };
    let answering = matches!(game.phase(), Phase::Answer { .. });
    // What the legal moves allow, for the highlights.
    let mut placeable: Vec<TileKind> = Vec::new();
    let mut movable: Vec<Cell> = Vec::new();
    for mv in &legal {
        match *mv {
            StaxMove::Place { kind, .. } if !placeable.contains(&kind) => placeable.push(kind),
            StaxMove::Travel { from, .. } if !movable.contains(&from) => movable.push(from),
            _ => {}
        }
    }
    // Drop a pick the position no longer allows (after an undo, say).
    let pick_now = match *pick {
        Pick::Kind(k) | Pick::Place(k, ..) if !placeable.contains(&k) => Pick::None,
        Pick::From(f) | Pick::Travel(f, ..) if !movable.contains(&f) => Pick::None,
        p => p,
    };
    let placing = match pick_now {
        Pick::Kind(k) | Pick::Place(k, ..) => Some(k),
        _ => None,
    };
    let from = match pick_now {
        Pick::From(f) | Pick::Travel(f, ..) => Some(f),
        _ => None,
    };
    // Where the pick may go: cells with the ways allowed there.
    let mut targets: Vec<Cell> = Vec::new();
    for mv in &legal {
        let to = match *mv {
            StaxMove::Place { kind, cell, .. } if Some(kind) == placing => cell,
            StaxMove::Travel { from: f, to, .. } if Some(f) == from => to,
            _ => continue,
        };
        if !targets.contains(&to) {
            targets.push(to);
        }
    }
    let last: Vec<Cell> = match props.last_move.as_ref().and_then(|m| m.parse().ok()) {
        Some(StaxMove::Place { cell, .. }) => vec![cell],
        Some(StaxMove::Travel { from, to, .. }) => vec![from, to],
        _ => Vec::new(),
    };

    // The cells drawn: the empty cells around the stacks (the origin on an empty table), then
    // every stack in the engine's order, rows top to bottom, so that the tiles drawn under a
    // stack's top tile are covered by the row below.
    let mut cells: Vec<Cell> = Vec::new();
    for (c, _) in game.stacks() {
        for nb in c.neighbours() {
            if game.height(nb) == 0 && !cells.contains(&nb) {
                cells.push(nb);
            }
        }
    }
    for &c in &targets {
        if !cells.contains(&c) && game.height(c) == 0 {
            cells.push(c);
        }
    }
    if game.stacks().is_empty() && cells.is_empty() {
        cells.push(Cell::ORIGIN);
    }
    cells.extend(game.stacks().iter().map(|(c, _)| *c));
    let points: Vec<(f64, f64)> = cells.iter().map(|&c| centre(c)).collect();
    let fit = ViewBox::fit(&points);
    let view = {
        let mut t = table.borrow_mut();
        t.fit = Some(fit);
        t.now()
    };
    let focus_at = focus.filter(|c| cells.contains(c)).unwrap_or_else(|| {
        movable
            .first()
            .copied()
            .or_else(|| game.stacks().first().map(|s| s.0))
            .unwrap_or(Cell::ORIGIN)
    });

    // --- Actions ----------------------------------------------------------------------------
    let emit = {
        let on_move = props.on_move.clone();
        let pick = pick.clone();
        let say = say.clone();
        Callback::from(move |mv: StaxMove| {
            pick.set(Pick::None);
            say.set(String::new());
            on_move.emit(mv.to_string());
        })
    };
    // The move the pick makes, if it is complete and legal.
    let ready = match pick_now {
        Pick::Place(k, c, m) => Some(StaxMove::place(k, m, c)),
        Pick::Travel(f, t, m) => Some(StaxMove::travel(f, t, m)),
        _ => None,
    }
    .filter(|mv| legal.contains(mv));
    // Choosing how the tile lies (a refused way shows its reason).
    let choose_mask = {
        let pick = pick.clone();
        let say = say.clone();
        let game = game.clone();
        Callback::from(move |m: u8| {
            let next = match pick_now {
                Pick::Place(k, c, _) => Pick::Place(k, c, m),
                Pick::Travel(f, t, _) => Pick::Travel(f, t, m),
                p => p,
            };
            let why = match next {
                Pick::Place(k, c, m) => game.placement_refusal(k, m, c).err(),
                _ => None,
            };
            say.set(why.map_or_else(String::new, |r| format!("Refused: {r}.")));
            pick.set(next);
        })
    };
    let choose_kind = {
        let pick = pick.clone();
        let say = say.clone();
        let game = game.clone();
        let placeable = placeable.clone();
        Callback::from(move |k: TileKind| {
            if placing == Some(k) {
                pick.set(Pick::None);
                say.set(String::new());
            } else if placeable.contains(&k) {
                pick.set(Pick::Kind(k));
                say.set(String::new());
            } else if game.placed() < 2 && k == TileKind::Queen {
                say.set(format!(
                    "Refused: {}.",
                    super::rules::Refusal::NoQueenInOpening
                ));
            } else {
                say.set(format!("Tile {} has nowhere to go now.", k.name()));
            }
        })
    };
    let on_cell = {
        let pick = pick.clone();
        let say = say.clone();
        let emit = emit.clone();
        let game = game.clone();
        let targets = targets.clone();
        let movable = movable.clone();
        let table = table.clone();
        Callback::from(move |c: Cell| {
            // The click that ends a drag picks nothing.
            if std::mem::take(&mut table.borrow_mut().dragged) {
                return;
            }
            let refused = |r: super::rules::Refusal| say.set(format!("Refused: {r}."));
            let ways = |m: u8| super::rules::rotations(m).len();
            match pick_now {
                Pick::Place(_, at, _) | Pick::Travel(_, at, _) if at == c => match ready {
                    Some(mv) => emit.emit(mv),
                    None => say.set("Choose a way to lay the tile that is not refused.".into()),
                },
                Pick::Kind(k) | Pick::Place(k, ..) if targets.contains(&c) => {
                    let masks = k.orientations();
                    let ok = masks
                        .iter()
                        .copied()
                        .find(|&m| game.placement_refusal(k, m, c).is_ok())
                        .unwrap_or(k.base());
                    if masks.len() == 1 {
                        emit.emit(StaxMove::place(k, ok, c));
                    } else {
                        say.set(String::new());
                        pick.set(Pick::Place(k, c, ok));
                    }
                }
                Pick::From(f) | Pick::Travel(f, ..) if targets.contains(&c) => {
                    let m = game.top(f).map_or(0, |t| t.mask());
                    if ways(m) == 1 {
                        emit.emit(StaxMove::travel(f, c, m));
                    } else {
                        say.set(String::new());
                        pick.set(Pick::Travel(f, c, m));
                    }
                }
                Pick::From(f) | Pick::Travel(f, ..) if f == c => {
                    pick.set(Pick::None);
                    say.set(String::new());
                }
                _ if movable.contains(&c) => {
                    pick.set(Pick::From(c));
                    say.set(String::new());
                }
                Pick::Kind(k) | Pick::Place(k, ..) => {
                    if let Err(r) = game.placement_refusal(k, k.orientations()[0], c) {
                        refused(r);
                    }
                }
                Pick::From(f) | Pick::Travel(f, ..) => {
                    if let Err(r) = game.travel_refusal(f, c) {
                        refused(r);
                    }
                }
                Pick::None => {
                    let top = game.top(c).filter(|t| t.owner() == turn);
                    match top {
                        Some(_) if !can_act || answering => {}
                        Some(_) => {
                            let why = if !game.has_free_side(c) {
                                super::rules::Refusal::NoFreeSide.to_string()
                            } else if game.king(turn) == super::rules::KingState::InReserve {
                                super::rules::Refusal::KingNotPlaced.to_string()
                            } else {
                                "every landing it could reach is refused".into()
                            };
                            say.set(format!("This tile cannot move: {why}."));
                        }
                        None if can_act && !answering && game.height(c) == 0 => {
                            say.set("Choose a tile from your rack first.".into())
                        }
                        None => {}
                    }
                }
            }
        })
    };
    let cancel = {
        let pick = pick.clone();
        let say = say.clone();
        Callback::from(move |_| {
            pick.set(Pick::None);
            say.set(String::new());
        })
    };
    // R turns the tile shown clockwise, Shift+R back, F turns it over (3X only).
    let turn_key = {
        let choose_mask = choose_mask.clone();
        move |key: &str| -> bool {
            let (m, flip_ok) = match pick_now {
                Pick::Place(k, _, m) => (m, k.two_sided()),
                Pick::Travel(_, _, m) => (m, false),
                _ => return false,
            };
            let next = match key {
                "r" => rotate(m, 5),
                "R" => rotate(m, 1),
                "f" | "F" if flip_ok => mirror(m),
                _ => return false,
            };
            choose_mask.emit(next);
            true
        }
    };
    let zoom_by = {
        let table = table.clone();
        let svg = svg.clone();
        Callback::from(move |f: f64| {
            if f == 0.0 {
                set_view(&table, &svg, None);
            } else {
                zoom(&table, &svg, f, None);
            }
        })
    };
    let on_key = {
        let on_cell = on_cell.clone();
        let focus = focus.clone();
        let cancel = cancel.clone();
        let zoom_by = zoom_by.clone();
        let table = table.clone();
        let svg = svg.clone();
        let cells = cells.clone();
        let points = points.clone();
        Callback::from(move |(e, c): (KeyboardEvent, Cell)| {
            let key = e.key();
            let arrow = match key.as_str() {
                "ArrowRight" => Some((1.0, 0.0)),
                "ArrowLeft" => Some((-1.0, 0.0)),
                "ArrowUp" => Some((0.0, -1.0)),
                "ArrowDown" => Some((0.0, 1.0)),
                _ => None,
            };
            if let Some(dir) = arrow {
                if let Some(i) = nearest(centre(c), dir, &points) {
                    let next = cells[i];
                    focus.set(Some(next));
                    // Keep the focused cell in view.
                    let vb = table.borrow().now();
                    if !vb.shows(points[i], SIZE) {
                        set_view(&table, &svg, Some(vb.centred_on(points[i])));
                    }
                    crate::ui::browser::focus_on_board("data-cell", &next.to_string());
                }
            } else {
                match key.as_str() {
                    "Enter" | " " => {
                        table.borrow_mut().dragged = false;
                        on_cell.emit(c);
                    }
                    "Escape" => cancel.emit(()),
                    "+" | "=" => zoom_by.emit(1.25),
                    "-" => zoom_by.emit(0.8),
                    "0" => zoom_by.emit(0.0),
                    k if turn_key(k) => {}
                    _ => return,
                }
            }
            e.prevent_default();
        })
    };

    // --- The cells --------------------------------------------------------------------------
    let ghost = match pick_now {
        Pick::Place(_, c, m) => Some((c, m)),
        Pick::Travel(_, c, m) => Some((c, m)),
        _ => None,
    };
    let hexes = cells.iter().map(|&c| {
        let (cx, cy) = centre(c);
        let stack = game.stack(c);
        let h = stack.len();
        let is_target = targets.contains(&c);
        let is_movable = movable.contains(&c) && from.is_none();
        let picked = from == Some(c);
        let mut label = stack_words(c, stack);
        if is_movable {
            label.push_str("; you may move its top tile");
        }
        if is_target {
            label.push_str(if placing.is_some() {
                "; place here"
            } else {
                "; move here"
            });
        }
        let mut class = String::from("cell");
        for (on, name) in [
            (h > 0, " stack"),
            (is_movable, " movable"),
            (is_target, " target"),
            (picked, " selected"),
            (last.contains(&c), " last"),
            (ghost.map(|g| g.0) == Some(c), " chosen"),
        ] {
            if on {
                class.push_str(name);
            }
        }
        let onclick = {
            let on_cell = on_cell.clone();
            let focus = focus.clone();
            Callback::from(move |_: MouseEvent| {
                focus.set(Some(c));
                on_cell.emit(c);
            })
        };
        let onkeydown = {
            let on_key = on_key.clone();
            Callback::from(move |e: KeyboardEvent| on_key.emit((e, c)))
        };
        let onfocus = {
            let focus = focus.clone();
            Callback::from(move |_: FocusEvent| focus.set(Some(c)))
        };
        let r = SIZE - 2.5;
        let mut inner = format!(
            "<title>{label}</title><polygon class=\"hex\" points=\"{}\"/>",
            hex_points(cx, cy, SIZE - 1.0)
        );
        // The tiles below the top one show as edges under it, up to three.
        for k in (1..h.min(4)).rev() {
            inner.push_str(&format!(
                "<polygon class=\"under t{}\" points=\"{}\"/>",
                stack[h - 1 - k].owner().min(2),
                hex_points(cx, cy + 4.0 * k as f64, r)
            ));
        }
        if let Some(top) = stack.last() {
            let class = if picked { "lifted" } else { "" };
            tile_svg(&mut inner, top.owner(), top.mask(), (cx, cy), r, class);
        }
        if is_target {
            inner.push_str(&format!(
                "<polygon class=\"target-hex\" points=\"{}\"/>",
                hex_points(cx, cy, SIZE - 8.0)
            ));
        }
        html! {
            <g key={c.to_string()} class={class} data-cell={c.to_string()} data-height={h.to_string()} role="button"
                tabindex={if c == focus_at { "0" } else { "-1" }} aria-label={label}
                aria-pressed={picked.to_string()} {onclick} {onkeydown} {onfocus}>
                { raw(inner) }
            </g>
        }
    });
    // Drawn over every cell: the heights, and the tile chosen where it would go.
    let mut over = String::new();
    for (c, stack) in game.stacks().iter().filter(|(_, s)| s.len() > 1) {
        let (cx, cy) = centre(*c);
        let (x, y) = (cx + 0.5 * SIZE, cy - 0.62 * SIZE);
        over.push_str(&format!(
            "<g class=\"height\" aria-hidden=\"true\"><circle cx=\"{}\" cy=\"{}\" r=\"11\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text></g>",
            n(x),
            n(y),
            n(x),
            n(y + 5.0),
            stack.len()
        ));
    }
    if let Some((c, m)) = ghost {
        over.push_str("<g class=\"ghost\" pointer-events=\"none\">");
        tile_svg(&mut over, turn, m, centre(c), SIZE - 6.0, "");
        over.push_str("</g>");
    }

    // --- The panel --------------------------------------------------------------------------
    let me = name(turn);
    let headline = if let Some(o) = Game::outcome(game) {
        format!("The game is over: {}.", o.reason)
    } else if let Phase::Answer { answering } = game.phase() {
        format!(
            "{me} offers a draw: {} accepts or declines.",
            name(answering)
        )
    } else if !can_act {
        format!("{me} to play.")
    } else {
        match pick_now {
            Pick::None if movable.is_empty() => {
                format!("{me} to play: choose a tile from your rack to place it.")
            }
            Pick::None => format!("{me} to play: choose a tile from your rack to place it, or one of your tiles on the table (outlined) to move it."),
            Pick::Kind(k) => format!("Placing {} ({}): choose a highlighted cell.", k.name(), k.description()),
            Pick::Place(k, c, _) => format!("Placing {} on {c}: choose how it lies (R turns it{}), then Place.", k.name(), if k.two_sided() { ", F turns it over" } else { "" }),
            Pick::From(f) => format!("Moving the tile on {f}: choose a highlighted cell."),
            Pick::Travel(f, t, _) => format!("Moving the tile on {f} to {t}: choose the way it ends (R turns it), then Move."),
        }
    };
    let ways = match pick_now {
        Pick::Place(k, c, chosen) => Some((
            k.orientations()
                .iter()
                .map(|&m| (m, game.placement_refusal(k, m, c).err()))
                .collect::<Vec<_>>(),
            chosen,
        )),
        Pick::Travel(f, _, chosen) => Some((
            game.arrival_masks(f)
                .into_iter()
                .map(|m| (m, None))
                .collect(),
            chosen,
        )),
        _ => None,
    };
    // The rest of the panel is markup (much smaller than Yew's nodes), with one click
    // handler for all its buttons, which name what they do in their attributes.
    let mut panel = String::new();
    if let Some((list, chosen)) = ways {
        let mut reasons: Vec<String> = Vec::new();
        for r in list.iter().filter_map(|w| w.1.as_ref()) {
            let r = r.to_string();
            if !reasons.contains(&r) {
                reasons.push(r);
            }
        }
        let head = if reasons.is_empty() {
            String::new()
        } else {
            format!(
                "<p class=\"stax-refused\">Marked refused: {}.</p>",
                reasons.join("; ")
            )
        };
        panel.push_str(&head);
        panel.push_str(
            "<div class=\"buttons stax-ways\" role=\"group\" aria-label=\"How the tile lies\">",
        );
        for (m, why) in list {
            let words = mask_words(m);
            let (class, label, under) = match &why {
                Some(r) => (
                    "refused",
                    format!("{words}: refused, {r}"),
                    "<span class=\"why\">refused</span>",
                ),
                None => ("", words, ""),
            };
            let attrs = format!("class=\"{class}\" data-mask=\"{m}\"");
            mini_button(&mut panel, &attrs, m == chosen, &label, turn, m, under);
        }
        panel.push_str("</div>");
    }
    panel.push_str("<div class=\"buttons\">");
    let button = |panel: &mut String, id: &str, text: &str| {
        panel.push_str(&format!(
            "<button type=\"button\" id=\"{id}\">{text}</button>"
        ));
    };
    if ready.is_some() {
        button(
            &mut panel,
            "stax-confirm",
            if placing.is_some() { "Place" } else { "Move" },
        );
    }
    if pick_now != Pick::None {
        button(&mut panel, "stax-cancel", "Cancel");
    }
    if legal.contains(&StaxMove::Offer) {
        button(&mut panel, "stax-offer", "Offer a draw");
    }
    if legal.contains(&StaxMove::Accept) {
        button(&mut panel, "stax-accept", "Accept the draw");
        button(&mut panel, "stax-decline", "Decline the draw");
    }
    panel.push_str("</div>");
    let shown = from
        .or(ghost.map(|g| g.0))
        .or(Some(focus_at))
        .filter(|&c| game.height(c) > 0);
    if let Some(c) = shown {
        panel.push_str(&format!(
            "<p class=\"stax-looking\">{}</p>",
            stack_words(c, game.stack(c))
        ));
    }
    for seat in 0..game.players() {
        let mine = can_act && !answering && seat == turn;
        let reserve = game.reserve(seat);
        panel.push_str(&format!(
            "<div class=\"stax-rack\" data-seat=\"{}\"><p>{}: {} unplayed</p><div class=\"rack-tiles\">",
            Colour::of_seat(seat).letter(),
            name(seat),
            reserve.len()
        ));
        for k in reserve {
            let usable = mine && placeable.contains(&k);
            let attrs = format!(
                "class=\"rack-tile{}\" data-kind=\"{}\"{}",
                if usable { " usable" } else { "" },
                k.name(),
                if mine { "" } else { " disabled" }
            );
            let label = format!("{} {}: {}", name(seat), k.name(), k.description());
            let under = format!("<span>{}</span>", k.name());
            mini_button(
                &mut panel,
                &attrs,
                // Only the mover's rack shows the tile picked (the others may hold the same kind).
                seat == turn && placing == Some(k),
                &label,
                seat,
                k.base(),
                &under,
            );
        }
        panel.push_str("</div></div>");
    }
    let on_panel = {
        let emit = emit.clone();
        let cancel = cancel.clone();
        let choose_kind = choose_kind.clone();
        let choose_mask = choose_mask.clone();
        let refocus = refocus.clone();
        Callback::from(move |e: MouseEvent| {
            let Some(b) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.closest("button").ok().flatten())
            else {
                return;
            };
            let attr = |a: &str| b.get_attribute(a).unwrap_or_default();
            *refocus.borrow_mut() = match (attr("id"), attr("data-kind"), attr("data-mask")) {
                (id, _, _) if !id.is_empty() => format!("#{id}"),
                (_, k, _) if !k.is_empty() => format!(".rack-tile:enabled[data-kind='{k}']"),
                (_, _, m) => format!(".stax-ways [data-mask='{m}']"),
            };
            let mv = match attr("id").as_str() {
                "stax-confirm" => ready,
                "stax-offer" => Some(StaxMove::Offer),
                "stax-accept" => Some(StaxMove::Accept),
                "stax-decline" => Some(StaxMove::Decline),
                "stax-cancel" => {
                    cancel.emit(());
                    None
                }
                _ => None,
            };
            if let Some(mv) = mv {
                emit.emit(mv);
            } else if let Some(k) = TileKind::from_name(&attr("data-kind")) {
                choose_kind.emit(k);
            } else if let Ok(m) = attr("data-mask").parse::<u8>() {
                choose_mask.emit(m);
            }
        })
    };
    let zoom_button = |id: &'static str, text: &'static str, label: &'static str, f: f64| {
        let zoom_by = zoom_by.clone();
        html! { <button type="button" {id} aria-label={label} title={label}
        onclick={Callback::from(move |_: MouseEvent| zoom_by.emit(f))}>{ text }</button> }
    };
    let on_down = {
        let table = table.clone();
        Callback::from(move |e: PointerEvent| pointer_down(&table, &e))
    };
    let on_pmove = {
        let table = table.clone();
        let svg = svg.clone();
        Callback::from(move |e: PointerEvent| pointer_move(&table, &svg, &e))
    };
    let on_up = {
        let table = table.clone();
        Callback::from(move |e: PointerEvent| pointer_up(&table, &e))
    };
    let panel_key = {
        let cancel = cancel.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                cancel.emit(());
            }
        })
    };
    html! {
        <>
            <div class="board-wrap stax-wrap">
                <svg ref={svg} class="board stax-board" viewBox={view.attr()} role="group"
                    aria-label="STAX table. Arrow keys move between cells, Enter or Space chooses, Escape cancels, R and Shift+R turn the tile chosen, F turns it over, + and - zoom, 0 fits the view. Drag to pan, wheel or pinch to zoom."
                    data-to-move={to_move.map(|s| Colour::of_seat(s).letter_str())}
                    onpointerdown={on_down} onpointermove={on_pmove} onpointerup={on_up.clone()} onpointercancel={on_up}>
                    <rect class="felt" x="-100000" y="-100000" width="200000" height="200000" />
                    { for hexes }
                    { raw(over) }
                </svg>
                <div class="stax-zoom">
                    { zoom_button("stax-zoom-in", "+", "Zoom in", 1.25) }
                    { zoom_button("stax-zoom-out", "−", "Zoom out", 0.8) }
                    { zoom_button("stax-zoom-reset", "⤢", "Fit the view to the tiles", 0.0) }
                </div>
            </div>
            <div class="board-panel stax-panel" onkeydown={panel_key} onclick={on_panel}>
                <p class="stax-now"><strong>{ headline }</strong></p>
                <p id="stax-say" class="stax-say" role="status" aria-live="polite">{ (*say).clone() }</p>
                { raw(panel) }
            </div>
        </>
    }
}
