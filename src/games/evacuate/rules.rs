//! Evacuate rules, per rulings 1 to 14 (the in-app rules page `static/rules/evacuate.html` states them) (see the module doc of
//! `games::evacuate` for the choices made where the text and rulings are silent).

use crate::core::{
    Fact, Game, GameInfo, OptionKind, OptionSpec, Outcome, PlayError, Seat, SeatCard, SetupChoices,
    SetupError, SetupForm, Side, SideRule, Viewer,
};

use super::board::{
    direction, sides, Colour, Door, Mode, Piece, Size, Touch, Tri, COLOURS, LEVELS, PUGILIST_TREES,
    SHADED, SIZES, SPACES, START_SPACES, TARGET, TOUCHING, TREES, TRIANGLES,
};

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
    /// Phobos Pugilists (ruling 18): a pyramid from the stash placed to move the group toward
    /// the door the triangle does not point at, from a stack holding the mover's own pugilist
    /// (and not both pugilists) (`G3@4.2!`).
    Reverse {
        /// The pyramid placed.
        piece: Piece,
        /// Where.
        at: Tri,
    },
    /// Three players (ruling 15), before round 2 (and 5, 8, ...): yellow chooses whether its
    /// tree trades starting places with green's or red's (`trade:G`, `trade:R`).
    Trade(Colour),
}

/// The match options (rules 14 to 16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MatchRule {
    /// Rounds until a total reaches the target (default): 14 with two players, 13 with
    /// three, 12 with four.
    #[default]
    FirstTo14,
    /// A single round ("one round"; with four players "round end"). Phobos Pugilists is
    /// always one round, first to 9.
    OneRound,
}

/// The options of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EvacuateOptions {
    /// The table (two, three or four players) or the Phobos Pugilists variant.
    pub mode: Mode,
    /// How the match is played (three players: always first to 13; Phobos Pugilists: always
    /// one round to 9).
    pub match_rule: MatchRule,
}

impl EvacuateOptions {
    /// The options as played: three players always play first to 13, Phobos Pugilists
    /// always one round.
    pub fn normalized(self) -> EvacuateOptions {
        let match_rule = match self.mode {
            Mode::Three => MatchRule::FirstTo14,
            Mode::Pugilists => MatchRule::OneRound,
            _ => self.match_rule,
        };
        EvacuateOptions {
            mode: self.mode,
            match_rule,
        }
    }
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
    /// Three players, before the round starts: yellow chooses the tree trade (ruling 15).
    Trade,
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
    pub(super) mode: Mode,
    pub(super) match_rule: MatchRule,
    /// Round, from 1.
    pub(super) round: u32,
    /// Match totals banked before this round, by seat.
    pub(super) totals: [u32; 4],
    /// Pips scored this round by seat from wild (blue) pyramids evacuated (three players).
    pub(super) bonus: [u32; 4],
    /// Four players: whether each seat has used its evacuation with one opponent pyramid
    /// from a shaded space this round (ruling 16).
    pub(super) once: [bool; 4],
    /// Three players: the tree yellow chose to trade with at the start of this cycle of
    /// three rounds (green's or red's), once chosen (ruling 15).
    pub(super) trade: Option<Colour>,
    /// The seat that starts this round (it plays once a pending trade is chosen).
    pub(super) first: Seat,
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
    pub(super) eliminated: [bool; 4],
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
    max_players: 4,
    pitch: "Push stacks of partying Stacktors along the floor of a burning club and out of its \
            doors, your colours first.",
    hidden_information: false,
    search_per_second: 3_000,
};

/// The state of the three- and four-player games and Phobos Pugilists beyond the two-player
/// game's (for the notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Extras {
    pub(super) bonus: [u32; 4],
    pub(super) once: [bool; 4],
    pub(super) trade: Option<Colour>,
    pub(super) first: Seat,
}

/// How a group move goes, found without copying the floor.
struct Plan {
    /// As in [`Sim`].
    once: bool,
    /// The group's length after each loss to the ceiling, in order (at most one a space).
    keeps: [usize; 3],
    batches: usize,
    to: Option<u8>,
    door: Option<Door>,
}

/// The result of playing a group move out.
struct Sim {
    /// Four players: the exit uses the seat's one evacuation per round of a group with one
    /// opponent pyramid from a shaded space.
    once: bool,
    floor: Vec<Vec<Piece>>,
    lost: Vec<Piece>,
    out: Vec<Piece>,
    to: Option<u8>,
    door: Option<Door>,
}

fn add(counts: &mut Counts, p: Piece) {
    counts[p.colour.index()][p.size.index()] += 1;
}

fn pips_of(counts: &Counts, colours: &[Colour]) -> u32 {
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

/// The movement portion as bit masks (bit `i` for the triangle of index `i`), as one seat
/// sees it when releasing (ruling 11).
#[derive(Clone, Copy)]
struct Portion {
    /// The triangles touching each triangle's sides under the current ceiling.
    touching: &'static [u64; TRIANGLES],
    occupied: u64,
    /// Occupied by a pyramid the seat does not own.
    foreign: u64,
    /// Emptied earlier in the same run of releases: they count as members of the set.
    released: u64,
}

impl Portion {
    /// The smallest set holding `t` that the seat could release: `t` and, transitively,
    /// every foreign pyramid touching a member; `None` when `t` is vacant or a member has a
    /// vacant side (one not released earlier in the run).
    fn closure(&self, t: usize) -> Option<u64> {
        if t >= TRIANGLES || self.occupied & (1 << t) == 0 {
            return None;
        }
        let mut mask = 1u64 << t;
        // Members whose sides are still to look at (the order does not change the set).
        let mut todo = mask;
        while todo != 0 {
            let x = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let near = self.touching[x];
            if near & !self.occupied & !self.released != 0 {
                return None;
            }
            let new = near & self.foreign & !mask;
            mask |= new;
            todo |= new;
        }
        Some(mask)
    }
}

impl Evacuate {
    /// A round's starting position: `first` starts it (three players, before rounds 2, 5,
    /// 8...: once yellow has chosen the tree trade).
    fn fresh(
        mode: Mode,
        match_rule: MatchRule,
        round: u32,
        totals: [u32; 4],
        first: Seat,
        trade: Option<Colour>,
    ) -> Evacuate {
        let spare = mode.trios() - 1;
        let mut stash = [[spare; 3]; 4];
        if mode == Mode::Pugilists {
            stash = [[spare - 1; 3], [0; 3], [spare - 1; 3], [0; 3]];
        }
        let choosing = mode == Mode::Three && round >= 2 && (round - 2).is_multiple_of(3);
        let mut game = Evacuate {
            mode,
            match_rule,
            round,
            totals,
            bonus: [0; 4],
            once: [false; 4],
            trade: if choosing { None } else { trade },
            first,
            ceiling: LEVELS,
            floor: vec![Vec::new(); SPACES as usize],
            tris: vec![None; TRIANGLES],
            stash,
            evacuated: [[0; 3]; 4],
            lost: [[0; 3]; 4],
            turn: 0,
            phase: Phase::Trade,
            passes: 0,
            eliminated: [false; 4],
            over: None,
            history: Vec::new(),
            released: 0,
        };
        game.lay_trees();
        if !choosing {
            game.start_turn(first);
        }
        game
    }

    /// Puts the round's trees on O1..O4: four players swap the outer and inner ones every
    /// other round (ruling 16); three players trade yellow's tree with green's, red's or
    /// blue's, counted from the round-1 set-up (ruling 15).
    fn lay_trees(&mut self) {
        // Which of the round-1 trees stands on O1..O4.
        let mut order = [0, 1, 2, 3];
        match self.mode {
            Mode::Four if self.round.is_multiple_of(2) => order = [1, 0, 3, 2],
            Mode::Three if self.round >= 2 && self.trade.is_some() => {
                // Green's tree is O1's, red's O4's, blue's O2's; yellow's is O3's.
                let chosen = if self.trade == Some(Colour::Red) {
                    3
                } else {
                    0
                };
                let partner = match (self.round - 2) % 3 {
                    0 => chosen,
                    1 => 3 - chosen,
                    _ => 1,
                };
                order.swap(2, partner);
            }
            _ => {}
        }
        for (k, space) in START_SPACES.into_iter().enumerate() {
            self.floor[usize::from(space) - 1] = if self.mode == Mode::Pugilists {
                PUGILIST_TREES[k].to_vec()
            } else {
                TREES[order[k]].to_vec()
            };
        }
    }

    // ---------------------------------------------------------------- public reading

    /// The match option.
    pub fn match_rule(&self) -> MatchRule {
        self.match_rule
    }

    /// The options this game was set up with.
    pub fn options(&self) -> EvacuateOptions {
        EvacuateOptions {
            mode: self.mode,
            match_rule: self.match_rule,
        }
    }

    /// The table or variant.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The colours `seat` plays.
    pub fn colours(&self, seat: Seat) -> &'static [Colour] {
        self.mode.colours(seat)
    }

    /// The match points that win at once, if any: 14, 13 or 12 over several rounds with two,
    /// three or four players, 9 in Phobos Pugilists; none in a single round.
    pub fn target(&self) -> Option<u32> {
        match (self.mode, self.match_rule) {
            (Mode::Pugilists, _) => Some(9),
            (Mode::Three, _) => Some(13),
            (_, MatchRule::OneRound) => None,
            (Mode::Four, _) => Some(12),
            (Mode::Two, _) => Some(TARGET),
        }
    }

    /// The seat that starts this round.
    pub fn first(&self) -> Seat {
        self.first
    }

    /// Three players: the tree yellow chose to trade with in this cycle, once chosen.
    pub fn trade(&self) -> Option<Colour> {
        self.trade
    }

    /// Four players: whether `seat` has used this round's evacuation of a group with one
    /// opponent pyramid from a shaded space.
    pub fn once_used(&self, seat: Seat) -> bool {
        self.once.get(seat).copied().unwrap_or(false)
    }

    /// Pips `seat` scored this round with wild (blue) pyramids.
    pub fn wild_pips(&self, seat: Seat) -> u32 {
        self.bonus.get(seat).copied().unwrap_or(0)
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
        if seat >= self.mode.seats() || self.is_eliminated(seat) {
            return 0;
        }
        pips_of(&self.evacuated, self.mode.colours(seat)) + self.bonus[seat]
    }

    /// The match total of `seat`: earlier rounds plus this round's score.
    pub fn match_total(&self, seat: Seat) -> u32 {
        self.totals.get(seat).copied().unwrap_or(0) + self.round_score(seat)
    }

    /// What placing a pyramid of `size` on `at` would do for the seat to move, when that is
    /// a legal move (not a nudge): where the group goes and what it loses and evacuates.
    pub fn preview(&self, at: Tri, size: Size) -> Option<MovePreview> {
        self.preview_toward(at, size, false)
    }

    /// [`Evacuate::preview`] of a placement toward the triangle's door or, `reverse`, the
    /// other one (Phobos Pugilists).
    pub fn preview_toward(&self, at: Tri, size: Size, reverse: bool) -> Option<MovePreview> {
        if !self.usable(at) || self.triangle(at).is_some() {
            return None;
        }
        self.simulate(self.turn, at, size.pips(), reverse)
            .map(|sim| MovePreview {
                to: sim.to,
                door: sim.door,
                lost: sim.lost,
                evacuated: sim.out,
            })
    }

    // ---------------------------------------------------------------- mechanics

    /// Phobos Pugilists (ruling 18): whether `seat` may move a group from `space` toward
    /// either door (the stack there holds `seat`'s pugilist and not both pugilists).
    pub fn may_reverse(&self, seat: Seat, space: u8) -> bool {
        let stack = self.stack(space);
        let has = |c: Colour| stack.iter().any(|p| p.colour == c);
        let (mine, theirs) = if seat == 0 {
            (Colour::Black, Colour::White)
        } else {
            (Colour::White, Colour::Black)
        };
        self.mode == Mode::Pugilists && has(mine) && !has(theirs)
    }

    /// Plays a group move out space by space (rules 7 to 9, and 16 and 18), toward the
    /// triangle's door or, `reverse`, the other one; `None` when illegal.
    fn simulate(&self, seat: Seat, at: Tri, pips: u8, reverse: bool) -> Option<Sim> {
        let plan = self.plan(seat, at, pips, reverse)?;
        let s = usize::from(at.space) - 1;
        let mut floor = self.floor.clone();
        let mut group = floor[s].split_off(usize::from(at.level) - 1);
        let mut lost = Vec::new();
        for &keep in &plan.keeps[..plan.batches] {
            lost.extend(group.drain(keep..));
        }
        let mut out = Vec::new();
        if plan.door.is_some() {
            out = group;
        } else if let Some(to) = plan.to {
            floor[usize::from(to) - 1].append(&mut group);
        }
        Some(Sim {
            once: plan.once,
            floor,
            lost,
            out,
            to: plan.to,
            door: plan.door,
        })
    }

    /// [`Evacuate::simulate`] without building the result: whether the group move is legal
    /// and how it goes, for listing moves without copying the floor.
    fn plan(&self, seat: Seat, at: Tri, pips: u8, reverse: bool) -> Option<Plan> {
        let s = usize::from(at.space).checked_sub(1)?;
        let level = usize::from(at.level);
        let stack = self.floor.get(s)?;
        if level == 0 || level > stack.len() {
            return None;
        }
        let whole = &stack[level - 1..];
        // The pyramids still in the group: losses to the ceiling come off its top.
        let mut len = whole.len();
        let top_three = len == 3 && SHADED.contains(&at.space);
        let cap = usize::from(self.ceiling);
        let mut plan = Plan {
            once: false,
            keeps: [0; 3],
            batches: 0,
            to: None,
            door: None,
        };
        let mut pos = i32::from(at.space);
        let step = match (direction(at), reverse) {
            (Door::A, false) | (Door::B, true) => -1,
            _ => 1,
        };
        let mode = self.mode;
        for k in 1..=pips {
            let next = pos + step;
            if next < 1 || next > i32::from(SPACES) {
                let door = if next < 1 { Door::A } else { Door::B };
                // What reaches the door must be all the mover's own, except in a hoist (two of
                // one colour of the mover's, or with three players one of the mover's and one
                // blue, plus one opponent pyramid), or with four players once a round.
                let group = &whole[..len];
                let opponents = group.iter().filter(|&&p| !mode.owns(seat, p)).count();
                let count = |c: Colour| group.iter().filter(|p| p.colour == c).count();
                let colours = mode.colours(seat);
                let hoist = top_three
                    && group.len() == 3
                    && opponents == 1
                    && (colours.iter().any(|&c| count(c) == 2)
                        || (mode.wild()
                            && count(Colour::Blue) == 1
                            && colours.iter().any(|&c| count(c) == 1)));
                let once = opponents == 1
                    && !hoist
                    && mode == Mode::Four
                    && !self.once[seat]
                    && SHADED.contains(&at.space);
                if opponents > 0 && !hoist && !once {
                    return None;
                }
                plan.once = once;
                plan.door = Some(door);
                return Some(plan);
            }
            pos = next;
            // The group moves away from its space, so every space it meets is as it was.
            let i = usize::try_from(next - 1).ok()?;
            let base = self.floor[i].len();
            let total = base + len;
            if total > cap {
                len -= (total - cap).min(len);
                let slot = plan.keeps.get_mut(plan.batches)?;
                *slot = len;
                plan.batches += 1;
            }
            if len == 0 {
                plan.to = Some(next as u8);
                return Some(plan);
            }
            if k == pips {
                if whole[0].size == Size::Queen
                    && self.floor[i].last().map(|p| p.size) == Some(Size::Pawn)
                {
                    return None;
                }
                plan.to = Some(next as u8);
                return Some(plan);
            }
        }
        None
    }

    /// Whether every side of `t` touches a pyramid or a boundary.
    fn surrounded(&self, t: Tri) -> bool {
        sides(t, self.ceiling).iter().all(|side| match side {
            Touch::Boundary => true,
            Touch::Tri(n) => self.triangle(*n).is_some(),
        })
    }

    /// The movement portion as `seat` sees it when releasing; the triangles emptied earlier
    /// in this run of releases (`self.released`) count as members of any set released.
    fn portion(&self, seat: Seat) -> Portion {
        let mut portion = Portion {
            touching: &TOUCHING[usize::from(self.ceiling.min(LEVELS))],
            occupied: 0,
            foreign: 0,
            released: self.released,
        };
        for i in 0..TRIANGLES {
            if let Some(p) = self.tris.get(i).copied().flatten() {
                portion.occupied |= 1 << i;
                if !self.mode.owns(seat, p) {
                    portion.foreign |= 1 << i;
                }
            }
        }
        portion
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
        let portion = self.portion(seat);
        // Distinct groups, sorted, without a set or a library sort (at most 48 short lists):
        // each generic collection or sort instantiated here would cost the page's bundle
        // kilobytes.
        let mut units: Vec<u64> = Vec::new();
        for i in 0..TRIANGLES {
            if let Some(unit) = portion.closure(i) {
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
        let portion = self.portion(seat);
        (0..TRIANGLES).any(|i| portion.closure(i).is_some())
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
        let portion = self.portion(seat);
        set.iter().any(|t| portion.closure(t.index()) == Some(mask))
    }

    /// Rule 10: after placing a pyramid of `seat` on the vacant `at` (which ends any run of
    /// releases), some group `seat` could release touches it.
    fn nudge_ok(&self, seat: Seat, at: Tri) -> bool {
        self.nudge_in(&self.portion(seat), at)
    }

    /// [`Evacuate::nudge_ok`] with the seat's portion already built: the seat's own pyramid
    /// imagined on `at`, the run of releases over.
    fn nudge_in(&self, portion: &Portion, at: Tri) -> bool {
        let placed = Portion {
            occupied: portion.occupied | 1 << at.index(),
            released: 0,
            ..*portion
        };
        sides(at, self.ceiling).iter().any(|side| match side {
            Touch::Boundary => false,
            Touch::Tri(n) => self.tris[n.index()].is_some() && placed.closure(n.index()).is_some(),
        })
    }

    fn vacant_usable(&self) -> impl Iterator<Item = Tri> + '_ {
        (0..TRIANGLES)
            .map(Tri::from_index)
            .filter(|t| t.level <= self.ceiling && self.tris[t.index()].is_none())
    }

    /// The colours `seat` may place from: its own, and blue's general stash when blue is
    /// wild.
    pub fn stash_colours(&self, seat: Seat) -> Vec<Colour> {
        let mut out = self.mode.colours(seat).to_vec();
        if self.mode.wild() {
            out.push(Colour::Blue);
        }
        out
    }

    fn stash_pieces(&self, seat: Seat) -> Vec<Piece> {
        self.stash_colours(seat)
            .into_iter()
            .flat_map(|c| {
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
                && sizes.iter().any(|&n| {
                    self.plan(seat, t, n, false).is_some()
                        || (self.may_reverse(seat, t.space)
                            && self.plan(seat, t, n, true).is_some())
                })
        })
    }

    /// The placements (moves and nudges) open to `seat`: for each vacant triangle, the
    /// pyramids that may go there, then (Phobos Pugilists) those that may go there to move
    /// the group the other way.
    fn placements(&self, seat: Seat) -> Vec<EvacuateMove> {
        let pieces = self.stash_pieces(seat);
        let mut out = Vec::new();
        if pieces.is_empty() {
            return out;
        }
        let mut portion = None;
        for t in self.vacant_usable() {
            let height = self.floor[usize::from(t.space) - 1].len();
            if usize::from(t.level) <= height {
                let reverse = self.may_reverse(seat, t.space);
                let mut ok = [[false; 3]; 2];
                for s in SIZES {
                    ok[0][s.index()] = self.plan(seat, t, s.pips(), false).is_some();
                    ok[1][s.index()] = reverse && self.plan(seat, t, s.pips(), true).is_some();
                }
                for p in &pieces {
                    if ok[0][p.size.index()] {
                        out.push(EvacuateMove::Place { piece: *p, at: t });
                    }
                }
                for p in &pieces {
                    if ok[1][p.size.index()] {
                        out.push(EvacuateMove::Reverse { piece: *p, at: t });
                    }
                }
            } else if self.nudge_in(portion.get_or_insert_with(|| self.portion(seat)), t) {
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

    /// Occupants of `seat`'s colours on the floor (not blue when wild, not its pugilist).
    fn seat_floor(&self, seat: Seat) -> usize {
        self.mode
            .colours(seat)
            .iter()
            .map(|&c| self.on_floor(c))
            .sum()
    }

    fn active(&self) -> usize {
        self.eliminated[..self.mode.seats()]
            .iter()
            .filter(|e| !**e)
            .count()
    }

    /// The next seat in order still in the round (`seat` itself when it is the only one).
    fn next_seat(&self, seat: Seat) -> Seat {
        let n = self.mode.seats();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| !self.eliminated[s])
            .unwrap_or(seat)
    }

    fn return_piece(&mut self, t: Tri) {
        if let Some(p) = self.tris[t.index()].take() {
            self.stash[p.colour.index()][p.size.index()] += 1;
        }
    }

    /// A pyramid the ceiling removes: out of play for the round, or in Phobos Pugilists back
    /// to its owner's stash (a pugilist as one of its owner's queens), ruling 18.
    fn remove_by_ceiling(&mut self, p: Piece) {
        if self.mode == Mode::Pugilists {
            self.return_to_owner(p);
        } else {
            add(&mut self.lost, p);
        }
    }

    /// Phobos Pugilists: `p` joins its owner's movement stash (a pugilist as a queen of its
    /// owner's colour).
    fn return_to_owner(&mut self, p: Piece) {
        let colour = match self.mode.owner(p.colour) {
            Some(owner) if p.colour.is_pugilist() => self.mode.colours(owner)[0],
            _ => p.colour,
        };
        self.stash[colour.index()][p.size.index()] += 1;
    }

    /// Starts `seat`'s turn: repetition (ruling 12), then jam or not.
    fn start_turn(&mut self, seat: Seat) {
        // The player whose step led here: when this position's third occurrence makes the
        // pile stuck, their move is the one that did it (and, at ceiling 1, ended the round).
        let mover = self.turn;
        self.turn = seat;
        self.released = 0;
        let key = self.key();
        if self.history.iter().filter(|&&k| k == key).count() >= 2 {
            self.stuck(seat, mover);
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
    /// `ender` is the player whose move made it stuck (the last to pass, or the one whose
    /// move led to a position's third occurrence): if the round ends here, it was their move
    /// that ended it (ruling 14).
    fn stuck(&mut self, next: Seat, ender: Seat) {
        self.released = 0;
        for i in 0..TRIANGLES {
            self.return_piece(Tri::from_index(i));
        }
        self.passes = 0;
        self.history.clear();
        if self.ceiling <= 1 {
            self.end_round(ender);
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
            self.remove_by_ceiling(p);
        }
        if self.settle(before, [0; 4], ender) {
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

    /// The seats with the highest of `score`, in seat order.
    fn best(&self, score: impl Fn(Seat) -> u32) -> Vec<Seat> {
        let seats = 0..self.mode.seats();
        let top = seats.clone().map(&score).max().unwrap_or(0);
        seats.filter(|&s| score(s) == top).collect()
    }

    /// After pyramids left the floor: round end, eliminations, the target. Returns whether
    /// the round (or the game) ended. `ender` is the player whose move it was.
    fn settle(&mut self, before: [usize; 4], evac: [usize; 4], ender: Seat) -> bool {
        let now = self.colour_counts();
        // Only a player's colour ends the round (not wild blue).
        let emptied = COLOURS.into_iter().any(|c| {
            let i = c.index();
            before[i] > 0 && now[i] == 0 && evac[i] > 0 && self.mode.owner(c).is_some()
        });
        for seat in 0..self.mode.seats() {
            let evac_seat: usize = self
                .mode
                .colours(seat)
                .iter()
                .map(|c| evac[c.index()])
                .sum();
            if !self.eliminated[seat] && self.seat_floor(seat) == 0 && evac_seat == 0 {
                self.eliminated[seat] = true;
            }
        }
        if let Some(target) = self.target() {
            let winners = self.best(|s| self.match_total(s));
            if winners
                .first()
                .is_some_and(|&w| self.match_total(w) >= target)
            {
                self.over = Some((winners, EndReason::Target));
                return true;
            }
        }
        if emptied || self.active() <= 1 {
            self.end_round(ender);
            return true;
        }
        false
    }

    /// The round is over; `ender` is the player whose move ended it (the round's winner on
    /// a tie, ruling 14).
    fn end_round(&mut self, ender: Seat) {
        let seats = self.mode.seats();
        let single = self.match_rule == MatchRule::OneRound || self.mode == Mode::Pugilists;
        if single {
            let alive: Vec<Seat> = (0..seats).filter(|&s| !self.eliminated[s]).collect();
            // Phobos Pugilists: the higher score wins, whatever eliminated the other (ruling
            // 18); otherwise the last player left wins (ruling 14).
            if alive.len() == 1 && self.mode != Mode::Pugilists {
                self.over = Some((alive, EndReason::Elimination));
            } else {
                self.over = Some((self.best(|s| self.round_score(s)), EndReason::RoundOver));
            }
            return;
        }
        let winners = self.best(|s| self.match_total(s));
        if self
            .target()
            .is_some_and(|t| self.match_total(winners[0]) >= t)
        {
            self.over = Some((winners, EndReason::Target));
            return;
        }
        let mut totals = [0; 4];
        for (s, t) in totals.iter_mut().enumerate().take(seats) {
            *t = self.match_total(s);
        }
        // Who starts the next round: the players alternate with two; with three or four,
        // the player after the round's winner (most pips this round; on a tie, the player
        // whose move ended it), rules 14 to 16.
        let first = if seats == 2 {
            usize::try_from(self.round % 2).unwrap_or(0)
        } else {
            match self.best(|s| self.round_score(s)).as_slice() {
                [winner] => (winner + 1) % seats,
                _ => (ender + 1) % seats,
            }
        };
        *self = Evacuate::fresh(
            self.mode,
            self.match_rule,
            self.round.saturating_add(1),
            totals,
            first,
            self.trade,
        );
    }

    fn apply_place(&mut self, piece: Piece, at: Tri, reverse: bool) {
        let seat = self.turn;
        self.released = 0;
        self.stash[piece.colour.index()][piece.size.index()] -= 1;
        self.tris[at.index()] = Some(piece);
        self.passes = 0;
        let height = self.floor[usize::from(at.space) - 1].len();
        if usize::from(at.level) <= height {
            if let Some(sim) = self.simulate(seat, at, piece.size.pips(), reverse) {
                let before = self.colour_counts();
                let on_floor = self.floor_count();
                let mut evac = [0usize; 4];
                self.floor = sim.floor;
                self.once[seat] |= sim.once;
                for p in sim.lost {
                    self.remove_by_ceiling(p);
                }
                for p in sim.out {
                    if p.colour.is_pugilist() {
                        // Scores nothing; back to its owner as a queen (ruling 18).
                        self.return_to_owner(p);
                        continue;
                    }
                    evac[p.colour.index()] += 1;
                    add(&mut self.evacuated, p);
                    if self.mode.owner(p.colour).is_none() {
                        // Wild blue scores for the player who evacuates it (ruling 15).
                        self.bonus[seat] += u32::from(p.size.pips());
                    }
                }
                if self.floor_count() < on_floor {
                    self.history.clear();
                }
                if self.settle(before, evac, seat) {
                    return;
                }
            }
        }
        self.phase = Phase::After;
        // A player whose own move eliminated them (three or four players: the round goes on)
        // plays no more this round: their turn ends at once.
        if self.eliminated[seat] || !self.has_release(seat) {
            self.end_turn();
        }
    }

    fn legal(&self) -> Vec<EvacuateMove> {
        if self.over.is_some() {
            return Vec::new();
        }
        let seat = self.turn;
        match self.phase {
            Phase::Trade => vec![
                EvacuateMove::Trade(Colour::Green),
                EvacuateMove::Trade(Colour::Red),
            ],
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
        let mut put = |p: &Piece| {
            if let Some(row) = c.get_mut(p.colour.index()) {
                row[p.size.index()] += 1;
            }
        };
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
        options: EvacuateOptions,
        round: u32,
        totals: [u32; 4],
        extras: Extras,
        ceiling: u8,
        floor: Vec<Vec<Piece>>,
        tris: Vec<Option<Piece>>,
        counts: [Counts; 3],
        turn: Seat,
        phase: Phase,
        passes: u8,
        eliminated: [bool; 4],
        over: Option<(Vec<Seat>, EndReason)>,
        history: Vec<u64>,
        released: u64,
    ) -> Evacuate {
        let [stash, evacuated, lost] = counts;
        Evacuate {
            mode: options.mode,
            match_rule: options.match_rule,
            round,
            totals,
            bonus: extras.bonus,
            once: extras.once,
            trade: extras.trade,
            first: extras.first,
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

    pub(super) fn parts_totals(&self) -> [u32; 4] {
        self.totals
    }

    pub(super) fn parts_extras(&self) -> Extras {
        Extras {
            bonus: self.bonus,
            once: self.once,
            trade: self.trade,
            first: self.first,
        }
    }
}

impl Game for Evacuate {
    type Move = EvacuateMove;
    type Options = EvacuateOptions;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        let side = |letter, name| Side { letter, name };
        let (sides, options) = match players {
            2 => (
                vec![side("GY", "green and yellow"), side("RB", "red and blue")],
                vec![OptionSpec {
                    key: "match",
                    label: "Game",
                    help: "Phobos Pugilists: green against red with a pugilist each, one round, \
                           first to 9.",
                    kind: OptionKind::Choice {
                        choices: vec![
                            ("14", "first to 14 points"),
                            ("1", "one round"),
                            ("pugilists", "Phobos Pugilists"),
                        ],
                        default: "14",
                    },
                }],
            ),
            3 => (
                vec![side("Y", "yellow"), side("G", "green"), side("R", "red")],
                Vec::new(),
            ),
            4 => (
                vec![
                    side("B", "blue"),
                    side("Y", "yellow"),
                    side("G", "green"),
                    side("R", "red"),
                ],
                vec![OptionSpec {
                    key: "match",
                    label: "Match",
                    help: "First to 12 over several rounds, or one round.",
                    kind: OptionKind::Choice {
                        choices: vec![("12", "first to 12 points"), ("1", "round end")],
                        default: "12",
                    },
                }],
            ),
            _ => {
                return Err(SetupError(format!(
                    "Evacuate is played by 2 to 4 players, not {players}"
                )))
            }
        };
        Ok(SetupForm {
            sides: SideRule::Fixed(sides),
            options,
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<EvacuateOptions, SetupError> {
        let players = choices.sides.len();
        Self::setup_form(players)?.check(players, choices)?;
        let (mode, match_rule) = match (players, choices.value("match")) {
            (2, Some("14")) => (Mode::Two, MatchRule::FirstTo14),
            (2, Some("1")) => (Mode::Two, MatchRule::OneRound),
            (2, Some("pugilists")) => (Mode::Pugilists, MatchRule::OneRound),
            (3, _) => (Mode::Three, MatchRule::FirstTo14),
            (4, Some("12")) => (Mode::Four, MatchRule::FirstTo14),
            (4, Some("1")) => (Mode::Four, MatchRule::OneRound),
            _ => return Err(SetupError("the match option is not set".into())),
        };
        Ok(EvacuateOptions { mode, match_rule })
    }

    fn new(options: &EvacuateOptions, _seed: u64) -> Result<Self, SetupError> {
        let options = options.normalized();
        Ok(Evacuate::fresh(
            options.mode,
            options.match_rule,
            1,
            [0; 4],
            0,
            None,
        ))
    }

    fn seats(&self) -> usize {
        self.mode.seats()
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
            (Phase::Jam | Phase::Trade, _) => {
                if !self.legal().contains(mv) {
                    return illegal("not legal now");
                }
            }
            (
                Phase::Before,
                EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at },
            ) => {
                let reverse = matches!(mv, EvacuateMove::Reverse { .. });
                if !self.stash_colours(seat).contains(&piece.colour)
                    || self.stash[piece.colour.index()][piece.size.index()] == 0
                {
                    return illegal("that pyramid is not in your stash");
                }
                if !self.usable(*at) || self.triangle(*at).is_some() {
                    return illegal("that triangle is not vacant");
                }
                let height = self.floor[usize::from(at.space) - 1].len();
                let ok = if usize::from(at.level) <= height {
                    (!reverse || self.may_reverse(seat, at.space))
                        && self.plan(seat, *at, piece.size.pips(), reverse).is_some()
                } else {
                    !reverse && self.nudge_ok(seat, *at)
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
            EvacuateMove::Place { piece, at } => self.apply_place(*piece, *at, false),
            EvacuateMove::Reverse { piece, at } => self.apply_place(*piece, *at, true),
            EvacuateMove::Trade(c) => {
                self.trade = Some(*c);
                self.lay_trees();
                self.start_turn(self.first);
            }
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
                    self.stuck(next, seat);
                } else {
                    self.start_turn(next);
                }
            }
        }
        Ok(())
    }

    fn describe_move(&self, mv: &EvacuateMove, _viewer: Viewer) -> String {
        let (EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at }) = mv else {
            return mv.to_string();
        };
        if usize::from(at.level) > self.stack(at.space).len() {
            return format!("{mv} (nudge)");
        }
        let reverse = matches!(mv, EvacuateMove::Reverse { .. });
        match self.simulate(self.turn, *at, piece.size.pips(), reverse) {
            Some(Sim {
                door: Some(door),
                out,
                ..
            }) => format!(
                "{mv} (out through door {}: {})",
                if door == Door::A { "A" } else { "B" },
                out.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Some(Sim { to: Some(to), .. }) => format!("{mv} (to space {to})"),
            _ => mv.to_string(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let (winners, reason) = self.over.as_ref()?;
        let text = match reason {
            EndReason::Target => {
                format!("a match total reached {}", self.target().unwrap_or(TARGET))
            }
            EndReason::RoundOver => "the round is over".to_string(),
            EndReason::Elimination => "every opponent was eliminated by the ceiling".to_string(),
        };
        Some(Outcome {
            winners: winners.clone(),
            scores: Some(
                (0..self.mode.seats())
                    .map(|s| i64::from(self.match_total(s)))
                    .collect(),
            ),
            reason: text,
        })
    }

    fn view(&self, _viewer: Viewer) -> Self {
        self.clone()
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        let colours = self.mode.colours(seat);
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
        if self.mode == Mode::Four && self.once_used(seat) {
            facts.push(Fact::new("shaded exit", "used"));
        }
        if self.is_eliminated(seat) {
            facts.push(Fact::new("this round", "eliminated by the ceiling"));
        }
        let mut side = colours
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(" and ");
        if self.mode == Mode::Pugilists {
            side.push_str(if seat == 0 {
                ", black pugilist"
            } else {
                ", white pugilist"
            });
        }
        SeatCard {
            side,
            score: Some(i64::from(self.match_total(seat))),
            out: false,
            facts,
        }
    }

    fn table_facts(&self) -> Vec<Fact> {
        let phase = match self.phase {
            Phase::Before => "place a pyramid from the stash (a move or a nudge), or release",
            Phase::Jam => "jammed: take off, move, nudge or pass",
            Phase::After => "release or end the turn",
            Phase::Trade => "yellow chooses the tree trade",
        };
        let mut facts = vec![
            Fact::new("round", self.round),
            Fact::new("ceiling", self.ceiling),
            Fact::new("turn", phase),
        ];
        facts.push(Fact::new(
            "match",
            match self.target() {
                Some(9) => "Phobos Pugilists: one round, first to 9".to_string(),
                Some(t) => format!("first to {t}"),
                None => "one round".to_string(),
            },
        ));
        facts
    }

    fn check_invariants(&self) -> Result<(), String> {
        let all = self.count_all();
        let seats = self.mode.seats();
        let on_floor = |c: Colour| self.floor.iter().flatten().any(|p| p.colour == c);
        for (i, row) in all.iter().enumerate() {
            for (j, &n) in row.iter().enumerate() {
                let colour = COLOURS[i];
                let mut want = u32::from(self.mode.trios());
                if self.mode == Mode::Pugilists {
                    want = match colour {
                        Colour::Green | Colour::Red => 5,
                        _ => 0,
                    };
                    // An evacuated or fallen pugilist is one of its owner's queens.
                    let pugilist = if colour == Colour::Green {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    if want > 0 && SIZES[j] == Size::Queen && !on_floor(pugilist) {
                        want += 1;
                    }
                }
                if n != want {
                    return Err(format!(
                        "{} {}s: {n} instead of {want}",
                        colour.name(),
                        SIZES[j].name()
                    ));
                }
            }
        }
        let pugilists: Vec<Piece> = self
            .floor
            .iter()
            .flatten()
            .filter(|p| p.colour.is_pugilist())
            .copied()
            .collect();
        if (self.mode != Mode::Pugilists && !pugilists.is_empty())
            || pugilists.iter().any(|p| p.size != Size::Queen)
            || (1..pugilists.len()).any(|i| pugilists[..i].contains(&pugilists[i]))
            || self.tris.iter().flatten().any(|p| p.colour.is_pugilist())
        {
            return Err("pugilists".into());
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
        if self.released != 0
            && (self.over.is_some() || matches!(self.phase, Phase::Jam | Phase::Trade))
        {
            return Err("releases in a run outside a turn's release steps".into());
        }
        if self.turn >= seats
            || self.first >= seats
            || self.round == 0
            || usize::from(self.passes) > seats
        {
            return Err("turn, round or passes out of range".into());
        }
        if self.totals[seats..].iter().any(|&t| t > 0)
            || self.bonus[seats..].iter().any(|&t| t > 0)
            || self.once[seats..].iter().any(|&t| t)
            || self.eliminated[seats..].iter().any(|&t| t)
        {
            return Err("a seat past the table's".into());
        }
        if (!self.mode.wild() && self.bonus.iter().any(|&b| b > 0))
            || (self.mode != Mode::Four && self.once.iter().any(|&o| o))
            || (self.mode != Mode::Three && self.trade.is_some())
            || matches!(self.trade, Some(c) if c != Colour::Green && c != Colour::Red)
        {
            return Err("state of another table".into());
        }
        if self.phase == Phase::Trade
            && (self.mode != Mode::Three
                || self.turn != 0
                || self.trade.is_some()
                || self.round < 2
                || !(self.round - 2).is_multiple_of(3))
        {
            return Err("a tree trade out of place".into());
        }
        if self.mode == Mode::Three
            && self.phase != Phase::Trade
            && self.round >= 2
            && self.trade.is_none()
        {
            return Err("the tree trade is not chosen".into());
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
            if winners.iter().any(|&w| w >= seats) || winners.windows(2).any(|w| w[0] >= w[1]) {
                return Err("winners".into());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The release search's side masks are [`sides`] itself, under every ceiling.
    #[test]
    fn touching_masks_are_the_sides() {
        for ceiling in 0..=LEVELS {
            for (i, &mask) in TOUCHING[usize::from(ceiling)].iter().enumerate() {
                let mut want = 0u64;
                for side in sides(Tri::from_index(i), ceiling) {
                    if let Touch::Tri(n) = side {
                        want |= 1 << n.index();
                    }
                }
                assert_eq!(mask, want, "triangle {i} under ceiling {ceiling}");
            }
        }
    }
}
