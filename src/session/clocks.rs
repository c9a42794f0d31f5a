//! The game clocks, and how the players sit around the table.
//!
//! A game may have a clock ([`GameRecord::clock`]): a time per person, and an increment added
//! once per turn, after the move that ends the mover's turn (the seat to move after it is
//! another, or the game is over). The computer has no clock. The time each move used is in
//! the record ([`GameRecord::times`]), so the time a seat has left at any position is worked
//! out from the moves before it: an undo gives back the clocks as they were there. The
//! current turn's time is in the saved game ([`ClockState`]) as moments, not a timer: what
//! ended spells of running used, and when the running one began. A reload or a closed tab
//! keeps it exactly, and time passes while the tab is closed if the clock was running.
//!
//! The clock of the seat to move on the board runs unless the game is over, that seat is the
//! computer's, a hand-off screen is shown ([`Session::handoff`]) or the players paused it.
//! It reaches zero: the game ends on time, that seat losing ([`GameRecord::timeout`]).
//!
//! The session holds no timer and reads no clock: the page passes the time in. It calls
//! [`Session::sync_clock`] with the time now after every action (a move, undo, redo, a step
//! through the history, a hand-off confirmed, another tab's version adopted, the page opened
//! or shown again) and on a timer while a clock runs (which also ends the game on time), and
//! draws [`Session::clocks`]; it saves whenever [`Session::revision`] changes, as for moves.
//!
//! [`GameRecord::clock`]: crate::record::GameRecord::clock
//! [`GameRecord::times`]: crate::record::GameRecord::times
//! [`GameRecord::timeout`]: crate::record::GameRecord::timeout

use super::Session;
use crate::core::Seat;
use crate::record::{ClockRule, MAX_MOVE_MS};
use crate::storage::{ClockState, TableSettings};

/// The most a turn's time may reach in the saved game (milliseconds; it is refused from
/// 10^15 on).
const MAX_TURN_MS: f64 = 9e14;

/// A person's clock, as the page draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClockFace {
    /// Whose clock it is.
    pub seat: Seat,
    /// The time left, in milliseconds (0 at the least).
    pub left_ms: f64,
    /// Whether it is running.
    pub running: bool,
}

impl Session {
    /// The game's clock, if it has one.
    pub fn clock_rule(&self) -> Option<ClockRule> {
        self.saved.record.clock
    }

    /// One face per person's seat, in seat order, as at `now_ms` (empty without a clock):
    /// the time each has left at the position on the board.
    pub fn clocks(&self, now_ms: f64) -> Vec<ClockFace> {
        let Some(rule) = self.clock_rule() else {
            return Vec::new();
        };
        let banked = self.banked_ms(rule);
        let running = self.running_clock();
        let turn = self.shown().to_move();
        let used = self.turn_used_ms(now_ms);
        let at_end = self.later_moves() == 0;
        self.people()
            .into_iter()
            .map(|seat| {
                #[allow(clippy::cast_precision_loss)] // far below 2^53
                let mut left = banked.get(seat).copied().unwrap_or(0) as f64;
                if turn == Some(seat) {
                    left -= used;
                }
                if at_end && self.timed_out() == Some(seat) {
                    left = 0.0;
                }
                ClockFace {
                    seat,
                    left_ms: left.max(0.0),
                    running: running == Some(seat),
                }
            })
            .collect()
    }

    /// The seat whose clock runs now: the game has a clock and goes on, the players have
    /// not paused it, a person is to move on the board and no hand-off screen is shown.
    pub fn running_clock(&self) -> Option<Seat> {
        self.clock_rule()?;
        if self.saved.clock.paused || self.over() {
            return None;
        }
        let seat = self.shown().to_move()?;
        (self.computer(seat).is_none() && self.handoff().is_none()).then_some(seat)
    }

    /// Starts or stops the clock as the game stands at `now_ms`, and ends the game on time
    /// when the running clock has reached zero (recording whose clock ran out; any moves
    /// after the position on the board are dropped, as a move there would drop them).
    /// Returns whether the saved game changed (then [`Session::revision`] changed too, and
    /// the page saves). Calling it again at the same moment changes nothing.
    pub fn sync_clock(&mut self, now_ms: f64) -> bool {
        let Some(rule) = self.clock_rule() else {
            return false;
        };
        if !now_ms.is_finite() || now_ms < 0.0 {
            return false;
        }
        let before = self.saved.clock;
        match self.running_clock() {
            Some(seat) => {
                if self.saved.clock.since_ms.is_none() {
                    self.saved.clock.since_ms = Some(now_ms);
                }
                #[allow(clippy::cast_precision_loss)] // far below 2^53
                let left = self.banked_ms(rule).get(seat).copied().unwrap_or(0) as f64
                    - self.turn_used_ms(now_ms);
                if left <= 0.0 {
                    self.time_out(seat, now_ms);
                    return true;
                }
            }
            None => self.stop_clock(now_ms),
        }
        if self.saved.clock == before {
            return false;
        }
        self.revision += 1;
        true
    }

    /// Pauses the clock at `now_ms` (unless the game has none, is over or is paused).
    pub fn pause(&mut self, now_ms: f64) {
        self.sync_clock(now_ms);
        if self.clock_rule().is_none() || self.saved.clock.paused || self.over() {
            return;
        }
        self.stop_clock(now_ms);
        self.saved.clock.paused = true;
        self.revision += 1;
    }

    /// Takes the pause off at `now_ms`; the clock then runs if it should
    /// ([`Session::sync_clock`]).
    pub fn resume(&mut self, now_ms: f64) {
        if self.saved.clock.paused {
            self.saved.clock.paused = false;
            self.revision += 1;
        }
        self.sync_clock(now_ms);
    }

    /// Whether the players paused the clock.
    pub fn paused(&self) -> bool {
        self.saved.clock.paused
    }

    /// The time move `i` (from 0) used, in milliseconds, for the move list: `None` without a
    /// clock or a recorded time.
    pub fn move_time(&self, i: usize) -> Option<u64> {
        self.clock_rule()?;
        self.saved.record.times.get(i).copied()
    }

    /// The seat whose clock ran out, if the game ended on time.
    pub fn timed_out(&self) -> Option<Seat> {
        self.saved.record.timeout
    }

    /// The time the current turn has used at `now_ms`, in milliseconds.
    pub fn turn_used_ms(&self, now_ms: f64) -> f64 {
        let clock = &self.saved.clock;
        let running = clock
            .since_ms
            .map_or(0.0, |since| (now_ms - since).max(0.0));
        (clock.used_ms + running).min(MAX_TURN_MS)
    }

    /// How the players sit around the table.
    pub fn table(&self) -> TableSettings {
        self.saved.table
    }

    /// Seats the players as `table` says (saved with the game).
    pub fn set_table(&mut self, table: TableSettings) {
        if self.saved.table != table {
            self.saved.table = table;
            self.revision += 1;
        }
    }

    /// What the seat to move on the board is told when its move comes too late.
    pub(super) fn time_ran_out(&self, seat: Seat) -> String {
        format!("{}'s time ran out.", self.saved.record.name(seat))
    }

    /// The time the move played now at `now_ms` used: the current turn's, for a person in a
    /// game with a clock; 0 otherwise.
    pub(super) fn move_time_now(&self, now_ms: f64) -> u64 {
        if self.clock_rule().is_none() {
            return 0;
        }
        match self.shown().to_move() {
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                clippy::cast_precision_loss
            )]
            Some(seat) if self.computer(seat).is_none() => {
                self.turn_used_ms(now_ms)
                    .round()
                    .clamp(0.0, MAX_MOVE_MS as f64) as u64
            }
            _ => 0,
        }
    }

    /// A new turn on the board (a move, undo, redo, a step through the history): its time
    /// starts from nothing, and the clock is not running until synced.
    pub(super) fn new_turn(&mut self) {
        self.saved.clock = ClockState {
            paused: self.saved.clock.paused,
            ..ClockState::default()
        };
    }

    /// The time each seat has at the position on the board before the current turn's time:
    /// its time per player, less its moves' times, plus an increment after each of its turns.
    fn banked_ms(&self, rule: ClockRule) -> Vec<i64> {
        let base = i64::try_from(rule.base_ms()).unwrap_or(i64::MAX);
        let increment = i64::try_from(rule.increment_ms()).unwrap_or(0);
        let mut left = vec![base; self.saved.record.players.len()];
        let times = &self.saved.record.times;
        for i in 0..self.saved.cursor.min(self.line.moves()) {
            let Some(mover) = self.line.mover(i) else {
                break;
            };
            let Some(seat_left) = left.get_mut(mover) else {
                continue;
            };
            let used = times
                .get(i)
                .map_or(0, |&t| i64::try_from(t).unwrap_or(i64::MAX));
            *seat_left = seat_left.saturating_sub(used);
            if self.ends_turn_at(i, mover) {
                *seat_left = seat_left.saturating_add(increment);
            }
        }
        left
    }

    /// Whether move `i` (from 0), made by `mover`, ended its turn: after it another seat is
    /// to move, or the game is over (by the rules; when the mover's own clock ran out right
    /// after it, its turn had not ended).
    fn ends_turn_at(&self, i: usize, mover: Seat) -> bool {
        let next = match self.line.flagged() {
            Some(seat) if i + 1 == self.line.moves() => Some(seat),
            _ => self.line.position(i + 1).to_move(),
        };
        next != Some(mover)
    }

    /// Ends the current spell of running at `now_ms`, its time added to the turn's.
    fn stop_clock(&mut self, now_ms: f64) {
        let used = self.turn_used_ms(now_ms);
        if self.saved.clock.since_ms.take().is_some() {
            self.saved.clock.used_ms = used;
        }
    }

    /// `seat`'s clock ran out at `now_ms` on the board: the game ends there, on time.
    fn time_out(&mut self, seat: Seat, now_ms: f64) {
        let cursor = self.saved.cursor;
        let used = self.turn_used_ms(now_ms);
        let record = &mut self.saved.record;
        record.moves.truncate(cursor);
        record.times.truncate(cursor);
        record.timeout = Some(seat);
        self.saved.clock = ClockState {
            paused: false,
            used_ms: used,
            since_ms: None,
        };
        self.saved.updated_ms = now_ms;
        self.line.truncate(cursor);
        let name = self.saved.record.name(seat);
        self.line.flag(seat, &name);
        self.described.borrow_mut().truncate(cursor);
        self.changed(true);
    }
}
