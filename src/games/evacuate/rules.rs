//! Evacuate rules, per rulings 1 to 14 (the in-app rules page `static/rules/evacuate.html` states them) (see the module doc of
//! `games::evacuate` for the choices made where the text and rulings are silent):
//! the position ([`Evacuate`]) and what it holds, reading it, the seats still in the round
//! and the steps open to the seat to move.
//!
//! The rest of the engine: `board.rs` (the board), `moves.rs` (moves and options),
//! `movement.rs` (placing a pyramid: moves, nudges, the preview), `releases.rs` (releases and
//! jam take-offs), `rounds.rs` (turns, stuck piles, rounds and the match) and `game.rs`
//! (`impl Game`).

use super::board::{Colour, Mode, Piece, Tri, SIZES, TARGET, TRIANGLES};
use super::moves::{EvacuateMove, EvacuateOptions, MatchRule};
use crate::core::Seat;

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

/// The state of the three- and four-player games and Phobos Pugilists beyond the two-player
/// game's (for the notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Extras {
    pub(super) bonus: [u32; 4],
    pub(super) once: [bool; 4],
    pub(super) trade: Option<Colour>,
    pub(super) first: Seat,
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

impl Evacuate {
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

    // ---------------------------------------------------------------- mechanics

    pub(super) fn active(&self) -> usize {
        self.eliminated[..self.mode.seats()]
            .iter()
            .filter(|e| !**e)
            .count()
    }

    /// The next seat in order still in the round (`seat` itself when it is the only one).
    pub(super) fn next_seat(&self, seat: Seat) -> Seat {
        let n = self.mode.seats();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| !self.eliminated[s])
            .unwrap_or(seat)
    }

    pub(super) fn legal(&self) -> Vec<EvacuateMove> {
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

    pub(super) fn count_all(&self) -> [[u32; 3]; 4] {
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
    /// [`Game::check_invariants`](crate::core::Game::check_invariants) there.
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
