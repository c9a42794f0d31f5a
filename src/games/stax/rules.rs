//! STAX rules, per the rulings, as the in-app rules page `static/rules/stax.html` states them (see the module doc of `games::stax` for the
//! choices made where the text and rulings are silent): the position ([`Stax`]) and what it
//! holds, listing and playing turns, why a move is refused, the ending and the invariants.
//!
//! The rest of the engine: `cell.rs` (hex cells), `tile.rs` (colours, tile kinds, tiles),
//! `moves.rs` (moves, options, refusals), `grid.rs` (the grid the rules search),
//! `placement.rs` (placing a tile), `travel.rs` (moving one) and `game.rs` (`impl Game`).

use super::cell::Cell;
use super::game::seat_name;
use super::grid::{Grid, Land, Roles};
use super::moves::{Refusal, StaxMove, StaxOptions};
use super::tile::{rotations, Tile, TileKind, FULL_RESERVE, KINDS, KING_BIT};
use crate::core::{Rng, Seat, SetupError};

/// Tiles each player owns (ruling 1).
pub const TILES_PER_PLAYER: usize = 13;
/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 3;

// ---------------------------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------------------------

/// Where a game stands between turns: a seat's turn, or a draw offer being answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The seat in turn plays; `offered` once it offered a draw this turn and was declined.
    Turn {
        /// Whether the seat in turn already offered a draw this turn.
        offered: bool,
    },
    /// The seat in turn offered a draw; `answering` is to accept or decline.
    Answer {
        /// The seat asked.
        answering: Seat,
    },
    /// Everybody accepted the draw offered by the seat in turn: the game is over.
    Agreed,
}

/// Where a king is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KingState {
    /// Still in the reserve.
    InReserve,
    /// On the table (always a top tile), at this cell.
    OnTable(Cell),
    /// Captured.
    Captured,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// `winner` landed on `loser`'s king.
    Captured {
        /// Who captured.
        winner: Seat,
        /// Whose king was taken.
        loser: Seat,
    },
    /// `loser`, to move, had no legal turn; `winner` moved just before.
    NoTurn {
        /// Who moved last.
        winner: Seat,
        /// Who could not play.
        loser: Seat,
    },
    /// The same position occurred for the third time.
    Repetition,
    /// The players agreed to a draw.
    Agreed,
}

/// The smallest hexagon-aligned region holding every stack: "the area of the tiles in play".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// Smallest `q` of a stack.
    pub min_q: i32,
    /// Largest `q` of a stack.
    pub max_q: i32,
    /// Smallest `r` of a stack.
    pub min_r: i32,
    /// Largest `r` of a stack.
    pub max_r: i32,
    /// Smallest `s = -q - r` of a stack.
    pub min_s: i64,
    /// Largest `s` of a stack.
    pub max_s: i64,
}

impl Bounds {
    /// Whether `cell` lies in the region.
    pub fn contains(&self, cell: Cell) -> bool {
        (self.min_q..=self.max_q).contains(&cell.q)
            && (self.min_r..=self.max_r).contains(&cell.r)
            && (self.min_s..=self.max_s).contains(&cell.s())
    }
}

/// A STAX position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stax {
    /// Players, 2 or 3.
    pub(super) players: u8,
    /// Every stack, bottom to top, sorted by cell; none is empty.
    pub(super) stacks: Vec<(Cell, Vec<Tile>)>,
    /// Each seat's reserve: bit `i` set while `KINDS[i]` is unplayed.
    pub(super) reserve: [u16; MAX_PLAYERS],
    /// The seat whose turn it is (the offering seat while an offer is answered).
    pub(super) turn: u8,
    /// A turn, or an offer being answered, or an agreed draw.
    pub(super) phase: Phase,
    /// The keys of the earlier positions since the last placement (none of those can come
    /// back after a placement), oldest first.
    pub(super) history: Vec<u64>,
    /// Derived: the key of this position ([`Stax::key`]).
    pub(super) key: u64,
    /// Derived: how the game ended, if it did.
    pub(super) end: Option<End>,
}

impl Stax {
    /// A new game for `players` (2 or 3): empty table, full reserves, Light to place.
    ///
    /// # Errors
    /// When `players` is not 2 or 3.
    pub fn start(players: usize) -> Result<Stax, SetupError> {
        let options = StaxOptions {
            players: u8::try_from(players).unwrap_or(0),
        };
        options.validate()?;
        let mut game = Stax {
            players: options.players,
            stacks: Vec::new(),
            reserve: [0; MAX_PLAYERS],
            turn: 0,
            phase: Phase::Turn { offered: false },
            history: Vec::new(),
            key: 0,
            end: None,
        };
        for r in game.reserve.iter_mut().take(players) {
            *r = FULL_RESERVE;
        }
        game.settle();
        Ok(game)
    }

    /// A position from its parts, checked
    /// ([`Game::check_invariants`](crate::core::Game::check_invariants)) and settled (its key
    /// and ending computed): what the notation parser builds.
    ///
    /// # Errors
    /// The first broken invariant.
    pub(super) fn from_parts(
        players: usize,
        stacks: Vec<(Cell, Vec<Tile>)>,
        reserve: [u16; MAX_PLAYERS],
        turn: Seat,
        phase: Phase,
        history: Vec<u64>,
    ) -> Result<Stax, String> {
        let mut game = Stax {
            players: u8::try_from(players).map_err(|_| format!("{players} players"))?,
            stacks,
            reserve,
            turn: u8::try_from(turn).map_err(|_| format!("seat {turn}"))?,
            phase,
            history,
            key: 0,
            end: None,
        };
        game.invariants()?;
        game.settle();
        match game.end {
            Some(End::Agreed) | None => {}
            Some(_) if game.phase != (Phase::Turn { offered: false }) => {
                return Err("the game is over: no draw offer can be pending".into())
            }
            Some(_) => {}
        }
        Ok(game)
    }

    // --- Reading the position -----------------------------------------------------------

    /// Number of players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Every stack with its tiles bottom to top, sorted by cell (row `r`, then `q`).
    pub fn stacks(&self) -> &[(Cell, Vec<Tile>)] {
        &self.stacks
    }

    /// The tiles on `cell`, bottom to top (empty for an empty cell).
    pub fn stack(&self, cell: Cell) -> &[Tile] {
        self.find(cell).map_or(&[], |i| &self.stacks[i].1)
    }

    /// The number of tiles on `cell` (0 = table).
    pub fn height(&self, cell: Cell) -> usize {
        self.stack(cell).len()
    }

    /// The top tile on `cell`.
    pub fn top(&self, cell: Cell) -> Option<Tile> {
        self.stack(cell).last().copied()
    }

    /// The kinds `seat` still has in reserve, in [`KINDS`] order.
    pub fn reserve(&self, seat: Seat) -> Vec<TileKind> {
        let bits = self.reserve_bits(seat);
        KINDS
            .into_iter()
            .filter(|k| bits & (1 << k.index()) != 0)
            .collect()
    }

    /// Whether `seat` still has `kind` in reserve.
    pub fn in_reserve(&self, seat: Seat, kind: TileKind) -> bool {
        self.reserve_bits(seat) & (1 << kind.index()) != 0
    }

    pub(super) fn reserve_bits(&self, seat: Seat) -> u16 {
        if seat < self.players() {
            self.reserve[seat]
        } else {
            0
        }
    }

    /// Where `seat`'s king is.
    pub fn king(&self, seat: Seat) -> KingState {
        if self.in_reserve(seat, TileKind::King) {
            return KingState::InReserve;
        }
        self.stacks
            .iter()
            .find(|(_, tiles)| {
                tiles
                    .last()
                    .is_some_and(|t| t.is_king() && t.owner() == seat)
            })
            .map_or(KingState::Captured, |(c, _)| KingState::OnTable(*c))
    }

    /// The seat whose turn it is (the seat that offered, while a draw offer is answered).
    pub fn turn(&self) -> Seat {
        usize::from(self.turn)
    }

    /// The turn, a draw offer being answered, or an agreed draw.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// How the game ended, if it did.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The seat whose king `seat` hunts: the next seat in turn order.
    pub fn enemy_of(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players().max(1)
    }

    /// The area of the tiles in play: the smallest hexagon-aligned region (ranges of `q`,
    /// `r` and `s`) holding every stack; `None` on an empty table.
    pub fn bounds(&self) -> Option<Bounds> {
        let (first, _) = self.stacks.first()?;
        let mut b = Bounds {
            min_q: first.q,
            max_q: first.q,
            min_r: first.r,
            max_r: first.r,
            min_s: first.s(),
            max_s: first.s(),
        };
        for (c, _) in &self.stacks {
            b.min_q = b.min_q.min(c.q);
            b.max_q = b.max_q.max(c.q);
            b.min_r = b.min_r.min(c.r);
            b.max_r = b.max_r.max(c.r);
            b.min_s = b.min_s.min(c.s());
            b.max_s = b.max_s.max(c.s());
        }
        Some(b)
    }

    /// Tiles placed so far (every seat), captured kings included.
    pub fn placed(&self) -> usize {
        (0..self.players())
            .map(|s| TILES_PER_PLAYER - self.reserve[s].count_ones() as usize)
            .sum()
    }

    /// The earlier positions' keys kept for the repetition rule (since the last placement),
    /// oldest first.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// A 64-bit key (FNV-1a) of what the repetition rule compares: every stack, the reserves
    /// and the seat in turn.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// How many times this position has occurred (1 the first time; 3 ends the game).
    pub fn occurrences(&self) -> usize {
        1 + self.history.iter().filter(|&&k| k == self.key).count()
    }

    fn compute_key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        eat(self.players);
        for (c, tiles) in &self.stacks {
            c.q.to_le_bytes().into_iter().for_each(&mut eat);
            c.r.to_le_bytes().into_iter().for_each(&mut eat);
            eat(u8::try_from(tiles.len()).unwrap_or(u8::MAX));
            for t in tiles {
                eat((t.owner << 6) | t.mask);
            }
        }
        for r in &self.reserve {
            r.to_le_bytes().into_iter().for_each(&mut eat);
        }
        eat(self.turn);
        h
    }

    pub(super) fn find(&self, cell: Cell) -> Option<usize> {
        self.stacks.binary_search_by(|(c, _)| c.cmp(&cell)).ok()
    }

    pub(super) fn roles(&self) -> Roles {
        let n = self.players.max(1);
        Roles {
            me: self.turn,
            target: (self.turn + 1) % n,
            prev: (n == 3).then_some((self.turn + 2) % n),
        }
    }

    pub(super) fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Whether it is a seat's real turn (not an offer being answered, not over).
    pub(super) fn in_turn(&self) -> bool {
        !self.is_over() && matches!(self.phase, Phase::Turn { .. })
    }

    // --- Turns and moves ----------------------------------------------------------------

    /// `Ok` when the seat in turn may place or move now.
    pub(super) fn turn_open(&self) -> Result<(), Refusal> {
        if self.is_over() {
            Err(Refusal::GameOver)
        } else if matches!(self.phase, Phase::Answer { .. }) {
            Err(Refusal::AnswerTheOffer)
        } else {
            Ok(())
        }
    }

    /// A legal turn drawn with `rng`, every one equally likely
    /// ([`Game::random_move`](crate::core::Game::random_move)): the placements and moves of
    /// [`Stax::for_each_turn`] are listed without the group and step rules (the slow part),
    /// which are checked only for what is drawn; the offer of a draw, when allowed, is one
    /// more item.
    pub(super) fn random_turn(&self, offered: bool, rng: &mut Rng) -> Option<StaxMove> {
        /// Moves whose legality is decided together.
        #[derive(Clone, Copy)]
        enum Item {
            /// Placements on grid cell `i`, showing no pointer in `bad`.
            Place {
                i: usize,
                bad: u8,
            },
            /// A move to a cell, in any rotation.
            Travel(Land),
            Offer,
        }
        let roles = self.roles();
        let bits = self.placeable_bits();
        let mut grid = Grid::new(&self.stacks);
        let mut items = Vec::with_capacity(64);
        let mut counts = Vec::with_capacity(64);
        let places = |bad: u8| {
            KINDS
                .into_iter()
                .filter(move |k| bits & (1 << k.index()) != 0)
                .flat_map(move |kind| {
                    kind.orientations()
                        .iter()
                        .filter(move |&&m| m & bad == 0)
                        .map(move |&mask| (kind, mask))
                })
        };
        if bits != 0 {
            for i in self.placement_cells(&grid) {
                if grid.height[i] != 0 {
                    continue;
                }
                let bad = self.king_lines(&grid, i, roles);
                let n = u32::try_from(places(bad).count()).unwrap_or(0);
                if n > 0 {
                    items.push(Item::Place { i, bad });
                    counts.push(n);
                }
            }
        }
        if self.may_move() {
            self.for_each_landing(&mut grid, None, &mut |_, land| {
                items.push(Item::Travel(land));
                counts.push(u32::try_from(rotations(land.tile.mask).len()).unwrap_or(0));
                false
            });
        }
        if !offered {
            items.push(Item::Offer);
            counts.push(1);
        }
        let (g, k) = rng.draw_legal(&mut counts, |g| match items[g] {
            Item::Place { i, .. } => Self::placement_keeps_steps(&mut grid, i),
            Item::Travel(l) => {
                grid.height[l.src] -= 1;
                let ok = Self::landing_keeps_rules(&mut grid, l.src, l.dst, l.landing).is_ok();
                grid.height[l.src] += 1;
                ok
            }
            Item::Offer => true,
        })?;
        let k = usize::try_from(k).unwrap_or(usize::MAX);
        match items[g] {
            Item::Place { i, bad } => places(bad).nth(k).map(|(kind, mask)| StaxMove::Place {
                kind,
                mask,
                cell: grid.cell(i),
            }),
            Item::Travel(l) => rotations(l.tile.mask)
                .get(k)
                .map(|&m| StaxMove::travel(l.from, grid.cell(l.dst), m)),
            Item::Offer => Some(StaxMove::Offer),
        }
    }

    /// Calls `f` on every legal turn (placements, then moves) until it returns `true`.
    pub(super) fn for_each_turn(&self, f: &mut dyn FnMut(StaxMove) -> bool) -> bool {
        if self.for_each_placement(FULL_RESERVE, f) {
            return true;
        }
        self.for_each_travel(None, &mut |from, to, tile| {
            rotations(tile.mask)
                .iter()
                .any(|&m| f(StaxMove::travel(from, to, m)))
        })
    }

    /// Whether the seat in turn has any legal turn (placement or move).
    fn has_turn(&self) -> bool {
        self.for_each_turn(&mut |_| true)
    }

    /// Why `mv` is not legal here, if it is not.
    ///
    /// # Errors
    /// The reason.
    pub fn refusal(&self, mv: &StaxMove) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        match *mv {
            StaxMove::Offer => match self.phase {
                Phase::Turn { offered: false } => Ok(()),
                Phase::Turn { offered: true } => Err(Refusal::AlreadyOffered),
                _ => Err(Refusal::AnswerTheOffer),
            },
            StaxMove::Accept | StaxMove::Decline => match self.phase {
                Phase::Answer { .. } => Ok(()),
                _ => Err(Refusal::NoOffer),
            },
            StaxMove::Place { kind, mask, cell } => self.placement_refusal(kind, mask, cell),
            StaxMove::Travel { from, to, mask } => {
                self.travel_refusal(from, to)?;
                let tile = self.top(from).ok_or(Refusal::NoStack)?;
                let fits = match mask {
                    None => tile.mask == 0 || tile.mask == 63,
                    Some(m) => m != 0 && m != 63 && rotations(tile.mask).contains(&m),
                };
                if fits {
                    Ok(())
                } else {
                    Err(Refusal::BadPointers)
                }
            }
        }
    }

    /// Plays `mv`, known to be legal.
    pub(super) fn apply(&mut self, mv: &StaxMove) {
        let n = self.players.max(1);
        match *mv {
            StaxMove::Offer => {
                self.phase = Phase::Answer {
                    answering: usize::from((self.turn + 1) % n),
                };
                return;
            }
            StaxMove::Accept => {
                if let Phase::Answer { answering } = self.phase {
                    let next = (answering + 1) % usize::from(n);
                    self.phase = if next == self.turn() {
                        Phase::Agreed
                    } else {
                        Phase::Answer { answering: next }
                    };
                }
                self.settle();
                return;
            }
            StaxMove::Decline => {
                self.phase = Phase::Turn { offered: true };
                return;
            }
            StaxMove::Place { kind, mask, cell } => {
                let seat = self.turn();
                self.reserve[seat] &= !(1 << kind.index());
                let tile = Tile::new(seat, mask);
                match self.stacks.binary_search_by(|(c, _)| c.cmp(&cell)) {
                    Ok(i) => self.stacks[i].1.push(tile),
                    Err(i) => self.stacks.insert(i, (cell, vec![tile])),
                }
                // The reserves only shrink: no earlier position can occur again.
                self.history.clear();
            }
            StaxMove::Travel { from, to, mask } => {
                let Some(i) = self.find(from) else { return };
                let Some(mut tile) = self.stacks[i].1.pop() else {
                    return;
                };
                if let Some(m) = mask {
                    tile.mask = m;
                }
                if self.stacks[i].1.is_empty() {
                    self.stacks.remove(i);
                }
                match self.stacks.binary_search_by(|(c, _)| c.cmp(&to)) {
                    Ok(j) => {
                        let tiles = &mut self.stacks[j].1;
                        if tiles.last().is_some_and(|t| t.is_king()) {
                            // Only the enemy king can be landed on: captured, removed.
                            tiles.pop();
                        }
                        tiles.push(tile);
                    }
                    Err(j) => self.stacks.insert(j, (to, vec![tile])),
                }
                self.history.push(self.key);
            }
        }
        self.turn = (self.turn + 1) % n;
        self.phase = Phase::Turn { offered: false };
        self.settle();
    }

    /// Recomputes what follows from the position: its key and how the game ended.
    pub(super) fn settle(&mut self) {
        self.key = self.compute_key();
        self.end = self.compute_end();
    }

    fn compute_end(&self) -> Option<End> {
        if self.phase == Phase::Agreed {
            return Some(End::Agreed);
        }
        let n = self.players();
        for loser in 0..n {
            if self.king(loser) == KingState::Captured {
                return Some(End::Captured {
                    winner: (loser + n - 1) % n,
                    loser,
                });
            }
        }
        if self.occurrences() >= 3 {
            return Some(End::Repetition);
        }
        if matches!(self.phase, Phase::Turn { .. }) && !self.has_turn() {
            let loser = self.turn();
            return Some(End::NoTurn {
                winner: (loser + n - 1) % n,
                loser,
            });
        }
        None
    }

    /// Checks what must hold in every position; the notation parser calls it too.
    pub(super) fn invariants(&self) -> Result<(), String> {
        let n = self.players();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(format!("{n} players"));
        }
        if self.turn() >= n {
            return Err(format!("seat {} is in turn", self.turn() + 1));
        }
        if self.reserve[n..].iter().any(|&r| r != 0)
            || self.reserve.iter().any(|&r| r > FULL_RESERVE)
        {
            return Err("a reserve holds tiles nobody owns".into());
        }
        // Every tile accounted for exactly once: reserve, table, or a captured king.
        let mut seen = [0u16; MAX_PLAYERS];
        for (c, tiles) in &self.stacks {
            if !c.in_range() {
                return Err(format!("{c} is too far away"));
            }
            if tiles.is_empty() {
                return Err(format!("an empty stack is listed at {c}"));
            }
            for (k, t) in tiles.iter().enumerate() {
                let seat = t.owner();
                if seat >= n || t.mask > 63 {
                    return Err(format!("a tile on {c} belongs to nobody"));
                }
                let bit = 1 << t.kind().index();
                if seen[seat] & bit != 0 || self.reserve[seat] & bit != 0 {
                    return Err(format!(
                        "{} has two {} tiles",
                        seat_name(seat),
                        t.kind().name()
                    ));
                }
                seen[seat] |= bit;
                if t.is_king() && k + 1 != tiles.len() {
                    return Err(format!("a king is buried on {c}"));
                }
            }
        }
        let mut captured = 0;
        for (seat, (on_table, reserve)) in seen.iter().zip(&self.reserve).take(n).enumerate() {
            let missing = FULL_RESERVE & !(on_table | reserve);
            if missing == KING_BIT {
                captured += 1;
            } else if missing != 0 {
                return Err(format!(
                    "{} has only {} of its {TILES_PER_PLAYER} tiles",
                    seat_name(seat),
                    TILES_PER_PLAYER - missing.count_ones() as usize
                ));
            }
        }
        if captured > 1 {
            return Err("two kings are captured".into());
        }
        for w in self.stacks.windows(2) {
            if w[0].0 >= w[1].0 {
                return Err(format!("the stacks are not in cell order at {}", w[1].0));
            }
        }
        // The opening: Light places first (on 0,0), Dark second.
        match self.placed() {
            0 if self.turn != 0 => return Err("Light places the first tile".into()),
            1 if self.turn != 1
                || self.stacks.len() != 1
                || self.stacks[0].0 != Cell::ORIGIN
                || self.stacks[0].1[0].owner != 0 =>
            {
                return Err("after Light's first tile on 0,0, Dark places".into())
            }
            _ => {}
        }
        if !self.stacks.is_empty() {
            if self.bounds().is_some_and(|b| {
                i64::from(b.max_q) - i64::from(b.min_q) > self.stacks.len() as i64
                    || i64::from(b.max_r) - i64::from(b.min_r) > self.stacks.len() as i64
            }) {
                return Err("the stacks do not form one group".into());
            }
            let mut grid = Grid::new(&self.stacks);
            if !grid.one_group(None) {
                return Err("the stacks do not form one group".into());
            }
            if !grid.step_rule_holds(None) {
                return Err("a stack has no path of steps down to the table".into());
            }
        }
        match self.phase {
            Phase::Answer { answering } if answering >= n || answering == self.turn() => {
                return Err(format!("seat {} answers its own offer", answering + 1));
            }
            Phase::Answer { .. } | Phase::Turn { offered: true } | Phase::Agreed
                if captured > 0 =>
            {
                return Err("a king is captured but the game goes on".into());
            }
            _ => {}
        }
        for &k in &self.history {
            if self.history.iter().filter(|&&x| x == k).count() > 2 {
                return Err("a position occurred three times but the game went on".into());
            }
        }
        Ok(())
    }
}
