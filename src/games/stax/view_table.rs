//! The STAX table's geometry, free of Yew and of the browser: where a cell is drawn, the
//! hexagon and pointer shapes, the view box that fits the tiles in play, zooming about a
//! point, panning, pixels to table units, and the nearest cell in an arrow's direction.

use super::cell::Cell;

/// A cell's centre-to-corner size in SVG units.
pub const SIZE: f64 = 40.0;
/// The narrowest view (the closest zoom): about two cells across.
pub const MIN_W: f64 = 4.5 * SIZE;
/// The narrowest view that fits the tiles: a small table is not drawn huge.
pub const FIT_W: f64 = 8.0 * SIZE;
/// The widest view (the furthest zoom).
pub const MAX_W: f64 = 90.0 * SIZE;
/// `√3 / 2`: a hexagon's apothem over its circumradius.
const APOTHEM: f64 = 0.866_025_403_784_438_6;

/// Where `cell`'s centre is drawn.
pub fn centre(cell: Cell) -> (f64, f64) {
    let (x, y) = cell.centre();
    (x * SIZE, y * SIZE)
}

/// `x` with at most one decimal, for SVG attributes (the shared formatter: no float
/// formatting in the bundle).
pub use crate::ui::game_view::num as n;

/// The corners of a pointy-top hexagon of circumradius 1, from the upper right one
/// counter-clockwise (no trigonometry: it would weigh on the bundle).
const CORNERS: [(f64, f64); 6] = [
    (APOTHEM, -0.5),
    (0.0, -1.0),
    (-APOTHEM, -0.5),
    (-APOTHEM, 0.5),
    (0.0, 1.0),
    (APOTHEM, 0.5),
];

/// The unit vectors of the six directions (0 east, counter-clockwise, `y` growing downwards).
const UNITS: [(f64, f64); 6] = [
    (1.0, 0.0),
    (0.5, -APOTHEM),
    (-0.5, -APOTHEM),
    (-1.0, 0.0),
    (-0.5, APOTHEM),
    (0.5, APOTHEM),
];

/// The corners of a pointy-top hexagon of circumradius `r` centred at `(cx, cy)`.
pub fn hex_points(cx: f64, cy: f64, r: f64) -> String {
    let mut out = String::new();
    for (k, (x, y)) in CORNERS.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(&format!("{},{}", n(cx + r * x), n(cy + r * y)));
    }
    out
}

/// The unit vector of direction `d` (taken modulo 6).
pub fn unit(d: usize) -> (f64, f64) {
    UNITS[d % 6]
}

/// The outline of one arrow for a tile of circumradius `r` centred at `(cx, cy)`, pointing
/// out through the edge of direction `d`: a shaft from near the centre and a notched head
/// whose tip nearly reaches the edge, so that its way reads even on a small screen. The tip
/// first, then round the outline.
pub fn arrow_points(cx: f64, cy: f64, r: f64, d: usize) -> [(f64, f64); 8] {
    let ap = r * APOTHEM;
    let (ux, uy) = unit(d);
    // Along the direction, then across it (a quarter turn).
    let at = |along: f64, across: f64| {
        (
            cx + along * ap * ux - across * r * uy,
            cy + along * ap * uy + across * r * ux,
        )
    };
    let (tip, barb, neck, tail) = (0.93, 0.5, 0.58, 0.3);
    let (head, shaft) = (0.17, 0.06);
    [
        at(tip, 0.0),
        at(barb, head),
        at(neck, shaft),
        at(tail, shaft),
        at(tail, -shaft),
        at(neck, -shaft),
        at(barb, -head),
        at(tip, 0.0),
    ]
}

/// One arrow per pointer of `mask` ([`arrow_points`]), as a path for a tile of circumradius
/// `r` centred at `(cx, cy)`.
pub fn pointer_path(cx: f64, cy: f64, r: f64, mask: u8) -> String {
    let mut out = String::new();
    for d in (0..6).filter(|d| mask & (1 << d) != 0) {
        let points = arrow_points(cx, cy, r, d);
        for (k, (x, y)) in points[..7].iter().enumerate() {
            out.push(if k == 0 { 'M' } else { 'L' });
            out.push_str(&format!("{} {}", n(*x), n(*y)));
        }
        out.push('Z');
    }
    out
}

/// The part of the table a board shows: an SVG view box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewBox {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl ViewBox {
    /// The `viewBox` attribute.
    pub fn attr(self) -> String {
        format!("{} {} {} {}", n(self.x), n(self.y), n(self.w), n(self.h))
    }

    /// The square box around `centres` (cell centres), a cell's size around each, never
    /// narrower than [`FIT_W`] nor wider than [`MAX_W`]; the origin's cell when empty.
    pub fn fit(centres: &[(f64, f64)]) -> ViewBox {
        let mut lo = (f64::MAX, f64::MAX);
        let mut hi = (f64::MIN, f64::MIN);
        for &(x, y) in centres {
            lo = (lo.0.min(x), lo.1.min(y));
            hi = (hi.0.max(x), hi.1.max(y));
        }
        if centres.is_empty() {
            lo = (0.0, 0.0);
            hi = (0.0, 0.0);
        }
        let side = ((hi.0 - lo.0).max(hi.1 - lo.1) + 2.4 * SIZE).clamp(FIT_W, MAX_W);
        let (mx, my) = ((lo.0 + hi.0) / 2.0, (lo.1 + hi.1) / 2.0);
        ViewBox {
            x: mx - side / 2.0,
            y: my - side / 2.0,
            w: side,
            h: side,
        }
    }

    /// Zoomed in by `factor` (below 1 zooms out) keeping the table point `(tx, ty)` where it
    /// is on the screen; the width stays within [`MIN_W`] and [`MAX_W`].
    pub fn zoom(self, factor: f64, tx: f64, ty: f64) -> ViewBox {
        if !(factor.is_finite() && factor > 0.0) {
            return self;
        }
        let w = (self.w / factor).clamp(MIN_W, MAX_W);
        let k = w / self.w;
        ViewBox {
            x: tx - (tx - self.x) * k,
            y: ty - (ty - self.y) * k,
            w,
            h: self.h * k,
        }
    }

    /// Zoomed about its own centre.
    pub fn zoom_centre(self, factor: f64) -> ViewBox {
        self.zoom(factor, self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// Moved by `(dx, dy)` table units.
    pub fn pan(self, dx: f64, dy: f64) -> ViewBox {
        ViewBox {
            x: self.x + dx,
            y: self.y + dy,
            ..self
        }
    }

    /// Whether the table point lies inside, at least `margin` from the edges.
    pub fn shows(self, (x, y): (f64, f64), margin: f64) -> bool {
        x >= self.x + margin
            && x <= self.x + self.w - margin
            && y >= self.y + margin
            && y <= self.y + self.h - margin
    }

    /// Centred on the table point, same size.
    pub fn centred_on(self, (x, y): (f64, f64)) -> ViewBox {
        ViewBox {
            x: x - self.w / 2.0,
            y: y - self.h / 2.0,
            ..self
        }
    }

    /// Table units per screen pixel when an element of `ew` × `eh` pixels shows the box
    /// whole and centred (`preserveAspectRatio` `xMidYMid meet`, the SVG default).
    pub fn per_pixel(self, ew: f64, eh: f64) -> f64 {
        if ew <= 0.0 || eh <= 0.0 {
            return 1.0;
        }
        (self.w / ew).max(self.h / eh)
    }

    /// The table point under the pixel `(px, py)` of such an element (from its top left).
    pub fn to_table(self, ew: f64, eh: f64, px: f64, py: f64) -> (f64, f64) {
        let k = self.per_pixel(ew, eh);
        (
            self.x + self.w / 2.0 + (px - ew / 2.0) * k,
            self.y + self.h / 2.0 + (py - eh / 2.0) * k,
        )
    }
}

/// The index of the point of `points` nearest to `from` in the direction `(dx, dy)` (a unit
/// vector): only points ahead count, and sideways distance counts double.
pub fn nearest(from: (f64, f64), (dx, dy): (f64, f64), points: &[(f64, f64)]) -> Option<usize> {
    points
        .iter()
        .enumerate()
        .filter_map(|(i, &(x, y))| {
            let (vx, vy) = (x - from.0, y - from.1);
            let along = vx * dx + vy * dy;
            let side = (vx * dy - vy * dx).abs();
            (along > 1.0).then_some((along + 2.0 * side, i))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn fitting_centres_the_cells_in_a_square_with_room() {
        let one = ViewBox::fit(&[]);
        assert!(close(one.w, FIT_W) && close(one.h, FIT_W));
        assert!(close(one.x + one.w / 2.0, 0.0) && close(one.y + one.h / 2.0, 0.0));
        let cells = [centre(Cell::new(-3, 0)), centre(Cell::new(4, 0))];
        let b = ViewBox::fit(&cells);
        assert!(close(b.w, b.h));
        assert!(b.shows(cells[0], SIZE) && b.shows(cells[1], SIZE));
        let far = [centre(Cell::new(-500, 0)), centre(Cell::new(500, 0))];
        assert!(close(ViewBox::fit(&far).w, MAX_W));
    }

    #[test]
    fn zooming_keeps_the_point_under_the_pointer_and_respects_limits() {
        let b = ViewBox {
            x: 0.0,
            y: 0.0,
            w: 1000.0,
            h: 1000.0,
        };
        let z = b.zoom(2.0, 250.0, 750.0);
        assert!(close(z.w, 500.0) && close(z.h, 500.0));
        // The point keeps its place in the box: a quarter across, three quarters down.
        assert!(close((250.0 - z.x) / z.w, 0.25) && close((750.0 - z.y) / z.h, 0.75));
        assert!(close(b.zoom(1e9, 0.0, 0.0).w, MIN_W));
        assert!(close(b.zoom(1e-9, 0.0, 0.0).w, MAX_W));
        assert_eq!(b.zoom(f64::NAN, 0.0, 0.0), b);
        assert_eq!(b.zoom(0.0, 0.0, 0.0), b);
        let back = z.zoom(0.5, 250.0, 750.0);
        assert!(close(back.x, 0.0) && close(back.w, 1000.0));
    }

    #[test]
    fn pixels_map_to_the_table_with_letterboxing() {
        let b = ViewBox {
            x: -100.0,
            y: -100.0,
            w: 200.0,
            h: 200.0,
        };
        // A 400 x 200 element shows the square box 200 px high, centred: 1 unit a pixel.
        assert!(close(b.per_pixel(400.0, 200.0), 1.0));
        assert_eq!(b.to_table(400.0, 200.0, 200.0, 100.0), (0.0, 0.0));
        assert_eq!(b.to_table(400.0, 200.0, 0.0, 0.0), (-200.0, -100.0));
        assert!(close(b.per_pixel(0.0, 0.0), 1.0));
        let p = b.pan(10.0, -5.0);
        assert!(close(p.x, -90.0) && close(p.y, -105.0) && close(p.w, 200.0));
        let c = b.centred_on((50.0, 60.0));
        assert!(close(c.x, -50.0) && close(c.y, -40.0));
    }

    #[test]
    fn arrows_find_the_nearest_cell_ahead() {
        let cells = [
            Cell::new(0, 0),
            Cell::new(1, 0),
            Cell::new(0, 1),
            Cell::new(-1, 0),
        ];
        let points: Vec<(f64, f64)> = cells.iter().map(|&c| centre(c)).collect();
        assert_eq!(nearest(points[0], (1.0, 0.0), &points), Some(1));
        assert_eq!(nearest(points[0], (-1.0, 0.0), &points), Some(3));
        assert_eq!(nearest(points[0], (0.0, 1.0), &points), Some(2));
        assert_eq!(nearest(points[0], (0.0, -1.0), &points), None);
    }

    /// The points of a path of `M`, `L` and `Z` commands, one list a subpath.
    fn subpaths(path: &str) -> Vec<Vec<(f64, f64)>> {
        path.split('M')
            .filter(|p| !p.is_empty())
            .map(|p| {
                p.trim_end_matches('Z')
                    .split('L')
                    .map(|xy| {
                        let mut it = xy.split(' ').map(|v| v.parse::<f64>().expect("a number"));
                        (it.next().expect("x"), it.next().expect("y"))
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn each_arrow_points_through_its_edge() {
        let (cx, cy, r) = (100.0, -50.0, 37.5);
        for d in 0..6 {
            let path = pointer_path(cx, cy, r, 1 << d);
            let arrows = subpaths(&path);
            assert_eq!(arrows.len(), 1, "one arrow for direction {d}: {path}");
            let points = &arrows[0];
            assert_eq!(points.len(), 7, "a head and a shaft: {path}");
            let (ux, uy) = unit(d);
            let along = |&(x, y): &(f64, f64)| (x - cx) * ux + (y - cy) * uy;
            let across = |&(x, y): &(f64, f64)| (y - cy) * ux - (x - cx) * uy;
            let dist = |&(x, y): &(f64, f64)| ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
            // The tip is the point farthest from the centre, straight along the direction,
            // and near the edge (the apothem) but inside the tile.
            let tip = points[0];
            assert!(
                points[1..].iter().all(|p| dist(p) < dist(&tip) - 5.0),
                "d {d}"
            );
            assert!(across(&tip).abs() < 0.2, "d {d}: tip {tip:?}");
            let ap = r * APOTHEM;
            assert!(along(&tip) > 0.85 * ap && along(&tip) < ap, "d {d}");
            // Every point lies on the side of the edge the arrow points through, and the
            // arrow is long: half as long again as its head is wide.
            assert!(points.iter().all(|p| along(p) > 0.25 * ap), "d {d}");
            let len = along(&tip) - points.iter().map(along).fold(f64::MAX, f64::min);
            let wide = points.iter().map(|p| across(p).abs()).fold(0.0, f64::max) * 2.0;
            assert!(len > 1.5 * wide, "d {d}: {len} long, {wide} wide");
            // Of the other five directions, none is as far along as this one.
            for e in (0..6).filter(|&e| e != d) {
                let (vx, vy) = unit(e);
                let tip_e = (tip.0 - cx) * vx + (tip.1 - cy) * vy;
                assert!(tip_e < along(&tip) - 10.0, "d {d} reads as {e}");
            }
            // Symmetric about its direction (a notch either side of the shaft).
            let mut sides: Vec<f64> = points.iter().map(across).collect();
            sides.sort_by(f64::total_cmp);
            let (lo, hi) = (sides[0], sides[sides.len() - 1]);
            assert!((lo + hi).abs() < 0.2, "d {d}: {lo} {hi}");
        }
        // The queen's six arrows stay clear of one another: their shafts start off the centre.
        let all = subpaths(&pointer_path(0.0, 0.0, 30.0, 63));
        assert_eq!(all.len(), 6);
        for p in all.iter().flatten() {
            assert!((p.0 * p.0 + p.1 * p.1).sqrt() > 7.0);
        }
    }

    #[test]
    fn shapes_have_their_parts() {
        assert_eq!(hex_points(0.0, 0.0, 10.0).split(' ').count(), 6);
        assert_eq!(pointer_path(0.0, 0.0, 10.0, 0b101).matches('M').count(), 2);
        assert!(pointer_path(0.0, 0.0, 10.0, 0).is_empty());
        let (x, y) = unit(1);
        assert!(close(x, 0.5) && y < 0.0);
        // The corners and directions agree with the cells' centres.
        let (nx, ny) = centre(Cell::new(1, -1));
        let len = (nx * nx + ny * ny).sqrt();
        assert!(close(nx / len, x) && close(ny / len, y));
        for (k, &(cx, cy)) in CORNERS.iter().enumerate() {
            let a = (30.0 + 60.0 * k as f64).to_radians();
            assert!(close(cx, a.cos()) && close(cy, -a.sin()));
        }
    }
}
