//! Evacuate rules, per `shared/rulings/evacuate.md` rules 1 to 14 (see the module doc of
//! `games::evacuate` for the choices made where the text and rulings are silent).

use crate::core::{
    Fact, Game, GameInfo, OptionKind, OptionSpec, Outcome, PlayError, Seat, SeatCard, SetupChoices,
    SetupError, SetupForm, Side, SideRule, Viewer,
};

// ---------------------------------------------------------------------------------------------
// Geometry, as data
// ---------------------------------------------------------------------------------------------

/// Ground-floor spaces, numbered 1 (next to door A) to 8 (next to door B).
pub const SPACES: u8 = 8;
/// Levels of the movement portion (and the starting ceiling).
pub const LEVELS: u8 = 6;
/// The grey shaded spaces (two at each end of the floor).
pub const SHADED: [u8; 4] = [1, 2, 7, 8];
/// The starting places O1 to O4.
pub const START_SPACES: [u8; 4] = [3, 4, 5, 6];
/// Trios per colour in the two-player game (one of them is the colour's occupants).
pub const TRIOS: u8 = 4;
/// Match points that win the "first to 14" match.
pub const TARGET: u32 = 14;
/// Number of triangles of the movement portion.
pub const TRIANGLES: usize = SPACES as usize * LEVELS as usize;

/// A colour of pyramids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Green (`G`), player 1.
    Green,
    /// Yellow (`Y`), player 1.
    Yellow,
    /// Red (`R`), player 2.
    Red,
    /// Blue (`B`), player 2.
    Blue,
}

/// Every colour, in notation order.
pub const COLOURS: [Colour; 4] = [Colour::Green, Colour::Yellow, Colour::Red, Colour::Blue];

impl Colour {
    /// Index in [`COLOURS`].
    pub const fn index(self) -> usize {
        match self {
            Colour::Green => 0,
            Colour::Yellow => 1,
            Colour::Red => 2,
            Colour::Blue => 3,
        }
    }

    /// The notation letter.
    pub const fn letter(self) -> char {
        match self {
            Colour::Green => 'G',
            Colour::Yellow => 'Y',
            Colour::Red => 'R',
            Colour::Blue => 'B',
        }
    }

    /// The colour for a notation letter.
    pub fn from_letter(c: char) -> Option<Colour> {
        COLOURS.into_iter().find(|col| col.letter() == c)
    }

    /// The colour's name.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }

    /// The seat that owns this colour in the two-player game.
    pub const fn owner(self) -> Seat {
        match self {
            Colour::Green | Colour::Yellow => 0,
            Colour::Red | Colour::Blue => 1,
        }
    }
}

/// The colours `seat` plays in the two-player game (player 1 green and yellow, player 2 red
/// and blue).
pub fn colours_of(seat: Seat) -> [Colour; 2] {
    if seat == 0 {
        [Colour::Green, Colour::Yellow]
    } else {
        [Colour::Red, Colour::Blue]
    }
}

/// A pyramid's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// Pawn, 1 pip.
    Pawn,
    /// Drone, 2 pips.
    Drone,
    /// Queen, 3 pips.
    Queen,
}

/// Every size, smallest first.
pub const SIZES: [Size; 3] = [Size::Pawn, Size::Drone, Size::Queen];

impl Size {
    /// Pips: 1, 2 or 3.
    pub const fn pips(self) -> u8 {
        match self {
            Size::Pawn => 1,
            Size::Drone => 2,
            Size::Queen => 3,
        }
    }

    /// Index in [`SIZES`].
    pub const fn index(self) -> usize {
        self.pips() as usize - 1
    }

    /// The size of so many pips.
    pub fn from_pips(pips: u8) -> Option<Size> {
        SIZES.into_iter().find(|s| s.pips() == pips)
    }

    /// The size's name.
    pub const fn name(self) -> &'static str {
        match self {
            Size::Pawn => "pawn",
            Size::Drone => "drone",
            Size::Queen => "queen",
        }
    }
}

/// A pyramid: a colour and a size. Written `G3` (a green queen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its colour.
    pub colour: Colour,
    /// Its size.
    pub size: Size,
}

impl Piece {
    /// A pyramid.
    pub const fn new(colour: Colour, size: Size) -> Piece {
        Piece { colour, size }
    }
}

/// The starting trees on O1..O4 (spaces 3 to 6), bottom to top (ruling 4).
pub const TREES: [[Piece; 3]; 4] = [
    [
        Piece::new(Colour::Blue, Size::Queen),
        Piece::new(Colour::Red, Size::Drone),
        Piece::new(Colour::Green, Size::Pawn),
    ],
    [
        Piece::new(Colour::Green, Size::Queen),
        Piece::new(Colour::Yellow, Size::Drone),
        Piece::new(Colour::Blue, Size::Pawn),
    ],
    [
        Piece::new(Colour::Red, Size::Queen),
        Piece::new(Colour::Blue, Size::Drone),
        Piece::new(Colour::Yellow, Size::Pawn),
    ],
    [
        Piece::new(Colour::Yellow, Size::Queen),
        Piece::new(Colour::Green, Size::Drone),
        Piece::new(Colour::Red, Size::Pawn),
    ],
];

/// A door of the club.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Door {
    /// Door A, beyond space 1.
    A,
    /// Door B, beyond space 8.
    B,
}

/// A triangle of the movement portion: the row of a floor space (1..8) and a level (1..6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tri {
    /// The floor space of its row, 1 to 8.
    pub space: u8,
    /// Its level, 1 (next to the floor) to 6.
    pub level: u8,
}

impl Tri {
    /// The triangle at `space`, `level` (both from 1), whatever the board.
    pub const fn new(space: u8, level: u8) -> Tri {
        Tri { space, level }
    }

    /// Whether it lies on the board (ignoring the ceiling).
    pub const fn on_board(self) -> bool {
        self.space >= 1 && self.space <= SPACES && self.level >= 1 && self.level <= LEVELS
    }

    /// Its index (0..48) in [`all_triangles`] order.
    pub const fn index(self) -> usize {
        (self.space as usize).saturating_sub(1) * LEVELS as usize
            + (self.level as usize).saturating_sub(1)
    }

    /// The triangle of an index (an index past the board gives a triangle off the board).
    pub fn from_index(i: usize) -> Tri {
        let l = LEVELS as usize;
        Tri {
            space: u8::try_from(i / l + 1).unwrap_or(u8::MAX),
            level: u8::try_from(i % l + 1).unwrap_or(u8::MAX),
        }
    }
}

/// Every triangle, space 1 first, each row level 1 first.
pub fn all_triangles() -> Vec<Tri> {
    (0..TRIANGLES).map(Tri::from_index).collect()
}

/// The door each triangle points at, by space (index 0 is space 1) and level (index 0 is
/// level 1): door A when `space + level` is even (ruling 2), so rows and columns alternate.
pub const DIRECTIONS: [[Door; LEVELS as usize]; SPACES as usize] = directions();

const fn directions() -> [[Door; LEVELS as usize]; SPACES as usize] {
    let mut table = [[Door::A; LEVELS as usize]; SPACES as usize];
    let mut s = 0;
    while s < SPACES as usize {
        let mut l = 0;
        while l < LEVELS as usize {
            // Space s + 1 and level l + 1: their sum has the parity of s + l.
            if (s + l) % 2 == 1 {
                table[s][l] = Door::B;
            }
            l += 1;
        }
        s += 1;
    }
    table
}

/// The door a triangle points at ([`DIRECTIONS`]); off the board, by the same parity rule.
pub fn direction(t: Tri) -> Door {
    let cell = usize::from(t.space)
        .checked_sub(1)
        .and_then(|s| DIRECTIONS.get(s))
        .zip(usize::from(t.level).checked_sub(1))
        .and_then(|(row, l)| row.get(l));
    match cell {
        Some(d) => *d,
        None if (u16::from(t.space) + u16::from(t.level)).is_multiple_of(2) => Door::A,
        None => Door::B,
    }
}

/// What one side of a triangle touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    /// Another triangle.
    Tri(Tri),
    /// The floor, the ceiling or the board's edge (never counts for surrounding).
    Boundary,
}

/// The three sides of `t` under a ceiling at `ceiling` (ruling 3): left (floor at level 1),
/// right (ceiling at the top level), flat side (board edge past space 1 or 8).
pub fn sides(t: Tri, ceiling: u8) -> [Touch; 3] {
    let left = if t.level <= 1 {
        Touch::Boundary
    } else {
        Touch::Tri(Tri::new(t.space, t.level - 1))
    };
    let right = if t.level >= ceiling {
        Touch::Boundary
    } else {
        Touch::Tri(Tri::new(t.space, t.level + 1))
    };
    let flat_space = match direction(t) {
        Door::A => t.space.checked_add(1),
        Door::B => t.space.checked_sub(1),
    };
    let flat = if let Some(f) = flat_space.filter(|f| (1..=SPACES).contains(f)) {
        Touch::Tri(Tri::new(f, t.level))
    } else {
        Touch::Boundary
    };
    [left, right, flat]
}

// ---------------------------------------------------------------------------------------------
// Moves and options
// ---------------------------------------------------------------------------------------------

/// One step of a turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EvacuateMove {
    /// A pyramid from the mover's stash onto a vacant triangle: a move when the stack there
    /// reaches the triangle's level, else a nudge (`G3@4.2`).
    Place {
        /// The pyramid placed.
        piece: Piece,
        /// Where.
        at: Tri,
    },
    /// A release of one smallest releasable group of movement pyramids (sorted), ruling 11
    /// (`r4.2+5.2`); a run of release steps releases their union (see `CHOICES.md`).
    Release(Vec<Tri>),
    /// Jam: take off this surrounded pyramid (ruling 12, `t4.2`).
    Take(Tri),
    /// End the turn after the action, releasing nothing more (`end`).
    End,
    /// Jam with no move nor nudge: pass (`pass`).
    Pass,
}

/// The match options (ruling 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MatchRule {
    /// First to 14 points over several rounds (default).
    #[default]
    FirstTo14,
    /// A single round.
    OneRound,
}

/// The options of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EvacuateOptions {
    /// How the match is played.
    pub match_rule: MatchRule,
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Before the action: releases, then a move or a nudge.
    Before,
    /// The turn began jammed (ruling 12): take-offs, then a move, nudge or pass.
    Jam,
    /// After the action: releases or `end`.
    After,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// A match total reached 14.
    Target,
    /// The single round ended; most points wins.
    RoundOver,
    /// The single round ended with every opponent eliminated by the ceiling.
    Elimination,
}

impl EndReason {
    /// Notation letter.
    pub const fn letter(self) -> char {
        match self {
            EndReason::Target => 't',
            EndReason::RoundOver => 'r',
            EndReason::Elimination => 'e',
        }
    }
}

/// What a legal move of a group would do (for a board view's preview).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovePreview {
    /// The space the group stops on, or `None` when it leaves through a door.
    pub to: Option<u8>,
    /// The door it leaves by, if it does.
    pub door: Option<Door>,
    /// Pyramids the ceiling removes on the way.
    pub lost: Vec<Piece>,
    /// Pyramids evacuated.
    pub evacuated: Vec<Piece>,
}

/// Counts by colour and size.
pub type Counts = [[u8; 3]; 4];

/// An Evacuate position (two players).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evacuate {
    pub(super) match_rule: MatchRule,
    /// Round, from 1.
    pub(super) round: u32,
    /// Match totals banked before this round, by seat.
    pub(super) totals: [u32; 2],
    pub(super) ceiling: u8,
    /// Stacks of spaces 1..8, bottom to top.
    pub(super) floor: Vec<Vec<Piece>>,
    /// Movement pyramids, by [`Tri::index`].
    pub(super) tris: Vec<Option<Piece>>,
    pub(super) stash: Counts,
    pub(super) evacuated: Counts,
    pub(super) lost: Counts,
    pub(super) turn: Seat,
    pub(super) phase: Phase,
    /// Players who passed in a row.
    pub(super) passes: u8,
    pub(super) eliminated: [bool; 2],
    /// Winners and reason once the game is over.
    pub(super) over: Option<(Vec<Seat>, EndReason)>,
    /// Keys of positions at the start of turns this round (since the floor last lost a
    /// pyramid or the ceiling dropped), oldest first.
    pub(super) history: Vec<u64>,
    /// Triangles emptied by the releases made since the turn's last other step (this run of
    /// releases): for the next release of the run they still count as members of the set
    /// being released, so a run of release steps is one release of ruling 11.
    pub(super) released: u64,
}

static INFO: GameInfo = GameInfo {
    slug: "evacuate",
    name: "Evacuate",
    designer: "Gregory Lattanzio",
    min_players: 2,
    max_players: 2,
    pitch: "Push stacks of partying Stacktors along the floor of a burning club and out of its \
            doors, your colours first.",
    hidden_information: false,
};

/// The result of playing a group move out.
struct Sim {
    floor: Vec<Vec<Piece>>,
    lost: Vec<Piece>,
    out: Vec<Piece>,
    to: Option<u8>,
    door: Option<Door>,
}

fn add(counts: &mut Counts, p: Piece) {
    counts[p.colour.index()][p.size.index()] += 1;
}

fn pips_of(counts: &Counts, colours: [Colour; 2]) -> u32 {
    colours
        .iter()
        .map(|c| {
            SIZES
                .iter()
                .map(|s| u32::from(counts[c.index()][s.index()]) * u32::from(s.pips()))
                .sum::<u32>()
        })
        .sum()
}

/// `Evacuate::closure` on a given movement portion: the smallest set holding `t` that
/// `seat` could release, where the triangles of `released` (emptied earlier in the same run
/// of releases) count as members of the set.
fn closure_in(
    tris: &[Option<Piece>],
    ceiling: u8,
    seat: Seat,
    t: Tri,
    released: u64,
) -> Option<u64> {
    let at = |x: Tri| tris.get(x.index()).copied().flatten();
    at(t)?;
    let mut mask = 1u64 << t.index();
    let mut todo = vec![t];
    while let Some(x) = todo.pop() {
        for side in sides(x, ceiling) {
            let Touch::Tri(n) = side else { continue };
            match at(n) {
                None if released & (1 << n.index()) != 0 => {}
                None => return None,
                Some(p) => {
                    if p.colour.owner() != seat && mask & (1 << n.index()) == 0 {
                        mask |= 1 << n.index();
                        todo.push(n);
                    }
                }
            }
        }
    }
    Some(mask)
}

impl Evacuate {
    fn fresh(match_rule: MatchRule, round: u32, totals: [u32; 2]) -> Evacuate {
        let mut floor = vec![Vec::new(); SPACES as usize];
        for (tree, space) in TREES.iter().zip(START_SPACES) {
            floor[usize::from(space) - 1] = tree.to_vec();
        }
        let spare = TRIOS - 1;
        let mut game = Evacuate {
            match_rule,
            round,
            totals,
            ceiling: LEVELS,
            floor,
            tris: vec![None; TRIANGLES],
            stash: [[spare; 3]; 4],
            evacuated: [[0; 3]; 4],
            lost: [[0; 3]; 4],
            turn: 0,
            phase: Phase::Before,
            passes: 0,
            eliminated: [false; 2],
            over: None,
            history: Vec::new(),
            released: 0,
        };
        let first = usize::try_from(round.saturating_sub(1) % 2).unwrap_or(0);
        game.start_turn(first);
        game
    }

    // ---------------------------------------------------------------- public reading

    /// The match option.
    pub fn match_rule(&self) -> MatchRule {
        self.match_rule
    }

    /// The options this game was set up with.
    pub fn options(&self) -> EvacuateOptions {
        EvacuateOptions {
            match_rule: self.match_rule,
        }
    }

    /// The round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The ceiling: the highest level in use (6 at the start of a round).
    pub fn ceiling(&self) -> u8 {
        self.ceiling
    }

    /// The stack on floor `space` (1..8), bottom to top (empty off the board).
    pub fn stack(&self, space: u8) -> &[Piece] {
        usize::from(space)
            .checked_sub(1)
            .and_then(|i| self.floor.get(i))
            .map_or(&[], Vec::as_slice)
    }

    /// The movement pyramid on a triangle, if any.
    pub fn triangle(&self, t: Tri) -> Option<Piece> {
        if t.on_board() {
            self.tris.get(t.index()).copied().flatten()
        } else {
            None
        }
    }

    /// Whether a triangle is in use under the current ceiling.
    pub fn usable(&self, t: Tri) -> bool {
        t.on_board() && t.level <= self.ceiling
    }

    /// Pyramids of `colour` in its owner's movement stash, by size (pawn, drone, queen).
    pub fn stash(&self, colour: Colour) -> [u8; 3] {
        self.stash[colour.index()]
    }

    /// Pyramids of `colour` evacuated this round, by size.
    pub fn evacuated(&self, colour: Colour) -> [u8; 3] {
        self.evacuated[colour.index()]
    }

    /// Pyramids of `colour` removed by the ceiling this round, by size.
    pub fn lost(&self, colour: Colour) -> [u8; 3] {
        self.lost[colour.index()]
    }

    /// Occupants of `colour` on the floor.
    pub fn on_floor(&self, colour: Colour) -> usize {
        self.floor
            .iter()
            .flatten()
            .filter(|p| p.colour == colour)
            .count()
    }

    /// The seat whose turn it is as the position stands (even once the game is over).
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Players who have passed in a row (jam).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether `seat` is eliminated from this round by the ceiling.
    pub fn is_eliminated(&self, seat: Seat) -> bool {
        self.eliminated.get(seat).copied().unwrap_or(false)
    }

    /// The pips `seat` has scored this round (0 once eliminated).
    pub fn round_score(&self, seat: Seat) -> u32 {
        if seat > 1 || self.is_eliminated(seat) {
            return 0;
        }
        pips_of(&self.evacuated, colours_of(seat))
    }

    /// The match total of `seat`: earlier rounds plus this round's score.
    pub fn match_total(&self, seat: Seat) -> u32 {
        self.totals.get(seat).copied().unwrap_or(0) + self.round_score(seat)
    }

    /// What placing a pyramid of `size` on `at` would do for the seat to move, when that is
    /// a legal move (not a nudge): where the group goes and what it loses and evacuates.
    pub fn preview(&self, at: Tri, size: Size) -> Option<MovePreview> {
        if !self.usable(at) || self.triangle(at).is_some() {
            return None;
        }
        self.simulate(self.turn, at, size.pips())
            .map(|sim| MovePreview {
                to: sim.to,
                door: sim.door,
                lost: sim.lost,
                evacuated: sim.out,
            })
    }

    // ---------------------------------------------------------------- mechanics

    fn is_own(seat: Seat, p: Piece) -> bool {
        p.colour.owner() == seat
    }

    /// Plays a group move out space by space (rules 7 to 9); `None` when illegal.
    fn simulate(&self, seat: Seat, at: Tri, pips: u8) -> Option<Sim> {
        let s = usize::from(at.space).checked_sub(1)?;
        let level = usize::from(at.level);
        let height = self.floor.get(s)?.len();
        if level == 0 || level > height {
            return None;
        }
        let mut floor = self.floor.clone();
        let mut group = floor[s].split_off(level - 1);
        let top_three = group.len() == 3 && SHADED.contains(&at.space);
        let cap = usize::from(self.ceiling);
        let mut lost = Vec::new();
        let mut pos = i32::from(at.space);
        let step = match direction(at) {
            Door::A => -1,
            Door::B => 1,
        };
        for k in 1..=pips {
            let next = pos + step;
            if next < 1 || next > i32::from(SPACES) {
                let door = if next < 1 { Door::A } else { Door::B };
                let own = group.iter().all(|&p| Self::is_own(seat, p));
                if !own {
                    let hoist = top_three
                        && group.len() == 3
                        && colours_of(seat).iter().any(|&c| {
                            group.iter().filter(|p| p.colour == c).count() == 2
                                && group
                                    .iter()
                                    .any(|&p| p.colour != c && !Self::is_own(seat, p))
                        });
                    if !hoist {
                        return None;
                    }
                }
                return Some(Sim {
                    floor,
                    lost,
                    out: group,
                    to: None,
                    door: Some(door),
                });
            }
            pos = next;
            let i = usize::try_from(next - 1).ok()?;
            let base = floor[i].len();
            let total = base + group.len();
            if total > cap {
                let excess = (total - cap).min(group.len());
                let keep = group.len() - excess;
                lost.extend(group.drain(keep..));
            }
            if group.is_empty() {
                return Some(Sim {
                    floor,
                    lost,
                    out: Vec::new(),
                    to: Some(next as u8),
                    door: None,
                });
            }
            if k == pips {
                if group[0].size == Size::Queen
                    && floor[i].last().map(|p| p.size) == Some(Size::Pawn)
                {
                    return None;
                }
                floor[i].append(&mut group);
                return Some(Sim {
                    floor,
                    lost,
                    out: Vec::new(),
                    to: Some(next as u8),
                    door: None,
                });
            }
        }
        None
    }

    fn occupied_mask(&self) -> u64 {
        let mut m = 0u64;
        for (i, t) in self.tris.iter().enumerate() {
            if t.is_some() {
                m |= 1 << i;
            }
        }
        m
    }

    /// Whether every side of `t` touches a pyramid or a boundary.
    fn surrounded(&self, t: Tri) -> bool {
        sides(t, self.ceiling).iter().all(|side| match side {
            Touch::Boundary => true,
            Touch::Tri(n) => self.triangle(*n).is_some(),
        })
    }

    /// The smallest set holding `t` that `seat` could release next (ruling 11): `t` and,
    /// transitively, every foreign pyramid touching a member; `None` when a member has a
    /// vacant side. Triangles emptied earlier in this run of releases (`self.released`) count
    /// as members already released.
    fn closure(&self, seat: Seat, t: Tri) -> Option<u64> {
        closure_in(&self.tris, self.ceiling, seat, t, self.released)
    }

    fn mask_tris(mask: u64) -> Vec<Tri> {
        (0..TRIANGLES)
            .filter(|i| mask & (1 << i) != 0)
            .map(Tri::from_index)
            .collect()
    }

    /// The release steps open to `seat`: every smallest releasable group (one per distinct
    /// group, at most one per pyramid), each sorted, in sorted order. Any releasable set of
    /// ruling 11 is a union of such groups, released one step at a time in any order (see
    /// `Evacuate::closure`), so the list never grows beyond 48.
    pub fn releases(&self, seat: Seat) -> Vec<Vec<Tri>> {
        let occupied = self.occupied_mask();
        // Distinct groups, sorted, without a set or a library sort (at most 48 short lists):
        // each generic collection or sort instantiated here would cost the page's bundle
        // kilobytes.
        let mut units: Vec<u64> = Vec::new();
        for i in (0..TRIANGLES).filter(|i| occupied & (1 << i) != 0) {
            if let Some(unit) = self.closure(seat, Tri::from_index(i)) {
                if !units.contains(&unit) {
                    units.push(unit);
                }
            }
        }
        let mut out: Vec<Vec<Tri>> = units.into_iter().map(Self::mask_tris).collect();
        crate::core::sort_small(&mut out);
        out
    }

    /// Triangles emptied by the releases of the current run (see [`Evacuate::releases`]).
    pub fn released_in_run(&self) -> Vec<Tri> {
        Self::mask_tris(self.released)
    }

    fn has_release(&self, seat: Seat) -> bool {
        (0..TRIANGLES)
            .any(|i| self.tris[i].is_some() && self.closure(seat, Tri::from_index(i)).is_some())
    }

    fn release_ok(&self, seat: Seat, set: &[Tri]) -> bool {
        if set.is_empty() || set.windows(2).any(|w| w[0] >= w[1]) {
            return false;
        }
        let mut mask = 0u64;
        for t in set {
            if !self.usable(*t) || self.triangle(*t).is_none() {
                return false;
            }
            mask |= 1 << t.index();
        }
        set.iter().any(|t| self.closure(seat, *t) == Some(mask))
    }

    /// Rule 10: after placing a pyramid of `seat` on the vacant `at` (which ends any run of
    /// releases), some group `seat` could release touches it.
    fn nudge_ok(&self, seat: Seat, at: Tri) -> bool {
        let mut tris = self.tris.clone();
        let [own, _] = colours_of(seat);
        tris[at.index()] = Some(Piece::new(own, Size::Pawn));
        sides(at, self.ceiling).iter().any(|side| match side {
            Touch::Boundary => false,
            Touch::Tri(n) => {
                tris[n.index()].is_some() && closure_in(&tris, self.ceiling, seat, *n, 0).is_some()
            }
        })
    }

    fn vacant_usable(&self) -> impl Iterator<Item = Tri> + '_ {
        (0..TRIANGLES)
            .map(Tri::from_index)
            .filter(|t| t.level <= self.ceiling && self.tris[t.index()].is_none())
    }

    fn stash_pieces(&self, seat: Seat) -> Vec<Piece> {
        colours_of(seat)
            .iter()
            .flat_map(|&c| {
                SIZES
                    .iter()
                    .filter(move |s| self.stash[c.index()][s.index()] > 0)
                    .map(move |&s| Piece::new(c, s))
            })
            .collect()
    }

    /// Whether `seat` has a legal move (ruling 7, not a nudge).
    fn has_move(&self, seat: Seat) -> bool {
        let pieces = self.stash_pieces(seat);
        // The distinct sizes (their order does not matter: any one will do).
        let mut sizes: Vec<u8> = Vec::new();
        for p in &pieces {
            if !sizes.contains(&p.size.pips()) {
                sizes.push(p.size.pips());
            }
        }
        self.vacant_usable().any(|t| {
            usize::from(t.level) <= self.floor[usize::from(t.space) - 1].len()
                && sizes.iter().any(|&n| self.simulate(seat, t, n).is_some())
        })
    }

    /// The placements (moves and nudges) open to `seat`.
    fn placements(&self, seat: Seat) -> Vec<EvacuateMove> {
        let pieces = self.stash_pieces(seat);
        let mut out = Vec::new();
        if pieces.is_empty() {
            return out;
        }
        for t in self.vacant_usable() {
            let height = self.floor[usize::from(t.space) - 1].len();
            if usize::from(t.level) <= height {
                let mut ok = [false; 3];
                for s in SIZES {
                    ok[s.index()] = self.simulate(seat, t, s.pips()).is_some();
                }
                for p in &pieces {
                    if ok[p.size.index()] {
                        out.push(EvacuateMove::Place { piece: *p, at: t });
                    }
                }
            } else if self.nudge_ok(seat, t) {
                for p in &pieces {
                    out.push(EvacuateMove::Place { piece: *p, at: t });
                }
            }
        }
        out
    }

    fn key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        let code = |p: &Piece| (p.colour.index() * 3 + p.size.index()) as u8 + 1;
        for stack in &self.floor {
            for p in stack {
                eat(code(p));
            }
            eat(0xff);
        }
        for t in &self.tris {
            eat(t.as_ref().map_or(0, code));
        }
        for c in &self.stash {
            for &n in c {
                eat(n);
            }
        }
        eat(self.ceiling);
        eat(self.turn as u8);
        h
    }

    fn floor_count(&self) -> usize {
        self.floor.iter().map(Vec::len).sum()
    }

    fn seat_floor(&self, seat: Seat) -> usize {
        colours_of(seat).iter().map(|&c| self.on_floor(c)).sum()
    }

    fn active(&self) -> usize {
        self.eliminated.iter().filter(|e| !**e).count()
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        let other = 1 - seat.min(1);
        if self.eliminated[other] {
            seat
        } else {
            other
        }
    }

    fn return_piece(&mut self, t: Tri) {
        if let Some(p) = self.tris[t.index()].take() {
            self.stash[p.colour.index()][p.size.index()] += 1;
        }
    }

    /// Starts `seat`'s turn: repetition (ruling 12), then jam or not.
    fn start_turn(&mut self, seat: Seat) {
        self.turn = seat;
        self.released = 0;
        let key = self.key();
        if self.history.iter().filter(|&&k| k == key).count() >= 2 {
            self.stuck(seat);
            return;
        }
        self.history.push(key);
        self.phase = if self.has_move(seat) {
            Phase::Before
        } else {
            Phase::Jam
        };
    }

    fn end_turn(&mut self) {
        let next = self.next_seat(self.turn);
        self.start_turn(next);
    }

    /// The pile is stuck: clear the movement portion, lower the ceiling, go on with `next`.
    fn stuck(&mut self, next: Seat) {
        self.released = 0;
        for i in 0..TRIANGLES {
            self.return_piece(Tri::from_index(i));
        }
        self.passes = 0;
        self.history.clear();
        if self.ceiling <= 1 {
            self.end_round();
            return;
        }
        self.ceiling -= 1;
        let cap = usize::from(self.ceiling);
        let before = self.colour_counts();
        let mut lost = Vec::new();
        for stack in &mut self.floor {
            if stack.len() > cap {
                lost.extend(stack.split_off(cap));
            }
        }
        for p in lost {
            add(&mut self.lost, p);
        }
        if self.settle(before, [0; 4]) {
            return;
        }
        let seat = if self.eliminated[next] {
            self.next_seat(next)
        } else {
            next
        };
        self.start_turn(seat);
    }

    fn colour_counts(&self) -> [usize; 4] {
        COLOURS.map(|c| self.on_floor(c))
    }

    /// After pyramids left the floor: round end, eliminations, the target. Returns whether
    /// the round (or the game) ended.
    fn settle(&mut self, before: [usize; 4], evac: [usize; 4]) -> bool {
        let now = self.colour_counts();
        let emptied = (0..4).any(|c| before[c] > 0 && now[c] == 0 && evac[c] > 0);
        for seat in 0..2 {
            let evac_seat: usize = colours_of(seat).iter().map(|c| evac[c.index()]).sum();
            if !self.eliminated[seat] && self.seat_floor(seat) == 0 && evac_seat == 0 {
                self.eliminated[seat] = true;
            }
        }
        if self.match_rule == MatchRule::FirstTo14 {
            let totals = [self.match_total(0), self.match_total(1)];
            let best = totals[0].max(totals[1]);
            if best >= TARGET {
                let winners = (0..2).filter(|&s| totals[s] == best).collect();
                self.over = Some((winners, EndReason::Target));
                return true;
            }
        }
        if emptied || self.active() <= 1 {
            self.end_round();
            return true;
        }
        false
    }

    fn end_round(&mut self) {
        match self.match_rule {
            MatchRule::OneRound => {
                let alive: Vec<Seat> = (0..2).filter(|&s| !self.eliminated[s]).collect();
                if alive.len() == 1 {
                    self.over = Some((alive, EndReason::Elimination));
                } else {
                    let scores = [self.round_score(0), self.round_score(1)];
                    let best = scores[0].max(scores[1]);
                    let winners = (0..2).filter(|&s| scores[s] == best).collect();
                    self.over = Some((winners, EndReason::RoundOver));
                }
            }
            MatchRule::FirstTo14 => {
                let totals = [self.match_total(0), self.match_total(1)];
                let best = totals[0].max(totals[1]);
                if best >= TARGET {
                    let winners = (0..2).filter(|&s| totals[s] == best).collect();
                    self.over = Some((winners, EndReason::Target));
                    return;
                }
                *self = Evacuate::fresh(self.match_rule, self.round.saturating_add(1), totals);
            }
        }
    }

    fn apply_place(&mut self, piece: Piece, at: Tri) {
        let seat = self.turn;
        self.released = 0;
        self.stash[piece.colour.index()][piece.size.index()] -= 1;
        self.tris[at.index()] = Some(piece);
        self.passes = 0;
        let height = self.floor[usize::from(at.space) - 1].len();
        if usize::from(at.level) <= height {
            if let Some(sim) = self.simulate(seat, at, piece.size.pips()) {
                let before = self.colour_counts();
                let mut evac = [0usize; 4];
                self.floor = sim.floor;
                for p in sim.lost {
                    add(&mut self.lost, p);
                }
                for p in sim.out {
                    evac[p.colour.index()] += 1;
                    add(&mut self.evacuated, p);
                }
                if self.floor_count() < before.iter().sum::<usize>() {
                    self.history.clear();
                }
                if self.settle(before, evac) {
                    return;
                }
            }
        }
        self.phase = Phase::After;
        if !self.has_release(seat) {
            self.end_turn();
        }
    }

    fn legal(&self) -> Vec<EvacuateMove> {
        if self.over.is_some() {
            return Vec::new();
        }
        let seat = self.turn;
        match self.phase {
            Phase::Before => {
                let mut out = self.placements(seat);
                out.extend(self.releases(seat).into_iter().map(EvacuateMove::Release));
                out
            }
            Phase::After => {
                let mut out: Vec<EvacuateMove> = self
                    .releases(seat)
                    .into_iter()
                    .map(EvacuateMove::Release)
                    .collect();
                out.push(EvacuateMove::End);
                out
            }
            Phase::Jam => {
                let takes: Vec<EvacuateMove> = (0..TRIANGLES)
                    .map(Tri::from_index)
                    .filter(|t| self.tris[t.index()].is_some() && self.surrounded(*t))
                    .map(EvacuateMove::Take)
                    .collect();
                if !takes.is_empty() {
                    return takes;
                }
                // Nothing is left surrounded, so nothing could be released either.
                let mut out = self.placements(seat);
                if out.is_empty() {
                    out.push(EvacuateMove::Pass);
                }
                out
            }
        }
    }

    fn count_all(&self) -> [[u32; 3]; 4] {
        let mut c = [[0u32; 3]; 4];
        let mut put = |p: &Piece| c[p.colour.index()][p.size.index()] += 1;
        for p in self.floor.iter().flatten() {
            put(p);
        }
        for p in self.tris.iter().flatten() {
            put(p);
        }
        for (i, row) in c.iter_mut().enumerate() {
            for (j, n) in row.iter_mut().enumerate() {
                *n += u32::from(self.stash[i][j])
                    + u32::from(self.evacuated[i][j])
                    + u32::from(self.lost[i][j]);
            }
        }
        c
    }

    /// Builds a position from its parts (used by the notation parser); checked by
    /// [`Game::check_invariants`] there.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn from_parts(
        match_rule: MatchRule,
        round: u32,
        totals: [u32; 2],
        ceiling: u8,
        floor: Vec<Vec<Piece>>,
        tris: Vec<Option<Piece>>,
        counts: [Counts; 3],
        turn: Seat,
        phase: Phase,
        passes: u8,
        eliminated: [bool; 2],
        over: Option<(Vec<Seat>, EndReason)>,
        history: Vec<u64>,
        released: u64,
    ) -> Evacuate {
        let [stash, evacuated, lost] = counts;
        Evacuate {
            match_rule,
            round,
            totals,
            ceiling,
            floor,
            tris,
            stash,
            evacuated,
            lost,
            turn,
            phase,
            passes,
            eliminated,
            over,
            history,
            released,
        }
    }

    pub(super) fn parts_released(&self) -> u64 {
        self.released
    }

    pub(super) fn parts_history(&self) -> &[u64] {
        &self.history
    }

    pub(super) fn parts_over(&self) -> Option<&(Vec<Seat>, EndReason)> {
        self.over.as_ref()
    }

    pub(super) fn parts_totals(&self) -> [u32; 2] {
        self.totals
    }
}

impl Game for Evacuate {
    type Move = EvacuateMove;
    type Options = EvacuateOptions;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        if players != 2 {
            return Err(SetupError(format!(
                "Evacuate is played by 2 players here, not {players}"
            )));
        }
        Ok(SetupForm {
            sides: SideRule::Fixed(vec![
                Side {
                    letter: "GY",
                    name: "green and yellow",
                },
                Side {
                    letter: "RB",
                    name: "red and blue",
                },
            ]),
            options: vec![OptionSpec {
                key: "match",
                label: "Match",
                help: "First to 14 points over several rounds, or a single round.",
                kind: OptionKind::Choice {
                    choices: vec![("14", "first to 14 points"), ("1", "one round")],
                    default: "14",
                },
            }],
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<EvacuateOptions, SetupError> {
        let players = choices.sides.len();
        Self::setup_form(players)?.check(players, choices)?;
        let match_rule = match choices.value("match") {
            Some("14") => MatchRule::FirstTo14,
            Some("1") => MatchRule::OneRound,
            _ => return Err(SetupError("the match option is not set".into())),
        };
        Ok(EvacuateOptions { match_rule })
    }

    fn new(options: &EvacuateOptions, _seed: u64) -> Result<Self, SetupError> {
        Ok(Evacuate::fresh(options.match_rule, 1, [0, 0]))
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        if self.over.is_some() {
            None
        } else {
            Some(self.turn)
        }
    }

    fn legal_moves(&self) -> Vec<EvacuateMove> {
        self.legal()
    }

    fn play(&mut self, mv: &EvacuateMove) -> Result<(), PlayError> {
        if self.over.is_some() {
            return Err(PlayError::GameOver);
        }
        let seat = self.turn;
        let illegal = |why: &str| Err(PlayError::Illegal(format!("{mv}: {why}")));
        match (self.phase, mv) {
            (Phase::Jam, _) => {
                let legal = self.legal();
                if !legal.contains(mv) {
                    return illegal("not legal during a jam");
                }
            }
            (Phase::Before, EvacuateMove::Place { piece, at }) => {
                if piece.colour.owner() != seat
                    || self.stash[piece.colour.index()][piece.size.index()] == 0
                {
                    return illegal("that pyramid is not in your stash");
                }
                if !self.usable(*at) || self.triangle(*at).is_some() {
                    return illegal("that triangle is not vacant");
                }
                let height = self.floor[usize::from(at.space) - 1].len();
                let ok = if usize::from(at.level) <= height {
                    self.simulate(seat, *at, piece.size.pips()).is_some()
                } else {
                    self.nudge_ok(seat, *at)
                };
                if !ok {
                    return illegal("that move is not legal");
                }
            }
            (Phase::Before | Phase::After, EvacuateMove::Release(set)) => {
                if !self.release_ok(seat, set) {
                    return illegal("those pyramids cannot be released");
                }
            }
            (Phase::After, EvacuateMove::End) => {}
            _ => return illegal("not possible now"),
        }
        match mv {
            EvacuateMove::Place { piece, at } => self.apply_place(*piece, *at),
            EvacuateMove::Release(set) => {
                for t in set {
                    self.return_piece(*t);
                    self.released |= 1 << t.index();
                }
                if self.phase == Phase::After && !self.has_release(seat) {
                    self.end_turn();
                }
            }
            EvacuateMove::Take(t) => self.return_piece(*t),
            EvacuateMove::End => self.end_turn(),
            EvacuateMove::Pass => {
                self.passes += 1;
                let next = self.next_seat(seat);
                if usize::from(self.passes) >= self.active() {
                    self.stuck(next);
                } else {
                    self.start_turn(next);
                }
            }
        }
        Ok(())
    }

    fn describe_move(&self, mv: &EvacuateMove, _viewer: Viewer) -> String {
        let EvacuateMove::Place { piece, at } = mv else {
            return mv.to_string();
        };
        if usize::from(at.level) > self.stack(at.space).len() {
            return format!("{mv} (nudge)");
        }
        match self.preview(*at, piece.size) {
            Some(MovePreview {
                door: Some(door),
                evacuated,
                ..
            }) => format!(
                "{mv} (out through door {}: {})",
                if door == Door::A { "A" } else { "B" },
                evacuated
                    .iter()
                    .map(|p| format!("{}{}", p.colour.letter(), p.size.pips()))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Some(MovePreview { to: Some(to), .. }) => format!("{mv} (to space {to})"),
            _ => mv.to_string(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let (winners, reason) = self.over.as_ref()?;
        let text = match reason {
            EndReason::Target => format!("a match total reached {TARGET}"),
            EndReason::RoundOver => "the round is over".to_string(),
            EndReason::Elimination => "every opponent was eliminated by the ceiling".to_string(),
        };
        Some(Outcome {
            winners: winners.clone(),
            scores: Some(vec![
                i64::from(self.match_total(0)),
                i64::from(self.match_total(1)),
            ]),
            reason: text,
        })
    }

    fn view(&self, _viewer: Viewer) -> Self {
        self.clone()
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        let colours = colours_of(seat);
        let stash = colours
            .iter()
            .map(|&c| {
                let n = self.stash(c);
                format!("{} {}p {}d {}q", c.name(), n[0], n[1], n[2])
            })
            .collect::<Vec<_>>()
            .join(", ");
        let evacuated: u32 = colours
            .iter()
            .map(|&c| self.evacuated(c).iter().map(|&n| u32::from(n)).sum::<u32>())
            .sum();
        let mut facts = vec![
            Fact::new("stash", stash),
            Fact::new("evacuated this round", evacuated),
            Fact::new("round score", self.round_score(seat)),
        ];
        if self.is_eliminated(seat) {
            facts.push(Fact::new("this round", "eliminated by the ceiling"));
        }
        SeatCard {
            side: if seat == 0 {
                "green and yellow".into()
            } else {
                "red and blue".into()
            },
            score: Some(i64::from(self.match_total(seat))),
            out: false,
            facts,
        }
    }

    fn table_facts(&self) -> Vec<Fact> {
        let phase = match self.phase {
            Phase::Before => "move or nudge (releases allowed)",
            Phase::Jam => "jammed: take off, move, nudge or pass",
            Phase::After => "release or end the turn",
        };
        vec![
            Fact::new("round", self.round),
            Fact::new("ceiling", self.ceiling),
            Fact::new("turn", phase),
            Fact::new(
                "match",
                match self.match_rule {
                    MatchRule::FirstTo14 => "first to 14",
                    MatchRule::OneRound => "one round",
                },
            ),
        ]
    }

    fn check_invariants(&self) -> Result<(), String> {
        let all = self.count_all();
        for (i, row) in all.iter().enumerate() {
            for (j, &n) in row.iter().enumerate() {
                if n != u32::from(TRIOS) {
                    return Err(format!(
                        "{} {}s: {n} instead of {TRIOS}",
                        COLOURS[i].name(),
                        SIZES[j].name()
                    ));
                }
            }
        }
        if !(1..=LEVELS).contains(&self.ceiling) {
            return Err(format!("ceiling {}", self.ceiling));
        }
        if self.floor.len() != usize::from(SPACES) || self.tris.len() != TRIANGLES {
            return Err("board size".into());
        }
        if self
            .floor
            .iter()
            .any(|s| s.len() > usize::from(self.ceiling))
        {
            return Err("a stack is above the ceiling".into());
        }
        if (0..TRIANGLES).any(|i| self.tris[i].is_some() && Tri::from_index(i).level > self.ceiling)
        {
            return Err("a movement pyramid is above the ceiling".into());
        }
        if (0..TRIANGLES).any(|i| {
            self.released & (1 << i) != 0
                && (self.tris[i].is_some() || Tri::from_index(i).level > self.ceiling)
        }) || self.released >> TRIANGLES != 0
        {
            return Err("a triangle released in this run is not a vacant one".into());
        }
        if self.released != 0 && (self.over.is_some() || self.phase == Phase::Jam) {
            return Err("releases in a run outside a turn's release steps".into());
        }
        if self.turn > 1 || self.round == 0 || usize::from(self.passes) > 2 {
            return Err("turn, round or passes out of range".into());
        }
        if self.over.is_none() && self.eliminated[self.turn] {
            return Err("an eliminated seat is to move".into());
        }
        if self.over.is_none() && self.phase == Phase::Before && !self.has_move(self.turn) {
            return Err("the seat to move is jammed but the turn is not a jam".into());
        }
        if self.over.is_none() && self.active() < 2 {
            return Err("a round goes on with fewer than two players".into());
        }
        if let Some((winners, _)) = &self.over {
            if winners.iter().any(|&w| w > 1) || winners.windows(2).any(|w| w[0] >= w[1]) {
                return Err("winners".into());
            }
        }
        Ok(())
    }
}
