//! A game being played: the saved game, every position of it, and where the board stands.
//!
//! This is the play page's model, kept free of Yew and of storage so it is tested natively:
//! the clock is passed in, a move extends the timeline instead of replaying the game, the page
//! saves [`Session::saved`] whenever [`Session::revision`] changes, and an answer computed for
//! a position that is no longer current (a computer opponent's move arriving after an undo) is
//! recognised by its [`Ticket`] and dropped.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::core::{Seat, Strength, Viewer};
use crate::record::{GameRecord, Timeline};
use crate::registry::AnyGame;
use crate::storage::SavedGame;

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
    /// How each move read, and to whom: kept so the move list is not described anew at
    /// every move (a description may replay the move). Valid for the moves it covers.
    described: RefCell<Vec<(Viewer, MoveText)>>,
}

/// A move of the move list as its viewer may read it: in words, and in notation unless the
/// move is secret to the viewer. Displays as its words.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveText {
    /// The move in words.
    pub text: String,
    /// The move in notation, as the viewer may know it.
    pub notation: Option<String>,
}

impl std::fmt::Display for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
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
            saved,
            line,
            generation: next_generation(),
            revision: 0,
            holder: None,
            described: RefCell::default(),
        })
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

    /// The seats people play (not the computer).
    fn people(&self) -> Vec<Seat> {
        let players = &self.saved.record.players;
        (0..players.len())
            .filter(|&s| players[s].computer.is_none())
            .collect()
    }

    /// Whether the computer plays `seat`, and how hard it thinks.
    pub fn computer(&self, seat: Seat) -> Option<Strength> {
        self.saved.record.players.get(seat).and_then(|p| p.computer)
    }

    /// The computer seat to move now, if the computer should move: the board shows the game
    /// as it stands (no later moves to replace), the game goes on, and the computer plays the
    /// seat to move.
    pub fn computer_to_move(&self) -> Option<(Seat, Strength)> {
        if self.later_moves() > 0 {
            return None;
        }
        let seat = self.shown().to_move()?;
        Some((seat, self.computer(seat)?))
    }

    /// Who is looking at the board. While a game with hidden information goes on, the device
    /// belongs to the seat to move in the position on the board (after an undo, the seat that
    /// moves there), and everything shown is what that seat may see; while the computer is to
    /// move, the device stays with the person who holds it. With one person at the table it
    /// is always theirs; with nobody (computers playing each other), and once the game is
    /// over or when nothing is hidden, everyone sees everything.
    pub fn viewer(&self) -> Viewer {
        if !self.live().info().hidden_information || self.live().outcome().is_some() {
            return Viewer::Everyone;
        }
        let people = self.people();
        match people.as_slice() {
            [] => Viewer::Everyone,
            [only] => Viewer::Seat(*only),
            _ => {
                // A shown position with nobody to move can only be the end, handled above.
                let seat = self.shown().to_move().unwrap_or_default();
                if people.contains(&seat) {
                    Viewer::Seat(seat)
                } else {
                    Viewer::Seat(self.holder.unwrap_or(people[0]))
                }
            }
        }
    }

    /// The seat the device must be handed to before anything of the game is shown: the
    /// viewer, until that seat confirms it holds the device ([`Session::confirm_handoff`]).
    /// Never with one person at the table: the device is theirs.
    pub fn handoff(&self) -> Option<Seat> {
        match self.viewer() {
            Viewer::Seat(seat) if self.holder != Some(seat) && self.people().len() > 1 => {
                Some(seat)
            }
            _ => None,
        }
    }

    /// The seat the device was handed to says it holds it.
    pub fn confirm_handoff(&mut self) {
        if let Viewer::Seat(seat) = self.viewer() {
            self.holder = Some(seat);
            self.changed(false);
        }
    }

    /// The position after `moves` moves as the viewer may see it.
    pub fn position_for_viewer(&self, moves: usize) -> Rc<dyn AnyGame> {
        let position = self.line.position(moves);
        match self.viewer() {
            Viewer::Everyone if !position.info().hidden_information => position.clone(),
            viewer => Rc::from(position.view_as(viewer)),
        }
    }

    /// Move `moves` (counted from 1) as the viewer may know it, for the board: `None` at the
    /// start, or when that move is secret to the viewer.
    pub fn last_move_for_viewer(&self, moves: usize) -> Option<String> {
        let i = moves.checked_sub(1)?;
        let mv = self.saved.record.moves.get(i)?;
        self.line.position(i).public_move(mv, self.viewer())
    }

    /// Every move with the seat that made it, as the viewer may read it.
    pub fn move_list(&self) -> Vec<(Seat, MoveText)> {
        let viewer = self.viewer();
        let mut described = self.described.borrow_mut();
        let moves = &self.saved.record.moves;
        described.truncate(moves.len());
        for (i, mv) in moves.iter().enumerate() {
            let text = || {
                let position = self.line.position(i);
                MoveText {
                    text: position.describe_move(mv, viewer),
                    notation: position.public_move(mv, viewer),
                }
            };
            match described.get_mut(i) {
                Some(entry) if entry.0 == viewer => {}
                Some(entry) => *entry = (viewer, text()),
                None => described.push((viewer, text())),
            }
        }
        described
            .iter()
            .enumerate()
            .map(|(i, (_, text))| (self.line.mover(i).unwrap_or_default(), text.clone()))
            .collect()
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
        }
    }

    /// Counts a hint shown for the position `ticket` names (kept with the game, shown at its
    /// end); the position stays current. `false` when the board has moved on since.
    pub fn note_hint(&mut self, ticket: Ticket) -> bool {
        if !self.is_current(ticket) {
            return false;
        }
        self.saved.hints = self.saved.hints.saturating_add(1);
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

    /// Plays `mv` (move notation) on the position on the board; moves after it (if the board
    /// shows an earlier position) are replaced.
    ///
    /// # Errors
    /// A sentence for the page when the move is not legal there; nothing changes.
    pub fn play(&mut self, mv: &str, now_ms: f64) -> Result<(), String> {
        let mut line = self.line.clone();
        line.truncate(self.saved.cursor);
        let canonical = line.push(mv).map_err(|e| capitalised(&e.to_string()))?;
        self.line = line;
        self.described.borrow_mut().truncate(self.saved.cursor);
        self.saved.push_move(canonical, now_ms);
        self.changed(true);
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

    /// Shows the position after `moves` moves; `false` (nothing changes) when there is no
    /// such position or it is already shown.
    pub fn goto(&mut self, moves: usize) -> bool {
        if moves > self.saved.record.moves.len() || moves == self.saved.cursor {
            return false;
        }
        let viewer = self.viewer();
        self.saved.cursor = moves;
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
        if !(self.can_undo() && self.goto(self.saved.cursor - 1)) {
            return false;
        }
        if !self.people().is_empty() {
            while self.saved.cursor > 0
                && self
                    .shown()
                    .to_move()
                    .is_some_and(|s| self.computer(s).is_some())
            {
                self.goto(self.saved.cursor - 1);
            }
        }
        true
    }

    /// One move forward again; `false` when no undone move is left.
    pub fn redo(&mut self) -> bool {
        self.saved.can_redo() && self.goto(self.saved.cursor + 1)
    }

    /// Takes the version another tab saved, on the timeline the store read it into if it
    /// gives one. When only its board position differs (that tab stepped through the
    /// history), this board stays where it is.
    ///
    /// # Errors
    /// As [`Session::open`]; this session is then unchanged.
    pub fn adopt(
        &mut self,
        (mut theirs, line): (SavedGame, Option<Rc<Timeline>>),
    ) -> Result<(), String> {
        if theirs.record == self.saved.record {
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
                for mv in &theirs.record.moves[self.line.moves()..] {
                    line.push(mv)
                        .map_err(|e| format!("This game could not be replayed: {e}."))?;
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
mod tests {
    use super::*;
    use crate::record::PlayerInfo;

    fn open(game: &str, options: &str, colours: [&str; 2], seed: u64) -> Session {
        let players = colours
            .iter()
            .enumerate()
            .map(|(i, c)| PlayerInfo {
                name: format!("P{i}"),
                colour: (*c).to_string(),
                computer: None,
            })
            .collect();
        let record = GameRecord::new(game, options, seed, players);
        Session::open((SavedGame::new("t".into(), record, 0.0), None)).unwrap()
    }

    fn session(seed: u64) -> Session {
        open("stack-control", "colours=RB", ["R", "B"], seed)
    }

    fn first_move(s: &Session) -> String {
        s.shown().legal_moves()[0].clone()
    }

    /// The move list's entries as seat and notation.
    fn notations(s: &Session) -> Vec<(Seat, Option<String>)> {
        s.move_list()
            .into_iter()
            .map(|(seat, m)| (seat, m.notation))
            .collect()
    }

    /// A secret setup of Suns, as their opponent reads it.
    fn secret_setup() -> Vec<(Seat, MoveText)> {
        vec![(
            0,
            MoveText {
                text: "Suns set up in secret".into(),
                notation: None,
            },
        )]
    }

    #[test]
    fn a_move_extends_the_timeline_and_asks_for_a_save() {
        let mut s = session(1);
        let start = s.shown().position();
        let mv = first_move(&s);
        s.play(&mv, 5.0).unwrap();
        assert_eq!(s.cursor(), 1);
        assert_eq!(s.timeline().moves(), 1);
        assert_eq!(s.revision(), 1);
        assert_eq!(s.saved().updated_ms, 5.0);
        assert_eq!(s.timeline().position(0).position(), start);
        let again = s.record().replay(1).unwrap();
        assert_eq!(s.shown().position(), again.position());
        assert_eq!(notations(&s), vec![(1, Some(mv.clone()))]);
        let words = s
            .timeline()
            .position(0)
            .describe_move(&mv, Viewer::Everyone);
        assert!(words.contains(" moves ") && !words.contains(&mv), "{words}");
        assert_eq!(s.move_list()[0].1.to_string(), words);
    }

    #[test]
    fn an_illegal_move_changes_nothing() {
        let mut s = session(2);
        let before = s.clone();
        let err = s.play("a1-a1", 1.0).unwrap_err();
        assert!(
            err.starts_with(char::is_uppercase) && err.ends_with('.'),
            "{err}"
        );
        assert_eq!(s.revision(), before.revision());
        assert!(s.is_current(before.ticket()));
        assert_eq!(s.timeline().moves(), 0);
    }

    #[test]
    fn undo_redo_and_a_move_from_the_past_replace_later_moves() {
        let mut s = session(3);
        for _ in 0..3 {
            let mv = first_move(&s);
            s.play(&mv, 1.0).unwrap();
        }
        assert!(s.undo() && s.undo());
        assert_eq!((s.cursor(), s.later_moves()), (1, 2));
        assert!(s.redo());
        assert_eq!(s.cursor(), 2);
        assert!(!s.goto(9) && !s.goto(2));
        assert!(s.goto(0) && !s.undo());
        let mv = s.shown().legal_moves().last().unwrap().clone();
        s.play(&mv, 2.0).unwrap();
        assert_eq!(s.record().moves, vec![mv.clone()]);
        assert_eq!(s.timeline().moves(), 1);
        assert!(!s.redo());
        assert_eq!(
            notations(&s),
            vec![(1, Some(mv))],
            "the list follows the replaced history"
        );
    }

    #[test]
    fn a_ticket_of_another_session_is_never_current() {
        let a = session(4);
        let b = session(4);
        assert!(!b.is_current(a.ticket()));
    }

    #[test]
    fn a_stale_answer_is_dropped() {
        let mut s = session(4);
        let mv = first_move(&s);
        s.play(&mv, 1.0).unwrap();
        let ticket = s.ticket();
        let answer = first_move(&s);
        assert!(s.undo());
        assert!(!s.is_current(ticket));
        assert_eq!(s.play_answer(ticket, &answer, 2.0), Ok(false));
        assert_eq!(s.record().moves.len(), 1);
        let ticket = s.ticket();
        assert_eq!(s.play_answer(ticket, &mv, 3.0), Ok(true));
    }

    #[test]
    fn another_tabs_version_is_adopted_without_moving_this_board() {
        let mut ours = session(5);
        let mut theirs = ours.clone();
        for _ in 0..2 {
            let mv = first_move(&theirs);
            theirs.play(&mv, 1.0).unwrap();
        }
        let revision = ours.revision();
        ours.adopt((theirs.saved().clone(), None)).unwrap();
        assert_eq!(ours.record(), theirs.record());
        assert_eq!(ours.cursor(), 2);
        assert_eq!(
            ours.revision(),
            revision,
            "adopting is not a change to save"
        );
        assert_eq!(
            ours.shown().position(),
            theirs.record().replay(2).unwrap().position()
        );
        // They only step back: this board stays.
        assert!(theirs.undo());
        ours.adopt((theirs.saved().clone(), None)).unwrap();
        assert_eq!(ours.cursor(), 2);
        // A different history replaces ours wholesale.
        let mut other = session(5);
        let mv = other.shown().legal_moves().last().unwrap().clone();
        other.play(&mv, 1.0).unwrap();
        ours.adopt((other.saved().clone(), None)).unwrap();
        assert_eq!(ours.record().moves, vec![mv]);
        assert_eq!(ours.timeline().moves(), 1);
    }

    #[test]
    fn a_stored_entry_is_validated_once_into_the_timeline_a_page_opens_and_adopts() {
        let mut theirs = session(8);
        for _ in 0..3 {
            let mv = first_move(&theirs);
            theirs.play(&mv, 1.0).unwrap();
        }
        let text = theirs.saved().to_json();
        // The store reads another tab's entry once, into its timeline...
        let (saved, line) = SavedGame::parse_line(&text).unwrap();
        assert_eq!(&saved, theirs.saved());
        let line = Rc::new(line);
        // ...which a page opens, and another page adopts, without replaying: the very
        // positions the store built.
        let opened = Session::open((saved.clone(), Some(line.clone()))).unwrap();
        assert!(Rc::ptr_eq(opened.live(), line.last()));
        assert!(Rc::ptr_eq(opened.timeline().position(1), line.position(1)));
        let mut ours = session(8);
        ours.adopt((saved, Some(line.clone()))).unwrap();
        assert!(Rc::ptr_eq(ours.live(), line.last()));
        assert_eq!(ours.record(), theirs.record());
        // An entry that does not replay is refused as before.
        let bad = text.replace(&theirs.record().moves[1], "z9-z9");
        assert!(SavedGame::parse_line(&bad).is_err());
        assert_eq!(
            SavedGame::parse_line(&bad).unwrap_err(),
            SavedGame::parse(&bad).unwrap_err()
        );
    }

    #[test]
    fn a_hint_is_counted_and_saved_without_moving_the_board() {
        let mut s = session(9);
        let ticket = s.ticket();
        let revision = s.revision();
        assert!(s.note_hint(ticket));
        assert!(s.is_current(ticket), "the hint stays on the board");
        assert_eq!(s.saved().hints, 1);
        assert!(s.revision() > revision, "the count is saved");
        let text = s.saved().to_json();
        assert_eq!(SavedGame::parse(&text).unwrap().hints, 1);
        // A move later, an old hint is not counted.
        let mv = first_move(&s);
        s.play(&mv, 1.0).unwrap();
        assert!(!s.note_hint(ticket));
        assert_eq!(s.saved().hints, 1);
    }

    #[test]
    fn everyone_sees_a_perfect_information_game() {
        let mut s = session(6);
        assert_eq!(s.viewer(), Viewer::Everyone);
        assert_eq!(s.handoff(), None);
        assert!(Rc::ptr_eq(&s.position_for_viewer(0), s.shown()));
        let mv = first_move(&s);
        s.play(&mv, 1.0).unwrap();
        assert_eq!(s.handoff(), None, "no hand-off without secrets");
    }

    fn evade() -> Session {
        open("evade", "rules=written", ["S", "M"], 1)
    }

    #[test]
    fn hidden_information_is_handed_over_and_stays_hidden() {
        let mut s = evade();
        assert_eq!(s.viewer(), Viewer::Seat(0));
        assert_eq!(
            s.handoff(),
            Some(0),
            "nothing is shown before seat 1 holds the device"
        );
        s.confirm_handoff();
        assert_eq!(s.handoff(), None);
        s.play("setup:na2345", 1.0).unwrap();
        assert_eq!(s.viewer(), Viewer::Seat(1));
        assert_eq!(s.handoff(), Some(1), "the device goes to seat 2");
        s.confirm_handoff();
        // Seat 2 sees seat 1's coins face down, and reads its setup only as set up in secret,
        // with no notation.
        let seen = s.position_for_viewer(1).position();
        assert!(seen.contains("a1?") && !seen.contains("a1n"), "{seen}");
        assert_eq!(s.move_list(), secret_setup());
        assert_eq!(
            s.last_move_for_viewer(1),
            None,
            "the board never gets the secret setup"
        );
        s.play("setup:a2345n", 2.0).unwrap();
        assert_eq!(s.handoff(), Some(0));
        s.confirm_handoff();
        // Undoing across a hand-off goes back behind the hand-off screen.
        assert!(s.undo());
        assert_eq!(s.viewer(), Viewer::Seat(1));
        assert_eq!(s.handoff(), Some(1));
        // Even back to a seat that held the device before: whoever pressed undo must hand over.
        s.confirm_handoff();
        assert!(s.undo());
        assert_eq!(s.handoff(), Some(0));
        s.confirm_handoff();
        assert!(s.redo());
        s.confirm_handoff();
        // Seat 1 never sees seat 2's values, in the history either.
        assert!(s.redo());
        s.confirm_handoff();
        for moves in 0..=2 {
            let seen = s.position_for_viewer(moves).position();
            assert!(!seen.contains("a6a"), "move {moves}: {seen}");
        }
    }

    #[test]
    fn a_reload_hands_the_device_over_again() {
        let mut s = evade();
        s.confirm_handoff();
        s.play("setup:na2345", 1.0).unwrap();
        let reopened = Session::open((s.saved().clone(), None)).unwrap();
        assert_eq!(reopened.handoff(), Some(1));
    }

    /// A session whose seats the computer plays where `computers` says.
    fn with_computers(
        game: &str,
        options: &str,
        colours: [&str; 2],
        computers: [Option<Strength>; 2],
    ) -> Session {
        let mut s = open(game, options, colours, 7);
        let mut saved = s.saved().clone();
        for (p, c) in saved.record.players.iter_mut().zip(computers) {
            p.computer = c;
        }
        s = Session::open((saved, None)).unwrap();
        s
    }

    #[test]
    fn the_computer_moves_only_for_its_seat_at_the_end_of_the_game() {
        let mut s = with_computers(
            "stack-control",
            "colours=RB",
            ["R", "B"],
            [None, Some(Strength::Quick)],
        );
        let first = s.shown().to_move().unwrap();
        let person = 0;
        // Bring the game to the person's turn, then to the computer's.
        if first != person {
            assert_eq!(s.computer_to_move(), Some((1, Strength::Quick)));
            let mv = first_move(&s);
            s.play(&mv, 1.0).unwrap();
        }
        assert_eq!(s.computer_to_move(), None, "the person's turn");
        let mv = first_move(&s);
        s.play(&mv, 1.0).unwrap();
        assert_eq!(s.computer_to_move(), Some((1, Strength::Quick)));
        let mv = first_move(&s);
        s.play(&mv, 1.0).unwrap();
        assert_eq!(s.computer_to_move(), None);
        let end = s.cursor();
        // Undo goes back past the computer's move to the person's last turn.
        assert!(s.undo());
        assert_eq!(s.cursor(), end - 2);
        assert_eq!(s.shown().to_move(), Some(person));
        // Redo to the computer's turn: with later moves left it waits.
        assert!(s.redo());
        assert_eq!(s.computer_to_move(), None, "a later move is still there");
        assert!(s.redo());
        assert_eq!(s.computer_to_move(), None);
    }

    #[test]
    fn one_person_against_the_computer_needs_no_hand_off() {
        let mut s = with_computers(
            "evade",
            "rules=written",
            ["S", "M"],
            [Some(Strength::Normal), None],
        );
        assert_eq!(s.viewer(), Viewer::Seat(1), "the device is the person's");
        assert_eq!(s.handoff(), None);
        assert_eq!(s.computer_to_move(), Some((0, Strength::Normal)));
        s.play("setup:na2345", 1.0).unwrap();
        assert_eq!(s.viewer(), Viewer::Seat(1));
        assert_eq!(s.handoff(), None);
        // The computer's secret setup stays secret from the person.
        let seen = s.position_for_viewer(1).position();
        assert!(seen.contains("a1?") && !seen.contains("a1n"), "{seen}");
        assert_eq!(s.move_list(), secret_setup());
        // Two computers: nobody to hide anything from.
        let both = with_computers(
            "evade",
            "rules=written",
            ["S", "M"],
            [Some(Strength::Quick), Some(Strength::Quick)],
        );
        assert_eq!((both.viewer(), both.handoff()), (Viewer::Everyone, None));
    }

    #[test]
    fn no_undo_back_past_the_first_turn_of_a_person() {
        let probe = session(7);
        let first = probe.shown().to_move().unwrap();
        let mut computers = [None, None];
        computers[first] = Some(Strength::Quick);
        let mut s = with_computers("stack-control", "colours=RB", ["R", "B"], computers);
        let mv = first_move(&s);
        s.play(&mv, 1.0).unwrap(); // the computer's opening move
        assert!(
            !s.can_undo() && !s.undo(),
            "only the computer's move is before"
        );
        let mv = first_move(&s);
        s.play(&mv, 1.0).unwrap(); // the person's
        assert!(s.can_undo() && s.undo());
        assert_eq!(s.cursor(), 1);
    }
}
