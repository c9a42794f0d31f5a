//! Zooming and panning the STAX table in place: the wheel, a trackpad, a two-finger pinch,
//! dragging, and the zoom buttons and keys. The view box is set straight on the SVG element
//! (no redraw); the geometry is `view_table`'s.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::view_table::{ViewBox, SIZE};

/// The board's view of the table and the pointers pressed on it.
#[derive(Default)]
struct Table {
    /// The view the player chose by zooming or panning; `None` fits the tiles.
    user: Option<ViewBox>,
    /// The view that fits the tiles in play (from the last drawing).
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

/// The zoom and pan of one board: its SVG element and what the pointers did.
#[derive(Clone)]
pub struct Zoom {
    table: Rc<RefCell<Table>>,
    /// The board's SVG element.
    pub svg: NodeRef,
}

impl PartialEq for Zoom {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.table, &other.table)
    }
}

/// How many quarter turns clockwise the board is drawn at on the screen: the page turned to a
/// player around the table (`--face` on `section.around`), and a half turn more when flipped.
fn turns(el: &web_sys::Element) -> i32 {
    let face = el
        .closest("section.around")
        .ok()
        .flatten()
        .and_then(|s| s.get_attribute("style"))
        .and_then(|style| {
            let deg = style.strip_prefix("--face:")?.strip_suffix("deg")?;
            deg.parse::<i32>().ok()
        })
        .unwrap_or(0);
    let flip = if el.closest(".flipped").ok().flatten().is_some() {
        180
    } else {
        0
    };
    ((face + flip) / 90).rem_euclid(4)
}

/// A screen offset as it runs on a board drawn `quarters` quarter turns clockwise.
fn unturn(quarters: i32, dx: f64, dy: f64) -> (f64, f64) {
    match quarters {
        1 => (dy, -dx),
        2 => (-dx, -dy),
        3 => (-dy, dx),
        _ => (dx, dy),
    }
}

/// The square of a distance.
fn dist2(dx: f64, dy: f64) -> f64 {
    dx * dx + dy * dy
}

impl Zoom {
    /// The view to draw, given the one that fits the tiles now.
    pub fn view(&self, fit: ViewBox) -> ViewBox {
        let mut t = self.table.borrow_mut();
        t.fit = Some(fit);
        t.now()
    }

    /// Whether a drag just ended (its click picks nothing); forgets it.
    pub fn take_drag(&self) -> bool {
        std::mem::take(&mut self.table.borrow_mut().dragged)
    }

    /// A point of the page (client pixels) in the SVG element's own frame, pixels from its
    /// top left corner as it is laid out, with the element and its size: the page may be
    /// turned to a player around the table, or the board flipped (`turns`).
    fn local(&self, x: f64, y: f64) -> Option<(web_sys::Element, f64, f64, f64, f64)> {
        let el = self.svg.cast::<web_sys::Element>()?;
        let r = el.get_bounding_client_rect();
        let quarters = turns(&el);
        let (w, h) = if quarters % 2 == 1 {
            (r.height(), r.width())
        } else {
            (r.width(), r.height())
        };
        let (dx, dy) = unturn(
            quarters,
            x - (r.left() + r.width() / 2.0),
            y - (r.top() + r.height() / 2.0),
        );
        Some((el, dx + w / 2.0, dy + h / 2.0, w, h))
    }

    /// Sets the view (straight on the element: zooming and panning need no redraw).
    fn set(&self, vb: Option<ViewBox>) {
        let now = {
            let mut t = self.table.borrow_mut();
            t.user = vb;
            t.now()
        };
        if let Some(el) = self.svg.cast::<web_sys::Element>() {
            let _ = el.set_attribute("viewBox", &now.attr());
        }
    }

    /// Zooms by `factor` about the page pixel `at` (the centre when `None`); a factor of 0
    /// fits the tiles again.
    pub fn by(&self, factor: f64, at: Option<(f64, f64)>) {
        if factor == 0.0 {
            return self.set(None);
        }
        let vb = self.table.borrow().now();
        let next = match at.and_then(|(px, py)| self.local(px, py)) {
            Some((_, x, y, w, h)) => {
                let (tx, ty) = vb.to_table(w, h, x, y);
                vb.zoom(factor, tx, ty)
            }
            None => vb.zoom_centre(factor),
        };
        self.set(Some(next));
    }

    /// Brings the table point into view (the keyboard focus went there).
    pub fn show(&self, point: (f64, f64)) {
        let vb = self.table.borrow().now();
        if !vb.shows(point, SIZE) {
            self.set(Some(vb.centred_on(point)));
        }
    }

    pub fn pointer_down(&self, e: &PointerEvent) {
        let Some((_, x, y, _, _)) = self.local(f64::from(e.client_x()), f64::from(e.client_y()))
        else {
            return;
        };
        let mut t = self.table.borrow_mut();
        if t.down.is_empty() {
            t.dragged = false;
            t.start = (x, y);
        }
        t.down.retain(|p| p.0 != e.pointer_id());
        t.down.push((e.pointer_id(), x, y));
    }

    pub fn pointer_up(&self, e: &PointerEvent) {
        self.table
            .borrow_mut()
            .down
            .retain(|p| p.0 != e.pointer_id());
    }

    /// One pointer drags the view; two pinch it (zoom by how far apart they are, about
    /// their middle, following the middle).
    pub fn pointer_move(&self, e: &PointerEvent) {
        let Some((el, x, y, w, h)) = self.local(f64::from(e.client_x()), f64::from(e.client_y()))
        else {
            return;
        };
        let next = {
            let mut t = self.table.borrow_mut();
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
                let other = if i == 0 { t.down[1] } else { t.down[0] };
                let before = dist2(ox - other.1, oy - other.2).sqrt();
                let after = dist2(x - other.1, y - other.2).sqrt();
                t.down[i] = (e.pointer_id(), x, y);
                t.dragged = true;
                let (mx, my) = ((x + other.1) / 2.0, (y + other.2) / 2.0);
                let (tx, ty) = vb.to_table(w, h, mx, my);
                let moved = vb.pan((ox - x) * k / 2.0, (oy - y) * k / 2.0);
                if before > 1.0 && after > 1.0 {
                    moved.zoom(after / before, tx, ty)
                } else {
                    moved
                }
            }
        };
        self.set(Some(next));
    }

    /// The wheel: a trackpad's two-finger scroll pans; a mouse wheel, or a trackpad's pinch
    /// (sent with Ctrl), zooms.
    fn wheel(&self, e: &WheelEvent) {
        e.prevent_default();
        let lines = if e.delta_mode() == 1 { 30.0 } else { 1.0 };
        let (dx, dy) = (e.delta_x() * lines, e.delta_y() * lines);
        if dx != 0.0 && !e.ctrl_key() {
            let vb = self.table.borrow().now();
            let Some((el, _, _, w, h)) = self.local(0.0, 0.0) else {
                return;
            };
            let (dx, dy) = unturn(turns(&el), dx, dy);
            let k = vb.per_pixel(w, h);
            self.set(Some(vb.pan(dx * k, dy * k)));
        } else {
            let speed = if e.ctrl_key() { 0.01 } else { 0.002 };
            let x = (-dy * speed).clamp(-1.0, 1.0);
            let factor = if x >= 0.0 { 1.0 + x } else { 1.0 / (1.0 - x) };
            self.by(
                factor,
                Some((f64::from(e.client_x()), f64::from(e.client_y()))),
            );
        }
    }
}

/// The zoom and pan of a board, with the wheel listened to on its SVG element (a listener of
/// its own: only a non-passive one may keep the page from scrolling).
#[hook]
pub fn use_zoom() -> Zoom {
    let table = use_mut_ref(Table::default);
    let svg = use_node_ref();
    let zoom = Zoom { table, svg };
    {
        let zoom = zoom.clone();
        use_effect_with((), move |_| {
            let listener = zoom.svg.cast::<web_sys::Element>().map(|el| {
                let zoom = zoom.clone();
                EventListener::new_with_options(
                    &el,
                    "wheel",
                    EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        if let Some(e) = e.dyn_ref::<WheelEvent>() {
                            zoom.wheel(e);
                        }
                    },
                )
            });
            move || drop(listener)
        });
    }
    zoom
}
