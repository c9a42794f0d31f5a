//! Placing a pyramid from the stash: a group move played out space by space (its losses to
//! the ceiling and its evacuations), the placements (moves and nudges) open to a seat, and
//! the preview of a move.

use super::board::{
    direction, Colour, Door, Mode, Piece, Size, Tri, SHADED, SIZES, SPACES, TRIANGLES,
};
use super::moves::EvacuateMove;
use super::rules::{Counts, Evacuate, Phase};
use crate::core::Seat;

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

/// How a group move goes, found without copying the floor.
pub(super) struct Plan {
    /// As in [`Sim`].
    once: bool,
    /// The group's length after each loss to the ceiling, in order (at most one a space).
    keeps: [usize; 3],
    batches: usize,
    to: Option<u8>,
    door: Option<Door>,
}

/// The result of playing a group move out.
pub(super) struct Sim {
    /// Four players: the exit uses the seat's one evacuation per round of a group with one
    /// opponent pyramid from a shaded space.
    once: bool,
    floor: Vec<Vec<Piece>>,
    lost: Vec<Piece>,
    pub(super) out: Vec<Piece>,
    pub(super) to: Option<u8>,
    pub(super) door: Option<Door>,
}

fn add(counts: &mut Counts, p: Piece) {
    counts[p.colour.index()][p.size.index()] += 1;
}

impl Evacuate {
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
    pub(super) fn simulate(&self, seat: Seat, at: Tri, pips: u8, reverse: bool) -> Option<Sim> {
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
    pub(super) fn plan(&self, seat: Seat, at: Tri, pips: u8, reverse: bool) -> Option<Plan> {
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
    pub(super) fn has_move(&self, seat: Seat) -> bool {
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
    pub(super) fn placements(&self, seat: Seat) -> Vec<EvacuateMove> {
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

    fn floor_count(&self) -> usize {
        self.floor.iter().map(Vec::len).sum()
    }

    /// A pyramid the ceiling removes: out of play for the round, or in Phobos Pugilists back
    /// to its owner's stash (a pugilist as one of its owner's queens), ruling 18.
    pub(super) fn remove_by_ceiling(&mut self, p: Piece) {
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

    pub(super) fn apply_place(&mut self, piece: Piece, at: Tri, reverse: bool) {
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
}
