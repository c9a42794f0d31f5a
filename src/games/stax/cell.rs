//! Hex cells: axial coordinates on the unbounded table, the six directions and the geometry
//! between cells.

/// Cells further than this from the origin (in `q` or `r`) are not part of the table the
/// engine knows: the notation refuses them. A game would need tens of millions of moves to
/// drift that far.
pub const COORD_LIMIT: i32 = 1_000_000_000;

/// The six directions of the hex grid in axial coordinates `(dq, dr)`, numbered 0 to 5
/// counter-clockwise from east as drawn with pointy-top hexagons and `r` growing downwards:
/// 0 east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east. Direction `d`
/// and `(d + 3) % 6` are opposite. A tile's pointers are a 6-bit mask over these numbers.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// A cell of the unbounded hex table in axial coordinates; the third cube coordinate is
/// `s = -q - r`. Cells order by `r`, then `q` (rows top to bottom as drawn, left to right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Column-like coordinate, growing east.
    pub q: i32,
    /// Row coordinate, growing south-east/south-west (downwards as drawn).
    pub r: i32,
}

impl Ord for Cell {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.r, self.q).cmp(&(other.r, other.q))
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Cell {
    /// The cell `0,0`, where the first tile goes.
    pub const ORIGIN: Cell = Cell { q: 0, r: 0 };

    /// The cell at `q`, `r`.
    pub const fn new(q: i32, r: i32) -> Cell {
        Cell { q, r }
    }

    /// The third cube coordinate, `-q - r` (in 64 bits, so it never overflows).
    pub fn s(self) -> i64 {
        -i64::from(self.q) - i64::from(self.r)
    }

    /// Whether both coordinates lie within [`COORD_LIMIT`] of the origin.
    pub fn in_range(self) -> bool {
        (-COORD_LIMIT..=COORD_LIMIT).contains(&self.q)
            && (-COORD_LIMIT..=COORD_LIMIT).contains(&self.r)
    }

    /// The neighbour in direction `d` (0 to 5, see [`DIRECTIONS`]; taken modulo 6).
    pub fn neighbour(self, d: usize) -> Cell {
        let (dq, dr) = DIRECTIONS[d % 6];
        Cell {
            q: self.q.saturating_add(dq),
            r: self.r.saturating_add(dr),
        }
    }

    /// The six neighbours, in direction order.
    pub fn neighbours(self) -> [Cell; 6] {
        [0, 1, 2, 3, 4, 5].map(|d| self.neighbour(d))
    }

    /// Where to draw the cell's centre, for pointy-top hexagons whose centre-to-corner size
    /// is 1 and with `y` growing downwards: `x = √3 (q + r/2)`, `y = 3r/2`. Direction `d`
    /// then points at the angle `60° × d` counter-clockwise from east.
    pub fn centre(self) -> (f64, f64) {
        let (q, r) = (f64::from(self.q), f64::from(self.r));
        (3f64.sqrt() * (q + r / 2.0), 1.5 * r)
    }

    /// The direction and distance (at least 1) from `self` to `other` when they lie on one
    /// straight line of cells, else `None`.
    pub fn line_to(self, other: Cell) -> Option<(usize, i64)> {
        let dq = i64::from(other.q) - i64::from(self.q);
        let dr = i64::from(other.r) - i64::from(self.r);
        DIRECTIONS.iter().enumerate().find_map(|(d, &(uq, ur))| {
            let n = if uq != 0 {
                dq / i64::from(uq)
            } else {
                dr / i64::from(ur)
            };
            (n >= 1 && dq == n * i64::from(uq) && dr == n * i64::from(ur)).then_some((d, n))
        })
    }
}
