//! The end of a game on time: the last position, over because the seat to move ran out of
//! time. It is the real position in every way but four: nobody is to move, no move is legal
//! or played, and its outcome gives the win to every other seat, "on time". So every caller
//! that asks the last position whether the game is over, or who won, learns it with no code
//! of its own. A board that draws the position finds its game's own type underneath
//! ([`AnyGame::as_any`], [`AnyGame::into_any_rc`]).

use std::any::Any;
use std::rc::Rc;

use crate::core::{ApiError, Fact, GameInfo, Outcome, PlayError, Seat, SeatCard, Viewer};
use crate::registry::AnyGame;

/// A position whose seat to move, `loser`, ran out of time.
#[derive(Clone)]
pub(super) struct Flagged {
    /// The position as it was when the clock ran out.
    inner: Rc<dyn AnyGame>,
    /// The seat whose clock ran out.
    loser: Seat,
    /// The outcome's reason: "on time: Bo's clock ran out".
    reason: Rc<str>,
}

impl Flagged {
    /// `inner`, ended by `loser`'s clock running out; `name` is that seat's player's.
    pub(super) fn new(inner: Rc<dyn AnyGame>, loser: Seat, name: &str) -> Self {
        Flagged {
            inner,
            loser,
            reason: format!("on time: {name}'s clock ran out").into(),
        }
    }

    /// The same end on time over another view of the position.
    fn over(&self, inner: Box<dyn AnyGame>) -> Box<dyn AnyGame> {
        Box::new(Flagged {
            inner: Rc::from(inner),
            loser: self.loser,
            reason: Rc::clone(&self.reason),
        })
    }

    fn ended() -> ApiError {
        ApiError::Play(PlayError::GameOver)
    }
}

impl AnyGame for Flagged {
    fn info(&self) -> &'static GameInfo {
        self.inner.info()
    }
    fn seats(&self) -> usize {
        self.inner.seats()
    }
    fn to_move(&self) -> Option<Seat> {
        None
    }
    fn legal_moves(&self) -> Vec<String> {
        Vec::new()
    }
    fn play(&mut self, _mv: &str) -> Result<String, ApiError> {
        Err(Self::ended())
    }
    fn seat_label(&self, seat: Seat) -> Option<String> {
        self.inner.seat_label(seat)
    }
    fn describe_move(&self, mv: &str, viewer: Viewer) -> String {
        self.inner.describe_move(mv, viewer)
    }
    fn public_move(&self, mv: &str, viewer: Viewer) -> Option<String> {
        self.inner.public_move(mv, viewer)
    }
    fn ends_turn(&self, mv: &str, after: &dyn AnyGame) -> Option<bool> {
        self.inner.ends_turn(mv, after)
    }
    fn outcome(&self) -> Option<Outcome> {
        Some(Outcome {
            winners: (0..self.seats()).filter(|&s| s != self.loser).collect(),
            scores: None,
            reason: self.reason.to_string(),
        })
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn position_for(&self, viewer: Viewer) -> String {
        self.inner.position_for(viewer)
    }
    fn view_as(&self, viewer: Viewer) -> Box<dyn AnyGame> {
        self.over(self.inner.view_as(viewer))
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn recall_as(&self, seat: Seat) -> Box<dyn AnyGame> {
        self.over(self.inner.recall_as(seat))
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn guess_moves(&self, moves: &[String], seat: Seat, seed: u64) -> Option<Vec<String>> {
        self.inner.guess_moves(moves, seat, seed)
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn best_move(
        &self,
        _budget: &crate::ai::Budget,
        _seed: u64,
        _clock: &dyn Fn() -> f64,
    ) -> Result<String, ApiError> {
        Err(Self::ended())
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn hint(
        &self,
        _strength: crate::core::Strength,
        _seed: u64,
        _clock: &dyn Fn() -> f64,
    ) -> Result<(String, String, f64), ApiError> {
        Err(Self::ended())
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn ranked(
        &self,
        _strength: crate::core::Strength,
        _seed: u64,
        _clock: &dyn Fn() -> f64,
    ) -> Result<Vec<String>, ApiError> {
        Err(Self::ended())
    }
    /// The game is over: the winners share the win, the loser has none.
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn chances(
        &self,
        _budget: &crate::ai::Budget,
        _seed: u64,
        _clock: &dyn Fn() -> f64,
    ) -> Vec<f64> {
        let seats = self.seats();
        let share = 1.0 / seats.saturating_sub(1).max(1) as f64;
        (0..seats)
            .map(|s| if s == self.loser { 0.0 } else { share })
            .collect()
    }
    fn seat_card(&self, seat: Seat) -> SeatCard {
        self.inner.seat_card(seat)
    }
    fn table_facts(&self) -> Vec<Fact> {
        self.inner.table_facts()
    }
    fn turn_words(&self) -> &'static str {
        self.inner.turn_words()
    }
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self.inner.as_any()
    }
    fn into_any_rc(self: Rc<Self>) -> Rc<dyn Any> {
        Rc::clone(&self.inner).into_any_rc()
    }
}
