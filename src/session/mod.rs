//! A game being played: the saved game, every position of it, and where the board stands.
//!
//! This is the play page's model, kept free of Yew and of storage so it is tested natively:
//! the clock is passed in, a move extends the timeline instead of replaying the game, the page
//! saves [`Session::saved`] whenever [`Session::revision`] changes, and an answer computed for
//! a position that is no longer current (a computer opponent's move arriving after an undo) is
//! recognised by its [`Ticket`] and dropped.
//!
//! Who sees what, and the hand-off between seats, are in `seats`; whose move it is on the
//! board (the person's, or the computer's, thinking or failed), the hint, the move list's
//! lines and the chances chart in `turns`; when the game may be shared, in `share`; the game
//! clocks, and how the players sit around the table, in `clocks`.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::core::{Seat, Viewer};
use crate::record::{GameRecord, Timeline};
use crate::registry::AnyGame;
use crate::storage::SavedGame;

mod clocks;
mod seats;
mod share;
mod since;
pub mod table;
mod turns;

pub use clocks::ClockFace;
pub use seats::MoveText;
pub use share::{link_payload, secrets_question};
pub use since::SinceMove;

/// Generations are drawn from one counter for the whole page, so a ticket taken from one
/// session is never current in another (a game reopened after another tab's change).
static GENERATIONS: AtomicU64 = AtomicU64::new(0);

fn next_generation() -> u64 {
    GENERATIONS.fetch_add(1, Ordering::Relaxed) + 1
}

/// Names the position a request was made for (see [`Session::ticket`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket(u64);

/// A saved game being played.
#[derive(Debug, Clone)]
pub struct Session {
    saved: SavedGame,
    line: Timeline,
    /// Changes whenever the game or the position on the board changes.
    generation: u64,
    /// Changes whenever this page changed the saved game (what the page must save).
    revision: u64,
    /// In a hidden-information game, the seat that confirmed it holds the device (never
    /// stored: after a reload the device must be handed over again).
    holder: Option<Seat>,
    /// The board shows an earlier position looked back to (the history's steps, the replay,
    /// the move list), not one an undo went back to: in a hidden-information game the device
    /// stays with the seat whose turn it is now ([`Session::viewer`]). Never stored: a page
    /// opened on an earlier position is looking back.
    browsing: bool,
    /// The position where the computer could not move (it is not asked again there until the
    /// player says so); never stored.
    failed: Option<Ticket>,
    /// Everyone sees everything, secrets included: an explored copy whose secrets were drawn
    /// anew ([`Session::shown_whole`]).
    whole: bool,
    /// How each move read, and to whom: kept so the move list is not described anew at
    /// every move (a description may replay the move). Valid for the moves it covers.
    described: RefCell<Vec<(Viewer, MoveText)>>,
}

impl Session {
    /// Opens a saved game on its timeline, as the store read it ([`Store::load_line`]), or
    /// replaying it once when there is none.
    ///
    /// # Errors
    /// A sentence for the page when the game does not replay.
    ///
    /// [`Store::load_line`]: crate::storage::Store::load_line
    pub fn open((saved, line): (SavedGame, Option<Rc<Timeline>>)) -> Result<Self, String> {
        let line = match line {
            Some(line) => Timeline::clone(&line),
            None => saved
                .record
                .timeline()
                .map_err(|e| format!("This game could not be replayed: {e}."))?,
        };
        Ok(Session {
            browsing: saved.cursor < saved.record.moves.len(),
            saved,
            line,
            generation: next_generation(),
            revision: 0,
            holder: None,
            failed: None,
            whole: false,
            described: RefCell::default(),
        })
    }

    /// The session with everything shown to everyone, secrets included, and no hand-off: for
    /// a copy explored apart from the game, whose secrets were drawn anew
    /// ([`crate::worker_protocol::guess`]) and so tell nothing.
    pub fn shown_whole(mut self) -> Self {
        self.whole = true;
        self
    }

    /// The saved game as it stands (what is stored).
    pub fn saved(&self) -> &SavedGame {
        &self.saved
    }

    /// The game's record.
    pub fn record(&self) -> &GameRecord {
        &self.saved.record
    }

    /// Every position of the game.
    pub fn timeline(&self) -> &Timeline {
        &self.line
    }

    /// How many moves are on the board.
    pub fn cursor(&self) -> usize {
        self.saved.cursor
    }

    /// The position on the board.
    pub fn shown(&self) -> &Rc<dyn AnyGame> {
        self.line.position(self.saved.cursor)
    }

    /// The position after every move (the game as it stands, whatever the board shows).
    pub fn live(&self) -> &Rc<dyn AnyGame> {
        self.line.last()
    }

    /// How many moves a new move on the board would replace.
    pub fn later_moves(&self) -> usize {
        self.saved.record.moves.len() - self.saved.cursor
    }

    /// Counts a change of the game or of the board; `saves` when the stored game changed.
    fn changed(&mut self, saves: bool) {
        self.generation = next_generation();
        if saves {
            self.revision += 1;
            // Where it stands, saved with it: a list of saved games replays nothing.
            self.saved.note_standing(self.line.last().as_ref());
        }
    }

    /// Counts a hint shown for the position `ticket` names, for the seat to move there (kept
    /// with the game, shown on its player card and at its end); the position stays current. `false` when the board has moved on since.
    pub fn note_hint(&mut self, ticket: Ticket) -> bool {
        if !self.is_current(ticket) {
            return false;
        }
        let Some(seat) = self.shown().to_move() else {
            return false;
        };
        self.saved.count_hint(seat);
        self.revision += 1;
        true
    }

    /// Changes each time this page changes the saved game: the page saves on each change.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Names the position on the board now; see [`Session::is_current`].
    pub fn ticket(&self) -> Ticket {
        Ticket(self.generation)
    }

    /// Whether nothing has changed since `ticket` was taken (no move, undo, redo, history
    /// step or other tab's change).
    pub fn is_current(&self, ticket: Ticket) -> bool {
        ticket.0 == self.generation
    }

    /// Plays `mv` (move notation) on the position on the board at `now_ms`; moves after it
    /// (if the board shows an earlier position) are replaced. In a game with a clock the
    /// clock is brought up to `now_ms` first ([`Session::sync_clock`]): a move after the
    /// mover's time ran out is refused (the game is then over on time); otherwise the move's
    /// time is recorded and the next seat's clock starts.
    ///
    /// # Errors
    /// A sentence for the page when the move is not legal there (nothing changes), or when
    /// the mover's time has run out.
    pub fn play(&mut self, mv: &str, now_ms: f64) -> Result<(), String> {
        let mut line = self.line.clone();
        line.truncate(self.saved.cursor);
        if self.later_moves() == 0 {
            if let Some(seat) = self.timed_out() {
                return Err(self.time_ran_out(seat));
            }
        }
        let canonical = line.push(mv).map_err(|e| capitalised(&e.to_string()))?;
        let clock = self.clock_rule().is_some();
        if clock {
            self.sync_clock(now_ms);
            if let Some(seat) = self.timed_out().filter(|_| self.later_moves() == 0) {
                return Err(self.time_ran_out(seat));
            }
        }
        let time = self.move_time_now(now_ms);
        self.line = line;
        self.described.borrow_mut().truncate(self.saved.cursor);
        let before = self.saved.cursor;
        self.saved.push_move(canonical, now_ms);
        if clock {
            let times = &mut self.saved.record.times;
            times.resize(before, 0);
            times.push(time);
        }
        self.new_turn();
        self.changed(true);
        if clock {
            self.sync_clock(now_ms);
        }
        Ok(())
    }

    /// Plays an answer computed for the position `ticket` named, unless something changed
    /// since: then the answer is dropped and `Ok(false)` returned.
    ///
    /// # Errors
    /// As [`Session::play`].
    pub fn play_answer(&mut self, ticket: Ticket, mv: &str, now_ms: f64) -> Result<bool, String> {
        if !self.is_current(ticket) {
            return Ok(false);
        }
        self.play(mv, now_ms).map(|()| true)
    }

    /// Shows the position after `moves` moves, looking back through the history (in a
    /// hidden-information game, from the view of the seat whose turn it is now, with no
    /// hand-off); `false` (nothing changes) when there is no such position or it is already
    /// shown.
    pub fn goto(&mut self, moves: usize) -> bool {
        self.step(moves, true)
    }

    /// Shows the position after `moves` moves, looking back (`browsing`) or taking moves
    /// back (an undo: in a hidden-information game the seat to move there gets the device).
    fn step(&mut self, moves: usize, browsing: bool) -> bool {
        if moves > self.saved.record.moves.len() || moves == self.saved.cursor {
            return false;
        }
        let viewer = self.viewer();
        self.saved.cursor = moves;
        self.browsing = browsing && self.later_moves() > 0;
        self.new_turn();
        if self.viewer() != viewer {
            // Another seat's turn on the board: it must be handed the device, even if it held
            // it earlier, so whoever pressed undo never sees that seat's secrets.
            self.holder = None;
        }
        self.changed(true);
        true
    }

    /// Names the position anew (a new ticket), so a question asked again is a new one.
    pub fn renew(&mut self) {
        self.changed(false);
    }

    /// Whether [`Session::undo`] can go back: to an earlier position, and against the
    /// computer to one where a person was to move.
    pub fn can_undo(&self) -> bool {
        self.saved.can_undo()
            && (self.people().is_empty()
                || (0..self.saved.cursor).any(|i| {
                    self.line
                        .position(i)
                        .to_move()
                        .is_some_and(|s| self.computer(s).is_none())
                }))
    }

    /// One move back; `false` at the start. Against the computer, back to the last position
    /// where a person was to move (the computer would only play its move again).
    pub fn undo(&mut self) -> bool {
        if !(self.can_undo() && self.step(self.saved.cursor - 1, false)) {
            return false;
        }
        if !self.people().is_empty() {
            while self.saved.cursor > 0
                && self
                    .shown()
                    .to_move()
                    .is_some_and(|s| self.computer(s).is_some())
            {
                self.step(self.saved.cursor - 1, false);
            }
        }
        true
    }

    /// One move forward again; `false` when no undone move is left.
    pub fn redo(&mut self) -> bool {
        self.saved.can_redo() && self.step(self.saved.cursor + 1, self.browsing)
    }

    /// Takes the version another tab saved, on the timeline the store read it into if it
    /// gives one, with its clock's state as it is. When only its board position differs
    /// (that tab stepped through the history), this board stays where it is, and so does its
    /// clock.
    ///
    /// # Errors
    /// As [`Session::open`]; this session is then unchanged.
    pub fn adopt(
        &mut self,
        (mut theirs, line): (SavedGame, Option<Rc<Timeline>>),
    ) -> Result<(), String> {
        if theirs.record == self.saved.record {
            if theirs.cursor == self.saved.cursor {
                // Only the clock or the table may differ: not a change of the position.
                self.saved.clock = theirs.clock;
                self.saved.table = theirs.table;
            }
            return Ok(());
        }
        let extends = theirs.record.moves.starts_with(&self.saved.record.moves)
            && theirs.record.game == self.saved.record.game
            && theirs.record.options == self.saved.record.options
            && theirs.record.seed == self.saved.record.seed;
        let line = match line {
            // Read and validated by the store already.
            Some(line) => Timeline::clone(&line),
            // Their game extends ours: play the new moves only.
            None if extends => {
                let mut line = self.line.clone();
                line.truncate(self.line.moves());
                for mv in &theirs.record.moves[self.line.moves()..] {
                    line.push(mv)
                        .map_err(|e| format!("This game could not be replayed: {e}."))?;
                }
                if let Some(seat) = theirs.record.timeout {
                    line.flag(seat, &theirs.record.name(seat));
                }
                line
            }
            None => theirs
                .record
                .timeline()
                .map_err(|e| format!("This game could not be replayed: {e}."))?,
        };
        // What was said of our moves holds when theirs extend them.
        if !extends {
            self.described.borrow_mut().clear();
        }
        theirs.cursor = theirs.cursor.min(theirs.record.moves.len());
        self.saved = theirs;
        self.line = line;
        // A move made elsewhere, by whoever holds the other device: in a hidden game this tab
        // falls back to its hand-off screen, never showing a seat's view because the news
        // came (the seat that held this tab may not be the one at the board now).
        self.holder = None;
        self.browsing = self.later_moves() > 0;
        self.changed(false);
        Ok(())
    }
}

/// `text` as a sentence: a capital first letter and a full stop. (ASCII capitals only: the
/// engines' messages start with an English word, and Unicode case tables would cost the
/// bundle several kilobytes.)
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        let rest = chars.as_str().trim_end_matches('.');
        format!("{}{rest}.", first.to_ascii_uppercase())
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod clock_tests;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod turn_tests;
