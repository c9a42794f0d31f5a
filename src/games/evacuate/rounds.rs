//! Turns and rounds: a round's set-up and the tree trade, the start and end of a turn
//! (repetition, jams; which step ends one), stuck piles and the ceiling's drop, the end of a
//! round and the match.

use super::board::{
    Colour, Mode, Piece, Tri, COLOURS, LEVELS, PUGILIST_TREES, SPACES, START_SPACES, TREES,
    TRIANGLES,
};
use super::moves::{EvacuateMove, MatchRule};
use super::rules::{EndReason, Evacuate, Phase};
use crate::core::Seat;

impl Evacuate {
    /// A round's starting position: `first` starts it (three players, before rounds 2, 5,
    /// 8...: once yellow has chosen the tree trade).
    pub(super) fn fresh(
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
    pub(super) fn lay_trees(&mut self) {
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

    /// Occupants of `seat`'s colours on the floor (not blue when wild, not its pugilist).
    fn seat_floor(&self, seat: Seat) -> usize {
        self.mode
            .colours(seat)
            .iter()
            .map(|&c| self.on_floor(c))
            .sum()
    }

    /// Starts `seat`'s turn: repetition (ruling 12), then jam or not.
    pub(super) fn start_turn(&mut self, seat: Seat) {
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

    pub(super) fn end_turn(&mut self) {
        let next = self.next_seat(self.turn);
        self.start_turn(next);
    }

    /// Whether step `mv`, played from here and giving `after`, ended its player's turn (the
    /// move list's one turn per line): the end of the turn or a pass, the game's or the
    /// round's end, or an action or a release after it that left the turn no step (the next
    /// turn has begun, even when it is the same player's). Releases before the action and
    /// take-offs never end a turn.
    pub(super) fn step_ends_turn(&self, mv: &EvacuateMove, after: &Evacuate) -> bool {
        if after.over.is_some() || after.round != self.round {
            return true;
        }
        match mv {
            EvacuateMove::End | EvacuateMove::Pass | EvacuateMove::Trade(_) => true,
            EvacuateMove::Place { .. } | EvacuateMove::Reverse { .. } => {
                after.phase != Phase::After
            }
            EvacuateMove::Release(_) => self.phase == Phase::After && after.phase != Phase::After,
            EvacuateMove::Take(_) => false,
        }
    }

    /// The pile is stuck: clear the movement portion, lower the ceiling, go on with `next`.
    /// `ender` is the player whose move made it stuck (the last to pass, or the one whose
    /// move led to a position's third occurrence): if the round ends here, it was their move
    /// that ended it (ruling 14).
    pub(super) fn stuck(&mut self, next: Seat, ender: Seat) {
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

    pub(super) fn colour_counts(&self) -> [usize; 4] {
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
    pub(super) fn settle(&mut self, before: [usize; 4], evac: [usize; 4], ender: Seat) -> bool {
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
}
