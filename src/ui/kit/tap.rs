//! What a tap on a board did, in a board's picking model, and the line that says it.
//!
//! A picking model answers every tap: a new selection (highlighted on the board), a whole
//! move (played), or a refusal with a short reason in the player's words ("that stack is
//! not yours"). A tap that does nothing and says nothing is a defect.

use yew::prelude::*;

use crate::core::Game;

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

impl<P: Default + PartialEq + 'static, M> Tap<P, M> {
    /// Does what the answer says on a board: a new selection (and no line), a move played
    /// (the selection cleared), or the reason shown in the answer line.
    pub fn apply(
        self,
        pick: &UseStateHandle<P>,
        said: &UseStateHandle<Option<AttrValue>>,
        on_move: &Callback<M>,
    ) {
        match self {
            Tap::Select(p) => {
                pick.set(p);
                said.set(None);
            }
            Tap::Play(mv) => {
                pick.set(P::default());
                said.set(None);
                on_move.emit(mv);
            }
            Tap::Refuse(why) => said.set(Some(why.into())),
        }
    }
}

/// A board's cancel (Escape, the Cancel button): nothing picked and no line.
pub fn on_cancel<P: Default + PartialEq + 'static>(
    pick: &UseStateHandle<P>,
    said: &UseStateHandle<Option<AttrValue>>,
) -> Callback<()> {
    let (pick, said) = (pick.clone(), said.clone());
    Callback::from(move |()| {
        pick.set(P::default());
        said.set(None);
    })
}

/// Why the engine refuses `mv` in `game`, in its own words (`None` when it is legal).
pub fn why_not<G: Game>(game: &G, mv: &G::Move) -> Option<String> {
    let mut copy = game.clone();
    copy.play(mv).err().map(|e| e.to_string())
}

/// `text` as a sentence: a capital first and a full stop (an engine's reason, shown as the
/// board's answer).
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase());
    format!(
        "{}{}.",
        first.map(String::from).unwrap_or_default(),
        chars.as_str()
    )
}

/// The board's answer line: why a tap did nothing (`None`: empty, keeping its place), read
/// out by screen readers too. It sits first in the panel, directly under the board on a
/// phone. (A function, not a component: each component type costs the bundle.)
pub fn say(text: Option<&str>) -> Html {
    html! {
        <p class="say" role="status" aria-live="polite">{ text.unwrap_or_default().to_string() }</p>
    }
}

#[cfg(test)]
mod tests {
    use super::Tap;

    #[test]
    fn a_refusal_has_its_reason() {
        let t: Tap<(), u8> = Tap::Refuse("not yours".into());
        assert_eq!(t.refusal(), Some("not yours"));
        assert_eq!(Tap::<(), u8>::Play(3).refusal(), None);
    }
}
