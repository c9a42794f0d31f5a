//! The picking contract: what a tap on a game's board does, in plain Rust (no web crate).
//!
//! Every game's board is driven by one model, the game's [`Picking`] implementation (its
//! `pick.rs`): what is selected so far (`Pick`), what can be tapped now (`Thing`: a square, a
//! rack tile, a button of the panel), and the answer to a tap ([`Tap`]): a new selection, a
//! whole move to play, or a refusal with its reason in the player's words. The board kit
//! (`crate::ui::kit`) holds the selection and shows the answer; the board only draws.
//!
//! The conformance harness checks every model against its engine
//! (`crate::core::conformance::check_picking`): every legal move can be made by taps from an
//! empty selection, every move a tap plays is legal, and every tap answers.

use std::fmt::Debug;

use super::game::{Game, Seat};

/// The answer of a picking model to one tap (or Enter on the focused element).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tap<P, M> {
    /// The selection is now this (highlight it; `P::default()` for nothing selected).
    Select(P),
    /// A whole move: play it (the selection is cleared).
    Play(M),
    /// Nothing happens; say why.
    Refuse(String),
}

impl<P, M> Tap<P, M> {
    /// The reason, for a refusal.
    pub fn refusal(&self) -> Option<&str> {
        match self {
            Tap::Refuse(why) => Some(why),
            _ => None,
        }
    }
}

/// Who is at the board: whether they may make a move now, and the players' names (for the
/// answers' words).
#[derive(Debug, Clone, Copy)]
pub struct Person<'a> {
    /// Whether the person at the device may make a move now: a seat is to move, the viewer
    /// may play it, and a person plays it. A model offers moves only then; anyone may still
    /// look at the pieces.
    pub can_move: bool,
    /// The players' names, by seat.
    pub names: &'a [String],
}

impl Person<'_> {
    /// Seat `seat`'s name ("Player 2" when the names do not say).
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("Player {}", seat + 1))
    }
}

/// A game's picking model: how its board is played by taps. Implemented by the game's engine
/// type in its `pick.rs`, so that a game's folder holds its whole board model.
pub trait Picking: Game {
    /// What is selected so far (`Default`: nothing).
    type Pick: Clone + Default + PartialEq + Debug + 'static;
    /// What can be tapped (or pressed with Enter): a square, a tile of a rack, a button.
    type Thing: Clone + PartialEq + Debug + 'static;

    /// Everything the person can tap now, with `pick` selected: every place of the board
    /// (for an unbounded table, every cell near a tile) and every control the panel shows.
    fn things(&self, person: &Person, pick: &Self::Pick) -> Vec<Self::Thing>;

    /// What a tap on `thing` does, with `pick` selected.
    fn tap(
        &self,
        person: &Person,
        pick: &Self::Pick,
        thing: &Self::Thing,
    ) -> Tap<Self::Pick, Self::Move>;

    /// The taps that make legal move `mv` from nothing selected (how a move is shown by taps:
    /// the conformance harness replays them through [`Picking::tap`], so they are checked,
    /// never trusted).
    fn taps(&self, person: &Person, mv: &Self::Move) -> Vec<Self::Thing>;
}

/// Why the engine refuses `mv` in `game`, in its own words (`None` when it is legal).
pub fn why_not<G: Game>(game: &G, mv: &G::Move) -> Option<String> {
    let mut copy = game.clone();
    copy.play(mv).err().map(|e| e.to_string())
}

/// `text` (an engine's reason, say) as a sentence: its capital first (a square's name, such
/// as "d2 is empty", keeps its small letter) and a full stop; an engine's "illegal move: "
/// prefix is dropped.
pub fn sentence(text: &str) -> String {
    let text = text.strip_prefix("illegal move: ").unwrap_or(text);
    let mut chars = text.chars();
    let square = text.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
    let first = chars
        .next()
        .map(|c| if square { c } else { c.to_ascii_uppercase() });
    format!(
        "{}{}.",
        first.map(String::from).unwrap_or_default(),
        chars.as_str()
    )
}

#[cfg(test)]
mod tests {
    use super::{sentence, Person, Tap};

    #[test]
    fn a_refusal_has_its_reason() {
        let t: Tap<(), u8> = Tap::Refuse("not yours".into());
        assert_eq!(t.refusal(), Some("not yours"));
        assert_eq!(Tap::<(), u8>::Play(3).refusal(), None);
    }

    #[test]
    fn an_engine_reason_reads_as_a_sentence_and_a_missing_name_as_a_seat() {
        assert_eq!(
            sentence("that stack is not yours"),
            "That stack is not yours."
        );
        assert_eq!(sentence("illegal move: d2 is empty"), "d2 is empty.");
        let names = ["Ann".to_string()];
        let person = Person {
            can_move: true,
            names: &names,
        };
        assert_eq!(person.name(0), "Ann");
        assert_eq!(person.name(1), "Player 2");
    }
}
